# SPDX-License-Identifier: GPL-2.0
# Helpers of ssdk's shell selftests (ssdk_module.sh: loading and
# unloading the module, where shell is the natural tool). The Python
# selftests have theirs in lib/py/. They run as root inside a test VM
# (scripts/vm-run), or on a real machine with ssdk.ko at hand.

SELFTESTS_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
SSDK_REPO=${SSDK_REPO:-$(cd "$SELFTESTS_DIR/.." && pwd)}
SSDK_CACHE=${SSDK_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/ssdk}
SSDK_CLI=${SSDK_CLI:-$SSDK_REPO/userspace/ssdk}
YNL_CLI=$SSDK_CACHE/src/linux-6.12/tools/net/ynl/cli.py

. "$SELFTESTS_DIR/lib/ktap.sh"

# The module for the running kernel: the one the VM runner built, or
# the one `make` builds for the running kernel.
ssdk_ko() {
	local ko

	for ko in "$SSDK_REPO/build/${SSDK_KERNEL:-none}/kmod/ssdk.ko" \
		"$SSDK_REPO/build/host-$(uname -r)/kmod/ssdk.ko" \
		"$SSDK_REPO/kmod/ssdk.ko"; do
		[ -r "$ko" ] && { echo "$ko"; return 0; }
	done
	return 1
}

ssdk_loaded() { [ -d /sys/module/ssdk ]; }

ssdk_unload() {
	ssdk_loaded || return 0
	rmmod ssdk
}

require_root() {
	[ "$(id -u)" = 0 ] || ktap_skip_all "needs root"
}

# expect_fail_quiet STATUS PATTERN COMMAND...: COMMAND exits with STATUS
# and its output (stdout and stderr) matches the extended regex PATTERN.
expect_fail_quiet() {
	local want=$1 pattern=$2 out rc

	shift 2
	out=$("$@" 2>&1)
	rc=$?
	echo "exit $rc, output: $out"
	[ "$rc" = "$want" ] && printf '%s' "$out" | grep -qE -e "$pattern"
}

# Whether the kernel knows the generic netlink family NAME, asked of the
# kernel's nlctrl family with its ynl (not through ssdk's own tools).
genl_family_exists() {
	/usr/bin/python3 "$YNL_CLI" --no-schema \
		--spec "${YNL_CLI%/tools/net/ynl/cli.py}/Documentation/netlink/specs/nlctrl.yaml" \
		--do getfamily --json "{\"family-name\": \"$1\"}" >/dev/null 2>&1
}
