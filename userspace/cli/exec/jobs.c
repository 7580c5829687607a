// SPDX-License-Identifier: GPL-2.0
/*
 * Several runs as one job (jobs.h): checked by the module all before the
 * first starts (run-start's dry run), started back to back (each within
 * a netlink round trip of the others), followed together, stopped
 * together on Ctrl-C, and reported each and in total. Iometer's workers
 * and targets are this: a run per (target, worker), each with its own
 * iodepth.
 */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fetch.h"
#include "jobs.h"
#include "values.h"

static int start_error(struct cli *cli, struct ssdk *h, const struct jobs *jobs, unsigned int i)
{
	return runtime_error(cli, "cannot start the run%s%s: %s", jobs->nr > 1 ? " on " : "",
			     jobs->nr > 1 ? jobs->cfg[i].target : "", ssdk_last_error(h));
}

/**
 * jobs_check() - Have the module check every run of a job, starting none.
 * @cli: Settings.
 * @h: The connection.
 * @jobs: The job.
 *
 * Return: 0 when every run would start, or EXIT_RUNTIME with the
 * module's reason for the first that would not.
 */
int jobs_check(struct cli *cli, struct ssdk *h, const struct jobs *jobs)
{
	unsigned int i;

	for (i = 0; i < jobs->nr; i++)
		if (ssdk_run_check(h, &jobs->cfg[i]) < 0)
			return start_error(cli, h, jobs, i);
	return 0;
}

/* Stop and delete the first @n runs of a job, which could not go on whole. */
static void jobs_undo(struct ssdk *h, struct jobs *jobs, unsigned int n)
{
	while (n--) {
		ssdk_run_stop(h, jobs->id[n]);
		ssdk_run_delete(h, jobs->id[n]);
		jobs->id[n] = 0;
	}
}

/**
 * jobs_start() - Start every run of a job.
 * @cli: Settings.
 * @h: The connection.
 * @jobs: The job; its ids are filled in.
 *
 * A job runs whole or not: a run refused stops and deletes those
 * started before it (jobs_check() makes that rare: a race).
 *
 * Return: 0 or EXIT_RUNTIME.
 */
int jobs_start(struct cli *cli, struct ssdk *h, struct jobs *jobs)
{
	unsigned int i;
	int err;

	for (i = 0; i < jobs->nr; i++) {
		if (ssdk_run_start(h, &jobs->cfg[i], &jobs->id[i]) < 0) {
			err = start_error(cli, h, jobs, i);
			jobs_undo(h, jobs, i);
			return err;
		}
	}
	return 0;
}

/* One line of the job's progress on a terminal, redrawn in place. */
static void jobs_progress(struct ssdk *h, const struct jobs *jobs)
{
	struct run_result total = { 0 }, one = { 0 };
	const struct ssdk_run_status *st = &total.st;
	struct ssdk_counts both = { 0 };
	char mean[32], mx[32];
	unsigned int i, op;

	for (i = 0; i < jobs->nr; i++) {
		if (ssdk_run_get(h, jobs->id[i], i ? &one.st : &total.st))
			return;
		if (i)
			result_merge(&total, &one);
	}
	for (op = 0; op < SSDK_NR_OPS; op++)
		ssdk_counts_merge(&both, &st->stats[op]);
	fprintf(stderr, "\r[run %u %s] %.1f s  %llu IOPS  %.2f MB/s  mean %s  max %s\033[K",
		st->id, enum_name(SSDK_SPEC_ENUM_STATE, st->state), st->elapsed_ns / 1e9,
		(unsigned long long)st->iops_now, st->iops_now * (double)st->config.bs / 1e6,
		both.ios ? ssdk_fmt_ns(mean, sizeof(mean),
				       (double)both.lat_sum_ns / both.ios) : "-",
		both.ios ? ssdk_fmt_ns(mx, sizeof(mx), both.lat_max_ns) : "-");
	fflush(stderr);
}

static int jobs_stop(struct cli *cli, struct ssdk *h, const struct jobs *jobs)
{
	unsigned int i;

	for (i = 0; i < jobs->nr; i++)
		if (ssdk_run_stop(h, jobs->id[i]) < 0)
			return runtime_error(cli, "run %u: %s", jobs->id[i], ssdk_last_error(h));
	fprintf(stderr, "%s: stopped by signal: the results are partial\n", cli->prog);
	return EXIT_SIGINT;
}

/* Wait for every run to end: 0, EXIT_SIGINT after stopping them, or EXIT_RUNTIME. */
static int jobs_follow(struct cli *cli, struct ssdk *h, struct jobs *jobs, int progress)
{
	unsigned int i = 0;
	int err;

	/* SIGINT and SIGTERM interrupt the wait and stop the runs. */
	cli_catch_signals();
	while (i < jobs->nr) {
		err = cli_signalled() ? -EINTR : ssdk_run_wait(h, jobs->id[i], 1000);
		if (!err) {
			i++;
			continue;
		}
		if (err == -ETIMEDOUT) {
			if (progress)
				jobs_progress(h, jobs);
			continue;
		}
		if (err == -EINTR && !cli_signalled())
			continue;
		if (progress)
			fputs("\r\033[K", stderr);
		if (err == -EINTR)
			return jobs_stop(cli, h, jobs);
		return runtime_error(cli, "run %u: %s (it goes on: see 'ssdk ctl status %u')",
				     jobs->id[i], ssdk_last_error(h), jobs->id[i]);
	}
	if (progress)
		fputs("\r\033[K", stderr);
	return 0;
}

/* Every run's results, and their total. */
static int jobs_results(struct cli *cli, struct ssdk *h, struct jobs *jobs)
{
	unsigned int i, s;
	int err;

	for (i = 0; i < jobs->nr; i++) {
		err = fetch_results(cli, h, jobs->id[i], &jobs->res[i]);
		if (err)
			return err;
	}
	jobs->total.st = jobs->res[0].st;
	if (result_alloc_hists(&jobs->total))
		return runtime_error(cli, "out of memory");
	for (s = 0; s < SSDK_NR_SETS; s++)
		ssdk_hist_merge(jobs->total.hists[s], jobs->res[0].hists[s]);
	for (i = 1; i < jobs->nr; i++)
		result_merge(&jobs->total, &jobs->res[i]);
	return 0;
}

/**
 * jobs_finish() - Follow a started job to its end and fetch its results.
 * @cli: Settings.
 * @h: The connection.
 * @jobs: The job, started.
 * @progress: Draw a progress line on stderr.
 *
 * Return: 0; EXIT_SIGINT (with the results) after a signal stopped it;
 * EXIT_RUNTIME when a run failed (with the results), or when they could
 * not be had (without). Results are there when @jobs->total.st.id is.
 */
int jobs_finish(struct cli *cli, struct ssdk *h, struct jobs *jobs, int progress)
{
	unsigned int i;
	int err, ret;

	err = jobs_follow(cli, h, jobs, progress);
	if (err && err != EXIT_SIGINT)
		return err;
	ret = jobs_results(cli, h, jobs);
	if (ret)
		return ret;
	for (i = 0; !err && i < jobs->nr; i++)
		if (jobs->res[i].st.state == SSDK_STATE_FAILED)
			err = EXIT_RUNTIME;
	return err;
}

/**
 * jobs_run() - Check and start a job, follow it to its end, fetch its results.
 * @cli: Settings.
 * @h: The connection.
 * @jobs: The job.
 * @progress: Draw a progress line on stderr.
 *
 * Return: As jobs_finish(); EXIT_RUNTIME when it could not start.
 */
int jobs_run(struct cli *cli, struct ssdk *h, struct jobs *jobs, int progress)
{
	int err = jobs->nr > 1 ? jobs_check(cli, h, jobs) : 0;

	if (!err)
		err = jobs_start(cli, h, jobs);
	return err ? err : jobs_finish(cli, h, jobs, progress);
}

/**
 * jobs_free() - Free a job's results, and forget them.
 * @jobs: The job.
 */
void jobs_free(struct jobs *jobs)
{
	unsigned int i;

	for (i = 0; i < JOBS_MAX; i++) {
		result_free(&jobs->res[i]);
		memset(&jobs->res[i], 0, sizeof(jobs->res[i]));
	}
	result_free(&jobs->total);
	memset(&jobs->total, 0, sizeof(jobs->total));
}
