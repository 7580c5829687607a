// SPDX-License-Identifier: GPL-2.0
/*
 * The kfile engine: IOs on a regular file through its filesystem,
 * issued from the kernel as asynchronous kiocbs through
 * vfs_iocb_iter_read() and vfs_iocb_iter_write(), as io_uring and aio
 * issue them but without a system call: the VFS checks each IO
 * (rw_verify_area(): the file's range, locks, the security hooks), and
 * with O_DIRECT the filesystem maps it to its extents and hands bios to
 * the block layer; the IO completes through the kiocb's callback, so
 * that iodepth IOs are really in flight. What the bio engine measures on
 * the raw device, this engine measures plus the filesystem. (As with
 * aio, an IO that completes asynchronously sends no fsnotify event.)
 *
 * Buffered IO goes through the page cache and completes within its
 * submission (no asynchronous buffered path exists for an in-kernel
 * caller), so a buffered run has one IO in flight.
 *
 * The file is the user's: opened, never created, extended or truncated
 * here (ssdk's CLI lays a file out on request), and only read from unless
 * the run writes with consent. Its open counts against nothing of the
 * filesystem's but a reference, dropped when the run ends.
 */

#include <linux/blkdev.h>
#include <linux/file.h>
#include <linux/fs.h>
#include <linux/namei.h>
#include <linux/uio.h>
#include <net/netlink.h>

#include "ssdk.h"

/* Why the target, of kind @found, cannot be a kfile run's. */
static void ssdk_kfile_kind_error(umode_t found, const struct nlattr *attr,
				  struct netlink_ext_ack *extack)
{
	switch (found) {
	case S_IFDIR:
		NL_SET_ERR_MSG_ATTR(extack, attr,
				    "target: a directory; engine kfile needs a regular file");
		break;
	case S_IFBLK:
		NL_SET_ERR_MSG_ATTR(extack, attr,
				    "target: a block device; engine kfile needs a regular file on a filesystem (engine bio drives devices)");
		break;
	case S_IFCHR:
		NL_SET_ERR_MSG_ATTR(extack, attr,
				    "target: a character device, not opened; engine kfile needs a regular file");
		break;
	case S_IFIFO:
		NL_SET_ERR_MSG_ATTR(extack, attr,
				    "target: a FIFO, not opened; engine kfile needs a regular file");
		break;
	default:
		NL_SET_ERR_MSG_ATTR(extack, attr, "target: not a regular file");
		break;
	}
}

static void ssdk_kfile_open_error(int ret, const struct nlattr *attr,
				  struct netlink_ext_ack *extack, bool buffered)
{
	switch (ret) {
	case -ENOENT:
		NL_SET_ERR_MSG_ATTR(extack, attr, "target: no such file");
		break;
	case -EINVAL:
		if (buffered)
			NL_SET_ERR_MSG_ATTR(extack, attr, "target: cannot be opened for file IO");
		else
			NL_SET_ERR_MSG_ATTR(extack, attr,
					    "target: its filesystem does not do O_DIRECT (buffered goes through the page cache)");
		break;
	case -EACCES:
	case -EPERM:
		NL_SET_ERR_MSG_ATTR(extack, attr, "target: permission denied");
		break;
	case -EROFS:
		NL_SET_ERR_MSG_ATTR(extack, attr, "target: on a read-only filesystem");
		break;
	case -ETXTBSY:
		NL_SET_ERR_MSG_ATTR(extack, attr,
				    "target: a running executable or an active swap file");
		break;
	default:
		NL_SET_ERR_MSG_ATTR(extack, attr, "target: cannot be opened");
		break;
	}
}

/*
 * The alignment O_DIRECT asks of offsets and sizes: the logical block
 * size of the filesystem's device (512 when it has none, as network
 * filesystems); none of its own for buffered IO beyond ssdk's 512.
 */
static u32 ssdk_kfile_lbs(struct ssdk_run *run)
{
	struct super_block *sb = file_inode(run->file)->i_sb;

	if (run->cfg.buffered || !sb->s_bdev)
		return SECTOR_SIZE;
	return bdev_logical_block_size(sb->s_bdev);
}

static int ssdk_kfile_open(struct ssdk_run *run, struct nlattr **attrs,
			   struct netlink_ext_ack *extack)
{
	const struct nlattr *attr = attrs[SSDK_A_RUN_TARGET];
	int flags = O_LARGEFILE;
	struct file *file;
	umode_t found;
	int ret;

	flags |= ssdk_cfg_writes(&run->cfg) ? O_RDWR : O_RDONLY;
	if (!run->cfg.buffered)
		flags |= O_DIRECT;
	/* Of its kind before it is opened: a FIFO would block, a device act. */
	file = ssdk_target_open(run->cfg.target, flags, S_IFREG, &found);
	if (PTR_ERR(file) == -EMEDIUMTYPE) {
		ssdk_kfile_kind_error(found, attr, extack);
		return found == S_IFDIR ? -EISDIR : -EINVAL;
	}
	if (IS_ERR(file)) {
		ssdk_kfile_open_error(PTR_ERR(file), attr, extack, run->cfg.buffered);
		return PTR_ERR(file);
	}
	if (!(file->f_mode & FMODE_CAN_READ) ||
	    ((flags & O_ACCMODE) == O_RDWR && !(file->f_mode & FMODE_CAN_WRITE)) ||
	    !file->f_op->read_iter || !file->f_op->write_iter) {
		NL_SET_ERR_MSG_ATTR(extack, attr,
				    "target: its filesystem has no file IO ssdk can use");
		ret = -EINVAL;
		goto err_close;
	}
	run->file = file;
	run->target_size = i_size_read(file_inode(file));
	run->lbs = ssdk_kfile_lbs(run);
	return 0;

err_close:
	fput(file);
	return ret;
}

/*
 * Close the file before the run says it ended, so that the filesystem
 * can be unmounted at once.
 */
static void ssdk_kfile_close(struct ssdk_run *run)
{
	ssdk_fput_sync(run->file);
	run->file = NULL;
}

/*
 * The IO completed: @ret bytes, or a negative errno. A short transfer is
 * an error too: the span lies within the file, so a short one means the
 * file shrank under the run.
 */
static void ssdk_kfile_done(struct ssdk_slot *slot, long ret)
{
	ssdk_slot_complete(slot, ret == slot->len ? 0 : ret < 0 ? (int)ret : -ENODATA);
}

/* A queued IO completed, possibly in an interrupt. */
static void ssdk_kfile_complete(struct kiocb *iocb, long ret)
{
	struct ssdk_slot *slot = container_of(iocb, struct ssdk_slot, kf.iocb);

	/* The freeze protection of a queued write is its completion's to end. */
	if (slot->op == SSDK_OP_WRITE)
		kiocb_end_write(iocb);
	ssdk_kfile_done(slot, ret);
}

/*
 * A write, its freeze protection taken here where vfs_iocb_iter_write()
 * does not take it itself (compat.h), and ended here unless the write
 * was queued.
 */
static ssize_t ssdk_kfile_write(struct kiocb *iocb, struct iov_iter *iter)
{
	ssize_t ret;

	if (!SSDK_VFS_WRITE_FREEZE)
		kiocb_start_write(iocb);
	ret = vfs_iocb_iter_write(iocb->ki_filp, iocb, iter);
	if (!SSDK_VFS_WRITE_FREEZE && ret != -EIOCBQUEUED)
		kiocb_end_write(iocb);
	return ret;
}

/*
 * A kiocb with a completion callback is asynchronous: the filesystem
 * returns -EIOCBQUEUED and calls back when the IO completes, possibly
 * from an interrupt. Any other return is the IO's result, complete.
 */
static void ssdk_kfile_submit(struct ssdk_worker *w, struct ssdk_slot *slot)
{
	struct file *file = w->run->file;
	struct kiocb *iocb = &slot->kf.iocb;
	struct iov_iter *iter = &slot->kf.iter;
	bool write = slot->op == SSDK_OP_WRITE;
	ssize_t ret;

	init_sync_kiocb(iocb, file);
	iocb->ki_pos = slot->offset;
	iocb->ki_complete = ssdk_kfile_complete;
	iov_iter_bvec(iter, write ? ITER_SOURCE : ITER_DEST, slot->bvecs,
		      DIV_ROUND_UP(slot->len, PAGE_SIZE), slot->len);
	if (write)
		iocb->ki_flags |= IOCB_WRITE;
	ssdk_slot_stamp_submit(slot);
	ret = write ? ssdk_kfile_write(iocb, iter) : vfs_iocb_iter_read(file, iocb, iter);
	if (ret != -EIOCBQUEUED)
		ssdk_kfile_done(slot, ret);
}

/* The device under the file's filesystem, when it has one, was removed. */
static bool ssdk_kfile_gone(struct ssdk_run *run)
{
	struct block_device *bdev = file_inode(run->file)->i_sb->s_bdev;

	return bdev && !disk_live(bdev->bd_disk);
}

const struct ssdk_engine_ops ssdk_engine_kfile = {
	.open		= ssdk_kfile_open,
	.close		= ssdk_kfile_close,
	.submit		= ssdk_kfile_submit,
	.gone		= ssdk_kfile_gone,
};
