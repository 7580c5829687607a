// SPDX-License-Identifier: GPL-2.0
/*
 * Where a run ran (conditions.h): what results need to be read later,
 * on another machine. The kernel and ssdk's version are the module's;
 * the device is what sysfs says of the target's disk, as libssdk's
 * ssdk_device_model() and ssdk_device_id() read it.
 */

#include <stdio.h>
#include <string.h>

#include "conditions.h"

/**
 * conditions_get() - Where a run ran.
 * @h: The connection.
 * @target: The run's target.
 * @c: Filled in; left empty when the module cannot say.
 */
void conditions_get(struct ssdk *h, const char *target, struct run_conditions *c)
{
	struct ssdk_info info;

	memset(c, 0, sizeof(*c));
	if (ssdk_info_get(h, &info))
		return;
	snprintf(c->kernel, sizeof(c->kernel), "%s", info.kernel_release);
	snprintf(c->version, sizeof(c->version), "%s", info.version);
	ssdk_device_model(target, c->device, sizeof(c->device));
	ssdk_device_id(target, &c->id);
}
