// SPDX-License-Identifier: GPL-2.0
/*
 * ssdk trace: traces of real use. summary reads a file that blktrace or
 * fio recorded (libssdk's ssdk_trace_read()) and prints what storage
 * reviews quote of one, and dump its IOs; make writes a synthetic one
 * from a described mix (trace_make.c); record records a device's IOs
 * through the kernel's block tracing (trace_record.c). None needs the
 * module.
 */

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "commands.h"
#include "trace_make.h"
#include "trace_print.h"
#include "trace_record.h"
#include "values.h"

/* The trace file that is a command's one operand, read. Return: an exit status. */
static int trace_operand(struct cli *cli, const struct cli_cmd *cmd, int argc, char **argv,
			 const char **path, struct ssdk_trace **t)
{
	char err[SSDK_ERROR_LEN];
	int first, ret;

	ret = args_parse(cli, cmd, argc, argv, NULL, NULL, &first);
	if (ret)
		return ret;
	if (argc - first != 1)
		return usage_error(cli, "one trace file is needed");
	*path = argv[first];
	if (ssdk_trace_read(*path, t, err, sizeof(err)) < 0)
		return runtime_error(cli, "%s", err);
	return 0;
}

static int trace_summary_run(struct cli *cli, int argc, char **argv)
{
	struct ssdk_trace_summary s;
	struct ssdk_trace *t;
	const char *path;
	int ret;

	ret = trace_operand(cli, &cmd_trace_summary, argc, argv, &path, &t);
	if (ret)
		return ret;
	ret = ssdk_trace_summarize(t, &s);
	ssdk_trace_free(t);
	if (ret < 0)
		return runtime_error(cli, "%s: out of memory", path);
	trace_print(&cli->out)->summary(&cli->out, path, &s);
	return 0;
}

const struct cli_cmd cmd_trace_summary = {
	.name = "summary",
	.group = "trace",
	.usage = "ssdk trace summary FILE",
	.about = "What a trace holds, as storage reviews quote it: its IOs and bytes by op,\n"
		 "the share of each request size, the sequential share, the queue depths\n"
		 "seen, the time between arrivals, the footprint (distinct bytes touched)\n"
		 "and the duration. FILE is blktrace's binary records (one device's,\n"
		 "merged from every CPU: blktrace -o -, or blkparse -d) or fio's iolog,\n"
		 "version 2 or 3; its format is found from its first bytes.\n",
	.summary = "sum up a trace file (blktrace, fio iolog)",
	.run = trace_summary_run,
	.operand = CLI_FILE,
};

static int trace_dump_run(struct cli *cli, int argc, char **argv)
{
	struct ssdk_trace *t;
	const char *path;
	int ret;

	ret = trace_operand(cli, &cmd_trace_dump, argc, argv, &path, &t);
	if (ret)
		return ret;
	trace_print(&cli->out)->ios(&cli->out, path, ssdk_trace_ios(t), ssdk_trace_nr(t));
	ssdk_trace_free(t);
	return 0;
}

const struct cli_cmd cmd_trace_dump = {
	.name = "dump",
	.group = "trace",
	.usage = "ssdk trace dump FILE",
	.about = "A trace's IOs as ssdk reads them, in arrival order, a line each: the\n"
		 "arrival in ns from the first (0 when the format has no time), the op, the\n"
		 "offset and length in bytes, and the IOs in flight as it arrived, itself\n"
		 "included (0 when the format does not tell). FILE is any that ssdk trace\n"
		 "summary reads. -j: {\"path\", \"ios\": [{\"t_ns\", \"op\", \"offset\", \"len\", \"qd\"}]}.\n",
	.summary = "a trace's IOs, one a line",
	.run = trace_dump_run,
	.operand = CLI_FILE,
};

enum { OPT_TARGET, OPT_OUT, OPT_DURATION, OPT_BUFFER };

static const struct cli_opt record_opts[] = {
	[OPT_TARGET] = { "target", 't', "DEV", 0,
		"the block device whose IOs are recorded; required", 0 },
	[OPT_OUT] = { "out", 'o', "FILE", 0,
		"the file to write, blktrace's binary records; required. Best on another device: "
		"its writes are recorded too", 0 },
	[OPT_DURATION] = { "duration", 'd', "TIME", 0,
		"how long to record (default: until Ctrl-C or SIGTERM, which stop it sooner too)",
		0 },
	[OPT_BUFFER] = { "buffer", 0, "SIZE", 0,
		"the kernel's memory per CPU for the events not read yet, 64 KiB to 1 GiB "
		"(default 2 MiB, blktrace's): the kernel drops events when it is full", 0 },
	{ 0 },
};

static int record_opt(struct cli *cli, const struct cli_opt *o, const char *arg, void *ctx)
{
	struct trace_record_args *a = ctx;

	switch (o - record_opts) {
	case OPT_TARGET:
		a->target = arg;
		break;
	case OPT_OUT:
		a->out = arg;
		break;
	case OPT_DURATION:
		if (ssdk_parse_duration_ns(arg, &a->duration_ns) || !a->duration_ns)
			return usage_error(cli, "--duration: '%s' is not a duration (e.g. 10s, 500ms, 3m)",
					   arg);
		break;
	case OPT_BUFFER:
		if (ssdk_parse_size(arg, &a->buffer) || a->buffer < TRACE_RECORD_MIN_BUFFER ||
		    a->buffer > TRACE_RECORD_MAX_BUFFER)
			return usage_error(cli, "--buffer: '%s' is not a size from 64k to 1g", arg);
		break;
	}
	return 0;
}

static void record_started(const struct trace_record_args *a)
{
	char d[32];

	if (a->duration_ns)
		fprintf(stderr, "ssdk trace record: recording %s for %s (Ctrl-C stops it sooner)\n",
			a->target, ssdk_fmt_duration(d, sizeof(d), a->duration_ns));
	else
		fprintf(stderr, "ssdk trace record: recording %s until Ctrl-C\n", a->target);
}

static int trace_record_run(struct cli *cli, int argc, char **argv)
{
	struct trace_record_args a = { .buffer = TRACE_RECORD_BUFFER, .stop = cli_signalled,
				       .started = record_started };
	struct trace_recorded r;
	char why[512];
	int first, ret;

	ret = args_parse(cli, &cmd_trace_record, argc, argv, record_opt, &a, &first);
	if (ret)
		return ret;
	if (argc > first)
		return usage_error(cli, "no operand: the trace goes to --out FILE");
	if (!a.target || !a.out)
		return usage_error(cli, "--target DEV and --out FILE are needed");
	/* Before the trace is set up: a signal stops it, and it is torn down. */
	cli_catch_signals();
	if (trace_record(&a, &r, why, sizeof(why)))
		return runtime_error(cli, "%s", why);
	if (r.dropped || r.torn)
		fprintf(stderr,
			"%s: %s: %" PRIu64 " events dropped (the kernel's buffers were full), %" PRIu64 " bytes of records left out: the trace lacks IOs and its depths may be off; a larger --buffer drops fewer\n",
			cli->prog, a.out, r.dropped, r.torn);
	trace_print(&cli->out)->recorded(&cli->out, &r);
	return 0;
}

const struct cli_cmd cmd_trace_record = {
	.name = "record",
	.group = "trace",
	.usage = "ssdk trace record --target DEV --out FILE [--duration TIME]",
	.about = "Record the IOs that reach a block device, whatever sends them, through the\n"
		 "kernel's block tracing, as blktrace does (it is not needed): the file holds\n"
		 "blktrace's binary records of every CPU, which ssdk trace summary and dump\n"
		 "read (each IO's time, op, offset, length and the queue depth it found), and\n"
		 "blkparse -i - too. Needs root. The file is written beside its place and\n"
		 "moved there, whole or not at all; the device is left with no trace set up,\n"
		 "also after Ctrl-C. Events the kernel dropped are said, and the file kept.\n",
	.summary = "record a block device's IOs (blktrace's format)",
	.opts = record_opts,
	.run = trace_record_run,
};

/* What ssdk trace make is told. */
struct trace_make_args {
	struct trace_recipe r;
	struct ssdk_run_config c;	/* the options the spec names */
	const char *out;
	int bs_split;
};

static const struct cli_opt make_opts[] = {
	{ "out", 'o', "FILE", 0, "the trace file to write (fio iolog, version 3); required", 0 },
	{ NULL, 'n', "N", SSDK_A_RUN_IOS, "IOs of the trace; required", 0 },
	{ NULL, 0, "SIZE", SSDK_A_RUN_BS, "bytes per IO", 0 },
	{ "bs-split", 0, "LIST", 0, "request sizes and their shares: 4k/70:128k/20:64k/10", 0 },
	{ NULL, 0, "PCT", SSDK_A_RUN_RWMIXREAD, "share of reads, percent", 0 },
	{ "seq-pct", 0, "PCT", 0,
	  "share of IOs that start where the one before ended, percent (default 0)", 0 },
	{ "gaps", 0, "LIST", 0,
	  "times between arrivals and their shares, whole microseconds: 100us/50:1ms/40:0/10 "
	  "(default 0/100: as fast as a replay may)", 0 },
	{ NULL, 0, "SIZE", SSDK_A_RUN_OFFSET, "where the IOs' span starts", 0 },
	{ NULL, 0, "SIZE", SSDK_A_RUN_SPAN, "bytes the IOs fall in (here, default 8 GiB)", 0 },
	{ NULL, 0, "N", SSDK_A_RUN_SEED, "seed of the draws: the same options make the same trace",
	  0 },
	{ "name", 0, "NAME", 0,
	  "the file the log names (default /dev/target; fio's replay_redirect sends it elsewhere)",
	  0 },
	{ 0 },
};

static int make_opt(struct cli *cli, const struct cli_opt *o, const char *arg, void *ctx)
{
	struct trace_make_args *a = ctx;
	const char *name = cli_opt_name(o);
	int gaps = !strcmp(name, "gaps");
	uint32_t pct;
	int err;

	if (o->attr)
		return args_set_attr(cli, o, arg, &a->c);
	if (!strcmp(name, "out")) {
		a->out = arg;
	} else if (!strcmp(name, "name")) {
		a->r.name = arg;
	} else if (!strcmp(name, "seq-pct")) {
		if (ssdk_parse_u32(arg, &pct) || pct > 100)
			return usage_error(cli, "--seq-pct: '%s' is not a percentage, 0 to 100", arg);
		a->r.seq_pct = pct;
	} else {
		err = trace_shares_parse(arg, gaps, gaps ? a->r.gaps : a->r.sizes,
					 gaps ? &a->r.nr_gaps : &a->r.nr_sizes);
		if (err)
			return usage_error(cli, "--%s: '%s' is not %s/PCT:..., %u entries at most",
					   name, arg, gaps ? "TIME" : "SIZE", TRACE_MAKE_SHARES);
		a->bs_split |= !gaps;
	}
	return 0;
}

/* An option the spec names, or its default here. */
static uint64_t make_value(const struct trace_make_args *a, uint32_t attr, uint64_t dflt)
{
	return ssdk_config_is_set(&a->c, attr) ? ssdk_config_get(&a->c, attr) : dflt;
}

/* Write the trace beside its place, then move it there: all of it or nothing. */
static int make_write(struct cli *cli, struct trace_make_args *a, struct trace_made *m)
{
	char tmp[4096];
	FILE *f;
	int err;

	if (snprintf(tmp, sizeof(tmp), "%s.tmp.%d", a->out, getpid()) >= (int)sizeof(tmp))
		return usage_error(cli, "--out: a path too long");
	f = fopen(tmp, "w");
	if (!f)
		return runtime_error(cli, "--out %s: %s", a->out, strerror(errno));
	err = trace_make(&a->r, f, m);
	if (fclose(f) || err || rename(tmp, a->out)) {
		err = errno ? errno : EIO;
		unlink(tmp);
		return runtime_error(cli, "--out %s: %s", a->out, strerror(err));
	}
	return 0;
}

static int trace_make_run(struct cli *cli, int argc, char **argv)
{
	struct trace_make_args a = { .r = { .name = "/dev/target", .nr_gaps = 1,
					    .gaps = { { 0, 100 } } } };
	struct trace_made m = { 0 };
	char why[256];
	int first, ret;

	ssdk_config_init(&a.c);
	ret = args_parse(cli, &cmd_trace_make, argc, argv, make_opt, &a, &first);
	if (ret)
		return ret;
	if (argc > first)
		return usage_error(cli, "no operand: the trace goes to --out FILE");
	if (!a.out || !ssdk_config_is_set(&a.c, SSDK_A_RUN_IOS))
		return usage_error(cli, "--out FILE and --ios N are needed");
	if (a.bs_split && ssdk_config_is_set(&a.c, SSDK_A_RUN_BS))
		return usage_error(cli, "--bs and --bs-split: one or the other");
	if (!a.bs_split) {
		a.r.nr_sizes = 1;
		a.r.sizes[0] = (struct trace_share){ make_value(&a, SSDK_A_RUN_BS, SSDK_DEFAULT_BS),
						     100 };
	}
	a.r.ios = make_value(&a, SSDK_A_RUN_IOS, 0);
	a.r.read_pct = make_value(&a, SSDK_A_RUN_RWMIXREAD, SSDK_DEFAULT_RWMIXREAD);
	a.r.offset = make_value(&a, SSDK_A_RUN_OFFSET, 0);
	a.r.span = make_value(&a, SSDK_A_RUN_SPAN, 8ULL << 30);
	a.r.seed = make_value(&a, SSDK_A_RUN_SEED, 1);
	if (trace_recipe_check(&a.r, why, sizeof(why)))
		return usage_error(cli, "%s", why);
	m.path = a.out;
	ret = make_write(cli, &a, &m);
	if (!ret)
		trace_print(&cli->out)->made(&cli->out, &m);
	return ret;
}

const struct cli_cmd cmd_trace_make = {
	.name = "make",
	.group = "trace",
	.usage = "ssdk trace make --out FILE --ios N [OPTIONS]",
	.about = "Write a synthetic trace from a described mix: request sizes, reads,\n"
		 "sequential IOs and the times between arrivals by their shares, drawn with\n"
		 "a seed. The trace is fio's iolog, version 3, which ssdk trace summary reads\n"
		 "and fio replays (read_iolog). What it holds, counted as it was made, is\n"
		 "printed: ssdk trace summary of the file says the same.\n",
	.summary = "write a synthetic trace from a described mix",
	.opts = make_opts,
	.run = trace_make_run,
};
