/* SPDX-License-Identifier: GPL-2.0 */
/* The commands of ssdk, one per cmd_*.c, for main.c's table. */
#ifndef _SSDK_COMMANDS_H
#define _SSDK_COMMANDS_H

#include "args.h"
#include "suite.h"

extern const struct cli_cmd cmd_info, cmd_run, cmd_start, cmd_replay, cmd_sweep, cmd_purge, cmd_profiles;
extern const struct cli_cmd cmd_status, cmd_list, cmd_wait, cmd_stop, cmd_results;
extern const struct cli_cmd cmd_delete, cmd_compare, cmd_precondition, cmd_study, cmd_review;
extern const struct cli_cmd cmd_trace_summary, cmd_trace_dump, cmd_trace_make, cmd_trace_record;

/* The commands a suite's step may run (cmd_review.c). */
extern const struct suite_commands review_commands;

#endif /* _SSDK_COMMANDS_H */
