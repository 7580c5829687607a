// SPDX-License-Identifier: GPL-2.0
/*
 * Host tests of the values libssdk reads and writes (lib/values.c) and
 * of the CLI's own (cli/model/values.c), on the kselftest harness: every
 * suffix, each parser at its limits and one past them (the edges of u64,
 * of u32, of the texts' buffers, of bssplit's entries), the malformed
 * values each parser must refuse (leaving its output alone), what the
 * pattern, steady and bssplit parsers set in a configuration (their
 * ranges and sums are the module's to check), and the formats that read
 * back through the parsers.
 */

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdint.h>
#include <string.h>

#include <linux/ssdk.h>

#include "values.h"
/* After values.h: its ARRAY_SIZE is not the harness's, which gives way. */
#include "kselftest_harness.h"

/* A parser's input in a message: NULL is one of them. */
static const char *show(const char *s)
{
	return s ? s : "NULL";
}

#define SIZE_OK(s, want) do {						\
	uint64_t v_ = 0;						\
	EXPECT_EQ(0, ssdk_parse_size(s, &v_)) TH_LOG("%s", show(s));		\
	EXPECT_EQ((uint64_t)(want), v_) TH_LOG("%s", show(s));		\
} while (0)

#define SIZE_BAD(s, want) do {						\
	uint64_t v_ = 12345;						\
	EXPECT_EQ(want, ssdk_parse_size(s, &v_)) TH_LOG("%s", show(s));		\
	EXPECT_EQ(12345ULL, v_) TH_LOG("%s", show(s));			\
} while (0)

#define TIME_OK(s, want) do {						\
	uint64_t v_ = 0;						\
	EXPECT_EQ(0, ssdk_parse_duration_ns(s, &v_)) TH_LOG("%s", show(s));	\
	EXPECT_EQ((uint64_t)(want), v_) TH_LOG("%s", show(s));		\
} while (0)

#define TIME_BAD(s, want) do {						\
	uint64_t v_ = 12345;						\
	EXPECT_EQ(want, ssdk_parse_duration_ns(s, &v_)) TH_LOG("%s", show(s));	\
	EXPECT_EQ(12345ULL, v_) TH_LOG("%s", show(s));			\
} while (0)

TEST(sizes)
{
	SIZE_OK("0", 0);
	SIZE_OK("512", 512);
	SIZE_OK("4k", 4096);
	SIZE_OK("4K", 4096);
	SIZE_OK("4kb", 4096);
	SIZE_OK("4KiB", 4096);
	SIZE_OK("1m", 1048576);
	SIZE_OK("8G", 8ULL << 30);
	SIZE_OK("16g", 16ULL << 30);
	SIZE_OK("2t", 2ULL << 40);
	SIZE_OK("2TiB", 2ULL << 40);
	SIZE_OK("100b", 100);
	SIZE_OK("18446744073709551615", UINT64_MAX);
	SIZE_OK("16777215t", 16777215ULL << 40);
	/* each unit's largest, whose one more is refused below */
	SIZE_OK("17592186044415m", 17592186044415ULL << 20);
	SIZE_OK("17179869183g", 17179869183ULL << 30);
	SIZE_OK("18014398509481983KiB", 18014398509481983ULL << 10);
	SIZE_OK("18446744073709551615B", UINT64_MAX);
}

TEST(sizes_bad)
{
	SIZE_BAD("", -EINVAL);
	SIZE_BAD("k", -EINVAL);
	SIZE_BAD("-4k", -EINVAL);
	SIZE_BAD(" 4k", -EINVAL);
	SIZE_BAD("4k ", -EINVAL);
	SIZE_BAD("4x", -EINVAL);
	SIZE_BAD("4.5k", -EINVAL);
	SIZE_BAD("0x10", -EINVAL);
	SIZE_BAD("4kk", -EINVAL);
	SIZE_BAD("4p", -EINVAL);
	SIZE_BAD("18446744073709551616", -ERANGE);
	SIZE_BAD("16777216t", -ERANGE);
	SIZE_BAD("17592186044416m", -ERANGE);
	SIZE_BAD("17179869184g", -ERANGE);
	SIZE_BAD("18014398509481984KiB", -ERANGE);
	SIZE_BAD("18446744073709551616B", -ERANGE);
	SIZE_BAD(NULL, -EINVAL);
}

TEST(durations)
{
	TIME_OK("0", 0);
	TIME_OK("10", 10000000000ULL);
	TIME_OK("10s", 10000000000ULL);
	TIME_OK("10sec", 10000000000ULL);
	TIME_OK("180s", 180000000000ULL);
	TIME_OK("3m", 180000000000ULL);
	TIME_OK("3min", 180000000000ULL);
	TIME_OK("1h", 3600000000000ULL);
	TIME_OK("500ms", 500000000ULL);
	TIME_OK("250us", 250000ULL);
	TIME_OK("7ns", 7);
	TIME_OK("1.5s", 1500000000ULL);
	TIME_OK(".5s", 500000000ULL);
	TIME_OK("0.001ms", 1000);
	TIME_OK("5000000h", 18000000000000000000ULL);
	/* whole units exactly, past 2^53 ns too: max-duration-ns and one past */
	TIME_OK("31536000000000000ns", 31536000000000000ULL);
	TIME_OK("31536000000000001ns", 31536000000000001ULL);
	TIME_OK("8760h", 31536000000000000ULL);
	TIME_OK("18446744073709551615ns", UINT64_MAX);
	TIME_OK("18446744073s", 18446744073000000000ULL);
	/* a decimal's last double below 2^64 ns (its rounding), refused one past */
	TIME_OK("18446744073.7095s", 18446744073709498368ULL);
	TIME_OK("307445734.5618min", 18446744073707999232ULL);
}

TEST(durations_bad)
{
	TIME_BAD("", -EINVAL);
	TIME_BAD("s", -EINVAL);
	TIME_BAD(".", -EINVAL);
	TIME_BAD("-1s", -EINVAL);
	TIME_BAD("1e3", -EINVAL);
	TIME_BAD("0x10", -EINVAL);
	TIME_BAD("10 s", -EINVAL);
	TIME_BAD("10sec2", -EINVAL);
	TIME_BAD("3d", -EINVAL);
	TIME_BAD("inf", -EINVAL);
	TIME_BAD("nan", -EINVAL);
	TIME_BAD("6000000h", -ERANGE);
	TIME_BAD("18446744073709551616ns", -ERANGE);
	TIME_BAD("18446744074s", -ERANGE);
	TIME_BAD("5124095576030432h", -ERANGE);	/* past 2^64 ns: would wrap */
	TIME_BAD("1.5e3s", -EINVAL);
	TIME_BAD("18446744073.70956s", -ERANGE);
	TIME_BAD("307445734.562min", -ERANGE);
	TIME_BAD(NULL, -EINVAL);
}

TEST(numbers)
{
	uint64_t v = 0;
	uint32_t w = 0;

	EXPECT_EQ(0, ssdk_parse_u64("0", &v));
	EXPECT_EQ(0ULL, v);
	EXPECT_EQ(0, ssdk_parse_u64("42", &v));
	EXPECT_EQ(42ULL, v);
	EXPECT_EQ(0, ssdk_parse_u64("0x2a", &v));
	EXPECT_EQ(42ULL, v);
	EXPECT_EQ(0, ssdk_parse_u64("18446744073709551615", &v));
	EXPECT_EQ(UINT64_MAX, v);
	EXPECT_EQ(-ERANGE, ssdk_parse_u64("18446744073709551616", &v));
	EXPECT_EQ(-EINVAL, ssdk_parse_u64("-1", &v));
	EXPECT_EQ(-EINVAL, ssdk_parse_u64("1k", &v));
	EXPECT_EQ(-EINVAL, ssdk_parse_u64("", &v));
	EXPECT_EQ(-EINVAL, ssdk_parse_u64(" 1", &v));
	EXPECT_EQ(-EINVAL, ssdk_parse_u64(NULL, &v));
	EXPECT_EQ(UINT64_MAX, v);
	EXPECT_EQ(0, ssdk_parse_u32("4294967295", &w));
	EXPECT_EQ(UINT32_MAX, w);
	EXPECT_EQ(-ERANGE, ssdk_parse_u32("4294967296", &w));
	EXPECT_EQ(UINT32_MAX, w);
	EXPECT_EQ(-EINVAL, ssdk_parse_u32("x", &w));
	EXPECT_EQ(UINT32_MAX, w);
	EXPECT_EQ(0, ssdk_parse_u32("100000", &w));
	EXPECT_EQ(100000U, w);
}

/* A list and the @n numbers that must come of it. */
static void check_list(struct __test_metadata *_metadata, const char *s, unsigned int max,
		       int ranges, const uint32_t *want, unsigned int n)
{
	uint32_t out[8] = { 0 };
	unsigned int nr = 99, i;

	ASSERT_EQ(0, parse_list(s, out, max, &nr, ranges)) TH_LOG("%s", show(s));
	ASSERT_EQ(n, nr) TH_LOG("%s", s);
	for (i = 0; i < n; i++) {
		EXPECT_EQ(want[i], out[i]) TH_LOG("%s [%u]", s, i);
	}
}

#define LIST_OK(s, max, ranges, ...)						\
	check_list(_metadata, s, max, ranges, (const uint32_t[]){ __VA_ARGS__ },	\
		   ARRAY_SIZE(((const uint32_t[]){ __VA_ARGS__ })))

#define LIST_BAD(s, max, ranges) do {					\
	uint32_t out_[8];						\
	unsigned int nr_ = 99;						\
	EXPECT_EQ(-EINVAL, parse_list(s, out_, max, &nr_, ranges)) TH_LOG("%s", show(s)); \
	EXPECT_EQ(99U, nr_) TH_LOG("%s", show(s));				\
} while (0)

TEST(lists)
{
	char long_list[300];

	LIST_OK("7", 8, 0, 7);
	LIST_OK("1,2,3", 8, 0, 1, 2, 3);
	LIST_OK("1,,2", 8, 0, 1, 2);
	LIST_OK("0-3,8", 8, 1, 0, 1, 2, 3, 8);
	LIST_OK("5-5", 8, 1, 5);
	LIST_OK("0x10,4294967295", 8, 0, 16, 4294967295U);
	LIST_OK("0-7", 8, 1, 0, 1, 2, 3, 4, 5, 6, 7);
	LIST_OK("1,2,3,4", 4, 0, 1, 2, 3, 4);
	LIST_BAD("0-3", 8, 0);		/* no ranges */
	LIST_BAD("3-1", 8, 1);
	LIST_BAD("0-8", 8, 1);		/* 9 numbers */
	LIST_BAD("1,2,3,4,5", 4, 0);
	LIST_BAD("0-3,4-7,8", 8, 1);
	LIST_BAD("0-4294967295", 8, 1);
	LIST_BAD("", 8, 0);
	LIST_BAD(",", 8, 0);
	LIST_BAD("a", 8, 0);
	LIST_BAD("1,-2", 8, 1);
	LIST_BAD("1-", 8, 1);
	LIST_BAD("4294967296", 8, 0);
	LIST_BAD(NULL, 8, 0);
	memset(long_list, '1', sizeof(long_list) - 1);
	long_list[sizeof(long_list) - 1] = '\0';
	LIST_BAD(long_list, 8, 0);
}

/* The last numbers of u32: the cursor must not wrap around. */
TEST(list_at_u32_max)
{
	LIST_OK("4294967295", 8, 0, 4294967295U);
	LIST_OK("4294967294-4294967295", 8, 1, 4294967294U, 4294967295U);
	LIST_OK("4294967295-4294967295,0", 8, 1, 4294967295U, 0);
}

TEST(enum_names)
{
	static const char *const rws[] = {
		"read", "write", "randread", "randwrite", "randrw", "readwrite",
	};
	static const char *const states[] = { "running", "stopping", "done", "stopped", "failed" };
	static const char *const arrivals[] = { "paced", "uniform", "poisson" };
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(rws); i++) {
		EXPECT_STREQ(rws[i], enum_name(SSDK_SPEC_ENUM_RW, i));
	}
	for (i = 0; i < ARRAY_SIZE(states); i++) {
		EXPECT_STREQ(states[i], enum_name(SSDK_SPEC_ENUM_STATE, i));
	}
	for (i = 0; i < ARRAY_SIZE(arrivals); i++) {
		EXPECT_STREQ(arrivals[i], enum_name(SSDK_SPEC_ENUM_ARRIVALS, i));
	}
	EXPECT_STREQ("read", enum_name(SSDK_SPEC_ENUM_OP, SSDK_OP_READ));
	EXPECT_STREQ("write", enum_name(SSDK_SPEC_ENUM_OP, SSDK_OP_WRITE));
	EXPECT_STREQ("kfile", enum_name(SSDK_SPEC_ENUM_CAP, SSDK_CAP_KFILE));
	EXPECT_STREQ("unknown", enum_name(SSDK_SPEC_ENUM_RW, 6));
	EXPECT_STREQ("unknown", enum_name(SSDK_SPEC_ENUM_STATE, 5));
	EXPECT_STREQ("unknown", enum_name(SSDK_SPEC_ENUM_CAP, 3));
	EXPECT_STREQ("unknown", enum_name(SSDK_SPEC_NR_ENUMS, 0));
	EXPECT_STREQ("unknown", enum_name(SSDK_SPEC_ENUM_RW, UINT64_MAX));
}

/* The configuration's pattern attributes: set ones and their values. */
#define EXPECT_SET(c, attr, value) do {					\
	EXPECT_TRUE(ssdk_config_is_set(c, attr)) TH_LOG("%s", #attr);	\
	EXPECT_EQ((uint64_t)(value), ssdk_config_get(c, attr)) TH_LOG("%s", #attr); \
} while (0)

#define EXPECT_UNSET(c, attr) \
	EXPECT_FALSE(ssdk_config_is_set(c, attr)) TH_LOG("%s", #attr)

#define PATTERN_BAD(s) do {						\
	struct ssdk_run_config before_ = c;				\
	EXPECT_EQ(-EINVAL, ssdk_parse_pattern(s, &c)) TH_LOG("%s", show(s)); \
	EXPECT_EQ(0, memcmp(&before_, &c, sizeof(c))) TH_LOG("%s changed it", show(s)); \
} while (0)

#define STEADY_BAD(s) do {						\
	struct ssdk_run_config before_ = c;				\
	EXPECT_EQ(-EINVAL, ssdk_parse_steady(s, &c)) TH_LOG("%s", show(s));	\
	EXPECT_EQ(0, memcmp(&before_, &c, sizeof(c))) TH_LOG("%s changed it", show(s)); \
} while (0)

TEST(steady)
{
	struct ssdk_run_config c;

	ssdk_config_init(&c);
	EXPECT_EQ(0, ssdk_parse_steady("iops:20%,slope:10%", &c));
	EXPECT_SET(&c, SSDK_A_RUN_STEADY_TRACK, SSDK_STEADY_TRACK_IOPS);
	EXPECT_SET(&c, SSDK_A_RUN_STEADY_RANGE_PCT, 20);
	EXPECT_SET(&c, SSDK_A_RUN_STEADY_SLOPE_PCT, 10);

	/* the module's defaults for what is left out */
	EXPECT_EQ(0, ssdk_parse_steady("bw", &c));
	EXPECT_SET(&c, SSDK_A_RUN_STEADY_TRACK, SSDK_STEADY_TRACK_BW);
	EXPECT_UNSET(&c, SSDK_A_RUN_STEADY_RANGE_PCT);
	EXPECT_UNSET(&c, SSDK_A_RUN_STEADY_SLOPE_PCT);

	EXPECT_EQ(0, ssdk_parse_steady("lat-mean,slope:5,range:15%", &c));
	EXPECT_SET(&c, SSDK_A_RUN_STEADY_TRACK, SSDK_STEADY_TRACK_LAT_MEAN);
	EXPECT_SET(&c, SSDK_A_RUN_STEADY_RANGE_PCT, 15);
	EXPECT_SET(&c, SSDK_A_RUN_STEADY_SLOPE_PCT, 5);
	/* the module checks the range of a percentage */
	EXPECT_EQ(0, ssdk_parse_steady("iops:0", &c));
	EXPECT_SET(&c, SSDK_A_RUN_STEADY_RANGE_PCT, 0);

	/* a percentage's largest, and its longest text (15 characters) */
	EXPECT_EQ(0, ssdk_parse_steady("iops:4294967295%,slope:0x0000000000014", &c));
	EXPECT_SET(&c, SSDK_A_RUN_STEADY_RANGE_PCT, 4294967295U);
	EXPECT_SET(&c, SSDK_A_RUN_STEADY_SLOPE_PCT, 20);

	EXPECT_EQ(0, ssdk_parse_steady("iops:20%,slope:10%", &c));
	STEADY_BAD(NULL);
	STEADY_BAD("iops,slope:0x00000000000014");
	STEADY_BAD("");
	STEADY_BAD("mbps");
	STEADY_BAD("iops:");
	STEADY_BAD("iops:%");
	STEADY_BAD("iops:x");
	STEADY_BAD("iops:20%%");
	STEADY_BAD("iops,");
	STEADY_BAD("iops,slope");
	STEADY_BAD("iops,slope:");
	STEADY_BAD("iops,tilt:3");
	STEADY_BAD("iops:20,range:10");
	STEADY_BAD("iops,slope:1,slope:2");
	STEADY_BAD("iops:4294967296");
	STEADY_BAD("slope:10");
}

TEST(patterns)
{
	struct ssdk_run_config c;
	char buf[64];

	ssdk_config_init(&c);
	EXPECT_EQ(0, ssdk_parse_pattern("zeros", &c));
	EXPECT_SET(&c, SSDK_A_RUN_PATTERN, SSDK_PATTERN_ZEROS);
	EXPECT_UNSET(&c, SSDK_A_RUN_PATTERN_BYTE);
	EXPECT_UNSET(&c, SSDK_A_RUN_COMPRESS_PCT);
	EXPECT_STREQ("zeros", ssdk_pattern_str(buf, sizeof(buf), &c));

	EXPECT_EQ(0, ssdk_parse_pattern("repeat:165", &c));
	EXPECT_SET(&c, SSDK_A_RUN_PATTERN, SSDK_PATTERN_REPEAT);
	EXPECT_SET(&c, SSDK_A_RUN_PATTERN_BYTE, 165);
	EXPECT_UNSET(&c, SSDK_A_RUN_COMPRESS_PCT);
	EXPECT_STREQ("repeat:165", ssdk_pattern_str(buf, sizeof(buf), &c));
	EXPECT_EQ(0, ssdk_parse_pattern("repeat:0xff", &c));
	EXPECT_SET(&c, SSDK_A_RUN_PATTERN_BYTE, 255);
	/* the module checks the byte's range (pattern-byte's max) */
	EXPECT_EQ(0, ssdk_parse_pattern("repeat:256", &c));
	EXPECT_SET(&c, SSDK_A_RUN_PATTERN_BYTE, 256);

	EXPECT_EQ(0, ssdk_parse_pattern("compressible:50", &c));
	EXPECT_SET(&c, SSDK_A_RUN_PATTERN, SSDK_PATTERN_COMPRESSIBLE);
	EXPECT_SET(&c, SSDK_A_RUN_COMPRESS_PCT, 50);
	EXPECT_UNSET(&c, SSDK_A_RUN_PATTERN_BYTE);
	EXPECT_STREQ("compressible:50", ssdk_pattern_str(buf, sizeof(buf), &c));
	/* and the percentage's (compress-pct's max is 99) */
	EXPECT_EQ(0, ssdk_parse_pattern("compressible:100", &c));
	EXPECT_SET(&c, SSDK_A_RUN_COMPRESS_PCT, 100);
	/* the argument's largest: one more is refused below */
	EXPECT_EQ(0, ssdk_parse_pattern("repeat:4294967295", &c));
	EXPECT_SET(&c, SSDK_A_RUN_PATTERN_BYTE, 4294967295U);
	EXPECT_STREQ("repeat:4294967295", ssdk_pattern_str(buf, sizeof(buf), &c));
	EXPECT_STREQ("random, zeros, repeat:BYTE, compressible:PCT",
		     ssdk_pattern_syntax(buf, sizeof(buf)));

	EXPECT_EQ(0, ssdk_parse_pattern("random", &c));
	EXPECT_SET(&c, SSDK_A_RUN_PATTERN, SSDK_PATTERN_RANDOM);
	EXPECT_UNSET(&c, SSDK_A_RUN_PATTERN_BYTE);
	EXPECT_UNSET(&c, SSDK_A_RUN_COMPRESS_PCT);
	EXPECT_STREQ("random", ssdk_pattern_str(buf, sizeof(buf), &c));

	/* refused, and the configuration left as it was */
	EXPECT_EQ(0, ssdk_parse_pattern("repeat:7", &c));
	PATTERN_BAD("repeat");
	PATTERN_BAD("repeat:");
	PATTERN_BAD("repeat:x");
	PATTERN_BAD("repeat:4294967296");
	PATTERN_BAD("compressible:");
	PATTERN_BAD("zeros:1");
	PATTERN_BAD("random:");
	PATTERN_BAD("ones");
	PATTERN_BAD("Zeros");
	PATTERN_BAD("");
	PATTERN_BAD("a-very-long-pattern-name:1");
	PATTERN_BAD(NULL);
	EXPECT_SET(&c, SSDK_A_RUN_PATTERN, SSDK_PATTERN_REPEAT);
	EXPECT_SET(&c, SSDK_A_RUN_PATTERN_BYTE, 7);
}

#define BSSPLIT_BAD(s, want) do {					\
	struct ssdk_run_config before_ = c;				\
	EXPECT_EQ(want, ssdk_parse_bssplit(s, &c)) TH_LOG("%s", show(s)); \
	EXPECT_EQ(0, memcmp(&before_, &c, sizeof(c))) TH_LOG("%s changed it", show(s)); \
} while (0)

TEST(bssplit)
{
	struct ssdk_run_config c;
	char many[200] = "";
	unsigned int i;

	ssdk_config_init(&c);
	EXPECT_EQ(0, ssdk_parse_bssplit("4k/70:64k/30", &c));
	EXPECT_TRUE(ssdk_config_is_set(&c, SSDK_A_RUN_BS_SPLIT));
	EXPECT_EQ(2U, c.nr_bs);
	EXPECT_EQ(4096U, c.bs_split[0].bs);
	EXPECT_EQ(70U, c.bs_split[0].pct);
	EXPECT_EQ(65536U, c.bs_split[1].bs);
	EXPECT_EQ(30U, c.bs_split[1].pct);
	/* a new split replaces the last */
	EXPECT_EQ(0, ssdk_parse_bssplit("512/100", &c));
	EXPECT_EQ(1U, c.nr_bs);
	EXPECT_EQ(512U, c.bs_split[0].bs);
	EXPECT_EQ(100U, c.bs_split[0].pct);
	/* shares that do not add up to 100, and a share of 0: the module's to refuse */
	EXPECT_EQ(0, ssdk_parse_bssplit("4k/70:64k/20", &c));
	EXPECT_EQ(2U, c.nr_bs);
	EXPECT_EQ(20U, c.bs_split[1].pct);
	EXPECT_EQ(0, ssdk_parse_bssplit("4k/0:64k/100", &c));
	EXPECT_EQ(0U, c.bs_split[0].pct);
	/* sums of 99, 100 and 101 alike: the module refuses all but 100 */
	EXPECT_EQ(0, ssdk_parse_bssplit("4k/50:8k/49", &c));
	EXPECT_EQ(49U, c.bs_split[1].pct);
	EXPECT_EQ(0, ssdk_parse_bssplit("4k/50:8k/50", &c));
	EXPECT_EQ(50U, c.bs_split[1].pct);
	EXPECT_EQ(0, ssdk_parse_bssplit("4k/50:8k/51", &c));
	EXPECT_EQ(51U, c.bs_split[1].pct);
	/* the largest size a u32 holds, and the largest share (one past: below) */
	EXPECT_EQ(0, ssdk_parse_bssplit("4294967295/4294967295", &c));
	EXPECT_EQ(1U, c.nr_bs);
	EXPECT_EQ(UINT32_MAX, c.bs_split[0].bs);
	EXPECT_EQ(UINT32_MAX, c.bs_split[0].pct);
	/* as many entries as the configuration holds */
	for (i = 0; i < SSDK_MAX_BS_SPLIT; i++)
		strcat(many, i ? ":1k/5" : "1k/5");
	EXPECT_EQ(0, ssdk_parse_bssplit(many, &c));
	EXPECT_EQ((uint32_t)SSDK_MAX_BS_SPLIT, c.nr_bs);

	EXPECT_EQ(0, ssdk_parse_bssplit("4k/70:64k/30", &c));
	BSSPLIT_BAD("4k:64k", -EINVAL);
	BSSPLIT_BAD("4x/100", -EINVAL);
	BSSPLIT_BAD("4k/x", -EINVAL);
	BSSPLIT_BAD("4k/", -EINVAL);
	BSSPLIT_BAD("/100", -EINVAL);
	BSSPLIT_BAD("", -EINVAL);
	BSSPLIT_BAD(":", -EINVAL);
	BSSPLIT_BAD(NULL, -EINVAL);
	BSSPLIT_BAD("8g/100", -ERANGE);
	BSSPLIT_BAD("4g/100", -ERANGE);
	BSSPLIT_BAD("4294967296/100", -ERANGE);
	BSSPLIT_BAD("4k/4294967296", -ERANGE);
	strcat(many, ":1k/20");
	BSSPLIT_BAD(many, -ERANGE);
	EXPECT_EQ(2U, c.nr_bs);
	EXPECT_EQ(65536U, c.bs_split[1].bs);
}

/* ssdk_parse_shares(), which bssplit and trace make's recipes read with. */
TEST(shares)
{
	char text[SSDK_SHARES_LEN + 1], *p;
	uint64_t values[4] = { 0 };
	uint32_t pcts[4] = { 0 }, nr = 99;
	unsigned int i;

	EXPECT_EQ(0, ssdk_parse_shares("100us/50:1ms/40:0/10", SSDK_VALUE_DURATION, UINT64_MAX,
				       values, pcts, 4, &nr));
	EXPECT_EQ(3U, nr);
	EXPECT_EQ(100000ULL, values[0]);
	EXPECT_EQ(1000000ULL, values[1]);
	EXPECT_EQ(0ULL, values[2]);
	EXPECT_EQ(10U, pcts[2]);
	EXPECT_EQ(0, ssdk_parse_shares("4k/70:128k/30", SSDK_VALUE_SIZE, UINT64_MAX, values, pcts,
				       4, &nr));
	EXPECT_EQ(2U, nr);
	EXPECT_EQ(131072ULL, values[1]);
	/* the largest value taken, and one more */
	EXPECT_EQ(0, ssdk_parse_shares("4k/100", SSDK_VALUE_SIZE, 4096, values, pcts, 4, &nr));
	nr = 99;
	EXPECT_EQ(-ERANGE, ssdk_parse_shares("4097/100", SSDK_VALUE_SIZE, 4096, values, pcts, 4,
					     &nr));
	EXPECT_EQ(-ERANGE, ssdk_parse_shares("18446744073709551616/100", SSDK_VALUE_SIZE,
					     UINT64_MAX, values, pcts, 4, &nr));
	EXPECT_EQ(-ERANGE, ssdk_parse_shares("18446744074s/100", SSDK_VALUE_DURATION,
					     UINT64_MAX, values, pcts, 4, &nr));
	/* as many entries as there is room for, and one more */
	EXPECT_EQ(0, ssdk_parse_shares("1/1:2/2:3/3:4/94", SSDK_VALUE_SIZE, UINT64_MAX, values,
				       pcts, 4, &nr));
	EXPECT_EQ(4U, nr);
	nr = 99;
	EXPECT_EQ(-ERANGE, ssdk_parse_shares("1/1:2/2:3/3:4/4:5/90", SSDK_VALUE_SIZE, UINT64_MAX,
					     values, pcts, 4, &nr));
	/* a kind of value it does not know */
	EXPECT_EQ(-EINVAL, ssdk_parse_shares("4k/100", SSDK_VALUE_DURATION + 1, UINT64_MAX,
					     values, pcts, 4, &nr));
	EXPECT_EQ(-EINVAL, ssdk_parse_shares("4k/100", SSDK_VALUE_DURATION, UINT64_MAX, values,
					     pcts, 4, &nr));
	EXPECT_EQ(99U, nr);
	/* the longest text it reads (SSDK_SHARES_LEN - 1 characters), and one more */
	p = text;
	for (i = 0; i < 3; i++)
		p += sprintf(p, "1/1:");
	memset(p, '0', text + SSDK_SHARES_LEN - 1 - p);
	text[SSDK_SHARES_LEN - 3] = '/';
	text[SSDK_SHARES_LEN - 2] = '7';
	text[SSDK_SHARES_LEN - 1] = '\0';
	EXPECT_EQ(0, ssdk_parse_shares(text, SSDK_VALUE_SIZE, UINT64_MAX, values, pcts, 4, &nr))
		TH_LOG("%zu characters", strlen(text));
	EXPECT_EQ(4U, nr);
	EXPECT_EQ(0ULL, values[3]);
	EXPECT_EQ(7U, pcts[3]);
	memmove(text + 1, text, SSDK_SHARES_LEN);
	nr = 99;
	EXPECT_EQ(-EINVAL, ssdk_parse_shares(text, SSDK_VALUE_SIZE, UINT64_MAX, values, pcts, 4,
					     &nr));
	EXPECT_EQ(99U, nr);
}

TEST(formats)
{
	char b[32];

	EXPECT_STREQ("850 ns", ssdk_fmt_ns(b, sizeof(b), 850));
	EXPECT_STREQ("12.35 us", ssdk_fmt_ns(b, sizeof(b), 12345));
	EXPECT_STREQ("1.235 ms", ssdk_fmt_ns(b, sizeof(b), 1234567));
	EXPECT_STREQ("2.500 s", ssdk_fmt_ns(b, sizeof(b), 2.5e9));
	EXPECT_STREQ("512 B", ssdk_fmt_bytes(b, sizeof(b), 512));
	EXPECT_STREQ("4 KiB", ssdk_fmt_bytes(b, sizeof(b), 4096));
	EXPECT_STREQ("8 GiB", ssdk_fmt_bytes(b, sizeof(b), 8ULL << 30));
	EXPECT_STREQ("1.50 GiB", ssdk_fmt_bytes(b, sizeof(b), 3ULL << 29));
	EXPECT_STREQ("16 EiB", ssdk_fmt_bytes(b, sizeof(b), UINT64_MAX));
	EXPECT_STREQ("0", ssdk_fmt_size(b, sizeof(b), 0));
	EXPECT_STREQ("512", ssdk_fmt_size(b, sizeof(b), 512));
	EXPECT_STREQ("4k", ssdk_fmt_size(b, sizeof(b), 4096));
	EXPECT_STREQ("1m", ssdk_fmt_size(b, sizeof(b), 1 << 20));
	EXPECT_STREQ("1536k", ssdk_fmt_size(b, sizeof(b), 3 << 19));
	EXPECT_STREQ("8g", ssdk_fmt_size(b, sizeof(b), 8ULL << 30));
	EXPECT_STREQ("1024t", ssdk_fmt_size(b, sizeof(b), 1ULL << 50));
	EXPECT_STREQ("0ns", ssdk_fmt_duration(b, sizeof(b), 0));
	EXPECT_STREQ("7ns", ssdk_fmt_duration(b, sizeof(b), 7));
	EXPECT_STREQ("250us", ssdk_fmt_duration(b, sizeof(b), 250000));
	EXPECT_STREQ("10ms", ssdk_fmt_duration(b, sizeof(b), 10000000));
	EXPECT_STREQ("1500ms", ssdk_fmt_duration(b, sizeof(b), 1500000000));
	EXPECT_STREQ("1s", ssdk_fmt_duration(b, sizeof(b), 1000000000));
	EXPECT_STREQ("3m", ssdk_fmt_duration(b, sizeof(b), 180000000000ULL));
	EXPECT_STREQ("1h", ssdk_fmt_duration(b, sizeof(b), 3600000000000ULL));
	EXPECT_STREQ("5124095h", ssdk_fmt_duration(b, sizeof(b), 5124095ULL * 3600000000000ULL));
	EXPECT_STREQ("18446744073709551615ns", ssdk_fmt_duration(b, sizeof(b), UINT64_MAX));
	EXPECT_STREQ("999 ns", ssdk_fmt_ns(b, sizeof(b), 999));
	EXPECT_STREQ("1.00 us", ssdk_fmt_ns(b, sizeof(b), 1000));
	EXPECT_STREQ("1000.000 ms", ssdk_fmt_ns(b, sizeof(b), 999999999.9));
	EXPECT_STREQ("18446744073.710 s", ssdk_fmt_ns(b, sizeof(b), 18446744073709551615.0));
	EXPECT_STREQ("0s", ssdk_fmt_elapsed(b, sizeof(b), 0.4));
	EXPECT_STREQ("0s", ssdk_fmt_elapsed(b, sizeof(b), -5));
	EXPECT_STREQ("0s", ssdk_fmt_elapsed(b, sizeof(b), NAN));
	EXPECT_STREQ("59s", ssdk_fmt_elapsed(b, sizeof(b), 59.4));
	EXPECT_STREQ("1m00s", ssdk_fmt_elapsed(b, sizeof(b), 59.5));
	EXPECT_STREQ("4m05s", ssdk_fmt_elapsed(b, sizeof(b), 245));
	EXPECT_STREQ("59m59s", ssdk_fmt_elapsed(b, sizeof(b), 3599));
	EXPECT_STREQ("1h00m", ssdk_fmt_elapsed(b, sizeof(b), 3600));
	EXPECT_STREQ("1h12m", ssdk_fmt_elapsed(b, sizeof(b), 4320));
	EXPECT_STREQ("5124095576030431h00m", ssdk_fmt_elapsed(b, sizeof(b), 1e30));
}

/* Values of both kinds, and the edges of u64 and of each unit. */
static const uint64_t round_trip_values[] = {
	0, 1, 7, 511, 512, 1000, 1023, 1024, 4096, 4097, 1000000, 1048576, 1500000000,
	60000000000ULL, 3600000000000ULL, 7200000000001ULL, 1ULL << 40, 1ULL << 50,
	(1ULL << 62) + 1024, 18000000000000000000ULL, UINT64_MAX - 1023, UINT64_MAX - 1,
	UINT64_MAX,
};

/*
 * ssdk_fmt_size() and ssdk_fmt_duration() print what ssdk_parse_size() and
 * ssdk_parse_duration_ns() read back exactly, for fixed edges and random
 * values.
 */
TEST(formats_read_back)
{
	uint64_t x = 88172645463325252ULL, v, back;
	char b[32];
	unsigned int i, nr = ARRAY_SIZE(round_trip_values);

	for (i = 0; i < nr + 100000; i++) {
		if (i < nr) {
			v = round_trip_values[i];
		} else {
			x ^= x << 13;
			x ^= x >> 7;
			x ^= x << 17;
			/* all magnitudes, and multiples of each unit */
			v = x >> (x % 64);
			if (i % 3 == 1)
				v = (v >> 30) << 30;
			else if (i % 3 == 2)
				v = (v >> 20) * 1000000;
		}
		back = ~v;
		ASSERT_EQ(0, ssdk_parse_size(ssdk_fmt_size(b, sizeof(b), v), &back)) TH_LOG("%s", b);
		ASSERT_EQ(v, back) TH_LOG("size %s", b);
		/* whole units read exactly, past 2^53 ns too */
		back = ~v;
		ASSERT_EQ(0, ssdk_parse_duration_ns(ssdk_fmt_duration(b, sizeof(b), v), &back))
			TH_LOG("%s", b);
		ASSERT_EQ(v, back) TH_LOG("duration %s", b);
	}
}

TEST_HARNESS_MAIN
