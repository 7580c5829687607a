// SPDX-License-Identifier: GPL-2.0
/*
 * What the commands share below their options: errors said once, on
 * stderr, the connection to the module, and Ctrl-C.
 */

#include <signal.h>
#include <stdarg.h>
#include <stdio.h>

#include "cli.h"

/**
 * usage_error() - Say that the command line is wrong.
 * @cli: Settings.
 * @fmt: What is wrong, printf-style.
 *
 * Return: EXIT_USAGE.
 */
int usage_error(const struct cli *cli, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", cli->prog);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, " (see '%s%s%s%s%s --help')\n", cli->prog, cli->group ? " " : "",
		cli->group ? cli->group : "", cli->cmd ? " " : "", cli->cmd ? cli->cmd : "");
	return EXIT_USAGE;
}

/**
 * runtime_error() - Say why a command failed.
 * @cli: Settings.
 * @fmt: Why, printf-style.
 *
 * Return: EXIT_RUNTIME.
 */
int runtime_error(const struct cli *cli, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", cli->prog);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return EXIT_RUNTIME;
}

/**
 * cli_connect() - Connect to the module, or say why not.
 * @cli: Settings.
 * @h: The connection.
 *
 * Return: 0 or EXIT_RUNTIME.
 */
int cli_connect(const struct cli *cli, struct ssdk **h)
{
	if (ssdk_open(h) < 0)
		return runtime_error(cli, "%s", ssdk_last_error(NULL));
	return 0;
}

static volatile sig_atomic_t got_signal;

static void on_signal(int sig)
{
	got_signal = sig;
}

/**
 * cli_catch_signals() - Have SIGINT and SIGTERM interrupt a wait (no
 * SA_RESTART) and be remembered, for cli_signalled(): a command that
 * waits for runs stops them, and one of several steps takes no more.
 */
void cli_catch_signals(void)
{
	struct sigaction sa = { .sa_handler = on_signal };

	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
}

/**
 * cli_signalled() - Whether SIGINT or SIGTERM came since cli_catch_signals().
 *
 * Return: The signal's number, or 0.
 */
int cli_signalled(void)
{
	return got_signal;
}
