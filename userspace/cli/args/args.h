/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Commands and their options, as tables: the parser (options anywhere on
 * the line, as GNU tools take them), the help, and the errors. An option
 * that sets a run attribute names it, and its help shows the spec's
 * limits and default, and an enum's values, from the spec's table. The
 * same tables answer `ssdk -j help` (every command and option as JSON,
 * for the man pages) and the shell's completion (`ssdk __complete`).
 *
 * Commands may share a table (the workload's, workload.h): each of its
 * options says which of them it applies to, and a command's help, dump,
 * completion and parser know those only (args_cmd_opts()); the parser
 * refuses the table's others by name.
 */
#ifndef _SSDK_ARGS_H
#define _SSDK_ARGS_H

#include <getopt.h>
#include <stdio.h>

#include "cli.h"

/* Room for args_getopt(): a command's table and the common options. */
#define ARGS_MAX_OPTS	64

/* The bit of a command of a shared table in its options' @cmds. */
#define CLI_CMD_BIT(use)	(1u << (use))
/* @cmds of an option that applies to every command: the common ones. */
#define CLI_EVERY_CMD		(~0u)

/**
 * struct cli_opt - An option of a command.
 * @name: Its long form, --name; NULL for the name of its attribute in
 *	the spec (--rate-iops sets rate-iops).
 * @letter: Its short form, -letter, or 0.
 * @arg: What its value is called in the help, or NULL for a flag: SIZE
 *	and TIME values are read as sizes and durations, others as numbers,
 *	and an enum attribute's by the names of its values. The name says
 *	what the value is for completion too (args_opt_value()): DEV a block
 *	device or a file, FILE a file, DIR a directory, PROFILE a profile.
 * @attr: The run attribute (SSDK_A_RUN_*) the option sets, or 0.
 * @help: What it does, for the help; wrapped there.
 * @cmds: In a table that commands share, those it applies to: the
 *	CLI_CMD_BIT() of each one's @use (cli_cmd). A table of one
 *	command's own leaves it 0: all of its options are that command's.
 *	Two options of a shared table may have one name for commands
 *	that read it differently (an iodepth, or a list of them).
 */
struct cli_opt {
	const char *name;
	char letter;
	const char *arg;
	unsigned int attr;
	const char *help;
	unsigned int cmds;
};

/**
 * enum cli_operand - What a command takes after its options.
 * @CLI_NO_OPERAND: Nothing.
 * @CLI_RUN_ID: A run's id (status: optionally).
 * @CLI_RUN_IDS: Run ids, one or more.
 * @CLI_FILE: A file.
 * @CLI_WORD: One of the command's @words.
 * @CLI_COMMAND: A command of ssdk, its group first (ssdk help ctl run).
 */
enum cli_operand {
	CLI_NO_OPERAND,
	CLI_RUN_ID,
	CLI_RUN_IDS,
	CLI_FILE,
	CLI_WORD,
	CLI_COMMAND,
};

/**
 * enum cli_value - What an option's value is, for completion.
 * @CLI_VALUE_NONE: None: a flag.
 * @CLI_VALUE_ANY: Anything the shell cannot list: a size, a number.
 * @CLI_VALUE_NAME: One of a list of names (args_opt_names()).
 * @CLI_VALUE_DEVICE: A block device, or a file (engine kfile).
 * @CLI_VALUE_FILE: A file.
 * @CLI_VALUE_DIR: A directory.
 * @CLI_VALUE_PROFILE: A profile's name (ssdk ctl profiles).
 */
enum cli_value {
	CLI_VALUE_NONE,
	CLI_VALUE_ANY,
	CLI_VALUE_NAME,
	CLI_VALUE_DEVICE,
	CLI_VALUE_FILE,
	CLI_VALUE_DIR,
	CLI_VALUE_PROFILE,
};

/**
 * struct cli_cmd - A command.
 * @name: Its name: "info", "run", "compare".
 * @group: "ctl" for ssdk ctl's commands, NULL for ssdk's own.
 * @usage: Its synopsis, a line each (without "usage: ").
 * @about: What it does, for its help.
 * @summary: One line for ssdk --help.
 * @opts: Its options, up to an entry without a name or an attribute;
 *	-j and -h are every command's. Of a table that commands share,
 *	those whose @cmds hold @use's bit (args_cmd_opts()).
 * @run: Runs it: argc and argv start at the command's name.
 * @csv: It prints results, and --format csv prints them as CSV.
 * @metrics: It prints a run's results or status, and --format openmetrics
 *	and prometheus print them as metrics.
 * @operand: What it takes after its options.
 * @words: For %CLI_WORD, the words it takes, up to a NULL.
 * @use: Its number, from 1, among the commands that share @opts (the
 *	workload's: enum workload_use); 0 when @opts is its own.
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
	enum cli_operand operand;
	const char *const *words;
	unsigned int use;
};

/* The options every command takes: -j, --format, -h. */
extern const struct cli_opt args_common[];
extern const unsigned int args_nr_common;

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
unsigned int args_nr_opts(const struct cli_opt *opts);
int args_applies(const struct cli_cmd *cmd, const struct cli_opt *o);
unsigned int args_cmd_opts(const struct cli_cmd *cmd, const struct cli_opt **opts);
const struct cli_opt *args_cmd_opt(const struct cli_cmd *cmd, const char *name);
const struct ssdk_spec_attr *args_opt_attr(const struct cli_opt *o);
enum cli_value args_opt_value(const struct cli_opt *o);
unsigned int args_opt_names(const struct cli_opt *o, const char *const **names,
			    const char *const **docs);

/**
 * struct cli_opt_spec - What the spec says of an option's attribute, in
 * the option's units (4k, 1s, 64) and its enum's names.
 * @min: Its smallest value, or "".
 * @max: Its largest, or "".
 * @dflt: What the module does without it, or "".
 */
struct cli_opt_spec {
	char min[32];
	char max[32];
	char dflt[64];
};

void args_opt_spec(const struct cli_opt *o, struct cli_opt_spec *s);
void args_opt_text(char *buf, size_t size, const struct cli_opt *o);
void args_opt_help(FILE *f, const struct cli_opt *o);
int args_getopt(const struct cli_cmd *cmd, struct option *lopts, char *shorts,
		const struct cli_opt **map);
void args_help(const struct cli_cmd *cmd);

/* The spec's numbers in help texts, from the uapi header: STR(SSDK_...). */
#define STR_(x)	#x
#define STR(x)	STR_(x)

#endif /* _SSDK_ARGS_H */
