/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ssdk compare's print ops: a table per iodepth of every engine and the
 * differences that isolate a layer, and the curves over several depths:
 * text (compare_print_text.c), JSON (compare_print_json.c), CSV
 * (compare_print_csv.c).
 */
#ifndef _SSDK_COMPARE_PRINT_H
#define _SSDK_COMPARE_PRINT_H

#include <stdint.h>

#include "output.h"

#define COMPARE_MAX_ENGINES	8
/* compare.c's pairs of engines that isolate a layer, and one per engine. */
#define COMPARE_MAX_DIFFS	(10 + COMPARE_MAX_ENGINES)
/* An engine that kept fewer IOs in flight than asked, by this share, is flagged. */
#define COMPARE_SUSTAINED_PCT	90

/**
 * struct compare_row - One engine of ssdk compare at one iodepth.
 * @name: The engine, as --engines names it.
 * @r: Its run; its histograms are freed once its point is printed.
 * @o: Its IOs, reads and writes together, summed up.
 * @hist: The histogram of @o.
 * @achieved_qd: IOs in flight on average, by Little's law: IOPS times the
 *	mean latency.
 * @short_qd: @achieved_qd is below COMPARE_SUSTAINED_PCT of the iodepth
 *	asked: the engine did not keep the queue full, and its latencies
 *	are not those of the depth asked.
 * @device_qd: The queue the device had on average over the run, by the
 *	block layer's own count (its stat's time in queue over the run's
 *	elapsed time: iostat's aqu-sz); negative when unknown.
 */
struct compare_row {
	const char *name;
	struct run_result r;
	struct op_summary o;
	uint64_t *hist;
	double achieved_qd;
	int short_qd;
	double device_qd;
};

/**
 * struct compare_diff - One difference of ssdk compare: a layer's cost.
 * @a: The row subtracted from.
 * @b: The row subtracted.
 * @layer: What the difference isolates ("filesystem").
 * @d: Mean, p50, p99 and p99.9 of @a minus those of @b, ns.
 */
struct compare_diff {
	unsigned int a;
	unsigned int b;
	const char *layer;
	double d[4];
};

/**
 * struct compare_point - ssdk compare at one iodepth: every engine.
 * @iodepth: The depth asked.
 * @rows: The engines, in --engines's order.
 * @n: How many.
 * @d: The differences that isolate a layer.
 * @nd: How many.
 */
struct compare_point {
	uint32_t iodepth;
	struct compare_row rows[COMPARE_MAX_ENGINES];
	unsigned int n;
	struct compare_diff d[COMPARE_MAX_DIFFS];
	unsigned int nd;
};

/**
 * struct compare_print_ops - What ssdk compare prints, in one format.
 * @begin: It starts, at @n iodepths.
 * @point: One iodepth: the engines and their differences.
 * @end: It ended after @n points (fewer than begun when one failed or
 *	was stopped): their curves, when there are several.
 */
struct compare_print_ops {
	void (*begin)(struct output *out, unsigned int n);
	void (*point)(struct output *out, const struct compare_point *p, int several);
	void (*end)(struct output *out, const struct compare_point *p, unsigned int n,
		    int several);
};

extern const struct compare_print_ops compare_print_text, compare_print_json, compare_print_csv;

/*
 * The print ops for @out's format; NULL for a format it has none in,
 * which args.c refuses for the commands that print it.
 */
static inline const struct compare_print_ops *compare_print(const struct output *out)
{
	switch (out->ops->format) {
	case OUTPUT_TEXT:
		return &compare_print_text;
	case OUTPUT_JSON:
		return &compare_print_json;
	case OUTPUT_CSV:
		return &compare_print_csv;
	default:
		return NULL;
	}
}

#endif /* _SSDK_COMPARE_PRINT_H */
