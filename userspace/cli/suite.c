// SPDX-License-Identifier: GPL-2.0
/*
 * Suites: fio-style INI files of steps (suite.h), read into steps whose
 * keys are checked against their command's own option table, and each
 * step made into its command line. Errors name the file and the line.
 */

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "suite.h"
#include "values.h"

/* The keys of a filesystem step (it is no command: they are listed here). */
static const char *const fs_keys[] = {
	"mkfs-options",		/* extra options of mkfs.FS, recorded with the results */
	"mount-options",	/* options of the mount (-o) */
	"file-size",		/* the test file, laid out (every byte written) */
};

/* Options the review gives every step itself. */
static const char *const review_keys[] = { "target", "file", "allow-write", "json", "help",
					   "format", "dry-run", "quiet" };

static int fail(char *err, size_t len, const char *file, unsigned int line, const char *fmt,
		...) __attribute__((format(printf, 5, 6)));

static int fail(char *err, size_t len, const char *file, unsigned int line, const char *fmt,
		...)
{
	va_list ap;
	int n;

	n = snprintf(err, len, "%s:%u: ", file, line);
	va_start(ap, fmt);
	if (n >= 0 && (size_t)n < len)
		vsnprintf(err + n, len - n, fmt, ap);
	va_end(ap);
	return -1;
}

static char *trim(char *s)
{
	char *end;

	while (isspace((unsigned char)*s))
		s++;
	end = s + strlen(s);
	while (end > s && isspace((unsigned char)end[-1]))
		*--end = '\0';
	return s;
}

static int listed(const char *const *list, size_t n, const char *key)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!strcmp(list[i], key))
			return 1;
	return 0;
}

/* A key of a step (or of [global], @cmd NULL: any measuring command's). */
static int check_key(const struct suite_kv *kv, const struct suite_step *st,
		     const struct suite_commands *cmds, const char *file, char *err, size_t len)
{
	const struct cli_opt *o = NULL;
	unsigned int i;

	if (listed(review_keys, ARRAY_SIZE(review_keys), kv->key))
		return fail(err, len, file, kv->line, "%s: the review gives it, not the suite",
			    kv->key);
	if (st && st->kind == SUITE_FILESYSTEM) {
		if (!listed(fs_keys, ARRAY_SIZE(fs_keys), kv->key))
			return fail(err, len, file, kv->line,
				    "[%s]: a filesystem step takes mkfs-options, mount-options, file-size; not %s",
				    st->name, kv->key);
		if (kv->flag || !kv->value[0])
			return fail(err, len, file, kv->line, "%s needs a value", kv->key);
		return 0;
	}
	if (st) {
		o = args_cmd_opt(st->cmd, kv->key);
	} else {
		for (i = 0; i < cmds->nr && !o; i++)
			o = args_cmd_opt(cmds->cmds[i], kv->key);
	}
	if (!o)
		return fail(err, len, file, kv->line, "%s%s%s: no option %s", st ? "[" : "",
			    st ? st->name : "[global]", st ? "]" : "", kv->key);
	if (o->arg && (kv->flag || !kv->value[0]))
		return fail(err, len, file, kv->line, "%s needs a value (%s=%s)", kv->key, kv->key,
			    o->arg);
	if (!o->arg && !kv->flag)
		return fail(err, len, file, kv->line, "%s is a flag: its name alone", kv->key);
	return 0;
}

static const struct cli_cmd *find_cmd(const struct suite_commands *cmds, const char *name)
{
	unsigned int i;

	for (i = 0; i < cmds->nr; i++)
		if (!strcmp(cmds->cmds[i]->name, name))
			return cmds->cmds[i];
	return NULL;
}

/* A section's step= set, the other keys checked against its command. */
static int finish_step(struct suite_step *st, int *after_fs, const struct suite_commands *cmds,
		       const char *file, char *err, size_t len)
{
	const char *cmd = NULL;
	unsigned int i, k;

	for (i = 0; i < st->nr_kv; i++)
		if (!strcmp(st->kv[i].key, "step"))
			cmd = st->kv[i].value;
	if (!cmd || !cmd[0])
		return fail(err, len, file, st->line,
			    "[%s]: no step= (run, sweep, compare, replay, purge, precondition, study, filesystem)",
			    st->name);
	if (!strcmp(cmd, "filesystem")) {
		if (*after_fs)
			return fail(err, len, file, st->line,
				    "[%s]: a second filesystem step (the steps after the first run on each)",
				    st->name);
		st->kind = SUITE_FILESYSTEM;
		*after_fs = 1;
	} else {
		st->cmd = find_cmd(cmds, cmd);
		if (!st->cmd)
			return fail(err, len, file, st->line,
				    "[%s]: step=%s is none of run, sweep, compare, replay, purge, precondition, study, filesystem",
				    st->name, cmd);
		st->kind = !strcmp(cmd, "purge") || !strcmp(cmd, "precondition") ? SUITE_STATE :
			   !strcmp(cmd, "study") ? SUITE_STUDY : SUITE_MEASURE;
		st->per_fs = *after_fs;
		if (st->per_fs && st->kind != SUITE_MEASURE)
			return fail(err, len, file, st->line,
				    "[%s]: %s writes the device under the filesystem: before the filesystem step",
				    st->name, cmd);
	}
	/* step= is not an option: out of the keys. */
	for (i = 0, k = 0; i < st->nr_kv; i++)
		if (strcmp(st->kv[i].key, "step"))
			st->kv[k++] = st->kv[i];
	st->nr_kv = k;
	for (i = 0; i < st->nr_kv; i++)
		if (check_key(&st->kv[i], st, cmds, file, err, len))
			return -1;
	if (st->kind == SUITE_FILESYSTEM && !suite_fs_key(st, "file-size"))
		return fail(err, len, file, st->line, "[%s]: file-size= is needed", st->name);
	return 0;
}

/* One key=value (or a flag) of a line, into @kv. */
static int read_kv(char *line, unsigned int n, struct suite_kv *kv, const char *file, char *err,
		   size_t len)
{
	char *eq = strchr(line, '='), *key = line, *value = NULL;

	if (eq) {
		*eq = '\0';
		value = trim(eq + 1);
	}
	key = trim(key);
	if (!key[0])
		return fail(err, len, file, n, "a value without a key");
	if (strlen(key) >= SUITE_KEY_LEN || (value && strlen(value) >= SUITE_VALUE_LEN))
		return fail(err, len, file, n, "%s: too long", key);
	memset(kv, 0, sizeof(*kv));
	strcpy(kv->key, key);
	if (value)
		strcpy(kv->value, value);
	kv->flag = !eq;
	kv->line = n;
	return 0;
}

/**
 * suite_parse() - Read a suite.
 * @text: The file's text, NUL-terminated.
 * @file: Its name, for messages and the title.
 * @cmds: The commands a step may name.
 * @s: The suite.
 * @err: Why not, "FILE:LINE: what", on failure.
 * @len: Room in @err.
 *
 * Lines are "[name]", "key=value", "key" (a flag), blank, or comments
 * ("#" or ";" first). A name may appear once; [global] is not a step.
 *
 * Return: 0 or -1.
 */
int suite_parse(const char *text, const char *file, const struct suite_commands *cmds,
		struct suite *s, char *err, size_t len)
{
	struct suite_step *st = NULL;
	int in_global = 0, after_fs = 0;
	unsigned int n = 0, i;
	const char *p = text;
	char buf[512], *line;
	size_t l;

	memset(s, 0, sizeof(*s));
	snprintf(s->title, sizeof(s->title), "%s", file);
	while (*p) {
		l = strcspn(p, "\n");
		n++;
		if (l >= sizeof(buf))
			return fail(err, len, file, n, "a line longer than %zu bytes",
				    sizeof(buf) - 1);
		memcpy(buf, p, l);
		buf[l] = '\0';
		p += l + (p[l] == '\n');
		line = trim(buf);
		if (line[0] == '#' || line[0] == ';') {
			if (n == 1)
				snprintf(s->title, sizeof(s->title), "%s", trim(line + 1));
			continue;
		}
		if (!line[0])
			continue;
		if (line[0] == '[') {
			l = strlen(line);
			if (line[l - 1] != ']' || l < 3)
				return fail(err, len, file, n, "a section is [name]: %s", line);
			line[l - 1] = '\0';
			line = trim(line + 1);
			if (!line[0])
				return fail(err, len, file, n, "a section without a name");
			if (st && finish_step(st, &after_fs, cmds, file, err, len))
				return -1;
			st = NULL;
			in_global = !strcmp(line, "global");
			if (in_global)
				continue;
			for (i = 0; i < s->nr; i++)
				if (!strcmp(s->steps[i].name, line))
					return fail(err, len, file, n, "[%s] twice", line);
			if (s->nr == SUITE_MAX_STEPS)
				return fail(err, len, file, n, "more than %d steps", SUITE_MAX_STEPS);
			if (strlen(line) >= SUITE_NAME_LEN)
				return fail(err, len, file, n, "a step's name is at most %d bytes",
					    SUITE_NAME_LEN - 1);
			st = &s->steps[s->nr++];
			strcpy(st->name, line);
			st->line = n;
			continue;
		}
		if (in_global) {
			if (s->nr_global == SUITE_MAX_KEYS)
				return fail(err, len, file, n, "more than %d keys", SUITE_MAX_KEYS);
			if (read_kv(line, n, &s->global[s->nr_global], file, err, len) ||
			    check_key(&s->global[s->nr_global], NULL, cmds, file, err, len))
				return -1;
			s->nr_global++;
			continue;
		}
		if (!st)
			return fail(err, len, file, n, "a key before the first [section]");
		if (st->nr_kv == SUITE_MAX_KEYS)
			return fail(err, len, file, n, "more than %d keys", SUITE_MAX_KEYS);
		if (read_kv(line, n, &st->kv[st->nr_kv++], file, err, len))
			return -1;
	}
	if (st && finish_step(st, &after_fs, cmds, file, err, len))
		return -1;
	if (!s->nr)
		return fail(err, len, file, n, "no step");
	return 0;
}

/**
 * suite_fs_key() - A key of a filesystem step.
 * @st: The step.
 * @key: Its name.
 *
 * Return: Its value, or NULL when it is not there.
 */
const char *suite_fs_key(const struct suite_step *st, const char *key)
{
	unsigned int i;

	for (i = 0; i < st->nr_kv; i++)
		if (!strcmp(st->kv[i].key, key))
			return st->kv[i].value;
	return NULL;
}

/**
 * suite_key() - The value a step's command gets for a key.
 * @s: The suite.
 * @st: A step that runs a command.
 * @key: The option's long name.
 *
 * The step's own last, else [global]'s (for a measuring step), as
 * suite_argv() orders them.
 *
 * Return: The value ("" for a flag), or NULL when neither gives it.
 */
const char *suite_key(const struct suite *s, const struct suite_step *st, const char *key)
{
	const char *v = NULL;
	unsigned int i;

	for (i = 0; st->kind == SUITE_MEASURE && i < s->nr_global; i++)
		if (!strcmp(s->global[i].key, key) && args_cmd_opt(st->cmd, key))
			v = s->global[i].value;
	for (i = 0; i < st->nr_kv; i++)
		if (!strcmp(st->kv[i].key, key))
			v = st->kv[i].value;
	return v;
}

static int push(char **argv, unsigned int *n, unsigned int max, const char *s)
{
	if (*n + 1 >= max)
		return -1;
	argv[(*n)++] = (char *)s;
	argv[*n] = NULL;
	return 0;
}

static int step_sets(const struct suite_step *st, const char *key)
{
	unsigned int i;

	for (i = 0; i < st->nr_kv; i++)
		if (!strcmp(st->kv[i].key, key))
			return 1;
	return 0;
}

/* --key [value] of one key, when @cmd has that option. */
static int push_kv(char **argv, unsigned int *n, unsigned int max, const struct cli_cmd *cmd,
		   const struct suite_kv *kv, char (*opt)[SUITE_KEY_LEN + 2])
{
	if (!args_cmd_opt(cmd, kv->key))
		return 0;
	snprintf(*opt, sizeof(*opt), "--%s", kv->key);
	if (push(argv, n, max, *opt))
		return -1;
	return kv->flag ? 0 : push(argv, n, max, kv->value);
}

/**
 * suite_argv() - A step's command line, without what the review adds.
 * @s: The suite.
 * @st: A step of it that runs a command.
 * @argv: Room for @max pointers; NULL-terminated. They point into @s and
 *	into static room that the next call reuses.
 * @max: Room.
 *
 * The command's name (study: "study new-vs-used"), then [global]'s keys
 * that the command has (a measuring step's only) and the step does not
 * set, then the step's own.
 *
 * Return: How many arguments, or -1 when they do not fit.
 */
int suite_argv(const struct suite *s, const struct suite_step *st, char **argv,
	       unsigned int max)
{
	static char opts[2 * SUITE_MAX_KEYS][SUITE_KEY_LEN + 2];
	unsigned int n = 0, i, k = 0;

	if (push(argv, &n, max, st->cmd->name) ||
	    (st->kind == SUITE_STUDY && push(argv, &n, max, "new-vs-used")))
		return -1;
	/* a key the step sets itself is not [global]'s: it is never read */
	for (i = 0; st->kind == SUITE_MEASURE && i < s->nr_global; i++)
		if (!step_sets(st, s->global[i].key) &&
		    push_kv(argv, &n, max, st->cmd, &s->global[i], &opts[k++]))
			return -1;
	for (i = 0; i < st->nr_kv; i++)
		if (push_kv(argv, &n, max, st->cmd, &st->kv[i], &opts[k++]))
			return -1;
	return n;
}
