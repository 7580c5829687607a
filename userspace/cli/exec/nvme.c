// SPDX-License-Identifier: GPL-2.0
/*
 * Purges by an NVMe drive's firmware (nvme.h, nvme_erase.h): Format NVM
 * with a secure erase, and Sanitize, through the kernel's admin
 * passthrough on the namespace's block device.
 *
 * The namespace is opened O_EXCL for the whole purge, so that a mounted
 * or held namespace is refused as the module refuses it, and nothing uses
 * it while its data goes. Both commands erase more than a span: Format
 * NVM the namespace (or, where FNA says so, every namespace of the
 * controller), Sanitize the whole NVM subsystem. So they take no span,
 * refuse a partition, and refuse a controller with another active
 * namespace that they would erase too.
 *
 * A format blocks in the ioctl until the drive is done: a thread issues
 * it while the caller shows the time, and the Format Progress Indicator
 * where the namespace has one. It cannot be stopped. A sanitize returns
 * at once and runs in the drive, which reports its progress in the
 * Sanitize Status log, polled once a second; Ctrl-C stops the wait, not
 * the sanitize, which the drive completes even across a power cycle.
 */

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <time.h>
#include <unistd.h>

#include <linux/fs.h>
#include <linux/nvme_ioctl.h>

#include "engine.h"
#include "cli.h"
#include "nvme.h"

#define NVME_ADMIN_GET_LOG_PAGE	0x02
#define NVME_ADMIN_IDENTIFY	0x06
#define NVME_ADMIN_FORMAT_NVM	0x80
#define NVME_ADMIN_SANITIZE	0x84

#define NVME_ID_CNS_NS		0x00
#define NVME_ID_CNS_CTRL	0x01
#define NVME_ID_CNS_NS_ACTIVE	0x02
#define NVME_LOG_SANITIZE	0x81

/*
 * A format of a large drive takes minutes, and the passthrough's default
 * limit is 60 s, past which the driver resets the controller: the format
 * gets an hour, and so does an Identify sent while it runs, which a drive
 * may hold until the format is done.
 */
#define FORMAT_TIMEOUT_MS	(60u * 60 * 1000)

/* An admin command: 0, its NVMe status (> 0), or -errno. */
static int admin(int fd, uint8_t opcode, uint32_t nsid, uint32_t cdw10, void *data,
		 uint32_t len, uint32_t timeout_ms)
{
	struct nvme_admin_cmd cmd = {
		.opcode = opcode,
		.nsid = nsid,
		.addr = (uintptr_t)data,
		.data_len = len,
		.cdw10 = cdw10,
		.timeout_ms = timeout_ms,
	};
	int ret = ioctl(fd, NVME_IOCTL_ADMIN_CMD, &cmd);

	return ret < 0 ? -errno : ret;
}

static int identify(int fd, uint32_t cns, uint32_t nsid, uint8_t *buf, uint32_t timeout_ms)
{
	return admin(fd, NVME_ADMIN_IDENTIFY, nsid, cns, buf, NVME_IDENTIFY_LEN, timeout_ms);
}

/* An admin command's failure in @why: what, and the status or errno. */
static int admin_failed(const char *what, int ret, char *why, size_t len)
{
	if (ret < 0)
		snprintf(why, len, "%s: %s", what, strerror(-ret));
	else
		snprintf(why, len, "%s: the drive says NVMe status %#x", what, ret);
	return ret < 0 ? ret : -EIO;
}

/**
 * struct nvme_ns - A namespace open for a purge.
 * @fd: Its block device, O_EXCL.
 * @nsid: Its id.
 * @size: Its bytes.
 * @id_ctrl: Its controller's Identify data.
 * @id_ns: Its Identify Namespace data.
 */
struct nvme_ns {
	int fd;
	uint32_t nsid;
	uint64_t size;
	uint8_t id_ctrl[NVME_IDENTIFY_LEN];
	uint8_t id_ns[NVME_IDENTIFY_LEN];
};

/* Whether @st is a partition's block device, as sysfs says. */
static int is_partition(const struct stat *st)
{
	char path[96];

	snprintf(path, sizeof(path), "/sys/dev/block/%u:%u/partition", major(st->st_rdev),
		 minor(st->st_rdev));
	return !access(path, F_OK);
}

/* Active namespaces of the controller (Identify's list of 1024 at most). */
static int active_namespaces(int fd, unsigned int *n)
{
	uint8_t list[NVME_IDENTIFY_LEN];
	int ret;

	ret = identify(fd, NVME_ID_CNS_NS_ACTIVE, 0, list, 0);
	if (!ret)
		*n = nvme_active_namespaces(list);
	return ret;
}

/*
 * Open @target for method @m, and check that it may go: an NVMe
 * namespace, whole, held by nobody, whose controller offers @m without
 * erasing another namespace. Return 0 (@ns->fd open) or -errno, said in @why.
 */
static int ns_open(const char *target, enum nvme_erase m, struct nvme_ns *ns, char *why,
		   size_t len)
{
	unsigned int active;
	struct stat st;
	int ret, id;

	ns->fd = open(target, O_RDWR | O_EXCL | O_CLOEXEC);
	if (ns->fd < 0) {
		ret = -errno;
		snprintf(why, len, "target: %s: %s", target,
			 ret == -EBUSY ? "in use (mounted or held)" : strerror(-ret));
		return ret;
	}
	ret = -ENOTBLK;
	if (fstat(ns->fd, &st) || !S_ISBLK(st.st_mode)) {
		snprintf(why, len, "%s: %s is not a block device", nvme_erases[m].name, target);
		goto close_fd;
	}
	ret = -EINVAL;
	if (is_partition(&st)) {
		snprintf(why, len, "%s: erases a whole namespace: %s is a partition",
			 nvme_erases[m].name, target);
		goto close_fd;
	}
	id = ioctl(ns->fd, NVME_IOCTL_ID);
	if (id <= 0) {
		ret = -ENOTTY;
		snprintf(why, len, "%s: %s is not an NVMe namespace", nvme_erases[m].name, target);
		goto close_fd;
	}
	ns->nsid = id;
	if (ioctl(ns->fd, BLKGETSIZE64, &ns->size)) {
		ret = admin_failed("BLKGETSIZE64", -errno, why, len);
		goto close_fd;
	}
	ret = identify(ns->fd, NVME_ID_CNS_CTRL, 0, ns->id_ctrl, 0);
	if (!ret)
		ret = identify(ns->fd, NVME_ID_CNS_NS, ns->nsid, ns->id_ns, 0);
	if (!ret)
		ret = active_namespaces(ns->fd, &active);
	if (ret) {
		ret = admin_failed("Identify", ret, why, len);
		goto close_fd;
	}
	ret = nvme_erase_offered(m, ns->id_ctrl, active, why, len);
	if (ret)
		goto close_fd;
	return 0;

close_fd:
	close(ns->fd);
	return ret;
}

/**
 * nvme_erase_check() - Whether a method may purge a target, changing nothing.
 * @target: The namespace's block device.
 * @m: The method.
 * @why: Where to say why not.
 * @len: Room in @why.
 *
 * Return: 0 or -errno, said in @why.
 */
int nvme_erase_check(const char *target, enum nvme_erase m, char *why, size_t len)
{
	struct nvme_ns ns;
	int ret = ns_open(target, m, &ns, why, len);

	if (!ret)
		close(ns.fd);
	return ret;
}

static void show_progress(enum nvme_erase m, const char *target, uint64_t ns, int pct,
			  const char *note)
{
	fprintf(stderr, "\r[%s %s] %.1f s", nvme_erases[m].name, target, ns / 1e9);
	if (pct >= 0)
		fprintf(stderr, "  %d%% done", pct);
	fprintf(stderr, "%s%s\033[K", note ? "  " : "", note ? note : "");
	fflush(stderr);
}

/**
 * struct format_cmd - A Format NVM in its thread.
 * @ns: The namespace.
 * @cdw10: The command's dword 10.
 * @ret: What admin() returned.
 * @done: Set when it has.
 */
struct format_cmd {
	const struct nvme_ns *ns;
	uint32_t cdw10;
	int ret;
	int done;
};

static void *format_thread(void *arg)
{
	struct format_cmd *f = arg;

	f->ret = admin(f->ns->fd, NVME_ADMIN_FORMAT_NVM, f->ns->nsid, f->cdw10, NULL, 0,
		       FORMAT_TIMEOUT_MS);
	__atomic_store_n(&f->done, 1, __ATOMIC_RELEASE);
	return NULL;
}

static int run_format(const char *target, enum nvme_erase m, struct nvme_ns *ns, int progress,
		      uint64_t start, char *why, size_t len)
{
	struct format_cmd f = { .ns = ns, .cdw10 = nvme_format_cdw10(ns->id_ns, m) };
	/* Ask for progress only of a namespace that reports it. */
	int fpi = nvme_format_progress(ns->id_ns) >= 0, pct = -1, said = 0;
	const struct timespec tick = { 0, 100 * 1000 * 1000 };
	uint8_t id[NVME_IDENTIFY_LEN];
	pthread_t thread;
	unsigned int n;

	sigset_t all, old;
	int err;

	/* Signals go to this thread, which says that a format cannot stop. */
	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, &old);
	err = pthread_create(&thread, NULL, format_thread, &f);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (err)
		return admin_failed("Format NVM", -err, why, len);
	for (n = 0; !__atomic_load_n(&f.done, __ATOMIC_ACQUIRE); n++) {
		nanosleep(&tick, NULL);
		if (cli_signalled() && !said++)
			fprintf(stderr, "\n%s: a format cannot be stopped: waiting for the drive\n",
				nvme_erases[m].name);
		if (!progress || n % 10)
			continue;
		if (fpi && !identify(ns->fd, NVME_ID_CNS_NS, ns->nsid, id, FORMAT_TIMEOUT_MS))
			pct = nvme_format_progress(id);
		show_progress(m, target, ujob_now_ns() - start, pct,
			      fpi ? NULL : "(the drive reports no progress)");
	}
	pthread_join(thread, NULL);
	return f.ret ? admin_failed("Format NVM", f.ret, why, len) : 0;
}

static int run_sanitize(const char *target, enum nvme_erase m, struct nvme_ns *ns,
			int progress, uint64_t start, struct drive_erase_result *res,
			char *why, size_t len)
{
	uint32_t numdl = NVME_SANITIZE_LOG_LEN / 4 - 1;
	uint8_t log[NVME_SANITIZE_LOG_LEN];
	char note[64];
	struct nvme_sanitize_state s;
	int ret;

	ret = admin(ns->fd, NVME_ADMIN_SANITIZE, 0, nvme_sanitize_cdw10(m), NULL, 0, 0);
	if (ret)
		return admin_failed("Sanitize", ret, why, len);
	for (;;) {
		ret = admin(ns->fd, NVME_ADMIN_GET_LOG_PAGE, UINT32_MAX,
			    NVME_LOG_SANITIZE | numdl << 16, log, sizeof(log), 0);
		if (ret)
			return admin_failed("the Sanitize Status log", ret, why, len);
		nvme_sanitize_parse(log, m, &s);
		if (s.status != NVME_SANITIZE_IN_PROGRESS)
			break;
		if (progress) {
			snprintf(note, sizeof(note), "(the drive expects %u s)", s.estimate_s);
			show_progress(m, target, ujob_now_ns() - start,
				      (int)((uint64_t)s.progress * 100 >> 16),
				      s.estimate_s ? note : NULL);
		}
		if (cli_signalled()) {
			res->interrupted = 1;
			snprintf(why, len,
				 "%s: stopped waiting: the drive goes on with the sanitize (its log says how far)",
				 nvme_erases[m].name);
			return -EINTR;
		}
		sleep(1);
	}
	if (s.status == NVME_SANITIZE_FAILED) {
		snprintf(why, len, "%s: the drive says the sanitize failed", nvme_erases[m].name);
		return -EIO;
	}
	/* The log must be of this sanitize, not say what an earlier one did. */
	if (s.status == NVME_SANITIZE_NEVER || s.cdw10 != nvme_sanitize_cdw10(m)) {
		snprintf(why, len,
			 "%s: the drive accepted the sanitize, but its log shows none done (status %u, SCDW10 %#x)",
			 nvme_erases[m].name, s.status, s.cdw10);
		return -EIO;
	}
	return 0;
}

/**
 * nvme_erase_run() - Purge a namespace by a method, and wait for the end.
 * @target: The namespace's block device.
 * @m: The method.
 * @progress: Show a progress line on stderr.
 * @res: How it went; filled in whatever the outcome.
 * @why: Where to say why it failed.
 * @len: Room in @why.
 *
 * The page cache of the namespace is dropped afterwards, so that no read
 * through it sees what the drive erased.
 *
 * Context: Call cli_catch_signals() first: Ctrl-C then stops a
 * sanitize's wait (-EINTR, @res->interrupted) and not a format's.
 * Return: 0 or -errno, said in @why.
 */
int nvme_erase_run(const char *target, enum nvme_erase m, int progress,
		   struct drive_erase_result *res, char *why, size_t len)
{
	struct nvme_ns ns;
	uint64_t start;
	int ret;

	memset(res, 0, sizeof(*res));
	ret = ns_open(target, m, &ns, why, len);
	if (ret)
		return ret;
	res->bytes = ns.size;
	start = ujob_now_ns();
	if (nvme_erase_is_format(m))
		ret = run_format(target, m, &ns, progress, start, why, len);
	else
		ret = run_sanitize(target, m, &ns, progress, start, res, why, len);
	res->elapsed_ns = ujob_now_ns() - start;
	if (progress)
		fputs("\r\033[K", stderr);
	ioctl(ns.fd, BLKFLSBUF, 0);
	close(ns.fd);
	return ret;
}
