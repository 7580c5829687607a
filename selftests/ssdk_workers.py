#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
# ssdk-selftest: vm=smp kernels=all time=25
"""A run of several workers: kernel threads with their own slots, bound to
the CPUs asked, their records merged into one run. Ground truth: the
block layer counts every IO once (/sys/block/*/stat); the module records
the CPU each IO was submitted on (raw_smp_processor_id()) and its
offset in the slowest log, which holds every IO of a run of fewer IOs
than its size."""

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from lib.py import (
    blk_counted,
    cli_json,
    ksft_case,
    ksft_check,
    ksft_eq,
    ksft_ok,
    ksft_run_cleaned,
    ksft_true,
    logic_only,
    nullb_load,
    run,
    run_refused,
    run_start_hour,
    runs_clear,
    ssdk_setup,
    stopped_counted,
)

NULLB: dict[str, int | str] = {"nr_devices": 1, "irqmode": 0, "gb": 16, "submit_queues": 2}
# On two vCPUs the workers go to CPUs 0 and 1; on one, both to CPU 0
# (nproc: the CPUs this process may run on).
if len(os.sched_getaffinity(0)) >= 2:
    CPUS, SPREAD = "0,1", ["0=2001", "1=2000"]
else:
    CPUS, SPREAD = "0,0", ["0=4001"]
TICK_NS = 5000000

# The run of two workers later cases look at.
RUNS: dict[str, Any] = {}


# --- counts, merged ----------------------------------------------------------


def two_counted() -> None:
    RUNS["two"] = blk_counted(1, 4001, "--iodepth", "4", "--workers", "2", "--cpus", CPUS,
                              "--slowest", "4096")


def tags_shared() -> None:
    """Two polled workers on one CPU, more IOs in flight than the poll
    queue has tags: a worker's bio sent back (-EAGAIN) because the
    other's IOs hold the tags goes again once they complete, and the run
    goes on."""
    try:
        ksft_true(nullb_load(nr_devices=1, irqmode=0, gb=16, hw_queue_depth=16),
                  "null_blk of 16 tags")
        blk_counted(1, 5000, "--iodepth", "32", "--polled", "--workers", "2", "--cpus", "0,0")
    finally:
        nullb_load(**NULLB)


def seq_parts() -> None:
    """Sequential workers each sweep their own part of the span:
    together, every block once, as one worker would."""
    j = cli_json("ctl", "run", "-q", "--target", "/dev/nullb0", "--rw", "read", "--bs", "64k",
                 "--span", "1m", "--ios", "16", "--workers", "2", "--iodepth", "2",
                 "--slowest", "16")
    ksft_check("offsets_once", j, 0, 65536, 16)


def series() -> None:
    """The time series: each interval the workers' IOs added up, none
    lost at the end, where one worker may close an interval the other
    did not."""
    j = cli_json("ctl", "run", "-q", "--target", "/dev/nullb0", "--runtime", "1s",
                 "--ts-interval", "100ms", "--workers", "2", "--iodepth", "2")
    ksft_check("timeseries_adds_up", j, "read", 100000000)


# --- what is refused, and nothing starts -------------------------------------


def refused(pattern: str, *opts: str) -> None:
    """A run on nullb0 refused, saying PATTERN."""
    run_refused(pattern, "--target", "/dev/nullb0", *opts)


def logic_refused(pattern: str, *opts: str) -> None:
    logic_only()
    refused(pattern, *opts)


# --- a run of several workers stops, and goes with the module ----------------


def rmmod_prompt() -> None:
    runs_clear()
    run_start_hour("/dev/nullb0", "--workers", "2", "--cpus", CPUS, "--polled")
    ksft_ok(run(["rmmod", "ssdk"], timeout=30))


def none_in_flight() -> None:
    ksft_eq(Path("/sys/block/nullb0/inflight").read_text().split(), ["0", "0"])


def cases() -> list[Callable[[], None]]:
    return [
        ksft_case("2_workers_iodepth_4_each_4001_reads_as_diskstats_counts", two_counted),
        ksft_case("their_histograms_merged_the_runs_counts_its_ios",
                  lambda: ksft_check("hist_sums_to_ios", RUNS["two"], "read")),
        ksft_case("the_run_reports_its_workers_and_their_cpus",
                  lambda: ksft_check("fields", RUNS["two"], "config.workers=2",
                                     f"config.cpus=[{CPUS}]")),
        ksft_case("each_worker_submitted_its_share_of_the_ios_on_its_own_cpu",
                  lambda: ksft_check("ios_by_cpu", RUNS["two"], *SPREAD)),
        ksft_case("their_cost_cpu_within_two_workers_time_measurement_above_a_clock_read",
                  lambda: ksft_check("run_cost", RUNS["two"], TICK_NS)),
        ksft_case("3_workers_1001_writes_as_diskstats_counts", blk_counted, 5, 1001,
                  "--iodepth", "2", "--workers", "3", "--rw", "randwrite", "--allow-write"),
        ksft_case("2_polled_workers_batch_4_at_iodepth_8_3000_reads_as_diskstats_counts",
                  blk_counted, 1, 3000, "--iodepth", "8", "--batch", "4", "--polled",
                  "--workers", "2"),
        ksft_case("2_polled_workers_on_cpu_0_iodepth_32_each_16_tags_5000_reads_counted",
                  tags_shared),
        ksft_case("2_sequential_workers_over_1mib_in_64kib_every_block_read_once", seq_parts),
        ksft_case("2_workers_time_series_adds_up_to_the_runs_ios_bytes_and_max", series),
        ksft_case("workers_with_a_rate_are_refused", logic_refused, "workers: not with rate-iops",
                  "--workers", "2", "--rate-iops", "100"),
        ksft_case("workers_with_rounds_are_refused", logic_refused, "workers: not with rounds",
                  "--workers", "2", "--rounds", "5", "--round-time", "1s"),
        ksft_case("workers_with_a_capture_are_refused", logic_refused,
                  "workers: not with capture-over-ns", "--workers", "2", "--capture-over", "1ms"),
        ksft_case("fewer_ios_than_workers_are_refused", logic_refused, "ios: fewer than workers",
                  "--workers", "16"),
        ksft_case("sequential_parts_smaller_than_a_block_are_refused", logic_refused,
                  "workers: each sequential worker's part", "--workers", "4", "--rw", "read",
                  "--bs", "64k", "--span", "128k"),
        ksft_case("65_workers_are_refused_the_specs_max_workers", refused, "workers: .*range",
                  "--workers", "65"),
        ksft_case("a_cpu_that_is_not_online_is_refused", refused, "cpus: not an online CPU",
                  "--workers", "2", "--cpus", "0,63"),
        ksft_case("more_cpus_than_workers_are_refused", logic_refused,
                  "cpus: more CPUs than workers", "--workers", "2", "--cpus", "0,0,0"),
        ksft_case("stop_a_run_of_2_workers_every_io_of_both_completed_and_counted_by_diskstats",
                  stopped_counted, "--workers", "2", "--cpus", CPUS),
        ksft_case("rmmod_with_a_polled_run_of_2_workers_running_returns_promptly", rmmod_prompt),
        ksft_case("and_leaves_no_io_in_flight_on_the_device", none_in_flight),
    ]


def main() -> None:
    ssdk_setup(**NULLB)
    ksft_run_cleaned(cases())


if __name__ == "__main__":
    main()
