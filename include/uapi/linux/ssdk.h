/* SPDX-License-Identifier: ((GPL-2.0 WITH Linux-syscall-note) OR BSD-3-Clause) */
/* Do not edit directly, auto-generated from: */
/*	Documentation/netlink/specs/ssdk.yaml */
/* YNL-GEN uapi header */

#ifndef _UAPI_LINUX_SSDK_H
#define _UAPI_LINUX_SSDK_H

#define SSDK_FAMILY_NAME	"ssdk"
#define SSDK_FAMILY_VERSION	1

/**
 * enum ssdk_cap - What this build of the module can do, as reported by
 *   info-get.
 * @SSDK_CAP_HIGHRES_TIMERS: High resolution timers are active, so timer-driven
 *   pacing and null_blk's timer mode complete with nanosecond precision.
 * @SSDK_CAP_BIO: The bio engine, submitting straight to the block layer.
 */
enum ssdk_cap {
	SSDK_CAP_HIGHRES_TIMERS = 1,
	SSDK_CAP_BIO = 2,
};

/**
 * enum ssdk_rw - What a run does.
 * @SSDK_RW_READ: Sequential reads.
 * @SSDK_RW_WRITE: Sequential writes.
 * @SSDK_RW_RANDREAD: Reads at uniformly random block-aligned offsets.
 * @SSDK_RW_RANDWRITE: Writes at uniformly random block-aligned offsets.
 */
enum ssdk_rw {
	SSDK_RW_READ,
	SSDK_RW_WRITE,
	SSDK_RW_RANDREAD,
	SSDK_RW_RANDWRITE,
};

/**
 * enum ssdk_state - Where a run is in its life.
 * @SSDK_STATE_RUNNING: Submitting IO.
 * @SSDK_STATE_STOPPING: Asked to stop; waiting for its IOs in flight.
 * @SSDK_STATE_DONE: Reached its runtime or IO count.
 * @SSDK_STATE_STOPPED: Stopped by a user or by the module's unloading; results
 *   are partial.
 * @SSDK_STATE_FAILED: Could not go on: the first IO error ends a run (its IOs
 *   in flight complete and count as errors); the reason attribute says why.
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
};

#define SSDK_MAX_IODEPTH	1024
#define SSDK_MIN_BS		512
#define SSDK_MAX_BS		1048576

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

	__SSDK_A_STATS_MAX,
	SSDK_A_STATS_MAX = (__SSDK_A_STATS_MAX - 1)
};

enum {
	SSDK_A_BUCKET_INDEX = 1,
	SSDK_A_BUCKET_COUNT,
	SSDK_A_BUCKET_PAD,

	__SSDK_A_BUCKET_MAX,
	SSDK_A_BUCKET_MAX = (__SSDK_A_BUCKET_MAX - 1)
};

enum {
	SSDK_CMD_INFO_GET = 1,
	SSDK_CMD_RUN_START,
	SSDK_CMD_RUN_GET,
	SSDK_CMD_RUN_STOP,
	SSDK_CMD_RUN_DEL,
	SSDK_CMD_RESULTS_GET,
	SSDK_CMD_RUN_END_NTF,

	__SSDK_CMD_MAX,
	SSDK_CMD_MAX = (__SSDK_CMD_MAX - 1)
};

#define SSDK_MCGRP_RUNS	"runs"

#endif /* _UAPI_LINUX_SSDK_H */
