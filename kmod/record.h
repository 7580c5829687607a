/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the worker records of each reaped IO (worker.c): its statistics
 * (stats.c), its place among the slowest (slowest.c), its interval of
 * the time series (timeseries.c) and its capture (capture.c). The paths
 * taken by most IOs are here, inline in the reaping loop, the latency
 * worked out once; what few IOs need stays in those files.
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

/*
 * Statistics of an IO that completed without error; an open-loop run's
 * response time too, from the IO's scheduled arrival.
 */
static inline void ssdk_stats_record(struct ssdk_run *run, const struct ssdk_slot *slot, u64 lat)
{
	struct ssdk_set_stats *set = run->stats->set;

	ssdk_set_record(&set[slot->op], lat, slot->len);
	if (run->nr_sets > SSDK_NR_OPS)
		ssdk_set_record(&set[ssdk_set_index(SSDK_LAT_KIND_RESPONSE, slot->op)],
				slot->complete_ns - slot->arrival_ns, slot->len);
}

/* The slowest-IO log: a full log keeps an IO only if slower than its fastest. */
static inline void ssdk_slowest_add(struct ssdk_run *run, const struct ssdk_slot *slot, u64 lat)
{
	const struct ssdk_slowest *s = &run->slowest;

	if (s->nr < s->cap || (s->cap && lat > s->heap[0].lat_ns))
		ssdk_slowest_insert(run, slot, lat);
}

/* The open interval of the time series, closed first at its end. */
static inline void ssdk_ts_add(struct ssdk_run *run, const struct ssdk_slot *slot, u64 lat)
{
	struct ssdk_timeseries *ts = &run->ts;
	u64 t = slot->complete_ns - run->start_ns;
	struct ssdk_ts_op *o = &ts->cur.op[slot->op];

	if (unlikely(t >= ts->end_ns) && !ssdk_ts_advance(run, t))
		return;
	o->ios++;
	o->bytes += slot->len;
	o->lat_sum += lat;
	o->lat_max = max(o->lat_max, lat);
	ts->hist[slot->op][ssdk_ts_bucket(lat)]++;
}

/* The threshold capture, when the run has one and the IO reaches it. */
static inline void ssdk_capture_add(struct ssdk_run *run, const struct ssdk_slot *slot, u64 lat)
{
	u64 over = run->capture.over_ns;

	if (unlikely(over && lat >= over))
		ssdk_capture_record(run, slot, lat);
}

/**
 * ssdk_record_reaped() - Record a reaped measured IO.
 * @run: The run.
 * @slot: The IO, its times and error set.
 *
 * Failed IOs are counted apart from the latencies, and in nothing else.
 *
 * Context: The run's worker.
 */
static inline void ssdk_record_reaped(struct ssdk_run *run, const struct ssdk_slot *slot)
{
	u64 lat = slot->complete_ns - slot->submit_ns;

	if (slot->complete_ns > run->last_measured_ns)
		WRITE_ONCE(run->last_measured_ns, slot->complete_ns);
	if (unlikely(slot->error)) {
		ssdk_counts_error(&run->stats->set[slot->op].c);
		return;
	}
	ssdk_stats_record(run, slot, lat);
	ssdk_slowest_add(run, slot, lat);
	ssdk_ts_add(run, slot, lat);
	ssdk_capture_add(run, slot, lat);
}

#endif /* _SSDK_RECORD_H */
