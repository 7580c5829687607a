/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ssdk: a storage benchmark whose IO generator runs in the kernel.
 * Private header shared by the module's files.
 */
#ifndef _SSDK_H
#define _SSDK_H

#include <linux/types.h>

int ssdk_netlink_init(void);
void ssdk_netlink_exit(void);

u64 ssdk_caps(void);

#endif /* _SSDK_H */
