#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# ssdk-selftest: vm=main kernels=all time=35
#
# The kernel's own ynl CLI drives the module from our YAML spec: the spec
# and the module agree, and the module's policies reject what the spec
# does not allow.

. "$(dirname "$0")/lib/ssdk.sh"
[ -r "$YNL_CLI" ] || ktap_skip_all "no ynl CLI at $YNL_CLI (run scripts/setup)"
ssdk_setup

ynl_json=$(ynl --do info-get --output-json 2>&1)
# ynl as the kernel ships it: the spec validated against the kernel's
# genetlink-legacy schema, read by PyYAML's pure-Python parser.
ynl_shipped_json=$(/usr/bin/python3 "$YNL_CLI" --spec "$SSDK_SPEC" --output-json --do info-get \
	--schema "$SSDK_CACHE/src/linux-6.12/Documentation/netlink/genetlink-legacy.yaml" 2>&1)
cli_json=$("$SSDK_CLI" ctl info -j 2>&1)

same() {
	/usr/bin/python3 - "$ynl_json" "$cli_json" <<'PY'
import json, sys
ynl, cli = json.loads(sys.argv[1]), json.loads(sys.argv[2])
pairs = [("version", "version"), ("kernel-release", "kernel_release"),
         ("cpus", "cpus"), ("clock-res-ns", "clock_res_ns")]
bad = [(a, ynl.get(a), cli.get(b)) for a, b in pairs if ynl.get(a) != cli.get(b)]
# ynl decodes the caps mask into flag names.
caps = ynl.get("caps", [])
caps = sorted(caps if isinstance(caps, list) else [caps])
if caps != sorted(cli.get("caps", [])):
    bad.append(("caps", caps, cli.get("caps")))
for b in bad:
    print("mismatch: %s: ynl %r, ssdk %r" % b)
sys.exit(1 if bad else 0)
PY
}

ktap_plan 5
ktap_check "spec lists info-get" eval 'ynl --list-ops | grep -q info-get'
ktap_check "ynl --do info-get" test -n "$ynl_json"
# (caps is a set: its order is the hash's.)
ktap_check "ynl as shipped, the spec schema-validated, answers as lib/ynl.py does" \
	/usr/bin/python3 -c 'import json, sys
a, b = (json.loads(s) for s in sys.argv[1:])
for d in a, b:
    d["caps"] = sorted(d["caps"] if isinstance(d["caps"], list) else [d["caps"]])
sys.exit(a != b)' "$ynl_shipped_json" "$ynl_json"
ktap_check "ynl and ssdk ctl info agree" same
# info-get takes no attributes: the per-op policy must refuse one.
expect_fail "an attribute info-get does not take is refused" 1 "Unsupported attribute" \
	ynl --do info-get --json '{"version": "1.0"}'
ktap_done
