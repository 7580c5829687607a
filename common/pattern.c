// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
/*
 * What a run writes: the pool, and each write's bytes from it
 * (pattern.h says why this way). The module puts them in a slot's pages
 * (kmod/pattern.c), userspace's engines in their buffers.
 */

#include "pattern.h"

/* Seeds the data apart from the offsets: a pattern leaves them alone. */
#define SSDK_PATTERN_SEED	0x7061747465726e00ULL

/**
 * ssdk_pattern_init() - Make a writing run's data.
 * @p: The run's data.
 * @pattern: &enum ssdk_pattern.
 * @pattern_byte: The byte of %SSDK_PATTERN_REPEAT.
 * @compress_pct: The zeros' share of %SSDK_PATTERN_COMPRESSIBLE, percent.
 * @seed: The run's seed.
 * @pool: SSDK_PATTERN_POOL_SIZE bytes for a pooled pattern
 *	(ssdk_pattern_pooled()), else NULL.
 *
 * Compressible data keeps the first random_len bytes of each chunk
 * random and zeroes the rest, as fio's buffer_compress_percentage does:
 * a general-purpose compressor shrinks it to about (100 - pct)%.
 */
void ssdk_pattern_init(struct ssdk_data *p, u32 pattern, u32 pattern_byte,
		       u32 compress_pct, u64 seed, u8 *pool)
{
	u64 *word;
	u32 off, random;

	ssdk_prng_seed(&p->rng, seed ^ SSDK_PATTERN_SEED);
	p->pool = pool;
	p->byte = pattern == SSDK_PATTERN_REPEAT ? pattern_byte : 0;
	p->random_len = SSDK_PATTERN_CHUNK;
	if (!pool)
		return;
	for (word = (u64 *)pool; word < (u64 *)(pool + SSDK_PATTERN_POOL_SIZE); word++)
		*word = ssdk_prng_next(&p->rng);
	if (pattern != SSDK_PATTERN_COMPRESSIBLE)
		return;
	/* Whole words, at least one: the key makes each chunk unique. */
	random = (SSDK_PATTERN_CHUNK * (100 - compress_pct) + 50) / 100 / 8 * 8;
	p->random_len = random > 8 ? random : 8;
	for (off = 0; off < SSDK_PATTERN_POOL_SIZE; off += SSDK_PATTERN_CHUNK)
		memset(pool + off + p->random_len, 0, SSDK_PATTERN_CHUNK - p->random_len);
}

/**
 * ssdk_pattern_share() - Another writer's data, from the same pool.
 * @p: The writer's data.
 * @from: Data made by ssdk_pattern_init(), its pool kept while @p is used.
 * @seed: The writer's seed: where in the pool its writes copy from, and
 *	their keys, so that no two writers write the same bytes.
 */
void ssdk_pattern_share(struct ssdk_data *p, const struct ssdk_data *from, u64 seed)
{
	*p = *from;
	ssdk_prng_seed(&p->rng, seed ^ SSDK_PATTERN_SEED);
}

/**
 * ssdk_pattern_next() - Where the next write copies from, and its key.
 * @p: The run's data, pooled.
 * @len: The write's length, bytes; at most SSDK_PATTERN_POOL_SIZE.
 * @key: The word its random part is XORed with.
 *
 * Return: The place in the pool, chunk-aligned, so that compressible
 * chunks stay whole.
 */
const u8 *ssdk_pattern_next(struct ssdk_data *p, u32 len, u64 *key)
{
	*key = ssdk_prng_next(&p->rng);
	return p->pool + ssdk_prng_below(&p->rng, (SSDK_PATTERN_POOL_SIZE - len) /
					 SSDK_PATTERN_CHUNK + 1) * SSDK_PATTERN_CHUNK;
}

/**
 * ssdk_pattern_copy() - Copy part of a write's bytes from the pool.
 * @p: The run's data, pooled.
 * @dst: Where, 8-byte aligned.
 * @src: From ssdk_pattern_next(), plus what was copied before.
 * @n: Bytes, whole chunks.
 * @key: From ssdk_pattern_next().
 *
 * Four words a step: the loop's own instructions would otherwise be half
 * of the cost (the kernel is built without vector instructions).
 */
void ssdk_pattern_copy(const struct ssdk_data *p, void *dst, const u8 *src, u32 n,
		       u64 key)
{
	const u32 chunk_words = SSDK_PATTERN_CHUNK / sizeof(u64);
	const u32 random_words = p->random_len / sizeof(u64);
	const u64 *s = (const u64 *)src, *end = s + n / sizeof(u64), *c;
	u64 *d = dst, *w_dst;
	u32 w;

	for (; s < end; s += chunk_words, d += chunk_words) {
		for (w = 0, c = s, w_dst = d; w + 4 <= random_words; w += 4, c += 4, w_dst += 4) {
			w_dst[0] = c[0] ^ key;
			w_dst[1] = c[1] ^ key;
			w_dst[2] = c[2] ^ key;
			w_dst[3] = c[3] ^ key;
		}
		for (; w < random_words; w++)
			*w_dst++ = *c++ ^ key;
		if (w < chunk_words)
			memset(w_dst, 0, (chunk_words - w) * sizeof(u64));
	}
}
