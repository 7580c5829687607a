// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
/*
 * Host tests of the latency histogram (common/hist.c), on the kselftest
 * harness.
 *
 * The bucket math is checked exhaustively: every bucket, every value up
 * to 2^20, every power of two and its neighbours, and random values over
 * all of u64. The error bound is proven on both edges of every bucket,
 * where a bucket's error is largest. Percentiles are compared with the
 * exact order statistics of sorted arrays, merging with recording into
 * one histogram.
 *
 * Checks over millions of values ASSERT: the first value that breaks a
 * rule ends the test, with its numbers.
 */

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "hist.h"
#include "kselftest_harness.h"

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

static double now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
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
static void check_value(struct __test_metadata *_metadata, u64 v)
{
	unsigned int idx = hist_bucket_index(v);

	ASSERT_LT(idx, SSDK_HIST_NR_BUCKETS) TH_LOG("v %" PRIu64, v);
	ASSERT_TRUE(hist_bucket_lower(idx) <= v && v <= hist_bucket_upper(idx))
		TH_LOG("v %" PRIu64 " idx %u [%" PRIu64 ", %" PRIu64 "]", v, idx,
		       hist_bucket_lower(idx), hist_bucket_upper(idx));
	if (v < SSDK_HIST_NR_EXACT) {
		ASSERT_EQ(v, idx);
		ASSERT_EQ(v, hist_bucket_mid(idx));
	} else if (v <= hist_bucket_upper(LAST_NORMAL)) {
		ASSERT_TRUE(within_bound(hist_bucket_mid(idx), v))
			TH_LOG("v %" PRIu64 " mid %" PRIu64, v, hist_bucket_mid(idx));
	} else {
		ASSERT_EQ(SSDK_HIST_OVERFLOW_IDX, idx) TH_LOG("v %" PRIu64, v);
	}
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
static void check_percentiles(struct __test_metadata *_metadata, const char *what, u64 *v,
			      u64 n)
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
	EXPECT_EQ(min, v[0]);
	EXPECT_EQ(max, v[n - 1]);

	for (i = 0; i < ARRAY_SIZE(pcts); i++) {
		u64 exact = v[exact_rank(pcts[i], n) - 1];
		u64 got = hist_percentile(hist_buf, n, pcts[i] / 1e4, min, max);
		u64 want = hist_bucket_mid(hist_bucket_index(exact));

		want = want < min ? min : want;
		want = want > max ? max : want;
		if (pcts[i] == 1000000 || exact > hist_bucket_upper(LAST_NORMAL))
			want = max;
		EXPECT_EQ(want, got)
			TH_LOG("%s p%g (exact %" PRIu64 ")", what, pcts[i] / 1e4, exact);
		if (exact <= SSDK_HIST_MAX_NS) {
			EXPECT_TRUE(within_bound(got, exact))
				TH_LOG("%s p%g: got %" PRIu64 " exact %" PRIu64, what,
				       pcts[i] / 1e4, got, exact);
			if (exact && (double)abs_diff(got, exact) / exact > worst)
				worst = (double)abs_diff(got, exact) / exact;
		}
	}
	TH_LOG("%s: %" PRIu64 " samples, worst percentile error %.4f%%", what, n, worst * 100);
}

/* ---- tests ------------------------------------------------------------- */

TEST(constants)
{
	u64 hist[SSDK_HIST_NR_BUCKETS];

	EXPECT_EQ(8, SSDK_HIST_SUB_BITS);
	EXPECT_EQ(256UL, SSDK_HIST_SUB_BUCKETS);
	EXPECT_EQ(512U, SSDK_HIST_NR_EXACT);
	EXPECT_EQ(3600ULL * 1000 * 1000 * 1000, SSDK_HIST_MAX_NS);
	EXPECT_EQ(8869U, SSDK_HIST_NR_BUCKETS);
	EXPECT_EQ(70952UL, sizeof(hist));
	EXPECT_EQ(SSDK_HIST_NR_BUCKETS - 1, hist_bucket_index(U64_MAX_VALUE));
	EXPECT_EQ(SSDK_HIST_OVERFLOW_IDX - 1, hist_bucket_index(SSDK_HIST_MAX_NS));
	TH_LOG("%u buckets, %zu bytes per histogram", SSDK_HIST_NR_BUCKETS, sizeof(hist));
}

TEST(buckets_contiguous)
{
	unsigned int i;

	EXPECT_EQ(0ULL, hist_bucket_lower(0));
	EXPECT_EQ(U64_MAX_VALUE, hist_bucket_upper(SSDK_HIST_OVERFLOW_IDX));
	for (i = 0; i < SSDK_HIST_NR_BUCKETS; i++) {
		u64 lo = hist_bucket_lower(i), hi = hist_bucket_upper(i);
		u64 mid = hist_bucket_mid(i);

		ASSERT_LE(lo, hi) TH_LOG("bucket %u", i);
		ASSERT_TRUE(lo <= mid && mid <= hi)
			TH_LOG("bucket %u [%" PRIu64 ", %" PRIu64 "] mid %" PRIu64, i, lo, hi, mid);
		if (i) {
			ASSERT_EQ(hist_bucket_upper(i - 1) + 1, lo) TH_LOG("bucket %u", i);
		}
		ASSERT_EQ(i, hist_bucket_index(lo)) TH_LOG("lower %" PRIu64, lo);
		ASSERT_EQ(i, hist_bucket_index(hi)) TH_LOG("upper %" PRIu64, hi);
	}
	/* indexes past the end read as the overflow bucket, without UB */
	EXPECT_EQ(hist_bucket_lower(SSDK_HIST_OVERFLOW_IDX), hist_bucket_lower(SSDK_HIST_NR_BUCKETS));
	EXPECT_EQ(hist_bucket_lower(SSDK_HIST_OVERFLOW_IDX), hist_bucket_lower(~0U));
	EXPECT_EQ(U64_MAX_VALUE, hist_bucket_upper(~0U));
}

TEST(bucket_widths)
{
	unsigned int i;

	for (i = 0; i < SSDK_HIST_OVERFLOW_IDX; i++) {
		u64 lo = hist_bucket_lower(i), hi = hist_bucket_upper(i);
		u64 width = hi - lo + 1;

		if (i < SSDK_HIST_NR_EXACT) {
			ASSERT_EQ(1ULL, width) TH_LOG("bucket %u", i);
			ASSERT_EQ((u64)i, lo);
			continue;
		}
		/* relative width (hi - lo + 1) / lo <= 1/256 */
		ASSERT_LE(width * 256, lo)
			TH_LOG("bucket %u [%" PRIu64 ", %" PRIu64 "]", i, lo, hi);
		ASSERT_TRUE((width & (width - 1)) == 0 && lo % width == 0)
			TH_LOG("bucket %u [%" PRIu64 ", %" PRIu64 "]", i, lo, hi);
	}
}

/*
 * The proof of the bound: in a bucket [lo, hi] with midpoint m, the
 * relative error |m - v| / v falls as v goes from lo to m and rises from
 * m to hi, so it is largest at lo or at hi. Checking both edges of every
 * bucket below the overflow bucket checks every value up to 1 hour.
 */
TEST(error_bound_every_bucket)
{
	double worst = 0;
	unsigned int i, worst_idx = 0;

	for (i = 0; i < SSDK_HIST_OVERFLOW_IDX; i++) {
		u64 lo = hist_bucket_lower(i), hi = hist_bucket_upper(i);
		u64 mid = hist_bucket_mid(i);
		double err;

		ASSERT_TRUE(within_bound(mid, hi))
			TH_LOG("bucket %u hi %" PRIu64 " mid %" PRIu64, i, hi, mid);
		if (!lo) {
			ASSERT_EQ(0ULL, mid);
			continue;
		}
		ASSERT_TRUE(within_bound(mid, lo))
			TH_LOG("bucket %u lo %" PRIu64 " mid %" PRIu64, i, lo, mid);
		err = (double)(mid - lo) / lo;
		if ((double)(hi - mid) / hi > err)
			err = (double)(hi - mid) / hi;
		if (err > worst) {
			worst = err;
			worst_idx = i;
		}
	}
	EXPECT_TRUE(worst <= 1.0 / 512) TH_LOG("worst %g", worst);
	TH_LOG("max relative error %.5f%% (bucket %u [%" PRIu64 ", %" PRIu64
	       "]); bound 1/512 = %.5f%%", worst * 100, worst_idx,
	       hist_bucket_lower(worst_idx), hist_bucket_upper(worst_idx), 100.0 / 512);
}

TEST(hour_and_overflow)
{
	u64 lo = hist_bucket_lower(LAST_NORMAL), hi = hist_bucket_upper(LAST_NORMAL);

	EXPECT_LE(lo, SSDK_HIST_MAX_NS);
	EXPECT_LE(SSDK_HIST_MAX_NS, hi);
	EXPECT_EQ(LAST_NORMAL, hist_bucket_index(SSDK_HIST_MAX_NS + 1));
	EXPECT_EQ(LAST_NORMAL, hist_bucket_index(hi));
	EXPECT_EQ(SSDK_HIST_OVERFLOW_IDX, hist_bucket_index(hi + 1));
	EXPECT_EQ(420ULL << 33, hist_bucket_lower(SSDK_HIST_OVERFLOW_IDX));
	EXPECT_EQ(SSDK_HIST_OVERFLOW_IDX, hist_bucket_index(1ULL << 63));
	EXPECT_TRUE(within_bound(hist_bucket_mid(LAST_NORMAL), SSDK_HIST_MAX_NS));
	TH_LOG("last bucket with the bound: %u, [%.3f s, %.3f s]; overflow from %.3f s",
	       LAST_NORMAL, lo / 1e9, hi / 1e9, hist_bucket_lower(SSDK_HIST_OVERFLOW_IDX) / 1e9);
}

TEST(values_0_to_2e20)
{
	u64 v;

	for (v = 0; v <= 1ULL << 20; v++) {
		check_value(_metadata, v);
		if (v) {
			ASSERT_LE(hist_bucket_index(v) - hist_bucket_index(v - 1), 1U)
				TH_LOG("v %" PRIu64 " idx %u after %u", v, hist_bucket_index(v),
				       hist_bucket_index(v - 1));
		}
	}
}

TEST(values_edges_random)
{
	static const u64 fixed[] = {
		SSDK_HIST_MAX_NS - 1, SSDK_HIST_MAX_NS, SSDK_HIST_MAX_NS + 1,
		(420ULL << 33) - 1, 420ULL << 33, (420ULL << 33) + 1,
		U64_MAX_VALUE - 1, U64_MAX_VALUE, U64_MAX_VALUE >> 1,
	};
	unsigned int e, i;

	for (e = 0; e < 64; e++) {
		check_value(_metadata, (1ULL << e) - 1);
		check_value(_metadata, 1ULL << e);
		check_value(_metadata, (1ULL << e) + 1);
		check_value(_metadata, (3ULL << e) >> 1);
	}
	for (i = 0; i < ARRAY_SIZE(fixed); i++)
		check_value(_metadata, fixed[i]);
	rng_seed(1);
	for (i = 0; i < 2000000; i++) {
		u64 r = rng();

		check_value(_metadata, r >> (r % 64));
		check_value(_metadata, rng_log(SSDK_HIST_MAX_NS));
	}
}

#define NR_CPUS		8
#define NR_MERGE	1000000

static u64 cpu_hist[NR_CPUS][SSDK_HIST_NR_BUCKETS];

TEST(record_merge)
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
	EXPECT_EQ(0, memcmp(one, merged, sizeof(hist_buf)));
	for (i = 0; i < SSDK_HIST_NR_BUCKETS; i++)
		sum += merged[i];
	EXPECT_EQ((u64)NR_MERGE, sum);

	/* merging is addition: once more doubles every bucket */
	hist_merge(merged, one);
	for (i = 0; i < SSDK_HIST_NR_BUCKETS; i++) {
		ASSERT_EQ(2 * one[i], merged[i]) TH_LOG("bucket %u", i);
	}

	/* the hot path's cost, for the record: not a pass/fail criterion */
	t = now_ms();
	for (i = 0; i < 10 * NR_MERGE; i++)
		hist_record(one, (u64)i * 2654435761U >> (i % 32));
	t = now_ms() - t;
	TH_LOG("hist_record(): %.2f ns per call", t * 1e6 / (10 * NR_MERGE));
}

#define NR_SAMPLES	500000

static u64 samples[NR_SAMPLES];

TEST(percentile_uniform)
{
	unsigned int i;

	rng_seed(4);
	for (i = 0; i < NR_SAMPLES; i++)
		samples[i] = rng_range(0, 10 * 1000 * 1000);
	check_percentiles(_metadata, "uniform 0..10 ms", samples, NR_SAMPLES);
	for (i = 0; i < NR_SAMPLES; i++)
		samples[i] = rng_range(1, SSDK_HIST_MAX_NS);
	check_percentiles(_metadata, "uniform 1 ns..1 h", samples, NR_SAMPLES);
	for (i = 0; i < NR_SAMPLES; i++)
		samples[i] = rng_range(0, 1000);
	check_percentiles(_metadata, "uniform 0..1000 ns", samples, NR_SAMPLES);
}

TEST(percentile_log_uniform)
{
	unsigned int i;

	rng_seed(5);
	for (i = 0; i < NR_SAMPLES; i++)
		samples[i] = rng_log(SSDK_HIST_MAX_NS);
	check_percentiles(_metadata, "log-uniform 1 ns..1 h", samples, NR_SAMPLES);
}

TEST(percentile_bimodal)
{
	unsigned int i;

	rng_seed(6);
	/* 90% around 100 us (a cache hit), 10% around 20 ms (a miss) */
	for (i = 0; i < NR_SAMPLES; i++)
		samples[i] = rng() % 10 ? rng_range(95000, 105000) :
			     rng_range(18000000, 22000000);
	check_percentiles(_metadata, "bimodal 100 us / 20 ms", samples, NR_SAMPLES);
}

TEST(percentile_equal_single)
{
	static const u64 values[] = { 0, 1, 511, 512, 777, 123456789,
				      SSDK_HIST_MAX_NS, U64_MAX_VALUE };
	unsigned int i, j;

	for (i = 0; i < ARRAY_SIZE(values); i++) {
		u64 v = values[i];
		char what[64];

		for (j = 0; j < 1000; j++)
			samples[j] = v;
		snprintf(what, sizeof(what), "1000 x %" PRIu64, v);
		check_percentiles(_metadata, what, samples, 1000);
		snprintf(what, sizeof(what), "single %" PRIu64, v);
		check_percentiles(_metadata, what, samples, 1);
		/* min == max pins every percentile to the value */
		for (j = 0; j < ARRAY_SIZE(pcts); j++) {
			EXPECT_EQ(v, hist_percentile(hist_buf, 1, pcts[j] / 1e4, v, v))
				TH_LOG("single %" PRIu64 " p%g", v, pcts[j] / 1e4);
		}
	}
}

/* Some latencies past the last bucket: ranks there give the exact max. */
TEST(percentile_overflow)
{
	unsigned int i;

	rng_seed(7);
	for (i = 0; i < NR_SAMPLES; i++)
		samples[i] = i % 50 ? rng_range(1000, 2000000) :
			     rng_range(SSDK_HIST_MAX_NS, 10 * SSDK_HIST_MAX_NS);
	check_percentiles(_metadata, "2% over 1 h", samples, NR_SAMPLES);
}

/*
 * One sample in each of the first @n buckets, so that every rank has its
 * own bucket and a wrong rank shows: decimal percentiles in steps of
 * 1e-4 percent against ceil(p * n) computed in integers.
 */
static void check_ranks(struct __test_metadata *_metadata, u64 n, u64 step)
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
		ASSERT_EQ(want, got) TH_LOG("n %" PRIu64 " p%g (rank %" PRIu64 ")", n, p / 1e4,
					    exact_rank(p, n));
	}
}

TEST(percentile_rank)
{
	u64 p;

	check_ranks(_metadata, 1000, 100);	/* every 0.1% is a whole rank */
	check_ranks(_metadata, 1000, 7);
	check_ranks(_metadata, 7, 1);
	check_ranks(_metadata, 8000, 125);	/* every 0.0125% is a whole rank */
	check_ranks(_metadata, 8000, 97);
	check_ranks(_metadata, SSDK_HIST_OVERFLOW_IDX - 1, 997);

	/* the definition's corners */
	memset(hist_buf, 0, sizeof(hist_buf));
	EXPECT_EQ(0ULL, hist_percentile(hist_buf, 0, 50, 10, 20));
	for (p = 1; p <= 1001; p++)
		hist_record(hist_buf, p);
	/* 1001 shares [1000, 1001] with 1000: p100 is the max, not a midpoint */
	EXPECT_EQ(1001ULL, hist_percentile(hist_buf, 1001, 100, 1, 1001));
	EXPECT_EQ(1001ULL, hist_percentile(hist_buf, 1001, 150, 1, 1001));
	EXPECT_EQ(1ULL, hist_percentile(hist_buf, 1001, 0, 1, 1001));
	EXPECT_EQ(1ULL, hist_percentile(hist_buf, 1001, -5, 1, 1001));
	EXPECT_EQ(501ULL, hist_percentile(hist_buf, 1001, 50, 1, 1001));
	EXPECT_EQ(257ULL, hist_percentile(hist_buf, 1001, 25.6, 1, 1001));
	EXPECT_EQ(1ULL, hist_value_at_rank(hist_buf, 0, 1, 1001));
	EXPECT_EQ(1001ULL, hist_value_at_rank(hist_buf, 1002, 1, 1001));
	/* [998, 999] is a bucket: its midpoint 998, clamped by no extreme */
	EXPECT_EQ(998ULL, hist_value_at_rank(hist_buf, 999, 1, 1001));
	/* the caller's extremes clamp the midpoint */
	EXPECT_EQ(5ULL, hist_value_at_rank(hist_buf, 1, 5, 1001));
	EXPECT_EQ(997ULL, hist_value_at_rank(hist_buf, 999, 1, 997));
}

/*
 * A run's time series (kmod/timeseries.c): intervals of random lengths
 * and spreads recorded into one histogram, each interval's p99 taken as
 * the difference from a copy, against the exact order statistic of the
 * interval's own latencies; the copy equals the histogram after each.
 */
TEST(advance_intervals)
{
	static u64 base[SSDK_HIST_NR_BUCKETS];
	u32 heat[SSDK_HEAT_BUCKETS], heat_want[SSDK_HEAT_BUCKETS];
	unsigned int k, i, n;
	u64 lo, hi, min, max, rank, want, got;

	rng_seed(11);
	memset(hist_buf, 0, sizeof(hist_buf));
	memset(base, 0, sizeof(base));
	for (k = 0; k < 400; k++) {
		n = k % 50 ? rng_range(1, 20000) : 0;	/* an empty interval too */
		lo = rng_log(1000000);
		hi = lo + rng_log(k % 7 ? 100000 : 10 * SSDK_HIST_MAX_NS);
		min = U64_MAX_VALUE;
		max = 0;
		memset(heat, 0, sizeof(heat));
		memset(heat_want, 0, sizeof(heat_want));
		for (i = 0; i < n; i++) {
			samples[i] = rng_range(lo, hi);
			hist_record(hist_buf, samples[i]);
			heat_want[hist_heat_bucket(samples[i])]++;
			min = samples[i] < min ? samples[i] : min;
			max = samples[i] > max ? samples[i] : max;
		}
		rank = n - n / 100;
		got = hist_advance(base, hist_buf, hist_bucket_index(min), hist_bucket_index(max),
				   rank, heat);
		ASSERT_EQ(0, memcmp(base, hist_buf, sizeof(base))) TH_LOG("interval %u", k);
		/* the heat row counts each latency in its own bucket, exactly */
		ASSERT_EQ(0, memcmp(heat, heat_want, sizeof(heat))) TH_LOG("interval %u", k);
		if (!n) {
			ASSERT_EQ(0ULL, got);
			continue;
		}
		qsort(samples, n, sizeof(samples[0]), cmp_u64);
		want = samples[rank - 1];
		ASSERT_LE(want, got) TH_LOG("interval %u: %u IOs", k, n);
		if (want < SSDK_HIST_MAX_NS)
			ASSERT_LE(got - want, want / 256) TH_LOG("interval %u: %" PRIu64
							       " for %" PRIu64, k, got, want);
	}
	/* more than were gained: none */
	hist_record(hist_buf, 5000);
	EXPECT_EQ(0ULL, hist_advance(base, hist_buf, hist_bucket_index(5000),
				     hist_bucket_index(5000), 2, NULL));
	EXPECT_EQ(0, memcmp(base, hist_buf, sizeof(base)));
	/* a heat count stops at U32_MAX: one short, then one past it */
	memset(heat, 0, sizeof(heat));
	heat[hist_heat_bucket(5000)] = 0xfffffffeU;
	hist_record(hist_buf, 5000);
	hist_advance(base, hist_buf, hist_bucket_index(5000), hist_bucket_index(5000), 0, heat);
	EXPECT_EQ(0xffffffffU, heat[hist_heat_bucket(5000)]);
	hist_buf[hist_bucket_index(5000)] += 3;
	hist_advance(base, hist_buf, hist_bucket_index(5000), hist_bucket_index(5000), 0, heat);
	EXPECT_EQ(0xffffffffU, heat[hist_heat_bucket(5000)]);
}

/*
 * The heat buckets (the spec's heat-buckets): each bound at its value and
 * one below it, every bound a bound of the histogram's buckets (so that a
 * histogram bucket falls in one heat bucket), the last open to U64_MAX.
 */
TEST(heat_buckets)
{
	unsigned int k;
	u64 b;

	EXPECT_EQ(54U, (unsigned int)SSDK_HEAT_BUCKETS);
	EXPECT_EQ(0ULL, hist_heat_lower(0));
	EXPECT_EQ(0U, hist_heat_bucket(0));
	EXPECT_EQ(0U, hist_heat_bucket(1023));
	EXPECT_EQ(1U, hist_heat_bucket(1024));
	EXPECT_EQ(1U, hist_heat_bucket(1535));
	EXPECT_EQ(2U, hist_heat_bucket(1536));
	EXPECT_EQ(3U, hist_heat_bucket(2048));
	EXPECT_EQ(52U, hist_heat_bucket((1ULL << 36) - 1));
	EXPECT_EQ(53U, hist_heat_bucket(1ULL << 36));
	EXPECT_EQ(53U, hist_heat_bucket(U64_MAX_VALUE));
	EXPECT_EQ(1ULL << 36, hist_heat_lower(53));
	EXPECT_EQ(1ULL << 36, hist_heat_lower(54));	/* past the last reads as it */
	for (k = 1; k < SSDK_HEAT_BUCKETS; k++) {
		b = hist_heat_lower(k);
		ASSERT_LT(hist_heat_lower(k - 1), b);
		ASSERT_EQ(k, hist_heat_bucket(b)) TH_LOG("bucket %u from %" PRIu64, k, b);
		ASSERT_EQ(k - 1, hist_heat_bucket(b - 1)) TH_LOG("bucket %u", k);
		ASSERT_EQ(b, hist_bucket_lower(hist_bucket_index(b))) TH_LOG("bucket %u", k);
	}
}

TEST_HARNESS_MAIN
