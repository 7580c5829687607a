// SPDX-License-Identifier: GPL-2.0
/*
 * A run of a userspace engine: the module's loop, in a process. The ops,
 * sizes and offsets come from the module's own placement
 * (../../common/access.c), checked against the target by its own rules:
 * the same seed reads the same blocks in the same order. Latencies go
 * into the module's counters and histogram (../../common/counts.h,
 * hist.c), so that the report code prints either.
 *
 * A configuration's attributes mean what they mean to the module, its
 * defaults (the spec's) included, and written data is the module's own
 * (../../common/pattern.c): the same seed writes the same bytes at the
 * same places. No rate and no rounds (the module's pacing and steady
 * state): such workloads are refused by name, before anything runs
 * (ujob_check()).
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

#include "access.h"
#include "engine.h"
#include "hist.h"
#include "pattern.h"
#include "rules.h"
#include "spec.h"

/* Every userspace engine, NULL-terminated. */
const struct engine_ops *const engines[] = {
	&engine_uring, &engine_libaio, &engine_psync, NULL,
};

/**
 * engine_find() - An engine by name.
 * @name: Its name, as engines[] has it.
 *
 * Return: Its ops, or NULL.
 */
const struct engine_ops *engine_find(const char *name)
{
	size_t i;

	for (i = 0; engines[i]; i++)
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

/* An attribute's value, or the spec's default when it is left out. */
static uint64_t attr_or(const struct ssdk_run_config *c, uint32_t attr, uint64_t dflt)
{
	return ssdk_config_is_set(c, attr) ? ssdk_config_get(c, attr) : dflt;
}

/* What the module does with a configuration: its settings, defaults resolved. */
static void ujob_config(const struct ssdk_run_config *c, struct ssdk_run_config *out,
			struct ssdk_access_cfg *ac)
{
	uint32_t i;

	*out = *c;
	out->rw = attr_or(c, SSDK_A_RUN_RW, SSDK_DEFAULT_RW);
	out->iodepth = attr_or(c, SSDK_A_RUN_IODEPTH, SSDK_DEFAULT_IODEPTH);
	out->rwmixread = attr_or(c, SSDK_A_RUN_RWMIXREAD, SSDK_DEFAULT_RWMIXREAD);
	out->allow_write = attr_or(c, SSDK_A_RUN_ALLOW_WRITE, 0);
	out->pattern = attr_or(c, SSDK_A_RUN_PATTERN, SSDK_DEFAULT_PATTERN);
	out->pattern_byte = attr_or(c, SSDK_A_RUN_PATTERN_BYTE, 0);
	out->compress_pct = attr_or(c, SSDK_A_RUN_COMPRESS_PCT, 0);
	memset(ac, 0, sizeof(*ac));
	ac->rw = out->rw;
	ac->rwmixread = out->rwmixread;
	if (c->nr_bs) {
		for (i = 0; i < c->nr_bs && i < SSDK_MAX_BS_SPLIT; i++) {
			ac->bs[i] = c->bs_split[i].bs;
			ac->pct[i] = c->bs_split[i].pct;
		}
		ac->nr_bs = i;
	} else {
		ac->nr_bs = 1;
		ac->bs[0] = attr_or(c, SSDK_A_RUN_BS, SSDK_DEFAULT_BS);
		ac->pct[0] = 100;
	}
	out->bs = ssdk_access_max_bs(ac);
	ac->align = attr_or(c, SSDK_A_RUN_ALIGN, ssdk_access_min_bs(ac));
	out->align = ac->align;
	ac->align_offset = c->align_offset;
	ac->offset = c->offset;
	ac->span = c->span;
	ac->stride = c->stride;
	ac->seed = c->seed;
}

/*
 * Every attribute within the bounds the spec gives it, which the module's
 * netlink policy holds its runs to: the engines trust what they are given
 * (a block size past the pool, a depth of 0), so they must be given only
 * what the module would take.
 */
static int out_of_bounds(const struct ssdk_run_config *c, char *err, size_t errlen)
{
	const struct ssdk_spec_attr *a, *bs = ssdk_spec_attr(SSDK_SPEC_SET_RUN, SSDK_A_RUN_BS);
	uint32_t attr, i;
	uint64_t v;

	for (attr = 1; attr <= SSDK_A_RUN_MAX; attr++) {
		a = ssdk_spec_attr(SSDK_SPEC_SET_RUN, attr);
		if (!a || !ssdk_config_is_set(c, attr) ||
		    (a->type != SSDK_SPEC_TYPE_U32 && a->type != SSDK_SPEC_TYPE_U64))
			continue;
		v = ssdk_config_get(c, attr);
		if ((a->flags & SSDK_SPEC_HAS_MIN) && v < a->min) {
			snprintf(err, errlen, "%s: %llu is below its minimum, %llu", a->name,
				 (unsigned long long)v, (unsigned long long)a->min);
			return -1;
		}
		if ((a->flags & SSDK_SPEC_HAS_MAX) && v > a->max) {
			snprintf(err, errlen, "%s: %llu is above its maximum, %llu", a->name,
				 (unsigned long long)v, (unsigned long long)a->max);
			return -1;
		}
	}
	for (i = 0; i < c->nr_bs; i++)
		if (c->bs_split[i].bs < bs->min || c->bs_split[i].bs > bs->max) {
			snprintf(err, errlen, "bs-split: %u is not within %llu-%llu",
				 c->bs_split[i].bs, (unsigned long long)bs->min,
				 (unsigned long long)bs->max);
			return -1;
		}
	return 0;
}

/* What a userspace engine does not do (yet), by option. */
#define STRINGIFY(x)	#x
#define VALUE_OF(x)	STRINGIFY(x)

static const char *unsupported(const struct ssdk_run_config *c, const struct engine_ops *ops)
{
	if (c->purge)
		return "no purge (the module's)";
	if (c->rate_iops)
		return "no --rate-iops";
	if (c->rounds)
		return "no --rounds (the module's)";
	if (c->iodepth > ops->max_depth)
		return ops->max_depth == 1 ? "iodepth 1" : "iodepth up to " VALUE_OF(SSDK_MAX_IODEPTH);
	return NULL;
}

/* An IO's latency, into its op's service-time set (the module's set index). */
static void record(struct ssdk_run_status *st, uint64_t *hists, const struct uslot *s)
{
	struct ssdk_counts *c = &st->stats[s->op];
	uint64_t lat = s->complete_ns - s->submit_ns;

	if (s->res != s->len) {
		ssdk_counts_error(c);
		return;
	}
	ssdk_counts_record(c, lat, s->len);
	hist_record(hists + (size_t)s->op * SSDK_HIST_NR_BUCKETS, lat);
}

/*
 * What a write writes into its buffer: the module's data for the same
 * seed. A fixed pattern fills the whole buffer once, as the module fills
 * a slot's every page: a later, longer write of a split finds it there.
 */
static void fill(struct ujob *job, struct uslot *s)
{
	struct ssdk_data *data = &job->data;
	const uint8_t *src;
	uint64_t key;

	if (s->op != SSDK_OP_WRITE) {
		s->filled = 0;
		return;
	}
	if (!data->pool) {
		if (!s->filled)
			memset(s->buf, data->byte, job->buf_len);
		s->filled = 1;
		return;
	}
	src = ssdk_pattern_next(data, s->len, &key);
	ssdk_pattern_copy(data, s->buf, src, s->len, key);
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
 * Open the target, a block device or a regular file, with O_DIRECT; its
 * size and logical block size into @st.
 */
static int open_target(const struct ssdk_run_config *c, struct ssdk_run_status *st,
		       char *err, size_t errlen)
{
	int writes = ssdk_rw_writes(c->rw, c->rwmixread);
	struct stat sb;
	uint64_t size;
	int fd;

	/* Writes have a block device to themselves, as the module's do. */
	fd = open(c->target, (writes ? O_RDWR | O_EXCL : O_RDONLY) | O_DIRECT | O_CLOEXEC);
	if (fd < 0 && errno == EINVAL)
		snprintf(err, errlen, "target: %s: its filesystem does not do O_DIRECT", c->target);
	else if (fd < 0 && errno == EBUSY && writes)
		snprintf(err, errlen,
			 "target: %s: in use (mounted, or held exclusively); writes need it to themselves",
			 c->target);
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

/*
 * A job's configuration and its target, checked as the module checks a
 * run's: the status's configuration, the placement's, the open target.
 * Return: the target's descriptor, or -1 with @err set.
 */
static int ujob_setup(const struct engine_ops *ops, const struct ssdk_run_config *cfg,
		      struct ssdk_run_status *st, struct ssdk_access_cfg *ac,
		      char *err, size_t errlen)
{
	const char *no;
	int fd, problem;

	memset(st, 0, sizeof(*st));
	if (out_of_bounds(cfg, err, errlen))
		return -1;
	ujob_config(cfg, &st->config, ac);
	st->config.buffered = 0;
	st->config.slowest_n = 0;	/* no slowest-IO log of their own */
	no = unsupported(&st->config, ops);
	if (no) {
		snprintf(err, errlen, "%s: %s", ops->name, no);
		return -1;
	}
	if (ssdk_rw_writes(st->config.rw, st->config.rwmixread) && !st->config.allow_write) {
		snprintf(err, errlen, "%s: writing destroys the target's data: it needs allow-write",
			 ops->name);
		return -1;
	}
	fd = open_target(&st->config, st, err, errlen);
	if (fd < 0)
		return -1;
	problem = st->target_size ? ssdk_access_check(ac, st->target_size, st->logical_block_size) :
				    SSDK_ACCESS_OFFSET_END;
	if (problem) {
		snprintf(err, errlen, "%s: %s", ops->name, ssdk_access_problems[problem].msg);
		close(fd);
		return -1;
	}
	st->config.span = ac->span;
	return fd;
}

/**
 * ujob_check() - Check that an engine would run a workload, running nothing.
 * @ops: The engine.
 * @cfg: The workload, as for ssdk_run_start().
 * @err: Why it would not, on failure.
 * @errlen: Room in @err.
 *
 * Return: 0, or -1 with @err set.
 */
int ujob_check(const struct engine_ops *ops, const struct ssdk_run_config *cfg,
	       char *err, size_t errlen)
{
	struct ssdk_run_status st;
	struct ssdk_access_cfg ac;
	int fd = ujob_setup(ops, cfg, &st, &ac, err, errlen);

	if (fd < 0)
		return -1;
	close(fd);
	return 0;
}

static int alloc_slots(struct ujob *job, uint32_t bs)
{
	unsigned int i;

	job->buf_len = bs;
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

/**
 * ujob_next() - The next IO of a job, into a slot, its data filled.
 * @job: The job.
 * @s: The slot.
 * @now: The time, ns (ujob_now_ns()); IOs from the end of the ramp on
 *	are measured.
 *
 * The caller stamps @s->submit_ns just before handing it to the kernel.
 * Engines whose threads share a job call it under a lock of theirs.
 *
 * Return: 1, or 0 when the job has submitted all its IOs (its count, or
 * its runtime ended).
 */
int ujob_next(struct ujob *job, struct uslot *s, uint64_t now)
{
	const struct ssdk_run_config *c = &job->st->config;

	if ((c->ios && job->submitted >= c->ios) || (job->deadline_ns && now >= job->deadline_ns))
		return 0;
	job->submitted++;
	ssdk_access_next(&job->access, &s->op, &s->len, &s->offset);
	fill(job, s);
	s->measured = now >= job->ramp_end_ns;
	return 1;
}

/**
 * ujob_done() - Account for a slot's completed IO.
 * @job: The job.
 * @s: The slot, its res and complete_ns set.
 *
 * Engines whose threads share a job call it under a lock of theirs.
 */
void ujob_done(struct ujob *job, struct uslot *s)
{
	job->st->completed++;
	if (!s->measured)
		return;
	record(job->st, job->hists, s);
	if (s->complete_ns > job->last_ns)
		job->last_ns = s->complete_ns;
}

/* The loop of the asynchronous engines: keep qd IOs in flight to the end. */
static int ujob_loop(const struct engine_ops *ops, struct ujob *job)
{
	unsigned int *free_idx = calloc(job->qd, sizeof(*free_idx)), *done;
	unsigned int nr_free = job->qd, i, n;
	uint64_t now = job->start_ns;
	int err = 0, queued;
	struct uslot *s;

	done = calloc(job->qd, sizeof(*done));
	if (!free_idx || !done) {
		err = -ENOMEM;
		goto out;
	}
	for (i = 0; i < job->qd; i++)
		free_idx[i] = i;
	for (;;) {
		for (queued = 0; nr_free && ujob_next(job, &job->slots[free_idx[nr_free - 1]], now);
		     queued++) {
			s = &job->slots[free_idx[--nr_free]];
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
			s = &job->slots[done[i]];
			ujob_done(job, s);
			free_idx[nr_free++] = done[i];
			now = s->complete_ns;
		}
	}
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
 * @hists: Room for SSDK_NR_SETS histograms, as ssdk_results_get()'s.
 * @err: Why it failed, on failure.
 * @errlen: Room in @err.
 *
 * Return: 0, or -1 with @err set.
 */
int ujob_run(const struct engine_ops *ops, const struct ssdk_run_config *cfg,
	     struct ssdk_run_status *st, uint64_t *hists, char *err, size_t errlen)
{
	const struct ssdk_run_config *c = &st->config;
	struct ujob job = { .st = st, .hists = hists };
	struct ssdk_access_cfg ac;
	uint64_t errors;
	uint8_t *pool = NULL;
	cpu_set_t cpus;
	int ret;

	job.fd = ujob_setup(ops, cfg, st, &ac, err, errlen);
	if (job.fd < 0)
		return -1;
	job.qd = c->iodepth;
	memset(hists, 0, SSDK_NR_SETS * SSDK_HIST_NR_BUCKETS * sizeof(*hists));
	ssdk_access_init(&job.access, &ac);
	if (c->cpu >= 0) {
		CPU_ZERO(&cpus);
		CPU_SET(c->cpu, &cpus);
		sched_setaffinity(0, sizeof(cpus), &cpus);
	}
	ret = 0;
	if (ssdk_rw_writes(c->rw, c->rwmixread) && ssdk_pattern_pooled(c->pattern)) {
		pool = malloc(SSDK_PATTERN_POOL_SIZE);
		ret = pool ? 0 : -ENOMEM;
	}
	ssdk_pattern_init(&job.data, c->pattern, c->pattern_byte, c->compress_pct, c->seed, pool);
	if (!ret)
		ret = alloc_slots(&job, c->bs);
	if (!ret)
		ret = ops->init(&job);
	if (ret) {
		snprintf(err, errlen, "%s: cannot set up: %s", ops->name, strerror(-ret));
		goto free_slots;
	}
	job.start_ns = ujob_now_ns();
	job.ramp_end_ns = job.start_ns + c->ramp_ns;
	job.deadline_ns = c->runtime_ns ? job.ramp_end_ns + c->runtime_ns : 0;
	ret = ops->run ? ops->run(&job) : ujob_loop(ops, &job);
	st->elapsed_ns = ujob_now_ns() - job.start_ns;
	st->measured_ns = job.last_ns > job.ramp_end_ns ? job.last_ns - job.ramp_end_ns : 0;
	ops->exit(&job);
	if (ret) {
		snprintf(err, errlen, "%s: %s", ops->name, strerror(-ret));
		goto free_slots;
	}
	errors = st->stats[SSDK_OP_READ].errors + st->stats[SSDK_OP_WRITE].errors;
	st->state = errors ? SSDK_STATE_FAILED : SSDK_STATE_DONE;
	if (errors)
		snprintf(st->reason, sizeof(st->reason), "%s errors",
			 !st->stats[SSDK_OP_WRITE].errors ? "read" :
			 !st->stats[SSDK_OP_READ].errors ? "write" : "read and write");
free_slots:
	free_slots(&job);
	free(pool);
	close(job.fd);
	return ret ? -1 : 0;
}
