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

ktap_plan 4
ktap_check "root may call info-get" "$SSDK_CLI" ctl info
expect_fail "nobody is refused" 1 "CAP_NET_ADMIN" as_nobody "$SSDK_CLI" ctl info
expect_fail "root without CAP_NET_ADMIN is refused" 1 "CAP_NET_ADMIN" \
	without_net_admin "$SSDK_CLI" ctl info
expect_fail "nobody is refused through ynl too" 1 "Operation not permitted|EPERM|-1" \
	as_nobody /usr/bin/python3 "$YNL_CLI" --spec "$SSDK_SPEC" --no-schema --do info-get
ktap_done
