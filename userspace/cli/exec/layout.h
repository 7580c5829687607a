/* SPDX-License-Identifier: GPL-2.0 */
/*
 * --file-size: lay a file out before runs on it, in two steps so that a
 * command checks its runs before writing anything: the file is made (or
 * extended) sparse first, which its runs' checks see at its size and
 * which is undone if they fail; then written.
 */
#ifndef _SSDK_LAYOUT_H
#define _SSDK_LAYOUT_H

#include <stddef.h>
#include <stdint.h>

/**
 * struct layout - A file being laid out.
 * @path: The file.
 * @size: Bytes it must hold.
 * @old_size: Bytes it held before; nothing to write when @size or more.
 * @created: It did not exist.
 */
struct layout {
	const char *path;
	uint64_t size;
	uint64_t old_size;
	int created;
};

int layout_prepare(struct layout *l, char *err, size_t errlen);
int layout_fill(const struct layout *l, uint64_t seed, char *err, size_t errlen);
void layout_undo(const struct layout *l);

#endif /* _SSDK_LAYOUT_H */
