// SPDX-License-Identifier: GPL-2.0
/*
 * Plans in CSV: a run's rows per step that ran (out_csv.c), once the plan
 * ended; nothing as each step ends.
 */

#include "backend.h"
#include "plan_print.h"

/* A plan's steps that ran, each labelled with what it did. */
static void csv_plan(struct output *out, const struct plan *p)
{
	unsigned int i;

	for (i = 0; i < p->nr; i++)
		if (p->steps[i].kind == STEP_RUN && p->steps[i].state != STEP_PENDING &&
		    p->steps[i].res.st.id)
			out_csv_run(out, &p->steps[i].res,
				&(struct csv_row){ .label = p->steps[i].what, .achieved_qd = -1 });
}

const struct plan_print_ops plan_print_csv = {
	.plan = csv_plan,
};
