#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# ssdk-selftest: vm=main kernels=all time=25
#
# How the worker hands its IOs over: in batches under one plug, as polled
# bios; and what a run says it cost. Ground truth: the block layer counts
# every IO once (/sys/block/*/stat); null_blk completes a polled IO only
# when polled for, at once, and every other IO after its timer
# (irqmode=2, completion_nsec), so a polled run's latencies show whether
# any IO took the interrupt path.

. "$(dirname "$0")/lib/ssdk.sh"
# null_blk keeps one poll queue beside its submission queue by default
# (module parameter poll_queues=1); brd is bio-based and polls nothing.
ssdk_setup nr_devices=1 irqmode=0 gb=16
brd_load 1 8 || ktap_skip_all "no brd"

# The scheduler accounts a task's CPU time to a tick (4 ms at Debian's
# HZ=250); the worker's calibration comes before its elapsed time too.
TICK_NS=5000000

ktap_plan 20

# --- batches ---------------------------------------------------------------------

ktap_check "batch 8 at iodepth 8: 5000 reads, as diskstats counts" \
	blk_counted 1 5000 --iodepth 8 --batch 8
batched=$SSDK_TMP/counts-1-5000.json
ktap_check "batch 3 at iodepth 8: 1000 writes (not a multiple of 3), as diskstats counts" \
	blk_counted 5 1000 --iodepth 8 --batch 3 --rw randwrite --allow-write
ktap_check "a batched run's histogram counts its IOs" check hist_sums_to_ios "$batched" read
ktap_check "a batched run reports its batch" check fields "$batched" config.batch=8 config.polled=false

# --- polled --------------------------------------------------------------------

ktap_check "polled at iodepth 4: 3000 reads, as diskstats counts" \
	blk_counted 1 3000 --iodepth 4 --polled
polled=$SSDK_TMP/counts-1-3000.json
ktap_check "polled, batch 4 at iodepth 8: 2000 writes, as diskstats counts" \
	blk_counted 5 2000 --iodepth 8 --batch 4 --polled --rw randwrite --allow-write
ktap_check "a polled run reports it" check fields "$polled" config.polled=true
ktap_check "a polled run's cost: CPU within its time, measurement above a clock read" \
	check run_cost "$polled" "$TICK_NS"
ktap_check "a run that sleeps for its IOs: the same" check run_cost "$batched" "$TICK_NS"

ktap_check "a polled run: no IO taken off polling" \
	check fields "$polled" unpolled=0

# With a 2 s timer on the interrupt path, a polled IO that went that way
# would take 2 s, far beyond any stall of an emulated guest; a plain run
# shows the timer.
only_polled() {
	local p=$SSDK_TMP/timer-polled.json t=$SSDK_TMP/timer-plain.json

	nullb_load nr_devices=1 irqmode=2 completion_nsec=2000000000 gb=16 || return 1
	"$SSDK_CLI" -j ctl run -q --target /dev/nullb0 --ios 1000 --iodepth 4 --polled >"$p" &&
		"$SSDK_CLI" -j ctl run -q --target /dev/nullb0 --ios 4 --iodepth 4 >"$t" || return 1
	echo "polled max $(jget "$p" 'j["read"]["lat_ns"]["max"]'), plain min $(jget "$t" 'j["read"]["lat_ns"]["min"]')"
	check fields "$p" unpolled=0 && jtest "$p" 'j["read"]["lat_ns"]["max"] < 2000000000' &&
		jtest "$t" 'j["read"]["lat_ns"]["min"] >= 2000000000'
}
ktap_check "behind a 2 s interrupt path: every polled IO under 2 s, every plain one over" \
	only_polled
nullb_load nr_devices=1 irqmode=0 gb=16

# More IOs in flight than the poll queue has tags: a polled bio does not
# wait for a tag (the worker waiting would be the one to poll for the IOs
# holding them); sent back, it goes again after a poll, and counts once.
tags_short() {
	nullb_load nr_devices=1 irqmode=0 gb=16 hw_queue_depth=16 || return 1
	blk_counted 1 5000 --iodepth 64 --polled
}
ktap_check "polled at iodepth 64 on a queue of 16 tags: 5000 reads, as diskstats counts" \
	tags_short

# --- what is refused, and nothing starts -------------------------------------

ktap_check "polled on a device without poll queues (brd) is refused" \
	run_refused "polled: the device has no poll queue" --target /dev/ram0 --polled
ktap_check_logic "polled with engine kfile is refused" \
	run_refused "polled: only for engine bio" --target /dev/nullb0 --polled --engine kfile
# The block layer would split IOs larger than the device's requests, and
# does not poll split ones.
split_refused() {
	echo 64 >/sys/block/nullb0/queue/max_sectors_kb || return 1
	run_refused "polled: bs is more than the device takes in one request" \
		--target /dev/nullb0 --polled --bs 128k
	local rc=$?
	echo 512 >/sys/block/nullb0/queue/max_sectors_kb
	return $rc
}
ktap_check "polled 128k IOs on a device of 64k requests are refused" split_refused
ktap_check_logic "a batch larger than iodepth is refused" \
	run_refused "batch: more than iodepth" --target /dev/nullb0 --iodepth 4 --batch 8
ktap_check_logic "a batch with a rate is refused" \
	run_refused "batch: not with rate-iops" --target /dev/nullb0 --iodepth 4 --batch 2 --rate-iops 100

# --- a polled run stops, and goes with the module ---------------------------------

# Stopped, a polled run's IOs in flight are still polled for: all
# complete, and the block layer counts what the run counts.
ktap_check "stop a polled run: stopped, its IOs all completed and counted by diskstats" \
	stopped_counted --polled
runs_clear

run_start_hour /dev/nullb0 --polled >/dev/null
ktap_check "rmmod with a polled run running returns promptly" within 30 rmmod ssdk
ktap_check "and leaves no IO in flight on the device" \
	eval '[ "$(echo $(</sys/block/nullb0/inflight))" = "0 0" ]'
ssdk_load

runs_clear
rmmod null_blk brd
ktap_done
