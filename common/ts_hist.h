/* SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause */
/*
 * The small histogram of a time series' open interval: 8 buckets per
 * power of two (values below 8 exact), 496 buckets through 2^64 ns. A
 * bucket's upper bound is at most 1/8 above any value in it, which is the
 * bound on each interval's p99. Shared with userspace as hist.h is.
 */
#ifndef _SSDK_TS_HIST_H
#define _SSDK_TS_HIST_H

#include "hist.h"

#define SSDK_TS_SUB		8
#define SSDK_TS_NR_BUCKETS	496

/**
 * ssdk_ts_bucket() - Bucket of a latency.
 * @ns: The latency.
 *
 * Return: An index below %SSDK_TS_NR_BUCKETS.
 */
static inline unsigned int ssdk_ts_bucket(u64 ns)
{
	unsigned int msb;

	if (ns < SSDK_TS_SUB)
		return ns;
	msb = fls64(ns) - 1;
	return (msb - 2) * SSDK_TS_SUB + ((ns >> (msb - 3)) & (SSDK_TS_SUB - 1));
}

/**
 * ssdk_ts_bucket_upper() - The largest latency of a bucket.
 * @idx: The bucket.
 *
 * Return: The bound, ns.
 */
static inline u64 ssdk_ts_bucket_upper(unsigned int idx)
{
	unsigned int msb = idx / SSDK_TS_SUB + 2, sub = idx % SSDK_TS_SUB;

	if (idx < SSDK_TS_SUB)
		return idx;
	return ((u64)(SSDK_TS_SUB + sub + 1) << (msb - 3)) - 1;
}

#endif /* _SSDK_TS_HIST_H */
