/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Where a run ran: kernel, ssdk's version, the target's device, and the
 * machine's conditions (libssdk's ssdk_system_read()).
 */
#ifndef _SSDK_CONDITIONS_H
#define _SSDK_CONDITIONS_H

#include "summary.h"

void conditions_get(struct ssdk *h, const struct ssdk_run_config *cfg,
		    struct run_conditions *c);
const struct ssdk_system *conditions_system(const struct ssdk_run_config *cfg);
void conditions_cpus(const struct ssdk_run_config *cfg, char *buf, size_t size);

#endif /* _SSDK_CONDITIONS_H */
