#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# ssdk-selftest: vm=smp kernels=all time=50
#
# Runs as objects that outlive their controller: concurrent runs, stop,
# Ctrl-C, a killed controller, delete, the bound on kept runs, and
# unloading the module under running runs. Nothing may hang; vm-run
# fails the suite on any warning in dmesg.

. "$(dirname "$0")/lib/ssdk.sh"
ssdk_setup_fresh max_runs=4
nullb_load nr_devices=1 irqmode=2 completion_nsec=20000 gb=4 || ktap_skip_all "no null_blk"


# A timer completion can interrupt the worker just as it goes to sleep,
# having found no completed IO: that wake-up must not be lost. (A worker
# that took such an interrupt for an inline completion of its own hung
# within a few thousand IOs at T = 20 us, at QD1 and QD4 alike.)
timer_wakeups() {
	local id qd

	for qd in 1 4; do
		id=$("$SSDK_CLI" -j ctl start --target /dev/nullb0 --ios 30000 --iodepth $qd \
			--cpu 0 | $JGET - 'j["id"]') || return 1
		"$SSDK_CLI" ctl wait --timeout 120s "$id" || return 1
		"$SSDK_CLI" ctl delete "$id" || return 1
	done
}

ktap_plan 14

ktap_check "completions from a timer interrupt never miss the worker's wake-up" timer_wakeups
runs_clear
nullb_load nr_devices=2 irqmode=2 completion_nsec=100000 gb=4 || ktap_bail "null_blk reload failed"
a=$(run_start_hour /dev/nullb0)
b=$(run_start_hour /dev/nullb1 --rw randwrite --allow-write)
ktap_check "two runs on two devices run at once" \
	eval '[ "$(run_state "$a")" = running ] && [ "$(run_state "$b")" = running ]'
ktap_check "a running run's status shows progress" \
	eval 'sleep 1; "$SSDK_CLI" -j ctl status "$a" | jtest - "j[\"completed\"] > 0 and j[\"elapsed_ns\"] > 0 and j[\"iops_now\"] > 0"'
ktap_check "wait --timeout on a running run fails after the timeout" \
	eval '! "$SSDK_CLI" ctl wait --timeout 200ms "$a" 2>&1 | grep "still running" >&2; [ "${PIPESTATUS[0]}" = 1 ]'

stopped() {
	within 20 "$SSDK_CLI" ctl stop "$a" || return 1
	"$SSDK_CLI" ctl results -j "$a" >"$SSDK_TMP/stopped.json" || return 1
	check run_ended "$SSDK_TMP/stopped.json" stopped
}
ktap_check "stop: prompt, partial results kept and consistent" stopped
ktap_check "the other run goes on" eval '[ "$(run_state "$b")" = running ]'
ktap_check "wait on an ended run returns at once" within 10 "$SSDK_CLI" ctl wait "$a"

# A running run's deletion is refused at once, and says why; stopped, it
# goes, and frees its device.
deleted() {
	expect_fail_quiet 1 "the run is running: stop it first" within 5 "$SSDK_CLI" ctl delete "$b" ||
		return 1
	[ "$(run_state "$b")" = running ] || return 1
	within 20 "$SSDK_CLI" ctl stop "$b" >/dev/null && within 5 "$SSDK_CLI" ctl delete "$b" || return 1
	! "$SSDK_CLI" ctl status "$b" 2>/dev/null || return 1
	# The device is free again: a writer may open it exclusively.
	"$SSDK_CLI" ctl run -q --target /dev/nullb1 --rw randwrite --ios 100 --allow-write >/dev/null
}
ktap_check "delete a running run: refused at once; stopped, it goes and frees its device" deleted

sigint() {
	local pid rc

	"$SSDK_CLI" -j ctl run --target /dev/nullb0 --runtime 1h >"$SSDK_TMP/int.json" 2>"$SSDK_TMP/int.err" &
	pid=$!
	sleep 1
	kill -INT $pid
	within 20 tail --pid=$pid -f /dev/null
	wait $pid
	rc=$?
	cat "$SSDK_TMP/int.err"
	[ $rc = 130 ] && grep -q "stopped by signal" "$SSDK_TMP/int.err" &&
		check run_ended "$SSDK_TMP/int.json" stopped
}
ktap_check "Ctrl-C stops the run and prints its partial results (exit 130)" sigint

killed() {
	local pid id

	"$SSDK_CLI" ctl run -q --target /dev/nullb0 --runtime 1h >/dev/null 2>&1 &
	pid=$!
	sleep 1
	kill -KILL $pid
	wait $pid 2>/dev/null
	id=$("$SSDK_CLI" -j ctl list | $JGET - '[r["id"] for r in j if r["state"] == "running"][0]') || return 1
	[ "$(run_state "$id")" = running ] && within 20 "$SSDK_CLI" ctl stop "$id" >/dev/null
}
ktap_check "a killed controller's run goes on and can be stopped later" killed

bound() {
	local n

	n=$(run_count)
	while [ "$n" -lt 4 ]; do
		"$SSDK_CLI" ctl run -q --target /dev/nullb1 --ios 10 >/dev/null || return 1
		n=$((n + 1))
	done
	"$SSDK_CLI" ctl run -q --target /dev/nullb1 --ios 10
	[ $? = 1 ]
}
expect_fail "more runs than max_runs=4 are refused" 0 "too many runs kept" bound
runs_clear

a=$(run_start_hour /dev/nullb0)
b=$(run_start_hour /dev/nullb1 --rw randwrite --allow-write)
ktap_check "rmmod with two runs running returns promptly" within 30 rmmod ssdk
ktap_check "the module is gone" eval '! ssdk_loaded'
ktap_check "and the devices are free" \
	eval 'ssdk_load && "$SSDK_CLI" ctl run -q --target /dev/nullb1 --rw write --ios 100 --allow-write >/dev/null'

runs_clear
rmmod null_blk
ktap_done
