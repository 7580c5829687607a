/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _SSDK_SLOWEST_H
#define _SSDK_SLOWEST_H

#include "libssdk.h"
#include "report.h"

int slowest_fetch(struct ssdk *h, const struct ssdk_run_status *st, struct report_slowest *sl);
void slowest_free(struct report_slowest *sl);

#endif /* _SSDK_SLOWEST_H */
