/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The filesystems of a review: found (Debian's mkfs tool in PATH, the
 * kernel's support), checked on the target without writing (the tools'
 * own dry runs), made, mounted and unmounted. Each is made so that
 * nothing of its own reaches the device behind the measurements' backs:
 * no discard at mkfs (it would change the drive's state: a purge), no
 * atime updates, none of ext4's background initialisation.
 */
#ifndef _SSDK_REVIEW_FS_H
#define _SSDK_REVIEW_FS_H

#include <limits.h>
#include <stddef.h>

#define REVIEW_MAX_FS		3

/**
 * struct review_fs - A filesystem of a review.
 * @name: "ext4", "xfs" or "btrfs".
 * @mkfs: Its mkfs tool, as found in PATH.
 * @version: What the tool says its version is (first line).
 * @mkfs_args: ssdk's options of the tool, before the suite's.
 * @mount_options: ssdk's options of the mount, before the suite's.
 */
struct review_fs {
	const char *name;
	char mkfs[PATH_MAX];
	char version[256];
	const char *mkfs_args;
	const char *mount_options;
};

int fs_find(const char *name, struct review_fs *fs, char *err, size_t len);
const char *fs_names(void);
int fs_mkfs(const struct review_fs *fs, const char *dev, const char *options, int dry,
	    char *err, size_t len);
int fs_mount(const struct review_fs *fs, const char *dev, const char *dir,
	     const char *options, char *err, size_t len);
int fs_umount(const char *dir, char *err, size_t len);
int tool_run(char *const argv[], char *out, size_t len);

#endif /* _SSDK_REVIEW_FS_H */
