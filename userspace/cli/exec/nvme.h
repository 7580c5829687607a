/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Purges by an NVMe drive's firmware (nvme_erase.h), sent from userspace
 * through the kernel's NVMe admin passthrough (NVME_IOCTL_ADMIN_CMD on
 * the namespace's block device), each only where Identify says the
 * controller offers it.
 */
#ifndef _SSDK_NVME_H
#define _SSDK_NVME_H

#include "drive_erase.h"

int nvme_erase_check(const char *target, enum nvme_erase m, char *why, size_t len);
int nvme_erase_run(const char *target, enum nvme_erase m, int progress,
		   struct drive_erase_result *res, char *why, size_t len);

#endif /* _SSDK_NVME_H */
