/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Fake machines for the host tests of ssdk system (system_test.c): a
 * directory standing for / whose sys/ and proc/ have the shapes and the
 * formats of real kernels' (6.12's: drivers/cpufreq/cpufreq.c,
 * drivers/cpuidle/sysfs.c, block/blk-mq-sysfs.c, block/elevator.c,
 * kernel/irq/proc.c and debugfs.c, mm/huge_memory.c, drivers/base/cpu.c),
 * and a writer that answers as those kernels' store functions do.
 *
 * Three machines: an Intel one on intel_pstate and intel_idle (POLL, C1,
 * C1E, C6 at 0, 2, 10 and 133 us), SMT on, two NUMA nodes; an AMD one on
 * acpi-cpufreq (schedutil, boost on, its two CPUs in one policy: cpuN/
 * cpufreq is a link to ../cpufreq/policy0 as the kernel makes it) and
 * acpi_idle; a KVM guest with no cpufreq and no cpuidle driver, on a
 * kernel without debugfs mounted. Each with a multi-queue NVMe disk:
 * class/block/nvme0n1 a relative link into the PCI device, a partition,
 * hardware queues whose cpu_list blk-mq writes "0, 1", MSI-X vectors in
 * msi_irqs/, /proc/interrupts naming them nvme0q0 (the admin queue) to
 * nvme0qN, and where debugfs is there, the IO queues' vectors managed
 * (IRQD_AFFINITY_MANAGED).
 */
#ifndef _SSDK_FAKE_SYS_H
#define _SSDK_FAKE_SYS_H

#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/*
 * The end of a line the kernel ends in a blank, then a newline (a
 * selector's, a list's: elv_iosched_show()'s "none [mq-deadline] kyber").
 */
#define FAKE_EOL	"\x20\n"
#define FAKE_CPU	"sys/devices/system/cpu"
#define FAKE_PCI	"sys/devices/pci0000:00/0000:00:04.0"
#define FAKE_DISK	FAKE_PCI "/nvme/nvme0/nvme0n1"
#define FAKE_THP	"sys/kernel/mm/transparent_hugepage"
/* The most CPUs and IRQs a fake machine has. */
#define FAKE_MAX_CPUS	1024
#define FAKE_MAX_IRQS	1024

/* An idle state: its name and exit latency, as cpuidle's sysfs says them. */
struct fake_idle {
	const char *name;
	const char *desc;
	unsigned int latency_us;
};

/**
 * struct fake_machine - What a fake machine is made of.
 * @cpus: CPUs, all online (0 to @cpus - 1).
 * @driver: The cpufreq driver, or NULL for none (cpufreq/ empty).
 * @governor: Each policy's scaling_governor.
 * @governors: scaling_available_governors, as the kernel writes it.
 * @policy_cpus: CPUs a policy covers (acpi-cpufreq's shared policy: 2).
 * @trans_ns: cpuinfo_transition_latency.
 * @no_turbo: intel_pstate/no_turbo, or -1 for no intel_pstate/.
 * @boost: cpufreq/boost, or -1 for none.
 * @idle_driver: cpuidle/current_driver ("none": no cpuN/cpuidle/).
 * @idle: The idle states of every CPU.
 * @nr_idle: How many.
 * @smt_control: smt/control.
 * @smt_active: smt/active.
 * @nodes: NUMA nodes, the CPUs split evenly among them.
 * @nohz_full: nohz_full's content ("(null)\n" where no mask is allocated).
 * @thp: transparent_hugepage/enabled's line.
 * @defrag: khugepaged/defrag.
 * @clocksource: current_clocksource.
 * @version: /proc/sys/kernel/version.
 * @preempt: debugfs's sched/preempt, or NULL for no debugfs.
 * @flags: /proc/cpuinfo's flags.
 * @vendor: dmi's sys_vendor.
 * @cmdline: /proc/cmdline.
 * @vulns: The vulnerabilities' files' contents, "name=content" each.
 * @queues: The disk's IO queues (and as many managed vectors).
 * @scheduler: queue/scheduler's line.
 * @nr_requests: queue/nr_requests.
 * @numa_node: The PCI device's numa_node.
 * @irq_base: The admin queue's vector; the IO queues' follow.
 * @debugfs: Whether sys/kernel/debug/irq/irqs/ says which are managed.
 */
struct fake_machine {
	unsigned int cpus;
	const char *driver;
	const char *governor;
	const char *governors;
	unsigned int policy_cpus;
	unsigned int trans_ns;
	int no_turbo;
	int boost;
	const char *idle_driver;
	const struct fake_idle *idle;
	unsigned int nr_idle;
	const char *smt_control;
	int smt_active;
	unsigned int nodes;
	const char *nohz_full;
	const char *thp;
	const char *defrag;
	const char *clocksource;
	const char *version;
	const char *preempt;
	const char *flags;
	const char *vendor;
	const char *cmdline;
	const char *const *vulns;
	unsigned int queues;
	const char *scheduler;
	const char *nr_requests;
	int numa_node;
	unsigned int irq_base;
	int debugfs;
};

static const struct fake_idle fake_intel_idle[] = {
	{ "POLL", "CPUIDLE CORE POLL IDLE", 0 },
	{ "C1", "MWAIT 0x00", 2 },
	{ "C1E", "MWAIT 0x01", 10 },
	{ "C6", "MWAIT 0x20", 133 },
};

static const struct fake_idle fake_acpi_idle[] = {
	{ "POLL", "CPUIDLE CORE POLL IDLE", 0 },
	{ "C1", "ACPI FFH MWAIT 0x0", 1 },
	{ "C2", "ACPI IOPORT 0x814", 18 },
	{ "C3", "ACPI IOPORT 0x815", 350 },
};

static const char *const fake_intel_vulns[] = {
	"meltdown=Not affected",
	"spectre_v1=Mitigation: usercopy/swapgs barriers and __user pointer sanitization",
	"spectre_v2=Mitigation: Enhanced / Automatic IBRS; IBPB: conditional; RSB filling; "
		"PBRSB-eIBRS: SW sequence; BHI: BHI_DIS_S",
	"mds=Not affected",
	"gather_data_sampling=Vulnerable: No microcode",
	NULL,
};

static const char *const fake_amd_vulns[] = {
	"meltdown=Not affected",
	"spectre_v1=Mitigation: usercopy/swapgs barriers and __user pointer sanitization",
	"spec_rstack_overflow=Vulnerable: Safe RET, no microcode",
	NULL,
};

static const char *const fake_guest_vulns[] = {
	"meltdown=Not affected",
	"spectre_v2=Mitigation: Retpolines; IBPB: conditional; STIBP: disabled; "
		"RSB filling; PBRSB-eIBRS: Not affected; BHI: Retpoline",
	"mds=Not affected",
	NULL,
};

#define FAKE_FLAGS	"fpu vme de pse tsc msr pae mce cx8 apic sep mtrr pge mca cmov pat " \
	"pse36 clflush mmx fxsr sse sse2 ss syscall nx pdpe1gb rdtscp lm constant_tsc " \
	"arch_perfmon rep_good nopl xtopology cpuid tsc_known_freq pni pclmulqdq ssse3 fma " \
	"cx16 pcid sse4_1 sse4_2 x2apic movbe popcnt tsc_deadline_timer aes xsave avx f16c rdrand"

/* (a) A desktop on intel_pstate and intel_idle, Debian's 6.12. */
static const struct fake_machine fake_intel_pstate = {
	.cpus = 4, .driver = "intel_pstate", .governor = "powersave",
	.governors = "performance powersave\n", .policy_cpus = 1, .trans_ns = 20000,
	.no_turbo = 0, .boost = -1, .idle_driver = "intel_idle",
	.idle = fake_intel_idle, .nr_idle = 4, .smt_control = "on", .smt_active = 1,
	.nodes = 2, .nohz_full = "(null)\n", .thp = "always [madvise] never\n", .defrag = "1\n",
	.clocksource = "tsc", .version = "#1 SMP PREEMPT_DYNAMIC Debian 6.12.57-1 (2025-11-05)",
	.preempt = "none voluntary (full) lazy", .flags = FAKE_FLAGS " ht",
	.vendor = "Dell Inc.",
	.cmdline = "BOOT_IMAGE=/boot/vmlinuz-6.12.57-amd64 root=UUID=1b2c ro quiet",
	.vulns = fake_intel_vulns, .queues = 2,
	.scheduler = "[none] mq-deadline kyber bfq" FAKE_EOL,
	.nr_requests = "1023\n", .numa_node = 0, .irq_base = 120, .debugfs = 1,
};

/* (b) An AMD machine on acpi-cpufreq, its CPUs in one policy, boost on. */
static const struct fake_machine fake_acpi_cpufreq = {
	.cpus = 2, .driver = "acpi-cpufreq", .governor = "schedutil",
	.governors = "conservative ondemand userspace powersave performance schedutil" FAKE_EOL,
	.policy_cpus = 2, .trans_ns = 10000, .no_turbo = -1, .boost = 1,
	.idle_driver = "acpi_idle", .idle = fake_acpi_idle, .nr_idle = 4,
	.smt_control = "off", .smt_active = 0, .nodes = 1, .nohz_full = "\n",
	.thp = "[always] madvise never\n", .defrag = "1\n", .clocksource = "hpet",
	.version = "#1 SMP PREEMPT Fedora 6.12.5-200.fc41.x86_64", .preempt = NULL,
	.flags = FAKE_FLAGS " ht", .vendor = "ASUS",
	.cmdline = "BOOT_IMAGE=(hd0,gpt2)/vmlinuz root=UUID=9f rhgb quiet mitigations=auto,nosmt",
	.vulns = fake_amd_vulns, .queues = 2, .scheduler = "none [mq-deadline] kyber bfq" FAKE_EOL,
	.nr_requests = "64\n", .numa_node = -1, .irq_base = 40, .debugfs = 1,
};

/* (c) A KVM guest: no cpufreq, no cpuidle driver, no debugfs, Debian's 6.1. */
static const struct fake_machine fake_guest = {
	.cpus = 2, .driver = NULL, .no_turbo = -1, .boost = -1, .idle_driver = "none",
	.smt_control = "notsupported", .smt_active = 0, .nodes = 1, .nohz_full = NULL,
	.thp = "always [madvise] never\n", .defrag = "1\n", .clocksource = "kvm-clock",
	.version = "#1 SMP Debian 6.1.158-1 (2025-11-09)", .preempt = NULL,
	.flags = FAKE_FLAGS " hypervisor lahf_lm", .vendor = "QEMU",
	.cmdline = "console=ttyS0 root=/dev/vda rw",
	.vulns = fake_guest_vulns, .queues = 1, .scheduler = "[none] mq-deadline" FAKE_EOL,
	.nr_requests = "1023\n", .numa_node = -1, .irq_base = 24, .debugfs = 0,
};

/* mkdir -p of @path's directories (of @path itself too when @whole). */
static int fake_mkdirs(const char *path, int whole)
{
	char dir[PATH_MAX], *p;

	if ((size_t)snprintf(dir, sizeof(dir), "%s", path) >= sizeof(dir))
		return -ENAMETOOLONG;
	for (p = strchr(dir + 1, '/'); ; p = strchr(p + 1, '/')) {
		if (p)
			*p = '\0';
		else if (!whole)
			return 0;
		if (mkdir(dir, 0755) && errno != EEXIST)
			return -errno;
		if (!p)
			return 0;
		*p = '/';
	}
}

/* @root/@rel made with @text, its directories too. Return: 0 or -errno. */
static int fake_puts(const char *root, const char *rel, const char *text)
{
	char path[PATH_MAX];
	size_t len = strlen(text);
	int fd, ret;

	snprintf(path, sizeof(path), "%s/%s", root, rel);
	ret = fake_mkdirs(path, 0);
	if (ret)
		return ret;
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0)
		return -errno;
	ret = write(fd, text, len) == (ssize_t)len ? 0 : -EIO;
	if (close(fd) && !ret)
		ret = -errno;
	return ret;
}

/* fake_puts() of a formatted text. */
static int __attribute__((format(printf, 3, 4)))
fake_put(const char *root, const char *rel, const char *fmt, ...)
{
	char text[8192];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	return fake_puts(root, rel, text);
}

/* A directory of @root, made with its parents. */
static int fake_dir(const char *root, const char *rel)
{
	char path[PATH_MAX];

	snprintf(path, sizeof(path), "%s/%s", root, rel);
	return fake_mkdirs(path, 1);
}

/* @root/@rel made a symbolic link to @target, as sysfs makes them (relative). */
static int fake_link(const char *root, const char *rel, const char *target)
{
	char path[PATH_MAX];
	int ret;

	snprintf(path, sizeof(path), "%s/%s", root, rel);
	ret = fake_mkdirs(path, 0);
	if (ret)
		return ret;
	return symlink(target, path) ? -errno : 0;
}

static int fake_rm_one(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
	return remove(path);
}

/*
 * A new directory for a fake machine: on tmpfs (/dev/shm) where there is
 * one, as sysfs is in memory (a disk's filesystem takes seconds to make a
 * big machine's thousands of files), else under /tmp. Return: @dir, or NULL.
 */
static char *fake_tmpdir(char *dir, size_t size)
{
	const char *base = access("/dev/shm", W_OK | X_OK) ? "/tmp" : "/dev/shm";

	snprintf(dir, size, "%s/ssdk-system-XXXXXX", base);
	return mkdtemp(dir);
}

/* rm -rf @root. */
static int fake_rm(const char *root)
{
	return nftw(root, fake_rm_one, 16, FTW_DEPTH | FTW_PHYS);
}

/* A CPU list as the kernel's %*pbl writes it, of CPUs @first to @last. */
static void fake_range(char *buf, size_t size, unsigned int first, unsigned int last)
{
	if (first == last)
		snprintf(buf, size, "%u", first);
	else
		snprintf(buf, size, "%u-%u", first, last);
}

/* A file of cpufreq's policy@pol/. */
static int __attribute__((format(printf, 4, 5)))
fake_policy(const char *root, unsigned int pol, const char *file, const char *fmt, ...)
{
	char rel[256], text[1024];
	va_list ap;

	snprintf(rel, sizeof(rel), FAKE_CPU "/cpufreq/policy%u/%s", pol, file);
	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	return fake_puts(root, rel, text);
}

/* The CPUs' directories: cpufreq, cpuidle, topology; their node. */
static int fake_cpus(const char *root, const struct fake_machine *m)
{
	char rel[256], target[64], list[64];
	unsigned int c, s, per_node = m->cpus / m->nodes, pol;
	int ret = 0;

	fake_range(list, sizeof(list), 0, m->cpus - 1);
	ret |= fake_put(root, FAKE_CPU "/online", "%s\n", list);
	ret |= fake_put(root, FAKE_CPU "/possible", "%s\n", list);
	ret |= fake_put(root, FAKE_CPU "/present", "%s\n", list);
	ret |= fake_puts(root, FAKE_CPU "/offline", "\n");
	ret |= fake_puts(root, FAKE_CPU "/isolated", "\n");
	if (m->nohz_full)
		ret |= fake_puts(root, FAKE_CPU "/nohz_full", m->nohz_full);
	ret |= fake_put(root, FAKE_CPU "/smt/control", "%s\n", m->smt_control);
	ret |= fake_put(root, FAKE_CPU "/smt/active", "%d\n", m->smt_active);
	ret |= fake_put(root, FAKE_CPU "/cpuidle/current_driver", "%s\n", m->idle_driver);
	ret |= fake_puts(root, FAKE_CPU "/cpuidle/current_governor", "menu\n");
	ret |= fake_puts(root, FAKE_CPU "/cpuidle/available_governors", "ladder menu teo" FAKE_EOL);
	ret |= fake_dir(root, FAKE_CPU "/cpufreq");
	if (m->no_turbo >= 0)
		ret |= fake_put(root, FAKE_CPU "/intel_pstate/no_turbo", "%d\n", m->no_turbo);
	if (m->no_turbo >= 0)
		ret |= fake_puts(root, FAKE_CPU "/intel_pstate/status", "active\n");
	if (m->boost >= 0)
		ret |= fake_put(root, FAKE_CPU "/cpufreq/boost", "%d\n", m->boost);
	for (c = 0; c < m->nodes; c++) {
		fake_range(list, sizeof(list), c * per_node, (c + 1) * per_node - 1);
		snprintf(rel, sizeof(rel), "sys/devices/system/node/node%u/cpulist", c);
		ret |= fake_put(root, rel, "%s\n", list);
	}
	for (c = 0; c < m->cpus && !ret; c++) {
		snprintf(rel, sizeof(rel), FAKE_CPU "/cpu%u/topology/core_id", c);
		ret |= fake_put(root, rel, "%u\n", m->smt_active ? c / 2 : c);
		snprintf(rel, sizeof(rel), FAKE_CPU "/cpu%u/online", c);
		ret |= c ? fake_puts(root, rel, "1\n") : 0;
		for (s = 0; s < m->nr_idle && strcmp(m->idle_driver, "none"); s++) {
			const struct fake_idle *st = &m->idle[s];

			snprintf(rel, sizeof(rel), FAKE_CPU "/cpu%u/cpuidle/state%u/name", c, s);
			ret |= fake_put(root, rel, "%s\n", st->name);
			snprintf(rel, sizeof(rel), FAKE_CPU "/cpu%u/cpuidle/state%u/desc", c, s);
			ret |= fake_put(root, rel, "%s\n", st->desc);
			snprintf(rel, sizeof(rel), FAKE_CPU "/cpu%u/cpuidle/state%u/latency", c, s);
			ret |= fake_put(root, rel, "%u\n", st->latency_us);
			snprintf(rel, sizeof(rel), FAKE_CPU "/cpu%u/cpuidle/state%u/%s", c, s,
				 "residency");
			ret |= fake_put(root, rel, "%u\n", st->latency_us * 3);
			snprintf(rel, sizeof(rel), FAKE_CPU "/cpu%u/cpuidle/state%u/disable", c, s);
			ret |= fake_puts(root, rel, "0\n");
		}
		if (!m->driver)
			continue;
		pol = c / m->policy_cpus * m->policy_cpus;
		snprintf(rel, sizeof(rel), FAKE_CPU "/cpu%u/cpufreq", c);
		snprintf(target, sizeof(target), "../cpufreq/policy%u", pol);
		ret |= fake_link(root, rel, target);
		if (pol != c)
			continue;
		fake_range(list, sizeof(list), c, c + m->policy_cpus - 1);
		ret |= fake_policy(root, c, "scaling_driver", "%s\n", m->driver);
		ret |= fake_policy(root, c, "scaling_governor", "%s\n", m->governor);
		ret |= fake_policy(root, c, "scaling_available_governors", "%s", m->governors);
		ret |= fake_policy(root, c, "scaling_min_freq", "%u\n", 800000);
		ret |= fake_policy(root, c, "scaling_max_freq", "%u\n", 4200000);
		ret |= fake_policy(root, c, "scaling_cur_freq", "%u\n", 800000 + 100000 * c);
		ret |= fake_policy(root, c, "cpuinfo_min_freq", "%u\n", 800000);
		ret |= fake_policy(root, c, "cpuinfo_max_freq", "%u\n", 4700000);
		ret |= fake_policy(root, c, "cpuinfo_transition_latency", "%u\n", m->trans_ns);
		ret |= fake_policy(root, c, "affected_cpus", "%s\n", list);
		ret |= fake_policy(root, c, "related_cpus", "%s\n", list);
	}
	return ret;
}

/* The kernel's: THP, clocksource, preemption, mitigations, cmdline, cpuinfo. */
static int fake_kernel(const char *root, const struct fake_machine *m)
{
	const char *const *v;
	char rel[PATH_MAX];
	unsigned int c;
	int ret = 0;
	FILE *f;

	ret |= fake_puts(root, FAKE_THP "/enabled", m->thp);
	ret |= fake_puts(root, FAKE_THP "/defrag",
			 "always defer defer+madvise [madvise] never\n");
	ret |= fake_puts(root, FAKE_THP "/khugepaged/defrag", m->defrag);
	ret |= fake_puts(root, FAKE_THP "/khugepaged/scan_sleep_millisecs", "10000\n");
	ret |= fake_put(root, "sys/devices/system/clocksource/clocksource0/current_clocksource",
			"%s\n", m->clocksource);
	ret |= fake_puts(root,
			 "sys/devices/system/clocksource/clocksource0/available_clocksource",
			 "tsc hpet acpi_pm" FAKE_EOL);
	ret |= fake_put(root, "proc/sys/kernel/version", "%s\n", m->version);
	ret |= fake_put(root, "proc/cmdline", "%s\n", m->cmdline);
	if (m->preempt)
		ret |= fake_put(root, "sys/kernel/debug/sched/preempt", "%s\n", m->preempt);
	for (v = m->vulns; *v; v++) {
		const char *eq = strchr(*v, '=');

		snprintf(rel, sizeof(rel), FAKE_CPU "/vulnerabilities/%.*s", (int)(eq - *v), *v);
		ret |= fake_put(root, rel, "%s\n", eq + 1);
	}
	ret |= fake_put(root, "sys/class/dmi/id/sys_vendor", "%s\n", m->vendor);
	snprintf(rel, sizeof(rel), "%s/proc/cpuinfo", root);
	f = fopen(rel, "we");
	if (!f)
		return -errno;
	for (c = 0; c < m->cpus && c < 64; c++)
		fprintf(f, "processor\t: %u\nvendor_id\t: GenuineIntel\n"
			"model name\t: Fake CPU @ 2.80GHz\nflags\t\t: %s\n"
			"bugs\t\t: spectre_v1 spectre_v2\n\n", c, m->flags);
	return ret | fclose(f);
}

/* The IRQs the fake kernel manages the affinity of, and its answer to a write. */
static unsigned char fake_managed[FAKE_MAX_IRQS];

/* The disk's IRQs: /proc/interrupts, /proc/irq/N, debugfs's irq/irqs/N. */
static int fake_irqs(const char *root, const struct fake_machine *m)
{
	unsigned int q, c, irq, first, last, per = m->cpus / m->queues;
	char rel[PATH_MAX], list[64], name[32];
	size_t len, size = 64 + m->cpus * 12;
	char *line;
	FILE *f;
	int ret = 0;

	if (!per)	/* blk-mq has no more queues than CPUs */
		return -EINVAL;
	snprintf(rel, sizeof(rel), "%s/proc/interrupts", root);
	ret = fake_mkdirs(rel, 0);
	if (ret)
		return ret;
	line = malloc(size);
	f = fopen(rel, "we");
	if (!f || !line) {
		free(line);
		if (f)
			fclose(f);
		return -ENOMEM;
	}
	/* kernel/irq/proc.c's show_interrupts(): prec 3 below 1000 IRQs */
	fprintf(f, "%*s", 3 + 8, "");
	for (c = 0; c < m->cpus; c++)
		fprintf(f, "CPU%-8u", c);
	fputc('\n', f);
	len = snprintf(line, size, "%*d: ", 3, 0);
	for (c = 0; c < m->cpus; c++)
		len += snprintf(line + len, size - len, "%10u ", c ? 0 : 45);
	fprintf(f, "%s %8s %*lu-%-8s  %s\n", line, "IO-APIC", 3, 2UL, "edge", "timer");
	for (q = 0; q <= m->queues; q++) {
		irq = m->irq_base + q;
		if (irq >= FAKE_MAX_IRQS)
			break;
		fake_managed[irq] = q > 0;
		/* the admin queue on every CPU; an IO queue on its CPUs, managed */
		first = q ? (q - 1) * per : 0;
		last = q ? q * per - 1 : m->cpus - 1;
		fake_range(list, sizeof(list), first, last);
		snprintf(name, sizeof(name), "nvme0q%u", q);
		len = snprintf(line, size, "%*u: ", 3, irq);
		for (c = 0; c < m->cpus; c++)
			len += snprintf(line + len, size - len, "%10u ",
					c == first ? 1000 * (q + 1) : 0);
		fprintf(f, "%s %8s %*u-%-8s  %s\n", line, "IR-PCI-MSIX-0000:00:04.0", 3, q,
			"edge", name);
		snprintf(rel, sizeof(rel), FAKE_PCI "/msi_irqs/%u", irq);
		ret |= fake_puts(root, rel, "msix\n");
		snprintf(rel, sizeof(rel), "proc/irq/%u/smp_affinity_list", irq);
		ret |= fake_put(root, rel, "%s\n", list);
		snprintf(rel, sizeof(rel), "proc/irq/%u/effective_affinity_list", irq);
		ret |= fake_put(root, rel, "%u\n", first);
		snprintf(rel, sizeof(rel), "proc/irq/%u/node", irq);
		ret |= fake_put(root, rel, "%d\n", m->numa_node);
		if (q) {
			snprintf(rel, sizeof(rel), FAKE_DISK "/mq/%u/cpu_list", q - 1);
			/* blk_mq_hw_sysfs_cpus_show(): "0, 1" */
			len = 0;
			for (c = first; c <= last; c++)
				len += snprintf(line + len, size - len, "%s%u", len ? ", " : "", c);
			ret |= fake_put(root, rel, "%s\n", line);
			snprintf(rel, sizeof(rel), FAKE_DISK "/mq/%u/nr_tags", q - 1);
			ret |= fake_puts(root, rel, "1023\n");
		}
		if (!m->debugfs)
			continue;
		/* kernel/irq/debugfs.c's irq_debug_show() */
		snprintf(rel, sizeof(rel), "sys/kernel/debug/irq/irqs/%u", irq);
		ret |= fake_put(root, rel, "handler:  handle_edge_irq\n"
				"device:   0000:00:04.0\n"
				"status:   0x00004000\n"
				"istate:   0x00000000\n"
				"ddepth:   0\n"
				"wdepth:   0\n"
				"dstate:   0x%08x\n"
				"            IRQD_ACTIVATED\n"
				"            IRQD_IRQ_STARTED\n"
				"            IRQD_SINGLE_TARGET\n"
				"%snode:     %d\n"
				"affinity: %s\n"
				"effectiv: %u\n"
				"domain:  IR-PCI-MSIX-0000:00:04.0-12\n"
				" hwirq:   0x%x\n"
				" chip:    IR-PCI-MSIX-0000:00:04.0\n"
				"         Vector:    %u\n"
				"         is_managed:       %d\n",
				q ? 0x31600200 : 0x11400200,
				q ? "            IRQD_AFFINITY_MANAGED\n"
				    "            IRQD_AFFINITY_ON_ACTIVATE\n" : "",
				m->numa_node, list, first, q, 33 + q, q > 0);
	}
	fprintf(f, "%*s: ", 3, "NMI");
	for (c = 0; c < m->cpus; c++)
		fprintf(f, "%10u ", 0);
	fprintf(f, "  Non-maskable interrupts\n");
	ret |= fclose(f);
	free(line);
	return ret;
}

/* The NVMe disk, its partition, its queue/ and its PCI device. */
static int fake_disk(const char *root, const struct fake_machine *m)
{
	int ret = 0;

	ret |= fake_link(root, "sys/class/block/nvme0n1",
			 "../../devices/pci0000:00/0000:00:04.0/nvme/nvme0/nvme0n1");
	ret |= fake_link(root, "sys/class/block/nvme0n1p1",
			 "../../devices/pci0000:00/0000:00:04.0/nvme/nvme0/nvme0n1/nvme0n1p1");
	ret |= fake_link(root, "sys/block/nvme0n1",
			 "../devices/pci0000:00/0000:00:04.0/nvme/nvme0/nvme0n1");
	ret |= fake_puts(root, FAKE_DISK "/nvme0n1p1/partition", "1\n");
	ret |= fake_puts(root, FAKE_DISK "/nvme0n1p1/start", "2048\n");
	ret |= fake_puts(root, FAKE_DISK "/dev", "259:0\n");
	ret |= fake_puts(root, FAKE_DISK "/queue/scheduler", m->scheduler);
	ret |= fake_puts(root, FAKE_DISK "/queue/nr_requests", m->nr_requests);
	ret |= fake_puts(root, FAKE_DISK "/queue/write_cache", "write back\n");
	ret |= fake_puts(root, FAKE_DISK "/queue/rotational", "0\n");
	ret |= fake_puts(root, FAKE_DISK "/queue/io_poll", "0\n");
	ret |= fake_puts(root, FAKE_PCI "/nvme/nvme0/model", "Samsung SSD 980 PRO 1TB\n");
	ret |= fake_put(root, FAKE_PCI "/nvme/nvme0/numa_node", "%d\n", m->numa_node);
	ret |= fake_put(root, FAKE_PCI "/numa_node", "%d\n", m->numa_node);
	ret |= fake_puts(root, FAKE_PCI "/irq", "16\n");
	return ret | fake_irqs(root, m);
}

/**
 * fake_make() - A fake machine under a directory.
 * @root: The directory (it exists, and is empty).
 * @m: The machine.
 *
 * Return: 0, or non-zero when a file could not be made.
 */
static int fake_make(const char *root, const struct fake_machine *m)
{
	memset(fake_managed, 0, sizeof(fake_managed));
	return fake_cpus(root, m) | fake_kernel(root, m) | fake_disk(root, m);
}

/* --- the fake kernel's store functions ---------------------------------- */

/* The writes fake_k logs. */
#define FAKE_LOG	64

/**
 * struct fake_kernel_state - How the fake kernel answers writes.
 * @writes: Writes asked so far.
 * @kill_at: The write at which the writer kills its process (SIGKILL),
 *	as a crash would; -1 for never.
 * @kill_after: Whether it kills it after that write is made, not before.
 * @managed_err: What a write to a managed IRQ's affinity returns (-EIO
 *	before 6.12's kernel/irq/proc.c, -EPERM since).
 * @logged: How many paths @log holds.
 * @log: The files written, in order (the first FAKE_LOG).
 */
struct fake_kernel_state {
	unsigned int writes;
	long kill_at;
	int kill_after;
	int managed_err;
	unsigned int logged;
	char log[FAKE_LOG][PATH_MAX];
};

/* The fake kernel of the process: of the test, or of its child. */
static struct fake_kernel_state fake_k = { .kill_at = -1, .managed_err = -EIO };

static void fake_k_reset(void)
{
	fake_k.writes = 0;
	fake_k.kill_at = -1;
	fake_k.kill_after = 0;
	fake_k.logged = 0;
}

static int fake_ends(const char *path, const char *tail)
{
	size_t n = strlen(path), t = strlen(tail);

	return n >= t && !strcmp(path + n - t, tail);
}

/* A file's whole content (sysfs: its one page). Return: its length or -errno. */
static ssize_t fake_read(const char *path, char *buf, size_t size)
{
	ssize_t n;
	int fd;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	n = read(fd, buf, size - 1);
	close(fd);
	if (n < 0)
		return -EIO;
	buf[n] = '\0';
	return n;
}

/* Replace a file's content, as a store function changes what show prints. */
static int fake_store(const char *path, const char *text)
{
	int fd, ret;
	size_t len = strlen(text);

	fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC);	/* sysfs makes no file */
	if (fd < 0)
		return -errno;
	ret = write(fd, text, len) == (ssize_t)len ? 0 : -EIO;
	if (close(fd) && !ret)
		ret = -errno;
	return ret;
}

/* sysfs_streq(): @s equal to @word, but for one trailing newline. */
static int fake_streq(const char *s, const char *word, size_t len)
{
	return !strncmp(s, word, len) && (!s[len] || (s[len] == '\n' && !s[len + 1]));
}

/*
 * A selector ("always [madvise] never"): @value must be one of its words,
 * and becomes the one in brackets, the line's spacing kept. Return: 0 or
 * -EINVAL.
 */
static int fake_select(char *text, const char *value)
{
	char out[4096], *p = text, *o = out;
	int found = 0;

	while (*p) {
		size_t len;

		if (*p == ' ' || *p == '\n') {
			*o++ = *p++;
			continue;
		}
		if (*p == '[')
			p++;
		len = strcspn(p, "\n] ");
		if (fake_streq(value, p, len)) {
			found = 1;
			o += sprintf(o, "[%.*s]", (int)len, p);
		} else {
			o += sprintf(o, "%.*s", (int)len, p);
		}
		p += len;
		if (*p == ']')
			p++;
	}
	*o = '\0';
	if (!found)
		return -EINVAL;
	memcpy(text, out, o - out + 1);
	return 0;
}

/* A CPU list parsed as bitmap_parselist() does (no stride here). Return: 0 or -EINVAL. */
static int fake_cpulist(const char *s, unsigned char *cpus)
{
	unsigned long a, b;
	char *end;

	memset(cpus, 0, FAKE_MAX_CPUS);
	do {
		if (*s < '0' || *s > '9')
			return -EINVAL;
		a = strtoul(s, &end, 10);
		b = a;
		if (*end == '-') {
			s = end + 1;
			if (*s < '0' || *s > '9')
				return -EINVAL;
			b = strtoul(s, &end, 10);
		}
		if (a > b || b >= FAKE_MAX_CPUS)
			return -EINVAL;
		while (a <= b)
			cpus[a++] = 1;
		s = end;
	} while (*s == ',' && s++);
	return !*s || (*s == '\n' && !s[1]) ? 0 : -EINVAL;
}

/* /proc/irq/N/smp_affinity_list: refused for a managed IRQ; %*pbl back. */
static int fake_affinity(const char *path, const char *value)
{
	unsigned char cpus[FAKE_MAX_CPUS];
	char text[4096], eff[PATH_MAX];
	unsigned int irq, c, first = FAKE_MAX_CPUS;
	size_t len = 0;
	int ret;

	irq = strtoul(strstr(path, "/proc/irq/") + 10, NULL, 10);
	if (irq < FAKE_MAX_IRQS && fake_managed[irq])
		return fake_k.managed_err;
	ret = fake_cpulist(value, cpus);
	if (ret)
		return ret;
	text[0] = '\0';
	for (c = 0; c < FAKE_MAX_CPUS; c++) {
		unsigned int end = c;

		if (!cpus[c])
			continue;
		first = first < c ? first : c;
		while (end + 1 < FAKE_MAX_CPUS && cpus[end + 1])
			end++;
		len += snprintf(text + len, sizeof(text) - len, "%s", len ? "," : "");
		fake_range(text + len, sizeof(text) - len, c, end);
		len = strlen(text);
		c = end;
	}
	if (first == FAKE_MAX_CPUS)
		return -EINVAL;
	strcat(text, "\n");
	ret = fake_store(path, text);
	if (ret)
		return ret;
	/* the vector moves to one of them: the first, here */
	snprintf(eff, sizeof(eff), "%.*seffective_affinity_list",
		 (int)(strrchr(path, '/') + 1 - path), path);
	snprintf(text, sizeof(text), "%u\n", first);
	return fake_store(eff, text);
}

/* fake_write()'s store: what the kernel makes of a write. */
static int fake_write_one(const char *path, const char *value)
{
	char text[4096], rel[PATH_MAX];
	ssize_t n;
	int ret;

	n = fake_read(path, text, sizeof(text));
	if (n < 0)
		return n;
	if (strstr(path, "/proc/irq/") && fake_ends(path, "/smp_affinity_list"))
		return fake_affinity(path, value);
	if (fake_ends(path, "/scaling_governor")) {
		char avail[4096], *tok, *save;
		int found = 0;

		snprintf(rel, sizeof(rel), "%.*sscaling_available_governors",
			 (int)(strrchr(path, '/') + 1 - path), path);
		if (fake_read(rel, avail, sizeof(avail)) < 0)
			return -EINVAL;
		for (tok = strtok_r(avail, "\n ", &save); tok; tok = strtok_r(NULL, "\n ", &save))
			found |= fake_streq(value, tok, strlen(tok));
		if (!found)
			return -EINVAL;
	}
	if (strchr(text, '[')) {
		char old[4096];

		snprintf(old, sizeof(old), "%s", text);
		ret = fake_select(text, value);
		if (ret)
			return ret;
		ret = fake_store(path, text);
		if (ret || !fake_ends(path, "/queue/scheduler") || !strcmp(old, text))
			return ret;
		snprintf(rel, sizeof(rel), "%.*snr_requests",
			 (int)(strrchr(path, '/') + 1 - path), path);
		return fake_store(rel, fake_streq(value, "none", 4) ? "1023\n" : "256\n");
	}
	if (fake_ends(path, "/disable") || fake_ends(path, "/no_turbo") ||
	    fake_ends(path, "/boost") || fake_ends(path, "/khugepaged/defrag")) {
		if (!fake_streq(value, "0", 1) && !fake_streq(value, "1", 1))
			return -EINVAL;
	}
	snprintf(text, sizeof(text), "%s%s", value, fake_ends(value, "\n") ? "" : "\n");
	return fake_store(path, text);
}

/**
 * fake_write() - Write a value to a file of a fake machine, as its kernel
 * answers (a &struct tune_ops's write).
 * @path: The file.
 * @value: What is written (echo -n VALUE > FILE).
 *
 * A selector moves its brackets to @value, or refuses a word it does not
 * offer (-EINVAL); scaling_governor takes only what
 * scaling_available_governors offers; a scheduler's change sets
 * nr_requests anew (blk_mq_init_sched(): twice BLKDEV_DEFAULT_RQ; none:
 * the tag set's depth); a boolean file takes 0 or 1; a managed IRQ's
 * smp_affinity_list refuses (fake_k.managed_err), another one's holds
 * its list in the kernel's form and moves its effective affinity; any
 * other file holds "VALUE\n". No file is made. At write fake_k.kill_at,
 * the process kills itself, before the write or after it.
 *
 * Return: 0 or a negative errno.
 */
static int fake_write(const char *path, const char *value)
{
	int kill = fake_k.kill_at >= 0 && fake_k.writes == (unsigned long)fake_k.kill_at;
	int ret;

	if (kill && !fake_k.kill_after)
		raise(SIGKILL);
	fake_k.writes++;
	if (fake_k.logged < FAKE_LOG)
		snprintf(fake_k.log[fake_k.logged++], PATH_MAX, "%s", path);
	ret = fake_write_one(path, value);
	if (kill)
		raise(SIGKILL);
	return ret;
}

/* --- a tree's bytes ------------------------------------------------------ */

/* One file, directory or link of a tree: its path, and bytes or target. */
struct fake_entry {
	char *path;
	char type;		/* 'f', 'd', 'l' */
	char *data;
	size_t len;
};

/**
 * struct fake_snap - A tree's every file's bytes, link's target and
 * directory, by path (run/ left out: the state file's).
 * @n: Entries.
 * @room: Room in @e.
 * @e: The entries, sorted by path.
 */
struct fake_snap {
	size_t n, room;
	struct fake_entry *e;
};

static struct fake_snap *fake_snap_cur;
static size_t fake_snap_skip;

static int fake_snap_one(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
	struct fake_snap *s = fake_snap_cur;
	const char *rel = path + fake_snap_skip;
	struct fake_entry *e;
	char buf[PATH_MAX];

	if (!*rel)
		return 0;
	rel++;
	if (!strcmp(rel, "run") || !strncmp(rel, "run/", 4))
		return 0;
	if (s->n == s->room) {
		s->room = s->room ? 2 * s->room : 1024;
		s->e = realloc(s->e, s->room * sizeof(*s->e));
		if (!s->e)
			return -1;
	}
	e = &s->e[s->n++];
	memset(e, 0, sizeof(*e));
	e->path = strdup(rel);
	if (type == FTW_SL) {
		ssize_t n = readlink(path, buf, sizeof(buf));

		if (n < 0)
			return -1;
		e->type = 'l';
		e->data = strndup(buf, n);
		e->len = n;
	} else if (type == FTW_F) {
		FILE *f = fopen(path, "re");

		e->type = 'f';
		e->data = malloc(st->st_size + 1);
		if (!f || !e->data)
			return -1;
		e->len = fread(e->data, 1, st->st_size, f);
		fclose(f);
	} else {
		e->type = 'd';
	}
	return 0;
}

static int fake_entry_cmp(const void *a, const void *b)
{
	return strcmp(((const struct fake_entry *)a)->path, ((const struct fake_entry *)b)->path);
}

/* A snapshot of @root; 0 or -1. */
static int fake_snap(const char *root, struct fake_snap *s)
{
	memset(s, 0, sizeof(*s));
	fake_snap_cur = s;
	fake_snap_skip = strlen(root);
	if (nftw(root, fake_snap_one, 16, FTW_PHYS))
		return -1;
	qsort(s->e, s->n, sizeof(*s->e), fake_entry_cmp);
	return 0;
}

static void fake_snap_free(struct fake_snap *s)
{
	size_t i;

	for (i = 0; i < s->n; i++) {
		free(s->e[i].path);
		free(s->e[i].data);
	}
	free(s->e);
	memset(s, 0, sizeof(*s));
}

/*
 * Whether two snapshots are the same tree, byte for byte. Return: NULL, or
 * the first path that differs (said in @why).
 */
static const char *fake_snap_diff(const struct fake_snap *a, const struct fake_snap *b,
				  char *why, size_t size)
{
	size_t i;

	for (i = 0; i < a->n && i < b->n; i++) {
		const struct fake_entry *x = &a->e[i], *y = &b->e[i];

		if (strcmp(x->path, y->path)) {
			snprintf(why, size, "%s against %s", x->path, y->path);
			return x->path;
		}
		if (x->type != y->type || x->len != y->len ||
		    (x->len && memcmp(x->data, y->data, x->len))) {
			snprintf(why, size, "%s: '%.*s' then '%.*s'", x->path, (int)x->len,
				 x->data ? x->data : "", (int)y->len, y->data ? y->data : "");
			return x->path;
		}
	}
	if (a->n != b->n) {
		snprintf(why, size, "%zu entries then %zu", a->n, b->n);
		return "";
	}
	return NULL;
}

#endif /* _SSDK_FAKE_SYS_H */
