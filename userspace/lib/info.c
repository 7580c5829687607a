// SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause
/*
 * info-get: what the module reports about itself.
 */

#include <string.h>

#include "internal.h"

static uint32_t get_u32(struct nlattr **tb, int type)
{
	return tb[type] ? nla_get_u32(tb[type]) : 0;
}

static int info_reply(struct ssdk *h, struct nlmsghdr *nlh, void *arg)
{
	struct nlattr *tb[SSDK_A_INFO_MAX + 1];
	struct ssdk_info *info = arg;

	if (genlmsg_parse(nlh, 0, tb, SSDK_A_INFO_MAX, NULL))
		return ssdk_fail(h, -EPROTO, "malformed info-get reply");
	ssdk_copy_string(info->version, sizeof(info->version), tb[SSDK_A_INFO_VERSION]);
	ssdk_copy_string(info->kernel_release, sizeof(info->kernel_release),
			 tb[SSDK_A_INFO_KERNEL_RELEASE]);
	info->caps = tb[SSDK_A_INFO_CAPS] ? nla_get_u64(tb[SSDK_A_INFO_CAPS]) : 0;
	info->cpus = get_u32(tb, SSDK_A_INFO_CPUS);
	info->clock_res_ns = get_u32(tb, SSDK_A_INFO_CLOCK_RES_NS);
	info->max_runs = get_u32(tb, SSDK_A_INFO_MAX_RUNS);
	info->hist_sub_bits = get_u32(tb, SSDK_A_INFO_HIST_SUB_BITS);
	info->hist_buckets = get_u32(tb, SSDK_A_INFO_HIST_BUCKETS);
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
