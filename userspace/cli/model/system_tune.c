// SPDX-License-Identifier: GPL-2.0
/*
 * ssdk system tune and reset (system_tune.h). tune_plan() reads what the
 * latency profile would change: the workers' CPUs' frequency governor to
 * performance, turbo off, their idle states past an exit latency disabled,
 * THP and khugepaged's defrag off, the target's scheduler to none, and the
 * interrupts of its device that land on the workers' CPUs moved to the
 * others. tune_apply() logs each change to the state file (fsync'd) before
 * it writes it; tune_reset() reads the log back and writes each value it
 * replaced, last change first, but only where the file still holds what
 * tune wrote: a value someone set since is theirs.
 */

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "platform.h"
#include "system_tune.h"

#define WORDS	(SSDK_MAX_CPUS / 64)

static int set_err(char *err, size_t errlen, int ret, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
	return ret;
}

/* A file's value as tune compares it (a selector's chosen word). */
static int value_of(const char *root, const char *rel, char *buf, size_t size)
{
	return ssdk_system_value(root, rel, buf, size);
}

/* Whether a selector file offers @word ("none [mq-deadline]" offers none). */
static int offers(const char *root, const char *rel, const char *word)
{
	char path[PATH_MAX], line[512], *tok, *save;
	FILE *f;
	int ret = 0;

	snprintf(path, sizeof(path), "%s/%s", root, rel);
	f = fopen(path, "re");
	if (!f)
		return 0;
	if (fgets(line, sizeof(line), f))
		for (tok = strtok_r(line, " []\n", &save); tok && !ret;
		     tok = strtok_r(NULL, " []\n", &save))
			ret = !strcmp(tok, word);
	fclose(f);
	return ret;
}

static void left(struct tune_plan *p, const char *key, const char *fmt, ...)
{
	struct tune_left *l;
	va_list ap;

	if (p->nr_left == TUNE_MAX_LEFT)
		return;
	l = &p->left[p->nr_left++];
	snprintf(l->key, sizeof(l->key), "%s", key);
	va_start(ap, fmt);
	vsnprintf(l->why, sizeof(l->why), fmt, ap);
	va_end(ap);
}

/*
 * A change of @rel to @to, planned unless it holds @to already or is
 * planned already (two CPUs of one cpufreq policy: one file through two
 * links). Return: 0, or -E2BIG when the plan is full.
 */
static int change(const char *root, struct tune_plan *p, const char *key, const char *rel,
		  const char *to)
{
	char from[TUNE_VALUE_LEN], path[PATH_MAX];
	struct tune_change *c;
	struct stat st;
	unsigned int i;

	if (value_of(root, rel, from, sizeof(from)) || (*to && !strcmp(from, to)))
		return 0;
	snprintf(path, sizeof(path), "%s/%s", root, rel);
	if (stat(path, &st))
		return 0;
	for (i = 0; i < p->nr; i++)
		if (p->c[i].dev == st.st_dev && p->c[i].ino == st.st_ino)
			return 0;
	if (p->nr == TUNE_MAX_CHANGES)
		return -E2BIG;
	c = &p->c[p->nr++];
	memset(c, 0, sizeof(*c));
	c->dev = st.st_dev;
	c->ino = st.st_ino;
	snprintf(c->key, sizeof(c->key), "%s", key);
	snprintf(c->path, sizeof(c->path), "%s", rel);
	snprintf(c->from, sizeof(c->from), "%s", from);
	snprintf(c->to, sizeof(c->to), "%s", to);
	return 0;
}

static int cpu_changes(const struct tune_args *a, struct tune_plan *p, const uint64_t *cpus)
{
	char rel[TUNE_PATH_LEN], key[SSDK_FACT_KEY_LEN], name[32], buf[32];
	unsigned int c, s;
	int ret = 0;

	for (c = 0; c < SSDK_MAX_CPUS && !ret; c++) {
		if (!((cpus[c / 64] >> (c % 64)) & 1))
			continue;
		snprintf(rel, sizeof(rel), "sys/devices/system/cpu/cpu%u/cpufreq/scaling_governor",
			 c);
		if (!value_of(a->root, rel, buf, sizeof(buf)) && strcmp(buf, "performance")) {
			char avail[TUNE_PATH_LEN];

			snprintf(avail, sizeof(avail),
				 "sys/devices/system/cpu/cpu%u/cpufreq/scaling_available_governors",
				 c);
			if (offers(a->root, avail, "performance"))
				ret = change(a->root, p, "cpufreq.governor", rel, "performance");
			else
				left(p, "cpufreq.governor", "CPU %u has no performance governor", c);
		}
		for (s = 0; !ret; s++) {
			snprintf(rel, sizeof(rel), "sys/devices/system/cpu/cpu%u/cpuidle/state%u/latency",
				 c, s);
			if (value_of(a->root, rel, buf, sizeof(buf)))
				break;
			if (strtoul(buf, NULL, 10) <= a->max_exit_us)
				continue;
			snprintf(rel, sizeof(rel), "sys/devices/system/cpu/cpu%u/cpuidle/state%u/name",
				 c, s);
			if (value_of(a->root, rel, name, sizeof(name)))
				snprintf(name, sizeof(name), "state%u", s);
			snprintf(key, sizeof(key), "cpuidle.%.20s", name);
			snprintf(rel, sizeof(rel), "sys/devices/system/cpu/cpu%u/cpuidle/state%u/disable",
				 c, s);
			ret = change(a->root, p, key, rel, "1");
		}
	}
	return ret;
}

static int kernel_changes(const struct tune_args *a, struct tune_plan *p)
{
	char buf[32];
	int ret;

	if (!value_of(a->root, "sys/devices/system/cpu/intel_pstate/no_turbo", buf, sizeof(buf)))
		ret = change(a->root, p, "cpufreq.turbo",
			     "sys/devices/system/cpu/intel_pstate/no_turbo", "1");
	else
		ret = change(a->root, p, "cpufreq.turbo", "sys/devices/system/cpu/cpufreq/boost",
			     "0");
	if (!ret)
		ret = change(a->root, p, "thp", "sys/kernel/mm/transparent_hugepage/enabled",
			     "never");
	if (!ret)
		ret = change(a->root, p, "thp",
			     "sys/kernel/mm/transparent_hugepage/khugepaged/defrag", "0");
	return ret;
}

/* The complement of @cpus among @online, as a list; "" when none is left. */
static void others(const uint64_t *online, const uint64_t *cpus, const uint64_t *aff,
		   char *buf, size_t size)
{
	uint64_t rest[WORDS];
	unsigned int i, any = 0;

	for (i = 0; i < WORDS; i++) {	/* the IRQ's own CPUs first */
		rest[i] = aff[i] & online[i] & ~cpus[i];
		any |= !!rest[i];
	}
	for (i = 0; i < WORDS && !any; i++)
		rest[i] = online[i] & ~cpus[i];
	ssdk_cpulist_format(rest, buf, size);
}

static int disk_changes(const struct tune_args *a, struct tune_plan *p, const uint64_t *online,
			const uint64_t *cpus, char *err, size_t errlen)
{
	char disk[64], rel[TUNE_PATH_LEN], key[SSDK_FACT_KEY_LEN], to[TUNE_VALUE_LEN];
	struct ssdk_irq irqs[256];
	uint64_t aff[WORDS];
	unsigned int n, i, j, hit;
	int ret;

	ret = ssdk_system_disk(a->root, a->target, disk, sizeof(disk), err, errlen);
	if (ret)
		return ret;
	snprintf(rel, sizeof(rel), "sys/class/block/%s/queue/scheduler", disk);
	if (!value_of(a->root, rel, to, sizeof(to)) && strcmp(to, "none")) {
		if (!offers(a->root, rel, "none")) {
			left(p, "queue.scheduler", "%s offers no scheduler none", disk);
		} else {
			/* a new scheduler resets nr_requests: restored after it */
			char nr[TUNE_PATH_LEN];

			snprintf(nr, sizeof(nr), "sys/class/block/%s/queue/nr_requests", disk);
			ret = change(a->root, p, "queue.nr_requests", nr, "");
			if (!ret)
				ret = change(a->root, p, "queue.scheduler", rel, "none");
		}
	}
	n = ssdk_system_irqs(a->root, disk, irqs, ARRAY_SIZE(irqs));
	for (i = 0; i < n && i < ARRAY_SIZE(irqs) && !ret; i++) {
		snprintf(key, sizeof(key), "irq.%u", irqs[i].irq);
		if (ssdk_cpulist_parse(irqs[i].affinity, aff))
			continue;
		for (j = hit = 0; j < WORDS; j++)
			hit |= !!(aff[j] & cpus[j]);
		if (!hit)
			continue;
		if (irqs[i].managed == 1) {
			left(p, key, "%s: managed by the kernel, stays on its queue's CPUs",
			     irqs[i].name);
			continue;
		}
		others(online, cpus, aff, to, sizeof(to));
		if (!*to) {
			left(p, key, "%s: no CPU outside the workers' to move it to", irqs[i].name);
			continue;
		}
		snprintf(rel, sizeof(rel), "proc/irq/%u/smp_affinity_list", irqs[i].irq);
		ret = change(a->root, p, key, rel, to);
	}
	return ret;
}

/**
 * tune_plan() - What ssdk system tune would change.
 * @a: What it is asked.
 * @p: Filled in; its @state names the state file.
 * @err: Said on failure.
 * @errlen: Room in @err.
 *
 * Return: 0; -EINVAL for bad CPUs, -ENODEV for a target sysfs has no disk
 * of, -E2BIG past TUNE_MAX_CHANGES.
 */
int tune_plan(const struct tune_args *a, struct tune_plan *p, char *err, size_t errlen)
{
	uint64_t online[WORDS], cpus[WORDS], off[WORDS];
	unsigned int i, any = 0, offline = 0;
	char buf[1024], list[128];
	int ret;

	memset(p, 0, offsetof(struct tune_plan, c));
	p->nr_left = 0;
	snprintf(p->state, sizeof(p->state), "%s/%s", a->root, TUNE_STATE);
	if (value_of(a->root, "sys/devices/system/cpu/online", buf, sizeof(buf)) ||
	    ssdk_cpulist_parse(buf, online))
		return set_err(err, errlen, -ENOENT, "%s/sys/devices/system/cpu/online: no CPU list",
			       a->root);
	if (!a->cpus)
		memcpy(cpus, online, sizeof(cpus));
	else if (ssdk_cpulist_parse(a->cpus, cpus))
		return set_err(err, errlen, -EINVAL, "--cpus '%s': not a CPU list (0-3,8)", a->cpus);
	for (i = 0; i < WORDS; i++) {	/* as ssdk_system_read() refuses them */
		off[i] = cpus[i] & ~online[i];
		offline |= !!off[i];
		any |= !!cpus[i];
	}
	if (!any)
		return set_err(err, errlen, -EINVAL, "--cpus '%s': no CPU", a->cpus ? a->cpus : "");
	if (offline) {
		ssdk_cpulist_format(off, list, sizeof(list));
		return set_err(err, errlen, -EINVAL, "--cpus: CPUs %s are not online (online: %s)",
			       list, buf);
	}
	ret = cpu_changes(a, p, cpus);
	if (!ret)
		ret = kernel_changes(a, p);
	if (!ret && a->target)
		ret = disk_changes(a, p, online, cpus, err, errlen);
	if (ret == -E2BIG)
		return set_err(err, errlen, ret, "more than %u changes", TUNE_MAX_CHANGES);
	return ret;
}

static int sysfs_write(const char *path, const char *value)
{
	ssize_t len = strlen(value), n;
	int fd, ret = 0;

	fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	n = write(fd, value, len);
	if (n != len)
		ret = n < 0 ? -errno : -EIO;
	if (close(fd) && !ret)
		ret = -errno;
	return ret;
}

/* Writes to sysfs and procfs, as echo VALUE > FILE does. */
const struct tune_ops tune_sysfs_ops = {
	.write = sysfs_write,
};

/* mkdir -p of the state file's directory. */
static int state_dir(const char *state)
{
	char dir[sizeof(((struct tune_plan *)0)->state)], *s;

	snprintf(dir, sizeof(dir), "%s", state);
	for (s = strchr(dir + 1, '/'); s; s = strchr(s + 1, '/')) {
		*s = '\0';
		if (mkdir(dir, 0755) && errno != EEXIST)
			return -errno;
		*s = '/';
	}
	return 0;
}

static int write_all(int fd, const char *buf, size_t len)
{
	ssize_t n;

	while (len) {
		n = write(fd, buf, len);
		if (n < 0)
			return -errno;
		buf += n;
		len -= n;
	}
	return fsync(fd) ? -errno : 0;
}

/**
 * tune_apply() - Make a plan's changes, each logged before it is made.
 * @root: The root, "" for this machine.
 * @p: The plan (tune_plan()); a change the kernel refuses as a managed
 *	IRQ's (-EIO before 6.12, -EPERM since) is taken out of it, into its
 *	@left.
 * @ops: How to write.
 * @err: Said on failure.
 * @errlen: Room in @err.
 *
 * The state file is created (it must not exist: a machine is tuned once
 * until reset) and holds, after a line TUNE_STATE_MAGIC, a line per
 * change: "key<TAB>path<TAB>from<TAB>to", written and synced before the
 * change itself, so that a crash at any point leaves a file from which
 * reset restores everything changed.
 *
 * Return: 0; -EEXIST when the state file exists; a write's errno (the
 * changes made before it stay, and are in the state file).
 */
int tune_apply(const char *root, struct tune_plan *p, const struct tune_ops *ops,
	       char *err, size_t errlen)
{
	char line[TUNE_PATH_LEN + 3 * TUNE_VALUE_LEN + 8], path[PATH_MAX];
	unsigned int i, done = 0;
	off_t at;
	int fd, ret;

	ret = state_dir(p->state);
	if (ret)
		return set_err(err, errlen, ret, "%s: %s", p->state, strerror(-ret));
	fd = open(p->state, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	if (fd < 0 && errno == EEXIST)
		return set_err(err, errlen, -EEXIST,
			       "%s exists: the machine is tuned; ssdk system reset first", p->state);
	if (fd < 0)
		return set_err(err, errlen, -errno, "%s: %s", p->state, strerror(errno));
	ret = write_all(fd, TUNE_STATE_MAGIC "\n", strlen(TUNE_STATE_MAGIC) + 1);
	for (i = 0; i < p->nr && !ret; i++) {
		struct tune_change *c = &p->c[i];

		at = lseek(fd, 0, SEEK_CUR);
		snprintf(line, sizeof(line), "%s\t%s\t%s\t%s\n", c->key, c->path, c->from, c->to);
		ret = write_all(fd, line, strlen(line));
		if (ret || !*c->to)
			continue;
		snprintf(path, sizeof(path), "%s/%s", root, c->path);
		ret = ops->write(path, c->to);
		if ((ret == -EIO || ret == -EPERM) && !strncmp(c->path, "proc/irq/", 9)) {
			/* a managed IRQ debugfs did not tell of: not changed, not logged */
			left(p, c->key, "managed by the kernel (it refused the write)");
			memmove(c, c + 1, (p->nr - i - 1) * sizeof(*c));
			p->nr--;
			i--;
			ret = ftruncate(fd, at) || lseek(fd, at, SEEK_SET) < 0 ? -errno : 0;
			continue;
		}
		if (ret)
			set_err(err, errlen, ret, "%s: writing %s: %s (%u change%s made before it: "
				"ssdk system reset undoes them)", path, c->to, strerror(-ret),
				done, done == 1 ? "" : "s");
		else
			done++;
	}
	if (close(fd) && !ret)
		ret = set_err(err, errlen, -errno, "%s: %s", p->state, strerror(errno));
	if (!p->nr && !ret)
		unlink(p->state);	/* nothing to undo */
	return ret;
}

/* A state file's line read into a change. Return: 0 or -EPROTO. */
static int parse_change(char *line, struct tune_change *c)
{
	char *f[4], *save = NULL;
	unsigned int i;

	memset(c, 0, sizeof(*c));
	line[strcspn(line, "\n")] = '\0';
	for (i = 0; i < 4; i++) {
		f[i] = i < 3 ? strsep(&line, "\t") : line;
		if (!f[i] || (i < 3 && !line))
			return -EPROTO;
	}
	(void)save;
	if (strchr(f[3], '\t') || strstr(f[1], "..") || *f[1] == '/' ||
	    (size_t)snprintf(c->key, sizeof(c->key), "%s", f[0]) >= sizeof(c->key) ||
	    (size_t)snprintf(c->path, sizeof(c->path), "%s", f[1]) >= sizeof(c->path) ||
	    (size_t)snprintf(c->from, sizeof(c->from), "%s", f[2]) >= sizeof(c->from) ||
	    (size_t)snprintf(c->to, sizeof(c->to), "%s", f[3]) >= sizeof(c->to))
		return -EPROTO;
	return 0;
}

/**
 * tune_state_read() - The changes a state file logs.
 * @root: The root, "" for this machine.
 * @p: Filled in.
 * @err: Said on failure.
 * @errlen: Room in @err.
 *
 * Return: 0; -ENOENT when there is none (nothing to reset), -EPROTO for a
 * file that is not one.
 */
int tune_state_read(const char *root, struct tune_plan *p, char *err, size_t errlen)
{
	char line[TUNE_PATH_LEN + 3 * TUNE_VALUE_LEN + 8];
	unsigned int n = 0;
	FILE *f;
	int ret = 0;

	memset(p, 0, offsetof(struct tune_plan, c));
	p->nr_left = 0;
	snprintf(p->state, sizeof(p->state), "%s/%s", root, TUNE_STATE);
	f = fopen(p->state, "re");
	if (!f)
		return set_err(err, errlen, -errno, "%s: %s", p->state, strerror(errno));
	if (!fgets(line, sizeof(line), f))
		line[0] = '\0';
	if (!strchr(line, '\n') && !strncmp(line, TUNE_STATE_MAGIC, strlen(line))) {
		/* cut before its first line was whole: no change was logged, none made */
		fclose(f);
		return 0;
	}
	if (strcmp(line, TUNE_STATE_MAGIC "\n"))
		ret = set_err(err, errlen, -EPROTO, "%s: not ssdk's state file", p->state);
	while (!ret && fgets(line, sizeof(line), f)) {
		n++;
		if (!strchr(line, '\n'))	/* a line cut by a crash mid-write */
			break;
		if (p->nr == TUNE_MAX_CHANGES || parse_change(line, &p->c[p->nr]))
			ret = set_err(err, errlen, -EPROTO, "%s:%u: not a change", p->state, n + 1);
		else
			p->nr++;
	}
	fclose(f);
	return ret;
}

/**
 * tune_reset() - Write back what a state file says tune replaced.
 * @root: The root, "" for this machine.
 * @p: The changes (tune_state_read()); on return, those restored are
 *	its changes, and those left (changed by someone since) are in @left.
 * @ops: How to write.
 * @err: Said on failure.
 * @errlen: Room in @err.
 *
 * Last change first. A file that holds what tune found is left alone (a
 * change logged but not made, at a crash); one that holds neither what
 * tune found nor what it wrote was set by someone since, and is left too.
 * The state file is removed when every change is undone or left.
 *
 * Return: 0, or a write's negative errno (the state file then stays).
 */
int tune_reset(const char *root, struct tune_plan *p, const struct tune_ops *ops,
	       char *err, size_t errlen)
{
	char now[TUNE_VALUE_LEN], path[PATH_MAX];
	unsigned int i, kept = 0;
	int ret = 0;

	for (i = p->nr; i-- > 0;) {
		struct tune_change *c = &p->c[i];

		if (value_of(root, c->path, now, sizeof(now)) || !strcmp(now, c->from))
			continue;
		if (*c->to && strcmp(now, c->to)) {
			left(p, c->key, "%s: now %s, set since tune (it wrote %s): left", c->path,
			     now, c->to);
			continue;
		}
		snprintf(path, sizeof(path), "%s/%s", root, c->path);
		ret = ops->write(path, c->from);
		if (ret) {
			set_err(err, errlen, ret, "%s: writing %s: %s", path, c->from, strerror(-ret));
			break;
		}
		p->c[p->nr - 1 - kept] = *c;	/* the restored, at the end, in order */
		kept++;
	}
	if (kept)
		memmove(p->c, p->c + p->nr - kept, kept * sizeof(*p->c));
	p->nr = kept;
	if (!ret && unlink(p->state) && errno != ENOENT)
		ret = set_err(err, errlen, -errno, "%s: %s", p->state, strerror(errno));
	return ret;
}
