// SPDX-License-Identifier: GPL-2.0
/*
 * Values on the command line and in reports. Sizes take k, m, g, t (and
 * kb/kib, ...) suffixes as powers of two, as fio's do by default;
 * durations take ns, us, ms, s, m, h, and a bare number is seconds, as
 * fio's runtime. Enum values are named as the spec names them.
 */

#include <ctype.h>
#include <stdio.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "values.h"

/* Digits only (decimal, or hex with 0x): no sign, no blanks. */
int parse_u64(const char *s, uint64_t *out)
{
	unsigned long long v;
	char *end;

	if (!s || !isdigit((unsigned char)s[0]))
		return -EINVAL;
	errno = 0;
	v = strtoull(s, &end, 0);
	if (errno == ERANGE)
		return -ERANGE;
	if (*end)
		return -EINVAL;
	*out = v;
	return 0;
}

int parse_u32(const char *s, uint32_t *out)
{
	uint64_t v;
	int err = parse_u64(s, &v);

	if (err)
		return err;
	if (v > UINT32_MAX)
		return -ERANGE;
	*out = v;
	return 0;
}

/* The multiplier of suffix @s among @units, or 0 when it is none of them. */
struct unit {
	const char *name;
	uint64_t mult;
};

static uint64_t unit_mult(const struct unit *units, size_t nr, const char *s)
{
	size_t i;

	for (i = 0; i < nr; i++)
		if (!strcasecmp(s, units[i].name))
			return units[i].mult;
	return 0;
}

static const struct unit size_units[] = {
	{ "", 1 }, { "b", 1 },
	{ "k", 1ULL << 10 }, { "kb", 1ULL << 10 }, { "kib", 1ULL << 10 },
	{ "m", 1ULL << 20 }, { "mb", 1ULL << 20 }, { "mib", 1ULL << 20 },
	{ "g", 1ULL << 30 }, { "gb", 1ULL << 30 }, { "gib", 1ULL << 30 },
	{ "t", 1ULL << 40 }, { "tb", 1ULL << 40 }, { "tib", 1ULL << 40 },
};

/* A whole number and one of @nr @units, exactly, or -ERANGE past 2^64 - 1. */
static int parse_whole(const char *s, const struct unit *units, size_t nr, uint64_t *out)
{
	unsigned long long v;
	uint64_t mult;
	char *end;

	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno == ERANGE)
		return -ERANGE;
	mult = unit_mult(units, nr, end);
	if (!mult)
		return -EINVAL;
	if (v > UINT64_MAX / mult)
		return -ERANGE;
	*out = v * mult;
	return 0;
}

int parse_size(const char *s, uint64_t *out)
{
	if (!s || !isdigit((unsigned char)s[0]))
		return -EINVAL;
	return parse_whole(s, size_units, ARRAY_SIZE(size_units), out);
}

static const struct unit time_units[] = {
	{ "", 1000000000ULL }, { "s", 1000000000ULL }, { "sec", 1000000000ULL },
	{ "ns", 1 }, { "us", 1000 }, { "ms", 1000000 },
	{ "m", 60000000000ULL }, { "min", 60000000000ULL },
	{ "h", 3600000000000ULL },
};

/* Whole units ("10", "8760h"): exact, where a double stops at 2^53 ns. */
static int parse_whole_duration(const char *s, uint64_t *out)
{
	return parse_whole(s, time_units, ARRAY_SIZE(time_units), out);
}

/*
 * A decimal number ("1.5", "10") and a unit; the result is whole ns,
 * exact for a whole number of units.
 */
int parse_duration_ns(const char *s, uint64_t *out)
{
	size_t digits;
	uint64_t mult;
	double v, ns;
	char *end;

	if (!s || !(isdigit((unsigned char)s[0]) || s[0] == '.'))
		return -EINVAL;
	digits = strspn(s, "0123456789");
	if (s[digits] != '.')
		return parse_whole_duration(s, out);
	errno = 0;
	v = strtod(s, &end);
	if (end == s)
		return -EINVAL;
	if (errno == ERANGE || !isfinite(v))
		return -ERANGE;
	/* strtod() also reads hex and exponents: allow only digits and a dot. */
	if (strspn(s, "0123456789.") != (size_t)(end - s))
		return -EINVAL;
	mult = unit_mult(time_units, ARRAY_SIZE(time_units), end);
	if (!mult)
		return -EINVAL;
	ns = v * (double)mult;
	if (ns >= 18446744073709551616.0)
		return -ERANGE;
	*out = (uint64_t)round(ns);
	return 0;
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
		if (parse_u32(tok, &lo) || (dash && parse_u32(dash + 1, &hi)))
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
 * parse_pattern() - A pattern and its argument: random, zeros, repeat:BYTE
 * or compressible:PCT.
 * @s: The value.
 * @c: Its pattern is set, and pattern-byte or compress-pct when the
 *	pattern takes one (the module checks their ranges).
 *
 * Return: 0 or -EINVAL.
 */
int parse_pattern(const char *s, struct ssdk_run_config *c)
{
	const char *colon = s ? strchr(s, ':') : NULL;
	size_t len = colon ? (size_t)(colon - s) : (s ? strlen(s) : 0);
	uint32_t arg = 0, v = 0;
	uint64_t pattern;
	char name[16];
	int err = 0;

	if (!s || len >= sizeof(name))
		return -EINVAL;
	memcpy(name, s, len);
	name[len] = '\0';
	if (ssdk_spec_value(SSDK_SPEC_ENUM_PATTERN, name, &pattern))
		return -EINVAL;
	/* The pattern's argument, an attribute of its own. */
	if (pattern == SSDK_PATTERN_REPEAT)
		arg = SSDK_A_RUN_PATTERN_BYTE;
	else if (pattern == SSDK_PATTERN_COMPRESSIBLE)
		arg = SSDK_A_RUN_COMPRESS_PCT;
	if (arg && (!colon || parse_u32(colon + 1, &v)))
		err = -EINVAL;
	else if (!arg && colon)
		err = -EINVAL;
	if (err)
		return err;
	ssdk_config_set(c, SSDK_A_RUN_PATTERN, pattern);
	ssdk_config_unset(c, SSDK_A_RUN_PATTERN_BYTE);
	ssdk_config_unset(c, SSDK_A_RUN_COMPRESS_PCT);
	if (arg)
		ssdk_config_set(c, arg, v);
	return 0;
}

/* "PCT" or "PCT%": a percentage (the module checks its range). */
static int parse_pct(const char *s, size_t len, uint32_t *out)
{
	char buf[16];

	if (len && s[len - 1] == '%')
		len--;
	if (!len || len >= sizeof(buf))
		return -EINVAL;
	memcpy(buf, s, len);
	buf[len] = '\0';
	return parse_u32(buf, out);
}

/**
 * parse_steady() - A steady-state test: TRACK[:PCT][,range:PCT][,slope:PCT].
 * @s: The value: the tracking variable (a steady-track of the spec), its
 *	range bound after a colon or as range:PCT, the slope bound as
 *	slope:PCT; a percentage may end with %: iops:20%,slope:10%.
 * @c: Its steady-track is set, and steady-range-pct and steady-slope-pct
 *	when given (the module checks their ranges and applies its defaults).
 *
 * Return: 0 or -EINVAL, @c unchanged.
 */
int parse_steady(const char *s, struct ssdk_run_config *c)
{
	uint32_t range = 0, slope = 0, *pct;
	int has_range = 0, has_slope = 0;
	const char *p, *end, *colon;
	uint64_t track;
	char name[16];
	size_t len;

	if (!s)
		return -EINVAL;
	for (p = s; ; p = end + 1) {
		end = strchr(p, ',');
		len = end ? (size_t)(end - p) : strlen(p);
		colon = memchr(p, ':', len);
		if (p == s) {	/* TRACK[:PCT] */
			size_t n = colon ? (size_t)(colon - p) : len;

			if (n >= sizeof(name))
				return -EINVAL;
			memcpy(name, p, n);
			name[n] = '\0';
			if (ssdk_spec_value(SSDK_SPEC_ENUM_STEADY_TRACK, name, &track))
				return -EINVAL;
			pct = &range;
			has_range = !!colon;
		} else if (colon && colon - p == 5 && !strncmp(p, "range", 5) && !has_range) {
			pct = &range;
			has_range = 1;
		} else if (colon && colon - p == 5 && !strncmp(p, "slope", 5) && !has_slope) {
			pct = &slope;
			has_slope = 1;
		} else {
			return -EINVAL;
		}
		if (colon && parse_pct(colon + 1, len - (colon + 1 - p), pct))
			return -EINVAL;
		if (!end)
			break;
	}
	ssdk_config_set(c, SSDK_A_RUN_STEADY_TRACK, track);
	ssdk_config_unset(c, SSDK_A_RUN_STEADY_RANGE_PCT);
	ssdk_config_unset(c, SSDK_A_RUN_STEADY_SLOPE_PCT);
	if (has_range)
		ssdk_config_set(c, SSDK_A_RUN_STEADY_RANGE_PCT, range);
	if (has_slope)
		ssdk_config_set(c, SSDK_A_RUN_STEADY_SLOPE_PCT, slope);
	return 0;
}

/**
 * parse_shares() - Values and their shares, VALUE/PCT:VALUE/PCT..., as
 * fio's bssplit: 4k/70:64k/30, or 100us/50:1ms/50.
 * @s: The text.
 * @parse: Reads a value: parse_size(), parse_duration_ns().
 * @max_value: The largest value taken.
 * @values: Set, @max of them at most.
 * @pcts: Their shares, set likewise.
 * @max: Entries @values and @pcts have room for.
 * @nr: Set to the entries read.
 *
 * The shares are the caller's to check (their sum, their number).
 *
 * Return: 0; -EINVAL for a malformed or empty list; -ERANGE for more
 * entries than @max, or a value above @max_value or too large for @parse.
 */
int parse_shares(const char *s, int (*parse)(const char *s, uint64_t *out), uint64_t max_value,
		 uint64_t *values, uint32_t *pcts, unsigned int max, unsigned int *nr)
{
	char buf[512], *entry, *slash, *save;
	unsigned int n = 0;
	uint32_t pct;
	uint64_t v;
	int err;

	if (!s || strlen(s) >= sizeof(buf))
		return -EINVAL;
	strcpy(buf, s);
	for (entry = strtok_r(buf, ":", &save); entry; entry = strtok_r(NULL, ":", &save)) {
		slash = strchr(entry, '/');
		if (!slash)
			return -EINVAL;
		*slash = '\0';
		err = parse(entry, &v);
		if (!err && v > max_value)
			err = -ERANGE;
		if (!err)
			err = parse_u32(slash + 1, &pct);
		if (!err && n == max)
			err = -ERANGE;
		if (err)
			return err;
		values[n] = v;
		pcts[n++] = pct;
	}
	if (!n)
		return -EINVAL;
	*nr = n;
	return 0;
}

/**
 * parse_bssplit() - Block sizes and shares: 4k/70:64k/30, as fio's bssplit.
 * @s: The value.
 * @c: Its bs-split entries are set (the module checks their number,
 *	sizes and shares).
 *
 * Return: 0; -EINVAL for a malformed list; -ERANGE for more entries than
 * the configuration holds or a size above 4 GiB.
 */
int parse_bssplit(const char *s, struct ssdk_run_config *c)
{
	uint64_t bs[SSDK_MAX_BS_SPLIT];
	uint32_t pct[SSDK_MAX_BS_SPLIT];
	unsigned int n, i;
	int err;

	err = parse_shares(s, parse_size, UINT32_MAX, bs, pct, SSDK_MAX_BS_SPLIT, &n);
	if (err)
		return err;
	ssdk_config_unset(c, SSDK_A_RUN_BS_SPLIT);
	for (i = 0; i < n; i++)
		ssdk_config_add_bs(c, bs[i], pct[i]);
	return 0;
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

/**
 * pattern_syntax() - What parse_pattern() reads: the spec's patterns, with
 * the argument of those that take one.
 * @buf: Where it goes.
 * @size: Room in @buf.
 *
 * Return: @buf: "random, zeros, repeat:BYTE, compressible:PCT".
 */
const char *pattern_syntax(char *buf, size_t size)
{
	const struct ssdk_spec_enum *e = ssdk_spec_enum(SSDK_SPEC_ENUM_PATTERN);
	size_t n = 0;
	uint32_t i;

	buf[0] = '\0';
	for (i = 0; i < e->nr && n < size; i++)
		n += snprintf(buf + n, size - n, "%s%s%s", i ? ", " : "", e->names[i],
			      i == SSDK_PATTERN_REPEAT ? ":BYTE" :
			      i == SSDK_PATTERN_COMPRESSIBLE ? ":PCT" : "");
	return buf;
}

/**
 * pattern_str() - A pattern as parse_pattern() reads it.
 * @buf: Where it goes.
 * @size: Room in @buf.
 * @c: The configuration.
 *
 * Return: @buf.
 */
const char *pattern_str(char *buf, size_t size, const struct ssdk_run_config *c)
{
	const char *name = enum_name(SSDK_SPEC_ENUM_PATTERN, c->pattern);

	if (c->pattern == SSDK_PATTERN_REPEAT)
		snprintf(buf, size, "%s:%u", name, c->pattern_byte);
	else if (c->pattern == SSDK_PATTERN_COMPRESSIBLE)
		snprintf(buf, size, "%s:%u", name, c->compress_pct);
	else
		snprintf(buf, size, "%s", name);
	return buf;
}

/**
 * fmt_ns() - A latency for people: 850 ns, 12.34 us, 1.234 ms, 2.500 s.
 * @buf: Where it goes.
 * @size: Room in @buf.
 * @ns: The latency.
 *
 * Return: @buf.
 */
const char *fmt_ns(char *buf, size_t size, double ns)
{
	if (ns < 1e3)
		snprintf(buf, size, "%.0f ns", ns);
	else if (ns < 1e6)
		snprintf(buf, size, "%.2f us", ns / 1e3);
	else if (ns < 1e9)
		snprintf(buf, size, "%.3f ms", ns / 1e6);
	else
		snprintf(buf, size, "%.3f s", ns / 1e9);
	return buf;
}

/**
 * fmt_bytes() - A size for people, in powers of two: 4 KiB, 1.5 GiB.
 * @buf: Where it goes.
 * @size: Room in @buf.
 * @bytes: The size.
 *
 * Return: @buf.
 */
const char *fmt_bytes(char *buf, size_t size, uint64_t bytes)
{
	static const char *const units[] = { "B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB" };
	unsigned int u = 0;
	double v = bytes;

	while (v >= 1024 && u < 6) {
		v /= 1024;
		u++;
	}
	if (v == floor(v))
		snprintf(buf, size, "%.0f %s", v, units[u]);
	else
		snprintf(buf, size, "%.2f %s", v, units[u]);
	return buf;
}

/**
 * fmt_size() - A size as parse_size() reads it, exactly: 4k, 1m, 512.
 * @buf: Where it goes.
 * @size: Room in @buf.
 * @bytes: The size.
 *
 * Return: @buf.
 */
const char *fmt_size(char *buf, size_t size, uint64_t bytes)
{
	static const char units[] = "kmgt";
	unsigned int u = 0;

	while (bytes && !(bytes % 1024) && u < sizeof(units) - 1) {
		bytes /= 1024;
		u++;
	}
	if (u)
		snprintf(buf, size, "%llu%c", (unsigned long long)bytes, units[u - 1]);
	else
		snprintf(buf, size, "%llu", (unsigned long long)bytes);
	return buf;
}

/**
 * fmt_duration() - A duration as parse_duration_ns() reads it, exactly:
 * 1s, 10ms, 3m.
 * @buf: Where it goes.
 * @size: Room in @buf.
 * @ns: The duration.
 *
 * Return: @buf.
 */
const char *fmt_duration(char *buf, size_t size, uint64_t ns)
{
	static const struct unit units[] = {
		{ "h", 3600000000000ULL }, { "m", 60000000000ULL }, { "s", 1000000000ULL },
		{ "ms", 1000000ULL }, { "us", 1000ULL },
	};
	size_t i;

	for (i = 0; ns && i < ARRAY_SIZE(units); i++) {
		if (!(ns % units[i].mult)) {
			snprintf(buf, size, "%llu%s", (unsigned long long)(ns / units[i].mult),
				 units[i].name);
			return buf;
		}
	}
	snprintf(buf, size, "%lluns", (unsigned long long)ns);
	return buf;
}

/**
 * fmt_elapsed() - A span of wall time for people, to the second: 12s,
 * 4m05s, 1h12m.
 * @buf: Where it goes.
 * @size: Room in @buf.
 * @seconds: The time.
 *
 * Return: @buf.
 */
const char *fmt_elapsed(char *buf, size_t size, double seconds)
{
	unsigned long long s = seconds > 0 ? (unsigned long long)(seconds + 0.5) : 0;

	if (s >= 3600)
		snprintf(buf, size, "%lluh%02llum", s / 3600, s / 60 % 60);
	else if (s >= 60)
		snprintf(buf, size, "%llum%02llus", s / 60, s % 60);
	else
		snprintf(buf, size, "%llus", s);
	return buf;
}
