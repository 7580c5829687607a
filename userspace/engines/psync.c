// SPDX-License-Identifier: GPL-2.0
/*
 * psync: one pread() or pwrite() per IO, the IO complete when the call
 * returns. A call has one IO in flight, so iodepth N is N threads, as fio
 * runs psync with numjobs=N. Each thread owns a slot and loops on its
 * own: it takes the job's next IO (the job's one sequence of places and
 * data, under a lock: the same IOs as the module's, in the same order of
 * submission), makes the call, timing it itself, and accounts for it. No
 * thread waits on another between its IOs, so N stay in flight. At
 * iodepth 1 the caller's thread is the one thread.
 */

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>

#include "engine.h"

/**
 * struct psync_thread - One thread of a job, and its slot.
 * @job: The job.
 * @lock: The job's lock, shared by its threads.
 * @slot: Its slot.
 * @thread: The thread, when started.
 */
struct psync_thread {
	struct ujob *job;
	pthread_mutex_t *lock;
	struct uslot *slot;
	pthread_t thread;
};

/**
 * struct psync_data - A job's threads.
 * @lock: Guards the job's sequence (ujob_next()) and its counters
 *	(ujob_done()).
 * @threads: One per slot.
 */
struct psync_data {
	pthread_mutex_t lock;
	struct psync_thread *threads;
};

static void *psync_loop(void *arg)
{
	struct psync_thread *t = arg;
	struct uslot *s = t->slot;
	ssize_t n;

	for (;;) {
		pthread_mutex_lock(t->lock);
		if (!ujob_next(t->job, s, ujob_now_ns())) {
			pthread_mutex_unlock(t->lock);
			return NULL;
		}
		pthread_mutex_unlock(t->lock);
		s->submit_ns = ujob_now_ns();
		if (s->op == SSDK_OP_WRITE)
			n = pwrite(t->job->fd, s->buf, s->len, s->offset);
		else
			n = pread(t->job->fd, s->buf, s->len, s->offset);
		s->complete_ns = ujob_now_ns();
		s->res = n < 0 ? -errno : n;
		pthread_mutex_lock(t->lock);
		ujob_done(t->job, s);
		pthread_mutex_unlock(t->lock);
	}
}

static int psync_init(struct ujob *job)
{
	struct psync_data *d = calloc(1, sizeof(*d));
	unsigned int i;

	if (d)
		d->threads = calloc(job->qd, sizeof(*d->threads));
	if (!d || !d->threads) {
		free(d);
		return -ENOMEM;
	}
	pthread_mutex_init(&d->lock, NULL);
	for (i = 0; i < job->qd; i++)
		d->threads[i] = (struct psync_thread){ .job = job, .lock = &d->lock,
							.slot = &job->slots[i] };
	job->priv = d;
	return 0;
}

/* Thread 0 is the caller; the others start, and all are joined. */
static int psync_run(struct ujob *job)
{
	struct psync_data *d = job->priv;
	unsigned int i, started;
	int err = 0;

	for (started = 1; started < job->qd; started++) {
		err = -pthread_create(&d->threads[started].thread, NULL, psync_loop,
				      &d->threads[started]);
		if (err)
			break;
	}
	/*
	 * A thread that could not start fails the run (it ran shallower than
	 * asked), once the IOs of those that did have completed.
	 */
	psync_loop(&d->threads[0]);
	for (i = 1; i < started; i++)
		pthread_join(d->threads[i].thread, NULL);
	return err;
}

static void psync_exit(struct ujob *job)
{
	struct psync_data *d = job->priv;

	pthread_mutex_destroy(&d->lock);
	free(d->threads);
	free(d);
}

const struct engine_ops engine_psync = {
	.name = "psync",
	.max_depth = SSDK_MAX_IODEPTH,
	.init = psync_init,
	.run = psync_run,
	.exit = psync_exit,
};
