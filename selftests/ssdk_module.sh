#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
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

ktap_plan 7
ssdk_unload
ktap_check "insmod" insmod "$ko"
ktap_check "family ssdk registered" genl_family_exists ssdk
ktap_check "version in sysfs is the build's" \
	test "$(cat /sys/module/ssdk/version)" = "$(modinfo -F version "$ko")"
ktap_check "rmmod" rmmod ssdk
ktap_check "family ssdk gone after rmmod" eval '! genl_family_exists ssdk'
ktap_check "20 insmod/rmmod cycles" cycles
ktap_check "insmod again" insmod "$ko"
ktap_done
