// SPDX-License-Identifier: GPL-2.0
/*
 * ssdk ctl status and list: a run's status, or every run's; status
 * --follow prints a run's time series as it goes (follow.c), and
 * --openmetrics-dir keeps a file of every run's metrics (textfile.c).
 */

#include <stdlib.h>

#include "commands.h"
#include "fetch.h"
#include "follow.h"
#include "textfile.h"
#include "values.h"

static int status_all(struct cli *cli, int as_list)
{
	struct run_result *r = NULL;
	struct ssdk *h;
	int n, err;

	err = cli_connect(cli, &h);
	if (err)
		return err;
	/* The metrics backends show the latency histograms: results-get. */
	n = fetch_statuses(cli, h, !as_list && cli->metrics, &r);
	if (n >= 0 && as_list)
		cli->out.ops->list(&cli->out, r, n);
	else if (n >= 0)
		cli->out.ops->statuses(&cli->out, r, n);
	if (n >= 0)
		fetch_free(r, n);
	ssdk_close(h);
	return n < 0 ? -n : 0;
}

static int status_one(struct cli *cli, uint32_t id, int follow)
{
	struct run_result r = { 0 };
	struct ssdk *h;
	int err;

	err = cli_connect(cli, &h);
	if (err)
		return err;
	if (follow)
		err = follow_timeseries(cli, h, id);
	else if (cli->metrics)
		err = fetch_results(cli, h, id, &r);
	else if (ssdk_run_get(h, id, &r.st) < 0)
		err = runtime_error(cli, "run %u: %s", id, ssdk_last_error(h));
	if (!follow && !err)
		cli->out.ops->status(&cli->out, &r);
	result_free(&r);
	ssdk_close(h);
	return err;
}

/* The default of --interval: node_exporter's usual scrape interval. */
#define STATUS_INTERVAL_NS	(15ULL * 1000000000)

static const struct cli_opt status_opts[] = {
	{ "follow", 0, NULL, 0,
	  "the run's time series as it goes: a row per interval as it closes (-j: a JSON object per line), to the run's end (the interval: ssdk ctl run --ts-interval)", 0 },
	{ "openmetrics-dir", 0, "DIR", 0,
	  "for node_exporter's textfile collector: every run's metrics into DIR/" TEXTFILE_NAME
	  " (Prometheus text), rewritten atomically every --interval until SIGINT or SIGTERM (Documentation/userspace/openmetrics.rst)", 0 },
	{ "interval", 0, "TIME", 0, "between two writes of --openmetrics-dir (default 15s)", 0 },
	{ 0 },
};

/**
 * struct status_args - What ssdk ctl status was asked.
 * @follow: --follow.
 * @dir: --openmetrics-dir, or NULL.
 * @interval_ns: --interval, or 0.
 */
struct status_args {
	int follow;
	const char *dir;
	uint64_t interval_ns;
};

static int status_opt(struct cli *cli, const struct cli_opt *o, const char *arg, void *ctx)
{
	struct status_args *a = ctx;

	switch (o - status_opts) {
	case 0:
		a->follow = 1;
		break;
	case 1:
		a->dir = arg;
		break;
	default:
		if (ssdk_parse_duration_ns(arg, &a->interval_ns) || !a->interval_ns)
			return usage_error(cli, "--interval: '%s' is not a duration (e.g. 10s, 500ms)",
					   arg);
	}
	return 0;
}

static int status_run(struct cli *cli, int argc, char **argv)
{
	struct status_args a = { 0 };
	int first, err;
	uint32_t id;

	err = args_parse(cli, &cmd_status, argc, argv, status_opt, &a, &first);
	if (err)
		return err;
	if (a.interval_ns && !a.dir)
		return usage_error(cli, "--interval needs --openmetrics-dir");
	if (a.dir && (a.follow || first < argc))
		return usage_error(cli, "--openmetrics-dir writes every run's metrics: no run id, no --follow");
	if (a.dir)
		return textfile_export(cli, a.dir, a.interval_ns ? a.interval_ns : STATUS_INTERVAL_NS);
	if (first == argc && a.follow)
		return usage_error(cli, "--follow needs a run id");
	if (first == argc)
		return status_all(cli, 0);
	err = args_ids(cli, argc, argv, first, 1, 1, &id);
	return err ? err : status_one(cli, id, a.follow);
}

static int list_run(struct cli *cli, int argc, char **argv)
{
	int err = args_alone(cli, &cmd_list, argc, argv, NULL, NULL);

	return err ? err : status_all(cli, 1);
}

const struct cli_cmd cmd_status = {
	.name = "status",
	.group = "ctl",
	.usage = "ssdk ctl status [-j] [--follow] [ID]\n"
		 "ssdk ctl status --openmetrics-dir DIR [--interval TIME]",
	.about = "A run's state, progress (elapsed time, IOs, current IOPS) and summary\n"
		 "so far; without ID, every run's (a JSON array with -j). --format\n"
		 "openmetrics adds the latency histograms; --openmetrics-dir keeps a file of\n"
		 "every run's metrics up to date for node_exporter's textfile collector.\n",
	.summary = "progress of a run (or of all runs)",
	.opts = status_opts,
	.run = status_run,
	.metrics = 1,
	.operand = CLI_RUN_ID,
};

const struct cli_cmd cmd_list = {
	.name = "list",
	.group = "ctl",
	.usage = "ssdk ctl list [-j]",
	.about = "One line per run the module keeps, running or finished.\n",
	.summary = "every run the module keeps",
	.run = list_run,
};
