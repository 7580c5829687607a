// SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause
/*
 * The spec's table (spec.c, generated from the netlink spec by
 * scripts/ynl-gen-ssdk.py), read by number or by name: attributes with
 * their types, limits and defaults, and the names of enum values.
 */

#include <string.h>

#include "internal.h"

SSDK_EXPORT const struct ssdk_spec_attr *ssdk_spec_attr(uint32_t set, uint32_t type)
{
	const struct ssdk_spec_set *s;

	if (set >= SSDK_SPEC_NR_SETS)
		return NULL;
	s = &ssdk_spec_sets[set];
	if (type > s->max || !s->attrs[type].name)
		return NULL;
	return &s->attrs[type];
}

SSDK_EXPORT int ssdk_spec_attr_type(uint32_t set, const char *name)
{
	uint32_t type;

	if (set >= SSDK_SPEC_NR_SETS || !name)
		return -ENOENT;
	for (type = 0; type <= ssdk_spec_sets[set].max; type++)
		if (ssdk_spec_sets[set].attrs[type].name &&
		    !strcmp(ssdk_spec_sets[set].attrs[type].name, name))
			return type;
	return -ENOENT;
}

SSDK_EXPORT const struct ssdk_spec_enum *ssdk_spec_enum(uint32_t enum_id)
{
	return enum_id < SSDK_SPEC_NR_ENUMS ? &ssdk_spec_enums[enum_id] : NULL;
}

/* The index of a value among an enum's entries, or -1. */
static int entry_of(const struct ssdk_spec_enum *e, uint64_t value)
{
	uint32_t i;

	if (!e->flags)
		return value < e->nr ? (int)value : -1;
	for (i = 0; i < e->nr; i++)
		if (value == 1ULL << i)
			return i;
	return -1;
}

SSDK_EXPORT const char *ssdk_spec_name(uint32_t enum_id, uint64_t value)
{
	const struct ssdk_spec_enum *e = ssdk_spec_enum(enum_id);
	int i = e ? entry_of(e, value) : -1;

	return i < 0 ? NULL : e->names[i];
}

SSDK_EXPORT int ssdk_spec_value(uint32_t enum_id, const char *name, uint64_t *value)
{
	const struct ssdk_spec_enum *e = ssdk_spec_enum(enum_id);
	uint32_t i;

	for (i = 0; e && name && i < e->nr; i++) {
		if (!strcmp(e->names[i], name)) {
			*value = e->flags ? 1ULL << i : i;
			return 0;
		}
	}
	return -ENOENT;
}
