#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# ssdk-selftest: vm=smp kernels=default time=45
#
# The Python package (userspace/python) drives the module end to end:
# lib/python_api.py, under Debian's python3 and numpy (what a user of the
# distribution has), with the package of this tree and its libssdk.

. "$(dirname "$0")/lib/ssdk.sh"
ssdk_setup nr_devices=1 irqmode=0 gb=1
/usr/bin/python3 -c 'import numpy' 2>/dev/null || ktap_skip_all "no numpy for python3"
# nobody must read the package and the library: a world-readable copy.
pkg=$(mktemp -d /tmp/ssdk-py.XXXXXX)
cp -r "$SSDK_REPO/userspace/python/ssdk" "$pkg/" &&
	cp "$SSDK_REPO/userspace/libssdk.so.0" "$pkg/" && chmod -R a+rX "$pkg" ||
	ktap_bail "cannot copy the package"
PYTHONPATH=$pkg SSDK_LIBRARY=$pkg/libssdk.so.0 SSDK_CLI=$SSDK_CLI \
	/usr/bin/python3 "$SELFTESTS_DIR/lib/python_api.py"
rc=$?
rm -rf "$pkg"
exit $rc
