// SPDX-License-Identifier: GPL-2.0
/*
 * ssdk review's logic on the host: a suite expanded into its steps and
 * their command lines (per filesystem, at each scale), the engines a
 * filesystem's step is checked with on the device, and the rows read
 * back from every command's JSON (the Python package's fixtures, which
 * the real commands printed).
 */

#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "review.h"
#include "test_file.h"
#include "values.h"
/* After values.h: its ARRAY_SIZE is not the harness's, which gives way. */
#include "kselftest_harness.h"

/* A step's command line after this program's path, as one string. */
static const char *line_of(const struct review_step *rs)
{
	static char line[2048];
	size_t l = 0;
	int k;

	line[0] = '\0';
	for (k = 1; rs->argv[k]; k++)
		l += snprintf(line + l, sizeof(line) - l, "%s%s", k > 1 ? " " : "", rs->argv[k]);
	return line;
}

/* Tom's Hardware 2012 on ext4 and xfs, planned (the filesystems named, not looked for). */
static struct review *thg2012(enum review_scale scale)
{
	struct review *r = calloc(1, sizeof(*r));
	struct cli cli = { .prog = "ssdk" };
	char err[256];

	r->suite_text = slurp(SUITES_DIR "/tomshardware-2012.ini");
	if (suite_parse(r->suite_text, "tomshardware-2012.ini", &review_commands, &r->suite, err,
			sizeof(err)))
		abort();
	strcpy(r->exe, "/usr/bin/ssdk");
	strcpy(r->target, "/dev/nvme0n1");
	strcpy(r->dir, "/srv/review");
	r->fs[0].name = "ext4";
	r->fs[1].name = "xfs";
	r->nr_fs = 2;
	r->scale = scale;
	r->allow_write = 1;
	if (review_plan(&cli, r))
		abort();
	return r;
}

TEST(the_steps_after_the_filesystem_step_run_once_per_filesystem)
{
	struct review *r = thg2012(REVIEW_FULL);

	ASSERT_EQ(14u, r->nr);
	EXPECT_STREQ("raw: 4k random read", r->steps[0].rec.name);
	EXPECT_STREQ("", r->steps[0].rec.fs);
	EXPECT_STREQ("01-raw-4k-random-read.json", r->steps[0].rec.file);
	EXPECT_STREQ("filesystem", r->steps[4].rec.kind);
	EXPECT_STREQ("ext4", r->steps[4].rec.fs);
	EXPECT_STREQ("", r->steps[4].rec.file);
	EXPECT_EQ(NULL, r->steps[4].rec.argv);
	EXPECT_STREQ("06-formatted-4k-random-read-ext4.json", r->steps[5].rec.file);
	EXPECT_STREQ("filesystem", r->steps[9].rec.kind);
	EXPECT_STREQ("xfs", r->steps[9].rec.fs);
	EXPECT_STREQ("14-formatted-128k-sequential-write-xfs.json", r->steps[13].rec.file);
	EXPECT_STREQ("-j compare --span 16g --iodepth 1,2,4,8,16,32 --runtime 1m --engines bio "
		     "--rw randread --bs 4k --target /dev/nvme0n1 --allow-write",
		     line_of(&r->steps[0]));
	/* on a filesystem: compare's --file, its test file */
	EXPECT_STREQ("-j compare --span 16g --iodepth 1,2,4,8,16,32 --runtime 1m --engines kfile "
		     "--rw randwrite --bs 4k --target /dev/nvme0n1 --file "
		     "/srv/review/.mnt/ssdk-review.dat --allow-write",
		     line_of(&r->steps[11]));
	free(r->suite_text);
	free(r);
}

TEST(quick_scale_shortens_every_measuring_step_and_caps_its_span)
{
	struct review *r = thg2012(REVIEW_QUICK);

	EXPECT_EQ(1ULL << 30, review_span_cap(r));
	EXPECT_STREQ("-j compare --span 16g --iodepth 1,2,4,8,16,32 --runtime 1m --engines bio "
		     "--rw randread --bs 4k --target /dev/nvme0n1 --allow-write --runtime 2s "
		     "--span 1073741824",
		     line_of(&r->steps[0]));
	/* --runtime wins over the scale's; --span under 1 GiB over it */
	strcpy(r->runtime, "1s");
	strcpy(r->span, "64m");
	EXPECT_EQ(64ULL << 20, review_span_cap(r));
	ASSERT_EQ(0, review_plan(&(struct cli){ .prog = "ssdk" }, r));
	EXPECT_STREQ("-j compare --span 16g --iodepth 1,2,4,8,16,32 --runtime 1m --engines bio "
		     "--rw randread --bs 4k --target /dev/nvme0n1 --allow-write --runtime 1s "
		     "--span 67108864",
		     line_of(&r->steps[0]));
	free(r->suite_text);
	free(r);
}

TEST(a_filesystems_engines_are_checked_as_their_raw_forms_each_once)
{
	char out[128];

	review_raw_engines("kfile", out, sizeof(out));
	EXPECT_STREQ("bio", out);
	review_raw_engines("bio,kfile,uring,libaio-raw,libaio", out, sizeof(out));
	EXPECT_STREQ("bio,uring-raw,libaio-raw", out);
	review_raw_engines("psync,psync-raw,kfile", out, sizeof(out));
	EXPECT_STREQ("psync-raw,bio", out);
	/* a name within another is not it */
	review_raw_engines("uring-raw,libaio,kfile,bio", out, sizeof(out));
	EXPECT_STREQ("uring-raw,libaio-raw,bio", out);
	/* too long for the room: given back as it was, for the engines' check to refuse */
	review_raw_engines("aa,bb,cc,dd,ee,ff,gg,hh,ii,jj,kk,ll,mm,nn,oo,pp,qq,rr,ss,tt", out, 64);
	EXPECT_STREQ("aa,bb,cc,dd,ee,ff,gg,hh,ii,jj,kk,ll,mm,nn,oo,pp,qq,rr,ss,tt", out);
}

/* The rows of a fixture, as a step's file. */
static int rows_of(const char *fixture, struct review_row *rows, unsigned int max)
{
	struct review_record step = { .name = "s" };
	char err[256];

	snprintf(step.file, sizeof(step.file), "%s.json", fixture);
	return review_rows_read(FIXTURES_DIR, &step, rows, max, err, sizeof(err));
}

TEST(a_row_for_every_run_of_every_command)
{
	struct review_row *rows = calloc(64, sizeof(*rows));
	struct review_record step = { .file = "none.json" };
	char err[256];

	ASSERT_NE(NULL, rows);
	/* compare at two depths, three engines each, labelled by engine */
	ASSERT_EQ(6, rows_of("compare-qd-nullb", rows, 64));
	EXPECT_STREQ("bio", rows[0].label);
	EXPECT_EQ(1u, rows[0].iodepth);
	EXPECT_STREQ("psync-raw", rows[5].label);
	EXPECT_EQ(4u, rows[5].iodepth);
	EXPECT_LT(0, rows[5].achieved_qd);
	/* a sweep: its points; several workers: their total */
	EXPECT_EQ(4, rows_of("sweep-nullb", rows, 64));
	EXPECT_EQ(8u, rows[3].iodepth);
	ASSERT_EQ(1, rows_of("workers-nullb", rows, 64));
	EXPECT_STREQ("total", rows[0].label);
	EXPECT_EQ(1, rows_of("randread-nullb", rows, 64));
	/* a study: its runs, labelled by what each step did */
	ASSERT_EQ(15, rows_of("study-nvme", rows, 64));
	EXPECT_STREQ("new: randwrite 4k QD3", rows[0].label);
	EXPECT_STREQ("randwrite", rows[0].rw);
	EXPECT_EQ(65729309, (long)(rows[0].mb_s * 1e6 + 0.5));
	EXPECT_LT(0, rows[0].mean_ns);
	/* no room: the runs past it are left out */
	EXPECT_EQ(2, rows_of("study-nvme", rows, 2));
	EXPECT_EQ(-1, review_rows_read(FIXTURES_DIR, &step, rows, 64, err, sizeof(err)));
	EXPECT_NE(NULL, strstr(err, "none.json"));
	free(rows);
}

/* An option the parser hands over: taken, whatever it is. */
static int take(struct cli *cli, const struct cli_opt *o, const char *arg, void *ctx)
{
	return 0;
}

/*
 * Every step's command line, as the review writes it (the suite's keys,
 * then its own: the target, --engine kfile on a filesystem, -q, the
 * quick scale's --runtime and --span, --allow-write), is one its command
 * parses: none of its options is another command's.
 */
TEST(every_steps_command_line_is_one_its_command_takes)
{
	static const char text[] =
		"# every command a step may run, raw and on a filesystem\n"
		"[global]\nruntime=1m\nspan=8g\niodepth=4\nengines=bio\n\n"
		"[purge]\nstep=purge\nmethod=discard\n[precondition]\nstep=precondition\nmode=wipc\n"
		"[study]\nstep=study\n[run]\nstep=run\nrw=randread\n[sweep]\nstep=sweep\n"
		"iodepth=1,2\n[compare]\nstep=compare\n[replay]\nstep=replay\ntrace=t.iolog\n"
		"remap=span\n[fs]\nstep=filesystem\nfile-size=1g\n[run on fs]\nstep=run\n"
		"[compare on fs]\nstep=compare\nengines=kfile,psync\n[replay on fs]\nstep=replay\n"
		"trace=t.iolog\nremap=span\n";
	struct review *r = calloc(1, sizeof(*r));
	struct cli cli = { .prog = "ssdk" };
	const struct cli_cmd *cmd;
	unsigned int i, parsed = 0;
	char err[256], **argv;
	int argc, first, k;

	ASSERT_NE(NULL, r);
	ASSERT_EQ(0, suite_parse(text, "t.ini", &review_commands, &r->suite, err, sizeof(err)))
		TH_LOG("%s", err);
	strcpy(r->exe, "/usr/bin/ssdk");
	strcpy(r->target, "/dev/nvme0n1");
	strcpy(r->dir, "/srv/review");
	r->fs[0].name = "ext4";
	r->nr_fs = 1;
	r->scale = REVIEW_QUICK;
	r->allow_write = 1;
	r->quiet = 1;
	ASSERT_EQ(0, review_plan(&cli, r));
	ASSERT_EQ(11u, r->nr);
	for (i = 0; i < r->nr; i++) {
		if (!r->steps[i].st->cmd)
			continue;
		/* After the program and -j: the group, the command, study's word. */
		argv = r->steps[i].argv + 2;
		k = !!r->steps[i].st->cmd->group;
		cmd = command_find(k ? argv[0] : NULL, argv[k]);
		ASSERT_EQ(r->steps[i].st->cmd, cmd) TH_LOG("%s", line_of(&r->steps[i]));
		argv += k + (cmd->operand == CLI_WORD);
		for (argc = 0; argv[argc]; argc++)
			;
		cli.cmd = cmd->name;
		EXPECT_EQ(0, args_parse(&cli, cmd, argc, argv, take, NULL, &first))
			TH_LOG("%s", line_of(&r->steps[i]));
		EXPECT_EQ(argc, first) TH_LOG("%s", line_of(&r->steps[i]));
		parsed++;
	}
	EXPECT_EQ(10u, parsed);
	EXPECT_STREQ("-j ctl replay --runtime 1m --span 8g --iodepth 4 --trace t.iolog --remap span "
		     "--engine kfile --target /srv/review/.mnt/ssdk-review.dat --allow-write -q "
		     "--runtime 2s --span 1073741824", line_of(&r->steps[10]));
	EXPECT_STREQ("-j ctl purge --method discard --target /dev/nvme0n1 --allow-write -q "
		     "--span 1073741824", line_of(&r->steps[0]));
	free(r);
}

TEST_HARNESS_MAIN
