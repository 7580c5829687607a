/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The print ops of plans of several steps (steps.h: a precondition, a
 * study, a purge by the drive): each step as it ends, and the plan: text
 * (plan_print_text.c), JSON (plan_print_json.c), CSV (plan_print_csv.c).
 */
#ifndef _SSDK_PLAN_PRINT_H
#define _SSDK_PLAN_PRINT_H

#include "output.h"
#include "steps.h"

/**
 * struct plan_print_ops - What a plan prints, in one format.
 * @step: Step @i ended; NULL when the format prints the plan whole.
 * @plan: The plan ended, done or not.
 */
struct plan_print_ops {
	void (*step)(struct output *out, const struct plan *p, unsigned int i);
	void (*plan)(struct output *out, const struct plan *p);
};

extern const struct plan_print_ops plan_print_text, plan_print_json, plan_print_csv;

/*
 * The print ops for @out's format; NULL for a format it has none in,
 * which args.c refuses for the commands that print it.
 */
static inline const struct plan_print_ops *plan_print(const struct output *out)
{
	switch (out->ops->format) {
	case OUTPUT_TEXT:
		return &plan_print_text;
	case OUTPUT_JSON:
		return &plan_print_json;
	case OUTPUT_CSV:
		return &plan_print_csv;
	default:
		return NULL;
	}
}

#endif /* _SSDK_PLAN_PRINT_H */
