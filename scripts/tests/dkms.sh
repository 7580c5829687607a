#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The ssdk-dkms package in clean Debian roots: DKMS builds ssdk.ko for
# the matrix's kernels from the package's source tree, as on a user's
# machine. A bookworm root (dkms, gcc-12) has 6.1's headers when the
# package is installed, and 6.12's arrive after, through the hook a
# linux-headers package runs (AUTOINSTALL); a trixie root (gcc-14, as
# 7.x's headers need) gets 7.x's the same way. Each root is cached
# (scripts/lib/roots.sh) and used through an overlay that vanishes with
# the test. And the source tree's installs: make dkms-install in such a
# root, make -C userspace install into a directory. Needs root (chroot).
# Prints KTAP.
#
#   scripts/tests/dkms.sh [--debs DIR]   (default: make deb's, built first)

set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1
. scripts/lib/common.sh
. scripts/lib/roots.sh
. selftests/lib/ktap.sh

[ "$(id -u)" = 0 ] || die "needs root: it installs packages in a chroot"

debs=
case ${1:-} in
--debs) debs=$2 ;;
"") ;;
*) die "usage: scripts/tests/dkms.sh [--debs DIR]" ;;
esac
if [ -z "$debs" ]; then
	scripts/deb --no-lintian >/dev/null || die "make deb failed"
	debs=$SSDK_REPO/build/deb
fi
version=$(scripts/version)
deb=$debs/ssdk-dkms_${version}_all.deb
[ -r "$deb" ] || die "no $deb"

BUILD_PACKAGES=make,libc6-dev,libelf-dev,pahole,kmod,bc,xz-utils,zstd,python3

tmp=$(mktemp -d)
trap '[ -n "${SSDK_KEEP:-}" ] && echo "# kept $tmp" || rm -rf "$tmp"' EXIT

# in_root ROOT UPPER SCRIPT [ARG...]: runs SCRIPT (bash) chrooted into
# an overlay of ROOT whose changes go to UPPER; the kernels of the cache
# (where their headers' Makefiles point) and the repository are seen
# read-only at their own paths. In a mount namespace of its own: nothing outlives it.
in_root() {
	local root=$1 upper=$2 script=$3

	shift 3
	mkdir -p "$upper/data" "$upper/work" "$upper/merged"
	unshare --mount --propagation private -- /bin/bash -euc '
		root=$1 upper=$2 kernels=$3 repo=$4 script=$5
		shift 5
		m=$upper/merged
		mount -t overlay overlay -o "lowerdir=$root,upperdir=$upper/data,workdir=$upper/work" "$m"
		mount -t proc proc "$m/proc"
		mount --rbind /dev "$m/dev"
		mount -t tmpfs tmpfs "$m/tmp"
		mkdir -p "$m$kernels" "$m$repo"
		mount --bind "$kernels" "$m$kernels"
		mount -o remount,bind,ro "$m$kernels"
		mount --bind "$repo" "$m$repo"
		mount -o remount,bind,ro "$m$repo"
		exec chroot "$m" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root \
			LC_ALL=C.UTF-8 DEBIAN_FRONTEND=noninteractive /bin/bash -euc "$script" - "$@"
	' - "$root" "$upper" "$SSDK_CACHE/kernels" "$SSDK_REPO" "$script" "$@"
}

# The kernel's headers "installed": what a linux-headers package leaves
# for DKMS, /lib/modules/RELEASE/build.
HEADERS_FN='mkdir -p "/lib/modules/$1" && ln -sfn "$2" "/lib/modules/$1/build"'

# root_test NAME SUITE GCC FIRST LATER...: in a root of SUITE, install
# the package with FIRST's headers present (- for none), then bring
# LATER's headers and run the hook their packages run; then purge.
# Each step's output is in $tmp/NAME.STEP.log.
root_test() {
	local name=$1 suite=$2 gcc=$3 first=$4 root upper k
	local -a later=("${@:5}")

	root=$(package_root "dkms-$suite" "$suite" "dkms,$gcc,$BUILD_PACKAGES") || return 1
	upper=$tmp/$name
	# One chroot for the whole story: a kernel's build has its headers'
	# paths, the package its .deb (passed in through the overlay).
	mkdir -p "$upper/data/root"
	cp "$deb" "$upper/data/root/"
	local script="
		headers() { $HEADERS_FN; }
		step() { local s=\$1; shift; \"\$@\" >/root/\$s.log 2>&1 || { echo \"\$s: exit \$?\" >>/root/failed; }; }
	"
	if [ "$first" != - ]; then
		ssdk_kernel_load "$first"
		script+="headers $K_RELEASE $K_HEADERS
		"
	fi
	script+="step install dpkg -i /root/${deb##*/}
		step status-installed dkms status
	"
	for k in "${later[@]}"; do
		ssdk_kernel_load "$k"
		script+="headers $K_RELEASE $K_HEADERS
		step hook-$k /etc/kernel/header_postinst.d/dkms $K_RELEASE
		"
	done
	script+="step status-later dkms status
		find /lib/modules -name 'ssdk.ko*' >/root/modules
		for f in \$(cat /root/modules); do r=\${f#/lib/modules/}; cp \"\$f\" \"/root/\${r%%/*}-\${f##*/}\"; done
		step purge dpkg --purge ssdk-dkms
		step status-purged dkms status
		find /lib/modules /var/lib/dkms -name 'ssdk*' >/root/after-purge 2>&1 || true
	"
	in_root "$root" "$upper" "$script"
}

# A module's field, read on the host (modinfo reads .ko.xz too).
field() { modinfo -F "$2" "$1" 2>/dev/null; }

# check_kernel NAME K STEP: what DKMS made for kernel K in root NAME.
check_kernel() {
	local name=$1 k=$2 how=$3 r=$tmp/$1/data/root ko

	ssdk_kernel_load "$k"
	ko=$(grep -F "/lib/modules/$K_RELEASE/" "$r/modules" 2>/dev/null | head -n 1)
	ktap_check "$k: dkms status says ssdk/$version installed for $K_RELEASE ($how)" \
		grep -qxF "ssdk/$version, $K_RELEASE, x86_64: installed" "$r/status-later.log"
	if [ -n "$ko" ] && [ "$(dirname "$ko")" = "/lib/modules/$K_RELEASE/updates/dkms" ]; then
		ko=$r/$K_RELEASE-${ko##*/}
		ktap_check "$k: the module's vermagic is $K_RELEASE's, its version $version" \
			eval '[ "$(field "$ko" vermagic | cut -d" " -f1)" = "$K_RELEASE" ] &&
				[ "$(field "$ko" version)" = "$version" ]'
	else
		ktap_fail "$k: the module's vermagic is $K_RELEASE's, its version $version" \
			"no ssdk.ko in /lib/modules/$K_RELEASE/updates/dkms: ${ko:-none}"
	fi
}

# check_root NAME: the steps of root NAME that must have succeeded.
check_root() {
	local name=$1 r=$tmp/$1/data/root

	ktap_check "$name: install, hooks and purge all succeeded" test ! -e "$r/failed"
	[ -e "$r/failed" ] && for l in "$r"/*.log; do sed "s|^|# ${l##*/}: |" "$l" | tail -n 15; done
	ktap_check "$name: purging ssdk-dkms removes its modules and its DKMS tree" \
		eval '! grep -q . "$r/status-purged.log" && ! grep -q . "$r/after-purge"'
}

# make dkms-install from the source tree, twice (the second replaces the
# first), in a bookworm root with 6.1's headers.
source_tree_test() {
	local root k=6.1 r=$tmp/source/data/root

	root=$(package_root dkms-bookworm bookworm "dkms,gcc-12,$BUILD_PACKAGES") || return 1
	ssdk_kernel_load "$k"
	mkdir -p "$r"
	in_root "$root" "$tmp/source" "
		$HEADERS_FN
		make -s -C '$SSDK_REPO' dkms-install >/root/install1.log 2>&1
		make -s -C '$SSDK_REPO' dkms-install >/root/install2.log 2>&1
		dkms status >/root/status.log 2>&1
		cp /lib/modules/$K_RELEASE/updates/dkms/ssdk.ko /root/
	" "$K_RELEASE" "$K_HEADERS" >"$tmp/source.log" 2>&1
	ktap_check "make dkms-install, twice, from the source tree: ssdk/$version installed for $K_RELEASE" \
		eval '[ "$(grep -c . "$r/status.log")" = 1 ] &&
			grep -qxF "ssdk/$version, $K_RELEASE, x86_64: installed" "$r/status.log" &&
			[ "$(field "$r/ssdk.ko" vermagic | cut -d" " -f1)" = "$K_RELEASE" ] ||
			{ tail -n 20 "$tmp/source.log" "$r"/*.log; false; }'
}

# make -C userspace install into a DESTDIR, as the packages do: the files
# where they belong, and a program built against the installed headers
# through the installed libssdk.pc links and runs. The default PREFIX,
# the one the tree's CLI is built for: another would rebuild it under
# make check's other jobs.
userspace_install_test() {
	local d=$tmp/inst

	ktap_check "make -C userspace install DESTDIR: a program builds with its pkg-config file" \
		eval 'make -s -C userspace install DESTDIR="$d" >/dev/null && d=$d/usr/local &&
			for f in bin/ssdk lib/libssdk.so.0 include/ssdk/libssdk.h \
				include/ssdk/linux/ssdk.h share/ssdk/suites/anandtech-2009.ini; do
				[ -e "$d/$f" ] || { echo "no $f"; exit 1; }
			done &&
			printf "#include <libssdk.h>\nint main(void) { return ssdk_hist_buckets() == 0; }\n" >"$tmp/t.c" &&
			pc() { PKG_CONFIG_SYSROOT_DIR="$tmp/inst" PKG_CONFIG_LIBDIR="$d/lib/pkgconfig" pkg-config "$@" libssdk; } &&
			cc -Wall -Werror $(pc --cflags) -o "$tmp/t" "$tmp/t.c" $(pc --libs) &&
			LD_LIBRARY_PATH="$d/lib" "$tmp/t"'
}

ktap_plan 12
root_test bookworm bookworm gcc-12 6.1 6.12
check_kernel bookworm 6.1 "built when the package was installed"
check_kernel bookworm 6.12 "built by the headers' hook, AUTOINSTALL"
check_root bookworm
root_test trixie trixie gcc-14 - 7.x
check_kernel trixie 7.x "built by the headers' hook, AUTOINSTALL"
check_root trixie
source_tree_test
userspace_install_test
ktap_done
