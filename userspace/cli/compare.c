// SPDX-License-Identifier: GPL-2.0
/*
 * ssdk compare: one workload through several layers, back to back with
 * the same seed (the same offsets in the same order), side by side, and
 * the differences that isolate each layer's cost. This version compares
 * the bio engine on the raw device with the userspace engines on the same
 * device (uring-raw, libaio-raw, psync-raw): the difference is the
 * syscall layer, the user/kernel crossings and the wake-ups. The file
 * engines (kfile, and the userspace engines on a file) come next.
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

/* Split --engines, and refuse names that this version does not run. */
static int parse_engines(struct cli *cli, char *list, struct compared *c, unsigned int *nr)
{
	static const char *const later[] = { "kfile", "uring", "libaio", "psync" };
	char *name, *save;
	unsigned int i;

	*nr = 0;
	for (name = strtok_r(list, ",", &save); name; name = strtok_r(NULL, ",", &save)) {
		for (i = 0; i < sizeof(later) / sizeof(later[0]); i++)
			if (!strcmp(name, later[i]))
				return usage_error(cli, "compare",
						   "--engines: '%s' runs on a file; this version compares the raw device: bio, uring-raw, libaio-raw, psync-raw",
						   name);
		if (strcmp(name, "bio") && !raw_engine(name))
			return usage_error(cli, "compare",
					   "--engines: '%s' is none of bio, uring-raw, libaio-raw, psync-raw",
					   name);
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
 *
 * Return: 0 or EXIT_USAGE, said.
 */
int compare_check_engines(struct cli *cli, const char *list)
{
	struct compared c[MAX_ENGINES];
	char buf[256];
	unsigned int nr;

	snprintf(buf, sizeof(buf), "%s", list);
	return parse_engines(cli, buf, c, &nr);
}

/* One engine's run, its results into @c. */
static int compare_one(struct cli *cli, struct ssdk *h, const struct ssdk_run_config *cfg,
		       struct compared *c, struct jobs *jobs, int progress)
{
	char err[512];
	unsigned int s;
	int ret;

	if (!strcmp(c->name, "bio")) {
		memset(jobs, 0, sizeof(*jobs));
		jobs->nr = 1;
		jobs->cfg[0] = *cfg;
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
	if (ujob_run(raw_engine(c->name), cfg, &c->st, c->hists, err, sizeof(err)))
		return runtime_error(cli, "%s: %s", c->name, err);
	return c->st.state == SSDK_STATE_FAILED ? EXIT_RUNTIME : 0;
}

static void compare_text(const struct compared *c, unsigned int nr)
{
	char b[5][32];
	unsigned int i, k;

	printf("%-12s %12s %10s %12s %12s %12s %12s %12s\n", "engine", "IOPS", "MB/s", "mean",
	       "p50", "p99", "p99.9", "max");
	for (i = 0; i < nr; i++)
		printf("%-12s %12.1f %10.2f %12s %12s %12s %12s %12s\n", c[i].name, c[i].o.iops,
		       c[i].o.bw_bytes / 1e6, fmt_ns(b[0], sizeof(b[0]), c[i].o.mean),
		       fmt_ns(b[1], sizeof(b[1]), c[i].o.pct[4]),
		       fmt_ns(b[2], sizeof(b[2]), c[i].o.pct[8]),
		       fmt_ns(b[3], sizeof(b[3]), c[i].o.pct[9]),
		       fmt_ns(b[4], sizeof(b[4]), c[i].o.max));
	if (nr < 2)
		return;
	printf("\nover %s (ns)%*s %12s", c[0].name, (int)(9 - strlen(c[0].name)), "", "mean");
	for (k = 0; k < sizeof(shown_pcts) / sizeof(shown_pcts[0]); k++)
		printf(" %12s", shown_names[k]);
	putchar('\n');
	for (i = 1; i < nr; i++) {
		printf("%-22s %+12.0f", c[i].name, c[i].o.mean - c[0].o.mean);
		for (k = 0; k < sizeof(shown_pcts) / sizeof(shown_pcts[0]); k++)
			printf(" %+12.0f", (double)c[i].o.pct[shown_pcts[k]] -
					    (double)c[0].o.pct[shown_pcts[k]]);
		putchar('\n');
	}
}

static void compare_json(struct compared *c, unsigned int nr)
{
	report_hists hists;
	char key[64];
	unsigned int i, k, s;
	struct json j;

	json_init(&j, stdout);
	json_object_begin(&j, NULL);
	json_object_begin(&j, "results");
	for (i = 0; i < nr; i++) {
		for (s = 0; s < SSDK_LIB_NR_SETS; s++)
			hists[s] = c[i].hists + s * SSDK_HIST_NR_BUCKETS;
		report_json(&j, c[i].name, &c[i].st, hists);
	}
	json_object_end(&j);
	json_object_begin(&j, "overhead_ns");
	for (i = 1; i < nr; i++) {
		snprintf(key, sizeof(key), "%s - %s", c[i].name, c[0].name);
		json_object_begin(&j, key);
		json_double(&j, "mean", c[i].o.mean - c[0].o.mean);
		for (k = 0; k < sizeof(shown_pcts) / sizeof(shown_pcts[0]); k++)
			json_double(&j, shown_names[k], (double)c[i].o.pct[shown_pcts[k]] -
							(double)c[0].o.pct[shown_pcts[k]]);
		json_object_end(&j);
	}
	json_object_end(&j);
	json_object_end(&j);
	json_finish(&j);
}

/**
 * compare_run() - ssdk compare: each engine in turn, then the table.
 * @cli: Settings.
 * @h: The connection to the module.
 * @cfg: The workload.
 * @engines: The --engines list (modified).
 * @progress: Draw the bio engine's progress line.
 *
 * Return: The exit status.
 */
int compare_run(struct cli *cli, struct ssdk *h, const struct ssdk_run_config *cfg,
		char *engines, int progress)
{
	struct compared c[MAX_ENGINES] = { 0 };
	struct jobs *jobs = calloc(1, sizeof(*jobs));
	unsigned int nr, i;
	int err;

	if (!jobs)
		return runtime_error(cli, "out of memory");
	err = parse_engines(cli, engines, c, &nr);
	for (i = 0; !err && i < nr; i++) {
		c[i].hists = calloc(SSDK_LIB_NR_SETS * SSDK_HIST_NR_BUCKETS, sizeof(uint64_t));
		if (!c[i].hists)
			err = runtime_error(cli, "out of memory");
	}
	for (i = 0; !err && i < nr; i++) {
		err = compare_one(cli, h, cfg, &c[i], jobs, progress);
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
