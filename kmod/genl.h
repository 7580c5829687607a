/* SPDX-License-Identifier: ((GPL-2.0 WITH Linux-syscall-note) OR BSD-3-Clause) */
/* Do not edit directly, auto-generated from: */
/*	Documentation/netlink/specs/ssdk.yaml */
/* YNL-GEN kernel header */

#ifndef _LINUX_SSDK_GEN_H
#define _LINUX_SSDK_GEN_H

#include <net/netlink.h>
#include <net/genetlink.h>

#include <uapi/linux/ssdk.h>

/* Common nested types */
extern const struct nla_policy ssdk_bs_split_nl_policy[SSDK_A_BS_SPLIT_PCT + 1];

extern const struct nla_policy ssdk_info_get_nl_policy[SSDK_A_INFO_PAD + 1];

extern const struct nla_policy ssdk_run_start_nl_policy[SSDK_A_RUN_ANATOMY + 1];

extern const struct nla_policy ssdk_run_get_nl_policy[SSDK_A_RUN_ID + 1];

extern const struct nla_policy ssdk_run_stop_nl_policy[SSDK_A_RUN_ID + 1];

extern const struct nla_policy ssdk_run_del_nl_policy[SSDK_A_RUN_DRY_RUN + 1];

extern const struct nla_policy ssdk_results_get_nl_policy[SSDK_A_RUN_ID + 1];

extern const struct nla_policy ssdk_slowest_get_nl_policy[SSDK_A_RUN_ID + 1];

extern const struct nla_policy ssdk_timeseries_get_nl_policy[SSDK_A_RUN_FROM + 1];

extern const struct nla_policy ssdk_captured_get_nl_policy[SSDK_A_RUN_FROM + 1];

extern const struct nla_policy ssdk_trace_new_nl_policy[SSDK_A_TRACE_IOS + 1];

extern const struct nla_policy ssdk_trace_load_nl_policy[SSDK_A_TRACE_CHUNK + 1];

/* Ops table for ssdk */
extern const struct genl_ops ssdk_nl_ops[11];

int ssdk_nl_run_dump_start(struct netlink_callback *cb);

int ssdk_nl_info_get_doit(struct sk_buff *skb, struct genl_info *info);
int ssdk_nl_run_start_doit(struct sk_buff *skb, struct genl_info *info);
int ssdk_nl_run_get_doit(struct sk_buff *skb, struct genl_info *info);
int ssdk_nl_run_get_dumpit(struct sk_buff *skb, struct netlink_callback *cb);
int ssdk_nl_run_stop_doit(struct sk_buff *skb, struct genl_info *info);
int ssdk_nl_run_del_doit(struct sk_buff *skb, struct genl_info *info);
int ssdk_nl_results_get_doit(struct sk_buff *skb, struct genl_info *info);
int ssdk_nl_results_get_dumpit(struct sk_buff *skb,
			       struct netlink_callback *cb);
int ssdk_nl_slowest_get_doit(struct sk_buff *skb, struct genl_info *info);
int ssdk_nl_slowest_get_dumpit(struct sk_buff *skb,
			       struct netlink_callback *cb);
int ssdk_nl_timeseries_get_doit(struct sk_buff *skb, struct genl_info *info);
int ssdk_nl_timeseries_get_dumpit(struct sk_buff *skb,
				  struct netlink_callback *cb);
int ssdk_nl_captured_get_doit(struct sk_buff *skb, struct genl_info *info);
int ssdk_nl_captured_get_dumpit(struct sk_buff *skb,
				struct netlink_callback *cb);
int ssdk_nl_trace_new_doit(struct sk_buff *skb, struct genl_info *info);
int ssdk_nl_trace_load_doit(struct sk_buff *skb, struct genl_info *info);

enum {
	SSDK_NLGRP_RUNS,
	SSDK_NLGRP_PROGRESS,
};

#endif /* _LINUX_SSDK_GEN_H */
