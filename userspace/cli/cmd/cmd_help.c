// SPDX-License-Identifier: GPL-2.0
/*
 * ssdk help: ssdk's help or a command's, and with -j every command and
 * option of the CLI's tables as JSON, with the spec's limits, defaults,
 * enum values and docs of the attributes they set: what the man pages
 * are made from (userspace/man/), so that they say what --help says.
 */

#include <string.h>

#include "commands.h"
#include "external.h"
#include "platform.h"
#include "json.h"

static const char *const operand_names[] = {
	[CLI_NO_OPERAND] = "none", [CLI_RUN_ID] = "run-id", [CLI_RUN_IDS] = "run-ids",
	[CLI_FILE] = "file", [CLI_WORD] = "word",
	[CLI_COMMAND] = "command",
};

static const char *const value_names[] = {
	[CLI_VALUE_NONE] = "none", [CLI_VALUE_ANY] = "any", [CLI_VALUE_NAME] = "name",
	[CLI_VALUE_DEVICE] = "device", [CLI_VALUE_FILE] = "file", [CLI_VALUE_DIR] = "dir",
	[CLI_VALUE_PROFILE] = "profile",
};

/* Text of lines, a line each: "a\nb" is ["a", "b"]. */
static void json_lines(struct json *j, const char *key, const char *text)
{
	const char *nl;
	char line[512];

	json_array_begin(j, key, 0);
	for (; *text; text = nl + !!*nl) {
		nl = strchrnul(text, '\n');
		snprintf(line, sizeof(line), "%.*s", (int)(nl - text), text);
		json_str(j, NULL, line);
	}
	json_array_end(j);
}

static void json_str_or_null(struct json *j, const char *key, const char *s)
{
	if (s && *s)
		json_str(j, key, s);
	else
		json_null(j, key);
}

/* An option: its forms, its help as --help prints it, what the spec says. */
static void dump_opt(struct json *j, const struct cli_opt *o, int common)
{
	const struct ssdk_spec_attr *a = args_opt_attr(o);
	const char *const *names, *const *docs;
	struct cli_opt_spec s;
	char text[1024], letter[2] = { o->letter, 0 };
	unsigned int i, n;

	json_object_begin(j, NULL);
	json_str(j, "name", cli_opt_name(o));
	json_str_or_null(j, "letter", letter);
	json_str_or_null(j, "arg", o->arg);
	args_opt_text(text, sizeof(text), o);
	json_str(j, "help", text);
	json_str(j, "value", value_names[args_opt_value(o)]);
	json_boolean(j, "common", common);
	n = args_opt_names(o, &names, &docs);
	json_array_begin(j, "values", 0);
	for (i = 0; i < n; i++) {
		json_object_begin_inline(j, NULL);
		json_str(j, "name", names[i]);
		json_str_or_null(j, "doc", docs ? docs[i] : NULL);
		json_object_end(j);
	}
	json_array_end(j);
	if (a) {
		args_opt_spec(o, &s);
		json_object_begin(j, "attr");
		json_str(j, "name", a->name);
		json_str_or_null(j, "doc", a->doc);
		json_str_or_null(j, "min", s.min);
		json_str_or_null(j, "max", s.max);
		json_str_or_null(j, "default", s.dflt);
		json_object_end(j);
	} else {
		json_null(j, "attr");
	}
	json_object_end(j);
}

static void dump_opts(struct json *j, const struct cli_opt *opts, unsigned int n, int common)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		dump_opt(j, &opts[i], common);
}

/* A command: what it is, and its options (args_cmd_opts()), then the common ones. */
static void dump_cmd(struct json *j, const struct cli_cmd *cmd)
{
	const struct cli_opt *opts[ARGS_MAX_OPTS];
	unsigned int i, n = args_cmd_opts(cmd, opts);

	json_object_begin(j, NULL);
	json_str(j, "name", cmd->name);
	json_str_or_null(j, "group", cmd->group);
	json_lines(j, "usage", cmd->usage);
	json_str(j, "about", cmd->about);
	json_str(j, "summary", cmd->summary);
	json_str(j, "operand", operand_names[cmd->operand]);
	json_array_begin(j, "words", JSON_INLINE);
	for (i = 0; cmd->words && cmd->words[i]; i++)
		json_str(j, NULL, cmd->words[i]);
	json_array_end(j);
	json_boolean(j, "csv", cmd->csv);
	json_array_begin(j, "options", 0);
	for (i = 0; i < n; i++)
		dump_opt(j, opts[i], 0);
	dump_opts(j, args_common, args_nr_common, 1);
	json_array_end(j);
	json_object_end(j);
}

/* Every command and option of the tables, one JSON object. */
static int dump_all(void)
{
	struct json j;
	unsigned int i;

	json_init(&j, stdout);
	json_object_begin(&j, NULL);
	json_str(&j, "program", "ssdk");
	json_lines(&j, "usage", ssdk_usage);
	json_str(&j, "about", ssdk_about);
	json_array_begin(&j, "groups", JSON_INLINE);
	for (i = 0; command_groups[i]; i++)
		json_str(&j, NULL, command_groups[i]);
	json_array_end(&j);
	json_array_begin(&j, "options", 0);
	dump_opts(&j, ssdk_opts, args_nr_opts(ssdk_opts), 0);
	json_array_end(&j);
	json_array_begin(&j, "exit_status", 0);
	for (i = 0; i < nr_exit_statuses; i++) {
		json_object_begin_inline(&j, NULL);
		json_i64(&j, "status", exit_statuses[i].status);
		json_str(&j, "brief", exit_statuses[i].brief);
		json_str(&j, "doc", exit_statuses[i].doc);
		json_object_end(&j);
	}
	json_array_end(&j);
	json_array_begin(&j, "commands", 0);
	for (i = 0; i < nr_commands; i++)
		dump_cmd(&j, commands[i]);
	json_array_end(&j);
	json_object_end(&j);
	return json_finish(&j) ? EXIT_RUNTIME : 0;
}

static int help_run(struct cli *cli, int argc, char **argv)
{
	const struct cli_cmd *cmd = NULL;
	const char *group = NULL;
	int first, err;

	err = args_parse(cli, &cmd_help, argc, argv, NULL, NULL, &first);
	if (err)
		return err;
	if (first < argc)
		group = command_group(argv[first]);
	if (group)
		first++;
	if (first < argc) {
		cmd = command_find(group, argv[first]);
		/* ssdk help NAME of ssdk-NAME: its --help */
		if (!cmd && !group && !external_find(cli->argv0, argv[first], NULL, 0))
			return external_run(cli, argv[first], "--help", 0, NULL);
		if (!cmd)
			return usage_error(cli, "unknown %s%scommand '%s'", group ? group : "",
					   group ? " " : "", argv[first]);
		first++;
	}
	err = args_none(cli, argc, argv, first);
	if (err)
		return err;
	if (cli->json && !cmd)
		return dump_all();
	if (cli->json) {
		struct json j;

		json_init(&j, stdout);
		dump_cmd(&j, cmd);
		return json_finish(&j) ? EXIT_RUNTIME : 0;
	}
	if (cmd)
		args_help(cmd);
	else
		ssdk_help();
	return 0;
}

const struct cli_cmd cmd_help = {
	.name = "help",
	.usage = "ssdk help [GROUP] [COMMAND]\n"
		 "ssdk -j help [GROUP] [COMMAND]",
	.about = "ssdk's help, or a command's (as its --help). With -j, every command of\n"
		 "ssdk (or the one named) as JSON: its usage, what it does, what it takes,\n"
		 "and each option with its help as --help prints it, what its value is,\n"
		 "the names it takes and, for an option that sets a run attribute, that\n"
		 "attribute's doc, limits and default as the spec has them: what the man\n"
		 "pages are made from.\n",
	.summary = "this help, a command's, or (-j) every command and option as JSON",
	.run = help_run,
	.operand = CLI_COMMAND,
};
