// SPDX-License-Identifier: GPL-2.0
/*
 * Where a run ran (conditions.h): what results need to be read later,
 * on another machine. The kernel and ssdk's version are the module's;
 * the device is what sysfs says of the target's disk, as libssdk's
 * ssdk_device_model() and ssdk_device_id() read it; the machine's
 * conditions are ssdk_system_read()'s for the target and the run's CPUs,
 * read once per target and CPUs in a process: before its first run (the
 * warning), and the same facts in its results.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "conditions.h"

/* The conditions read in this process, by target and CPUs: twice a job's runs (JOBS_MAX). */
#define CONDITIONS_CACHE	128

static struct cached_system {
	char target[SSDK_TARGET_LEN];
	char cpus[256];
	struct ssdk_system *sys;
} cache[CONDITIONS_CACHE];

/**
 * conditions_cpus() - The CPUs a run's workers are bound to, as a list.
 * @cfg: The run's configuration.
 * @buf: Set to its cpu, or its cpus in order given ("3,1"), or "" for
 *	any CPU.
 * @size: Room in @buf.
 */
void conditions_cpus(const struct ssdk_run_config *cfg, char *buf, size_t size)
{
	size_t len = 0;
	uint32_t i;

	buf[0] = '\0';
	if (ssdk_config_is_set(cfg, SSDK_A_RUN_CPU)) {
		snprintf(buf, size, "%llu",
			 (unsigned long long)ssdk_config_get(cfg, SSDK_A_RUN_CPU));
		return;
	}
	if (!ssdk_config_is_set(cfg, SSDK_A_RUN_CPUS))
		return;
	for (i = 0; i < cfg->nr_cpus && i < SSDK_MAX_WORKERS && len < size; i++)
		len += snprintf(buf + len, size - len, "%s%u", i ? "," : "", cfg->cpus[i]);
}

/**
 * conditions_system() - The machine's conditions for a run.
 * @cfg: The run's configuration: its target and CPUs.
 *
 * Read on the first call for a target and CPUs, then the same.
 *
 * Return: The conditions (of the host alone for a target sysfs has no
 * disk of: a file on tmpfs), or NULL when they cannot be read (CPUs not
 * online) or past CONDITIONS_CACHE.
 */
const struct ssdk_system *conditions_system(const struct ssdk_run_config *cfg)
{
	char cpus[256], err[256];
	struct cached_system *c;
	unsigned int i;

	conditions_cpus(cfg, cpus, sizeof(cpus));
	for (i = 0; i < CONDITIONS_CACHE && cache[i].sys; i++)
		if (!strcmp(cache[i].target, cfg->target) && !strcmp(cache[i].cpus, cpus))
			return cache[i].sys;
	if (i == CONDITIONS_CACHE)
		return NULL;
	c = &cache[i];
	c->sys = malloc(sizeof(*c->sys));
	if (!c->sys)
		return NULL;
	snprintf(c->target, sizeof(c->target), "%s", cfg->target);
	snprintf(c->cpus, sizeof(c->cpus), "%s", cpus);
	/* a file on tmpfs has no disk: the host's facts still hold */
	if (ssdk_system_read(NULL, cfg->target, *cpus ? cpus : NULL, c->sys, err, sizeof(err)) &&
	    ssdk_system_read(NULL, NULL, *cpus ? cpus : NULL, c->sys, err, sizeof(err))) {
		free(c->sys);
		c->sys = NULL;
		return NULL;
	}
	return c->sys;
}

/**
 * conditions_get() - Where a run ran.
 * @h: The connection.
 * @cfg: The run's configuration.
 * @c: Filled in; left empty when the module cannot say.
 */
void conditions_get(struct ssdk *h, const struct ssdk_run_config *cfg,
		    struct run_conditions *c)
{
	struct ssdk_info info;

	memset(c, 0, sizeof(*c));
	if (ssdk_info_get(h, &info))
		return;
	snprintf(c->kernel, sizeof(c->kernel), "%s", info.kernel_release);
	snprintf(c->version, sizeof(c->version), "%s", info.version);
	ssdk_device_model(cfg->target, c->device, sizeof(c->device));
	ssdk_device_id(cfg->target, &c->id);
	c->sys = conditions_system(cfg);
}
