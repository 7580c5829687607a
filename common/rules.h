/* SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause */
/*
 * What a run's settings mean, decided once for the module and userspace:
 * whether a mode mixes reads and writes or follows a cursor, whether a
 * run writes, whether its arrivals are an open loop, whether a state is
 * an end.
 */
#ifndef _SSDK_RULES_H
#define _SSDK_RULES_H

#include "platform.h"

/**
 * ssdk_rw_mixed() - Whether a mode mixes reads and writes.
 * @rw: &enum ssdk_rw.
 *
 * Return: True for randrw and readwrite.
 */
static inline bool ssdk_rw_mixed(u32 rw)
{
	return rw == SSDK_RW_RANDRW || rw == SSDK_RW_READWRITE;
}

/**
 * ssdk_rw_sequential() - Whether a mode's offsets follow one cursor.
 * @rw: &enum ssdk_rw.
 *
 * Return: True for read, write and readwrite.
 */
static inline bool ssdk_rw_sequential(u32 rw)
{
	return rw == SSDK_RW_READ || rw == SSDK_RW_WRITE || rw == SSDK_RW_READWRITE;
}

/**
 * ssdk_rw_writes() - Whether a run writes.
 * @rw: &enum ssdk_rw.
 * @rwmixread: Percentage of reads of a mix.
 *
 * Return: True for write and randwrite, and for mixes with writes in them.
 */
static inline bool ssdk_rw_writes(u32 rw, u32 rwmixread)
{
	return rw == SSDK_RW_WRITE || rw == SSDK_RW_RANDWRITE ||
	       (ssdk_rw_mixed(rw) && rwmixread < 100);
}

/**
 * ssdk_open_loop() - Whether a run's IOs arrive on a schedule of their own.
 * @rate_iops: The run's rate, 0 for none.
 * @arrivals: &enum ssdk_arrivals.
 * @timed_replay: The run replays a trace with its original timing.
 *
 * Return: True when a rate-limited run's arrivals are uniform or Poisson,
 * or the run replays a trace at its times.
 */
static inline bool ssdk_open_loop(u32 rate_iops, u32 arrivals, bool timed_replay)
{
	return (rate_iops && arrivals != SSDK_ARRIVALS_PACED) || timed_replay;
}

/**
 * ssdk_state_ended() - Whether a run in this state has ended.
 * @state: &enum ssdk_state.
 *
 * Return: True for done, stopped and failed: its results are final.
 */
static inline bool ssdk_state_ended(u32 state)
{
	return state == SSDK_STATE_DONE || state == SSDK_STATE_STOPPED ||
	       state == SSDK_STATE_FAILED;
}

#endif /* _SSDK_RULES_H */
