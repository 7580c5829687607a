#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Tests of scripts/vm/kernel-reports on the host, over two kernel logs
# of the KCSAN debug kernel. kernel-reports/kcsan.log: the reports of
# check-debug runs (two of them reached from ssdk: an hrtimer sleeper
# and blk-mq's tags), the canary's race and use-after-free, and one
# made-up race of two ssdk threads inside a kernel function. made-up.log:
# a race of each kind the rule tells apart (ssdk's access against an
# interrupt that came over ssdk; at unknown origin, from ssdk and from an
# interrupt over it; a softirq that a task of ssdk's ran). What
# --summary must print for LOG is in LOG.summary. Prints KTAP.

cd "$(dirname "$0")/../.." || exit 1
. selftests/lib/ktap.sh

REPORTS=scripts/vm/kernel-reports
LOG=scripts/tests/kernel-reports/kcsan.log

# same NAME WANT GOT: the two texts are equal, or the difference shows.
same() {
	if [ "$2" = "$3" ]; then
		ktap_pass "$1"
	else
		diff <(printf '%s\n' "$2") <(printf '%s\n' "$3") | head -n 20 | sed 's/^/# /'
		ktap_fail "$1"
	fi
}

ktap_plan 6
same "each report once, classified, with its count and selftests" \
	"$(cat scripts/tests/kernel-reports/kcsan.summary)" "$("$REPORTS" --summary "$LOG")"
same "ssdk's access, ssdk on both sides, the interrupt and softirq entries, unknown origins" \
	"$(cat scripts/tests/kernel-reports/made-up.summary)" \
	"$("$REPORTS" --summary scripts/tests/kernel-reports/made-up.log)"
same "fatal: ssdk's races (its access, or both stacks from it) and the KASAN report" \
	"$(printf '%s\n' "BUG: KCSAN: data-race in bio_add_page / bio_add_page" \
		"BUG: KCSAN: data-race in canary_racer [ssdk_canary] / canary_racer [ssdk_canary]" \
		"BUG: KASAN: slab-use-after-free in canary_init+0x2fa/0xff0 [ssdk_canary]")" \
	"$("$REPORTS" --only fatal --summary "$LOG" | cut -f4)"
same "a core kernel race with a frame of ssdk in a stack says so" \
	"$(printf '%s\n' "internal: KCSAN: seen 2 times (ssdk_security.sh, ssdk_control.sh), reached from ssdk" \
		"internal: KCSAN: seen 1 time (ssdk_control.sh), reached from ssdk")" \
	"$("$REPORTS" --only internal "$LOG" | grep 'reached from')"
same "--rest: the log without the reports" \
	"$(grep 'ssdk-check-debug:' "$LOG")" "$("$REPORTS" --rest "$LOG")"
out=$("$REPORTS" --only nothing "$LOG" 2>&1)
rc=$?
if [ $rc = 2 ] && grep -q '^usage: ' <<<"$out"; then
	ktap_pass "an unknown class: usage, exit 2"
else
	ktap_fail "an unknown class: usage, exit 2" "exit $rc: $out"
fi
ktap_done
