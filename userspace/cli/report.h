/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What a run's numbers mean: IOPS, bandwidth, latency moments and
 * percentiles from the module's counters and histograms, printed as the
 * JSON schema of Documentation/userspace/json.rst or as text tables.
 */
#ifndef _SSDK_REPORT_H
#define _SSDK_REPORT_H

#include <stdint.h>
#include <stdio.h>

#include "json.h"
#include "libssdk.h"

#define REPORT_NR_PCTS	13

extern const double report_pcts[REPORT_NR_PCTS];

/**
 * struct op_summary - One op's measured IOs, summed up.
 * @ios: IOs completed without error.
 * @bytes: Their bytes.
 * @errors: IOs completed with an error.
 * @iops: @ios per second of the measurement window.
 * @bw_bytes: @bytes per second of the measurement window.
 * @min: Smallest latency, ns.
 * @max: Largest latency, ns.
 * @mean: Mean latency, ns.
 * @stddev: Sample standard deviation of the latencies, ns.
 * @pct: Latency at each of report_pcts, ns; when @hist is set.
 * @hist: The histogram the percentiles come from, or NULL.
 */
struct op_summary {
	uint64_t ios;
	uint64_t bytes;
	uint64_t errors;
	double iops;
	double bw_bytes;
	uint64_t min;
	uint64_t max;
	double mean;
	double stddev;
	uint64_t pct[REPORT_NR_PCTS];
	const uint64_t *hist;
};

/**
 * struct report_extra - What an ended run's results have beyond a status.
 * @slowest: Its slowest IOs, slowest first, as ssdk_slowest_get() gives.
 * @nr_slowest: How many.
 * @ts: Its time series, as ssdk_timeseries_get() gives.
 * @nr_ts: Intervals in @ts.
 * @captured: The IOs it captured over its threshold, in completion order.
 * @nr_captured: How many.
 */
struct report_extra {
	struct ssdk_io_rec *slowest;
	uint32_t nr_slowest;
	struct ssdk_ts_point *ts;
	uint32_t nr_ts;
	struct ssdk_io_rec *captured;
	uint32_t nr_captured;
};

/* Histograms of a run by set, or NULLs for a status without them. */
typedef uint64_t *report_hists[SSDK_LIB_NR_SETS];

double lat_stddev(const struct ssdk_op_stats *s);
void op_summarize(const struct ssdk_op_stats *s, uint64_t measured_ns,
		  const uint64_t *hist, struct op_summary *out);
const char *fmt_ns(char *buf, size_t size, double ns);
const char *fmt_bytes(char *buf, size_t size, uint64_t bytes);

void report_json(struct json *j, const char *key, const struct ssdk_run_status *st,
		 report_hists hists, const struct report_extra *x);
void report_ios_text(FILE *f, const char *title, const struct ssdk_io_rec *ios, uint32_t n,
		     uint32_t max);
void report_captured_line(FILE *f, const struct ssdk_run_status *st);
void report_ts_json(struct json *j, const struct ssdk_run_status *st,
		    const struct ssdk_ts_point *p);
void report_ts_text(FILE *f, const struct ssdk_run_status *st, const struct report_extra *x);
void report_ts_row(FILE *f, const struct ssdk_run_status *st, const struct ssdk_ts_point *p,
		   int header);
void report_merge(struct ssdk_run_status *t, const struct ssdk_run_status *s);
void report_merge_hists(report_hists t, report_hists s);
void report_text(FILE *f, const struct ssdk_run_status *st, report_hists hists);
void report_progress(FILE *f, const struct ssdk_run_status *st);
void report_list(FILE *f, const struct ssdk_run_status *runs, unsigned int n);

#endif /* _SSDK_REPORT_H */
