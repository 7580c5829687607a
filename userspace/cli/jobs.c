// SPDX-License-Identifier: GPL-2.0
/*
 * Several runs as one job: started back to back (each within a netlink
 * round trip of the others), followed together, stopped together on
 * Ctrl-C, and reported each and in total. Iometer's workers and targets
 * are this: a run per (target, worker), each with its own iodepth.
 */

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include <linux/ssdk.h>

#include "hist.h"
#include "jobs.h"
#include "extra.h"
#include "opts.h"

static volatile sig_atomic_t got_signal;

static void on_signal(int sig)
{
	got_signal = sig;
}

/* SIGINT and SIGTERM interrupt the wait (no SA_RESTART) and stop the runs. */
static void catch_signals(void)
{
	struct sigaction sa = { .sa_handler = on_signal };

	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
}

/**
 * jobs_start() - Start every run of a job.
 * @cli: Settings.
 * @h: The connection.
 * @jobs: The job; its ids are filled in.
 *
 * A refused run stops those already started: a job runs whole or not.
 *
 * Return: 0 or EXIT_RUNTIME.
 */
int jobs_start(struct cli *cli, struct ssdk *h, struct jobs *jobs)
{
	unsigned int i;

	for (i = 0; i < jobs->nr; i++) {
		if (ssdk_run_start(h, &jobs->cfg[i], &jobs->id[i]) < 0)
			break;
	}
	if (i == jobs->nr)
		return 0;
	runtime_error(cli, "cannot start the run%s%s: %s", jobs->nr > 1 ? " on " : "",
		      jobs->nr > 1 ? jobs->cfg[i].target : "", ssdk_last_error(h));
	while (i--)
		ssdk_run_delete(h, jobs->id[i]);
	return EXIT_RUNTIME;
}

static void jobs_progress(struct ssdk *h, const struct jobs *jobs)
{
	struct ssdk_run_status st, total;
	unsigned int i;

	for (i = 0; i < jobs->nr; i++) {
		if (ssdk_run_get(h, jobs->id[i], i ? &st : &total))
			return;
		if (i)
			report_merge(&total, &st);
	}
	report_progress(stderr, &total);
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

/**
 * jobs_follow() - Wait for every run of a job to end.
 * @cli: Settings.
 * @h: The connection.
 * @jobs: The job.
 * @progress: Draw a progress line of the total on stderr.
 *
 * Return: 0, EXIT_SIGINT after stopping the runs on a signal, or
 * EXIT_RUNTIME.
 */
int jobs_follow(struct cli *cli, struct ssdk *h, struct jobs *jobs, int progress)
{
	unsigned int i = 0;
	int err;

	catch_signals();
	while (i < jobs->nr) {
		err = got_signal ? -EINTR : ssdk_run_wait(h, jobs->id[i], 1000);
		if (!err) {
			i++;
			continue;
		}
		if (err == -ETIMEDOUT) {
			if (progress)
				jobs_progress(h, jobs);
			continue;
		}
		if (err == -EINTR && !got_signal)
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

/**
 * jobs_results() - Fetch every run's results and add up the total.
 * @cli: Settings.
 * @h: The connection.
 * @jobs: The job, its runs ended.
 *
 * Return: 0 or EXIT_RUNTIME.
 */
int jobs_results(struct cli *cli, struct ssdk *h, struct jobs *jobs)
{
	size_t nr = ssdk_hist_buckets();
	unsigned int i, s;
	uint64_t *all;

	for (i = 0; i <= jobs->nr; i++) {
		all = calloc(nr * SSDK_LIB_NR_SETS, sizeof(uint64_t));
		if (!all)
			return runtime_error(cli, "out of memory");
		for (s = 0; s < SSDK_LIB_NR_SETS; s++)
			jobs->hists[i][s] = all + s * nr;
		if (i == jobs->nr)
			break;
		if (ssdk_results_get(h, jobs->id[i], &jobs->st[i], all) < 0 ||
		    extra_fetch(h, &jobs->st[i], &jobs->extra[i]) < 0)
			return runtime_error(cli, "run %u: %s", jobs->id[i], ssdk_last_error(h));
	}
	jobs->total = jobs->st[0];
	for (i = 0; i < jobs->nr; i++) {
		if (i)
			report_merge(&jobs->total, &jobs->st[i]);
		report_merge_hists(jobs->hists[jobs->nr], jobs->hists[i]);
	}
	return 0;
}

/**
 * jobs_run() - Start a job, follow it to its end and fetch its results.
 * @cli: Settings.
 * @h: The connection.
 * @jobs: The job.
 * @progress: Draw a progress line.
 *
 * Return: 0; EXIT_SIGINT (with the results) after a signal stopped it;
 * EXIT_RUNTIME when a run failed (with the results) or could not start.
 */
int jobs_run(struct cli *cli, struct ssdk *h, struct jobs *jobs, int progress)
{
	unsigned int i;
	int err, ret;

	err = jobs_start(cli, h, jobs);
	if (err)
		return err;
	err = jobs_follow(cli, h, jobs, progress);
	if (err && err != EXIT_SIGINT)
		return err;
	ret = jobs_results(cli, h, jobs);
	if (ret)
		return ret;
	for (i = 0; !err && i < jobs->nr; i++)
		if (jobs->st[i].state == SSDK_STATE_FAILED)
			err = EXIT_RUNTIME;
	return err;
}

/* One line of a run among several: where, and what it did. */
static void jobs_line(const struct ssdk_run_status *st)
{
	struct op_summary o[SSDK_LIB_NR_OPS];
	char mean[32], mx[32];
	unsigned int op;

	for (op = 0; op < SSDK_LIB_NR_OPS; op++)
		op_summarize(&st->stats[op], st->measured_ns, NULL, &o[op]);
	printf("run %-4u %-20s cpu %-3s %s  %10.1f IOPS %9.2f MB/s  read mean %s  write mean %s\n",
	       st->id, st->config.target,
	       st->config.cpu >= 0 ? (snprintf(mx, sizeof(mx), "%d", st->config.cpu), mx) : "any",
	       state_name(st->state), o[0].iops + o[1].iops, (o[0].bw_bytes + o[1].bw_bytes) / 1e6,
	       o[0].ios ? fmt_ns(mean, sizeof(mean), o[0].mean) : "-",
	       o[1].ios ? fmt_ns(mx, sizeof(mx), o[1].mean) : "-");
}

/**
 * jobs_print() - A job's results: a run's, or each run's and the total.
 * @cli: Settings.
 * @j: The JSON writer, set up, when @cli->json.
 * @jobs: The job, with its results.
 *
 * In JSON, one run is the object of Documentation/userspace/json.rst;
 * several are {"workers": [that object, ...], "total": that object}.
 */
void jobs_print(struct cli *cli, struct json *j, struct jobs *jobs)
{
	unsigned int i;

	if (jobs->nr == 1) {
		if (cli->json)
			report_json(j, NULL, &jobs->st[0], jobs->hists[0], &jobs->extra[0]);
		else
			report_text(stdout, &jobs->st[0], jobs->hists[0]);
		return;
	}
	if (cli->json) {
		json_object_begin(j, NULL);
		json_array_begin(j, "workers", 0);
		for (i = 0; i < jobs->nr; i++)
			report_json(j, NULL, &jobs->st[i], jobs->hists[i], &jobs->extra[i]);
		json_array_end(j);
		report_json(j, "total", &jobs->total, jobs->hists[jobs->nr], NULL);
		json_object_end(j);
		return;
	}
	for (i = 0; i < jobs->nr; i++)
		jobs_line(&jobs->st[i]);
	printf("\ntotal of %u runs (iodepth: their sum; rates: over the longest window)\n",
	       jobs->nr);
	report_text(stdout, &jobs->total, jobs->hists[jobs->nr]);
}

/**
 * jobs_sweep_row() - One row of a sweep: the total of both ops.
 * @jobs: The job of this point, with its results.
 * @header: Print the header first.
 */
void jobs_sweep_row(struct jobs *jobs, int header)
{
	const struct ssdk_run_status *t = &jobs->total;
	uint64_t **h = jobs->hists[jobs->nr];
	uint64_t ios = t->stats[0].ios + t->stats[1].ios, b, *both;
	uint64_t bytes = t->stats[0].bytes + t->stats[1].bytes, p99 = 0;
	uint64_t min = UINT64_MAX, max = 0;
	char mean[32], pct[32], mx[32];
	unsigned int op;

	if (header)
		printf("%8s %12s %10s %12s %12s %12s  %s\n", "iodepth", "IOPS", "MB/s", "mean",
		       "p99", "max", "state");
	both = calloc(SSDK_HIST_NR_BUCKETS, sizeof(*both));
	for (op = 0; op < SSDK_LIB_NR_OPS; op++) {
		if (!t->stats[op].ios)
			continue;
		if (t->stats[op].lat_min_ns < min)
			min = t->stats[op].lat_min_ns;
		if (t->stats[op].lat_max_ns > max)
			max = t->stats[op].lat_max_ns;
		for (b = 0; both && b < SSDK_HIST_NR_BUCKETS; b++)
			both[b] += h[op][b];
	}
	if (both && ios)
		p99 = hist_percentile((const u64 *)both, ios, 99, min, max);
	free(both);
	printf("%8u %12.1f %10.2f %12s %12s %12s  %s\n", t->config.iodepth,
	       t->measured_ns ? ios * 1e9 / t->measured_ns : 0,
	       t->measured_ns ? bytes * 1e3 / t->measured_ns : 0,
	       ios ? fmt_ns(mean, sizeof(mean),
			    (double)(t->stats[0].lat_sum_ns + t->stats[1].lat_sum_ns) / ios) : "-",
	       ios ? fmt_ns(pct, sizeof(pct), p99) : "-", ios ? fmt_ns(mx, sizeof(mx), max) : "-",
	       state_name(t->state));
	fflush(stdout);
}

/**
 * jobs_free() - Free a job's histograms and slowest IOs.
 * @jobs: The job.
 */
void jobs_free(struct jobs *jobs)
{
	unsigned int i;

	for (i = 0; i <= jobs->nr && i <= JOBS_MAX; i++) {
		free(jobs->hists[i][0]);
		memset(jobs->hists[i], 0, sizeof(jobs->hists[i]));
	}
	for (i = 0; i < JOBS_MAX; i++)
		extra_free(&jobs->extra[i]);
}
