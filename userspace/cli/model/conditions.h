/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Where a run ran: kernel, ssdk's version, the target's device.
 */
#ifndef _SSDK_CONDITIONS_H
#define _SSDK_CONDITIONS_H

#include "summary.h"

void conditions_get(struct ssdk *h, const char *target, struct run_conditions *c);

#endif /* _SSDK_CONDITIONS_H */
