// SPDX-License-Identifier: GPL-2.0
/*
 * ssdk ctl precondition: put a span of a device in a known written state
 * (steps.h): SNIA's workload-independent preconditioning (sequential
 * passes of 128k writes), the seeds' used state (a fill, then random
 * writes), or SNIA's workload-dependent one (the workload itself, in
 * rounds to steady state). Every step is checked before the first
 * starts; Ctrl-C stops the current one and says how far it got.
 */

#include "commands.h"
#include "sequence.h"
#include "workload.h"

/* The precondition's plan from its options. */
static int precondition_plan(struct cli *cli, struct workload *w, struct plan *p)
{
	uint32_t passes = w->passes_set ? w->passes : w->mode == PRECOND_WIPC ? 2 : 1;
	char err[256];
	int ret;

	ret = workload_span(cli, w);
	if (ret)
		return ret;
	if (plan_precondition(p, &w->cfg, w->mode, passes, err, sizeof(err)))
		return usage_error(cli, "%s", err);
	return p->nr ? 0 : usage_error(cli, "--passes 0: nothing to write");
}

static int precondition_run(struct cli *cli, int argc, char **argv)
{
	return workload_plan(cli, &cmd_precondition, argc, argv, precondition_plan);
}

static const char precondition_about[] =
	"Put a span of a block device in a known state by writing it, from kernel\n"
	"threads, as SNIA's Solid State Storage Performance Test Specification and\n"
	"the reviews do before measuring (--mode):\n"
	"  wipc  workload-independent: 128k sequential writes of incompressible data\n"
	"        over the span, --passes times (default 2: twice its capacity)\n"
	"  used  the seeds' used drive: one 128k sequential fill, then 4k random\n"
	"        writes (--bs) of --passes times the span (default 1)\n"
	"  wdpc  workload-dependent: the workload given (--rw, --bs, --iodepth...),\n"
	"        in rounds until steady state (default 25 rounds of 1m, steady\n"
	"        iops:20%,slope:10%; --rounds, --round-time, --steady to change)\n"
	"Writes go at iodepth 32 unless --iodepth says. Each step is a run, checked\n"
	"by the module before the first starts; a line per step, then what was\n"
	"written. Ctrl-C stops the current step and prints how far it got. DESTROYS\n"
	"the data of the span (--allow-write).\n";

const struct cli_cmd cmd_precondition = {
	.name = "precondition",
	.group = "ctl",
	.usage = "ssdk ctl precondition --target DEV [--mode wipc|used|wdpc] [--passes N] [--offset SIZE] [--span SIZE] --allow-write",
	.about = precondition_about,
	.summary = "write a span into a known state (SNIA PTS, the used drive)",
	.opts = workload_opts,
	.run = precondition_run,
	.csv = 1,
	.use = FOR_PRECONDITION,
};
