/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ssdk: a storage benchmark whose IO generator runs in the kernel.
 * Private header shared by the module's files.
 */
#ifndef _SSDK_H
#define _SSDK_H

#include <linux/atomic.h>
#include <linux/blk_types.h>
#include <linux/completion.h>
#include <linux/fs.h>
#include <linux/uio.h>
#include <linux/kref.h>
#include <linux/list.h>
#include <linux/llist.h>
#include <linux/moduleparam.h>
#include <linux/mutex.h>
#include <linux/seqlock.h>
#include <linux/timekeeping.h>
#include <linux/types.h>
#include <uapi/linux/ssdk.h>

#include "compat.h"
#include "access.h"
#include "counts.h"
#include "hist.h"
#include "pattern.h"
#include "prng.h"
#include "rules.h"
#include "steady.h"

struct genl_info;
struct netlink_ext_ack;
struct nlattr;
struct sk_buff;
struct ssdk_trace;

/*
 * The bare build (scripts/kmake --bare defines SSDK_BARE) is the
 * benchmark's baseline: the same submission loop with the per-IO
 * timestamps and statistics compiled out, so that scripts/bench can
 * price the measurement itself.
 */
#ifdef SSDK_BARE
#define SSDK_MEASURE	false
#else
#define SSDK_MEASURE	true
#endif

#define SSDK_NR_OPS		(SSDK_OP_MAX + 1)

/*
 * SSDK_PARAM_UINT_RANGE(name, var, min, max, perm): module parameter @name
 * of the unsigned int @var, a value outside [@min, @max] refused
 * (param_set_uint_minmax(): -EINVAL), at load and at every write.
 */
#define SSDK_PARAM_UINT_RANGE(name, var, min, max, perm)				\
	static int ssdk_param_##name##_set(const char *val, const struct kernel_param *kp) \
	{										\
		return param_set_uint_minmax(val, kp, min, max);			\
	}										\
	static const struct kernel_param_ops ssdk_param_##name##_ops = {		\
		.set = ssdk_param_##name##_set,						\
		.get = param_get_uint,							\
	};										\
	module_param_cb(name, &ssdk_param_##name##_ops, &(var), perm)

/**
 * struct ssdk_run_config - What a run does, as validated at its start.
 * @target: Path of the block device (bio) or regular file (kfile).
 * @engine: &enum ssdk_engine: how the IOs reach the target.
 * @buffered: kfile: through the page cache rather than O_DIRECT.
 * @slowest_n: How many of the slowest IOs to keep.
 * @ts_interval_ns: Interval of the time series.
 * @capture_over_ns: Capture every IO at least this slow; 0 for none.
 * @max_errors: IO errors the run goes on through; the next one fails it.
 * @owned: The run stops when the socket of @owner_portid closes.
 * @owner_portid: The netlink port that started an owned run.
 * @owner_net: Its network namespace (compared, never dereferenced).
 * @dry_run: Check the request against the target, then make no run.
 * @access: Where the IOs go and what they are (access.h): rw, mix, block
 *	sizes, span, alignment, stride, seed; the span resolved against the
 *	target at start.
 * @bs: Bytes per IO; with several block sizes, the largest.
 * @split_given: The block sizes came as bs-split (reported back so).
 * @iodepth: IOs kept in flight.
 * @runtime_ns: Submission time after the ramp; 0 for no limit.
 * @ios: IOs to submit in all, ramp included; 0 for no limit.
 * @ramp_ns: Time at the start whose IOs stay out of the statistics.
 * @cpu: CPU every worker is bound to, or -1.
 * @workers: Worker threads of the run (workers.c).
 * @nr_cpus: Entries of @cpus; 0 when not given.
 * @cpus: CPUs the workers are bound to, in turn.
 * @allow_write: The caller consented to writing.
 * @pattern: &enum ssdk_pattern of written data.
 * @pattern_byte: The byte of %SSDK_PATTERN_REPEAT.
 * @compress_pct: Share of each buffer that compresses away.
 * @rate_iops: IOs per second at most; 0 for no limit.
 * @arrivals: &enum ssdk_arrivals of a rate-limited run.
 * @rounds: Rounds of the run at most; 0 when it has none.
 * @round_ns: Length of a round, whole intervals of the time series.
 * @steady: Test steady state after each round (rounds.c).
 * @steady_track: &enum ssdk_steady_track: the variable tested.
 * @steady_rule: The test's bounds.
 * @purge: A purge run: its span purged instead of IO (purge.c).
 * @purge_method: &enum ssdk_purge_method of a purge run.
 * @batch: Submit in batches of this many IOs, under one plug; 1: each IO
 *	as soon as its slot is free.
 * @polled: Polled bios, the worker polling for their completions.
 * @anatomy: Time the stages of every IO (anatomy.c).
 * @trace: A replay's trace (traces.c), a reference taken at parse; the
 *	run claims it as it starts and adopts it once published; NULL for
 *	a run that draws its IOs.
 * @replay_timing: &enum ssdk_replay_timing of a replay.
 * @replay_scale: Its times multiplied by this / 1000.
 * @replay_remap: &enum ssdk_replay_remap: where its IOs go.
 * @scheduled: The IOs go on a schedule (pace.c): a rate, or a replay with
 *	original timing.
 * @ts_cap: Intervals of each worker's time series, and
 * @capture_cap: records of its capture (0: none): decided by the module
 *	parameters as the run starts, as the memory budget priced them.
 */
struct ssdk_run_config {
	char *target;
	u32 engine;
	bool buffered;
	u32 slowest_n;
	u64 ts_interval_ns;
	u64 capture_over_ns;
	u64 max_errors;
	bool owned;
	u32 owner_portid;
	const struct net *owner_net;
	bool dry_run;
	struct ssdk_access_cfg access;
	u32 bs;
	bool split_given;
	u32 iodepth;
	u64 runtime_ns;
	u64 ios;
	u64 ramp_ns;
	int cpu;
	u32 workers;
	u32 nr_cpus;
	u32 cpus[SSDK_MAX_WORKERS];
	bool allow_write;
	u32 pattern;
	u32 pattern_byte;
	u32 compress_pct;
	u32 rate_iops;
	u32 arrivals;
	u32 rounds;
	u64 round_ns;
	bool steady;
	u32 steady_track;
	struct ssdk_steady_rule steady_rule;
	bool purge;
	u32 purge_method;
	u32 batch;
	bool polled;
	bool anatomy;
	struct ssdk_trace *trace;
	u32 replay_timing;
	u32 replay_scale;
	u32 replay_remap;
	bool scheduled;
	u32 ts_cap;
	u32 capture_cap;
};

/**
 * ssdk_cfg_writes() - Whether a run of this configuration writes.
 * @cfg: The configuration.
 *
 * Return: Whether it purges, or see ssdk_rw_writes().
 */
static inline bool ssdk_cfg_writes(const struct ssdk_run_config *cfg)
{
	return cfg->purge || ssdk_rw_writes(cfg->access.rw, cfg->access.rwmixread);
}

/**
 * ssdk_cfg_open_loop() - Whether a run's IOs arrive on a schedule of their own.
 * @cfg: The configuration.
 *
 * Return: See ssdk_open_loop().
 */
static inline bool ssdk_cfg_open_loop(const struct ssdk_run_config *cfg)
{
	return ssdk_open_loop(cfg->rate_iops, cfg->arrivals,
			      cfg->trace && cfg->replay_timing == SSDK_REPLAY_TIMING_ORIGINAL);
}

/**
 * struct ssdk_set_stats - Statistics of one set of a run's measured IOs.
 * @c: Counters (counts.h).
 * @hist: Latency histogram (hist.h).
 */
struct ssdk_set_stats {
	struct ssdk_counts c;
	u64 hist[SSDK_HIST_NR_BUCKETS];
};

/*
 * A run's statistics come in sets: one per op for service time, and when
 * arrivals are open loop, one per op for response time and one for
 * lateness.
 */
#define SSDK_NR_LAT_KINDS	(SSDK_LAT_KIND_MAX + 1)
#define SSDK_MAX_SETS		(SSDK_NR_OPS * SSDK_NR_LAT_KINDS)

static inline unsigned int ssdk_set_index(unsigned int kind, unsigned int op)
{
	return kind * SSDK_NR_OPS + op;
}

/**
 * ssdk_cfg_nr_sets() - Sets of statistics a run of this configuration keeps.
 * @cfg: The configuration.
 *
 * Return: SSDK_NR_OPS per latency kind it keeps (rules.h).
 */
static inline unsigned int ssdk_cfg_nr_sets(const struct ssdk_run_config *cfg)
{
	return SSDK_NR_OPS * ssdk_lat_kinds(ssdk_cfg_open_loop(cfg), cfg->anatomy);
}

/**
 * struct ssdk_stats - Statistics of a run, per set.
 * @nr_sets: Sets kept: SSDK_NR_OPS, or SSDK_MAX_SETS for an open loop.
 * @set: Indexed by ssdk_set_index().
 */
struct ssdk_stats {
	unsigned int nr_sets;
	struct ssdk_set_stats set[];
};

/**
 * struct ssdk_slot - One IO of a run, reused for every IO it carries.
 * @bio: bio engine: the bio, initialised once and reset for each IO.
 * @kf: kfile engine: the kiocb of the IO in flight and its iterator.
 * @worker: The worker it belongs to.
 * @node: On the run's list of completed slots.
 * @offset: Where the IO in flight reads or writes, bytes.
 * @len: Its length, bytes.
 * @arrival_ns: When it was due (scheduled runs only: a rate, a timed replay).
 * @sched_start_ns: Rate-limited runs: when the IO would have gone out on
 *	the schedule, had the worker never been late: its arrival, or when
 *	the slot's previous IO would have completed.
 * @sched_free_ns: Rate-limited runs: when the slot's last IO would have
 *	completed on the schedule: @sched_start_ns plus its service time.
 * @submit_ns: When the bio was submitted.
 * @complete_ns: When it completed (0 before its first IO).
 * @issue_ns: Anatomy: when the block layer issued its request to the
 *	driver, and
 * @device_ns: when the driver completed it (anatomy.c); 0 until then.
 * @reap_ns: Anatomy: when the worker reaped it.
 * @prev_complete_ns: Anatomy: when the slot's previous IO completed; 0
 *	for its first.
 * @error: How it completed: 0, or a negative errno.
 * @inflight: IOs of the run in flight at its submission, itself included.
 * @cpu_submit: CPU it was submitted on.
 * @cpu_complete: CPU its completion ran on.
 * @op: &enum ssdk_op of the IO in flight.
 * @measured: Whether the IO counts in the statistics (not in the ramp).
 * @busy: Its IO is in flight: polled runs poll for it.
 * @filled: The pages hold the run's fixed pattern (zeros, repeat), not
 *	data a read brought in.
 * @nr_vecs: Entries of @bvecs: pages for the largest IO.
 * @bvecs: The slot's pages, one bvec each.
 */
struct ssdk_slot {
	union {
		struct bio bio;
		struct {
			struct kiocb iocb;
			struct iov_iter iter;
		} kf;
	};
	struct ssdk_worker *worker;
	struct llist_node node;
	u64 offset;
	u32 len;
	u64 arrival_ns;
	u64 sched_start_ns;
	u64 sched_free_ns;
	u64 submit_ns;
	u64 complete_ns;
	u64 issue_ns;
	u64 device_ns;
	u64 reap_ns;
	u64 prev_complete_ns;
	int error;
	u32 inflight;
	u16 cpu_submit;
	u16 cpu_complete;
	u8 op;
	bool measured;
	bool busy;
	bool filled;
	unsigned short nr_vecs;
	struct bio_vec bvecs[];
};

/**
 * struct ssdk_pace - The arrival schedule of a rate-limited run.
 * @rng: Generator of Poisson gaps.
 * @next_ns: When the next IO is due.
 * @gap_ns: Whole ns between arrivals.
 * @gap_rem: Remainder of 10^9 / rate, carried from arrival to arrival.
 * @rem: The carried remainder, below the rate.
 * @late: Open loop: IOs that found no free slot when they were due.
 * @early_ns: How long before an arrival the worker's timer is set: the
 *	timer's lateness, averaged.
 */
struct ssdk_pace {
	struct ssdk_prng rng;
	u64 next_ns;
	u64 gap_ns;
	u32 gap_rem;
	u32 rem;
	u64 late;
	u64 early_ns;
};

/**
 * ssdk_slot_stamp_submit() - Stamp a slot's submission time.
 * @slot: The slot, its IO about to be handed to the storage.
 *
 * Engines call it last before handing the IO over, so that the latency
 * is the storage's and the layers' below the engine, not the engine's
 * own preparation.
 */
static inline void ssdk_slot_stamp_submit(struct ssdk_slot *slot)
{
	if (SSDK_MEASURE)
		slot->submit_ns = ktime_get_ns();
}

/**
 * struct ssdk_stages - Where an IO's time went (anatomy.c).
 * @block: From its submission to its request's issue to the driver.
 * @device: From there to the driver's completion of the request; an
 *	unsplit IO's whole latency.
 * @end_io: From there to its end_io. The three add up to its latency.
 * @reap: From its end_io to the worker's reaping it.
 * @idle: Its slot's idle time before it: from the previous IO's end_io to
 *	its submission.
 * @split: The block layer's tracepoints stamped it: @block and @end_io
 *	are measured (not for a bio-based device's IOs).
 * @has_idle: @idle is measured (not for a slot's first IO).
 */
struct ssdk_stages {
	u64 block;
	u64 device;
	u64 end_io;
	u64 reap;
	u64 idle;
	bool split;
	bool has_idle;
};

/**
 * struct ssdk_io_rec - One IO of a run's slowest-IO log.
 * @lat_ns: Its latency.
 * @offset: Where it went, bytes.
 * @t_ns: When it was submitted, from the run's start.
 * @len: Its length, bytes.
 * @inflight: IOs in flight at its submission, itself included.
 * @cpu_submit: CPU it was submitted on.
 * @cpu_complete: CPU its completion ran on.
 * @op: &enum ssdk_op.
 * @anatomy: Its stages are kept (runs with anatomy): @st.
 * @st: Its stages (anatomy.c).
 */
struct ssdk_io_rec {
	u64 lat_ns;
	u64 offset;
	u64 t_ns;
	u32 len;
	u32 inflight;
	u16 cpu_submit;
	u16 cpu_complete;
	u8 op;
	bool anatomy;
	struct ssdk_stages st;
};

/**
 * struct ssdk_slowest - The slowest IOs of a run (slowest.c).
 * @cap: Records kept at most.
 * @nr: Records kept.
 * @heap: A min-heap on latency while the run goes; slowest first once it
 *	has ended.
 * @changed: @heap changed since it was last published.
 * @seq: Guards @pub and @pub_nr for readers while the run goes.
 * @pub_nr: Records of @pub.
 * @pub: The worker's copy of @heap, published at each interval of the
 *	time series (ssdk_slowest_publish()), for slowest-get while the run
 *	goes; NULL in a merged log of a read.
 */
struct ssdk_slowest {
	u32 cap;
	u32 nr;
	struct ssdk_io_rec *heap;
	bool changed;
	seqcount_t seq;
	u32 pub_nr;
	struct ssdk_io_rec *pub;
};

/**
 * struct ssdk_ts_op - One op's IOs that completed in an interval.
 * @ios: Measured IOs completed without error.
 * @bytes: Their bytes.
 * @lat_sum: Sum of their latencies, ns.
 * @lat_max: The largest, ns.
 * @lat_p99: The 99th percentile, set when the interval closes.
 */
struct ssdk_ts_op {
	u64 ios;
	u64 bytes;
	u64 lat_sum;
	u64 lat_max;
	u64 lat_p99;
};

/**
 * struct ssdk_ts_point - One interval of a time series.
 * @op: Per op.
 * @heat: Its IOs' latencies (all ops) per heat bucket (hist_heat_bucket()).
 */
struct ssdk_ts_point {
	struct ssdk_ts_op op[SSDK_NR_OPS];
	u32 heat[SSDK_HEAT_BUCKETS];
};

/* The stages of anatomy: the latency kinds from SSDK_LAT_KIND_BLOCK on. */
#define SSDK_NR_STAGES	(SSDK_LAT_KIND_MAX - SSDK_LAT_KIND_BLOCK + 1)

/**
 * struct ssdk_ts_stage - One stage of one op's IOs in an interval (anatomy).
 * @ios: IOs timed in the stage.
 * @sum: The sum of their times in it, ns.
 * @max: The largest, ns.
 */
struct ssdk_ts_stage {
	u64 ios;
	u64 sum;
	u64 max;
};

/**
 * struct ssdk_ts_stages - One interval's stages, per op and stage (by
 *	kind - SSDK_LAT_KIND_BLOCK), kept by runs with anatomy.
 * @op: Per op.
 */
struct ssdk_ts_stages {
	struct ssdk_ts_stage op[SSDK_NR_OPS][SSDK_NR_STAGES];
};

/**
 * struct ssdk_ts_range - One op's latencies in the open interval.
 * @lat_min: The smallest, ns; U64_MAX while it has none.
 * @lat_max: The largest, ns; 0 while it has none.
 */
struct ssdk_ts_range {
	u64 lat_min;
	u64 lat_max;
};

/**
 * struct ssdk_timeseries - A run's time series (timeseries.c).
 * @interval_ns: Length of an interval.
 * @end_ns: End of the open interval, from the run's start; 0 once the
 *	series is full.
 * @cap: Intervals @points has room for.
 * @nr: Closed intervals, published with release.
 * @dropped: IOs that completed after the last interval with room.
 * @open: The open interval's latency range per op.
 * @base: The run's statistics per op (&struct ssdk_stats) as the open
 *	interval began: its figures are the difference.
 * @points: The closed intervals.
 * @stage_open: Anatomy: the open interval's stages: the largest time of
 *	each (max), and the stage sets' counters as it began (ios, sum).
 * @stages: Anatomy: the closed intervals' stages, beside @points; NULL
 *	for a run without anatomy.
 */
struct ssdk_timeseries {
	u64 interval_ns;
	u64 end_ns;
	u32 cap;
	u32 nr;
	u64 dropped;
	struct ssdk_ts_range open[SSDK_NR_OPS];
	struct ssdk_set_stats *base;
	struct ssdk_ts_point *points;
	struct ssdk_ts_stages stage_open;
	struct ssdk_ts_stages *stages;
};

/**
 * struct ssdk_capture - The IOs of a run over a threshold (capture.c).
 * @over_ns: The threshold; 0 when the run captures nothing.
 * @cap: Records @recs has room for.
 * @nr: Records kept, published with release.
 * @dropped: IOs over the threshold that found @recs full.
 * @recs: The records, in completion order.
 */
struct ssdk_capture {
	u64 over_ns;
	u32 cap;
	u32 nr;
	u64 dropped;
	struct ssdk_io_rec *recs;
};

/**
 * struct ssdk_rounds - Where a worker is in its rounds (rounds.c).
 * @first: Interval of the time series the first round starts at: the ramp's.
 * @intervals: Intervals of a round; 0 when the run has no rounds.
 * @done: Rounds ended.
 * @steady_round: The round (from 1) that ended the first steady window;
 *	0 until one has.
 */
struct ssdk_rounds {
	u32 first;
	u32 intervals;
	u32 done;
	u32 steady_round;
};

struct ssdk_run;
struct ssdk_worker;

/**
 * struct ssdk_engine_ops - How a run's IOs reach its target.
 * @open: Open the target named by the configuration, set the run's
 *	@target_size and @lbs; explain a refusal in @extack.
 * @close: Release the target; none of the run's IOs is in flight.
 * @slot_init: Prepare a new slot of a worker, its pages allocated
 *	(optional).
 * @slot_exit: Undo @slot_init (optional).
 * @submit: Issue the slot's IO (op, offset, length and data set); its
 *	completion goes to ssdk_slot_complete(), possibly before this returns.
 * @gone: Whether the target went away (its device was removed); asked
 *	after an IO error (optional).
 * @poll: Poll once for completions on the queue of the slot's IO, which
 *	the worker submitted and may have completed; completions found run
 *	ssdk_slot_complete() before this returns (polled runs only).
 */
struct ssdk_engine_ops {
	int (*open)(struct ssdk_run *run, struct nlattr **attrs,
		    struct netlink_ext_ack *extack);
	void (*close)(struct ssdk_run *run);
	void (*slot_init)(struct ssdk_worker *w, struct ssdk_slot *slot);
	void (*slot_exit)(struct ssdk_slot *slot);
	void (*submit)(struct ssdk_worker *w, struct ssdk_slot *slot);
	bool (*gone)(struct ssdk_run *run);
	void (*poll)(struct ssdk_worker *w, struct ssdk_slot *slot);
};

/**
 * struct ssdk_worker - One kernel thread of a run, and what its IOs need
 *	and record (worker.c): nothing in it is shared with another worker.
 * @run: The run it works for.
 * @idx: Its index among the run's workers, from 0.
 * @task: Its thread (workers.c).
 * @stop: Set to ask it to stop.
 * @done: Slots whose IO completed, for it to resubmit.
 * @slots: Its @run->cfg.iodepth slots.
 * @free: Slots with no IO in flight, @nr_free of them: a stack.
 * @nr_free: See @free.
 * @access_cfg: Where its IOs go: its share of the run's
 *	(ssdk_access_share()).
 * @access: Its draws of them.
 * @data: What its writes write, from the run's pool.
 * @pace: When they are due.
 * @ios: IOs it submits at most, its share of the run's; 0 for no limit.
 * @cpu: CPU it is bound to, or -1.
 * @nr_sets: Sets of statistics kept, the run's (see ssdk_set_index()).
 * @stats: Statistics of its measured IOs, recorded as it reaps them
 *	(stats.c), read by others while the run goes.
 * @slowest: Its slowest IOs; the first worker's holds the run's once
 *	the run has ended (workers.c).
 * @ts: Its time series; its own, but for its published intervals.
 * @capture: Its IOs over a threshold; its own, but for those published.
 * @rare_ns: The least latency the slowest log or the capture may want
 *	(record.c).
 * @rounds: Its rounds; its own, @done and @steady_round read by others.
 * @start_ns: When the run started, and
 * @ramp_end_ns: its ramp ended: IOs submitted later are measured;
 * @deadline_ns: no IO is submitted after it (0: none); set for every
 *	worker as they start together (ssdk_workers_begin()).
 * @last_measured_ns: Completion time of its last measured IO.
 * @done_ns: When its last IO was reaped.
 * @cpu_ns: Its CPU time, once it has ended.
 * @overhead_ns: What measuring one IO costs on its CPU (ssdk_calibrate()).
 * @clock_read_ns: What one clock read costs, likewise.
 * @poll_next: Polled runs: the slot it polls next.
 * @unpolled: Polled runs: IOs the block layer took off polling.
 * @anatomy: Its run times the stages of its IOs.
 * @anatomy_unsplit: Anatomy: measured IOs the block layer's tracepoints
 *	did not stamp.
 * @again_ns: Polled runs: when the block layer first sent an IO back
 *	unissued since the last completion; 0 when it has not.
 * @again_completed: The run's completed IOs (all its workers') then.
 * @calib: Scratch statistics for ssdk_calibrate(), until it has run.
 * @submitted: IOs submitted.
 * @completed: IOs completed, ramp included; written by the worker only.
 * @io_errors: IOs of @completed that failed; written by the worker only.
 * @rate_ns: Start of the interval @iops_now was measured over.
 * @rate_completed: @completed at @rate_ns.
 * @iops_now: IOs per second over the last full second.
 * @told_ns: The first worker: the end of the interval, from the run's
 *	start, at which it last looked to notify the run's progress.
 * @told: The first worker: the run's first interval not notified yet
 *	(nor owed: those closed while nobody listened are not).
 */
struct ssdk_worker {
	struct ssdk_run *run;
	unsigned int idx;
	struct task_struct *task;
	bool stop;
	struct llist_head done;
	struct ssdk_slot **slots;
	struct ssdk_slot **free;
	unsigned int nr_free;
	struct ssdk_access_cfg access_cfg;
	struct ssdk_access access;
	struct ssdk_data data;
	struct ssdk_pace pace;
	u64 ios;
	int cpu;
	unsigned int nr_sets;
	struct ssdk_stats *stats;
	struct ssdk_slowest slowest;
	struct ssdk_timeseries ts;
	struct ssdk_capture capture;
	u64 rare_ns;
	struct ssdk_rounds rounds;

	u64 start_ns;
	u64 ramp_end_ns;
	u64 deadline_ns;
	u64 last_measured_ns;
	u64 done_ns;
	u64 cpu_ns;
	u64 overhead_ns;
	u64 clock_read_ns;
	unsigned int poll_next;
	u64 unpolled;
	bool anatomy;
	u64 anatomy_unsplit;
	u64 again_ns;
	u64 again_completed;
	struct ssdk_set_stats *calib;
	u64 submitted;
	u64 completed;
	u64 io_errors;
	u64 rate_ns;
	u64 rate_completed;
	u64 iops_now;
	u64 told_ns;
	u32 told;
};

/**
 * struct ssdk_run - A run: its configuration, target, state and workers.
 * @id: Identifier, unique while the module is loaded.
 * @ref: Held by the run table and each user of the run (not by its workers).
 * @cfg: Configuration.
 * @state: &enum ssdk_state: changed under @lock, read without locks.
 * @end_state: The state the run ends in once it has left
 *	%SSDK_STATE_RUNNING early: %SSDK_STATE_STOPPED or %SSDK_STATE_FAILED.
 * @reason: Why the run failed or stopped; empty otherwise. Written once,
 *	under @lock, before @state leaves %SSDK_STATE_RUNNING.
 * @engine: How its IOs reach the target.
 * @bdev: bio engine: the target, open while the workers run.
 * @file: kfile engine: the target, open while the workers run.
 * @target_size: Size of the target, bytes.
 * @lbs: Logical block size of the target, bytes.
 * @data: What its writes write: the pool its workers copy from.
 * @nr_sets: Sets of statistics each worker keeps, see ssdk_set_index().
 * @workers: Its workers (workers.c), @cfg.workers of them.
 * @nr_workers: Entries of @workers made so far.
 * @started: The workers have started: @start_ns, @ramp_end_ns,
 *	@overhead_ns and @clock_read_ns are set (published with release).
 * @start_ns: When they started.
 * @ramp_end_ns: End of the ramp.
 * @overhead_ns: What measuring one IO costs: the largest of the workers'.
 * @clock_read_ns: What one clock read costs, likewise.
 * @end_ns: When the last worker reaped its last IO (0 while it runs).
 * @errors: IO errors of all its workers, against max-errors.
 * @unready: Workers not yet ready to start.
 * @working: Workers whose IOs are not all reaped.
 * @go: Completed once the run's start times are set.
 * @lock: Serialises the changes of @state.
 * @finished: Completed (for every waiter) when the run has ended: its
 *	last worker has released the target and is about to exit.
 * @mem: Bytes it holds against the memory budget (budget.c) until it is
 *	freed, @mem_io apart.
 * @mem_io: Bytes of its IO part (slots, pages, pool), given back once,
 *	when it ends or is freed, whichever comes first.
 * @rcu: Frees the run and its workers after a grace period.
 */
struct ssdk_run {
	u32 id;
	struct kref ref;
	struct ssdk_run_config cfg;

	int state;
	int end_state;
	char reason[96];

	const struct ssdk_engine_ops *engine;
	struct ssdk_bdev bdev;
	struct file *file;
	u64 target_size;
	u32 lbs;
	struct ssdk_data data;
	unsigned int nr_sets;

	struct ssdk_worker **workers;
	unsigned int nr_workers;
	bool started;
	u64 start_ns;
	u64 ramp_end_ns;
	u64 overhead_ns;
	u64 clock_read_ns;
	u64 end_ns;
	atomic64_t errors;
	atomic_t unready;
	atomic_t working;
	struct completion go;

	struct mutex lock;		/* see above */
	struct completion finished;
	u64 mem;
	atomic64_t mem_io;

	struct rcu_head rcu;
};

/**
 * ssdk_run_state() - A run's state, read without locks.
 * @run: The run.
 *
 * Acquire pairs with the release of each change of state: whoever sees
 * the run out of %SSDK_STATE_RUNNING also sees its reason, and whoever
 * sees an end state also sees the folded statistics.
 *
 * Return: An &enum ssdk_state.
 */
static inline int ssdk_run_state(const struct ssdk_run *run)
{
	/* Pairs with smp_store_release() in ssdk_run_set_state(). */
	return smp_load_acquire(&run->state);
}

/**
 * struct ssdk_run_cost - What a run pins, priced before it starts (budget.c).
 * @bytes: In all.
 * @io: Of them, what goes when the run ends: its slots and their pages,
 *	its writes' pool, its workers' stacks.
 * @ts_cap: Intervals of each worker's time series.
 * @capture_cap: Records of each worker's capture; 0 for none.
 */
struct ssdk_run_cost {
	u64 bytes;
	u64 io;
	u32 ts_cap;
	u32 capture_cap;
};

/* budget.c */
void ssdk_budget_init(void);
u64 ssdk_budget_limit(void);
u64 ssdk_budget_used(void);
int ssdk_budget_reserve(u64 bytes, bool dry_run, const char *what,
			struct netlink_ext_ack *extack);
void ssdk_budget_release(u64 bytes);
void ssdk_budget_run(const struct ssdk_run_config *cfg, u32 target_len,
		     struct ssdk_run_cost *c);
u64 ssdk_budget_trace(size_t trace_size, u32 nr);
void ssdk_budget_release_io(struct ssdk_run *run);

/* netlink.c */
int ssdk_netlink_init(void);
void ssdk_netlink_exit(void);
void ssdk_nl_notify_end(struct ssdk_run *run);
bool ssdk_nl_progress_wanted(void);
u32 ssdk_nl_notify_progress(struct ssdk_run *run, u32 from, u32 to);

/**
 * struct ssdk_run_snapshot - What a run is and has done, its workers' added
 *	up, as netlink reports it (ssdk_run_snapshot()).
 * @state: &enum ssdk_state, read first: an end state comes with the final
 *	figures.
 * @started: The workers have started: @elapsed_ns, @measured_ns,
 *	@overhead_ns and @clock_read_ns mean something.
 * @elapsed_ns: Since the start, to the end once the run has ended.
 * @measured_ns: From the ramp's end to the last measured IO's completion.
 * @completed: IOs completed, ramp included.
 * @io_errors: Of them, failed.
 * @iops_now: IOs per second over the last second; 0 once ended.
 * @late: Scheduled runs: IOs that found no free slot when due.
 * @ts_count: Intervals of the time series that may be read.
 * @ts_dropped: IOs past the time series' last interval.
 * @captured_count: Captured IOs that may be read.
 * @captured_dropped: IOs over the capture's threshold it had no room for.
 * @rounds_done: Rounds ended.
 * @steady_round: The round that ended the first steady window, or 0.
 * @overhead_ns: What measuring one IO costs.
 * @clock_read_ns: What one clock read costs.
 * @unpolled: Polled runs: IOs the block layer took off polling.
 * @anatomy_unsplit: Anatomy: measured IOs without the block layer's stamps.
 * @cpu_ns: CPU time of the workers (final once the run has ended).
 *
 * The counters of each set are read apart, after it (ssdk_stats_counts()):
 * sixteen sets of them would not fit a stack frame beside the rest.
 */
struct ssdk_run_snapshot {
	int state;
	bool started;
	u64 elapsed_ns;
	u64 measured_ns;
	u64 completed;
	u64 io_errors;
	u64 iops_now;
	u64 late;
	u32 ts_count;
	u64 ts_dropped;
	u32 captured_count;
	u64 captured_dropped;
	u32 rounds_done;
	u32 steady_round;
	u64 overhead_ns;
	u64 clock_read_ns;
	u64 unpolled;
	u64 anatomy_unsplit;
	u64 cpu_ns;
};

/* run.c: the table and the life of runs */
int ssdk_run_start(const struct ssdk_run_config *cfg, struct nlattr **attrs,
		   struct netlink_ext_ack *extack, u32 *id);
struct ssdk_run *ssdk_run_get(u32 id);
void ssdk_run_put(struct ssdk_run *run);
void ssdk_run_stop(struct ssdk_run *run, const char *reason);
bool ssdk_run_end_early(struct ssdk_run *run, int end_state, const char *fmt, ...)
	__printf(3, 4);
void ssdk_run_ended(struct ssdk_run *run);
int ssdk_run_delete(u32 id, bool dry_run, const struct nlattr *attr,
		    struct netlink_ext_ack *extack);
struct ssdk_run *ssdk_run_next(u32 after);
void ssdk_runs_shutdown(void);
void ssdk_runs_owner_gone(const struct net *net, u32 portid);
extern unsigned int ssdk_max_runs;

/* run.c: what a run has recorded, read while it goes or once it has ended */
void ssdk_run_snapshot(const struct ssdk_run *run, struct ssdk_run_snapshot *snap);
u64 ssdk_run_bucket(const struct ssdk_run *run, unsigned int set, unsigned int idx);
u32 ssdk_run_intervals(const struct ssdk_run *run);
void ssdk_run_interval(const struct ssdk_run *run, u32 idx, struct ssdk_ts_point *p);
u32 ssdk_run_captured_count(const struct ssdk_run *run);
const struct ssdk_io_rec *ssdk_run_captured(const struct ssdk_run *run, u32 idx);
u32 ssdk_run_slowest_count(const struct ssdk_run *run);
const struct ssdk_io_rec *ssdk_run_slowest(const struct ssdk_run *run, u32 idx);

/* config.c */
int ssdk_config_parse(struct genl_info *info, struct ssdk_run_config *cfg);
void ssdk_config_release(struct ssdk_run_config *cfg);
int ssdk_config_check_target(struct ssdk_run *run, struct nlattr **attrs,
			     struct netlink_ext_ack *extack);

/* pattern.c */
int ssdk_pattern_setup(struct ssdk_run *run);
void ssdk_pattern_teardown(struct ssdk_run *run);
void ssdk_pattern_share_out(struct ssdk_worker *w);
void ssdk_pattern_fill(struct ssdk_worker *w, struct ssdk_slot *slot);

/* traces.c */
int ssdk_trace_new(const struct net *net, u32 portid, u32 nr,
		   struct netlink_ext_ack *extack, u32 *id);
int ssdk_trace_load(const struct net *net, u32 portid, u32 id, const struct nlattr *id_attr,
		    const struct nlattr *chunk, struct netlink_ext_ack *extack, u32 *loaded);
struct ssdk_trace *ssdk_trace_get(const struct net *net, u32 portid,
				  const struct nlattr *attr, struct netlink_ext_ack *extack);
struct ssdk_trace *ssdk_trace_hold(struct ssdk_trace *t);
void ssdk_trace_put(struct ssdk_trace *t);
int ssdk_trace_claim(struct ssdk_trace *t, const struct nlattr *attr,
		     struct netlink_ext_ack *extack);
void ssdk_trace_unclaim(struct ssdk_trace *t);
void ssdk_trace_adopt(struct ssdk_trace *t);
void ssdk_traces_owner_gone(const struct net *net, u32 portid);
void ssdk_traces_shutdown(void);

/**
 * struct ssdk_trace - A trace to replay (traces.c).
 * @id: Its id, unique while the module is loaded.
 * @ref: Held by the table of uploaded traces until a run adopts it or its
 *	uploader goes, by each run-start that checks it, and by the run
 *	that replays it.
 * @nr: IOs it holds once loaded.
 * @loaded: IOs loaded so far.
 * @reads: Of them, reads.
 * @max_len: The largest IO's length.
 * @end: The highest byte any IO reaches, plus one.
 * @blocks: The OR of every IO's offset and length: the trace fits a
 *	logical block size when none of the block's low bits is set.
 * @claimed: A run is starting with it, or has it.
 * @net: The network namespace of its uploader's socket (compared only).
 * @portid: That socket's port.
 * @mem: Bytes it holds against the memory budget (budget.c).
 * @ios: The IOs, in arrival order; never changed once all are loaded.
 */
struct ssdk_trace {
	u32 id;
	struct kref ref;
	u32 nr;
	u32 loaded;
	u32 reads;
	u32 max_len;
	u64 end;
	u64 blocks;
	bool claimed;
	const struct net *net;
	u32 portid;
	u64 mem;
	struct ssdk_replay_io *ios;
};

/*
 * ssdk_trace_refuse(t, extack, attr, fmt, ...): refuse a request about
 * trace @t with a formatted reason, pointing at @attr (80 bytes from 6.2
 * on: the reasons fit, but for offsets of twenty digits). Return: -EINVAL.
 */
#define ssdk_trace_refuse(t, extack, attr, fmt, args...) ({		\
	(void)(t);							\
	SSDK_NL_ERR_FMT(extack, attr, fmt, ##args);			\
	-EINVAL;							\
})

/* replay.c */
u32 ssdk_trace_writes(const struct ssdk_trace *t);
void ssdk_replay_configure(struct ssdk_run_config *cfg, u64 ios);
int ssdk_replay_check_times(const struct ssdk_run_config *cfg, struct nlattr **attrs,
			    struct netlink_ext_ack *extack);
int ssdk_replay_check_blocks(struct ssdk_run *run, const struct nlattr *attr,
			     struct netlink_ext_ack *extack);
int ssdk_replay_check_span(struct ssdk_run *run, struct nlattr **attrs,
			   struct netlink_ext_ack *extack);
void ssdk_replay_next(struct ssdk_worker *w, struct ssdk_slot *slot);
u64 ssdk_replay_due(const struct ssdk_worker *w, u64 i);

/* pace.c */
void ssdk_pace_start(struct ssdk_worker *w, u64 now);
bool ssdk_pace_due(const struct ssdk_worker *w, u64 now);
struct ssdk_slot *ssdk_pace_pop(struct ssdk_worker *w);
void ssdk_pace_take(struct ssdk_worker *w, struct ssdk_slot *slot, u64 now);
void ssdk_pace_complete(struct ssdk_worker *w, struct ssdk_slot *slot);

/* worker.c */
int ssdk_worker_setup(struct ssdk_worker *w);
void ssdk_worker_teardown(struct ssdk_worker *w);
int ssdk_worker(void *data);
void ssdk_slot_complete(struct ssdk_slot *slot, int error);

/* engine_bio.c, engine_kfile.c */
extern const struct ssdk_engine_ops ssdk_engine_bio;
void ssdk_bio_end_io(struct bio *bio);
extern const struct ssdk_engine_ops ssdk_engine_kfile;

/* target.c */
struct file *ssdk_target_open(const char *name, int flags, umode_t type, umode_t *found);

/* slowest.c */
int ssdk_slowest_setup(struct ssdk_worker *w);
void ssdk_slowest_teardown(struct ssdk_worker *w);
void ssdk_slowest_insert(struct ssdk_worker *w, const struct ssdk_slot *slot, u64 lat);
bool ssdk_slowest_wants(const struct ssdk_slowest *s, u64 lat);
void ssdk_slowest_merge(struct ssdk_slowest *s, const struct ssdk_slowest *from);
void ssdk_slowest_finish(struct ssdk_slowest *s);
void ssdk_slowest_publish(struct ssdk_slowest *s);
struct ssdk_slowest *ssdk_slowest_snapshot(const struct ssdk_run *run);
void ssdk_slowest_snapshot_free(struct ssdk_slowest *s);
void ssdk_io_rec_fill(struct ssdk_io_rec *r, const struct ssdk_worker *w,
		      const struct ssdk_slot *slot, u64 lat);

/* record.c */
void ssdk_record_rare_update(struct ssdk_worker *w);
void ssdk_record_rare(struct ssdk_worker *w, const struct ssdk_slot *slot, u64 lat);

/* anatomy.c */
void ssdk_anatomy_init(void);
void ssdk_anatomy_exit(void);
int ssdk_anatomy_get(struct netlink_ext_ack *extack);
void ssdk_anatomy_put(void);
void ssdk_anatomy_stages(const struct ssdk_slot *slot, struct ssdk_stages *st);
void ssdk_anatomy_record(struct ssdk_worker *w, const struct ssdk_slot *slot);

/* capture.c */
u32 ssdk_capture_cap(void);
int ssdk_capture_setup(struct ssdk_worker *w);
void ssdk_capture_teardown(struct ssdk_worker *w);
void ssdk_capture_record(struct ssdk_worker *w, const struct ssdk_slot *slot, u64 lat);
u32 ssdk_capture_published(const struct ssdk_worker *w);

/* progress.c */
void ssdk_progress_tick(struct ssdk_worker *w);

/* timeseries.c */
u32 ssdk_ts_cap(const struct ssdk_run_config *cfg);
int ssdk_ts_setup(struct ssdk_worker *w);
void ssdk_ts_teardown(struct ssdk_worker *w);
bool ssdk_ts_advance(struct ssdk_worker *w, u64 t);
void ssdk_ts_finish(struct ssdk_worker *w);
void ssdk_ts_pad(struct ssdk_worker *w, u32 nr);
u32 ssdk_ts_published(const struct ssdk_worker *w);
u32 ssdk_ts_max_intervals(void);

/**
 * struct ssdk_progress - A run's progress, its workers' added up.
 * @completed: IOs completed, ramp included.
 * @io_errors: Of them, failed.
 * @iops_now: IOs per second over the last second.
 * @last_measured_ns: Completion time of the last measured IO.
 * @ts_dropped: IOs past the time series' last interval.
 * @captured_dropped: IOs over the capture's threshold it had no room for.
 * @unpolled: Polled runs: IOs the block layer took off polling.
 * @anatomy_unsplit: Anatomy: measured IOs without the block layer's stamps.
 * @cpu_ns: CPU time of the workers (once the run has ended).
 */
struct ssdk_progress {
	u64 completed;
	u64 io_errors;
	u64 iops_now;
	u64 last_measured_ns;
	u64 ts_dropped;
	u64 captured_dropped;
	u64 unpolled;
	u64 anatomy_unsplit;
	u64 cpu_ns;
};

/* workers.c */
int ssdk_workers_setup(struct ssdk_run *run);
void ssdk_workers_teardown(struct ssdk_run *run);
void ssdk_workers_free_records(struct ssdk_run *run);
void ssdk_workers_free(struct ssdk_run *run);
int ssdk_workers_create(struct ssdk_run *run);
void ssdk_workers_stop(struct ssdk_run *run);
void ssdk_workers_wake(struct ssdk_run *run);
void ssdk_workers_ask_stop(struct ssdk_run *run);
void ssdk_workers_begin(struct ssdk_worker *w);
bool ssdk_workers_end(struct ssdk_worker *w);
void ssdk_workers_progress(const struct ssdk_run *run, struct ssdk_progress *p);
u32 ssdk_workers_ts_published(const struct ssdk_run *run);
void ssdk_workers_ts_point(const struct ssdk_run *run, u32 idx, struct ssdk_ts_point *p);
void ssdk_workers_ts_stages(const struct ssdk_run *run, u32 idx, struct ssdk_ts_stages *st);

/* purge.c */
int ssdk_purge_check(struct ssdk_run *run, struct nlattr **attrs,
		     struct netlink_ext_ack *extack);
int ssdk_purge_chunk(struct ssdk_run *run, u64 offset, u32 len);

/* rounds.c */
void ssdk_rounds_setup(struct ssdk_worker *w);
void ssdk_rounds_interval_closed(struct ssdk_worker *w, u32 nr, u64 end);

/* stats.c */
int ssdk_stats_setup(struct ssdk_worker *w);
void ssdk_stats_teardown(struct ssdk_worker *w);
void ssdk_stats_counts(const struct ssdk_run *run, unsigned int set,
		       struct ssdk_counts *counts);
u64 ssdk_stats_bucket(const struct ssdk_run *run, unsigned int set, unsigned int idx);

#endif /* _SSDK_H */
