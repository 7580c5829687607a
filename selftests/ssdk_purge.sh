#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# ssdk-selftest: vm=beside kernels=all time=125
#
# Purge runs (ssdk ctl purge), against ground truth: a span between two
# flanks of random data is purged; the span then reads back as zeros where
# the device guarantees it (null_blk memory-backed discard frees the
# pages; write-zeroes zeroes), the flanks hold what they held (sha256),
# and the block layer's own counters (/sys/block/*/stat) account for the
# span exactly. A method the device lacks, a purge without consent, of a
# mounted device, past the end or with IO options is refused and changes
# nothing. A purge stopped mid-way stops after its chunk, says how far it
# got, and the module unloads.

. "$(dirname "$0")/lib/ssdk.sh"
ssdk_setup_fresh
nullb_load nr_devices=0 || ktap_skip_all "no null_blk"

# flanks DEV OFF LEN: random data over [OFF - 1M, OFF + LEN + 1M); prints
# the sha256 of the two flanks.
flanks() {
	dd if=/dev/urandom of="$1" bs=1M seek=$(($2 / 1048576 - 1)) count=$(($3 / 1048576 + 2)) \
		oflag=direct status=none && flank_sums "$@"
}
flank_sums() {
	{
		dd if="$1" bs=1M skip=$(($2 / 1048576 - 1)) count=1 iflag=direct status=none
		dd if="$1" bs=1M skip=$((($2 + $3) / 1048576)) count=1 iflag=direct status=none
	} | sha256sum
}

# zeros DEV OFF LEN: [OFF, OFF + LEN) of DEV reads back as zeros.
zeros() {
	dd if="$1" bs=1M skip=$(($2 / 1048576)) count=$(($3 / 1048576)) iflag=direct status=none |
		cmp -s -n "$3" - /dev/zero
}

ktap_plan 23

nb=$(nullb_make ssdk-purge 256 memory_backed=1 discard=1) || ktap_bail "no configfs null_blk"
nvme=$(nvme_disk)
off=$((8 << 20)) len=$((16 << 20))

# discard on a memory-backed null_blk: zeros, flanks kept, 32768 sectors discarded.
purge_discard() {
	local sums d0 out=$SSDK_TMP/discard.json

	sums=$(flanks "$nb" $off $len) || return 1
	d0=$(blk_stat "$nb" 14)
	"$SSDK_CLI" -j ctl purge --target "$nb" --method discard --offset $off --span $len \
		--allow-write -q >"$out" || return 1
	check fields "$out" state=done config.purge=discard write.ios=1 write.bytes=$len &&
		zeros "$nb" $off $len && [ "$(flank_sums "$nb" $off $len)" = "$sums" ] &&
		[ "$(stat_delta "$nb" 14 "$d0")" = $((len / 512)) ]
}
ktap_check "discard of null_blk: the span reads zeros, the flanks kept, the discard counter exact" \
	purge_discard
runs_clear

# A span of no whole logical blocks: a null_blk of 4 KiB blocks, stamped
# sector by sector. At the limit (16 MiB + 4 KiB) the span alone changes,
# whole, and the discard counter says so; one 512-byte sector more or one
# byte more is refused naming span, and nothing changes. (A last chunk
# of part of a block failed in the block layer; on 512-byte blocks, a
# tail below a sector was counted but not purged.)
purge_blocks() {
	local dev d0 r rc=1 at=$((len + 4096)) out=$SSDK_TMP/blocks.json

	dev=$(nullb_make ssdk-purge4k 64 memory_backed=1 discard=1 blocksize=4096) || return 1
	if $PATTERN fill "$dev" && d0=$(blk_stat "$dev" 14) &&
		expect_fail_quiet 1 "span: a purge's, not a multiple of the target's logical block size" \
			"$SSDK_CLI" ctl purge --target "$dev" --method discard --offset $off \
			--span $((at + 512)) --allow-write &&
		expect_fail_quiet 1 "span: a purge's, not a multiple" "$SSDK_CLI" ctl purge \
			--target "$dev" --method discard --offset $off --span $((at + 1)) --allow-write &&
		expect_fail_quiet 1 "span: a purge's, not a multiple" "$SSDK_CLI" ctl purge \
			--target "$nb" --method discard --offset $off --span $((at + 1)) --allow-write &&
		r=$($PATTERN runs "$dev") && echo "after the refusals: $r" && jtest - "j == []" <<<"$r" &&
		[ "$(stat_delta "$dev" 14 "$d0")" = 0 ] &&
		"$SSDK_CLI" -j ctl purge --target "$dev" --method discard --offset $off --span $at \
			--allow-write -q >"$out" &&
		check fields "$out" state=done write.ios=1 write.bytes=$at &&
		r=$($PATTERN runs "$dev") && echo "after a purge of $at bytes: $r" &&
		jtest - "j == [[$off, $at]]" <<<"$r" &&
		[ "$(stat_delta "$dev" 14 "$d0")" = $((at / 512)) ]; then
		rc=0
	fi
	nullb_remove ssdk-purge4k
	return $rc
}
ktap_check "4 KiB blocks: a span of whole blocks purged exactly; 512 B or 1 B past refused (span:)" \
	purge_blocks
runs_clear

expect_fail "write-zeroes where the device has none" 1 \
	"purge: no write-zeroes: write_zeroes_max_bytes is 0" \
	stat_kept "$nb" "$SSDK_CLI" ctl purge --target "$nb" --method write-zeroes --allow-write
expect_fail "secure discard where the device has none" 1 \
	"purge: no secure discard: max_secure_erase_sectors is 0" \
	stat_kept "$nb" "$SSDK_CLI" ctl purge --target "$nb" --method secure-discard --allow-write
expect_fail "a purge without consent" 1 "purge: destroys the span's data: it needs allow-write" \
	stat_kept "$nb" "$SSDK_CLI" ctl purge --target "$nb" --method discard
expect_fail "a span past the end" 1 "span: goes beyond the end" \
	stat_kept "$nb" "$SSDK_CLI" ctl purge --target "$nb" --method discard --span 1g --allow-write
# The CLI takes no option of IO for a purge; the module refuses its attributes.
expect_fail "IO options with a purge: not purge's (the CLI)" 2 \
	"ctl purge: --rw does not apply to purge" \
	stat_kept "$nb" "$SSDK_CLI" ctl purge --target "$nb" --method discard --rw randwrite \
	--allow-write
expect_fail "IO attributes with a purge: refused by the module (ynl)" 1 \
	"not with purge: a purge covers its span once, in chunks" \
	stat_kept "$nb" ynl --do run-start --json \
	"{\"target\": \"$nb\", \"purge\": \"discard\", \"rw\": \"randwrite\", \"allow-write\": true}"
expect_fail "an unknown method" 2 "--method: 'trim' is none of discard, secure-discard, write-zeroes" \
	"$SSDK_CLI" ctl purge --target "$nb" --method trim --allow-write
expect_fail "--method is ssdk ctl purge's" 2 "ctl run: --method does not apply to run" \
	"$SSDK_CLI" ctl run --target "$nb" --method discard --runtime 1s
mounted() {
	local mnt=$SSDK_TMP/mnt rc

	brd_load 1 && mkfs.ext4 -q /dev/ram0 && mkdir -p "$mnt" && mount /dev/ram0 "$mnt" || return 9
	expect_fail_quiet 1 "target: in use" \
		"$SSDK_CLI" ctl purge --target /dev/ram0 --method discard --allow-write
	rc=$?
	umount "$mnt"
	return $rc
}
ktap_check "a mounted device is refused" mounted
ktap_check "no refused purge made a run" eval '[ "$(run_count)" = 0 ]'

# The emulated NVMe disk: write-zeroes zeroes the span and counts as writes of it.
nvme_zeroes() {
	local sums w0 out=$SSDK_TMP/zeroes.json

	[ -n "$nvme" ] || { echo "no NVMe disk"; return 1; }
	sums=$(flanks "$nvme" $off $len) || return 1
	w0=$(blk_stat "$nvme" 7)
	"$SSDK_CLI" -j ctl purge --target "$nvme" --method write-zeroes --offset $off --span $len \
		--allow-write -q >"$out" || return 1
	check fields "$out" state=done config.purge=write-zeroes write.bytes=$len &&
		zeros "$nvme" $off $len && [ "$(flank_sums "$nvme" $off $len)" = "$sums" ] &&
		[ "$(stat_delta "$nvme" 7 "$w0")" = $((len / 512)) ]
}
ktap_check "write-zeroes of the NVMe disk: zeros, the flanks kept, the written sectors exact" \
	nvme_zeroes
runs_clear

# Discard on the NVMe disk: the counter is exact; what the span then reads
# is the device's to say (QEMU's deallocate reads zeros: said, not asserted).
nvme_discard() {
	local d0

	[ -n "$nvme" ] || { echo "no NVMe disk"; return 1; }
	flanks "$nvme" $off $len >/dev/null || return 1
	d0=$(blk_stat "$nvme" 14)
	"$SSDK_CLI" ctl purge --target "$nvme" --method discard --offset $off --span $len \
		--allow-write -q >/dev/null || return 1
	[ "$(stat_delta "$nvme" 14 "$d0")" = $((len / 512)) ]
}
ktap_check "discard of the NVMe disk: the discard counter exact" nvme_discard
runs_clear
if [ -n "$nvme" ] && zeros "$nvme" $off $len; then
	ktap_diag "the NVMe disk reads zeros after a discard"
else
	ktap_diag "the NVMe disk does not read zeros after a discard"
fi

# Purges by the drive. QEMU's NVMe controller has Format NVM (user data
# erase, per namespace), neither its cryptographic erase nor Sanitize.
# stamp_places DEV: where a MiB of DEV is stamped: its start, middle, end.
# stamps DEV: random data there; stamp_sums DEV: their sha256.
stamp_places() {
	local size

	size=$(blockdev --getsize64 "$1")
	echo 0 $((size / 2)) $((size - 1048576))
}
stamps() {
	local at

	for at in $(stamp_places "$1"); do
		dd if=/dev/urandom of="$1" bs=1M seek=$((at >> 20)) count=1 oflag=direct status=none ||
			return 1
	done
}
stamp_sums() {
	local at

	for at in $(stamp_places "$1"); do
		dd if="$1" bs=1M skip=$((at >> 20)) count=1 iflag=direct status=none
	done | sha256sum
}

# nvme-format: the whole namespace reads zeros where it held data.
nvme_format() {
	local at lbs out=$SSDK_TMP/format.json

	[ -n "$nvme" ] || { echo "no NVMe disk"; return 1; }
	stamps "$nvme" || return 1
	lbs=$(blockdev --getss "$nvme")
	"$SSDK_CLI" -j ctl purge --target "$nvme" --method nvme-format --allow-write -q \
		>"$out" || return 1
	# The namespace's own format kept: its logical block size.
	[ "$(blockdev --getss "$nvme")" = "$lbs" ] || { echo "logical block size changed"; return 1; }
	$JGET "$out" 'j["steps"][0]["elapsed_ns"]'
	check fields "$out" purge=nvme-format state=done steps.0.state=done \
		steps.0.bytes="$(blockdev --getsize64 "$nvme")" || return 1
	for at in $(stamp_places "$nvme"); do
		zeros "$nvme" "$at" 1048576 || { echo "not zeros at $at"; return 1; }
	done
}
ktap_check "nvme-format of the NVMe disk: its start, middle and end read zeros" nvme_format

# nvme_unchanged COMMAND...: COMMAND's exit status, or 99 when the NVMe
# disk's stamped places changed while it ran.
nvme_unchanged() {
	local before rc

	stamps "$nvme" && before=$(stamp_sums "$nvme") || return 98
	"$@"
	rc=$?
	[ "$(stamp_sums "$nvme")" = "$before" ] || { echo "the disk changed"; return 99; }
	return $rc
}
expect_fail "nvme-sanitize-block where the controller has no Sanitize" 1 \
	"nvme-sanitize-block: no sanitize block erase: the controller's SANICAP is 0" \
	nvme_unchanged "$SSDK_CLI" ctl purge --target "$nvme" --method nvme-sanitize-block \
	--allow-write
expect_fail "nvme-format-crypto where Format NVM has no cryptographic erase" 1 \
	"nvme-format-crypto: no cryptographic erase: the controller's FNA bit 2 is 0" \
	nvme_unchanged "$SSDK_CLI" ctl purge --target "$nvme" --method nvme-format-crypto \
	--allow-write
expect_fail "nvme-format of what is no NVMe namespace" 1 "nvme-format: $nb is not an NVMe namespace" \
	stat_kept "$nb" "$SSDK_CLI" ctl purge --target "$nb" --method nvme-format --allow-write
expect_fail "nvme-format of a span" 2 "span: not with nvme-format, which erases the whole namespace" \
	nvme_unchanged "$SSDK_CLI" ctl purge --target "$nvme" --method nvme-format --span 1g \
	--allow-write
expect_fail "nvme-format without consent" 1 "nvme-format: destroys the whole namespace's data: it needs --allow-write" \
	nvme_unchanged "$SSDK_CLI" ctl purge --target "$nvme" --method nvme-format
nvme_mounted() {
	local mnt=$SSDK_TMP/mnt-nvme rc

	mkfs.ext4 -q -F "$nvme" && mkdir -p "$mnt" && mount "$nvme" "$mnt" || return 9
	expect_fail_quiet 1 "target: $nvme: in use \(mounted or held\)" \
		"$SSDK_CLI" ctl purge --target "$nvme" --method nvme-format --allow-write
	rc=$?
	# Still the filesystem it was: the format never ran.
	umount "$mnt" && fsck.ext4 -n "$nvme" >/dev/null 2>&1 || { echo "the filesystem is gone"; return 99; }
	return $rc
}
ktap_check "nvme-format of a mounted namespace is refused, its filesystem kept" nvme_mounted

# 64 GiB (memory-backed, but nothing written: nothing allocated) behind
# dm-delay of 100 ms a bio: 64 chunks of 1 GiB, from some 100 ms to
# seconds each as kernels split a discard, stopped once the first is
# done: the run ends stopped, says how far it got in whole chunks, and the
# module unloads.
stopped() {
	local big id= n=0 out=$SSDK_TMP/stopped.json

	big=$(nullb_make ssdk-purge-big 65536 memory_backed=1 discard=1) || return 1
	dm_delay ssdk-purge-slow "$big" 100 || return 1
	"$SSDK_CLI" -j ctl purge --target /dev/mapper/ssdk-purge-slow --method discard \
		--allow-write -q >"$out" &
	while [ $n -lt 300 ]; do
		nap 0.1
		n=$((n + 1))
		id=$("$SSDK_CLI" -j ctl list |
			$JGET - '" ".join(str(r["id"]) for r in j if r["state"] == "running" and r["completed"] >= 1)')
		[ -n "$id" ] && break
	done
	within 60 "$SSDK_CLI" ctl stop "$id" >/dev/null
	wait
	$JGET "$out" '(j["state"], j["write"]["ios"], j["write"]["bytes"], j["write"]["errors"], j["elapsed_ns"])'
	check fields "$out" state=stopped write.errors=0 && jtest "$out" \
		'1 <= j["write"]["ios"] < 64 and j["write"]["bytes"] == j["write"]["ios"] << 30'
}
ktap_check "a purge stopped mid-way: stopped after its chunk, whole chunks counted" stopped
runs_clear
dmsetup remove ssdk-purge-slow 2>/dev/null
ktap_check "the module unloads after a stopped purge" eval 'ssdk_unload && ssdk_load'

nullb_remove ssdk-purge ssdk-purge-big
ktap_done
