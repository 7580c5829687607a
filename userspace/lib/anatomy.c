// SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause
/*
 * Anatomy: the stages of a run's IOs (the module's anatomy.c times them),
 * decided once for whatever prints them: the io attribute of each stage,
 * where the slowest IOs' time went, and the worst stall of a run.
 */

#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* The io attribute of each stage, by kind - SSDK_LAT_KIND_BLOCK. */
static const uint32_t stage_attrs[SSDK_NR_STAGES] = {
	[SSDK_LAT_KIND_BLOCK - SSDK_LAT_KIND_BLOCK] = SSDK_A_IO_BLOCK_NS,
	[SSDK_LAT_KIND_DEVICE - SSDK_LAT_KIND_BLOCK] = SSDK_A_IO_DEVICE_NS,
	[SSDK_LAT_KIND_END_IO - SSDK_LAT_KIND_BLOCK] = SSDK_A_IO_END_IO_NS,
	[SSDK_LAT_KIND_REAP - SSDK_LAT_KIND_BLOCK] = SSDK_A_IO_REAP_NS,
	[SSDK_LAT_KIND_IDLE - SSDK_LAT_KIND_BLOCK] = SSDK_A_IO_IDLE_NS,
};

SSDK_EXPORT uint32_t ssdk_stage_io_attr(uint32_t kind)
{
	if (kind < SSDK_LAT_KIND_BLOCK || kind > SSDK_LAT_KIND_MAX)
		return 0;
	return stage_attrs[kind - SSDK_LAT_KIND_BLOCK];
}

SSDK_EXPORT int ssdk_stage_in_latency(uint32_t kind)
{
	return kind == SSDK_LAT_KIND_BLOCK || kind == SSDK_LAT_KIND_DEVICE ||
	       kind == SSDK_LAT_KIND_END_IO;
}

SSDK_EXPORT int ssdk_tail_stages(const struct ssdk_io_rec *ios, uint32_t n,
				 double share[SSDK_NR_STAGES])
{
	double sum[SSDK_NR_STAGES] = { 0 }, total = 0;
	uint32_t i, s, kind;
	int top = -1;

	for (i = 0; i < n; i++) {
		if (!(ios[i].stages & SSDK_STAGE_BIT(SSDK_LAT_KIND_DEVICE)))
			continue;
		for (s = 0; s < SSDK_NR_STAGES; s++) {
			if (!ssdk_stage_in_latency(SSDK_LAT_KIND_BLOCK + s))
				continue;
			sum[s] += ios[i].stage_ns[s];
			total += ios[i].stage_ns[s];
		}
	}
	for (s = 0; s < SSDK_NR_STAGES; s++) {
		kind = SSDK_LAT_KIND_BLOCK + s;
		share[s] = total > 0 ? sum[s] / total : 0;
		if (total > 0 && ssdk_stage_in_latency(kind) &&
		    (top < 0 || share[s] > share[top - SSDK_LAT_KIND_BLOCK]))
			top = kind;
	}
	return top;
}

/* Whether record @r's time in flight overlaps [@from, @to). */
static int overlaps(const struct ssdk_io_rec *r, uint64_t from, uint64_t to)
{
	return r->t_ns < to && r->t_ns + r->lat_ns > from;
}

SSDK_EXPORT int ssdk_worst_stall(const struct ssdk_io_rec *ios, uint32_t n,
				 const struct ssdk_ts_point *ts, uint32_t nr_ts,
				 uint64_t interval_ns, struct ssdk_stall *stall)
{
	const struct ssdk_io_rec *w;
	struct ssdk_io_rec *held;
	uint64_t end, t0, t1;
	uint32_t i, op;
	int silent;

	memset(stall, 0, sizeof(*stall));
	stall->top_stage = -1;
	if (!n)
		return -ENODATA;
	/* The slowest log is slowest first; any order is taken. */
	w = &ios[0];
	for (i = 1; i < n; i++)
		if (ios[i].lat_ns > w->lat_ns)
			w = &ios[i];
	end = w->t_ns + w->lat_ns;
	stall->start_ns = w->t_ns;
	stall->end_ns = end;
	stall->max_ns = w->lat_ns;
	stall->min_ns = w->lat_ns;
	stall->first_submit_ns = w->t_ns;
	stall->last_submit_ns = w->t_ns;
	stall->worst = *w;
	stall->records = n;
	held = calloc(n, sizeof(*held));
	if (!held)
		return -ENOMEM;
	/* The IOs it held: at least half as slow, in flight with the worst. */
	for (i = 0; i < n; i++) {
		if (ios[i].lat_ns * 2 < w->lat_ns || !overlaps(&ios[i], w->t_ns, end))
			continue;
		held[stall->ios++] = ios[i];
		if (ios[i].lat_ns < stall->min_ns)
			stall->min_ns = ios[i].lat_ns;
		if (ios[i].t_ns < stall->first_submit_ns)
			stall->first_submit_ns = ios[i].t_ns;
		if (ios[i].t_ns > stall->last_submit_ns)
			stall->last_submit_ns = ios[i].t_ns;
	}
	stall->top_stage = ssdk_tail_stages(held, stall->ios, stall->share);
	for (i = 0; i < stall->ios; i++)
		stall->unsplit += (held[i].stages & SSDK_STAGE_BIT(SSDK_LAT_KIND_DEVICE)) &&
				  !(held[i].stages & SSDK_STAGE_BIT(SSDK_LAT_KIND_BLOCK));
	free(held);
	/* The intervals inside it in which nothing completed. */
	for (i = 0; interval_ns && i < nr_ts; i++) {
		t0 = (uint64_t)ts[i].index * interval_ns;
		t1 = t0 + interval_ns;
		if (t0 < w->t_ns || t1 > end)
			continue;
		for (silent = 1, op = 0; op < SSDK_NR_OPS; op++)
			silent &= !ts[i].op[op].ios;
		if (!silent)
			continue;
		if (!stall->silent_intervals++)
			stall->silent_from_ns = t0;
		stall->silent_to_ns = t1;
	}
	return 0;
}

/* An enum's entry name from the spec's tables, "?" past its end. */
static const char *spec_name(uint32_t id, uint32_t value)
{
	const struct ssdk_spec_enum *e = ssdk_spec_enum(id);

	return e && value < e->nr ? e->names[value] : "?";
}

SSDK_EXPORT int ssdk_stall_text(const struct ssdk_stall *s, uint64_t interval_ns, char *buf,
				size_t size)
{
	char t0[SSDK_FMT_LEN], len[SSDK_FMT_LEN], a[SSDK_FMT_LEN], b[SSDK_FMT_LEN];
	char c[SSDK_FMT_LEN], bytes[SSDK_FMT_LEN];
	const struct ssdk_io_rec *w = &s->worst;
	size_t n = 0;
	uint32_t k;

#define PUT(...) (n += snprintf(buf + n, n < size ? size - n : 0, __VA_ARGS__))
	if (!size)
		return -EINVAL;
	buf[0] = '\0';
	if (!s->ios)
		return -ENODATA;
	PUT("The worst stall began %s into the run and lasted %s: a %s of %s at offset %llu, "
	    "submitted on CPU %u with %u IO%s in flight, completed on CPU %u.",
	    ssdk_fmt_ns(t0, sizeof(t0), s->start_ns), ssdk_fmt_ns(len, sizeof(len), s->max_ns),
	    spec_name(SSDK_SPEC_ENUM_OP, w->op), ssdk_fmt_bytes(bytes, sizeof(bytes), w->len),
	    (unsigned long long)w->offset, w->cpu_submit, w->inflight,
	    w->inflight == 1 ? "" : "s", w->cpu_complete);
	if (s->ios > 1 && s->ios == s->records)
		PUT(" It held at least %u IOs (every one of the slowest kept: --slowest keeps more),",
		    s->ios);
	else if (s->ios > 1)
		PUT(" It held %u IOs,", s->ios);
	if (s->ios > 1)
		PUT(" submitted from %s to %s, each %s to %s.",
		    ssdk_fmt_ns(a, sizeof(a), s->first_submit_ns),
		    ssdk_fmt_ns(b, sizeof(b), s->last_submit_ns),
		    ssdk_fmt_ns(c, sizeof(c), s->min_ns), ssdk_fmt_ns(len, sizeof(len), s->max_ns));
	if (s->silent_intervals)
		PUT(" No IO completed from %s to %s (%u interval%s of %s): the device went silent.",
		    ssdk_fmt_ns(a, sizeof(a), s->silent_from_ns),
		    ssdk_fmt_ns(b, sizeof(b), s->silent_to_ns), s->silent_intervals,
		    s->silent_intervals > 1 ? "s" : "", ssdk_fmt_ns(c, sizeof(c), interval_ns));
	else if (interval_ns)
		PUT(" IOs kept completing meanwhile: the device was slow for these, not silent.");
	if (s->top_stage < 0) {
		PUT(" Which stage held them is not known: run with --anatomy to split it.");
	} else {
		PUT(" Their time was %.1f%% %s", 100 * s->share[s->top_stage - SSDK_LAT_KIND_BLOCK],
		    spec_name(SSDK_SPEC_ENUM_LAT_KIND, s->top_stage));
		for (k = SSDK_LAT_KIND_BLOCK; k <= SSDK_LAT_KIND_MAX; k++)
			if ((int)k != s->top_stage && ssdk_stage_in_latency(k))
				PUT(", %.1f%% %s", 100 * s->share[k - SSDK_LAT_KIND_BLOCK],
				    spec_name(SSDK_SPEC_ENUM_LAT_KIND, k));
		PUT(".");
		if (s->unsplit == 1 && s->ios == 1)
			PUT(" It went through a bio-based device (dm, md), whose stages are not "
			    "split: its device stage is the whole of the driver's time, the devices "
			    "below it included.");
		else if (s->unsplit)
			PUT(" %u of them went through a bio-based device (dm, md), whose stages are "
			    "not split: its device stage is the whole of the driver's time, the "
			    "devices below it included.", s->unsplit);
	}
#undef PUT
	return n < size ? 0 : -ENOSPC;
}
