// SPDX-License-Identifier: GPL-2.0
/*
 * Rounds and steady state (SNIA PTS). A run with rounds runs for
 * rounds x round-ns after its ramp; each round is a whole number of the
 * time series' intervals, so a round's figures are the sums of its
 * intervals, exact, and cost the IO path nothing: the time series calls
 * ssdk_rounds_interval_closed() as each interval closes (timeseries.c),
 * and the round's end is seen there, once per interval.
 *
 * With a steady-state test, from round SSDK_STEADY_WINDOW on, the
 * tracking variable of the window's rounds is tested (../common/steady.c)
 * and the first window that passes ends the run at that round's end: the
 * worker submits nothing more, and the IOs in flight complete into the
 * interval after the window. Userspace reads every round's figures back
 * from the time series and applies the same test to show each verdict.
 */

#include <linux/math64.h>

#include "ssdk.h"
#include "steady.h"

/**
 * ssdk_rounds_setup() - Lay a run's rounds on a worker's time series.
 * @w: The worker (a run with rounds has one), its run's configuration
 *	checked: the ramp and the round are whole numbers of intervals
 *	(config.c).
 */
void ssdk_rounds_setup(struct ssdk_worker *w)
{
	const struct ssdk_run_config *cfg = &w->run->cfg;
	struct ssdk_rounds *r = &w->rounds;

	memset(r, 0, sizeof(*r));
	if (!cfg->rounds)
		return;
	r->first = div64_u64(cfg->ramp_ns, cfg->ts_interval_ns);
	r->intervals = div64_u64(cfg->round_ns, cfg->ts_interval_ns);
}

/* The tracking variable of round @round (from 0): its intervals summed. */
static u64 ssdk_round_y(const struct ssdk_worker *w, u32 round)
{
	const struct ssdk_rounds *r = &w->rounds;
	const struct ssdk_ts_point *p = &w->ts.points[r->first + round * r->intervals];
	u64 ios = 0, bytes = 0, lat_sum = 0;
	unsigned int i, op;

	for (i = 0; i < r->intervals; i++)
		for (op = 0; op < SSDK_NR_OPS; op++) {
			ios += p[i].op[op].ios;
			bytes += p[i].op[op].bytes;
			lat_sum += p[i].op[op].lat_sum;
		}
	return ssdk_steady_y(w->run->cfg.steady_track, ios, bytes, lat_sum);
}

/* Whether the window ending with round @done (from 1) passes the test. */
static bool ssdk_rounds_steady(const struct ssdk_worker *w, u32 done)
{
	u64 y[SSDK_STEADY_WINDOW];
	unsigned int i;

	for (i = 0; i < SSDK_STEADY_WINDOW; i++)
		y[i] = ssdk_round_y(w, done - SSDK_STEADY_WINDOW + i);
	return ssdk_steady_window_ok(y, SSDK_STEADY_WINDOW, &w->run->cfg.steady_rule);
}

/**
 * ssdk_rounds_interval_closed() - See whether a round ended with an interval.
 * @w: The worker.
 * @nr: Intervals of the time series closed, the one just closed included.
 * @end: The end of that interval, from the run's start.
 *
 * A round counts when it is whole: closed by a completion past its end,
 * or at the run's end (ssdk_ts_finish()) if the run went past it (not when
 * a stop cut it short); and not after the steady round, whose window ended
 * the run (the IOs then in flight complete into the next interval).
 *
 * Context: The worker, as its time series closes an interval.
 */
void ssdk_rounds_interval_closed(struct ssdk_worker *w, u32 nr, u64 end)
{
	const struct ssdk_run_config *cfg = &w->run->cfg;
	struct ssdk_rounds *r = &w->rounds;
	u32 done;

	if (!r->intervals || r->steady_round || nr <= r->first || (nr - r->first) % r->intervals)
		return;
	/* done_ns: the worker's end, set before its last interval closes. */
	if (w->done_ns && w->start_ns + end > w->done_ns)
		return;		/* cut short */
	done = (nr - r->first) / r->intervals;
	if (done > cfg->rounds)
		return;		/* the IOs in flight at the end, past the last round */
	WRITE_ONCE(r->done, done);
	if (!cfg->steady || done < SSDK_STEADY_WINDOW || !ssdk_rounds_steady(w, done))
		return;
	WRITE_ONCE(r->steady_round, done);
	/* The worker's own: it submits nothing from this round's end on. */
	w->deadline_ns = w->ramp_end_ns + done * cfg->round_ns;
}
