// SPDX-License-Identifier: GPL-2.0
/*
 * The ssdk generic netlink family: its registration and the handlers of
 * its operations. Policies and the op table are generated from
 * Documentation/netlink/specs/ssdk.yaml into genl.c.
 */

#include <linux/cpumask.h>
#include <linux/hrtimer.h>
#include <linux/module.h>
#include <linux/utsname.h>
#include <net/genetlink.h>

#include "genl.h"
#include "ssdk.h"

/*
 * Not netnsok: ssdk acts on the machine's block devices, which belong to
 * no network namespace, so the family lives in the initial one only.
 */
static struct genl_family ssdk_nl_family __ro_after_init = {
	.name		= SSDK_FAMILY_NAME,
	.version	= SSDK_FAMILY_VERSION,
	.module		= THIS_MODULE,
	.parallel_ops	= true,
	.ops		= ssdk_nl_ops,
	.n_ops		= ARRAY_SIZE(ssdk_nl_ops),
};

static int ssdk_nl_info_fill(struct sk_buff *msg)
{
	if (nla_put_string(msg, SSDK_A_INFO_VERSION, SSDK_VERSION) ||
	    nla_put_string(msg, SSDK_A_INFO_KERNEL_RELEASE, init_utsname()->release) ||
	    nla_put_u64_64bit(msg, SSDK_A_INFO_CAPS, ssdk_caps(), SSDK_A_INFO_PAD) ||
	    nla_put_u32(msg, SSDK_A_INFO_CPUS, num_online_cpus()) ||
	    nla_put_u32(msg, SSDK_A_INFO_CLOCK_RES_NS, hrtimer_resolution))
		return -EMSGSIZE;
	return 0;
}

int ssdk_nl_info_get_doit(struct sk_buff *skb, struct genl_info *info)
{
	struct sk_buff *msg;
	void *hdr;
	int ret;

	msg = genlmsg_new(GENLMSG_DEFAULT_SIZE, GFP_KERNEL);
	if (!msg)
		return -ENOMEM;

	hdr = genlmsg_put_reply(msg, info, &ssdk_nl_family, 0, SSDK_CMD_INFO_GET);
	if (!hdr) {
		ret = -EMSGSIZE;
		goto err_free_msg;
	}
	ret = ssdk_nl_info_fill(msg);
	if (ret)
		goto err_free_msg;

	genlmsg_end(msg, hdr);
	return genlmsg_reply(msg, info);

err_free_msg:
	nlmsg_free(msg);
	return ret;
}

int __init ssdk_netlink_init(void)
{
	return genl_register_family(&ssdk_nl_family);
}

void ssdk_netlink_exit(void)
{
	genl_unregister_family(&ssdk_nl_family);
}

/* Lets genetlink load the module when userspace resolves the family. */
MODULE_ALIAS_GENL_FAMILY(SSDK_FAMILY_NAME);
