#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# ssdk-selftest: vm=main kernels=default time=25
#
# The bash completion (userspace/completion/ssdk) completes run ids live
# from the module: the commands that take one (status, stop, wait,
# results, delete) are offered exactly the runs `ssdk -j ctl list` shows,
# by prefix, as they come and go; with the module unloaded, nothing, and
# nothing said. Its completion of commands, options and their values is
# tested on the host (userspace/tests/completion.sh).

. "$(dirname "$0")/lib/ssdk.sh"
ssdk_setup_fresh

COMPLETION=$SSDK_REPO/userspace/completion/ssdk
RUN_ID_COMMANDS="status stop wait results delete"

# complete WORDS: what bash completion offers after "ssdk WORDS" (the
# cursor at the end of the line), a line each in numeric order; what
# the script or the CLI says on stderr is kept too.
complete() {
	bash -c '. "$1"
		COMP_LINE=$2; COMP_POINT=${#2}
		read -ra COMP_WORDS <<<"$2"
		[[ $2 == *" " ]] && COMP_WORDS+=("")
		COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
		_ssdk; printf "%s\n" "${COMPREPLY[@]}"' _ "$COMPLETION" "$SSDK_CLI $*" 2>&1 |
		grep . | sort -n
}

listed() { "$SSDK_CLI" -j ctl list | $JGET - '"\n".join(str(r["id"]) for r in j)' | sort -n; }

# every_command_offers EXPECTED: each run-id command offers EXPECTED.
every_command_offers() {
	local c got

	for c in $RUN_ID_COMMANDS; do
		got=$(complete "ctl $c ")
		[ "$got" = "$1" ] || { ktap_diag "ctl $c: '$got', not '$1'"; return 1; }
	done
}

ktap_plan 5
nullb_load nr_devices=1 gb=1 || ktap_bail "no null_blk"
runs_clear

# A run that goes on, two that ended.
run_start_hour /dev/nullb0 >/dev/null
"$SSDK_CLI" ctl run -q --target /dev/nullb0 --ios 100 >/dev/null
"$SSDK_CLI" ctl run -q --target /dev/nullb0 --ios 100 >/dev/null
ids=$(listed)
ktap_check "three runs: each run-id command offers their ids, as ctl list has them" \
	eval '[ "$(wc -l <<<"$ids")" = 3 ] && every_command_offers "$ids"'
first=$(head -1 <<<"$ids")
ktap_check "a prefix: the ids that start with it" \
	eval '[ "$(complete "ctl status ${first:0:1}")" = "$(grep "^${first:0:1}" <<<"$ids")" ]'
ktap_check "ctl wait takes one id: none offered after it" \
	eval '[ -z "$(complete "ctl wait $first ")" ]'
runs_clear
ktap_check "the runs deleted: no id offered" every_command_offers ""
ssdk_unload
ktap_check "the module unloaded: no id offered, nothing said" \
	eval '! ssdk_loaded && every_command_offers ""'
ssdk_load
ktap_done
