/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Every difference between the kernels ssdk builds for lives here. Each
 * is a feature found in the kernel's headers by kmod/Kbuild (SSDK_HAVE_*),
 * not a version number: distributions backport. Supported: Debian's 6.1,
 * 6.12 and 7.x. Kernels 6.5 to 6.8 opened block devices in two more ways,
 * and are refused rather than guessed at.
 */
#ifndef _SSDK_COMPAT_H
#define _SSDK_COMPAT_H

#include <linux/blkdev.h>
#include <linux/fs.h>
#include <linux/sched.h>
#include <net/genetlink.h>

#if defined(SSDK_HAVE_BLK_MODE) && !defined(SSDK_HAVE_BDEV_FILE)
#error "ssdk builds for kernels with bdev_file_open_by_path(), or before blk_mode_t"
#endif

/**
 * struct ssdk_bdev - A block device opened by ssdk.
 * @bdev: The device.
 * @file: The open file that holds it (bdev_file_open_by_path()).
 * @mode: The mode it was opened with (blkdev_get_by_path()).
 */
struct ssdk_bdev {
	struct block_device *bdev;
#ifdef SSDK_HAVE_BDEV_FILE
	struct file *file;
#else
	fmode_t mode;
#endif
};

/**
 * ssdk_bdev_open() - Open a block device by path.
 * @b: Filled in on success.
 * @path: Path of the device, resolved in the caller's namespace.
 * @write: Open for writing too, and then exclusively.
 * @holder: The exclusive holder when @write.
 *
 * An exclusive open fails with -EBUSY when a filesystem is mounted on the
 * device or something else holds it; a read-only open shares it.
 *
 * Context: Process context.
 * Return: 0 or a negative errno (-ENOTBLK for a path that is not a block
 * device).
 */
static inline int ssdk_bdev_open(struct ssdk_bdev *b, const char *path,
				 bool write, void *holder)
{
#ifdef SSDK_HAVE_BDEV_FILE
	blk_mode_t mode = BLK_OPEN_READ;

	if (write)
		mode |= BLK_OPEN_WRITE | BLK_OPEN_EXCL;
	b->file = bdev_file_open_by_path(path, mode, write ? holder : NULL, NULL);
	if (IS_ERR(b->file))
		return PTR_ERR(b->file);
	b->bdev = file_bdev(b->file);
#else
	b->mode = FMODE_READ;
	if (write)
		b->mode |= FMODE_WRITE | FMODE_EXCL;
	b->bdev = blkdev_get_by_path(path, b->mode, write ? holder : NULL);
	if (IS_ERR(b->bdev))
		return PTR_ERR(b->bdev);
#endif
	return 0;
}

/**
 * ssdk_bdev_close() - Close what ssdk_bdev_open() opened.
 * @b: The device.
 *
 * The device is released before this returns, so that the next run can
 * open it exclusively and its driver can go at once: from a kernel
 * thread, fput() leaves the release to a workqueue, which is flushed.
 *
 * Context: Process context.
 */
static inline void ssdk_bdev_close(struct ssdk_bdev *b)
{
#if defined(SSDK_HAVE_BDEV_FPUT)
	bdev_fput(b->file);
#elif defined(SSDK_HAVE_BDEV_FILE)
	fput(b->file);
#endif
#ifdef SSDK_HAVE_BDEV_FILE
	if (current->flags & PF_KTHREAD)
		flush_delayed_fput();
#else
	blkdev_put(b->bdev, b->mode);
#endif
	b->bdev = NULL;
}

/**
 * ssdk_dump_attrs() - The parsed attributes of a dump request.
 * @cb: The dump's callback state.
 *
 * Return: The attributes, indexed by type, checked against the op's policy.
 */
static inline struct nlattr **ssdk_dump_attrs(struct netlink_callback *cb)
{
#ifdef SSDK_HAVE_GENL_INFO_DUMP
	return genl_info_dump(cb)->attrs;
#else
	return genl_dumpit_info(cb)->attrs;
#endif
}

#endif /* _SSDK_COMPAT_H */
