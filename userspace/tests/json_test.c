// SPDX-License-Identifier: GPL-2.0
/*
 * Host tests of the JSON writer (cli/json.c), in KTAP: exact output for
 * nesting, commas, inline containers, escaping and numbers.
 */

#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "ktap.h"

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

#define EXPECT(fn, want, want_finish) do {				\
	int fin_;							\
	char *out_ = render(fn, &fin_);					\
	CHECKV(!strcmp(out_, want) && fin_ == (want_finish),		\
	       "got [%s] finish %d", out_, fin_);			\
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

static void test_nesting(void)
{
	EXPECT(nested,
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

static void test_escaping(void)
{
	EXPECT(escapes, "[\"q\\\"b\\\\n\\n\\t\\r\\u0001\\u001f\\u007f/é\"]\n", 0);
}

static void numbers(struct json *j)
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
	json_bool(j, NULL, 1);
	json_bool(j, NULL, 0);
	json_null(j, NULL);
	json_array_end(j);
}

static void test_numbers(void)
{
	EXPECT(numbers, "[18446744073709551615, -5, 2, 0.1, 12345.678, 1e+300, null, null, "
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

static void test_misuse(void)
{
	EXPECT(unbalanced, "{\n", -EINVAL);
	EXPECT(overclosed, "\n", -EINVAL);
	EXPECT(scalar, "7\n", 0);
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
static void test_many_members(void)
{
	char *out;
	int fin;
	unsigned int commas = 0;
	const char *p;

	out = render(many, &fin);
	for (p = out; *p; p++)
		commas += *p == ',';
	CHECKV(commas == 299 && fin == 0, "%u commas", commas);
	free(out);
}

static const struct test_case cases[] = {
	TEST(test_many_members),
	TEST(test_nesting),
	TEST(test_escaping),
	TEST(test_numbers),
	TEST(test_misuse),
};

int main(void)
{
	return ktap_main(cases, ARRAY_SIZE(cases));
}
