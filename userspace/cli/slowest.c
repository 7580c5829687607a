// SPDX-License-Identifier: GPL-2.0
/*
 * The slowest IOs of an ended run, fetched for the results: none while a
 * run goes on (the module sorts them when it ends).
 */

#include <errno.h>
#include <stdlib.h>

#include <linux/ssdk.h>

#include "slowest.h"

static int run_ended(const struct ssdk_run_status *st)
{
	return st->state == SSDK_STATE_DONE || st->state == SSDK_STATE_STOPPED ||
	       st->state == SSDK_STATE_FAILED;
}

/**
 * slowest_fetch() - A run's slowest IOs, when it has ended.
 * @h: The connection.
 * @st: The run's status.
 * @sl: Filled in; empty for a run that has not ended. Free with
 *	slowest_free().
 *
 * Return: 0 or -errno (said by ssdk_last_error()).
 */
int slowest_fetch(struct ssdk *h, const struct ssdk_run_status *st, struct report_slowest *sl)
{
	uint32_t max = st->config.slowest_n;
	int n;

	sl->ios = NULL;
	sl->nr = 0;
	if (!run_ended(st) || !max)
		return 0;
	sl->ios = calloc(max, sizeof(*sl->ios));
	if (!sl->ios)
		return -ENOMEM;
	n = ssdk_slowest_get(h, st->id, sl->ios, max);
	if (n < 0)
		return n;
	sl->nr = (uint32_t)n < max ? (uint32_t)n : max;
	return 0;
}

/**
 * slowest_free() - Free what slowest_fetch() allocated.
 * @sl: The IOs.
 */
void slowest_free(struct report_slowest *sl)
{
	free(sl->ios);
	sl->ios = NULL;
	sl->nr = 0;
}
