/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The output backends: one per format behind one table of operations,
 * chosen once, when a command's options have been read (args.c): text
 * (out_text.c), JSON (out_json.c, Documentation/userspace/json.rst) or
 * CSV (out_csv.c: results only), or metrics, OpenMetrics or Prometheus
 * text (out_openmetrics.c: results and status). Commands say what to
 * print; a backend decides how. What only one feature prints has that
 * feature's own print ops, a table per format in a file per format
 * (compare_print.h, plan_print.h, profiles_print.h, trace_print.h, as
 * nvme-cli's plugins have theirs); backend.h lends them the backends' parts.
 */
#ifndef _SSDK_OUTPUT_H
#define _SSDK_OUTPUT_H

#include <stdint.h>

#include "json.h"
#include "summary.h"

/* What the results of a run show beyond the summary, in text. */
#define RESULTS_SLOWEST		1	/* the table of the slowest IOs */
#define RESULTS_TEXT		2	/* the compact investigation view */
#define RESULTS_CAPTURED	4	/* the IOs captured over the threshold */

struct output;

/**
 * enum output_format - The formats of --format: a backend each, and each
 * feature's print ops for the formats it has (trace_print.h, ...).
 */
enum output_format {
	OUTPUT_TEXT,
	OUTPUT_JSON,
	OUTPUT_CSV,
	OUTPUT_OPENMETRICS,
	OUTPUT_PROMETHEUS,
};

/**
 * struct output_ops - What a backend prints.
 * @format: Its format.
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
 * @repeat_begin: Repetitions of a workload start (--repeat): @n of them;
 *	in a sweep, of its next point (between sweep_begin and sweep_end).
 * @repeat_one: Repetition @k (from 1) ended: its runs and their total.
 * @repeat_end: They ended (@done of them, fewer when stopped): the spread
 *	of their figures. NULL: the format has no repetitions.
 * @interval: One interval of a followed run's time series.
 * @follow_end: The followed run ended.
 * @dry_run: --dry-run: @runs runs (or steps) checked, none started; of
 *	them, @untimed end at a size rather than a time, and the others
 *	take @seconds together.
 */
struct output_ops {
	enum output_format format;
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
	void (*repeat_begin)(struct output *out, unsigned int n);
	void (*repeat_one)(struct output *out, unsigned int k, const struct run_result *r,
			   unsigned int n, const struct run_result *total);
	void (*repeat_end)(struct output *out, unsigned int done, const struct repeat_spread *s);
	void (*interval)(struct output *out, const struct ssdk_run_status *st,
			 const struct ssdk_ts_point *p);
	void (*follow_end)(struct output *out, const struct ssdk_run_status *st);
	void (*dry_run)(struct output *out, unsigned int runs, double seconds,
			unsigned int untimed);
};

/**
 * struct output - A backend and its state.
 * @ops: The backend.
 * @j: The JSON backend's writer, across a sweep's points.
 * @rows: Rows printed so far, for a table's header (sweeps, follow).
 * @sweep: Between sweep_begin and sweep_end: repetitions are a point's.
 */
struct output {
	const struct output_ops *ops;
	struct json j;
	unsigned int rows;
	unsigned int sweep;
};

extern const struct output_ops output_text, output_json, output_csv;
extern const struct output_ops output_openmetrics, output_prometheus;

#endif /* _SSDK_OUTPUT_H */
