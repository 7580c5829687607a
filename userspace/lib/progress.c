// SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause
/*
 * Following a run as it goes: its intervals in order, each once, as the
 * module pushes them (run-progress-ntf on the progress group, run-end-ntf
 * on the runs group) rather than polled. What closed before the listener
 * joined, and any gap it meets (an overrun lost notifications, a message
 * held more than the caller has room for), is read with timeseries-get.
 */

#include <string.h>

#include "internal.h"
#include "rules.h"

/* With nothing pushed for this long, the run is asked: deleted, or ended unheard. */
#define FOLLOW_ASK_MS	1000

/*
 * Run @id's next notification: the intervals it carried (0 for its end),
 * its status in @p; -ETIMEDOUT, -ENOBUFS (notifications lost), -EINTR,
 * or -errno.
 */
static int progress_next(struct ssdk *h, uint32_t id, struct ssdk_run_status *p,
			 struct ssdk_ts_point *pts, uint32_t max, int64_t deadline)
{
	const struct nlmsghdr *nlh;
	uint32_t count = 0;
	int n, cmd, err;

	for (;;) {
		nlh = ssdk_ntf_recv(h, &n);
		if (n < 0)
			return n;
		if (!n) {
			err = ssdk_ntf_wait(h, deadline);
			if (err)
				return err;
			continue;
		}
		for (; nlmsg_ok(nlh, n); nlh = nlmsg_next((struct nlmsghdr *)nlh, &n)) {
			cmd = ssdk_ntf_of(h, nlh, id);
			if (!cmd)
				continue;
			ssdk_status_parse(p, (struct nlmsghdr *)nlh);
			if (cmd == SSDK_CMD_RUN_END_NTF)
				return 0;
			err = ssdk_ts_parse(h, nlh, pts, max, &count);
			return err ? err : (int)count;
		}
	}
}

/* The run's status and its intervals from *@next on, read: how many given. */
static int follow_read(struct ssdk *h, uint32_t id, uint32_t *next,
		       struct ssdk_run_status *status, struct ssdk_ts_point *pts, uint32_t max)
{
	int n = ssdk_run_get(h, id, status);

	if (n)
		return n;
	n = ssdk_timeseries_get(h, id, *next, pts, max);
	if (n < 0)
		return n;
	if ((uint32_t)n > max)
		n = max;
	*next += n;
	return n;
}

/* Those of @n pushed intervals that come next, moved to the front: how many. */
static uint32_t follow_take(struct ssdk_ts_point *pts, uint32_t n, uint32_t *next)
{
	uint32_t i, k = 0;

	for (i = 0; i < n; i++)
		if (pts[i].index == *next + k) {
			if (i != k)
				pts[k] = pts[i];
			k++;
		}
	*next += k;
	return k;
}

SSDK_EXPORT int ssdk_follow(struct ssdk *h, uint32_t id, uint32_t *next,
			    struct ssdk_run_status *status, struct ssdk_ts_point *pts, uint32_t max,
			    int timeout_ms)
{
	int64_t deadline = timeout_ms < 0 ? -1 : ssdk_now_ms() + timeout_ms;
	int read = status->id != id, n, err;
	struct ssdk_run_config config;
	struct ssdk_run_status p;
	int64_t slice;

	if (!pts || !max)
		return ssdk_fail(h, -EINVAL, "no room for intervals");
	/* Listening first, then reading: what closes between is told. */
	err = ssdk_ntf_join(h, SSDK_NTF_RUNS | SSDK_NTF_PROGRESS);
	if (err)
		return err;
	for (;;) {
		/* Closed and not given (a gap, a long message), or ended: read. */
		if (read || *next < status->ts_count || ssdk_state_ended(status->state)) {
			n = follow_read(h, id, next, status, pts, max);
			if (n || ssdk_state_ended(status->state))
				return n;
		}
		slice = ssdk_now_ms() + FOLLOW_ASK_MS;
		n = progress_next(h, id, &p, pts, max,
				  deadline >= 0 && deadline < slice ? deadline : slice);
		read = n == -ETIMEDOUT || n == -ENOBUFS;
		if (n == -ETIMEDOUT && deadline >= 0 && ssdk_now_ms() >= deadline)
			return ssdk_fail(h, -ETIMEDOUT, "still running");
		if (n == -EINTR)
			return ssdk_fail(h, -EINTR, "interrupted");
		if (n < 0 && !read)
			return n;
		if (n < 0)
			continue;
		/* The configuration is not in a progress notification: kept. */
		config = status->config;
		*status = p;
		status->config = config;
		n = follow_take(pts, (uint32_t)n < max ? (uint32_t)n : max, next);
		if (n)
			return n;
	}
}
