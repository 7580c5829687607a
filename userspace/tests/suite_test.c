// SPDX-License-Identifier: GPL-2.0
/*
 * Host tests of suites (cli/suite.c), on the kselftest harness, against
 * the CLI's real commands and their option tables: every suite shipped in
 * suites/ reads, its steps become the command lines a user would type
 * ([global] first, the step's own keys after, so that they win), the
 * steps after a filesystem step are marked to run once per filesystem,
 * and every malformed suite is refused with its file, its line and why.
 */

#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "suite.h"
#include "test_file.h"
#include "values.h"
/* After values.h: its ARRAY_SIZE is not the harness's, which gives way. */
#include "kselftest_harness.h"

/* The commands a suite's step may run, as ssdk review has them. */
#define cmds review_commands

/* A step's command line, as one string: "compare --span 16g ...". */
static const char *line_of(const struct suite *s, unsigned int i)
{
	static char line[1024];
	char *argv[SUITE_MAX_ARGS];
	int n, k;
	size_t l = 0;

	n = suite_argv(s, &s->steps[i], argv, ARRAY_SIZE(argv));
	line[0] = '\0';
	for (k = 0; k < n; k++)
		l += snprintf(line + l, sizeof(line) - l, "%s%s", k ? " " : "", argv[k]);
	return line;
}

TEST(every_shipped_suite_reads)
{
	struct suite *s = malloc(sizeof(*s));
	char err[256];
	glob_t g;
	size_t i;

	ASSERT_EQ(0, glob(SUITES_DIR "/*.ini", 0, NULL, &g));
	EXPECT_EQ(5u, g.gl_pathc);
	for (i = 0; i < g.gl_pathc; i++) {
		char *text = slurp(g.gl_pathv[i]);

		err[0] = '\0';
		EXPECT_EQ(0, suite_parse(text, g.gl_pathv[i], &cmds, s, err, sizeof(err)))
			TH_LOG("%s", err);
		EXPECT_NE(0, strcmp(s->title, g.gl_pathv[i])) TH_LOG("%s: no title", g.gl_pathv[i]);
		free(text);
	}
	globfree(&g);
	free(s);
}

TEST(tomshardware_2012_is_raw_then_per_filesystem)
{
	struct suite *s = malloc(sizeof(*s));
	char *text = slurp(SUITES_DIR "/tomshardware-2012.ini"), err[256] = "";
	unsigned int i;

	ASSERT_EQ(0, suite_parse(text, "tomshardware-2012.ini", &cmds, s, err, sizeof(err)))
		TH_LOG("%s", err);
	EXPECT_STREQ("Tom's Hardware 2012: raw against formatted, QD 1-32, reads and writes",
		     s->title);
	ASSERT_EQ(9u, s->nr);
	EXPECT_STREQ("compare --span 16g --iodepth 1,2,4,8,16,32 --runtime 1m --engines bio "
		     "--rw randread --bs 4k", line_of(s, 0));
	EXPECT_EQ((int)SUITE_FILESYSTEM, (int)s->steps[4].kind);
	EXPECT_STREQ("16g", suite_fs_key(&s->steps[4], "file-size"));
	EXPECT_EQ(NULL, suite_fs_key(&s->steps[4], "mkfs-options"));
	for (i = 0; i < s->nr; i++) {
		EXPECT_EQ((int)(i > 4), s->steps[i].per_fs) TH_LOG("step %u", i);
		if (i != 4)
			EXPECT_EQ((int)SUITE_MEASURE, (int)s->steps[i].kind);
	}
	EXPECT_STREQ("compare --span 16g --iodepth 1,2,4,8,16,32 --runtime 1m --engines kfile "
		     "--rw write --bs 128k", line_of(s, 8));
	free(text);
	free(s);
}

/*
 * [global]'s keys, then the step's; a key the step sets is not [global]'s
 * (its value is never read: a list of depths under a run's one depth).
 */
TEST(a_steps_keys_replace_globals_and_state_steps_take_none_of_it)
{
	static const char text[] =
		"# t\n[global]\nruntime=1m\nspan=8g\n\n"
		"[short]\nstep=run\nruntime=2s\nopen-loop\nrate-iops=100\n"
		"[fill]\nstep=precondition\nmode=used\n"
		"[study]\nstep=study\npasses=2\n";
	struct suite *s = malloc(sizeof(*s));
	char err[256] = "";

	ASSERT_EQ(0, suite_parse(text, "t.ini", &cmds, s, err, sizeof(err))) TH_LOG("%s", err);
	EXPECT_STREQ("t", s->title);
	EXPECT_STREQ("run --span 8g --runtime 2s --open-loop --rate-iops 100", line_of(s, 0));
	EXPECT_STREQ("precondition --mode used", line_of(s, 1));
	EXPECT_EQ((int)SUITE_STATE, (int)s->steps[1].kind);
	EXPECT_STREQ("study new-vs-used --passes 2", line_of(s, 2));
	EXPECT_EQ((int)SUITE_STUDY, (int)s->steps[2].kind);
	free(s);
}

/* A [global] key goes to the measuring steps whose command takes it, only. */
TEST(a_global_key_goes_to_the_commands_that_take_it)
{
	static const char text[] =
		"# t\n[global]\nruntime=1m\nengines=bio,kfile\nworkers=2\n\n"
		"[r]\nstep=run\n[c]\nstep=compare\n[p]\nstep=replay\ntrace=t.iolog\n";
	struct suite *s = malloc(sizeof(*s));
	char err[256] = "";

	ASSERT_EQ(0, suite_parse(text, "t.ini", &cmds, s, err, sizeof(err))) TH_LOG("%s", err);
	EXPECT_STREQ("run --runtime 1m --workers 2", line_of(s, 0));
	EXPECT_STREQ("compare --runtime 1m --engines bio,kfile", line_of(s, 1));
	EXPECT_STREQ("replay --runtime 1m --trace t.iolog", line_of(s, 2));
	EXPECT_STREQ("bio,kfile", suite_key(s, &s->steps[1], "engines"));
	EXPECT_EQ(NULL, suite_key(s, &s->steps[0], "engines"));
	free(s);
}

TEST(a_replay_is_a_measuring_step_with_its_trace)
{
	static const char text[] =
		"# t\n[global]\nspan=8g\nruntime=1m\niodepth=4\n\n"
		"[storage bench]\nstep=replay\ntrace=traces/mix.iolog\ntiming=scale:0.5\n"
		"remap=span\n";
	struct suite *s = malloc(sizeof(*s));
	char err[256] = "";

	ASSERT_EQ(0, suite_parse(text, "t.ini", &cmds, s, err, sizeof(err))) TH_LOG("%s", err);
	EXPECT_EQ((int)SUITE_MEASURE, (int)s->steps[0].kind);
	EXPECT_STREQ("replay --span 8g --runtime 1m --iodepth 4 --trace traces/mix.iolog --timing scale:0.5 --remap span",
		     line_of(s, 0));
	free(s);
}

TEST(a_malformed_suite_is_refused_with_its_line)
{
	static const struct {
		const char *text, *err;
	} bad[] = {
		{ "[a]\nstep=run\nbogus=1\n", "x.ini:3: [a]: no option bogus" },
		/* An option of the workload's table that is not the step's command's. */
		{ "[a]\nstep=purge\nmethod=discard\nrw=read\n", "x.ini:4: [a]: no option rw" },
		{ "[a]\nstep=run\nengines=bio\n", "x.ini:3: [a]: no option engines" },
		{ "[a]\nstep=run\nopen-loop=1\n", "x.ini:3: open-loop is a flag: its name alone" },
		{ "[a]\nstep=run\nruntime\n", "x.ini:3: runtime needs a value (runtime=TIME)" },
		{ "[a]\nstep=run\ntarget=/dev/sda\n",
		  "x.ini:3: target: the review gives it, not the suite" },
		{ "[a]\nstep=run\nallow-write\n",
		  "x.ini:3: allow-write: the review gives it, not the suite" },
		{ "[a]\nstep=mkfs\n", "x.ini:1: [a]: step=mkfs is none of run, sweep, compare, "
		  "replay, purge, precondition, study, filesystem" },
		{ "[a]\nrw=read\n", "x.ini:1: [a]: no step= (run, sweep, compare, replay, "
		  "purge, precondition, study, filesystem)" },
		{ "[a]\nstep=run\n[a]\nstep=run\n", "x.ini:3: [a] twice" },
		{ "rw=read\n[a]\nstep=run\n", "x.ini:1: a key before the first [section]" },
		{ "[f]\nstep=filesystem\nfile-size=1g\n[p]\nstep=purge\n",
		  "x.ini:4: [p]: purge writes the device under the filesystem: before the "
		  "filesystem step" },
		{ "[f]\nstep=filesystem\nfile-size=1g\n[g]\nstep=filesystem\nfile-size=1g\n",
		  "x.ini:4: [g]: a second filesystem step (the steps after the first run on each)" },
		{ "[f]\nstep=filesystem\n", "x.ini:1: [f]: file-size= is needed" },
		{ "[f]\nstep=filesystem\nfile-size=1g\nrw=read\n", "x.ini:4: [f]: a filesystem "
		  "step takes mkfs-options, mount-options, file-size; not rw" },
		{ "[global]\nstep=run\n", "x.ini:2: [global]: no option step" },
		{ "[global]\nbogus=2\n[a]\nstep=run\n", "x.ini:2: [global]: no option bogus" },
		{ "# only a comment\n", "x.ini:1: no step" },
		{ "[a\nstep=run\n", "x.ini:1: a section is [name]: [a" },
		{ "[a]\n=3\n", "x.ini:2: a value without a key" },
		{ "[ ]\nstep=run\n", "x.ini:1: a section without a name" },
		{ "[a]\nstep=run\nbs=\n", "x.ini:3: bs needs a value (bs=SIZE)" },
	};
	struct suite *s = malloc(sizeof(*s));
	char err[256];
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		err[0] = '\0';
		EXPECT_EQ(-1, suite_parse(bad[i].text, "x.ini", &cmds, s, err, sizeof(err)))
			TH_LOG("%s", bad[i].text);
		EXPECT_STREQ(bad[i].err, err);
	}
	free(s);
}

TEST_HARNESS_MAIN
