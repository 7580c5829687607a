// SPDX-License-Identifier: GPL-2.0
/*
 * Host tests of anatomy's rules in libssdk (lib/anatomy.c), on the
 * kselftest harness: where the slowest IOs' time went (records without
 * stages left out, none at all), and a run's worst stall: which records
 * it held (half as slow and in flight with the worst, not one less), the
 * intervals it silenced, its stage, and its paragraph, whole and cut.
 */

#include <errno.h>
#include <string.h>

#include "libssdk.h"
#include "kselftest_harness.h"

#define MS	1000000ULL

/* A record of an IO submitted at @t_ms that took @lat_ms, its stages @b, @d, @e (ms). */
static struct ssdk_io_rec rec(uint64_t t_ms, uint64_t lat_ms, int stages, uint64_t b,
			      uint64_t d, uint64_t e)
{
	struct ssdk_io_rec r = { .lat_ns = lat_ms * MS, .t_ns = t_ms * MS, .len = 4096,
				 .op = SSDK_OP_READ, .offset = t_ms * 4096, .inflight = 4 };

	if (stages) {
		r.stages = SSDK_STAGE_BIT(SSDK_LAT_KIND_DEVICE) | SSDK_STAGE_BIT(SSDK_LAT_KIND_REAP);
		r.stage_ns[SSDK_LAT_KIND_DEVICE - SSDK_LAT_KIND_BLOCK] = d * MS;
		if (b || e) {
			r.stages |= SSDK_STAGE_BIT(SSDK_LAT_KIND_BLOCK) |
				    SSDK_STAGE_BIT(SSDK_LAT_KIND_END_IO);
			r.stage_ns[0] = b * MS;
			r.stage_ns[SSDK_LAT_KIND_END_IO - SSDK_LAT_KIND_BLOCK] = e * MS;
		}
	}
	return r;
}

TEST(tail_stages)
{
	struct ssdk_io_rec ios[3] = { rec(0, 10, 1, 1, 8, 1), rec(5, 10, 1, 3, 6, 1),
				      rec(9, 50, 0, 0, 0, 0) };
	double share[SSDK_NR_STAGES];

	EXPECT_EQ(SSDK_LAT_KIND_DEVICE, ssdk_tail_stages(ios, 3, share));
	EXPECT_EQ(0.2, share[0]);	/* block: 4 of 20 ms; the third has no stages */
	EXPECT_EQ(0.7, share[SSDK_LAT_KIND_DEVICE - SSDK_LAT_KIND_BLOCK]);
	EXPECT_EQ(0.1, share[SSDK_LAT_KIND_END_IO - SSDK_LAT_KIND_BLOCK]);
	EXPECT_EQ(0.0, share[SSDK_LAT_KIND_REAP - SSDK_LAT_KIND_BLOCK]);
	EXPECT_EQ(-1, ssdk_tail_stages(ios + 2, 1, share));
	EXPECT_EQ(-1, ssdk_tail_stages(ios, 0, share));
	EXPECT_EQ(1, ssdk_stage_in_latency(SSDK_LAT_KIND_END_IO));
	EXPECT_EQ(0, ssdk_stage_in_latency(SSDK_LAT_KIND_IDLE));
	EXPECT_EQ((uint32_t)SSDK_A_IO_IDLE_NS, ssdk_stage_io_attr(SSDK_LAT_KIND_IDLE));
	EXPECT_EQ(0U, ssdk_stage_io_attr(SSDK_LAT_KIND_LATENESS));
}

/*
 * The worst IO (600 ms from 1 s) held three: 300 ms exactly (half: in),
 * 299 ms (one less than half: out), and one of 500 ms that ended as the
 * worst began (out: not in flight with it); a slow one elsewhere is not
 * held either. Of the 100 ms intervals, 1.1 s to 1.5 s saw nothing
 * complete, 1.5 s to 1.6 s did, 1.6 s ends past the stall.
 */
TEST(worst_stall)
{
	struct ssdk_io_rec ios[] = {
		rec(1000, 600, 1, 0, 600, 0), rec(1100, 300, 1, 0, 300, 0),
		rec(1001, 299, 1, 0, 299, 0), rec(500, 500, 1, 0, 500, 0),
		rec(5000, 400, 1, 0, 400, 0), rec(1200, 1, 1, 0, 1, 0),
	};
	struct ssdk_ts_point ts[17] = { 0 };
	char text[SSDK_STALL_TEXT_LEN];
	struct ssdk_stall s;
	unsigned int i;

	for (i = 0; i < 17; i++) {
		ts[i].index = i;
		ts[i].op[SSDK_OP_READ].ios = i >= 11 && i < 15 ? 0 : 100;
	}
	ASSERT_EQ(0, ssdk_worst_stall(ios, 6, ts, 17, 100 * MS, &s));
	EXPECT_EQ(1000 * MS, s.start_ns);
	EXPECT_EQ(1600 * MS, s.end_ns);
	EXPECT_EQ(600 * MS, s.max_ns);
	EXPECT_EQ(2U, s.ios);
	EXPECT_EQ(300 * MS, s.min_ns);
	EXPECT_EQ(1000 * MS, s.first_submit_ns);
	EXPECT_EQ(1100 * MS, s.last_submit_ns);
	EXPECT_EQ(4U, s.silent_intervals);
	EXPECT_EQ(1100 * MS, s.silent_from_ns);
	EXPECT_EQ(1500 * MS, s.silent_to_ns);
	EXPECT_EQ(SSDK_LAT_KIND_DEVICE, s.top_stage);
	EXPECT_EQ(2U, s.unsplit);
	ASSERT_EQ(0, ssdk_stall_text(&s, 100 * MS, text, sizeof(text)));
	EXPECT_NE(NULL, strstr(text, "The worst stall began 1.000 s into the run and lasted "
				     "600.000 ms: a read of 4 KiB at offset 4096000"));
	EXPECT_NE(NULL, strstr(text, "It held 2 IOs, submitted from 1.000 s to 1.100 s, each "
				     "300.000 ms to 600.000 ms."));
	EXPECT_NE(NULL, strstr(text, "No IO completed from 1.100 s to 1.500 s (4 intervals of "
				     "100.000 ms)"));
	EXPECT_NE(NULL, strstr(text, "Their time was 100.0% device, 0.0% block, 0.0% end-io."));
	EXPECT_NE(NULL, strstr(text, "2 of them went through a bio-based device"));
	/* cut short: as much as fits, said */
	EXPECT_EQ(-ENOSPC, ssdk_stall_text(&s, 100 * MS, text, 40));
	EXPECT_EQ(39U, strlen(text));
	EXPECT_EQ(-EINVAL, ssdk_stall_text(&s, 100 * MS, text, 0));
}

/* Without stages nor a time series: no stage, no silence known; no records: none. */
TEST(worst_stall_plain)
{
	struct ssdk_io_rec ios[] = { rec(10, 20, 0, 0, 0, 0), rec(12, 15, 0, 0, 0, 0) };
	char text[SSDK_STALL_TEXT_LEN];
	struct ssdk_stall s;

	ASSERT_EQ(0, ssdk_worst_stall(ios, 2, NULL, 0, 0, &s));
	EXPECT_EQ(-1, s.top_stage);
	EXPECT_EQ(2U, s.ios);
	ASSERT_EQ(0, ssdk_stall_text(&s, 0, text, sizeof(text)));
	EXPECT_NE(NULL, strstr(text, "run with --anatomy"));
	/* it held every record: the log may have been too short to say how many */
	EXPECT_EQ(2U, s.records);
	EXPECT_NE(NULL, strstr(text, "It held at least 2 IOs (every one of the slowest kept"));
	EXPECT_EQ(NULL, strstr(text, "completed from"));
	EXPECT_EQ(-ENODATA, ssdk_worst_stall(ios, 0, NULL, 0, 0, &s));
	EXPECT_EQ(-ENODATA, ssdk_stall_text(&s, 0, text, sizeof(text)));
}

TEST_HARNESS_MAIN
