// SPDX-License-Identifier: GPL-2.0
/*
 * ssdk ctl stop: stop a run; the command returns once its IOs in flight
 * have completed (Ctrl-C or a kill leaves it stopping). The partial
 * results stay.
 */

#include "commands.h"

static int stop_run(struct cli *cli, int argc, char **argv)
{
	struct ssdk_run_status st;
	struct ssdk *h;
	uint32_t id;
	int err;

	err = args_one_run(cli, &cmd_stop, argc, argv, NULL, NULL, &id, &h);
	if (err)
		return err;
	if (ssdk_run_stop(h, id) < 0 || ssdk_run_get(h, id, &st) < 0)
		err = runtime_error(cli, "run %u: %s", id, ssdk_last_error(h));
	else
		cli->out.ops->stopped(&cli->out, &st);
	ssdk_close(h);
	return err;
}

const struct cli_cmd cmd_stop = {
	.name = "stop",
	.group = "ctl",
	.usage = "ssdk ctl stop [-j] ID",
	.about = "Stop a run: no more IO is submitted, and the command returns once the\n"
		 "IOs in flight have completed. The partial results stay.\n",
	.summary = "stop a run, keeping its partial results",
	.run = stop_run,
	.operand = CLI_RUN_ID,
};
