/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ssdk system's print ops: the machine's conditions (show), the latency
 * profile's changes (tune, reset); text (system_print_text.c) or JSON
 * (system_print_json.c).
 */
#ifndef _SSDK_SYSTEM_PRINT_H
#define _SSDK_SYSTEM_PRINT_H

#include "libssdk.h"
#include "output.h"
#include "system_tune.h"

/**
 * enum tune_done - What a plan printed is.
 * @TUNE_WOULD: What tune would change (--dry-run, or refused for want of root).
 * @TUNE_MADE: What tune changed.
 * @RESET_WOULD: What reset would restore (--dry-run).
 * @RESET_MADE: What reset restored.
 */
enum tune_done {
	TUNE_WOULD,
	TUNE_MADE,
	RESET_WOULD,
	RESET_MADE,
};

/**
 * struct system_print_ops - What ssdk system prints, in one format.
 * @show: The conditions, with the facts whose jitter is past a tenth of
 *	the expected latency.
 * @plan: A plan of tune or reset, as @done says.
 */
struct system_print_ops {
	void (*show)(struct output *out, const struct ssdk_system *sys);
	void (*plan)(struct output *out, const struct tune_plan *p, enum tune_done done);
};

extern const struct system_print_ops system_print_text, system_print_json;

static inline const struct system_print_ops *system_print(const struct output *out)
{
	switch (out->ops->format) {
	case OUTPUT_TEXT:
		return &system_print_text;
	case OUTPUT_JSON:
		return &system_print_json;
	default:
		return NULL;
	}
}

#endif /* _SSDK_SYSTEM_PRINT_H */
