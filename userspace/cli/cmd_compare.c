// SPDX-License-Identifier: GPL-2.0
/*
 * ssdk compare: the same reads through several engines, the module's and
 * userspace's, side by side, with the differences that isolate a layer
 * (compare.c).
 */

#include "commands.h"
#include "workload.h"

static int compare_cmd_run(struct cli *cli, int argc, char **argv)
{
	struct workload *w;
	int err;

	err = workload_open(cli, &cmd_compare, FOR_COMPARE, argc, argv, &w);
	if (err)
		return err;
	/* The files first: compare checks every engine on them before running one. */
	err = workload_check(cli, w);
	if (!err)
		err = compare_run(cli, w->h, &w->cmp, workload_progress(w));
	workload_close(w);
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
