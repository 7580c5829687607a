// SPDX-License-Identifier: GPL-2.0
/*
 * --file-size: lay a file out before a run on it. A file run reads what
 * the file's extents map; an extent that was only allocated (fallocate)
 * or a hole reads as zeros without reaching the device, and would make
 * the filesystem look faster than the raw device. So the file is written,
 * every byte, with incompressible data (as fio lays files out), and
 * synced: its blocks are then mapped, written and on the device.
 *
 * Only the named path is touched: created when missing, extended when
 * shorter, never truncated, and left alone when already long enough.
 */

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "layout.h"
#include "prng.h"

#define LAYOUT_CHUNK	(1U << 20)

static void layout_fill(struct ssdk_prng *rng, uint64_t *buf, size_t n)
{
	size_t i;

	for (i = 0; i < n / sizeof(*buf); i++)
		buf[i] = ssdk_prng_next(rng);
}

/* Write [from, size) of @fd with random bytes, then sync. */
static int layout_write(int fd, uint64_t from, uint64_t size, uint64_t seed)
{
	struct ssdk_prng rng;
	uint64_t *buf = malloc(LAYOUT_CHUNK);
	uint64_t pos = from;
	ssize_t n;
	size_t len;

	if (!buf)
		return -ENOMEM;
	ssdk_prng_seed(&rng, seed ^ 0x6c61796f7574ULL);
	while (pos < size) {
		len = size - pos < LAYOUT_CHUNK ? size - pos : LAYOUT_CHUNK;
		layout_fill(&rng, buf, LAYOUT_CHUNK);
		n = pwrite(fd, buf, len, pos);
		if (n <= 0) {
			free(buf);
			return n < 0 ? -errno : -EIO;
		}
		pos += n;
	}
	free(buf);
	return fsync(fd) ? -errno : 0;
}

/**
 * layout_file() - Make sure a file holds @size written bytes.
 * @path: The file; created (mode 0644) when missing.
 * @size: Bytes it must hold at least.
 * @seed: Seed of the data written.
 * @err: Why it failed, on failure.
 * @errlen: Room in @err.
 *
 * Return: 0, or -1 with @err set.
 */
int layout_file(const char *path, uint64_t size, uint64_t seed, char *err, size_t errlen)
{
	struct stat sb;
	int fd, ret;

	fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0644);
	if (fd < 0 && errno == ELOOP)
		fd = open(path, O_WRONLY | O_CLOEXEC);	/* a symlink the user named */
	if (fd < 0) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	if (fstat(fd, &sb) || !S_ISREG(sb.st_mode)) {
		snprintf(err, errlen, "%s: not a regular file", path);
		close(fd);
		return -1;
	}
	ret = (uint64_t)sb.st_size < size ? layout_write(fd, sb.st_size, size, seed) : 0;
	if (close(fd) && !ret)
		ret = -errno;
	if (ret) {
		snprintf(err, errlen, "%s: cannot write it: %s", path, strerror(-ret));
		return -1;
	}
	return 0;
}
