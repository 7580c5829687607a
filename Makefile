# SPDX-License-Identifier: GPL-2.0
#
#   make                 ssdk.ko for the default kernel, libssdk and the CLI
#   make KVER=6.1        ssdk.ko for a kernel of the matrix (6.1, 6.12, 7.x, 6.1-686)
#   make modules-all     ssdk.ko for every kernel of the matrix, W=1, no warnings
#                        (6.1-686, 32-bit x86, is built for and never booted)
#   make check           every test: host, and in a VM on every kernel (the
#                        selftests of userspace's logic on the default one)
#   make check-kernels   the same, those too on every kernel
#   make check-debug     the selftests on the two debug kernels: KASAN, and
#                        KCSAN + UBSAN (both with lockdep and kmemleak);
#                        make check-debug-kasan, check-debug-kcsan: one
#   make demo            the main job in a VM with an emulated NVMe disk
#   make bench           ssdk against fio and its bare loop (bench/results/):
#                        a full pass on 7.x, a quick icount pass on 6.1, 6.12
#   make man             the man pages, from the CLI's own tables (build/man)
#   make install-man, install-completion   them and the bash completion
#                        (DESTDIR, PREFIX, MANDIR: userspace/Makefile)
#   make setup           install packages, fetch kernels (check and demo do it)
#
# The default kernel is the running one when its headers are installed
# (/lib/modules/$(uname -r)/build), otherwise the newest of the matrix.
# kmod/ssdk.ko is a link to the module built for the default kernel.

SHELL := /bin/bash
KERNELS := 6.1 6.12 7.x
# Built for, never booted (scripts/lib/common.sh: SSDK_BUILD_KERNELS).
BUILD_KERNELS := 6.1-686
HOST_KDIR := /lib/modules/$(shell uname -r)/build
KVER ?= $(if $(wildcard $(HOST_KDIR)/Makefile),host,7.x)

all: module userspace

module:
	@scripts/kmake $(KVER)
	@ln -sfn ../build/$(if $(filter host,$(KVER)),host-$(shell uname -r),$(shell . scripts/lib/common.sh && ssdk_kernel_key $(KVER)))/kmod/ssdk.ko kmod/ssdk.ko

userspace:
	@pkg-config --exists libnl-genl-3.0 || { echo "libnl-genl-3-dev is missing: run scripts/setup" >&2; exit 1; }
	@$(MAKE) -s -C userspace

# W=1 is the extra warnings of a kernel build; any warning fails.
modules-all: $(addprefix modules-,$(KERNELS) $(BUILD_KERNELS))

modules-%:
	@log=$$(scripts/kmake $* W=1 2>&1); rc=$$?; \
	printf '%s\n' "$$log" | grep -v '^Skipping BTF generation' | grep . ; \
	if [ $$rc != 0 ]; then exit $$rc; fi; \
	if printf '%s\n' "$$log" | grep -qi 'warning'; then echo "$*: warnings" >&2; exit 1; fi

check:
	@scripts/check

check-kernels:
	@SSDK_CHECK_ALL_KERNELS=1 scripts/check

check-debug:
	@scripts/check-debug

# Two guests driven by Ansible over SSH (Documentation/fleet.rst); not in
# make check: about three minutes of two emulated guests.
check-fleet:
	@scripts/tests/fleet.sh

check-debug-kasan check-debug-kcsan: check-debug-%:
	@scripts/check-debug --variant $*

demo:
	@scripts/demo

bench:
	@scripts/bench/run --kernels 6.1,6.12,7.x

man install-man install-completion: userspace
	@$(MAKE) -s -C userspace $@

setup:
	@scripts/setup

regen:
	@scripts/ynl-regen

checkpatch:
	@perl $${SSDK_CACHE:-$$HOME/.cache/ssdk}/src/linux-6.12/scripts/checkpatch.pl --strict --no-tree -f kmod/*.[ch] common/*.[ch] scripts/vm/canary/*.c

clean:
	rm -rf build kmod/ssdk.ko
	$(MAKE) -s -C userspace clean

.PHONY: all module userspace man install-man install-completion modules-all check check-kernels check-debug check-debug-kasan check-debug-kcsan check-fleet demo bench setup regen checkpatch clean
