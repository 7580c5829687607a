// SPDX-License-Identifier: GPL-2.0
/*
 * A review's directory (review.h): its record (review.json, written by
 * the JSON backend after every step, read back by --resume), the
 * conditions it ran in, and its summary in each format.
 */

#include <errno.h>
#include <fcntl.h>
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "../engines/engine.h"
#include "conditions.h"
#include "json.h"
#include "review.h"

/* The summary of @r as it stands: its records, and the rows of the steps done. */
static int summary_build(struct cli *cli, const struct review *r, const char *state,
			 double wall_s, struct review_summary *s, struct review_record *recs)
{
	char err[512];
	unsigned int i;
	int n;

	memset(s, 0, sizeof(*s));
	s->title = r->suite.title;
	s->suite = "suite.ini";
	s->target = r->target;
	s->fs = r->fs_list;
	s->scale = r->scale == REVIEW_QUICK ? "quick" : "full";
	s->runtime = r->runtime;
	s->span = r->span;
	s->state = state;
	s->started = r->started;
	s->wall_s = wall_s;
	s->steps = recs;
	s->nr_steps = r->nr;
	s->rows = calloc(REVIEW_MAX_ROWS, sizeof(*s->rows));
	if (!s->rows)
		return runtime_error(cli, "out of memory");
	for (i = 0; i < r->nr; i++) {
		recs[i] = r->steps[i].rec;
		if (recs[i].state != REVIEW_DONE || !recs[i].file[0])
			continue;
		n = review_rows_read(r->dir, &recs[i], s->rows + s->nr_rows,
				     REVIEW_MAX_ROWS - s->nr_rows, err, sizeof(err));
		if (n < 0)
			runtime_error(cli, "step %u: %s", i + 1, err);
		else
			s->nr_rows += n;
	}
	return 0;
}

/* Print @s with @ops into @dir/@name, whole or not at all (a rename). */
static int print_to(struct cli *cli, const char *dir, const char *name,
		    const struct output_ops *ops, const struct review_summary *s)
{
	char path[PATH_MAX + 32], tmp[PATH_MAX + 40];
	struct output out = { .ops = ops };
	int fd, saved, err = 0;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	snprintf(tmp, sizeof(tmp), "%s.part", path);
	fflush(stdout);
	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0)
		return runtime_error(cli, "%s: %s", tmp, strerror(errno));
	saved = dup(STDOUT_FILENO);
	if (saved < 0 || dup2(fd, STDOUT_FILENO) < 0) {
		err = runtime_error(cli, "%s: %s", tmp, strerror(errno));
		if (saved >= 0)
			close(saved);
		close(fd);
		unlink(tmp);
		return err;
	}
	close(fd);
	ops->review(&out, s);
	if (fflush(stdout) || ferror(stdout))
		err = runtime_error(cli, "%s: %s", tmp, strerror(errno));
	dup2(saved, STDOUT_FILENO);
	close(saved);
	clearerr(stdout);
	if (!err && rename(tmp, path))
		err = runtime_error(cli, "%s: %s", path, strerror(errno));
	if (err)
		unlink(tmp);
	return err;
}

static double elapsed(const struct review *r)
{
	return r->wall_before + ujob_now_ns() / 1e9 - r->t0;
}

/* The summary of @r now, its records in @recs (freed with its rows by summary_free()). */
static int summary_new(struct cli *cli, const struct review *r, const char *state,
		       struct review_summary *s, struct review_record **recs)
{
	int err;

	*recs = calloc(REVIEW_MAX_STEPS, sizeof(**recs));
	if (!*recs)
		return runtime_error(cli, "out of memory");
	err = summary_build(cli, r, state, elapsed(r), s, *recs);
	if (err)
		free(*recs);
	return err;
}

static void summary_free(struct review_summary *s, struct review_record *recs)
{
	free(s->rows);
	free(recs);
}

/*
 * The HTML report of the Python package, of the measuring steps' JSON,
 * when the package can be imported (installed, or beside this program in
 * a source tree). Its absence is said, not an error.
 */
static void report(const struct review *r)
{
	char *argv[REVIEW_MAX_STEPS + 8], out[512], path[PATH_MAX + 32], tree[PATH_MAX + 16];
	char files[REVIEW_MAX_STEPS][PATH_MAX + REVIEW_FILE_LEN];
	unsigned int i, n = 0;
	int status;

	snprintf(tree, sizeof(tree), "%s", r->exe);
	if (strrchr(tree, '/')) {
		strcpy(strrchr(tree, '/'), "/python");
		snprintf(path, sizeof(path), "%s/ssdk/report.py", tree);
		if (!access(path, R_OK))
			setenv("PYTHONPATH", tree, 0);
	}
	snprintf(path, sizeof(path), "%s/report.html", r->dir);
	argv[n++] = "python3";
	argv[n++] = "-m";
	argv[n++] = "ssdk.report";
	argv[n++] = "-o";
	argv[n++] = path;
	argv[n++] = "--title";
	argv[n++] = (char *)r->suite.title;
	for (i = 0; i < r->nr; i++) {
		if (r->steps[i].rec.state != REVIEW_DONE ||
		    r->steps[i].st->kind != SUITE_MEASURE)
			continue;
		snprintf(files[i], sizeof(files[i]), "%s/%s", r->dir, r->steps[i].rec.file);
		argv[n++] = files[i];
	}
	argv[n] = NULL;
	if (n == 7)
		return;
	status = tool_run(argv, out, sizeof(out));
	if (status && !r->quiet)
		fprintf(stderr, "ssdk review: no HTML report: python3 -m ssdk.report: %s\n",
			strrchr(out, '\n') ? strrchr(out, '\n') + 1 : out);
}

/*
 * The summary of @r as it stands, into review.json; when it has ended
 * (@ended), into summary.txt and summary.csv too, the report made, and
 * printed in the format asked.
 */
static int summarize(struct cli *cli, struct review *r, const char *state, int ended)
{
	struct review_record *recs;
	struct review_summary s;
	int err;

	err = summary_new(cli, r, state, &s, &recs);
	if (err)
		return err;
	err = print_to(cli, r->dir, "review.json", &output_json, &s);
	if (!err && ended)
		err = print_to(cli, r->dir, "summary.txt", &output_text, &s) ||
		      print_to(cli, r->dir, "summary.csv", &output_csv, &s) ? EXIT_RUNTIME : 0;
	if (!err && ended) {
		report(r);
		cli->out.ops->review(&cli->out, &s);
	}
	summary_free(&s, recs);
	return err;
}

/**
 * review_record_write() - Write the review's record, review.json.
 * @cli: Settings.
 * @r: The review.
 * @state: "running", "done", "stopped" or "failed".
 *
 * Return: 0 or EXIT_RUNTIME (said).
 */
int review_record_write(struct cli *cli, struct review *r, const char *state)
{
	return summarize(cli, r, state, 0);
}

/**
 * review_finish() - Write the review's summary, in every format, and print it.
 * @cli: Settings: the format of the summary printed.
 * @r: The review, ended.
 * @state: "done", "stopped" or "failed".
 *
 * Return: 0 or EXIT_RUNTIME (said).
 */
int review_finish(struct cli *cli, struct review *r, const char *state)
{
	return summarize(cli, r, state, 1);
}

/**
 * review_conditions_write() - Where the review ran: conditions.json.
 * @cli: Settings.
 * @r: The review, its filesystems found.
 *
 * Return: 0 or EXIT_RUNTIME (said).
 */
int review_conditions_write(struct cli *cli, const struct review *r)
{
	const struct suite_step *fst = NULL;
	struct run_conditions c = { 0 };
	char path[PATH_MAX + 32], host[256] = "", opts[512];
	struct utsname u;
	struct json j;
	struct ssdk *h;
	unsigned int i;
	FILE *f;

	if (!cli_connect(cli, &h)) {
		conditions_get(h, r->target, &c);
		ssdk_close(h);
	}
	uname(&u);
	gethostname(host, sizeof(host) - 1);
	snprintf(path, sizeof(path), "%s/conditions.json", r->dir);
	f = fopen(path, "w");
	if (!f)
		return runtime_error(cli, "%s: %s", path, strerror(errno));
	json_init(&j, f);
	json_object_begin(&j, NULL);
	json_str(&j, "date", r->started);
	json_str(&j, "host", host);
	json_str(&j, "kernel", u.release);
	json_str(&j, "ssdk", c.version);
	json_str(&j, "target", r->target);
	json_str(&j, "device", c.device);
	for (i = 0; i < r->suite.nr; i++)
		if (r->suite.steps[i].kind == SUITE_FILESYSTEM)
			fst = &r->suite.steps[i];
	json_array_begin(&j, "filesystems", 0);
	for (i = 0; i < r->nr_fs; i++) {
		json_object_begin(&j, NULL);
		json_str(&j, "name", r->fs[i].name);
		json_str(&j, "mkfs", r->fs[i].mkfs);
		json_str(&j, "version", r->fs[i].version);
		/* ssdk's, then the suite's */
		snprintf(opts, sizeof(opts), "%s%s%s", r->fs[i].mkfs_args,
			 fst && suite_fs_key(fst, "mkfs-options") ? " " : "",
			 fst && suite_fs_key(fst, "mkfs-options") ? suite_fs_key(fst, "mkfs-options") : "");
		json_str(&j, "mkfs_options", opts);
		snprintf(opts, sizeof(opts), "%s%s%s", r->fs[i].mount_options,
			 fst && suite_fs_key(fst, "mount-options") ? "," : "",
			 fst && suite_fs_key(fst, "mount-options") ? suite_fs_key(fst, "mount-options") : "");
		json_str(&j, "mount_options", opts);
		json_object_end(&j);
	}
	json_array_end(&j);
	json_object_end(&j);
	if (json_finish(&j) | fclose(f))
		return runtime_error(cli, "%s: cannot write it", path);
	return 0;
}

static const char *get_str(struct json_object *o, const char *key)
{
	struct json_object *v;

	if (!json_object_object_get_ex(o, key, &v) || !json_object_is_type(v, json_type_string))
		return NULL;
	return json_object_get_string(v);
}

/**
 * review_record_read() - What a stopped review was: its options, from DIR/review.json.
 * @cli: Settings.
 * @r: Its @dir set; its target, filesystems, scale, runtime and start are read.
 *
 * Return: 0 or EXIT_RUNTIME (said).
 */
int review_record_read(struct cli *cli, struct review *r)
{
	struct json_object *doc, *v;
	char path[PATH_MAX + 32];
	const char *s;
	int err = 0;

	snprintf(path, sizeof(path), "%s/review.json", r->dir);
	if (access(path, R_OK))
		return runtime_error(cli, "--resume: %s holds no review (%s: %s)", r->dir, path,
				     strerror(errno));
	doc = json_object_from_file(path);
	if (!doc)
		return runtime_error(cli, "--resume: %s is not JSON", path);
	s = get_str(doc, "target");
	if (!s || !get_str(doc, "filesystems") || !get_str(doc, "scale") ||
	    !get_str(doc, "started")) {
		err = runtime_error(cli, "--resume: %s is not a review's record", path);
		goto put;
	}
	if (r->target[0] && strcmp(r->target, s)) {
		err = runtime_error(cli, "--resume: the review ran on %s, not %s", s, r->target);
		goto put;
	}
	snprintf(r->target, sizeof(r->target), "%s", s);
	snprintf(r->fs_list, sizeof(r->fs_list), "%s", get_str(doc, "filesystems"));
	r->scale = !strcmp(get_str(doc, "scale"), "quick") ? REVIEW_QUICK : REVIEW_FULL;
	snprintf(r->runtime, sizeof(r->runtime), "%s",
		 get_str(doc, "runtime") ? get_str(doc, "runtime") : "");
	snprintf(r->span, sizeof(r->span), "%s", get_str(doc, "span") ? get_str(doc, "span") : "");
	snprintf(r->started, sizeof(r->started), "%s", get_str(doc, "started"));
	if (json_object_object_get_ex(doc, "wall_s", &v))
		r->wall_before = json_object_get_double(v);
put:
	json_object_put(doc);
	return err;
}

/**
 * review_record_states() - How the steps of a stopped review went, from its record.
 * @cli: Settings.
 * @r: The review, planned from its record's options and suite.
 *
 * Return: 0, or EXIT_RUNTIME when the record's steps are not the plan's.
 */
int review_record_states(struct cli *cli, struct review *r)
{
	struct json_object *doc, *steps, *st, *v;
	char path[PATH_MAX + 32];
	struct review_record *rec;
	const char *name, *fs, *state;
	unsigned int i, k;
	int err = 0;

	snprintf(path, sizeof(path), "%s/review.json", r->dir);
	doc = json_object_from_file(path);
	if (!doc || !json_object_object_get_ex(doc, "steps", &steps) ||
	    json_object_array_length(steps) != r->nr) {
		err = runtime_error(cli, "--resume: %s: its steps are not those of %s/suite.ini",
				    path, r->dir);
		goto put;
	}
	for (i = 0; i < r->nr; i++) {
		st = json_object_array_get_idx(steps, i);
		rec = &r->steps[i].rec;
		name = get_str(st, "name");
		fs = get_str(st, "fs");
		state = get_str(st, "state");
		if (!name || strcmp(name, rec->name) || strcmp(fs ? fs : "", rec->fs) || !state) {
			err = runtime_error(cli, "--resume: %s: step %u is not [%s] of %s/suite.ini",
					    path, i + 1, rec->name, r->dir);
			goto put;
		}
		if (strcmp(state, review_states[REVIEW_DONE]))
			continue;
		rec->state = REVIEW_DONE;
		if (json_object_object_get_ex(st, "wall_s", &v))
			rec->wall_s = json_object_get_double(v);
		if (json_object_object_get_ex(st, "estimate_s", &v) && v)
			rec->estimate_s = json_object_get_double(v);
		if (json_object_object_get_ex(st, "diskstats", &v) &&
		    json_object_is_type(v, json_type_object)) {
			rec->has_io = 1;
			for (k = 0; k < NR_REVIEW_IO; k++) {
				struct json_object *c;

				if (json_object_object_get_ex(v, review_io_names[k], &c))
					rec->io[k] = json_object_get_uint64(c);
			}
		}
	}
put:
	json_object_put(doc);
	return err;
}
