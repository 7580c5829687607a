/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ssdk NAME, for a NAME that is none of ssdk's commands: the program
 * ssdk-NAME, as git runs git-NAME and cargo cargo-NAME. The commands that
 * compose others (ssdk review, ssdk report, ssdk fleet) are the Python
 * package's programs, run this way; ssdk never runs itself again.
 *
 * ssdk-NAME is looked for, in this order, in the directory of the ssdk
 * that runs, when it was run by a path (argv[0] with a slash: a source
 * tree's userspace/, where userspace/ssdk-review is), in ssdk's libexec
 * directory ($(LIBEXECDIR)/ssdk), then in PATH.
 */
#ifndef _SSDK_EXTERNAL_H
#define _SSDK_EXTERNAL_H

#include <stddef.h>

#include "cli.h"

int external_find(const char *argv0, const char *name, char *path, size_t size);
int external_run(const struct cli *cli, const char *name, const char *first, int argc,
		 char **argv);
void external_list(const char *argv0, const char *cur);

#endif /* _SSDK_EXTERNAL_H */
