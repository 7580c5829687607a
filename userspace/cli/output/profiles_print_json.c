// SPDX-License-Identifier: GPL-2.0
/*
 * ssdk ctl profiles in JSON.
 */

#include "backend.h"
#include "profiles_print.h"

static void json_profiles(struct output *out, const struct profile *p, unsigned int n)
{
	struct json *j = &out->j;
	unsigned int i;

	out_json_begin(out);
	json_array_begin(j, NULL, 0);
	for (i = 0; i < n; i++) {
		json_object_begin(j, NULL);
		json_str(j, "name", p[i].name);
		json_str(j, "command", p[i].sweep ? "sweep" : "run");
		json_str(j, "args", p[i].args);
		json_str(j, "source", p[i].source);
		json_object_end(j);
	}
	json_array_end(j);
	out_json_end(out);
}

const struct profiles_print_ops profiles_print_json = {
	.list = json_profiles,
};
