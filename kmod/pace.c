// SPDX-License-Identifier: GPL-2.0
/*
 * The arrival schedule of a rate-limited run. Arrivals are due at fixed
 * gaps (paced, uniform) or at exponentially distributed ones (poisson),
 * counted from the previous arrival, not from the previous submission,
 * so that a late timer does not lower the rate.
 *
 * When an arrival finds every slot busy, a closed-loop (paced) run lets
 * the schedule slip to when a slot frees: the device sets the pace, and
 * latency is the service time. An open-loop run keeps the schedule: the
 * IO waits, counts as late, and its response time counts from its
 * arrival, so a stall shows in every IO that arrived during it rather
 * than in the one IO that was in flight (no coordinated omission).
 */

#include <linux/math64.h>

#include "ssdk.h"

#define SSDK_PACE_SEED	0x7061636500000000ULL

/**
 * ssdk_pace_start() - Start a run's schedule: the first IO is due now.
 * @run: The run.
 * @now: The start.
 *
 * Context: The run's worker.
 */
void ssdk_pace_start(struct ssdk_run *run, u64 now)
{
	struct ssdk_pace *p = &run->pace;

	p->free_since_ns = now;
	if (!run->cfg.rate_iops)
		return;
	ssdk_prng_seed(&p->rng, run->cfg.seed ^ SSDK_PACE_SEED);
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
	return !run->cfg.rate_iops || now >= run->pace.next_ns;
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
 * ssdk_pace_take() - Give a slot's IO the arrival that is due.
 * @run: The run.
 * @slot: The slot, about to be submitted.
 * @now: The time.
 *
 * Context: The run's worker.
 */
void ssdk_pace_take(struct ssdk_run *run, struct ssdk_slot *slot, u64 now)
{
	struct ssdk_pace *p = &run->pace;
	u64 arrival = p->next_ns;

	if (!run->cfg.rate_iops) {
		slot->arrival_ns = now;
		return;
	}
	/* No slot was free from the arrival until free_since_ns. */
	if (p->free_since_ns > arrival) {
		if (run->cfg.arrivals == SSDK_ARRIVALS_PACED)
			arrival = p->free_since_ns;
		else
			p->late++;
	}
	slot->arrival_ns = arrival;
	p->next_ns = arrival + ssdk_pace_gap(run);
}
