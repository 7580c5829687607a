// SPDX-License-Identifier: GPL-2.0
/*
 * Where a run ran (conditions.h): what results need to be read later,
 * on another machine. The kernel and ssdk's version are the module's;
 * the device is what sysfs says of the target's disk (the disk of a
 * partition, the disk under a kfile target's filesystem).
 */

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "conditions.h"

/* Append sysfs file @dir/@name's first line to @buf (space-separated). */
static void append_attr(char *buf, size_t size, const char *dir, const char *name)
{
	char path[PATH_MAX + 32], line[128];
	size_t len = strlen(buf);
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "r");
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

/* Model and firmware of the disk that holds @target, or "". */
static void device_model(const char *target, char *buf, size_t size)
{
	char link[64], dir[PATH_MAX], part[PATH_MAX + 16];
	struct stat st;
	dev_t dev;

	buf[0] = '\0';
	if (stat(target, &st))
		return;
	dev = S_ISBLK(st.st_mode) ? st.st_rdev : st.st_dev;
	snprintf(link, sizeof(link), "/sys/dev/block/%u:%u", major(dev), minor(dev));
	if (!realpath(link, dir))
		return;
	snprintf(part, sizeof(part), "%s/partition", dir);
	if (!access(part, F_OK))
		*strrchr(dir, '/') = '\0';	/* the partition's disk */
	strncat(dir, "/device", sizeof(dir) - strlen(dir) - 1);
	append_attr(buf, size, dir, "model");
	append_attr(buf, size, dir, "firmware_rev");	/* NVMe */
	append_attr(buf, size, dir, "rev");		/* SCSI, ATA */
}

/**
 * conditions_get() - Where a run ran.
 * @h: The connection.
 * @target: The run's target.
 * @c: Filled in; left empty when the module cannot say.
 */
void conditions_get(struct ssdk *h, const char *target, struct run_conditions *c)
{
	struct ssdk_info info;

	memset(c, 0, sizeof(*c));
	if (ssdk_info_get(h, &info))
		return;
	snprintf(c->kernel, sizeof(c->kernel), "%s", info.kernel_release);
	snprintf(c->version, sizeof(c->version), "%s", info.version);
	device_model(target, c->device, sizeof(c->device));
}
