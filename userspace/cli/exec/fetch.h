/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A run's results fetched from the module: its status and histograms,
 * and once it has ended, its records (slowest IOs, time series, captured
 * IOs).
 */
#ifndef _SSDK_FETCH_H
#define _SSDK_FETCH_H

#include "cli.h"

int fetch_results(struct cli *cli, struct ssdk *h, uint32_t id, struct run_result *r);
int fetch_statuses(struct cli *cli, struct ssdk *h, int with_hists, struct run_result **out);
void fetch_free(struct run_result *r, int n);
int fetch_ts(struct cli *cli, struct ssdk *h, const struct ssdk_run_status *st, uint32_t from,
	     struct run_records *x);

#endif /* _SSDK_FETCH_H */
