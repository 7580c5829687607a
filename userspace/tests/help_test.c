// SPDX-License-Identifier: GPL-2.0
/*
 * Host tests of `ssdk -j help` (cli/cmd_help.c), the JSON the man pages
 * and their check are made from, on the kselftest harness: the real
 * program's dump, read with json-c, against the real parser's tables.
 * Every option getopt_long() is given for a command (args_getopt(), the
 * tables args_parse() parses with) is in the dump with its letter and
 * whether it takes a value, and nothing else is; every option of the dump
 * is one args_parse() takes, by its long name and by its letter; and
 * each option's help in the dump is, word for word, what --help prints.
 */

#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "commands.h"
#include "values.h"
/* After values.h: its ARRAY_SIZE is not the harness's, which gives way. */
#include "kselftest_harness.h"

/* The dump of the real program, built beside the tests' directory. */
static struct json_object *dump(void)
{
	static struct json_object *d;
	FILE *p;
	char *text;
	size_t n;

	if (d)
		return d;
	text = calloc(1, 1 << 22);
	p = popen(SSDK_BIN " -j help", "r");
	if (!text || !p)
		abort();
	n = fread(text, 1, (1 << 22) - 1, p);
	if (pclose(p) || !n)
		abort();
	d = json_tokener_parse(text);
	free(text);
	if (!d)
		abort();
	return d;
}

static const char *str(struct json_object *o, const char *key)
{
	struct json_object *v;

	if (!json_object_object_get_ex(o, key, &v) || json_object_is_type(v, json_type_null))
		return NULL;
	return json_object_get_string(v);
}

static struct json_object *member(struct json_object *o, const char *key)
{
	struct json_object *v = NULL;

	json_object_object_get_ex(o, key, &v);
	return v;
}

/* The dump's entry of a command. */
static struct json_object *dumped_cmd(const struct cli_cmd *cmd)
{
	struct json_object *cmds = member(dump(), "commands"), *c;
	size_t i;

	for (i = 0; i < json_object_array_length(cmds); i++) {
		c = json_object_array_get_idx(cmds, i);
		if (!strcmp(str(c, "name"), cmd->name) &&
		    !!str(c, "group") == !!cmd->group &&
		    (!cmd->group || !strcmp(str(c, "group"), cmd->group)))
			return c;
	}
	return NULL;
}

static struct json_object *dumped_opt(struct json_object *c, const char *name)
{
	struct json_object *opts = member(c, "options"), *o;
	size_t i;

	for (i = 0; i < json_object_array_length(opts); i++) {
		o = json_object_array_get_idx(opts, i);
		if (!strcmp(str(o, "name"), name))
			return o;
	}
	return NULL;
}

TEST(every_command_is_dumped_once)
{
	struct json_object *cmds = member(dump(), "commands");
	unsigned int i;

	ASSERT_NE(NULL, cmds);
	EXPECT_EQ(nr_commands, json_object_array_length(cmds));
	for (i = 0; i < nr_commands; i++)
		EXPECT_NE(NULL, dumped_cmd(commands[i])) TH_LOG("%s", commands[i]->name);
}

TEST(every_option_the_parser_takes_is_dumped)
{
	const struct cli_opt *map[ARGS_MAX_OPTS];
	struct option lopts[ARGS_MAX_OPTS];
	char shorts[2 * ARGS_MAX_OPTS + 2], letter[2] = { 0 };
	struct json_object *c, *o;
	unsigned int i;
	const char *s;
	int n, k;

	for (i = 0; i < nr_commands; i++) {
		c = dumped_cmd(commands[i]);
		ASSERT_NE(NULL, c);
		n = args_getopt(commands[i], lopts, shorts, map);
		ASSERT_LT(0, n);
		EXPECT_EQ((size_t)n, json_object_array_length(member(c, "options")))
			TH_LOG("%s: options the parser lacks are dumped", commands[i]->name);
		for (k = 0; k < n; k++) {
			o = dumped_opt(c, lopts[k].name);
			EXPECT_NE(NULL, o) TH_LOG("%s --%s", commands[i]->name, lopts[k].name);
			if (!o)
				continue;
			EXPECT_EQ(lopts[k].has_arg == required_argument, !!str(o, "arg"))
				TH_LOG("%s --%s", commands[i]->name, lopts[k].name);
			letter[0] = map[k]->letter;
			EXPECT_STREQ(map[k]->letter ? letter : "", str(o, "letter") ?: "");
		}
		/* Each letter getopt takes is an option's of the dump. */
		for (s = shorts + 1; *s; s++) {
			if (*s == ':')
				continue;
			for (k = 0; k < n && map[k]->letter != *s; k++)
				;
			ASSERT_LT(k, n);
			letter[0] = *s;
			EXPECT_STREQ(letter, str(dumped_opt(c, cli_opt_name(map[k])), "letter") ?: "");
		}
	}
}

/* What args_parse() handed over: the option, its value. */
struct seen {
	const struct cli_opt *o;
	const char *arg;
};

static int record(struct cli *cli, const struct cli_opt *o, const char *arg, void *ctx)
{
	struct seen *s = ctx;

	s->o = o;
	s->arg = arg;
	return 0;
}

/* Parse "CMD FORM [VALUE]"; the option args_parse() saw, or NULL. */
static const struct cli_opt *parse_one(const struct cli_cmd *cmd, const char *form,
				       const char *value, int *err)
{
	struct cli cli = { .prog = "ssdk", .cmd = cmd->name };
	char *argv[] = { (char *)cmd->name, (char *)form, (char *)value, NULL };
	struct seen s = { 0 };
	int first;

	*err = args_parse(&cli, cmd, value ? 3 : 2, argv, record, &s, &first);
	/* The value handed over is the one given. */
	if (s.o && value && (!s.arg || strcmp(s.arg, value)))
		*err = -1;
	return s.o;
}

TEST(every_dumped_option_is_parsed)
{
	struct json_object *c, *opts, *o, *values;
	const struct cli_opt *got;
	const char *name, *letter, *value;
	char form[80];
	unsigned int i;
	size_t k;
	int err;

	for (i = 0; i < nr_commands; i++) {
		c = dumped_cmd(commands[i]);
		ASSERT_NE(NULL, c);
		opts = member(c, "options");
		for (k = 0; k < json_object_array_length(opts); k++) {
			o = json_object_array_get_idx(opts, k);
			name = str(o, "name");
			letter = str(o, "letter");
			values = member(o, "values");
			/* A value the option takes: its first name, or any word. */
			value = !str(o, "arg") ? NULL : json_object_array_length(values) ?
				str(json_object_array_get_idx(values, 0), "name") : "1";
			snprintf(form, sizeof(form), "--%s", name);
			got = parse_one(commands[i], form, value, &err);
			EXPECT_EQ(0, err) TH_LOG("%s %s", commands[i]->name, form);
			/* -j and --format are args_parse()'s own: not handed over. */
			if (strcmp(name, "json") && strcmp(name, "format") && strcmp(name, "help")) {
				EXPECT_NE(NULL, got) TH_LOG("%s %s", commands[i]->name, form);
				if (got)
					EXPECT_STREQ(name, cli_opt_name(got));
			}
			if (!letter || !strcmp(name, "help"))
				continue;
			snprintf(form, sizeof(form), "-%s", letter);
			got = parse_one(commands[i], form, value, &err);
			EXPECT_EQ(0, err) TH_LOG("%s %s", commands[i]->name, form);
			if (strcmp(name, "json") && got)
				EXPECT_STREQ(name, cli_opt_name(got));
		}
	}
}

/* Words of @text, blank-separated, one blank between each. */
static char *words(const char *text)
{
	char *out = malloc(strlen(text) + 1), *p = out;

	for (; *text; text++) {
		if (*text == ' ' || *text == '\n') {
			if (p != out && p[-1] != ' ')
				*p++ = ' ';
		} else {
			*p++ = *text;
		}
	}
	*p = '\0';
	return out;
}

TEST(dumped_help_is_what_help_prints)
{
	struct json_object *c, *opts, *o;
	char *printed, *help, *head, *text = NULL;
	size_t size = 0, k;
	unsigned int i;
	FILE *f;

	for (i = 0; i < nr_commands; i++) {
		c = dumped_cmd(commands[i]);
		ASSERT_NE(NULL, c);
		f = open_memstream(&text, &size);
		ASSERT_NE(NULL, f);
		for (k = 0; k < args_nr_opts(commands[i]->opts); k++)
			args_opt_help(f, &commands[i]->opts[k]);
		for (k = 0; k < args_nr_common; k++)
			args_opt_help(f, &args_common[k]);
		fclose(f);
		printed = words(text);
		opts = member(c, "options");
		for (k = 0; k < json_object_array_length(opts); k++) {
			o = json_object_array_get_idx(opts, k);
			help = words(str(o, "help"));
			head = malloc(strlen(help) + 128);
			snprintf(head, strlen(help) + 128, "--%s%s%s %s", str(o, "name"),
				 str(o, "arg") ? " " : "", str(o, "arg") ?: "", help);
			EXPECT_NE(NULL, strstr(printed, head))
				TH_LOG("%s: '%s' is not in its --help", commands[i]->name, head);
			free(head);
			free(help);
		}
		free(printed);
		free(text);
		text = NULL;
	}
}

TEST_HARNESS_MAIN
