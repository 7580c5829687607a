// SPDX-License-Identifier: GPL-2.0
/*
 * ssdk_canary: one bug planted on purpose per load, for the debug
 * kernel's detectors to report. A detector that stays silent would let
 * every suite pass, so `make check-debug` first shows each one firing:
 *
 *   insmod ssdk_canary.ko bug=abba          lockdep: circular locking
 *   insmod ssdk_canary.ko bug=atomic-sleep  might_sleep() under a spinlock
 *   insmod ssdk_canary.ko bug=leak          kmemleak: an unreferenced object
 *   insmod ssdk_canary.ko bug=uaf           KASAN: slab-use-after-free
 *
 * Each bug is harmless to the running kernel (no lock is ever contended,
 * nothing sleeps, the freed object is only read), but a lockdep or KASAN
 * report switches lockdep off for the rest of the boot: plant them in a
 * guest of their own, lockdep first and KASAN last. Never load this
 * module anywhere else.
 */

#include <linux/compiler.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/string.h>

static char *bug = "";
module_param(bug, charp, 0444);
MODULE_PARM_DESC(bug, "The bug to plant: abba, atomic-sleep, leak or uaf");

static DEFINE_MUTEX(canary_a);
static DEFINE_MUTEX(canary_b);
static DEFINE_SPINLOCK(canary_lock);

/*
 * A then B, later B then A: one thread, so no deadlock, but the order
 * that could deadlock two threads, which lockdep reports.
 */
static void canary_abba(void)
{
	mutex_lock(&canary_a);
	mutex_lock(&canary_b);
	mutex_unlock(&canary_b);
	mutex_unlock(&canary_a);

	mutex_lock(&canary_b);
	mutex_lock(&canary_a);
	mutex_unlock(&canary_a);
	mutex_unlock(&canary_b);
}

/* might_sleep() says "this may sleep" without sleeping. */
static void canary_atomic_sleep(void)
{
	spin_lock(&canary_lock);
	might_sleep();
	spin_unlock(&canary_lock);
}

/* The marker shows in kmemleak's hex dump of the object. */
static void canary_leak(void)
{
	char *p = kmalloc(64, GFP_KERNEL);

	if (p)
		strscpy(p, "ssdk-canary-leak", 64);
}

static int canary_uaf(void)
{
	char *p = kmalloc(64, GFP_KERNEL);

	if (!p)
		return -ENOMEM;
	p[0] = 's';
	kfree(p);
	/* Keeps the compiler from seeing (and refusing) the read below. */
	OPTIMIZER_HIDE_VAR(p);
	(void)READ_ONCE(p[0]);
	return 0;
}

static int __init canary_init(void)
{
	if (!strcmp(bug, "abba"))
		canary_abba();
	else if (!strcmp(bug, "atomic-sleep"))
		canary_atomic_sleep();
	else if (!strcmp(bug, "leak"))
		canary_leak();
	else if (!strcmp(bug, "uaf"))
		return canary_uaf();
	else
		return -EINVAL;
	return 0;
}

static void __exit canary_exit(void)
{
}

module_init(canary_init);
module_exit(canary_exit);
MODULE_DESCRIPTION("Bugs planted for the debug kernel's detectors (ssdk's make check-debug)");
MODULE_LICENSE("GPL");
