// SPDX-License-Identifier: GPL-2.0
/*
 * The metrics backends: --format openmetrics (OpenMetrics 1.0) and
 * --format prometheus (Prometheus text 0.0.4, what node_exporter's
 * textfile collector reads), the same samples from om_metrics.c
 * (Documentation/userspace/openmetrics.rst). A run's results, a job's
 * runs and their total, and the status of one run or of every run, each
 * run labelled by its id; commands that print no run refuse these
 * formats (args.c), so the other operations print nothing.
 */

#include <stdio.h>

#include "om_metrics.h"
#include "output.h"

static void om_out(enum om_dialect d, const struct run_result *r, unsigned int n)
{
	struct om_runs runs;

	if (om_runs_of(&runs, r, n, 0))
		fputs("out of memory\n", stderr);
	else
		om_write(stdout, d, runs.runs, n);
	om_runs_free(&runs);
}

/* Runs started together: each by its id, and their total as run="total". */
static void om_out_job(enum om_dialect d, const struct run_result *r, unsigned int n,
		       const struct run_result *total)
{
	struct om_runs runs;

	if (om_runs_of(&runs, r, n, 1)) {
		fputs("out of memory\n", stderr);
	} else {
		runs.runs[n] = (struct om_run){ .r = total, .label = "total" };
		om_write(stdout, d, runs.runs, n > 1 ? n + 1 : n);
	}
	om_runs_free(&runs);
}

static void om_status(struct output *out, const struct run_result *r)
{
	om_out(OM_OPENMETRICS, r, 1);
}

static void om_statuses(struct output *out, const struct run_result *r, unsigned int n)
{
	om_out(OM_OPENMETRICS, r, n);
}

static void om_results(struct output *out, const struct run_result *r, unsigned int flags)
{
	om_out(OM_OPENMETRICS, r, 1);
}

static void om_job(struct output *out, const struct run_result *r, unsigned int n,
		   const struct run_result *total)
{
	om_out_job(OM_OPENMETRICS, r, n, total);
}

static void prom_status(struct output *out, const struct run_result *r)
{
	om_out(OM_PROMETHEUS, r, 1);
}

static void prom_statuses(struct output *out, const struct run_result *r, unsigned int n)
{
	om_out(OM_PROMETHEUS, r, n);
}

static void prom_results(struct output *out, const struct run_result *r, unsigned int flags)
{
	om_out(OM_PROMETHEUS, r, 1);
}

static void prom_job(struct output *out, const struct run_result *r, unsigned int n,
		     const struct run_result *total)
{
	om_out_job(OM_PROMETHEUS, r, n, total);
}

/* --dry-run: no run, no metrics; the exit status says. */
static void om_dry_run(struct output *out, unsigned int runs, double seconds,
		       unsigned int untimed)
{
}

const struct output_ops output_openmetrics = {
	.format = OUTPUT_OPENMETRICS,
	.status = om_status,
	.statuses = om_statuses,
	.results = om_results,
	.job = om_job,
	.dry_run = om_dry_run,
};

const struct output_ops output_prometheus = {
	.format = OUTPUT_PROMETHEUS,
	.status = prom_status,
	.statuses = prom_statuses,
	.results = prom_results,
	.job = prom_job,
	.dry_run = om_dry_run,
};
