// SPDX-License-Identifier: GPL-2.0
/*
 * ssdk trace: traces of real use. summary reads a file that blktrace or
 * fio recorded (libssdk's ssdk_trace_read()) and prints what storage
 * reviews quote of one; it needs no module.
 */

#include <stdlib.h>

#include "commands.h"

static int trace_summary_run(struct cli *cli, int argc, char **argv)
{
	struct ssdk_trace_summary s;
	struct ssdk_trace *t;
	char err[SSDK_ERROR_LEN];
	int first, ret;

	ret = args_parse(cli, &cmd_trace_summary, argc, argv, NULL, NULL, &first);
	if (ret)
		return ret;
	if (argc - first != 1)
		return usage_error(cli, "one trace file is needed");
	if (ssdk_trace_read(argv[first], &t, err, sizeof(err)) < 0)
		return runtime_error(cli, "%s", err);
	ret = ssdk_trace_summarize(t, &s);
	ssdk_trace_free(t);
	if (ret < 0)
		return runtime_error(cli, "%s: out of memory", argv[first]);
	cli->out.ops->trace_summary(&cli->out, argv[first], &s);
	return 0;
}

const struct cli_cmd cmd_trace_summary = {
	.name = "summary",
	.group = "trace",
	.usage = "ssdk trace summary FILE",
	.about = "What a trace holds, as storage reviews quote it: its IOs and bytes by op,\n"
		 "the share of each request size, the sequential share, the queue depths\n"
		 "seen, the time between arrivals, the footprint (distinct bytes touched)\n"
		 "and the duration. FILE is blktrace's binary records (one device's,\n"
		 "merged from every CPU: blktrace -o -, or blkparse -d) or fio's iolog,\n"
		 "version 2 or 3; its format is found from its first bytes.\n",
	.summary = "sum up a trace file (blktrace, fio iolog)",
	.run = trace_summary_run,
};
