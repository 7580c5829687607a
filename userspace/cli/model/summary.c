// SPDX-License-Identifier: GPL-2.0
/*
 * The numbers of a run's report, whatever prints them (summary.h). MB/s
 * is 10^6 bytes per second, as drive reviews count; MiB/s is given
 * beside it by the backends.
 */

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "hist.h"
#include "rules.h"
#include "summary.h"

/* The JSON's keys of the figures (FIG_*). */
const char *const fig_keys[NR_FIGS] = {
	[FIG_IOPS] = "iops", [FIG_MB_S] = "mb_s", [FIG_LAT_MEAN] = "lat_mean_ns",
	[FIG_LAT_P99] = "lat_p99_ns", [FIG_LAT_MAX] = "lat_max_ns",
};

/**
 * result_figures() - A run's figures, both ops together.
 * @r: The run (or a job's total).
 * @fig: Filled in, by FIG_*: 0 for the latencies when it did no IO, and
 *	for the p99 without histograms.
 *
 * Return: Its IOs, both ops.
 */
uint64_t result_figures(const struct run_result *r, double fig[NR_FIGS])
{
	const struct ssdk_run_status *t = &r->st;
	uint64_t ios = t->stats[0].ios + t->stats[1].ios;
	uint64_t bytes = t->stats[0].bytes + t->stats[1].bytes;
	struct ssdk_counts both = { 0 };
	uint64_t *hist = NULL;
	unsigned int op;

	for (op = 0; op < SSDK_NR_OPS; op++)
		ssdk_counts_merge(&both, &t->stats[op]);
	if (ios && r->hists[0]) {
		hist = calloc(ssdk_hist_buckets(), sizeof(*hist));
		for (op = 0; hist && op < SSDK_NR_OPS; op++)
			ssdk_hist_merge(hist, r->hists[op]);
	}
	fig[FIG_IOPS] = t->measured_ns ? ios * 1e9 / t->measured_ns : 0;
	fig[FIG_MB_S] = t->measured_ns ? bytes * 1e3 / t->measured_ns : 0;
	fig[FIG_LAT_MEAN] = ios ? (double)both.lat_sum_ns / ios : 0;
	fig[FIG_LAT_P99] = hist ? ssdk_hist_percentile(hist, ios, 99, both.lat_min_ns,
							both.lat_max_ns) : 0;
	fig[FIG_LAT_MAX] = ios ? both.lat_max_ns : 0;
	free(hist);
	return ios;
}

/**
 * op_summarize() - A set's counters and histogram, summed up.
 * @s: The counters.
 * @measured_ns: The run's measurement window.
 * @hist: The set's histogram, or NULL: no percentiles.
 * @out: Filled in.
 */
void op_summarize(const struct ssdk_counts *s, uint64_t measured_ns, const uint64_t *hist,
		  struct op_summary *out)
{
	unsigned int i;

	memset(out, 0, sizeof(*out));
	out->ios = s->ios;
	out->bytes = s->bytes;
	out->errors = s->errors;
	if (measured_ns) {
		out->iops = s->ios * 1e9 / measured_ns;
		out->bw_bytes = s->bytes * 1e9 / measured_ns;
	}
	if (!s->ios)
		return;
	out->min = s->lat_min_ns;
	out->max = s->lat_max_ns;
	out->mean = (double)s->lat_sum_ns / s->ios;
	out->stddev = ssdk_counts_stddev(s);
	out->hist = hist;
	for (i = 0; hist && i < SSDK_REPORT_NR_PCTS; i++)
		out->pct[i] = hist_percentile(hist, s->ios, ssdk_report_pct(i), s->lat_min_ns,
					      s->lat_max_ns);
}

/**
 * ts_sum() - An interval's ops as one.
 * @p: The interval.
 * @o: Their sums, and their largest maximum and p99.
 */
void ts_sum(const struct ssdk_ts_point *p, struct ssdk_ts_op *o)
{
	unsigned int op;

	memset(o, 0, sizeof(*o));
	for (op = 0; op < SSDK_NR_OPS; op++) {
		o->ios += p->op[op].ios;
		o->bytes += p->op[op].bytes;
		o->lat_sum_ns += p->op[op].lat_sum_ns;
		if (p->op[op].lat_max_ns > o->lat_max_ns)
			o->lat_max_ns = p->op[op].lat_max_ns;
		if (p->op[op].lat_p99_ns > o->lat_p99_ns)
			o->lat_p99_ns = p->op[op].lat_p99_ns;
	}
}

/**
 * result_alloc_hists() - Room for a run's histograms, zeroed.
 * @r: The result.
 *
 * Return: 0 or -ENOMEM.
 */
int result_alloc_hists(struct run_result *r)
{
	size_t nr = ssdk_hist_buckets();
	uint64_t *all = calloc(nr * SSDK_NR_SETS, sizeof(*all));
	unsigned int s;

	if (!all)
		return -1;
	for (s = 0; s < SSDK_NR_SETS; s++)
		r->hists[s] = all + s * nr;
	return 0;
}

/**
 * result_free() - Free a result's histograms and records.
 * @r: The result; emptied.
 */
void result_free(struct run_result *r)
{
	free(r->hists[0]);
	free(r->rec.slowest);
	free(r->rec.ts);
	free(r->rec.captured);
	memset(r->hists, 0, sizeof(r->hists));
	memset(&r->rec, 0, sizeof(r->rec));
	r->has_records = 0;
}

/**
 * result_merge() - Add a run to the total of several.
 * @t: The total: a copy of the first run, to which the others are added;
 *	its histograms, when it has room for them, get the run's.
 * @s: Another run.
 *
 * The status as libssdk's ssdk_status_add() adds it, which the Python
 * package's totals use too.
 */
void result_merge(struct run_result *t, const struct run_result *s)
{
	unsigned int i;

	ssdk_status_add(&t->st, &s->st);
	for (i = 0; i < SSDK_NR_SETS; i++)
		if (t->hists[i] && s->hists[i])
			hist_merge(t->hists[i], s->hists[i]);
}

/**
 * result_open_loop() - Whether a run measured response times too.
 * @r: The run.
 *
 * Return: 1 or 0.
 */
int result_open_loop(const struct run_result *r)
{
	const struct ssdk_run_config *c = &r->st.config;

	return ssdk_open_loop(c->rate_iops, c->arrivals,
			      ssdk_config_is_set(c, SSDK_A_RUN_REPLAY_TIMING) &&
			      c->replay_timing == SSDK_REPLAY_TIMING_ORIGINAL);
}

/**
 * result_kind_kept() - Whether a run measured a latency kind.
 * @r: The run.
 * @kind: An SSDK_LAT_KIND_*.
 *
 * Return: 1 or 0: service time always; response time and lateness in an
 * open loop; the stages with anatomy (rules.h).
 */
int result_kind_kept(const struct run_result *r, unsigned int kind)
{
	return ssdk_lat_kind_kept(kind, result_open_loop(r), r->st.config.anatomy);
}

/**
 * result_rounds() - A run's rounds and its measurement window.
 * @r: The run, its records fetched.
 * @out: Filled in; free with rounds_free(). No rounds for a run without
 *	them or without records.
 *
 * Return: 0 or -ENOMEM.
 */
int result_rounds(const struct run_result *r, struct run_rounds *out)
{
	const struct ssdk_run_status *st = &r->st;
	uint32_t n = st->rounds_done;
	int got;

	memset(out, 0, sizeof(*out));
	if (!st->config.rounds || !r->has_records || !n)
		return 0;
	out->round = calloc(n, sizeof(*out->round));
	if (!out->round)
		return -ENOMEM;
	got = ssdk_rounds(st, r->rec.ts, r->rec.nr_ts, out->round, n);
	out->n = got > 0 ? got : 0;
	out->first = ssdk_rounds_window(st, out->round, out->n, &out->window);
	out->last = out->first ? out->first + SSDK_STEADY_WINDOW - 1 : 0;
	return 0;
}

/**
 * rounds_free() - Free what result_rounds() allocated.
 * @rr: The rounds.
 */
void rounds_free(struct run_rounds *rr)
{
	free(rr->round);
	rr->round = NULL;
	rr->n = 0;
}
