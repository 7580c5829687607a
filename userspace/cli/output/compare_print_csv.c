// SPDX-License-Identifier: GPL-2.0
/*
 * ssdk compare in CSV: a run's rows per engine and depth (out_csv.c).
 */

#include <stdio.h>

#include "backend.h"
#include "compare_print.h"

static void csv_compare_begin(struct output *out, unsigned int n)
{
	out->rows = 0;
}

static void csv_compare_point(struct output *out, const struct compare_point *p, int several)
{
	unsigned int i;

	for (i = 0; i < p->n; i++)
		out_csv_run(out, &p->rows[i].r, &(struct csv_row){ .label = p->rows[i].name,
							       .engine = p->rows[i].name,
							       .achieved_qd = p->rows[i].achieved_qd });
	fflush(stdout);
}

static void csv_compare_end(struct output *out, const struct compare_point *p, unsigned int n,
			    int several)
{
}

const struct compare_print_ops compare_print_csv = {
	.begin = csv_compare_begin,
	.point = csv_compare_point,
	.end = csv_compare_end,
};
