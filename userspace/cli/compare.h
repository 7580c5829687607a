/* SPDX-License-Identifier: GPL-2.0 */
/* ssdk compare: one workload through several engines, side by side. */
#ifndef _SSDK_COMPARE_H
#define _SSDK_COMPARE_H

#include "libssdk.h"

struct cli;

int compare_check_engines(struct cli *cli, const char *list, int has_file);
int compare_run(struct cli *cli, struct ssdk *h, const struct ssdk_run_config *cfg,
		const char *file, char *engines, int progress);

#endif /* _SSDK_COMPARE_H */
