// SPDX-License-Identifier: GPL-2.0
/*
 * The rare part of a reaped IO's record (record.h): its place among the
 * slowest (slowest.c) and its capture (capture.c). Each IO's latency is
 * compared with one threshold, the worker's rare_ns: the least latency
 * either of them may want. Only the IOs that reach it come here: the
 * first slowest-n of a worker, while its log fills, then the few slower
 * than the fastest it keeps, and those the capture takes.
 */

#include <linux/minmax.h>

#include "ssdk.h"

/**
 * ssdk_record_rare_update() - Set the latency from which an IO is rare.
 * @w: The worker, its slowest log and capture set up.
 *
 * Context: The worker, or its setup before it starts.
 */
void ssdk_record_rare_update(struct ssdk_worker *w)
{
	const struct ssdk_slowest *s = &w->slowest;
	u64 over = U64_MAX, fastest;

	if (s->nr < s->cap) {
		over = 0;
	} else if (s->cap) {
		/* A full log keeps an IO only if slower than its fastest. */
		fastest = s->heap[0].lat_ns;
		over = fastest == U64_MAX ? fastest : fastest + 1;
	}
	if (w->capture.over_ns)
		over = min(over, w->capture.over_ns);
	w->rare_ns = over;
}

/**
 * ssdk_record_rare() - Record a reaped IO in the slowest log or the
 * capture, where it belongs in either.
 * @w: The worker.
 * @slot: The IO: measured, completed without error.
 * @lat: Its latency, at least the worker's rare_ns.
 *
 * Context: The worker.
 */
void ssdk_record_rare(struct ssdk_worker *w, const struct ssdk_slot *slot, u64 lat)
{
	u64 over = w->capture.over_ns;

	if (ssdk_slowest_wants(&w->slowest, lat))
		ssdk_slowest_insert(w, slot, lat);
	if (over && lat >= over)
		ssdk_capture_record(w, slot, lat);
	ssdk_record_rare_update(w);
}
