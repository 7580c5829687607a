/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ssdk system tune and reset: the latency profile (tuned's
 * latency-performance, pyperf's system tune) applied to the workers' CPUs
 * and the target's disk, each change logged with the value it replaced in
 * a state file before it is written, so that reset restores exactly what
 * was changed, also after a crash, and nothing else.
 */
#ifndef _SSDK_SYSTEM_TUNE_H
#define _SSDK_SYSTEM_TUNE_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "libssdk.h"

/* The state file under the root: /run is gone at a reboot, as the values. */
#define TUNE_STATE		"run/ssdk/system-tune.state"
/* The first line of a state file. */
#define TUNE_STATE_MAGIC	"ssdk-system-tune 1"
/* Idle states that take longer than this to leave are disabled (tuned: C1 stays). */
#define TUNE_MAX_EXIT_US	2
/* Room for a value written or restored, and for a path under the root. */
#define TUNE_VALUE_LEN		128
#define TUNE_PATH_LEN		256
/* What a plan holds at most: changes, and things it leaves with a reason. */
#define TUNE_MAX_CHANGES	1024
#define TUNE_MAX_LEFT		64

/**
 * struct tune_change - One file tune writes.
 * @key: The fact it changes ("thp", "cpuidle.C6", "irq.31").
 * @path: The file, under the root ("sys/kernel/mm/transparent_hugepage/enabled").
 * @from: What it holds (a selector's chosen word): what reset writes back.
 * @to: What tune writes; "" for a file another change rewrites
 *	(nr_requests, which a scheduler's change resets), which tune only
 *	records, for reset to write back after the other's.
 * @dev: The file's device and inode, which tune_plan() compares (two
 *	paths through links to one file are one change); 0 in a state
 *	file's changes.
 * @ino: See @dev.
 */
struct tune_change {
	char key[SSDK_FACT_KEY_LEN];
	char path[TUNE_PATH_LEN];
	char from[TUNE_VALUE_LEN];
	char to[TUNE_VALUE_LEN];
	dev_t dev;
	ino_t ino;
};

/**
 * struct tune_left - What tune leaves as it is, and why.
 * @key: The fact.
 * @why: Why: "managed by the kernel", "no CPU outside the workers'".
 */
struct tune_left {
	char key[SSDK_FACT_KEY_LEN];
	char why[SSDK_FACT_WHY_LEN];
};

/**
 * struct tune_plan - What tune changes, or reset restores.
 * @nr: Changes in @c.
 * @c: The changes, in the order they are made (reset: undone in reverse).
 * @nr_left: Entries in @left.
 * @left: What is left as it is.
 * @state: The state file, under the root or absolute.
 */
struct tune_plan {
	unsigned int nr;
	struct tune_change c[TUNE_MAX_CHANGES];
	unsigned int nr_left;
	struct tune_left left[TUNE_MAX_LEFT];
	char state[TUNE_PATH_LEN + 64];
};

/**
 * struct tune_args - What ssdk system tune is asked.
 * @root: The directory standing for /, "" for this machine's.
 * @cpus: The workers' CPUs (a CPU list), or NULL for every online CPU.
 * @target: The target whose disk is tuned, or NULL.
 * @max_exit_us: Idle states whose exit latency is past it are disabled.
 */
struct tune_args {
	const char *root;
	const char *cpus;
	const char *target;
	unsigned int max_exit_us;
};

/**
 * struct tune_ops - How tune and reset write a file (a test's: its own).
 * @write: Write @value to @path (absolute); 0 or a negative errno.
 */
struct tune_ops {
	int (*write)(const char *path, const char *value);
};

extern const struct tune_ops tune_sysfs_ops;

int tune_plan(const struct tune_args *a, struct tune_plan *p, char *err, size_t errlen);
int tune_apply(const char *root, struct tune_plan *p, const struct tune_ops *ops,
	       char *err, size_t errlen);
int tune_state_read(const char *root, struct tune_plan *p, char *err, size_t errlen);
int tune_reset(const char *root, struct tune_plan *p, const struct tune_ops *ops,
	       char *err, size_t errlen);

#endif /* _SSDK_SYSTEM_TUNE_H */
