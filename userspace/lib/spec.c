// SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause
/* Do not edit directly, auto-generated from:
 * 	Documentation/netlink/specs/ssdk.yaml
 * by scripts/ynl-gen-ssdk.py */

#include <stddef.h>

#include <linux/ssdk.h>

#include "spec.h"

static const char *const cap_names[] = {
	"highres-timers",
	"bio",
	"kfile",
};

static const char *const engine_names[] = {
	"bio",
	"kfile",
};

static const char *const rw_names[] = {
	"read",
	"write",
	"randread",
	"randwrite",
	"randrw",
	"readwrite",
};

static const char *const state_names[] = {
	"running",
	"stopping",
	"done",
	"stopped",
	"failed",
};

static const char *const op_names[] = {
	"read",
	"write",
};

static const char *const lat_kind_names[] = {
	"service",
	"response",
	"lateness",
};

static const char *const pattern_names[] = {
	"random",
	"zeros",
	"repeat",
	"compressible",
};

static const char *const arrivals_names[] = {
	"paced",
	"uniform",
	"poisson",
};

static const char *const purge_method_names[] = {
	"discard",
	"secure-discard",
	"write-zeroes",
};

static const char *const steady_track_names[] = {
	"iops",
	"bw",
	"lat-mean",
};

static const char *const replay_timing_names[] = {
	"original",
	"afap",
};

static const char *const replay_remap_names[] = {
	"none",
	"offset",
	"span",
};

/* name, type, flags, enum_id, nested, min, max, dflt */
static const struct ssdk_spec_attr info_attrs[] = {
	[SSDK_A_INFO_VERSION] =
		{ "version", SSDK_SPEC_TYPE_STRING, 0, -1, -1, 0ULL, 0ULL, 0ULL },
	[SSDK_A_INFO_KERNEL_RELEASE] =
		{ "kernel-release", SSDK_SPEC_TYPE_STRING, 0, -1, -1, 0ULL, 0ULL, 0ULL },
	[SSDK_A_INFO_CAPS] =
		{ "caps", SSDK_SPEC_TYPE_U64, 0, SSDK_SPEC_ENUM_CAP, -1, 0ULL, 0ULL, 0ULL },
	[SSDK_A_INFO_CPUS] =
		{ "cpus", SSDK_SPEC_TYPE_U32, 0, -1, -1, 0ULL, 0ULL, 0ULL },
	[SSDK_A_INFO_CLOCK_RES_NS] =
		{ "clock-res-ns", SSDK_SPEC_TYPE_U32, 0, -1, -1, 0ULL, 0ULL, 0ULL },
	[SSDK_A_INFO_MAX_RUNS] =
		{ "max-runs", SSDK_SPEC_TYPE_U32, 0, -1, -1, 0ULL, 0ULL, 0ULL },
	[SSDK_A_INFO_HIST_SUB_BITS] =
		{ "hist-sub-bits", SSDK_SPEC_TYPE_U32, 0, -1, -1, 0ULL, 0ULL, 0ULL },
	[SSDK_A_INFO_HIST_BUCKETS] =
		{ "hist-buckets", SSDK_SPEC_TYPE_U32, 0, -1, -1, 0ULL, 0ULL, 0ULL },
	[SSDK_A_INFO_PAD] =
		{ "pad", SSDK_SPEC_TYPE_PAD, 0, -1, -1, 0ULL, 0ULL, 0ULL },
};

/* name, type, flags, enum_id, nested, min, max, dflt */
static const struct ssdk_spec_attr run_attrs[] = {
	[SSDK_A_RUN_ID] =
		{ "id", SSDK_SPEC_TYPE_U32, SSDK_SPEC_HAS_MIN, -1, -1, 1ULL, 0ULL, 0ULL },
	[SSDK_A_RUN_STATE] =
		{ "state", SSDK_SPEC_TYPE_U32, SSDK_SPEC_HAS_MIN | SSDK_SPEC_HAS_MAX, SSDK_SPEC_ENUM_STATE, -1, 0ULL, 4ULL, 0ULL },
	[SSDK_A_RUN_TARGET] =
		{ "target", SSDK_SPEC_TYPE_STRING, SSDK_SPEC_HAS_MAX, -1, -1, 0ULL, 4095ULL, 0ULL },
	[SSDK_A_RUN_RW] =
		{ "rw", SSDK_SPEC_TYPE_U32, SSDK_SPEC_HAS_MIN | SSDK_SPEC_HAS_MAX | SSDK_SPEC_HAS_DEFAULT, SSDK_SPEC_ENUM_RW, -1, 0ULL, 5ULL, 2ULL },
	[SSDK_A_RUN_BS] =
		{ "bs", SSDK_SPEC_TYPE_U32, SSDK_SPEC_HAS_MIN | SSDK_SPEC_HAS_MAX | SSDK_SPEC_HAS_DEFAULT, -1, -1, 512ULL, 1048576ULL, 4096ULL },
	[SSDK_A_RUN_IODEPTH] =
		{ "iodepth", SSDK_SPEC_TYPE_U32, SSDK_SPEC_HAS_MIN | SSDK_SPEC_HAS_MAX | SSDK_SPEC_HAS_DEFAULT, -1, -1, 1ULL, 1024ULL, 1ULL },
	[SSDK_A_RUN_OFFSET] =
		{ "offset", SSDK_SPEC_TYPE_U64, 0, -1, -1, 0ULL, 0ULL, 0ULL },
	[SSDK_A_RUN_SPAN] =
		{ "span", SSDK_SPEC_TYPE_U64, SSDK_SPEC_HAS_MIN, -1, -1, 1ULL, 0ULL, 0ULL },
	[SSDK_A_RUN_RUNTIME_NS] =
		{ "runtime-ns", SSDK_SPEC_TYPE_U64, 0, -1, -1, 0ULL, 0ULL, 0ULL },
	[SSDK_A_RUN_IOS] =
		{ "ios", SSDK_SPEC_TYPE_U64, 0, -1, -1, 0ULL, 0ULL, 0ULL },
	[SSDK_A_RUN_RAMP_NS] =
		{ "ramp-ns", SSDK_SPEC_TYPE_U64, 0, -1, -1, 0ULL, 0ULL, 0ULL },
	[SSDK_A_RUN_SEED] =
		{ "seed", SSDK_SPEC_TYPE_U64, 0, -1, -1, 0ULL, 0ULL, 0ULL },
	[SSDK_A_RUN_CPU] =
		{ "cpu", SSDK_SPEC_TYPE_U32, 0, -1, -1, 0ULL, 0ULL, 0ULL },
	[SSDK_A_RUN_ALLOW_WRITE] =
		{ "allow-write", SSDK_SPEC_TYPE_FLAG, 0, -1, -1, 0ULL, 0ULL, 0ULL },
	[SSDK_A_RUN_REASON] =
		{ "reason", SSDK_SPEC_TYPE_STRING, 0, -1, -1, 0ULL, 0ULL, 0ULL },
	[SSDK_A_RUN_TARGET_SIZE] =
		{ "target-size", SSDK_SPEC_TYPE_U64, 0, -1, -1, 0ULL, 0ULL, 0ULL },
	[SSDK_A_RUN_LOGICAL_BLOCK_SIZE] =
		{ "logical-block-size", SSDK_SPEC_TYPE_U32, 0, -1, -1, 0ULL, 0ULL, 0ULL },
	[SSDK_A_RUN_ELAPSED_NS] =
		{ "elapsed-ns", SSDK_SPEC_TYPE_U64, 0, -1, -1, 0ULL, 0ULL, 0ULL },
	[SSDK_A_RUN_MEASURED_NS] =
		{ "measured-ns", SSDK_SPEC_TYPE_U64, 0, -1, -1, 0ULL, 0ULL, 0ULL },
	[SSDK_A_RUN_COMPLETED] =
		{ "completed", SSDK_SPEC_TYPE_U64, 0, -1, -1, 0ULL, 0ULL, 0ULL },
	[SSDK_A_RUN_IOPS_NOW] =
		{ "iops-now", SSDK_SPEC_TYPE_U64, 0, -1, -1, 0ULL, 0ULL, 0ULL },
	[SSDK_A_RUN_STATS] =
		{ "stats", SSDK_SPEC_TYPE_NEST, SSDK_SPEC_MULTI, -1, SSDK_SPEC_SET_STATS, 0ULL, 0ULL, 0ULL },
	[SSDK_A_RUN_PAD] =
		{ "pad", SSDK_SPEC_TYPE_PAD, 0, -1, -1, 0ULL, 0ULL, 0ULL },
	[SSDK_A_RUN_RWMIXREAD] =
		{ "rwmixread", SSDK_SPEC_TYPE_U32, SSDK_SPEC_HAS_MAX | SSDK_SPEC_HAS_DEFAULT, -1, -1, 0ULL, 100ULL, 50ULL },
	[SSDK_A_RUN_BS_SPLIT] =
		{ "bs-split", SSDK_SPEC_TYPE_NEST, SSDK_SPEC_HAS_MAX | SSDK_SPEC_MULTI, -1, SSDK_SPEC_SET_BS_SPLIT, 0ULL, 16ULL, 0ULL },
	[SSDK_A_RUN_ALIGN] =
		{ "align", SSDK_SPEC_TYPE_U32, SSDK_SPEC_HAS_MIN, -1, -1, 512ULL, 0ULL, 0ULL },
	[SSDK_A_RUN_ALIGN_OFFSET] =
		{ "align-offset", SSDK_SPEC_TYPE_U32, 0, -1, -1, 0ULL, 0ULL, 0ULL },
	[SSDK_A_RUN_STRIDE] =
		{ "stride", SSDK_SPEC_TYPE_U64, SSDK_SPEC_HAS_MIN, -1, -1, 1ULL, 0ULL, 0ULL },
	[SSDK_A_RUN_PATTERN] =
		{ "pattern", SSDK_SPEC_TYPE_U32, SSDK_SPEC_HAS_MIN | SSDK_SPEC_HAS_MAX | SSDK_SPEC_HAS_DEFAULT, SSDK_SPEC_ENUM_PATTERN, -1, 0ULL, 3ULL, 0ULL },
	[SSDK_A_RUN_PATTERN_BYTE] =
		{ "pattern-byte", SSDK_SPEC_TYPE_U32, SSDK_SPEC_HAS_MAX, -1, -1, 0ULL, 255ULL, 0ULL },
	[SSDK_A_RUN_COMPRESS_PCT] =
		{ "compress-pct", SSDK_SPEC_TYPE_U32, SSDK_SPEC_HAS_MAX, -1, -1, 0ULL, 99ULL, 0ULL },
	[SSDK_A_RUN_RATE_IOPS] =
		{ "rate-iops", SSDK_SPEC_TYPE_U32, SSDK_SPEC_HAS_MIN, -1, -1, 1ULL, 0ULL, 0ULL },
	[SSDK_A_RUN_ARRIVALS] =
		{ "arrivals", SSDK_SPEC_TYPE_U32, SSDK_SPEC_HAS_MIN | SSDK_SPEC_HAS_MAX | SSDK_SPEC_HAS_DEFAULT, SSDK_SPEC_ENUM_ARRIVALS, -1, 0ULL, 2ULL, 0ULL },
	[SSDK_A_RUN_LATE] =
		{ "late", SSDK_SPEC_TYPE_U64, 0, -1, -1, 0ULL, 0ULL, 0ULL },
	[SSDK_A_RUN_ENGINE] =
		{ "engine", SSDK_SPEC_TYPE_U32, SSDK_SPEC_HAS_MIN | SSDK_SPEC_HAS_MAX | SSDK_SPEC_HAS_DEFAULT, SSDK_SPEC_ENUM_ENGINE, -1, 0ULL, 1ULL, 0ULL },
	[SSDK_A_RUN_BUFFERED] =
		{ "buffered", SSDK_SPEC_TYPE_FLAG, 0, -1, -1, 0ULL, 0ULL, 0ULL },
	[SSDK_A_RUN_SLOWEST_N] =
		{ "slowest-n", SSDK_SPEC_TYPE_U32, SSDK_SPEC_HAS_MAX | SSDK_SPEC_HAS_DEFAULT, -1, -1, 0ULL, 4096ULL, 64ULL },
	[SSDK_A_RUN_SLOWEST] =
		{ "slowest", SSDK_SPEC_TYPE_NEST, SSDK_SPEC_HAS_MAX | SSDK_SPEC_MULTI, -1, SSDK_SPEC_SET_IO, 0ULL, 4096ULL, 0ULL },
	[SSDK_A_RUN_TS_INTERVAL_NS] =
		{ "ts-interval-ns", SSDK_SPEC_TYPE_U64, SSDK_SPEC_HAS_MIN | SSDK_SPEC_HAS_DEFAULT, -1, -1, 10000000ULL, 0ULL, 1000000000ULL },
	[SSDK_A_RUN_TS_COUNT] =
		{ "ts-count", SSDK_SPEC_TYPE_U32, 0, -1, -1, 0ULL, 0ULL, 0ULL },
	[SSDK_A_RUN_TS_DROPPED] =
		{ "ts-dropped", SSDK_SPEC_TYPE_U64, 0, -1, -1, 0ULL, 0ULL, 0ULL },
	[SSDK_A_RUN_FROM] =
		{ "from", SSDK_SPEC_TYPE_U32, 0, -1, -1, 0ULL, 0ULL, 0ULL },
	[SSDK_A_RUN_INTERVAL] =
		{ "interval", SSDK_SPEC_TYPE_NEST, SSDK_SPEC_MULTI, -1, SSDK_SPEC_SET_INTERVAL, 0ULL, 0ULL, 0ULL },
	[SSDK_A_RUN_CAPTURE_OVER_NS] =
		{ "capture-over-ns", SSDK_SPEC_TYPE_U64, SSDK_SPEC_HAS_MIN, -1, -1, 1ULL, 0ULL, 0ULL },
	[SSDK_A_RUN_CAPTURED_COUNT] =
		{ "captured-count", SSDK_SPEC_TYPE_U32, 0, -1, -1, 0ULL, 0ULL, 0ULL },
	[SSDK_A_RUN_CAPTURED_DROPPED] =
		{ "captured-dropped", SSDK_SPEC_TYPE_U64, 0, -1, -1, 0ULL, 0ULL, 0ULL },
	[SSDK_A_RUN_CAPTURED] =
		{ "captured", SSDK_SPEC_TYPE_NEST, SSDK_SPEC_MULTI, -1, SSDK_SPEC_SET_IO, 0ULL, 0ULL, 0ULL },
	[SSDK_A_RUN_MAX_ERRORS] =
		{ "max-errors", SSDK_SPEC_TYPE_U64, 0, -1, -1, 0ULL, 0ULL, 0ULL },
	[SSDK_A_RUN_OWNED] =
		{ "owned", SSDK_SPEC_TYPE_FLAG, 0, -1, -1, 0ULL, 0ULL, 0ULL },
	[SSDK_A_RUN_IO_ERRORS] =
		{ "io-errors", SSDK_SPEC_TYPE_U64, 0, -1, -1, 0ULL, 0ULL, 0ULL },
	[SSDK_A_RUN_DRY_RUN] =
		{ "dry-run", SSDK_SPEC_TYPE_FLAG, 0, -1, -1, 0ULL, 0ULL, 0ULL },
	[SSDK_A_RUN_PURGE] =
		{ "purge", SSDK_SPEC_TYPE_U32, SSDK_SPEC_HAS_MIN | SSDK_SPEC_HAS_MAX, SSDK_SPEC_ENUM_PURGE_METHOD, -1, 0ULL, 2ULL, 0ULL },
	[SSDK_A_RUN_ROUNDS] =
		{ "rounds", SSDK_SPEC_TYPE_U32, SSDK_SPEC_HAS_MIN | SSDK_SPEC_HAS_MAX, -1, -1, 1ULL, 1000ULL, 0ULL },
	[SSDK_A_RUN_ROUND_NS] =
		{ "round-ns", SSDK_SPEC_TYPE_U64, SSDK_SPEC_HAS_MIN, -1, -1, 1ULL, 0ULL, 0ULL },
	[SSDK_A_RUN_STEADY_TRACK] =
		{ "steady-track", SSDK_SPEC_TYPE_U32, SSDK_SPEC_HAS_MIN | SSDK_SPEC_HAS_MAX, SSDK_SPEC_ENUM_STEADY_TRACK, -1, 0ULL, 2ULL, 0ULL },
	[SSDK_A_RUN_STEADY_RANGE_PCT] =
		{ "steady-range-pct", SSDK_SPEC_TYPE_U32, SSDK_SPEC_HAS_MIN | SSDK_SPEC_HAS_MAX | SSDK_SPEC_HAS_DEFAULT, -1, -1, 1ULL, 100ULL, 20ULL },
	[SSDK_A_RUN_STEADY_SLOPE_PCT] =
		{ "steady-slope-pct", SSDK_SPEC_TYPE_U32, SSDK_SPEC_HAS_MIN | SSDK_SPEC_HAS_MAX | SSDK_SPEC_HAS_DEFAULT, -1, -1, 1ULL, 100ULL, 10ULL },
	[SSDK_A_RUN_ROUNDS_DONE] =
		{ "rounds-done", SSDK_SPEC_TYPE_U32, 0, -1, -1, 0ULL, 0ULL, 0ULL },
	[SSDK_A_RUN_STEADY_ROUND] =
		{ "steady-round", SSDK_SPEC_TYPE_U32, 0, -1, -1, 0ULL, 0ULL, 0ULL },
	[SSDK_A_RUN_BATCH] =
		{ "batch", SSDK_SPEC_TYPE_U32, SSDK_SPEC_HAS_MIN | SSDK_SPEC_HAS_MAX, -1, -1, 1ULL, 32ULL, 0ULL },
	[SSDK_A_RUN_POLLED] =
		{ "polled", SSDK_SPEC_TYPE_FLAG, 0, -1, -1, 0ULL, 0ULL, 0ULL },
	[SSDK_A_RUN_CPU_NS] =
		{ "cpu-ns", SSDK_SPEC_TYPE_U64, 0, -1, -1, 0ULL, 0ULL, 0ULL },
	[SSDK_A_RUN_MEASUREMENT_OVERHEAD_NS] =
		{ "measurement-overhead-ns", SSDK_SPEC_TYPE_U64, 0, -1, -1, 0ULL, 0ULL, 0ULL },
	[SSDK_A_RUN_CLOCK_READ_NS] =
		{ "clock-read-ns", SSDK_SPEC_TYPE_U64, 0, -1, -1, 0ULL, 0ULL, 0ULL },
	[SSDK_A_RUN_UNPOLLED] =
		{ "unpolled", SSDK_SPEC_TYPE_U64, 0, -1, -1, 0ULL, 0ULL, 0ULL },
	[SSDK_A_RUN_WORKERS] =
		{ "workers", SSDK_SPEC_TYPE_U32, SSDK_SPEC_HAS_MIN | SSDK_SPEC_HAS_MAX, -1, -1, 1ULL, 64ULL, 0ULL },
	[SSDK_A_RUN_CPUS] =
		{ "cpus", SSDK_SPEC_TYPE_U32, SSDK_SPEC_MULTI, -1, -1, 0ULL, 0ULL, 0ULL },
	[SSDK_A_RUN_TRACE] =
		{ "trace", SSDK_SPEC_TYPE_U32, SSDK_SPEC_HAS_MIN, -1, -1, 1ULL, 0ULL, 0ULL },
	[SSDK_A_RUN_REPLAY_TIMING] =
		{ "replay-timing", SSDK_SPEC_TYPE_U32, SSDK_SPEC_HAS_MIN | SSDK_SPEC_HAS_MAX | SSDK_SPEC_HAS_DEFAULT, SSDK_SPEC_ENUM_REPLAY_TIMING, -1, 0ULL, 1ULL, 0ULL },
	[SSDK_A_RUN_REPLAY_SCALE] =
		{ "replay-scale", SSDK_SPEC_TYPE_U32, SSDK_SPEC_HAS_MIN | SSDK_SPEC_HAS_MAX | SSDK_SPEC_HAS_DEFAULT, -1, -1, 1ULL, 1000000ULL, 1000ULL },
	[SSDK_A_RUN_REPLAY_REMAP] =
		{ "replay-remap", SSDK_SPEC_TYPE_U32, SSDK_SPEC_HAS_MIN | SSDK_SPEC_HAS_MAX | SSDK_SPEC_HAS_DEFAULT, SSDK_SPEC_ENUM_REPLAY_REMAP, -1, 0ULL, 2ULL, 0ULL },
};

/* name, type, flags, enum_id, nested, min, max, dflt */
static const struct ssdk_spec_attr stats_attrs[] = {
	[SSDK_A_STATS_OP] =
		{ "op", SSDK_SPEC_TYPE_U32, SSDK_SPEC_HAS_MIN | SSDK_SPEC_HAS_MAX, SSDK_SPEC_ENUM_OP, -1, 0ULL, 1ULL, 0ULL },
	[SSDK_A_STATS_IOS] =
		{ "ios", SSDK_SPEC_TYPE_U64, 0, -1, -1, 0ULL, 0ULL, 0ULL },
	[SSDK_A_STATS_BYTES] =
		{ "bytes", SSDK_SPEC_TYPE_U64, 0, -1, -1, 0ULL, 0ULL, 0ULL },
	[SSDK_A_STATS_ERRORS] =
		{ "errors", SSDK_SPEC_TYPE_U64, 0, -1, -1, 0ULL, 0ULL, 0ULL },
	[SSDK_A_STATS_LAT_MIN_NS] =
		{ "lat-min-ns", SSDK_SPEC_TYPE_U64, 0, -1, -1, 0ULL, 0ULL, 0ULL },
	[SSDK_A_STATS_LAT_MAX_NS] =
		{ "lat-max-ns", SSDK_SPEC_TYPE_U64, 0, -1, -1, 0ULL, 0ULL, 0ULL },
	[SSDK_A_STATS_LAT_SUM_NS] =
		{ "lat-sum-ns", SSDK_SPEC_TYPE_U64, 0, -1, -1, 0ULL, 0ULL, 0ULL },
	[SSDK_A_STATS_LAT_SUMSQ_HI] =
		{ "lat-sumsq-hi", SSDK_SPEC_TYPE_U64, 0, -1, -1, 0ULL, 0ULL, 0ULL },
	[SSDK_A_STATS_LAT_SUMSQ_LO] =
		{ "lat-sumsq-lo", SSDK_SPEC_TYPE_U64, 0, -1, -1, 0ULL, 0ULL, 0ULL },
	[SSDK_A_STATS_BUCKET] =
		{ "bucket", SSDK_SPEC_TYPE_NEST, SSDK_SPEC_MULTI, -1, SSDK_SPEC_SET_BUCKET, 0ULL, 0ULL, 0ULL },
	[SSDK_A_STATS_PAD] =
		{ "pad", SSDK_SPEC_TYPE_PAD, 0, -1, -1, 0ULL, 0ULL, 0ULL },
	[SSDK_A_STATS_KIND] =
		{ "kind", SSDK_SPEC_TYPE_U32, SSDK_SPEC_HAS_MIN | SSDK_SPEC_HAS_MAX, SSDK_SPEC_ENUM_LAT_KIND, -1, 0ULL, 2ULL, 0ULL },
};

/* name, type, flags, enum_id, nested, min, max, dflt */
static const struct ssdk_spec_attr io_attrs[] = {
	[SSDK_A_IO_LAT_NS] =
		{ "lat-ns", SSDK_SPEC_TYPE_U64, 0, -1, -1, 0ULL, 0ULL, 0ULL },
	[SSDK_A_IO_OP] =
		{ "op", SSDK_SPEC_TYPE_U32, SSDK_SPEC_HAS_MIN | SSDK_SPEC_HAS_MAX, SSDK_SPEC_ENUM_OP, -1, 0ULL, 1ULL, 0ULL },
	[SSDK_A_IO_OFFSET] =
		{ "offset", SSDK_SPEC_TYPE_U64, 0, -1, -1, 0ULL, 0ULL, 0ULL },
	[SSDK_A_IO_LEN] =
		{ "len", SSDK_SPEC_TYPE_U32, 0, -1, -1, 0ULL, 0ULL, 0ULL },
	[SSDK_A_IO_T_NS] =
		{ "t-ns", SSDK_SPEC_TYPE_U64, 0, -1, -1, 0ULL, 0ULL, 0ULL },
	[SSDK_A_IO_CPU_SUBMIT] =
		{ "cpu-submit", SSDK_SPEC_TYPE_U32, 0, -1, -1, 0ULL, 0ULL, 0ULL },
	[SSDK_A_IO_CPU_COMPLETE] =
		{ "cpu-complete", SSDK_SPEC_TYPE_U32, 0, -1, -1, 0ULL, 0ULL, 0ULL },
	[SSDK_A_IO_INFLIGHT] =
		{ "inflight", SSDK_SPEC_TYPE_U32, 0, -1, -1, 0ULL, 0ULL, 0ULL },
	[SSDK_A_IO_PAD] =
		{ "pad", SSDK_SPEC_TYPE_PAD, 0, -1, -1, 0ULL, 0ULL, 0ULL },
};

/* name, type, flags, enum_id, nested, min, max, dflt */
static const struct ssdk_spec_attr interval_attrs[] = {
	[SSDK_A_INTERVAL_INDEX] =
		{ "index", SSDK_SPEC_TYPE_U32, 0, -1, -1, 0ULL, 0ULL, 0ULL },
	[SSDK_A_INTERVAL_OPS] =
		{ "ops", SSDK_SPEC_TYPE_NEST, SSDK_SPEC_MULTI, -1, SSDK_SPEC_SET_INTERVAL_OP, 0ULL, 0ULL, 0ULL },
};

/* name, type, flags, enum_id, nested, min, max, dflt */
static const struct ssdk_spec_attr interval_op_attrs[] = {
	[SSDK_A_INTERVAL_OP_OP] =
		{ "op", SSDK_SPEC_TYPE_U32, SSDK_SPEC_HAS_MIN | SSDK_SPEC_HAS_MAX, SSDK_SPEC_ENUM_OP, -1, 0ULL, 1ULL, 0ULL },
	[SSDK_A_INTERVAL_OP_IOS] =
		{ "ios", SSDK_SPEC_TYPE_U64, 0, -1, -1, 0ULL, 0ULL, 0ULL },
	[SSDK_A_INTERVAL_OP_BYTES] =
		{ "bytes", SSDK_SPEC_TYPE_U64, 0, -1, -1, 0ULL, 0ULL, 0ULL },
	[SSDK_A_INTERVAL_OP_LAT_SUM_NS] =
		{ "lat-sum-ns", SSDK_SPEC_TYPE_U64, 0, -1, -1, 0ULL, 0ULL, 0ULL },
	[SSDK_A_INTERVAL_OP_LAT_MAX_NS] =
		{ "lat-max-ns", SSDK_SPEC_TYPE_U64, 0, -1, -1, 0ULL, 0ULL, 0ULL },
	[SSDK_A_INTERVAL_OP_LAT_P99_NS] =
		{ "lat-p99-ns", SSDK_SPEC_TYPE_U64, 0, -1, -1, 0ULL, 0ULL, 0ULL },
	[SSDK_A_INTERVAL_OP_PAD] =
		{ "pad", SSDK_SPEC_TYPE_PAD, 0, -1, -1, 0ULL, 0ULL, 0ULL },
};

/* name, type, flags, enum_id, nested, min, max, dflt */
static const struct ssdk_spec_attr bs_split_attrs[] = {
	[SSDK_A_BS_SPLIT_BS] =
		{ "bs", SSDK_SPEC_TYPE_U32, SSDK_SPEC_HAS_MIN, -1, -1, 512ULL, 0ULL, 0ULL },
	[SSDK_A_BS_SPLIT_PCT] =
		{ "pct", SSDK_SPEC_TYPE_U32, SSDK_SPEC_HAS_MIN | SSDK_SPEC_HAS_MAX, -1, -1, 1ULL, 100ULL, 0ULL },
};

/* name, type, flags, enum_id, nested, min, max, dflt */
static const struct ssdk_spec_attr bucket_attrs[] = {
	[SSDK_A_BUCKET_INDEX] =
		{ "index", SSDK_SPEC_TYPE_U32, 0, -1, -1, 0ULL, 0ULL, 0ULL },
	[SSDK_A_BUCKET_COUNT] =
		{ "count", SSDK_SPEC_TYPE_U64, 0, -1, -1, 0ULL, 0ULL, 0ULL },
	[SSDK_A_BUCKET_PAD] =
		{ "pad", SSDK_SPEC_TYPE_PAD, 0, -1, -1, 0ULL, 0ULL, 0ULL },
};

/* name, type, flags, enum_id, nested, min, max, dflt */
static const struct ssdk_spec_attr trace_attrs[] = {
	[SSDK_A_TRACE_ID] =
		{ "id", SSDK_SPEC_TYPE_U32, SSDK_SPEC_HAS_MIN, -1, -1, 1ULL, 0ULL, 0ULL },
	[SSDK_A_TRACE_IOS] =
		{ "ios", SSDK_SPEC_TYPE_U32, SSDK_SPEC_HAS_MIN | SSDK_SPEC_HAS_MAX, -1, -1, 1ULL, 2097152ULL, 0ULL },
	[SSDK_A_TRACE_CHUNK] =
		{ "chunk", SSDK_SPEC_TYPE_BINARY, 0, -1, -1, 0ULL, 0ULL, 0ULL },
};

static const uint16_t info_get_do_request[] = {
	SSDK_A_INFO_PAD,
	0
};

static const uint16_t info_get_do_reply[] = {
	SSDK_A_INFO_VERSION,
	SSDK_A_INFO_KERNEL_RELEASE,
	SSDK_A_INFO_CAPS,
	SSDK_A_INFO_CPUS,
	SSDK_A_INFO_CLOCK_RES_NS,
	SSDK_A_INFO_MAX_RUNS,
	SSDK_A_INFO_HIST_SUB_BITS,
	SSDK_A_INFO_HIST_BUCKETS,
	0
};

static const uint16_t run_start_do_request[] = {
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
	SSDK_A_RUN_ENGINE,
	SSDK_A_RUN_BUFFERED,
	SSDK_A_RUN_SLOWEST_N,
	SSDK_A_RUN_TS_INTERVAL_NS,
	SSDK_A_RUN_CAPTURE_OVER_NS,
	SSDK_A_RUN_MAX_ERRORS,
	SSDK_A_RUN_OWNED,
	SSDK_A_RUN_DRY_RUN,
	SSDK_A_RUN_ROUNDS,
	SSDK_A_RUN_ROUND_NS,
	SSDK_A_RUN_STEADY_TRACK,
	SSDK_A_RUN_STEADY_RANGE_PCT,
	SSDK_A_RUN_STEADY_SLOPE_PCT,
	SSDK_A_RUN_PURGE,
	SSDK_A_RUN_BATCH,
	SSDK_A_RUN_POLLED,
	SSDK_A_RUN_WORKERS,
	SSDK_A_RUN_CPUS,
	SSDK_A_RUN_TRACE,
	SSDK_A_RUN_REPLAY_TIMING,
	SSDK_A_RUN_REPLAY_SCALE,
	SSDK_A_RUN_REPLAY_REMAP,
	0
};

static const uint16_t run_start_do_reply[] = {
	SSDK_A_RUN_ID,
	0
};

static const uint16_t run_get_do_request[] = {
	SSDK_A_RUN_ID,
	0
};

static const uint16_t run_get_do_reply[] = {
	SSDK_A_RUN_ID,
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
	SSDK_A_RUN_REASON,
	SSDK_A_RUN_TARGET_SIZE,
	SSDK_A_RUN_LOGICAL_BLOCK_SIZE,
	SSDK_A_RUN_ELAPSED_NS,
	SSDK_A_RUN_MEASURED_NS,
	SSDK_A_RUN_COMPLETED,
	SSDK_A_RUN_IOPS_NOW,
	SSDK_A_RUN_STATS,
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
	SSDK_A_RUN_TS_INTERVAL_NS,
	SSDK_A_RUN_TS_COUNT,
	SSDK_A_RUN_TS_DROPPED,
	SSDK_A_RUN_CAPTURE_OVER_NS,
	SSDK_A_RUN_CAPTURED_COUNT,
	SSDK_A_RUN_CAPTURED_DROPPED,
	SSDK_A_RUN_MAX_ERRORS,
	SSDK_A_RUN_OWNED,
	SSDK_A_RUN_IO_ERRORS,
	SSDK_A_RUN_ROUNDS,
	SSDK_A_RUN_ROUND_NS,
	SSDK_A_RUN_STEADY_TRACK,
	SSDK_A_RUN_STEADY_RANGE_PCT,
	SSDK_A_RUN_STEADY_SLOPE_PCT,
	SSDK_A_RUN_ROUNDS_DONE,
	SSDK_A_RUN_STEADY_ROUND,
	SSDK_A_RUN_PURGE,
	SSDK_A_RUN_BATCH,
	SSDK_A_RUN_POLLED,
	SSDK_A_RUN_CPU_NS,
	SSDK_A_RUN_MEASUREMENT_OVERHEAD_NS,
	SSDK_A_RUN_CLOCK_READ_NS,
	SSDK_A_RUN_UNPOLLED,
	SSDK_A_RUN_WORKERS,
	SSDK_A_RUN_CPUS,
	SSDK_A_RUN_REPLAY_TIMING,
	SSDK_A_RUN_REPLAY_SCALE,
	SSDK_A_RUN_REPLAY_REMAP,
	0
};

static const uint16_t run_get_dump_reply[] = {
	SSDK_A_RUN_ID,
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
	SSDK_A_RUN_REASON,
	SSDK_A_RUN_TARGET_SIZE,
	SSDK_A_RUN_LOGICAL_BLOCK_SIZE,
	SSDK_A_RUN_ELAPSED_NS,
	SSDK_A_RUN_MEASURED_NS,
	SSDK_A_RUN_COMPLETED,
	SSDK_A_RUN_IOPS_NOW,
	SSDK_A_RUN_STATS,
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
	SSDK_A_RUN_TS_INTERVAL_NS,
	SSDK_A_RUN_TS_COUNT,
	SSDK_A_RUN_TS_DROPPED,
	SSDK_A_RUN_CAPTURE_OVER_NS,
	SSDK_A_RUN_CAPTURED_COUNT,
	SSDK_A_RUN_CAPTURED_DROPPED,
	SSDK_A_RUN_MAX_ERRORS,
	SSDK_A_RUN_OWNED,
	SSDK_A_RUN_IO_ERRORS,
	SSDK_A_RUN_ROUNDS,
	SSDK_A_RUN_ROUND_NS,
	SSDK_A_RUN_STEADY_TRACK,
	SSDK_A_RUN_STEADY_RANGE_PCT,
	SSDK_A_RUN_STEADY_SLOPE_PCT,
	SSDK_A_RUN_ROUNDS_DONE,
	SSDK_A_RUN_STEADY_ROUND,
	SSDK_A_RUN_PURGE,
	SSDK_A_RUN_BATCH,
	SSDK_A_RUN_POLLED,
	SSDK_A_RUN_CPU_NS,
	SSDK_A_RUN_MEASUREMENT_OVERHEAD_NS,
	SSDK_A_RUN_CLOCK_READ_NS,
	SSDK_A_RUN_UNPOLLED,
	SSDK_A_RUN_WORKERS,
	SSDK_A_RUN_CPUS,
	SSDK_A_RUN_REPLAY_TIMING,
	SSDK_A_RUN_REPLAY_SCALE,
	SSDK_A_RUN_REPLAY_REMAP,
	0
};

static const uint16_t run_stop_do_request[] = {
	SSDK_A_RUN_ID,
	0
};

static const uint16_t run_stop_do_reply[] = {
	SSDK_A_RUN_ID,
	SSDK_A_RUN_STATE,
	0
};

static const uint16_t run_del_do_request[] = {
	SSDK_A_RUN_ID,
	SSDK_A_RUN_DRY_RUN,
	0
};

static const uint16_t results_get_do_request[] = {
	SSDK_A_RUN_ID,
	0
};

static const uint16_t results_get_do_reply[] = {
	SSDK_A_RUN_ID,
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
	SSDK_A_RUN_REASON,
	SSDK_A_RUN_TARGET_SIZE,
	SSDK_A_RUN_LOGICAL_BLOCK_SIZE,
	SSDK_A_RUN_ELAPSED_NS,
	SSDK_A_RUN_MEASURED_NS,
	SSDK_A_RUN_COMPLETED,
	SSDK_A_RUN_IOPS_NOW,
	SSDK_A_RUN_STATS,
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
	SSDK_A_RUN_TS_INTERVAL_NS,
	SSDK_A_RUN_TS_COUNT,
	SSDK_A_RUN_TS_DROPPED,
	SSDK_A_RUN_CAPTURE_OVER_NS,
	SSDK_A_RUN_CAPTURED_COUNT,
	SSDK_A_RUN_CAPTURED_DROPPED,
	SSDK_A_RUN_MAX_ERRORS,
	SSDK_A_RUN_OWNED,
	SSDK_A_RUN_IO_ERRORS,
	SSDK_A_RUN_ROUNDS,
	SSDK_A_RUN_ROUND_NS,
	SSDK_A_RUN_STEADY_TRACK,
	SSDK_A_RUN_STEADY_RANGE_PCT,
	SSDK_A_RUN_STEADY_SLOPE_PCT,
	SSDK_A_RUN_ROUNDS_DONE,
	SSDK_A_RUN_STEADY_ROUND,
	SSDK_A_RUN_PURGE,
	SSDK_A_RUN_BATCH,
	SSDK_A_RUN_POLLED,
	SSDK_A_RUN_CPU_NS,
	SSDK_A_RUN_MEASUREMENT_OVERHEAD_NS,
	SSDK_A_RUN_CLOCK_READ_NS,
	SSDK_A_RUN_UNPOLLED,
	SSDK_A_RUN_WORKERS,
	SSDK_A_RUN_CPUS,
	SSDK_A_RUN_REPLAY_TIMING,
	SSDK_A_RUN_REPLAY_SCALE,
	SSDK_A_RUN_REPLAY_REMAP,
	0
};

static const uint16_t results_get_dump_reply[] = {
	SSDK_A_RUN_ID,
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
	SSDK_A_RUN_REASON,
	SSDK_A_RUN_TARGET_SIZE,
	SSDK_A_RUN_LOGICAL_BLOCK_SIZE,
	SSDK_A_RUN_ELAPSED_NS,
	SSDK_A_RUN_MEASURED_NS,
	SSDK_A_RUN_COMPLETED,
	SSDK_A_RUN_IOPS_NOW,
	SSDK_A_RUN_STATS,
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
	SSDK_A_RUN_TS_INTERVAL_NS,
	SSDK_A_RUN_TS_COUNT,
	SSDK_A_RUN_TS_DROPPED,
	SSDK_A_RUN_CAPTURE_OVER_NS,
	SSDK_A_RUN_CAPTURED_COUNT,
	SSDK_A_RUN_CAPTURED_DROPPED,
	SSDK_A_RUN_MAX_ERRORS,
	SSDK_A_RUN_OWNED,
	SSDK_A_RUN_IO_ERRORS,
	SSDK_A_RUN_ROUNDS,
	SSDK_A_RUN_ROUND_NS,
	SSDK_A_RUN_STEADY_TRACK,
	SSDK_A_RUN_STEADY_RANGE_PCT,
	SSDK_A_RUN_STEADY_SLOPE_PCT,
	SSDK_A_RUN_ROUNDS_DONE,
	SSDK_A_RUN_STEADY_ROUND,
	SSDK_A_RUN_PURGE,
	SSDK_A_RUN_BATCH,
	SSDK_A_RUN_POLLED,
	SSDK_A_RUN_CPU_NS,
	SSDK_A_RUN_MEASUREMENT_OVERHEAD_NS,
	SSDK_A_RUN_CLOCK_READ_NS,
	SSDK_A_RUN_UNPOLLED,
	SSDK_A_RUN_WORKERS,
	SSDK_A_RUN_CPUS,
	SSDK_A_RUN_REPLAY_TIMING,
	SSDK_A_RUN_REPLAY_SCALE,
	SSDK_A_RUN_REPLAY_REMAP,
	0
};

static const uint16_t run_end_ntf_do_reply[] = {
	SSDK_A_RUN_ID,
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
	SSDK_A_RUN_REASON,
	SSDK_A_RUN_TARGET_SIZE,
	SSDK_A_RUN_LOGICAL_BLOCK_SIZE,
	SSDK_A_RUN_ELAPSED_NS,
	SSDK_A_RUN_MEASURED_NS,
	SSDK_A_RUN_COMPLETED,
	SSDK_A_RUN_IOPS_NOW,
	SSDK_A_RUN_STATS,
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
	SSDK_A_RUN_TS_INTERVAL_NS,
	SSDK_A_RUN_TS_COUNT,
	SSDK_A_RUN_TS_DROPPED,
	SSDK_A_RUN_CAPTURE_OVER_NS,
	SSDK_A_RUN_CAPTURED_COUNT,
	SSDK_A_RUN_CAPTURED_DROPPED,
	SSDK_A_RUN_MAX_ERRORS,
	SSDK_A_RUN_OWNED,
	SSDK_A_RUN_IO_ERRORS,
	SSDK_A_RUN_ROUNDS,
	SSDK_A_RUN_ROUND_NS,
	SSDK_A_RUN_STEADY_TRACK,
	SSDK_A_RUN_STEADY_RANGE_PCT,
	SSDK_A_RUN_STEADY_SLOPE_PCT,
	SSDK_A_RUN_ROUNDS_DONE,
	SSDK_A_RUN_STEADY_ROUND,
	SSDK_A_RUN_PURGE,
	SSDK_A_RUN_BATCH,
	SSDK_A_RUN_POLLED,
	SSDK_A_RUN_CPU_NS,
	SSDK_A_RUN_MEASUREMENT_OVERHEAD_NS,
	SSDK_A_RUN_CLOCK_READ_NS,
	SSDK_A_RUN_UNPOLLED,
	SSDK_A_RUN_WORKERS,
	SSDK_A_RUN_CPUS,
	SSDK_A_RUN_REPLAY_TIMING,
	SSDK_A_RUN_REPLAY_SCALE,
	SSDK_A_RUN_REPLAY_REMAP,
	0
};

static const uint16_t slowest_get_do_request[] = {
	SSDK_A_RUN_ID,
	0
};

static const uint16_t slowest_get_do_reply[] = {
	SSDK_A_RUN_ID,
	0
};

static const uint16_t slowest_get_dump_reply[] = {
	SSDK_A_RUN_ID,
	SSDK_A_RUN_SLOWEST,
	0
};

static const uint16_t timeseries_get_do_request[] = {
	SSDK_A_RUN_ID,
	SSDK_A_RUN_FROM,
	0
};

static const uint16_t timeseries_get_do_reply[] = {
	SSDK_A_RUN_ID,
	0
};

static const uint16_t timeseries_get_dump_reply[] = {
	SSDK_A_RUN_ID,
	SSDK_A_RUN_INTERVAL,
	0
};

static const uint16_t captured_get_do_request[] = {
	SSDK_A_RUN_ID,
	SSDK_A_RUN_FROM,
	0
};

static const uint16_t captured_get_do_reply[] = {
	SSDK_A_RUN_ID,
	0
};

static const uint16_t captured_get_dump_reply[] = {
	SSDK_A_RUN_ID,
	SSDK_A_RUN_CAPTURED,
	0
};

static const uint16_t trace_new_do_request[] = {
	SSDK_A_TRACE_IOS,
	0
};

static const uint16_t trace_new_do_reply[] = {
	SSDK_A_TRACE_ID,
	0
};

static const uint16_t trace_load_do_request[] = {
	SSDK_A_TRACE_ID,
	SSDK_A_TRACE_CHUNK,
	0
};

static const uint16_t trace_load_do_reply[] = {
	SSDK_A_TRACE_ID,
	SSDK_A_TRACE_IOS,
	0
};

const struct ssdk_spec_set ssdk_spec_sets[SSDK_SPEC_NR_SETS] = {
	[SSDK_SPEC_SET_INFO] = { "info", SSDK_A_INFO_MAX, info_attrs },
	[SSDK_SPEC_SET_RUN] = { "run", SSDK_A_RUN_MAX, run_attrs },
	[SSDK_SPEC_SET_STATS] = { "stats", SSDK_A_STATS_MAX, stats_attrs },
	[SSDK_SPEC_SET_IO] = { "io", SSDK_A_IO_MAX, io_attrs },
	[SSDK_SPEC_SET_INTERVAL] = { "interval", SSDK_A_INTERVAL_MAX, interval_attrs },
	[SSDK_SPEC_SET_INTERVAL_OP] = { "interval-op", SSDK_A_INTERVAL_OP_MAX, interval_op_attrs },
	[SSDK_SPEC_SET_BS_SPLIT] = { "bs-split", SSDK_A_BS_SPLIT_MAX, bs_split_attrs },
	[SSDK_SPEC_SET_BUCKET] = { "bucket", SSDK_A_BUCKET_MAX, bucket_attrs },
	[SSDK_SPEC_SET_TRACE] = { "trace", SSDK_A_TRACE_MAX, trace_attrs },
};

const struct ssdk_spec_enum ssdk_spec_enums[SSDK_SPEC_NR_ENUMS] = {
	[SSDK_SPEC_ENUM_CAP] = { "cap", 1, 3, cap_names },
	[SSDK_SPEC_ENUM_ENGINE] = { "engine", 0, 2, engine_names },
	[SSDK_SPEC_ENUM_RW] = { "rw", 0, 6, rw_names },
	[SSDK_SPEC_ENUM_STATE] = { "state", 0, 5, state_names },
	[SSDK_SPEC_ENUM_OP] = { "op", 0, 2, op_names },
	[SSDK_SPEC_ENUM_LAT_KIND] = { "lat-kind", 0, 3, lat_kind_names },
	[SSDK_SPEC_ENUM_PATTERN] = { "pattern", 0, 4, pattern_names },
	[SSDK_SPEC_ENUM_ARRIVALS] = { "arrivals", 0, 3, arrivals_names },
	[SSDK_SPEC_ENUM_PURGE_METHOD] = { "purge-method", 0, 3, purge_method_names },
	[SSDK_SPEC_ENUM_STEADY_TRACK] = { "steady-track", 0, 3, steady_track_names },
	[SSDK_SPEC_ENUM_REPLAY_TIMING] = { "replay-timing", 0, 2, replay_timing_names },
	[SSDK_SPEC_ENUM_REPLAY_REMAP] = { "replay-remap", 0, 3, replay_remap_names },
};

const struct ssdk_spec_op ssdk_spec_ops[13] = {
	[SSDK_CMD_INFO_GET] = { "info-get", SSDK_SPEC_SET_INFO,
		.do_request = info_get_do_request, .do_reply = info_get_do_reply, .dump_reply = NULL },
	[SSDK_CMD_RUN_START] = { "run-start", SSDK_SPEC_SET_RUN,
		.do_request = run_start_do_request, .do_reply = run_start_do_reply, .dump_reply = NULL },
	[SSDK_CMD_RUN_GET] = { "run-get", SSDK_SPEC_SET_RUN,
		.do_request = run_get_do_request, .do_reply = run_get_do_reply, .dump_reply = run_get_dump_reply },
	[SSDK_CMD_RUN_STOP] = { "run-stop", SSDK_SPEC_SET_RUN,
		.do_request = run_stop_do_request, .do_reply = run_stop_do_reply, .dump_reply = NULL },
	[SSDK_CMD_RUN_DEL] = { "run-del", SSDK_SPEC_SET_RUN,
		.do_request = run_del_do_request, .do_reply = NULL, .dump_reply = NULL },
	[SSDK_CMD_RESULTS_GET] = { "results-get", SSDK_SPEC_SET_RUN,
		.do_request = results_get_do_request, .do_reply = results_get_do_reply, .dump_reply = results_get_dump_reply },
	[SSDK_CMD_RUN_END_NTF] = { "run-end-ntf", SSDK_SPEC_SET_RUN,
		.do_request = NULL, .do_reply = run_end_ntf_do_reply, .dump_reply = NULL },
	[SSDK_CMD_SLOWEST_GET] = { "slowest-get", SSDK_SPEC_SET_RUN,
		.do_request = slowest_get_do_request, .do_reply = slowest_get_do_reply, .dump_reply = slowest_get_dump_reply },
	[SSDK_CMD_TIMESERIES_GET] = { "timeseries-get", SSDK_SPEC_SET_RUN,
		.do_request = timeseries_get_do_request, .do_reply = timeseries_get_do_reply, .dump_reply = timeseries_get_dump_reply },
	[SSDK_CMD_CAPTURED_GET] = { "captured-get", SSDK_SPEC_SET_RUN,
		.do_request = captured_get_do_request, .do_reply = captured_get_do_reply, .dump_reply = captured_get_dump_reply },
	[SSDK_CMD_TRACE_NEW] = { "trace-new", SSDK_SPEC_SET_TRACE,
		.do_request = trace_new_do_request, .do_reply = trace_new_do_reply, .dump_reply = NULL },
	[SSDK_CMD_TRACE_LOAD] = { "trace-load", SSDK_SPEC_SET_TRACE,
		.do_request = trace_load_do_request, .do_reply = trace_load_do_reply, .dump_reply = NULL },
};
