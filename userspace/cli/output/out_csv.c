// SPDX-License-Identifier: GPL-2.0
/*
 * The CSV backend (--format csv): results for spreadsheets, RFC 4180
 * (comma-separated, fields with a comma, a quote or a line break quoted,
 * quotes doubled, CRLF-free). One header, the same for every command, and
 * a row per run and op: a run's ops, a job's runs and their total, a
 * sweep's points, a comparison's engines at each depth, a plan's steps.
 * Latencies in ns, rates per second, MB/s in 10^6 bytes; an --anatomy
 * run's stages in columns of their own, empty for other runs. Commands that
 * print no results (info, status, ...) refuse --format csv (args.c), so
 * this backend's other operations print nothing.
 */

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "backend.h"
#include "values.h"

static const char header[] =
	"label,target,engine,rw,bs,iodepth,achieved_iodepth,op,state,ios,bytes,errors,iops,mb_s,"
	"lat_mean_ns,lat_min_ns,lat_p50_ns,lat_p99_ns,lat_p99_9_ns,lat_max_ns";

/* Each stage's columns: STAGE_mean_ns... (end-io: end_io_mean_ns...). */
static const char *const stage_columns[] = { "mean", "p50", "p99", "max" };

/* A field, quoted when it must be. */
static void csv_field(const char *s)
{
	if (!strpbrk(s, ",\"\r\n")) {
		fputs(s, stdout);
		return;
	}
	putchar('"');
	for (; *s; s++) {
		if (*s == '"')
			putchar('"');
		putchar(*s);
	}
	putchar('"');
}

/* The header: the run's columns, then each stage's, named from the spec's lat-kind. */
static void csv_header(void)
{
	unsigned int kind, i;
	const char *c;

	fputs(header, stdout);
	for (kind = SSDK_LAT_KIND_BLOCK; kind <= SSDK_LAT_KIND_MAX; kind++)
		for (i = 0; i < ARRAY_SIZE(stage_columns); i++) {
			putchar(',');
			for (c = enum_name(SSDK_SPEC_ENUM_LAT_KIND, kind); *c; c++)
				putchar(*c == '-' ? '_' : *c);
			printf("_%s_ns", stage_columns[i]);
		}
	putchar('\n');
}

/*
 * An op's stages (--anatomy): mean, p50, p99 and max of each, from the
 * stage's histogram (percentiles empty without one); every field empty
 * for a run without anatomy and for a stage that timed no IO.
 */
static void csv_stages(const struct run_result *r, unsigned int op)
{
	const struct ssdk_run_status *st = &r->st;
	unsigned int kind, set;
	struct op_summary o;

	for (kind = SSDK_LAT_KIND_BLOCK; kind <= SSDK_LAT_KIND_MAX; kind++) {
		set = op + kind * SSDK_NR_OPS;
		if (!st->config.anatomy || !st->stats[set].ios) {
			fputs(",,,,", stdout);
			continue;
		}
		op_summarize(&st->stats[set], st->measured_ns, r->hists[set], &o);
		printf(",%.1f,", o.mean);
		if (r->hists[set])
			printf("%" PRIu64 ",%" PRIu64, o.pct[SSDK_REPORT_P50], o.pct[SSDK_REPORT_P99]);
		else
			putchar(',');
		printf(",%" PRIu64, o.max);
	}
}

/* Whether a run's op has a row: it did IOs, or none did and it is the reads. */
static int csv_op_shown(const struct ssdk_run_status *st, unsigned int op)
{
	unsigned int i;

	if (st->stats[op].ios || st->stats[op].errors)
		return 1;
	for (i = 0; i < SSDK_NR_OPS; i++)
		if (st->stats[i].ios || st->stats[i].errors)
			return 0;
	return op == SSDK_OP_READ;
}

/* The rows of one run: one per op that did IOs (reads when none did). */
void out_csv_run(struct output *out, const struct run_result *r, const struct csv_row *row)
{
	const struct ssdk_run_status *st = &r->st;
	const struct ssdk_run_config *c = &st->config;
	struct op_summary o;
	unsigned int op;

	if (!out->rows++)
		csv_header();
	for (op = 0; op < SSDK_NR_OPS; op++) {
		if (!csv_op_shown(st, op))
			continue;
		op_summarize(&st->stats[op], st->measured_ns, r->hists[op], &o);
		csv_field(row->label);
		putchar(',');
		csv_field(c->target);
		putchar(',');
		csv_field(row->engine ? row->engine : r->engine ? r->engine :
			  enum_name(SSDK_SPEC_ENUM_ENGINE, c->engine));
		printf(",%s,%u,%u,", enum_name(SSDK_SPEC_ENUM_RW, c->rw), c->bs, c->iodepth);
		if (row->achieved_qd >= 0)
			printf("%.3f", row->achieved_qd);
		printf(",%s,%s,%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%.1f,%.3f,",
		       enum_name(SSDK_SPEC_ENUM_OP, op), enum_name(SSDK_SPEC_ENUM_STATE, st->state),
		       o.ios, o.bytes, o.errors, o.iops, o.bw_bytes / 1e6);
		if (o.ios)
			printf("%.1f,%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64,
			       o.mean, o.min, o.pct[SSDK_REPORT_P50], o.pct[SSDK_REPORT_P99],
			       o.pct[SSDK_REPORT_P999], o.max);
		else
			fputs(",,,,,", stdout);
		csv_stages(r, op);
		putchar('\n');
	}
}

static void csv_results(struct output *out, const struct run_result *r, unsigned int flags)
{
	char id[16];

	snprintf(id, sizeof(id), "%u", r->st.id);
	out_csv_run(out, r, &(struct csv_row){ .label = id, .achieved_qd = -1 });
}

static void csv_job(struct output *out, const struct run_result *r, unsigned int n,
		    const struct run_result *total)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		csv_results(out, &r[i], 0);
	if (n > 1)
		out_csv_run(out, total, &(struct csv_row){ .label = "total", .achieved_qd = -1 });
}

static void csv_sweep_begin(struct output *out)
{
	out->rows = 0;
	out->sweep = 1;
}

static void csv_sweep_point(struct output *out, const struct run_result *r, unsigned int n,
			    const struct run_result *total)
{
	out_csv_run(out, total, &(struct csv_row){ .label = n > 1 ? "total" : "sweep",
					       .achieved_qd = -1 });
	fflush(stdout);
}

static void csv_sweep_end(struct output *out)
{
	out->sweep = 0;
}

/*
 * Repetitions: a repetition's rows each, labelled "repeat K" (a sweep's
 * points told apart by their bs and iodepth); the spread is not a row.
 */
static void csv_repeat_begin(struct output *out, unsigned int n)
{
	if (!out->sweep)
		out->rows = 0;
}

static void csv_repeat_one(struct output *out, unsigned int k, const struct run_result *r,
			   unsigned int n, const struct run_result *total)
{
	char label[32];

	snprintf(label, sizeof(label), "repeat %u", k);
	out_csv_run(out, total, &(struct csv_row){ .label = label, .achieved_qd = -1 });
	fflush(stdout);
}

static void csv_repeat_end(struct output *out, unsigned int done, const struct repeat_spread *s)
{
}

/* --dry-run: no results, no rows; the exit status says. */
static void csv_dry_run(struct output *out, unsigned int runs, double seconds,
			unsigned int untimed)
{
}

const struct output_ops output_csv = {
	.format = OUTPUT_CSV,
	.results = csv_results,
	.job = csv_job,
	.sweep_begin = csv_sweep_begin,
	.sweep_point = csv_sweep_point,
	.sweep_end = csv_sweep_end,
	.repeat_begin = csv_repeat_begin,
	.repeat_one = csv_repeat_one,
	.repeat_end = csv_repeat_end,
	.dry_run = csv_dry_run,
};
