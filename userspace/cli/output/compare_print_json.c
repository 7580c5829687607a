// SPDX-License-Identifier: GPL-2.0
/*
 * ssdk compare in JSON (Documentation/userspace/json.rst).
 */

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "backend.h"
#include "compare_print.h"
#include "platform.h"

/* Several iodepths: {"points": [POINT, ...]}, a point per iodepth. */
static void json_compare_begin(struct output *out, unsigned int n)
{
	if (n < 2)
		return;
	out_json_begin(out);
	json_object_begin(&out->j, NULL);
	json_array_begin(&out->j, "points", 0);
}

/*
 * One iodepth: {"iodepth", "results": {ENGINE: RUN}, "achieved_iodepth":
 * {ENGINE: QD}, "device_iodepth": {ENGINE: QD or null}, "short_of_iodepth": [ENGINE...], "overhead_ns": {"A - B":
 * {mean, p50, p99, p99.9}}, "layers": {"A - B": LAYER}}.
 */
static void json_compare_point(struct output *out, const struct compare_point *p, int several)
{
	static const char *const names[] = { "mean", "p50", "p99", "p99.9" };
	const struct compare_row *c = p->rows;
	const struct compare_diff *d = p->d;
	struct json *j = &out->j;
	unsigned int i, k;
	char key[64];

	if (!several)
		out_json_begin(out);
	json_object_begin(j, NULL);
	json_u64(j, "iodepth", p->iodepth);
	json_object_begin(j, "results");
	for (i = 0; i < p->n; i++)
		out_json_run(j, c[i].name, &c[i].r);
	json_object_end(j);
	json_object_begin(j, "achieved_iodepth");
	for (i = 0; i < p->n; i++)
		json_double(j, c[i].name, c[i].achieved_qd);
	json_object_end(j);
	json_object_begin(j, "device_iodepth");
	for (i = 0; i < p->n; i++)
		if (c[i].device_qd >= 0)
			json_double(j, c[i].name, c[i].device_qd);
		else
			json_null(j, c[i].name);
	json_object_end(j);
	json_array_begin(j, "short_of_iodepth", JSON_INLINE);
	for (i = 0; i < p->n; i++)
		if (c[i].short_qd)
			json_str(j, NULL, c[i].name);
	json_array_end(j);
	json_object_begin(j, "overhead_ns");
	for (i = 0; i < p->nd; i++) {
		snprintf(key, sizeof(key), "%s - %s", c[d[i].a].name, c[d[i].b].name);
		json_object_begin(j, key);
		for (k = 0; k < ARRAY_SIZE(names); k++)
			json_double(j, names[k], d[i].d[k]);
		json_object_end(j);
	}
	json_object_end(j);
	json_object_begin(j, "layers");
	for (i = 0; i < p->nd; i++) {
		snprintf(key, sizeof(key), "%s - %s", c[d[i].a].name, c[d[i].b].name);
		json_str(j, key, d[i].layer);
	}
	json_object_end(j);
	json_object_end(j);
	if (!several)
		out_json_end(out);
}

static void json_compare_end(struct output *out, const struct compare_point *p, unsigned int n,
			     int several)
{
	if (!several)
		return;
	json_array_end(&out->j);
	json_object_end(&out->j);
	out_json_end(out);
}

const struct compare_print_ops compare_print_json = {
	.begin = json_compare_begin,
	.point = json_compare_point,
	.end = json_compare_end,
};
