/* SPDX-License-Identifier: GPL-2.0 */
/* ssdk compare: one workload through several engines, side by side. */
#ifndef _SSDK_COMPARE_H
#define _SSDK_COMPARE_H

#include "cli.h"
#include "compare_print.h"

#define COMPARE_MAX_DEPTHS	32

/**
 * struct compare - What ssdk compare runs.
 * @cfg: The workload; its target is the device.
 * @file: The file of the file engines, or NULL.
 * @engines: The engines, in --engines's order.
 * @nr: How many.
 * @qds: The iodepths, each a comparison of its own (a curve per engine).
 * @nr_qds: How many; 0 for @cfg's one.
 */
struct compare {
	struct ssdk_run_config cfg;
	const char *file;
	const char *engines[COMPARE_MAX_ENGINES];
	unsigned int nr;
	uint32_t qds[COMPARE_MAX_DEPTHS];
	unsigned int nr_qds;
};

int compare_parse_engines(struct cli *cli, struct compare *cmp, char *list);
int compare_check(struct cli *cli, struct ssdk *h, const struct compare *cmp);
int compare_run(struct cli *cli, struct ssdk *h, const struct compare *cmp, int progress);

#endif /* _SSDK_COMPARE_H */
