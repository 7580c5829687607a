// SPDX-License-Identifier: GPL-2.0
/*
 * psync: one pread() per IO, the IO complete when the call returns.
 * Queue depth 1 by nature, as fio's psync.
 */

#include <errno.h>
#include <unistd.h>

#include "engine.h"

static int psync_init(struct ujob *job)
{
	(void)job;
	return 0;
}

static int psync_queue(struct ujob *job, unsigned int i)
{
	struct uslot *s = &job->slots[i];
	ssize_t n = pread(job->fd, s->buf, s->len, s->offset);

	s->complete_ns = ujob_now_ns();
	s->res = n < 0 ? -errno : n;
	job->priv = s;
	return 0;
}

static int psync_commit(struct ujob *job)
{
	(void)job;
	return 0;
}

static int psync_reap(struct ujob *job, unsigned int *done, unsigned int max)
{
	(void)max;
	done[0] = (struct uslot *)job->priv - job->slots;
	return 1;
}

static void psync_exit(struct ujob *job)
{
	(void)job;
}

const struct engine_ops engine_psync = {
	.name = "psync",
	.max_depth = 1,
	.init = psync_init,
	.queue = psync_queue,
	.commit = psync_commit,
	.reap = psync_reap,
	.exit = psync_exit,
};
