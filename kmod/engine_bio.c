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

static int ssdk_bio_open(struct ssdk_run *run, struct nlattr **attrs,
			 struct netlink_ext_ack *extack)
{
	const struct nlattr *attr = attrs[SSDK_A_RUN_TARGET];
	int ret;

	ret = ssdk_bdev_open(&run->bdev, run->cfg.target, ssdk_cfg_writes(&run->cfg), run);
	switch (ret) {
	case 0:
		break;
	case -ENOENT:
		NL_SET_ERR_MSG_ATTR(extack, attr, "target: no such file");
		return ret;
	case -ENOTBLK:
		NL_SET_ERR_MSG_ATTR(extack, attr,
				    "target: not a block device (engine kfile runs on a file)");
		return ret;
	case -EBUSY:
		NL_SET_ERR_MSG_ATTR(extack, attr,
				    "target: in use (mounted, or held exclusively); writes need it to themselves");
		return ret;
	case -EACCES:
	case -EROFS:
		NL_SET_ERR_MSG_ATTR(extack, attr, "target: read-only device");
		return ret;
	default:
		NL_SET_ERR_MSG_ATTR(extack, attr, "target: cannot be opened");
		return ret;
	}
	if (run->cfg.polled && !ssdk_bdev_can_poll(run->bdev.bdev)) {
		NL_SET_ERR_MSG_ATTR(extack, attrs[SSDK_A_RUN_POLLED],
				    "polled: the device has no poll queue (null_blk and nvme: module parameter poll_queues)");
		ret = -EOPNOTSUPP;
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

static void ssdk_bio_end_io(struct bio *bio)
{
	ssdk_slot_complete(bio->bi_private, blk_status_to_errno(bio->bi_status));
}

static void ssdk_bio_slot_init(struct ssdk_run *run, struct ssdk_slot *slot)
{
	bio_init(&slot->bio, run->bdev.bdev, slot->bvecs, slot->nr_vecs, 0);
}

static void ssdk_bio_slot_exit(struct ssdk_slot *slot)
{
	bio_uninit(&slot->bio);
}

/* A split run's IOs vary in length: the bvecs describe this one's. */
static void ssdk_bio_set_len(struct ssdk_run *run, struct ssdk_slot *slot)
{
	struct bio *bio = &slot->bio;
	u32 left = slot->len;
	unsigned short i;

	bio->bi_vcnt = DIV_ROUND_UP(slot->len, PAGE_SIZE);
	bio->bi_iter.bi_size = slot->len;
	if (run->cfg.access.nr_bs == 1)
		return;
	for (i = 0; i < bio->bi_vcnt; i++, left -= PAGE_SIZE)
		slot->bvecs[i].bv_len = min_t(u32, left, PAGE_SIZE);
}

/*
 * Reuse the slot's bio: bio_reset() clears everything up to bi_max_vecs,
 * but the bvec table and its pages stay; restore what describes them.
 */
static void ssdk_bio_submit(struct ssdk_run *run, struct ssdk_slot *slot)
{
	struct bio *bio = &slot->bio;

	bio_reset(bio, run->bdev.bdev, slot->op == SSDK_OP_WRITE ?
		  REQ_OP_WRITE | REQ_SYNC | REQ_IDLE : REQ_OP_READ);
	if (run->cfg.polled) {
		bio->bi_opf |= REQ_POLLED;
		/*
		 * bio_reset() zeroes the cookie, which would name the queue
		 * of hardware context 0 until the request starts and sets
		 * it: say "none yet", as bio_init() does.
		 */
		bio->bi_cookie = BLK_QC_T_NONE;
	}
	ssdk_bio_set_len(run, slot);
	bio->bi_iter.bi_sector = slot->offset >> SECTOR_SHIFT;
	bio->bi_end_io = ssdk_bio_end_io;
	bio->bi_private = slot;
	ssdk_slot_stamp_submit(slot);
	submit_bio(bio);
}

/*
 * The bio is the run's own, alive whether or not its IO has completed,
 * and only the worker, which polls, resets it. Completions found are
 * ended as a batch, as io_uring's polling does.
 */
static void ssdk_bio_poll(struct ssdk_run *run, struct ssdk_slot *slot)
{
	DEFINE_IO_COMP_BATCH(iob);

	bio_poll(&slot->bio, &iob, BLK_POLL_ONESHOT);
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
