// SPDX-License-Identifier: GPL-2.0
/*
 * A run's results (fetch.h): results-get's status and histograms, then
 * its slowest IOs (sorted by the module), its time series and the IOs it
 * captured: of an ended run all of them, of a running run what it has
 * kept so far (its slowest as of the last interval closed).
 */

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "conditions.h"
#include "fetch.h"
#include "rules.h"

static int fetch_slowest(struct ssdk *h, const struct ssdk_run_status *st, struct run_records *x)
{
	uint32_t max = st->config.slowest_n;
	int n;

	if (!max)
		return 0;
	x->slowest = calloc(max, sizeof(*x->slowest));
	if (!x->slowest)
		return -ENOMEM;
	n = ssdk_slowest_get(h, st->id, x->slowest, max);
	if (n < 0)
		return n;
	x->nr_slowest = (uint32_t)n < max ? (uint32_t)n : max;
	return 0;
}

static int fetch_captured(struct ssdk *h, const struct ssdk_run_status *st,
			  struct run_records *x)
{
	uint32_t n = st->captured_count;
	int m;

	if (!n)
		return 0;
	x->captured = calloc(n, sizeof(*x->captured));
	if (!x->captured)
		return -ENOMEM;
	m = ssdk_captured_get(h, st->id, 0, x->captured, n);
	if (m < 0)
		return m;
	x->nr_captured = (uint32_t)m < n ? (uint32_t)m : n;
	return 0;
}

/* The closed intervals from @from on, as many as @st says had closed. */
static int fetch_intervals(struct ssdk *h, const struct ssdk_run_status *st, uint32_t from,
			   struct run_records *x)
{
	uint32_t n = st->ts_count > from ? st->ts_count - from : 0;
	int m;

	free(x->ts);
	x->ts = NULL;
	x->nr_ts = 0;
	if (!n)
		return 0;
	x->ts = calloc(n, sizeof(*x->ts));
	if (!x->ts)
		return -ENOMEM;
	m = ssdk_timeseries_get(h, st->id, from, x->ts, n);
	if (m < 0)
		return m;
	x->nr_ts = (uint32_t)m < n ? (uint32_t)m : n;
	return 0;
}

static int fetch_error(struct cli *cli, struct ssdk *h, uint32_t id, int err)
{
	if (err == -ENOMEM)
		return runtime_error(cli, "out of memory");
	return runtime_error(cli, "run %u: %s", id, ssdk_last_error(h));
}

/**
 * fetch_ts() - A run's time series from interval @from on.
 * @cli: Settings.
 * @h: The connection.
 * @st: The run's status; its ts_count says how many intervals had closed.
 * @from: The first interval wanted.
 * @x: Its @ts and @nr_ts are replaced (the old ones freed).
 *
 * Intervals that closed after @st was read are left for the next call.
 *
 * Return: 0 or EXIT_RUNTIME (said).
 */
int fetch_ts(struct cli *cli, struct ssdk *h, const struct ssdk_run_status *st, uint32_t from,
	     struct run_records *x)
{
	int err = fetch_intervals(h, st, from, x);

	return err ? fetch_error(cli, h, st->id, err) : 0;
}

/* Every run's status: a count, and an array to free; or -errno. */
static int fetch_list(struct ssdk *h, struct run_result **out)
{
	struct ssdk_run_status *runs = NULL;
	struct run_result *r;
	int n, want = 0, i;

	for (;;) {
		n = ssdk_run_list(h, runs, want);
		if (n < 0) {
			free(runs);
			return n;
		}
		if (n <= want)
			break;
		/* Runs were started meanwhile: ask again with room for more. */
		want = n + 8;
		free(runs);
		runs = calloc(want, sizeof(*runs));
		if (!runs)
			return -ENOMEM;
	}
	r = calloc(n ? n : 1, sizeof(*r));
	if (!r) {
		free(runs);
		return -ENOMEM;
	}
	for (i = 0; i < n; i++)
		r[i].st = runs[i];
	free(runs);
	*out = r;
	return n;
}

/*
 * The histograms of the runs of @r, and their status again, read with
 * them; a run deleted since the list was read is left out. The count
 * left, or -errno.
 */
static int fetch_hists(struct ssdk *h, struct run_result *r, int n)
{
	int i, kept = 0, err;

	for (i = 0; i < n; i++) {
		if (result_alloc_hists(&r[i]))
			return -ENOMEM;
		err = ssdk_results_get(h, r[i].st.id, &r[i].st, r[i].hists[0]);
		if (err == -ENOENT) {
			result_free(&r[i]);
			continue;
		}
		if (err)
			return err;
		if (kept != i) {
			r[kept] = r[i];
			memset(&r[i], 0, sizeof(r[i]));
		}
		kept++;
	}
	return kept;
}

/**
 * fetch_statuses() - Every run's status, and its histograms on request.
 * @cli: Settings.
 * @h: The connection.
 * @with_hists: Read each run's histograms too (results-get), as the
 *	metrics backends show them.
 * @out: Set to an array of the runs; free each (result_free()), then it.
 *
 * Return: The number of runs, or -EXIT_RUNTIME (said).
 */
int fetch_statuses(struct cli *cli, struct ssdk *h, int with_hists, struct run_result **out)
{
	struct run_result *r = NULL;
	int n = fetch_list(h, &r), i;

	if (n >= 0 && with_hists) {
		i = n;
		n = fetch_hists(h, r, n);
		if (n < 0)
			fetch_free(r, i);
	}
	if (n == -ENOMEM)
		return -runtime_error(cli, "out of memory");
	if (n < 0)
		return -runtime_error(cli, "%s", ssdk_last_error(h));
	*out = r;
	return n;
}

/**
 * fetch_free() - Free what fetch_statuses() gave.
 * @r: The runs.
 * @n: How many.
 */
void fetch_free(struct run_result *r, int n)
{
	int i;

	for (i = 0; r && i < n; i++)
		result_free(&r[i]);
	free(r);
}

/**
 * fetch_results() - A run's results: status, histograms, records.
 * @cli: Settings.
 * @h: The connection.
 * @id: The run.
 * @r: Filled in; free with result_free(). Its records too: a running
 *	run's as far as it has come.
 *
 * Return: 0 or EXIT_RUNTIME (said).
 */
int fetch_results(struct cli *cli, struct ssdk *h, uint32_t id, struct run_result *r)
{
	int err;

	if (!r->hists[0] && result_alloc_hists(r))
		return runtime_error(cli, "out of memory");
	err = ssdk_results_get(h, id, &r->st, r->hists[0]);
	if (err)
		return fetch_error(cli, h, id, err);
	r->has_records = 1;
	err = fetch_slowest(h, &r->st, &r->rec);
	if (!err)
		err = fetch_intervals(h, &r->st, 0, &r->rec);
	if (!err)
		err = fetch_captured(h, &r->st, &r->rec);
	if (!err)
		conditions_get(h, &r->st.config, &r->cond);
	return err ? fetch_error(cli, h, id, err) : 0;
}
