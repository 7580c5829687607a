// SPDX-License-Identifier: GPL-2.0
/*
 * A run of several workers: one kernel thread per worker, each with its
 * own share of the run.
 *
 * A share is a struct ssdk_run of its own, so that the IO path (worker.c,
 * record.h and what they call) is the same whatever the number of
 * workers, with no lock and no shared cache line between them: its own
 * slots, access pattern (ssdk_access_share()), IO count, statistics,
 * slowest IOs and time series. The run its users see, in the run table,
 * is the leader, which is also its first share; the others are followers:
 * they hold the leader's target, configuration and id, and are reached
 * only through it (@shares).
 *
 * The workers start together: each calibrates its measurement, and the
 * last one ready sets the run's start times for all (ssdk_shares_begin()).
 * They stop together: a stop or a failure from any of them ends the
 * leader, which stops them all (ssdk_run_end_early()). The last one to
 * finish merges the slowest logs, releases the target and ends the run
 * (ssdk_shares_end()). What is read while the run goes (progress,
 * statistics, time series) is the shares' merged when read: counters and
 * histograms added, exactly; an interval's p99 the largest of the
 * workers', an upper bound of the run's (no share holds more than 1% of
 * its IOs above it, so neither do all together).
 *
 * The followers are freed with the leader: their records when its last
 * reference goes, the structs after the same grace period as its own,
 * which the completion path relies on (worker.c).
 */

#include <linux/kthread.h>
#include <linux/math64.h>
#include <linux/sched/task.h>
#include <linux/slab.h>

#include "ssdk.h"

/* A follower of @run: what it holds of the leader, nothing of its own yet. */
static struct ssdk_run *ssdk_share_alloc(struct ssdk_run *run)
{
	struct ssdk_run *s = kzalloc(sizeof(*s), GFP_KERNEL_ACCOUNT);

	if (!s)
		return NULL;
	s->leader = run;
	s->id = run->id;
	s->cfg = run->cfg;	/* the target's path stays the leader's */
	s->state = SSDK_STATE_RUNNING;
	s->nr_sets = run->nr_sets;
	s->engine = run->engine;
	s->bdev = run->bdev;
	s->file = run->file;
	s->target_size = run->target_size;
	s->lbs = run->lbs;
	init_llist_head(&s->done);
	return s;
}

/**
 * ssdk_shares_setup() - Make a run's shares, one per worker.
 * @run: The run, its target open and its configuration checked against it.
 *
 * Sets each share's access pattern, IO count and CPU, the run's own
 * included; the records and slots are the caller's to allocate.
 *
 * Context: Process context, the run's starter (charged to its memory
 * cgroup); may sleep.
 * Return: 0 or -ENOMEM; on failure the run's release frees what was made.
 */
int ssdk_shares_setup(struct ssdk_run *run)
{
	const struct ssdk_run_config *cfg = &run->cfg;
	u32 n = cfg->workers, i, rem;
	struct ssdk_run *s;
	u64 each;

	atomic_set(&run->unready, n);
	atomic_set(&run->working, n);
	run->shares = kcalloc(n, sizeof(*run->shares), GFP_KERNEL_ACCOUNT);
	if (!run->shares)
		return -ENOMEM;
	run->shares[0] = run;
	run->nr_shares = 1;
	for (i = 1; i < n; i++) {
		run->shares[i] = ssdk_share_alloc(run);
		if (!run->shares[i])
			return -ENOMEM;
		run->nr_shares++;
	}
	/* config.c made sure of an IO each, and of sequential parts that hold one. */
	each = div_u64_rem(cfg->ios, n, &rem);
	for (i = 0; i < n; i++) {
		s = run->shares[i];
		ssdk_access_share(&cfg->access, i, n, &s->share_access);
		s->share_ios = cfg->ios ? each + (i < rem) : 0;
		s->share_cpu = cfg->nr_cpus ? cfg->cpus[i % cfg->nr_cpus] : cfg->cpu;
	}
	return 0;
}

/**
 * ssdk_shares_teardown() - Free the slots of every share of a run, and its pool.
 * @run: The run; none of its IOs is in flight.
 *
 * Context: Process context.
 */
void ssdk_shares_teardown(struct ssdk_run *run)
{
	unsigned int i;

	/* No shares (out of memory for them): no slots either. */
	for (i = 0; i < run->nr_shares; i++)
		ssdk_worker_teardown(run->shares[i]);
	ssdk_pattern_teardown(run);
}

/**
 * ssdk_shares_free() - Free the followers and their tasks' references.
 * @run: The leader, a grace period after its last reference went.
 *
 * Context: Any context (an RCU callback).
 */
void ssdk_shares_free(struct ssdk_run *run)
{
	struct ssdk_run *s;
	unsigned int i;

	for (i = 1; i < run->nr_shares; i++) {
		s = run->shares[i];
		if (s->worker)
			put_task_struct(s->worker);
		kfree(s);
	}
	kfree(run->shares);
}

/**
 * ssdk_shares_create_workers() - Create the workers' threads, not yet woken.
 * @run: The run, its shares ready to go.
 *
 * Each is bound to its CPU; a thread never woken exits without running
 * the worker when stopped.
 *
 * Context: Process context; may sleep.
 * Return: 0 or a negative errno, the threads made so far stopped.
 */
int ssdk_shares_create_workers(struct ssdk_run *run)
{
	struct task_struct *task;
	struct ssdk_run *s;
	unsigned int i;

	for (i = 0; i < run->nr_shares; i++) {
		s = run->shares[i];
		/* "ssdk/<id>" for the first, as a run of one worker has always been. */
		task = i ? kthread_create(ssdk_worker, s, "ssdk/%u.%u", run->id, i) :
			   kthread_create(ssdk_worker, s, "ssdk/%u", run->id);
		if (IS_ERR(task)) {
			ssdk_shares_stop_workers(run);
			return PTR_ERR(task);
		}
		s->worker = get_task_struct(task);
		if (s->share_cpu >= 0)
			kthread_bind(task, s->share_cpu);
	}
	return 0;
}

/**
 * ssdk_shares_stop_workers() - Wait for the exit of every worker's thread.
 * @run: The run, ended, or never started.
 *
 * Context: Process context; sleeps.
 */
void ssdk_shares_stop_workers(struct ssdk_run *run)
{
	unsigned int i;

	for (i = 0; i < run->nr_shares; i++)
		if (run->shares[i]->worker)
			kthread_stop(run->shares[i]->worker);
}

/**
 * ssdk_shares_wake() - Wake every worker of a run.
 * @run: The run: it holds a reference on its workers' tasks.
 *
 * Context: Any context.
 */
void ssdk_shares_wake(struct ssdk_run *run)
{
	unsigned int i;

	for (i = 0; i < run->nr_shares; i++)
		wake_up_process(run->shares[i]->worker);
}

/**
 * ssdk_shares_begin() - Start a worker with the others.
 * @run: The worker's share, its measurement calibrated.
 *
 * The last worker ready sets the run's start, ramp end and deadline in
 * every share, and the run's measurement overhead (the largest of the
 * workers'), then lets the others go.
 *
 * Context: A worker, before its first IO.
 */
void ssdk_shares_begin(struct ssdk_run *run)
{
	struct ssdk_run *leader = run->leader ?: run;
	const struct ssdk_run_config *cfg = &leader->cfg;
	u64 now, ramp_end, deadline;
	struct ssdk_run *s;
	unsigned int i;

	/* A full barrier: the others' calibrations are seen below. */
	if (!atomic_dec_and_test(&leader->unready)) {
		/* Idle, as the workers wait for their IOs: no load, no hung task. */
		wait_for_completion_state(&leader->go, TASK_IDLE);
		return;
	}
	/*
	 * The ramp and the runtime are each at most max-duration-ns (the
	 * policy; rounds x round-ns by ssdk_config_rounds()), below 2^55:
	 * the clock plus both cannot wrap.
	 */
	now = ktime_get_ns();
	ramp_end = now + cfg->ramp_ns;
	deadline = cfg->runtime_ns ? ramp_end + cfg->runtime_ns : 0;
	for (i = 0; i < leader->nr_shares; i++) {
		s = leader->shares[i];
		s->start_ns = now;
		s->ramp_end_ns = ramp_end;
		s->deadline_ns = deadline;
		leader->overhead_ns = max(leader->overhead_ns, s->overhead_ns);
		leader->clock_read_ns = max(leader->clock_read_ns, s->clock_read_ns);
	}
	/* Pairs with smp_load_acquire() in ssdk_nl_progress_fill(). */
	smp_store_release(&leader->started, true);
	complete_all(&leader->go);
}

/**
 * ssdk_shares_end() - A worker has reaped its last IO.
 * @run: The worker's share, its slots freed and its time series closed.
 *
 * The last worker to end merges the others' slowest IOs into the
 * leader's, closes empty intervals of the workers' time series up to the
 * last one any closed, and sets the run's end.
 *
 * Context: A worker, after its last IO.
 * Return: Whether it was the last; the caller then ends the leader.
 */
bool ssdk_shares_end(struct ssdk_run *run)
{
	struct ssdk_run *leader = run->leader ?: run;
	struct ssdk_run *s;
	unsigned int i;
	u32 nr = 0;
	u64 end = 0;

	/* A full barrier: the others' records are seen below. */
	if (!atomic_dec_and_test(&leader->working))
		return false;
	for (i = 0; i < leader->nr_shares; i++) {
		s = leader->shares[i];
		end = max(end, s->done_ns);
		nr = max(nr, s->ts.nr);
		if (s != leader)
			ssdk_slowest_merge(leader, &s->slowest);
	}
	for (i = 0; i < leader->nr_shares; i++)
		ssdk_ts_pad(leader->shares[i], nr);
	WRITE_ONCE(leader->end_ns, end);
	return true;
}

/**
 * ssdk_shares_progress() - A run's progress, its workers' added up.
 * @run: The leader.
 * @p: Filled in; its CPU time is final once the run has ended (its state
 *	read with acquire).
 *
 * Context: Any context.
 */
void ssdk_shares_progress(const struct ssdk_run *run, struct ssdk_progress *p)
{
	const struct ssdk_run *s;
	unsigned int i;

	memset(p, 0, sizeof(*p));
	for (i = 0; i < run->nr_shares; i++) {
		s = run->shares[i];
		p->completed += READ_ONCE(s->completed);
		p->io_errors += READ_ONCE(s->io_errors);
		p->iops_now += READ_ONCE(s->iops_now);
		p->last_measured_ns = max(p->last_measured_ns, READ_ONCE(s->last_measured_ns));
		p->ts_dropped += READ_ONCE(s->ts.dropped);
		p->captured_dropped += READ_ONCE(s->capture.dropped);
		p->unpolled += READ_ONCE(s->unpolled);
		p->cpu_ns += READ_ONCE(s->cpu_ns);
	}
}

/**
 * ssdk_shares_ts_published() - Intervals of a run's time series that may be read.
 * @run: The leader.
 *
 * Context: Any context.
 * Return: How many, from the first: those every worker has closed.
 */
u32 ssdk_shares_ts_published(const struct ssdk_run *run)
{
	u32 nr = U32_MAX;
	unsigned int i;

	for (i = 0; i < run->nr_shares; i++)
		nr = min(nr, ssdk_ts_published(run->shares[i]));
	return run->nr_shares ? nr : 0;
}

/**
 * ssdk_shares_ts_point() - One interval of a run's time series, merged.
 * @run: The leader.
 * @idx: The interval, below ssdk_shares_ts_published().
 * @p: Filled in: the workers' IOs, bytes and latency sums added, the
 *	largest of their maxima and of their p99s.
 *
 * Context: Any context.
 */
void ssdk_shares_ts_point(const struct ssdk_run *run, u32 idx, struct ssdk_ts_point *p)
{
	const struct ssdk_ts_op *o;
	unsigned int i, op;

	*p = run->ts.points[idx];
	for (i = 1; i < run->nr_shares; i++) {
		for (op = 0; op < SSDK_NR_OPS; op++) {
			o = &run->shares[i]->ts.points[idx].op[op];
			p->op[op].ios += o->ios;
			p->op[op].bytes += o->bytes;
			p->op[op].lat_sum += o->lat_sum;
			p->op[op].lat_max = max(p->op[op].lat_max, o->lat_max);
			p->op[op].lat_p99 = max(p->op[op].lat_p99, o->lat_p99);
		}
	}
}
