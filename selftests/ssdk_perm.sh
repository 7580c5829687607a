#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# ssdk-selftest: vm=main kernels=all time=120
#
# Every operation needs CAP_NET_ADMIN, and those that change anything
# (start, stop, delete) CAP_SYS_ADMIN too: an unprivileged user, root
# without either capability, and a non-root user granted CAP_NET_ADMIN
# alone are refused with a clear message, and nothing changes. The check
# is on the socket's opener too, not only on its user (netlink_capable(),
# the lesson of CVE-2014-0181): a socket opened without CAP_SYS_ADMIN and
# handed to a process that has it changes nothing, and neither does one
# whose process dropped the capability after opening it. A raw device
# is opened as its caller would open its node: root without
# CAP_DAC_OVERRIDE is refused a node whose mode denies it, and may use
# it once the mode allows, whether /dev/nullb0 or a node made with mknod.

. "$(dirname "$0")/lib/ssdk.sh"
ssdk_setup nr_devices=1 irqmode=0 gb=1
command -v setpriv >/dev/null || ktap_skip_all "no setpriv"

without_net_admin() { setpriv --inh-caps=-net_admin --bounding-set=-net_admin "$@"; }
without_sys_admin() { setpriv --inh-caps=-sys_admin --bounding-set=-sys_admin "$@"; }
# nobody, with CAP_NET_ADMIN kept through the change of user (ambient).
nobody_net_admin() {
	setpriv --reuid=65534 --regid=65534 --clear-groups --inh-caps=+net_admin \
		--ambient-caps=+net_admin "$@"
}

# nobody cannot read root's cache: give ynl a world-readable copy.
ynl_copy=$(mktemp -d /tmp/ssdk-ynl.XXXXXX)
cp -r "$(dirname "$YNL_CLI")" "$ynl_copy/ynl" && cp "$SSDK_SPEC" "$ynl_copy/ssdk.yaml" &&
	cp "$SELFTESTS_DIR/lib/ynl.py" "$ynl_copy/"
chmod -R a+rX "$ynl_copy"

ynl_nobody() {
	as_nobody /usr/bin/python3 "$ynl_copy/ynl.py" "$ynl_copy/ynl/cli.py" --spec "$ynl_copy/ssdk.yaml" \
		--no-schema "$@"
}

ktap_plan 29
ktap_check "root may call info-get" "$SSDK_CLI" ctl info
expect_fail "nobody is refused" 1 "CAP_NET_ADMIN" as_nobody "$SSDK_CLI" ctl info
expect_fail "root without CAP_NET_ADMIN is refused" 1 "CAP_NET_ADMIN" \
	without_net_admin "$SSDK_CLI" ctl info
expect_fail "nobody is refused through ynl too" 1 "Operation not permitted|EPERM|-1" \
	ynl_nobody --do info-get

# --- what changes runs needs CAP_SYS_ADMIN ------------------------------------------
id=$("$SSDK_CLI" -j ctl start --target /dev/nullb0 --runtime 1h | $JGET - 'j["id"]') ||
	ktap_bail "cannot start a run"
for who in as_nobody nobody_net_admin without_sys_admin; do
	want="CAP_SYS_ADMIN"
	[ $who = as_nobody ] && want="CAP_NET_ADMIN"
	expect_fail "$who: ctl start refused ($want)" 1 "$want" \
		$who "$SSDK_CLI" ctl start --target /dev/nullb0 --ios 10
	expect_fail "$who: ctl stop refused ($want)" 1 "$want" $who "$SSDK_CLI" ctl stop "$id"
	expect_fail "$who: ctl delete refused ($want)" 1 "$want" $who "$SSDK_CLI" ctl delete "$id"
done
ktap_check "without CAP_SYS_ADMIN, reading is allowed: info, list, status" \
	eval 'without_sys_admin "$SSDK_CLI" ctl info >/dev/null &&
		nobody_net_admin "$SSDK_CLI" ctl list >/dev/null &&
		nobody_net_admin "$SSDK_CLI" ctl status "$id" >/dev/null'
for req in "run-start {\"target\": \"/dev/nullb0\", \"ios\": 10}" \
	"run-stop {\"id\": $id}" "run-del {\"id\": $id}"; do
	expect_fail "nobody through ynl: ${req%% *} refused" 1 "Operation not permitted|EPERM|-1" \
		ynl_nobody --do "${req%% *}" --json "${req#* }"
done
opener() { /usr/bin/python3 "$SELFTESTS_DIR/lib/nl_opener.py" "$@"; }
expect_fail "opened without CAP_SYS_ADMIN, sent by root: run-stop refused" 1 \
	"EPERM: .*needs CAP_SYS_ADMIN" opener opener run-stop "$id"
expect_fail "opened without CAP_SYS_ADMIN, sent by root: run-del refused" 1 \
	"EPERM: .*needs CAP_SYS_ADMIN" opener opener run-del "$id"
expect_fail "opened by root, CAP_SYS_ADMIN dropped before sending: run-stop refused" 1 \
	"EPERM: .*needs CAP_SYS_ADMIN" opener dropped run-stop "$id"
ktap_check "and nothing changed: one run, still running" \
	eval '[ "$(run_count)" = 1 ] && "$SSDK_CLI" -j ctl status "$id" | jtest - "j[\"state\"] == \"running\""'
ktap_check "the same request, opened and sent by root: the run stops" \
	eval 'opener root run-stop "$id" && "$SSDK_CLI" ctl wait "$id" &&
		[ "$(run_state "$id")" = stopped ]'
"$SSDK_CLI" ctl delete "$id"

# --- the device node's permissions ---------------------------------------------------
# Root without the capabilities that bypass file permissions, with
# CAP_SYS_ADMIN and CAP_NET_ADMIN kept: the node's mode decides.
without_dac() {
	setpriv --inh-caps=-dac_override,-dac_read_search \
		--bounding-set=-dac_override,-dac_read_search "$@"
}
mkdir -p "$SSDK_TMP/nodes"
mknod "$SSDK_TMP/nodes/nb" b "$(cut -d: -f1 /sys/block/nullb0/dev)" \
	"$(cut -d: -f2 /sys/block/nullb0/dev)" || ktap_bail "cannot mknod"
mode0=$(stat -c '%a %u:%g' /dev/nullb0)
for node in /dev/nullb0 "$SSDK_TMP/nodes/nb"; do
	chown 65534:65534 "$node" && chmod 0600 "$node" || ktap_bail "cannot chmod $node"
	expect_fail "without CAP_DAC_OVERRIDE, $node of mode 0600 (nobody's): a read run refused" 1 \
		"target: permission denied: .* for reading" without_dac "$SSDK_CLI" ctl run -q --ios 10 --target "$node"
	chmod 0604 "$node"
	ktap_check "mode 0604: the same caller's read run goes" \
		without_dac "$SSDK_CLI" ctl run -q --ios 10 --target "$node"
	expect_fail "mode 0604: the same caller's write run refused" 1 \
		"target: permission denied: .* for writing" \
		without_dac "$SSDK_CLI" ctl run -q --ios 10 --rw randwrite --allow-write --target "$node"
done
ktap_check "root with every capability: a write run on the node of mode 0604 goes" \
	"$SSDK_CLI" ctl run -q --ios 10 --target "$SSDK_TMP/nodes/nb" --rw randwrite --allow-write
chmod "${mode0%% *}" /dev/nullb0 && chown "${mode0#* }" /dev/nullb0
rm -rf "$ynl_copy"
rmmod null_blk
ktap_done
