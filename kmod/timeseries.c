// SPDX-License-Identifier: GPL-2.0
/*
 * A run's time series: per interval (ts-interval-ns, default 1 s, at
 * least 10 ms) and per op, the IOs that completed in it, their bytes,
 * the sum and maximum of their latencies and their 99th percentile.
 *
 * An IO belongs to the interval its completion falls in, counted from the
 * run's start (as the slowest log's submission times are). The figures of
 * an interval are the difference of the run's statistics (stats.c, kept
 * per IO anyway) between its end and its start, kept here as a base: the
 * worker closes an interval at the first completion past its end, before
 * counting that IO (record.h). Of each IO the series itself only keeps
 * the open interval's smallest and largest latency, which bound the
 * buckets of the histogram that changed in it; the p99 is the upper bound
 * of the bucket holding it in the difference of those buckets, so never
 * below the true value and at most 1/256 above it (hist.h), and never
 * above the interval's exact maximum. Closed intervals are appended to an
 * array and published one by one (release), so that timeseries-get reads
 * them while the run goes, without a lock. Intervals in which nothing
 * completed are recorded too: a stall shows as empty intervals, then one
 * whose maximum is the stall.
 *
 * A run with anatomy keeps, beside each interval, its stages per op: the
 * IOs, the sum and the largest of their times in each (the sums from the
 * stage sets' counters, as the figures are; the maxima as reaped).
 *
 * Each interval has its heat row too (hist_heat_bucket(): two buckets per
 * power of two from 1 us to 68.7 s), the latencies of its IOs counted
 * per bucket as the same difference of histograms is walked: a latency
 * heatmap at no cost per IO.
 *
 * Memory is bounded: the array holds at most ts_max_points intervals
 * (module parameter, default 16384: four and a half hours at 1 s, 164 s
 * at 10 ms), 296 bytes each (80 of figures, 216 of heat: 4.6 MiB at
 * most), allocated when the run starts (for its whole length when it has
 * a runtime), and the base is a copy of the two ops' statistics
 * (139 KiB) per worker; IOs that complete past the last interval are
 * counted in ts-dropped.
 */

#include <linux/math64.h>
#include <linux/moduleparam.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "ssdk.h"

/* 80 MiB per worker, 12 days at 1 s: a write past it is refused. */
#define SSDK_TS_MAX_POINTS_LIMIT	1048576U

static unsigned int ssdk_ts_max_points = 16384;

SSDK_PARAM_UINT_RANGE(ts_max_points, ssdk_ts_max_points, 1, SSDK_TS_MAX_POINTS_LIMIT, 0644);
MODULE_PARM_DESC(ts_max_points, "Intervals of a run's time series, at most (default 16384, 1 to 1048576)");

/* Open an interval: no latency yet. */
static void ssdk_ts_open(struct ssdk_timeseries *ts)
{
	unsigned int op;

	for (op = 0; op < SSDK_NR_OPS; op++) {
		ts->open[op].lat_min = U64_MAX;
		ts->open[op].lat_max = 0;
	}
}

/**
 * ssdk_ts_cap() - Intervals a run's time series holds.
 * @cfg: The run's configuration.
 *
 * The module parameter ts_max_points, or fewer for a run whose length is
 * known: its ramp and runtime, and two intervals for the ends.
 *
 * Return: How many; the memory budget prices them (budget.c).
 */
u32 ssdk_ts_cap(const struct ssdk_run_config *cfg)
{
	u64 cap = ssdk_ts_max_intervals();

	/* Each at most max-duration-ns, below 2^55: the sum cannot wrap. */
	if (cfg->runtime_ns)
		cap = min(cap, div64_u64(cfg->ramp_ns + cfg->runtime_ns,
					 cfg->ts_interval_ns) + 2);
	return cap;
}

/**
 * ssdk_ts_setup() - Allocate a worker's time series.
 * @w: The worker, its run's configuration checked, its @cfg.ts_cap set.
 *
 * Context: Process context, the run's starter (charged to its memory
 * cgroup); may sleep.
 * Return: 0 or -ENOMEM.
 */
int ssdk_ts_setup(struct ssdk_worker *w)
{
	struct ssdk_timeseries *ts = &w->ts;

	ts->interval_ns = w->run->cfg.ts_interval_ns;
	ts->cap = w->run->cfg.ts_cap;
	ts->end_ns = ts->interval_ns;
	ssdk_ts_open(ts);
	ts->base = kvcalloc(SSDK_NR_OPS, sizeof(*ts->base), GFP_KERNEL_ACCOUNT);
	ts->points = kvcalloc(ts->cap, sizeof(*ts->points), GFP_KERNEL_ACCOUNT);
	if (!ts->base || !ts->points)
		return -ENOMEM;
	if (!w->anatomy)
		return 0;
	ts->stages = kvcalloc(ts->cap, sizeof(*ts->stages), GFP_KERNEL_ACCOUNT);
	return ts->stages ? 0 : -ENOMEM;
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
 * ssdk_ts_teardown() - Free a worker's time series.
 * @w: The worker.
 */
void ssdk_ts_teardown(struct ssdk_worker *w)
{
	kvfree(w->ts.points);
	w->ts.points = NULL;
	kvfree(w->ts.stages);
	w->ts.stages = NULL;
	kvfree(w->ts.base);
	w->ts.base = NULL;
}

/*
 * One op's figures in the interval closing: the run's statistics less
 * the base, which becomes the next interval's.
 */
static void ssdk_ts_close_op(struct ssdk_ts_op *o, const struct ssdk_set_stats *now,
			     struct ssdk_set_stats *base, const struct ssdk_ts_range *r,
			     u32 *heat)
{
	o->ios = now->c.ios - base->c.ios;
	o->bytes = now->c.bytes - base->c.bytes;
	o->lat_sum = now->c.lat_sum_ns - base->c.lat_sum_ns;
	o->lat_max = r->lat_max;
	o->lat_p99 = 0;
	base->c = now->c;
	if (o->ios)	/* the ceil(0.99 ios)-th */
		o->lat_p99 = min(hist_advance(base->hist, now->hist,
					      hist_bucket_index(r->lat_min),
					      hist_bucket_index(r->lat_max),
					      o->ios - o->ios / 100, heat),
				 r->lat_max);
}

/*
 * Anatomy: each stage's IOs in the interval closing and the sum of their
 * times, from the stage sets' counters less those as it began; the
 * largest, kept as they were reaped (ssdk_ts_stage_add()).
 */
static void ssdk_ts_close_stages(struct ssdk_worker *w, struct ssdk_ts_stages *p)
{
	struct ssdk_ts_stage *o, *b;
	const struct ssdk_counts *c;
	unsigned int op, k;

	for (op = 0; op < SSDK_NR_OPS; op++) {
		for (k = 0; k < SSDK_NR_STAGES; k++) {
			c = &w->stats->set[ssdk_set_index(SSDK_LAT_KIND_BLOCK + k, op)].c;
			b = &w->ts.stage_open.op[op][k];
			o = &p->op[op][k];
			o->ios = c->ios - b->ios;
			o->sum = c->lat_sum_ns - b->sum;
			o->max = b->max;
			b->ios = c->ios;
			b->sum = c->lat_sum_ns;
			b->max = 0;
		}
	}
}

/*
 * Close the open interval: publish it, and open the next one; a round
 * may end with it. The one that fills the series leaves an end of 0: every
 * later IO, even one reaped after an IO that completed later than it, is
 * then counted as dropped (ssdk_ts_advance()).
 */
static void ssdk_ts_close(struct ssdk_worker *w)
{
	struct ssdk_timeseries *ts = &w->ts;
	struct ssdk_ts_point *p = &ts->points[ts->nr];
	unsigned int op;

	for (op = 0; op < SSDK_NR_OPS; op++)
		ssdk_ts_close_op(&p->op[op], &w->stats->set[op], &ts->base[op],
				 &ts->open[op], p->heat);
	if (ts->stages)
		ssdk_ts_close_stages(w, &ts->stages[ts->nr]);
	/* Pairs with smp_load_acquire() in ssdk_ts_published(). */
	smp_store_release(&ts->nr, ts->nr + 1);
	ssdk_slowest_publish(&w->slowest);
	ssdk_rounds_interval_closed(w, ts->nr, ts->end_ns);
	ssdk_ts_open(ts);
	ts->end_ns = ts->nr < ts->cap ? ts->end_ns + ts->interval_ns : 0;
}

/**
 * ssdk_ts_advance() - Close the intervals before an IO's completion.
 * @w: The worker.
 * @t: The IO's completion time from the run's start, past the open
 *	interval's end.
 *
 * ssdk_record_reaped() (record.h) calls it at an interval's first
 * completion, before counting it.
 *
 * Context: The worker.
 * Return: Whether the series has room for the IO (else it is counted
 * dropped).
 */
bool ssdk_ts_advance(struct ssdk_worker *w, u64 t)
{
	struct ssdk_timeseries *ts = &w->ts;

	while (t >= ts->end_ns && ts->nr < ts->cap)
		ssdk_ts_close(w);
	ssdk_progress_tick(w);
	if (t < ts->end_ns)
		return true;
	WRITE_ONCE(ts->dropped, ts->dropped + 1);
	return false;
}

/**
 * ssdk_ts_finish() - Close the last interval at the worker's end.
 * @w: The worker; none of its IOs is in flight.
 *
 * The last interval is shorter than the others when the run did not end
 * on an interval's boundary; it is kept when anything completed in it.
 *
 * Context: The worker.
 */
void ssdk_ts_finish(struct ssdk_worker *w)
{
	struct ssdk_timeseries *ts = &w->ts;
	unsigned int op;

	if (ts->nr == ts->cap)
		return;
	for (op = 0; op < SSDK_NR_OPS; op++)
		if (w->stats->set[op].c.ios != ts->base[op].c.ios) {
			ssdk_ts_close(w);
			return;
		}
}

/**
 * ssdk_ts_pad() - Close empty intervals up to a count, at a worker's end.
 * @w: A worker of a run (workers.c), ended.
 * @nr: Intervals it is to have, as many as the worker with the most, so
 *	that the merged series (the intervals every worker closed) loses
 *	none of the others' last IOs.
 *
 * Context: The run's last worker; @w has ended.
 */
void ssdk_ts_pad(struct ssdk_worker *w, u32 nr)
{
	struct ssdk_timeseries *ts = &w->ts;

	while (ts->nr < min(nr, ts->cap)) {
		memset(&ts->points[ts->nr], 0, sizeof(ts->points[ts->nr]));
		if (ts->stages)
			memset(&ts->stages[ts->nr], 0, sizeof(ts->stages[ts->nr]));
		/* Pairs with smp_load_acquire() in ssdk_ts_published(). */
		smp_store_release(&ts->nr, ts->nr + 1);
	}
}

/**
 * ssdk_ts_published() - Intervals of a worker that may be read.
 * @w: The worker.
 *
 * Context: Any context.
 * Return: How many, from the first.
 */
u32 ssdk_ts_published(const struct ssdk_worker *w)
{
	/* Pairs with smp_store_release() in ssdk_ts_close(). */
	return smp_load_acquire(&w->ts.nr);
}
