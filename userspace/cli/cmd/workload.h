/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A workload on the command line: the options of ssdk ctl run, start,
 * sweep, replay, purge and precondition and of ssdk compare and study,
 * one table that says which are whose (args.h), a --profile's first,
 * into the runs they make; and the files --file-size lays out for them.
 */
#ifndef _SSDK_WORKLOAD_H
#define _SSDK_WORKLOAD_H

#include "args.h"
#include "compare.h"
#include "jobs.h"
#include "layout.h"
#include "steps.h"

#define WORKLOAD_MAX_TARGETS	16
#define WORKLOAD_MAX_POINTS	32

/*
 * What a workload is for: the command, as its @use (cli_cmd) numbers it
 * among those of workload_opts, whose options say which are its.
 */
enum workload_use {
	FOR_RUN = 1, FOR_START, FOR_SWEEP, FOR_COMPARE, FOR_PURGE, FOR_PRECONDITION, FOR_STUDY,
	FOR_REPLAY,
};

/**
 * struct workload - A workload's options, parsed.
 * @use: What it is for.
 * @cfg: The run attributes they set; the target is the first --target.
 * @targets: Every --target, each with its own runs.
 * @nr_targets: How many.
 * @qds: A sweep's iodepths.
 * @nr_qds: How many.
 * @bss: A sweep's sizes (--bs SIZE,SIZE,...).
 * @nr_bss: How many.
 * @cmp: compare's engines and file.
 * @engines: compare's --engines, split in place into @cmp.
 * @file_size: --file-size, or 0.
 * @files: The files --file-size lays out.
 * @nr_files: How many.
 * @drive: --method's purge by the drive (drive_erase.h), or -1.
 * @mode: precondition's --mode.
 * @passes: precondition's and study's --passes.
 * @passes_set: --passes was given.
 * @profiles: study's --profile names, each a copy to free.
 * @nr_profiles: How many.
 * @trace_path: replay's --trace.
 * @trace: The trace it names, read as the options are parsed.
 * @repeat: --repeat N, or 0.
 * @quiet: No progress line.
 * @strict_conditions: Refuse to run when the machine's conditions add
 *	jitter past what the run measures, rather than warn.
 * @dry_run: Check everything, run nothing, write nothing.
 * @h: The connection to the module.
 * @jobs: The runs of one job (or of a sweep's point).
 */
struct workload {
	enum workload_use use;
	struct ssdk_run_config cfg;
	const char *targets[WORKLOAD_MAX_TARGETS];
	unsigned int nr_targets;
	uint32_t qds[WORKLOAD_MAX_POINTS];
	unsigned int nr_qds;
	uint32_t bss[WORKLOAD_MAX_POINTS];
	unsigned int nr_bss;
	struct compare cmp;
	char engines[256];
	uint64_t file_size;
	struct layout files[WORKLOAD_MAX_TARGETS];
	unsigned int nr_files;
	int drive;
	enum precond_mode mode;
	uint32_t passes;
	int passes_set;
	char *profiles[PLAN_MAX_WORKLOADS];
	unsigned int nr_profiles;
	const char *trace_path;
	struct ssdk_trace *trace;
	uint32_t repeat;
	int quiet;
	int strict_conditions;
	int dry_run;
	struct ssdk *h;
	struct jobs jobs;
};

extern const struct cli_opt workload_opts[];
extern const char workload_about[];

int workload_open(struct cli *cli, const struct cli_cmd *cmd, int argc, char **argv,
		  struct workload **out);
void workload_close(struct workload *w);
void workload_jobs(struct workload *w, uint32_t iodepth, uint32_t bs);
unsigned int workload_points(const struct workload *w);
void workload_point(struct workload *w, unsigned int i);
int workload_repeat(struct cli *cli, struct workload *w, unsigned int point);
int workload_check(struct cli *cli, struct workload *w);
int workload_dry_run(struct cli *cli, const struct workload *w);
int workload_progress(const struct workload *w);
int workload_span(struct cli *cli, struct workload *w);
int workload_load_trace(struct cli *cli, struct workload *w);

/* Makes a command's plan from its options: 0 or an exit status (said). */
typedef int (*workload_plan_fn)(struct cli *cli, struct workload *w, struct plan *p);
int workload_plan(struct cli *cli, const struct cli_cmd *cmd, int argc, char **argv,
		  workload_plan_fn build);
int workload_profile(struct cli *cli, const struct cli_cmd *cmd, const char *name,
		     const struct ssdk_run_config *over, struct ssdk_run_config *out);

#endif /* _SSDK_WORKLOAD_H */
