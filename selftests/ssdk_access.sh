#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# ssdk-selftest: vm=main kernels=default time=90
#
# Access specifications on ground truth: the bytes a run wrote (zeros,
# a repeated byte, compressible and incompressible data, read back and
# compressed with zlib), where it wrote them (a disk stamped sector by
# sector), the block layer's counters for mixes and sizes, the clock for
# rates, and a device-mapper stall for open-loop response times.

. "$(dirname "$0")/lib/ssdk.sh"
ssdk_setup nr_devices=2 irqmode=0 gb=16
brd_load 1 8 || ktap_skip_all "no brd"

ktap_plan 19

# write_span PATTERN [OPTIONS...]: a sequential write of 4 MiB of ram0,
# covered once, then what it holds.
write_span() {
	local pattern=$1

	shift
	$PATTERN fill /dev/ram0 || return 1
	"$SSDK_CLI" ctl run -q --target /dev/ram0 --rw write --bs 4k --span 4m --ios 1024 \
		--iodepth 4 --pattern "$pattern" --allow-write "$@" >/dev/null || return 1
	$PATTERN data /dev/ram0 $((4 << 20)) >"$SSDK_TMP/data-$pattern.json"
	cat "$SSDK_TMP/data-$pattern.json"
}

# --- data patterns -------------------------------------------------------------

ktap_check "pattern zeros: the span reads back as zeros" \
	eval 'write_span zeros | jtest - "j[\"bytes\"] == [0]"'
ktap_check "pattern repeat:165: the span reads back as 0xa5" \
	eval 'write_span repeat:165 | jtest - "j[\"bytes\"] == [165]"'
# Compressible data is (100 - N)% random bytes at the start of each 512-byte
# chunk, in whole words, then zeros. zlib stores the random bytes as they
# are (+0.03%) and each run of zeros as one match of a few bytes (< 1% of
# the chunk): the ratio lies within [(100 - N)% - 1.6% (rounding to words),
# (100 - N)% + 2%].
ktap_check "pattern compressible:50: zlib shrinks it to 50% (+-2%)" \
	eval 'write_span compressible:50 | jtest - "0.484 <= j[\"zlib_ratio\"] <= 0.52"'
ktap_check "pattern compressible:90: zlib shrinks it to 10% (+-2%)" \
	eval 'write_span compressible:90 | jtest - "0.084 <= j[\"zlib_ratio\"] <= 0.12"'
ktap_check "pattern random: does not compress; no two 4k blocks or sectors alike" \
	eval 'write_span random | check random_data -'

seeded() {
	local a b c

	a=$(write_span random --seed 5 | jget - 'j["sha256"]')
	b=$(write_span random --seed 5 | jget - 'j["sha256"]')
	c=$(write_span random --seed 6 | jget - 'j["sha256"]')
	echo "seed 5: $a, again: $b; seed 6: $c"
	[ -n "$a" ] && [ "$a" = "$b" ] && [ "$a" != "$c" ]
}
ktap_check "pattern random with a seed: the same bytes again, others with another seed" seeded

# --- placement -----------------------------------------------------------------

# aligned ALIGN_OFFSET: 4k random writes at ALIGN_OFFSET past 4k boundaries
# of a 4 MiB span at 1 MiB; every changed run of bytes must start there,
# be whole blocks long, and stay inside the span.
aligned() {
	local r

	$PATTERN fill /dev/ram0 || return 1
	"$SSDK_CLI" ctl run -q --target /dev/ram0 --rw randwrite --bs 4k --offset 1m --span 4m \
		--align-offset "$1" --ios 300 --allow-write >/dev/null || return 1
	r=$($PATTERN runs /dev/ram0) || return 1
	check runs_aligned - "$1" 4096 $((1 << 20)) $((5 << 20)) 100 <<<"$r"
}
ktap_check "align-offset 512: 4k writes start only at 512 mod 4096, inside the span" aligned 512
ktap_check "align-offset 0: 4k writes start only at 4k boundaries" aligned 0

stride() {
	local r

	$PATTERN fill /dev/ram0 || return 1
	"$SSDK_CLI" ctl run -q --target /dev/ram0 --rw write --bs 4k --stride 12k --span 3m \
		--ios 256 --allow-write >/dev/null || return 1
	r=$($PATTERN runs /dev/ram0) || return 1
	jtest - "j == [[i * 12288, 4096] for i in range(256)]" <<<"$r"
}
ktap_check "stride 12k: 4k writes every 12k, 3 MiB covered once" stride

# A stride near 2^64 once wrapped the sequential cursor below the span's
# start, down to LBA 0 (the partition table). On a memory-backed null_blk
# stamped sector by sector: 2^64 - 512 is refused by the module, blaming
# stride, and changes nothing; the largest stride accepted (the span, 8
# MiB at 1 MiB) writes the span's first block only, and one 1 MiB short
# of it its first and last; every changed byte is in [1 MiB, 9 MiB).
stride_edge() {
	local dev r rc=1

	dev=$(nullb_make ssdk-stride 16 memory_backed=1) || return 1
	$PATTERN fill "$dev" || return 1
	if expect_fail_quiet 1 "stride: more than the span" "$SSDK_CLI" ctl run -q --target "$dev" \
		--rw write --offset 1m --bs 1m --span 8m --stride 18446744073709551104 --ios 40 \
		--allow-write && r=$($PATTERN runs "$dev") && echo "after the refusal: $r" &&
		jtest - "j == []" <<<"$r" &&
		"$SSDK_CLI" ctl run -q --target "$dev" --rw write --offset 1m --bs 1m --span 8m \
			--stride 8m --ios 40 --allow-write >/dev/null &&
		r=$($PATTERN runs "$dev") && echo "stride 8m: $r" &&
		jtest - "j == [[1 << 20, 1 << 20]]" <<<"$r" &&
		expect_fail_quiet 1 "stride: more than the span" "$SSDK_CLI" ctl run -q \
			--target "$dev" --rw write --offset 1m --bs 1m --span 8m \
			--stride $(((8 << 20) + 512)) --ios 40 --allow-write &&
		"$SSDK_CLI" ctl run -q --target "$dev" --rw write --offset 1m --bs 1m --span 8m \
			--stride 7m --ios 40 --allow-write >/dev/null &&
		r=$($PATTERN runs "$dev") && echo "then stride 7m: $r" &&
		jtest - "j == [[1 << 20, 1 << 20], [8 << 20, 1 << 20]]" <<<"$r"; then
		rc=0
	fi
	nullb_remove ssdk-stride
	return $rc
}
ktap_check "stride 2^64-512 refused (stride:); the largest accepted writes only in the span" stride_edge

# --- mixes -----------------------------------------------------------------------

# mixed OPTIONS...: 20000 IOs on nullb0, with its stat before and after.
mixed() {
	local out=$SSDK_TMP/mix.json r0 w0 s0

	r0=$(blk_stat nullb0 1)
	s0=$(blk_stat nullb0 3)
	w0=$(blk_stat nullb0 5)
	"$SSDK_CLI" -j ctl run -q --target /dev/nullb0 --ios 20000 --iodepth 8 --allow-write "$@" \
		>"$out" || return 1
	# The counts of the block layer: reads, writes, bytes read.
	check fields "$out" read.ios=$(($(blk_stat nullb0 1) - r0)) \
		write.ios=$(($(blk_stat nullb0 5) - w0)) read.bytes=$((($(blk_stat nullb0 3) - s0) * 512))
}
# 20000 draws of p = 0.7: standard deviation 0.0032, the tolerance 6 of them.
ktap_check "randrw rwmixread 70: 70% reads (+-2%), counts equal to diskstats" \
	eval 'mixed --rw randrw --rwmixread 70 && jtest $SSDK_TMP/mix.json "abs(j[\"read\"][\"ios\"] / 20000 - 0.7) < 0.02"'
# 64k IOs make up (bytes / ios - 4k) / 60k of them: 30% (+-2%).
ktap_check "bssplit 4k/70:64k/30: sizes in that proportion, bytes equal to diskstats" \
	eval 'mixed --rw randread --bssplit 4k/70:64k/30 && jtest $SSDK_TMP/mix.json "abs((j[\"read\"][\"bytes\"] / 20000 - 4096) / 61440 - 0.3) < 0.02"'

# --- pacing ----------------------------------------------------------------------

rate() {
	local out=$SSDK_TMP/rate.json

	"$SSDK_CLI" -j ctl run -q --target /dev/nullb0 --rate-iops 1000 --runtime 2s --iodepth 4 \
		"$@" >"$out" || return 1
	jget "$out" '(j["read"]["ios"], j["read"]["iops"], j["measured_ns"])'
	jtest "$out" '970 <= j["read"]["iops"] <= 1030'
}

# A dm-linear device over nullb0, suspended for 300 ms in the middle of an
# open-loop run at 1000 IOPS and iodepth 4: about 300 IOs arrive during the
# stall. Service time sees it only in the IOs that overlap the suspension,
# at most 2 x 4: those dm drained as it suspended (quick, unless the
# kernel is slow: once 5 on the debug kernel) and those it held; response
# time, from each IO's arrival, in every IO that waited for a slot.
# The stall starts once the run has done 300 IOs; the run ends after its
# 6000th arrival (6 s), so that the stall falls inside it however slowly a
# loaded guest starts processes.
stall() {
	local out=$SSDK_TMP/stall.json id

	dm_linear ssdk-stall /dev/nullb0 || return
	id=$("$SSDK_CLI" ctl start --target /dev/mapper/ssdk-stall --rate-iops 1000 --open-loop \
		--ios 6000 --iodepth 4 "$@") || return 1
	wait_completed "$id" 300
	dmsetup suspend ssdk-stall
	sleep 0.3
	dmsetup resume ssdk-stall
	"$SSDK_CLI" ctl wait "$id" && "$SSDK_CLI" -j ctl results "$id" >"$out"
	dmsetup remove ssdk-stall
	# Of 100 ms or more: at most 2 x 4 service times, 100 response times;
	# 150 IOs late.
	check open_loop_stall "$out" 100000000 $((2 * 4)) 100 150
}
ktap_check "rate-iops 1000 for 2 s: 1000 IOPS (+-3%)" rate
# Poisson: 2000 arrivals expected, standard deviation 45: +-7% is 3 of them.
ktap_check "rate-iops 1000 poisson for 2 s: 1000 IOPS (+-7%)" eval \
	'rate --arrivals poisson >/dev/null; jtest $SSDK_TMP/rate.json "930 <= j[\"read\"][\"iops\"] <= 1070"'
ktap_check "open loop through a 300 ms stall: response time shows it in >= 100 IOs, service time in <= 2 x QD 4" stall

# --- workers, targets, sweeps, profiles ------------------------------------------

# Two targets, two workers each: two runs whose counts add up to the
# total, and to each device's own counter.
workers() {
	local out=$SSDK_TMP/workers.json r0 r1

	r0=$(blk_stat nullb0 1)
	r1=$(blk_stat nullb1 1)
	"$SSDK_CLI" -j ctl run -q --target /dev/nullb0 --target /dev/nullb1 --workers 2 \
		--ios 3000 --iodepth 4 >"$out" || return 1
	r0=$(($(blk_stat nullb0 1) - r0))
	r1=$(($(blk_stat nullb1 1) - r1))
	# 2 runs, 6000 reads, QD 4 x 2.
	check workers_add_up "$out" 2 6000 8 /dev/nullb0=$r0 /dev/nullb1=$r1
}
ktap_check "2 targets, 2 workers each: per-run counts add up to the total and to each device's diskstats" workers

sweep() {
	local out=$SSDK_TMP/sweep.json

	"$SSDK_CLI" -j ctl sweep -q --target /dev/nullb0 --iodepth 1,4,16 --ios 2000 >"$out" || return 1
	check sweep_points "$out" 2000 1 4 16 &&
		"$SSDK_CLI" ctl sweep -q --target /dev/nullb0 --iodepth 1,2 --ios 500 | tee /dev/stderr |
		awk 'NR == 1 && $1 == "iodepth" { h = 1 } NR > 1 && $NF == "done" { n++ } END { exit !(h && n == 2) }'
}
ktap_check "sweep over iodepth 1,4,16: one result per point (JSON), one row per point (text)" sweep

# A job whose second target cannot be opened runs nothing: the run started
# on the first is deleted.
job_whole() {
	local before=$(run_count)

	expect_fail_quiet 1 "target: no such file" "$SSDK_CLI" ctl run -q --target /dev/nullb0 \
		--target /dev/nonexistent --ios 100000 || return 1
	echo "runs kept: before $before, after $(run_count)"
	[ "$(run_count)" = "$before" ]
}
ktap_check "a job with a missing second target: refused, and the first target's run deleted" job_whole

profile() {
	local out=$SSDK_TMP/profile.json

	"$SSDK_CLI" -j ctl run -q --profile anandtech-2009-randread --target /dev/nullb0 \
		--runtime 200ms >"$out" || return 1
	check fields "$out" config.rw=randread config.bs=4096 config.iodepth=3 \
		config.runtime_ns=200000000
}
ktap_check "a profile sets the protocol; the command line overrides its runtime" profile

runs_clear
ktap_done
