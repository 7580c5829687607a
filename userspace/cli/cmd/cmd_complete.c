// SPDX-License-Identifier: GPL-2.0
/*
 * ssdk __complete: the shell's completion, answered by the CLI from its
 * own tables (commands.c, each command's options as its help has them,
 * the spec's enums, the profiles), so that the completion script
 * (userspace/completion/ssdk) holds no list of its own, as cobra's and
 * clap's commands do.
 *
 *	ssdk __complete WORD... CURRENT
 *
 * WORDs are the line's words after "ssdk" before the cursor's, CURRENT
 * the word being completed ("" for a new one). It prints the candidates
 * that start with CURRENT, one a line, then ":file" or ":dir" when the
 * shell should offer file or directory names as well (no candidate
 * starts with a colon). Run ids come live from the module: without it,
 * none, and nothing is said. Nothing goes to stderr, and it exits 0.
 * A command ssdk runs as ssdk-NAME (external.h) is offered among the
 * commands, and completes itself: ssdk-NAME __complete WORD... CURRENT.
 */

#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "external.h"
#include "profiles.h"

/* A candidate, when it completes @cur. */
static void offer(const char *cur, const char *prefix, const char *word)
{
	size_t np = strlen(prefix);

	/* @prefix is --name= of an --name=value word, which @cur starts with. */
	if (!strncmp(cur + np, word, strlen(cur + np)))
		printf("%s%s\n", prefix, word);
}

static void offer_commands(const char *cur, const char *group)
{
	unsigned int i;

	if (!group)
		for (i = 0; command_groups[i]; i++)
			offer(cur, "", command_groups[i]);
	for (i = 0; i < nr_commands; i++)
		if (!!commands[i]->group == !!group &&
		    (!group || !strcmp(commands[i]->group, group)))
			offer(cur, "", commands[i]->name);
}

static void offer_opt(const char *cur, const struct cli_opt *o)
{
	char name[64];

	snprintf(name, sizeof(name), "--%s", cli_opt_name(o));
	offer(cur, "", name);
}

static void offer_opts(const char *cur, const struct cli_opt *opts, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		offer_opt(cur, &opts[i]);
}

/* The block devices, as /dev/NAME: disks and their partitions. */
static void offer_devices(const char *cur, const char *prefix)
{
	char path[NAME_MAX + 8];
	struct dirent *d;
	DIR *dir = opendir("/sys/class/block");

	if (!dir)
		return;
	while ((d = readdir(dir)))
		if (d->d_name[0] != '.') {
			snprintf(path, sizeof(path), "/dev/%s", d->d_name);
			offer(cur, prefix, path);
		}
	closedir(dir);
}

/* The runs the module keeps, by id; none without the module. */
static void offer_runs(const char *cur)
{
	struct ssdk_run_status *runs;
	struct ssdk *h;
	char id[16];
	int n, i;

	if (ssdk_open(&h) < 0)
		return;
	n = ssdk_run_list(h, NULL, 0);
	runs = n > 0 ? calloc(n, sizeof(*runs)) : NULL;
	if (runs) {
		n = ssdk_run_list(h, runs, n);
		for (i = 0; i < n; i++) {
			snprintf(id, sizeof(id), "%u", runs[i].id);
			offer(cur, "", id);
		}
	}
	free(runs);
	ssdk_close(h);
}

/* The values of an option; @prefix is "--name=" when they follow it. */
static void offer_values(const char *cur, const char *prefix, const struct cli_opt *o)
{
	const char *const *names, *const *docs, *comma;
	char list[256];
	unsigned int i, n;

	switch (args_opt_value(o)) {
	case CLI_VALUE_NAME:
		n = args_opt_names(o, &names, &docs);
		for (i = 0; i < n; i++)
			offer(cur, prefix, names[i]);
		break;
	case CLI_VALUE_PROFILE:
		/* The study's --profile takes a list: its last name. */
		comma = strrchr(cur, ',');
		if (comma && comma - cur >= (long)strlen(prefix) &&
		    comma - cur + 1 < (long)sizeof(list)) {
			snprintf(list, sizeof(list), "%.*s", (int)(comma - cur + 1), cur);
			prefix = list;
		}
		for (i = 0; i < nr_profiles; i++)
			offer(cur, prefix, profiles[i].name);
		break;
	case CLI_VALUE_DEVICE:
		offer_devices(cur, prefix);
		printf(":file\n");
		break;
	case CLI_VALUE_FILE:
		printf(":file\n");
		break;
	case CLI_VALUE_DIR:
		printf(":dir\n");
		break;
	default:
		break;
	}
}

/* A command's option (args_cmd_opts()) or a common one by its form: --name or -l. */
static const struct cli_opt *find_opt(const struct cli_cmd *cmd, const char *word, size_t len)
{
	const struct cli_opt *opts[ARGS_MAX_OPTS], *o;
	unsigned int i, n = args_cmd_opts(cmd, opts);

	for (i = 0; i < n + args_nr_common; i++) {
		o = i < n ? opts[i] : &args_common[i - n];
		if (word[1] != '-' && len == 2 && o->letter == word[1])
			return o;
		if (word[1] == '-' && strlen(cli_opt_name(o)) == len - 2 &&
		    !strncmp(cli_opt_name(o), word + 2, len - 2))
			return o;
	}
	return NULL;
}

/* The operand of @cmd, the @nth (from 0). */
static void offer_operand(const struct cli_cmd *cmd, const char *cur, int nth)
{
	unsigned int i;

	switch (cmd->operand) {
	case CLI_RUN_ID:
		if (!nth)
			offer_runs(cur);
		break;
	case CLI_RUN_IDS:
		offer_runs(cur);
		break;
	case CLI_FILE:
		if (!nth)
			printf(":file\n");
		break;
	case CLI_WORD:
		for (i = 0; !nth && cmd->words[i]; i++)
			offer(cur, "", cmd->words[i]);
		break;
	case CLI_COMMAND:
		/* ssdk help [GROUP] [COMMAND]: the previous operand may be a group. */
		break;
	default:
		break;
	}
}

/* Completion in a command's words: @argv from the command's name, @cur last. */
static void complete_cmd(const struct cli_cmd *cmd, int argc, char **argv)
{
	const struct cli_opt *opts[ARGS_MAX_OPTS], *o;
	const char *cur = argv[argc - 1], *eq;
	int i, n, nth = 0, operands_only = 0;
	char prefix[80];

	for (i = 1; i < argc - 1; i++) {
		if (operands_only || argv[i][0] != '-' || !argv[i][1]) {
			nth++;
			continue;
		}
		if (!strcmp(argv[i], "--")) {
			operands_only = 1;
			continue;
		}
		o = strchr(argv[i], '=') ? NULL : find_opt(cmd, argv[i], strlen(argv[i]));
		if (o && o->arg && i == argc - 2) {
			offer_values(cur, "", o);
			return;
		}
		if (o && o->arg)
			i++;	/* its value */
	}
	if (!operands_only && cur[0] == '-') {
		eq = strchr(cur, '=');
		if (cur[1] == '-' && eq) {
			o = find_opt(cmd, cur, eq - cur);
			snprintf(prefix, sizeof(prefix), "%.*s", (int)(eq - cur + 1), cur);
			if (o && o->arg && strlen(prefix) < sizeof(prefix) - 1)
				offer_values(cur, prefix, o);
			return;
		}
		n = args_cmd_opts(cmd, opts);
		for (i = 0; i < n; i++)
			offer_opt(cur, opts[i]);
		offer_opts(cur, args_common, args_nr_common);
		return;
	}
	if (cmd->operand == CLI_COMMAND) {
		/* ssdk help: a group or ssdk's own command, then the group's. */
		if (!nth)
			offer_commands(cur, NULL);
		else if (nth == 1 && command_group(argv[argc - 2]))
			offer_commands(cur, command_group(argv[argc - 2]));
		return;
	}
	offer_operand(cmd, cur, nth);
}

/**
 * ssdk_complete() - ssdk __complete: the candidates for a word of ssdk's
 * command line (see the top of this file).
 * @cli: Settings.
 * @argc: Arguments, "__complete" first.
 * @argv: Arguments.
 *
 * Return: 0; a line it cannot complete has no candidates.
 */
int ssdk_complete(struct cli *cli, int argc, char **argv)
{
	const struct cli_cmd *cmd;
	const char *group = NULL, *cur;
	int i = 1;

	if (argc < 2)
		return 0;
	cur = argv[argc - 1];
	/* ssdk's own options, before the command. */
	while (i < argc - 1 && argv[i][0] == '-')
		i++;
	if (i == argc - 1) {
		if (cur[0] == '-')
			offer_opts(cur, ssdk_opts, args_nr_opts(ssdk_opts));
		else
			offer_commands(cur, NULL);
		if (cur[0] != '-')
			external_list(cli->argv0, cur);
		return 0;
	}
	group = command_group(argv[i]);
	if (group && ++i == argc - 1) {
		offer_commands(cur, group);
		return 0;
	}
	cmd = command_find(group, argv[i]);
	if (cmd)
		complete_cmd(cmd, argc - i, argv + i);
	else if (!group) {
		/* its answer or none: nothing is said on stderr */
		fflush(stdout);
		if (freopen("/dev/null", "w", stderr))
			external_run(cli, argv[i], "__complete", argc - i - 1, argv + i + 1);
	}
	return 0;
}
