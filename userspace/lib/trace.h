/* SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause */
/*
 * libssdk's traces, privately: the trace being read, and the formats that
 * read one (trace_blktrace.c, trace_iolog.c), behind one table of
 * operations in trace.c.
 */
#ifndef _LIBSSDK_TRACE_H
#define _LIBSSDK_TRACE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "libssdk.h"

/**
 * struct ssdk_trace - A trace in memory.
 * @format: SSDK_TRACE_FORMAT_*.
 * @flags: SSDK_TRACE_HAS_*: what the format recorded.
 * @nr: IOs in @ios.
 * @cap: Room in @ios.
 * @ios: The IOs, in arrival order; times from the first arrival.
 */
struct ssdk_trace {
	uint32_t format;
	uint32_t flags;
	uint64_t nr;
	uint64_t cap;
	struct ssdk_trace_io *ios;
};

/**
 * struct trace_reader - What a format's reader is given.
 * @f: The file, positioned at its start.
 * @t: The trace to fill (trace_add()).
 * @err: Where a failure says what went wrong (trace_fail()).
 * @err_len: Size of @err.
 */
struct trace_reader {
	FILE *f;
	struct ssdk_trace *t;
	char *err;
	size_t err_len;
};

/**
 * struct trace_format - One format of trace file.
 * @name: As the summary names it.
 * @format: SSDK_TRACE_FORMAT_*.
 * @probe: Whether the file's first bytes (@n of them) are this format's.
 * @read: Read the whole file into the trace: 0 or a negative errno, the
 *	reader's err then saying where (the byte offset) and what.
 */
struct trace_format {
	const char *name;
	uint32_t format;
	int (*probe)(const unsigned char *head, size_t n);
	int (*read)(struct trace_reader *r);
};

extern const struct trace_format trace_format_blktrace;
extern const struct trace_format trace_format_iolog2;
extern const struct trace_format trace_format_iolog3;

void *trace_grow(void *array, uint64_t nr, uint64_t *cap, size_t size);
int trace_add(struct trace_reader *r, const struct ssdk_trace_io *io);
int trace_fail(struct trace_reader *r, int err, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

#endif /* _LIBSSDK_TRACE_H */
