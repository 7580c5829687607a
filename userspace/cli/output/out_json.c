// SPDX-License-Identifier: GPL-2.0
/*
 * The JSON backend (output.h): the schema of
 * Documentation/userspace/json.rst, written with json.c on stdout.
 */

#include <stdio.h>
#include <string.h>

#include "backend.h"
#include "rules.h"
#include "values.h"

/*
 * The JSON key of an attribute: its name in the spec, '_' for '-'
 * (Documentation/userspace/json.rst). A ring of buffers, each key used at
 * once by the call it is an argument of.
 */
const char *out_json_key(uint32_t set, uint32_t attr)
{
	static char ring[4][48];
	static unsigned int next;
	const struct ssdk_spec_attr *a = ssdk_spec_attr(set, attr);
	char *buf = ring[next++ % ARRAY_SIZE(ring)], *p;

	snprintf(buf, sizeof(ring[0]), "%s", a ? a->name : "?");
	for (p = buf; *p; p++)
		if (*p == '-')
			*p = '_';
	return buf;
}

#define RUN(attr)	JSON_RUN_KEY(attr)
#define INFO(attr)	out_json_key(SSDK_SPEC_SET_INFO, SSDK_A_INFO_##attr)
#define STATS(attr)	out_json_key(SSDK_SPEC_SET_STATS, SSDK_A_STATS_##attr)
#define IO(attr)	out_json_key(SSDK_SPEC_SET_IO, SSDK_A_IO_##attr)
#define INTERVAL_OP(attr) out_json_key(SSDK_SPEC_SET_INTERVAL_OP, SSDK_A_INTERVAL_OP_##attr)

/* One document begins: out_json_end() ends it. */
void out_json_begin(struct output *out)
{
	json_init(&out->j, stdout);
}

void out_json_end(struct output *out)
{
	json_finish(&out->j);
}

/* --- info -------------------------------------------------------------------- */

static void json_info(struct output *out, const struct ssdk_info *in)
{
	const struct ssdk_spec_enum *caps = ssdk_spec_enum(SSDK_SPEC_ENUM_CAP);
	struct json *j = &out->j;
	unsigned int i;

	out_json_begin(out);
	json_object_begin(j, NULL);
	json_str(j, INFO(VERSION), in->version);
	json_str(j, INFO(KERNEL_RELEASE), in->kernel_release);
	json_u64(j, "family_version", in->family_version);
	json_u64(j, INFO(CPUS), in->cpus);
	json_u64(j, INFO(CLOCK_RES_NS), in->clock_res_ns);
	json_u64(j, INFO(MAX_RUNS), in->max_runs);
	json_u64(j, INFO(HIST_SUB_BITS), in->hist_sub_bits);
	json_u64(j, INFO(HIST_BUCKETS), in->hist_buckets);
	json_u64(j, INFO(MEM_BUDGET), in->mem_budget);
	json_u64(j, INFO(MEM_USED), in->mem_used);
	json_array_begin(j, INFO(CAPS), JSON_INLINE);
	for (i = 0; i < caps->nr; i++)
		if (in->caps & (1ULL << i))
			json_str(j, NULL, caps->names[i]);
	json_array_end(j);
	json_u64(j, "caps_mask", in->caps);
	json_object_end(j);
	out_json_end(out);
}

/* --- a run ------------------------------------------------------------------- */

static void json_histogram(struct json *j, const uint64_t *hist)
{
	unsigned int i, nr = ssdk_hist_buckets();

	json_array_begin(j, "histogram", 0);
	for (i = 0; i < nr; i++) {
		if (!hist[i])
			continue;
		json_array_begin(j, NULL, JSON_INLINE);
		json_u64(j, NULL, ssdk_hist_bucket_lower(i));
		json_u64(j, NULL, ssdk_hist_bucket_upper(i));
		json_u64(j, NULL, hist[i]);
		json_array_end(j);
	}
	json_array_end(j);
}

/* A set's latencies: moments, percentiles and histogram. */
static void json_lat(struct json *j, const struct op_summary *o, int with_hist)
{
	char name[32];
	unsigned int i;

	json_object_begin(j, "lat_ns");
	json_u64(j, "min", o->min);
	json_u64(j, "max", o->max);
	json_double(j, "mean", o->mean);
	json_double(j, "stddev", o->stddev);
	if (with_hist) {
		json_object_begin(j, "percentiles");
		for (i = 0; o->hist && i < SSDK_REPORT_NR_PCTS; i++) {
			json_u64(j, ssdk_pct_key(name, sizeof(name), ssdk_report_pct(i)), o->pct[i]);
		}
		json_object_end(j);
	}
	json_object_end(j);
	if (!with_hist)
		return;
	if (o->hist) {
		json_histogram(j, o->hist);
	} else {
		json_array_begin(j, "histogram", JSON_INLINE);
		json_array_end(j);
	}
}

/*
 * An op: counts, rates, service latencies, and the other kinds of @o
 * (by kind) @r measured (response, lateness: an open loop's; the stages
 * of anatomy), each under its name.
 */
static void json_op(struct json *j, const char *key, const struct op_summary *o,
		    const struct run_result *r, int with_hist)
{
	unsigned int kind;

	json_object_begin(j, key);
	json_u64(j, STATS(IOS), o->ios);
	json_u64(j, STATS(BYTES), o->bytes);
	json_u64(j, STATS(ERRORS), o->errors);
	json_double(j, "iops", o->iops);
	json_double(j, "bw_bytes", o->bw_bytes);
	json_lat(j, o, with_hist);
	for (kind = 1; kind <= SSDK_LAT_KIND_MAX; kind++) {
		if (!result_kind_kept(r, kind))
			continue;
		json_object_begin(j, enum_name(SSDK_SPEC_ENUM_LAT_KIND, kind));
		/* A stage has its own count: a dm device's IOs have no block stage. */
		if (kind >= SSDK_LAT_KIND_BLOCK)
			json_u64(j, STATS(IOS), o[kind].ios);
		json_lat(j, &o[kind], with_hist);
		json_object_end(j);
	}
	json_object_end(j);
}

/* The access specification beyond rw and bs: absent what does not apply. */
/* A replay's timing, scale and remap; null for a run that draws its IOs. */
static void json_config_replay(struct json *j, const struct ssdk_run_config *c)
{
	if (!ssdk_config_is_set(c, SSDK_A_RUN_REPLAY_TIMING)) {
		json_null(j, RUN(REPLAY_TIMING));
		json_null(j, RUN(REPLAY_SCALE));
		json_null(j, RUN(REPLAY_REMAP));
		return;
	}
	json_str(j, RUN(REPLAY_TIMING), enum_name(SSDK_SPEC_ENUM_REPLAY_TIMING, c->replay_timing));
	if (c->replay_timing == SSDK_REPLAY_TIMING_ORIGINAL)
		json_u64(j, RUN(REPLAY_SCALE), c->replay_scale);
	else
		json_null(j, RUN(REPLAY_SCALE));
	json_str(j, RUN(REPLAY_REMAP), enum_name(SSDK_SPEC_ENUM_REPLAY_REMAP, c->replay_remap));
}

static void json_config_access(struct json *j, const struct ssdk_run_config *c)
{
	char buf[32];
	uint32_t i;

	if (ssdk_rw_mixed(c->rw))
		json_u64(j, RUN(RWMIXREAD), c->rwmixread);
	if (c->nr_bs) {
		json_array_begin(j, "bssplit", JSON_INLINE);
		for (i = 0; i < c->nr_bs; i++) {
			json_array_begin(j, NULL, JSON_INLINE);
			json_u64(j, NULL, c->bs_split[i].bs);
			json_u64(j, NULL, c->bs_split[i].pct);
			json_array_end(j);
		}
		json_array_end(j);
	}
	json_u64(j, RUN(ALIGN), c->align);
	json_u64(j, RUN(ALIGN_OFFSET), c->align_offset);
	json_u64(j, RUN(STRIDE), c->stride);
	if (ssdk_rw_writes(c->rw, c->rwmixread))
		json_str(j, RUN(PATTERN), ssdk_pattern_str(buf, sizeof(buf), c));
	else
		json_null(j, RUN(PATTERN));
	if (c->rate_iops) {
		json_u64(j, RUN(RATE_IOPS), c->rate_iops);
		json_str(j, RUN(ARRIVALS), enum_name(SSDK_SPEC_ENUM_ARRIVALS, c->arrivals));
	} else {
		json_null(j, RUN(RATE_IOPS));
		json_null(j, RUN(ARRIVALS));
	}
	json_config_replay(j, c);
}

static void json_config(struct json *j, const struct run_result *r)
{
	const struct ssdk_run_config *c = &r->st.config;
	uint32_t i;

	json_object_begin(j, "config");
	json_str(j, RUN(ENGINE), r->engine ? r->engine : enum_name(SSDK_SPEC_ENUM_ENGINE, c->engine));
	json_boolean(j, RUN(BUFFERED), c->buffered);
	json_u64(j, RUN(SLOWEST_N), c->slowest_n);
	json_u64(j, RUN(TS_INTERVAL_NS), c->ts_interval_ns);
	json_u64(j, RUN(CAPTURE_OVER_NS), c->capture_over_ns);
	json_u64(j, RUN(MAX_ERRORS), c->max_errors);
	json_boolean(j, RUN(OWNED), c->owned);
	json_str(j, RUN(RW), enum_name(SSDK_SPEC_ENUM_RW, c->rw));
	json_u64(j, RUN(BS), c->bs);
	json_u64(j, RUN(IODEPTH), c->iodepth);
	if (ssdk_config_is_set(c, SSDK_A_RUN_BATCH))
		json_u64(j, RUN(BATCH), c->batch);
	else
		json_null(j, RUN(BATCH));
	json_boolean(j, RUN(POLLED), c->polled);
	json_boolean(j, RUN(ANATOMY), c->anatomy);
	json_u64(j, RUN(OFFSET), c->offset);
	json_u64(j, RUN(SPAN), c->span);
	json_u64(j, RUN(RUNTIME_NS), c->runtime_ns);
	json_u64(j, RUN(IOS), c->ios);
	json_u64(j, RUN(RAMP_NS), c->ramp_ns);
	json_u64(j, RUN(SEED), c->seed);
	if (ssdk_config_is_set(c, SSDK_A_RUN_PURGE))
		json_str(j, RUN(PURGE), enum_name(SSDK_SPEC_ENUM_PURGE_METHOD, c->purge));
	else
		json_null(j, RUN(PURGE));
	json_u64(j, RUN(ROUNDS), c->rounds);
	json_u64(j, RUN(ROUND_NS), c->round_ns);
	if (ssdk_config_is_set(c, SSDK_A_RUN_STEADY_TRACK)) {
		json_str(j, RUN(STEADY_TRACK),
			 enum_name(SSDK_SPEC_ENUM_STEADY_TRACK, c->steady_track));
		json_u64(j, RUN(STEADY_RANGE_PCT), c->steady_range_pct);
		json_u64(j, RUN(STEADY_SLOPE_PCT), c->steady_slope_pct);
	} else {
		json_null(j, RUN(STEADY_TRACK));
		json_null(j, RUN(STEADY_RANGE_PCT));
		json_null(j, RUN(STEADY_SLOPE_PCT));
	}
	if (c->cpu >= 0)
		json_i64(j, RUN(CPU), c->cpu);
	else
		json_null(j, RUN(CPU));
	json_u64(j, RUN(WORKERS), c->workers ? c->workers : 1);
	json_array_begin(j, RUN(CPUS), JSON_INLINE);
	for (i = 0; i < c->nr_cpus && i < SSDK_MAX_WORKERS; i++)
		json_u64(j, NULL, c->cpus[i]);
	json_array_end(j);
	json_config_access(j, c);
	json_object_end(j);
}

static void json_ios(struct json *j, const char *key, const struct ssdk_io_rec *ios, uint32_t n)
{
	const struct ssdk_io_rec *io;
	unsigned int kind;
	uint32_t i;

	json_array_begin(j, key, 0);
	for (i = 0; i < n; i++) {
		io = &ios[i];
		json_object_begin_inline(j, NULL);
		json_u64(j, IO(LAT_NS), io->lat_ns);
		json_str(j, IO(OP), enum_name(SSDK_SPEC_ENUM_OP, io->op));
		json_u64(j, IO(OFFSET), io->offset);
		json_u64(j, IO(LEN), io->len);
		json_u64(j, IO(T_NS), io->t_ns);
		json_u64(j, IO(CPU_SUBMIT), io->cpu_submit);
		json_u64(j, IO(CPU_COMPLETE), io->cpu_complete);
		json_u64(j, IO(INFLIGHT), io->inflight);
		for (kind = SSDK_LAT_KIND_BLOCK; kind <= SSDK_LAT_KIND_MAX; kind++)
			if (io->stages & SSDK_STAGE_BIT(kind))
				json_u64(j, out_json_key(SSDK_SPEC_SET_IO, ssdk_stage_io_attr(kind)),
					 io->stage_ns[kind - SSDK_LAT_KIND_BLOCK]);
		json_object_end(j);
	}
	json_array_end(j);
}

/* A run with anatomy: each stage of an op's IOs in an interval. */
static void json_ts_stages(struct json *j, const struct ssdk_ts_op *o)
{
	const struct ssdk_ts_stage *s;
	unsigned int k;

	json_object_begin_inline(j, "stages");
	for (k = 0; k < SSDK_NR_STAGES; k++) {
		s = &o->stages[k];
		json_object_begin_inline(j, enum_name(SSDK_SPEC_ENUM_LAT_KIND,
						      SSDK_LAT_KIND_BLOCK + k));
		json_u64(j, INTERVAL_OP(IOS), s->ios);
		json_double(j, "mean_ns", s->ios ? (double)s->lat_sum_ns / s->ios : 0);
		json_u64(j, "max_ns", s->lat_max_ns);
		json_object_end(j);
	}
	json_object_end(j);
}

static void json_ts_op(struct json *j, const char *name, const struct ssdk_ts_op *o,
		       int anatomy)
{
	json_object_begin_inline(j, name);
	json_u64(j, INTERVAL_OP(IOS), o->ios);
	json_u64(j, INTERVAL_OP(BYTES), o->bytes);
	json_double(j, "mean_ns", o->ios ? (double)o->lat_sum_ns / o->ios : 0);
	json_u64(j, "max_ns", o->lat_max_ns);
	json_u64(j, "p99_ns", o->lat_p99_ns);
	if (anatomy)
		json_ts_stages(j, o);
	json_object_end(j);
}

/* One interval of a time series. */
static void json_ts_point(struct json *j, const struct ssdk_run_status *st,
			  const struct ssdk_ts_point *p)
{
	uint32_t op, k, n;

	json_object_begin_inline(j, NULL);
	json_u64(j, "t_ns", (uint64_t)p->index * st->config.ts_interval_ns);
	for (op = 0; op < SSDK_NR_OPS; op++)
		json_ts_op(j, enum_name(SSDK_SPEC_ENUM_OP, op), &p->op[op], st->config.anatomy);
	/* The heat row, up to its last bucket that is not empty. */
	for (n = SSDK_HEAT_BUCKETS; n && !p->heat[n - 1]; n--)
		;
	json_array_begin(j, "heat", JSON_INLINE);
	for (k = 0; k < n; k++)
		json_u64(j, NULL, p->heat[k]);
	json_array_end(j);
	json_object_end(j);
}

/* A round's figures, or a window's: rates over @secs. */
static void json_round_figures(struct json *j, const struct ssdk_round *o, double secs)
{
	json_u64(j, INTERVAL_OP(IOS), o->ios);
	json_u64(j, INTERVAL_OP(BYTES), o->bytes);
	json_double(j, "iops", o->ios / secs);
	json_double(j, "mb_s", o->bytes / secs / 1e6);
	json_double(j, "mean_ns", o->ios ? (double)o->lat_sum_ns / o->ios : 0);
	json_u64(j, "max_ns", o->lat_max_ns);
}

/* A run's rounds, each with its window's test, and the measurement window. */
static void json_rounds(struct json *j, const struct run_result *r)
{
	double secs = r->st.config.round_ns / 1e9;
	const struct ssdk_round *o;
	struct run_rounds rr;
	uint32_t i;

	if (result_rounds(r, &rr))
		return;
	json_array_begin(j, "rounds", 0);
	for (i = 0; i < rr.n; i++) {
		o = &rr.round[i];
		json_object_begin_inline(j, NULL);
		json_u64(j, "round", i + 1);
		json_round_figures(j, o, secs);
		if (o->window) {
			json_double(j, "range_pct", o->range_pct);
			json_double(j, "slope_pct", o->slope_pct);
			json_boolean(j, "steady", o->steady);
		}
		json_object_end(j);
	}
	json_array_end(j);
	if (rr.first) {
		json_object_begin_inline(j, "window");
		json_u64(j, "first", rr.first);
		json_u64(j, "last", rr.last);
		json_round_figures(j, &rr.window, secs * SSDK_STEADY_WINDOW);
		json_object_end(j);
	} else {
		json_null(j, "window");
	}
	rounds_free(&rr);
}

/* Where an ended run ran. */
static void json_conditions(struct json *j, const struct run_conditions *c)
{
	if (c->sys)	/* a line per fact */
		json_object_begin(j, "conditions");
	else
		json_object_begin_inline(j, "conditions");
	json_str(j, "kernel", c->kernel);
	json_str(j, "ssdk", c->version);
	json_str(j, "device", c->device);
	json_str(j, "model", c->id.model);
	json_str(j, "firmware", c->id.firmware);
	json_str(j, "serial", c->id.serial);
	if (c->sys)
		out_json_system(j, "system", c->sys, 0);
	json_object_end(j);
}

/*
 * A run as one object: a status (no percentiles, no histogram) when it
 * has no histograms, results when it has; with "slowest", "timeseries"
 * and "captured" when its records were fetched.
 */
void out_json_run(struct json *j, const char *key, const struct run_result *r)
{
	const struct ssdk_run_status *st = &r->st;
	int with_hist = r->hists[SSDK_OP_READ] || r->hists[SSDK_OP_WRITE];
	int open_loop = result_open_loop(r);
	const struct run_records *x = &r->rec;
	struct op_summary o[SSDK_NR_SETS / SSDK_NR_OPS];
	unsigned int op, kind, set;
	uint32_t i;

	json_object_begin(j, key);
	json_u64(j, RUN(ID), st->id);
	json_str(j, RUN(STATE), enum_name(SSDK_SPEC_ENUM_STATE, st->state));
	json_str(j, RUN(REASON), st->reason);
	json_str(j, RUN(TARGET), st->config.target);
	json_u64(j, RUN(TARGET_SIZE), st->target_size);
	json_u64(j, RUN(LOGICAL_BLOCK_SIZE), st->logical_block_size);
	json_config(j, r);
	json_u64(j, RUN(ELAPSED_NS), st->elapsed_ns);
	json_u64(j, RUN(MEASURED_NS), st->measured_ns);
	json_u64(j, RUN(COMPLETED), st->completed);
	json_u64(j, RUN(IO_ERRORS), st->io_errors);
	json_u64(j, RUN(IOPS_NOW), st->iops_now);
	json_u64(j, RUN(CPU_NS), st->cpu_ns);
	json_u64(j, RUN(MEASUREMENT_OVERHEAD_NS), st->measurement_overhead_ns);
	json_u64(j, RUN(CLOCK_READ_NS), st->clock_read_ns);
	if (st->config.polled)
		json_u64(j, RUN(UNPOLLED), st->unpolled);
	if (st->config.anatomy)
		json_u64(j, RUN(ANATOMY_UNSPLIT), st->anatomy_unsplit);
	if (open_loop)
		json_u64(j, RUN(LATE), st->late);
	if (st->config.rounds) {
		json_u64(j, RUN(ROUNDS_DONE), st->rounds_done);
		if (st->steady_round)
			json_u64(j, RUN(STEADY_ROUND), st->steady_round);
		else
			json_null(j, RUN(STEADY_ROUND));
	}
	for (op = 0; op < SSDK_NR_OPS; op++) {
		for (kind = 0; kind <= SSDK_LAT_KIND_MAX; kind++) {
			if (!result_kind_kept(r, kind))
				continue;
			set = op + kind * SSDK_NR_OPS;
			op_summarize(&st->stats[set], st->measured_ns,
				     with_hist ? r->hists[set] : NULL, &o[kind]);
		}
		json_op(j, enum_name(SSDK_SPEC_ENUM_OP, op), o, r, with_hist);
	}
	if (r->has_records) {
		json_u64(j, RUN(TS_DROPPED), st->ts_dropped);
		json_u64(j, RUN(CAPTURED_DROPPED), st->captured_dropped);
		json_ios(j, RUN(SLOWEST), x->slowest, x->nr_slowest);
		json_array_begin(j, "timeseries", 0);
		for (i = 0; i < x->nr_ts; i++)
			json_ts_point(j, st, &x->ts[i]);
		json_array_end(j);
		json_ios(j, RUN(CAPTURED), x->captured, x->nr_captured);
		if (st->config.rounds)
			json_rounds(j, r);
		if (r->cond.kernel[0])
			json_conditions(j, &r->cond);
	}
	json_object_end(j);
}

static void json_status(struct output *out, const struct run_result *r)
{
	out_json_begin(out);
	out_json_run(&out->j, NULL, r);
	out_json_end(out);
}

static void json_statuses(struct output *out, const struct run_result *r, unsigned int n)
{
	unsigned int i;

	out_json_begin(out);
	json_array_begin(&out->j, NULL, 0);
	for (i = 0; i < n; i++)
		out_json_run(&out->j, NULL, &r[i]);
	json_array_end(&out->j);
	out_json_end(out);
}

static void json_results(struct output *out, const struct run_result *r, unsigned int flags)
{
	json_status(out, r);
}

/*
 * One run: the object of a run; several: {"workers": [that object, ...],
 * "total": that object}.
 */
static void json_job_object(struct json *j, const struct run_result *r, unsigned int n,
			    const struct run_result *total)
{
	unsigned int i;

	if (n == 1) {
		out_json_run(j, NULL, &r[0]);
		return;
	}
	json_object_begin(j, NULL);
	json_array_begin(j, "workers", 0);
	for (i = 0; i < n; i++)
		out_json_run(j, NULL, &r[i]);
	json_array_end(j);
	out_json_run(j, "total", total);
	json_object_end(j);
}

static void json_job(struct output *out, const struct run_result *r, unsigned int n,
		     const struct run_result *total)
{
	out_json_begin(out);
	json_job_object(&out->j, r, n, total);
	out_json_end(out);
}

static void json_started(struct output *out, const uint32_t *ids, unsigned int n)
{
	struct json *j = &out->j;
	unsigned int i;

	out_json_begin(out);
	json_object_begin_inline(j, NULL);
	if (n == 1) {
		json_u64(j, RUN(ID), ids[0]);
	} else {
		json_array_begin(j, "ids", JSON_INLINE);
		for (i = 0; i < n; i++)
			json_u64(j, NULL, ids[i]);
		json_array_end(j);
	}
	json_object_end(j);
	out_json_end(out);
}

static void json_stopped(struct output *out, const struct ssdk_run_status *st)
{
	out_json_begin(out);
	json_object_begin_inline(&out->j, NULL);
	json_u64(&out->j, RUN(ID), st->id);
	json_str(&out->j, RUN(STATE), enum_name(SSDK_SPEC_ENUM_STATE, st->state));
	json_object_end(&out->j);
	out_json_end(out);
}

/* A sweep: an array of the points' jobs (or repetitions), as they come. */
static void json_sweep_begin(struct output *out)
{
	out_json_begin(out);
	json_array_begin(&out->j, NULL, 0);
	out->sweep = 1;
}

static void json_sweep_point(struct output *out, const struct run_result *r, unsigned int n,
			     const struct run_result *total)
{
	json_job_object(&out->j, r, n, total);
}

static void json_sweep_end(struct output *out)
{
	out->sweep = 0;
	json_array_end(&out->j);
	out_json_end(out);
}

/*
 * Repetitions (--repeat): {"repeats": [JOB, ...], "spread": {FIGURE:
 * {"n", "mean", "min", "max", "stddev", "ci95": [LO, HI]}, ...}}, each
 * JOB as a run prints it, as they come; a document, or a sweep's element.
 */
static void json_repeat_begin(struct output *out, unsigned int n)
{
	if (!out->sweep)
		out_json_begin(out);
	json_object_begin(&out->j, NULL);
	json_array_begin(&out->j, "repeats", 0);
}

static void json_repeat_one(struct output *out, unsigned int k, const struct run_result *r,
			    unsigned int n, const struct run_result *total)
{
	json_job_object(&out->j, r, n, total);
}

static void json_repeat_end(struct output *out, unsigned int done, const struct repeat_spread *s)
{
	const struct ssdk_spread *f;
	unsigned int i;

	json_array_end(&out->j);
	json_object_begin(&out->j, "spread");
	for (i = 0; done && i < NR_FIGS; i++) {
		f = &s->fig[i];
		json_object_begin_inline(&out->j, fig_keys[i]);
		json_u64(&out->j, "n", f->n);
		json_double(&out->j, "mean", f->mean);
		json_double(&out->j, "min", f->min);
		json_double(&out->j, "max", f->max);
		json_double(&out->j, "stddev", f->stddev);
		json_array_begin(&out->j, "ci95", JSON_INLINE);
		json_double(&out->j, NULL, f->ci_lo);
		json_double(&out->j, NULL, f->ci_hi);
		json_array_end(&out->j);
		json_object_end(&out->j);
	}
	json_object_end(&out->j);
	json_object_end(&out->j);
	if (!out->sweep)
		out_json_end(out);
}

/* --dry-run: {"dry_run": true, "runs": N, "seconds": S, "untimed": U}. */
static void json_dry_run(struct output *out, unsigned int runs, double seconds,
			 unsigned int untimed)
{
	out_json_begin(out);
	json_object_begin(&out->j, NULL);
	json_boolean(&out->j, "dry_run", 1);
	json_u64(&out->j, "runs", runs);
	json_double(&out->j, "seconds", seconds);
	json_u64(&out->j, "untimed", untimed);
	json_object_end(&out->j);
	out_json_end(out);
}

/* status --follow: an object per line, per interval. */
static void json_interval(struct output *out, const struct ssdk_run_status *st,
			  const struct ssdk_ts_point *p)
{
	out_json_begin(out);
	json_ts_point(&out->j, st, p);
	out_json_end(out);
	fflush(stdout);
}

static void json_follow_end(struct output *out, const struct ssdk_run_status *st)
{
}

const struct output_ops output_json = {
	.format = OUTPUT_JSON,
	.info = json_info,
	.status = json_status,
	.statuses = json_statuses,
	.list = json_statuses,
	.results = json_results,
	.job = json_job,
	.started = json_started,
	.stopped = json_stopped,
	.sweep_begin = json_sweep_begin,
	.sweep_point = json_sweep_point,
	.sweep_end = json_sweep_end,
	.repeat_begin = json_repeat_begin,
	.repeat_one = json_repeat_one,
	.repeat_end = json_repeat_end,
	.dry_run = json_dry_run,
	.interval = json_interval,
	.follow_end = json_follow_end,
};
