// SPDX-License-Identifier: GPL-2.0
/*
 * Statistics of a run: per set (an op's service time, and its response
 * time for an open loop), the counters of ../common/counts.h and a
 * latency histogram (../common/hist.h).
 *
 * The worker records each measured IO as it reaps it (record.h), where it
 * already handles every completion: one writer, no lock, no interrupts
 * to mask, and one copy per worker, merged when read (workers.c), whatever
 * the number of CPUs (a copy per
 * possible CPU, folded at the end, took 70 KB per set and CPU: 72 MB for
 * an open loop on 256 possible CPUs). Netlink handlers read the counters
 * while the run goes, each value with READ_ONCE() against the writer's
 * WRITE_ONCE(): a progress report needs no consistent snapshot, and once
 * the run has ended (its state read with acquire) the values are final.
 * On a 32-bit kernel a u64 read while the worker writes it may tear (its
 * two halves from two updates); that is a progress value off for one
 * report, never a final one.
 */

#include <linux/overflow.h>
#include <linux/string.h>
#include <linux/vmalloc.h>

#include "ssdk.h"

/**
 * ssdk_stats_setup() - Allocate a worker's statistics, zeroed.
 * @w: The worker, its sets known.
 *
 * Context: Process context, the run's starter (charged to its memory
 * cgroup); may sleep.
 * Return: 0 or -ENOMEM.
 */
int ssdk_stats_setup(struct ssdk_worker *w)
{
	w->stats = __vmalloc(struct_size(w->stats, set, w->nr_sets),
			     GFP_KERNEL_ACCOUNT | __GFP_ZERO);
	if (!w->stats)
		return -ENOMEM;
	w->stats->nr_sets = w->nr_sets;
	return 0;
}

/**
 * ssdk_stats_teardown() - Free a worker's statistics.
 * @w: The worker.
 */
void ssdk_stats_teardown(struct ssdk_worker *w)
{
	vfree(w->stats);
	w->stats = NULL;
}

/**
 * ssdk_stats_counts() - The counters of one set of a run, so far or final.
 * @run: The run.
 * @set: Index of the set, see ssdk_set_index(); below the run's nr_sets.
 * @counts: Filled in: its workers' added up.
 *
 * Context: Any context.
 */
void ssdk_stats_counts(const struct ssdk_run *run, unsigned int set,
		       struct ssdk_counts *counts)
{
	const struct ssdk_counts *c;
	struct ssdk_counts one;
	unsigned int w;

	memset(counts, 0, sizeof(*counts));
	for (w = 0; w < run->nr_workers; w++) {
		c = &run->workers[w]->stats->set[set].c;
		one = (struct ssdk_counts){
			.ios = READ_ONCE(c->ios),
			.bytes = READ_ONCE(c->bytes),
			.errors = READ_ONCE(c->errors),
			.lat_min_ns = READ_ONCE(c->lat_min_ns),
			.lat_max_ns = READ_ONCE(c->lat_max_ns),
			.lat_sum_ns = READ_ONCE(c->lat_sum_ns),
			.lat_sumsq_hi = READ_ONCE(c->lat_sumsq_hi),
			.lat_sumsq_lo = READ_ONCE(c->lat_sumsq_lo),
		};
		ssdk_counts_merge(counts, &one);
	}
}

/**
 * ssdk_stats_bucket() - One histogram bucket of a run, so far or final.
 * @run: The run.
 * @set: Index of the set, see ssdk_set_index().
 * @idx: Bucket index.
 *
 * Context: Any context.
 * Return: The bucket's count.
 */
u64 ssdk_stats_bucket(const struct ssdk_run *run, unsigned int set, unsigned int idx)
{
	unsigned int w;
	u64 n = 0;

	for (w = 0; w < run->nr_workers; w++)
		n += READ_ONCE(run->workers[w]->stats->set[set].hist[idx]);
	return n;
}
