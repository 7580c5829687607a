// SPDX-License-Identifier: GPL-2.0
/* ssdk ctl info: what the loaded module reports about itself. */

#include "commands.h"

static int info_run(struct cli *cli, int argc, char **argv)
{
	struct ssdk_info info;
	struct ssdk *h;
	int err;

	err = args_alone(cli, &cmd_info, argc, argv, NULL, NULL);
	if (!err)
		err = cli_connect(cli, &h);
	if (err)
		return err;
	if (ssdk_info_get(h, &info) < 0)
		err = runtime_error(cli, "%s", ssdk_last_error(h));
	else
		cli->out.ops->info(&cli->out, &info);
	ssdk_close(h);
	return err;
}

const struct cli_cmd cmd_info = {
	.name = "info",
	.group = "ctl",
	.usage = "ssdk ctl info [-j]",
	.about = "What the loaded module reports: its version, the running kernel,\n"
		 "capabilities, CPUs, clock resolution and the histogram layout.\n",
	.summary = "what the module reports about itself",
	.run = info_run,
};
