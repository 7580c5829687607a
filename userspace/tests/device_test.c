// SPDX-License-Identifier: GPL-2.0
/*
 * Host tests of the device's model and firmware (lib/device.c), on the
 * kselftest harness, against a sysfs of the test's own making: the disk
 * of a partition, NVMe's firmware_rev and SCSI's rev, their padding, a
 * line at the length read and one past it, a buffer too small, and the
 * targets sysfs says nothing of.
 */

#include <errno.h>
#include <ftw.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "internal.h"
#include "kselftest_harness.h"

/* Write @len bytes of @data to @dir/@name: a binary sysfs file. */
static int put_bytes(const char *dir, const char *name, const void *data, size_t len)
{
	char path[PATH_MAX];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	if (!f)
		return -1;
	if (fwrite(data, 1, len, f) != len) {
		fclose(f);
		return -1;
	}
	return fclose(f);
}

/* Write @text to @dir/@name. */
static int put(const char *dir, const char *name, const char *text)
{
	return put_bytes(dir, name, text, strlen(text));
}

/* mkdir -p @path: each missing directory of it made; 0, or -1 (errno). */
static int mkdirs(const char *path)
{
	char dir[PATH_MAX], *p;

	if (snprintf(dir, sizeof(dir), "%s", path) >= (int)sizeof(dir)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	for (p = strchr(dir + 1, '/'); ; p = strchr(p + 1, '/')) {
		if (p)
			*p = '\0';
		if (mkdir(dir, 0755) && errno != EEXIST)
			return -1;
		if (!p)
			return 0;
		*p = '/';
	}
}

static int remove_one(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
	return remove(path);
}

/* rm -rf @path: its files and directories, depth first, links not followed. */
static int remove_tree(const char *path)
{
	return nftw(path, remove_one, 16, FTW_DEPTH | FTW_PHYS);
}

FIXTURE(sysfs) {
	char root[64];		/* the test's directory */
	char sys[128];		/* its sysfs */
	char disk[192];		/* the disk's directory */
	char device[256];	/* the disk's device/ */
	char link[192];		/* dev/block/M:m of the target's filesystem */
	char target[128];	/* a regular file */
	char buf[SSDK_DEVICE_LEN];
};

FIXTURE_SETUP(sysfs)
{
	char dir[512];
	struct stat st;

	snprintf(self->root, sizeof(self->root), "/tmp/ssdk-device-XXXXXX");
	ASSERT_NE(NULL, mkdtemp(self->root));
	snprintf(self->target, sizeof(self->target), "%s/target", self->root);
	ASSERT_EQ(0, put(self->root, "target", "data"));
	ASSERT_EQ(0, stat(self->target, &st));
	snprintf(self->sys, sizeof(self->sys), "%s/sys", self->root);
	snprintf(dir, sizeof(dir), "%s/dev/block", self->sys);
	ASSERT_EQ(0, mkdirs(dir));
	snprintf(dir, sizeof(dir), "%s/devices/pci0/block/sdz/sdz1", self->sys);
	ASSERT_EQ(0, mkdirs(dir));
	snprintf(dir, sizeof(dir), "%s/devices/pci0/block/sdz/device", self->sys);
	ASSERT_EQ(0, mkdir(dir, 0755));
	snprintf(self->disk, sizeof(self->disk), "%s/devices/pci0/block/sdz", self->sys);
	snprintf(self->device, sizeof(self->device), "%s/device", self->disk);
	snprintf(dir, sizeof(dir), "%s/sdz1", self->disk);
	ASSERT_EQ(0, put(dir, "partition", "1\n"));
	snprintf(self->link, sizeof(self->link), "%s/dev/block/%u:%u", self->sys,
		 major(st.st_dev), minor(st.st_dev));
	/* the target's filesystem is on the disk's first partition */
	ASSERT_EQ(0, symlink("../../devices/pci0/block/sdz/sdz1", self->link));
}

FIXTURE_TEARDOWN(sysfs)
{
	EXPECT_EQ(0, remove_tree(self->root));
	EXPECT_NE(0, access(self->root, F_OK));
}

TEST_F(sysfs, nvme_of_a_partition)
{
	ASSERT_EQ(0, put(self->device, "model", "Samsung SSD 990 PRO 2TB                 \n"));
	ASSERT_EQ(0, put(self->device, "firmware_rev", "4B2QJXD7\n"));
	EXPECT_EQ(0, ssdk_device_model_in(self->sys, self->target, self->buf, sizeof(self->buf)));
	EXPECT_STREQ("Samsung SSD 990 PRO 2TB 4B2QJXD7", self->buf);
}

/* The disk of a partition is its parent; of a disk, itself; at the limit of @size. */
TEST_F(sysfs, disk_of_a_partition_and_of_a_disk)
{
	char small[10];

	EXPECT_EQ(0, ssdk_device_disk_in(self->sys, self->target, self->buf, sizeof(self->buf)));
	EXPECT_STREQ("/dev/sdz", self->buf);
	EXPECT_EQ(0, ssdk_device_disk_in(self->sys, self->target, small, 9));
	EXPECT_STREQ("/dev/sdz", small);
	EXPECT_EQ(-ENAMETOOLONG, ssdk_device_disk_in(self->sys, self->target, small, 8));
	EXPECT_STREQ("", small);
	EXPECT_EQ(-EINVAL, ssdk_device_disk_in(self->sys, self->target, small, 0));
	ASSERT_EQ(0, unlink(self->link));
	ASSERT_EQ(0, symlink("../../devices/pci0/block/sdz", self->link));
	EXPECT_EQ(0, ssdk_device_disk_in(self->sys, self->target, self->buf, sizeof(self->buf)));
	EXPECT_STREQ("/dev/sdz", self->buf);
	/* no such device in sysfs (a file on tmpfs) */
	ASSERT_EQ(0, unlink(self->link));
	EXPECT_EQ(-ENODEV, ssdk_device_disk_in(self->sys, self->target, self->buf,
					       sizeof(self->buf)));
	EXPECT_EQ(-ENOENT, ssdk_device_disk_in(self->sys, "/nonexistent", self->buf,
					       sizeof(self->buf)));
}

TEST_F(sysfs, scsi_of_a_disk)
{
	/* the target on the disk itself: no partition */
	ASSERT_EQ(0, unlink(self->link));
	ASSERT_EQ(0, symlink("../../devices/pci0/block/sdz", self->link));
	ASSERT_EQ(0, put(self->device, "model", "ST4000NM0035-1V4\n"));
	ASSERT_EQ(0, put(self->device, "rev", "TN03    \nsecond line\n"));
	EXPECT_EQ(0, ssdk_device_model_in(self->sys, self->target, self->buf, sizeof(self->buf)));
	EXPECT_STREQ("ST4000NM0035-1V4 TN03", self->buf);
}

TEST_F(sysfs, neither)
{
	/* null_blk, brd: no model, no revision */
	strcpy(self->buf, "stale");
	EXPECT_EQ(0, ssdk_device_model_in(self->sys, self->target, self->buf, sizeof(self->buf)));
	EXPECT_STREQ("", self->buf);
	/* a model of spaces only */
	ASSERT_EQ(0, put(self->device, "model", "        \n"));
	ASSERT_EQ(0, put(self->device, "firmware_rev", "1.0\n"));
	EXPECT_EQ(0, ssdk_device_model_in(self->sys, self->target, self->buf, sizeof(self->buf)));
	EXPECT_STREQ("1.0", self->buf);
}

/* A line of SSDK_DEVICE_LEN - 1 characters is read whole; of one more, not. */
TEST_F(sysfs, line_at_its_limit)
{
	char line[SSDK_DEVICE_LEN + 2], big[2 * SSDK_DEVICE_LEN + 16];

	memset(line, 'M', SSDK_DEVICE_LEN - 1);
	strcpy(line + SSDK_DEVICE_LEN - 1, "\n");
	ASSERT_EQ(0, put(self->device, "model", line));
	ASSERT_EQ(0, put(self->device, "firmware_rev", "FW\n"));
	EXPECT_EQ(0, ssdk_device_model_in(self->sys, self->target, big, sizeof(big)));
	EXPECT_EQ((size_t)SSDK_DEVICE_LEN - 1 + 3, strlen(big));
	EXPECT_STREQ(" FW", big + SSDK_DEVICE_LEN - 1);

	memset(line, 'M', SSDK_DEVICE_LEN);
	strcpy(line + SSDK_DEVICE_LEN, "\n");
	ASSERT_EQ(0, put(self->device, "model", line));
	EXPECT_EQ(0, ssdk_device_model_in(self->sys, self->target, big, sizeof(big)));
	EXPECT_EQ((size_t)SSDK_DEVICE_LEN - 1 + 3, strlen(big));
	EXPECT_STREQ(" FW", big + SSDK_DEVICE_LEN - 1);

	/* what @size holds, cut */
	EXPECT_EQ(0, ssdk_device_model_in(self->sys, self->target, big, 8));
	EXPECT_STREQ("MMMMMMM", big);
	EXPECT_EQ(-EINVAL, ssdk_device_model_in(self->sys, self->target, big, 0));
}

TEST_F(sysfs, nothing_to_say)
{
	char missing[128];

	/* a target that is not there */
	snprintf(missing, sizeof(missing), "%s/missing", self->root);
	strcpy(self->buf, "stale");
	EXPECT_EQ(-ENOENT, ssdk_device_model_in(self->sys, missing, self->buf, sizeof(self->buf)));
	EXPECT_STREQ("", self->buf);
	EXPECT_EQ(-EINVAL, ssdk_device_model_in(self->sys, NULL, self->buf, sizeof(self->buf)));
	/* a device sysfs does not know */
	ASSERT_EQ(0, unlink(self->link));
	strcpy(self->buf, "stale");
	EXPECT_EQ(-ENODEV, ssdk_device_model_in(self->sys, self->target, self->buf,
						sizeof(self->buf)));
	EXPECT_STREQ("", self->buf);
}

/* The target's disk is who it should be: its model, firmware and serial. */
#define EXPECT_ID(want_model, want_firmware, want_serial) do {				\
	struct ssdk_device_id id_;							\
											\
	EXPECT_EQ(0, ssdk_device_id_in(self->sys, self->target, &id_));			\
	EXPECT_STREQ(want_model, id_.model);						\
	EXPECT_STREQ(want_firmware, id_.firmware);					\
	EXPECT_STREQ(want_serial, id_.serial);						\
} while (0)

/* NVMe: model, firmware_rev and serial of device/, the padding dropped. */
TEST_F(sysfs, id_nvme)
{
	ASSERT_EQ(0, put(self->device, "model", "Samsung SSD 990 PRO 2TB                 \n"));
	ASSERT_EQ(0, put(self->device, "firmware_rev", "4B2QJXD7\n"));
	ASSERT_EQ(0, put(self->device, "serial", "S6Z1NJ0W123456A     \n"));
	EXPECT_ID("Samsung SSD 990 PRO 2TB", "4B2QJXD7", "S6Z1NJ0W123456A");
}

/* virtio-blk: a serial on the disk itself, no model. */
TEST_F(sysfs, id_virtio)
{
	ASSERT_EQ(0, put(self->disk, "serial", "ssdk-test-disk\n"));
	EXPECT_ID("", "", "ssdk-test-disk");
}

/*
 * SCSI and ATA: rev; the serial from the Unit Serial Number page, its
 * padding on either side dropped; a page of another code, or one cut
 * short of its length, gives none or what it has.
 */
TEST_F(sysfs, id_scsi_vpd_page)
{
	static const unsigned char pg80[] = { 0, 0x80, 0, 16, ' ', ' ', 'W', 'D', '-', 'W', 'X',
					      '1', '2', '3', ' ', ' ', ' ', ' ', ' ', ' ' };
	unsigned char bad[sizeof(pg80)];
	struct ssdk_device_id id;

	ASSERT_EQ(0, put(self->device, "model", "INTEL SSDSC2CW12\n"));
	ASSERT_EQ(0, put(self->device, "rev", "400i\n"));
	ASSERT_EQ(0, put_bytes(self->device, "vpd_pg80", pg80, sizeof(pg80)));
	EXPECT_ID("INTEL SSDSC2CW12", "400i", "WD-WX123");
	/* cut short: the length says 16, the file has 6 of them */
	ASSERT_EQ(0, put_bytes(self->device, "vpd_pg80", pg80, 10));
	EXPECT_EQ(0, ssdk_device_id_in(self->sys, self->target, &id));
	EXPECT_STREQ("WD-W", id.serial);
	/* another page, or only a header: no serial */
	memcpy(bad, pg80, sizeof(bad));
	bad[1] = 0x83;
	ASSERT_EQ(0, put_bytes(self->device, "vpd_pg80", bad, sizeof(bad)));
	EXPECT_EQ(0, ssdk_device_id_in(self->sys, self->target, &id));
	EXPECT_STREQ("", id.serial);
	ASSERT_EQ(0, put_bytes(self->device, "vpd_pg80", pg80, 3));
	EXPECT_EQ(0, ssdk_device_id_in(self->sys, self->target, &id));
	EXPECT_STREQ("", id.serial);
}

/* A field of SSDK_DEVICE_ID_LEN - 1 characters is read whole; longer, cut there. */
TEST_F(sysfs, id_at_its_limit)
{
	char line[SSDK_DEVICE_ID_LEN + 2];
	struct ssdk_device_id id;

	memset(line, 'S', SSDK_DEVICE_ID_LEN - 1);
	strcpy(line + SSDK_DEVICE_ID_LEN - 1, "\n");
	ASSERT_EQ(0, put(self->device, "serial", line));
	EXPECT_EQ(0, ssdk_device_id_in(self->sys, self->target, &id));
	EXPECT_EQ((size_t)SSDK_DEVICE_ID_LEN - 1, strlen(id.serial));
	memset(line, 'S', SSDK_DEVICE_ID_LEN);
	strcpy(line + SSDK_DEVICE_ID_LEN, "\n");
	ASSERT_EQ(0, put(self->device, "serial", line));
	EXPECT_EQ(0, ssdk_device_id_in(self->sys, self->target, &id));
	EXPECT_EQ((size_t)SSDK_DEVICE_ID_LEN - 1, strlen(id.serial));
	/* nothing to look at: all empty, the error said */
	memset(&id, 'x', sizeof(id));
	EXPECT_EQ(-ENOENT, ssdk_device_id_in(self->sys, "/nonexistent/ssdk", &id));
	EXPECT_STREQ("", id.model);
	EXPECT_STREQ("", id.serial);
}

/*
 * The time in queue is the partition's own 11th field (a partition has its
 * own counters); a u64's largest value is read whole; fewer fields, or
 * none past the 11th's digits, are -EPROTO; no stat file, -ENODEV.
 */
TEST_F(sysfs, time_in_queue)
{
	char part[256];
	uint64_t ms = 0;

	snprintf(part, sizeof(part), "%s/sdz1", self->disk);
	ASSERT_EQ(0, put(part, "stat",
			 "     100 0 800 50 200 0 1600 70 3 140 123456 0 0 0 0 9 9\n"));
	ASSERT_EQ(0, put(self->disk, "stat", "1 0 8 5 2 0 16 7 0 14 999 0 0 0 0 0 0\n"));
	EXPECT_EQ(0, ssdk_device_time_in_queue_in(self->sys, self->target, &ms));
	EXPECT_EQ(123456U, ms);
	/* the kernel's 6.1 has 17 fields, older ones 11: the 11th is enough */
	ASSERT_EQ(0, put(part, "stat", "0 0 0 0 0 0 0 0 0 0 18446744073709551615\n"));
	EXPECT_EQ(0, ssdk_device_time_in_queue_in(self->sys, self->target, &ms));
	EXPECT_EQ(UINT64_MAX, ms);
	ms = 7;
	ASSERT_EQ(0, put(part, "stat", "0 0 0 0 0 0 0 0 0 0\n"));
	EXPECT_EQ(-EPROTO, ssdk_device_time_in_queue_in(self->sys, self->target, &ms));
	ASSERT_EQ(0, put(part, "stat", "0 0 0 0 0 0 0 0 0 0 x\n"));
	EXPECT_EQ(-EPROTO, ssdk_device_time_in_queue_in(self->sys, self->target, &ms));
	EXPECT_EQ(7U, ms);
	snprintf(part, sizeof(part), "%s/sdz1/stat", self->disk);
	ASSERT_EQ(0, unlink(part));
	EXPECT_EQ(-ENODEV, ssdk_device_time_in_queue_in(self->sys, self->target, &ms));
	EXPECT_EQ(-EINVAL, ssdk_device_time_in_queue_in(self->sys, NULL, &ms));
}

/* The exported function reads the real /sys: the root directory's disk, or none. */
TEST(real_sysfs)
{
	char buf[SSDK_DEVICE_LEN];
	uint64_t ms;
	int err;

	err = ssdk_device_model("/", buf, sizeof(buf));
	EXPECT_TRUE(err == 0 || err == -ENODEV) TH_LOG("%d", err);
	EXPECT_LT(strlen(buf), sizeof(buf));
	EXPECT_EQ(-ENOENT, ssdk_device_model("/nonexistent/ssdk", buf, sizeof(buf)));
	EXPECT_STREQ("", buf);
	err = ssdk_device_time_in_queue("/", &ms);
	EXPECT_TRUE(err == 0 || err == -ENODEV) TH_LOG("%d", err);
}

TEST_HARNESS_MAIN
