// SPDX-License-Identifier: GPL-2.0
/*
 * The traces loaded for replays (trace-new, trace-load): their table, and
 * who holds them. What a replay does with its trace is replay.c's.
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
 * (ssdk_traces_owner_gone()). A trace is reference-counted: the table
 * holds one reference, a run-start that checks it (config.c) another,
 * and a run that replays it a third. The run claims it as it starts
 * (ssdk_trace_claim(): of two runs started with one trace, the second is
 * refused), and takes it out of the table (ssdk_trace_adopt(), under the
 * run table's lock as the run is published, so that nobody can delete
 * the run first); a refusal or a dry run gives it back to its uploader
 * (ssdk_trace_unclaim()). The worker reads it without locks: nothing
 * changes it once loaded.
 */

#include <linux/kref.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/xarray.h>
#include <net/netlink.h>

#include "ssdk.h"

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
 * The last reference went, under ssdk_traces_lock: free the trace, out
 * of the table, and give its IOs and memory back to the limits.
 */
static void ssdk_trace_release(struct kref *ref)
{
	struct ssdk_trace *t = container_of(ref, struct ssdk_trace, ref);

	lockdep_assert_held(&ssdk_traces_lock);
	ssdk_trace_ios_held -= t->nr;
	mutex_unlock(&ssdk_traces_lock);
	ssdk_budget_release(t->mem);
	kvfree(t->ios);
	kfree(t);
}

/**
 * ssdk_trace_put() - Drop a reference on a trace.
 * @t: The trace, or NULL.
 *
 * Context: Process context; takes ssdk_traces_lock.
 */
void ssdk_trace_put(struct ssdk_trace *t)
{
	if (t)
		kref_put_mutex(&t->ref, ssdk_trace_release, &ssdk_traces_lock);
}

/**
 * ssdk_trace_hold() - Take another reference on a trace.
 * @t: The trace, or NULL, with a reference held.
 *
 * Return: @t.
 */
struct ssdk_trace *ssdk_trace_hold(struct ssdk_trace *t)
{
	if (t)
		kref_get(&t->ref);
	return t;
}

/* Take a trace out of the table; under ssdk_traces_lock. Return: the table's reference. */
static struct ssdk_trace *ssdk_trace_unlist(struct ssdk_trace *t)
{
	lockdep_assert_held(&ssdk_traces_lock);
	xa_erase(&ssdk_traces, t->id);
	ssdk_trace_owner_count(t->portid, -1);
	return t;
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
	kref_init(&t->ref);
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
 * ssdk_trace_get() - Find a loaded trace for a run-start to check.
 * @net: The caller's network namespace.
 * @portid: The caller's port: its own trace only.
 * @attr: The run-start attribute that names the trace.
 * @extack: For the reason of a refusal.
 *
 * A trace whose IOs are all loaded never changes: the caller reads it
 * without locks, and ssdk_trace_put() drops its reference.
 *
 * Context: Process context.
 * Return: The trace, or an ERR_PTR(): -ENOENT, -EBUSY (a run is starting
 * with it, or has it), or -EINVAL for a trace not fully loaded.
 */
struct ssdk_trace *ssdk_trace_get(const struct net *net, u32 portid,
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
		kref_get(&t->ref);
	}
	mutex_unlock(&ssdk_traces_lock);
	return t;
}

/**
 * ssdk_trace_claim() - Claim a trace for a run that starts.
 * @t: The trace, from ssdk_trace_get(), or NULL.
 * @attr: The run-start attribute that names it.
 * @extack: For the reason of a refusal.
 *
 * Of two runs that start with one trace, the second is refused. Give it
 * back with ssdk_trace_unclaim() unless the run adopts it.
 *
 * Context: Process context.
 * Return: 0, or -EBUSY.
 */
int ssdk_trace_claim(struct ssdk_trace *t, const struct nlattr *attr,
		     struct netlink_ext_ack *extack)
{
	int ret = 0;

	if (!t)
		return 0;
	mutex_lock(&ssdk_traces_lock);
	/* Out of the table: another run took it; its uploader went. */
	if (t->claimed || xa_load(&ssdk_traces, t->id) != t) {
		NL_SET_ERR_MSG_ATTR(extack, attr, "the trace is being taken by a run");
		ret = -EBUSY;
	} else {
		t->claimed = true;
	}
	mutex_unlock(&ssdk_traces_lock);
	return ret;
}

/**
 * ssdk_trace_unclaim() - Give a claimed trace back to its uploader.
 * @t: The trace, or NULL; not adopted.
 *
 * Context: Process context.
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
 * @t: The trace, or NULL, claimed; the run holds a reference.
 *
 * Out of the uploader's reach from now on; the run's release drops the
 * last reference (ssdk_trace_put()).
 *
 * Context: Process context; under the run table's lock, as the run is
 * published.
 */
void ssdk_trace_adopt(struct ssdk_trace *t)
{
	if (!t)
		return;
	mutex_lock(&ssdk_traces_lock);
	ssdk_trace_unlist(t);
	/* Never the last (the run holds one); the last one's release unlocks. */
	if (!kref_put(&t->ref, ssdk_trace_release))
		mutex_unlock(&ssdk_traces_lock);
}

/* Drop the table's reference on the uploader's traces no run-start holds, or @all. */
static void ssdk_traces_free_matching(const struct net *net, u32 portid, bool all)
{
	struct ssdk_trace *t;
	unsigned long id;

	mutex_lock(&ssdk_traces_lock);
	xa_for_each(&ssdk_traces, id, t) {
		if (!all && (t->net != net || t->portid != portid || t->claimed))
			continue;
		ssdk_trace_unlist(t);
		/* The release unlocks: lock again for the walk. */
		if (kref_put(&t->ref, ssdk_trace_release))
			mutex_lock(&ssdk_traces_lock);
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

