// SPDX-License-Identifier: GPL-2.0
/*
 * A run's report. Rates are per second of the measurement window (end of
 * ramp to last measured completion), not of the wall time, so that a ramp
 * or a slow start does not dilute them. MB/s is 10^6 bytes per second, as
 * drive reviews count; MiB/s is given beside it.
 */

#include <math.h>
#include <string.h>

#include <linux/ssdk.h>

#include "hist.h"
#include "opts.h"
#include "report.h"

const double report_pcts[REPORT_NR_PCTS] = {
	1, 5, 10, 25, 50, 75, 90, 95, 99, 99.9, 99.99, 99.999, 99.9999,
};

/**
 * lat_stddev() - Sample standard deviation of an op's latencies.
 * @s: The op's statistics.
 *
 * From the exact sums: n * var = sumsq - sum^2 / n, in 128-bit integers
 * (sum < 2^64, so sum^2 fits), which avoids the cancellation of doing it
 * in floating point when the spread is small beside the mean.
 *
 * Return: The standard deviation in ns; 0 for fewer than two IOs.
 */
double lat_stddev(const struct ssdk_op_stats *s)
{
	unsigned __int128 sumsq, sq, q;

	if (s->ios < 2)
		return 0;
	sumsq = ((unsigned __int128)s->lat_sumsq_hi << 64) | s->lat_sumsq_lo;
	sq = (unsigned __int128)s->lat_sum_ns * s->lat_sum_ns;
	q = sq / s->ios;
	if (sumsq <= q)
		return 0;
	return sqrtl((long double)(sumsq - q) / (s->ios - 1));
}

void op_summarize(const struct ssdk_op_stats *s, uint64_t measured_ns,
		  const uint64_t *hist, struct op_summary *out)
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
	out->stddev = lat_stddev(s);
	out->hist = hist;
	if (!hist)
		return;
	for (i = 0; i < REPORT_NR_PCTS; i++)
		out->pct[i] = hist_percentile((const u64 *)hist, s->ios, report_pcts[i],
					      s->lat_min_ns, s->lat_max_ns);
}

/**
 * fmt_ns() - A latency for people: 850 ns, 12.34 us, 1.234 ms, 2.500 s.
 * @buf: Where it goes.
 * @size: Room in @buf.
 * @ns: The latency.
 *
 * Return: @buf.
 */
const char *fmt_ns(char *buf, size_t size, double ns)
{
	if (ns < 1e3)
		snprintf(buf, size, "%.0f ns", ns);
	else if (ns < 1e6)
		snprintf(buf, size, "%.2f us", ns / 1e3);
	else if (ns < 1e9)
		snprintf(buf, size, "%.3f ms", ns / 1e6);
	else
		snprintf(buf, size, "%.3f s", ns / 1e9);
	return buf;
}

/**
 * fmt_bytes() - A size for people, in powers of two: 4 KiB, 1.5 GiB.
 * @buf: Where it goes.
 * @size: Room in @buf.
 * @bytes: The size.
 *
 * Return: @buf.
 */
const char *fmt_bytes(char *buf, size_t size, uint64_t bytes)
{
	static const char *const units[] = { "B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB" };
	unsigned int u = 0;
	double v = bytes;

	while (v >= 1024 && u < 6) {
		v /= 1024;
		u++;
	}
	if (v == floor(v))
		snprintf(buf, size, "%.0f %s", v, units[u]);
	else
		snprintf(buf, size, "%.2f %s", v, units[u]);
	return buf;
}

/* --- JSON ------------------------------------------------------------------- */

static void json_histogram(struct json *j, const uint64_t *hist)
{
	unsigned int i;

	json_array_begin(j, "histogram", 0);
	for (i = 0; i < SSDK_HIST_NR_BUCKETS; i++) {
		if (!hist[i])
			continue;
		json_array_begin(j, NULL, JSON_INLINE);
		json_u64(j, NULL, hist_bucket_lower(i));
		json_u64(j, NULL, hist_bucket_upper(i));
		json_u64(j, NULL, hist[i]);
		json_array_end(j);
	}
	json_array_end(j);
}

/* An op's latencies: moments, percentiles and histogram. */
static void json_lat(struct json *j, const struct op_summary *o, int with_hist)
{
	char name[32];
	unsigned int i;

	json_object_begin(j, "lat_ns");
	json_u64(j, "min", o->min);
	json_u64(j, "max", o->max);
	json_double(j, "mean", o->mean);
	json_double(j, "stddev", o->stddev);
	if (with_hist) {
		json_object_begin(j, "percentiles");
		for (i = 0; o->hist && i < REPORT_NR_PCTS; i++) {
			snprintf(name, sizeof(name), "%f", report_pcts[i]);
			json_u64(j, name, o->pct[i]);
		}
		json_object_end(j);
	}
	json_object_end(j);
	if (with_hist) {
		if (o->hist) {
			json_histogram(j, o->hist);
		} else {
			json_array_begin(j, "histogram", JSON_INLINE);
			json_array_end(j);
		}
	}
}

/* An op: counts, rates, service latencies, and response ones if @resp. */
static void json_op(struct json *j, const char *key, const struct op_summary *o,
		    const struct op_summary *resp, int with_hist)
{
	json_object_begin(j, key);
	json_u64(j, "ios", o->ios);
	json_u64(j, "bytes", o->bytes);
	json_u64(j, "errors", o->errors);
	json_double(j, "iops", o->iops);
	json_double(j, "bw_bytes", o->bw_bytes);
	json_lat(j, o, with_hist);
	if (resp) {
		json_object_begin(j, "response");
		json_lat(j, resp, with_hist);
		json_object_end(j);
	}
	json_object_end(j);
}

/* The access specification beyond rw and bs: absent what does not apply. */
static void json_config_access(struct json *j, const struct ssdk_run_config *c)
{
	char buf[32];
	uint32_t i;

	if (rw_mixed(c->rw))
		json_u64(j, "rwmixread", c->rwmixread);
	if (c->nr_bs) {
		json_array_begin(j, "bssplit", JSON_INLINE);
		for (i = 0; i < c->nr_bs; i++) {
			json_array_begin(j, NULL, JSON_INLINE);
			json_u64(j, NULL, c->bs_split[i].bs);
			json_u64(j, NULL, c->bs_split[i].pct);
			json_array_end(j);
		}
		json_array_end(j);
	}
	json_u64(j, "align", c->align);
	json_u64(j, "align_offset", c->align_offset);
	json_u64(j, "stride", c->stride);
	if (config_writes(c))
		json_str(j, "pattern", pattern_str(buf, sizeof(buf), c));
	else
		json_null(j, "pattern");
	if (c->rate_iops) {
		json_u64(j, "rate_iops", c->rate_iops);
		json_str(j, "arrivals", arrivals_name(c->arrivals));
	} else {
		json_null(j, "rate_iops");
		json_null(j, "arrivals");
	}
}

static void json_config(struct json *j, const struct ssdk_run_config *c)
{
	json_object_begin(j, "config");
	json_str(j, "engine", engine_name(c->engine));
	json_bool(j, "buffered", c->buffered);
	json_u64(j, "slowest_n", c->slowest_n);
	json_u64(j, "ts_interval_ns", c->ts_interval_ns);
	json_u64(j, "capture_over_ns", c->capture_over_ns);
	json_u64(j, "max_errors", c->max_errors);
	json_bool(j, "owned", c->owned);
	json_str(j, "rw", rw_name(c->rw));
	json_u64(j, "bs", c->bs);
	json_u64(j, "iodepth", c->iodepth);
	json_u64(j, "offset", c->offset);
	json_u64(j, "span", c->span);
	json_u64(j, "runtime_ns", c->runtime_ns);
	json_u64(j, "ios", c->ios);
	json_u64(j, "ramp_ns", c->ramp_ns);
	json_u64(j, "seed", c->seed);
	if (c->cpu >= 0)
		json_i64(j, "cpu", c->cpu);
	else
		json_null(j, "cpu");
	json_config_access(j, c);
	json_object_end(j);
}

static void json_ios(struct json *j, const char *key, const struct ssdk_io_rec *ios, uint32_t n)
{
	const struct ssdk_io_rec *r;
	uint32_t i;

	json_array_begin(j, key, 0);
	for (i = 0; i < n; i++) {
		r = &ios[i];
		json_object_begin_inline(j, NULL);
		json_u64(j, "lat_ns", r->lat_ns);
		json_str(j, "op", op_name(r->op));
		json_u64(j, "offset", r->offset);
		json_u64(j, "len", r->len);
		json_u64(j, "t_ns", r->t_ns);
		json_u64(j, "cpu_submit", r->cpu_submit);
		json_u64(j, "cpu_complete", r->cpu_complete);
		json_u64(j, "inflight", r->inflight);
		json_object_end(j);
	}
	json_array_end(j);
}

static void json_ts_op(struct json *j, const char *key, const struct ssdk_ts_op *o)
{
	json_object_begin_inline(j, key);
	json_u64(j, "ios", o->ios);
	json_u64(j, "bytes", o->bytes);
	json_double(j, "mean_ns", o->ios ? (double)o->lat_sum_ns / o->ios : 0);
	json_u64(j, "max_ns", o->lat_max_ns);
	json_u64(j, "p99_ns", o->lat_p99_ns);
	json_object_end(j);
}

/**
 * report_ts_json() - One interval of a time series as a JSON object.
 * @j: The writer.
 * @st: The run's status (its interval length).
 * @p: The interval.
 */
void report_ts_json(struct json *j, const struct ssdk_run_status *st,
		    const struct ssdk_ts_point *p)
{
	uint32_t op;

	json_object_begin_inline(j, NULL);
	json_u64(j, "t_ns", (uint64_t)p->index * st->config.ts_interval_ns);
	for (op = 0; op < SSDK_LIB_NR_OPS; op++)
		json_ts_op(j, op_name(op), &p->op[op]);
	json_object_end(j);
}

static void json_timeseries(struct json *j, const struct ssdk_run_status *st,
			    const struct report_extra *x)
{
	uint32_t i;

	json_array_begin(j, "timeseries", 0);
	for (i = 0; i < x->nr_ts; i++)
		report_ts_json(j, st, &x->ts[i]);
	json_array_end(j);
}

/**
 * report_ios_text() - IO records as a table.
 * @f: Where it goes.
 * @title: What they are ("slowest", "captured").
 * @ios: The records.
 * @n: How many.
 * @max: Rows at most.
 */
void report_ios_text(FILE *f, const char *title, const struct ssdk_io_rec *ios, uint32_t n,
		     uint32_t max)
{
	const struct ssdk_io_rec *r;
	char lat[32], t[32];
	uint32_t i;

	if (n > max)
		n = max;
	fprintf(f, "\n%s %u IOs\n%5s %12s %5s %16s %8s %14s %5s %5s %8s\n", title, n, "#",
		"latency", "op", "offset", "len", "submitted at", "cpu", "done", "inflight");
	for (i = 0; i < n; i++) {
		r = &ios[i];
		fprintf(f, "%5u %12s %5s %16llu %8u %14s %5u %5u %8u\n", i + 1,
			fmt_ns(lat, sizeof(lat), r->lat_ns), op_name(r->op),
			(unsigned long long)r->offset, r->len, fmt_ns(t, sizeof(t), r->t_ns),
			r->cpu_submit, r->cpu_complete, r->inflight);
	}
}

/**
 * report_json() - A run as one JSON object.
 * @j: The writer.
 * @key: Its key in the enclosing object, or NULL.
 * @st: The run's status.
 * @hists: Its histograms by op, for results; NULLs for a status, which
 *	then has no percentiles and no histogram.
 * @x: Its slowest IOs and time series (an ended run's), or NULL: no
 *	"slowest", no "timeseries".
 */
void report_json(struct json *j, const char *key, const struct ssdk_run_status *st,
		 report_hists hists, const struct report_extra *x)
{
	int with_hist = hists && (hists[0] || hists[1]);
	int open_loop = config_open_loop(&st->config);
	struct op_summary o, r;
	unsigned int op, rs;

	json_object_begin(j, key);
	json_u64(j, "id", st->id);
	json_str(j, "state", state_name(st->state));
	json_str(j, "reason", st->reason);
	json_str(j, "target", st->config.target);
	json_u64(j, "target_size", st->target_size);
	json_u64(j, "logical_block_size", st->logical_block_size);
	json_config(j, &st->config);
	json_u64(j, "elapsed_ns", st->elapsed_ns);
	json_u64(j, "measured_ns", st->measured_ns);
	json_u64(j, "completed", st->completed);
	json_u64(j, "io_errors", st->io_errors);
	json_u64(j, "iops_now", st->iops_now);
	if (open_loop)
		json_u64(j, "late", st->late);
	for (op = 0; op < SSDK_LIB_NR_OPS; op++) {
		rs = op + SSDK_LIB_NR_OPS;
		op_summarize(&st->stats[op], st->measured_ns, with_hist ? hists[op] : NULL, &o);
		op_summarize(&st->stats[rs], st->measured_ns, with_hist ? hists[rs] : NULL, &r);
		json_op(j, op_name(op), &o, open_loop ? &r : NULL, with_hist);
	}
	if (x) {
		json_u64(j, "ts_dropped", st->ts_dropped);
		json_u64(j, "captured_dropped", st->captured_dropped);
		json_ios(j, "slowest", x->slowest, x->nr_slowest);
		json_timeseries(j, st, x);
		json_ios(j, "captured", x->captured, x->nr_captured);
	}
	json_object_end(j);
}

/* --- several runs as one ---------------------------------------------------- */

static void stats_merge(struct ssdk_op_stats *t, const struct ssdk_op_stats *s)
{
	unsigned __int128 a = ((unsigned __int128)t->lat_sumsq_hi << 64) | t->lat_sumsq_lo;
	unsigned __int128 b = ((unsigned __int128)s->lat_sumsq_hi << 64) | s->lat_sumsq_lo;

	if (s->ios && (!t->ios || s->lat_min_ns < t->lat_min_ns))
		t->lat_min_ns = s->lat_min_ns;
	if (s->lat_max_ns > t->lat_max_ns)
		t->lat_max_ns = s->lat_max_ns;
	t->ios += s->ios;
	t->bytes += s->bytes;
	t->errors += s->errors;
	t->lat_sum_ns += s->lat_sum_ns;
	a += b;
	t->lat_sumsq_hi = a >> 64;
	t->lat_sumsq_lo = (uint64_t)a;
}

static int state_ended(uint32_t state)
{
	return state != SSDK_STATE_RUNNING && state != SSDK_STATE_STOPPING;
}

/**
 * report_merge() - Add a run to the total of several.
 * @t: The total: a copy of the first run, to which the others are added.
 * @s: Another run.
 *
 * Counts and latency sums add up; minimum and maximum are the extremes;
 * the measurement window is the longest, so that the total's rates are
 * those of runs that went side by side; the state is the worst (failed,
 * then stopped) once all have ended, and running until then. The
 * configuration stays the first run's, with the iodepths added up.
 */
void report_merge(struct ssdk_run_status *t, const struct ssdk_run_status *s)
{
	unsigned int i;

	for (i = 0; i < SSDK_LIB_NR_SETS; i++)
		stats_merge(&t->stats[i], &s->stats[i]);
	t->config.iodepth += s->config.iodepth;
	t->config.cpu = SSDK_ANY_CPU;
	if (s->measured_ns > t->measured_ns)
		t->measured_ns = s->measured_ns;
	if (s->elapsed_ns > t->elapsed_ns)
		t->elapsed_ns = s->elapsed_ns;
	t->completed += s->completed;
	t->iops_now += s->iops_now;
	t->late += s->late;
	if (!state_ended(s->state) || !state_ended(t->state))
		t->state = SSDK_STATE_RUNNING;
	else if (s->state > t->state)
		t->state = s->state;
	if (!t->reason[0])
		memcpy(t->reason, s->reason, sizeof(t->reason));
}

/**
 * report_merge_hists() - Add a run's histograms to the total's.
 * @t: The total's, each ssdk_hist_buckets() counts.
 * @s: The run's.
 */
void report_merge_hists(report_hists t, report_hists s)
{
	unsigned int i, b;

	for (i = 0; i < SSDK_LIB_NR_SETS; i++)
		for (b = 0; t[i] && s[i] && b < SSDK_HIST_NR_BUCKETS; b++)
			t[i][b] += s[i][b];
}

/* --- text ------------------------------------------------------------------- */

static void text_header(FILE *f, const struct ssdk_run_status *st)
{
	const struct ssdk_run_config *c = &st->config;
	char bs[32], span[32], off[32], size[32], t[32], ramp[32];

	fprintf(f, "run %u on %s: %s, %s blocks, iodepth %u, %s%s%s\n", st->id,
		c->target, rw_name(c->rw), fmt_bytes(bs, sizeof(bs), c->bs), c->iodepth,
		state_name(st->state), st->reason[0] ? ": " : "", st->reason);
	fprintf(f, "span %s at offset %s of %s; ",
		fmt_bytes(span, sizeof(span), c->span ? c->span : st->target_size - c->offset),
		fmt_bytes(off, sizeof(off), c->offset),
		fmt_bytes(size, sizeof(size), st->target_size));
	if (c->runtime_ns)
		fprintf(f, "runtime %s, ", fmt_ns(t, sizeof(t), c->runtime_ns));
	if (c->ios)
		fprintf(f, "%llu IOs, ", (unsigned long long)c->ios);
	fprintf(f, "ramp %s; seed %llu", fmt_ns(ramp, sizeof(ramp), c->ramp_ns),
		(unsigned long long)c->seed);
	if (c->cpu >= 0)
		fprintf(f, "; cpu %d", c->cpu);
	fprintf(f, "\nmeasured %s of %s; %llu IOs completed, ramp included\n",
		fmt_ns(t, sizeof(t), st->measured_ns), fmt_ns(ramp, sizeof(ramp), st->elapsed_ns),
		(unsigned long long)st->completed);
}

/* One row of the latency table: a label and a value per set shown. */
static void text_lat_row(FILE *f, const char *label, const struct op_summary *o,
			 const int *shown, int which, unsigned int pct)
{
	char buf[32];
	unsigned int set;
	double v;

	fprintf(f, "  %-12s", label);
	for (set = 0; set < SSDK_LIB_NR_SETS; set++) {
		if (!shown[set])
			continue;
		switch (which) {
		case 0:
			v = o[set].min;
			break;
		case 1:
			v = o[set].mean;
			break;
		case 2:
			v = o[set].stddev;
			break;
		case 3:
			v = o[set].max;
			break;
		default:
			v = o[set].pct[pct];
		}
		fprintf(f, " %14s", o[set].ios ? fmt_ns(buf, sizeof(buf), v) : "-");
	}
	fputc('\n', f);
}

/* The access specification beyond the header's first line, when not plain. */
static void text_access(FILE *f, const struct ssdk_run_config *c, uint64_t late)
{
	char buf[32];
	uint32_t i;

	if (c->engine)
		fprintf(f, "engine %s%s\n", engine_name(c->engine), c->buffered ? ", buffered" : "");
	if (rw_mixed(c->rw))
		fprintf(f, "mix %u%% reads\n", c->rwmixread);
	if (c->nr_bs) {
		fprintf(f, "block sizes");
		for (i = 0; i < c->nr_bs; i++)
			fprintf(f, " %s/%u%%", fmt_bytes(buf, sizeof(buf), c->bs_split[i].bs),
				c->bs_split[i].pct);
		fputc('\n', f);
	}
	if (c->align_offset || (c->align && c->align != c->bs && !c->nr_bs))
		fprintf(f, "aligned to %u bytes, %u past\n", c->align, c->align_offset);
	if (c->stride)
		fprintf(f, "stride %llu bytes\n", (unsigned long long)c->stride);
	if (config_writes(c))
		fprintf(f, "data %s\n", pattern_str(buf, sizeof(buf), c));
	if (c->rate_iops)
		fprintf(f, "rate %u IOPS, %s arrivals%s", c->rate_iops, arrivals_name(c->arrivals),
			config_open_loop(c) ? "" : "\n");
	if (config_open_loop(c))
		fprintf(f, "; %llu IOs found no free slot when due\n", (unsigned long long)late);
}

/**
 * report_text() - A run's summary as tables.
 * @f: Where it goes.
 * @st: The run's status.
 * @hists: Its histograms by set (for the percentiles), or NULLs.
 */
void report_text(FILE *f, const struct ssdk_run_status *st, report_hists hists)
{
	static const char *const moments[] = { "min", "mean", "stddev", "max" };
	static const char *const columns[] = { "read", "write", "read resp", "write resp" };
	unsigned int nr_sets = config_open_loop(&st->config) ? SSDK_LIB_NR_SETS : SSDK_LIB_NR_OPS;
	struct op_summary o[SSDK_LIB_NR_SETS];
	int shown[SSDK_LIB_NR_SETS] = { 0 }, any = 0;
	unsigned int op, i;
	char label[32];

	text_header(f, st);
	text_access(f, &st->config, st->late);
	for (i = 0; i < nr_sets; i++) {
		op_summarize(&st->stats[i], st->measured_ns, hists ? hists[i] : NULL, &o[i]);
		shown[i] = o[i].ios || o[i].errors;
		any |= shown[i];
	}
	if (!any) {
		fprintf(f, "\nno IO completed in the measurement window\n");
		return;
	}
	fprintf(f, "\n  %-8s %12s %10s %10s %12s %8s\n", "op", "IOPS", "MB/s", "MiB/s", "IOs", "errors");
	for (op = 0; op < SSDK_LIB_NR_OPS; op++)
		if (shown[op])
			fprintf(f, "  %-8s %12.1f %10.2f %10.2f %12llu %8llu\n", op_name(op),
				o[op].iops, o[op].bw_bytes / 1e6, o[op].bw_bytes / 1048576,
				(unsigned long long)o[op].ios, (unsigned long long)o[op].errors);

	fprintf(f, "\n  %-12s", "latency");
	for (i = 0; i < SSDK_LIB_NR_SETS; i++)
		if (shown[i])
			fprintf(f, " %14s", columns[i]);
	fputc('\n', f);
	for (i = 0; i < 4; i++)
		text_lat_row(f, moments[i], o, shown, i, 0);
	if (!hists || !(hists[0] || hists[1]))
		return;
	for (i = 0; i < REPORT_NR_PCTS; i++) {
		snprintf(label, sizeof(label), "p%g", report_pcts[i]);
		text_lat_row(f, label, o, shown, 4, i);
	}
}

/**
 * report_progress() - One line of a running run's progress.
 * @f: Where it goes (a terminal: the line is redrawn with \r).
 * @st: The run's status.
 */
void report_progress(FILE *f, const struct ssdk_run_status *st)
{
	uint64_t ios = 0, sum = 0, max = 0;
	char mean[32], mx[32];
	unsigned int op;

	for (op = 0; op < SSDK_LIB_NR_OPS; op++) {
		ios += st->stats[op].ios;
		sum += st->stats[op].lat_sum_ns;
		if (st->stats[op].lat_max_ns > max)
			max = st->stats[op].lat_max_ns;
	}
	fprintf(f, "\r[run %u %s] %.1f s  %llu IOPS  %.2f MB/s  mean %s  max %s\033[K",
		st->id, state_name(st->state), st->elapsed_ns / 1e9,
		(unsigned long long)st->iops_now, st->iops_now * (double)st->config.bs / 1e6,
		ios ? fmt_ns(mean, sizeof(mean), (double)sum / ios) : "-",
		ios ? fmt_ns(mx, sizeof(mx), max) : "-");
	fflush(f);
}

/**
 * report_list() - One line per run.
 * @f: Where it goes.
 * @runs: The runs.
 * @n: How many.
 */
void report_list(FILE *f, const struct ssdk_run_status *runs, unsigned int n)
{
	char bs[32], t[32];
	unsigned int i;

	fprintf(f, "%4s  %-8s  %-9s  %8s  %4s  %10s  %12s  %s\n", "id", "state", "rw", "bs",
		"qd", "elapsed", "completed", "target");
	for (i = 0; i < n; i++)
		fprintf(f, "%4u  %-8s  %-9s  %8s  %4u  %10s  %12llu  %s\n", runs[i].id,
			state_name(runs[i].state), rw_name(runs[i].config.rw),
			fmt_bytes(bs, sizeof(bs), runs[i].config.bs), runs[i].config.iodepth,
			fmt_ns(t, sizeof(t), runs[i].elapsed_ns),
			(unsigned long long)runs[i].completed, runs[i].config.target);
}

/* --- time series ------------------------------------------------------------ */

/* An interval's two ops as one. */
static void ts_sum(const struct ssdk_ts_point *p, struct ssdk_ts_op *o)
{
	unsigned int op;

	memset(o, 0, sizeof(*o));
	for (op = 0; op < SSDK_LIB_NR_OPS; op++) {
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
 * report_ts_row() - One interval of a run's time series as a table row.
 * @f: Where it goes.
 * @st: The run's status (its interval length).
 * @p: The interval.
 * @header: Print the header first.
 */
void report_ts_row(FILE *f, const struct ssdk_run_status *st, const struct ssdk_ts_point *p,
		   int header)
{
	double secs = st->config.ts_interval_ns / 1e9;
	char t[32], mean[32], p99[32], mx[32];
	struct ssdk_ts_op o;

	if (header)
		fprintf(f, "%12s %12s %10s %12s %12s %12s\n", "from", "IOPS", "MB/s", "mean",
			"p99", "max");
	ts_sum(p, &o);
	fprintf(f, "%12s %12.1f %10.2f %12s %12s %12s\n",
		fmt_ns(t, sizeof(t), (double)p->index * st->config.ts_interval_ns),
		o.ios / secs, o.bytes / secs / 1e6,
		o.ios ? fmt_ns(mean, sizeof(mean), (double)o.lat_sum_ns / o.ios) : "-",
		o.ios ? fmt_ns(p99, sizeof(p99), o.lat_p99_ns) : "-",
		o.ios ? fmt_ns(mx, sizeof(mx), o.lat_max_ns) : "-");
}

#define SPARK_COLUMNS	64

/* One sparkline of @v (n values): eight heights, log scale when @logs. */
static void sparkline(FILE *f, const char *name, const double *v, unsigned int n, int logs)
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
	fprintf(f, "%-6s ", name);
	for (i = 0; i < n; i++) {
		x = logs ? log10(v[i] > 1 ? v[i] : 1) : v[i];
		h = hi > lo ? (unsigned int)((x - lo) / (hi - lo) * 7 + 0.5) : 0;
		fputs(bars[h], f);
	}
	fputc('\n', f);
}

/* Intervals as at most SPARK_COLUMNS columns: IOPS and max latency. */
static void ts_sparklines(FILE *f, const struct ssdk_run_status *st, const struct report_extra *x)
{
	unsigned int per = (x->nr_ts + SPARK_COLUMNS - 1) / SPARK_COLUMNS, cols, c, i;
	double iops[SPARK_COLUMNS] = { 0 }, mx[SPARK_COLUMNS] = { 0 };
	double secs = st->config.ts_interval_ns / 1e9;
	char lo[32], hi[32];
	struct ssdk_ts_op o;
	uint64_t top = 0, bottom = UINT64_MAX;

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
	fprintf(f, "%u intervals of %s, %u per column\n", x->nr_ts,
		fmt_ns(lo, sizeof(lo), st->config.ts_interval_ns), per);
	sparkline(f, "IOPS", iops, cols, 0);
	sparkline(f, "max", mx, cols, 1);
	if (top)
		fprintf(f, "%-6s log scale, %s .. %s\n", "", fmt_ns(lo, sizeof(lo), bottom),
			fmt_ns(hi, sizeof(hi), top));
}

/**
 * report_ts_text() - A run's time series, compact: a row per interval up
 * to 40 of them, sparklines beyond; and the interval with the worst IO.
 * @f: Where it goes.
 * @st: The run's status.
 * @x: Its time series.
 */
void report_ts_text(FILE *f, const struct ssdk_run_status *st, const struct report_extra *x)
{
	const struct ssdk_ts_point *worst = &x->ts[0];
	char t0[32], t1[32], mx[32], p99[32];
	struct ssdk_ts_op o, w;
	uint32_t i;

	if (!x->nr_ts)
		return;
	ts_sum(worst, &w);
	fprintf(f, "\ntime series (by completion time, from the run's start)\n");
	if (x->nr_ts <= 40)
		for (i = 0; i < x->nr_ts; i++)
			report_ts_row(f, st, &x->ts[i], !i);
	else
		ts_sparklines(f, st, x);
	for (i = 1; i < x->nr_ts; i++) {
		ts_sum(&x->ts[i], &o);
		if (o.lat_max_ns > w.lat_max_ns) {
			worst = &x->ts[i];
			w = o;
		}
	}
	fprintf(f, "worst interval: %s to %s, max %s, p99 %s, %llu IOs\n",
		fmt_ns(t0, sizeof(t0), (double)worst->index * st->config.ts_interval_ns),
		fmt_ns(t1, sizeof(t1), (double)(worst->index + 1) * st->config.ts_interval_ns),
		fmt_ns(mx, sizeof(mx), w.lat_max_ns), fmt_ns(p99, sizeof(p99), w.lat_p99_ns),
		(unsigned long long)w.ios);
	if (st->ts_dropped)
		fprintf(f, "%llu IOs completed past the last interval kept (ts_max_points)\n",
			(unsigned long long)st->ts_dropped);
}

/**
 * report_captured_line() - How many IOs the threshold capture kept.
 * @f: Where it goes.
 * @st: The run's status.
 */
void report_captured_line(FILE *f, const struct ssdk_run_status *st)
{
	char over[32];

	fprintf(f, "captured %u IOs of %s or more", st->captured_count,
		fmt_ns(over, sizeof(over), st->config.capture_over_ns));
	if (st->captured_dropped)
		fprintf(f, "; %llu more found the capture full (capture_max)",
			(unsigned long long)st->captured_dropped);
	fputc('\n', f);
}
