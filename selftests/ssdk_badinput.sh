#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# ssdk-selftest: vm=main kernels=all time=80
#
# Bad input is refused with a message that says what is wrong, and
# nothing happens: no run is created and no IO reaches any device (the
# block layer's own counters stay put).

. "$(dirname "$0")/lib/ssdk.sh"
# 4 KiB logical blocks, to refuse 512-byte IOs.
ssdk_setup nr_devices=1 irqmode=0 gb=1 bs=4096
brd_load 1 8 || ktap_skip_all "no brd"
command -v mkfs.ext4 >/dev/null || ktap_skip_all "no mkfs.ext4"
# A filesystem on ram0, mounted read-only so that no journal IO moves
# the counters.
mkdir -p "$SSDK_TMP/mnt"
mkfs.ext4 -q /dev/ram0 && mount -o ro /dev/ram0 "$SSDK_TMP/mnt" || ktap_skip_all "cannot mount ext4 on brd"

io_total() {
	local d

	for d in nullb0 ram0; do
		awk '{ printf "%s ", $1 + $5 }' "/sys/block/$d/stat"
	done
}
before=$(io_total)
nb=/dev/nullb0
run() { "$SSDK_CLI" ctl run -q --ios 10 "$@"; }

ktap_plan 67

# --- the target ----------------------------------------------------------------
expect_fail "a missing device" 1 "target: no such file" run --target /dev/nonexistent
touch "$SSDK_TMP/regular"
expect_fail "a regular file" 1 "target: not a block device" run --target "$SSDK_TMP/regular"
expect_fail "a directory" 1 "target: not a block device" run --target /tmp
expect_fail "a character device" 1 "target: not a block device" run --target /dev/null
# kfile: the kind is checked on the path's inode before anything is
# opened (O_PATH), and that inode is what is opened then: a FIFO answers
# at once, never waits for a writer; a character device is not opened.
mkfifo "$SSDK_TMP/fifo"
expect_fail "kfile: a FIFO, refused at once" 1 "target: a FIFO, not opened" \
	within 10 "$SSDK_CLI" ctl run -q --ios 10 --engine kfile --buffered --target "$SSDK_TMP/fifo"
expect_fail "kfile: a character device (/dev/null), refused" 1 "target: a character device, not opened" \
	within 10 "$SSDK_CLI" ctl run -q --ios 10 --engine kfile --buffered --target /dev/null
# The target swapped between a file and a FIFO while the module checks
# it, 300 times (lib/swap_race.py): each check answers within 5 s.
mkdir "$SSDK_TMP/swap"
ktap_check "kfile: a target swapped between a file and a FIFO: every check answers" \
	/usr/bin/python3 "$SELFTESTS_DIR/lib/swap_race.py" "$SSDK_TMP/swap" 300

# --- sizes against the device ---------------------------------------------------
expect_fail "bs not a multiple of the logical block size (4096)" 1 \
	"bs: not a multiple of the target's logical block size" run --target $nb --bs 512
expect_fail "bs not a multiple of 512" 1 "bs: not a multiple of 512" run --target $nb --bs 1000
expect_fail "bs above 1 MiB" 1 "bs: more than 1 MiB" run --target $nb --bs 2m
expect_fail "bs below 512" 1 "bs: .*range" run --target $nb --bs 256
expect_fail "span beyond the device" 1 "span: goes beyond the end" run --target $nb --span 2g
expect_fail "offset+span beyond the device" 1 "span: goes beyond the end" \
	run --target $nb --offset 512m --span 768m
expect_fail "offset beyond the device" 1 "offset: at or beyond the end" run --target $nb --offset 1g
expect_fail "QD 0" 1 "iodepth: .*range.*1\.\.1024" run --target $nb --iodepth 0
expect_fail "QD 100000" 1 "iodepth: .*range.*1\.\.1024" run --target $nb --iodepth 100000
expect_fail "a CPU that is not online" 1 "cpu: not an online CPU" run --target $nb --cpu 4095

# --- writes ----------------------------------------------------------------------
expect_fail "writes without --allow-write" 1 "rw: writing destroys the target's data: it needs allow-write" \
	"$SSDK_CLI" ctl run --target $nb --rw randwrite --ios 10
expect_fail "writes without allow-write (module, through ynl)" 1 "needs allow-write" \
	ynl --do run-start --json '{"target": "/dev/nullb0", "rw": "randwrite", "ios": 10}'
expect_fail "writes to a mounted filesystem's device" 1 "target: in use" \
	run --target /dev/ram0 --rw randwrite --allow-write
# Set read-only, a device is opened by number after its node: the block
# layer would only warn of each write (bio_check_ro()). Reads pass (a
# dry run: this file starts nothing).
blockdev --setro $nb
expect_fail "writes to a device set read-only (blockdev --setro): refused, nothing written" 1 \
	"target: read-only device" writes_kept $nb run --target $nb --rw randwrite --allow-write
ktap_check "reads of a device set read-only pass the module's checks (a dry run)" \
	run --target $nb --dry-run
blockdev --setrw $nb

# --- the CLI's own checks -----------------------------------------------------------
expect_fail "no limit: neither --runtime, --rounds nor --ios" 2 "--runtime, --rounds or --ios" \
	"$SSDK_CLI" ctl run --target $nb
expect_fail "an unknown --rw" 2 "--rw: 'rw' is none of" run --target $nb --rw rw
expect_fail "a malformed size" 2 "--bs: '4q' is not a size" run --target $nb --bs 4q
expect_fail "a malformed duration" 2 "--runtime: '1x' is not a duration" \
	"$SSDK_CLI" ctl run --target $nb --runtime 1x
expect_fail "a run id that does not exist" 1 "no run with this id" "$SSDK_CLI" ctl status 4242

# --- access specifications: the module decides, the CLI says it as it came --------
expect_fail "--rwmixread without a mix" 1 "rwmixread: only for randrw and readwrite" \
	run --target $nb --rwmixread 70
expect_fail "--rwmixread 101" 1 "rwmixread: .*range.*0\.\.100" \
	run --target $nb --rw randrw --rwmixread 101 --allow-write
expect_fail "--bssplit not adding up to 100" 1 "bs-split: the percentages do not add up to 100" \
	run --target $nb --bssplit 4k/50:8k/40
expect_fail "--bs with --bssplit" 1 "bs: not with bs-split" run --target $nb --bs 4k --bssplit 4k/100
expect_fail "--pattern unknown" 2 "--pattern: 'ones' is none of" \
	run --target $nb --rw write --pattern ones --allow-write
expect_fail "--pattern repeat:256" 1 "pattern-byte: .*range.*0\.\.255" \
	run --target $nb --rw write --pattern repeat:256 --allow-write
expect_fail "--pattern on a run that only reads" 1 "pattern: the run does not write" \
	run --target $nb --pattern zeros
expect_fail "--open-loop without --rate-iops" 1 "arrivals: only with rate-iops" \
	run --target $nb --open-loop
expect_fail "--rate-iops 0" 1 "rate-iops: .*range" run --target $nb --rate-iops 0
expect_fail "--stride on random IO" 1 "stride: only for sequential runs" run --target $nb --stride 8k
expect_fail "--align 0" 1 "align: .*range.*512\.\." run --target $nb --align 0
expect_fail "--workers 0" 1 "workers: .*range" run --target $nb --workers 0
expect_fail "--cpus with a backward range" 2 "--cpus: '3-1' is not a list" run --target $nb --cpus 3-1
expect_fail "an unknown --profile" 2 "no profile 'nope'" run --target $nb --profile nope
expect_fail "a sweep's profile for run" 2 "is for ssdk ctl sweep" \
	run --target $nb --profile tomshardware-qd-randread
expect_fail "sweep without a list of iodepths" 2 "--iodepth N,N,... is needed" \
	"$SSDK_CLI" ctl sweep --target $nb --ios 10
expect_fail "sweep with a malformed list" 2 "--iodepth: '1,,x' is not a list" \
	"$SSDK_CLI" ctl sweep --target $nb --ios 10 --iodepth 1,,x
expect_fail "align-offset not below align (module)" 1 "align-offset: not below align" \
	run --target $nb --align 4k --align-offset 4k
expect_fail "align not a multiple of the logical block size (module)" 1 \
	"align: not a multiple of the target's logical block size" run --target $nb --align 6k
expect_fail "a bssplit size not a multiple of the logical block size (module)" 1 \
	"bs: not a multiple of the target's logical block size" run --target $nb --bssplit 4k/50:6k/50
expect_fail "a span too small for align-offset plus bs (module)" 1 \
	"span: smaller than align-offset plus the largest block" \
	run --target $nb --span 8k --align 8k --align-offset 4k --bs 8k
expect_fail "rwmixread without a mix (module, through ynl)" 1 "rwmixread: only for randrw" \
	ynl --do run-start --json '{"target": "/dev/nullb0", "rwmixread": 70, "ios": 10}'
expect_fail "pattern-byte without the repeat pattern (module, through ynl)" 1 \
	"pattern-byte: goes with the repeat pattern" \
	ynl --do run-start --json '{"target": "/dev/nullb0", "rw": "randwrite", "allow-write": true, "pattern-byte": 7, "ios": 10}'
expect_fail "compress-pct 100 (module policy, through ynl)" 1 "out of range.*compress-pct" \
	ynl --do run-start --json '{"target": "/dev/nullb0", "rw": "randwrite", "allow-write": true, "pattern": "compressible", "compress-pct": 100, "ios": 10}'
expect_fail "arrivals without rate-iops (module, through ynl)" 1 "arrivals: only with rate-iops" \
	ynl --do run-start --json '{"target": "/dev/nullb0", "arrivals": "poisson", "ios": 10}'
expect_fail "bs-split not adding up to 100 (module, through ynl)" 1 "do not add up to 100" \
	ynl --do run-start --json '{"target": "/dev/nullb0", "bs-split": [{"bs": 4096, "pct": 60}], "ios": 10}'

# --- durations: max-duration-ns (365 days) at the limit and one past ------------------
MAXD=31536000000000000
# accepted NAME JSON: run-start with these attributes (a dry run) is accepted.
accepted() {
	local out

	if out=$(ynl --do run-start --json "{\"target\": \"/dev/nullb0\", \"dry-run\": true, $2}" 2>&1); then
		ktap_pass "$1"
	else
		ktap_fail "$1" "output: $out"
	fi
}
accepted "runtime-ns, ramp-ns, ts-interval-ns, capture-over-ns at max-duration-ns (dry run)" \
	"\"runtime-ns\": $MAXD, \"ramp-ns\": $MAXD, \"ts-interval-ns\": $MAXD, \"capture-over-ns\": $MAXD"
for a in runtime-ns ramp-ns ts-interval-ns capture-over-ns round-ns; do
	expect_fail "$a one past max-duration-ns (module policy, through ynl)" 1 "out of range.*$a" \
		ynl --do run-start --json "{\"target\": \"/dev/nullb0\", \"dry-run\": true, \"$a\": $((MAXD + 1))}"
done
accepted "rounds x round-ns = max-duration-ns (1000 x 8.76 h, dry run)" \
	"\"rounds\": 1000, \"round-ns\": $((MAXD / 1000)), \"ts-interval-ns\": $((MAXD / 1000))"
expect_fail "rounds x round-ns 1000 ns past max-duration-ns (module)" 1 \
	"rounds: rounds x round-ns is more than max-duration-ns" \
	ynl --do run-start --json "{\"target\": \"/dev/nullb0\", \"dry-run\": true, \"rounds\": 1000, \"round-ns\": $((MAXD / 1000 + 1)), \"ts-interval-ns\": $((MAXD / 1000 + 1))}"
expect_fail "rounds x round-ns past 2^64 (module)" 1 \
	"rounds: rounds x round-ns is more than max-duration-ns" \
	ynl --do run-start --json "{\"target\": \"/dev/nullb0\", \"dry-run\": true, \"rounds\": 1000, \"round-ns\": $MAXD, \"ts-interval-ns\": $MAXD}"
expect_fail "--runtime 8760h (the limit): accepted by the CLI and the module (dry run)" 0 \
	"1 run checked, none started" "$SSDK_CLI" ctl run --target $nb --runtime 8760h --ramp 8760h \
	--dry-run
expect_fail "--runtime 8761h: the CLI says the limit in hours" 2 \
	"--runtime: '8761h' is more than 8760h, the longest it takes" run --target $nb --runtime 8761h
expect_fail "--ramp one ns past the limit: the CLI, exactly" 2 \
	"--ramp: '$((MAXD + 1))ns' is more than 8760h" run --target $nb --ramp $((MAXD + 1))ns

# --- who may ---------------------------------------------------------------------
expect_fail "nobody may not start a run" 1 "CAP_NET_ADMIN" as_nobody "$SSDK_CLI" ctl run --target $nb --ios 10

nothing_happened() {
	local after n

	after=$(io_total)
	n=$(run_count)
	echo "IOs before $before, after $after; runs kept: $n"
	[ "$after" = "$before" ] && [ "$n" = 0 ]
}
ktap_check "no run was created and no IO reached a device" nothing_happened

umount "$SSDK_TMP/mnt"
rmmod brd null_blk
ktap_done
