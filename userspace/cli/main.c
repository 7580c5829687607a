// SPDX-License-Identifier: GPL-2.0
/*
 * ssdk: the command line of the ssdk storage benchmark.
 *
 *	ssdk [-j] ctl info|run|start|sweep|profiles|status|list|wait|stop|results|delete ...
 *	ssdk [-j] compare --engines LIST --target DEV ...
 */

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"

static const char main_usage[] =
	"usage: ssdk [-j|--json] ctl COMMAND [ARGS]\n"
	"\n"
	"Drive the ssdk kernel module (ssdk.ko), which generates IO from kernel\n"
	"threads and measures each IO's latency without syscall overhead.\n"
	"\n"
	"  ctl info               what the module reports about itself\n"
	"  ctl run [OPTIONS]      run a workload, show progress, print results\n"
	"  ctl start [OPTIONS]    start a run in the background, print its id\n"
	"  ctl sweep [OPTIONS]    run a workload at each of several iodepths\n"
	"  ctl profiles           the named workloads of --profile\n"
	"  compare [OPTIONS]      one workload through several engines, side by side\n"
	"  ctl status [ID]        progress of a run (or of all runs)\n"
	"  ctl list               every run the module keeps\n"
	"  ctl wait ID            wait for a run to end\n"
	"  ctl stop ID            stop a run, keeping its partial results\n"
	"  ctl results ID         a run's results, as `ctl run` prints them\n"
	"  ctl delete ID...       forget runs and their results\n"
	"\n"
	"  -j, --json             print JSON (Documentation/userspace/json.rst)\n"
	"  -h, --help             this help; `ssdk ctl COMMAND --help` for a command's\n"
	"\n"
	"Exit status: 0 success, 1 failure, 2 usage error, 130 interrupted.\n";

void print_usage(void)
{
	fputs(main_usage, stdout);
}

int usage_error(const struct cli *cli, const char *cmd, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", cli->prog);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	/* compare is a command of its own; the others are ctl's. */
	fprintf(stderr, " (see '%s%s%s --help')\n", cli->prog,
		!cmd ? "" : strcmp(cmd, "compare") ? " ctl " : " ", cmd ? cmd : "");
	return EXIT_USAGE;
}

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

/* Connect to the module, or say why not: 0 or EXIT_RUNTIME. */
int cli_connect(const struct cli *cli, struct ssdk **h)
{
	if (ssdk_open(h) < 0)
		return runtime_error(cli, "%s", ssdk_last_error(NULL));
	return 0;
}

int main(int argc, char **argv)
{
	struct cli cli = { .prog = "ssdk" };
	int i = 1;

	setvbuf(stdout, NULL, _IOLBF, 0);
	for (; i < argc && argv[i][0] == '-'; i++) {
		if (!strcmp(argv[i], "-j") || !strcmp(argv[i], "--json")) {
			cli.json = 1;
		} else if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
			print_usage();
			return 0;
		} else {
			return usage_error(&cli, NULL, "unknown option '%s'", argv[i]);
		}
	}
	if (i == argc)
		return usage_error(&cli, NULL, "a command is needed");
	if (!strcmp(argv[i], "ctl"))
		return ctl_main(&cli, argc - i, argv + i);
	if (!strcmp(argv[i], "compare"))
		return ctl_run(&cli, argc - i, argv + i, CTL_COMPARE);
	return usage_error(&cli, NULL, "unknown command '%s'", argv[i]);
}
