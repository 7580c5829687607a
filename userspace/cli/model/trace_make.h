/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A synthetic trace made from a described mix (ssdk trace make): sizes,
 * reads, sequential IOs and gaps between arrivals by their shares, written
 * as fio's iolog version 3, which fio replays too.
 */
#ifndef _SSDK_TRACE_MAKE_H
#define _SSDK_TRACE_MAKE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <linux/ssdk.h>

#define TRACE_MAKE_SHARES	SSDK_MAX_BS_SPLIT

/**
 * struct trace_share - A value and its share of the IOs.
 * @value: Bytes (a size) or nanoseconds (a gap).
 * @pct: Percent.
 */
struct trace_share {
	uint64_t value;
	uint32_t pct;
};

/**
 * struct trace_recipe - What a synthetic trace is made of.
 * @name: The file the log names (fio: replay_redirect sends it elsewhere).
 * @ios: IOs.
 * @nr_sizes: Entries of @sizes.
 * @sizes: Request sizes and their shares (100 in all).
 * @nr_gaps: Entries of @gaps.
 * @gaps: Times between arrivals and their shares (100 in all); whole
 *	microseconds, the log's unit.
 * @read_pct: Share of reads.
 * @seq_pct: Share of IOs that start where the one before ended.
 * @offset: Where the span starts, bytes.
 * @span: Bytes the IOs fall in.
 * @seed: Of the draws: the same recipe makes the same trace.
 */
struct trace_recipe {
	const char *name;
	uint64_t ios;
	uint32_t nr_sizes;
	struct trace_share sizes[TRACE_MAKE_SHARES];
	uint32_t nr_gaps;
	struct trace_share gaps[TRACE_MAKE_SHARES];
	uint32_t read_pct;
	uint32_t seq_pct;
	uint64_t offset;
	uint64_t span;
	uint64_t seed;
};

/**
 * struct trace_made - What a synthetic trace holds, counted as it was made.
 * @path: Where it was written.
 * @recipe: Its recipe.
 * @op_ios: Reads and writes (SSDK_OP_*).
 * @op_bytes: Their bytes.
 * @size_ios: IOs of each of the recipe's sizes.
 * @gap_ios: Gaps of each of the recipe's gaps (one fewer in all than IOs).
 * @sequential: IOs that start where the one before ended.
 * @duration_ns: From the first arrival to the last.
 */
struct trace_made {
	const char *path;
	const struct trace_recipe *recipe;
	uint64_t op_ios[2];
	uint64_t op_bytes[2];
	uint64_t size_ios[TRACE_MAKE_SHARES];
	uint64_t gap_ios[TRACE_MAKE_SHARES];
	uint64_t sequential;
	uint64_t duration_ns;
};

int trace_shares_parse(const char *s, int gaps, struct trace_share *out, uint32_t *nr);
int trace_recipe_check(const struct trace_recipe *r, char *why, size_t len);
int trace_make(const struct trace_recipe *r, FILE *f, struct trace_made *m);

#endif /* _SSDK_TRACE_MAKE_H */
