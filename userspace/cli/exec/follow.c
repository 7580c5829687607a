// SPDX-License-Identifier: GPL-2.0
/*
 * ssdk ctl status --follow: a running run's time series, an interval at a
 * time as the module closes them, until the run ends (the output
 * backend's interval, then its follow_end). The intervals come pushed by
 * the module (libssdk's ssdk_follow()): it waits, it does not poll.
 * Ctrl-C leaves; the run goes on.
 */

#include <stdlib.h>

#include "follow.h"

/* Intervals taken at a time: what a notification carries, and room. */
#define FOLLOW_ROOM	256

/**
 * follow_timeseries() - Print a run's intervals as they close, to its end.
 * @cli: Settings.
 * @h: The connection.
 * @id: The run.
 *
 * Each interval is printed once, in order.
 *
 * Return: 0 or EXIT_RUNTIME (said).
 */
int follow_timeseries(struct cli *cli, struct ssdk *h, uint32_t id)
{
	struct ssdk_run_status st = { 0 };
	struct ssdk_ts_point *pts;
	uint32_t next = 0;
	int n, i;

	cli->out.rows = 0;
	pts = calloc(FOLLOW_ROOM, sizeof(*pts));
	if (!pts)
		return runtime_error(cli, "out of memory");
	while ((n = ssdk_follow(h, id, &next, &st, pts, FOLLOW_ROOM, -1)) > 0)
		for (i = 0; i < n; i++)
			cli->out.ops->interval(&cli->out, &st, &pts[i]);
	free(pts);
	if (n < 0)
		return runtime_error(cli, "run %u: %s", id, ssdk_last_error(h));
	cli->out.ops->follow_end(&cli->out, &st);
	return 0;
}
