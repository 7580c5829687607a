// SPDX-License-Identifier: GPL-2.0
/*
 * The bio engine: a kernel thread keeps a run's iodepth IOs in flight,
 * submitting bios straight to the block layer from preallocated slots.
 *
 * The completion path stamps the time, records the IO into this CPU's
 * statistics and hands the slot back to the worker on a lockless list,
 * waking it only when the list was empty. The worker resubmits what it
 * finds there, oldest first. When a driver completes within submit_bio()
 * (null_blk with irqmode=0), the completion runs in the worker itself:
 * the wake-up is then a no-op and the worker finds the slot at once, so
 * the same loop is also the inline path, without recursion.
 */

#include <linux/bio.h>
#include <linux/blkdev.h>
#include <linux/highmem.h>
#include <linux/math64.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/timekeeping.h>

#include "ssdk.h"

static unsigned int ssdk_slot_nr_pages(const struct ssdk_run *run)
{
	return DIV_ROUND_UP(run->cfg.bs, PAGE_SIZE);
}

static void ssdk_bio_end_io(struct bio *bio)
{
	struct ssdk_slot *slot = bio->bi_private;
	struct ssdk_run *run = slot->run;

	slot->status = bio->bi_status;
	if (SSDK_MEASURE) {
		slot->complete_ns = ktime_get_ns();
		if (slot->measured)
			ssdk_stats_record(run, slot, slot->complete_ns - slot->submit_ns,
					  slot->status);
	}

	/*
	 * Completed within submit_bio() by the worker itself (null_blk with
	 * irqmode=0): it finds the slot when submit_bio() returns, and the
	 * run cannot go away under its own worker. Not from an interrupt
	 * that merely landed on the worker: it may be about to sleep, having
	 * found the list empty, and must be woken.
	 */
	if (in_task() && current == run->worker) {
		llist_add(&slot->node, &run->done);
		return;
	}

	/*
	 * Once the slot is on the list, the worker may reuse it, end the run
	 * and free it: RCU keeps the run and its worker's task alive until
	 * the wake-up is done (the run is freed after a grace period).
	 */
	rcu_read_lock();
	if (llist_add(&slot->node, &run->done))
		wake_up_process(run->worker);
	rcu_read_unlock();
}

/* Written data: random, so that a compressing device cannot shrink it. */
static void ssdk_fill_random(struct ssdk_run *run, struct page *page)
{
	u64 *p = kmap_local_page(page);
	unsigned int i;

	for (i = 0; i < PAGE_SIZE / sizeof(*p); i++)
		p[i] = ssdk_prng_next(&run->rng);
	kunmap_local(p);
}

static void ssdk_slot_free(struct ssdk_slot *slot)
{
	struct bio_vec *bv;
	unsigned short i;

	for (i = 0; i < slot->bio.bi_max_vecs; i++) {
		bv = &slot->bvecs[i];
		if (bv->bv_page)
			__free_page(bv->bv_page);
	}
	bio_uninit(&slot->bio);
	kfree(slot);
}

static struct ssdk_slot *ssdk_slot_alloc(struct ssdk_run *run)
{
	unsigned int nr = ssdk_slot_nr_pages(run);
	unsigned int left = run->cfg.bs;
	struct ssdk_slot *slot;
	struct page *page;
	unsigned int i;

	slot = kzalloc(struct_size(slot, bvecs, nr), GFP_KERNEL);
	if (!slot)
		return NULL;
	slot->run = run;
	bio_init(&slot->bio, run->bdev.bdev, slot->bvecs, nr, 0);
	for (i = 0; i < nr; i++) {
		page = alloc_page(GFP_KERNEL);
		if (!page)
			goto err_free_slot;
		if (ssdk_rw_writes(run->cfg.rw))
			ssdk_fill_random(run, page);
		__bio_add_page(&slot->bio, page, min_t(unsigned int, left, PAGE_SIZE), 0);
		left -= min_t(unsigned int, left, PAGE_SIZE);
	}
	return slot;

err_free_slot:
	ssdk_slot_free(slot);
	return NULL;
}

/**
 * ssdk_bio_engine_setup() - Allocate a run's slots and their pages.
 * @run: The run, its target open.
 *
 * Everything the IO path needs is allocated here: nothing is allocated
 * per IO.
 *
 * Context: Process context; may sleep.
 * Return: 0 or -ENOMEM.
 */
int ssdk_bio_engine_setup(struct ssdk_run *run)
{
	unsigned int i;

	run->slots = kcalloc(run->cfg.iodepth, sizeof(*run->slots), GFP_KERNEL);
	if (!run->slots)
		return -ENOMEM;
	for (i = 0; i < run->cfg.iodepth; i++) {
		run->slots[i] = ssdk_slot_alloc(run);
		if (!run->slots[i]) {
			ssdk_bio_engine_teardown(run);
			return -ENOMEM;
		}
	}
	return 0;
}

/**
 * ssdk_bio_engine_teardown() - Free a run's slots.
 * @run: The run; none of its IOs is in flight.
 *
 * Context: Process context.
 */
void ssdk_bio_engine_teardown(struct ssdk_run *run)
{
	unsigned int i;

	if (!run->slots)
		return;
	for (i = 0; i < run->cfg.iodepth; i++)
		if (run->slots[i])
			ssdk_slot_free(run->slots[i]);
	kfree(run->slots);
	run->slots = NULL;
}

static u64 ssdk_next_offset(struct ssdk_run *run)
{
	u64 block;

	if (run->cfg.rw == SSDK_RW_READ || run->cfg.rw == SSDK_RW_WRITE) {
		block = run->seq_next;
		if (++run->seq_next == run->nr_blocks)
			run->seq_next = 0;
	} else {
		block = ssdk_prng_below(&run->rng, run->nr_blocks);
	}
	return run->cfg.offset + block * run->cfg.bs;
}

static bool ssdk_may_submit(const struct ssdk_run *run, u64 now)
{
	if (READ_ONCE(run->stop))
		return false;
	if (run->cfg.ios && run->submitted >= run->cfg.ios)
		return false;
	return !run->deadline_ns || now < run->deadline_ns;
}

/*
 * Reuse the slot's bio: bio_reset() clears everything up to bi_max_vecs,
 * but the bvec table and its pages stay; restore what describes them.
 */
static void ssdk_slot_submit(struct ssdk_run *run, struct ssdk_slot *slot,
			     u64 now)
{
	bool write = ssdk_rw_writes(run->cfg.rw);
	struct bio *bio = &slot->bio;

	bio_reset(bio, run->bdev.bdev,
		  write ? REQ_OP_WRITE | REQ_SYNC | REQ_IDLE : REQ_OP_READ);
	bio->bi_vcnt = ssdk_slot_nr_pages(run);
	bio->bi_iter.bi_size = run->cfg.bs;
	slot->offset = ssdk_next_offset(run);
	bio->bi_iter.bi_sector = slot->offset >> SECTOR_SHIFT;
	bio->bi_end_io = ssdk_bio_end_io;
	bio->bi_private = slot;

	slot->op = write ? SSDK_OP_WRITE : SSDK_OP_READ;
	slot->measured = now >= run->ramp_end_ns;
	run->submitted++;
	if (SSDK_MEASURE)
		slot->submit_ns = ktime_get_ns();
	submit_bio(bio);
}

static struct llist_node *ssdk_wait_completions(struct ssdk_run *run)
{
	struct llist_node *list;

	for (;;) {
		/* Idle: neither a load nor a hung task while IOs are slow. */
		set_current_state(TASK_IDLE);
		list = llist_del_all(&run->done);
		if (list)
			break;
		schedule();
	}
	__set_current_state(TASK_RUNNING);
	return list;
}

static void ssdk_rate_update(struct ssdk_run *run, u64 now)
{
	u64 dt = now - run->rate_ns;

	if (dt < NSEC_PER_SEC)
		return;
	WRITE_ONCE(run->iops_now,
		   div64_u64((run->completed - run->rate_completed) * NSEC_PER_SEC, dt));
	run->rate_ns = now;
	run->rate_completed = run->completed;
}

/*
 * An IO failed: the results would not measure what was asked, so the
 * run submits nothing more and ends failed (unless it was already
 * ending). The IOs still in flight complete and count as usual.
 */
static void ssdk_io_failed(struct ssdk_run *run, struct ssdk_slot *slot)
{
	ssdk_run_end_early(run, SSDK_STATE_FAILED, "%s error %d at offset %llu",
			   slot->op == SSDK_OP_WRITE ? "write" : "read",
			   blk_status_to_errno(slot->status), slot->offset);
}

/*
 * Reap completed slots (@list newest first, as llist_del_all() gives
 * them) in completion order; resubmit each while the run may go on.
 *
 * The time that decides the ramp, the deadline and the rate is the newest
 * completion's stamp, at most a wake-up old: no clock read of its own
 * (unless the bare build took no stamps).
 */
static unsigned int ssdk_reap(struct ssdk_run *run, struct llist_node *list)
{
	u64 now = SSDK_MEASURE ? llist_entry(list, struct ssdk_slot, node)->complete_ns :
				 ktime_get_ns();
	struct ssdk_slot *slot, *next;
	unsigned int reaped = 0;

	list = llist_reverse_order(list);
	llist_for_each_entry_safe(slot, next, list, node) {
		reaped++;
		WRITE_ONCE(run->completed, run->completed + 1);
		if (unlikely(slot->status))
			ssdk_io_failed(run, slot);
		if (SSDK_MEASURE && slot->measured &&
		    slot->complete_ns > run->last_measured_ns)
			WRITE_ONCE(run->last_measured_ns, slot->complete_ns);
		if (ssdk_may_submit(run, now)) {
			ssdk_slot_submit(run, slot, now);
			reaped--;
		}
	}
	ssdk_rate_update(run, now);
	return reaped;
}

/**
 * ssdk_bio_engine_worker() - The kernel thread of a run.
 * @data: The run.
 *
 * Keeps the run's IOs in flight until its runtime, its IO count, a stop
 * request or an IO error ends it, waits for the last IOs, releases the
 * target and the slots, folds the statistics and says the run ended.
 * Whoever removes the run waits for the thread's exit (kthread_stop()).
 *
 * Context: Kernel thread.
 * Return: 0.
 */
int ssdk_bio_engine_worker(void *data)
{
	struct ssdk_run *run = data;
	unsigned int inflight = 0;
	u64 now = ktime_get_ns();

	run->ramp_end_ns = now + run->cfg.ramp_ns;
	run->deadline_ns = run->cfg.runtime_ns ? run->ramp_end_ns + run->cfg.runtime_ns : 0;
	run->rate_ns = now;
	/* Pairs with smp_load_acquire() in ssdk_nl_progress_fill(). */
	smp_store_release(&run->start_ns, now);

	while (inflight < run->cfg.iodepth && ssdk_may_submit(run, now)) {
		ssdk_slot_submit(run, run->slots[inflight++], now);
		now = ktime_get_ns();
	}
	while (inflight) {
		inflight -= ssdk_reap(run, ssdk_wait_completions(run));
		cond_resched();
	}

	WRITE_ONCE(run->end_ns, ktime_get_ns());
	ssdk_bio_engine_teardown(run);
	ssdk_bdev_close(&run->bdev);
	ssdk_stats_fold(run);
	ssdk_run_ended(run);
	ssdk_nl_notify_end(run);
	complete_all(&run->finished);
	return 0;
}
