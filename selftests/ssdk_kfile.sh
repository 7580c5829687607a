#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# ssdk-selftest: vm=main kernels=all time=70
#
# The kfile engine and ssdk compare through a filesystem, on ground truth:
# on ext4 and xfs over the emulated NVMe disk, every engine (the module's
# bio and kfile, io_uring, libaio and psync on the file and on the raw
# device) does the reads it was asked for and the block layer counts
# exactly those; compare's differences are those of the figures it
# reports; kfile keeps its iodepth in flight (null_blk's timer mode under
# ext4, its in-flight counter sampled); kfile writes land in the file; and
# what kfile cannot run on is refused with a reason.

. "$(dirname "$0")/lib/ssdk.sh"
ssdk_setup
nvme=$(nvme_disk)

ktap_plan 24

MNT=$SSDK_TMP/mnt
mkdir -p "$MNT"

# mkfs_mount FS DEV: a fresh FS on DEV, mounted on $MNT with nothing of
# its own reading the device behind the runs' backs: no atime updates, and
# none of ext4's background work after mount (its lazyinit thread reads
# one block bitmap per flex group: 8 reads on 16 GiB).
mkfs_mount() {
	local opts=noatime

	case $1 in
	ext4) mkfs.ext4 -q -F -E nodiscard,lazy_itable_init=1,lazy_journal_init=1 "$2"
		opts=$opts,noinit_itable,no_prefetch_block_bitmaps ;;
	xfs) mkfs.xfs -q -f -K "$2" ;;
	esac >/dev/null 2>&1 || return 1
	modprobe "$1" 2>/dev/null
	mount -t "$1" -o $opts "$2" "$MNT"
}

# compare_fs FS: compare's six engines through FS on the NVMe disk, 2000
# 4 KiB random reads each over a 64 MiB file (laid out by --file-size)
# and over the first 64 MiB of the raw device.
compare_fs() {
	local fs=$1 before reads out=$SSDK_TMP/compare-$1.json

	"$SSDK_CLI" -j compare -q --target "$nvme" --file "$MNT/ssdk.dat" --file-size 64m \
		--span 64m --engines bio,kfile,uring,libaio,psync,uring-raw --ios 1 >/dev/null || return 1
	before=$(blk_stat "$nvme" 1)
	"$SSDK_CLI" -j compare -q --target "$nvme" --file "$MNT/ssdk.dat" --span 64m \
		--engines bio,kfile,uring,libaio,psync,uring-raw --ios 2000 --seed 7 >"$out" || return 1
	reads=$(($(blk_stat "$nvme" 1) - before))
	check ios_per_engine "$out" 2000 6 "$reads"
}

# The differences printed are those of the figures printed, each named:
# six of them, "A - B" A's mean and percentiles minus B's.
overheads_fs() {
	local out=$SSDK_TMP/compare-$1.json

	check fields "$out" "layers.kfile - bio=filesystem" "layers.uring - kfile=syscall, io_uring" \
		"layers.uring - uring-raw=filesystem, under io_uring" \
		"layers.uring-raw - bio=syscall, io_uring" &&
		check compare_overheads_match "$out" 6
}

# kfile writes: a sequential write of the whole 4 MiB file with a byte
# pattern, read back through the file; the file's size does not change.
kfile_write() {
	local f=$MNT/w.dat

	"$SSDK_CLI" ctl run -q --engine kfile --target "$f" --file-size 4m --rw write \
		--bs 64k --ios 64 --iodepth 4 --pattern repeat:90 --allow-write >/dev/null || return 1
	[ "$(stat -c %s "$f")" = $((4 << 20)) ] || { echo "size $(stat -c %s "$f")"; return 1; }
	$PATTERN data "$f" $((4 << 20)) | jtest - 'j["bytes"] == [90]'
}

for fs in ext4 xfs; do
	if [ -z "$nvme" ]; then
		for t in "2000 reads through six engines, as diskstats counts" \
			"overhead_ns: the differences of the reported figures" \
			"kfile writes land in the file" "the file system unmounts at once"; do
			ktap_skip "$fs: $t" "no 16 GiB NVMe disk (vm-run --disk nvme:16G)"
		done
		continue
	fi
	if ! mkfs_mount $fs "$nvme"; then
		for t in 1 2 3 4; do ktap_fail "$fs: cannot make and mount the filesystem"; done
		continue
	fi
	ktap_check "$fs: 2000 reads through six engines, as diskstats counts" compare_fs $fs
	ktap_check "$fs: overhead_ns: the differences of the reported figures" overheads_fs $fs
	ktap_check "$fs: kfile writes land in the file" kfile_write
	# The run let go of its file when it ended: nothing holds the mount.
	ktap_check "$fs: the file system unmounts at once" umount "$MNT"
done

# --- iodepth in flight -------------------------------------------------------

# ext4 on a null_blk whose every IO takes 10 ms (timer mode): at QD 8 the
# device's in-flight counter sees 8 reads at once, and no IO took less
# than the device's 10 ms. (The IOPS, 8 / 10 ms = 800 where one IO in
# flight would be 100, is printed, not asserted: a loaded host slows
# the emulated CPU.) 10 ms, not less, so that the device and not the
# worker's CPU is what holds the IOs: on the debug kernel a kfile IO
# costs the worker about 0.65 ms of emulated CPU, and at 2 ms the slots
# it had yet to refill kept the count at 6. The counter may show a 9th:
# blk-mq counts a request until it is retired, after its bio completed
# (blk_mq_end_request: blk_update_request, then the free), and the
# worker, woken by that completion on the other CPU, may send the slot's
# next read in between (seen once on 6.1 under make check's load).
nullb_load nr_devices=1 gb=1 memory_backed=1 irqmode=2 completion_nsec=10000000 ||
	ktap_skip_all "no null_blk"
inflight_qd8() {
	local max=0 r w pid out=$SSDK_TMP/qd8.json

	"$SSDK_CLI" ctl run -q --engine kfile --target "$MNT/q.dat" --file-size 16m --iodepth 8 \
		--runtime 2s --ramp 200ms -j >"$out" &
	pid=$!
	while kill -0 $pid 2>/dev/null; do
		read -r r w </sys/block/nullb0/inflight
		[ "$r" -gt "$max" ] && max=$r
		nap 0.05
	done
	wait $pid || return 1
	echo "most reads in flight: $max; $(jget "$out" 'round(j["read"]["iops"])') IOPS"
	[ "$max" -ge 8 ] && [ "$max" -le 9 ] && check fields "$out" config.engine=kfile &&
		jtest "$out" 'j["read"]["lat_ns"]["min"] >= 10000000'
}
# Two workers through the same file: each IO once through ext4 to the
# device, as diskstats counts.
kfile_workers() {
	local before out=$SSDK_TMP/kfile-workers.json

	before=$(blk_stat nullb0 1)
	"$SSDK_CLI" ctl run -q --engine kfile --target "$MNT/q.dat" --iodepth 4 --workers 2 \
		--ios 200 -j >"$out" || return 1
	echo "reads: $(stat_delta nullb0 1 "$before")"
	check fields "$out" completed=200 config.workers=2 config.engine=kfile &&
		[ "$(stat_delta nullb0 1 "$before")" = 200 ]
}
if mkfs_mount ext4 /dev/nullb0; then
	ktap_check "kfile at iodepth 8 on ext4 over a 10 ms null_blk: 8 reads in flight, none under 10 ms" \
		inflight_qd8
	ktap_check "kfile with 2 workers through one file: 200 reads, as diskstats counts" \
		kfile_workers
	umount "$MNT"
else
	ktap_fail "kfile at iodepth 8: cannot make ext4 on null_blk"
	ktap_fail "kfile with 2 workers: cannot make ext4 on null_blk"
fi

# --- what kfile refuses --------------------------------------------------------

mount -t ramfs none "$MNT" || ktap_bail "cannot mount ramfs"
head -c 1m /dev/zero >"$MNT/r.dat"
mkdir -p "$MNT/dir"
kf() { "$SSDK_CLI" ctl run -q --engine kfile --ios 10 "$@"; }

expect_fail "missing file" 1 "target: no such file" kf --target "$MNT/none"
expect_fail "a directory" 1 "target: a directory" kf --target "$MNT/dir"
expect_fail "a block device given to kfile" 1 "target: a block device; engine kfile needs a regular file" \
	kf --target /dev/nullb0
expect_fail "ramfs: no O_DIRECT, said" 1 "does not do O_DIRECT" kf --target "$MNT/r.dat"
ktap_check "ramfs with --buffered: runs through the page cache" \
	eval "kf --target $MNT/r.dat --buffered -j | check fields - read.ios=10 config.buffered=true"
expect_fail "--buffered at iodepth 4: refused" 1 "iodepth: buffered file IO completes in its submitter; it needs iodepth 1" \
	kf --target "$MNT/r.dat" --buffered --iodepth 4
expect_fail "--buffered with the bio engine: refused" 1 "buffered: only for engine kfile" \
	"$SSDK_CLI" ctl run -q --target /dev/nullb0 --buffered --ios 10
expect_fail "a span beyond the file's end" 1 "span" kf --target "$MNT/r.dat" --buffered --span 2m
expect_fail "kfile writes without --allow-write" 1 "it needs allow-write" \
	kf --target "$MNT/r.dat" --buffered --rw randwrite
expect_fail "uring on a ramfs file: no O_DIRECT, said" 1 "does not do O_DIRECT" \
	"$SSDK_CLI" compare -q --target /dev/nullb0 --file "$MNT/r.dat" --engines uring --ios 10
expect_fail "compare's file engines without --file" 2 "runs on a file: give it --file" \
	"$SSDK_CLI" compare -q --target /dev/nullb0 --engines bio,kfile --ios 10
expect_fail "--file-size on a directory" 1 "Is a directory" \
	kf --target "$MNT/dir" --file-size 1m
# The module refuses what the CLI would not send (through ynl).
expect_fail "module: buffered with engine bio" 1 "buffered: only for engine kfile" \
	ynl --do run-start --json '{"target": "/dev/nullb0", "ios": 1, "buffered": true}'
umount "$MNT"

# tmpfs does O_DIRECT from Linux 6.6 on: kfile runs on it where the kernel
# itself accepts O_DIRECT there, and is refused by name where it does not.
mount -t tmpfs -o size=8m none "$MNT" || ktap_bail "cannot mount tmpfs"
head -c 1m /dev/zero >"$MNT/t.dat"
if /usr/bin/python3 -c 'import os, sys; os.open(sys.argv[1], os.O_RDONLY | os.O_DIRECT)' \
	"$MNT/t.dat" 2>/dev/null; then
	ktap_check "tmpfs (O_DIRECT on this kernel): kfile runs" \
		eval "kf --target $MNT/t.dat -j | jtest - 'j[\"read\"][\"ios\"] == 10'"
else
	expect_fail "tmpfs (no O_DIRECT on this kernel): refused, said" 1 "does not do O_DIRECT" \
		kf --target "$MNT/t.dat"
fi
umount "$MNT"

runs_clear
ktap_done
