/* SPDX-License-Identifier: GPL-2.0 */
/* ssdk ctl status --follow: a run's time series as it goes. */
#ifndef _SSDK_FOLLOW_H
#define _SSDK_FOLLOW_H

#include "cli.h"

int follow_timeseries(struct cli *cli, struct ssdk *h, uint32_t id);

#endif /* _SSDK_FOLLOW_H */
