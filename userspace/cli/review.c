// SPDX-License-Identifier: GPL-2.0
/*
 * ssdk review (review.h): a suite expanded into steps, every step checked
 * on the target before the first writes, then each run as a child ssdk
 * whose JSON goes into the review's directory.
 *
 * A step that runs after the filesystem step runs on the filesystem's
 * test file; before that filesystem exists it is checked as the same
 * workload on the raw device (kfile as bio, a userspace engine as its
 * -raw form), which checks what the module and the engines would refuse
 * of it, and its span against the file's size. What only the filesystem
 * can refuse (its alignment under O_DIRECT) its command finds when it
 * checks itself, after the filesystem is made.
 */

#include <errno.h>
#include <fcntl.h>
#include <json-c/json.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../engines/engine.h"
#include "layout.h"
#include "review.h"
#include "values.h"

/* The seed of the test file's data (its bytes only: no run's offsets). */
#define REVIEW_LAYOUT_SEED	1

/* A step's name as a file's: lower case, words joined by dashes. */
static void slug(const char *name, char *out, size_t len)
{
	size_t n = 0;
	int dash = 0;

	for (; *name && n + 2 < len; name++) {
		if ((*name >= 'a' && *name <= 'z') || (*name >= '0' && *name <= '9')) {
			if (dash && n)
				out[n++] = '-';
			out[n++] = *name;
			dash = 0;
		} else if (*name >= 'A' && *name <= 'Z') {
			if (dash && n)
				out[n++] = '-';
			out[n++] = *name - 'A' + 'a';
			dash = 0;
		} else {
			dash = 1;
		}
	}
	out[n] = '\0';
}

/* The filesystem step of the suite. */
static const struct suite_step *fs_step(const struct review *r)
{
	unsigned int i;

	for (i = 0; i < r->suite.nr; i++)
		if (r->suite.steps[i].kind == SUITE_FILESYSTEM)
			return &r->suite.steps[i];
	return NULL;
}

/**
 * review_span_cap() - The largest span a step of the review gets, and the
 * largest test file: --span's, and at quick scale at most 1 GiB.
 * @r: The review.
 *
 * Return: Bytes, or 0 for no limit.
 */
uint64_t review_span_cap(const struct review *r)
{
	uint64_t cap = 0;

	if (r->span[0])
		parse_size(r->span, &cap);
	if (r->scale == REVIEW_QUICK && (!cap || cap > REVIEW_QUICK_SPAN))
		cap = REVIEW_QUICK_SPAN;
	return cap;
}

/* The test file's size: the filesystem step's, within the cap. */
static uint64_t file_size(const struct review *r)
{
	const struct suite_step *st = fs_step(r);
	uint64_t size = 0, cap = review_span_cap(r);

	if (st)
		parse_size(suite_fs_key(st, "file-size"), &size);
	if (cap && size > cap)
		size = cap;
	return size;
}

/*
 * The span a step on a filesystem gets, with its offset: the suite's (or
 * none: the whole file, 0 here), the review's cap over it.
 */
static uint64_t step_span(const struct review *r, const struct suite_step *st)
{
	const char *span = suite_key(&r->suite, st, "span");
	const char *offset = suite_key(&r->suite, st, "offset");
	uint64_t v = 0, off = 0, cap = review_span_cap(r);

	if (span && parse_size(span, &v))
		return 0;	/* its command says what is wrong */
	if (cap && (!v || v > cap))
		v = cap;
	if (v && offset && !parse_size(offset, &off))
		v += off;
	return v;
}

/* Room for a step's command line. */
struct argv_buf {
	char **argv;
	unsigned int n;
	unsigned int max;
	char *room;
	size_t used;
	size_t size;
};

/* Append @s (copied) to the command line. */
static int arg(struct argv_buf *b, const char *s)
{
	size_t l = strlen(s) + 1;

	if (b->n + 2 > b->max || b->used + l > b->size)
		return -1;
	memcpy(b->room + b->used, s, l);
	b->argv[b->n++] = b->room + b->used;
	b->argv[b->n] = NULL;
	b->used += l;
	return 0;
}

/* Whether @name is one of the comma-separated @list. */
static int listed_engine(const char *list, const char *name)
{
	size_t l = strlen(name);
	const char *p;

	for (p = list; (p = strstr(p, name)); p += l)
		if ((p == list || p[-1] == ',') && (!p[l] || p[l] == ','))
			return 1;
	return 0;
}

/**
 * review_raw_engines() - An engine list as a step on a filesystem is
 * checked on the raw device: kfile as bio, a userspace engine on the file
 * as its -raw form, each once.
 * @list: compare's --engines.
 * @out: The list on the device.
 * @len: Room in @out.
 */
void review_raw_engines(const char *list, char *out, size_t len)
{
	char copy[256], *e, *save, name[32];
	size_t n = 0;
	int w;

	snprintf(copy, sizeof(copy), "%s", list);
	out[0] = '\0';
	for (e = strtok_r(copy, ",", &save); e; e = strtok_r(NULL, ",", &save)) {
		if (!strcmp(e, "kfile"))
			snprintf(name, sizeof(name), "bio");
		else if (strcmp(e, "bio") && !strstr(e, "-raw"))
			snprintf(name, sizeof(name), "%s-raw", e);
		else
			snprintf(name, sizeof(name), "%s", e);
		if (listed_engine(out, name))
			continue;
		w = snprintf(out + n, len - n, "%s%s", n ? "," : "", name);
		if (w < 0 || (size_t)w >= len - n) {
			/* too long to hold: the engines' check says what is wrong */
			snprintf(out, len, "%s", list);
			return;
		}
		n += w;
	}
}

/*
 * A step's command line: this program, -j, the command, the suite's
 * keys, then the review's: the target (on a filesystem, its test file),
 * consent, the scale's limits. @check: as its dry run, on the raw device.
 */
static int step_argv(const struct review *r, const struct review_step *rs, int check,
		     struct argv_buf *b)
{
	const struct suite_step *st = rs->st;
	char *sargv[SUITE_MAX_ARGS], list[256], size[32];
	int on_fs = rs->fs >= 0, n, i, err = 0;
	const char *span;
	uint64_t v, cap;

	n = suite_argv(&r->suite, st, sargv, SUITE_MAX_ARGS);
	if (n < 0)
		return -1;
	err |= arg(b, r->exe) | arg(b, "-j");
	if (st->cmd->group)
		err |= arg(b, st->cmd->group);
	for (i = 0; i < n; i++) {
		if (check && on_fs && !strcmp(sargv[i], "--buffered"))
			continue;
		err |= arg(b, sargv[i]);
		if (check && on_fs && i + 1 < n && !strcmp(sargv[i], "--engines")) {
			review_raw_engines(sargv[++i], list, sizeof(list));
			err |= arg(b, list);
		} else if (check && on_fs && i + 1 < n && !strcmp(sargv[i], "--engine")) {
			i++;
			err |= arg(b, !strcmp(sargv[i], "kfile") ? "bio" : sargv[i]);
		}
	}
	if (on_fs && !check && !strcmp(st->cmd->name, "compare")) {
		err |= arg(b, "--target") | arg(b, r->target) | arg(b, "--file") |
		       arg(b, r->test_file);
	} else if (on_fs && !check) {
		/* a run on the file is kfile's; the suite may say so itself */
		if (!suite_key(&r->suite, st, "engine"))
			err |= arg(b, "--engine") | arg(b, "kfile");
		err |= arg(b, "--target") | arg(b, r->test_file);
	} else {
		err |= arg(b, "--target") | arg(b, r->target);
	}
	if (r->allow_write)
		err |= arg(b, "--allow-write");
	if (r->quiet && args_cmd_opt(st->cmd, "quiet"))
		err |= arg(b, "-q");
	if (st->kind == SUITE_MEASURE && r->runtime[0])
		err |= arg(b, "--runtime") | arg(b, r->runtime);
	else if (st->kind == SUITE_MEASURE && r->scale == REVIEW_QUICK)
		err |= arg(b, "--runtime") | arg(b, REVIEW_QUICK_RUNTIME);
	span = suite_key(&r->suite, st, "span");
	cap = review_span_cap(r);
	if (cap && args_cmd_opt(st->cmd, "span") &&
	    (!span || (!parse_size(span, &v) && v > cap))) {
		snprintf(size, sizeof(size), "%llu", (unsigned long long)cap);
		err |= arg(b, "--span") | arg(b, size);
	}
	if (check)
		err |= arg(b, "--dry-run");
	return err ? -1 : 0;
}

static int add_step(struct cli *cli, struct review *r, const struct suite_step *st, int fs)
{
	struct review_step *rs;
	char name[REVIEW_NAME_LEN];
	struct argv_buf b;

	if (r->nr == REVIEW_MAX_STEPS)
		return usage_error(cli, "%s: more than %d steps with its filesystems",
				   r->suite_path, REVIEW_MAX_STEPS);
	rs = &r->steps[r->nr++];
	memset(rs, 0, sizeof(*rs));
	rs->st = st;
	rs->fs = fs;
	snprintf(rs->rec.name, sizeof(rs->rec.name), "%s", st->name);
	if (fs >= 0)
		snprintf(rs->rec.fs, sizeof(rs->rec.fs), "%s", r->fs[fs].name);
	snprintf(rs->rec.kind, sizeof(rs->rec.kind), "%s",
		 st->cmd ? st->cmd->name : "filesystem");
	rs->rec.estimate_s = -1;
	if (st->kind == SUITE_FILESYSTEM)
		return 0;
	rs->rec.argv = rs->argv;
	slug(st->name, name, sizeof(name));
	snprintf(rs->rec.file, sizeof(rs->rec.file), "%02u-%s%s%s.json", r->nr, name,
		 fs >= 0 ? "-" : "", fs >= 0 ? r->fs[fs].name : "");
	b = (struct argv_buf){ .argv = rs->argv, .max = REVIEW_MAX_ARGS, .room = rs->args,
			       .size = sizeof(rs->args) };
	if (step_argv(r, rs, 0, &b))
		return usage_error(cli, "[%s]: its command line is too long", st->name);
	return 0;
}

/**
 * review_plan() - Expand a review's suite into its steps.
 * @cli: Settings.
 * @r: The review: its suite read, its filesystems found, its options set.
 *
 * The steps before the filesystem step once; it and those after it once
 * per filesystem, in --fs's order.
 *
 * Return: 0 or an exit status (said).
 */
int review_plan(struct cli *cli, struct review *r)
{
	unsigned int i, f, first_fs = r->suite.nr;
	int err;

	if (snprintf(r->mnt, sizeof(r->mnt), "%s/.mnt", r->dir) >= (int)sizeof(r->mnt) ||
	    snprintf(r->test_file, sizeof(r->test_file), "%s/%s", r->mnt, REVIEW_TEST_FILE) >=
	    (int)sizeof(r->test_file))
		return usage_error(cli, "%s: a path too long", r->dir);
	r->nr = 0;
	for (i = 0; i < r->suite.nr; i++) {
		if (r->suite.steps[i].kind == SUITE_FILESYSTEM) {
			first_fs = i;
			break;
		}
		err = add_step(cli, r, &r->suite.steps[i], -1);
		if (err)
			return err;
	}
	for (f = 0; first_fs < r->suite.nr && f < r->nr_fs; f++)
		for (i = first_fs; i < r->suite.nr; i++) {
			err = add_step(cli, r, &r->suite.steps[i], f);
			if (err)
				return err;
		}
	return 0;
}

/* --- checks ----------------------------------------------------------------- */

/* A file of a block device's sysfs directory (/sys/dev/block/MAJ:MIN/NAME). */
static FILE *sysfs_open(const char *dev, const char *name)
{
	char path[96];
	struct stat st;

	if (stat(dev, &st) || !S_ISBLK(st.st_mode))
		return NULL;
	snprintf(path, sizeof(path), "/sys/dev/block/%u:%u/%s", major(st.st_rdev),
		 minor(st.st_rdev), name);
	return fopen(path, "r");
}

/* The size of a block device, from sysfs (512-byte sectors). */
static int device_size(const char *dev, uint64_t *bytes)
{
	FILE *f = sysfs_open(dev, "size");
	int ok;

	if (!f)
		return -1;
	ok = fscanf(f, "%llu", (unsigned long long *)bytes) == 1;
	fclose(f);
	*bytes *= 512;
	return ok ? 0 : -1;
}

/*
 * What a step's dry run says: its runs' time ("seconds", or -1 when some
 * end at a size), and how many runs it makes.
 */
static double dry_run_of(const char *json, unsigned int *runs)
{
	struct json_object *doc = json_tokener_parse(json), *v;
	double s = -1;

	*runs = 0;
	if (!doc)
		return -1;
	if (json_object_object_get_ex(doc, "seconds", &v))
		s = json_object_get_double(v);
	if (json_object_object_get_ex(doc, "untimed", &v) && json_object_get_int64(v))
		s = -1;
	if (json_object_object_get_ex(doc, "runs", &v))
		*runs = json_object_get_int(v);
	json_object_put(doc);
	return s;
}

/* The line "checking step N of M" off the terminal, for a message. */
static void clear_progress(const struct review *r)
{
	if (!r->quiet && isatty(STDERR_FILENO))
		fputs("\r\033[K", stderr);
}

/* A step's command, run as its dry run: 0, or its exit status (said). */
static int check_step(struct cli *cli, struct review *r, struct review_step *rs)
{
	char *argv[REVIEW_MAX_ARGS], room[4096], out[2048];
	struct argv_buf b = { .argv = argv, .max = REVIEW_MAX_ARGS, .room = room,
			      .size = sizeof(room) };
	int status;

	/* the span the step gets (the review's cap over the suite's) in the file */
	if (rs->fs >= 0 && step_span(r, rs->st) > file_size(r)) {
		clear_progress(r);
		return runtime_error(cli, "step %u [%s]: its span (%llu bytes) is past the end of the %s test file (%llu bytes)",
				     (unsigned int)(rs - r->steps) + 1, rs->st->name,
				     (unsigned long long)step_span(r, rs->st), r->fs[rs->fs].name,
				     (unsigned long long)file_size(r));
	}
	if (step_argv(r, rs, 1, &b))
		return usage_error(cli, "[%s]: its command line is too long", rs->st->name);
	status = tool_run(argv, out, sizeof(out));
	if (status) {
		/* its message: the last line, without its program's name */
		char *line = strrchr(out, '\n') ? strrchr(out, '\n') + 1 : out;

		if (!strncmp(line, "ssdk: ", 6))
			line += 6;
		clear_progress(r);
		runtime_error(cli, "step %u [%s]%s%s: %s", (unsigned int)(rs - r->steps) + 1,
			      rs->st->name, rs->fs >= 0 ? " on " : "",
			      rs->fs >= 0 ? r->fs[rs->fs].name : "", line[0] ? line : "failed");
		return status == EXIT_USAGE ? EXIT_USAGE : EXIT_RUNTIME;
	}
	rs->rec.estimate_s = dry_run_of(out, &rs->runs);
	return 0;
}

/*
 * Room in the module for the runs of the largest step: a step keeps its
 * runs until it ends (the review deletes them then), and a compare or a
 * sweep makes one per engine and depth.
 */
static int check_room(struct cli *cli, struct review *r)
{
	struct ssdk_run_status *runs;
	unsigned int need = 0, i;
	struct ssdk_info info;
	struct ssdk *h;
	int n;

	for (i = 0; i < r->nr; i++)
		if (r->steps[i].rec.state != REVIEW_DONE && r->steps[i].runs > need)
			need = r->steps[i].runs;
	if (ssdk_open(&h) < 0)
		return 0;	/* the steps' own checks said what they could */
	runs = calloc(REVIEW_MAX_RUNS, sizeof(*runs));
	n = runs && !ssdk_info_get(h, &info) ? ssdk_run_list(h, runs, REVIEW_MAX_RUNS) : -1;
	free(runs);
	ssdk_close(h);
	if (n >= 0 && n + need > info.max_runs)
		return runtime_error(cli, "the module keeps %d runs of its %u, and a step needs %u: delete finished runs first (ssdk ctl list, ssdk ctl delete)",
				     n, info.max_runs, need);
	return 0;
}

/**
 * review_check() - Check every step of a review before the first runs.
 * @cli: Settings.
 * @r: The review, planned.
 *
 * The target, consent to the filesystems, each filesystem's tool on the
 * target (its dry run, with the suite's options), the test file against
 * the device, then every step not yet done as its command's dry run.
 * Nothing is written.
 *
 * Return: 0 or an exit status (said, naming the step).
 */
int review_check(struct cli *cli, struct review *r)
{
	const struct suite_step *fst = fs_step(r);
	uint64_t dev_size;
	char err[1024];
	unsigned int i;
	int ret;

	if (device_size(r->target, &dev_size))
		return runtime_error(cli, "--target: %s is not a block device", r->target);
	/* a review killed outright (not stopped) may have left its filesystem mounted */
	if (r->resume)
		fs_umount(r->mnt, err, sizeof(err));
	if (r->nr_fs && !r->allow_write)
		return usage_error(cli, "the review makes %s on %s: that writes it, and needs --allow-write",
				   r->fs_list, r->target);
	for (i = 0; fst && i < r->nr_fs; i++)
		if (fs_mkfs(&r->fs[i], r->target, suite_fs_key(fst, "mkfs-options"), 1, err,
			    sizeof(err)))
			return runtime_error(cli, "[%s] %s: %s", fst->name, r->fs[i].name, err);
	if (fst && r->nr_fs && file_size(r) >= dev_size)
		return runtime_error(cli, "[%s]: file-size=%s is not below the size of %s (%llu bytes)",
				     fst->name, suite_fs_key(fst, "file-size"), r->target,
				     (unsigned long long)dev_size);
	for (i = 0; i < r->nr; i++) {
		if (r->steps[i].st->kind == SUITE_FILESYSTEM || r->steps[i].rec.state == REVIEW_DONE)
			continue;
		if (!r->quiet && isatty(STDERR_FILENO))
			fprintf(stderr, "\rssdk review: checking step %u of %u", i + 1, r->nr);
		ret = check_step(cli, r, &r->steps[i]);
		if (ret)
			return ret;
	}
	ret = check_room(cli, r);
	if (ret)
		return ret;
	if (!r->quiet)
		fprintf(stderr, "%sssdk review: %u steps checked%20s\n",
			isatty(STDERR_FILENO) ? "\r" : "", r->nr, "");
	return 0;
}

/**
 * review_dry_run() - After review_check() passed, with --dry-run: say so,
 * as a command's dry run does: the steps' runs, the time of those a
 * runtime ends, and the runs of the steps a size ends (fills).
 * @cli: Settings.
 * @r: The review, checked.
 */
void review_dry_run(struct cli *cli, const struct review *r)
{
	unsigned int runs = 0, untimed = 0, i;
	double seconds = 0;

	for (i = 0; i < r->nr; i++) {
		const struct review_step *rs = &r->steps[i];

		if (rs->rec.state == REVIEW_DONE || rs->st->kind == SUITE_FILESYSTEM)
			continue;
		runs += rs->runs;
		if (rs->rec.estimate_s < 0)
			untimed += rs->runs;
		else
			seconds += rs->rec.estimate_s;
	}
	cli->out.ops->dry_run(&cli->out, runs, seconds, untimed);
}

/* --- running ---------------------------------------------------------------- */

/* The counters of /sys/block/DISK/stat (of a partition, its own) that a step moves. */
static int disk_counters(const char *dev, uint64_t *io)
{
	FILE *f = sysfs_open(dev, "stat");
	unsigned long long v[7];
	int n;

	if (!f)
		return -1;
	n = fscanf(f, "%llu %llu %llu %llu %llu %llu %llu", &v[0], &v[1], &v[2], &v[3], &v[4],
		   &v[5], &v[6]);
	fclose(f);
	if (n != 7)
		return -1;
	io[IO_READS] = v[0];
	io[IO_READ_MERGES] = v[1];
	io[IO_READ_SECTORS] = v[2];
	io[IO_WRITES] = v[4];
	io[IO_WRITE_MERGES] = v[5];
	io[IO_WRITE_SECTORS] = v[6];
	return 0;
}

/* "step N of M: NAME (on FS), about T left" on stderr. */
static void progress(const struct review *r, unsigned int i)
{
	unsigned int untimed = 0, k;
	double left = 0;
	char t[32];

	if (r->quiet)
		return;
	for (k = i; k < r->nr; k++) {
		if (r->steps[k].rec.state == REVIEW_DONE)
			continue;
		if (r->steps[k].rec.estimate_s < 0)
			untimed++;
		else
			left += r->steps[k].rec.estimate_s;
	}
	fmt_elapsed(t, sizeof(t), left);
	fprintf(stderr, "ssdk review: step %u of %u: %s%s%s; %s of runs left%s\n", i + 1, r->nr,
		r->steps[i].rec.name, r->steps[i].fs >= 0 ? " on " : "", r->steps[i].rec.fs, t,
		untimed ? ", and steps that take the drive's time (filesystems, fills)" : "");
}

/* Make the step's filesystem, mount it, lay its test file out. */
static int run_filesystem(struct cli *cli, struct review *r, struct review_step *rs)
{
	const struct review_fs *fs = &r->fs[rs->fs];
	struct layout l = { .path = r->test_file, .size = file_size(r) };
	char err[1024];

	if (mkdir(r->mnt, 0700) && errno != EEXIST)
		return runtime_error(cli, "%s: %s", r->mnt, strerror(errno));
	if (fs_mkfs(fs, r->target, suite_fs_key(rs->st, "mkfs-options"), 0, err, sizeof(err)) ||
	    fs_mount(fs, r->target, r->mnt, suite_fs_key(rs->st, "mount-options"), err,
		     sizeof(err)))
		return runtime_error(cli, "[%s] %s: %s", rs->st->name, fs->name, err);
	if (layout_prepare(&l, err, sizeof(err)) ||
	    layout_fill(&l, REVIEW_LAYOUT_SEED, err, sizeof(err))) {
		runtime_error(cli, "[%s] %s: the test file: %s", rs->st->name, fs->name, err);
		if (fs_umount(r->mnt, err, sizeof(err)))
			runtime_error(cli, "%s", err);
		return EXIT_RUNTIME;
	}
	return 0;
}

/* Whether a step's exit status says a signal stopped it. */
static int stopped_status(int status)
{
	return status == EXIT_SIGINT || status == 128 + SIGINT || status == 128 + SIGTERM;
}

static void on_child(int sig)
{
}

/*
 * Run a step's command, its JSON into its file: its exit status. A
 * stopped step's file holds what it measured before it stopped.
 *
 * SIGINT, SIGTERM and SIGCHLD are blocked from before the fork, and the
 * review waits for them with sigsuspend(): a signal sent to the review
 * alone at any moment is passed on to the child, once (Ctrl-C reaches
 * the child from the terminal itself). The child takes the default
 * actions back before it unblocks them: one that came between the fork
 * and the exec ends it, as a stop.
 */
static int run_command(struct cli *cli, struct review *r, struct review_step *rs)
{
	char tmp[PATH_MAX + REVIEW_FILE_LEN + 8], path[PATH_MAX + REVIEW_FILE_LEN];
	struct sigaction sa = { .sa_handler = on_child, .sa_flags = SA_RESTART | SA_NOCLDSTOP };
	struct sigaction old_chld;
	int status = 0, fd, forwarded = 0;
	sigset_t block, old;
	pid_t pid, got = -1;

	if (cli_signalled())
		return EXIT_SIGINT;
	snprintf(path, sizeof(path), "%s/%s", r->dir, rs->rec.file);
	snprintf(tmp, sizeof(tmp), "%s.part", path);
	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0)
		return runtime_error(cli, "%s: %s", tmp, strerror(errno));
	sigemptyset(&block);
	sigaddset(&block, SIGINT);
	sigaddset(&block, SIGTERM);
	sigaddset(&block, SIGCHLD);
	sigemptyset(&sa.sa_mask);
	sigaction(SIGCHLD, &sa, &old_chld);
	sigprocmask(SIG_BLOCK, &block, &old);
	pid = fork();
	if (!pid) {
		signal(SIGINT, SIG_DFL);
		signal(SIGTERM, SIG_DFL);
		sigprocmask(SIG_SETMASK, &old, NULL);
		dup2(fd, STDOUT_FILENO);
		/* this very program, even if a newer one has replaced its file */
		execv("/proc/self/exe", rs->argv);
		_exit(127);
	}
	close(fd);
	while (pid > 0) {
		got = waitpid(pid, &status, WNOHANG);
		if (got == pid || (got < 0 && errno != EINTR))
			break;
		if (cli_signalled() && !forwarded++)
			kill(pid, SIGINT);
		sigsuspend(&old);
	}
	sigprocmask(SIG_SETMASK, &old, NULL);
	sigaction(SIGCHLD, &old_chld, NULL);
	if (pid < 0 || got != pid)
		return runtime_error(cli, "%s: %s", pid < 0 ? "fork" : "waitpid", strerror(errno));
	status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
	if ((!status || stopped_status(status)) && rename(tmp, path))
		return runtime_error(cli, "%s: %s", path, strerror(errno));
	return status;
}

/* The filesystem step of filesystem @fs. */
static struct review_step *fs_section(struct review *r, int fs)
{
	unsigned int i;

	for (i = 0; i < r->nr; i++)
		if (r->steps[i].fs == fs && r->steps[i].st->kind == SUITE_FILESYSTEM)
			return &r->steps[i];
	return NULL;
}

/*
 * The module's runs on the review's target or test file, after id @after
 * (0: all); deleted when @delete and ended. Return: the last id seen.
 */
static uint32_t review_runs(struct review *r, uint32_t after, int delete)
{
	struct ssdk_run_status *runs;
	uint32_t last = after;
	int n, i;

	if (!r->h)
		return after;
	runs = calloc(REVIEW_MAX_RUNS, sizeof(*runs));
	n = runs ? ssdk_run_list(r->h, runs, REVIEW_MAX_RUNS) : -1;
	for (i = 0; i < n && i < REVIEW_MAX_RUNS; i++) {
		if (runs[i].id <= after)
			continue;
		last = runs[i].id;
		if (delete && runs[i].state >= SSDK_STATE_DONE &&
		    (!strcmp(runs[i].config.target, r->target) ||
		     !strcmp(runs[i].config.target, r->test_file)))
			ssdk_run_delete(r->h, runs[i].id);
	}
	free(runs);
	return last;
}

/*
 * Run step @rs: its record says how it went. The module's runs it leaves
 * (ctl run and compare keep theirs, for ctl results) are deleted: its
 * results are in its file, and a review of more runs than the module
 * keeps (64 by default) would find no room. Returns an exit status.
 */
static int run_step(struct cli *cli, struct review *r, struct review_step *rs)
{
	uint64_t before[NR_REVIEW_IO], after[NR_REVIEW_IO];
	uint32_t last = review_runs(r, 0, 0);
	double start = ujob_now_ns() / 1e9;
	int status, i;

	rs->rec.has_io = !disk_counters(r->target, before);
	if (rs->st->kind == SUITE_FILESYSTEM)
		status = run_filesystem(cli, r, rs);
	else
		status = run_command(cli, r, rs);
	rs->rec.wall_s = ujob_now_ns() / 1e9 - start;
	rs->rec.has_io = rs->rec.has_io && !disk_counters(r->target, after);
	for (i = 0; rs->rec.has_io && i < NR_REVIEW_IO; i++)
		rs->rec.io[i] = after[i] - before[i];
	review_runs(r, last, 1);
	rs->rec.status = status;
	rs->rec.state = !status ? REVIEW_DONE :
			stopped_status(status) || cli_signalled() ? REVIEW_STOPPED : REVIEW_FAILED;
	return status;
}

/**
 * review_run() - Run a review's steps that are not done, in order.
 * @cli: Settings.
 * @r: The review, checked.
 *
 * A filesystem is unmounted when its steps end. A review resumed in the
 * middle of a filesystem's steps makes that filesystem again first. The
 * record (review.json) is written after each step. A step that fails or
 * is stopped ends the review there.
 *
 * Return: 0, EXIT_SIGINT when stopped, or EXIT_RUNTIME (said).
 */
int review_run(struct cli *cli, struct review *r)
{
	struct review_step *rs = NULL, *fss;
	int mounted = -1, status = 0;
	char err[512];
	unsigned int i;

	/* without the module, a step's command says so itself */
	if (ssdk_open(&r->h) < 0)
		r->h = NULL;
	for (i = 0; i < r->nr && !status; i++) {
		rs = &r->steps[i];
		if (rs->rec.state == REVIEW_DONE)
			continue;
		if (cli_signalled()) {
			status = EXIT_SIGINT;
			break;
		}
		if (mounted >= 0 && mounted != rs->fs) {
			if (fs_umount(r->mnt, err, sizeof(err))) {
				if (r->h)
					ssdk_close(r->h);
				r->h = NULL;
				return runtime_error(cli, "%s", err);
			}
			mounted = -1;
		}
		/* Resumed among a filesystem's steps: the filesystem first. */
		fss = fs_section(r, rs->fs);
		if (rs->fs >= 0 && mounted < 0 && fss != rs) {
			if (!r->quiet)
				fprintf(stderr, "ssdk review: making %s again for the steps left on it\n",
					r->fs[rs->fs].name);
			status = run_step(cli, r, fss);
			if (status) {
				rs = fss;
				break;
			}
		}
		if (rs->fs >= 0)
			mounted = rs->fs;
		progress(r, i);
		status = run_step(cli, r, rs);
		if (rs->st->kind == SUITE_FILESYSTEM && status)
			mounted = -1;
		review_record_write(cli, r, "running");
		if (status)
			break;
	}
	if (mounted >= 0 && fs_umount(r->mnt, err, sizeof(err)))
		runtime_error(cli, "%s", err);
	rmdir(r->mnt);
	if (r->h)
		ssdk_close(r->h);
	r->h = NULL;
	if (status && !stopped_status(status) && !cli_signalled()) {
		runtime_error(cli, "step %u [%s]%s%s failed (exit %d); the steps before it are kept: ssdk review --resume %s --allow-write runs it again",
			      (unsigned int)(rs - r->steps) + 1, rs->rec.name, rs->fs >= 0 ? " on " : "",
			      rs->rec.fs, status, r->dir);
		return EXIT_RUNTIME;
	}
	if (status) {
		fprintf(stderr, "ssdk review: stopped; what is done is kept: ssdk review --resume %s --allow-write continues\n",
			r->dir);
		return EXIT_SIGINT;
	}
	return 0;
}
