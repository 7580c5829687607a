// SPDX-License-Identifier: GPL-2.0
/*
 * Host tests of ssdk system show, tune and reset (lib/system.c,
 * lib/cpulist.c, cli/model/system_tune.c, cli/cmd/cmd_system.c), on the
 * kselftest harness, over fake machines (fake_sys.h): directories standing
 * for / with the sysfs and procfs of an intel_pstate desktop, an
 * acpi-cpufreq machine and a KVM guest, each with a multi-queue NVMe disk,
 * in the real kernels' formats, and a writer that answers as their store
 * functions do.
 *
 * show: each machine's facts and verdicts, the disk of a partition, the
 * CPUs and targets refused, the interrupts and their managed vectors, the
 * jitter at a tenth of the expected latency and one nanosecond past it.
 * CPU lists: the kernel's forms, the last CPU and one past it. tune then
 * reset: the tree byte-identical again, on each machine; a kill -9 of tune
 * at each of its writes, then reset: byte-identical; a state file cut
 * mid-line; a value set by hand since tune left alone; a second tune
 * refused; TUNE_MAX_CHANGES at its limit and one past. And the real
 * program over such a tree: its JSON, --dry-run writing nothing, its
 * refusals.
 */

#include <errno.h>
#include <json-c/json.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "system_tune.h"
#include "values.h"
/* After values.h: its ARRAY_SIZE is not the harness's, which gives way. */
#include "kselftest_harness.h"
#include "fake_sys.h"

#define WORDS	(SSDK_MAX_CPUS / 64)

/* The fact of @key, or NULL. */
static const struct ssdk_fact *fact_of(const struct ssdk_system *sys, const char *key)
{
	unsigned int i;

	for (i = 0; i < sys->nr_facts; i++)
		if (!strcmp(sys->fact[i].key, key))
			return &sys->fact[i];
	return NULL;
}

/* The value of @key's fact, "(none)" when there is no such fact. */
static const char *value_of(const struct ssdk_system *sys, const char *key)
{
	const struct ssdk_fact *f = fact_of(sys, key);

	return f ? f->value : "(none)";
}

/* The verdict of @key's fact, as a name; "(none)" when there is none. */
static const char *verdict_of(const struct ssdk_system *sys, const char *key)
{
	const struct ssdk_fact *f = fact_of(sys, key);

	return f ? ssdk_verdict_name(f->verdict) : "(none)";
}

static uint64_t jitter_of(const struct ssdk_system *sys, const char *key)
{
	const struct ssdk_fact *f = fact_of(sys, key);

	return f ? f->jitter_ns : UINT64_MAX;
}

/* A file of the tree, whole (its bytes as a string). */
static const char *file_of(const char *root, const char *rel)
{
	static char text[4096];
	char path[PATH_MAX];

	snprintf(path, sizeof(path), "%s/%s", root, rel);
	if (fake_read(path, text, sizeof(text)) < 0)
		snprintf(text, sizeof(text), "(missing)");
	return text;
}

/* The writes a plan makes (nr_requests' is only recorded). */
static unsigned int writes_of(const struct tune_plan *p)
{
	unsigned int i, n = 0;

	for (i = 0; i < p->nr; i++)
		n += !!*p->c[i].to;
	return n;
}

static const struct tune_ops fake_ops = {
	.write = fake_write,
};

FIXTURE(tree) {
	char dir[64];		/* the test's directory */
	char root[96];		/* the fake machine's / */
	char err[512];
	struct ssdk_system sys;
	struct tune_plan plan;
	struct fake_snap before, after;
};

FIXTURE_SETUP(tree)
{
	ASSERT_NE(NULL, fake_tmpdir(self->dir, sizeof(self->dir)));
	snprintf(self->root, sizeof(self->root), "%s/root", self->dir);
	ASSERT_EQ(0, mkdir(self->root, 0755));
	fake_k_reset();
	fake_k.managed_err = -EIO;
}

FIXTURE_TEARDOWN(tree)
{
	fake_snap_free(&self->before);
	fake_snap_free(&self->after);
	EXPECT_EQ(0, fake_rm(self->dir));
}

/* --- show ---------------------------------------------------------------- */

TEST_F(tree, intel_pstate_facts)
{
	const struct ssdk_system *sys = &self->sys;
	unsigned int idx[8], n;

	ASSERT_EQ(0, fake_make(self->root, &fake_intel_pstate));
	ASSERT_EQ(0, ssdk_system_read(self->root, "nvme0n1", NULL, &self->sys, self->err,
				      sizeof(self->err)));
	EXPECT_STREQ("", self->err);
	EXPECT_STREQ("0-3", value_of(sys, "cpus"));
	EXPECT_STREQ("intel_pstate", value_of(sys, "cpufreq.driver"));
	/* powersave: jitter, by intel_pstate's transition latency (20 us) */
	EXPECT_STREQ("powersave", value_of(sys, "cpufreq.governor"));
	EXPECT_STREQ("jitter", verdict_of(sys, "cpufreq.governor"));
	EXPECT_EQ(20000U, jitter_of(sys, "cpufreq.governor"));
	EXPECT_STREQ("800-4200 allowed (hardware to 4700), now 800-1100",
		     value_of(sys, "cpufreq.mhz"));
	EXPECT_STREQ("note", verdict_of(sys, "cpufreq.mhz"));
	EXPECT_STREQ("on (intel_pstate)", value_of(sys, "cpufreq.turbo"));
	EXPECT_STREQ("jitter", verdict_of(sys, "cpufreq.turbo"));
	EXPECT_STREQ("intel_idle", value_of(sys, "cpuidle.driver"));
	EXPECT_STREQ("exit 0 us, enabled on 4 of 4 CPUs", value_of(sys, "cpuidle.POLL"));
	EXPECT_STREQ("fine", verdict_of(sys, "cpuidle.POLL"));
	EXPECT_EQ(2000U, jitter_of(sys, "cpuidle.C1"));
	EXPECT_EQ(10000U, jitter_of(sys, "cpuidle.C1E"));
	/* C6 enabled: a wake-up takes its 133 us */
	EXPECT_STREQ("exit 133 us, enabled on 4 of 4 CPUs", value_of(sys, "cpuidle.C6"));
	EXPECT_STREQ("jitter", verdict_of(sys, "cpuidle.C6"));
	EXPECT_EQ(133000U, jitter_of(sys, "cpuidle.C6"));
	EXPECT_STREQ("on (control on)", value_of(sys, "smt"));
	EXPECT_STREQ("jitter", verdict_of(sys, "smt"));
	EXPECT_STREQ("none", value_of(sys, "isolcpus"));
	/* no nohz_full= on a CONFIG_NO_HZ_FULL kernel: "(null)" */
	EXPECT_STREQ("none", value_of(sys, "nohz_full"));
	EXPECT_STREQ("nvme0n1", value_of(sys, "device"));
	EXPECT_STREQ("none", value_of(sys, "queue.scheduler"));
	EXPECT_STREQ("fine", verdict_of(sys, "queue.scheduler"));
	EXPECT_STREQ("1023", value_of(sys, "queue.nr_requests"));
	EXPECT_STREQ("write back", value_of(sys, "queue.write_cache"));
	EXPECT_STREQ("note", verdict_of(sys, "queue.write_cache"));
	EXPECT_STREQ("0", value_of(sys, "queue.rotational"));
	EXPECT_STREQ("0", value_of(sys, "queue.io_poll"));
	EXPECT_STREQ("2 queues; the workers' CPUs on queues 0-1", value_of(sys, "queue.hctx"));
	/* the disk on node 0 (CPUs 0-1), workers on 2-3 too */
	EXPECT_STREQ("0 (CPUs 0-1)", value_of(sys, "numa.node"));
	EXPECT_STREQ("jitter", verdict_of(sys, "numa.node"));
	EXPECT_STREQ("nvme0q0, on 0-3 (effective 0)", value_of(sys, "irq.120"));
	EXPECT_STREQ("note", verdict_of(sys, "irq.120"));
	EXPECT_STREQ("nvme0q1, on 0-1 (effective 0), managed", value_of(sys, "irq.121"));
	EXPECT_STREQ("fine", verdict_of(sys, "irq.121"));
	EXPECT_STREQ("nvme0q2, on 2-3 (effective 2), managed", value_of(sys, "irq.122"));
	EXPECT_STREQ("(none)", value_of(sys, "irq.123"));
	EXPECT_STREQ("madvise (khugepaged defrag 1, every 10000 ms)", value_of(sys, "thp"));
	EXPECT_STREQ("fine", verdict_of(sys, "thp"));
	EXPECT_STREQ("full", value_of(sys, "preempt"));
	EXPECT_STREQ("tsc", value_of(sys, "clocksource"));
	EXPECT_STREQ("fine", verdict_of(sys, "clocksource"));
	EXPECT_STREQ("2 mitigated, 1 vulnerable, 2 not affected", value_of(sys, "mitigations"));
	EXPECT_STREQ("no", value_of(sys, "hypervisor"));
	EXPECT_STREQ("fine", verdict_of(sys, "hypervisor"));
	EXPECT_EQ(20000U, sys->expected_ns);
	EXPECT_STREQ("20 us (flash)", value_of(sys, "expected"));
	/* past 2 us: the governor's 20, C1E's 10 and C6's 133; not C1's 2 */
	n = ssdk_system_over(sys, 0, idx, ARRAY_SIZE(idx));
	ASSERT_EQ(3U, n);
	EXPECT_STREQ("cpufreq.governor", sys->fact[idx[0]].key);
	EXPECT_STREQ("cpuidle.C1E", sys->fact[idx[1]].key);
	EXPECT_STREQ("cpuidle.C6", sys->fact[idx[2]].key);
	/* the workers on the disk's node, on its second queue */
	ASSERT_EQ(0, ssdk_system_read(self->root, "nvme0n1", "1", &self->sys, self->err,
				      sizeof(self->err)));
	EXPECT_STREQ("0 (CPUs 0-1)", value_of(sys, "numa.node"));
	EXPECT_STREQ("fine", verdict_of(sys, "numa.node"));
	EXPECT_STREQ("2 queues; the workers' CPUs on queue 0", value_of(sys, "queue.hctx"));
	EXPECT_STREQ("exit 133 us, enabled on 1 of 1 CPUs", value_of(sys, "cpuidle.C6"));
	/* the IO queue of CPUs 2-3 interrupts none of the workers' */
	EXPECT_STREQ("fine", verdict_of(sys, "irq.122"));
}

TEST_F(tree, acpi_cpufreq_facts)
{
	const struct ssdk_system *sys = &self->sys;
	char path[PATH_MAX];

	ASSERT_EQ(0, fake_make(self->root, &fake_acpi_cpufreq));
	/* the kernel's links: both CPUs in policy0 */
	snprintf(path, sizeof(path), "%s/" FAKE_CPU "/cpu1/cpufreq", self->root);
	EXPECT_EQ(0, access(path, F_OK));
	ASSERT_EQ(0, ssdk_system_read(self->root, "/dev/nvme0n1", NULL, &self->sys, self->err,
				      sizeof(self->err)));
	EXPECT_STREQ("0-1", value_of(sys, "cpus"));
	EXPECT_STREQ("acpi-cpufreq", value_of(sys, "cpufreq.driver"));
	EXPECT_STREQ("schedutil", value_of(sys, "cpufreq.governor"));
	EXPECT_STREQ("jitter", verdict_of(sys, "cpufreq.governor"));
	EXPECT_EQ(10000U, jitter_of(sys, "cpufreq.governor"));
	EXPECT_STREQ("on (cpufreq boost)", value_of(sys, "cpufreq.turbo"));
	EXPECT_STREQ("jitter", verdict_of(sys, "cpufreq.turbo"));
	EXPECT_STREQ("acpi_idle", value_of(sys, "cpuidle.driver"));
	EXPECT_EQ(1000U, jitter_of(sys, "cpuidle.C1"));
	EXPECT_EQ(350000U, jitter_of(sys, "cpuidle.C3"));
	EXPECT_STREQ("off (control off)", value_of(sys, "smt"));
	EXPECT_STREQ("fine", verdict_of(sys, "smt"));
	EXPECT_STREQ("none", value_of(sys, "nohz_full"));
	EXPECT_STREQ("note", verdict_of(sys, "nohz_full"));
	EXPECT_STREQ("mq-deadline", value_of(sys, "queue.scheduler"));
	EXPECT_STREQ("jitter", verdict_of(sys, "queue.scheduler"));
	EXPECT_STREQ("64", value_of(sys, "queue.nr_requests"));
	EXPECT_STREQ("none", value_of(sys, "numa.node"));
	EXPECT_STREQ("fine", verdict_of(sys, "numa.node"));
	EXPECT_STREQ("2 queues; the workers' CPUs on queues 0-1", value_of(sys, "queue.hctx"));
	EXPECT_STREQ("nvme0q1, on 0 (effective 0), managed", value_of(sys, "irq.41"));
	/* THP always: khugepaged's millisecond */
	EXPECT_STREQ("always (khugepaged defrag 1, every 10000 ms)", value_of(sys, "thp"));
	EXPECT_STREQ("jitter", verdict_of(sys, "thp"));
	EXPECT_EQ(1000000U, jitter_of(sys, "thp"));
	EXPECT_STREQ("full", value_of(sys, "preempt"));
	EXPECT_STREQ("hpet", value_of(sys, "clocksource"));
	EXPECT_EQ(1000U, jitter_of(sys, "clocksource"));
	EXPECT_STREQ("1 mitigated, 1 vulnerable, 1 not affected; mitigations=auto,nosmt",
		     value_of(sys, "mitigations"));
	EXPECT_STREQ("no", value_of(sys, "hypervisor"));
}

TEST_F(tree, guest_facts)
{
	const struct ssdk_system *sys = &self->sys;
	struct ssdk_irq irqs[4];
	unsigned int i;

	ASSERT_EQ(0, fake_make(self->root, &fake_guest));
	ASSERT_EQ(0, ssdk_system_read(self->root, "nvme0n1", NULL, &self->sys, self->err,
				      sizeof(self->err)));
	/* no cpufreq: one fact "none", no driver, governor or turbo */
	EXPECT_STREQ("none", value_of(sys, "cpufreq"));
	EXPECT_STREQ("note", verdict_of(sys, "cpufreq"));
	EXPECT_EQ(NULL, fact_of(sys, "cpufreq.driver"));
	EXPECT_EQ(NULL, fact_of(sys, "cpufreq.governor"));
	EXPECT_EQ(NULL, fact_of(sys, "cpufreq.turbo"));
	EXPECT_STREQ("none", value_of(sys, "cpuidle.driver"));
	for (i = 0; i < sys->nr_facts; i++)
		EXPECT_NE(0, strncmp(sys->fact[i].key, "cpuidle.C", 9));
	EXPECT_STREQ("off (control notsupported)", value_of(sys, "smt"));
	/* a kernel without CONFIG_NO_HZ_FULL has no such file */
	EXPECT_EQ(NULL, fact_of(sys, "nohz_full"));
	EXPECT_STREQ("none or voluntary", value_of(sys, "preempt"));
	EXPECT_STREQ("jitter", verdict_of(sys, "preempt"));
	EXPECT_STREQ("kvm-clock", value_of(sys, "clocksource"));
	EXPECT_STREQ("fine", verdict_of(sys, "clocksource"));
	EXPECT_STREQ("yes (QEMU)", value_of(sys, "hypervisor"));
	EXPECT_STREQ("jitter", verdict_of(sys, "hypervisor"));
	EXPECT_STREQ("1 queue; the workers' CPUs on queue 0", value_of(sys, "queue.hctx"));
	/* no debugfs: whether the kernel manages them is not known */
	EXPECT_STREQ("nvme0q0, on 0-1 (effective 0)", value_of(sys, "irq.24"));
	EXPECT_STREQ("nvme0q1, on 0-1 (effective 0)", value_of(sys, "irq.25"));
	ASSERT_EQ(2U, ssdk_system_irqs(self->root, "nvme0n1", irqs, ARRAY_SIZE(irqs)));
	EXPECT_EQ(-1, irqs[0].managed);
	EXPECT_EQ(-1, irqs[1].managed);
	/* the host's facts only */
	ASSERT_EQ(0, ssdk_system_read(self->root, NULL, NULL, &self->sys, self->err,
				      sizeof(self->err)));
	EXPECT_EQ(NULL, fact_of(sys, "device"));
	EXPECT_EQ(NULL, fact_of(sys, "irq.24"));
	EXPECT_STREQ("yes (QEMU)", value_of(sys, "hypervisor"));
}

/* The NVMe disk's vectors: numbers in order, names, managed, affinities. */
TEST_F(tree, nvme_irqs)
{
	struct ssdk_irq irqs[4];

	ASSERT_EQ(0, fake_make(self->root, &fake_intel_pstate));
	ASSERT_EQ(3U, ssdk_system_irqs(self->root, "nvme0n1", irqs, ARRAY_SIZE(irqs)));
	EXPECT_EQ(120U, irqs[0].irq);
	EXPECT_STREQ("nvme0q0", irqs[0].name);
	EXPECT_EQ(0, irqs[0].managed);
	EXPECT_STREQ("0-3", irqs[0].affinity);
	EXPECT_STREQ("0", irqs[0].effective);
	EXPECT_EQ(121U, irqs[1].irq);
	EXPECT_STREQ("nvme0q1", irqs[1].name);
	EXPECT_EQ(1, irqs[1].managed);
	EXPECT_STREQ("0-1", irqs[1].affinity);
	EXPECT_EQ(122U, irqs[2].irq);
	EXPECT_STREQ("nvme0q2", irqs[2].name);
	EXPECT_EQ(1, irqs[2].managed);
	EXPECT_STREQ("2-3", irqs[2].affinity);
	EXPECT_STREQ("2", irqs[2].effective);
	/* short of room: the count, the first filled */
	memset(irqs, 0, sizeof(irqs));
	EXPECT_EQ(3U, ssdk_system_irqs(self->root, "nvme0n1", irqs, 1));
	EXPECT_EQ(120U, irqs[0].irq);
	EXPECT_EQ(0U, irqs[1].irq);
	/* a partition's are its disk's; none for no disk */
	EXPECT_EQ(0U, ssdk_system_irqs(self->root, "sdz", irqs, 4));
	EXPECT_EQ(0U, ssdk_system_irqs(self->root, "../nvme0n1", irqs, 4));
}

/* A target on a partition is its disk; unknown targets and paths are no disk. */
TEST_F(tree, partition_and_unknown_targets)
{
	char name[16];

	ASSERT_EQ(0, fake_make(self->root, &fake_intel_pstate));
	EXPECT_EQ(0, ssdk_system_disk(self->root, "nvme0n1p1", name, sizeof(name), self->err,
				      sizeof(self->err)));
	EXPECT_STREQ("nvme0n1", name);
	EXPECT_EQ(0, ssdk_system_disk(self->root, "/dev/nvme0n1p1", name, sizeof(name),
				      self->err, sizeof(self->err)));
	EXPECT_STREQ("nvme0n1", name);
	EXPECT_EQ(0, ssdk_system_disk(self->root, "nvme0n1", name, sizeof(name), self->err,
				      sizeof(self->err)));
	EXPECT_STREQ("nvme0n1", name);
	EXPECT_EQ(-ENAMETOOLONG, ssdk_system_disk(self->root, "nvme0n1p1", name, 7, self->err,
						  sizeof(self->err)));
	ASSERT_EQ(0, ssdk_system_read(self->root, "nvme0n1p1", "0", &self->sys, self->err,
				      sizeof(self->err)));
	EXPECT_STREQ("nvme0n1", value_of(&self->sys, "device"));
	EXPECT_STREQ("nvme0q0, on 0-3 (effective 0)", value_of(&self->sys, "irq.120"));
	/* no such disk: -ENODEV, naming it */
	EXPECT_EQ(-ENODEV, ssdk_system_read(self->root, "sdz", NULL, &self->sys, self->err,
					    sizeof(self->err)));
	EXPECT_STREQ("sdz: sysfs has no disk of it", self->err);
	EXPECT_EQ(-ENODEV, ssdk_system_read(self->root, "/dev/sdz", NULL, &self->sys,
					    self->err, sizeof(self->err)));
	EXPECT_EQ(-ENODEV, ssdk_system_read(self->root, "", NULL, &self->sys, self->err,
					    sizeof(self->err)));
	EXPECT_EQ(-ENODEV, ssdk_system_read(self->root, "../block/nvme0n1", NULL, &self->sys,
					    self->err, sizeof(self->err)));
	EXPECT_EQ(-ENODEV, ssdk_system_read(self->root, "nvme0n1/queue", NULL, &self->sys,
					    self->err, sizeof(self->err)));
	EXPECT_EQ(-ENODEV, ssdk_system_disk(self->root, NULL, name, sizeof(name), self->err,
					    sizeof(self->err)));
}

/* --cpus: online ones only, named when not; a list, not garbage. */
TEST_F(tree, cpus_refused)
{
	ASSERT_EQ(0, fake_make(self->root, &fake_intel_pstate));
	EXPECT_EQ(-EINVAL, ssdk_system_read(self->root, NULL, "2-5", &self->sys, self->err,
					    sizeof(self->err)));
	EXPECT_STREQ("CPUs 4-5 are not online (online: 0-3)", self->err);
	EXPECT_EQ(-EINVAL, ssdk_system_read(self->root, "nvme0n1", "1,8191", &self->sys,
					    self->err, sizeof(self->err)));
	EXPECT_STREQ("CPUs 8191 are not online (online: 0-3)", self->err);
	EXPECT_EQ(-EINVAL, ssdk_system_read(self->root, NULL, "x", &self->sys, self->err,
					    sizeof(self->err)));
	EXPECT_STREQ("CPUs 'x': not a CPU list (0-3,8)", self->err);
	EXPECT_EQ(-EINVAL, ssdk_system_read(self->root, NULL, "", &self->sys, self->err,
					    sizeof(self->err)));
	EXPECT_EQ(-EINVAL, ssdk_system_read(self->root, NULL, "8192", &self->sys, self->err,
					    sizeof(self->err)));
	EXPECT_EQ(0, ssdk_system_read(self->root, NULL, "3", &self->sys, self->err,
				      sizeof(self->err)));
	EXPECT_STREQ("3", value_of(&self->sys, "cpus"));
	/* a root with no CPU list is no machine */
	EXPECT_EQ(-ENOENT, ssdk_system_read(self->dir, NULL, NULL, &self->sys, self->err,
					    sizeof(self->err)));
}

/*
 * A big machine's lines: blk-mq's cpu_list of one queue for 512 CPUs
 * ("0, 1, ... 511", 2.5 KB) and /proc/interrupts' lines of 512 columns
 * (5.7 KB).
 */
TEST_F(tree, big_machine_lines)
{
	struct fake_machine m = fake_guest;
	struct ssdk_irq irqs[2];

	m.cpus = 512;
	ASSERT_EQ(0, fake_make(self->root, &m));
	ASSERT_EQ(0, ssdk_system_read(self->root, "nvme0n1", "500-511", &self->sys, self->err,
				      sizeof(self->err)));
	EXPECT_STREQ("1 queue; the workers' CPUs on queue 0", value_of(&self->sys, "queue.hctx"));
	ASSERT_EQ(2U, ssdk_system_irqs(self->root, "nvme0n1", irqs, ARRAY_SIZE(irqs)));
	EXPECT_STREQ("nvme0q0", irqs[0].name);
	EXPECT_STREQ("nvme0q1", irqs[1].name);
	EXPECT_STREQ("0-511", irqs[1].affinity);
}

/* The index of @key in @sys's facts, or -1. */
static int fact_index(const struct ssdk_system *sys, const char *key)
{
	unsigned int i;

	for (i = 0; i < sys->nr_facts; i++)
		if (!strcmp(sys->fact[i].key, key))
			return i;
	return -1;
}

/*
 * A device of more vectors than SSDK_SYSTEM_MAX_FACTS has room for: the
 * IRQs fill what the facts before and after them leave, and the rest are
 * counted in "irq.more"; at that room exactly, none is; the kernel's facts
 * after them are all there either way.
 */
TEST_F(tree, irqs_at_the_tables_room_and_one_past)
{
	struct fake_machine m = fake_guest;
	int first, room, base;
	char key[16];

	m.cpus = 128;	/* a queue per CPU at most, as blk-mq has them */
	ASSERT_EQ(0, fake_make(self->root, &m));
	ASSERT_EQ(0, ssdk_system_read(self->root, "nvme0n1", NULL, &self->sys, self->err,
				      sizeof(self->err)));
	for (first = 0; first < (int)self->sys.nr_facts; first++)
		if (!strncmp(self->sys.fact[first].key, "irq.", 4))
			break;
	ASSERT_GT((int)self->sys.nr_facts, first);
	base = atoi(self->sys.fact[first].key + 4);
	/* system.c: room for the IRQs and "irq.more", before FACTS_AFTER_IRQS (8) */
	room = SSDK_SYSTEM_MAX_FACTS - 8 - first - 1;
	ASSERT_LT(2, room);

	m.queues = room - 1;	/* the admin queue's vector and room - 1 more: room */
	ASSERT_EQ(0, fake_rm(self->root));
	ASSERT_EQ(0, mkdir(self->root, 0755));
	ASSERT_EQ(0, fake_make(self->root, &m));
	ASSERT_EQ(0, ssdk_system_read(self->root, "nvme0n1", NULL, &self->sys, self->err,
				      sizeof(self->err)));
	EXPECT_EQ(-1, fact_index(&self->sys, "irq.more"));
	snprintf(key, sizeof(key), "irq.%d", base + room - 1);
	EXPECT_EQ(first + room - 1, fact_index(&self->sys, key));
	EXPECT_LE(0, fact_index(&self->sys, "expected"));

	m.queues = room;	/* one past */
	ASSERT_EQ(0, fake_rm(self->root));
	ASSERT_EQ(0, mkdir(self->root, 0755));
	ASSERT_EQ(0, fake_make(self->root, &m));
	ASSERT_EQ(0, ssdk_system_read(self->root, "nvme0n1", NULL, &self->sys, self->err,
				      sizeof(self->err)));
	ASSERT_LE(0, fact_index(&self->sys, "irq.more"));
	EXPECT_STREQ("1 more", self->sys.fact[fact_index(&self->sys, "irq.more")].value);
	snprintf(key, sizeof(key), "irq.%d", base + room - 1);
	EXPECT_EQ(first + room - 1, fact_index(&self->sys, key));
	snprintf(key, sizeof(key), "irq.%d", base + room);
	EXPECT_EQ(-1, fact_index(&self->sys, key));
	EXPECT_LE(0, fact_index(&self->sys, "expected"));
	EXPECT_GE((unsigned int)SSDK_SYSTEM_MAX_FACTS, self->sys.nr_facts);
}

/* A tenth of the expected latency is not over; a nanosecond more is. */
TEST_F(tree, over_at_the_limit)
{
	struct ssdk_system *sys = &self->sys;
	unsigned int idx[4] = { 99, 99, 99, 99 };

	memset(sys, 0, sizeof(*sys));
	sys->expected_ns = 20000;
	sys->nr_facts = 3;
	snprintf(sys->fact[0].key, sizeof(sys->fact[0].key), "a");
	sys->fact[0].verdict = SSDK_VERDICT_JITTER;
	sys->fact[0].jitter_ns = 20000 / SSDK_JITTER_SHARE;
	snprintf(sys->fact[1].key, sizeof(sys->fact[1].key), "b");
	sys->fact[1].verdict = SSDK_VERDICT_NOTE;	/* only jitter counts */
	sys->fact[1].jitter_ns = 1000000000;
	snprintf(sys->fact[2].key, sizeof(sys->fact[2].key), "c");
	sys->fact[2].verdict = SSDK_VERDICT_FINE;
	EXPECT_EQ(0U, ssdk_system_over(sys, 0, idx, ARRAY_SIZE(idx)));
	EXPECT_EQ(0U, ssdk_system_over(sys, 20000, idx, ARRAY_SIZE(idx)));
	sys->fact[0].jitter_ns++;
	EXPECT_EQ(1U, ssdk_system_over(sys, 0, idx, ARRAY_SIZE(idx)));
	EXPECT_EQ(0U, idx[0]);
	EXPECT_EQ(99U, idx[1]);
	/* against a run's own expected latency: 2001 is its tenth */
	EXPECT_EQ(0U, ssdk_system_over(sys, 20010, idx, ARRAY_SIZE(idx)));
	EXPECT_EQ(1U, ssdk_system_over(sys, 20009, idx, ARRAY_SIZE(idx)));
	/* no room: counted all the same */
	EXPECT_EQ(1U, ssdk_system_over(sys, 0, NULL, 0));
	EXPECT_STREQ("jitter", ssdk_verdict_name(SSDK_VERDICT_JITTER));
	EXPECT_STREQ("?", ssdk_verdict_name(3));
}

/* --- CPU lists ----------------------------------------------------------- */

/* @list parsed and formatted again; "ERR" when refused. */
static const char *cpulist_again(const char *list)
{
	static char buf[256];
	uint64_t bits[WORDS];

	if (ssdk_cpulist_parse(list, bits))
		return "ERR";
	if (ssdk_cpulist_format(bits, buf, sizeof(buf)))
		return "TOOLONG";
	return buf;
}

TEST(cpulist_forms)
{
	uint64_t bits[WORDS];

	EXPECT_STREQ("0-3,8,10-11", cpulist_again("0-3,8,10-11"));
	EXPECT_STREQ("0-3,8,10-11", cpulist_again("0,1,2,3,8,10,11"));
	/* cpuset's stride */
	EXPECT_STREQ("0,2,4,6,8,10,12,14", cpulist_again("0-15:2"));
	EXPECT_STREQ("1,4,7", cpulist_again("1-8:3"));
	/* blk-mq's cpu_list */
	EXPECT_STREQ("0-1", cpulist_again("0, 1"));
	EXPECT_STREQ("0-2,5", cpulist_again("0, 1, 2, 5\n"));
	/* a file's newline; an empty list */
	EXPECT_STREQ("0-3", cpulist_again("0-3\n"));
	EXPECT_STREQ("", cpulist_again(""));
	EXPECT_STREQ("", cpulist_again("\n"));
	memset(bits, 0xff, sizeof(bits));
	EXPECT_EQ(0, ssdk_cpulist_parse("", bits));
	EXPECT_EQ(0U, bits[0] | bits[WORDS - 1]);
	/* the last CPU, and one past it */
	EXPECT_STREQ("8191", cpulist_again("8191"));
	EXPECT_STREQ("0-8191", cpulist_again("0-8191"));
	EXPECT_STREQ("ERR", cpulist_again("8192"));
	EXPECT_STREQ("ERR", cpulist_again("0-8192"));
	EXPECT_STREQ("ERR", cpulist_again("99999999999999999999"));
	/* garbage */
	EXPECT_STREQ("ERR", cpulist_again("x"));
	EXPECT_STREQ("ERR", cpulist_again("1-"));
	EXPECT_STREQ("ERR", cpulist_again("-1"));
	EXPECT_STREQ("ERR", cpulist_again("3-1"));
	EXPECT_STREQ("ERR", cpulist_again("1,,2"));
	EXPECT_STREQ("ERR", cpulist_again("1,"));
	EXPECT_STREQ("ERR", cpulist_again("1 2"));
	EXPECT_STREQ("ERR", cpulist_again("0-3:0"));
	EXPECT_STREQ("ERR", cpulist_again("0-3:"));
	EXPECT_STREQ("ERR", cpulist_again("0x1"));
	EXPECT_STREQ("ERR", cpulist_again("1\n2"));
	EXPECT_EQ(-EINVAL, ssdk_cpulist_parse(NULL, bits));
}

/* Formatting: ranges folded; what does not fit said, and cut with "...". */
TEST(cpulist_format_room)
{
	uint64_t bits[WORDS] = { 0 };
	char buf[16];
	unsigned int c;

	for (c = 0; c < SSDK_MAX_CPUS; c += 2)
		bits[c / 64] |= 1ULL << (c % 64);
	EXPECT_EQ(-ENAMETOOLONG, ssdk_cpulist_format(bits, buf, sizeof(buf)));
	EXPECT_STREQ("0,2,4,6,8,10...", buf);
	EXPECT_EQ(-ENAMETOOLONG, ssdk_cpulist_format(bits, buf, 0));
	memset(bits, 0, sizeof(bits));
	bits[0] = 0xf;
	bits[WORDS - 1] = 1ULL << 63;
	/* "0-3,8191": 8 characters and the NUL */
	EXPECT_EQ(0, ssdk_cpulist_format(bits, buf, 9));
	EXPECT_STREQ("0-3,8191", buf);
	EXPECT_EQ(-ENAMETOOLONG, ssdk_cpulist_format(bits, buf, 8));
	memset(bits, 0, sizeof(bits));
	EXPECT_EQ(0, ssdk_cpulist_format(bits, buf, 1));
	EXPECT_STREQ("", buf);
	memset(bits, 0xff, sizeof(bits));
	EXPECT_EQ(0, ssdk_cpulist_format(bits, buf, sizeof(buf)));
	EXPECT_STREQ("0-8191", buf);
}

/* --- tune and reset -------------------------------------------------------- */

/* The index in @p of the change of @path, or -1. */
static int change_of(const struct tune_plan *p, const char *path)
{
	unsigned int i;

	for (i = 0; i < p->nr; i++)
		if (!strcmp(p->c[i].path, path))
			return i;
	return -1;
}

static int left_of(const struct tune_plan *p, const char *key)
{
	unsigned int i;

	for (i = 0; i < p->nr_left; i++)
		if (!strcmp(p->left[i].key, key))
			return i;
	return -1;
}

FIXTURE(shape) {
	char dir[64];
	char root[96];
	char err[512];
	struct tune_args args;
	struct tune_plan plan, state;
	struct fake_snap before, after;
};

FIXTURE_VARIANT(shape) {
	const struct fake_machine *m;
	const char *cpus;
	unsigned int changes;	/* what tune changes */
	unsigned int left;	/* what it leaves, and says */
};

/* CPU 1: its governor, C1E and C6; turbo, THP, khugepaged; nvme0q0 off it. */
FIXTURE_VARIANT_ADD(shape, intel_pstate) {
	.m = &fake_intel_pstate, .cpus = "1", .changes = 7, .left = 1,
};

/* Both CPUs, one policy: one governor; C2, C3 of each; boost; THP; scheduler. */
FIXTURE_VARIANT_ADD(shape, acpi_cpufreq) {
	.m = &fake_acpi_cpufreq, .cpus = NULL, .changes = 10, .left = 3,
};

/* THP and khugepaged; both queues' vectors off CPU 0, the managed one refused. */
FIXTURE_VARIANT_ADD(shape, guest) {
	.m = &fake_guest, .cpus = "0", .changes = 4, .left = 0,
};

FIXTURE_SETUP(shape)
{
	ASSERT_NE(NULL, fake_tmpdir(self->dir, sizeof(self->dir)));
	snprintf(self->root, sizeof(self->root), "%s/root", self->dir);
	ASSERT_EQ(0, mkdir(self->root, 0755));
	ASSERT_EQ(0, fake_make(self->root, variant->m));
	fake_k_reset();
	fake_k.managed_err = -EIO;
	self->args = (struct tune_args){ .root = self->root, .cpus = variant->cpus,
					 .target = "nvme0n1", .max_exit_us = TUNE_MAX_EXIT_US };
	ASSERT_EQ(0, tune_plan(&self->args, &self->plan, self->err, sizeof(self->err)));
	ASSERT_EQ(variant->changes, self->plan.nr);
	ASSERT_EQ(variant->left, self->plan.nr_left);
	ASSERT_EQ(0, fake_snap(self->root, &self->before));
}

FIXTURE_TEARDOWN(shape)
{
	fake_snap_free(&self->before);
	fake_snap_free(&self->after);
	EXPECT_EQ(0, fake_rm(self->dir));
}

/* The tree now against the one before tune: 0 when byte-identical. */
static int same_as_before(struct _test_data_shape *self, struct __test_metadata *_metadata)
{
	char why[512];
	const char *diff;

	fake_snap_free(&self->after);
	if (fake_snap(self->root, &self->after))
		return -1;
	diff = fake_snap_diff(&self->before, &self->after, why, sizeof(why));
	if (diff)
		TH_LOG("differs: %s", why);
	return diff ? -1 : 0;
}

/* tune, then reset: every file's bytes and every link as they were. */
TEST_F(shape, tune_then_reset_byte_identical)
{
	char state[PATH_MAX], now[TUNE_VALUE_LEN];
	unsigned int made, i;

	ASSERT_EQ(0, tune_apply(self->root, &self->plan, &fake_ops, self->err,
				sizeof(self->err)));
	made = self->plan.nr;
	snprintf(state, sizeof(state), "%s/" TUNE_STATE, self->root);
	ASSERT_EQ(0, access(state, F_OK));
	/* each file holds what tune wrote */
	for (i = 0; i < made; i++) {
		if (!*self->plan.c[i].to)
			continue;
		ASSERT_EQ(0, ssdk_system_value(self->root, self->plan.c[i].path, now,
					       sizeof(now)));
		EXPECT_STREQ(self->plan.c[i].to, now) TH_LOG("%s", self->plan.c[i].path);
	}
	EXPECT_STREQ("always madvise [never]\n", file_of(self->root, FAKE_THP "/enabled"));
	EXPECT_STREQ("0\n", file_of(self->root, FAKE_THP "/khugepaged/defrag"));
	/* nothing left to change, but a managed vector debugfs did not tell of */
	ASSERT_EQ(0, tune_plan(&self->args, &self->state, self->err, sizeof(self->err)));
	if (variant->m == &fake_guest) {
		ASSERT_EQ(1U, self->state.nr);
		EXPECT_STREQ("proc/irq/25/smp_affinity_list", self->state.c[0].path);
	} else {
		EXPECT_EQ(0U, self->state.nr);
	}
	ASSERT_EQ(0, tune_state_read(self->root, &self->state, self->err, sizeof(self->err)));
	EXPECT_EQ(made, self->state.nr);
	fake_k_reset();
	ASSERT_EQ(0, tune_reset(self->root, &self->state, &fake_ops, self->err,
				sizeof(self->err)));
	/* each restored by one write; nr_requests too, after the scheduler's */
	EXPECT_EQ(made, self->state.nr);
	EXPECT_EQ(made, fake_k.writes);
	EXPECT_EQ(0U, self->state.nr_left);
	EXPECT_NE(0, access(state, F_OK));
	EXPECT_EQ(0, same_as_before(self, _metadata));
}

/*
 * A kill -9 of tune at each of its writes, then reset from the state file
 * it left: the tree as before. Killed before the write (the change
 * logged, not made); the same with the state file's last line cut
 * mid-way, as a crash while it was being written leaves it; killed just
 * after the write (made, the next change not logged yet). And tune let
 * finish.
 */
TEST_F(shape, crash_at_every_write)
{
	static const char *const how[] = { "before", "before, state cut", "after" };
	unsigned int writes = writes_of(&self->plan), k, mode;
	char state[PATH_MAX];
	struct stat st;
	int status;
	pid_t pid;

	snprintf(state, sizeof(state), "%s/" TUNE_STATE, self->root);
	for (mode = 0; mode < ARRAY_SIZE(how); mode++) {
		for (k = 0; k <= writes; k++) {
			pid = fork();
			ASSERT_LE(0, pid);
			if (!pid) {
				fake_k_reset();
				fake_k.kill_at = k;
				fake_k.kill_after = mode == 2;
				_exit(tune_apply(self->root, &self->plan, &fake_ops, self->err,
						 sizeof(self->err)) ? 1 : 0);
			}
			ASSERT_EQ(pid, waitpid(pid, &status, 0));
			if (k < writes) {
				ASSERT_TRUE(WIFSIGNALED(status));
				ASSERT_EQ(SIGKILL, WTERMSIG(status));
			} else {
				ASSERT_TRUE(WIFEXITED(status));
				ASSERT_EQ(0, WEXITSTATUS(status));
			}
			if (mode == 1 && k < writes) {
				/* the line of the change not made, cut mid-way */
				ASSERT_EQ(0, stat(state, &st));
				ASSERT_EQ(0, truncate(state, st.st_size - 5));
			}
			ASSERT_EQ(0, tune_state_read(self->root, &self->state, self->err,
						     sizeof(self->err)));
			ASSERT_EQ(0, tune_reset(self->root, &self->state, &fake_ops, self->err,
						sizeof(self->err)));
			EXPECT_EQ(0U, self->state.nr_left);
			ASSERT_NE(0, access(state, F_OK));
			ASSERT_EQ(0, same_as_before(self, _metadata))
				TH_LOG("killed %s write %u", how[mode], k);
		}
	}
}

/*
 * A file tune changed and someone set since is theirs: reset leaves it and
 * restores the rest, and never writes it.
 */
TEST_F(shape, reset_leaves_a_value_set_since)
{
	char path[PATH_MAX], why[256];
	unsigned int i;
	int acpi;

	ASSERT_EQ(0, tune_apply(self->root, &self->plan, &fake_ops, self->err,
				sizeof(self->err)));
	/* neither what tune found nor what it wrote */
	acpi = variant->m == &fake_acpi_cpufreq;
	snprintf(path, sizeof(path), "%s/" FAKE_THP "/enabled", self->root);
	ASSERT_EQ(0, fake_write(path, acpi ? "madvise" : "always"));
	ASSERT_EQ(0, tune_state_read(self->root, &self->state, self->err, sizeof(self->err)));
	fake_k_reset();
	ASSERT_EQ(0, tune_reset(self->root, &self->state, &fake_ops, self->err,
				sizeof(self->err)));
	ASSERT_EQ(1U, self->state.nr_left);
	EXPECT_STREQ("thp", self->state.left[0].key);
	snprintf(why, sizeof(why), "%s: now %s, set since tune (it wrote never): left",
		 FAKE_THP "/enabled", acpi ? "madvise" : "always");
	EXPECT_STREQ(why, self->state.left[0].why);
	EXPECT_EQ(-1, change_of(&self->state, FAKE_THP "/enabled"));
	for (i = 0; i < fake_k.logged; i++)
		EXPECT_EQ(NULL, strstr(fake_k.log[i], "transparent_hugepage/enabled"));
	EXPECT_STREQ(acpi ? "always [madvise] never\n" : "[always] madvise never\n",
		     file_of(self->root, FAKE_THP "/enabled"));
	/* the rest restored: with THP set back by hand, the tree as before */
	ASSERT_EQ(0, fake_write(path, acpi ? "always" : "madvise"));
	EXPECT_EQ(0, same_as_before(self, _metadata));
}

/* tune twice: the second refused, nothing written; reset with no state: nothing. */
TEST_F(shape, second_tune_refused)
{
	ASSERT_EQ(0, tune_apply(self->root, &self->plan, &fake_ops, self->err,
				sizeof(self->err)));
	ASSERT_EQ(0, fake_snap(self->root, &self->after));
	ASSERT_EQ(0, tune_plan(&self->args, &self->state, self->err, sizeof(self->err)));
	fake_k_reset();
	EXPECT_EQ(-EEXIST, tune_apply(self->root, &self->plan, &fake_ops, self->err,
				      sizeof(self->err)));
	EXPECT_NE(NULL, strstr(self->err, "exists: the machine is tuned"));
	EXPECT_EQ(0U, fake_k.writes);
	fake_snap_free(&self->before);
	self->before = self->after;
	memset(&self->after, 0, sizeof(self->after));
	EXPECT_EQ(0, same_as_before(self, _metadata));
	/* reset, then no state file: a second reset has nothing to do */
	ASSERT_EQ(0, tune_state_read(self->root, &self->state, self->err, sizeof(self->err)));
	ASSERT_EQ(0, tune_reset(self->root, &self->state, &fake_ops, self->err,
				sizeof(self->err)));
	EXPECT_EQ(-ENOENT, tune_state_read(self->root, &self->state, self->err,
					   sizeof(self->err)));
	EXPECT_EQ(0U, self->state.nr);
}

/* The plan of each machine, change by change. */
TEST_F(shape, plan)
{
	const struct tune_plan *p = &self->plan;
	int i;

	i = change_of(p, FAKE_THP "/enabled");
	ASSERT_LE(0, i);
	EXPECT_STREQ("never", p->c[i].to);
	i = change_of(p, FAKE_THP "/khugepaged/defrag");
	ASSERT_LE(0, i);
	EXPECT_STREQ("1", p->c[i].from);
	EXPECT_STREQ("0", p->c[i].to);
	if (variant->m == &fake_intel_pstate) {
		i = change_of(p, FAKE_CPU "/cpu1/cpufreq/scaling_governor");
		ASSERT_LE(0, i);
		EXPECT_STREQ("powersave", p->c[i].from);
		EXPECT_STREQ("performance", p->c[i].to);
		EXPECT_EQ(-1, change_of(p, FAKE_CPU "/cpu0/cpufreq/scaling_governor"));
		/* C1 at 2 us stays; C1E and C6 go */
		EXPECT_EQ(-1, change_of(p, FAKE_CPU "/cpu1/cpuidle/state1/disable"));
		i = change_of(p, FAKE_CPU "/cpu1/cpuidle/state2/disable");
		ASSERT_LE(0, i);
		EXPECT_STREQ("cpuidle.C1E", p->c[i].key);
		EXPECT_LE(0, change_of(p, FAKE_CPU "/cpu1/cpuidle/state3/disable"));
		EXPECT_LE(0, change_of(p, FAKE_CPU "/intel_pstate/no_turbo"));
		i = change_of(p, "proc/irq/120/smp_affinity_list");
		ASSERT_LE(0, i);
		EXPECT_STREQ("0-3", p->c[i].from);
		EXPECT_STREQ("0,2-3", p->c[i].to);
		EXPECT_EQ(0, left_of(p, "irq.121"));
		EXPECT_STREQ("nvme0q1: managed by the kernel, stays on its queue's CPUs",
			     p->left[0].why);
	} else if (variant->m == &fake_acpi_cpufreq) {
		/* one policy, one change */
		EXPECT_LE(0, change_of(p, FAKE_CPU "/cpu0/cpufreq/scaling_governor"));
		EXPECT_EQ(-1, change_of(p, FAKE_CPU "/cpu1/cpufreq/scaling_governor"));
		EXPECT_LE(0, change_of(p, FAKE_CPU "/cpufreq/boost"));
		/* nr_requests recorded, before the scheduler that resets it */
		i = change_of(p, "sys/class/block/nvme0n1/queue/nr_requests");
		ASSERT_LE(0, i);
		EXPECT_STREQ("64", p->c[i].from);
		EXPECT_STREQ("", p->c[i].to);
		EXPECT_EQ(i + 1, change_of(p, "sys/class/block/nvme0n1/queue/scheduler"));
		EXPECT_STREQ("mq-deadline", p->c[i + 1].from);
		EXPECT_STREQ("none", p->c[i + 1].to);
		EXPECT_STREQ("nvme0q0: no CPU outside the workers' to move it to",
			     p->left[left_of(p, "irq.40")].why);
	} else {
		EXPECT_STREQ("1", p->c[change_of(p, "proc/irq/24/smp_affinity_list")].to);
		EXPECT_STREQ("1", p->c[change_of(p, "proc/irq/25/smp_affinity_list")].to);
	}
}

/*
 * A managed vector debugfs did not tell of (the guest has no debugfs): the
 * kernel refuses the write (-EIO before 6.12, -EPERM since), and tune
 * takes it out of its plan and its state file, into what it leaves.
 */
TEST_F(tree, managed_irq_refused)
{
	static const int errs[] = { -EIO, -EPERM };
	struct tune_args a = { .root = self->root, .cpus = "0", .target = "nvme0n1",
			       .max_exit_us = TUNE_MAX_EXIT_US };
	struct tune_plan *p = &self->plan;
	char state[PATH_MAX], text[4096];
	unsigned int e;

	ASSERT_EQ(0, fake_make(self->root, &fake_guest));
	ASSERT_EQ(0, fake_snap(self->root, &self->before));
	snprintf(state, sizeof(state), "%s/" TUNE_STATE, self->root);
	for (e = 0; e < ARRAY_SIZE(errs); e++) {
		fake_k.managed_err = errs[e];
		ASSERT_EQ(0, tune_plan(&a, p, self->err, sizeof(self->err)));
		ASSERT_EQ(4U, p->nr);
		ASSERT_EQ(0, tune_apply(self->root, p, &fake_ops, self->err, sizeof(self->err)))
			TH_LOG("%s", self->err);
		EXPECT_EQ(3U, p->nr);
		EXPECT_EQ(-1, change_of(p, "proc/irq/25/smp_affinity_list"));
		ASSERT_EQ(1U, p->nr_left);
		EXPECT_STREQ("irq.25", p->left[0].key);
		EXPECT_STREQ("managed by the kernel (it refused the write)", p->left[0].why);
		EXPECT_STREQ("1\n", file_of(self->root, "proc/irq/24/smp_affinity_list"));
		EXPECT_STREQ("1\n", file_of(self->root, "proc/irq/24/effective_affinity_list"));
		EXPECT_STREQ("0-1\n", file_of(self->root, "proc/irq/25/smp_affinity_list"));
		ASSERT_LT(0, fake_read(state, text, sizeof(text)));
		EXPECT_EQ(NULL, strstr(text, "proc/irq/25"));
		ASSERT_EQ(0, tune_state_read(self->root, &self->plan, self->err,
					     sizeof(self->err)));
		EXPECT_EQ(3U, p->nr);
		ASSERT_EQ(0, tune_reset(self->root, p, &fake_ops, self->err, sizeof(self->err)));
		ASSERT_EQ(0, fake_snap(self->root, &self->after));
		EXPECT_EQ(NULL, fake_snap_diff(&self->before, &self->after, self->err,
					       sizeof(self->err))) TH_LOG("%s", self->err);
		fake_snap_free(&self->after);
	}
}

/* --- the state file ------------------------------------------------------ */

/* @root's state file made of @text. */
static int put_state(const char *root, const char *text)
{
	return fake_puts(root, TUNE_STATE, text);
}

TEST_F(tree, state_files)
{
	struct tune_plan *p = &self->plan;

	ASSERT_EQ(0, fake_make(self->root, &fake_intel_pstate));
	EXPECT_EQ(-ENOENT, tune_state_read(self->root, p, self->err, sizeof(self->err)));
	ASSERT_EQ(0, put_state(self->root, "ssdk-system-tune 2\n"));
	EXPECT_EQ(-EPROTO, tune_state_read(self->root, p, self->err, sizeof(self->err)));
	EXPECT_NE(NULL, strstr(self->err, "not ssdk's state file"));
	/* a path out of the root, or absolute: not a change */
	ASSERT_EQ(0, put_state(self->root, TUNE_STATE_MAGIC "\nthp\t../etc/passwd\ta\tb\n"));
	EXPECT_EQ(-EPROTO, tune_state_read(self->root, p, self->err, sizeof(self->err)));
	EXPECT_NE(NULL, strstr(self->err, ":2: not a change"));
	ASSERT_EQ(0, put_state(self->root, TUNE_STATE_MAGIC "\nthp\t/etc/passwd\ta\tb\n"));
	EXPECT_EQ(-EPROTO, tune_state_read(self->root, p, self->err, sizeof(self->err)));
	ASSERT_EQ(0, put_state(self->root, TUNE_STATE_MAGIC "\nthp\tsys/x\ta\n"));
	EXPECT_EQ(-EPROTO, tune_state_read(self->root, p, self->err, sizeof(self->err)));
	/* a last line cut: the change it logs was not made */
	ASSERT_EQ(0, put_state(self->root, TUNE_STATE_MAGIC "\nthp\t" FAKE_THP "/enabled\t"
			       "madvise\tnever\nthp\t" FAKE_THP "/khugepaged/def"));
	ASSERT_EQ(0, tune_state_read(self->root, p, self->err, sizeof(self->err)));
	ASSERT_EQ(1U, p->nr);
	EXPECT_STREQ(FAKE_THP "/enabled", p->c[0].path);
	EXPECT_STREQ("madvise", p->c[0].from);
	EXPECT_STREQ("never", p->c[0].to);
	/* nothing changed: reset writes nothing, and removes the file */
	ASSERT_EQ(0, tune_reset(self->root, p, &fake_ops, self->err, sizeof(self->err)));
	EXPECT_EQ(0U, fake_k.writes);
	EXPECT_EQ(0U, p->nr);
	EXPECT_EQ(-ENOENT, tune_state_read(self->root, p, self->err, sizeof(self->err)));
	/* cut before its first line was whole: nothing was changed */
	ASSERT_EQ(0, put_state(self->root, ""));
	ASSERT_EQ(0, tune_state_read(self->root, p, self->err, sizeof(self->err)))
		TH_LOG("%s", self->err);
	EXPECT_EQ(0U, p->nr);
	ASSERT_EQ(0, put_state(self->root, "ssdk-system-t"));
	ASSERT_EQ(0, tune_state_read(self->root, p, self->err, sizeof(self->err)));
	EXPECT_EQ(0U, p->nr);
	ASSERT_EQ(0, tune_reset(self->root, p, &fake_ops, self->err, sizeof(self->err)));
	EXPECT_EQ(-ENOENT, tune_state_read(self->root, p, self->err, sizeof(self->err)));
}

/* tune refuses what show refuses: CPUs not online, no CPU, garbage. */
TEST_F(tree, tune_cpus_refused)
{
	struct tune_args a = { .root = self->root, .max_exit_us = TUNE_MAX_EXIT_US };

	ASSERT_EQ(0, fake_make(self->root, &fake_intel_pstate));
	a.cpus = "2-5";
	EXPECT_EQ(-EINVAL, tune_plan(&a, &self->plan, self->err, sizeof(self->err)));
	EXPECT_STREQ("--cpus: CPUs 4-5 are not online (online: 0-3)", self->err);
	a.cpus = "";
	EXPECT_EQ(-EINVAL, tune_plan(&a, &self->plan, self->err, sizeof(self->err)));
	a.cpus = "x";
	EXPECT_EQ(-EINVAL, tune_plan(&a, &self->plan, self->err, sizeof(self->err)));
	EXPECT_STREQ("--cpus 'x': not a CPU list (0-3,8)", self->err);
	a.cpus = "3";
	a.target = "sdz";
	EXPECT_EQ(-ENODEV, tune_plan(&a, &self->plan, self->err, sizeof(self->err)));
	a.target = "nvme0n1p1";
	EXPECT_EQ(0, tune_plan(&a, &self->plan, self->err, sizeof(self->err)));
	/* CPU 3's governor, C1E, C6; turbo; THP twice; nvme0q0 */
	EXPECT_EQ(7U, self->plan.nr);
}

/* --- limits -------------------------------------------------------------- */

static const struct fake_idle deep_idle[] = {
	{ "C1E", "MWAIT 0x01", 10 },
	{ "C3", "MWAIT 0x10", 40 },
	{ "C6", "MWAIT 0x20", 133 },
	{ "C8", "MWAIT 0x40", 390 },
};

/*
 * TUNE_MAX_CHANGES at its limit and one past: 256 CPUs of 4 idle states
 * to disable, and THP to turn off one more; a state file of as many lines.
 */
TEST_F(tree, max_changes)
{
	struct fake_machine m = fake_guest;
	struct tune_args a = { .root = self->root, .max_exit_us = TUNE_MAX_EXIT_US };
	char path[PATH_MAX], *text, *t;
	unsigned int i;

	m.cpus = 256;
	m.idle_driver = "intel_idle";
	m.idle = deep_idle;
	m.nr_idle = ARRAY_SIZE(deep_idle);
	m.thp = "always madvise [never]\n";
	m.defrag = "0\n";
	ASSERT_EQ(0, fake_make(self->root, &m));
	ASSERT_EQ(256 * 4, TUNE_MAX_CHANGES);
	ASSERT_EQ(0, tune_plan(&a, &self->plan, self->err, sizeof(self->err)))
		TH_LOG("%s", self->err);
	EXPECT_EQ((unsigned int)TUNE_MAX_CHANGES, self->plan.nr);
	EXPECT_STREQ(FAKE_CPU "/cpu255/cpuidle/state3/disable",
		     self->plan.c[TUNE_MAX_CHANGES - 1].path);
	snprintf(path, sizeof(path), "%s/" FAKE_THP "/enabled", self->root);
	ASSERT_EQ(0, fake_write(path, "madvise"));
	EXPECT_EQ(-E2BIG, tune_plan(&a, &self->plan, self->err, sizeof(self->err)));
	EXPECT_STREQ("more than 1024 changes", self->err);
	/* a state file of TUNE_MAX_CHANGES lines, and of one more */
	text = malloc(TUNE_MAX_CHANGES * 80 + 128);
	ASSERT_NE(NULL, text);
	t = text + sprintf(text, "%s\n", TUNE_STATE_MAGIC);
	for (i = 0; i < TUNE_MAX_CHANGES; i++)
		t += sprintf(t, "cpuidle.C6\t" FAKE_CPU "/cpu%u/cpuidle/state%u/disable\t0\t1\n",
			     i / 4, i % 4);
	ASSERT_EQ(0, put_state(self->root, text));
	EXPECT_EQ(0, tune_state_read(self->root, &self->plan, self->err, sizeof(self->err)));
	EXPECT_EQ((unsigned int)TUNE_MAX_CHANGES, self->plan.nr);
	snprintf(t, 128, "thp\t" FAKE_THP "/enabled\tmadvise\tnever\n");
	ASSERT_EQ(0, put_state(self->root, text));
	EXPECT_EQ(-EPROTO, tune_state_read(self->root, &self->plan, self->err,
					   sizeof(self->err)));
	free(text);
}

/* --- the program ---------------------------------------------------------- */

/* What a run of the real program said. */
struct ran {
	int status;		/* its exit status, or -1 */
	char out[1 << 16];	/* its stdout */
	char err[1 << 12];	/* its stderr */
};

/* Run the real program with @args (NULL-terminated), in @dir's files. */
static void run_argv(const char *dir, const char *const *args, struct ran *r)
{
	char outp[PATH_MAX], errp[PATH_MAX];
	const char *argv[32] = { SSDK_BIN };
	unsigned int i;
	int status;
	pid_t pid;

	memset(r, 0, sizeof(*r));
	r->status = -1;
	for (i = 0; args[i] && i < ARRAY_SIZE(argv) - 2; i++)
		argv[i + 1] = args[i];
	snprintf(outp, sizeof(outp), "%s/stdout", dir);
	snprintf(errp, sizeof(errp), "%s/stderr", dir);
	pid = fork();
	if (pid < 0)
		return;
	if (!pid) {
		if (!freopen(outp, "w", stdout) || !freopen(errp, "w", stderr))
			_exit(127);
		execv(SSDK_BIN, (char *const *)argv);
		_exit(127);
	}
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
	    fake_read(outp, r->out, sizeof(r->out)) < 0 ||
	    fake_read(errp, r->err, sizeof(r->err)) < 0)
		return;
	r->status = WEXITSTATUS(status);
}

/* run_argv() of its arguments, up to a NULL. */
static struct ran *run(const char *dir, ...)
{
	static struct ran r;
	const char *args[32];
	unsigned int n = 0;
	va_list ap;

	va_start(ap, dir);
	while (n < ARRAY_SIZE(args) - 1 && (args[n] = va_arg(ap, const char *)))
		n++;
	va_end(ap);
	args[n] = NULL;
	run_argv(dir, args, &r);
	return &r;
}

static unsigned int lines(const char *s)
{
	unsigned int n = 0;

	for (; *s; s++)
		n += *s == '\n';
	return n;
}

/* ssdk -j system show: JSON, the same facts as ssdk_system_read()'s. */
TEST_F(tree, program_show_json)
{
	struct json_object *d, *facts, *f, *v;
	struct ran *r;
	unsigned int i;

	ASSERT_EQ(0, fake_make(self->root, &fake_intel_pstate));
	r = run(self->dir, "-j", "system", "show", "--root", self->root, "--target", "nvme0n1",
		"--cpus", "0-1", NULL);
	ASSERT_EQ(0, r->status) TH_LOG("%s", r->err);
	EXPECT_STREQ("", r->err);
	d = json_tokener_parse(r->out);
	ASSERT_NE(NULL, d) TH_LOG("not JSON: %s", r->out);
	ASSERT_TRUE(json_object_object_get_ex(d, "facts", &facts));
	ASSERT_EQ(0, ssdk_system_read(self->root, "nvme0n1", "0-1", &self->sys, self->err,
				      sizeof(self->err)));
	/* as many, none a duplicate key */
	EXPECT_EQ((int)self->sys.nr_facts, json_object_object_length(facts));
	for (i = 0; i < self->sys.nr_facts; i++) {
		const struct ssdk_fact *sf = &self->sys.fact[i];

		ASSERT_TRUE(json_object_object_get_ex(facts, sf->key, &f)) TH_LOG("%s", sf->key);
		ASSERT_TRUE(json_object_object_get_ex(f, "value", &v));
		EXPECT_STREQ(sf->value, json_object_get_string(v));
		ASSERT_TRUE(json_object_object_get_ex(f, "verdict", &v));
		EXPECT_STREQ(ssdk_verdict_name(sf->verdict), json_object_get_string(v));
	}
	/* the governor's 20 us, C1E's and C6's past a tenth of 20 us */
	ASSERT_TRUE(json_object_object_get_ex(d, "over", &v));
	EXPECT_EQ(3U, json_object_array_length(v));
	json_object_put(d);
	/* text too */
	r = run(self->dir, "system", "show", "--root", self->root, NULL);
	ASSERT_EQ(0, r->status);
	EXPECT_NE(NULL, strstr(r->out, "cpuidle.C6"));
}

/* tune --dry-run writes nothing; reset with no state file does nothing. */
TEST_F(tree, program_dry_run_and_reset)
{
	struct json_object *d, *v;
	char state[PATH_MAX];
	struct ran *r;

	ASSERT_EQ(0, fake_make(self->root, &fake_intel_pstate));
	ASSERT_EQ(0, fake_snap(self->root, &self->before));
	snprintf(state, sizeof(state), "%s/" TUNE_STATE, self->root);
	r = run(self->dir, "-j", "system", "tune", "--root", self->root, "--target", "nvme0n1",
		"--cpus", "1", "--dry-run", NULL);
	ASSERT_EQ(0, r->status) TH_LOG("%s", r->err);
	d = json_tokener_parse(r->out);
	ASSERT_NE(NULL, d) TH_LOG("not JSON: %s", r->out);
	ASSERT_TRUE(json_object_object_get_ex(d, "done", &v));
	EXPECT_STREQ("would change", json_object_get_string(v));
	ASSERT_TRUE(json_object_object_get_ex(d, "changes", &v));
	EXPECT_EQ(7U, json_object_array_length(v));
	json_object_put(d);
	EXPECT_NE(0, access(state, F_OK));
	r = run(self->dir, "system", "reset", "--root", self->root, NULL);
	ASSERT_EQ(0, r->status) TH_LOG("%s", r->err);
	ASSERT_EQ(0, fake_snap(self->root, &self->after));
	EXPECT_EQ(NULL, fake_snap_diff(&self->before, &self->after, self->err,
				       sizeof(self->err))) TH_LOG("%s", self->err);
}

/* tune and reset for real (echo VALUE > FILE): each value back as it was. */
TEST_F(tree, program_tune_reset)
{
	struct tune_args a = { .root = self->root, .target = "nvme0n1",
			       .max_exit_us = TUNE_MAX_EXIT_US };
	char now[TUNE_VALUE_LEN];
	struct ran *r;
	unsigned int i;

	ASSERT_EQ(0, fake_make(self->root, &fake_acpi_cpufreq));
	ASSERT_EQ(0, tune_plan(&a, &self->plan, self->err, sizeof(self->err)));
	r = run(self->dir, "system", "tune", "--root", self->root, "--target", "nvme0n1", NULL);
	ASSERT_EQ(0, r->status) TH_LOG("%s", r->err);
	ASSERT_EQ(0, ssdk_system_value(self->root, FAKE_THP "/enabled", now, sizeof(now)));
	EXPECT_STREQ("never", now);
	r = run(self->dir, "system", "tune", "--root", self->root, NULL);
	ASSERT_EQ(1, r->status);
	EXPECT_EQ(1U, lines(r->err));
	EXPECT_NE(NULL, strstr(r->err, "exists: the machine is tuned"));
	r = run(self->dir, "system", "reset", "--root", self->root, NULL);
	ASSERT_EQ(0, r->status) TH_LOG("%s", r->err);
	for (i = 0; i < self->plan.nr; i++) {
		ASSERT_EQ(0, ssdk_system_value(self->root, self->plan.c[i].path, now,
					       sizeof(now)));
		EXPECT_STREQ(self->plan.c[i].from, now) TH_LOG("%s", self->plan.c[i].path);
	}
}

/* Bad options: exit 2, one line on stderr, nothing on stdout. */
TEST_F(tree, program_refusals)
{
	static const char *const bad[][8] = {
		{ "system", "show", "--cpus", "x", NULL },
		{ "system", "tune", "--cpus", "x", NULL },
		{ "system", "show", "--cpus", "4-7", NULL },
		{ "system", "tune", "--cpus", "4-7", "--dry-run", NULL },
		{ "system", "show", "extra", NULL },
		{ "system", "show", "--root", "/nonexistent", NULL },
		{ "system", "tune", "--root", "/nonexistent", "--dry-run", NULL },
		{ "system", "reset", "--root", "/nonexistent", NULL },
		{ "system", "show", "--root", "", NULL },
	};
	struct ran *r = malloc(sizeof(*r));
	const char *args[12];
	unsigned int i, j, n;

	ASSERT_NE(NULL, r);
	ASSERT_EQ(0, fake_make(self->root, &fake_intel_pstate));
	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		/* under the fake machine, but where the root is what is refused */
		for (j = n = 0; bad[i][j]; j++)
			args[n++] = bad[i][j];
		if (strcmp(bad[i][2], "--root")) {
			args[n++] = "--root";
			args[n++] = self->root;
		}
		args[n] = NULL;
		run_argv(self->dir, args, r);
		EXPECT_EQ(2, r->status) TH_LOG("%s %s %s", bad[i][1], bad[i][2], bad[i][3]);
		EXPECT_EQ(1U, lines(r->err)) TH_LOG("%s", r->err);
		EXPECT_STREQ("", r->out);
	}
	free(r);
}

TEST_HARNESS_MAIN
