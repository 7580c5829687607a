#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The userspace engines record latencies with the module's histogram code,
# not a copy of it: the CLI's and the library's histogram functions are
# compiled from kmod/hist.c and kmod/hist.h (their debug information says
# so), and nothing under userspace/ defines a function of that name.
# KTAP; run from userspace/ after the build.

echo "KTAP version 1"
echo "1..3"
n=0
fail=0
check() {
	n=$((n + 1))
	if [ -n "$2" ]; then
		echo "ok $n $1"
	else
		echo "not ok $n $1"
		fail=1
	fi
}

# nm -l: each symbol with the file and line its debug information gives.
src_of() { nm -l "$1" 2>/dev/null | awk -v s="$2" '$3 == s { print $4 }'; }

check "ssdk: hist_bucket_lower() is kmod/hist.c's" \
	"$(src_of ssdk hist_bucket_lower | grep '/kmod/hist\.c:')"
check "the engines record with hist_record() of kmod/hist.h, the only hist.h" \
	"$(grep -q 'hist_record(' engines/ujob.c && [ "$(find . ../kmod -name hist.h)" = ../kmod/hist.h ] && echo y)"
others=$(grep -rlE '^(static inline )?(u64|void|unsigned int|uint64_t) hist_[a-z_]+\(' \
	--include='*.[ch]' . | grep -v '^./tests/')
check "no histogram code of userspace's own${others:+ (found: $others)}" "$([ -z "$others" ] && echo y)"
exit $fail
