// SPDX-License-Identifier: GPL-2.0
/*
 * Host tests of a run's numbers (cli/model/summary.c), on the kselftest
 * harness: the standard deviation from the module's exact sums against
 * one computed directly from the latencies, rates over the measurement
 * window, percentiles from the histogram, and runs added up
 * (result_merge(): totals, extremes, windows, states, histograms).
 */

#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <linux/ssdk.h>

#include "hist.h"
#include "summary.h"
#include "test_random.h"
#include "kselftest_harness.h"

/* Counters of @n latencies as the module keeps them. */
static void counts_of(struct ssdk_counts *s, const uint64_t *lat, unsigned int n, uint32_t bs)
{
	unsigned int i;

	memset(s, 0, sizeof(*s));
	for (i = 0; i < n; i++)
		ssdk_counts_record(s, lat[i], bs);
}

/* The sample standard deviation of @n latencies, two passes in long double. */
static double direct_stddev(const uint64_t *lat, unsigned int n)
{
	long double mean = 0, ss = 0, d;
	unsigned int i;

	if (n < 2)
		return 0;
	for (i = 0; i < n; i++)
		mean += lat[i];
	mean /= n;
	for (i = 0; i < n; i++) {
		d = lat[i] - mean;
		ss += d * d;
	}
	return sqrtl(ss / (n - 1));
}

static uint64_t lat[100000];

TEST(stddev_small)
{
	static const uint64_t three[] = { 100, 200, 300 };
	struct ssdk_counts s;
	unsigned int i;
	double sd;

	counts_of(&s, three, 3, 4096);
	EXPECT_TRUE(ssdk_counts_stddev(&s) == 100) TH_LOG("%.17g", ssdk_counts_stddev(&s));
	counts_of(&s, three, 1, 4096);
	EXPECT_TRUE(ssdk_counts_stddev(&s) == 0);
	counts_of(&s, three, 0, 4096);
	EXPECT_TRUE(ssdk_counts_stddev(&s) == 0);
	/* An hour-long mean with a 1 ns spread: no cancellation. */
	for (i = 0; i < 1000; i++)
		lat[i] = 3600000000000ULL + (i & 1);
	counts_of(&s, lat, 1000, 4096);
	EXPECT_NE(0ULL, s.lat_sumsq_hi);
	sd = ssdk_counts_stddev(&s);
	EXPECT_TRUE(fabs(sd - sqrt(0.25 * 1000 / 999)) < 1e-9) TH_LOG("%.12f", sd);
	for (i = 0; i < 1000; i++)
		lat[i] = 1000000;
	counts_of(&s, lat, 1000, 4096);
	EXPECT_TRUE(ssdk_counts_stddev(&s) == 0);
	/* two latencies whose sum is near 2^64, their squares' near 2^127 */
	lat[0] = 9223372036854775000ULL;
	lat[1] = 9223372036854775806ULL;
	counts_of(&s, lat, 2, 4096);
	sd = ssdk_counts_stddev(&s);
	EXPECT_TRUE(fabs(sd - 806 / sqrt(2)) < 1e-9) TH_LOG("%.12f", sd);
}

/* The percentiles reported, in order, their keys in the JSON, a change in %. */
TEST(figures)
{
	static const double want[SSDK_REPORT_NR_PCTS] = {
		1, 5, 10, 25, 50, 75, 90, 95, 99, 99.9, 99.99, 99.999, 99.9999,
	};
	char key[SSDK_FMT_LEN];
	unsigned int i;

	for (i = 0; i < SSDK_REPORT_NR_PCTS; i++) {
		EXPECT_TRUE(ssdk_report_pct(i) == want[i]) TH_LOG("%u: %g", i, ssdk_report_pct(i));
	}
	EXPECT_TRUE(ssdk_report_pct(SSDK_REPORT_NR_PCTS) == -1);
	EXPECT_TRUE(ssdk_report_pct(UINT32_MAX) == -1);
	EXPECT_STREQ("50.000000", ssdk_pct_key(key, sizeof(key), ssdk_report_pct(SSDK_REPORT_P50)));
	EXPECT_STREQ("99.000000", ssdk_pct_key(key, sizeof(key), ssdk_report_pct(SSDK_REPORT_P99)));
	EXPECT_STREQ("99.900000", ssdk_pct_key(key, sizeof(key),
					       ssdk_report_pct(SSDK_REPORT_P999)));
	EXPECT_STREQ("99.999900", ssdk_pct_key(key, sizeof(key), 99.9999));
	EXPECT_STREQ("0.000000", ssdk_pct_key(key, sizeof(key), 0));
	EXPECT_STREQ("100.000000", ssdk_pct_key(key, sizeof(key), 100));

	EXPECT_TRUE(ssdk_change_pct(100, 25) == -75);
	EXPECT_TRUE(ssdk_change_pct(100, 400) == 300);
	EXPECT_TRUE(ssdk_change_pct(100, 100) == 0);
	/* from nothing (or less, or not a number): no change said */
	EXPECT_TRUE(ssdk_change_pct(0, 5) == 0);
	EXPECT_TRUE(ssdk_change_pct(-1, 5) == 0);
	EXPECT_TRUE(ssdk_change_pct(NAN, 5) == 0);
	/* the least figure above 0 */
	EXPECT_TRUE(ssdk_change_pct(5e-324, 0) == -100);
}

/*
 * Sets of every scale, from a few ns to hours, narrow and wide: the
 * standard deviation from the sums agrees with the direct computation
 * to 1e-9 relative (or 1e-6 ns, for spreads near 0).
 */
TEST(stddev_direct)
{
	static const struct { uint64_t base, spread; unsigned int n; } sets[] = {
		{ 0, 10, 10 }, { 100, 1, 2 }, { 1000, 1000000, 100000 },
		{ 50000, 200, 50000 }, { 3600000000000ULL, 3, 100000 },
		{ 3600000000000ULL, 3600000000000ULL, 100000 },
		{ 1ULL << 40, 1ULL << 20, 100000 }, { 7, 0, 1000 },
	};
	struct ssdk_counts s;
	double want, got;
	unsigned int k, i;

	for (k = 0; k < ARRAY_SIZE(sets); k++) {
		for (i = 0; i < sets[k].n; i++)
			lat[i] = sets[k].base + (sets[k].spread ? rng() % (sets[k].spread + 1) : 0);
		counts_of(&s, lat, sets[k].n, 512);
		want = direct_stddev(lat, sets[k].n);
		got = ssdk_counts_stddev(&s);
		EXPECT_TRUE(fabs(got - want) <= fmax(1e-9 * want, 1e-6))
			TH_LOG("set %u (%" PRIu64 " + [0, %" PRIu64 "], n %u): %.17g, direct %.17g",
			       k, sets[k].base, sets[k].spread, sets[k].n, got, want);
	}
}

TEST(summary)
{
	static const uint64_t four[] = { 1000, 2000, 3000, 4000 };
	static uint64_t hist[SSDK_HIST_NR_BUCKETS];
	struct ssdk_counts s;
	struct op_summary o;
	unsigned int i;

	counts_of(&s, four, 4, 4096);
	s.errors = 2;
	for (i = 0; i < 4; i++)
		hist_record((u64 *)hist, four[i]);
	op_summarize(&s, 2000000000ULL, hist, &o);
	EXPECT_EQ(4ULL, o.ios);
	EXPECT_EQ(16384ULL, o.bytes);
	EXPECT_EQ(2ULL, o.errors);
	EXPECT_TRUE(o.iops == 2.0 && o.bw_bytes == 8192.0) TH_LOG("%f %f", o.iops, o.bw_bytes);
	EXPECT_EQ(1000ULL, o.min);
	EXPECT_EQ(4000ULL, o.max);
	EXPECT_TRUE(o.mean == 2500) TH_LOG("%f", o.mean);
	EXPECT_TRUE(fabs(o.stddev - direct_stddev(four, 4)) < 1e-9) TH_LOG("%f", o.stddev);
	EXPECT_TRUE(o.hist == hist);
	/* ranks: p1..p25 -> 1st, p50 -> 2nd, p75 -> 3rd, beyond -> 4th = max */
	EXPECT_TRUE(ssdk_report_pct(0) == 1 && ssdk_report_pct(3) == 25 &&
		    ssdk_report_pct(SSDK_REPORT_P50) == 50);
	EXPECT_TRUE(ssdk_report_pct(5) == 75 && ssdk_report_pct(SSDK_REPORT_P99) == 99);
	EXPECT_TRUE(ssdk_report_pct(SSDK_REPORT_P999) == 99.9);
	EXPECT_EQ(1000ULL, o.pct[0]);
	EXPECT_EQ(1000ULL, o.pct[3]);
	EXPECT_GE(o.pct[SSDK_REPORT_P50], 1996ULL);
	EXPECT_LE(o.pct[SSDK_REPORT_P50], 2004ULL);
	EXPECT_GE(o.pct[5], 2994ULL);
	EXPECT_LE(o.pct[5], 3006ULL);
	for (i = 6; i < SSDK_REPORT_NR_PCTS; i++) {
		EXPECT_EQ(4000ULL, o.pct[i]) TH_LOG("p%g", ssdk_report_pct(i));
	}

	/* no window: no rates; no histogram: no percentiles */
	op_summarize(&s, 0, NULL, &o);
	EXPECT_TRUE(o.iops == 0 && o.bw_bytes == 0);
	EXPECT_EQ(NULL, o.hist);
	EXPECT_EQ(0ULL, o.pct[SSDK_REPORT_P50]);
	EXPECT_TRUE(o.mean == 2500);
	/* no IO: nothing but the counts */
	counts_of(&s, four, 0, 4096);
	s.errors = 3;
	s.lat_min_ns = 77;
	op_summarize(&s, 1000, hist, &o);
	EXPECT_TRUE(o.mean == 0 && o.stddev == 0);
	EXPECT_EQ(0ULL, o.min);
	EXPECT_EQ(3ULL, o.errors);
	EXPECT_EQ(NULL, o.hist);
}

/* An interval's two ops as one: sums, and the larger maximum and p99. */
TEST(interval_sum)
{
	struct ssdk_ts_point p = { .index = 3 };
	struct ssdk_ts_op o;

	p.op[SSDK_OP_READ] = (struct ssdk_ts_op){ .ios = 10, .bytes = 40960, .lat_sum_ns = 10000,
						  .lat_max_ns = 5000, .lat_p99_ns = 3000 };
	p.op[SSDK_OP_WRITE] = (struct ssdk_ts_op){ .ios = 5, .bytes = 20480, .lat_sum_ns = 50000,
						   .lat_max_ns = 4000, .lat_p99_ns = 3500 };
	ts_sum(&p, &o);
	EXPECT_EQ(15ULL, o.ios);
	EXPECT_EQ(61440ULL, o.bytes);
	EXPECT_EQ(60000ULL, o.lat_sum_ns);
	EXPECT_EQ(5000ULL, o.lat_max_ns);
	EXPECT_EQ(3500ULL, o.lat_p99_ns);
}

/* A finished randwrite run of 1000 IOs, 1..1000 us, over one second. */
static void make_run(struct run_result *r)
{
	unsigned int i;

	memset(r, 0, sizeof(*r));
	ssdk_config_init(&r->st.config);
	ssdk_config_set_target(&r->st.config, "/dev/nvme0n1");
	ssdk_config_set(&r->st.config, SSDK_A_RUN_RW, SSDK_RW_RANDWRITE);
	ssdk_config_set(&r->st.config, SSDK_A_RUN_IODEPTH, 3);
	ssdk_config_set(&r->st.config, SSDK_A_RUN_CPU, 2);
	r->st.id = 7;
	r->st.state = SSDK_STATE_DONE;
	r->st.measured_ns = 1000000000;
	r->st.elapsed_ns = 1100000000;
	r->st.completed = 1000;
	r->st.iops_now = 10;
	r->st.late = 1;
	for (i = 0; i < 1000; i++)
		lat[i] = (i + 1) * 1000ULL;
	counts_of(&r->st.stats[SSDK_OP_WRITE], lat, 1000, 4096);
}

/* Two runs into one: counts add, extremes stay extremes, states worsen. */
TEST(merge)
{
	struct ssdk_counts *tw, *sw;
	struct run_result t, s;

	make_run(&t);
	make_run(&s);
	tw = &t.st.stats[SSDK_OP_WRITE];
	sw = &s.st.stats[SSDK_OP_WRITE];
	sw->lat_min_ns = 10;
	sw->lat_max_ns = 5000000;
	sw->lat_sumsq_lo = UINT64_MAX;
	sw->lat_sumsq_hi = 0;
	tw->lat_sumsq_lo = 2;
	tw->lat_sumsq_hi = 0;
	s.st.measured_ns = 2000000000;
	s.st.elapsed_ns = 900000000;
	s.st.state = SSDK_STATE_FAILED;
	strcpy(s.st.reason, "write error");
	result_merge(&t, &s);
	EXPECT_EQ(2000ULL, tw->ios);
	EXPECT_EQ(2000ULL * 4096, tw->bytes);
	EXPECT_EQ(2ULL * 500500000, tw->lat_sum_ns);
	EXPECT_EQ(10ULL, tw->lat_min_ns);
	EXPECT_EQ(5000000ULL, tw->lat_max_ns);
	EXPECT_EQ(1ULL, tw->lat_sumsq_hi);
	EXPECT_EQ(1ULL, tw->lat_sumsq_lo);
	EXPECT_EQ(0ULL, t.st.stats[SSDK_OP_READ].ios);
	EXPECT_EQ(0ULL, t.st.stats[SSDK_OP_READ].lat_min_ns);
	EXPECT_EQ(2000000000ULL, t.st.measured_ns);
	EXPECT_EQ(1100000000ULL, t.st.elapsed_ns);
	EXPECT_EQ(6U, t.st.config.iodepth);
	EXPECT_EQ(SSDK_ANY_CPU, t.st.config.cpu);
	EXPECT_EQ(2000ULL, t.st.completed);
	EXPECT_EQ(20ULL, t.st.iops_now);
	EXPECT_EQ(2ULL, t.st.late);
	EXPECT_EQ((uint32_t)SSDK_STATE_FAILED, t.st.state);
	EXPECT_STREQ("write error", t.st.reason);
	/* the configuration stays the first run's */
	EXPECT_STREQ("/dev/nvme0n1", t.st.config.target);
	EXPECT_EQ((uint32_t)SSDK_RW_RANDWRITE, t.st.config.rw);

	/* one still going: the total is running */
	s.st.state = SSDK_STATE_RUNNING;
	result_merge(&t, &s);
	EXPECT_EQ((uint32_t)SSDK_STATE_RUNNING, t.st.state);
	/* once all ended, the worst: failed, then stopped, then done */
	make_run(&t);
	s.st.state = SSDK_STATE_STOPPED;
	strcpy(s.st.reason, "stopped by a user");
	result_merge(&t, &s);
	EXPECT_EQ((uint32_t)SSDK_STATE_STOPPED, t.st.state);
	EXPECT_STREQ("stopped by a user", t.st.reason);
	s.st.state = SSDK_STATE_DONE;
	strcpy(s.st.reason, "other");
	result_merge(&t, &s);
	EXPECT_EQ((uint32_t)SSDK_STATE_STOPPED, t.st.state);
	EXPECT_STREQ("stopped by a user", t.st.reason);
	s.st.state = SSDK_STATE_FAILED;
	result_merge(&t, &s);
	EXPECT_EQ((uint32_t)SSDK_STATE_FAILED, t.st.state);
	/* a run that did nothing leaves the extremes alone */
	make_run(&t);
	memset(&s.st.stats, 0, sizeof(s.st.stats));
	s.st.stats[SSDK_OP_WRITE].lat_max_ns = 99999999;
	result_merge(&t, &s);
	EXPECT_EQ(1000ULL, t.st.stats[SSDK_OP_WRITE].lat_min_ns);
	EXPECT_EQ(1000000ULL, t.st.stats[SSDK_OP_WRITE].lat_max_ns);
}

/* Histograms add up set by set when both runs have them; none is made up. */
TEST(merge_hists)
{
	struct run_result t, s;
	unsigned int set, i, nr = ssdk_hist_buckets();

	make_run(&t);
	make_run(&s);
	ASSERT_EQ(0, result_alloc_hists(&t));
	ASSERT_EQ(0, result_alloc_hists(&s));
	for (set = 0; set < SSDK_NR_SETS; set++) {
		for (i = 0; i < nr; i++) {
			ASSERT_EQ(0ULL, t.hists[set][i]);
		}
	}
	t.hists[1][7] = 3;
	s.hists[1][7] = 4;
	s.hists[3][9] = 1;
	s.hists[0][nr - 1] = 5;
	result_merge(&t, &s);
	EXPECT_EQ(7ULL, t.hists[1][7]);
	EXPECT_EQ(1ULL, t.hists[3][9]);
	EXPECT_EQ(0ULL, t.hists[0][7]);
	EXPECT_EQ(5ULL, t.hists[0][nr - 1]);
	EXPECT_EQ(4ULL, s.hists[1][7]);
	/* a total without room for histograms stays without */
	result_free(&t);
	EXPECT_EQ(NULL, t.hists[0]);
	make_run(&t);
	result_merge(&t, &s);
	for (set = 0; set < SSDK_NR_SETS; set++) {
		EXPECT_EQ(NULL, t.hists[set]);
	}
	EXPECT_EQ(2000ULL, t.st.stats[SSDK_OP_WRITE].ios);
	result_free(&s);
	EXPECT_EQ(0, s.has_records);
}

TEST(open_loop)
{
	struct run_result r;

	make_run(&r);
	EXPECT_FALSE(result_open_loop(&r));
	r.st.config.rate_iops = 1000;
	EXPECT_FALSE(result_open_loop(&r));
	r.st.config.arrivals = SSDK_ARRIVALS_POISSON;
	EXPECT_TRUE(result_open_loop(&r));
	r.st.config.rate_iops = 0;
	EXPECT_FALSE(result_open_loop(&r));
}

TEST_HARNESS_MAIN
