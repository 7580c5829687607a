// SPDX-License-Identifier: GPL-2.0
/*
 * The time series' interval histogram (kmod/ts_hist.h), compiled here:
 * every latency lands in a bucket whose upper bound is not below it and
 * at most 1/8 above it, buckets follow the latencies' order, and the last
 * bucket holds the largest u64.
 */

#include <stdint.h>

#include "ktap.h"
#include "ts_hist.h"

/* A latency's bucket bounds it within 1/8, above. */
static int bounded(u64 v)
{
	unsigned int idx = ssdk_ts_bucket(v);
	u64 up = ssdk_ts_bucket_upper(idx);

	return idx < SSDK_TS_NR_BUCKETS && up >= v && (up - v) <= v / 8;
}

static void test_bound_small(void)
{
	u64 v;

	for (v = 0; v < (1 << 20); v++)
		if (!CHECK(bounded(v)))
			break;
}

static void test_bound_edges(void)
{
	unsigned int shift, d;
	u64 v;

	for (shift = 3; shift < 64; shift++)
		for (d = 0; d < 3; d++) {
			v = (1ULL << shift) - 1 + d;
			CHECK(bounded(v));
			v = (1ULL << shift) + (1ULL << (shift - 3)) - 1 + d;
			CHECK(bounded(v));
		}
	CHECK(ssdk_ts_bucket(UINT64_MAX) == SSDK_TS_NR_BUCKETS - 1);
	CHECK(ssdk_ts_bucket_upper(SSDK_TS_NR_BUCKETS - 1) == UINT64_MAX);
}

/* Upper bounds increase, and each bucket starts right after the last. */
static void test_contiguous(void)
{
	unsigned int i;

	for (i = 1; i < SSDK_TS_NR_BUCKETS; i++) {
		if (!CHECK(ssdk_ts_bucket_upper(i) > ssdk_ts_bucket_upper(i - 1)))
			break;
		if (!CHECK(ssdk_ts_bucket(ssdk_ts_bucket_upper(i - 1) + 1) == i))
			break;
	}
}

static const struct test_case cases[] = {
	TEST(test_bound_small),
	TEST(test_bound_edges),
	TEST(test_contiguous),
};

int main(void)
{
	return ktap_main(cases, ARRAY_SIZE(cases));
}
