// SPDX-License-Identifier: GPL-2.0
/*
 * ssdk compare: one workload through several layers, back to back with
 * the same seed (the same offsets in the same order), side by side, and
 * the differences that isolate each layer's cost:
 *
 *   bio        the module, bios on the raw device
 *   kfile      the module, kiocbs on a file of a filesystem on it
 *   uring, libaio, psync              system calls on that file
 *   uring-raw, libaio-raw, psync-raw  system calls on the raw device
 *
 * kfile - bio is the filesystem; uring - kfile the system call on the
 * file; uring-raw - bio the system call on the device; uring - uring-raw
 * the filesystem under a system call (Documentation/compare.rst).
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/ssdk.h>

#include "../engines/engine.h"
#include "cli.h"
#include "compare.h"
#include "hist.h"
#include "jobs.h"
#include "opts.h"

#define MAX_ENGINES	8

/* The latencies the table and the differences show, by report_pcts index. */
static const unsigned int shown_pcts[] = { 4, 8, 9 };	/* p50, p99, p99.9 */
static const char *const shown_names[] = { "p50", "p99", "p99.9" };

struct compared {
	const char *name;
	struct ssdk_run_status st;
	uint64_t *hists;
	struct op_summary o;
};

/* The userspace engine of NAME-raw, or NULL. */
static const struct engine_ops *raw_engine(const char *name)
{
	size_t n = strlen(name);
	char base[16];

	if (n <= 4 || n - 4 >= sizeof(base) || strcmp(name + n - 4, "-raw"))
		return NULL;
	memcpy(base, name, n - 4);
	base[n - 4] = '\0';
	return engine_find(base);
}

/* Whether an engine runs on compare's --file rather than its --target. */
static int on_file(const char *name)
{
	return !strcmp(name, "kfile") || engine_find(name);
}

/* Split --engines, and refuse unknown names and file engines without a file. */
static int parse_engines(struct cli *cli, char *list, int has_file, struct compared *c,
			 unsigned int *nr)
{
	char *name, *save;
	unsigned int i;

	*nr = 0;
	for (name = strtok_r(list, ",", &save); name; name = strtok_r(NULL, ",", &save)) {
		if (strcmp(name, "bio") && !on_file(name) && !raw_engine(name))
			return usage_error(cli, "compare",
					   "--engines: '%s' is none of bio, kfile, uring, libaio, psync, uring-raw, libaio-raw, psync-raw",
					   name);
		if (on_file(name) && !has_file)
			return usage_error(cli, "compare",
					   "--engines: '%s' runs on a file: give it --file PATH (a file on a filesystem on the target)",
					   name);
		for (i = 0; i < *nr; i++)
			if (!strcmp(c[i].name, name))
				return usage_error(cli, "compare", "--engines: '%s' twice", name);
		if (*nr == MAX_ENGINES)
			return usage_error(cli, "compare", "--engines: at most %d", MAX_ENGINES);
		c[(*nr)++].name = name;
	}
	if (!*nr)
		return usage_error(cli, "compare", "--engines: an empty list");
	return 0;
}

/**
 * compare_check_engines() - Check an --engines list before anything runs.
 * @cli: Settings.
 * @list: The list.
 * @has_file: Whether --file was given.
 *
 * Return: 0 or EXIT_USAGE, said.
 */
int compare_check_engines(struct cli *cli, const char *list, int has_file)
{
	struct compared c[MAX_ENGINES];
	char buf[256];
	unsigned int nr;

	snprintf(buf, sizeof(buf), "%s", list);
	return parse_engines(cli, buf, has_file, c, &nr);
}

/* One engine's run, its results into @c. */
static int compare_one(struct cli *cli, struct ssdk *h, const struct ssdk_run_config *workload,
		       const char *file, struct compared *c, struct jobs *jobs, int progress)
{
	struct ssdk_run_config cfg = *workload;
	const struct engine_ops *ops = engine_find(c->name);
	char err[512];
	unsigned int s;
	int ret;

	cfg.engine = SSDK_ENGINE_BIO;
	if (on_file(c->name))
		snprintf(cfg.target, sizeof(cfg.target), "%s", file);
	if (!strcmp(c->name, "bio") || !strcmp(c->name, "kfile")) {
		if (!strcmp(c->name, "kfile"))
			cfg.engine = SSDK_ENGINE_KFILE;
		else
			cfg.buffered = 0;
		memset(jobs, 0, sizeof(*jobs));
		jobs->nr = 1;
		jobs->cfg[0] = cfg;
		ret = jobs_run(cli, h, jobs, progress);
		if (!jobs->total.id)
			return ret ? ret : EXIT_RUNTIME;
		c->st = jobs->st[0];
		for (s = 0; s < SSDK_LIB_NR_SETS; s++)
			memcpy(c->hists + s * SSDK_HIST_NR_BUCKETS, jobs->hists[0][s],
			       SSDK_HIST_NR_BUCKETS * sizeof(uint64_t));
		jobs_free(jobs);
		return ret;
	}
	cfg.buffered = 0;
	if (ujob_run(ops ? ops : raw_engine(c->name), &cfg, &c->st, c->hists, err, sizeof(err)))
		return runtime_error(cli, "%s: %s", c->name, err);
	return c->st.state == SSDK_STATE_FAILED ? EXIT_RUNTIME : 0;
}

/*
 * The differences that isolate a layer: A's figures minus B's, when both
 * ran. An engine in none of them is shown against the first engine.
 */
static const struct layer_diff {
	const char *a, *b, *layer;
} layer_diffs[] = {
	{ "kfile", "bio", "filesystem" },
	{ "uring", "kfile", "syscall, io_uring" },
	{ "libaio", "kfile", "syscall, libaio" },
	{ "psync", "kfile", "syscall, psync" },
	{ "uring-raw", "bio", "syscall, io_uring" },
	{ "libaio-raw", "bio", "syscall, libaio" },
	{ "psync-raw", "bio", "syscall, psync" },
	{ "uring", "uring-raw", "filesystem, under io_uring" },
	{ "libaio", "libaio-raw", "filesystem, under libaio" },
	{ "psync", "psync-raw", "filesystem, under psync" },
};

#define MAX_DIFFS	(sizeof(layer_diffs) / sizeof(layer_diffs[0]) + MAX_ENGINES)

struct diff {
	unsigned int a, b;
	const char *layer;
	double d[4];	/* mean, then shown_pcts */
};

static int engine_index(const struct compared *c, unsigned int nr, const char *name)
{
	unsigned int i;

	for (i = 0; i < nr; i++)
		if (!strcmp(c[i].name, name))
			return i;
	return -1;
}

static void diff_set(struct diff *d, const struct compared *c, unsigned int a, unsigned int b,
		     const char *layer)
{
	unsigned int k;

	d->a = a;
	d->b = b;
	d->layer = layer;
	d->d[0] = c[a].o.mean - c[b].o.mean;
	for (k = 0; k < sizeof(shown_pcts) / sizeof(shown_pcts[0]); k++)
		d->d[k + 1] = (double)c[a].o.pct[shown_pcts[k]] - (double)c[b].o.pct[shown_pcts[k]];
}

static unsigned int compare_diffs(const struct compared *c, unsigned int nr, struct diff *d)
{
	int used[MAX_ENGINES] = { 0 }, a, b;
	unsigned int n = 0, i;

	for (i = 0; i < sizeof(layer_diffs) / sizeof(layer_diffs[0]); i++) {
		a = engine_index(c, nr, layer_diffs[i].a);
		b = engine_index(c, nr, layer_diffs[i].b);
		if (a < 0 || b < 0)
			continue;
		diff_set(&d[n++], c, a, b, layer_diffs[i].layer);
		used[a] = used[b] = 1;
	}
	for (i = 1; i < nr; i++)
		if (!used[i])
			diff_set(&d[n++], c, i, 0, "difference");
	return n;
}

static void compare_text(const struct compared *c, unsigned int nr)
{
	struct diff d[MAX_DIFFS];
	char b[5][32], key[64];
	unsigned int i, k, n;

	printf("%-12s %12s %10s %12s %12s %12s %12s %12s\n", "engine", "IOPS", "MB/s", "mean",
	       "p50", "p99", "p99.9", "max");
	for (i = 0; i < nr; i++)
		printf("%-12s %12.1f %10.2f %12s %12s %12s %12s %12s\n", c[i].name, c[i].o.iops,
		       c[i].o.bw_bytes / 1e6, fmt_ns(b[0], sizeof(b[0]), c[i].o.mean),
		       fmt_ns(b[1], sizeof(b[1]), c[i].o.pct[4]),
		       fmt_ns(b[2], sizeof(b[2]), c[i].o.pct[8]),
		       fmt_ns(b[3], sizeof(b[3]), c[i].o.pct[9]),
		       fmt_ns(b[4], sizeof(b[4]), c[i].o.max));
	n = compare_diffs(c, nr, d);
	if (!n)
		return;
	printf("\n%-22s %-26s %10s", "difference (ns)", "layer", "mean");
	for (k = 0; k < sizeof(shown_pcts) / sizeof(shown_pcts[0]); k++)
		printf(" %10s", shown_names[k]);
	putchar('\n');
	for (i = 0; i < n; i++) {
		snprintf(key, sizeof(key), "%s - %s", c[d[i].a].name, c[d[i].b].name);
		printf("%-22s %-26s", key, d[i].layer);
		for (k = 0; k < 4; k++)
			printf(" %+10.0f", d[i].d[k]);
		putchar('\n');
	}
}

static void compare_json(struct compared *c, unsigned int nr)
{
	struct diff d[MAX_DIFFS];
	report_hists hists;
	char key[64];
	unsigned int i, k, s, n;
	struct json j;

	json_init(&j, stdout);
	json_object_begin(&j, NULL);
	json_object_begin(&j, "results");
	for (i = 0; i < nr; i++) {
		for (s = 0; s < SSDK_LIB_NR_SETS; s++)
			hists[s] = c[i].hists + s * SSDK_HIST_NR_BUCKETS;
		report_json(&j, c[i].name, &c[i].st, hists, NULL);
	}
	json_object_end(&j);
	n = compare_diffs(c, nr, d);
	json_object_begin(&j, "overhead_ns");
	for (i = 0; i < n; i++) {
		snprintf(key, sizeof(key), "%s - %s", c[d[i].a].name, c[d[i].b].name);
		json_object_begin(&j, key);
		json_double(&j, "mean", d[i].d[0]);
		for (k = 0; k < sizeof(shown_pcts) / sizeof(shown_pcts[0]); k++)
			json_double(&j, shown_names[k], d[i].d[k + 1]);
		json_object_end(&j);
	}
	json_object_end(&j);
	json_object_begin(&j, "layers");
	for (i = 0; i < n; i++) {
		snprintf(key, sizeof(key), "%s - %s", c[d[i].a].name, c[d[i].b].name);
		json_str(&j, key, d[i].layer);
	}
	json_object_end(&j);
	json_object_end(&j);
	json_finish(&j);
}

/**
 * compare_run() - ssdk compare: each engine in turn, then the table.
 * @cli: Settings.
 * @h: The connection to the module.
 * @cfg: The workload; its target is the device.
 * @file: The file of the file engines, or NULL.
 * @engines: The --engines list (modified).
 * @progress: Draw the module's runs' progress line.
 *
 * Return: The exit status.
 */
int compare_run(struct cli *cli, struct ssdk *h, const struct ssdk_run_config *cfg,
		const char *file, char *engines, int progress)
{
	struct compared c[MAX_ENGINES] = { 0 };
	struct jobs *jobs = calloc(1, sizeof(*jobs));
	unsigned int nr, i;
	int err;

	if (!jobs)
		return runtime_error(cli, "out of memory");
	err = parse_engines(cli, engines, !!file, c, &nr);
	for (i = 0; !err && i < nr; i++) {
		c[i].hists = calloc(SSDK_LIB_NR_SETS * SSDK_HIST_NR_BUCKETS, sizeof(uint64_t));
		if (!c[i].hists)
			err = runtime_error(cli, "out of memory");
	}
	for (i = 0; !err && i < nr; i++) {
		err = compare_one(cli, h, cfg, file, &c[i], jobs, progress);
		op_summarize(&c[i].st.stats[SSDK_LIB_OP_READ], c[i].st.measured_ns, c[i].hists,
			     &c[i].o);
	}
	if (!err && cli->json)
		compare_json(c, nr);
	else if (!err)
		compare_text(c, nr);
	for (i = 0; i < nr; i++)
		free(c[i].hists);
	free(jobs);
	return err;
}
