// SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause
/*
 * A trace summed up as storage reviews quote one: the share of each
 * request size ("close to 70% of all accesses are eight sectors"), the
 * read/write mix by IOs and bytes, the sequential share, the queue depths
 * seen, the time between arrivals, the footprint and the duration.
 *
 * Sizes, sequentiality, depths and footprint are of reads and writes, the
 * IOs that move data; discards and flushes are counted by op only. The
 * times between arrivals go through the latency histogram (common/hist.c):
 * percentiles within 1/512.
 */

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "hist.h"
#include "internal.h"
#include "trace.h"

static int trace_moves_data(const struct ssdk_trace_io *io)
{
	return io->op == SSDK_OP_READ || io->op == SSDK_OP_WRITE;
}

struct trace_extent {
	uint64_t start;
	uint64_t end;
};

static int trace_extent_cmp(const void *a, const void *b)
{
	const struct trace_extent *x = a, *y = b;

	return x->start < y->start ? -1 : x->start > y->start;
}

/* Distinct bytes the data IOs touched: their extents sorted and merged. */
static int trace_footprint(const struct ssdk_trace *t, struct ssdk_trace_summary *s)
{
	struct trace_extent *e = calloc(t->nr ? t->nr : 1, sizeof(*e));
	uint64_t i, n = 0, end = 0;

	if (!e)
		return -ENOMEM;
	for (i = 0; i < t->nr; i++)
		if (trace_moves_data(&t->ios[i]) && t->ios[i].len)
			e[n++] = (struct trace_extent){ t->ios[i].offset,
							t->ios[i].offset + t->ios[i].len };
	qsort(e, n, sizeof(*e), trace_extent_cmp);
	for (i = 0; i < n; i++) {
		if (e[i].start > end)
			end = e[i].start;
		if (e[i].end > end) {
			s->footprint += e[i].end - end;
			end = e[i].end;
		}
	}
	free(e);
	return 0;
}

static int trace_len_cmp(const void *a, const void *b)
{
	const uint32_t *x = a, *y = b;

	return *x < *y ? -1 : *x > *y;
}

static int trace_size_cmp(const void *a, const void *b)
{
	const struct ssdk_trace_size *x = a, *y = b;

	if (x->ios != y->ios)
		return x->ios > y->ios ? -1 : 1;
	return x->len < y->len ? -1 : x->len > y->len;
}

/* The most common sizes: every distinct size counted, the first kept. */
static int trace_sizes(const struct ssdk_trace *t, struct ssdk_trace_summary *s)
{
	struct ssdk_trace_size *z = calloc(t->nr ? t->nr : 1, sizeof(*z));
	uint64_t i, n = 0, data = 0;
	uint32_t *lens;

	lens = calloc(t->nr ? t->nr : 1, sizeof(*lens));
	if (!z || !lens) {
		free(z);
		free(lens);
		return -ENOMEM;
	}
	for (i = 0; i < t->nr; i++)
		if (trace_moves_data(&t->ios[i]))
			lens[data++] = t->ios[i].len;
	/* Sorted, equal sizes are runs: one entry each. */
	qsort(lens, data, sizeof(*lens), trace_len_cmp);
	for (i = 0; i < data; i++) {
		if (!n || z[n - 1].len != lens[i])
			z[n++].len = lens[i];
		z[n - 1].ios++;
	}
	qsort(z, n, sizeof(*z), trace_size_cmp);
	s->nr_sizes = n < SSDK_TRACE_SIZES ? n : SSDK_TRACE_SIZES;
	memcpy(s->sizes, z, s->nr_sizes * sizeof(*z));
	for (i = s->nr_sizes; i < n; i++)
		s->other_sizes += z[i].ios;
	free(z);
	free(lens);
	return 0;
}

/* The times between arrivals, through the latency histogram. */
static int trace_gaps(const struct ssdk_trace *t, struct ssdk_trace_summary *s)
{
	uint64_t *hist, i, gap, n = t->nr - 1, sum = 0;

	hist = calloc(SSDK_HIST_NR_BUCKETS, sizeof(*hist));
	if (!hist)
		return -ENOMEM;
	s->gap_min_ns = UINT64_MAX;
	for (i = 1; i < t->nr; i++) {
		gap = t->ios[i].t_ns - t->ios[i - 1].t_ns;
		hist_record(hist, gap);
		sum += gap;
		s->gap_min_ns = gap < s->gap_min_ns ? gap : s->gap_min_ns;
		s->gap_max_ns = gap > s->gap_max_ns ? gap : s->gap_max_ns;
	}
	s->gap_mean_ns = sum / n;
	s->gap_p50_ns = hist_percentile(hist, n, 50, s->gap_min_ns, s->gap_max_ns);
	s->gap_p99_ns = hist_percentile(hist, n, 99, s->gap_min_ns, s->gap_max_ns);
	free(hist);
	return 0;
}

SSDK_EXPORT int ssdk_trace_summarize(const struct ssdk_trace *t, struct ssdk_trace_summary *s)
{
	const struct ssdk_trace_io *io, *prev = NULL;
	uint64_t i, end;

	memset(s, 0, sizeof(*s));
	s->format = t->format;
	s->flags = t->flags;
	s->ios = t->nr;
	s->lowest = t->nr ? UINT64_MAX : 0;
	for (i = 0; i < t->nr; i++) {
		io = &t->ios[i];
		s->bytes += io->len;
		s->op_ios[io->op]++;
		s->op_bytes[io->op] += io->len;
		end = io->offset + io->len;
		s->lowest = io->offset < s->lowest ? io->offset : s->lowest;
		s->highest = end > s->highest ? end : s->highest;
		if (!trace_moves_data(io))
			continue;
		if (prev && io->offset == prev->offset + prev->len)
			s->sequential++;
		prev = io;
		if (io->qd)
			s->qd_ios[(io->qd < SSDK_TRACE_QDS ? io->qd : SSDK_TRACE_QDS) - 1]++;
	}
	if (t->nr && (t->flags & SSDK_TRACE_HAS_TIME))
		s->duration_ns = t->ios[t->nr - 1].t_ns;
	if (trace_footprint(t, s) || trace_sizes(t, s))
		return -ENOMEM;
	if (t->nr > 1 && (t->flags & SSDK_TRACE_HAS_TIME))
		return trace_gaps(t, s);
	return 0;
}
