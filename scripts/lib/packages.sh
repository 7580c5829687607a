# SPDX-License-Identifier: GPL-2.0
# Packages for ssdk's scripts: the host's Debian packages (installed
# with apt), and a private apt configuration in the cache that resolves
# and downloads from suites the host does not use (kernels, sources)
# without ever touching the host's apt. Source it after common.sh; it
# uses UPDATE (non-empty: refresh the lists) and defines functions only.

as_root() {
	if [ "$(id -u)" = 0 ]; then
		"$@"
	elif command -v sudo >/dev/null; then
		sudo "$@"
	else
		die "need root for: $*"
	fi
}

# Install those of the named Debian packages that are missing.
host_packages() {
	local p missing=()

	for p in "$@"; do
		dpkg-query -W -f='${db:Status-Abbrev}' "$p" 2>/dev/null |
			grep -q '^ii' || missing+=("$p")
	done
	[ ${#missing[@]} -eq 0 ] && return
	log "installing host packages: ${missing[*]}"
	as_root apt-get update -q >/dev/null
	as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q \
		--no-install-recommends "${missing[@]}" >/dev/null
}

# --- the private apt configuration -----------------------------------

# It sees amd64 packages. A caller that sets PAPT_ARCH=i386 (for one
# command, or local to a function) sees bookworm's and bookworm-security's
# i386 packages instead, through a configuration of their own in
# $SSDK_CACHE/apt-i386: an i386 index that fails to update never stands
# in the way of the amd64 kernels.
PAPT_ARCH=
papt_dir() { echo "$SSDK_CACHE/apt${PAPT_ARCH:+-$PAPT_ARCH}"; }
papt_opts() {
	local dir
	dir=$(papt_dir)
	PAPT_OPTS=(
		-o "Dir::Etc::SourceList=$dir/sources.list"
		-o Dir::Etc::SourceParts=/dev/null
		-o Dir::Etc::Preferences=/dev/null
		-o Dir::Etc::PreferencesParts=/dev/null
		-o "Dir::State=$dir/state"
		-o "Dir::State::status=$dir/state/status"
		-o "Dir::Cache=$dir/cache"
		-o Debug::NoLocking=1
		-o APT::Sandbox::User=root
		-o Acquire::Retries=3
	)
	if [ -n "$PAPT_ARCH" ]; then
		PAPT_OPTS+=(-o "APT::Architecture=$PAPT_ARCH" -o "APT::Architectures::=$PAPT_ARCH")
	fi
}
papt_get() { local PAPT_OPTS; papt_opts; apt-get "${PAPT_OPTS[@]}" "$@"; }
papt_cache() { local PAPT_OPTS; papt_opts; apt-cache "${PAPT_OPTS[@]}" "$@"; }

papt_update() {
	local keyring=/usr/share/keyrings/debian-archive-keyring.gpg
	local mirror=${SSDK_DEBIAN_MIRROR:-http://deb.debian.org}
	local suites="bookworm bookworm-security bookworm-backports trixie-backports"
	local list= dir stamp s

	[ -n "$PAPT_ARCH" ] && suites="bookworm bookworm-security"
	for s in $suites; do
		case $s in
		*-security) list+="deb [signed-by=$keyring] $mirror/debian-security $s main"$'\n' ;;
		*) list+="deb [signed-by=$keyring] $mirror/debian $s main"$'\n' ;;
		esac
	done
	dir=$(papt_dir)
	stamp=$dir/state/updated
	mkdir -p "$dir"/state/lists/partial "$dir"/cache/archives/partial
	touch "$dir/state/status"
	if [ "${list%$'\n'}" != "$(cat "$dir/sources.list" 2>/dev/null)" ]; then
		echo "${list%$'\n'}" >"$dir/sources.list"
		rm -f "$stamp"
	fi
	# Lists are only needed to resolve and download; refresh them when
	# asked to, or when they are too old for the archive to still
	# hold the versions they name.
	if [ -z "$UPDATE" ] && [ -n "$(find "$stamp" -mmin -720 2>/dev/null)" ]; then
		return
	fi
	log "updating the private apt lists${PAPT_ARCH:+ ($PAPT_ARCH)}"
	if [ -n "$PAPT_ARCH" ]; then
		# bookworm-security's i386 index is now and then caught
		# mid-sync ("File has unexpected size"): resolve with the
		# lists that did update, and update again next time.
		papt_get update -q >/dev/null 2>&1 ||
			{ log "some $PAPT_ARCH lists failed to update; going on with the others"; return 0; }
	else
		papt_get update -q >/dev/null
	fi
	touch "$stamp"
}

# Versions of PKG among the given suites, newest first.
papt_versions() {
	local pkg=$1 v suite s i j t versions=()
	shift
	while IFS='|' read -r _ v suite; do
		v=${v// /}
		for s in "$@"; do
			[[ $suite == *" $s/"* ]] && versions+=("$v")
		done
	done < <(papt_cache madison "$pkg")
	for ((i = 1; i < ${#versions[@]}; i++)); do
		for ((j = i; j > 0; j--)); do
			dpkg --compare-versions "${versions[j]}" gt "${versions[j - 1]}" || break
			t=${versions[j]} versions[j]=${versions[j - 1]} versions[j - 1]=$t
		done
	done
	[ ${#versions[@]} -gt 0 ] && printf '%s\n' "${versions[@]}" | uniq
}

# Highest version of PKG among the given suites.
papt_best_version() {
	local v
	v=$(papt_versions "$@") || return
	echo "${v%%$'\n'*}"
}

# Names from a package's Depends field that match a pattern.
papt_depends() {
	papt_cache show "$1" | sed -n 's/^Depends: //p' | head -1 |
		tr ',' '\n' | sed 's/^ *//; s/[ |].*//' | grep -E "$2" || true
}
