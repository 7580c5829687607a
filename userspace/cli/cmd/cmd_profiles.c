// SPDX-License-Identifier: GPL-2.0
/* ssdk ctl profiles: the named workloads of --profile. */

#include "commands.h"
#include "profiles_print.h"

static int profiles_run(struct cli *cli, int argc, char **argv)
{
	int err = args_alone(cli, &cmd_profiles, argc, argv, NULL, NULL);

	if (!err)
		profiles_print(&cli->out)->list(&cli->out, profiles, nr_profiles);
	return err;
}

const struct cli_cmd cmd_profiles = {
	.name = "profiles",
	.group = "ctl",
	.usage = "ssdk ctl profiles [-j]",
	.about = "The named workloads of --profile, each with the published protocol it\n"
		 "reproduces; -j adds their options.\n",
	.summary = "the named workloads of --profile",
	.run = profiles_run,
};
