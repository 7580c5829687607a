// SPDX-License-Identifier: GPL-2.0
/*
 * The textfile collector mode of ssdk ctl status (textfile.h): every
 * interval, every run's metrics into DIR/ssdk.prom, in the Prometheus
 * text format 0.0.4 that node_exporter's textfile collector parses (its
 * parser refuses OpenMetrics' info and stateset types and reads a
 * counter's _total sample as a family of its own: om_metrics.h).
 *
 * Atomically: the metrics go to a temporary file in DIR, named
 * .ssdk.prom.XXXXXX so that the collector's *.prom never matches it,
 * which is flushed, fsync()ed, made readable by all (the collector runs
 * as its own user) and renamed over ssdk.prom. A reader sees the old
 * file or the new one, whole; never a part. The temporary file is
 * removed on every failure, and SIGINT or SIGTERM end the loop between
 * two writes, so none is left behind (only SIGKILL could).
 *
 * The loop runs until interrupted, as a collector beside the benchmarks
 * does: runs come and go, an ended run's final figures stay exported
 * until it is deleted, and ssdk.prom is left with the last state.
 */

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "fetch.h"
#include "om_metrics.h"
#include "textfile.h"

/* Write @f's metrics and close it; 0 or -errno. */
static int textfile_close(FILE *f, const struct run_result *r, int n)
{
	struct om_runs runs;
	int err = om_runs_of(&runs, r, n, 0);

	if (!err)
		om_write(f, OM_PROMETHEUS, runs.runs, n);
	if (!err && (fflush(f) || ferror(f) || fsync(fileno(f)) || fchmod(fileno(f), 0644)))
		err = errno ? -errno : -EIO;
	if (fclose(f) && !err)
		err = -errno;
	om_runs_free(&runs);
	return err;
}

/* One snapshot of every run into DIR/ssdk.prom, atomically. */
static int textfile_write(struct cli *cli, const char *dir, const struct run_result *r, int n)
{
	char *tmp = NULL, *path = NULL;
	int fd = -1, err = -ENOMEM;
	FILE *f;

	if (asprintf(&tmp, "%s/." TEXTFILE_NAME ".XXXXXX", dir) < 0)
		tmp = NULL;
	if (asprintf(&path, "%s/" TEXTFILE_NAME, dir) < 0)
		path = NULL;
	if (tmp && path) {
		fd = mkstemp(tmp);
		err = fd < 0 ? -errno : 0;
	}
	if (!err) {
		f = fdopen(fd, "w");
		err = f ? textfile_close(f, r, n) : -errno;
		if (!f)
			close(fd);
		if (!err && rename(tmp, path))
			err = -errno;
		if (err)
			unlink(tmp);
	}
	if (err)
		runtime_error(cli, "%s: %s", path ? path : dir, strerror(-err));
	free(tmp);
	free(path);
	return err ? EXIT_RUNTIME : 0;
}

/* Sleep @ns, or less when a signal comes. */
static void textfile_sleep(uint64_t ns)
{
	struct timespec ts = { .tv_sec = ns / 1000000000, .tv_nsec = ns % 1000000000 };

	nanosleep(&ts, NULL);
}

/**
 * textfile_export() - Write every run's metrics to DIR/ssdk.prom, every
 * interval, until SIGINT or SIGTERM.
 * @cli: Settings.
 * @dir: The directory: node_exporter's --collector.textfile.directory.
 * @interval_ns: Between two writes.
 *
 * Return: 0 once interrupted, or EXIT_RUNTIME (said) when the module
 * cannot be read or the file cannot be written.
 */
int textfile_export(struct cli *cli, const char *dir, uint64_t interval_ns)
{
	struct run_result *r;
	struct ssdk *h;
	struct stat sb;
	int n, err;

	if (stat(dir, &sb))
		return runtime_error(cli, "--openmetrics-dir %s: %s", dir, strerror(errno));
	if (!S_ISDIR(sb.st_mode))
		return runtime_error(cli, "--openmetrics-dir %s: not a directory", dir);
	err = cli_connect(cli, &h);
	if (err)
		return err;
	cli_catch_signals();
	while (!err && !cli_signalled()) {
		n = fetch_statuses(cli, h, 1, &r);
		if (n < 0) {
			err = -n;
			break;
		}
		err = textfile_write(cli, dir, r, n);
		fetch_free(r, n);
		if (!err && !cli_signalled())
			textfile_sleep(interval_ns);
	}
	ssdk_close(h);
	return err;
}
