// SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause
/*
 * Several runs' statuses as one: the total the CLI prints for a job of
 * several targets and the Python package's Run.results() of one, merged
 * by one function. (A run's own workers are merged by the module.)
 */

#include <string.h>

#include "internal.h"
#include "rules.h"

SSDK_EXPORT void ssdk_status_add(struct ssdk_run_status *t, const struct ssdk_run_status *s)
{
	unsigned int i;

	for (i = 0; i < SSDK_NR_SETS; i++)
		ssdk_counts_merge(&t->stats[i], &s->stats[i]);
	t->config.iodepth += s->config.iodepth;
	t->config.workers = (t->config.workers ? t->config.workers : 1) +
			    (s->config.workers ? s->config.workers : 1);
	t->config.cpu = SSDK_ANY_CPU;
	ssdk_config_unset(&t->config, SSDK_A_RUN_CPUS);
	if (s->measured_ns > t->measured_ns)
		t->measured_ns = s->measured_ns;
	if (s->elapsed_ns > t->elapsed_ns)
		t->elapsed_ns = s->elapsed_ns;
	t->completed += s->completed;
	t->io_errors += s->io_errors;
	t->iops_now += s->iops_now;
	t->late += s->late;
	t->cpu_ns += s->cpu_ns;
	t->unpolled += s->unpolled;
	t->anatomy_unsplit += s->anatomy_unsplit;
	if (s->measurement_overhead_ns > t->measurement_overhead_ns) {
		t->measurement_overhead_ns = s->measurement_overhead_ns;
		t->clock_read_ns = s->clock_read_ns;
	}
	if (!ssdk_state_ended(s->state) || !ssdk_state_ended(t->state))
		t->state = SSDK_STATE_RUNNING;
	else if (s->state > t->state)
		t->state = s->state;
	if (!t->reason[0])
		memcpy(t->reason, s->reason, sizeof(t->reason));
}
