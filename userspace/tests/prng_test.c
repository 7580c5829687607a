// SPDX-License-Identifier: GPL-2.0
/*
 * The module's generator (common/prng.h), compiled here: its exponential
 * draws, which space the arrivals of a Poisson run, have the moments and
 * the tail of an exponential distribution; its bounded draws stay below
 * their bound and cover it evenly; a seed gives one sequence.
 */

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "kselftest_harness.h"
#include "prng.h"

#define DRAWS	1000000

TEST(exp_moments)
{
	struct ssdk_prng p;
	double sum = 0, sumsq = 0, x, mean, var, p1, p5;
	unsigned int over1 = 0, over5 = 0, i;

	ssdk_prng_seed(&p, 42);
	for (i = 0; i < DRAWS; i++) {
		x = ssdk_prng_exp16(&p) / 65536.0;
		sum += x;
		sumsq += x * x;
		over1 += x > 1;
		over5 += x > 5;
	}
	mean = sum / DRAWS;
	var = sumsq / DRAWS - mean * mean;
	p1 = (double)over1 / DRAWS;
	p5 = (double)over5 / DRAWS;
	TH_LOG("mean %.4f, variance %.4f, P(>1) %.4f, P(>5) %.5f", mean, var, p1, p5);
	/* Standard errors at 10^6 draws: mean 0.001, P(>1) 0.0005. */
	EXPECT_TRUE(fabs(mean - 1) < 0.005) TH_LOG("mean %f", mean);
	EXPECT_TRUE(fabs(var - 1) < 0.02) TH_LOG("variance %f", var);
	EXPECT_TRUE(fabs(p1 - exp(-1)) < 0.003) TH_LOG("P(>1) %f", p1);
	EXPECT_TRUE(fabs(p5 - exp(-5)) < 0.0005) TH_LOG("P(>5) %f", p5);
}

TEST(exp_bounds)
{
	struct ssdk_prng p = { .s = { 0, 0, 0, 0 } };
	uint64_t v;

	/* An all-zero state gives 0 forever: the draw is then its maximum. */
	v = ssdk_prng_exp16(&p);
	EXPECT_LE(v, (uint64_t)(64 * log(2) * 65536) + 1);
	EXPECT_GE(v, (uint64_t)(63 * log(2) * 65536));
}

TEST(below)
{
	unsigned int counts[7] = { 0 }, i;
	struct ssdk_prng p;
	uint64_t v;

	ssdk_prng_seed(&p, 1);
	for (i = 0; i < 70000; i++) {
		v = ssdk_prng_below(&p, 7);
		ASSERT_LT(v, 7ULL) TH_LOG("draw %u", i);
		counts[v]++;
	}
	for (i = 0; i < 7; i++) {
		EXPECT_GT(counts[i], 9500U) TH_LOG("value %u", i);
		EXPECT_LT(counts[i], 10500U) TH_LOG("value %u", i);
	}
}

/* Placement in the module and in userspace relies on this. */
TEST(same_seed_same_sequence)
{
	struct ssdk_prng a, b, c;
	unsigned int i, differ = 0;

	ssdk_prng_seed(&a, 7);
	ssdk_prng_seed(&b, 7);
	ssdk_prng_seed(&c, 8);
	for (i = 0; i < 1000; i++) {
		uint64_t x = ssdk_prng_next(&a);

		ASSERT_EQ(x, ssdk_prng_next(&b)) TH_LOG("draw %u", i);
		differ += x != ssdk_prng_next(&c);
	}
	EXPECT_GE(differ, 999U);
	/* seed 0 is a seed like any other: the state is not all zero */
	ssdk_prng_seed(&a, 0);
	EXPECT_NE(0ULL, a.s[0] | a.s[1] | a.s[2] | a.s[3]);
}

TEST_HARNESS_MAIN
