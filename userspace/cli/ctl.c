// SPDX-License-Identifier: GPL-2.0
/*
 * ssdk ctl: the commands that act on the module and on runs by id. run
 * and start, with their workload options, are in ctl_run.c.
 */

#include <ctype.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/ssdk.h>

#include "cli.h"
#include "opts.h"
#include "profiles.h"
#include "report.h"
#include "extra.h"
#include "follow.h"

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

static const char *const cap_names[] = { "highres-timers", "bio", "kfile" };

/**
 * parse_common() - Options of commands that take only -j and ids.
 * @cli: Settings; -j sets json.
 * @cmd: The command, for messages.
 * @help: Its help text.
 * @argc: Arguments, the command's name first.
 * @argv: Arguments.
 * @extra: Long options the command adds (0 terminated), or NULL; an
 *	option whose val is a letter also has that letter as short form.
 * @on_extra: Called with an extra option's index and argument.
 * @ctx: For @on_extra.
 *
 * Return: The index of the first operand in @argv, -1 after --help,
 * or -EXIT_USAGE.
 */
int parse_common(struct cli *cli, const char *cmd, const char *help, int argc,
		 char **argv, const struct option *extra,
		 int (*on_extra)(struct cli *cli, int idx, const char *arg, void *ctx),
		 void *ctx)
{
	struct option opts[64] = {
		{ "json", no_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
	};
	char shorts[64] = "+:jh", *s = shorts + strlen(shorts);
	int n, c, idx, err;

	for (n = 0; extra && extra[n].name; n++) {
		if (n + 2 == (int)ARRAY_SIZE(opts) - 1)
			return -runtime_error(cli, "%s: too many options for the parser", cmd);
		opts[n + 2] = extra[n];
		opts[n + 2].flag = NULL;
		opts[n + 2].val = 0x100 + n;
		if (isalpha(extra[n].val) && s + 3 < shorts + sizeof(shorts)) {
			*s++ = extra[n].val;
			if (extra[n].has_arg == required_argument)
				*s++ = ':';
		}
	}
	*s = '\0';
	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, shorts, opts, &idx)) != -1) {
		switch (c) {
		case 'j':
			cli->json = 1;
			break;
		case 'h':
			fputs(help, stdout);
			return -1;
		case ':':
			return -usage_error(cli, cmd, "option '%s' needs a value", argv[optind - 1]);
		case '?':
			return -usage_error(cli, cmd, "unknown option '%s'", argv[optind - 1]);
		default:
			/* A short form: the extra option whose val it is. */
			for (idx = 0; c < 0x100 && extra[idx].val != c; idx++)
				;
			err = on_extra(cli, c < 0x100 ? idx : c - 0x100, optarg, ctx);
			if (err)
				return -err;
		}
	}
	return optind;
}

/**
 * parse_id() - A run id operand.
 * @cli: Settings.
 * @cmd: The command, for messages.
 * @s: The operand.
 * @id: The id.
 *
 * Return: 0 or EXIT_USAGE.
 */
int parse_id(const struct cli *cli, const char *cmd, const char *s, uint32_t *id)
{
	if (parse_u32(s, id) || !*id)
		return usage_error(cli, cmd, "'%s' is not a run id", s);
	return 0;
}

/* --- info -------------------------------------------------------------------- */

static const char info_help[] =
	"usage: ssdk ctl info [-j]\n"
	"\n"
	"What the loaded module reports: its version, the running kernel,\n"
	"capabilities, CPUs, clock resolution and the histogram layout.\n";

static void info_json(const struct ssdk_info *in)
{
	struct json j;
	unsigned int i;

	json_init(&j, stdout);
	json_object_begin(&j, NULL);
	json_str(&j, "version", in->version);
	json_str(&j, "kernel_release", in->kernel_release);
	json_u64(&j, "family_version", in->family_version);
	json_u64(&j, "cpus", in->cpus);
	json_u64(&j, "clock_res_ns", in->clock_res_ns);
	json_u64(&j, "max_runs", in->max_runs);
	json_u64(&j, "hist_sub_bits", in->hist_sub_bits);
	json_u64(&j, "hist_buckets", in->hist_buckets);
	json_array_begin(&j, "caps", JSON_INLINE);
	for (i = 0; i < ARRAY_SIZE(cap_names); i++)
		if (in->caps & (1ULL << i))
			json_str(&j, NULL, cap_names[i]);
	json_array_end(&j);
	json_u64(&j, "caps_mask", in->caps);
	json_object_end(&j);
	json_finish(&j);
}

static void info_text(const struct ssdk_info *in)
{
	unsigned int i;

	printf("module     ssdk %s\n", in->version);
	printf("kernel     %s\n", in->kernel_release);
	printf("family     %s version %u\n", SSDK_FAMILY_NAME, in->family_version);
	printf("cpus       %u\n", in->cpus);
	printf("clock      %u ns resolution\n", in->clock_res_ns);
	printf("caps      ");
	for (i = 0; i < ARRAY_SIZE(cap_names); i++)
		if (in->caps & (1ULL << i))
			printf(" %s", cap_names[i]);
	printf("\nruns       at most %u kept\n", in->max_runs);
	printf("histogram  %u buckets, %u per power of two\n", in->hist_buckets,
	       1U << in->hist_sub_bits);
}

static int ctl_info(struct cli *cli, int argc, char **argv)
{
	struct ssdk_info info;
	struct ssdk *h;
	int i, err;

	i = parse_common(cli, "info", info_help, argc, argv, NULL, NULL, NULL);
	if (i < 0)
		return i == -1 ? 0 : -i;
	if (i < argc)
		return usage_error(cli, "info", "unexpected argument '%s'", argv[i]);
	err = cli_connect(cli, &h);
	if (err)
		return err;
	if (ssdk_info_get(h, &info) < 0) {
		err = runtime_error(cli, "%s", ssdk_last_error(h));
		goto out;
	}
	if (cli->json)
		info_json(&info);
	else
		info_text(&info);
out:
	ssdk_close(h);
	return err;
}

/* --- by id --------------------------------------------------------------------- */

static const char status_help[] =
	"usage: ssdk ctl status [-j] [--follow] [ID]\n"
	"\n"
	"A run's state, progress (elapsed time, IOs, current IOPS) and summary\n"
	"so far; without ID, every run's (a JSON array with -j).\n"
	"\n"
	"  --follow   the run's time series as it goes: a row per interval as\n"
	"             it closes (-j: a JSON object per line), to the run's end\n"
	"             (the interval: ssdk ctl run --ts-interval)\n";

static const char list_help[] =
	"usage: ssdk ctl list [-j]\n"
	"\n"
	"One line per run the module keeps, running or finished.\n";

static const char stop_help[] =
	"usage: ssdk ctl stop [-j] ID\n"
	"\n"
	"Stop a run: no more IO is submitted, and the command returns once the\n"
	"IOs in flight have completed. The partial results stay.\n";

static const char delete_help[] =
	"usage: ssdk ctl delete ID...\n"
	"\n"
	"Forget runs and their results, stopping those that still run.\n";

static const char results_help[] =
	"usage: ssdk ctl results [-j] [--slowest] [--text] [--captured] ID\n"
	"\n"
	"A run's results: throughput, latency moments and percentiles, and with\n"
	"-j the histogram and the slowest IOs; the output of `ssdk ctl run` for\n"
	"the same run.\n"
	"\n"
	"  --slowest   also the table of the run's slowest IOs (ended runs; how\n"
	"              many: --slowest N of ssdk ctl run, default 64): latency,\n"
	"              op, offset, length, submission time from the run's start,\n"
	"              CPUs of submission and completion, IOs in flight\n"
	"  --text      the summary, the ten slowest IOs and the time series,\n"
	"              compact: a row per interval, or sparklines of IOPS and\n"
	"              of the largest latency when there are more than 40, and\n"
	"              the interval with the worst IO\n"
	"  --captured  the IOs captured over --capture-over, in completion order\n";

static const char wait_help[] =
	"usage: ssdk ctl wait [--timeout DURATION] ID\n"
	"\n"
	"Return when the run has ended (done, stopped or failed). With\n"
	"--timeout, fail (exit 1) if it still runs after that long.\n";

/* Status of every run: a count and an array to free, or -EXIT_*. */
static int list_runs(const struct cli *cli, struct ssdk *h, struct ssdk_run_status **out)
{
	struct ssdk_run_status *runs = NULL;
	int n, want = 0;

	for (;;) {
		n = ssdk_run_list(h, runs, want);
		if (n < 0) {
			free(runs);
			return -runtime_error(cli, "%s", ssdk_last_error(h));
		}
		if (n <= want)
			break;
		/* Runs were started meanwhile: ask again with room for more. */
		want = n + 8;
		free(runs);
		runs = calloc(want, sizeof(*runs));
		if (!runs)
			return -runtime_error(cli, "out of memory");
	}
	*out = runs;
	return n;
}

static int print_status_list(struct cli *cli, struct ssdk *h, int as_list)
{
	struct ssdk_run_status *runs = NULL;
	struct json j;
	int n, i;

	n = list_runs(cli, h, &runs);
	if (n < 0)
		return -n;
	if (cli->json) {
		json_init(&j, stdout);
		json_array_begin(&j, NULL, 0);
		for (i = 0; i < n; i++)
			report_json(&j, NULL, &runs[i], NULL, NULL);
		json_array_end(&j);
		json_finish(&j);
	} else if (as_list) {
		report_list(stdout, runs, n);
	} else {
		for (i = 0; i < n; i++) {
			if (i)
				putchar('\n');
			report_text(stdout, &runs[i], NULL);
		}
	}
	free(runs);
	return 0;
}

static int print_status(struct cli *cli, struct ssdk *h, uint32_t id)
{
	struct ssdk_run_status st;
	struct json j;

	if (ssdk_run_get(h, id, &st) < 0)
		return runtime_error(cli, "run %u: %s", id, ssdk_last_error(h));
	if (cli->json) {
		json_init(&j, stdout);
		report_json(&j, NULL, &st, NULL, NULL);
		json_finish(&j);
	} else {
		report_text(stdout, &st, NULL);
		if (st.state == SSDK_STATE_RUNNING)
			printf("now %llu IOPS\n", (unsigned long long)st.iops_now);
	}
	return 0;
}

/**
 * print_results() - A run's results as `ctl run` prints them.
 * @cli: Settings.
 * @h: The connection.
 * @id: The run.
 * @st: Where its status goes, or NULL.
 * @flags: RESULTS_SLOWEST, RESULTS_TEXT: what the text adds.
 *
 * Return: 0 or EXIT_RUNTIME.
 */
int print_results(struct cli *cli, struct ssdk *h, uint32_t id, struct ssdk_run_status *st,
		  unsigned int flags)
{
	struct report_extra x = { 0 };
	uint32_t nr = ssdk_hist_buckets();
	struct ssdk_run_status local;
	report_hists hists;
	uint64_t *all;
	unsigned int i;
	int err = 0;
	struct json j;

	if (!st)
		st = &local;
	all = calloc((size_t)nr * SSDK_LIB_NR_SETS, sizeof(uint64_t));
	if (!all)
		return runtime_error(cli, "out of memory");
	for (i = 0; i < SSDK_LIB_NR_SETS; i++)
		hists[i] = all + (size_t)i * nr;
	if (ssdk_results_get(h, id, st, all) < 0 || extra_fetch(h, st, &x) < 0) {
		err = runtime_error(cli, "run %u: %s", id, ssdk_last_error(h));
		goto out;
	}
	if (cli->json) {
		json_init(&j, stdout);
		report_json(&j, NULL, st, hists, &x);
		json_finish(&j);
	} else {
		report_text(stdout, st, hists);
		if (flags & (RESULTS_SLOWEST | RESULTS_TEXT))
			report_ios_text(stdout, "slowest", x.slowest, x.nr_slowest,
					flags & RESULTS_SLOWEST ? UINT32_MAX : 10);
		if (flags & RESULTS_TEXT)
			report_ts_text(stdout, st, &x);
		if (flags & RESULTS_CAPTURED)
			report_ios_text(stdout, "captured", x.captured, x.nr_captured, UINT32_MAX);
		if ((flags & (RESULTS_CAPTURED | RESULTS_TEXT)) && st->config.capture_over_ns)
			report_captured_line(stdout, st);
	}
out:
	extra_free(&x);
	free(all);
	return err;
}

/* Connect and act on each id operand with @fn. */
static int for_each_id(struct cli *cli, const char *cmd, int argc, char **argv, int i,
		       int min, int max,
		       int (*fn)(struct cli *cli, struct ssdk *h, uint32_t id))
{
	struct ssdk *h;
	uint32_t id;
	int err = 0, ret;

	if (argc - i < min)
		return usage_error(cli, cmd, "a run id is needed");
	if (max && argc - i > max)
		return usage_error(cli, cmd, "unexpected argument '%s'", argv[i + max]);
	for (ret = i; ret < argc; ret++)
		if (parse_id(cli, cmd, argv[ret], &id))
			return EXIT_USAGE;
	err = cli_connect(cli, &h);
	if (err)
		return err;
	for (; i < argc && !err; i++) {
		parse_id(cli, cmd, argv[i], &id);
		err = fn(cli, h, id);
	}
	ssdk_close(h);
	return err;
}

static int do_stop(struct cli *cli, struct ssdk *h, uint32_t id)
{
	struct ssdk_run_status st;

	if (ssdk_run_stop(h, id) < 0 || ssdk_run_get(h, id, &st) < 0)
		return runtime_error(cli, "run %u: %s", id, ssdk_last_error(h));
	if (cli->json)
		printf("{\"id\": %u, \"state\": \"%s\"}\n", id, state_name(st.state));
	else
		printf("run %u %s\n", id, state_name(st.state));
	return 0;
}

static int do_delete(struct cli *cli, struct ssdk *h, uint32_t id)
{
	if (ssdk_run_delete(h, id) < 0)
		return runtime_error(cli, "run %u: %s", id, ssdk_last_error(h));
	return 0;
}

static unsigned int results_flags;

static int do_results(struct cli *cli, struct ssdk *h, uint32_t id)
{
	return print_results(cli, h, id, NULL, results_flags);
}

static const struct option results_options[] = {
	{ "slowest", no_argument, NULL, 0 },
	{ "text", no_argument, NULL, 0 },
	{ "captured", no_argument, NULL, 0 },
	{ NULL, 0, NULL, 0 },
};

static int results_option(struct cli *cli, int idx, const char *arg, void *ctx)
{
	(void)cli;
	(void)arg;
	*(unsigned int *)ctx |= 1U << idx;	/* RESULTS_*, in results_options' order */
	return 0;
}

static int ctl_results(struct cli *cli, int argc, char **argv)
{
	int i;

	results_flags = 0;
	i = parse_common(cli, "results", results_help, argc, argv, results_options,
			 results_option, &results_flags);
	if (i < 0)
		return i == -1 ? 0 : -i;
	return for_each_id(cli, "results", argc, argv, i, 1, 1, do_results);
}

static int do_status(struct cli *cli, struct ssdk *h, uint32_t id)
{
	return print_status(cli, h, id);
}

static int status_option(struct cli *cli, int idx, const char *arg, void *ctx)
{
	(void)cli;
	(void)idx;
	(void)arg;
	*(int *)ctx = 1;
	return 0;
}

static int ctl_status(struct cli *cli, int argc, char **argv, int as_list)
{
	static const struct option status_options[] = {
		{ "follow", no_argument, NULL, 0 },
		{ NULL, 0, NULL, 0 },
	};
	const char *cmd = as_list ? "list" : "status";
	struct ssdk *h;
	int i, err, follow = 0;

	i = parse_common(cli, cmd, as_list ? list_help : status_help, argc, argv,
			 as_list ? NULL : status_options, status_option, &follow);
	if (i < 0)
		return i == -1 ? 0 : -i;
	if (follow && i >= argc)
		return usage_error(cli, cmd, "--follow needs a run id");
	if (i < argc && !as_list)
		return for_each_id(cli, cmd, argc, argv, i, 1, 1,
				   follow ? follow_timeseries : do_status);
	if (i < argc)
		return usage_error(cli, cmd, "unexpected argument '%s'", argv[i]);
	err = cli_connect(cli, &h);
	if (err)
		return err;
	err = print_status_list(cli, h, as_list);
	ssdk_close(h);
	return err;
}

/* --- wait ------------------------------------------------------------------------ */

struct wait_opts {
	uint64_t timeout_ns;
	int has_timeout;
};

static int wait_option(struct cli *cli, int idx, const char *arg, void *ctx)
{
	struct wait_opts *w = ctx;

	(void)idx;
	if (parse_duration_ns(arg, &w->timeout_ns))
		return usage_error(cli, "wait", "--timeout: '%s' is not a duration", arg);
	if (w->timeout_ns / 1000000 > 0x7fffffff)
		return usage_error(cli, "wait", "--timeout: '%s' is too long", arg);
	w->has_timeout = 1;
	return 0;
}

static int ctl_wait(struct cli *cli, int argc, char **argv)
{
	static const struct option extra[] = {
		{ "timeout", required_argument, NULL, 0 },
		{ NULL, 0, NULL, 0 },
	};
	struct wait_opts w = { 0 };
	struct ssdk *h;
	uint32_t id;
	int i, err;

	i = parse_common(cli, "wait", wait_help, argc, argv, extra, wait_option, &w);
	if (i < 0)
		return i == -1 ? 0 : -i;
	if (argc - i != 1)
		return usage_error(cli, "wait", argc - i ? "one run id, please" : "a run id is needed");
	if (parse_id(cli, "wait", argv[i], &id))
		return EXIT_USAGE;
	err = cli_connect(cli, &h);
	if (err)
		return err;
	err = ssdk_run_wait(h, id, w.has_timeout ? (int)(w.timeout_ns / 1000000) : -1);
	if (err < 0)
		err = runtime_error(cli, "run %u: %s", id, ssdk_last_error(h));
	ssdk_close(h);
	return err;
}

/* --- profiles ---------------------------------------------------------------------- */

static const char profiles_help[] =
	"usage: ssdk ctl profiles [-j]\n"
	"\n"
	"The named workloads of --profile, each with the published protocol it\n"
	"reproduces; -j adds their options.\n";

static int ctl_profiles(struct cli *cli, int argc, char **argv)
{
	int i = parse_common(cli, "profiles", profiles_help, argc, argv, NULL, NULL, NULL);

	if (i < 0)
		return i == -1 ? 0 : -i;
	if (i < argc)
		return usage_error(cli, "profiles", "unexpected argument '%s'", argv[i]);
	profiles_print(stdout, cli->json);
	return 0;
}

/* --- dispatch ---------------------------------------------------------------------- */

static int ctl_by_id(struct cli *cli, int argc, char **argv, const char *cmd,
		     const char *help, int max,
		     int (*fn)(struct cli *cli, struct ssdk *h, uint32_t id))
{
	int i = parse_common(cli, cmd, help, argc, argv, NULL, NULL, NULL);

	if (i < 0)
		return i == -1 ? 0 : -i;
	return for_each_id(cli, cmd, argc, argv, i, 1, max, fn);
}

int ctl_main(struct cli *cli, int argc, char **argv)
{
	const char *cmd = argc > 1 ? argv[1] : NULL;

	if (!cmd)
		return usage_error(cli, NULL, "ctl needs a command");
	argc--;
	argv++;
	if (!strcmp(cmd, "info"))
		return ctl_info(cli, argc, argv);
	if (!strcmp(cmd, "run"))
		return ctl_run(cli, argc, argv, CTL_RUN);
	if (!strcmp(cmd, "start"))
		return ctl_run(cli, argc, argv, CTL_START);
	if (!strcmp(cmd, "sweep"))
		return ctl_run(cli, argc, argv, CTL_SWEEP);
	if (!strcmp(cmd, "profiles"))
		return ctl_profiles(cli, argc, argv);
	if (!strcmp(cmd, "status"))
		return ctl_status(cli, argc, argv, 0);
	if (!strcmp(cmd, "list"))
		return ctl_status(cli, argc, argv, 1);
	if (!strcmp(cmd, "wait"))
		return ctl_wait(cli, argc, argv);
	if (!strcmp(cmd, "stop"))
		return ctl_by_id(cli, argc, argv, "stop", stop_help, 1, do_stop);
	if (!strcmp(cmd, "results"))
		return ctl_results(cli, argc, argv);
	if (!strcmp(cmd, "delete"))
		return ctl_by_id(cli, argc, argv, "delete", delete_help, 0, do_delete);
	if (!strcmp(cmd, "-h") || !strcmp(cmd, "--help")) {
		print_usage();
		return 0;
	}
	return usage_error(cli, NULL, "unknown ctl command '%s'", cmd);
}
