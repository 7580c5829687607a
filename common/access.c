// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
/*
 * Where a run's IOs go and what they are: the op of each IO (a mix draws
 * it), its size (a split draws it) and its offset (a sequential cursor,
 * or a uniform draw among the aligned positions of the span). See
 * access.h.
 */

#include "access.h"
#include "rules.h"

/* Whether @x is a multiple of @lbs: a 64-bit division 32-bit kernels can do. */
static bool ssdk_multiple(u64 x, u32 lbs)
{
	u32 rem;

	div_u64_rem(x, lbs, &rem);
	return !rem;
}

const struct ssdk_access_problem_desc ssdk_access_problems[SSDK_ACCESS_NR_PROBLEMS] = {
	[SSDK_ACCESS_BS_LBS] = { SSDK_A_RUN_BS, EINVAL, SSDK_ACCESS_MSG_BS_LBS },
	[SSDK_ACCESS_OFFSET_LBS] = { SSDK_A_RUN_OFFSET, EINVAL, SSDK_ACCESS_MSG_OFFSET_LBS },
	[SSDK_ACCESS_ALIGN_LBS] = { SSDK_A_RUN_ALIGN, EINVAL, SSDK_ACCESS_MSG_ALIGN_LBS },
	[SSDK_ACCESS_ALIGN_OFFSET_LBS] = { SSDK_A_RUN_ALIGN_OFFSET, EINVAL,
					   SSDK_ACCESS_MSG_ALIGN_OFFSET_LBS },
	[SSDK_ACCESS_STRIDE_LBS] = { SSDK_A_RUN_STRIDE, EINVAL, SSDK_ACCESS_MSG_STRIDE_LBS },
	[SSDK_ACCESS_OFFSET_END] = { SSDK_A_RUN_OFFSET, ERANGE, SSDK_ACCESS_MSG_OFFSET_END },
	[SSDK_ACCESS_SPAN_END] = { SSDK_A_RUN_SPAN, ERANGE, SSDK_ACCESS_MSG_SPAN_END },
	[SSDK_ACCESS_SPAN_SMALL] = { SSDK_A_RUN_SPAN, EINVAL, SSDK_ACCESS_MSG_SPAN_SMALL },
	[SSDK_ACCESS_STRIDE_SPAN] = { SSDK_A_RUN_STRIDE, ERANGE, SSDK_ACCESS_MSG_STRIDE_SPAN },
};

/**
 * ssdk_access_max_bs() - The largest block size of a configuration.
 * @cfg: The configuration.
 *
 * Return: Bytes.
 */
u32 ssdk_access_max_bs(const struct ssdk_access_cfg *cfg)
{
	u32 i, bs = 0;

	for (i = 0; i < cfg->nr_bs; i++)
		if (cfg->bs[i] > bs)
			bs = cfg->bs[i];
	return bs;
}

/**
 * ssdk_access_min_bs() - The smallest block size of a configuration: where
 * random offsets are aligned unless align says otherwise.
 * @cfg: The configuration.
 *
 * Return: Bytes.
 */
u32 ssdk_access_min_bs(const struct ssdk_access_cfg *cfg)
{
	u32 i, bs = cfg->bs[0];

	for (i = 1; i < cfg->nr_bs; i++)
		if (cfg->bs[i] < bs)
			bs = cfg->bs[i];
	return bs;
}

/**
 * ssdk_access_check() - Check an access pattern against its target.
 * @cfg: The configuration; an absent span (0) is resolved to the rest
 *	of the target from the offset.
 * @target_size: The target's size, bytes.
 * @lbs: Its logical block size, bytes: what sizes and offsets must be
 *	multiples of.
 *
 * Sizes, offsets and alignments must be multiples of the logical block
 * size, the span must lie within the target and hold the largest block,
 * and a stride must not be longer than the span from its first IO's start
 * (span - align-offset): a longer one would only ever place the first IO,
 * and near 2^64 it would wrap the cursor (ssdk_access_next() cannot be
 * led out of the span either way).
 *
 * Return: SSDK_ACCESS_OK, or the first problem found.
 */
int ssdk_access_check(struct ssdk_access_cfg *cfg, u64 target_size, u32 lbs)
{
	u32 i;

	for (i = 0; i < cfg->nr_bs; i++)
		if (cfg->bs[i] % lbs)
			return SSDK_ACCESS_BS_LBS;
	if (!ssdk_multiple(cfg->offset, lbs))
		return SSDK_ACCESS_OFFSET_LBS;
	if (cfg->align % lbs)
		return SSDK_ACCESS_ALIGN_LBS;
	if (cfg->align_offset % lbs)
		return SSDK_ACCESS_ALIGN_OFFSET_LBS;
	if (!ssdk_multiple(cfg->stride, lbs))
		return SSDK_ACCESS_STRIDE_LBS;
	if (cfg->offset >= target_size)
		return SSDK_ACCESS_OFFSET_END;
	if (!cfg->span)
		cfg->span = target_size - cfg->offset;
	if (cfg->span > target_size - cfg->offset)
		return SSDK_ACCESS_SPAN_END;
	if (cfg->span < (u64)cfg->align_offset + ssdk_access_max_bs(cfg))
		return SSDK_ACCESS_SPAN_SMALL;
	if (cfg->stride > cfg->span - cfg->align_offset)
		return SSDK_ACCESS_STRIDE_SPAN;
	return SSDK_ACCESS_OK;
}

/**
 * ssdk_access_init() - Build the tables of the IO path.
 * @a: The placement, filled in.
 * @cfg: Its configuration, which ssdk_access_check() accepted; it must
 *	stay in place while @a is used.
 */
void ssdk_access_init(struct ssdk_access *a, const struct ssdk_access_cfg *cfg)
{
	u32 i, pct = 0;

	memset(a, 0, sizeof(*a));
	a->cfg = cfg;
	ssdk_prng_seed(&a->rng, cfg->seed);
	a->mixed = ssdk_rw_mixed(cfg->rw);
	a->sequential = ssdk_rw_sequential(cfg->rw);
	a->op = ssdk_rw_writes(cfg->rw, cfg->rwmixread) ? SSDK_OP_WRITE : SSDK_OP_READ;
	a->room = cfg->span - cfg->align_offset;
	for (i = 0; i < cfg->nr_bs; i++) {
		a->nr_pos[i] = div64_u64(a->room - cfg->bs[i], cfg->align) + 1;
		memset(&a->pick_bs[pct], i, cfg->pct[i]);
		pct += cfg->pct[i];
	}
}

/**
 * ssdk_access_next() - Choose the op, length and offset of the next IO.
 * @a: The placement.
 * @op: Its &enum ssdk_op.
 * @len: Its length, bytes.
 * @offset: Its offset, bytes.
 *
 * A sequential cursor starts over at the span's start when the next IO
 * would not fit before its end: a run of span / bs IOs covers the span
 * once. Random offsets are uniform among the positions align apart.
 * Neither test nor step adds to the cursor before comparing: it stays
 * within the room whatever the stride, so no sum can wrap past 2^64.
 */
void ssdk_access_next(struct ssdk_access *a, u8 *op, u32 *len, u64 *offset)
{
	const struct ssdk_access_cfg *cfg = a->cfg;
	unsigned int i = 0;
	u64 pos, step;

	*op = a->op;
	if (a->mixed)
		*op = ssdk_prng_below(&a->rng, 100) < cfg->rwmixread ? SSDK_OP_READ : SSDK_OP_WRITE;
	if (cfg->nr_bs > 1)
		i = a->pick_bs[ssdk_prng_below(&a->rng, 100)];
	*len = cfg->bs[i];
	if (a->sequential) {
		if (*len > a->room - a->seq_pos)
			a->seq_pos = 0;
		pos = a->seq_pos;
		step = cfg->stride ?: *len;
		a->seq_pos = step > a->room - pos ? a->room : pos + step;
	} else {
		pos = ssdk_prng_below(&a->rng, a->nr_pos[i]) * cfg->align;
	}
	*offset = cfg->offset + cfg->align_offset + pos;
}

/* Odd, so that the workers' seeds differ in every bit pattern they draw. */
#define SSDK_ACCESS_SHARE_SEED	0x9e3779b97f4a7c15ULL

/**
 * ssdk_access_share() - One worker's share of a run's access pattern.
 * @cfg: The run's configuration, which ssdk_access_check() accepted.
 * @i: The worker's index, from 0.
 * @n: The run's workers.
 * @share: Filled in: what the worker places its IOs by.
 *
 * Each worker draws its ops, sizes and random offsets from its own seed
 * (the run's for worker 0, so that one worker draws what a run always
 * drew). Sequential IOs cover a part of the span each: n equal parts,
 * multiples of align, one after the other, so that the workers together
 * sweep the span as streams that do not meet. A stride longer than a
 * part (but within the span, as checked) keeps each worker on its part's
 * first IO: ssdk_access_next() never leaves the part.
 *
 * Return: false when a sequential part would not hold the largest block.
 */
bool ssdk_access_share(const struct ssdk_access_cfg *cfg, u32 i, u32 n,
		       struct ssdk_access_cfg *share)
{
	u64 part;

	*share = *cfg;
	share->seed = cfg->seed ^ (i * SSDK_ACCESS_SHARE_SEED);
	if (n == 1 || !ssdk_rw_sequential(cfg->rw))
		return true;
	part = div64_u64(div64_u64(cfg->span, n), cfg->align) * cfg->align;
	share->offset = cfg->offset + i * part;
	share->span = part;
	return part >= (u64)cfg->align_offset + ssdk_access_max_bs(cfg);
}
