// SPDX-License-Identifier: GPL-2.0
/*
 * A workload's options (workload.h). Those that set a run attribute set
 * it as the user wrote it, and only when written: the module applies its
 * defaults to the others and decides how they go together, and says what
 * it refuses. What the module cannot know stays here: the options of
 * several runs (targets, workers, CPUs, a sweep's iodepths), compare's
 * engines, the files laid out; and, in the table, which command takes
 * which option (not start an owned run, which would stop as start
 * returns; not a purge what draws IOs), which the parser holds to.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "conditions.h"
#include "platform.h"
#include "profiles.h"
#include "sequence.h"
#include "values.h"
#include "workload.h"

const char workload_about[] =
	"Run a workload on a block device from a kernel thread (engine bio), or on a\n"
	"regular file through its filesystem (engine kfile). `run` shows a progress\n"
	"line, waits for the end and prints the results (Ctrl-C stops the run and\n"
	"prints partial results); `start` prints the new run's id and returns (then:\n"
	"ssdk ctl wait|status|stop|results ID). `sweep` runs the workload at each\n"
	"iodepth in turn and prints a row per point, or with -j an array of the\n"
	"results of each. Every run is checked by the module before the first\n"
	"starts or anything is written; what it refuses is said as it says it. A run\n"
	"ends after --runtime, --ios or --rounds: one of them is needed.\n"
	"\n"
	"SIZE takes k, m, g, t suffixes (powers of two: 4k = 4096); TIME takes ns, us,\n"
	"ms, s, m, h (a bare number is seconds). MB/s in the results is 10^6 bytes per\n"
	"second, MiB/s 2^20. Limits and defaults are the module's.\n";

/* The commands of the table (workload.h), and the groups their options go by. */
#define W_RUN		CLI_CMD_BIT(FOR_RUN)
#define W_START		CLI_CMD_BIT(FOR_START)
#define W_SWEEP		CLI_CMD_BIT(FOR_SWEEP)
#define W_COMPARE	CLI_CMD_BIT(FOR_COMPARE)
#define W_PURGE		CLI_CMD_BIT(FOR_PURGE)
#define W_PRECOND	CLI_CMD_BIT(FOR_PRECONDITION)
#define W_STUDY		CLI_CMD_BIT(FOR_STUDY)
#define W_REPLAY	CLI_CMD_BIT(FOR_REPLAY)
#define W_ALL		(W_RUN | W_START | W_SWEEP | W_COMPARE | W_PURGE | W_PRECOND | W_STUDY | \
			 W_REPLAY)
/* The runs the line describes, on one target or more, of one worker or more. */
#define W_RUNS		(W_RUN | W_START | W_SWEEP)
/* Those whose IOs are drawn (rw, bs, where they fall): not a purge's, not a replay's. */
#define W_DRAWN		(W_RUNS | W_COMPARE | W_PRECOND | W_STUDY)
/* Those that end after a time or a count of IOs, not at the end of their span. */
#define W_TIMED		(W_RUNS | W_COMPARE | W_STUDY | W_REPLAY)
/* Those the process waits for: start returns as its runs start. */
#define W_WAITED	(W_ALL & ~W_START)

/* What --target is; the drive's erases, by name. */
#define TARGET_HELP	"the block device (whole disk or partition)"
#define NVME_ERASES	"nvme-format, nvme-format-crypto (Format NVM with a secure erase), nvme-sanitize-block, nvme-sanitize-crypto"
#define ATA_ERASES	"ata-secure-erase, ata-secure-erase-enhanced (ATA SECURITY ERASE UNIT)"

enum {
	OPT_TARGET, OPT_TARGET_ONE, OPT_ENGINE, OPT_BUFFERED, OPT_FILE_SIZE, OPT_FILE_SIZE_FILE,
	OPT_ENGINES, OPT_FILE, OPT_PROFILE, OPT_PROFILES, OPT_TRACE, OPT_TIMING, OPT_REMAP,
	OPT_WORKERS, OPT_CPUS, OPT_RW, OPT_RWMIXREAD, OPT_BS, OPT_BSS, OPT_BSSPLIT, OPT_IODEPTH,
	OPT_IODEPTHS, OPT_BATCH, OPT_POLLED, OPT_ANATOMY,
	OPT_OFFSET, OPT_SPAN, OPT_ALIGN, OPT_ALIGN_OFFSET, OPT_STRIDE, OPT_PATTERN,
	OPT_RATE_IOPS, OPT_ARRIVALS, OPT_OPEN_LOOP, OPT_RUNTIME, OPT_IOS, OPT_RAMP,
	OPT_ROUNDS, OPT_ROUND_TIME, OPT_STEADY, OPT_METHOD, OPT_METHOD_STUDY, OPT_MODE,
	OPT_PASSES, OPT_PASSES_STUDY, OPT_CPU, OPT_SEED, OPT_SLOWEST, OPT_TS_INTERVAL,
	OPT_CAPTURE_OVER, OPT_MAX_ERRORS, OPT_CONTINUE_ON_ERROR, OPT_OWNED, OPT_ALLOW_WRITE,
	OPT_QUIET, OPT_DRY_RUN, OPT_REPEAT, OPT_STRICT_CONDITIONS,
};

/*
 * Each option with the commands it applies to (args.h): what each reads,
 * and what the module takes with it. A name twice is an option that
 * commands read differently, each with its own help.
 */
const struct cli_opt workload_opts[] = {
	[OPT_TARGET] = { "target", 0, "DEV", 0,
		TARGET_HELP "; again for more targets, each with its own runs", W_RUNS },
	[OPT_TARGET_ONE] = { "target", 0, "DEV", 0, TARGET_HELP,
		W_COMPARE | W_PURGE | W_PRECOND | W_STUDY | W_REPLAY },
	[OPT_ENGINE] = { NULL, 0, "E", SSDK_A_RUN_ENGINE,
		"how the IOs reach the target: bios on a block device, or IO on a regular file (--target FILE) through its filesystem, O_DIRECT",
		W_RUNS | W_REPLAY },
	[OPT_BUFFERED] = { NULL, 0, NULL, SSDK_A_RUN_BUFFERED,
		"kfile through the page cache (iodepth 1)", W_RUNS | W_COMPARE | W_REPLAY },
	[OPT_FILE_SIZE] = { "file-size", 0, "SIZE", 0,
		"lay the target out first, a file of --engine kfile: create or extend it and write every byte",
		W_RUNS | W_REPLAY },
	[OPT_FILE_SIZE_FILE] = { "file-size", 0, "SIZE", 0,
		"lay --file out first: create or extend it and write every byte", W_COMPARE },
	[OPT_ENGINES] = { "engines", 0, "LIST", 0,
		"bio, kfile, uring, libaio, psync (on --file), uring-raw, libaio-raw, psync-raw (on --target)",
		W_COMPARE },
	[OPT_FILE] = { "file", 0, "FILE", 0,
		"a file of a filesystem on --target, for the engines that run on a file",
		W_COMPARE },
	[OPT_PROFILE] = { "profile", 0, "PROFILE", 0,
		"start from a named protocol (ssdk ctl profiles); the other options override it",
		W_RUNS | W_COMPARE },
	[OPT_PROFILES] = { "profile", 0, "PROFILE", 0,
		"the workloads, named protocols (ssdk ctl profiles): NAME,NAME..., again for more (default the seed's four); the other options override theirs",
		W_STUDY },
	[OPT_TRACE] = { "trace", 0, "FILE", SSDK_A_RUN_TRACE,
		"the trace to replay (blktrace, fio iolog 2 or 3: ssdk trace summary), its reads and writes",
		W_REPLAY },
	[OPT_TIMING] = { "timing", 0, "T", SSDK_A_RUN_REPLAY_TIMING,
		"original (each IO at its recorded time, an open loop), afap (as fast as --iodepth allows), or scale:X (original, times multiplied by X: scale:2 lasts twice as long)",
		W_REPLAY },
	[OPT_REMAP] = { "remap", 0, "R", SSDK_A_RUN_REPLAY_REMAP,
		"where the IOs go: none (where recorded), offset (shifted by --offset), span (folded into --offset/--span)",
		W_REPLAY },
	[OPT_WORKERS] = { NULL, 0, "N", SSDK_A_RUN_WORKERS,
		"kernel threads of the run, each with its own iodepth and draws (a sequential run: its own part of the span), their statistics merged exactly",
		W_RUNS },
	[OPT_CPUS] = { NULL, 0, "LIST", SSDK_A_RUN_CPUS,
		"bind the workers, in turn, to these CPUs (0,2,4-7)", W_RUNS },
	[OPT_RW] = { NULL, 0, "MODE", SSDK_A_RUN_RW,
		"what the IOs do: sequential or random reads and writes, or a mix", W_DRAWN },
	[OPT_RWMIXREAD] = { NULL, 0, "PCT", SSDK_A_RUN_RWMIXREAD,
		"percentage of reads of a mix", W_DRAWN },
	[OPT_BS] = { NULL, 0, "SIZE", SSDK_A_RUN_BS,
		"bytes per IO, a multiple of the device's logical block size", W_DRAWN & ~W_SWEEP },
	[OPT_BSS] = { NULL, 0, "SIZE,SIZE,...", SSDK_A_RUN_BS,
		"bytes per IO, a point at each (with --iodepth N,N,...: each size at each depth)",
		W_SWEEP },
	[OPT_BSSPLIT] = { "bssplit", 0, "LIST", SSDK_A_RUN_BS_SPLIT,
		"several sizes instead: SIZE/PCT:SIZE/PCT... adding up to 100 (4k/70:64k/30)",
		W_DRAWN },
	[OPT_IODEPTH] = { NULL, 0, "N", SSDK_A_RUN_IODEPTH, "IOs kept in flight",
		W_RUN | W_START | W_PRECOND | W_STUDY | W_REPLAY },
	[OPT_IODEPTHS] = { NULL, 0, "N,N,...", SSDK_A_RUN_IODEPTH,
		"IOs kept in flight, a point at each (compare: a curve per engine; sweep: with --bs SIZE,SIZE,..., each size at each depth)",
		W_SWEEP | W_COMPARE },
	[OPT_BATCH] = { NULL, 0, "N", SSDK_A_RUN_BATCH,
		"submit N IOs at a time, under one plug, once N slots are free (their latency includes the wait while the batch is built)",
		W_DRAWN | W_REPLAY },
	[OPT_POLLED] = { NULL, 0, NULL, SSDK_A_RUN_POLLED,
		"engine bio: polled IO on the device's poll queues, the worker spinning for completions instead of sleeping (null_blk and nvme: module parameter poll_queues)",
		W_DRAWN | W_REPLAY },
	[OPT_ANATOMY] = { NULL, 0, NULL, SSDK_A_RUN_ANATOMY,
		"engine bio: time where each IO's time went (block layer, device, completion, the worker's reap, the slot's idle time): a histogram per stage, and the stages of each slowest and captured IO",
		W_RUNS | W_REPLAY },
	[OPT_OFFSET] = { NULL, 0, "SIZE", SSDK_A_RUN_OFFSET,
		"start of the span the IOs fall in", W_ALL },
	[OPT_SPAN] = { NULL, 0, "SIZE", SSDK_A_RUN_SPAN,
		"length of that span (default: to the target's end)", W_ALL },
	[OPT_ALIGN] = { NULL, 0, "SIZE", SSDK_A_RUN_ALIGN,
		"random offsets are multiples of it, counted from the span's start (default: the smallest bs)",
		W_DRAWN },
	[OPT_ALIGN_OFFSET] = { NULL, 0, "SIZE", SSDK_A_RUN_ALIGN_OFFSET,
		"and shifted by this much: --bs 4k --align-offset 512 puts 4 KiB IOs at 512 B past 4 KiB boundaries",
		W_DRAWN },
	[OPT_STRIDE] = { NULL, 0, "SIZE", SSDK_A_RUN_STRIDE,
		"sequential: distance between IO starts (default bs)", W_DRAWN },
	[OPT_PATTERN] = { NULL, 0, "P", SSDK_A_RUN_PATTERN,
		"what writes write: incompressible data fresh for every IO, zeros, a byte repeated (P:BYTE), or a share of each buffer that compresses away (P:PCT)",
		W_DRAWN | W_REPLAY },
	[OPT_RATE_IOPS] = { NULL, 0, "N", SSDK_A_RUN_RATE_IOPS, "at most N IOs per second",
		W_DRAWN },
	[OPT_ARRIVALS] = { NULL, 0, "A", SSDK_A_RUN_ARRIVALS,
		"with --rate-iops: a closed loop whose schedule slips when no slot is free, or an open loop of fixed or exponential gaps, whose response time is measured from each IO's scheduled arrival too",
		W_DRAWN },
	[OPT_OPEN_LOOP] = { "open-loop", 0, NULL, 0, "arrivals on a fixed schedule, an open loop",
		W_DRAWN },
	[OPT_RUNTIME] = { "runtime", 0, "TIME", SSDK_A_RUN_RUNTIME_NS,
		"how long to measure, after the ramp", W_TIMED },
	[OPT_IOS] = { NULL, 0, "N", SSDK_A_RUN_IOS, "how many IOs in all, ramp included", W_TIMED },
	[OPT_RAMP] = { "ramp", 0, "TIME", SSDK_A_RUN_RAMP_NS,
		"time at the start left out of the statistics", W_DRAWN | W_REPLAY },
	[OPT_ROUNDS] = { NULL, 0, "N", SSDK_A_RUN_ROUNDS,
		"run in rounds of --round-time, N at most (rounds x round-time the runtime): each round's figures in the results (SNIA PTS)",
		W_DRAWN },
	[OPT_ROUND_TIME] = { "round-time", 0, "TIME", SSDK_A_RUN_ROUND_NS,
		"length of a round, whole intervals of --ts-interval (and so must --ramp be)",
		W_DRAWN },
	[OPT_STEADY] = { "steady", 0, "SPEC", SSDK_A_RUN_STEADY_TRACK,
		"end at steady state (SNIA PTS), tested after each round on TRACK over the last "
		STR(SSDK_STEADY_WINDOW) " rounds: TRACK[:PCT][,slope:PCT], max - min within PCT (default "
		STR(SSDK_DEFAULT_STEADY_RANGE_PCT) "%) of their average and their least-squares line's excursion within slope's PCT (default "
		STR(SSDK_DEFAULT_STEADY_SLOPE_PCT) "%)", W_DRAWN },
	[OPT_METHOD] = { "method", 0, "M", SSDK_A_RUN_PURGE,
		"how the span is purged, where the device offers it (its queue's discard_max_bytes, write_zeroes_max_bytes...); or the whole NVMe namespace by the drive: "
		NVME_ERASES "; or the whole SATA drive by the drive: " ATA_ERASES, W_PURGE },
	[OPT_METHOD_STUDY] = { "method", 0, "M", SSDK_A_RUN_PURGE,
		"how the drive is made new (default nvme-format where the drive has it, otherwise discard): a purge of the span, or of the whole NVMe namespace by the drive: "
		NVME_ERASES "; or of the whole SATA drive: " ATA_ERASES, W_STUDY },
	[OPT_MODE] = { "mode", 0, "M", 0,
		"wipc (SNIA's workload-independent: --passes sequential passes of 128k writes, default 2), used (one 128k sequential fill, then --passes spans' worth of 4k random writes, default 1), wdpc (SNIA's workload-dependent: the workload given, in rounds to steady state: 25 of 1m, iops:20%,slope:10% unless said)",
		W_PRECOND },
	[OPT_PASSES] = { "passes", 0, "N", 0, "passes over the span (see --mode)", W_PRECOND },
	[OPT_PASSES_STUDY] = { "passes", 0, "N", 0,
		"the used state's random writes after its fill, in spans' worth (default 1)",
		W_STUDY },
	[OPT_CPU] = { NULL, 0, "N", SSDK_A_RUN_CPU, "CPU the worker thread is bound to", W_ALL },
	[OPT_SEED] = { NULL, 0, "N", SSDK_A_RUN_SEED, "seed of the offsets and data (default 0)",
		W_DRAWN | W_REPLAY },
	[OPT_SLOWEST] = { "slowest", 0, "N", SSDK_A_RUN_SLOWEST_N,
		"keep the N slowest IOs: in the JSON results, and ssdk ctl results --slowest",
		W_ALL },
	[OPT_TS_INTERVAL] = { "ts-interval", 0, "TIME", SSDK_A_RUN_TS_INTERVAL_NS,
		"the time series' interval: ssdk ctl status --follow, results --text", W_ALL },
	[OPT_CAPTURE_OVER] = { "capture-over", 0, "TIME", SSDK_A_RUN_CAPTURE_OVER_NS,
		"also record every IO at least this slow (as many as the module parameter capture_max says, /sys/module/ssdk/parameters/capture_max): results --captured",
		W_ALL },
	[OPT_MAX_ERRORS] = { NULL, 0, "N", SSDK_A_RUN_MAX_ERRORS,
		"IO errors to go on through: the next one fails the run (default 0: the first error ends it; a removed target ends it whatever N); failed IOs are counted per op, never in the latencies",
		W_ALL },
	[OPT_CONTINUE_ON_ERROR] = { "continue-on-error", 0, NULL, 0, "no IO error ends the run",
		W_ALL },
	[OPT_OWNED] = { NULL, 0, NULL, SSDK_A_RUN_OWNED,
		"the run stops when this process exits or is killed (its netlink socket closes); without it a run outlives its controller",
		W_WAITED },
	[OPT_ALLOW_WRITE] = { NULL, 0, NULL, SSDK_A_RUN_ALLOW_WRITE,
		"consent to write: write and randwrite DESTROY the data on the target; refused when it is mounted",
		W_ALL },
	[OPT_QUIET] = { "quiet", 'q', NULL, 0, "no progress line", W_WAITED },
	[OPT_DRY_RUN] = { "dry-run", 0, NULL, 0,
		"check everything as for real (the module's dry run of every run, every step, the files, the drive's purge), then start nothing and write nothing; exit 0 when all would start",
		W_ALL },
	[OPT_REPEAT] = { "repeat", 0, "N", 0,
		"run the workload N times (1 to " STR(SSDK_MAX_REPEAT) "; a sweep: each point), one after another, each kept: then each figure's mean, least, greatest and the 95% interval of its mean (Student's t)",
		W_RUN | W_SWEEP },
	[OPT_STRICT_CONDITIONS] = { "strict-conditions", 0, NULL, 0,
		"refuse to run, rather than warn, when the machine's conditions add jitter past a tenth of the latency the target's IOs are expected to take (ssdk system show)",
		W_RUNS | W_COMPARE | W_REPLAY },
	{ 0 },
};

/* --method: a module's purge method, or a purge by the drive (drive_erase.h). */
static int workload_method(struct cli *cli, const struct cli_opt *o, const char *arg,
			   struct workload *w)
{
	char names[384];
	uint64_t v;
	int i;

	w->drive = drive_erase_find(arg);
	ssdk_config_unset(&w->cfg, SSDK_A_RUN_PURGE);
	if (w->drive >= 0)
		return 0;
	if (!ssdk_spec_value(SSDK_SPEC_ENUM_PURGE_METHOD, arg, &v))
		return args_set_attr(cli, o, arg, &w->cfg);
	enum_list(names, sizeof(names), SSDK_SPEC_ENUM_PURGE_METHOD);
	for (i = 0; i < DRIVE_NR_ERASES; i++)
		snprintf(names + strlen(names), sizeof(names) - strlen(names), ", %s",
			 drive_erase_name(i));
	return usage_error(cli, "--method: '%s' is none of %s", arg, names);
}

/* study's --profile NAME[,NAME...], again for more: its workloads. */
static int study_profiles(struct cli *cli, const char *arg, struct workload *w)
{
	char *names = strdup(arg), *save = NULL, *name;

	if (!names)
		return runtime_error(cli, "out of memory");
	for (name = strtok_r(names, ",", &save); name; name = strtok_r(NULL, ",", &save)) {
		if (w->nr_profiles == PLAN_MAX_WORKLOADS) {
			free(names);
			return usage_error(cli, "--profile: %d workloads at most",
					   PLAN_MAX_WORKLOADS);
		}
		w->profiles[w->nr_profiles] = strdup(name);
		if (!w->profiles[w->nr_profiles]) {
			free(names);
			return runtime_error(cli, "out of memory");
		}
		w->nr_profiles++;
	}
	free(names);
	return 0;
}

/* sweep's --bs SIZE,SIZE,...: its sizes, each a point (the module judges each). */
static int workload_bss(struct cli *cli, const char *arg, struct workload *w)
{
	char *sizes = strdup(arg), *save = NULL, *size;
	uint64_t v;
	int err = 0;

	if (!sizes)
		return runtime_error(cli, "out of memory");
	w->nr_bss = 0;
	for (size = strtok_r(sizes, ",", &save); size && !err;
	     size = strtok_r(NULL, ",", &save)) {
		if (w->nr_bss == WORKLOAD_MAX_POINTS)
			err = usage_error(cli, "--bs: %d sizes at most", WORKLOAD_MAX_POINTS);
		else if (ssdk_parse_size(size, &v) || !v || v > UINT32_MAX)
			err = usage_error(cli, "--bs: '%s' is not a size", size);
		else
			w->bss[w->nr_bss++] = v;
	}
	/* strtok_r() skips empty fields: an empty one is said here */
	if (!err && (!w->nr_bss || *arg == ',' || arg[strlen(arg) - 1] == ',' ||
		     strstr(arg, ",,")))
		err = usage_error(cli, "--bs: '%s' is not a list SIZE,SIZE,...", arg);
	free(sizes);
	return err;
}

/* --cpus LIST: the cpus attribute, an entry per CPU. */
static int workload_cpus(struct cli *cli, const char *arg, struct ssdk_run_config *c)
{
	uint32_t cpus[SSDK_MAX_WORKERS];
	unsigned int n, i;

	if (parse_list(arg, cpus, SSDK_MAX_WORKERS, &n, 1))
		return usage_error(cli, "--cpus: '%s' is not a list of at most %d numbers (N,N,A-B)",
				   arg, SSDK_MAX_WORKERS);
	ssdk_config_unset(c, SSDK_A_RUN_CPUS);
	for (i = 0; i < n; i++)
		ssdk_config_add_cpu(c, cpus[i]);
	return 0;
}

/* --timing original|afap|scale:X: the timing, and with a scale its thousandths. */
static int workload_timing(struct cli *cli, const struct cli_opt *o, const char *arg,
			   struct ssdk_run_config *c)
{
	char *end;
	double x;

	if (strncmp(arg, "scale:", 6))
		return args_set_attr(cli, o, arg, c);
	x = strtod(arg + 6, &end);
	if (end == arg + 6 || *end || !(x * 1000 >= 0.5 && x * 1000 <= SSDK_MAX_REPLAY_SCALE))
		return usage_error(cli, "--timing: '%s' is not scale:X with X from 0.001 to %d",
				   arg, SSDK_MAX_REPLAY_SCALE / 1000);
	ssdk_config_set(c, SSDK_A_RUN_REPLAY_TIMING, SSDK_REPLAY_TIMING_ORIGINAL);
	ssdk_config_set(c, SSDK_A_RUN_REPLAY_SCALE, (uint64_t)(x * 1000 + 0.5));
	return 0;
}

/* replay's own options: the trace, read at once, its timing and remap. */
static int workload_replay_opt(struct cli *cli, const struct cli_opt *o, const char *arg,
			       struct workload *w)
{
	char err[SSDK_ERROR_LEN];

	if (o - workload_opts == OPT_TIMING)
		return workload_timing(cli, o, arg, &w->cfg);
	if (o - workload_opts == OPT_REMAP)
		return args_set_attr(cli, o, arg, &w->cfg);
	if (w->trace)
		return usage_error(cli, "--trace: one trace");
	w->trace_path = arg;
	if (ssdk_trace_read(arg, &w->trace, err, sizeof(err)) < 0)
		return runtime_error(cli, "%s", err);
	return 0;
}

static int workload_opt(struct cli *cli, const struct cli_opt *o, const char *arg, void *ctx)
{
	struct workload *w = ctx;
	struct ssdk_run_config *c = &w->cfg;
	char names[128];
	unsigned int i;

	switch (o - workload_opts) {
	case OPT_TARGET:
	case OPT_TARGET_ONE:
		if (w->nr_targets == WORKLOAD_MAX_TARGETS)
			return usage_error(cli, "--target: at most %d", WORKLOAD_MAX_TARGETS);
		if (ssdk_config_set_target(c, arg))
			return usage_error(cli, "--target: path too long");
		w->targets[w->nr_targets++] = arg;
		ssdk_config_set_target(c, w->targets[0]);
		return 0;
	case OPT_CPUS:
		return workload_cpus(cli, arg, c);
	case OPT_TRACE:
	case OPT_TIMING:
	case OPT_REMAP:
		return workload_replay_opt(cli, o, arg, w);
	case OPT_PROFILE:
		return 0;	/* applied before the other options */
	case OPT_PROFILES:
		return study_profiles(cli, arg, w);
	case OPT_ENGINES:
		snprintf(w->engines, sizeof(w->engines), "%s", arg);
		return 0;
	case OPT_FILE:
		w->cmp.file = arg;
		return 0;
	case OPT_DRY_RUN:
		w->dry_run = 1;
		return 0;
	case OPT_FILE_SIZE:
	case OPT_FILE_SIZE_FILE:
		if (ssdk_parse_size(arg, &w->file_size) || !w->file_size)
			return usage_error(cli, "--file-size: '%s' is not a size", arg);
		return 0;
	case OPT_BSS:
		return workload_bss(cli, arg, w);
	case OPT_IODEPTHS:
		if (parse_list(arg, w->qds, WORKLOAD_MAX_POINTS, &w->nr_qds, 0))
			return usage_error(cli, "--%s: '%s' is not a list of at most %d numbers (N,N,...)",
					   cli_opt_name(o), arg, WORKLOAD_MAX_POINTS);
		return 0;
	case OPT_BSSPLIT:
		if (ssdk_parse_bssplit(arg, c))
			return usage_error(cli, "--bssplit: '%s' is not a list SIZE/PCT:SIZE/PCT... of at most %d entries",
					   arg, SSDK_MAX_BS_SPLIT);
		return 0;
	case OPT_PATTERN:
		if (ssdk_parse_pattern(arg, c))
			return usage_error(cli, "--%s: '%s' is none of %s", cli_opt_name(o), arg,
					   ssdk_pattern_syntax(names, sizeof(names)));
		return 0;
	case OPT_STEADY:
		if (ssdk_parse_steady(arg, c))
			return usage_error(cli, "--steady: '%s' is not TRACK[:PCT][,slope:PCT] (TRACK: %s)",
					   arg, enum_list(names, sizeof(names),
							 SSDK_SPEC_ENUM_STEADY_TRACK));
		return 0;
	case OPT_METHOD:
	case OPT_METHOD_STUDY:
		return workload_method(cli, o, arg, w);
	case OPT_MODE:
		for (i = 0; i < NR_PRECOND_MODES; i++)
			if (!strcmp(arg, precond_modes[i]))
				break;
		if (i == NR_PRECOND_MODES)
			return usage_error(cli, "--mode: '%s' is none of wipc, used, wdpc", arg);
		w->mode = i;
		return 0;
	case OPT_PASSES:
	case OPT_PASSES_STUDY:
		if (ssdk_parse_u32(arg, &w->passes) || w->passes > 100)
			return usage_error(cli, "--passes: '%s' is not a count (0 .. 100)", arg);
		w->passes_set = 1;
		return 0;
	case OPT_OPEN_LOOP:
		ssdk_config_set(c, SSDK_A_RUN_ARRIVALS, SSDK_ARRIVALS_UNIFORM);
		return 0;
	case OPT_CONTINUE_ON_ERROR:
		ssdk_config_set(c, SSDK_A_RUN_MAX_ERRORS, UINT64_MAX);
		return 0;
	case OPT_QUIET:
		w->quiet = 1;
		return 0;
	case OPT_STRICT_CONDITIONS:
		w->strict_conditions = 1;
		return 0;
	case OPT_REPEAT:
		if (ssdk_parse_u32(arg, &w->repeat) || !w->repeat || w->repeat > SSDK_MAX_REPEAT)
			return usage_error(cli, "--repeat: '%s' is not a count (1 .. %d)", arg,
					   SSDK_MAX_REPEAT);
		return 0;
	}
	return args_set_attr(cli, o, arg, c);
}

/*
 * --profile NAME, anywhere on the line: its options, as if they came
 * first; of a command that takes a profile to start from (study's are
 * its workloads, and the parser refuses it where it does not apply).
 */
static int apply_profile(struct cli *cli, const struct cli_cmd *cmd, int argc, char **argv,
			 struct workload *w)
{
	const struct profile *p;
	const char *name = NULL;
	int i;

	for (i = 1; i < argc && strcmp(argv[i], "--"); i++) {
		if (!strcmp(argv[i], "--profile") && i + 1 < argc)
			name = argv[i + 1];
		else if (!strncmp(argv[i], "--profile=", 10))
			name = argv[i] + 10;
	}
	if (!name || args_cmd_opt(cmd, "profile") != &workload_opts[OPT_PROFILE])
		return 0;
	p = profile_find(name);
	if (!p)
		return usage_error(cli, "--profile: no profile '%s' (see ssdk ctl profiles)", name);
	if (p->sweep != (w->use == FOR_SWEEP))
		return usage_error(cli, "--profile %s is for ssdk %s", name,
				   p->sweep ? "ctl sweep" : "ctl run, ctl start and compare");
	return args_apply(cli, cmd, p->args, workload_opt, w);
}

/* What compare takes: one run's options, its engines, reads. */
static int compare_options(struct cli *cli, struct workload *w)
{
	_Static_assert(WORKLOAD_MAX_POINTS <= COMPARE_MAX_DEPTHS, "compare has room for a list");

	if (!w->engines[0] || w->nr_targets != 1)
		return usage_error(cli, "compare needs --engines and one --target");
	w->cmp.cfg = w->cfg;
	memcpy(w->cmp.qds, w->qds, w->nr_qds * sizeof(*w->qds));
	w->cmp.nr_qds = w->nr_qds;
	return compare_parse_engines(cli, &w->cmp, w->engines);
}

/*
 * What the module cannot judge of a replay: a trace, one run (of one
 * worker: --workers is not replay's), and times in the trace to keep (a
 * log without them can only be replayed as fast as it goes).
 */
static int workload_replay_check(struct cli *cli, struct workload *w)
{
	const struct ssdk_run_config *c = &w->cfg;

	if (!w->trace)
		return usage_error(cli, "--trace FILE is needed");
	if (w->nr_targets != 1)
		return usage_error(cli, "replay takes one --target");
	if (!(ssdk_trace_flags(w->trace) & SSDK_TRACE_HAS_TIME) &&
	    ssdk_config_get(c, SSDK_A_RUN_REPLAY_TIMING) == SSDK_REPLAY_TIMING_ORIGINAL)
		return usage_error(cli, "%s: the trace has no times to keep: --timing afap",
				   w->trace_path);
	return 0;
}

/* A workload's options: a --profile's, then the line's. */
static int workload_parse(struct cli *cli, const struct cli_cmd *cmd, int argc, char **argv,
			  struct workload *w)
{
	int first, err;

	ssdk_config_init(&w->cfg);
	w->drive = -1;
	err = apply_profile(cli, cmd, argc, argv, w);
	if (!err)
		err = args_parse(cli, cmd, argc, argv, workload_opt, w, &first);
	if (!err)
		err = args_none(cli, argc, argv, first);
	if (err)
		return err;
	if (!w->nr_targets)
		return usage_error(cli, "--target DEV is needed");
	if (w->use == FOR_PURGE)
		return ssdk_config_is_set(&w->cfg, SSDK_A_RUN_PURGE) || w->drive >= 0 ? 0 :
			usage_error(cli, "--method M is needed");
	if (w->file_size && !w->cmp.file &&
	    ssdk_config_get(&w->cfg, SSDK_A_RUN_ENGINE) != SSDK_ENGINE_KFILE)
		return usage_error(cli,
				   "--file-size: lays out a file: with --engine kfile, or compare's --file");
	if (w->use == FOR_REPLAY)
		return workload_replay_check(cli, w);
	/* Their steps say how long each is, each of one worker. */
	if (w->use == FOR_PRECONDITION || w->use == FOR_STUDY) {
		if (w->nr_targets != 1)
			return usage_error(cli, "%s takes one --target", cli->cmd);
		if (w->passes_set && w->use == FOR_PRECONDITION && w->mode == PRECOND_WDPC)
			return usage_error(cli, "--passes: wdpc runs in rounds (--rounds)");
		return 0;
	}
	if (w->repeat && !cli->out.ops->repeat_begin)
		return usage_error(cli, "--repeat: not with --format %s, which has no repetitions",
				   cli->metrics == &output_prometheus ? "prometheus" : "openmetrics");
	/* run, sweep and compare wait for the end: it must come. */
	if (!ssdk_config_is_set(&w->cfg, SSDK_A_RUN_RUNTIME_NS) &&
	    !ssdk_config_is_set(&w->cfg, SSDK_A_RUN_IOS) &&
	    !ssdk_config_is_set(&w->cfg, SSDK_A_RUN_ROUNDS))
		return usage_error(cli, "--runtime, --rounds or --ios is needed");
	if (w->use == FOR_SWEEP && !w->nr_qds && !w->nr_bss)
		return usage_error(cli, "--iodepth N,N,... or --bs SIZE,SIZE,... is needed");
	if (w->use == FOR_SWEEP && w->nr_bss && ssdk_config_is_set(&w->cfg, SSDK_A_RUN_BS_SPLIT))
		return usage_error(cli, "--bs SIZE,SIZE,... and --bssplit: one or the other");
	return w->use == FOR_COMPARE ? compare_options(cli, w) : 0;
}

/**
 * workload_open() - A workload from a command line, connected to the module.
 * @cli: Settings.
 * @cmd: The command, one of the table's: its @use is what the workload is for.
 * @argc: Arguments, the command's name first.
 * @argv: Arguments.
 * @out: The workload, to free with workload_close(); NULL on failure.
 *
 * Refuses only what the module cannot judge (see the top of the file).
 *
 * Return: 0 or an exit status (said).
 */
int workload_open(struct cli *cli, const struct cli_cmd *cmd, int argc, char **argv,
		  struct workload **out)
{
	struct workload *w = calloc(1, sizeof(*w));
	int err;

	*out = NULL;
	if (!w)
		return runtime_error(cli, "out of memory");
	w->use = cmd->use;
	err = workload_parse(cli, cmd, argc, argv, w);
	if (!err)
		err = cli_connect(cli, &w->h);
	if (err) {
		workload_close(w);
		return err;
	}
	*out = w;
	return 0;
}

/**
 * workload_close() - Disconnect and free a workload.
 * @w: The workload, or NULL.
 */
void workload_close(struct workload *w)
{
	if (!w)
		return;
	while (w->nr_profiles)
		free(w->profiles[--w->nr_profiles]);
	ssdk_trace_free(w->trace);
	jobs_free(&w->jobs);
	ssdk_close(w->h);
	free(w);
}

/**
 * workload_load_trace() - Load a replay's trace into the module.
 * @cli: Settings.
 * @w: The workload, a replay: its configuration gets the trace's id.
 *
 * Said on stderr: the discards and flushes left out.
 *
 * Return: 0 or an exit status (said).
 */
int workload_load_trace(struct cli *cli, struct workload *w)
{
	const struct ssdk_trace_io *io = ssdk_trace_ios(w->trace);
	uint64_t i, other = 0, n = ssdk_trace_nr(w->trace);
	uint32_t id;

	if (ssdk_trace_load(w->h, w->trace, &id))
		return runtime_error(cli, "%s: %s", w->trace_path, ssdk_last_error(w->h));
	ssdk_config_set(&w->cfg, SSDK_A_RUN_TRACE, id);
	for (i = 0; i < n; i++)
		other += io[i].op > SSDK_OP_MAX;
	if (other && !w->quiet)
		fprintf(stderr, "ssdk: %s: %llu discards and flushes left out: a replay issues reads and writes\n",
			w->trace_path, (unsigned long long)other);
	return 0;
}

/**
 * workload_points() - A workload's points: a sweep's sizes times its depths.
 * @w: The workload.
 *
 * Return: How many; 1 for a command that is no sweep.
 */
unsigned int workload_points(const struct workload *w)
{
	if (w->use != FOR_SWEEP)
		return 1;
	return (w->nr_bss ? w->nr_bss : 1) * (w->nr_qds ? w->nr_qds : 1);
}

/**
 * workload_point() - The runs of a sweep's point @i (workload_jobs()).
 * @w: The workload.
 * @i: The point, below workload_points(): the sizes in turn, each at
 *	every depth (depth varies fastest).
 */
void workload_point(struct workload *w, unsigned int i)
{
	unsigned int nq = w->nr_qds ? w->nr_qds : 1;

	workload_jobs(w, w->use == FOR_SWEEP && w->nr_qds ? w->qds[i % nq] : 0,
		      w->use == FOR_SWEEP && w->nr_bss ? w->bss[i / nq] : 0);
}

/**
 * workload_jobs() - The runs of a workload: one per target.
 * @w: The workload: its @jobs get their configurations and count.
 * @iodepth: A sweep point's iodepth, or 0.
 * @bs: A sweep point's size, or 0.
 *
 * With several targets, each run gets its own seed (seed, seed + 1, ...);
 * a run's workers are the module's (shares of one run).
 */
void workload_jobs(struct workload *w, uint32_t iodepth, uint32_t bs)
{
	struct jobs *jobs = &w->jobs;
	uint64_t seed = ssdk_config_get(&w->cfg, SSDK_A_RUN_SEED);
	struct ssdk_run_config *c;
	unsigned int t;

	for (t = 0; t < w->nr_targets; t++) {
		c = &jobs->cfg[t];
		*c = w->cfg;
		ssdk_config_set_target(c, w->targets[t]);
		if (iodepth)
			ssdk_config_set(c, SSDK_A_RUN_IODEPTH, iodepth);
		if (bs)
			ssdk_config_set(c, SSDK_A_RUN_BS, bs);
		if (w->nr_targets > 1)
			ssdk_config_set(c, SSDK_A_RUN_SEED, seed + t);
	}
	jobs->nr = w->nr_targets;
}

/**
 * workload_undo_files() - Undo workload_prepare_files(), the runs refused.
 * @w: The workload.
 */
static void workload_undo_files(struct workload *w)
{
	while (w->nr_files)
		layout_undo(&w->files[--w->nr_files]);
}

/**
 * workload_prepare_files() - Make the files --file-size lays out, sparse,
 * so that the runs' checks see them.
 * @cli: Settings.
 * @w: The workload.
 *
 * Return: 0 or EXIT_RUNTIME (said; what was made is undone).
 */
static int workload_prepare_files(struct cli *cli, struct workload *w)
{
	char err[512];
	unsigned int i;

	if (!w->file_size)
		return 0;
	w->nr_files = 0;
	for (i = 0; i < (w->cmp.file ? 1 : w->nr_targets); i++) {
		w->files[i] = (struct layout){
			.path = w->cmp.file ? w->cmp.file : w->targets[i],
			.size = w->file_size,
		};
		if (layout_prepare(&w->files[i], err, sizeof(err))) {
			workload_undo_files(w);
			return runtime_error(cli, "--file-size: %s", err);
		}
		w->nr_files++;
	}
	return 0;
}

/**
 * workload_fill_files() - Write the files made by workload_prepare_files().
 * @cli: Settings.
 * @w: The workload, its runs checked.
 *
 * Return: 0 or EXIT_RUNTIME (said).
 */
static int workload_fill_files(struct cli *cli, struct workload *w)
{
	uint64_t seed = ssdk_config_get(&w->cfg, SSDK_A_RUN_SEED);
	char err[512];
	unsigned int i;

	for (i = 0; i < w->nr_files; i++)
		if (layout_fill(&w->files[i], seed, err, sizeof(err)))
			return runtime_error(cli, "--file-size: %s", err);
	return 0;
}

/*
 * The facts of the machine that add jitter past a tenth of what a
 * target's IOs are expected to take (ssdk_system_over()), as one line.
 * Return: how many.
 */
static unsigned int conditions_line(const struct ssdk_system *sys, char *buf, size_t size)
{
	unsigned int idx[8], n, i;
	size_t len = 0;
	char d[32];

	n = ssdk_system_over(sys, 0, idx, ARRAY_SIZE(idx));
	buf[0] = '\0';
	for (i = 0; i < n && i < ARRAY_SIZE(idx) && len < size; i++) {
		const struct ssdk_fact *f = &sys->fact[idx[i]];

		len += snprintf(buf + len, size - len, "%s%s %.*s (%s)", i ? ", " : "", f->key,
				(int)strcspn(f->value, " ,("), f->value,
				ssdk_fmt_ns(d, sizeof(d), f->jitter_ns));
	}
	if (n > ARRAY_SIZE(idx) && len < size)
		snprintf(buf + len, size - len, " and %u more", n - (unsigned int)ARRAY_SIZE(idx));
	return n;
}

/*
 * Before the first run: a line on stderr for each target whose machine's
 * conditions add jitter past a tenth of what its IOs take (not for a dry
 * run, which the real one follows), or, with --strict-conditions, a
 * refusal (a dry run's too). Return: 0 or EXIT_RUNTIME (said).
 */
static int workload_conditions(struct cli *cli, struct workload *w)
{
	struct ssdk_run_config *cfg = malloc(sizeof(*cfg));
	const struct ssdk_system *sys;
	char line[512], d[32];
	unsigned int i, n;
	int err = 0;

	if (!cfg)
		return runtime_error(cli, "out of memory");
	*cfg = w->cfg;
	for (i = 0; i < w->nr_targets && !err; i++) {
		snprintf(cfg->target, sizeof(cfg->target), "%s", w->targets[i]);
		sys = conditions_system(cfg);
		n = sys ? conditions_line(sys, line, sizeof(line)) : 0;
		if (!n)
			continue;
		ssdk_fmt_ns(d, sizeof(d), sys->expected_ns);
		if (w->strict_conditions)	/* a dry run says it would be refused */
			err = runtime_error(cli, "--strict-conditions: %s: %s add%s jitter past a "
					    "tenth of the %s expected (ssdk system show; ssdk system "
					    "tune)", w->targets[i], line, n == 1 ? "s" : "", d);
		else if (!w->dry_run)
			fprintf(stderr, "%s: warning: %s: %s add%s jitter past a tenth of the %s "
				"expected (ssdk system show)\n", cli->prog, w->targets[i], line,
				n == 1 ? "s" : "", d);
	}
	free(cfg);
	return err;
}

/**
 * workload_check() - Check every run of a workload, and lay out its files.
 * @cli: Settings.
 * @w: The workload; its @jobs hold the last job checked.
 *
 * The files --file-size lays out are made sparse, the module checks
 * every run (run-start's dry run) of every point of a sweep, or compare
 * checks every engine, and only then are they written: nothing is
 * written unless every run would start. With --dry-run the files are then
 * undone (removed, or cut back to their size) and nothing is written.
 *
 * Return: 0 or an exit status (said).
 */
int workload_check(struct cli *cli, struct workload *w)
{
	unsigned int points = workload_points(w), i;
	int err;

	err = workload_conditions(cli, w);
	if (err)
		return err;

	/* One run and no file: a single step, which checks itself. */
	if (w->use != FOR_COMPARE && !w->file_size && points == 1 &&
	    w->nr_targets == 1 && !w->dry_run)
		return 0;
	err = workload_prepare_files(cli, w);
	if (!err && w->use == FOR_COMPARE)
		err = compare_check(cli, w->h, &w->cmp);
	for (i = 0; !err && w->use != FOR_COMPARE && i < points; i++) {
		workload_point(w, i);
		err = jobs_check(cli, w->h, &w->jobs);
	}
	if (err || w->dry_run) {
		workload_undo_files(w);
		return err;
	}
	return workload_fill_files(cli, w);
}

/**
 * workload_dry_run() - After workload_check() passed, with --dry-run: say so.
 * @cli: Settings.
 * @w: The workload.
 *
 * Return: 0.
 */
int workload_dry_run(struct cli *cli, const struct workload *w)
{
	unsigned int points = workload_points(w) * (w->repeat ? w->repeat : 1);
	unsigned int runs = w->use == FOR_COMPARE ?
			    w->cmp.nr * (w->cmp.nr_qds ? w->cmp.nr_qds : 1) :
			    points * w->nr_targets;
	/* a job's runs go side by side: a point takes one run's time */
	double t = config_time_s(&w->cfg), seconds = 0;

	if (t >= 0)
		seconds = t * (w->use == FOR_COMPARE ? runs : points);
	cli->out.ops->dry_run(&cli->out, runs, seconds, t < 0 ? runs : 0);
	return 0;
}

/**
 * workload_progress() - Whether to draw a progress line.
 * @w: The workload.
 *
 * Return: 1 when not --quiet and stderr is a terminal.
 */
int workload_progress(const struct workload *w)
{
	return !w->quiet && isatty(STDERR_FILENO);
}

/**
 * workload_span() - Resolve a one-target workload's span: the rest of the
 * device from the offset when --span is not given, so that the steps of a
 * plan know how much they write.
 * @cli: Settings.
 * @w: The workload; its span is set.
 *
 * Return: 0, or EXIT_RUNTIME (said).
 */
int workload_span(struct cli *cli, struct workload *w)
{
	uint64_t size, offset = ssdk_config_get(&w->cfg, SSDK_A_RUN_OFFSET);
	int err;

	if (ssdk_config_is_set(&w->cfg, SSDK_A_RUN_SPAN))
		return 0;
	err = plan_target_size(cli, w->targets[0], &size);
	if (err)
		return err;
	if (offset >= size)
		return runtime_error(cli, "offset: %llu goes beyond the end of %s (%llu bytes)",
				     (unsigned long long)offset, w->targets[0],
				     (unsigned long long)size);
	ssdk_config_set(&w->cfg, SSDK_A_RUN_SPAN, size - offset);
	return 0;
}

/**
 * workload_plan() - Run a command of several steps: its options, its plan
 * (which @build makes from them), every step checked, then run, then
 * reported (plan_execute()).
 * @cli: Settings.
 * @cmd: The command, one of the table's.
 * @argc: Arguments, the command's name first.
 * @argv: Arguments.
 * @build: Makes the plan from the workload, or says why not (an exit status).
 *
 * Return: 0 or an exit status (said).
 */
int workload_plan(struct cli *cli, const struct cli_cmd *cmd, int argc, char **argv,
		  workload_plan_fn build)
{
	struct workload *w;
	struct plan *p;
	int ret;

	ret = workload_open(cli, cmd, argc, argv, &w);
	if (ret)
		return ret;
	p = calloc(1, sizeof(*p));
	if (!p) {
		ret = runtime_error(cli, "out of memory");
		goto close;
	}
	ret = build(cli, w, p);
	if (!ret && w->dry_run) {
		ret = plan_check(cli, w->h, p);
		if (!ret)
			plan_dry_run(cli, p);
	} else if (!ret) {
		ret = plan_execute(cli, w->h, p, workload_progress(w), w->quiet);
	}
	plan_free(p);
	free(p);
close:
	workload_close(w);
	return ret;
}

/* Every attribute set in @src, set in @dst to @src's value. */
static void config_overlay(struct ssdk_run_config *dst, const struct ssdk_run_config *src)
{
	uint32_t attr, i;

	for (attr = 1; attr <= SSDK_A_RUN_MAX; attr++) {
		if (!ssdk_config_is_set(src, attr))
			continue;
		if (attr == SSDK_A_RUN_TARGET) {
			ssdk_config_set_target(dst, src->target);
		} else if (attr == SSDK_A_RUN_BS_SPLIT) {
			ssdk_config_unset(dst, SSDK_A_RUN_BS_SPLIT);
			dst->nr_bs = 0;
			for (i = 0; i < src->nr_bs; i++)
				ssdk_config_add_bs(dst, src->bs_split[i].bs, src->bs_split[i].pct);
		} else {
			ssdk_config_set(dst, attr, ssdk_config_get(src, attr));
		}
	}
}

/**
 * workload_profile() - A profile's run, with the command line's options over it.
 * @cli: Settings.
 * @cmd: The command, for messages.
 * @name: The profile (a run's, not a sweep's).
 * @over: What the command line set: it overrides the profile.
 * @out: The run's attributes.
 *
 * Return: 0 or EXIT_USAGE (said).
 */
int workload_profile(struct cli *cli, const struct cli_cmd *cmd, const char *name,
		     const struct ssdk_run_config *over, struct ssdk_run_config *out)
{
	const struct profile *p = profile_find(name);
	struct workload *w;
	int err;

	if (!p)
		return usage_error(cli, "--profile: no profile '%s' (see ssdk ctl profiles)", name);
	if (p->sweep)
		return usage_error(cli, "--profile %s is a sweep: a study measures single runs",
				   name);
	w = calloc(1, sizeof(*w));
	if (!w)
		return runtime_error(cli, "out of memory");
	ssdk_config_init(&w->cfg);
	w->use = FOR_RUN;
	w->drive = -1;
	err = args_apply(cli, cmd, p->args, workload_opt, w);
	if (!err) {
		*out = w->cfg;
		config_overlay(out, over);
	}
	free(w);
	return err;
}
