// SPDX-License-Identifier: GPL-2.0
/*
 * A run's progress pushed to the progress group (run-progress-ntf) as it
 * goes, for a listener that would otherwise poll run-get and
 * timeseries-get: the run's first worker tells it as it closes intervals
 * of the time series, at most every SSDK_PROGRESS_MIN_NS of the run's
 * time, with the intervals every worker has closed since it last told.
 * The worker reads no clock for it (the interval's end is the time), and
 * builds nothing while nobody listens: a bit test per closed interval.
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
	u32 to;

	if (w->idx || now - w->told_ns < SSDK_PROGRESS_MIN_NS || !ssdk_nl_progress_wanted())
		return;
	to = ssdk_workers_ts_published(w->run);
	if (to <= w->told)
		return;
	w->told = ssdk_nl_notify_progress(w->run, w->told, to);
	w->told_ns = now;
}
