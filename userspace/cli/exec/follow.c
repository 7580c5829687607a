// SPDX-License-Identifier: GPL-2.0
/*
 * ssdk ctl status --follow: a running run's time series, an interval at a
 * time as the module closes them, until the run ends (the output
 * backend's interval, then its follow_end). Ctrl-C leaves; the run goes
 * on.
 */

#include <stdlib.h>
#include <time.h>

#include "fetch.h"
#include "follow.h"
#include "rules.h"

/* Half an interval, between 50 ms and 500 ms: no interval waits long. */
static void follow_sleep(uint64_t interval_ns)
{
	uint64_t ns = interval_ns / 2;
	struct timespec ts;

	if (ns < 50000000)
		ns = 50000000;
	if (ns > 500000000)
		ns = 500000000;
	ts.tv_sec = ns / 1000000000;
	ts.tv_nsec = ns % 1000000000;
	nanosleep(&ts, NULL);
}

/**
 * follow_timeseries() - Print a run's intervals as they close, to its end.
 * @cli: Settings.
 * @h: The connection.
 * @id: The run.
 *
 * Return: 0 or EXIT_RUNTIME (said).
 */
int follow_timeseries(struct cli *cli, struct ssdk *h, uint32_t id)
{
	struct run_records x = { 0 };
	struct ssdk_run_status st;
	uint32_t next = 0, i;
	int err = 0, ended;

	cli->out.rows = 0;
	for (;;) {
		if (ssdk_run_get(h, id, &st) < 0) {
			err = runtime_error(cli, "run %u: %s", id, ssdk_last_error(h));
			break;
		}
		/* The state first: an ended run has closed its last interval. */
		ended = ssdk_state_ended(st.state);
		err = fetch_ts(cli, h, &st, next, &x);
		if (err)
			break;
		for (i = 0; i < x.nr_ts; i++)
			cli->out.ops->interval(&cli->out, &st, &x.ts[i]);
		next += x.nr_ts;
		if (ended) {
			cli->out.ops->follow_end(&cli->out, &st);
			break;
		}
		follow_sleep(st.config.ts_interval_ns);
	}
	free(x.ts);
	return err;
}
