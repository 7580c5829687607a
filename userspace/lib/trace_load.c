// SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause
/*
 * A trace into the module, for a replay (the spec's trace-new and
 * trace-load): its reads and writes as struct ssdk_replay_io, in chunks
 * of what one attribute holds. Discards and flushes stay out: the module
 * replays reads and writes.
 */

#include <errno.h>
#include <stdlib.h>

#include "internal.h"
#include "trace.h"

/* IOs of one chunk at most: a netlink attribute holds 64 KiB, its header included. */
#define CHUNK_IOS	((UINT16_MAX - NLA_HDRLEN) / sizeof(struct ssdk_replay_io))

/* What a trace-load request holds besides its chunk's IOs. */
#define LOAD_HEAD	(NLMSG_HDRLEN + GENL_HDRLEN + NLA_HDRLEN + sizeof(uint32_t) + NLA_HDRLEN)

/*
 * IOs of the chunks sent: as many as an attribute holds, and fewer when
 * the socket's send buffer (net.core.wmem_max caps it) holds less.
 */
static uint32_t chunk_ios(const struct ssdk *h)
{
	size_t room = ssdk_max_request(h), n = 1;

	if (room >= LOAD_HEAD + sizeof(struct ssdk_replay_io))
		n = (room - LOAD_HEAD) / sizeof(struct ssdk_replay_io);
	return n < CHUNK_IOS ? n : CHUNK_IOS;
}

/* Reads and writes of @t: the IOs a replay issues. */
static uint64_t replayed(const struct ssdk_trace *t)
{
	uint64_t i, n = 0;

	for (i = 0; i < t->nr; i++)
		n += t->ios[i].op <= SSDK_OP_MAX;
	return n;
}

static int trace_id_reply(struct ssdk *h, struct nlmsghdr *nlh, void *arg)
{
	struct nlattr *tb[SSDK_A_TRACE_MAX + 1];

	if (genlmsg_parse(nlh, 0, tb, SSDK_A_TRACE_MAX, NULL) || !tb[SSDK_A_TRACE_ID])
		return ssdk_fail(h, -EPROTO, "trace-new replied without an id");
	*(uint32_t *)arg = nla_get_u32(tb[SSDK_A_TRACE_ID]);
	return 0;
}

static int trace_new(struct ssdk *h, uint32_t nr, uint32_t *id)
{
	struct nl_msg *msg = ssdk_msg_new(h, SSDK_CMD_TRACE_NEW, 0);

	if (!msg)
		return -ENOMEM;
	if (nla_put_u32(msg, SSDK_A_TRACE_IOS, nr)) {
		nlmsg_free(msg);
		return ssdk_fail(h, -EMSGSIZE, "out of room for the request");
	}
	return ssdk_request(h, msg, trace_id_reply, id);
}

/* The reads and writes of @t from IO *@from on, @n of them, into trace @id. */
static int trace_chunk(struct ssdk *h, uint32_t id, const struct ssdk_trace *t, uint64_t *from,
		       struct ssdk_replay_io *buf, uint32_t n)
{
	const struct ssdk_trace_io *io;
	struct nl_msg *msg;
	uint32_t k = 0;

	for (; k < n; (*from)++) {
		io = &t->ios[*from];
		if (io->op > SSDK_OP_MAX)
			continue;
		buf[k++] = (struct ssdk_replay_io){
			.at_ns = io->t_ns, .offset = io->offset, .len = io->len, .op = io->op,
		};
	}
	msg = ssdk_msg_new_size(h, SSDK_CMD_TRACE_LOAD, 0,
				nla_total_size(sizeof(id)) + nla_total_size(n * sizeof(*buf)));
	if (!msg)
		return -ENOMEM;
	if (nla_put_u32(msg, SSDK_A_TRACE_ID, id) ||
	    nla_put(msg, SSDK_A_TRACE_CHUNK, n * sizeof(*buf), buf)) {
		nlmsg_free(msg);
		return ssdk_fail(h, -EMSGSIZE, "out of room for the request");
	}
	return ssdk_request(h, msg, NULL, NULL);
}

SSDK_EXPORT int ssdk_trace_load(struct ssdk *h, const struct ssdk_trace *trace, uint32_t *id)
{
	uint64_t nr = replayed(trace), done, from = 0;
	uint32_t n, most = chunk_ios(h);
	struct ssdk_replay_io *buf;
	int ret;

	*id = 0;
	if (!nr)
		return ssdk_fail(h, -EINVAL, "the trace has no reads nor writes to replay");
	if (nr > SSDK_MAX_TRACE_IOS)
		return ssdk_fail(h, -E2BIG,
				 "the trace has %llu reads and writes; the module replays %u at most (max-trace-ios)",
				 (unsigned long long)nr, SSDK_MAX_TRACE_IOS);
	buf = malloc(most * sizeof(*buf));
	if (!buf)
		return ssdk_fail(h, -ENOMEM, "out of memory");
	ret = trace_new(h, nr, id);
	for (done = 0; !ret && done < nr; done += n) {
		n = nr - done < most ? nr - done : most;
		ret = trace_chunk(h, *id, trace, &from, buf, n);
	}
	free(buf);
	if (ret)
		*id = 0;	/* what was loaded goes with the socket */
	return ret;
}

SSDK_EXPORT uint32_t ssdk_trace_flags(const struct ssdk_trace *trace)
{
	return trace->flags;
}
