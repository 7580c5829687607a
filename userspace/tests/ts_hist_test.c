// SPDX-License-Identifier: GPL-2.0
/*
 * The time series' interval histogram (common/ts_hist.h), compiled here:
 * every latency lands in a bucket whose upper bound is not below it and
 * at most 1/8 above it, buckets follow the latencies' order, and the last
 * bucket holds the largest u64.
 */

#include <inttypes.h>
#include <stdint.h>

#include "kselftest_harness.h"
#include "ts_hist.h"

/* A latency's bucket bounds it within 1/8, above. */
static void check_bounded(struct __test_metadata *_metadata, u64 v)
{
	unsigned int idx = ssdk_ts_bucket(v);
	u64 up = ssdk_ts_bucket_upper(idx);

	ASSERT_LT(idx, (unsigned int)SSDK_TS_NR_BUCKETS) TH_LOG("v %" PRIu64, v);
	ASSERT_GE(up, v) TH_LOG("bucket %u", idx);
	ASSERT_LE(up - v, v / 8) TH_LOG("v %" PRIu64 " bucket %u up to %" PRIu64, v, idx, up);
}

TEST(bound_small)
{
	u64 v;

	for (v = 0; v < (1 << 20); v++)
		check_bounded(_metadata, v);
}

TEST(bound_edges)
{
	unsigned int shift, d;

	for (shift = 3; shift < 64; shift++)
		for (d = 0; d < 3; d++) {
			check_bounded(_metadata, (1ULL << shift) - 1 + d);
			check_bounded(_metadata, (1ULL << shift) + (1ULL << (shift - 3)) - 1 + d);
		}
	EXPECT_EQ(SSDK_TS_NR_BUCKETS - 1U, ssdk_ts_bucket(UINT64_MAX));
	EXPECT_EQ(UINT64_MAX, ssdk_ts_bucket_upper(SSDK_TS_NR_BUCKETS - 1));
}

/* Upper bounds increase, and each bucket starts right after the last. */
TEST(contiguous)
{
	unsigned int i;

	for (i = 1; i < SSDK_TS_NR_BUCKETS; i++) {
		ASSERT_GT(ssdk_ts_bucket_upper(i), ssdk_ts_bucket_upper(i - 1)) TH_LOG("bucket %u", i);
		ASSERT_EQ(i, ssdk_ts_bucket(ssdk_ts_bucket_upper(i - 1) + 1));
	}
}

TEST_HARNESS_MAIN
