/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The ssdk CLI: what its commands share. Every function of the commands'
 * layer returns an exit status: 0 success, EXIT_RUNTIME a failure (the
 * module refused, a run failed), EXIT_USAGE a usage error, EXIT_SIGINT
 * when a signal ended a run; each has said why on stderr first.
 *
 * The CLI's layers are the folders of cli/, top first: cmd/, args/,
 * exec/, output/, model/; each uses its own files and those below it
 * (userspace/Makefile's CLI_LAYERS says what each holds; tests/cli_layers.py
 * checks the includes).
 */
#ifndef _SSDK_CLI_H
#define _SSDK_CLI_H

#include "libssdk.h"
#include "output.h"

#define EXIT_RUNTIME	1
#define EXIT_USAGE	2
#define EXIT_SIGINT	130

/**
 * struct cli - What every command sees.
 * @prog: Name to prefix messages with.
 * @argv0: How ssdk was run: where its ssdk-NAME programs may be (external.h).
 * @group: "ctl" when the command is one of ssdk ctl's, for messages.
 * @cmd: The command running, for messages ("run", "compare").
 * @json: -j was given.
 * @csv: --format csv was given.
 * @metrics: --format openmetrics or prometheus: its backend; NULL otherwise.
 * @out: The output backend, chosen once the options are read.
 */
struct cli {
	const char *prog;
	const char *argv0;
	const char *group;
	const char *cmd;
	int json;
	int csv;
	const struct output_ops *metrics;
	struct output out;
};

int runtime_error(const struct cli *cli, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
int usage_error(const struct cli *cli, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
int cli_connect(const struct cli *cli, struct ssdk **h);
void cli_catch_signals(void);
int cli_signalled(void);

#endif /* _SSDK_CLI_H */
