#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# ssdk-selftest: vm=smp kernels=all time=30
#
# Faults of the target: one that goes away mid-run (a null_blk powered
# off, the NVMe controller removed from its PCI bus), and IO errors
# injected by a device-mapper error target. The ground truth of the error
# tests is the block layer's own counter of the device under dm: only the
# IOs that did not fail reach it. Nothing may hang; vm-run fails the
# suite on any warning in dmesg. (Faults of the control side, killed
# controllers and rmmod, are in ssdk_control.sh; races in ssdk_races.sh.)

. "$(dirname "$0")/lib/ssdk.sh"
ssdk_setup_fresh
modprobe configfs 2>/dev/null
NULLB_CFS=/sys/kernel/config/nullb


# ended_failed ID PATTERN: run ID ends within 30 s, failed for a reason
# matching PATTERN, its partial results kept and coherent.
ended_failed() {
	local out=$SSDK_TMP/failed-$1.json

	within 30 "$SSDK_CLI" ctl wait "$1" >/dev/null 2>&1
	"$SSDK_CLI" ctl results -j "$1" >"$out" || return 1
	$JGET "$out" '(j["state"], j["reason"], j["read"]["ios"], j["io_errors"])'
	check run_ended "$out" failed "$2" && jtest "$out" 'j["io_errors"] > 0'
}

ktap_plan 8

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
nvme_disk=$(nvme_disk 0)
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
		nap 0.1
		n=$((n + 1))
	done
	"$SSDK_CLI" ctl run -q --target "$nvme_disk" --span 1g --ios 200 >/dev/null
}
if [ -n "$nvme_disk" ]; then
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
printf '0 1048576 linear /dev/nullb0 0\n1048576 1048576 error\n' | dm_create ssdk-err ||
	ktap_bail "cannot make the dm-error device"
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
	# Failed at the first error, past the good half; its good IOs are
	# those nullb0 counted.
	check fields "$out" state=failed read.errors=1 io_errors=1 read.ios="$reads" &&
		check hist_sums_to_ios "$out" read && check error_offset "$out" read 5 $HALF
}
ktap_check "dm error target, default: the first error fails the run at QD1, named, counted once" first_error

budget() {
	local out=$SSDK_TMP/budget.json reads

	err_run budget --ios 100000 --max-errors 10
	read -r reads _ <"$SSDK_TMP/budget.stat"
	$JGET "$out" '(j["state"], j["reason"], j["read"]["ios"], j["read"]["errors"])'
	check fields "$out" state=failed read.errors=11 config.max_errors=10 read.ios="$reads" &&
		jtest "$out" 'j["reason"].endswith(", past max-errors")'
}
ktap_check "--max-errors 10: the 11th error fails the run at QD1" budget

# A mix at QD4 that goes on through every error: per op, the IOs counted as
# done are those nullb0 saw, those in error the rest; none of the failed
# IOs (which take microseconds) is in a histogram, the minimum or the slowest.
going_on() {
	local out=$SSDK_TMP/going.json reads writes

	err_run going --ios 4000 --iodepth 4 --rw randrw --allow-write --continue-on-error
	read -r reads writes <"$SSDK_TMP/going.stat"
	# Good IOs: those nullb0 counted, all in the histograms; more than 500
	# errors of each op, 4000 IOs in all; none under 50 us nor past the
	# good half.
	check fields "$out" state=done read.ios="$reads" write.ios="$writes" &&
		check hist_sums_to_ios "$out" read write && check errors_add_up "$out" 4000 500 &&
		check good_ios_only "$out" 50000 $HALF
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

ktap_check "and the module unloads" within 30 rmmod ssdk

rmmod null_blk 2>/dev/null
ktap_done
