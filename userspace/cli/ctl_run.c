// SPDX-License-Identifier: GPL-2.0
/*
 * ssdk ctl run, start and sweep: a workload's options (a profile's, then
 * the command line's), the runs they make (one per target and worker),
 * and for run and sweep, following them to their end (jobs.c) and
 * printing their results. Ctrl-C stops the runs; partial results are
 * printed.
 */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <linux/ssdk.h>

#include "cli.h"
#include "compare.h"
#include "jobs.h"
#include "layout.h"
#include "opts.h"
#include "profiles.h"
#include "report.h"

#define MAX_TARGETS	16
#define MAX_POINTS	32

static const char run_help[] =
	"usage: ssdk ctl run|start --target DEV [OPTIONS]\n"
	"       ssdk ctl run|start --engine kfile --target FILE [OPTIONS]\n"
	"       ssdk ctl sweep --target DEV --iodepth N,N,... [OPTIONS]\n"
	"       ssdk compare --target DEV [--file FILE] --engines LIST [OPTIONS]\n"
	"\n"
	"Run a workload on a block device from a kernel thread. `run` shows a\n"
	"progress line, waits for the end and prints the results (Ctrl-C stops\n"
	"the run and prints partial results); `start` prints the new run's id\n"
	"and returns (then: ssdk ctl wait|status|stop|results ID). `sweep` runs\n"
	"the workload at each iodepth in turn (each with its ramp) and prints a\n"
	"row per point, or with -j an array of the results of each.\n"
	"`ssdk compare` runs reads through each engine of --engines in turn with\n"
	"the same seed and prints them side by side with the differences that\n"
	"isolate a layer (kfile - bio: the filesystem; uring - kfile: the\n"
	"syscall; -j: {\"results\": {ENGINE: run}, \"overhead_ns\": {\"A - B\":\n"
	"{mean, p50, p99, p99.9}}, \"layers\": {\"A - B\": LAYER}}). The raw-device\n"
	"engines read under a mounted filesystem; writes to a device with a\n"
	"filesystem mounted are refused: compare writes with ssdk ctl run\n"
	"--engine kfile, and bio on a second, identical device.\n"
	"\n"
	"  --engine E         bio (default): bios on the block device; kfile: IO\n"
	"                     on a regular file through its filesystem, O_DIRECT\n"
	"  --buffered         kfile through the page cache (iodepth 1)\n"
	"  --file-size SIZE   lay the kfile target (or compare's --file) out\n"
	"                     first: create or extend it and write every byte\n"
	"  --engines LIST     compare: bio, kfile, uring, libaio, psync (on\n"
	"                     --file), uring-raw, libaio-raw, psync-raw (on\n"
	"                     --target)\n"
	"  --file FILE        compare: a file of a filesystem on --target\n"
"  --profile NAME     start from a named protocol (ssdk ctl profiles);\n"
	"                     the other options override it\n"
	"  --target DEV       the block device (whole disk or partition); again\n"
	"                     for more targets, each with its own runs\n"
	"  --workers N        runs per target, each its own kernel thread and\n"
	"                     iodepth, with seeds seed, seed+1, ... (default 1)\n"
	"  --cpus LIST        bind the workers, in turn, to these CPUs (0,2,4-7)\n"
	"  --rw MODE          read, write, randread (default), randwrite, and the\n"
	"                     mixes randrw (random) and readwrite (sequential)\n"
	"  --rwmixread PCT    percentage of reads of a mix (default 50)\n"
	"  --bs SIZE          bytes per IO, 512 .. 1m, a multiple of the\n"
	"                     device's logical block size (default 4k)\n"
	"  --bssplit LIST     several sizes instead: SIZE/PCT:SIZE/PCT... adding\n"
	"                     up to 100 (4k/70:64k/30), at most 16\n"
	"  --iodepth N        IOs kept in flight, 1 .. 1024 (default 1)\n"
	"  --offset SIZE      start of the span the IOs fall in (default 0)\n"
	"  --span SIZE        length of that span (default: to the device's end)\n"
	"  --align SIZE       random offsets are multiples of it, counted from\n"
	"                     the span's start (default: the smallest bs)\n"
	"  --align-offset SIZE  and shifted by this much: --bs 4k --align-offset\n"
	"                     512 puts 4 KiB IOs at 512 B past 4 KiB boundaries\n"
	"  --stride SIZE      sequential: distance between IO starts (default bs)\n"
	"  --pattern P        what writes write: random (default; incompressible,\n"
	"                     fresh for every IO), zeros, repeat:BYTE,\n"
	"                     compressible:PCT (PCT%% of each buffer compresses away)\n"
	"  --rate-iops N      at most N IOs per second\n"
	"  --arrivals A       with --rate-iops: paced (default; closed loop, the\n"
	"                     schedule slips when no slot is free), uniform or\n"
	"                     poisson (open loop: response time is also measured\n"
	"                     from each IO's scheduled arrival)\n"
	"  --open-loop        the same as --arrivals uniform\n"
	"  --runtime TIME     how long to measure, after the ramp\n"
	"  --ios N            how many IOs in all, ramp included\n"
	"                     (a run needs --runtime or --ios, or both)\n"
	"  --ramp TIME        time at the start left out of the statistics\n"
	"  --cpu N            CPU the worker thread is bound to\n"
	"  --seed N           seed of the offsets and data (default 0)\n"
	"  --slowest N        keep the N slowest IOs, 0 .. 4096 (default 64): in\n"
	"                     the JSON results, and ssdk ctl results --slowest\n"
	"  --ts-interval TIME the time series' interval, 10ms or more (default\n"
	"                     1s): ssdk ctl status --follow, results --text\n"
	"  --capture-over TIME  also record every IO at least this slow (up to\n"
	"                     the module's capture_max, 16384): results --captured\n"
	"  --max-errors N     IO errors to go on through: the next one fails the\n"
	"                     run (default 0: the first error ends it; a removed\n"
	"                     target ends it whatever N); failed IOs are counted\n"
	"                     per op, never in the latencies\n"
	"  --continue-on-error  no IO error ends the run\n"
	"  --owned            the run stops when this process exits or is killed\n"
	"                     (its netlink socket closes); without it a run\n"
	"                     outlives its controller\n"
	"  --allow-write      consent to write: write and randwrite DESTROY the\n"
	"                     data on the target; refused when it is mounted\n"
	"  -q, --quiet        no progress line\n"
	"  -j, --json         results (run) or {\"id\": N} (start) as JSON\n"
	"\n"
	"SIZE takes k, m, g, t suffixes (powers of two: 4k = 4096); TIME takes\n"
	"ns, us, ms, s, m, h (a bare number is seconds). MB/s in the results\n"
	"is 10^6 bytes per second, MiB/s 2^20.\n";

enum run_option {
	OPT_TARGET, OPT_RW, OPT_BS, OPT_IODEPTH, OPT_OFFSET, OPT_SPAN,
	OPT_RUNTIME, OPT_IOS, OPT_RAMP, OPT_CPU, OPT_SEED, OPT_ALLOW_WRITE,
	OPT_QUIET, OPT_RWMIXREAD, OPT_BSSPLIT, OPT_ALIGN, OPT_ALIGN_OFFSET, OPT_STRIDE,
	OPT_PATTERN, OPT_RATE_IOPS, OPT_ARRIVALS, OPT_OPEN_LOOP, OPT_WORKERS, OPT_CPUS,
	OPT_PROFILE, OPT_ENGINES, OPT_ENGINE, OPT_BUFFERED, OPT_FILE, OPT_FILE_SIZE, OPT_SLOWEST, OPT_TS_INTERVAL, OPT_CAPTURE_OVER,
	OPT_MAX_ERRORS, OPT_CONTINUE_ON_ERROR, OPT_OWNED,
};

static const struct option run_options[] = {
	[OPT_TARGET] = { "target", required_argument, NULL, 0 },
	[OPT_RW] = { "rw", required_argument, NULL, 0 },
	[OPT_BS] = { "bs", required_argument, NULL, 0 },
	[OPT_IODEPTH] = { "iodepth", required_argument, NULL, 0 },
	[OPT_OFFSET] = { "offset", required_argument, NULL, 0 },
	[OPT_SPAN] = { "span", required_argument, NULL, 0 },
	[OPT_RUNTIME] = { "runtime", required_argument, NULL, 0 },
	[OPT_IOS] = { "ios", required_argument, NULL, 0 },
	[OPT_RAMP] = { "ramp", required_argument, NULL, 0 },
	[OPT_CPU] = { "cpu", required_argument, NULL, 0 },
	[OPT_SEED] = { "seed", required_argument, NULL, 0 },
	[OPT_ALLOW_WRITE] = { "allow-write", no_argument, NULL, 0 },
	[OPT_QUIET] = { "quiet", no_argument, NULL, 'q' },
	[OPT_RWMIXREAD] = { "rwmixread", required_argument, NULL, 0 },
	[OPT_BSSPLIT] = { "bssplit", required_argument, NULL, 0 },
	[OPT_ALIGN] = { "align", required_argument, NULL, 0 },
	[OPT_ALIGN_OFFSET] = { "align-offset", required_argument, NULL, 0 },
	[OPT_STRIDE] = { "stride", required_argument, NULL, 0 },
	[OPT_PATTERN] = { "pattern", required_argument, NULL, 0 },
	[OPT_RATE_IOPS] = { "rate-iops", required_argument, NULL, 0 },
	[OPT_ARRIVALS] = { "arrivals", required_argument, NULL, 0 },
	[OPT_OPEN_LOOP] = { "open-loop", no_argument, NULL, 0 },
	[OPT_WORKERS] = { "workers", required_argument, NULL, 0 },
	[OPT_CPUS] = { "cpus", required_argument, NULL, 0 },
	[OPT_PROFILE] = { "profile", required_argument, NULL, 0 },
	[OPT_ENGINES] = { "engines", required_argument, NULL, 0 },
	[OPT_ENGINE] = { "engine", required_argument, NULL, 0 },
	[OPT_BUFFERED] = { "buffered", no_argument, NULL, 0 },
	[OPT_FILE] = { "file", required_argument, NULL, 0 },
	[OPT_FILE_SIZE] = { "file-size", required_argument, NULL, 0 },
	[OPT_SLOWEST] = { "slowest", required_argument, NULL, 0 },
	[OPT_TS_INTERVAL] = { "ts-interval", required_argument, NULL, 0 },
	[OPT_CAPTURE_OVER] = { "capture-over", required_argument, NULL, 0 },
	[OPT_MAX_ERRORS] = { "max-errors", required_argument, NULL, 0 },
	[OPT_CONTINUE_ON_ERROR] = { "continue-on-error", no_argument, NULL, 0 },
	[OPT_OWNED] = { "owned", no_argument, NULL, 0 },
	{ NULL, 0, NULL, 0 },
};

struct run_args {
	struct ssdk_run_config cfg;
	const char *cmd;
	int mode;
	const char *targets[MAX_TARGETS];
	unsigned int nr_targets;
	uint32_t workers;
	int32_t cpus[JOBS_MAX];
	unsigned int nr_cpus;
	uint32_t qds[MAX_POINTS];
	unsigned int nr_qds;
	char engines[256];
	const char *file;
	uint64_t file_size;
	int has_target;
	int has_bs;
	int has_rwmixread;
	int has_pattern;
	int has_arrivals;
	int quiet;
};

static int bad_value(struct cli *cli, const struct run_args *a, int idx, const char *arg,
		     int err, const char *kind)
{
	return usage_error(cli, a->cmd, "--%s: '%s' %s", run_options[idx].name, arg,
			   err == -ERANGE ? "is too large" : kind);
}

static int parse_u32_opt(struct cli *cli, struct run_args *a, int idx, const char *arg,
			 uint32_t *out)
{
	int err = parse_u32(arg, out);

	return err ? bad_value(cli, a, idx, arg, err, "is not a number") : 0;
}

/*
 * A list of numbers, N,N,... with ranges A-B when @ranges: CPUs, or the
 * iodepths of a sweep.
 */
static int parse_list(struct cli *cli, struct run_args *a, int idx, const char *arg,
		      uint32_t *out, unsigned int max, unsigned int *nr, int ranges)
{
	char buf[256], *tok, *save, *dash;
	uint32_t lo, hi;

	if (strlen(arg) >= sizeof(buf))
		return bad_value(cli, a, idx, arg, -ERANGE, "");
	strcpy(buf, arg);
	*nr = 0;
	for (tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		dash = ranges ? strchr(tok, '-') : NULL;
		if (dash)
			*dash = '\0';
		if (parse_u32(tok, &lo) || (dash && parse_u32(dash + 1, &hi)))
			goto bad;
		if (!dash)
			hi = lo;
		if (hi < lo || (uint64_t)*nr + (hi - lo) >= max)
			goto bad;
		while (lo <= hi)
			out[(*nr)++] = lo++;
	}
	if (*nr)
		return 0;
bad:
	return usage_error(cli, a->cmd, "--%s: '%s' is not a list of at most %u %s", run_options[idx].name,
			   arg, max, ranges ? "numbers (N,N,A-B)" : "numbers (N,N,...)");
}

/* The options that take a size, each with its own limits. */
static int run_size_option(struct cli *cli, struct run_args *a, int idx, const char *arg)
{
	struct ssdk_run_config *c = &a->cfg;
	uint64_t v;
	int err;

	err = parse_size(arg, &v);
	if (err)
		return bad_value(cli, a, idx, arg, err, "is not a size");
	if (idx != OPT_OFFSET && idx != OPT_SPAN && idx != OPT_STRIDE && v > UINT32_MAX)
		return bad_value(cli, a, idx, arg, -ERANGE, "");
	if (!v && (idx == OPT_SPAN || idx == OPT_ALIGN || idx == OPT_STRIDE))
		return usage_error(cli, a->cmd, "--%s: must not be 0", run_options[idx].name);
	switch (idx) {
	case OPT_BS:
		c->bs = v;
		a->has_bs = 1;
		break;
	case OPT_OFFSET:
		c->offset = v;
		break;
	case OPT_SPAN:
		c->span = v;
		break;
	case OPT_ALIGN:
		c->align = v;
		break;
	case OPT_ALIGN_OFFSET:
		c->align_offset = v;
		break;
	default:
		c->stride = v;
	}
	return 0;
}

static int run_option(struct cli *cli, int idx, const char *arg, void *ctx)
{
	struct run_args *a = ctx;
	struct ssdk_run_config *c = &a->cfg;
	uint64_t v = 0;
	int err;

	switch (idx) {
	case OPT_TARGET:
		if (strlen(arg) >= sizeof(c->target))
			return usage_error(cli, a->cmd, "--target: path too long");
		if (a->nr_targets == MAX_TARGETS)
			return usage_error(cli, a->cmd, "--target: at most %d", MAX_TARGETS);
		a->targets[a->nr_targets++] = arg;
		strcpy(c->target, a->targets[0]);
		a->has_target = 1;
		return 0;
	case OPT_WORKERS:
		err = parse_u32(arg, &a->workers);
		if (!err && (!a->workers || a->workers > JOBS_MAX))
			err = -ERANGE;
		return err ? bad_value(cli, a, idx, arg, -EINVAL, "is not a count (1 .. 64)") : 0;
	case OPT_CPUS:
		return parse_list(cli, a, idx, arg, (uint32_t *)a->cpus, JOBS_MAX, &a->nr_cpus, 1);
	case OPT_PROFILE:
		return 0;	/* applied before the other options */
	case OPT_ENGINES:
		if (a->mode != CTL_COMPARE)
			return usage_error(cli, a->cmd, "--engines: only for ssdk compare");
		if (strlen(arg) >= sizeof(a->engines))
			return bad_value(cli, a, idx, arg, -ERANGE, "");
		strcpy(a->engines, arg);
		return 0;
	case OPT_ENGINE:
		if (a->mode == CTL_COMPARE)
			return usage_error(cli, a->cmd, "--engine: compare takes --engines");
		if (parse_engine(arg, &c->engine))
			return bad_value(cli, a, idx, arg, -EINVAL, "is neither bio nor kfile");
		return 0;
	case OPT_BUFFERED:
		c->buffered = 1;
		return 0;
	case OPT_FILE:
		if (a->mode != CTL_COMPARE)
			return usage_error(cli, a->cmd,
					   "--file: only for ssdk compare (run and start: --engine kfile --target FILE)");
		a->file = arg;
		return 0;
	case OPT_FILE_SIZE:
		err = parse_size(arg, &a->file_size);
		if (!err && !a->file_size)
			err = -EINVAL;
		return err ? bad_value(cli, a, idx, arg, err, "is not a size") : 0;
	case OPT_SLOWEST:
		err = parse_u32(arg, &c->slowest_n);
		if (!err && c->slowest_n > SSDK_MAX_SLOWEST)
			err = -ERANGE;
		return err ? bad_value(cli, a, idx, arg, -EINVAL, "is not a count (0 .. 4096)") : 0;
	case OPT_RW:
		if (parse_rw(arg, &c->rw))
			return usage_error(cli, a->cmd,
					   "--rw: '%s' is none of read, write, randread, randwrite", arg);
		return 0;
	case OPT_IODEPTH:
		if (a->mode == CTL_SWEEP)
			return parse_list(cli, a, idx, arg, a->qds, MAX_POINTS, &a->nr_qds, 0);
		return parse_u32_opt(cli, a, idx, arg, &c->iodepth);
	case OPT_CPU:
		err = parse_u32_opt(cli, a, idx, arg, (uint32_t *)&c->cpu);
		if (!err && c->cpu < 0)
			return bad_value(cli, a, idx, arg, -ERANGE, "");
		return err;
	case OPT_ALLOW_WRITE:
		c->allow_write = 1;
		return 0;
	case OPT_QUIET:
		a->quiet = 1;
		return 0;
	case OPT_BS:
	case OPT_OFFSET:
	case OPT_SPAN:
	case OPT_ALIGN:
	case OPT_ALIGN_OFFSET:
	case OPT_STRIDE:
		return run_size_option(cli, a, idx, arg);
	case OPT_RWMIXREAD:
		err = parse_u32(arg, &c->rwmixread);
		if (!err && c->rwmixread > 100)
			err = -ERANGE;
		a->has_rwmixread = 1;
		return err ? bad_value(cli, a, idx, arg, -EINVAL, "is not a percentage (0 .. 100)") : 0;
	case OPT_BSSPLIT:
		err = parse_bssplit(arg, c);
		return err ? bad_value(cli, a, idx, arg, -EINVAL,
				       "is not a list SIZE/PCT:SIZE/PCT... of at most 16 entries adding up to 100") : 0;
	case OPT_PATTERN:
		err = parse_pattern(arg, c);
		a->has_pattern = 1;
		return err ? bad_value(cli, a, idx, arg, -EINVAL,
				       "is none of random, zeros, repeat:BYTE (0 .. 255), compressible:PCT (0 .. 99)") : 0;
	case OPT_RATE_IOPS:
		err = parse_u32(arg, &c->rate_iops);
		if (!err && !c->rate_iops)
			err = -EINVAL;
		return err ? bad_value(cli, a, idx, arg, err, "is not a rate (1 .. 4294967295)") : 0;
	case OPT_ARRIVALS:
		a->has_arrivals = 1;
		if (parse_arrivals(arg, &c->arrivals))
			return bad_value(cli, a, idx, arg, -EINVAL, "is none of paced, uniform, poisson");
		return 0;
	case OPT_OPEN_LOOP:
		a->has_arrivals = 1;
		c->arrivals = SSDK_ARRIVALS_UNIFORM;
		return 0;
	case OPT_MAX_ERRORS:
		err = parse_u64(arg, &c->max_errors);
		return err ? bad_value(cli, a, idx, arg, err, "is not a number") : 0;
	case OPT_CONTINUE_ON_ERROR:
		c->max_errors = UINT64_MAX;
		return 0;
	case OPT_OWNED:
		c->owned = 1;
		return 0;
	case OPT_CAPTURE_OVER:
		err = parse_duration_ns(arg, &c->capture_over_ns);
		if (!err && !c->capture_over_ns)
			err = -EINVAL;
		return err ? bad_value(cli, a, idx, arg, -EINVAL, "is not a duration above 0") : 0;
	case OPT_TS_INTERVAL:
		err = parse_duration_ns(arg, &c->ts_interval_ns);
		if (!err && c->ts_interval_ns < 10000000)
			err = -EINVAL;
		return err ? bad_value(cli, a, idx, arg, -EINVAL,
				       "is not a duration of 10ms or more") : 0;
	case OPT_RUNTIME:
	case OPT_RAMP:
		err = parse_duration_ns(arg, &v);
		if (err)
			return bad_value(cli, a, idx, arg, err, "is not a duration (e.g. 10s, 500ms, 3m)");
		*(idx == OPT_RUNTIME ? &c->runtime_ns : &c->ramp_ns) = v;
		return 0;
	case OPT_IOS:
	case OPT_SEED:
		err = parse_u64(arg, &v);
		if (err)
			return bad_value(cli, a, idx, arg, err, "is not a number");
		*(idx == OPT_IOS ? &c->ios : &c->seed) = v;
		return 0;
	}
	return EXIT_USAGE;
}

/* Options that only apply with others, which the library would not send. */
static int check_run_args(struct cli *cli, const struct run_args *a)
{
	const struct ssdk_run_config *c = &a->cfg;

	if (a->has_bs && c->nr_bs)
		return -usage_error(cli, a->cmd, "--bs and --bssplit exclude each other");
	if (a->has_rwmixread && !rw_mixed(c->rw))
		return -usage_error(cli, a->cmd, "--rwmixread: only with --rw randrw or readwrite");
	if (a->has_pattern && !config_writes(c))
		return -usage_error(cli, a->cmd, "--pattern: the run does not write");
	if (a->has_arrivals && !c->rate_iops)
		return -usage_error(cli, a->cmd, "--arrivals and --open-loop need --rate-iops");
	if (c->stride && !rw_sequential(c->rw))
		return -usage_error(cli, a->cmd, "--stride: only for read, write and readwrite");
	if (c->buffered && c->engine != SSDK_ENGINE_KFILE && a->mode != CTL_COMPARE)
		return -usage_error(cli, a->cmd, "--buffered: only with --engine kfile");
	if (c->buffered && c->iodepth > 1)
		return -usage_error(cli, a->cmd,
				    "--buffered: file IO through the page cache completes in its submitter; it needs --iodepth 1");
	if (c->owned && a->mode == CTL_START)
		return -usage_error(cli, a->cmd,
				    "--owned: the run would stop as start returns; use ssdk ctl run");
	if (a->file_size && c->engine != SSDK_ENGINE_KFILE && !a->file)
		return -usage_error(cli, a->cmd,
				    "--file-size: lays out a file: with --engine kfile, or compare's --file");
	if (config_writes(c) && !c->allow_write)
		return -usage_error(cli, a->cmd,
				    "--rw %s destroys the data on %s: add --allow-write to consent",
				    rw_name(c->rw), c->target);
	return 0;
}

/*
 * A --profile's options, parsed as if they came first on the command line,
 * so that the command line's own override them. Return: 0 or -EXIT_USAGE.
 */
static int apply_profile(struct cli *cli, int argc, char **argv, struct run_args *a)
{
	const struct profile *p = NULL;
	char buf[512], *args[64], *save;
	const char *name = NULL;
	int i, n = 1;

	for (i = 1; i < argc && strcmp(argv[i], "--"); i++) {
		if (!strcmp(argv[i], "--profile") && i + 1 < argc)
			name = argv[i + 1];
		else if (!strncmp(argv[i], "--profile=", 10))
			name = argv[i] + 10;
	}
	if (!name)
		return 0;
	p = profile_find(name);
	if (!p)
		return -usage_error(cli, a->cmd, "--profile: no profile '%s' (see ssdk ctl profiles)",
				    name);
	if (p->sweep != (a->mode == CTL_SWEEP))
		return -usage_error(cli, a->cmd, "--profile %s is for ssdk ctl %s", name,
				    p->sweep ? "sweep" : "run or start");
	snprintf(buf, sizeof(buf), "%s", p->args);
	args[0] = (char *)a->cmd;
	for (args[n] = strtok_r(buf, " ", &save); args[n] && n < 63;
	     args[++n] = strtok_r(NULL, " ", &save))
		;
	i = parse_common(cli, a->cmd, run_help, n, args, run_options, run_option, a);
	return i < 0 ? i : 0;
}

/* Parse and check what the CLI can check; the module checks the rest. */
static int parse_run_args(struct cli *cli, int argc, char **argv, struct run_args *a)
{
	int i;

	ssdk_config_init(&a->cfg);
	a->workers = 1;
	i = apply_profile(cli, argc, argv, a);
	if (i)
		return i;
	i = parse_common(cli, a->cmd, run_help, argc, argv, run_options, run_option, a);
	if (i < 0)
		return i;
	if (i < argc)
		return -usage_error(cli, a->cmd, "unexpected argument '%s'", argv[i]);
	if (!a->has_target)
		return -usage_error(cli, a->cmd, "--target DEV is needed");
	if (!a->cfg.runtime_ns && !a->cfg.ios)
		return -usage_error(cli, a->cmd, "--runtime or --ios is needed");
	if (a->mode == CTL_SWEEP && !a->nr_qds)
		return -usage_error(cli, a->cmd, "--iodepth N,N,... is needed");
	if (a->mode == CTL_COMPARE && (!a->engines[0] || a->nr_targets != 1 || a->workers != 1))
		return -usage_error(cli, a->cmd, "compare needs --engines, one --target, one worker");
	if (a->mode == CTL_COMPARE && compare_check_engines(cli, a->engines, a->file != NULL))
		return -EXIT_USAGE;
	if (a->mode == CTL_COMPARE && config_writes(&a->cfg))
		return -usage_error(cli, a->cmd, "compare reads: --rw read or randread");
	if ((uint64_t)a->nr_targets * a->workers > JOBS_MAX)
		return -usage_error(cli, a->cmd, "targets x workers: more than %d runs", JOBS_MAX);
	return check_run_args(cli, a);
}

/* One run per target and worker: their configurations. */
static void make_jobs(const struct run_args *a, struct jobs *jobs)
{
	unsigned int t, w, n = 0;

	for (t = 0; t < a->nr_targets; t++) {
		for (w = 0; w < a->workers; w++, n++) {
			jobs->cfg[n] = a->cfg;
			strcpy(jobs->cfg[n].target, a->targets[t]);
			jobs->cfg[n].seed = a->cfg.seed + n;
			if (a->nr_cpus)
				jobs->cfg[n].cpu = a->cpus[n % a->nr_cpus];
		}
	}
	jobs->nr = n;
}

/*
 * --file-size: lay out the files the runs use (kfile targets, or
 * compare's --file) before any run starts, so that layout is not measured.
 */
static int layout_files(struct cli *cli, const struct run_args *a)
{
	char err[256];
	unsigned int i;

	if (!a->file_size)
		return 0;
	if (a->file)
		return layout_file(a->file, a->file_size, a->cfg.seed, err, sizeof(err)) ?
		       runtime_error(cli, "--file-size: %s", err) : 0;
	for (i = 0; i < a->nr_targets; i++)
		if (layout_file(a->targets[i], a->file_size, a->cfg.seed, err, sizeof(err)))
			return runtime_error(cli, "--file-size: %s", err);
	return 0;
}

/* start: the new runs' ids. */
static int start_jobs(struct cli *cli, struct ssdk *h, struct jobs *jobs)
{
	unsigned int i;
	int err = jobs_start(cli, h, jobs);

	if (err)
		return err;
	if (jobs->nr == 1) {
		printf(cli->json ? "{\"id\": %u}\n" : "%u\n", jobs->id[0]);
		return 0;
	}
	printf(cli->json ? "{\"ids\": [" : "");
	for (i = 0; i < jobs->nr; i++)
		printf(cli->json ? "%s%u" : "%s%u\n", cli->json && i ? ", " : "", jobs->id[i]);
	printf(cli->json ? "]}\n" : "");
	return 0;
}

/* sweep: a run per iodepth, a row (or a JSON element) per point. */
static int sweep_jobs(struct cli *cli, struct ssdk *h, const struct run_args *a,
		      struct jobs *jobs, int progress)
{
	struct run_args point = *a;
	unsigned int i;
	struct json j;
	int err = 0;

	if (cli->json) {
		json_init(&j, stdout);
		json_array_begin(&j, NULL, 0);
	}
	for (i = 0; i < a->nr_qds && !err; i++) {
		point.cfg.iodepth = a->qds[i];
		make_jobs(&point, jobs);
		err = jobs_run(cli, h, jobs, progress);
		if (jobs->total.id && cli->json)
			jobs_print(cli, &j, jobs);
		else if (jobs->total.id)
			jobs_sweep_row(jobs, i == 0);
		jobs_free(jobs);
		memset(&jobs->total, 0, sizeof(jobs->total));
	}
	if (cli->json) {
		json_array_end(&j);
		json_finish(&j);
	}
	return err;
}

/**
 * ctl_run() - ssdk ctl run, start, sweep, or ssdk compare.
 * @cli: Settings.
 * @argc: Arguments, the command's name first.
 * @argv: Arguments.
 * @mode: CTL_RUN, CTL_START, CTL_SWEEP or CTL_COMPARE.
 *
 * Return: The exit status.
 */
int ctl_run(struct cli *cli, int argc, char **argv, int mode)
{
	static const char *const names[] = { "run", "start", "sweep", "compare" };
	struct run_args a = { .cmd = names[mode], .mode = mode };
	int progress, err;
	struct jobs *jobs;
	struct ssdk *h;
	struct json j;

	err = parse_run_args(cli, argc, argv, &a);
	if (err)
		return err == -1 ? 0 : -err;
	jobs = calloc(1, sizeof(*jobs));
	if (!jobs)
		return runtime_error(cli, "out of memory");
	err = cli_connect(cli, &h);
	if (err)
		goto out_free;
	progress = !a.quiet && isatty(STDERR_FILENO);
	make_jobs(&a, jobs);
	err = layout_files(cli, &a);
	if (err)
		goto out_close;
	if (mode == CTL_START) {
		err = start_jobs(cli, h, jobs);
	} else if (mode == CTL_COMPARE) {
		err = compare_run(cli, h, &a.cfg, a.file, a.engines, progress);
	} else if (mode == CTL_SWEEP) {
		err = sweep_jobs(cli, h, &a, jobs, progress);
	} else {
		err = jobs_run(cli, h, jobs, progress);
		if (jobs->total.id) {
			if (cli->json)
				json_init(&j, stdout);
			jobs_print(cli, &j, jobs);
			if (cli->json)
				json_finish(&j);
		}
	}
out_close:
	ssdk_close(h);
out_free:
	jobs_free(jobs);
	free(jobs);
	return err;
}
