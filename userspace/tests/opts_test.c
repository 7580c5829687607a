// SPDX-License-Identifier: GPL-2.0
/*
 * Host tests of the CLI's value parsers (cli/opts.c), in KTAP: every
 * suffix, the edges of u64, and the malformed values each must refuse.
 */

#include <errno.h>
#include <stdint.h>
#include <string.h>

#include <linux/ssdk.h>

#include "ktap.h"
#include "opts.h"

#define SIZE_OK(s, want) do {						\
	uint64_t v_ = 0;						\
	int e_ = parse_size(s, &v_);					\
	CHECKV(!e_ && v_ == (want), "%s -> %d, %llu", s, e_, (unsigned long long)v_); \
} while (0)

#define SIZE_BAD(s, want) do {						\
	uint64_t v_ = 12345;						\
	int e_ = parse_size(s, &v_);					\
	CHECKV(e_ == (want) && v_ == 12345, "%s -> %d", s, e_);		\
} while (0)

#define TIME_OK(s, want) do {						\
	uint64_t v_ = 0;						\
	int e_ = parse_duration_ns(s, &v_);				\
	CHECKV(!e_ && v_ == (want), "%s -> %d, %llu", s, e_, (unsigned long long)v_); \
} while (0)

#define TIME_BAD(s, want) do {						\
	uint64_t v_ = 12345;						\
	int e_ = parse_duration_ns(s, &v_);				\
	CHECKV(e_ == (want) && v_ == 12345, "%s -> %d", s, e_);		\
} while (0)

static void test_sizes(void)
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
	SIZE_OK("100b", 100);
	SIZE_OK("18446744073709551615", UINT64_MAX);
	SIZE_OK("16777215t", 16777215ULL << 40);
}

static void test_sizes_bad(void)
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
	SIZE_BAD("18446744073709551616", -ERANGE);
	SIZE_BAD("16777216t", -ERANGE);
	CHECK(parse_size(NULL, &(uint64_t){ 0 }) == -EINVAL);
}

static void test_durations(void)
{
	TIME_OK("0", 0);
	TIME_OK("10", 10000000000ULL);
	TIME_OK("10s", 10000000000ULL);
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
}

static void test_durations_bad(void)
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
	TIME_BAD("6000000h", -ERANGE);
	CHECK(parse_duration_ns(NULL, &(uint64_t){ 0 }) == -EINVAL);
}

static void test_numbers(void)
{
	uint64_t v = 0;
	uint32_t w = 0;

	CHECK(!parse_u64("0", &v) && v == 0);
	CHECK(!parse_u64("42", &v) && v == 42);
	CHECK(!parse_u64("0x2a", &v) && v == 42);
	CHECK(!parse_u64("18446744073709551615", &v) && v == UINT64_MAX);
	CHECK(parse_u64("18446744073709551616", &v) == -ERANGE);
	CHECK(parse_u64("-1", &v) == -EINVAL);
	CHECK(parse_u64("1k", &v) == -EINVAL);
	CHECK(parse_u64("", &v) == -EINVAL);
	CHECK(!parse_u32("4294967295", &w) && w == UINT32_MAX);
	CHECK(parse_u32("4294967296", &w) == -ERANGE && w == UINT32_MAX);
	CHECK(!parse_u32("100000", &w) && w == 100000);
}

static void test_names(void)
{
	static const char *const rws[] = {
		"read", "write", "randread", "randwrite", "randrw", "readwrite",
	};
	static const char *const arrivals[] = { "paced", "uniform", "poisson" };
	struct ssdk_run_config c;
	uint32_t rw = 99, i;

	for (i = 0; i < 6; i++) {
		CHECK(!parse_rw(rws[i], &rw) && rw == i);
		CHECK(!strcmp(rw_name(i), rws[i]));
	}
	for (i = 0; i < 3; i++) {
		CHECK(!parse_arrivals(arrivals[i], &rw) && rw == i);
		CHECK(!strcmp(arrivals_name(i), arrivals[i]));
	}
	CHECK(parse_arrivals("closed", &rw) == -EINVAL && rw == 2);
	memset(&c, 0, sizeof(c));
	c.rwmixread = 50;
	c.rw = SSDK_RW_WRITE;
	CHECK(config_writes(&c));
	c.rw = SSDK_RW_RANDREAD;
	CHECK(!config_writes(&c) && !rw_mixed(c.rw) && !rw_sequential(c.rw));
	c.rw = SSDK_RW_RANDRW;
	CHECK(config_writes(&c) && rw_mixed(c.rw));
	c.rwmixread = 100;
	CHECK(!config_writes(&c));
	c.rw = SSDK_RW_READWRITE;
	CHECK(rw_sequential(c.rw) && rw_mixed(c.rw));
	CHECK(parse_rw("rw", &rw) == -EINVAL);
	CHECK(parse_rw("Read", &rw) == -EINVAL);
	CHECK(parse_rw(NULL, &rw) == -EINVAL);
	CHECK(!strcmp(rw_name(6), "unknown"));
	CHECK(!strcmp(state_name(SSDK_STATE_RUNNING), "running"));
	CHECK(!strcmp(state_name(SSDK_STATE_STOPPING), "stopping"));
	CHECK(!strcmp(state_name(SSDK_STATE_DONE), "done"));
	CHECK(!strcmp(state_name(SSDK_STATE_STOPPED), "stopped"));
	CHECK(!strcmp(state_name(SSDK_STATE_FAILED), "failed"));
	CHECK(!strcmp(state_name(5), "unknown"));
	CHECK(!strcmp(op_name(SSDK_OP_READ), "read"));
	CHECK(!strcmp(op_name(SSDK_OP_WRITE), "write"));
}

static void test_patterns(void)
{
	struct ssdk_run_config c;
	char buf[32];

	memset(&c, 0, sizeof(c));
	CHECK(!parse_pattern("zeros", &c) && c.pattern == SSDK_PATTERN_ZEROS);
	CHECK(!strcmp(pattern_str(buf, sizeof(buf), &c), "zeros"));
	CHECK(!parse_pattern("repeat:165", &c) && c.pattern == SSDK_PATTERN_REPEAT &&
	      c.pattern_byte == 165);
	CHECK(!strcmp(pattern_str(buf, sizeof(buf), &c), "repeat:165"));
	CHECK(!parse_pattern("repeat:0xff", &c) && c.pattern_byte == 255);
	CHECK(!parse_pattern("compressible:50", &c) && c.pattern == SSDK_PATTERN_COMPRESSIBLE &&
	      c.compress_pct == 50 && c.pattern_byte == 0);
	CHECK(!strcmp(pattern_str(buf, sizeof(buf), &c), "compressible:50"));
	CHECK(!parse_pattern("random", &c) && c.pattern == SSDK_PATTERN_RANDOM &&
	      c.compress_pct == 0);
	CHECK(parse_pattern("repeat", &c) == -EINVAL);
	CHECK(parse_pattern("repeat:256", &c) == -ERANGE);
	CHECK(parse_pattern("compressible:100", &c) == -ERANGE);
	CHECK(parse_pattern("compressible:", &c) == -EINVAL);
	CHECK(parse_pattern("zeros:1", &c) == -EINVAL);
	CHECK(parse_pattern("ones", &c) == -EINVAL);
	CHECK(parse_pattern("a-very-long-pattern-name:1", &c) == -EINVAL);
	CHECK(parse_pattern(NULL, &c) == -EINVAL && c.pattern == SSDK_PATTERN_RANDOM);
}

static void test_bssplit(void)
{
	struct ssdk_run_config c;

	memset(&c, 0, sizeof(c));
	CHECK(!parse_bssplit("4k/70:64k/30", &c) && c.nr_bs == 2);
	CHECK(c.bs_split[0].bs == 4096 && c.bs_split[0].pct == 70);
	CHECK(c.bs_split[1].bs == 65536 && c.bs_split[1].pct == 30);
	CHECK(!parse_bssplit("512/100", &c) && c.nr_bs == 1 && c.bs_split[0].bs == 512);
	CHECK(parse_bssplit("4k/70:64k/20", &c) == -EINVAL && c.nr_bs == 1);
	CHECK(parse_bssplit("4k/70:64k/40", &c) == -EINVAL);
	CHECK(parse_bssplit("4k/0:64k/100", &c) == -EINVAL);
	CHECK(parse_bssplit("4k:64k", &c) == -EINVAL);
	CHECK(parse_bssplit("4x/100", &c) == -EINVAL);
	CHECK(parse_bssplit("8g/100", &c) == -ERANGE);
	CHECK(parse_bssplit("", &c) == -EINVAL);
	CHECK(parse_bssplit("1k/5:1k/5:1k/5:1k/5:1k/5:1k/5:1k/5:1k/5:1k/5:1k/5:1k/5:1k/5:"
			    "1k/5:1k/5:1k/5:1k/5:1k/20", &c) == -ERANGE);
	CHECK(c.nr_bs == 1);
}

static const struct test_case cases[] = {
	TEST(test_sizes),
	TEST(test_sizes_bad),
	TEST(test_durations),
	TEST(test_durations_bad),
	TEST(test_numbers),
	TEST(test_names),
	TEST(test_patterns),
	TEST(test_bssplit),
};

int main(void)
{
	return ktap_main(cases, ARRAY_SIZE(cases));
}
