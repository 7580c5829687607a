#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# ssdk-selftest: vm=beside kernels=all time=80
#
# Rounds and steady state (SNIA PTS) on a device whose speed the test
# sets: dm-delay over null_blk, its delay swapped on a schedule of the
# run's own clock (lib/dm_delay.py), so that each round's IOPS is known
# whatever the host's load. The run is paced at 100 IOPS with 16 IOs in
# flight: at 50 ms of delay the device could do 320, so the rate is the
# pace's, exactly, even when the emulated guest is starved of CPU (it
# would still be up to some 100 ms of emulation per IO); at 400 ms the
# device does at most 40. Steady state must be declared exactly at the
# round the rule gives, never while the delay still changes, and the run
# must end there; a device that never settles goes all its rounds and
# ends not steady. What cannot make a run with rounds is refused and
# starts nothing.

. "$(dirname "$0")/lib/ssdk.sh"
ssdk_setup_fresh
nullb_load nr_devices=1 irqmode=0 gb=1 || ktap_skip_all "no null_blk"
dev=/dev/mapper/ssdk-steady
dm_delay ssdk-steady /dev/nullb0 50 || ktap_skip_all "no dm-delay"
FAST=50		# ms: the pace's 100 IOPS
SLOW=400	# ms: 40 IOPS at most

ktap_plan 11

# steady_run OUT ROUNDS ROUND_TIME START_MS [T:MS...]: a run of ROUNDS at
# most that tests steady IOPS, the delay START_MS at its start, then MS
# from its second T on (lib/dm_delay.py, which says when on stderr); its
# results in OUT. A ramp of 1 s keeps the start out of the rounds.
steady_run() {
	local out=$1 rounds=$2 round=$3 id

	dm_delay ssdk-steady /dev/nullb0 "$4" || return 1
	shift 4
	id=$(/usr/bin/python3 "$SELFTESTS_DIR/lib/dm_delay.py" ssdk-steady /dev/nullb0 "$@" -- \
		"$SSDK_CLI" -j ctl start --target $dev --iodepth 16 --rate-iops 100 --ramp 1s \
		--rounds "$rounds" --round-time "$round" --steady iops) || return 1
	"$SSDK_CLI" ctl wait "$id" >/dev/null &&
		"$SSDK_CLI" -j ctl results "$id" >"$out"
}

# A constant device: steady at the first window the rule passes on the
# rounds as measured, and the run of at most 20 rounds ends there. That
# is rounds 1-5 when the guest ran undisturbed; an emulated guest starved
# of CPU at a round's end (once on 7.x under make check: rounds of 84 and
# 108 IOPS) moves IOs into the next round, and the first clean window
# comes later: by round 10 for a stall in any of the first five.
constant() {
	local out=$SSDK_TMP/constant.json

	steady_run "$out" 20 1s $FAST && check steady_by_rule "$out" 20 10
}
ktap_check "a constant device: steady at the first window the rule passes (round 5 unless the guest stalled), the run ends there" \
	constant

# 2 s rounds from 1 s on. The delay goes slow and fast again in the middle
# of rounds 2, 4, 6 and 8 (at 4, 8, 12 and 16 s), then holds: rounds of
# 100, 70, 40, 70, 100, 70, 40, 70, then 100. Every window up to rounds
# 8-12 holds a change (rounds 8-12: 70, then 100 four times: a range of
# 32% of the average); rounds 9-13 are the first without: steady at 13.
# (The last change may come 0.6 s early or 1 s late and still leave
# rounds 8-12 unsteady.)
settles() {
	local out=$SSDK_TMP/settles.json

	steady_run "$out" 20 2s $FAST 4:$SLOW 8:$FAST 12:$SLOW 16:$FAST &&
		check steady_at "$out" 13 20 &&
		jtest "$out" 'j["elapsed_ns"] < 28e9'
}
ktap_check "speed changed every 2 rounds, then held: steady exactly at round 13, never before" \
	settles

# 1 s rounds, the delay swapped between slow and fast every 2 s from
# 2.5 s on: every window of 5 rounds holds rounds of 40 and of 100 IOPS:
# never steady, all 8 rounds run.
never() {
	local out=$SSDK_TMP/never.json

	steady_run "$out" 8 1s $FAST 2.5:$SLOW 4.5:$FAST 6.5:$SLOW && check steady_at "$out" 0 8
}
ktap_check "a device that never settles: all 8 rounds, not steady" never

# The rounds' text: the table, each window's verdict, the measurement window.
rounds_text() {
	local text=$SSDK_TMP/never.txt

	"$SSDK_CLI" ctl results "$(jget "$SSDK_TMP/never.json" 'j["id"]')" >"$text" &&
		grep -qE '^rounds 8 of 8, 1.000 s each; steady iops \(range 20%, slope 10% over 5 rounds\): not reached$' "$text" &&
		[ "$(grep -cE '^ +[0-9]+ +[0-9]+ ' "$text")" = 8 ] &&
		grep -qE '^window rounds 4-8: ' "$text" || { cat "$text"; return 1; }
}
ktap_check "results show each round, its window's test and the measurement window" rounds_text
runs_clear

# --- refused: nothing starts, no IO -----------------------------------------------
before=$(blk_stat nullb0 1)
nb=/dev/nullb0
expect_fail "rounds without a round time" 1 "rounds: needs round-ns" \
	"$SSDK_CLI" ctl run --target $nb --rounds 5
expect_fail "a round that is not whole intervals" 1 "round-ns: not a multiple of ts-interval-ns" \
	"$SSDK_CLI" ctl run --target $nb --rounds 5 --round-time 1500ms
expect_fail "a steady test with fewer rounds than a window" 1 \
	"steady-track: needs rounds, at least steady-window \(5\)" \
	"$SSDK_CLI" ctl run --target $nb --rounds 4 --round-time 1s --steady iops
expect_fail "a bound out of range" 1 "steady-range-pct: .*range.*1\.\.100" \
	"$SSDK_CLI" ctl run --target $nb --rounds 5 --round-time 1s --steady iops:101
expect_fail "more rounds than the time series holds" 1 "rounds: more intervals" \
	"$SSDK_CLI" ctl run --target $nb --rounds 1000 --round-time 1h
expect_fail "rounds through a userspace engine, refused before the module's run" 1 \
	"uring: no --rounds" \
	"$SSDK_CLI" compare --target $nb --engines bio,uring-raw --rounds 5 --round-time 1s
ktap_check "refused runs: none made, no IO" \
	eval '[ "$(run_count)" = 0 ] && [ "$(blk_stat nullb0 1)" = "$before" ]'

dmsetup remove ssdk-steady
ktap_done
