/* SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause */
/*
 * The counters of a set of IOs: how many, their bytes, their errors, and
 * the moments of their latencies, exact. The module records each IO into
 * them, userspace engines record theirs with the same code, and
 * userspace merges several runs' counters with it. Part of libssdk's
 * ABI (struct ssdk_run_status holds them), so this header needs nothing
 * but <linux/types.h>.
 *
 * The sum of squared latencies takes 128 bits, as two u64 halves: one
 * latency of five seconds already squares past 2^64; no 128-bit integer
 * type, which 32-bit kernels do not have.
 *
 * One writer at a time; a reader on another CPU reads the fields with
 * READ_ONCE() while the writer stores them with WRITE_ONCE(), each field
 * on its own (a progress report does not need a consistent snapshot).
 */
#ifndef _SSDK_COUNTS_H
#define _SSDK_COUNTS_H

#include <linux/types.h>

#ifdef __KERNEL__
#include <linux/compiler.h>
#include <linux/math64.h>
#define SSDK_COUNTS_STORE(x, v)	WRITE_ONCE(x, v)
#else
#define SSDK_COUNTS_STORE(x, v)	((x) = (v))
#endif

/**
 * struct ssdk_counts - Counters of a set of measured IOs.
 * @ios: IOs completed without error.
 * @bytes: Their bytes.
 * @errors: IOs completed with an error; not in the latencies.
 * @lat_min_ns: Smallest latency; meaningless while @ios is 0.
 * @lat_max_ns: Largest latency; 0 while @ios is 0.
 * @lat_sum_ns: Sum of the latencies.
 * @lat_sumsq_hi: High 64 bits of the sum of squared latencies, ns^2.
 * @lat_sumsq_lo: Its low 64 bits.
 */
struct ssdk_counts {
	__u64 ios;
	__u64 bytes;
	__u64 errors;
	__u64 lat_min_ns;
	__u64 lat_max_ns;
	__u64 lat_sum_ns;
	__u64 lat_sumsq_hi;
	__u64 lat_sumsq_lo;
};

/**
 * ssdk_square() - The 128-bit square of a 64-bit value.
 * @x: The value.
 * @hi: Its square's high 64 bits.
 * @lo: Its square's low 64 bits.
 *
 * The kernel's mul_u64_u64_shr() is one multiplication where the CPU has
 * a 64x64->128 one, and the same 32-bit halves elsewhere. Userspace
 * computes those halves itself: with x = h 2^32 + l,
 * x^2 = h^2 2^64 + h l 2^33 + l^2.
 */
static inline void ssdk_square(__u64 x, __u64 *hi, __u64 *lo)
{
#ifdef __KERNEL__
	*hi = mul_u64_u64_shr(x, x, 64);
#else
	__u64 h = x >> 32, l = x & 0xffffffffULL, m = h * l;

	*hi = h * h + (m >> 31) + ((m << 33) + l * l < l * l);
#endif
	*lo = x * x;
}

/* Add the 128-bit @add_hi:@add_lo to @c's sum of squares. */
static inline void ssdk_counts_add_sumsq(struct ssdk_counts *c, __u64 add_hi, __u64 add_lo)
{
	__u64 lo = c->lat_sumsq_lo + add_lo;

	SSDK_COUNTS_STORE(c->lat_sumsq_hi, c->lat_sumsq_hi + add_hi + (lo < add_lo));
	SSDK_COUNTS_STORE(c->lat_sumsq_lo, lo);
}

/**
 * ssdk_counts_record() - Count an IO that completed without error.
 * @c: The counters.
 * @lat_ns: Its latency.
 * @len: Its bytes.
 *
 * Context: Any; the caller is the counters' only writer.
 */
static inline void ssdk_counts_record(struct ssdk_counts *c, __u64 lat_ns, __u32 len)
{
	__u64 hi, lo;

	ssdk_square(lat_ns, &hi, &lo);
	if (!c->ios || lat_ns < c->lat_min_ns)
		SSDK_COUNTS_STORE(c->lat_min_ns, lat_ns);
	if (lat_ns > c->lat_max_ns)
		SSDK_COUNTS_STORE(c->lat_max_ns, lat_ns);
	SSDK_COUNTS_STORE(c->ios, c->ios + 1);
	SSDK_COUNTS_STORE(c->bytes, c->bytes + len);
	SSDK_COUNTS_STORE(c->lat_sum_ns, c->lat_sum_ns + lat_ns);
	ssdk_counts_add_sumsq(c, hi, lo);
}

/**
 * ssdk_counts_error() - Count an IO that completed with an error.
 * @c: The counters.
 */
static inline void ssdk_counts_error(struct ssdk_counts *c)
{
	SSDK_COUNTS_STORE(c->errors, c->errors + 1);
}

/**
 * ssdk_counts_merge() - Add one set's counters to another's.
 * @dst: The counters added to.
 * @src: The counters added.
 *
 * The result is what one set recording both sets' IOs would hold.
 */
static inline void ssdk_counts_merge(struct ssdk_counts *dst, const struct ssdk_counts *src)
{
	if (src->ios && (!dst->ios || src->lat_min_ns < dst->lat_min_ns))
		SSDK_COUNTS_STORE(dst->lat_min_ns, src->lat_min_ns);
	if (src->ios && src->lat_max_ns > dst->lat_max_ns)
		SSDK_COUNTS_STORE(dst->lat_max_ns, src->lat_max_ns);
	SSDK_COUNTS_STORE(dst->ios, dst->ios + src->ios);
	SSDK_COUNTS_STORE(dst->bytes, dst->bytes + src->bytes);
	SSDK_COUNTS_STORE(dst->errors, dst->errors + src->errors);
	SSDK_COUNTS_STORE(dst->lat_sum_ns, dst->lat_sum_ns + src->lat_sum_ns);
	ssdk_counts_add_sumsq(dst, src->lat_sumsq_hi, src->lat_sumsq_lo);
}

#endif /* _SSDK_COUNTS_H */
