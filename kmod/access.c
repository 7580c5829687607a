// SPDX-License-Identifier: GPL-2.0
/*
 * Where a run's IOs go and what they are: the op of each IO (a mix draws
 * it), its size (a split draws it) and its offset (a sequential cursor,
 * or a uniform draw among the aligned positions of the span). What needs
 * a division is worked out once, at the start, against the target's
 * geometry: an IO then costs a few multiplications.
 */

#include <linux/math64.h>
#include <net/netlink.h>

#include "ssdk.h"

/* The block sizes against the target's logical block size. */
static int ssdk_access_check_sizes(struct ssdk_run *run, struct nlattr **attrs,
				   struct netlink_ext_ack *extack)
{
	const struct ssdk_run_config *cfg = &run->cfg;
	unsigned int i;

	for (i = 0; i < cfg->nr_bs; i++) {
		if (cfg->bs_split[i].bs % run->lbs) {
			NL_SET_ERR_MSG_ATTR(extack, cfg->split_given ? attrs[SSDK_A_RUN_BS_SPLIT] :
					    attrs[SSDK_A_RUN_BS],
					    "bs: not a multiple of the target's logical block size");
			return -EINVAL;
		}
	}
	if (cfg->offset % run->lbs) {
		NL_SET_ERR_MSG_ATTR(extack, attrs[SSDK_A_RUN_OFFSET],
				    "offset: not a multiple of the target's logical block size");
		return -EINVAL;
	}
	if (cfg->align % run->lbs) {
		NL_SET_ERR_MSG_ATTR(extack, attrs[SSDK_A_RUN_ALIGN],
				    "align: not a multiple of the target's logical block size");
		return -EINVAL;
	}
	if (cfg->align_offset % run->lbs) {
		NL_SET_ERR_MSG_ATTR(extack, attrs[SSDK_A_RUN_ALIGN_OFFSET],
				    "align-offset: not a multiple of the target's logical block size");
		return -EINVAL;
	}
	if (cfg->stride % run->lbs) {
		NL_SET_ERR_MSG_ATTR(extack, attrs[SSDK_A_RUN_STRIDE],
				    "stride: not a multiple of the target's logical block size");
		return -EINVAL;
	}
	return 0;
}

/* The span against the target's size; an absent span runs to its end. */
static int ssdk_access_check_span(struct ssdk_run *run, struct nlattr **attrs,
				  struct netlink_ext_ack *extack)
{
	struct ssdk_run_config *cfg = &run->cfg;

	if (cfg->offset >= run->target_size) {
		NL_SET_ERR_MSG_ATTR(extack, attrs[SSDK_A_RUN_OFFSET],
				    "offset: at or beyond the end of the target");
		return -ERANGE;
	}
	if (!cfg->span)
		cfg->span = run->target_size - cfg->offset;
	if (cfg->span > run->target_size - cfg->offset) {
		NL_SET_ERR_MSG_ATTR(extack, attrs[SSDK_A_RUN_SPAN],
				    "span: goes beyond the end of the target");
		return -ERANGE;
	}
	if (cfg->span < (u64)cfg->align_offset + cfg->bs) {
		NL_SET_ERR_MSG_ATTR(extack, attrs[SSDK_A_RUN_SPAN],
				    "span: smaller than align-offset plus the largest block");
		return -EINVAL;
	}
	return 0;
}

/**
 * ssdk_access_setup() - Check a run's access pattern against its target.
 * @run: The run, its target open and its geometry known.
 * @attrs: The attributes of run-start, which @extack points at.
 * @extack: For the reason of a failure.
 *
 * Sizes, offsets and alignments must be multiples of the logical block
 * size, and the span must hold the largest block; then the tables of the
 * IO path are built.
 *
 * Return: 0 or a negative errno, explained in @extack.
 */
int ssdk_access_setup(struct ssdk_run *run, struct nlattr **attrs,
		      struct netlink_ext_ack *extack)
{
	const struct ssdk_run_config *cfg = &run->cfg;
	struct ssdk_access *a = &run->access;
	unsigned int i, pct = 0;
	int ret;

	ret = ssdk_access_check_sizes(run, attrs, extack);
	if (!ret)
		ret = ssdk_access_check_span(run, attrs, extack);
	if (ret)
		return ret;

	ssdk_prng_seed(&a->rng, cfg->seed);
	a->mixed = ssdk_rw_mixed(cfg->rw);
	a->sequential = ssdk_rw_sequential(cfg->rw);
	a->op = ssdk_cfg_writes(cfg) ? SSDK_OP_WRITE : SSDK_OP_READ;
	a->room = cfg->span - cfg->align_offset;
	for (i = 0; i < cfg->nr_bs; i++) {
		a->nr_pos[i] = div64_u64(a->room - cfg->bs_split[i].bs, cfg->align) + 1;
		memset(&a->pick_bs[pct], i, cfg->bs_split[i].pct);
		pct += cfg->bs_split[i].pct;
	}
	return 0;
}

static unsigned int ssdk_access_op(struct ssdk_run *run)
{
	struct ssdk_access *a = &run->access;

	if (a->mixed)
		return ssdk_prng_below(&a->rng, 100) < run->cfg.rwmixread ?
		       SSDK_OP_READ : SSDK_OP_WRITE;
	return a->op;
}

/**
 * ssdk_access_next() - Choose the op, length and offset of a slot's next IO.
 * @run: The run.
 * @slot: The slot.
 *
 * A sequential cursor starts over at the span's start when the next IO
 * would not fit before its end: a run of span / bs IOs covers the span
 * once. Random offsets are uniform among the positions align apart.
 *
 * Context: The run's worker.
 */
void ssdk_access_next(struct ssdk_run *run, struct ssdk_slot *slot)
{
	const struct ssdk_run_config *cfg = &run->cfg;
	struct ssdk_access *a = &run->access;
	unsigned int i = 0;
	u64 pos;

	slot->op = ssdk_access_op(run);
	if (cfg->nr_bs > 1)
		i = a->pick_bs[ssdk_prng_below(&a->rng, 100)];
	slot->len = cfg->bs_split[i].bs;
	if (a->sequential) {
		if (a->seq_pos + slot->len > a->room)
			a->seq_pos = 0;
		pos = a->seq_pos;
		a->seq_pos += cfg->stride ?: slot->len;
	} else {
		pos = ssdk_prng_below(&a->rng, a->nr_pos[i]) * cfg->align;
	}
	slot->offset = cfg->offset + cfg->align_offset + pos;
}
