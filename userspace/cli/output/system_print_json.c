// SPDX-License-Identifier: GPL-2.0
/*
 * ssdk system in JSON: the conditions as out_json_system() writes them in
 * a run's too, with each verdict's reason; a plan as its changes and what
 * it left.
 */

#include <stdio.h>

#include "backend.h"
#include "system_print.h"

/**
 * out_json_system() - The machine's conditions as an object.
 * @j: The document.
 * @key: Its key, or NULL.
 * @sys: The conditions.
 * @why: With each fact's reason (ssdk system show), or without (a run's
 *	conditions, kept small).
 *
 * {"expected_ns": N, "facts": {KEY: {"value", "verdict", "jitter_ns"
 * (jitter only), "why"}}, "over": [KEY, ...]}: "over" names the facts
 * whose jitter is past a tenth of expected_ns.
 */
void out_json_system(struct json *j, const char *key, const struct ssdk_system *sys, int why)
{
	unsigned int idx[SSDK_SYSTEM_MAX_FACTS], n, i;

	json_object_begin(j, key);
	json_u64(j, "expected_ns", sys->expected_ns);
	json_object_begin(j, "facts");
	for (i = 0; i < sys->nr_facts; i++) {
		const struct ssdk_fact *f = &sys->fact[i];

		json_object_begin_inline(j, f->key);
		json_str(j, "value", f->value);
		json_str(j, "verdict", ssdk_verdict_name(f->verdict));
		if (f->verdict == SSDK_VERDICT_JITTER)
			json_u64(j, "jitter_ns", f->jitter_ns);
		if (why && *f->why)
			json_str(j, "why", f->why);
		json_object_end(j);
	}
	json_object_end(j);
	n = ssdk_system_over(sys, 0, idx, SSDK_SYSTEM_MAX_FACTS);
	json_array_begin(j, "over", JSON_INLINE);
	for (i = 0; i < n && i < SSDK_SYSTEM_MAX_FACTS; i++)
		json_str(j, NULL, sys->fact[idx[i]].key);
	json_array_end(j);
	json_object_end(j);
}

static void json_show(struct output *out, const struct ssdk_system *sys)
{
	out_json_begin(out);
	out_json_system(&out->j, NULL, sys, 1);
	out_json_end(out);
}

static void json_plan(struct output *out, const struct tune_plan *p, enum tune_done done)
{
	static const char *const names[] = {
		[TUNE_WOULD] = "would change", [TUNE_MADE] = "changed",
		[RESET_WOULD] = "would restore", [RESET_MADE] = "restored",
	};
	struct json *j = &out->j;
	unsigned int i;

	out_json_begin(out);
	json_object_begin(j, NULL);
	json_str(j, "done", names[done]);
	json_str(j, "state", p->state);
	json_array_begin(j, "changes", 0);
	for (i = 0; i < p->nr; i++) {
		const struct tune_change *c = &p->c[i];

		json_object_begin_inline(j, NULL);
		json_str(j, "key", c->key);
		json_str(j, "path", c->path);
		json_str(j, "from", c->from);
		if (*c->to)
			json_str(j, "to", c->to);
		else
			json_null(j, "to");
		json_object_end(j);
	}
	json_array_end(j);
	json_array_begin(j, "left", 0);
	for (i = 0; i < p->nr_left; i++) {
		json_object_begin_inline(j, NULL);
		json_str(j, "key", p->left[i].key);
		json_str(j, "why", p->left[i].why);
		json_object_end(j);
	}
	json_array_end(j);
	json_object_end(j);
	out_json_end(out);
}

const struct system_print_ops system_print_json = {
	.show = json_show,
	.plan = json_plan,
};
