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

APT_DIR=$SSDK_CACHE/apt
PAPT_OPTS=(
	-o "Dir::Etc::SourceList=$APT_DIR/sources.list"
	-o Dir::Etc::SourceParts=/dev/null
	-o Dir::Etc::Preferences=/dev/null
	-o Dir::Etc::PreferencesParts=/dev/null
	-o "Dir::State=$APT_DIR/state"
	-o "Dir::State::status=$APT_DIR/state/status"
	-o "Dir::Cache=$APT_DIR/cache"
	-o Debug::NoLocking=1
	-o APT::Sandbox::User=root
	-o Acquire::Retries=3
)
papt_get() { apt-get "${PAPT_OPTS[@]}" "$@"; }
papt_cache() { apt-cache "${PAPT_OPTS[@]}" "$@"; }

papt_update() {
	local keyring=/usr/share/keyrings/debian-archive-keyring.gpg
	local mirror=${SSDK_DEBIAN_MIRROR:-http://deb.debian.org}
	local list stamp=$APT_DIR/state/updated

	mkdir -p "$APT_DIR"/state/lists/partial "$APT_DIR"/cache/archives/partial
	touch "$APT_DIR/state/status"
	list=$(cat <<EOF
deb [signed-by=$keyring] $mirror/debian bookworm main
deb [signed-by=$keyring] $mirror/debian-security bookworm-security main
deb [signed-by=$keyring] $mirror/debian bookworm-backports main
deb [signed-by=$keyring] $mirror/debian trixie-backports main
EOF
)
	if [ "$list" != "$(cat "$APT_DIR/sources.list" 2>/dev/null)" ]; then
		echo "$list" >"$APT_DIR/sources.list"
		rm -f "$stamp"
	fi
	# Lists are only needed to resolve and download; refresh them when
	# asked to, or when they are too old for the archive to still
	# hold the versions they name.
	if [ -z "$UPDATE" ] && [ -n "$(find "$stamp" -mmin -720 2>/dev/null)" ]; then
		return
	fi
	log "updating the private apt lists"
	papt_get update -q >/dev/null
	touch "$stamp"
}

# Highest version of PKG among the given suites.
papt_best_version() {
	local pkg=$1 best= v suite
	shift
	while IFS='|' read -r _ v suite; do
		v=${v// /}
		for s in "$@"; do
			case $suite in
			*" $s/"*) ;;
			*) continue ;;
			esac
			if [ -z "$best" ] || dpkg --compare-versions "$v" gt "$best"; then
				best=$v
			fi
		done
	done < <(papt_cache madison "$pkg")
	[ -n "$best" ] && echo "$best"
}

# Names from a package's Depends field that match a pattern.
papt_depends() {
	papt_cache show "$1" | sed -n 's/^Depends: //p' | head -1 |
		tr ',' '\n' | sed 's/^ *//; s/[ |].*//' | grep -E "$2" || true
}
