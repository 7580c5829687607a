// SPDX-License-Identifier: GPL-2.0
/*
 * Purge runs: instead of IO, a run returns its span to a known state
 * with the device's own operation (discard, secure erase, write zeroes),
 * in chunks of SSDK_PURGE_CHUNK from the span's start. The worker
 * (worker.c) hands the block layer one chunk at a time and waits for it,
 * so that a 4 TB device neither holds the CPU nor the queue for minutes
 * and a stop waits for one chunk at most; each chunk is recorded as a
 * write of its length, its time the latency, so that the run's progress,
 * time series and results say how far the purge got and how fast.
 *
 * Each method runs only where the device offers it: a purge never falls
 * back to writing zero pages, which would wear a flash drive for nothing
 * and measure something else.
 */

#include <linux/blkdev.h>
#include <linux/math64.h>
#include <net/netlink.h>

#include "ssdk.h"

/**
 * ssdk_purge_check() - Whether the target offers a purge run's method,
 * over whole logical blocks.
 * @run: The run, its target open, its span resolved.
 * @attrs: The attributes of run-start, which @extack points at.
 * @extack: For the reason of a refusal.
 *
 * The offset is whole logical blocks (ssdk_access_check()), and so must
 * the span be: the block layer refuses a discard or a write-zeroes of a
 * part of one (the last chunk would fail), and a span of 512-byte
 * sectors less a tail would count the tail as purged without purging it.
 *
 * Return: 0, -EINVAL or -EOPNOTSUPP explained in @extack.
 */
int ssdk_purge_check(struct ssdk_run *run, struct nlattr **attrs,
		     struct netlink_ext_ack *extack)
{
	struct block_device *bdev = run->bdev.bdev;
	const struct nlattr *attr = attrs[SSDK_A_RUN_PURGE];
	u32 rem;

	div_u64_rem(run->cfg.access.span, run->lbs, &rem);
	if (rem) {
		NL_SET_ERR_MSG_ATTR(extack, attrs[SSDK_A_RUN_SPAN],
				    "span: a purge's, not a multiple of the target's logical block size");
		return -EINVAL;
	}

	/* NL_SET_ERR_MSG_ATTR() takes a literal: one case per message. */
	switch (run->cfg.purge_method) {
	case SSDK_PURGE_METHOD_DISCARD:
		if (bdev_max_discard_sectors(bdev))
			return 0;
		NL_SET_ERR_MSG_ATTR(extack, attr, "purge: no discard: max_discard_sectors is 0");
		break;
	case SSDK_PURGE_METHOD_SECURE_DISCARD:
		if (bdev_max_secure_erase_sectors(bdev))
			return 0;
		NL_SET_ERR_MSG_ATTR(extack, attr,
				    "purge: no secure discard: max_secure_erase_sectors is 0");
		break;
	default:
		if (bdev_write_zeroes_sectors(bdev))
			return 0;
		NL_SET_ERR_MSG_ATTR(extack, attr,
				    "purge: no write-zeroes: write_zeroes_max_bytes is 0");
		break;
	}
	return -EOPNOTSUPP;
}

/**
 * ssdk_purge_chunk() - Purge one chunk of a purge run's span, and wait.
 * @run: The run.
 * @offset: Where the chunk starts, bytes (a multiple of the logical block).
 * @len: Its length, bytes (likewise).
 *
 * Context: The run's worker; sleeps.
 * Return: 0 or the block layer's negative errno.
 */
int ssdk_purge_chunk(struct ssdk_run *run, u64 offset, u32 len)
{
	struct block_device *bdev = run->bdev.bdev;
	sector_t sector = offset >> SECTOR_SHIFT, nr = len >> SECTOR_SHIFT;

	switch (run->cfg.purge_method) {
	case SSDK_PURGE_METHOD_DISCARD:
		return blkdev_issue_discard(bdev, sector, nr, GFP_KERNEL);
	case SSDK_PURGE_METHOD_SECURE_DISCARD:
		return blkdev_issue_secure_erase(bdev, sector, nr, GFP_KERNEL);
	default:
		return blkdev_issue_zeroout(bdev, sector, nr, GFP_KERNEL, BLKDEV_ZERO_NOFALLBACK);
	}
}
