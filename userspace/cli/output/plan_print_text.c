// SPDX-License-Identifier: GPL-2.0
/*
 * Plans in text: a line per step as it ends, a study's table, a
 * precondition's total.
 */

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "backend.h"
#include "plan_print.h"
#include "values.h"

/* Bytes a plan's writes would write in all; 0 when not known (wdpc's rounds). */
static uint64_t plan_bytes_planned(const struct plan *p)
{
	const struct ssdk_run_config *c;
	uint64_t bytes = 0;
	unsigned int i;

	for (i = 0; i < p->nr; i++) {
		c = &p->steps[i].cfg;
		if (p->steps[i].kind != STEP_RUN || ssdk_config_is_set(c, SSDK_A_RUN_PURGE))
			continue;
		if (!ssdk_config_is_set(c, SSDK_A_RUN_IOS))
			return 0;
		if (p->steps[i].workload < 0)
			bytes += c->ios * c->bs;
	}
	return bytes;
}

/* A step as it ends: its state, what it did, how much and how fast. */
static void text_plan_step(struct output *out, const struct plan *p, unsigned int i)
{
	const struct step *s = &p->steps[i];
	const struct ssdk_run_status *st = &s->res.st;
	struct ssdk_counts both = { 0 };
	char b[3][32];
	unsigned int op;

	printf("%-8s %-44s", step_states[s->state], s->what);
	if (s->reason[0]) {
		printf(" %s\n", s->reason);
		return;
	}
	if (s->kind == STEP_DRIVE) {
		printf(" %10s in %s\n", ssdk_fmt_bytes(b[0], sizeof(b[0]), s->erased.bytes),
		       ssdk_fmt_ns(b[1], sizeof(b[1]), s->erased.elapsed_ns));
		return;
	}
	for (op = 0; op < SSDK_NR_OPS; op++)
		ssdk_counts_merge(&both, &st->stats[op]);
	printf(" %10s in %10s", ssdk_fmt_bytes(b[0], sizeof(b[0]), both.bytes),
	       ssdk_fmt_ns(b[1], sizeof(b[1]), st->elapsed_ns));
	if (both.ios && st->measured_ns)
		printf(" %9.1f MB/s  mean %s  max %s", both.bytes * 1e3 / st->measured_ns,
		       ssdk_fmt_ns(b[1], sizeof(b[1]), (double)both.lat_sum_ns / both.ios),
		       ssdk_fmt_ns(b[2], sizeof(b[2]), both.lat_max_ns));
	putchar('\n');
	if (st->config.rounds)
		out_text_rounds(&s->res);
	fflush(stdout);
}

/* A row of the study's table: a figure of a workload in each state, and its changes. */
static void study_row(const char *label, const char *figure, const struct study_cell *c,
		      int which)
{
	char b[NR_PHASES][32];
	double v[NR_PHASES];
	unsigned int ph;

	for (ph = 0; ph < NR_PHASES; ph++) {
		v[ph] = which == 0 ? c[ph].bw_bytes / 1e6 : which == 1 ? c[ph].mean_ns :
			c[ph].max_ns;
		if (!c[ph].ran)
			snprintf(b[ph], sizeof(b[ph]), "-");
		else if (which)
			ssdk_fmt_ns(b[ph], sizeof(b[ph]), v[ph]);
		else
			snprintf(b[ph], sizeof(b[ph]), "%.2f", v[ph]);
	}
	printf("%-22s %-9s %12s %12s %12s", label, figure, b[PHASE_NEW], b[PHASE_USED],
	       b[PHASE_TRIM]);
	for (ph = PHASE_USED; ph < NR_PHASES; ph++) {
		if (c[PHASE_NEW].ran && c[ph].ran)
			printf(" %+9.1f%%", ssdk_change_pct(v[PHASE_NEW], v[ph]));
		else
			printf(" %10s", "-");
	}
	putchar('\n');
}

/* The seed's table: each workload new, used and after TRIM. */
static void text_study(const struct plan *p)
{
	struct study_cell c[NR_PHASES];
	unsigned int w, ph;

	printf("\n%-22s %-9s %12s %12s %12s %10s %10s\n", "workload", "", "new", "used",
	       "after TRIM", "used/new", "TRIM/new");
	for (w = 0; w < p->nr_workloads; w++) {
		for (ph = 0; ph < NR_PHASES; ph++)
			study_cell(p, w, ph, &c[ph]);
		study_row(p->workloads[w], "MB/s", c, 0);
		study_row("", "mean", c, 1);
		study_row("", "max", c, 2);
	}
	printf("(used/new, TRIM/new: the change from new, in percent)\n");
}

static void text_plan(struct output *out, const struct plan *p)
{
	uint64_t done = plan_bytes_written(p), planned = plan_bytes_planned(p);
	enum step_state state = plan_state(p);
	char b[4][32];

	if (!strcmp(p->command, "study"))
		text_study(p);
	if (!strcmp(p->command, "precondition")) {
		printf("\nprecondition %s of %s, span %s from %s: %s, %s written", p->name,
		       p->target, ssdk_fmt_bytes(b[0], sizeof(b[0]), p->span),
		       ssdk_fmt_bytes(b[1], sizeof(b[1]), p->offset), step_states[state],
		       ssdk_fmt_bytes(b[2], sizeof(b[2]), done));
		if (planned)
			printf(" of %s (%.1f%%)", ssdk_fmt_bytes(b[3], sizeof(b[3]), planned),
			       done * 100.0 / planned);
		putchar('\n');
	}
}

const struct plan_print_ops plan_print_text = {
	.step = text_plan_step,
	.plan = text_plan,
};
