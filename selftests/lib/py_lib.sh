# SPDX-License-Identifier: GPL-2.0
# The Python helpers of lib/ (checks, jget, pattern, ynl) for the shell
# scripts, through one Python that imported them (lib/helper_server.py).
# Sourced by lib/ssdk.sh, and by run_tests.sh, which starts the server
# once for all the scripts it runs: a server of each script's own cost
# four seconds of an emulated guest's CPU, importing. A script run alone
# starts its own.

SELFTESTS_DIR=${SELFTESTS_DIR:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}
YNL_CLI=${YNL_CLI:-${SSDK_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/ssdk}/src/linux-6.12/tools/net/ynl/cli.py}

# py_lib HELPER ARG...: a Python helper of lib/ with the caller's
# directory, stdin, stdout, stderr and exit status. Each answers from the
# server, which forks a child for each call: a Python started afresh
# costs a second of an emulated guest's CPU, and a script makes a hundred
# calls. Without the server (no loopback), a Python for the call. The
# call's files are $SSDK_TMP/py.PID.*.
py_lib() {
	local io=$SSDK_TMP/py.$BASHPID in=0 a fd rc out

	for a; do [ "$a" = - ] && in=1; done
	[ -n "$PY_LIB_PORT" ] && { exec {fd}<>"/dev/tcp/127.0.0.1/$PY_LIB_PORT"; } 2>/dev/null
	if [ -z "$fd" ]; then
		PYTHONPATH=$SELFTESTS_DIR/lib /usr/bin/python3 -m "$@"
		return
	fi
	[ $in = 1 ] && cat >"$io.in"
	printf '%s\0' $(($# + 3)) "$PWD" "$io" $in "$@" >&"$fd"
	IFS= read -r -d '' rc <&"$fd"
	exec {fd}<&-
	IFS= read -r -d '' out <"$io.out"
	printf '%s' "$out"
	IFS= read -r -d '' out <"$io.err"
	printf '%s' "$out" >&2
	return "${rc:-1}"
}

# py_lib_serve PID: start the server, which serves until process PID is
# gone, and set PY_LIB_PORT (exported: the scripts PID runs share it).
# Not PID's child, so that its wait does not wait for it. Not -S: ynl's
# PyYAML is a site package.
py_lib_serve() {
	exec {PY_LIB_FD}< <(SSDK_YNL_CLI=$YNL_CLI /usr/bin/python3 "$SELFTESTS_DIR/lib/helper_server.py" \
		"$1" </dev/null 2>/dev/null &)
	read -r PY_LIB_PORT <&"$PY_LIB_FD"
	exec {PY_LIB_FD}<&-
	export PY_LIB_PORT
}

# A server that answers, or one of this script's own.
py_lib_alive() {
	local fd

	[ -n "${PY_LIB_PORT:-}" ] && { exec {fd}<>"/dev/tcp/127.0.0.1/$PY_LIB_PORT"; } 2>/dev/null &&
		exec {fd}<&-
}
py_lib_alive || py_lib_serve $$
