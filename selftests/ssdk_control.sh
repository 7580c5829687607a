#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# ssdk-selftest: vm=smp kernels=all time=50
#
# Faults of the control side: a controller killed under an owned run, a
# run whose IOs hang (delete refused at once, killed commands leave
# nothing in D state), rmmod while a run is stopping and with finished
# runs. Every answer is a result or one clear line; nothing may hang;
# vm-run fails the suite on any warning in dmesg. (Faults of the target
# are in ssdk_faults.sh; many runs and racing controllers in
# ssdk_races.sh.)

. "$(dirname "$0")/lib/ssdk.sh"
ssdk_setup_fresh

ktap_plan 6
nullb_load nr_devices=1 irqmode=2 completion_nsec=50000 gb=1 || ktap_bail "no null_blk"

# --- the controller -----------------------------------------------------------------

owned_killed() {
	local pid id out=$SSDK_TMP/owned.json

	"$SSDK_CLI" ctl run -q --owned --target /dev/nullb0 --runtime 1h >/dev/null 2>&1 &
	pid=$!
	for _ in $(seq 100); do
		id=$("$SSDK_CLI" -j ctl list | $JGET - '[r["id"] for r in j if r["config"]["owned"]][0]' 2>/dev/null) &&
			break
		nap 0.1
	done
	[ -n "$id" ] || return 1
	wait_completed "$id" 200
	kill -KILL $pid
	wait $pid 2>/dev/null
	within 30 "$SSDK_CLI" ctl wait "$id" >/dev/null 2>&1
	"$SSDK_CLI" ctl results -j "$id" >"$out" || return 1
	check run_ended "$out" stopped "^its owner closed its socket" && "$SSDK_CLI" ctl delete "$id"
}
ktap_check "--owned: the controller killed (SIGKILL), its run stops, results kept" owned_killed
expect_fail "ctl start --owned: refused (the run would end with start)" 2 \
	"ctl start: --owned does not apply to start" \
	"$SSDK_CLI" ctl start --owned --target /dev/nullb0 --ios 10

# --- a run whose IOs hang ------------------------------------------------------------

# A dm table suspended under a run holds its IOs in flight for as long as
# it stays suspended. Deleting the run is refused at once, with the
# reason, whether it runs or is stopping; stop and wait wait killably:
# killed (SIGKILL), they go, and no ssdk command is left in D state.
# Resumed, the run ends stopped and is deleted.
hung() {
	local id stop wait dstate

	dm_linear ssdk-hung /dev/nullb0 || return 1
	id=$(run_start_hour /dev/mapper/ssdk-hung) || return 1
	wait_completed "$id" 100
	dmsetup suspend ssdk-hung || return 1
	expect_fail_quiet 1 "the run is running: stop it first" \
		within 5 "$SSDK_CLI" ctl delete "$id" || return 1
	"$SSDK_CLI" ctl stop "$id" >/dev/null 2>&1 &
	stop=$!
	"$SSDK_CLI" ctl wait "$id" >/dev/null 2>&1 &
	wait=$!
	for _ in $(seq 50); do
		[ "$(run_state "$id")" = stopping ] && break
		nap 0.1
	done
	expect_fail_quiet 1 "the run is stopping.*delete it once it has ended" \
		within 5 "$SSDK_CLI" ctl delete "$id" || return 1
	kill -KILL $stop $wait
	within 5 tail --pid=$stop -f /dev/null && within 5 tail --pid=$wait -f /dev/null ||
		{ echo "a killed command is still there"; return 1; }
	dstate=$(ps -eo stat=,comm= | awk '$2 == "ssdk" && $1 ~ /^D/')
	[ -z "$dstate" ] || { echo "in D state: $dstate"; return 1; }
	dmsetup resume ssdk-hung
	within 30 "$SSDK_CLI" ctl wait "$id" && [ "$(run_state "$id")" = stopped ] &&
		"$SSDK_CLI" ctl delete "$id" && dmsetup remove ssdk-hung
}
ktap_check "IOs held by a suspended dm table: delete refused at once; stop and wait killed (SIGKILL) leave no D state" hung

# run-stop does not wait for the device: the handler, which holds generic
# netlink's lock, answers at once with the run stopping while a suspended
# dm table holds its IOs. Meanwhile other requests are answered and a
# generic netlink family registers (nbd's, its module loaded: the
# registration takes the lock for writing, which a waiting handler would
# have kept it from). ssdk ctl stop waits for the end in userspace, on
# the runs group, and returns with the final state once the IOs go.
stop_prompt() {
	local id pid out=$SSDK_TMP/stop.json reply

	dm_linear ssdk-held /dev/nullb0 || return 1
	id=$(run_start_hour /dev/mapper/ssdk-held) || return 1
	wait_completed "$id" 100
	dmsetup suspend ssdk-held || return 1
	# ynl itself, not through lib/helper_server.py: under a time limit.
	# The table holds the IOs until it is resumed below: a handler that
	# waited would never answer before, and never say stopping. The
	# limits only bound that wait: Python's start under emulation, on a
	# loaded host, took more than 5 s.
	reply=$(within 60 /usr/bin/python3 "$SELFTESTS_DIR/lib/ynl.py" "$YNL_CLI" \
		--spec "$SSDK_SPEC" --no-schema --output-json --do run-stop --json "{\"id\": $id}") ||
		{ echo "run-stop: no answer within 60 s"; return 1; }
	echo "run-stop answered: $reply"
	printf '%s' "$reply" | jtest - 'j["state"] == "stopping"' || return 1
	"$SSDK_CLI" -j ctl stop "$id" >"$out" 2>&1 &
	pid=$!
	within 30 "$SSDK_CLI" ctl info >/dev/null || { echo "ctl info blocked"; return 1; }
	if modinfo nbd >/dev/null 2>&1 && ! genl_family_exists nbd; then
		within 20 modprobe nbd || { echo "nbd's family did not register"; return 1; }
		genl_family_exists nbd || return 1
		rmmod nbd
	else
		echo "# no nbd module to load: registration not tried"
	fi
	nap 0.5
	kill -0 $pid 2>/dev/null || { echo "ctl stop returned before the run ended"; return 1; }
	[ "$(run_state "$id")" = stopping ] || return 1
	dmsetup resume ssdk-held
	within 30 tail --pid=$pid -f /dev/null || { echo "ctl stop: still waiting"; return 1; }
	wait $pid || return 1
	echo "ctl stop: $(cat "$out")"
	jtest "$out" 'j["state"] == "stopped"' && "$SSDK_CLI" ctl delete "$id" &&
		dmsetup remove ssdk-held
}
ktap_check "run-stop answers at once (stopping) while IOs are held; genl stays free; ctl stop returns once stopped" stop_prompt

# --- rmmod --------------------------------------------------------------------------

# dm-delay holding each IO for 10 s: a stopped run waits that long for
# its IOs in flight, and rmmod comes in the meantime. (Not null_blk with a
# 10 s timer: its partition scan alone would take two minutes.)
rmmod_stopping() {
	local id pid seen= dev=/dev/mapper/ssdk-slow

	modprobe dm-delay || return 1
	echo "0 $(blockdev --getsz /dev/nullb0) delay /dev/nullb0 0 10000" | dm_create ssdk-slow ||
		return 1
	id=$(run_start_hour $dev) || return 1
	"$SSDK_CLI" ctl stop "$id" >/dev/null 2>&1 &
	pid=$!
	for _ in $(seq 50); do
		[ "$(run_state "$id")" = stopping ] && seen=1 && break
		nap 0.1
	done
	[ -n "$seen" ] || echo "never seen stopping"
	within 60 rmmod ssdk || echo "rmmod: exit $?"
	wait $pid
	within 30 dmsetup remove ssdk-slow || echo "dmsetup remove: exit $?"
	[ -n "$seen" ] && ! ssdk_loaded
}
ktap_check "rmmod while a run is stopping (IOs of 10 s in flight): returns, module gone" rmmod_stopping

rmmod_finished() {
	ssdk_load || return 1
	nullb_load nr_devices=1 irqmode=0 gb=1 || return 1
	"$SSDK_CLI" ctl run -q --target /dev/nullb0 --ios 1000 >/dev/null &&
		"$SSDK_CLI" ctl run -q --target /dev/nullb0 --ios 1000 --rw randwrite --allow-write >/dev/null &&
		[ "$(run_count)" = 2 ] && within 30 rmmod ssdk && ! ssdk_loaded
}
ktap_check "rmmod with finished runs kept" rmmod_finished
ssdk_load || ktap_bail "cannot load ssdk.ko again"

rmmod null_blk 2>/dev/null
ktap_done
