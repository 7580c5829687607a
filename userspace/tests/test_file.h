/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A file of the tree read whole, for the unit tests that read the
 * shipped suites: a test without its file cannot run, so it aborts.
 */
#ifndef _SSDK_TEST_FILE_H
#define _SSDK_TEST_FILE_H

#include <stdio.h>
#include <stdlib.h>

#define TEST_FILE_MAX	(1 << 16)

static inline char *slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	char *text = calloc(1, TEST_FILE_MAX);

	if (!f || !text || fread(text, 1, TEST_FILE_MAX - 1, f) == 0)
		abort();
	fclose(f);
	return text;
}

#endif /* _SSDK_TEST_FILE_H */
