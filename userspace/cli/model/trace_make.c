// SPDX-License-Identifier: GPL-2.0
/*
 * A synthetic trace from a described mix. Each IO draws its size, its op,
 * whether it follows the one before, and the gap before it, from the
 * recipe's shares with common/'s generator; a random IO goes anywhere in
 * the span, aligned to its size; a sequential one starts where the one
 * before ended (or at the span's start, when that would pass its end).
 * The first IO arrives at 1 us: fio gives no delay to a line after one
 * stamped 0.
 */

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "libssdk.h"
#include "prng.h"
#include "trace_make.h"
#include "values.h"

/**
 * trace_shares_parse() - Values and their shares: 4k/70:128k/30, or for
 * gaps 100us/50:1ms/40:0/10 (ssdk_parse_shares()).
 * @s: The text.
 * @gaps: Values are durations (else sizes).
 * @out: TRACE_MAKE_SHARES entries at most.
 * @nr: Set to the entries read.
 *
 * Return: 0; -EINVAL malformed; -ERANGE too many entries or too large a
 * value.
 */
int trace_shares_parse(const char *s, int gaps, struct trace_share *out, uint32_t *nr)
{
	uint64_t values[TRACE_MAKE_SHARES];
	uint32_t pcts[TRACE_MAKE_SHARES];
	uint32_t n, i;
	int err;

	err = ssdk_parse_shares(s, gaps ? SSDK_VALUE_DURATION : SSDK_VALUE_SIZE, UINT64_MAX, values,
				pcts, TRACE_MAKE_SHARES, &n);
	if (err)
		return err;
	for (i = 0; i < n; i++)
		out[i] = (struct trace_share){ values[i], pcts[i] };
	*nr = n;
	return 0;
}

static int shares_total(const struct trace_share *s, uint32_t n)
{
	uint64_t sum = 0;
	uint32_t i;

	for (i = 0; i < n; i++)
		sum += s[i].pct;
	return sum == 100;
}

/**
 * trace_recipe_check() - Whether a recipe makes a trace.
 * @r: The recipe.
 * @why: Where what is wrong is said.
 * @len: Room in @why.
 *
 * Return: 0, or -EINVAL with @why set.
 */
int trace_recipe_check(const struct trace_recipe *r, char *why, size_t len)
{
	uint32_t i;

	if (!r->ios)
		return snprintf(why, len, "ios: at least 1"), -EINVAL;
	if (!shares_total(r->sizes, r->nr_sizes))
		return snprintf(why, len, "bs-split: the shares add up to 100"), -EINVAL;
	if (!shares_total(r->gaps, r->nr_gaps))
		return snprintf(why, len, "gaps: the shares add up to 100"), -EINVAL;
	if (r->read_pct > 100 || r->seq_pct > 100)
		return snprintf(why, len, "%s: a percentage, 0 to 100",
				r->read_pct > 100 ? "rwmixread" : "seq-pct"), -EINVAL;
	for (i = 0; i < r->nr_sizes; i++) {
		/* What the module issues: a trace made here is for replaying. */
		if (r->sizes[i].value < SSDK_MIN_BS || r->sizes[i].value > SSDK_MAX_BS ||
		    r->sizes[i].value % SSDK_MIN_BS)
			return snprintf(why, len, "bs: sizes of %u bytes' multiples, %u to %u",
					SSDK_MIN_BS, SSDK_MIN_BS, SSDK_MAX_BS), -EINVAL;
		if (r->sizes[i].value > r->span)
			return snprintf(why, len, "span: smaller than a size of bs-split"), -EINVAL;
	}
	for (i = 0; i < r->nr_gaps; i++)
		if (r->gaps[i].value % 1000)
			return snprintf(why, len, "gaps: whole microseconds (the iolog's unit)"),
			       -EINVAL;
	if (r->offset % 512 || r->offset + r->span < r->offset)
		return snprintf(why, len, "offset: a multiple of 512, the span inside 64 bits"),
		       -EINVAL;
	if (!r->name[0] || strlen(r->name) > 256 || strpbrk(r->name, " \t\r\n"))
		return snprintf(why, len, "name: 1 to 256 characters, no blank"), -EINVAL;
	return 0;
}

/* An entry of @s, drawn by its share. */
static uint32_t draw(struct ssdk_prng *p, const struct trace_share *s, uint32_t n)
{
	uint32_t r = ssdk_prng_next(p) % 100, i, sum = 0;

	for (i = 0; i < n - 1; i++) {
		sum += s[i].pct;
		if (r < sum)
			break;
	}
	return i;
}

/**
 * trace_make() - Write a recipe's trace.
 * @r: The recipe, checked (trace_recipe_check()).
 * @f: Where the log goes.
 * @m: What it holds, counted as it is made; @m->path is the caller's.
 *
 * Return: 0, or -EIO when @f failed.
 */
int trace_make(const struct trace_recipe *r, FILE *f, struct trace_made *m)
{
	uint64_t t = 1000, i, off, len, prev_end = UINT64_MAX, slots;
	struct ssdk_prng p;
	uint32_t k, g;
	int op;

	const char *path = m->path;

	memset(m, 0, sizeof(*m));
	m->path = path;
	m->recipe = r;
	ssdk_prng_seed(&p, r->seed);
	fprintf(f, "fio version 3 iolog\n0 %s add\n0 %s open\n", r->name, r->name);
	for (i = 0; i < r->ios; i++) {
		if (i) {
			g = draw(&p, r->gaps, r->nr_gaps);
			m->gap_ios[g]++;
			t += r->gaps[g].value;
		}
		k = draw(&p, r->sizes, r->nr_sizes);
		len = r->sizes[k].value;
		op = ssdk_prng_next(&p) % 100 < r->read_pct ? SSDK_OP_READ : SSDK_OP_WRITE;
		if (ssdk_prng_next(&p) % 100 < r->seq_pct && prev_end != UINT64_MAX) {
			off = prev_end + len <= r->offset + r->span ? prev_end : r->offset;
		} else {
			slots = (r->span - len) / len + 1;
			off = r->offset + ssdk_prng_next(&p) % slots * len;
		}
		m->sequential += off == prev_end;
		m->size_ios[k]++;
		m->op_ios[op]++;
		m->op_bytes[op] += len;
		prev_end = off + len;
		fprintf(f, "%llu %s %s %llu %llu\n", (unsigned long long)(t / 1000), r->name,
			op == SSDK_OP_READ ? "read" : "write", (unsigned long long)off,
			(unsigned long long)len);
	}
	m->duration_ns = t - 1000;
	fprintf(f, "%llu %s close\n", (unsigned long long)(t / 1000), r->name);
	return ferror(f) ? -EIO : 0;
}
