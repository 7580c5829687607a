/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What a run's numbers mean: IOPS, bandwidth, latency moments and
 * percentiles from the module's counters and histograms, and runs added
 * up. The data every output backend prints (output.h), in one struct per
 * run. Rates are per second of the measurement window (end of ramp to
 * last measured completion), not of the wall time, so that a ramp or a
 * slow start does not dilute them.
 */
#ifndef _SSDK_SUMMARY_H
#define _SSDK_SUMMARY_H

#include <stdint.h>

#include "libssdk.h"

/**
 * struct op_summary - One set of measured IOs, summed up.
 * @ios: IOs completed without error.
 * @bytes: Their bytes.
 * @errors: IOs completed with an error.
 * @iops: @ios per second of the measurement window.
 * @bw_bytes: @bytes per second of the measurement window.
 * @min: Smallest latency, ns.
 * @max: Largest latency, ns.
 * @mean: Mean latency, ns.
 * @stddev: Sample standard deviation of the latencies, ns.
 * @pct: Latency at each of the percentiles reported (ssdk_report_pct()), ns;
 *	when @hist is set.
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
	uint64_t pct[SSDK_REPORT_NR_PCTS];
	const uint64_t *hist;
};

/**
 * struct run_records - What an ended run's results have beyond a status.
 * @slowest: Its slowest IOs, slowest first, as ssdk_slowest_get() gives.
 * @nr_slowest: How many.
 * @ts: Its time series, as ssdk_timeseries_get() gives.
 * @nr_ts: Intervals in @ts.
 * @captured: The IOs it captured over its threshold, in completion order.
 * @nr_captured: How many.
 */
struct run_records {
	struct ssdk_io_rec *slowest;
	uint32_t nr_slowest;
	struct ssdk_ts_point *ts;
	uint32_t nr_ts;
	struct ssdk_io_rec *captured;
	uint32_t nr_captured;
};

/**
 * struct run_conditions - Where an ended run ran, for results that travel.
 * @kernel: The kernel release, as the module reports it.
 * @version: ssdk's version, as the module reports it.
 * @device: Model and firmware of the target's device from sysfs
 *	(ssdk_device_model()); "" when sysfs has none (null_blk, brd).
 * @id: The same device's model, firmware and serial, each on its own
 *	(ssdk_device_id()): a drive told from another in a round-up.
 * @sys: The machine's conditions for the run's target and CPUs
 *	(conditions_system(): shared, not the result's to free), or NULL.
 */
struct run_conditions {
	char kernel[SSDK_RELEASE_LEN];
	char version[SSDK_VERSION_LEN];
	char device[SSDK_DEVICE_LEN];
	struct ssdk_device_id id;
	const struct ssdk_system *sys;
};

/**
 * struct run_result - A run as the output backends print it.
 * @st: Its status.
 * @hists: Its histograms by set (results), or NULLs (a status: no
 *	percentiles, no histogram).
 * @rec: Its records (fetch.c), or empty.
 * @cond: Where it ran (conditions.c); empty (@cond.kernel "") when unknown.
 * @engine: The engine's name when not the configuration's (a userspace
 *	engine of ssdk compare), or NULL.
 * @has_records: @rec was fetched: the JSON has "slowest", "timeseries"...
 */
struct run_result {
	struct ssdk_run_status st;
	uint64_t *hists[SSDK_NR_SETS];
	struct run_records rec;
	struct run_conditions cond;
	const char *engine;
	int has_records;
};

/**
 * struct run_rounds - A run's rounds (SNIA PTS), from its time series.
 * @round: Each round's figures and window test (ssdk_rounds()).
 * @n: Rounds in @round.
 * @first: First round (from 1) of the measurement window: the window of
 *	the steady round, or the last one; 0 with fewer rounds than a window.
 * @last: Its last round.
 * @window: The window's rounds summed: ios, bytes, lat_sum_ns, lat_max_ns.
 */
struct run_rounds {
	struct ssdk_round *round;
	uint32_t n;
	uint32_t first;
	uint32_t last;
	struct ssdk_round window;
};

/*
 * A run's figures, both ops together, as a sweep's row and a repetition's
 * spread (--repeat) have them: IOPS and MB/s over its window, its mean,
 * p99 (0 without histograms) and max latency, ns.
 */
enum { FIG_IOPS, FIG_MB_S, FIG_LAT_MEAN, FIG_LAT_P99, FIG_LAT_MAX, NR_FIGS };

extern const char *const fig_keys[NR_FIGS];

/**
 * struct repeat_spread - The spread of a workload's repetitions (--repeat).
 * @fig: Each figure's, by FIG_*.
 */
struct repeat_spread {
	struct ssdk_spread fig[NR_FIGS];
};

uint64_t result_figures(const struct run_result *r, double fig[NR_FIGS]);
int result_rounds(const struct run_result *r, struct run_rounds *out);
void rounds_free(struct run_rounds *rr);
void op_summarize(const struct ssdk_counts *s, uint64_t measured_ns, const uint64_t *hist,
		  struct op_summary *out);
void ts_sum(const struct ssdk_ts_point *p, struct ssdk_ts_op *o);
int result_alloc_hists(struct run_result *r);
void result_free(struct run_result *r);
void result_merge(struct run_result *t, const struct run_result *s);
int result_open_loop(const struct run_result *r);
int result_kind_kept(const struct run_result *r, unsigned int kind);

#endif /* _SSDK_SUMMARY_H */
