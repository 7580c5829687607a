// SPDX-License-Identifier: GPL-2.0
/*
 * ssdk: a storage benchmark whose IO generator runs in the kernel.
 *
 * Module entry and exit, and what the module reports about itself.
 */

#include <linux/module.h>
#include <linux/hrtimer.h>
#include <uapi/linux/ssdk.h>

#include "ssdk.h"

/**
 * ssdk_caps() - Capabilities of this module on the running kernel.
 *
 * Context: Any context.
 * Return: A mask of &enum ssdk_cap bits.
 */
u64 ssdk_caps(void)
{
	u64 caps = 0;

	/* Timer-driven pacing needs hrtimers finer than a jiffy. */
	if (hrtimer_resolution == 1)
		caps |= SSDK_CAP_HIGHRES_TIMERS;
	return caps;
}

static int __init ssdk_init(void)
{
	int ret;

	ret = ssdk_netlink_init();
	if (ret)
		return ret;
	pr_info("ssdk %s loaded\n", SSDK_VERSION);
	return 0;
}

static void __exit ssdk_exit(void)
{
	ssdk_netlink_exit();
}

module_init(ssdk_init);
module_exit(ssdk_exit);

MODULE_DESCRIPTION("ssdk: in-kernel storage benchmark");
MODULE_LICENSE("GPL");
MODULE_VERSION(SSDK_VERSION);
