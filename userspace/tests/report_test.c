// SPDX-License-Identifier: GPL-2.0
/*
 * Host tests of the run report (cli/report.c), in KTAP: latency moments
 * from the kernel's exact sums, rates over the measurement window,
 * percentiles and histogram rows of the JSON schema, and the text tables.
 */

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <linux/ssdk.h>

#include "hist.h"
#include "ktap.h"
#include "report.h"

/* Statistics of @n latencies as the module keeps them. */
static void stats_of(struct ssdk_op_stats *s, const uint64_t *lat, unsigned int n,
		     uint64_t bs)
{
	unsigned __int128 sq = 0;
	unsigned int i;

	memset(s, 0, sizeof(*s));
	s->lat_min_ns = UINT64_MAX;
	for (i = 0; i < n; i++) {
		s->ios++;
		s->bytes += bs;
		s->lat_sum_ns += lat[i];
		sq += (unsigned __int128)lat[i] * lat[i];
		if (lat[i] < s->lat_min_ns)
			s->lat_min_ns = lat[i];
		if (lat[i] > s->lat_max_ns)
			s->lat_max_ns = lat[i];
	}
	s->lat_sumsq_hi = sq >> 64;
	s->lat_sumsq_lo = (uint64_t)sq;
	if (!n)
		s->lat_min_ns = 0;
}

static void test_stddev(void)
{
	static const uint64_t three[] = { 100, 200, 300 };
	static uint64_t big[1000];
	struct ssdk_op_stats s;
	unsigned int i;
	double sd;

	stats_of(&s, three, 3, 4096);
	CHECKV(lat_stddev(&s) == 100, "%f", lat_stddev(&s));
	stats_of(&s, three, 1, 4096);
	CHECK(lat_stddev(&s) == 0);
	stats_of(&s, three, 0, 4096);
	CHECK(lat_stddev(&s) == 0);
	/* An hour-long mean with a 1 ns spread: no cancellation. */
	for (i = 0; i < 1000; i++)
		big[i] = 3600000000000ULL + (i & 1);
	stats_of(&s, big, 1000, 4096);
	CHECK(s.lat_sumsq_hi != 0);
	sd = lat_stddev(&s);
	CHECKV(fabs(sd - sqrt(0.25 * 1000 / 999)) < 1e-9, "%.12f", sd);
	for (i = 0; i < 1000; i++)
		big[i] = 1000000;
	stats_of(&s, big, 1000, 4096);
	CHECK(lat_stddev(&s) == 0);
}

static void test_summary(void)
{
	static const uint64_t lat[] = { 1000, 2000, 3000, 4000 };
	static uint64_t hist[SSDK_HIST_NR_BUCKETS];
	struct ssdk_op_stats s;
	struct op_summary o;
	unsigned int i;

	stats_of(&s, lat, 4, 4096);
	s.errors = 2;
	for (i = 0; i < 4; i++)
		hist_record((u64 *)hist, lat[i]);
	op_summarize(&s, 2000000000ULL, hist, &o);
	CHECK(o.ios == 4 && o.bytes == 16384 && o.errors == 2);
	CHECKV(o.iops == 2.0 && o.bw_bytes == 8192.0, "%f %f", o.iops, o.bw_bytes);
	CHECK(o.min == 1000 && o.max == 4000 && o.mean == 2500);
	CHECK(o.hist == hist);
	/* ranks: p1..p25 -> 1st, p50 -> 2nd, p75 -> 3rd, beyond -> 4th = max */
	CHECKV(o.pct[0] == 1000 && o.pct[3] == 1000, "%llu %llu",
	       (unsigned long long)o.pct[0], (unsigned long long)o.pct[3]);
	CHECK(o.pct[4] >= 1996 && o.pct[4] <= 2004);
	CHECK(o.pct[5] >= 2994 && o.pct[5] <= 3006);
	CHECK(o.pct[REPORT_NR_PCTS - 1] == 4000);
	op_summarize(&s, 0, NULL, &o);
	CHECK(o.iops == 0 && o.bw_bytes == 0 && !o.hist && o.pct[4] == 0);
	stats_of(&s, lat, 0, 4096);
	op_summarize(&s, 1000, hist, &o);
	CHECK(o.mean == 0 && o.min == 0 && !o.hist);
}

static void test_formats(void)
{
	char b[32];

	CHECK(!strcmp(fmt_ns(b, sizeof(b), 850), "850 ns"));
	CHECK(!strcmp(fmt_ns(b, sizeof(b), 12345), "12.35 us"));
	CHECK(!strcmp(fmt_ns(b, sizeof(b), 1234567), "1.235 ms"));
	CHECK(!strcmp(fmt_ns(b, sizeof(b), 2.5e9), "2.500 s"));
	CHECK(!strcmp(fmt_bytes(b, sizeof(b), 512), "512 B"));
	CHECK(!strcmp(fmt_bytes(b, sizeof(b), 4096), "4 KiB"));
	CHECK(!strcmp(fmt_bytes(b, sizeof(b), 8ULL << 30), "8 GiB"));
	CHECK(!strcmp(fmt_bytes(b, sizeof(b), 3ULL << 29), "1.50 GiB"));
}

/* A finished randwrite run of 1000 IOs, 1..1000 us, over one second. */
static struct ssdk_run_status run;
static uint64_t whist[SSDK_HIST_NR_BUCKETS];

static void make_run(void)
{
	static uint64_t lat[1000];
	unsigned int i;

	memset(&run, 0, sizeof(run));
	memset(whist, 0, sizeof(whist));
	strcpy(run.config.target, "/dev/nvme0n1");
	run.config.rw = SSDK_RW_RANDWRITE;
	run.config.bs = 4096;
	run.config.iodepth = 3;
	run.config.span = 8ULL << 30;
	run.config.runtime_ns = 1000000000;
	run.config.cpu = SSDK_ANY_CPU;
	run.id = 7;
	run.state = SSDK_STATE_DONE;
	run.target_size = 16ULL << 30;
	run.logical_block_size = 512;
	run.measured_ns = 1000000000;
	run.elapsed_ns = 1000000000;
	run.completed = 1000;
	for (i = 0; i < 1000; i++) {
		lat[i] = (i + 1) * 1000ULL;
		hist_record((u64 *)whist, lat[i]);
	}
	stats_of(&run.stats[SSDK_LIB_OP_WRITE], lat, 1000, 4096);
}

static char *render(int json, int with_hist)
{
	report_hists hists = { NULL, with_hist ? whist : NULL };
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	struct json j;

	if (json) {
		json_init(&j, f);
		report_json(&j, NULL, &run, hists, NULL);
		json_finish(&j);
	} else {
		report_text(f, &run, hists);
	}
	fclose(f);
	return buf;
}

static void test_json_schema(void)
{
	static const char *const keys[] = {
		"\"id\": 7,", "\"state\": \"done\"", "\"target\": \"/dev/nvme0n1\"",
		"\"rw\": \"randwrite\"", "\"iodepth\": 3", "\"cpu\": null",
		"\"span\": 8589934592", "\"measured_ns\": 1000000000",
		"\"read\": {", "\"write\": {", "\"ios\": 1000", "\"bytes\": 4096000",
		"\"iops\": 1000,", "\"bw_bytes\": 4096000,", "\"lat_ns\": {",
		"\"min\": 1000,", "\"max\": 1000000,", "\"mean\": 500500,",
		"\"50.000000\": ", "\"99.000000\": ", "\"99.999900\": 1000000",
		"\"histogram\": [",
	};
	char *out = render(1, 1);
	unsigned long long lo, hi, count, sum = 0, rows = 0;
	const char *p, *w;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(keys); i++)
		CHECKV(strstr(out, keys[i]), "missing %s", keys[i]);
	/* reads: empty percentiles and histogram */
	CHECK(strstr(out, "\"percentiles\": {}\n") && strstr(out, "\"histogram\": []"));
	/* the write histogram's rows: non-empty buckets, counts sum to ios */
	w = strstr(out, "\"write\": {");
	p = w ? strstr(w, "\"histogram\": [") : NULL;
	while (p && (p = strstr(p, "\n      [")) &&
	       sscanf(p, "\n      [%llu, %llu, %llu]", &lo, &hi, &count) == 3) {
		CHECK(lo <= hi && count > 0);
		sum += count;
		rows++;
		p++;
	}
	/* from 512 us on, buckets are wider than the 1 us steps: fewer rows */
	CHECKV(sum == 1000 && rows > 700 && rows < 1000, "sum %llu rows %llu", sum, rows);
	free(out);

	/* a status has no percentiles and no histogram */
	out = render(1, 0);
	CHECK(!strstr(out, "percentiles") && !strstr(out, "histogram"));
	CHECK(strstr(out, "\"mean\": 500500"));
	free(out);
}

static void test_text(void)
{
	static const char *const want[] = {
		"run 7 on /dev/nvme0n1: randwrite, 4 KiB blocks, iodepth 3, done",
		"span 8 GiB at offset 0 B of 16 GiB",
		"IOPS", "MB/s", "MiB/s", "errors",
		"  write          1000.0       4.10       3.91",
		"min", "mean", "stddev", "max", "p1 ", "p50 ", "p99.9 ", "p99.9999 ",
		"1.000 ms",
	};
	char *out = render(0, 1);
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(want); i++)
		CHECKV(strstr(out, want[i]), "missing [%s] in\n%s", want[i], out);
	CHECK(!strstr(out, "read "));
	free(out);

	run.stats[SSDK_LIB_OP_WRITE].ios = 0;
	out = render(0, 1);
	CHECK(strstr(out, "no IO completed"));
	free(out);
	make_run();
}

/* Two runs into one: counts add, extremes stay extremes, states worsen. */
static void test_merge(void)
{
	struct ssdk_run_status a, b;
	static uint64_t ha[SSDK_LIB_NR_SETS][SSDK_HIST_NR_BUCKETS];
	static uint64_t hb[SSDK_LIB_NR_SETS][SSDK_HIST_NR_BUCKETS];
	report_hists ta = { ha[0], ha[1], ha[2], ha[3] }, tb = { hb[0], hb[1], hb[2], hb[3] };

	make_run();
	a = run;
	b = run;
	b.stats[SSDK_LIB_OP_WRITE].lat_min_ns = 10;
	b.stats[SSDK_LIB_OP_WRITE].lat_max_ns = 5000000;
	b.stats[SSDK_LIB_OP_WRITE].lat_sumsq_lo = UINT64_MAX;
	a.stats[SSDK_LIB_OP_WRITE].lat_sumsq_lo = 2;
	a.stats[SSDK_LIB_OP_WRITE].lat_sumsq_hi = 0;
	b.stats[SSDK_LIB_OP_WRITE].lat_sumsq_hi = 0;
	b.measured_ns = 2000000000;
	b.state = SSDK_STATE_FAILED;
	strcpy(b.reason, "write error");
	report_merge(&a, &b);
	CHECK(a.stats[SSDK_LIB_OP_WRITE].ios == 2000);
	CHECK(a.stats[SSDK_LIB_OP_WRITE].bytes == 2000 * 4096);
	CHECK(a.stats[SSDK_LIB_OP_WRITE].lat_min_ns == 10);
	CHECK(a.stats[SSDK_LIB_OP_WRITE].lat_max_ns == 5000000);
	CHECK(a.stats[SSDK_LIB_OP_WRITE].lat_sumsq_hi == 1 &&
	      a.stats[SSDK_LIB_OP_WRITE].lat_sumsq_lo == 1);
	CHECK(a.stats[SSDK_LIB_OP_READ].ios == 0 && a.stats[SSDK_LIB_OP_READ].lat_min_ns == 0);
	CHECK(a.measured_ns == 2000000000 && a.config.iodepth == 6 && a.completed == 2000);
	CHECK(a.state == SSDK_STATE_FAILED && !strcmp(a.reason, "write error"));
	b.state = SSDK_STATE_RUNNING;
	report_merge(&a, &b);
	CHECK(a.state == SSDK_STATE_RUNNING);
	ha[1][7] = 3;
	hb[1][7] = 4;
	hb[3][9] = 1;
	report_merge_hists(ta, tb);
	CHECK(ha[1][7] == 7 && ha[3][9] == 1 && ha[0][7] == 0);
}

static const struct test_case cases[] = {
	TEST(test_stddev),
	TEST(test_summary),
	TEST(test_formats),
	TEST(test_json_schema),
	TEST(test_text),
	TEST(test_merge),
};

int main(void)
{
	make_run();
	return ktap_main(cases, ARRAY_SIZE(cases));
}
