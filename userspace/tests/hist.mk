# SPDX-License-Identifier: GPL-2.0
#
# Host unit test of the latency histogram (kmod/hist.c), in KTAP.
# Included by userspace/Makefile, or on its own from userspace/:
#
#   make -f tests/hist.mk hist-check
#
# Paths are relative to userspace/. Variables and targets start with
# hist so as not to clash with the including Makefile's.

hist_saved_goal := $(.DEFAULT_GOAL)

HIST_TEST := tests/hist_test
HIST_TEST_SRCS := tests/hist_test.c ../kmod/hist.c
HIST_TEST_CFLAGS := -O2 -Wall -Wextra -Werror -I../kmod

$(HIST_TEST): $(HIST_TEST_SRCS) ../kmod/hist.h tests/hist.mk
	$(CC) $(HIST_TEST_CFLAGS) -o $@ $(HIST_TEST_SRCS)

hist-check: $(HIST_TEST)
	./$(HIST_TEST)

hist-clean:
	rm -f $(HIST_TEST)

.PHONY: hist-check hist-clean

# Including this must not change the including Makefile's default goal;
# on its own, the default is to run the test.
.DEFAULT_GOAL := $(if $(hist_saved_goal),$(hist_saved_goal),$(if $(filter 1,$(words $(MAKEFILE_LIST))),hist-check))
