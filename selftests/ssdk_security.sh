#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Nothing is written where it must not be, proved on the bytes: two brd
# disks filled with random data and checksummed before and after. Writes
# are refused to a device with a filesystem mounted and to one held by a
# device-mapper table, through the CLI and through the module directly
# (ynl); read-only runs of every kind leave their disk as it was, and the
# block layer counts no write to it.

. "$(dirname "$0")/lib/ssdk.sh"
ssdk_setup
brd_load 2 16 || ktap_skip_all "no brd"
command -v mkfs.ext4 >/dev/null || ktap_skip_all "no mkfs.ext4"
modprobe dm-mod || ktap_skip_all "no device mapper"

# O_DIRECT: the bytes on the disk, not a page cache filled before the runs.
sum() { dd if="$1" bs=1M iflag=direct status=none | sha256sum | cut -d' ' -f1; }
writes() { blk_stat "${1#/dev/}" 5; }

# unchanged DEV SUM WRITES: DEV still has checksum SUM and WRITES writes.
unchanged() {
	local now

	now=$(sum "$1")
	echo "$1: sha256 $now (before $2), writes $(writes "$1") (before $3)"
	[ "$now" = "$2" ] && [ "$(writes "$1")" = "$3" ]
}

ktap_plan 9

# --- a mounted filesystem -------------------------------------------------------------
# ext4 on ram0 over random data, mounted read-only so that the filesystem
# itself writes nothing: every byte of the disk must stay as it was.
dd if=/dev/urandom of=/dev/ram0 bs=1M count=16 status=none
mkfs.ext4 -q /dev/ram0
mkdir -p "$SSDK_TMP/mnt"
mount -o ro /dev/ram0 "$SSDK_TMP/mnt" || ktap_bail "cannot mount ext4 on ram0"
sum0=$(sum /dev/ram0)
w0=$(writes /dev/ram0)
expect_fail "mounted: randwrite refused (CLI)" 1 "target: in use" \
	"$SSDK_CLI" ctl run -q --target /dev/ram0 --rw randwrite --ios 1000 --allow-write
expect_fail "mounted: write refused (module, through ynl)" 1 "in use|EBUSY|-16" \
	ynl --do run-start --json '{"target": "/dev/ram0", "rw": "write", "allow-write": true, "ios": 1000}'
ktap_check "mounted: not a byte changed, no write counted" unchanged /dev/ram0 "$sum0" "$w0"
umount "$SSDK_TMP/mnt"

# --- a device held by a dm table --------------------------------------------------
dd if=/dev/urandom of=/dev/ram1 bs=1M count=16 status=none
sum1=$(sum /dev/ram1)
w1=$(writes /dev/ram1)
dm_linear ssdk-hold /dev/ram1 || ktap_bail "cannot make a dm table over ram1"
expect_fail "held by dm: randwrite refused (CLI)" 1 "target: in use" \
	"$SSDK_CLI" ctl run -q --target /dev/ram1 --rw randwrite --ios 1000 --allow-write
expect_fail "held by dm: write refused (module, through ynl)" 1 "in use|EBUSY|-16" \
	ynl --do run-start --json '{"target": "/dev/ram1", "rw": "write", "allow-write": true, "ios": 1000}'
dmsetup remove ssdk-hold
ktap_check "held by dm: not a byte changed, no write counted" unchanged /dev/ram1 "$sum1" "$w1"

# --- read-only runs ---------------------------------------------------------------------
readers() {
	"$SSDK_CLI" ctl run -q --target /dev/ram1 --rw randread --iodepth 8 --ios 20000 >/dev/null &&
		"$SSDK_CLI" ctl run -q --target /dev/ram1 --rw read --bs 128k --ios 2000 >/dev/null &&
		"$SSDK_CLI" ctl run -q --target /dev/ram1 --bssplit 4k/50:64k/50 --ios 5000 \
			--rate-iops 5000 --arrivals poisson >/dev/null &&
		"$SSDK_CLI" ctl run -q --target /dev/ram1 --ios 3000 --workers 2 --iodepth 4 >/dev/null
}
ktap_check "read runs: random QD8, sequential 128k, split open loop, two workers" readers
ktap_check "read runs: not a byte changed, no write counted" unchanged /dev/ram1 "$sum1" "$w1"

# Stopped mid-run too (the one path a user has to end a run early), its
# deletion refused before and done after.
early() {
	local id

	id=$("$SSDK_CLI" -j ctl start --target /dev/ram1 --runtime 1h --iodepth 16 | $JGET - 'j["id"]') ||
		return 1
	wait_completed "$id" 1000
	! "$SSDK_CLI" ctl delete "$id" 2>/dev/null || return 1
	"$SSDK_CLI" ctl stop "$id" >/dev/null && "$SSDK_CLI" ctl delete "$id" &&
		unchanged /dev/ram1 "$sum1" "$w1"
}
ktap_check "read runs stopped mid-run and deleted: not a byte changed" early

runs_clear
rmmod brd
ktap_done
