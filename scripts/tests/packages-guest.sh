#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Inside the guest that scripts/check-packages boots on a root with the
# packages installed: the installed ssdk (/usr/bin) drives the module
# DKMS built (/lib/modules/RELEASE/updates/dkms) on null_blk, and the
# installed Python package reads the run's results. Only the system's
# paths: nothing of the repository's builds. Prints KTAP.
#
#   scripts/tests/packages-guest.sh VERSION

PATH=/usr/sbin:/usr/bin:/sbin:/bin
unset PYTHONPATH SSDK_LIBRARY
. "$SSDK_REPO/selftests/lib/ktap.sh"
version=$1
rel=$(uname -r)
cd /tmp || exit 1

# field FILE KEY: a top-level field of a JSON document.
field() { python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))[sys.argv[2]])' "$@"; }

ktap_plan 8
ktap_check "ssdk on PATH is /usr/bin/ssdk, of the package ssdk" \
	eval '[ "$(command -v ssdk)" = /usr/bin/ssdk ] && dpkg -S /usr/bin/ssdk | grep -q "^ssdk: "'
ktap_check "modprobe ssdk loads DKMS's module from /lib/modules/$rel/updates/dkms" \
	eval 'modinfo -n ssdk | grep -q "^/lib/modules/$rel/updates/dkms/ssdk\.ko" && modprobe ssdk &&
		[ "$(cat /sys/module/ssdk/version)" = "$version" ]'
ktap_check "ssdk ctl info: the module answers, its version the package's ($version)" \
	eval 'ssdk -j ctl info >info.json && [ "$(field info.json version)" = "$version" ] &&
		[ "$(field info.json kernel_release)" = "$rel" ]'

modprobe null_blk nr_devices=1 gb=1
id=
if [ -b /dev/nullb0 ] && id=$(ssdk ctl start --target /dev/nullb0 --rw randread --bs 4k \
	--iodepth 4 --runtime 2s) && ssdk ctl wait "$id" >/dev/null &&
	ssdk -j ctl results "$id" >run.json; then
	ktap_check "a run on null_blk through the installed ssdk: done, IOs read" \
		eval '[ "$(field run.json state)" = done ] &&
			python3 -c "import json; assert json.load(open(\"run.json\"))[\"read\"][\"ios\"] > 0"'
else
	ktap_fail "a run on null_blk through the installed ssdk: done, IOs read" "no run (id '$id')"
fi

# The Python package, installed: it reads the run from the module
# through libssdk.so.0 found where the system keeps libraries, and the
# CLI's JSON of it; both say the same.
ktap_check "python3-ssdk reads the run from the module through the installed libssdk.so.0" \
	python3 - "$id" <<'PY'
import sys

import ssdk
from ssdk import _lib

assert ssdk.__file__.startswith("/usr/lib/python3/dist-packages/ssdk/"), ssdk.__file__
assert ssdk.__version__ == open("info.json").read().split('"version": "')[1].split('"')[0]
with ssdk.Controller() as ctl:
    r = ctl.results(int(sys.argv[1]))
maps = open("/proc/self/maps").read()
assert "/usr/lib/x86_64-linux-gnu/libssdk.so.0" in maps, "libssdk.so.0 not the installed one"
j = ssdk.load("run.json")
assert r.read.ios == j.read.ios > 0, (r.read.ios, j.read.ios)
assert r.id == j.id and r.state == j.state == "done"
PY
[ "$KTAP_FAIL" = 0 ] || for f in info.json run.json; do sed "s/^/# $f: /" "$f" 2>/dev/null | head -n 5; done
ktap_check "ssdk ctl delete, then rmmod ssdk" eval 'ssdk ctl delete "$id" && rmmod ssdk'
# A shipped suite by its name: found (the review goes on to refuse the
# target), where a name it does not ship is not.
review_refuses() {
	! ssdk review "$1" --target /dev/none --out /tmp/rv --allow-write 2>rv.err &&
		grep -qxF "$2" rv.err || { cat rv.err; return 1; }
}
ktap_check "ssdk review finds a shipped suite by its name in /usr/share/ssdk/suites" \
	eval 'review_refuses anandtech-2009 "ssdk: --target: /dev/none is not a block device" &&
		review_refuses nosuch "ssdk: nosuch: No such file or directory"'
ktap_check "the man pages and the completion are the packages': ssdk-ctl-run(1) has --iodepth, ssdk-report(1) --output, bash completes ssdk" \
	eval 'dpkg -S /usr/share/man/man1/ssdk-ctl-run.1.gz | grep -q "^ssdk: " &&
		zcat /usr/share/man/man1/ssdk-ctl-run.1.gz | grep -q -- "iodepth" &&
		dpkg -S /usr/share/man/man1/ssdk-report.1.gz | grep -q "^python3-ssdk: " &&
		zcat /usr/share/man/man1/ssdk-report.1.gz | grep -q -- "output" &&
		bash -c ". /usr/share/bash-completion/completions/ssdk && complete -p ssdk" | grep -qx "complete -F _ssdk ssdk"'
ktap_done
