# SPDX-License-Identifier: GPL-2.0
# One KTAP document made of sections (scripts/check, scripts/check-debug):
# each section is a function whose own KTAP document is nested under a
# result of its own. Source it, set SECTIONS_DIR (each section's output
# and the whole document, ktap.log, go there) and open fd 3 on where the
# document is shown.

# emit LINE...: a line of the document.
emit() { printf '%s\n' "$*" | tee -a "$SECTIONS_DIR/ktap.log" >&3; }

indent() { sed 's/^/  /'; }

# run_section N NAME FUNCTION [ARG...]: FUNCTION prints a KTAP document;
# it is nested under test point N, which passes when FUNCTION exits 0 and
# none of its own results failed.
run_section() {
	local n=$1 name=$2 f=$SECTIONS_DIR/section-$1.ktap rc

	shift 2
	"$@" >"$f" 2>&1
	rc=$?
	indent <"$f" | tee -a "$SECTIONS_DIR/ktap.log" >&3
	if [ $rc = 0 ] && ! grep -q '^not ok' "$f"; then
		emit "ok $n $name"
	else
		emit "not ok $n $name"
	fi
}
