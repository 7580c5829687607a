// SPDX-License-Identifier: GPL-2.0
/*
 * A review's table (review_table.h): each step's JSON, as its command
 * printed it (Documentation/userspace/json.rst), read back with json-c,
 * and a row made of every run in it. The documents differ by command (a
 * run, a sweep's points, compare's engines at each depth, a plan's steps)
 * but a run is the same object in all of them, so the reader walks the
 * document and takes every object that is a run, with the label its
 * place gives it.
 */

#include <json-c/json.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "libssdk.h"
#include "review_table.h"

const char *const review_states[] = {
	[REVIEW_PENDING] = "pending",
	[REVIEW_DONE] = "done",
	[REVIEW_STOPPED] = "stopped",
	[REVIEW_FAILED] = "failed",
};

const char *const review_io_names[NR_REVIEW_IO] = {
	[IO_READS] = "reads",
	[IO_READ_MERGES] = "read_merges",
	[IO_READ_SECTORS] = "read_sectors",
	[IO_WRITES] = "writes",
	[IO_WRITE_MERGES] = "write_merges",
	[IO_WRITE_SECTORS] = "write_sectors",
};

struct reader {
	const struct review_record *step;
	struct review_row *rows;
	unsigned int n;
	unsigned int max;
};

static struct json_object *member(struct json_object *o, const char *key)
{
	struct json_object *v = NULL;

	if (!json_object_is_type(o, json_type_object) || !json_object_object_get_ex(o, key, &v))
		return NULL;
	return v;
}

/* A number at @key of @o (an integer exactly), 0 when it is not there. */
static uint64_t member_u64(struct json_object *o, const char *key)
{
	return member(o, key) ? json_object_get_uint64(member(o, key)) : 0;
}

static double member_double(struct json_object *o, const char *key)
{
	return member(o, key) ? json_object_get_double(member(o, key)) : 0;
}

static int is_run(struct json_object *o)
{
	return member(o, "config") && member(o, "read") && member(o, "write");
}

static void copy_str(char *dst, size_t size, struct json_object *o, const char *key)
{
	snprintf(dst, size, "%s", member(o, key) ? json_object_get_string(member(o, key)) : "");
}

/* The latency at percentile @i (SSDK_REPORT_*) of "percentiles", 0 when absent. */
static uint64_t member_pct(struct json_object *pcts, uint32_t i)
{
	char key[SSDK_FMT_LEN];

	return member_u64(pcts, ssdk_pct_key(key, sizeof(key), ssdk_report_pct(i)));
}

static void read_op(struct json_object *o, struct review_op *op)
{
	struct json_object *lat = member(o, "lat_ns"), *pct = member(lat, "percentiles");

	op->ios = member_u64(o, "ios");
	op->bytes = member_u64(o, "bytes");
	op->errors = member_u64(o, "errors");
	op->iops = member_double(o, "iops");
	op->bw_bytes = member_double(o, "bw_bytes");
	op->mean_ns = member_double(lat, "mean");
	op->min_ns = member_u64(lat, "min");
	op->max_ns = member_u64(lat, "max");
	op->p50_ns = member_pct(pct, SSDK_REPORT_P50);
	op->p99_ns = member_pct(pct, SSDK_REPORT_P99);
	op->p999_ns = member_pct(pct, SSDK_REPORT_P999);
}

static void add_run(struct reader *rd, struct json_object *run, const char *label, double qd)
{
	struct json_object *cfg = member(run, "config");
	struct review_row *row;
	double lat_sum = 0;
	unsigned int i;

	if (rd->n == rd->max)
		return;
	row = &rd->rows[rd->n++];
	memset(row, 0, sizeof(*row));
	row->step = rd->step;
	copy_str(row->engine, sizeof(row->engine), cfg, "engine");
	snprintf(row->label, sizeof(row->label), "%s", label ? label : row->engine);
	copy_str(row->target, sizeof(row->target), run, "target");
	copy_str(row->state, sizeof(row->state), run, "state");
	copy_str(row->rw, sizeof(row->rw), cfg, "rw");
	row->bs = member_u64(cfg, "bs");
	row->iodepth = member_u64(cfg, "iodepth");
	row->achieved_qd = qd;
	read_op(member(run, "read"), &row->op[0]);
	read_op(member(run, "write"), &row->op[1]);
	for (i = 0; i < 2; i++) {
		row->ios += row->op[i].ios;
		row->mb_s += row->op[i].bw_bytes / 1e6;
		row->iops += row->op[i].iops;
		lat_sum += row->op[i].mean_ns * row->op[i].ios;
		if (row->op[i].max_ns > row->max_ns)
			row->max_ns = row->op[i].max_ns;
	}
	row->mean_ns = row->ios ? lat_sum / row->ios : 0;
}

/*
 * Every run under @o, in document order. A plan's step labels its run by
 * what it did; compare's "results" by engine, with the depth it achieved;
 * a sweep's point is its "total" (its workers are in it).
 */
static void walk(struct reader *rd, struct json_object *o, const char *label)
{
	struct json_object *what = member(o, "what"), *v, *qd;
	size_t i;

	if (is_run(o)) {
		add_run(rd, o, label, -1);
		return;
	}
	if (json_object_is_type(o, json_type_array)) {
		for (i = 0; i < json_object_array_length(o); i++)
			walk(rd, json_object_array_get_idx(o, i), label);
		return;
	}
	if (!json_object_is_type(o, json_type_object))
		return;
	if (what)
		label = json_object_get_string(what);
	v = member(o, "total");
	if (v && member(o, "workers")) {
		walk(rd, v, label ? label : "total");
		return;
	}
	json_object_object_foreach(o, key, val) {
		if (strcmp(key, "results") || !json_object_is_type(val, json_type_object)) {
			walk(rd, val, label);
			continue;
		}
		json_object_object_foreach(val, engine, run) {
			qd = member(member(o, "achieved_iodepth"), engine);
			if (is_run(run))
				add_run(rd, run, engine, qd ? json_object_get_double(qd) : -1);
		}
	}
}

/**
 * review_rows_read() - The rows of a step, from its JSON.
 * @dir: The review's directory.
 * @step: The step; its @file is read.
 * @rows: Room for @max rows.
 * @max: Room; runs past it are left out.
 * @err: Why not, on failure.
 * @len: Room in @err.
 *
 * Return: How many rows, or -1 when the file cannot be read as JSON.
 */
int review_rows_read(const char *dir, const struct review_record *step, struct review_row *rows,
		     unsigned int max, char *err, size_t len)
{
	struct reader rd = { .step = step, .rows = rows, .max = max };
	struct json_object *doc;
	char path[PATH_MAX];

	snprintf(path, sizeof(path), "%s/%s", dir, step->file);
	doc = json_object_from_file(path);
	if (!doc) {
		snprintf(err, len, "%s: %s", path, json_util_get_last_err());
		return -1;
	}
	walk(&rd, doc, NULL);
	json_object_put(doc);
	return rd.n;
}
