// SPDX-License-Identifier: GPL-2.0
/*
 * ssdk ctl profiles in text: a line per profile and its source.
 */

#include <stdio.h>

#include "profiles_print.h"

static void text_profiles(struct output *out, const struct profile *p, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		printf("%-31s %s\n", p[i].name, p[i].source);
}

const struct profiles_print_ops profiles_print_text = {
	.list = text_profiles,
};
