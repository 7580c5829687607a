/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The ssdk CLI: what its commands share. Exit statuses: 0 success,
 * 1 a runtime failure (the module refused, the run failed), 2 a usage
 * error; 130 when SIGINT ended a run.
 */
#ifndef _SSDK_CLI_H
#define _SSDK_CLI_H

#include <getopt.h>
#include <stdint.h>

#include "libssdk.h"

#define EXIT_RUNTIME	1
#define EXIT_USAGE	2
#define EXIT_SIGINT	130

/**
 * struct cli - Settings every command sees.
 * @json: Print JSON rather than text.
 * @prog: Name to prefix messages with.
 */
struct cli {
	int json;
	const char *prog;
};

int usage_error(const struct cli *cli, const char *cmd, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
int runtime_error(const struct cli *cli, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
int cli_connect(const struct cli *cli, struct ssdk **h);

void print_usage(void);
int ctl_main(struct cli *cli, int argc, char **argv);
/* What ctl_run() does. */
enum { CTL_RUN, CTL_START, CTL_SWEEP, CTL_COMPARE };

int ctl_run(struct cli *cli, int argc, char **argv, int mode);

int parse_common(struct cli *cli, const char *cmd, const char *help, int argc,
		 char **argv, const struct option *extra,
		 int (*on_extra)(struct cli *cli, int idx, const char *arg, void *ctx),
		 void *ctx);
int parse_id(const struct cli *cli, const char *cmd, const char *s, uint32_t *id);
#define RESULTS_SLOWEST	1	/* the table of the slowest IOs */
#define RESULTS_TEXT	2	/* the compact investigation view */
#define RESULTS_CAPTURED 4	/* the IOs captured over the threshold */
int print_results(struct cli *cli, struct ssdk *h, uint32_t id, struct ssdk_run_status *st,
		  unsigned int flags);

#endif /* _SSDK_CLI_H */
