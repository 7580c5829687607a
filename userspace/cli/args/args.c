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

#define MAX_OPTS	ARGS_MAX_OPTS
#define HELP_COLUMN	21
#define HELP_WIDTH	79

enum { COMMON_JSON, COMMON_FORMAT, COMMON_HELP };

const struct cli_opt args_common[] = {
	[COMMON_JSON] = { "json", 'j', NULL, 0, "print JSON (Documentation/userspace/json.rst)",
	  CLI_EVERY_CMD },
	[COMMON_FORMAT] = { "format", 0, "FORMAT", 0,
	  "text (the default), json (-j), csv (results: run, results, sweep, compare, study, precondition, review), openmetrics or prometheus (metrics of runs: run, replay, results, status; Documentation/userspace/openmetrics.rst)",
	  CLI_EVERY_CMD },
	[COMMON_HELP] = { "help", 'h', NULL, 0, "this help", CLI_EVERY_CMD },
};

const unsigned int args_nr_common = ARRAY_SIZE(args_common);

enum { FORMAT_TEXT, FORMAT_JSON, FORMAT_CSV, FORMAT_OPENMETRICS, FORMAT_PROMETHEUS, NR_FORMATS };

/* The values of --format, in the order of its help: what it reads, what completes it. */
static const char *const formats[NR_FORMATS] = {
	[FORMAT_TEXT] = "text", [FORMAT_JSON] = "json", [FORMAT_CSV] = "csv",
	[FORMAT_OPENMETRICS] = "openmetrics", [FORMAT_PROMETHEUS] = "prometheus",
};

/* --format's value. */
static int set_format(struct cli *cli, const struct cli_cmd *cmd, const char *arg)
{
	int f;

	for (f = 0; f < NR_FORMATS && strcmp(arg, formats[f]); f++)
		;
	if (f == NR_FORMATS)
		return usage_error(cli, "--format: '%s' is none of %s, %s, %s, %s, %s", arg,
				   formats[0], formats[1], formats[2], formats[3], formats[4]);
	cli->json = f == FORMAT_JSON;
	cli->csv = f == FORMAT_CSV;
	cli->metrics = f == FORMAT_OPENMETRICS ? &output_openmetrics :
		       f == FORMAT_PROMETHEUS ? &output_prometheus : NULL;
	if (cli->metrics && !cmd->metrics)
		return usage_error(cli, "--format %s: %s prints no run's metrics (%s is for run, replay, results, status)",
				   arg, cmd->name, arg);
	if (cli->csv && !cmd->csv)
		return usage_error(cli, "--format csv: %s prints no results (csv is for run, results, sweep, compare, study, precondition, review)",
				   cmd->name);
	return 0;
}

/**
 * args_nr_opts() - How many options a table holds.
 * @opts: The table, up to an entry without a name or an attribute; or NULL.
 *
 * Return: Its options.
 */
unsigned int args_nr_opts(const struct cli_opt *opts)
{
	unsigned int n = 0;

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

/**
 * args_applies() - Whether an option of a command's table is the command's.
 * @cmd: The command.
 * @o: An option of its table, or a common one.
 *
 * Return: 1 when @cmd takes @o: its table is its own, or @o's @cmds
 * holds @cmd's bit; 0 when @cmd refuses it.
 */
int args_applies(const struct cli_cmd *cmd, const struct cli_opt *o)
{
	return !cmd->use || (o->cmds & CLI_CMD_BIT(cmd->use));
}

/**
 * args_cmd_opts() - A command's own options: those of its table that
 * apply to it (args_applies()), in the table's order; not the common ones.
 * @cmd: The command.
 * @opts: Room for ARGS_MAX_OPTS of them.
 *
 * Return: How many.
 */
unsigned int args_cmd_opts(const struct cli_cmd *cmd, const struct cli_opt **opts)
{
	unsigned int i, n = 0;

	for (i = 0; i < args_nr_opts(cmd->opts) && n < MAX_OPTS; i++)
		if (args_applies(cmd, &cmd->opts[i]))
			opts[n++] = &cmd->opts[i];
	return n;
}

/**
 * args_cmd_opt() - A command's own option by its long name.
 * @cmd: The command.
 * @name: The name, without its dashes.
 *
 * Return: The option, or NULL when @cmd takes none of that name.
 */
const struct cli_opt *args_cmd_opt(const struct cli_cmd *cmd, const char *name)
{
	const struct cli_opt *opts[MAX_OPTS];
	unsigned int i, n = args_cmd_opts(cmd, opts);

	for (i = 0; i < n; i++)
		if (!strcmp(cli_opt_name(opts[i]), name))
			return opts[i];
	return NULL;
}

/* Whether @lopts[0 .. @n) has an option of @name. */
static int has_name(const struct option *lopts, int n, const char *name)
{
	while (n--)
		if (!strcmp(lopts[n].name, name))
			return 1;
	return 0;
}

/**
 * args_getopt() - The tables getopt_long() parses a command's line with.
 * @cmd: The command.
 * @lopts: Its options, the common ones, then the others of its table, so
 *	that they are refused by name (ARGS_MAX_OPTS); a name once, the
 *	command's own first.
 * @shorts: Their letters, getopt's optstring (2 * ARGS_MAX_OPTS + 2).
 * @map: The option of each entry of @lopts (ARGS_MAX_OPTS).
 *
 * Return: The number of options, or -1 when they do not fit.
 */
int args_getopt(const struct cli_cmd *cmd, struct option *lopts, char *shorts,
		const struct cli_opt **map)
{
	int nt = args_nr_opts(cmd->opts), n = 0, i;
	const struct cli_opt *all[MAX_OPTS], *o;
	unsigned int na;
	char *s = shorts;

	if (nt + (int)ARRAY_SIZE(args_common) >= MAX_OPTS)
		return -1;
	na = args_cmd_opts(cmd, all);
	for (i = 0; i < (int)ARRAY_SIZE(args_common); i++)
		all[na++] = &args_common[i];
	for (i = 0; i < nt; i++)
		if (!args_applies(cmd, &cmd->opts[i]))
			all[na++] = &cmd->opts[i];
	*s++ = ':';	/* a missing value is ':', not '?' */
	*s = '\0';
	for (i = 0; i < (int)na; i++) {
		o = all[i];
		if (has_name(lopts, n, cli_opt_name(o)))
			continue;
		map[n] = o;
		lopts[n] = (struct option){ cli_opt_name(o),
					    o->arg ? required_argument : no_argument, NULL,
					    0x100 + n };
		n++;
		/* A letter's first option is the one it stands for. */
		if (o->letter && !strchr(shorts, o->letter)) {
			*s++ = o->letter;
			if (o->arg)
				*s++ = ':';
			*s = '\0';
		}
	}
	lopts[n] = (struct option){ 0 };
	return n;
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
 * -h was handled before the command ran (main.c). An option of @cmd's
 * table that is not @cmd's (args_applies()) is refused by name, before
 * the options after it are read.
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

	if (args_getopt(cmd, lopts, shorts, map) < 0)
		return runtime_error(cli, "%s: too many options for the parser", cmd->name);
	/*
	 * 0, not 1: glibc's whole reset, which forgets where a previous
	 * parse was in a word of letters (args_apply() parses twice).
	 */
	optind = 0;
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
		if (!args_applies(cmd, o))
			return usage_error(cli, "%s%s%s: --%s does not apply to %s",
					   cmd->group ? cmd->group : "", cmd->group ? " " : "",
					   cmd->name, cli_opt_name(o), cmd->name);
		if (o->letter == 'j') {
			cli->json = 1;
			cli->csv = 0;
			cli->metrics = NULL;
			continue;
		}
		if (o == &args_common[COMMON_FORMAT]) {
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

/**
 * args_opt_attr() - The spec's attribute an option sets.
 * @o: The option.
 *
 * Return: The attribute, or NULL when it sets none.
 */
const struct ssdk_spec_attr *args_opt_attr(const struct cli_opt *o)
{
	return o->attr ? ssdk_spec_attr(SSDK_SPEC_SET_RUN, o->attr) : NULL;
}

/**
 * args_opt_names() - The names an option's value is one of: its enum
 * attribute's values, or --format's.
 * @o: The option.
 * @names: Set to the names.
 * @docs: Set to what each is, "" for none; NULL when none has one.
 *
 * Return: How many names; 0 when the value is not one of a list.
 */
unsigned int args_opt_names(const struct cli_opt *o, const char *const **names,
			    const char *const **docs)
{
	const struct ssdk_spec_attr *a = args_opt_attr(o);
	const struct ssdk_spec_enum *e;

	*docs = NULL;
	if (o == &args_common[COMMON_FORMAT]) {
		*names = formats;
		return ARRAY_SIZE(formats);
	}
	if (!a || !o->arg || a->enum_id < 0)
		return 0;
	e = ssdk_spec_enum(a->enum_id);
	if (!e)
		return 0;
	*names = e->names;
	*docs = e->docs;
	return e->nr;
}

/**
 * args_opt_value() - What an option's value is, for the shell's completion.
 * @o: The option.
 *
 * Return: &enum cli_value: from its enum, or from what @o->arg calls it.
 */
enum cli_value args_opt_value(const struct cli_opt *o)
{
	static const struct { const char *arg; enum cli_value value; } by_arg[] = {
		{ "DEV", CLI_VALUE_DEVICE }, { "FILE", CLI_VALUE_FILE },
		{ "DIR", CLI_VALUE_DIR }, { "PROFILE", CLI_VALUE_PROFILE },
	};
	const char *const *names, *const *docs;
	unsigned int i;

	if (!o->arg)
		return CLI_VALUE_NONE;
	if (args_opt_names(o, &names, &docs))
		return CLI_VALUE_NAME;
	for (i = 0; i < ARRAY_SIZE(by_arg); i++)
		if (!strcmp(o->arg, by_arg[i].arg))
			return by_arg[i].value;
	return CLI_VALUE_ANY;
}

/**
 * args_set_attr() - Set the run attribute of an option from its value.
 * @cli: Settings.
 * @o: The option; its @attr is set.
 * @arg: Its value, or NULL for a flag.
 * @c: The configuration.
 *
 * The value is read as its kind (a size, a duration, a number, a name);
 * its range is the module's to check, but for a duration past the spec's
 * maximum, said here in the option's own unit (8760h) rather than in ns.
 *
 * Return: 0, or EXIT_USAGE (said).
 */
int args_set_attr(struct cli *cli, const struct cli_opt *o, const char *arg,
		  struct ssdk_run_config *c)
{
	const struct ssdk_spec_attr *a = args_opt_attr(o);
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
		/* Past the spec's limit (max-duration-ns), said in its terms. */
		if (!err && (a->flags & SSDK_SPEC_HAS_MAX) && v > a->max)
			return usage_error(cli, "--%s: '%s' is more than %s, the longest it takes",
					   cli_opt_name(o), arg,
					   fmt_duration(names, sizeof(names), a->max));
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

/* @text at HELP_COLUMN of @f, its words wrapped at HELP_WIDTH. */
static void help_wrap(FILE *f, const char *text)
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
			fprintf(f, "\n%*s", HELP_COLUMN, "");
			col = HELP_COLUMN;
			first = 1;
		}
		if (!first) {
			fputc(' ', f);
			col++;
		}
		fprintf(f, "%.*s", len, p);
		col += len;
		first = 0;
		p = end;
	}
	fputc('\n', f);
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

/**
 * args_opt_spec() - What the spec says of an option's attribute: its
 * limits and default, in the option's units.
 * @o: The option.
 * @s: Its limits and default; "" for what the spec does not give, and
 *	for all of them when @o sets no attribute or is a flag. An enum's
 *	limits are left out: its names say them.
 */
void args_opt_spec(const struct cli_opt *o, struct cli_opt_spec *s)
{
	const struct ssdk_spec_attr *a = args_opt_attr(o);

	s->min[0] = '\0';
	s->max[0] = '\0';
	s->dflt[0] = '\0';
	if (!a || !o->arg)
		return;
	if (a->flags & SSDK_SPEC_HAS_DEFAULT) {
		if (a->enum_id >= 0)
			snprintf(s->dflt, sizeof(s->dflt), "%s", enum_name(a->enum_id, a->dflt));
		else
			help_value(s->dflt, sizeof(s->dflt), o, a->dflt);
	}
	if (a->enum_id >= 0)
		return;
	if (a->flags & SSDK_SPEC_HAS_MIN)
		help_value(s->min, sizeof(s->min), o, a->min);
	if (a->flags & SSDK_SPEC_HAS_MAX)
		help_value(s->max, sizeof(s->max), o, a->max);
}

/* What the spec says of an option's attribute: " (1 .. 1024; default 1)". */
static void help_spec(char *buf, size_t size, const struct cli_opt *o)
{
	const struct ssdk_spec_attr *a = args_opt_attr(o);
	struct cli_opt_spec s;
	char names[256];
	size_t n = 0;

	buf[0] = '\0';
	if (!a || !o->arg)
		return;
	args_opt_spec(o, &s);
	if (a->enum_id >= 0)
		n = snprintf(buf, size, " (%s", enum_list(names, sizeof(names), a->enum_id));
	else if (s.min[0] && s.max[0])
		n = snprintf(buf, size, " (%s .. %s", s.min, s.max);
	else if (s.min[0])
		n = snprintf(buf, size, " (at least %s", s.min);
	else if (s.max[0])
		n = snprintf(buf, size, " (at most %s", s.max);
	if (s.dflt[0])
		n += snprintf(buf + n, size - n, "%s%s", n ? "; " : " (", "default ");
	if (s.dflt[0])
		n += snprintf(buf + n, size - n, "%s", s.dflt);
	if (n)
		snprintf(buf + n, size - n, ")");
}

/**
 * args_opt_text() - An option's help, as --help prints it before wrapping:
 * its own text, then the spec's limits, default and enum values.
 * @buf: The text.
 * @size: Room in @buf.
 * @o: The option.
 */
void args_opt_text(char *buf, size_t size, const struct cli_opt *o)
{
	char spec[512];

	help_spec(spec, sizeof(spec), o);
	snprintf(buf, size, "%s%s", o->help, spec);
}

/**
 * args_opt_help() - An option's lines of --help: its forms, then its text
 * (args_opt_text()) wrapped in a column.
 * @f: Where to print them.
 * @o: The option.
 */
void args_opt_help(FILE *f, const struct cli_opt *o)
{
	char text[1024];
	int col;

	if (o->letter)
		col = fprintf(f, "  -%c, --%s%s%s", o->letter, cli_opt_name(o), o->arg ? " " : "",
			      o->arg ? o->arg : "");
	else
		col = fprintf(f, "  --%s%s%s", cli_opt_name(o), o->arg ? " " : "",
			      o->arg ? o->arg : "");
	if (col >= HELP_COLUMN)
		fprintf(f, "\n%*s", HELP_COLUMN, "");
	else
		fprintf(f, "%*s", HELP_COLUMN - col, "");
	args_opt_text(text, sizeof(text), o);
	help_wrap(f, text);
}

/**
 * args_help() - A command's help: usage, what it does, its options
 * (args_cmd_opts()), the common ones.
 * @cmd: The command.
 */
void args_help(const struct cli_cmd *cmd)
{
	const struct cli_opt *opts[MAX_OPTS];
	const char *line = cmd->usage, *nl;
	unsigned int i, n;

	for (i = 0; *line; i++, line = nl + !!*nl) {
		nl = strchrnul(line, '\n');
		printf("%s%.*s\n", i ? "       " : "usage: ", (int)(nl - line), line);
	}
	printf("\n%s", cmd->about);
	n = args_cmd_opts(cmd, opts);
	if (n)
		putchar('\n');
	for (i = 0; i < n; i++)
		args_opt_help(stdout, opts[i]);
	putchar('\n');
	for (i = 0; i < ARRAY_SIZE(args_common); i++)
		args_opt_help(stdout, &args_common[i]);
}
