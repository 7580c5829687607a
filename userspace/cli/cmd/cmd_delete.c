// SPDX-License-Identifier: GPL-2.0
/*
 * ssdk ctl delete: forget ended runs and their results. The module
 * refuses a run that has not ended, rather than wait for IOs that may
 * never complete; every id is checked before the first is deleted.
 */

#include <stdlib.h>

#include "commands.h"

static int delete_run(struct cli *cli, int argc, char **argv)
{
	struct ssdk *h = NULL;
	uint32_t *ids = NULL;
	int first, err, i, n;

	err = args_parse(cli, &cmd_delete, argc, argv, NULL, NULL, &first);
	if (err)
		return err;
	n = argc - first;
	ids = calloc(n ? n : 1, sizeof(*ids));
	err = ids ? args_ids(cli, argc, argv, first, 1, 0, ids) : runtime_error(cli, "out of memory");
	if (!err)
		err = cli_connect(cli, &h);
	/* Every run checked by the module before the first goes. */
	for (i = 0; !err && i < n; i++)
		if (ssdk_run_delete_check(h, ids[i]) < 0)
			err = runtime_error(cli, "run %u: %s", ids[i], ssdk_last_error(h));
	for (i = 0; !err && i < n; i++)
		if (ssdk_run_delete(h, ids[i]) < 0)
			err = runtime_error(cli, "run %u: %s", ids[i], ssdk_last_error(h));
	ssdk_close(h);
	free(ids);
	return err;
}

const struct cli_cmd cmd_delete = {
	.name = "delete",
	.group = "ctl",
	.usage = "ssdk ctl delete ID...",
	.about = "Forget ended runs and their results. A run that has not ended is\n"
		 "refused: stop it first (ssdk ctl stop ID), and delete it once its IOs in\n"
		 "flight have completed.\n",
	.summary = "forget ended runs and their results",
	.run = delete_run,
	.operand = CLI_RUN_IDS,
};
