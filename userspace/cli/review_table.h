/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What a review did and measured, as its output backends print it: the
 * record of each step (how it went, the target's disk counters over it)
 * and a row per run, read back from the JSON each step wrote. The numbers
 * of a row are the run's own, copied, never recomputed from percentiles.
 */
#ifndef _SSDK_REVIEW_TABLE_H
#define _SSDK_REVIEW_TABLE_H

#include <stddef.h>
#include <stdint.h>

#define REVIEW_NAME_LEN		64
#define REVIEW_FS_LEN		16
#define REVIEW_FILE_LEN		128
#define REVIEW_MAX_ROWS		1024

/* How a step went. */
enum review_state { REVIEW_PENDING, REVIEW_DONE, REVIEW_STOPPED, REVIEW_FAILED };
extern const char *const review_states[];

/* The target's disk's counters of /sys/block/DISK/stat that a step moves. */
enum review_io { IO_READS, IO_READ_MERGES, IO_READ_SECTORS, IO_WRITES, IO_WRITE_MERGES,
		 IO_WRITE_SECTORS, NR_REVIEW_IO };
extern const char *const review_io_names[NR_REVIEW_IO];

/**
 * struct review_record - A step of a review, as it went.
 * @name: The suite's step ("raw: 4k random read").
 * @fs: The filesystem it ran on; "" on the raw device.
 * @kind: Its command ("compare"), or "filesystem".
 * @file: Its results, in the review's directory; "" for a filesystem step.
 * @argv: Its command line, NULL-terminated: this program's path, -j, the
 *	command and its options; NULL for a filesystem step.
 * @state: How it went.
 * @status: Its command's exit status.
 * @estimate_s: Its runs' time, from its dry run; negative when unknown
 *	(a fill's time is the drive's).
 * @wall_s: How long it took.
 * @io: The target's disk's counters, their change over the step.
 * @has_io: @io was read.
 */
struct review_record {
	char name[REVIEW_NAME_LEN];
	char fs[REVIEW_FS_LEN];
	char kind[REVIEW_FS_LEN];
	char file[REVIEW_FILE_LEN];
	char **argv;
	enum review_state state;
	int status;
	double estimate_s;
	double wall_s;
	uint64_t io[NR_REVIEW_IO];
	int has_io;
};

/**
 * struct review_op - One op of a run, as its JSON gives it.
 * @ios: Measured IOs that completed without error.
 * @bytes: Their bytes.
 * @errors: Measured IOs that failed.
 * @iops: IOs per second of the measurement window.
 * @bw_bytes: Bytes per second of it.
 * @mean_ns: Mean latency.
 * @min_ns: Least latency.
 * @p50_ns: Median.
 * @p99_ns: 99th percentile.
 * @p999_ns: 99.9th percentile.
 * @max_ns: Largest latency.
 */
struct review_op {
	uint64_t ios;
	uint64_t bytes;
	uint64_t errors;
	double iops;
	double bw_bytes;
	double mean_ns;
	uint64_t min_ns;
	uint64_t p50_ns;
	uint64_t p99_ns;
	uint64_t p999_ns;
	uint64_t max_ns;
};

/**
 * struct review_row - One run of a step: what the summary shows of it.
 * @step: The step's record.
 * @label: The engine (compare), "total" (a sweep's point), or a plan's
 *	step ("fill: pass 1 of 1").
 * @engine: The run's engine.
 * @target: Its target.
 * @state: Its state ("done", "stopped").
 * @rw: Its rw, as the spec names it.
 * @bs: Its block size.
 * @iodepth: Its depth.
 * @achieved_qd: compare's achieved depth; negative: none.
 * @op: Its reads and its writes.
 * @ios: Measured IOs, reads and writes.
 * @mb_s: Their MB/s (10^6 bytes), as reviews give it.
 * @iops: Their IOPS.
 * @mean_ns: Their mean latency, the ops' means weighted by their IOs.
 * @max_ns: Their largest latency.
 */
struct review_row {
	const struct review_record *step;
	char label[64];
	char engine[16];
	char target[128];
	char state[16];
	char rw[16];
	uint64_t bs;
	uint64_t iodepth;
	double achieved_qd;
	struct review_op op[2];
	uint64_t ios;
	double mb_s;
	double iops;
	double mean_ns;
	uint64_t max_ns;
};

/**
 * struct review_summary - A review, for the output backends.
 * @title: The suite's title.
 * @suite: Its file, as copied into the review's directory.
 * @target: The device.
 * @fs: The filesystems, comma-separated; "" for none.
 * @scale: "full" or "quick".
 * @runtime: Every measuring step's --runtime, or "".
 * @span: The review's --span, or "".
 * @state: The review's: "done", "stopped" or "failed" (or "running",
 *	in its directory while it runs).
 * @started: When it started (ISO 8601, UTC).
 * @wall_s: How long it has taken, resumed parts included.
 * @steps: Its steps.
 * @nr_steps: How many.
 * @rows: A row per run of its steps that are done, in order.
 * @nr_rows: How many.
 */
struct review_summary {
	const char *title;
	const char *suite;
	const char *target;
	const char *fs;
	const char *scale;
	const char *runtime;
	const char *span;
	const char *state;
	const char *started;
	double wall_s;
	const struct review_record *steps;
	unsigned int nr_steps;
	struct review_row *rows;
	unsigned int nr_rows;
};

int review_rows_read(const char *dir, const struct review_record *step, struct review_row *rows,
		     unsigned int max, char *err, size_t len);

#endif /* _SSDK_REVIEW_TABLE_H */
