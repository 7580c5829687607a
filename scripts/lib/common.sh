# SPDX-License-Identifier: GPL-2.0
# Shared by ssdk's shell scripts: paths, logging, the kernel matrix.
# Source it; it defines functions and variables and runs nothing.

SSDK_REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
SSDK_CACHE=${SSDK_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/ssdk}
# The guests' QEMU, as scripts/vm-run runs it: the tree scripts/setup
# unpacks (bookworm-backports'), or SSDK_QEMU's (its usr/bin, usr/share/qemu,
# usr/share/seabios).
SSDK_QEMU_DIR=${SSDK_QEMU:-$SSDK_CACHE/qemu}

# The kernel matrix: key, then the suites whose linux-image-amd64
# metapackage names the kernel (the highest version among them wins).
# The kernels that are only built for, never booted, come apart:
# 6.1-686 is Debian's 32-bit x86 kernel (i386, 686-pae flavour), named
# by the linux-headers-686-pae metapackage; Debian has no 32-bit x86
# kernel after 6.1.
SSDK_KERNELS="6.1 6.12 7.x"
SSDK_BUILD_KERNELS="6.1-686"
SSDK_KERNEL_DEFAULT=7.x

ssdk_kernel_suites() {
	case $1 in
	6.1 | 6.1-686) echo "bookworm bookworm-security" ;;
	6.12) echo "bookworm-backports" ;;
	7.x) echo "trixie-backports" ;;
	*) return 1 ;;
	esac
}

# The suite whose gcc built the kernel, for a build root when the host
# lacks that gcc.
ssdk_kernel_build_suite() {
	case $1 in
	6.1 | 6.1-686 | 6.12) echo bookworm ;;
	7.x) echo trixie ;;
	*) return 1 ;;
	esac
}

# Accept the matrix keys and a few spellings of them: 7, 7.3, 6.12.95,
# 686, i386; and the debug kernels of scripts/debug-kernel: "debug" (or
# "debug-kasan"), KASAN, and "debug-kcsan", KCSAN and UBSAN.
ssdk_kernel_key() {
	case $1 in
	6.1-686 | 686 | 686-pae | i386) echo 6.1-686 ;;
	6.1 | 6.1.*) echo 6.1 ;;
	6.12 | 6.12.*) echo 6.12 ;;
	7 | 7.x | 7.*) echo 7.x ;;
	debug | debug-kasan) echo debug ;;
	debug-kcsan) echo debug-kcsan ;;
	*) return 1 ;;
	esac
}

# The variant of scripts/debug-kernel that builds a debug kernel's key.
ssdk_debug_variant() {
	case $1 in
	debug) echo kasan ;;
	debug-kcsan) echo kcsan ;;
	*) return 1 ;;
	esac
}

log() { printf '%s: %s\n' "${0##*/}" "$*" >&2; }
die() { log "$*"; exit 1; }

# Load a set-up kernel's description (RELEASE, VERSION, ROOT, HEADERS,
# MODULES, VMLINUX, GCC, TOOLCHAIN) into K_* variables. A kernel that is
# only built for has no MODULES and no VMLINUX.
ssdk_kernel_load() {
	local key env variant
	key=$(ssdk_kernel_key "$1") ||
		die "unknown kernel '$1' (known: $SSDK_KERNELS $SSDK_BUILD_KERNELS, debug, debug-kcsan)"
	env=$SSDK_CACHE/kernels/$key.env
	if [ ! -r "$env" ]; then
		variant=$(ssdk_debug_variant "$key") &&
			die "the $key kernel is not built; run scripts/debug-kernel --variant $variant"
		die "kernel $key is not set up; run scripts/setup"
	fi
	K_KEY=$key
	# shellcheck disable=SC1090
	. "$env"
	K_RELEASE=$RELEASE K_VERSION=$VERSION K_ROOT=$ROOT K_HEADERS=$HEADERS
	K_MODULES=$MODULES K_VMLINUX=$VMLINUX K_TOOLCHAIN=$TOOLCHAIN K_GCC=$GCC
}
