// SPDX-License-Identifier: GPL-2.0
/*
 * libssdk's configurations and statuses (lib/config.c) against the
 * spec's table (lib/spec.c), on the kselftest harness, with the
 * library's sources compiled in for its internal functions:
 *
 *  - every attribute of run-start's request but target, bs-split and
 *    dry-run is set with ssdk_config_set() and read back with
 *    ssdk_config_get(), each into a field of its own and of its size;
 *    a u32 refuses a value past UINT32_MAX, a flag set to 0 is unset;
 *  - every attribute of run-get's reply, in a message made with libnl,
 *    lands in its field of the status parsed by ssdk_status_parse(),
 *    and the configuration's set mask has those of run-start's request;
 *  - ssdk_config_put() puts exactly the attributes set, in the spec's
 *    order, with their values.
 */

#include <inttypes.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "internal.h"
#include "kselftest_harness.h"

static const struct ssdk_spec_attr *run_attr(uint32_t type)
{
	return ssdk_spec_attr(SSDK_SPEC_SET_RUN, type);
}

static int is_request(uint32_t type)
{
	const uint16_t *a;

	for (a = ssdk_spec_ops[SSDK_CMD_RUN_START].do_request; *a; a++)
		if (*a == type)
			return 1;
	return 0;
}

/* The attributes ssdk_config_set() takes: run-start's numbers and flags. */
static int settable(uint32_t type)
{
	return is_request(type) && type != SSDK_A_RUN_TARGET && type != SSDK_A_RUN_BS_SPLIT &&
	       type != SSDK_A_RUN_CPUS && type != SSDK_A_RUN_DRY_RUN;
}

/*
 * A value of its own for each attribute, as wide as its type: a u64's
 * does not fit in 32 bits, so that a field too narrow shows.
 */
static uint64_t value_of(uint32_t type)
{
	switch (run_attr(type)->type) {
	case SSDK_SPEC_TYPE_FLAG:
		return 1;
	case SSDK_SPEC_TYPE_U64:
		return 0x500000000ULL * type + 0x1234;
	default:
		return 0x10000 * type + 0x56;
	}
}

static int nr_attrs(const uint16_t *list)
{
	int n = 0;

	while (list[n])
		n++;
	return n;
}

TEST(request_list)
{
	/* what the tests below go through: not an empty list by mistake */
	EXPECT_GT(nr_attrs(ssdk_spec_ops[SSDK_CMD_RUN_START].do_request), 20);
	EXPECT_GT(nr_attrs(ssdk_spec_ops[SSDK_CMD_RUN_GET].do_reply), 30);
	EXPECT_TRUE(is_request(SSDK_A_RUN_TARGET));
	EXPECT_TRUE(is_request(SSDK_A_RUN_DRY_RUN));
	EXPECT_FALSE(is_request(SSDK_A_RUN_ID));
}

/* Each attribute alone: set, read back, unset. */
TEST(set_get_each)
{
	const uint16_t *a;
	struct ssdk_run_config c, empty;
	uint64_t v;
	uint32_t t;

	ssdk_config_init(&empty);
	for (a = ssdk_spec_ops[SSDK_CMD_RUN_START].do_request; *a; a++) {
		t = *a;
		if (!settable(t))
			continue;
		v = value_of(t);
		ssdk_config_init(&c);
		EXPECT_FALSE(ssdk_config_is_set(&c, t)) TH_LOG("%s", run_attr(t)->name);
		ASSERT_EQ(0, ssdk_config_set(&c, t, v)) TH_LOG("%s", run_attr(t)->name);
		EXPECT_TRUE(ssdk_config_is_set(&c, t)) TH_LOG("%s", run_attr(t)->name);
		EXPECT_EQ(v, ssdk_config_get(&c, t)) TH_LOG("%s", run_attr(t)->name);
		/* nothing else is set */
		c.set[t / 64] &= ~(1ULL << (t % 64));
		EXPECT_EQ(0, memcmp(c.set, empty.set, sizeof(c.set))) TH_LOG("%s", run_attr(t)->name);
		ssdk_config_set(&c, t, v);
		ssdk_config_unset(&c, t);
		EXPECT_FALSE(ssdk_config_is_set(&c, t)) TH_LOG("%s", run_attr(t)->name);
	}
}

/* All at once, each a value of its own: no two share a field. */
TEST(fields_distinct)
{
	const uint16_t *a;
	struct ssdk_run_config c;
	unsigned int n = 0;

	ssdk_config_init(&c);
	for (a = ssdk_spec_ops[SSDK_CMD_RUN_START].do_request; *a; a++) {
		if (settable(*a)) {
			ASSERT_EQ(0, ssdk_config_set(&c, *a, value_of(*a)));
			n++;
		}
	}
	for (a = ssdk_spec_ops[SSDK_CMD_RUN_START].do_request; *a; a++) {
		if (settable(*a)) {
			EXPECT_EQ(value_of(*a), ssdk_config_get(&c, *a)) TH_LOG("%s", run_attr(*a)->name);
		}
	}
	/* all but target, bs-split, cpus and dry-run */
	EXPECT_EQ(nr_attrs(ssdk_spec_ops[SSDK_CMD_RUN_START].do_request) - 4, (int)n);
	/* the target and the split live apart */
	EXPECT_STREQ("", c.target);
	EXPECT_EQ(0U, c.nr_bs);
}

TEST(ranges_and_flags)
{
	const uint16_t *a;
	struct ssdk_run_config c, before;
	uint32_t t;

	ssdk_config_init(&c);
	for (a = ssdk_spec_ops[SSDK_CMD_RUN_START].do_request; *a; a++) {
		t = *a;
		if (!settable(t))
			continue;
		switch (run_attr(t)->type) {
		case SSDK_SPEC_TYPE_U32:
			ASSERT_EQ(0, ssdk_config_set(&c, t, UINT32_MAX)) TH_LOG("%s", run_attr(t)->name);
			EXPECT_EQ((uint64_t)UINT32_MAX, ssdk_config_get(&c, t));
			before = c;
			EXPECT_EQ(-ERANGE, ssdk_config_set(&c, t, 1ULL << 32))
				TH_LOG("%s", run_attr(t)->name);
			EXPECT_EQ(0, memcmp(&before, &c, sizeof(c))) TH_LOG("%s", run_attr(t)->name);
			break;
		case SSDK_SPEC_TYPE_U64:
			ASSERT_EQ(0, ssdk_config_set(&c, t, UINT64_MAX)) TH_LOG("%s", run_attr(t)->name);
			EXPECT_EQ(UINT64_MAX, ssdk_config_get(&c, t)) TH_LOG("%s", run_attr(t)->name);
			break;
		case SSDK_SPEC_TYPE_FLAG:
			/* any non-zero is set, and reads 1 */
			ASSERT_EQ(0, ssdk_config_set(&c, t, 5)) TH_LOG("%s", run_attr(t)->name);
			EXPECT_TRUE(ssdk_config_is_set(&c, t));
			EXPECT_EQ(1ULL, ssdk_config_get(&c, t)) TH_LOG("%s", run_attr(t)->name);
			/* zero leaves it out */
			ASSERT_EQ(0, ssdk_config_set(&c, t, 0)) TH_LOG("%s", run_attr(t)->name);
			EXPECT_FALSE(ssdk_config_is_set(&c, t)) TH_LOG("%s", run_attr(t)->name);
			EXPECT_EQ(0ULL, ssdk_config_get(&c, t)) TH_LOG("%s", run_attr(t)->name);
			break;
		default:
			ASSERT_TRUE(0) TH_LOG("%s: not a number or a flag", run_attr(t)->name);
		}
	}
}

/* What ssdk_config_set() and _get() do not take. */
TEST(refused)
{
	static const uint32_t others[] = {
		0, SSDK_A_RUN_ID, SSDK_A_RUN_STATE, SSDK_A_RUN_TARGET, SSDK_A_RUN_BS_SPLIT,
		SSDK_A_RUN_CPUS,
		SSDK_A_RUN_DRY_RUN, SSDK_A_RUN_STATS, SSDK_A_RUN_REASON, SSDK_A_RUN_LATE,
		SSDK_A_RUN_PAD, SSDK_A_RUN_MAX + 1, 127, 128, UINT32_MAX,
	};
	struct ssdk_run_config c, before;
	unsigned int i;

	ssdk_config_init(&c);
	ssdk_config_set_target(&c, "/dev/x");
	before = c;
	for (i = 0; i < ARRAY_SIZE(others); i++) {
		EXPECT_EQ(-EINVAL, ssdk_config_set(&c, others[i], 1)) TH_LOG("attribute %u", others[i]);
		EXPECT_EQ(0ULL, ssdk_config_get(&c, others[i])) TH_LOG("attribute %u", others[i]);
	}
	EXPECT_EQ(0, memcmp(&before, &c, sizeof(c)));
	/* out of range for the mask: never set, unset does nothing */
	EXPECT_FALSE(ssdk_config_is_set(&c, 128));
	EXPECT_FALSE(ssdk_config_is_set(&c, UINT32_MAX));
	ssdk_config_unset(&c, UINT32_MAX);
	EXPECT_EQ(0, memcmp(&before, &c, sizeof(c)));
}

TEST(target_and_split)
{
	struct ssdk_run_config c;
	char path[SSDK_TARGET_LEN + 1];
	unsigned int i;

	ssdk_config_init(&c);
	EXPECT_EQ(SSDK_ANY_CPU, c.cpu);
	memset(path, 'a', sizeof(path));
	path[SSDK_TARGET_LEN - 1] = '\0';		/* the longest path */
	EXPECT_EQ(0, ssdk_config_set_target(&c, path));
	EXPECT_TRUE(ssdk_config_is_set(&c, SSDK_A_RUN_TARGET));
	EXPECT_STREQ(path, c.target);
	path[SSDK_TARGET_LEN - 1] = 'a';
	path[SSDK_TARGET_LEN] = '\0';
	EXPECT_EQ(-ENAMETOOLONG, ssdk_config_set_target(&c, path));
	for (i = 0; i < SSDK_MAX_BS_SPLIT; i++) {
		EXPECT_EQ(0, ssdk_config_add_bs(&c, 512 * (i + 1), i));
	}
	EXPECT_EQ(-ENOSPC, ssdk_config_add_bs(&c, 512, 1));
	EXPECT_EQ((uint32_t)SSDK_MAX_BS_SPLIT, c.nr_bs);
	EXPECT_TRUE(ssdk_config_is_set(&c, SSDK_A_RUN_BS_SPLIT));
	ssdk_config_unset(&c, SSDK_A_RUN_BS_SPLIT);
	EXPECT_EQ(0U, c.nr_bs);
	EXPECT_FALSE(ssdk_config_is_set(&c, SSDK_A_RUN_BS_SPLIT));
	for (i = 0; i < SSDK_MAX_WORKERS; i++)
		EXPECT_EQ(0, ssdk_config_add_cpu(&c, i));
	EXPECT_EQ(-ENOSPC, ssdk_config_add_cpu(&c, 0));
	EXPECT_EQ((uint32_t)SSDK_MAX_WORKERS, c.nr_cpus);
	EXPECT_TRUE(ssdk_config_is_set(&c, SSDK_A_RUN_CPUS));
	ssdk_config_unset(&c, SSDK_A_RUN_CPUS);
	EXPECT_EQ(0U, c.nr_cpus);
}

/* ---- ssdk_status_parse() ---------------------------------------------- */

/* Where the status attributes (not the configuration's) land. */
#define STATUS_FIELD(attr, member) [attr] = {					\
	offsetof(struct ssdk_run_status, member),				\
	sizeof(((struct ssdk_run_status *)0)->member) }

static const struct { size_t offset, size; } status_fields[SSDK_A_RUN_MAX + 1] = {
	STATUS_FIELD(SSDK_A_RUN_ID, id),
	STATUS_FIELD(SSDK_A_RUN_STATE, state),
	STATUS_FIELD(SSDK_A_RUN_TARGET_SIZE, target_size),
	STATUS_FIELD(SSDK_A_RUN_LOGICAL_BLOCK_SIZE, logical_block_size),
	STATUS_FIELD(SSDK_A_RUN_ELAPSED_NS, elapsed_ns),
	STATUS_FIELD(SSDK_A_RUN_MEASURED_NS, measured_ns),
	STATUS_FIELD(SSDK_A_RUN_COMPLETED, completed),
	STATUS_FIELD(SSDK_A_RUN_IOPS_NOW, iops_now),
	STATUS_FIELD(SSDK_A_RUN_LATE, late),
	STATUS_FIELD(SSDK_A_RUN_TS_COUNT, ts_count),
	STATUS_FIELD(SSDK_A_RUN_TS_DROPPED, ts_dropped),
	STATUS_FIELD(SSDK_A_RUN_CAPTURED_COUNT, captured_count),
	STATUS_FIELD(SSDK_A_RUN_CAPTURED_DROPPED, captured_dropped),
	STATUS_FIELD(SSDK_A_RUN_IO_ERRORS, io_errors),
	STATUS_FIELD(SSDK_A_RUN_ROUNDS_DONE, rounds_done),
	STATUS_FIELD(SSDK_A_RUN_STEADY_ROUND, steady_round),
	STATUS_FIELD(SSDK_A_RUN_CPU_NS, cpu_ns),
	STATUS_FIELD(SSDK_A_RUN_MEASUREMENT_OVERHEAD_NS, measurement_overhead_ns),
	STATUS_FIELD(SSDK_A_RUN_CLOCK_READ_NS, clock_read_ns),
	STATUS_FIELD(SSDK_A_RUN_UNPOLLED, unpolled),
	STATUS_FIELD(SSDK_A_RUN_ANATOMY_UNSPLIT, anatomy_unsplit),
};

static uint64_t status_field(const struct ssdk_run_status *st, uint32_t type)
{
	const char *p = (const char *)st + status_fields[type].offset;
	uint32_t v32;
	uint64_t v64;

	if (status_fields[type].size == sizeof(v64)) {
		memcpy(&v64, p, sizeof(v64));
		return v64;
	}
	memcpy(&v32, p, sizeof(v32));
	return v32;
}

/* A set's counters in a stats nest, distinct for each set and counter. */
static void put_stats(struct nl_msg *msg, uint32_t set)
{
	struct nlattr *nest = nla_nest_start(msg, SSDK_A_RUN_STATS);
	uint32_t a;

	nla_put_u32(msg, SSDK_A_STATS_OP, set % SSDK_NR_OPS);
	nla_put_u32(msg, SSDK_A_STATS_KIND, set / SSDK_NR_OPS);
	for (a = SSDK_A_STATS_IOS; a <= SSDK_A_STATS_LAT_SUMSQ_LO; a++)
		nla_put_u64(msg, a, (uint64_t)(set + 1) << 40 | a);
	nla_nest_end(msg, nest);
}

static const char reply_target[] = "/dev/disk/by-id/nvme-test";
static const char reply_reason[] = "target removed";

/* A run-get reply with every attribute of the spec's list, each its own value. */
static struct nl_msg *make_reply(struct __test_metadata *_metadata)
{
	struct nl_msg *msg = nlmsg_alloc_size(65536);
	struct nlattr *nest;
	const uint16_t *a;
	uint32_t set;
	int err = 0;

	if (!msg)
		return NULL;
	genlmsg_put(msg, NL_AUTO_PORT, NL_AUTO_SEQ, 0x20, 0, 0, SSDK_CMD_RUN_GET,
		    SSDK_FAMILY_VERSION);
	for (a = ssdk_spec_ops[SSDK_CMD_RUN_GET].do_reply; *a; a++) {
		switch (*a) {
		case SSDK_A_RUN_TARGET:
			err |= nla_put_string(msg, *a, reply_target);
			continue;
		case SSDK_A_RUN_REASON:
			err |= nla_put_string(msg, *a, reply_reason);
			continue;
		case SSDK_A_RUN_STATS:
			for (set = 0; set < SSDK_NR_SETS; set++)
				put_stats(msg, set);
			continue;
		case SSDK_A_RUN_BS_SPLIT:
			for (set = 0; set < 3; set++) {
				nest = nla_nest_start(msg, *a);
				err |= nla_put_u32(msg, SSDK_A_BS_SPLIT_BS, 4096 << set);
				err |= nla_put_u32(msg, SSDK_A_BS_SPLIT_PCT, 10 + set);
				nla_nest_end(msg, nest);
			}
			continue;
		case SSDK_A_RUN_CPUS:
			for (set = 0; set < 3; set++)
				err |= nla_put_u32(msg, *a, 2 * set + 1);
			continue;
		}
		switch (run_attr(*a)->type) {
		case SSDK_SPEC_TYPE_FLAG:
			err |= nla_put_flag(msg, *a);
			break;
		case SSDK_SPEC_TYPE_U32:
			err |= nla_put_u32(msg, *a, value_of(*a));
			break;
		case SSDK_SPEC_TYPE_U64:
			err |= nla_put_u64(msg, *a, value_of(*a));
			break;
		default:
			EXPECT_TRUE(0) TH_LOG("%s: no value made for its type", run_attr(*a)->name);
		}
	}
	EXPECT_EQ(0, err);
	return msg;
}

TEST(status_parse_every_reply_attribute)
{
	struct ssdk_run_status *st = malloc(sizeof(*st));
	struct nl_msg *msg = make_reply(_metadata);
	const struct ssdk_counts *s;
	const uint16_t *a;
	uint32_t t, set;

	ASSERT_NE(NULL, msg);
	ASSERT_NE(NULL, st);
	memset(st, 0xa5, sizeof(*st));
	ssdk_status_parse(st, nlmsg_hdr(msg));
	for (a = ssdk_spec_ops[SSDK_CMD_RUN_GET].do_reply; *a; a++) {
		t = *a;
		/* the configuration's attributes: in their field, and marked set */
		if (is_request(t)) {
			EXPECT_TRUE(ssdk_config_is_set(&st->config, t)) TH_LOG("%s", run_attr(t)->name);
		} else {
			EXPECT_FALSE(ssdk_config_is_set(&st->config, t)) TH_LOG("%s", run_attr(t)->name);
		}
		switch (t) {
		case SSDK_A_RUN_TARGET:
			EXPECT_STREQ(reply_target, st->config.target);
			continue;
		case SSDK_A_RUN_REASON:
			EXPECT_STREQ(reply_reason, st->reason);
			continue;
		case SSDK_A_RUN_BS_SPLIT:
			EXPECT_EQ(3U, st->config.nr_bs);
			for (set = 0; set < 3; set++) {
				EXPECT_EQ(4096U << set, st->config.bs_split[set].bs);
				EXPECT_EQ(10 + set, st->config.bs_split[set].pct);
			}
			continue;
		case SSDK_A_RUN_CPUS:
			EXPECT_EQ(3U, st->config.nr_cpus);
			for (set = 0; set < 3; set++)
				EXPECT_EQ(2 * set + 1, st->config.cpus[set]);
			continue;
		case SSDK_A_RUN_STATS:
			for (set = 0; set < SSDK_NR_SETS; set++) {
				s = &st->stats[set];
				EXPECT_EQ((uint64_t)(set + 1) << 40 | SSDK_A_STATS_IOS, s->ios);
				EXPECT_EQ((uint64_t)(set + 1) << 40 | SSDK_A_STATS_BYTES, s->bytes);
				EXPECT_EQ((uint64_t)(set + 1) << 40 | SSDK_A_STATS_ERRORS, s->errors);
				EXPECT_EQ((uint64_t)(set + 1) << 40 | SSDK_A_STATS_LAT_MIN_NS,
					  s->lat_min_ns);
				EXPECT_EQ((uint64_t)(set + 1) << 40 | SSDK_A_STATS_LAT_MAX_NS,
					  s->lat_max_ns);
				EXPECT_EQ((uint64_t)(set + 1) << 40 | SSDK_A_STATS_LAT_SUM_NS,
					  s->lat_sum_ns);
				EXPECT_EQ((uint64_t)(set + 1) << 40 | SSDK_A_STATS_LAT_SUMSQ_HI,
					  s->lat_sumsq_hi);
				EXPECT_EQ((uint64_t)(set + 1) << 40 | SSDK_A_STATS_LAT_SUMSQ_LO,
					  s->lat_sumsq_lo);
			}
			continue;
		}
		if (is_request(t)) {
			EXPECT_EQ(value_of(t), ssdk_config_get(&st->config, t))
				TH_LOG("%s", run_attr(t)->name);
			continue;
		}
		/* a status attribute: the test knows its field, of its type's size */
		ASSERT_NE(0U, status_fields[t].size) TH_LOG("%s: no field known", run_attr(t)->name);
		EXPECT_EQ(run_attr(t)->type == SSDK_SPEC_TYPE_U64 ? 8U : 4U, status_fields[t].size)
			TH_LOG("%s", run_attr(t)->name);
		EXPECT_EQ(value_of(t), status_field(st, t)) TH_LOG("%s", run_attr(t)->name);
	}
	/* the reserved fields are cleared, and nothing else is set */
	EXPECT_EQ(0U, st->reserved);
	EXPECT_FALSE(ssdk_config_is_set(&st->config, SSDK_A_RUN_ALLOW_WRITE));
	EXPECT_EQ(0U, st->config.allow_write);
	nlmsg_free(msg);
	free(st);
}

/* A reply without the optional attributes: unset, the CPU any. */
TEST(status_parse_empty)
{
	struct ssdk_run_status st;
	struct ssdk_run_config empty;
	struct nl_msg *msg = nlmsg_alloc();

	ASSERT_NE(NULL, msg);
	genlmsg_put(msg, NL_AUTO_PORT, NL_AUTO_SEQ, 0x20, 0, 0, SSDK_CMD_RUN_GET, 1);
	nla_put_u32(msg, SSDK_A_RUN_ID, 9);
	nla_put_u32(msg, SSDK_A_RUN_PAD, 1);		/* not a field: ignored */
	nla_put_u32(msg, SSDK_A_RUN_MAX + 1, 1);	/* unknown: ignored */
	memset(&st, 0xa5, sizeof(st));
	ssdk_status_parse(&st, nlmsg_hdr(msg));
	ssdk_config_init(&empty);
	EXPECT_EQ(9U, st.id);
	EXPECT_EQ(SSDK_ANY_CPU, st.config.cpu);
	EXPECT_EQ(0, memcmp(&empty, &st.config, sizeof(empty)));
	EXPECT_EQ(0ULL, st.stats[0].ios);
	EXPECT_STREQ("", st.reason);
	nlmsg_free(msg);
}

/* ---- ssdk_config_put() ------------------------------------------------ */

/*
 * Put @c's attributes into a message and read them back: each one set,
 * once (bs-split once per entry), in the spec's order, with its value;
 * none that is not set.
 */
static void check_put(struct __test_metadata *_metadata, const struct ssdk_run_config *c)
{
	struct nl_msg *msg = nlmsg_alloc_size(65536);
	const uint16_t *order = ssdk_spec_ops[SSDK_CMD_RUN_START].do_request;
	unsigned int seen[SSDK_A_RUN_MAX + 1] = { 0 }, pos = 0;
	struct nlattr *attr, *tb[SSDK_A_BS_SPLIT_MAX + 1];
	uint32_t t, split = 0;
	int rem;

	ASSERT_NE(NULL, msg);
	genlmsg_put(msg, NL_AUTO_PORT, NL_AUTO_SEQ, 0x20, 0, 0, SSDK_CMD_RUN_START, 1);
	ASSERT_EQ(0, ssdk_config_put(msg, c));
	nlmsg_for_each_attr(attr, nlmsg_hdr(msg), GENL_HDRLEN, rem) {
		t = nla_type(attr);
		ASSERT_LE(t, (uint32_t)SSDK_A_RUN_MAX);
		ASSERT_TRUE(ssdk_config_is_set(c, t)) TH_LOG("%s put, not set", run_attr(t)->name);
		seen[t]++;
		/* in the spec's order */
		while (order[pos] && order[pos] != t)
			pos++;
		ASSERT_NE(0, order[pos]) TH_LOG("%s out of order", run_attr(t)->name);
		switch (run_attr(t)->type) {
		case SSDK_SPEC_TYPE_FLAG:
			EXPECT_EQ(0, nla_len(attr)) TH_LOG("%s", run_attr(t)->name);
			break;
		case SSDK_SPEC_TYPE_U32:
			ASSERT_EQ(4, nla_len(attr)) TH_LOG("%s", run_attr(t)->name);
			if (t == SSDK_A_RUN_CPUS) {
				ASSERT_LT(seen[t] - 1, c->nr_cpus);
				EXPECT_EQ(c->cpus[seen[t] - 1], nla_get_u32(attr));
				break;
			}
			EXPECT_EQ(ssdk_config_get(c, t), nla_get_u32(attr)) TH_LOG("%s", run_attr(t)->name);
			break;
		case SSDK_SPEC_TYPE_U64:
			ASSERT_EQ(8, nla_len(attr)) TH_LOG("%s", run_attr(t)->name);
			EXPECT_EQ(ssdk_config_get(c, t), nla_get_u64(attr)) TH_LOG("%s", run_attr(t)->name);
			break;
		case SSDK_SPEC_TYPE_STRING:
			EXPECT_STREQ(c->target, nla_get_string(attr));
			break;
		case SSDK_SPEC_TYPE_NEST:
			ASSERT_EQ((uint32_t)SSDK_A_RUN_BS_SPLIT, t);
			ASSERT_EQ(0, nla_parse_nested(tb, SSDK_A_BS_SPLIT_MAX, attr, NULL));
			ASSERT_LT(split, c->nr_bs);
			EXPECT_EQ(c->bs_split[split].bs, nla_get_u32(tb[SSDK_A_BS_SPLIT_BS]));
			EXPECT_EQ(c->bs_split[split].pct, nla_get_u32(tb[SSDK_A_BS_SPLIT_PCT]));
			split++;
			break;
		default:
			ASSERT_TRUE(0) TH_LOG("%s: unexpected type", run_attr(t)->name);
		}
	}
	for (t = 0; t <= SSDK_A_RUN_MAX; t++) {
		if (t == SSDK_A_RUN_BS_SPLIT) {
			EXPECT_EQ(c->nr_bs, seen[t]);
		} else if (t == SSDK_A_RUN_CPUS) {
			EXPECT_EQ(c->nr_cpus, seen[t]);
		} else {
			EXPECT_EQ(ssdk_config_is_set(c, t) ? 1U : 0U, seen[t])
				TH_LOG("%s", run_attr(t) ? run_attr(t)->name : "?");
		}
	}
	nlmsg_free(msg);
}

TEST(put_exactly_what_is_set)
{
	const uint16_t *a;
	struct ssdk_run_config c;
	unsigned int i = 0;

	/* nothing set: nothing put, whatever the fields hold */
	ssdk_config_init(&c);
	c.bs = 4096;
	c.iodepth = 32;
	c.allow_write = 1;
	strcpy(c.target, "/dev/sda");
	check_put(_metadata, &c);

	/* everything */
	ssdk_config_set_target(&c, "/dev/nvme0n1");
	ssdk_config_add_bs(&c, 4096, 70);
	ssdk_config_add_bs(&c, 65536, 30);
	ssdk_config_add_cpu(&c, 3);
	ssdk_config_add_cpu(&c, 1);
	for (a = ssdk_spec_ops[SSDK_CMD_RUN_START].do_request; *a; a++) {
		if (settable(*a))
			ssdk_config_set(&c, *a, value_of(*a));
	}
	check_put(_metadata, &c);

	/* every other one, the flags among them */
	ssdk_config_init(&c);
	for (a = ssdk_spec_ops[SSDK_CMD_RUN_START].do_request; *a; a++) {
		if (settable(*a) && i++ % 2)
			ssdk_config_set(&c, *a, value_of(*a) + 1);
	}
	check_put(_metadata, &c);
	/* a flag set to 0 and a number unset are left out */
	ssdk_config_set(&c, SSDK_A_RUN_ALLOW_WRITE, 0);
	ssdk_config_set(&c, SSDK_A_RUN_OWNED, 0);
	ssdk_config_unset(&c, SSDK_A_RUN_BS);
	ssdk_config_unset(&c, SSDK_A_RUN_IODEPTH);
	check_put(_metadata, &c);
}

/* What run-start sends, a status reply reads back: the same configuration. */
TEST(put_then_parse)
{
	struct ssdk_run_status st;
	struct ssdk_run_config c;
	const uint16_t *a;
	struct nl_msg *msg = nlmsg_alloc_size(65536);

	ASSERT_NE(NULL, msg);
	ssdk_config_init(&c);
	ssdk_config_set_target(&c, "/dev/nvme0n1");
	ssdk_config_add_bs(&c, 4096, 70);
	ssdk_config_add_bs(&c, 65536, 30);
	for (a = ssdk_spec_ops[SSDK_CMD_RUN_START].do_request; *a; a++) {
		if (settable(*a))
			ssdk_config_set(&c, *a, value_of(*a));
	}
	/* allow-write is not in run-get's reply: what the parse cannot see */
	ssdk_config_set(&c, SSDK_A_RUN_ALLOW_WRITE, 0);
	genlmsg_put(msg, NL_AUTO_PORT, NL_AUTO_SEQ, 0x20, 0, 0, SSDK_CMD_RUN_GET, 1);
	ASSERT_EQ(0, ssdk_config_put(msg, &c));
	ssdk_status_parse(&st, nlmsg_hdr(msg));
	EXPECT_EQ(0, memcmp(&c, &st.config, sizeof(c)));
	nlmsg_free(msg);
}

TEST_HARNESS_MAIN
