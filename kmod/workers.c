// SPDX-License-Identifier: GPL-2.0
/*
 * A run's workers together: one kernel thread per worker (worker.c), each
 * with its own struct ssdk_worker, so that the IO path is the same
 * whatever the number of workers, with no lock and no shared cache line
 * between them: its own slots, access pattern (ssdk_access_share()), IO
 * count, statistics, slowest IOs and time series. The run (run.c) holds
 * the target, the configuration and the state, which the workers share
 * read-only.
 *
 * The workers start together: each calibrates its measurement, and the
 * last one ready sets the run's start times for all (ssdk_workers_begin()).
 * They stop together: a stop or a failure from any of them ends the run,
 * which stops them all (ssdk_run_end_early()). The last one to finish
 * merges the slowest logs, and its caller releases the target and ends
 * the run (ssdk_workers_end()). What is read while the run goes
 * (progress, statistics, time series) is the workers' merged when read:
 * counters and histograms added, exactly; an interval's p99 the largest
 * of the workers', an upper bound of the run's (no worker holds more than
 * 1% of its IOs above it, so neither do all together).
 *
 * The workers are freed with the run: their records when its last
 * reference goes, the structs after the same grace period as the run's,
 * which the completion path relies on (worker.c).
 */

#include <linux/kthread.h>
#include <linux/math64.h>
#include <linux/sched/task.h>
#include <linux/slab.h>

#include "ssdk.h"

/* The records a worker keeps: freed with the run, by ssdk_workers_free_records(). */
static int ssdk_worker_alloc_records(struct ssdk_worker *w)
{
	int ret;

	ret = ssdk_stats_setup(w);
	if (!ret)
		ret = ssdk_slowest_setup(w);
	if (!ret)
		ret = ssdk_ts_setup(w);
	if (!ret)
		ret = ssdk_capture_setup(w);
	if (!ret) {
		ssdk_rounds_setup(w);
		ssdk_record_rare_update(w);
	}
	return ret;
}

static void ssdk_worker_free_records(struct ssdk_worker *w)
{
	ssdk_stats_teardown(w);
	ssdk_slowest_teardown(w);
	ssdk_ts_teardown(w);
	ssdk_capture_teardown(w);
}

/* Worker @i of @run: its share of the run's IOs, nothing allocated yet. */
static struct ssdk_worker *ssdk_worker_alloc(struct ssdk_run *run, u32 i, u64 each, u32 rem)
{
	const struct ssdk_run_config *cfg = &run->cfg;
	struct ssdk_worker *w = kzalloc(sizeof(*w), GFP_KERNEL_ACCOUNT);

	if (!w)
		return NULL;
	w->run = run;
	w->idx = i;
	w->nr_sets = run->nr_sets;
	w->anatomy = cfg->anatomy;
	init_llist_head(&w->done);
	ssdk_access_share(&cfg->access, i, cfg->workers, &w->access_cfg);
	w->ios = cfg->ios ? each + (i < rem) : 0;
	w->cpu = cfg->nr_cpus ? cfg->cpus[i % cfg->nr_cpus] : cfg->cpu;
	return w;
}

/**
 * ssdk_workers_setup() - Make a run's workers, with their records and slots.
 * @run: The run, its target open and its configuration checked against it.
 *
 * Each worker gets its share of the access pattern and of the IO count,
 * its CPU, its records, its slots and their pages; the run gets the
 * pool its workers' writes copy from.
 *
 * Context: Process context, the run's starter (charged to its memory
 * cgroup); may sleep.
 * Return: 0 or -ENOMEM; on failure ssdk_workers_teardown() and the run's
 * release free what was made.
 */
int ssdk_workers_setup(struct ssdk_run *run)
{
	const struct ssdk_run_config *cfg = &run->cfg;
	u32 n = cfg->workers, i, rem;
	struct ssdk_worker *w;
	u64 each;

	atomic_set(&run->unready, n);
	atomic_set(&run->working, n);
	run->workers = kcalloc(n, sizeof(*run->workers), GFP_KERNEL_ACCOUNT);
	if (!run->workers || ssdk_pattern_setup(run))
		return -ENOMEM;
	/* config.c made sure of an IO each, and of sequential parts that hold one. */
	each = div_u64_rem(cfg->ios, n, &rem);
	for (i = 0; i < n; i++) {
		w = ssdk_worker_alloc(run, i, each, rem);
		if (!w)
			return -ENOMEM;
		run->workers[run->nr_workers++] = w;
		if (ssdk_worker_alloc_records(w) || ssdk_worker_setup(w))
			return -ENOMEM;
	}
	return 0;
}

/**
 * ssdk_workers_teardown() - Free the slots of every worker of a run, and its pool.
 * @run: The run; none of its IOs is in flight.
 *
 * Context: Process context.
 */
void ssdk_workers_teardown(struct ssdk_run *run)
{
	unsigned int i;

	for (i = 0; i < run->nr_workers; i++)
		ssdk_worker_teardown(run->workers[i]);
	ssdk_pattern_teardown(run);
}

/**
 * ssdk_workers_free_records() - Free what a run's workers recorded.
 * @run: The run, its last reference gone.
 *
 * Context: Process context.
 */
void ssdk_workers_free_records(struct ssdk_run *run)
{
	unsigned int i;

	for (i = 0; i < run->nr_workers; i++)
		ssdk_worker_free_records(run->workers[i]);
}

/**
 * ssdk_workers_free() - Free a run's workers and their tasks' references.
 * @run: The run, a grace period after its last reference went: the
 *	completion path may touch a worker and its task until then.
 *
 * Context: Any context (an RCU callback).
 */
void ssdk_workers_free(struct ssdk_run *run)
{
	struct ssdk_worker *w;
	unsigned int i;

	for (i = 0; i < run->nr_workers; i++) {
		w = run->workers[i];
		if (w->task)
			put_task_struct(w->task);
		kfree(w);
	}
	kfree(run->workers);
}

/**
 * ssdk_workers_create() - Create the workers' threads, not yet woken.
 * @run: The run, its workers ready to go.
 *
 * Each is bound to its CPU; a thread never woken exits without running
 * the worker when stopped.
 *
 * Context: Process context; may sleep.
 * Return: 0 or a negative errno, the threads made so far stopped.
 */
int ssdk_workers_create(struct ssdk_run *run)
{
	struct task_struct *task;
	struct ssdk_worker *w;
	unsigned int i;

	for (i = 0; i < run->nr_workers; i++) {
		w = run->workers[i];
		/* "ssdk/<id>" for the first, as a run of one worker has always been. */
		task = i ? kthread_create(ssdk_worker, w, "ssdk/%u.%u", run->id, i) :
			   kthread_create(ssdk_worker, w, "ssdk/%u", run->id);
		if (IS_ERR(task)) {
			ssdk_workers_stop(run);
			return PTR_ERR(task);
		}
		w->task = get_task_struct(task);
		if (w->cpu >= 0)
			kthread_bind(task, w->cpu);
	}
	return 0;
}

/**
 * ssdk_workers_stop() - Wait for the exit of every worker's thread.
 * @run: The run, ended, or never started.
 *
 * Context: Process context; sleeps.
 */
void ssdk_workers_stop(struct ssdk_run *run)
{
	unsigned int i;

	for (i = 0; i < run->nr_workers; i++)
		if (run->workers[i]->task)
			kthread_stop(run->workers[i]->task);
}

/**
 * ssdk_workers_wake() - Wake every worker of a run.
 * @run: The run: it holds a reference on its workers' tasks.
 *
 * Context: Any context.
 */
void ssdk_workers_wake(struct ssdk_run *run)
{
	unsigned int i;

	for (i = 0; i < run->nr_workers; i++)
		wake_up_process(run->workers[i]->task);
}

/**
 * ssdk_workers_ask_stop() - Ask every worker of a run to submit nothing more.
 * @run: The run, taken out of running.
 *
 * Context: Any context; the caller wakes them.
 */
void ssdk_workers_ask_stop(struct ssdk_run *run)
{
	unsigned int i;

	for (i = 0; i < run->nr_workers; i++)
		WRITE_ONCE(run->workers[i]->stop, true);
}

/**
 * ssdk_workers_begin() - Start a worker with the others.
 * @w: The worker, its measurement calibrated.
 *
 * The last worker ready sets the start, ramp end and deadline of every
 * worker, and the run's measurement overhead (the largest of the
 * workers'), then lets the others go.
 *
 * Context: A worker, before its first IO.
 */
void ssdk_workers_begin(struct ssdk_worker *w)
{
	struct ssdk_run *run = w->run;
	const struct ssdk_run_config *cfg = &run->cfg;
	u64 now, ramp_end, deadline;
	struct ssdk_worker *o;
	unsigned int i;

	/* A full barrier: the others' calibrations are seen below. */
	if (!atomic_dec_and_test(&run->unready)) {
		/* Idle, as the workers wait for their IOs: no load, no hung task. */
		wait_for_completion_state(&run->go, TASK_IDLE);
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
	for (i = 0; i < run->nr_workers; i++) {
		o = run->workers[i];
		o->start_ns = now;
		o->ramp_end_ns = ramp_end;
		o->deadline_ns = deadline;
		run->overhead_ns = max(run->overhead_ns, o->overhead_ns);
		run->clock_read_ns = max(run->clock_read_ns, o->clock_read_ns);
	}
	run->start_ns = now;
	run->ramp_end_ns = ramp_end;
	/* Pairs with smp_load_acquire() in ssdk_run_snapshot(). */
	smp_store_release(&run->started, true);
	complete_all(&run->go);
}

/**
 * ssdk_workers_end() - A worker has reaped its last IO.
 * @w: The worker, its slots freed and its time series closed.
 *
 * The last worker to end merges the others' slowest IOs into the first
 * worker's, and puts them in order, closes empty intervals of the
 * workers' time series up to the last one any closed, and sets the run's
 * end.
 *
 * Context: A worker, after its last IO.
 * Return: Whether it was the last; the caller then ends the run.
 */
bool ssdk_workers_end(struct ssdk_worker *w)
{
	struct ssdk_run *run = w->run;
	struct ssdk_slowest *slowest = &run->workers[0]->slowest;
	struct ssdk_worker *o;
	unsigned int i;
	u32 nr = 0;
	u64 end = 0;

	/* A full barrier: the others' records are seen below. */
	if (!atomic_dec_and_test(&run->working))
		return false;
	for (i = 0; i < run->nr_workers; i++) {
		o = run->workers[i];
		end = max(end, o->done_ns);
		nr = max(nr, o->ts.nr);
		if (i)
			ssdk_slowest_merge(slowest, &o->slowest);
	}
	ssdk_slowest_finish(slowest);
	for (i = 0; i < run->nr_workers; i++)
		ssdk_ts_pad(run->workers[i], nr);
	WRITE_ONCE(run->end_ns, end);
	return true;
}

/**
 * ssdk_workers_progress() - A run's progress, its workers' added up.
 * @run: The run.
 * @p: Filled in; its CPU time is final once the run has ended (its state
 *	read with acquire).
 *
 * Context: Any context.
 */
void ssdk_workers_progress(const struct ssdk_run *run, struct ssdk_progress *p)
{
	const struct ssdk_worker *w;
	unsigned int i;

	memset(p, 0, sizeof(*p));
	for (i = 0; i < run->nr_workers; i++) {
		w = run->workers[i];
		p->completed += READ_ONCE(w->completed);
		p->io_errors += READ_ONCE(w->io_errors);
		p->iops_now += READ_ONCE(w->iops_now);
		p->last_measured_ns = max(p->last_measured_ns, READ_ONCE(w->last_measured_ns));
		p->ts_dropped += READ_ONCE(w->ts.dropped);
		p->captured_dropped += READ_ONCE(w->capture.dropped);
		p->unpolled += READ_ONCE(w->unpolled);
		p->anatomy_unsplit += READ_ONCE(w->anatomy_unsplit);
		p->cpu_ns += READ_ONCE(w->cpu_ns);
	}
}

/**
 * ssdk_workers_ts_published() - Intervals of a run's time series that may be read.
 * @run: The run.
 *
 * Context: Any context.
 * Return: How many, from the first: those every worker has closed.
 */
u32 ssdk_workers_ts_published(const struct ssdk_run *run)
{
	u32 nr = U32_MAX;
	unsigned int i;

	for (i = 0; i < run->nr_workers; i++)
		nr = min(nr, ssdk_ts_published(run->workers[i]));
	return run->nr_workers ? nr : 0;
}

/**
 * ssdk_workers_ts_point() - One interval of a run's time series, merged.
 * @run: The run.
 * @idx: The interval, below ssdk_workers_ts_published().
 * @p: Filled in: the workers' IOs, bytes, latency sums and heat rows
 *	added, the largest of their maxima and of their p99s.
 *
 * Context: Any context.
 */
void ssdk_workers_ts_point(const struct ssdk_run *run, u32 idx, struct ssdk_ts_point *p)
{
	const struct ssdk_ts_point *q;
	const struct ssdk_ts_op *o;
	unsigned int i, op, k;

	*p = run->workers[0]->ts.points[idx];
	for (i = 1; i < run->nr_workers; i++) {
		q = &run->workers[i]->ts.points[idx];
		for (k = 0; k < SSDK_HEAT_BUCKETS; k++)
			hist_heat_add(&p->heat[k], q->heat[k]);
		for (op = 0; op < SSDK_NR_OPS; op++) {
			o = &q->op[op];
			p->op[op].ios += o->ios;
			p->op[op].bytes += o->bytes;
			p->op[op].lat_sum += o->lat_sum;
			p->op[op].lat_max = max(p->op[op].lat_max, o->lat_max);
			p->op[op].lat_p99 = max(p->op[op].lat_p99, o->lat_p99);
		}
	}
}

/**
 * ssdk_workers_ts_stages() - One interval's stages of a run with anatomy, merged.
 * @run: The run, with anatomy.
 * @idx: The interval, below ssdk_workers_ts_published().
 * @st: Filled in: the workers' IOs and sums added, the largest maxima.
 *
 * Context: Any context.
 */
void ssdk_workers_ts_stages(const struct ssdk_run *run, u32 idx, struct ssdk_ts_stages *st)
{
	const struct ssdk_ts_stage *o;
	struct ssdk_ts_stage *t;
	unsigned int i, op, k;

	*st = run->workers[0]->ts.stages[idx];
	for (i = 1; i < run->nr_workers; i++) {
		for (op = 0; op < SSDK_NR_OPS; op++) {
			for (k = 0; k < SSDK_NR_STAGES; k++) {
				o = &run->workers[i]->ts.stages[idx].op[op][k];
				t = &st->op[op][k];
				t->ios += o->ios;
				t->sum += o->sum;
				t->max = max(t->max, o->max);
			}
		}
	}
}
