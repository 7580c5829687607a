#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# ssdk-selftest: vm=main kernels=all time=45
#
# The module loads and unloads cleanly, registers its generic netlink
# family while loaded and nothing once unloaded.

. "$(dirname "$0")/lib/ssdk.sh"
require_root
ko=$(ssdk_ko) || ktap_skip_all "no ssdk.ko for $(uname -r)"

cycles() {
	local i

	for i in $(seq 20); do
		insmod "$ko" || return 1
		rmmod ssdk || return 1
	done
}

# The bare build, the benchmark's baseline (scripts/kmake --bare; make
# check builds it for the default kernel): another module, ssdk_bare, that
# modprobe never takes for the family and that libssdk refuses to run
# unless told; ssdk.ko loads again after it.
bko=$SSDK_REPO/build/${SSDK_KERNEL:-none}-bare/kmod/ssdk_bare.ko
bare() {
	modinfo -F alias "$bko" | grep . && { echo "ssdk_bare.ko has aliases"; return 1; }
	insmod "$bko" || return 1
	[ -d /sys/module/ssdk_bare ] && ! ssdk_loaded || { echo "not loaded as ssdk_bare"; return 1; }
	"$SSDK_CLI" -j ctl info | grep -q '"bare"' || { echo "info has no cap bare"; return 1; }
	modprobe null_blk nr_devices=1 gb=1 || return 1
	expect_fail_quiet 1 "the loaded module is ssdk_bare, the benchmark's baseline that records nothing" \
		"$SSDK_CLI" ctl run -q --target /dev/nullb0 --ios 10 || return 1
	SSDK_ALLOW_BARE=1 "$SSDK_CLI" ctl run -q --target /dev/nullb0 --ios 10 >/dev/null || return 1
	"$SSDK_CLI" -j ctl list | grep -q '"state": "done"' || return 1
	rmmod ssdk_bare && rmmod null_blk || return 1
}

ktap_plan 8
ssdk_unload
ktap_check "insmod" insmod "$ko"
ktap_check "family ssdk registered" genl_family_exists ssdk
ktap_check "version in sysfs is the build's" \
	test "$(cat /sys/module/ssdk/version)" = "$(modinfo -F version "$ko")"
ktap_check "rmmod" rmmod ssdk
ktap_check "family ssdk gone after rmmod" eval '! genl_family_exists ssdk'
ktap_check "20 insmod/rmmod cycles" cycles
if [ -r "$bko" ]; then
	ktap_check "the bare build: ssdk_bare, no alias, cap bare, runs refused unless SSDK_ALLOW_BARE=1" bare
else
	ktap_skip "the bare build" "none for this kernel (scripts/kmake --bare; make check builds the default kernel's)"
fi
ktap_check "insmod again" insmod "$ko"
ktap_done
