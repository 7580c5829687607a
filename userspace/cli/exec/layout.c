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
 * shorter, never truncated below its size, and left alone when already
 * long enough. The runs on it are checked between the file's making,
 * sparse, and its writing (layout.h).
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

static void fill_random(struct ssdk_prng *rng, uint64_t *buf, size_t n)
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
		fill_random(&rng, buf, LAYOUT_CHUNK);
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
 * layout_prepare() - Make sure a file exists with @l->size bytes, sparse.
 * @l: The file; @old_size and @created are set.
 * @err: Why it failed, on failure.
 * @errlen: Room in @err.
 *
 * A missing file is created (mode 0644); a shorter one is extended with
 * a hole; a longer one is left alone. Nothing is written yet.
 *
 * Return: 0, or -1 with @err set.
 */
int layout_prepare(struct layout *l, char *err, size_t errlen)
{
	struct stat sb;
	int fd;

	l->created = 0;
	fd = open(l->path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
	if (fd >= 0)
		l->created = 1;
	else if (errno == EEXIST)
		fd = open(l->path, O_WRONLY | O_CLOEXEC);
	if (fd < 0) {
		snprintf(err, errlen, "%s: %s", l->path, strerror(errno));
		return -1;
	}
	if (fstat(fd, &sb) || !S_ISREG(sb.st_mode)) {
		snprintf(err, errlen, "%s: not a regular file", l->path);
		close(fd);
		return -1;
	}
	l->old_size = sb.st_size;
	if (l->old_size < l->size && ftruncate(fd, l->size)) {
		snprintf(err, errlen, "%s: cannot extend it: %s", l->path, strerror(errno));
		close(fd);
		layout_undo(l);
		return -1;
	}
	close(fd);
	return 0;
}

/**
 * layout_undo() - Undo layout_prepare(): remove or shorten the file again.
 * @l: The file.
 */
void layout_undo(const struct layout *l)
{
	int ret = 0;

	if (l->created)
		ret = unlink(l->path);
	else if (l->old_size < l->size)
		ret = truncate(l->path, l->old_size);
	(void)ret;	/* the best that can be done: the command fails anyway */
}

/**
 * layout_fill() - Write the bytes layout_prepare() added.
 * @l: The file, prepared.
 * @seed: Seed of the data written.
 * @err: Why it failed, on failure.
 * @errlen: Room in @err.
 *
 * Return: 0, or -1 with @err set.
 */
int layout_fill(const struct layout *l, uint64_t seed, char *err, size_t errlen)
{
	int fd, ret;

	if (l->old_size >= l->size)
		return 0;
	fd = open(l->path, O_WRONLY | O_CLOEXEC);
	if (fd < 0) {
		snprintf(err, errlen, "%s: %s", l->path, strerror(errno));
		return -1;
	}
	ret = layout_write(fd, l->old_size, l->size, seed);
	if (close(fd) && !ret)
		ret = -errno;
	if (ret) {
		snprintf(err, errlen, "%s: cannot write it: %s", l->path, strerror(-ret));
		return -1;
	}
	return 0;
}
