// SPDX-License-Identifier: GPL-2.0
/*
 * Host tests of the userspace engines (engines/), on the kselftest
 * harness, on a file of the build's filesystem with O_DIRECT: writes
 * land exactly where the module's placement puts them, with the bytes
 * the module's data generator makes for the same seed (recomputed here
 * from ../common/access.c and pattern.c); compressible data compresses
 * with zlib as asked; psync at iodepth N (N threads) does every IO once;
 * a read between two writes of a fixed pattern does not leak into the
 * second; writes without consent are refused and write nothing.
 */

#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <zlib.h>

#include "engine.h"
#include "access.h"
#include "hist.h"
#include "pattern.h"
#include "kselftest_harness.h"

#define FILE_SIZE	(1u << 20)
#define BS		4096u
#define SEED		7u

/* Integers of any type and sign, compared as their values. */
#define EQ(want, seen)	EXPECT_EQ((int64_t)(want), (int64_t)(seen))

static const struct engine_ops *const all[] = { &engine_uring, &engine_libaio, &engine_psync };

/* A file of FILE_SIZE bytes of @byte, beside the test: its path in @path. */
static void make_file(char *path, size_t size, int byte)
{
	char *buf = malloc(FILE_SIZE);
	int fd;

	snprintf(path, size, "engines_test.%d.tmp", getpid());
	fd = open(path, O_CREAT | O_TRUNC | O_WRONLY, 0600);
	memset(buf, byte, FILE_SIZE);
	if (fd < 0 || write(fd, buf, FILE_SIZE) != FILE_SIZE || fsync(fd))
		abort();
	close(fd);
	free(buf);
}

static uint8_t *read_file(const char *path)
{
	uint8_t *buf = malloc(FILE_SIZE);
	int fd = open(path, O_RDONLY);

	if (fd < 0 || read(fd, buf, FILE_SIZE) != FILE_SIZE)
		abort();
	close(fd);
	return buf;
}

static void config(struct ssdk_run_config *c, const char *path, uint32_t rw, uint32_t qd,
		   uint64_t ios)
{
	ssdk_config_init(c);
	ssdk_config_set_target(c, path);
	ssdk_config_set(c, SSDK_A_RUN_RW, rw);
	ssdk_config_set(c, SSDK_A_RUN_BS, BS);
	ssdk_config_set(c, SSDK_A_RUN_IODEPTH, qd);
	ssdk_config_set(c, SSDK_A_RUN_IOS, ios);
	ssdk_config_set(c, SSDK_A_RUN_SPAN, FILE_SIZE);
	ssdk_config_set(c, SSDK_A_RUN_SEED, SEED);
	ssdk_config_set(c, SSDK_A_RUN_ALLOW_WRITE, 1);
}

/*
 * What a run of @c leaves in a file of @byte: its writes in the order
 * the placement draws them (the order they land in when they do not
 * overlap, or at iodepth 1), each with the data the generator makes.
 * Which blocks it wrote go in @wrote (one flag per block).
 */
static uint8_t *expected(const struct ssdk_run_config *c, int byte, uint8_t *wrote)
{
	struct ssdk_access_cfg ac = {
		.rw = c->rw, .rwmixread = ssdk_config_is_set(c, SSDK_A_RUN_RWMIXREAD) ?
					  c->rwmixread : SSDK_DEFAULT_RWMIXREAD,
		.nr_bs = 1, .bs = { BS }, .pct = { 100 }, .align = BS,
		.span = FILE_SIZE, .seed = c->seed,
	};
	uint8_t *want = malloc(FILE_SIZE), *pool = NULL;
	struct ssdk_access a;
	struct ssdk_data d;
	const uint8_t *src;
	uint64_t i, off, key;
	uint32_t len;
	uint8_t op;

	for (i = 0; i < c->nr_bs; i++) {
		ac.bs[i] = c->bs_split[i].bs;
		ac.pct[i] = c->bs_split[i].pct;
		ac.nr_bs = i + 1;
	}
	memset(want, byte, FILE_SIZE);
	if (ssdk_pattern_pooled(c->pattern))
		pool = malloc(SSDK_PATTERN_POOL_SIZE);
	ssdk_pattern_init(&d, c->pattern, c->pattern_byte, c->compress_pct, c->seed, pool);
	ssdk_access_init(&a, &ac);
	for (i = 0; i < c->ios; i++) {
		ssdk_access_next(&a, &op, &len, &off);
		if (op != SSDK_OP_WRITE)
			continue;
		if (wrote)
			wrote[off / BS] = 1;
		if (!pool) {
			memset(want + off, d.byte, len);
			continue;
		}
		src = ssdk_pattern_next(&d, len, &key);
		ssdk_pattern_copy(&d, want + off, src, len, key);
	}
	free(pool);
	return want;
}

static uint64_t hist_sum(const uint64_t *hists, unsigned int op)
{
	uint64_t n = 0;
	unsigned int i;

	for (i = 0; i < SSDK_HIST_NR_BUCKETS; i++)
		n += hists[op * SSDK_HIST_NR_BUCKETS + i];
	return n;
}

/* Run @c with @ops; the run must end done. */
static void run(struct __test_metadata *_metadata, const struct engine_ops *ops,
		const struct ssdk_run_config *c, struct ssdk_run_status *st)
{
	uint64_t *hists = calloc(SSDK_NR_SETS, SSDK_HIST_NR_BUCKETS * sizeof(*hists));
	char err[512] = "";

	ASSERT_EQ(0, ujob_run(ops, c, st, hists, err, sizeof(err))) TH_LOG("%s: %s", ops->name, err);
	EQ(SSDK_STATE_DONE, st->state);
	EQ(st->stats[SSDK_OP_READ].ios, hist_sum(hists, SSDK_OP_READ));
	EQ(st->stats[SSDK_OP_WRITE].ios, hist_sum(hists, SSDK_OP_WRITE));
	free(hists);
}

/* Sequential writes of the whole file, at iodepth 1 and 8, every engine. */
TEST(sequential_writes_are_the_modules_bytes)
{
	static const uint32_t depths[] = { 1, 8 };
	static const uint32_t patterns[] = { SSDK_PATTERN_RANDOM, SSDK_PATTERN_REPEAT };
	struct ssdk_run_status st;
	struct ssdk_run_config c;
	uint8_t *want, *seen;
	unsigned int e, q, p;
	char path[64];

	for (e = 0; e < ARRAY_SIZE(all); e++)
		for (q = 0; q < ARRAY_SIZE(depths); q++)
			for (p = 0; p < ARRAY_SIZE(patterns); p++) {
				make_file(path, sizeof(path), 0);
				config(&c, path, SSDK_RW_WRITE, depths[q], FILE_SIZE / BS);
				ssdk_config_set(&c, SSDK_A_RUN_PATTERN, patterns[p]);
				ssdk_config_set(&c, SSDK_A_RUN_PATTERN_BYTE, 0x5a);
				run(_metadata, all[e], &c, &st);
				EQ(FILE_SIZE / BS, st.stats[SSDK_OP_WRITE].ios);
				EQ(0, st.stats[SSDK_OP_READ].ios);
				want = expected(&c, 0, NULL);
				seen = read_file(path);
				EXPECT_EQ(0, memcmp(want, seen, FILE_SIZE))
					TH_LOG("%s at iodepth %u, pattern %u", all[e]->name,
					       depths[q], patterns[p]);
				free(want);
				free(seen);
				unlink(path);
			}
}

/* Random writes at iodepth 1: the order is the placement's, overlaps too. */
TEST(random_writes_land_in_the_placements_blocks)
{
	struct ssdk_run_status st;
	struct ssdk_run_config c;
	uint8_t *want, *seen;
	char path[64];
	unsigned int e;

	for (e = 0; e < ARRAY_SIZE(all); e++) {
		make_file(path, sizeof(path), 0x11);
		config(&c, path, SSDK_RW_RANDWRITE, 1, 100);
		run(_metadata, all[e], &c, &st);
		EQ(100, st.stats[SSDK_OP_WRITE].ios);
		want = expected(&c, 0x11, NULL);
		seen = read_file(path);
		EXPECT_EQ(0, memcmp(want, seen, FILE_SIZE)) TH_LOG("%s", all[e]->name);
		free(want);
		free(seen);
		unlink(path);
	}
}

/*
 * A mix at iodepth 1 with a repeated byte: the blocks written hold it,
 * whole, although reads brought the file's other bytes into the same
 * buffers in between; no other block changed.
 */
TEST(a_read_does_not_leak_into_a_fixed_patterns_write)
{
	uint8_t wrote[FILE_SIZE / BS] = { 0 }, *seen;
	struct ssdk_run_status st;
	struct ssdk_run_config c;
	unsigned int e, b;
	char path[64];

	for (e = 0; e < ARRAY_SIZE(all); e++) {
		memset(wrote, 0, sizeof(wrote));
		make_file(path, sizeof(path), 0x11);
		config(&c, path, SSDK_RW_RANDRW, 1, 200);
		ssdk_config_set(&c, SSDK_A_RUN_PATTERN, SSDK_PATTERN_REPEAT);
		ssdk_config_set(&c, SSDK_A_RUN_PATTERN_BYTE, 0xa5);
		run(_metadata, all[e], &c, &st);
		EQ(200, st.stats[SSDK_OP_READ].ios + st.stats[SSDK_OP_WRITE].ios);
		EXPECT_LT(0ull, st.stats[SSDK_OP_READ].ios);
		EXPECT_LT(0ull, st.stats[SSDK_OP_WRITE].ios);
		free(expected(&c, 0x11, wrote));
		seen = read_file(path);
		for (b = 0; b < FILE_SIZE / BS; b++) {
			uint8_t *blk = seen + (size_t)b * BS;
			int whole = blk[0] == (wrote[b] ? 0xa5 : 0x11) && !memcmp(blk, blk + 1, BS - 1);

			EXPECT_TRUE(whole) TH_LOG("%s: block %u", all[e]->name, b);
		}
		free(seen);
		unlink(path);
	}
}

/* compressible:N: zlib takes N% away, within 5 points, every engine. */
TEST(compressible_data_compresses_as_asked)
{
	static const uint32_t pcts[] = { 25, 50, 75 };
	uLongf n = compressBound(FILE_SIZE);
	uint8_t *out = malloc(n), *seen;
	struct ssdk_run_status st;
	struct ssdk_run_config c;
	unsigned int e, p;
	char path[64];
	double saved;

	for (e = 0; e < ARRAY_SIZE(all); e++)
		for (p = 0; p < ARRAY_SIZE(pcts); p++) {
			make_file(path, sizeof(path), 0);
			config(&c, path, SSDK_RW_WRITE, 4, FILE_SIZE / BS);
			ssdk_config_set(&c, SSDK_A_RUN_PATTERN, SSDK_PATTERN_COMPRESSIBLE);
			ssdk_config_set(&c, SSDK_A_RUN_COMPRESS_PCT, pcts[p]);
			run(_metadata, all[e], &c, &st);
			seen = read_file(path);
			n = compressBound(FILE_SIZE);
			ASSERT_EQ(Z_OK, compress2(out, &n, seen, FILE_SIZE, 6));
			saved = 100.0 * (1.0 - (double)n / FILE_SIZE);
			EXPECT_TRUE(saved > pcts[p] - 5.0 && saved < pcts[p] + 5.0)
				TH_LOG("%s: compressible %u: zlib saved %.1f%%", all[e]->name,
				       pcts[p], saved);
			free(seen);
			unlink(path);
		}
	free(out);
}

/* psync at iodepth 16 is 16 threads: every IO done once, none lost. */
TEST(psync_at_depth_n_does_every_io_once)
{
	struct ssdk_run_status st;
	struct ssdk_run_config c;
	char path[64];

	make_file(path, sizeof(path), 0);
	config(&c, path, SSDK_RW_RANDREAD, 16, 2000);
	run(_metadata, &engine_psync, &c, &st);
	EQ(2000, st.stats[SSDK_OP_READ].ios);
	EQ(2000, st.completed);
	EQ(2000ull * BS, st.stats[SSDK_OP_READ].bytes);
	unlink(path);
}

/*
 * What the module's policy refuses, refused before anything: a depth of
 * 0, a block size past the spec's (and the pool's), compress-pct 100.
 */
TEST(out_of_bounds_settings_are_refused)
{
	uint64_t *hists = calloc(SSDK_NR_SETS, SSDK_HIST_NR_BUCKETS * sizeof(*hists));
	static const struct {
		uint32_t attr;
		uint64_t value;
		const char *err;
	} bad[] = {
		{ SSDK_A_RUN_IODEPTH, 0, "iodepth: 0 is below its minimum, 1" },
		{ SSDK_A_RUN_BS, 8 << 20, "bs: 8388608 is above its maximum, 1048576" },
		{ SSDK_A_RUN_COMPRESS_PCT, 150, "compress-pct: 150 is above its maximum, 99" },
	};
	struct ssdk_run_status st;
	struct ssdk_run_config c;
	char path[64], err[512];
	unsigned int e, i;

	make_file(path, sizeof(path), 0x11);
	for (e = 0; e < ARRAY_SIZE(all); e++)
		for (i = 0; i < ARRAY_SIZE(bad); i++) {
			config(&c, path, SSDK_RW_WRITE, 1, 10);
			ssdk_config_set(&c, SSDK_A_RUN_PATTERN, SSDK_PATTERN_COMPRESSIBLE);
			ssdk_config_set(&c, bad[i].attr, bad[i].value);
			err[0] = '\0';
			EXPECT_EQ(-1, ujob_run(all[e], &c, &st, hists, err, sizeof(err)));
			EXPECT_STREQ(bad[i].err, err);
		}
	unlink(path);
	free(hists);
}

/* A split of 4k and 64k writes of a repeated byte: every byte written is it. */
TEST(a_fixed_pattern_fills_the_longest_write_of_a_split)
{
	struct ssdk_run_status st;
	struct ssdk_run_config c;
	uint8_t *seen, *want;
	unsigned int e, i;
	char path[64];

	/*
	 * Seeds whose first write is 4k and a later one 64k, in the one
	 * slot; a byte of its own each time, so that a buffer the heap gives
	 * back from the time before does not hold this one's already.
	 */
	for (e = 0; e < 3 * ARRAY_SIZE(all); e++) {
		make_file(path, sizeof(path), 0x11);
		config(&c, path, SSDK_RW_RANDWRITE, 1, 64);
		ssdk_config_set(&c, SSDK_A_RUN_SEED, e + 1);
		ssdk_config_unset(&c, SSDK_A_RUN_BS);
		ssdk_config_add_bs(&c, 4096, 50);
		ssdk_config_add_bs(&c, 65536, 50);
		ssdk_config_set(&c, SSDK_A_RUN_PATTERN, SSDK_PATTERN_REPEAT);
		ssdk_config_set(&c, SSDK_A_RUN_PATTERN_BYTE, 0xa0 + e);
		run(_metadata, all[e % ARRAY_SIZE(all)], &c, &st);
		/* What the heap gave the buffers may be anything, the file's byte too. */
		want = expected(&c, 0x11, NULL);
		seen = read_file(path);
		for (i = 0; i < FILE_SIZE && seen[i] == want[i]; i++)
			;
		EXPECT_EQ(FILE_SIZE, i) TH_LOG("%s, seed %u: byte %u is 0x%02x, not 0x%02x",
					       all[e % ARRAY_SIZE(all)]->name, e + 1, i,
					       i < FILE_SIZE ? seen[i] : 0, i < FILE_SIZE ? want[i] : 0);
		free(want);
		free(seen);
		unlink(path);
	}
}

/* No consent, no write: refused before the file is opened for writing. */
TEST(writes_without_consent_are_refused)
{
	uint64_t *hists = calloc(SSDK_NR_SETS, SSDK_HIST_NR_BUCKETS * sizeof(*hists));
	struct ssdk_run_status st;
	struct ssdk_run_config c;
	char path[64], err[512];
	unsigned int e, i;
	uint8_t *seen;

	for (e = 0; e < ARRAY_SIZE(all); e++) {
		make_file(path, sizeof(path), 0x11);
		config(&c, path, SSDK_RW_RANDRW, 4, 100);
		ssdk_config_set(&c, SSDK_A_RUN_ALLOW_WRITE, 0);
		err[0] = '\0';
		EXPECT_EQ(-1, ujob_run(all[e], &c, &st, hists, err, sizeof(err)));
		EXPECT_NE(NULL, strstr(err, "it needs allow-write")) TH_LOG("%s", err);
		seen = read_file(path);
		for (i = 0; i < FILE_SIZE && seen[i] == 0x11; i++)
			;
		EQ(FILE_SIZE, i);
		free(seen);
		unlink(path);
	}
	free(hists);
}

TEST_HARNESS_MAIN
