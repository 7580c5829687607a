/* SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause */
/*
 * Where a run's IOs go and what they are, shared by the module and
 * userspace's engines: the same configuration and seed give the same
 * ops, sizes and offsets in the same order, on either side.
 *
 * ssdk_access_check() holds the rules that relate the access pattern to
 * the target's geometry; each problem it finds has one entry of
 * ssdk_access_problems[], with the attribute it blames, its errno and
 * the message both sides print. ssdk_access_init() then works out once what needs a
 * division, and ssdk_access_next() places each IO with a few
 * multiplications.
 */
#ifndef _SSDK_ACCESS_H
#define _SSDK_ACCESS_H

#include "platform.h"
#include "prng.h"

/**
 * struct ssdk_access_cfg - What placing a run's IOs needs of its configuration.
 * @rw: &enum ssdk_rw.
 * @rwmixread: Percentage of reads of a mix.
 * @nr_bs: Block sizes in @bs, at least 1.
 * @bs: The block sizes, bytes.
 * @pct: Each one's percentage of the IOs, adding up to 100.
 * @align: Random offsets are multiples of it from @offset + @align_offset.
 * @align_offset: Where within @align the IOs start.
 * @offset: Start of the span, bytes.
 * @span: Length of the span, bytes; 0 up to the target's end until
 *	ssdk_access_check() resolves it.
 * @stride: Distance between consecutive sequential IOs; 0 for each IO's size.
 * @seed: Seed of the generator of ops, sizes and offsets.
 */
struct ssdk_access_cfg {
	u32 rw;
	u32 rwmixread;
	u32 nr_bs;
	u32 bs[SSDK_MAX_BS_SPLIT];
	u32 pct[SSDK_MAX_BS_SPLIT];
	u32 align;
	u32 align_offset;
	u64 offset;
	u64 span;
	u64 stride;
	u64 seed;
};

/* What ssdk_access_check() can find wrong. */
enum ssdk_access_problem {
	SSDK_ACCESS_OK,
	SSDK_ACCESS_BS_LBS,
	SSDK_ACCESS_OFFSET_LBS,
	SSDK_ACCESS_ALIGN_LBS,
	SSDK_ACCESS_ALIGN_OFFSET_LBS,
	SSDK_ACCESS_STRIDE_LBS,
	SSDK_ACCESS_OFFSET_END,
	SSDK_ACCESS_SPAN_END,
	SSDK_ACCESS_SPAN_SMALL,
	SSDK_ACCESS_STRIDE_SPAN,
	SSDK_ACCESS_NR_PROBLEMS
};

/* What the module's extack and userspace's engines say of each. */
#define SSDK_ACCESS_MSG_BS_LBS		"bs: not a multiple of the target's logical block size"
#define SSDK_ACCESS_MSG_OFFSET_LBS	"offset: not a multiple of the target's logical block size"
#define SSDK_ACCESS_MSG_ALIGN_LBS	"align: not a multiple of the target's logical block size"
#define SSDK_ACCESS_MSG_ALIGN_OFFSET_LBS \
	"align-offset: not a multiple of the target's logical block size"
#define SSDK_ACCESS_MSG_STRIDE_LBS	"stride: not a multiple of the target's logical block size"
#define SSDK_ACCESS_MSG_OFFSET_END	"offset: at or beyond the end of the target"
#define SSDK_ACCESS_MSG_SPAN_END	"span: goes beyond the end of the target"
#define SSDK_ACCESS_MSG_SPAN_SMALL	"span: smaller than align-offset plus the largest block"
#define SSDK_ACCESS_MSG_STRIDE_SPAN	"stride: more than the span less align-offset"

/**
 * struct ssdk_access_problem_desc - A problem of ssdk_access_check().
 * @attr: The run attribute it blames (for bs, bs-split when the sizes
 *	came as a split).
 * @err: The errno it is refused with.
 * @msg: What is said of it, one of SSDK_ACCESS_MSG_*.
 */
struct ssdk_access_problem_desc {
	unsigned int attr;
	int err;
	const char *msg;
};

extern const struct ssdk_access_problem_desc ssdk_access_problems[SSDK_ACCESS_NR_PROBLEMS];

/**
 * struct ssdk_access - Where and what a run's next IO is.
 * @cfg: The configuration, checked against the target.
 * @rng: Generator of ops, sizes and offsets.
 * @mixed: Each IO's op is drawn (randrw, readwrite).
 * @sequential: Offsets follow a cursor (read, write, readwrite).
 * @op: The op of every IO when not @mixed.
 * @pick_bs: Index in @cfg's sizes, per percent.
 * @nr_pos: Random positions of each block size in the span.
 * @room: Bytes of the span from its first IO's start (offset + align-offset).
 * @seq_pos: Start of the next sequential IO, from offset + align-offset;
 *	never above @room, so that room - seq_pos does not wrap.
 */
struct ssdk_access {
	const struct ssdk_access_cfg *cfg;
	struct ssdk_prng rng;
	bool mixed;
	bool sequential;
	u8 op;
	u8 pick_bs[100];
	u64 nr_pos[SSDK_MAX_BS_SPLIT];
	u64 room;
	u64 seq_pos;
};

u32 ssdk_access_max_bs(const struct ssdk_access_cfg *cfg);
u32 ssdk_access_min_bs(const struct ssdk_access_cfg *cfg);
int ssdk_access_check(struct ssdk_access_cfg *cfg, u64 target_size, u32 lbs);
void ssdk_access_init(struct ssdk_access *a, const struct ssdk_access_cfg *cfg);
void ssdk_access_next(struct ssdk_access *a, u8 *op, u32 *len, u64 *offset);
bool ssdk_access_share(const struct ssdk_access_cfg *cfg, u32 i, u32 n,
		       struct ssdk_access_cfg *share);

#endif /* _SSDK_ACCESS_H */
