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
#include <sys/socket.h>

#include "internal.h"

static __thread char open_error[SSDK_ERROR_LEN];

/**
 * ssdk_nl_error_text() - What a failed libnl call says.
 * @nlerr: Its libnl error (negative or not).
 * @sys_errno: errno as the call left it, cleared before it: 0 when no
 *	system call failed.
 *
 * libnl folds the errnos it does not know (EMSGSIZE among them) into
 * "Unspecific failure": the system's meaning of the errno is said
 * instead there. Its other errors keep libnl's words (an errno left by
 * a call that libnl retried would mislead).
 *
 * Return: A static string.
 */
const char *ssdk_nl_error_text(int nlerr, int sys_errno)
{
	if (sys_errno && (nlerr == -NLE_FAILURE || nlerr == NLE_FAILURE))
		return strerror(sys_errno);
	if (nlerr == -NLE_FAILURE || nlerr == NLE_FAILURE)
		return "failure of unknown cause";
	return nl_geterror(nlerr);
}

/* The attribute set of @cmd's attributes, from the spec. */
static uint32_t cmd_set(uint8_t cmd)
{
	if (cmd >= ARRAY_SIZE(ssdk_spec_ops) || !ssdk_spec_ops[cmd].name)
		return SSDK_SPEC_SET_RUN;
	return ssdk_spec_ops[cmd].set;
}

/* Whether @text starts with "NAME:" for an attribute of @set. */
static int names_attr(uint32_t set, const char *text)
{
	const char *colon = strchr(text, ':');
	char name[64];

	if (!colon || (size_t)(colon - text) >= sizeof(name))
		return 0;
	memcpy(name, text, colon - text);
	name[colon - text] = '\0';
	return ssdk_spec_attr_type(set, name) >= 0;
}

/* The attribute name that @text starts with, before its colon, in @buf. */
static const char *text_attr(const char *text, char *buf, size_t size)
{
	size_t len = strcspn(text, ":");

	if (len >= size)
		len = size - 1;
	memcpy(buf, text, len);
	buf[len] = '\0';
	return buf;
}

/*
 * The spec's name of the attribute at byte @offs of @len bytes of
 * attributes @head of set @set, nests followed: "bs-split.pct". NULL
 * when no attribute starts there.
 */
static const char *attr_name_at(const struct nlattr *head, int len, uint32_t offs,
				uint32_t set, char *buf, size_t size)
{
	const struct ssdk_spec_attr *spec;
	const struct nlattr *attr;
	uint32_t at;
	size_t n;
	int rem;

	nla_for_each_attr(attr, head, len, rem) {
		at = (const char *)attr - (const char *)head;
		if (offs < at || offs >= at + NLA_ALIGN(attr->nla_len))
			continue;
		spec = ssdk_spec_attr(set, nla_type(attr));
		if (!spec)
			return NULL;
		if (offs == at) {
			snprintf(buf, size, "%s", spec->name);
			return buf;
		}
		if (spec->nested < 0 || offs < at + NLA_HDRLEN)
			return NULL;
		n = snprintf(buf, size, "%s.", spec->name);
		if (n >= size || !attr_name_at(nla_data(attr), nla_len(attr),
					       offs - at - NLA_HDRLEN, spec->nested,
					       buf + n, size - n))
			return NULL;
		return buf;
	}
	return NULL;
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
	h->error_attr[0] = '\0';
	return err;
}

/* Record @name as the attribute of the failure just recorded; returns @err. */
static int fail_attr(struct ssdk *h, int err, const char *name)
{
	snprintf(h->error_attr, sizeof(h->error_attr), "%s", name ? name : "");
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

SSDK_EXPORT const char *ssdk_last_error_attr(const struct ssdk *h)
{
	return h ? h->error_attr : "";
}

/*
 * What a request may weigh: a trace's chunk fills an attribute's 64 KiB,
 * more than libnl's default send buffer (32 KiB, which the kernel doubles)
 * lets through, since netlink_sendmsg() refuses a message longer than the
 * buffer less 32 bytes with EMSGSIZE. Ask for room for two chunks; the
 * kernel caps it at net.core.wmem_max, so the room is read back rather
 * than assumed, and what sends requests sizes them by it.
 */
#define REQUEST_SNDBUF	(128 * 1024)

static void request_room(struct ssdk *h)
{
	int fd = nl_socket_get_fd(h->sk), size = REQUEST_SNDBUF;
	socklen_t len = sizeof(size);

	setsockopt(fd, SOL_SOCKET, SO_SNDBUF, &size, sizeof(size));
	if (getsockopt(fd, SOL_SOCKET, SO_SNDBUF, &size, &len) || size <= 32)
		size = 2 * 32768 + 32;	/* libnl's, as the kernel keeps it */
	h->max_request = size - 32;
}

/**
 * ssdk_max_request() - Bytes of the largest request the handle can send.
 * @h: The handle.
 *
 * Return: Bytes, netlink header included.
 */
size_t ssdk_max_request(const struct ssdk *h)
{
	return h->max_request;
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
	errno = 0;
	err = genl_connect(h->sk);
	if (err) {
		err = open_fail(-EIO, "cannot open a generic netlink socket: %s",
				ssdk_nl_error_text(err, errno));
		goto err_free_sock;
	}
	/* Replies are walked in ssdk_request(), which asks for acks itself. */
	nl_socket_disable_auto_ack(h->sk);
	nl_socket_enable_msg_peek(h->sk);
	setsockopt(nl_socket_get_fd(h->sk), SOL_NETLINK, NETLINK_EXT_ACK, &one, sizeof(one));
	setsockopt(nl_socket_get_fd(h->sk), SOL_NETLINK, NETLINK_CAP_ACK, &one, sizeof(one));
	request_room(h);

	errno = 0;
	h->family = genl_ctrl_resolve(h->sk, SSDK_FAMILY_NAME);
	if (h->family < 0) {
		if (h->family == -NLE_OBJ_NOTFOUND)
			err = open_fail(-ENOENT,
					"the ssdk kernel module is not loaded (no generic netlink family \"%s\")",
					SSDK_FAMILY_NAME);
		else
			err = open_fail(-EIO, "cannot look up the ssdk netlink family: %s",
					ssdk_nl_error_text(h->family, errno));
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
	return ssdk_msg_new_size(h, cmd, dump, 0);
}

/**
 * ssdk_msg_new_size() - ssdk_msg_new() with room for @payload bytes of
 * attributes (libnl's default is a page).
 * @h: The handle.
 * @cmd: SSDK_CMD_*.
 * @dump: Non-zero for a dump.
 * @payload: Bytes of attributes; 0 for the default.
 *
 * Return: The message, or NULL (with the error recorded).
 */
struct nl_msg *ssdk_msg_new_size(struct ssdk *h, uint8_t cmd, int dump, size_t payload)
{
	struct nl_msg *msg = payload ? nlmsg_alloc_size(NLMSG_HDRLEN + GENL_HDRLEN + payload) :
				       nlmsg_alloc();

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

/* The name of the request's attribute at byte @offs of the request, or NULL. */
static const char *req_attr_name(struct nl_msg *req, uint32_t offs, char *buf, size_t size)
{
	struct nlmsghdr *nlh = nlmsg_hdr(req);
	uint32_t head = NLMSG_HDRLEN + GENL_HDRLEN;
	uint8_t cmd = ((struct genlmsghdr *)nlmsg_data(nlh))->cmd;

	if (offs < head)
		return NULL;
	return attr_name_at(genlmsg_attrdata(nlmsg_data(nlh), 0),
			    genlmsg_attrlen(nlmsg_data(nlh), 0), offs - head, cmd_set(cmd),
			    buf, size);
}

/* The name of attribute @type of the nest at byte @nest of the request (0: top). */
static const char *missing_name(struct nl_msg *req, uint32_t nest, uint32_t type,
				char *buf, size_t size)
{
	uint8_t cmd = ((struct genlmsghdr *)nlmsg_data(nlmsg_hdr(req)))->cmd;
	const struct ssdk_spec_attr *spec;
	uint32_t set = cmd_set(cmd);
	size_t n = 0;

	if (nest) {
		if (!req_attr_name(req, nest, buf, size))
			return NULL;
		/* The nest's own set: the last name of the path. */
		spec = ssdk_spec_attr(set, ssdk_spec_attr_type(set, buf));
		if (!spec || spec->nested < 0)
			return NULL;
		set = spec->nested;
		n = strlen(buf);
		n += snprintf(buf + n, size - n, ".");
	}
	spec = ssdk_spec_attr(set, type);
	if (!spec || n >= size)
		return NULL;
	snprintf(buf + n, size - n, "%s", spec->name);
	return buf;
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
	char range[64] = "", buf[128];
	size_t len = nlmsg_datalen(nlh);

	if ((nlh->nlmsg_flags & NLM_F_ACK_TLVS) && NLMSG_ALIGN(off) < len)
		nla_parse(tb, NLMSGERR_ATTR_MAX,
			  (struct nlattr *)((char *)nlmsg_data(nlh) + NLMSG_ALIGN(off)),
			  len - NLMSG_ALIGN(off), NULL);
	if (tb[NLMSGERR_ATTR_MSG])
		text = nla_get_string(tb[NLMSGERR_ATTR_MSG]);
	if (tb[NLMSGERR_ATTR_OFFS]) {
		name = req_attr_name(req, nla_get_u32(tb[NLMSGERR_ATTR_OFFS]), buf, sizeof(buf));
		policy_range(range, sizeof(range), tb[NLMSGERR_ATTR_POLICY]);
	}
	if (tb[NLMSGERR_ATTR_MISS_TYPE]) {
		name = missing_name(req, tb[NLMSGERR_ATTR_MISS_NEST] ?
				    nla_get_u32(tb[NLMSGERR_ATTR_MISS_NEST]) : 0,
				    nla_get_u32(tb[NLMSGERR_ATTR_MISS_TYPE]), buf, sizeof(buf));
		err = ssdk_fail(h, err, "missing attribute %s", name ? name : "(unknown)");
		return fail_attr(h, err, name);
	}
	if (err == -EPERM && !text)
		return ssdk_fail(h, err, "%s: ssdk needs CAP_NET_ADMIN", strerror(-err));
	if (!text)
		text = strerror(-err);
	/* Messages of ssdk's own checks start with an attribute's name. */
	if (name && !names_attr(cmd_set(cmd), text))
		return fail_attr(h, ssdk_fail(h, err, "%s: %s%s", name, text, range), name);
	err = ssdk_fail(h, err, "%s%s", text, range);
	if (names_attr(cmd_set(cmd), text))
		return fail_attr(h, err, text_attr(text, buf, sizeof(buf)));
	return fail_attr(h, err, name);
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

/* The spec's name of @req's operation. */
static const char *cmd_name(struct nl_msg *req)
{
	uint8_t cmd = ((struct genlmsghdr *)nlmsg_data(nlmsg_hdr(req)))->cmd;

	if (cmd >= ARRAY_SIZE(ssdk_spec_ops) || !ssdk_spec_ops[cmd].name)
		return "a request";
	return ssdk_spec_ops[cmd].name;
}


/*
 * Send @req to the kernel as nl_send_auto() would (its port and sequence
 * number filled in), but with send() itself, whose errno says why a
 * request is refused.
 */
static int request_send(struct ssdk *h, struct nl_msg *req)
{
	struct sockaddr_nl kernel = { .nl_family = AF_NETLINK };
	struct nlmsghdr *nlh = nlmsg_hdr(req);

	nl_complete_msg(h->sk, req);
	if (sendto(nl_socket_get_fd(h->sk), nlh, nlh->nlmsg_len, 0,
		   (struct sockaddr *)&kernel, sizeof(kernel)) >= 0)
		return 0;
	if (errno == EMSGSIZE)
		return ssdk_fail(h, -EMSGSIZE,
				 "cannot send %s to the module: %u bytes, past the socket's %zu",
				 cmd_name(req), nlh->nlmsg_len, h->max_request);
	return ssdk_fail(h, -errno, "cannot send %s to the module (%u bytes): %s",
			 cmd_name(req), nlh->nlmsg_len, strerror(errno));
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

	err = request_send(h, msg);
	if (err)
		goto out;
	seq = nlmsg_hdr(msg)->nlmsg_seq;
	while (!done) {
		errno = 0;
		n = nl_recv(h->sk, &peer, &buf, NULL);
		if (n <= 0) {
			err = ssdk_fail(h, n == -NLE_PERM ? -EPERM : -EIO,
					"cannot read the module's reply to %s: %s", cmd_name(msg),
					n ? ssdk_nl_error_text(n, errno) : "end of file");
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
