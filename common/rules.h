/* SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause */
/*
 * What a run's settings mean, decided once for the module and userspace:
 * whether a mode mixes reads and writes or follows a cursor, whether a
 * run writes, whether its arrivals are an open loop, which latency kinds
 * it keeps, whether a state is an end.
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
 * ssdk_lat_kinds() - How many latency kinds a run keeps statistics for.
 * @open_loop: Its arrivals are an open loop (ssdk_open_loop()).
 * @anatomy: It times the stages of its IOs.
 *
 * A run's sets of statistics are kind x op, for the kinds below this:
 * service time; response time and lateness in an open loop; with
 * anatomy, the stages, after those two (kept, empty, in a closed loop).
 *
 * Return: A count of &enum ssdk_lat_kind values, from service on.
 */
static inline u32 ssdk_lat_kinds(bool open_loop, bool anatomy)
{
	if (anatomy)
		return SSDK_LAT_KIND_MAX + 1;
	return open_loop ? SSDK_LAT_KIND_LATENESS + 1 : SSDK_LAT_KIND_SERVICE + 1;
}

/**
 * ssdk_lat_kind_kept() - Whether a run measures a latency kind.
 * @kind: &enum ssdk_lat_kind.
 * @open_loop: Its arrivals are an open loop.
 * @anatomy: It times the stages of its IOs.
 *
 * Return: True for service time; response time and lateness in an open
 * loop; the stages with anatomy.
 */
static inline bool ssdk_lat_kind_kept(u32 kind, bool open_loop, bool anatomy)
{
	if (kind <= SSDK_LAT_KIND_LATENESS)
		return kind == SSDK_LAT_KIND_SERVICE || open_loop;
	return anatomy && kind <= SSDK_LAT_KIND_MAX;
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
