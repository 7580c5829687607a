/* SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause */
/*
 * What a run writes, the same bytes from the module and from userspace's
 * engines (a seed gives the same data in the same order on both sides).
 * Zeros and a repeated byte are written into a buffer once (again after
 * a read of a mixed run brought other data in). Random and compressible
 * data must be fresh for every IO, or a device that deduplicates or
 * compresses across writes would see through it; generating 4 KiB of
 * random words per IO costs more than a fast device's IO. So each write
 * copies its bytes from a random place of a pool of random data made
 * once per run, XORing every word of the random part with a key drawn
 * for that IO: no two writes are alike, and no bytes repeat between
 * writes that a compressor could find (copies of overlapping places of
 * the pool differ by their keys).
 */
#ifndef _SSDK_PATTERN_H
#define _SSDK_PATTERN_H

#include "platform.h"
#include "prng.h"

/* Large beside a compressor's window (zlib: 32 KiB) and beside bs. */
#define SSDK_PATTERN_POOL_SIZE	(4U << 20)
#define SSDK_PATTERN_CHUNK	512U

/**
 * struct ssdk_data - The data a run writes; its writer's alone.
 * @rng: Generator of the pool and of each IO's place in it.
 * @pool: SSDK_PATTERN_POOL_SIZE random (or compressible) bytes that
 *	written buffers are copied from; NULL for fixed patterns.
 * @random_len: Random bytes at the start of each chunk.
 * @byte: The byte of a fixed pattern.
 */
struct ssdk_data {
	struct ssdk_prng rng;
	u8 *pool;
	u32 random_len;
	u8 byte;
};

/**
 * ssdk_pattern_pooled() - Whether a pattern's writes copy from a pool.
 * @pattern: &enum ssdk_pattern.
 *
 * Return: true for random and compressible data.
 */
static inline bool ssdk_pattern_pooled(u32 pattern)
{
	return pattern == SSDK_PATTERN_RANDOM || pattern == SSDK_PATTERN_COMPRESSIBLE;
}

void ssdk_pattern_init(struct ssdk_data *p, u32 pattern, u32 pattern_byte,
		       u32 compress_pct, u64 seed, u8 *pool);
void ssdk_pattern_share(struct ssdk_data *p, const struct ssdk_data *from, u64 seed);
const u8 *ssdk_pattern_next(struct ssdk_data *p, u32 len, u64 *key);
void ssdk_pattern_copy(const struct ssdk_data *p, void *dst, const u8 *src, u32 n,
		       u64 key);

#endif /* _SSDK_PATTERN_H */
