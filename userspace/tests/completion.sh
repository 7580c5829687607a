#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The bash completion (completion/ssdk) driven as bash drives it: COMP_LINE,
# COMP_POINT, and COMP_WORDS and COMP_CWORD split at COMP_WORDBREAKS, then
# _ssdk and its COMPREPLY; with bash-completion's library loaded (as an
# installed completion runs) and without it. What it must offer is read
# from the CLI's own answers (ssdk -j help, ssdk -j ctl profiles), the
# shipped suites and /sys/class/block, never listed here. KTAP.
#
#   tests/completion.sh [SSDK]

cd "$(dirname "$0")/.." || exit 1
SSDK=${1:-$PWD/ssdk}
BASH_COMPLETION=/usr/share/bash-completion/bash_completion
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
"$SSDK" -j help >"$TMP/help.json" || exit 1
"$SSDK" -j ctl profiles >"$TMP/profiles.json" || exit 1

# Reads of the dump, one result a line: q 'PYTHON LIST over d'; c["path"]
# is a command's words after ssdk ("ctl run").
q() {
	python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
for c in d["commands"]:
    c["path"] = ((c["group"] or "") + " " + c["name"]).strip()
[print(x) for x in '"$1"']' "$TMP/help.json"
}

# complete LINE: COMPREPLY for the cursor at LINE's end, sorted, a line
# each; LINE's ssdk is $SSDK.
complete_line() {
	local line=$SSDK${1#ssdk} w
	COMP_LINE=$line
	COMP_POINT=${#line}
	COMP_WORDBREAKS=$' \t\n"\'><=;|&(:'
	COMP_WORDS=()
	# As bash splits: at blanks, and a word break of = or : is its own word.
	for w in $line; do
		while [[ $w =~ ^([^=:]*)([=:])(.*)$ ]]; do
			[ -n "${BASH_REMATCH[1]}" ] && COMP_WORDS+=("${BASH_REMATCH[1]}")
			COMP_WORDS+=("${BASH_REMATCH[2]}")
			w=${BASH_REMATCH[3]}
		done
		[ -n "$w" ] && COMP_WORDS+=("$w")
	done
	[[ $line == *" " || $line == *[=:] ]] && COMP_WORDS+=("")
	COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
	COMPREPLY=()
	_ssdk "$SSDK" "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
	printf '%s\n' "${COMPREPLY[@]}" | sort -u | grep .
}

n=0
fails=0
# check NAME EXPECTED GOT: the same lines, in any order.
check() {
	n=$((n + 1))
	if [ "$(sort -u <<<"$2" | grep .)" = "$(grep . <<<"$3")" ]; then
		echo "  ok $n $1"
	else
		echo "  # expected: $(sort -u <<<"$2" | tr '\n' ' ')"
		echo "  # got:      $(tr '\n' ' ' <<<"$3")"
		echo "  not ok $n $1"
		fails=$((fails + 1))
	fi
}

# includes NAME EXPECTED GOT: every line of EXPECTED is among GOT's.
includes() {
	n=$((n + 1))
	local missing
	missing=$(comm -23 <(sort -u <<<"$2" | grep .) <(sort -u <<<"$3"))
	if [ -z "$missing" ] && [ -n "$2" ]; then
		echo "  ok $n $1"
	else
		echo "  # missing: $(tr '\n' ' ' <<<"$missing")"
		echo "  not ok $n $1"
		fails=$((fails + 1))
	fi
}

# The commands ssdk runs as ssdk-NAME (cli/cmd/external.h), where it looks:
# beside itself, its libexec directory, PATH.
externals() {
	local d p

	for d in "$(dirname "$SSDK")" /usr/local/libexec/ssdk ${PATH//:/ }; do
		for p in "$d"/ssdk-*; do
			[[ -x $p && ${p##*/ssdk-} =~ ^[a-z0-9-]+$ ]] && echo "${p##*/ssdk-}"
		done
	done
}

run_checks() {
	local mode=$1 g path opt opts values
	echo "# $mode"
	check "$mode: commands and groups, and the ssdk-NAME programs'" \
		"$(q 'd["groups"]'; q '[c["name"] for c in d["commands"] if not c["group"]]'; externals)" \
		"$(complete_line "ssdk ")"
	# ssdk-review completes itself, from its own parser
	check "$mode: review's options" \
		"$(/usr/bin/python3 -c 'import sys; sys.path.insert(0, "python")
from ssdk.review import parser
[print(o) for a in parser()._actions for o in a.option_strings if o.startswith("--")]')" \
		"$(complete_line "ssdk review --")"
	check "$mode: review's --fs" "$(printf 'ext4\nxfs\nbtrfs\nntfs\nexfat\n')" "$(complete_line "ssdk review --fs ")"
	for g in $(q 'd["groups"]'); do
		check "$mode: ssdk $g's commands" \
			"$(q '[c["name"] for c in d["commands"] if c["group"] == "'"$g"'"]')" \
			"$(complete_line "ssdk $g ")"
	done
	check "$mode: a prefix" \
		"$(q '[c["name"] for c in d["commands"] if c["group"] == "ctl" and c["name"].startswith("st")]')" \
		"$(complete_line "ssdk ctl st")"
	# Every command's options, and every value of every option that has names.
	while IFS=$'\t' read -r path opts; do
		check "$mode: $path's options" "$(tr ' ' '\n' <<<"$opts")" \
			"$(complete_line "ssdk $path --")"
	done < <(q '[c["path"] + "\t" + " ".join("--" + o["name"] for o in c["options"]) for c in d["commands"]]')
	while IFS=$'\t' read -r path opt values; do
		check "$mode: $path --$opt's values" "$(tr ' ' '\n' <<<"$values")" \
			"$(complete_line "ssdk $path --$opt ")"
	done < <(q '[c["path"] + "\t" + o["name"] + "\t" + " ".join(v["name"] for v in o["values"]) for c in d["commands"] for o in c["options"] if o["values"]]')
	# A command's options are its own: a purge draws no IO, has no engine.
	check "$mode: ctl purge's options: none of run's" "" \
		"$(comm -12 <(printf '%s\n' --engine --engines --file --profile --rw | sort) \
			<(complete_line "ssdk ctl purge --"))"
	includes "$mode: ctl purge's options: its own" "$(printf '%s\n' --target --method --allow-write)" \
		"$(complete_line "ssdk ctl purge --")"
	check "$mode: ctl purge --engine: no value of an option it does not take" "" \
		"$(complete_line "ssdk ctl purge --engine ")"
	check "$mode: --rw=VALUE" \
		"$(q '[v["name"] for c in d["commands"] if c["name"] == "run" for o in c["options"] if o["name"] == "rw" for v in o["values"] if v["name"].startswith("rand")]')" \
		"$(complete_line "ssdk ctl run --rw=rand")"
	check "$mode: --profile's profiles" \
		"$(python3 -c 'import json, sys; [print(p["name"]) for p in json.load(open(sys.argv[1]))]' "$TMP/profiles.json")" \
		"$(complete_line "ssdk ctl run --profile ")"
	check "$mode: study's --profile list: its last name" \
		"$(python3 -c 'import json, sys; [print("tomshardware-qd-randread," + p["name"]) for p in json.load(open(sys.argv[1])) if p["name"].startswith("anandtech-2009")]' "$TMP/profiles.json")" \
		"$(complete_line "ssdk study --profile tomshardware-qd-randread,anandtech-2009")"
	includes "$mode: --target's block devices" \
		"$(for b in /sys/class/block/*; do echo "/dev/${b##*/}"; done)" \
		"$(complete_line "ssdk ctl run --target /dev/")"
	includes "$mode: review's suites" \
		"$(for s in ../suites/*.ini; do s=${s##*/}; echo "${s%.ini}"; done)" \
		"$(complete_line "ssdk review ")"
	check "$mode: study's operand" "new-vs-used" "$(complete_line "ssdk study ")"
	check "$mode: --out DIR: directories" \
		"$(compgen -d -- cl)" "$(complete_line "ssdk review --out cl")"
}

echo "KTAP version 1"
echo "1..2"
# Without the module, as on this host: no run ids, and nothing said.
[ -e /sys/module/ssdk ] && echo "# the module is loaded here: run ids may be offered"
(
	. completion/ssdk
	run_checks "plain bash"
	if [ ! -e /sys/module/ssdk ]; then
		err=$(complete_line "ssdk ctl status " 2>&1 >/dev/null)
		check "plain bash: no module, no run id and nothing said" "" \
			"$(complete_line "ssdk ctl status " 2>&1)$err"
	fi
	echo "  1..$n"
	exit $((fails != 0))
) && echo "ok 1 plain bash" || echo "not ok 1 plain bash"
(
	if [ ! -r "$BASH_COMPLETION" ]; then
		echo "ok 2 with bash-completion # SKIP $BASH_COMPLETION is missing"
		exit 0
	fi
	# shellcheck source=/dev/null
	. "$BASH_COMPLETION"
	. completion/ssdk
	run_checks "bash-completion"
	echo "  1..$n"
	[ $fails = 0 ] && echo "ok 2 with bash-completion" || echo "not ok 2 with bash-completion"
)
