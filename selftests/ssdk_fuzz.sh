#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# ssdk-selftest: vm=main kernels=all time=90
#
# The family under fuzzing (lib/nlfuzz.py): requests built from the spec
# and broken in the ways the spec suggests, as root and as nobody. Every
# reply is well formed, nobody is refused everything, no run is left
# behind, and the module still runs IO and unloads afterwards. (The VM
# runner fails the file on any kernel warning the fuzzing caused.)
#
#   SSDK_FUZZ_SEED=N    replay a run: its seed is printed as "# seed: N"
#   SSDK_FUZZ_COUNT=N   messages as root (default 3000); nobody sends a
#                       fifth of them, 2000 at least

. "$(dirname "$0")/lib/ssdk.sh"
ssdk_setup nr_devices=1 irqmode=0 gb=1
command -v setpriv >/dev/null || ktap_skip_all "no setpriv"
/usr/bin/python3 -c 'import yaml' 2>/dev/null || ktap_skip_all "no PyYAML for python3"

seed=${SSDK_FUZZ_SEED:-$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')}
# 3000 requests in make check; check-debug sends 10000 (KASAN, KCSAN).
count=${SSDK_FUZZ_COUNT:-3000}
nobody_count=$((count / 5 > 2000 ? count / 5 : 2000))

# nobody cannot read SSDK_TMP: the fuzzer and the spec go to a
# world-readable copy. The file is a target for the kfile engine.
share=$(mktemp -d /tmp/ssdk-fuzz.XXXXXX)
cleanup() {
	rm -rf "$share" "$SSDK_TMP/fuzz-file"
	ssdk_loaded && runs_clear >/dev/null 2>&1
}
trap cleanup EXIT
cp "$SELFTESTS_DIR/lib/nlfuzz.py" "$SSDK_SPEC" "$share/" && chmod -R a+rX "$share" ||
	ktap_skip_all "cannot copy the fuzzer"
truncate -s 4M "$SSDK_TMP/fuzz-file"

# fuzz NAME [as_nobody] ARGS...: one test point; the fuzzer's report
# (its seed first) becomes diagnostics whatever the result.
fuzz() {
	local name=$1 pre=() out rc start=$SECONDS

	shift
	[ "$1" = as_nobody ] && { pre=(as_nobody); shift; }
	out=$("${pre[@]}" /usr/bin/python3 "$share/nlfuzz.py" --spec "$share/ssdk.yaml" \
		--target /dev/nullb0 --seed "$seed" "$@" 2>&1)
	rc=$?
	printf '%s\n' "$out" | sed 's/^/# /'
	ktap_diag "took $((SECONDS - start)) s, exit status $rc"
	if [ $rc = 0 ]; then
		ktap_pass "$name"
	else
		ktap_fail "$name"
	fi
}

io_after_fuzzing() {
	local out=$SSDK_TMP/fuzz-io.json

	"$SSDK_CLI" -j ctl run -q --target /dev/nullb0 --ios 1000 >"$out" || return 1
	jtest "$out" 'j["completed"] == 1000 and j["read"]["ios"] == 1000'
}

no_runs_left() {
	local n

	n=$(run_count) || return 1
	echo "runs kept: $n"
	[ "$n" = 0 ]
}

reload() {
	ssdk_load && "$SSDK_CLI" ctl info >/dev/null
}

ktap_plan 7
ktap_check "the fuzzer's checks catch made-up bad replies (self-test)" \
	/usr/bin/python3 "$share/nlfuzz.py" --spec "$share/ssdk.yaml" --self-test
ktap_diag "seed: $seed (SSDK_FUZZ_SEED=$seed replays it)"
fuzz "fuzz: $count messages as root, every reply well formed" \
	--count "$count" --file "$SSDK_TMP/fuzz-file"
fuzz "fuzz: $nobody_count messages as nobody, every one refused (EPERM for the spec's ops)" \
	as_nobody --count "$nobody_count" --expect-denied
ktap_check "no run is left after fuzzing" no_runs_left
ktap_check "a run of 1000 IOs on /dev/nullb0 completes 1000 after fuzzing" io_after_fuzzing
runs_clear
ktap_check "rmmod ssdk after fuzzing" ssdk_unload
ktap_check "insmod ssdk again, and it answers" reload
ktap_done
