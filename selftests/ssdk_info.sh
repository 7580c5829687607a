#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# ssdk-selftest: vm=main kernels=all time=20
#
# `ssdk ctl info` reports what the module says about itself, and each
# value agrees with what the kernel says elsewhere.

. "$(dirname "$0")/lib/ssdk.sh"
ssdk_setup

json=$("$SSDK_CLI" ctl info -j 2>&1)
field() { printf '%s' "$json" | jget - "j['$1']"; }

caps_agree() {
	# High resolution timers and a 1 ns clock resolution go together.
	local res caps

	res=$(field clock_res_ns) && caps=$(field caps) || return 1
	if [ "$res" = 1 ]; then
		[[ $caps == *highres-timers* ]]
	else
		[[ $caps != *highres-timers* ]]
	fi
}

ktap_plan 9
ktap_check "ctl info exits 0" "$SSDK_CLI" ctl info
ktap_check "text shows the kernel release" \
	eval '"$SSDK_CLI" ctl info | grep -qF "$(uname -r)"'
ktap_check "json parses" eval 'printf "%s" "$json" | /usr/bin/python3 -m json.tool'
ktap_check "kernel_release is uname -r" test "$(field kernel_release)" = "$(uname -r)"
ktap_check "cpus is the online CPU count" test "$(field cpus)" = "$(nproc)"
ktap_check "version is the module's" test "$(field version)" = "$(cat /sys/module/ssdk/version)"
ktap_check "family_version is 1" test "$(field family_version)" = 1
ktap_check "caps agree with clock resolution" caps_agree
ktap_check "-j before the command gives the same" \
	test "$("$SSDK_CLI" -j ctl info)" = "$json"
ktap_done
