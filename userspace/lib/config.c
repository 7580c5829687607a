// SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause
/*
 * Run configurations and statuses against the spec: which field of
 * struct ssdk_run_status (and of the configuration at its start) holds
 * each run attribute, what run-start sends (every attribute set, nothing
 * else), and a status read back from the module's reply.
 *
 * The attributes, their types and which of them run-start takes and
 * run-get replies with are the spec's (spec.c); this file only says
 * where each lives in the structs. tests/config_test.c checks that every
 * attribute of those lists has a field of its type.
 */

#include <stddef.h>
#include <string.h>

#include "internal.h"

/* The configuration is a status's first member: one offset for both. */
_Static_assert(offsetof(struct ssdk_run_status, config) == 0,
	       "a status starts with its configuration");

/**
 * struct field - Where a run attribute lives in struct ssdk_run_status.
 * @offset: Its offset.
 * @size: Its size: 4 (u32, flag) or 8 (u64); 0 for no field.
 * @config: It is part of the configuration (run-start takes it).
 */
struct field {
	uint16_t offset;
	uint8_t size;
	uint8_t config;
};

#define FIELD(attr, member, cfg) [attr] = {					\
	offsetof(struct ssdk_run_status, member),				\
	sizeof(((struct ssdk_run_status *)0)->member), cfg }
#define CONFIG(attr, member)	FIELD(attr, config.member, 1)
#define STATUS(attr, member)	FIELD(attr, member, 0)

static const struct field fields[SSDK_A_RUN_MAX + 1] = {
	CONFIG(SSDK_A_RUN_RW, rw),
	CONFIG(SSDK_A_RUN_BS, bs),
	CONFIG(SSDK_A_RUN_IODEPTH, iodepth),
	CONFIG(SSDK_A_RUN_OFFSET, offset),
	CONFIG(SSDK_A_RUN_SPAN, span),
	CONFIG(SSDK_A_RUN_RUNTIME_NS, runtime_ns),
	CONFIG(SSDK_A_RUN_IOS, ios),
	CONFIG(SSDK_A_RUN_RAMP_NS, ramp_ns),
	CONFIG(SSDK_A_RUN_SEED, seed),
	CONFIG(SSDK_A_RUN_CPU, cpu),
	CONFIG(SSDK_A_RUN_ALLOW_WRITE, allow_write),
	CONFIG(SSDK_A_RUN_RWMIXREAD, rwmixread),
	CONFIG(SSDK_A_RUN_ALIGN, align),
	CONFIG(SSDK_A_RUN_ALIGN_OFFSET, align_offset),
	CONFIG(SSDK_A_RUN_STRIDE, stride),
	CONFIG(SSDK_A_RUN_PATTERN, pattern),
	CONFIG(SSDK_A_RUN_PATTERN_BYTE, pattern_byte),
	CONFIG(SSDK_A_RUN_COMPRESS_PCT, compress_pct),
	CONFIG(SSDK_A_RUN_RATE_IOPS, rate_iops),
	CONFIG(SSDK_A_RUN_ARRIVALS, arrivals),
	CONFIG(SSDK_A_RUN_ENGINE, engine),
	CONFIG(SSDK_A_RUN_BUFFERED, buffered),
	CONFIG(SSDK_A_RUN_SLOWEST_N, slowest_n),
	CONFIG(SSDK_A_RUN_TS_INTERVAL_NS, ts_interval_ns),
	CONFIG(SSDK_A_RUN_CAPTURE_OVER_NS, capture_over_ns),
	CONFIG(SSDK_A_RUN_MAX_ERRORS, max_errors),
	CONFIG(SSDK_A_RUN_OWNED, owned),
	CONFIG(SSDK_A_RUN_ROUNDS, rounds),
	CONFIG(SSDK_A_RUN_ROUND_NS, round_ns),
	CONFIG(SSDK_A_RUN_STEADY_TRACK, steady_track),
	CONFIG(SSDK_A_RUN_STEADY_RANGE_PCT, steady_range_pct),
	CONFIG(SSDK_A_RUN_STEADY_SLOPE_PCT, steady_slope_pct),
	CONFIG(SSDK_A_RUN_PURGE, purge),
	CONFIG(SSDK_A_RUN_BATCH, batch),
	CONFIG(SSDK_A_RUN_POLLED, polled),
	CONFIG(SSDK_A_RUN_WORKERS, workers),
	CONFIG(SSDK_A_RUN_TRACE, trace),
	CONFIG(SSDK_A_RUN_REPLAY_TIMING, replay_timing),
	CONFIG(SSDK_A_RUN_REPLAY_SCALE, replay_scale),
	CONFIG(SSDK_A_RUN_REPLAY_REMAP, replay_remap),
	CONFIG(SSDK_A_RUN_ANATOMY, anatomy),
	STATUS(SSDK_A_RUN_ID, id),
	STATUS(SSDK_A_RUN_STATE, state),
	STATUS(SSDK_A_RUN_TARGET_SIZE, target_size),
	STATUS(SSDK_A_RUN_LOGICAL_BLOCK_SIZE, logical_block_size),
	STATUS(SSDK_A_RUN_ELAPSED_NS, elapsed_ns),
	STATUS(SSDK_A_RUN_MEASURED_NS, measured_ns),
	STATUS(SSDK_A_RUN_COMPLETED, completed),
	STATUS(SSDK_A_RUN_IOPS_NOW, iops_now),
	STATUS(SSDK_A_RUN_LATE, late),
	STATUS(SSDK_A_RUN_TS_COUNT, ts_count),
	STATUS(SSDK_A_RUN_TS_DROPPED, ts_dropped),
	STATUS(SSDK_A_RUN_CAPTURED_COUNT, captured_count),
	STATUS(SSDK_A_RUN_CAPTURED_DROPPED, captured_dropped),
	STATUS(SSDK_A_RUN_IO_ERRORS, io_errors),
	STATUS(SSDK_A_RUN_CPU_NS, cpu_ns),
	STATUS(SSDK_A_RUN_MEASUREMENT_OVERHEAD_NS, measurement_overhead_ns),
	STATUS(SSDK_A_RUN_CLOCK_READ_NS, clock_read_ns),
	STATUS(SSDK_A_RUN_UNPOLLED, unpolled),
	STATUS(SSDK_A_RUN_ANATOMY_UNSPLIT, anatomy_unsplit),
	STATUS(SSDK_A_RUN_ROUNDS_DONE, rounds_done),
	STATUS(SSDK_A_RUN_STEADY_ROUND, steady_round),
};

static void mark(uint64_t *set, uint32_t attr)
{
	set[attr / 64] |= 1ULL << (attr % 64);
}

static const struct field *config_field(uint32_t attr)
{
	if (attr > SSDK_A_RUN_MAX || !fields[attr].size || !fields[attr].config)
		return NULL;
	return &fields[attr];
}

static uint64_t field_load(const void *base, const struct field *f)
{
	const char *p = (const char *)base + f->offset;
	uint32_t v32;
	uint64_t v64;

	if (f->size == sizeof(v64)) {
		memcpy(&v64, p, sizeof(v64));
		return v64;
	}
	memcpy(&v32, p, sizeof(v32));
	return v32;
}

static void field_store(void *base, const struct field *f, uint64_t value)
{
	char *p = (char *)base + f->offset;
	uint32_t v32 = value;

	if (f->size == sizeof(value))
		memcpy(p, &value, sizeof(value));
	else
		memcpy(p, &v32, sizeof(v32));
}

SSDK_EXPORT void ssdk_config_init(struct ssdk_run_config *c)
{
	memset(c, 0, sizeof(*c));
	c->cpu = SSDK_ANY_CPU;
}

SSDK_EXPORT int ssdk_config_is_set(const struct ssdk_run_config *c, uint32_t attr)
{
	if (attr >= 64 * SSDK_CONFIG_SET_WORDS)
		return 0;
	return !!(c->set[attr / 64] & (1ULL << (attr % 64)));
}

SSDK_EXPORT void ssdk_config_unset(struct ssdk_run_config *c, uint32_t attr)
{
	if (attr >= 64 * SSDK_CONFIG_SET_WORDS)
		return;
	c->set[attr / 64] &= ~(1ULL << (attr % 64));
	if (attr == SSDK_A_RUN_BS_SPLIT)
		c->nr_bs = 0;
	if (attr == SSDK_A_RUN_CPUS)
		c->nr_cpus = 0;
}

SSDK_EXPORT int ssdk_config_set(struct ssdk_run_config *c, uint32_t attr, uint64_t value)
{
	const struct field *f = config_field(attr);

	if (!f)
		return -EINVAL;
	if (ssdk_spec_sets[SSDK_SPEC_SET_RUN].attrs[attr].type == SSDK_SPEC_TYPE_FLAG) {
		/* A flag is there or not: zero leaves it out. */
		field_store(c, f, !!value);
		if (!value) {
			ssdk_config_unset(c, attr);
			return 0;
		}
	} else if (f->size < sizeof(value) && value > UINT32_MAX) {
		return -ERANGE;
	} else {
		field_store(c, f, value);
	}
	mark(c->set, attr);
	return 0;
}

SSDK_EXPORT uint64_t ssdk_config_get(const struct ssdk_run_config *c, uint32_t attr)
{
	const struct field *f = config_field(attr);

	return f ? field_load(c, f) : 0;
}

SSDK_EXPORT int ssdk_config_set_target(struct ssdk_run_config *c, const char *path)
{
	size_t len = strlen(path);

	if (len >= sizeof(c->target))
		return -ENAMETOOLONG;
	memcpy(c->target, path, len + 1);
	mark(c->set, SSDK_A_RUN_TARGET);
	return 0;
}

SSDK_EXPORT int ssdk_config_add_bs(struct ssdk_run_config *c, uint32_t bs, uint32_t pct)
{
	if (c->nr_bs >= SSDK_MAX_BS_SPLIT)
		return -ENOSPC;
	c->bs_split[c->nr_bs++] = (struct ssdk_bs_share){ .bs = bs, .pct = pct };
	mark(c->set, SSDK_A_RUN_BS_SPLIT);
	return 0;
}

SSDK_EXPORT int ssdk_config_add_cpu(struct ssdk_run_config *c, uint32_t cpu)
{
	if (c->nr_cpus >= SSDK_MAX_WORKERS)
		return -ENOSPC;
	c->cpus[c->nr_cpus++] = cpu;
	mark(c->set, SSDK_A_RUN_CPUS);
	return 0;
}

static int put_cpus(struct nl_msg *msg, const struct ssdk_run_config *c)
{
	uint32_t i;

	for (i = 0; i < c->nr_cpus && i < SSDK_MAX_WORKERS; i++)
		if (nla_put_u32(msg, SSDK_A_RUN_CPUS, c->cpus[i]))
			return -EMSGSIZE;
	return 0;
}

static int put_bs_split(struct nl_msg *msg, const struct ssdk_run_config *c)
{
	struct nlattr *nest;
	uint32_t i;

	for (i = 0; i < c->nr_bs && i < SSDK_MAX_BS_SPLIT; i++) {
		nest = nla_nest_start(msg, SSDK_A_RUN_BS_SPLIT);
		if (!nest || nla_put_u32(msg, SSDK_A_BS_SPLIT_BS, c->bs_split[i].bs) ||
		    nla_put_u32(msg, SSDK_A_BS_SPLIT_PCT, c->bs_split[i].pct))
			return -EMSGSIZE;
		nla_nest_end(msg, nest);
	}
	return 0;
}

/* One attribute of run-start, by its type in the spec. */
static int put_attr(struct nl_msg *msg, const struct ssdk_run_config *c, uint16_t attr)
{
	const struct field *f = config_field(attr);

	if (attr == SSDK_A_RUN_TARGET)
		return nla_put_string(msg, attr, c->target);
	if (attr == SSDK_A_RUN_BS_SPLIT)
		return put_bs_split(msg, c);
	if (attr == SSDK_A_RUN_CPUS)
		return put_cpus(msg, c);
	if (!f)
		return -EINVAL;
	switch (ssdk_spec_sets[SSDK_SPEC_SET_RUN].attrs[attr].type) {
	case SSDK_SPEC_TYPE_FLAG:
		return nla_put_flag(msg, attr);
	case SSDK_SPEC_TYPE_U32:
		return nla_put_u32(msg, attr, field_load(c, f));
	case SSDK_SPEC_TYPE_U64:
		return nla_put_u64(msg, attr, field_load(c, f));
	default:
		return -EINVAL;
	}
}

/**
 * ssdk_config_put() - Put a configuration's attributes into run-start.
 * @msg: The request.
 * @c: The configuration: what is set of run-start's request attributes,
 *	in the spec's order.
 *
 * Return: 0, or -EMSGSIZE.
 */
int ssdk_config_put(struct nl_msg *msg, const struct ssdk_run_config *c)
{
	const uint16_t *attr;

	for (attr = ssdk_spec_ops[SSDK_CMD_RUN_START].do_request; *attr; attr++)
		if (ssdk_config_is_set(c, *attr) && put_attr(msg, c, *attr))
			return -EMSGSIZE;
	return 0;
}

/**
 * ssdk_stats_set() - The set a stats nest describes.
 * @nest: The nest.
 * @tb: Its attributes, parsed.
 *
 * Return: The set (op + SSDK_NR_OPS * kind), or -1 when malformed or
 * unknown.
 */
int ssdk_stats_set(struct nlattr *nest, struct nlattr **tb)
{
	uint32_t op, kind;

	if (nla_parse_nested(tb, SSDK_A_STATS_MAX, nest, NULL) || !tb[SSDK_A_STATS_OP])
		return -1;
	op = nla_get_u32(tb[SSDK_A_STATS_OP]);
	kind = ssdk_attr_u32(tb, SSDK_A_STATS_KIND);
	if (op > SSDK_OP_MAX || kind > SSDK_LAT_KIND_MAX)
		return -1;
	return (int)(kind * SSDK_NR_OPS + op);
}

static void parse_counts(struct ssdk_counts *s, struct nlattr **tb)
{
	s->ios = ssdk_attr_u64(tb, SSDK_A_STATS_IOS);
	s->bytes = ssdk_attr_u64(tb, SSDK_A_STATS_BYTES);
	s->errors = ssdk_attr_u64(tb, SSDK_A_STATS_ERRORS);
	s->lat_min_ns = ssdk_attr_u64(tb, SSDK_A_STATS_LAT_MIN_NS);
	s->lat_max_ns = ssdk_attr_u64(tb, SSDK_A_STATS_LAT_MAX_NS);
	s->lat_sum_ns = ssdk_attr_u64(tb, SSDK_A_STATS_LAT_SUM_NS);
	s->lat_sumsq_hi = ssdk_attr_u64(tb, SSDK_A_STATS_LAT_SUMSQ_HI);
	s->lat_sumsq_lo = ssdk_attr_u64(tb, SSDK_A_STATS_LAT_SUMSQ_LO);
}

static void parse_bs_share(struct ssdk_run_config *c, struct nlattr *nest)
{
	struct nlattr *tb[SSDK_A_BS_SPLIT_MAX + 1];

	if (nla_parse_nested(tb, SSDK_A_BS_SPLIT_MAX, nest, NULL))
		return;
	ssdk_config_add_bs(c, ssdk_attr_u32(tb, SSDK_A_BS_SPLIT_BS),
			   ssdk_attr_u32(tb, SSDK_A_BS_SPLIT_PCT));
}

/* One attribute of a status reply into @st. */
static void parse_attr(struct ssdk_run_status *st, struct nlattr *attr)
{
	struct nlattr *stb[SSDK_A_STATS_MAX + 1];
	uint32_t type = nla_type(attr);
	const struct field *f;
	int set;

	switch (type) {
	case SSDK_A_RUN_TARGET:
		ssdk_copy_string(st->config.target, sizeof(st->config.target), attr);
		mark(st->config.set, type);
		return;
	case SSDK_A_RUN_REASON:
		ssdk_copy_string(st->reason, sizeof(st->reason), attr);
		return;
	case SSDK_A_RUN_BS_SPLIT:
		parse_bs_share(&st->config, attr);
		return;
	case SSDK_A_RUN_CPUS:
		if (nla_len(attr) >= 4)
			ssdk_config_add_cpu(&st->config, nla_get_u32(attr));
		return;
	case SSDK_A_RUN_STATS:
		set = ssdk_stats_set(attr, stb);
		if (set >= 0)
			parse_counts(&st->stats[set], stb);
		return;
	}
	if (type > SSDK_A_RUN_MAX || !fields[type].size)
		return;
	f = &fields[type];
	switch (ssdk_spec_sets[SSDK_SPEC_SET_RUN].attrs[type].type) {
	case SSDK_SPEC_TYPE_FLAG:
		field_store(st, f, 1);
		break;
	case SSDK_SPEC_TYPE_U32:
		if (nla_len(attr) >= 4)
			field_store(st, f, nla_get_u32(attr));
		break;
	case SSDK_SPEC_TYPE_U64:
		if (nla_len(attr) >= 8)
			field_store(st, f, nla_get_u64(attr));
		break;
	default:
		return;
	}
	if (f->config)
		mark(st->config.set, type);
}

/**
 * ssdk_status_parse() - A run's status from a run-get or results-get reply.
 * @st: Filled in: every attribute of the reply; the configuration's set
 *	mask says which it had.
 * @nlh: The reply.
 */
void ssdk_status_parse(struct ssdk_run_status *st, struct nlmsghdr *nlh)
{
	struct nlattr *attr;
	int rem;

	memset(st, 0, sizeof(*st));
	ssdk_config_init(&st->config);
	nlmsg_for_each_attr(attr, nlh, GENL_HDRLEN, rem)
		parse_attr(st, attr);
}
