// SPDX-License-Identifier: GPL-2.0
/*
 * Statistics of a run: recorded per CPU at each completion, without
 * locks, and folded into one copy when the run ends.
 */

#include <linux/cpumask.h>
#include <linux/irqflags.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/string.h>
#include <linux/topology.h>
#include <linux/vmalloc.h>

#include "ssdk.h"

static void ssdk_stats_init(struct ssdk_stats *st)
{
	int op;

	for (op = 0; op < SSDK_NR_OPS; op++)
		st->op[op].c.lat_min = U64_MAX;
}

/**
 * ssdk_stats_alloc() - Allocate zeroed statistics.
 *
 * Context: Process context; may sleep.
 * Return: The statistics, or NULL.
 */
struct ssdk_stats *ssdk_stats_alloc(void)
{
	struct ssdk_stats *st = vzalloc(sizeof(*st));

	if (st)
		ssdk_stats_init(st);
	return st;
}

/**
 * ssdk_stats_free_cpus() - Free what ssdk_stats_alloc_cpus() allocated.
 * @cpu_stats: The array, or NULL.
 */
void ssdk_stats_free_cpus(struct ssdk_stats **cpu_stats)
{
	int cpu;

	if (!cpu_stats)
		return;
	for_each_possible_cpu(cpu)
		kvfree(cpu_stats[cpu]);
	kfree(cpu_stats);
}

/**
 * ssdk_stats_alloc_cpus() - Allocate statistics for each possible CPU.
 *
 * alloc_percpu() cannot hold a histogram (its limit is 32 KiB), so each
 * CPU gets its own allocation on its own node, indexed by CPU number.
 *
 * Context: Process context; may sleep.
 * Return: An array indexed by CPU, or NULL.
 */
struct ssdk_stats **ssdk_stats_alloc_cpus(void)
{
	struct ssdk_stats **cpu_stats;
	int cpu;

	cpu_stats = kcalloc(nr_cpu_ids, sizeof(*cpu_stats), GFP_KERNEL);
	if (!cpu_stats)
		return NULL;
	for_each_possible_cpu(cpu) {
		cpu_stats[cpu] = kvzalloc_node(sizeof(*cpu_stats[cpu]), GFP_KERNEL,
					       cpu_to_node(cpu));
		if (!cpu_stats[cpu]) {
			ssdk_stats_free_cpus(cpu_stats);
			return NULL;
		}
		ssdk_stats_init(cpu_stats[cpu]);
	}
	return cpu_stats;
}

/**
 * ssdk_stats_record() - Record the completion of a measured IO.
 * @run: The run.
 * @slot: The slot whose IO completed.
 * @lat_ns: Its latency.
 * @status: Its status; failed IOs are counted apart from the latencies.
 *
 * Completions come in any context, process context included (a driver
 * may complete within submit_bio()), so interrupts are off while this
 * CPU's statistics change: an interrupt completing another IO on this
 * CPU cannot interleave.
 *
 * Context: Any context.
 */
void ssdk_stats_record(struct ssdk_run *run, struct ssdk_slot *slot,
		       u64 lat_ns, blk_status_t status)
{
	struct ssdk_op_stats *st;
	unsigned long flags;

	local_irq_save(flags);
	st = &run->cpu_stats[smp_processor_id()]->op[slot->op];
	if (unlikely(status)) {
		st->c.errors++;
	} else {
		st->c.ios++;
		st->c.bytes += run->cfg.bs;
		st->c.lat_sum += lat_ns;
		st->c.lat_sumsq += (__uint128_t)lat_ns * lat_ns;
		if (lat_ns < st->c.lat_min)
			st->c.lat_min = lat_ns;
		if (lat_ns > st->c.lat_max)
			st->c.lat_max = lat_ns;
		hist_record(st->hist, lat_ns);
	}
	local_irq_restore(flags);
}

static void ssdk_counts_add(struct ssdk_op_counts *dst,
			    const struct ssdk_op_counts *src)
{
	dst->ios += src->ios;
	dst->bytes += src->bytes;
	dst->errors += src->errors;
	dst->lat_sum += src->lat_sum;
	dst->lat_sumsq += src->lat_sumsq;
	dst->lat_min = min(dst->lat_min, src->lat_min);
	dst->lat_max = max(dst->lat_max, src->lat_max);
}

/**
 * ssdk_stats_fold() - Fold the per-CPU statistics of an ended run.
 * @run: The run; no IO of it is in flight.
 *
 * Frees the per-CPU copies: a finished run keeps one copy only.
 *
 * Context: Process context; takes @run->lock.
 */
void ssdk_stats_fold(struct ssdk_run *run)
{
	struct ssdk_stats **cpu_stats = run->cpu_stats;
	int cpu, op;

	mutex_lock(&run->lock);
	for_each_possible_cpu(cpu) {
		for (op = 0; op < SSDK_NR_OPS; op++) {
			ssdk_counts_add(&run->stats->op[op].c, &cpu_stats[cpu]->op[op].c);
			hist_merge(run->stats->op[op].hist, cpu_stats[cpu]->op[op].hist);
		}
	}
	run->cpu_stats = NULL;
	mutex_unlock(&run->lock);
	ssdk_stats_free_cpus(cpu_stats);
}

/**
 * ssdk_stats_counts() - The counters of a run, so far or final.
 * @run: The run.
 * @counts: Filled in, indexed by &enum ssdk_op.
 *
 * While the run goes, the counters are read as the CPUs update them: a
 * consistent snapshot is not needed for progress.
 *
 * Context: Process context; takes @run->lock.
 */
void ssdk_stats_counts(struct ssdk_run *run,
		       struct ssdk_op_counts counts[SSDK_NR_OPS])
{
	int cpu, op;

	mutex_lock(&run->lock);
	for (op = 0; op < SSDK_NR_OPS; op++) {
		if (!run->cpu_stats) {
			counts[op] = run->stats->op[op].c;
			continue;
		}
		memset(&counts[op], 0, sizeof(counts[op]));
		counts[op].lat_min = U64_MAX;
		for_each_possible_cpu(cpu)
			ssdk_counts_add(&counts[op], &run->cpu_stats[cpu]->op[op].c);
	}
	mutex_unlock(&run->lock);
}

/**
 * ssdk_stats_bucket() - One histogram bucket of a run, so far or final.
 * @run: The run.
 * @op: &enum ssdk_op.
 * @idx: Bucket index.
 *
 * Context: Process context; the caller holds @run->lock.
 * Return: The bucket's count.
 */
u64 ssdk_stats_bucket(struct ssdk_run *run, unsigned int op, unsigned int idx)
{
	u64 count = 0;
	int cpu;

	lockdep_assert_held(&run->lock);
	if (!run->cpu_stats)
		return run->stats->op[op].hist[idx];
	for_each_possible_cpu(cpu)
		count += READ_ONCE(run->cpu_stats[cpu]->op[op].hist[idx]);
	return count;
}
