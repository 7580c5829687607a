// SPDX-License-Identifier: GPL-2.0
/*
 * Host tests of the output backends (cli/output/out_text.c, out_json.c,
 * out_csv.c) and the features' print ops (compare_print.h, ...), on the
 * kselftest harness, for runs made up here: the text backend's lines and
 * tables, captured from stdout. The JSON and CSV backends' documents are made here too, and
 * written by output_test --emit DIR for tests/output_formats.py, which
 * parses them back (Python's json, strict: no NaN; its csv module) and
 * checks them against values computed from the latencies the runs were
 * made of: this program starts no Python.
 */

#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <linux/ssdk.h>

#include "hist.h"
#include "compare_print.h"
#include "output.h"
#include "plan_print.h"
#include "trace_print.h"
#include "values.h"
#include "kselftest_harness.h"

/* ---- capturing stdout ------------------------------------------------- */

static FILE *capture_file;
static int capture_saved = -1;

/* What the backends print from now on goes to a file, not to stdout. */
static void capture_begin(void)
{
	fflush(stdout);
	capture_file = tmpfile();
	capture_saved = dup(STDOUT_FILENO);
	dup2(fileno(capture_file), STDOUT_FILENO);
}

/* What they printed, to free; stdout is stdout again. */
static char *capture_end(void)
{
	long n;
	char *buf;

	fflush(stdout);
	dup2(capture_saved, STDOUT_FILENO);
	close(capture_saved);
	/* stdout wrote through a descriptor of the file's: its end is theirs */
	n = lseek(fileno(capture_file), 0, SEEK_END);
	buf = calloc(1, n > 0 ? n + 1 : 1);
	if (buf && n > 0 && pread(fileno(capture_file), buf, n, 0) != n)
		buf[0] = '\0';
	fclose(capture_file);
	return buf;
}

#define CAPTURE(out, stmt) do {						\
	capture_begin();						\
	stmt;								\
	out = capture_end();						\
} while (0)

/* The line of @text that starts with @start, without its newline, or "". */
static const char *line_of(const char *text, const char *start)
{
	static char line[512];
	const char *p = text, *end;
	size_t n = strlen(start);

	while (p && *p) {
		end = strchrnul(p, '\n');
		if (!strncmp(p, start, n) && (size_t)(end - p) < sizeof(line)) {
			memcpy(line, p, end - p);
			line[end - p] = '\0';
			return line;
		}
		p = *end ? end + 1 : NULL;
	}
	return "";
}

/* Lines of @text that start with @start must be @want, whole. */
#define EXPECT_LINE(text, want) EXPECT_STREQ(want, line_of(text, want)) TH_LOG("in:\n%s", text)

/* ---- runs ------------------------------------------------------------- */

#define NR_IOS	1000

/*
 * A finished randwrite run of 1000 IOs of 4 KiB, 1..1000 us, over one
 * second, with its histograms; output_formats.py makes the same
 * latencies: range(1000, 1000001, 1000).
 */
static void make_run(struct run_result *r, int with_hists)
{
	struct ssdk_run_config *c = &r->st.config;
	unsigned int i;

	memset(r, 0, sizeof(*r));
	ssdk_config_init(c);
	ssdk_config_set_target(c, "/dev/nvme0n1");
	ssdk_config_set(c, SSDK_A_RUN_RW, SSDK_RW_RANDWRITE);
	ssdk_config_set(c, SSDK_A_RUN_BS, 4096);
	ssdk_config_set(c, SSDK_A_RUN_IODEPTH, 3);
	ssdk_config_set(c, SSDK_A_RUN_SPAN, 8ULL << 30);
	ssdk_config_set(c, SSDK_A_RUN_RUNTIME_NS, 1000000000);
	ssdk_config_set(c, SSDK_A_RUN_SEED, 42);
	ssdk_config_set(c, SSDK_A_RUN_SLOWEST_N, 64);
	ssdk_config_set(c, SSDK_A_RUN_TS_INTERVAL_NS, 1000000000);
	r->st.id = 7;
	r->st.state = SSDK_STATE_DONE;
	r->st.target_size = 16ULL << 30;
	r->st.logical_block_size = 512;
	r->st.measured_ns = 1000000000;
	r->st.elapsed_ns = 1000000000;
	r->st.completed = NR_IOS;
	if (with_hists && result_alloc_hists(r))
		return;
	for (i = 0; i < NR_IOS; i++) {
		ssdk_counts_record(&r->st.stats[SSDK_OP_WRITE], (i + 1) * 1000ULL, 4096);
		if (with_hists)
			hist_record((u64 *)r->hists[SSDK_OP_WRITE], (i + 1) * 1000ULL);
	}
}

/* A run's records: its two slowest IOs, and three intervals. */
static struct ssdk_io_rec recs[] = {
	{ .lat_ns = 1000000, .offset = 8192, .t_ns = 999000000, .len = 4096,
	  .op = SSDK_OP_WRITE, .cpu_submit = 1, .cpu_complete = 2, .inflight = 3 },
	{ .lat_ns = 999000, .offset = 4096, .t_ns = 998000000, .len = 4096,
	  .op = SSDK_OP_WRITE, .cpu_submit = 0, .cpu_complete = 0, .inflight = 1 },
};

static struct ssdk_ts_point points[] = {
	{ .index = 0, .op = { [SSDK_OP_WRITE] = { 400, 1638400, 400 * 200500ULL, 400000, 396000 } } },
	{ .index = 1, .op = { [SSDK_OP_WRITE] = { 600, 2457600, 600 * 700500ULL, 1000000, 994000 } } },
	{ .index = 2 },
};

static void *memdup(const void *p, size_t size)
{
	void *q = malloc(size);

	return q ? memcpy(q, p, size) : NULL;
}

/*
 * The same run open loop (rate 1000 IOPS, uniform arrivals): response
 * times 500 ns above the service times, 5 IOs late; with its records:
 * the two slowest IOs, three intervals, one captured IO.
 */
static void make_open_loop(struct run_result *r)
{
	unsigned int i, resp = SSDK_OP_WRITE + SSDK_NR_OPS;

	make_run(r, 1);
	ssdk_config_set(&r->st.config, SSDK_A_RUN_RATE_IOPS, 1000);
	ssdk_config_set(&r->st.config, SSDK_A_RUN_ARRIVALS, SSDK_ARRIVALS_UNIFORM);
	ssdk_config_set(&r->st.config, SSDK_A_RUN_CAPTURE_OVER_NS, 999000);
	r->st.late = 5;
	r->st.ts_dropped = 6;
	r->st.captured_count = 1;
	r->st.captured_dropped = 1;
	for (i = 0; i < NR_IOS; i++) {
		ssdk_counts_record(&r->st.stats[resp], (i + 1) * 1000ULL + 500, 4096);
		hist_record((u64 *)r->hists[resp], (i + 1) * 1000ULL + 500);
	}
	/* copies: result_free() frees them */
	r->has_records = 1;
	r->rec.slowest = memdup(recs, sizeof(recs));
	r->rec.nr_slowest = 2;
	r->rec.ts = memdup(points, sizeof(points));
	r->rec.nr_ts = 3;
	r->rec.captured = memdup(recs, sizeof(recs[0]));
	r->rec.nr_captured = 1;
}

/* A run of every access option the text shows: a mix, a split, alignment... */
static void make_access(struct run_result *r)
{
	struct ssdk_run_config *c = &r->st.config;

	make_run(r, 0);
	ssdk_config_set(c, SSDK_A_RUN_RW, SSDK_RW_RANDRW);
	ssdk_config_set(c, SSDK_A_RUN_RWMIXREAD, 70);
	ssdk_config_add_bs(c, 4096, 70);
	ssdk_config_add_bs(c, 65536, 30);
	ssdk_config_set(c, SSDK_A_RUN_ALIGN, 4096);
	ssdk_config_set(c, SSDK_A_RUN_ALIGN_OFFSET, 512);
	ssdk_config_set(c, SSDK_A_RUN_STRIDE, 8192);
	ssdk_config_set(c, SSDK_A_RUN_PATTERN, SSDK_PATTERN_REPEAT);
	ssdk_config_set(c, SSDK_A_RUN_PATTERN_BYTE, 165);
	ssdk_config_set(c, SSDK_A_RUN_RATE_IOPS, 1000);
	ssdk_config_set(c, SSDK_A_RUN_ARRIVALS, SSDK_ARRIVALS_POISSON);
	ssdk_config_set(c, SSDK_A_RUN_ENGINE, SSDK_ENGINE_KFILE);
	ssdk_config_set(c, SSDK_A_RUN_BUFFERED, 1);
	ssdk_config_set(c, SSDK_A_RUN_CPU, 3);
	r->st.late = 3;
	ssdk_counts_record(&r->st.stats[SSDK_OP_READ], 2000, 65536);
	ssdk_counts_error(&r->st.stats[SSDK_OP_READ]);
}

FIXTURE(run) {
	struct run_result r;
};

FIXTURE_SETUP(run)
{
	make_run(&self->r, 1);
	ASSERT_NE(NULL, self->r.hists[0]);
}

FIXTURE_TEARDOWN(run)
{
	result_free(&self->r);
}

/* ---- text ------------------------------------------------------------- */

TEST_F(run, text_results)
{
	static const char *const want[] = {
		"run 7 on /dev/nvme0n1: randwrite, 4 KiB blocks, iodepth 3, done",
		"span 8 GiB at offset 0 B of 16 GiB; runtime 1.000 s, ramp 0 ns; seed 42",
		"measured 1.000 s of 1.000 s; 1000 IOs completed, ramp included",
		"data random",
		"  op               IOPS       MB/s      MiB/s          IOs   errors",
		"  write          1000.0       4.10       3.91         1000        0",
		"  latency               write",
		"  min                 1.00 us",
		"  mean              500.50 us",
		"  stddev            288.82 us",
		"  max                1.000 ms",
		"  p1                 10.00 us",
		"  p50               500.22 us",
		"  p99               990.21 us",
		"  p99.9             998.40 us",
		"  p99.9999           1.000 ms",
	};
	struct output o = { .ops = &output_text };
	uint64_t *hists[SSDK_NR_SETS];
	const char *p, *q;
	char label[32];
	unsigned int i;
	char *out;

	CAPTURE(out, output_text.results(&o, &self->r, 0));
	for (i = 0; i < ARRAY_SIZE(want); i++) {
		EXPECT_LINE(out, want[i]);
	}
	/* every percentile, in order, after the moments */
	p = strstr(out, "\n  max ");
	for (i = 0; i < SSDK_REPORT_NR_PCTS; i++) {
		snprintf(label, sizeof(label), "\n  p%g ", ssdk_report_pct(i));
		q = p ? strstr(p, label) : NULL;
		EXPECT_NE(NULL, q) TH_LOG("no %s after the last row in:\n%s", label + 1, out);
		p = q;
	}
	/* no read column or row, nothing of what the run did not use */
	EXPECT_EQ(NULL, strstr(out, "read"));
	EXPECT_EQ(NULL, strstr(out, "resp"));
	EXPECT_EQ(NULL, strstr(out, "engine"));
	EXPECT_EQ(NULL, strstr(out, "rate"));
	EXPECT_EQ(NULL, strstr(out, "slowest"));
	free(out);

	/* a status: no histograms, no percentiles; a running one's IOPS */
	memcpy(hists, self->r.hists, sizeof(hists));
	memset(self->r.hists, 0, sizeof(self->r.hists));
	self->r.st.state = SSDK_STATE_RUNNING;
	self->r.st.iops_now = 1234;
	CAPTURE(out, output_text.status(&o, &self->r));
	EXPECT_LINE(out, "  max                1.000 ms");
	EXPECT_LINE(out, "now 1234 IOPS");
	EXPECT_EQ(NULL, strstr(out, "p50"));
	free(out);
	memcpy(self->r.hists, hists, sizeof(hists));

	/* nothing measured */
	memset(self->r.st.stats, 0, sizeof(self->r.st.stats));
	CAPTURE(out, output_text.results(&o, &self->r, 0));
	EXPECT_LINE(out, "no IO completed in the measurement window");
	EXPECT_EQ(NULL, strstr(out, "IOPS"));
	free(out);
}

TEST(text_access)
{
	static const char *const want[] = {
		"run 7 on /dev/nvme0n1: randrw, 4 KiB blocks, iodepth 3, done",
		"span 8 GiB at offset 0 B of 16 GiB; runtime 1.000 s, ramp 0 ns; seed 42; cpu 3",
		"engine kfile, buffered",
		"mix 70% reads",
		"block sizes 4 KiB/70% 64 KiB/30%",
		"aligned to 4096 bytes, 512 past",
		"stride 8192 bytes",
		"data repeat:165",
		"rate 1000 IOPS, poisson arrivals; 3 IOs found no free slot when due",
		"  read              1.0       0.07       0.06            1        1",
		"  write          1000.0       4.10       3.91         1000        0",
		"  latency                read          write",
		"  min                 2.00 us        1.00 us",
		"  stddev                 0 ns      288.82 us",
	};
	struct output o = { .ops = &output_text };
	struct run_result r;
	unsigned int i;
	char *out;

	make_access(&r);
	CAPTURE(out, output_text.status(&o, &r));
	for (i = 0; i < ARRAY_SIZE(want); i++) {
		EXPECT_LINE(out, want[i]);
	}
	/* open loop, but no response time measured: no such column */
	EXPECT_EQ(NULL, strstr(out, "resp"));
	free(out);
	/* closed loop: the rate without the late IOs */
	r.st.config.arrivals = SSDK_ARRIVALS_PACED;
	CAPTURE(out, output_text.status(&o, &r));
	EXPECT_LINE(out, "rate 1000 IOPS, paced arrivals");
	EXPECT_EQ(NULL, strstr(out, "free slot"));
	free(out);
}

TEST(text_records)
{
	static const char *const want[] = {
		"rate 1000 IOPS, uniform arrivals; 5 IOs found no free slot when due",
		"  latency               write     write resp",
		"  min                 1.00 us        1.50 us",
		"  mean              500.50 us      501.00 us",
		"slowest 2 IOs",
		"    #      latency    op           offset      len   submitted at   cpu  done inflight",
		"    1     1.000 ms write             8192     4096     999.000 ms     1     2        3",
		"    2    999.00 us write             4096     4096     998.000 ms     0     0        1",
		"time series (by completion time, from the run's start)",
		"        from         IOPS       MB/s         mean          p99          max",
		"        0 ns        400.0       1.64    200.50 us    396.00 us    400.00 us",
		"     1.000 s        600.0       2.46    700.50 us    994.00 us     1.000 ms",
		"     2.000 s          0.0       0.00            -            -            -",
		"worst interval: 1.000 s to 2.000 s, max 1.000 ms, p99 994.00 us, 600 IOs",
		"6 IOs completed past the last interval kept (ts_max_points)",
		"captured 1 IOs",
		"captured 1 IOs of 999.00 us or more; 1 more found the capture full (capture_max)",
	};
	struct output o = { .ops = &output_text };
	struct run_result r;
	unsigned int i;
	char *out;

	make_open_loop(&r);
	CAPTURE(out, output_text.results(&o, &r, RESULTS_SLOWEST | RESULTS_TEXT | RESULTS_CAPTURED));
	for (i = 0; i < ARRAY_SIZE(want); i++) {
		EXPECT_LINE(out, want[i]);
	}
	free(out);
	/* the records only when asked */
	CAPTURE(out, output_text.results(&o, &r, 0));
	EXPECT_EQ(NULL, strstr(out, "slowest"));
	EXPECT_EQ(NULL, strstr(out, "time series"));
	EXPECT_EQ(NULL, strstr(out, "captured"));
	free(out);
}

/* Several runs: a line each, then their total's tables. */
TEST(text_job_list_sweep)
{
	struct output o = { .ops = &output_text };
	struct run_result two[2], total;
	char *out;

	make_run(&two[0], 1);
	make_run(&two[1], 1);
	two[1].st.id = 8;
	ssdk_config_set_target(&two[1].st.config, "/dev/sdb");
	ssdk_config_set(&two[1].st.config, SSDK_A_RUN_CPU, 1);
	/* the total: a copy of the first run, with histograms of its own, and the second */
	make_run(&total, 1);
	result_merge(&total, &two[1]);
	CAPTURE(out, output_text.job(&o, two, 2, &total));
	EXPECT_LINE(out, "run 7    /dev/nvme0n1         cpu any done      1000.0 IOPS      4.10 MB/s"
		    "  read mean -  write mean 500.50 us");
	EXPECT_LINE(out, "run 8    /dev/sdb             cpu 1   done      1000.0 IOPS      4.10 MB/s"
		    "  read mean -  write mean 500.50 us");
	EXPECT_LINE(out, "total of 2 runs (iodepth: their sum; rates: over the longest window)");
	EXPECT_LINE(out, "run 7 on /dev/nvme0n1: randwrite, 4 KiB blocks, iodepth 6, done");
	EXPECT_LINE(out, "  write          2000.0       8.19       7.81         2000        0");
	EXPECT_LINE(out, "  p50               500.22 us");
	free(out);
	/* one run: its tables only */
	CAPTURE(out, output_text.job(&o, two, 1, &total));
	EXPECT_LINE(out, "run 7 on /dev/nvme0n1: randwrite, 4 KiB blocks, iodepth 3, done");
	EXPECT_EQ(NULL, strstr(out, "total"));
	free(out);

	CAPTURE(out, output_text.list(&o, two, 2));
	EXPECT_LINE(out, "  id  state     rw               bs    qd     elapsed     completed  target");
	EXPECT_LINE(out, "   7  done      randwrite     4 KiB     3     1.000 s          1000  /dev/nvme0n1");
	EXPECT_LINE(out, "   8  done      randwrite     4 KiB     3     1.000 s          1000  /dev/sdb");
	free(out);

	/* a header once, a row per point (its depth and size), both ops' latencies together */
	two[1].st.config.bs = 1 << 20;
	CAPTURE(out, (o.ops->sweep_begin(&o), o.ops->sweep_point(&o, two, 1, &two[0]),
		      o.ops->sweep_point(&o, two, 2, &total),
		      o.ops->sweep_point(&o, two, 1, &two[1]), o.ops->sweep_end(&o)));
	EXPECT_STREQ(" iodepth       bs         IOPS       MB/s         mean          p99          max  state\n"
		     "       3       4k       1000.0       4.10    500.50 us    990.21 us     1.000 ms  done\n"
		     "       6       4k       2000.0       8.19    500.50 us    990.21 us     1.000 ms  done\n"
		     "       3       1m       1000.0       4.10    500.50 us    990.21 us     1.000 ms  done\n",
		     out);
	free(out);
	result_free(&total);
	result_free(&two[0]);
	result_free(&two[1]);
}

TEST(text_info_follow_compare)
{
	struct ssdk_info info = {
		.version = "1.2.3", .kernel_release = "6.12.0-test",
		.caps = SSDK_CAP_BIO | SSDK_CAP_KFILE, .cpus = 4, .clock_res_ns = 1,
		.family_version = 1, .max_runs = 64, .hist_sub_bits = 8, .hist_buckets = 8869,
		.mem_budget = 512ULL << 20, .mem_used = (3ULL << 20) + (1 << 19),
	};
	static const uint32_t ids[] = { 7, 8 };
	struct output o = { .ops = &output_text };
	struct compare_point pts[2] = { { .iodepth = 1, .n = 2, .nd = 1 } };
	struct compare_diff d = { 1, 0, "filesystem", { 1500, 1000, -250.4, 20000 } };
	struct compare_row *rows = pts[0].rows;
	struct run_result r;
	char *out;

	CAPTURE(out, output_text.info(&o, &info));
	EXPECT_LINE(out, "module     ssdk 1.2.3");
	EXPECT_LINE(out, "kernel     6.12.0-test");
	EXPECT_LINE(out, "caps       bio kfile");
	EXPECT_LINE(out, "histogram  8869 buckets, 256 per power of two");
	EXPECT_LINE(out, "memory     3.50 MiB of 512.00 MiB in use (mem_budget)");
	free(out);
	/* A module older than the budget: no memory line. */
	info.mem_budget = 0;
	CAPTURE(out, output_text.info(&o, &info));
	EXPECT_EQ(NULL, strstr(out, "memory"));
	free(out);

	CAPTURE(out, output_text.started(&o, ids, 2));
	EXPECT_STREQ("7\n8\n", out);
	free(out);

	make_open_loop(&r);
	r.st.state = SSDK_STATE_FAILED;
	strcpy(r.st.reason, "target removed");
	CAPTURE(out, (o.rows = 0, output_text.interval(&o, &r.st, &points[0]),
		      output_text.interval(&o, &r.st, &points[1]),
		      output_text.follow_end(&o, &r.st)));
	EXPECT_STREQ("        from         IOPS       MB/s         mean          p99          max\n"
		     "        0 ns        400.0       1.64    200.50 us    396.00 us    400.00 us\n"
		     "     1.000 s        600.0       2.46    700.50 us    994.00 us     1.000 ms\n"
		     "run 7 failed: target removed\n", out);
	free(out);
	CAPTURE(out, output_text.stopped(&o, &r.st));
	EXPECT_STREQ("run 7 failed\n", out);
	free(out);
	CAPTURE(out, (output_text.dry_run(&o, 1, 0, 1), output_text.dry_run(&o, 12, 24, 0),
		      output_text.dry_run(&o, 3, 120, 1)));
	EXPECT_STREQ("dry run: 1 run checked, none started, nothing written; 1 without a runtime\n"
		     "dry run: 12 runs checked, none started, nothing written; 24 s of runs\n"
		     "dry run: 3 runs checked, none started, nothing written; 120 s of runs, and 1 without a runtime\n",
		     out);
	free(out);

	rows[0] = (struct compare_row){ .name = "bio", .r = r };
	rows[1] = (struct compare_row){ .name = "kfile", .r = r };
	op_summarize(&r.st.stats[SSDK_OP_WRITE], r.st.measured_ns, r.hists[SSDK_OP_WRITE],
		     &rows[0].o);
	rows[1].o = rows[0].o;
	rows[1].o.mean += 1500;
	rows[0].achieved_qd = 0.5005;
	rows[1].achieved_qd = 0.502;
	rows[0].short_qd = rows[1].short_qd = 1;
	/* the device's queue: known for bio, unknown for kfile */
	rows[0].device_qd = 0.4996;
	rows[1].device_qd = -1;
	pts[0].d[0] = d;
	CAPTURE(out, (compare_print_text.begin(&o, 1), compare_print_text.point(&o, &pts[0], 0),
		      compare_print_text.end(&o, pts, 1, 0)));
	EXPECT_LINE(out, "engine             QD   dev QD         IOPS       MB/s         mean"
		    "          p50          p99        p99.9          max");
	EXPECT_LINE(out, "bio              0.5*      0.5       1000.0       4.10    500.50 us"
		    "    500.22 us    990.21 us    998.40 us     1.000 ms");
	EXPECT_LINE(out, "kfile            0.5*        -       1000.0       4.10    502.00 us"
		    "    500.22 us    990.21 us    998.40 us     1.000 ms");
	EXPECT_LINE(out, "* kept fewer than 90% of iodepth 1 in flight (QD: IOPS x mean latency): its");
	EXPECT_LINE(out, "difference (ns)        layer                            mean        p50"
		    "        p99      p99.9");
	EXPECT_LINE(out, "kfile - bio            filesystem                      +1500      +1000"
		    "       -250     +20000");
	EXPECT_EQ(NULL, strstr(out, "QD 1")) TH_LOG("one depth, no curves: %s", out);
	free(out);

	/* Two depths: each its table under its depth, then the curves. */
	pts[1] = pts[0];
	pts[1].iodepth = 4;
	pts[1].rows[0].o.bw_bytes *= 3;
	pts[1].rows[0].short_qd = pts[1].rows[1].short_qd = 0;
	CAPTURE(out, (o.rows = 0, compare_print_text.begin(&o, 2),
		      compare_print_text.point(&o, &pts[0], 1),
		      compare_print_text.point(&o, &pts[1], 1),
		      compare_print_text.end(&o, pts, 2, 1)));
	EXPECT_LINE(out, "iodepth 1");
	EXPECT_LINE(out, "iodepth 4");
	EXPECT_LINE(out, "MB/s              bio        kfile");
	EXPECT_LINE(out, "QD 1            4.10*        4.10*");
	EXPECT_LINE(out, "QD 4           12.29         4.10 ");
	EXPECT_LINE(out, "mean              bio        kfile");
	EXPECT_LINE(out, "QD 4       500.50 us    502.00 us ");
	free(out);
	result_free(&r);
}

/* ---- trace summaries, in text ------------------------------------------ */

/* A blktrace's summary: its text here, its JSON in trace_summary.json. */
static const struct ssdk_trace_summary trace_summary = {
	.format = SSDK_TRACE_FORMAT_BLKTRACE,
	.flags = SSDK_TRACE_HAS_TIME | SSDK_TRACE_HAS_QD,
	.ios = 1000, .bytes = 1000 * 4096 + 4096,
	.op_ios = { [SSDK_OP_READ] = 700, [SSDK_OP_WRITE] = 299, [SSDK_TRACE_OP_FLUSH] = 1 },
	.op_bytes = { [SSDK_OP_READ] = 700 * 4096, [SSDK_OP_WRITE] = 299 * 4096 + 4096 },
	.sequential = 250, .duration_ns = 2000000000, .footprint = 3 << 20,
	.lowest = 4096, .highest = 1 << 30, .nr_sizes = 2,
	.sizes = { { .len = 4096, .ios = 998 }, { .len = 8192, .ios = 1 } },
	.qd_ios = { [0] = 600, [1] = 300, [SSDK_TRACE_QDS - 1] = 99 },
	.gap_min_ns = 1000, .gap_p50_ns = 1500000, .gap_p99_ns = 9000000,
	.gap_max_ns = 20000000, .gap_mean_ns = 2002002,
};

/* What ssdk trace make made: its text here, its JSON in trace_made.json. */
static const struct trace_recipe trace_recipe = {
	.ios = 10, .nr_sizes = 2, .sizes = { { 4096, 70 }, { 131072, 30 } },
	.nr_gaps = 2, .gaps = { { 0, 10 }, { 100000, 90 } },
};

static const struct trace_made trace_made = {
	.path = "mix.iolog", .recipe = &trace_recipe, .op_ios = { 6, 4 },
	.op_bytes = { 6 * 4096, 3 * 4096 + 131072 }, .size_ios = { 9, 1 },
	.gap_ios = { 1, 8 }, .sequential = 2, .duration_ns = 800000,
};

TEST(text_trace_summary)
{
	struct output t = { .ops = &output_text };
	char *out;

	CAPTURE(out, trace_print_text.summary(&t, "t.bin", &trace_summary));
	EXPECT_NE(NULL, strstr(out, "trace t.bin (blktrace): 1000 IOs, 3.91 MiB, over 2.000 s\n"))
		TH_LOG("%s", out);
	EXPECT_NE(NULL, strstr(out, "  read            700 IOs ( 70.0%)")) TH_LOG("%s", out);
	EXPECT_NE(NULL, strstr(out, "sizes: 4k 99.9%, 8k 0.1%\n")) TH_LOG("%s", out);
	EXPECT_NE(NULL, strstr(out, "sequential: 25.0% of reads and writes\n")) TH_LOG("%s", out);
	EXPECT_NE(NULL, strstr(out, "queue depth: 1 60.1% 2 30.0% 64+ 9.9%\n")) TH_LOG("%s", out);
	EXPECT_NE(NULL, strstr(out, "between arrivals: mean 2.002 ms, p50 1.500 ms, p99 9.000 ms, "
			       "max 20.000 ms\n")) TH_LOG("%s", out);
	free(out);
}

TEST(text_trace_made)
{
	struct output t = { .ops = &output_text };
	char *out;

	CAPTURE(out, trace_print_text.made(&t, &trace_made));
	EXPECT_STREQ("made mix.iolog: 10 IOs (6 reads, 4 writes), 2 sequential, over 800.00 us\n",
		     out);
	free(out);
}

/* ---- JSON and CSV: the documents ------------------------------------------ */

/*
 * The JSON and CSV backends' documents, made here and checked by real
 * parsers: output_test --emit DIR writes each to DIR/NAME, and
 * tests/output_formats.py parses them back (Python's json, strict: no
 * NaN; its csv module, strict) and checks them against the runs they were
 * made of, a function per NAME. Each document function returns what the
 * backend printed, to free, or NULL.
 */

static char *doc_dry_run_json(void)
{
	struct output o = { .ops = &output_json };
	char *out;

	CAPTURE(out, output_json.dry_run(&o, 12, 24, 0));
	return out;
}

/* A run's results with its histograms and percentiles. */
static char *doc_results_json(void)
{
	struct output o = { .ops = &output_json };
	struct run_result r;
	char *out;

	make_run(&r, 1);
	CAPTURE(out, output_json.results(&o, &r, RESULTS_SLOWEST));
	result_free(&r);
	return out;
}

/* A status has no percentiles and no histogram. */
static char *doc_status_json(void)
{
	struct output o = { .ops = &output_json };
	struct run_result r;
	char *out;

	make_run(&r, 0);
	r.st.state = SSDK_STATE_RUNNING;
	r.st.iops_now = 1234;
	CAPTURE(out, output_json.status(&o, &r));
	result_free(&r);
	return out;
}

/* An open loop, with its records. */
static char *doc_records_json(void)
{
	struct output o = { .ops = &output_json };
	struct run_result r;
	char *out;

	make_open_loop(&r);
	CAPTURE(out, output_json.results(&o, &r, 0));
	result_free(&r);
	return out;
}

static char *doc_access_json(void)
{
	struct output o = { .ops = &output_json };
	struct run_result r;
	char *out;

	make_access(&r);
	CAPTURE(out, output_json.status(&o, &r));
	result_free(&r);
	return out;
}

/* A run that only reads has no pattern. */
static char *doc_access_reads_json(void)
{
	struct output o = { .ops = &output_json };
	struct run_result r;
	char *out;

	make_access(&r);
	ssdk_config_set(&r.st.config, SSDK_A_RUN_RWMIXREAD, 100);
	CAPTURE(out, output_json.status(&o, &r));
	result_free(&r);
	return out;
}

/* A job of two runs and of one, a sweep of two points, a list. */
static char *doc_job_sweep_json(void)
{
	struct output o = { .ops = &output_json };
	struct run_result two[2], total;
	char *out;

	make_run(&two[0], 1);
	make_run(&two[1], 1);
	two[1].st.id = 8;
	two[1].st.state = SSDK_STATE_STOPPED;
	/* the total: a copy of the first run, with histograms of its own, and the second */
	make_run(&total, 1);
	result_merge(&total, &two[1]);
	CAPTURE(out, (output_json.job(&o, two, 2, &total), output_json.job(&o, two, 1, &total),
		      o.ops->sweep_begin(&o), o.ops->sweep_point(&o, two, 1, &two[0]),
		      o.ops->sweep_point(&o, two, 2, &total), o.ops->sweep_end(&o),
		      output_json.list(&o, two, 2)));
	result_free(&total);
	result_free(&two[0]);
	result_free(&two[1]);
	return out;
}

/* Info, started, stopped, the intervals of --follow and compare, in one go. */
static char *doc_small_documents_json(void)
{
	struct ssdk_info info = {
		.version = "1.2.3", .kernel_release = "6.12.0-test",
		.caps = SSDK_CAP_BIO | SSDK_CAP_KFILE, .cpus = 4, .clock_res_ns = 1,
		.family_version = 1, .max_runs = 64, .hist_sub_bits = 8, .hist_buckets = 8869,
		.mem_budget = 512ULL << 20, .mem_used = (3ULL << 20) + (1 << 19),
	};
	static const uint32_t ids[] = { 7, 8 };
	struct output o = { .ops = &output_json };
	struct compare_point pts[2] = { { .iodepth = 4, .n = 2, .nd = 1 } };
	struct compare_diff d = { 1, 0, "filesystem", { 1500, 1000, -250.5, 20000 } };
	struct compare_row *rows = pts[0].rows;
	struct run_result r;
	char *out;

	make_open_loop(&r);
	rows[0] = (struct compare_row){ .name = "bio", .r = r, .achieved_qd = 3.5, .short_qd = 1,
					.device_qd = 3.25 };
	rows[1] = (struct compare_row){ .name = "kfile", .r = r, .achieved_qd = 3.75,
					.device_qd = -1 };
	pts[0].d[0] = d;
	pts[1] = pts[0];
	pts[1].iodepth = 8;
	CAPTURE(out, (output_json.info(&o, &info), output_json.started(&o, ids, 2),
		      output_json.started(&o, ids, 1), output_json.stopped(&o, &r.st),
		      output_json.interval(&o, &r.st, &points[0]),
		      output_json.interval(&o, &r.st, &points[1]),
		      output_json.follow_end(&o, &r.st),
		      compare_print_json.begin(&o, 1),
		      compare_print_json.point(&o, &pts[0], 0),
		      compare_print_json.end(&o, pts, 1, 0),
		      compare_print_json.begin(&o, 2),
		      compare_print_json.point(&o, &pts[0], 1),
		      compare_print_json.point(&o, &pts[1], 1),
		      compare_print_json.end(&o, pts, 2, 1)));
	result_free(&r);
	return out;
}

static char *doc_trace_summary_json(void)
{
	struct output j = { .ops = &output_json };
	char *out;

	CAPTURE(out, trace_print_json.summary(&j, "t.bin", &trace_summary));
	return out;
}

/* Keyed as the summary's. */
static char *doc_trace_made_json(void)
{
	struct output j = { .ops = &output_json };
	char *out;

	CAPTURE(out, trace_print_json.made(&j, &trace_made));
	return out;
}

/*
 * The runs of the CSV documents: one of a target CSV must quote, a job of
 * two and their total.
 */
struct csv_runs {
	struct run_result r, two[2], total;
};

static void make_csv_runs(struct csv_runs *c)
{
	make_run(&c->r, 1);
	ssdk_config_set_target(&c->r.st.config, "/mnt/a,\"b\".dat");
	make_run(&c->two[0], 1);
	make_run(&c->two[1], 1);
	c->two[1].st.id = 8;
	make_run(&c->total, 1);
	result_merge(&c->total, &c->two[1]);
}

static void free_csv_runs(struct csv_runs *c)
{
	result_free(&c->r);
	result_free(&c->two[0]);
	result_free(&c->two[1]);
	result_free(&c->total);
}

/* A run: a header and a row. */
static char *doc_run_csv(void)
{
	struct output o = { .ops = &output_csv };
	struct csv_runs c;
	char *out;

	make_csv_runs(&c);
	CAPTURE(out, output_csv.results(&o, &c.r, 0));
	free_csv_runs(&c);
	return out;
}

/*
 * An --anatomy run: each write's block stage 100 ns and device the rest;
 * no end-io or reap stage timed; idle's counts without a histogram
 * (1000 and 3000 ns), its percentiles not known.
 */
static char *doc_anatomy_csv(void)
{
	const unsigned int w = SSDK_OP_WRITE, nr = SSDK_NR_OPS;
	struct output o = { .ops = &output_csv };
	struct run_result r;
	unsigned int i;
	char *out;

	make_run(&r, 1);
	ssdk_config_set(&r.st.config, SSDK_A_RUN_ANATOMY, 1);
	for (i = 0; i < NR_IOS; i++) {
		ssdk_counts_record(&r.st.stats[w + SSDK_LAT_KIND_BLOCK * nr], 100, 4096);
		hist_record((u64 *)r.hists[w + SSDK_LAT_KIND_BLOCK * nr], 100);
		ssdk_counts_record(&r.st.stats[w + SSDK_LAT_KIND_DEVICE * nr],
				   (i + 1) * 1000ULL - 100, 4096);
		hist_record((u64 *)r.hists[w + SSDK_LAT_KIND_DEVICE * nr], (i + 1) * 1000ULL - 100);
		ssdk_counts_record(&r.st.stats[w + SSDK_LAT_KIND_IDLE * nr], i % 2 ? 3000 : 1000,
				   4096);
	}
	r.hists[w + SSDK_LAT_KIND_IDLE * nr] = NULL;
	CAPTURE(out, output_csv.results(&o, &r, 0));
	result_free(&r);
	return out;
}

/* A job of two and their total: one header. */
static char *doc_job_csv(void)
{
	struct output o = { .ops = &output_csv };
	struct csv_runs c;
	char *out;

	make_csv_runs(&c);
	CAPTURE(out, output_csv.job(&o, c.two, 2, &c.total));
	free_csv_runs(&c);
	return out;
}

/* A compare of two depths: one header. */
static char *doc_compare_csv(void)
{
	struct output o = { .ops = &output_csv };
	struct compare_point pt = { .iodepth = 4, .n = 2 };
	struct csv_runs c;
	char *out;

	make_csv_runs(&c);
	pt.rows[0] = (struct compare_row){ .name = "bio", .r = c.r, .achieved_qd = 3.9 };
	pt.rows[1] = (struct compare_row){ .name = "psync-raw", .r = c.two[0], .achieved_qd = 2.5,
					   .short_qd = 1 };
	CAPTURE(out, (compare_print_csv.begin(&o, 2), compare_print_csv.point(&o, &pt, 1),
		      compare_print_csv.point(&o, &pt, 1), compare_print_csv.end(&o, &pt, 2, 1)));
	free_csv_runs(&c);
	return out;
}

/* Each document, by the name of its file and of its check in output_formats.py. */
static const struct document {
	const char *name;
	char *(*make)(void);
} documents[] = {
	{ "dry_run.json", doc_dry_run_json },
	{ "results.json", doc_results_json },
	{ "status.json", doc_status_json },
	{ "records.json", doc_records_json },
	{ "access.json", doc_access_json },
	{ "access_reads.json", doc_access_reads_json },
	{ "job_sweep.json", doc_job_sweep_json },
	{ "small_documents.json", doc_small_documents_json },
	{ "trace_summary.json", doc_trace_summary_json },
	{ "trace_made.json", doc_trace_made_json },
	{ "run.csv", doc_run_csv },
	{ "anatomy.csv", doc_anatomy_csv },
	{ "job.csv", doc_job_csv },
	{ "compare.csv", doc_compare_csv },
};

/* Each document is made, and is one or more lines; what they say is Python's to check. */
TEST(documents_made)
{
	unsigned int i;
	char *out;

	for (i = 0; i < ARRAY_SIZE(documents); i++) {
		out = documents[i].make();
		ASSERT_NE(NULL, out) TH_LOG("%s", documents[i].name);
		EXPECT_LT(0U, strlen(out)) TH_LOG("%s", documents[i].name);
		if (*out)
			EXPECT_EQ('\n', out[strlen(out) - 1])
				TH_LOG("%s: %s", documents[i].name, out);
		free(out);
	}
}

/* --follow's JSON: one document per line, per interval, and nothing at the end. */
TEST(json_follow_lines)
{
	struct output o = { .ops = &output_json };
	struct run_result r;
	char *out, *nl;

	make_open_loop(&r);
	CAPTURE(out, (output_json.interval(&o, &r.st, &points[0]),
		      output_json.interval(&o, &r.st, &points[1]),
		      output_json.follow_end(&o, &r.st)));
	nl = strchr(out, '\n');
	ASSERT_NE(NULL, nl);
	EXPECT_EQ(0, strncmp(out, "{\"t_ns\": 0, ", 12)) TH_LOG("%s", out);
	EXPECT_EQ(0, strncmp(nl + 1, "{\"t_ns\": 1000000000, ", 21)) TH_LOG("%s", out);
	nl = strchr(nl + 1, '\n');
	ASSERT_NE(NULL, nl);
	EXPECT_EQ('\0', nl[1]) TH_LOG("%s", out);
	free(out);
	result_free(&r);
}

/* Write each document to @dir/NAME; 0, or -1 with what failed on stderr. */
static int emit(const char *dir)
{
	char path[PATH_MAX];
	unsigned int i;
	char *out;
	FILE *f;

	for (i = 0; i < ARRAY_SIZE(documents); i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, documents[i].name);
		out = documents[i].make();
		f = out ? fopen(path, "w") : NULL;
		if (!f || fputs(out, f) == EOF || fclose(f)) {
			perror(path);
			free(out);
			return -1;
		}
		free(out);
	}
	return 0;
}

/*
 * output_test: the tests, as the harness runs them (its options);
 * output_test --emit DIR: the documents, for output_formats.py.
 */
int main(int argc, char **argv)
{
	if (argc == 3 && !strcmp(argv[1], "--emit"))
		return emit(argv[2]) ? 1 : 0;
	return test_harness_run(argc, argv);
}
