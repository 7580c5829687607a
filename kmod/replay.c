// SPDX-License-Identifier: GPL-2.0
/*
 * Replays: the traces loaded for them (trace-new, trace-load), and the
 * IOs a replaying worker takes from its trace.
 *
 * A trace is one array of struct ssdk_replay_io, sized by trace-new and
 * filled in order by trace-load, each IO checked as it comes; what the
 * run needs of it later (its reads, its largest IO, its end, the OR of
 * its offsets and lengths) is summed up meanwhile, so that checking it
 * against a target is a few comparisons. Memory is bounded: the traces
 * held, loaded or being replayed, hold at most SSDK_MAX_TRACE_IOS IOs
 * together (48 MiB), and a trace is allocated whole at trace-new, so a
 * load never fails for memory halfway.
 *
 * Until a run takes it, a trace is its uploader's: only the netlink
 * socket that made it sees it, and it goes when that socket closes
 * (ssdk_traces_owner_gone()). run-start claims it while it checks the
 * request; a run that starts takes it (ssdk_trace_adopt(), under the run
 * table's lock as the run is published, so that nobody can delete the
 * run first) and frees it when the run is freed; a refusal or a dry run
 * gives it back to its uploader. The worker reads it without locks:
 * nothing changes it once loaded.
 */

#include <linux/math64.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/xarray.h>
#include <net/netlink.h>

#include "ssdk.h"

/**
 * struct ssdk_trace - A trace to replay.
 * @id: Its id, unique while the module is loaded.
 * @nr: IOs it holds once loaded.
 * @loaded: IOs loaded so far.
 * @reads: Of them, reads.
 * @max_len: The largest IO's length.
 * @end: The highest byte any IO reaches, plus one.
 * @blocks: The OR of every IO's offset and length: the trace fits a
 *	logical block size when none of the block's low bits is set.
 * @claimed: A run-start is checking it, or a run has it.
 * @adopted: A run has it, and frees it.
 * @net: The network namespace of its uploader's socket (compared only).
 * @portid: That socket's port.
 * @mem: Bytes it holds against the memory budget (budget.c).
 * @ios: The IOs, in arrival order.
 */
struct ssdk_trace {
	u32 id;
	u32 nr;
	u32 loaded;
	u32 reads;
	u32 max_len;
	u64 end;
	u64 blocks;
	bool claimed;
	bool adopted;
	const struct net *net;
	u32 portid;
	u64 mem;
	struct ssdk_replay_io *ios;
};

static DEFINE_MUTEX(ssdk_traces_lock);
static DEFINE_XARRAY_ALLOC1(ssdk_traces);	/* by id, until a run adopts one */
static u32 ssdk_trace_next_id;			/* the cursor of xa_alloc_cyclic() */
static u64 ssdk_trace_ios_held;			/* every trace's @nr, against the limit */

/*
 * How many traces of the table each port holds (any namespace's), as
 * value entries by port: a socket that loaded none closes without a walk
 * of the table (ssdk_traces_owner_gone()).
 */
static DEFINE_XARRAY(ssdk_trace_owners);

/* Count a trace of the table in or out of its port's; under ssdk_traces_lock. */
static int ssdk_trace_owner_count(u32 portid, int delta)
{
	void *e = xa_load(&ssdk_trace_owners, portid);
	unsigned long n = (e ? xa_to_value(e) : 0) + delta;

	lockdep_assert_held(&ssdk_traces_lock);
	if (!n) {
		xa_erase(&ssdk_trace_owners, portid);
		return 0;
	}
	/* Only a port's first trace makes an entry, which may need memory. */
	return xa_err(xa_store(&ssdk_trace_owners, portid, xa_mk_value(n), GFP_KERNEL));
}

/*
 * Refuse with a formatted reason, pointing at @attr (80 bytes from 6.2
 * on: the reasons below fit, but for offsets of twenty digits).
 */
#define ssdk_trace_refuse(t, extack, attr, fmt, args...) ({		\
	(void)(t);							\
	SSDK_NL_ERR_FMT(extack, attr, fmt, ##args);			\
	-EINVAL;							\
})

/* Free a trace out of the table, and give its IOs and memory back to the limits. */
static void __ssdk_trace_free(struct ssdk_trace *t)
{
	lockdep_assert_held(&ssdk_traces_lock);
	ssdk_trace_ios_held -= t->nr;
	ssdk_budget_release(t->mem);
	kvfree(t->ios);
	kfree(t);
}

static void ssdk_trace_free(struct ssdk_trace *t)
{
	mutex_lock(&ssdk_traces_lock);
	__ssdk_trace_free(t);
	mutex_unlock(&ssdk_traces_lock);
}

/**
 * ssdk_trace_new() - Make an empty trace for its uploader to load.
 * @net: The uploader's network namespace.
 * @portid: The uploader's port.
 * @nr: IOs it will hold (the policy keeps it within SSDK_MAX_TRACE_IOS).
 * @extack: For the reason of a refusal.
 * @id: Its id.
 *
 * Context: Process context, the uploader's (its memory cgroup charged).
 * Return: 0, -ENOSPC past the limit of IOs held or the memory budget, or
 * -ENOMEM.
 */
int ssdk_trace_new(const struct net *net, u32 portid, u32 nr,
		   struct netlink_ext_ack *extack, u32 *id)
{
	u64 mem = ssdk_budget_trace(sizeof(struct ssdk_trace), nr);
	struct ssdk_trace *t;
	int ret;

	/* Room first: a refusal allocates nothing. */
	mutex_lock(&ssdk_traces_lock);
	if (ssdk_trace_ios_held + nr > SSDK_MAX_TRACE_IOS) {
		mutex_unlock(&ssdk_traces_lock);
		NL_SET_ERR_MSG(extack,
			       "the traces held would pass max-trace-ios: close the sockets that loaded others, or delete the runs that replayed them");
		return -ENOSPC;
	}
	ret = ssdk_budget_reserve(mem, false, "trace", extack);
	if (ret) {
		mutex_unlock(&ssdk_traces_lock);
		return ret;
	}
	ssdk_trace_ios_held += nr;
	mutex_unlock(&ssdk_traces_lock);

	ret = -ENOMEM;

	t = kzalloc(sizeof(*t), GFP_KERNEL_ACCOUNT);
	if (!t)
		goto err_unreserve;
	t->ios = kvmalloc_array(nr, sizeof(*t->ios), GFP_KERNEL_ACCOUNT);
	if (!t->ios)
		goto err_free_trace;
	t->nr = nr;
	t->net = net;
	t->portid = portid;

	mutex_lock(&ssdk_traces_lock);
	ret = xa_alloc_cyclic(&ssdk_traces, &t->id, t, XA_LIMIT(1, U32_MAX),
			      &ssdk_trace_next_id, GFP_KERNEL);
	if (ret >= 0) {
		ret = ssdk_trace_owner_count(portid, 1);
		if (ret)
			xa_erase(&ssdk_traces, t->id);
	}
	mutex_unlock(&ssdk_traces_lock);
	if (ret < 0)
		goto err_free_ios;
	/* Given back when the trace is freed, with its IOs. */
	t->mem = mem;
	*id = t->id;
	return 0;

err_free_ios:
	kvfree(t->ios);
err_free_trace:
	kfree(t);
err_unreserve:
	mutex_lock(&ssdk_traces_lock);
	ssdk_trace_ios_held -= nr;
	mutex_unlock(&ssdk_traces_lock);
	ssdk_budget_release(mem);
	return ret;
}

/* The uploader's trace @id, not claimed; under ssdk_traces_lock. */
static struct ssdk_trace *ssdk_trace_find(const struct net *net, u32 portid, u32 id,
					  const struct nlattr *attr,
					  struct netlink_ext_ack *extack)
{
	struct ssdk_trace *t = xa_load(&ssdk_traces, id);

	lockdep_assert_held(&ssdk_traces_lock);
	/* Another socket's trace is none of this one's business. */
	if (!t || t->net != net || t->portid != portid) {
		NL_SET_ERR_MSG_ATTR(extack, attr, "no trace with this id loaded by this socket");
		return ERR_PTR(-ENOENT);
	}
	if (t->claimed) {
		NL_SET_ERR_MSG_ATTR(extack, attr, "the trace is being taken by a run");
		return ERR_PTR(-EBUSY);
	}
	return t;
}

/* Check the IO @i just loaded, against the one before it. */
static int ssdk_trace_check_io(struct ssdk_trace *t, u32 i, const struct nlattr *attr,
			       struct netlink_ext_ack *extack)
{
	const struct ssdk_replay_io *io = &t->ios[i];

	if (io->op > SSDK_OP_MAX)
		return ssdk_trace_refuse(t, extack, attr,
					 "trace IO %u: op %u is neither read nor write", i, io->op);
	if (io->len < SSDK_MIN_BS || io->len > SSDK_MAX_BS || io->len % SECTOR_SIZE)
		return ssdk_trace_refuse(t, extack, attr,
					 "trace IO %u: length %u, not 512 B to 1 MiB in 512 B steps",
					 i, io->len);
	if (io->offset % SECTOR_SIZE || io->offset > U64_MAX - io->len)
		return ssdk_trace_refuse(t, extack, attr,
					 "trace IO %u: offset %llu, not a multiple of 512 B",
					 i, io->offset);
	if (i && io->at_ns < t->ios[i - 1].at_ns)
		return ssdk_trace_refuse(t, extack, attr,
					 "trace IO %u: arrives at %llu ns, before the IO before it",
					 i, io->at_ns);
	/* In order, so this does not wrap: its due time from the first's. */
	if (io->at_ns - t->ios[0].at_ns > SSDK_MAX_DURATION_NS)
		return ssdk_trace_refuse(t, extack, attr,
					 "trace IO %u: %llu ns after IO 0, past max-duration-ns",
					 i, io->at_ns - t->ios[0].at_ns);
	return 0;
}

/**
 * ssdk_trace_load() - Load a trace's next IOs.
 * @net: The uploader's network namespace.
 * @portid: The uploader's port.
 * @id: The trace's id.
 * @id_attr: The attribute that named it, for @extack.
 * @chunk: The IOs, an array of struct ssdk_replay_io.
 * @extack: For the reason of a refusal.
 * @loaded: IOs of the trace loaded, this chunk's included.
 *
 * A refused chunk loads nothing: the trace is as before.
 *
 * Context: Process context.
 * Return: 0, -ENOENT, -EBUSY, or -EINVAL for a chunk refused.
 */
int ssdk_trace_load(const struct net *net, u32 portid, u32 id, const struct nlattr *id_attr,
		    const struct nlattr *chunk, struct netlink_ext_ack *extack, u32 *loaded)
{
	u32 len = nla_len(chunk), n = len / sizeof(struct ssdk_replay_io), i;
	struct ssdk_trace *t;
	int ret = 0;

	mutex_lock(&ssdk_traces_lock);
	t = ssdk_trace_find(net, portid, id, id_attr, extack);
	if (IS_ERR(t)) {
		ret = PTR_ERR(t);
		goto out_unlock;
	}
	if (!n || len % sizeof(struct ssdk_replay_io)) {
		ret = ssdk_trace_refuse(t, extack, chunk,
					"chunk: %u bytes, not whole IOs of %zu bytes (replay-io)",
					len, sizeof(struct ssdk_replay_io));
		goto out_unlock;
	}
	if (n > t->nr - t->loaded) {
		ret = ssdk_trace_refuse(t, extack, chunk,
					"chunk: %u IOs past the %u the trace was made for (%u loaded)",
					n, t->nr, t->loaded);
		goto out_unlock;
	}
	/* In place, then checked: a refusal leaves @loaded as it was. */
	memcpy(&t->ios[t->loaded], nla_data(chunk), len);
	for (i = t->loaded; i < t->loaded + n; i++) {
		ret = ssdk_trace_check_io(t, i, chunk, extack);
		if (ret)
			goto out_unlock;
	}
	for (i = t->loaded; i < t->loaded + n; i++) {
		const struct ssdk_replay_io *io = &t->ios[i];

		t->reads += io->op == SSDK_OP_READ;
		t->max_len = max(t->max_len, io->len);
		t->end = max(t->end, io->offset + io->len);
		t->blocks |= io->offset | io->len;
	}
	t->loaded += n;
	*loaded = t->loaded;

out_unlock:
	mutex_unlock(&ssdk_traces_lock);
	return ret;
}

/**
 * ssdk_trace_claim() - Claim a loaded trace for a run-start.
 * @net: The caller's network namespace.
 * @portid: The caller's port: its own trace only.
 * @attr: The run-start attribute that names the trace.
 * @extack: For the reason of a refusal.
 *
 * Give it back with ssdk_trace_unclaim() unless a run adopts it.
 *
 * Context: Process context.
 * Return: The trace, or an ERR_PTR(): -ENOENT, -EBUSY, or -EINVAL for a
 * trace not fully loaded.
 */
struct ssdk_trace *ssdk_trace_claim(const struct net *net, u32 portid,
				    const struct nlattr *attr, struct netlink_ext_ack *extack)
{
	struct ssdk_trace *t;

	mutex_lock(&ssdk_traces_lock);
	t = ssdk_trace_find(net, portid, nla_get_u32(attr), attr, extack);
	if (!IS_ERR(t) && t->loaded < t->nr) {
		ssdk_trace_refuse(t, extack, attr, "trace: %u of its %u IOs loaded",
				  t->loaded, t->nr);
		t = ERR_PTR(-EINVAL);
	} else if (!IS_ERR(t)) {
		t->claimed = true;
	}
	mutex_unlock(&ssdk_traces_lock);
	return t;
}

/**
 * ssdk_trace_unclaim() - Give a claimed trace back to its uploader.
 * @t: The trace, or NULL; not adopted.
 */
void ssdk_trace_unclaim(struct ssdk_trace *t)
{
	if (!t)
		return;
	mutex_lock(&ssdk_traces_lock);
	t->claimed = false;
	mutex_unlock(&ssdk_traces_lock);
}

/**
 * ssdk_trace_adopt() - A run that starts takes its claimed trace.
 * @t: The trace, or NULL.
 *
 * Out of the uploader's reach from now on; ssdk_trace_put() frees it.
 *
 * Context: Process context; under the run table's lock, as the run is
 * published.
 */
void ssdk_trace_adopt(struct ssdk_trace *t)
{
	if (!t)
		return;
	mutex_lock(&ssdk_traces_lock);
	xa_erase(&ssdk_traces, t->id);
	ssdk_trace_owner_count(t->portid, -1);
	t->adopted = true;
	mutex_unlock(&ssdk_traces_lock);
}

/**
 * ssdk_trace_put() - A run is freed: free the trace it adopted.
 * @t: The run's trace, or NULL; one not adopted stays its uploader's.
 */
void ssdk_trace_put(struct ssdk_trace *t)
{
	if (t && t->adopted)
		ssdk_trace_free(t);
}

/* Free the uploader's traces no run-start holds, or @all of them. */
static void ssdk_traces_free_matching(const struct net *net, u32 portid, bool all)
{
	struct ssdk_trace *t;
	unsigned long id;

	mutex_lock(&ssdk_traces_lock);
	xa_for_each(&ssdk_traces, id, t) {
		if (!all && (t->net != net || t->portid != portid || t->claimed))
			continue;
		xa_erase(&ssdk_traces, id);
		ssdk_trace_owner_count(t->portid, -1);
		__ssdk_trace_free(t);
	}
	mutex_unlock(&ssdk_traces_lock);
}

/**
 * ssdk_traces_owner_gone() - Free the traces a closed socket loaded.
 * @net: The socket's network namespace.
 * @portid: Its port.
 *
 * Every generic netlink socket's release calls it: one that loaded no
 * trace costs a lookup, without the lock (its own trace-new requests
 * have all returned), and no walk of the others' traces.
 *
 * Context: Process context (the socket's release).
 */
void ssdk_traces_owner_gone(const struct net *net, u32 portid)
{
	if (xa_load(&ssdk_trace_owners, portid))
		ssdk_traces_free_matching(net, portid, false);
}

/**
 * ssdk_traces_shutdown() - Free every trace no run took.
 *
 * Context: Process context, at module unload, after the runs went.
 */
void ssdk_traces_shutdown(void)
{
	ssdk_traces_free_matching(NULL, 0, true);
}

/**
 * ssdk_trace_writes() - A claimed trace's writes.
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
 * @cfg: The configuration, its trace claimed.
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
 * @cfg: The configuration, its trace claimed and configured (the IOs it
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
 * @run: The run, a replay with IOs left.
 * @slot: The slot: its op, length and offset set.
 *
 * Context: The run's worker.
 */
void ssdk_replay_next(struct ssdk_run *run, struct ssdk_slot *slot)
{
	const struct ssdk_replay_io *io = &run->cfg.trace->ios[run->submitted];

	slot->op = io->op;
	slot->len = io->len;
	slot->offset = ssdk_replay_offset(run, io);
}

/**
 * ssdk_replay_due() - When a replay's IO is due.
 * @run: The run, a replay with original timing, started.
 * @i: The IO's index in the trace.
 *
 * Return: Its arrival, scaled, counted from the first IO's, which is due
 * at the run's start; U64_MAX past the trace's end, or past
 * max-duration-ns from the start (which ssdk_replay_check_times() refused
 * for the IOs replayed): never a time that wrapped.
 */
u64 ssdk_replay_due(const struct ssdk_run *run, u64 i)
{
	const struct ssdk_trace *t = run->cfg.trace;
	u64 scaled;

	if (i >= t->nr)
		return U64_MAX;
	scaled = ssdk_replay_scaled(t->ios[i].at_ns - t->ios[0].at_ns, run->cfg.replay_scale);
	return scaled == U64_MAX ? U64_MAX : run->start_ns + scaled;
}
