// SPDX-License-Identifier: GPL-2.0
/*
 * Plans of several steps (steps.h), built from a command's options: the
 * preconditions' writes and the new-vs-used study's sequence, and the
 * study's table from the results.
 *
 * A sequential pass is one run of span / bs IOs from the span's start,
 * which the module's sequential cursor lays end to end, and, when the
 * span is not a whole number of blocks, one IO of the rest: so a pass
 * writes every byte of the span exactly once, which the block layer's
 * counters can tell.
 */

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "rules.h"
#include "steps.h"
#include "values.h"

#define SEC_NS		1000000000ull

/* WDPC's defaults where the command line says nothing: SNIA's 25 rounds of a minute. */
#define WDPC_ROUNDS	25
#define WDPC_ROUND_NS	(60 * SEC_NS)

const char *const study_phases[NR_PHASES] = { "new", "used", "trim" };
const char *const precond_modes[NR_PRECOND_MODES] = { "wipc", "used", "wdpc" };
const char *const step_states[] = {
	[STEP_PENDING] = "pending", [STEP_DONE] = "done",
	[STEP_STOPPED] = "stopped", [STEP_FAILED] = "failed",
};

/* Attributes of IO that a precondition's writes set themselves. */
static const uint32_t precond_own[] = {
	SSDK_A_RUN_RW, SSDK_A_RUN_RWMIXREAD, SSDK_A_RUN_BS_SPLIT, SSDK_A_RUN_ALIGN,
	SSDK_A_RUN_ALIGN_OFFSET, SSDK_A_RUN_STRIDE, SSDK_A_RUN_RATE_IOPS, SSDK_A_RUN_ARRIVALS,
	SSDK_A_RUN_RUNTIME_NS, SSDK_A_RUN_IOS, SSDK_A_RUN_RAMP_NS, SSDK_A_RUN_ROUNDS,
	SSDK_A_RUN_ROUND_NS, SSDK_A_RUN_STEADY_TRACK, SSDK_A_RUN_PURGE, SSDK_A_RUN_ENGINE,
	SSDK_A_RUN_BUFFERED,
};

/* And those WDPC, which runs the workload in rounds to steady state, does. */
static const uint32_t wdpc_own[] = {
	SSDK_A_RUN_RUNTIME_NS, SSDK_A_RUN_IOS, SSDK_A_RUN_PURGE, SSDK_A_RUN_ENGINE,
	SSDK_A_RUN_BUFFERED,
};

/* An attribute's value, or the module's default (the spec's) when left out. */
static uint64_t value(const struct ssdk_run_config *c, uint32_t attr)
{
	const struct ssdk_spec_attr *a = ssdk_spec_attr(SSDK_SPEC_SET_RUN, attr);

	if (ssdk_config_is_set(c, attr))
		return ssdk_config_get(c, attr);
	return a && (a->flags & SSDK_SPEC_HAS_DEFAULT) ? a->dflt : 0;
}

static const char *attr_name(uint32_t attr)
{
	const struct ssdk_spec_attr *a = ssdk_spec_attr(SSDK_SPEC_SET_RUN, attr);

	return a ? a->name : "?";
}

/* The first of @own set in @c, said in @err; 0 when none is. */
static int refuse_set(const struct ssdk_run_config *c, const uint32_t *own, unsigned int n,
		      const char *mode, char *err, size_t len)
{
	unsigned int i;

	for (i = 0; i < n; i++) {
		if (ssdk_config_is_set(c, own[i])) {
			snprintf(err, len, "%s: not with precondition %s, which sets it itself",
				 attr_name(own[i]), mode);
			return -1;
		}
	}
	return 0;
}

static struct step *add_step(struct plan *p, enum step_kind kind, enum study_phase phase,
			     int workload, const struct ssdk_run_config *cfg,
			     const char *fmt, ...) __attribute__((format(printf, 6, 7)));

static struct step *add_step(struct plan *p, enum step_kind kind, enum study_phase phase,
			     int workload, const struct ssdk_run_config *cfg, const char *fmt, ...)
{
	struct step *s;
	va_list ap;

	if (p->nr == PLAN_MAX_STEPS)
		return NULL;
	s = &p->steps[p->nr++];
	memset(s, 0, sizeof(*s));
	s->kind = kind;
	s->phase = phase;
	s->workload = workload;
	s->cfg = *cfg;
	va_start(ap, fmt);
	vsnprintf(s->what, sizeof(s->what), fmt, ap);
	va_end(ap);
	return s;
}

/* Writes over [@offset, @offset + @span) of @base's target, @ios of them. */
static void writes(struct ssdk_run_config *c, const struct ssdk_run_config *base, uint32_t rw,
		   uint64_t offset, uint64_t span, uint32_t bs, uint64_t ios)
{
	*c = *base;
	ssdk_config_set(c, SSDK_A_RUN_RW, rw);
	ssdk_config_set(c, SSDK_A_RUN_BS, bs);
	ssdk_config_set(c, SSDK_A_RUN_OFFSET, offset);
	ssdk_config_set(c, SSDK_A_RUN_SPAN, span);
	ssdk_config_set(c, SSDK_A_RUN_IOS, ios);
	if (!ssdk_config_is_set(base, SSDK_A_RUN_IODEPTH))
		ssdk_config_set(c, SSDK_A_RUN_IODEPTH, PRECOND_IODEPTH);
}

/*
 * One sequential pass of @bs over the plan's span: a run of whole blocks,
 * and one IO of the rest (iodepth 1) when the span is not whole blocks.
 */
static int add_pass(struct plan *p, const struct ssdk_run_config *base, uint32_t bs,
		    enum study_phase phase, const char *step, unsigned int pass,
		    unsigned int passes)
{
	uint64_t tail = p->span % bs, body = p->span - tail;
	struct ssdk_run_config c;
	char b[32], of[32] = "";

	if (passes > 1)
		snprintf(of, sizeof(of), ", pass %u of %u", pass, passes);
	if (body) {
		writes(&c, base, SSDK_RW_WRITE, p->offset, body, bs, body / bs);
		if (!add_step(p, STEP_RUN, phase, -1, &c, "%s: %s sequential writes%s", step,
			      ssdk_fmt_size(b, sizeof(b), bs), of))
			return -1;
	}
	if (tail) {
		writes(&c, base, SSDK_RW_WRITE, p->offset + body, tail, tail, 1);
		ssdk_config_set(&c, SSDK_A_RUN_IODEPTH, 1);
		if (!add_step(p, STEP_RUN, phase, -1, &c, "%s: the span's last %s%s", step,
			      ssdk_fmt_size(b, sizeof(b), tail), of))
			return -1;
	}
	return 0;
}

/* The seeds' used state: a sequential fill, then @p->passes x span of random writes. */
static int add_used(struct plan *p, const struct ssdk_run_config *base, uint32_t bs,
		    enum study_phase phase)
{
	struct ssdk_run_config c;
	char b[32];

	if (add_pass(p, base, PRECOND_FILL_BS, phase, "used: fill", 1, 1))
		return -1;
	if (!p->passes)
		return 0;
	writes(&c, base, SSDK_RW_RANDWRITE, p->offset, p->span, bs, p->span / bs * p->passes);
	return add_step(p, STEP_RUN, phase, -1, &c, "used: %s random writes, %u x the span",
			ssdk_fmt_size(b, sizeof(b), bs), p->passes) ? 0 : -1;
}

/* SNIA's WDPC: the workload itself, in rounds, until steady state. */
static int add_wdpc(struct plan *p, const struct ssdk_run_config *base, char *err, size_t len)
{
	struct ssdk_run_config c = *base;
	char label[64];

	if (refuse_set(base, wdpc_own, ARRAY_SIZE(wdpc_own), "wdpc", err, len))
		return -1;
	if (!ssdk_rw_writes(value(base, SSDK_A_RUN_RW), value(base, SSDK_A_RUN_RWMIXREAD))) {
		snprintf(err, len, "rw: precondition wdpc runs a workload that writes (--rw)");
		return -1;
	}
	if (!ssdk_config_is_set(&c, SSDK_A_RUN_ROUNDS))
		ssdk_config_set(&c, SSDK_A_RUN_ROUNDS, WDPC_ROUNDS);
	if (!ssdk_config_is_set(&c, SSDK_A_RUN_ROUND_NS))
		ssdk_config_set(&c, SSDK_A_RUN_ROUND_NS, WDPC_ROUND_NS);
	if (!ssdk_config_is_set(&c, SSDK_A_RUN_STEADY_TRACK))
		ssdk_config_set(&c, SSDK_A_RUN_STEADY_TRACK, SSDK_STEADY_TRACK_IOPS);
	add_step(p, STEP_RUN, PHASE_NEW, -1, &c, "wdpc: %s to steady state",
		 workload_label(label, sizeof(label), &c));
	return 0;
}

/* The plan's target and span from a configuration whose span is resolved. */
static void plan_init(struct plan *p, const char *command, const char *name,
		      const struct ssdk_run_config *base)
{
	memset(p, 0, sizeof(*p));
	p->command = command;
	p->name = name;
	snprintf(p->target, sizeof(p->target), "%s", base->target);
	p->offset = ssdk_config_get(base, SSDK_A_RUN_OFFSET);
	p->span = ssdk_config_get(base, SSDK_A_RUN_SPAN);
}

/**
 * plan_precondition() - The steps of ssdk ctl precondition.
 * @p: The plan, made anew.
 * @base: The command line's run attributes, the span resolved (set).
 * @mode: What to write.
 * @passes: wipc: sequential passes over the span (SNIA: 2); used: random
 *	writes after the fill, in spans' worth (0: the fill alone).
 * @err: Where to say what is wrong.
 * @len: Room in @err.
 *
 * Return: 0, or -1 with @err said.
 */
int plan_precondition(struct plan *p, const struct ssdk_run_config *base,
		      enum precond_mode mode, uint32_t passes, char *err, size_t len)
{
	uint32_t bs = ssdk_config_get(base, SSDK_A_RUN_BS);
	unsigned int i;

	plan_init(p, "precondition", precond_modes[mode], base);
	p->passes = passes;
	if (mode == PRECOND_WDPC)
		return add_wdpc(p, base, err, len);
	if (refuse_set(base, precond_own, ARRAY_SIZE(precond_own), precond_modes[mode], err,
		       len))
		return -1;
	/* The steps' IO counts divide by it; its other limits are the module's. */
	if (ssdk_config_is_set(base, SSDK_A_RUN_BS) && bs < SSDK_MIN_BS) {
		snprintf(err, len, "bs: %u is below %d, the smallest block", bs, SSDK_MIN_BS);
		return -1;
	}
	if (mode == PRECOND_USED) {
		if (!ssdk_config_is_set(base, SSDK_A_RUN_BS))
			bs = PRECOND_RANDOM_BS;
		if (add_used(p, base, bs, PHASE_NEW))
			goto too_many;
		return 0;
	}
	if (!ssdk_config_is_set(base, SSDK_A_RUN_BS))
		bs = PRECOND_FILL_BS;
	for (i = 1; i <= passes; i++)
		if (add_pass(p, base, bs, PHASE_NEW, "wipc", i, passes))
			goto too_many;
	return 0;

too_many:
	snprintf(err, len, "precondition: more than %d steps", PLAN_MAX_STEPS);
	return -1;
}

/**
 * plan_purge() - The one step of a purge by the drive (ssdk ctl purge
 * --method nvme-*|ata-*): a plan, so that it is checked, run and reported
 * as a study's purge is.
 * @p: The plan, made anew.
 * @target: The namespace's or drive's block device, as a configuration's
 *	target.
 * @m: The method (drive_erase.h).
 * @size: The namespace's or drive's bytes: the plan's span.
 */
void plan_purge(struct plan *p, const struct ssdk_run_config *target, int m, uint64_t size)
{
	struct step *s;

	plan_init(p, "purge", drive_erase_name(m), target);
	p->span = size;
	s = add_step(p, STEP_DRIVE, PHASE_NEW, -1, target, "%s of the %s", drive_erase_name(m),
		     drive_erase_unit(m));
	s->drive = m;
}

/* Each workload measured once in @phase. */
static int add_measures(struct plan *p, const struct ssdk_run_config *workloads,
			enum study_phase phase)
{
	unsigned int i;

	for (i = 0; i < p->nr_workloads; i++)
		if (!add_step(p, STEP_RUN, phase, i, &workloads[i], "%s: %s", study_phases[phase],
			      p->workloads[i]))
			return -1;
	return 0;
}

/**
 * plan_study() - The steps of ssdk study new-vs-used: purge, the
 * workloads (new), the used state, the workloads (used), a discard of the
 * span, the workloads (after TRIM).
 * @p: The plan, made anew.
 * @base: The attributes of the used state's writes (target, span resolved,
 *	consent, the data's pattern...).
 * @workloads: The workloads, each with the study's span.
 * @nr_workloads: How many, PLAN_MAX_WORKLOADS at most.
 * @purge: The purge that makes the drive new, as a run (a module's
 *	method) over the span, or the target of @drive's; the discard of
 *	the span (TRIM) is this run with the method discard.
 * @drive: The purge by the drive (drive_erase.h), or -1 for @purge's run.
 * @passes: The used state's random writes, in spans' worth, after the fill.
 * @err: Where to say what is wrong.
 * @len: Room in @err.
 *
 * Return: 0, or -1 with @err said.
 */
int plan_study(struct plan *p, const struct ssdk_run_config *base,
	       const struct ssdk_run_config *workloads, unsigned int nr_workloads,
	       const struct ssdk_run_config *purge, int drive, uint32_t passes, char *err,
	       size_t len)
{
	struct ssdk_run_config trim = *purge;
	struct step *s;
	unsigned int i;

	plan_init(p, "study", "new-vs-used", base);
	p->passes = passes;
	if (nr_workloads > PLAN_MAX_WORKLOADS) {
		snprintf(err, len, "study: %d workloads at most", PLAN_MAX_WORKLOADS);
		return -1;
	}
	p->nr_workloads = nr_workloads;
	for (i = 0; i < nr_workloads; i++)
		workload_label(p->workloads[i], sizeof(p->workloads[i]), &workloads[i]);
	if (drive >= 0) {
		s = add_step(p, STEP_DRIVE, PHASE_NEW, -1, purge, "new: %s of the %s",
			     drive_erase_name(drive), drive_erase_unit(drive));
		s->drive = drive;
	} else {
		add_step(p, STEP_RUN, PHASE_NEW, -1, purge, "new: %s of the span",
			 enum_name(SSDK_SPEC_ENUM_PURGE_METHOD,
				   ssdk_config_get(purge, SSDK_A_RUN_PURGE)));
	}
	ssdk_config_set(&trim, SSDK_A_RUN_PURGE, SSDK_PURGE_METHOD_DISCARD);
	if (add_measures(p, workloads, PHASE_NEW) ||
	    add_used(p, base, PRECOND_RANDOM_BS, PHASE_USED) ||
	    add_measures(p, workloads, PHASE_USED) ||
	    !add_step(p, STEP_RUN, PHASE_TRIM, -1, &trim, "trim: discard of the span") ||
	    add_measures(p, workloads, PHASE_TRIM)) {
		snprintf(err, len, "study: more than %d steps: fewer workloads", PLAN_MAX_STEPS);
		return -1;
	}
	return 0;
}

/**
 * workload_label() - A workload in a few words: "randwrite 4k QD3".
 * @buf: Where it goes.
 * @size: Room in @buf.
 * @c: The workload.
 *
 * Return: @buf.
 */
const char *workload_label(char *buf, size_t size, const struct ssdk_run_config *c)
{
	char bs[32];

	if (c->nr_bs > 1)
		snprintf(bs, sizeof(bs), "%u sizes", c->nr_bs);
	else
		ssdk_fmt_size(bs, sizeof(bs), value(c, SSDK_A_RUN_BS));
	snprintf(buf, size, "%s %s QD%llu", enum_name(SSDK_SPEC_ENUM_RW, value(c, SSDK_A_RUN_RW)),
		 bs, (unsigned long long)value(c, SSDK_A_RUN_IODEPTH));
	return buf;
}

/**
 * config_time_s() - How long a run of @c takes, when a time ends it.
 * @c: The run.
 *
 * Return: Its ramp and runtime in seconds, or -1 when its size (or
 * nothing) ends it: a fill takes what the drive takes.
 */
double config_time_s(const struct ssdk_run_config *c)
{
	if (!ssdk_config_is_set(c, SSDK_A_RUN_RUNTIME_NS) ||
	    !ssdk_config_get(c, SSDK_A_RUN_RUNTIME_NS))
		return -1;
	return (ssdk_config_get(c, SSDK_A_RUN_RUNTIME_NS) +
		(ssdk_config_is_set(c, SSDK_A_RUN_RAMP_NS) ?
		 ssdk_config_get(c, SSDK_A_RUN_RAMP_NS) : 0)) / 1e9;
}

/**
 * plan_time() - How long a plan's steps take, those a time ends.
 * @p: The plan.
 * @seconds: Their time.
 *
 * Return: How many steps a size ends instead (fills, purges).
 */
unsigned int plan_time(const struct plan *p, double *seconds)
{
	unsigned int i, untimed = 0;
	double t;

	*seconds = 0;
	for (i = 0; i < p->nr; i++) {
		t = p->steps[i].kind == STEP_RUN ? config_time_s(&p->steps[i].cfg) : -1;
		if (t < 0)
			untimed++;
		else
			*seconds += t;
	}
	return untimed;
}

/**
 * plan_bytes_written() - What a plan's runs of IO wrote so far.
 * @p: The plan.
 *
 * Return: Bytes of the writes that completed without error (purges are
 * not writes of data, and not counted).
 */
uint64_t plan_bytes_written(const struct plan *p)
{
	uint64_t bytes = 0;
	unsigned int i;

	for (i = 0; i < p->nr; i++)
		if (p->steps[i].kind == STEP_RUN && p->steps[i].state != STEP_PENDING &&
		    !ssdk_config_is_set(&p->steps[i].cfg, SSDK_A_RUN_PURGE))
			bytes += p->steps[i].res.st.stats[SSDK_OP_WRITE].bytes;
	return bytes;
}

/**
 * plan_state() - How a plan went, from its steps'.
 * @p: The plan.
 *
 * Return: STEP_DONE when every step is done; STEP_FAILED or STEP_STOPPED
 * as the step that ended it, STEP_STOPPED when a signal came between two
 * steps; STEP_PENDING before.
 */
enum step_state plan_state(const struct plan *p)
{
	unsigned int i;

	for (i = 0; i < p->nr; i++)
		if (p->steps[i].state != STEP_DONE)
			return p->steps[i].state == STEP_PENDING && p->interrupted ?
			       STEP_STOPPED : p->steps[i].state;
	return STEP_DONE;
}

/**
 * study_cell() - One workload in one of the drive's states.
 * @p: The study.
 * @workload: The workload.
 * @phase: The state.
 * @cell: Filled in; @cell->ran 0 when the step did not run or measured nothing.
 */
void study_cell(const struct plan *p, unsigned int workload, enum study_phase phase,
		struct study_cell *cell)
{
	const struct ssdk_run_status *st;
	struct ssdk_counts both = { 0 };
	unsigned int i, op;

	memset(cell, 0, sizeof(*cell));
	for (i = 0; i < p->nr; i++) {
		if (p->steps[i].phase != phase || p->steps[i].workload != (int)workload ||
		    p->steps[i].state == STEP_PENDING)
			continue;
		st = &p->steps[i].res.st;
		for (op = 0; op < SSDK_NR_OPS; op++)
			ssdk_counts_merge(&both, &st->stats[op]);
		if (!both.ios || !st->measured_ns)
			return;
		cell->ran = 1;
		cell->bw_bytes = both.bytes * 1e9 / st->measured_ns;
		cell->iops = both.ios * 1e9 / st->measured_ns;
		cell->mean_ns = (double)both.lat_sum_ns / both.ios;
		cell->max_ns = both.lat_max_ns;
		return;
	}
}
