#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The fleet through Ansible, end to end: two guests of scripts/vm-run,
# each with its own emulated NVMe disk and reached over SSH, driven from
# the host by ansible-core with ansible/fleet.yml (install, load the
# module, one run on each at a common start, fetch, merge). Checks that
# the merge is the exact sum of the two hosts' results and that both
# started within START_BOUND_MS of the common start; prints the merged
# table and the wall time. Prints KTAP.
#
# The role installs the tree's build outputs (ssdk_install: tree), or,
# with --packages ROOT, the Debian packages of build/deb (ssdk_install:
# deb, ssdk_deb_dir): both guests boot ROOT, a Debian root where they
# are installed already and DKMS built the module for K, with sshd and
# python3 (scripts/check-packages makes it); the role's apt-get must
# leave them as they are, modprobe load DKMS's module, and the
# controller merge with ROOT's ssdk-fleet, the python3-ssdk package's.
#
#   scripts/tests/fleet.sh [--kernel K]                 (make check-fleet)
#   scripts/tests/fleet.sh --kernel K --packages ROOT   (make check-packages)

cd "$(dirname "$0")/../.." || exit 1
. selftests/lib/ktap.sh
. scripts/lib/common.sh

kernel=$SSDK_KERNEL_DEFAULT
root=
while [ $# -gt 0 ]; do
	case $1 in
	--kernel) kernel=${2:?--kernel wants a kernel}; shift ;;
	--packages) root=${2:?--packages wants a root}; shift ;;
	*) echo "usage: scripts/tests/fleet.sh [--kernel K] [--packages ROOT]" >&2; exit 2 ;;
	esac
	shift
done
debs=$PWD/build/deb
if [ -n "$root" ]; then
	[ -x "$root/usr/bin/ssdk-fleet" ] && [ -x "$root/usr/sbin/sshd" ] || {
		echo "fleet.sh: --packages $root: no root with python3-ssdk and openssh-server installed" >&2
		exit 2
	}
	version=$(dpkg-query --admindir="$root/var/lib/dpkg" -W -f '${Version}' ssdk-dkms) || exit 2
fi
# A host starts by its own clock within this of the common start (the
# barrier's wait and a fork, under TCG on a loaded host).
START_BOUND_MS=250
# The lead from choosing the start to the start: Ansible must reach both
# guests' Python under TCG in it.
LEAD=30

command -v ansible-playbook >/dev/null ||
	ktap_skip_all "ansible-playbook is missing: scripts/setup installs ansible-core"

tmp=$(mktemp -d)
pids=()
cleanup() {
	local p

	for p in "${pids[@]}"; do
		kill "$p" 2>/dev/null
	done
	wait 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT

# Two free ports on the loopback (the kernel picks; QEMU binds them a few
# seconds later, and fails loudly if one was taken meanwhile).
mapfile -t ports < <(python3 -c '
import socket
ss = [socket.socket() for _ in range(2)]
for s in ss:
    s.bind(("127.0.0.1", 0))
for s in ss:
    print(s.getsockname()[1])')

t_all=$SECONDS
ssdk_kernel_load "$kernel"
# From the packages, nothing of the tree's builds.
if [ -z "$root" ]; then
	make -s -C userspace >/dev/null || ktap_bail "make -C userspace failed"
	scripts/kmake "$K_KEY" >/dev/null || ktap_bail "building ssdk.ko for $K_KEY failed"
fi

# --no-ssdk: the role loads the module, as on a real host. Guests that
# boot ROOT share it read-only, each writing to a tmpfs of its own laid
# over it (scripts/vm/init), as each writes over the host's / otherwise.
for i in 0 1; do
	nice scripts/vm-run --kernel "$kernel" ${root:+--root "$root"} --no-ssdk --cpus 1 --mem 1G \
		--disk nvme:1G --timeout 1200 --ssh "${ports[$i]}" --ssh-config "$tmp/vm$i.ssh" --serve \
		>"$tmp/vm$i.log" 2>&1 &
	pids+=($!)
done

ktap_plan $((${root:+2} + 6))

up() {
	local i n

	for n in $(seq 600); do
		[ -e "$tmp/vm0.ssh" ] && [ -e "$tmp/vm1.ssh" ] && return 0
		for i in 0 1; do
			kill -0 "${pids[$i]}" 2>/dev/null || { cat "$tmp/vm$i.log"; return 1; }
		done
		sleep 1
	done
	echo "no sshd after 600 s"
	return 1
}
t0=$SECONDS
ktap_check "two guests up at once, each with sshd on its own port" up
ktap_diag "guests up in $((SECONDS - t0)) s (ports ${ports[*]})"

# Each guest's disk, and how far its wall clock is from the host's: the
# guest makes a file in its job directory, which the host's file system
# stamps with the host's time, and reads its own clock just after (a
# fork and an exec later: the offset is that much too high).
{
	echo "[ssdk_fleet]"
	for i in 0 1; do
		disk=$(ssh -F "$tmp/vm$i.ssh" ssdk-vm cat /run/ssdk-vm/disks)
		# ansible_port too: Ansible names its SSH connection sharing socket
		# after host, port and user, and both guests are "ssdk-vm".
		echo "vm$i ansible_host=ssdk-vm ansible_port=${ports[$i]}" \
			"ansible_ssh_common_args='-F $tmp/vm$i.ssh' ssdk_target=$disk"
	done
	echo "[ssdk_fleet:vars]"
	echo "ansible_python_interpreter=/usr/bin/python3"
	# (One variable a line: a group's vars section takes the rest of the
	# line as the value.)
	[ -z "$root" ] || printf '%s\n' ssdk_install=deb "ssdk_deb_dir=$debs"
} >"$tmp/inventory" 2>"$tmp/inventory.err"
for i in 0 1; do
	ssh -F "$tmp/vm$i.ssh" ssdk-vm 'f=/run/ssdk-vm/clock.probe; : >$f; date +%s.%N; stat -c %.9Y $f' |
		awk 'NR == 1 { g = $1 } NR == 2 { printf "%d\n", (g - $1) * 1000 }' >"$tmp/vm$i.offset"
done

# Ansible's own state in the test's directory, not the user's home.
# (ANSIBLE_REMOTE_TEMP: the tasks that run on the controller take the
# remote one; the guests' homes are their own.)
export ANSIBLE_HOME=$tmp/ansible ANSIBLE_LOCAL_TEMP=$tmp/ansible/tmp
export ANSIBLE_REMOTE_TEMP=$tmp/ansible/remote
export ANSIBLE_SSH_CONTROL_PATH_DIR=$tmp/ansible/cp ANSIBLE_PIPELINING=1
export ANSIBLE_NOCOLOR=1 ANSIBLE_LOCALHOST_WARNING=0 ANSIBLE_RETRY_FILES_ENABLED=0
# No ansible.cfg of the user's or the system's.
printf '[defaults]\n' >"$tmp/ansible.cfg"
export ANSIBLE_CONFIG=$tmp/ansible.cfg
# The merge: the tree's Python package (the role's default), or the
# packages' ssdk-fleet: ROOT's program and its package, alone on the
# path, run by this host's python3 and numpy (both bookworm's, as ROOT).
merge=()
if [ -n "$root" ]; then
	mkdir "$tmp/controller"
	ln -s "$root/usr/lib/python3/dist-packages/ssdk" "$tmp/controller/ssdk"
	merge=(-e "$(python3 -c 'import json, sys; print(json.dumps({"ssdk_fleet_merge": sys.argv[1:]}))' \
		env "PYTHONPATH=$tmp/controller" /usr/bin/python3 "$root/usr/bin/ssdk-fleet")")
fi
t0=$SECONDS
playbook() {
	ansible-playbook -i "$tmp/inventory" ansible/fleet.yml \
		-e "ssdk_fleet_results=$tmp/results ssdk_fleet_lead=$LEAD" \
		-e '{"ssdk_run_args": ["--rw", "randread", "--bs", "4k", "--iodepth", "4", "--runtime", "5s"]}' \
		"${merge[@]}" >"$tmp/ansible.log" 2>&1 || { tail -n 40 "$tmp/ansible.log"; return 1; }
}
ktap_check "ansible-playbook installs, loads, runs on both at a common start, merges${root:+ (from the packages)}" playbook
playbook_s=$((SECONDS - t0))
ktap_diag "playbook wall time: ${playbook_s} s (common start ${LEAD} s after it was chosen)"
if [ -s "$tmp/results/fleet.txt" ]; then
	sed 's/^/# /' "$tmp/results/fleet.txt"
fi

# The merge against the hosts' own JSON, computed here without the
# package: counts and every histogram bucket summed, percentiles by rank
# in the summed buckets, rates summed.
exact() {
	python3 - "$tmp/results" <<-'EOF'
		import json, math, sys
		d = sys.argv[1]
		fleet = json.load(open(f"{d}/fleet.json"))
		hosts = [json.load(open(f"{d}/vm{i}/run.json")) for i in (0, 1)]
		t = fleet["total"]
		assert fleet["fleet"]["hosts"] == ["vm0", "vm1"]
		assert [w["read"]["ios"] for w in fleet["workers"]] == [h["read"]["ios"] for h in hosts]
		assert t["completed"] == sum(h["completed"] for h in hosts)
		for op in ("read", "write"):
		    for k in ("ios", "bytes", "errors"):
		        assert t[op][k] == sum(h[op][k] for h in hosts), (op, k)
		    buckets = {}
		    for h in hosts:
		        for lo, up, c in h[op]["histogram"]:
		            buckets[lo] = (up, buckets.get(lo, (up, 0))[1] + c)
		    want = [[lo, up, c] for lo, (up, c) in sorted(buckets.items())]
		    assert t[op]["histogram"] == want, op
		    lat = t[op]["lat_ns"]
		    assert lat["min"] == min((h[op]["lat_ns"]["min"] for h in hosts if h[op]["ios"]), default=0)
		    assert lat["max"] == max(h[op]["lat_ns"]["max"] for h in hosts)
		    n = t[op]["ios"]
		    for key, v in lat["percentiles"].items():
		        rank = max(math.ceil(float(key) / 100 * n - 1e-9), 1)
		        seen = 0
		        for lo, up, c in want:
		            seen += c
		            if seen >= rank:
		                break
		        assert v == min(max(lo + (up - lo) // 2, lat["min"]), lat["max"]), (op, key)
		    assert math.isclose(t[op]["iops"], sum(h[op]["iops"] for h in hosts), rel_tol=1e-12)
		assert t["read"]["ios"] > 1000, "too few IOs to compare anything"
		print(f"{t['read']['ios']} reads: {hosts[0]['read']['ios']} + {hosts[1]['read']['ios']}")
	EOF
}
ktap_check "the merge is the exact sum of both hosts' counts and histograms" exact

if [ -n "$root" ]; then
	# The install task's result on each host, from Ansible's log: "ok",
	# not "changed" (apt-get: 0 upgraded, 0 newly installed).
	unchanged() {
		local got

		got=$(awk '/^TASK \[/ { on = /^TASK \[ssdk : Install the copied \.deb files\]/; next }
			on && /^[a-z]+: \[/ { print $1, $2 }' "$tmp/ansible.log" | sort | tr '\n' ' ')
		[ "$got" = "ok: [vm0] ok: [vm1] " ] || { echo "the install task: ${got:-not run}"; return 1; }
	}
	ktap_check "the role's apt-get leaves the packages installed at the same version as they are, on both" \
		unchanged
	# What ran: DKMS's module, of the packages' version, and the CLI of
	# the ssdk package, the only one there is.
	from_packages() {
		local i out

		for i in 0 1; do
			out=$(ssh -F "$tmp/vm$i.ssh" ssdk-vm 'cat /sys/module/ssdk/version; modinfo -n ssdk
				dpkg -S /usr/bin/ssdk; ls /usr/local/bin' 2>&1)
			case $out in
			"$version"$'\n'"/lib/modules/$K_RELEASE/updates/dkms/ssdk.ko"*$'\n'"ssdk: /usr/bin/ssdk") ;;
			*) echo "vm$i: $out"; return 1 ;;
			esac
		done
	}
	ktap_check "on both: ssdk $version's module from DKMS's directory, the ssdk package's CLI alone" \
		from_packages
fi

# Each host's start by its own clock, and on the host's clock (less the
# guest's measured offset): both within the bound.
starts() {
	local i barrier start end off host_ms

	for i in 0 1; do
		read -r barrier start end < <(python3 -c 'import json, sys
c = json.load(open(sys.argv[1])); print(c["barrier_ns"], c["start_ns"], c["end_ns"])' \
			"$tmp/results/vm$i/clock.json") || return 1
		read -r off <"$tmp/vm$i.offset"
		host_ms=$(((start - barrier) / 1000000 - off))
		echo "vm$i: started $(((start - barrier) / 1000)) us after the common start by its" \
			"clock, $host_ms ms by the host's (its clock ${off} ms ahead); ran" \
			"$(((end - start) / 1000000)) ms"
		[ "$start" -ge "$barrier" ] && [ $((start - barrier)) -le $((START_BOUND_MS * 1000000)) ] &&
			[ "${host_ms#-}" -le "$START_BOUND_MS" ] || return 1
	done
}
if out=$(starts); then
	printf '%s\n' "$out" | sed 's/^/# /'
	ktap_pass "both hosts started within ${START_BOUND_MS} ms of the common start, by their clocks and the host's"
else
	printf '%s\n' "$out" | sed 's/^/# /'
	ktap_fail "both hosts started within ${START_BOUND_MS} ms of the common start, by their clocks and the host's"
fi

# The guests end as a served guest does: the stop file, over SSH. (Not
# in ktap_check: only this shell can wait for its children.)
why=
for i in 0 1; do
	ssh -F "$tmp/vm$i.ssh" ssdk-vm touch /run/ssdk-vm/stop || why+="vm$i: no ssh to stop it; "
done
for i in 0 1; do
	wait "${pids[$i]}"
	rc=$?
	[ "$rc" = 0 ] || why+="vm$i: vm-run exit $rc: $(tail -n 20 "$tmp/vm$i.log"); "
done
pids=()
if [ -z "$why" ]; then
	ktap_pass "both guests stop cleanly on their stop file (no kernel problem logged)"
else
	ktap_fail "both guests stop cleanly on their stop file (no kernel problem logged)" "$why"
fi
check_config_gone() { [ ! -e "$tmp/vm0.ssh" ] && [ ! -e "$tmp/vm1.ssh" ]; }
ktap_check "the guests' ssh configs are removed with them" check_config_gone
ktap_diag "wall time: $((SECONDS - t_all)) s (playbook ${playbook_s} s)"
ktap_done
