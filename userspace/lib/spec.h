/* SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause */
/* Do not edit directly, auto-generated from:
 * 	Documentation/netlink/specs/ssdk.yaml
 * by scripts/ynl-gen-ssdk.py */
/*
 * The ssdk netlink family's spec as a table: every attribute of every
 * set with its name, type, limits and default, every enum's names, every
 * operation's attributes. Read it through libssdk.h's ssdk_spec_*().
 */
#ifndef _SSDK_SPEC_H
#define _SSDK_SPEC_H

#include <stdint.h>

/* The spec's enums and flags, in its order. */
enum ssdk_spec_enum_id {
	SSDK_SPEC_ENUM_CAP,
	SSDK_SPEC_ENUM_ENGINE,
	SSDK_SPEC_ENUM_RW,
	SSDK_SPEC_ENUM_STATE,
	SSDK_SPEC_ENUM_OP,
	SSDK_SPEC_ENUM_LAT_KIND,
	SSDK_SPEC_ENUM_PATTERN,
	SSDK_SPEC_ENUM_ARRIVALS,
	SSDK_SPEC_ENUM_PURGE_METHOD,
	SSDK_SPEC_ENUM_STEADY_TRACK,
	SSDK_SPEC_ENUM_REPLAY_TIMING,
	SSDK_SPEC_ENUM_REPLAY_REMAP,
	SSDK_SPEC_NR_ENUMS
};

/* The spec's attribute sets, in its order. */
enum ssdk_spec_set_id {
	SSDK_SPEC_SET_INFO,
	SSDK_SPEC_SET_RUN,
	SSDK_SPEC_SET_STATS,
	SSDK_SPEC_SET_IO,
	SSDK_SPEC_SET_INTERVAL,
	SSDK_SPEC_SET_INTERVAL_OP,
	SSDK_SPEC_SET_INTERVAL_STAGE,
	SSDK_SPEC_SET_BS_SPLIT,
	SSDK_SPEC_SET_BUCKET,
	SSDK_SPEC_SET_TRACE,
	SSDK_SPEC_NR_SETS
};

/* An attribute's type in the spec. */
enum ssdk_spec_type {
	SSDK_SPEC_TYPE_UNUSED,
	SSDK_SPEC_TYPE_FLAG,
	SSDK_SPEC_TYPE_U32,
	SSDK_SPEC_TYPE_U64,
	SSDK_SPEC_TYPE_STRING,
	SSDK_SPEC_TYPE_NEST,
	SSDK_SPEC_TYPE_PAD,
	SSDK_SPEC_TYPE_BINARY,
};

#define SSDK_SPEC_HAS_MIN	1
#define SSDK_SPEC_HAS_MAX	2
#define SSDK_SPEC_HAS_DEFAULT	4
#define SSDK_SPEC_MULTI		8

/**
 * struct ssdk_spec_attr - One attribute of a set.
 * @name: Its name in the spec; NULL for a type the set does not have.
 * @type: &enum ssdk_spec_type.
 * @flags: SSDK_SPEC_HAS_MIN, _MAX, _DEFAULT: which of @min, @max and
 *	@dflt hold; SSDK_SPEC_MULTI: the attribute may repeat.
 * @enum_id: &enum ssdk_spec_enum_id of its values, or -1.
 * @nested: &enum ssdk_spec_set_id of a nest's attributes, or -1.
 * @min: Smallest value the kernel takes.
 * @max: Largest value the kernel takes.
 * @dflt: What the kernel does when the attribute is left out.
 * @doc: The spec's doc of it, one line; "" when it has none.
 */
struct ssdk_spec_attr {
	const char *name;
	uint32_t type;
	uint32_t flags;
	int32_t enum_id;
	int32_t nested;
	uint64_t min;
	uint64_t max;
	uint64_t dflt;
	const char *doc;
};

/**
 * struct ssdk_spec_set - An attribute set.
 * @name: Its name in the spec.
 * @max: Its largest attribute type.
 * @attrs: Indexed by type, @max + 1 of them.
 */
struct ssdk_spec_set {
	const char *name;
	uint32_t max;
	const struct ssdk_spec_attr *attrs;
};

/**
 * struct ssdk_spec_enum - An enum or a set of flags.
 * @name: Its name in the spec.
 * @flags: Its entries are bits (values 1 << i) rather than 0, 1, 2...
 * @nr: Entries.
 * @names: Their names, in the order of their values.
 * @docs: The spec's doc of each, one line; "" when it has none.
 */
struct ssdk_spec_enum {
	const char *name;
	uint32_t flags;
	uint32_t nr;
	const char *const *names;
	const char *const *docs;
};

/**
 * struct ssdk_spec_op - An operation.
 * @name: Its name in the spec; NULL for a command number it does not use.
 * @set: &enum ssdk_spec_set_id of its attributes.
 * @do_request: The attributes of a do request, 0-terminated.
 * @do_reply: Those of a do reply.
 * @dump_reply: Those of each message of a dump.
 */
struct ssdk_spec_op {
	const char *name;
	uint32_t set;
	const uint16_t *do_request;
	const uint16_t *do_reply;
	const uint16_t *dump_reply;
};

extern const struct ssdk_spec_set ssdk_spec_sets[SSDK_SPEC_NR_SETS];
extern const struct ssdk_spec_enum ssdk_spec_enums[SSDK_SPEC_NR_ENUMS];
extern const struct ssdk_spec_op ssdk_spec_ops[14];

#endif /* _SSDK_SPEC_H */
