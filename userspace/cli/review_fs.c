// SPDX-License-Identifier: GPL-2.0
/*
 * A review's filesystems (review_fs.h): Debian's tools run as a user
 * would run them, with their output kept for the message when they fail.
 */

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/wait.h>
#include <unistd.h>

#include "review_fs.h"
#include "values.h"

#define FS_MAX_ARGS	48

/**
 * struct fs_kind - What ssdk knows of a filesystem.
 * @name: Its name, as mount(2) and --fs have it.
 * @mkfs: Its tool.
 * @args: The tool's options that make it whole without discarding
 *	(which would purge the drive) and without asking.
 * @dry: The tool's option that checks the device and options and writes
 *	nothing, or NULL when it has none.
 * @version: The tool's option that prints its version.
 * @mount_options: Options of every mount: no atime updates, and for ext4
 *	no inode tables initialised and no bitmaps read behind the runs.
 */
struct fs_kind {
	const char *name;
	const char *mkfs;
	const char *args;
	const char *dry;
	const char *version;
	const char *mount_options;
};

static const struct fs_kind kinds[] = {
	{ "ext4", "mkfs.ext4", "-q -F -E nodiscard,lazy_itable_init=1,lazy_journal_init=1", "-n",
	  "-V", "noatime,noinit_itable,no_prefetch_block_bitmaps" },
	{ "xfs", "mkfs.xfs", "-q -f -K", "-N", "-V", "noatime" },
	{ "btrfs", "mkfs.btrfs", "-q -f -K", NULL, "--version", "noatime" },
};


/**
 * fs_names() - The filesystems a review can make, for messages.
 *
 * Return: "ext4, xfs, btrfs".
 */
const char *fs_names(void)
{
	return "ext4, xfs, btrfs";
}

/**
 * tool_run() - Run a program and wait for it, its output kept.
 * @argv: The program (found in PATH) and its arguments.
 * @out: Its stdout and stderr, the start of them, NUL-terminated,
 *	trailing blanks cut.
 * @len: Room in @out.
 *
 * Return: Its exit status; 127 when it could not run, 128 + N when
 * signal N ended it.
 */
int tool_run(char *const argv[], char *out, size_t len)
{
	size_t n = 0;
	int fds[2], status;
	char sink[256];
	ssize_t r;
	pid_t pid;

	out[0] = '\0';
	if (pipe2(fds, O_CLOEXEC))
		return 127;
	pid = fork();
	if (pid < 0) {
		close(fds[0]);
		close(fds[1]);
		return 127;
	}
	if (!pid) {
		dup2(fds[1], STDOUT_FILENO);
		dup2(fds[1], STDERR_FILENO);
		execvp(argv[0], argv);
		fprintf(stderr, "%s: %s", argv[0], strerror(errno));
		_exit(127);
	}
	close(fds[1]);
	for (;;) {
		r = read(fds[0], n + 1 < len ? out + n : sink,
			 n + 1 < len ? len - 1 - n : sizeof(sink));
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			break;
		if (n + 1 < len)
			n += r;
	}
	close(fds[0]);
	out[n] = '\0';
	while (n && (out[n - 1] == '\n' || out[n - 1] == ' '))
		out[--n] = '\0';
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return 127;
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

/* A tool's output, one line. */
static void one_line(char *s)
{
	for (; *s; s++)
		if (*s == '\n')
			*s = ' ';
}

/* Whether the kernel knows @name now (/proc/filesystems). */
static int kernel_has(const char *name)
{
	char line[128], *fs;
	int found = 0;
	FILE *f;

	f = fopen("/proc/filesystems", "r");
	if (!f)
		return 0;
	while (!found && fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = '\0';
		fs = strrchr(line, '\t');
		found = fs && !strcmp(fs + 1, name);
	}
	fclose(f);
	return found;
}

/* @name in PATH, into @path. */
static int in_path(const char *name, char *path, size_t size)
{
	const char *env = getenv("PATH");
	char dirs[4096], *dir, *save;

	snprintf(dirs, sizeof(dirs), "%s", env ? env : "/usr/sbin:/usr/bin:/sbin:/bin");
	for (dir = strtok_r(dirs, ":", &save); dir; dir = strtok_r(NULL, ":", &save)) {
		snprintf(path, size, "%s/%s", dir, name);
		if (!access(path, X_OK))
			return 0;
	}
	return -1;
}

/**
 * fs_find() - A filesystem a review can make: its tool and the kernel's support.
 * @name: Its name.
 * @fs: Filled in.
 * @err: Why not.
 * @len: Room in @err.
 *
 * The kernel's support is looked for in /proc/filesystems, after
 * modprobe when it is not there yet.
 *
 * Return: 0 or -1.
 */
int fs_find(const char *name, struct review_fs *fs, char *err, size_t len)
{
	char *modprobe[] = { "modprobe", "-q", (char *)name, NULL };
	char *version[3] = { NULL };
	const struct fs_kind *k = NULL;
	char out[256];
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(kinds); i++)
		if (!strcmp(kinds[i].name, name))
			k = &kinds[i];
	if (!k) {
		snprintf(err, len, "'%s' is none of %s", name, fs_names());
		return -1;
	}
	memset(fs, 0, sizeof(*fs));
	fs->name = k->name;
	fs->mkfs_args = k->args;
	fs->mount_options = k->mount_options;
	if (in_path(k->mkfs, fs->mkfs, sizeof(fs->mkfs))) {
		snprintf(err, len, "%s: no %s in PATH (Debian: apt install %s)", name, k->mkfs,
			 !strcmp(name, "ext4") ? "e2fsprogs" : !strcmp(name, "xfs") ?
			 "xfsprogs" : "btrfs-progs");
		return -1;
	}
	if (!kernel_has(name)) {
		tool_run(modprobe, out, sizeof(out));
		if (!kernel_has(name)) {
			snprintf(err, len, "%s: this kernel has no %s (not in /proc/filesystems, and modprobe %s did not add it)",
				 name, name, name);
			return -1;
		}
	}
	version[0] = fs->mkfs;
	version[1] = (char *)k->version;
	tool_run(version, out, sizeof(out));
	out[strcspn(out, "\n")] = '\0';
	snprintf(fs->version, sizeof(fs->version), "%s", out);
	return 0;
}

/* @s split at blanks into @argv from @n; NULL-terminated. */
static int split(char *s, char **argv, unsigned int n, unsigned int max)
{
	char *save, *w;

	for (w = strtok_r(s, " \t", &save); w; w = strtok_r(NULL, " \t", &save)) {
		if (n + 2 > max)
			return -1;
		argv[n++] = w;
	}
	argv[n] = NULL;
	return n;
}

/**
 * fs_mkfs() - Make a filesystem on a device, or check that it would be made.
 * @fs: The filesystem.
 * @dev: The device.
 * @options: The suite's options of the tool, after ssdk's; "" for none.
 * @dry: Check only: the tool's dry run, which writes nothing (a tool
 *	without one: its options are not checked).
 * @err: The tool's words when it fails.
 * @len: Room in @err.
 *
 * Return: 0 or -1.
 */
int fs_mkfs(const struct review_fs *fs, const char *dev, const char *options, int dry,
	    char *err, size_t len)
{
	char args[512], out[1024], *argv[FS_MAX_ARGS];
	const struct fs_kind *k = NULL;
	unsigned int i;
	int n;

	for (i = 0; i < ARRAY_SIZE(kinds); i++)
		if (!strcmp(kinds[i].name, fs->name))
			k = &kinds[i];
	if (dry && !k->dry)
		return 0;
	snprintf(args, sizeof(args), "%s %s %s", dry ? k->dry : "", fs->mkfs_args,
		 options ? options : "");
	argv[0] = (char *)fs->mkfs;
	n = split(args, argv, 1, FS_MAX_ARGS - 1);
	if (n < 0) {
		snprintf(err, len, "%s: too many options", fs->mkfs);
		return -1;
	}
	argv[n++] = (char *)dev;
	argv[n] = NULL;
	n = tool_run(argv, out, sizeof(out));
	if (n) {
		one_line(out);
		snprintf(err, len, "%s%s failed (exit %d): %s", fs->mkfs, dry ? "'s dry run" : "", n,
			 out[0] ? out : "no message");
		return -1;
	}
	return 0;
}

/**
 * fs_mount() - Mount a filesystem made by fs_mkfs().
 * @fs: The filesystem.
 * @dev: Its device.
 * @dir: Where.
 * @options: The suite's options, after ssdk's; "" for none.
 * @err: Why not.
 * @len: Room in @err.
 *
 * Return: 0 or -1.
 */
int fs_mount(const struct review_fs *fs, const char *dev, const char *dir,
	     const char *options, char *err, size_t len)
{
	char data[512];

	snprintf(data, sizeof(data), "%s%s%s", fs->mount_options,
		 options && options[0] ? "," : "", options ? options : "");
	/* noatime is a flag of mount(2), not a filesystem's option */
	if (!strncmp(data, "noatime", 7) && (data[7] == ',' || !data[7]))
		memmove(data, data + 7 + !!data[7], strlen(data + 7 + !!data[7]) + 1);
	if (mount(dev, dir, fs->name, MS_NOATIME, data)) {
		snprintf(err, len, "mount -t %s -o noatime%s%s %s %s: %s (dmesg says more)",
			 fs->name, data[0] ? "," : "", data, dev, dir, strerror(errno));
		return -1;
	}
	return 0;
}

/**
 * fs_umount() - Unmount what fs_mount() mounted.
 * @dir: Where.
 * @err: Why not.
 * @len: Room in @err.
 *
 * Return: 0 or -1.
 */
int fs_umount(const char *dir, char *err, size_t len)
{
	if (umount2(dir, 0)) {
		snprintf(err, len, "umount %s: %s", dir, strerror(errno));
		return -1;
	}
	return 0;
}
