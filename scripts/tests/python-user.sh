#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The Python package as a new user meets it, run on the host: installed
# with pip into a fresh venv, the README's script run in the demo's VM
# (a QD sweep on its NVMe disk, the curve saved), make demo's report, and
# that report and the fixtures' loaded in headless Chromium. Prints KTAP;
# leaves the screenshots in build/check/ (report-demo.png,
# report-fixtures.png).

cd "$(dirname "$0")/../.." || exit 1
. scripts/lib/common.sh
. selftests/lib/ktap.sh

dir=$SSDK_REPO/build/check/python-user
rm -rf "$dir"
mkdir -p "$dir"
venv=$dir/venv
tools=$SSDK_CACHE/venv/bin

ktap_plan 6

# From a copy: setuptools builds in the source directory (build/,
# *.egg-info), and the tree must stay as the commit has it.
ktap_check "pip install userspace/python[plot] into a fresh venv, no compiler" \
	eval 'cp -r userspace/python "$dir/src" && rm -rf "$dir/src/tests" &&
		/usr/bin/python3 -m venv "$venv" &&
		CC=/bin/false "$venv/bin/pip" install -q --disable-pip-version-check "$dir/src[plot]"'

# The README's script, as written but for a shorter runtime and the
# VM's disk path.
sed -n '/^## From Python/,/^## /p' README.md | sed -n '/^```python$/,/^```$/p' | sed '1d;$d' |
	sed 's/runtime="10s"/runtime="1s"/' >"$dir/readme.py"
readme_script() {
	local log=$dir/readme.log

	[ "$(wc -l <"$dir/readme.py")" -le 12 ] || { echo "README script: more than 12 lines"; return 1; }
	scripts/vm-run --kernel "$SSDK_KERNEL_DEFAULT" --disk nvme:16G --timeout 600 -- bash -c \
		'cd "$1" && sed -i "s|/dev/nvme0n1|${SSDK_VM_DISKS%% *}|" readme.py &&
		"$2/bin/python" readme.py' _ "$dir" "$venv" >"$log" 2>&1 || { tail -n 20 "$log"; return 1; }
	# A row per queue depth, and the curve saved as a PNG.
	[ "$(grep -c '^QD' "$log")" = 6 ] || { tail -n 20 "$log"; return 1; }
	[ "$(head -c 8 "$dir/qd.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ]
}
ktap_check "the README's Python script sweeps QD 1-32 on the VM's NVMe disk and saves qd.png" \
	readme_script

ktap_check "make demo (2 s a corner) writes build/demo/report.html" \
	eval 'scripts/demo --runtime 2s >"$dir/demo.log" 2>&1 &&
		grep -q "^report: $SSDK_REPO/build/demo/report.html" "$dir/demo.log" &&
		[ -s build/demo/report.html ]'

# The four corners: corners, spectrum, histogram, CDF, four time series.
ktap_check "headless Chromium shows the demo's report: 8 charts, no broken image, no console error" \
	"$tools/python" scripts/tests/report-browser.py build/demo/report.html \
	"$SSDK_REPO/build/check/report-demo.png" --min-charts 8

fixtures_report() {
	PYTHONPATH=userspace/python "$tools/python" -m ssdk.report userspace/python/tests/fixtures/*.json \
		-o "$dir/fixtures.html" &&
		"$tools/python" scripts/tests/report-browser.py "$dir/fixtures.html" \
			"$SSDK_REPO/build/check/report-fixtures.png" --min-charts 20
}
ktap_check "headless Chromium shows the fixtures' report: QD curve, layers, time series, 20 charts or more" \
	fixtures_report

# Three drives' review directories (made of the fixtures, as test_roundup.py
# makes them): a bar chart per test (2 corners, 4 depths) and the QD curve.
roundup_report() {
	(cd userspace/python && "$tools/python" -c 'import sys; from pathlib import Path
from tests.test_roundup import make_reviews
make_reviews(Path(sys.argv[1]))' "$dir/roundup") &&
		PYTHONPATH=userspace/python "$tools/python" -m ssdk.report "$dir"/roundup/* \
			-o "$dir/roundup.html" &&
		grep -q "Round-up: 3 drives" "$dir/roundup.html" &&
		"$tools/python" scripts/tests/report-browser.py "$dir/roundup.html" \
			"$SSDK_REPO/build/check/report-roundup.png" --min-charts 7
}
ktap_check "headless Chromium shows a round-up of three drives' review directories: 7 charts" \
	roundup_report

ktap_done
