# SPDX-License-Identifier: GPL-2.0
#
# Host unit test of the latency histogram (common/hist.c), on the kernel's
# kselftest harness. Included by userspace/Makefile, or on its own from
# userspace/:
#
#   make -f tests/hist.mk hist-check
#
# Paths are relative to userspace/. Variables and targets start with
# hist so as not to clash with the including Makefile's.

hist_saved_goal := $(.DEFAULT_GOAL)

# As userspace/Makefile's: the harness from the cache (scripts/setup).
SSDK_CACHE ?= $(HOME)/.cache/ssdk
KSELFTEST ?= $(SSDK_CACHE)/src/linux-6.12/tools/testing/selftests

HIST_TEST := tests/hist_test
HIST_TEST_SRCS := tests/hist_test.c ../common/hist.c
# The harness leaves parameters unused, as the kernel's code does.
HIST_TEST_CFLAGS := -O2 -g -std=gnu11 -D_GNU_SOURCE -Wall -Wextra -Wno-unused-parameter \
	-Wshadow -Werror -I../common -I../include/uapi -I$(KSELFTEST)

$(HIST_TEST): $(HIST_TEST_SRCS) ../common/hist.h ../common/platform.h \
		$(KSELFTEST)/kselftest_harness.h tests/hist.mk
	$(CC) $(HIST_TEST_CFLAGS) -o $@ $(HIST_TEST_SRCS)

hist-check: $(HIST_TEST)
	./$(HIST_TEST)

hist-clean:
	rm -f $(HIST_TEST)

.PHONY: hist-check hist-clean

# Including this must not change the including Makefile's default goal;
# on its own, the default is to run the test.
.DEFAULT_GOAL := $(if $(hist_saved_goal),$(hist_saved_goal),$(if $(filter 1,$(words $(MAKEFILE_LIST))),hist-check))
