// SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause
/*
 * Runs: start (or check), status, list, stop, delete, results with
 * histograms, and waiting for a run's end on the module's multicast group.
 * What a configuration sends and a status holds is config.c's.
 */

#include <stdlib.h>
#include <string.h>

#include "hist.h"
#include "internal.h"
#include "rules.h"

static int id_reply(struct ssdk *h, struct nlmsghdr *nlh, void *arg)
{
	struct nlattr *tb[SSDK_A_RUN_MAX + 1];

	if (genlmsg_parse(nlh, 0, tb, SSDK_A_RUN_MAX, NULL) || !tb[SSDK_A_RUN_ID])
		return ssdk_fail(h, -EPROTO, "run-start replied without an id");
	*(uint32_t *)arg = nla_get_u32(tb[SSDK_A_RUN_ID]);
	return 0;
}

/*
 * The bare build (ssdk_bare.ko, scripts/kmake --bare) is the benchmark's
 * baseline: it submits IOs and records nothing of them, so what a run on
 * it reports is no measurement. Refused unless SSDK_ALLOW_BARE=1 says
 * that the caller knows (scripts/bench); asked of the module once.
 */
static int bare_refused(struct ssdk *h)
{
	const char *allow = getenv("SSDK_ALLOW_BARE");
	struct ssdk_info info;
	int err;

	if (!h->bare) {
		err = ssdk_info_get(h, &info);
		if (err)
			return err;
		h->bare = info.caps & SSDK_CAP_BARE ? 2 : 1;
	}
	if (h->bare == 1 || (allow && !strcmp(allow, "1")))
		return 0;
	return ssdk_fail(h, -EPERM,
			 "the loaded module is ssdk_bare, the benchmark's baseline that records nothing: load ssdk.ko (SSDK_ALLOW_BARE=1 runs it anyway)");
}

/* run-start, for real or as a dry run. */
static int run_start(struct ssdk *h, const struct ssdk_run_config *config, int dry_run,
		     uint32_t *id)
{
	struct nl_msg *msg;
	int err;

	*id = 0;
	if (!memchr(config->target, '\0', sizeof(config->target)))
		return ssdk_fail(h, -ENAMETOOLONG, "target: path too long");
	err = bare_refused(h);
	if (err)
		return err;
	/*
	 * A target path alone may take 4 KiB, libnl's default message: room
	 * for it and the rest (a few hundred bytes, the cpus list, the split).
	 */
	msg = ssdk_msg_new_size(h, SSDK_CMD_RUN_START, 0, sizeof(config->target) + 8192);
	if (!msg)
		return -ENOMEM;
	if (ssdk_config_put(msg, config) || (dry_run && nla_put_flag(msg, SSDK_A_RUN_DRY_RUN))) {
		nlmsg_free(msg);
		return ssdk_fail(h, -EMSGSIZE, "run-start: attributes do not fit");
	}
	return ssdk_request(h, msg, dry_run ? NULL : id_reply, id);
}

SSDK_EXPORT int ssdk_run_start(struct ssdk *h, const struct ssdk_run_config *config,
			       uint32_t *id)
{
	return run_start(h, config, 0, id);
}

SSDK_EXPORT int ssdk_run_check(struct ssdk *h, const struct ssdk_run_config *config)
{
	uint32_t id;

	return run_start(h, config, 1, &id);
}

/**
 * ssdk_run_msg() - A request that names a run by id.
 * @h: The handle.
 * @cmd: The command.
 * @dump: Non-zero for a dump.
 * @id: The run.
 * @from: The first record a records dump wants, or NULL.
 *
 * Return: The message, or NULL (said by ssdk_last_error()).
 */
struct nl_msg *ssdk_run_msg(struct ssdk *h, uint8_t cmd, int dump, uint32_t id,
			    const uint32_t *from)
{
	struct nl_msg *msg = ssdk_msg_new(h, cmd, dump);

	if (msg && (nla_put_u32(msg, SSDK_A_RUN_ID, id) ||
		    (from && nla_put_u32(msg, SSDK_A_RUN_FROM, *from)))) {
		nlmsg_free(msg);
		ssdk_fail(h, -EMSGSIZE, "out of room for the request");
		return NULL;
	}
	return msg;
}

/* What a status or results reply fills in. */
struct status_ctx {
	struct ssdk_run_status *runs;
	uint32_t max;
	uint32_t count;
	uint64_t *hists;
};

/* Add the buckets of a stats nest (parsed in @tb) to @hist. */
static int parse_buckets(struct ssdk *h, uint64_t *hist, struct nlattr *nest)
{
	struct nlattr *btb[SSDK_A_BUCKET_MAX + 1];
	struct nlattr *attr;
	uint32_t idx;
	int rem;

	nla_for_each_nested(attr, nest, rem) {
		if (nla_type(attr) != SSDK_A_STATS_BUCKET)
			continue;
		if (nla_parse_nested(btb, SSDK_A_BUCKET_MAX, attr, NULL) ||
		    !btb[SSDK_A_BUCKET_INDEX] || !btb[SSDK_A_BUCKET_COUNT])
			return ssdk_fail(h, -EPROTO, "malformed histogram bucket");
		idx = nla_get_u32(btb[SSDK_A_BUCKET_INDEX]);
		if (idx >= SSDK_HIST_NR_BUCKETS)
			return ssdk_fail(h, -EPROTO, "histogram bucket %u out of range", idx);
		if (hist)
			hist[idx] = nla_get_u64(btb[SSDK_A_BUCKET_COUNT]);
	}
	return 0;
}

static int status_reply(struct ssdk *h, struct nlmsghdr *nlh, void *arg)
{
	struct nlattr *tb[SSDK_A_RUN_MAX + 1];
	struct nlattr *stb[SSDK_A_STATS_MAX + 1];
	struct status_ctx *ctx = arg;
	struct nlattr *attr;
	int rem, op, err;

	if (genlmsg_parse(nlh, 0, tb, SSDK_A_RUN_MAX, NULL))
		return ssdk_fail(h, -EPROTO, "malformed run status");
	if (tb[SSDK_A_RUN_STATE]) {
		/* A status; the parts of a results dump after it have none. */
		if (ctx->count < ctx->max)
			ssdk_status_parse(&ctx->runs[ctx->count], nlh);
		ctx->count++;
		return 0;
	}
	nlmsg_for_each_attr(attr, nlh, GENL_HDRLEN, rem) {
		if (nla_type(attr) != SSDK_A_RUN_STATS)
			continue;
		op = ssdk_stats_set(attr, stb);
		if (op < 0)
			continue;
		err = parse_buckets(h, ctx->hists ? ctx->hists + op * SSDK_HIST_NR_BUCKETS : NULL,
				    attr);
		if (err)
			return err;
	}
	return 0;
}

SSDK_EXPORT int ssdk_run_get(struct ssdk *h, uint32_t id, struct ssdk_run_status *status)
{
	struct status_ctx ctx = { .runs = status, .max = 1 };
	struct nl_msg *msg = ssdk_run_msg(h, SSDK_CMD_RUN_GET, 0, id, NULL);
	int err;

	if (!msg)
		return -ENOMEM;
	err = ssdk_request(h, msg, status_reply, &ctx);
	if (!err && ctx.count != 1)
		err = ssdk_fail(h, -EPROTO, "run-get: no status in the reply");
	return err;
}

SSDK_EXPORT int ssdk_run_list(struct ssdk *h, struct ssdk_run_status *runs, uint32_t max)
{
	struct status_ctx ctx = { .runs = runs, .max = runs ? max : 0 };
	struct nl_msg *msg = ssdk_msg_new(h, SSDK_CMD_RUN_GET, 1);
	int err;

	if (!msg)
		return -ENOMEM;
	err = ssdk_request(h, msg, status_reply, &ctx);
	return err ? err : (int)ctx.count;
}

/*
 * run-stop replies at once, with the state: a handler must not wait for
 * the device (its IOs in flight may never complete, and generic
 * netlink's lock is held meanwhile). The end is waited for here, on the
 * runs group, as ssdk_run_wait() does.
 */
SSDK_EXPORT int ssdk_run_stop(struct ssdk *h, uint32_t id)
{
	struct nl_msg *msg = ssdk_run_msg(h, SSDK_CMD_RUN_STOP, 0, id, NULL);
	int err;

	if (!msg)
		return -ENOMEM;
	err = ssdk_request(h, msg, NULL, NULL);
	return err ? err : ssdk_run_wait(h, id, -1);
}

static int run_delete(struct ssdk *h, uint32_t id, int dry_run)
{
	struct nl_msg *msg = ssdk_run_msg(h, SSDK_CMD_RUN_DEL, 0, id, NULL);

	if (!msg)
		return -ENOMEM;
	if (dry_run && nla_put_flag(msg, SSDK_A_RUN_DRY_RUN)) {
		nlmsg_free(msg);
		return ssdk_fail(h, -EMSGSIZE, "out of room for the request");
	}
	return ssdk_request(h, msg, NULL, NULL);
}

SSDK_EXPORT int ssdk_run_delete(struct ssdk *h, uint32_t id)
{
	return run_delete(h, id, 0);
}

SSDK_EXPORT int ssdk_run_delete_check(struct ssdk *h, uint32_t id)
{
	return run_delete(h, id, 1);
}

/* Refuse histograms laid out differently from the hist.c compiled in. */
static int check_hist_layout(struct ssdk *h)
{
	struct ssdk_info info;
	int err;

	if (h->hist_checked)
		return 0;
	err = ssdk_info_get(h, &info);
	if (err)
		return err;
	if (info.hist_buckets != SSDK_HIST_NR_BUCKETS ||
	    info.hist_sub_bits != SSDK_HIST_SUB_BITS)
		return ssdk_fail(h, -EPROTO,
				 "the module's histograms (%u buckets, %u sub-bits) are not this library's (%u, %u): rebuild one of them",
				 info.hist_buckets, info.hist_sub_bits,
				 SSDK_HIST_NR_BUCKETS, SSDK_HIST_SUB_BITS);
	h->hist_checked = 1;
	return 0;
}

SSDK_EXPORT int ssdk_results_get(struct ssdk *h, uint32_t id, struct ssdk_run_status *status,
				 uint64_t *hists)
{
	struct status_ctx ctx = { .runs = status, .max = 1, .hists = hists };
	struct nl_msg *msg;
	int err;

	err = check_hist_layout(h);
	if (err)
		return err;
	if (hists)
		memset(hists, 0, SSDK_NR_SETS * SSDK_HIST_NR_BUCKETS * sizeof(uint64_t));
	msg = ssdk_run_msg(h, SSDK_CMD_RESULTS_GET, 1, id, NULL);
	if (!msg)
		return -ENOMEM;
	err = ssdk_request(h, msg, status_reply, &ctx);
	if (!err && ctx.count != 1)
		err = ssdk_fail(h, -EPROTO, "results-get: no status in the reply");
	return err;
}

/* --- waiting --------------------------------------------------------------- */

/*
 * The notifications queued, looked through for run @id's end: 1 when it
 * came (or may have: the socket overran), 0 when none is left, or -errno.
 */
static int ntf_drain(struct ssdk *h, uint32_t id)
{
	const struct nlmsghdr *nlh;
	int n;

	for (;;) {
		nlh = ssdk_ntf_recv(h, &n);
		if (n == -ENOBUFS)
			return 1;	/* overrun: the run may have ended */
		if (n <= 0)
			return n;
		for (; nlmsg_ok(nlh, n); nlh = nlmsg_next((struct nlmsghdr *)nlh, &n))
			if (ssdk_ntf_of(h, nlh, id) == SSDK_CMD_RUN_END_NTF)
				return 1;
	}
}

static int run_ended(struct ssdk *h, uint32_t id)
{
	struct ssdk_run_status st;
	int err = ssdk_run_get(h, id, &st);

	if (err)
		return err;
	return ssdk_state_ended(st.state);
}

SSDK_EXPORT int ssdk_run_wait(struct ssdk *h, uint32_t id, int timeout_ms)
{
	int64_t deadline = timeout_ms < 0 ? -1 : ssdk_now_ms() + timeout_ms;
	int err;

	err = ssdk_ntf_join(h, SSDK_NTF_RUNS);
	if (err)
		return err;
	/* Subscribed first, then asked: an end between the two is not lost. */
	for (;;) {
		err = run_ended(h, id);
		if (err)
			return err < 0 ? err : 0;
		do {
			err = ssdk_ntf_wait(h, deadline);
			if (err)
				return err;
			err = ntf_drain(h, id);
			if (err == -EINTR)
				return ssdk_fail(h, -EINTR, "interrupted");
			if (err < 0)
				return err;
		} while (!err);
	}
}
