# SPDX-License-Identifier: GPL-2.0
# Helpers shared by ssdk's selftests. They run as root inside a test VM
# (scripts/vm-run), or on a real machine with ssdk.ko at hand.

SELFTESTS_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
SSDK_REPO=${SSDK_REPO:-$(cd "$SELFTESTS_DIR/.." && pwd)}
SSDK_CACHE=${SSDK_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/ssdk}
SSDK_CLI=${SSDK_CLI:-$SSDK_REPO/userspace/ssdk}
SSDK_SPEC=$SSDK_REPO/Documentation/netlink/specs/ssdk.yaml
YNL_CLI=$SSDK_CACHE/src/linux-6.12/tools/net/ynl/cli.py

. "$SELFTESTS_DIR/lib/ktap.sh"
. "$SELFTESTS_DIR/lib/py_lib.sh"

# nap SECS: sleep without running sleep(1), for the loops that poll: in an
# emulated guest each exec costs a tenth of a second of the host's CPU,
# and more polls the slower the host. A read that times out on a pipe no
# one writes to (this shell holds both ends) is a builtin's wait.
exec {NAP_FD}<> <(:)
nap() { read -rt "$1" -u "$NAP_FD" || :; }

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

# ssdk_load [PARAM...]: load the module (with these parameters) unless
# it is loaded.
ssdk_load() {
	ssdk_loaded && return 0
	insmod "$(ssdk_ko)" "$@"
}

ssdk_unload() {
	ssdk_loaded || return 0
	rmmod ssdk
}

require_root() {
	[ "$(id -u)" = 0 ] || ktap_skip_all "needs root"
}

# ssdk_setup [NULL_BLK_PARAM...]: how a test program starts, before its
# plan: as root, with ssdk.ko loaded, no run kept from an earlier program;
# and, given parameters, a null_blk of its own with them (nullb_load).
# What is missing skips the program.
ssdk_setup() {
	require_root
	ssdk_load || ktap_skip_all "cannot load ssdk.ko"
	if [ $# -gt 0 ]; then
		nullb_load "$@" || ktap_skip_all "no null_blk"
	fi
	runs_clear
}

# ssdk_setup_fresh [SSDK_PARAM...]: as root, with ssdk.ko loaded anew
# (with these module parameters): for a program that unloads the module
# or counts on what a fresh one holds.
ssdk_setup_fresh() {
	require_root
	ssdk_unload
	ssdk_load "$@" || ktap_skip_all "cannot load ssdk.ko"
}

# expect_fail NAME STATUS PATTERN COMMAND...: pass when COMMAND exits
# with STATUS and its output (stdout and stderr) matches the extended
# regex PATTERN.
expect_fail() {
	local name=$1 want=$2 pattern=$3 out rc

	shift 3
	out=$("$@" 2>&1)
	rc=$?
	if [ "$rc" = "$want" ] && printf '%s' "$out" | grep -qE -e "$pattern"; then
		ktap_pass "$name"
	else
		ktap_fail "$name" "exit $rc (want $want), output: $out"
	fi
}

# expect_fail_quiet STATUS PATTERN COMMAND...: expect_fail's check, as a
# condition for a test of several steps.
expect_fail_quiet() {
	local want=$1 pattern=$2 out rc

	shift 2
	out=$("$@" 2>&1)
	rc=$?
	echo "exit $rc, output: $out"
	[ "$rc" = "$want" ] && printf '%s' "$out" | grep -qE -e "$pattern"
}

# ynl_spec SPEC ARG...: the kernel's own ynl CLI on the family of SPEC,
# its YAML read by libyaml (lib/ynl.py: ynl's pure-Python parse of a spec
# costs seconds of an emulated guest's CPU at every call). Our spec is
# validated against the kernel's schema where it is compiled (ynl-gen-c,
# on the host) and by the untouched ynl in ssdk_ynl.py.
ynl_spec() {
	local spec=$1

	shift
	py_lib ynl "$YNL_CLI" --spec "$spec" --no-schema "$@"
}

# ynl drives the family from our spec with the kernel's own tool.
ynl() { ynl_spec "$SSDK_SPEC" "$@"; }

# Whether the kernel knows the ssdk generic netlink family, asked of the
# kernel's nlctrl family directly (not through ssdk's own tools).
genl_family_exists() {
	ynl_spec "${YNL_CLI%/tools/net/ynl/cli.py}/Documentation/netlink/specs/nlctrl.yaml" \
		--do getfamily --json "{\"family-name\": \"$1\"}" >/dev/null 2>&1
}

# --- runs ---------------------------------------------------------------------

JGET=jget
PATTERN="py_lib pattern"
SSDK_TMP=${SSDK_TMP:-$(mktemp -d /tmp/ssdk-selftest.XXXXXX)}

# jtest FILE EXPR: true when the Python EXPR holds over the JSON in FILE
# (bound to j; hist_sum(op) and pct(op, p) help). For short expressions:
# a longer condition, or one that recurs, is a check.
jtest() { py_lib jget -t "$@"; }
jget() { py_lib jget "$@"; }

# check NAME FILE ARG...: true when the check NAME of lib/checks.py holds
# over FILE (- for stdin); otherwise it prints what it found against what
# it wanted. checks.py --list shows every check.
check() { py_lib checks "$@"; }

# null_blk with these parameters, and nothing else of it.
nullb_load() {
	rmmod null_blk 2>/dev/null
	modprobe null_blk "$@"
}

# khugepaged_off / khugepaged_restore: no transparent huge pages while a
# test measures time. Every 10 s khugepaged collapses pages into a huge
# page, a copy that holds the CPU for up to a millisecond without a
# preemption point on Debian's voluntary-preemption kernels: an IO due
# then is that much late (seen as a replay's p99 lateness of 125 us
# instead of 6 us, one run in ten). Turning THP off stops the thread.
THP_ENABLED=/sys/kernel/mm/transparent_hugepage/enabled
khugepaged_off() {
	[ -w "$THP_ENABLED" ] || return 0
	THP_WAS=$(sed 's/.*\[\(.*\)\].*/\1/' "$THP_ENABLED")
	echo never >"$THP_ENABLED"
}
khugepaged_restore() {
	[ -n "${THP_WAS:-}" ] && echo "$THP_WAS" >"$THP_ENABLED"
	THP_WAS=
}

# nullb_make NAME SIZE_MB [ATTR=VALUE...]: a configfs null_blk, powered on;
# prints its device. (Load null_blk with nr_devices=0 first for it alone.)
NULLB_CFS=/sys/kernel/config/nullb
nullb_make() {
	local dir=$NULLB_CFS/$1 kv

	modprobe configfs 2>/dev/null
	mkdir "$dir" && echo "$2" >"$dir/size" || return 1
	shift 2
	for kv in "$@"; do
		echo "${kv#*=}" >"$dir/${kv%%=*}" || return 1
	done
	echo 1 >"$dir/power" || return 1
	if [ -b "/dev/${dir##*/}" ]; then echo "/dev/${dir##*/}"; else echo "/dev/nullb$(cat "$dir/index")"; fi
}

# nullb_remove NAME...: the configfs null_blks made by nullb_make, gone.
nullb_remove() {
	local d

	for d in "$@"; do
		[ -d "$NULLB_CFS/$d" ] && echo 0 >"$NULLB_CFS/$d/power" && rmdir "$NULLB_CFS/$d"
	done
}

# brd_load N [MIB]: N brd disks of MIB MiB (default 64), fresh, and
# nothing else of brd. Small where a test stamps, fills or reads whole
# disks: an emulated guest does that at tens of MB/s.
brd_load() {
	rmmod brd 2>/dev/null
	modprobe brd rd_nr="$1" rd_size=$((${2:-64} * 1024))
}

# nvme_disk [MIN_BYTES]: the NVMe disk that vm-run attached
# ($SSDK_VM_DISKS), of MIN_BYTES at least (default 16 GiB); nothing when
# there is none. (Never a disk of the host's own.)
nvme_disk() {
	local d found=

	for d in ${SSDK_VM_DISKS:-}; do
		[[ $d == /dev/nvme* ]] &&
			[ "$(blockdev --getsize64 "$d")" -ge "${1:-$((16 << 30))}" ] && found=$d
	done
	echo "$found"
}

# blk_stat DEV FIELD: a field of /sys/block/DEV/stat (1 reads completed,
# 2 reads merged, 5 writes completed, 6 writes merged).
blk_stat() {
	local f

	read -r -a f <"/sys/block/${1#/dev/}/stat" && echo "${f[$2 - 1]}"
}

# trace_same_order A B: the reads and writes of trace files A and B, in
# order, are the same: op, offset, length (libssdk reads both:
# ssdk.trace.ios()).
trace_same_order() {
	PYTHONPATH=$SSDK_REPO/userspace/python /usr/bin/python3 - "$1" "$2" <<'PY'
import sys
import ssdk
a, b = ([(io.op, io.offset, io.len) for io in ssdk.trace.ios(p) if io.op in ("read", "write")]
        for p in sys.argv[1:3])
print(f"# {len(a)} IOs in the first, {len(b)} in the second")
first = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), None)
if first is not None or len(a) != len(b):
    sys.exit(f"first difference at IO {first}: {a[first:first + 2] if first is not None else ''}"
             f" against {b[first:first + 2] if first is not None else ''}")
PY
}

# blktrace_begin DEV FILE ERRFILE: Debian's blktrace records DEV into
# FILE (its CPUs' records in one file), its errors into ERRFILE, in the
# background; its pid in BLKTRACE_PID once tracing has begun (the
# device's relay files exist). End it with kill -INT and wait.
blktrace_begin() {
	local dev=$1 i

	mountpoint -q /sys/kernel/debug || mount -t debugfs none /sys/kernel/debug
	blktrace -d "$dev" -o - >"$2" 2>"$3" &
	BLKTRACE_PID=$!
	# The relay files come with the trace's setup, but tracing begins
	# later (BLKTRACESTART, once blktrace's threads run), which nothing
	# shows: under load a short workload ran in between, untraced. A
	# note written to the trace (debugfs msg, recorded only while it
	# runs: a notify event, which trace readers skip) that blktrace has
	# written out says that it has begun.
	for i in $(seq 300); do
		if [ -e "/sys/kernel/debug/block/${dev#/dev/}/msg" ]; then
			# Into a file that keeps nothing, the relay files are enough.
			[ -f "$2" ] || return 0
			echo "ssdk: tracing $i" >"/sys/kernel/debug/block/${dev#/dev/}/msg"
			grep -qa "ssdk: tracing" "$2" && return 0
		fi
		kill -0 $BLKTRACE_PID 2>/dev/null || return 1
		nap 0.1
	done
	echo "blktrace did not begin in 30 s: $(cat "$3")"
	return 1
}

# stat_delta DEV FIELD BEFORE: how much FIELD of DEV's stat grew since BEFORE.
stat_delta() { echo $(($(blk_stat "$1" "$2") - $3)); }

# stat_kept DEV COMMAND...: COMMAND's exit status, or 99 when DEV's block
# layer counters moved while it ran (it read, wrote or discarded).
stat_kept() {
	local dev=$1 before rc

	shift
	before=$(<"/sys/block/${dev#/dev/}/stat")
	"$@"
	rc=$?
	[ "$(<"/sys/block/${dev#/dev/}/stat")" = "$before" ] || { echo "the counters moved"; return 99; }
	return $rc
}

# writes_kept DEV COMMAND...: COMMAND's exit status, or 99 when it wrote
# or discarded a sector of DEV (its block layer's counts of sectors
# written and discarded moved). Reads (a tool's probing) and empty
# flushes (its fsync, counted as writes of no sector) may happen.
writes_kept() {
	local dev=$1 before after rc

	shift
	read -r -a before <"/sys/block/${dev#/dev/}/stat"
	"$@"
	rc=$?
	read -r -a after <"/sys/block/${dev#/dev/}/stat"
	[ "${before[6]} ${before[13]}" = "${after[6]} ${after[13]}" ] ||
		{ echo "it wrote: sectors written, discarded ${before[6]} ${before[13]} -> ${after[6]} ${after[13]}"; return 99; }
	return $rc
}

# interrupt PID N: SIGINT (Ctrl-C) to the command PID once the module's
# runs have completed N IOs (30 s at most), then its exit status once it
# has ended, or 1 (and SIGKILL) when it still runs 30 s after the signal.
interrupt() {
	local pid=$1 n=0

	until [ "$("$SSDK_CLI" -j ctl list | $JGET - 'sum(r["completed"] for r in j)')" -ge "$2" ] ||
		[ $n -ge 300 ]; do
		nap 0.1
		n=$((n + 1))
	done
	kill -INT "$pid"
	for n in $(seq 300); do
		kill -0 "$pid" 2>/dev/null || break
		nap 0.1
	done
	if kill -0 "$pid" 2>/dev/null; then
		echo "still running 30 s after SIGINT"
		kill -9 "$pid"
		return 1
	fi
	wait "$pid"
}

# dm_create NAME: /dev/mapper/NAME, made afresh from the table on stdin.
dm_create() {
	dmsetup remove "$1" 2>/dev/null
	dmsetup create "$1" || return
	# Without udev, dmsetup makes the node itself when asked.
	dmsetup mknodes "$1"
}

# dm_linear NAME DEV: /dev/mapper/NAME, a dm-linear device over all of DEV
# (made afresh), to be suspended and resumed under a run.
dm_linear() {
	modprobe dm-mod || return 4
	echo "0 $(blockdev --getsz "$2") linear $2 0" | dm_create "$1" || return 4
}

# dm_delay NAME DEV MS: /dev/mapper/NAME, a dm-delay device over all of DEV
# delaying every IO by MS milliseconds: made when there is none, its
# table swapped live when there is (the IOs it holds go out at once).
dm_delay() {
	local table

	table="0 $(blockdev --getsz "$2") delay $2 0 $3"
	if [ -b "/dev/mapper/$1" ]; then
		echo "$table" | dmsetup reload "$1" && dmsetup resume "$1"
	else
		modprobe dm-delay && echo "$table" | dm_create "$1"
	fi
}

# wait_completed ID N: until run ID has completed N IOs, 5 s at most.
wait_completed() {
	local n=0

	while [ "$("$SSDK_CLI" -j ctl status "$1" | $JGET - 'j["completed"]')" -lt "$2" ] &&
		[ $n -lt 100 ]; do
		nap 0.05
		n=$((n + 1))
	done
}

# Delete every run the module keeps, stopping those that go on first (the
# module deletes only ended runs).
runs_clear() {
	local id

	for id in $("$SSDK_CLI" -j ctl list | $JGET - '" ".join(str(r["id"]) for r in j)'); do
		"$SSDK_CLI" ctl stop "$id" >/dev/null
		"$SSDK_CLI" ctl delete "$id"
	done
}

# run_count: how many runs the module keeps.
run_count() {
	"$SSDK_CLI" -j ctl list | $JGET - 'len(j)'
}

# run_start_hour DEV [OPTIONS]: start a run of an hour at QD4, print its id.
run_start_hour() {
	local dev=$1

	shift
	"$SSDK_CLI" -j ctl start --target "$dev" --runtime 1h --iodepth 4 "$@" | $JGET - 'j["id"]'
}

# blk_counted FIELD IOS OPTIONS...: a run of IOS IOs on nullb0 ends done,
# and the block layer's counter FIELD (1 reads, 5 writes) grows by exactly
# IOS. Its JSON stays in $SSDK_TMP/counts-FIELD-IOS.json.
blk_counted() {
	local field=$1 ios=$2 before out=$SSDK_TMP/counts-$1-$2.json

	shift 2
	before=$(blk_stat nullb0 "$field")
	"$SSDK_CLI" -j ctl run -q --target /dev/nullb0 --ios "$ios" "$@" >"$out" || return 1
	echo "stat field $field grew by $(stat_delta nullb0 "$field" "$before")"
	check fields "$out" completed="$ios" state=done &&
		[ "$(stat_delta nullb0 "$field" "$before")" = "$ios" ]
}

# run_refused PATTERN OPTIONS...: ssdk ctl run of 10 IOs with OPTIONS
# exits 1 saying PATTERN, and no run is started.
run_refused() {
	local n

	n=$(run_count)
	expect_fail_quiet 1 "$1" "$SSDK_CLI" ctl run -q --ios 10 "${@:2}" &&
		[ "$(run_count)" = "$n" ]
}

# stopped_counted OPTIONS...: a run of an hour on nullb0 with OPTIONS,
# stopped once 1000 IOs completed, ends stopped, with as many IOs
# completed as the block layer counted reads: none left in flight.
stopped_counted() {
	local id before out=$SSDK_TMP/stopped.json

	before=$(blk_stat nullb0 1)
	id=$(run_start_hour /dev/nullb0 "$@") || return 1
	wait_completed "$id" 1000
	timeout 30 "$SSDK_CLI" ctl stop "$id" >/dev/null || return 1
	"$SSDK_CLI" -j ctl results "$id" >"$out" || return 1
	check run_ended "$out" stopped &&
		[ "$(jget "$out" 'j["completed"]')" = "$(stat_delta nullb0 1 "$before")" ]
}

# run_state ID: the state of run ID.
run_state() { "$SSDK_CLI" -j ctl status "$1" | $JGET - 'j["state"]'; }

# within SECS COMMAND...: COMMAND finishes within SECS seconds.
within() {
	local secs=$1

	shift
	timeout "$secs" "$@"
}

# as_nobody COMMAND...: COMMAND as the unprivileged user nobody.
as_nobody() { setpriv --reuid=65534 --regid=65534 --clear-groups "$@"; }
