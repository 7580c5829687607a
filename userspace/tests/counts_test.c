// SPDX-License-Identifier: GPL-2.0
/*
 * The counters of a set of IOs (common/counts.h), compiled here: the
 * 128-bit square from 32-bit halves against the compiler's __uint128_t,
 * the sum of squares carried across its halves, and counters recorded in
 * parts and merged equal to counters that recorded everything.
 */

#include <inttypes.h>
#include <stdint.h>
#include <string.h>

#include "counts.h"
#include "test_random.h"
#include "kselftest_harness.h"

typedef unsigned __int128 u128;

static u128 sumsq(const struct ssdk_counts *c)
{
	return (u128)c->lat_sumsq_hi << 64 | c->lat_sumsq_lo;
}

static void check_square(struct __test_metadata *_metadata, uint64_t x)
{
	u128 want = (u128)x * x;
	__u64 hi = 1, lo = 1;

	ssdk_square(x, &hi, &lo);
	ASSERT_EQ((uint64_t)(want >> 64), hi) TH_LOG("x %" PRIu64 " (%#" PRIx64 ")", x, x);
	ASSERT_EQ((uint64_t)want, lo) TH_LOG("x %" PRIu64 " (%#" PRIx64 ")", x, x);
}

TEST(square_edges)
{
	static const uint64_t edges[] = {
		0, 1, 2, 3, 0xffff, 0x10000, 0xffffffffULL, 0x100000000ULL, 0x100000001ULL,
		0x1ffffffffULL, 0x80000000ULL, 0x180000000ULL, 5000000000ULL,
		3600000000000ULL, 1ULL << 62, (1ULL << 63) - 1, 1ULL << 63, (1ULL << 63) + 1,
		0xffffffff00000000ULL, 0xffffffff80000000ULL, 0xfffffffffffffffeULL, UINT64_MAX,
	};
	unsigned int i, e;

	for (i = 0; i < ARRAY_SIZE(edges); i++)
		check_square(_metadata, edges[i]);
	/* every power of two and its neighbours */
	for (e = 0; e < 64; e++) {
		check_square(_metadata, (1ULL << e) - 1);
		check_square(_metadata, 1ULL << e);
		check_square(_metadata, (1ULL << e) + 1);
	}
}

TEST(square_random)
{
	unsigned int i;
	uint64_t r;

	for (i = 0; i < 1000000; i++) {
		r = rng();
		check_square(_metadata, r);			/* all 64 bits */
		check_square(_metadata, r >> (r % 64));		/* every magnitude */
		check_square(_metadata, r | 0xffffffffULL);	/* low half all ones */
		check_square(_metadata, r | ~0xffffffffULL);	/* high half all ones */
	}
}

/* Counters from scratch, with __uint128_t: what recording must give. */
struct model {
	uint64_t ios, bytes, min, max, sum;
	u128 sq;
};

static void model_record(struct model *m, uint64_t lat, uint32_t len)
{
	if (!m->ios || lat < m->min)
		m->min = lat;
	if (lat > m->max)
		m->max = lat;
	m->ios++;
	m->bytes += len;
	m->sum += lat;
	m->sq += (u128)lat * lat;
}

static void check_model(struct __test_metadata *_metadata, const struct ssdk_counts *c,
			const struct model *m)
{
	EXPECT_EQ(m->ios, c->ios);
	EXPECT_EQ(m->bytes, c->bytes);
	EXPECT_EQ(m->sum, c->lat_sum_ns);
	EXPECT_EQ(m->max, c->lat_max_ns);
	if (m->ios) {
		EXPECT_EQ(m->min, c->lat_min_ns);
	}
	EXPECT_TRUE(sumsq(c) == m->sq)
		TH_LOG("sum of squares %#llx:%016llx, want %#llx:%016llx", c->lat_sumsq_hi,
		       c->lat_sumsq_lo, (unsigned long long)(m->sq >> 64),
		       (unsigned long long)m->sq);
}

/* Latencies of every size: the sum of squares crosses 2^64 many times. */
static uint64_t draw_latency(unsigned int i)
{
	uint64_t r = rng();

	if (i % 1000 == 0)
		return r >> 24;		/* up to 2^40 ns, 18 min: squares past 2^64 */
	return (r >> (r % 48)) & ((1ULL << 34) - 1);
}

TEST(record_against_model)
{
	struct ssdk_counts c = { 0 };
	struct model m = { 0 };
	unsigned int i;
	uint64_t lat;

	check_model(_metadata, &c, &m);
	for (i = 0; i < 200000; i++) {
		lat = draw_latency(i);
		ssdk_counts_record(&c, lat, 512 * (1 + i % 16));
		model_record(&m, lat, 512 * (1 + i % 16));
	}
	check_model(_metadata, &c, &m);
	EXPECT_NE(0ULL, c.lat_sumsq_hi);
	EXPECT_EQ(0ULL, c.errors);
	ssdk_counts_error(&c);
	ssdk_counts_error(&c);
	EXPECT_EQ(2ULL, c.errors);
	check_model(_metadata, &c, &m);
}

/* The first IO sets the minimum even when larger than the stale field. */
TEST(record_first)
{
	struct ssdk_counts c = { 0 };

	ssdk_counts_record(&c, 500, 4096);
	EXPECT_EQ(500ULL, c.lat_min_ns);
	EXPECT_EQ(500ULL, c.lat_max_ns);
	ssdk_counts_record(&c, 0, 4096);
	EXPECT_EQ(0ULL, c.lat_min_ns);
	EXPECT_EQ(500ULL, c.lat_max_ns);
	/* an error counts apart: no latency, no byte */
	memset(&c, 0, sizeof(c));
	ssdk_counts_error(&c);
	ssdk_counts_record(&c, 700, 512);
	EXPECT_EQ(1ULL, c.ios);
	EXPECT_EQ(1ULL, c.errors);
	EXPECT_EQ(700ULL, c.lat_min_ns);
	EXPECT_EQ(512ULL, c.bytes);
}

/* Carries: the low half wraps, the high half takes it. */
TEST(sumsq_carry)
{
	struct ssdk_counts c = { 0 }, d = { 0 };
	uint64_t x = UINT64_MAX;	/* x^2 = (2^64 - 2) 2^64 + 1 */

	ssdk_counts_record(&c, x, 1);
	EXPECT_EQ(UINT64_MAX - 1, c.lat_sumsq_hi);
	EXPECT_EQ(1ULL, c.lat_sumsq_lo);
	c.lat_sumsq_lo = UINT64_MAX;
	c.lat_sumsq_hi = 0;
	d.ios = 1;
	d.lat_sumsq_lo = 2;
	ssdk_counts_merge(&c, &d);
	EXPECT_EQ(1ULL, c.lat_sumsq_hi);
	EXPECT_EQ(1ULL, c.lat_sumsq_lo);
	/* 2^32 squared is exactly 2^64 */
	memset(&c, 0, sizeof(c));
	ssdk_counts_record(&c, 1ULL << 32, 1);
	ssdk_counts_record(&c, 1ULL << 32, 1);
	EXPECT_EQ(2ULL, c.lat_sumsq_hi);
	EXPECT_EQ(0ULL, c.lat_sumsq_lo);
}

#define NR_PARTS	7

/*
 * The IOs dealt to several counters at random, some left empty, then
 * merged in any order: the result is the counters that recorded all.
 */
TEST(merge_equals_one)
{
	struct ssdk_counts parts[NR_PARTS], one = { 0 }, merged = { 0 }, reversed = { 0 };
	struct model m = { 0 };
	unsigned int i, p;
	uint64_t lat;

	memset(parts, 0, sizeof(parts));
	for (i = 0; i < 300000; i++) {
		lat = draw_latency(i);
		/* parts 5 and 6 get nothing */
		p = rng() % (NR_PARTS - 2);
		ssdk_counts_record(&parts[p], lat, 4096);
		ssdk_counts_record(&one, lat, 4096);
		model_record(&m, lat, 4096);
		if (i % 97 == 0) {
			ssdk_counts_error(&parts[p]);
			ssdk_counts_error(&one);
		}
	}
	/* an empty part's fields, whatever they hold, do not count */
	parts[6].lat_min_ns = 1;
	for (p = 0; p < NR_PARTS; p++)
		ssdk_counts_merge(&merged, &parts[p]);
	for (p = NR_PARTS; p-- > 0;)
		ssdk_counts_merge(&reversed, &parts[p]);
	check_model(_metadata, &one, &m);
	EXPECT_EQ(0, memcmp(&one, &merged, sizeof(one)));
	EXPECT_EQ(0, memcmp(&one, &reversed, sizeof(one)));
	check_model(_metadata, &merged, &m);
	EXPECT_EQ(one.errors, merged.errors);
	/* merging nothing changes nothing; merging into nothing copies */
	merged = one;
	ssdk_counts_merge(&merged, &parts[5]);
	EXPECT_EQ(0, memcmp(&one, &merged, sizeof(one)));
	memset(&merged, 0, sizeof(merged));
	ssdk_counts_merge(&merged, &one);
	EXPECT_EQ(0, memcmp(&one, &merged, sizeof(one)));
}

TEST_HARNESS_MAIN
