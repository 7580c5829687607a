#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Userspace runs the module's own code, not a copy of it: every function
# defined in common/*.c and every static inline of common/*.h that is in
# the ssdk binary or in libssdk.so.0 was compiled from common/ (their
# debug information says so: the symbol table's lines, nm -l, and the
# line table with its inlining, objdump -dl --inlines), each binary has
# every function of the common/*.c it compiles, the engines record with
# common/'s counters and histogram, and no function of those names is
# defined anywhere under userspace/ or kmod/.
#
# KTAP; run from userspace/ after the build.

cd "$(dirname "$0")/.." || exit 1
COMMON=../common
BINARIES="ssdk libssdk.so.0"

echo "KTAP version 1"
echo "1..$((3 + 3 * $(echo $BINARIES | wc -w)))"
n=0
fail=0

# result NAME PROBLEMS: a test point, failed when PROBLEMS (lines) is not empty.
result() {
	n=$((n + 1))
	if [ -z "$2" ]; then
		echo "ok $n $1"
	else
		printf '%s\n' "$2" | sed 's/^/# /'
		echo "not ok $n $1"
		fail=1
	fi
}

# defs FILE...: "FILE:LINE NAME" for each function FILE defines: a line at
# column 0 naming NAME( (attributes aside) whose statement reaches its "{"
# before any ";".
defs() {
	awk '
	function flush() {
		if (name != "" && body ~ /[{]/ &&
		    (index(body, ";") == 0 || index(body, "{") < index(body, ";")))
			print where " " name
		name = ""
	}
	FNR == 1 { flush() }
	name != "" {
		body = body $0
		if ($0 ~ /[;{]/)
			flush()
		next
	}
	/^[A-Za-z_]/ && !/^(typedef|enum|union) / {
		line = $0
		gsub(/__attribute__ *\(\([^)]*\)\)/, "", line)
		if (line !~ /^[A-Za-z_][^(]*[A-Za-z0-9_] *\(/)
			next
		sub(/ *\(.*/, "", line)
		nw = split(line, w, /[^A-Za-z0-9_]+/)
		name = w[nw]
		where = FILENAME ":" FNR
		body = $0
		if ($0 ~ /[;{]/)
			flush()
	}
	END { flush() }' "$@"
}

# The names of common/'s functions, one per line.
common_names() { defs $COMMON/*.c $COMMON/*.h | awk '{ print $2 }' | sort -u; }

# symbols BIN: "NAME FILE" for each symbol BIN defines, with the source
# file its debug information gives (nm -l).
symbols() {
	nm -l --defined-only "$1" | awk 'NF >= 4 { f = $4; sub(/:[0-9]+$/, "", f); print $3, f }'
}

# code BIN: "NAME FILE" for each function whose instructions BIN has, out
# of line or inlined, with the file its line table gives them: the
# innermost function of each place and every function it is inlined in.
code() {
	objdump -d -l --inlines "$1" | awk '
	/^[A-Za-z_][A-Za-z0-9_]*\(\):$/ { fn = substr($0, 1, length($0) - 3); next }
	fn != "" && /^\// { f = $1; sub(/:[0-9]+$/, "", f); print fn, f; fn = ""; next }
	/^inlined by / { f = $3; sub(/:[0-9]+$/, "", f); g = $4; gsub(/[()]/, "", g); print g, f }
	' | sort -u
}

# from_elsewhere PAIRS: the pairs "NAME FILE" of common/'s functions
# whose FILE is not in common/; none at all when there is no such pair.
from_elsewhere() {
	printf '%s\n' "$1" | awk -v names="$(common_names)" '
	BEGIN { split(names, list, "\n"); for (i in list) common[list[i]] = 1 }
	($1 in common) { any = 1 }
	($1 in common) && $2 !~ /\/common\/[^\/]+$/ { print $1 " from " $2 }
	END { if (!any) print "none of common/\047s functions found" }'
}

# how_many PAIRS: the functions of common/ PAIRS has.
how_many() {
	printf '%s\n' "$1" | awk -v names="$(common_names)" '
	BEGIN { split(names, list, "\n"); for (i in list) common[list[i]] = 1 }
	($1 in common) && !seen[$1]++ { n++ }
	END { print n + 0 }'
}

check_symbols() {
	local bin=$1 pairs

	pairs=$(symbols "$bin")
	result "$bin: its $(how_many "$pairs") symbols of functions of common/ were compiled from common/" \
		"$(from_elsewhere "$pairs")"
}

# check_code BIN PAIRS: PAIRS are code BIN's.
check_code() {
	result "$1: the code of its $(how_many "$2") functions of common/ comes from common/" \
		"$(from_elsewhere "$2")"
}

# check_whole BIN PAIRS: each common/*.c that BIN compiles (it has one of
# its functions) is in it whole: every function, from that file.
check_whole() {
	local bin=$1 pairs=$2 c f have missing=

	for c in $COMMON/*.c; do
		have=$(printf '%s\n' "$pairs" | awk -v c="/common/${c##*/}" '
			substr($2, length($2) - length(c) + 1) == c { print $1 }')
		[ -n "$have" ] || continue
		for f in $(defs "$c" | awk '{ print $2 }'); do
			printf '%s\n' "$have" | grep -qx "$f" ||
				missing="$missing
$f() of common/${c##*/} is not in it"
		done
	done
	result "$bin: has every function of each common/*.c it compiles" "${missing#?}"
}

# The engines count and record their IOs with common/'s code, inlined.
check_engines_record() {
	local missing=

	for f in hist_record ssdk_counts_record; do
		objdump -d -l --inlines ssdk | awk -v fn="$f():" '
		$0 == fn { cur = 1; next }
		cur == 1 && /^\// { cur = $1 ~ /\/common\// ? 2 : 0; next }
		cur == 2 && /^inlined by .*\/engines\// { found = 1 }
		!/^inlined by / { cur = 0 }
		END { exit !found }' || missing="$missing
$f() of common/ is not inlined in the engines"
	done
	result "ssdk: the engines record with common/'s hist_record() and ssdk_counts_record()" \
		"${missing#?}"
}

# No definition of a function of common/'s names elsewhere, tests included.
check_no_copies() {
	local copies

	copies=$(defs $(find . ../kmod -name '*.[ch]' | sort) |
		awk -v names="$(common_names)" '
		BEGIN { split(names, list, "\n"); for (i in list) common[list[i]] = 1 }
		$2 in common { print $2 "() defined at " $1 }')
	result "no function of common/ is defined under userspace/ or kmod/ (of $(common_names | wc -l))" \
		"$copies"
}

# Nor a header of the name of one of common/'s, which would shadow it.
check_no_headers() {
	local h copies=

	for h in $COMMON/*.h; do
		copies=$copies$(find . ../kmod -name "${h##*/}" -printf '\n%p shadows common/%f')
	done
	result "no header of userspace/ or kmod/ has the name of one of common/'s" "${copies#?}"
}

for bin in $BINARIES; do
	check_symbols "$bin"
	code=$(code "$bin")
	check_code "$bin" "$code"
	check_whole "$bin" "$code"
done
check_engines_record
check_no_copies
check_no_headers
exit $fail
