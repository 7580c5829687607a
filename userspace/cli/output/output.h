/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The output backends: one per format behind one table of operations,
 * chosen once, when a command's options have been read (args.c): text
 * (out_text.c), JSON (out_json.c, Documentation/userspace/json.rst) or
 * CSV (out_csv.c: results only), or metrics, OpenMetrics or Prometheus
 * text (out_openmetrics.c: results and status). Commands say what to
 * print; a backend decides how.
 */
#ifndef _SSDK_OUTPUT_H
#define _SSDK_OUTPUT_H

#include <stdint.h>

#include "json.h"
#include "profiles.h"
#include "steps.h"
#include "summary.h"
#include "trace_make.h"
#include "trace_record.h"

/* What the results of a run show beyond the summary, in text. */
#define RESULTS_SLOWEST		1	/* the table of the slowest IOs */
#define RESULTS_TEXT		2	/* the compact investigation view */
#define RESULTS_CAPTURED	4	/* the IOs captured over the threshold */

#define COMPARE_MAX_ENGINES	8
/* compare.c's pairs of engines that isolate a layer, and one per engine. */
#define COMPARE_MAX_DIFFS	(10 + COMPARE_MAX_ENGINES)
/* An engine that kept fewer IOs in flight than asked, by this share, is flagged. */
#define COMPARE_SUSTAINED_PCT	90

/**
 * struct compare_row - One engine of ssdk compare at one iodepth.
 * @name: The engine, as --engines names it.
 * @r: Its run; its histograms are freed once its point is printed.
 * @o: Its IOs, reads and writes together, summed up.
 * @hist: The histogram of @o.
 * @achieved_qd: IOs in flight on average, by Little's law: IOPS times the
 *	mean latency.
 * @short_qd: @achieved_qd is below COMPARE_SUSTAINED_PCT of the iodepth
 *	asked: the engine did not keep the queue full, and its latencies
 *	are not those of the depth asked.
 */
struct compare_row {
	const char *name;
	struct run_result r;
	struct op_summary o;
	uint64_t *hist;
	double achieved_qd;
	int short_qd;
};

/**
 * struct compare_diff - One difference of ssdk compare: a layer's cost.
 * @a: The row subtracted from.
 * @b: The row subtracted.
 * @layer: What the difference isolates ("filesystem").
 * @d: Mean, p50, p99 and p99.9 of @a minus those of @b, ns.
 */
struct compare_diff {
	unsigned int a;
	unsigned int b;
	const char *layer;
	double d[4];
};

/**
 * struct compare_point - ssdk compare at one iodepth: every engine.
 * @iodepth: The depth asked.
 * @rows: The engines, in --engines's order.
 * @n: How many.
 * @d: The differences that isolate a layer.
 * @nd: How many.
 */
struct compare_point {
	uint32_t iodepth;
	struct compare_row rows[COMPARE_MAX_ENGINES];
	unsigned int n;
	struct compare_diff d[COMPARE_MAX_DIFFS];
	unsigned int nd;
};

struct output;

/**
 * struct output_ops - What a backend prints.
 * @info: What the module reports about itself.
 * @status: A run's status.
 * @statuses: Every run's status.
 * @list: Every run, a line each.
 * @results: A run's results; RESULTS_* say what the text shows besides.
 * @job: Runs started together, each and their total.
 * @started: The ids of runs just started.
 * @stopped: A run just stopped.
 * @sweep_begin: A sweep starts.
 * @sweep_point: One point of a sweep: its runs and their total.
 * @sweep_end: The sweep ended.
 * @compare_begin: ssdk compare starts, at @n iodepths.
 * @compare_point: One iodepth of it: the engines and their differences.
 * @compare_end: It ended after @n points (fewer than begun when one
 *	failed or was stopped): their curves, when there are several.
 * @interval: One interval of a followed run's time series.
 * @follow_end: The followed run ended.
 * @profiles: The profiles of --profile.
 * @plan_step: Step @i of a plan of several steps ended (steps.h).
 * @plan: The plan ended, done or not: a precondition, a study, or a
 *	purge by the drive.
 * @dry_run: --dry-run: @runs runs (or steps) checked, none started; of
 *	them, @untimed end at a size rather than a time, and the others
 *	take @seconds together.
 * @trace_summary: A trace's summary (ssdk trace summary), of the file @path.
 * @trace_made: A synthetic trace just written (ssdk trace make).
 * @trace_recorded: A recording just written (ssdk trace record).
 * @trace_ios: A trace's IOs, @n of them, in arrival order (ssdk trace dump).
 */
struct output_ops {
	void (*info)(struct output *out, const struct ssdk_info *info);
	void (*status)(struct output *out, const struct run_result *r);
	void (*statuses)(struct output *out, const struct run_result *r, unsigned int n);
	void (*list)(struct output *out, const struct run_result *r, unsigned int n);
	void (*results)(struct output *out, const struct run_result *r, unsigned int flags);
	void (*job)(struct output *out, const struct run_result *r, unsigned int n,
		    const struct run_result *total);
	void (*started)(struct output *out, const uint32_t *ids, unsigned int n);
	void (*stopped)(struct output *out, const struct ssdk_run_status *st);
	void (*sweep_begin)(struct output *out);
	void (*sweep_point)(struct output *out, const struct run_result *r, unsigned int n,
			    const struct run_result *total);
	void (*sweep_end)(struct output *out);
	void (*compare_begin)(struct output *out, unsigned int n);
	void (*compare_point)(struct output *out, const struct compare_point *p, int several);
	void (*compare_end)(struct output *out, const struct compare_point *p, unsigned int n,
			    int several);
	void (*interval)(struct output *out, const struct ssdk_run_status *st,
			 const struct ssdk_ts_point *p);
	void (*follow_end)(struct output *out, const struct ssdk_run_status *st);
	void (*profiles)(struct output *out, const struct profile *p, unsigned int n);
	void (*plan_step)(struct output *out, const struct plan *p, unsigned int i);
	void (*plan)(struct output *out, const struct plan *p);
	void (*dry_run)(struct output *out, unsigned int runs, double seconds,
			unsigned int untimed);
	void (*trace_summary)(struct output *out, const char *path,
			      const struct ssdk_trace_summary *s);
	void (*trace_made)(struct output *out, const struct trace_made *m);
	void (*trace_recorded)(struct output *out, const struct trace_recorded *r);
	void (*trace_ios)(struct output *out, const char *path, const struct ssdk_trace_io *ios,
			  uint64_t n);
};

/**
 * struct output - A backend and its state.
 * @ops: The backend.
 * @j: The JSON backend's writer, across a sweep's points.
 * @rows: Rows printed so far, for a table's header (sweeps, follow).
 */
struct output {
	const struct output_ops *ops;
	struct json j;
	unsigned int rows;
};

extern const struct output_ops output_text, output_json, output_csv;
extern const struct output_ops output_openmetrics, output_prometheus;

#endif /* _SSDK_OUTPUT_H */
