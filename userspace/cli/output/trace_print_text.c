// SPDX-License-Identifier: GPL-2.0
/*
 * ssdk trace in text: summaries, traces made and recorded, IOs a line each.
 */

#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "trace_print.h"
#include "values.h"

static double share(uint64_t part, uint64_t whole)
{
	return whole ? 100.0 * part / whole : 0;
}

/* A line per op of a trace that has some: IOs and bytes, and their shares. */
static void text_trace_ops(const struct ssdk_trace_summary *s)
{
	unsigned int i;
	char a[32];

	for (i = 0; i < SSDK_TRACE_NR_OPS; i++)
		if (s->op_ios[i])
			printf("  %-8s %10" PRIu64 " IOs (%5.1f%%)  %10s (%5.1f%%)\n",
			       ssdk_trace_op_name(i), s->op_ios[i], share(s->op_ios[i], s->ios),
			       ssdk_fmt_bytes(a, sizeof(a), s->op_bytes[i]),
			       share(s->op_bytes[i], s->bytes));
}

static void text_trace_summary(struct output *out, const char *path,
			       const struct ssdk_trace_summary *s)
{
	uint64_t data = s->op_ios[SSDK_OP_READ] + s->op_ios[SSDK_OP_WRITE], qds = 0;
	char a[32], b[32], c[32], d[32];
	unsigned int i;

	printf("trace %s (%s): %" PRIu64 " IOs, %s", path, ssdk_trace_format_name(s->format),
	       s->ios, ssdk_fmt_bytes(a, sizeof(a), s->bytes));
	if (s->flags & SSDK_TRACE_HAS_TIME)
		printf(", over %s", ssdk_fmt_ns(b, sizeof(b), s->duration_ns));
	printf("\n");
	text_trace_ops(s);
	if (!data)
		return;
	printf("sizes:");
	for (i = 0; i < s->nr_sizes; i++)
		printf("%s %s %.1f%%", i ? "," : "", ssdk_fmt_size(a, sizeof(a), s->sizes[i].len),
		       share(s->sizes[i].ios, data));
	if (s->other_sizes)
		printf(", others %.1f%%", share(s->other_sizes, data));
	printf("\nsequential: %.1f%% of reads and writes\n", share(s->sequential, data));
	if (s->flags & SSDK_TRACE_HAS_QD) {
		printf("queue depth:");
		for (i = 0; i < SSDK_TRACE_QDS; i++)
			qds += s->qd_ios[i];
		for (i = 0; i < SSDK_TRACE_QDS; i++)
			if (s->qd_ios[i])
				printf(" %u%s %.1f%%", i + 1, i + 1 == SSDK_TRACE_QDS ? "+" : "",
				       share(s->qd_ios[i], qds));
		printf("\n");
	}
	if ((s->flags & SSDK_TRACE_HAS_TIME) && s->ios > 1)
		printf("between arrivals: mean %s, p50 %s, p99 %s, max %s\n",
		       ssdk_fmt_ns(a, sizeof(a), s->gap_mean_ns),
		       ssdk_fmt_ns(b, sizeof(b), s->gap_p50_ns),
		       ssdk_fmt_ns(c, sizeof(c), s->gap_p99_ns),
		       ssdk_fmt_ns(d, sizeof(d), s->gap_max_ns));
	printf("footprint: %s distinct, from byte %" PRIu64 " to %" PRIu64 "\n",
	       ssdk_fmt_bytes(a, sizeof(a), s->footprint), s->lowest, s->highest);
}

static void text_trace_made(struct output *out, const struct trace_made *m)
{
	const struct trace_recipe *r = m->recipe;
	char a[32];

	printf("made %s: %" PRIu64 " IOs (%" PRIu64 " reads, %" PRIu64 " writes), %" PRIu64
	       " sequential, over %s\n", m->path, r->ios, m->op_ios[SSDK_OP_READ],
	       m->op_ios[SSDK_OP_WRITE], m->sequential, ssdk_fmt_ns(a, sizeof(a), m->duration_ns));
}

static void text_trace_recorded(struct output *out, const struct trace_recorded *r)
{
	char a[32], b[32];

	printf("recorded %s into %s: %" PRIu64 " IOs, %s, over %s%s%s\n", r->target, r->path,
	       r->s.ios, ssdk_fmt_bytes(a, sizeof(a), r->s.bytes),
	       ssdk_fmt_ns(b, sizeof(b), r->duration_ns),
	       r->signal ? ", stopped by SIG" : "", r->signal ? sigabbrev_np(r->signal) : "");
	text_trace_ops(&r->s);
	printf("%" PRIu64 " events from %u CPUs, %s; %" PRIu64 " dropped", r->events, r->cpus,
	       ssdk_fmt_bytes(a, sizeof(a), r->file_bytes), r->dropped);
	if (r->torn)
		printf(", %" PRIu64 " bytes left out (records read as they were written)", r->torn);
	printf("\n");
}

/* A line per IO: its arrival (ns from the first), op, offset, length and depth. */
static void text_trace_ios(struct output *out, const char *path, const struct ssdk_trace_io *ios,
			   uint64_t n)
{
	uint64_t i;

	for (i = 0; i < n; i++)
		printf("%" PRIu64 " %s %" PRIu64 " %u %u\n", ios[i].t_ns,
		       ssdk_trace_op_name(ios[i].op), ios[i].offset, ios[i].len, ios[i].qd);
}

const struct trace_print_ops trace_print_text = {
	.summary = text_trace_summary,
	.made = text_trace_made,
	.recorded = text_trace_recorded,
	.ios = text_trace_ios,
};
