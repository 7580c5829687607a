// SPDX-License-Identifier: GPL-2.0
/*
 * Values on the command line. Sizes take k, m, g, t (and kb/kib, ...)
 * suffixes as powers of two, as fio's do by default; durations take ns,
 * us, ms, s, m, h, and a bare number is seconds, as fio's runtime.
 */

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <linux/ssdk.h>

#include "opts.h"

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

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

int parse_size(const char *s, uint64_t *out)
{
	unsigned long long v;
	uint64_t mult;
	char *end;

	if (!s || !isdigit((unsigned char)s[0]))
		return -EINVAL;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno == ERANGE)
		return -ERANGE;
	mult = unit_mult(size_units, ARRAY_SIZE(size_units), end);
	if (!mult)
		return -EINVAL;
	if (v > UINT64_MAX / mult)
		return -ERANGE;
	*out = v * mult;
	return 0;
}

static const struct unit time_units[] = {
	{ "", 1000000000ULL }, { "s", 1000000000ULL }, { "sec", 1000000000ULL },
	{ "ns", 1 }, { "us", 1000 }, { "ms", 1000000 },
	{ "m", 60000000000ULL }, { "min", 60000000000ULL },
	{ "h", 3600000000000ULL },
};

/* A decimal number ("1.5", "10") and a unit; the result is whole ns. */
int parse_duration_ns(const char *s, uint64_t *out)
{
	uint64_t mult;
	double v, ns;
	char *end;

	if (!s || !(isdigit((unsigned char)s[0]) || s[0] == '.'))
		return -EINVAL;
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
	*out = (uint64_t)(ns + 0.5);
	return 0;
}

static const char *const rw_names[] = {
	[SSDK_RW_READ] = "read",
	[SSDK_RW_WRITE] = "write",
	[SSDK_RW_RANDREAD] = "randread",
	[SSDK_RW_RANDWRITE] = "randwrite",
};

static const char *const state_names[] = {
	[SSDK_STATE_RUNNING] = "running",
	[SSDK_STATE_STOPPING] = "stopping",
	[SSDK_STATE_DONE] = "done",
	[SSDK_STATE_STOPPED] = "stopped",
	[SSDK_STATE_FAILED] = "failed",
};

static const char *const op_names[] = {
	[SSDK_OP_READ] = "read",
	[SSDK_OP_WRITE] = "write",
};

int parse_rw(const char *s, uint32_t *out)
{
	uint32_t i;

	for (i = 0; i < ARRAY_SIZE(rw_names); i++)
		if (s && !strcmp(s, rw_names[i])) {
			*out = i;
			return 0;
		}
	return -EINVAL;
}

const char *rw_name(uint32_t rw)
{
	return rw < ARRAY_SIZE(rw_names) ? rw_names[rw] : "unknown";
}

const char *state_name(uint32_t state)
{
	return state < ARRAY_SIZE(state_names) ? state_names[state] : "unknown";
}

const char *op_name(unsigned int op)
{
	return op < ARRAY_SIZE(op_names) ? op_names[op] : "unknown";
}

int rw_writes(uint32_t rw)
{
	return rw == SSDK_RW_WRITE || rw == SSDK_RW_RANDWRITE;
}
