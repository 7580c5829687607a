// SPDX-License-Identifier: GPL-2.0
/*
 * Options of the commands (args.h): read with getopt_long() in its GNU
 * order, options and operands mixed as the user wrote them; -j and -h
 * belong to every command. The help of an option that sets a run
 * attribute ends with the attribute's limits and default as the spec
 * has them, and an enum's values by name.
 */

#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "values.h"

#define MAX_OPTS	64
#define HELP_COLUMN	21
#define HELP_WIDTH	79

static const struct cli_opt common_opts[] = {
	{ "json", 'j', NULL, 0, "print JSON (Documentation/userspace/json.rst)" },
	{ "format", 0, "FORMAT", 0,
	  "text (the default), json (-j), csv (results: run, results, sweep, compare, study, precondition, review), openmetrics or prometheus (metrics of runs: run, replay, results, status; Documentation/userspace/openmetrics.rst)" },
	{ "help", 'h', NULL, 0, "this help" },
};

/* --format's value. */
static int set_format(struct cli *cli, const struct cli_cmd *cmd, const char *arg)
{
	cli->json = !strcmp(arg, "json");
	cli->csv = !strcmp(arg, "csv");
	cli->metrics = !strcmp(arg, "openmetrics") ? &output_openmetrics :
		       !strcmp(arg, "prometheus") ? &output_prometheus : NULL;
	if (!cli->json && !cli->csv && !cli->metrics && strcmp(arg, "text"))
		return usage_error(cli, "--format: '%s' is none of text, json, csv, openmetrics, prometheus",
				   arg);
	if (cli->metrics && !cmd->metrics)
		return usage_error(cli, "--format %s: %s prints no run's metrics (%s is for run, replay, results, status)",
				   arg, cmd->name, arg);
	if (cli->csv && !cmd->csv)
		return usage_error(cli, "--format csv: %s prints no results (csv is for run, results, sweep, compare, study, precondition, review)",
				   cmd->name);
	return 0;
}

static int count_opts(const struct cli_opt *opts)
{
	int n = 0;

	while (opts && (opts[n].name || opts[n].attr))
		n++;
	return n;
}

/**
 * cli_opt_name() - An option's long name: its own, or its attribute's.
 * @o: The option.
 *
 * Return: The name, without its dashes.
 */
const char *cli_opt_name(const struct cli_opt *o)
{
	const struct ssdk_spec_attr *a;

	if (o->name)
		return o->name;
	a = ssdk_spec_attr(SSDK_SPEC_SET_RUN, o->attr);
	return a ? a->name : "?";
}

/* The option table of getopt_long() for @cmd's options, then the common ones. */
static int build_getopt(const struct cli_cmd *cmd, struct option *lopts, char *shorts,
			const struct cli_opt **map)
{
	int n = count_opts(cmd->opts), i;
	const struct cli_opt *o;
	char *s = shorts;

	if (n + (int)ARRAY_SIZE(common_opts) >= MAX_OPTS)
		return -1;
	*s++ = ':';	/* a missing value is ':', not '?' */
	for (i = 0; i < n + (int)ARRAY_SIZE(common_opts); i++) {
		o = i < n ? &cmd->opts[i] : &common_opts[i - n];
		map[i] = o;
		lopts[i] = (struct option){ cli_opt_name(o), o->arg ? required_argument : no_argument,
					    NULL, 0x100 + i };
		if (o->letter) {
			*s++ = o->letter;
			if (o->arg)
				*s++ = ':';
		}
	}
	lopts[i] = (struct option){ 0 };
	*s = '\0';
	return n + ARRAY_SIZE(common_opts);
}

/**
 * args_parse() - Read a command's options.
 * @cli: Settings: -j sets @cli->json; the output backend is chosen here.
 * @cmd: The command.
 * @argc: Arguments, the command's name first.
 * @argv: Arguments; reordered, operands last, as GNU getopt does.
 * @on_opt: Called for each of the command's own options; NULL for a
 *	command that has none.
 * @ctx: For @on_opt.
 * @first: The index of the first operand in @argv.
 *
 * -h was handled before the command ran (main.c).
 *
 * Return: 0, or the exit status of a usage error (said).
 */
int args_parse(struct cli *cli, const struct cli_cmd *cmd, int argc, char **argv,
	       cli_opt_fn on_opt, void *ctx, int *first)
{
	const struct cli_opt *map[MAX_OPTS];
	struct option lopts[MAX_OPTS];
	char shorts[2 * MAX_OPTS + 2];
	const struct cli_opt *o;
	int c, i, err;

	if (build_getopt(cmd, lopts, shorts, map) < 0)
		return runtime_error(cli, "%s: too many options for the parser", cmd->name);
	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, shorts, lopts, NULL)) != -1) {
		if (c == ':')
			return usage_error(cli, "option '%s' needs a value", argv[optind - 1]);
		if (c == '?')
			return usage_error(cli, "unknown option '%s'", argv[optind - 1]);
		if (c < 0x100) {
			/* A letter: the option it stands for. */
			for (i = 0; map[i]->letter != c; i++)
				;
			c = 0x100 + i;
		}
		o = map[c - 0x100];
		if (o->letter == 'j') {
			cli->json = 1;
			cli->csv = 0;
			cli->metrics = NULL;
			continue;
		}
		if (o >= common_opts && o < common_opts + ARRAY_SIZE(common_opts) &&
		    !strcmp(o->name, "format")) {
			err = set_format(cli, cmd, optarg);
			if (err)
				return err;
			continue;
		}
		err = on_opt(cli, o, optarg, ctx);
		if (err)
			return err;
	}
	cli->out.ops = cli->csv ? &output_csv : cli->metrics ? cli->metrics :
		       cli->json ? &output_json : &output_text;
	*first = optind;
	return 0;
}

/**
 * args_apply() - Apply options given as one string, as if they came first.
 * @cli: Settings.
 * @cmd: The command whose options they are.
 * @args: The options, blank-separated (a profile's).
 * @on_opt: As for args_parse().
 * @ctx: For @on_opt.
 *
 * Return: 0 or an exit status.
 */
int args_apply(struct cli *cli, const struct cli_cmd *cmd, const char *args,
	       cli_opt_fn on_opt, void *ctx)
{
	char buf[512], *argv[64], *save;
	int argc = 1, first, err;

	snprintf(buf, sizeof(buf), "%s", args);
	argv[0] = (char *)cmd->name;
	for (argv[argc] = strtok_r(buf, " ", &save); argv[argc] && argc < 63;
	     argv[++argc] = strtok_r(NULL, " ", &save))
		;
	err = args_parse(cli, cmd, argc, argv, on_opt, ctx, &first);
	if (!err && first < argc)
		err = runtime_error(cli, "unexpected word '%s' in a profile", argv[first]);
	return err;
}

static const struct ssdk_spec_attr *opt_attr(const struct cli_opt *o)
{
	return o->attr ? ssdk_spec_attr(SSDK_SPEC_SET_RUN, o->attr) : NULL;
}

/**
 * args_set_attr() - Set the run attribute of an option from its value.
 * @cli: Settings.
 * @o: The option; its @attr is set.
 * @arg: Its value, or NULL for a flag.
 * @c: The configuration.
 *
 * The value is read as its kind (a size, a duration, a number, a name);
 * its range is the module's to check.
 *
 * Return: 0, or EXIT_USAGE (said).
 */
int args_set_attr(struct cli *cli, const struct cli_opt *o, const char *arg,
		  struct ssdk_run_config *c)
{
	const struct ssdk_spec_attr *a = opt_attr(o);
	const char *kind = "a number";
	char names[256];
	uint64_t v = 1;
	int err = 0;

	if (!a)
		return runtime_error(cli, "--%s: no attribute %u in the spec", cli_opt_name(o), o->attr);
	if (!o->arg) {
		v = 1;
	} else if (a->enum_id >= 0) {
		err = ssdk_spec_value(a->enum_id, arg, &v) ? -EINVAL : 0;
		if (err)
			return usage_error(cli, "--%s: '%s' is none of %s", cli_opt_name(o), arg,
					   enum_list(names, sizeof(names), a->enum_id));
	} else if (!strcmp(o->arg, "SIZE")) {
		err = parse_size(arg, &v);
		kind = "a size";
	} else if (!strcmp(o->arg, "TIME")) {
		err = parse_duration_ns(arg, &v);
		kind = "a duration (e.g. 10s, 500ms, 3m)";
	} else {
		err = parse_u64(arg, &v);
	}
	if (!err && ssdk_config_set(c, o->attr, v))
		err = -ERANGE;
	if (err)
		return usage_error(cli, "--%s: '%s' %s%s", cli_opt_name(o), arg,
				   err == -ERANGE ? "is too large" : "is not ",
				   err == -ERANGE ? "" : kind);
	return 0;
}

/**
 * args_ids() - Run ids, the operands of a command.
 * @cli: Settings.
 * @argc: Arguments.
 * @argv: Arguments.
 * @first: The first operand.
 * @min: Ids wanted at least.
 * @max: Ids wanted at most (0: any number).
 * @ids: Room for them (@max, or @argc - @first).
 *
 * Return: 0 or EXIT_USAGE (said).
 */
int args_ids(struct cli *cli, int argc, char **argv, int first, unsigned int min,
	     unsigned int max, uint32_t *ids)
{
	unsigned int n = argc - first, i;

	if (n < min)
		return usage_error(cli, "a run id is needed");
	if (max && n > max)
		return usage_error(cli, "unexpected argument '%s'", argv[first + max]);
	for (i = 0; i < n; i++)
		if (parse_u32(argv[first + i], &ids[i]) || !ids[i])
			return usage_error(cli, "'%s' is not a run id", argv[first + i]);
	return 0;
}

/**
 * args_none() - Refuse operands of a command that takes none.
 * @cli: Settings.
 * @argc: Arguments.
 * @argv: Arguments.
 * @first: The first operand.
 *
 * Return: 0 or EXIT_USAGE (said).
 */
int args_none(struct cli *cli, int argc, char **argv, int first)
{
	return first < argc ? usage_error(cli, "unexpected argument '%s'", argv[first]) : 0;
}

/**
 * args_alone() - Read the options of a command that takes no operand.
 * @cli: Settings.
 * @cmd: The command.
 * @argc: Arguments, the command's name first.
 * @argv: Arguments.
 * @on_opt: As for args_parse().
 * @ctx: For @on_opt.
 *
 * Return: 0 or EXIT_USAGE (said).
 */
int args_alone(struct cli *cli, const struct cli_cmd *cmd, int argc, char **argv,
	       cli_opt_fn on_opt, void *ctx)
{
	int first, err = args_parse(cli, cmd, argc, argv, on_opt, ctx, &first);

	return err ? err : args_none(cli, argc, argv, first);
}

/**
 * args_one_run() - Start a command on one run: its options, its run id,
 * the connection.
 * @cli: Settings.
 * @cmd: The command.
 * @argc: Arguments, the command's name first.
 * @argv: Arguments.
 * @on_opt: As for args_parse().
 * @ctx: For @on_opt.
 * @id: The run.
 * @h: The connection, to close (ssdk_close()) unless this fails.
 *
 * Return: 0 or an exit status (said).
 */
int args_one_run(struct cli *cli, const struct cli_cmd *cmd, int argc, char **argv,
		 cli_opt_fn on_opt, void *ctx, uint32_t *id, struct ssdk **h)
{
	int first, err;

	err = args_parse(cli, cmd, argc, argv, on_opt, ctx, &first);
	if (!err)
		err = args_ids(cli, argc, argv, first, 1, 1, id);
	return err ? err : cli_connect(cli, h);
}

/* --- help ---------------------------------------------------------------------- */

/* @text at HELP_COLUMN, its words wrapped at HELP_WIDTH. */
static void help_wrap(const char *text)
{
	int col = HELP_COLUMN, first = 1, len;
	const char *p = text, *end;

	while (*p) {
		while (*p == ' ')
			p++;
		for (end = p; *end && *end != ' '; end++)
			;
		len = end - p;
		if (!len)
			break;
		if (!first && col + 1 + len > HELP_WIDTH) {
			printf("\n%*s", HELP_COLUMN, "");
			col = HELP_COLUMN;
			first = 1;
		}
		if (!first) {
			putchar(' ');
			col++;
		}
		printf("%.*s", len, p);
		col += len;
		first = 0;
		p = end;
	}
	putchar('\n');
}

/* A value of an option in its kind: 4k, 1s, 64. */
static const char *help_value(char *buf, size_t size, const struct cli_opt *o, uint64_t v)
{
	if (o->arg && !strcmp(o->arg, "SIZE"))
		return fmt_size(buf, size, v);
	if (o->arg && !strcmp(o->arg, "TIME"))
		return fmt_duration(buf, size, v);
	snprintf(buf, size, "%llu", (unsigned long long)v);
	return buf;
}

/* What the spec says of an option's attribute: " (1 .. 1024; default 1)". */
static void help_spec(char *buf, size_t size, const struct cli_opt *o)
{
	const struct ssdk_spec_attr *a = opt_attr(o);
	char lo[32], hi[32], dflt[64], names[256];
	size_t n = 0;

	buf[0] = '\0';
	if (!a || !o->arg)
		return;
	if (a->flags & SSDK_SPEC_HAS_DEFAULT)
		snprintf(dflt, sizeof(dflt), "default %s", a->enum_id >= 0 ?
			 enum_name(a->enum_id, a->dflt) : help_value(lo, sizeof(lo), o, a->dflt));
	if (a->enum_id >= 0)
		n = snprintf(buf, size, " (%s", enum_list(names, sizeof(names), a->enum_id));
	else if ((a->flags & SSDK_SPEC_HAS_MIN) && (a->flags & SSDK_SPEC_HAS_MAX))
		n = snprintf(buf, size, " (%s .. %s", help_value(lo, sizeof(lo), o, a->min),
			     help_value(hi, sizeof(hi), o, a->max));
	else if (a->flags & SSDK_SPEC_HAS_MIN)
		n = snprintf(buf, size, " (at least %s", help_value(lo, sizeof(lo), o, a->min));
	else if (a->flags & SSDK_SPEC_HAS_MAX)
		n = snprintf(buf, size, " (at most %s", help_value(hi, sizeof(hi), o, a->max));
	if (a->flags & SSDK_SPEC_HAS_DEFAULT)
		n += snprintf(buf + n, size - n, "%s%s", n ? "; " : " (", dflt);
	if (n)
		snprintf(buf + n, size - n, ")");
}

static void help_opt(const struct cli_opt *o)
{
	char spec[512], text[1024];
	int col;

	if (o->letter)
		col = printf("  -%c, --%s%s%s", o->letter, cli_opt_name(o), o->arg ? " " : "",
			     o->arg ? o->arg : "");
	else
		col = printf("  --%s%s%s", cli_opt_name(o), o->arg ? " " : "", o->arg ? o->arg : "");
	if (col >= HELP_COLUMN)
		printf("\n%*s", HELP_COLUMN, "");
	else
		printf("%*s", HELP_COLUMN - col, "");
	help_spec(spec, sizeof(spec), o);
	snprintf(text, sizeof(text), "%s%s", o->help, spec);
	help_wrap(text);
}

/**
 * args_help() - A command's help: usage, what it does, its options.
 * @cmd: The command.
 */
void args_help(const struct cli_cmd *cmd)
{
	const char *line = cmd->usage, *nl;
	unsigned int i;

	for (i = 0; *line; i++, line = nl + !!*nl) {
		nl = strchrnul(line, '\n');
		printf("%s%.*s\n", i ? "       " : "usage: ", (int)(nl - line), line);
	}
	printf("\n%s", cmd->about);
	if (count_opts(cmd->opts))
		putchar('\n');
	for (i = 0; i < (unsigned int)count_opts(cmd->opts); i++)
		help_opt(&cmd->opts[i]);
	putchar('\n');
	for (i = 0; i < ARRAY_SIZE(common_opts); i++)
		help_opt(&common_opts[i]);
}
