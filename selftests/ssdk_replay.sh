#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# ssdk-selftest: vm=main kernels=all time=45
#
# ssdk ctl replay: a trace loaded into the module and replayed from the
# kernel. Ground truth: the kernel's own blktrace of the replay, which
# must hold the trace's reads and writes in its order; the block layer's
# counts; and the module's refusals, each with its extack, spoken to by
# the kernel's ynl library. The timing of a replay is ssdk_latency.sh's
# (under icount).

. "$(dirname "$0")/lib/ssdk.sh"
ssdk_setup

DEV=/dev/nullb0
T=$SSDK_TMP
MIX=$SSDK_REPO/traces/mix.iolog

# replay_recorded NAME ARGS...: ssdk ctl replay ARGS (-j, into
# $T/NAME.json) while blktrace records the device ($T/NAME.bin).
replay_recorded() {
	local name=$1 rc

	shift
	blktrace_begin $DEV "$T/$name.bin" "$T/$name.bt.err"
	"$SSDK_CLI" -j ctl replay -q --target $DEV "$@" >"$T/$name.json"
	rc=$?
	kill -INT $BLKTRACE_PID && wait $BLKTRACE_PID
	[ -s "$T/$name.bin" ] || { cat "$T/$name.bt.err"; return 1; }
	return $rc
}

# afap at iodepth 8: the kernel saw the trace's reads and writes, in its
# order, and the results count them as the trace's summary does.
afap_same_ios() {
	replay_recorded afap --trace "$MIX" --timing afap --iodepth 8 --allow-write || return 1
	trace_same_order "$MIX" "$T/afap.bin" || return 1
	"$SSDK_CLI" -j trace summary "$MIX" >"$T/mix.sum" || return 1
	jtest "$T/afap.json" "(j['state'] == 'done' and j['completed'] == 2000
		and j['read']['ios'] == $(jget "$T/mix.sum" "j['ops']['read']['ios']")
		and j['write']['ios'] == $(jget "$T/mix.sum" "j['ops']['write']['ios']")
		and j['read']['bytes'] + j['write']['bytes'] == $(jget "$T/mix.sum" "j['bytes']")
		and 'lateness' not in j['read'])"
}

# chunks N...: traces of N IOs each (ssdk trace make), replayed afap:
# each loads whole, in as many trace-load requests as its size needs,
# and the kernel's blktrace holds its reads and writes in its order.
chunks() {
	local n

	for n in "$@"; do
		"$SSDK_CLI" trace make --out "$T/c$n.iolog" --ios "$n" --span 1g \
			--rwmixread 70 --bs-split 4k/80:64k/20 --seed "$n" >/dev/null || return 1
		replay_recorded "c$n" --trace "$T/c$n.iolog" --timing afap --iodepth 8 \
			--allow-write || { echo "a trace of $n IOs: $(cat "$T/c$n.json")"; return 1; }
		jtest "$T/c$n.json" "j['completed'] == $n" || return 1
		trace_same_order "$T/c$n.iolog" "$T/c$n.bin" || return 1
	done
}

# The same with the socket's send buffer capped by net.core.wmem_max at
# 8 KiB (16 KiB once the kernel doubles it): libssdk reads the room back
# and sends chunks that fit it.
chunks_small_sndbuf() {
	local was rc

	was=$(sysctl -n net.core.wmem_max)
	sysctl -qw net.core.wmem_max=8192 || return 1
	chunks 6000
	rc=$?
	sysctl -qw net.core.wmem_max="$was"
	return $rc
}

# Original timing: an open loop, its lateness and response time reported.
original_reports_lateness() {
	"$SSDK_CLI" -j ctl replay -q --target $DEV --trace "$MIX" --iodepth 8 --allow-write \
		>"$T/orig.json" || return 1
	jtest "$T/orig.json" "(j['completed'] == 2000 and j['config']['replay_timing'] == 'original'
		and j['read']['lateness']['lat_ns']['min'] >= 0
		and j['read']['response']['lat_ns']['min'] >= j['read']['lat_ns']['min'])"
}

# A trace that reaches past a 1 GiB device: refused, naming its first IO
# that does; folded into the span instead, it replays whole, within it.
remap_span() {
	local n

	nullb_load nr_devices=1 gb=1 irqmode=0 queue_mode=2 || return 1
	expect_fail_quiet 1 "trace IO [0-9]+ ends at [0-9]+, past the target \\(1073741824 bytes\\)" \
		stat_kept $DEV "$SSDK_CLI" ctl replay -q --target $DEV --trace "$MIX" --timing afap \
		--allow-write || return 1
	replay_recorded folded --trace "$MIX" --timing afap --remap span --offset 64m --span 512m \
		--allow-write || return 1
	n=$(PYTHONPATH=$SSDK_REPO/userspace/python /usr/bin/python3 -c '
import sys, ssdk
ios = [io for io in ssdk.trace.ios(sys.argv[1]) if io.op in ("read", "write")]
print(len(ios) if all(64 << 20 <= io.offset and io.offset + io.len <= 576 << 20 for io in ios)
      else -1)' "$T/folded.bin")
	echo "$n IOs within the span"
	[ "$n" = 2000 ]
}

# A writing trace on a device with a filesystem mounted: refused as any
# writing run is (the device opened exclusively), nothing written.
mounted_refused() {
	local rc

	nullb_load nr_devices=1 gb=1 irqmode=0 queue_mode=2 memory_backed=1 || return 1
	mkfs.ext4 -q $DEV && mkdir -p "$T/mnt" && mount -o ro $DEV "$T/mnt" || return 1
	expect_fail_quiet 1 "target: in use" writes_kept $DEV \
		"$SSDK_CLI" ctl replay -q --target $DEV --trace "$MIX" --timing afap --remap span \
		--allow-write
	rc=$?
	umount "$T/mnt"
	return $rc
}

command -v blktrace >/dev/null || ktap_skip_all "no blktrace (scripts/setup installs it)"
command -v mkfs.ext4 >/dev/null || ktap_skip_all "no mkfs.ext4"
[ -r "$YNL_CLI" ] || ktap_skip_all "no ynl at $YNL_CLI (run scripts/setup)"
ktap_plan 9
nullb_load nr_devices=1 gb=16 irqmode=0 queue_mode=2

ktap_check "trace-new, trace-load over one socket (ynl): each refusal with its reason (times past max-duration-ns, loaded or scaled, too), a refused chunk loads nothing; a run takes its trace, another socket sees none" \
	/usr/bin/python3 "$SELFTESTS_DIR/lib/trace_loads.py" "$YNL_CLI" "$SSDK_SPEC" $DEV
runs_clear
expect_fail "a trace that writes, without --allow-write: refused, nothing written" 1 \
	"it writes, which destroys the target's data: it needs allow-write" \
	writes_kept $DEV "$SSDK_CLI" ctl replay -q --target $DEV --trace "$MIX"
printf 'fio version 2 iolog\n/dev/x add\n/dev/x open\n/dev/x read 0 4096\n/dev/x close\n' \
	>"$T/timeless.log"
expect_fail "a trace without times: refused for original timing, afap suggested" 2 \
	"no times to keep: --timing afap" \
	"$SSDK_CLI" ctl replay -q --target $DEV --trace "$T/timeless.log"
ktap_check "afap at iodepth 8: the kernel's blktrace holds traces/mix.iolog's reads and writes, in its order; the results count them" \
	afap_same_ios
ktap_check "traces of one trace-load chunk and past it (2730, 2731, 6000 IOs): each loads whole and replays afap; blktrace holds their IOs in order" \
	chunks 2730 2731 6000
ktap_check "with net.core.wmem_max at 8 KiB: a 6000-IO trace loads in chunks that fit the socket, and replays" \
	chunks_small_sndbuf
ktap_check "original timing: an open loop, its lateness and response time reported" \
	original_reports_lateness
runs_clear
rmmod null_blk
ktap_check "past a 1 GiB device: refused naming the IO, nothing done; --remap span: every IO within the span" \
	remap_span
runs_clear
rmmod null_blk
ktap_check "a writing trace on a device with a filesystem mounted: refused, nothing written" \
	mounted_refused
rmmod null_blk
ktap_done
