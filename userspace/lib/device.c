// SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause
/*
 * The device a target is on, as results name it: the model and firmware
 * that sysfs gives of the target's disk (the disk of a partition, the
 * disk under a regular file's filesystem). Needs no module.
 */

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "internal.h"

/* Append sysfs file @dir/@name's first line to @buf (space-separated). */
static void append_attr(char *buf, size_t size, const char *dir, const char *name)
{
	char path[PATH_MAX + 32], line[SSDK_DEVICE_LEN];
	size_t len = strlen(buf);
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "re");
	if (!f)
		return;
	if (fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = '\0';
		/* sysfs pads SCSI and NVMe strings with spaces */
		while (*line && line[strlen(line) - 1] == ' ')
			line[strlen(line) - 1] = '\0';
		if (*line)
			snprintf(buf + len, size - len, "%s%s", len ? " " : "", line);
	}
	fclose(f);
}

int ssdk_device_model_in(const char *sys, const char *target, char *buf, size_t size)
{
	char link[PATH_MAX], dir[PATH_MAX], part[PATH_MAX + 16];
	struct stat st;
	dev_t dev;

	if (!size)
		return -EINVAL;
	buf[0] = '\0';
	if (!target)
		return -EINVAL;
	if (stat(target, &st))
		return -errno;
	dev = S_ISBLK(st.st_mode) ? st.st_rdev : st.st_dev;
	snprintf(link, sizeof(link), "%s/dev/block/%u:%u", sys, major(dev), minor(dev));
	if (!realpath(link, dir))
		return -ENODEV;
	snprintf(part, sizeof(part), "%s/partition", dir);
	if (!access(part, F_OK))
		*strrchr(dir, '/') = '\0';	/* the partition's disk */
	strncat(dir, "/device", sizeof(dir) - strlen(dir) - 1);
	append_attr(buf, size, dir, "model");
	append_attr(buf, size, dir, "firmware_rev");	/* NVMe */
	append_attr(buf, size, dir, "rev");		/* SCSI, ATA */
	return 0;
}

SSDK_EXPORT int ssdk_device_model(const char *target, char *buf, size_t size)
{
	return ssdk_device_model_in("/sys", target, buf, size);
}
