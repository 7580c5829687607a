// SPDX-License-Identifier: GPL-2.0
/*
 * ssdk study new-vs-used: the seeds' study of a drive's state. Purge (the
 * drive new), the workloads, the used state (a fill and a span of random
 * writes), the workloads again, a discard of the span (TRIM), and the
 * workloads a third time; then the table: each workload's MB/s, mean and
 * maximum latency new, used and after TRIM, and how much they changed.
 * The whole study is checked before its first step.
 */

#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "sequence.h"
#include "values.h"
#include "workload.h"

/* AnandTech 2009 (X25-M, Vertex): what the seed measured new and used. */
static const char *const default_profiles[] = {
	"anandtech-2009-randwrite", "anandtech-2009-randread",
	"anandtech-seqwrite-128k", "anandtech-seqread-128k",
};

/* The seed's span, 8 GB, where the line gives none. */
#define STUDY_SPAN	(8ull << 30)

/* The line's attributes that the steps making the drive's state take too. */
static const uint32_t state_attrs[] = {
	SSDK_A_RUN_TARGET, SSDK_A_RUN_OFFSET, SSDK_A_RUN_SPAN, SSDK_A_RUN_ALLOW_WRITE,
	SSDK_A_RUN_SEED, SSDK_A_RUN_CPU, SSDK_A_RUN_PATTERN, SSDK_A_RUN_PATTERN_BYTE,
	SSDK_A_RUN_COMPRESS_PCT, SSDK_A_RUN_TS_INTERVAL_NS, SSDK_A_RUN_SLOWEST_N,
	SSDK_A_RUN_MAX_ERRORS, SSDK_A_RUN_OWNED,
};

static void state_base(struct ssdk_run_config *base, const struct ssdk_run_config *line)
{
	unsigned int i;

	ssdk_config_init(base);
	for (i = 0; i < ARRAY_SIZE(state_attrs); i++) {
		if (!ssdk_config_is_set(line, state_attrs[i]))
			continue;
		if (state_attrs[i] == SSDK_A_RUN_TARGET)
			ssdk_config_set_target(base, line->target);
		else
			ssdk_config_set(base, state_attrs[i], ssdk_config_get(line, state_attrs[i]));
	}
}

/* The study's plan from its options; 0 or an exit status (said). */
static int study_plan(struct cli *cli, struct workload *w, struct plan *p)
{
	struct ssdk_run_config base, purge, *wl;
	unsigned int i, n = w->nr_profiles ? w->nr_profiles : ARRAY_SIZE(default_profiles);
	int nvme = w->nvme, err = 0;
	char why[512];

	if (!ssdk_config_is_set(&w->cfg, SSDK_A_RUN_ALLOW_WRITE))
		return usage_error(cli, "the study writes the span (and purges the drive): it needs --allow-write");
	if (!ssdk_config_is_set(&w->cfg, SSDK_A_RUN_SPAN))
		ssdk_config_set(&w->cfg, SSDK_A_RUN_SPAN, STUDY_SPAN);
	wl = calloc(n, sizeof(*wl));
	if (!wl)
		return runtime_error(cli, "out of memory");
	for (i = 0; i < n && !err; i++)
		err = workload_profile(cli, &cmd_study,
				       w->nr_profiles ? w->profiles[i] : default_profiles[i],
				       &w->cfg, &wl[i]);
	if (err)
		goto free_wl;
	state_base(&base, &w->cfg);
	purge = base;
	if (ssdk_config_is_set(&w->cfg, SSDK_A_RUN_PURGE))
		ssdk_config_set(&purge, SSDK_A_RUN_PURGE, ssdk_config_get(&w->cfg, SSDK_A_RUN_PURGE));
	else if (nvme < 0 && !nvme_erase_check(w->targets[0], NVME_ERASE_FORMAT, why, sizeof(why)))
		nvme = NVME_ERASE_FORMAT;
	else if (nvme < 0)
		ssdk_config_set(&purge, SSDK_A_RUN_PURGE, SSDK_PURGE_METHOD_DISCARD);
	if (plan_study(p, &base, wl, n, &purge, nvme, w->passes_set ? w->passes : 1, why,
		       sizeof(why)))
		err = usage_error(cli, "%s", why);
free_wl:
	free(wl);
	return err;
}

static int study_run(struct cli *cli, int argc, char **argv)
{
	struct workload *w;
	struct plan *p;
	int ret;

	if (argc < 2 || strcmp(argv[1], "new-vs-used"))
		return usage_error(cli, "which study? new-vs-used is the one");
	/* The study's name stands where workload_open() takes the command's. */
	ret = workload_open(cli, &cmd_study, FOR_STUDY, argc - 1, argv + 1, &w);
	if (ret)
		return ret;
	p = calloc(1, sizeof(*p));
	if (!p) {
		ret = runtime_error(cli, "out of memory");
		goto close;
	}
	ret = study_plan(cli, w, p);
	if (ret)
		goto free_plan;
	ret = plan_run(cli, w->h, p, workload_progress(w), w->quiet);
	if (p->steps[0].state != STEP_PENDING)
		cli->out.ops->plan(&cli->out, p);
free_plan:
	plan_free(p);
	free(p);
close:
	workload_close(w);
	return ret;
}

static const char study_about[] =
	"The new-vs-used study of a drive's state, as the AnandTech 2009 review made\n"
	"it: purge the drive (--method: nvme-format where the drive has it, otherwise\n"
	"a discard of the span), run the workloads (new); fill the span with 128k\n"
	"sequential writes and write --passes spans' worth of 4k random writes over\n"
	"it (used), run the workloads again; discard the span (TRIM), run them a\n"
	"third time. Then the table: each workload's MB/s, mean and max latency new,\n"
	"used and after TRIM, and their change from new. The workloads are profiles\n"
	"(--profile NAME,NAME...; default the seed's four: 4k random write QD3, 4k\n"
	"random read QD3, 128k sequential write and read), each over the study's span\n"
	"(--span, default 8g); the line's other options (--runtime, --iodepth...)\n"
	"override theirs. Every step is checked before the first; Ctrl-C stops the\n"
	"current step and prints what was measured. DESTROYS the data of the span,\n"
	"and with nvme-format of the whole namespace (--allow-write).\n";

const struct cli_cmd cmd_study = {
	.name = "study",
	.usage = "ssdk study new-vs-used --target DEV --allow-write [--method M] [--profile NAME,...] [--span SIZE] [--runtime TIME] [--passes N]",
	.about = study_about,
	.summary = "a drive new, used and after TRIM: the seeds' table",
	.opts = workload_opts,
	.run = study_run,
};
