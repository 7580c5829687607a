// SPDX-License-Identifier: GPL-2.0
/*
 * A run's results (fetch.h): results-get's status and histograms, then,
 * for a run that has ended, its slowest IOs (sorted by the module when
 * the run ends), its time series and the IOs it captured.
 */

#include <errno.h>
#include <stdlib.h>

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

/**
 * fetch_results() - A run's results: status, histograms, records.
 * @cli: Settings.
 * @h: The connection.
 * @id: The run.
 * @r: Filled in; free with result_free(). Its records are fetched once
 *	the run has ended (empty before).
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
	/* Results have records: empty until the run has ended. */
	r->has_records = 1;
	if (!ssdk_state_ended(r->st.state))
		return 0;
	err = fetch_slowest(h, &r->st, &r->rec);
	if (!err)
		err = fetch_intervals(h, &r->st, 0, &r->rec);
	if (!err)
		err = fetch_captured(h, &r->st, &r->rec);
	if (!err)
		conditions_get(h, r->st.config.target, &r->cond);
	return err ? fetch_error(cli, h, id, err) : 0;
}
