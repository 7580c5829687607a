// SPDX-License-Identifier: GPL-2.0
/*
 * Anatomy: where each IO's time went. A run with anatomy has its IOs
 * stamped where the block layer hands their request to the driver and
 * where the driver completes it, so that an IO's latency splits into
 * stages that add up to it exactly:
 *
 *   submit_ns --block--> issue_ns --device--> device_ns --end-io--> complete_ns
 *
 * and after it, the worker's reaping (reap) and the slot's idle time
 * before its next IO (idle).
 *
 * The block layer's own request times would not do: rq->io_start_time_ns
 * is set only on queues that keep statistics, and a bio has no way back
 * to its request by the time it completes. Its tracepoints block_rq_issue
 * (blk_mq_start_request(), as the driver takes the request) and
 * block_rq_complete (blk_update_request() and the batched completion,
 * before the request's bios are ended) fire for every request, with the
 * request; they are not exported to modules, so they are found by name
 * with for_each_kernel_tracepoint(), as LTTng's modules find them. The
 * probes are attached while at least one run with anatomy goes: every
 * request of the machine then passes through them, and they stamp those
 * whose bios are ssdk's (their end_io is the bio engine's).
 *
 * A bio-based device (dm, md) takes the bio itself, and the requests
 * below it carry its clones: such an IO has no stamps, and its whole
 * latency is its device stage, the driver's (counted as unsplit).
 */

#include <linux/blk-mq.h>
#include <linux/mutex.h>
#include <linux/tracepoint.h>

#include "record.h"
#include "ssdk.h"

/**
 * struct ssdk_anatomy_tp - A block tracepoint the anatomy probes.
 * @name: Its name.
 * @probe: The probe attached to it.
 * @tp: The tracepoint, once found; NULL when the kernel has none.
 */
struct ssdk_anatomy_tp {
	const char *name;
	void *probe;
	struct tracepoint *tp;
};

/*
 * Stamp each bio of the request that is ssdk's, its issue or its
 * device's completion; the clock is read only for a request that has one.
 */
static void ssdk_anatomy_stamp(struct request *rq, bool issue)
{
	struct ssdk_slot *slot;
	struct bio *bio;
	u64 now = 0;

	__rq_for_each_bio(bio, rq) {
		if (bio->bi_end_io != ssdk_bio_end_io)
			continue;
		if (!now)
			now = ktime_get_ns();
		slot = bio->bi_private;
		if (issue)
			WRITE_ONCE(slot->issue_ns, now);
		else
			WRITE_ONCE(slot->device_ns, now);
	}
}

static void ssdk_anatomy_rq_issue(void *data, struct request *rq)
{
	ssdk_anatomy_stamp(rq, true);
}

static void ssdk_anatomy_rq_complete(void *data, struct request *rq, blk_status_t error,
				     unsigned int nr_bytes)
{
	ssdk_anatomy_stamp(rq, false);
}

static struct ssdk_anatomy_tp ssdk_anatomy_tps[] = {
	{ .name = "block_rq_issue", .probe = ssdk_anatomy_rq_issue },
	{ .name = "block_rq_complete", .probe = ssdk_anatomy_rq_complete },
};

/* Runs with anatomy going; the probes are attached while there is one. */
static unsigned int ssdk_anatomy_users;
static DEFINE_MUTEX(ssdk_anatomy_lock);

static void ssdk_anatomy_find(struct tracepoint *tp, void *priv)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(ssdk_anatomy_tps); i++)
		if (!strcmp(tp->name, ssdk_anatomy_tps[i].name))
			ssdk_anatomy_tps[i].tp = tp;
}

/**
 * ssdk_anatomy_init() - Find the block layer's tracepoints.
 *
 * A kernel without them refuses runs with anatomy (ssdk_anatomy_get()).
 *
 * Context: Module load.
 */
void ssdk_anatomy_init(void)
{
	for_each_kernel_tracepoint(ssdk_anatomy_find, NULL);
}

/**
 * ssdk_anatomy_exit() - Wait for the probes still running.
 *
 * Every run has ended and detached them; a probe may still be returning
 * into the module's text on another CPU.
 *
 * Context: Module unload.
 */
void ssdk_anatomy_exit(void)
{
	tracepoint_synchronize_unregister();
}

static void ssdk_anatomy_detach(unsigned int nr)
{
	while (nr--)
		WARN_ON_ONCE(tracepoint_probe_unregister(ssdk_anatomy_tps[nr].tp,
							 ssdk_anatomy_tps[nr].probe, NULL));
}

/**
 * ssdk_anatomy_get() - Attach the probes for a run with anatomy.
 * @extack: Why not, when not.
 *
 * Context: Process context; may sleep (tracepoint registration patches
 * the kernel's text).
 * Return: 0, -EOPNOTSUPP when the kernel lacks the tracepoints, or the
 * registration's error.
 */
int ssdk_anatomy_get(struct netlink_ext_ack *extack)
{
	unsigned int i;
	int ret = 0;

	mutex_lock(&ssdk_anatomy_lock);
	if (ssdk_anatomy_users++)
		goto out_unlock;
	for (i = 0; i < ARRAY_SIZE(ssdk_anatomy_tps); i++) {
		if (!ssdk_anatomy_tps[i].tp) {
			SSDK_NL_ERR_FMT(extack, NULL,
					"anatomy: the kernel has no tracepoint %s (CONFIG_TRACEPOINTS)",
					ssdk_anatomy_tps[i].name);
			ret = -EOPNOTSUPP;
			break;
		}
		ret = tracepoint_probe_register(ssdk_anatomy_tps[i].tp,
						ssdk_anatomy_tps[i].probe, NULL);
		if (ret) {
			NL_SET_ERR_MSG(extack,
				       "anatomy: cannot attach to the block layer's tracepoints");
			break;
		}
	}
	if (ret) {
		ssdk_anatomy_detach(i);
		ssdk_anatomy_users--;
	}
out_unlock:
	mutex_unlock(&ssdk_anatomy_lock);
	return ret;
}

/**
 * ssdk_anatomy_put() - Detach the probes once the last run with anatomy ends.
 *
 * The run's IOs have all completed: no probe stamps its slots any more.
 *
 * Context: Process context; may sleep.
 */
void ssdk_anatomy_put(void)
{
	mutex_lock(&ssdk_anatomy_lock);
	if (!--ssdk_anatomy_users)
		ssdk_anatomy_detach(ARRAY_SIZE(ssdk_anatomy_tps));
	mutex_unlock(&ssdk_anatomy_lock);
}

/**
 * ssdk_anatomy_stages() - An IO's stages.
 * @slot: The IO, reaped; its stamps set.
 * @st: Filled in.
 *
 * Stamps the probes did not set, or that are out of order (a request
 * requeued to another queue and stamped there as this one completed),
 * leave the IO unsplit: its whole latency is its device stage.
 */
void ssdk_anatomy_stages(const struct ssdk_slot *slot, struct ssdk_stages *st)
{
	u64 submit = slot->submit_ns, complete = slot->complete_ns;
	u64 issue = READ_ONCE(slot->issue_ns), done = READ_ONCE(slot->device_ns);

	st->split = issue >= submit && done >= issue && complete >= done;
	if (st->split) {
		st->block = issue - submit;
		st->device = done - issue;
		st->end_io = complete - done;
	} else {
		st->block = 0;
		st->device = complete - submit;
		st->end_io = 0;
	}
	st->reap = slot->reap_ns - complete;
	st->has_idle = slot->prev_complete_ns && slot->prev_complete_ns <= submit;
	st->idle = st->has_idle ? submit - slot->prev_complete_ns : 0;
}

/* One stage of an IO: its set, and the open interval's largest. */
static void ssdk_anatomy_stage(struct ssdk_worker *w, unsigned int kind, unsigned int op,
			       u64 ns, u32 len)
{
	struct ssdk_ts_stage *open = &w->ts.stage_open.op[op][kind - SSDK_LAT_KIND_BLOCK];

	ssdk_set_record(&w->stats->set[ssdk_set_index(kind, op)], ns, len);
	if (ns > open->max)
		open->max = ns;
}

/**
 * ssdk_anatomy_record() - Record a reaped measured IO's stages.
 * @w: The worker that reaped it, its time series' interval the IO's.
 * @slot: The IO, completed without error.
 *
 * Context: The worker.
 */
void ssdk_anatomy_record(struct ssdk_worker *w, const struct ssdk_slot *slot)
{
	unsigned int op = slot->op;
	u32 len = slot->len;
	struct ssdk_stages st;

	ssdk_anatomy_stages(slot, &st);
	if (st.split) {
		ssdk_anatomy_stage(w, SSDK_LAT_KIND_BLOCK, op, st.block, len);
		ssdk_anatomy_stage(w, SSDK_LAT_KIND_END_IO, op, st.end_io, len);
	} else {
		WRITE_ONCE(w->anatomy_unsplit, w->anatomy_unsplit + 1);
	}
	ssdk_anatomy_stage(w, SSDK_LAT_KIND_DEVICE, op, st.device, len);
	ssdk_anatomy_stage(w, SSDK_LAT_KIND_REAP, op, st.reap, len);
	if (st.has_idle)
		ssdk_anatomy_stage(w, SSDK_LAT_KIND_IDLE, op, st.idle, len);
}
