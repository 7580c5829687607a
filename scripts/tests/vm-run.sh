#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Tests of scripts/vm-run itself, run on the host; each boots a guest of
# the default kernel with one vCPU. Prints KTAP.

cd "$(dirname "$0")/../.." || exit 1
. selftests/lib/ktap.sh

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Job directories go here, so the test can see that they are removed.
export TMPDIR=$tmp/jobs
mkdir -p "$TMPDIR"

vm() { scripts/vm-run --cpus 1 --no-ssdk "$@"; }

# expect_status NAME STATUS PATTERN VM-ARGS...: vm-run exits with STATUS
# and its combined output matches PATTERN.
expect_status() {
	local name=$1 want=$2 pattern=$3 out rc

	shift 3
	out=$(vm "$@" 2>&1)
	rc=$?
	if [ "$rc" = "$want" ] && { [ -z "$pattern" ] || printf '%s' "$out" | grep -qE -- "$pattern"; }; then
		ktap_pass "$name"
	else
		ktap_fail "$name" "exit $rc (want $want); output: $(printf '%s' "$out" | tail -n 5)"
	fi
}

# One guest for what a command that ends shows: its exit status, its two
# streams apart, the repository writable at its own path, the NVMe and
# SATA disks asked for, in order, and the guest's clock at the host's rate over a 6 s sleep:
# without that rate every guest-side timeout fires early or late (a CI
# host once ran a guest at 3x). Each boot costs a core ~15 s.
f=build/vm-run-test.$$
rm -f "$f" "$f.size"
vm --disk nvme:64M --disk ahci:32M -- sh -c 'echo to-stdout; echo to-stderr >&2
	echo written-in-guest >"$1"
	for d in $SSDK_VM_DISKS; do echo "$d $(blockdev --getsize64 "$d")"; done >"$2"
	sleep 6; exit 7' _ "$PWD/$f" "$PWD/$f.size" \
	>"$tmp/out" 2>"$tmp/err"
rc=$?

# A guest told a third of the TSC's real rate runs three times fast.
clock_fast() {
	local khz

	khz=$(cat "${SSDK_CACHE:-$HOME/.cache/ssdk}"/host/tsc-khz.* 2>/dev/null | head -n 1)
	[ -n "$khz" ] || { echo "no measured TSC rate"; return 1; }
	vm --append "tsc_early_khz=$((khz / 3))" -- sleep 24 2>&1 | grep -qE "clock ran at (2\.[89]|3\.[01])"
}

ktap_plan 19
ktap_check "exit status is the command's" test "$rc" = 7
ktap_check "stdout and stderr come back apart" \
	eval '[ "$(cat "$tmp/out")" = to-stdout ] && grep -qx to-stderr "$tmp/err"'
ktap_check "the repository is writable at its own path" \
	eval '[ "$(cat "$f" 2>/dev/null)" = written-in-guest ]'
ktap_check "an NVMe disk of the asked size, its path in SSDK_VM_DISKS" \
	eval 'sed -n 1p "$f.size" 2>/dev/null | grep -qx "/dev/nvme[0-9]*n1 67108864"'
ktap_check "a SATA disk of the asked size (libata's sdX), its path next" \
	eval 'sed -n 2p "$f.size" 2>/dev/null | grep -qx "/dev/sd[a-z] 33554432"'
ktap_check "the guest clock runs at the host's rate" eval '! grep -q "clock ran at" "$tmp/err"'
rm -f "$f" "$f.size"
expect_status "a command that outlives --timeout gives 124" 124 "timed out after 3s" \
	--timeout 3 -- sleep 60
expect_status "a guest panic gives 125 and the console" 125 "Kernel panic" \
	-- sh -c 'echo c >/proc/sysrq-trigger'
expect_status "a kernel stack dump fails a passing command" 125 "reported problems" \
	-- sh -c 'echo l >/proc/sysrq-trigger; sleep 1'
# No init in the initramfs: the kernel panics while booting, before the
# command; the runner boots once more, says so, and then gives up.
boot_again() {
	local out rc

	out=$(vm --append rdinit=/ssdk-no-such-init -- true 2>&1)
	rc=$?
	[ "$rc" = 125 ] && [ "$(grep -c "died while booting, before the command" <<<"$out")" = 1 ] ||
		{ echo "exit $rc: $(tail -n 5 <<<"$out")"; return 1; }
}
ktap_check "a guest that dies while booting boots once more, then fails with 125" boot_again
ktap_check "a guest clock off by a multiple is reported" clock_fast
# A served guest over SSH (scripts/tests/fleet.sh drives two with
# Ansible, outside make check): sshd answers on the port with the run's
# host key, the command over SSH finds the disk and python3 (Ansible's
# need), the guest's clock is the host's, and the stop file ends it
# cleanly, its ssh_config removed.
served() {
	local port conf=$tmp/served.ssh pid n out rc ms

	port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
	vm --disk nvme:64M --timeout 300 --ssh "$port" --ssh-config "$conf" --serve \
		>"$tmp/served.log" 2>&1 &
	pid=$!
	for n in $(seq 300); do
		[ -e "$conf" ] || ! kill -0 "$pid" 2>/dev/null && break
		sleep 1
	done
	out=$(ssh -F "$conf" ssdk-vm 'blockdev --getsize64 $(cat /run/ssdk-vm/disks); python3 -c "print(42)"
		f=/run/ssdk-vm/probe; : >$f; echo $(( ($(date +%s%N) - $(stat -c %.9Y $f | tr -d .)) / 1000000 ))
		touch /run/ssdk-vm/stop' 2>&1)
	wait "$pid"
	rc=$?
	# The clock: within half a second of the host's (set from it at boot).
	[ "$(sed -n 1,2p <<<"$out")" = "$(printf '67108864\n42')" ] &&
		ms=$(sed -n 3p <<<"$out") && [ "${ms#-}" -lt 500 ] 2>/dev/null &&
		[ "$rc" = 0 ] && [ ! -e "$conf" ] ||
		{ echo "exit $rc; over SSH: $out"; tail -n 5 "$tmp/served.log"; return 1; }
}
ktap_check "a served guest: SSH on its port with its own keys, its disk, the host's clock" served
expect_status "an unknown option is refused" 2 "unknown option '--bogus'" --bogus -- true
expect_status "--ssh wants a port" 1 "wants a TCP port, not '70000'" --ssh 70000 -- true
expect_status "--serve runs no command" 2 "runs no command" --serve --ssh 2222 -- true
# A root of its own brings its own sshd (no package layer over it).
mkdir -p "$tmp/bare-root"
expect_status "--ssh with a --root that has no sshd is refused" 1 \
	"no /usr/sbin/sshd in it" --root "$tmp/bare-root" --ssh 2222 --serve
expect_status "an unknown kernel is refused" 1 "unknown kernel '5.10'" --kernel 5.10 -- true
expect_status "a kernel only built for is refused" 1 "6.1-686 is only built for, never booted" \
	--kernel 6.1-686 -- true
ktap_check "job directories and disk images are removed" \
	test -z "$(ls -A "$TMPDIR")"
ktap_done
