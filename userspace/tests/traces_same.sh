#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The shipped synthetic traces (traces/*.iolog) are what ssdk trace make
# makes of their recipes (traces/recipes), byte for byte. KTAP; run from
# userspace/ after the build.

cd "$(dirname "$0")/../.." || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "KTAP version 1"
echo "1..1"
if scripts/make-traces "$tmp" && for f in "$tmp"/*.iolog; do
	cmp "$f" "traces/${f##*/}" || exit 1
done; then
	echo "ok 1 traces/*.iolog are what ssdk trace make makes of traces/recipes"
else
	echo "not ok 1 traces/*.iolog are what ssdk trace make makes of traces/recipes"
	exit 1
fi
