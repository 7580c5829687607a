// SPDX-License-Identifier: GPL-2.0
/*
 * A run's progress pushed to the progress group (run-progress-ntf) as it
 * goes, for a listener that would otherwise poll run-get and
 * timeseries-get: the run's first worker tells it as it closes intervals
 * of the time series, at most every SSDK_PROGRESS_MIN_NS of the run's
 * time, with the intervals every worker has closed since it last told.
 * The worker reads no clock for it (the interval's end is the time), and
 * builds nothing while nobody listens: a listener told from the time it
 * joined reads what came before with timeseries-get.
 */

#include "ssdk.h"

/* Told at most this often: ten a second, whatever the interval. */
#define SSDK_PROGRESS_MIN_NS	(100 * NSEC_PER_MSEC)

/**
 * ssdk_progress_tick() - Tell the run's progress, when it is time to.
 * @w: A worker that just closed intervals of its time series.
 *
 * Context: The worker.
 */
void ssdk_progress_tick(struct ssdk_worker *w)
{
	struct ssdk_timeseries *ts = &w->ts;
	u64 now = ts->end_ns ?: ts->nr * ts->interval_ns;
	u32 to, next;

	if (w->idx || now - w->told_ns < SSDK_PROGRESS_MIN_NS)
		return;
	w->told_ns = now;
	to = ssdk_workers_ts_published(w->run);
	/*
	 * Nobody listens: nothing is owed. A listener that joins later reads
	 * the intervals before it with timeseries-get, and is told from there.
	 */
	if (!ssdk_nl_progress_wanted()) {
		w->told = to;
		return;
	}
	/*
	 * Every interval closed since the last time, in as many messages as
	 * they take: at the shortest interval, more close between two ticks
	 * than one message holds, and one message a tick would fall behind.
	 */
	while (w->told < to) {
		next = ssdk_nl_notify_progress(w->run, w->told, to);
		if (next == w->told)
			break;	/* no memory: the next tick tries again */
		w->told = next;
	}
}
