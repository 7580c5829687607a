// SPDX-License-Identifier: GPL-2.0
/*
 * The module's generator (kmod/prng.h), compiled here: its exponential
 * draws, which space the arrivals of a Poisson run, have the moments and
 * the tail of an exponential distribution; its bounded draws stay below
 * their bound and cover it evenly.
 */

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "ktap.h"
#include "prng.h"

#define DRAWS	1000000

static void test_exp_moments(void)
{
	struct ssdk_prng p;
	double sum = 0, sumsq = 0, x;
	unsigned int over1 = 0, over5 = 0, i;

	ssdk_prng_seed(&p, 42);
	for (i = 0; i < DRAWS; i++) {
		x = ssdk_prng_exp16(&p) / 65536.0;
		sum += x;
		sumsq += x * x;
		over1 += x > 1;
		over5 += x > 5;
	}
	diag("mean %.4f, variance %.4f, P(>1) %.4f, P(>5) %.5f", sum / DRAWS,
		  sumsq / DRAWS - (sum / DRAWS) * (sum / DRAWS), (double)over1 / DRAWS,
		  (double)over5 / DRAWS);
	/* Standard errors at 10^6 draws: mean 0.001, P(>1) 0.0005. */
	CHECK(fabs(sum / DRAWS - 1) < 0.005);
	CHECK(fabs(sumsq / DRAWS - (sum / DRAWS) * (sum / DRAWS) - 1) < 0.02);
	CHECK(fabs((double)over1 / DRAWS - exp(-1)) < 0.003);
	CHECK(fabs((double)over5 / DRAWS - exp(-5)) < 0.0005);
}

static void test_exp_bounds(void)
{
	struct ssdk_prng p = { .s = { 0, 0, 0, 0 } };
	uint64_t v;

	/* An all-zero state gives 0 forever: the draw is then its maximum. */
	v = ssdk_prng_exp16(&p);
	CHECK(v <= (uint64_t)(64 * log(2) * 65536) + 1);
	CHECK(v >= (uint64_t)(63 * log(2) * 65536));
}

static void test_below(void)
{
	unsigned int counts[7] = { 0 }, i;
	struct ssdk_prng p;
	uint64_t v;
	int ok = 1;

	ssdk_prng_seed(&p, 1);
	for (i = 0; i < 70000; i++) {
		v = ssdk_prng_below(&p, 7);
		if (v >= 7) {
			ok = 0;
			break;
		}
		counts[v]++;
	}
	CHECK(ok);
	for (i = 0; i < 7; i++)
		CHECK(counts[i] > 9500 && counts[i] < 10500);
}

static const struct test_case cases[] = {
	TEST(test_exp_moments),
	TEST(test_exp_bounds),
	TEST(test_below),
};

int main(void)
{
	return ktap_main(cases, ARRAY_SIZE(cases));
}
