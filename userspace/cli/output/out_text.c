// SPDX-License-Identifier: GPL-2.0
/*
 * The text backend (output.h): tables for people, on stdout. MB/s is
 * 10^6 bytes per second, as drive reviews count, with MiB/s beside it.
 */

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend.h"
#include "rules.h"
#include "values.h"

static const char *state_str(uint32_t state)
{
	return enum_name(SSDK_SPEC_ENUM_STATE, state);
}

static const char *engine_str(const struct run_result *r)
{
	return r->engine ? r->engine : enum_name(SSDK_SPEC_ENUM_ENGINE, r->st.config.engine);
}

/* --- info -------------------------------------------------------------------- */

static void text_info(struct output *out, const struct ssdk_info *in)
{
	const struct ssdk_spec_enum *caps = ssdk_spec_enum(SSDK_SPEC_ENUM_CAP);
	unsigned int i;

	printf("module     ssdk %s\n", in->version);
	printf("kernel     %s\n", in->kernel_release);
	printf("family     %s version %u\n", SSDK_FAMILY_NAME, in->family_version);
	printf("cpus       %u\n", in->cpus);
	printf("clock      %u ns resolution\n", in->clock_res_ns);
	printf("caps      ");
	for (i = 0; i < caps->nr; i++)
		if (in->caps & (1ULL << i))
			printf(" %s", caps->names[i]);
	printf("\nruns       at most %u kept\n", in->max_runs);
	printf("histogram  %u buckets, %u per power of two\n", in->hist_buckets,
	       1U << in->hist_sub_bits);
	/* A module older than the budget reports none. */
	if (in->mem_budget)
		printf("memory     %.2f MiB of %.2f MiB in use (mem_budget)\n",
		       in->mem_used / 1048576.0, in->mem_budget / 1048576.0);
}

/* --- a run ------------------------------------------------------------------- */

/*
 * What the run cost the CPU, and what measuring costs: the floor under
 * its latencies. Userspace engines report neither.
 */
static void text_cost_line(const struct ssdk_run_status *st)
{
	char ov[32], clk[32], cpu[32];

	if (!st->measurement_overhead_ns && !st->cpu_ns)
		return;
	printf("measuring: %s of CPU per IO, of which a clock read (%s) is inside each latency",
	       ssdk_fmt_ns(ov, sizeof(ov), st->measurement_overhead_ns),
	       ssdk_fmt_ns(clk, sizeof(clk), st->clock_read_ns));
	if (st->cpu_ns && st->completed)
		printf("; %s CPU %s, %s per IO", st->config.workers > 1 ? "workers'" : "worker",
		       ssdk_fmt_ns(cpu, sizeof(cpu), st->cpu_ns),
		       ssdk_fmt_ns(ov, sizeof(ov), (double)st->cpu_ns / st->completed));
	putchar('\n');
}

static void text_header(const struct run_result *r)
{
	const struct ssdk_run_status *st = &r->st;
	const struct ssdk_run_config *c = &st->config;
	char bs[32], span[32], off[32], size[32], t[32], ramp[32];

	printf("run %u on %s: %s, %s blocks, iodepth %u, %s%s%s\n", st->id, c->target,
	       enum_name(SSDK_SPEC_ENUM_RW, c->rw), ssdk_fmt_bytes(bs, sizeof(bs), c->bs),
	       c->iodepth, state_str(st->state), st->reason[0] ? ": " : "", st->reason);
	printf("span %s at offset %s of %s; ",
	       ssdk_fmt_bytes(span, sizeof(span), c->span ? c->span : st->target_size - c->offset),
	       ssdk_fmt_bytes(off, sizeof(off), c->offset),
	       ssdk_fmt_bytes(size, sizeof(size), st->target_size));
	if (c->runtime_ns)
		printf("runtime %s, ", ssdk_fmt_ns(t, sizeof(t), c->runtime_ns));
	if (c->ios)
		printf("%llu IOs, ", (unsigned long long)c->ios);
	printf("ramp %s; seed %llu", ssdk_fmt_ns(ramp, sizeof(ramp), c->ramp_ns),
	       (unsigned long long)c->seed);
	if (c->cpu >= 0)
		printf("; cpu %d", c->cpu);
	printf("\nmeasured %s of %s; %llu IOs completed, ramp included\n",
	       ssdk_fmt_ns(t, sizeof(t), st->measured_ns),
	       ssdk_fmt_ns(ramp, sizeof(ramp), st->elapsed_ns), (unsigned long long)st->completed);
	text_cost_line(st);
}

/* A run with rounds: how far, and the steady-state test's verdict. */
static void text_rounds_line(const struct ssdk_run_status *st)
{
	const struct ssdk_run_config *c = &st->config;
	char t[32];

	printf("rounds %u of %u, %s each", st->rounds_done, c->rounds,
	       ssdk_fmt_ns(t, sizeof(t), c->round_ns));
	if (ssdk_config_is_set(c, SSDK_A_RUN_STEADY_TRACK)) {
		printf("; steady %s (range %u%%, slope %u%% over %u rounds): ",
		       enum_name(SSDK_SPEC_ENUM_STEADY_TRACK, c->steady_track),
		       c->steady_range_pct, c->steady_slope_pct, SSDK_STEADY_WINDOW);
		if (st->steady_round)
			printf("reached at round %u", st->steady_round);
		else
			printf(st->state == SSDK_STATE_RUNNING ? "not yet" : "not reached");
	}
	putchar('\n');
}

/* The access specification beyond the header's first line, when not plain. */
static void text_access(const struct run_result *r)
{
	const struct ssdk_run_config *c = &r->st.config;
	char buf[32];
	uint32_t i;

	if (r->engine || c->engine != SSDK_DEFAULT_ENGINE)
		printf("engine %s%s\n", engine_str(r), c->buffered ? ", buffered" : "");
	if (c->workers > 1) {
		printf("%u workers", c->workers);
		for (i = 0; i < c->nr_cpus && i < SSDK_MAX_WORKERS; i++)
			printf("%s%u", i ? "," : " on CPUs ", c->cpus[i]);
		printf(", %u IOs in flight each\n", c->iodepth);
	}
	if (c->batch > 1)
		printf("submitted in batches of %u%s", c->batch, c->polled ? ", " : "\n");
	if (c->polled)
		printf("polled (%llu IOs taken off polling by the block layer)\n",
		       (unsigned long long)r->st.unpolled);
	if (ssdk_config_is_set(c, SSDK_A_RUN_REPLAY_TIMING)) {
		printf("replay of a trace, timing %s",
		       enum_name(SSDK_SPEC_ENUM_REPLAY_TIMING, c->replay_timing));
		if (c->replay_timing == SSDK_REPLAY_TIMING_ORIGINAL && c->replay_scale != 1000)
			printf(" x%g", c->replay_scale / 1000.0);
		printf(", remap %s\n", enum_name(SSDK_SPEC_ENUM_REPLAY_REMAP, c->replay_remap));
	}
	if (ssdk_rw_mixed(c->rw))
		printf("mix %u%% reads\n", c->rwmixread);
	if (c->nr_bs) {
		printf("block sizes");
		for (i = 0; i < c->nr_bs; i++)
			printf(" %s/%u%%", ssdk_fmt_bytes(buf, sizeof(buf), c->bs_split[i].bs),
			       c->bs_split[i].pct);
		putchar('\n');
	}
	if (c->align_offset || (c->align && c->align != c->bs && !c->nr_bs))
		printf("aligned to %u bytes, %u past\n", c->align, c->align_offset);
	if (c->stride)
		printf("stride %llu bytes\n", (unsigned long long)c->stride);
	if (ssdk_rw_writes(c->rw, c->rwmixread) && !ssdk_config_is_set(c, SSDK_A_RUN_PURGE))
		printf("data %s\n", ssdk_pattern_str(buf, sizeof(buf), c));
	if (c->rate_iops)
		printf("rate %u IOPS, %s arrivals%s", c->rate_iops,
		       enum_name(SSDK_SPEC_ENUM_ARRIVALS, c->arrivals),
		       result_open_loop(r) ? "" : "\n");
	if (result_open_loop(r))
		printf("; %llu IOs found no free slot when due\n", (unsigned long long)r->st.late);
	if (c->rounds)
		text_rounds_line(&r->st);
	if (ssdk_config_is_set(c, SSDK_A_RUN_PURGE))
		printf("purge by %s, in chunks of %s: each a write below\n",
		       enum_name(SSDK_SPEC_ENUM_PURGE_METHOD, c->purge),
		       ssdk_fmt_bytes(buf, sizeof(buf), SSDK_PURGE_CHUNK));
}

enum moment { MIN, MEAN, STDDEV, MAX, PCT };

/* One row of the latency table: a label and a value per set shown. */
static void text_lat_row(const char *label, const struct op_summary *o, const int *shown,
			 enum moment which, unsigned int pct)
{
	char buf[32];
	unsigned int set;
	double v;

	printf("  %-12s", label);
	for (set = 0; set < SSDK_NR_SETS; set++) {
		if (!shown[set])
			continue;
		switch (which) {
		case MIN:
			v = o[set].min;
			break;
		case MEAN:
			v = o[set].mean;
			break;
		case STDDEV:
			v = o[set].stddev;
			break;
		case MAX:
			v = o[set].max;
			break;
		default:
			v = o[set].pct[pct];
		}
		printf(" %14s", o[set].ios ? ssdk_fmt_ns(buf, sizeof(buf), v) : "-");
	}
	putchar('\n');
}

/* A run's summary as tables: throughput per op, then latencies. */
static void text_summary(const struct run_result *r)
{
	static const char *const moments[] = { "min", "mean", "stddev", "max" };
	static const char *const set_suffix[SSDK_NR_SETS / SSDK_NR_OPS] = {
		[SSDK_LAT_KIND_SERVICE] = "",
		[SSDK_LAT_KIND_RESPONSE] = " resp",
		[SSDK_LAT_KIND_LATENESS] = " late",
	};
	unsigned int nr_sets = result_open_loop(r) ? SSDK_NR_SETS : SSDK_NR_OPS;
	const struct ssdk_run_status *st = &r->st;
	struct op_summary o[SSDK_NR_SETS];
	int shown[SSDK_NR_SETS] = { 0 }, any = 0;
	unsigned int op, i;
	char label[32];

	text_header(r);
	text_access(r);
	for (i = 0; i < nr_sets; i++) {
		op_summarize(&st->stats[i], st->measured_ns, r->hists[i], &o[i]);
		shown[i] = o[i].ios || o[i].errors;
		any |= shown[i];
	}
	if (!any) {
		printf("\nno IO completed in the measurement window\n");
		return;
	}
	printf("\n  %-8s %12s %10s %10s %12s %8s\n", "op", "IOPS", "MB/s", "MiB/s", "IOs",
	       "errors");
	for (op = 0; op < SSDK_NR_OPS; op++)
		if (shown[op])
			printf("  %-8s %12.1f %10.2f %10.2f %12llu %8llu\n",
			       enum_name(SSDK_SPEC_ENUM_OP, op), o[op].iops, o[op].bw_bytes / 1e6,
			       o[op].bw_bytes / 1048576, (unsigned long long)o[op].ios,
			       (unsigned long long)o[op].errors);

	printf("\n  %-12s", "latency");
	for (i = 0; i < SSDK_NR_SETS; i++) {
		/* An op's service time, then its response time and lateness. */
		snprintf(label, sizeof(label), "%s%s", enum_name(SSDK_SPEC_ENUM_OP, i % SSDK_NR_OPS),
			 set_suffix[i / SSDK_NR_OPS]);
		if (shown[i])
			printf(" %14s", label);
	}
	putchar('\n');
	for (i = 0; i < ARRAY_SIZE(moments); i++)
		text_lat_row(moments[i], o, shown, i, 0);
	if (!r->hists[SSDK_OP_READ] && !r->hists[SSDK_OP_WRITE])
		return;
	for (i = 0; i < SSDK_REPORT_NR_PCTS; i++) {
		snprintf(label, sizeof(label), "p%g", ssdk_report_pct(i));
		text_lat_row(label, o, shown, PCT, i);
	}
}

/*
 * Anatomy: each op's stages as rows, from the histograms when the run
 * has them; the IOs the block layer did not stamp (a bio-based device's)
 * said, their latency all device.
 */
static void text_anatomy(const struct run_result *r)
{
	const struct ssdk_run_status *st = &r->st;
	char mean[32], p50[32], p99[32], p999[32], mx[32];
	unsigned int op, kind, set;
	struct op_summary o;

	if (!st->config.anatomy)
		return;
	for (op = 0; op < SSDK_NR_OPS; op++) {
		if (!st->stats[op].ios)
			continue;
		printf("\n  %-12s %12s %12s %12s %12s %12s %12s\n",
		       op == SSDK_OP_READ ? "read stages" : "write stages", "IOs", "mean", "p50",
		       "p99", "p99.9", "max");
		for (kind = SSDK_LAT_KIND_BLOCK; kind <= SSDK_LAT_KIND_MAX; kind++) {
			set = op + kind * SSDK_NR_OPS;
			op_summarize(&st->stats[set], st->measured_ns, r->hists[set], &o);
			if (!o.ios) {
				printf("  %-12s %12s\n", enum_name(SSDK_SPEC_ENUM_LAT_KIND, kind), "-");
				continue;
			}
			printf("  %-12s %12llu %12s %12s %12s %12s %12s\n",
			       enum_name(SSDK_SPEC_ENUM_LAT_KIND, kind), (unsigned long long)o.ios,
			       ssdk_fmt_ns(mean, sizeof(mean), o.mean),
			       r->hists[set] ? ssdk_fmt_ns(p50, sizeof(p50), o.pct[SSDK_REPORT_P50]) : "-",
			       r->hists[set] ? ssdk_fmt_ns(p99, sizeof(p99), o.pct[SSDK_REPORT_P99]) : "-",
			       r->hists[set] ? ssdk_fmt_ns(p999, sizeof(p999), o.pct[SSDK_REPORT_P999]) : "-",
			       ssdk_fmt_ns(mx, sizeof(mx), o.max));
		}
	}
	if (st->anatomy_unsplit)
		printf("  %llu IOs not split (a bio-based device's, dm or md): their latency is all device\n",
		       (unsigned long long)st->anatomy_unsplit);
}

/* Where the slowest IOs' time went: "slowest 16 IOs: 91.0% device, ...". */
static void text_tail_line(const struct run_result *r)
{
	const struct run_records *x = &r->rec;
	double share[SSDK_NR_STAGES];
	unsigned int kind;
	int top;

	if (!r->st.config.anatomy)
		return;
	top = ssdk_tail_stages(x->slowest, x->nr_slowest, share);
	if (top < 0)
		return;
	printf("\nslowest %u IOs: %.1f%% %s", x->nr_slowest,
	       100 * share[top - SSDK_LAT_KIND_BLOCK], enum_name(SSDK_SPEC_ENUM_LAT_KIND, top));
	for (kind = SSDK_LAT_KIND_BLOCK; kind <= SSDK_LAT_KIND_MAX; kind++)
		if ((int)kind != top && ssdk_stage_in_latency(kind))
			printf(", %.1f%% %s", 100 * share[kind - SSDK_LAT_KIND_BLOCK],
			       enum_name(SSDK_SPEC_ENUM_LAT_KIND, kind));
	putchar('\n');
}

static void text_status(struct output *out, const struct run_result *r)
{
	text_summary(r);
	if (r->st.state == SSDK_STATE_RUNNING)
		printf("now %llu IOPS\n", (unsigned long long)r->st.iops_now);
}

static void text_statuses(struct output *out, const struct run_result *r, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++) {
		if (i)
			putchar('\n');
		text_summary(&r[i]);
	}
}

static void text_list(struct output *out, const struct run_result *r, unsigned int n)
{
	const struct ssdk_run_status *st;
	char bs[32], t[32];
	unsigned int i;

	printf("%4s  %-8s  %-9s  %8s  %4s  %10s  %12s  %s\n", "id", "state", "rw", "bs", "qd",
	       "elapsed", "completed", "target");
	for (i = 0; i < n; i++) {
		st = &r[i].st;
		printf("%4u  %-8s  %-9s  %8s  %4u  %10s  %12llu  %s\n", st->id,
		       state_str(st->state), enum_name(SSDK_SPEC_ENUM_RW, st->config.rw),
		       ssdk_fmt_bytes(bs, sizeof(bs), st->config.bs), st->config.iodepth,
		       ssdk_fmt_ns(t, sizeof(t), st->elapsed_ns), (unsigned long long)st->completed,
		       st->config.target);
	}
}

/* --- records: slowest and captured IOs, the time series ---------------------------- */

static void text_ios(const char *title, const struct ssdk_io_rec *ios, uint32_t n, uint32_t max)
{
	const struct ssdk_io_rec *io;
	char lat[32], t[32];
	uint32_t i;

	if (n > max)
		n = max;
	printf("\n%s %u IOs\n%5s %12s %5s %16s %8s %14s %5s %5s %8s\n", title, n, "#",
	       "latency", "op", "offset", "len", "submitted at", "cpu", "done", "inflight");
	for (i = 0; i < n; i++) {
		io = &ios[i];
		printf("%5u %12s %5s %16llu %8u %14s %5u %5u %8u\n", i + 1,
		       ssdk_fmt_ns(lat, sizeof(lat), io->lat_ns),
		       enum_name(SSDK_SPEC_ENUM_OP, io->op),
		       (unsigned long long)io->offset, io->len, ssdk_fmt_ns(t, sizeof(t), io->t_ns),
		       io->cpu_submit, io->cpu_complete, io->inflight);
	}
}

/* One interval of a time series as a table row, the header first. */
static void text_ts_row(const struct ssdk_run_status *st, const struct ssdk_ts_point *p,
			int header)
{
	double secs = st->config.ts_interval_ns / 1e9;
	char t[32], mean[32], p99[32], mx[32];
	struct ssdk_ts_op o;

	if (header)
		printf("%12s %12s %10s %12s %12s %12s\n", "from", "IOPS", "MB/s", "mean", "p99",
		       "max");
	ts_sum(p, &o);
	printf("%12s %12.1f %10.2f %12s %12s %12s\n",
	       ssdk_fmt_ns(t, sizeof(t), (double)p->index * st->config.ts_interval_ns),
	       o.ios / secs, o.bytes / secs / 1e6,
	       o.ios ? ssdk_fmt_ns(mean, sizeof(mean), (double)o.lat_sum_ns / o.ios) : "-",
	       o.ios ? ssdk_fmt_ns(p99, sizeof(p99), o.lat_p99_ns) : "-",
	       o.ios ? ssdk_fmt_ns(mx, sizeof(mx), o.lat_max_ns) : "-");
}

#define SPARK_COLUMNS	64

/* One sparkline of @v (n values): eight heights, log scale when @logs. */
static void sparkline(const char *name, const double *v, unsigned int n, int logs)
{
	static const char *const bars[] = { "\u2581", "\u2582", "\u2583", "\u2584",
					    "\u2585", "\u2586", "\u2587", "\u2588" };
	double lo = 0, hi = 0, x;
	unsigned int i, h;

	for (i = 0; i < n; i++) {
		x = logs ? log10(v[i] > 1 ? v[i] : 1) : v[i];
		if (!i || x < lo)
			lo = x;
		if (!i || x > hi)
			hi = x;
	}
	printf("%-6s ", name);
	for (i = 0; i < n; i++) {
		x = logs ? log10(v[i] > 1 ? v[i] : 1) : v[i];
		h = hi > lo ? (unsigned int)((x - lo) / (hi - lo) * 7 + 0.5) : 0;
		fputs(bars[h], stdout);
	}
	putchar('\n');
}

/* Intervals as at most SPARK_COLUMNS columns: IOPS and max latency. */
static void ts_sparklines(const struct ssdk_run_status *st, const struct run_records *x)
{
	unsigned int per = (x->nr_ts + SPARK_COLUMNS - 1) / SPARK_COLUMNS, cols, c, i;
	double iops[SPARK_COLUMNS] = { 0 }, mx[SPARK_COLUMNS] = { 0 };
	double secs = st->config.ts_interval_ns / 1e9;
	uint64_t top = 0, bottom = UINT64_MAX;
	char lo[32], hi[32];
	struct ssdk_ts_op o;

	cols = (x->nr_ts + per - 1) / per;
	for (i = 0; i < x->nr_ts; i++) {
		c = i / per;
		ts_sum(&x->ts[i], &o);
		iops[c] += o.ios / secs / per;
		if (o.lat_max_ns > mx[c])
			mx[c] = o.lat_max_ns;
		if (o.ios && o.lat_max_ns > top)
			top = o.lat_max_ns;
		if (o.ios && o.lat_max_ns < bottom)
			bottom = o.lat_max_ns;
	}
	printf("%u intervals of %s, %u per column\n", x->nr_ts,
	       ssdk_fmt_ns(lo, sizeof(lo), st->config.ts_interval_ns), per);
	sparkline("IOPS", iops, cols, 0);
	sparkline("max", mx, cols, 1);
	if (top)
		printf("%-6s log scale, %s .. %s\n", "", ssdk_fmt_ns(lo, sizeof(lo), bottom),
		       ssdk_fmt_ns(hi, sizeof(hi), top));
}

/*
 * A run's time series, compact: a row per interval up to 40 of them,
 * sparklines beyond; and the interval with the worst IO.
 */
static void text_timeseries(const struct ssdk_run_status *st, const struct run_records *x)
{
	const struct ssdk_ts_point *worst = &x->ts[0];
	char t0[32], t1[32], mx[32], p99[32];
	struct ssdk_ts_op o, w;
	uint32_t i;

	if (!x->nr_ts)
		return;
	ts_sum(worst, &w);
	printf("\ntime series (by completion time, from the run's start)\n");
	if (x->nr_ts <= 40)
		for (i = 0; i < x->nr_ts; i++)
			text_ts_row(st, &x->ts[i], !i);
	else
		ts_sparklines(st, x);
	for (i = 1; i < x->nr_ts; i++) {
		ts_sum(&x->ts[i], &o);
		if (o.lat_max_ns > w.lat_max_ns) {
			worst = &x->ts[i];
			w = o;
		}
	}
	printf("worst interval: %s to %s, max %s, p99 %s, %llu IOs\n",
	       ssdk_fmt_ns(t0, sizeof(t0), (double)worst->index * st->config.ts_interval_ns),
	       ssdk_fmt_ns(t1, sizeof(t1), (double)(worst->index + 1) * st->config.ts_interval_ns),
	       ssdk_fmt_ns(mx, sizeof(mx), w.lat_max_ns),
	       ssdk_fmt_ns(p99, sizeof(p99), w.lat_p99_ns),
	       (unsigned long long)w.ios);
	if (st->ts_dropped)
		printf("%llu IOs completed past the last interval kept (ts_max_points)\n",
		       (unsigned long long)st->ts_dropped);
}

static void text_captured_line(const struct ssdk_run_status *st)
{
	char over[32];

	printf("captured %u IOs of %s or more", st->captured_count,
	       ssdk_fmt_ns(over, sizeof(over), st->config.capture_over_ns));
	if (st->captured_dropped)
		printf("; %llu more found the capture full (capture_max)",
		       (unsigned long long)st->captured_dropped);
	putchar('\n');
}

/* Each round's figures, its window's test, and the measurement window. */
void out_text_rounds(const struct run_result *r)
{
	double secs = r->st.config.round_ns / 1e9;
	const struct ssdk_round *o;
	struct run_rounds rr;
	char mean[32], max[32];
	uint32_t i;

	if (result_rounds(r, &rr) || !rr.n)
		return;
	printf("\n%5s %10s %9s %10s %10s  %s\n", "round", "IOPS", "MB/s", "mean", "max",
	       "window: range, slope of the average");
	for (i = 0; i < rr.n; i++) {
		o = &rr.round[i];
		printf("%5u %10.0f %9.1f %10s %10s", i + 1, o->ios / secs, o->bytes / secs / 1e6,
		       ssdk_fmt_ns(mean, sizeof(mean), o->ios ? (double)o->lat_sum_ns / o->ios : 0),
		       ssdk_fmt_ns(max, sizeof(max), o->lat_max_ns));
		if (o->window)
			printf("  %5.1f%% %+6.1f%%%s", o->range_pct, o->slope_pct,
			       o->steady ? "  steady" : "");
		putchar('\n');
	}
	if (rr.first) {
		o = &rr.window;
		secs *= SSDK_STEADY_WINDOW;
		printf("window rounds %u-%u: %.0f IOPS, %.1f MB/s, mean %s, max %s\n", rr.first,
		       rr.last, o->ios / secs, o->bytes / secs / 1e6,
		       ssdk_fmt_ns(mean, sizeof(mean), o->ios ? (double)o->lat_sum_ns / o->ios : 0),
		       ssdk_fmt_ns(max, sizeof(max), o->lat_max_ns));
	}
	rounds_free(&rr);
}

/* A run: its summary, its stages and where its tail went, its rounds. */
static void text_run(const struct run_result *r)
{
	text_summary(r);
	text_anatomy(r);
	text_tail_line(r);
	if (r->st.config.rounds)
		out_text_rounds(r);
}

/* The worst stall, in one paragraph (libssdk's ssdk_stall_text()). */
static void text_stall(const struct run_result *r)
{
	const struct run_records *x = &r->rec;
	char text[SSDK_STALL_TEXT_LEN];
	struct ssdk_stall s;

	if (ssdk_worst_stall(x->slowest, x->nr_slowest, x->ts, x->nr_ts,
			     r->st.config.ts_interval_ns, &s) ||
	    ssdk_stall_text(&s, r->st.config.ts_interval_ns, text, sizeof(text)))
		return;
	printf("\n%s\n", text);
}

static void text_results(struct output *out, const struct run_result *r, unsigned int flags)
{
	const struct run_records *x = &r->rec;

	text_run(r);
	if (flags & (RESULTS_SLOWEST | RESULTS_TEXT))
		text_ios("slowest", x->slowest, x->nr_slowest,
			 flags & RESULTS_SLOWEST ? UINT32_MAX : 10);
	if (flags & RESULTS_TEXT) {
		text_timeseries(&r->st, x);
		text_stall(r);
	}
	if (flags & RESULTS_CAPTURED)
		text_ios("captured", x->captured, x->nr_captured, UINT32_MAX);
	if ((flags & (RESULTS_CAPTURED | RESULTS_TEXT)) && r->st.config.capture_over_ns)
		text_captured_line(&r->st);
}

/* --- several runs ------------------------------------------------------------ */

/* One line of a run among several: where, and what it did. */
static void text_job_line(const struct run_result *r)
{
	const struct ssdk_run_status *st = &r->st;
	struct op_summary o[SSDK_NR_OPS];
	char mean[32], mx[32], cpu[16];
	unsigned int op;

	for (op = 0; op < SSDK_NR_OPS; op++)
		op_summarize(&st->stats[op], st->measured_ns, NULL, &o[op]);
	snprintf(cpu, sizeof(cpu), "%d", st->config.cpu);
	printf("run %-4u %-20s cpu %-3s %s  %10.1f IOPS %9.2f MB/s  read mean %s  write mean %s\n",
	       st->id, st->config.target, st->config.cpu >= 0 ? cpu : "any",
	       state_str(st->state), o[0].iops + o[1].iops, (o[0].bw_bytes + o[1].bw_bytes) / 1e6,
	       o[0].ios ? ssdk_fmt_ns(mean, sizeof(mean), o[0].mean) : "-",
	       o[1].ios ? ssdk_fmt_ns(mx, sizeof(mx), o[1].mean) : "-");
}

static void text_job(struct output *out, const struct run_result *r, unsigned int n,
		     const struct run_result *total)
{
	unsigned int i;

	if (n == 1) {
		text_run(&r[0]);
		return;
	}
	for (i = 0; i < n; i++)
		text_job_line(&r[i]);
	printf("\ntotal of %u runs (iodepth: their sum; rates: over the longest window)\n", n);
	text_summary(total);
}

static void text_started(struct output *out, const uint32_t *ids, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		printf("%u\n", ids[i]);
}

static void text_stopped(struct output *out, const struct ssdk_run_status *st)
{
	printf("run %u %s\n", st->id, state_str(st->state));
}

static void text_sweep_begin(struct output *out)
{
	out->rows = 0;
}

/* One row of a sweep: the total of both ops at one iodepth and size. */
static void text_sweep_point(struct output *out, const struct run_result *r, unsigned int n,
			     const struct run_result *total)
{
	const struct ssdk_run_status *t = &total->st;
	char mean[32], pct[32], mx[32], bs[SSDK_FMT_LEN];
	double fig[NR_FIGS];
	uint64_t ios;

	if (!out->rows++)
		printf("%8s %8s %12s %10s %12s %12s %12s  %s\n", "iodepth", "bs", "IOPS", "MB/s",
		       "mean", "p99", "max", "state");
	ios = result_figures(total, fig);
	printf("%8u %8s %12.1f %10.2f %12s %12s %12s  %s\n", t->config.iodepth,
	       t->config.nr_bs ? "split" : ssdk_fmt_size(bs, sizeof(bs), t->config.bs),
	       fig[FIG_IOPS], fig[FIG_MB_S],
	       ios ? ssdk_fmt_ns(mean, sizeof(mean), fig[FIG_LAT_MEAN]) : "-",
	       ios ? ssdk_fmt_ns(pct, sizeof(pct), fig[FIG_LAT_P99]) : "-",
	       ios ? ssdk_fmt_ns(mx, sizeof(mx), fig[FIG_LAT_MAX]) : "-", state_str(t->state));
	fflush(stdout);
}

static void text_sweep_end(struct output *out)
{
}

/*
 * Repetitions (--repeat): a row per repetition, as a sweep's, then each
 * figure's spread: mean, least, greatest, and the 95% interval of the
 * mean (Student's t). In a sweep, each point's so, a blank line apart.
 */
static void text_repeat_begin(struct output *out, unsigned int n)
{
	if (out->rows)
		putchar('\n');
	out->rows = 0;
}

static void text_repeat_one(struct output *out, unsigned int k, const struct run_result *r,
			    unsigned int n, const struct run_result *total)
{
	text_sweep_point(out, r, n, total);
}

static void text_repeat_end(struct output *out, unsigned int done, const struct repeat_spread *s)
{
	static const char *const names[NR_FIGS] = {
		[FIG_IOPS] = "IOPS", [FIG_MB_S] = "MB/s", [FIG_LAT_MEAN] = "mean",
		[FIG_LAT_P99] = "p99", [FIG_LAT_MAX] = "max",
	};
	char a[32], b[32], c[32], d[32], e[32];
	const struct ssdk_spread *f;
	unsigned int i;

	if (!done)
		return;
	printf("\nover %u repetition%s %10s %12s %12s %27s\n", done, done == 1 ? " " : "s",
	       "mean", "min", "max", "95% interval of the mean");
	for (i = 0; i < NR_FIGS; i++) {
		f = &s->fig[i];
		if (i < FIG_LAT_MEAN) {
			printf("  %-16s %12.1f %12.1f %12.1f %13.1f .. %.1f\n", names[i], f->mean,
			       f->min, f->max, f->ci_lo, f->ci_hi);
			continue;
		}
		printf("  %-16s %12s %12s %12s %13s .. %s\n", names[i],
		       ssdk_fmt_ns(a, sizeof(a), f->mean), ssdk_fmt_ns(b, sizeof(b), f->min),
		       ssdk_fmt_ns(c, sizeof(c), f->max),
		       ssdk_fmt_ns(d, sizeof(d), f->ci_lo > 0 ? f->ci_lo : 0),
		       ssdk_fmt_ns(e, sizeof(e), f->ci_hi));
	}
	if (done == 1)
		printf("  (one repetition: no spread)\n");
}

/* --- ssdk compare ------------------------------------------------------------ */

/* --- status --follow --------------------------------------------------------- */

/* A run with rounds: the round an interval ends (from 1), or 0. */
static uint32_t round_ended(const struct ssdk_run_status *st, const struct ssdk_ts_point *p)
{
	const struct ssdk_run_config *c = &st->config;
	uint64_t first, per, k;

	if (!c->rounds || !c->round_ns || !c->ts_interval_ns)
		return 0;
	first = c->ramp_ns / c->ts_interval_ns;
	per = c->round_ns / c->ts_interval_ns;
	if (p->index + 1 <= first || (p->index + 1 - first) % per)
		return 0;
	k = (p->index + 1 - first) / per;
	/* An ended run's last interval may be cut short: its count says. */
	if (k > c->rounds || (ssdk_state_ended(st->state) && k > st->rounds_done))
		return 0;
	return k;
}

static void text_interval(struct output *out, const struct ssdk_run_status *st,
			  const struct ssdk_ts_point *p)
{
	uint32_t round = round_ended(st, p);

	text_ts_row(st, p, !out->rows++);
	if (round)
		printf("%12s round %u of %u ended\n", "", round, st->config.rounds);
	fflush(stdout);
}

static void text_follow_end(struct output *out, const struct ssdk_run_status *st)
{
	printf("run %u %s%s%s\n", st->id, state_str(st->state), st->reason[0] ? ": " : "",
	       st->reason);
	if (st->config.rounds)
		text_rounds_line(st);
}

/* --- plans of several steps ------------------------------------------------------ */

static void text_dry_run(struct output *out, unsigned int runs, double seconds,
			 unsigned int untimed)
{
	printf("dry run: %u %s checked, none started, nothing written", runs,
	       runs == 1 ? "run" : "runs");
	if (runs > untimed)
		printf("; %.0f s of runs", seconds);
	if (untimed)
		printf("%s%u without a runtime", runs > untimed ? ", and " : "; ", untimed);
	printf("\n");
}

/* --- trace ------------------------------------------------------------------ */

const struct output_ops output_text = {
	.format = OUTPUT_TEXT,
	.info = text_info,
	.status = text_status,
	.statuses = text_statuses,
	.list = text_list,
	.results = text_results,
	.job = text_job,
	.started = text_started,
	.stopped = text_stopped,
	.sweep_begin = text_sweep_begin,
	.sweep_point = text_sweep_point,
	.sweep_end = text_sweep_end,
	.repeat_begin = text_repeat_begin,
	.repeat_one = text_repeat_one,
	.repeat_end = text_repeat_end,
	.dry_run = text_dry_run,
	.interval = text_interval,
	.follow_end = text_follow_end,
};
