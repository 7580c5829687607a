// SPDX-License-Identifier: GPL-2.0
/*
 * The steady-state window test (common/steady.c) on hand-computed
 * windows: each bound met exactly passes and missed by one percent fails,
 * a window whose products pass 64 bits, a two-round window; then random
 * windows whose integer verdicts agree with the floating-point figures
 * wherever those are not on a bound.
 */

#include <math.h>
#include <stdint.h>

#include "steady.h"
#include "test_random.h"
#include "kselftest_harness.h"

#define N(y)	(sizeof(y) / sizeof((y)[0]))

TEST(flat_is_steady)
{
	static const u64 y[] = { 100, 100, 100, 100, 100 };
	struct ssdk_steady_rule rule = { .range_pct = 0, .slope_pct = 0 };

	ASSERT_TRUE(ssdk_steady_window_ok(y, N(y), &rule));
}

/* avg 100, max - min 20: 20% passes, 19% fails; no slope (sum(u y) = 0). */
TEST(range_bound)
{
	static const u64 y[] = { 90, 100, 110, 100, 100 };

	ASSERT_TRUE(ssdk_steady_range_ok(y, N(y), 20));
	ASSERT_FALSE(ssdk_steady_range_ok(y, N(y), 19));
	ASSERT_FALSE(ssdk_steady_slope_ok(y, N(y), 0));	/* sum(u y) = 40 */
}

/*
 * 190, 195, ... 210: slope 5 a round, the line moves 20 across the
 * window, 10% of the average 200: 10% passes, 9% fails; the range (20)
 * is 10% too.
 */
TEST(slope_bound)
{
	static const u64 y[] = { 190, 195, 200, 205, 210 };
	static const u64 down[] = { 210, 205, 200, 195, 190 };
	struct ssdk_steady_rule pts = { .range_pct = 20, .slope_pct = 10 };
	struct ssdk_steady_rule tight = { .range_pct = 20, .slope_pct = 9 };

	ASSERT_TRUE(ssdk_steady_slope_ok(y, N(y), 10));
	ASSERT_FALSE(ssdk_steady_slope_ok(y, N(y), 9));
	ASSERT_TRUE(ssdk_steady_slope_ok(down, N(down), 10));
	ASSERT_FALSE(ssdk_steady_slope_ok(down, N(down), 9));
	ASSERT_TRUE(ssdk_steady_window_ok(y, N(y), &pts));
	ASSERT_FALSE(ssdk_steady_window_ok(y, N(y), &tight));
}

/*
 * A step inside the window: range 20 of avg 108 (18.5%) passes 20%, but
 * the line through 100, 100, 100, 120, 120 rises 6 a round, 24 across
 * the window (22.2%): the slope test fails at 20%, passes at 23%.
 */
TEST(step_fails_slope)
{
	static const u64 y[] = { 100, 100, 100, 120, 120 };

	ASSERT_TRUE(ssdk_steady_range_ok(y, N(y), 19));
	ASSERT_FALSE(ssdk_steady_range_ok(y, N(y), 18));
	ASSERT_FALSE(ssdk_steady_slope_ok(y, N(y), 22));
	ASSERT_TRUE(ssdk_steady_slope_ok(y, N(y), 23));
}

/* Bytes per round: 100 n (max - min) is 10^20, past 2^64; the bound is exact. */
TEST(products_past_64_bits)
{
	static const u64 y[] = { 400000000000000000ULL, 600000000000000000ULL,
				 500000000000000000ULL, 500000000000000000ULL,
				 500000000000000000ULL };

	ASSERT_TRUE(ssdk_steady_range_ok(y, N(y), 40));
	ASSERT_FALSE(ssdk_steady_range_ok(y, N(y), 39));
}

/* Two rounds, 100 then 110: the line moves 10 of avg 105, 9.52%. */
TEST(two_rounds)
{
	static const u64 y[] = { 100, 110 };

	ASSERT_TRUE(ssdk_steady_slope_ok(y, N(y), 10));
	ASSERT_FALSE(ssdk_steady_slope_ok(y, N(y), 9));
}

/* A round's tracking variable: IOs, bytes, or their mean latency. */
TEST(tracking_variable)
{
	ASSERT_EQ(1000ULL, ssdk_steady_y(SSDK_STEADY_TRACK_IOPS, 1000, 4096000, 7000000));
	ASSERT_EQ(4096000ULL, ssdk_steady_y(SSDK_STEADY_TRACK_BW, 1000, 4096000, 7000000));
	ASSERT_EQ(7000ULL, ssdk_steady_y(SSDK_STEADY_TRACK_LAT_MEAN, 1000, 4096000, 7000000));
	ASSERT_EQ(0ULL, ssdk_steady_y(SSDK_STEADY_TRACK_LAT_MEAN, 0, 0, 0));
}

TEST(figures)
{
	static const u64 y[] = { 190, 195, 200, 205, 210 };
	static const u64 down[] = { 210, 205, 200, 195, 190 };
	struct ssdk_steady_figures f;

	ssdk_steady_figures(y, N(y), &f);
	ASSERT_LT(fabs(f.avg - 200), 1e-9);
	ASSERT_LT(fabs(f.range_pct - 10), 1e-9);
	ASSERT_LT(fabs(f.slope_pct - 10), 1e-9);
	ssdk_steady_figures(down, N(down), &f);
	ASSERT_LT(fabs(f.slope_pct + 10), 1e-9);
}

/* The integer verdicts agree with the figures off the bounds. */
TEST(random_windows_agree)
{
	unsigned int i, j, n, pct, agreed = 0;
	struct ssdk_steady_figures f;
	u64 y[25];

	for (i = 0; i < 200000; i++) {
		n = 2 + rng() % 24;
		for (j = 0; j < n; j++)
			y[j] = 1000000 + rng() % 400000;
		pct = 1 + rng() % 40;
		ssdk_steady_figures(y, n, &f);
		if (fabs(f.range_pct - pct) > 1e-6) {
			ASSERT_EQ(f.range_pct <= pct, ssdk_steady_range_ok(y, n, pct));
			agreed++;
		}
		if (fabs(fabs(f.slope_pct) - pct) > 1e-6) {
			ASSERT_EQ(fabs(f.slope_pct) <= pct, ssdk_steady_slope_ok(y, n, pct));
			agreed++;
		}
	}
	ASSERT_GT(agreed, 390000U);
}

TEST_HARNESS_MAIN
