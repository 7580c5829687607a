/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Runs as Prometheus metrics: the families, their samples and the exact
 * `le` buckets of the latency histograms, written in one of two dialects
 * that differ only in how a family is declared (om_metrics.c;
 * Documentation/userspace/openmetrics.rst).
 */
#ifndef _SSDK_OM_METRICS_H
#define _SSDK_OM_METRICS_H

#include <stdint.h>
#include <stdio.h>

#include "summary.h"

/*
 * The `le` boundaries: the upper edge of the log-linear bucket that holds
 * each 1-2-5 value from OM_LE_FIRST_NS to OM_LE_LAST_NS, then +Inf.
 */
#define OM_LE_FIRST_NS	1000ULL			/* 1 us */
#define OM_LE_LAST_NS	10000000000ULL		/* 10 s */
#define OM_NR_LE	22			/* 1, 2, 5 per decade, and 10 s */

/* Room for a u64 of nanoseconds as seconds: 20 digits, a point, a NUL. */
#define OM_SECONDS_LEN	24

/**
 * enum om_dialect - How the families are declared.
 * @OM_OPENMETRICS: OpenMetrics 1.0 (application/openmetrics-text 1.0.0):
 *	counters declared without their _total, info and stateset types,
 *	UNIT lines, and "# EOF" at the end.
 * @OM_PROMETHEUS: Prometheus text 0.0.4, which node_exporter's textfile
 *	collector and promtool parse: the same samples, counters declared
 *	by their sample's name, info and stateset as gauges, no UNIT, no EOF.
 */
enum om_dialect {
	OM_OPENMETRICS,
	OM_PROMETHEUS,
};

/**
 * struct om_run - A run to write as metrics.
 * @r: The run: its status, and its histograms when it has them (a run
 *	without them has no latency histogram).
 * @label: The value of its "run" label: its id, or "total" for a job's.
 */
struct om_run {
	const struct run_result *r;
	const char *label;
};

/* Room for a run id, as a label. */
#define OM_ID_LEN	12

/**
 * struct om_runs - Runs labelled by their ids (om_runs_of()).
 * @runs: The runs.
 * @ids: Their labels' text.
 */
struct om_runs {
	struct om_run *runs;
	char (*ids)[OM_ID_LEN];
};

int om_runs_of(struct om_runs *o, const struct run_result *r, unsigned int n, unsigned int room);
void om_runs_free(struct om_runs *o);
unsigned int om_le_buckets(unsigned int *idx, unsigned int max);
const char *om_seconds(char *buf, uint64_t ns);
void om_write(FILE *f, enum om_dialect d, const struct om_run *runs, unsigned int n);

#endif /* _SSDK_OM_METRICS_H */
