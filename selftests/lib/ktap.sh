# SPDX-License-Identifier: GPL-2.0
# KTAP output for shell tests (Documentation/dev-tools/ktap.rst).
#
#   ktap_plan 3
#   ktap_check "module loads" insmod ssdk.ko
#   ktap_skip "needs brd" "brd is not available"
#   ktap_done          # exits 0 when every planned test passed or skipped
#
# Exit codes follow kselftest: 0 pass, 1 fail, 4 skip.

KTAP_NUM=0
KTAP_PLAN=0
KTAP_PASS=0
KTAP_FAIL=0
KTAP_SKIP=0
KSFT_SKIP=4

ktap_plan() {
	KTAP_PLAN=$1
	echo "KTAP version 1"
	echo "1..$1"
}

ktap_diag() { echo "# $*"; }

ktap_pass() {
	KTAP_NUM=$((KTAP_NUM + 1))
	KTAP_PASS=$((KTAP_PASS + 1))
	echo "ok $KTAP_NUM $1"
}

# ktap_fail NAME [WHY...]: WHY goes out as diagnostics before the result.
ktap_fail() {
	local name=$1

	shift
	[ $# -gt 0 ] && ktap_diag "$*"
	KTAP_NUM=$((KTAP_NUM + 1))
	KTAP_FAIL=$((KTAP_FAIL + 1))
	echo "not ok $KTAP_NUM $name"
}

ktap_skip() {
	KTAP_NUM=$((KTAP_NUM + 1))
	KTAP_SKIP=$((KTAP_SKIP + 1))
	echo "ok $KTAP_NUM $1 # SKIP ${2:-}"
}

# ktap_check NAME COMMAND...: pass when COMMAND succeeds; its output
# becomes diagnostics when it fails. A check of 10 s or more says how
# long it took, so that a file near its timeout shows where time goes.
ktap_check() {
	local name=$1 out t0=$SECONDS rc=0

	shift
	out=$("$@" 2>&1) || rc=1
	[ $((SECONDS - t0)) -ge 10 ] && ktap_diag "took $((SECONDS - t0)) s"
	if [ $rc = 0 ]; then
		ktap_pass "$name"
	else
		[ -n "$out" ] && printf '%s\n' "$out" | sed 's/^/# /'
		ktap_fail "$name"
	fi
}

# ktap_check_logic NAME COMMAND...: ktap_check of logic that is the same
# whatever the kernel under it: userspace's over the module, or the
# module's own over no kernel interface of its own. make check runs those
# on its default kernel, and says so to the others with
# SSDK_CHECK_SCOPE=kernel: there they skip (make check-kernels runs them
# everywhere).
ktap_check_logic() {
	if [ "${SSDK_CHECK_SCOPE:-all}" = kernel ]; then
		ktap_skip "$1" "the same logic on every kernel: tested on the default one"
	else
		ktap_check "$@"
	fi
}

ktap_skip_all() {
	echo "KTAP version 1"
	echo "1..0 # SKIP $*"
	exit $KSFT_SKIP
}

ktap_bail() {
	echo "Bail out! $*"
	exit 1
}

ktap_done() {
	echo "# totals: pass:$KTAP_PASS fail:$KTAP_FAIL skip:$KTAP_SKIP"
	if [ "$KTAP_NUM" -ne "$KTAP_PLAN" ]; then
		echo "# planned $KTAP_PLAN tests but ran $KTAP_NUM"
		exit 1
	fi
	[ "$KTAP_FAIL" -eq 0 ] || exit 1
	[ "$KTAP_PASS" -eq 0 ] && [ "$KTAP_SKIP" -gt 0 ] && exit $KSFT_SKIP
	exit 0
}
