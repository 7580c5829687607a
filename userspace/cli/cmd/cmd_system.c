// SPDX-License-Identifier: GPL-2.0
/*
 * ssdk system: the machine's conditions. show reads them (libssdk's
 * ssdk_system_read()) with a verdict for each; tune applies the latency
 * profile to the workers' CPUs and the target's disk, each change logged
 * in a state file before it is made; reset restores from that file what
 * tune changed, also after a crash. None needs the module.
 */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "commands.h"
#include "system_print.h"
#include "system_tune.h"
#include "values.h"

/* What ssdk system is told. */
struct system_args {
	const char *root;
	const char *cpus;
	const char *target;
	unsigned int max_exit_us;
	int dry_run;
};

static const struct cli_opt show_opts[] = {
	{ "target", 't', "DEV", 0,
		"the run's target: its disk's queues, interrupts and settings too", 0 },
	{ "cpus", 0, "LIST", 0,
		"the CPUs the workers run on (0-3,8); default every online CPU", 0 },
	{ "root", 0, "DIR", 0,
		"read DIR/sys and DIR/proc instead of /sys and /proc (a copy of another machine's)",
		0 },
	{ 0 },
};

static const struct cli_opt tune_opts[] = {
	{ "target", 't', "DEV", 0,
		"also set its disk's scheduler to none and move its interrupts off the workers' CPUs",
		0 },
	{ "cpus", 0, "LIST", 0,
		"the CPUs the workers run on (0-3,8); default every online CPU", 0 },
	{ "root", 0, "DIR", 0,
		"change DIR/sys and DIR/proc instead of /sys and /proc (the state file: DIR/run)",
		0 },
	{ "max-exit-latency", 0, "US", 0,
		"disable the idle states that take longer than US microseconds to leave; default "
		STR(TUNE_MAX_EXIT_US), 0 },
	{ "dry-run", 0, NULL, 0, "say what would change; change nothing", 0 },
	{ 0 },
};

static const struct cli_opt reset_opts[] = {
	{ "root", 0, "DIR", 0,
		"restore under DIR instead of / (the state file: DIR/run)", 0 },
	{ "dry-run", 0, NULL, 0, "say what would be restored; restore nothing",
			  0 },
	{ 0 },
};

static int system_opt(struct cli *cli, const struct cli_opt *o, const char *arg, void *ctx)
{
	struct system_args *a = ctx;
	uint64_t us;

	if (!strcmp(o->name, "target")) {
		a->target = arg;
	} else if (!strcmp(o->name, "cpus")) {
		a->cpus = arg;
	} else if (!strcmp(o->name, "root")) {
		if (!*arg)
			return usage_error(cli, "--root: an empty directory name");
		a->root = arg;
	} else if (!strcmp(o->name, "max-exit-latency")) {
		if (parse_u64(arg, &us) || us > UINT32_MAX)
			return usage_error(cli, "--max-exit-latency: '%s' is not a number of "
					   "microseconds", arg);
		a->max_exit_us = us;
	} else if (!strcmp(o->name, "dry-run")) {
		a->dry_run = 1;
	}
	return 0;
}

static int system_args(struct cli *cli, const struct cli_cmd *cmd, int argc, char **argv,
		       struct system_args *a)
{
	int first, ret;

	ret = args_parse(cli, cmd, argc, argv, system_opt, a, &first);
	if (ret)
		return ret;
	if (argc > first)
		return usage_error(cli, "unexpected argument '%s'", argv[first]);
	if (strcmp(a->root, "") && access(a->root, R_OK | X_OK))
		return usage_error(cli, "--root %s: %s", a->root, strerror(errno));
	return 0;
}

static int system_show_run(struct cli *cli, int argc, char **argv)
{
	struct system_args a = { .root = "" };
	struct ssdk_system *sys;
	char err[512];
	int ret;

	ret = system_args(cli, &cmd_system_show, argc, argv, &a);
	if (ret)
		return ret;
	sys = malloc(sizeof(*sys));
	if (!sys)
		return runtime_error(cli, "out of memory");
	ret = ssdk_system_read(a.root, a.target, a.cpus, sys, err, sizeof(err));
	if (ret)
		ret = ret == -EINVAL ? usage_error(cli, "%s", err) : runtime_error(cli, "%s", err);
	else
		system_print(&cli->out)->show(&cli->out, sys);
	free(sys);
	return ret;
}

const struct cli_cmd cmd_system_show = {
	.name = "show",
	.group = "system",
	.usage = "ssdk system show [--target DEV] [--cpus LIST] [--root DIR]",
	.about = "What of this machine decides a latency besides the drive, each fact with a\n"
		 "verdict: fine, note (worth knowing), or jitter (by how much where the kernel\n"
		 "says). For the workers' CPUs: the frequency governor and range, turbo, the\n"
		 "idle states and their exit latencies, SMT, isolcpus and nohz_full. For the\n"
		 "target's disk: its scheduler, nr_requests, write cache, rotational, io_poll,\n"
		 "its hardware queues, NUMA node and interrupts. For the kernel: THP and\n"
		 "khugepaged, the preemption model, the clocksource, mitigations, a\n"
		 "hypervisor. Then the facts whose jitter is past a tenth of the latency the\n"
		 "target's IOs are expected to take: those a run warns of. Every run records\n"
		 "the same facts in its JSON's conditions.\n",
	.summary = "show the machine's conditions and what adds jitter",
	.opts = show_opts,
	.run = system_show_run,
};

/* Refused without root, saying what it would do (as --dry-run). */
static int needs_root(struct cli *cli, const struct system_args *a, const struct tune_plan *p,
		      enum tune_done would)
{
	if (a->dry_run || *a->root || !geteuid())
		return 0;
	if (p->nr)
		system_print(&cli->out)->plan(&cli->out, p, would);
	return runtime_error(cli, "%s needs root%s", cli->cmd,
			     p->nr ? ": the changes above were not made" : "");
}

static int system_tune_run(struct cli *cli, int argc, char **argv)
{
	struct system_args a = { .root = "", .max_exit_us = TUNE_MAX_EXIT_US };
	struct tune_args t;
	struct tune_plan *p;
	char err[512];
	int ret;

	ret = system_args(cli, &cmd_system_tune, argc, argv, &a);
	if (ret)
		return ret;
	p = malloc(sizeof(*p));
	if (!p)
		return runtime_error(cli, "out of memory");
	t = (struct tune_args){ .root = a.root, .cpus = a.cpus, .target = a.target,
				.max_exit_us = a.max_exit_us };
	ret = tune_plan(&t, p, err, sizeof(err));
	if (ret) {
		ret = ret == -EINVAL ? usage_error(cli, "%s", err) : runtime_error(cli, "%s", err);
		goto out;
	}
	if (!a.dry_run && !access(p->state, F_OK)) {
		ret = runtime_error(cli, "%s exists: the machine is tuned; ssdk system reset first",
				    p->state);
		goto out;
	}
	ret = needs_root(cli, &a, p, TUNE_WOULD);
	if (ret || a.dry_run) {
		if (!ret)
			system_print(&cli->out)->plan(&cli->out, p, TUNE_WOULD);
		goto out;
	}
	ret = tune_apply(a.root, p, &tune_sysfs_ops, err, sizeof(err));
	system_print(&cli->out)->plan(&cli->out, p, TUNE_MADE);
	if (ret)
		ret = runtime_error(cli, "%s", err);
out:
	free(p);
	return ret;
}

const struct cli_cmd cmd_system_tune = {
	.name = "tune",
	.group = "system",
	.usage = "ssdk system tune [--cpus LIST] [--target DEV] [--max-exit-latency US] [--dry-run] [--root DIR]",
	.about = "Apply the latency profile (tuned's latency-performance) to the workers'\n"
		 "CPUs (--cpus, default every online CPU) and, with --target, to its disk:\n"
		 "the performance governor, turbo off, the idle states past --max-exit-latency\n"
		 "disabled, THP and khugepaged's defrag off, the scheduler none, and the\n"
		 "interrupts of the disk's device that land on the workers' CPUs moved to the\n"
		 "others (those the kernel manages, a queue's own, stay). Each change is\n"
		 "written to the state file (/run/ssdk/system-tune.state) with the value it\n"
		 "replaces before it is made: ssdk system reset restores them, also after a\n"
		 "crash. Needs root; without it, or with --dry-run, says what it would change.\n",
	.summary = "apply the latency profile, recording what it replaces",
	.opts = tune_opts,
	.run = system_tune_run,
};

static int system_reset_run(struct cli *cli, int argc, char **argv)
{
	struct system_args a = { .root = "" };
	struct tune_plan *p;
	char err[512];
	int ret;

	ret = system_args(cli, &cmd_system_reset, argc, argv, &a);
	if (ret)
		return ret;
	p = malloc(sizeof(*p));
	if (!p)
		return runtime_error(cli, "out of memory");
	ret = tune_state_read(a.root, p, err, sizeof(err));
	if (ret == -ENOENT) {
		system_print(&cli->out)->plan(&cli->out, p, a.dry_run ? RESET_WOULD : RESET_MADE);
		ret = 0;
		goto out;
	}
	if (ret) {
		ret = runtime_error(cli, "%s", err);
		goto out;
	}
	ret = needs_root(cli, &a, p, RESET_WOULD);
	if (ret || a.dry_run) {
		if (!ret)
			system_print(&cli->out)->plan(&cli->out, p, RESET_WOULD);
		goto out;
	}
	ret = tune_reset(a.root, p, &tune_sysfs_ops, err, sizeof(err));
	system_print(&cli->out)->plan(&cli->out, p, RESET_MADE);
	if (ret)
		ret = runtime_error(cli, "%s", err);
out:
	free(p);
	return ret;
}

const struct cli_cmd cmd_system_reset = {
	.name = "reset",
	.group = "system",
	.usage = "ssdk system reset [--dry-run] [--root DIR]",
	.about = "Restore what ssdk system tune changed, from its state file, last change\n"
		 "first: each file gets back the value tune replaced, unless it holds\n"
		 "neither that nor what tune wrote (someone set it since: it is left, and\n"
		 "said). Nothing tune did not change is written. Works after a crash of\n"
		 "tune, or of whatever ran after it. Needs root.\n",
	.summary = "restore what system tune changed",
	.opts = reset_opts,
	.run = system_reset_run,
};
