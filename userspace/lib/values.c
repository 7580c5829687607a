// SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause
/*
 * Values as people write them (libssdk.h's ssdk_parse_*() and
 * ssdk_fmt_*()): the one reader of sizes, durations, value shares,
 * bssplit, pattern and steady, for the CLI and the Python package alike,
 * and the one writer of sizes and times. Sizes take k, m, g, t (and
 * kb/kib, ...) suffixes as powers of two, as fio's do by default;
 * durations take ns, us, ms, s, m, h, and a bare number is seconds, as
 * fio's runtime. Enum values are named as the spec names them.
 */

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "internal.h"

/* Digits only (decimal, or hex with 0x): no sign, no blanks. */
SSDK_EXPORT int ssdk_parse_u64(const char *s, uint64_t *out)
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

SSDK_EXPORT int ssdk_parse_u32(const char *s, uint32_t *out)
{
	uint64_t v;
	int err = ssdk_parse_u64(s, &v);

	if (err)
		return err;
	if (v > UINT32_MAX)
		return -ERANGE;
	*out = v;
	return 0;
}

/* A suffix and what it multiplies by. */
struct unit {
	const char *name;
	uint64_t mult;
};

/* The multiplier of suffix @s among @units, or 0 when it is none of them. */
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

SSDK_EXPORT int ssdk_parse_size(const char *s, uint64_t *out)
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

/*
 * A decimal number ("1.5", "10") and a unit; the result is whole ns,
 * exact for a whole number of units ("10", "8760h"), where a double
 * stops at 2^53 ns.
 */
SSDK_EXPORT int ssdk_parse_duration_ns(const char *s, uint64_t *out)
{
	size_t digits;
	uint64_t mult;
	double v, ns;
	char *end;

	if (!s || !(isdigit((unsigned char)s[0]) || s[0] == '.'))
		return -EINVAL;
	digits = strspn(s, "0123456789");
	if (s[digits] != '.')
		return parse_whole(s, time_units, ARRAY_SIZE(time_units), out);
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

SSDK_EXPORT int ssdk_parse_pattern(const char *s, struct ssdk_run_config *c)
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
	if (arg && (!colon || ssdk_parse_u32(colon + 1, &v)))
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

SSDK_EXPORT const char *ssdk_pattern_syntax(char *buf, size_t size)
{
	const struct ssdk_spec_enum *e = ssdk_spec_enum(SSDK_SPEC_ENUM_PATTERN);
	size_t n = 0;
	uint32_t i;

	if (!size)
		return buf;
	buf[0] = '\0';
	for (i = 0; i < e->nr && n < size; i++)
		n += snprintf(buf + n, size - n, "%s%s%s", i ? ", " : "", e->names[i],
			      i == SSDK_PATTERN_REPEAT ? ":BYTE" :
			      i == SSDK_PATTERN_COMPRESSIBLE ? ":PCT" : "");
	return buf;
}

SSDK_EXPORT const char *ssdk_pattern_str(char *buf, size_t size,
					 const struct ssdk_run_config *c)
{
	const char *name = ssdk_spec_name(SSDK_SPEC_ENUM_PATTERN, c->pattern);

	if (!name)
		name = "unknown";
	if (c->pattern == SSDK_PATTERN_REPEAT)
		snprintf(buf, size, "%s:%u", name, c->pattern_byte);
	else if (c->pattern == SSDK_PATTERN_COMPRESSIBLE)
		snprintf(buf, size, "%s:%u", name, c->compress_pct);
	else
		snprintf(buf, size, "%s", name);
	return buf;
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
	return ssdk_parse_u32(buf, out);
}

SSDK_EXPORT int ssdk_parse_steady(const char *s, struct ssdk_run_config *c)
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

SSDK_EXPORT int ssdk_parse_shares(const char *s, uint32_t kind, uint64_t max_value,
				  uint64_t *values, uint32_t *pcts, uint32_t max, uint32_t *nr)
{
	char buf[SSDK_SHARES_LEN], *entry, *slash, *save;
	uint32_t n = 0, pct;
	size_t len;
	uint64_t v;
	int err;

	if (!s || kind > SSDK_VALUE_DURATION)
		return -EINVAL;
	len = strlen(s);
	if (len >= sizeof(buf))
		return -EINVAL;
	memcpy(buf, s, len + 1);
	for (entry = strtok_r(buf, ":", &save); entry; entry = strtok_r(NULL, ":", &save)) {
		slash = strchr(entry, '/');
		if (!slash)
			return -EINVAL;
		*slash = '\0';
		if (kind == SSDK_VALUE_DURATION)
			err = ssdk_parse_duration_ns(entry, &v);
		else
			err = ssdk_parse_size(entry, &v);
		if (!err && v > max_value)
			err = -ERANGE;
		if (!err)
			err = ssdk_parse_u32(slash + 1, &pct);
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

SSDK_EXPORT int ssdk_parse_bssplit(const char *s, struct ssdk_run_config *c)
{
	uint64_t bs[SSDK_MAX_BS_SPLIT];
	uint32_t pct[SSDK_MAX_BS_SPLIT];
	uint32_t n, i;
	int err;

	err = ssdk_parse_shares(s, SSDK_VALUE_SIZE, UINT32_MAX, bs, pct, SSDK_MAX_BS_SPLIT, &n);
	if (err)
		return err;
	ssdk_config_unset(c, SSDK_A_RUN_BS_SPLIT);
	for (i = 0; i < n; i++)
		ssdk_config_add_bs(c, bs[i], pct[i]);
	return 0;
}

SSDK_EXPORT const char *ssdk_fmt_ns(char *buf, size_t size, double ns)
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

SSDK_EXPORT const char *ssdk_fmt_bytes(char *buf, size_t size, uint64_t bytes)
{
	static const char *const units[] = { "B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB" };
	unsigned int u = 0;
	double v = bytes;

	while (v >= 1024 && u < ARRAY_SIZE(units) - 1) {
		v /= 1024;
		u++;
	}
	if (v == floor(v))
		snprintf(buf, size, "%.0f %s", v, units[u]);
	else
		snprintf(buf, size, "%.2f %s", v, units[u]);
	return buf;
}

SSDK_EXPORT const char *ssdk_fmt_size(char *buf, size_t size, uint64_t bytes)
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

SSDK_EXPORT const char *ssdk_fmt_duration(char *buf, size_t size, uint64_t ns)
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

SSDK_EXPORT const char *ssdk_fmt_elapsed(char *buf, size_t size, double seconds)
{
	unsigned long long s = 0;

	if (seconds >= 18446744073709551615.0)
		s = UINT64_MAX;
	else if (seconds > 0)
		s = seconds + 0.5;

	if (s >= 3600)
		snprintf(buf, size, "%lluh%02llum", s / 3600, s / 60 % 60);
	else if (s >= 60)
		snprintf(buf, size, "%llum%02llus", s / 60, s % 60);
	else
		snprintf(buf, size, "%llus", s);
	return buf;
}
