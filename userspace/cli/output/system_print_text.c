// SPDX-License-Identifier: GPL-2.0
/*
 * ssdk system as text: a line per fact (its value, its verdict and why),
 * then the facts whose jitter is past what the target's IOs take; a line
 * per change of tune or reset.
 */

#include <inttypes.h>
#include <stdio.h>

#include "system_print.h"

static void text_show(struct output *out, const struct ssdk_system *sys)
{
	unsigned int idx[SSDK_SYSTEM_MAX_FACTS], n, i;
	char d[32];

	for (i = 0; i < sys->nr_facts; i++) {
		const struct ssdk_fact *f = &sys->fact[i];

		printf("%-22s %-46s %s", f->key, f->value, ssdk_verdict_name(f->verdict));
		if (f->jitter_ns)
			printf(" %s:", ssdk_fmt_ns(d, sizeof(d), f->jitter_ns));
		printf("%s%s\n", *f->why ? " " : "", f->why);
	}
	n = ssdk_system_over(sys, 0, idx, SSDK_SYSTEM_MAX_FACTS);
	if (!n) {
		printf("\nNothing adds jitter past a tenth of the expected %s.\n",
		       ssdk_fmt_ns(d, sizeof(d), sys->expected_ns));
		return;
	}
	printf("\nPast a tenth of the expected %s:", ssdk_fmt_ns(d, sizeof(d), sys->expected_ns));
	for (i = 0; i < n; i++)
		printf("%s %s", i ? "," : "", sys->fact[idx[i]].key);
	printf(" (ssdk system tune changes what it can).\n");
}

static void text_plan(struct output *out, const struct tune_plan *p, enum tune_done done)
{
	static const char *const verbs[] = {
		[TUNE_WOULD] = "would change", [TUNE_MADE] = "changed",
		[RESET_WOULD] = "would restore", [RESET_MADE] = "restored",
	};
	int reset = done == RESET_WOULD || done == RESET_MADE;
	unsigned int i;

	if (!p->nr)
		printf("Nothing to %s.\n", reset ? "restore" : "change");
	for (i = 0; i < p->nr; i++) {
		const struct tune_change *c = &p->c[i];

		if (!reset && !*c->to)
			printf("%s %-18s %s: %s (recorded: the scheduler's change resets it)\n",
			       verbs[done], c->key, c->path, c->from);
		else if (reset)
			printf("%s %-18s %s: %s\n", verbs[done], c->key, c->path, c->from);
		else
			printf("%s %-18s %s: %s -> %s\n", verbs[done], c->key, c->path, c->from,
			       c->to);
	}
	for (i = 0; i < p->nr_left; i++)
		printf("left %-18s %s\n", p->left[i].key, p->left[i].why);
	if (done == TUNE_MADE && p->nr)
		printf("State: %s (ssdk system reset restores it).\n", p->state);
}

const struct system_print_ops system_print_text = {
	.show = text_show,
	.plan = text_plan,
};
