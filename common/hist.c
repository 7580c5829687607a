// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
/*
 * Latency histogram: bucket bounds, merging and percentiles. The layout
 * and its error bound are described in hist.h. The same file builds in
 * the module and in userspace, so it uses nothing but u64 arithmetic;
 * only hist_percentile(), which takes a double, is left out of the
 * kernel.
 */

#include "hist.h"

/*
 * floor(log2(SSDK_HIST_MAX_NS)): 2^41 ns is 36.7 min, 2^42 ns 73.3 min.
 * The bucket of SSDK_HIST_MAX_NS is then (41 - SUB_BITS) << SUB_BITS plus
 * its top SUB_BITS + 1 bits, and the overflow bucket the one after it.
 */
#define HIST_MAX_NS_LOG2	41
#define HIST_MAX_NS_SHIFT	(HIST_MAX_NS_LOG2 - SSDK_HIST_SUB_BITS)

static_assert((SSDK_HIST_MAX_NS >> HIST_MAX_NS_LOG2) == 1,
	      "HIST_MAX_NS_LOG2 is floor(log2(SSDK_HIST_MAX_NS))");
static_assert(SSDK_HIST_OVERFLOW_IDX ==
	      (HIST_MAX_NS_SHIFT << SSDK_HIST_SUB_BITS) +
	      (SSDK_HIST_MAX_NS >> HIST_MAX_NS_SHIFT) + 1,
	      "SSDK_HIST_OVERFLOW_IDX follows the bucket of SSDK_HIST_MAX_NS");

/* Width of bucket @idx is 2^shift; its lower bound is mantissa << shift. */
static unsigned int hist_bucket_shift(unsigned int idx)
{
	if (idx < SSDK_HIST_NR_EXACT)
		return 0;
	return (idx >> SSDK_HIST_SUB_BITS) - 1;
}

/**
 * hist_bucket_lower() - Smallest latency that goes to a bucket.
 * @idx: Bucket index; past SSDK_HIST_OVERFLOW_IDX reads as that.
 *
 * Context: Any context.
 * Return: The lower bound, nanoseconds, inclusive.
 */
u64 hist_bucket_lower(unsigned int idx)
{
	unsigned int shift;

	if (idx > SSDK_HIST_OVERFLOW_IDX)
		idx = SSDK_HIST_OVERFLOW_IDX;
	shift = hist_bucket_shift(idx);
	return (u64)(idx - (shift << SSDK_HIST_SUB_BITS)) << shift;
}

/**
 * hist_heat_lower() - Smallest latency of a heat bucket.
 * @k: The bucket, below SSDK_HEAT_BUCKETS (see hist_heat_bucket()).
 *
 * Context: Any context.
 * Return: Its lower bound, nanoseconds, inclusive; 0 for bucket 0.
 */
u64 hist_heat_lower(unsigned int k)
{
	unsigned int e;

	if (!k)
		return 0;
	if (k >= SSDK_HEAT_BUCKETS)
		k = SSDK_HEAT_BUCKETS - 1;
	e = SSDK_HEAT_MIN_SHIFT + (k - 1) / 2;
	return (k - 1) % 2 ? 3ULL << (e - 1) : 1ULL << e;
}

/**
 * hist_bucket_upper() - Largest latency that goes to a bucket.
 * @idx: Bucket index; past SSDK_HIST_OVERFLOW_IDX reads as that.
 *
 * Context: Any context.
 * Return: The upper bound, nanoseconds, inclusive: U64_MAX for the
 * overflow bucket.
 */
u64 hist_bucket_upper(unsigned int idx)
{
	if (idx >= SSDK_HIST_OVERFLOW_IDX)
		return ~0ULL;
	return hist_bucket_lower(idx + 1) - 1;
}

/**
 * hist_bucket_mid() - The value that stands for a bucket's latencies.
 * @idx: Bucket index; past SSDK_HIST_OVERFLOW_IDX reads as that.
 *
 * The midpoint, rounded down: within 1/512 of every latency in the
 * bucket (see hist.h), half the error of either bound. Meaningless for
 * the overflow bucket, whose latencies only the caller's maximum tells.
 *
 * Context: Any context.
 * Return: lower + (upper - lower) / 2, nanoseconds.
 */
u64 hist_bucket_mid(unsigned int idx)
{
	u64 lower = hist_bucket_lower(idx);

	return lower + (hist_bucket_upper(idx) - lower) / 2;
}

/**
 * hist_merge() - Add one histogram to another.
 * @dst: Histogram added to, SSDK_HIST_NR_BUCKETS counts.
 * @src: Histogram added, SSDK_HIST_NR_BUCKETS counts.
 *
 * Merging per-CPU histograms gives what one histogram would have
 * recorded: buckets are the same everywhere.
 *
 * Context: Any context; the caller keeps @dst from changing meanwhile.
 */
void hist_merge(u64 *dst, const u64 *src)
{
	unsigned int i;

	for (i = 0; i < SSDK_HIST_NR_BUCKETS; i++)
		dst[i] += src[i];
}

/**
 * hist_value_at_rank() - The latency of a given rank.
 * @buckets: The histogram, SSDK_HIST_NR_BUCKETS counts.
 * @rank: 1 for the smallest latency recorded; 0 reads as 1.
 * @min: The exact smallest latency recorded, which the caller tracked.
 * @max: The exact largest latency recorded, which the caller tracked.
 *
 * The midpoint of the bucket that holds the @rank-th smallest latency,
 * clamped to [@min, @max]. The midpoint is within 1/512 of that latency
 * up to SSDK_HIST_MAX_NS, and clamping only brings it closer. A rank in
 * the overflow bucket, or past all the counts, gives @max.
 *
 * Context: Any context.
 * Return: The latency, nanoseconds.
 */
u64 hist_value_at_rank(const u64 *buckets, u64 rank, u64 min, u64 max)
{
	unsigned int idx;
	u64 seen = 0;
	u64 value;

	if (!rank)
		rank = 1;
	for (idx = 0; idx < SSDK_HIST_OVERFLOW_IDX; idx++) {
		seen += buckets[idx];
		if (seen >= rank)
			break;
	}
	if (idx == SSDK_HIST_OVERFLOW_IDX)
		return max;
	value = hist_bucket_mid(idx);
	if (value < min)
		value = min;
	return value < max ? value : max;
}

/**
 * hist_advance() - The rank-th of the latencies a histogram gained since
 * a copy of it, the copy brought up to date.
 * @base: The copy, SSDK_HIST_NR_BUCKETS counts; made equal to @now.
 * @now: The histogram, which differs from @base only from bucket @first
 *	to bucket @last: the buckets of the least and the greatest latency
 *	recorded since (hist_bucket_index()).
 * @first: See @now.
 * @last: See @now.
 * @rank: 1 for the smallest latency gained.
 * @heat: Where the latencies gained are added up per heat bucket
 *	(hist_heat_bucket()), SSDK_HEAT_BUCKETS counts; NULL for none.
 *
 * What a run's time series takes of an interval: the histogram is kept
 * for the whole run, and the interval's is the difference. Only the
 * buckets between the interval's extremes are read, so closing an
 * interval costs what its spread of latencies does, not the histogram's
 * size.
 *
 * Context: Any context; the caller keeps both from changing meanwhile.
 * Return: The upper bound of the bucket holding the @rank-th smallest
 * latency gained (hist_bucket_upper(): never below it, at most 1/256
 * above it up to SSDK_HIST_MAX_NS; U64_MAX past that), or 0 when fewer
 * than @rank were gained.
 */
u64 hist_advance(u64 *base, const u64 *now, unsigned int first, unsigned int last, u64 rank,
		 u32 *heat)
{
	u64 seen = 0, value = 0, gained;
	unsigned int idx;

	for (idx = first; idx <= last && idx < SSDK_HIST_NR_BUCKETS; idx++) {
		gained = now[idx] - base[idx];
		seen += gained;
		base[idx] = now[idx];
		if (heat && gained)
			hist_heat_add(&heat[hist_heat_bucket(hist_bucket_lower(idx))], gained);
		if (!value && rank && seen >= rank)
			value = hist_bucket_upper(idx);
	}
	return value;
}

#ifndef __KERNEL__
/**
 * hist_percentile() - A percentile of the latencies recorded.
 * @buckets: The histogram, SSDK_HIST_NR_BUCKETS counts.
 * @total: The latencies recorded: the sum of the counts.
 * @pct: The percentile, 0 to 100: 50 for the median, 99.9, ...
 * @min: The exact smallest latency recorded, which the caller tracked.
 * @max: The exact largest latency recorded, which the caller tracked.
 *
 * The latency of rank ceil(@pct / 100 * @total), at least 1, as
 * hist_value_at_rank() gives it: the exact order statistic within 1/512
 * up to SSDK_HIST_MAX_NS. @pct 100 (or more) gives @max. The rank is
 * computed with a few units in the last place of slack downwards, so
 * that decimal percentiles, inexact in binary, give the rank they mean:
 * 99.9 of 1000 latencies is rank 999, not 1000.
 *
 * Only in userspace: the kernel does no floating point.
 *
 * Return: The latency, nanoseconds; 0 when @total is 0.
 */
u64 hist_percentile(const u64 *buckets, u64 total, double pct, u64 min, u64 max)
{
	double exact;
	u64 rank;

	if (!total)
		return 0;
	if (pct >= 100)
		return max;
	if (!(pct > 0))		/* also NaN */
		return hist_value_at_rank(buckets, 1, min, max);
	exact = pct * (double)total / 100;
	exact -= exact / 1125899906842624.0;	/* 2^50 */
	rank = (u64)exact;
	if ((double)rank < exact)
		rank++;
	return hist_value_at_rank(buckets, rank, min, max);
}
#endif
