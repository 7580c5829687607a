# SPDX-License-Identifier: GPL-2.0
#
# Where a selftest runs in make check, as it declares itself on one line
# near its top (adding a test is adding its file):
#
#   # ssdk-selftest: vm=main kernels=all time=45
#
# vm       main: the VM of one vCPU that runs most tests;
#          smp: a VM of two vCPUs, on the default kernel (the main one
#          elsewhere): races between CPUs;
#          beside: a VM of one vCPU with its own NVMe disk, beside the
#          others: tests that wait on a device's delays or need the disk
#          whole;
#          icount: deterministic guest time (scripts/vm-run --icount), for
#          latency ground truth.
# kernels  all, or default: the default kernel's only (make check-kernels
#          runs it on every kernel): logic that no kernel changes.
# time     its wall time in make check, in seconds, about: run_tests.sh
#          says when a run took more than twice as long.
#
# Sourced by scripts/check (from the tree's root) and run_tests.sh.

# selftest_decl FILE KEY: the value FILE declares for KEY; nothing when
# it declares none.
selftest_decl() {
	awk -v key="$2" '/^# ssdk-selftest:/ {
		for (i = 3; i <= NF; i++)
			if (split($i, kv, "=") == 2 && kv[1] == key)
				print kv[2]
		exit
	}' "$1"
}

# selftest_decl_check FILE: says on stderr what is wrong with FILE's
# declaration, and fails; succeeds silently when it is whole and valid.
selftest_decl_check() {
	local f=$1 vm kernels time

	vm=$(selftest_decl "$f" vm)
	kernels=$(selftest_decl "$f" kernels)
	time=$(selftest_decl "$f" time)
	case $vm in
	main | smp | beside | icount) ;;
	*) echo "$f: vm='$vm' is none of main, smp, beside, icount (# ssdk-selftest:, selftests/lib/placement.sh)" >&2; return 1 ;;
	esac
	case $kernels in
	all | default) ;;
	*) echo "$f: kernels='$kernels' is neither all nor default (# ssdk-selftest:)" >&2; return 1 ;;
	esac
	case $time in
	'' | *[!0-9]*) echo "$f: time='$time' is not a number of seconds (# ssdk-selftest:)" >&2; return 1 ;;
	esac
}
