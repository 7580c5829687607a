// SPDX-License-Identifier: GPL-2.0
/*
 * The JSON writer of json.h. Output is indented by two spaces per level;
 * inline containers (histogram rows, short lists) stay on one line.
 * Doubles are printed with the fewest digits that read back exactly;
 * non-finite ones, which JSON has no form for, as null.
 */

#include <errno.h>
#include <math.h>
#include <stdlib.h>

#include "json.h"

void json_init(struct json *j, FILE *f)
{
	j->f = f;
	j->depth = 0;
	j->bad = 0;
	j->inline_from = 0;
	j->members[0] = 0;
}

static int json_inline(const struct json *j)
{
	return j->inline_from && j->depth >= j->inline_from;
}

static void json_string(FILE *f, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	fputc('"', f);
	for (; *p; p++) {
		switch (*p) {
		case '"':
			fputs("\\\"", f);
			break;
		case '\\':
			fputs("\\\\", f);
			break;
		case '\n':
			fputs("\\n", f);
			break;
		case '\r':
			fputs("\\r", f);
			break;
		case '\t':
			fputs("\\t", f);
			break;
		default:
			if (*p < 0x20 || *p == 0x7f)
				fprintf(f, "\\u%04x", *p);
			else
				fputc(*p, f);
		}
	}
	fputc('"', f);
}

/* Separator, indentation and key of a new member. */
static void json_member(struct json *j, const char *key)
{
	if (j->depth && j->members[j->depth]++)
		fputc(',', j->f);
	if (j->depth) {
		if (json_inline(j))
			fputs(j->members[j->depth] > 1 ? " " : "", j->f);
		else
			fprintf(j->f, "\n%*s", 2 * j->depth, "");
	}
	if (key) {
		json_string(j->f, key);
		fputs(": ", j->f);
	}
}

static void json_open(struct json *j, const char *key, char c, int flags)
{
	json_member(j, key);
	fputc(c, j->f);
	if (j->depth + 1 >= JSON_MAX_DEPTH) {
		j->bad = 1;
		return;
	}
	j->depth++;
	j->members[j->depth] = 0;
	if ((flags & JSON_INLINE) && !j->inline_from)
		j->inline_from = j->depth;
}

static void json_close(struct json *j, char c)
{
	int was_inline = json_inline(j);

	if (!j->depth) {
		j->bad = 1;
		return;
	}
	if (j->members[j->depth] && !was_inline)
		fprintf(j->f, "\n%*s", 2 * (j->depth - 1), "");
	fputc(c, j->f);
	if (j->inline_from == j->depth)
		j->inline_from = 0;
	j->depth--;
}

void json_object_begin(struct json *j, const char *key)
{
	json_open(j, key, '{', 0);
}

void json_object_begin_inline(struct json *j, const char *key)
{
	json_open(j, key, '{', JSON_INLINE);
}

void json_object_end(struct json *j)
{
	json_close(j, '}');
}

void json_array_begin(struct json *j, const char *key, int flags)
{
	json_open(j, key, '[', flags);
}

void json_array_end(struct json *j)
{
	json_close(j, ']');
}

void json_str(struct json *j, const char *key, const char *value)
{
	json_member(j, key);
	json_string(j->f, value);
}

void json_u64(struct json *j, const char *key, uint64_t value)
{
	json_member(j, key);
	fprintf(j->f, "%llu", (unsigned long long)value);
}

void json_i64(struct json *j, const char *key, int64_t value)
{
	json_member(j, key);
	fprintf(j->f, "%lld", (long long)value);
}

/* The fewest significant digits (15 to 17) that read back as @value. */
static void json_shortest(FILE *f, double value)
{
	char buf[32];
	int digits;

	for (digits = 15; digits < 17; digits++) {
		snprintf(buf, sizeof(buf), "%.*g", digits, value);
		if (strtod(buf, NULL) == value)
			break;
	}
	fprintf(f, "%.*g", digits, value);
}

void json_double(struct json *j, const char *key, double value)
{
	json_member(j, key);
	/* The range first: a cast of a double past int64_t's is undefined. */
	if (!isfinite(value))
		fputs("null", j->f);
	else if (fabs(value) < 1e15 && value == trunc(value))
		fprintf(j->f, "%lld", (long long)value);
	else
		json_shortest(j->f, value);
}

void json_boolean(struct json *j, const char *key, int value)
{
	json_member(j, key);
	fputs(value ? "true" : "false", j->f);
}

void json_null(struct json *j, const char *key)
{
	json_member(j, key);
	fputs("null", j->f);
}

/* End the document with a newline; -EINVAL on unbalanced nesting. */
int json_finish(struct json *j)
{
	fputc('\n', j->f);
	if (j->bad || j->depth)
		return -EINVAL;
	return ferror(j->f) ? -EIO : 0;
}
