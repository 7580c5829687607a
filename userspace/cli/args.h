/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Commands and their options, as tables: the parser (options anywhere on
 * the line, as GNU tools take them), the help, and the errors. An option
 * that sets a run attribute names it, and its help shows the spec's
 * limits and default, and an enum's values, from the spec's table.
 */
#ifndef _SSDK_ARGS_H
#define _SSDK_ARGS_H

#include "cli.h"

/**
 * struct cli_opt - An option of a command.
 * @name: Its long form, --name; NULL for the name of its attribute in
 *	the spec (--rate-iops sets rate-iops).
 * @letter: Its short form, -letter, or 0.
 * @arg: What its value is called in the help, or NULL for a flag: SIZE
 *	and TIME values are read as sizes and durations, others as numbers,
 *	and an enum attribute's by the names of its values.
 * @attr: The run attribute (SSDK_A_RUN_*) the option sets, or 0.
 * @help: What it does, for the help; wrapped there.
 */
struct cli_opt {
	const char *name;
	char letter;
	const char *arg;
	unsigned int attr;
	const char *help;
};

/**
 * struct cli_cmd - A command.
 * @name: Its name: "info", "run", "compare".
 * @group: "ctl" for ssdk ctl's commands, NULL for ssdk's own.
 * @usage: Its synopsis, a line each (without "usage: ").
 * @about: What it does, for its help.
 * @summary: One line for ssdk --help.
 * @opts: Its options, up to an entry without a name or an attribute;
 *	-j and -h are every command's.
 * @run: Runs it: argc and argv start at the command's name.
 * @csv: It prints results, and --format csv prints them as CSV.
 * @metrics: It prints a run's results or status, and --format openmetrics
 *	and prometheus print them as metrics.
 */
struct cli_cmd {
	const char *name;
	const char *group;
	const char *usage;
	const char *about;
	const char *summary;
	const struct cli_opt *opts;
	int (*run)(struct cli *cli, int argc, char **argv);
	int csv;
	int metrics;
};

/* Called for each option given, in order; returns an exit status. */
typedef int (*cli_opt_fn)(struct cli *cli, const struct cli_opt *o, const char *arg, void *ctx);

const char *cli_opt_name(const struct cli_opt *o);
int args_parse(struct cli *cli, const struct cli_cmd *cmd, int argc, char **argv,
	       cli_opt_fn on_opt, void *ctx, int *first);
int args_apply(struct cli *cli, const struct cli_cmd *cmd, const char *args,
	       cli_opt_fn on_opt, void *ctx);
int args_set_attr(struct cli *cli, const struct cli_opt *o, const char *arg,
		  struct ssdk_run_config *c);
int args_ids(struct cli *cli, int argc, char **argv, int first, unsigned int min,
	     unsigned int max, uint32_t *ids);
int args_none(struct cli *cli, int argc, char **argv, int first);
int args_alone(struct cli *cli, const struct cli_cmd *cmd, int argc, char **argv,
	       cli_opt_fn on_opt, void *ctx);
int args_one_run(struct cli *cli, const struct cli_cmd *cmd, int argc, char **argv,
		 cli_opt_fn on_opt, void *ctx, uint32_t *id, struct ssdk **h);
void args_help(const struct cli_cmd *cmd);

/* The spec's numbers in help texts, from the uapi header: STR(SSDK_...). */
#define STR_(x)	#x
#define STR(x)	STR_(x)

#endif /* _SSDK_ARGS_H */
