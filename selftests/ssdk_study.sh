#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# ssdk-selftest: vm=beside kernels=default time=45
#
# ssdk study new-vs-used on the emulated NVMe disk, end to end and short:
# nvme-format (or a discard), the workloads, the used state, the workloads, a discard of
# the span, the workloads. The block layer's counters account for what it
# wrote (the workloads' writes and the used state's) and discarded (the
# span, once); the table is its runs' own figures. A study the module
# would refuse at a later step is refused before the format erases
# anything; one without consent likewise. Ctrl-C stops the current step:
# the table keeps what was measured, no later step starts.

. "$(dirname "$0")/lib/ssdk.sh"
ssdk_setup
nvme=$(nvme_disk)
[ -n "$nvme" ] || ktap_skip_all "no NVMe disk (scripts/vm-run --disk nvme:16G)"

ktap_plan 6

span=$((64 << 20))
json=$SSDK_TMP/study.json
# The workloads paced (the line's --rate-iops overrides the profiles'): the
# study's mechanics, not the emulated disk's speed, at a fraction of the
# emulation's cost to the VMs beside.
pace="--rate-iops 2000"
# The seed's random write, and its sequential read.
two=anandtech-2009-randwrite,anandtech-seqread-128k

# first_mib_sum: the sha256 of the disk's first MiB, which a format zeroes.
first_mib_sum() { dd if="$nvme" bs=1M count=1 iflag=direct status=none | sha256sum; }

study() {
	local w0 d0

	w0=$(blk_stat "$nvme" 7)
	d0=$(blk_stat "$nvme" 14)
	"$SSDK_CLI" -j study new-vs-used --target "$nvme" --span $span --runtime 1s $pace --profile $two \
		--method nvme-format --allow-write -q >"$json" || return 1
	$JGET "$json" '[(r["workload"], round(r["used_change_pct"], 1), round(r["trim_change_pct"], 1)) for r in j["table"]]'
	check plan_ended "$json" done 10 "$(($(stat_delta "$nvme" 7 "$w0") * 512))" &&
		check fields "$json" study=new-vs-used target="$nvme" span=$span \
			steps.0.method=nvme-format steps.4.run.write.ios=$((span / 4096)) \
			steps.7.run.config.purge=discard steps.7.run.write.bytes=$span &&
		check study_table_is_its_runs "$json" 2 &&
		[ "$(stat_delta "$nvme" 14 "$d0")" = $((span / 512)) ]
}
ktap_check "the study: the counters account for what it wrote and discarded, the table is its runs'" \
	study
runs_clear

# The seed's table, in text: a row per workload and figure; with the
# module's purge (a discard) and the data's pattern on the line, which the
# used state's writes take, and the purges do not.
table() {
	local out

	out=$("$SSDK_CLI" study new-vs-used --target "$nvme" --span $span --runtime 500ms $pace \
		--profile anandtech-2009-randread --method discard --pattern compressible:50 \
		--allow-write -q) || return 1
	printf '%s\n' "$out" | tail -n 5
	printf '%s\n' "$out" | grep -qE '^done +new: discard of the span ' &&
		printf '%s\n' "$out" | grep -qE '^workload +new +used +after TRIM +used/new +TRIM/new$' &&
		printf '%s\n' "$out" | grep -qE '^randread 4k QD3 +MB/s( +[0-9.]+){3}( +[-+][0-9.]+%){2}$' &&
		printf '%s\n' "$out" | grep -qE '^ +max( +[0-9.]+ [mun]?s){3}'
}
ktap_check "a study with a discard, and a pattern: its table in text, each workload's MB/s, mean and max" \
	table
runs_clear

# nvme_kept COMMAND...: COMMAND's exit status, or 99 when the disk's first
# MiB (random data, put there first) changed while it ran.
nvme_kept() {
	local before rc

	dd if=/dev/urandom of="$nvme" bs=1M count=1 oflag=direct status=none || return 98
	before=$(first_mib_sum)
	"$@"
	rc=$?
	[ "$(first_mib_sum)" = "$before" ] || { echo "the disk changed"; return 99; }
	return $rc
}
expect_fail "a study without consent" 2 "the study writes the span \(and purges the drive\): it needs --allow-write" \
	nvme_kept "$SSDK_CLI" study new-vs-used --target "$nvme" --span $span --runtime 1s
expect_fail "a step the module would refuse: refused before the format" 1 \
	"step 2 \(new: randwrite 3000 QD3\): bs: " \
	nvme_kept "$SSDK_CLI" study new-vs-used --target "$nvme" --span $span --runtime 1s \
	--profile anandtech-2009-randwrite --bs 3000 --method nvme-format --allow-write
expect_fail "a sweep's profile" 2 "--profile tomshardware-qd-randread is a sweep" \
	"$SSDK_CLI" study new-vs-used --target "$nvme" --profile tomshardware-qd-randread --allow-write

# Ctrl-C in the first workload: the study stops there, its table says
# what was measured (nothing used, nothing after TRIM), no step after.
stopped() {
	local rc

	"$SSDK_CLI" -j study new-vs-used --target "$nvme" --span $span --runtime 5m $pace --profile $two \
		--method nvme-format --allow-write -q >"$json" &
	interrupt $! 100
	rc=$?
	$JGET "$json" '[s["state"] for s in j["steps"]]'
	[ $rc = 130 ] && check plan_ended "$json" stopped 2 "$(jget "$json" 'j["steps"][1]["run"]["write"]["bytes"]')" &&
		check fields "$json" table.0.used=null table.0.trim=null table.1.new=null &&
		jtest "$json" 'j["table"][0]["new"]["bw_bytes"] > 0'
}
ktap_check "a study stopped mid-way: what it measured kept, no later step" stopped
runs_clear

ktap_done
