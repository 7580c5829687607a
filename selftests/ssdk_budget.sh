#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# ssdk-selftest: vm=main kernels=all time=35
#
# The memory budget (kmod/budget.c): what runs and traces pin, reserved
# before it is allocated against the module parameter mem_budget, and
# reported by info-get. A run that fits the budget exactly starts, one
# byte more is refused with the budget, the bytes in use and the bytes
# it needs; every byte comes back when the runs are deleted and the
# traces freed. Ground truth: the caller's memory cgroup is charged what
# the budget reserved, within its rounding. The module parameters that
# size a run's records refuse values past their bounds.

. "$(dirname "$0")/lib/ssdk.sh"
ssdk_setup_fresh
# Timer completions 10 ms late: the runs here idle.
nullb_load nr_devices=1 irqmode=2 completion_nsec=10000000 gb=1 || ktap_skip_all "no null_blk"
[ -r "$YNL_CLI" ] || ktap_skip_all "no ynl at $YNL_CLI (run scripts/setup)"

P=/sys/module/ssdk/parameters
DEV=/dev/nullb0
T=$SSDK_TMP
RAM=$(($(awk '/^MemTotal:/ { print $2 }' /proc/meminfo) * 1024))
BUDGET=$(cat $P/mem_budget)

info() { "$SSDK_CLI" -j ctl info | $JGET - "j['$1']"; }
used() { info mem_used; }
# Bytes as the module prints them: MiB, hundredths rounded down.
mib() { printf '%d.%02d' $(($1 >> 20)) $(((($1 & 0xFFFFF) * 100) >> 20)); }
start() { "$SSDK_CLI" -j ctl start --target $DEV "$@" | $JGET - 'j["id"]'; }
# The run the limit is tested on: 32 slots of 64 KiB, an hour at 10 IOPS.
C=(--runtime 1h --rate-iops 10 --iodepth 32 --bs 64k)

# The default: a quarter of RAM, at least 64 MiB; none in use.
defaults() {
	local want=$((RAM / 4))

	[ $want -lt $((64 << 20)) ] && want=$((64 << 20))
	echo "budget $(info mem_budget), parameter $(cat $P/mem_budget), want $want; used $(used)"
	[ "$(info mem_budget)" = $want ] && [ "$(cat $P/mem_budget)" = $want ] &&
		[ "$(used)" = 0 ] &&
		"$SSDK_CLI" ctl info |
		grep -q "^memory     0.00 MiB of $(awk "BEGIN { printf \"%.2f\", $want / 1048576 }") MiB in use"
}

# A run reserves at start; its IO part comes back when it ends, the rest
# when it is deleted.
run_reserves() {
	local id a b c

	id=$(start "${C[@]}") || return 1
	a=$(used)
	"$SSDK_CLI" ctl stop "$id" >/dev/null || return 1
	b=$(used)
	"$SSDK_CLI" ctl delete "$id" || return 1
	c=$(used)
	echo "running $a, ended $b, deleted $c"
	# 32 slots of 16 pages at least went at its end.
	[ "$a" -gt 0 ] && [ $((a - b)) -ge $((32 * 65536)) ] && [ "$b" -gt 0 ] && [ "$c" = 0 ]
}

# At the limit and one byte past it, with a run A already kept: C, whose
# need is learned from a first start, starts when the budget is exactly
# A's and C's; one byte less refuses it and its dry run, saying the
# numbers, and starts nothing.
at_the_limit() {
	local a ua need id n rc=0

	a=$(start --runtime 1h --rate-iops 10) || return 1
	ua=$(used)
	id=$(start "${C[@]}") || return 1
	need=$(($(used) - ua))
	"$SSDK_CLI" ctl stop "$id" >/dev/null && "$SSDK_CLI" ctl delete "$id" || return 1
	echo "A reserves $ua, C $need; after C's deletion $(used)"
	[ "$(used)" = "$ua" ] || rc=1

	echo $((ua + need - 1)) >$P/mem_budget || return 1
	n=$(run_count)
	expect_fail_quiet 1 \
		"the run needs $(mib $need) MiB; mem_budget $(mib $((ua + need - 1))) MiB, $(mib "$ua") MiB in use" \
		"$SSDK_CLI" ctl start --target $DEV "${C[@]}" || rc=1
	expect_fail_quiet 1 "the run needs $(mib $need) MiB" \
		"$SSDK_CLI" ctl start --dry-run --target $DEV "${C[@]}" || rc=1
	[ "$(run_count)" = "$n" ] && [ "$(used)" = "$ua" ] || { echo "a refusal kept something"; rc=1; }

	echo $((ua + need)) >$P/mem_budget || return 1
	"$SSDK_CLI" ctl start --dry-run --target $DEV "${C[@]}" >/dev/null || rc=1
	[ "$(used)" = "$ua" ] || { echo "a dry run reserved"; rc=1; }
	id=$(start "${C[@]}") || return 1
	echo "at the limit: $(used) in use of $(info mem_budget)"
	[ "$(used)" = "$(info mem_budget)" ] || rc=1
	# Full: the smallest run is refused.
	expect_fail_quiet 1 "mem_budget" "$SSDK_CLI" ctl start --target $DEV --ios 1 --slowest 0 || rc=1
	echo "$BUDGET" >$P/mem_budget
	runs_clear
	[ "$(used)" = 0 ] || { echo "after deletion: $(used) in use"; rc=1; }
	return $rc
}

# A replay's trace is reserved at trace-new and comes back with the run
# that took it.
replay_returns() {
	"$SSDK_CLI" ctl replay -q --target $DEV --trace "$SSDK_REPO/traces/mix.iolog" \
		--timing afap --remap span --iodepth 16 --allow-write >/dev/null || return 1
	echo "the replay ended: $(used) in use"
	[ "$(used)" -gt 0 ] || return 1
	runs_clear
	[ "$(used)" = 0 ]
}

# Ground truth: started from a memory cgroup, a run's allocations are
# charged to it (memory.stat's kernel), and the budget reserved as much
# at least (an upper bound: kmalloc's classes, kvmalloc's fallback, the
# workers' threads and calibration scratch, which the cgroup is not
# charged), and at most 15% more.
CG=/sys/fs/cgroup/ssdk-budget
charged() {
	local u0 k0 id u1 k1 rc

	u0=$(used)
	k0=$(awk '$1 == "kernel" { print $2 }' $CG/memory.stat)
	id=$(sh -c "echo \$\$ >$CG/cgroup.procs && exec $SSDK_CLI -j ctl start --target $DEV $*" |
		$JGET - 'j["id"]') || return 1
	nap 1
	u1=$(used)
	k1=$(awk '$1 == "kernel" { print $2 }' $CG/memory.stat)
	# Said whatever the outcome: the estimate's error is worth seeing.
	echo "$*: reserved $((u1 - u0)), charged $((k1 - k0)) ($(((k1 - k0) * 1000 / (u1 - u0))) per mille)" |
		tee -a "$T/charged"
	[ $((k1 - k0)) -le $((u1 - u0)) ] && [ $(((k1 - k0) * 115)) -ge $(((u1 - u0) * 100)) ]
	rc=$?
	"$SSDK_CLI" ctl stop "$id" >/dev/null && "$SSDK_CLI" ctl delete "$id"
	return $rc
}

cgroup_setup() {
	mountpoint -q /sys/fs/cgroup || mount -t cgroup2 none /sys/fs/cgroup 2>/dev/null
	grep -qw memory /sys/fs/cgroup/cgroup.controllers 2>/dev/null || return 1
	echo +memory >/sys/fs/cgroup/cgroup.subtree_control 2>/dev/null
	mkdir -p $CG && [ -r $CG/memory.stat ] && grep -q '^kernel ' $CG/memory.stat
}

# param_bounds NAME LOW HIGH: NAME takes LOW and HIGH, refuses LOW - 1 and
# HIGH + 1 (keeping its value); restored.
param_bounds() {
	local p=$P/$1 was rc=0

	was=$(cat "$p")
	echo "$2" >"$p" && [ "$(cat "$p")" = "$2" ] || { echo "$1: $2 refused"; rc=1; }
	echo "$3" >"$p" && [ "$(cat "$p")" = "$3" ] || { echo "$1: $3 refused"; rc=1; }
	echo $(($2 - 1)) >"$p" 2>/dev/null && { echo "$1: $(($2 - 1)) taken"; rc=1; }
	echo $(($3 + 1)) >"$p" 2>/dev/null && { echo "$1: $(($3 + 1)) taken"; rc=1; }
	[ "$(cat "$p")" = "$3" ] || { echo "$1: a refusal changed it to $(cat "$p")"; rc=1; }
	echo "$was" >"$p"
	return $rc
}

# max_runs is read-only: its bound holds at load.
max_runs_bound() {
	ssdk_unload || return 1
	insmod "$(ssdk_ko)" max_runs=1025 2>/dev/null && { echo "max_runs=1025 loaded"; return 1; }
	insmod "$(ssdk_ko)" max_runs=1024 || return 1
	[ "$(info max_runs)" = 1024 ] || return 1
	ssdk_unload && ssdk_load
}

ktap_plan 12

ktap_check "the default budget: a quarter of RAM, at least 64 MiB, in info and the parameter; none in use" \
	defaults
ktap_check "a run reserves at its start, gives its slots' part back at its end, the rest at its deletion" \
	run_reserves
ktap_check "a run that fits the budget exactly starts; one byte past it is refused (and its dry run), saying the budget, the bytes in use and needed; nothing left after deletion" \
	at_the_limit
ktap_check "trace-new at the budget's limit and one byte past it (ynl); a socket that loaded none closes without freeing others' traces; the uploader's close frees them all" \
	/usr/bin/python3 "$SELFTESTS_DIR/lib/budget_traces.py" "$YNL_CLI" "$SSDK_SPEC"
ktap_check "a replay's trace is given back with the run that took it" replay_returns
if cgroup_setup; then
	ktap_check "charged to the starter's memory cgroup: one worker, 32 slots of 64 KiB" \
		charged --runtime 1h --rate-iops 10 --iodepth 32 --bs 64k
	ktap_check "charged to the starter's memory cgroup: 4 workers, slowest 4096" \
		charged --runtime 1h --workers 4 --iodepth 2 --slowest 4096
	ktap_check "charged to the starter's memory cgroup: an open loop's records, capture" \
		charged --runtime 1h --rate-iops 10 --open-loop --capture-over 10ms
	while read -r line; do ktap_diag "$line"; done <"$T/charged"
	rmdir $CG
else
	ktap_skip "charged to the starter's memory cgroup: one worker" "no cgroup2 memory controller"
	ktap_skip "charged to the starter's memory cgroup: 4 workers" "no cgroup2 memory controller"
	ktap_skip "charged to the starter's memory cgroup: an open loop" "no cgroup2 memory controller"
fi
ktap_check "mem_budget takes 1 MiB to RAM, refuses a byte less or more" \
	param_bounds mem_budget $((1 << 20)) "$RAM"
ktap_check "ts_max_points takes 1 to 1048576, refuses 0 and 1048577" \
	param_bounds ts_max_points 1 1048576
ktap_check "capture_max takes 1 to 1048576, refuses 0 and 1048577" \
	param_bounds capture_max 1 1048576
ktap_check "max_runs loads at 1024, not at 1025" max_runs_bound
runs_clear
rmmod null_blk
ktap_done
