#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Rounds and steady state (SNIA PTS) on a device whose speed the test
# sets: dm-delay over null_blk at QD8, its delay swapped on a schedule of
# the run's own clock, so that each round's IOPS is known: 8 IOs per delay
# (the emulation adds a fraction of a millisecond; delays of 50 ms and
# more, which every kernel's dm-delay serves from a timer). Steady
# state must be declared exactly at the round the rule gives, never while
# the schedule still changes, and the run must end there; a device that
# never settles goes all its rounds and ends not steady. What cannot make
# a run with rounds is refused and starts nothing.

. "$(dirname "$0")/lib/ssdk.sh"
ssdk_setup_fresh
nullb_load nr_devices=1 irqmode=0 gb=1 || ktap_skip_all "no null_blk"
dev=/dev/mapper/ssdk-steady
dm_delay ssdk-steady /dev/nullb0 50 || ktap_skip_all "no dm-delay"

ktap_plan 10

# steady_run OUT ROUNDS ROUND_TIME START_MS [T:MS...]: a run of ROUNDS at
# most that tests steady IOPS, the delay START_MS at its start, then MS
# from its second T on (lib/dm_delay.py, which says when on stderr); its
# results in OUT. A ramp of 1 s keeps the start out of the rounds (the
# first round is otherwise some 15% short: the scheduler starts beside
# the run on the guest's emulated CPUs).
steady_run() {
	local out=$1 rounds=$2 round=$3 id

	dm_delay ssdk-steady /dev/nullb0 "$4" || return 1
	shift 4
	id=$(/usr/bin/python3 "$SELFTESTS_DIR/lib/dm_delay.py" ssdk-steady /dev/nullb0 "$@" -- \
		"$SSDK_CLI" -j ctl start --target $dev --iodepth 8 --ramp 1s \
		--rounds "$rounds" --round-time "$round" --steady iops) || return 1
	"$SSDK_CLI" ctl wait "$id" >/dev/null &&
		"$SSDK_CLI" -j ctl results "$id" >"$out"
}

# A constant device: the first window, rounds 1-5, is steady, and ends the
# run of at most 20 rounds there.
constant() {
	local out=$SSDK_TMP/constant.json

	steady_run "$out" 20 1s 50 && check steady_at "$out" 5 20
}
ktap_check "a constant device: steady at round 5, the run ends there" constant

# 2 s rounds from 1 s on. The delay (IOPS at QD8) is 50 ms (160), then
# from the middle of rounds 2, 4, 6 and 8 (at 4, 8, 12 and 16 s): 200 ms (40), 100 ms (80), 200 ms (40), 50 ms
# (160). Every window up to rounds 8-12 holds a change (rounds 8-12: 100,
# then 160 four times: a range of 40% of the average); rounds 9-13 are
# the first without: steady at 13. (The last change may come 0.6 s early
# or 1 s late and still leave rounds 8-12 unsteady.)
settles() {
	local out=$SSDK_TMP/settles.json

	steady_run "$out" 20 2s 50 4:200 8:100 12:200 16:50 && check steady_at "$out" 13 20 &&
		jtest "$out" 'j["elapsed_ns"] < 28e9'
}
ktap_check "speed changed every 2 rounds, then held: steady exactly at round 13, never before" \
	settles

# 1 s rounds, the delay swapped between 50 ms and 200 ms (160 and 40
# IOPS) every 2 s from 2.5 s on: every window of 5 rounds holds both:
# never steady, all 8 rounds run.
never() {
	local out=$SSDK_TMP/never.json

	steady_run "$out" 8 1s 50 2.5:200 4.5:50 6.5:200 && check steady_at "$out" 0 8
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
ktap_check "refused runs: none made, no IO" \
	eval '[ "$(run_count)" = 0 ] && [ "$(blk_stat nullb0 1)" = "$before" ]'

dmsetup remove ssdk-steady
ktap_done
