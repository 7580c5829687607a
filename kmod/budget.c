// SPDX-License-Identifier: GPL-2.0
/*
 * The memory budget: one bound on what the module's runs and traces pin.
 *
 * Each run and trace pins kernel memory that no reclaim gives back until
 * it is deleted: a run's statistics, time series, slowest log and capture
 * per worker, its slots and their pages while it goes; a trace's IOs. The
 * budget (module parameter mem_budget, bytes, writable at run time) bounds
 * their sum. run-start and trace-new price the request here (what the
 * allocators will really take: kmalloc's size classes, whole pages, the
 * vmalloc fallback of kvmalloc; an upper bound where the allocator may
 * take either) and reserve it BEFORE allocating anything of it; a request
 * past the budget is refused with -ENOSPC, as the module's other bounds
 * (max_runs, max-trace-ios) refuse theirs: the budget, not the kernel, is
 * out of room, and a caller can tell it from an allocation's -ENOMEM. A
 * dry run checks without reserving. The reservation goes back when what
 * it priced is freed: a run's IO part (slots, pages, the writes' pool,
 * the workers' stacks) when it ends, the rest with the run; a trace's
 * with the trace. Lowering the budget below what is in use refuses new
 * requests only.
 *
 * The default is a quarter of RAM, at least 64 MiB (never more than RAM):
 * runs' memory is unreclaimable, and three quarters stay for the rest of
 * the system; the floor holds a few dozen runs of the defaults (about
 * 2.5 MiB each without a runtime, 1 MiB for an hour) on a small
 * machine. The allocations are also charged to the caller's memory
 * cgroup (GFP_KERNEL_ACCOUNT), which bounds a container's runs by its
 * own limit; the workers' threads are not (kthreadd makes them).
 */

#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/moduleparam.h>
#include <linux/overflow.h>
#include <linux/sched.h>
#include <linux/sizes.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/thread_info.h>
#include <net/netlink.h>

#include "ssdk.h"

#define SSDK_MEM_BUDGET_MIN	SZ_1M
#define SSDK_MEM_BUDGET_FLOOR	SZ_64M
/* A vmalloc()'d area's struct vm_struct and struct vmap_area, about. */
#define SSDK_VMALLOC_AREA_COST	128

static DEFINE_SPINLOCK(ssdk_budget_lock);
static u64 ssdk_mem_budget;	/* bytes; 0 until ssdk_budget_init() */
static u64 ssdk_mem_used;	/* bytes reserved, under ssdk_budget_lock */

/* Bytes of RAM: the most a budget may be. */
static u64 ssdk_ram_bytes(void)
{
	return (u64)totalram_pages() << PAGE_SHIFT;
}

/* mem_budget: bytes, with memparse()'s suffixes (K, M, G), 1 MiB to RAM. */
static int ssdk_budget_param_set(const char *val, const struct kernel_param *kp)
{
	unsigned long long v;
	char *end;

	v = memparse(val, &end);
	if (end == val || (*end && *end != '\n'))
		return -EINVAL;
	if (v < SSDK_MEM_BUDGET_MIN || v > ssdk_ram_bytes())
		return -ERANGE;
	spin_lock(&ssdk_budget_lock);
	ssdk_mem_budget = v;
	spin_unlock(&ssdk_budget_lock);
	return 0;
}

static int ssdk_budget_param_get(char *buf, const struct kernel_param *kp)
{
	return sysfs_emit(buf, "%llu\n", ssdk_budget_limit());
}

static const struct kernel_param_ops ssdk_budget_param_ops = {
	.set = ssdk_budget_param_set,
	.get = ssdk_budget_param_get,
};

module_param_cb(mem_budget, &ssdk_budget_param_ops, NULL, 0644);
MODULE_PARM_DESC(mem_budget,
		 "Bytes that runs and traces may pin together, K/M/G suffixes (default: RAM/4, at least 64M; 1M to RAM)");

/**
 * ssdk_budget_init() - Set the default budget, unless one was given.
 *
 * Context: Module init.
 */
void ssdk_budget_init(void)
{
	spin_lock(&ssdk_budget_lock);
	if (!ssdk_mem_budget)
		ssdk_mem_budget = min(max(ssdk_ram_bytes() / 4, SSDK_MEM_BUDGET_FLOOR),
				      ssdk_ram_bytes());
	spin_unlock(&ssdk_budget_lock);
}

/**
 * ssdk_budget_limit() - The budget.
 *
 * Return: Bytes.
 */
u64 ssdk_budget_limit(void)
{
	u64 v;

	spin_lock(&ssdk_budget_lock);
	v = ssdk_mem_budget;
	spin_unlock(&ssdk_budget_lock);
	return v;
}

/**
 * ssdk_budget_used() - What is reserved against the budget.
 *
 * Return: Bytes.
 */
u64 ssdk_budget_used(void)
{
	u64 v;

	spin_lock(&ssdk_budget_lock);
	v = ssdk_mem_used;
	spin_unlock(&ssdk_budget_lock);
	return v;
}

/* The hundredths of a MiB in @b, rounded down, past its whole MiB (@b >> 20). */
static u32 ssdk_mib_frac(u64 b)
{
	return ((b & (SZ_1M - 1)) * 100) >> 20;
}

/* The refusal names the budget, what is in use and what the request needs. */
#define ssdk_budget_refuse(extack, fmt, args...)	SSDK_NL_ERR_FMT(extack, NULL, fmt, ##args)

/**
 * ssdk_budget_reserve() - Reserve memory against the budget before allocating it.
 * @bytes: What the request pins (ssdk_budget_run(), ssdk_budget_trace()).
 * @dry_run: Only check that it fits.
 * @what: "run" or "trace", for the refusal.
 * @extack: For the refusal: the budget, what is in use and what the
 *	request needs, in MiB.
 *
 * Give it back with ssdk_budget_release(), once.
 *
 * Context: Any context but hard interrupts.
 * Return: 0, or -ENOSPC past the budget.
 */
int ssdk_budget_reserve(u64 bytes, bool dry_run, const char *what,
			struct netlink_ext_ack *extack)
{
	u64 budget, used;

	spin_lock(&ssdk_budget_lock);
	budget = ssdk_mem_budget;
	used = ssdk_mem_used;
	if (used <= budget && bytes <= budget - used) {
		if (!dry_run)
			ssdk_mem_used += bytes;
		spin_unlock(&ssdk_budget_lock);
		return 0;
	}
	spin_unlock(&ssdk_budget_lock);
	ssdk_budget_refuse(extack,
			   "the %s needs %llu.%02u MiB; mem_budget %llu.%02u MiB, %llu.%02u MiB in use",
			   what, bytes >> 20, ssdk_mib_frac(bytes), budget >> 20,
			   ssdk_mib_frac(budget), used >> 20, ssdk_mib_frac(used));
	return -ENOSPC;
}

/**
 * ssdk_budget_release() - Give back a reservation of ssdk_budget_reserve().
 * @bytes: What was reserved, or 0.
 *
 * Context: Any context but hard interrupts.
 */
void ssdk_budget_release(u64 bytes)
{
	spin_lock(&ssdk_budget_lock);
	if (WARN_ON_ONCE(bytes > ssdk_mem_used))
		bytes = ssdk_mem_used;
	ssdk_mem_used -= bytes;
	spin_unlock(&ssdk_budget_lock);
}

/**
 * ssdk_budget_release_io() - Give back a run's IO part, once.
 * @run: The run: its slots and pool freed, or about to be with it.
 *
 * Context: Any context but hard interrupts.
 */
void ssdk_budget_release_io(struct ssdk_run *run)
{
	ssdk_budget_release(atomic64_xchg(&run->mem_io, 0));
}

/* What kmalloc() of @size takes: its size class, or whole pages past them. */
static u64 ssdk_kmalloc_cost(u64 size)
{
	return size ? kmalloc_size_roundup(size) : 0;
}

/* What vmalloc() of @size takes: its pages, their array and the area's records. */
static u64 ssdk_vmalloc_cost(u64 size)
{
	u64 pages = DIV_ROUND_UP(size, PAGE_SIZE), array = pages * sizeof(struct page *);

	if (!size)
		return 0;
	/* The array is vmalloc()'d itself past a page (__vmalloc_area_node()). */
	array = array > PAGE_SIZE ? PAGE_ALIGN(array) : ssdk_kmalloc_cost(array);
	return (pages << PAGE_SHIFT) + array + SSDK_VMALLOC_AREA_COST;
}

/*
 * What kvmalloc() of @size takes: kmalloc() first, vmalloc() when that
 * fails; whichever costs more, as either may happen.
 */
static u64 ssdk_kvmalloc_cost(u64 size)
{
	u64 k = ssdk_kmalloc_cost(size);

	return size <= PAGE_SIZE ? k : max(k, ssdk_vmalloc_cost(size));
}

/*
 * What one worker of a run pins (workers.c, worker.c): its struct,
 * records and thread, and apart, in @io, its slots and their pages, its
 * stack and its calibration's scratch statistics, freed when it ends.
 */
static u64 ssdk_budget_worker(const struct ssdk_run_config *cfg, unsigned int nr_sets,
			      const struct ssdk_run_cost *c, u64 *io)
{
	u32 pages = DIV_ROUND_UP(cfg->bs, PAGE_SIZE);
	u64 rec, slot;

	rec = ssdk_kmalloc_cost(sizeof(struct ssdk_worker)) + sizeof(struct task_struct);
	rec += ssdk_vmalloc_cost(sizeof(struct ssdk_stats) +
				 (u64)nr_sets * sizeof(struct ssdk_set_stats));
	rec += ssdk_kvmalloc_cost(SSDK_NR_OPS * sizeof(struct ssdk_set_stats));
	rec += ssdk_kvmalloc_cost((u64)c->ts_cap * sizeof(struct ssdk_ts_point));
	if (cfg->anatomy)
		rec += ssdk_kvmalloc_cost((u64)c->ts_cap * sizeof(struct ssdk_ts_stages));
	/* The slowest log and the copy it publishes while the run goes. */
	rec += 2 * ssdk_kvmalloc_cost((u64)cfg->slowest_n * sizeof(struct ssdk_io_rec));
	rec += ssdk_kvmalloc_cost((u64)c->capture_cap * sizeof(struct ssdk_io_rec));

	/* The slots: each a kzalloc()'d struct and whole pages (ssdk_slot_alloc()). */
	slot = ssdk_kmalloc_cost(sizeof(struct ssdk_slot) +
				 (u64)pages * sizeof(struct bio_vec)) +
	       ((u64)pages << PAGE_SHIFT);
	*io += (u64)cfg->iodepth * slot;
	*io += 2 * ssdk_kmalloc_cost((u64)cfg->iodepth * sizeof(struct ssdk_slot *));
	*io += ssdk_vmalloc_cost(sizeof(struct ssdk_set_stats)) + THREAD_SIZE;
	return rec;
}

/**
 * ssdk_budget_run() - What a run of a configuration pins, before it starts.
 * @cfg: The configuration, checked; its trace, if any, is priced apart
 *	(ssdk_budget_trace()) and was reserved at trace-new.
 * @target_len: Bytes of the target's path, its NUL included.
 * @c: Filled in: the bytes, and the sizes of what the module parameters
 *	decide (the run allocates these, whatever the parameters become).
 *
 * Per worker: its statistics sets (two, six for an open loop: an op's
 * service and response times and lateness, sixteen with anatomy: its
 * stages too), its time series' base
 * and points, its slowest log and capture, its slots and their pages;
 * per run: its struct, its workers' table, its target's path, its
 * writes' pool.
 */
void ssdk_budget_run(const struct ssdk_run_config *cfg, u32 target_len,
		     struct ssdk_run_cost *c)
{
	unsigned int nr_sets = ssdk_cfg_nr_sets(cfg);
	u64 rec, io = 0;

	c->ts_cap = ssdk_ts_cap(cfg);
	c->capture_cap = cfg->capture_over_ns ? ssdk_capture_cap() : 0;
	rec = (u64)cfg->workers * ssdk_budget_worker(cfg, nr_sets, c, &io);
	rec += ssdk_kmalloc_cost(sizeof(struct ssdk_run));
	rec += ssdk_kmalloc_cost((u64)cfg->workers * sizeof(struct ssdk_worker *));
	rec += ssdk_kmalloc_cost(target_len);
	if (!cfg->purge && ssdk_cfg_writes(cfg) && ssdk_pattern_pooled(cfg->pattern))
		io += ssdk_vmalloc_cost(SSDK_PATTERN_POOL_SIZE);
	c->io = io;
	c->bytes = rec + io;
}

/**
 * ssdk_budget_trace() - What a trace pins.
 * @trace_size: sizeof(struct ssdk_trace), its bookkeeping (traces.c).
 * @nr: Its IOs.
 *
 * Return: Bytes: its struct and its array of IOs.
 */
u64 ssdk_budget_trace(size_t trace_size, u32 nr)
{
	return ssdk_kmalloc_cost(trace_size) +
	       ssdk_kvmalloc_cost((u64)nr * sizeof(struct ssdk_replay_io));
}
