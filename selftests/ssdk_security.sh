#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# ssdk-selftest: vm=main kernels=all time=45
#
# Nothing is written where it must not be, proved on the bytes: two brd
# disks filled with random data and checksummed before and after. Writes
# are refused to a device with a filesystem mounted and to one held by a
# device-mapper table, through the CLI and through the module directly
# (ynl); read-only runs of every kind leave their disk as it was, and the
# block layer counts no write to it. One run cannot hide the others: a
# target path as long as the policy allows (4095 bytes) is listed and
# read back with every run after it.

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

ktap_plan 10

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

# --- a target path of 4095 bytes ---------------------------------------------------------
# A status is a few hundred bytes plus the target: with a path of 4095
# bytes it outgrows a dump's default skb (NLMSG_GOODSIZE), and the module
# sizes its dumps for it (ssdk_nl_run_dump_start()). The path is a
# symlink to ram1 at the end of nested directories of 250-byte names.
long_path() {
	local p=$SSDK_TMP/long seg last

	seg=$(printf '%0250d' 0)
	while [ $((4095 - ${#p} - 1)) -gt 255 ]; do p=$p/$seg; done
	mkdir -p "$p" || return 1
	last=$(printf '%0*d' $((4095 - ${#p} - 1)) 0)
	ln -s /dev/ram1 "$p/$last" && echo "$p/$last"
}
long_listed() {
	local long ids=() id out=$SSDK_TMP/list.json

	runs_clear
	long=$(long_path) && [ ${#long} = 4095 ] || { echo "no path of 4095 bytes"; return 1; }
	for t in "$long" /dev/ram1 /dev/ram1; do
		id=$("$SSDK_CLI" -j ctl start --target "$t" --ios 1000 | $JGET - 'j["id"]') || return 1
		ids+=("$id")
		within 30 "$SSDK_CLI" ctl wait "$id" || return 1
	done
	"$SSDK_CLI" -j ctl list >"$out" || return 1
	jtest "$out" "[r['id'] for r in j] == [${ids[0]}, ${ids[1]}, ${ids[2]}] and len(j[0]['target']) == 4095" ||
		{ echo "listed: $(jget "$out" '[(r["id"], len(r["target"])) for r in j]')"; return 1; }
	for id in "${ids[@]}"; do
		"$SSDK_CLI" -j ctl results "$id" >"$out" &&
			jtest "$out" "j['id'] == $id and j['completed'] == 1000" || { echo "results of run $id"; return 1; }
	done
	runs_clear
}
ktap_check "a target path of 4095 bytes: every run listed, and the results of each read" long_listed

runs_clear
rmmod brd
ktap_done
