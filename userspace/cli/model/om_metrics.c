// SPDX-License-Identifier: GPL-2.0
/*
 * Runs as Prometheus metrics (om_metrics.h), for the OpenMetrics and
 * Prometheus text backends (out_openmetrics.c) and the textfile collector
 * mode of ssdk ctl status (textfile.c). The families and their samples
 * are built once here; a dialect changes only how a family is declared.
 *
 * Every family's samples come together, run after run, as both formats
 * require (a family's lines may not be interleaved with another's).
 * Units are Prometheus's base units: seconds and bytes. Counts, bytes and
 * the latency histogram's buckets, _count and _sum are exact integers or
 * exact decimals of integer nanoseconds, never rounded through a double;
 * only the rates (gauges) are doubles.
 */

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include <linux/ssdk.h>

#include "hist.h"
#include "om_metrics.h"
#include "rules.h"
#include "values.h"

/* The kinds of samples a family has: the OpenMetrics types. */
enum om_type {
	OM_COUNTER,
	OM_GAUGE,
	OM_INFO,
	OM_STATESET,
	OM_HISTOGRAM,
};

/* Each type's name in OpenMetrics, in Prometheus text, and its sample's suffix. */
static const struct {
	const char *om;
	const char *prom;
	const char *suffix;
} om_types[] = {
	[OM_COUNTER] = { "counter", "counter", "_total" },
	[OM_GAUGE] = { "gauge", "gauge", "" },
	[OM_INFO] = { "info", "gauge", "_info" },
	[OM_STATESET] = { "stateset", "gauge", "" },
	[OM_HISTOGRAM] = { "histogram", "histogram", "" },
};

/**
 * om_runs_of() - Runs labelled by their ids, for om_write().
 * @o: Filled in; free with om_runs_free(), whatever this returns.
 * @r: The runs.
 * @n: How many.
 * @room: Entries of @o->runs after the @n runs', for the caller to fill
 *	(a job's total).
 *
 * Return: 0 or -ENOMEM.
 */
int om_runs_of(struct om_runs *o, const struct run_result *r, unsigned int n, unsigned int room)
{
	unsigned int i;

	o->runs = calloc(n + room ? n + room : 1, sizeof(*o->runs));
	o->ids = calloc(n ? n : 1, sizeof(*o->ids));
	if (!o->runs || !o->ids)
		return -ENOMEM;
	for (i = 0; i < n; i++) {
		snprintf(o->ids[i], sizeof(o->ids[i]), "%u", r[i].st.id);
		o->runs[i] = (struct om_run){ .r = &r[i], .label = o->ids[i] };
	}
	return 0;
}

/**
 * om_runs_free() - Free what om_runs_of() allocated.
 * @o: The runs; emptied.
 */
void om_runs_free(struct om_runs *o)
{
	free(o->runs);
	free(o->ids);
	o->runs = NULL;
	o->ids = NULL;
}

/**
 * om_le_buckets() - The log-linear buckets whose upper edges are the `le`s.
 * @idx: Filled in with bucket indices, ascending.
 * @max: Room in @idx.
 *
 * The bucket that holds each 1-2-5 value from OM_LE_FIRST_NS to
 * OM_LE_LAST_NS (1, 2, 5 us, 10, 20, 50 us ... 10 s). Its upper edge,
 * hist_bucket_upper(), is at most 1/256 above the value: the `le` of
 * 1 ms is 0.001001471 s. Because a latency goes to exactly one bucket
 * and buckets are contiguous ranges of integer nanoseconds, the IOs with
 * a latency <= the upper edge of bucket i are exactly those of buckets
 * 0..i: the cumulative count at each `le` is a sum of recorded counts,
 * not an estimate. A round value itself (1 ms) is not an edge in
 * general, so it could not be an `le` without splitting a bucket.
 *
 * Return: The number of buckets, OM_NR_LE when @max allows.
 */
unsigned int om_le_buckets(unsigned int *idx, unsigned int max)
{
	static const unsigned int mantissas[] = { 1, 2, 5 };
	unsigned int n = 0, m, i;
	uint64_t decade, v;

	for (decade = OM_LE_FIRST_NS; decade <= OM_LE_LAST_NS; decade *= 10) {
		for (m = 0; m < ARRAY_SIZE(mantissas); m++) {
			v = decade * mantissas[m];
			if (v > OM_LE_LAST_NS || n == max)
				return n;
			i = hist_bucket_index(v);
			if (!n || i > idx[n - 1])
				idx[n++] = i;
		}
	}
	return n;
}

/**
 * om_seconds() - Nanoseconds as seconds, exactly, in decimal.
 * @buf: Room for OM_SECONDS_LEN characters.
 * @ns: The value.
 *
 * Integer seconds, a point and the nanoseconds without their trailing
 * zeros ("0.000001001", "3.5", "2.0"): what the value is, without the
 * rounding of a double's printing.
 *
 * Return: @buf.
 */
const char *om_seconds(char *buf, uint64_t ns)
{
	int len = snprintf(buf, OM_SECONDS_LEN, "%" PRIu64 ".%09" PRIu64, ns / 1000000000,
			   ns % 1000000000);

	while (len > 2 && buf[len - 1] == '0' && buf[len - 2] != '.')
		buf[--len] = '\0';
	return buf;
}

/* A label value, escaped: backslash, double quote and line feed. */
static void om_escaped(FILE *f, const char *s)
{
	for (; *s; s++) {
		if (*s == '\\' || *s == '"')
			fputc('\\', f);
		if (*s == '\n')
			fputs("\\n", f);
		else
			fputc(*s, f);
	}
}

/* A family's HELP and TYPE lines (and UNIT, in OpenMetrics). */
static void om_family(FILE *f, enum om_dialect d, const char *name, enum om_type type,
		      const char *unit, const char *help)
{
	const char *suffix = d == OM_PROMETHEUS ? om_types[type].suffix : "";

	fprintf(f, "# HELP %s%s %s\n", name, suffix, help);
	fprintf(f, "# TYPE %s%s %s\n", name, suffix,
		d == OM_PROMETHEUS ? om_types[type].prom : om_types[type].om);
	if (unit && d == OM_OPENMETRICS)
		fprintf(f, "# UNIT %s %s\n", name, unit);
}

/*
 * A sample's name and labels up to the value, without the closing brace:
 * the run's, then the op's and the kind's when given (< 0: none).
 */
static void om_sample(FILE *f, const char *name, const char *suffix, const struct om_run *run,
		      int op, int kind)
{
	fprintf(f, "%s%s{run=\"", name, suffix);
	om_escaped(f, run->label);
	fputs("\",target=\"", f);
	om_escaped(f, run->r->st.config.target);
	fputc('"', f);
	if (op >= 0)
		fprintf(f, ",op=\"%s\"", enum_name(SSDK_SPEC_ENUM_OP, op));
	if (kind >= 0)
		fprintf(f, ",kind=\"%s\"", enum_name(SSDK_SPEC_ENUM_LAT_KIND, kind));
}

/*
 * The run's configuration as labels, named as the spec names its
 * attributes ('_' for '-', as in the JSON). What a run does not use
 * (a mix's rwmixread, a rate's arrivals) is left out.
 */
static void om_config_label(FILE *f, uint32_t attr, const char *value)
{
	const struct ssdk_spec_attr *a = ssdk_spec_attr(SSDK_SPEC_SET_RUN, attr);
	const char *p;

	fputc(',', f);
	for (p = a ? a->name : "unknown"; *p; p++)
		fputc(*p == '-' ? '_' : *p, f);
	fputs("=\"", f);
	om_escaped(f, value);
	fputc('"', f);
}

static void om_config_u64(FILE *f, uint32_t attr, uint64_t v)
{
	char buf[24];

	snprintf(buf, sizeof(buf), "%" PRIu64, v);
	om_config_label(f, attr, buf);
}

static void om_info(FILE *f, const struct om_run *run)
{
	const struct run_result *r = run->r;
	const struct ssdk_run_config *c = &r->st.config;
	char buf[32];

	om_sample(f, "ssdk_run", "_info", run, -1, -1);
	om_config_label(f, SSDK_A_RUN_ENGINE, r->engine ? r->engine :
			enum_name(SSDK_SPEC_ENUM_ENGINE, c->engine));
	om_config_label(f, SSDK_A_RUN_RW, enum_name(SSDK_SPEC_ENUM_RW, c->rw));
	if (ssdk_rw_mixed(c->rw))
		om_config_u64(f, SSDK_A_RUN_RWMIXREAD, c->rwmixread);
	om_config_u64(f, SSDK_A_RUN_BS, c->bs);
	om_config_u64(f, SSDK_A_RUN_IODEPTH, c->iodepth);
	om_config_u64(f, SSDK_A_RUN_WORKERS, c->workers ? c->workers : 1);
	om_config_u64(f, SSDK_A_RUN_OFFSET, c->offset);
	om_config_u64(f, SSDK_A_RUN_SPAN, c->span);
	om_config_u64(f, SSDK_A_RUN_RUNTIME_NS, c->runtime_ns);
	om_config_u64(f, SSDK_A_RUN_RAMP_NS, c->ramp_ns);
	om_config_u64(f, SSDK_A_RUN_IOS, c->ios);
	if (ssdk_rw_writes(c->rw, c->rwmixread))
		om_config_label(f, SSDK_A_RUN_PATTERN, ssdk_pattern_str(buf, sizeof(buf), c));
	if (c->rate_iops) {
		om_config_u64(f, SSDK_A_RUN_RATE_IOPS, c->rate_iops);
		om_config_label(f, SSDK_A_RUN_ARRIVALS,
				enum_name(SSDK_SPEC_ENUM_ARRIVALS, c->arrivals));
	}
	om_config_u64(f, SSDK_A_RUN_POLLED, c->polled);
	om_config_u64(f, SSDK_A_RUN_BUFFERED, c->buffered);
	fputs("} 1\n", f);
}

/* The run's state: a sample per state the spec names, 1 for the run's. */
static void om_state(FILE *f, const struct om_run *run)
{
	const struct ssdk_spec_enum *e = ssdk_spec_enum(SSDK_SPEC_ENUM_STATE);
	uint32_t i;

	for (i = 0; i < e->nr; i++) {
		om_sample(f, "ssdk_run_state", "", run, -1, -1);
		fprintf(f, ",ssdk_run_state=\"%s\"} %d\n", e->names[i], i == run->r->st.state);
	}
}

/* A double of a gauge: as many digits as tell it apart from its neighbours. */
static void om_double(FILE *f, double v)
{
	fprintf(f, "} %.17g\n", v);
}

/*
 * One histogram: a bucket per `le`, +Inf, _count (the +Inf bucket, as
 * both formats require) and _sum (the exact sum of the latencies the
 * counters kept).
 */
static void om_histogram(FILE *f, const struct om_run *run, unsigned int op, unsigned int kind,
			 const unsigned int *le, unsigned int nr_le)
{
	const unsigned int set = op + kind * SSDK_NR_OPS;
	const uint64_t *hist = run->r->hists[set];
	unsigned int i, k, nr = ssdk_hist_buckets();
	char secs[OM_SECONDS_LEN];
	uint64_t cum = 0;

	for (i = 0, k = 0; k <= nr_le; k++) {
		for (; i < nr && (k == nr_le || i <= le[k]); i++)
			cum += hist[i];
		om_sample(f, "ssdk_latency_seconds", "_bucket", run, op, kind);
		fprintf(f, ",le=\"%s\"} %" PRIu64 "\n",
			k < nr_le ? om_seconds(secs, hist_bucket_upper(le[k])) : "+Inf", cum);
	}
	om_sample(f, "ssdk_latency_seconds", "_count", run, op, kind);
	fprintf(f, "} %" PRIu64 "\n", cum);
	om_sample(f, "ssdk_latency_seconds", "_sum", run, op, kind);
	fprintf(f, "} %s\n", om_seconds(secs, run->r->st.stats[set].lat_sum_ns));
}

/* Which figure of an op a per-op family shows. */
enum om_op_figure {
	OM_IOS,
	OM_BYTES,
	OM_ERRORS,
	OM_IOPS,
	OM_BW,
};

static const struct {
	const char *name;
	enum om_type type;
	const char *unit;
	const char *help;
} om_op_families[] = {
	[OM_IOS] = { "ssdk_ios", OM_COUNTER, NULL,
		     "IOs completed without error in the measurement window (ramp excluded)." },
	[OM_BYTES] = { "ssdk_io_bytes", OM_COUNTER, "bytes",
		       "Bytes of the IOs completed without error in the measurement window." },
	[OM_ERRORS] = { "ssdk_io_errors", OM_COUNTER, NULL,
			"IOs completed with an error in the measurement window." },
	[OM_IOPS] = { "ssdk_iops", OM_GAUGE, NULL,
		      "Average IOs per second over the measurement window so far." },
	[OM_BW] = { "ssdk_throughput_bytes_per_second", OM_GAUGE, "bytes_per_second",
		    "Average bytes per second over the measurement window so far." },
};

static void om_op_figure(FILE *f, const struct om_run *run, unsigned int op,
			 enum om_op_figure fig)
{
	const struct ssdk_run_status *st = &run->r->st;
	struct op_summary o;

	om_sample(f, om_op_families[fig].name, om_types[om_op_families[fig].type].suffix, run, op,
		  -1);
	op_summarize(&st->stats[op], st->measured_ns, NULL, &o);
	switch (fig) {
	case OM_IOS:
		fprintf(f, "} %" PRIu64 "\n", o.ios);
		break;
	case OM_BYTES:
		fprintf(f, "} %" PRIu64 "\n", o.bytes);
		break;
	case OM_ERRORS:
		fprintf(f, "} %" PRIu64 "\n", o.errors);
		break;
	case OM_IOPS:
		om_double(f, o.iops);
		break;
	case OM_BW:
		om_double(f, o.bw_bytes);
		break;
	}
}

/**
 * om_write() - Runs as metrics.
 * @f: Where to.
 * @d: The dialect.
 * @runs: The runs; their "run" labels must differ.
 * @n: How many (0: the families' declarations alone).
 *
 * Every op of every run has its series, zero when it did no IO, so that
 * a run's series do not come and go. The latency histogram has a series
 * per op and latency kind the run measures (service; response and
 * lateness for an open loop; the stages with anatomy), for runs that have
 * their histograms.
 */
void om_write(FILE *f, enum om_dialect d, const struct om_run *runs, unsigned int n)
{
	unsigned int le[OM_NR_LE], nr_le = om_le_buckets(le, OM_NR_LE);
	char secs[OM_SECONDS_LEN];
	unsigned int i, op, kind, fig;

	om_family(f, d, "ssdk_run", OM_INFO, NULL,
		  "A run of ssdk.ko: its configuration, as ssdk ctl run took it.");
	for (i = 0; i < n; i++)
		om_info(f, &runs[i]);
	om_family(f, d, "ssdk_run_state", OM_STATESET, NULL, "The state of a run.");
	for (i = 0; i < n; i++)
		om_state(f, &runs[i]);
	om_family(f, d, "ssdk_run_elapsed_seconds", OM_GAUGE, "seconds",
		  "Time since the run started, its ramp included.");
	for (i = 0; i < n; i++) {
		om_sample(f, "ssdk_run_elapsed_seconds", "", &runs[i], -1, -1);
		fprintf(f, "} %s\n", om_seconds(secs, runs[i].r->st.elapsed_ns));
	}
	om_family(f, d, "ssdk_run_measured_seconds", OM_GAUGE, "seconds",
		  "The measurement window so far: from the end of the ramp to the last completion.");
	for (i = 0; i < n; i++) {
		om_sample(f, "ssdk_run_measured_seconds", "", &runs[i], -1, -1);
		fprintf(f, "} %s\n", om_seconds(secs, runs[i].r->st.measured_ns));
	}
	om_family(f, d, "ssdk_run_current_iops", OM_GAUGE, NULL,
		  "IOs per second over the last second, reads and writes; 0 once the run has ended.");
	for (i = 0; i < n; i++) {
		om_sample(f, "ssdk_run_current_iops", "", &runs[i], -1, -1);
		fprintf(f, "} %" PRIu64 "\n", runs[i].r->st.iops_now);
	}
	for (fig = 0; fig < ARRAY_SIZE(om_op_families); fig++) {
		om_family(f, d, om_op_families[fig].name, om_op_families[fig].type,
			  om_op_families[fig].unit, om_op_families[fig].help);
		for (i = 0; i < n; i++)
			for (op = 0; op < SSDK_NR_OPS; op++)
				om_op_figure(f, &runs[i], op, fig);
	}
	om_family(f, d, "ssdk_latency_seconds", OM_HISTOGRAM, "seconds",
		  "Latency of the IOs completed without error, by op and kind; le: the upper edges of log-linear buckets, exact.");
	for (i = 0; i < n; i++)
		for (op = 0; op < SSDK_NR_OPS; op++)
			for (kind = 0; kind <= SSDK_LAT_KIND_MAX; kind++)
				if (result_kind_kept(runs[i].r, kind) &&
				    runs[i].r->hists[op + kind * SSDK_NR_OPS])
					om_histogram(f, &runs[i], op, kind, le, nr_le);
	if (d == OM_OPENMETRICS)
		fputs("# EOF\n", f);
}
