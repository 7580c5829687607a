// SPDX-License-Identifier: GPL-2.0
/*
 * ssdk trace record: the kernel's block tracing, read without blktrace.
 *
 * BLKTRACESETUP, the classic one that 6.1 to 7.x all have (7.x's
 * BLKTRACESETUP2 gives version 8 records; this one gives version 7 on
 * every kernel), sets a trace up on the device's queue and names its
 * directory in debugfs, /sys/kernel/debug/block/NAME, which holds a relay
 * file per CPU online, trace0, trace1..., and "dropped"; BLKTRACESTART
 * starts it. poll() says when a CPU's sub-buffer is full, and a read
 * takes what is there; each CPU's whole records go into one file as they
 * are read, as blktrace -o - writes them, and ssdk's reader puts them in
 * time order. BLKTRACESTOP flushes the sub-buffers being filled, which are
 * read to their end, and BLKTRACETEARDOWN removes the trace, whatever
 * happened before: a trace left set up keeps every blktrace off the
 * device (EBUSY) until one tears it down.
 */

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/statfs.h>
#include <sys/sysinfo.h>

#include <linux/blktrace_api.h>
#include <linux/magic.h>

#include "trace_record.h"

/* BLKTRACE*, from <linux/fs.h>, whose other names clash with <sys/mount.h>'s. */
#ifndef BLKTRACESETUP
#define BLKTRACESETUP		_IOWR(0x12, 115, struct blk_user_trace_setup)
#define BLKTRACESTART		_IO(0x12, 116)
#define BLKTRACESTOP		_IO(0x12, 117)
#define BLKTRACETEARDOWN	_IO(0x12, 118)
#endif

#define DEBUGFS		"/sys/kernel/debug"
#define BLK_DEBUGFS	DEBUGFS "/block"

/*
 * The events the reader counts: bios queued (Q), requests issued to the
 * driver (D), completed (C) and sent back (R). A record passes when it
 * has one of these categories, whatever its others: everything but
 * splits and drivers' data. Notes (the processes' names, the start's
 * time) come whatever the mask.
 */
#define RECORD_ACT_MASK	(BLK_TC_QUEUE | BLK_TC_ISSUE | BLK_TC_COMPLETE | BLK_TC_REQUEUE)
#define RECORD_MAGIC	(BLK_IO_TRACE_MAGIC | BLK_IO_TRACE_VERSION)
#define STREAM_SIZE	(TRACE_STREAM_READ + TRACE_RECORD_MAX)
/* How long a wait for a full sub-buffer lasts before the clock is read again. */
#define POLL_MS		250

/*
 * The length of the record at @p, whose header is there, or 0 when none
 * starts there: no version 7 magic, or a time before the last record of
 * the CPU's (stale bytes of the buffer's last lap).
 */
static size_t record_len(const struct trace_stream *s, const unsigned char *p, uint64_t *time)
{
	struct blk_io_trace t;

	memcpy(&t, p, sizeof(t));
	if (t.magic != RECORD_MAGIC || t.time < s->last_ns)
		return 0;
	*time = t.time;
	return sizeof(t) + t.pdu_len;
}

/*
 * Where a record may start after the bytes at @from that are none: the
 * next magic, or the last bytes that may begin one.
 */
static size_t record_next(const struct trace_stream *s, size_t from)
{
	const uint32_t magic = RECORD_MAGIC;
	const unsigned char *p;

	p = memmem(s->buf + from + 1, s->have - from - 1, &magic, sizeof(magic));
	if (p)
		return p - s->buf;
	return s->have - from > sizeof(magic) ? s->have - sizeof(magic) + 1 : from + 1;
}

static int stream_put(const unsigned char *p, size_t n, FILE *f, struct trace_recorded *r)
{
	if (n && fwrite(p, 1, n, f) != n)
		return -(errno ? errno : EIO);
	r->file_bytes += n;
	return 0;
}

/**
 * trace_stream_write() - Write a CPU's whole records, of what its relay
 * file gave.
 * @s: The CPU's stream; @n bytes were just read into its @buf after the
 *	@have there.
 * @n: How many.
 * @f: Where the records go.
 * @r: Counts the records, their bytes, and those left out (@torn).
 *
 * A read takes what the kernel has reserved, whether it has written it
 * yet or not: the record it was writing, at the end of the read, may
 * lack its magic (or be an older one's bytes). Such bytes are left out,
 * up to the next magic. A record cut short stays in @s for the next read.
 *
 * Return: 0, or a negative errno from writing.
 */
int trace_stream_write(struct trace_stream *s, size_t n, FILE *f, struct trace_recorded *r)
{
	size_t pos = 0, start = 0, len, next;
	uint64_t time;
	int err;

	s->have += n;
	while (s->have - pos >= sizeof(struct blk_io_trace)) {
		len = record_len(s, s->buf + pos, &time);
		if (!len) {
			err = stream_put(s->buf + start, pos - start, f, r);
			if (err)
				return err;
			next = record_next(s, pos);
			r->torn += next - pos;
			pos = next;
			start = next;
			continue;
		}
		if (len > s->have - pos)
			break;
		s->last_ns = time;
		pos += len;
		r->events++;
	}
	err = stream_put(s->buf + start, pos - start, f, r);
	if (err)
		return err;
	memmove(s->buf, s->buf + pos, s->have - pos);
	s->have -= pos;
	return 0;
}

/**
 * struct recorder - A recording under way.
 * @a: What it was told.
 * @r: What it holds.
 * @why: Where a failure is said.
 * @why_len: Room there.
 * @dev: The device, open.
 * @rdev: Its number.
 * @set_up: A trace is set up on it: it is torn down at the end.
 * @name: The trace's directory in BLK_DEBUGFS.
 * @nr: Possible CPUs.
 * @pfd: Their relay files, -1 for those that have none (offline).
 * @st: Their streams.
 * @f: The file being written, at @tmp.
 * @tmp: Beside --out, renamed to it once whole.
 */
struct recorder {
	const struct trace_record_args *a;
	struct trace_recorded *r;
	char *why;
	size_t why_len;
	int dev;
	dev_t rdev;
	int set_up;
	char name[BLKTRACE_BDEV_SIZE];
	unsigned int nr;
	struct pollfd *pfd;
	struct trace_stream *st;
	FILE *f;
	char tmp[PATH_MAX];
};

static int fail(struct recorder *rec, int err, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* Say why, once: the first failure is the one to tell. Return: -@err. */
static int fail(struct recorder *rec, int err, const char *fmt, ...)
{
	va_list ap;

	if (!rec->why[0]) {
		va_start(ap, fmt);
		vsnprintf(rec->why, rec->why_len, fmt, ap);
		va_end(ap);
	}
	return -err;
}

/* What to add to a refusal of permission. */
static const char *needs_root(int err)
{
	return err == EACCES || err == EPERM ? " (recording needs root)" : "";
}

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

/* Possible CPUs: one past the highest of /sys/devices/system/cpu/possible ("0-3"). */
static unsigned int possible_cpus(void)
{
	FILE *f = fopen("/sys/devices/system/cpu/possible", "r");
	unsigned long max = 0, n;
	char buf[256], *p;
	size_t len = 0;

	if (f) {
		len = fread(buf, 1, sizeof(buf) - 1, f);
		fclose(f);
	}
	if (!len)
		return get_nprocs_conf();
	buf[len] = '\0';
	for (p = buf; *p;) {
		if (!isdigit((unsigned char)*p)) {
			p++;
			continue;
		}
		n = strtoul(p, &p, 10);
		max = n > max ? n : max;
	}
	return max + 1;
}

/* debugfs at DEBUGFS, mounted if it is not (and left so, as blktrace leaves it). */
static int debugfs_ready(struct recorder *rec)
{
	struct statfs sf;

	if (statfs(DEBUGFS, &sf))
		return fail(rec, errno, "%s: %s", DEBUGFS, strerror(errno));
	if (sf.f_type != DEBUGFS_MAGIC && mount("debugfs", DEBUGFS, "debugfs", 0, NULL))
		return fail(rec, errno, "debugfs is not mounted at %s, and mounting it failed: %s%s",
			    DEBUGFS, strerror(errno), needs_root(errno));
	if (faccessat(AT_FDCWD, BLK_DEBUGFS, R_OK | X_OK, AT_EACCESS))
		return fail(rec, errno, "%s: %s%s", BLK_DEBUGFS, strerror(errno),
			    needs_root(errno));
	return 0;
}

/* The device, debugfs, and the file beside --out: all before any trace. */
static int record_open(struct recorder *rec)
{
	const struct trace_record_args *a = rec->a;
	char tmp[PATH_MAX];
	struct stat st;
	int fd, err;

	rec->dev = open(a->target, O_RDONLY | O_CLOEXEC);
	if (rec->dev < 0)
		return fail(rec, errno, "--target %s: %s%s", a->target, strerror(errno),
			    needs_root(errno));
	if (fstat(rec->dev, &st))
		return fail(rec, errno, "--target %s: %s", a->target, strerror(errno));
	if (!S_ISBLK(st.st_mode))
		return fail(rec, ENOTBLK, "--target %s: not a block device", a->target);
	rec->rdev = st.st_rdev;
	err = debugfs_ready(rec);
	if (err)
		return err;
	if (snprintf(tmp, sizeof(tmp), "%s.tmp.%d", a->out, getpid()) >= (int)sizeof(tmp))
		return fail(rec, ENAMETOOLONG, "--out: a path too long");
	fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
	if (fd < 0)
		return fail(rec, errno, "--out %s: %s", a->out, strerror(errno));
	/* Ours now, to remove unless it is renamed. */
	memcpy(rec->tmp, tmp, sizeof(tmp));
	rec->f = fdopen(fd, "w");
	if (!rec->f) {
		close(fd);
		return fail(rec, ENOMEM, "out of memory");
	}
	return 0;
}

/* The relay files of the CPUs that have one and are not open yet. */
static int relay_open_cpus(struct recorder *rec)
{
	char path[PATH_MAX];
	unsigned int i;
	int fd;

	for (i = 0; i < rec->nr; i++) {
		if (rec->pfd[i].fd >= 0)
			continue;
		snprintf(path, sizeof(path), "%s/%s/trace%u", BLK_DEBUGFS, rec->name, i);
		fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
		if (fd < 0 && errno == ENOENT)
			continue;	/* an offline CPU */
		if (fd < 0)
			return fail(rec, errno, "%s: %s%s", path, strerror(errno),
				    needs_root(errno));
		rec->st[i].buf = malloc(STREAM_SIZE);
		if (!rec->st[i].buf) {
			close(fd);
			return fail(rec, ENOMEM, "out of memory");
		}
		rec->pfd[i] = (struct pollfd){ .fd = fd, .events = POLLIN };
		rec->r->cpus++;
	}
	if (!rec->r->cpus)
		return fail(rec, ENOENT, "%s/%s: no relay file of any CPU (trace0...)", BLK_DEBUGFS,
			    rec->name);
	return 0;
}

/* A trace set up on the device, and its CPUs' relay files open. */
static int record_setup(struct recorder *rec)
{
	const struct trace_record_args *a = rec->a;
	struct blk_user_trace_setup buts = {
		.act_mask = RECORD_ACT_MASK,
		.buf_size = a->buffer / TRACE_RECORD_SUBBUFS,
		.buf_nr = TRACE_RECORD_SUBBUFS,
	};
	unsigned int i;

	if (ioctl(rec->dev, BLKTRACESETUP, &buts)) {
		if (errno == EBUSY)
			return fail(rec, EBUSY,
				    "--target %s: a trace is set up on it already: another blktrace (or ssdk trace record) is running, or died before tearing it down (echo 0 >/sys/dev/block/%u:%u/trace/enable does)",
				    a->target, major(rec->rdev), minor(rec->rdev));
		if (errno == ENOTTY)
			return fail(rec, ENOTTY,
				    "--target %s: this kernel has no block tracing (CONFIG_BLK_DEV_IO_TRACE)",
				    a->target);
		return fail(rec, errno, "--target %s: BLKTRACESETUP: %s%s", a->target,
			    strerror(errno), needs_root(errno));
	}
	rec->set_up = 1;
	memcpy(rec->name, buts.name, sizeof(rec->name));
	rec->name[sizeof(rec->name) - 1] = '\0';
	rec->nr = possible_cpus();
	rec->pfd = calloc(rec->nr, sizeof(*rec->pfd));
	rec->st = calloc(rec->nr, sizeof(*rec->st));
	if (!rec->pfd || !rec->st)
		return fail(rec, ENOMEM, "out of memory");
	for (i = 0; i < rec->nr; i++)
		rec->pfd[i].fd = -1;
	return relay_open_cpus(rec);
}

/*
 * The trace is no longer ours: another process tore it down (Debian's
 * blktrace does, when it is refused a trace of its own and stopped), and
 * maybe set its own up, which is not ours to tear down.
 */
static int torn_down(struct recorder *rec)
{
	rec->set_up = 0;
	return fail(rec, ECANCELED, "--target %s: its trace was torn down by another process while recording",
		    rec->a->target);
}

/*
 * Read CPU @i's relay file: up to where the kernel writes, or to its end
 * when @drain (the trace stopped).
 */
static int relay_read(struct recorder *rec, unsigned int i, int drain)
{
	struct trace_stream *s = &rec->st[i];
	size_t room;
	ssize_t n;
	int err;

	for (;;) {
		room = STREAM_SIZE - s->have;
		n = read(rec->pfd[i].fd, s->buf + s->have, room);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && errno == EAGAIN)
			return 0;
		/*
		 * debugfs answers EIO for a file removed under an open
		 * descriptor: the trace was torn down between the poll that
		 * saw data and this read.
		 */
		if (n < 0 && errno == EIO)
			return torn_down(rec);
		if (n < 0)
			return fail(rec, errno, "%s/%s/trace%u: %s", BLK_DEBUGFS, rec->name, i,
				    strerror(errno));
		if (!n)
			return 0;
		err = trace_stream_write(s, n, rec->f, rec->r);
		if (err)
			return fail(rec, -err, "--out %s: %s", rec->a->out, strerror(-err));
		if (!drain && (size_t)n < room)
			return 0;
	}
}

/* The events the kernel dropped, its buffers full. */
static int read_dropped(struct recorder *rec)
{
	char path[PATH_MAX];
	unsigned long long n;
	FILE *f;
	int ok;

	snprintf(path, sizeof(path), "%s/%s/dropped", BLK_DEBUGFS, rec->name);
	f = fopen(path, "r");
	if (!f)
		return fail(rec, errno, "%s: %s", path, strerror(errno));
	ok = fscanf(f, "%llu", &n) == 1;
	fclose(f);
	if (!ok)
		return fail(rec, EPROTO, "%s: not a number", path);
	rec->r->dropped = n;
	return 0;
}

/* Trace until --duration or a signal, then stop and read everything. */
static int record_run(struct recorder *rec)
{
	const struct trace_record_args *a = rec->a;
	uint64_t t0, now, end;
	unsigned int i;
	int n, err, sig;

	if (ioctl(rec->dev, BLKTRACESTART))
		return fail(rec, errno, "--target %s: BLKTRACESTART: %s", a->target,
			    strerror(errno));
	t0 = now_ns();
	end = a->duration_ns ? t0 + a->duration_ns : UINT64_MAX;
	if (a->started)
		a->started(a);
	while (!(sig = a->stop()) && (now = now_ns()) < end) {
		n = end - now < POLL_MS * 1000000ULL ? (end - now + 999999) / 1000000 : POLL_MS;
		n = poll(rec->pfd, rec->nr, n);
		if (n < 0 && errno != EINTR)
			return fail(rec, errno, "poll: %s", strerror(errno));
		for (i = 0; n > 0 && i < rec->nr; i++) {
			/*
			 * A relay file's poll fails once its channel is closed,
			 * and hangs up once debugfs removed the file.
			 */
			if (rec->pfd[i].revents & (POLLERR | POLLHUP))
				return torn_down(rec);
			err = rec->pfd[i].revents & POLLIN ? relay_read(rec, i, 0) : 0;
			if (err)
				return err;
		}
	}
	rec->r->signal = sig;
	if (ioctl(rec->dev, BLKTRACESTOP))
		return errno == EINVAL ? torn_down(rec) :
		       fail(rec, errno, "--target %s: BLKTRACESTOP: %s", a->target, strerror(errno));
	rec->r->duration_ns = now_ns() - t0;
	/* A CPU that came online meanwhile has a relay file now. */
	err = relay_open_cpus(rec);
	for (i = 0; !err && i < rec->nr; i++) {
		if (rec->pfd[i].fd < 0)
			continue;
		err = relay_read(rec, i, 1);
		/* A record still cut short at the end is no record. */
		rec->r->torn += rec->st[i].have;
	}
	return err ? err : read_dropped(rec);
}

/* Close the relay files and tear the trace down, whatever happened before. */
static int record_close(struct recorder *rec)
{
	unsigned int i;
	int err = 0;

	for (i = 0; rec->pfd && i < rec->nr; i++) {
		if (rec->pfd[i].fd >= 0)
			close(rec->pfd[i].fd);
		free(rec->st[i].buf);
	}
	free(rec->pfd);
	free(rec->st);
	/* Teardown stops a trace still running. */
	if (rec->set_up && ioctl(rec->dev, BLKTRACETEARDOWN))
		err = fail(rec, errno, "--target %s: BLKTRACETEARDOWN: %s", rec->a->target,
			   strerror(errno));
	if (rec->dev >= 0)
		close(rec->dev);
	return err;
}

/* The file closed, read back as ssdk trace summary reads it, and moved to --out. */
static int record_finish(struct recorder *rec)
{
	struct trace_recorded *r = rec->r;
	char err[SSDK_ERROR_LEN];
	struct ssdk_trace *t;
	int ret;

	ret = fclose(rec->f);
	rec->f = NULL;
	if (ret)
		return fail(rec, errno, "--out %s: %s", rec->a->out, strerror(errno));
	r->s.format = SSDK_TRACE_FORMAT_BLKTRACE;
	if (r->file_bytes) {
		ret = ssdk_trace_read(rec->tmp, &t, err, sizeof(err));
		if (ret)
			return fail(rec, -ret, "%s", err);
		ret = ssdk_trace_summarize(t, &r->s);
		ssdk_trace_free(t);
		if (ret)
			return fail(rec, -ret, "out of memory");
	}
	if (rename(rec->tmp, rec->a->out))
		return fail(rec, errno, "--out %s: %s", rec->a->out, strerror(errno));
	return 0;
}

/**
 * trace_record() - Record the IOs that reach a block device, into a file
 * of blktrace's records.
 * @a: What to record, where, for how long.
 * @r: What it holds.
 * @why: Where a failure is said, in one line.
 * @len: Room there.
 *
 * The file is written beside its place and moved there, whole or not at
 * all; the device has no trace set up at the end, whatever happened.
 * Events the kernel dropped and records left out are counted in @r, not
 * failures.
 *
 * Return: 0, or a negative errno with @why said: -ENOTBLK, -EACCES,
 * -EBUSY (a trace set up already), and the like.
 */
int trace_record(const struct trace_record_args *a, struct trace_recorded *r, char *why,
		 size_t len)
{
	struct recorder rec = { .a = a, .r = r, .why = why, .why_len = len, .dev = -1 };
	int err, ret;

	memset(r, 0, sizeof(*r));
	r->target = a->target;
	r->path = a->out;
	why[0] = '\0';
	err = record_open(&rec);
	if (!err)
		err = record_setup(&rec);
	if (!err)
		err = record_run(&rec);
	ret = record_close(&rec);
	err = err ? err : ret;
	if (!err)
		err = record_finish(&rec);
	if (rec.f)
		fclose(rec.f);
	if (err && rec.tmp[0])
		unlink(rec.tmp);
	return err;
}
