// SPDX-License-Identifier: GPL-2.0
/*
 * ssdk ctl status and list: a run's status, or every run's; status
 * --follow prints a run's time series as it goes (follow.c).
 */

#include <stdlib.h>

#include "commands.h"
#include "follow.h"

/* Every run's status: a count, and an array to free; or -exit status. */
static int list_runs(struct cli *cli, struct ssdk *h, struct run_result **out)
{
	struct ssdk_run_status *runs = NULL;
	struct run_result *r;
	int n, want = 0, i;

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
	r = calloc(n ? n : 1, sizeof(*r));
	if (!r) {
		free(runs);
		return -runtime_error(cli, "out of memory");
	}
	for (i = 0; i < n; i++)
		r[i].st = runs[i];
	free(runs);
	*out = r;
	return n;
}

static int status_all(struct cli *cli, int as_list)
{
	struct run_result *r = NULL;
	struct ssdk *h;
	int n, err;

	err = cli_connect(cli, &h);
	if (err)
		return err;
	n = list_runs(cli, h, &r);
	if (n >= 0 && as_list)
		cli->out.ops->list(&cli->out, r, n);
	else if (n >= 0)
		cli->out.ops->statuses(&cli->out, r, n);
	free(r);
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
	else if (ssdk_run_get(h, id, &r.st) < 0)
		err = runtime_error(cli, "run %u: %s", id, ssdk_last_error(h));
	else
		cli->out.ops->status(&cli->out, &r);
	ssdk_close(h);
	return err;
}

static const struct cli_opt status_opts[] = {
	{ "follow", 0, NULL, 0,
	  "the run's time series as it goes: a row per interval as it closes (-j: a JSON object per line), to the run's end (the interval: ssdk ctl run --ts-interval)" },
	{ 0 },
};

static int status_opt(struct cli *cli, const struct cli_opt *o, const char *arg, void *ctx)
{
	*(int *)ctx = 1;	/* --follow, the only option */
	return 0;
}

static int status_run(struct cli *cli, int argc, char **argv)
{
	int first, follow = 0, err;
	uint32_t id;

	err = args_parse(cli, &cmd_status, argc, argv, status_opt, &follow, &first);
	if (err)
		return err;
	if (first == argc && follow)
		return usage_error(cli, "--follow needs a run id");
	if (first == argc)
		return status_all(cli, 0);
	err = args_ids(cli, argc, argv, first, 1, 1, &id);
	return err ? err : status_one(cli, id, follow);
}

static int list_run(struct cli *cli, int argc, char **argv)
{
	int err = args_alone(cli, &cmd_list, argc, argv, NULL, NULL);

	return err ? err : status_all(cli, 1);
}

const struct cli_cmd cmd_status = {
	.name = "status",
	.group = "ctl",
	.usage = "ssdk ctl status [-j] [--follow] [ID]",
	.about = "A run's state, progress (elapsed time, IOs, current IOPS) and summary\n"
		 "so far; without ID, every run's (a JSON array with -j).\n",
	.summary = "progress of a run (or of all runs)",
	.opts = status_opts,
	.run = status_run,
};

const struct cli_cmd cmd_list = {
	.name = "list",
	.group = "ctl",
	.usage = "ssdk ctl list [-j]",
	.about = "One line per run the module keeps, running or finished.\n",
	.summary = "every run the module keeps",
	.run = list_run,
};
