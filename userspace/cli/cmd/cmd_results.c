// SPDX-License-Identifier: GPL-2.0
/*
 * ssdk ctl results: a run's results as ssdk ctl run prints them, and in
 * text, on request, its slowest IOs, its time series, its captured IOs.
 */

#include "commands.h"
#include "fetch.h"

static const struct cli_opt results_opts[] = {
	{ "slowest", 0, NULL, 0,
	  "also the table of the run's slowest IOs (a running run's so far; how many: --slowest N of ssdk ctl run): latency, op, offset, length, submission time from the run's start, CPUs of submission and completion, IOs in flight", 0 },
	{ "text", 0, NULL, 0,
	  "the summary, the ten slowest IOs and the time series, compact: a row per interval, or sparklines of IOPS and of the largest latency when there are more than 40, and the interval with the worst IO", 0 },
	{ "captured", 0, NULL, 0, "the IOs captured over --capture-over, in completion order", 0 },
	{ 0 },
};

/* RESULTS_* of output.h, in the order of results_opts. */
static const unsigned int results_flags[] = { RESULTS_SLOWEST, RESULTS_TEXT, RESULTS_CAPTURED };

static int results_opt(struct cli *cli, const struct cli_opt *o, const char *arg, void *ctx)
{
	*(unsigned int *)ctx |= results_flags[o - results_opts];
	return 0;
}

static int results_run(struct cli *cli, int argc, char **argv)
{
	struct run_result r = { 0 };
	unsigned int flags = 0;
	struct ssdk *h;
	uint32_t id;
	int err;

	err = args_one_run(cli, &cmd_results, argc, argv, results_opt, &flags, &id, &h);
	if (err)
		return err;
	err = fetch_results(cli, h, id, &r);
	if (!err)
		cli->out.ops->results(&cli->out, &r, flags);
	result_free(&r);
	ssdk_close(h);
	return err;
}

const struct cli_cmd cmd_results = {
	.name = "results",
	.group = "ctl",
	.usage = "ssdk ctl results [-j] [--slowest] [--text] [--captured] ID",
	.about = "A run's results: throughput, latency moments and percentiles, and with\n"
		 "-j the histogram, the slowest IOs, the time series and the captured IOs;\n"
		 "the output of `ssdk ctl run` for the same run.\n",
	.summary = "a run's results, as `ctl run` prints them",
	.opts = results_opts,
	.run = results_run,
	.csv = 1,
	.metrics = 1,
	.operand = CLI_RUN_ID,
};
