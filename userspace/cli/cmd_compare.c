// SPDX-License-Identifier: GPL-2.0
/*
 * ssdk compare: the same reads through several engines, the module's and
 * userspace's, side by side, with the differences that isolate a layer
 * (compare.c).
 */

#include <stdlib.h>

#include "commands.h"
#include "workload.h"

static int compare_cmd_run(struct cli *cli, int argc, char **argv)
{
	struct workload *w = calloc(1, sizeof(*w));
	struct jobs *jobs = calloc(1, sizeof(*jobs));
	struct ssdk *h = NULL;
	uint64_t rw;
	int err;

	err = !w || !jobs ? runtime_error(cli, "out of memory") : 0;
	if (!err) {
		w->use = FOR_COMPARE;
		err = workload_parse(cli, &cmd_compare, argc, argv, w);
	}
	if (err)
		goto out;
	rw = ssdk_config_get(&w->cfg, SSDK_A_RUN_RW);
	if (!w->engines[0] || w->nr_targets != 1 || w->workers != 1)
		err = usage_error(cli, "compare needs --engines, one --target, one worker");
	else if (ssdk_config_is_set(&w->cfg, SSDK_A_RUN_RW) && rw != SSDK_RW_READ &&
		 rw != SSDK_RW_RANDREAD)
		err = usage_error(cli, "compare reads: --rw read or randread");
	if (!err)
		err = compare_parse_engines(cli, &w->cmp, w->engines);
	if (!err)
		err = cli_connect(cli, &h);
	if (err)
		goto out;
	/* The files first: compare checks every engine on them before running one. */
	w->cmp.cfg = w->cfg;
	err = workload_check(cli, h, w, jobs);
	if (!err)
		err = compare_run(cli, h, &w->cmp, workload_progress(w));
out:
	ssdk_close(h);
	free(jobs);
	free(w);
	return err;
}

const struct cli_cmd cmd_compare = {
	.name = "compare",
	.usage = "ssdk compare --target DEV [--file FILE] --engines LIST [OPTIONS]",
	.about = "Run reads through each engine of --engines in turn with the same seed and\n"
		 "print them side by side with the differences that isolate a layer (kfile -\n"
		 "bio: the filesystem; uring - kfile: the system call; -j: {\"results\":\n"
		 "{ENGINE: run}, \"overhead_ns\": {\"A - B\": {mean, p50, p99, p99.9}},\n"
		 "\"layers\": {\"A - B\": LAYER}}). Every engine is checked before the first\n"
		 "runs. The raw-device engines read under a mounted filesystem; writes to a\n"
		 "device with a filesystem mounted are refused: compare writes with ssdk ctl\n"
		 "run --engine kfile, and bio on a second, identical device.\n",
	.summary = "one workload through several engines, side by side",
	.opts = workload_opts,
	.run = compare_cmd_run,
};
