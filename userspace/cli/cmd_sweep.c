// SPDX-License-Identifier: GPL-2.0
/*
 * ssdk ctl sweep: a workload at each of several iodepths in turn, every
 * point's runs checked before the first starts; a row per point, or a
 * JSON array of their results.
 */

#include <stdlib.h>

#include "commands.h"
#include "workload.h"

static int sweep_run(struct cli *cli, int argc, char **argv)
{
	struct workload *w = calloc(1, sizeof(*w));
	struct jobs *jobs = calloc(1, sizeof(*jobs));
	struct ssdk *h = NULL;
	unsigned int i;
	int err;

	err = !w || !jobs ? runtime_error(cli, "out of memory") : 0;
	if (!err) {
		w->use = FOR_SWEEP;
		err = workload_parse(cli, &cmd_sweep, argc, argv, w);
	}
	if (!err)
		err = cli_connect(cli, &h);
	if (!err)
		err = workload_check(cli, h, w, jobs);
	if (err)
		goto out;
	cli->out.ops->sweep_begin(&cli->out);
	for (i = 0; i < w->nr_qds && !err; i++) {
		workload_jobs(w, w->qds[i], jobs);
		err = jobs_run(cli, h, jobs, workload_progress(w));
		if (jobs->total.st.id)
			cli->out.ops->sweep_point(&cli->out, jobs->res, jobs->nr, &jobs->total);
		jobs_free(jobs);
	}
	cli->out.ops->sweep_end(&cli->out);
out:
	ssdk_close(h);
	free(jobs);
	free(w);
	return err;
}

const struct cli_cmd cmd_sweep = {
	.name = "sweep",
	.group = "ctl",
	.usage = "ssdk ctl sweep --target DEV --iodepth N,N,... [OPTIONS]",
	.about = workload_about,
	.summary = "run a workload at each of several iodepths",
	.opts = workload_opts,
	.run = sweep_run,
};
