/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Recording the IOs that reach a block device (ssdk trace record) through
 * the kernel's block tracing, as blktrace does, without it: BLKTRACESETUP
 * on the device, its CPUs' relay files in debugfs read into one file of
 * blktrace's records (as blktrace -o - writes them), and BLKTRACETEARDOWN
 * whatever happens, so that no trace is left set up on the device.
 */
#ifndef _SSDK_TRACE_RECORD_H
#define _SSDK_TRACE_RECORD_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "libssdk.h"

/* Relay memory per CPU by default, blktrace's: 4 sub-buffers of 512 KiB. */
#define TRACE_RECORD_BUFFER	(2ULL << 20)
#define TRACE_RECORD_SUBBUFS	4
#define TRACE_RECORD_MIN_BUFFER	(64ULL << 10)
#define TRACE_RECORD_MAX_BUFFER	(1ULL << 30)

/* The longest record: its header, then a payload of at most 64 KiB. */
#define TRACE_RECORD_MAX	(48 + 65535)
/* Bytes a relay file is read by at most, on top of a record cut short. */
#define TRACE_STREAM_READ	(128 << 10)

/**
 * struct trace_stream - One CPU's records as its relay file gives them.
 * A read stops where the kernel has reserved room up to, which may be
 * inside a record when the read's room ran out: that record's start
 * waits here for the rest.
 * @buf: TRACE_STREAM_READ + TRACE_RECORD_MAX bytes; what the last reads
 *	gave that is not written yet, then room for the next.
 * @have: Bytes in @buf.
 * @last_ns: The time of the last record written: the kernel writes a
 *	CPU's records in time order, and one older is not this lap's.
 */
struct trace_stream {
	unsigned char *buf;
	size_t have;
	uint64_t last_ns;
};

/**
 * struct trace_recorded - What a recording holds.
 * @target: The device recorded.
 * @path: The file written.
 * @duration_ns: From the start of tracing to its stop.
 * @signal: The signal that stopped it, or 0 (--duration, or it failed).
 * @cpus: The CPUs whose relay files were read.
 * @events: Records written.
 * @file_bytes: Their bytes.
 * @dropped: Events the kernel dropped, its buffers full (debugfs's
 *	"dropped").
 * @torn: Bytes left out: records read while the kernel was writing them
 *	(a read takes what is reserved, written or not), or cut short at
 *	the end.
 * @s: The file's summary, as ssdk trace summary reads it.
 */
struct trace_recorded {
	const char *target;
	const char *path;
	uint64_t duration_ns;
	int signal;
	unsigned int cpus;
	uint64_t events;
	uint64_t file_bytes;
	uint64_t dropped;
	uint64_t torn;
	struct ssdk_trace_summary s;
};

/**
 * struct trace_record_args - What ssdk trace record is told.
 * @target: The block device.
 * @out: The file to write, beside which it is written first.
 * @duration_ns: How long to record; 0 until @stop says so.
 * @buffer: Relay memory per CPU, bytes (TRACE_RECORD_SUBBUFS sub-buffers).
 * @stop: Whether to stop now: the signal that says so, or 0.
 * @started: Called once tracing runs, or NULL.
 */
struct trace_record_args {
	const char *target;
	const char *out;
	uint64_t duration_ns;
	uint64_t buffer;
	int (*stop)(void);
	void (*started)(const struct trace_record_args *a);
};

int trace_stream_write(struct trace_stream *s, size_t n, FILE *f, struct trace_recorded *r);
int trace_record(const struct trace_record_args *a, struct trace_recorded *r, char *why,
		 size_t len);

#endif /* _SSDK_TRACE_RECORD_H */
