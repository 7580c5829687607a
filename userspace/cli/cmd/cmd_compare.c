// SPDX-License-Identifier: GPL-2.0
/*
 * ssdk compare: the same workload through several engines, the module's
 * and userspace's, side by side, with the differences that isolate a
 * layer, at one iodepth or several (compare.c).
 */

#include "commands.h"
#include "workload.h"

static int compare_cmd_run(struct cli *cli, int argc, char **argv)
{
	struct workload *w;
	int err;

	err = workload_open(cli, &cmd_compare, argc, argv, &w);
	if (err)
		return err;
	/* The files first: compare checks every engine on them before running one. */
	err = workload_check(cli, w);
	if (!err && w->dry_run)
		err = workload_dry_run(cli, w);
	else if (!err)
		err = compare_run(cli, w->h, &w->cmp, workload_progress(w));
	workload_close(w);
	return err;
}

const struct cli_cmd cmd_compare = {
	.name = "compare",
	.usage = "ssdk compare --target DEV [--file FILE] --engines LIST [OPTIONS]",
	.about = "Run the workload (reads, writes or a mix) through each engine of --engines\n"
		 "in turn with the same seed (the same blocks, the same data) and print them\n"
		 "side by side with the differences that isolate a layer (kfile - bio: the\n"
		 "filesystem; uring - kfile: the system call), and each engine's achieved\n"
		 "depth (QD: IOPS x mean latency), flagged under 90% of the asked. --iodepth\n"
		 "N,N,... compares at each depth and ends with each engine's curve; psync at\n"
		 "depth N is N threads. -j: {\"iodepth\", \"results\": {ENGINE: run},\n"
		 "\"achieved_iodepth\": {ENGINE: QD}, \"short_of_iodepth\": [ENGINE],\n"
		 "\"overhead_ns\": {\"A - B\": {mean, p50, p99, p99.9}}, \"layers\": {\"A - B\":\n"
		 "LAYER}}, or {\"points\": [that, ...]} for several depths. Every engine at\n"
		 "every depth is checked before the first runs. The raw-device engines read\n"
		 "under a mounted filesystem; their writes need the device to themselves.\n",
	.summary = "one workload through several engines, side by side",
	.opts = workload_opts,
	.run = compare_cmd_run,
	.csv = 1,
	.use = FOR_COMPARE,
};
