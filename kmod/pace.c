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
 * @w: The worker (a run with a schedule has one).
 * @now: The start.
 *
 * Context: The worker.
 */
void ssdk_pace_start(struct ssdk_worker *w, u64 now)
{
	const struct ssdk_run_config *cfg = &w->run->cfg;
	struct ssdk_pace *p = &w->pace;

	if (!cfg->scheduled)
		return;
	if (cfg->trace) {
		p->next_ns = ssdk_replay_due(w, 0);
		return;
	}
	ssdk_prng_seed(&p->rng, cfg->access.seed ^ SSDK_PACE_SEED);
	p->gap_ns = div_u64_rem(NSEC_PER_SEC, cfg->rate_iops, &p->gap_rem);
	p->next_ns = now;
}

/**
 * ssdk_pace_due() - Whether the next IO is due.
 * @w: The worker.
 * @now: The time.
 *
 * Return: True when it is, or when the run has no rate.
 */
bool ssdk_pace_due(const struct ssdk_worker *w, u64 now)
{
	return !w->run->cfg.scheduled || now >= w->pace.next_ns;
}

static u64 ssdk_pace_gap(struct ssdk_worker *w)
{
	const struct ssdk_run_config *cfg = &w->run->cfg;
	struct ssdk_pace *p = &w->pace;
	u64 gap = p->gap_ns;

	if (cfg->arrivals == SSDK_ARRIVALS_POISSON)
		return (NSEC_PER_SEC / cfg->rate_iops * ssdk_prng_exp16(&p->rng)) >> 16;
	/* Carry the remainder: 3 IOPS is 333333333, 333333333, 333333334 ns. */
	p->rem += p->gap_rem;
	if (p->rem >= cfg->rate_iops) {
		p->rem -= cfg->rate_iops;
		gap++;
	}
	return gap;
}

/**
 * ssdk_pace_pop() - Take a free slot for a rate-limited run's next IO.
 * @w: The worker, with a free slot.
 *
 * The slot that was free first on the schedule: a scan of the free
 * slots, as rates are far below what that costs. (Runs without a rate
 * take the one freed last, still warm in the cache.)
 *
 * Context: The worker.
 * Return: The slot, off the stack of free slots.
 */
struct ssdk_slot *ssdk_pace_pop(struct ssdk_worker *w)
{
	unsigned int i, first = w->nr_free - 1;

	for (i = 0; i < w->nr_free - 1; i++)
		if (w->free[i]->sched_free_ns < w->free[first]->sched_free_ns)
			first = i;
	swap(w->free[first], w->free[w->nr_free - 1]);
	return w->free[--w->nr_free];
}

/**
 * ssdk_pace_take() - Give a slot's IO the arrival that is due.
 * @w: The worker, of a run with a schedule.
 * @slot: The slot, about to be submitted.
 * @now: The time.
 *
 * Context: The worker.
 */
void ssdk_pace_take(struct ssdk_worker *w, struct ssdk_slot *slot, u64 now)
{
	const struct ssdk_run_config *cfg = &w->run->cfg;
	struct ssdk_pace *p = &w->pace;
	u64 arrival = p->next_ns, start = arrival;

	/* Every slot was busy, on the schedule, when the IO was due. */
	if (slot->sched_free_ns > arrival) {
		start = slot->sched_free_ns;
		if (!ssdk_cfg_open_loop(cfg))
			arrival = start;
		else
			WRITE_ONCE(p->late, p->late + 1);
	}
	slot->arrival_ns = arrival;
	slot->sched_start_ns = start;
	/* A replay's next arrival is its trace's next IO's, whatever this one's. */
	p->next_ns = cfg->trace ? ssdk_replay_due(w, w->submitted + 1) :
				  arrival + ssdk_pace_gap(w);
}

/**
 * ssdk_pace_complete() - Note when a slot's IO would have completed.
 * @w: The worker, of a run with a schedule.
 * @slot: The slot, its IO completed and stamped.
 *
 * Context: The worker.
 */
void ssdk_pace_complete(struct ssdk_worker *w, struct ssdk_slot *slot)
{
	slot->sched_free_ns = slot->sched_start_ns +
			      (SSDK_MEASURE ? slot->complete_ns - slot->submit_ns : 0);
}
