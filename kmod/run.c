// SPDX-License-Identifier: GPL-2.0
/*
 * Runs: their table, and their life from start to deletion.
 *
 * The table holds one reference on each run; netlink handlers take one
 * while they look at a run. A run's worker needs none: removing a run
 * from the table waits for its worker to exit before dropping the
 * table's reference, and the run is freed after an RCU grace period,
 * which the completion path relies on (worker.c).
 *
 * A run's state changes under its lock, and only forward: running, then
 * stopping when a user or an IO error ends it early, then done, stopped
 * or failed when its worker has finished. Whoever takes the run out of
 * running writes its reason first.
 */

#include <linux/blkdev.h>
#include <linux/capability.h>
#include <linux/kthread.h>
#include <linux/math64.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/rcupdate.h>
#include <linux/sched/task.h>
#include <linux/slab.h>
#include <linux/vmalloc.h>
#include <net/netlink.h>

#include "ssdk.h"

unsigned int ssdk_max_runs = 64;
module_param_named(max_runs, ssdk_max_runs, uint, 0444);
MODULE_PARM_DESC(max_runs, "Runs, running or finished, kept at once (default 64)");

static DEFINE_MUTEX(ssdk_runs_lock);
static LIST_HEAD(ssdk_runs);		/* by increasing id */
static unsigned int ssdk_nr_runs;	/* in the table or being started */
static u32 ssdk_last_id;
static bool ssdk_shutting_down;

/* What the completion path may still touch: the run and its worker's task. */
static void ssdk_run_free_rcu(struct rcu_head *rcu)
{
	struct ssdk_run *run = container_of(rcu, struct ssdk_run, rcu);

	if (run->worker)
		put_task_struct(run->worker);
	kfree(run);
}

/* The last reference goes in process context: netlink handlers, removal. */
static void ssdk_run_release(struct kref *ref)
{
	struct ssdk_run *run = container_of(ref, struct ssdk_run, ref);

	ssdk_stats_free_cpus(run->cpu_stats);
	vfree(run->stats);
	ssdk_slowest_teardown(run);
	ssdk_ts_teardown(run);
	ssdk_capture_teardown(run);
	kfree(run->cfg.target);
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

/**
 * ssdk_run_get() - Find a run by id.
 * @id: The id.
 *
 * Context: Process context.
 * Return: The run with a reference held, or NULL.
 */
struct ssdk_run *ssdk_run_get(u32 id)
{
	struct ssdk_run *run;

	mutex_lock(&ssdk_runs_lock);
	list_for_each_entry(run, &ssdk_runs, list) {
		if (run->id == id) {
			kref_get(&run->ref);
			mutex_unlock(&ssdk_runs_lock);
			return run;
		}
	}
	mutex_unlock(&ssdk_runs_lock);
	return NULL;
}

/**
 * ssdk_run_next() - The run after an id, for dumps that resume.
 * @after: An id, or 0 for the first run.
 *
 * Context: Process context.
 * Return: The run with the smallest id above @after, with a reference
 * held, or NULL.
 */
struct ssdk_run *ssdk_run_next(u32 after)
{
	struct ssdk_run *run;

	mutex_lock(&ssdk_runs_lock);
	list_for_each_entry(run, &ssdk_runs, list) {
		if (run->id > after) {
			kref_get(&run->ref);
			mutex_unlock(&ssdk_runs_lock);
			return run;
		}
	}
	mutex_unlock(&ssdk_runs_lock);
	return NULL;
}

/* Reserve a place in the table before any work is done. */
static int ssdk_runs_reserve(struct netlink_ext_ack *extack)
{
	int ret = 0;

	mutex_lock(&ssdk_runs_lock);
	if (ssdk_shutting_down) {
		NL_SET_ERR_MSG(extack, "the ssdk module is being unloaded");
		ret = -ESHUTDOWN;
	} else if (ssdk_nr_runs >= ssdk_max_runs) {
		NL_SET_ERR_MSG(extack, "too many runs kept: delete finished runs first");
		ret = -ENOSPC;
	} else {
		ssdk_nr_runs++;
	}
	mutex_unlock(&ssdk_runs_lock);
	return ret;
}

static void ssdk_runs_unreserve(void)
{
	mutex_lock(&ssdk_runs_lock);
	ssdk_nr_runs--;
	mutex_unlock(&ssdk_runs_lock);
}

static u32 ssdk_runs_new_id(void)
{
	u32 id;

	mutex_lock(&ssdk_runs_lock);
	id = ++ssdk_last_id;
	mutex_unlock(&ssdk_runs_lock);
	return id;
}

/*
 * Put a run whose worker is ready in the table, in the order of ids
 * (concurrent starts may insert out of order); refused once the module
 * is going, whose shutdown may already have emptied the table.
 */
static int ssdk_run_insert(struct ssdk_run *run, struct netlink_ext_ack *extack)
{
	struct ssdk_run *pos;
	int ret = 0;

	mutex_lock(&ssdk_runs_lock);
	if (ssdk_shutting_down) {
		NL_SET_ERR_MSG(extack, "the ssdk module is being unloaded");
		ret = -ESHUTDOWN;
	} else {
		list_for_each_entry_reverse(pos, &ssdk_runs, list)
			if (pos->id < run->id)
				break;
		list_add(&run->list, &pos->list);
	}
	mutex_unlock(&ssdk_runs_lock);
	return ret;
}

/**
 * ssdk_run_start() - Start a run.
 * @cfg: Its configuration, checked against the policy; ownership of
 *	@cfg->target passes to the run (it is freed on failure too).
 * @attrs: The attributes of the request @cfg comes from, which @extack
 *	points at.
 * @extack: For the reason of a failure.
 * @id: The new run's id.
 *
 * Opens the target, checks the configuration against it, allocates
 * everything the run needs and starts its worker.
 *
 * Context: Process context; may sleep.
 * Return: 0 or a negative errno, explained in @extack.
 */
int ssdk_run_start(struct ssdk_run_config *cfg, struct nlattr **attrs,
		   struct netlink_ext_ack *extack, u32 *id)
{
	struct ssdk_run *run;
	int ret;

	ret = ssdk_runs_reserve(extack);
	if (ret) {
		kfree(cfg->target);
		return ret;
	}

	ret = -ENOMEM;
	run = kzalloc(sizeof(*run), GFP_KERNEL);
	if (!run) {
		kfree(cfg->target);
		goto err_unreserve;
	}
	kref_init(&run->ref);
	mutex_init(&run->lock);
	init_completion(&run->finished);
	init_llist_head(&run->done);
	run->cfg = *cfg;
	run->state = SSDK_STATE_RUNNING;
	run->nr_sets = ssdk_open_loop(cfg) ? SSDK_MAX_SETS : SSDK_NR_OPS;
	run->engine = cfg->engine == SSDK_ENGINE_KFILE ? &ssdk_engine_kfile : &ssdk_engine_bio;

	ret = run->engine->open(run, attrs, extack);
	if (ret)
		goto err_free_run;
	ret = ssdk_access_setup(run, attrs, extack);
	if (ret)
		goto err_close_target;

	run->stats = ssdk_stats_alloc(run->nr_sets);
	run->cpu_stats = ssdk_stats_alloc_cpus(run->nr_sets);
	if (!run->stats || !run->cpu_stats || ssdk_slowest_setup(run) ||
	    ssdk_ts_setup(run) || ssdk_capture_setup(run) || ssdk_worker_setup(run)) {
		NL_SET_ERR_MSG(extack, "out of memory for the run's statistics or buffers");
		ret = -ENOMEM;
		goto err_close_target;
	}

	/* Nobody sees the run before its worker exists. */
	run->id = ssdk_runs_new_id();
	run->worker = kthread_create(ssdk_worker, run, "ssdk/%u", run->id);
	if (IS_ERR(run->worker)) {
		ret = PTR_ERR(run->worker);
		run->worker = NULL;
		NL_SET_ERR_MSG(extack, "cannot create the run's kernel thread");
		goto err_teardown;
	}
	get_task_struct(run->worker);
	if (cfg->cpu >= 0)
		kthread_bind(run->worker, cfg->cpu);
	ret = ssdk_run_insert(run, extack);
	if (ret) {
		/* Never woken, the thread exits without running the worker. */
		kthread_stop(run->worker);
		goto err_teardown;
	}
	*id = run->id;
	wake_up_process(run->worker);
	return 0;

err_teardown:
	ssdk_worker_teardown(run);
err_close_target:
	run->engine->close(run);
err_free_run:
	ssdk_run_put(run);
err_unreserve:
	ssdk_runs_unreserve();
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
		WRITE_ONCE(run->stop, true);
		ended = true;
	}
	mutex_unlock(&run->lock);
	/* The run holds a reference on its worker's task (ssdk_run_start()). */
	if (ended)
		wake_up_process(run->worker);
	return ended;
}

/**
 * ssdk_run_ended() - Give a run whose worker has finished its end state.
 * @run: The run: none of its IOs in flight, its statistics folded.
 *
 * Context: Process context, the run's worker; takes @run->lock.
 */
void ssdk_run_ended(struct ssdk_run *run)
{
	mutex_lock(&run->lock);
	ssdk_run_set_state(run, run->state == SSDK_STATE_RUNNING ?
			   SSDK_STATE_DONE : run->end_state);
	mutex_unlock(&run->lock);
}

/**
 * ssdk_run_stop() - Stop a run and wait for its end.
 * @run: The run.
 * @reason: Why, kept with the results (unless it had already ended or
 *	been stopped).
 *
 * Context: Process context; sleeps until the IOs in flight complete.
 * Return: 0, or -EINTR when a fatal signal interrupted the wait (the
 * run stops anyway).
 */
int ssdk_run_stop(struct ssdk_run *run, const char *reason)
{
	ssdk_run_end_early(run, SSDK_STATE_STOPPED, "%s", reason);
	return wait_for_completion_killable(&run->finished) ? -EINTR : 0;
}

/*
 * Take a run out of the table, stop it, wait for its worker to exit and
 * drop the table's reference. Called with ssdk_runs_lock held; drops it.
 * Waiting for the thread's exit, not only for the run's end, keeps the
 * module from going while its worker still returns through module code.
 */
static void ssdk_run_remove(struct ssdk_run *run, const char *reason)
{
	ssdk_nr_runs--;
	list_del(&run->list);
	mutex_unlock(&ssdk_runs_lock);
	ssdk_run_end_early(run, SSDK_STATE_STOPPED, "%s", reason);
	wait_for_completion(&run->finished);
	kthread_stop(run->worker);
	ssdk_run_put(run);
}

/**
 * ssdk_run_delete() - Delete a run and its results, stopping it first.
 * @id: The run's id.
 *
 * Context: Process context; sleeps until the run's IOs complete.
 * Return: 0 or -ENOENT.
 */
int ssdk_run_delete(u32 id)
{
	struct ssdk_run *run;

	mutex_lock(&ssdk_runs_lock);
	list_for_each_entry(run, &ssdk_runs, list) {
		if (run->id == id) {
			ssdk_run_remove(run, "deleted");
			return 0;
		}
	}
	mutex_unlock(&ssdk_runs_lock);
	return -ENOENT;
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

	mutex_lock(&ssdk_runs_lock);
	list_for_each_entry(run, &ssdk_runs, list) {
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
 * Context: Process context, at module unload.
 */
void ssdk_runs_shutdown(void)
{
	struct ssdk_run *run;

	mutex_lock(&ssdk_runs_lock);
	ssdk_shutting_down = true;
	while ((run = list_first_entry_or_null(&ssdk_runs, struct ssdk_run, list))) {
		ssdk_run_remove(run, "the ssdk module was unloaded");
		mutex_lock(&ssdk_runs_lock);
	}
	mutex_unlock(&ssdk_runs_lock);
}
