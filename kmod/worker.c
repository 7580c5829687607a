// SPDX-License-Identifier: GPL-2.0
/*
 * A run's worker: a kernel thread keeps its iodepth IOs in flight through
 * the run's engine (engine_bio.c, engine_kfile.c), from slots whose pages
 * are allocated once. A run of several has one per worker (workers.c).
 *
 * The completion path stamps the time and hands the slot back to the
 * worker on a lockless list, waking it only when the list was empty. The
 * worker records what it finds there (statistics, slowest IOs, time
 * series, capture) and resubmits it, oldest first. When an IO completes within its submission
 * (null_blk with irqmode=0, a buffered file read), the completion runs in
 * the worker itself: the wake-up is then a no-op and the worker finds the
 * slot at once, so the same loop is also the inline path, without
 * recursion. A polled run's completions run in the worker too, as it
 * polls for them instead of sleeping.
 *
 * A batched run submits its free slots together under one plug, once a
 * batch of them is free.
 */

#include <linux/blkdev.h>
#include <linux/hrtimer.h>
#include <linux/math64.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <linux/sched/cputime.h>
#include <linux/slab.h>
#include <linux/timekeeping.h>
#include <linux/vmalloc.h>

#include "record.h"
#include "ssdk.h"

#define CREATE_TRACE_POINTS
#include "trace.h"

/**
 * ssdk_slot_complete() - The IO of a slot completed.
 * @slot: The slot.
 * @error: 0, or a negative errno.
 *
 * Context: Any context, the worker's own included.
 */
void ssdk_slot_complete(struct ssdk_slot *slot, int error)
{
	struct ssdk_worker *w = slot->worker;

	slot->error = error;
	WRITE_ONCE(slot->busy, false);
	slot->cpu_complete = raw_smp_processor_id();
	if (SSDK_MEASURE)
		slot->complete_ns = ktime_get_ns();
	trace_ssdk_io_complete(w->run->id, slot->op, slot->offset, slot->len,
			       slot->complete_ns - slot->submit_ns, error);

	/*
	 * Completed within the submission by the worker itself: it finds the
	 * slot when the engine returns, and the run cannot go away under its
	 * own worker. Not from an interrupt that merely landed on the worker:
	 * it may be about to sleep, having found the list empty, and must be
	 * woken.
	 */
	if (in_task() && current == w->task) {
		llist_add(&slot->node, &w->done);
		return;
	}

	/*
	 * Once the slot is on the list, the worker may reuse it, end the run
	 * and free it: RCU keeps the worker and its task alive until the
	 * wake-up is done (they are freed a grace period after the run).
	 */
	rcu_read_lock();
	if (llist_add(&slot->node, &w->done))
		wake_up_process(w->task);
	rcu_read_unlock();
}

static void ssdk_slot_free(struct ssdk_worker *w, struct ssdk_slot *slot)
{
	const struct ssdk_engine_ops *engine = w->run->engine;
	unsigned short i;

	for (i = 0; i < slot->nr_vecs; i++)
		if (slot->bvecs[i].bv_page)
			__free_page(slot->bvecs[i].bv_page);
	if (slot->worker && engine->slot_exit)
		engine->slot_exit(slot);
	kfree(slot);
}

static struct ssdk_slot *ssdk_slot_alloc(struct ssdk_worker *w)
{
	const struct ssdk_run *run = w->run;
	unsigned int nr = DIV_ROUND_UP(run->cfg.bs, PAGE_SIZE);
	unsigned int left = run->cfg.bs;
	struct ssdk_slot *slot;
	struct page *page;
	unsigned int i;

	slot = kzalloc(struct_size(slot, bvecs, nr), GFP_KERNEL_ACCOUNT);
	if (!slot)
		return NULL;
	slot->nr_vecs = nr;
	for (i = 0; i < nr; i++, left -= PAGE_SIZE) {
		page = alloc_page(GFP_KERNEL_ACCOUNT);
		if (!page)
			goto err_free_slot;
		bvec_set_page(&slot->bvecs[i], page, min_t(unsigned int, left, PAGE_SIZE), 0);
	}
	if (run->engine->slot_init)
		run->engine->slot_init(w, slot);
	slot->worker = w;
	return slot;

err_free_slot:
	ssdk_slot_free(w, slot);
	return NULL;
}

/**
 * ssdk_worker_setup() - Allocate a worker's slots and their pages.
 * @w: The worker, its run's target open and its pool made.
 *
 * Everything the IO path needs is made here: the tables of the access
 * pattern, the slots and their pages, the data writes copy from, the
 * statistics the worker calibrates its measurement on; nothing is
 * allocated per IO, nor by the worker's thread.
 *
 * Context: Process context, the run's starter (charged to its memory
 * cgroup); may sleep.
 * Return: 0 or -ENOMEM.
 */
int ssdk_worker_setup(struct ssdk_worker *w)
{
	u32 iodepth = w->run->cfg.iodepth;
	unsigned int i;

	ssdk_access_init(&w->access, &w->access_cfg);
	ssdk_pattern_share_out(w);

	w->slots = kcalloc(iodepth, sizeof(*w->slots), GFP_KERNEL_ACCOUNT);
	w->free = kcalloc(iodepth, sizeof(*w->free), GFP_KERNEL_ACCOUNT);
	w->calib = __vmalloc(sizeof(*w->calib), GFP_KERNEL_ACCOUNT | __GFP_ZERO);
	if (!w->slots || !w->free || !w->calib)
		goto err_teardown;
	for (i = 0; i < iodepth; i++) {
		w->slots[i] = ssdk_slot_alloc(w);
		if (!w->slots[i])
			goto err_teardown;
		w->free[w->nr_free++] = w->slots[i];
	}
	return 0;

err_teardown:
	ssdk_worker_teardown(w);
	return -ENOMEM;
}

/**
 * ssdk_worker_teardown() - Free a worker's slots; the pool its writes copy
 * from is the run's, freed once every worker is done with it
 * (ssdk_pattern_teardown()).
 * @w: The worker; none of its IOs is in flight.
 *
 * Context: Process context.
 */
void ssdk_worker_teardown(struct ssdk_worker *w)
{
	unsigned int i;

	vfree(w->calib);
	w->calib = NULL;
	kfree(w->free);
	w->free = NULL;
	w->nr_free = 0;
	if (!w->slots)
		return;
	for (i = 0; i < w->run->cfg.iodepth; i++)
		if (w->slots[i])
			ssdk_slot_free(w, w->slots[i]);
	kfree(w->slots);
	w->slots = NULL;
}

/*
 * Whether the worker may submit another IO. A rate-limited run serves every
 * arrival due before its deadline, even when a stall made it late: the
 * IOs that arrived during the stall are the ones whose wait it measures.
 */
static bool ssdk_may_submit(const struct ssdk_worker *w, u64 now)
{
	if (READ_ONCE(w->stop))
		return false;
	if (w->ios && w->submitted >= w->ios)
		return false;
	if (w->run->cfg.scheduled)
		now = w->pace.next_ns;
	return !w->deadline_ns || now < w->deadline_ns;
}

/* Decide the slot's next IO, fill what it writes, and hand it to the engine. */
static void ssdk_slot_submit(struct ssdk_worker *w, struct ssdk_slot *slot, u64 now)
{
	const struct ssdk_run *run = w->run;

	if (run->cfg.trace)
		ssdk_replay_next(w, slot);
	else
		ssdk_access_next(&w->access, &slot->op, &slot->len, &slot->offset);
	if (slot->op == SSDK_OP_WRITE)
		ssdk_pattern_fill(w, slot);
	else
		slot->filled = false;
	if (run->cfg.scheduled)
		ssdk_pace_take(w, slot, now);
	slot->measured = now >= w->ramp_end_ns;
	slot->inflight = run->cfg.iodepth - w->nr_free;
	slot->cpu_submit = raw_smp_processor_id();
	slot->busy = true;
	if (w->anatomy) {
		slot->prev_complete_ns = slot->complete_ns;
		slot->issue_ns = 0;
		slot->device_ns = 0;
	}
	w->submitted++;
	trace_ssdk_io_submit(run->id, slot->op, slot->offset, slot->len, slot->inflight);
	run->engine->submit(w, slot);
}

/*
 * Sleep until @until, a rate-limited run's next arrival. A timer fires
 * late (microseconds on hardware, a hundred under emulation), and in an
 * open loop that lateness would count in every IO's response time: wake
 * early by the lateness seen so far, then spin to the arrival, unless a
 * completion, a stop request or another task wants the CPU first.
 */
static void ssdk_sleep_until(struct ssdk_worker *w, u64 until)
{
	struct ssdk_pace *p = &w->pace;
	u64 wake = until - min(p->early_ns, until), now;
	ktime_t expires = ns_to_ktime(wake);

	schedule_hrtimeout_range(&expires, 0, HRTIMER_MODE_ABS);
	now = ktime_get_ns();
	if (now < wake)
		return;		/* woken before the timer: a completion or a stop */
	/* The lateness, averaged over eight wake-ups and kept below 1 ms. */
	p->early_ns = min_t(u64, p->early_ns - p->early_ns / 8 + (now - wake) / 8,
			    NSEC_PER_MSEC);
	while (now < until && llist_empty(&w->done) && !READ_ONCE(w->stop) &&
	       !need_resched()) {
		cpu_relax();
		now = ktime_get_ns();
	}
}

/*
 * Poll the queue of the next IO in flight, in turn: a worker that moved
 * between CPUs has IOs on several queues.
 */
static void ssdk_poll_next(struct ssdk_worker *w)
{
	u32 iodepth = w->run->cfg.iodepth;
	struct ssdk_slot *slot;
	unsigned int i;

	for (i = 0; i < iodepth; i++) {
		slot = w->slots[w->poll_next];
		if (++w->poll_next == iodepth)
			w->poll_next = 0;
		if (READ_ONCE(slot->busy)) {
			w->run->engine->poll(w, slot);
			return;
		}
	}
}

/*
 * A polled run's wait: poll until completions turn up (they run in the
 * worker, onto its list), once at least, so that IOs the block layer
 * sent back unissued (-EAGAIN) go again only after the IOs ahead of them
 * were polled for. A stop request changes nothing: the IOs in flight
 * complete only when polled for. The CPU goes to whoever else needs it
 * between two polls.
 */
static struct llist_node *ssdk_poll_completions(struct ssdk_worker *w)
{
	struct llist_node *list;

	for (;;) {
		ssdk_poll_next(w);
		list = llist_del_all(&w->done);
		if (list)
			return list;
		cond_resched();
	}
}

/*
 * Wait for completions, or until @until (0: no limit) when an arrival is
 * due then. Returns what completed, possibly nothing: a stop request and
 * the timer wake the worker without completions.
 */
static struct llist_node *ssdk_wait_completions(struct ssdk_worker *w, u64 until)
{
	struct llist_node *list;

	if (w->run->cfg.polled)
		return ssdk_poll_completions(w);

	/* Idle: neither a load nor a hung task while IOs are slow. */
	set_current_state(TASK_IDLE);
	list = llist_del_all(&w->done);
	if (!list) {
		if (!until)
			schedule();
		else if (!READ_ONCE(w->stop))
			ssdk_sleep_until(w, until);
		list = llist_del_all(&w->done);
	}
	__set_current_state(TASK_RUNNING);
	return list;
}

static void ssdk_rate_update(struct ssdk_worker *w, u64 now)
{
	u64 dt = now - w->rate_ns;

	if (dt < NSEC_PER_SEC)
		return;
	WRITE_ONCE(w->iops_now,
		   div64_u64((w->completed - w->rate_completed) * NSEC_PER_SEC, dt));
	w->rate_ns = now;
	w->rate_completed = w->completed;
}

/*
 * An IO failed. Past the errors the user allowed (none by default), the
 * results would not measure what was asked, so the run submits nothing
 * more and ends failed (unless it was already ending); a target that went
 * away ends it whatever the allowance, since every IO would fail. The IOs
 * still in flight complete and count as usual.
 */
static void ssdk_io_failed(struct ssdk_worker *w, struct ssdk_slot *slot)
{
	const char *op = slot->op == SSDK_OP_WRITE ? "write" : "read";
	struct ssdk_run *run = w->run;
	/* The run's allowance, whatever the worker: a count of them all. */
	u64 errors = atomic64_inc_return(&run->errors);

	WRITE_ONCE(w->io_errors, w->io_errors + 1);
	if (run->engine->gone && run->engine->gone(run))
		ssdk_run_end_early(run, SSDK_STATE_FAILED,
				   "the target went away (%s error %d at offset %llu)",
				   op, slot->error, slot->offset);
	else if (errors > run->cfg.max_errors)
		ssdk_run_end_early(run, SSDK_STATE_FAILED, "%s error %d at offset %llu%s",
				   op, slot->error, slot->offset,
				   run->cfg.max_errors ? ", past max-errors" : "");
}

/*
 * A polled IO the block layer sent back unissued (REQ_NOWAIT, engine_bio.c):
 * its queue was out of tags or frozen, which polling for the IOs ahead of
 * it resolves (this worker's, or another's of the run on the same queue),
 * and its slot goes again, with another IO. Sent back for a second with
 * no IO of the run completing, the run cannot go on: the block layer
 * would have to split its IOs (which it does not do for one that may
 * not wait), or something holds the queue.
 */
static void ssdk_unissued(struct ssdk_worker *w, struct ssdk_slot *slot, u64 now)
{
	struct ssdk_progress p;

	/* Every worker's completions: another's may free this one's tags. */
	ssdk_workers_progress(w->run, &p);
	w->submitted--;
	w->free[w->nr_free++] = slot;
	if (!w->again_ns || p.completed != w->again_completed) {
		w->again_ns = now;
		w->again_completed = p.completed;
	} else if (now - w->again_ns > NSEC_PER_SEC) {
		ssdk_run_end_early(w->run, SSDK_STATE_FAILED,
				   "polled IOs sent back unissued (-EAGAIN) for 1 s: split, or their queue held");
	}
}

/*
 * Reap completed slots (@list newest first, as llist_del_all() gives
 * them) in completion order, onto the stack of free slots.
 *
 * The time that decides the ramp, the deadline and the rate is the newest
 * completion's stamp, at most a wake-up old: no clock read of its own
 * (unless the bare build took no stamps). Return: that time.
 */
static u64 ssdk_reap(struct ssdk_worker *w, struct llist_node *list)
{
	const struct ssdk_run_config *cfg = &w->run->cfg;
	u64 now = SSDK_MEASURE ? llist_entry(list, struct ssdk_slot, node)->complete_ns :
				 ktime_get_ns();
	/* Anatomy: when the batch was reaped, one clock read for all of it. */
	u64 reap = w->anatomy ? ktime_get_ns() : 0;
	struct ssdk_slot *slot, *next;

	list = llist_reverse_order(list);
	llist_for_each_entry_safe(slot, next, list, node) {
		if (unlikely(slot->error == -EAGAIN && cfg->polled)) {
			ssdk_unissued(w, slot, now);
			continue;
		}
		w->again_ns = 0;
		WRITE_ONCE(w->completed, w->completed + 1);
		if (unlikely(slot->error))
			ssdk_io_failed(w, slot);
		slot->reap_ns = reap;
		if (SSDK_MEASURE && slot->measured)
			ssdk_record_reaped(w, slot);
		if (cfg->scheduled)
			ssdk_pace_complete(w, slot);
		w->free[w->nr_free++] = slot;
	}
	ssdk_rate_update(w, now);
	return now;
}

/* When to stop waiting for completions: the next arrival, if one can go. */
static u64 ssdk_wake_at(const struct ssdk_worker *w, u64 now)
{
	u64 at;

	if (!w->run->cfg.scheduled || !w->nr_free || !ssdk_may_submit(w, now))
		return 0;
	at = w->pace.next_ns;
	if (w->deadline_ns && w->deadline_ns < at)
		at = w->deadline_ns;
	return at;
}

/* The most requests a plug holds: block/blk.h's BLK_MAX_REQUEST_COUNT. */
#define SSDK_PLUG_MAX_IOS	32

/*
 * blk_start_plug_nr_ios(), which modules cannot call (io_uring, its user,
 * is built in): blk_start_plug() with room for @nr requests, which the
 * block layer then allocates at once on the first IO (a batch of tags,
 * not one tag per IO). A plug already in place (never, in a kernel
 * thread of ours) would be left as it is, and so would ours then.
 */
static void ssdk_start_plug(struct blk_plug *plug, unsigned int nr)
{
	blk_start_plug(plug);
	if (current->plug == plug)
		plug->nr_ios = min_t(unsigned int, nr, SSDK_PLUG_MAX_IOS);
}

/* IOs the worker may still submit by its IO count: U64_MAX without one. */
static u64 ssdk_ios_left(const struct ssdk_worker *w)
{
	return w->ios ? w->ios - w->submitted : U64_MAX;
}

/*
 * Submit the IOs the free slots allow: a paced run's each when it is due;
 * otherwise, once a batch of slots is free (one, by default), every free
 * slot's IO together: one alone as it is, several under one plug, their
 * requests allocated together and handed to the driver together (its
 * queue_rqs() where it has one: one doorbell for them all) when the plug
 * is finished, as io_uring submits a batch of SQEs. Each IO is stamped as
 * it enters the block layer, so its latency includes its wait in the
 * plug while the rest is built (anatomy's block stage shows it).
 */
static void ssdk_submit_free(struct ssdk_worker *w, u64 now)
{
	const struct ssdk_run_config *cfg = &w->run->cfg;
	struct blk_plug plug;
	u64 left, nr;

	if (cfg->scheduled) {
		while (w->nr_free && ssdk_may_submit(w, now) && ssdk_pace_due(w, now))
			ssdk_slot_submit(w, ssdk_pace_pop(w), now);
		return;
	}
	/*
	 * A batch: as many free slots as the batch, or as IOs are left to
	 * submit; until then, the worker waits for more completions.
	 */
	left = ssdk_ios_left(w);
	if (!w->nr_free || !ssdk_may_submit(w, now) ||
	    w->nr_free < min_t(u64, cfg->batch, left))
		return;
	nr = min_t(u64, w->nr_free, left);
	if (nr == 1) {
		ssdk_slot_submit(w, w->free[--w->nr_free], now);
		return;
	}
	ssdk_start_plug(&plug, nr);
	while (w->nr_free && ssdk_may_submit(w, now))
		ssdk_slot_submit(w, w->free[--w->nr_free], now);
	blk_finish_plug(&plug);
}

/* Keep the IOs in flight (or due) until the run's end, and wait for the last. */
static void ssdk_io_loop(struct ssdk_worker *w, u64 now)
{
	u32 iodepth = w->run->cfg.iodepth;
	struct llist_node *list;

	for (;;) {
		ssdk_submit_free(w, now);
		if (w->nr_free == iodepth && !ssdk_may_submit(w, now))
			break;
		list = ssdk_wait_completions(w, ssdk_wake_at(w, now));
		now = list ? ssdk_reap(w, list) : ktime_get_ns();
		cond_resched();
	}
}

/*
 * A purge run (purge.c): the span, a chunk at a time, until its end, a
 * stop or a failure; each chunk recorded through the worker's one slot
 * as a write of its length, its latency the chunk's time.
 */
static void ssdk_purge_loop(struct ssdk_worker *w)
{
	const struct ssdk_access_cfg *ac = &w->run->cfg.access;
	struct ssdk_slot *slot = w->slots[0];
	u64 off = ac->offset, end = ac->offset + ac->span;

	while (off < end && !READ_ONCE(w->stop)) {
		slot->op = SSDK_OP_WRITE;
		slot->offset = off;
		slot->len = min_t(u64, end - off, SSDK_PURGE_CHUNK);
		slot->measured = true;
		slot->inflight = 1;
		slot->cpu_submit = raw_smp_processor_id();
		w->submitted++;
		slot->submit_ns = ktime_get_ns();
		slot->error = ssdk_purge_chunk(w->run, off, slot->len);
		slot->complete_ns = ktime_get_ns();
		slot->cpu_complete = raw_smp_processor_id();
		WRITE_ONCE(w->completed, w->completed + 1);
		if (slot->error)
			ssdk_io_failed(w, slot);
		ssdk_record_reaped(w, slot);
		ssdk_rate_update(w, slot->complete_ns);
		off += slot->len;
		cond_resched();
	}
}

#define SSDK_CALIBRATE_IOS	64
#define SSDK_CALIBRATE_TRIALS	8

/*
 * Anatomy's part of measuring one IO (anatomy.c): the probes' two clock
 * reads and the reap's (one per batch, counted whole), and the IO's five
 * stages recorded.
 */
static void ssdk_calibrate_anatomy(struct ssdk_set_stats *scratch, u64 submit, u32 bs)
{
	unsigned int k;

	ktime_get_ns();
	ktime_get_ns();
	for (k = SSDK_LAT_KIND_BLOCK; k <= SSDK_LAT_KIND_MAX; k++)
		ssdk_set_record(scratch, ktime_get_ns() - submit, bs);
}

/*
 * What measuring costs on this CPU, before the first IO: the two stamps
 * of an IO and its record in a set of statistics (a scratch one, made by
 * ssdk_worker_setup()), with anatomy its stages' too, and a clock read
 * alone; each the fastest of a few trials, since an interrupt or a
 * preemption only ever makes a trial slower. The slowest log, the time
 * series and the capture add a comparison or two for most IOs and are
 * not counted.
 */
static void ssdk_calibrate(struct ssdk_worker *w)
{
	u64 best_io = U64_MAX, best_clock = U64_MAX, t0, t1, submit;
	struct ssdk_set_stats *scratch = w->calib;
	u32 bs = w->run->cfg.bs;
	unsigned int trial, i;

	for (trial = 0; trial < SSDK_CALIBRATE_TRIALS; trial++) {
		t0 = ktime_get_ns();
		for (i = 0; i < SSDK_CALIBRATE_IOS; i++) {
			submit = ktime_get_ns();
			ssdk_set_record(scratch, ktime_get_ns() - submit, bs);
			if (w->anatomy)
				ssdk_calibrate_anatomy(scratch, submit, bs);
		}
		t1 = ktime_get_ns();
		best_io = min(best_io, t1 - t0);
		t0 = ktime_get_ns();
		for (i = 0; i < SSDK_CALIBRATE_IOS; i++)
			ktime_get_ns();
		t1 = ktime_get_ns();
		best_clock = min(best_clock, t1 - t0);
	}
	vfree(scratch);
	w->calib = NULL;
	w->overhead_ns = div_u64(best_io, SSDK_CALIBRATE_IOS);
	w->clock_read_ns = div_u64(best_clock, SSDK_CALIBRATE_IOS);
}

/* CPU time of the calling task so far (the scheduler's, to a tick). */
static u64 ssdk_cpu_time(void)
{
	u64 utime, stime;

	task_cputime_adjusted(current, &utime, &stime);
	return utime + stime;
}

/**
 * ssdk_worker() - A kernel thread of a run.
 * @data: Its worker (workers.c).
 *
 * Starts with the run's other workers, keeps its IOs in flight (or due,
 * when it has a rate) until the run's runtime, its share of the IO
 * count, a stop request or an IO error ends it, waits for its last IOs,
 * frees its slots and closes its time series. The last worker to end
 * releases the target and says the run ended. Whoever removes the run
 * waits for the threads' exit (kthread_stop()).
 *
 * Context: Kernel thread.
 * Return: 0.
 */
int ssdk_worker(void *data)
{
	struct ssdk_worker *w = data;
	struct ssdk_run *run = w->run;
	u64 cpu, now;

	ssdk_calibrate(w);
	cpu = ssdk_cpu_time();
	ssdk_workers_begin(w);
	now = w->start_ns;
	w->rate_ns = now;
	ssdk_pace_start(w, now);

	if (run->cfg.purge)
		ssdk_purge_loop(w);
	else
		ssdk_io_loop(w, now);

	WRITE_ONCE(w->cpu_ns, ssdk_cpu_time() - cpu);
	/* Ended, it adds nothing to the run's rate while others go on. */
	WRITE_ONCE(w->iops_now, 0);
	w->done_ns = ktime_get_ns();
	ssdk_worker_teardown(w);
	ssdk_ts_finish(w);
	if (!ssdk_workers_end(w))
		return 0;
	if (run->cfg.anatomy)
		ssdk_anatomy_put();
	ssdk_pattern_teardown(run);
	/* Every worker's slots are freed; their stacks go as they exit. */
	ssdk_budget_release_io(run);
	run->engine->close(run);
	ssdk_run_ended(run);
	complete_all(&run->finished);
	return 0;
}
