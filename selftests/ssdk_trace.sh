#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# ssdk-selftest: vm=main kernels=all time=45
#
# ssdk trace summary on traces that the real tools recorded of the same
# runs: fio's own iolog (write_iolog) and the kernel's blktrace, captured
# by Debian's blktrace while fio ran on null_blk. Ground truth: fio's own
# counts, the block layer's counts (diskstats), and each recording
# against the other. Then ssdk trace record: the same run recorded holds
# fio's iolog's IOs, in order; one trace a device; teardown after
# signals; refusals; dropped events.

. "$(dirname "$0")/lib/ssdk.sh"
ssdk_setup

DEV=/dev/nullb0
T=$SSDK_TMP

# record NAME FIO_ARGS...: fio on $DEV with its iolog ($T/NAME.log), while
# blktrace records the device ($T/NAME.bin); fio's JSON in $T/NAME.json,
# and the device's reads and writes completed meanwhile in $T/NAME.stat.
record() {
	local name=$1 r0 w0

	shift
	udevadm settle 2>/dev/null
	r0=$(blk_stat $DEV 1) w0=$(blk_stat $DEV 5)
	blktrace_begin $DEV "$T/$name.bin" "$T/$name.bt.err"
	fio --name=t --filename=$DEV --direct=1 --randseed=7 --output-format=json \
		--output="$T/$name.json" --write_iolog="$T/$name.log" "$@" >/dev/null || return 1
	kill -INT $BLKTRACE_PID && wait $BLKTRACE_PID
	echo "$(stat_delta $DEV 1 "$r0") $(stat_delta $DEV 5 "$w0")" >"$T/$name.stat"
	[ -s "$T/$name.bin" ] || { cat "$T/$name.bt.err"; return 1; }
}

summary_of() { "$SSDK_CLI" -j trace summary "$1" >"$2"; }
summary() { summary_of "$T/$1" "$T/$1.sum"; }

# The summary of NAME.log (fio's iolog): fio's counts of reads and writes,
# 4 KiB each, and the block layer's.
iolog_counts() {
	local fio_r fio_w stat

	summary "$1.log" || return 1
	fio_r=$(jget "$T/$1.json" 'j["jobs"][0]["read"]["total_ios"]')
	fio_w=$(jget "$T/$1.json" 'j["jobs"][0]["write"]["total_ios"]')
	read -r -a stat <"$T/$1.stat"
	echo "fio: $fio_r reads, $fio_w writes; diskstats: ${stat[*]}"
	jtest "$T/$1.log.sum" "(j['format'] == 'iolog3' and j['ops']['read']['ios'] == $fio_r
		and j['ops']['write']['ios'] == $fio_w and j['ios'] == $fio_r + $fio_w
		and $fio_r == ${stat[0]} and $fio_w == ${stat[1]}
		and j['sizes'] == [{'len': 4096, 'ios': $fio_r + $fio_w}])"
}

# The blktrace of the same run has the same IOs: ops, bytes, sizes,
# sequential ones, footprint and extent as fio's iolog.
same_ios() {
	summary "$1.bin" || return 1
	jtest "$T/$1.bin.sum" "j['format'] == 'blktrace' and j['has_qd']" &&
		/usr/bin/python3 - "$T/$1.log.sum" "$T/$1.bin.sum" <<'PY'
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
keys = ("ops", "sizes", "sequential", "footprint", "lowest", "highest", "ios", "bytes")
bad = {k: (a[k], b[k]) for k in keys if a[k] != b[k]}
if bad:
    sys.exit(f"iolog against blktrace: {bad}")
PY
}

# The depth each IO found as it arrived, itself included: psync has one
# IO in flight, so every IO finds 1; fio at iodepth 8 never has more than
# 8 in flight, and on a device of 500 us per IO it gets there.
depth_seen() {
	summary "psync.bin" && summary "qd8.bin" || return 1
	jget "$T/qd8.bin.sum" "j['qd_ios'][:9]"
	jtest "$T/psync.bin.sum" "j['qd_ios'][0] == j['ios'] and not any(j['qd_ios'][1:])" &&
		jtest "$T/qd8.bin.sum" "(not any(j['qd_ios'][8:]) and j['qd_ios'][7] > 0
			and sum(j['qd_ios']) == j['ios'])"
}

# fio replays the shipped synthetic trace (traces/mix.iolog) onto the
# device: the block layer counts the bytes read and written that the
# trace's summary counts (its IOs may be split: null_blk's requests are
# at most 127.5 KiB by default).
fio_replays_mix() {
	local mix=$SSDK_REPO/traces/mix.iolog r0 w0

	summary_of "$mix" "$T/mix.sum" || return 1
	udevadm settle 2>/dev/null
	r0=$(blk_stat $DEV 3) w0=$(blk_stat $DEV 7)
	fio --name=mix --read_iolog="$mix" --replay_redirect=$DEV --replay_no_stall=1 \
		--direct=1 --ioengine=psync --output-format=json --output="$T/mix.json" ||
		return 1
	jtest "$T/mix.sum" "(j['ops']['read']['bytes'] == 512 * $(stat_delta $DEV 3 "$r0")
		and j['ops']['write']['bytes'] == 512 * $(stat_delta $DEV 7 "$w0"))"
}

# --- ssdk trace record ---------------------------------------------------------

# rec_start NAME [OPTION...]: ssdk trace record of $DEV into $T/NAME.rec in
# the background (its pid in $REC), its JSON in $T/NAME.rec.json and its
# stderr in $T/NAME.rec.err; back once it says that it records.
rec_start() {
	local name=$1 i line

	shift
	"$SSDK_CLI" -j trace record --target $DEV --out "$T/$name.rec" "$@" \
		>"$T/$name.rec.json" 2>"$T/$name.rec.err" &
	REC=$!
	for i in $(seq 100); do
		line=
		read -r line <"$T/$name.rec.err"
		[[ $line == *recording* ]] && return 0
		kill -0 $REC 2>/dev/null || break
		nap 0.1
	done
	echo "ssdk trace record did not start: $(cat "$T/$name.rec.err")"
	return 1
}

# rec_stop SIGNAL: the recording stopped by SIGNAL; its exit status.
rec_stop() {
	kill -"$1" $REC
	wait $REC
}

# The device has no trace set up: the kernel says so, and its debugfs
# directory has no relay file.
no_trace_left() {
	local dir=/sys/kernel/debug/block/${DEV#/dev/}

	[ "$(cat /sys/block/${DEV#/dev/}/trace/enable)" = 0 ] && [ ! -e "$dir/trace0" ] ||
		{ echo "a trace is left set up on $DEV: $(ls "$dir")"; return 1; }
}

# fio's psync run of record() again, the same seed, while ssdk records the
# device; Ctrl-C ends the recording. Its IOs are fio's own iolog's, in
# its order, each found alone in flight; its counts are the block
# layer's; nothing dropped.
record_psync() {
	local r0 w0

	udevadm settle 2>/dev/null
	r0=$(blk_stat $DEV 1) w0=$(blk_stat $DEV 5)
	rec_start rec || return 1
	fio --name=t --filename=$DEV --direct=1 --randseed=7 --output-format=json \
		--output="$T/rec.json" --write_iolog="$T/rec.log" --rw=randrw --bs=4k \
		--ioengine=psync --number_ios=1000 --size=4g --norandommap >/dev/null || return 1
	rec_stop INT || { echo "exit $?: $(cat "$T/rec.rec.err")"; return 1; }
	cat "$T/rec.rec.json"
	"$SSDK_CLI" -j trace dump "$T/rec.rec" >"$T/rec.dump" || return 1
	check ios_as_iolog "$T/rec.dump" "$T/rec.log" 1 &&
		jtest "$T/rec.rec.json" "(j['ended'] == 'signal' and j['dropped'] == 0
			and j['torn_bytes'] == 0 and j['ios'] == 1000
			and j['ops']['read']['ios'] == $(stat_delta $DEV 1 "$r0")
			and j['ops']['write']['ios'] == $(stat_delta $DEV 5 "$w0")
			and j['events'] > 3 * j['ios'] and j['cpus'] == $(nproc))" &&
		no_trace_left
}

# The round trip's second half: the recording of the psync run replayed
# as fast as it goes onto a second device, which the kernel's blktrace
# must see receive the same IOs in the same order.
replay_recording() {
	local dev2=/dev/nullb1 rc

	blktrace_begin $dev2 "$T/replayed.bin" "$T/replayed.bt.err"
	"$SSDK_CLI" ctl replay -q --target $dev2 --trace "$T/rec.rec" --timing afap --iodepth 8 \
		--allow-write >/dev/null
	rc=$?
	kill -INT $BLKTRACE_PID && wait $BLKTRACE_PID
	[ $rc = 0 ] && trace_same_order "$T/rec.rec" "$T/replayed.bin"
}

# One trace at a time on a device: ssdk trace record refuses while
# Debian's blktrace records, and while another ssdk trace record does; the
# refused one leaves no file, and the one recording goes on unharmed
# (SIGTERM ends it). (Debian's blktrace, refused, hangs, and when it is
# killed tears the trace it was refused down.) A trace torn down by
# another process while recording is said, and no file is left. One that
# SIGKILL left set up is refused with the way to remove it, which does.
record_busy() {
	local rc

	blktrace_begin $DEV /dev/null "$T/busy.bt.err"
	expect_fail_quiet 1 "^ssdk: --target $DEV: a trace is set up on it already: another blktrace" \
		"$SSDK_CLI" trace record --target $DEV --out "$T/second.rec"
	rc=$?
	kill -INT $BLKTRACE_PID && wait $BLKTRACE_PID
	[ $rc = 0 ] && rec_start busy || return 1
	expect_fail_quiet 1 "^ssdk: --target $DEV: a trace is set up on it already: another blktrace" \
		"$SSDK_CLI" trace record --target $DEV --out "$T/second.rec" || return 1
	fio --name=t --filename=$DEV --direct=1 --rw=read --bs=4k --ioengine=psync \
		--number_ios=100 --size=1m --output=/dev/null || return 1
	rec_stop TERM || return 1
	jtest "$T/busy.rec.json" "j['ended'] == 'signal' and j['ops']['read']['ios'] == 100" &&
		no_trace_left || return 1
	rec_start gone || return 1
	# BLKTRACETEARDOWN, _IO(0x12, 118), from another process.
	/usr/bin/python3 -c 'import fcntl, os, sys; fcntl.ioctl(os.open(sys.argv[1], os.O_RDONLY), 0x1276)' $DEV ||
		return 1
	rec_stop INT
	rc=$?
	cat "$T/gone.rec.err"
	[ $rc = 1 ] && grep -q "^ssdk: --target $DEV: its trace was torn down by another process while recording$" \
		"$T/gone.rec.err" || return 1
	ls "$T" | grep -E '^(second|gone)\.rec($|\.tmp)' && return 1
	no_trace_left || return 1
	# SIGKILL leaves the trace set up: refused, until the remedy said.
	rec_start killed || return 1
	kill -KILL $REC
	wait $REC
	expect_fail_quiet 1 "died before tearing it down \(echo 0 >(/sys/dev/block/[0-9:]+/trace/enable) does\)$" \
		"$SSDK_CLI" trace record --target $DEV --out "$T/second.rec" || return 1
	echo 0 >/sys/dev/block/"$(stat -c '%Hr:%Lr' $DEV)"/trace/enable && no_trace_left
}

# --duration ends a recording by itself; the trace torn down after each
# recording above, ssdk's and Debian's blktrace record again.
record_duration() {
	"$SSDK_CLI" -j trace record --target $DEV --out "$T/dur.rec" --duration 1s \
		>"$T/dur.json" 2>/dev/null || return 1
	jtest "$T/dur.json" "(j['ended'] == 'duration' and 1e9 <= j['duration_ns'] < 3e9
		and j['ios'] == 0)" && no_trace_left &&
		blktrace -d $DEV -w 1 -o - >/dev/null 2>&1 && no_trace_left
}

# What cannot be recorded is refused in one line, before any trace is set
# up, and no file is left: a file or a character device for a target, a
# bad --duration or --buffer, no such directory for --out, nobody (who
# may not open the device), a member of the disk group (who may, but may
# not read debugfs).
record_refusals() {
	local disk=(setpriv --reuid=65534 --regid=65534 --groups="$(getent group disk | cut -d: -f3)")
	local out=$T/refused.rec

	: >"$T/plain"
	chgrp disk $DEV && chmod g+r $DEV || return 1
	expect_fail_quiet 1 "^ssdk: --target /dev/null: not a block device$" \
		"$SSDK_CLI" trace record --target /dev/null --out "$out" &&
	expect_fail_quiet 1 "^ssdk: --target $T/plain: not a block device$" \
		"$SSDK_CLI" trace record --target "$T/plain" --out "$out" &&
	expect_fail_quiet 1 "^ssdk: --target /dev/nonesuch: No such file or directory$" \
		"$SSDK_CLI" trace record --target /dev/nonesuch --out "$out" &&
	expect_fail_quiet 2 "^ssdk: --duration: '0' is not a duration" \
		"$SSDK_CLI" trace record --target $DEV --out "$out" --duration 0 &&
	expect_fail_quiet 2 "^ssdk: --duration: '5x' is not a duration" \
		"$SSDK_CLI" trace record --target $DEV --out "$out" --duration 5x &&
	expect_fail_quiet 2 "^ssdk: --buffer: '1k' is not a size from 64k to 1g" \
		"$SSDK_CLI" trace record --target $DEV --out "$out" --buffer 1k &&
	expect_fail_quiet 1 "^ssdk: --out $T/none/t.rec: No such file or directory$" \
		"$SSDK_CLI" trace record --target $DEV --out "$T/none/t.rec" &&
	expect_fail_quiet 1 "^ssdk: --target $DEV: Permission denied \(recording needs root\)$" \
		as_nobody "$SSDK_CLI" trace record --target $DEV --out /tmp/nobody.rec &&
	expect_fail_quiet 1 "^ssdk: /sys/kernel/debug/block: Permission denied \(recording needs root\)$" \
		"${disk[@]}" "$SSDK_CLI" trace record --target $DEV --out /tmp/disk.rec || return 1
	ls "$T" /tmp | grep -E '^(refused|nobody|disk)\.rec' && return 1
	no_trace_left
}

# The recorder stopped (SIGSTOP) while fio runs: the kernel's buffers,
# 64 KiB a CPU, fill and it drops events. The recording says so on stderr
# and counts them, and keeps the file, which reads.
record_drops() {
	rec_start drop --buffer 64k || return 1
	kill -STOP $REC
	fio --name=t --filename=$DEV --direct=1 --rw=randread --bs=4k --ioengine=psync \
		--number_ios=2000 --size=1g --output=/dev/null
	kill -CONT $REC
	rec_stop INT || return 1
	cat "$T/drop.rec.err"
	grep -q "events dropped (the kernel's buffers were full)" "$T/drop.rec.err" &&
		jtest "$T/drop.rec.json" "j['dropped'] > 0 and 0 < j['ios'] < 2000" &&
		summary drop.rec && no_trace_left
}

# Cut inside the last record: a relay sub-buffer's unfilled tail of zeros,
# which readers take for the end, may follow it.
cut_short() {
	local n

	n=$(/usr/bin/python3 -c 'import sys; print(len(open(sys.argv[1], "rb").read().rstrip(b"\0")))' \
		"$T/qd8.bin")
	head -c $((n - 10)) "$T/qd8.bin" >"$T/cut.bin"
	expect_fail_quiet 1 "cut.bin: blktrace: byte [0-9]+: a record.* cut short" \
		"$SSDK_CLI" trace summary "$T/cut.bin"
}

command -v blktrace >/dev/null || ktap_skip_all "no blktrace (scripts/setup installs it)"
command -v fio >/dev/null || ktap_skip_all "no fio (scripts/setup installs it)"
ktap_plan 12
mountpoint -q /sys/kernel/debug || mount -t debugfs none /sys/kernel/debug
nullb_load nr_devices=2 gb=8 irqmode=2 completion_nsec=500000 queue_mode=2 hw_queue_depth=64

record psync --rw=randrw --bs=4k --ioengine=psync --number_ios=1000 --size=4g --norandommap
ktap_check "fio's iolog of 1000 psync IOs: its reads and writes, as fio and diskstats count them" \
	iolog_counts psync
ktap_check "blktrace of the same run: the same IOs as fio's iolog (ops, sizes, sequential, footprint)" \
	same_ios psync
record qd8 --rw=randread --bs=4k --ioengine=libaio --iodepth=8 --number_ios=1000 --size=4g \
	--norandommap
ktap_check "the depths seen in the blktraces: 1 for every psync IO; at iodepth 8, up to 8" \
	depth_seen
ktap_check "fio's iolog of it: its reads, as fio and diskstats count them" iolog_counts qd8
ktap_check "a blktrace cut short: refused with the byte where it went wrong, exit 1" cut_short
ktap_check "fio replays traces/mix.iolog: diskstats count its bytes read and written" fio_replays_mix
ktap_check "ssdk trace record of the psync run, Ctrl-C: fio's iolog's IOs in its order, at depth 1; diskstats' counts" \
	record_psync
ktap_check "that recording replayed afap onto a second device: its blktrace holds the same IOs in the same order" \
	replay_recording
ktap_check "one trace a device: refused while blktrace or another recording records, or after SIGKILL; torn down: said" \
	record_busy
ktap_check "--duration ends a recording; after SIGINT, SIGTERM and it, ssdk and blktrace record again" \
	record_duration
ktap_check "refusals (no block device, bad values, nobody, the disk group): one line, no file, no trace" \
	record_refusals
ktap_check "events dropped (the recorder stopped): said and counted; the file kept, and read" record_drops
rmmod null_blk
ktap_done
