/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the worker records of each reaped IO (worker.c): its statistics
 * (stats.c), its interval of the time series (timeseries.c), and, for
 * the few IOs slow enough, its place among the slowest (slowest.c) and
 * its capture (capture.c). The path every IO takes is here, inline in
 * the reaping loop, the latency worked out once: it costs each IO a
 * comparison for the time series' interval, two for its extremes, one
 * for the rare path (record.c: every IO while the slowest log fills, then
 * few), one for anatomy (anatomy.c), and the statistics' own counting; what few IOs need stays in
 * those files.
 */
#ifndef _SSDK_RECORD_H
#define _SSDK_RECORD_H

#include "ssdk.h"

/* Counters and histogram of one set. */
static inline void ssdk_set_record(struct ssdk_set_stats *st, u64 lat_ns, u32 len)
{
	ssdk_counts_record(&st->c, lat_ns, len);
	hist_record(st->hist, lat_ns);
}

/* The open interval's extremes: all the time series takes of each IO. */
static inline void ssdk_ts_add(struct ssdk_timeseries *ts, unsigned int op, u64 lat)
{
	struct ssdk_ts_range *r = &ts->open[op];

	if (lat < r->lat_min)
		r->lat_min = lat;
	if (lat > r->lat_max)
		r->lat_max = lat;
}

/**
 * ssdk_record_reaped() - Record a reaped measured IO.
 * @w: The worker that reaped it.
 * @slot: The IO, its times and error set.
 *
 * Failed IOs are counted apart from the latencies, and in nothing else.
 * The time series' open interval is closed, when the IO is past its end,
 * before the IO is counted: its figures are taken from the statistics
 * (timeseries.c).
 *
 * Context: The worker.
 */
static __always_inline void ssdk_record_reaped(struct ssdk_worker *w,
					       const struct ssdk_slot *slot)
{
	/* Read once: the stores below could alias them for the compiler. */
	u64 complete = slot->complete_ns, lat = complete - slot->submit_ns;
	unsigned int op = slot->op;
	int error = slot->error;
	u32 len = slot->len;
	struct ssdk_set_stats *set = w->stats->set;
	struct ssdk_timeseries *ts = &w->ts;
	u64 t = complete - w->start_ns;

	if (complete > w->last_measured_ns)
		WRITE_ONCE(w->last_measured_ns, complete);
	if (unlikely(error)) {
		ssdk_counts_error(&set[op].c);
		return;
	}
	if (likely(t < ts->end_ns) || ssdk_ts_advance(w, t))
		ssdk_ts_add(ts, op, lat);
	ssdk_set_record(&set[op], lat, len);
	if (unlikely(w->anatomy))
		ssdk_anatomy_record(w, slot);
	/*
	 * An open-loop run's response time and lateness, from the IO's
	 * scheduled arrival to its completion and to its submission.
	 */
	if (w->nr_sets > SSDK_NR_OPS) {
		ssdk_set_record(&set[ssdk_set_index(SSDK_LAT_KIND_RESPONSE, op)],
				complete - slot->arrival_ns, len);
		ssdk_set_record(&set[ssdk_set_index(SSDK_LAT_KIND_LATENESS, op)],
				slot->submit_ns - slot->arrival_ns, len);
	}
	if (unlikely(lat >= w->rare_ns))
		ssdk_record_rare(w, slot, lat);
}

#endif /* _SSDK_RECORD_H */
