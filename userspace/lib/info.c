// SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause
/*
 * info-get: what the module reports about itself.
 */

#include <string.h>

#include "internal.h"

static int info_reply(struct ssdk *h, struct nlmsghdr *nlh, void *arg)
{
	struct nlattr *tb[SSDK_A_INFO_MAX + 1];
	struct ssdk_info *info = arg;

	if (genlmsg_parse(nlh, 0, tb, SSDK_A_INFO_MAX, NULL))
		return ssdk_fail(h, -EPROTO, "malformed info-get reply");
	ssdk_copy_string(info->version, sizeof(info->version), tb[SSDK_A_INFO_VERSION]);
	ssdk_copy_string(info->kernel_release, sizeof(info->kernel_release),
			 tb[SSDK_A_INFO_KERNEL_RELEASE]);
	info->caps = ssdk_attr_u64(tb, SSDK_A_INFO_CAPS);
	info->cpus = ssdk_attr_u32(tb, SSDK_A_INFO_CPUS);
	info->clock_res_ns = ssdk_attr_u32(tb, SSDK_A_INFO_CLOCK_RES_NS);
	info->max_runs = ssdk_attr_u32(tb, SSDK_A_INFO_MAX_RUNS);
	info->hist_sub_bits = ssdk_attr_u32(tb, SSDK_A_INFO_HIST_SUB_BITS);
	info->hist_buckets = ssdk_attr_u32(tb, SSDK_A_INFO_HIST_BUCKETS);
	info->mem_budget = ssdk_attr_u64(tb, SSDK_A_INFO_MEM_BUDGET);
	info->mem_used = ssdk_attr_u64(tb, SSDK_A_INFO_MEM_USED);
	info->family_version = ((struct genlmsghdr *)nlmsg_data(nlh))->version;
	return 0;
}

SSDK_EXPORT int ssdk_info_get(struct ssdk *h, struct ssdk_info *info)
{
	struct nl_msg *msg = ssdk_msg_new(h, SSDK_CMD_INFO_GET, 0);

	memset(info, 0, sizeof(*info));
	if (!msg)
		return -ENOMEM;
	return ssdk_request(h, msg, info_reply, info);
}
