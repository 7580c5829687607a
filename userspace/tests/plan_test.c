// SPDX-License-Identifier: GPL-2.0
/*
 * Host tests of the plans of several steps (cli/model/steps.c), on the
 * kselftest harness: the runs a precondition makes (a pass writes every
 * byte of the span once, its tail included; what each mode refuses;
 * WDPC's defaults), the new-vs-used study's sequence, and its table's
 * figures from hand-made results.
 */

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <linux/ssdk.h>

#include "steps.h"
#include "values.h"
/* After values.h: its ARRAY_SIZE is not the harness's, which gives way. */
#include "kselftest_harness.h"

#define MiB	(1ull << 20)

/* Integers of any type and sign, compared as their values. */
#define EQ(want, seen)	EXPECT_EQ((int64_t)(want), (int64_t)(seen))

static void base_cfg(struct ssdk_run_config *c, uint64_t offset, uint64_t span)
{
	ssdk_config_init(c);
	ssdk_config_set_target(c, "/dev/nvme0n1");
	ssdk_config_set(c, SSDK_A_RUN_ALLOW_WRITE, 1);
	ssdk_config_set(c, SSDK_A_RUN_OFFSET, offset);
	ssdk_config_set(c, SSDK_A_RUN_SPAN, span);
}

static uint64_t get(const struct step *s, uint32_t attr)
{
	return ssdk_config_get(&s->cfg, attr);
}

/* Bytes a step's run writes: its IOs of its one block size. */
static uint64_t step_bytes(const struct step *s)
{
	return get(s, SSDK_A_RUN_IOS) * get(s, SSDK_A_RUN_BS);
}

FIXTURE(plan) {
	struct plan *p;
	struct ssdk_run_config base;
	char err[256];
};

FIXTURE_SETUP(plan)
{
	self->p = calloc(1, sizeof(*self->p));
	ASSERT_NE(NULL, self->p);
	base_cfg(&self->base, 8 * MiB, 64 * MiB);
}

FIXTURE_TEARDOWN(plan)
{
	free(self->p);
}

/* SNIA's WIPC: two sequential passes of 128k over the span, in order. */
TEST_F(plan, wipc_two_passes)
{
	const struct step *s;
	unsigned int i;

	ASSERT_EQ(0, plan_precondition(self->p, &self->base, PRECOND_WIPC, 2, self->err,
				       sizeof(self->err)));
	ASSERT_EQ(2U, self->p->nr);
	EQ(8 * MiB, self->p->offset);
	EQ(64 * MiB, self->p->span);
	for (i = 0; i < 2; i++) {
		s = &self->p->steps[i];
		EQ(STEP_RUN, s->kind);
		EQ(-1, s->workload);
		EQ(SSDK_RW_WRITE, get(s, SSDK_A_RUN_RW));
		EQ(128 * 1024, get(s, SSDK_A_RUN_BS));
		EQ(8 * MiB, get(s, SSDK_A_RUN_OFFSET));
		EQ(64 * MiB, get(s, SSDK_A_RUN_SPAN));
		EQ(512U, get(s, SSDK_A_RUN_IOS));
		EQ(32U, get(s, SSDK_A_RUN_IODEPTH));
		EQ(1U, get(s, SSDK_A_RUN_ALLOW_WRITE));
		EXPECT_STREQ("/dev/nvme0n1", s->cfg.target);
		EXPECT_FALSE(ssdk_config_is_set(&s->cfg, SSDK_A_RUN_RUNTIME_NS));
	}
	EXPECT_STREQ("wipc: 128k sequential writes, pass 1 of 2", self->p->steps[0].what);
	EXPECT_STREQ("wipc: 128k sequential writes, pass 2 of 2", self->p->steps[1].what);
}

/* A span of no whole number of blocks: its tail is written once per pass. */
TEST_F(plan, wipc_tail)
{
	uint64_t span = 64 * MiB + 12 * 1024, total = 0;
	const struct step *s;
	unsigned int i;

	base_cfg(&self->base, 0, span);
	ssdk_config_set(&self->base, SSDK_A_RUN_IODEPTH, 4);
	ASSERT_EQ(0, plan_precondition(self->p, &self->base, PRECOND_WIPC, 3, self->err,
				       sizeof(self->err)));
	ASSERT_EQ(6U, self->p->nr);
	for (i = 0; i < self->p->nr; i++) {
		s = &self->p->steps[i];
		total += step_bytes(s);
		if (i % 2) {
			EQ(64 * MiB, get(s, SSDK_A_RUN_OFFSET));
			EQ(12 * 1024U, get(s, SSDK_A_RUN_SPAN));
			EQ(12 * 1024U, get(s, SSDK_A_RUN_BS));
			EQ(1U, get(s, SSDK_A_RUN_IOS));
			EQ(1U, get(s, SSDK_A_RUN_IODEPTH));
		} else {
			EQ(0U, get(s, SSDK_A_RUN_OFFSET));
			EQ(64 * MiB, get(s, SSDK_A_RUN_SPAN));
			EQ(4U, get(s, SSDK_A_RUN_IODEPTH));
		}
	}
	EQ(3 * span, total);
	EXPECT_STREQ("wipc: the span's last 12k, pass 3 of 3", self->p->steps[5].what);
}

/* A span smaller than a block: the tail alone. */
TEST_F(plan, wipc_small_span)
{
	base_cfg(&self->base, 0, 64 * 1024);
	ASSERT_EQ(0, plan_precondition(self->p, &self->base, PRECOND_WIPC, 1, self->err,
				       sizeof(self->err)));
	ASSERT_EQ(1U, self->p->nr);
	EQ(64 * 1024U, step_bytes(&self->p->steps[0]));
}

TEST_F(plan, wipc_bs_and_pattern_from_the_line)
{
	ssdk_config_set(&self->base, SSDK_A_RUN_BS, 1 << 20);
	ssdk_config_set(&self->base, SSDK_A_RUN_PATTERN, SSDK_PATTERN_COMPRESSIBLE);
	ssdk_config_set(&self->base, SSDK_A_RUN_COMPRESS_PCT, 50);
	ASSERT_EQ(0, plan_precondition(self->p, &self->base, PRECOND_WIPC, 2, self->err,
				       sizeof(self->err)));
	EQ(1U << 20, get(&self->p->steps[0], SSDK_A_RUN_BS));
	EQ(64U, get(&self->p->steps[0], SSDK_A_RUN_IOS));
	EQ(SSDK_PATTERN_COMPRESSIBLE, get(&self->p->steps[1], SSDK_A_RUN_PATTERN));
	EQ(50U, get(&self->p->steps[1], SSDK_A_RUN_COMPRESS_PCT));
}

TEST_F(plan, wipc_and_used_refuse_io_options)
{
	static const uint32_t refused[] = {
		SSDK_A_RUN_RW, SSDK_A_RUN_RUNTIME_NS, SSDK_A_RUN_IOS, SSDK_A_RUN_ROUNDS,
		SSDK_A_RUN_RATE_IOPS, SSDK_A_RUN_PURGE, SSDK_A_RUN_RAMP_NS,
	};
	struct ssdk_run_config c;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(refused); i++) {
		c = self->base;
		ssdk_config_set(&c, refused[i], 1);
		EQ(-1, plan_precondition(self->p, &c, PRECOND_WIPC, 2, self->err,
						sizeof(self->err)));
		EXPECT_NE(NULL, strstr(self->err, ": not with precondition wipc, which sets it itself"))
			TH_LOG("%s", self->err);
		EQ(-1, plan_precondition(self->p, &c, PRECOND_USED, 1, self->err,
						sizeof(self->err)));
	}
	c = self->base;
	ssdk_config_set(&c, SSDK_A_RUN_RW, SSDK_RW_WRITE);
	plan_precondition(self->p, &c, PRECOND_USED, 1, self->err, sizeof(self->err));
	EXPECT_STREQ("rw: not with precondition used, which sets it itself", self->err);
}

/* The seeds' used drive: a sequential fill, then random writes of passes x the span. */
TEST_F(plan, used)
{
	const struct step *s;

	ASSERT_EQ(0, plan_precondition(self->p, &self->base, PRECOND_USED, 3, self->err,
				       sizeof(self->err)));
	ASSERT_EQ(2U, self->p->nr);
	s = &self->p->steps[0];
	EQ(SSDK_RW_WRITE, get(s, SSDK_A_RUN_RW));
	EQ(64 * MiB, step_bytes(s));
	EXPECT_STREQ("used: fill: 128k sequential writes", s->what);
	s = &self->p->steps[1];
	EQ(SSDK_RW_RANDWRITE, get(s, SSDK_A_RUN_RW));
	EQ(4096U, get(s, SSDK_A_RUN_BS));
	EQ(3 * 64 * MiB, step_bytes(s));
	EQ(8 * MiB, get(s, SSDK_A_RUN_OFFSET));
	EQ(64 * MiB, get(s, SSDK_A_RUN_SPAN));
	EXPECT_STREQ("used: 4k random writes, 3 x the span", s->what);
	/* --bs is the random writes' size; --passes 0, the fill alone. */
	ssdk_config_set(&self->base, SSDK_A_RUN_BS, 16384);
	ASSERT_EQ(0, plan_precondition(self->p, &self->base, PRECOND_USED, 1, self->err,
				       sizeof(self->err)));
	EQ(16384U, get(&self->p->steps[1], SSDK_A_RUN_BS));
	EQ(128 * 1024U, get(&self->p->steps[0], SSDK_A_RUN_BS));
	ASSERT_EQ(0, plan_precondition(self->p, &self->base, PRECOND_USED, 0, self->err,
				       sizeof(self->err)));
	EQ(1U, self->p->nr);
}

/* SNIA's WDPC: the workload, in 25 rounds of a minute to steady IOPS unless said. */
TEST_F(plan, wdpc)
{
	const struct step *s;

	EQ(-1, plan_precondition(self->p, &self->base, PRECOND_WDPC, 1, self->err,
					sizeof(self->err)));
	EXPECT_STREQ("rw: precondition wdpc runs a workload that writes (--rw)", self->err);
	ssdk_config_set(&self->base, SSDK_A_RUN_RW, SSDK_RW_RANDRW);
	ssdk_config_set(&self->base, SSDK_A_RUN_RWMIXREAD, 100);
	EQ(-1, plan_precondition(self->p, &self->base, PRECOND_WDPC, 1, self->err,
					sizeof(self->err)));
	ssdk_config_set(&self->base, SSDK_A_RUN_RWMIXREAD, 70);
	ssdk_config_set(&self->base, SSDK_A_RUN_IODEPTH, 8);
	ASSERT_EQ(0, plan_precondition(self->p, &self->base, PRECOND_WDPC, 1, self->err,
				       sizeof(self->err)));
	ASSERT_EQ(1U, self->p->nr);
	s = &self->p->steps[0];
	EQ(25U, get(s, SSDK_A_RUN_ROUNDS));
	EQ(60000000000ULL, get(s, SSDK_A_RUN_ROUND_NS));
	EQ(SSDK_STEADY_TRACK_IOPS, get(s, SSDK_A_RUN_STEADY_TRACK));
	EQ(70U, get(s, SSDK_A_RUN_RWMIXREAD));
	EXPECT_FALSE(ssdk_config_is_set(&s->cfg, SSDK_A_RUN_IOS));
	EXPECT_STREQ("wdpc: randrw 4k QD8 to steady state", s->what);
	ssdk_config_set(&self->base, SSDK_A_RUN_ROUNDS, 40);
	ssdk_config_set(&self->base, SSDK_A_RUN_STEADY_TRACK, SSDK_STEADY_TRACK_BW);
	ASSERT_EQ(0, plan_precondition(self->p, &self->base, PRECOND_WDPC, 1, self->err,
				       sizeof(self->err)));
	EQ(40U, get(&self->p->steps[0], SSDK_A_RUN_ROUNDS));
	EQ(SSDK_STEADY_TRACK_BW, get(&self->p->steps[0], SSDK_A_RUN_STEADY_TRACK));
	ssdk_config_set(&self->base, SSDK_A_RUN_RUNTIME_NS, 1000);
	EQ(-1, plan_precondition(self->p, &self->base, PRECOND_WDPC, 1, self->err,
					sizeof(self->err)));
	EXPECT_STREQ("runtime-ns: not with precondition wdpc, which sets it itself", self->err);
}

/* Two workloads: purge, both new, fill, random, both used, discard, both after TRIM. */
TEST_F(plan, study_sequence)
{
	static const int phase[] = { 0, 0, 0, 1, 1, 1, 1, 2, 2, 2 };
	static const int workload[] = { -1, 0, 1, -1, -1, 0, 1, -1, 0, 1 };
	struct ssdk_run_config wl[2], purge = self->base;
	unsigned int i;

	wl[0] = self->base;
	ssdk_config_set(&wl[0], SSDK_A_RUN_RW, SSDK_RW_RANDWRITE);
	ssdk_config_set(&wl[0], SSDK_A_RUN_IODEPTH, 3);
	wl[1] = self->base;
	ssdk_config_set(&wl[1], SSDK_A_RUN_RW, SSDK_RW_READ);
	ssdk_config_set(&wl[1], SSDK_A_RUN_BS, 128 * 1024);
	ASSERT_EQ(0, plan_study(self->p, &self->base, wl, 2, &purge, NVME_ERASE_FORMAT, 2,
				self->err, sizeof(self->err)));
	ASSERT_EQ(ARRAY_SIZE(phase), self->p->nr);
	EXPECT_STREQ("randwrite 4k QD3", self->p->workloads[0]);
	EXPECT_STREQ("read 128k QD1", self->p->workloads[1]);
	for (i = 0; i < self->p->nr; i++) {
		EQ(phase[i], (int)self->p->steps[i].phase) TH_LOG("step %u", i);
		EQ(workload[i], self->p->steps[i].workload) TH_LOG("step %u", i);
	}
	EQ(STEP_DRIVE, self->p->steps[0].kind);
	EQ(NVME_ERASE_FORMAT, self->p->steps[0].drive);
	EXPECT_STREQ("new: nvme-format of the namespace", self->p->steps[0].what);
	EXPECT_STREQ("new: randwrite 4k QD3", self->p->steps[1].what);
	EQ(2 * 64 * MiB, step_bytes(&self->p->steps[4]));
	EQ(SSDK_PURGE_METHOD_DISCARD, get(&self->p->steps[7], SSDK_A_RUN_PURGE));
	EQ(8 * MiB, get(&self->p->steps[7], SSDK_A_RUN_OFFSET));
	EQ(64 * MiB, get(&self->p->steps[7], SSDK_A_RUN_SPAN));
	EXPECT_STREQ("trim: read 128k QD1", self->p->steps[9].what);
	/* The module's purge instead of the drive's. */
	ssdk_config_set(&purge, SSDK_A_RUN_PURGE, SSDK_PURGE_METHOD_WRITE_ZEROES);
	ASSERT_EQ(0, plan_study(self->p, &self->base, wl, 2, &purge, -1, 1, self->err,
				sizeof(self->err)));
	EQ(STEP_RUN, self->p->steps[0].kind);
	EXPECT_STREQ("new: write-zeroes of the span", self->p->steps[0].what);
	EQ(-1, plan_study(self->p, &self->base, wl, PLAN_MAX_WORKLOADS + 1, &purge, -1, 1,
				 self->err, sizeof(self->err)));
}

/* ssdk ctl purge by the drive: one step, the NVMe namespace's or the SATA drive's. */
TEST_F(plan, purge_by_the_drive)
{
	int ata = drive_erase_find("ata-secure-erase-enhanced");

	plan_purge(self->p, &self->base, NVME_ERASE_SANITIZE_BLOCK, 512 * MiB);
	ASSERT_EQ(1u, self->p->nr);
	EXPECT_STREQ("nvme-sanitize-block", self->p->name);
	EQ(512 * MiB, self->p->span);
	EQ(STEP_DRIVE, self->p->steps[0].kind);
	EQ(NVME_ERASE_SANITIZE_BLOCK, self->p->steps[0].drive);
	EXPECT_STREQ("nvme-sanitize-block of the namespace", self->p->steps[0].what);

	EQ(DRIVE_ERASE_ATA + ATA_ERASE_ENHANCED, ata);
	EXPECT_TRUE(drive_erase_is_ata(ata));
	EXPECT_FALSE(drive_erase_is_ata(NVME_ERASE_FORMAT));
	EQ(-1, drive_erase_find("ata-secure-erase-enhanced "));
	plan_purge(self->p, &self->base, ata, 64 * MiB);
	ASSERT_EQ(1u, self->p->nr);
	EXPECT_STREQ("ata-secure-erase-enhanced", self->p->name);
	EQ(STEP_DRIVE, self->p->steps[0].kind);
	EQ(ata, self->p->steps[0].drive);
	EXPECT_STREQ("ata-secure-erase-enhanced of the drive", self->p->steps[0].what);
}

/* A measured step's figures: both ops over the measurement window. */
static void measured(struct step *s, uint64_t r_ios, uint64_t w_ios, uint64_t bs,
		     uint64_t lat_ns, uint64_t max_ns, uint64_t window_ns)
{
	struct ssdk_run_status *st = &s->res.st;

	s->state = STEP_DONE;
	st->measured_ns = window_ns;
	st->stats[SSDK_OP_READ] = (struct ssdk_counts){ .ios = r_ios, .bytes = r_ios * bs,
		.lat_sum_ns = r_ios * lat_ns, .lat_max_ns = max_ns, .lat_min_ns = 1 };
	st->stats[SSDK_OP_WRITE] = (struct ssdk_counts){ .ios = w_ios, .bytes = w_ios * bs,
		.lat_sum_ns = w_ios * lat_ns * 3, .lat_max_ns = max_ns / 2, .lat_min_ns = 1 };
}

TEST_F(plan, study_table)
{
	struct ssdk_run_config wl = self->base, purge = self->base;
	struct study_cell c[NR_PHASES];

	ssdk_config_set(&purge, SSDK_A_RUN_PURGE, SSDK_PURGE_METHOD_DISCARD);
	ASSERT_EQ(0, plan_study(self->p, &self->base, &wl, 1, &purge, -1, 1, self->err,
				sizeof(self->err)));
	ASSERT_EQ(7U, self->p->nr);
	/* new: 1000 reads + 1000 writes of 4k in 1 s, reads 100 us, writes 300 us */
	measured(&self->p->steps[1], 1000, 1000, 4096, 100000, 2000000, 1000000000);
	/* used: a quarter of it in 1 s */
	measured(&self->p->steps[4], 250, 250, 4096, 100000, 8000000, 1000000000);
	study_cell(self->p, 0, PHASE_NEW, &c[0]);
	study_cell(self->p, 0, PHASE_USED, &c[1]);
	study_cell(self->p, 0, PHASE_TRIM, &c[2]);
	EXPECT_TRUE(c[0].ran);
	EXPECT_EQ(2000 * 4096.0, c[0].bw_bytes);
	EXPECT_EQ(2000.0, c[0].iops);
	EXPECT_EQ(200000.0, c[0].mean_ns);
	EQ(2000000U, c[0].max_ns);
	EQ(8000000U, c[1].max_ns);
	EXPECT_FALSE(c[2].ran);
	EXPECT_EQ(-75.0, ssdk_change_pct(c[0].bw_bytes, c[1].bw_bytes));
	EXPECT_EQ(300.0, ssdk_change_pct(c[0].max_ns, c[1].max_ns));
	EXPECT_EQ(0.0, ssdk_change_pct(0, c[1].bw_bytes));
	/* Not ended as planned: the step that stopped decides. */
	EQ(STEP_PENDING, plan_state(self->p));
	self->p->steps[0].state = STEP_DONE;
	self->p->steps[2].state = STEP_DONE;
	self->p->steps[3].state = STEP_STOPPED;
	EQ(STEP_STOPPED, plan_state(self->p));
	/* Written: the workloads' writes and the used state's, never a purge's. */
	self->p->steps[0].kind = STEP_RUN;
	self->p->steps[0].res.st.stats[SSDK_OP_WRITE].bytes = 1ull << 40;
	self->p->steps[3].res.st.stats[SSDK_OP_WRITE].bytes = 5;
	EQ(1000 * 4096 + 250 * 4096 + 5ULL, plan_bytes_written(self->p));
}

TEST(labels)
{
	struct ssdk_run_config c;
	char b[64];

	ssdk_config_init(&c);
	EXPECT_STREQ("randread 4k QD1", workload_label(b, sizeof(b), &c));
	ssdk_config_set(&c, SSDK_A_RUN_RW, SSDK_RW_RANDRW);
	ssdk_config_add_bs(&c, 4096, 70);
	ssdk_config_add_bs(&c, 65536, 30);
	ssdk_config_set(&c, SSDK_A_RUN_IODEPTH, 32);
	EXPECT_STREQ("randrw 2 sizes QD32", workload_label(b, sizeof(b), &c));
}

TEST_HARNESS_MAIN
