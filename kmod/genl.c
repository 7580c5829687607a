// SPDX-License-Identifier: ((GPL-2.0 WITH Linux-syscall-note) OR BSD-3-Clause)
/* Do not edit directly, auto-generated from: */
/*	Documentation/netlink/specs/ssdk.yaml */
/* YNL-GEN kernel source */

#include <net/netlink.h>
#include <net/genetlink.h>

#include "genl.h"

#include <uapi/linux/ssdk.h>

/* Integer value ranges */
static const struct netlink_range_validation ssdk_a_run_runtime_ns_range = {
	.max	= SSDK_MAX_DURATION_NS,
};

static const struct netlink_range_validation ssdk_a_run_ramp_ns_range = {
	.max	= SSDK_MAX_DURATION_NS,
};

static const struct netlink_range_validation ssdk_a_run_ts_interval_ns_range = {
	.max	= SSDK_MAX_DURATION_NS,
};

static const struct netlink_range_validation ssdk_a_run_capture_over_ns_range = {
	.min	= 1ULL,
	.max	= SSDK_MAX_DURATION_NS,
};

static const struct netlink_range_validation ssdk_a_run_round_ns_range = {
	.min	= 1ULL,
	.max	= SSDK_MAX_DURATION_NS,
};

static const struct netlink_range_validation ssdk_a_run_replay_scale_range = {
	.min	= 1ULL,
	.max	= SSDK_MAX_REPLAY_SCALE,
};

static const struct netlink_range_validation ssdk_a_trace_ios_range = {
	.min	= 1ULL,
	.max	= SSDK_MAX_TRACE_IOS,
};

/* Common nested types */
const struct nla_policy ssdk_bs_split_nl_policy[SSDK_A_BS_SPLIT_PCT + 1] = {
	[SSDK_A_BS_SPLIT_BS] = NLA_POLICY_MIN(NLA_U32, SSDK_MIN_BS),
	[SSDK_A_BS_SPLIT_PCT] = NLA_POLICY_RANGE(NLA_U32, 1, 100),
};

/* SSDK_CMD_INFO_GET - do */
const struct nla_policy ssdk_info_get_nl_policy[SSDK_A_INFO_PAD + 1] = {
};

/* SSDK_CMD_RUN_START - do */
const struct nla_policy ssdk_run_start_nl_policy[SSDK_A_RUN_ANATOMY + 1] = {
	[SSDK_A_RUN_TARGET] = { .type = NLA_NUL_STRING, .len = SSDK_MAX_TARGET_LEN, },
	[SSDK_A_RUN_RW] = NLA_POLICY_MAX(NLA_U32, 5),
	[SSDK_A_RUN_BS] = NLA_POLICY_MIN(NLA_U32, SSDK_MIN_BS),
	[SSDK_A_RUN_IODEPTH] = NLA_POLICY_RANGE(NLA_U32, 1, SSDK_MAX_IODEPTH),
	[SSDK_A_RUN_OFFSET] = { .type = NLA_U64, },
	[SSDK_A_RUN_SPAN] = NLA_POLICY_MIN(NLA_U64, 1),
	[SSDK_A_RUN_RUNTIME_NS] = NLA_POLICY_FULL_RANGE(NLA_U64, &ssdk_a_run_runtime_ns_range),
	[SSDK_A_RUN_IOS] = { .type = NLA_U64, },
	[SSDK_A_RUN_RAMP_NS] = NLA_POLICY_FULL_RANGE(NLA_U64, &ssdk_a_run_ramp_ns_range),
	[SSDK_A_RUN_SEED] = { .type = NLA_U64, },
	[SSDK_A_RUN_CPU] = { .type = NLA_U32, },
	[SSDK_A_RUN_ALLOW_WRITE] = { .type = NLA_FLAG, },
	[SSDK_A_RUN_RWMIXREAD] = NLA_POLICY_MAX(NLA_U32, 100),
	[SSDK_A_RUN_BS_SPLIT] = NLA_POLICY_NESTED(ssdk_bs_split_nl_policy),
	[SSDK_A_RUN_ALIGN] = NLA_POLICY_MIN(NLA_U32, SSDK_MIN_BS),
	[SSDK_A_RUN_ALIGN_OFFSET] = { .type = NLA_U32, },
	[SSDK_A_RUN_STRIDE] = NLA_POLICY_MIN(NLA_U64, 1),
	[SSDK_A_RUN_PATTERN] = NLA_POLICY_MAX(NLA_U32, 3),
	[SSDK_A_RUN_PATTERN_BYTE] = NLA_POLICY_MAX(NLA_U32, 255),
	[SSDK_A_RUN_COMPRESS_PCT] = NLA_POLICY_MAX(NLA_U32, 99),
	[SSDK_A_RUN_RATE_IOPS] = NLA_POLICY_MIN(NLA_U32, 1),
	[SSDK_A_RUN_ARRIVALS] = NLA_POLICY_MAX(NLA_U32, 2),
	[SSDK_A_RUN_ENGINE] = NLA_POLICY_MAX(NLA_U32, 1),
	[SSDK_A_RUN_BUFFERED] = { .type = NLA_FLAG, },
	[SSDK_A_RUN_SLOWEST_N] = NLA_POLICY_MAX(NLA_U32, SSDK_MAX_SLOWEST),
	[SSDK_A_RUN_TS_INTERVAL_NS] = NLA_POLICY_FULL_RANGE(NLA_U64, &ssdk_a_run_ts_interval_ns_range),
	[SSDK_A_RUN_CAPTURE_OVER_NS] = NLA_POLICY_FULL_RANGE(NLA_U64, &ssdk_a_run_capture_over_ns_range),
	[SSDK_A_RUN_MAX_ERRORS] = { .type = NLA_U64, },
	[SSDK_A_RUN_OWNED] = { .type = NLA_FLAG, },
	[SSDK_A_RUN_DRY_RUN] = { .type = NLA_FLAG, },
	[SSDK_A_RUN_ROUNDS] = NLA_POLICY_RANGE(NLA_U32, 1, SSDK_MAX_ROUNDS),
	[SSDK_A_RUN_ROUND_NS] = NLA_POLICY_FULL_RANGE(NLA_U64, &ssdk_a_run_round_ns_range),
	[SSDK_A_RUN_STEADY_TRACK] = NLA_POLICY_MAX(NLA_U32, 2),
	[SSDK_A_RUN_STEADY_RANGE_PCT] = NLA_POLICY_RANGE(NLA_U32, 1, 100),
	[SSDK_A_RUN_STEADY_SLOPE_PCT] = NLA_POLICY_RANGE(NLA_U32, 1, 100),
	[SSDK_A_RUN_PURGE] = NLA_POLICY_MAX(NLA_U32, 2),
	[SSDK_A_RUN_BATCH] = NLA_POLICY_RANGE(NLA_U32, 1, SSDK_MAX_BATCH),
	[SSDK_A_RUN_POLLED] = { .type = NLA_FLAG, },
	[SSDK_A_RUN_ANATOMY] = { .type = NLA_FLAG, },
	[SSDK_A_RUN_WORKERS] = NLA_POLICY_RANGE(NLA_U32, 1, SSDK_MAX_WORKERS),
	[SSDK_A_RUN_CPUS] = { .type = NLA_U32, },
	[SSDK_A_RUN_TRACE] = NLA_POLICY_MIN(NLA_U32, 1),
	[SSDK_A_RUN_REPLAY_TIMING] = NLA_POLICY_MAX(NLA_U32, 1),
	[SSDK_A_RUN_REPLAY_SCALE] = NLA_POLICY_FULL_RANGE(NLA_U32, &ssdk_a_run_replay_scale_range),
	[SSDK_A_RUN_REPLAY_REMAP] = NLA_POLICY_MAX(NLA_U32, 2),
};

/* SSDK_CMD_RUN_GET - do */
const struct nla_policy ssdk_run_get_nl_policy[SSDK_A_RUN_ID + 1] = {
	[SSDK_A_RUN_ID] = NLA_POLICY_MIN(NLA_U32, 1),
};

/* SSDK_CMD_RUN_STOP - do */
const struct nla_policy ssdk_run_stop_nl_policy[SSDK_A_RUN_ID + 1] = {
	[SSDK_A_RUN_ID] = NLA_POLICY_MIN(NLA_U32, 1),
};

/* SSDK_CMD_RUN_DEL - do */
const struct nla_policy ssdk_run_del_nl_policy[SSDK_A_RUN_DRY_RUN + 1] = {
	[SSDK_A_RUN_ID] = NLA_POLICY_MIN(NLA_U32, 1),
	[SSDK_A_RUN_DRY_RUN] = { .type = NLA_FLAG, },
};

/* SSDK_CMD_RESULTS_GET - do */
const struct nla_policy ssdk_results_get_nl_policy[SSDK_A_RUN_ID + 1] = {
	[SSDK_A_RUN_ID] = NLA_POLICY_MIN(NLA_U32, 1),
};

/* SSDK_CMD_SLOWEST_GET - do */
const struct nla_policy ssdk_slowest_get_nl_policy[SSDK_A_RUN_ID + 1] = {
	[SSDK_A_RUN_ID] = NLA_POLICY_MIN(NLA_U32, 1),
};

/* SSDK_CMD_TIMESERIES_GET - do */
const struct nla_policy ssdk_timeseries_get_nl_policy[SSDK_A_RUN_FROM + 1] = {
	[SSDK_A_RUN_ID] = NLA_POLICY_MIN(NLA_U32, 1),
	[SSDK_A_RUN_FROM] = { .type = NLA_U32, },
};

/* SSDK_CMD_CAPTURED_GET - do */
const struct nla_policy ssdk_captured_get_nl_policy[SSDK_A_RUN_FROM + 1] = {
	[SSDK_A_RUN_ID] = NLA_POLICY_MIN(NLA_U32, 1),
	[SSDK_A_RUN_FROM] = { .type = NLA_U32, },
};

/* SSDK_CMD_TRACE_NEW - do */
const struct nla_policy ssdk_trace_new_nl_policy[SSDK_A_TRACE_IOS + 1] = {
	[SSDK_A_TRACE_IOS] = NLA_POLICY_FULL_RANGE(NLA_U32, &ssdk_a_trace_ios_range),
};

/* SSDK_CMD_TRACE_LOAD - do */
const struct nla_policy ssdk_trace_load_nl_policy[SSDK_A_TRACE_CHUNK + 1] = {
	[SSDK_A_TRACE_ID] = NLA_POLICY_MIN(NLA_U32, 1),
	[SSDK_A_TRACE_CHUNK] = { .type = NLA_BINARY, },
};

/* Ops table for ssdk */
const struct genl_ops ssdk_nl_ops[11] = {
	{
		.cmd		= SSDK_CMD_INFO_GET,
		.doit		= ssdk_nl_info_get_doit,
		.policy		= ssdk_info_get_nl_policy,
		.maxattr	= SSDK_A_INFO_PAD,
		.flags		= GENL_ADMIN_PERM,
	},
	{
		.cmd		= SSDK_CMD_RUN_START,
		.doit		= ssdk_nl_run_start_doit,
		.policy		= ssdk_run_start_nl_policy,
		.maxattr	= SSDK_A_RUN_ANATOMY,
		.flags		= GENL_ADMIN_PERM,
	},
	{
		.cmd		= SSDK_CMD_RUN_GET,
		.doit		= ssdk_nl_run_get_doit,
		.dumpit		= ssdk_nl_run_get_dumpit,
		.policy		= ssdk_run_get_nl_policy,
		.maxattr	= SSDK_A_RUN_ID,
		.flags		= GENL_ADMIN_PERM,
	},
	{
		.cmd		= SSDK_CMD_RUN_STOP,
		.doit		= ssdk_nl_run_stop_doit,
		.policy		= ssdk_run_stop_nl_policy,
		.maxattr	= SSDK_A_RUN_ID,
		.flags		= GENL_ADMIN_PERM,
	},
	{
		.cmd		= SSDK_CMD_RUN_DEL,
		.doit		= ssdk_nl_run_del_doit,
		.policy		= ssdk_run_del_nl_policy,
		.maxattr	= SSDK_A_RUN_DRY_RUN,
		.flags		= GENL_ADMIN_PERM,
	},
	{
		.cmd		= SSDK_CMD_RESULTS_GET,
		.doit		= ssdk_nl_results_get_doit,
		.dumpit		= ssdk_nl_results_get_dumpit,
		.policy		= ssdk_results_get_nl_policy,
		.maxattr	= SSDK_A_RUN_ID,
		.flags		= GENL_ADMIN_PERM,
	},
	{
		.cmd		= SSDK_CMD_SLOWEST_GET,
		.doit		= ssdk_nl_slowest_get_doit,
		.dumpit		= ssdk_nl_slowest_get_dumpit,
		.policy		= ssdk_slowest_get_nl_policy,
		.maxattr	= SSDK_A_RUN_ID,
		.flags		= GENL_ADMIN_PERM,
	},
	{
		.cmd		= SSDK_CMD_TIMESERIES_GET,
		.doit		= ssdk_nl_timeseries_get_doit,
		.dumpit		= ssdk_nl_timeseries_get_dumpit,
		.policy		= ssdk_timeseries_get_nl_policy,
		.maxattr	= SSDK_A_RUN_FROM,
		.flags		= GENL_ADMIN_PERM,
	},
	{
		.cmd		= SSDK_CMD_CAPTURED_GET,
		.doit		= ssdk_nl_captured_get_doit,
		.dumpit		= ssdk_nl_captured_get_dumpit,
		.policy		= ssdk_captured_get_nl_policy,
		.maxattr	= SSDK_A_RUN_FROM,
		.flags		= GENL_ADMIN_PERM,
	},
	{
		.cmd		= SSDK_CMD_TRACE_NEW,
		.doit		= ssdk_nl_trace_new_doit,
		.policy		= ssdk_trace_new_nl_policy,
		.maxattr	= SSDK_A_TRACE_IOS,
		.flags		= GENL_ADMIN_PERM,
	},
	{
		.cmd		= SSDK_CMD_TRACE_LOAD,
		.doit		= ssdk_nl_trace_load_doit,
		.policy		= ssdk_trace_load_nl_policy,
		.maxattr	= SSDK_A_TRACE_CHUNK,
		.flags		= GENL_ADMIN_PERM,
	},
};

static const struct genl_multicast_group ssdk_nl_mcgrps[] = {
	[SSDK_NLGRP_RUNS] = { "runs", },
	[SSDK_NLGRP_PROGRESS] = { "progress", },
};
