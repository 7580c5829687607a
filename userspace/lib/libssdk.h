/* SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause */
/*
 * libssdk: talk to the ssdk kernel module over generic netlink.
 *
 * The API is small and plain so that Python's ctypes can sit on it:
 * an opaque handle, fixed-size structs of integers and char arrays,
 * functions that return 0 or a negative errno, and no callbacks (waiting
 * for a run is a poll with a timeout). After a failure,
 * ssdk_last_error() tells what went wrong in one line: the kernel's
 * extack message when it sent one, with the attribute it names.
 *
 * Names, enums, limits and defaults are the netlink spec's
 * (Documentation/netlink/specs/ssdk.yaml): the uapi header <linux/ssdk.h>
 * has its enums and constants, and ssdk_spec_*() its table of attributes
 * and names (spec.h).
 *
 *	struct ssdk *h;
 *	struct ssdk_info info;
 *
 *	if (ssdk_open(&h) < 0) ...
 *	if (ssdk_info_get(h, &info) < 0)
 *		fprintf(stderr, "%s\n", ssdk_last_error(h));
 *	ssdk_close(h);
 */
#ifndef _LIBSSDK_H
#define _LIBSSDK_H

#include <stddef.h>
#include <stdint.h>

#include <linux/ssdk.h>

#include "counts.h"
#include "spec.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Sizes of the fixed arrays below; part of the ABI. */
#define SSDK_VERSION_LEN	64
#define SSDK_RELEASE_LEN	65
#define SSDK_TARGET_LEN		(SSDK_MAX_TARGET_LEN + 1)
#define SSDK_REASON_LEN		256
#define SSDK_ERROR_LEN		512
#define SSDK_ERROR_ATTR_LEN	128

/*
 * The sets of statistics of a run, index of ssdk_run_status.stats and of
 * ssdk_results_get()'s histograms: service time per op, then each other
 * latency kind per op (response time and lateness of an open loop, the
 * stages of a run with anatomy): set = op + SSDK_NR_OPS * kind.
 */
#define SSDK_NR_OPS		(SSDK_OP_MAX + 1)
#define SSDK_NR_SETS		(SSDK_NR_OPS * (SSDK_LAT_KIND_MAX + 1))

/*
 * The stages of an IO a run with anatomy times: the latency kinds from
 * SSDK_LAT_KIND_BLOCK on; a record's bit of each (struct ssdk_io_rec).
 */
#define SSDK_NR_STAGES		(SSDK_LAT_KIND_MAX - SSDK_LAT_KIND_BLOCK + 1)
#define SSDK_STAGE_BIT(kind)	(1U << ((kind) - SSDK_LAT_KIND_BLOCK))

/* The CPU field of a configuration when the worker may run anywhere. */
#define SSDK_ANY_CPU		(-1)

/* Words of the mask of attributes set in a configuration. */
#define SSDK_CONFIG_SET_WORDS	2

struct ssdk;

/**
 * struct ssdk_info - What the module reports about itself (info-get).
 * @version: Module version.
 * @kernel_release: The running kernel, as uname -r prints it.
 * @caps: Mask of SSDK_CAP_*.
 * @cpus: Online CPUs.
 * @clock_res_ns: Resolution of the clock that timestamps IOs.
 * @family_version: Version of the generic netlink family.
 * @max_runs: Runs the module keeps at once.
 * @hist_sub_bits: Histogram layout: buckets per power of two, log2.
 * @hist_buckets: Buckets of a histogram.
 * @mem_budget: Bytes runs and traces may pin together (0 from a module
 *	older than the budget).
 * @mem_used: Bytes of it reserved by the runs kept and the traces held.
 */
struct ssdk_info {
	char version[SSDK_VERSION_LEN];
	char kernel_release[SSDK_RELEASE_LEN];
	uint64_t caps;
	uint32_t cpus;
	uint32_t clock_res_ns;
	uint32_t family_version;
	uint32_t max_runs;
	uint32_t hist_sub_bits;
	uint32_t hist_buckets;
	uint64_t mem_budget;
	uint64_t mem_used;
};

/**
 * struct ssdk_bs_share - A block size and its share of a run's IOs.
 * @bs: Bytes per IO.
 * @pct: Percentage of the IOs.
 */
struct ssdk_bs_share {
	uint32_t bs;
	uint32_t pct;
};

/**
 * struct ssdk_run_config - What a run does: the attributes of run-start.
 * @set: Which attributes are set, a bit per SSDK_A_RUN_* type: only these
 *	are sent, and the module applies the spec's default to the others.
 * @target: Path of the block device (engine bio) or regular file (engine
 *	kfile), NUL-terminated.
 * @nr_bs: Entries of @bs_split in use (attribute bs-split).
 * @bs_split: Block sizes and their shares.
 * @rw: SSDK_RW_*. The other fields are the attributes of the same names.
 * @bs: See @rw.
 * @iodepth: See @rw.
 * @cpu: See @rw; SSDK_ANY_CPU in a status when unbound.
 * @offset: See @rw.
 * @span: See @rw.
 * @runtime_ns: See @rw.
 * @ios: See @rw.
 * @ramp_ns: See @rw.
 * @seed: See @rw.
 * @allow_write: A flag: non-zero when set.
 * @rwmixread: See @rw.
 * @align: See @rw.
 * @align_offset: See @rw.
 * @stride: See @rw.
 * @pattern: SSDK_PATTERN_*.
 * @pattern_byte: See @rw.
 * @compress_pct: See @rw.
 * @rate_iops: See @rw.
 * @arrivals: SSDK_ARRIVALS_*.
 * @engine: SSDK_ENGINE_*.
 * @buffered: A flag.
 * @slowest_n: See @rw.
 * @ts_interval_ns: See @rw.
 * @capture_over_ns: See @rw.
 * @max_errors: See @rw.
 * @owned: A flag: the run stops when this handle is closed (or its
 *	process exits or is killed).
 * @rounds: See @rw.
 * @round_ns: See @rw.
 * @steady_track: SSDK_STEADY_TRACK_*.
 * @steady_range_pct: See @rw.
 * @steady_slope_pct: See @rw.
 * @purge: SSDK_PURGE_METHOD_*: a purge run (when set).
 * @batch: See @rw.
 * @polled: A flag.
 * @workers: See @rw.
 * @nr_cpus: Entries of @cpus (the cpus attribute, set with
 *	ssdk_config_add_cpu()).
 * @cpus: CPUs the workers are bound to, in turn.
 * @trace: A replay's trace (its id).
 * @replay_timing: SSDK_REPLAY_TIMING_*.
 * @replay_scale: See @rw.
 * @replay_remap: SSDK_REPLAY_REMAP_*.
 * @anatomy: A flag.
 *
 * Start from ssdk_config_init() and set attributes with ssdk_config_set(),
 * ssdk_config_set_target(), ssdk_config_add_bs() and ssdk_config_add_cpu(): a field written
 * directly is sent only once its bit of @set is set too. libssdk sends
 * what is set, all of it and nothing else; the module checks how the
 * attributes go together, and says what it refuses (ssdk_last_error()).
 * In a status (ssdk_run_get()), @set says what the module reported:
 * everything that applies, its defaults resolved.
 */
struct ssdk_run_config {
	uint64_t set[SSDK_CONFIG_SET_WORDS];
	char target[SSDK_TARGET_LEN];
	uint32_t nr_bs;
	struct ssdk_bs_share bs_split[SSDK_MAX_BS_SPLIT];
	uint32_t rw;
	uint32_t bs;
	uint32_t iodepth;
	int32_t cpu;
	uint64_t offset;
	uint64_t span;
	uint64_t runtime_ns;
	uint64_t ios;
	uint64_t ramp_ns;
	uint64_t seed;
	uint32_t allow_write;
	uint32_t rwmixread;
	uint32_t align;
	uint32_t align_offset;
	uint64_t stride;
	uint32_t pattern;
	uint32_t pattern_byte;
	uint32_t compress_pct;
	uint32_t rate_iops;
	uint32_t arrivals;
	uint32_t engine;
	uint32_t buffered;
	uint32_t slowest_n;
	uint64_t ts_interval_ns;
	uint64_t capture_over_ns;
	uint64_t max_errors;
	uint32_t owned;
	uint32_t rounds;
	uint64_t round_ns;
	uint32_t steady_track;
	uint32_t steady_range_pct;
	uint32_t steady_slope_pct;
	uint32_t purge;
	uint32_t batch;
	uint32_t polled;
	uint32_t workers;
	uint32_t nr_cpus;
	uint32_t cpus[SSDK_MAX_WORKERS];
	uint32_t trace;
	uint32_t replay_timing;
	uint32_t replay_scale;
	uint32_t replay_remap;
	uint32_t anatomy;
};

/**
 * struct ssdk_run_status - A run: its configuration, state and summary.
 * @config: As started, with the kernel's defaults filled in.
 * @id: The run's id.
 * @state: SSDK_STATE_*.
 * @logical_block_size: Of the target.
 * @ts_count: Intervals of the time series closed so far.
 * @target_size: Of the target, bytes.
 * @elapsed_ns: Since the start, ramp included.
 * @measured_ns: The measurement window: end of ramp to last completion.
 * @completed: IOs completed, ramp included.
 * @iops_now: IOs per second over the last second; 0 once ended.
 * @late: Open loop: IOs that found no free slot when they were due.
 * @ts_dropped: IOs past the last interval the time series had room for.
 * @captured_dropped: IOs over capture_over_ns that found the capture full.
 * @io_errors: IOs that failed so far, the ramp's included.
 * @cpu_ns: CPU time of the run's worker; once the run has ended.
 * @measurement_overhead_ns: What measuring one IO costs (two clock reads
 *	and a record), as the worker calibrated it at its start.
 * @clock_read_ns: What one clock read costs, likewise.
 * @unpolled: A polled run: IOs the block layer took off polling.
 * @anatomy_unsplit: A run with anatomy: measured IOs without the block
 *	layer's stamps (a bio-based device's), their latency all device.
 * @captured_count: IOs captured over capture_over_ns so far.
 * @rounds_done: A run with rounds: rounds ended so far.
 * @steady_round: The round (from 1) that ended the first steady window;
 *	0 while none has.
 * @reserved: Zero.
 * @reason: Why it failed or stopped, or "".
 * @stats: Per set, SSDK_NR_OPS per SSDK_LAT_KIND_* (kind x SSDK_NR_OPS +
 *	op): service time of SSDK_OP_READ and _WRITE, then the other kinds,
 *	zero where the run keeps none (ssdk_lat_kind_kept()).
 */
struct ssdk_run_status {
	struct ssdk_run_config config;
	uint32_t id;
	uint32_t state;
	uint32_t logical_block_size;
	uint32_t ts_count;
	uint64_t target_size;
	uint64_t elapsed_ns;
	uint64_t measured_ns;
	uint64_t completed;
	uint64_t iops_now;
	uint64_t late;
	uint64_t ts_dropped;
	uint64_t captured_dropped;
	uint64_t io_errors;
	uint64_t cpu_ns;
	uint64_t measurement_overhead_ns;
	uint64_t clock_read_ns;
	uint64_t unpolled;
	uint64_t anatomy_unsplit;
	uint32_t captured_count;
	uint32_t rounds_done;
	uint32_t steady_round;
	uint32_t reserved;
	char reason[SSDK_REASON_LEN];
	struct ssdk_counts stats[SSDK_NR_SETS];
};

/**
 * ssdk_config_init() - An empty configuration: nothing set.
 * @config: Filled in; cpu reads SSDK_ANY_CPU.
 */
void ssdk_config_init(struct ssdk_run_config *config);

/**
 * ssdk_config_set() - Set a number or a flag of a configuration.
 * @config: The configuration.
 * @attr: An SSDK_A_RUN_* attribute of run-start: a u32, a u64 or a flag
 *	(not target, bs-split nor dry-run).
 * @value: Its value; for a flag, non-zero.
 *
 * Return: 0; -EINVAL for an attribute that is none of those; -ERANGE for
 * a value too large for a u32.
 */
int ssdk_config_set(struct ssdk_run_config *config, uint32_t attr, uint64_t value);

/**
 * ssdk_config_get() - A number or a flag of a configuration.
 * @config: The configuration.
 * @attr: As for ssdk_config_set().
 *
 * Return: The value (a flag: 1 or 0), whether set or not; 0 for an
 * attribute ssdk_config_set() does not take.
 */
uint64_t ssdk_config_get(const struct ssdk_run_config *config, uint32_t attr);

/**
 * ssdk_config_is_set() - Whether an attribute of a configuration is set.
 * @config: The configuration.
 * @attr: An SSDK_A_RUN_* type.
 *
 * Return: 1 or 0.
 */
int ssdk_config_is_set(const struct ssdk_run_config *config, uint32_t attr);

/**
 * ssdk_config_unset() - Leave an attribute out: the module's default applies.
 * @config: The configuration.
 * @attr: An SSDK_A_RUN_* type (bs-split drops every entry).
 */
void ssdk_config_unset(struct ssdk_run_config *config, uint32_t attr);

/**
 * ssdk_config_set_target() - Set the target's path.
 * @config: The configuration.
 * @path: The path.
 *
 * Return: 0, or -ENAMETOOLONG past SSDK_MAX_TARGET_LEN bytes.
 */
int ssdk_config_set_target(struct ssdk_run_config *config, const char *path);

/**
 * ssdk_config_add_bs() - Add an entry to the block sizes of bs-split.
 * @config: The configuration.
 * @bs: A block size, bytes.
 * @pct: Its percentage of the IOs.
 *
 * Return: 0, or -ENOSPC past SSDK_MAX_BS_SPLIT entries.
 */
int ssdk_config_add_bs(struct ssdk_run_config *config, uint32_t bs, uint32_t pct);

/**
 * ssdk_config_add_cpu() - Add a CPU to those the workers are bound to.
 * @config: The configuration.
 * @cpu: The CPU.
 *
 * Return: 0, or -ENOSPC past SSDK_MAX_WORKERS entries.
 */
int ssdk_config_add_cpu(struct ssdk_run_config *config, uint32_t cpu);

/**
 * ssdk_spec_attr() - An attribute of the spec.
 * @set: SSDK_SPEC_SET_*.
 * @type: The attribute's type number (SSDK_A_*).
 *
 * Return: Its name, type, limits and default, or NULL.
 */
const struct ssdk_spec_attr *ssdk_spec_attr(uint32_t set, uint32_t type);

/**
 * ssdk_spec_attr_type() - An attribute's type number from its name.
 * @set: SSDK_SPEC_SET_*.
 * @name: Its name in the spec ("rate-iops").
 *
 * Return: The type, or -ENOENT.
 */
int ssdk_spec_attr_type(uint32_t set, const char *name);

/**
 * ssdk_spec_name() - The name of an enum's value, or of a flag's bit.
 * @enum_id: SSDK_SPEC_ENUM_*.
 * @value: The value; for flags, the bit's value (1 << n).
 *
 * Return: Its name in the spec ("randread"), or NULL.
 */
const char *ssdk_spec_name(uint32_t enum_id, uint64_t value);

/**
 * ssdk_spec_value() - An enum's value, or a flag's bit, from its name.
 * @enum_id: SSDK_SPEC_ENUM_*.
 * @name: The name.
 * @value: The value.
 *
 * Return: 0 or -ENOENT.
 */
int ssdk_spec_value(uint32_t enum_id, const char *name, uint64_t *value);

/**
 * ssdk_spec_enum() - An enum of the spec, for its count and names.
 * @enum_id: SSDK_SPEC_ENUM_*.
 *
 * Return: The enum, or NULL.
 */
const struct ssdk_spec_enum *ssdk_spec_enum(uint32_t enum_id);

/**
 * ssdk_open() - Connect to the module.
 * @out: Where the new handle goes; NULL on failure.
 *
 * Return: 0; -ENOENT when the module is not loaded; another -errno.
 * On failure, ssdk_last_error(NULL) describes it.
 */
int ssdk_open(struct ssdk **out);

/**
 * ssdk_close() - Disconnect and free a handle; NULL is ignored.
 * @h: The handle.
 */
void ssdk_close(struct ssdk *h);

/**
 * ssdk_last_error() - What the last failed call of a handle said.
 * @h: The handle, or NULL for the last failed ssdk_open() of the thread.
 *
 * Return: One line, valid until the next call on @h.
 */
const char *ssdk_last_error(const struct ssdk *h);

/**
 * ssdk_last_error_attr() - The attribute the last failure of a handle named.
 * @h: The handle.
 *
 * When the kernel refused a request because of one of its attributes
 * (the extack's offset or missing type, or a message of ssdk's own
 * checks that starts with an attribute's name), that attribute's name in
 * the spec, nests joined by dots ("bs-split.pct"); otherwise "".
 *
 * Return: The name, valid until the next call on @h.
 */
const char *ssdk_last_error_attr(const struct ssdk *h);

/**
 * ssdk_info_get() - What the module reports about itself.
 * @h: The handle.
 * @info: Filled in.
 *
 * Return: 0 or -errno.
 */
int ssdk_info_get(struct ssdk *h, struct ssdk_info *info);

/**
 * ssdk_run_start() - Start a run.
 * @h: The handle.
 * @config: What it does.
 * @id: The new run's id.
 *
 * Return: 0 once the device is open and IO is on its way, or -errno;
 * the kernel's message names the attribute it refused.
 */
int ssdk_run_start(struct ssdk *h, const struct ssdk_run_config *config,
		   uint32_t *id);

/**
 * ssdk_run_check() - Check a run's configuration without starting it.
 * @h: The handle.
 * @config: What it would do.
 *
 * The module checks everything ssdk_run_start() would against the target
 * (run-start's dry-run): the target opened as the run would open it,
 * then closed; no run is made, no IO issued. A command of several steps
 * asks this of each before its first.
 *
 * Return: 0 when the run would start, or -errno as ssdk_run_start()'s.
 */
int ssdk_run_check(struct ssdk *h, const struct ssdk_run_config *config);

/**
 * ssdk_run_get() - Status of a run.
 * @h: The handle.
 * @id: The run.
 * @status: Filled in.
 *
 * Return: 0, -ENOENT when there is no such run, or -errno.
 */
int ssdk_run_get(struct ssdk *h, uint32_t id, struct ssdk_run_status *status);

/**
 * ssdk_run_list() - Status of every run, by increasing id.
 * @h: The handle.
 * @runs: Room for @max statuses; may be NULL when @max is 0.
 * @max: How many fit in @runs.
 *
 * Return: The number of runs (possibly more than @max; only @max are
 * filled in), or -errno.
 */
int ssdk_run_list(struct ssdk *h, struct ssdk_run_status *runs, uint32_t max);

/**
 * ssdk_run_stop() - Stop a run; returns once its IOs have completed.
 * @h: The handle.
 * @id: The run.
 *
 * The module answers at once, the run stopping; the end is waited for as
 * ssdk_run_wait() does, on the module's notifications (which need
 * CAP_NET_ADMIN, as every request does), with no time limit: a signal
 * interrupts it (-EINTR), the run stopping still.
 *
 * Return: 0 (also for a run that had already ended), or -errno.
 */
int ssdk_run_stop(struct ssdk *h, uint32_t id);

/**
 * ssdk_run_delete() - Delete an ended run and its results.
 * @h: The handle.
 * @id: The run.
 *
 * Return: 0, -ENOENT, -EBUSY for a run that has not ended (stop it
 * first, and wait for its end), or -errno.
 */
int ssdk_run_delete(struct ssdk *h, uint32_t id);

/**
 * ssdk_run_delete_check() - Check that a run could be deleted, deleting nothing.
 * @h: The handle.
 * @id: The run.
 *
 * Return: 0, or -errno as ssdk_run_delete()'s.
 */
int ssdk_run_delete_check(struct ssdk *h, uint32_t id);

/**
 * ssdk_results_get() - A run's status and latency histograms.
 * @h: The handle.
 * @id: The run.
 * @status: Filled in.
 * @hists: Room for SSDK_NR_SETS * ssdk_hist_buckets() counts, the
 *	histogram of set i from i * ssdk_hist_buckets(); or NULL.
 *
 * Return: 0 or -errno.
 */
int ssdk_results_get(struct ssdk *h, uint32_t id, struct ssdk_run_status *status,
		     uint64_t *hists);

/**
 * struct ssdk_io_rec - One IO of a run's slowest-IO log or capture.
 * @lat_ns: Its latency.
 * @offset: Where it went, bytes.
 * @t_ns: When it was submitted, from the run's start (ramp included).
 * @len: Its length, bytes.
 * @op: SSDK_OP_READ or SSDK_OP_WRITE.
 * @cpu_submit: CPU it was submitted on.
 * @cpu_complete: CPU its completion ran on.
 * @inflight: IOs of the run in flight when it was submitted, itself
 *	included.
 * @stages: Which of @stage_ns were reported: bit SSDK_STAGE_BIT(kind).
 * @stage_ns: A run with anatomy: the IO's stages, by SSDK_LAT_KIND_* from
 *	SSDK_LAT_KIND_BLOCK on (index kind - SSDK_LAT_KIND_BLOCK).
 */
struct ssdk_io_rec {
	uint64_t lat_ns;
	uint64_t offset;
	uint64_t t_ns;
	uint32_t len;
	uint32_t op;
	uint32_t cpu_submit;
	uint32_t cpu_complete;
	uint32_t inflight;
	uint32_t stages;
	uint64_t stage_ns[SSDK_NR_STAGES];
};

/**
 * ssdk_stage_io_attr() - The io attribute of a stage of anatomy.
 * @kind: SSDK_LAT_KIND_BLOCK to SSDK_LAT_KIND_IDLE.
 *
 * Return: SSDK_A_IO_BLOCK_NS and so on; 0 for another kind.
 */
uint32_t ssdk_stage_io_attr(uint32_t kind);

/**
 * ssdk_stage_in_latency() - Whether a stage is a part of the latency.
 * @kind: An SSDK_LAT_KIND_*.
 *
 * Return: 1 for block, device and end-io, which add up to an IO's
 * latency; 0 for reap and idle, which come after it, and the others.
 */
int ssdk_stage_in_latency(uint32_t kind);

/**
 * ssdk_tail_stages() - Where the time of a run's slowest IOs went.
 * @ios: IO records, the slowest log (ssdk_slowest_get()) of a run with
 *	anatomy; records without stages are left out.
 * @n: How many.
 * @share: Filled in, by kind - SSDK_LAT_KIND_BLOCK: each stage's part of
 *	their summed latency, 0 to 1; 0 for the stages not in the latency.
 *
 * Return: The kind of the stage with the largest part, or -1 when no
 * record has stages.
 */
int ssdk_tail_stages(const struct ssdk_io_rec *ios, uint32_t n, double share[SSDK_NR_STAGES]);

/**
 * ssdk_slowest_get() - The slowest IOs of a run, slowest first; while it
 *	goes, as of the last interval of its time series.
 * @h: The handle.
 * @id: The run.
 * @ios: Room for @max records, or NULL to count them.
 * @max: Records @ios holds.
 *
 * Return: How many the run kept (possibly more than @max: the first @max
 * are filled in), or -errno (-EBUSY, rarely, while the run goes: again).
 */
int ssdk_slowest_get(struct ssdk *h, uint32_t id, struct ssdk_io_rec *ios, uint32_t max);

/**
 * ssdk_captured_get() - The IOs a run captured over its threshold.
 * @h: The handle.
 * @id: The run.
 * @from: The first record wanted.
 * @ios: Room for @max records, or NULL to count them.
 * @max: Records @ios holds.
 *
 * In completion order; works while the run goes (those captured so far).
 *
 * Return: How many from @from on were captured when asked (possibly more
 * than @max: the first @max are filled in), or -errno.
 */
int ssdk_captured_get(struct ssdk *h, uint32_t id, uint32_t from, struct ssdk_io_rec *ios,
		      uint32_t max);

/**
 * struct ssdk_ts_stage - One stage of an op's IOs in an interval (anatomy).
 * @ios: IOs timed in the stage.
 * @lat_sum_ns: The sum of their times in it.
 * @lat_max_ns: The largest.
 */
struct ssdk_ts_stage {
	uint64_t ios;
	uint64_t lat_sum_ns;
	uint64_t lat_max_ns;
};

/**
 * struct ssdk_ts_op - One op's IOs that completed in an interval.
 * @ios: Measured IOs completed without error.
 * @bytes: Their bytes.
 * @lat_sum_ns: Sum of their latencies.
 * @lat_max_ns: The largest.
 * @lat_p99_ns: The 99th percentile, at most 1/256 above the true value.
 * @stages: A run with anatomy: each stage (by kind - SSDK_LAT_KIND_BLOCK);
 *	zero otherwise.
 */
struct ssdk_ts_op {
	uint64_t ios;
	uint64_t bytes;
	uint64_t lat_sum_ns;
	uint64_t lat_max_ns;
	uint64_t lat_p99_ns;
	struct ssdk_ts_stage stages[SSDK_NR_STAGES];
};

/**
 * struct ssdk_ts_point - One interval of a run's time series.
 * @index: It starts at @index x ts_interval_ns from the run's start.
 * @reserved: Zero.
 * @op: Per op, SSDK_OP_READ and SSDK_OP_WRITE.
 * @heat: The latencies of its IOs (both ops) per heat bucket: a row of a
 *	latency heatmap (the spec's heat-buckets; ssdk_heat_lower()).
 */
struct ssdk_ts_point {
	uint32_t index;
	uint32_t reserved;
	struct ssdk_ts_op op[SSDK_NR_OPS];
	uint32_t heat[SSDK_HEAT_BUCKETS];
};

/**
 * ssdk_follow() - A run's next intervals, in order, as they close.
 * @h: The handle.
 * @id: The run.
 * @next: The first interval wanted (0 at first); moved past those given.
 * @status: The run's status, read or as pushed (the configuration kept
 *	from the last read); zeroed by the caller before the first call.
 * @pts: Room for @max intervals, filled from @pts[0].
 * @max: Intervals @pts holds, at least 1.
 * @timeout_ms: How long at most; negative for no limit.
 *
 * The intervals come as the module pushes them, on its progress group
 * (CAP_NET_ADMIN, as every request): a follower waits, it does not poll.
 * The first call reads what closed before it; a gap (notifications lost
 * to an overrun, more in a message than @max) is read too. Each interval
 * is given once, in order, and after the run's end the ones it closed
 * last.
 *
 * Return: How many intervals were given (1 to @max); 0 when the run has
 * ended and every interval was given (@status then the ended run's);
 * -ETIMEDOUT, -EINTR on a signal, -ENOENT when the run is gone, or -errno.
 */
int ssdk_follow(struct ssdk *h, uint32_t id, uint32_t *next, struct ssdk_run_status *status,
		struct ssdk_ts_point *pts, uint32_t max, int timeout_ms);

/**
 * ssdk_heat_lower() - The smallest latency of a heat bucket.
 * @k: The bucket, below SSDK_HEAT_BUCKETS.
 *
 * Two buckets per power of two: bucket 0 below 2^10 ns, bucket 1 + 2k
 * from 2^(10+k) ns, bucket 2 + 2k from 3 x 2^(9+k) ns, the last from 2^36
 * ns (68.7 s) up: common/hist.h's hist_heat_bucket() decides.
 *
 * Return: Nanoseconds, inclusive; 0 for bucket 0.
 */
uint64_t ssdk_heat_lower(uint32_t k);

/**
 * ssdk_timeseries_get() - Closed intervals of a run's time series.
 * @h: The handle.
 * @id: The run.
 * @from: The first interval wanted.
 * @pts: Room for @max intervals, or NULL to count them.
 * @max: Intervals @pts holds.
 *
 * Works while the run goes (the intervals closed so far) and after.
 *
 * Return: How many intervals from @from on were closed when asked
 * (possibly more than @max: the first @max are filled in), or -errno.
 */
int ssdk_timeseries_get(struct ssdk *h, uint32_t id, uint32_t from,
			struct ssdk_ts_point *pts, uint32_t max);

/**
 * struct ssdk_stall - The worst stall of a run (ssdk_worst_stall()).
 * @start_ns: When its worst IO was submitted, from the run's start.
 * @end_ns: When that IO completed.
 * @max_ns: Its latency: the stall's length.
 * @min_ns: The least latency of the IOs it held.
 * @first_submit_ns: When the first of them was submitted.
 * @last_submit_ns: When the last of them was.
 * @ios: The IOs it held, of the records given: at least half as slow as
 *	the worst, in flight with it.
 * @unsplit: Of them, those without the block layer's stamps (a bio-based
 *	device's): their time is all device.
 * @silent_intervals: Intervals of the time series within it in which no
 *	IO completed;
 * @silent_from_ns: the first one's start, and
 * @silent_to_ns: the last one's end.
 * @top_stage: The stage that held most of their time (an SSDK_LAT_KIND_*
 *	from SSDK_LAT_KIND_BLOCK), or -1 when they have no stages.
 * @records: The records it was found in: when it held them all, it may
 *	have held more than the slowest log kept.
 * @reserved: Zero.
 * @share: Each stage's part of their time, as ssdk_tail_stages() gives.
 * @worst: The worst IO's record.
 */
struct ssdk_stall {
	uint64_t start_ns;
	uint64_t end_ns;
	uint64_t max_ns;
	uint64_t min_ns;
	uint64_t first_submit_ns;
	uint64_t last_submit_ns;
	uint32_t ios;
	uint32_t unsplit;
	uint32_t silent_intervals;
	int32_t top_stage;
	uint32_t records;
	uint32_t reserved;
	uint64_t silent_from_ns;
	uint64_t silent_to_ns;
	double share[SSDK_NR_STAGES];
	struct ssdk_io_rec worst;
};

/**
 * ssdk_worst_stall() - A run's worst stall: when, how long, which IOs, which stage.
 * @ios: The run's slowest IOs (ssdk_slowest_get()).
 * @n: How many.
 * @ts: Its time series (ssdk_timeseries_get()), or NULL.
 * @nr_ts: Intervals in @ts.
 * @interval_ns: Their length (the run's ts_interval_ns).
 * @stall: Filled in.
 *
 * The stall is the worst IO's time in flight; the IOs it held are the
 * records at least half as slow that were in flight with it; the stage
 * is where their time went (ssdk_tail_stages()), and the intervals of the
 * time series within it that saw no completion say whether the device
 * went silent or only slow.
 *
 * Return: 0; -ENODATA without records; -ENOMEM.
 */
int ssdk_worst_stall(const struct ssdk_io_rec *ios, uint32_t n,
		     const struct ssdk_ts_point *ts, uint32_t nr_ts,
		     uint64_t interval_ns, struct ssdk_stall *stall);

/* Room ssdk_stall_text() needs at most. */
#define SSDK_STALL_TEXT_LEN	1024

/**
 * ssdk_stall_text() - A run's worst stall in one paragraph a reviewer can paste.
 * @s: The stall (ssdk_worst_stall()).
 * @interval_ns: The time series' interval (the run's ts_interval_ns), or 0.
 * @buf: Where it goes.
 * @size: Room in @buf; SSDK_STALL_TEXT_LEN is enough.
 *
 * When it began and how long it lasted, the worst IO (op, size, offset,
 * CPUs, IOs in flight), the IOs it held, whether the device went silent
 * (intervals without a completion), and where their time went by stage.
 *
 * Return: 0; -ENODATA for no stall; -ENOSPC when cut short; -EINVAL.
 */
int ssdk_stall_text(const struct ssdk_stall *s, uint64_t interval_ns, char *buf, size_t size);

/**
 * struct ssdk_round - One round of a run with rounds (SNIA PTS), all ops.
 * @ios: Measured IOs completed in the round without error.
 * @bytes: Their bytes.
 * @lat_sum_ns: Sum of their latencies.
 * @lat_max_ns: The largest.
 * @y: The steady-state test's tracking variable (the run's steady_track;
 *	IOs without one).
 * @window: A measurement window ends with this round (it is round
 *	SSDK_STEADY_WINDOW or later).
 * @steady: That window passes the run's steady-state test (the module's
 *	test, common/steady.c); 0 without a test.
 * @range_pct: The window's max - min, in percent of its average.
 * @slope_pct: Its least-squares line's excursion across it, in percent of
 *	its average, signed.
 */
struct ssdk_round {
	uint64_t ios;
	uint64_t bytes;
	uint64_t lat_sum_ns;
	uint64_t lat_max_ns;
	uint64_t y;
	uint32_t window;
	uint32_t steady;
	double range_pct;
	double slope_pct;
};

/**
 * ssdk_rounds() - A run's rounds, from its time series.
 * @st: The run's status: its rounds, round and ramp lengths, steady test.
 * @pts: Its time series (ssdk_timeseries_get()), in order.
 * @nr_pts: Intervals in @pts.
 * @rounds: Room for @max rounds.
 * @max: Rounds @rounds holds.
 *
 * A round is a whole number of intervals from the ramp's end, so its
 * figures are its intervals' sums, exact; the module tests the same
 * windows as each round ends, and ends the run at the first that passes
 * (st->steady_round).
 *
 * Return: Rounds filled in: those of st->rounds_done whose intervals are
 * all in @pts, at most @max; 0 for a run without rounds.
 */
int ssdk_rounds(const struct ssdk_run_status *st, const struct ssdk_ts_point *pts,
		uint32_t nr_pts, struct ssdk_round *rounds, uint32_t max);

/**
 * ssdk_rounds_window() - A run's measurement window (SNIA PTS).
 * @st: The run's status.
 * @rounds: Its rounds (ssdk_rounds()).
 * @n: Rounds in @rounds.
 * @window: Filled in: the window's rounds summed (ios, bytes, lat_sum_ns,
 *	lat_max_ns); the rest zero.
 *
 * The window is the SSDK_STEADY_WINDOW rounds that end with the steady
 * round, or the last ones when the run did not reach steady state.
 *
 * Return: The window's first round (from 1; its last is that plus
 * SSDK_STEADY_WINDOW - 1), or 0 with fewer rounds than a window.
 */
uint32_t ssdk_rounds_window(const struct ssdk_run_status *st, const struct ssdk_round *rounds,
			    uint32_t n, struct ssdk_round *window);

/**
 * ssdk_run_wait() - Wait for a run to end.
 * @h: The handle.
 * @id: The run.
 * @timeout_ms: How long at most; negative for no limit.
 *
 * Listens to the module's notifications of ended runs. A signal ends
 * the wait early (the caller's handler must not restart system calls).
 *
 * Return: 0 when the run has ended (or had already), -ETIMEDOUT,
 * -EINTR on a signal, -ENOENT when there is no such run, or -errno.
 */
int ssdk_run_wait(struct ssdk *h, uint32_t id, int timeout_ms);

/**
 * ssdk_hist_buckets() - Buckets of the histograms this library reads.
 *
 * Return: The count; ssdk_results_get() fails when the module's differs.
 */
uint32_t ssdk_hist_buckets(void);

/**
 * ssdk_hist_bucket_lower() - Smallest latency of a bucket, ns.
 * @idx: Bucket index.
 *
 * Return: The bound.
 */
uint64_t ssdk_hist_bucket_lower(uint32_t idx);

/**
 * ssdk_hist_bucket_upper() - Largest latency of a bucket, ns.
 * @idx: Bucket index.
 *
 * Return: The bound; UINT64_MAX for the overflow bucket.
 */
uint64_t ssdk_hist_bucket_upper(uint32_t idx);

/**
 * ssdk_hist_percentile() - A percentile of a histogram's latencies.
 * @hist: ssdk_hist_buckets() counts.
 * @total: Their sum.
 * @pct: 0 to 100.
 * @min: The exact smallest latency.
 * @max: The exact largest latency.
 *
 * Return: The latency, ns, within 0.2% of the exact order statistic.
 */
uint64_t ssdk_hist_percentile(const uint64_t *hist, uint64_t total, double pct,
			      uint64_t min, uint64_t max);

/**
 * ssdk_hist_merge() - Add one histogram to another.
 * @dst: ssdk_hist_buckets() counts, added to.
 * @src: ssdk_hist_buckets() counts.
 */
void ssdk_hist_merge(uint64_t *dst, const uint64_t *src);

/**
 * ssdk_counts_add() - Add one set's counters to another's.
 * @dst: The counters added to.
 * @src: The counters added.
 *
 * What one set recording both sets' IOs would hold (common/counts.h's
 * ssdk_counts_merge(), for callers that do not compile it).
 */
void ssdk_counts_add(struct ssdk_counts *dst, const struct ssdk_counts *src);

/**
 * ssdk_status_add() - Add a run's status to the total of several.
 * @total: A copy of the first run's status, to which the others are added.
 * @st: Another run's.
 *
 * Counts and latency sums add up (ssdk_counts_add()); minimum and maximum
 * are the extremes; the measurement window is the longest, so that the
 * total's rates are those of runs that went side by side; the state is
 * the worst (failed, then stopped) once all have ended, and running until
 * then; the first reason stays. The configuration stays the first run's,
 * with the iodepths and the workers added up and no CPU; the CPU times
 * add up, and the dearest measurement is kept. Histograms are the
 * caller's to add (ssdk_hist_merge()).
 */
void ssdk_status_add(struct ssdk_run_status *total, const struct ssdk_run_status *st);

/*
 * The figures of a report (figures.c), the same whatever prints them:
 * the percentiles reported, their keys in the JSON, a set's standard
 * deviation, a study's change. Need no module.
 */

/* The percentiles reported, and the index of the three a comparison shows. */
#define SSDK_REPORT_NR_PCTS	13
#define SSDK_REPORT_P50		4
#define SSDK_REPORT_P99		8
#define SSDK_REPORT_P999	9

/**
 * ssdk_report_pct() - One of the percentiles a run's report gives.
 * @i: Its index, from 0 to SSDK_REPORT_NR_PCTS - 1.
 *
 * The percentiles are 1, 5, 10, 25, 50, 75, 90, 95, 99, 99.9, 99.99,
 * 99.999 and 99.9999, in this order; ssdk_hist_percentile() computes them.
 *
 * Return: The percentile, 0 to 100; -1 past the last.
 */
double ssdk_report_pct(uint32_t i);

/**
 * ssdk_pct_key() - A percentile's key in the JSON's "percentiles".
 * @buf: Where it goes.
 * @size: Room in @buf; SSDK_FMT_LEN holds any percentile from 0 to 100.
 * @pct: The percentile.
 *
 * Return: @buf: "99.900000", the percentile with six decimals.
 */
const char *ssdk_pct_key(char *buf, size_t size, double pct);

/**
 * ssdk_counts_stddev() - Sample standard deviation of a set's latencies.
 * @c: The set's counters.
 *
 * From the exact sums, in 128-bit integers: no cancellation when the
 * spread is small beside the mean.
 *
 * Return: The standard deviation, ns; 0 for fewer than two IOs.
 */
double ssdk_counts_stddev(const struct ssdk_counts *c);

/**
 * ssdk_change_pct() - How much a figure changed from a state to another.
 * @from: The figure in the first state (a study's new drive).
 * @to: In the other (used, after TRIM).
 *
 * Return: Percent of @from, negative for a fall; 0 when @from is not
 * above 0.
 */
double ssdk_change_pct(double from, double to);

/*
 * Run-to-run spread (spread.c): a figure measured several times
 * (--repeat N), and when two drives differ.
 */

/* The most repetitions a command takes (--repeat). */
#define SSDK_MAX_REPEAT		1000

/**
 * struct ssdk_spread - A figure measured @n times.
 * @n: How many times.
 * @mean: Their mean.
 * @min: The least.
 * @max: The greatest.
 * @stddev: Their sample standard deviation (n - 1); 0 for one.
 * @ci_lo: The 95% confidence interval of the mean, Student's t at n - 1
 *	degrees of freedom: mean -/+ t * stddev / sqrt(n); the mean for one.
 * @ci_hi: Its upper end.
 */
struct ssdk_spread {
	uint32_t n;
	uint32_t reserved;
	double mean;
	double min;
	double max;
	double stddev;
	double ci_lo;
	double ci_hi;
};

/**
 * ssdk_t975() - Student's t at 97.5%: a two-sided 95% interval's factor.
 * @df: Degrees of freedom, from 1.
 *
 * Return: The quantile (the table's to 30, Cornish-Fisher's expansion
 * beyond, within 1e-4 of the exact); NaN for 0.
 */
double ssdk_t975(uint32_t df);

/**
 * ssdk_spread() - A figure's spread over its repetitions.
 * @v: Its @n values.
 * @n: How many, from 1.
 * @out: Filled in (zeroed on failure).
 *
 * Return: 0, or -EINVAL for none, or a value not finite.
 */
int ssdk_spread(const double *v, uint32_t n, struct ssdk_spread *out);

/**
 * ssdk_spread_differ() - Whether two figures differ beyond their spread.
 * @a: One, of at least two repetitions.
 * @b: The other.
 *
 * The rule: their 95% confidence intervals do not overlap. A figure of
 * one repetition has no spread and differs from none.
 *
 * Return: 1 when they differ, else 0.
 */
int ssdk_spread_differ(const struct ssdk_spread *a, const struct ssdk_spread *b);

/*
 * Values (values.c): sizes, durations and the options made of them, as
 * people write them and as the CLI and the Python package read them.
 * Sizes are powers of two with k, m, g, t (kb, kib...: any case); a bare
 * number is bytes. Durations take ns, us, ms, s (sec), m (min), h; a
 * bare number is seconds; a decimal point is allowed, no exponent. A
 * parser returns 0, -EINVAL (not a value of its kind) or -ERANGE (too
 * large), and leaves its output alone on failure. Need no module.
 */

/* Room a formatted value takes at most, its NUL included. */
#define SSDK_FMT_LEN		32
/* Longest text ssdk_parse_shares() reads, its NUL included. */
#define SSDK_SHARES_LEN		512

/* What ssdk_parse_shares() reads as values. */
#define SSDK_VALUE_SIZE		0
#define SSDK_VALUE_DURATION	1

/**
 * ssdk_parse_u64() - A whole number: digits, or hex digits after 0x.
 * @s: The text: no sign, no blank.
 * @out: The number.
 *
 * Return: 0, -EINVAL or -ERANGE (past 2^64 - 1).
 */
int ssdk_parse_u64(const char *s, uint64_t *out);

/**
 * ssdk_parse_u32() - A whole number, as ssdk_parse_u64(), up to 2^32 - 1.
 * @s: The text.
 * @out: The number.
 *
 * Return: 0, -EINVAL or -ERANGE.
 */
int ssdk_parse_u32(const char *s, uint32_t *out);

/**
 * ssdk_parse_size() - A size: 4k, 8G, 16GiB, 512.
 * @s: The text: decimal digits and a suffix.
 * @out: Bytes.
 *
 * Return: 0, -EINVAL, or -ERANGE past 2^64 - 1 bytes.
 */
int ssdk_parse_size(const char *s, uint64_t *out);

/**
 * ssdk_parse_duration_ns() - A duration: 10, 1.5s, 250ms, 3m, 8760h.
 * @s: The text.
 * @out: Nanoseconds, rounded to the nearest; exact for a whole number of
 *	its unit.
 *
 * Return: 0, -EINVAL, or -ERANGE past 2^64 - 1 ns.
 */
int ssdk_parse_duration_ns(const char *s, uint64_t *out);

/**
 * ssdk_parse_shares() - Values and their shares: VALUE/PCT:VALUE/PCT...,
 * as fio's bssplit: 4k/70:64k/30, or 100us/50:1ms/50.
 * @s: The text, shorter than SSDK_SHARES_LEN.
 * @kind: SSDK_VALUE_SIZE or SSDK_VALUE_DURATION: how a value is read.
 * @max_value: The largest value taken.
 * @values: Room for @max values.
 * @pcts: Room for @max shares, each a u32.
 * @max: Entries @values and @pcts hold.
 * @nr: Set to the entries read.
 *
 * The shares are the caller's to check: their sum, their number.
 *
 * Return: 0; -EINVAL for a malformed or empty list or another @kind;
 * -ERANGE for more entries than @max, or a value above @max_value or
 * too large for its kind, or a share past 2^32 - 1.
 */
int ssdk_parse_shares(const char *s, uint32_t kind, uint64_t max_value, uint64_t *values,
		      uint32_t *pcts, uint32_t max, uint32_t *nr);

/**
 * ssdk_parse_bssplit() - Block sizes and their shares: 4k/70:64k/30.
 * @s: The text, as ssdk_parse_shares() reads it.
 * @c: Its bs-split entries are set, replacing any (the module checks
 *	their sizes and that the shares add up to 100).
 *
 * Return: 0; -EINVAL for a malformed list; -ERANGE for more than
 * SSDK_MAX_BS_SPLIT entries, a size past 2^32 - 1 or a share past
 * 2^32 - 1; @c unchanged on failure.
 */
int ssdk_parse_bssplit(const char *s, struct ssdk_run_config *c);

/**
 * ssdk_parse_pattern() - A data pattern: random, zeros, repeat:BYTE or
 * compressible:PCT (ssdk_pattern_syntax()).
 * @s: The text: a pattern of the spec, and the argument of those that
 *	take one, as ssdk_parse_u32() reads it.
 * @c: Its pattern is set, and pattern-byte or compress-pct when the
 *	pattern takes one (the module checks their ranges); the other unset.
 *
 * Return: 0 or -EINVAL, @c unchanged.
 */
int ssdk_parse_pattern(const char *s, struct ssdk_run_config *c);

/**
 * ssdk_pattern_syntax() - What ssdk_parse_pattern() reads, for messages.
 * @buf: Where it goes.
 * @size: Room in @buf.
 *
 * Return: @buf: "random, zeros, repeat:BYTE, compressible:PCT".
 */
const char *ssdk_pattern_syntax(char *buf, size_t size);

/**
 * ssdk_pattern_str() - A configuration's pattern as ssdk_parse_pattern()
 * reads it: "repeat:165".
 * @buf: Where it goes.
 * @size: Room in @buf; SSDK_FMT_LEN is enough.
 * @c: The configuration.
 *
 * Return: @buf.
 */
const char *ssdk_pattern_str(char *buf, size_t size, const struct ssdk_run_config *c);

/**
 * ssdk_parse_steady() - A steady-state test: TRACK[:PCT][,range:PCT][,slope:PCT].
 * @s: The text: the tracking variable (a steady-track of the spec), its
 *	range bound after a colon or as range:PCT, the slope bound as
 *	slope:PCT; a percentage may end with %: iops:20%,slope:10%.
 * @c: Its steady-track is set, and steady-range-pct and steady-slope-pct
 *	when given, else unset (the module checks their ranges and applies
 *	its defaults).
 *
 * Return: 0 or -EINVAL, @c unchanged.
 */
int ssdk_parse_steady(const char *s, struct ssdk_run_config *c);

/**
 * ssdk_fmt_ns() - A latency for people: 850 ns, 12.35 us, 1.235 ms, 2.500 s.
 * @buf: Where it goes.
 * @size: Room in @buf; SSDK_FMT_LEN up to 10^20 ns.
 * @ns: The latency.
 *
 * Return: @buf.
 */
const char *ssdk_fmt_ns(char *buf, size_t size, double ns);

/**
 * ssdk_fmt_bytes() - A size for people, in powers of two: 4 KiB, 1.50 GiB.
 * @buf: Where it goes.
 * @size: Room in @buf; SSDK_FMT_LEN is enough.
 * @bytes: The size.
 *
 * Return: @buf.
 */
const char *ssdk_fmt_bytes(char *buf, size_t size, uint64_t bytes);

/**
 * ssdk_fmt_size() - A size as ssdk_parse_size() reads it back exactly:
 * 4k, 1m, 1536k, 512.
 * @buf: Where it goes.
 * @size: Room in @buf; SSDK_FMT_LEN is enough.
 * @bytes: The size.
 *
 * Return: @buf.
 */
const char *ssdk_fmt_size(char *buf, size_t size, uint64_t bytes);

/**
 * ssdk_fmt_duration() - A duration as ssdk_parse_duration_ns() reads it
 * back exactly: 1s, 1500ms, 3m, 7ns.
 * @buf: Where it goes.
 * @size: Room in @buf; SSDK_FMT_LEN is enough.
 * @ns: The duration.
 *
 * Return: @buf.
 */
const char *ssdk_fmt_duration(char *buf, size_t size, uint64_t ns);

/**
 * ssdk_fmt_elapsed() - A span of wall time for people, to the second:
 * 12s, 4m05s, 1h12m.
 * @buf: Where it goes.
 * @size: Room in @buf; SSDK_FMT_LEN is enough.
 * @seconds: The time; 0 when not above 0.
 *
 * Return: @buf.
 */
const char *ssdk_fmt_elapsed(char *buf, size_t size, double seconds);

/* Room the device's name takes at most, its NUL included. */
#define SSDK_DEVICE_LEN		128

/**
 * ssdk_device_disk() - The disk a target is on, as /dev/NAME.
 * @target: A block device, or a file (its filesystem's device).
 * @buf: Filled with "/dev/NAME" of the disk (a partition's: its disk's),
 *	as sysfs names it; empty on failure.
 * @size: @buf's size.
 *
 * Return: 0; -ENODEV when sysfs has no such device (a file on tmpfs),
 * -ENAMETOOLONG when the name does not fit, -EINVAL when @size is 0, or
 * stat()'s negative errno.
 */
int ssdk_device_disk(const char *target, char *buf, size_t size);

/**
 * ssdk_device_model() - Model and firmware of the disk a target is on.
 * @target: A block device, a partition, or a file on a disk's filesystem.
 * @buf: Set to what sysfs says of that disk: its model, then its firmware
 *	revision (NVMe's firmware_rev, SCSI and ATA's rev), space-separated,
 *	each the first line of its file without the padding; "" when sysfs
 *	has neither (null_blk, brd) or on failure.
 * @size: Room in @buf; SSDK_DEVICE_LEN is enough.
 *
 * Return: 0; -errno when @target cannot be looked at; -ENODEV when sysfs
 * has no such disk.
 */
int ssdk_device_model(const char *target, char *buf, size_t size);

/* Room each field of a device's identity takes at most, its NUL included. */
#define SSDK_DEVICE_ID_LEN	64

/**
 * struct ssdk_device_id - Who a disk is, as sysfs says: a drive of a
 *	round-up told from another.
 * @model: Its model (NVMe, SCSI and ATA's model), without the padding.
 * @firmware: Its firmware revision (NVMe's firmware_rev, SCSI and ATA's rev).
 * @serial: Its serial number (NVMe's serial, virtio's serial, a SCSI or
 *	ATA disk's Unit Serial Number page).
 *
 * Each is "" when sysfs has none (null_blk, brd).
 */
struct ssdk_device_id {
	char model[SSDK_DEVICE_ID_LEN];
	char firmware[SSDK_DEVICE_ID_LEN];
	char serial[SSDK_DEVICE_ID_LEN];
};

/**
 * ssdk_device_id() - Model, firmware and serial of the disk a target is on.
 * @target: A block device, a partition, or a file on a disk's filesystem.
 * @id: Filled in; all "" on failure.
 *
 * Return: 0; -errno when @target cannot be looked at; -ENODEV when sysfs
 * has no such disk.
 */
int ssdk_device_id(const char *target, struct ssdk_device_id *id);

/**
 * ssdk_device_time_in_queue() - The block layer's time in queue of the
 * device a target is on.
 * @target: A block device, a partition, or a file (its filesystem's device).
 * @ms: Set to the 11th field of its stat (Documentation/admin-guide/
 *	iostats.rst): the milliseconds its IOs spent in the block layer and
 *	the device, added up (weighted by the IOs in flight). Its growth over
 *	an interval divided by the interval is the device's average queue
 *	(iostat's aqu-sz), whatever put the IOs there.
 *
 * Return: 0; -errno when @target cannot be looked at; -ENODEV when sysfs
 * has no such device; -EPROTO for a stat file of fewer fields.
 */
int ssdk_device_time_in_queue(const char *target, uint64_t *ms);

/*
 * The machine's conditions (system.c): what of the host decides a latency
 * besides the drive (CPU frequency, idle states, SMT, the device's queues
 * and interrupts, its scheduler and cache, THP, preemption, the clock,
 * mitigations, a hypervisor), read from sysfs and procfs as facts, each
 * with a verdict. Needs no module.
 */

/* Room a fact's key, value and reason take, their NUL included. */
#define SSDK_FACT_KEY_LEN	32
#define SSDK_FACT_VALUE_LEN	96
#define SSDK_FACT_WHY_LEN	112
/* The most facts a machine is described by (IRQs past it are counted). */
#define SSDK_SYSTEM_MAX_FACTS	96
/* The most CPUs a CPU list may name (the kernel's largest NR_CPUS). */
#define SSDK_MAX_CPUS		8192
/* A condition adds jitter past a run's measure at this share of its latency. */
#define SSDK_JITTER_SHARE	10

/**
 * enum ssdk_verdict - What a fact means for a latency.
 * @SSDK_VERDICT_FINE: Nothing: as a latency run wants it.
 * @SSDK_VERDICT_NOTE: Worth knowing when reading the results (a volatile
 *	write cache, mitigations), but not noise.
 * @SSDK_VERDICT_JITTER: Adds jitter: by &ssdk_fact.jitter_ns where the
 *	kernel says how much.
 */
enum ssdk_verdict {
	SSDK_VERDICT_FINE,
	SSDK_VERDICT_NOTE,
	SSDK_VERDICT_JITTER,
};

/**
 * struct ssdk_fact - One fact of the machine.
 * @key: What it is, dotted: "cpufreq.governor", "cpuidle.C6", "irq.31".
 * @value: What it is set to, as the kernel says it ("performance",
 *	"exit 133 us, enabled on 2 of 2 CPUs").
 * @verdict: enum ssdk_verdict.
 * @jitter_ns: For %SSDK_VERDICT_JITTER, how much a stall can take where
 *	the kernel says (a C-state's exit latency); 0 when it does not.
 * @why: The verdict, said: "exit latency 133 us on each wake-up".
 */
struct ssdk_fact {
	char key[SSDK_FACT_KEY_LEN];
	char value[SSDK_FACT_VALUE_LEN];
	uint32_t verdict;
	uint64_t jitter_ns;
	char why[SSDK_FACT_WHY_LEN];
};

/**
 * struct ssdk_system - The machine's conditions for a target and CPUs.
 * @nr_facts: Facts in @fact.
 * @expected_ns: The latency an IO of the target is expected to take at
 *	least, which jitter is weighed against: a null_blk's completion
 *	time, 2 ms for a rotational disk, 20 us for flash.
 * @fact: The facts, in the order show prints them.
 */
struct ssdk_system {
	uint32_t nr_facts;
	uint64_t expected_ns;
	struct ssdk_fact fact[SSDK_SYSTEM_MAX_FACTS];
};

/**
 * ssdk_system_read() - The machine's conditions for a target's runs.
 * @root: The directory standing for / (its sys/ and proc/), or NULL or
 *	"" for this machine's: a copy of another machine's tree is read as
 *	that machine.
 * @target: The run's target (a block device, a partition, a file on a
 *	disk's filesystem), or NULL for the host's facts only. Under a
 *	@root of its own, a disk's name ("nvme0n1" or "/dev/nvme0n1").
 * @cpus: The CPUs the workers may run on, as a CPU list ("0-3,8"), or
 *	NULL for every online CPU.
 * @sys: Filled in.
 * @err: Said on failure.
 * @errlen: Room in @err.
 *
 * What a kernel does not have (no cpufreq, no cpuidle, no debugfs) is a
 * fact of its own ("none"), not a failure.
 *
 * Return: 0; -EINVAL for a bad CPU list or CPUs that are not online,
 * -ENODEV for a target sysfs has no disk of, -errno when @root cannot
 * be read.
 */
int ssdk_system_read(const char *root, const char *target, const char *cpus,
		     struct ssdk_system *sys, char *err, size_t errlen);

/**
 * ssdk_system_disk() - The disk a target is on, by its name in sysfs.
 * @root: As ssdk_system_read()'s.
 * @target: As ssdk_system_read()'s.
 * @name: Set to the disk's name ("nvme0n1"; a partition's: its disk's);
 *	its sysfs directory is @root/sys/class/block/@name.
 * @size: Room in @name.
 * @err: Said on failure.
 * @errlen: Room in @err.
 *
 * Return: 0, or -ENODEV when sysfs has no disk of @target.
 */
int ssdk_system_disk(const char *root, const char *target, char *name, size_t size,
		     char *err, size_t errlen);

/* Room an IRQ's name and CPU lists take, their NUL included. */
#define SSDK_IRQ_NAME_LEN	32
#define SSDK_IRQ_LIST_LEN	64

/**
 * struct ssdk_irq - An interrupt of a disk's device.
 * @irq: Its number.
 * @managed: 1 when the kernel manages its affinity (a queue's vector,
 *	spread over the CPUs: it cannot be moved), 0 when not, -1 when
 *	debugfs, which says, cannot be read.
 * @name: Its name in /proc/interrupts ("nvme0q1"), or "".
 * @affinity: The CPUs it may land on (smp_affinity_list).
 * @effective: The CPUs it lands on (effective_affinity_list), or
 *	@affinity where the kernel has no such file.
 */
struct ssdk_irq {
	uint32_t irq;
	int32_t managed;
	char name[SSDK_IRQ_NAME_LEN];
	char affinity[SSDK_IRQ_LIST_LEN];
	char effective[SSDK_IRQ_LIST_LEN];
};

/**
 * ssdk_system_irqs() - The interrupts of a disk's device: its MSI
 * vectors, or its one line interrupt; none for a device without (null_blk).
 * @root: As ssdk_system_read()'s.
 * @disk: The disk's name (ssdk_system_disk()).
 * @irqs: Filled in, by increasing number.
 * @max: Room in @irqs.
 *
 * Return: How many it has (more than @max when @irqs is short).
 */
unsigned int ssdk_system_irqs(const char *root, const char *disk, struct ssdk_irq *irqs,
			      unsigned int max);

/**
 * ssdk_system_value() - A sysfs or procfs file's value, as ssdk system
 * reads and compares it.
 * @root: As ssdk_system_read()'s.
 * @rel: The file, under @root ("sys/block/nvme0n1/queue/scheduler").
 * @buf: Set to its first line without the trailing newline and blanks; of
 *	a selector ("none [mq-deadline] kyber"), the chosen word.
 * @size: Room in @buf.
 *
 * Return: 0, or a negative errno (-ENOENT: no such file).
 */
int ssdk_system_value(const char *root, const char *rel, char *buf, size_t size);

/**
 * ssdk_system_over() - The facts whose jitter is past what a run measures.
 * @sys: The conditions.
 * @expected_ns: The latency the run measures (its IOs' expected time),
 *	or 0 for @sys's expected_ns.
 * @idx: Filled with the indexes into @sys->fact of those facts.
 * @max: Room in @idx.
 *
 * A fact is past it when its verdict is %SSDK_VERDICT_JITTER and its
 * jitter_ns is above 1/SSDK_JITTER_SHARE of @expected_ns.
 *
 * Return: How many there are (more than @max when @idx is short).
 */
unsigned int ssdk_system_over(const struct ssdk_system *sys, uint64_t expected_ns,
			      unsigned int *idx, unsigned int max);

/**
 * ssdk_verdict_name() - A verdict's name: "fine", "note", "jitter".
 * @verdict: enum ssdk_verdict.
 *
 * Return: The name, or "?" for a value past the enum.
 */
const char *ssdk_verdict_name(uint32_t verdict);

/**
 * ssdk_cpulist_parse() - A CPU list as the kernel writes it ("0-3,8,10-11",
 * "" for none) into a bitmap.
 * @list: The list; a range may have a stride, "0-15:2" (cpuset's form).
 * @bits: SSDK_MAX_CPUS / 64 words, filled in.
 *
 * Return: 0; -EINVAL for a list that is not one, or a CPU past
 * SSDK_MAX_CPUS - 1.
 */
int ssdk_cpulist_parse(const char *list, uint64_t *bits);

/**
 * ssdk_cpulist_format() - A bitmap as a CPU list, ranges folded ("0-3,8").
 * @bits: SSDK_MAX_CPUS / 64 words.
 * @buf: Where it goes; "" for no CPU.
 * @size: Room in @buf.
 *
 * Return: 0, or -ENAMETOOLONG when it does not fit (@buf then ends in "...").
 */
int ssdk_cpulist_format(const uint64_t *bits, char *buf, size_t size);

/*
 * Traces (trace.c): the IOs a workload sent to a device, read from a file
 * that blktrace or fio recorded, and summarized as storage reviews quote
 * them. Reading needs no module.
 */

/* Formats of trace files. */
#define SSDK_TRACE_FORMAT_BLKTRACE	1	/* blktrace's binary records */
#define SSDK_TRACE_FORMAT_IOLOG2	2	/* fio's iolog, version 2 */
#define SSDK_TRACE_FORMAT_IOLOG3	3	/* fio's iolog, version 3: timed */

/* A trace's ops: the spec's (SSDK_OP_*), then those the module does not issue. */
#define SSDK_TRACE_OP_DISCARD	(SSDK_OP_MAX + 1)
#define SSDK_TRACE_OP_FLUSH	(SSDK_OP_MAX + 2)
#define SSDK_TRACE_NR_OPS	(SSDK_OP_MAX + 3)

/* What a trace's format recorded, besides ops, offsets and lengths. */
#define SSDK_TRACE_HAS_TIME	1	/* each IO's arrival time */
#define SSDK_TRACE_HAS_QD	2	/* the IOs in flight at each issue */

/* The summary's most common sizes, and its queue depths (the last: more). */
#define SSDK_TRACE_SIZES	8
#define SSDK_TRACE_QDS		64

/**
 * struct ssdk_trace_io - One IO of a trace.
 * @t_ns: Its arrival, from the trace's first; 0 when the format has no time.
 * @offset: Where it went, bytes.
 * @len: Its length, bytes; 0 for a flush.
 * @qd: IOs in flight when it was issued, itself included; 0 when unknown.
 * @op: SSDK_OP_READ, SSDK_OP_WRITE, SSDK_TRACE_OP_DISCARD or _FLUSH.
 * @pad: Zero.
 */
struct ssdk_trace_io {
	uint64_t t_ns;
	uint64_t offset;
	uint32_t len;
	uint16_t qd;
	uint8_t op;
	uint8_t pad;
};

struct ssdk_trace;

/**
 * ssdk_trace_read() - Read a trace file, whichever its format.
 * @path: The file.
 * @trace: Set to the trace; ssdk_trace_free() frees it.
 * @err: Where a failure is told in one line, with the byte offset at which
 *	the file went wrong.
 * @err_len: Size of @err; SSDK_ERROR_LEN is enough.
 *
 * Return: 0 or a negative errno: -ENOENT and the like from the file,
 * -EPROTO for a file of no known format, -EBADMSG for a corrupt or
 * truncated one, -ENOMEM.
 */
int ssdk_trace_read(const char *path, struct ssdk_trace **trace, char *err, size_t err_len);

/** ssdk_trace_free() - Free a trace (NULL is fine). @trace: The trace. */
void ssdk_trace_free(struct ssdk_trace *trace);

/** ssdk_trace_nr() - IOs of a trace. @trace: The trace. Return: How many. */
uint64_t ssdk_trace_nr(const struct ssdk_trace *trace);

/**
 * ssdk_trace_ios() - The IOs of a trace, in arrival order.
 * @trace: The trace.
 * Return: ssdk_trace_nr() of them, valid until the trace is freed.
 */
const struct ssdk_trace_io *ssdk_trace_ios(const struct ssdk_trace *trace);

/**
 * struct ssdk_trace_size - A request size and its IOs.
 * @len: Bytes.
 * @pad: Zero.
 * @ios: IOs of that size.
 */
struct ssdk_trace_size {
	uint32_t len;
	uint32_t pad;
	uint64_t ios;
};

/**
 * struct ssdk_trace_summary - What a trace holds, as reviews quote it.
 * @format: SSDK_TRACE_FORMAT_*.
 * @flags: SSDK_TRACE_HAS_*.
 * @ios: IOs.
 * @bytes: Their bytes.
 * @op_ios: IOs per op (SSDK_OP_*, SSDK_TRACE_OP_*).
 * @op_bytes: Bytes per op.
 * @sequential: Reads and writes that start where the read or write
 *	before them ended.
 * @duration_ns: From the first arrival to the last (SSDK_TRACE_HAS_TIME).
 * @footprint: Distinct bytes that reads and writes touched.
 * @lowest: The lowest byte any IO touched.
 * @highest: One past the highest.
 * @nr_sizes: Entries of @sizes.
 * @sizes: The most common sizes of reads and writes, most IOs first (ties:
 *	the smaller size first).
 * @other_sizes: Reads and writes of the sizes not in @sizes.
 * @qd_ios: Reads and writes issued with q IOs in flight, itself included,
 *	at [q - 1]; the last entry counts SSDK_TRACE_QDS and more
 *	(SSDK_TRACE_HAS_QD).
 * @gap_min_ns: Least time between two arrivals (SSDK_TRACE_HAS_TIME).
 * @gap_p50_ns: Median time between two arrivals.
 * @gap_p99_ns: 99th percentile of it.
 * @gap_max_ns: Most time between two arrivals.
 * @gap_mean_ns: Mean time between two arrivals.
 */
struct ssdk_trace_summary {
	uint32_t format;
	uint32_t flags;
	uint64_t ios;
	uint64_t bytes;
	uint64_t op_ios[SSDK_TRACE_NR_OPS];
	uint64_t op_bytes[SSDK_TRACE_NR_OPS];
	uint64_t sequential;
	uint64_t duration_ns;
	uint64_t footprint;
	uint64_t lowest;
	uint64_t highest;
	uint32_t nr_sizes;
	uint32_t pad;
	struct ssdk_trace_size sizes[SSDK_TRACE_SIZES];
	uint64_t other_sizes;
	uint64_t qd_ios[SSDK_TRACE_QDS];
	uint64_t gap_min_ns;
	uint64_t gap_p50_ns;
	uint64_t gap_p99_ns;
	uint64_t gap_max_ns;
	uint64_t gap_mean_ns;
};

/**
 * ssdk_trace_summarize() - Sum a trace up.
 * @trace: The trace.
 * @s: Filled in.
 *
 * Return: 0 or -ENOMEM.
 */
int ssdk_trace_summarize(const struct ssdk_trace *trace, struct ssdk_trace_summary *s);

/**
 * ssdk_trace_op_name() - The name of a trace's op.
 * @op: SSDK_OP_* (the spec's names) or SSDK_TRACE_OP_*.
 * Return: "read", "write", "discard", "flush", or "unknown".
 */
const char *ssdk_trace_op_name(uint32_t op);

/**
 * ssdk_trace_format_name() - The name of a trace format.
 * @format: SSDK_TRACE_FORMAT_*.
 * Return: "blktrace", "iolog2", "iolog3", or "unknown".
 */
const char *ssdk_trace_format_name(uint32_t format);

/**
 * ssdk_trace_flags() - What a trace records besides its IOs.
 * @trace: The trace.
 * Return: SSDK_TRACE_HAS_*.
 */
uint32_t ssdk_trace_flags(const struct ssdk_trace *trace);

/**
 * ssdk_trace_load() - Load a trace into the module for a replay.
 * @h: The handle.
 * @trace: The trace: its reads and writes are loaded, in its order; its
 *	discards and flushes are left out.
 * @id: Set to the loaded trace's id, for a configuration's trace field
 *	(SSDK_A_RUN_TRACE); 0 on failure.
 *
 * The trace is this handle's until a run started with it takes it; one
 * that no run takes is freed when the handle is closed. A run-start that
 * is refused, or only checked, leaves it loaded.
 *
 * Return: 0 or a negative errno (said by ssdk_last_error()): -EINVAL for
 * a trace with no read nor write, -E2BIG past SSDK_MAX_TRACE_IOS, what
 * the module refused.
 */
int ssdk_trace_load(struct ssdk *h, const struct ssdk_trace *trace, uint32_t *id);

#ifdef __cplusplus
}
#endif

#endif /* _LIBSSDK_H */
