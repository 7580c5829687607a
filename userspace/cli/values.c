// SPDX-License-Identifier: GPL-2.0
/*
 * Values on the command line. Sizes take k, m, g, t (and kb/kib, ...)
 * suffixes as powers of two, as fio's do by default; durations take ns,
 * us, ms, s, m, h, and a bare number is seconds, as fio's runtime.
 */

#include <ctype.h>
#include <stdio.h>
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
	[SSDK_RW_RANDRW] = "randrw",
	[SSDK_RW_READWRITE] = "readwrite",
};

static const char *const arrivals_names[] = {
	[SSDK_ARRIVALS_PACED] = "paced",
	[SSDK_ARRIVALS_UNIFORM] = "uniform",
	[SSDK_ARRIVALS_POISSON] = "poisson",
};

static const char *const pattern_names[] = {
	[SSDK_PATTERN_RANDOM] = "random",
	[SSDK_PATTERN_ZEROS] = "zeros",
	[SSDK_PATTERN_REPEAT] = "repeat",
	[SSDK_PATTERN_COMPRESSIBLE] = "compressible",
};

static const char *const engine_names[] = {
	[SSDK_ENGINE_BIO] = "bio",
	[SSDK_ENGINE_KFILE] = "kfile",
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

static int parse_name(const char *const *names, uint32_t nr, const char *s, uint32_t *out)
{
	uint32_t i;

	for (i = 0; i < nr; i++)
		if (s && !strcmp(s, names[i])) {
			*out = i;
			return 0;
		}
	return -EINVAL;
}

int parse_rw(const char *s, uint32_t *out)
{
	return parse_name(rw_names, ARRAY_SIZE(rw_names), s, out);
}

int parse_arrivals(const char *s, uint32_t *out)
{
	return parse_name(arrivals_names, ARRAY_SIZE(arrivals_names), s, out);
}

int parse_engine(const char *s, uint32_t *out)
{
	return parse_name(engine_names, ARRAY_SIZE(engine_names), s, out);
}

/* A number in [0, max] after a colon. */
static int parse_pattern_arg(const char *s, uint32_t max, uint32_t *out)
{
	uint32_t v;
	int err;

	if (!s)
		return -EINVAL;
	err = parse_u32(s, &v);
	if (err)
		return err;
	if (v > max)
		return -ERANGE;
	*out = v;
	return 0;
}

/**
 * parse_pattern() - random, zeros, repeat:BYTE or compressible:PCT.
 * @s: The value.
 * @c: Its pattern, pattern_byte and compress_pct are set.
 *
 * Return: 0, -EINVAL or -ERANGE (a byte above 255, a percentage above 99).
 */
int parse_pattern(const char *s, struct ssdk_run_config *c)
{
	const char *colon = s ? strchr(s, ':') : NULL;
	size_t len = colon ? (size_t)(colon - s) : (s ? strlen(s) : 0);
	uint32_t pattern, v = 0;
	char name[16];
	int err = 0;

	if (!s || len >= sizeof(name))
		return -EINVAL;
	memcpy(name, s, len);
	name[len] = '\0';
	if (parse_name(pattern_names, ARRAY_SIZE(pattern_names), name, &pattern))
		return -EINVAL;
	if (pattern == SSDK_PATTERN_REPEAT)
		err = parse_pattern_arg(colon ? colon + 1 : NULL, 255, &v);
	else if (pattern == SSDK_PATTERN_COMPRESSIBLE)
		err = parse_pattern_arg(colon ? colon + 1 : NULL, 99, &v);
	else if (colon)
		err = -EINVAL;
	if (err)
		return err;
	c->pattern = pattern;
	c->pattern_byte = pattern == SSDK_PATTERN_REPEAT ? v : 0;
	c->compress_pct = pattern == SSDK_PATTERN_COMPRESSIBLE ? v : 0;
	return 0;
}

/**
 * parse_bssplit() - Block sizes and shares: 4k/70:64k/30, as fio's bssplit.
 * @s: The value.
 * @c: Its nr_bs and bs_split are set.
 *
 * Return: 0; -EINVAL for a malformed list, a share of 0 or shares that do
 * not add up to 100; -ERANGE for more than SSDK_LIB_MAX_BS_SPLIT entries
 * or a size above 4 GiB.
 */
int parse_bssplit(const char *s, struct ssdk_run_config *c)
{
	struct ssdk_bs_share shares[SSDK_LIB_MAX_BS_SPLIT];
	uint32_t nr = 0, total = 0;
	char buf[512], *entry, *slash, *save;
	uint64_t bs;
	int err;

	if (!s || strlen(s) >= sizeof(buf))
		return -EINVAL;
	strcpy(buf, s);
	for (entry = strtok_r(buf, ":", &save); entry; entry = strtok_r(NULL, ":", &save)) {
		slash = strchr(entry, '/');
		if (!slash)
			return -EINVAL;
		*slash = '\0';
		if (nr == SSDK_LIB_MAX_BS_SPLIT)
			return -ERANGE;
		err = parse_size(entry, &bs);
		if (!err && bs > UINT32_MAX)
			err = -ERANGE;
		if (!err)
			err = parse_u32(slash + 1, &shares[nr].pct);
		if (err)
			return err;
		if (!shares[nr].pct || shares[nr].pct > 100)
			return -EINVAL;
		shares[nr].bs = bs;
		total += shares[nr++].pct;
	}
	if (!nr || total != 100)
		return -EINVAL;
	memcpy(c->bs_split, shares, nr * sizeof(shares[0]));
	c->nr_bs = nr;
	return 0;
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
	const char *name = c->pattern < ARRAY_SIZE(pattern_names) ?
			   pattern_names[c->pattern] : "unknown";

	if (c->pattern == SSDK_PATTERN_REPEAT)
		snprintf(buf, size, "%s:%u", name, c->pattern_byte);
	else if (c->pattern == SSDK_PATTERN_COMPRESSIBLE)
		snprintf(buf, size, "%s:%u", name, c->compress_pct);
	else
		snprintf(buf, size, "%s", name);
	return buf;
}

const char *arrivals_name(uint32_t arrivals)
{
	return arrivals < ARRAY_SIZE(arrivals_names) ? arrivals_names[arrivals] : "unknown";
}

/* The userspace engines of ssdk compare report themselves from 100 on. */
static const char *const uengine_names[] = { "uring", "libaio", "psync" };

const char *engine_name(uint32_t engine)
{
	if (engine >= UENGINE_BASE && engine - UENGINE_BASE < ARRAY_SIZE(uengine_names))
		return uengine_names[engine - UENGINE_BASE];
	return engine < ARRAY_SIZE(engine_names) ? engine_names[engine] : "unknown";
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

int rw_mixed(uint32_t rw)
{
	return rw == SSDK_RW_RANDRW || rw == SSDK_RW_READWRITE;
}

int rw_sequential(uint32_t rw)
{
	return rw == SSDK_RW_READ || rw == SSDK_RW_WRITE || rw == SSDK_RW_READWRITE;
}

int config_writes(const struct ssdk_run_config *c)
{
	return c->rw == SSDK_RW_WRITE || c->rw == SSDK_RW_RANDWRITE ||
	       (rw_mixed(c->rw) && c->rwmixread < 100);
}

int config_open_loop(const struct ssdk_run_config *c)
{
	return c->rate_iops && c->arrivals != SSDK_ARRIVALS_PACED;
}
