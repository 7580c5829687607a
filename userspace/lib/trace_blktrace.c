// SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause
/*
 * blktrace's binary records (<linux/blktrace_api.h>): one device's trace,
 * its CPUs' streams merged into one file (blktrace -o -), in the byte
 * order of the machine that recorded it.
 *
 * Records are of version 7 (struct blk_io_trace, 48 bytes), or of version 8
 * (struct blk_io_trace2, 64 bytes, a 64-bit action: kernels from 6.19 with
 * BLKTRACESETUP2), whose header <linux/blktrace_api.h> may not have yet.
 *
 * An IO is a bio queued to the device (Q): its arrival is the Q's time,
 * its op the record's category (discard, flush without data, write,
 * read). Its queue depth is what the device had in flight as it arrived,
 * plus itself: requests issued to the driver (D) and neither completed
 * (C) nor sent back (R) by then. Every other event, notifications and
 * passthrough commands are skipped, and so is each record's payload.
 */

#include <byteswap.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <linux/blktrace_api.h>

#include "internal.h"
#include "trace.h"

#define BLKTRACE_MAGIC_MASK	0xffffff00u
#define BLKTRACE_VERSION2	0x08
/* Version 8's categories past 16 bits: zones' commands, which move no data. */
#define BLKTRACE2_TC_ZONE_CMDS	(0x1full << 17)

/* struct blk_io_trace2 of kernels from 6.19 (uapi/linux/blktrace_api.h). */
struct blktrace2 {
	uint32_t magic;
	uint32_t sequence;
	uint64_t time;
	uint64_t sector;
	uint32_t bytes;
	uint32_t pid;
	uint64_t action;
	uint32_t device;
	uint32_t cpu;
	uint16_t error;
	uint16_t pdu_len;
	uint8_t pad[12];
};

/* A record of either version, in the machine's byte order. */
struct blktrace_rec {
	uint64_t time;
	uint64_t sector;
	uint32_t bytes;
	uint64_t action;
	uint32_t device;
	uint16_t pdu_len;
};

/* An event that moves the device's count of requests in flight. */
struct blktrace_event {
	uint64_t time;
	uint64_t seq;
	int delta;		/* +1 issued, -1 completed or sent back, 0 an arrival */
	uint64_t io;		/* an arrival's IO */
};

struct blktrace_state {
	int swapped;
	int have_device;
	uint32_t device;
	struct blktrace_event *ev;
	uint64_t nr_ev;
	uint64_t cap_ev;
};

static uint32_t bt32(const struct blktrace_state *s, uint32_t v)
{
	return s->swapped ? bswap_32(v) : v;
}

static uint64_t bt64(const struct blktrace_state *s, uint64_t v)
{
	return s->swapped ? bswap_64(v) : v;
}

static int blktrace_magic(uint32_t magic)
{
	return (magic & BLKTRACE_MAGIC_MASK) == BLK_IO_TRACE_MAGIC;
}

static int blktrace_probe(const unsigned char *head, size_t n)
{
	uint32_t magic;

	if (n < sizeof(struct blk_io_trace))
		return 0;
	memcpy(&magic, head, sizeof(magic));
	return blktrace_magic(magic) || blktrace_magic(bswap_32(magic));
}

static int blktrace_event_add(struct trace_reader *r, struct blktrace_state *s,
			      const struct blktrace_event *e)
{
	struct blktrace_event *ev = trace_grow(s->ev, s->nr_ev, &s->cap_ev, sizeof(*ev));

	if (!ev)
		return trace_fail(r, -ENOMEM, "out of memory");
	s->ev = ev;
	s->ev[s->nr_ev++] = *e;
	return 0;
}

/* The op of a queued bio, from its record's categories. */
static uint8_t blktrace_op(uint64_t cat, uint32_t bytes)
{
	if (cat & BLK_TC_DISCARD)
		return SSDK_TRACE_OP_DISCARD;
	if ((cat & BLK_TC_FLUSH) && !bytes)
		return SSDK_TRACE_OP_FLUSH;
	return cat & BLK_TC_WRITE ? SSDK_OP_WRITE : SSDK_OP_READ;
}

/* One record, at byte @pos of the file. */
static int blktrace_record(struct trace_reader *r, struct blktrace_state *s,
			   const struct blktrace_rec *b, uint64_t pos)
{
	uint64_t cat = b->action >> BLK_TC_SHIFT;
	struct blktrace_event e = { .time = b->time, .seq = s->nr_ev };
	struct ssdk_trace_io io = { 0 };

	if (cat & (BLK_TC_NOTIFY | BLK_TC_PC | BLK_TC_DRV_DATA | BLKTRACE2_TC_ZONE_CMDS))
		return 0;
	switch (b->action & 0xff) {
	case __BLK_TA_QUEUE:
		break;
	case __BLK_TA_ISSUE:
		e.delta = 1;
		break;
	case __BLK_TA_COMPLETE:
	case __BLK_TA_REQUEUE:
		e.delta = -1;
		break;
	default:
		return 0;
	}
	if (!s->have_device) {
		s->have_device = 1;
		s->device = b->device;
	} else if (b->device != s->device) {
		return trace_fail(r, -EBADMSG, "byte %llu: events of devices %u:%u and %u:%u: "
				  "a trace of one device is needed",
				  (unsigned long long)pos, s->device >> 20, s->device & 0xfffff,
				  b->device >> 20, b->device & 0xfffff);
	}
	if (!e.delta) {
		io.t_ns = b->time;
		io.offset = b->sector << 9;
		io.len = b->bytes;
		io.op = blktrace_op(cat, io.len);
		e.io = r->t->nr;
		if (trace_add(r, &io))
			return -ENOMEM;
	}
	return blktrace_event_add(r, s, &e);
}

static int blktrace_event_cmp(const void *a, const void *b)
{
	const struct blktrace_event *x = a, *y = b;

	if (x->time != y->time)
		return x->time < y->time ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/* Each arrival's queue depth: the events in time order, in flight counted. */
static void blktrace_depths(struct ssdk_trace *t, struct blktrace_state *s)
{
	int64_t inflight = 0;
	uint64_t i, qd;

	qsort(s->ev, s->nr_ev, sizeof(*s->ev), blktrace_event_cmp);
	for (i = 0; i < s->nr_ev; i++) {
		if (s->ev[i].delta) {
			inflight += s->ev[i].delta;
			/* A trace started with requests in flight completes them. */
			if (inflight < 0)
				inflight = 0;
			continue;
		}
		qd = inflight + 1;
		t->ios[s->ev[i].io].qd = qd < UINT16_MAX ? qd : UINT16_MAX;
	}
}

/*
 * The header of the record at @pos: its first 48 bytes read into @v1, the
 * rest of a version 8 one read here. Return: 0, or an error said.
 */
static int blktrace_header(struct trace_reader *r, const struct blktrace_state *s,
			   const struct blk_io_trace *v1, uint64_t pos, struct blktrace_rec *b)
{
	uint32_t magic = bt32(s, v1->magic);
	struct blktrace2 v2;
	size_t n;

	if (!blktrace_magic(magic))
		return trace_fail(r, -EBADMSG, "byte %llu: no record's magic (0x%08x)",
				  (unsigned long long)pos, magic);
	switch (magic & 0xff) {
	case BLK_IO_TRACE_VERSION:
		*b = (struct blktrace_rec){
			.time = bt64(s, v1->time), .sector = bt64(s, v1->sector),
			.bytes = bt32(s, v1->bytes), .action = bt32(s, v1->action),
			.device = bt32(s, v1->device),
			.pdu_len = s->swapped ? bswap_16(v1->pdu_len) : v1->pdu_len,
		};
		return 0;
	case BLKTRACE_VERSION2:
		memcpy(&v2, v1, sizeof(*v1));
		n = fread((char *)&v2 + sizeof(*v1), 1, sizeof(v2) - sizeof(*v1), r->f);
		if (n < sizeof(v2) - sizeof(*v1))
			return trace_fail(r, -EBADMSG, "byte %llu: a record cut short "
					  "(%zu of %zu bytes)", (unsigned long long)pos,
					  sizeof(*v1) + n, sizeof(v2));
		*b = (struct blktrace_rec){
			.time = bt64(s, v2.time), .sector = bt64(s, v2.sector),
			.bytes = bt32(s, v2.bytes), .action = bt64(s, v2.action),
			.device = bt32(s, v2.device),
			.pdu_len = s->swapped ? bswap_16(v2.pdu_len) : v2.pdu_len,
		};
		return 0;
	}
	return trace_fail(r, -EBADMSG, "byte %llu: records of version %u; ssdk reads %u and %u",
			  (unsigned long long)pos, magic & 0xff, BLK_IO_TRACE_VERSION,
			  BLKTRACE_VERSION2);
}

/* Whether @n bytes at @p are not all zeros. */
static int memchr_inv(const void *p, size_t n)
{
	const unsigned char *c = p;
	size_t i;

	for (i = 0; i < n; i++)
		if (c[i])
			return 1;
	return 0;
}

/*
 * Whether the rest of the file is zeros. blktrace stopped while the
 * kernel had reserved room for records it had not filled yet sometimes
 * leaves zeros in their place at the end of its output (blkparse stops
 * there, with "Bad magic 0"); anywhere else zeros are damage.
 */
static int blktrace_zeros_to_end(FILE *f)
{
	unsigned char buf[4096];
	size_t n;

	while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
		if (memchr_inv(buf, n))
			return 0;
	return !ferror(f);
}

static int blktrace_read(struct trace_reader *r)
{
	struct blktrace_state s = { 0 };
	uint64_t pos = 0, rec = 0;
	struct blktrace_rec b = { 0 };
	struct blk_io_trace v1;
	struct stat st;
	size_t n;
	int ret = 0;

	if (fstat(fileno(r->f), &st))
		return trace_fail(r, -errno, "%s", strerror(errno));
	while ((n = fread(&v1, 1, sizeof(v1), r->f)) > 0) {
		if (!memchr_inv(&v1, n) && blktrace_zeros_to_end(r->f)) {
			pos = st.st_size;	/* the relay's unfilled tail: the end */
			break;
		}
		if (n < sizeof(v1)) {
			ret = trace_fail(r, -EBADMSG, "byte %llu: a record cut short (%zu of %zu bytes)",
					 (unsigned long long)pos, n, sizeof(v1));
			break;
		}
		if (!pos)
			s.swapped = !blktrace_magic(v1.magic);
		ret = blktrace_header(r, &s, &v1, pos, &b);
		if (!ret)
			ret = blktrace_record(r, &s, &b, pos);
		if (ret)
			break;
		rec = pos;
		pos = ftell(r->f) + b.pdu_len;
		/* Past the end, fseek() says nothing: see below. */
		if (b.pdu_len && fseek(r->f, b.pdu_len, SEEK_CUR)) {
			ret = trace_fail(r, -EIO, "byte %llu: %s", (unsigned long long)rec,
					 strerror(errno));
			break;
		}
	}
	if (!ret && pos > (uint64_t)st.st_size)
		ret = trace_fail(r, -EBADMSG, "byte %llu: a record's payload cut short",
				 (unsigned long long)rec);
	if (!ret) {
		r->t->flags = SSDK_TRACE_HAS_TIME | SSDK_TRACE_HAS_QD;
		blktrace_depths(r->t, &s);
	}
	free(s.ev);
	return ret;
}

const struct trace_format trace_format_blktrace = {
	.name = "blktrace",
	.format = SSDK_TRACE_FORMAT_BLKTRACE,
	.probe = blktrace_probe,
	.read = blktrace_read,
};
