/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Jobs: the runs one command starts together (one per target and
 * worker), checked together before the first starts, followed to their
 * end, stopped together on Ctrl-C, and reported each and as a total.
 */
#ifndef _SSDK_JOBS_H
#define _SSDK_JOBS_H

#include <stdint.h>

#include "cli.h"

#define JOBS_MAX	64

/**
 * struct jobs - Runs started together.
 * @nr: How many.
 * @cfg: Each one's configuration.
 * @id: Each one's id once started (0 before).
 * @res: Each one's results once fetched.
 * @total: Their total, with its own histograms.
 */
struct jobs {
	unsigned int nr;
	struct ssdk_run_config cfg[JOBS_MAX];
	uint32_t id[JOBS_MAX];
	struct run_result res[JOBS_MAX];
	struct run_result total;
};

int jobs_check(struct cli *cli, struct ssdk *h, const struct jobs *jobs);
int jobs_start(struct cli *cli, struct ssdk *h, struct jobs *jobs);
int jobs_finish(struct cli *cli, struct ssdk *h, struct jobs *jobs, int progress);
int jobs_run(struct cli *cli, struct ssdk *h, struct jobs *jobs, int progress);
void jobs_free(struct jobs *jobs);

#endif /* _SSDK_JOBS_H */
