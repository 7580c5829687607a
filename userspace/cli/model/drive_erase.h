/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The purges by the drive's firmware that ssdk sends (ssdk ctl purge
 * --method nvme-*|ata-*): an NVMe namespace's (nvme_erase.h) and a SATA
 * drive's (ata_erase.h), numbered in one space, the NVMe methods first,
 * as --method, plans and reports name them; and how one went.
 */
#ifndef _SSDK_DRIVE_ERASE_H
#define _SSDK_DRIVE_ERASE_H

#include <stdint.h>

#include "ata_erase.h"
#include "nvme_erase.h"

/* The first ATA method's number: enum ata_erase from here on. */
#define DRIVE_ERASE_ATA		NVME_NR_ERASES
#define DRIVE_NR_ERASES		(NVME_NR_ERASES + ATA_NR_ERASES)

/**
 * struct drive_erase_result - How a purge by the drive went.
 * @elapsed_ns: From the command's submission to its end, or to the
 *	wait's end when it was stopped.
 * @bytes: The namespace's or drive's size: what was erased.
 * @interrupted: A signal ended the wait (a sanitize goes on in the drive).
 */
struct drive_erase_result {
	uint64_t elapsed_ns;
	uint64_t bytes;
	int interrupted;
};

int drive_erase_find(const char *name);
const char *drive_erase_name(int m);
int drive_erase_is_ata(int m);
const char *drive_erase_unit(int m);

#endif /* _SSDK_DRIVE_ERASE_H */
