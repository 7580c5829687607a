// SPDX-License-Identifier: GPL-2.0
/*
 * What a run writes. Zeros and a repeated byte are written into a slot's
 * pages once (again after a read of a mixed run brought other data in).
 * Random and compressible data must be fresh for every IO, or a device
 * that deduplicates or compresses across writes would see through it;
 * generating 4 KiB of random words per IO costs more than a fast device's
 * IO. So each write copies its bytes from a random place of a pool of
 * random data made once per run, XORing every word of the random part
 * with a key drawn for that IO: no two writes are alike, and no bytes
 * repeat between writes that a compressor could find (copies of
 * overlapping places of the pool differ by their keys).
 */

#include <linux/highmem.h>
#include <linux/minmax.h>
#include <linux/string.h>
#include <linux/vmalloc.h>

#include "ssdk.h"

/* Large beside a compressor's window (zlib: 32 KiB) and beside bs. */
#define SSDK_POOL_SIZE		(4U << 20)
#define SSDK_CHUNK		512U

/* Seeds the data apart from the offsets: a pattern leaves them alone. */
#define SSDK_PATTERN_SEED	0x7061747465726e00ULL

static bool ssdk_pattern_pooled(u32 pattern)
{
	return pattern == SSDK_PATTERN_RANDOM || pattern == SSDK_PATTERN_COMPRESSIBLE;
}

/**
 * ssdk_pattern_setup() - Make a writing run's pool of data.
 * @run: The run.
 *
 * Compressible data keeps the first random_len bytes of each chunk
 * random and zeroes the rest, as fio's buffer_compress_percentage does:
 * a general-purpose compressor shrinks it to about (100 - pct)%.
 *
 * Context: Process context; may sleep.
 * Return: 0 or -ENOMEM.
 */
int ssdk_pattern_setup(struct ssdk_run *run)
{
	const struct ssdk_run_config *cfg = &run->cfg;
	struct ssdk_data *p = &run->data;
	u64 *word;
	u32 off;

	ssdk_prng_seed(&p->rng, cfg->access.seed ^ SSDK_PATTERN_SEED);
	if (cfg->purge || !ssdk_cfg_writes(cfg) || !ssdk_pattern_pooled(cfg->pattern))
		return 0;
	p->pool = vmalloc(SSDK_POOL_SIZE);
	if (!p->pool)
		return -ENOMEM;
	for (word = (u64 *)p->pool; word < (u64 *)(p->pool + SSDK_POOL_SIZE); word++)
		*word = ssdk_prng_next(&p->rng);
	p->random_len = SSDK_CHUNK;
	if (cfg->pattern == SSDK_PATTERN_COMPRESSIBLE) {
		/* Whole words, at least one: the key makes each chunk unique. */
		p->random_len = max(8U, round_down(DIV_ROUND_CLOSEST(SSDK_CHUNK *
								     (100 - cfg->compress_pct),
								     100U), 8));
		for (off = 0; off < SSDK_POOL_SIZE; off += SSDK_CHUNK)
			memset(p->pool + off + p->random_len, 0, SSDK_CHUNK - p->random_len);
	}
	return 0;
}

/**
 * ssdk_pattern_teardown() - Free a run's pool.
 * @run: The run; none of its writes is in flight.
 */
void ssdk_pattern_teardown(struct ssdk_run *run)
{
	vfree(run->data.pool);
	run->data.pool = NULL;
}

static void ssdk_pattern_fixed(struct ssdk_run *run, struct ssdk_slot *slot)
{
	int byte = run->cfg.pattern == SSDK_PATTERN_REPEAT ? run->cfg.pattern_byte : 0;
	unsigned short i;

	for (i = 0; i < slot->nr_vecs; i++)
		memset_page(slot->bvecs[i].bv_page, 0, byte, PAGE_SIZE);
	slot->filled = true;
}

/*
 * Copy @n bytes, whole chunks, XORing the random part of each with @key.
 * Four words a step: the loop's own instructions would otherwise be half
 * of the cost (the kernel is built without vector instructions).
 */
static void ssdk_pattern_copy(u64 *dst, const u64 *src, u32 n, u32 random_words, u64 key)
{
	const u32 chunk_words = SSDK_CHUNK / sizeof(u64);
	const u64 *end = src + n / sizeof(u64), *s;
	u64 *d;
	u32 w;

	for (; src < end; src += chunk_words, dst += chunk_words) {
		for (w = 0, s = src, d = dst; w + 4 <= random_words; w += 4, s += 4, d += 4) {
			d[0] = s[0] ^ key;
			d[1] = s[1] ^ key;
			d[2] = s[2] ^ key;
			d[3] = s[3] ^ key;
		}
		for (; w < random_words; w++)
			*d++ = *s++ ^ key;
		if (w < chunk_words)
			memset(d, 0, (chunk_words - w) * sizeof(u64));
	}
}

/**
 * ssdk_pattern_fill() - Put the data of a write into its slot's pages.
 * @run: The run.
 * @slot: The slot, its length chosen.
 *
 * Context: The run's worker, before the write is submitted.
 */
void ssdk_pattern_fill(struct ssdk_run *run, struct ssdk_slot *slot)
{
	struct ssdk_data *p = &run->data;
	u64 key = ssdk_prng_next(&p->rng);
	const u8 *src;
	u32 n, done;
	void *dst;
	int i;

	if (!p->pool) {
		if (!slot->filled)
			ssdk_pattern_fixed(run, slot);
		return;
	}
	/* Chunk-aligned in the pool, so that compressible chunks stay whole. */
	src = p->pool + ssdk_prng_below(&p->rng, (SSDK_POOL_SIZE - slot->len) / SSDK_CHUNK + 1) *
			SSDK_CHUNK;
	for (i = 0, done = 0; done < slot->len; i++, done += n) {
		n = min_t(u32, slot->len - done, PAGE_SIZE);
		dst = kmap_local_page(slot->bvecs[i].bv_page);
		ssdk_pattern_copy(dst, (const u64 *)(src + done), n, p->random_len / sizeof(u64),
				  key);
		kunmap_local(dst);
	}
}
