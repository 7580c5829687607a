// SPDX-License-Identifier: GPL-2.0
/*
 * Host tests of the metrics backends (cli/model/om_metrics.c behind
 * cli/output/out_openmetrics.c), on the kselftest harness, for runs made up here
 * from latencies drawn here: the `le` buckets, the exact seconds, and
 * every bucket's count against the latencies themselves, read back from
 * what the backend printed. openmetrics_test --emit DIR writes both
 * dialects of two runs and their latencies, which tests/output_formats.py
 * has the real parsers read (prometheus_client's OpenMetrics and text
 * parsers, in tests/openmetrics_check.py, and promtool check metrics) and
 * check against the same latencies, and node_exporter's textfile
 * collector serve (scripts/setup provides them): this program starts no
 * Python.
 */

#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <linux/ssdk.h>

#include "hist.h"
#include "om_metrics.h"
#include "output.h"
#include "rules.h"
#include "values.h"
#include "kselftest_harness.h"

/* Latencies per set of the made-up run. */
#define NR_LAT	3000

/**
 * struct om_fixture_run - A made-up run and the latencies it was made of.
 * @r: The run, its counters and histograms recorded from @lat.
 * @lat: Each set's latencies, ns.
 * @nr: How many of each.
 */
struct om_fixture_run {
	struct run_result r;
	uint64_t lat[SSDK_NR_SETS][NR_LAT];
	unsigned int nr[SSDK_NR_SETS];
};

static uint64_t xorshift(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

static void record(struct om_fixture_run *f, unsigned int set, uint64_t ns)
{
	f->lat[set][f->nr[set]++] = ns;
	hist_record(f->r.hists[set], ns);
	ssdk_counts_record(&f->r.st.stats[set], ns, 4096);
}

/*
 * An open-loop randrw run: every set gets the edges and their neighbours
 * (each `le`, one past it, the 1-2-5 value it stands for), the exact and
 * overflow ends, and latencies drawn log-uniformly from 100 ns to 20 s.
 */
static int make_run(struct om_fixture_run *f, uint32_t id, uint64_t seed)
{
	struct ssdk_run_config *c = &f->r.st.config;
	unsigned int le[OM_NR_LE], nr_le = om_le_buckets(le, OM_NR_LE), set, k;
	uint64_t s = seed, v;

	memset(f, 0, sizeof(*f));
	if (result_alloc_hists(&f->r))
		return -1;
	ssdk_config_init(c);
	snprintf(c->target, sizeof(c->target), "/dev/fake\"%u\\", id);
	ssdk_config_set(c, SSDK_A_RUN_RW, SSDK_RW_RANDRW);
	ssdk_config_set(c, SSDK_A_RUN_RWMIXREAD, 70);
	ssdk_config_set(c, SSDK_A_RUN_BS, 4096);
	ssdk_config_set(c, SSDK_A_RUN_IODEPTH, 4);
	ssdk_config_set(c, SSDK_A_RUN_RATE_IOPS, 1000);
	ssdk_config_set(c, SSDK_A_RUN_ARRIVALS, SSDK_ARRIVALS_POISSON);
	ssdk_config_set(c, SSDK_A_RUN_ANATOMY, 1);
	f->r.st.id = id;
	f->r.st.state = SSDK_STATE_DONE;
	f->r.st.elapsed_ns = 3000000001ULL;
	f->r.st.measured_ns = 2000000000ULL;
	for (set = 0; set < SSDK_NR_SETS; set++) {
		for (k = 0; k < nr_le; k++) {
			record(f, set, hist_bucket_upper(le[k]));
			record(f, set, hist_bucket_upper(le[k]) + 1);
			record(f, set, hist_bucket_lower(le[k]));
		}
		record(f, set, 0);
		record(f, set, 511);
		record(f, set, SSDK_HIST_MAX_NS * 2);
		while (f->nr[set] < NR_LAT - set * 100) {
			/* 100 ns * 2^(0 .. 27.6): to about 20 s */
			v = 100ULL << (xorshift(&s) % 28);
			record(f, set, v + xorshift(&s) % v);
		}
	}
	ssdk_counts_error(&f->r.st.stats[SSDK_OP_WRITE]);
	return 0;
}

/* ---- capturing stdout ------------------------------------------------- */

/*
 * What @ops prints of @r[0..n), into @fd: their job, with @total; else one
 * run's results, or the statuses of several.
 */
static void capture_fd(int fd, const struct output_ops *ops, const struct run_result *r,
		       unsigned int n, const struct run_result *total)
{
	struct output out = { .ops = ops };
	int saved;

	fflush(stdout);
	saved = dup(STDOUT_FILENO);
	dup2(fd, STDOUT_FILENO);
	if (total)
		ops->job(&out, r, n, total);
	else if (n == 1)
		ops->results(&out, r, 0);
	else
		ops->statuses(&out, r, n);
	fflush(stdout);
	dup2(saved, STDOUT_FILENO);
	close(saved);
}

/* The same, into a new file made from @tmpl, whose path it returns. */
static char *capture_path(const char *tmpl, const struct output_ops *ops,
			  const struct run_result *r, unsigned int n, const struct run_result *total)
{
	char *path = strdup(tmpl);
	int fd = mkstemp(path);

	capture_fd(fd, ops, r, n, total);
	close(fd);
	return path;
}

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	char *buf = NULL;
	size_t size = 0;

	if (f && getdelim(&buf, &size, '\0', f) < 0) {
		free(buf);
		buf = NULL;
	}
	if (f)
		fclose(f);
	return buf;
}

/* A decimal number of seconds ("0.001001471") as integer ns, exactly. */
static uint64_t seconds_ns(const char *s)
{
	uint64_t sec = strtoull(s, (char **)&s, 10), frac = 0;
	unsigned int digits = 0;

	if (*s == '.')
		for (s++; *s >= '0' && *s <= '9'; s++, digits++)
			frac = frac * 10 + (*s - '0');
	for (; digits < 9; digits++)
		frac *= 10;
	return sec * 1000000000ULL + frac;
}

/* ---- the buckets ------------------------------------------------------ */

TEST(le_buckets)
{
	static const uint64_t values[OM_NR_LE] = {
		1000, 2000, 5000, 10000, 20000, 50000, 100000, 200000, 500000,
		1000000, 2000000, 5000000, 10000000, 20000000, 50000000,
		100000000, 200000000, 500000000, 1000000000, 2000000000,
		5000000000ULL, 10000000000ULL,
	};
	unsigned int le[OM_NR_LE + 4], n = om_le_buckets(le, ARRAY_SIZE(le)), k;

	ASSERT_EQ(OM_NR_LE, (int)n);
	for (k = 0; k < n; k++) {
		/* the bucket holds its value; its edge is at most 1/256 above */
		EXPECT_LE(hist_bucket_lower(le[k]), values[k]);
		EXPECT_GE(hist_bucket_upper(le[k]), values[k]);
		EXPECT_LE(hist_bucket_upper(le[k]) - values[k], values[k] / 256);
		EXPECT_EQ(le[k], hist_bucket_index(values[k]));
		if (k)
			EXPECT_LT(le[k - 1], le[k]);
	}
	EXPECT_EQ(3U, om_le_buckets(le, 3));
	EXPECT_EQ(1001471ULL, hist_bucket_upper(le[OM_NR_LE - 13]));
}

TEST(seconds_exact)
{
	char buf[OM_SECONDS_LEN];

	EXPECT_STREQ("0.0", om_seconds(buf, 0));
	EXPECT_STREQ("0.000000001", om_seconds(buf, 1));
	EXPECT_STREQ("1.0", om_seconds(buf, 1000000000));
	EXPECT_STREQ("0.001001471", om_seconds(buf, 1001471));
	EXPECT_STREQ("3.5", om_seconds(buf, 3500000000ULL));
	EXPECT_STREQ("18446744073.709551615", om_seconds(buf, UINT64_MAX));
	EXPECT_EQ(UINT64_MAX, seconds_ns("18446744073.709551615"));
	EXPECT_EQ(1001471ULL, seconds_ns("0.001001471"));
}

/* ---- the exact counts, read back ------------------------------------- */

/* Values of @lat[0..n) that are <= @ns. */
static uint64_t count_le(const uint64_t *lat, unsigned int n, uint64_t ns)
{
	uint64_t c = 0;
	unsigned int i;

	for (i = 0; i < n; i++)
		c += lat[i] <= ns;
	return c;
}

/* The set of a histogram line's op and kind labels. */
static int line_set(const char *line)
{
	const char *op = strstr(line, "op=\""), *kind = strstr(line, "kind=\"");
	unsigned int o = 0, k = 0;

	if (!op || !kind)
		return -1;
	for (; o < SSDK_NR_OPS && strncmp(op + 4, enum_name(SSDK_SPEC_ENUM_OP, o),
					  strlen(enum_name(SSDK_SPEC_ENUM_OP, o))); o++)
		;
	for (; k <= SSDK_LAT_KIND_MAX &&
	     strncmp(kind + 6, enum_name(SSDK_SPEC_ENUM_LAT_KIND, k),
		     strlen(enum_name(SSDK_SPEC_ENUM_LAT_KIND, k))); k++)
		;
	return o + k * SSDK_NR_OPS;
}

TEST(bucket_counts_exact)
{
	struct om_fixture_run *f = malloc(sizeof(*f));
	char *path, *text, *line, *save, secs[OM_SECONDS_LEN];
	unsigned int buckets = 0, sums = 0, counts = 0;
	int set;
	uint64_t v, want, sum_ns;
	const char *le;

	ASSERT_NE(NULL, f);
	ASSERT_EQ(0, make_run(f, 7, 0x9e3779b97f4a7c15ULL));
	path = capture_path("/tmp/ssdk-om-test-XXXXXX", &output_openmetrics, &f->r, 1, NULL);
	text = slurp(path);
	unlink(path);
	ASSERT_NE(NULL, text);
	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		if (strncmp(line, "ssdk_latency_seconds_", 21))
			continue;
		set = line_set(line);
		ASSERT_LT(set, (int)SSDK_NR_SETS) TH_LOG("%s", line);
		v = strtoull(strrchr(line, ' ') + 1, NULL, 10);
		if (!strncmp(line, "ssdk_latency_seconds_bucket", 27)) {
			le = strstr(line, "le=\"") + 4;
			want = strncmp(le, "+Inf", 4) ?
			       count_le(f->lat[set], f->nr[set], seconds_ns(le)) : f->nr[set];
			EXPECT_EQ(want, v) TH_LOG("%s", line);
			buckets++;
		} else if (!strncmp(line, "ssdk_latency_seconds_count", 26)) {
			EXPECT_EQ(f->nr[set], v) TH_LOG("%s", line);
			counts++;
		} else if (!strncmp(line, "ssdk_latency_seconds_sum", 24)) {
			for (sum_ns = 0, v = 0; v < f->nr[set]; v++)
				sum_ns += f->lat[set][v];
			EXPECT_STREQ(om_seconds(secs, sum_ns), strrchr(line, ' ') + 1);
			sums++;
		}
	}
	/* an open loop with anatomy: 2 ops x 8 kinds, each 22 buckets and +Inf */
	EXPECT_EQ(SSDK_NR_SETS * (OM_NR_LE + 1U), buckets);
	EXPECT_EQ((unsigned int)SSDK_NR_SETS, counts);
	EXPECT_EQ((unsigned int)SSDK_NR_SETS, sums);
	free(text);
	result_free(&f->r);
	free(f);
}

/* A closed loop has service times only; a job's total is run="total". */
TEST(job_closed_loop)
{
	struct om_fixture_run *f = malloc(2 * sizeof(*f));
	struct run_result total, rs[2];
	char *path, *text;

	ASSERT_NE(NULL, f);
	ASSERT_EQ(0, make_run(&f[0], 1, 1));
	ASSERT_EQ(0, make_run(&f[1], 2, 2));
	f[0].r.st.config.rate_iops = 0;
	f[1].r.st.config.rate_iops = 0;
	total = f[0].r;
	rs[0] = f[0].r;
	rs[1] = f[1].r;
	path = capture_path("/tmp/ssdk-om-test-XXXXXX", &output_prometheus, rs, 2, &total);
	text = slurp(path);
	unlink(path);
	ASSERT_NE(NULL, text);
	EXPECT_NE(NULL, strstr(text, "ssdk_ios_total{run=\"total\""));
	EXPECT_NE(NULL, strstr(text, "ssdk_ios_total{run=\"2\",target=\"/dev/fake\\\"2\\\\\""));
	EXPECT_EQ(NULL, strstr(text, "kind=\"response\""));
	EXPECT_NE(NULL, strstr(text, "# TYPE ssdk_ios_total counter\n"));
	EXPECT_NE(NULL, strstr(text, "# TYPE ssdk_run_info gauge\n"));
	EXPECT_EQ(NULL, strstr(text, "# EOF"));
	EXPECT_EQ(NULL, strstr(text, "# UNIT"));
	free(text);
	result_free(&f[0].r);
	result_free(&f[1].r);
	free(f);
}

/* ---- the real parsers' files ------------------------------------------ */

/* The latencies of each run's sets, as JSON, to @out: {"ID": {"SET": [ns, ...]}}. */
static void truth_json(FILE *out, const struct om_fixture_run *f, unsigned int n)
{
	unsigned int i, set, k;

	fputc('{', out);
	for (i = 0; i < n; i++) {
		fprintf(out, "%s\"%u\": {", i ? ", " : "", f[i].r.st.id);
		for (set = 0; set < SSDK_NR_SETS; set++) {
			fprintf(out, "%s\"%s %s\": [", set ? ", " : "",
				enum_name(SSDK_SPEC_ENUM_OP, set % SSDK_NR_OPS),
				enum_name(SSDK_SPEC_ENUM_LAT_KIND, set / SSDK_NR_OPS));
			for (k = 0; k < f[i].nr[set]; k++)
				fprintf(out, "%s%" PRIu64, k ? ", " : "", f[i].lat[set][k]);
			fputc(']', out);
		}
		fputc('}', out);
	}
	fputs("}\n", out);
}

/* @ops's text of @n runs' statuses, to @dir/@name; 0 or -1. */
static int emit_dialect(const char *dir, const char *name, const struct output_ops *ops,
			const struct run_result *r, unsigned int n)
{
	char path[PATH_MAX];
	int fd;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0) {
		perror(path);
		return -1;
	}
	capture_fd(fd, ops, r, n, NULL);
	return close(fd);
}

/*
 * Two runs, an open loop done and a closed loop running, in both dialects
 * (@dir/ssdk.om, @dir/ssdk.prom), and the latencies they were made of
 * (@dir/truth.json): what tests/output_formats.py has prometheus_client's
 * parsers read (openmetrics_check.py), node_exporter's textfile collector
 * serve, a Prometheus server scrape, and promtool lint. 0, or -1 with
 * what failed on stderr.
 */
static int emit(const char *dir)
{
	struct om_fixture_run *f = malloc(2 * sizeof(*f));
	char path[PATH_MAX];
	struct run_result rs[2];
	FILE *truth;
	int ret = -1;

	if (!f || make_run(&f[0], 3, 3)) {
		free(f);
		return -1;
	}
	if (make_run(&f[1], 4, 4))
		goto out0;
	f[1].r.st.config.rate_iops = 0;
	f[1].r.st.state = SSDK_STATE_RUNNING;
	rs[0] = f[0].r;
	rs[1] = f[1].r;
	snprintf(path, sizeof(path), "%s/truth.json", dir);
	truth = fopen(path, "w");
	if (!truth) {
		perror(path);
		goto out1;
	}
	truth_json(truth, f, 2);
	if (fclose(truth) || emit_dialect(dir, "ssdk.om", &output_openmetrics, rs, 2) ||
	    emit_dialect(dir, "ssdk.prom", &output_prometheus, rs, 2))
		goto out1;
	ret = 0;
out1:
	result_free(&f[1].r);
out0:
	result_free(&f[0].r);
	free(f);
	return ret;
}

/*
 * openmetrics_test: the tests, as the harness runs them (its options);
 * openmetrics_test --emit DIR: the real parsers' files, for
 * output_formats.py.
 */
int main(int argc, char **argv)
{
	if (argc == 3 && !strcmp(argv[1], "--emit"))
		return emit(argv[2]) ? 1 : 0;
	return test_harness_run(argc, argv);
}
