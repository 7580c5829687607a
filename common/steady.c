// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
/*
 * The steady-state window test (steady.h), compiled by the module and by
 * userspace.
 */

#include "steady.h"

/**
 * ssdk_steady_y() - A round's tracking variable.
 * @track: &enum ssdk_steady_track.
 * @ios: The round's measured IOs, all ops.
 * @bytes: Their bytes.
 * @lat_sum: The sum of their latencies, ns.
 *
 * Return: @ios, @bytes or their mean latency (0 without IOs).
 */
u64 ssdk_steady_y(u32 track, u64 ios, u64 bytes, u64 lat_sum)
{
	switch (track) {
	case SSDK_STEADY_TRACK_BW:
		return bytes;
	case SSDK_STEADY_TRACK_LAT_MEAN:
		return ios ? div64_u64(lat_sum, ios) : 0;
	default:
		return ios;
	}
}

/* a * b <= c * d, the products in 128 bits. */
static bool ssdk_mul_le(u64 a, u64 b, u64 c, u64 d)
{
	u64 hi_ab = mul_u64_u64_shr(a, b, 64), hi_cd = mul_u64_u64_shr(c, d, 64);

	return hi_ab < hi_cd || (hi_ab == hi_cd && a * b <= c * d);
}

static u64 ssdk_steady_sum(const u64 *y, unsigned int n)
{
	u64 sum = 0;
	unsigned int i;

	for (i = 0; i < n; i++)
		sum += y[i];
	return sum;
}

/**
 * ssdk_steady_range_ok() - The range test of a window.
 * @y: The tracking variable of the window's rounds, oldest first; their
 *	sum times (n - 1) must fit in 64 bits.
 * @n: Rounds in the window, at least 2.
 * @range_pct: The bound, in percent of the window's average.
 *
 * Return: Whether max(y) - min(y) <= range_pct / 100 x avg(y).
 */
bool ssdk_steady_range_ok(const u64 *y, unsigned int n, u32 range_pct)
{
	u64 lo = y[0], hi = y[0];
	unsigned int i;

	for (i = 1; i < n; i++) {
		lo = y[i] < lo ? y[i] : lo;
		hi = y[i] > hi ? y[i] : hi;
	}
	return ssdk_mul_le(hi - lo, 100ULL * n, range_pct, ssdk_steady_sum(y, n));
}

/**
 * ssdk_steady_slope_ok() - The slope test of a window.
 * @y: See ssdk_steady_range_ok().
 * @n: See ssdk_steady_range_ok().
 * @slope_pct: The bound, in percent of the window's average.
 *
 * Return: Whether the least-squares line's excursion across the window,
 * |slope| x (n - 1), is at most slope_pct / 100 x avg(y).
 */
bool ssdk_steady_slope_ok(const u64 *y, unsigned int n, u32 slope_pct)
{
	u64 up = 0, down = 0;	/* sum(u y) over u > 0 and over u < 0 */
	unsigned int i;

	for (i = 0; i < n; i++) {
		if (2 * i > n - 1)
			up += (u64)(2 * i - (n - 1)) * y[i];
		else
			down += (u64)((n - 1) - 2 * i) * y[i];
	}
	return ssdk_mul_le(up > down ? up - down : down - up, 600,
			   (u64)slope_pct * (n + 1), ssdk_steady_sum(y, n));
}

/**
 * ssdk_steady_window_ok() - Whether a window is steady.
 * @y: See ssdk_steady_range_ok().
 * @n: See ssdk_steady_range_ok().
 * @rule: The bounds.
 *
 * Return: Whether both the range and the slope test pass.
 */
bool ssdk_steady_window_ok(const u64 *y, unsigned int n, const struct ssdk_steady_rule *rule)
{
	return ssdk_steady_range_ok(y, n, rule->range_pct) &&
	       ssdk_steady_slope_ok(y, n, rule->slope_pct);
}

#ifndef __KERNEL__
/**
 * ssdk_steady_figures() - A window's average, range and slope excursion.
 * @y: See ssdk_steady_range_ok().
 * @n: See ssdk_steady_range_ok().
 * @f: Filled; the percentages are 0 when the average is.
 *
 * For showing only: the verdict is ssdk_steady_window_ok()'s.
 */
void ssdk_steady_figures(const u64 *y, unsigned int n, struct ssdk_steady_figures *f)
{
	double sum = 0, suy = 0, su2 = 0, lo = (double)y[0], hi = (double)y[0], u;
	unsigned int i;

	for (i = 0; i < n; i++) {
		u = 2.0 * i - (n - 1);
		sum += (double)y[i];
		suy += u * (double)y[i];
		su2 += u * u;
		lo = (double)y[i] < lo ? (double)y[i] : lo;
		hi = (double)y[i] > hi ? (double)y[i] : hi;
	}
	f->avg = sum / n;
	f->range_pct = f->avg ? 100 * (hi - lo) / f->avg : 0;
	f->slope_pct = f->avg && su2 ? 100 * (2 * suy / su2) * (n - 1) / f->avg : 0;
}
#endif
