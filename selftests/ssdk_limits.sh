#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# ssdk-selftest: vm=main kernels=default time=120
#
# Every limit at its limit and one past it: the spec's (iodepth, workers,
# bs, buffers in flight, slowest IOs, rounds, a target's path, the span
# at the device's end, max-trace-ios) and the module's parameters
# (max_runs). At the limit the run works, and what it cost is printed:
# its time, and the memory it pins until it is deleted (the kernel's
# unreclaimable slab and vmalloc, before its start and after its end:
# noisy by a MiB or so, shown, never asserted). One past, it is refused with a message naming
# the attribute, and nothing is started (no run kept) nor written (the
# kernel's counters). The table is printed at the end, and
# Documentation/dev/testing.rst ("The limits") keeps a copy.
#
# SSDK_LIMITS=long (make check-limits) adds what takes minutes under
# emulation: a trace of max-trace-ios IOs replayed, one more refused; a
# 200,000-IO fio workload recorded by ssdk trace record and replayed afap
# onto a second device, whose blktrace must show the recording's IOs, op,
# offset and length, in order; 64 workers at iodepth 1024.

. "$(dirname "$0")/lib/ssdk.sh"
ssdk_setup

DEV=/dev/nullb0
T=$SSDK_TMP
LONG=${SSDK_LIMITS:-short}
TABLE=$T/limits.table
: >"$TABLE"

# kmem_mib: the kernel's memory that nothing reclaims, slab and vmalloc:
# where a run's records are (its IO buffers go with its end).
kmem_mib() {
	awk '/^SUnreclaim:/ { s = $2 } /^VmallocUsed:/ { v = $2 }
		END { printf "%d", (s + v) / 1024 }' /proc/meminfo
}

now_ms() { echo $(($(date +%s%N) / 1000000)); }

# row LIMIT TEXT: a row of the table.
row() { printf '%-22s | %s\n' "$1" "$2" >>"$TABLE"; }

# at_limit LIMIT COMMAND...: COMMAND works; its time and the memory
# pinned by what it left (its runs, until runs_clear) go to the table.
at_limit() {
	local limit=$1 t0 m0 out rc

	shift
	runs_clear
	m0=$(kmem_mib) t0=$(now_ms)
	out=$("$@" 2>&1)
	rc=$?
	row "$limit" "at it: $([ $rc = 0 ] && echo works || echo "FAILS ($rc)"), \
$(($(now_ms) - t0)) ms, $(($(kmem_mib) - m0)) MiB pinned until deleted"
	[ $rc = 0 ] || { printf '%s\n' "$out" | tail -n 5; return 1; }
	runs_clear
}

# past_limit LIMIT PATTERN COMMAND...: COMMAND fails (exit 1, or
# PAST_RC: 2 for the CLI's own refusals) saying PATTERN, starts no run
# and writes nothing to $DEV; what it says goes to the table, on a line.
past_limit() {
	local limit=$1 pattern=$2 out rc

	shift 2
	runs_clear
	out=$(writes_kept $DEV "$@" 2>&1)
	rc=$?
	echo "exit $rc: $out"
	out=$(printf '%s' "${out#ssdk: }" | tr -s '\n\t' '  ')
	row "$limit" "one past: exit $rc: ${out:0:200}"
	[ $rc = "${PAST_RC:-1}" ] && printf '%s' "$out" | grep -qE -e "$pattern" &&
		[ "$(run_count)" = 0 ]
}

run() { "$SSDK_CLI" ctl run -q --target $DEV "$@" >/dev/null; }

# path_of_len N TARGET: a path of exactly N bytes, a symlink to TARGET
# at the end of directories of 200-byte names under $T.
path_of_len() {
	local n=$1 dir=$T/p

	rm -rf "$dir"
	while [ $((${#dir} + 1 + 200 + 1 + 1)) -le "$n" ]; do
		dir=$dir/$(printf 'd%.0s' $(seq 200))
	done
	mkdir -p "$dir" || return 1
	local name
	name=$(printf 'l%.0s' $(seq $((n - ${#dir} - 1))))
	ln -sf "$2" "$dir/$name" && echo "$dir/$name"
}

# Runs up to max_runs, each of one IO: all kept; one more refused.
max_runs() {
	local i max

	max=$(cat /sys/module/ssdk/parameters/max_runs)
	for i in $(seq "$max"); do
		run --ios 1 || { echo "run $i of $max refused"; return 1; }
	done
	[ "$(run_count)" = "$max" ]
}
runs_past_max() {
	local out rc max

	max=$(cat /sys/module/ssdk/parameters/max_runs)
	max_runs || return 1
	out=$(writes_kept $DEV run --ios 1 2>&1)
	rc=$?
	row "" "one past: exit $rc: ${out#ssdk: }"
	echo "exit $rc: $out"
	[ $rc = 1 ] && [[ $out == *"too many runs kept"* ]] && [ "$(run_count)" = "$max" ]
}

# --- the long forms ------------------------------------------------------------

# A trace of max-trace-ios IOs (ssdk trace make) replayed afap: every IO
# done; one more, refused by libssdk before anything is loaded.
trace_max() {
	local max

	max=$(/usr/bin/python3 -c 'import sys; sys.path.insert(0, sys.argv[1]); import ssdk.spec as s; print(s.MAX_TRACE_IOS)' \
		"$SSDK_REPO/userspace/python")
	"$SSDK_CLI" trace make --out "$T/max.iolog" --ios "$max" --span 1g >/dev/null &&
		"$SSDK_CLI" trace make --out "$T/past.iolog" --ios $((max + 1)) --span 1g >/dev/null ||
		return 1
	at_limit "max-trace-ios ($max)" "$SSDK_CLI" ctl replay -q --target $DEV \
		--trace "$T/max.iolog" --timing afap --iodepth 32 --allow-write || return 1
	past_limit "" "the module replays $max at most \\(max-trace-ios\\)" \
		"$SSDK_CLI" ctl replay -q --target $DEV --trace "$T/past.iolog" --timing afap \
		--allow-write
}

# fio's 200,000 IOs recorded by ssdk trace record on $DEV, replayed afap
# onto nullb1 under Debian's blktrace: the same IOs in the same order.
record_replay_200k() {
	local rec rc

	# The kernel's buffer holds a whole recording's events (about 50 MB):
	# on a loaded host the recorder may read them late, never drop one.
	"$SSDK_CLI" -j trace record --target $DEV --out "$T/big.rec" --buffer 64m \
		>"$T/big.rec.json" 2>"$T/big.rec.err" &
	rec=$!
	for _ in $(seq 300); do
		grep -q recording "$T/big.rec.err" && break
		nap 0.1
	done
	grep -q recording "$T/big.rec.err" ||
		{ echo "ssdk trace record did not start: $(cat "$T/big.rec.err")"; return 1; }
	fio --name=t --filename=$DEV --direct=1 --randseed=7 --rw=randrw --bs=4k \
		--ioengine=psync --number_ios=200000 --size=4g --norandommap \
		--output=/dev/null || return 1
	kill -INT $rec
	wait $rec || { cat "$T/big.rec.err"; return 1; }
	jtest "$T/big.rec.json" "j['ios'] == 200000 and j['dropped'] == 0" ||
		{ head -c 600 "$T/big.rec.json"; cat "$T/big.rec.err"; return 1; }
	blktrace_begin /dev/nullb1 "$T/big.bin" "$T/big.bt.err" || return 1
	"$SSDK_CLI" ctl replay -q --target /dev/nullb1 --trace "$T/big.rec" --timing afap \
		--iodepth 8 --allow-write >/dev/null
	rc=$?
	kill -INT $BLKTRACE_PID && wait $BLKTRACE_PID
	[ $rc = 0 ] && trace_same_order "$T/big.rec" "$T/big.bin"
}

# --- the points -------------------------------------------------------------------

if [ "$LONG" = long ]; then
	ktap_plan 27
else
	ktap_plan 23
fi
nullb_load nr_devices=2 gb=16 irqmode=0 queue_mode=2
size=$(blockdev --getsize64 $DEV)

ktap_check "iodepth 1024: a run keeps 1024 IOs in flight" \
	at_limit "iodepth (1024)" run --iodepth 1024 --ios 4096
ktap_check "iodepth 1025: refused, naming iodepth" \
	past_limit "" "iodepth: .*1\\.\\.1024" run --iodepth 1025 --ios 10
ktap_check "workers 64: a run of 64 kernel threads" \
	at_limit "workers (64)" run --workers 64 --ios 640
ktap_check "workers 65: refused, naming workers" \
	past_limit "" "workers: .*1\\.\\.64" run --workers 65 --ios 10
ktap_check "bs 1 MiB: reads of 1 MiB" \
	at_limit "bs (1 MiB)" run --rw read --bs 1m --ios 64
ktap_check "bs 1 MiB + 512: refused, naming bs" \
	past_limit "" "bs: more than 1 MiB" run --rw read --bs $((1024 * 1024 + 512)) --ios 10
ktap_check "buffers in flight 256 MiB (iodepth 256 x bs 1 MiB): a run" \
	at_limit "inflight (256 MiB)" run --rw read --bs 1m --iodepth 256 --ios 512
ktap_check "buffers in flight 256 MiB + 1 MiB (iodepth 257): refused, naming them" \
	past_limit "" "workers x iodepth x bs: more than 256 MiB" \
	run --rw read --bs 1m --iodepth 257 --ios 10
ktap_check "slowest 4096: a run keeps 4096 slowest IOs" \
	at_limit "slowest (4096)" run --slowest 4096 --ios 8192
ktap_check "slowest 4097: refused, naming slowest-n" \
	past_limit "" "slowest-n: .*0\\.\\.4096" run --slowest 4097 --ios 10
ktap_check "rounds 1000 of 10 ms: a run of 1000 rounds" \
	at_limit "rounds (1000)" run --rounds 1000 --round-time 10ms --ts-interval 10ms
ktap_check "rounds 1001: refused, naming rounds" \
	past_limit "" "rounds: .*1\\.\\.1000" run --rounds 1001 --round-time 10ms \
	--ts-interval 10ms
# A path of 4096 bytes cannot be made (the kernel's PATH_MAX holds the
# NUL): the 4095-byte one and a byte more, refused before any lookup.
p4095=$(path_of_len 4095 $DEV)
p4096=${p4095}x
ktap_check "a target's path of 4095 bytes (max-target-len): a run" \
	at_limit "target path (4095 B)" "$SSDK_CLI" ctl run -q --target "$p4095" --ios 10
PAST_RC=2 ktap_check "a target's path of 4096 bytes: refused by the CLI, naming target" \
	past_limit "" "--target: path too long" "$SSDK_CLI" ctl run -q --target "$p4096" --ios 10
ktap_check "a target attribute of 4096 bytes (ynl): refused by the module's policy" \
	past_limit "" "'max-length': 4095.*'bad-attr': '\\.target'" \
	ynl_spec "$SSDK_SPEC" --do run-start --json "{\"target\": \"$p4096\", \"ios\": 10}"
ktap_check "the span's last block: offset = size - 4 KiB, span 4 KiB" \
	at_limit "offset (size - bs)" run --offset $((size - 4096)) --span 4096 --ios 10
ktap_check "offset = size: refused, naming offset" \
	past_limit "" "offset: at or beyond the end" run --offset "$size" --ios 10
ktap_check "span 512 B past the device's end: refused, naming span" \
	past_limit "" "span: goes beyond the end" run --offset $((size - 4096)) --span 4608 --ios 10
ktap_check "rate-iops 2^32 - 1: a run, unpaced in effect" \
	at_limit "rate-iops (2^32 - 1)" run --rate-iops 4294967295 --ios 100
PAST_RC=2 ktap_check "rate-iops 2^32: refused by the CLI, naming it" \
	past_limit "" "--rate-iops: '4294967296' is too large" run --rate-iops 4294967296 --ios 10
ktap_check "max-trace-ios + 1 in trace-new (ynl): refused by the policy, naming ios" \
	past_limit "max-trace-ios (2097152)" "max-value': 2097152.*'bad-attr': '\\.ios'" \
	ynl_spec "$SSDK_SPEC" --do trace-new --json '{"ios": 2097153}'
ktap_check "max_runs ($(cat /sys/module/ssdk/parameters/max_runs)): that many runs kept" \
	at_limit "max_runs ($(cat /sys/module/ssdk/parameters/max_runs))" max_runs
ktap_check "max_runs + 1: refused, the runs kept" runs_past_max
runs_clear

if [ "$LONG" = long ]; then
	ktap_check "max-trace-ios: a trace of 2,097,152 IOs replayed afap; one more refused" trace_max
	runs_clear
	ktap_check "64 workers at iodepth 1024 (256 MiB of 4 KiB buffers): a run" \
		at_limit "workers x iodepth (64 x 1024)" run --workers 64 --iodepth 1024 --ios 262144
	ktap_check "64 workers at iodepth 1024 of 4 KiB + 512: refused" \
		past_limit "" "workers x iodepth x bs: more than 256 MiB" \
		run --workers 64 --iodepth 1024 --bs 4608 --ios 640
	ktap_check "ssdk trace record of fio's 200,000 IOs, replayed afap onto a second device: blktrace holds them in order" \
		record_replay_200k
	runs_clear
fi

ktap_diag "the limits: limit | at the limit, its cost | one past, what is said"
while IFS= read -r line; do
	ktap_diag "$line"
done <"$TABLE"
rmmod null_blk
ktap_done
