// SPDX-License-Identifier: GPL-2.0
/*
 * A run's time series: per interval (ts-interval-ns, default 1 s, at
 * least 10 ms) and per op, the IOs that completed in it, their bytes,
 * the sum and maximum of their latencies and their 99th percentile.
 *
 * The worker adds each measured IO as it reaps it (worker.c), to the
 * interval its completion falls in, counted from the run's start (as the
 * slowest log's submission times are). The open interval keeps a small
 * histogram per op, 8 buckets per power of two, from which the p99 is
 * taken when the interval closes: the upper bound of the bucket holding
 * it, so never below the true value and at most 1/8 above it, and never
 * above the interval's exact maximum. Closed intervals are appended to an
 * array and published one by one (release), so that timeseries-get reads
 * them while the run goes, without a lock. Intervals in which nothing
 * completed are recorded too: a stall shows as empty intervals, then one
 * whose maximum is the stall.
 *
 * Memory is bounded: the array holds at most ts_max_points intervals
 * (module parameter, default 16384: four and a half hours at 1 s, 164 s
 * at 10 ms), 80 bytes each, allocated when the run starts (for its whole
 * length when it has a runtime); IOs that complete past the last
 * interval are counted in ts-dropped.
 */

#include <linux/math64.h>
#include <linux/moduleparam.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "ssdk.h"
#include "ts_hist.h"

static unsigned int ssdk_ts_max_points = 16384;
module_param_named(ts_max_points, ssdk_ts_max_points, uint, 0644);
MODULE_PARM_DESC(ts_max_points, "Intervals of a run's time series, at most (default 16384)");

/**
 * ssdk_ts_setup() - Allocate a run's time series.
 * @run: The run, its configuration checked.
 *
 * Context: Process context; may sleep.
 * Return: 0 or -ENOMEM.
 */
int ssdk_ts_setup(struct ssdk_run *run)
{
	struct ssdk_timeseries *ts = &run->ts;
	u64 cap = ssdk_ts_max_intervals();

	ts->interval_ns = run->cfg.ts_interval_ns;
	if (run->cfg.runtime_ns)
		cap = min(cap, div64_u64(run->cfg.ramp_ns + run->cfg.runtime_ns,
					 ts->interval_ns) + 2);
	ts->cap = cap;
	ts->end_ns = ts->interval_ns;
	ts->points = kvcalloc(ts->cap, sizeof(*ts->points), GFP_KERNEL);
	return ts->points ? 0 : -ENOMEM;
}

/**
 * ssdk_ts_max_intervals() - Intervals a run's time series may hold at most.
 *
 * Return: The module parameter ts_max_points, at least 1.
 */
u32 ssdk_ts_max_intervals(void)
{
	return max(READ_ONCE(ssdk_ts_max_points), 1U);
}

/**
 * ssdk_ts_teardown() - Free a run's time series.
 * @run: The run.
 */
void ssdk_ts_teardown(struct ssdk_run *run)
{
	kvfree(run->ts.points);
	run->ts.points = NULL;
}

static u64 ssdk_ts_p99(const u32 *hist, u64 ios, u64 max)
{
	u64 rank = ios - ios / 100, seen = 0;	/* the ceil(0.99 ios)-th */
	unsigned int i;

	for (i = 0; i < SSDK_TS_NR_BUCKETS; i++) {
		seen += hist[i];
		if (seen >= rank)
			return min(ssdk_ts_bucket_upper(i), max);
	}
	return max;
}

/*
 * Close the open interval: publish it, and open the next one; a round
 * may end with it.
 */
static void ssdk_ts_close(struct ssdk_run *run)
{
	struct ssdk_timeseries *ts = &run->ts;
	struct ssdk_ts_point *p;
	unsigned int op;

	if (ts->nr < ts->cap) {
		p = &ts->points[ts->nr];
		*p = ts->cur;
		for (op = 0; op < SSDK_NR_OPS; op++)
			if (p->op[op].ios)
				p->op[op].lat_p99 = ssdk_ts_p99(ts->hist[op], p->op[op].ios,
								p->op[op].lat_max);
		/* Pairs with smp_load_acquire() in ssdk_ts_published(). */
		smp_store_release(&ts->nr, ts->nr + 1);
		ssdk_rounds_interval_closed(run, ts->nr, ts->end_ns);
	} else {
		WRITE_ONCE(ts->dropped, ts->dropped + ts->cur.op[0].ios + ts->cur.op[1].ios);
	}
	memset(&ts->cur, 0, sizeof(ts->cur));
	memset(ts->hist, 0, sizeof(ts->hist));
	ts->end_ns += ts->interval_ns;
}

/**
 * ssdk_ts_advance() - Close the intervals before an IO's completion.
 * @run: The run.
 * @t: The IO's completion time from the run's start, past the open
 *	interval's end.
 *
 * ssdk_ts_add() (record.h) calls it at an interval's first completion.
 *
 * Context: The run's worker.
 * Return: Whether the series has room for the IO (else it is counted
 * dropped).
 */
bool ssdk_ts_advance(struct ssdk_run *run, u64 t)
{
	struct ssdk_timeseries *ts = &run->ts;

	while (t >= ts->end_ns && ts->nr < ts->cap)
		ssdk_ts_close(run);
	if (t < ts->end_ns)
		return true;
	WRITE_ONCE(ts->dropped, ts->dropped + 1);
	return false;
}

/**
 * ssdk_ts_finish() - Close the last interval at the run's end.
 * @run: The run; none of its IOs is in flight.
 *
 * The last interval is shorter than the others when the run did not end
 * on an interval's boundary; it is kept when anything completed in it.
 *
 * Context: The run's worker.
 */
void ssdk_ts_finish(struct ssdk_run *run)
{
	struct ssdk_timeseries *ts = &run->ts;

	if (ts->cur.op[0].ios || ts->cur.op[1].ios)
		ssdk_ts_close(run);
}

/**
 * ssdk_ts_pad() - Close empty intervals up to a count, at a worker's end.
 * @run: A worker's share of a run (shares.c), ended.
 * @nr: Intervals it is to have, as many as the worker with the most, so
 *	that the merged series (the intervals every worker closed) loses
 *	none of the others' last IOs.
 *
 * Context: The run's last worker; the share's own has ended.
 */
void ssdk_ts_pad(struct ssdk_run *run, u32 nr)
{
	struct ssdk_timeseries *ts = &run->ts;

	while (ts->nr < min(nr, ts->cap)) {
		memset(&ts->points[ts->nr], 0, sizeof(ts->points[ts->nr]));
		/* Pairs with smp_load_acquire() in ssdk_ts_published(). */
		smp_store_release(&ts->nr, ts->nr + 1);
	}
}

/**
 * ssdk_ts_published() - Intervals of a run that may be read.
 * @run: The run.
 *
 * Context: Any context.
 * Return: How many, from the first.
 */
u32 ssdk_ts_published(const struct ssdk_run *run)
{
	/* Pairs with smp_store_release() in ssdk_ts_close(). */
	return smp_load_acquire(&run->ts.nr);
}
