#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# ssdk-selftest: vm=smp kernels=default time=45
#
# Many runs and racing controllers: 16 runs started at once on 16
# devices, and two processes racing start, stop, results and delete.
# Every answer is a result or one clear line; nothing may hang, no run is
# left, the module unloads; vm-run fails the suite on any warning in
# dmesg. The module's own logic under concurrency (its list of runs, the
# runs' lifetimes): on the default kernel, in make check's VM of two
# vCPUs; make check-kernels runs it on every kernel.

. "$(dirname "$0")/lib/ssdk.sh"
ssdk_setup_fresh

ktap_plan 3

# 16 runs started at once by 16 processes, one per device: each ends done
# with its 1000 IOs, each device's counter says 1000.
sixteen() {
	local i reads pids=()

	nullb_load nr_devices=16 irqmode=2 completion_nsec=20000 gb=1 || { echo "null_blk"; return 1; }
	for i in $(seq 0 15); do
		echo "$(blk_stat nullb$i 1)" >"$SSDK_TMP/r0.$i"
	done
	for i in $(seq 0 15); do
		"$SSDK_CLI" ctl run -q -j --target /dev/nullb$i --ios 1000 --iodepth 2 \
			>"$SSDK_TMP/sixteen.$i.json" &
		pids+=($!)
	done
	for i in "${pids[@]}"; do
		within 300 tail --pid="$i" -f /dev/null || { echo "still running after 300 s"; return 1; }
		wait "$i" || { echo "a run failed: exit $?"; return 1; }
	done
	for i in $(seq 0 15); do
		reads=$(($(blk_stat nullb$i 1) - $(cat "$SSDK_TMP/r0.$i")))
		check fields "$SSDK_TMP/sixteen.$i.json" state=done read.ios=1000 target=/dev/nullb$i &&
			[ "$reads" = 1000 ] || { echo "nullb$i: $reads reads counted"; return 1; }
	done
	[ "$(run_count)" = 16 ]
}
ktap_check "16 runs started at once on 16 devices: each done, each device counted 1000 reads" sixteen
runs_clear

# Two processes: one starts, stops, reads and deletes runs in a loop;
# the other lists, reads, stops and deletes whatever runs it sees. Every
# command either succeeds or fails with one line (exit 1); nothing hangs.
# ctl ARGS...: one command of a racer, its errors in race.err. It succeeds
# or fails with exit 1; any other status (a hang of 60 s is 124) is noted.
ctl() {
	timeout 60 "$SSDK_CLI" ctl "$@" 2>>"$SSDK_TMP/race.err" && return 0
	set -- $? "$@"
	[ "$1" = 1 ] && return 0
	echo "exit $*" >>"$SSDK_TMP/race.bad"
	return 1
}
racer_a() {
	local id

	for _ in $(seq 15); do
		id=$(ctl start -j --target /dev/nullb$((RANDOM % 4)) --ios 3000 --iodepth 2 |
			$JGET - 'j["id"]' 2>/dev/null) || continue
		ctl stop "$id" >/dev/null
		ctl results -j "$id" >/dev/null
		ctl delete "$id"
	done
	touch "$SSDK_TMP/race.done"
}
racer_b() {
	local id

	while [ ! -e "$SSDK_TMP/race.done" ]; do
		for id in $(ctl list | awk 'NR > 1 { print $1 }'); do
			case $((RANDOM % 4)) in
			0) ctl status "$id" >/dev/null ;;
			1) ctl results -j "$id" >/dev/null ;;
			2) ctl stop "$id" >/dev/null ;;
			3) ctl delete "$id" ;;
			esac
		done
		# Not a spin: on one CPU a spinning racer starves the other.
		nap 0.05
	done
}
races() {
	local a b rc=0

	: >"$SSDK_TMP/race.err"
	rm -f "$SSDK_TMP/race.done" "$SSDK_TMP/race.bad"
	racer_a &
	a=$!
	racer_b &
	b=$!
	within 300 tail --pid=$a -f /dev/null && within 300 tail --pid=$b -f /dev/null || return 1
	wait $a $b
	# Every command succeeded or failed with exit 1 within 60 s ...
	if [ -e "$SSDK_TMP/race.bad" ]; then
		cat "$SSDK_TMP/race.bad"
		rc=1
	fi
	# ... and each failure is one line that says which run and why.
	if grep -vE '^ssdk: ' "$SSDK_TMP/race.err"; then
		echo "unexpected output"
		rc=1
	fi
	sort "$SSDK_TMP/race.err" | sed 's/[0-9]\+/N/g' | sort | uniq -c | head -n 8
	runs_clear
	[ "$(run_count)" = 0 ] && [ $rc = 0 ]
}
nullb_load nr_devices=4 irqmode=2 completion_nsec=20000 gb=1 || ktap_bail "no null_blk"
ktap_check "start/stop/results/delete raced from two processes: clean answers, no run left" races
ktap_check "and the module unloads" within 30 rmmod ssdk

rmmod null_blk 2>/dev/null
ktap_done
