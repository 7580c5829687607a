// SPDX-License-Identifier: GPL-2.0
/*
 * The slowest IOs of a run: the N measured IOs with the longest latency,
 * each with where it went, when it was submitted, on which CPUs it was
 * submitted and completed, and how many IOs were in flight with it.
 *
 * Each worker keeps its own as it reaps each completion (worker.c), in a
 * min-heap of N records: one writer, no lock, nothing on the completion
 * path itself, and N records whatever the number of CPUs (per-CPU logs
 * would each need N, to be merged at read time). An IO slower than the
 * heap's fastest replaces it: O(log N) for the few that do, one
 * comparison for the rest. When the run ends, the workers' heaps are
 * merged into the first worker's (workers.c), which is sorted, slowest
 * first, before the run's end state is published; only then is it read
 * (slowest-get), so readers never see it change.
 *
 * While the run goes, each worker publishes a copy of its heap, when it
 * changed, at each interval of the time series, under a seqcount: a
 * slowest-get then merges the workers' copies into a log of its own
 * (ssdk_slowest_snapshot()), at most an interval old.
 */

#include <linux/minmax.h>
#include <linux/preempt.h>
#include <linux/seqlock.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/string.h>

#include "ssdk.h"

/**
 * ssdk_slowest_setup() - Allocate a worker's slowest-IO log.
 * @w: The worker, its run's configuration checked.
 *
 * Context: Process context, the run's starter (charged to its memory
 * cgroup); may sleep.
 * Return: 0 or -ENOMEM.
 */
int ssdk_slowest_setup(struct ssdk_worker *w)
{
	struct ssdk_slowest *s = &w->slowest;

	s->cap = w->run->cfg.slowest_n;
	s->nr = 0;
	s->pub_nr = 0;
	seqcount_init(&s->seq);
	if (!s->cap)
		return 0;
	s->heap = kvcalloc(s->cap, sizeof(*s->heap), GFP_KERNEL_ACCOUNT);
	s->pub = kvcalloc(s->cap, sizeof(*s->pub), GFP_KERNEL_ACCOUNT);
	return s->heap && s->pub ? 0 : -ENOMEM;
}

/**
 * ssdk_slowest_teardown() - Free a worker's slowest-IO log.
 * @w: The worker.
 */
void ssdk_slowest_teardown(struct ssdk_worker *w)
{
	kvfree(w->slowest.heap);
	w->slowest.heap = NULL;
	w->slowest.nr = 0;
	kvfree(w->slowest.pub);
	w->slowest.pub = NULL;
}

static void ssdk_slowest_sift_down(struct ssdk_io_rec *h, u32 nr, u32 i)
{
	u32 child;

	for (; (child = 2 * i + 1) < nr; i = child) {
		if (child + 1 < nr && h[child + 1].lat_ns < h[child].lat_ns)
			child++;
		if (h[i].lat_ns <= h[child].lat_ns)
			break;
		swap(h[i], h[child]);
	}
}

static void ssdk_slowest_sift_up(struct ssdk_io_rec *h, u32 i)
{
	u32 parent;

	for (; i && h[parent = (i - 1) / 2].lat_ns > h[i].lat_ns; i = parent)
		swap(h[i], h[parent]);
}

/**
 * ssdk_io_rec_fill() - Describe a reaped IO in a record.
 * @r: The record.
 * @w: The worker that reaped it.
 * @slot: The IO.
 * @lat: Its latency.
 */
void ssdk_io_rec_fill(struct ssdk_io_rec *r, const struct ssdk_worker *w,
		      const struct ssdk_slot *slot, u64 lat)
{
	r->lat_ns = lat;
	r->offset = slot->offset;
	r->t_ns = slot->submit_ns - w->start_ns;
	r->len = slot->len;
	r->inflight = slot->inflight;
	r->cpu_submit = slot->cpu_submit;
	r->cpu_complete = slot->cpu_complete;
	r->op = slot->op;
	r->anatomy = w->anatomy;
	if (w->anatomy)
		ssdk_anatomy_stages(slot, &r->st);
}

/*
 * Keep the record of an IO that belongs in the log: a new entry while it
 * has room, otherwise in place of its fastest.
 */
static void ssdk_slowest_keep(struct ssdk_slowest *s, const struct ssdk_io_rec *r)
{
	s->changed = true;
	if (s->nr < s->cap) {
		s->heap[s->nr] = *r;
		ssdk_slowest_sift_up(s->heap, s->nr++);
	} else {
		s->heap[0] = *r;
		ssdk_slowest_sift_down(s->heap, s->nr, 0);
	}
}

/**
 * ssdk_slowest_insert() - Put a reaped IO in a worker's slowest-IO log.
 * @w: The worker.
 * @slot: The IO: measured, completed without error.
 * @lat: Its latency: the log has room, or it is slower than the log's
 *	fastest (ssdk_record_rare(), record.c).
 *
 * Context: The worker.
 */
void ssdk_slowest_insert(struct ssdk_worker *w, const struct ssdk_slot *slot, u64 lat)
{
	struct ssdk_io_rec r;

	ssdk_io_rec_fill(&r, w, slot, lat);
	ssdk_slowest_keep(&w->slowest, &r);
}

/**
 * ssdk_slowest_wants() - Whether the log keeps an IO of a latency.
 * @s: The log.
 * @lat: The latency.
 *
 * Return: true while the log has room, then for an IO slower than the
 * fastest it keeps.
 */
bool ssdk_slowest_wants(const struct ssdk_slowest *s, u64 lat)
{
	return s->nr < s->cap || (s->cap && lat > s->heap[0].lat_ns);
}

/**
 * ssdk_slowest_merge() - Add another worker's slowest IOs to a log.
 * @s: The log that keeps the slowest of both, still a heap.
 * @from: A log of the same capacity, a heap too.
 *
 * Each log holds its worker's slowest IOs, so the slowest of all the
 * workers' IOs are among them: the merged log is exact.
 *
 * Context: The run's last worker, every other one done; or a reader, on
 * logs of its own (ssdk_slowest_snapshot()).
 */
void ssdk_slowest_merge(struct ssdk_slowest *s, const struct ssdk_slowest *from)
{
	const struct ssdk_io_rec *r;

	for (r = from->heap; r < from->heap + from->nr; r++)
		if (ssdk_slowest_wants(s, r->lat_ns))
			ssdk_slowest_keep(s, r);
}

/**
 * ssdk_slowest_finish() - Sort a log, slowest first, at the run's end.
 * @s: The log, the run's merged; no IO of the run is in flight.
 *
 * Heapsort in place: each step moves the fastest left to the end.
 *
 * Context: The run's last worker, before it publishes the end state.
 */
void ssdk_slowest_finish(struct ssdk_slowest *s)
{
	u32 n;

	for (n = s->nr; n > 1; n--) {
		swap(s->heap[0], s->heap[n - 1]);
		ssdk_slowest_sift_down(s->heap, n - 1, 0);
	}
}

/**
 * ssdk_slowest_publish() - Publish a worker's log for readers while it goes.
 * @s: The worker's log.
 *
 * A copy of the heap, when it changed since the last one: few times once
 * the log holds the run's slowest. Preemption is off while the copy is
 * written, so that a reader never waits on a writer that does not run.
 *
 * Context: The worker, as it closes an interval of the time series.
 */
void ssdk_slowest_publish(struct ssdk_slowest *s)
{
	if (!s->changed || !s->pub)
		return;
	preempt_disable();
	write_seqcount_begin(&s->seq);
	memcpy(s->pub, s->heap, s->nr * sizeof(*s->pub));
	WRITE_ONCE(s->pub_nr, s->nr);
	write_seqcount_end(&s->seq);
	preempt_enable();
	s->changed = false;
}

/* Tries at reading a worker's copy while it is being written: each short. */
#define SSDK_SLOWEST_READ_TRIES	64

/* Read worker log @from's published copy into @to (room for its cap). */
static int ssdk_slowest_read(const struct ssdk_slowest *from, struct ssdk_slowest *to)
{
	unsigned int seq, tries;

	for (tries = 0; tries < SSDK_SLOWEST_READ_TRIES; tries++) {
		seq = read_seqcount_begin(&from->seq);
		to->nr = min(READ_ONCE(from->pub_nr), from->cap);
		/* Read as a whole, retried when the worker wrote meanwhile. */
		data_race(memcpy(to->heap, from->pub, to->nr * sizeof(*to->heap)));
		if (!read_seqcount_retry(&from->seq, seq))
			return 0;
		cond_resched();
	}
	return -EBUSY;
}

/**
 * ssdk_slowest_snapshot() - The slowest IOs of a running run, as published.
 * @run: The run, started; its workers' logs allocated.
 *
 * The workers' published copies, merged into a log of the run's
 * slowest-n, sorted slowest first: at most an interval of the time series
 * old. Its memory is the reader's, not the run's budget: two logs of
 * slowest-n records, freed with ssdk_slowest_snapshot_free().
 *
 * Context: Process context; may sleep.
 * Return: The log; ERR_PTR(-ENOMEM), or ERR_PTR(-EBUSY) when a worker's
 * copy kept changing under the read.
 */
struct ssdk_slowest *ssdk_slowest_snapshot(const struct ssdk_run *run)
{
	u32 cap = run->cfg.slowest_n;
	struct ssdk_slowest *s, one = { .cap = cap };
	unsigned int i;
	int ret = 0;

	s = kzalloc(sizeof(*s), GFP_KERNEL);
	if (!s)
		return ERR_PTR(-ENOMEM);
	s->cap = cap;
	s->heap = kvcalloc(max(cap, 1U), sizeof(*s->heap), GFP_KERNEL);
	one.heap = kvcalloc(max(cap, 1U), sizeof(*one.heap), GFP_KERNEL);
	if (!s->heap || !one.heap)
		ret = -ENOMEM;
	for (i = 0; !ret && i < run->nr_workers; i++) {
		ret = ssdk_slowest_read(&run->workers[i]->slowest, &one);
		if (!ret)
			ssdk_slowest_merge(s, &one);
	}
	kvfree(one.heap);
	if (ret) {
		ssdk_slowest_snapshot_free(s);
		return ERR_PTR(ret);
	}
	ssdk_slowest_finish(s);
	return s;
}

/**
 * ssdk_slowest_snapshot_free() - Free a log ssdk_slowest_snapshot() made.
 * @s: The log, or NULL.
 */
void ssdk_slowest_snapshot_free(struct ssdk_slowest *s)
{
	if (!s)
		return;
	kvfree(s->heap);
	kfree(s);
}
