// SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause
/*
 * The figures of a report, decided once for whatever prints them (the
 * CLI's backends, the Python package): which percentiles are reported and
 * their keys in the JSON, a set's standard deviation, a study's change.
 */

#include <math.h>
#include <stdio.h>

#include "internal.h"

static const double report_pcts[] = {
	1, 5, 10, 25, 50, 75, 90, 95, 99, 99.9, 99.99, 99.999, 99.9999,
};

static_assert(ARRAY_SIZE(report_pcts) == SSDK_REPORT_NR_PCTS, "libssdk.h's count");

SSDK_EXPORT double ssdk_report_pct(uint32_t i)
{
	return i < SSDK_REPORT_NR_PCTS ? report_pcts[i] : -1;
}

SSDK_EXPORT const char *ssdk_pct_key(char *buf, size_t size, double pct)
{
	snprintf(buf, size, "%f", pct);
	return buf;
}

/*
 * From the exact sums: n * var = sumsq - sum^2 / n, in 128-bit integers
 * (sum < 2^64, so sum^2 fits), which avoids the cancellation of doing it
 * in floating point when the spread is small beside the mean.
 */
SSDK_EXPORT double ssdk_counts_stddev(const struct ssdk_counts *s)
{
	__uint128_t sumsq, sq, q;

	if (s->ios < 2)
		return 0;
	sumsq = ((__uint128_t)s->lat_sumsq_hi << 64) | s->lat_sumsq_lo;
	sq = (__uint128_t)s->lat_sum_ns * s->lat_sum_ns;
	q = sq / s->ios;
	if (sumsq <= q)
		return 0;
	return sqrtl(((long double)(sumsq - q) - (long double)(sq % s->ios) / s->ios) /
		     (s->ios - 1));
}

SSDK_EXPORT double ssdk_change_pct(double from, double to)
{
	return from > 0 ? (to - from) * 100 / from : 0;
}
