// SPDX-License-Identifier: GPL-2.0
/*
 * Plans in JSON: every step, each run's results whole, a study's table.
 */

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "backend.h"
#include "plan_print.h"
#include "values.h"

/* A workload in one of the drive's states: the study table's cell, or null. */
static void json_study_cell(struct json *j, const char *key, const struct study_cell *c)
{
	if (!c->ran) {
		json_null(j, key);
		return;
	}
	json_object_begin(j, key);
	json_double(j, "iops", c->iops);
	json_double(j, "bw_bytes", c->bw_bytes);
	json_object_begin_inline(j, "lat_ns");
	json_double(j, "mean", c->mean_ns);
	json_u64(j, "max", c->max_ns);
	json_object_end(j);
	json_object_end(j);
}

static void json_study_table(struct json *j, const struct plan *p)
{
	struct study_cell c[NR_PHASES];
	unsigned int w, ph;
	char key[32];

	json_array_begin(j, "table", 0);
	for (w = 0; w < p->nr_workloads; w++) {
		json_object_begin(j, NULL);
		json_str(j, "workload", p->workloads[w]);
		for (ph = 0; ph < NR_PHASES; ph++) {
			study_cell(p, w, ph, &c[ph]);
			json_study_cell(j, study_phases[ph], &c[ph]);
		}
		for (ph = PHASE_USED; ph < NR_PHASES; ph++) {
			snprintf(key, sizeof(key), "%s_change_pct", study_phases[ph]);
			if (c[PHASE_NEW].ran && c[ph].ran)
				json_double(j, key, ssdk_change_pct(c[PHASE_NEW].bw_bytes,
								     c[ph].bw_bytes));
			else
				json_null(j, key);
		}
		json_object_end(j);
	}
	json_array_end(j);
}

static void json_step(struct json *j, const struct step *s)
{
	json_object_begin(j, NULL);
	json_str(j, "what", s->what);
	json_str(j, "phase", study_phases[s->phase]);
	if (s->workload >= 0)
		json_u64(j, "workload", s->workload);
	else
		json_null(j, "workload");
	json_str(j, "state", step_states[s->state]);
	if (s->reason[0])
		json_str(j, "reason", s->reason);
	if (s->kind == STEP_DRIVE) {
		json_str(j, "method", drive_erase_name(s->drive));
		json_str(j, "target", s->cfg.target);
		if (s->state != STEP_PENDING) {
			json_u64(j, "bytes", s->erased.bytes);
			json_u64(j, JSON_RUN_KEY(ELAPSED_NS), s->erased.elapsed_ns);
		}
	} else if (s->res.st.id) {
		out_json_run(j, "run", &s->res);
	}
	json_object_end(j);
}

/*
 * A plan: what it was, how it went, every step (a run's results whole),
 * and a study's table.
 */
static void json_plan(struct output *out, const struct plan *p)
{
	struct json *j = &out->j;
	unsigned int i;

	out_json_begin(out);
	json_object_begin(j, NULL);
	json_str(j, p->command, p->name);
	json_str(j, JSON_RUN_KEY(TARGET), p->target);
	json_u64(j, JSON_RUN_KEY(OFFSET), p->offset);
	json_u64(j, JSON_RUN_KEY(SPAN), p->span);
	if (strcmp(p->command, "purge"))
		json_u64(j, "passes", p->passes);
	json_str(j, JSON_RUN_KEY(STATE), step_states[plan_state(p)]);
	json_u64(j, "bytes_written", plan_bytes_written(p));
	json_array_begin(j, "steps", 0);
	for (i = 0; i < p->nr; i++)
		json_step(j, &p->steps[i]);
	json_array_end(j);
	if (!strcmp(p->command, "study"))
		json_study_table(j, p);
	json_object_end(j);
	out_json_end(out);
}

const struct plan_print_ops plan_print_json = {
	.plan = json_plan,
};
