// SPDX-License-Identifier: GPL-2.0
/*
 * --repeat N: a workload's point N times, one after another, each printed
 * as it ends and its figures kept; then their spread (libssdk's
 * ssdk_spread()). ctl run repeats its one point, ctl sweep each of its
 * points in turn.
 */

#include <stdlib.h>

#include "commands.h"
#include "workload.h"

/**
 * workload_repeat() - Run a workload's point @w->repeat times, and print
 *	each repetition and their spread.
 * @cli: Settings.
 * @w: The workload, checked.
 * @point: The point (workload_point()); 0 for a command that is no sweep.
 *
 * Ctrl-C (or a failure) ends the repetitions there: the spread is of
 * those that ended done.
 *
 * Return: 0, or the first failure's exit status.
 */
int workload_repeat(struct cli *cli, struct workload *w, unsigned int point)
{
	struct jobs *jobs = &w->jobs;
	struct repeat_spread s = { 0 };
	unsigned int k, done = 0, i;
	double (*fig)[NR_FIGS];
	double *col;
	int err = 0;

	fig = calloc(w->repeat, sizeof(*fig));
	col = calloc(w->repeat, sizeof(*col));
	if (!fig || !col) {
		free(fig);
		free(col);
		return runtime_error(cli, "out of memory");
	}
	cli->out.ops->repeat_begin(&cli->out, w->repeat);
	for (k = 0; k < w->repeat && !err; k++) {
		workload_point(w, point);
		err = jobs_run(cli, w->h, jobs, workload_progress(w));
		if (jobs->total.st.id) {
			cli->out.ops->repeat_one(&cli->out, k + 1, jobs->res, jobs->nr, &jobs->total);
			if (jobs->total.st.state == SSDK_STATE_DONE)
				result_figures(&jobs->total, fig[done++]);
		}
		jobs_free(jobs);
	}
	for (i = 0; done && i < NR_FIGS; i++) {
		for (k = 0; k < done; k++)
			col[k] = fig[k][i];
		ssdk_spread(col, done, &s.fig[i]);
	}
	cli->out.ops->repeat_end(&cli->out, done, &s);
	free(fig);
	free(col);
	return err;
}
