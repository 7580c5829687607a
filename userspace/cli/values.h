/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Parsing of the CLI's values: sizes, durations, counts and the names of
 * the netlink enums. Each parser returns 0, or -EINVAL (not a value of
 * its kind) or -ERANGE (too large), and leaves *out alone on failure.
 */
#ifndef _SSDK_OPTS_H
#define _SSDK_OPTS_H

#include <stddef.h>
#include <stdint.h>

#include "libssdk.h"

int parse_size(const char *s, uint64_t *out);
int parse_duration_ns(const char *s, uint64_t *out);
int parse_u64(const char *s, uint64_t *out);
int parse_u32(const char *s, uint32_t *out);
int parse_rw(const char *s, uint32_t *out);
int parse_arrivals(const char *s, uint32_t *out);
int parse_engine(const char *s, uint32_t *out);
/* struct ssdk_run_config.engine of the userspace engines' results. */
#define UENGINE_BASE	100
int parse_pattern(const char *s, struct ssdk_run_config *c);
int parse_bssplit(const char *s, struct ssdk_run_config *c);

const char *rw_name(uint32_t rw);
const char *state_name(uint32_t state);
const char *op_name(unsigned int op);
const char *arrivals_name(uint32_t arrivals);
const char *engine_name(uint32_t engine);
const char *pattern_str(char *buf, size_t size, const struct ssdk_run_config *c);
int rw_mixed(uint32_t rw);
int rw_sequential(uint32_t rw);
int config_writes(const struct ssdk_run_config *c);
int config_open_loop(const struct ssdk_run_config *c);

#endif /* _SSDK_OPTS_H */
