// SPDX-License-Identifier: GPL-2.0
/*
 * The bio engine: IOs as bios submitted straight to the block layer of a
 * block device, one bio per slot, initialised once and reset per IO;
 * polled bios for a polled run, on a device with poll queues.
 */

#include <linux/bio.h>
#include <linux/blkdev.h>
#include <net/netlink.h>

#include "ssdk.h"

/*
 * Polled IO needs poll queues, and IOs the device takes whole: the block
 * layer sends back a bio it would split rather than make it wait
 * (REQ_NOWAIT, see ssdk_bio_set_polled()), and would take a split one
 * off polling anyway.
 */
static int ssdk_bio_check_polled(struct ssdk_run *run, struct nlattr **attrs,
				 struct netlink_ext_ack *extack)
{
	struct block_device *bdev = run->bdev.bdev;
	struct request_queue *q = bdev_get_queue(bdev);

	if (!ssdk_bdev_can_poll(bdev)) {
		NL_SET_ERR_MSG_ATTR(extack, attrs[SSDK_A_RUN_POLLED],
				    "polled: the device has no poll queue (null_blk and nvme: module parameter poll_queues)");
		return -EOPNOTSUPP;
	}
	if (run->cfg.bs > queue_max_sectors(q) << SECTOR_SHIFT ||
	    DIV_ROUND_UP(run->cfg.bs, PAGE_SIZE) > queue_max_segments(q)) {
		NL_SET_ERR_MSG_ATTR(extack, attrs[SSDK_A_RUN_POLLED],
				    "polled: bs is more than the device takes in one request (max_sectors_kb, max_segments): split IOs are not polled");
		return -EINVAL;
	}
	return 0;
}

/*
 * The device node, opened as its caller would open it (DAC, the LSMs, a
 * nodev mount), then the device by number, exclusively for writes: an
 * open by path or number alone checks no permission of the caller's.
 */
static int ssdk_bio_open_bdev(struct ssdk_run *run, const struct nlattr *attr,
			      struct netlink_ext_ack *extack)
{
	bool write = ssdk_cfg_writes(&run->cfg);
	struct file *node;
	umode_t found;
	int ret;

	node = ssdk_target_open(run->cfg.target, write ? O_RDWR : O_RDONLY, S_IFBLK, &found);
	ret = PTR_ERR_OR_ZERO(node);
	switch (ret) {
	case 0:
		break;
	case -ENOENT:
		NL_SET_ERR_MSG_ATTR(extack, attr, "target: no such file");
		return ret;
	case -EMEDIUMTYPE:
		NL_SET_ERR_MSG_ATTR(extack, attr,
				    "target: not a block device (engine kfile runs on a file)");
		return -ENOTBLK;
	case -EACCES:
	case -EPERM:
		if (write)
			NL_SET_ERR_MSG_ATTR(extack, attr,
					    "target: permission denied: the caller may not open the device node for writing (its mode, a security module, a nodev mount)");
		else
			NL_SET_ERR_MSG_ATTR(extack, attr,
					    "target: permission denied: the caller may not open the device node for reading (its mode, a security module, a nodev mount)");
		return ret;
	case -EBUSY:
		NL_SET_ERR_MSG_ATTR(extack, attr,
				    "target: in use (mounted, or held exclusively); writes need it to themselves");
		return ret;
	case -EROFS:
		NL_SET_ERR_MSG_ATTR(extack, attr, "target: read-only device");
		return ret;
	default:
		NL_SET_ERR_MSG_ATTR(extack, attr, "target: cannot be opened");
		return ret;
	}

	ret = ssdk_bdev_open(&run->bdev, file_inode(node)->i_rdev, write, run);
	/* The claim by number holds the device now; the node's open goes. */
	fput(node);
	switch (ret) {
	case 0:
		break;
	case -EBUSY:
		NL_SET_ERR_MSG_ATTR(extack, attr,
				    "target: in use (mounted, or held exclusively); writes need it to themselves");
		break;
	case -EACCES:
	case -EROFS:
		NL_SET_ERR_MSG_ATTR(extack, attr, "target: read-only device");
		break;
	default:
		NL_SET_ERR_MSG_ATTR(extack, attr, "target: cannot be opened");
		break;
	}
	return ret;
}

static int ssdk_bio_open(struct ssdk_run *run, struct nlattr **attrs,
			 struct netlink_ext_ack *extack)
{
	int ret;

	ret = ssdk_bio_open_bdev(run, attrs[SSDK_A_RUN_TARGET], extack);
	if (ret)
		return ret;
	if (run->cfg.polled) {
		ret = ssdk_bio_check_polled(run, attrs, extack);
		if (ret)
			goto err_close;
	}
	run->target_size = bdev_nr_bytes(run->bdev.bdev);
	run->lbs = bdev_logical_block_size(run->bdev.bdev);
	return 0;

err_close:
	ssdk_bdev_close(&run->bdev);
	return ret;
}

static void ssdk_bio_close(struct ssdk_run *run)
{
	ssdk_bdev_close(&run->bdev);
}

/* Anatomy's probes know the engine's bios by it (anatomy.c). */
void ssdk_bio_end_io(struct bio *bio)
{
	ssdk_slot_complete(bio->bi_private, blk_status_to_errno(bio->bi_status));
}

static void ssdk_bio_slot_init(struct ssdk_worker *w, struct ssdk_slot *slot)
{
	bio_init(&slot->bio, w->run->bdev.bdev, slot->bvecs, slot->nr_vecs, 0);
}

static void ssdk_bio_slot_exit(struct ssdk_slot *slot)
{
	bio_uninit(&slot->bio);
}

/*
 * The IOs of a split run and of a replay vary in length: the bvecs
 * describe this one's, so that they add up to bi_size. A replay's
 * configuration has one block size, its trace's largest.
 */
static void ssdk_bio_set_len(const struct ssdk_run *run, struct ssdk_slot *slot)
{
	struct bio *bio = &slot->bio;
	u32 left = slot->len;
	unsigned short i;

	bio->bi_vcnt = DIV_ROUND_UP(slot->len, PAGE_SIZE);
	bio->bi_iter.bi_size = slot->len;
	if (run->cfg.access.nr_bs == 1 && !run->cfg.trace)
		return;
	for (i = 0; i < bio->bi_vcnt; i++, left -= PAGE_SIZE)
		slot->bvecs[i].bv_len = min_t(u32, left, PAGE_SIZE);
}

/*
 * A polled bio must not wait in the block layer, for a tag or a frozen
 * queue: the worker that would poll for the IOs ahead of it would be the
 * one waiting. With REQ_NOWAIT it fails with -EAGAIN instead, and the
 * worker polls before it submits it again (as io_uring and the block
 * device's polled direct IO do).
 */
static void ssdk_bio_set_polled(const struct ssdk_run *run, struct bio *bio)
{
	bio->bi_opf |= REQ_POLLED;
	if (bdev_nowait(run->bdev.bdev))
		bio->bi_opf |= REQ_NOWAIT;
	/*
	 * bio_reset() zeroes the cookie, which would name the queue of
	 * hardware context 0 until the request starts and sets it: say
	 * "none yet", as bio_init() does.
	 */
	bio->bi_cookie = BLK_QC_T_NONE;
}

/*
 * Reuse the slot's bio: bio_reset() clears everything up to bi_max_vecs,
 * but the bvec table and its pages stay; restore what describes them.
 */
static void ssdk_bio_submit(struct ssdk_worker *w, struct ssdk_slot *slot)
{
	const struct ssdk_run *run = w->run;
	struct bio *bio = &slot->bio;

	bio_reset(bio, run->bdev.bdev, slot->op == SSDK_OP_WRITE ?
		  REQ_OP_WRITE | REQ_SYNC | REQ_IDLE : REQ_OP_READ);
	if (run->cfg.polled)
		ssdk_bio_set_polled(run, bio);
	ssdk_bio_set_len(run, slot);
	bio->bi_iter.bi_sector = slot->offset >> SECTOR_SHIFT;
	bio->bi_end_io = ssdk_bio_end_io;
	bio->bi_private = slot;
	ssdk_slot_stamp_submit(slot);
	submit_bio(bio);
	/*
	 * The block layer takes a bio off polling where it cannot poll it:
	 * split, a zoned write queued behind its zone, a path failover. It
	 * completes by interrupt then; the worker no longer polls for it,
	 * and the worker counts it. The flag is cleared within submit_bio(),
	 * and the bio stays the worker's until it resets it.
	 */
	if (run->cfg.polled && !(bio->bi_opf & REQ_POLLED))
		WRITE_ONCE(w->unpolled, w->unpolled + 1);
}

/*
 * The bio is the worker's own, alive whether or not its IO has completed,
 * and only the worker, which polls, resets it. One taken off polling has
 * no cookie (its field may hold something else: a zoned write's segment
 * count). Completions found are ended as a batch, as io_uring's polling
 * does.
 */
static void ssdk_bio_poll(struct ssdk_worker *w, struct ssdk_slot *slot)
{
	DEFINE_IO_COMP_BATCH(iob);

	if (!(slot->bio.bi_opf & REQ_POLLED))
		return;
	bio_poll(&slot->bio, &iob, SSDK_POLL_FLAGS);
	if (iob.complete)
		iob.complete(&iob);
}

/* del_gendisk() unhashes the disk before its IOs start to fail. */
static bool ssdk_bio_gone(struct ssdk_run *run)
{
	return !disk_live(run->bdev.bdev->bd_disk);
}

const struct ssdk_engine_ops ssdk_engine_bio = {
	.open		= ssdk_bio_open,
	.close		= ssdk_bio_close,
	.slot_init	= ssdk_bio_slot_init,
	.slot_exit	= ssdk_bio_slot_exit,
	.submit		= ssdk_bio_submit,
	.gone		= ssdk_bio_gone,
	.poll		= ssdk_bio_poll,
};
