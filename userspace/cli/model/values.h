/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Values on the command line and in reports: sizes, durations, counts and
 * the names of the spec's enums, parsed and printed. Each parser returns
 * 0, or -EINVAL (not a value of its kind) or -ERANGE (too large), and
 * leaves *out alone on failure. The bottom layer of the CLI, with json.c.
 *
 * Sizes, durations, bssplit, pattern and steady, and the formats of sizes
 * and times, are libssdk's (ssdk_parse_*(), ssdk_fmt_*()), which the
 * Python package reads them with too; lists and enum names are the CLI's
 * own (values.c).
 */
#ifndef _SSDK_VALUES_H
#define _SSDK_VALUES_H

#include <stddef.h>
#include <stdint.h>

#include "libssdk.h"
#include "platform.h"

/* args.c's names of libssdk's parsers and formats. */
static inline int parse_size(const char *s, uint64_t *out)
{
	return ssdk_parse_size(s, out);
}

static inline int parse_duration_ns(const char *s, uint64_t *out)
{
	return ssdk_parse_duration_ns(s, out);
}

static inline int parse_u64(const char *s, uint64_t *out)
{
	return ssdk_parse_u64(s, out);
}

static inline int parse_u32(const char *s, uint32_t *out)
{
	return ssdk_parse_u32(s, out);
}

static inline const char *fmt_duration(char *buf, size_t size, uint64_t ns)
{
	return ssdk_fmt_duration(buf, size, ns);
}

static inline const char *fmt_size(char *buf, size_t size, uint64_t bytes)
{
	return ssdk_fmt_size(buf, size, bytes);
}

int parse_list(const char *s, uint32_t *out, unsigned int max, unsigned int *nr, int ranges);
const char *enum_name(uint32_t enum_id, uint64_t value);
const char *enum_list(char *buf, size_t size, int enum_id);

#endif /* _SSDK_VALUES_H */
