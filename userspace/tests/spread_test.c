// SPDX-License-Identifier: GPL-2.0
/*
 * libssdk's run-to-run spread (lib/spread.c), on the kselftest harness:
 * Student's t against its published values (the table and past it, where
 * the expansion takes over), the figures of known samples (a mean, a
 * sample deviation and an interval worked out by hand), one value, none,
 * a value not finite, values near 2^64, and the rule of two drives'
 * differences: inside the spread, not different; apart, different.
 */

#include <math.h>
#include <stdint.h>

#include "libssdk.h"
#include "kselftest_harness.h"

/* Within 1e-4, as the quantiles are published. */
#define EXPECT_NEAR(want, got, eps) EXPECT_LE(fabs((double)(want) - (double)(got)), (eps))

TEST(t_at_each_kind_of_df)
{
	EXPECT_NEAR(12.7062, ssdk_t975(1), 1e-4);
	EXPECT_NEAR(2.7764, ssdk_t975(4), 1e-4);
	EXPECT_NEAR(2.0423, ssdk_t975(30), 1e-4);	/* the table's last */
	EXPECT_NEAR(2.0395, ssdk_t975(31), 2e-4);	/* the expansion's first */
	EXPECT_NEAR(2.0211, ssdk_t975(40), 2e-4);
	EXPECT_NEAR(2.0003, ssdk_t975(60), 2e-4);
	EXPECT_NEAR(1.9799, ssdk_t975(120), 1e-4);
	EXPECT_NEAR(1.9623, ssdk_t975(1000), 1e-4);
	EXPECT_NEAR(1.96, ssdk_t975(UINT32_MAX), 1e-4);
	EXPECT_TRUE(isnan(ssdk_t975(0)));
}

/* 10, 12, 14: mean 12, s = 2, half-width t(2) * 2 / sqrt(3). */
TEST(three_values)
{
	const double v[] = { 12, 10, 14 };
	struct ssdk_spread s;

	ASSERT_EQ(0, ssdk_spread(v, 3, &s));
	EXPECT_EQ(3U, s.n);
	EXPECT_NEAR(12, s.mean, 1e-12);
	EXPECT_NEAR(10, s.min, 0);
	EXPECT_NEAR(14, s.max, 0);
	EXPECT_NEAR(2, s.stddev, 1e-12);
	EXPECT_NEAR(12 - 4.3027 * 2 / sqrt(3), s.ci_lo, 1e-9);
	EXPECT_NEAR(12 + 4.3027 * 2 / sqrt(3), s.ci_hi, 1e-9);
}

TEST(one_value_none_not_finite)
{
	const double one = 5, bad[] = { 1, NAN }, inf[] = { INFINITY, 1 };
	struct ssdk_spread s;

	ASSERT_EQ(0, ssdk_spread(&one, 1, &s));
	EXPECT_NEAR(0, s.stddev, 0);
	EXPECT_NEAR(5, s.ci_lo, 0);
	EXPECT_NEAR(5, s.ci_hi, 0);
	EXPECT_EQ(-EINVAL, ssdk_spread(&one, 0, &s));
	EXPECT_EQ(0U, s.n);
	EXPECT_EQ(-EINVAL, ssdk_spread(NULL, 3, &s));
	EXPECT_EQ(-EINVAL, ssdk_spread(bad, 2, &s));
	EXPECT_EQ(-EINVAL, ssdk_spread(inf, 2, &s));
}

/* Latencies near 2^64 ns: the sums stay finite, the spread exact enough. */
TEST(near_2_64)
{
	const double v[] = { 18446744073709549568.0, 18446744073709549568.0 };
	struct ssdk_spread s;

	ASSERT_EQ(0, ssdk_spread(v, 2, &s));
	EXPECT_NEAR(v[0], s.mean, 0);
	EXPECT_NEAR(0, s.stddev, 0);
	EXPECT_TRUE(isfinite(s.ci_hi));
}

/* At the limit of --repeat: 1000 values, 0..999. */
TEST(a_thousand)
{
	double v[SSDK_MAX_REPEAT];
	struct ssdk_spread s;
	unsigned int i;

	for (i = 0; i < SSDK_MAX_REPEAT; i++)
		v[i] = i;
	ASSERT_EQ(0, ssdk_spread(v, SSDK_MAX_REPEAT, &s));
	EXPECT_NEAR(499.5, s.mean, 1e-9);
	EXPECT_NEAR(sqrt(1000.0 * 1001 / 12), s.stddev, 1e-9);
	EXPECT_NEAR(499.5 + ssdk_t975(999) * s.stddev / sqrt(1000), s.ci_hi, 1e-9);
}

/*
 * Two drives of three runs each: 100, 104, 108 against 103, 105, 107 IOPS
 * differ by 1 in the mean, inside their spread: not marked; against 200,
 * 201, 202, they differ. One run each has no spread: never marked.
 */
TEST(differ_only_beyond_the_spread)
{
	const double a[] = { 100, 104, 108 }, b[] = { 103, 105, 107 }, c[] = { 200, 201, 202 };
	struct ssdk_spread sa, sb, sc;

	ASSERT_EQ(0, ssdk_spread(a, 3, &sa));
	ASSERT_EQ(0, ssdk_spread(b, 3, &sb));
	ASSERT_EQ(0, ssdk_spread(c, 3, &sc));
	EXPECT_EQ(0, ssdk_spread_differ(&sa, &sb));
	EXPECT_EQ(1, ssdk_spread_differ(&sa, &sc));
	EXPECT_EQ(1, ssdk_spread_differ(&sc, &sb));
	ASSERT_EQ(0, ssdk_spread(a, 1, &sa));
	ASSERT_EQ(0, ssdk_spread(c, 1, &sc));
	EXPECT_EQ(0, ssdk_spread_differ(&sa, &sc));
}

TEST_HARNESS_MAIN
