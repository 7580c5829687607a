// SPDX-License-Identifier: ((GPL-2.0 WITH Linux-syscall-note) OR BSD-3-Clause)
/* Do not edit directly, auto-generated from: */
/*	Documentation/netlink/specs/ssdk.yaml */
/* YNL-GEN kernel source */

#include <net/netlink.h>
#include <net/genetlink.h>

#include "genl.h"

#include <uapi/linux/ssdk.h>

/* SSDK_CMD_INFO_GET - do */
const struct nla_policy ssdk_info_get_nl_policy[SSDK_A_INFO_PAD + 1] = {
};

/* Ops table for ssdk */
const struct genl_ops ssdk_nl_ops[1] = {
	{
		.cmd		= SSDK_CMD_INFO_GET,
		.doit		= ssdk_nl_info_get_doit,
		.policy		= ssdk_info_get_nl_policy,
		.maxattr	= SSDK_A_INFO_PAD,
		.flags		= GENL_ADMIN_PERM,
	},
};
