/* SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause */
/*
 * libssdk: talk to the ssdk kernel module over generic netlink.
 *
 * The API is small and plain so that Python's ctypes can sit on it:
 * an opaque handle, fixed-size structs of integers and char arrays,
 * functions that return 0 or a negative errno, and no callbacks (waiting
 * for a run is a poll with a timeout). After a failure,
 * ssdk_last_error() tells what went wrong in one line: the kernel's
 * extack message when it sent one.
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

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Sizes of the fixed arrays below; part of the ABI. */
#define SSDK_VERSION_LEN	64
#define SSDK_RELEASE_LEN	65
#define SSDK_TARGET_LEN		4096
#define SSDK_REASON_LEN		256
#define SSDK_ERROR_LEN		512

/*
 * The sets of statistics of a run, index of ssdk_run_status.stats and of
 * ssdk_results_get()'s histograms: service time per op, then response
 * time per op (open-loop runs only): set = SSDK_LIB_OP_* + 2 * kind.
 */
#define SSDK_LIB_OP_READ	0
#define SSDK_LIB_OP_WRITE	1
#define SSDK_LIB_NR_OPS		2
#define SSDK_LIB_KIND_SERVICE	0
#define SSDK_LIB_KIND_RESPONSE	1
#define SSDK_LIB_NR_SETS	4

/* Entries of ssdk_run_config.bs_split. */
#define SSDK_LIB_MAX_BS_SPLIT	16

/* The CPU field of a configuration when the worker may run anywhere. */
#define SSDK_ANY_CPU		(-1)

struct ssdk;

/**
 * struct ssdk_info - What the module reports about itself (info-get).
 * @version: Module version.
 * @kernel_release: The running kernel, as uname -r prints it.
 * @caps: Mask of SSDK_CAP_* (include/uapi/linux/ssdk.h).
 * @cpus: Online CPUs.
 * @clock_res_ns: Resolution of the clock that timestamps IOs.
 * @family_version: Version of the generic netlink family.
 * @max_runs: Runs the module keeps at once.
 * @hist_sub_bits: Histogram layout: buckets per power of two, log2.
 * @hist_buckets: Buckets of a histogram.
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
 * struct ssdk_run_config - What a run does (run-start).
 * @target: Path of the block device (engine bio) or regular file (engine
 *	kfile), NUL-terminated.
 * @rw: SSDK_RW_* (include/uapi/linux/ssdk.h).
 * @bs: Bytes per IO (unless @nr_bs).
 * @iodepth: IOs in flight.
 * @cpu: CPU of the worker, or SSDK_ANY_CPU.
 * @offset: Start of the span, bytes.
 * @span: Length of the span, bytes; 0 for up to the end of the device.
 * @runtime_ns: Time to run after the ramp; 0 for no limit.
 * @ios: IOs to submit in all; 0 for no limit.
 * @ramp_ns: Time at the start left out of the statistics.
 * @seed: Seed of the offsets' and the data's generators.
 * @allow_write: Non-zero to consent to writing to the target.
 * @rwmixread: Percentage of reads of randrw and readwrite.
 * @nr_bs: Entries of @bs_split in use; 0 for @bs alone.
 * @bs_split: Block sizes and their shares, adding up to 100.
 * @align: Random offsets are multiples of it; 0 for the smallest bs.
 * @align_offset: Where, within @align, the IOs start.
 * @stride: Distance between sequential IOs; 0 for each IO's size.
 * @pattern: SSDK_PATTERN_* of written data.
 * @pattern_byte: The byte of SSDK_PATTERN_REPEAT.
 * @compress_pct: Share that compresses away, SSDK_PATTERN_COMPRESSIBLE.
 * @rate_iops: IOs per second at most; 0 for no limit.
 * @arrivals: SSDK_ARRIVALS_* of a rate-limited run.
 * @engine: SSDK_ENGINE_*: how the IOs reach the target.
 * @buffered: Non-zero for kfile through the page cache (iodepth 1).
 * @slowest_n: How many of the slowest IOs to keep (0 .. 4096; 64).
 * @ts_interval_ns: Interval of the time series (at least 10 ms; 1 s).
 * @capture_over_ns: Capture every IO at least this slow; 0 for none.
 * @max_errors: IO errors the run goes on through (0: the first fails it;
 *	UINT64_MAX: none does).
 * @owned: Non-zero: the run stops when this handle is closed (or its
 *	process exits or is killed).
 *
 * Start from ssdk_config_init(). Fields are sent as they are (zero @bs or
 * @iodepth are refused by the module, not taken for defaults), except
 * those that only apply with others: @rwmixread with a mix, the pattern
 * with writes, its byte or percentage with its pattern, @arrivals with a
 * rate, @bs_split instead of @bs. A run needs @runtime_ns or @ios.
 */
struct ssdk_run_config {
	char target[SSDK_TARGET_LEN];
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
	uint32_t nr_bs;
	struct ssdk_bs_share bs_split[SSDK_LIB_MAX_BS_SPLIT];
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
	uint32_t reserved;
};

/**
 * struct ssdk_op_stats - Statistics of one op's measured IOs.
 * @ios: IOs completed without error.
 * @bytes: Their bytes.
 * @errors: IOs completed with an error (not in the latencies).
 * @lat_min_ns: Smallest latency; 0 when @ios is 0.
 * @lat_max_ns: Largest latency; 0 when @ios is 0.
 * @lat_sum_ns: Sum of the latencies.
 * @lat_sumsq_hi: High 64 bits of the sum of squared latencies.
 * @lat_sumsq_lo: Low 64 bits of the sum of squared latencies.
 */
struct ssdk_op_stats {
	uint64_t ios;
	uint64_t bytes;
	uint64_t errors;
	uint64_t lat_min_ns;
	uint64_t lat_max_ns;
	uint64_t lat_sum_ns;
	uint64_t lat_sumsq_hi;
	uint64_t lat_sumsq_lo;
};

/**
 * struct ssdk_run_status - A run: its configuration, state and summary.
 * @config: As started, with the kernel's defaults filled in; cpu is
 *	SSDK_ANY_CPU when unbound.
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
 * @captured_count: IOs captured over capture_over_ns so far.
 * @captured_dropped: IOs over it that found the capture full.
 * @io_errors: IOs that failed so far, the ramp's included.
 * @reason: Why it failed or stopped, or "".
 * @stats: Per set: service time of SSDK_LIB_OP_READ and _WRITE, then
 *	their response time (zero unless the run is open loop).
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
	uint32_t captured_count;
	uint32_t reserved;
	char reason[SSDK_REASON_LEN];
	struct ssdk_op_stats stats[SSDK_LIB_NR_SETS];
};

/**
 * ssdk_config_init() - A configuration with the module's defaults.
 * @config: Filled in: 4 KiB random reads at iodepth 1 on any CPU, 50%
 *	reads when mixed, random data, paced; no target, no limit.
 */
void ssdk_config_init(struct ssdk_run_config *config);

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
 * Return: 0 (also for a run that had already ended), or -errno.
 */
int ssdk_run_stop(struct ssdk *h, uint32_t id);

/**
 * ssdk_run_delete() - Delete a run and its results, stopping it first.
 * @h: The handle.
 * @id: The run.
 *
 * Return: 0 or -errno.
 */
int ssdk_run_delete(struct ssdk *h, uint32_t id);

/**
 * ssdk_results_get() - A run's status and latency histograms.
 * @h: The handle.
 * @id: The run.
 * @status: Filled in.
 * @hists: Room for SSDK_LIB_NR_SETS * ssdk_hist_buckets() counts, the
 *	histogram of set i from i * ssdk_hist_buckets(); or NULL.
 *
 * Return: 0 or -errno.
 */
int ssdk_results_get(struct ssdk *h, uint32_t id, struct ssdk_run_status *status,
		     uint64_t *hists);

/**
 * struct ssdk_io_rec - One IO of a run's slowest-IO log.
 * @lat_ns: Its latency.
 * @offset: Where it went, bytes.
 * @t_ns: When it was submitted, from the run's start (ramp included).
 * @len: Its length, bytes.
 * @op: SSDK_OP_READ or SSDK_OP_WRITE.
 * @cpu_submit: CPU it was submitted on.
 * @cpu_complete: CPU its completion ran on.
 * @inflight: IOs of the run in flight when it was submitted, itself
 *	included.
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
	uint32_t reserved;
};

/**
 * ssdk_slowest_get() - The slowest IOs of an ended run, slowest first.
 * @h: The handle.
 * @id: The run.
 * @ios: Room for @max records, or NULL to count them.
 * @max: Records @ios holds.
 *
 * Return: How many the run kept (possibly more than @max: the first @max
 * are filled in), or -errno (-EBUSY while the run goes on).
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
 * struct ssdk_ts_op - One op's IOs that completed in an interval.
 * @ios: Measured IOs completed without error.
 * @bytes: Their bytes.
 * @lat_sum_ns: Sum of their latencies.
 * @lat_max_ns: The largest.
 * @lat_p99_ns: The 99th percentile, at most 1/8 above the true value.
 */
struct ssdk_ts_op {
	uint64_t ios;
	uint64_t bytes;
	uint64_t lat_sum_ns;
	uint64_t lat_max_ns;
	uint64_t lat_p99_ns;
};

/**
 * struct ssdk_ts_point - One interval of a run's time series.
 * @index: It starts at @index x ts_interval_ns from the run's start.
 * @reserved: Zero.
 * @op: Per op, SSDK_OP_READ and SSDK_OP_WRITE.
 */
struct ssdk_ts_point {
	uint32_t index;
	uint32_t reserved;
	struct ssdk_ts_op op[SSDK_LIB_NR_OPS];
};

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

#ifdef __cplusplus
}
#endif

#endif /* _LIBSSDK_H */
