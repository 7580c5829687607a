// SPDX-License-Identifier: GPL-2.0
/*
 * The arrival schedule of a rate-limited run. Arrivals are due at fixed
 * gaps (paced, uniform) or at exponentially distributed ones (poisson),
 * counted from the previous arrival, not from the previous submission,
 * so that a late timer does not lower the rate. A replay with its
 * trace's timing is an open loop whose arrivals are its trace's
 * (replay.c).
 *
 * When an arrival finds every slot busy, a closed-loop (paced) run lets
 * the schedule slip to when a slot frees: the device sets the pace, and
 * latency is the service time. An open-loop run keeps the schedule: the
 * IO waits, counts as late, and its response time counts from its
 * arrival, so a stall shows in every IO that arrived during it rather
 * than in the one IO that was in flight (no coordinated omission).
 *
 * "Busy" is judged on the schedule, not on the worker's clock: each slot
 * knows when its last IO would have completed had every IO gone out when
 * due (its scheduled start plus its measured service time). A worker
 * that was late itself (descheduled, or a timer that fired late) finds
 * completed slots it has not reaped yet; they were free on the schedule,
 * and neither slip the schedule nor count as late.
 */

#include <linux/math64.h>

#include "ssdk.h"

#define SSDK_PACE_SEED	0x7061636500000000ULL

/**
 * ssdk_pace_start() - Start a run's schedule: the first IO is due now (a
 * replay's, at its start).
 * @run: The run.
 * @now: The start.
 *
 * Context: The run's worker.
 */
void ssdk_pace_start(struct ssdk_run *run, u64 now)
{
	struct ssdk_pace *p = &run->pace;

	if (!run->cfg.scheduled)
		return;
	if (run->cfg.trace) {
		p->next_ns = ssdk_replay_due(run, 0);
		return;
	}
	ssdk_prng_seed(&p->rng, run->cfg.access.seed ^ SSDK_PACE_SEED);
	p->gap_ns = div_u64_rem(NSEC_PER_SEC, run->cfg.rate_iops, &p->gap_rem);
	p->next_ns = now;
}

/**
 * ssdk_pace_due() - Whether the next IO is due.
 * @run: The run.
 * @now: The time.
 *
 * Return: True when it is, or when the run has no rate.
 */
bool ssdk_pace_due(const struct ssdk_run *run, u64 now)
{
	return !run->cfg.scheduled || now >= run->pace.next_ns;
}

static u64 ssdk_pace_gap(struct ssdk_run *run)
{
	struct ssdk_pace *p = &run->pace;
	u64 gap = p->gap_ns;

	if (run->cfg.arrivals == SSDK_ARRIVALS_POISSON)
		return (NSEC_PER_SEC / run->cfg.rate_iops * ssdk_prng_exp16(&p->rng)) >> 16;
	/* Carry the remainder: 3 IOPS is 333333333, 333333333, 333333334 ns. */
	p->rem += p->gap_rem;
	if (p->rem >= run->cfg.rate_iops) {
		p->rem -= run->cfg.rate_iops;
		gap++;
	}
	return gap;
}

/**
 * ssdk_pace_pop() - Take a free slot for a rate-limited run's next IO.
 * @run: The run, with a free slot.
 *
 * The slot that was free first on the schedule: a scan of the free
 * slots, as rates are far below what that costs. (Runs without a rate
 * take the one freed last, still warm in the cache.)
 *
 * Context: The run's worker.
 * Return: The slot, off the stack of free slots.
 */
struct ssdk_slot *ssdk_pace_pop(struct ssdk_run *run)
{
	unsigned int i, first = run->nr_free - 1;

	for (i = 0; i < run->nr_free - 1; i++)
		if (run->free[i]->sched_free_ns < run->free[first]->sched_free_ns)
			first = i;
	swap(run->free[first], run->free[run->nr_free - 1]);
	return run->free[--run->nr_free];
}

/**
 * ssdk_pace_take() - Give a slot's IO the arrival that is due.
 * @run: The run, rate-limited.
 * @slot: The slot, about to be submitted.
 * @now: The time.
 *
 * Context: The run's worker.
 */
void ssdk_pace_take(struct ssdk_run *run, struct ssdk_slot *slot, u64 now)
{
	struct ssdk_pace *p = &run->pace;
	u64 arrival = p->next_ns, start = arrival;

	/* Every slot was busy, on the schedule, when the IO was due. */
	if (slot->sched_free_ns > arrival) {
		start = slot->sched_free_ns;
		if (!ssdk_cfg_open_loop(&run->cfg))
			arrival = start;
		else
			WRITE_ONCE(p->late, p->late + 1);
	}
	slot->arrival_ns = arrival;
	slot->sched_start_ns = start;
	/* A replay's next arrival is its trace's next IO's, whatever this one's. */
	p->next_ns = run->cfg.trace ? ssdk_replay_due(run, run->submitted + 1) :
				      arrival + ssdk_pace_gap(run);
}

/**
 * ssdk_pace_complete() - Note when a slot's IO would have completed.
 * @run: The run, rate-limited.
 * @slot: The slot, its IO completed and stamped.
 *
 * Context: The run's worker.
 */
void ssdk_pace_complete(struct ssdk_run *run, struct ssdk_slot *slot)
{
	slot->sched_free_ns = slot->sched_start_ns +
			      (SSDK_MEASURE ? slot->complete_ns - slot->submit_ns : 0);
}
