// SPDX-License-Identifier: GPL-2.0
/*
 * Threshold capture: every measured IO of a run whose latency reaches
 * capture-over-ns, in completion order, for investigations where the N
 * slowest are not enough (a device that stalls every few seconds has
 * hundreds of slow IOs, and their times are the finding).
 *
 * The worker (a run that captures has one) appends each as it reaps it
 * (worker.c), and publishes the
 * count with release, so that captured-get reads the records while the
 * run goes, without a lock. The capture holds capture_max records at most
 * (module parameter, default 16384: 768 KiB), allocated only for a run
 * that asks; it keeps the first ones, where a problem starts, and counts
 * those that found it full.
 */

#include <linux/moduleparam.h>
#include <linux/slab.h>

#include "ssdk.h"

/* 48 MiB per worker: a write past it is refused. */
#define SSDK_CAPTURE_MAX_LIMIT	1048576U

static unsigned int ssdk_capture_max = 16384;

SSDK_PARAM_UINT_RANGE(capture_max, ssdk_capture_max, 1, SSDK_CAPTURE_MAX_LIMIT, 0644);
MODULE_PARM_DESC(capture_max, "IOs a run's threshold capture holds, at most (default 16384, 1 to 1048576)");

/**
 * ssdk_capture_cap() - Records a run's capture holds.
 *
 * Return: The module parameter capture_max; the memory budget prices them
 * (budget.c).
 */
u32 ssdk_capture_cap(void)
{
	return max(READ_ONCE(ssdk_capture_max), 1U);
}

/**
 * ssdk_capture_setup() - Allocate a worker's capture, when its run asked for one.
 * @w: The worker, its run's configuration checked, its @cfg.capture_cap set.
 *
 * Context: Process context, the run's starter (charged to its memory
 * cgroup); may sleep.
 * Return: 0 or -ENOMEM.
 */
int ssdk_capture_setup(struct ssdk_worker *w)
{
	const struct ssdk_run_config *cfg = &w->run->cfg;
	struct ssdk_capture *c = &w->capture;

	c->over_ns = cfg->capture_over_ns;
	if (!c->over_ns)
		return 0;
	c->cap = cfg->capture_cap;
	c->recs = kvcalloc(c->cap, sizeof(*c->recs), GFP_KERNEL_ACCOUNT);
	return c->recs ? 0 : -ENOMEM;
}

/**
 * ssdk_capture_teardown() - Free a worker's capture.
 * @w: The worker.
 */
void ssdk_capture_teardown(struct ssdk_worker *w)
{
	kvfree(w->capture.recs);
	w->capture.recs = NULL;
}

/**
 * ssdk_capture_record() - Capture a reaped IO over the threshold.
 * @w: The worker.
 * @slot: The IO: measured, completed without error.
 * @lat: Its latency, at least the threshold (ssdk_record_rare(), record.c).
 *
 * Context: The worker.
 */
void ssdk_capture_record(struct ssdk_worker *w, const struct ssdk_slot *slot, u64 lat)
{
	struct ssdk_capture *c = &w->capture;

	if (c->nr == c->cap) {
		WRITE_ONCE(c->dropped, c->dropped + 1);
		return;
	}
	ssdk_io_rec_fill(&c->recs[c->nr], w, slot, lat);
	/* Pairs with smp_load_acquire() in ssdk_capture_published(). */
	smp_store_release(&c->nr, c->nr + 1);
}

/**
 * ssdk_capture_published() - Captured IOs of a worker that may be read.
 * @w: The worker.
 *
 * Context: Any context.
 * Return: How many, from the first.
 */
u32 ssdk_capture_published(const struct ssdk_worker *w)
{
	/* Pairs with smp_store_release() in ssdk_capture_record(). */
	return smp_load_acquire(&w->capture.nr);
}
