#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# ssdk compare: the same reads through the bio engine and through the
# userspace engines (io_uring, libaio, psync) on the raw device. Every
# engine does the IOs it was asked for, the block layer counts them all,
# the differences printed are those of the figures printed, and the
# userspace engines read the same blocks as the module (same seed, same
# generator, same placement).

. "$(dirname "$0")/lib/ssdk.sh"
ssdk_setup nr_devices=1 irqmode=0 gb=16

ktap_plan 5

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
expect_fail "psync at iodepth 8: refused" 1 "psync: iodepth 1" \
	"$SSDK_CLI" compare -q --target /dev/nullb0 --engines psync-raw --iodepth 8 --ios 10

runs_clear
ktap_done
