#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# ssdk-selftest: vm=main kernels=all time=70
#
# The bio engine against ground truth it cannot influence: the block
# layer's own counters (/sys/block/*/stat) count its IOs, a disk stamped
# sector by sector shows where it wrote, and its JSON agrees with itself.

. "$(dirname "$0")/lib/ssdk.sh"
ssdk_setup nr_devices=1 irqmode=0 gb=16
brd_load 1 8 || ktap_skip_all "no brd"

ktap_plan 19

# --- counts: the block layer counts what ssdk says it did -------------------

counts_match() {
	local rw=$1 field=$2 before after out=$SSDK_TMP/counts-$1.json

	before=$(blk_stat nullb0 "$field")
	"$SSDK_CLI" -j ctl run -q --target /dev/nullb0 --rw "$rw" --iodepth 8 --ios 5000 \
		--allow-write >"$out" || return 1
	after=$(blk_stat nullb0 "$field")
	echo "stat $field: $before -> $after; ssdk: $(jget "$out" 'j["completed"]')"
	jtest "$out" "j['completed'] == 5000 == $after - $before"
}
ktap_check "randread: /sys/block stat reads grow by the IOs ssdk reports" counts_match randread 1
ktap_check "randwrite: /sys/block stat writes grow by the IOs ssdk reports" counts_match randwrite 5
f=$SSDK_TMP/counts-randread.json
ktap_check "measured IOs without a ramp are all the IOs" \
	jtest "$f" 'j["read"]["ios"] == j["completed"] and j["write"]["ios"] == 0'
ktap_check "bytes are ios x bs" jtest "$f" 'j["read"]["bytes"] == j["read"]["ios"] * 4096'
ktap_check "histogram counts sum to the IOs" check hist_sums_to_ios "$f" read
ktap_check "min <= percentiles (ascending) <= max" check percentiles_ordered "$f" read
ktap_check "min <= mean <= max and a stddev" check moments_coherent "$f" read
ktap_check "iops is ios over the measured time" check iops_is_rate "$f" read

# --- objects: start, status, wait, results, list, delete ----------------------

lifecycle() {
	local id out=$SSDK_TMP/life.json

	id=$("$SSDK_CLI" -j ctl start --target /dev/nullb0 --ios 3000 --iodepth 2 |
		$JGET - 'j["id"]') || return 1
	"$SSDK_CLI" ctl wait --timeout 120s "$id" || return 1
	"$SSDK_CLI" -j ctl status "$id" >"$out" || return 1
	jtest "$out" 'j["state"] == "done" and j["completed"] == 3000' || return 1
	"$SSDK_CLI" ctl list | grep -qE "^ *$id +done" || return 1
	"$SSDK_CLI" ctl delete "$id" || return 1
	! "$SSDK_CLI" ctl status "$id" 2>/dev/null
}
ktap_check "start, wait, status, list, delete" lifecycle

# Options anywhere on the line, as GNU tools take them: after the
# operands (ids) as before them, the same answer.
options_anywhere() {
	local id a=$SSDK_TMP/before.json b=$SSDK_TMP/after.json

	id=$("$SSDK_CLI" ctl start --ios 500 --target /dev/nullb0 -j | $JGET - 'j["id"]') || return 1
	"$SSDK_CLI" ctl wait "$id" --timeout 60s || return 1
	"$SSDK_CLI" -j ctl results "$id" >"$a" && "$SSDK_CLI" ctl results "$id" -j >"$b" || return 1
	cmp "$a" "$b" && check fields "$b" id="$id" state=done &&
		"$SSDK_CLI" ctl status "$id" --json | check fields - id="$id" &&
		"$SSDK_CLI" ctl delete "$id"
}
ktap_check "options after the operands: results ID -j, wait ID --timeout, start ... -j" options_anywhere

same_json() {
	local id

	"$SSDK_CLI" -j ctl run -q --target /dev/nullb0 --ios 2000 --iodepth 4 --seed 7 \
		>"$SSDK_TMP/run.json" || return 1
	id=$(jget "$SSDK_TMP/run.json" 'j["id"]')
	"$SSDK_CLI" ctl results -j "$id" >"$SSDK_TMP/results.json" || return 1
	cmp "$SSDK_TMP/run.json" "$SSDK_TMP/results.json"
}
ktap_check "ctl results -j prints exactly what ctl run -j printed" same_json

text_table() {
	local out

	out=$("$SSDK_CLI" ctl results "$(jget "$SSDK_TMP/run.json" 'j["id"]')") || return 1
	for w in IOPS "MB/s" "MiB/s" min mean stddev max p1 p5 p10 p25 p50 p75 p90 p95 p99 \
		p99.9 p99.99 p99.999 p99.9999; do
		printf '%s\n' "$out" | grep -qE "(^| )$w( |$)" || { echo "no $w in:"; echo "$out"; return 1; }
	done
}
ktap_check "the text summary shows throughput, moments and 13 percentiles" text_table
ktap_check "the seed is kept" jtest "$SSDK_TMP/run.json" 'j["config"]["seed"] == 7'

ramp() {
	local out=$SSDK_TMP/ramp.json

	"$SSDK_CLI" -j ctl run -q --target /dev/nullb0 --runtime 300ms --ramp 200ms \
		>"$out" || return 1
	jtest "$out" 'j["read"]["ios"] < j["completed"] and j["measured_ns"] < j["elapsed_ns"]' &&
		jtest "$out" 'hist_sum("read") == j["read"]["ios"] and j["state"] == "done"'
}
ktap_check "a ramp's IOs are completed but not measured" ramp

# --- placement: on a stamped disk, bytes change only where they may -----------

placement() {
	local out=$SSDK_TMP/place.json ch

	$PATTERN fill /dev/ram0 || return 1
	"$SSDK_CLI" -j ctl run -q --target /dev/ram0 --rw randwrite --bs 4k --offset 2m \
		--span 4m --ios 500 --iodepth 4 --allow-write >"$out" || return 1
	ch=$($PATTERN changed /dev/ram0 4096) || return 1
	echo "changed: $ch"
	check changed_within - $((2 << 20)) $((6 << 20)) 500 <<<"$ch"
}
ktap_check "randwrite changes whole 4k blocks, only inside offset+span" placement

seq_cover() {
	local ch

	$PATTERN fill /dev/ram0 || return 1
	# 4 MiB of 64 KiB blocks: 64 IOs cover the span exactly once.
	"$SSDK_CLI" -j ctl run -q --target /dev/ram0 --rw write --bs 64k --offset 1m \
		--span 4m --ios 64 --iodepth 8 --allow-write >/dev/null || return 1
	ch=$($PATTERN changed /dev/ram0 65536) || return 1
	echo "changed: $ch"
	jtest - "j == {'blocks': 64, 'first': 1 << 20, 'end': 5 << 20, 'partial': 0}" <<<"$ch"
}
ktap_check "a sequential write of span/bs IOs covers the span exactly" seq_cover

seq_read_counts() {
	local before after

	# Sequential IOs may merge into fewer requests: completed + merged
	# counts the bios.
	before=$(($(blk_stat nullb0 1) + $(blk_stat nullb0 2)))
	"$SSDK_CLI" ctl run -q --target /dev/nullb0 --rw read --bs 4k --iodepth 4 --ios 1000 \
		>/dev/null || return 1
	after=$(($(blk_stat nullb0 1) + $(blk_stat nullb0 2)))
	echo "reads completed + merged: $before -> $after"
	[ $((after - before)) = 1000 ]
}
ktap_check "sequential reads: completed + merged grow by the IOs" seq_read_counts

# --dry-run checks as for real and does nothing: no run kept, no IO
# counted, no file left; it says how long the runs would take (a sweep's
# points in turn, each its ramp and runtime), and how many have no runtime (kfile buffered: $SSDK_TMP is a tmpfs, without
# O_DIRECT before 6.6); what the module refuses, refused the same.
dry_run() {
	local r0 w0 n0 f=$SSDK_TMP/dry.dat

	r0=$(blk_stat ram0 1) w0=$(blk_stat ram0 5) n0=$(run_count)
	"$SSDK_CLI" ctl run --dry-run --target /dev/ram0 --rw randwrite --ios 100 --allow-write |
		grep -qx "dry run: 1 run checked, none started, nothing written; 1 without a runtime" &&
		"$SSDK_CLI" -j ctl sweep --dry-run --target /dev/ram0 --iodepth 1,4 --ios 10 |
		jtest - 'j == {"dry_run": True, "runs": 2, "seconds": 0, "untimed": 2}' &&
		"$SSDK_CLI" -j ctl sweep --dry-run --target /dev/ram0 --iodepth 1,4 --runtime 3s \
			--ramp 1s | jtest - 'j == {"dry_run": True, "runs": 2, "seconds": 8, "untimed": 0}' &&
		"$SSDK_CLI" ctl run --dry-run --engine kfile --buffered --target "$f" --file-size 1m --ios 10 \
			>/dev/null && [ ! -e "$f" ] &&
		"$SSDK_CLI" ctl precondition --dry-run --target /dev/ram0 --span 1m --allow-write \
			>/dev/null &&
		expect_fail_quiet 1 "it needs allow-write" "$SSDK_CLI" ctl run --dry-run \
			--target /dev/ram0 --rw randwrite --ios 100 &&
		[ "$(stat_delta ram0 1 "$r0")" = 0 ] && [ "$(stat_delta ram0 5 "$w0")" = 0 ] &&
		[ "$(run_count)" = "$n0" ]
}
ktap_check "--dry-run: run, sweep, a kfile run with its layout, precondition checked; nothing run or written" \
	dry_run

# --- the done-when of the engine issue: 8 GiB span on an emulated NVMe disk ---

nvme=$(nvme_disk)
if [ -n "$nvme" ]; then
	nvme_8g() {
		local out=$SSDK_TMP/nvme.json

		"$SSDK_CLI" ctl run -j --target "$nvme" --rw randwrite --bs 4k --iodepth 3 \
			--span 8G --runtime 2s --allow-write >"$out" || return 1
		jtest "$out" 'j["write"]["ios"] > 0 and hist_sum("write") == j["write"]["ios"]' &&
			jtest "$out" 'j["config"]["span"] == 8 << 30 and j["state"] == "done"'
	}
	ktap_check "randwrite QD3 over an 8 GiB span of $nvme: valid JSON" nvme_8g
else
	ktap_skip "randwrite QD3 over an 8 GiB span of an NVMe disk" "no 16 GiB NVMe disk (vm-run --disk nvme:16G)"
fi

runs_clear
ktap_done
