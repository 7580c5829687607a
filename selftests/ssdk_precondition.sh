#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# ssdk-selftest: vm=beside kernels=all time=45
#
# ssdk ctl precondition, against ground truth: a memory-backed null_blk
# whose every sector is stamped with its own number, so that reading it
# back says exactly which sectors the precondition wrote, and the block
# layer's own counters (/sys/block/*/stat) say how much. SNIA's WIPC
# writes the span twice, every sector of it, none outside (its tail
# included: the span is no whole number of 128 KiB); the used state fills
# it and rewrites a span's worth at random; WDPC runs the workload in
# rounds to steady state. What a mode refuses, a target refused, and a
# later step the module would refuse, are refused before anything is
# written. Stopped mid-way, it stops, says how far it got (what the
# counters say), starts no later step, and the module unloads.

. "$(dirname "$0")/lib/ssdk.sh"
ssdk_setup
nullb_load nr_devices=0 || ktap_skip_all "no null_blk"

ktap_plan 13

nb=$(nullb_make ssdk-precond 16 memory_backed=1) || ktap_bail "no configfs null_blk"
# 8 MiB and 12 KiB from 2 MiB: 64 IOs of 128 KiB and a tail of 12 KiB per pass.
off=$((2 << 20)) span=$(((8 << 20) + 12288))
json=$SSDK_TMP/precondition.json

# stamped_precondition [OPTIONS...]: stamp the device, precondition it with
# OPTIONS over the span (JSON into $out); prints the sectors written.
stamped_precondition() {
	local w0

	$PATTERN fill "$nb" || return 1
	w0=$(blk_stat "$nb" 7)
	"$SSDK_CLI" -j ctl precondition --target "$nb" --offset $off --span $span --allow-write -q \
		"$@" >"$json" || return 1
	stat_delta "$nb" 7 "$w0"
}

wipc() {
	local sectors

	sectors=$(stamped_precondition) || return 1
	echo "sectors written: $sectors"
	check plan_ended "$json" done 4 $((2 * span)) &&
		check fields "$json" precondition=wipc passes=2 offset=$off span=$span \
			steps.0.run.config.bs=131072 steps.1.run.config.bs=12288 \
			steps.0.run.write.ios=64 steps.1.run.write.ios=1 \
			steps.2.run.write.ios=64 steps.3.run.write.ios=1 &&
		[ "$sectors" = $((2 * span / 512)) ] &&
		$PATTERN runs "$nb" | check changed_exactly - $off $span
}
ktap_check "wipc: the span written twice (the counters), every sector of it and none outside" wipc

used() {
	local sectors

	sectors=$(stamped_precondition --mode used) || return 1
	echo "sectors written: $sectors"
	check plan_ended "$json" done 3 $((2 * span)) &&
		check fields "$json" precondition=used passes=1 steps.2.run.config.rw=randwrite \
			steps.2.run.config.bs=4096 steps.2.run.write.ios=$((span / 4096)) &&
		[ "$sectors" = $((2 * span / 512)) ] &&
		$PATTERN runs "$nb" | check changed_exactly - $off $span
}
ktap_check "used: a fill and a span of random writes (the counters), every sector written" used
runs_clear

# WDPC, paced: a constant 100 IOs a round, steady at the fifth, or a few
# later when the host stalled the guest for a second (seen under make
# check's load: a round of 0 IOs, the next of 200, and no window steady
# until both have left it): ended at the first steady round, whichever.
# When exactly a constant device is steady, ssdk_steady.sh says.
wdpc() {
	"$SSDK_CLI" -j ctl precondition --target "$nb" --mode wdpc --rw randwrite --iodepth 4 \
		--rate-iops 200 --rounds 12 --round-time 500ms --ts-interval 100ms --allow-write -q \
		>"$json" || return 1
	$JGET "$json" 'json.dumps(j["steps"][0]["run"])' >"$SSDK_TMP/wdpc-run.json"
	check fields "$json" precondition=wdpc state=done &&
		check steady_reached "$SSDK_TMP/wdpc-run.json" 12
}
ktap_check "wdpc: the workload in rounds, ended at steady state" wdpc
runs_clear

expect_fail "an option of IO with wipc" 2 "rw: not with precondition wipc, which sets it itself" \
	stat_kept "$nb" "$SSDK_CLI" ctl precondition --target "$nb" --rw randwrite --allow-write
expect_fail "without consent" 1 \
	"step 1 \(wipc: 128k sequential writes, pass 1 of 2\): rw: writing destroys the target's data" \
	stat_kept "$nb" "$SSDK_CLI" ctl precondition --target "$nb"
expect_fail "a span past the end" 1 "span: goes beyond the end" \
	stat_kept "$nb" "$SSDK_CLI" ctl precondition --target "$nb" --span 1g --allow-write
expect_fail "a later step the module refuses: nothing written by the first" 1 \
	"step 2 \(used: 3000 random writes, 1 x the span\): bs: " \
	stat_kept "$nb" "$SSDK_CLI" ctl precondition --target "$nb" --mode used --bs 3000 \
	--allow-write
expect_fail "wdpc of a workload that does not write" 2 "precondition wdpc runs a workload that writes" \
	stat_kept "$nb" "$SSDK_CLI" ctl precondition --target "$nb" --mode wdpc --allow-write
expect_fail "an unknown mode" 2 "--mode: 'fill' is none of wipc, used, wdpc" \
	"$SSDK_CLI" ctl precondition --target "$nb" --mode fill --allow-write
mounted() {
	local mnt=$SSDK_TMP/mnt rc

	brd_load 1 && mkfs.ext4 -q /dev/ram0 && mkdir -p "$mnt" && mount /dev/ram0 "$mnt" || return 9
	expect_fail_quiet 1 "target: in use" \
		"$SSDK_CLI" ctl precondition --target /dev/ram0 --allow-write
	rc=$?
	umount "$mnt"
	return $rc
}
ktap_check "a mounted device is refused" mounted
ktap_check "no refused precondition made a run" eval '[ "$(run_count)" = 0 ]'

# Behind dm-delay of 200 ms an IO, a pass takes 13 s and ten of them two
# minutes: Ctrl-C after the first IOs (however late a loaded guest sends
# it) stops the step then running; the JSON says how far it got, which is
# what the counters say, and no later step started.
stopped() {
	local w0 rc ran

	dm_delay ssdk-precond-slow "$nb" 200 || return 1
	w0=$(blk_stat "$nb" 7)
	"$SSDK_CLI" -j ctl precondition --target /dev/mapper/ssdk-precond-slow --iodepth 1 \
		--offset $off --span $span --passes 10 --allow-write -q >"$json" &
	interrupt $! 3
	rc=$?
	$JGET "$json" '(j["state"], j["bytes_written"], [s["state"] for s in j["steps"]])'
	# The step that ran when the signal came, or the last done when it came between two.
	ran=$(jget "$json" 'sum(s["state"] != "pending" for s in j["steps"])') || return 1
	[ $rc = 130 ] && check plan_ended "$json" stopped "$ran" \
			"$(($(stat_delta "$nb" 7 "$w0") * 512))" &&
		jtest "$json" '0 < j["bytes_written"] < 10 * j["span"]'
}
ktap_check "stopped mid-way: stopped promptly, what it wrote said, no later step" stopped
runs_clear
dmsetup remove ssdk-precond-slow 2>/dev/null
ktap_check "the module unloads after a stopped precondition" eval 'ssdk_unload && ssdk_load'

nullb_remove ssdk-precond
ktap_done
