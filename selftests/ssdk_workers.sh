#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# ssdk-selftest: vm=smp kernels=all time=30
#
# A run of several workers: kernel threads with their own slots, bound to
# the CPUs asked, their records merged into one run. Ground truth: the
# block layer counts every IO once (/sys/block/*/stat); the module records
# the CPU each IO was submitted on (raw_smp_processor_id()) and its
# offset in the slowest log, which holds every IO of a run of fewer IOs
# than its size.

. "$(dirname "$0")/lib/ssdk.sh"
ssdk_setup nr_devices=1 irqmode=0 gb=16 submit_queues=2

# On two vCPUs the workers go to CPUs 0 and 1; on one, both to CPU 0.
if [ "$(nproc)" -ge 2 ]; then
	CPUS=0,1 SPREAD="0=2001 1=2000"
else
	CPUS=0,0 SPREAD="0=4001"
fi
TICK_NS=5000000

ktap_plan 21

# --- counts, merged ------------------------------------------------------------------

ktap_check "2 workers on CPUs $CPUS, iodepth 4 each: 4001 reads, as diskstats counts" \
	blk_counted 1 4001 --iodepth 4 --workers 2 --cpus "$CPUS" --slowest 4096
two=$SSDK_TMP/counts-1-4001.json
ktap_check "their histograms merged: the run's counts its IOs" check hist_sums_to_ios "$two" read
ktap_check "the run reports its workers and their CPUs" \
	check fields "$two" config.workers=2 "config.cpus=[${CPUS}]"
ktap_check "each worker submitted its share of the IOs on its own CPU ($SPREAD)" \
	check ios_by_cpu "$two" $SPREAD
ktap_check "their cost: CPU within two workers' time, measurement above a clock read" \
	check run_cost "$two" "$TICK_NS"
ktap_check "3 workers: 1001 writes, as diskstats counts" \
	blk_counted 5 1001 --iodepth 2 --workers 3 --rw randwrite --allow-write
ktap_check "2 polled workers, batch 4 at iodepth 8: 3000 reads, as diskstats counts" \
	blk_counted 1 3000 --iodepth 8 --batch 4 --polled --workers 2

# Two polled workers on one CPU, more IOs in flight than the poll queue
# has tags: a worker's bio sent back (-EAGAIN) because the other's IOs
# hold the tags goes again once they complete, and the run goes on.
tags_shared() {
	nullb_load nr_devices=1 irqmode=0 gb=16 hw_queue_depth=16 || return 1
	blk_counted 1 5000 --iodepth 32 --polled --workers 2 --cpus 0,0
	local rc=$?
	nullb_load nr_devices=1 irqmode=0 gb=16 submit_queues=2
	return $rc
}
ktap_check "2 polled workers on CPU 0 at iodepth 32 each, 16 tags: 5000 reads, as diskstats counts" \
	tags_shared

# Sequential workers each sweep their own part of the span: together,
# every block once, as one worker would.
seq_parts() {
	local out=$SSDK_TMP/seq.json

	"$SSDK_CLI" -j ctl run -q --target /dev/nullb0 --rw read --bs 64k --span 1m --ios 16 \
		--workers 2 --iodepth 2 --slowest 16 >"$out" &&
		check offsets_once "$out" 0 65536 16
}
ktap_check "2 sequential workers over 1 MiB in 64 KiB: every block read once" seq_parts

# The time series: each interval the workers' IOs added up, none lost at
# the end, where one worker may close an interval the other did not.
series() {
	local out=$SSDK_TMP/series.json

	"$SSDK_CLI" -j ctl run -q --target /dev/nullb0 --runtime 1s --ts-interval 100ms \
		--workers 2 --iodepth 2 >"$out" &&
		check timeseries_adds_up "$out" read 100000000
}
ktap_check "2 workers' time series adds up to the run's IOs, bytes and max" series

# --- what is refused, and nothing starts ---------------------------------------

# refused PATTERN OPTIONS...: a run on nullb0 refused, saying PATTERN.
refused() { run_refused "$1" --target /dev/nullb0 "${@:2}"; }
ktap_check_logic "workers with a rate are refused" \
	refused "workers: not with rate-iops" --workers 2 --rate-iops 100
ktap_check_logic "workers with rounds are refused" \
	refused "workers: not with rounds" --workers 2 --rounds 5 --round-time 1s
ktap_check_logic "workers with a capture are refused" \
	refused "workers: not with capture-over-ns" --workers 2 --capture-over 1ms
ktap_check_logic "fewer IOs than workers are refused" \
	refused "ios: fewer than workers" --workers 16
ktap_check_logic "sequential parts smaller than a block are refused" \
	refused "workers: each sequential worker's part" --workers 4 --rw read --bs 64k --span 128k
ktap_check "65 workers are refused (the spec's max-workers)" \
	refused "workers: .*range" --workers 65
ktap_check "a CPU that is not online is refused" \
	refused "cpus: not an online CPU" --workers 2 --cpus 0,63
ktap_check_logic "more CPUs than workers are refused" \
	refused "cpus: more CPUs than workers" --workers 2 --cpus 0,0,0

# --- a run of several workers stops, and goes with the module ------------------

ktap_check "stop a run of 2 workers: stopped, every IO of both completed and counted by diskstats" \
	stopped_counted --workers 2 --cpus "$CPUS"
runs_clear

run_start_hour /dev/nullb0 --workers 2 --cpus "$CPUS" --polled >/dev/null
ktap_check "rmmod with a polled run of 2 workers running returns promptly" within 30 rmmod ssdk
ktap_check "and leaves no IO in flight on the device" \
	eval '[ "$(echo $(</sys/block/nullb0/inflight))" = "0 0" ]'
ssdk_load

runs_clear
rmmod null_blk
ktap_done
