// SPDX-License-Identifier: GPL-2.0
/*
 * psync: one pread() or pwrite() per IO, the IO complete when the call
 * returns. A call has one IO in flight, so iodepth N is N threads, as fio
 * runs psync with numjobs=N: thread i owns slot i, does its IO when the
 * loop hands it over, and times the call itself (the handover is not the
 * device's time). At iodepth 1 the loop's own thread does the call, with
 * no handover at all.
 */

#include <errno.h>
#include <pthread.h>
#include <semaphore.h>
#include <string.h>
#include <stdlib.h>
#include <unistd.h>

#include "engine.h"

/**
 * struct psync_worker - The thread of one slot.
 * @job: The job.
 * @i: Its slot.
 * @go: Posted when the slot has an IO for it, or to stop.
 * @thread: The thread.
 */
struct psync_worker {
	struct ujob *job;
	unsigned int i;
	sem_t go;
	pthread_t thread;
};

/**
 * struct psync_data - A job's threads and what they completed.
 * @lock: Guards @ready, @nr_ready and @stop.
 * @completed: Signalled when a slot is put in @ready.
 * @ready: Slots whose IO completed, not yet reaped.
 * @nr_ready: How many.
 * @stop: The threads return at their next @go.
 * @workers: One per slot; NULL at iodepth 1.
 * @nr_workers: Threads started.
 * @last: Iodepth 1: the slot just done.
 */
struct psync_data {
	pthread_mutex_t lock;
	pthread_cond_t completed;
	unsigned int *ready;
	unsigned int nr_ready;
	int stop;
	struct psync_worker *workers;
	unsigned int nr_workers;
	unsigned int last;
};

static void psync_io(struct ujob *job, struct uslot *s)
{
	ssize_t n;

	if (s->op == SSDK_OP_WRITE)
		n = pwrite(job->fd, s->buf, s->len, s->offset);
	else
		n = pread(job->fd, s->buf, s->len, s->offset);
	s->complete_ns = ujob_now_ns();
	s->res = n < 0 ? -errno : n;
}

static void *psync_thread(void *arg)
{
	struct psync_worker *w = arg;
	struct psync_data *d = w->job->priv;
	struct uslot *s = &w->job->slots[w->i];

	for (;;) {
		while (sem_wait(&w->go))
			;
		if (__atomic_load_n(&d->stop, __ATOMIC_ACQUIRE))
			return NULL;
		s->submit_ns = ujob_now_ns();
		psync_io(w->job, s);
		pthread_mutex_lock(&d->lock);
		d->ready[d->nr_ready++] = w->i;
		pthread_cond_signal(&d->completed);
		pthread_mutex_unlock(&d->lock);
	}
}

static void psync_stop(struct psync_data *d)
{
	unsigned int i;

	__atomic_store_n(&d->stop, 1, __ATOMIC_RELEASE);
	for (i = 0; i < d->nr_workers; i++)
		sem_post(&d->workers[i].go);
	for (i = 0; i < d->nr_workers; i++) {
		pthread_join(d->workers[i].thread, NULL);
		sem_destroy(&d->workers[i].go);
	}
}

static void psync_free(struct psync_data *d)
{
	pthread_cond_destroy(&d->completed);
	pthread_mutex_destroy(&d->lock);
	free(d->workers);
	free(d->ready);
	free(d);
}

static int psync_init(struct ujob *job)
{
	struct psync_data *d = calloc(1, sizeof(*d));
	struct psync_worker *w;
	int err = 0;

	if (!d)
		return -ENOMEM;
	pthread_mutex_init(&d->lock, NULL);
	pthread_cond_init(&d->completed, NULL);
	job->priv = d;
	if (job->qd == 1)
		return 0;
	d->ready = calloc(job->qd, sizeof(*d->ready));
	d->workers = calloc(job->qd, sizeof(*d->workers));
	if (!d->ready || !d->workers) {
		err = -ENOMEM;
		goto free_data;
	}
	for (; d->nr_workers < job->qd; d->nr_workers++) {
		w = &d->workers[d->nr_workers];
		w->job = job;
		w->i = d->nr_workers;
		sem_init(&w->go, 0, 0);
		err = -pthread_create(&w->thread, NULL, psync_thread, w);
		if (err) {
			sem_destroy(&w->go);
			goto stop_threads;
		}
	}
	return 0;

stop_threads:
	psync_stop(d);
free_data:
	psync_free(d);
	job->priv = NULL;
	return err;
}

static int psync_queue(struct ujob *job, unsigned int i)
{
	struct psync_data *d = job->priv;

	if (!d->workers) {
		psync_io(job, &job->slots[i]);
		d->last = i;
		return 0;
	}
	sem_post(&d->workers[i].go);
	return 0;
}

static int psync_commit(struct ujob *job)
{
	(void)job;
	return 0;
}

static int psync_reap(struct ujob *job, unsigned int *done, unsigned int max)
{
	struct psync_data *d = job->priv;
	unsigned int n;

	if (!d->workers) {
		done[0] = d->last;
		return 1;
	}
	pthread_mutex_lock(&d->lock);
	while (!d->nr_ready)
		pthread_cond_wait(&d->completed, &d->lock);
	for (n = 0; n < max && n < d->nr_ready; n++)
		done[n] = d->ready[n];
	d->nr_ready -= n;
	memmove(d->ready, d->ready + n, d->nr_ready * sizeof(*d->ready));
	pthread_mutex_unlock(&d->lock);
	return n;
}

/* After the loop: no IO is in flight, every thread waits on its @go. */
static void psync_exit(struct ujob *job)
{
	struct psync_data *d = job->priv;

	psync_stop(d);
	psync_free(d);
}

const struct engine_ops engine_psync = {
	.name = "psync",
	.max_depth = SSDK_MAX_IODEPTH,
	.init = psync_init,
	.queue = psync_queue,
	.commit = psync_commit,
	.reap = psync_reap,
	.exit = psync_exit,
};
