#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Faults: a target that goes away mid-run (a null_blk powered off, the
# NVMe controller removed from its PCI bus), IO errors injected by a
# device-mapper error target, a controller killed under an owned run,
# rmmod while a run is stopping and with finished runs, 16 runs at once
# on 16 devices, and two processes racing start, stop, results and delete.
# The ground truth of the error tests is the block layer's own counter of
# the device under dm: only the IOs that did not fail reach it. Nothing may
# hang; vm-run fails the suite on any warning in dmesg.

. "$(dirname "$0")/lib/ssdk.sh"
require_root
ssdk_unload
ssdk_load || ktap_skip_all "cannot load ssdk.ko"
modprobe configfs 2>/dev/null
NULLB_CFS=/sys/kernel/config/nullb


# ended_failed ID PATTERN: run ID ends within 30 s, failed for a reason
# matching PATTERN, its partial results kept and coherent.
ended_failed() {
	local out=$SSDK_TMP/failed-$1.json

	within 30 "$SSDK_CLI" ctl wait "$1" >/dev/null 2>&1
	"$SSDK_CLI" ctl results -j "$1" >"$out" || return 1
	$JGET "$out" '(j["state"], j["reason"], j["read"]["ios"], j["io_errors"])'
	jtest "$out" '(j["state"] == "failed" and j["read"]["ios"] > 0 and
		hist_sum("read") == j["read"]["ios"] and j["io_errors"] > 0)' &&
		jtest "$out" "__import__('re').search(r'''$2''', j['reason']) is not None"
}

ktap_plan 14

# --- the target goes away ----------------------------------------------------------

# A configfs null_blk, powered off under a QD4 run: del_gendisk() drains the
# IOs in flight and fails the next ones. (Named after its directory from
# 6.x on, nullbN before.)
nullb_gone() {
	local dir=$NULLB_CFS/ssdk-gone dev id

	mkdir "$dir" || return 1
	echo 1024 >"$dir/size" && echo 2 >"$dir/irqmode" &&
		echo 50000 >"$dir/completion_nsec" && echo 1 >"$dir/power" || return 1
	dev=/dev/ssdk-gone
	[ -b $dev ] || dev=/dev/nullb$(cat "$dir/index")
	id=$(run_start_hour "$dev") || return 1
	wait_completed "$id" 500
	echo 0 >"$dir/power"
	ended_failed "$id" '^the target went away \(read error -[0-9]+ at offset [0-9]+\)$' || return 1
	"$SSDK_CLI" ctl delete "$id"
}
nullb_load nr_devices=0 || ktap_bail "no null_blk"
ktap_check "null_blk powered off mid-run: failed, 'the target went away', results kept" nullb_gone
rmdir $NULLB_CFS/ssdk-gone 2>/dev/null
runs_clear

# The NVMe controller under the VM's disk, removed from the PCI bus as a
# hot-unplug would, then found again by a rescan. The driver fails the IOs
# it still holds before it deletes the disk: the reason is the target's
# going or the first of those errors.
nvme_disk=${SSDK_VM_DISKS%% *}
nvme_gone() {
	local pci id

	pci=$(readlink -f "/sys/block/${nvme_disk#/dev/}/device/device") || return 1
	[ -w "$pci/remove" ] || { echo "no $pci/remove"; return 1; }
	id=$(run_start_hour "$nvme_disk" --span 1g) || return 1
	wait_completed "$id" 300
	echo 1 >"$pci/remove"
	ended_failed "$id" '^(the target went away|read error -[0-9]+ at offset [0-9]+$)' || return 1
	"$SSDK_CLI" ctl delete "$id"
}
nvme_back() {
	local n=0

	echo 1 >/sys/bus/pci/rescan
	while [ ! -b "$nvme_disk" ] && [ $n -lt 100 ]; do
		sleep 0.1
		n=$((n + 1))
	done
	"$SSDK_CLI" ctl run -q --target "$nvme_disk" --span 1g --ios 200 >/dev/null
}
if [[ $nvme_disk == /dev/nvme* ]]; then
	ktap_check "NVMe controller removed mid-run: failed, the reason given, results kept" nvme_gone
	ktap_check "a PCI rescan brings the disk back, and it runs" nvme_back
else
	ktap_skip "NVMe controller removed mid-run" "no NVMe disk (scripts/vm-run --disk nvme:SIZE)"
	ktap_skip "a PCI rescan brings the disk back" "no NVMe disk"
fi

# --- injected IO errors -------------------------------------------------------------

# ssdk-err: the first 512 MiB of nullb0, then 512 MiB of dm's error target.
# Good IOs take at least null_blk's 50 us; failed ones complete at once.
nullb_load nr_devices=1 irqmode=2 completion_nsec=50000 gb=1 || ktap_bail "no null_blk"
modprobe dm-mod
dmsetup remove ssdk-err 2>/dev/null
printf '0 1048576 linear /dev/nullb0 0\n1048576 1048576 error\n' | dmsetup create ssdk-err &&
	dmsetup mknodes ssdk-err || ktap_bail "cannot make the dm-error device"
DM_ERR=/dev/mapper/ssdk-err
HALF=$((512 << 20))

# err_run NAME OPTIONS...: a run on ssdk-err, its JSON in $SSDK_TMP/NAME.json
# and nullb0's reads and writes during it in $SSDK_TMP/NAME.stat.
err_run() {
	local name=$1 r0 w0

	shift
	r0=$(blk_stat nullb0 1)
	w0=$(blk_stat nullb0 5)
	"$SSDK_CLI" ctl run -q -j --target $DM_ERR "$@" >"$SSDK_TMP/$name.json"
	echo "$(($(blk_stat nullb0 1) - r0)) $(($(blk_stat nullb0 5) - w0))" >"$SSDK_TMP/$name.stat"
}

first_error() {
	local out=$SSDK_TMP/first.json reads

	err_run first --ios 100000
	read -r reads _ <"$SSDK_TMP/first.stat"
	$JGET "$out" '(j["state"], j["reason"], j["read"]["ios"], j["read"]["errors"])'
	echo "nullb0 reads: $reads"
	jtest "$out" "(j['state'] == 'failed' and j['read']['errors'] == 1 and j['io_errors'] == 1 and
		j['read']['ios'] == $reads == hist_sum('read') and
		int(__import__('re').fullmatch(r'read error -5 at offset (\d+)', j['reason'])[1]) >= $HALF)"
}
ktap_check "dm error target, default: the first error fails the run at QD1, named, counted once" first_error

budget() {
	local out=$SSDK_TMP/budget.json reads

	err_run budget --ios 100000 --max-errors 10
	read -r reads _ <"$SSDK_TMP/budget.stat"
	$JGET "$out" '(j["state"], j["reason"], j["read"]["ios"], j["read"]["errors"])'
	jtest "$out" "(j['state'] == 'failed' and j['read']['errors'] == 11 and
		j['config']['max_errors'] == 10 and j['read']['ios'] == $reads and
		j['reason'].endswith(', past max-errors'))"
}
ktap_check "--max-errors 10: the 11th error fails the run at QD1" budget

# A mix at QD4 that goes on through every error: per op, the IOs counted as
# done are those nullb0 saw, those in error the rest; none of the failed
# IOs (which take microseconds) is in a histogram, the minimum or the slowest.
going_on() {
	local out=$SSDK_TMP/going.json reads writes

	err_run going --ios 4000 --iodepth 4 --rw randrw --allow-write --continue-on-error
	read -r reads writes <"$SSDK_TMP/going.stat"
	$JGET "$out" '(j["state"], j["read"]["ios"], j["read"]["errors"], j["write"]["ios"],
		j["write"]["errors"], j["read"]["lat_ns"]["min"], j["write"]["lat_ns"]["min"])'
	echo "nullb0 reads $reads writes $writes"
	jtest "$out" "(j['state'] == 'done' and
		j['read']['ios'] == $reads == hist_sum('read') and
		j['write']['ios'] == $writes == hist_sum('write') and
		j['read']['errors'] > 500 and j['write']['errors'] > 500 and
		sum(j[o]['ios'] + j[o]['errors'] for o in ('read', 'write')) == 4000 and
		j['io_errors'] == j['read']['errors'] + j['write']['errors'] and
		min(j['read']['lat_ns']['min'], j['write']['lat_ns']['min']) >= 50000 and
		all(io['offset'] < $HALF for io in j['slowest']))"
}
ktap_check "--continue-on-error, randrw QD4: errors per op, only good IOs in the latencies (= nullb0's counts)" going_on

# The table swapped for dm's error target under a running run, as
# `dmsetup remove --force` does to a device in use: failed, the error named.
swapped() {
	local id

	dm_linear ssdk-swap /dev/nullb0 || return 1
	id=$(run_start_hour /dev/mapper/ssdk-swap) || return 1
	wait_completed "$id" 300
	dmsetup remove --force ssdk-swap 2>/dev/null
	ended_failed "$id" '^read error -[0-9]+ at offset [0-9]+$' || return 1
	"$SSDK_CLI" ctl delete "$id" || return 1
	# Forced, the removal may already have happened once the run let go.
	dmsetup remove ssdk-swap 2>/dev/null
	return 0
}
ktap_check "dm table forced to error under a run: failed, the error named" swapped
dmsetup remove ssdk-err

# --- the controller -----------------------------------------------------------------

owned_killed() {
	local pid id out=$SSDK_TMP/owned.json

	"$SSDK_CLI" ctl run -q --owned --target /dev/nullb0 --runtime 1h >/dev/null 2>&1 &
	pid=$!
	for _ in $(seq 100); do
		id=$("$SSDK_CLI" -j ctl list | $JGET - '[r["id"] for r in j if r["config"]["owned"]][0]' 2>/dev/null) &&
			break
		sleep 0.1
	done
	[ -n "$id" ] || return 1
	wait_completed "$id" 200
	kill -KILL $pid
	wait $pid 2>/dev/null
	within 30 "$SSDK_CLI" ctl wait "$id" >/dev/null 2>&1
	"$SSDK_CLI" ctl results -j "$id" >"$out" || return 1
	$JGET "$out" '(j["state"], j["reason"])'
	jtest "$out" '(j["state"] == "stopped" and j["reason"].startswith("its owner closed its socket") and
		hist_sum("read") == j["read"]["ios"] > 0)' && "$SSDK_CLI" ctl delete "$id"
}
ktap_check "--owned: the controller killed (SIGKILL), its run stops, results kept" owned_killed
expect_fail "ctl start --owned: refused (the run would end with start)" 2 "--owned" \
	"$SSDK_CLI" ctl start --owned --target /dev/nullb0 --ios 10

# --- rmmod --------------------------------------------------------------------------

# null_blk completing each IO after 10 s: a stopped run waits that long
# for its IOs in flight, and rmmod comes in the meantime.
rmmod_stopping() {
	local id pid seen=

	id=$(run_start_hour /dev/nullb0) || return 1
	"$SSDK_CLI" ctl stop "$id" >/dev/null 2>&1 &
	pid=$!
	for _ in $(seq 50); do
		[ "$(run_state "$id")" = stopping ] && seen=1 && break
		sleep 0.1
	done
	[ -n "$seen" ] || echo "never seen stopping"
	within 60 rmmod ssdk || echo "rmmod: exit $?"
	wait $pid
	[ -n "$seen" ] && ! ssdk_loaded
}
nullb_load nr_devices=1 irqmode=2 completion_nsec=10000000000 gb=1 || ktap_bail "no null_blk"
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

# --- many at once -------------------------------------------------------------------

# 16 runs started at once by 16 processes, one per device: each ends done
# with its 1000 IOs, each device's counter says 1000.
sixteen() {
	local i pids=()

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
		jtest "$SSDK_TMP/sixteen.$i.json" "(j['state'] == 'done' and j['read']['ios'] == 1000 and
			j['target'] == '/dev/nullb$i' and
			$(blk_stat nullb$i 1) - $(cat "$SSDK_TMP/r0.$i") == 1000)" || { echo "nullb$i"; return 1; }
	done
	[ "$(run_count)" = 16 ]
}
ktap_check "16 runs started at once on 16 devices: each done, each device counted 1000 reads" sixteen
runs_clear

# Two processes: one starts, stops, reads and deletes runs in a loop;
# the other lists, reads, stops and deletes whatever runs it sees. Every
# command either succeeds or fails with one line (exit 1); nothing hangs.
racer_a() {
	local id rc=0

	for _ in $(seq 15); do
		id=$("$SSDK_CLI" -j ctl start --target /dev/nullb$((RANDOM % 4)) --ios 3000 \
			--iodepth 2 2>>"$SSDK_TMP/race.err" | $JGET - 'j["id"]' 2>/dev/null) || continue
		"$SSDK_CLI" ctl stop "$id" >/dev/null 2>>"$SSDK_TMP/race.err" || [ $? = 1 ] || rc=1
		"$SSDK_CLI" ctl results -j "$id" >/dev/null 2>>"$SSDK_TMP/race.err" || [ $? = 1 ] || rc=1
		"$SSDK_CLI" ctl delete "$id" 2>>"$SSDK_TMP/race.err" || [ $? = 1 ] || rc=1
	done
	touch "$SSDK_TMP/race.done"
	return $rc
}
racer_b() {
	local id rc=0

	while [ ! -e "$SSDK_TMP/race.done" ]; do
		for id in $("$SSDK_CLI" ctl list 2>/dev/null | awk 'NR > 1 { print $1 }'); do
			case $((RANDOM % 4)) in
			0) "$SSDK_CLI" ctl status "$id" >/dev/null ;;
			1) "$SSDK_CLI" ctl results -j "$id" >/dev/null ;;
			2) "$SSDK_CLI" ctl stop "$id" >/dev/null ;;
			3) "$SSDK_CLI" ctl delete "$id" ;;
			esac 2>>"$SSDK_TMP/race.err" || [ $? = 1 ] || rc=1
		done
	done
	return $rc
}
races() {
	local a b rc=0

	: >"$SSDK_TMP/race.err"
	rm -f "$SSDK_TMP/race.done"
	racer_a &
	a=$!
	racer_b &
	b=$!
	within 300 tail --pid=$a -f /dev/null && within 300 tail --pid=$b -f /dev/null || return 1
	wait $a || rc=1
	wait $b || rc=1
	# Each failure is one line that says which run and why.
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
