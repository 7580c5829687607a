/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Values on the command line and in reports: sizes, durations, counts and
 * the names of the spec's enums, parsed and printed. Each parser returns
 * 0, or -EINVAL (not a value of its kind) or -ERANGE (too large), and
 * leaves *out alone on failure. The bottom layer of the CLI, with json.c.
 */
#ifndef _SSDK_VALUES_H
#define _SSDK_VALUES_H

#include <stddef.h>
#include <stdint.h>

#include "libssdk.h"
#include "platform.h"

int parse_size(const char *s, uint64_t *out);
int parse_duration_ns(const char *s, uint64_t *out);
int parse_u64(const char *s, uint64_t *out);
int parse_u32(const char *s, uint32_t *out);
int parse_list(const char *s, uint32_t *out, unsigned int max, unsigned int *nr, int ranges);
int parse_pattern(const char *s, struct ssdk_run_config *c);
int parse_shares(const char *s, int (*parse)(const char *s, uint64_t *out), uint64_t max_value,
		 uint64_t *values, uint32_t *pcts, unsigned int max, unsigned int *nr);
int parse_bssplit(const char *s, struct ssdk_run_config *c);
int parse_steady(const char *s, struct ssdk_run_config *c);

const char *enum_name(uint32_t enum_id, uint64_t value);
const char *fmt_ns(char *buf, size_t size, double ns);
const char *fmt_bytes(char *buf, size_t size, uint64_t bytes);
const char *fmt_size(char *buf, size_t size, uint64_t bytes);
const char *fmt_duration(char *buf, size_t size, uint64_t ns);
const char *fmt_elapsed(char *buf, size_t size, double seconds);
const char *pattern_str(char *buf, size_t size, const struct ssdk_run_config *c);
const char *pattern_syntax(char *buf, size_t size);
const char *enum_list(char *buf, size_t size, int enum_id);

#endif /* _SSDK_VALUES_H */
