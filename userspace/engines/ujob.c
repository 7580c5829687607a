// SPDX-License-Identifier: GPL-2.0
/*
 * A run of a userspace engine: the module's loop, in a process. Offsets
 * come from the module's generator (kmod/prng.h) with its placement
 * (kmod/access.c): the same seed reads the same blocks in the same order.
 * Latencies go into the module's histogram (kmod/hist.c) and the
 * statistics of struct ssdk_run_status, so that the report code prints
 * either.
 *
 * Reads only, one block size, no rate: what ssdk compare needs; other
 * workloads are refused by name.
 */

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <linux/fs.h>
#include <linux/ssdk.h>

#include "engine.h"
#include "hist.h"
#include "prng.h"

static const struct engine_ops *const engines[] = {
	&engine_psync, &engine_libaio, &engine_uring,
};

/**
 * engine_find() - An engine by name.
 * @name: psync, libaio or uring.
 *
 * Return: Its ops, or NULL.
 */
const struct engine_ops *engine_find(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(engines) / sizeof(engines[0]); i++)
		if (!strcmp(engines[i]->name, name))
			return engines[i];
	return NULL;
}

/**
 * ujob_now_ns() - The module's clock: ktime_get_ns() is CLOCK_MONOTONIC.
 *
 * Return: Nanoseconds.
 */
uint64_t ujob_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* What a userspace engine does not do (yet), by option. */
static const char *unsupported(const struct ssdk_run_config *c, const struct engine_ops *ops)
{
	if (c->rw != SSDK_RW_READ && c->rw != SSDK_RW_RANDREAD)
		return "reads only (--rw read or randread)";
	if (c->nr_bs)
		return "one block size (no --bssplit)";
	if (c->rate_iops)
		return "no --rate-iops";
	if (c->iodepth > ops->max_depth)
		return ops->max_depth == 1 ? "iodepth 1" : "iodepth up to 1024";
	return NULL;
}

struct ujob_state {
	const struct ssdk_run_config *cfg;
	struct ssdk_prng rng;
	uint64_t nr_pos;
	uint64_t room;
	uint64_t seq_pos;
	uint32_t align;
};

/* The offset of the next IO, as kmod/access.c places it. */
static uint64_t next_offset(struct ujob_state *u)
{
	const struct ssdk_run_config *c = u->cfg;
	uint64_t pos;

	if (c->rw == SSDK_RW_READ) {
		if (u->seq_pos + c->bs > u->room)
			u->seq_pos = 0;
		pos = u->seq_pos;
		u->seq_pos += c->stride ? c->stride : c->bs;
	} else {
		pos = ssdk_prng_below(&u->rng, u->nr_pos) * u->align;
	}
	return c->offset + c->align_offset + pos;
}

static void record(struct ssdk_run_status *st, uint64_t *hist, const struct uslot *s)
{
	struct ssdk_op_stats *o = &st->stats[SSDK_LIB_OP_READ];
	uint64_t lat = s->complete_ns - s->submit_ns;
	unsigned __int128 sq;

	if (s->res != s->len) {
		o->errors++;
		return;
	}
	if (!o->ios || lat < o->lat_min_ns)
		o->lat_min_ns = lat;
	if (lat > o->lat_max_ns)
		o->lat_max_ns = lat;
	o->ios++;
	o->bytes += s->len;
	o->lat_sum_ns += lat;
	sq = ((unsigned __int128)o->lat_sumsq_hi << 64 | o->lat_sumsq_lo) +
	     (unsigned __int128)lat * lat;
	o->lat_sumsq_hi = sq >> 64;
	o->lat_sumsq_lo = (uint64_t)sq;
	if (hist)
		hist_record((u64 *)hist, lat);
}

/*
 * The alignment O_DIRECT needs on a file: what statx() says (Linux 6.1
 * on), else 512; IOs that break it fail with EINVAL, said as such.
 */
static uint32_t file_dio_align(int fd)
{
#ifdef STATX_DIOALIGN
	struct statx stx;

	if (!statx(fd, "", AT_EMPTY_PATH, STATX_DIOALIGN, &stx) &&
	    (stx.stx_mask & STATX_DIOALIGN) && stx.stx_dio_offset_align)
		return stx.stx_dio_offset_align;
#endif
	return 512;
}

/*
 * Open the target, a block device or a regular file, with O_DIRECT and
 * check the span against its size, as run-start does.
 */
static int open_target(const struct ssdk_run_config *c, struct ssdk_run_status *st,
		       char *err, size_t errlen)
{
	struct stat sb;
	uint64_t size;
	int fd;

	fd = open(c->target, O_RDONLY | O_DIRECT | O_CLOEXEC);
	if (fd < 0 && errno == EINVAL)
		snprintf(err, errlen, "target: %s: its filesystem does not do O_DIRECT", c->target);
	else if (fd < 0)
		snprintf(err, errlen, "target: %s: %s", c->target, strerror(errno));
	if (fd < 0)
		return -1;
	if (fstat(fd, &sb) || !(S_ISBLK(sb.st_mode) || S_ISREG(sb.st_mode))) {
		snprintf(err, errlen, "target: %s: neither a block device nor a regular file",
			 c->target);
		close(fd);
		return -1;
	}
	if (S_ISREG(sb.st_mode)) {
		st->target_size = sb.st_size;
		st->logical_block_size = file_dio_align(fd);
		return fd;
	}
	if (ioctl(fd, BLKGETSIZE64, &size)) {
		snprintf(err, errlen, "target: %s: %s", c->target, strerror(errno));
		close(fd);
		return -1;
	}
	st->target_size = size;
	if (ioctl(fd, BLKSSZGET, &st->logical_block_size))
		st->logical_block_size = 512;
	return fd;
}

static int check_span(struct ujob_state *u, struct ssdk_run_status *st, char *err, size_t errlen)
{
	struct ssdk_run_config *c = &st->config;

	if (!st->target_size) {
		snprintf(err, errlen, "target: empty");
		return -1;
	}
	if (c->offset >= st->target_size) {
		snprintf(err, errlen, "offset: at or beyond the end of the target");
		return -1;
	}
	if (!c->span)
		c->span = st->target_size - c->offset;
	if (c->span > st->target_size - c->offset || c->span < (uint64_t)c->align_offset + c->bs ||
	    c->bs % st->logical_block_size || c->offset % st->logical_block_size) {
		snprintf(err, errlen, "span, offset or bs: do not fit the target");
		return -1;
	}
	u->align = c->align ? c->align : c->bs;
	u->room = c->span - c->align_offset;
	u->nr_pos = (u->room - c->bs) / u->align + 1;
	return 0;
}

static int alloc_slots(struct ujob *job, uint32_t bs)
{
	unsigned int i;

	job->slots = calloc(job->qd, sizeof(*job->slots));
	if (!job->slots)
		return -ENOMEM;
	for (i = 0; i < job->qd; i++) {
		if (posix_memalign(&job->slots[i].buf, 4096, bs))
			return -ENOMEM;
		job->slots[i].len = bs;
	}
	return 0;
}

static void free_slots(struct ujob *job)
{
	unsigned int i;

	for (i = 0; job->slots && i < job->qd; i++)
		free(job->slots[i].buf);
	free(job->slots);
}

/* The loop: keep qd IOs in flight until the runtime or the IO count. */
static int ujob_loop(const struct engine_ops *ops, struct ujob *job, struct ujob_state *u,
		     struct ssdk_run_status *st, uint64_t *hist)
{
	const struct ssdk_run_config *c = &st->config;
	unsigned int *free_idx = calloc(job->qd, sizeof(*free_idx)), *done;
	unsigned int nr_free = job->qd, i, n;
	uint64_t now = ujob_now_ns(), start = now, ramp_end = now + c->ramp_ns;
	uint64_t deadline = c->runtime_ns ? ramp_end + c->runtime_ns : 0, submitted = 0;
	uint64_t last = 0;
	int err = 0, queued;

	done = calloc(job->qd, sizeof(*done));
	if (!free_idx || !done) {
		err = -ENOMEM;
		goto out;
	}
	for (i = 0; i < job->qd; i++)
		free_idx[i] = i;
	for (;;) {
		for (queued = 0; nr_free && (!c->ios || submitted < c->ios) &&
		     (!deadline || now < deadline); queued++, submitted++) {
			struct uslot *s = &job->slots[free_idx[--nr_free]];

			s->offset = next_offset(u);
			s->measured = now >= ramp_end;
			s->submit_ns = ujob_now_ns();
			err = ops->queue(job, s - job->slots);
			if (err)
				goto out;
		}
		if (queued && (err = ops->commit(job)))
			goto out;
		if (nr_free == job->qd)
			break;
		n = ops->reap(job, done, job->qd - nr_free);
		if ((int)n < 0) {
			err = n;
			goto out;
		}
		for (i = 0; i < n; i++) {
			struct uslot *s = &job->slots[done[i]];

			st->completed++;
			if (s->measured) {
				record(st, hist, s);
				if (s->complete_ns > last)
					last = s->complete_ns;
			}
			free_idx[nr_free++] = done[i];
			now = s->complete_ns;
		}
	}
	st->elapsed_ns = ujob_now_ns() - start;
	st->measured_ns = last > ramp_end ? last - ramp_end : 0;
out:
	free(free_idx);
	free(done);
	return err;
}

/**
 * ujob_run() - Run a workload with a userspace engine, to its end.
 * @ops: The engine.
 * @cfg: The workload, as for ssdk_run_start().
 * @st: Its results, as ssdk_results_get() gives a run's.
 * @hists: Room for SSDK_LIB_NR_SETS histograms, as ssdk_results_get()'s.
 * @err: Why it failed, on failure.
 * @errlen: Room in @err.
 *
 * Return: 0, or -1 with @err set.
 */
int ujob_run(const struct engine_ops *ops, const struct ssdk_run_config *cfg,
	     struct ssdk_run_status *st, uint64_t *hists, char *err, size_t errlen)
{
	struct ujob job = { .qd = cfg->iodepth };
	struct ujob_state u = { .cfg = &st->config };
	const char *no = unsupported(cfg, ops);
	cpu_set_t cpus;
	int ret;

	memset(st, 0, sizeof(*st));
	st->config = *cfg;
	st->config.engine = ops->id;
	st->config.buffered = 0;
	st->config.slowest_n = 0;	/* no slowest-IO log of their own */
	st->config.align = cfg->align ? cfg->align : cfg->bs;
	if (no) {
		snprintf(err, errlen, "%s: %s", ops->name, no);
		return -1;
	}
	memset(hists, 0, SSDK_LIB_NR_SETS * SSDK_HIST_NR_BUCKETS * sizeof(*hists));
	ssdk_prng_seed(&u.rng, cfg->seed);
	job.fd = open_target(cfg, st, err, errlen);
	if (job.fd < 0)
		return -1;
	if (check_span(&u, st, err, errlen))
		goto err_close;
	if (cfg->cpu >= 0) {
		CPU_ZERO(&cpus);
		CPU_SET(cfg->cpu, &cpus);
		sched_setaffinity(0, sizeof(cpus), &cpus);
	}
	ret = alloc_slots(&job, cfg->bs);
	if (!ret)
		ret = ops->init(&job);
	if (ret) {
		snprintf(err, errlen, "%s: cannot set up: %s", ops->name, strerror(-ret));
		goto err_free;
	}
	ret = ujob_loop(ops, &job, &u, st, hists);
	ops->exit(&job);
	free_slots(&job);
	close(job.fd);
	if (ret) {
		snprintf(err, errlen, "%s: %s", ops->name, strerror(-ret));
		return -1;
	}
	st->state = st->stats[SSDK_LIB_OP_READ].errors ? SSDK_STATE_FAILED : SSDK_STATE_DONE;
	if (st->stats[SSDK_LIB_OP_READ].errors)
		snprintf(st->reason, sizeof(st->reason), "read errors");
	return 0;

err_free:
	free_slots(&job);
err_close:
	close(job.fd);
	return -1;
}
