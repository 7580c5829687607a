// SPDX-License-Identifier: GPL-2.0
/*
 * Host tests of `ssdk -j help` (cli/cmd/cmd_help.c), the JSON the man pages
 * and their check are made from, on the kselftest harness: the real
 * program's dump, read with json-c, against the real parser's tables.
 * Every option getopt_long() is given for a command (args_getopt(), the
 * tables args_parse() parses with) that applies to it is in the dump
 * with its letter and whether it takes a value, and nothing else is;
 * every option of the dump is one args_parse() takes, by its long name
 * and by its letter; and each option's help in the dump is, word for
 * word, what --help prints.
 *
 * And each command's options are its own: the ones its code reads, as
 * listed here, are what its help, --help and the dump offer, no other;
 * the others of a table commands share are refused by the real program,
 * in one line that names the option and the command, before anything
 * else is done.
 */

#include <ctype.h>
#include <json-c/json.h>
#include <stdio.h>
#include <sys/wait.h>
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
	for (i = 0; i < nr_commands; i++) {
		EXPECT_NE(NULL, dumped_cmd(commands[i])) TH_LOG("%s", commands[i]->name);
	}
}

TEST(every_option_the_parser_takes_is_dumped)
{
	const struct cli_opt *map[ARGS_MAX_OPTS];
	struct option lopts[ARGS_MAX_OPTS];
	char shorts[2 * ARGS_MAX_OPTS + 2], letter[2] = { 0 };
	struct json_object *c, *o;
	unsigned int i, own;
	const char *s;
	int n, k;

	for (i = 0; i < nr_commands; i++) {
		c = dumped_cmd(commands[i]);
		ASSERT_NE(NULL, c);
		n = args_getopt(commands[i], lopts, shorts, map);
		ASSERT_LT(0, n);
		for (k = 0, own = 0; k < n; k++)
			own += args_applies(commands[i], map[k]);
		EXPECT_EQ((size_t)own, json_object_array_length(member(c, "options")))
			TH_LOG("%s: options the parser lacks are dumped", commands[i]->name);
		for (k = 0; k < n; k++) {
			o = dumped_opt(c, lopts[k].name);
			/* The table's others are given to be refused, not dumped. */
			if (!args_applies(commands[i], map[k])) {
				EXPECT_EQ(NULL, o)
					TH_LOG("%s --%s", commands[i]->name, lopts[k].name);
				continue;
			}
			EXPECT_NE(NULL, o) TH_LOG("%s --%s", commands[i]->name, lopts[k].name);
			if (!o)
				continue;
			EXPECT_EQ(lopts[k].has_arg == required_argument, !!str(o, "arg"))
				TH_LOG("%s --%s", commands[i]->name, lopts[k].name);
			letter[0] = map[k]->letter;
			EXPECT_STREQ(map[k]->letter ? letter : "", str(o, "letter") ?: "");
		}
		/* Each letter getopt takes is an option's of the dump, or one refused. */
		for (s = shorts + 1; *s; s++) {
			if (*s == ':')
				continue;
			for (k = 0; k < n && map[k]->letter != *s; k++)
				;
			ASSERT_LT(k, n);
			letter[0] = *s;
			o = dumped_opt(c, cli_opt_name(map[k]));
			if (args_applies(commands[i], map[k])) {
				EXPECT_STREQ(letter, str(o, "letter") ?: "");
			} else {
				EXPECT_EQ(NULL, o);
			}
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
	const struct cli_opt *own[ARGS_MAX_OPTS];
	struct json_object *c, *opts, *o;
	char *printed, *help, *head, *text = NULL;
	size_t size = 0, k, n;
	unsigned int i;
	FILE *f;

	for (i = 0; i < nr_commands; i++) {
		c = dumped_cmd(commands[i]);
		ASSERT_NE(NULL, c);
		f = open_memstream(&text, &size);
		ASSERT_NE(NULL, f);
		n = args_cmd_opts(commands[i], own);
		for (k = 0; k < n; k++)
			args_opt_help(f, own[k]);
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

/*
 * What each command's code reads, beyond the common options: the
 * options its help, its dump and its completion offer, and no other.
 */
static const struct {
	const char *group, *name, *opts;
} reads[] = {
	{ "ctl", "info", "" },
	{ "ctl", "run", "target engine buffered file-size profile workers cpus rw rwmixread bs "
	  "bssplit iodepth batch polled anatomy offset span align align-offset stride pattern rate-iops "
	  "arrivals open-loop runtime ios ramp rounds round-time steady cpu seed slowest "
	  "ts-interval capture-over max-errors continue-on-error owned allow-write quiet dry-run "
	  "repeat strict-conditions" },
	/* No progress to quieten, no process to own the run once it returns. */
	{ "ctl", "start", "target engine buffered file-size profile workers cpus rw rwmixread bs "
	  "bssplit iodepth batch polled anatomy offset span align align-offset stride pattern rate-iops "
	  "arrivals open-loop runtime ios ramp rounds round-time steady cpu seed slowest "
	  "ts-interval capture-over max-errors continue-on-error allow-write dry-run strict-conditions" },
	/* A replay of a file too: a review's step on a filesystem. */
	{ "ctl", "replay", "target engine buffered file-size trace timing remap iodepth batch "
	  "polled anatomy offset span pattern runtime ios ramp cpu seed slowest ts-interval capture-over "
	  "max-errors continue-on-error owned allow-write quiet dry-run strict-conditions" },
	{ "ctl", "sweep", "target engine buffered file-size profile workers cpus rw rwmixread bs "
	  "bssplit iodepth batch polled anatomy offset span align align-offset stride pattern rate-iops "
	  "arrivals open-loop runtime ios ramp rounds round-time steady cpu seed slowest "
	  "ts-interval capture-over max-errors continue-on-error owned allow-write quiet dry-run "
	  "repeat strict-conditions" },
	{ "ctl", "purge", "target offset span method cpu slowest ts-interval capture-over "
	  "max-errors continue-on-error owned allow-write quiet dry-run" },
	{ "ctl", "precondition", "target rw rwmixread bs bssplit iodepth batch polled offset span "
	  "align align-offset stride pattern rate-iops arrivals open-loop ramp rounds round-time "
	  "steady mode passes cpu seed slowest ts-interval capture-over max-errors "
	  "continue-on-error owned allow-write quiet dry-run" },
	{ "ctl", "profiles", "" },
	{ NULL, "compare", "target buffered file-size engines file profile rw rwmixread bs bssplit "
	  "iodepth batch polled offset span align align-offset stride pattern rate-iops arrivals "
	  "open-loop runtime ios ramp rounds round-time steady cpu seed slowest ts-interval "
	  "capture-over max-errors continue-on-error owned allow-write quiet dry-run "
	  "strict-conditions" },
	{ NULL, "study", "target profile rw rwmixread bs bssplit iodepth batch polled offset span "
	  "align align-offset stride pattern rate-iops arrivals open-loop runtime ios ramp rounds "
	  "round-time steady method passes cpu seed slowest ts-interval capture-over max-errors "
	  "continue-on-error owned allow-write quiet dry-run" },
	{ "ctl", "status", "follow openmetrics-dir interval" },
	{ "ctl", "list", "" },
	{ "ctl", "wait", "timeout" },
	{ "ctl", "stop", "" },
	{ "ctl", "results", "slowest text captured" },
	{ "ctl", "delete", "" },
	{ "trace", "summary", "" },
	{ "trace", "dump", "" },
	{ "trace", "make", "out ios bs bs-split rwmixread seq-pct gaps offset span seed name" },
	{ "trace", "record", "target out duration buffer" },
	{ "system", "show", "target cpus root" },
	{ "system", "tune", "target cpus root max-exit-latency dry-run" },
	{ "system", "reset", "root dry-run" },
	{ NULL, "help", "" },
};

/* What the real program prints for @line (stdout and stderr), and its exit status. */
static char *run_ssdk(const char *line, int *status)
{
	char cmd[512], *out = calloc(1, 1 << 20);
	size_t n = 0, got;
	FILE *p;

	snprintf(cmd, sizeof(cmd), "%s %s 2>&1", SSDK_BIN, line);
	p = popen(cmd, "r");
	if (!out || !p)
		abort();
	while ((got = fread(out + n, 1, (1 << 20) - 1 - n, p)) > 0)
		n += got;
	*status = pclose(p);
	*status = WIFEXITED(*status) ? WEXITSTATUS(*status) : -1;
	return out;
}

/* A command's words after ssdk: "ctl run", "compare". */
static const char *path_of(const struct cli_cmd *cmd)
{
	static char path[64];

	snprintf(path, sizeof(path), "%s%s%s", cmd->group ? cmd->group : "",
		 cmd->group ? " " : "", cmd->name);
	return path;
}

/* Whether @text has @word whole: --engine, not in --engines nor --engine-x. */
static int has_word(const char *text, const char *word)
{
	const char *p;
	size_t n = strlen(word);

	for (p = strstr(text, word); p; p = strstr(p + 1, word))
		if ((p == text || (p[-1] != '-' && p[-1] != '_' && !isalnum(p[-1]))) &&
		    p[n] != '-' && p[n] != '_' && !isalnum(p[n]))
			return 1;
	return 0;
}

/* @list's words, a blank between each, as one name each. */
static int listed(const char *list, const char *name)
{
	size_t n = strlen(name);
	const char *p;

	for (p = strstr(list, name); p; p = strstr(p + 1, name))
		if ((p == list || p[-1] == ' ') && (p[n] == ' ' || !p[n]))
			return 1;
	return 0;
}

TEST(each_command_offers_the_options_its_code_reads)
{
	const struct cli_opt *own[ARGS_MAX_OPTS];
	struct json_object *c, *opts, *o;
	char word[128], *help;
	unsigned int i, k, n, nr;
	const char *p, *e;
	int status;

	ASSERT_EQ(nr_commands, ARRAY_SIZE(reads));
	for (i = 0; i < ARRAY_SIZE(reads); i++) {
		const struct cli_cmd *cmd = command_find(reads[i].group, reads[i].name);

		ASSERT_NE(NULL, cmd) TH_LOG("%s", reads[i].name);
		/* The parser's: each listed, and as many. */
		n = args_cmd_opts(cmd, own);
		for (k = 0; k < n; k++) {
			EXPECT_TRUE(listed(reads[i].opts, cli_opt_name(own[k])))
				TH_LOG("%s offers --%s, which its code does not read", path_of(cmd),
				       cli_opt_name(own[k]));
		}
		for (p = reads[i].opts, nr = 0; *p; p = *e ? e + 1 : e, nr++) {
			e = strchrnul(p, ' ');
			snprintf(word, sizeof(word), "%.*s", (int)(e - p), p);
			EXPECT_NE(NULL, args_cmd_opt(cmd, word))
				TH_LOG("%s reads --%s, which it does not offer", path_of(cmd),
				       word);
		}
		EXPECT_EQ(nr, n) TH_LOG("%s", path_of(cmd));
		/* The dump's, the common ones besides. */
		c = dumped_cmd(cmd);
		ASSERT_NE(NULL, c);
		opts = member(c, "options");
		for (k = 0, nr = 0; k < json_object_array_length(opts); k++) {
			o = json_object_array_get_idx(opts, k);
			if (json_object_get_boolean(member(o, "common")))
				continue;
			nr++;
			EXPECT_TRUE(listed(reads[i].opts, str(o, "name")))
				TH_LOG("%s dumps --%s", path_of(cmd), str(o, "name"));
		}
		EXPECT_EQ(n, nr) TH_LOG("%s", path_of(cmd));
		/* --help's: each option's line, and none of the table's others. */
		snprintf(word, sizeof(word), "%s --help", path_of(cmd));
		help = run_ssdk(word, &status);
		EXPECT_EQ(0, status);
		for (k = 0; k < n; k++) {
			snprintf(word, sizeof(word), "--%s", cli_opt_name(own[k]));
			EXPECT_TRUE(has_word(help, word))
				TH_LOG("%s --help: no %s", path_of(cmd), word);
		}
		for (k = 0; k < args_nr_opts(cmd->opts); k++) {
			snprintf(word, sizeof(word), "\n  --%s ", cli_opt_name(&cmd->opts[k]));
			if (!args_cmd_opt(cmd, cli_opt_name(&cmd->opts[k]))) {
				EXPECT_EQ(NULL, strstr(help, word))
					TH_LOG("%s --help offers %s", path_of(cmd), word + 3);
			}
		}
		free(help);
	}
}

TEST(purge_help_lacks_what_a_purge_does_not_take)
{
	static const char *const not_purge[] = {
		"--engine", "--engines", "--profile", "--file", "--file-size", "--rw", "--bs",
		"--iodepth", "--runtime", "--workers", "--trace", "--mode", "--passes",
	};
	char *help;
	unsigned int i;
	int status;

	help = run_ssdk("ctl purge --help", &status);
	EXPECT_EQ(0, status);
	for (i = 0; i < ARRAY_SIZE(not_purge); i++) {
		EXPECT_FALSE(has_word(help, not_purge[i])) TH_LOG("%s", not_purge[i]);
	}
	EXPECT_TRUE(has_word(help, "--method"));
	EXPECT_TRUE(has_word(help, "--target"));
	EXPECT_TRUE(has_word(help, "--allow-write"));
	EXPECT_EQ(NULL, strstr(help, "do not apply"));
	free(help);
}

/*
 * Each option of a table that commands share that is not a command's is
 * refused by the real program, by its long form and by its letter: one
 * line, exit 2, before anything else (without the --target the command
 * needs, which would be said otherwise).
 */
TEST(an_option_not_a_commands_own_is_refused_by_name)
{
	char head[128], line[256], want[256], *out;
	const struct cli_cmd *cmd;
	const struct cli_opt *o;
	unsigned int i, k, tried = 0;
	int status, form;

	for (i = 0; i < nr_commands; i++) {
		cmd = commands[i];
		/* The command's words: study's operand first. */
		snprintf(head, sizeof(head), "%s%s%s", path_of(cmd), cmd->words ? " " : "",
			 cmd->words ? cmd->words[0] : "");
		for (k = 0; cmd->use && k < args_nr_opts(cmd->opts); k++) {
			o = &cmd->opts[k];
			if (args_cmd_opt(cmd, cli_opt_name(o)))
				continue;
			snprintf(want, sizeof(want),
				 "ssdk: %s: --%s does not apply to %s (see 'ssdk %s --help')\n",
				 path_of(cmd), cli_opt_name(o), cmd->name, path_of(cmd));
			for (form = 0; form < 1 + !!o->letter; form++) {
				if (form)
					snprintf(line, sizeof(line), "%s -%c", head, o->letter);
				else
					snprintf(line, sizeof(line), "%s --%s", head, cli_opt_name(o));
				if (o->arg)
					strcat(line, " 1");
				out = run_ssdk(line, &status);
				EXPECT_EQ(2, status) TH_LOG("ssdk %s", line);
				EXPECT_STREQ(want, out) TH_LOG("ssdk %s", line);
				free(out);
				tried++;
			}
		}
	}
	EXPECT_LT(50u, tried);
	/* With what a purge needs, and after it: refused all the same. */
	out = run_ssdk("ctl purge --target /dev/null --method discard --allow-write --engine bio",
		       &status);
	EXPECT_EQ(2, status);
	EXPECT_STREQ("ssdk: ctl purge: --engine does not apply to purge (see 'ssdk ctl purge --help')\n",
		     out);
	free(out);
	out = run_ssdk("ctl start --target /dev/null --runtime 1s -q", &status);
	EXPECT_EQ(2, status);
	EXPECT_STREQ("ssdk: ctl start: --quiet does not apply to start (see 'ssdk ctl start --help')\n",
		     out);
	free(out);
}

/*
 * A table that commands share: each of its options is some command's
 * (else it would be dead), and a command has each name once (two options
 * of one name are for different commands).
 */
TEST(a_shared_tables_options_are_each_some_commands_once)
{
	const struct cli_opt *own[ARGS_MAX_OPTS];
	unsigned int i, j, k, n, whose;

	for (i = 0; i < nr_commands; i++) {
		n = args_cmd_opts(commands[i], own);
		for (k = 0; k < n; k++) {
			for (j = k + 1; j < n; j++) {
				EXPECT_STRNE(cli_opt_name(own[k]), cli_opt_name(own[j]))
					TH_LOG("%s", path_of(commands[i]));
			}
		}
		for (k = 0; commands[i]->use && k < args_nr_opts(commands[i]->opts); k++) {
			for (j = 0, whose = 0; j < nr_commands; j++)
				whose += commands[j]->opts == commands[i]->opts &&
					 args_applies(commands[j], &commands[i]->opts[k]);
			EXPECT_LT(0u, whose) TH_LOG("--%s is no command's",
						    cli_opt_name(&commands[i]->opts[k]));
		}
	}
}

TEST_HARNESS_MAIN
