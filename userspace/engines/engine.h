/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace engines: the workload of a run issued through system calls
 * (psync, libaio, io_uring) from this process, timed with the clock the
 * module uses (CLOCK_MONOTONIC is ktime_get_ns()), placed and recorded
 * with the module's own code (../../common: access.c, counts.h, hist.c),
 * so that their results have the schema of a run's and subtract from it.
 *
 * One file per engine behind struct engine_ops; ujob.c has the loop.
 */
#ifndef _SSDK_ENGINE_H
#define _SSDK_ENGINE_H

#include <stddef.h>
#include <stdint.h>

#include "access.h"
#include "libssdk.h"
#include "pattern.h"

/**
 * struct uslot - One IO of a job, reused.
 * @buf: Its buffer, aligned for O_DIRECT.
 * @op: SSDK_OP_READ or SSDK_OP_WRITE.
 * @filled: @buf holds the run's fixed pattern (zeros, a repeated byte),
 *	not what a read brought in.
 * @offset: Where it goes, bytes.
 * @len: How many bytes.
 * @submit_ns: When it was handed to the kernel; set by the loop, and again
 *	by an engine that hands it over later (psync's threads).
 * @complete_ns: When its completion was seen; set by the engine.
 * @res: Bytes transferred, or -errno; set by the engine.
 * @measured: Submitted after the ramp.
 */
struct uslot {
	void *buf;
	uint8_t op;
	uint8_t filled;
	uint64_t offset;
	uint32_t len;
	uint64_t submit_ns;
	uint64_t complete_ns;
	int64_t res;
	int measured;
};

struct ujob;

/**
 * struct engine_ops - What an engine does: an asynchronous interface's
 * queue, commit and reap, which ujob.c's loop drives; or a loop of its own
 * (@run) that takes each IO from ujob_next() and hands it back to
 * ujob_done().
 * @name: Its name in ssdk compare --engines (with "-raw" for a device).
 * @max_depth: Most IOs it keeps in flight.
 * @init: Set up for @job->qd IOs on @job->fd; 0 or -errno.
 * @queue: Issue slot @i's IO.
 * @commit: Submit what @queue queued; 0 or -errno.
 * @reap: Wait for at least one completion; put up to @max slot indexes
 *	in @done, with their res and complete_ns set. Return: how many, or
 *	-errno.
 * @run: Instead of the three above: do the job's IOs, to the end; 0 or
 *	-errno.
 * @exit: Undo @init.
 */
struct engine_ops {
	const char *name;
	unsigned int max_depth;
	int (*init)(struct ujob *job);
	int (*queue)(struct ujob *job, unsigned int i);
	int (*commit)(struct ujob *job);
	int (*reap)(struct ujob *job, unsigned int *done, unsigned int max);
	int (*run)(struct ujob *job);
	void (*exit)(struct ujob *job);
};

/**
 * struct ujob - A workload run by a userspace engine.
 * @fd: The target, opened O_DIRECT.
 * @qd: IOs in flight.
 * @slots: @qd of them.
 * @buf_len: Bytes of each slot's buffer: the largest IO.
 * @priv: The engine's.
 * @st: The run's status and counters (its configuration, defaults resolved).
 * @hists: Its histograms, SSDK_NR_SETS of them.
 * @access: Where its IOs go.
 * @data: What its writes write.
 * @start_ns: When it started.
 * @ramp_end_ns: IOs submitted from then on are measured.
 * @deadline_ns: No IO is submitted from then on; 0 for none.
 * @submitted: IOs submitted so far.
 * @last_ns: The last measured completion.
 */
struct ujob {
	int fd;
	unsigned int qd;
	struct uslot *slots;
	uint32_t buf_len;
	void *priv;
	struct ssdk_run_status *st;
	uint64_t *hists;
	struct ssdk_access access;
	struct ssdk_data data;
	uint64_t start_ns;
	uint64_t ramp_end_ns;
	uint64_t deadline_ns;
	uint64_t submitted;
	uint64_t last_ns;
};

uint64_t ujob_now_ns(void);
int ujob_next(struct ujob *job, struct uslot *s, uint64_t now);
void ujob_done(struct ujob *job, struct uslot *s);
const struct engine_ops *engine_find(const char *name);
int ujob_check(const struct engine_ops *ops, const struct ssdk_run_config *cfg,
	       char *err, size_t errlen);
int ujob_run(const struct engine_ops *ops, const struct ssdk_run_config *cfg,
	     struct ssdk_run_status *st, uint64_t *hists, char *err, size_t errlen);

extern const struct engine_ops engine_psync, engine_libaio, engine_uring;
extern const struct engine_ops *const engines[];

#endif /* _SSDK_ENGINE_H */
