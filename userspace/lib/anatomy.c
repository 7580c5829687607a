// SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause
/*
 * Anatomy: the stages of a run's IOs (the module's anatomy.c times them),
 * decided once for whatever prints them: the io attribute of each stage,
 * and where the slowest IOs' time went.
 */

#include "internal.h"

/* The io attribute of each stage, by kind - SSDK_LAT_KIND_BLOCK. */
static const uint32_t stage_attrs[SSDK_NR_STAGES] = {
	[SSDK_LAT_KIND_BLOCK - SSDK_LAT_KIND_BLOCK] = SSDK_A_IO_BLOCK_NS,
	[SSDK_LAT_KIND_DEVICE - SSDK_LAT_KIND_BLOCK] = SSDK_A_IO_DEVICE_NS,
	[SSDK_LAT_KIND_END_IO - SSDK_LAT_KIND_BLOCK] = SSDK_A_IO_END_IO_NS,
	[SSDK_LAT_KIND_REAP - SSDK_LAT_KIND_BLOCK] = SSDK_A_IO_REAP_NS,
	[SSDK_LAT_KIND_IDLE - SSDK_LAT_KIND_BLOCK] = SSDK_A_IO_IDLE_NS,
};

SSDK_EXPORT uint32_t ssdk_stage_io_attr(uint32_t kind)
{
	if (kind < SSDK_LAT_KIND_BLOCK || kind > SSDK_LAT_KIND_MAX)
		return 0;
	return stage_attrs[kind - SSDK_LAT_KIND_BLOCK];
}

SSDK_EXPORT int ssdk_stage_in_latency(uint32_t kind)
{
	return kind == SSDK_LAT_KIND_BLOCK || kind == SSDK_LAT_KIND_DEVICE ||
	       kind == SSDK_LAT_KIND_END_IO;
}

SSDK_EXPORT int ssdk_tail_stages(const struct ssdk_io_rec *ios, uint32_t n,
				 double share[SSDK_NR_STAGES])
{
	double sum[SSDK_NR_STAGES] = { 0 }, total = 0;
	uint32_t i, s, kind;
	int top = -1;

	for (i = 0; i < n; i++) {
		if (!(ios[i].stages & SSDK_STAGE_BIT(SSDK_LAT_KIND_DEVICE)))
			continue;
		for (s = 0; s < SSDK_NR_STAGES; s++) {
			if (!ssdk_stage_in_latency(SSDK_LAT_KIND_BLOCK + s))
				continue;
			sum[s] += ios[i].stage_ns[s];
			total += ios[i].stage_ns[s];
		}
	}
	for (s = 0; s < SSDK_NR_STAGES; s++) {
		kind = SSDK_LAT_KIND_BLOCK + s;
		share[s] = total > 0 ? sum[s] / total : 0;
		if (total > 0 && ssdk_stage_in_latency(kind) &&
		    (top < 0 || share[s] > share[top - SSDK_LAT_KIND_BLOCK]))
			top = kind;
	}
	return top;
}
