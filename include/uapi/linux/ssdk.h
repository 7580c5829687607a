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
 */
enum ssdk_cap {
	SSDK_CAP_HIGHRES_TIMERS = 1,
};

enum {
	SSDK_A_INFO_VERSION = 1,
	SSDK_A_INFO_KERNEL_RELEASE,
	SSDK_A_INFO_CAPS,
	SSDK_A_INFO_CPUS,
	SSDK_A_INFO_CLOCK_RES_NS,
	SSDK_A_INFO_PAD,

	__SSDK_A_INFO_MAX,
	SSDK_A_INFO_MAX = (__SSDK_A_INFO_MAX - 1)
};

enum {
	SSDK_CMD_INFO_GET = 1,

	__SSDK_CMD_MAX,
	SSDK_CMD_MAX = (__SSDK_CMD_MAX - 1)
};

#endif /* _UAPI_LINUX_SSDK_H */
