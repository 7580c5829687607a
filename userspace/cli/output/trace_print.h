/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ssdk trace's print ops: a trace's summary and IOs, a trace made or
 * recorded; text (trace_print_text.c) or JSON (trace_print_json.c).
 */
#ifndef _SSDK_TRACE_PRINT_H
#define _SSDK_TRACE_PRINT_H

#include <stdint.h>

#include "libssdk.h"
#include "output.h"
#include "trace_make.h"
#include "trace_record.h"

/**
 * struct trace_print_ops - What ssdk trace prints, in one format.
 * @summary: A trace's summary (ssdk trace summary), of the file @path.
 * @made: A synthetic trace just written (ssdk trace make).
 * @recorded: A recording just written (ssdk trace record).
 * @ios: A trace's IOs, @n of them, in arrival order (ssdk trace dump).
 */
struct trace_print_ops {
	void (*summary)(struct output *out, const char *path, const struct ssdk_trace_summary *s);
	void (*made)(struct output *out, const struct trace_made *m);
	void (*recorded)(struct output *out, const struct trace_recorded *r);
	void (*ios)(struct output *out, const char *path, const struct ssdk_trace_io *ios,
		    uint64_t n);
};

extern const struct trace_print_ops trace_print_text, trace_print_json;

/*
 * The print ops for @out's format; NULL for a format it has none in,
 * which args.c refuses for the commands that print it.
 */
static inline const struct trace_print_ops *trace_print(const struct output *out)
{
	switch (out->ops->format) {
	case OUTPUT_TEXT:
		return &trace_print_text;
	case OUTPUT_JSON:
		return &trace_print_json;
	default:
		return NULL;
	}
}

#endif /* _SSDK_TRACE_PRINT_H */
