// SPDX-License-Identifier: GPL-2.0
/* ssdk ctl wait: until a run has ended, or a timeout. */

#include "commands.h"
#include "values.h"

static const struct cli_opt wait_opts[] = {
	{ "timeout", 0, "TIME", 0, "fail (exit 1) if the run still goes after that long", 0 },
	{ 0 },
};

static int wait_opt(struct cli *cli, const struct cli_opt *o, const char *arg, void *ctx)
{
	int64_t *timeout_ms = ctx;
	uint64_t ns;

	if (ssdk_parse_duration_ns(arg, &ns))
		return usage_error(cli, "--timeout: '%s' is not a duration", arg);
	if (ns / 1000000 > 0x7fffffff)
		return usage_error(cli, "--timeout: '%s' is too long", arg);
	*timeout_ms = ns / 1000000;
	return 0;
}

static int wait_run(struct cli *cli, int argc, char **argv)
{
	int64_t timeout_ms = -1;
	struct ssdk *h;
	uint32_t id;
	int err;

	err = args_one_run(cli, &cmd_wait, argc, argv, wait_opt, &timeout_ms, &id, &h);
	if (err)
		return err;
	if (ssdk_run_wait(h, id, timeout_ms) < 0)
		err = runtime_error(cli, "run %u: %s", id, ssdk_last_error(h));
	ssdk_close(h);
	return err;
}

const struct cli_cmd cmd_wait = {
	.name = "wait",
	.group = "ctl",
	.usage = "ssdk ctl wait [--timeout TIME] ID",
	.about = "Return when the run has ended (done, stopped or failed).\n",
	.summary = "wait for a run to end",
	.opts = wait_opts,
	.run = wait_run,
	.operand = CLI_RUN_ID,
};
