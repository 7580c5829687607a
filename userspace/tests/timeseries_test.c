// SPDX-License-Identifier: GPL-2.0
/*
 * libssdk's reading of intervals (lib/timeseries.c's ssdk_ts_parse(), as
 * timeseries-get's replies and the progress group's notifications give
 * them), on the kselftest harness, with the library's sources compiled
 * in for its internal functions, on messages made with libnl:
 *
 *  - a heat row of the spec's heat-buckets (54) u32 is read whole; one
 *    longer (55, and a page of them) fills the row and not a byte past
 *    it; a shorter one leaves the rest 0; an odd length is read as far
 *    as it goes;
 *  - intervals past the room given are counted, not copied, and the
 *    count goes on across messages;
 *  - an op's stages land by their kind, an unknown kind or op is passed
 *    over, an interval without an index is refused.
 */

#include <stdint.h>
#include <string.h>

#include "internal.h"
#include "kselftest_harness.h"

/* A progress notification's header, for run 1. */
static struct nl_msg *ntf_new(void)
{
	struct nl_msg *msg = nlmsg_alloc_size(1 << 16);

	if (!msg)
		return NULL;
	genlmsg_put(msg, NL_AUTO_PORT, NL_AUTO_SEQ, 0x20, 0, 0, SSDK_CMD_RUN_PROGRESS_NTF, 1);
	nla_put_u32(msg, SSDK_A_RUN_ID, 1);
	return msg;
}

/* Interval @index: its reads' @ios, a heat row of @len bytes counting 1, 2, 3... */
static void put_interval(struct nl_msg *msg, uint32_t index, uint64_t ios, size_t len)
{
	struct nlattr *iv, *op;
	uint32_t heat[1024];
	size_t i;

	for (i = 0; i < sizeof(heat) / sizeof(heat[0]); i++)
		heat[i] = i + 1;
	iv = nla_nest_start(msg, SSDK_A_RUN_INTERVAL);
	nla_put_u32(msg, SSDK_A_INTERVAL_INDEX, index);
	op = nla_nest_start(msg, SSDK_A_INTERVAL_OPS);
	nla_put_u32(msg, SSDK_A_INTERVAL_OP_OP, SSDK_OP_READ);
	nla_put_u64(msg, SSDK_A_INTERVAL_OP_IOS, ios);
	nla_nest_end(msg, op);
	if (len)
		nla_put(msg, SSDK_A_INTERVAL_HEAT, len, heat);
	nla_nest_end(msg, iv);
}

/*
 * One interval with a heat attribute of @len bytes, parsed into the first
 * of two points whose bytes are 0xa5: the row's first @want buckets 1, 2,
 * 3..., the rest of it 0, the second point untouched.
 */
static void heat_of(struct __test_metadata *_metadata, size_t len, uint32_t want)
{
	struct ssdk_ts_point pts[2], canary;
	struct nl_msg *msg = ntf_new();
	uint32_t count = 0, k;

	ASSERT_NE(NULL, msg);
	put_interval(msg, 7, 100, len);
	memset(pts, 0xa5, sizeof(pts));
	memset(&canary, 0xa5, sizeof(canary));
	ASSERT_EQ(0, ssdk_ts_parse(NULL, nlmsg_hdr(msg), pts, 1, &count));
	EXPECT_EQ(1U, count);
	EXPECT_EQ(7U, pts[0].index);
	EXPECT_EQ(100ULL, pts[0].op[SSDK_OP_READ].ios);
	for (k = 0; k < SSDK_HEAT_BUCKETS; k++)
		EXPECT_EQ(k < want ? k + 1 : 0, pts[0].heat[k]) TH_LOG("bucket %u", k);
	EXPECT_EQ(0, memcmp(&canary, &pts[1], sizeof(canary)));
	nlmsg_free(msg);
}

TEST(heat_row_whole)
{
	heat_of(_metadata, SSDK_HEAT_BUCKETS * 4, SSDK_HEAT_BUCKETS);
}

TEST(heat_row_one_longer_fills_the_row_and_no_more)
{
	heat_of(_metadata, (SSDK_HEAT_BUCKETS + 1) * 4, SSDK_HEAT_BUCKETS);
}

TEST(heat_row_of_a_page_fills_the_row_and_no_more)
{
	heat_of(_metadata, 4096, SSDK_HEAT_BUCKETS);
}

TEST(heat_row_shorter_the_rest_0)
{
	heat_of(_metadata, 3 * 4, 3);
}

TEST(heat_row_absent_all_0)
{
	heat_of(_metadata, 0, 0);
}

/* 2 bytes of a bucket: read as far as they go, not past them. */
TEST(heat_row_odd_length)
{
	struct ssdk_ts_point p;
	struct nl_msg *msg = ntf_new();
	uint16_t half[2];
	uint32_t count = 0;

	ASSERT_NE(NULL, msg);
	put_interval(msg, 0, 1, 6);
	ASSERT_EQ(0, ssdk_ts_parse(NULL, nlmsg_hdr(msg), &p, 1, &count));
	EXPECT_EQ(1U, p.heat[0]);
	/* bucket 1's first two bytes, as they were sent; its last two 0 */
	memcpy(half, &p.heat[1], sizeof(half));
	EXPECT_EQ(*(const uint16_t *)&(uint32_t){ 2 }, half[0]);
	EXPECT_EQ(0, half[1]);
	EXPECT_EQ(0U, p.heat[2]);
	nlmsg_free(msg);
}

/* 10 intervals in two messages, room for 4: 4 copied, 10 counted. */
TEST(past_the_room_counted_not_copied)
{
	struct ssdk_ts_point pts[5];
	struct nl_msg *a = ntf_new(), *b = ntf_new();
	uint32_t count = 0, i;

	ASSERT_NE(NULL, a);
	ASSERT_NE(NULL, b);
	for (i = 0; i < 10; i++)
		put_interval(i < 3 ? a : b, i, i * 10, 8);
	memset(pts, 0xa5, sizeof(pts));
	ASSERT_EQ(0, ssdk_ts_parse(NULL, nlmsg_hdr(a), pts, 4, &count));
	EXPECT_EQ(3U, count);
	ASSERT_EQ(0, ssdk_ts_parse(NULL, nlmsg_hdr(b), pts, 4, &count));
	EXPECT_EQ(10U, count);
	for (i = 0; i < 4; i++) {
		EXPECT_EQ(i, pts[i].index);
		EXPECT_EQ(i * 10ULL, pts[i].op[SSDK_OP_READ].ios);
	}
	EXPECT_EQ(0xa5a5a5a5U, pts[4].index);
	nlmsg_free(a);
	nlmsg_free(b);
}

/* An op's stages by kind; an unknown kind and an unknown op passed over. */
TEST(stages_by_kind)
{
	struct nl_msg *msg = ntf_new();
	struct nlattr *iv, *op, *st;
	struct ssdk_ts_point p;
	uint32_t count = 0, kind;

	ASSERT_NE(NULL, msg);
	iv = nla_nest_start(msg, SSDK_A_RUN_INTERVAL);
	nla_put_u32(msg, SSDK_A_INTERVAL_INDEX, 3);
	op = nla_nest_start(msg, SSDK_A_INTERVAL_OPS);
	nla_put_u32(msg, SSDK_A_INTERVAL_OP_OP, SSDK_OP_WRITE);
	for (kind = SSDK_LAT_KIND_BLOCK; kind <= SSDK_LAT_KIND_MAX + 1; kind++) {
		st = nla_nest_start(msg, SSDK_A_INTERVAL_OP_STAGE);
		nla_put_u32(msg, SSDK_A_INTERVAL_STAGE_KIND, kind);
		nla_put_u64(msg, SSDK_A_INTERVAL_STAGE_IOS, kind);
		nla_put_u64(msg, SSDK_A_INTERVAL_STAGE_LAT_SUM_NS, kind * 1000ULL);
		nla_put_u64(msg, SSDK_A_INTERVAL_STAGE_LAT_MAX_NS, UINT64_MAX - kind);
		nla_nest_end(msg, st);
	}
	nla_nest_end(msg, op);
	op = nla_nest_start(msg, SSDK_A_INTERVAL_OPS);
	nla_put_u32(msg, SSDK_A_INTERVAL_OP_OP, SSDK_OP_MAX + 1);
	nla_put_u64(msg, SSDK_A_INTERVAL_OP_IOS, 99);
	nla_nest_end(msg, op);
	nla_nest_end(msg, iv);
	memset(&p, 0xa5, sizeof(p));
	ASSERT_EQ(0, ssdk_ts_parse(NULL, nlmsg_hdr(msg), &p, 1, &count));
	EXPECT_EQ(1U, count);
	EXPECT_EQ(0ULL, p.op[SSDK_OP_READ].ios);
	for (kind = SSDK_LAT_KIND_BLOCK; kind <= SSDK_LAT_KIND_MAX; kind++) {
		const struct ssdk_ts_stage *s = &p.op[SSDK_OP_WRITE].stages[kind - SSDK_LAT_KIND_BLOCK];

		EXPECT_EQ((uint64_t)kind, s->ios);
		EXPECT_EQ(kind * 1000ULL, s->lat_sum_ns);
		EXPECT_EQ(UINT64_MAX - kind, s->lat_max_ns);
	}
	nlmsg_free(msg);
}

/* An interval without its index is malformed: refused, said. */
TEST(no_index_refused)
{
	struct ssdk *h = calloc(1, sizeof(*h));
	struct nl_msg *msg = ntf_new();
	struct nlattr *iv;
	struct ssdk_ts_point p;
	uint32_t count = 0;

	ASSERT_NE(NULL, h);
	ASSERT_NE(NULL, msg);
	iv = nla_nest_start(msg, SSDK_A_RUN_INTERVAL);
	nla_put_u64(msg, SSDK_A_INTERVAL_OPS, 1);
	nla_nest_end(msg, iv);
	EXPECT_EQ(-EPROTO, ssdk_ts_parse(h, nlmsg_hdr(msg), &p, 1, &count));
	EXPECT_STREQ("malformed interval", h->error);
	nlmsg_free(msg);
	free(h);
}

TEST_HARNESS_MAIN
