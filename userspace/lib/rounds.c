// SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause
/*
 * A run's rounds from its time series (ssdk_rounds()), with the window
 * test the module applies (../common/steady.c, compiled by both).
 */

#include <string.h>

#include "internal.h"
#include "steady.h"

/* The window ending with round @i (from 0): its verdict and figures. */
static void round_window(const struct ssdk_run_config *c, struct ssdk_round *rounds, uint32_t i)
{
	struct ssdk_steady_rule rule = { c->steady_range_pct, c->steady_slope_pct };
	struct ssdk_round *r = &rounds[i];
	struct ssdk_steady_figures f;
	u64 y[SSDK_STEADY_WINDOW];
	unsigned int k;

	if (i + 1 < SSDK_STEADY_WINDOW)
		return;
	for (k = 0; k < SSDK_STEADY_WINDOW; k++)
		y[k] = rounds[i + 1 - SSDK_STEADY_WINDOW + k].y;
	ssdk_steady_figures(y, SSDK_STEADY_WINDOW, &f);
	r->window = 1;
	r->range_pct = f.range_pct;
	r->slope_pct = f.slope_pct;
	r->steady = ssdk_config_is_set(c, SSDK_A_RUN_STEADY_TRACK) &&
		    ssdk_steady_window_ok(y, SSDK_STEADY_WINDOW, &rule);
}

SSDK_EXPORT int ssdk_rounds(const struct ssdk_run_status *st, const struct ssdk_ts_point *pts,
			    uint32_t nr_pts, struct ssdk_round *rounds, uint32_t max)
{
	const struct ssdk_run_config *c = &st->config;
	uint64_t first, per, idx;
	uint32_t n, i, op, full = 0;
	struct ssdk_round *r;

	if (!c->rounds || !c->round_ns || !c->ts_interval_ns)
		return 0;
	n = st->rounds_done < max ? st->rounds_done : max;
	memset(rounds, 0, n * sizeof(*rounds));
	first = c->ramp_ns / c->ts_interval_ns;
	per = c->round_ns / c->ts_interval_ns;
	for (i = 0; i < nr_pts; i++) {
		idx = pts[i].index;
		if (idx < first || (idx - first) / per >= n)
			continue;
		r = &rounds[(idx - first) / per];
		for (op = 0; op < SSDK_NR_OPS; op++) {
			r->ios += pts[i].op[op].ios;
			r->bytes += pts[i].op[op].bytes;
			r->lat_sum_ns += pts[i].op[op].lat_sum_ns;
			if (pts[i].op[op].lat_max_ns > r->lat_max_ns)
				r->lat_max_ns = pts[i].op[op].lat_max_ns;
		}
		if ((idx - first) % per == per - 1)
			full = (idx - first) / per + 1;
	}
	/* Only rounds whose last interval is here (intervals are in order). */
	n = full < n ? full : n;
	for (i = 0; i < n; i++) {
		rounds[i].y = ssdk_steady_y(c->steady_track, rounds[i].ios, rounds[i].bytes,
					    rounds[i].lat_sum_ns);
		round_window(c, rounds, i);
	}
	return n;
}

SSDK_EXPORT uint32_t ssdk_rounds_window(const struct ssdk_run_status *st,
					const struct ssdk_round *rounds, uint32_t n,
					struct ssdk_round *window)
{
	uint32_t i, last = st->steady_round && st->steady_round <= n ? st->steady_round : n;

	memset(window, 0, sizeof(*window));
	if (last < SSDK_STEADY_WINDOW)
		return 0;
	for (i = last - SSDK_STEADY_WINDOW; i < last; i++) {
		window->ios += rounds[i].ios;
		window->bytes += rounds[i].bytes;
		window->lat_sum_ns += rounds[i].lat_sum_ns;
		if (rounds[i].lat_max_ns > window->lat_max_ns)
			window->lat_max_ns = rounds[i].lat_max_ns;
	}
	return last - SSDK_STEADY_WINDOW + 1;
}
