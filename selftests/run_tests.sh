#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Run ssdk's selftests and print one KTAP document: each test program's
# own KTAP output (ktap.sh's in shell, the kernel's ksft.py's in Python,
# lib/py/) nested as a subtest, then its result from its exit
# status (0 pass, 4 skip, anything else fail; kselftest's convention),
# each under the timeout in ./settings.
#
#   selftests/run_tests.sh [TEST...]     (default: TEST_PROGS of the Makefile)

cd "$(dirname "$0")" || exit 1
timeout=$(sed -n 's/^timeout=//p' settings)
# In deterministic guest time (scripts/vm-run --icount) the guest's clock
# leaps while it waits on the host; the runner's wall clock bounds it.
[ "${SSDK_VM_ICOUNT:-0}" = 1 ] && timeout=$((${timeout:-300} * 50))
# The debug kernel (KASAN, lockdep, kmemleak) is several times slower.
[ "${SSDK_DEBUG_KERNEL:-0}" = 1 ] && timeout=$((${timeout:-300} * 4))
if [ $# -eq 0 ]; then
	# shellcheck disable=SC2046
	set -- $(make -s --no-print-directory list)
fi

. lib/placement.sh

# hang_report: where the processes of test $t, about to time out, wait:
# their state (T: stopped, D: uninterruptible), kernel stack and the
# syscall they are in, as KTAP diagnostics, so that a timeout in CI says
# where it hung. timeout(1) makes the test a process group of its own,
# named after its pid.
hang_report() {
	local p g

	g=$(pgrep -o -f "^timeout -k 10 ${timeout:-300} ./$t\$") || return 0
	echo "# $t: still running $((${timeout:-300} - 30)) s in; its processes (pid ppid state wchan time command):"
	ps -eo pgid=,pid=,ppid=,stat=,wchan:24=,etime=,args= |
		awk -v g="$g" '$1 == g { $1 = ""; print "#  " $0 }'
	for p in $(ps -eo pgid=,pid= | awk -v g="$g" '$1 == g { print $2 }'); do
		[ -r "/proc/$p/stack" ] || continue
		echo "#   $p $(tr '\0' ' ' <"/proc/$p/cmdline" | cut -c1-120):"
		sed 's/^/#     /' "/proc/$p/stack" 2>/dev/null
		echo "#     syscall: $(cat "/proc/$p/syscall" 2>/dev/null)"
	done
}

echo "KTAP version 1"
echo "1..$#"
n=0
failed=0
for t in "$@"; do
	n=$((n + 1))
	t0=$SECONDS
	# The watch ends quietly with its sleep when the test ends first.
	(
		trap 'kill "$s" 2>/dev/null; exit 0' TERM
		sleep $((${timeout:-300} - 30)) </dev/null >/dev/null 2>&1 &
		s=$!
		wait "$s" && hang_report
	) &
	watch=$!
	timeout -k 10 "${timeout:-300}" "./$t" 2>&1 | sed -u 's/^/  /'
	rc=${PIPESTATUS[0]}
	kill "$watch" 2>/dev/null
	wait "$watch" 2>/dev/null
	echo "# $t: $((SECONDS - t0)) s"
	# Its expected time is plain emulation's, in make check.
	expected=$(selftest_decl "$t" time)
	[ "${SSDK_VM_ICOUNT:-0}" = 0 ] && [ "${SSDK_DEBUG_KERNEL:-0}" = 0 ] &&
		[ -n "$expected" ] && [ $((SECONDS - t0)) -gt $((2 * expected)) ] &&
		echo "# $t: more than twice its expected ${expected} s (its # ssdk-selftest: line)"
	case $rc in
	0) echo "ok $n selftests: ssdk: $t" ;;
	4) echo "ok $n selftests: ssdk: $t # SKIP" ;;
	124) echo "# $t: timed out after ${timeout}s"
		echo "not ok $n selftests: ssdk: $t # TIMEOUT"; failed=1 ;;
	*) echo "not ok $n selftests: ssdk: $t # exit=$rc"; failed=1 ;;
	esac
done
exit $failed
