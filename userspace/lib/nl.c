// SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause
/*
 * libssdk's netlink plumbing: connecting, sending a request, reading its
 * replies up to the ack or the end of a dump, and turning the kernel's
 * error and extended ack into one line of text.
 *
 * Replies are read with nl_recv() and walked by hand rather than through
 * libnl's callback sets: a request's end (ack, error, or the done of a
 * dump with its own error code and extack) is then handled in one place.
 */

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "internal.h"

static __thread char open_error[SSDK_ERROR_LEN];

/* Attribute names by type, to name an attribute the kernel refused. */
static const char *const info_attr_names[] = {
	[SSDK_A_INFO_VERSION] = "version",
	[SSDK_A_INFO_KERNEL_RELEASE] = "kernel-release",
	[SSDK_A_INFO_CAPS] = "caps",
	[SSDK_A_INFO_CPUS] = "cpus",
	[SSDK_A_INFO_CLOCK_RES_NS] = "clock-res-ns",
	[SSDK_A_INFO_MAX_RUNS] = "max-runs",
	[SSDK_A_INFO_HIST_SUB_BITS] = "hist-sub-bits",
	[SSDK_A_INFO_HIST_BUCKETS] = "hist-buckets",
	[SSDK_A_INFO_PAD] = "pad",
};

static const char *const run_attr_names[] = {
	[SSDK_A_RUN_ID] = "id",
	[SSDK_A_RUN_STATE] = "state",
	[SSDK_A_RUN_TARGET] = "target",
	[SSDK_A_RUN_RW] = "rw",
	[SSDK_A_RUN_BS] = "bs",
	[SSDK_A_RUN_IODEPTH] = "iodepth",
	[SSDK_A_RUN_OFFSET] = "offset",
	[SSDK_A_RUN_SPAN] = "span",
	[SSDK_A_RUN_RUNTIME_NS] = "runtime-ns",
	[SSDK_A_RUN_IOS] = "ios",
	[SSDK_A_RUN_RAMP_NS] = "ramp-ns",
	[SSDK_A_RUN_SEED] = "seed",
	[SSDK_A_RUN_CPU] = "cpu",
	[SSDK_A_RUN_ALLOW_WRITE] = "allow-write",
};

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

static const char *attr_name(uint8_t cmd, unsigned int type)
{
	const char *const *names = run_attr_names;
	unsigned int nr = ARRAY_SIZE(run_attr_names);

	if (cmd == SSDK_CMD_INFO_GET) {
		names = info_attr_names;
		nr = ARRAY_SIZE(info_attr_names);
	}
	if (type < nr && names[type])
		return names[type];
	return NULL;
}

/* Whether @text starts with "NAME:" for an attribute of @cmd's set. */
static int names_attr(uint8_t cmd, const char *text)
{
	const char *colon = strchr(text, ':');
	unsigned int type;
	const char *name;

	for (type = 0; colon && type < 32; type++) {
		name = attr_name(cmd, type);
		if (name && strlen(name) == (size_t)(colon - text) &&
		    !strncmp(text, name, colon - text))
			return 1;
	}
	return 0;
}

static int vfail(char *buf, int err, const char *fmt, va_list ap)
{
	vsnprintf(buf, SSDK_ERROR_LEN, fmt, ap);
	return err;
}

/**
 * ssdk_fail() - Record why a call fails.
 * @h: The handle.
 * @err: The negative errno the call returns.
 * @fmt: The message, printf-style.
 *
 * Return: @err.
 */
int ssdk_fail(struct ssdk *h, int err, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vfail(h->error, err, fmt, ap);
	va_end(ap);
	return err;
}

static int open_fail(int err, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static int open_fail(int err, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vfail(open_error, err, fmt, ap);
	va_end(ap);
	return err;
}

/**
 * ssdk_copy_string() - Copy a string attribute into a fixed array.
 * @dst: The array.
 * @size: Its size; the copy is always NUL-terminated.
 * @attr: The attribute, or NULL for "".
 */
void ssdk_copy_string(char *dst, size_t size, const struct nlattr *attr)
{
	size_t len = 0;

	if (attr) {
		len = nla_len(attr);
		if (len && ((const char *)nla_data(attr))[len - 1] == '\0')
			len--;
		if (len >= size)
			len = size - 1;
		memcpy(dst, nla_data(attr), len);
	}
	dst[len] = '\0';
}

SSDK_EXPORT const char *ssdk_last_error(const struct ssdk *h)
{
	return h ? h->error : open_error;
}

SSDK_EXPORT int ssdk_open(struct ssdk **out)
{
	struct ssdk *h;
	int one = 1, err;

	*out = NULL;
	h = calloc(1, sizeof(*h));
	if (!h)
		return open_fail(-ENOMEM, "out of memory");
	h->sk = nl_socket_alloc();
	if (!h->sk) {
		err = open_fail(-ENOMEM, "out of memory");
		goto err_free;
	}
	err = genl_connect(h->sk);
	if (err) {
		err = open_fail(-EIO, "cannot open a generic netlink socket: %s",
				nl_geterror(err));
		goto err_free_sock;
	}
	/* Replies are walked in ssdk_request(), which asks for acks itself. */
	nl_socket_disable_auto_ack(h->sk);
	nl_socket_enable_msg_peek(h->sk);
	setsockopt(nl_socket_get_fd(h->sk), SOL_NETLINK, NETLINK_EXT_ACK, &one, sizeof(one));
	setsockopt(nl_socket_get_fd(h->sk), SOL_NETLINK, NETLINK_CAP_ACK, &one, sizeof(one));

	h->family = genl_ctrl_resolve(h->sk, SSDK_FAMILY_NAME);
	if (h->family < 0) {
		if (h->family == -NLE_OBJ_NOTFOUND)
			err = open_fail(-ENOENT,
					"the ssdk kernel module is not loaded (no generic netlink family \"%s\")",
					SSDK_FAMILY_NAME);
		else
			err = open_fail(-EIO, "cannot look up the ssdk netlink family: %s",
					nl_geterror(h->family));
		goto err_free_sock;
	}
	*out = h;
	return 0;

err_free_sock:
	nl_socket_free(h->sk);
err_free:
	free(h);
	return err;
}

SSDK_EXPORT void ssdk_close(struct ssdk *h)
{
	if (!h)
		return;
	if (h->ntf)
		nl_socket_free(h->ntf);
	nl_socket_free(h->sk);
	free(h);
}

/**
 * ssdk_msg_new() - A request of the ssdk family.
 * @h: The handle.
 * @cmd: SSDK_CMD_*.
 * @dump: Non-zero for a dump.
 *
 * Return: The message, or NULL (with the error recorded).
 */
struct nl_msg *ssdk_msg_new(struct ssdk *h, uint8_t cmd, int dump)
{
	struct nl_msg *msg = nlmsg_alloc();

	if (!msg) {
		ssdk_fail(h, -ENOMEM, "out of memory");
		return NULL;
	}
	if (!genlmsg_put(msg, NL_AUTO_PORT, NL_AUTO_SEQ, h->family, 0,
			 dump ? NLM_F_DUMP : NLM_F_ACK, cmd, SSDK_FAMILY_VERSION)) {
		nlmsg_free(msg);
		ssdk_fail(h, -ENOMEM, "out of memory");
		return NULL;
	}
	return msg;
}

/* The request's attribute at byte @offs of the request, or NULL. */
static const struct nlattr *attr_at(struct nl_msg *req, uint32_t offs)
{
	struct nlmsghdr *nlh = nlmsg_hdr(req);
	const struct nlattr *attr;
	int rem;

	nlmsg_for_each_attr(attr, nlh, GENL_HDRLEN, rem)
		if ((const char *)attr - (const char *)nlh == (long)offs)
			return attr;
	return NULL;
}

/* " (min..max)" from the policy the kernel sent with a range error. */
static void policy_range(char *buf, size_t size, struct nlattr *policy)
{
	struct nlattr *tb[NL_POLICY_TYPE_ATTR_MAX + 1];

	buf[0] = '\0';
	if (!policy || nla_parse_nested(tb, NL_POLICY_TYPE_ATTR_MAX, policy, NULL))
		return;
	if (tb[NL_POLICY_TYPE_ATTR_MIN_VALUE_U] && tb[NL_POLICY_TYPE_ATTR_MAX_VALUE_U])
		snprintf(buf, size, " (%llu..%llu)",
			 (unsigned long long)nla_get_u64(tb[NL_POLICY_TYPE_ATTR_MIN_VALUE_U]),
			 (unsigned long long)nla_get_u64(tb[NL_POLICY_TYPE_ATTR_MAX_VALUE_U]));
	else if (tb[NL_POLICY_TYPE_ATTR_MAX_LENGTH])
		snprintf(buf, size, " (at most %u bytes)",
			 nla_get_u32(tb[NL_POLICY_TYPE_ATTR_MAX_LENGTH]));
}

/*
 * Record the kernel's error @err for @req from the error or done message
 * @nlh, whose extended ack starts @off bytes into its payload.
 */
static int kernel_error(struct ssdk *h, struct nl_msg *req, struct nlmsghdr *nlh,
			size_t off, int err)
{
	struct nlattr *tb[NLMSGERR_ATTR_MAX + 1] = { NULL };
	uint8_t cmd = ((struct genlmsghdr *)nlmsg_data(nlmsg_hdr(req)))->cmd;
	const char *name = NULL, *text = NULL;
	char range[64] = "";
	size_t len = nlmsg_datalen(nlh);

	if ((nlh->nlmsg_flags & NLM_F_ACK_TLVS) && NLMSG_ALIGN(off) < len)
		nla_parse(tb, NLMSGERR_ATTR_MAX,
			  (struct nlattr *)((char *)nlmsg_data(nlh) + NLMSG_ALIGN(off)),
			  len - NLMSG_ALIGN(off), NULL);
	if (tb[NLMSGERR_ATTR_MSG])
		text = nla_get_string(tb[NLMSGERR_ATTR_MSG]);
	if (tb[NLMSGERR_ATTR_OFFS]) {
		const struct nlattr *bad = attr_at(req, nla_get_u32(tb[NLMSGERR_ATTR_OFFS]));

		if (bad)
			name = attr_name(cmd, nla_type(bad));
		policy_range(range, sizeof(range), tb[NLMSGERR_ATTR_POLICY]);
	}
	if (tb[NLMSGERR_ATTR_MISS_TYPE]) {
		name = attr_name(cmd, nla_get_u32(tb[NLMSGERR_ATTR_MISS_TYPE]));
		return ssdk_fail(h, err, "missing attribute %s", name ? name : "(unknown)");
	}
	if (err == -EPERM && !text)
		return ssdk_fail(h, err, "%s: ssdk needs CAP_NET_ADMIN", strerror(-err));
	if (!text)
		text = strerror(-err);
	/* Messages of ssdk's own checks start with an attribute's name. */
	if (name && !names_attr(cmd, text))
		return ssdk_fail(h, err, "%s: %s%s", name, text, range);
	return ssdk_fail(h, err, "%s%s", text, range);
}

/* Handle one message of @req's reply: 1 when it ends the reply. */
static int reply_message(struct ssdk *h, struct nl_msg *req, struct nlmsghdr *nlh,
			 ssdk_reply_fn reply, void *arg, int *err)
{
	if (nlh->nlmsg_type == NLMSG_ERROR) {
		struct nlmsgerr *e = nlmsg_data(nlh);
		size_t off = sizeof(*e);

		if (nlmsg_datalen(nlh) < (int)sizeof(*e)) {
			*err = ssdk_fail(h, -EPROTO, "short netlink error message");
			return 1;
		}
		if (!(nlh->nlmsg_flags & NLM_F_CAPPED))
			off += e->msg.nlmsg_len - NLMSG_HDRLEN;
		if (e->error && !*err)
			*err = kernel_error(h, req, nlh, off, e->error);
		return 1;
	}
	if (nlh->nlmsg_type == NLMSG_DONE) {
		int code = 0;

		if (nlmsg_datalen(nlh) >= (int)sizeof(code))
			memcpy(&code, nlmsg_data(nlh), sizeof(code));
		if (code && !*err)
			*err = kernel_error(h, req, nlh, sizeof(code), code);
		return 1;
	}
	if (nlh->nlmsg_type == h->family && reply && !*err)
		*err = reply(h, nlh, arg);
	return 0;
}

/**
 * ssdk_request() - Send a request and read its reply to the end.
 * @h: The handle.
 * @msg: The request from ssdk_msg_new(); freed here.
 * @reply: Called for each message of the reply, or NULL.
 * @arg: For @reply.
 *
 * A failure of @reply is returned once the rest of the reply has been
 * read, so that the socket is left clean for the next request.
 *
 * Return: 0 or -errno, with the error recorded.
 */
int ssdk_request(struct ssdk *h, struct nl_msg *msg, ssdk_reply_fn reply, void *arg)
{
	struct sockaddr_nl peer;
	unsigned char *buf = NULL;
	struct nlmsghdr *nlh;
	uint32_t seq;
	int err = 0, done = 0, n;

	n = nl_send_auto(h->sk, msg);
	if (n < 0) {
		err = ssdk_fail(h, -EIO, "cannot send to the module: %s", nl_geterror(n));
		goto out;
	}
	seq = nlmsg_hdr(msg)->nlmsg_seq;
	while (!done) {
		n = nl_recv(h->sk, &peer, &buf, NULL);
		if (n <= 0) {
			err = ssdk_fail(h, n == -NLE_PERM ? -EPERM : -EIO,
					"cannot read the module's reply: %s",
					n ? nl_geterror(n) : "end of file");
			goto out;
		}
		nlh = (struct nlmsghdr *)buf;
		for (; nlmsg_ok(nlh, n); nlh = nlmsg_next(nlh, &n)) {
			if (nlh->nlmsg_seq != seq)
				continue;	/* left over from an earlier request */
			if (reply_message(h, msg, nlh, reply, arg, &err))
				done = 1;
		}
		free(buf);
		buf = NULL;
	}
out:
	nlmsg_free(msg);
	return err;
}
