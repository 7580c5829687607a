// SPDX-License-Identifier: GPL-2.0
/*
 * Host tests of the JSON writer (cli/model/json.c), on the kselftest harness:
 * exact output for nesting, commas, inline containers, escaping and
 * numbers, doubles of every range included.
 */

#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "kselftest_harness.h"

/* Run @fn on a writer into memory; the output, to free. */
static char *render(void (*fn)(struct json *j), int *finish)
{
	char *buf = NULL;
	size_t len = 0;
	struct json j;
	FILE *f = open_memstream(&buf, &len);

	json_init(&j, f);
	fn(&j);
	*finish = json_finish(&j);
	fclose(f);
	return buf;
}

/* What @fn writes, exactly, and what json_finish() says of it. */
#define EXPECT_JSON(fn, want, want_finish) do {				\
	int fin_;							\
	char *out_ = render(fn, &fin_);					\
	EXPECT_STREQ(want, out_);					\
	EXPECT_EQ(want_finish, fin_);					\
	free(out_);							\
} while (0)

static void nested(struct json *j)
{
	json_object_begin(j, NULL);
	json_u64(j, "id", 3);
	json_str(j, "state", "done");
	json_object_begin(j, "lat");
	json_u64(j, "min", 1);
	json_object_end(j);
	json_array_begin(j, "caps", JSON_INLINE);
	json_str(j, NULL, "a");
	json_str(j, NULL, "b");
	json_array_end(j);
	json_array_begin(j, "rows", 0);
	json_array_begin(j, NULL, JSON_INLINE);
	json_u64(j, NULL, 1);
	json_u64(j, NULL, 2);
	json_array_end(j);
	json_array_begin(j, NULL, JSON_INLINE);
	json_u64(j, NULL, 3);
	json_array_end(j);
	json_array_end(j);
	json_object_begin(j, "empty");
	json_object_end(j);
	json_array_begin(j, "none", 0);
	json_array_end(j);
	json_object_end(j);
}

TEST(nesting)
{
	EXPECT_JSON(nested,
	       "{\n"
	       "  \"id\": 3,\n"
	       "  \"state\": \"done\",\n"
	       "  \"lat\": {\n"
	       "    \"min\": 1\n"
	       "  },\n"
	       "  \"caps\": [\"a\", \"b\"],\n"
	       "  \"rows\": [\n"
	       "    [1, 2],\n"
	       "    [3]\n"
	       "  ],\n"
	       "  \"empty\": {},\n"
	       "  \"none\": []\n"
	       "}\n", 0);
}

static void escapes(struct json *j)
{
	json_array_begin(j, NULL, JSON_INLINE);
	json_str(j, NULL, "q\"b\\n\n\t\r\x01\x1f\x7f/é");
	json_array_end(j);
}

TEST(escaping)
{
	EXPECT_JSON(escapes, "[\"q\\\"b\\\\n\\n\\t\\r\\u0001\\u001f\\u007f/é\"]\n", 0);
}

static void write_numbers(struct json *j)
{
	json_array_begin(j, NULL, JSON_INLINE);
	json_u64(j, NULL, UINT64_MAX);
	json_i64(j, NULL, -5);
	json_double(j, NULL, 2.0);
	json_double(j, NULL, 0.1);
	json_double(j, NULL, 12345.678);
	json_double(j, NULL, 1e300);
	json_double(j, NULL, NAN);
	json_double(j, NULL, INFINITY);
	json_boolean(j, NULL, 1);
	json_boolean(j, NULL, 0);
	json_null(j, NULL);
	json_array_end(j);
}

TEST(numbers)
{
	EXPECT_JSON(write_numbers, "[18446744073709551615, -5, 2, 0.1, 12345.678, 1e+300, null, null, "
	       "true, false, null]\n", 0);
}

static void unbalanced(struct json *j)
{
	json_object_begin(j, NULL);
}

static void overclosed(struct json *j)
{
	json_array_end(j);
}

static void scalar(struct json *j)
{
	json_u64(j, NULL, 7);
}

TEST(misuse)
{
	EXPECT_JSON(unbalanced, "{\n", -EINVAL);
	EXPECT_JSON(overclosed, "\n", -EINVAL);
	EXPECT_JSON(scalar, "7\n", 0);
}

static void many(struct json *j)
{
	unsigned int i;

	json_array_begin(j, NULL, JSON_INLINE);
	for (i = 0; i < 300; i++)
		json_u64(j, NULL, i % 10);
	json_array_end(j);
}

/* Commas do not wrap around after 256 members. */
TEST(many_members)
{
	char *out;
	int fin;
	unsigned int commas = 0;
	const char *p;

	out = render(many, &fin);
	for (p = out; *p; p++)
		commas += *p == ',';
	EXPECT_EQ(299U, commas);
	EXPECT_EQ(0, fin);
	free(out);
}

static void too_deep(struct json *j)
{
	unsigned int i;

	for (i = 0; i < JSON_MAX_DEPTH + 2; i++)
		json_array_begin(j, NULL, JSON_INLINE);
	for (i = 0; i < JSON_MAX_DEPTH + 2; i++)
		json_array_end(j);
}

/* Nesting past JSON_MAX_DEPTH is refused, not written past its array. */
TEST(depth_limit)
{
	char *out;
	int fin;

	out = render(too_deep, &fin);
	EXPECT_EQ(-EINVAL, fin);
	free(out);
}

/* One double through json_double(), alone in an inline array. */
static char *render_double(double v)
{
	char *buf = NULL;
	size_t len = 0;
	struct json j;
	FILE *f = open_memstream(&buf, &len);

	json_init(&j, f);
	json_array_begin(&j, NULL, JSON_INLINE);
	json_double(&j, NULL, v);
	json_array_end(&j);
	json_finish(&j);
	fclose(f);
	return buf;
}

#define EXPECT_DOUBLE(v, want) do {					\
	char *out_ = render_double(v);					\
	EXPECT_STREQ("[" want "]\n", out_) TH_LOG("%s = %.17g", #v, (double)(v)); \
	free(out_);							\
} while (0)

/*
 * Doubles at and past int64_t's range: printed as numbers (the cast to
 * long long of a double >= 2^63 was undefined); those that JSON cannot
 * hold as null.
 */
TEST(doubles_large)
{
	EXPECT_DOUBLE(1e300, "1e+300");
	EXPECT_DOUBLE(-1e300, "-1e+300");
	EXPECT_DOUBLE(9223372036854775808.0, "9.223372036854776e+18");		/* 2^63 */
	EXPECT_DOUBLE(-9223372036854775808.0, "-9.223372036854776e+18");	/* -2^63 */
	EXPECT_DOUBLE(18446744073709551616.0, "1.8446744073709552e+19");	/* 2^64 */
	EXPECT_DOUBLE(DBL_MAX, "1.7976931348623157e+308");
	EXPECT_DOUBLE(999999999999999.0, "999999999999999");
	EXPECT_DOUBLE(-999999999999999.0, "-999999999999999");
	EXPECT_DOUBLE(1e15, "1e+15");
	EXPECT_DOUBLE(9007199254740993.0, "9007199254740992");			/* 2^53 + 1 */
	EXPECT_DOUBLE(0.0, "0");
	EXPECT_DOUBLE(-0.0, "0");
	EXPECT_DOUBLE(NAN, "null");
	EXPECT_DOUBLE(-NAN, "null");
	EXPECT_DOUBLE(INFINITY, "null");
	EXPECT_DOUBLE(-INFINITY, "null");
}

/* Significant digits of a number as %g prints it: "-0.0012e-5" has 2. */
static int sig_digits(const char *s)
{
	int n = 0;

	s += *s == '-';
	while (*s == '0' || *s == '.')
		s++;
	for (; *s && *s != 'e'; s++)
		n += *s != '.';
	return n;
}

/*
 * Any finite double, from random bits: it reads back exactly, and with
 * one significant digit fewer than printed it would not (the fewest
 * digits, from 15 on).
 */
TEST(doubles_read_back)
{
	uint64_t x = 0x9e3779b97f4a7c15ULL, bits;
	unsigned int i, checked = 0;
	double v, back;
	char fewer[320];		/* what -Wformat-truncation sees: %g of any precision */
	char *out;
	int digits;

	for (i = 0; i < 200000; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		bits = x;
		memcpy(&v, &bits, sizeof(v));
		if (!isfinite(v))
			continue;
		out = render_double(v);
		ASSERT_EQ(1, sscanf(out, "[%lf]", &back)) TH_LOG("%s", out);
		ASSERT_TRUE(back == v) TH_LOG("%.17g printed %s", v, out);
		if (fabs(v) >= 1e15 || v != trunc(v)) {
			out[strlen(out) - 2] = '\0';	/* the "]\n" */
			digits = sig_digits(out + 1);
			if (digits > 15) {
				snprintf(fewer, sizeof(fewer), "%.*g", digits - 1, v);
				ASSERT_FALSE(strtod(fewer, NULL) == v)
					TH_LOG("%.17g printed %s]; %s reads back too", v, out, fewer);
			}
		}
		free(out);
		checked++;
	}
	TH_LOG("%u doubles", checked);
}

TEST_HARNESS_MAIN
