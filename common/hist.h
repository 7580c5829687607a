/* SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause */
/*
 * Latency histogram: log-linear buckets of nanoseconds, shared by the
 * module and userspace (which both record, merge and read percentiles).
 * A histogram is a plain array of SSDK_HIST_NR_BUCKETS u64 counts;
 * recording is one bucket_index() and one increment.
 *
 * Layout (S = SSDK_HIST_SUB_BITS = 8, so 2^S = 256 sub-buckets):
 *
 *   shift(v) = max(0, msb(v) - S)          msb(v) = floor(log2(v))
 *   index(v) = (shift(v) << S) + (v >> shift(v))
 *
 * Values 0 .. 2^(S+1) - 1 = 511 have a bucket each (index = value). From
 * there on, each power of two [2^e, 2^(e+1)) is cut into 256 buckets of
 * width 2^(e-S): bucket i covers [m << s, ((m + 1) << s) - 1] with
 * s = (i >> S) - 1 and m = 256 + (i & 255). As in HdrHistogram (and
 * fio's plat_val_to_idx() with 64 sub-buckets), the index needs only a
 * fls64(), two shifts and an add: no table, no division.
 *
 * Error. A bucket [lo, hi] is reported as its midpoint
 * mid = lo + (hi - lo) / 2. The relative error of a value v in it is
 * |mid - v| / v. For buckets from 512 on, the width hi - lo + 1 = 2^s is
 * at most lo / 256, so |mid - v| <= 2^s / 2 <= lo / 512 <= v / 512:
 * the relative error is at most 1/512 = 0.1953% for every v in
 * 1 .. SSDK_HIST_MAX_NS (and 0 below 512, where buckets are exact). The
 * midpoint halves the error of reporting either edge; 256 sub-buckets are
 * the fewest that stay within the 0.2% the statistics promise (128 would
 * give 0.39%), at 256 counts (2 KiB) per power of two. fio's histogram
 * has 0.78% and ends at 17 s. hist_test.c checks the bound on both edges
 * of every bucket, where the error of a bucket is largest.
 *
 * Range. 1 hour (SSDK_HIST_MAX_NS = 3.6e12 ns, between 2^41 and 2^42)
 * falls in bucket 8867, [419 << 33, (420 << 33) - 1] = [3599.2 s,
 * 3607.8 s]. That is the last bucket with the error bound. Bucket 8868,
 * SSDK_HIST_OVERFLOW_IDX, holds every value from 420 << 33 ns (3607.8 s)
 * up to U64_MAX: its count is right but its midpoint means nothing; the
 * caller keeps the exact maximum, and hist_percentile() reports that for
 * ranks there. So SSDK_HIST_NR_BUCKETS = 8869: 70952 bytes (69.3 KiB) of
 * u64 counts per histogram. Counts are u64: an hour at 10M IOPS is 3.6e10
 * IOs, past u32.
 */
#ifndef _SSDK_HIST_H
#define _SSDK_HIST_H

#include "platform.h"

/**
 * define SSDK_HIST_SUB_BITS - Log2 of the buckets per power of two.
 *
 * 8 gives 256 buckets per power of two, a relative error of at most
 * 1/512 (0.1953%) with midpoints; see the comment at the top of hist.h.
 */
#define SSDK_HIST_SUB_BITS	8

/**
 * define SSDK_HIST_SUB_BUCKETS - Buckets per power of two, 2^SUB_BITS.
 */
#define SSDK_HIST_SUB_BUCKETS	BIT(SSDK_HIST_SUB_BITS)

/**
 * define SSDK_HIST_NR_EXACT - Values below this have a bucket each.
 *
 * 2^(SUB_BITS + 1) = 512: buckets 0 .. 511 are 1 ns wide, index = value.
 */
#define SSDK_HIST_NR_EXACT	(2U << SSDK_HIST_SUB_BITS)

/**
 * define SSDK_HIST_MAX_NS - Largest latency measured within the bound.
 *
 * 1 hour. Every value up to the end of its bucket (3607.8 s) gets a
 * bucket with a relative error of at most 1/512; larger ones go to the
 * overflow bucket.
 */
#define SSDK_HIST_MAX_NS	(3600ULL * 1000000000ULL)

/**
 * define SSDK_HIST_OVERFLOW_IDX - Index of the overflow bucket.
 *
 * The last bucket: values from 420 << 33 ns (3607.8 s) to U64_MAX. The
 * one before it, 8867, holds SSDK_HIST_MAX_NS. hist.c derives this
 * number from SSDK_HIST_MAX_NS and checks it at build time.
 */
#define SSDK_HIST_OVERFLOW_IDX	8868U

/**
 * define SSDK_HIST_NR_BUCKETS - Buckets of a histogram.
 *
 * 8869: a histogram is u64 buckets[SSDK_HIST_NR_BUCKETS], 70952 bytes.
 */
#define SSDK_HIST_NR_BUCKETS	(SSDK_HIST_OVERFLOW_IDX + 1)

/**
 * hist_bucket_index() - Bucket of a latency.
 * @ns: Latency, nanoseconds; any value.
 *
 * Runs once per IO: one fls64(), two shifts, an add and a compare, no
 * branch on the data but the final clamp (a conditional move). OR-ing in
 * 2^SUB_BITS makes every value below 512 get shift 0, its exact bucket,
 * and keeps fls64() away from 0.
 *
 * Context: Any context.
 * Return: The index, below SSDK_HIST_NR_BUCKETS.
 */
static inline unsigned int hist_bucket_index(u64 ns)
{
	unsigned int shift = fls64(ns | SSDK_HIST_SUB_BUCKETS) -
			     (SSDK_HIST_SUB_BITS + 1);
	unsigned int idx = (shift << SSDK_HIST_SUB_BITS) + (unsigned int)(ns >> shift);

	return idx < SSDK_HIST_OVERFLOW_IDX ? idx : SSDK_HIST_OVERFLOW_IDX;
}

/**
 * hist_record() - Count one latency.
 * @buckets: The histogram, SSDK_HIST_NR_BUCKETS counts.
 * @ns: Latency, nanoseconds.
 *
 * Not atomic: the caller is the histogram's only writer. The count is
 * stored with WRITE_ONCE(), for readers on other CPUs (READ_ONCE()).
 *
 * Context: Any context.
 */
static inline void hist_record(u64 *buckets, u64 ns)
{
	unsigned int idx = hist_bucket_index(ns);

	WRITE_ONCE(buckets[idx], buckets[idx] + 1);
}

/*
 * define SSDK_HEAT_MIN_SHIFT - Latencies below 2^this ns share heat bucket 0.
 */
#define SSDK_HEAT_MIN_SHIFT	10

/**
 * hist_heat_bucket() - The heat bucket of a latency: a row of a latency
 *	heatmap, two buckets per power of two (the spec's heat-buckets).
 * @ns: Latency, nanoseconds.
 *
 * Bucket 0 below 2^10 ns; bucket 1 + 2k from 2^(10+k) ns, bucket 2 + 2k
 * from 3 x 2^(9+k) ns (each power of two split at one and a half); the
 * last from 2^36 ns up. Every bound is a bound of the histogram's buckets
 * too, so that a bucket of the histogram falls in one heat bucket.
 *
 * Context: Any context.
 * Return: The bucket, below SSDK_HEAT_BUCKETS.
 */
static inline unsigned int hist_heat_bucket(u64 ns)
{
	unsigned int e, k;

	if (ns < (1ULL << SSDK_HEAT_MIN_SHIFT))
		return 0;
	e = fls64(ns) - 1;
	k = 1 + 2 * (e - SSDK_HEAT_MIN_SHIFT) + (ns >= 3ULL << (e - 1));
	return k < SSDK_HEAT_BUCKETS ? k : SSDK_HEAT_BUCKETS - 1;
}

/**
 * hist_heat_add() - Add to a heat count, which stops at U32_MAX.
 * @count: The count of a heat bucket.
 * @n: What to add to it.
 *
 * A count past 2^32 takes an interval of hours at millions of IOPS: it
 * stays at U32_MAX rather than wrap.
 *
 * Context: Any context.
 */
static inline void hist_heat_add(u32 *count, u64 n)
{
	*count = n < (u32)~0U - *count ? *count + (u32)n : (u32)~0U;
}

u64 hist_heat_lower(unsigned int k);
u64 hist_bucket_lower(unsigned int idx);
u64 hist_bucket_upper(unsigned int idx);
u64 hist_bucket_mid(unsigned int idx);
void hist_merge(u64 *dst, const u64 *src);
u64 hist_value_at_rank(const u64 *buckets, u64 rank, u64 min, u64 max);
u64 hist_advance(u64 *base, const u64 *now, unsigned int first, unsigned int last, u64 rank,
		 u32 *heat);
#ifndef __KERNEL__
u64 hist_percentile(const u64 *buckets, u64 total, double pct, u64 min, u64 max);
#endif

#endif /* _SSDK_HIST_H */
