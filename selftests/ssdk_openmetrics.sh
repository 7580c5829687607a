#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# ssdk-selftest: vm=main kernels=default time=30
#
# Metrics (Documentation/userspace/openmetrics.rst) of real runs on
# null_blk, read by prometheus_client's parsers (lib/om_check.py, in the
# venv scripts/setup makes, which the guest sees as the host's userland):
# a finished run's OpenMetrics agree exactly with its JSON (IOs, bytes,
# every bucket, closed and open loop), and status --openmetrics-dir keeps
# a file that a reader polling it in a loop always finds whole, rewritten
# every interval, with no temporary file left once it is interrupted.

. "$(dirname "$0")/lib/ssdk.sh"
ssdk_setup nr_devices=1 irqmode=0 gb=1
PY=$SSDK_CACHE/venv/bin/python3
"$PY" -c 'import prometheus_client' 2>/dev/null ||
	ktap_skip_all "no prometheus_client in $SSDK_CACHE/venv (scripts/setup)"
om_check() { "$PY" "$SELFTESTS_DIR/lib/om_check.py" "$@"; }

ktap_plan 7

# agree NAME [OPTIONS]: a finished run's OpenMetrics against its JSON.
agree() {
	local name=$1 id om=$SSDK_TMP/$1.om js=$SSDK_TMP/$1.json

	shift
	id=$("$SSDK_CLI" -j ctl start --target /dev/nullb0 "$@" | $JGET - 'j["id"]') || return 1
	"$SSDK_CLI" ctl wait --timeout 120s "$id" || return 1
	"$SSDK_CLI" -j ctl results "$id" >"$js" &&
		"$SSDK_CLI" ctl results --format openmetrics "$id" >"$om" || return 1
	tail -n 1 "$om"
	om_check agree "$om" "$js"
}
ktap_check_logic "closed loop: results as OpenMetrics agree exactly with the JSON" \
	agree closed --rw randrw --iodepth 4 --ios 20000 --allow-write
ktap_check_logic "open loop: service, response and lateness histograms agree too" \
	agree open --rw randread --iodepth 2 --rate-iops 20000 --open-loop --ios 10000

# ctl run prints the same metrics as ctl results of its run, its id the run label.
run_agrees() {
	local om=$SSDK_TMP/run.om js=$SSDK_TMP/run.json id

	"$SSDK_CLI" ctl run --format openmetrics --target /dev/nullb0 --rw randread --ios 5000 \
		>"$om" || return 1
	id=$(sed -n 's/^ssdk_run_info{run="\([0-9]*\)".*/\1/p' "$om")
	echo "run $id"
	"$SSDK_CLI" -j ctl results "$id" >"$js" || return 1
	om_check agree "$om" "$js" || return 1
	"$SSDK_CLI" ctl results --format openmetrics "$id" | cmp - "$om"
}
ktap_check_logic "ctl run --format openmetrics: its run's, as ctl results prints them" run_agrees

# The textfile mode beside a run of 3 s: a reader polling the file finds
# it whole every time, and new versions of it come every interval.
textfile() {
	local dir=$SSDK_TMP/textfile id pid rc

	mkdir -p "$dir"
	id=$("$SSDK_CLI" -j ctl start --target /dev/nullb0 --runtime 3s --iodepth 2 |
		$JGET - 'j["id"]') || return 1
	"$SSDK_CLI" ctl status --openmetrics-dir "$dir" --interval 200ms &
	pid=$!
	om_check poll "$dir/ssdk.prom" 2.5
	rc=$?
	"$SSDK_CLI" ctl wait --timeout 60s "$id" >/dev/null
	kill -TERM "$pid"
	wait "$pid" || { echo "the collector exited $?"; return 1; }
	ls -A "$dir"
	[ "$(ls -A "$dir")" = ssdk.prom ] || { echo "left: $(ls -A "$dir")"; return 1; }
	grep -q "^ssdk_run_state{run=\"$id\",.*ssdk_run_state=\"done\"} 1$" "$dir/ssdk.prom" ||
		{ echo "the file does not show the run done"; return 1; }
	return $rc
}
ktap_check_logic "--openmetrics-dir: rewritten every interval, always whole, no temporary file left" \
	textfile

ktap_check_logic "--openmetrics-dir: a file of mode 0644, for node_exporter's own user" \
	bash -c '[ "$(stat -c %a "$1")" = 644 ]' _ "$SSDK_TMP/textfile/ssdk.prom"

# Bad input: one line, the right status, nothing written.
bad_input() {
	local dir=$SSDK_TMP/bad

	mkdir -p "$dir"
	expect_fail_quiet 2 "prints no run's metrics" \
		"$SSDK_CLI" ctl info --format openmetrics || return 1
	expect_fail_quiet 2 "needs --openmetrics-dir" "$SSDK_CLI" ctl status --interval 1s ||
		return 1
	expect_fail_quiet 2 "no run id" "$SSDK_CLI" ctl status --openmetrics-dir "$dir" 1 ||
		return 1
	expect_fail_quiet 1 "No such file" \
		"$SSDK_CLI" ctl status --openmetrics-dir "$dir/none" || return 1
	: >"$dir/file"
	expect_fail_quiet 1 "not a directory" \
		"$SSDK_CLI" ctl status --openmetrics-dir "$dir/file" || return 1
	[ "$(ls -A "$dir")" = file ]
}
ktap_check_logic "bad input: a usage error (2), no directory (1), nothing written" \
	bad_input

runs_clear
ktap_check_logic "status of every run as OpenMetrics: no run, a well-formed empty exposition" \
	bash -c '"$1" ctl status --format openmetrics >"$2" && tail -n 1 "$2" | grep -qx "# EOF"' \
	_ "$SSDK_CLI" "$SSDK_TMP/empty.om"

ktap_done
