// SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause
/*
 * A run's time series (timeseries-get): the closed intervals from a
 * given one on, while the run goes or after.
 */

#include <string.h>

#include "internal.h"

struct ts_ctx {
	struct ssdk_ts_point *pts;
	uint32_t from;
	uint32_t max;
	uint32_t count;
};

/* One stage of an op's IOs in the interval: its place by its kind. */
static int parse_interval_stage(struct ssdk *h, struct ssdk_ts_op *o, struct nlattr *nest)
{
	struct nlattr *tb[SSDK_A_INTERVAL_STAGE_MAX + 1];
	struct ssdk_ts_stage *st;
	uint32_t kind;

	if (nla_parse_nested(tb, SSDK_A_INTERVAL_STAGE_MAX, nest, NULL) ||
	    !tb[SSDK_A_INTERVAL_STAGE_KIND])
		return ssdk_fail(h, -EPROTO, "malformed interval stage");
	kind = nla_get_u32(tb[SSDK_A_INTERVAL_STAGE_KIND]);
	if (kind < SSDK_LAT_KIND_BLOCK || kind > SSDK_LAT_KIND_MAX)
		return 0;
	st = &o->stages[kind - SSDK_LAT_KIND_BLOCK];
	st->ios = ssdk_attr_u64(tb, SSDK_A_INTERVAL_STAGE_IOS);
	st->lat_sum_ns = ssdk_attr_u64(tb, SSDK_A_INTERVAL_STAGE_LAT_SUM_NS);
	st->lat_max_ns = ssdk_attr_u64(tb, SSDK_A_INTERVAL_STAGE_LAT_MAX_NS);
	return 0;
}

static int parse_interval_op(struct ssdk *h, struct ssdk_ts_point *p, struct nlattr *nest)
{
	struct nlattr *tb[SSDK_A_INTERVAL_OP_MAX + 1];
	struct ssdk_ts_op *o;
	struct nlattr *attr;
	uint32_t op;
	int rem, err;

	if (nla_parse_nested(tb, SSDK_A_INTERVAL_OP_MAX, nest, NULL) ||
	    !tb[SSDK_A_INTERVAL_OP_OP])
		return ssdk_fail(h, -EPROTO, "malformed interval");
	op = nla_get_u32(tb[SSDK_A_INTERVAL_OP_OP]);
	if (op > SSDK_OP_MAX)
		return 0;
	o = &p->op[op];
	o->ios = ssdk_attr_u64(tb, SSDK_A_INTERVAL_OP_IOS);
	o->bytes = ssdk_attr_u64(tb, SSDK_A_INTERVAL_OP_BYTES);
	o->lat_sum_ns = ssdk_attr_u64(tb, SSDK_A_INTERVAL_OP_LAT_SUM_NS);
	o->lat_max_ns = ssdk_attr_u64(tb, SSDK_A_INTERVAL_OP_LAT_MAX_NS);
	o->lat_p99_ns = ssdk_attr_u64(tb, SSDK_A_INTERVAL_OP_LAT_P99_NS);
	nla_for_each_nested(attr, nest, rem) {
		if (nla_type(attr) != SSDK_A_INTERVAL_OP_STAGE)
			continue;
		err = parse_interval_stage(h, o, attr);
		if (err)
			return err;
	}
	return 0;
}

/* What a heat attribute holds of a row of @room bytes: never more. */
static size_t heat_len(const struct nlattr *attr, size_t room)
{
	size_t len = nla_len(attr);

	return len < room ? len : room;
}

static int ts_reply(struct ssdk *h, struct nlmsghdr *nlh, void *arg)
{
	struct nlattr *tb[SSDK_A_INTERVAL_MAX + 1];
	struct ts_ctx *ctx = arg;
	struct ssdk_ts_point *p;
	struct nlattr *attr, *op;
	int rem, orem, err;

	nlmsg_for_each_attr(attr, nlh, GENL_HDRLEN, rem) {
		if (nla_type(attr) != SSDK_A_RUN_INTERVAL)
			continue;
		if (nla_parse_nested(tb, SSDK_A_INTERVAL_MAX, attr, NULL) ||
		    !tb[SSDK_A_INTERVAL_INDEX])
			return ssdk_fail(h, -EPROTO, "malformed interval");
		if (ctx->count < ctx->max) {
			p = &ctx->pts[ctx->count];
			memset(p, 0, sizeof(*p));
			p->index = nla_get_u32(tb[SSDK_A_INTERVAL_INDEX]);
			if (tb[SSDK_A_INTERVAL_HEAT])
				memcpy(p->heat, nla_data(tb[SSDK_A_INTERVAL_HEAT]),
				       heat_len(tb[SSDK_A_INTERVAL_HEAT], sizeof(p->heat)));
			nla_for_each_nested(op, attr, orem) {
				if (nla_type(op) != SSDK_A_INTERVAL_OPS)
					continue;
				err = parse_interval_op(h, p, op);
				if (err)
					return err;
			}
		}
		ctx->count++;
	}
	return 0;
}

/**
 * ssdk_ts_parse() - The intervals a message carries.
 * @h: The handle (for what a malformed one says).
 * @nlh: A timeseries-get reply or a run-progress-ntf.
 * @pts: Room for @max intervals, filled in order.
 * @max: How many fit.
 * @count: Intervals seen so far, counted on: those past @max are counted,
 *	not copied.
 *
 * Return: 0 or -EPROTO (said).
 */
int ssdk_ts_parse(struct ssdk *h, const struct nlmsghdr *nlh, struct ssdk_ts_point *pts,
		  uint32_t max, uint32_t *count)
{
	struct ts_ctx ctx = { .pts = pts, .max = pts ? max : 0, .count = *count };
	int err = ts_reply(h, (struct nlmsghdr *)nlh, &ctx);

	*count = ctx.count;
	return err;
}

SSDK_EXPORT int ssdk_timeseries_get(struct ssdk *h, uint32_t id, uint32_t from,
				    struct ssdk_ts_point *pts, uint32_t max)
{
	struct ts_ctx ctx = { .pts = pts, .from = from, .max = pts ? max : 0 };
	struct nl_msg *msg = ssdk_run_msg(h, SSDK_CMD_TIMESERIES_GET, 1, id, &from);
	int err;

	if (!msg)
		return -ENOMEM;
	err = ssdk_request(h, msg, ts_reply, &ctx);
	return err ? err : (int)ctx.count;
}
