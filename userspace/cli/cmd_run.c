// SPDX-License-Identifier: GPL-2.0
/*
 * ssdk ctl run and start: a workload's runs (one per target and worker).
 * run checks them all with the module, lays out their files, starts them,
 * shows their progress, waits for their end and prints their results
 * (Ctrl-C stops them: the results are partial); start checks, lays out
 * and starts them, and prints their ids.
 */

#include "commands.h"
#include "workload.h"

static int run_or_start(struct cli *cli, const struct cli_cmd *cmd, enum workload_use use,
			int argc, char **argv)
{
	struct workload *w;
	struct jobs *jobs;
	int err;

	err = workload_open(cli, cmd, use, argc, argv, &w);
	if (err)
		return err;
	jobs = &w->jobs;
	err = workload_check(cli, w);
	if (err)
		goto out;
	workload_jobs(w, 0);
	err = jobs_start(cli, w->h, jobs);
	if (err)
		goto out;
	if (use == FOR_START) {
		cli->out.ops->started(&cli->out, jobs->id, jobs->nr);
		goto out;
	}
	err = jobs_finish(cli, w->h, jobs, workload_progress(w));
	if (jobs->total.st.id)
		cli->out.ops->job(&cli->out, jobs->res, jobs->nr, &jobs->total);
out:
	workload_close(w);
	return err;
}

static int run_run(struct cli *cli, int argc, char **argv)
{
	return run_or_start(cli, &cmd_run, FOR_RUN, argc, argv);
}

static int start_run(struct cli *cli, int argc, char **argv)
{
	return run_or_start(cli, &cmd_start, FOR_START, argc, argv);
}

const struct cli_cmd cmd_run = {
	.name = "run",
	.group = "ctl",
	.usage = "ssdk ctl run --target DEV [OPTIONS]\n"
		 "ssdk ctl run --engine kfile --target FILE [OPTIONS]",
	.about = workload_about,
	.summary = "run a workload, show progress, print results",
	.opts = workload_opts,
	.run = run_run,
};

const struct cli_cmd cmd_start = {
	.name = "start",
	.group = "ctl",
	.usage = "ssdk ctl start --target DEV [OPTIONS]",
	.about = workload_about,
	.summary = "start a run in the background, print its id",
	.opts = workload_opts,
	.run = start_run,
};
