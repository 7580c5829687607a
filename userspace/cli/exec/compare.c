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
 *
 * Reads, writes or a mix, as any run: the userspace engines place and
 * fill their IOs with the module's own code. At several iodepths
 * (--iodepth 1,2,4,...) each depth is a comparison of its own, and the
 * engines' figures across them are their curves. Each engine's achieved
 * depth (Little's law: IOPS x mean latency) is shown beside the one asked,
 * and the queue the device itself had (the block layer's time in queue
 * over the run): an engine that did not keep its queue full measured a
 * shallower queue, and one whose latency starts or stops elsewhere than
 * the device's shows it in the difference.
 *
 * Every engine at every depth is checked before the first runs
 * (compare_check()): a comparison that cannot finish does not start.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "compare.h"
#include "jobs.h"
#include "values.h"

/* The module's engine (SSDK_ENGINE_*) of a name, as the spec names it, or -1. */
static int module_engine(const char *name)
{
	uint64_t v;

	return ssdk_spec_value(SSDK_SPEC_ENUM_ENGINE, name, &v) ? -1 : (int)v;
}

/* The userspace engine of NAME or NAME-raw, or NULL. */
static const struct engine_ops *user_engine(const char *name)
{
	size_t n = strlen(name);
	char base[16];

	if (n <= 4 || n - 4 >= sizeof(base) || strcmp(name + n - 4, "-raw"))
		return engine_find(name);
	memcpy(base, name, n - 4);
	base[n - 4] = '\0';
	return engine_find(base);
}

/* Whether an engine runs on compare's --file rather than its --target. */
static int on_file(const char *name)
{
	return module_engine(name) == SSDK_ENGINE_KFILE || engine_find(name);
}

/* Every engine compare knows, for a message. */
static const char *engine_names(char *buf, size_t size)
{
	const struct ssdk_spec_enum *e = ssdk_spec_enum(SSDK_SPEC_ENUM_ENGINE);
	unsigned int i, raw;
	size_t n = 0;

	for (i = 0; i < e->nr && n < size; i++)
		n += snprintf(buf + n, size - n, "%s, ", e->names[i]);
	for (raw = 0; raw < 2; raw++)
		for (i = 0; engines[i] && n < size; i++)
			n += snprintf(buf + n, size - n, "%s%s%s", engines[i]->name,
				      raw ? "-raw" : "", raw && !engines[i + 1] ? "" : ", ");
	return buf;
}

/**
 * compare_parse_engines() - Read --engines.
 * @cli: Settings.
 * @cmp: Its engines are set; its file must be, if it has one.
 * @list: The list, split in place (it must outlive @cmp).
 *
 * Return: 0 or EXIT_USAGE (said).
 */
int compare_parse_engines(struct cli *cli, struct compare *cmp, char *list)
{
	char *name, *save, names[256];
	unsigned int i;

	cmp->nr = 0;
	for (name = strtok_r(list, ",", &save); name; name = strtok_r(NULL, ",", &save)) {
		if (module_engine(name) < 0 && !user_engine(name))
			return usage_error(cli, "--engines: '%s' is none of %s", name,
					   engine_names(names, sizeof(names)));
		if (on_file(name) && !cmp->file)
			return usage_error(cli,
					   "--engines: '%s' runs on a file: give it --file PATH (a file on a filesystem on the target)",
					   name);
		for (i = 0; i < cmp->nr; i++)
			if (!strcmp(cmp->engines[i], name))
				return usage_error(cli, "--engines: '%s' twice", name);
		if (cmp->nr == COMPARE_MAX_ENGINES)
			return usage_error(cli, "--engines: at most %d", COMPARE_MAX_ENGINES);
		cmp->engines[cmp->nr++] = name;
	}
	if (!cmp->nr)
		return usage_error(cli, "--engines: an empty list");
	return 0;
}

/* The iodepth of point @p. */
static uint32_t point_iodepth(const struct compare *cmp, unsigned int p)
{
	if (cmp->nr_qds)
		return cmp->qds[p];
	return ssdk_config_is_set(&cmp->cfg, SSDK_A_RUN_IODEPTH) ?
	       ssdk_config_get(&cmp->cfg, SSDK_A_RUN_IODEPTH) : SSDK_DEFAULT_IODEPTH;
}

/* The workload of one engine at one iodepth: its target, and the module's engine. */
static void engine_config(const struct compare *cmp, const char *name, uint32_t iodepth,
			  struct ssdk_run_config *cfg)
{
	*cfg = cmp->cfg;
	ssdk_config_set(cfg, SSDK_A_RUN_IODEPTH, iodepth);
	if (on_file(name))
		ssdk_config_set_target(cfg, cmp->file);
	ssdk_config_unset(cfg, SSDK_A_RUN_ENGINE);
	if (module_engine(name) == SSDK_ENGINE_KFILE)
		ssdk_config_set(cfg, SSDK_A_RUN_ENGINE, SSDK_ENGINE_KFILE);
	else
		ssdk_config_unset(cfg, SSDK_A_RUN_BUFFERED);
}

/**
 * compare_check() - Check that every engine would run, running none.
 * @cli: Settings.
 * @h: The connection.
 * @cmp: What to compare.
 *
 * Each engine at each iodepth: the module's by its dry run, the
 * userspace ones by their own check.
 *
 * Return: 0 or EXIT_RUNTIME (said, with the engine and, of several, the
 * iodepth).
 */
int compare_check(struct cli *cli, struct ssdk *h, const struct compare *cmp)
{
	unsigned int np = cmp->nr_qds ? cmp->nr_qds : 1, i, p;
	struct ssdk_run_config cfg;
	const struct engine_ops *ops;
	char err[512], at[32] = "";

	for (p = 0; p < np; p++) {
		if (np > 1)
			snprintf(at, sizeof(at), " at iodepth %u", cmp->qds[p]);
		for (i = 0; i < cmp->nr; i++) {
			engine_config(cmp, cmp->engines[i], point_iodepth(cmp, p), &cfg);
			ops = user_engine(cmp->engines[i]);
			if (!ops && ssdk_run_check(h, &cfg) < 0)
				return runtime_error(cli, "%s%s: %s", cmp->engines[i], at,
						     ssdk_last_error(h));
			if (ops && ujob_check(ops, &cfg, err, sizeof(err)))
				return runtime_error(cli, "%s%s: %s", cmp->engines[i], at, err);
		}
	}
	return 0;
}

/* One engine's run, its results into @row. */
static int compare_one(struct cli *cli, struct ssdk *h, const struct compare *cmp,
		       uint32_t iodepth, struct compare_row *row, struct jobs *jobs, int progress)
{
	const struct engine_ops *ops = user_engine(row->name);
	struct ssdk_run_config cfg;
	char err[512];
	int ret;

	uint64_t q0, q1;
	int known;

	if (result_alloc_hists(&row->r))
		return runtime_error(cli, "out of memory");
	engine_config(cmp, row->name, iodepth, &cfg);
	known = !ssdk_device_time_in_queue(cfg.target, &q0);
	row->device_qd = -1;
	if (ops) {
		row->r.engine = row->name;
		if (ujob_run(ops, &cfg, &row->r.st, row->r.hists[0], err, sizeof(err)))
			return runtime_error(cli, "%s: %s", row->name, err);
		if (row->r.st.state == SSDK_STATE_FAILED)
			return runtime_error(cli, "%s: failed: %s", row->name, row->r.st.reason);
		ret = 0;
	} else {
		memset(jobs, 0, sizeof(*jobs));
		jobs->nr = 1;
		jobs->cfg[0] = cfg;
		ret = jobs_run(cli, h, jobs, progress);
		if (jobs->total.st.id) {
			row->r.st = jobs->res[0].st;
			memcpy(row->r.hists[0], jobs->res[0].hists[0],
			       SSDK_NR_SETS * ssdk_hist_buckets() * sizeof(uint64_t));
		}
		jobs_free(jobs);
	}
	/* Every IO of the run is within its elapsed time: ramp, start and end. */
	if (!ret && known && !ssdk_device_time_in_queue(cfg.target, &q1) && q1 >= q0 &&
	    row->r.st.elapsed_ns)
		row->device_qd = (double)(q1 - q0) * 1e6 / row->r.st.elapsed_ns;
	return ret;
}

/*
 * An engine of a comparison: the module's (SSDK_ENGINE_*, named by the
 * spec), or a userspace one on the file or, raw, on the device.
 */
struct engine_ref {
	int module;
	const char *user;
	int raw;
};

#define MODULE(e)	{ e, NULL, 0 }
#define USER(name)	{ -1, name, 0 }
#define USER_RAW(name)	{ -1, name, 1 }

/*
 * The differences that isolate a layer: A's figures minus B's, when both
 * ran. An engine in none of them is shown against the first engine.
 */
static const struct layer {
	struct engine_ref a, b;
	const char *layer;
} layers[] = {
	{ MODULE(SSDK_ENGINE_KFILE), MODULE(SSDK_ENGINE_BIO), "filesystem" },
	{ USER("uring"), MODULE(SSDK_ENGINE_KFILE), "syscall, io_uring" },
	{ USER("libaio"), MODULE(SSDK_ENGINE_KFILE), "syscall, libaio" },
	{ USER("psync"), MODULE(SSDK_ENGINE_KFILE), "syscall, psync" },
	{ USER_RAW("uring"), MODULE(SSDK_ENGINE_BIO), "syscall, io_uring" },
	{ USER_RAW("libaio"), MODULE(SSDK_ENGINE_BIO), "syscall, libaio" },
	{ USER_RAW("psync"), MODULE(SSDK_ENGINE_BIO), "syscall, psync" },
	{ USER("uring"), USER_RAW("uring"), "filesystem, under io_uring" },
	{ USER("libaio"), USER_RAW("libaio"), "filesystem, under libaio" },
	{ USER("psync"), USER_RAW("psync"), "filesystem, under psync" },
};

_Static_assert(ARRAY_SIZE(layers) + COMPARE_MAX_ENGINES <= COMPARE_MAX_DIFFS,
	       "room for every difference");

/* The row of an engine, or -1 when it did not run. */
static int row_of(const struct compare_row *rows, unsigned int n, const struct engine_ref *e)
{
	char name[32];
	unsigned int i;

	if (e->user)
		snprintf(name, sizeof(name), "%s%s", e->user, e->raw ? "-raw" : "");
	else
		snprintf(name, sizeof(name), "%s", enum_name(SSDK_SPEC_ENUM_ENGINE, e->module));
	for (i = 0; i < n; i++)
		if (!strcmp(rows[i].name, name))
			return i;
	return -1;
}

static void diff_set(struct compare_diff *d, const struct compare_row *rows, unsigned int a,
		     unsigned int b, const char *layer)
{
	static const unsigned int pcts[] = { SSDK_REPORT_P50, SSDK_REPORT_P99, SSDK_REPORT_P999 };
	unsigned int k;

	d->a = a;
	d->b = b;
	d->layer = layer;
	d->d[0] = rows[a].o.mean - rows[b].o.mean;
	for (k = 0; k < ARRAY_SIZE(pcts); k++)
		d->d[k + 1] = (double)rows[a].o.pct[pcts[k]] - (double)rows[b].o.pct[pcts[k]];
}

static unsigned int compare_diffs(const struct compare_row *rows, unsigned int n,
				  struct compare_diff *d)
{
	int used[COMPARE_MAX_ENGINES] = { 0 }, a, b;
	unsigned int nd = 0, i;

	for (i = 0; i < ARRAY_SIZE(layers); i++) {
		a = row_of(rows, n, &layers[i].a);
		b = row_of(rows, n, &layers[i].b);
		if (a < 0 || b < 0)
			continue;
		diff_set(&d[nd++], rows, a, b, layers[i].layer);
		used[a] = used[b] = 1;
	}
	for (i = 1; i < n; i++)
		if (!used[i])
			diff_set(&d[nd++], rows, i, 0, "difference");
	return nd;
}

/*
 * An engine's IOs, reads and writes together (a workload of one op has
 * only its own), and its achieved depth.
 */
static int row_summarize(struct compare_row *row, uint32_t iodepth)
{
	const struct ssdk_run_status *st = &row->r.st;
	struct ssdk_counts all = st->stats[SSDK_OP_READ];
	size_t i, nr = ssdk_hist_buckets();

	row->hist = calloc(nr, sizeof(*row->hist));
	if (!row->hist)
		return -1;
	ssdk_counts_merge(&all, &st->stats[SSDK_OP_WRITE]);
	for (i = 0; i < nr; i++)
		row->hist[i] = row->r.hists[SSDK_OP_READ][i] + row->r.hists[SSDK_OP_WRITE][i];
	op_summarize(&all, st->measured_ns, row->hist, &row->o);
	row->achieved_qd = row->o.iops * row->o.mean / 1e9;
	row->short_qd = row->o.ios &&
			row->achieved_qd * 100 < (double)iodepth * COMPARE_SUSTAINED_PCT;
	return 0;
}

/* What a point no longer needs once printed: its histograms. */
static void point_release(struct compare_point *pt)
{
	unsigned int i;

	for (i = 0; i < COMPARE_MAX_ENGINES; i++) {
		result_free(&pt->rows[i].r);
		free(pt->rows[i].hist);
		pt->rows[i].hist = NULL;
		pt->rows[i].o.hist = NULL;
	}
}

/**
 * compare_run() - ssdk compare: at each iodepth, each engine (checked) in
 * turn, then its table; then the curves.
 * @cli: Settings.
 * @h: The connection to the module.
 * @cmp: What to compare.
 * @progress: Draw the module's runs' progress line.
 *
 * Return: The exit status.
 */
int compare_run(struct cli *cli, struct ssdk *h, const struct compare *cmp, int progress)
{
	unsigned int np = cmp->nr_qds ? cmp->nr_qds : 1, done, i;
	struct compare_point *pts = calloc(np, sizeof(*pts)), *pt;
	struct jobs *jobs = calloc(1, sizeof(*jobs));
	int err = 0;

	if (!jobs || !pts) {
		free(jobs);
		free(pts);
		return runtime_error(cli, "out of memory");
	}
	compare_print(&cli->out)->begin(&cli->out, np);
	for (done = 0; !err && done < np; done++) {
		pt = &pts[done];
		pt->iodepth = point_iodepth(cmp, done);
		for (i = 0; !err && i < cmp->nr; i++) {
			pt->rows[i].name = cmp->engines[i];
			err = compare_one(cli, h, cmp, pt->iodepth, &pt->rows[i], jobs, progress);
			if (!err && row_summarize(&pt->rows[i], pt->iodepth))
				err = runtime_error(cli, "out of memory");
		}
		if (err) {
			point_release(pt);
			break;
		}
		pt->n = cmp->nr;
		pt->nd = compare_diffs(pt->rows, pt->n, pt->d);
		compare_print(&cli->out)->point(&cli->out, pt, np > 1);
		point_release(pt);
	}
	/* What was measured stays said, and -j's document whole. */
	compare_print(&cli->out)->end(&cli->out, pts, done, np > 1);
	free(jobs);
	free(pts);
	return err;
}
