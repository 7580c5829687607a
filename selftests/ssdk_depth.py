#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
# ssdk-selftest: vm=main kernels=all time=30
"""The bio engine keeps the asked IOs in flight, as the block layer counts
them (/sys/block/nullb0/inflight), on a null_blk of 64 tags whose every
IO takes 10 ms (timer mode): at iodepth 1, 8 and 64 (the tags) exactly
that many, once the worker's IOs are out; at 65, one past the tags, 64,
the 65th waiting for a tag and the run going on. blk-mq counts a request
until it is retired, after its bio completed, and the worker may send
the slot's next IO in between: one more may show below the tags."""

from collections.abc import Callable

from lib.py import (
    ksft_case,
    ksft_ge,
    ksft_in,
    ksft_run_cleaned,
    most_in_flight,
    ssdk_setup,
)

TAGS = 64


def depth(qd: int) -> None:
    """A run of 2 s at QD: the most reads in flight the block layer saw,
    and every IO at least the device's 10 ms."""
    most, j = most_in_flight("/dev/nullb0", "ctl", "run", "-q", "--target", "/dev/nullb0",
                             "--iodepth", str(qd), "--runtime", "2s", "--ramp", "200ms")
    want = [TAGS] if qd >= TAGS else [qd, qd + 1]
    ksft_in(most, want, f"most reads in flight at iodepth {qd}")
    ksft_ge(j["read"]["lat_ns"]["min"], 10_000_000, "the fastest read, in ns")


def cases() -> list[Callable[[], None]]:
    return [ksft_case(f"iodepth_{qd}_{min(qd, TAGS)}_reads_in_flight", depth, qd)
            for qd in (1, 8, TAGS, TAGS + 1)]


def main() -> None:
    ssdk_setup(nr_devices=1, gb=1, irqmode=2, completion_nsec=10_000_000,
               hw_queue_depth=TAGS)
    ksft_run_cleaned(cases())


if __name__ == "__main__":
    main()
