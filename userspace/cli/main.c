// SPDX-License-Identifier: GPL-2.0
/*
 * ssdk: the command line of the ssdk storage benchmark. A table of
 * commands (each in its cmd_*.c), -j and -h anywhere, and --help of any
 * command printed before it runs.
 *
 *	ssdk [-j] ctl info|run|start|replay|sweep|purge|precondition|profiles|status|list|wait|stop|results|delete ...
 *	ssdk [-j] compare --engines LIST --target DEV ...
 *	ssdk [-j] study new-vs-used --target DEV --allow-write ...
 *	ssdk [-j] review SUITE --target DEV --out DIR --allow-write ...
 *	ssdk [-j] trace summary|dump FILE
 *	ssdk [-j] trace make --out FILE --ios N ...
 *	ssdk [-j] trace record --target DEV --out FILE [--duration TIME]
 */

#include <stdio.h>
#include <string.h>

#include "commands.h"

static const struct cli_cmd *const commands[] = {
	&cmd_info, &cmd_run, &cmd_start, &cmd_replay, &cmd_sweep, &cmd_purge, &cmd_precondition,
	&cmd_profiles, &cmd_compare, &cmd_study, &cmd_review, &cmd_status, &cmd_list, &cmd_wait, &cmd_stop, &cmd_results, &cmd_delete,
	&cmd_trace_summary, &cmd_trace_dump, &cmd_trace_make, &cmd_trace_record,
};

#define NR_COMMANDS	(sizeof(commands) / sizeof(commands[0]))

static void main_help(void)
{
	unsigned int i;
	char name[32];

	printf("usage: ssdk [-j|--json] ctl COMMAND [ARGS]\n"
	       "       ssdk [-j|--json] compare [ARGS]\n"
	       "       ssdk [-j|--json] study new-vs-used [ARGS]\n"
	       "       ssdk [-j|--json] review SUITE [ARGS]\n"
	       "       ssdk [-j|--json] trace COMMAND [ARGS]\n\n"
	       "Drive the ssdk kernel module (ssdk.ko), which generates IO from kernel\n"
	       "threads and measures each IO's latency without syscall overhead.\n\n");
	for (i = 0; i < NR_COMMANDS; i++) {
		snprintf(name, sizeof(name), "%s%s%s", commands[i]->group ? commands[i]->group : "",
			 commands[i]->group ? " " : "", commands[i]->name);
		printf("  %-20s %s\n", name, commands[i]->summary);
	}
	printf("\n  -j, --json           print JSON (Documentation/userspace/json.rst)\n"
	       "  -h, --help           this help; `ssdk ctl COMMAND --help` for a command's\n\n"
	       "Exit status: 0 success, 1 failure, 2 usage error, 130 interrupted.\n");
}

static const struct cli_cmd *find(const char *group, const char *name)
{
	unsigned int i;

	for (i = 0; i < NR_COMMANDS; i++)
		if (!strcmp(commands[i]->name, name) &&
		    !!commands[i]->group == !!group &&
		    (!group || !strcmp(commands[i]->group, group)))
			return commands[i];
	return NULL;
}

/* The words that name a group of commands: ssdk GROUP COMMAND. */
static int is_group(const char *word)
{
	return !strcmp(word, "ctl") || !strcmp(word, "trace");
}

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
	struct cli cli = { .prog = "ssdk" };
	const struct cli_cmd *cmd;
	const char *group = NULL;
	int i = 1;

	setvbuf(stdout, NULL, _IOLBF, 0);
	for (; i < argc && argv[i][0] == '-'; i++) {
		if (!strcmp(argv[i], "-j") || !strcmp(argv[i], "--json")) {
			cli.json = 1;
		} else if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
			main_help();
			return 0;
		} else {
			return usage_error(&cli, "unknown option '%s'", argv[i]);
		}
	}
	if (i == argc)
		return usage_error(&cli, "a command is needed");
	if (is_group(argv[i])) {
		group = argv[i++];
		cli.group = group;
		if (i == argc)
			return usage_error(&cli, "%s needs a command", group);
		if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
			main_help();
			return 0;
		}
	}
	cmd = find(group, argv[i]);
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
