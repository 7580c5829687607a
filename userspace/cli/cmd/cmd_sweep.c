// SPDX-License-Identifier: GPL-2.0
/*
 * ssdk ctl sweep: a workload at each of several iodepths, or block sizes,
 * or both (each size at each depth), in turn, every point's runs checked
 * before the first starts; a row per point, or a JSON array of their
 * results. With --repeat N, each point N times: its repetitions and
 * their spread in place of its row (of its element of the array).
 */

#include "commands.h"
#include "workload.h"

static int sweep_run(struct cli *cli, int argc, char **argv)
{
	struct workload *w;
	unsigned int i;
	int err;

	err = workload_open(cli, &cmd_sweep, argc, argv, &w);
	if (err)
		return err;
	err = workload_check(cli, w);
	if (err || w->dry_run) {
		err = err ? err : workload_dry_run(cli, w);
		goto out;
	}
	cli->out.ops->sweep_begin(&cli->out);
	for (i = 0; i < workload_points(w) && !err; i++) {
		if (w->repeat) {
			err = workload_repeat(cli, w, i);
			continue;
		}
		workload_point(w, i);
		err = jobs_run(cli, w->h, &w->jobs, workload_progress(w));
		if (w->jobs.total.st.id)
			cli->out.ops->sweep_point(&cli->out, w->jobs.res, w->jobs.nr, &w->jobs.total);
		jobs_free(&w->jobs);
	}
	cli->out.ops->sweep_end(&cli->out);
out:
	workload_close(w);
	return err;
}

const struct cli_cmd cmd_sweep = {
	.name = "sweep",
	.group = "ctl",
	.usage = "ssdk ctl sweep --target DEV --iodepth N,N,... | --bs SIZE,SIZE,... [OPTIONS]",
	.about = workload_about,
	.summary = "run a workload at each of several iodepths or block sizes",
	.opts = workload_opts,
	.run = sweep_run,
	.csv = 1,
	.use = FOR_SWEEP,
};
