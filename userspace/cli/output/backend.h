/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the output backends lend to the features' print ops (compare_print.h,
 * plan_print.h, profiles_print.h, trace_print.h): a run printed as the
 * backend prints one, and the JSON backend's documents and keys. Only files
 * of output/ include it.
 */
#ifndef _SSDK_OUTPUT_BACKEND_H
#define _SSDK_OUTPUT_BACKEND_H

#include "output.h"

/* out_text.c: a run's rounds, its window's test and the measurement window. */
void out_text_rounds(const struct run_result *r);

/* out_json.c: a document begun and ended on stdout, an attribute's key, a run. */
void out_json_begin(struct output *out);
void out_json_end(struct output *out);
const char *out_json_key(uint32_t set, uint32_t attr);
void out_json_run(struct json *j, const char *key, const struct run_result *r);
/* system_print_json.c: the machine's conditions (ssdk system show, a run's). */
void out_json_system(struct json *j, const char *key, const struct ssdk_system *sys, int why);

/* The JSON key of the run attribute SSDK_A_RUN_@attr. */
#define JSON_RUN_KEY(attr)	out_json_key(SSDK_SPEC_SET_RUN, SSDK_A_RUN_##attr)

/* out_csv.c: the rows of a run. */
/**
 * struct csv_row - What a row says about its run beside the run's own.
 * @label: The run id, "total", the engine, the step.
 * @engine: The engine, when the run's configuration does not say it.
 * @achieved_qd: compare's achieved depth, or a negative number: none.
 */
struct csv_row {
	const char *label;
	const char *engine;
	double achieved_qd;
};

void out_csv_run(struct output *out, const struct run_result *r, const struct csv_row *row);

#endif /* _SSDK_OUTPUT_BACKEND_H */
