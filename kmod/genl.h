/* SPDX-License-Identifier: ((GPL-2.0 WITH Linux-syscall-note) OR BSD-3-Clause) */
/* Do not edit directly, auto-generated from: */
/*	Documentation/netlink/specs/ssdk.yaml */
/* YNL-GEN kernel header */

#ifndef _LINUX_SSDK_GEN_H
#define _LINUX_SSDK_GEN_H

#include <net/netlink.h>
#include <net/genetlink.h>

#include <uapi/linux/ssdk.h>

extern const struct nla_policy ssdk_info_get_nl_policy[SSDK_A_INFO_PAD + 1];

/* Ops table for ssdk */
extern const struct genl_ops ssdk_nl_ops[1];

int ssdk_nl_info_get_doit(struct sk_buff *skb, struct genl_info *info);

#endif /* _LINUX_SSDK_GEN_H */
