// SPDX-License-Identifier: GPL-2.0
/*
 * Values on the command line and in reports that are the CLI's own:
 * lists of numbers and the names of the spec's enums. Sizes, durations,
 * the options made of them and their formats are libssdk's (values.h).
 */

#include <stdio.h>
#include <string.h>

#include "values.h"

/* The numbers of @s into @out (when not NULL): how many, or -EINVAL. */
static int list_walk(const char *s, uint32_t *out, unsigned int max, int ranges)
{
	char buf[256], *tok, *save, *dash;
	unsigned int n = 0;
	uint32_t lo, hi;

	if (!s || strlen(s) >= sizeof(buf))
		return -EINVAL;
	strcpy(buf, s);
	for (tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		dash = ranges ? strchr(tok, '-') : NULL;
		if (dash)
			*dash = '\0';
		if (ssdk_parse_u32(tok, &lo) || (dash && ssdk_parse_u32(dash + 1, &hi)))
			return -EINVAL;
		if (!dash)
			hi = lo;
		if (hi < lo || (uint64_t)n + (hi - lo) >= max)
			return -EINVAL;
		for (; out && lo < hi; lo++)
			out[n++] = lo;
		if (out)
			out[n] = hi;
		n += hi - lo + 1;
	}
	return n ? (int)n : -EINVAL;
}

/**
 * parse_list() - A list of numbers: N,N,... and ranges A-B when @ranges.
 * @s: The value.
 * @out: Room for @max numbers.
 * @max: How many fit.
 * @nr: How many were read.
 * @ranges: Accept A-B.
 *
 * Return: 0; -EINVAL for a malformed or empty list, a range backwards or
 * more than @max numbers.
 */
int parse_list(const char *s, uint32_t *out, unsigned int max, unsigned int *nr, int ranges)
{
	int n = list_walk(s, NULL, max, ranges);

	if (n < 0)
		return n;
	list_walk(s, out, max, ranges);
	*nr = n;
	return 0;
}

/**
 * enum_name() - The spec's name of an enum's value.
 * @enum_id: SSDK_SPEC_ENUM_*.
 * @value: The value.
 *
 * Return: The name, or "unknown".
 */
const char *enum_name(uint32_t enum_id, uint64_t value)
{
	const char *name = ssdk_spec_name(enum_id, value);

	return name ? name : "unknown";
}

/**
 * enum_list() - An enum's names, comma-separated.
 * @buf: Where they go.
 * @size: Room in @buf.
 * @enum_id: SSDK_SPEC_ENUM_*.
 *
 * Return: @buf: "iops, bw, lat-mean".
 */
const char *enum_list(char *buf, size_t size, int enum_id)
{
	const struct ssdk_spec_enum *e = ssdk_spec_enum(enum_id);
	size_t n = 0;
	uint32_t i;

	buf[0] = '\0';
	for (i = 0; e && i < e->nr && n < size; i++)
		n += snprintf(buf + n, size - n, "%s%s", i ? ", " : "", e->names[i]);
	return buf;
}
