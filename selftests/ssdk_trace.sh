#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# ssdk trace summary on traces that the real tools recorded of the same
# runs: fio's own iolog (write_iolog) and the kernel's blktrace, captured
# by Debian's blktrace while fio ran on null_blk. Ground truth: fio's own
# counts, the block layer's counts (diskstats), and each recording
# against the other.

. "$(dirname "$0")/lib/ssdk.sh"
ssdk_setup

DEV=/dev/nullb0
T=$SSDK_TMP

# record NAME FIO_ARGS...: fio on $DEV with its iolog ($T/NAME.log), while
# blktrace records the device ($T/NAME.bin); fio's JSON in $T/NAME.json,
# and the device's reads and writes completed meanwhile in $T/NAME.stat.
record() {
	local name=$1 bt i r0 w0

	shift
	udevadm settle 2>/dev/null
	r0=$(blk_stat $DEV 1) w0=$(blk_stat $DEV 5)
	blktrace -d $DEV -o - >"$T/$name.bin" 2>"$T/$name.bt.err" &
	bt=$!
	# Tracing has begun once blktrace made the device's relay files.
	for i in $(seq 50); do
		[ -e /sys/kernel/debug/block/${DEV#/dev/}/trace0 ] && break
		nap 0.1
	done
	fio --name=t --filename=$DEV --direct=1 --randseed=7 --output-format=json \
		--output="$T/$name.json" --write_iolog="$T/$name.log" "$@" >/dev/null || return 1
	kill -INT $bt && wait $bt
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

cut_short() {
	local n

	n=$(stat -c %s "$T/qd8.bin")
	head -c $((n - 10)) "$T/qd8.bin" >"$T/cut.bin"
	expect_fail_quiet 1 "cut.bin: blktrace: byte [0-9]+: a record.* cut short" \
		"$SSDK_CLI" trace summary "$T/cut.bin"
}

command -v blktrace >/dev/null || ktap_skip_all "no blktrace (scripts/setup installs it)"
command -v fio >/dev/null || ktap_skip_all "no fio (scripts/setup installs it)"
ktap_plan 6
mountpoint -q /sys/kernel/debug || mount -t debugfs none /sys/kernel/debug
nullb_load nr_devices=1 gb=8 irqmode=2 completion_nsec=500000 queue_mode=2 hw_queue_depth=64

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
rmmod null_blk
ktap_done
