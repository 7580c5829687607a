// SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause
/*
 * The device a target is on, as results name it: the model, firmware and
 * serial that sysfs gives of the target's disk (the disk of a partition,
 * the disk under a regular file's filesystem); and its own counters, the
 * queue it had. Needs no module.
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

/* @target's device (a file's: its filesystem's) as "@sys/dev/block/M:m". */
static int device_link(const char *sys, const char *target, char *link, size_t size)
{
	struct stat st;
	dev_t dev;

	if (!target)
		return -EINVAL;
	if (stat(target, &st))
		return -errno;
	dev = S_ISBLK(st.st_mode) ? st.st_rdev : st.st_dev;
	snprintf(link, size, "%s/dev/block/%u:%u", sys, major(dev), minor(dev));
	return 0;
}

/* The 11th field of a block device's stat: weighted milliseconds in queue. */
#define STAT_TIME_IN_QUEUE	10

int ssdk_device_time_in_queue_in(const char *sys, const char *target, uint64_t *ms)
{
	char link[PATH_MAX], path[PATH_MAX + 8];
	unsigned long long v[STAT_TIME_IN_QUEUE + 1];
	int ret, n = 0;
	FILE *f;

	ret = device_link(sys, target, link, sizeof(link));
	if (ret)
		return ret;
	snprintf(path, sizeof(path), "%s/stat", link);
	f = fopen(path, "re");
	if (!f)
		return errno == ENOENT ? -ENODEV : -errno;
	while (n <= STAT_TIME_IN_QUEUE && fscanf(f, "%llu", &v[n]) == 1)
		n++;
	fclose(f);
	if (n <= STAT_TIME_IN_QUEUE)
		return -EPROTO;
	*ms = v[STAT_TIME_IN_QUEUE];
	return 0;
}

SSDK_EXPORT int ssdk_device_time_in_queue(const char *target, uint64_t *ms)
{
	return ssdk_device_time_in_queue_in("/sys", target, ms);
}

/* The sysfs directory of the disk @target is on (a partition's: its disk's). */
static int disk_dir(const char *sys, const char *target, char *dir)
{
	char link[PATH_MAX], part[PATH_MAX + 16];
	int ret;

	ret = device_link(sys, target, link, sizeof(link));
	if (ret)
		return ret;
	if (!realpath(link, dir))
		return -ENODEV;
	snprintf(part, sizeof(part), "%s/partition", dir);
	if (!access(part, F_OK))
		*strrchr(dir, '/') = '\0';	/* the partition's disk */
	return 0;
}

int ssdk_device_disk_in(const char *sys, const char *target, char *buf, size_t size)
{
	char dir[PATH_MAX];
	int ret;

	if (!size)
		return -EINVAL;
	buf[0] = '\0';
	ret = disk_dir(sys, target, dir);
	if (ret)
		return ret;
	if ((size_t)snprintf(buf, size, "/dev/%s", strrchr(dir, '/') + 1) >= size) {
		buf[0] = '\0';
		return -ENAMETOOLONG;
	}
	return 0;
}

SSDK_EXPORT int ssdk_device_disk(const char *target, char *buf, size_t size)
{
	return ssdk_device_disk_in("/sys", target, buf, size);
}

int ssdk_device_model_in(const char *sys, const char *target, char *buf, size_t size)
{
	char dir[PATH_MAX];
	int ret;

	if (!size)
		return -EINVAL;
	buf[0] = '\0';
	ret = disk_dir(sys, target, dir);
	if (ret)
		return ret;
	strncat(dir, "/device", sizeof(dir) - strlen(dir) - 1);
	append_attr(buf, size, dir, "model");
	append_attr(buf, size, dir, "firmware_rev");	/* NVMe */
	append_attr(buf, size, dir, "rev");		/* SCSI, ATA */
	return 0;
}

/*
 * A SCSI disk's serial: its Unit Serial Number VPD page (0x80), as sysfs
 * gives it whole: a 4-byte header whose last byte is the serial's length,
 * then the serial, padded with spaces.
 */
static void vpd_serial(char *buf, size_t size, const char *dir)
{
	char path[PATH_MAX + 32];
	unsigned char page[4 + 252];
	size_t n, len;
	FILE *f;

	snprintf(path, sizeof(path), "%s/vpd_pg80", dir);
	f = fopen(path, "re");
	if (!f)
		return;
	n = fread(page, 1, sizeof(page), f);
	fclose(f);
	if (n < 4 || page[1] != 0x80)
		return;
	len = page[3] < n - 4 ? page[3] : n - 4;
	while (len && (page[4 + len - 1] == ' ' || !page[4 + len - 1]))
		len--;
	n = 0;
	while (n < len && page[4 + n] == ' ')
		n++;
	snprintf(buf, size, "%.*s", (int)(len - n), (const char *)page + 4 + n);
}

int ssdk_device_id_in(const char *sys, const char *target, struct ssdk_device_id *id)
{
	char dir[PATH_MAX], dev[PATH_MAX + 8];
	int ret;

	memset(id, 0, sizeof(*id));
	ret = disk_dir(sys, target, dir);
	if (ret)
		return ret;
	snprintf(dev, sizeof(dev), "%s/device", dir);
	append_attr(id->model, sizeof(id->model), dev, "model");
	append_attr(id->firmware, sizeof(id->firmware), dev, "firmware_rev");	/* NVMe */
	if (!id->firmware[0])
		append_attr(id->firmware, sizeof(id->firmware), dev, "rev");	/* SCSI, ATA */
	append_attr(id->serial, sizeof(id->serial), dev, "serial");	/* NVMe */
	if (!id->serial[0])
		append_attr(id->serial, sizeof(id->serial), dir, "serial");	/* virtio */
	if (!id->serial[0])
		vpd_serial(id->serial, sizeof(id->serial), dev);		/* SCSI, ATA */
	return 0;
}

SSDK_EXPORT int ssdk_device_id(const char *target, struct ssdk_device_id *id)
{
	return ssdk_device_id_in("/sys", target, id);
}

SSDK_EXPORT int ssdk_device_model(const char *target, char *buf, size_t size)
{
	return ssdk_device_model_in("/sys", target, buf, size);
}
