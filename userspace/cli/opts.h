/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Parsing of the CLI's values: sizes, durations, counts and the names of
 * the netlink enums. Each parser returns 0, or -EINVAL (not a value of
 * its kind) or -ERANGE (too large), and leaves *out alone on failure.
 */
#ifndef _SSDK_OPTS_H
#define _SSDK_OPTS_H

#include <stdint.h>

int parse_size(const char *s, uint64_t *out);
int parse_duration_ns(const char *s, uint64_t *out);
int parse_u64(const char *s, uint64_t *out);
int parse_u32(const char *s, uint32_t *out);
int parse_rw(const char *s, uint32_t *out);

const char *rw_name(uint32_t rw);
const char *state_name(uint32_t state);
const char *op_name(unsigned int op);
int rw_writes(uint32_t rw);

#endif /* _SSDK_OPTS_H */
