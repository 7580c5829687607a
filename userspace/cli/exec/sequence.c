// SPDX-License-Identifier: GPL-2.0
/*
 * Running a plan (sequence.h). Each run of a plan is a job of one run
 * (jobs.c): started, followed with its progress line, stopped on Ctrl-C;
 * its results are kept in the plan and the run deleted from the module,
 * which keeps max_runs at most while a study has more steps than that
 * may leave room for.
 */

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <linux/fs.h>

#include "jobs.h"
#include "plan_print.h"
#include "sequence.h"

/**
 * plan_target_size() - The size of a plan's device, to resolve its span.
 * @cli: Settings.
 * @target: The block device.
 * @size: Its bytes.
 *
 * Return: 0 or EXIT_RUNTIME (said).
 */
int plan_target_size(struct cli *cli, const char *target, uint64_t *size)
{
	int fd = open(target, O_RDONLY | O_CLOEXEC), err = 0;

	if (fd < 0)
		return runtime_error(cli, "target: %s: %s", target, strerror(errno));
	if (ioctl(fd, BLKGETSIZE64, size))
		err = runtime_error(cli, "target: %s is not a block device", target);
	close(fd);
	return err;
}

/* A purge by the drive, NVMe's or ATA's, checked whole: 0 or -errno, said in @why. */
static int drive_erase_check(const char *target, int m, char *why, size_t len)
{
	if (drive_erase_is_ata(m))
		return ata_erase_check(target, m - DRIVE_ERASE_ATA, why, len);
	return nvme_erase_check(target, m, why, len);
}

/**
 * plan_check() - Check every step of a plan, starting none.
 * @cli: Settings.
 * @h: The connection.
 * @p: The plan.
 *
 * Return: 0 when every step would start, or EXIT_RUNTIME naming the
 * first that would not and why.
 */
int plan_check(struct cli *cli, struct ssdk *h, const struct plan *p)
{
	const struct step *s;
	char why[512], step[160] = "";
	unsigned int i;

	for (i = 0; i < p->nr; i++) {
		s = &p->steps[i];
		if (p->nr > 1)
			snprintf(step, sizeof(step), "step %u (%s): ", i + 1, s->what);
		if (s->kind == STEP_DRIVE) {
			if (drive_erase_check(s->cfg.target, s->drive, why, sizeof(why)))
				return runtime_error(cli, "%s%s", step, why);
		} else if (ssdk_run_check(h, &s->cfg) < 0) {
			return runtime_error(cli, "%s%s", step, ssdk_last_error(h));
		}
	}
	return 0;
}

static enum step_state run_state(uint32_t state)
{
	return state == SSDK_STATE_DONE ? STEP_DONE :
	       state == SSDK_STATE_STOPPED ? STEP_STOPPED : STEP_FAILED;
}

/**
 * plan_dry_run() - After plan_check() passed, with --dry-run: say so.
 * @cli: Settings.
 * @p: The plan.
 */
void plan_dry_run(struct cli *cli, const struct plan *p)
{
	unsigned int untimed;
	double seconds;

	untimed = plan_time(p, &seconds);
	cli->out.ops->dry_run(&cli->out, p->nr, seconds, untimed);
}

/* A run's step: the job's run, its results moved into the step. */
static int step_run(struct cli *cli, struct ssdk *h, struct step *s, struct jobs *jobs,
		    int progress)
{
	int err;

	jobs->nr = 1;
	jobs->cfg[0] = s->cfg;
	err = jobs_run(cli, h, jobs, progress);
	if (jobs->res[0].st.id) {
		s->res = jobs->res[0];
		memset(&jobs->res[0], 0, sizeof(jobs->res[0]));
		s->state = run_state(s->res.st.state);
		ssdk_run_delete(h, s->res.st.id);
	} else {
		s->state = STEP_FAILED;
		snprintf(s->reason, sizeof(s->reason), "%s", ssdk_last_error(h));
	}
	jobs_free(jobs);
	return err;
}

static int step_drive(struct cli *cli, struct step *s, int progress)
{
	int m = s->drive, ret;

	if (drive_erase_is_ata(m))
		ret = ata_erase_run(s->cfg.target, m - DRIVE_ERASE_ATA, progress, &s->erased,
				    s->reason, sizeof(s->reason));
	else
		ret = nvme_erase_run(s->cfg.target, m, progress, &s->erased, s->reason,
				     sizeof(s->reason));

	if (!ret) {
		s->state = STEP_DONE;
		return 0;
	}
	s->state = s->erased.interrupted ? STEP_STOPPED : STEP_FAILED;
	runtime_error(cli, "%s", s->reason);
	return s->erased.interrupted ? EXIT_SIGINT : EXIT_RUNTIME;
}

/**
 * plan_run() - Run a plan's steps in turn, checked first.
 * @cli: Settings; its output backend is told of each step as it ends.
 * @h: The connection.
 * @p: The plan: its steps' states and results are filled in.
 * @progress: Draw each step's progress line on stderr.
 * @quiet: Do not say on stderr which step starts.
 *
 * Return: 0; EXIT_SIGINT when Ctrl-C stopped a step; EXIT_RUNTIME when
 * a step could not start or failed. The steps after it stay pending.
 */
int plan_run(struct cli *cli, struct ssdk *h, struct plan *p, int progress, int quiet)
{
	struct jobs *jobs;
	unsigned int i;
	int err;

	err = plan_check(cli, h, p);
	if (err)
		return err;
	jobs = calloc(1, sizeof(*jobs));
	if (!jobs)
		return runtime_error(cli, "out of memory");
	cli_catch_signals();
	for (i = 0; i < p->nr && !err; i++) {
		/* Between two steps (a format or erase does not stop): none after. */
		if (cli_signalled()) {
			p->interrupted = 1;
			err = EXIT_SIGINT;
			break;
		}
		if (!quiet)
			fprintf(stderr, "%s: step %u of %u: %s\n", cli->prog, i + 1, p->nr,
				p->steps[i].what);
		if (p->steps[i].kind == STEP_DRIVE)
			err = step_drive(cli, &p->steps[i], progress);
		else
			err = step_run(cli, h, &p->steps[i], jobs, progress);
		if (!err && p->steps[i].state != STEP_DONE)
			err = EXIT_RUNTIME;
		if (p->steps[i].state != STEP_PENDING && plan_print(&cli->out)->step)
			plan_print(&cli->out)->step(&cli->out, p, i);
	}
	free(jobs);
	return err;
}

/**
 * plan_execute() - Run a plan, and report it once a step has run.
 * @cli: Settings; its output backend reports the plan.
 * @h: The connection.
 * @p: The plan.
 * @progress: Draw each step's progress line on stderr.
 * @quiet: Do not say on stderr which step starts.
 *
 * A plan refused before its first step (plan_check()) prints nothing but
 * the reason, on stderr.
 *
 * Return: As plan_run().
 */
int plan_execute(struct cli *cli, struct ssdk *h, struct plan *p, int progress, int quiet)
{
	int err = plan_run(cli, h, p, progress, quiet);

	if (p->steps[0].state != STEP_PENDING)
		plan_print(&cli->out)->plan(&cli->out, p);
	return err;
}

/**
 * plan_free() - Free the results a plan's steps hold.
 * @p: The plan.
 */
void plan_free(struct plan *p)
{
	unsigned int i;

	for (i = 0; i < p->nr; i++)
		result_free(&p->steps[i].res);
}
