// SPDX-License-Identifier: GPL-2.0
/*
 * What a run writes, into its slots' pages: the data is made by
 * ../common/pattern.c, which userspace's engines share (the same seed
 * writes the same bytes); here are its pool's memory and the pages.
 */

#include <linux/highmem.h>
#include <linux/minmax.h>
#include <linux/string.h>
#include <linux/vmalloc.h>

#include "ssdk.h"

/**
 * ssdk_pattern_setup() - Make a writing run's data, its pool if it has one.
 * @run: The run.
 *
 * The pool is drawn from the first worker's seed, which is the run's
 * (ssdk_access_share()): the same seed writes the same bytes.
 *
 * Context: Process context; may sleep.
 * Return: 0 or -ENOMEM.
 */
int ssdk_pattern_setup(struct ssdk_run *run)
{
	const struct ssdk_run_config *cfg = &run->cfg;
	u8 *pool = NULL;

	if (!cfg->purge && ssdk_cfg_writes(cfg) && ssdk_pattern_pooled(cfg->pattern)) {
		pool = __vmalloc(SSDK_PATTERN_POOL_SIZE, GFP_KERNEL_ACCOUNT);
		if (!pool)
			return -ENOMEM;
	}
	ssdk_pattern_init(&run->data, cfg->pattern, cfg->pattern_byte, cfg->compress_pct,
			  cfg->access.seed, pool);
	return 0;
}

/**
 * ssdk_pattern_share_out() - Give a worker its data, from its run's pool.
 * @w: The worker, its share of the access pattern set.
 *
 * The first worker goes on from the run's own draws; each other copies
 * from a place of its own, by its seed, so that no two write the same
 * bytes.
 */
void ssdk_pattern_share_out(struct ssdk_worker *w)
{
	if (!w->idx)
		w->data = w->run->data;
	else
		ssdk_pattern_share(&w->data, &w->run->data, w->access_cfg.seed);
}

/**
 * ssdk_pattern_teardown() - Free a run's pool.
 * @run: The run; none of its writes is in flight, in any of its workers.
 */
void ssdk_pattern_teardown(struct ssdk_run *run)
{
	vfree(run->data.pool);
	run->data.pool = NULL;
}

/**
 * ssdk_pattern_fill() - Put the data of a write into its slot's pages.
 * @w: The worker.
 * @slot: The slot, its length chosen.
 *
 * Context: The worker, before the write is submitted.
 */
void ssdk_pattern_fill(struct ssdk_worker *w, struct ssdk_slot *slot)
{
	struct ssdk_data *p = &w->data;
	unsigned short i;
	const u8 *src;
	u32 n, done;
	void *dst;
	u64 key;

	if (!p->pool) {
		if (slot->filled)
			return;
		for (i = 0; i < slot->nr_vecs; i++)
			memset_page(slot->bvecs[i].bv_page, 0, p->byte, PAGE_SIZE);
		slot->filled = true;
		return;
	}
	src = ssdk_pattern_next(p, slot->len, &key);
	for (i = 0, done = 0; done < slot->len; i++, done += n) {
		n = min_t(u32, slot->len - done, PAGE_SIZE);
		dst = kmap_local_page(slot->bvecs[i].bv_page);
		ssdk_pattern_copy(p, dst, src + done, n, key);
		kunmap_local(dst);
	}
}
