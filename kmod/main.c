// SPDX-License-Identifier: GPL-2.0
/*
 * ssdk: a storage benchmark whose IO generator runs in the kernel.
 *
 * Module entry and exit.
 */

#include <linux/module.h>
#include <linux/rcupdate.h>

#include "ssdk.h"

static int __init ssdk_init(void)
{
	int ret;

	ssdk_budget_init();
	ssdk_anatomy_init();
	ret = ssdk_netlink_init();
	if (ret)
		return ret;
	pr_info("ssdk %s loaded\n", SSDK_VERSION);
	return 0;
}

/*
 * Runs end before the family goes, so that their end is still announced
 * and no new run can start behind the shutdown. Unregistering the family
 * waits for the handlers still running, which may drop the last
 * reference of a run; then the RCU callbacks that free runs, module
 * code, have all been queued and the barrier waits for them. No handler
 * is left to load a trace: those no run took go.
 *
 * An IO completed in a task (iomap's direct IO workqueue, the loop
 * driver's worker) runs ssdk_slot_complete() and returns through module
 * code after its RCU read-side section: a preemptible task can be
 * preempted there, past what rcu_barrier() waits for. RCU Tasks waits
 * until every task has switched voluntarily, so that none is left
 * inside the module's text when it is freed; a kernel without it
 * (no preemption) cannot preempt the task there.
 *
 * Runs end once their IOs in flight complete: rmmod waits for them, and
 * a device that never completes one (a suspended dm table) holds rmmod
 * until it does (resume or fail the device; Documentation/engine.rst).
 */
static void __exit ssdk_exit(void)
{
	ssdk_runs_shutdown();
	ssdk_netlink_exit();
	ssdk_traces_shutdown();
	ssdk_anatomy_exit();
	rcu_barrier();
#ifdef CONFIG_TASKS_RCU
	synchronize_rcu_tasks();
#endif
}

module_init(ssdk_init);
module_exit(ssdk_exit);

MODULE_DESCRIPTION("ssdk: in-kernel storage benchmark");
MODULE_LICENSE("GPL");
MODULE_VERSION(SSDK_VERSION);
