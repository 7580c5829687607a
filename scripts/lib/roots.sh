# SPDX-License-Identifier: GPL-2.0
# Clean Debian roots for the packages' tests (scripts/tests/dkms.sh,
# scripts/check-packages): made once with mmdebstrap, cached under
# $SSDK_CACHE/roots/, and used through an overlay so that they stay
# clean. Source it after common.sh; it defines functions only.

# package_root NAME SUITE PACKAGES: the path of a minimal root of SUITE
# with PACKAGES (comma-separated) and their dependencies, no
# recommends; made when missing or made with another list.
package_root() {
	local name=$1 suite=$2 include=$3 dir=$SSDK_CACHE/roots/$1
	# Documentation and translations are left out; man pages are not:
	# the packages' tests look for theirs.
	local -a dpkgopts=(--dpkgopt='path-exclude=/usr/share/doc/*'
		--dpkgopt='path-include=/usr/share/doc/*/copyright'
		--dpkgopt='path-exclude=/usr/share/locale/*')
	local stamp="$suite $include ${dpkgopts[*]}"

	if [ "$(cat "$dir/.ssdk-include" 2>/dev/null)" != "$stamp" ]; then
		log "making the $name root, $suite with $include (a minute or two, once)"
		rm -rf "$dir" "$dir.tmp"
		mkdir -p "$SSDK_CACHE/roots"
		nice mmdebstrap --quiet --variant=apt --include="$include" \
			--aptopt='APT::Install-Recommends "false"' \
			"${dpkgopts[@]}" \
			"$suite" "$dir.tmp" "${SSDK_DEBIAN_MIRROR:-http://deb.debian.org}/debian" >&2 ||
			die "mmdebstrap $suite failed"
		echo "$stamp" >"$dir.tmp/.ssdk-include"
		mv "$dir.tmp" "$dir"
	fi
	echo "$dir"
}
