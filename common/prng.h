/* SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause */
/*
 * The generator of a run's offsets and written data: xoshiro256**,
 * seeded through splitmix64. Fast (a few shifts and one multiply), good
 * enough for placing IOs, and reproducible: a seed gives the same
 * sequence in the kernel and in userspace.
 */
#ifndef _SSDK_PRNG_H
#define _SSDK_PRNG_H

#include "platform.h"

/**
 * struct ssdk_prng - State of the generator.
 * @s: xoshiro256** state; never all zero.
 */
struct ssdk_prng {
	u64 s[4];
};

static inline u64 ssdk_prng_rotl(u64 x, int k)
{
	return (x << k) | (x >> (64 - k));
}

static inline u64 ssdk_splitmix64(u64 *x)
{
	u64 z = (*x += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/**
 * ssdk_prng_seed() - Seed the generator.
 * @p: The generator.
 * @seed: Any value, 0 included.
 */
static inline void ssdk_prng_seed(struct ssdk_prng *p, u64 seed)
{
	int i;

	for (i = 0; i < 4; i++)
		p->s[i] = ssdk_splitmix64(&seed);
}

/**
 * ssdk_prng_next() - The next 64 random bits.
 * @p: The generator.
 *
 * Return: A uniformly distributed u64.
 */
static inline u64 ssdk_prng_next(struct ssdk_prng *p)
{
	u64 *s = p->s;
	u64 result = ssdk_prng_rotl(s[1] * 5, 7) * 9;
	u64 t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = ssdk_prng_rotl(s[3], 45);
	return result;
}

/**
 * ssdk_prng_below() - A random integer in [0, @n).
 * @p: The generator.
 * @n: The bound, at least 1.
 *
 * Multiply-shift rather than modulo: no division per IO. Its bias,
 * below n / 2^64, is far below anything a benchmark can see.
 *
 * Return: A value in [0, @n).
 */
static inline u64 ssdk_prng_below(struct ssdk_prng *p, u64 n)
{
	return mul_u64_u64_shr(ssdk_prng_next(p), n, 64);
}

/**
 * ssdk_prng_exp16() - An exponential draw of mean 1, in 16.16 fixed point.
 * @p: The generator.
 *
 * -ln(U) for U = x / 2^64 uniform in (0, 1]: -log2(U) = 64 - log2(x),
 * whose fraction comes bit by bit from squaring x's mantissa, times
 * ln 2. No floating point, no table; 16 fraction bits are far finer than
 * the timer that waits for the gap.
 *
 * Return: -ln(U) * 2^16, at most 64 * ln 2 * 2^16.
 */
static inline u64 ssdk_prng_exp16(struct ssdk_prng *p)
{
	u64 x = ssdk_prng_next(p) | 1;
	int k = fls64(x) - 1;
	u64 m = k >= 31 ? x >> (k - 31) : x << (31 - k);	/* 1.31 in [1, 2) */
	u64 log2x = (u64)k << 16;
	int bit;

	for (bit = 15; bit >= 0; bit--) {
		m = (m * m) >> 31;
		if (m >= (1ULL << 32)) {
			m >>= 1;
			log2x |= 1ULL << bit;
		}
	}
	/* ln 2 = 45426 / 2^16, to 2 parts in a million. */
	return (((64ULL << 16) - log2x) * 45426) >> 16;
}

#endif /* _SSDK_PRNG_H */
