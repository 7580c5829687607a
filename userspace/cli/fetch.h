/* SPDX-License-Identifier: GPL-2.0 */
/* An ended run's slowest IOs and time series, fetched for its results. */
#ifndef _SSDK_EXTRA_H
#define _SSDK_EXTRA_H

#include "libssdk.h"
#include "report.h"

int extra_fetch(struct ssdk *h, const struct ssdk_run_status *st, struct report_extra *x);
int extra_fetch_ts(struct ssdk *h, const struct ssdk_run_status *st, uint32_t from,
		   struct report_extra *x);
void extra_free(struct report_extra *x);

#endif /* _SSDK_EXTRA_H */
