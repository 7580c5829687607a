/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The commands of ssdk, one per cmd_*.c, and their table (commands.c):
 * what main.c runs, help prints, and completion completes.
 */
#ifndef _SSDK_COMMANDS_H
#define _SSDK_COMMANDS_H

#include "args.h"

extern const struct cli_cmd cmd_info, cmd_run, cmd_start, cmd_replay, cmd_sweep, cmd_purge, cmd_profiles;
extern const struct cli_cmd cmd_status, cmd_list, cmd_wait, cmd_stop, cmd_results;
extern const struct cli_cmd cmd_delete, cmd_compare, cmd_precondition, cmd_study;
extern const struct cli_cmd cmd_trace_summary, cmd_trace_dump, cmd_trace_make, cmd_trace_record;
extern const struct cli_cmd cmd_system_show, cmd_system_tune, cmd_system_reset;
extern const struct cli_cmd cmd_help;

/**
 * struct cli_exit - An exit status of ssdk.
 * @status: Its value.
 * @brief: What it means, in a word or two, for ssdk --help.
 * @doc: What it means, for the man pages.
 */
struct cli_exit {
	int status;
	const char *brief;
	const char *doc;
};

extern const struct cli_cmd *const commands[];
extern const unsigned int nr_commands;
extern const char *const command_groups[];
extern const char ssdk_usage[], ssdk_about[];
extern const struct cli_opt ssdk_opts[];
extern const struct cli_exit exit_statuses[];
extern const unsigned int nr_exit_statuses;

const struct cli_cmd *command_find(const char *group, const char *name);
const char *command_group(const char *word);
void ssdk_help(void);
int ssdk_complete(struct cli *cli, int argc, char **argv);

#endif /* _SSDK_COMMANDS_H */
