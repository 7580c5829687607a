// SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause
/*
 * The machine's conditions (libssdk.h's ssdk_system_read()): what of the
 * host decides a latency besides the drive, as facts read from sysfs and
 * procfs, each with a verdict. For the workers' CPUs: the frequency
 * governor and range, turbo, the idle states and their exit latencies,
 * SMT, isolcpus and nohz_full; for the target's disk: its scheduler,
 * nr_requests, write cache, rotational, io_poll, its hardware queues, its
 * NUMA node and its interrupts with their affinity; for the kernel: THP
 * and khugepaged, the preemption model, the clocksource, mitigations, and
 * whether it runs under a hypervisor.
 *
 * Every path is read under a root (a copy of another machine's /sys and
 * /proc, or "" for this one's), and what a kernel lacks is a fact ("none"),
 * never a failure.
 */

#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "internal.h"

#define WORDS		(SSDK_MAX_CPUS / 64)
#define NS_PER_US	1000ULL
/* The idle states a CPU has at most (the kernel's CPUIDLE_STATE_MAX). */
#define MAX_IDLE_STATES	10
/* The jitter the kernel does not measure, as issue 22's replay found it. */
#define THP_JITTER_NS	(1000 * NS_PER_US)
/* A clocksource slower than the TSC: a read costs about a microsecond. */
#define SLOW_CLOCK_NS	NS_PER_US

/* What ssdk_system_read() carries from one fact to the next. */
struct reader {
	const char *root;
	struct ssdk_system *sys;
	uint64_t online[WORDS];
	uint64_t cpus[WORDS];
	char disk[64];		/* the target's disk's name, or "" */
	char dir[PATH_MAX];	/* its sysfs directory, resolved */
};

/* @r's root joined to a path made from @fmt; "" on overflow. */
static void vpath(const struct reader *r, char *path, size_t size, const char *fmt, va_list ap)
{
	size_t n = (size_t)snprintf(path, size, "%s/", r->root);

	if (n >= size || (size_t)vsnprintf(path + n, size - n, fmt, ap) >= size - n)
		path[0] = '\0';
}

static void rpath(const struct reader *r, char *path, size_t size, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vpath(r, path, size, fmt, ap);
	va_end(ap);
}

/* The first line of a file, trailing blanks cut. Return: 0 or -errno. */
static int vread_line(const char *path, char *buf, size_t size)
{
	size_t len;
	FILE *f;

	buf[0] = '\0';
	if (!*path)
		return -ENAMETOOLONG;
	f = fopen(path, "re");
	if (!f)
		return -errno;
	if (!fgets(buf, size, f))
		buf[0] = '\0';
	fclose(f);
	len = strlen(buf);
	while (len && (buf[len - 1] == '\n' || buf[len - 1] == ' '))
		buf[--len] = '\0';
	return 0;
}

static int rd(const struct reader *r, char *buf, size_t size, const char *fmt, ...)
{
	char path[PATH_MAX];
	va_list ap;

	va_start(ap, fmt);
	vpath(r, path, sizeof(path), fmt, ap);
	va_end(ap);
	return vread_line(path, buf, size);
}

static int rd_long(const struct reader *r, long long *v, const char *fmt, ...)
{
	char path[PATH_MAX], buf[32], *end;
	va_list ap;
	int ret;

	va_start(ap, fmt);
	vpath(r, path, sizeof(path), fmt, ap);
	va_end(ap);
	ret = vread_line(path, buf, sizeof(buf));
	if (ret)
		return ret;
	errno = 0;
	*v = strtoll(buf, &end, 10);
	return errno || end == buf ? -EPROTO : 0;
}

/* The chosen word of a sysfs selector ("none [mq-deadline] kyber"). */
static void selected(char *buf)
{
	char *open = strchr(buf, '['), *close = open ? strchr(open, ']') : NULL;

	if (open && close) {
		memmove(buf, open + 1, close - open - 1);
		buf[close - open - 1] = '\0';
	}
}

/* A fact appended; NULL when the table is full. */
static struct ssdk_fact *fact(struct reader *r, const char *key, uint32_t verdict,
			      uint64_t jitter_ns, const char *why, const char *fmt, ...)
{
	struct ssdk_system *sys = r->sys;
	struct ssdk_fact *f;
	va_list ap;

	if (sys->nr_facts == SSDK_SYSTEM_MAX_FACTS)
		return NULL;
	f = &sys->fact[sys->nr_facts++];
	snprintf(f->key, sizeof(f->key), "%s", key);
	va_start(ap, fmt);
	vsnprintf(f->value, sizeof(f->value), fmt, ap);
	va_end(ap);
	f->verdict = verdict;
	f->jitter_ns = verdict == SSDK_VERDICT_JITTER ? jitter_ns : 0;
	snprintf(f->why, sizeof(f->why), "%s", why);
	return f;
}

static int set_err(char *err, size_t errlen, int ret, const char *fmt, ...)
{
	va_list ap;

	if (errlen) {
		va_start(ap, fmt);
		vsnprintf(err, errlen, fmt, ap);
		va_end(ap);
	}
	return ret;
}

#define for_each_cpu(c, bits) \
	for ((c) = 0; (c) < SSDK_MAX_CPUS; (c)++) if (cpulist_has(bits, c))

/* Append @word to a comma-separated @list unless it is there already. */
static void add_word(char *list, size_t size, const char *word)
{
	size_t len = strlen(word), n = strlen(list);
	const char *p;

	for (p = list; (p = strstr(p, word)); p += len)
		if ((p == list || p[-1] == ',') && (p[len] == ',' || !p[len]))
			return;
	snprintf(list + n, size - n, "%s%s", n ? "," : "", word);
}

/* --- the CPUs ------------------------------------------------------------ */

static void cpufreq_facts(struct reader *r)
{
	char driver[32] = "", govs[SSDK_FACT_VALUE_LEN] = "", buf[64], why[SSDK_FACT_WHY_LEN];
	long long v, min = LLONG_MAX, max = 0, cur_lo = LLONG_MAX, cur_hi = 0, hw_max = 0;
	long long trans = 0;
	unsigned int c, n = 0, total = 0;

	for_each_cpu(c, r->cpus) {
		total++;
		if (rd(r, buf, sizeof(buf), "sys/devices/system/cpu/cpu%u/cpufreq/scaling_governor",
		       c))
			continue;
		n++;
		add_word(govs, sizeof(govs), buf);
		if (!*driver)
			rd(r, driver, sizeof(driver),
			   "sys/devices/system/cpu/cpu%u/cpufreq/scaling_driver", c);
		if (!rd_long(r, &v, "sys/devices/system/cpu/cpu%u/cpufreq/scaling_min_freq", c) &&
		    v < min)
			min = v;
		if (!rd_long(r, &v, "sys/devices/system/cpu/cpu%u/cpufreq/scaling_max_freq", c) &&
		    v > max)
			max = v;
		if (!rd_long(r, &v, "sys/devices/system/cpu/cpu%u/cpufreq/scaling_cur_freq", c)) {
			cur_lo = v < cur_lo ? v : cur_lo;
			cur_hi = v > cur_hi ? v : cur_hi;
		}
		if (!rd_long(r, &v, "sys/devices/system/cpu/cpu%u/cpufreq/cpuinfo_max_freq", c) &&
		    v > hw_max)
			hw_max = v;
		/* CPUFREQ_ETERNAL (-1) reads as 4294967295: no figure */
		if (!rd_long(r, &v,
			     "sys/devices/system/cpu/cpu%u/cpufreq/cpuinfo_transition_latency", c) &&
		    v > trans && v < UINT32_MAX)
			trans = v;
	}
	if (!n) {
		fact(r, "cpufreq", SSDK_VERDICT_NOTE, 0,
		     "the kernel does not scale the frequency: the firmware or the host may",
		     "none");
		return;
	}
	fact(r, "cpufreq.driver", SSDK_VERDICT_FINE, 0, "", "%s%s", driver,
	     n < total ? " (not on every worker CPU)" : "");
	if (!strcmp(govs, "performance"))
		fact(r, "cpufreq.governor", SSDK_VERDICT_FINE, 0, "the highest frequency asked",
		     "%s", govs);
	else {
		snprintf(why, sizeof(why), "the frequency follows the load: a CPU idle between IOs "
			 "slows%s", trans ? ", and each change takes its transition latency" : "");
		fact(r, "cpufreq.governor", SSDK_VERDICT_JITTER, (uint64_t)trans, why, "%s", govs);
	}
	if (cur_hi)
		fact(r, "cpufreq.mhz", min < max ? SSDK_VERDICT_NOTE : SSDK_VERDICT_FINE, 0,
		     min < max ? "the frequency may move within the range" : "pinned",
		     "%lld-%lld allowed (hardware to %lld), now %lld-%lld", min / 1000, max / 1000,
		     hw_max / 1000, cur_lo / 1000, cur_hi / 1000);
}

static void turbo_fact(struct reader *r)
{
	const char *why = "the frequency depends on the temperature and the other cores' load";
	long long v;

	if (!rd_long(r, &v, "sys/devices/system/cpu/intel_pstate/no_turbo"))
		fact(r, "cpufreq.turbo", v ? SSDK_VERDICT_FINE : SSDK_VERDICT_JITTER, 0,
		     v ? "" : why, "%s (intel_pstate)", v ? "off" : "on");
	else if (!rd_long(r, &v, "sys/devices/system/cpu/cpufreq/boost"))
		fact(r, "cpufreq.turbo", v ? SSDK_VERDICT_JITTER : SSDK_VERDICT_FINE, 0,
		     v ? why : "", "%s (cpufreq boost)", v ? "on" : "off");
}

/* An idle state of the workers' CPUs: its exit latency, where it is enabled. */
struct idle_state {
	char name[16];
	long long exit_us;
	unsigned int cpus, enabled;
};

static void cpuidle_facts(struct reader *r)
{
	struct idle_state st[MAX_IDLE_STATES] = { 0 };
	char driver[32], key[SSDK_FACT_KEY_LEN], why[SSDK_FACT_WHY_LEN];
	unsigned int c, i, n = 0;
	long long v;

	if (rd(r, driver, sizeof(driver), "sys/devices/system/cpu/cpuidle/current_driver") ||
	    !*driver)
		snprintf(driver, sizeof(driver), "none");
	fact(r, "cpuidle.driver", SSDK_VERDICT_FINE, 0, "", "%s", driver);
	for_each_cpu(c, r->cpus) {
		for (i = 0; i < MAX_IDLE_STATES; i++) {
			if (rd_long(r, &v, "sys/devices/system/cpu/cpu%u/cpuidle/state%u/latency",
				    c, i))
				break;
			if (!st[i].cpus)
				rd(r, st[i].name, sizeof(st[i].name),
				   "sys/devices/system/cpu/cpu%u/cpuidle/state%u/name", c, i);
			if (v > st[i].exit_us)
				st[i].exit_us = v;
			st[i].cpus++;
			if (!rd_long(r, &v, "sys/devices/system/cpu/cpu%u/cpuidle/state%u/disable",
				     c, i) && !v)
				st[i].enabled++;
			n = i + 1 > n ? i + 1 : n;
		}
	}
	for (i = 0; i < n; i++) {
		if ((size_t)snprintf(key, sizeof(key), "cpuidle.%s",
				     *st[i].name ? st[i].name : "?") >= sizeof(key))
			key[sizeof(key) - 1] = '\0';
		for (c = 0; key[c]; c++)	/* "haltpoll idle" */
			if (key[c] == ' ')
				key[c] = '_';
		if (!st[i].enabled) {
			fact(r, key, SSDK_VERDICT_FINE, 0, "disabled",
			     "exit %lld us, disabled", st[i].exit_us);
			continue;
		}
		snprintf(why, sizeof(why), "a CPU woken from it takes %lld us before it runs",
			 st[i].exit_us);
		fact(r, key, st[i].exit_us ? SSDK_VERDICT_JITTER : SSDK_VERDICT_FINE,
		     st[i].exit_us * NS_PER_US, st[i].exit_us ? why : "",
		     "exit %lld us, enabled on %u of %u CPUs", st[i].exit_us, st[i].enabled,
		     st[i].cpus);
	}
}

static void smt_fact(struct reader *r)
{
	char control[32] = "";
	long long active;

	rd(r, control, sizeof(control), "sys/devices/system/cpu/smt/control");
	if (rd_long(r, &active, "sys/devices/system/cpu/smt/active"))
		return;
	fact(r, "smt", active ? SSDK_VERDICT_JITTER : SSDK_VERDICT_FINE, 0,
	     active ? "a busy sibling thread shares the worker's core" : "",
	     "%s (control %s)", active ? "on" : "off", *control ? control : "?");
}

/* isolcpus and nohz_full: whether the workers' CPUs are kept for them. */
static void isolated_fact(struct reader *r, const char *key, const char *file, const char *why)
{
	uint64_t bits[WORDS];
	char list[SSDK_FACT_VALUE_LEN];
	unsigned int c, out = 0;

	if (rd(r, list, sizeof(list), "sys/devices/system/cpu/%s", file))
		return;
	if (!strcmp(list, "(null)"))	/* nohz_full's mask never allocated: none */
		list[0] = '\0';
	if (ssdk_cpulist_parse(list, bits))
		return;
	for_each_cpu(c, r->cpus)
		out += !cpulist_has(bits, c);
	fact(r, key, out ? SSDK_VERDICT_NOTE : SSDK_VERDICT_FINE, 0, out ? why : "",
	     "%s", *list ? list : "none");
}

/* --- the target's disk ------------------------------------------------------ */

SSDK_EXPORT int ssdk_system_disk(const char *root, const char *target, char *name,
				 size_t size, char *err, size_t errlen)
{
	struct reader r = { .root = root && strcmp(root, "/") ? root : "" };
	char link[PATH_MAX], dir[PATH_MAX], dev[SSDK_DEVICE_LEN];
	const char *n = target;
	int ret;

	if (size)
		name[0] = '\0';
	if (!target)
		return set_err(err, errlen, -ENODEV, "no target");
	if (!*r.root) {
		ret = ssdk_device_disk(target, dev, sizeof(dev));
		if (ret)
			return set_err(err, errlen, ret, "%s: %s", target,
				       ret == -ENODEV ? "sysfs has no disk of it" : strerror(-ret));
		n = dev + strlen("/dev/");
	} else if (!strncmp(n, "/dev/", 5)) {
		n += 5;
	}
	rpath(&r, link, sizeof(link), "sys/class/block/%s", n);
	if (!*n || strchr(n, '/') || !realpath(link, dir))
		return set_err(err, errlen, -ENODEV, "%s: sysfs has no disk of it", target);
	rpath(&r, link, sizeof(link), "sys/class/block/%s/partition", n);
	if (!access(link, F_OK)) {	/* a partition: its disk */
		*strrchr(dir, '/') = '\0';
		n = strrchr(dir, '/') + 1;
	}
	if ((size_t)snprintf(name, size, "%s", n) >= size)
		return set_err(err, errlen, -ENAMETOOLONG, "%s: a name too long", target);
	return 0;
}

/* The target's disk: its name and sysfs directory. */
static int find_disk(struct reader *r, const char *target, char *err, size_t errlen)
{
	char link[PATH_MAX];
	int ret;

	ret = ssdk_system_disk(r->root, target, r->disk, sizeof(r->disk), err, errlen);
	if (ret)
		return ret;
	rpath(r, link, sizeof(link), "sys/class/block/%s", r->disk);
	return realpath(link, r->dir) ? 0 : set_err(err, errlen, -ENODEV,
						    "%s: sysfs has no disk of it", target);
}

static int disk_attr(const struct reader *r, char *buf, size_t size, const char *name)
{
	char path[PATH_MAX + 64];

	snprintf(path, sizeof(path), "%s/%s", r->dir, name);
	return vread_line(path, buf, size);
}

static void queue_facts(struct reader *r)
{
	char buf[SSDK_FACT_VALUE_LEN];

	fact(r, "device", SSDK_VERDICT_FINE, 0, "", "%s", r->disk);
	if (!disk_attr(r, buf, sizeof(buf), "queue/scheduler")) {
		selected(buf);
		fact(r, "queue.scheduler", strcmp(buf, "none") ? SSDK_VERDICT_JITTER
							       : SSDK_VERDICT_FINE, 0,
		     strcmp(buf, "none") ? "each IO passes the scheduler's lock and queues" : "",
		     "%s", buf);
	}
	if (!disk_attr(r, buf, sizeof(buf), "queue/nr_requests"))
		fact(r, "queue.nr_requests", SSDK_VERDICT_FINE, 0, "", "%s", buf);
	if (!disk_attr(r, buf, sizeof(buf), "queue/write_cache"))
		fact(r, "queue.write_cache", strcmp(buf, "write back") ? SSDK_VERDICT_FINE
								     : SSDK_VERDICT_NOTE, 0,
		     strcmp(buf, "write back") ? "" :
		     "writes complete from the drive's volatile cache; a flush waits for it",
		     "%s", buf);
	if (!disk_attr(r, buf, sizeof(buf), "queue/rotational"))
		fact(r, "queue.rotational", strcmp(buf, "0") ? SSDK_VERDICT_NOTE : SSDK_VERDICT_FINE,
		     0, strcmp(buf, "0") ? "the kernel takes it for a disk that seeks" : "",
		     "%s", buf);
	if (!disk_attr(r, buf, sizeof(buf), "queue/io_poll"))
		fact(r, "queue.io_poll", SSDK_VERDICT_FINE, 0, "", "%s", buf);
}

/* The disk's hardware queues, and those that serve the workers' CPUs. */
static void hctx_fact(struct reader *r)
{
	uint64_t bits[WORDS], served[WORDS] = { 0 };
	char path[PATH_MAX + 64], list[4096 + 1], mine[64] = "";	/* cpu_list: a page */
	unsigned int n = 0, c, hit, i;
	struct dirent *d;
	DIR *dir;

	snprintf(path, sizeof(path), "%s/mq", r->dir);
	dir = opendir(path);
	if (!dir)
		return;
	while ((d = readdir(dir))) {
		if (*d->d_name < '0' || *d->d_name > '9')
			continue;
		n++;
		if ((size_t)snprintf(path, sizeof(path), "%s/mq/%s/cpu_list", r->dir,
				     d->d_name) >= sizeof(path) ||
		    vread_line(path, list, sizeof(list)) || ssdk_cpulist_parse(list, bits))
			continue;
		hit = 0;
		for_each_cpu(c, r->cpus)
			if (cpulist_has(bits, c))
				hit = 1;
		if (hit && strtoul(d->d_name, NULL, 10) < SSDK_MAX_CPUS)
			served[strtoul(d->d_name, NULL, 10) / 64] |=
				1ULL << (strtoul(d->d_name, NULL, 10) % 64);
	}
	closedir(dir);
	ssdk_cpulist_format(served, mine, sizeof(mine));
	i = cpulist_count(served);
	fact(r, "queue.hctx", SSDK_VERDICT_FINE, 0, "", "%u queue%s; the workers' CPUs on %s %s",
	     n, n == 1 ? "" : "s", i == 1 ? "queue" : "queues", *mine ? mine : "none");
}

/* The directory of the disk's device that has @name (walking up), or -ENOENT. */
static int device_with(const struct reader *r, const char *name, char *out, size_t size)
{
	char dir[PATH_MAX], path[PATH_MAX + 64], *slash;

	snprintf(dir, sizeof(dir), "%s", r->dir);
	while ((slash = strrchr(dir, '/')) && slash > dir) {
		*slash = '\0';
		if (!strcmp(slash + 1, "devices"))
			break;
		snprintf(path, sizeof(path), "%s/%s", dir, name);
		if (!access(path, F_OK)) {
			snprintf(out, size, "%s", dir);
			return 0;
		}
	}
	return -ENOENT;
}

static void numa_fact(struct reader *r)
{
	char dir[PATH_MAX], path[PATH_MAX + 16], list[256];
	uint64_t bits[WORDS];
	long long node;
	unsigned int c, out = 0;

	if (device_with(r, "numa_node", dir, sizeof(dir)))
		return;
	snprintf(path, sizeof(path), "%s/numa_node", dir);
	if (vread_line(path, list, sizeof(list)))
		return;
	node = strtoll(list, NULL, 10);
	if (node < 0) {
		fact(r, "numa.node", SSDK_VERDICT_FINE, 0, "one memory node", "none");
		return;
	}
	if (!rd(r, list, sizeof(list), "sys/devices/system/node/node%lld/cpulist", node) &&
	    !ssdk_cpulist_parse(list, bits))
		for_each_cpu(c, r->cpus)
			out += !cpulist_has(bits, c);
	fact(r, "numa.node", out ? SSDK_VERDICT_JITTER : SSDK_VERDICT_FINE, 0,
	     out ? "workers on another node reach the device across the interconnect" : "",
	     "%lld (CPUs %s)", node, list);
}

/* The name /proc/interrupts gives an IRQ (its last column), or "". */
static void irq_name(const struct reader *r, unsigned int irq, char *name, size_t size)
{
	char path[PATH_MAX], *line = NULL, *p, *end;
	size_t room = 0;
	FILE *f;

	name[0] = '\0';
	rpath(r, path, sizeof(path), "proc/interrupts");
	f = fopen(path, "re");
	if (!f)
		return;
	/* a line has 11 columns a CPU: past 4 KB from 370 CPUs */
	while (getline(&line, &room, f) > 0) {
		p = line + strspn(line, " ");
		if (strtoul(p, &end, 10) != irq || *end != ':' || end == p)
			continue;
		end = line + strlen(line);
		while (end > line && (end[-1] == '\n' || end[-1] == ' '))
			*--end = '\0';
		p = strrchr(line, ' ');
		snprintf(name, size, "%s", p ? p + 1 : "");
		break;
	}
	free(line);
	fclose(f);
}

/*
 * Whether the kernel manages an IRQ's affinity (a queue's vector spread
 * over the CPUs: it cannot be written): 1, 0, or -1 when debugfs, which is
 * root's only, does not say (kernel/irq/debugfs.c).
 */
static int irq_managed(const char *root, unsigned int irq)
{
	char path[PATH_MAX], line[256];
	int ret = 0;
	FILE *f;

	snprintf(path, sizeof(path), "%s/sys/kernel/debug/irq/irqs/%u", root, irq);
	f = fopen(path, "re");
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (strstr(line, "IRQD_AFFINITY_MANAGED"))
			ret = 1;
	fclose(f);
	return ret;
}

/* The IRQs of a disk's device, by increasing number: how many it has. */
static unsigned int device_irqs(const char *root, const char *disk_dir, unsigned int *irqs,
				unsigned int max)
{
	struct reader r = { .root = root };
	char dir[PATH_MAX], path[PATH_MAX + 16], buf[32];
	unsigned int n = 0, i, j, v;
	struct dirent *d;
	DIR *dd;

	snprintf(r.dir, sizeof(r.dir), "%s", disk_dir);
	if (!device_with(&r, "msi_irqs", dir, sizeof(dir))) {
		snprintf(path, sizeof(path), "%s/msi_irqs", dir);
		dd = opendir(path);
		while (dd && (d = readdir(dd))) {
			if (*d->d_name < '0' || *d->d_name > '9')
				continue;
			v = strtoul(d->d_name, NULL, 10);
			for (i = 0; i < n && i < max && irqs[i] < v; i++)
				;
			if (i < max) {	/* short of room: the lowest kept */
				for (j = n < max ? n : max - 1; j > i; j--)
					irqs[j] = irqs[j - 1];
				irqs[i] = v;
			}
			n++;
		}
		if (dd)
			closedir(dd);
		if (n)
			return n;
	}
	if (device_with(&r, "irq", dir, sizeof(dir)))
		return 0;
	snprintf(path, sizeof(path), "%s/irq", dir);
	if (vread_line(path, buf, sizeof(buf)) || !strtoul(buf, NULL, 10))
		return 0;
	if (max)
		irqs[0] = strtoul(buf, NULL, 10);
	return 1;
}

SSDK_EXPORT unsigned int ssdk_system_irqs(const char *root, const char *disk,
					  struct ssdk_irq *irqs, unsigned int max)
{
	struct reader r = { .root = root && strcmp(root, "/") ? root : "" };
	unsigned int *nums, n, i;
	char link[PATH_MAX];

	rpath(&r, link, sizeof(link), "sys/class/block/%s", disk);
	if (!disk || strchr(disk, '/') || !realpath(link, r.dir))
		return 0;
	nums = calloc(max ? max : 1, sizeof(*nums));
	if (!nums)
		return 0;
	n = device_irqs(r.root, r.dir, nums, max);
	for (i = 0; i < n && i < max; i++) {
		struct ssdk_irq *q = &irqs[i];

		memset(q, 0, sizeof(*q));
		q->irq = nums[i];
		q->managed = irq_managed(r.root, q->irq);
		irq_name(&r, q->irq, q->name, sizeof(q->name));
		if (rd(&r, q->affinity, sizeof(q->affinity), "proc/irq/%u/smp_affinity_list",
		       q->irq))
			snprintf(q->affinity, sizeof(q->affinity), "?");
		if (rd(&r, q->effective, sizeof(q->effective),
		       "proc/irq/%u/effective_affinity_list", q->irq) || !*q->effective)
			snprintf(q->effective, sizeof(q->effective), "%s", q->affinity);
	}
	free(nums);
	return n;
}

/* Room for the facts that follow the IRQs (kernel_facts()'s). */
#define FACTS_AFTER_IRQS	8

static void irq_facts(struct reader *r)
{
	struct ssdk_irq *irqs;
	unsigned int n, i, c, on, room;
	char key[SSDK_FACT_KEY_LEN];
	uint64_t bits[WORDS];

	room = SSDK_SYSTEM_MAX_FACTS - FACTS_AFTER_IRQS - r->sys->nr_facts - 1;
	irqs = calloc(room, sizeof(*irqs));
	if (!irqs)
		return;
	n = ssdk_system_irqs(r->root, r->disk, irqs, room);
	for (i = 0; i < n && i < room; i++) {
		const struct ssdk_irq *q = &irqs[i];

		on = 0;
		if (!ssdk_cpulist_parse(q->effective, bits))
			for_each_cpu(c, r->cpus)
				on += cpulist_has(bits, c);
		snprintf(key, sizeof(key), "irq.%u", q->irq);
		fact(r, key, on && q->managed != 1 ? SSDK_VERDICT_NOTE : SSDK_VERDICT_FINE, 0,
		     !on ? "" : q->managed == 1 ?
		     "completes on its queue's CPUs, as blk-mq spreads them" :
		     "interrupts a worker's CPU",
		     "%s%s on %s (effective %s)%s", q->name, *q->name ? "," : "", q->affinity,
		     q->effective, q->managed == 1 ? ", managed" : "");
	}
	if (n > room)
		fact(r, "irq.more", SSDK_VERDICT_FINE, 0, "", "%u more", n - room);
	free(irqs);
}

/* --- the kernel ----------------------------------------------------------- */

static void thp_facts(struct reader *r)
{
	char thp[64], defrag[32] = "?", scan[32] = "?";

	if (rd(r, thp, sizeof(thp), "sys/kernel/mm/transparent_hugepage/enabled"))
		return;
	selected(thp);
	rd(r, defrag, sizeof(defrag), "sys/kernel/mm/transparent_hugepage/khugepaged/defrag");
	rd(r, scan, sizeof(scan),
	   "sys/kernel/mm/transparent_hugepage/khugepaged/scan_sleep_millisecs");
	fact(r, "thp", strcmp(thp, "always") ? SSDK_VERDICT_FINE : SSDK_VERDICT_JITTER,
	     THP_JITTER_NS, strcmp(thp, "always") ? "" :
	     "each of khugepaged's collapses holds a CPU ~1 ms, a batch longer: the worker waits (fewer IOs, IOs late)",
	     "%s (khugepaged defrag %s, every %s ms)", thp, defrag, scan);
}

static void preempt_fact(struct reader *r)
{
	char buf[128], mode[32] = "", *open, *close;
	long long rt;

	if (!rd(r, buf, sizeof(buf), "sys/kernel/debug/sched/preempt") &&
	    (open = strchr(buf, '(')) && (close = strchr(open, ')'))) {
		snprintf(mode, sizeof(mode), "%.*s", (int)(close - open - 1), open + 1);
	} else if (!rd_long(r, &rt, "sys/kernel/realtime") && rt) {
		snprintf(mode, sizeof(mode), "rt");
	} else if (!rd(r, buf, sizeof(buf), "proc/sys/kernel/version")) {
		if (strstr(buf, "PREEMPT_RT"))
			snprintf(mode, sizeof(mode), "rt");
		else if (strstr(buf, "PREEMPT_DYNAMIC"))
			snprintf(mode, sizeof(mode), "dynamic");
		else if (strstr(buf, "PREEMPT "))
			snprintf(mode, sizeof(mode), "full");
		else
			snprintf(mode, sizeof(mode), "none or voluntary");
	} else {
		return;
	}
	if (!strcmp(mode, "dynamic"))
		fact(r, "preempt", SSDK_VERDICT_NOTE, 0,
		     "the mode is in debugfs (sched/preempt), which is not readable here",
		     "dynamic");
	else if (!strncmp(mode, "none", 4) || !strcmp(mode, "voluntary"))
		fact(r, "preempt", SSDK_VERDICT_JITTER, 0,
		     "a woken worker waits for the running task to reach a preemption point",
		     "%s", mode);
	else
		fact(r, "preempt", SSDK_VERDICT_FINE, 0, "", "%s", mode);
}

static void clocksource_fact(struct reader *r)
{
	char cs[32];
	int slow;

	if (rd(r, cs, sizeof(cs),
	       "sys/devices/system/clocksource/clocksource0/current_clocksource"))
		return;
	slow = !strcmp(cs, "hpet") || !strcmp(cs, "acpi_pm") || !strcmp(cs, "jiffies");
	fact(r, "clocksource", slow ? SSDK_VERDICT_JITTER : SSDK_VERDICT_FINE, SLOW_CLOCK_NS,
	     slow ? "each stamp reads a slow clock: about a microsecond" : "", "%s", cs);
}

static void mitigations_fact(struct reader *r)
{
	unsigned int mitigated = 0, vulnerable = 0, unaffected = 0;
	char path[PATH_MAX], buf[256], cmd[4096] = "", *m;
	struct dirent *d;
	DIR *dir;

	rpath(r, path, sizeof(path), "sys/devices/system/cpu/vulnerabilities");
	dir = opendir(path);
	if (!dir)
		return;
	while ((d = readdir(dir))) {
		if (*d->d_name == '.' ||
		    rd(r, buf, sizeof(buf), "sys/devices/system/cpu/vulnerabilities/%s", d->d_name))
			continue;
		if (!strncmp(buf, "Mitigation", 10))
			mitigated++;
		else if (!strncmp(buf, "Vulnerable", 10))
			vulnerable++;
		else
			unaffected++;
	}
	closedir(dir);
	rd(r, cmd, sizeof(cmd), "proc/cmdline");
	m = strstr(cmd, "mitigations=");
	if (m)
		m[strcspn(m, " ")] = '\0';
	fact(r, "mitigations", mitigated ? SSDK_VERDICT_NOTE : SSDK_VERDICT_FINE, 0,
	     mitigated ? "syscalls and context switches cost more: userspace engines pay it" : "",
	     "%u mitigated, %u vulnerable, %u not affected%s%s", mitigated, vulnerable,
	     unaffected, m ? "; " : "", m ? m : "");
}

static void hypervisor_fact(struct reader *r)
{
	char path[PATH_MAX], line[4096], who[64] = "";
	int yes = 0;
	FILE *f;

	rpath(r, path, sizeof(path), "proc/cpuinfo");
	f = fopen(path, "re");
	if (f) {
		while (!yes && fgets(line, sizeof(line), f))
			if (!strncmp(line, "flags", 5) && strstr(line, " hypervisor"))
				yes = 1;
		fclose(f);
	}
	if (!rd(r, who, sizeof(who), "sys/hypervisor/type") && *who)
		yes = 1;
	else if (yes)
		rd(r, who, sizeof(who), "sys/class/dmi/id/sys_vendor");
	fact(r, "hypervisor", yes ? SSDK_VERDICT_JITTER : SSDK_VERDICT_FINE, 0,
	     yes ? "the host schedules this machine's CPUs and serves its devices" : "",
	     "%s%s%s%s", yes ? "yes" : "no", *who ? " (" : "", who, *who ? ")" : "");
}

/* The latency an IO of the target takes at least: what jitter is weighed against. */
static void expected_fact(struct reader *r)
{
	struct ssdk_system *sys = r->sys;
	long long mode, nsec, rot = 0;
	const char *what;
	char buf[8];

	if (*r->disk && !strncmp(r->disk, "nullb", 5)) {
		if (!rd_long(r, &mode, "sys/module/null_blk/parameters/irqmode") && mode == 2 &&
		    !rd_long(r, &nsec, "sys/module/null_blk/parameters/completion_nsec") &&
		    nsec > 0) {
			sys->expected_ns = nsec;
			what = "null_blk's completion time";
		} else {
			sys->expected_ns = NS_PER_US;
			what = "null_blk completing at once";
		}
	} else if (*r->disk && !disk_attr(r, buf, sizeof(buf), "queue/rotational") &&
		   (rot = strtoll(buf, NULL, 10))) {
		sys->expected_ns = 2000 * NS_PER_US;
		what = "a disk that seeks";
	} else {
		sys->expected_ns = 20 * NS_PER_US;
		what = "flash";
	}
	fact(r, "expected", SSDK_VERDICT_FINE, 0,
	     "the latency jitter is weighed against: a tenth of it warns", "%" PRIu64 " us (%s)",
	     sys->expected_ns / NS_PER_US ? sys->expected_ns / NS_PER_US : 1, what);
}

/* The workers' CPUs: @cpus, which must be online, or every online CPU. */
static int worker_cpus(struct reader *r, const char *cpus, char *err, size_t errlen)
{
	char online[1024], list[128];
	uint64_t out[WORDS];
	unsigned int i, off = 0;

	if (rd(r, online, sizeof(online), "sys/devices/system/cpu/online") ||
	    ssdk_cpulist_parse(online, r->online))
		return set_err(err, errlen, -ENOENT, "%s/sys/devices/system/cpu/online: no CPU list",
			       r->root);
	if (!cpus) {
		memcpy(r->cpus, r->online, sizeof(r->cpus));
	} else if (ssdk_cpulist_parse(cpus, r->cpus) || !cpulist_count(r->cpus)) {
		return set_err(err, errlen, -EINVAL, "CPUs '%s': not a CPU list (0-3,8)", cpus);
	}
	for (i = 0; i < WORDS; i++) {
		out[i] = r->cpus[i] & ~r->online[i];
		off |= !!out[i];
	}
	if (off) {
		ssdk_cpulist_format(out, list, sizeof(list));
		return set_err(err, errlen, -EINVAL, "CPUs %s are not online (online: %s)", list,
			       online);
	}
	return 0;
}

SSDK_EXPORT int ssdk_system_read(const char *root, const char *target, const char *cpus,
				 struct ssdk_system *sys, char *err, size_t errlen)
{
	struct reader r = { .root = root && strcmp(root, "/") ? root : "", .sys = sys };
	char list[SSDK_FACT_VALUE_LEN];
	int ret;

	memset(sys, 0, sizeof(*sys));
	if (errlen)
		err[0] = '\0';
	ret = worker_cpus(&r, cpus, err, errlen);
	if (ret)
		return ret;
	if (target) {
		ret = find_disk(&r, target, err, errlen);
		if (ret)
			return ret;
	}
	ssdk_cpulist_format(r.cpus, list, sizeof(list));
	fact(&r, "cpus", SSDK_VERDICT_FINE, 0, "", "%s", list);
	cpufreq_facts(&r);
	turbo_fact(&r);
	cpuidle_facts(&r);
	smt_fact(&r);
	isolated_fact(&r, "isolcpus", "isolated", "other tasks may run on the workers' CPUs");
	isolated_fact(&r, "nohz_full", "nohz_full", "the tick interrupts the workers' CPUs");
	if (target) {
		queue_facts(&r);
		hctx_fact(&r);
		numa_fact(&r);
		irq_facts(&r);
	}
	thp_facts(&r);
	preempt_fact(&r);
	clocksource_fact(&r);
	mitigations_fact(&r);
	hypervisor_fact(&r);
	expected_fact(&r);
	return 0;
}

SSDK_EXPORT int ssdk_system_value(const char *root, const char *rel, char *buf, size_t size)
{
	char path[PATH_MAX];
	int ret;

	if (!size)
		return -EINVAL;
	if ((size_t)snprintf(path, sizeof(path), "%s/%s", root && strcmp(root, "/") ? root : "",
			     rel) >= sizeof(path))
		return -ENAMETOOLONG;
	ret = vread_line(path, buf, size);
	if (!ret)
		selected(buf);
	return ret;
}

SSDK_EXPORT unsigned int ssdk_system_over(const struct ssdk_system *sys, uint64_t expected_ns,
					  unsigned int *idx, unsigned int max)
{
	unsigned int i, n = 0;

	if (!expected_ns)
		expected_ns = sys->expected_ns;
	for (i = 0; i < sys->nr_facts && i < SSDK_SYSTEM_MAX_FACTS; i++) {
		const struct ssdk_fact *f = &sys->fact[i];

		if (f->verdict != SSDK_VERDICT_JITTER ||
		    f->jitter_ns <= expected_ns / SSDK_JITTER_SHARE)
			continue;
		if (n < max)
			idx[n] = i;
		n++;
	}
	return n;
}

SSDK_EXPORT const char *ssdk_verdict_name(uint32_t verdict)
{
	static const char *const names[] = { "fine", "note", "jitter" };

	return verdict < sizeof(names) / sizeof(names[0]) ? names[verdict] : "?";
}
