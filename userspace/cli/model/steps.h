/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Commands of several steps, as plans: ssdk ctl precondition (a drive's
 * state made by writing it) and ssdk study new-vs-used (purge, measure,
 * make it used, measure, discard, measure). A plan is built whole here,
 * from the options, and checked whole before its first step starts
 * (sequence.c runs it); each step is one run of the module or one purge
 * by the drive (drive_erase.h: nvme.h, ata.h). What the study's table says is computed
 * here too, from the steps' results.
 */
#ifndef _SSDK_STEPS_H
#define _SSDK_STEPS_H

#include <stddef.h>
#include <stdint.h>

#include "drive_erase.h"
#include "summary.h"

#define PLAN_MAX_STEPS		32
#define PLAN_MAX_WORKLOADS	6

/* SNIA PTS's preconditioning: 128 KiB sequential writes. */
#define PRECOND_FILL_BS		(128 * 1024)
#define PRECOND_IODEPTH		32
#define PRECOND_RANDOM_BS	4096

/* The study's phases: the drive's three states, a column each. */
enum study_phase { PHASE_NEW, PHASE_USED, PHASE_TRIM, NR_PHASES };
extern const char *const study_phases[NR_PHASES];

/* How ssdk ctl precondition writes. */
enum precond_mode {
	PRECOND_WIPC,	/* SNIA's workload-independent: sequential passes */
	PRECOND_USED,	/* the seeds': one sequential fill, then random writes */
	PRECOND_WDPC,	/* SNIA's workload-dependent: the workload to steady state */
	NR_PRECOND_MODES,
};
extern const char *const precond_modes[NR_PRECOND_MODES];

enum step_kind { STEP_RUN, STEP_DRIVE };
enum step_state { STEP_PENDING, STEP_DONE, STEP_STOPPED, STEP_FAILED };
extern const char *const step_states[];

/**
 * struct step - One step of a plan.
 * @kind: A run, or a purge by the drive.
 * @what: What it does, for people ("fill: 128k sequential writes, pass 1 of 2").
 * @phase: The study's phase it belongs to; PHASE_NEW outside a study.
 * @workload: The study's workload it measures, or -1 (a step that makes
 *	the drive's state).
 * @cfg: The run; a purge by the drive uses its target only.
 * @drive: The purge by the drive (drive_erase.h's number), for STEP_DRIVE.
 * @state: How it went; STEP_PENDING until it has run.
 * @res: The run's results, once it has run.
 * @erased: The purge's, once it has run.
 * @reason: Why it failed, when the run did not start or the drive said (a
 *	run's own reason is in @res).
 */
struct step {
	enum step_kind kind;
	char what[96];
	enum study_phase phase;
	int workload;
	struct ssdk_run_config cfg;
	int drive;
	enum step_state state;
	struct run_result res;
	struct drive_erase_result erased;
	char reason[512];
};

/**
 * struct plan - A command of several steps.
 * @command: "precondition" or "study".
 * @name: The precondition's mode or the study's name.
 * @target: The device (a copy: a plan outlives the options it came from).
 * @offset: Start of the span its steps write, bytes.
 * @span: Length of that span, bytes.
 * @passes: Sequential passes (wipc) or random-write passes (used).
 * @workloads: A study's workloads, by label.
 * @nr_workloads: How many.
 * @interrupted: A signal came: the steps after the last that ran did not start.
 * @nr: Steps.
 * @steps: The steps, in order.
 */
struct plan {
	const char *command;
	const char *name;
	char target[SSDK_TARGET_LEN];
	uint64_t offset;
	uint64_t span;
	uint32_t passes;
	char workloads[PLAN_MAX_WORKLOADS][48];
	unsigned int nr_workloads;
	int interrupted;
	unsigned int nr;
	struct step steps[PLAN_MAX_STEPS];
};

/**
 * struct study_cell - One workload in one state of the drive: both ops.
 * @ran: The step ran (done or stopped) and measured IOs.
 * @iops: IOs per second.
 * @bw_bytes: Bytes per second.
 * @mean_ns: Mean latency.
 * @max_ns: Largest latency.
 */
struct study_cell {
	int ran;
	double iops;
	double bw_bytes;
	double mean_ns;
	uint64_t max_ns;
};

int plan_precondition(struct plan *p, const struct ssdk_run_config *base,
		      enum precond_mode mode, uint32_t passes, char *err, size_t len);
void plan_purge(struct plan *p, const struct ssdk_run_config *target, int m, uint64_t size);
int plan_study(struct plan *p, const struct ssdk_run_config *base,
	       const struct ssdk_run_config *workloads, unsigned int nr_workloads,
	       const struct ssdk_run_config *purge, int drive, uint32_t passes, char *err,
	       size_t len);
const char *workload_label(char *buf, size_t size, const struct ssdk_run_config *c);
double config_time_s(const struct ssdk_run_config *c);
unsigned int plan_time(const struct plan *p, double *seconds);
uint64_t plan_bytes_written(const struct plan *p);
enum step_state plan_state(const struct plan *p);
void study_cell(const struct plan *p, unsigned int workload, enum study_phase phase,
		struct study_cell *cell);

#endif /* _SSDK_STEPS_H */
