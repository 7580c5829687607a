/* SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause */
/*
 * Steady state as SNIA's Solid State Storage Performance Test
 * Specification (PTS) defines it: a run proceeds in rounds of equal
 * length; after each, the tracking variable y of the last rounds (the
 * measurement window, SSDK_STEADY_WINDOW of them) is tested:
 *
 *   range: max(y) - min(y) is within range_pct percent of avg(y);
 *   slope: the least-squares line through (round, y) moves by at most
 *          slope_pct percent of avg(y) across the window, that is
 *          |slope| x (window - 1) <= slope_pct / 100 x avg(y).
 *
 * The module applies the test as each round ends, and ends the run at
 * the first round whose window passes; userspace applies the same code
 * to the rounds it reads back, to show every round's verdict. The test is
 * in integers, exact: with u = 2 x round - (n - 1), the centred rounds
 * doubled, the slope is 2 sum(u y) / sum(u^2) and sum(u^2) is
 * n (n^2 - 1) / 3, so the slope test reads
 *
 *   600 |sum(u y)| <= slope_pct (n + 1) sum(y)
 *
 * and the range test (max - min) 100 n <= range_pct sum(y), both sides
 * compared in 128 bits.
 */
#ifndef _SSDK_STEADY_H
#define _SSDK_STEADY_H

#include "platform.h"

/**
 * struct ssdk_steady_rule - What steady means for a run.
 * @range_pct: max - min of the window within this percent of its average.
 * @slope_pct: The fit line's excursion across the window within this
 *	percent of its average.
 */
struct ssdk_steady_rule {
	u32 range_pct;
	u32 slope_pct;
};

u64 ssdk_steady_y(u32 track, u64 ios, u64 bytes, u64 lat_sum);
bool ssdk_steady_range_ok(const u64 *y, unsigned int n, u32 range_pct);
bool ssdk_steady_slope_ok(const u64 *y, unsigned int n, u32 slope_pct);
bool ssdk_steady_window_ok(const u64 *y, unsigned int n, const struct ssdk_steady_rule *rule);

#ifndef __KERNEL__
/**
 * struct ssdk_steady_figures - A window's figures, for showing.
 * @avg: Average of y.
 * @range_pct: max - min, in percent of @avg.
 * @slope_pct: The fit line's excursion across the window, in percent of
 *	@avg, signed (negative when y falls).
 */
struct ssdk_steady_figures {
	double avg;
	double range_pct;
	double slope_pct;
};

void ssdk_steady_figures(const u64 *y, unsigned int n, struct ssdk_steady_figures *f);
#endif

#endif /* _SSDK_STEADY_H */
