/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Purges by a SATA drive's firmware (ata_erase.h): SECURITY ERASE UNIT,
 * sent from userspace as ATA PASS-THROUGH (16) through SG_IO on the
 * drive's block device (libata's SCSI translation, or a USB bridge's
 * SAT), each only where IDENTIFY says the drive's security state allows.
 */
#ifndef _SSDK_ATA_H
#define _SSDK_ATA_H

#include "drive_erase.h"

int ata_erase_check(const char *target, enum ata_erase m, char *why, size_t len);
int ata_erase_run(const char *target, enum ata_erase m, int progress,
		  struct drive_erase_result *res, char *why, size_t len);

#endif /* _SSDK_ATA_H */
