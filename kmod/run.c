// SPDX-License-Identifier: GPL-2.0
/*
 * Runs: their table, their life from start to deletion, and what they
 * have recorded, as netlink reads it (its workers' merged).
 *
 * The table is an xarray of runs by id, ids allocated cyclically from 1,
 * so that an id is not reused soon after its run was deleted. It holds
 * one reference on each run; lookups take theirs under RCU, and a run is
 * freed after a grace period (ssdk_run_free_rcu()), which the completion
 * path relies on too (worker.c). ssdk_runs_lock serialises what changes
 * the table: starts, deletions and the module's shutdown. A run's worker
 * holds no reference: a run leaves the table once it has ended (run-del
 * refuses one that has not), or at shutdown, which ends it, and whoever
 * takes it out waits for its workers to exit before dropping the table's
 * reference (its workers: workers.c).
 *
 * A run's state changes under its lock, and only forward: running, then
 * stopping when a user or an IO error ends it early, then done, stopped
 * or failed when its worker has finished. Whoever takes the run out of
 * running writes its reason first.
 */

#include <linux/blkdev.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/rcupdate.h>
#include <linux/sched/task.h>
#include <linux/slab.h>
#include <linux/xarray.h>
#include <net/netlink.h>

#include "ssdk.h"

/*
 * At most 1024: what ssdk ctl review lists (REVIEW_MAX_RUNS), and runs
 * enough for a sweep kept whole; a value past it is refused at load.
 */
#define SSDK_MAX_RUNS_LIMIT	1024

unsigned int ssdk_max_runs = 64;

SSDK_PARAM_UINT_RANGE(max_runs, ssdk_max_runs, 1, SSDK_MAX_RUNS_LIMIT, 0444);
MODULE_PARM_DESC(max_runs, "Runs, running or finished, kept at once (default 64, 1 to 1024)");

static DEFINE_MUTEX(ssdk_runs_lock);
static DEFINE_XARRAY_ALLOC1(ssdk_runs);	/* by id; NULL while a run starts */
static u32 ssdk_next_id;		/* the cursor of xa_alloc_cyclic() */
static unsigned int ssdk_nr_runs;	/* in the table, started or starting */
static bool ssdk_shutting_down;

/* What the completion path may still touch: the run, its workers and their tasks. */
static void ssdk_run_free_rcu(struct rcu_head *rcu)
{
	struct ssdk_run *run = container_of(rcu, struct ssdk_run, rcu);

	ssdk_workers_free(run);
	kfree(run);
}

/*
 * The last reference goes in process context: netlink handlers, removal.
 * Every worker's records go (a run that never started has none).
 */
static void ssdk_run_release(struct kref *ref)
{
	struct ssdk_run *run = container_of(ref, struct ssdk_run, ref);

	ssdk_workers_free_records(run);
	ssdk_trace_put(run->cfg.trace);
	kfree(run->cfg.target);
	/* Its IO part, unless its end gave it back; the structs go a grace period later. */
	ssdk_budget_release_io(run);
	ssdk_budget_release(run->mem);
	call_rcu(&run->rcu, ssdk_run_free_rcu);
}

/**
 * ssdk_run_put() - Drop a reference taken by ssdk_run_get() or ssdk_run_next().
 * @run: The run.
 */
void ssdk_run_put(struct ssdk_run *run)
{
	kref_put(&run->ref, ssdk_run_release);
}

/* A reference on the run at @id or after it, or NULL; @id is updated. */
static struct ssdk_run *ssdk_run_find(unsigned long *id, bool after)
{
	struct ssdk_run *run;

	rcu_read_lock();
	for (;;) {
		run = after ? xa_find_after(&ssdk_runs, id, U32_MAX, XA_PRESENT) :
			      xa_load(&ssdk_runs, *id);
		/* Still in the table, or its last reference is being dropped. */
		if (!run || kref_get_unless_zero(&run->ref))
			break;
		if (!after) {
			run = NULL;
			break;
		}
	}
	rcu_read_unlock();
	return run;
}

/**
 * ssdk_run_get() - Find a run by id.
 * @id: The id.
 *
 * Context: Any context but hard interrupts.
 * Return: The run with a reference held, or NULL.
 */
struct ssdk_run *ssdk_run_get(u32 id)
{
	unsigned long index = id;

	return ssdk_run_find(&index, false);
}

/**
 * ssdk_run_next() - The run after an id, for dumps that resume.
 * @after: An id, or 0 for the first run.
 *
 * Context: Any context but hard interrupts.
 * Return: The run with the smallest id above @after, with a reference
 * held, or NULL.
 */
struct ssdk_run *ssdk_run_next(u32 after)
{
	unsigned long index = after;

	return ssdk_run_find(&index, true);
}

/*
 * Reserve an id for a new run before any work is done: the run is
 * invisible (a NULL entry) until ssdk_runs_publish() stores it. A dry run
 * only checks that there is room, and takes no id.
 */
static int ssdk_runs_reserve(struct netlink_ext_ack *extack, bool dry_run, u32 *id)
{
	int ret = 0;

	mutex_lock(&ssdk_runs_lock);
	if (ssdk_shutting_down) {
		NL_SET_ERR_MSG(extack, "the ssdk module is being unloaded");
		ret = -ESHUTDOWN;
	} else if (ssdk_nr_runs >= ssdk_max_runs) {
		NL_SET_ERR_MSG(extack, "too many runs kept: delete finished runs first");
		ret = -ENOSPC;
	} else if (!dry_run) {
		ret = xa_alloc_cyclic(&ssdk_runs, id, NULL, XA_LIMIT(1, U32_MAX),
				      &ssdk_next_id, GFP_KERNEL);
		if (ret >= 0) {
			ssdk_nr_runs++;
			ret = 0;
		}
	}
	mutex_unlock(&ssdk_runs_lock);
	return ret;
}

static void ssdk_runs_unreserve(u32 id)
{
	if (!id)
		return;		/* a dry run's */
	mutex_lock(&ssdk_runs_lock);
	xa_erase(&ssdk_runs, id);
	ssdk_nr_runs--;
	mutex_unlock(&ssdk_runs_lock);
}

/*
 * Store a run whose workers are ready at its reserved id, and wake them;
 * a replay takes its trace from its uploader (traces.c). Refused once
 * the module is going, whose shutdown may already have emptied the
 * table. The workers are woken under the lock: once it is
 * dropped, the shutdown may take the run out and free it.
 */
static int ssdk_runs_publish(struct ssdk_run *run, struct netlink_ext_ack *extack)
{
	int ret = 0;

	mutex_lock(&ssdk_runs_lock);
	if (ssdk_shutting_down) {
		NL_SET_ERR_MSG(extack, "the ssdk module is being unloaded");
		ret = -ESHUTDOWN;
	} else {
		/* The index is reserved: storing in it allocates nothing. */
		xa_store(&ssdk_runs, run->id, run, GFP_KERNEL);
		/* Before anyone can delete the run, which frees what it adopted. */
		ssdk_trace_adopt(run->cfg.trace);
		ssdk_workers_wake(run);
	}
	mutex_unlock(&ssdk_runs_lock);
	return ret;
}

/* A run of @cfg, its target copied from the request; nothing allocated for IO. */
static struct ssdk_run *ssdk_run_alloc(const struct ssdk_run_config *cfg,
				       struct nlattr **attrs)
{
	struct ssdk_run *run = kzalloc(sizeof(*run), GFP_KERNEL_ACCOUNT);

	if (!run)
		return NULL;
	kref_init(&run->ref);
	mutex_init(&run->lock);
	init_completion(&run->finished);
	init_completion(&run->go);
	run->cfg = *cfg;
	/* The run's own reference: the request's goes with the request. */
	ssdk_trace_hold(run->cfg.trace);
	run->state = SSDK_STATE_RUNNING;
	run->nr_sets = ssdk_cfg_nr_sets(cfg);
	run->engine = cfg->engine == SSDK_ENGINE_KFILE ? &ssdk_engine_kfile : &ssdk_engine_bio;
	run->cfg.target = nla_strdup(attrs[SSDK_A_RUN_TARGET], GFP_KERNEL_ACCOUNT);
	if (!run->cfg.target) {
		ssdk_run_put(run);
		return NULL;
	}
	return run;
}

/**
 * ssdk_run_start() - Start a run, or only check that it would start.
 * @cfg: Its configuration, checked against the policy.
 * @attrs: The attributes of the request @cfg comes from, which @extack
 *	points at; the target's path is copied from them.
 * @extack: For the reason of a failure.
 * @id: The new run's id; 0 for a dry run.
 *
 * Reserves an id, claims a replay's trace (traces.c) and reserves what
 * the run pins against the memory budget (budget.c), then opens the
 * target and checks the configuration against it; a dry run checks the
 * budget without reserving and stops there, giving the trace back. Then
 * allocates everything the run needs and starts its workers; the run
 * adopts the trace as it is published.
 *
 * Context: Process context; may sleep.
 * Return: 0 or a negative errno, explained in @extack.
 */
int ssdk_run_start(const struct ssdk_run_config *cfg, struct nlattr **attrs,
		   struct netlink_ext_ack *extack, u32 *id)
{
	struct ssdk_run_cost cost;
	struct ssdk_run *run;
	int ret;

	*id = 0;
	ret = ssdk_runs_reserve(extack, cfg->dry_run, id);
	if (ret)
		return ret;
	ret = ssdk_trace_claim(cfg->trace, attrs[SSDK_A_RUN_TRACE], extack);
	if (ret)
		goto out_unreserve;
	ssdk_budget_run(cfg, nla_len(attrs[SSDK_A_RUN_TARGET]), &cost);
	ret = ssdk_budget_reserve(cost.bytes, cfg->dry_run, "run", extack);
	if (ret)
		goto out_unclaim;
	if (cfg->dry_run) {
		cost.bytes = 0;
		cost.io = 0;
	}
	ret = -ENOMEM;
	run = ssdk_run_alloc(cfg, attrs);
	if (!run)
		goto out_unbudget;
	run->id = *id;
	/* What the budget priced; the run gives it back from now on. */
	run->cfg.ts_cap = cost.ts_cap;
	run->cfg.capture_cap = cost.capture_cap;
	run->mem = cost.bytes - cost.io;
	atomic64_set(&run->mem_io, cost.io);
	cost.bytes = 0;

	ret = run->engine->open(run, attrs, extack);
	if (ret)
		goto out_put;
	ret = ssdk_config_check_target(run, attrs, extack);
	/* A dry run ends here, with what it checked. */
	if (ret || cfg->dry_run)
		goto out_close;
	if (run->cfg.anatomy) {
		ret = ssdk_anatomy_get(extack);
		if (ret)
			goto out_close;
	}
	ret = ssdk_workers_setup(run);
	if (ret) {
		NL_SET_ERR_MSG(extack, "out of memory for the run's statistics or buffers");
		goto out_teardown;
	}

	/* Nobody sees the run before its workers exist. */
	ret = ssdk_workers_create(run);
	if (ret) {
		NL_SET_ERR_MSG(extack, "cannot create the run's kernel threads");
		goto out_teardown;
	}
	ret = ssdk_runs_publish(run, extack);
	if (ret) {
		/* Never woken, the threads exit without running the worker. */
		ssdk_workers_stop(run);
		goto out_teardown;
	}
	return 0;

out_teardown:
	ssdk_workers_teardown(run);
	if (run->cfg.anatomy)
		ssdk_anatomy_put();
out_close:
	run->engine->close(run);
out_put:
	ssdk_run_put(run);
out_unbudget:
	ssdk_budget_release(cost.bytes);
out_unclaim:
	/* A dry run's, or a refused one's: the trace stays its uploader's. */
	ssdk_trace_unclaim(cfg->trace);
out_unreserve:
	ssdk_runs_unreserve(*id);
	*id = 0;
	return ret;
}

static void ssdk_run_set_state(struct ssdk_run *run, int state)
{
	lockdep_assert_held(&run->lock);
	/* Pairs with ssdk_run_state(): what was written before comes first. */
	smp_store_release(&run->state, state);
}

/**
 * ssdk_run_end_early() - Take a run out of running before its end.
 * @run: The run.
 * @end_state: %SSDK_STATE_STOPPED or %SSDK_STATE_FAILED, the state it
 *	ends in once its IOs in flight have completed.
 * @fmt: The reason, kept with the results.
 *
 * Only the first caller, while the run is running, changes anything:
 * a run stopped by a user stays stopped when an IO then fails, and a
 * failed run stays failed when a user then stops it. The worker submits
 * nothing more; it is woken, in case it waits for a rate-limited run's
 * next arrival with no IO in flight.
 *
 * Context: Process context; takes @run->lock.
 * Return: Whether this call ended the run.
 */
bool ssdk_run_end_early(struct ssdk_run *run, int end_state, const char *fmt, ...)
{
	bool ended = false;
	va_list args;

	mutex_lock(&run->lock);
	if (run->state == SSDK_STATE_RUNNING) {
		va_start(args, fmt);
		vsnprintf(run->reason, sizeof(run->reason), fmt, args);
		va_end(args);
		run->end_state = end_state;
		ssdk_run_set_state(run, SSDK_STATE_STOPPING);
		ssdk_workers_ask_stop(run);
		ended = true;
	}
	mutex_unlock(&run->lock);
	/* The run holds a reference on its workers' tasks (ssdk_run_start()). */
	if (ended)
		ssdk_workers_wake(run);
	return ended;
}

/**
 * ssdk_run_ended() - Give a run whose workers have finished its end state.
 * @run: The run: none of its IOs in flight, its records final.
 *
 * Tells the runs group (netlink.c) once the state is set.
 *
 * Context: Process context, the run's last worker; takes @run->lock.
 */
void ssdk_run_ended(struct ssdk_run *run)
{
	mutex_lock(&run->lock);
	ssdk_run_set_state(run, run->state == SSDK_STATE_RUNNING ?
			   SSDK_STATE_DONE : run->end_state);
	mutex_unlock(&run->lock);
	ssdk_nl_notify_end(run);
}

/**
 * ssdk_run_stop() - Ask a run to stop; do not wait for its end.
 * @run: The run.
 * @reason: Why, kept with the results (unless it had already ended or
 *	been stopped).
 *
 * The run submits nothing more and ends once its IOs in flight have
 * completed, which may be never (a suspended device): a netlink handler
 * holds generic netlink's lock, and one that waited here would block
 * every family's registration behind the device. The caller replies with
 * the state (stopping, or an end state); whoever wants the end waits for
 * the run's end notification (ssdk_nl_notify_end()).
 *
 * Context: Process context; takes @run->lock.
 */
void ssdk_run_stop(struct ssdk_run *run, const char *reason)
{
	ssdk_run_end_early(run, SSDK_STATE_STOPPED, "%s", reason);
}

/*
 * Free a run taken out of the table: wait for its workers' exit, not only
 * for the run's end, which keeps the module from going while a worker
 * still returns through module code; then drop the table's reference.
 * The run has ended, or is made to at shutdown, so the wait is for its
 * IOs in flight at most.
 */
static void ssdk_run_free(struct ssdk_run *run)
{
	wait_for_completion(&run->finished);
	ssdk_workers_stop(run);
	ssdk_run_put(run);
}

/**
 * ssdk_run_delete() - Delete an ended run and its results.
 * @id: The run's id.
 * @dry_run: Only check that it could be deleted.
 * @attr: The attribute that named it, for @extack.
 * @extack: For the reason of a refusal.
 *
 * A run that goes on is refused rather than waited for: its IOs may hang
 * (a suspended device), and a netlink handler must not wait for them.
 *
 * Context: Process context.
 * Return: 0, -ENOENT, or -EBUSY for a run that has not ended.
 */
int ssdk_run_delete(u32 id, bool dry_run, const struct nlattr *attr,
		    struct netlink_ext_ack *extack)
{
	struct ssdk_run *run;
	int ret = 0;

	mutex_lock(&ssdk_runs_lock);
	run = xa_load(&ssdk_runs, id);
	if (!run) {
		NL_SET_ERR_MSG_ATTR(extack, attr, "no run with this id");
		ret = -ENOENT;
	} else if (ssdk_run_state(run) == SSDK_STATE_RUNNING) {
		NL_SET_ERR_MSG(extack, "the run is running: stop it first");
		ret = -EBUSY;
	} else if (ssdk_run_state(run) == SSDK_STATE_STOPPING) {
		NL_SET_ERR_MSG(extack,
			       "the run is stopping, its IOs in flight not all completed: delete it once it has ended");
		ret = -EBUSY;
	} else if (!dry_run) {
		xa_erase(&ssdk_runs, id);
		ssdk_nr_runs--;
	}
	mutex_unlock(&ssdk_runs_lock);
	if (!ret && !dry_run)
		ssdk_run_free(run);
	return ret;
}

/**
 * ssdk_runs_owner_gone() - Stop the owned runs of a closed netlink socket.
 * @net: The socket's network namespace.
 * @portid: Its port.
 *
 * The runs stop and keep their results; nothing waits for their end.
 *
 * Context: Process context (the socket's release).
 */
void ssdk_runs_owner_gone(const struct net *net, u32 portid)
{
	struct ssdk_run *run;
	unsigned long id;

	mutex_lock(&ssdk_runs_lock);
	xa_for_each(&ssdk_runs, id, run) {
		if (run->cfg.owned && run->cfg.owner_portid == portid &&
		    run->cfg.owner_net == net)
			ssdk_run_end_early(run, SSDK_STATE_STOPPED,
					   "its owner closed its socket (port %u)", portid);
	}
	mutex_unlock(&ssdk_runs_lock);
}

/**
 * ssdk_runs_shutdown() - Stop and delete every run; refuse new ones.
 *
 * Runs being started see the flag when they publish themselves and go.
 *
 * Context: Process context, at module unload.
 */
void ssdk_runs_shutdown(void)
{
	struct ssdk_run *run;
	unsigned long id = 0;

	mutex_lock(&ssdk_runs_lock);
	ssdk_shutting_down = true;
	while ((run = xa_find(&ssdk_runs, &id, U32_MAX, XA_PRESENT))) {
		xa_erase(&ssdk_runs, id);
		ssdk_nr_runs--;
		/* Not held while the run's IOs complete: handlers may look it up. */
		mutex_unlock(&ssdk_runs_lock);
		ssdk_run_end_early(run, SSDK_STATE_STOPPED, "the ssdk module was unloaded");
		ssdk_run_free(run);
		mutex_lock(&ssdk_runs_lock);
	}
	mutex_unlock(&ssdk_runs_lock);
}

/**
 * ssdk_run_snapshot() - What a run is and has done, so far or final.
 * @run: The run.
 * @snap: Filled in: its workers' figures added up.
 *
 * The state is read first, with acquire: once it is an end state, every
 * figure read after it is final. Figures of a run that goes are each
 * read once, not together: a progress report, not a consistent one.
 *
 * Context: Any context but hard interrupts.
 */
void ssdk_run_snapshot(const struct ssdk_run *run, struct ssdk_run_snapshot *snap)
{
	const struct ssdk_worker *first = run->nr_workers ? run->workers[0] : NULL;
	struct ssdk_progress p;
	u64 end;

	memset(snap, 0, sizeof(*snap));
	snap->state = ssdk_run_state(run);
	ssdk_workers_progress(run, &p);
	/* Pairs with smp_store_release() in ssdk_workers_begin(). */
	snap->started = smp_load_acquire(&run->started);
	if (snap->started) {
		end = READ_ONCE(run->end_ns);
		snap->elapsed_ns = (end ?: ktime_get_ns()) - run->start_ns;
		if (p.last_measured_ns > run->ramp_end_ns)
			snap->measured_ns = p.last_measured_ns - run->ramp_end_ns;
		snap->overhead_ns = run->overhead_ns;
		snap->clock_read_ns = run->clock_read_ns;
		snap->iops_now = end ? 0 : p.iops_now;
	}
	snap->completed = p.completed;
	snap->io_errors = p.io_errors;
	snap->ts_count = ssdk_workers_ts_published(run);
	snap->ts_dropped = p.ts_dropped;
	snap->unpolled = p.unpolled;
	snap->anatomy_unsplit = p.anatomy_unsplit;
	snap->cpu_ns = p.cpu_ns;
	snap->captured_dropped = p.captured_dropped;
	/* A run with a schedule, rounds or a capture has one worker (config.c). */
	if (first) {
		snap->late = READ_ONCE(first->pace.late);
		snap->captured_count = ssdk_capture_published(first);
		snap->rounds_done = READ_ONCE(first->rounds.done);
		snap->steady_round = READ_ONCE(first->rounds.steady_round);
	}
}

/**
 * ssdk_run_bucket() - One histogram bucket of a run, so far or final.
 * @run: The run.
 * @set: Index of the set, see ssdk_set_index().
 * @idx: Bucket index.
 *
 * Context: Any context.
 * Return: The bucket's count, its workers' added up.
 */
u64 ssdk_run_bucket(const struct ssdk_run *run, unsigned int set, unsigned int idx)
{
	return ssdk_stats_bucket(run, set, idx);
}

/**
 * ssdk_run_intervals() - Intervals of a run's time series that may be read.
 * @run: The run.
 *
 * Context: Any context.
 * Return: How many, from the first.
 */
u32 ssdk_run_intervals(const struct ssdk_run *run)
{
	return ssdk_workers_ts_published(run);
}

/**
 * ssdk_run_interval() - One interval of a run's time series.
 * @run: The run.
 * @idx: The interval, below ssdk_run_intervals().
 * @p: Filled in, its workers' merged.
 *
 * Context: Any context.
 */
void ssdk_run_interval(const struct ssdk_run *run, u32 idx, struct ssdk_ts_point *p)
{
	ssdk_workers_ts_point(run, idx, p);
}

/**
 * ssdk_run_captured_count() - Captured IOs of a run that may be read.
 * @run: The run: a run that captures has one worker (config.c).
 *
 * Context: Any context.
 * Return: How many, from the first.
 */
u32 ssdk_run_captured_count(const struct ssdk_run *run)
{
	return run->nr_workers ? ssdk_capture_published(run->workers[0]) : 0;
}

/**
 * ssdk_run_captured() - One captured IO of a run.
 * @run: The run.
 * @idx: The record, below ssdk_run_captured_count().
 *
 * Context: Any context.
 * Return: The record.
 */
const struct ssdk_io_rec *ssdk_run_captured(const struct ssdk_run *run, u32 idx)
{
	return &run->workers[0]->capture.recs[idx];
}

/**
 * ssdk_run_slowest_count() - The slowest IOs a run has kept.
 * @run: The run, ended: its workers' logs merged, in order.
 *
 * Context: Any context.
 * Return: How many.
 */
u32 ssdk_run_slowest_count(const struct ssdk_run *run)
{
	return run->nr_workers ? run->workers[0]->slowest.nr : 0;
}

/**
 * ssdk_run_slowest() - One of the slowest IOs of an ended run.
 * @run: The run, ended.
 * @idx: Its rank, from the slowest, below ssdk_run_slowest_count().
 *
 * Context: Any context.
 * Return: The record.
 */
const struct ssdk_io_rec *ssdk_run_slowest(const struct ssdk_run *run, u32 idx)
{
	return &run->workers[0]->slowest.heap[idx];
}
