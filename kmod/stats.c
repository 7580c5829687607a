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

static void ssdk_stats_init(struct ssdk_stats *st, unsigned int nr_sets)
{
	unsigned int i;

	st->nr_sets = nr_sets;
	for (i = 0; i < nr_sets; i++)
		st->set[i].c.lat_min = U64_MAX;
}

/**
 * ssdk_stats_alloc() - Allocate zeroed statistics.
 * @nr_sets: Sets to keep: an op's service time, and its response time.
 *
 * Context: Process context; may sleep.
 * Return: The statistics, or NULL.
 */
struct ssdk_stats *ssdk_stats_alloc(unsigned int nr_sets)
{
	struct ssdk_stats *st = vzalloc(struct_size(st, set, nr_sets));

	if (st)
		ssdk_stats_init(st, nr_sets);
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
 * @nr_sets: As for ssdk_stats_alloc().
 *
 * alloc_percpu() cannot hold a histogram (its limit is 32 KiB), so each
 * CPU gets its own allocation on its own node, indexed by CPU number.
 *
 * Context: Process context; may sleep.
 * Return: An array indexed by CPU, or NULL.
 */
struct ssdk_stats **ssdk_stats_alloc_cpus(unsigned int nr_sets)
{
	struct ssdk_stats **cpu_stats;
	int cpu;

	cpu_stats = kcalloc(nr_cpu_ids, sizeof(*cpu_stats), GFP_KERNEL);
	if (!cpu_stats)
		return NULL;
	for_each_possible_cpu(cpu) {
		cpu_stats[cpu] = kvzalloc_node(struct_size(cpu_stats[cpu], set, nr_sets),
					       GFP_KERNEL, cpu_to_node(cpu));
		if (!cpu_stats[cpu]) {
			ssdk_stats_free_cpus(cpu_stats);
			return NULL;
		}
		ssdk_stats_init(cpu_stats[cpu], nr_sets);
	}
	return cpu_stats;
}

static void ssdk_set_record(struct ssdk_op_stats *st, u64 lat_ns, u32 len)
{
	st->c.ios++;
	st->c.bytes += len;
	st->c.lat_sum += lat_ns;
	st->c.lat_sumsq += (__uint128_t)lat_ns * lat_ns;
	if (lat_ns < st->c.lat_min)
		st->c.lat_min = lat_ns;
	if (lat_ns > st->c.lat_max)
		st->c.lat_max = lat_ns;
	hist_record(st->hist, lat_ns);
}

/**
 * ssdk_stats_record() - Record the completion of a measured IO.
 * @run: The run.
 * @slot: The slot whose IO completed, its times and error set.
 *
 * Failed IOs are counted apart from the latencies. An open-loop run also
 * records the response time, from the IO's scheduled arrival.
 *
 * Completions come in any context, process context included (a driver
 * may complete within submit_bio()), so interrupts are off while this
 * CPU's statistics change: an interrupt completing another IO on this
 * CPU cannot interleave.
 *
 * Context: Any context.
 */
void ssdk_stats_record(struct ssdk_run *run, struct ssdk_slot *slot)
{
	struct ssdk_stats *st;
	unsigned long flags;

	local_irq_save(flags);
	st = run->cpu_stats[smp_processor_id()];
	if (unlikely(slot->error)) {
		st->set[slot->op].c.errors++;
	} else {
		ssdk_set_record(&st->set[slot->op], slot->complete_ns - slot->submit_ns,
				slot->len);
		if (run->nr_sets > SSDK_NR_OPS)
			ssdk_set_record(&st->set[ssdk_set_index(SSDK_LAT_KIND_RESPONSE, slot->op)],
					slot->complete_ns - slot->arrival_ns, slot->len);
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
	unsigned int i;
	int cpu;

	mutex_lock(&run->lock);
	for_each_possible_cpu(cpu) {
		for (i = 0; i < run->nr_sets; i++) {
			ssdk_counts_add(&run->stats->set[i].c, &cpu_stats[cpu]->set[i].c);
			hist_merge(run->stats->set[i].hist, cpu_stats[cpu]->set[i].hist);
		}
	}
	run->cpu_stats = NULL;
	mutex_unlock(&run->lock);
	ssdk_stats_free_cpus(cpu_stats);
}

/**
 * ssdk_stats_counts() - The counters of a run, so far or final.
 * @run: The run.
 * @counts: Filled in, the run's nr_sets of them, by ssdk_set_index().
 *
 * While the run goes, the counters are read as the CPUs update them: a
 * consistent snapshot is not needed for progress.
 *
 * Context: Process context; takes @run->lock.
 */
void ssdk_stats_counts(struct ssdk_run *run,
		       struct ssdk_op_counts counts[SSDK_MAX_SETS])
{
	unsigned int i;
	int cpu;

	mutex_lock(&run->lock);
	for (i = 0; i < run->nr_sets; i++) {
		if (!run->cpu_stats) {
			counts[i] = run->stats->set[i].c;
			continue;
		}
		memset(&counts[i], 0, sizeof(counts[i]));
		counts[i].lat_min = U64_MAX;
		for_each_possible_cpu(cpu)
			ssdk_counts_add(&counts[i], &run->cpu_stats[cpu]->set[i].c);
	}
	mutex_unlock(&run->lock);
}

/**
 * ssdk_stats_bucket() - One histogram bucket of a run, so far or final.
 * @run: The run.
 * @set: Index of the set, see ssdk_set_index().
 * @idx: Bucket index.
 *
 * Context: Process context; the caller holds @run->lock.
 * Return: The bucket's count.
 */
u64 ssdk_stats_bucket(struct ssdk_run *run, unsigned int set, unsigned int idx)
{
	u64 count = 0;
	int cpu;

	lockdep_assert_held(&run->lock);
	if (!run->cpu_stats)
		return run->stats->set[set].hist[idx];
	for_each_possible_cpu(cpu)
		count += READ_ONCE(run->cpu_stats[cpu]->set[set].hist[idx]);
	return count;
}
