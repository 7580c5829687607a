#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# ssdk-selftest: vm=beside kernels=all time=340
#
# ssdk review on the emulated NVMe disk, end to end, at quick scale: a
# suite of raw steps, then the same through ext4, xfs (and btrfs where
# this kernel and host have it), each made, mounted and laid out by the
# review. Every step's JSON is there and whole, the summary's rows are the
# runs' own, and on the raw device the runs' IOs are the disk's own count.
# A suite that cannot run is refused before anything touches the disk,
# naming the step. Ctrl-C stops a review and keeps what is done; --resume
# continues at the next step and ends as an uninterrupted review does.

. "$(dirname "$0")/lib/ssdk.sh"
ssdk_setup
nvme=$(nvme_disk)
[ -n "$nvme" ] || ktap_skip_all "no NVMe disk (scripts/vm-run --disk nvme:16G)"

ktap_plan 10

fs=ext4,xfs
if command -v mkfs.btrfs >/dev/null && { grep -qw btrfs /proc/filesystems || modprobe btrfs; }; then
	fs=$fs,btrfs
fi
nfs=$(($(tr -cd , <<<"$fs" | wc -c) + 1))

# The suite: reads at two depths and writes, raw, then on each filesystem.
# A step's keys may be overridden by a test: suite FILE [SED...].
suite() {
	local file=$1

	shift
	cat >"$file" <<-EOF
	; the review's selftest
	[global]
	span=32m
	iodepth=1,4

	[raw: 4k random read]
	step=compare
	engines=bio
	rw=randread
	bs=4k

	[raw: 4k random write]
	step=run
	rw=randwrite
	bs=4k
	iodepth=4

	[filesystem]
	step=filesystem
	file-size=32m

	[formatted: 4k random read]
	step=compare
	engines=kfile
	rw=randread
	bs=4k

	[formatted: 4k random write]
	step=run
	rw=randwrite
	bs=4k
	iodepth=4
	EOF
	[ $# -eq 0 ] || sed -i "$@" "$file"
}
suite "$SSDK_TMP/quick.ini"
steps=$((2 + 3 * nfs))
# Quick scale: a measuring step is 2 s a run; 1 s here, the mechanics, not the disk.
review() { "$SSDK_CLI" review "$@" --target "$nvme" --runtime 1s; }

D1=$SSDK_TMP/review
text=$SSDK_TMP/review.txt
# runs_on DEV: how many of the module's runs are on DEV or on a file.
runs_on() { "$SSDK_CLI" -j ctl list | $JGET - "len([r for r in j if r['target'] in ('$1', '$D1/.mnt/ssdk-review.dat')])"; }
whole() {
	local kept

	kept=$(runs_on "$nvme")
	review "$SSDK_TMP/quick.ini" --fs $fs --scale quick --out "$D1" --allow-write -q >"$text" &&
		check review_ended "$D1/review.json" done $steps &&
		# the steps' runs are in their files, not kept in the module
		[ "$(runs_on "$nvme")" = "$kept" ]
}
ktap_check "a review of raw, $fs runs end to end, every step done and whole, no run left in the module" \
	whole
ktap_check "the summary's rows are the runs' own" check review_rows_are_runs "$D1/review.json"
ktap_check "raw steps: the runs' IOs are the requests the disk counted" \
	check review_diskstats "$D1/review.json"

# The directory: the suite as run, the conditions, a file per measuring
# step, the summary as CSV that a real parser reads (a row per run and op).
directory() {
	[ "$(cat "$D1/suite.ini")" = "$(cat "$SSDK_TMP/quick.ini")" ] &&
		$JGET "$D1/conditions.json" '[f["name"] for f in j["filesystems"]]' | grep -q "xfs" &&
		[ "$(ls "$D1"/[0-9]*.json | wc -l)" = $((2 + 2 * nfs)) ] &&
		python3 -c '
import csv, json, sys
rows = list(csv.DictReader(open(sys.argv[1])))
rec = json.load(open(sys.argv[2]))
assert len(rows) == len(rec["rows"]), (len(rows), len(rec["rows"]))
assert all(r["state"] == "done" and int(r["ios"]) > 0 for r in rows), rows
' "$D1/summary.csv" "$D1/review.json"
}
ktap_check "the directory: suite.ini, conditions.json, a file per step, summary.csv" directory
ktap_check "the summary compares raw with each filesystem" \
	grep -qE "^randread +4k +4( +[0-9.]+\*?){$((1 + nfs))}$" "$text"

# Refused before anything is done: nothing written to the disk (the
# filesystems' tools read it in their dry runs), its first MiB unchanged,
# no directory made, the step named.
first_mib() { dd if="$nvme" bs=1M count=1 iflag=direct status=none | sha256sum; }
refused() {
	local want=$1 pattern=$2 sum

	shift 2
	sum=$(first_mib)
	writes_kept "$nvme" expect_fail_quiet "$want" "$pattern" "$@" &&
		[ "$(first_mib)" = "$sum" ] && [ ! -e "$SSDK_TMP/refused" ]
}
suite "$SSDK_TMP/deep.ini" '/^\[formatted: 4k random write\]/,$s/^iodepth=4/iodepth=100000/'
suite "$SSDK_TMP/past.ini" 's/^span=32m/span=32g/'
suite "$SSDK_TMP/big.ini" 's/^file-size=32m/file-size=32g/'
# no span: at quick scale, 1 GiB, which the 16 MiB file cannot hold
suite "$SSDK_TMP/small.ini" '/^span=32m/d; s/^file-size=32m/file-size=16m/'
refusals() {
	refused 1 "step 5 \[formatted: 4k random write\] on ext4: .*iodepth" \
		review "$SSDK_TMP/deep.ini" --fs $fs --out "$SSDK_TMP/refused" --allow-write &&
		refused 1 "step 1 \[raw: 4k random read\]: .*span" \
			review "$SSDK_TMP/past.ini" --fs ext4 --out "$SSDK_TMP/refused" --allow-write &&
		refused 1 "file-size=32g is not below the size" \
			review "$SSDK_TMP/big.ini" --fs ext4 --out "$SSDK_TMP/refused" --allow-write &&
		refused 1 "step 4 \[formatted: 4k random read\]: its span \(1073741824 bytes\) is past the end of the ext4 test file \(16777216 bytes\)" \
			review "$SSDK_TMP/small.ini" --fs ext4 --scale quick --out "$SSDK_TMP/refused" \
			--allow-write &&
		refused 2 "no mkfs.ext4 in PATH" env PATH=/usr/bin:/bin \
			"$SSDK_CLI" review "$SSDK_TMP/quick.ini" --target "$nvme" --out "$SSDK_TMP/refused" \
			--allow-write
}
ktap_check "an impossible step (too deep, past the disk, a file past it, past the file, no mkfs) is refused first, named" \
	refusals
# A module of one run: a compare at two depths keeps two until its step ends.
room() {
	local rc

	ssdk_unload && ssdk_load max_runs=1 || return 1
	refused 1 "keeps 0 runs of its 1, and a step needs 2" \
		review "$SSDK_TMP/quick.ini" --fs ext4 --out "$SSDK_TMP/refused" --allow-write
	rc=$?
	ssdk_unload && ssdk_load && return $rc
}
ktap_check "a review the module has no room for is refused first" room
suite "$SSDK_TMP/raw.ini" '/^\[filesystem\]/,$d'
consent() {
	refused 1 "step 2 \[raw: 4k random write\]: .*allow-write" \
		review "$SSDK_TMP/raw.ini" --out "$SSDK_TMP/refused" &&
		refused 2 "makes ext4 on .*allow-write" \
			review "$SSDK_TMP/quick.ini" --out "$SSDK_TMP/refused"
}
ktap_check "writes without consent are refused first, named; filesystems likewise" consent
dry_run() {
	writes_kept "$nvme" review "$SSDK_TMP/quick.ini" --fs $fs --dry-run --allow-write -q |
		grep -E "dry run: $((3 + 3 * nfs)) runs checked, none started, nothing written; [0-9]+ s of runs$"
}
ktap_check "--dry-run checks every step and writes nothing" dry_run

# Stopped among the filesystem's steps (raw and ext4 only here), then
# resumed: the filesystem made again, the steps done kept as they were.
D2=$SSDK_TMP/resumed
stop_resume() {
	local pid n=0 rc first

	# the program itself in the background, not a function's subshell
	"$SSDK_CLI" review "$SSDK_TMP/quick.ini" --target "$nvme" --runtime 3s --fs ext4 \
		--scale quick --out "$D2" --allow-write -q >/dev/null &
	pid=$!
	# Step 3 is the first filesystem: stop in the step after it, once its
	# run is going (the module's runs of steps 1 and 2 are deleted by
	# then). A fixed wait after step 3 let step 4's run of 1 s end first
	# under make check's load, once on 6.12.
	until [ -f "$D2/review.json" ] &&
		[ "$($JGET "$D2/review.json" 'j["steps"][2]["state"]')" = done ] &&
		[ "$("$SSDK_CLI" -j ctl list | $JGET - 'sum(r["state"] == "running" for r in j)')" = 1 ] ||
		[ $n -ge 600 ]; do
		nap 0.1
		n=$((n + 1))
	done
	interrupt "$pid" 0
	rc=$?
	echo "stopped: exit $rc"
	[ $rc = 130 ] && check review_ended "$D2/review.json" stopped 3 || return 1
	grep -q "$D2/.mnt" /proc/mounts && { echo "left mounted"; return 1; }
	# a step stopped keeps what it measured in its file
	[ "$($JGET "$D2/review.json" 'j["steps"][3]["state"]')" != stopped ] ||
		[ -s "$D2/04-formatted-4k-random-read-ext4.json" ] || { echo "no stopped step's file"; return 1; }
	first=$(sha256sum <"$D2/01-raw-4k-random-read.json")
	"$SSDK_CLI" review --resume "$D2" --allow-write -q >/dev/null || return 1
	check review_ended "$D2/review.json" done 5 &&
		check review_rows_are_runs "$D2/review.json" &&
		[ "$(sha256sum <"$D2/01-raw-4k-random-read.json")" = "$first" ] &&
		# the steps, files and rows of the whole review's raw and ext4 steps
		[ "$($JGET "$D2/review.json" '[(s["name"], s["fs"], s["file"]) for s in j["steps"]], len(j["rows"])')" = \
		  "$($JGET "$D1/review.json" '[(s["name"], s["fs"], s["file"]) for s in j["steps"][:5]], len([r for r in j["rows"] if r["step"] <= 5])')" ]
}
ktap_check_logic "Ctrl-C keeps what is done; --resume continues at the next step and ends as a whole review" \
	stop_resume

ktap_done
