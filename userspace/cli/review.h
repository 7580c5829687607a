/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ssdk review: a suite (suite.h) run whole on one device. Its steps are
 * expanded (those after the filesystem step once per filesystem), each
 * made into the command line of an ssdk command, and every one of them
 * checked against the target (its command's own dry run, the filesystem
 * tools' dry runs) before the first writes anything. Then each runs as
 * a child ssdk printing JSON into the review's directory, where the
 * review keeps its record (review.json) after every step, so that a
 * stopped review continues from its next step (--resume).
 *
 *   DIR/suite.ini        the suite as run
 *   DIR/conditions.json  kernel, ssdk, the device, the filesystems' tools
 *   DIR/review.json      every step: its command, how it went, its
 *                        time, the disk's counters over it; the table
 *   DIR/NN-step.json     each step's results, as its command prints them
 *   DIR/summary.txt      the table, as the terminal shows it; .csv too
 *   DIR/report.html      the Python package's report, when it is there
 */
#ifndef _SSDK_REVIEW_H
#define _SSDK_REVIEW_H

#include <limits.h>

#include "cli.h"
#include "review_fs.h"
#include "review_table.h"
#include "suite.h"

#define REVIEW_MAX_STEPS	(SUITE_MAX_STEPS * 2)
/* A step's command line: the suite's, the review's, the program and -j. */
#define REVIEW_MAX_ARGS		(SUITE_MAX_ARGS + 24)

/* Quick scale: every measuring step this long, over at most this span. */
#define REVIEW_QUICK_RUNTIME	"2s"
#define REVIEW_QUICK_SPAN	(1ULL << 30)

/* Room for the module's runs, listed after each step (it keeps 64 by default). */
#define REVIEW_MAX_RUNS		1024

/* The test file of a filesystem, at the root of its mount. */
#define REVIEW_TEST_FILE	"ssdk-review.dat"

enum review_scale { REVIEW_FULL, REVIEW_QUICK };

/**
 * struct review_step - A step of the review, expanded.
 * @st: The suite's step.
 * @fs: Index of its filesystem in the review's, or -1 on the raw device.
 * @rec: Its record: name, command line, how it went.
 * @runs: The runs its dry run counted (userspace engines' too): the
 *	module's room it may need.
 * @args: Room for @rec.argv's strings.
 */
struct review_step {
	const struct suite_step *st;
	int fs;
	struct review_record rec;
	unsigned int runs;
	char *argv[REVIEW_MAX_ARGS];
	char args[4096];
};

/**
 * struct review - A review.
 * @exe: This program, which runs the steps.
 * @suite_path: The suite given (or DIR/suite.ini on --resume).
 * @suite_text: Its text.
 * @suite: It, read.
 * @target: The device.
 * @dir: The review's directory.
 * @fs: Its filesystems, in --fs's order.
 * @nr_fs: How many.
 * @fs_list: --fs as given, for the record.
 * @scale: --scale.
 * @runtime: --runtime, or "".
 * @span: --span, or "".
 * @allow_write: --allow-write.
 * @quiet: -q: no progress.
 * @resume: --resume: the record in @dir says what is done.
 * @mnt: Where a filesystem is mounted while its steps run.
 * @test_file: The test file in it.
 * @started: When the review started.
 * @wall_before: Seconds a stopped review had taken before --resume.
 * @t0: When this part of it started (CLOCK_MONOTONIC, seconds).
 * @h: The module, while the steps run: the runs they leave are deleted.
 * @steps: Its steps.
 * @nr: How many.
 */
struct review {
	char exe[PATH_MAX];
	char suite_path[PATH_MAX];
	char *suite_text;
	struct suite suite;
	char target[PATH_MAX];
	char dir[PATH_MAX];
	struct review_fs fs[REVIEW_MAX_FS];
	unsigned int nr_fs;
	char fs_list[64];
	enum review_scale scale;
	char runtime[32];
	char span[32];
	int allow_write;
	int quiet;
	int resume;
	char mnt[PATH_MAX];
	char test_file[PATH_MAX + 32];
	char started[32];
	double wall_before;
	double t0;
	struct ssdk *h;
	struct review_step steps[REVIEW_MAX_STEPS];
	unsigned int nr;
};

uint64_t review_span_cap(const struct review *r);
void review_raw_engines(const char *list, char *out, size_t len);
int review_plan(struct cli *cli, struct review *r);
int review_check(struct cli *cli, struct review *r);
void review_dry_run(struct cli *cli, const struct review *r);
int review_run(struct cli *cli, struct review *r);
int review_record_write(struct cli *cli, struct review *r, const char *state);
int review_record_read(struct cli *cli, struct review *r);
int review_record_states(struct cli *cli, struct review *r);
int review_finish(struct cli *cli, struct review *r, const char *state);
int review_conditions_write(struct cli *cli, const struct review *r);

#endif /* _SSDK_REVIEW_H */
