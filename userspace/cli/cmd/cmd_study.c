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
#include "rules.h"
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

/*
 * The line's attributes that the steps making the drive's state take too:
 * a purge (and the discard after TRIM) those that are not of IO, the used
 * state's writes these and what they write (the module refuses a pattern
 * with a purge).
 */
static const uint32_t purge_attrs[] = {
	SSDK_A_RUN_TARGET, SSDK_A_RUN_OFFSET, SSDK_A_RUN_SPAN, SSDK_A_RUN_ALLOW_WRITE,
	SSDK_A_RUN_SEED, SSDK_A_RUN_CPU, SSDK_A_RUN_TS_INTERVAL_NS, SSDK_A_RUN_SLOWEST_N,
	SSDK_A_RUN_MAX_ERRORS, SSDK_A_RUN_OWNED,
};
static const uint32_t data_attrs[] = {
	SSDK_A_RUN_PATTERN, SSDK_A_RUN_PATTERN_BYTE, SSDK_A_RUN_COMPRESS_PCT,
};

static void unset_attrs(struct ssdk_run_config *c, const uint32_t *attrs, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		ssdk_config_unset(c, attrs[i]);
}

/* Those of @attrs set on the line, into @c. */
static void copy_attrs(struct ssdk_run_config *c, const struct ssdk_run_config *line,
		       const uint32_t *attrs, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++) {
		if (!ssdk_config_is_set(line, attrs[i]))
			continue;
		if (attrs[i] == SSDK_A_RUN_TARGET)
			ssdk_config_set_target(c, line->target);
		else
			ssdk_config_set(c, attrs[i], ssdk_config_get(line, attrs[i]));
	}
}

/*
 * How the drive is made new: --method's, or by default the drive's own
 * format where it has one and the study is of the whole drive (it
 * erases the whole namespace: never by default when --offset or --span
 * confines the study), otherwise a discard of the span. A SATA drive's
 * secure erase is never the default: it sets a password on the drive,
 * and a drive frozen by the firmware at boot (most are) refuses it, so
 * it is the user's to ask for.
 */
static int study_purge(struct workload *w, struct ssdk_run_config *purge, int whole)
{
	char why[512];

	if (w->drive >= 0)
		return w->drive;
	if (ssdk_config_is_set(&w->cfg, SSDK_A_RUN_PURGE)) {
		ssdk_config_set(purge, SSDK_A_RUN_PURGE, ssdk_config_get(&w->cfg, SSDK_A_RUN_PURGE));
		return -1;
	}
	if (whole && !nvme_erase_check(w->targets[0], NVME_ERASE_FORMAT, why, sizeof(why)))
		return NVME_ERASE_FORMAT;
	ssdk_config_set(purge, SSDK_A_RUN_PURGE, SSDK_PURGE_METHOD_DISCARD);
	return -1;
}

/* The study's plan from its options; 0 or an exit status (said). */
static int study_plan(struct cli *cli, struct workload *w, struct plan *p)
{
	struct ssdk_run_config base, purge, over, *wl;
	unsigned int i, n = w->nr_profiles ? w->nr_profiles : ARRAY_SIZE(default_profiles);
	int whole, drive, err = 0;
	char why[512];

	if (!ssdk_config_is_set(&w->cfg, SSDK_A_RUN_ALLOW_WRITE))
		return usage_error(cli, "the study writes the span (and purges the drive): it needs --allow-write");
	whole = !ssdk_config_is_set(&w->cfg, SSDK_A_RUN_OFFSET) &&
		!ssdk_config_is_set(&w->cfg, SSDK_A_RUN_SPAN);
	if (!ssdk_config_is_set(&w->cfg, SSDK_A_RUN_SPAN))
		ssdk_config_set(&w->cfg, SSDK_A_RUN_SPAN, STUDY_SPAN);
	/* What the line says of the workloads: not how the drive is purged. */
	over = w->cfg;
	ssdk_config_unset(&over, SSDK_A_RUN_PURGE);
	wl = calloc(n, sizeof(*wl));
	if (!wl)
		return runtime_error(cli, "out of memory");
	for (i = 0; i < n && !err; i++) {
		err = workload_profile(cli, &cmd_study,
				       w->nr_profiles ? w->profiles[i] : default_profiles[i],
				       &over, &wl[i]);
		/* The data's pattern is what writes write: a read has none. */
		if (!ssdk_rw_writes(ssdk_config_get(&wl[i], SSDK_A_RUN_RW),
				    ssdk_config_get(&wl[i], SSDK_A_RUN_RWMIXREAD)))
			unset_attrs(&wl[i], data_attrs, ARRAY_SIZE(data_attrs));
	}
	if (err)
		goto free_wl;
	ssdk_config_init(&purge);
	copy_attrs(&purge, &w->cfg, purge_attrs, ARRAY_SIZE(purge_attrs));
	base = purge;
	copy_attrs(&base, &w->cfg, data_attrs, ARRAY_SIZE(data_attrs));
	drive = study_purge(w, &purge, whole);
	if (plan_study(p, &base, wl, n, &purge, drive, w->passes_set ? w->passes : 1, why,
		       sizeof(why)))
		err = usage_error(cli, "%s", why);
free_wl:
	free(wl);
	return err;
}

/* The studies there are: the command's operand. */
static const char *const studies[] = { "new-vs-used", NULL };

static int study_run(struct cli *cli, int argc, char **argv)
{
	if (argc < 2 || strcmp(argv[1], studies[0]))
		return usage_error(cli, "which study? %s is the one", studies[0]);
	/* The study's name stands where workload_open() takes the command's. */
	return workload_plan(cli, &cmd_study, argc - 1, argv + 1, study_plan);
}

static const char study_about[] =
	"The new-vs-used study of a drive's state, as the AnandTech 2009 review made\n"
	"it: purge the drive (--method; by default nvme-format where the drive has it\n"
	"and neither --offset nor --span is given, otherwise a discard of the span;\n"
	"a SATA drive's ata-secure-erase only when --method asks for it),\n"
	"run the workloads (new); fill the span with 128k sequential writes and write\n"
	"--passes spans' worth of 4k random writes over it (used), run the workloads\n"
	"again; discard the span (TRIM), run them a third time. Then the table: each\n"
	"workload's MB/s, mean and max latency new, used and after TRIM, and their\n"
	"change from new. The workloads are profiles (--profile NAME,NAME...; by\n"
	"default the seed's four: 4k random write QD3, 4k random read QD3, 128k\n"
	"sequential write and read), each over the study's span (--span, default 8g);\n"
	"the line's other options (--runtime, --iodepth...) override theirs, and\n"
	"--pattern is what the writes write. Every step is checked before the first;\n"
	"Ctrl-C stops the current step and prints what was measured. DESTROYS the\n"
	"data of the span, and with a drive's purge (nvme-format...) of the whole\n"
	"namespace or drive (--allow-write).\n";

const struct cli_cmd cmd_study = {
	.name = "study",
	.usage = "ssdk study new-vs-used --target DEV --allow-write [--method M] [--profile NAME,...] [--span SIZE] [--runtime TIME] [--passes N]",
	.about = study_about,
	.summary = "a drive new, used and after TRIM: the seeds' table",
	.opts = workload_opts,
	.run = study_run,
	.csv = 1,
	.operand = CLI_WORD,
	.words = studies,
	.use = FOR_STUDY,
};
