// SPDX-License-Identifier: GPL-2.0
/*
 * libaio: Linux native AIO. IOs queued by queue() go out in one
 * io_submit() at commit(); io_getevents() waits for at least one.
 */

#include <errno.h>
#include <libaio.h>
#include <stdlib.h>

#include "engine.h"

struct libaio_data {
	io_context_t ctx;
	struct iocb *iocbs;
	struct iocb **pending;
	struct io_event *events;
	unsigned int nr_pending;
};

static int libaio_init(struct ujob *job)
{
	struct libaio_data *d = calloc(1, sizeof(*d));
	int err;

	if (!d)
		return -ENOMEM;
	d->iocbs = calloc(job->qd, sizeof(*d->iocbs));
	d->pending = calloc(job->qd, sizeof(*d->pending));
	d->events = calloc(job->qd, sizeof(*d->events));
	err = !d->iocbs || !d->pending || !d->events ? -ENOMEM : io_setup(job->qd, &d->ctx);
	if (err) {
		free(d->iocbs);
		free(d->pending);
		free(d->events);
		free(d);
		return err;
	}
	job->priv = d;
	return 0;
}

static int libaio_queue(struct ujob *job, unsigned int i)
{
	struct libaio_data *d = job->priv;
	struct uslot *s = &job->slots[i];

	if (s->op == SSDK_OP_WRITE)
		io_prep_pwrite(&d->iocbs[i], job->fd, s->buf, s->len, s->offset);
	else
		io_prep_pread(&d->iocbs[i], job->fd, s->buf, s->len, s->offset);
	d->iocbs[i].data = s;
	d->pending[d->nr_pending++] = &d->iocbs[i];
	return 0;
}

static int libaio_commit(struct ujob *job)
{
	struct libaio_data *d = job->priv;
	unsigned int done = 0;
	int n;

	while (done < d->nr_pending) {
		n = io_submit(d->ctx, d->nr_pending - done, d->pending + done);
		if (n < 0 && n != -EAGAIN && n != -EINTR)
			return n;
		if (n > 0)
			done += n;
	}
	d->nr_pending = 0;
	return 0;
}

static int libaio_reap(struct ujob *job, unsigned int *done, unsigned int max)
{
	struct libaio_data *d = job->priv;
	struct uslot *s;
	uint64_t now;
	int n, i;

	do
		n = io_getevents(d->ctx, 1, max, d->events, NULL);
	while (n == -EINTR);
	if (n < 0)
		return n;
	now = ujob_now_ns();
	for (i = 0; i < n; i++) {
		s = d->events[i].data;
		s->res = (long)d->events[i].res;
		s->complete_ns = now;
		done[i] = s - job->slots;
	}
	return n;
}

static void libaio_exit(struct ujob *job)
{
	struct libaio_data *d = job->priv;

	io_destroy(d->ctx);
	free(d->iocbs);
	free(d->pending);
	free(d->events);
	free(d);
}

const struct engine_ops engine_libaio = {
	.name = "libaio",
	.max_depth = SSDK_MAX_IODEPTH,
	.init = libaio_init,
	.queue = libaio_queue,
	.commit = libaio_commit,
	.reap = libaio_reap,
	.exit = libaio_exit,
};
