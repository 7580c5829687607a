// SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause
/*
 * Traces: a file is read by the format whose probe recognizes its first
 * bytes (trace_blktrace.c, trace_iolog.c), into one array of IOs in
 * arrival order, times counted from the first arrival. A reader that
 * fails says at which byte of the file, and nothing of the trace is kept.
 */

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "trace.h"

/* Bytes the probes see: blktrace's first record, iolog's header line. */
#define TRACE_HEAD	64

static const struct trace_format *const trace_formats[] = {
	&trace_format_blktrace, &trace_format_iolog2, &trace_format_iolog3,
};

#define NR_TRACE_FORMATS	(sizeof(trace_formats) / sizeof(trace_formats[0]))

/**
 * trace_fail() - Say why a trace cannot be read.
 * @r: The reader.
 * @err: The negative errno returned.
 * @fmt: The message: "byte N: what" for a file that went wrong at N.
 *
 * Return: @err.
 */
int trace_fail(struct trace_reader *r, int err, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(r->err, r->err_len, fmt, ap);
	va_end(ap);
	return err;
}

/**
 * trace_grow() - Make room for one more entry of a growing array.
 * @array: The array (NULL at first).
 * @nr: Entries in it.
 * @cap: Room in it; doubled when full.
 * @size: Bytes of an entry.
 *
 * Return: The array, moved or not, or NULL (out of memory: @array is
 * left as it was, for its owner to free).
 */
void *trace_grow(void *array, uint64_t nr, uint64_t *cap, size_t size)
{
	uint64_t more = *cap ? 2 * *cap : 4096;
	void *p;

	if (nr < *cap)
		return array;
	p = reallocarray(array, more, size);
	if (p)
		*cap = more;
	return p;
}

/**
 * trace_add() - Append an IO to the trace being read.
 * @r: The reader.
 * @io: The IO.
 *
 * Return: 0 or -ENOMEM.
 */
int trace_add(struct trace_reader *r, const struct ssdk_trace_io *io)
{
	struct ssdk_trace *t = r->t;
	struct ssdk_trace_io *ios = trace_grow(t->ios, t->nr, &t->cap, sizeof(*ios));

	if (!ios)
		return trace_fail(r, -ENOMEM, "out of memory at IO %llu",
				  (unsigned long long)t->nr);
	t->ios = ios;
	t->ios[t->nr++] = *io;
	return 0;
}

struct trace_order {
	uint64_t t_ns;
	uint64_t idx;
};

static int trace_order_cmp(const void *a, const void *b)
{
	const struct trace_order *x = a, *y = b;

	if (x->t_ns != y->t_ns)
		return x->t_ns < y->t_ns ? -1 : 1;
	return x->idx < y->idx ? -1 : x->idx > y->idx;
}

/*
 * Put the IOs in arrival order, those that arrived together in the file's
 * order (blktrace's CPUs interleave their records), and count the times
 * from the first arrival.
 */
static int trace_arrange(struct ssdk_trace *t)
{
	struct ssdk_trace_io *ios;
	struct trace_order *o;
	uint64_t i, first;

	for (i = 1; i < t->nr && t->ios[i - 1].t_ns <= t->ios[i].t_ns; i++)
		;
	if (i < t->nr) {
		o = calloc(t->nr, sizeof(*o));
		ios = calloc(t->nr, sizeof(*ios));
		if (!o || !ios) {
			free(o);
			free(ios);
			return -ENOMEM;
		}
		for (i = 0; i < t->nr; i++)
			o[i] = (struct trace_order){ t->ios[i].t_ns, i };
		qsort(o, t->nr, sizeof(*o), trace_order_cmp);
		for (i = 0; i < t->nr; i++)
			ios[i] = t->ios[o[i].idx];
		free(o);
		free(t->ios);
		t->ios = ios;
		t->cap = t->nr;
	}
	first = t->nr ? t->ios[0].t_ns : 0;
	for (i = 0; i < t->nr; i++)
		t->ios[i].t_ns -= first;
	return 0;
}

static const struct trace_format *trace_probe(FILE *f)
{
	unsigned char head[TRACE_HEAD];
	size_t n = fread(head, 1, sizeof(head), f), i;

	for (i = 0; i < NR_TRACE_FORMATS; i++)
		if (trace_formats[i]->probe(head, n))
			return trace_formats[i];
	return NULL;
}

SSDK_EXPORT int ssdk_trace_read(const char *path, struct ssdk_trace **trace, char *err,
				size_t err_len)
{
	struct trace_reader r = { .err = err, .err_len = err_len };
	const struct trace_format *fmt;
	int ret;

	*trace = NULL;
	r.f = fopen(path, "rb");
	if (!r.f)
		return trace_fail(&r, -errno, "%s: %s", path, strerror(errno));
	r.t = calloc(1, sizeof(*r.t));
	if (!r.t) {
		ret = trace_fail(&r, -ENOMEM, "out of memory");
		goto out_close;
	}
	fmt = trace_probe(r.f);
	if (!fmt) {
		ret = trace_fail(&r, -EPROTO, "%s: byte 0: not a trace ssdk reads "
				 "(blktrace's binary records, fio iolog version 2 or 3)", path);
		goto out_free;
	}
	r.t->format = fmt->format;
	rewind(r.f);
	ret = fmt->read(&r);
	if (!ret && ferror(r.f))
		ret = trace_fail(&r, -EIO, "%s: read error", path);
	if (!ret)
		ret = trace_arrange(r.t) ? trace_fail(&r, -ENOMEM, "out of memory") : 0;
	if (ret) {
		/* The format's message, after the file's name. */
		char msg[SSDK_ERROR_LEN];

		snprintf(msg, sizeof(msg), "%s", err);
		snprintf(err, err_len, "%s: %s: %s", path, fmt->name, msg);
		goto out_free;
	}
	*trace = r.t;
	fclose(r.f);
	return 0;

out_free:
	ssdk_trace_free(r.t);
out_close:
	fclose(r.f);
	return ret;
}

SSDK_EXPORT void ssdk_trace_free(struct ssdk_trace *trace)
{
	if (!trace)
		return;
	free(trace->ios);
	free(trace);
}

SSDK_EXPORT uint64_t ssdk_trace_nr(const struct ssdk_trace *trace)
{
	return trace->nr;
}

SSDK_EXPORT const struct ssdk_trace_io *ssdk_trace_ios(const struct ssdk_trace *trace)
{
	return trace->ios;
}

SSDK_EXPORT const char *ssdk_trace_op_name(uint32_t op)
{
	const char *name = op <= SSDK_OP_MAX ? ssdk_spec_name(SSDK_SPEC_ENUM_OP, op) : NULL;

	if (op == SSDK_TRACE_OP_DISCARD)
		return "discard";
	if (op == SSDK_TRACE_OP_FLUSH)
		return "flush";
	return name ? name : "unknown";
}

SSDK_EXPORT const char *ssdk_trace_format_name(uint32_t format)
{
	unsigned int i;

	for (i = 0; i < NR_TRACE_FORMATS; i++)
		if (trace_formats[i]->format == format)
			return trace_formats[i]->name;
	return "unknown";
}
