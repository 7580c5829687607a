// SPDX-License-Identifier: GPL-2.0
/*
 * io_uring through liburing: an SQE per IO, one io_uring_submit() per
 * batch, and at least one CQE waited for per reap, then every CQE ready.
 * Plain interrupt-driven completions, as fio's io_uring without hipri.
 */

#include <errno.h>
#include <liburing.h>
#include <stdlib.h>

#include "engine.h"

static int uring_init(struct ujob *job)
{
	struct io_uring *ring = calloc(1, sizeof(*ring));
	int err;

	if (!ring)
		return -ENOMEM;
	err = io_uring_queue_init(job->qd, ring, 0);
	if (err) {
		free(ring);
		return err;
	}
	job->priv = ring;
	return 0;
}

static int uring_queue(struct ujob *job, unsigned int i)
{
	struct io_uring_sqe *sqe = io_uring_get_sqe(job->priv);
	struct uslot *s = &job->slots[i];

	if (!sqe)
		return -EBUSY;
	if (s->op == SSDK_OP_WRITE)
		io_uring_prep_write(sqe, job->fd, s->buf, s->len, s->offset);
	else
		io_uring_prep_read(sqe, job->fd, s->buf, s->len, s->offset);
	io_uring_sqe_set_data(sqe, s);
	return 0;
}

static int uring_commit(struct ujob *job)
{
	int n = io_uring_submit(job->priv);

	return n < 0 ? n : 0;
}

static int uring_reap(struct ujob *job, unsigned int *done, unsigned int max)
{
	struct io_uring_cqe *cqe;
	unsigned int n = 0;
	struct uslot *s;
	uint64_t now;
	int err;

	do
		err = io_uring_wait_cqe(job->priv, &cqe);
	while (err == -EINTR);
	if (err)
		return err;
	now = ujob_now_ns();
	while (cqe && n < max) {
		s = io_uring_cqe_get_data(cqe);
		s->res = cqe->res;
		s->complete_ns = now;
		done[n++] = s - job->slots;
		io_uring_cqe_seen(job->priv, cqe);
		if (io_uring_peek_cqe(job->priv, &cqe))
			break;
	}
	return n;
}

static void uring_exit(struct ujob *job)
{
	io_uring_queue_exit(job->priv);
	free(job->priv);
}

const struct engine_ops engine_uring = {
	.name = "uring",
	.max_depth = SSDK_MAX_IODEPTH,
	.init = uring_init,
	.queue = uring_queue,
	.commit = uring_commit,
	.reap = uring_reap,
	.exit = uring_exit,
};
