/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ssdk ctl profiles's print ops: the named workloads of --profile, text
 * (profiles_print_text.c) or JSON (profiles_print_json.c).
 */
#ifndef _SSDK_PROFILES_PRINT_H
#define _SSDK_PROFILES_PRINT_H

#include "output.h"
#include "profiles.h"

/**
 * struct profiles_print_ops - What ssdk ctl profiles prints, in one format.
 * @list: The profiles, @n of them.
 */
struct profiles_print_ops {
	void (*list)(struct output *out, const struct profile *p, unsigned int n);
};

extern const struct profiles_print_ops profiles_print_text, profiles_print_json;

/*
 * The print ops for @out's format; NULL for a format it has none in,
 * which args.c refuses for the commands that print it.
 */
static inline const struct profiles_print_ops *profiles_print(const struct output *out)
{
	switch (out->ops->format) {
	case OUTPUT_TEXT:
		return &profiles_print_text;
	case OUTPUT_JSON:
		return &profiles_print_json;
	default:
		return NULL;
	}
}

#endif /* _SSDK_PROFILES_PRINT_H */
