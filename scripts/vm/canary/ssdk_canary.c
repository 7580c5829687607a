// SPDX-License-Identifier: GPL-2.0
/*
 * ssdk_canary: one bug planted on purpose per load, for the debug
 * kernel's detectors to report. A detector that stays silent would let
 * every suite pass, so `make check-debug` first shows each one firing:
 *
 *   insmod ssdk_canary.ko bug=abba          lockdep: circular locking
 *   insmod ssdk_canary.ko bug=atomic-sleep  might_sleep() under a spinlock
 *   insmod ssdk_canary.ko bug=leak          kmemleak: unreferenced objects
 *   insmod ssdk_canary.ko bug=uaf           KASAN: slab-use-after-free
 *   insmod ssdk_canary.ko bug=race          KCSAN: a data race, two threads
 *   insmod ssdk_canary.ko bug=oob           UBSAN: array-index-out-of-bounds
 *   insmod ssdk_canary.ko bug=shift         UBSAN: shift-out-of-bounds
 *
 * The last three are for the KCSAN + UBSAN kernel, uaf for the KASAN one.
 * Each bug is harmless to the running kernel (no lock is ever contended,
 * nothing sleeps, the freed object is only read, the racing threads only
 * lose increments of the canary's own counter, the index reads the
 * canary's own memory and x86 masks the shift's exponent), but a lockdep
 * or KASAN report switches lockdep off for the rest of the boot: plant
 * them in a guest of their own, lockdep first and KASAN last. Never load
 * this module anywhere else.
 */

#include <linux/compiler.h>
#include <linux/cpumask.h>
#include <linux/delay.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/string.h>

static char *bug = "";
module_param(bug, charp, 0444);
MODULE_PARM_DESC(bug, "The bug to plant: abba, atomic-sleep, leak, uaf, race, oob or shift");

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

/*
 * A few objects, not one: the last one's address may outlive this call
 * on insmod's stack, which a dead task leaves cached, uncleared, for the
 * next thread (kernel/fork.c), and kmemleak scans it: that object looks
 * referenced. Each next allocation overwrites its predecessor's address.
 */
#define CANARY_LEAKS 4

/* The marker shows in kmemleak's hex dump of each object. */
static void canary_leak(void)
{
	int i;

	for (i = 0; i < CANARY_LEAKS; i++) {
		char *p = kmalloc(64, GFP_KERNEL);

		if (p)
			strscpy(p, "ssdk-canary-leak", 64);
	}
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

/*
 * Incremented by two threads at once with neither a lock nor a marked
 * access: each ++ is a plain load and a plain store, so KCSAN, watching
 * one thread's load, sees the other's store change the value.
 */
static unsigned long canary_counter;

/* The race goes on for this long (KCSAN samples one access in thousands). */
#define CANARY_RACE_MS 2000

static int canary_racer(void *unused)
{
	/* The call below makes the compiler load and store every round. */
	while (!kthread_should_stop()) {
		canary_counter++;
		cond_resched();
	}
	return 0;
}

/* One racer on each of the first two CPUs: they run at the same time. */
static int canary_race(void)
{
	struct task_struct *racer[2];
	unsigned int cpu = cpumask_first(cpu_online_mask);
	int i;

	if (num_online_cpus() < 2) {
		pr_err("ssdk_canary: the race needs two CPUs\n");
		return -ENODEV;
	}
	for (i = 0; i < ARRAY_SIZE(racer); i++) {
		racer[i] = kthread_create_on_cpu(canary_racer, NULL, cpu, "ssdk_canary/%u");
		if (IS_ERR(racer[i])) {
			int err = PTR_ERR(racer[i]);

			while (i--)
				kthread_stop(racer[i]);
			return err;
		}
		cpu = cpumask_next(cpu, cpu_online_mask);
	}
	for (i = 0; i < ARRAY_SIZE(racer); i++)
		wake_up_process(racer[i]);
	msleep(CANARY_RACE_MS);
	for (i = 0; i < ARRAY_SIZE(racer); i++)
		kthread_stop(racer[i]);
	pr_info("ssdk_canary: %lu increments survived the race\n", canary_counter);
	return 0;
}

static int canary_table[4];

/*
 * One past the end: a legal address, but not an element to read. The
 * index is hidden from the compiler, which would refuse a constant one.
 */
static void canary_oob(void)
{
	int i = ARRAY_SIZE(canary_table);

	OPTIMIZER_HIDE_VAR(i);
	pr_info("ssdk_canary: canary_table[%d] = %d\n", i, canary_table[i]);
}

/* A shift by the width of the type, hidden from the compiler as above. */
static void canary_shift(void)
{
	unsigned int one = 1;
	int bits = sizeof(one) * BITS_PER_BYTE;

	OPTIMIZER_HIDE_VAR(bits);
	pr_info("ssdk_canary: 1 << %d = %u\n", bits, one << bits);
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
	else if (!strcmp(bug, "race"))
		return canary_race();
	else if (!strcmp(bug, "oob"))
		canary_oob();
	else if (!strcmp(bug, "shift"))
		canary_shift();
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
