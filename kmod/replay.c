// SPDX-License-Identifier: GPL-2.0
/*
 * Replays: what a replay's configuration takes from its trace (traces.c),
 * how the trace is checked against the target, and the IOs a replaying
 * worker takes from it, each due at its time (scaled), or as fast as the
 * slots free.
 */

#include <linux/math64.h>
#include <net/netlink.h>

#include "ssdk.h"

/**
 * ssdk_trace_writes() - A loaded trace's writes.
 * @t: The trace.
 *
 * Return: How many of its IOs write.
 */
u32 ssdk_trace_writes(const struct ssdk_trace *t)
{
	return t->nr - t->reads;
}

/**
 * ssdk_replay_configure() - A replay's IOs in its configuration's terms.
 * @cfg: The configuration, its trace held.
 * @ios: The ios attribute: replay the first @ios IOs only; 0 for all.
 *
 * The access fields say what the trace does, as a status reports it:
 * randread, or randrw with the share of reads rounded down (so that a
 * trace with one write in a million still counts as writing, and needs
 * consent); bs, the one block size and the alignment, its largest IO.
 */
void ssdk_replay_configure(struct ssdk_run_config *cfg, u64 ios)
{
	const struct ssdk_trace *t = cfg->trace;
	struct ssdk_access_cfg *ac = &cfg->access;

	cfg->ios = ios && ios < t->nr ? ios : t->nr;
	ac->rw = t->reads == t->nr ? SSDK_RW_RANDREAD : SSDK_RW_RANDRW;
	ac->rwmixread = div_u64((u64)t->reads * 100, t->nr);
	cfg->bs = t->max_len;
	ac->nr_bs = 1;
	ac->bs[0] = t->max_len;
	ac->pct[0] = 100;
	ac->align = t->max_len;
}

/*
 * @ns, a time of a trace from its first IO (at most max-duration-ns, as
 * loaded), times @scale / 1000 as mul_u64_u32_div() would, exactly; or
 * U64_MAX when that is past max-duration-ns (and may be past 2^64, which
 * mul_u64_u32_div() would truncate).
 */
static u64 ssdk_replay_scaled(u64 ns, u32 scale)
{
	u32 rem;
	u64 q = div_u64_rem(ns, 1000, &rem);
	u64 scaled;

	/* Past the limit already: q x scale would be. */
	if (q > div_u64(SSDK_MAX_DURATION_NS, scale))
		return U64_MAX;
	/* q x scale <= the limit < 2^55; rem x scale < 2^30. */
	scaled = q * scale + rem * scale / 1000;
	return scaled > SSDK_MAX_DURATION_NS ? U64_MAX : scaled;
}

/**
 * ssdk_replay_check_times() - Check that a timed replay's IOs are due
 * within max-duration-ns of its start, scaled.
 * @cfg: The configuration, its trace held and configured (the IOs it
 *	replays: @cfg->ios), its replay timing and scale read.
 * @attrs: The attributes of run-start, which @extack points at.
 * @extack: For the reason of a refusal, which names the first IO past
 *	the limit.
 *
 * Each IO of a trace arrives within max-duration-ns of its first (as
 * loaded); stretched by replay-scale, the last one replayed must still
 * be due within it, so that ssdk_replay_due() cannot wrap.
 *
 * Context: Process context.
 * Return: 0 or -EINVAL.
 */
int ssdk_replay_check_times(const struct ssdk_run_config *cfg, struct nlattr **attrs,
			    struct netlink_ext_ack *extack)
{
	struct ssdk_trace *t = cfg->trace;
	u32 i, last = cfg->ios - 1;

	if (cfg->replay_timing != SSDK_REPLAY_TIMING_ORIGINAL ||
	    ssdk_replay_scaled(t->ios[last].at_ns - t->ios[0].at_ns, cfg->replay_scale) != U64_MAX)
		return 0;
	for (i = 0; i < last; i++)
		if (ssdk_replay_scaled(t->ios[i].at_ns - t->ios[0].at_ns, cfg->replay_scale) ==
		    U64_MAX)
			break;
	return ssdk_trace_refuse(t, extack, attrs[SSDK_A_RUN_REPLAY_SCALE] ?:
				 attrs[SSDK_A_RUN_TRACE],
				 "trace IO %u: scaled by replay-scale %u, due past max-duration-ns",
				 i, cfg->replay_scale);
}

/* The first of the trace's IOs that does not fit @lbs. */
static u32 ssdk_replay_first_unaligned(const struct ssdk_trace *t, u32 lbs)
{
	u32 i;

	for (i = 0; i < t->nr; i++)
		if ((t->ios[i].offset | t->ios[i].len) & (lbs - 1))
			break;
	return i;
}

/**
 * ssdk_replay_check_blocks() - Check a replay's IOs against the target's
 * logical block size.
 * @run: The run, its target open.
 * @attr: The run-start attribute that named the trace.
 * @extack: For the reason of a refusal, which names the first IO that
 *	does not fit.
 *
 * Context: Process context.
 * Return: 0 or -EINVAL.
 */
int ssdk_replay_check_blocks(struct ssdk_run *run, const struct nlattr *attr,
			     struct netlink_ext_ack *extack)
{
	struct ssdk_trace *t = run->cfg.trace;
	u32 i;

	if (!(t->blocks & (run->lbs - 1)))
		return 0;
	i = ssdk_replay_first_unaligned(t, run->lbs);
	return ssdk_trace_refuse(t, extack, attr,
				 "trace IO %u (%llu+%u): not whole blocks of the target (%u B)",
				 i, t->ios[i].offset, t->ios[i].len, run->lbs);
}

/* The first of the trace's IOs that ends past @limit. */
static u32 ssdk_replay_first_past(const struct ssdk_trace *t, u64 limit)
{
	u32 i;

	for (i = 0; i < t->nr; i++)
		if (t->ios[i].offset + t->ios[i].len > limit)
			break;
	return i;
}

/**
 * ssdk_replay_check_span() - Check that a replay's IOs land in its span.
 * @run: The run, its span resolved against the target.
 * @attrs: The attributes of run-start, which @extack points at.
 * @extack: For the reason of a refusal, which names the first IO that
 *	does not land.
 *
 * Without a remap the IOs go where they were recorded: the run's span
 * must be the whole target (no offset nor span), and the trace within
 * it. Shifted by the offset, the trace must fit the span; folded into
 * it, every IO does, as the span holds the largest.
 *
 * Context: Process context.
 * Return: 0 or -EINVAL.
 */
int ssdk_replay_check_span(struct ssdk_run *run, struct nlattr **attrs,
			   struct netlink_ext_ack *extack)
{
	const struct ssdk_access_cfg *ac = &run->cfg.access;
	struct ssdk_trace *t = run->cfg.trace;
	bool whole = run->cfg.replay_remap == SSDK_REPLAY_REMAP_NONE;
	u64 limit = ac->span;
	u32 i;

	switch (run->cfg.replay_remap) {
	case SSDK_REPLAY_REMAP_SPAN:
		return 0;
	case SSDK_REPLAY_REMAP_NONE:
		limit = run->target_size;
		break;
	}
	if (t->end <= limit)
		return 0;
	i = ssdk_replay_first_past(t, limit);
	return ssdk_trace_refuse(t, extack, attrs[SSDK_A_RUN_TRACE],
				 "trace IO %u ends at %llu, past the %s (%llu bytes)",
				 i, t->ios[i].offset + t->ios[i].len, whole ? "target" : "span",
				 limit);
}

/* Where the run's remap puts an IO of its trace. */
static u64 ssdk_replay_offset(const struct ssdk_run *run, const struct ssdk_replay_io *io)
{
	const struct ssdk_access_cfg *ac = &run->cfg.access;
	u64 off;

	switch (run->cfg.replay_remap) {
	case SSDK_REPLAY_REMAP_OFFSET:
		return ac->offset + io->offset;
	case SSDK_REPLAY_REMAP_SPAN:
		div64_u64_rem(io->offset, ac->span, &off);
		/* The span need not be whole blocks: fold to a block's start. */
		off = round_down(off, run->lbs);
		if (off + io->len > ac->span)
			off = round_down(ac->span - io->len, run->lbs);
		return ac->offset + off;
	default:
		return io->offset;
	}
}

/**
 * ssdk_replay_next() - Give a slot a replay's next IO.
 * @w: The worker (a replay has one), with IOs left.
 * @slot: The slot: its op, length and offset set.
 *
 * Context: The worker.
 */
void ssdk_replay_next(struct ssdk_worker *w, struct ssdk_slot *slot)
{
	const struct ssdk_replay_io *io = &w->run->cfg.trace->ios[w->submitted];

	slot->op = io->op;
	slot->len = io->len;
	slot->offset = ssdk_replay_offset(w->run, io);
}

/**
 * ssdk_replay_due() - When a replay's IO is due.
 * @w: The worker of a replay with original timing, started.
 * @i: The IO's index in the trace.
 *
 * Return: Its arrival, scaled, counted from the first IO's, which is due
 * at the run's start; U64_MAX past the trace's end, or past
 * max-duration-ns from the start (which ssdk_replay_check_times() refused
 * for the IOs replayed): never a time that wrapped.
 */
u64 ssdk_replay_due(const struct ssdk_worker *w, u64 i)
{
	const struct ssdk_run_config *cfg = &w->run->cfg;
	const struct ssdk_trace *t = cfg->trace;
	u64 scaled;

	if (i >= t->nr)
		return U64_MAX;
	scaled = ssdk_replay_scaled(t->ios[i].at_ns - t->ios[0].at_ns, cfg->replay_scale);
	return scaled == U64_MAX ? U64_MAX : w->start_ns + scaled;
}
