// SPDX-License-Identifier: GPL-2.0
/*
 * ssdk: the command line of the ssdk storage benchmark. A table of
 * commands (commands.c, each in its cmd_*.c), -j and -h anywhere, and
 * --help of any command printed before it runs.
 *
 *	ssdk [-j] ctl info|run|start|replay|sweep|purge|precondition|profiles|status|list|wait|stop|results|delete ...
 *	ssdk [-j] compare --engines LIST --target DEV ...
 *	ssdk [-j] study new-vs-used --target DEV --allow-write ...
 *	ssdk [-j] NAME ...   (ssdk-NAME: review, report, fleet, fio; external.h)
 *	ssdk [-j] trace summary|dump FILE
 *	ssdk [-j] trace make --out FILE --ios N ...
 *	ssdk [-j] trace record --target DEV --out FILE [--duration TIME]
 *	ssdk [-j] help [GROUP] [COMMAND]
 *
 * and, for the shell's completion (completion/ssdk), the hidden
 *
 *	ssdk __complete WORD... CURRENT
 */

#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "external.h"

/* Whether -h or --help is among a command's arguments (before any "--"). */
static int wants_help(int argc, char **argv)
{
	int i;

	for (i = 1; i < argc && strcmp(argv[i], "--"); i++)
		if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help"))
			return 1;
	return 0;
}

int main(int argc, char **argv)
{
	struct cli cli = { .prog = "ssdk", .argv0 = argv[0] };
	const struct cli_cmd *cmd;
	const char *group = NULL;
	int i = 1;

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc > 1 && !strcmp(argv[1], "__complete"))
		return ssdk_complete(&cli, argc - 1, argv + 1);
	for (; i < argc && argv[i][0] == '-'; i++) {
		if (!strcmp(argv[i], "-j") || !strcmp(argv[i], "--json")) {
			cli.json = 1;
		} else if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
			ssdk_help();
			return 0;
		} else {
			return usage_error(&cli, "unknown option '%s'", argv[i]);
		}
	}
	if (i == argc)
		return usage_error(&cli, "a command is needed");
	group = command_group(argv[i]);
	if (group) {
		cli.group = group;
		if (++i == argc)
			return usage_error(&cli, "%s needs a command", group);
		if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
			ssdk_help();
			return 0;
		}
	}
	cmd = command_find(group, argv[i]);
	/* not ssdk's: the program ssdk-NAME, with NAME's arguments */
	if (!cmd && !group)
		return external_run(&cli, argv[i], NULL, argc - i - 1, argv + i + 1);
	if (!cmd)
		return usage_error(&cli, "unknown %s%scommand '%s'", group ? group : "",
				   group ? " " : "", argv[i]);
	cli.cmd = cmd->name;
	if (wants_help(argc - i, argv + i)) {
		args_help(cmd);
		return 0;
	}
	return cmd->run(&cli, argc - i, argv + i);
}
