/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Jobs: the runs one command starts together (one per target and
 * worker), followed to their end and reported one by one and as a total.
 */
#ifndef _SSDK_JOBS_H
#define _SSDK_JOBS_H

#include <stdint.h>

#include "cli.h"
#include "report.h"

#define JOBS_MAX	64

/**
 * struct jobs - Runs started together.
 * @nr: How many.
 * @cfg: Each one's configuration.
 * @id: Each one's id once started (0 before).
 * @st: Each one's results.
 * @hists: Each one's histograms, then the total's at [@nr].
 * @total: The total of @st.
 */
struct jobs {
	unsigned int nr;
	struct ssdk_run_config cfg[JOBS_MAX];
	uint32_t id[JOBS_MAX];
	struct ssdk_run_status st[JOBS_MAX];
	report_hists hists[JOBS_MAX + 1];
	struct report_extra extra[JOBS_MAX];
	struct ssdk_run_status total;
};

int jobs_start(struct cli *cli, struct ssdk *h, struct jobs *jobs);
int jobs_follow(struct cli *cli, struct ssdk *h, struct jobs *jobs, int progress);
int jobs_results(struct cli *cli, struct ssdk *h, struct jobs *jobs);
int jobs_run(struct cli *cli, struct ssdk *h, struct jobs *jobs, int progress);
void jobs_print(struct cli *cli, struct json *j, struct jobs *jobs);
void jobs_sweep_row(struct jobs *jobs, int header);
void jobs_free(struct jobs *jobs);

#endif /* _SSDK_JOBS_H */
