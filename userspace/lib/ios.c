// SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause
/*
 * IO records: the slowest IOs of an ended run (slowest-get), slowest
 * first, and the IOs a run captured over its threshold (captured-get), in
 * completion order: dumps of io nests.
 */

#include <string.h>

#include "internal.h"

static void ios_stages(struct ssdk_io_rec *r, struct nlattr **tb)
{
	unsigned int i;
	uint32_t attr;

	for (i = 0; i < SSDK_NR_STAGES; i++) {
		attr = ssdk_stage_io_attr(SSDK_LAT_KIND_BLOCK + i);
		if (!tb[attr])
			continue;
		r->stages |= SSDK_STAGE_BIT(SSDK_LAT_KIND_BLOCK + i);
		r->stage_ns[i] = ssdk_attr_u64(tb, attr);
	}
}

struct ios_ctx {
	int type;
	struct ssdk_io_rec *ios;
	uint32_t max;
	uint32_t count;
};

static int ios_reply(struct ssdk *h, struct nlmsghdr *nlh, void *arg)
{
	struct nlattr *tb[SSDK_A_IO_MAX + 1];
	struct ios_ctx *ctx = arg;
	struct ssdk_io_rec *r;
	struct nlattr *attr;
	int rem;

	nlmsg_for_each_attr(attr, nlh, GENL_HDRLEN, rem) {
		if (nla_type(attr) != ctx->type)
			continue;
		if (nla_parse_nested(tb, SSDK_A_IO_MAX, attr, NULL) || !tb[SSDK_A_IO_LAT_NS])
			return ssdk_fail(h, -EPROTO, "malformed IO record");
		if (ctx->count < ctx->max) {
			r = &ctx->ios[ctx->count];
			memset(r, 0, sizeof(*r));
			r->lat_ns = ssdk_attr_u64(tb, SSDK_A_IO_LAT_NS);
			r->offset = ssdk_attr_u64(tb, SSDK_A_IO_OFFSET);
			r->t_ns = ssdk_attr_u64(tb, SSDK_A_IO_T_NS);
			r->len = ssdk_attr_u32(tb, SSDK_A_IO_LEN);
			r->op = ssdk_attr_u32(tb, SSDK_A_IO_OP);
			r->cpu_submit = ssdk_attr_u32(tb, SSDK_A_IO_CPU_SUBMIT);
			r->cpu_complete = ssdk_attr_u32(tb, SSDK_A_IO_CPU_COMPLETE);
			r->inflight = ssdk_attr_u32(tb, SSDK_A_IO_INFLIGHT);
			ios_stages(r, tb);
		}
		ctx->count++;
	}
	return 0;
}

/* A dump of @cmd's io nests of @type, for run @id from record @from on. */
static int ios_get(struct ssdk *h, uint8_t cmd, int type, uint32_t id, uint32_t from,
		   struct ssdk_io_rec *ios, uint32_t max)
{
	struct ios_ctx ctx = { .type = type, .ios = ios, .max = ios ? max : 0 };
	struct nl_msg *msg = ssdk_run_msg(h, cmd, 1, id,
					  cmd == SSDK_CMD_CAPTURED_GET ? &from : NULL);
	int err;

	if (!msg)
		return -ENOMEM;
	err = ssdk_request(h, msg, ios_reply, &ctx);
	return err ? err : (int)ctx.count;
}

SSDK_EXPORT int ssdk_slowest_get(struct ssdk *h, uint32_t id, struct ssdk_io_rec *ios,
				 uint32_t max)
{
	return ios_get(h, SSDK_CMD_SLOWEST_GET, SSDK_A_RUN_SLOWEST, id, 0, ios, max);
}

SSDK_EXPORT int ssdk_captured_get(struct ssdk *h, uint32_t id, uint32_t from,
				  struct ssdk_io_rec *ios, uint32_t max)
{
	return ios_get(h, SSDK_CMD_CAPTURED_GET, SSDK_A_RUN_CAPTURED, id, from, ios, max);
}
