/* SPDX-License-Identifier: ((GPL-2.0 WITH Linux-syscall-note) OR BSD-3-Clause) */
/* Do not edit directly, auto-generated from: */
/*	Documentation/netlink/specs/ssdk.yaml */
/* YNL-GEN uapi header */

#ifndef _UAPI_LINUX_SSDK_H
#define _UAPI_LINUX_SSDK_H

#include <linux/types.h>

#define SSDK_FAMILY_NAME	"ssdk"
#define SSDK_FAMILY_VERSION	1

/**
 * enum ssdk_cap - What this build of the module can do, as reported by
 *   info-get.
 * @SSDK_CAP_HIGHRES_TIMERS: High resolution timers are active, so timer-driven
 *   pacing and null_blk's timer mode complete with nanosecond precision.
 * @SSDK_CAP_BIO: The bio engine, submitting straight to the block layer.
 * @SSDK_CAP_KFILE: The kfile engine: IO on a regular file through its
 *   filesystem's read_iter and write_iter, from the kernel.
 * @SSDK_CAP_BARE: The benchmark's baseline build (ssdk_bare.ko): it submits
 *   IOs as ssdk does and records nothing of them (no latency, statistics,
 *   slowest IOs nor time series), so its results are no measurement. libssdk
 *   refuses runs on it unless SSDK_ALLOW_BARE=1 is in the environment.
 */
enum ssdk_cap {
	SSDK_CAP_HIGHRES_TIMERS = 1,
	SSDK_CAP_BIO = 2,
	SSDK_CAP_KFILE = 4,
	SSDK_CAP_BARE = 8,
};

/**
 * enum ssdk_engine - How a run's IOs reach the storage.
 * @SSDK_ENGINE_BIO: Bios submitted straight to the block layer of a block
 *   device (the target).
 * @SSDK_ENGINE_KFILE: Asynchronous kiocbs on a regular file (the target)
 *   through its filesystem, O_DIRECT unless buffered: the filesystem's cost on
 *   top of the bio engine's.
 */
enum ssdk_engine {
	SSDK_ENGINE_BIO,
	SSDK_ENGINE_KFILE,
};

/**
 * enum ssdk_rw - What a run does.
 * @SSDK_RW_READ: Sequential reads.
 * @SSDK_RW_WRITE: Sequential writes.
 * @SSDK_RW_RANDREAD: Reads at uniformly random block-aligned offsets.
 * @SSDK_RW_RANDWRITE: Writes at uniformly random block-aligned offsets.
 * @SSDK_RW_RANDRW: Reads and writes at random offsets, each IO a read with the
 *   probability rwmixread.
 * @SSDK_RW_READWRITE: Reads and writes on one sequential cursor, each IO a
 *   read with the probability rwmixread.
 */
enum ssdk_rw {
	SSDK_RW_READ,
	SSDK_RW_WRITE,
	SSDK_RW_RANDREAD,
	SSDK_RW_RANDWRITE,
	SSDK_RW_RANDRW,
	SSDK_RW_READWRITE,
};

/**
 * enum ssdk_state - Where a run is in its life.
 * @SSDK_STATE_RUNNING: Submitting IO.
 * @SSDK_STATE_STOPPING: Asked to stop; waiting for its IOs in flight.
 * @SSDK_STATE_DONE: Reached its runtime or IO count.
 * @SSDK_STATE_STOPPED: Stopped by a user or by the module's unloading; results
 *   are partial.
 * @SSDK_STATE_FAILED: Could not go on: an IO error past max-errors (by default
 *   the first), or its target went away; its IOs in flight complete and count,
 *   the results so far are kept, and the reason attribute says why.
 */
enum ssdk_state {
	SSDK_STATE_RUNNING,
	SSDK_STATE_STOPPING,
	SSDK_STATE_DONE,
	SSDK_STATE_STOPPED,
	SSDK_STATE_FAILED,
};

/**
 * enum ssdk_op - The kind of IO a set of statistics counts.
 */
enum ssdk_op {
	SSDK_OP_READ,
	SSDK_OP_WRITE,

	/* private: */
	__SSDK_OP_MAX,
	SSDK_OP_MAX = (__SSDK_OP_MAX - 1)
};

/**
 * enum ssdk_lat_kind - What a set of latency statistics measures.
 * @SSDK_LAT_KIND_SERVICE: From the IO's submission to its completion.
 * @SSDK_LAT_KIND_RESPONSE: From the IO's scheduled arrival to its completion:
 *   the service time plus the wait for a free slot (open-loop arrivals only).
 * @SSDK_LAT_KIND_LATENESS: From the IO's scheduled arrival to its submission:
 *   how late the worker issued it, waiting for a free slot or for its own
 *   wake-up (open-loop arrivals only): a replay's fidelity to its trace's
 *   times.
 * @SSDK_LAT_KIND_BLOCK: Anatomy (runs with anatomy): from the IO's submission
 *   to its dispatch to the driver (the block layer's block_rq_issue): the
 *   plug, the wait for a tag, the IO scheduler, a requeue; blktrace's Q2D. For
 *   a bio-based device (dm, md), which has no request of its own, the whole
 *   latency is its device stage and none is here.
 * @SSDK_LAT_KIND_DEVICE: Anatomy: from the IO's dispatch to the driver to the
 *   driver's completion of its request (block_rq_complete), the device as the
 *   host sees it, its interrupt included; blktrace's D2C. For a bio-based
 *   device (dm, md): from submission to completion, all of it the driver's.
 * @SSDK_LAT_KIND_END_IO: Anatomy: from the driver's completion of the request
 *   to the IO's end_io in ssdk, where its latency ends: the completion of the
 *   bios before it in the request. block, device and end-io add up to the
 *   latency exactly.
 * @SSDK_LAT_KIND_REAP: Anatomy: from the IO's end_io to the worker's reaping
 *   it: the worker's wake-up, and the IOs reaped before it in the same batch.
 *   After the latency, not in it.
 * @SSDK_LAT_KIND_IDLE: Anatomy: how long the IO's slot stayed empty before it:
 *   from its previous IO's end_io to this IO's submission (the reap, the
 *   recording, the choice of the next IO); the device's queue is one IO short
 *   for that long. Not in the latency.
 */
enum ssdk_lat_kind {
	SSDK_LAT_KIND_SERVICE,
	SSDK_LAT_KIND_RESPONSE,
	SSDK_LAT_KIND_LATENESS,
	SSDK_LAT_KIND_BLOCK,
	SSDK_LAT_KIND_DEVICE,
	SSDK_LAT_KIND_END_IO,
	SSDK_LAT_KIND_REAP,
	SSDK_LAT_KIND_IDLE,

	/* private: */
	__SSDK_LAT_KIND_MAX,
	SSDK_LAT_KIND_MAX = (__SSDK_LAT_KIND_MAX - 1)
};

/**
 * enum ssdk_pattern - What written buffers hold.
 * @SSDK_PATTERN_RANDOM: Incompressible and fresh for every IO: bytes copied
 *   from a random place of a 4 MiB pool of random data, with a new random word
 *   in every 512-byte sector, so no two written sectors are alike.
 * @SSDK_PATTERN_ZEROS: Every byte zero.
 * @SSDK_PATTERN_REPEAT: Every byte pattern-byte.
 * @SSDK_PATTERN_COMPRESSIBLE: In each 512-byte chunk, random bytes then zeros,
 *   the zeros compress-pct percent of the chunk; refreshed for every IO as
 *   random is.
 */
enum ssdk_pattern {
	SSDK_PATTERN_RANDOM,
	SSDK_PATTERN_ZEROS,
	SSDK_PATTERN_REPEAT,
	SSDK_PATTERN_COMPRESSIBLE,
};

/**
 * enum ssdk_arrivals - When a rate-limited run's IOs are due.
 * @SSDK_ARRIVALS_PACED: Closed loop: IOs go out no faster than rate-iops, on a
 *   fixed schedule that slips when no slot is free; latency is service time.
 * @SSDK_ARRIVALS_UNIFORM: Open loop: IOs arrive on a fixed schedule whatever
 *   the device does; those that find no free slot wait, and response time
 *   counts from the scheduled arrival.
 * @SSDK_ARRIVALS_POISSON: Open loop, with exponentially distributed gaps
 *   between arrivals.
 */
enum ssdk_arrivals {
	SSDK_ARRIVALS_PACED,
	SSDK_ARRIVALS_UNIFORM,
	SSDK_ARRIVALS_POISSON,
};

/**
 * enum ssdk_purge_method - How a purge run (attribute purge) returns a span to
 *   a known state, each only where the device offers it.
 * @SSDK_PURGE_METHOD_DISCARD: Discard (TRIM, NVMe deallocate) the span: the
 *   device may unmap it; what it then reads is the device's to say.
 * @SSDK_PURGE_METHOD_SECURE_DISCARD: Secure erase of the span
 *   (REQ_OP_SECURE_ERASE).
 * @SSDK_PURGE_METHOD_WRITE_ZEROES: The device's own zeroing
 *   (REQ_OP_WRITE_ZEROES), never writes of zero pages: the span reads back
 *   zeros.
 */
enum ssdk_purge_method {
	SSDK_PURGE_METHOD_DISCARD,
	SSDK_PURGE_METHOD_SECURE_DISCARD,
	SSDK_PURGE_METHOD_WRITE_ZEROES,
};

/**
 * enum ssdk_steady_track - The tracking variable of the steady-state test: a
 *   round's figure whose last steady-window rounds must agree (SNIA PTS).
 * @SSDK_STEADY_TRACK_IOPS: Measured IOs completed in the round, all ops.
 * @SSDK_STEADY_TRACK_BW: Their bytes.
 * @SSDK_STEADY_TRACK_LAT_MEAN: Their mean latency.
 */
enum ssdk_steady_track {
	SSDK_STEADY_TRACK_IOPS,
	SSDK_STEADY_TRACK_BW,
	SSDK_STEADY_TRACK_LAT_MEAN,
};

/**
 * enum ssdk_replay_timing - When a replay issues its trace's IOs.
 * @SSDK_REPLAY_TIMING_ORIGINAL: Each at its recorded arrival, counted from the
 *   first IO's and scaled by replay-scale: an open loop, whose response time
 *   counts from that arrival and whose IOs that find no free slot are late.
 * @SSDK_REPLAY_TIMING_AFAP: As fast as the queue depth allows, in the trace's
 *   order: a closed loop of iodepth IOs, their times ignored.
 */
enum ssdk_replay_timing {
	SSDK_REPLAY_TIMING_ORIGINAL,
	SSDK_REPLAY_TIMING_AFAP,
};

/**
 * enum ssdk_replay_remap - Where a replay's IOs go on its target.
 * @SSDK_REPLAY_REMAP_NONE: At their recorded offsets; a trace that reaches
 *   past the target is refused.
 * @SSDK_REPLAY_REMAP_OFFSET: Shifted by the run's offset, the trace's layout
 *   kept; refused when that reaches past the span.
 * @SSDK_REPLAY_REMAP_SPAN: Folded into the run's span (offset, span): an IO at
 *   byte X of the trace goes to offset + X mod span, moved back to end at the
 *   span's end when it would pass it.
 */
enum ssdk_replay_remap {
	SSDK_REPLAY_REMAP_NONE,
	SSDK_REPLAY_REMAP_OFFSET,
	SSDK_REPLAY_REMAP_SPAN,
};

#define SSDK_MAX_BS_SPLIT		16
#define SSDK_HEAT_BUCKETS		54
#define SSDK_MAX_IODEPTH		1024
#define SSDK_MIN_BS			512
#define SSDK_MAX_BS			1048576
#define SSDK_MAX_SLOWEST		4096
#define SSDK_MAX_TARGET_LEN		4095
#define SSDK_MAX_BATCH			32
#define SSDK_MAX_WORKERS		64
#define SSDK_MAX_INFLIGHT_BYTES		268435456
#define SSDK_MIN_TS_INTERVAL_NS		10000000
#define SSDK_MAX_DURATION_NS		31536000000000000
#define SSDK_PURGE_CHUNK		1073741824
#define SSDK_MAX_ROUNDS			1000
#define SSDK_STEADY_WINDOW		5
#define SSDK_MAX_TRACE_IOS		2097152
#define SSDK_MAX_REPLAY_SCALE		1000000
#define SSDK_DEFAULT_RW			2
#define SSDK_DEFAULT_BS			4096
#define SSDK_DEFAULT_IODEPTH		1
#define SSDK_DEFAULT_RWMIXREAD		50
#define SSDK_DEFAULT_PATTERN		0
#define SSDK_DEFAULT_ARRIVALS		0
#define SSDK_DEFAULT_ENGINE		0
#define SSDK_DEFAULT_SLOWEST_N		64
#define SSDK_DEFAULT_TS_INTERVAL_NS	1000000000
#define SSDK_DEFAULT_STEADY_RANGE_PCT	20
#define SSDK_DEFAULT_STEADY_SLOPE_PCT	10
#define SSDK_DEFAULT_REPLAY_TIMING	0
#define SSDK_DEFAULT_REPLAY_SCALE	1000
#define SSDK_DEFAULT_REPLAY_REMAP	0

/**
 * struct ssdk_replay_io - One IO of a trace to replay, as trace-load carries it.
 * @at_ns: Its arrival, ns from any origin; not below the IO before.
 * @offset: Where it goes, bytes.
 * @len: Its length, bytes.
 * @op: An op (read or write).
 */
struct ssdk_replay_io {
	__u64 at_ns;
	__u64 offset;
	__u32 len;
	__u32 op;
};

enum {
	SSDK_A_INFO_VERSION = 1,
	SSDK_A_INFO_KERNEL_RELEASE,
	SSDK_A_INFO_CAPS,
	SSDK_A_INFO_CPUS,
	SSDK_A_INFO_CLOCK_RES_NS,
	SSDK_A_INFO_MAX_RUNS,
	SSDK_A_INFO_HIST_SUB_BITS,
	SSDK_A_INFO_HIST_BUCKETS,
	SSDK_A_INFO_PAD,
	SSDK_A_INFO_MEM_BUDGET,
	SSDK_A_INFO_MEM_USED,

	__SSDK_A_INFO_MAX,
	SSDK_A_INFO_MAX = (__SSDK_A_INFO_MAX - 1)
};

enum {
	SSDK_A_RUN_ID = 1,
	SSDK_A_RUN_STATE,
	SSDK_A_RUN_TARGET,
	SSDK_A_RUN_RW,
	SSDK_A_RUN_BS,
	SSDK_A_RUN_IODEPTH,
	SSDK_A_RUN_OFFSET,
	SSDK_A_RUN_SPAN,
	SSDK_A_RUN_RUNTIME_NS,
	SSDK_A_RUN_IOS,
	SSDK_A_RUN_RAMP_NS,
	SSDK_A_RUN_SEED,
	SSDK_A_RUN_CPU,
	SSDK_A_RUN_ALLOW_WRITE,
	SSDK_A_RUN_REASON,
	SSDK_A_RUN_TARGET_SIZE,
	SSDK_A_RUN_LOGICAL_BLOCK_SIZE,
	SSDK_A_RUN_ELAPSED_NS,
	SSDK_A_RUN_MEASURED_NS,
	SSDK_A_RUN_COMPLETED,
	SSDK_A_RUN_IOPS_NOW,
	SSDK_A_RUN_STATS,
	SSDK_A_RUN_PAD,
	SSDK_A_RUN_RWMIXREAD,
	SSDK_A_RUN_BS_SPLIT,
	SSDK_A_RUN_ALIGN,
	SSDK_A_RUN_ALIGN_OFFSET,
	SSDK_A_RUN_STRIDE,
	SSDK_A_RUN_PATTERN,
	SSDK_A_RUN_PATTERN_BYTE,
	SSDK_A_RUN_COMPRESS_PCT,
	SSDK_A_RUN_RATE_IOPS,
	SSDK_A_RUN_ARRIVALS,
	SSDK_A_RUN_LATE,
	SSDK_A_RUN_ENGINE,
	SSDK_A_RUN_BUFFERED,
	SSDK_A_RUN_SLOWEST_N,
	SSDK_A_RUN_SLOWEST,
	SSDK_A_RUN_TS_INTERVAL_NS,
	SSDK_A_RUN_TS_COUNT,
	SSDK_A_RUN_TS_DROPPED,
	SSDK_A_RUN_FROM,
	SSDK_A_RUN_INTERVAL,
	SSDK_A_RUN_CAPTURE_OVER_NS,
	SSDK_A_RUN_CAPTURED_COUNT,
	SSDK_A_RUN_CAPTURED_DROPPED,
	SSDK_A_RUN_CAPTURED,
	SSDK_A_RUN_MAX_ERRORS,
	SSDK_A_RUN_OWNED,
	SSDK_A_RUN_IO_ERRORS,
	SSDK_A_RUN_DRY_RUN,
	SSDK_A_RUN_PURGE,
	SSDK_A_RUN_ROUNDS,
	SSDK_A_RUN_ROUND_NS,
	SSDK_A_RUN_STEADY_TRACK,
	SSDK_A_RUN_STEADY_RANGE_PCT,
	SSDK_A_RUN_STEADY_SLOPE_PCT,
	SSDK_A_RUN_ROUNDS_DONE,
	SSDK_A_RUN_STEADY_ROUND,
	SSDK_A_RUN_BATCH,
	SSDK_A_RUN_POLLED,
	SSDK_A_RUN_CPU_NS,
	SSDK_A_RUN_MEASUREMENT_OVERHEAD_NS,
	SSDK_A_RUN_CLOCK_READ_NS,
	SSDK_A_RUN_UNPOLLED,
	SSDK_A_RUN_WORKERS,
	SSDK_A_RUN_CPUS,
	SSDK_A_RUN_TRACE,
	SSDK_A_RUN_REPLAY_TIMING,
	SSDK_A_RUN_REPLAY_SCALE,
	SSDK_A_RUN_REPLAY_REMAP,
	SSDK_A_RUN_ANATOMY,
	SSDK_A_RUN_ANATOMY_UNSPLIT,

	__SSDK_A_RUN_MAX,
	SSDK_A_RUN_MAX = (__SSDK_A_RUN_MAX - 1)
};

enum {
	SSDK_A_STATS_OP = 1,
	SSDK_A_STATS_IOS,
	SSDK_A_STATS_BYTES,
	SSDK_A_STATS_ERRORS,
	SSDK_A_STATS_LAT_MIN_NS,
	SSDK_A_STATS_LAT_MAX_NS,
	SSDK_A_STATS_LAT_SUM_NS,
	SSDK_A_STATS_LAT_SUMSQ_HI,
	SSDK_A_STATS_LAT_SUMSQ_LO,
	SSDK_A_STATS_BUCKET,
	SSDK_A_STATS_PAD,
	SSDK_A_STATS_KIND,

	__SSDK_A_STATS_MAX,
	SSDK_A_STATS_MAX = (__SSDK_A_STATS_MAX - 1)
};

enum {
	SSDK_A_IO_LAT_NS = 1,
	SSDK_A_IO_OP,
	SSDK_A_IO_OFFSET,
	SSDK_A_IO_LEN,
	SSDK_A_IO_T_NS,
	SSDK_A_IO_CPU_SUBMIT,
	SSDK_A_IO_CPU_COMPLETE,
	SSDK_A_IO_INFLIGHT,
	SSDK_A_IO_PAD,
	SSDK_A_IO_BLOCK_NS,
	SSDK_A_IO_DEVICE_NS,
	SSDK_A_IO_END_IO_NS,
	SSDK_A_IO_REAP_NS,
	SSDK_A_IO_IDLE_NS,

	__SSDK_A_IO_MAX,
	SSDK_A_IO_MAX = (__SSDK_A_IO_MAX - 1)
};

enum {
	SSDK_A_INTERVAL_INDEX = 1,
	SSDK_A_INTERVAL_OPS,
	SSDK_A_INTERVAL_HEAT,

	__SSDK_A_INTERVAL_MAX,
	SSDK_A_INTERVAL_MAX = (__SSDK_A_INTERVAL_MAX - 1)
};

enum {
	SSDK_A_INTERVAL_OP_OP = 1,
	SSDK_A_INTERVAL_OP_IOS,
	SSDK_A_INTERVAL_OP_BYTES,
	SSDK_A_INTERVAL_OP_LAT_SUM_NS,
	SSDK_A_INTERVAL_OP_LAT_MAX_NS,
	SSDK_A_INTERVAL_OP_LAT_P99_NS,
	SSDK_A_INTERVAL_OP_PAD,
	SSDK_A_INTERVAL_OP_STAGE,

	__SSDK_A_INTERVAL_OP_MAX,
	SSDK_A_INTERVAL_OP_MAX = (__SSDK_A_INTERVAL_OP_MAX - 1)
};

enum {
	SSDK_A_INTERVAL_STAGE_KIND = 1,
	SSDK_A_INTERVAL_STAGE_IOS,
	SSDK_A_INTERVAL_STAGE_LAT_SUM_NS,
	SSDK_A_INTERVAL_STAGE_LAT_MAX_NS,
	SSDK_A_INTERVAL_STAGE_PAD,

	__SSDK_A_INTERVAL_STAGE_MAX,
	SSDK_A_INTERVAL_STAGE_MAX = (__SSDK_A_INTERVAL_STAGE_MAX - 1)
};

enum {
	SSDK_A_BS_SPLIT_BS = 1,
	SSDK_A_BS_SPLIT_PCT,

	__SSDK_A_BS_SPLIT_MAX,
	SSDK_A_BS_SPLIT_MAX = (__SSDK_A_BS_SPLIT_MAX - 1)
};

enum {
	SSDK_A_BUCKET_INDEX = 1,
	SSDK_A_BUCKET_COUNT,
	SSDK_A_BUCKET_PAD,

	__SSDK_A_BUCKET_MAX,
	SSDK_A_BUCKET_MAX = (__SSDK_A_BUCKET_MAX - 1)
};

enum {
	SSDK_A_TRACE_ID = 1,
	SSDK_A_TRACE_IOS,
	SSDK_A_TRACE_CHUNK,

	__SSDK_A_TRACE_MAX,
	SSDK_A_TRACE_MAX = (__SSDK_A_TRACE_MAX - 1)
};

enum {
	SSDK_CMD_INFO_GET = 1,
	SSDK_CMD_RUN_START,
	SSDK_CMD_RUN_GET,
	SSDK_CMD_RUN_STOP,
	SSDK_CMD_RUN_DEL,
	SSDK_CMD_RESULTS_GET,
	SSDK_CMD_RUN_END_NTF,
	SSDK_CMD_SLOWEST_GET,
	SSDK_CMD_TIMESERIES_GET,
	SSDK_CMD_CAPTURED_GET,
	SSDK_CMD_TRACE_NEW,
	SSDK_CMD_TRACE_LOAD,
	SSDK_CMD_RUN_PROGRESS_NTF,

	__SSDK_CMD_MAX,
	SSDK_CMD_MAX = (__SSDK_CMD_MAX - 1)
};

#define SSDK_MCGRP_RUNS		"runs"
#define SSDK_MCGRP_PROGRESS	"progress"

#endif /* _UAPI_LINUX_SSDK_H */
