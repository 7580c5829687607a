// SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause
/*
 * The module's multicast groups (runs: run-end-ntf; progress:
 * run-progress-ntf) on the handle's notification socket, a socket of its
 * own so that a request's replies and the notifications never mix: the
 * groups joined, one message received at a time, a wait for the next.
 * Waiting for a run's end (run.c) and following its progress
 * (progress.c) share it.
 */

#include <poll.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>

#include "internal.h"

static const char *const ntf_group_names[] = {
	[0] = SSDK_MCGRP_RUNS,
	[1] = SSDK_MCGRP_PROGRESS,
};

static int ntf_open(struct ssdk *h)
{
	int err;

	h->ntf = nl_socket_alloc();
	if (!h->ntf)
		return ssdk_fail(h, -ENOMEM, "out of memory");
	nl_socket_disable_seq_check(h->ntf);
	errno = 0;
	err = genl_connect(h->ntf);
	if (!err)
		err = nl_socket_set_nonblocking(h->ntf);
	if (err) {
		err = ssdk_fail(h, -EIO, "cannot open a notification socket: %s",
				ssdk_nl_error_text(err, errno));
		nl_socket_free(h->ntf);
		h->ntf = NULL;
		return err;
	}
	h->ntf_groups = 0;
	return 0;
}

/**
 * ssdk_ntf_join() - Listen to the module's multicast groups.
 * @h: The handle.
 * @groups: SSDK_NTF_RUNS, SSDK_NTF_PROGRESS or both; those joined
 *	already are kept.
 *
 * Return: 0, -EPERM without CAP_NET_ADMIN, -EPROTO for a module without
 * the group, or -errno; said.
 */
int ssdk_ntf_join(struct ssdk *h, unsigned int groups)
{
	unsigned int i;
	int grp, err;

	if (!h->ntf) {
		err = ntf_open(h);
		if (err)
			return err;
	}
	for (i = 0; i < ARRAY_SIZE(ntf_group_names); i++) {
		if (!(groups & (1U << i)) || (h->ntf_groups & (1U << i)))
			continue;
		errno = 0;
		grp = genl_ctrl_resolve_grp(h->ntf, SSDK_FAMILY_NAME, ntf_group_names[i]);
		if (grp < 0)
			return ssdk_fail(h, -EPROTO, "the module has no \"%s\" group: %s",
					 ntf_group_names[i], ssdk_nl_error_text(grp, errno));
		errno = 0;
		err = nl_socket_add_membership(h->ntf, grp);
		if (err)
			return ssdk_fail(h, err == -NLE_PERM ? -EPERM : -EIO,
					 "cannot listen to the module's notifications: %s%s",
					 ssdk_nl_error_text(err, errno),
					 err == -NLE_PERM ? " (needs CAP_NET_ADMIN)" : "");
		h->ntf_groups |= 1U << i;
	}
	return 0;
}

/**
 * ssdk_ntf_recv() - The next notification datagram, without waiting.
 * @h: The handle, listening (ssdk_ntf_join()).
 * @len: Its length, when there is one.
 *
 * Return: A buffer of the calling thread holding its messages, valid to
 * the thread's next call; NULL with *@len 0 when none is queued, or with
 * *@len -ENOBUFS when the socket overran (notifications were lost),
 * -EINTR, or -EIO (said).
 */
const void *ssdk_ntf_recv(struct ssdk *h, int *len)
{
	/* A notification is at most NLMSG_GOODSIZE: 8 KiB, a page at least. */
	static __thread char buf[65536];
	int n = recv(nl_socket_get_fd(h->ntf), buf, sizeof(buf), MSG_DONTWAIT);

	if (n > 0) {
		*len = n;
		return buf;
	}
	if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
		*len = 0;
	else if (n < 0 && (errno == ENOBUFS || errno == EINTR))
		*len = -errno;
	else
		*len = ssdk_fail(h, -EIO, "notification socket: %s",
				 n ? strerror(errno) : "end of file");
	return NULL;
}

/**
 * ssdk_ntf_of() - Whether a notification is of a run, and which.
 * @h: The handle.
 * @nlh: A message of ssdk_ntf_recv()'s datagram.
 * @id: The run.
 *
 * Return: Its command (SSDK_CMD_RUN_END_NTF, SSDK_CMD_RUN_PROGRESS_NTF)
 * when it is run @id's notification; 0 for another run's, another
 * family's or command's, or a malformed one.
 */
int ssdk_ntf_of(struct ssdk *h, const struct nlmsghdr *nlh, uint32_t id)
{
	struct nlattr *tb[SSDK_A_RUN_MAX + 1];
	uint8_t cmd;

	if (nlh->nlmsg_type != h->family)
		return 0;
	cmd = ((struct genlmsghdr *)nlmsg_data(nlh))->cmd;
	if (cmd != SSDK_CMD_RUN_PROGRESS_NTF && cmd != SSDK_CMD_RUN_END_NTF)
		return 0;
	if (genlmsg_parse((struct nlmsghdr *)nlh, 0, tb, SSDK_A_RUN_MAX, NULL) ||
	    !tb[SSDK_A_RUN_ID] || nla_get_u32(tb[SSDK_A_RUN_ID]) != id)
		return 0;
	return cmd;
}

/**
 * ssdk_now_ms() - The monotonic clock, ms: deadlines of waits.
 *
 * Return: The time.
 */
int64_t ssdk_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/**
 * ssdk_ntf_wait() - Wait for a notification, until a deadline.
 * @h: The handle, listening.
 * @deadline_ms: ssdk_now_ms() to stop at; negative for none.
 *
 * Return: 0 when one may be read, -ETIMEDOUT, -EINTR, or -errno (said).
 */
int ssdk_ntf_wait(struct ssdk *h, int64_t deadline_ms)
{
	struct pollfd pfd = { .fd = nl_socket_get_fd(h->ntf), .events = POLLIN };
	int64_t left = deadline_ms < 0 ? -1 : deadline_ms - ssdk_now_ms();
	int err;

	if (deadline_ms >= 0 && left <= 0)
		return ssdk_fail(h, -ETIMEDOUT, "still running");
	err = poll(&pfd, 1, left > INT32_MAX ? INT32_MAX : (int)left);
	if (err < 0 && errno == EINTR)
		return ssdk_fail(h, -EINTR, "interrupted");
	if (err < 0)
		return ssdk_fail(h, -errno, "poll: %s", strerror(errno));
	return err ? 0 : ssdk_fail(h, -ETIMEDOUT, "still running");
}
