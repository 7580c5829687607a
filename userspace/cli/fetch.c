// SPDX-License-Identifier: GPL-2.0
/*
 * What an ended run's results have beyond its status: its slowest IOs
 * (sorted by the module when the run ends) and its time series.
 */

#include <errno.h>
#include <stdlib.h>

#include <linux/ssdk.h>

#include "extra.h"

static int run_ended(const struct ssdk_run_status *st)
{
	return st->state == SSDK_STATE_DONE || st->state == SSDK_STATE_STOPPED ||
	       st->state == SSDK_STATE_FAILED;
}

static int fetch_slowest(struct ssdk *h, const struct ssdk_run_status *st,
			 struct report_extra *x)
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

/**
 * extra_fetch_ts() - A run's time series from interval @from on.
 * @h: The connection.
 * @st: The run's status; its ts_count says how many intervals had closed.
 * @from: The first interval wanted.
 * @x: Its @ts and @nr_ts are replaced (the old ones freed).
 *
 * Intervals that closed after @st was read are left for the next call.
 *
 * Return: 0 or -errno (said by ssdk_last_error()).
 */
int extra_fetch_ts(struct ssdk *h, const struct ssdk_run_status *st, uint32_t from,
		   struct report_extra *x)
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

static int fetch_captured(struct ssdk *h, const struct ssdk_run_status *st,
			  struct report_extra *x)
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

/**
 * extra_fetch() - An ended run's slowest IOs, time series and captured IOs.
 * @h: The connection.
 * @st: The run's status.
 * @x: Filled in; empty for a run that has not ended. Free with
 *	extra_free().
 *
 * Return: 0 or -errno (said by ssdk_last_error()).
 */
int extra_fetch(struct ssdk *h, const struct ssdk_run_status *st, struct report_extra *x)
{
	int err;

	*x = (struct report_extra){ 0 };
	if (!run_ended(st))
		return 0;
	err = fetch_slowest(h, st, x);
	if (!err)
		err = extra_fetch_ts(h, st, 0, x);
	return err ? err : fetch_captured(h, st, x);
}

/**
 * extra_free() - Free what extra_fetch() allocated.
 * @x: The extras.
 */
void extra_free(struct report_extra *x)
{
	free(x->slowest);
	free(x->ts);
	free(x->captured);
	*x = (struct report_extra){ 0 };
}
