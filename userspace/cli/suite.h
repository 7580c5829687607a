/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A review's suite: a file of steps in the form of fio's job files (INI),
 * read here into steps, each a command line of the CLI.
 *
 *   ; Tom's Hardware 2012: raw against formatted
 *   [global]                  keys for every measuring step below
 *   span=16g
 *   iodepth=1,2,4,8,16,32
 *
 *   [raw 4k random read]      a step: its name
 *   step=compare              its command: run, sweep, compare, purge,
 *   engines=bio               precondition, study, or filesystem
 *   rw=randread               the command's own options, long names, without
 *   bs=4k                     their dashes; a flag is its name alone
 *
 *   [filesystem]              the steps after it run once per filesystem
 *   step=filesystem           of the review (--fs): made on the target,
 *   file-size=16g             mounted, its test file laid out
 *
 * A key is an option of its step's command (the command's own table, the
 * one its --help prints: nothing is listed twice); the review supplies
 * --target, --file and --allow-write, which a suite may not. Nothing here
 * touches a device: suite_parse() reads text, suite_argv() makes a step's
 * command line.
 */
#ifndef _SSDK_SUITE_H
#define _SSDK_SUITE_H

#include <stddef.h>

#include "args.h"

#define SUITE_MAX_STEPS		64
#define SUITE_MAX_KEYS		24
#define SUITE_KEY_LEN		32
#define SUITE_VALUE_LEN		160
#define SUITE_NAME_LEN		64
/* A step's command line: the command, --key value per key, the review's. */
#define SUITE_MAX_ARGS		(4 + 2 * 2 * SUITE_MAX_KEYS + 16)

/* What a step does. */
enum suite_kind {
	SUITE_MEASURE,		/* run, sweep, compare, replay: measures */
	SUITE_STATE,		/* purge, precondition: makes the drive's state */
	SUITE_STUDY,		/* study: a plan of both */
	SUITE_FILESYSTEM,	/* makes a filesystem, mounts it, lays out the file */
};

/**
 * struct suite_kv - A key of a step, as the file has it.
 * @key: The option's long name, without dashes.
 * @value: Its value; empty for a flag.
 * @flag: It was a name alone.
 * @line: Where in the file.
 */
struct suite_kv {
	char key[SUITE_KEY_LEN];
	char value[SUITE_VALUE_LEN];
	int flag;
	unsigned int line;
};

/**
 * struct suite_step - A step of a suite.
 * @name: Its section's name.
 * @kind: What it does.
 * @cmd: The command it runs; NULL for a filesystem step.
 * @kv: Its keys, in order; [global]'s are not among them.
 * @nr_kv: How many.
 * @per_fs: It follows a filesystem step: it runs once per filesystem.
 * @line: Where its section starts.
 */
struct suite_step {
	char name[SUITE_NAME_LEN];
	enum suite_kind kind;
	const struct cli_cmd *cmd;
	struct suite_kv kv[SUITE_MAX_KEYS];
	unsigned int nr_kv;
	int per_fs;
	unsigned int line;
};

/**
 * struct suite - A suite, read.
 * @title: Its first line when a comment, or its file's name.
 * @global: [global]'s keys, for every measuring step (run, sweep, compare)
 *	before its own.
 * @nr_global: How many.
 * @steps: Its steps, in order.
 * @nr: How many.
 */
struct suite {
	char title[128];
	struct suite_kv global[SUITE_MAX_KEYS];
	unsigned int nr_global;
	struct suite_step steps[SUITE_MAX_STEPS];
	unsigned int nr;
};

/**
 * struct suite_commands - The commands a step may name, by step= value.
 * @cmds: The commands (run, sweep, compare, purge, precondition, study).
 * @nr: How many.
 */
struct suite_commands {
	const struct cli_cmd *const *cmds;
	unsigned int nr;
};

int suite_parse(const char *text, const char *file, const struct suite_commands *cmds,
		struct suite *s, char *err, size_t len);
const char *suite_key(const struct suite *s, const struct suite_step *st, const char *key);
const char *suite_fs_key(const struct suite_step *st, const char *key);
int suite_argv(const struct suite *s, const struct suite_step *st, char **argv,
	       unsigned int max);

#endif /* _SSDK_SUITE_H */
