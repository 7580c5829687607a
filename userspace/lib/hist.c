// SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause
/*
 * The histogram layout, exported: common/hist.c, which the module
 * compiles too, is compiled into the library, and these wrappers give
 * its bucket bounds and percentiles to callers that do not compile it
 * (Python, say).
 */

#include "hist.h"
#include "internal.h"

SSDK_EXPORT uint32_t ssdk_hist_buckets(void)
{
	return SSDK_HIST_NR_BUCKETS;
}

SSDK_EXPORT uint64_t ssdk_hist_bucket_lower(uint32_t idx)
{
	return hist_bucket_lower(idx);
}

SSDK_EXPORT uint64_t ssdk_hist_bucket_upper(uint32_t idx)
{
	return hist_bucket_upper(idx);
}

SSDK_EXPORT uint64_t ssdk_heat_lower(uint32_t k)
{
	return hist_heat_lower(k);
}

SSDK_EXPORT uint64_t ssdk_hist_percentile(const uint64_t *hist, uint64_t total,
					  double pct, uint64_t min, uint64_t max)
{
	return hist_percentile(hist, total, pct, min, max);
}

SSDK_EXPORT void ssdk_hist_merge(uint64_t *dst, const uint64_t *src)
{
	hist_merge(dst, src);
}

SSDK_EXPORT void ssdk_counts_add(struct ssdk_counts *dst, const struct ssdk_counts *src)
{
	ssdk_counts_merge(dst, src);
}
