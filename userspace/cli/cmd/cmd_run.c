// SPDX-License-Identifier: GPL-2.0
/*
 * ssdk ctl run and start: a workload's runs (one per target and worker).
 * run checks them all with the module, lays out their files, starts them,
 * shows their progress, waits for their end and prints their results
 * (Ctrl-C stops them: the results are partial); start checks, lays out
 * and starts them, and prints their ids. purge is run with a purge
 * method instead of IO: the module checks that the device offers it; or
 * it is the drive's own, sent from here (nvme.h, ata.h).
 */

#include <stdio.h>
#include <stdlib.h>

#include "commands.h"
#include "rules.h"
#include "sequence.h"
#include "workload.h"

static int run_or_start(struct cli *cli, struct workload *w)
{
	struct jobs *jobs = &w->jobs;
	int err;

	/* A replay's trace first: the module checks the runs with it. */
	err = w->trace ? workload_load_trace(cli, w) : 0;
	if (!err)
		err = workload_check(cli, w);
	if (err || w->dry_run)
		return err ? err : workload_dry_run(cli, w);
	if (w->repeat)
		return workload_repeat(cli, w, 0);
	workload_jobs(w, 0, 0);
	err = jobs_start(cli, w->h, jobs);
	if (err)
		return err;
	if (w->use == FOR_START) {
		cli->out.ops->started(&cli->out, jobs->id, jobs->nr);
		return 0;
	}
	err = jobs_finish(cli, w->h, jobs, workload_progress(w));
	if (jobs->total.st.id)
		cli->out.ops->job(&cli->out, jobs->res, jobs->nr, &jobs->total);
	return err;
}

static int open_and_run(struct cli *cli, const struct cli_cmd *cmd, int argc, char **argv)
{
	struct workload *w;
	int err;

	err = workload_open(cli, cmd, argc, argv, &w);
	if (err)
		return err;
	err = run_or_start(cli, w);
	workload_close(w);
	return err;
}

static int run_run(struct cli *cli, int argc, char **argv)
{
	return open_and_run(cli, &cmd_run, argc, argv);
}

static int start_run(struct cli *cli, int argc, char **argv)
{
	return open_and_run(cli, &cmd_start, argc, argv);
}

static int replay_run(struct cli *cli, int argc, char **argv)
{
	return open_and_run(cli, &cmd_replay, argc, argv);
}

/*
 * A purge by the drive (nvme.h, ata.h): a plan of that one step, so that
 * it is checked, run, shown and reported as a study's purge is. It erases
 * the whole namespace or drive: none of the run attributes of a purge's
 * span goes with it.
 */
static int purge_by_drive(struct cli *cli, struct workload *w)
{
	const char *name = drive_erase_name(w->drive), *unit = drive_erase_unit(w->drive);
	const struct ssdk_spec_attr *a;
	struct plan *p;
	uint64_t size;
	uint32_t attr;
	int err;

	for (attr = 1; attr <= SSDK_A_RUN_MAX; attr++) {
		if (attr == SSDK_A_RUN_TARGET || attr == SSDK_A_RUN_ALLOW_WRITE ||
		    !ssdk_config_is_set(&w->cfg, attr))
			continue;
		a = ssdk_spec_attr(SSDK_SPEC_SET_RUN, attr);
		return usage_error(cli, "%s: not with %s, which erases the whole %s",
				   a ? a->name : "?", name, unit);
	}
	if (w->nr_targets != 1)
		return usage_error(cli, "%s: one --target", name);
	if (!ssdk_config_is_set(&w->cfg, SSDK_A_RUN_ALLOW_WRITE))
		return runtime_error(cli, "%s: destroys the whole %s's data: it needs --allow-write",
				     name, unit);
	p = calloc(1, sizeof(*p));
	if (!p)
		return runtime_error(cli, "out of memory");
	err = plan_target_size(cli, w->targets[0], &size);
	if (!err) {
		plan_purge(p, &w->cfg, w->drive, size);
		if (w->dry_run) {
			err = plan_check(cli, w->h, p);
			if (!err)
				plan_dry_run(cli, p);
		} else {
			err = plan_execute(cli, w->h, p, workload_progress(w), 1);
		}
	}
	free(p);
	return err;
}

static int purge_run(struct cli *cli, int argc, char **argv)
{
	struct workload *w;
	int err;

	err = workload_open(cli, &cmd_purge, argc, argv, &w);
	if (err)
		return err;
	err = w->drive >= 0 ? purge_by_drive(cli, w) : run_or_start(cli, w);
	workload_close(w);
	return err;
}

static const char purge_about[] =
	"Return a span of a block device to a known state with the device's own\n"
	"operation, from a kernel thread: discard (TRIM, NVMe deallocate), secure\n"
	"discard or write-zeroes, each only where the device offers it (never by\n"
	"writing zero pages). The span goes in chunks of " STR(SSDK_PURGE_CHUNK) " bytes, each a\n"
	"write of its length in the results; Ctrl-C stops after the current chunk and\n"
	"prints how far it got. Or the whole NVMe namespace by the drive's firmware,\n"
	"through the NVMe admin passthrough: nvme-format (Format NVM, user data\n"
	"erase), nvme-format-crypto (cryptographic erase), nvme-sanitize-block,\n"
	"nvme-sanitize-crypto (Sanitize, which erases every namespace: refused when\n"
	"the controller has another), each where Identify says the drive has it; a\n"
	"format cannot be stopped, and Ctrl-C stops waiting for a sanitize, not the\n"
	"sanitize. Or the whole SATA drive by its firmware, through ATA PASS-THROUGH\n"
	"(SG_IO), as hdparm --security-erase does: ata-secure-erase,\n"
	"ata-secure-erase-enhanced (SECURITY ERASE UNIT, after setting the user\n"
	"password \"" ATA_ERASE_PASSWORD "\", which the erase clears); refused, saying what to do,\n"
	"when IDENTIFY says the drive has no security feature set, is frozen, locked\n"
	"or has a password already; an erase cannot be stopped. A drive's erase is\n"
	"the whole namespace's or drive's: it takes none of the options of the span's\n"
	"run (--offset, --span, --cpu...). DESTROYS the data (--allow-write); refused\n"
	"when the device is mounted or held.\n";

const struct cli_cmd cmd_purge = {
	.name = "purge",
	.group = "ctl",
	.usage = "ssdk ctl purge --target DEV --method M [--offset SIZE] [--span SIZE] --allow-write\n"
		 "ssdk ctl purge --target NAMESPACE --method nvme-format|nvme-sanitize-block|... --allow-write\n"
		 "ssdk ctl purge --target DISK --method ata-secure-erase|ata-secure-erase-enhanced --allow-write",
	.about = purge_about,
	.summary = "discard or zero a span, or erase an NVMe namespace or SATA drive by the drive",
	.opts = workload_opts,
	.run = purge_run,
	.use = FOR_PURGE,
};

const struct cli_cmd cmd_run = {
	.name = "run",
	.group = "ctl",
	.usage = "ssdk ctl run --target DEV [OPTIONS]\n"
		 "ssdk ctl run --engine kfile --target FILE [OPTIONS]",
	.about = workload_about,
	.summary = "run a workload, show progress, print results",
	.opts = workload_opts,
	.run = run_run,
	.csv = 1,
	.metrics = 1,
	.use = FOR_RUN,
};

const struct cli_cmd cmd_start = {
	.name = "start",
	.group = "ctl",
	.usage = "ssdk ctl start --target DEV [OPTIONS]",
	.about = workload_about,
	.summary = "start a run in the background, print its id",
	.opts = workload_opts,
	.run = start_run,
	.use = FOR_START,
};

static const char replay_about[] =
	"Replay a trace of real use (blktrace, fio iolog: ssdk trace summary FILE) on a\n"
	"block device from a kernel thread (or on a regular file: --engine kfile): its\n"
	"reads and writes, in its order, each at its recorded time counted from the\n"
	"first (--timing original, the default: an open loop, whose response time counts\n"
	"from that time; scale:X stretches the times X-fold) or as fast as --iodepth\n"
	"allows (afap). The trace is loaded into the module first. The results are a\n"
	"run's, and an open loop's lateness is the replay's fidelity: how long after its\n"
	"time each IO was issued (p50, p99, max). IOs go where the trace says, unless\n"
	"--remap moves them: offset (shifted by --offset) or span (folded into\n"
	"--offset/--span). A trace that writes needs --allow-write; discards and flushes\n"
	"are left out. --ios replays the first N IOs, --runtime stops it early.\n";

const struct cli_cmd cmd_replay = {
	.name = "replay",
	.group = "ctl",
	.usage = "ssdk ctl replay --trace FILE --target DEV [--timing original|afap|scale:X]\n"
		 "         [--iodepth N] [--remap none|offset|span] [--allow-write] [OPTIONS]",
	.about = replay_about,
	.summary = "replay a trace from the kernel, at its times or as fast as it goes",
	.opts = workload_opts,
	.run = replay_run,
	.csv = 1,
	.metrics = 1,
	.use = FOR_REPLAY,
};
