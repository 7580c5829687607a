// SPDX-License-Identifier: GPL-2.0
/*
 * ssdk ctl run and ssdk ctl start: a workload's options, starting it, and
 * for run, following it to its end with a progress line and printing its
 * results. Ctrl-C stops the run; its partial results are printed.
 */

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <linux/ssdk.h>

#include "cli.h"
#include "opts.h"
#include "report.h"

static const char run_help[] =
	"usage: ssdk ctl run|start --target DEV [OPTIONS]\n"
	"\n"
	"Run a workload on a block device from a kernel thread. `run` shows a\n"
	"progress line, waits for the end and prints the results (Ctrl-C stops\n"
	"the run and prints partial results); `start` prints the new run's id\n"
	"and returns (then: ssdk ctl wait|status|stop|results ID).\n"
	"\n"
	"  --target DEV       the block device (whole disk or partition)\n"
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
	OPT_PATTERN, OPT_RATE_IOPS, OPT_ARRIVALS, OPT_OPEN_LOOP,
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
	{ NULL, 0, NULL, 0 },
};

struct run_args {
	struct ssdk_run_config cfg;
	const char *cmd;
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
		strcpy(c->target, arg);
		a->has_target = 1;
		return 0;
	case OPT_RW:
		if (parse_rw(arg, &c->rw))
			return usage_error(cli, a->cmd,
					   "--rw: '%s' is none of read, write, randread, randwrite", arg);
		return 0;
	case OPT_IODEPTH:
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
	if (config_writes(c) && !c->allow_write)
		return -usage_error(cli, a->cmd,
				    "--rw %s destroys the data on %s: add --allow-write to consent",
				    rw_name(c->rw), c->target);
	return 0;
}

/* Parse and check what the CLI can check; the module checks the rest. */
static int parse_run_args(struct cli *cli, int argc, char **argv, struct run_args *a)
{
	int i;

	ssdk_config_init(&a->cfg);
	i = parse_common(cli, a->cmd, run_help, argc, argv, run_options, run_option, a);
	if (i < 0)
		return i;
	if (i < argc)
		return -usage_error(cli, a->cmd, "unexpected argument '%s'", argv[i]);
	if (!a->has_target)
		return -usage_error(cli, a->cmd, "--target DEV is needed");
	if (!a->cfg.runtime_ns && !a->cfg.ios)
		return -usage_error(cli, a->cmd, "--runtime or --ios is needed");
	return check_run_args(cli, a);
}

static volatile sig_atomic_t got_signal;

static void on_signal(int sig)
{
	got_signal = sig;
}

/* SIGINT and SIGTERM interrupt the wait (no SA_RESTART) and stop the run. */
static void catch_signals(void)
{
	struct sigaction sa = { .sa_handler = on_signal };

	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
}

/*
 * Follow run @id to its end, drawing progress on stderr when it is a
 * terminal; stop it on a signal. Return: 0, EXIT_SIGINT, or EXIT_RUNTIME.
 */
static int follow_run(struct cli *cli, struct ssdk *h, uint32_t id, int progress)
{
	struct ssdk_run_status st;
	int err;

	catch_signals();
	for (;;) {
		err = got_signal ? -EINTR : ssdk_run_wait(h, id, 1000);
		if (!err)
			break;
		if (err == -ETIMEDOUT) {
			if (progress && !ssdk_run_get(h, id, &st))
				report_progress(stderr, &st);
			continue;
		}
		if (progress)
			fputs("\r\033[K", stderr);
		if (err == -EINTR && got_signal) {
			if (ssdk_run_stop(h, id) < 0)
				return runtime_error(cli, "run %u: %s", id, ssdk_last_error(h));
			fprintf(stderr, "%s: run %u stopped by signal: the results are partial\n",
				cli->prog, id);
			return EXIT_SIGINT;
		}
		if (err == -EINTR)
			continue;
		return runtime_error(cli, "run %u: %s (it goes on: see 'ssdk ctl status %u')",
				     id, ssdk_last_error(h), id);
	}
	if (progress)
		fputs("\r\033[K", stderr);
	return 0;
}

/**
 * ctl_run() - ssdk ctl run, or ssdk ctl start.
 * @cli: Settings.
 * @argc: Arguments, the command's name first.
 * @argv: Arguments.
 * @wait: Non-zero for run: follow the run and print its results.
 *
 * Return: The exit status.
 */
int ctl_run(struct cli *cli, int argc, char **argv, int wait)
{
	struct run_args a = { .cmd = wait ? "run" : "start" };
	struct ssdk_run_status st;
	struct ssdk *h;
	uint32_t id;
	int err;

	err = parse_run_args(cli, argc, argv, &a);
	if (err)
		return err == -1 ? 0 : -err;
	err = cli_connect(cli, &h);
	if (err)
		return err;
	if (ssdk_run_start(h, &a.cfg, &id) < 0) {
		err = runtime_error(cli, "cannot start the run: %s", ssdk_last_error(h));
		goto out;
	}
	if (!wait) {
		printf(cli->json ? "{\"id\": %u}\n" : "%u\n", id);
		goto out;
	}
	err = follow_run(cli, h, id, !a.quiet && isatty(STDERR_FILENO));
	if (err && err != EXIT_SIGINT)
		goto out;
	if (print_results(cli, h, id, &st))
		err = EXIT_RUNTIME;
	else if (!err && st.state == SSDK_STATE_FAILED)
		err = EXIT_RUNTIME;
out:
	ssdk_close(h);
	return err;
}
