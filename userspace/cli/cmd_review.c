// SPDX-License-Identifier: GPL-2.0
/*
 * ssdk review: a whole review in one command, a suite's steps on one
 * device (review.h), checked whole before the first writes anything.
 */

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "../engines/engine.h"
#include "commands.h"
#include "review.h"
#include "values.h"

/* The commands a suite's step may run. */
static const struct cli_cmd *const step_cmds[] = {
	&cmd_run, &cmd_sweep, &cmd_compare, &cmd_replay, &cmd_purge, &cmd_precondition, &cmd_study,
};

const struct suite_commands review_commands = { step_cmds, ARRAY_SIZE(step_cmds) };

enum {
	OPT_TARGET, OPT_FS, OPT_SCALE, OPT_RUNTIME, OPT_SPAN, OPT_OUT, OPT_RESUME,
	OPT_ALLOW_WRITE, OPT_DRY_RUN, OPT_QUIET,
};

static const struct cli_opt review_opts[] = {
	[OPT_TARGET] = { "target", 't', "DEV", 0,
		"the block device reviewed: written, and made into each filesystem" },
	[OPT_FS] = { "fs", 0, "LIST", 0,
		"the filesystems of the suite's steps after its filesystem step, in turn: ext4, xfs, btrfs (default ext4)" },
	[OPT_SCALE] = { "scale", 0, "SCALE", 0,
		"full (default): the suite as written; quick: every measuring step " REVIEW_QUICK_RUNTIME
		" (or --runtime), every span and the test file at most 1 GiB, to try a suite out" },
	[OPT_RUNTIME] = { "runtime", 0, "TIME", 0, "every measuring step's runtime instead of the suite's" },
	[OPT_SPAN] = { "span", 0, "SIZE", 0,
		"every step's span and the test file at most SIZE: a protocol's span on a smaller drive" },
	[OPT_OUT] = { "out", 'o', "DIR", 0,
		"the review's directory, made: results, record, summary, report" },
	[OPT_RESUME] = { "resume", 0, "DIR", 0,
		"continue the review stopped in DIR at its next step, with its options" },
	[OPT_ALLOW_WRITE] = { "allow-write", 0, NULL, 0,
		"consent to the steps' writes and to making filesystems on the target" },
	[OPT_DRY_RUN] = { "dry-run", 0, NULL, 0,
		"check every step on the target, then start nothing and write nothing" },
	[OPT_QUIET] = { "quiet", 'q', NULL, 0, "no progress" },
	{ 0 },
};

struct review_args {
	struct review *r;
	const char *suite;
	const char *fs;
	int scale_set;
	int dry_run;
};

static int review_opt(struct cli *cli, const struct cli_opt *o, const char *arg, void *ctx)
{
	struct review_args *a = ctx;
	struct review *r = a->r;
	uint64_t ns;

	switch (o - review_opts) {
	case OPT_TARGET:
		snprintf(r->target, sizeof(r->target), "%s", arg);
		break;
	case OPT_FS:
		a->fs = arg;
		break;
	case OPT_SCALE:
		if (strcmp(arg, "quick") && strcmp(arg, "full"))
			return usage_error(cli, "--scale: '%s' is neither quick nor full", arg);
		r->scale = !strcmp(arg, "quick") ? REVIEW_QUICK : REVIEW_FULL;
		a->scale_set = 1;
		break;
	case OPT_RUNTIME:
		if (ssdk_parse_duration_ns(arg, &ns) || !ns)
			return usage_error(cli, "--runtime: '%s' is not a time", arg);
		snprintf(r->runtime, sizeof(r->runtime), "%s", arg);
		break;
	case OPT_SPAN:
		if (ssdk_parse_size(arg, &ns) || !ns)
			return usage_error(cli, "--span: '%s' is not a size", arg);
		snprintf(r->span, sizeof(r->span), "%s", arg);
		break;
	case OPT_OUT:
	case OPT_RESUME:
		if (r->dir[0])
			return usage_error(cli, "--out and --resume: one directory");
		snprintf(r->dir, sizeof(r->dir), "%s", arg);
		r->resume = o - review_opts == OPT_RESUME;
		break;
	case OPT_ALLOW_WRITE:
		r->allow_write = 1;
		break;
	case OPT_DRY_RUN:
		a->dry_run = 1;
		break;
	case OPT_QUIET:
		r->quiet = 1;
		break;
	}
	return 0;
}

/* A file's whole text, NUL-terminated; NULL with errno. */
static char *read_text(const char *path)
{
	char *text = NULL;
	size_t n = 0, got;
	FILE *f;

	f = fopen(path, "r");
	if (!f)
		return NULL;
	text = malloc(1 << 20);
	if (text)
		n = fread(text, 1, (1 << 20) - 1, f);
	got = n;
	if (text && (ferror(f) || !feof(f))) {
		free(text);
		text = NULL;
		errno = EFBIG;
	}
	fclose(f);
	if (text)
		text[got] = '\0';
	return text;
}

#ifndef SSDK_DATADIR
#define SSDK_DATADIR "/usr/local/share/ssdk"
#endif

/**
 * review_suites_dir() - Where the shipped suites are: suites/ of the
 * source tree, beside this program's directory; for an installed
 * program, which has none there, suites/ of its data directory.
 * @dir: The directory (not resolved: it may not exist).
 * @size: Room in @dir.
 *
 * Return: 0, or -1 when this program cannot be found or the path is too long.
 */
int review_suites_dir(char *dir, size_t size)
{
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);

	if (n <= 0)
		return -1;
	exe[n] = '\0';
	*strrchr(exe, '/') = '\0';
	if (snprintf(dir, size, "%s/../suites", exe) >= (int)size)
		return -1;
	if (access(dir, F_OK))
		return snprintf(dir, size, "%s/suites", SSDK_DATADIR) >= (int)size ? -1 : 0;
	return 0;
}

/* The suite: a file, or the name of a shipped one (tomshardware-2012). */
static int load_suite(struct cli *cli, struct review *r, const char *name)
{
	char err[512], dir[PATH_MAX];

	snprintf(r->suite_path, sizeof(r->suite_path), "%s", name);
	if (access(name, F_OK) && !strchr(name, '/')) {
		if (review_suites_dir(dir, sizeof(dir)) ||
		    snprintf(r->suite_path, sizeof(r->suite_path), "%s/%s%s", dir, name,
			     strstr(name, ".ini") ? "" : ".ini") >= (int)sizeof(r->suite_path))
			return runtime_error(cli, "%s: a name too long", name);
		/* the shipped suite's path, for messages */
		if (realpath(r->suite_path, dir))
			snprintf(r->suite_path, sizeof(r->suite_path), "%s", dir);
	}
	r->suite_text = read_text(r->suite_path);
	if (!r->suite_text)
		return runtime_error(cli, "%s: %s", name, strerror(errno));
	if (suite_parse(r->suite_text, name, &review_commands, &r->suite, err, sizeof(err)))
		return runtime_error(cli, "%s", err);
	return 0;
}

/* --fs, against the suite: each filesystem found, or why not. */
static int find_filesystems(struct cli *cli, struct review *r, const char *list)
{
	int has_fs_step = 0;
	char copy[64], *name, *save, err[512];
	unsigned int i;

	for (i = 0; i < r->suite.nr; i++)
		has_fs_step |= r->suite.steps[i].kind == SUITE_FILESYSTEM;
	if (list && !has_fs_step)
		return usage_error(cli, "--fs: %s has no filesystem step", r->suite_path);
	if (!has_fs_step)
		return 0;
	/* --resume gives the list from r->fs_list itself */
	snprintf(copy, sizeof(copy), "%s", list ? list : "ext4");
	snprintf(r->fs_list, sizeof(r->fs_list), "%s", copy);
	for (name = strtok_r(copy, ",", &save); name; name = strtok_r(NULL, ",", &save)) {
		for (i = 0; i < r->nr_fs; i++)
			if (!strcmp(r->fs[i].name, name))
				return usage_error(cli, "--fs: %s twice", name);
		if (r->nr_fs == REVIEW_MAX_FS)
			return usage_error(cli, "--fs: at most %d filesystems", REVIEW_MAX_FS);
		if (fs_find(name, &r->fs[r->nr_fs], err, sizeof(err)))
			return usage_error(cli, "--fs: %s", err);
		r->nr_fs++;
	}
	if (!r->nr_fs)
		return usage_error(cli, "--fs: an empty list");
	return 0;
}

/* A new review's directory: made, empty, holding the suite as run. */
static int make_dir(struct cli *cli, struct review *r)
{
	char path[PATH_MAX + 16];
	time_t t = time(NULL);
	FILE *f;

	if (mkdir(r->dir, 0755) && errno != EEXIST)
		return runtime_error(cli, "--out: %s: %s", r->dir, strerror(errno));
	snprintf(path, sizeof(path), "%s/suite.ini", r->dir);
	f = fopen(path, "wx");
	if (!f)
		return runtime_error(cli, "--out: %s: %s", path,
				     errno == EEXIST ? "a review is there already (--resume continues it)" :
				     strerror(errno));
	fputs(r->suite_text, f);
	if (fclose(f)) {
		runtime_error(cli, "%s: %s", path, strerror(errno));
		goto undo;
	}
	strftime(r->started, sizeof(r->started), "%Y-%m-%dT%H:%M:%SZ", gmtime(&t));
	if (!review_conditions_write(cli, r) && !review_record_write(cli, r, "running"))
		return 0;
undo:
	/* a directory with no record is neither resumed nor reused: none */
	unlink(path);
	return EXIT_RUNTIME;
}

/* The options and the suite of a review: new, or resumed from its directory. */
static int review_setup(struct cli *cli, struct review *r, struct review_args *a)
{
	char path[PATH_MAX + 16];
	ssize_t n;
	int err;

	n = readlink("/proc/self/exe", r->exe, sizeof(r->exe) - 1);
	if (n <= 0)
		return runtime_error(cli, "/proc/self/exe: %s", strerror(errno));
	r->exe[n] = '\0';
	if (r->resume) {
		if (a->suite || a->fs || a->scale_set || r->runtime[0] || r->span[0])
			return usage_error(cli, "--resume: the suite and its options are the review's, in %s",
					   r->dir);
		err = review_record_read(cli, r);
		if (err)
			return err;
		snprintf(path, sizeof(path), "%s/suite.ini", r->dir);
		a->suite = path;
		a->fs = r->fs_list[0] ? r->fs_list : NULL;
		err = load_suite(cli, r, path);
	} else {
		if (!a->suite)
			return usage_error(cli, "a suite is needed (a file, or one of suites/)");
		if (!r->target[0])
			return usage_error(cli, "--target is needed");
		if (!r->dir[0] && !a->dry_run)
			return usage_error(cli, "--out DIR is needed");
		err = load_suite(cli, r, a->suite);
	}
	if (!err)
		err = find_filesystems(cli, r, a->fs);
	if (!err)
		err = review_plan(cli, r);
	if (!err && r->resume)
		err = review_record_states(cli, r);
	return err;
}

static int review_cmd_run(struct cli *cli, int argc, char **argv)
{
	struct review_args a = { 0 };
	struct review *r;
	int err, first;

	r = calloc(1, sizeof(*r));
	if (!r)
		return runtime_error(cli, "out of memory");
	a.r = r;
	err = args_parse(cli, &cmd_review, argc, argv, review_opt, &a, &first);
	if (!err && first < argc)
		a.suite = argv[first++];
	if (!err && first < argc)
		err = usage_error(cli, "unexpected '%s': one suite", argv[first]);
	if (!err)
		err = review_setup(cli, r, &a);
	if (!err)
		err = review_check(cli, r);
	if (err || a.dry_run) {
		if (!err)
			review_dry_run(cli, r);
		goto out;
	}
	/* from here a signal stops the review between its steps, or its step */
	cli_catch_signals();
	r->t0 = ujob_now_ns() / 1e9;
	err = r->resume ? review_record_write(cli, r, "running") : make_dir(cli, r);
	if (err)
		goto out;
	err = review_run(cli, r);
	if (review_finish(cli, r, !err ? "done" : err == EXIT_SIGINT ? "stopped" : "failed") &&
	    !err)
		err = EXIT_RUNTIME;
out:
	free(r->suite_text);
	free(r);
	return err;
}

const struct cli_cmd cmd_review = {
	.name = "review",
	.usage = "ssdk review SUITE --target DEV --out DIR [--fs LIST] [--scale quick|full]\n"
		 "            [--runtime TIME] [--span SIZE] --allow-write\n"
		 "ssdk review --resume DIR --allow-write",
	.about = "Run a suite (Documentation/suites.rst: a file, or the name of one of suites/)\n"
		 "on DEV: its steps in order, those after its filesystem step once per\n"
		 "filesystem of --fs, on a test file laid out in it. Every step is checked on\n"
		 "the target first (its command's dry run; the filesystems' tools and their\n"
		 "dry runs): a step that cannot run is said, by its number and name, before\n"
		 "anything is written. Then each runs with its progress and the time left;\n"
		 "its JSON goes to DIR, with the suite as run (suite.ini), the conditions\n"
		 "(conditions.json), the record of every step (review.json), the summary\n"
		 "(summary.txt, summary.csv, and printed) and the Python package's report\n"
		 "(report.html) when it is installed. Ctrl-C stops the current step and keeps\n"
		 "what is done; --resume DIR continues from there. -j prints review.json.\n",
	.summary = "a whole review: a suite's steps on one device, checked first",
	.opts = review_opts,
	.run = review_cmd_run,
	.csv = 1,
	.operand = CLI_SUITE,
};
