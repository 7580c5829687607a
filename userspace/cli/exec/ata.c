// SPDX-License-Identifier: GPL-2.0
/*
 * Purges by a SATA drive's firmware (ata.h, ata_erase.h): the ATA
 * Security feature set's erase, in hdparm's order: IDENTIFY DEVICE,
 * SECURITY SET PASSWORD (the user password "ssdk"), SECURITY ERASE
 * PREPARE, SECURITY ERASE UNIT, each an ATA PASS-THROUGH (16) through
 * SG_IO on the drive's block device.
 *
 * The drive is opened O_EXCL for the whole purge, so that a mounted or
 * held drive is refused as the module refuses it, and nothing uses it
 * while its data goes. The erase is of the whole drive: it takes no span
 * and refuses a partition. Everything IDENTIFY tells is checked before
 * the password is set: a device that takes no ATA PASS-THROUGH, a drive
 * without the Security feature set, frozen, locked, with a password
 * already or whose unlock attempts expired is refused, saying what to
 * do, and nothing is sent to it but IDENTIFY.
 *
 * SECURITY ERASE UNIT blocks in the ioctl until the drive is done: a
 * thread issues it while the caller shows the time and the drive's
 * estimate. It cannot be stopped. A successful erase leaves the drive's
 * security disabled, its password gone; one that fails once the password
 * may be set says how to remove it (hdparm --security-disable ssdk).
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
#include <scsi/sg.h>

#include "engine.h"
#include "cli.h"
#include "ata.h"

/*
 * IDENTIFY, SECURITY SET PASSWORD and SECURITY ERASE PREPARE: hdparm
 * gives them 15 s; a drive spinning up from standby may need more.
 */
#define CMD_TIMEOUT_MS		(30u * 1000)

/* SG_IO's status (SAM), sense key, driver status and host status. */
#define SAM_CHECK_CONDITION	0x02
#define SENSE_ILLEGAL_REQUEST	0x05
#define SG_DRIVER_SENSE		0x08
#define SG_DID_TIME_OUT		0x03

/**
 * struct ata_drive - A drive open for a purge.
 * @fd: Its block device, O_EXCL.
 * @size: Its bytes.
 * @sec: Its IDENTIFY, read.
 */
struct ata_drive {
	int fd;
	uint64_t size;
	struct ata_security sec;
};

/* The sense key of fixed or descriptor format sense data, or -1. */
static int sense_key(const uint8_t *sb, size_t len)
{
	uint8_t code = len ? sb[0] & 0x7f : 0;

	if ((code == 0x72 || code == 0x73) && len > 1)
		return sb[1] & 0xf;
	if ((code == 0x70 || code == 0x71) && len > 2)
		return sb[2] & 0xf;
	return -1;
}

/*
 * One command, with its one block of @data in or out: 0; 1 when the
 * drive ended it in error (its registers in @r); -EOPNOTSUPP when the
 * device refuses ATA PASS-THROUGH; -ETIMEDOUT; -errno when SG_IO or the
 * transport failed.
 */
static int pass_through(int fd, uint8_t command, enum ata_protocol proto, uint8_t *data,
			uint32_t timeout_ms, struct ata_return *r)
{
	uint8_t cdb[ATA_PT16_LEN], sb[64] = { 0 };
	struct sg_io_hdr io = {
		.interface_id = 'S',
		.cmd_len = sizeof(cdb),
		.cmdp = cdb,
		.mx_sb_len = sizeof(sb),
		.sbp = sb,
		.dxfer_direction = proto == ATA_PROTO_PIO_IN ? SG_DXFER_FROM_DEV :
				   proto == ATA_PROTO_PIO_OUT ? SG_DXFER_TO_DEV : SG_DXFER_NONE,
		.dxferp = data,
		.dxfer_len = data ? ATA_SECTOR_LEN : 0,
		.timeout = timeout_ms,
	};
	int regs;

	ata_pt16_cdb(cdb, command, proto);
	memset(r, 0, sizeof(*r));
	if (ioctl(fd, SG_IO, &io) < 0)
		return -errno;
	regs = !ata_sense_return(sb, io.sb_len_wr, r);
	if (regs && (r->status & (ATA_STATUS_ERR | ATA_STATUS_DF)))
		return 1;
	if (io.host_status)
		return io.host_status == SG_DID_TIME_OUT ? -ETIMEDOUT : -EIO;
	if (io.driver_status & ~SG_DRIVER_SENSE)
		return -EIO;
	if (io.status == SAM_CHECK_CONDITION && !regs)
		return sense_key(sb, io.sb_len_wr) == SENSE_ILLEGAL_REQUEST ? -EOPNOTSUPP : -EIO;
	return io.status && io.status != SAM_CHECK_CONDITION ? -EIO : 0;
}

static int identify(int fd, uint8_t *id, struct ata_return *r)
{
	return pass_through(fd, ATA_CMD_IDENTIFY, ATA_PROTO_PIO_IN, id, CMD_TIMEOUT_MS, r);
}

/* A command's failure in @why: what, and the drive's registers or errno. */
static int cmd_failed(const char *what, int ret, const struct ata_return *r, char *why,
		      size_t len)
{
	if (ret == -EPERM || ret == -EACCES)
		snprintf(why, len, "%s: %s: ATA pass-through needs CAP_SYS_RAWIO", what,
			 strerror(-ret));
	else if (ret < 0)
		snprintf(why, len, "%s: %s", what, strerror(-ret));
	else
		snprintf(why, len, "%s: the drive refused it (ATA status %#x, error %#x%s)", what,
			 r->status, r->error, r->error & ATA_ERROR_ABRT ? ": aborted" : "");
	return ret < 0 ? ret : -EIO;
}

/* Whether @st's block device has sysfs attribute @name. */
static int has_attr(const struct stat *st, const char *name)
{
	char path[96];

	snprintf(path, sizeof(path), "/sys/dev/block/%u:%u/%s", major(st->st_rdev),
		 minor(st->st_rdev), name);
	return !access(path, F_OK);
}

/*
 * Open @target for method @m, and check that it may go: a whole drive,
 * held by nobody, that takes ATA PASS-THROUGH, whose IDENTIFY says @m
 * may erase it with ssdk's password. Return 0 (@d->fd open) or -errno,
 * said in @why.
 */
static int drive_open(const char *target, enum ata_erase m, struct ata_drive *d, char *why,
		      size_t len)
{
	const char *name = ata_erases[m].name;
	uint8_t id[ATA_SECTOR_LEN];
	struct ata_return r;
	struct stat st;
	int ret;

	d->fd = open(target, O_RDWR | O_EXCL | O_CLOEXEC);
	if (d->fd < 0) {
		ret = -errno;
		snprintf(why, len, "target: %s: %s", target,
			 ret == -EBUSY ? "in use (mounted or held)" : strerror(-ret));
		return ret;
	}
	ret = -ENOTBLK;
	if (fstat(d->fd, &st) || !S_ISBLK(st.st_mode)) {
		snprintf(why, len, "%s: %s is not a block device", name, target);
		goto close_fd;
	}
	ret = -EINVAL;
	if (has_attr(&st, "partition")) {
		snprintf(why, len, "%s: erases a whole drive: %s is a partition", name, target);
		goto close_fd;
	}
	/*
	 * A device-mapper, md or loop device has no device of its own, and
	 * device-mapper passes SG_IO on to the disk under it (to a mere part
	 * of it for CAP_SYS_RAWIO): the erase would take the whole disk.
	 */
	if (!has_attr(&st, "device")) {
		snprintf(why, len,
			 "%s: %s is no drive's own block device (device-mapper, md, loop, null_blk...: one stacked on a disk could pass the erase on to the whole disk): name the drive itself",
			 name, target);
		goto close_fd;
	}
	if (ioctl(d->fd, BLKGETSIZE64, &d->size)) {
		ret = cmd_failed("BLKGETSIZE64", -errno, NULL, why, len);
		goto close_fd;
	}
	ret = identify(d->fd, id, &r);
	if (ret == -ENOTTY || ret == -EINVAL || ret == -EOPNOTSUPP) {
		snprintf(why, len, "%s: %s is not an ATA drive, or no SCSI-to-ATA translation reaches it (%s%s)",
			 name, target, ret == -EOPNOTSUPP ? "ATA PASS-THROUGH refused" : "SG_IO: ",
			 ret == -EOPNOTSUPP ? "" : strerror(-ret));
		ret = -EOPNOTSUPP;
		goto close_fd;
	}
	if (ret) {
		ret = cmd_failed("IDENTIFY DEVICE", ret, &r, why, len);
		goto close_fd;
	}
	ata_identify_parse(id, &d->sec);
	ret = ata_erase_offered(m, &d->sec, why, len);
	if (ret)
		goto close_fd;
	return 0;

close_fd:
	close(d->fd);
	return ret;
}

/**
 * ata_erase_check() - Whether a method may purge a target, changing nothing.
 * @target: The drive's block device.
 * @m: The method.
 * @why: Where to say why not.
 * @len: Room in @why.
 *
 * Nothing is sent to the drive but IDENTIFY DEVICE.
 *
 * Return: 0 or -errno, said in @why.
 */
int ata_erase_check(const char *target, enum ata_erase m, char *why, size_t len)
{
	struct ata_drive d;
	int ret = drive_open(target, m, &d, why, len);

	if (!ret)
		close(d.fd);
	return ret;
}

/*
 * After a failure once ssdk's password may be set: unless IDENTIFY says
 * security is disabled, say in @why how to remove the password.
 */
static void say_recovery(const char *target, int fd, char *why, size_t len)
{
	uint8_t id[ATA_SECTOR_LEN];
	struct ata_security s;
	struct ata_return r;
	size_t n = strlen(why);
	int known = !identify(fd, id, &r);

	if (known) {
		ata_identify_parse(id, &s);
		if (!s.enabled)
			return;
	}
	snprintf(why + n, n < len ? len - n : 0,
		 "; the drive %s the user password \"%s\" ssdk set: remove it with hdparm --security-disable %s %s (it also unlocks the drive, which a power cycle locks)",
		 known ? "keeps" : "may keep", ATA_ERASE_PASSWORD, ATA_ERASE_PASSWORD, target);
}

static void show_progress(enum ata_erase m, const char *target, uint64_t ns,
			  const struct ata_security *s)
{
	uint32_t min = m == ATA_ERASE_ENHANCED ? s->enhanced_min : s->erase_min;
	int more = m == ATA_ERASE_ENHANCED ? s->enhanced_more : s->erase_more;

	fprintf(stderr, "\r[%s %s] %.1f s", ata_erases[m].name, target, ns / 1e9);
	if (min)
		fprintf(stderr, "  (the drive expects %s%u min)", more ? "more than " : "", min);
	else
		fputs("  (the drive gives no estimate)", stderr);
	fputs("\033[K", stderr);
	fflush(stderr);
}

/**
 * struct erase_cmd - SECURITY ERASE UNIT in its thread.
 * @fd: The drive.
 * @data: The command's data.
 * @timeout_ms: Its timeout.
 * @r: The drive's registers, when it ended the command in error.
 * @ret: What pass_through() returned.
 * @done: Set when it has.
 */
struct erase_cmd {
	int fd;
	uint8_t data[ATA_SECTOR_LEN];
	uint32_t timeout_ms;
	struct ata_return r;
	int ret;
	int done;
};

static void *erase_thread(void *arg)
{
	struct erase_cmd *e = arg;

	e->ret = pass_through(e->fd, ATA_CMD_SECURITY_ERASE_UNIT, ATA_PROTO_PIO_OUT, e->data,
			      e->timeout_ms, &e->r);
	__atomic_store_n(&e->done, 1, __ATOMIC_RELEASE);
	return NULL;
}

/* SECURITY ERASE UNIT, waited for with the time shown. */
static int run_erase(const char *target, enum ata_erase m, struct ata_drive *d, int progress,
		     uint64_t start, char *why, size_t len)
{
	struct erase_cmd e = {
		.fd = d->fd,
		.timeout_ms = ata_erase_timeout_s(&d->sec, m, d->size) * 1000u,
	};
	const struct timespec tick = { 0, 100 * 1000 * 1000 };
	sigset_t all, old;
	pthread_t thread;
	unsigned int n;
	int err, said = 0;

	ata_erase_data(e.data, ATA_ERASE_PASSWORD, m);
	/* Signals go to this thread, which says that an erase cannot stop. */
	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, &old);
	err = pthread_create(&thread, NULL, erase_thread, &e);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (err)
		return cmd_failed("SECURITY ERASE UNIT", -err, NULL, why, len);
	for (n = 0; !__atomic_load_n(&e.done, __ATOMIC_ACQUIRE); n++) {
		nanosleep(&tick, NULL);
		if (cli_signalled() && !said++)
			fprintf(stderr, "\n%s: an erase cannot be stopped: waiting for the drive\n",
				ata_erases[m].name);
		if (progress && !(n % 10))
			show_progress(m, target, ujob_now_ns() - start, &d->sec);
	}
	pthread_join(thread, NULL);
	return e.ret ? cmd_failed("SECURITY ERASE UNIT", e.ret, &e.r, why, len) : 0;
}

/* The commands, in hdparm's order, from the password on. */
static int send_erase(const char *target, enum ata_erase m, struct ata_drive *d, int progress,
		      uint64_t start, char *why, size_t len)
{
	uint8_t buf[ATA_SECTOR_LEN];
	struct ata_security after;
	struct ata_return r;
	int ret;

	ata_password_data(buf, ATA_ERASE_PASSWORD);
	ret = pass_through(d->fd, ATA_CMD_SECURITY_SET_PASSWORD, ATA_PROTO_PIO_OUT, buf,
			   CMD_TIMEOUT_MS, &r);
	if (ret)
		return cmd_failed("SECURITY SET PASSWORD", ret, &r, why, len);
	ret = pass_through(d->fd, ATA_CMD_SECURITY_ERASE_PREPARE, ATA_PROTO_NON_DATA, NULL,
			   CMD_TIMEOUT_MS, &r);
	if (ret)
		return cmd_failed("SECURITY ERASE PREPARE", ret, &r, why, len);
	ret = run_erase(target, m, d, progress, start, why, len);
	if (ret)
		return ret;
	/* The erase ends with security disabled: the drive must say so. */
	ret = identify(d->fd, buf, &r);
	if (ret)
		return cmd_failed("IDENTIFY DEVICE after the erase", ret, &r, why, len);
	ata_identify_parse(buf, &after);
	if (after.enabled) {
		snprintf(why, len, "%s: the drive ended the erase without error, but its security is still enabled",
			 ata_erases[m].name);
		return -EIO;
	}
	return 0;
}

/**
 * ata_erase_run() - Purge a drive by a method, and wait for the end.
 * @target: The drive's block device.
 * @m: The method.
 * @progress: Show a progress line on stderr.
 * @res: How it went; filled in whatever the outcome.
 * @why: Where to say why it failed, and, once ssdk's password may be
 *	set, how to remove it.
 * @len: Room in @why.
 *
 * The page cache of the drive is dropped afterwards, so that no read
 * through it sees what the drive erased.
 *
 * Context: Call cli_catch_signals() first: Ctrl-C does not stop an erase.
 * Return: 0 or -errno, said in @why.
 */
int ata_erase_run(const char *target, enum ata_erase m, int progress,
		  struct drive_erase_result *res, char *why, size_t len)
{
	struct ata_drive d;
	uint64_t start;
	int ret;

	memset(res, 0, sizeof(*res));
	ret = drive_open(target, m, &d, why, len);
	if (ret)
		return ret;
	res->bytes = d.size;
	start = ujob_now_ns();
	ret = send_erase(target, m, &d, progress, start, why, len);
	res->elapsed_ns = ujob_now_ns() - start;
	if (progress)
		fputs("\r\033[K", stderr);
	if (ret)
		say_recovery(target, d.fd, why, len);
	ioctl(d.fd, BLKFLSBUF, 0);
	close(d.fd);
	return ret;
}
