#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# ssdk-selftest: vm=beside kernels=all time=80
#
# ssdk compare: the same workload through the bio engine and through the
# userspace engines (io_uring, libaio, psync) on the raw device. Every
# engine does the IOs it was asked for, the block layer counts them all,
# the differences printed are those of the figures printed, and the
# userspace engines read and write the same blocks as the module, writes
# with the same bytes (same seed, same generator, same placement, same
# data). At several iodepths, each engine's achieved depth is Little's
# law over its run, and a depth not sustained is said.

. "$(dirname "$0")/lib/ssdk.sh"
ssdk_setup nr_devices=1 irqmode=0 gb=16

ktap_plan 9

CMP=$SSDK_TMP/compare.json
all_engines() {
	local before

	before=$(blk_stat nullb0 1)
	"$SSDK_CLI" -j compare -q --target /dev/nullb0 --engines bio,uring-raw,libaio-raw,psync-raw \
		--ios 2000 --seed 3 >"$CMP" || return 1
	check ios_per_engine "$CMP" 2000 4 $(($(blk_stat nullb0 1) - before))
}
ktap_check "bio, uring-raw, libaio-raw, psync-raw: 2000 reads each, 8000 in diskstats" all_engines
# Three differences, each an engine's mean and percentiles minus bio's.
ktap_check "overhead_ns: each engine's figures minus bio's" check compare_overheads_match "$CMP" 3 bio
ktap_check "every engine's histogram sums to its IOs" check hist_sums_to_ios "$CMP"

qd8() {
	"$SSDK_CLI" -j compare -q --target /dev/nullb0 --engines bio,uring-raw,libaio-raw \
		--iodepth 8 --ios 4000 >"$SSDK_TMP/qd8.json" || return 1
	check each_engine "$SSDK_TMP/qd8.json" config.iodepth=8 read.ios=4000
}
ktap_check "iodepth 8 through bio, uring-raw, libaio-raw" qd8

# A device that takes 1 ms for every IO: an engine cannot keep more in
# flight than asked. (That it keeps as many is timing: ssdk_latency.sh,
# in deterministic guest time.)
SLOW=$(nullb_make cmpslow 64 irqmode=2 completion_nsec=1000000)
depths() {
	"$SSDK_CLI" -j compare -q --target "$SLOW" --engines bio,uring-raw,psync-raw \
		--iodepth 1,8 --ios 400 >"$SSDK_TMP/depths.json" &&
		check compare_depths "$SSDK_TMP/depths.json" 1 8 &&
		check achieved_iodepth "$SSDK_TMP/depths.json" 0 102
}
ktap_check "iodepth 1,8 on a 1 ms device: each engine at each depth, its achieved depth Little's law, none above" \
	depths

# null_blk without a timer completes each bio as it is submitted: at
# most one is ever in flight, whatever the depth asked.
unsustained() {
	"$SSDK_CLI" -j compare -q --target /dev/nullb0 --engines bio --iodepth 32 --ios 2000 \
		>"$SSDK_TMP/qd32.json" && check achieved_iodepth "$SSDK_TMP/qd32.json" 0 10
}
ktap_check_logic "iodepth 32 on a device that completes at once: achieved under 10%, said short" unsustained

# Writes: each engine alone on a freshly stamped device, the same seed:
# the same bytes at the same places, the module's and userspace's.
MEM=$(nullb_make cmpmem 4 memory_backed=1)
same_writes() {
	local e sum= seen before

	for e in bio uring-raw libaio-raw psync-raw; do
		py_lib pattern fill "$MEM" || return 1
		before=$(blk_stat "${MEM#/dev/}" 5)
		"$SSDK_CLI" -j compare -q --target "$MEM" --engines "$e" --rw randwrite --bs 4k \
			--iodepth 1 --ios 150 --seed 9 --pattern compressible:50 --allow-write \
			>"$SSDK_TMP/w-$e.json" || return 1
		[ "$(stat_delta "${MEM#/dev/}" 5 "$before")" = 150 ] ||
			{ ktap_diag "$e: $(stat_delta "${MEM#/dev/}" 5 "$before") writes, not 150"; return 1; }
		seen=$(py_lib pattern data "$MEM" $((4 << 20)) | $JGET - 'j["sha256"]') || return 1
		[ -z "$sum" ] && sum=$seen
		[ "$seen" = "$sum" ] || { ktap_diag "$e: the device differs from bio's"; return 1; }
	done
	py_lib pattern changed "$MEM" 4096 | check fields - partial=0
}
ktap_check "randwrite QD1 through bio, uring-raw, libaio-raw, psync-raw: 150 writes each, the same bytes" \
	same_writes

# compressible:50 through every engine, psync at depth 4 in threads:
# zlib takes half of what they wrote away.
compressible() {
	local e

	for e in bio uring-raw libaio-raw psync-raw; do
		"$SSDK_CLI" compare -q --target "$MEM" --engines "$e" --rw write --bs 128k \
			--iodepth 4 --ios 32 --pattern compressible:50 --allow-write >/dev/null &&
			py_lib pattern data "$MEM" $((4 << 20)) | jtest - '0.45 <= j["zlib_ratio"] <= 0.55' ||
			{ ktap_diag "$e"; return 1; }
	done
}
ktap_check_logic "compressible:50, sequential at QD4, every engine: zlib keeps 45-55%" compressible

# Nothing runs unless every engine at every depth would: writes without
# consent, or a depth past the module's limit.
refused_whole() {
	local r0 w0

	r0=$(blk_stat nullb0 1) w0=$(blk_stat nullb0 5)
	expect_fail_quiet 1 "it needs allow-write" \
		"$SSDK_CLI" compare -q --target /dev/nullb0 --engines bio,uring-raw --rw randwrite \
		--ios 10 &&
		expect_fail_quiet 1 "at iodepth 100000" "$SSDK_CLI" compare -q --target /dev/nullb0 \
			--engines bio,psync-raw --iodepth 1,100000 --ios 10 &&
		[ "$(stat_delta nullb0 1 "$r0")" = 0 ] && [ "$(stat_delta nullb0 5 "$w0")" = 0 ]
}
ktap_check_logic "a comparison one engine or depth of which cannot run: refused whole, no IO" refused_whole
nullb_remove cmpslow cmpmem

runs_clear
ktap_done
