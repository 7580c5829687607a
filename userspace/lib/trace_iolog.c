// SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause
/*
 * fio's iolog (fio's iolog.c, read_iolog()): a header line, "fio version 2
 * iolog" or "fio version 3 iolog", then a line per action, its fields
 * separated by blanks:
 *
 *	version 2:	FILE ACTION [OFFSET LENGTH]
 *	version 3:	TIME FILE ACTION [OFFSET LENGTH]
 *
 * ACTION is add, open or close (a file's, no offset), or read, write,
 * trim, sync, datasync, sync_file_range, or (version 2) wait. TIME is
 * microseconds from the log's start, when fio queued the IO (fio's
 * write_iolog writes version 3). OFFSET and LENGTH are bytes; a sync's
 * length is 0. A version 2 wait's OFFSET is where fio 3.33 takes it to be
 * (read_iolog_get()): the time in milliseconds from the job's start
 * before which the IOs after it are not issued (its HOWTO says
 * microseconds after the previous wait; its code does not).
 *
 * fio skips a line it cannot read, with a warning; a trace that ssdk
 * replays must be what it says, so here such a line is an error, with its
 * byte offset. So are the IOs of a second file: a trace is one device's.
 * Version 2 without waits has no times: its IOs arrive as fast as they
 * may.
 */

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "trace.h"

#define IOLOG_V2	"fio version 2 iolog"
#define IOLOG_V3	"fio version 3 iolog"
/* fio reads lines into 4096 bytes, a file's name into 256. */
#define IOLOG_LINE	4096
#define IOLOG_NAME	256
#define IOLOG_FIELDS	6

struct iolog_line {
	uint64_t pos;		/* byte offset of the line in the file */
	uint64_t nr;		/* its number, from 1 */
	char *field[IOLOG_FIELDS];
	unsigned int nr_fields;
};

static int iolog_probe(const unsigned char *head, size_t n, const char *header)
{
	size_t len = strlen(header);

	return n > len && !memcmp(head, header, len) && (head[len] == '\n' || head[len] == '\r');
}

static int iolog2_probe(const unsigned char *head, size_t n)
{
	return iolog_probe(head, n, IOLOG_V2);
}

static int iolog3_probe(const unsigned char *head, size_t n)
{
	return iolog_probe(head, n, IOLOG_V3);
}

static int iolog_fail(struct trace_reader *r, const struct iolog_line *l, const char *what,
		      const char *value)
{
	return trace_fail(r, -EBADMSG, "byte %llu (line %llu): %s%s%s%s",
			  (unsigned long long)l->pos, (unsigned long long)l->nr, what,
			  value ? " '" : "", value ? value : "", value ? "'" : "");
}

/* A decimal number of a line, at most @max. */
static int iolog_number(struct trace_reader *r, const struct iolog_line *l, unsigned int i,
			const char *what, uint64_t max, uint64_t *out)
{
	const char *s = l->field[i];
	char *end;

	errno = 0;
	*out = strtoull(s, &end, 10);
	if (*s < '0' || *s > '9' || *end || errno || *out > max)
		return iolog_fail(r, l, what, s);
	return 0;
}

static void iolog_split(struct iolog_line *l, char *s)
{
	char *save = NULL, *tok;

	l->nr_fields = 0;
	for (tok = strtok_r(s, " \t\r\n", &save); tok; tok = strtok_r(NULL, " \t\r\n", &save)) {
		if (l->nr_fields == IOLOG_FIELDS)
			return;
		l->field[l->nr_fields++] = tok;
	}
}

static int iolog_op(const char *act, uint8_t *op)
{
	static const struct {
		const char *name;
		uint8_t op;
	} acts[] = {
		{ "read", SSDK_OP_READ }, { "write", SSDK_OP_WRITE },
		{ "trim", SSDK_TRACE_OP_DISCARD }, { "sync", SSDK_TRACE_OP_FLUSH },
		{ "datasync", SSDK_TRACE_OP_FLUSH }, { "sync_file_range", SSDK_TRACE_OP_FLUSH },
	};
	unsigned int i;

	for (i = 0; i < sizeof(acts) / sizeof(acts[0]); i++)
		if (!strcmp(act, acts[i].name)) {
			*op = acts[i].op;
			return 1;
		}
	return 0;
}

static int iolog_file_action(const char *act)
{
	return !strcmp(act, "add") || !strcmp(act, "open") || !strcmp(act, "close");
}

/* One line of version @v, at @l: an IO added, a file's action or a wait. */
static int iolog_line(struct trace_reader *r, unsigned int v, struct iolog_line *l,
		      char *line, size_t len, uint64_t *now, char *file)
{
	unsigned int at = v == 3, io_fields = v == 3 ? 5 : 4;	/* at: the file's field */
	struct ssdk_trace_io io = { 0 };
	uint64_t x;
	int ret;

	l->nr++;
	if (len >= IOLOG_LINE)
		return iolog_fail(r, l, "a line longer than fio reads", NULL);
	if (memchr(line, '\0', len))
		return iolog_fail(r, l, "a NUL byte in a line of text", NULL);
	if (l->nr == 1)
		return 0;		/* the header, probed */
	if (!strncmp(line, v == 3 ? IOLOG_V3 : IOLOG_V2, strlen(IOLOG_V2)))
		return iolog_fail(r, l, "a second header: fio appends its log to a file "
				  "that exists", NULL);
	iolog_split(l, line);
	if (!l->nr_fields)
		return 0;
	if (l->nr_fields != io_fields && l->nr_fields != io_fields - 2)
		return iolog_fail(r, l, v == 3 ? "not TIME FILE ACTION [OFFSET LENGTH]" :
				  "not FILE ACTION [OFFSET LENGTH]", NULL);
	if (strlen(l->field[at]) > IOLOG_NAME)
		return iolog_fail(r, l, "a file name longer than fio reads", NULL);
	if (v == 3) {
		ret = iolog_number(r, l, 0, "not a time in microseconds:", UINT64_MAX / 1000, &x);
		if (ret)
			return ret;
		*now = x * 1000;
	}
	if (l->nr_fields == io_fields - 2) {
		if (!iolog_file_action(l->field[at + 1]))
			return iolog_fail(r, l, "not a file's action (add, open, close):",
					  l->field[at + 1]);
		return 0;
	}
	if (v == 2 && !strcmp(l->field[at + 1], "wait")) {
		ret = iolog_number(r, l, at + 2, "not a wait in milliseconds:",
				   UINT64_MAX / 1000000, &x);
		if (ret)
			return ret;
		if (x * 1000000 > *now)
			*now = x * 1000000;
		r->t->flags |= SSDK_TRACE_HAS_TIME;
		return 0;
	}
	if (!iolog_op(l->field[at + 1], &io.op))
		return iolog_fail(r, l, v == 3 ?
				  "not an IO (read, write, trim, sync, datasync, sync_file_range):" :
				  "not an IO (read, write, trim, sync, datasync, sync_file_range, wait):",
				  l->field[at + 1]);
	if (!file[0])
		strcpy(file, l->field[at]);
	else if (strcmp(file, l->field[at]))
		return iolog_fail(r, l, "IOs of a second file (a trace is one device's):",
				  l->field[at]);
	ret = iolog_number(r, l, at + 2, "not an offset in bytes:", UINT64_MAX, &io.offset);
	if (!ret)
		ret = iolog_number(r, l, at + 3, "not a length in bytes:", UINT32_MAX, &x);
	if (ret)
		return ret;
	io.len = io.op == SSDK_TRACE_OP_FLUSH ? 0 : x;
	if (io.offset + io.len < io.offset)
		return iolog_fail(r, l, "an IO past the end of 64-bit offsets", NULL);
	io.t_ns = *now;
	return trace_add(r, &io);
}

/* Read the lines of a version @v iolog, its header first. */
static int iolog_read(struct trace_reader *r, unsigned int v)
{
	char *line = NULL, file[IOLOG_NAME + 1] = "";
	struct iolog_line l = { 0 };
	uint64_t now = 0;
	size_t size = 0;
	ssize_t len;
	int ret = 0;

	r->t->flags = v == 3 ? SSDK_TRACE_HAS_TIME : 0;
	while ((len = getline(&line, &size, r->f)) > 0) {
		ret = iolog_line(r, v, &l, line, len, &now, file);
		if (ret)
			break;
		l.pos += len;
	}
	free(line);
	return ret;
}

static int iolog2_read(struct trace_reader *r)
{
	return iolog_read(r, 2);
}

static int iolog3_read(struct trace_reader *r)
{
	return iolog_read(r, 3);
}

const struct trace_format trace_format_iolog2 = {
	.name = "iolog2",
	.format = SSDK_TRACE_FORMAT_IOLOG2,
	.probe = iolog2_probe,
	.read = iolog2_read,
};

const struct trace_format trace_format_iolog3 = {
	.name = "iolog3",
	.format = SSDK_TRACE_FORMAT_IOLOG3,
	.probe = iolog3_probe,
	.read = iolog3_read,
};
