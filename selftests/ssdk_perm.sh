#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Every operation needs CAP_NET_ADMIN: an unprivileged user, and root
# without that capability, are refused with a clear message.

. "$(dirname "$0")/lib/ssdk.sh"
require_root
ssdk_load || ktap_skip_all "cannot load ssdk.ko"
command -v setpriv >/dev/null || ktap_skip_all "no setpriv"

as_nobody() { setpriv --reuid=65534 --regid=65534 --clear-groups "$@"; }
without_net_admin() { setpriv --inh-caps=-net_admin --bounding-set=-net_admin "$@"; }

# nobody cannot read root's cache: give ynl a world-readable copy.
ynl_copy=$(mktemp -d /tmp/ssdk-ynl.XXXXXX)
cp -r "$(dirname "$YNL_CLI")" "$ynl_copy/ynl" && cp "$SSDK_SPEC" "$ynl_copy/ssdk.yaml"
chmod -R a+rX "$ynl_copy"

ktap_plan 4
ktap_check "root may call info-get" "$SSDK_CLI" ctl info
expect_fail "nobody is refused" 1 "CAP_NET_ADMIN" as_nobody "$SSDK_CLI" ctl info
expect_fail "root without CAP_NET_ADMIN is refused" 1 "CAP_NET_ADMIN" \
	without_net_admin "$SSDK_CLI" ctl info
expect_fail "nobody is refused through ynl too" 1 "Operation not permitted|EPERM|-1" \
	as_nobody /usr/bin/python3 "$ynl_copy/ynl/cli.py" --spec "$ynl_copy/ssdk.yaml" --no-schema \
	--do info-get
rm -rf "$ynl_copy"
ktap_done
