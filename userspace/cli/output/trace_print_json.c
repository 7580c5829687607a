// SPDX-License-Identifier: GPL-2.0
/*
 * ssdk trace in JSON, a trace made keyed as a trace's summary.
 */

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "backend.h"
#include "trace_print.h"

/* A trace's "ops": each op's IOs and bytes, by the op's name. */
static void json_trace_ops(struct json *j, const uint64_t *ios, const uint64_t *bytes,
			   unsigned int n)
{
	unsigned int i;

	json_object_begin(j, "ops");
	for (i = 0; i < n; i++) {
		json_object_begin_inline(j, ssdk_trace_op_name(i));
		json_u64(j, "ios", ios[i]);
		json_u64(j, "bytes", bytes[i]);
		json_object_end(j);
	}
	json_object_end(j);
}

/* An entry of a trace's sizes or gaps: {KEY: VALUE, "ios": IOS}. */
static void json_trace_pair(struct json *j, const char *key, uint64_t value, uint64_t ios)
{
	json_object_begin_inline(j, NULL);
	json_u64(j, key, value);
	json_u64(j, "ios", ios);
	json_object_end(j);
}

static void json_trace_summary(struct output *out, const char *path,
			       const struct ssdk_trace_summary *s)
{
	struct json *j = &out->j;
	unsigned int i;

	out_json_begin(out);
	json_object_begin(j, NULL);
	json_str(j, "path", path);
	json_str(j, "format", ssdk_trace_format_name(s->format));
	json_boolean(j, "has_time", !!(s->flags & SSDK_TRACE_HAS_TIME));
	json_boolean(j, "has_qd", !!(s->flags & SSDK_TRACE_HAS_QD));
	json_u64(j, "ios", s->ios);
	json_u64(j, "bytes", s->bytes);
	json_trace_ops(j, s->op_ios, s->op_bytes, SSDK_TRACE_NR_OPS);
	json_array_begin(j, "sizes", 0);
	for (i = 0; i < s->nr_sizes; i++)
		json_trace_pair(j, "len", s->sizes[i].len, s->sizes[i].ios);
	json_array_end(j);
	json_u64(j, "other_sizes", s->other_sizes);
	json_u64(j, "sequential", s->sequential);
	json_array_begin(j, "qd_ios", JSON_INLINE);
	for (i = 0; i < SSDK_TRACE_QDS; i++)
		json_u64(j, NULL, s->qd_ios[i]);
	json_array_end(j);
	json_u64(j, "duration_ns", s->duration_ns);
	json_object_begin_inline(j, "gap_ns");
	json_u64(j, "min", s->gap_min_ns);
	json_u64(j, "mean", s->gap_mean_ns);
	json_u64(j, "p50", s->gap_p50_ns);
	json_u64(j, "p99", s->gap_p99_ns);
	json_u64(j, "max", s->gap_max_ns);
	json_object_end(j);
	json_u64(j, "footprint", s->footprint);
	json_u64(j, "lowest", s->lowest);
	json_u64(j, "highest", s->highest);
	json_object_end(j);
	out_json_end(out);
}

/* Keyed as the trace's summary (json_trace_summary()), to compare with it. */
static void json_trace_made(struct output *out, const struct trace_made *m)
{
	const struct trace_recipe *r = m->recipe;
	struct json *j = &out->j;
	unsigned int i;

	out_json_begin(out);
	json_object_begin(j, NULL);
	json_str(j, "path", m->path);
	json_u64(j, "ios", r->ios);
	json_u64(j, "bytes", m->op_bytes[SSDK_OP_READ] + m->op_bytes[SSDK_OP_WRITE]);
	json_trace_ops(j, m->op_ios, m->op_bytes, SSDK_OP_WRITE + 1);
	json_array_begin(j, "sizes", 0);
	for (i = 0; i < r->nr_sizes; i++)
		json_trace_pair(j, "len", r->sizes[i].value, m->size_ios[i]);
	json_array_end(j);
	json_u64(j, "sequential", m->sequential);
	json_array_begin(j, "gaps", 0);
	for (i = 0; i < r->nr_gaps; i++)
		json_trace_pair(j, "ns", r->gaps[i].value, m->gap_ios[i]);
	json_array_end(j);
	json_u64(j, "duration_ns", m->duration_ns);
	json_object_end(j);
	out_json_end(out);
}

static void json_trace_recorded(struct output *out, const struct trace_recorded *r)
{
	struct json *j = &out->j;

	out_json_begin(out);
	json_object_begin(j, NULL);
	json_str(j, "target", r->target);
	json_str(j, "path", r->path);
	json_u64(j, "duration_ns", r->duration_ns);
	json_str(j, "ended", r->signal ? "signal" : "duration");
	json_u64(j, "cpus", r->cpus);
	json_u64(j, "events", r->events);
	json_u64(j, "file_bytes", r->file_bytes);
	json_u64(j, "dropped", r->dropped);
	json_u64(j, "torn_bytes", r->torn);
	json_u64(j, "ios", r->s.ios);
	json_u64(j, "bytes", r->s.bytes);
	json_trace_ops(j, r->s.op_ios, r->s.op_bytes, SSDK_TRACE_NR_OPS);
	json_object_end(j);
	out_json_end(out);
}

static void json_trace_ios(struct output *out, const char *path, const struct ssdk_trace_io *ios,
			   uint64_t n)
{
	struct json *j = &out->j;
	uint64_t i;

	out_json_begin(out);
	json_object_begin(j, NULL);
	json_str(j, "path", path);
	json_array_begin(j, "ios", 0);
	for (i = 0; i < n; i++) {
		json_object_begin_inline(j, NULL);
		json_u64(j, "t_ns", ios[i].t_ns);
		json_str(j, "op", ssdk_trace_op_name(ios[i].op));
		json_u64(j, "offset", ios[i].offset);
		json_u64(j, "len", ios[i].len);
		json_u64(j, "qd", ios[i].qd);
		json_object_end(j);
	}
	json_array_end(j);
	json_object_end(j);
	out_json_end(out);
}

const struct trace_print_ops trace_print_json = {
	.summary = json_trace_summary,
	.made = json_trace_made,
	.recorded = json_trace_recorded,
	.ios = json_trace_ios,
};
