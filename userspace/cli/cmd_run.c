// SPDX-License-Identifier: GPL-2.0
/*
 * ssdk ctl run and start: a workload's runs (one per target and worker).
 * run checks them all with the module, lays out their files, starts them,
 * shows their progress, waits for their end and prints their results
 * (Ctrl-C stops them: the results are partial); start checks, lays out
 * and starts them, and prints their ids. purge is run with a purge
 * method instead of IO: the module checks that the device offers it.
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

static int purge_run(struct cli *cli, int argc, char **argv)
{
	return run_or_start(cli, &cmd_purge, FOR_PURGE, argc, argv);
}

static const char purge_about[] =
	"Return a span of a block device to a known state with the device's own\n"
	"operation, from a kernel thread: discard (TRIM, NVMe deallocate), secure\n"
	"discard or write-zeroes, each only where the device offers it (never by\n"
	"writing zero pages). The span goes in chunks of " STR(SSDK_PURGE_CHUNK) " bytes, each a\n"
	"write of its length in the results; Ctrl-C stops after the current chunk and\n"
	"prints how far it got. DESTROYS the data of the span (--allow-write); refused\n"
	"when the device is mounted or held. The other options of a run do not apply.\n";

const struct cli_cmd cmd_purge = {
	.name = "purge",
	.group = "ctl",
	.usage = "ssdk ctl purge --target DEV --method M [--offset SIZE] [--span SIZE] --allow-write",
	.about = purge_about,
	.summary = "discard, secure-discard or write-zeroes a span, with progress",
	.opts = workload_opts,
	.run = purge_run,
};

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
