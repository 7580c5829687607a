// SPDX-License-Identifier: GPL-2.0
/*
 * Where a run's IOs go (common/access.c) and the rules of its settings
 * (common/rules.h), compiled here as the module compiles them.
 *
 * ssdk_access_check() finds each of its problems in a configuration made
 * to have it, and resolves an absent span; placement keeps every IO in
 * the span: a sequential cursor wraps at its end, random offsets are
 * aligned and uniform over the span's positions, a split's sizes and a
 * mix's ops come in their shares (within 5 standard deviations, for a
 * fixed seed), and a seed gives one sequence.
 */

#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "access.h"
#include "libssdk.h"
#include "rules.h"
#include "kselftest_harness.h"

#define KiB	1024ULL
#define MiB	(1024 * KiB)
#define GiB	(1024 * MiB)

/* 4 KiB random reads over the whole of a target, as the module defaults. */
static struct ssdk_access_cfg base_cfg(void)
{
	struct ssdk_access_cfg c = {
		.rw = SSDK_RW_RANDREAD,
		.rwmixread = 50,
		.nr_bs = 1,
		.bs = { 4096 },
		.pct = { 100 },
		.align = 4096,
		.seed = 1,
	};

	return c;
}

static void set_split(struct ssdk_access_cfg *c, unsigned int n, const u32 *bs, const u32 *pct)
{
	unsigned int i;

	c->nr_bs = n;
	for (i = 0; i < n; i++) {
		c->bs[i] = bs[i];
		c->pct[i] = pct[i];
	}
}

/* ---- ssdk_access_check() ---------------------------------------------- */

/* What ssdk_access_check() says of @c on a target of @size bytes, blocks of @lbs. */
#define EXPECT_CHECK(want, c, size, lbs) do {				\
	struct ssdk_access_cfg c_ = (c);				\
	EXPECT_EQ(want, ssdk_access_check(&c_, size, lbs)) TH_LOG("%s", #c); \
} while (0)

TEST(check_each_problem)
{
	struct ssdk_access_cfg c = base_cfg();
	static const u32 bs2[] = { 4096, 1000 }, pct2[] = { 50, 50 };
	const u64 size = 1 * GiB;

	EXPECT_CHECK(SSDK_ACCESS_OK, c, size, 512);
	EXPECT_CHECK(SSDK_ACCESS_OK, c, size, 4096);

	c = base_cfg();
	c.bs[0] = 1000;
	EXPECT_CHECK(SSDK_ACCESS_BS_LBS, c, size, 512);
	c = base_cfg();
	c.bs[0] = 512;
	c.align = 512;
	EXPECT_CHECK(SSDK_ACCESS_OK, c, size, 512);
	EXPECT_CHECK(SSDK_ACCESS_BS_LBS, c, size, 4096);
	c = base_cfg();
	set_split(&c, 2, bs2, pct2);		/* the second size of a split */
	EXPECT_CHECK(SSDK_ACCESS_BS_LBS, c, size, 512);

	c = base_cfg();
	c.offset = 100;
	EXPECT_CHECK(SSDK_ACCESS_OFFSET_LBS, c, size, 512);
	c.offset = 512;
	EXPECT_CHECK(SSDK_ACCESS_OK, c, size, 512);
	EXPECT_CHECK(SSDK_ACCESS_OFFSET_LBS, c, size, 4096);
	c.offset = (1ULL << 40) + 512;		/* past 32 bits: the division is 64-bit */
	EXPECT_CHECK(SSDK_ACCESS_OFFSET_LBS, c, 2ULL << 40, 4096);

	c = base_cfg();
	c.align = 1000;
	EXPECT_CHECK(SSDK_ACCESS_ALIGN_LBS, c, size, 512);

	c = base_cfg();
	c.align_offset = 100;
	EXPECT_CHECK(SSDK_ACCESS_ALIGN_OFFSET_LBS, c, size, 512);
	c.align_offset = 512;
	EXPECT_CHECK(SSDK_ACCESS_OK, c, size, 512);

	c = base_cfg();
	c.stride = 100;
	EXPECT_CHECK(SSDK_ACCESS_STRIDE_LBS, c, size, 512);
	c.stride = (1ULL << 33) + 512;
	EXPECT_CHECK(SSDK_ACCESS_STRIDE_LBS, c, size, 4096);
	c.stride = 8192;
	EXPECT_CHECK(SSDK_ACCESS_OK, c, size, 4096);

	c = base_cfg();
	c.offset = size;
	EXPECT_CHECK(SSDK_ACCESS_OFFSET_END, c, size, 512);
	c.offset = 2 * size;
	EXPECT_CHECK(SSDK_ACCESS_OFFSET_END, c, size, 512);

	c = base_cfg();
	c.offset = 512;
	c.span = size;				/* one sector too long */
	EXPECT_CHECK(SSDK_ACCESS_SPAN_END, c, size, 512);
	c.span = size - 512;
	EXPECT_CHECK(SSDK_ACCESS_OK, c, size, 512);
	c.offset = 0;
	c.span = UINT64_MAX;
	EXPECT_CHECK(SSDK_ACCESS_SPAN_END, c, size, 512);

	c = base_cfg();
	c.span = 4096;				/* exactly one block */
	EXPECT_CHECK(SSDK_ACCESS_OK, c, size, 512);
	c.span = 3584;
	EXPECT_CHECK(SSDK_ACCESS_SPAN_SMALL, c, size, 512);
	c.span = 4096;
	c.align_offset = 512;			/* the block starts 512 in */
	EXPECT_CHECK(SSDK_ACCESS_SPAN_SMALL, c, size, 512);
	c = base_cfg();
	c.offset = size - 2048;			/* the rest of the target is too small */
	EXPECT_CHECK(SSDK_ACCESS_SPAN_SMALL, c, size, 512);
	c = base_cfg();
	set_split(&c, 2, (const u32[]){ 4096, 65536 }, pct2);
	c.span = 32768;				/* holds the small block, not the large */
	EXPECT_CHECK(SSDK_ACCESS_SPAN_SMALL, c, size, 512);
}

/* The first problem is the one reported: sizes, offsets, then the span. */
TEST(check_order)
{
	struct ssdk_access_cfg c = base_cfg();

	c.bs[0] = 1000;
	c.offset = 100;
	c.span = 3 * GiB;
	EXPECT_CHECK(SSDK_ACCESS_BS_LBS, c, GiB, 512);
	c.bs[0] = 4096;
	EXPECT_CHECK(SSDK_ACCESS_OFFSET_LBS, c, GiB, 512);
	c.offset = 2 * GiB;
	EXPECT_CHECK(SSDK_ACCESS_OFFSET_END, c, GiB, 512);
	c.offset = 0;
	EXPECT_CHECK(SSDK_ACCESS_SPAN_END, c, GiB, 512);
}

/* An absent span is the rest of the target from the offset; a given one stays. */
TEST(span_resolution)
{
	struct ssdk_access_cfg c = base_cfg();

	ASSERT_EQ(SSDK_ACCESS_OK, ssdk_access_check(&c, GiB, 512));
	EXPECT_EQ(GiB, c.span);
	c = base_cfg();
	c.offset = 1 * MiB;
	ASSERT_EQ(SSDK_ACCESS_OK, ssdk_access_check(&c, GiB, 512));
	EXPECT_EQ(GiB - MiB, c.span);
	c = base_cfg();
	c.offset = 1 * MiB;
	c.span = 8 * MiB;
	ASSERT_EQ(SSDK_ACCESS_OK, ssdk_access_check(&c, GiB, 512));
	EXPECT_EQ(8 * MiB, c.span);
	/* a configuration refused before the span is looked at keeps it absent */
	c = base_cfg();
	c.offset = 100;
	EXPECT_EQ(SSDK_ACCESS_OFFSET_LBS, ssdk_access_check(&c, GiB, 512));
	EXPECT_EQ(0ULL, c.span);
	/* the resolved span is then checked: the last block must fit */
	c = base_cfg();
	c.offset = GiB - 1024;
	EXPECT_EQ(SSDK_ACCESS_SPAN_SMALL, ssdk_access_check(&c, GiB, 512));
	EXPECT_EQ(1024ULL, c.span);
}

/* Each problem blames a run attribute whose name starts its message. */
TEST(problem_table)
{
	const struct ssdk_spec_attr *attr;
	const struct ssdk_access_problem_desc *p;
	unsigned int i;
	size_t len;

	for (i = SSDK_ACCESS_OK + 1; i < SSDK_ACCESS_NR_PROBLEMS; i++) {
		p = &ssdk_access_problems[i];
		ASSERT_NE(NULL, p->msg) TH_LOG("problem %u", i);
		EXPECT_TRUE(p->err == EINVAL || p->err == ERANGE) TH_LOG("problem %u: %d", i, p->err);
		attr = ssdk_spec_attr(SSDK_SPEC_SET_RUN, p->attr);
		ASSERT_NE(NULL, attr) TH_LOG("problem %u: attribute %u", i, p->attr);
		len = strlen(attr->name);
		EXPECT_TRUE(!strncmp(p->msg, attr->name, len) && p->msg[len] == ':')
			TH_LOG("problem %u blames %s: \"%s\"", i, attr->name, p->msg);
	}
}

TEST(min_max_bs)
{
	struct ssdk_access_cfg c = base_cfg();

	EXPECT_EQ(4096U, ssdk_access_max_bs(&c));
	EXPECT_EQ(4096U, ssdk_access_min_bs(&c));
	set_split(&c, 3, (const u32[]){ 8192, 512, 65536 }, (const u32[]){ 20, 30, 50 });
	EXPECT_EQ(65536U, ssdk_access_max_bs(&c));
	EXPECT_EQ(512U, ssdk_access_min_bs(&c));
}

/* ---- placement -------------------------------------------------------- */

/* Check @c against a 16 GiB target with 512-byte blocks, and place with it. */
static void placement(struct __test_metadata *_metadata, struct ssdk_access *a,
		      struct ssdk_access_cfg *c)
{
	ASSERT_EQ(SSDK_ACCESS_OK, ssdk_access_check(c, 16 * GiB, 512));
	ssdk_access_init(a, c);
}

/* Every IO lies in the span, from offset + align-offset on. */
static void check_in_span(struct __test_metadata *_metadata, const struct ssdk_access_cfg *c,
			  u32 len, u64 off)
{
	ASSERT_GE(off, c->offset + c->align_offset) TH_LOG("offset %" PRIu64, off);
	ASSERT_LE(off + len, c->offset + c->span)
		TH_LOG("offset %" PRIu64 " + %u past the span's end", off, len);
}

TEST(sequential_wraps)
{
	struct ssdk_access_cfg c = base_cfg();
	struct ssdk_access a;
	unsigned int i;
	u64 off;
	u32 len;
	u8 op;

	c.rw = SSDK_RW_WRITE;
	c.offset = 1 * MiB;
	c.align_offset = 512;
	c.span = 64 * KiB;	/* room for 15 blocks after 512 bytes */
	placement(_metadata, &a, &c);
	for (i = 0; i < 100; i++) {
		ssdk_access_next(&a, &op, &len, &off);
		EXPECT_EQ(SSDK_OP_WRITE, op);
		EXPECT_EQ(4096U, len);
		ASSERT_EQ(MiB + 512 + (i % 15) * 4096ULL, off) TH_LOG("IO %u", i);
	}

	/* a stride: every other block, and back to the start */
	c = base_cfg();
	c.rw = SSDK_RW_READ;
	c.stride = 8192;
	c.span = 40 * KiB;	/* starts 0, 8k ... 32k: 36k ends last */
	placement(_metadata, &a, &c);
	for (i = 0; i < 50; i++) {
		ssdk_access_next(&a, &op, &len, &off);
		EXPECT_EQ(SSDK_OP_READ, op);
		ASSERT_EQ((i % 5) * 8192ULL, off) TH_LOG("IO %u", i);
	}

	/* a span that is exactly one block: the same block every time */
	c = base_cfg();
	c.rw = SSDK_RW_READ;
	c.offset = 8 * GiB;
	c.span = 4096;
	placement(_metadata, &a, &c);
	for (i = 0; i < 10; i++) {
		ssdk_access_next(&a, &op, &len, &off);
		ASSERT_EQ(8 * GiB, off);
	}
}

/*
 * A stride at most the span less align-offset: at that limit it is
 * accepted, one sector past it and near 2^64 (where the cursor once
 * wrapped, down to LBA 0) refused, blaming stride.
 */
TEST(stride_limit)
{
	struct ssdk_access_cfg c = base_cfg();
	const u64 size = 1 * GiB;

	c.rw = SSDK_RW_WRITE;
	c.bs[0] = 1 * MiB;
	c.align = 1 * MiB;
	c.offset = 1 * MiB;
	c.stride = size - MiB;			/* the span, resolved */
	EXPECT_CHECK(SSDK_ACCESS_OK, c, size, 512);
	c.stride = size - MiB + 512;
	EXPECT_CHECK(SSDK_ACCESS_STRIDE_SPAN, c, size, 512);
	c.stride = UINT64_MAX - 511;		/* 2^64 - 512 */
	EXPECT_CHECK(SSDK_ACCESS_STRIDE_SPAN, c, size, 512);
	c.stride = UINT64_MAX;			/* not even a multiple */
	EXPECT_CHECK(SSDK_ACCESS_STRIDE_LBS, c, size, 512);
	EXPECT_CHECK(SSDK_ACCESS_STRIDE_LBS, c, size, 4096);

	/* less align-offset: the room from the first IO's start */
	c.span = 16 * MiB;
	c.align_offset = 512;
	c.stride = 16 * MiB - 512;
	EXPECT_CHECK(SSDK_ACCESS_OK, c, size, 512);
	c.stride = 16 * MiB;
	EXPECT_CHECK(SSDK_ACCESS_STRIDE_SPAN, c, size, 512);
	EXPECT_EQ((unsigned int)SSDK_A_RUN_STRIDE, ssdk_access_problems[SSDK_ACCESS_STRIDE_SPAN].attr);
	EXPECT_EQ(ERANGE, ssdk_access_problems[SSDK_ACCESS_STRIDE_SPAN].err);
}

/* @n sequential IOs of @a, each within [offset + align-offset, offset + span). */
static void sequence_in_span(struct __test_metadata *_metadata, struct ssdk_access *a,
			     const struct ssdk_access_cfg *c, unsigned int n)
{
	unsigned int i;
	u64 off;
	u32 len;
	u8 op;

	for (i = 0; i < n; i++) {
		ssdk_access_next(a, &op, &len, &off);
		ASSERT_GE(off, c->offset + c->align_offset) TH_LOG("IO %u at %" PRIu64, i, off);
		ASSERT_LE(off, c->offset + c->span - len) TH_LOG("IO %u at %" PRIu64, i, off);
	}
}

/*
 * However large the stride, the cursor stays in the span: the largest
 * stride accepted on a target ending near 2^64, and strides the check
 * refuses (2^64 - 512, the old wrap to LBA 0; 2^64 - 1) placed anyway,
 * as a second line of defence.
 */
TEST(stride_near_2_64)
{
	static const u64 strides[] = {
		UINT64_MAX - 511, UINT64_MAX, UINT64_MAX / 2 + 1, 1 * GiB + 512,
	};
	const u64 size = UINT64_MAX - 511;	/* a target ending at 2^64 - 512 */
	struct ssdk_access_cfg c = base_cfg();
	struct ssdk_access a;
	unsigned int i;
	u64 off;
	u32 len;
	u8 op;

	c.rw = SSDK_RW_WRITE;
	c.bs[0] = 1 * MiB;
	c.align = 1 * MiB;
	c.align_offset = 4096;
	c.offset = size - 1 * GiB;
	ASSERT_EQ(SSDK_ACCESS_OK, ssdk_access_check(&c, size, 512));
	ASSERT_EQ(1 * GiB, c.span);
	/* the largest stride accepted: every IO at the span's first place */
	c.stride = c.span - c.align_offset;
	ASSERT_EQ(SSDK_ACCESS_OK, ssdk_access_check(&c, size, 512));
	ssdk_access_init(&a, &c);
	for (i = 0; i < 1000; i++) {
		ssdk_access_next(&a, &op, &len, &off);
		ASSERT_EQ(c.offset + c.align_offset, off) TH_LOG("IO %u", i);
	}
	/* one stride short of the room: two places, the first and the last fitting */
	c.stride = c.span - c.align_offset - MiB;
	ASSERT_EQ(SSDK_ACCESS_OK, ssdk_access_check(&c, size, 512));
	ssdk_access_init(&a, &c);
	sequence_in_span(_metadata, &a, &c, 1000);

	for (i = 0; i < ARRAY_SIZE(strides); i++) {
		c.stride = strides[i];
		EXPECT_NE(SSDK_ACCESS_OK, ssdk_access_check(&c, size, 512));
		ssdk_access_init(&a, &c);
		sequence_in_span(_metadata, &a, &c, 100000);
	}

	/* the reported run: offset 1 MiB, bs 1 MiB, stride 2^64 - 512, 1 GiB */
	c = base_cfg();
	c.rw = SSDK_RW_WRITE;
	c.bs[0] = 1 * MiB;
	c.align = 1 * MiB;
	c.offset = 1 * MiB;
	c.stride = UINT64_MAX - 511;
	EXPECT_EQ(SSDK_ACCESS_STRIDE_SPAN, ssdk_access_check(&c, 1 * GiB, 512));
	ssdk_access_init(&a, &c);
	for (i = 0; i < 10000; i++) {
		ssdk_access_next(&a, &op, &len, &off);
		ASSERT_EQ(1 * MiB, off) TH_LOG("IO %u", i);
	}

	/* a sequential worker's part, with a stride longer than the part */
	c.stride = 1 * GiB - MiB;
	ASSERT_EQ(SSDK_ACCESS_OK, ssdk_access_check(&c, 1 * GiB, 512));
	for (i = 0; i < 4; i++) {
		struct ssdk_access_cfg share;

		ASSERT_TRUE(ssdk_access_share(&c, i, 4, &share));
		ssdk_access_init(&a, &share);
		sequence_in_span(_metadata, &a, &share, 1000);
	}
}

/* A sequential split: each IO follows the last, whatever its size; none crosses the end. */
TEST(sequential_split_covers_span)
{
	struct ssdk_access_cfg c = base_cfg();
	struct ssdk_access a;
	unsigned int i, wraps = 0;
	u64 off, next = 0;
	u32 len;
	u8 op;

	c.rw = SSDK_RW_READ;
	set_split(&c, 2, (const u32[]){ 4096, 65536 }, (const u32[]){ 50, 50 });
	c.align = 4096;
	c.span = 1 * MiB + 4096;
	placement(_metadata, &a, &c);
	for (i = 0; i < 100000; i++) {
		ssdk_access_next(&a, &op, &len, &off);
		check_in_span(_metadata, &c, len, off);
		if (off != next) {
			/* only a wrap breaks the sequence: the IO did not fit */
			ASSERT_EQ(0ULL, off) TH_LOG("IO %u at %" PRIu64 ", expected %" PRIu64, i,
						    off, next);
			ASSERT_GT(next + len, c.span) TH_LOG("IO %u wrapped early", i);
			wraps++;
		}
		next = off + len;
	}
	EXPECT_GT(wraps, 100U);
}

/*
 * Random offsets: aligned (from offset + align-offset), within the span,
 * and every position drawn about as often as the others.
 */
TEST(random_aligned_uniform)
{
	enum { POSITIONS = 64, DRAWS = 640000 };
	static unsigned int hits[POSITIONS];
	struct ssdk_access_cfg c = base_cfg();
	struct ssdk_access a;
	double mean = (double)DRAWS / POSITIONS, sd = sqrt(mean);
	unsigned int i, pos;
	u64 off;
	u32 len;
	u8 op;

	c.rw = SSDK_RW_RANDWRITE;
	c.offset = 3 * GiB;
	c.align = 8192;
	c.align_offset = 1024;
	/* positions 0, 8k ... 63 x 8k, the last one's 4 KiB ending at the span's end */
	c.span = 1024 + (POSITIONS - 1) * 8192ULL + 4096;
	placement(_metadata, &a, &c);
	for (i = 0; i < DRAWS; i++) {
		ssdk_access_next(&a, &op, &len, &off);
		ASSERT_EQ(SSDK_OP_WRITE, op);
		check_in_span(_metadata, &c, len, off);
		ASSERT_EQ(0ULL, (off - c.offset - c.align_offset) % c.align)
			TH_LOG("offset %" PRIu64 " not aligned", off);
		pos = (off - c.offset - c.align_offset) / c.align;
		ASSERT_LT(pos, (unsigned int)POSITIONS);
		hits[pos]++;
	}
	for (pos = 0; pos < POSITIONS; pos++) {
		EXPECT_TRUE(fabs(hits[pos] - mean) < 5 * sd)
			TH_LOG("position %u drawn %u times, expected %.0f +- %.0f", pos, hits[pos],
			       mean, 5 * sd);
	}
}

/* Large spans: 64-bit positions, aligned, none past the end. */
TEST(random_large_span)
{
	struct ssdk_access_cfg c = base_cfg();
	struct ssdk_access a;
	u64 off, top = 0;
	unsigned int i;
	u32 len;
	u8 op;

	c.bs[0] = 131072;
	c.align = 512;
	placement(_metadata, &a, &c);		/* 16 GiB */
	for (i = 0; i < 200000; i++) {
		ssdk_access_next(&a, &op, &len, &off);
		check_in_span(_metadata, &c, len, off);
		ASSERT_EQ(0ULL, off % 512);
		top = off > top ? off : top;
	}
	/* the draws reach the last 0.01% of the span */
	EXPECT_GT(top, 16 * GiB - 131072 - 16 * GiB / 10000);
}

/* Counts within 5 standard deviations of @pct percent of @n. */
static void check_share(struct __test_metadata *_metadata, const char *what, unsigned int got,
			unsigned int n, double pct)
{
	double p = pct / 100, want = n * p, sd = sqrt(n * p * (1 - p));

	EXPECT_TRUE(fabs(got - want) <= 5 * sd)
		TH_LOG("%s: %u of %u, expected %.0f +- %.0f", what, got, n, want, 5 * sd);
}

TEST(split_shares)
{
	static const u32 bs[] = { 4096, 16384, 65536, 131072 }, pct[] = { 10, 20, 69, 1 };
	enum { DRAWS = 400000 };
	struct ssdk_access_cfg c = base_cfg();
	unsigned int counts[4] = { 0 }, i, k;
	struct ssdk_access a;
	char what[32];
	u64 off;
	u32 len;
	u8 op;

	set_split(&c, 4, bs, pct);
	c.align = 4096;
	placement(_metadata, &a, &c);
	for (i = 0; i < DRAWS; i++) {
		ssdk_access_next(&a, &op, &len, &off);
		check_in_span(_metadata, &c, len, off);
		ASSERT_EQ(0ULL, off % 4096);
		for (k = 0; k < 4 && bs[k] != len; k++)
			;
		ASSERT_LT(k, 4U) TH_LOG("length %u is none of the split's", len);
		counts[k]++;
	}
	for (k = 0; k < 4; k++) {
		snprintf(what, sizeof(what), "%u bytes", bs[k]);
		check_share(_metadata, what, counts[k], DRAWS, pct[k]);
	}
}

TEST(mix_shares)
{
	static const u32 mixes[] = { 0, 1, 30, 70, 99, 100 };
	enum { DRAWS = 200000 };
	struct ssdk_access_cfg c;
	struct ssdk_access a;
	unsigned int i, m, reads;
	char what[64];
	u64 off;
	u32 len;
	u8 op;

	for (m = 0; m < ARRAY_SIZE(mixes); m++) {
		c = base_cfg();
		c.rw = m % 2 ? SSDK_RW_READWRITE : SSDK_RW_RANDRW;
		c.rwmixread = mixes[m];
		c.span = 64 * MiB;
		placement(_metadata, &a, &c);
		for (i = 0, reads = 0; i < DRAWS; i++) {
			ssdk_access_next(&a, &op, &len, &off);
			ASSERT_TRUE(op == SSDK_OP_READ || op == SSDK_OP_WRITE);
			check_in_span(_metadata, &c, len, off);
			/* readwrite keeps one cursor for both ops */
			if (c.rw == SSDK_RW_READWRITE) {
				ASSERT_EQ((i % (64 * MiB / 4096)) * 4096ULL, off);
			}
			reads += op == SSDK_OP_READ;
		}
		snprintf(what, sizeof(what), "%s %u%% reads", c.rw == SSDK_RW_RANDRW ?
			 "randrw" : "readwrite", mixes[m]);
		if (mixes[m] == 0 || mixes[m] == 100) {
			EXPECT_EQ(DRAWS * mixes[m] / 100, reads) TH_LOG("%s", what);
		} else {
			check_share(_metadata, what, reads, DRAWS, mixes[m]);
		}
	}
}

/* Not a mix: every IO has the mode's op, whatever rwmixread says. */
TEST(unmixed_ops)
{
	static const struct { u32 rw; u8 op; } modes[] = {
		{ SSDK_RW_READ, SSDK_OP_READ }, { SSDK_RW_WRITE, SSDK_OP_WRITE },
		{ SSDK_RW_RANDREAD, SSDK_OP_READ }, { SSDK_RW_RANDWRITE, SSDK_OP_WRITE },
	};
	struct ssdk_access_cfg c;
	struct ssdk_access a;
	unsigned int i, m;
	u64 off;
	u32 len;
	u8 op;

	for (m = 0; m < ARRAY_SIZE(modes); m++) {
		c = base_cfg();
		c.rw = modes[m].rw;
		c.rwmixread = 100 * (m % 2);
		placement(_metadata, &a, &c);
		for (i = 0; i < 1000; i++) {
			ssdk_access_next(&a, &op, &len, &off);
			ASSERT_EQ(modes[m].op, op) TH_LOG("rw %u", modes[m].rw);
		}
	}
}

/* A seed gives one sequence of ops, sizes and offsets; another seed another. */
TEST(same_seed_same_sequence)
{
	struct ssdk_access_cfg c1 = base_cfg(), c2, c3;
	struct ssdk_access a1, a2, a3;
	unsigned int i, same = 0;
	u64 o1, o2, o3;
	u32 l1, l2, l3;
	u8 p1, p2, p3;

	c1.rw = SSDK_RW_RANDRW;
	set_split(&c1, 2, (const u32[]){ 4096, 65536 }, (const u32[]){ 50, 50 });
	c1.seed = 42;
	c2 = c1;
	c3 = c1;
	c3.seed = 43;
	placement(_metadata, &a1, &c1);
	placement(_metadata, &a2, &c2);
	placement(_metadata, &a3, &c3);
	for (i = 0; i < 10000; i++) {
		ssdk_access_next(&a1, &p1, &l1, &o1);
		ssdk_access_next(&a2, &p2, &l2, &o2);
		ssdk_access_next(&a3, &p3, &l3, &o3);
		ASSERT_EQ(p1, p2) TH_LOG("IO %u", i);
		ASSERT_EQ(l1, l2) TH_LOG("IO %u", i);
		ASSERT_EQ(o1, o2) TH_LOG("IO %u", i);
		same += o1 == o3;
	}
	EXPECT_LT(same, 10U);
}

/* ---- rules.h ---------------------------------------------------------- */

TEST(rules)
{
	u32 rw;

	for (rw = SSDK_RW_READ; rw <= SSDK_RW_READWRITE; rw++) {
		EXPECT_EQ(rw == SSDK_RW_RANDRW || rw == SSDK_RW_READWRITE, ssdk_rw_mixed(rw));
		EXPECT_EQ(rw == SSDK_RW_READ || rw == SSDK_RW_WRITE || rw == SSDK_RW_READWRITE,
			  ssdk_rw_sequential(rw));
	}
	EXPECT_TRUE(ssdk_rw_writes(SSDK_RW_WRITE, 100));
	EXPECT_TRUE(ssdk_rw_writes(SSDK_RW_RANDWRITE, 50));
	EXPECT_FALSE(ssdk_rw_writes(SSDK_RW_READ, 0));
	EXPECT_FALSE(ssdk_rw_writes(SSDK_RW_RANDREAD, 50));
	EXPECT_TRUE(ssdk_rw_writes(SSDK_RW_RANDRW, 50));
	EXPECT_TRUE(ssdk_rw_writes(SSDK_RW_READWRITE, 99));
	EXPECT_FALSE(ssdk_rw_writes(SSDK_RW_RANDRW, 100));
	EXPECT_FALSE(ssdk_rw_writes(SSDK_RW_READWRITE, 100));
	EXPECT_FALSE(ssdk_open_loop(0, SSDK_ARRIVALS_POISSON, false));
	EXPECT_FALSE(ssdk_open_loop(1000, SSDK_ARRIVALS_PACED, false));
	EXPECT_TRUE(ssdk_open_loop(1000, SSDK_ARRIVALS_UNIFORM, false));
	EXPECT_TRUE(ssdk_open_loop(1, SSDK_ARRIVALS_POISSON, false));
	EXPECT_TRUE(ssdk_open_loop(0, SSDK_ARRIVALS_PACED, true));
	EXPECT_FALSE(ssdk_state_ended(SSDK_STATE_RUNNING));
	EXPECT_FALSE(ssdk_state_ended(SSDK_STATE_STOPPING));
	EXPECT_TRUE(ssdk_state_ended(SSDK_STATE_DONE));
	EXPECT_TRUE(ssdk_state_ended(SSDK_STATE_STOPPED));
	EXPECT_TRUE(ssdk_state_ended(SSDK_STATE_FAILED));
	EXPECT_FALSE(ssdk_state_ended(SSDK_STATE_FAILED + 1));
}

/*
 * A worker's share: random shares draw over the whole span from seeds of
 * their own (worker 0 the run's); sequential shares are equal, aligned,
 * adjacent parts, and a part that cannot hold the largest block is refused.
 */
TEST(worker_shares)
{
	struct ssdk_access_cfg c = base_cfg(), s0, s1, s2;

	c.span = 1 * GiB;
	EXPECT_TRUE(ssdk_access_share(&c, 0, 3, &s0));
	EXPECT_TRUE(ssdk_access_share(&c, 1, 3, &s1));
	EXPECT_EQ(c.seed, s0.seed);
	EXPECT_NE(s0.seed, s1.seed);
	EXPECT_EQ(c.offset, s1.offset);
	EXPECT_EQ(c.span, s1.span);

	c.rw = SSDK_RW_READ;
	c.offset = 1 * MiB;
	EXPECT_TRUE(ssdk_access_share(&c, 0, 3, &s0));
	EXPECT_TRUE(ssdk_access_share(&c, 1, 3, &s1));
	EXPECT_TRUE(ssdk_access_share(&c, 2, 3, &s2));
	EXPECT_EQ(0ULL, s0.span % c.align);
	EXPECT_EQ(s0.span, s1.span);
	EXPECT_EQ(c.offset, s0.offset);
	EXPECT_EQ(s0.offset + s0.span, s1.offset);
	EXPECT_EQ(s1.offset + s1.span, s2.offset);
	EXPECT_LE(s2.offset + s2.span, c.offset + c.span);
	EXPECT_GT(s2.offset + s2.span + c.align * 3, c.offset + c.span);

	c.span = 8 * 4096;
	EXPECT_TRUE(ssdk_access_share(&c, 7, 8, &s0));
	EXPECT_FALSE(ssdk_access_share(&c, 0, 9, &s0));
}

TEST_HARNESS_MAIN
