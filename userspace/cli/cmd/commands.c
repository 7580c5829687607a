// SPDX-License-Identifier: GPL-2.0
/*
 * The table of ssdk's commands (commands.h), and ssdk's own help: what
 * main.c runs, `ssdk help` prints, and the man pages and the shell's
 * completion are made from.
 */

#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "platform.h"

const struct cli_cmd *const commands[] = {
	&cmd_info, &cmd_run, &cmd_start, &cmd_replay, &cmd_sweep, &cmd_purge, &cmd_precondition,
	&cmd_profiles, &cmd_compare, &cmd_study, &cmd_status, &cmd_list, &cmd_wait,
	&cmd_stop, &cmd_results, &cmd_delete,
	&cmd_trace_summary, &cmd_trace_dump, &cmd_trace_make, &cmd_trace_record,
	&cmd_system_show, &cmd_system_tune, &cmd_system_reset, &cmd_help,
};

const unsigned int nr_commands = ARRAY_SIZE(commands);

/* The words that name a group of commands: ssdk GROUP COMMAND. */
const char *const command_groups[] = { "ctl", "trace", "system", NULL };

const char ssdk_usage[] =
	"ssdk [-j|--json] ctl COMMAND [ARGS]\n"
	"ssdk [-j|--json] compare [ARGS]\n"
	"ssdk [-j|--json] study new-vs-used [ARGS]\n"
	"ssdk [-j|--json] review SUITE [ARGS]\n"
	"ssdk [-j|--json] trace COMMAND [ARGS]\n"
	"ssdk [-j|--json] system show|tune|reset [ARGS]\n"
	"ssdk [-j|--json] help [GROUP] [COMMAND]";

const char ssdk_about[] =
	"Drive the ssdk kernel module (ssdk.ko), which generates IO from kernel\n"
	"threads and measures each IO's latency without syscall overhead.\n"
	"\n"
	"A command it does not have, NAME, is the program ssdk-NAME, which it runs\n"
	"with the arguments after NAME (beside ssdk, in its libexec directory, or in\n"
	"PATH): review, report, fleet and fio are the Python package's.\n";

/* ssdk's own options, before the command: those of args_common that it reads. */
const struct cli_opt ssdk_opts[] = {
	{ "json", 'j', NULL, 0, "print JSON (Documentation/userspace/json.rst)", 0 },
	{ "help", 'h', NULL, 0, "this help; `ssdk ctl COMMAND --help` for a command's", 0 },
	{ 0 },
};

const struct cli_exit exit_statuses[] = {
	{ 0, "success", "The command did what it was asked." },
	{ EXIT_RUNTIME, "failure",
	  "The module refused, a run failed, a file could not be read or written: said on stderr." },
	{ EXIT_USAGE, "usage error",
	  "The command line is wrong: said on stderr, nothing started or written." },
	{ EXIT_SIGINT, "interrupted",
	  "SIGINT or SIGTERM (Ctrl-C) ended the command; the runs it waited for are stopped, and what was measured is printed." },
};

const unsigned int nr_exit_statuses = ARRAY_SIZE(exit_statuses);

/**
 * command_find() - A command by its group and name.
 * @group: "ctl", "trace", or NULL for ssdk's own commands.
 * @name: Its name.
 *
 * Return: The command, or NULL.
 */
const struct cli_cmd *command_find(const char *group, const char *name)
{
	unsigned int i;

	for (i = 0; i < nr_commands; i++)
		if (!strcmp(commands[i]->name, name) &&
		    !!commands[i]->group == !!group &&
		    (!group || !strcmp(commands[i]->group, group)))
			return commands[i];
	return NULL;
}

/**
 * command_group() - Whether a word names a group of commands.
 * @word: The word.
 *
 * Return: The group's name, as the table spells it, or NULL.
 */
const char *command_group(const char *word)
{
	unsigned int i;

	for (i = 0; command_groups[i]; i++)
		if (!strcmp(word, command_groups[i]))
			return command_groups[i];
	return NULL;
}

/**
 * ssdk_help() - ssdk's own help: its usage, its commands, its options.
 */
void ssdk_help(void)
{
	const char *line = ssdk_usage, *nl;
	unsigned int i;
	char name[32];

	for (i = 0; *line; i++, line = nl + !!*nl) {
		nl = strchrnul(line, '\n');
		printf("%s%.*s\n", i ? "       " : "usage: ", (int)(nl - line), line);
	}
	printf("\n%s\n", ssdk_about);
	for (i = 0; i < nr_commands; i++) {
		snprintf(name, sizeof(name), "%s%s%s", commands[i]->group ? commands[i]->group : "",
			 commands[i]->group ? " " : "", commands[i]->name);
		printf("  %-20s %s\n", name, commands[i]->summary);
	}
	putchar('\n');
	for (i = 0; i < args_nr_opts(ssdk_opts); i++)
		args_opt_help(stdout, &ssdk_opts[i]);
	printf("\nExit status:");
	for (i = 0; i < nr_exit_statuses; i++)
		printf("%s %d %s", i ? "," : "", exit_statuses[i].status,
		       exit_statuses[i].brief);
	printf(".\n");
}
