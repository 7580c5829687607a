// SPDX-License-Identifier: GPL-2.0
/*
 * The purges by the drive, NVMe's and ATA's, in one numbering
 * (drive_erase.h).
 */

#include "drive_erase.h"

/**
 * drive_erase_find() - A method by its name.
 * @name: As --method gives it.
 *
 * Return: Its number, or -1.
 */
int drive_erase_find(const char *name)
{
	int m = nvme_erase_find(name);

	if (m >= 0)
		return m;
	m = ata_erase_find(name);
	return m >= 0 ? DRIVE_ERASE_ATA + m : -1;
}

/**
 * drive_erase_is_ata() - Whether a method is an ATA drive's.
 * @m: The method's number.
 *
 * Return: 1 for an ATA method (enum ata_erase: @m - DRIVE_ERASE_ATA).
 */
int drive_erase_is_ata(int m)
{
	return m >= DRIVE_ERASE_ATA;
}

/**
 * drive_erase_name() - A method's name.
 * @m: Its number.
 *
 * Return: What --method calls it.
 */
const char *drive_erase_name(int m)
{
	return drive_erase_is_ata(m) ? ata_erases[m - DRIVE_ERASE_ATA].name : nvme_erases[m].name;
}

/**
 * drive_erase_unit() - What a method erases, for the plan's step.
 * @m: Its number.
 *
 * Return: "namespace" or "drive".
 */
const char *drive_erase_unit(int m)
{
	return drive_erase_is_ata(m) ? "drive" : "namespace";
}
