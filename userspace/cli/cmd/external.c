// SPDX-License-Identifier: GPL-2.0
/*
 * ssdk NAME as ssdk-NAME (external.h): found, listed for the shell's
 * completion, and run in ssdk's place with NAME's arguments.
 */

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "external.h"

#ifndef SSDK_LIBEXECDIR
#define SSDK_LIBEXECDIR "/usr/local/libexec/ssdk"
#endif

#define EXTERNAL_PREFIX		"ssdk-"
#define EXTERNAL_MAX_DIRS	64

/*
 * The directories looked in, in order, in @room: that of @argv0 when it
 * has a slash, the libexec directory, then PATH's. Return: how many.
 */
static unsigned int external_dirs(const char *argv0, char *room, size_t size,
				  const char **dirs)
{
	const char *path = getenv("PATH");
	unsigned int n = 0;
	char *save, *d;
	int len;

	len = snprintf(room, size, "%s", argv0 && strchr(argv0, '/') ? argv0 : "");
	if (len > 0 && (size_t)len < size) {
		*strrchr(room, '/') = '\0';
		dirs[n++] = room[0] ? room : "/";
		room += len + 1;
		size -= len + 1;
	}
	dirs[n++] = SSDK_LIBEXECDIR;
	if (snprintf(room, size, "%s", path ? path : "/usr/local/bin:/usr/bin:/bin") >= (int)size)
		return n;
	for (d = strtok_r(room, ":", &save); d && n < EXTERNAL_MAX_DIRS;
	     d = strtok_r(NULL, ":", &save))
		dirs[n++] = d;
	return n;
}

/* A command's name: letters, digits and dashes (no path, no option). */
static int external_name(const char *name)
{
	return name[0] && name[0] != '-' &&
	       strspn(name, "abcdefghijklmnopqrstuvwxyz0123456789-") == strlen(name);
}

/**
 * external_find() - The program of a command ssdk does not have.
 * @argv0: How ssdk was run (argv[0]).
 * @name: The command ("review").
 * @path: Its path, found; NULL: whether there is one.
 * @size: Room in @path.
 *
 * Return: 0, or -1 when there is no ssdk-@name.
 */
int external_find(const char *argv0, const char *name, char *path, size_t size)
{
	const char *dirs[EXTERNAL_MAX_DIRS];
	char room[8192], found[PATH_MAX];
	unsigned int n, i;

	if (!path) {
		path = found;
		size = sizeof(found);
	}
	if (!external_name(name))
		return -1;
	n = external_dirs(argv0, room, sizeof(room), dirs);
	for (i = 0; i < n; i++)
		if (snprintf(path, size, "%s/" EXTERNAL_PREFIX "%s", dirs[i], name) < (int)size &&
		    !access(path, X_OK))
			return 0;
	return -1;
}

/**
 * external_run() - Run ssdk-@name in ssdk's place: it does not return
 * when the program starts.
 * @cli: Settings: how ssdk was run; -j, given before the command, is
 *	passed on.
 * @name: The command.
 * @first: An argument before @argv's ("__complete", "--help"), or NULL.
 * @argc: The command's arguments after its name.
 * @argv: They.
 *
 * Return: EXIT_USAGE when there is no such command ("unknown command"),
 * EXIT_RUNTIME when it cannot be run (said).
 */
int external_run(const struct cli *cli, const char *name, const char *first, int argc,
		 char **argv)
{
	char path[PATH_MAX];
	char **args;
	int n = 0, i;

	if (external_find(cli->argv0, name, path, sizeof(path)))
		return usage_error(cli, "unknown command '%s'", name);
	args = calloc(argc + 4, sizeof(*args));
	if (!args)
		return runtime_error(cli, "out of memory");
	args[n++] = path;
	if (first)
		args[n++] = (char *)first;
	if (cli->json)
		args[n++] = "-j";
	for (i = 0; i < argc; i++)
		args[n++] = argv[i];
	args[n] = NULL;
	fflush(stdout);
	execv(path, args);
	free(args);
	return runtime_error(cli, "%s: %s", path, strerror(errno));
}

/**
 * external_list() - The commands of the ssdk-NAME programs found, for
 * completion: each NAME that starts with @cur, a line each, once.
 * @argv0: How ssdk was run.
 * @cur: The word being completed.
 */
void external_list(const char *argv0, const char *cur)
{
	const size_t np = strlen(EXTERNAL_PREFIX);
	const char *dirs[EXTERNAL_MAX_DIRS];
	char room[8192], path[PATH_MAX], seen[2048] = ",";
	unsigned int n, i;
	struct dirent *d;
	DIR *dh;

	n = external_dirs(argv0, room, sizeof(room), dirs);
	for (i = 0; i < n; i++) {
		dh = opendir(dirs[i]);
		while (dh && (d = readdir(dh))) {
			const char *name = d->d_name + np;
			char key[NAME_MAX + 3];

			if (strncmp(d->d_name, EXTERNAL_PREFIX, np) || !external_name(name) ||
			    strncmp(name, cur, strlen(cur)))
				continue;
			snprintf(key, sizeof(key), ",%s,", name);
			if (strstr(seen, key) ||
			    snprintf(path, sizeof(path), "%s/%s", dirs[i], d->d_name) >=
			    (int)sizeof(path) || access(path, X_OK))
				continue;
			if (strlen(seen) + strlen(name) + 2 < sizeof(seen))
				strcat(strcat(seen, name), ",");
			printf("%s\n", name);
		}
		if (dh)
			closedir(dh);
	}
}
