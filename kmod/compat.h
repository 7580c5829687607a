/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Every difference between the kernels ssdk builds for lives here. Each
 * is a feature found in the kernel's headers by kmod/Kbuild (SSDK_HAVE_*),
 * not a version number: distributions backport. (One exception, said
 * where it is: a change inside fs/read_write.c, which headers do not
 * ship.) Supported: Debian's 6.1, 6.12 and 7.x. Kernels 6.5 to 6.9
 * opened block devices in two more ways, and are refused rather than
 * guessed at.
 */
#ifndef _SSDK_COMPAT_H
#define _SSDK_COMPAT_H

#include <linux/blk-mq.h>
#include <linux/blkdev.h>
#include <linux/file.h>
#include <linux/fs.h>
#include <linux/sched.h>
#include <net/genetlink.h>

#if defined(SSDK_HAVE_BLK_MODE) && !(defined(SSDK_HAVE_BDEV_FILE) && defined(SSDK_HAVE_BDEV_FPUT))
#error "ssdk builds for kernels with bdev_fput(), or before blk_mode_t"
#endif

/*
 * SSDK_NL_ERR_FMT(extack, attr, fmt, ...): a formatted refusal, pointing
 * at @attr (or none). extack's own formatted messages came with 6.2;
 * before, ssdk_nl_err_fmt() (netlink.c) formats into a ring of buffers of
 * the module's own, since extack only points at the text and the ack
 * that reads it is built after the handler returns, when nothing of the
 * request's can be trusted to be there.
 */
#ifdef NL_SET_ERR_MSG_ATTR_FMT
#define SSDK_NL_ERR_FMT(extack, attr, fmt, args...)	\
	NL_SET_ERR_MSG_ATTR_FMT(extack, attr, fmt, ##args)
#else
__printf(3, 4) void ssdk_nl_err_fmt(struct netlink_ext_ack *extack, const struct nlattr *attr,
				    const char *fmt, ...);
#define SSDK_NL_ERR_FMT(extack, attr, fmt, args...)	\
	ssdk_nl_err_fmt(extack, attr, fmt, ##args)
#endif

/**
 * ssdk_fput_sync() - Drop a reference to a file, its release done on return.
 * @file: The file.
 *
 * A kernel thread's fput() leaves the final release to a workqueue, and
 * until it runs the file holds what it opened: a filesystem cannot be
 * unmounted, a block device's driver cannot be unloaded. __fput_sync()
 * releases at once; it is meant for kernel threads (6.1 BUG()s
 * elsewhere), and is safe here: the file is ssdk's own, dropped with no
 * lock held. In process context (a netlink handler giving up a run that
 * could not start), fput() releases before the system call returns.
 *
 * Context: Process context.
 */
static inline void ssdk_fput_sync(struct file *file)
{
	if (current->flags & PF_KTHREAD)
		__fput_sync(file);
	else
		fput(file);
}

/**
 * struct ssdk_bdev - A block device opened by ssdk.
 * @bdev: The device.
 * @file: The open file that holds it (bdev_file_open_by_dev()).
 * @mode: The mode it was opened with (blkdev_get_by_dev()).
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
 * ssdk_bdev_close() - Close what ssdk_bdev_open() opened.
 * @b: The device.
 *
 * The device is released before this returns, so that the next run can
 * open it exclusively and its driver can go at once. blkdev_put() does
 * it all; bdev_fput() yields the exclusive claim at once but leaves the
 * rest to the file's final release, which ssdk_fput_sync() runs now.
 *
 * Context: Process context.
 */
static inline void ssdk_bdev_close(struct ssdk_bdev *b)
{
#ifdef SSDK_HAVE_BDEV_FILE
	get_file(b->file);
	bdev_fput(b->file);
	ssdk_fput_sync(b->file);
#else
	blkdev_put(b->bdev, b->mode);
#endif
	b->bdev = NULL;
}

/**
 * ssdk_bdev_open() - Open a block device by number.
 * @b: Filled in on success.
 * @dev: The device's number, from a node the caller could open
 *	(ssdk_target_open()): opening by number checks no permission.
 * @write: Open for writing too, and then exclusively.
 * @holder: The exclusive holder when @write.
 *
 * An exclusive open fails with -EBUSY when a filesystem is mounted on the
 * device or something else holds it; a read-only open shares it. A
 * device set read-only (blockdev --setro, a write-protected medium) is
 * refused for writing, as an open by path refuses it: by number, the
 * block layer would take the open, and then only warn of each write
 * (bio_check_ro()) and let it through.
 *
 * Context: Process context.
 * Return: 0 or a negative errno (-ENXIO for a device gone meanwhile,
 * -EROFS for a read-only device opened to write).
 */
static inline int ssdk_bdev_open(struct ssdk_bdev *b, dev_t dev, bool write, void *holder)
{
#ifdef SSDK_HAVE_BDEV_FILE
	blk_mode_t mode = BLK_OPEN_READ;

	if (write)
		mode |= BLK_OPEN_WRITE | BLK_OPEN_EXCL;
	b->file = bdev_file_open_by_dev(dev, mode, write ? holder : NULL, NULL);
	if (IS_ERR(b->file))
		return PTR_ERR(b->file);
	b->bdev = file_bdev(b->file);
#else
	b->mode = FMODE_READ;
	if (write)
		b->mode |= FMODE_WRITE | FMODE_EXCL;
	b->bdev = blkdev_get_by_dev(dev, b->mode, write ? holder : NULL);
	if (IS_ERR(b->bdev))
		return PTR_ERR(b->bdev);
#endif
	if (write && bdev_read_only(b->bdev)) {
		ssdk_bdev_close(b);
		return -EROFS;
	}
	return 0;
}

/**
 * ssdk_bdev_can_poll() - Whether a block device has poll queues.
 * @bdev: The device.
 *
 * A polled bio (REQ_POLLED) on a device without them would go through its
 * interrupt path (submit_bio_noacct() drops the flag) or fail, and a
 * worker polling for it would spin for nothing.
 *
 * Return: Whether the device's queue polls, as its sysfs io_poll says.
 * 6.11 made it a feature of the queue's limits, which a blk-mq device
 * keeps when its poll queues go (blk_mq_can_poll() also asks for them);
 * before, QUEUE_FLAG_POLL went with them.
 */
static inline bool ssdk_bdev_can_poll(struct block_device *bdev)
{
	struct request_queue *q = bdev_get_queue(bdev);

#ifdef SSDK_HAVE_BLK_FEAT_POLL
	if (!(q->limits.features & BLK_FEAT_POLL))
		return false;
	return !queue_is_mq(q) || q->tag_set->map[HCTX_TYPE_POLL].nr_queues;
#else
	return test_bit(QUEUE_FLAG_POLL, &q->queue_flags);
#endif
}

/*
 * SSDK_POLL_FLAGS: poll once and return, never sleep. 6.1 may sleep in a
 * poll (hybrid polling, when the queue's io_poll_delay asks for it)
 * unless told not to; later kernels have no hybrid polling, nor the flag.
 */
#ifdef BLK_POLL_NOSLEEP
#define SSDK_POLL_FLAGS		(BLK_POLL_ONESHOT | BLK_POLL_NOSLEEP)
#else
#define SSDK_POLL_FLAGS		BLK_POLL_ONESHOT
#endif

/*
 * SSDK_VFS_WRITE_FREEZE: vfs_iocb_iter_write() takes the write's freeze
 * protection itself, and ends it unless the IO was queued (6.6, "fs: move
 * kiocb_start_write() into vfs_iocb_iter_write()"); before, the caller
 * took it. The change is inside fs/read_write.c, which no headers package
 * ships, and Debian's 6.1 has kiocb_start_write() backported without it.
 * Of the kernels built for (see the #error above), those with blk_mode_t
 * (6.5 on) are 6.10 or later: that is the sign.
 */
#ifdef SSDK_HAVE_BLK_MODE
#define SSDK_VFS_WRITE_FREEZE	true
#else
#define SSDK_VFS_WRITE_FREEZE	false
#endif

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
