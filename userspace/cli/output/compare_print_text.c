// SPDX-License-Identifier: GPL-2.0
/*
 * ssdk compare in text: a table per iodepth, then the curves.
 */

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "compare_print.h"
#include "rules.h"
#include "values.h"

static void text_compare_begin(struct output *out, unsigned int n)
{
}

/* An achieved depth, flagged when short of the one asked. */
static const char *fmt_qd(char *buf, size_t size, const struct compare_row *c)
{
	snprintf(buf, size, "%.1f%s", c->achieved_qd, c->short_qd ? "*" : "");
	return buf;
}

static void text_compare_point(struct output *out, const struct compare_point *p, int several)
{
	static const char *const names[] = { "mean", "p50", "p99", "p99.9" };
	const struct compare_row *c = p->rows;
	const struct compare_diff *d = p->d;
	char b[6][32], key[64], dq[32];
	unsigned int i, k, nr_short = 0;

	if (several)
		printf("%siodepth %u\n", out->rows++ ? "\n" : "", p->iodepth);
	printf("%-12s %8s %8s %12s %10s %12s %12s %12s %12s %12s\n", "engine", "QD", "dev QD",
	       "IOPS", "MB/s", "mean", "p50", "p99", "p99.9", "max");
	for (i = 0; i < p->n; i++) {
		if (c[i].device_qd >= 0)
			snprintf(dq, sizeof(dq), "%.1f", c[i].device_qd);
		else
			snprintf(dq, sizeof(dq), "-");
		printf("%-12s %8s %8s %12.1f %10.2f %12s %12s %12s %12s %12s\n", c[i].name,
		       fmt_qd(b[5], sizeof(b[5]), &c[i]), dq, c[i].o.iops, c[i].o.bw_bytes / 1e6,
		       ssdk_fmt_ns(b[0], sizeof(b[0]), c[i].o.mean),
		       ssdk_fmt_ns(b[1], sizeof(b[1]), c[i].o.pct[SSDK_REPORT_P50]),
		       ssdk_fmt_ns(b[2], sizeof(b[2]), c[i].o.pct[SSDK_REPORT_P99]),
		       ssdk_fmt_ns(b[3], sizeof(b[3]), c[i].o.pct[SSDK_REPORT_P999]),
		       ssdk_fmt_ns(b[4], sizeof(b[4]), c[i].o.max));
		nr_short += c[i].short_qd;
	}
	if (nr_short)
		printf("* kept fewer than %d%% of iodepth %u in flight (QD: IOPS x mean latency): its\n"
		       "  latencies are a shallower queue's, and differences with it mix queueing\n",
		       COMPARE_SUSTAINED_PCT, p->iodepth);
	if (!p->nd)
		return;
	printf("\n%-22s %-26s", "difference (ns)", "layer");
	for (k = 0; k < ARRAY_SIZE(names); k++)
		printf(" %10s", names[k]);
	putchar('\n');
	for (i = 0; i < p->nd; i++) {
		snprintf(key, sizeof(key), "%s - %s", c[d[i].a].name, c[d[i].b].name);
		printf("%-22s %-26s", key, d[i].layer);
		for (k = 0; k < ARRAY_SIZE(d[i].d); k++)
			printf(" %+10.0f", d[i].d[k]);
		putchar('\n');
	}
}

/* One curve table: a row per depth, an engine's MB/s or mean latency a column. */
static void text_curve(const char *title, const struct compare_point *p, unsigned int n,
		       int mean)
{
	unsigned int q, i;
	char b[32];

	printf("\n%-8s", title);
	for (i = 0; i < p[0].n; i++)
		printf(" %12s", p[0].rows[i].name);
	printf("\n");
	for (q = 0; q < n; q++) {
		printf("QD %-5u", p[q].iodepth);
		for (i = 0; i < p[q].n; i++) {
			if (mean)
				ssdk_fmt_ns(b, sizeof(b), p[q].rows[i].o.mean);
			else
				snprintf(b, sizeof(b), "%.2f", p[q].rows[i].o.bw_bytes / 1e6);
			printf(" %11s%s", b, p[q].rows[i].short_qd ? "*" : " ");
		}
		printf("\n");
	}
}

/* Several iodepths: each engine's MB/s and mean latency by depth, its curves. */
static void text_compare_end(struct output *out, const struct compare_point *p, unsigned int n,
			     int several)
{
	if (!several || !n)
		return;
	text_curve("MB/s", p, n, 0);
	text_curve("mean", p, n, 1);
}

const struct compare_print_ops compare_print_text = {
	.begin = text_compare_begin,
	.point = text_compare_point,
	.end = text_compare_end,
};
