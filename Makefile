# SPDX-License-Identifier: GPL-2.0
#
#   make                 ssdk.ko for the default kernel, libssdk and the CLI
#   make KVER=6.1        ssdk.ko for a kernel of the matrix (6.1, 6.12, 7.x, 6.1-686)
#   make modules-all     ssdk.ko for every kernel of the matrix, W=1, no warnings
#                        (6.1-686, 32-bit x86, is built for and never booted)
#   make check           every test: host, and in a VM on every kernel (the
#                        selftests of userspace's logic on the default one)
#   make check-kernels   the same, those too on every kernel
#   make check-limits    the limits suite's long forms, on every kernel
#   make check-debug     the selftests on the two debug kernels: KASAN, and
#                        KCSAN + UBSAN (both with lockdep and kmemleak);
#                        make check-debug-kasan, check-debug-kcsan: one
#   make demo            the main job in a VM with an emulated NVMe disk
#   make bench           ssdk against fio and its bare loop (bench/results/):
#                        a full pass on 7.x, a quick icount pass on 6.1, 6.12
#   make man             the man pages, from the CLI's own tables and the
#                        Python programs' parsers (build/man)
#   make install-man, install-man-python, install-completion   the CLI's
#                        pages, the Python programs', the bash completion
#                        (DESTDIR, PREFIX, MANDIR: userspace/Makefile)
#   make setup           install packages, fetch kernels (check and demo do it)
#   make install         ssdk.ko for the running kernel (updates/), the CLI,
#                        libssdk and its headers (DESTDIR, PREFIX honoured)
#   make dkms-src        the DKMS source tree, /usr/src/ssdk-VERSION (DESTDIR)
#   make dkms-install    that tree, added to DKMS and built and installed for
#                        every kernel that has headers (and every later one)
#   make deb             the Debian packages, into build/deb/ (lintian's
#                        report beside them)
#   make check-packages  the packages installed: DKMS builds the module in a
#                        clean root for every kernel; the installed ssdk and
#                        Python package drive it in a VM; Ansible installs
#                        them on two such VMs and runs the fleet's job
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

# debian/changelog's newest entry: the one place the version is written.
VERSION := $(shell scripts/version)
PREFIX ?= /usr/local
DKMS_SRC := /usr/src/ssdk-$(VERSION)
# What the module is built from: the DKMS tree has these and dkms.conf,
# laid out as here, so that kmod/Kbuild's relative paths hold.
DKMS_FILES := Kbuild kmod/Kbuild $(wildcard kmod/*.[ch]) $(wildcard common/*.[ch]) \
	include/uapi/linux/ssdk.h

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

# Two guests driven by Ansible over SSH (Documentation/fleet.rst), ssdk
# installed from the tree (make check-packages runs it from the packages);
# not in make check: about three minutes of two emulated guests.
check-fleet:
	@scripts/tests/fleet.sh

# ssdk_limits.py with its long forms (a trace of max-trace-ios IOs, fio's
# 200,000 IOs recorded and replayed under blktrace, 64 workers x iodepth
# 1024), on every kernel, one after the other; not in make check (which
# runs the short form): minutes of each guest.
check-limits:
	@scripts/setup && $(MAKE) -s userspace
	@rc=0; for k in $(KERNELS); do \
		echo "# $$k"; \
		scripts/vm-run --kernel $$k --mem 3G --env SSDK_LIMITS=long -- \
			selftests/run_tests.sh ssdk_limits.py || rc=1; \
	done; exit $$rc

check-debug-kasan check-debug-kcsan: check-debug-%:
	@scripts/check-debug --variant $*

demo:
	@scripts/demo

bench:
	@scripts/bench/run --kernels 6.1,6.12,7.x

man install-man install-man-python install-completion: userspace
	@$(MAKE) -s -C userspace $@

setup:
	@scripts/setup

regen:
	@scripts/ynl-regen

checkpatch:
	@perl $${SSDK_CACHE:-$$HOME/.cache/ssdk}/src/linux-6.12/scripts/checkpatch.pl --strict --no-tree -f kmod/*.[ch] common/*.[ch] scripts/vm/canary/*.c

# The running kernel's module, into /lib/modules/RELEASE/updates/ as
# DKMS installs it: both take precedence over a module of the same name
# in the kernel's own tree.
install:
	@scripts/kmake host
	$(MAKE) -s -C $(HOST_KDIR) M=$(CURDIR)/build/host-$(shell uname -r) \
		INSTALL_MOD_PATH=$(DESTDIR) INSTALL_MOD_DIR=updates modules_install
	$(MAKE) -s -C userspace install DESTDIR=$(DESTDIR) PREFIX=$(PREFIX)

dkms-src:
	install -d $(DESTDIR)$(DKMS_SRC)/kmod $(DESTDIR)$(DKMS_SRC)/common \
		$(DESTDIR)$(DKMS_SRC)/include/uapi/linux
	for f in $(DKMS_FILES); do install -m 644 $$f $(DESTDIR)$(DKMS_SRC)/$$f || exit; done
	sed 's/#MODULE_VERSION#/$(VERSION)/' dkms.conf >$(DESTDIR)$(DKMS_SRC)/dkms.conf

# A version already added (an earlier make dkms-install) is removed first.
dkms-install: dkms-src
	@command -v dkms >/dev/null || { echo "dkms is missing: apt-get install dkms" >&2; exit 1; }
	if dkms status ssdk/$(VERSION) | grep -q .; then dkms remove ssdk/$(VERSION) --all; fi
	dkms add ssdk/$(VERSION)
	for b in /lib/modules/*/build; do \
		[ -d $$b ] || continue; k=$${b%/build}; \
		dkms install ssdk/$(VERSION) -k $${k##*/} || exit; \
	done

deb:
	@scripts/deb

check-packages:
	@scripts/check-packages

clean:
	rm -rf build kmod/ssdk.ko
	$(MAKE) -s -C userspace clean

.PHONY: all module userspace man install-man install-man-python install-completion modules-all install dkms-src dkms-install deb check-packages check check-kernels check-limits check-debug check-debug-kasan check-debug-kcsan check-fleet demo bench setup regen checkpatch clean
