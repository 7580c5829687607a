// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
/*
 * Host tests of the latency histogram (kmod/hist.c), in KTAP.
 *
 * The bucket math is checked exhaustively: every bucket, every value up
 * to 2^20, every power of two and its neighbours, and random values over
 * all of u64. The error bound is proven on both edges of every bucket,
 * where a bucket's error is largest. Percentiles are compared with the
 * exact order statistics of sorted arrays, merging with recording into
 * one histogram.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hist.h"
#include "ktap.h"

#define U64_MAX_VALUE	(~0ULL)

/* splitmix64: reproducible random numbers, seeded per test */
static u64 rng_state;

static void rng_seed(u64 seed)
{
	rng_state = seed;
}

static u64 rng(void)
{
	u64 z = (rng_state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* Uniform in [lo, hi]. The modulo bias is far below what matters here. */
static u64 rng_range(u64 lo, u64 hi)
{
	return lo + rng() % (hi - lo + 1);
}

/* Log-uniform-ish in [1, hi]: a uniform power of two, then uniform in it. */
static u64 rng_log(u64 hi)
{
	u64 v;

	do {
		unsigned int e = rng() % 64;

		v = (1ULL << e) + (rng() & ((1ULL << e) - 1));
	} while (v > hi);
	return v;
}

/* ---- helpers ----------------------------------------------------------- */

static u64 hist_buf[SSDK_HIST_NR_BUCKETS];
static u64 hist_buf2[SSDK_HIST_NR_BUCKETS];

/* Last bucket with the error bound, and the largest value in it. */
#define LAST_NORMAL	(SSDK_HIST_OVERFLOW_IDX - 1)

static u64 abs_diff(u64 a, u64 b)
{
	return a > b ? a - b : b - a;
}

/*
 * |rep - v| <= v / 512, in integers: no rounding in the proof. 1/512 is
 * the requirement (0.2%), not derived from SSDK_HIST_SUB_BITS, so that
 * a change of layout that breaks it fails here.
 */
static int within_bound(u64 rep, u64 v)
{
	return abs_diff(rep, v) <= v / 512;
}

/* Everything that must hold for one value. */
static void check_value(u64 v)
{
	unsigned int idx = hist_bucket_index(v);

	CHECKV(idx < SSDK_HIST_NR_BUCKETS, "v %llu idx %u", v, idx);
	CHECKV(hist_bucket_lower(idx) <= v && v <= hist_bucket_upper(idx),
	       "v %llu idx %u [%llu, %llu]", v, idx,
	       hist_bucket_lower(idx), hist_bucket_upper(idx));
	if (v < SSDK_HIST_NR_EXACT)
		CHECKV(idx == v && hist_bucket_mid(idx) == v, "v %llu idx %u", v, idx);
	else if (v <= hist_bucket_upper(LAST_NORMAL))
		CHECKV(within_bound(hist_bucket_mid(idx), v),
		       "v %llu mid %llu", v, hist_bucket_mid(idx));
	else
		CHECKV(idx == SSDK_HIST_OVERFLOW_IDX, "v %llu idx %u", v, idx);
}

static int cmp_u64(const void *a, const void *b)
{
	u64 x = *(const u64 *)a, y = *(const u64 *)b;

	return (x > y) - (x < y);
}

/*
 * Percentiles in units of 1e-4 percent, so that the exact rank
 * ceil(p / 10^6 * n) is computed in integers, apart from the double
 * arithmetic under test.
 */
static const u64 pcts[] = {
	0, 1, 1000, 10000, 50000, 100000, 250000, 333000, 500000, 666700,
	750000, 900000, 950000, 990000, 995000, 999000, 999500, 999900,
	999990, 999999, 1000000,
};

static u64 exact_rank(u64 p, u64 n)
{
	u64 rank = (p * n + 999999) / 1000000;

	return rank ? rank : 1;
}

/*
 * Record @n values, then check every percentile of pcts[] against the
 * sorted values: exactly the clamped midpoint of the order statistic's
 * bucket, and within 1/512 of it. Sorts @v.
 */
static void check_percentiles(const char *what, u64 *v, u64 n)
{
	u64 min = U64_MAX_VALUE, max = 0;
	double worst = 0;
	unsigned int i;

	memset(hist_buf, 0, sizeof(hist_buf));
	for (i = 0; i < n; i++) {
		hist_record(hist_buf, v[i]);
		min = v[i] < min ? v[i] : min;
		max = v[i] > max ? v[i] : max;
	}
	qsort(v, n, sizeof(*v), cmp_u64);
	CHECK(v[0] == min && v[n - 1] == max);

	for (i = 0; i < sizeof(pcts) / sizeof(pcts[0]); i++) {
		u64 exact = v[exact_rank(pcts[i], n) - 1];
		u64 got = hist_percentile(hist_buf, n, pcts[i] / 1e4, min, max);
		u64 want = hist_bucket_mid(hist_bucket_index(exact));

		want = want < min ? min : want;
		want = want > max ? max : want;
		if (pcts[i] == 1000000 || exact > hist_bucket_upper(LAST_NORMAL))
			want = max;
		CHECKV(got == want, "%s p%g: got %llu want %llu (exact %llu)",
		       what, pcts[i] / 1e4, got, want, exact);
		if (exact <= SSDK_HIST_MAX_NS) {
			CHECKV(within_bound(got, exact), "%s p%g: got %llu exact %llu",
			       what, pcts[i] / 1e4, got, exact);
			if (exact && (double)abs_diff(got, exact) / exact > worst)
				worst = (double)abs_diff(got, exact) / exact;
		}
	}
	diag("%s: %llu samples, worst percentile error %.4f%%", what, n,
	     worst * 100);
}

/* ---- tests ------------------------------------------------------------- */

static void test_constants(void)
{
	u64 hist[SSDK_HIST_NR_BUCKETS];

	CHECK(SSDK_HIST_SUB_BITS == 8);
	CHECK(SSDK_HIST_SUB_BUCKETS == 256);
	CHECK(SSDK_HIST_NR_EXACT == 512);
	CHECK(SSDK_HIST_MAX_NS == 3600ULL * 1000 * 1000 * 1000);
	CHECK(SSDK_HIST_NR_BUCKETS == 8869);
	CHECK(sizeof(hist) == 70952);
	CHECK(hist_bucket_index(U64_MAX_VALUE) == SSDK_HIST_NR_BUCKETS - 1);
	CHECK(hist_bucket_index(SSDK_HIST_MAX_NS) == SSDK_HIST_OVERFLOW_IDX - 1);
	diag("%u buckets, %zu bytes per histogram", SSDK_HIST_NR_BUCKETS, sizeof(hist));
}

static void test_buckets_contiguous(void)
{
	unsigned int i;

	CHECK(hist_bucket_lower(0) == 0);
	CHECK(hist_bucket_upper(SSDK_HIST_OVERFLOW_IDX) == U64_MAX_VALUE);
	for (i = 0; i < SSDK_HIST_NR_BUCKETS; i++) {
		u64 lo = hist_bucket_lower(i), hi = hist_bucket_upper(i);
		u64 mid = hist_bucket_mid(i);

		CHECKV(lo <= hi, "bucket %u [%llu, %llu]", i, lo, hi);
		CHECKV(lo <= mid && mid <= hi, "bucket %u [%llu, %llu] mid %llu",
		       i, lo, hi, mid);
		if (i)
			CHECKV(lo == hist_bucket_upper(i - 1) + 1,
			       "bucket %u lower %llu, previous upper %llu", i, lo,
			       hist_bucket_upper(i - 1));
		CHECKV(hist_bucket_index(lo) == i, "bucket %u lower %llu -> %u",
		       i, lo, hist_bucket_index(lo));
		CHECKV(hist_bucket_index(hi) == i, "bucket %u upper %llu -> %u",
		       i, hi, hist_bucket_index(hi));
	}
	/* indexes past the end read as the overflow bucket, without UB */
	CHECK(hist_bucket_lower(SSDK_HIST_NR_BUCKETS) ==
	      hist_bucket_lower(SSDK_HIST_OVERFLOW_IDX));
	CHECK(hist_bucket_lower(~0U) == hist_bucket_lower(SSDK_HIST_OVERFLOW_IDX));
	CHECK(hist_bucket_upper(~0U) == U64_MAX_VALUE);
}

static void test_bucket_widths(void)
{
	unsigned int i;

	for (i = 0; i < SSDK_HIST_OVERFLOW_IDX; i++) {
		u64 lo = hist_bucket_lower(i), hi = hist_bucket_upper(i);
		u64 width = hi - lo + 1;

		if (i < SSDK_HIST_NR_EXACT) {
			CHECKV(width == 1 && lo == i, "bucket %u [%llu, %llu]", i, lo, hi);
			continue;
		}
		/* relative width (hi - lo + 1) / lo <= 1/256 */
		CHECKV(width * 256 <= lo,
		       "bucket %u [%llu, %llu]", i, lo, hi);
		CHECKV((width & (width - 1)) == 0 && lo % width == 0,
		       "bucket %u [%llu, %llu]", i, lo, hi);
	}
}

/*
 * The proof of the bound: in a bucket [lo, hi] with midpoint m, the
 * relative error |m - v| / v falls as v goes from lo to m and rises from
 * m to hi, so it is largest at lo or at hi. Checking both edges of every
 * bucket below the overflow bucket checks every value up to 1 hour.
 */
static void test_error_bound(void)
{
	double worst = 0;
	unsigned int i, worst_idx = 0;

	for (i = 0; i < SSDK_HIST_OVERFLOW_IDX; i++) {
		u64 lo = hist_bucket_lower(i), hi = hist_bucket_upper(i);
		u64 mid = hist_bucket_mid(i);
		double err;

		CHECKV(within_bound(mid, hi), "bucket %u hi %llu mid %llu", i, hi, mid);
		if (!lo) {
			CHECK(mid == 0);
			continue;
		}
		CHECKV(within_bound(mid, lo), "bucket %u lo %llu mid %llu", i, lo, mid);
		err = (double)(mid - lo) / lo;
		if ((double)(hi - mid) / hi > err)
			err = (double)(hi - mid) / hi;
		if (err > worst) {
			worst = err;
			worst_idx = i;
		}
	}
	CHECK(worst <= 1.0 / 512);
	diag("max relative error %.5f%% (bucket %u [%llu, %llu]); bound 1/512 = %.5f%%",
	     worst * 100, worst_idx, hist_bucket_lower(worst_idx),
	     hist_bucket_upper(worst_idx), 100.0 / 512);
}

static void test_hour_and_overflow(void)
{
	u64 lo = hist_bucket_lower(LAST_NORMAL), hi = hist_bucket_upper(LAST_NORMAL);

	CHECK(lo <= SSDK_HIST_MAX_NS && SSDK_HIST_MAX_NS <= hi);
	CHECK(hist_bucket_index(SSDK_HIST_MAX_NS + 1) == LAST_NORMAL);
	CHECK(hist_bucket_index(hi) == LAST_NORMAL);
	CHECK(hist_bucket_index(hi + 1) == SSDK_HIST_OVERFLOW_IDX);
	CHECK(hist_bucket_lower(SSDK_HIST_OVERFLOW_IDX) == 420ULL << 33);
	CHECK(hist_bucket_index(1ULL << 63) == SSDK_HIST_OVERFLOW_IDX);
	CHECK(within_bound(hist_bucket_mid(LAST_NORMAL), SSDK_HIST_MAX_NS));
	diag("last bucket with the bound: %u, [%.3f s, %.3f s]; overflow from %.3f s",
	     LAST_NORMAL, lo / 1e9, hi / 1e9,
	     hist_bucket_lower(SSDK_HIST_OVERFLOW_IDX) / 1e9);
}

static void test_values_exhaustive(void)
{
	u64 v;

	for (v = 0; v <= 1ULL << 20; v++) {
		check_value(v);
		if (v)
			CHECKV(hist_bucket_index(v) - hist_bucket_index(v - 1) <= 1,
			       "v %llu idx %u after %u", v, hist_bucket_index(v),
			       hist_bucket_index(v - 1));
	}
}

static void test_values_edges(void)
{
	static const u64 fixed[] = {
		SSDK_HIST_MAX_NS - 1, SSDK_HIST_MAX_NS, SSDK_HIST_MAX_NS + 1,
		(420ULL << 33) - 1, 420ULL << 33, (420ULL << 33) + 1,
		U64_MAX_VALUE - 1, U64_MAX_VALUE, U64_MAX_VALUE >> 1,
	};
	unsigned int e, i;

	for (e = 0; e < 64; e++) {
		check_value((1ULL << e) - 1);
		check_value(1ULL << e);
		check_value((1ULL << e) + 1);
		check_value((3ULL << e) >> 1);
	}
	for (i = 0; i < sizeof(fixed) / sizeof(fixed[0]); i++)
		check_value(fixed[i]);
	rng_seed(1);
	for (i = 0; i < 2000000; i++) {
		u64 r = rng();

		check_value(r >> (r % 64));
		check_value(rng_log(SSDK_HIST_MAX_NS));
	}
}

#define NR_CPUS		8
#define NR_MERGE	1000000

static u64 cpu_hist[NR_CPUS][SSDK_HIST_NR_BUCKETS];

static void test_record_merge(void)
{
	u64 sum = 0, *one = hist_buf, *merged = hist_buf2;
	double t;
	unsigned int i;

	memset(one, 0, sizeof(hist_buf));
	memset(merged, 0, sizeof(hist_buf2));
	memset(cpu_hist, 0, sizeof(cpu_hist));
	rng_seed(2);
	for (i = 0; i < NR_MERGE; i++) {
		u64 v = i % 100 ? rng_log(SSDK_HIST_MAX_NS) : rng() >> (rng() % 64);

		hist_record(one, v);
		hist_record(cpu_hist[rng() % NR_CPUS], v);
	}
	for (i = 0; i < NR_CPUS; i++)
		hist_merge(merged, cpu_hist[i]);
	CHECK(!memcmp(one, merged, sizeof(hist_buf)));
	for (i = 0; i < SSDK_HIST_NR_BUCKETS; i++)
		sum += merged[i];
	CHECKV(sum == NR_MERGE, "sum %llu", sum);

	/* merging is addition: once more doubles every bucket */
	hist_merge(merged, one);
	for (i = 0; i < SSDK_HIST_NR_BUCKETS; i++)
		CHECKV(merged[i] == 2 * one[i], "bucket %u: %llu, %llu", i,
		       merged[i], one[i]);

	/* the hot path's cost, for the record: not a pass/fail criterion */
	t = now_ms();
	for (i = 0; i < 10 * NR_MERGE; i++)
		hist_record(one, (u64)i * 2654435761U >> (i % 32));
	t = now_ms() - t;
	diag("hist_record(): %.2f ns per call", t * 1e6 / (10 * NR_MERGE));
}

#define NR_SAMPLES	500000

static u64 samples[NR_SAMPLES];

static void test_percentile_uniform(void)
{
	unsigned int i;

	rng_seed(4);
	for (i = 0; i < NR_SAMPLES; i++)
		samples[i] = rng_range(0, 10 * 1000 * 1000);
	check_percentiles("uniform 0..10 ms", samples, NR_SAMPLES);
	for (i = 0; i < NR_SAMPLES; i++)
		samples[i] = rng_range(1, SSDK_HIST_MAX_NS);
	check_percentiles("uniform 1 ns..1 h", samples, NR_SAMPLES);
	for (i = 0; i < NR_SAMPLES; i++)
		samples[i] = rng_range(0, 1000);
	check_percentiles("uniform 0..1000 ns", samples, NR_SAMPLES);
}

static void test_percentile_log_uniform(void)
{
	unsigned int i;

	rng_seed(5);
	for (i = 0; i < NR_SAMPLES; i++)
		samples[i] = rng_log(SSDK_HIST_MAX_NS);
	check_percentiles("log-uniform 1 ns..1 h", samples, NR_SAMPLES);
}

static void test_percentile_bimodal(void)
{
	unsigned int i;

	rng_seed(6);
	/* 90% around 100 us (a cache hit), 10% around 20 ms (a miss) */
	for (i = 0; i < NR_SAMPLES; i++)
		samples[i] = rng() % 10 ? rng_range(95000, 105000) :
			     rng_range(18000000, 22000000);
	check_percentiles("bimodal 100 us / 20 ms", samples, NR_SAMPLES);
}

static void test_percentile_equal_and_single(void)
{
	static const u64 values[] = { 0, 1, 511, 512, 777, 123456789,
				      SSDK_HIST_MAX_NS, U64_MAX_VALUE };
	unsigned int i, j;

	for (i = 0; i < sizeof(values) / sizeof(values[0]); i++) {
		u64 v = values[i];
		char what[64];

		for (j = 0; j < 1000; j++)
			samples[j] = v;
		snprintf(what, sizeof(what), "1000 x %llu", v);
		check_percentiles(what, samples, 1000);
		snprintf(what, sizeof(what), "single %llu", v);
		check_percentiles(what, samples, 1);
		/* min == max pins every percentile to the value */
		for (j = 0; j < sizeof(pcts) / sizeof(pcts[0]); j++)
			CHECKV(hist_percentile(hist_buf, 1, pcts[j] / 1e4, v, v) == v,
			       "single %llu p%g", v, pcts[j] / 1e4);
	}
}

/* Some latencies past the last bucket: ranks there give the exact max. */
static void test_percentile_overflow(void)
{
	unsigned int i;

	rng_seed(7);
	for (i = 0; i < NR_SAMPLES; i++)
		samples[i] = i % 50 ? rng_range(1000, 2000000) :
			     rng_range(SSDK_HIST_MAX_NS, 10 * SSDK_HIST_MAX_NS);
	check_percentiles("2% over 1 h", samples, NR_SAMPLES);
}

/*
 * One sample in each of the first @n buckets, so that every rank has its
 * own bucket and a wrong rank shows: decimal percentiles in steps of
 * 1e-4 percent against ceil(p * n) computed in integers.
 */
static void check_ranks(u64 n, u64 step)
{
	u64 min = hist_bucket_lower(1), max = hist_bucket_lower(n);
	u64 p, i;

	memset(hist_buf, 0, sizeof(hist_buf));
	for (i = 1; i <= n; i++)
		hist_record(hist_buf, hist_bucket_lower(i));
	for (p = 0; p < 1000000; p += step) {
		u64 want = hist_bucket_mid(exact_rank(p, n));
		u64 got = hist_percentile(hist_buf, n, p / 1e4, min, max);

		want = want > max ? max : want;
		CHECKV(got == want, "n %llu p%g: got %llu want %llu (rank %llu)",
		       n, p / 1e4, got, want, exact_rank(p, n));
	}
}

static void test_percentile_rank(void)
{
	u64 p;

	check_ranks(1000, 100);	/* every 0.1% is a whole rank */
	check_ranks(1000, 7);
	check_ranks(7, 1);
	check_ranks(8000, 125);	/* every 0.0125% is a whole rank */
	check_ranks(8000, 97);
	check_ranks(SSDK_HIST_OVERFLOW_IDX - 1, 997);

	/* the definition's corners */
	memset(hist_buf, 0, sizeof(hist_buf));
	CHECK(hist_percentile(hist_buf, 0, 50, 10, 20) == 0);
	for (p = 1; p <= 1001; p++)
		hist_record(hist_buf, p);
	/* 1001 shares [1000, 1001] with 1000: p100 is the max, not a midpoint */
	CHECK(hist_percentile(hist_buf, 1001, 100, 1, 1001) == 1001);
	CHECK(hist_percentile(hist_buf, 1001, 150, 1, 1001) == 1001);
	CHECK(hist_percentile(hist_buf, 1001, 0, 1, 1001) == 1);
	CHECK(hist_percentile(hist_buf, 1001, -5, 1, 1001) == 1);
	CHECK(hist_percentile(hist_buf, 1001, 50, 1, 1001) == 501);
	CHECK(hist_percentile(hist_buf, 1001, 25.6, 1, 1001) == 257);
	CHECK(hist_value_at_rank(hist_buf, 0, 1, 1001) == 1);
	CHECK(hist_value_at_rank(hist_buf, 1002, 1, 1001) == 1001);
	/* [998, 999] is a bucket: its midpoint 998, clamped by no extreme */
	CHECK(hist_value_at_rank(hist_buf, 999, 1, 1001) == 998);
	/* the caller's extremes clamp the midpoint */
	CHECK(hist_value_at_rank(hist_buf, 1, 5, 1001) == 5);
	CHECK(hist_value_at_rank(hist_buf, 999, 1, 997) == 997);
}

static const struct test_case cases[] = {
	{ "constants", test_constants },
	{ "buckets_contiguous", test_buckets_contiguous },
	{ "bucket_widths", test_bucket_widths },
	{ "error_bound_every_bucket", test_error_bound },
	{ "hour_and_overflow", test_hour_and_overflow },
	{ "values_0_to_2e20", test_values_exhaustive },
	{ "values_edges_random", test_values_edges },
	{ "record_merge", test_record_merge },
	{ "percentile_uniform", test_percentile_uniform },
	{ "percentile_log_uniform", test_percentile_log_uniform },
	{ "percentile_bimodal", test_percentile_bimodal },
	{ "percentile_equal_single", test_percentile_equal_and_single },
	{ "percentile_overflow", test_percentile_overflow },
	{ "percentile_rank", test_percentile_rank },
};

int main(void)
{
	return ktap_main(cases, ARRAY_SIZE(cases));
}
