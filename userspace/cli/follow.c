// SPDX-License-Identifier: GPL-2.0
/*
 * ssdk ctl status --follow: a running run's time series, an interval at a
 * time as the module closes them, until the run ends (a row each, or with
 * -j a JSON object per line). Ctrl-C leaves; the run goes on.
 */

#include <time.h>

#include <linux/ssdk.h>

#include "cli.h"
#include "extra.h"
#include "follow.h"
#include "json.h"
#include "opts.h"
#include "report.h"

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

static void follow_print(struct cli *cli, const struct ssdk_run_status *st,
			 const struct report_extra *x, int *header)
{
	struct json j;
	uint32_t i;

	for (i = 0; i < x->nr_ts; i++) {
		if (cli->json) {
			json_init(&j, stdout);
			report_ts_json(&j, st, &x->ts[i]);
			json_finish(&j);
		} else {
			report_ts_row(stdout, st, &x->ts[i], *header);
			*header = 0;
		}
	}
	fflush(stdout);
}

/**
 * follow_timeseries() - Print a run's intervals as they close, to its end.
 * @cli: Settings.
 * @h: The connection.
 * @id: The run.
 *
 * Return: 0 or EXIT_RUNTIME.
 */
int follow_timeseries(struct cli *cli, struct ssdk *h, uint32_t id)
{
	struct report_extra x = { 0 };
	struct ssdk_run_status st;
	uint32_t next = 0;
	int header = 1, ended;

	for (;;) {
		if (ssdk_run_get(h, id, &st) < 0)
			return runtime_error(cli, "run %u: %s", id, ssdk_last_error(h));
		/* The state first: an ended run has closed its last interval. */
		ended = st.state != SSDK_STATE_RUNNING && st.state != SSDK_STATE_STOPPING;
		if (extra_fetch_ts(h, &st, next, &x) < 0) {
			extra_free(&x);
			return runtime_error(cli, "run %u: %s", id, ssdk_last_error(h));
		}
		follow_print(cli, &st, &x, &header);
		next += x.nr_ts;
		if (ended)
			break;
		follow_sleep(st.config.ts_interval_ns);
	}
	extra_free(&x);
	if (!cli->json)
		printf("run %u %s%s%s\n", id, state_name(st.state), st.reason[0] ? ": " : "",
		       st.reason);
	return 0;
}
