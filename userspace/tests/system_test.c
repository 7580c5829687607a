// SPDX-License-Identifier: GPL-2.0
/*
 * Host tests of ssdk system (libssdk's system.c and cpulist.c, the CLI's
 * system_tune.c), on the kselftest harness, over trees of the test's own
 * making that stand for /sys and /proc with the shapes of real machines:
 * intel_pstate with intel_idle's states, acpi-cpufreq with two CPUs on one
 * policy, a guest without cpufreq or cpuidle; each with a two-queue NVMe
 * disk whose IO queues' interrupts the kernel manages. The writer of the
 * tests does what the kernel does: a selector file takes one of its words
 * and brackets it, a managed IRQ's affinity is refused (EPERM). tune then
 * reset must leave each tree byte for byte as it was, also when tune is
 * killed after any of its writes.
 */

#include <errno.h>
#include <ftw.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "libssdk.h"
#include "platform.h"
#include "system_tune.h"
#include "kselftest_harness.h"

#define WORDS	(SSDK_MAX_CPUS / 64)

enum shape { INTEL, ACPI, GUEST };

static int mkdirs(const char *path)
{
	char dir[PATH_MAX], *p;

	snprintf(dir, sizeof(dir), "%s", path);
	for (p = strchr(dir + 1, '/'); p; p = strchr(p + 1, '/')) {
		*p = '\0';
		if (mkdir(dir, 0755) && errno != EEXIST)
			return -1;
		*p = '/';
	}
	return mkdir(dir, 0755) && errno != EEXIST ? -1 : 0;
}

/* @root/@rel made (its directories too), holding @text. */
static void put(const char *root, const char *rel, const char *text)
{
	char path[PATH_MAX];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", root, rel);
	*strrchr(path, '/') = '\0';
	if (mkdirs(path))
		abort();
	snprintf(path, sizeof(path), "%s/%s", root, rel);
	f = fopen(path, "w");
	if (!f || fputs(text, f) < 0 || fclose(f))
		abort();
}

static void putf(const char *root, const char *text, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void putf(const char *root, const char *text, const char *fmt, ...)
{
	char rel[PATH_MAX];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(rel, sizeof(rel), fmt, ap);
	va_end(ap);
	put(root, rel, text);
}

static void link_to(const char *root, const char *rel, const char *target)
{
	char path[PATH_MAX];

	snprintf(path, sizeof(path), "%s/%s", root, rel);
	*strrchr(path, '/') = '\0';
	if (mkdirs(path))
		abort();
	snprintf(path, sizeof(path), "%s/%s", root, rel);
	if (symlink(target, path))
		abort();
}

#define CPU	"sys/devices/system/cpu"
#define PCI	"sys/devices/pci0000:00/0000:00:04.0"
#define DISK	PCI "/nvme/nvme0/nvme0n1"

/* An idle state of a shape: its name and exit latency (us). */
static const struct { const char *name; const char *lat; } intel_idle[] = {
	{ "POLL", "0" }, { "C1", "2" }, { "C1E", "10" }, { "C6", "133" },
}, acpi_idle[] = {
	{ "POLL", "0" }, { "C1", "1" }, { "C2", "41" },
};

/* The machine's own files: CPUs, THP, the clock, the kernel. */
static void make_kernel(const char *root, enum shape shape, unsigned int cpus)
{
	char list[32];

	snprintf(list, sizeof(list), "0-%u\n", cpus - 1);
	put(root, CPU "/online", list);
	put(root, CPU "/smt/active", shape == INTEL ? "1\n" : "0\n");
	put(root, CPU "/smt/control", shape == INTEL ? "on\n" : "notsupported\n");
	put(root, CPU "/isolated", "\n");
	put(root, CPU "/vulnerabilities/meltdown", "Not affected\n");
	put(root, CPU "/vulnerabilities/spectre_v2", "Mitigation: Enhanced IBRS\n");
	put(root, "sys/kernel/mm/transparent_hugepage/enabled", "[always] madvise never\n");
	put(root, "sys/kernel/mm/transparent_hugepage/khugepaged/defrag", "1\n");
	put(root, "sys/kernel/mm/transparent_hugepage/khugepaged/scan_sleep_millisecs", "10000\n");
	put(root, "sys/devices/system/clocksource/clocksource0/current_clocksource", "tsc\n");
	put(root, "proc/cmdline", "BOOT_IMAGE=/vmlinuz root=/dev/sda1 quiet\n");
	put(root, "proc/sys/kernel/version", "#1 SMP PREEMPT_DYNAMIC Debian 6.12.57-1\n");
	put(root, "proc/cpuinfo", shape == GUEST ? "flags\t\t: fpu sse2 hypervisor\n"
						 : "flags\t\t: fpu sse2\n");
	if (shape == GUEST) {
		put(root, CPU "/cpuidle/current_driver", "none\n");
		put(root, "sys/kernel/debug/sched/preempt", "none (voluntary) full lazy\n");
	}
}

static void make_cpus(const char *root, enum shape shape, unsigned int cpus)
{
	unsigned int c, s;

	if (shape == INTEL) {
		put(root, CPU "/intel_pstate/no_turbo", "0\n");
		put(root, CPU "/cpuidle/current_driver", "intel_idle\n");
	} else if (shape == ACPI) {
		put(root, CPU "/cpufreq/boost", "1\n");
		put(root, CPU "/cpuidle/current_driver", "acpi_idle\n");
		/* the kernel's policy directories: both CPUs on policy0 */
		put(root, CPU "/cpufreq/policy0/scaling_governor", "schedutil\n");
		put(root, CPU "/cpufreq/policy0/scaling_driver", "acpi-cpufreq\n");
		put(root, CPU "/cpufreq/policy0/scaling_available_governors",
		    "conservative ondemand userspace powersave performance schedutil\n");
		put(root, CPU "/cpufreq/policy0/scaling_min_freq", "800000\n");
		put(root, CPU "/cpufreq/policy0/scaling_max_freq", "3600000\n");
		put(root, CPU "/cpufreq/policy0/scaling_cur_freq", "1200000\n");
		put(root, CPU "/cpufreq/policy0/cpuinfo_max_freq", "3600000\n");
		put(root, CPU "/cpufreq/policy0/cpuinfo_transition_latency", "10000\n");
	}
	for (c = 0; c < cpus; c++) {
		if (shape == INTEL) {
			putf(root, "powersave\n", CPU "/cpu%u/cpufreq/scaling_governor", c);
			putf(root, "intel_pstate\n", CPU "/cpu%u/cpufreq/scaling_driver", c);
			putf(root, "performance powersave\n",
			     CPU "/cpu%u/cpufreq/scaling_available_governors", c);
			putf(root, "400000\n", CPU "/cpu%u/cpufreq/scaling_min_freq", c);
			putf(root, "4700000\n", CPU "/cpu%u/cpufreq/scaling_max_freq", c);
			putf(root, "4700000\n", CPU "/cpu%u/cpufreq/cpuinfo_max_freq", c);
			putf(root, "1900000\n", CPU "/cpu%u/cpufreq/scaling_cur_freq", c);
			putf(root, "4294967295\n",
			     CPU "/cpu%u/cpufreq/cpuinfo_transition_latency", c);
			for (s = 0; s < ARRAY_SIZE(intel_idle); s++) {
				putf(root, intel_idle[s].name, CPU "/cpu%u/cpuidle/state%u/name",
				     c, s);
				putf(root, intel_idle[s].lat,
				     CPU "/cpu%u/cpuidle/state%u/latency", c, s);
				putf(root, "0\n", CPU "/cpu%u/cpuidle/state%u/disable", c, s);
			}
		} else if (shape == ACPI) {
			char rel[64];

			snprintf(rel, sizeof(rel), CPU "/cpu%u/cpufreq", c);
			link_to(root, rel, "../cpufreq/policy0");
			for (s = 0; s < ARRAY_SIZE(acpi_idle); s++) {
				putf(root, acpi_idle[s].name, CPU "/cpu%u/cpuidle/state%u/name",
				     c, s);
				putf(root, acpi_idle[s].lat, CPU "/cpu%u/cpuidle/state%u/latency",
				     c, s);
				putf(root, "0\n", CPU "/cpu%u/cpuidle/state%u/disable", c, s);
			}
		} else {
			putf(root, "\n", CPU "/cpu%u/topology/core_id", c);
		}
	}
}

/*
 * The NVMe disk: its queue, two hardware queues on CPUs 0 and 1, a
 * partition, and three MSI vectors: nvme0q0 (the admin queue, on every
 * CPU) and nvme0q1, nvme0q2 (managed: debugfs says so, but in the guest,
 * which has no IRQ debugfs).
 */
static void make_disk(const char *root, enum shape shape)
{
	static const char *const names[] = { "nvme0q0", "nvme0q1", "nvme0q2" };
	static const char *const aff[] = { "0-1\n", "0\n", "1\n" };
	char interrupts[512] = "            CPU0       CPU1\n";
	unsigned int i;

	put(root, DISK "/queue/scheduler", "[none] mq-deadline kyber bfq\n");
	put(root, DISK "/queue/nr_requests", "1023\n");
	put(root, DISK "/queue/write_cache", "write back\n");
	put(root, DISK "/queue/rotational", "0\n");
	put(root, DISK "/queue/io_poll", "0\n");
	put(root, DISK "/mq/0/cpu_list", "0\n");
	put(root, DISK "/mq/1/cpu_list", "1\n");
	put(root, DISK "/nvme0n1p1/partition", "1\n");
	put(root, PCI "/numa_node", "-1\n");
	link_to(root, "sys/class/block/nvme0n1",
		"../../devices/pci0000:00/0000:00:04.0/nvme/nvme0/nvme0n1");
	link_to(root, "sys/class/block/nvme0n1p1",
		"../../devices/pci0000:00/0000:00:04.0/nvme/nvme0/nvme0n1/nvme0n1p1");
	for (i = 0; i < 3; i++) {
		size_t n = strlen(interrupts);

		putf(root, "", PCI "/msi_irqs/%u", 30 + i);
		snprintf(interrupts + n, sizeof(interrupts) - n,
			 " %2u:        10          0  PCI-MSIX-0000:00:04.0   %u-edge      %s\n",
			 30 + i, i, names[i]);
		putf(root, aff[i], "proc/irq/%u/smp_affinity_list", 30 + i);
		putf(root, aff[i], "proc/irq/%u/effective_affinity_list", 30 + i);
		if (shape != GUEST)
			putf(root, i ? "flags: 0x1\n             IRQD_AFFINITY_MANAGED\n"
				     : "flags: 0x0\n", "sys/kernel/debug/irq/irqs/%u", 30 + i);
	}
	put(root, "proc/interrupts", interrupts);
}

static void make_tree(const char *root, enum shape shape)
{
	make_kernel(root, shape, 2 + 2 * (shape == INTEL));
	make_cpus(root, shape, 2 + 2 * (shape == INTEL));
	make_disk(root, shape);
}

/* --- a tree's bytes, and the kernel's writes ----------------------------- */

static char *snap;
static size_t snap_len, snap_room;
static size_t snap_root;

static void snap_add(const char *s, size_t n)
{
	if (snap_len + n + 1 > snap_room) {
		snap_room = (snap_len + n + 1) * 2;
		snap = realloc(snap, snap_room);
		if (!snap)
			abort();
	}
	memcpy(snap + snap_len, s, n);
	snap_len += n;
	snap[snap_len] = '\0';
}

static int snap_one(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
	char buf[8192];
	ssize_t n;
	FILE *f;

	if (!strncmp(path + snap_root, "/run", 4))
		return 0;
	snap_add(path + snap_root, strlen(path + snap_root));
	if (type == FTW_SL) {
		n = readlink(path, buf, sizeof(buf));
		snap_add(" -> ", 4);
		snap_add(buf, n > 0 ? n : 0);
	} else if (type == FTW_F) {
		snap_add(": ", 2);
		f = fopen(path, "r");
		if (!f)
			abort();
		n = fread(buf, 1, sizeof(buf), f);
		fclose(f);
		snap_add(buf, n);
	}
	snap_add("\n", 1);
	return 0;
}

/* Every file's bytes and every link's target of @root, but run/: a new string. */
static char *snapshot(const char *root)
{
	snap = NULL;
	snap_len = snap_room = 0;
	snap_root = strlen(root);
	if (nftw(root, snap_one, 16, FTW_PHYS))
		abort();
	return snap;
}

static int remove_one(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
	return remove(path);
}

/* After how many writes fake_write() kills its process; -1: never. */
static int kill_after = -1;
static int writes;
static char fake_root[64];

/* Whether debugfs's file of an IRQ says the kernel manages it. */
static int debugfs_managed(const char *path)
{
	char line[256];
	int ret = 0;
	FILE *f;

	f = fopen(path, "r");
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		ret |= !!strstr(line, "IRQD_AFFINITY_MANAGED");
	fclose(f);
	return ret;
}

/* What the kernel does with a write to a sysfs or procfs file of the tree. */
static int fake_write(const char *path, const char *value)
{
	char old[512], out[512], dbg[PATH_MAX], *tok, *save;
	unsigned int irq;
	int found = 0;
	FILE *f;

	if (kill_after >= 0 && writes++ == kill_after)
		raise(SIGKILL);
	f = fopen(path, "r");
	if (!f)
		return -errno;
	if (!fgets(old, sizeof(old), f))
		old[0] = '\0';
	fclose(f);
	if (sscanf(path + strlen(fake_root), "/proc/irq/%u/", &irq) == 1) {
		snprintf(dbg, sizeof(dbg), "%s/sys/kernel/debug/irq/irqs/%u", fake_root, irq);
		/* the guest's IO queues: managed, though no debugfs says so */
		if (irq > 30 && debugfs_managed(dbg))
			return -EPERM;
	}
	if (strchr(old, '[')) {	/* a selector: the word chosen, bracketed */
		out[0] = '\0';
		for (tok = strtok_r(old, " []\n", &save); tok; tok = strtok_r(NULL, " []\n", &save)) {
			int me = !strcmp(tok, value);

			found |= me;
			snprintf(out + strlen(out), sizeof(out) - strlen(out), "%s%s%s%s",
				 *out ? " " : "", me ? "[" : "", tok, me ? "]" : "");
		}
		if (!found)
			return -EINVAL;
		strcat(out, "\n");
	} else {
		snprintf(out, sizeof(out), "%s\n", value);
	}
	f = fopen(path, "w");
	if (!f || fputs(out, f) < 0 || fclose(f))
		return -EIO;
	return 0;
}

/* --- CPU lists ------------------------------------------------------------ */

TEST(cpulist_round_trips_at_its_limits)
{
	uint64_t bits[WORDS];
	char buf[64];

	ASSERT_EQ(0, ssdk_cpulist_parse("0-3,8,10-11", bits));
	ASSERT_EQ(0, ssdk_cpulist_format(bits, buf, sizeof(buf)));
	EXPECT_STREQ("0-3,8,10-11", buf);
	ASSERT_EQ(0, ssdk_cpulist_parse("0-15:2", bits));
	ssdk_cpulist_format(bits, buf, sizeof(buf));
	EXPECT_STREQ("0,2,4,6,8,10,12,14", buf);
	ASSERT_EQ(0, ssdk_cpulist_parse("0, 1\n", bits));	/* blk-mq's cpu_list */
	ssdk_cpulist_format(bits, buf, sizeof(buf));
	EXPECT_STREQ("0-1", buf);
	ASSERT_EQ(0, ssdk_cpulist_parse("8191", bits));	/* the last CPU */
	ssdk_cpulist_format(bits, buf, sizeof(buf));
	EXPECT_STREQ("8191", buf);
	EXPECT_EQ(-EINVAL, ssdk_cpulist_parse("8192", bits));
	EXPECT_EQ(-EINVAL, ssdk_cpulist_parse("0-8192", bits));
	ASSERT_EQ(0, ssdk_cpulist_parse("0-8191", bits));
	ssdk_cpulist_format(bits, buf, sizeof(buf));
	EXPECT_STREQ("0-8191", buf);
	ASSERT_EQ(0, ssdk_cpulist_parse("", bits));
	ssdk_cpulist_format(bits, buf, sizeof(buf));
	EXPECT_STREQ("", buf);
	EXPECT_EQ(-EINVAL, ssdk_cpulist_parse("3-1", bits));
	EXPECT_EQ(-EINVAL, ssdk_cpulist_parse("0-", bits));
	EXPECT_EQ(-EINVAL, ssdk_cpulist_parse("a", bits));
	EXPECT_EQ(-EINVAL, ssdk_cpulist_parse("1,,2", bits));
	EXPECT_EQ(-EINVAL, ssdk_cpulist_parse("0-3:0", bits));
	EXPECT_EQ(-EINVAL, ssdk_cpulist_parse("18446744073709551617", bits));
	/* one that does not fit: cut, said */
	ASSERT_EQ(0, ssdk_cpulist_parse("0,2,4,6,8,10", bits));
	EXPECT_EQ(-ENAMETOOLONG, ssdk_cpulist_format(bits, buf, 8));
	EXPECT_STREQ("0,2,...", buf);
}

TEST(over_is_past_a_tenth_not_at_it)
{
	struct ssdk_system *sys = calloc(1, sizeof(*sys));
	unsigned int idx[4];

	ASSERT_NE(NULL, sys);
	sys->nr_facts = 3;
	sys->expected_ns = 20000;
	sys->fact[0] = (struct ssdk_fact){ .key = "at", .verdict = SSDK_VERDICT_JITTER,
					   .jitter_ns = 2000 };
	sys->fact[1] = (struct ssdk_fact){ .key = "past", .verdict = SSDK_VERDICT_JITTER,
					   .jitter_ns = 2001 };
	sys->fact[2] = (struct ssdk_fact){ .key = "note", .verdict = SSDK_VERDICT_NOTE,
					   .jitter_ns = 1000000 };
	EXPECT_EQ(1u, ssdk_system_over(sys, 0, idx, 4));
	EXPECT_EQ(1u, idx[0]);
	EXPECT_EQ(2u, ssdk_system_over(sys, 19999, idx, 4));	/* a tenth: 1999 */
	EXPECT_EQ(2u, ssdk_system_over(sys, 10, idx, 0));	/* counted past the room */
	sys->fact[1].jitter_ns = UINT64_MAX;
	EXPECT_EQ(1u, ssdk_system_over(sys, UINT64_MAX, idx, 4));
	EXPECT_EQ(0u, ssdk_system_over(sys, UINT64_MAX - 1, idx, 4) - 1);
	free(sys);
}

/* --- show ------------------------------------------------------------------ */

FIXTURE(tree) {
	char root[64];
	struct ssdk_system *sys;
	struct tune_plan *plan;
	char err[512];
};

FIXTURE_SETUP(tree)
{
	snprintf(self->root, sizeof(self->root), "/tmp/ssdk-system-XXXXXX");
	ASSERT_NE(NULL, mkdtemp(self->root));
	snprintf(fake_root, sizeof(fake_root), "%s", self->root);
	self->sys = calloc(1, sizeof(*self->sys));
	self->plan = calloc(1, sizeof(*self->plan));
	ASSERT_NE(NULL, self->sys);
	ASSERT_NE(NULL, self->plan);
	kill_after = -1;
}

FIXTURE_TEARDOWN(tree)
{
	free(self->sys);
	free(self->plan);
	EXPECT_EQ(0, nftw(self->root, remove_one, 16, FTW_DEPTH | FTW_PHYS));
}

static const struct ssdk_fact *fact_of(const struct ssdk_system *sys, const char *key)
{
	unsigned int i;

	for (i = 0; i < sys->nr_facts; i++)
		if (!strcmp(sys->fact[i].key, key))
			return &sys->fact[i];
	return NULL;
}

#define EXPECT_FACT(sys, key_, value_, verdict_) do {			\
	const struct ssdk_fact *f_ = fact_of(sys, key_);		\
	ASSERT_NE(NULL, f_) TH_LOG("no fact %s", key_);			\
	EXPECT_STREQ(value_, f_->value);				\
	EXPECT_EQ((uint32_t)(verdict_), f_->verdict) TH_LOG("%s: %s", key_, f_->why); \
} while (0)

TEST_F(tree, intel_pstate_and_intel_idle)
{
	const struct ssdk_fact *f;
	unsigned int idx[8], n;

	make_tree(self->root, INTEL);
	ASSERT_EQ(0, ssdk_system_read(self->root, "/dev/nvme0n1p1", NULL, self->sys, self->err,
				      sizeof(self->err))) TH_LOG("%s", self->err);
	EXPECT_FACT(self->sys, "cpus", "0-3", SSDK_VERDICT_FINE);
	EXPECT_FACT(self->sys, "cpufreq.driver", "intel_pstate", SSDK_VERDICT_FINE);
	EXPECT_FACT(self->sys, "cpufreq.governor", "powersave", SSDK_VERDICT_JITTER);
	EXPECT_EQ(0u, fact_of(self->sys, "cpufreq.governor")->jitter_ns);	/* ETERNAL */
	EXPECT_FACT(self->sys, "cpufreq.mhz", "400-4700 allowed (hardware to 4700), now 1900-1900",
		    SSDK_VERDICT_NOTE);
	EXPECT_FACT(self->sys, "cpufreq.turbo", "on (intel_pstate)", SSDK_VERDICT_JITTER);
	EXPECT_FACT(self->sys, "cpuidle.driver", "intel_idle", SSDK_VERDICT_FINE);
	EXPECT_FACT(self->sys, "cpuidle.POLL", "exit 0 us, enabled on 4 of 4 CPUs",
		    SSDK_VERDICT_FINE);
	EXPECT_FACT(self->sys, "cpuidle.C6", "exit 133 us, enabled on 4 of 4 CPUs",
		    SSDK_VERDICT_JITTER);
	EXPECT_EQ(133000u, fact_of(self->sys, "cpuidle.C6")->jitter_ns);
	EXPECT_FACT(self->sys, "smt", "on (control on)", SSDK_VERDICT_JITTER);
	EXPECT_FACT(self->sys, "device", "nvme0n1", SSDK_VERDICT_FINE);	/* the partition's disk */
	EXPECT_FACT(self->sys, "queue.scheduler", "none", SSDK_VERDICT_FINE);
	EXPECT_FACT(self->sys, "queue.hctx", "2 queues; the workers' CPUs on queues 0-1",
		    SSDK_VERDICT_FINE);
	EXPECT_FACT(self->sys, "irq.30", "nvme0q0, on 0-1 (effective 0-1)", SSDK_VERDICT_NOTE);
	EXPECT_FACT(self->sys, "irq.31", "nvme0q1, on 0 (effective 0), managed", SSDK_VERDICT_FINE);
	EXPECT_FACT(self->sys, "thp", "always (khugepaged defrag 1, every 10000 ms)",
		    SSDK_VERDICT_JITTER);
	EXPECT_FACT(self->sys, "preempt", "dynamic", SSDK_VERDICT_NOTE);	/* no debugfs */
	EXPECT_FACT(self->sys, "mitigations", "1 mitigated, 0 vulnerable, 1 not affected",
		    SSDK_VERDICT_NOTE);
	EXPECT_FACT(self->sys, "hypervisor", "no", SSDK_VERDICT_FINE);
	EXPECT_EQ(20000u, self->sys->expected_ns);
	/* past 2 us: C1E (10), C6 (133), THP; not C1 (2 us: at it) */
	n = ssdk_system_over(self->sys, 0, idx, ARRAY_SIZE(idx));
	ASSERT_EQ(3u, n);
	EXPECT_STREQ("cpuidle.C1E", self->sys->fact[idx[0]].key);
	EXPECT_STREQ("cpuidle.C6", self->sys->fact[idx[1]].key);
	EXPECT_STREQ("thp", self->sys->fact[idx[2]].key);
	/* the workers on CPU 2 only: one queue's CPUs, none of the IRQs' */
	ASSERT_EQ(0, ssdk_system_read(self->root, "nvme0n1", "2", self->sys, self->err,
				      sizeof(self->err)));
	f = fact_of(self->sys, "irq.30");
	ASSERT_NE(NULL, f);
	EXPECT_EQ((uint32_t)SSDK_VERDICT_FINE, f->verdict);
	EXPECT_FACT(self->sys, "cpuidle.C6", "exit 133 us, enabled on 1 of 1 CPUs",
		    SSDK_VERDICT_JITTER);
}

TEST_F(tree, acpi_cpufreq_one_policy_and_a_guest)
{
	make_tree(self->root, ACPI);
	ASSERT_EQ(0, ssdk_system_read(self->root, NULL, NULL, self->sys, self->err,
				      sizeof(self->err)));
	EXPECT_FACT(self->sys, "cpufreq.driver", "acpi-cpufreq", SSDK_VERDICT_FINE);
	EXPECT_FACT(self->sys, "cpufreq.governor", "schedutil", SSDK_VERDICT_JITTER);
	EXPECT_EQ(10000u, fact_of(self->sys, "cpufreq.governor")->jitter_ns);
	EXPECT_FACT(self->sys, "cpufreq.turbo", "on (cpufreq boost)", SSDK_VERDICT_JITTER);
	EXPECT_FACT(self->sys, "cpuidle.C2", "exit 41 us, enabled on 2 of 2 CPUs",
		    SSDK_VERDICT_JITTER);
	EXPECT_EQ(NULL, fact_of(self->sys, "device"));	/* no target: the host's facts */

	nftw(self->root, remove_one, 16, FTW_DEPTH | FTW_PHYS);
	ASSERT_EQ(0, mkdir(self->root, 0700));
	make_tree(self->root, GUEST);
	ASSERT_EQ(0, ssdk_system_read(self->root, "nvme0n1", NULL, self->sys, self->err,
				      sizeof(self->err)));
	EXPECT_FACT(self->sys, "cpufreq", "none", SSDK_VERDICT_NOTE);
	EXPECT_FACT(self->sys, "cpuidle.driver", "none", SSDK_VERDICT_FINE);
	EXPECT_EQ(NULL, fact_of(self->sys, "cpufreq.turbo"));
	EXPECT_FACT(self->sys, "hypervisor", "yes", SSDK_VERDICT_JITTER);
	EXPECT_FACT(self->sys, "preempt", "voluntary", SSDK_VERDICT_JITTER);
	EXPECT_FACT(self->sys, "irq.31", "nvme0q1, on 0 (effective 0)", SSDK_VERDICT_NOTE);
}

TEST_F(tree, bad_cpus_and_targets_said)
{
	make_tree(self->root, GUEST);
	EXPECT_EQ(-EINVAL, ssdk_system_read(self->root, NULL, "0-3", self->sys, self->err,
					    sizeof(self->err)));
	EXPECT_STREQ("CPUs 2-3 are not online (online: 0-1)", self->err);
	EXPECT_EQ(-EINVAL, ssdk_system_read(self->root, NULL, "x", self->sys, self->err,
					    sizeof(self->err)));
	EXPECT_STREQ("CPUs 'x': not a CPU list (0-3,8)", self->err);
	EXPECT_EQ(-ENODEV, ssdk_system_read(self->root, "/dev/sdq", NULL, self->sys, self->err,
					    sizeof(self->err)));
	EXPECT_STREQ("/dev/sdq: sysfs has no disk of it", self->err);
	EXPECT_EQ(-ENODEV, ssdk_system_read(self->root, "../../etc", NULL, self->sys, self->err,
					    sizeof(self->err)));
	EXPECT_EQ(-ENOENT, ssdk_system_read("/nonexistent", NULL, NULL, self->sys, self->err,
					    sizeof(self->err)));
}

/* --- tune and reset --------------------------------------------------------- */

static const struct tune_ops fake_ops = { .write = fake_write };

static int plan_of(const char *root, const char *cpus, struct tune_plan *p, char *err,
		   size_t errlen)
{
	struct tune_args a = { .root = root, .cpus = cpus, .target = "nvme0n1",
			       .max_exit_us = TUNE_MAX_EXIT_US };

	return tune_plan(&a, p, err, errlen);
}

static int has_change(const struct tune_plan *p, const char *path, const char *to)
{
	unsigned int i;

	for (i = 0; i < p->nr; i++)
		if (!strcmp(p->c[i].path, path) && !strcmp(p->c[i].to, to))
			return 1;
	return 0;
}

/* tune then reset of @shape, on @cpus: the tree byte for byte as before. */
static __attribute__((noinline)) void tune_reset_identical(struct __test_metadata *_metadata,
				 FIXTURE_DATA(tree) *self, enum shape shape, const char *cpus)
{
	char *before, *after;

	make_tree(self->root, shape);
	before = snapshot(self->root);
	ASSERT_EQ(0, plan_of(self->root, cpus, self->plan, self->err, sizeof(self->err)))
		TH_LOG("%s", self->err);
	ASSERT_LT(0u, self->plan->nr);
	ASSERT_EQ(0, tune_apply(self->root, self->plan, &fake_ops, self->err, sizeof(self->err)))
		TH_LOG("%s", self->err);
	after = snapshot(self->root);
	EXPECT_STRNE(before, after);
	free(after);
	ASSERT_EQ(0, tune_state_read(self->root, self->plan, self->err, sizeof(self->err)));
	ASSERT_EQ(0, tune_reset(self->root, self->plan, &fake_ops, self->err, sizeof(self->err)))
		TH_LOG("%s", self->err);
	EXPECT_EQ(0u, self->plan->nr_left);
	after = snapshot(self->root);
	EXPECT_STREQ(before, after);
	free(before);
	free(after);
}

TEST_F(tree, intel_tune_reset_byte_identical)
{
	make_tree(self->root, INTEL);
	ASSERT_EQ(0, plan_of(self->root, "1", self->plan, self->err, sizeof(self->err)));
	EXPECT_TRUE(has_change(self->plan, CPU "/cpu1/cpufreq/scaling_governor", "performance"));
	EXPECT_FALSE(has_change(self->plan, CPU "/cpu0/cpufreq/scaling_governor", "performance"));
	EXPECT_TRUE(has_change(self->plan, CPU "/intel_pstate/no_turbo", "1"));
	EXPECT_TRUE(has_change(self->plan, CPU "/cpu1/cpuidle/state2/disable", "1"));	/* C1E */
	EXPECT_TRUE(has_change(self->plan, CPU "/cpu1/cpuidle/state3/disable", "1"));	/* C6 */
	EXPECT_FALSE(has_change(self->plan, CPU "/cpu1/cpuidle/state1/disable", "1"));	/* C1: 2 us */
	EXPECT_TRUE(has_change(self->plan, "sys/kernel/mm/transparent_hugepage/enabled", "never"));
	EXPECT_TRUE(has_change(self->plan, "proc/irq/30/smp_affinity_list", "0"));
	/* scheduler none already: no change; managed IRQs left by debugfs's word */
	EXPECT_FALSE(has_change(self->plan, "sys/class/block/nvme0n1/queue/scheduler", "none"));
	EXPECT_EQ(1u, self->plan->nr_left);
	EXPECT_STREQ("irq.32", self->plan->left[0].key);
	nftw(self->root, remove_one, 16, FTW_DEPTH | FTW_PHYS);
	ASSERT_EQ(0, mkdir(self->root, 0700));
	tune_reset_identical(_metadata, self, INTEL, "1");
}

TEST_F(tree, acpi_tune_reset_byte_identical)
{
	make_tree(self->root, ACPI);
	put(self->root, DISK "/queue/scheduler", "none [mq-deadline] kyber bfq\n");
	ASSERT_EQ(0, plan_of(self->root, NULL, self->plan, self->err, sizeof(self->err)));
	/* one policy for both CPUs: one change */
	EXPECT_TRUE(has_change(self->plan, CPU "/cpu0/cpufreq/scaling_governor", "performance"));
	EXPECT_FALSE(has_change(self->plan, CPU "/cpu1/cpufreq/scaling_governor", "performance"));
	EXPECT_TRUE(has_change(self->plan, CPU "/cpufreq/boost", "0"));
	EXPECT_TRUE(has_change(self->plan, "sys/class/block/nvme0n1/queue/scheduler", "none"));
	EXPECT_TRUE(has_change(self->plan, "sys/class/block/nvme0n1/queue/nr_requests", ""));
	nftw(self->root, remove_one, 16, FTW_DEPTH | FTW_PHYS);
	ASSERT_EQ(0, mkdir(self->root, 0700));
	tune_reset_identical(_metadata, self, ACPI, NULL);
}

TEST_F(tree, guest_tune_takes_out_the_refused_irqs)
{
	make_tree(self->root, GUEST);
	ASSERT_EQ(0, plan_of(self->root, "1", self->plan, self->err, sizeof(self->err)));
	/* no debugfs: the plan cannot tell the managed nvme0q2 (on CPU 1) */
	EXPECT_TRUE(has_change(self->plan, "proc/irq/32/smp_affinity_list", "0"));
	ASSERT_EQ(0, tune_apply(self->root, self->plan, &fake_ops, self->err, sizeof(self->err)));
	EXPECT_FALSE(has_change(self->plan, "proc/irq/32/smp_affinity_list", "0"));
	EXPECT_TRUE(has_change(self->plan, "proc/irq/30/smp_affinity_list", "0"));
	ASSERT_EQ(0, tune_state_read(self->root, self->plan, self->err, sizeof(self->err)));
	EXPECT_FALSE(has_change(self->plan, "proc/irq/32/smp_affinity_list", "0"));
	ASSERT_EQ(0, tune_reset(self->root, self->plan, &fake_ops, self->err, sizeof(self->err)));
	nftw(self->root, remove_one, 16, FTW_DEPTH | FTW_PHYS);
	ASSERT_EQ(0, mkdir(self->root, 0700));
	tune_reset_identical(_metadata, self, GUEST, "1");
}

TEST_F(tree, killed_after_any_write_reset_restores)
{
	char *before, *after;
	unsigned int k, n;
	int status;
	pid_t pid;

	make_tree(self->root, INTEL);
	put(self->root, DISK "/queue/scheduler", "none [mq-deadline] kyber bfq\n");
	before = snapshot(self->root);
	ASSERT_EQ(0, plan_of(self->root, NULL, self->plan, self->err, sizeof(self->err)));
	n = self->plan->nr;
	ASSERT_LT(10u, n);
	for (k = 0; k <= n; k++) {
		pid = fork();
		ASSERT_LE(0, pid);
		if (!pid) {
			kill_after = k;
			writes = 0;
			_exit(tune_apply(self->root, self->plan, &fake_ops, self->err,
					 sizeof(self->err)) ? 1 : 0);
		}
		ASSERT_EQ(pid, waitpid(pid, &status, 0));
		/* killed at write k; or, past the last, done */
		EXPECT_TRUE(k < n - 1 ? WIFSIGNALED(status) : 1) TH_LOG("k %u", k);
		ASSERT_EQ(0, tune_state_read(self->root, self->plan, self->err,
					     sizeof(self->err))) TH_LOG("k %u: %s", k, self->err);
		ASSERT_EQ(0, tune_reset(self->root, self->plan, &fake_ops, self->err,
					sizeof(self->err))) TH_LOG("k %u: %s", k, self->err);
		after = snapshot(self->root);
		EXPECT_STREQ(before, after) TH_LOG("killed after %u writes", k);
		free(after);
		ASSERT_EQ(0, plan_of(self->root, NULL, self->plan, self->err, sizeof(self->err)));
	}
	free(before);
}

TEST_F(tree, a_state_file_cut_mid_line_restores_what_it_says)
{
	char path[PATH_MAX], *before, *after;
	struct stat st;

	make_tree(self->root, ACPI);
	before = snapshot(self->root);
	ASSERT_EQ(0, plan_of(self->root, NULL, self->plan, self->err, sizeof(self->err)));
	ASSERT_EQ(0, tune_apply(self->root, self->plan, &fake_ops, self->err, sizeof(self->err)));
	/* the last line cut, as by a crash within its write: that change was not made */
	snprintf(path, sizeof(path), "%s/" TUNE_STATE, self->root);
	ASSERT_EQ(0, stat(path, &st));
	ASSERT_EQ(0, truncate(path, st.st_size - 3));
	ASSERT_EQ(0, tune_state_read(self->root, self->plan, self->err, sizeof(self->err)));
	ASSERT_EQ(0, tune_reset(self->root, self->plan, &fake_ops, self->err, sizeof(self->err)));
	after = snapshot(self->root);
	EXPECT_STRNE(before, after);	/* the last change stays: its log was cut */
	free(after);
	/* not a state file */
	put(self->root, TUNE_STATE, "something else\n");
	EXPECT_EQ(-EPROTO, tune_state_read(self->root, self->plan, self->err, sizeof(self->err)));
	put(self->root, TUNE_STATE, TUNE_STATE_MAGIC "\nthp\t/etc/passwd\tx\ty\n");
	EXPECT_EQ(-EPROTO, tune_state_read(self->root, self->plan, self->err, sizeof(self->err)));
	put(self->root, TUNE_STATE, TUNE_STATE_MAGIC "\nthp\t../../etc/passwd\tx\ty\n");
	EXPECT_EQ(-EPROTO, tune_state_read(self->root, self->plan, self->err, sizeof(self->err)));
	free(before);
}

TEST_F(tree, reset_leaves_what_someone_set_since_and_tune_runs_once)
{
	char *before, *after;

	make_tree(self->root, INTEL);
	before = snapshot(self->root);
	ASSERT_EQ(0, plan_of(self->root, NULL, self->plan, self->err, sizeof(self->err)));
	ASSERT_EQ(0, tune_apply(self->root, self->plan, &fake_ops, self->err, sizeof(self->err)));
	/* a second tune: refused, nothing written */
	ASSERT_EQ(0, plan_of(self->root, NULL, self->plan, self->err, sizeof(self->err)));
	EXPECT_EQ(-EEXIST, tune_apply(self->root, self->plan, &fake_ops, self->err,
				      sizeof(self->err)));
	/* someone sets THP to madvise since: reset leaves it, says so, restores the rest */
	put(self->root, "sys/kernel/mm/transparent_hugepage/enabled", "always [madvise] never\n");
	ASSERT_EQ(0, tune_state_read(self->root, self->plan, self->err, sizeof(self->err)));
	ASSERT_EQ(0, tune_reset(self->root, self->plan, &fake_ops, self->err, sizeof(self->err)));
	ASSERT_EQ(1u, self->plan->nr_left);
	EXPECT_STREQ("thp", self->plan->left[0].key);
	put(self->root, "sys/kernel/mm/transparent_hugepage/enabled", "[always] madvise never\n");
	after = snapshot(self->root);
	EXPECT_STREQ(before, after);
	free(after);
	free(before);
	/* no state file: nothing to reset */
	EXPECT_EQ(-ENOENT, tune_state_read(self->root, self->plan, self->err, sizeof(self->err)));
}

/* What `ssdk ARGS` prints on stdout and stderr, and its exit status. */
static int ssdk_cli(const char *args, char *out, size_t size)
{
	char cmd[1024];
	size_t n;
	FILE *p;

	snprintf(cmd, sizeof(cmd), "%s %s 2>&1", SSDK_BIN, args);
	p = popen(cmd, "r");
	if (!p)
		return -1;
	n = fread(out, 1, size - 1, p);
	out[n] = '\0';
	return WEXITSTATUS(pclose(p));
}

TEST_F(tree, the_cli_over_a_tree)
{
	char args[256], out[16384], *before, *after;

	make_tree(self->root, INTEL);
	before = snapshot(self->root);
	snprintf(args, sizeof(args), "-j system show --root %s --target nvme0n1", self->root);
	ASSERT_EQ(0, ssdk_cli(args, out, sizeof(out))) TH_LOG("%s", out);
	EXPECT_NE(NULL, strstr(out, "\"over\": [\"cpuidle.C1E\", \"cpuidle.C6\", \"thp\"]"))
		TH_LOG("%s", out);
	snprintf(args, sizeof(args), "system tune --dry-run --root %s --target nvme0n1 --cpus 1",
		 self->root);
	ASSERT_EQ(0, ssdk_cli(args, out, sizeof(out))) TH_LOG("%s", out);
	EXPECT_NE(NULL, strstr(out, "would change thp"));
	after = snapshot(self->root);
	EXPECT_STREQ(before, after);	/* a dry run writes nothing */
	free(after);
	snprintf(args, sizeof(args), "system show --root %s --cpus 0-9", self->root);
	EXPECT_EQ(2, ssdk_cli(args, out, sizeof(out)));
	EXPECT_STREQ("ssdk: CPUs 4-9 are not online (online: 0-3) "
		     "(see 'ssdk system show --help')\n", out);
	EXPECT_EQ(2, ssdk_cli("system show --root /nonexistent", out, sizeof(out)));
	EXPECT_STREQ("ssdk: --root /nonexistent: No such file or directory "
		     "(see 'ssdk system show --help')\n", out);
	snprintf(args, sizeof(args), "system tune --root %s --max-exit-latency x", self->root);
	EXPECT_EQ(2, ssdk_cli(args, out, sizeof(out)));
	/* tune and reset through the CLI: plain files written as echo does */
	snprintf(args, sizeof(args), "system tune --root %s --target nvme0n1", self->root);
	ASSERT_EQ(0, ssdk_cli(args, out, sizeof(out))) TH_LOG("%s", out);
	EXPECT_NE(NULL, strstr(out, "State: ")) TH_LOG("%s", out);
	EXPECT_EQ(1, ssdk_cli(args, out, sizeof(out)));	/* once */
	snprintf(args, sizeof(args), "system reset --root %s", self->root);
	ASSERT_EQ(0, ssdk_cli(args, out, sizeof(out))) TH_LOG("%s", out);
	EXPECT_NE(NULL, strstr(out, "restored cpufreq.turbo")) TH_LOG("%s", out);
	ASSERT_EQ(0, ssdk_cli(args, out, sizeof(out)));
	EXPECT_STREQ("Nothing to restore.\n", out);
	free(before);
}

_Static_assert(TUNE_MAX_CHANGES == 256 * 4, "the limit test's 256 CPUs of 4 states");

TEST_F(tree, changes_at_their_limit_and_one_past)
{
	unsigned int c, s, per = TUNE_MAX_CHANGES / 256;
	char list[32];

	/* 256 CPUs of 4 states each past 2 us: TUNE_MAX_CHANGES exactly */
	snprintf(list, sizeof(list), "0-255\n");
	put(self->root, CPU "/online", list);
	put(self->root, "sys/kernel/mm/transparent_hugepage/enabled", "always madvise [never]\n");
	for (c = 0; c < 256; c++) {
		for (s = 0; s < per; s++) {
			putf(self->root, "C\n", CPU "/cpu%u/cpuidle/state%u/name", c, s);
			putf(self->root, "50\n", CPU "/cpu%u/cpuidle/state%u/latency", c, s);
			putf(self->root, "0\n", CPU "/cpu%u/cpuidle/state%u/disable", c, s);
		}
	}
	{
		struct tune_args a = { .root = self->root, .max_exit_us = TUNE_MAX_EXIT_US };

		ASSERT_EQ(0, tune_plan(&a, self->plan, self->err, sizeof(self->err)));
		EXPECT_EQ((unsigned int)TUNE_MAX_CHANGES, self->plan->nr);
		put(self->root, "sys/kernel/mm/transparent_hugepage/enabled",
		    "[always] madvise never\n");
		EXPECT_EQ(-E2BIG, tune_plan(&a, self->plan, self->err, sizeof(self->err)));
		EXPECT_STREQ("more than 1024 changes", self->err);
	}
}

TEST_HARNESS_MAIN
