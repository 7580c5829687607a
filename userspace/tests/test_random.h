/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Reproducible random values for the unit tests: common/'s generator,
 * one fixed seed per test program, so a failure repeats.
 */
#ifndef _SSDK_TEST_RANDOM_H
#define _SSDK_TEST_RANDOM_H

#include <stdint.h>

#include "prng.h"

static inline uint64_t rng(void)
{
	static struct ssdk_prng p;
	static int seeded;

	if (!seeded) {
		ssdk_prng_seed(&p, 1);
		seeded = 1;
	}
	return ssdk_prng_next(&p);
}

#endif /* _SSDK_TEST_RANDOM_H */
