#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
# ssdk-selftest: vm=main kernels=all time=20
"""How the worker hands its IOs over: in batches under one plug, as polled
bios; and what a run says it cost. Ground truth: the block layer counts
every IO once (/sys/block/*/stat); null_blk completes a polled IO only
when polled for, at once, and every other IO after its timer
(irqmode=2, completion_nsec), so a polled run's latencies show whether
any IO took the interrupt path."""

from collections.abc import Callable
from pathlib import Path
from typing import Any

from lib.py import (
    blk_counted,
    brd_load,
    cli_json,
    ksft_case,
    ksft_check,
    ksft_eq,
    ksft_exit,
    ksft_ge,
    ksft_lt,
    ksft_ok,
    ksft_pr,
    ksft_run,
    ksft_skip_all,
    ksft_true,
    logic_only,
    module_load,
    nullb_load,
    run,
    run_refused,
    run_start_hour,
    runs_clear,
    ssdk_setup,
    stopped_counted,
)

# The scheduler accounts a task's CPU time to a tick (4 ms at Debian's
# HZ=250); the worker's calibration comes before its elapsed time too.
TICK_NS = 5000000
# null_blk keeps one poll queue beside its submission queue by default
# (module parameter poll_queues=1); brd is bio-based and polls nothing.
NULLB: dict[str, int | str] = {"nr_devices": 1, "irqmode": 0, "gb": 16}

# The runs later cases look at: batched, polled.
RUNS: dict[str, Any] = {}


def counted(key: str, field: int, ios: int, *opts: str) -> None:
    """blk_counted, its run kept as KEY for later cases."""
    RUNS[key] = blk_counted(field, ios, *opts)


# --- batches -----------------------------------------------------------------


def batched_fields() -> None:
    ksft_check("fields", RUNS["batched"], "config.batch=8", "config.polled=false")


# --- polled ------------------------------------------------------------------


def only_polled() -> None:
    """With a 2 s timer on the interrupt path, a polled IO that went that
    way would take 2 s, far beyond any stall of an emulated guest; a
    plain run shows the timer."""
    try:
        ksft_true(nullb_load(nr_devices=1, irqmode=2, completion_nsec=2000000000, gb=16),
                  "null_blk with a 2 s timer")
        p = cli_json("ctl", "run", "-q", "--target", "/dev/nullb0", "--ios", "1000",
                     "--iodepth", "4", "--polled")
        t = cli_json("ctl", "run", "-q", "--target", "/dev/nullb0", "--ios", "4",
                     "--iodepth", "4")
        ksft_pr(f"polled max {p['read']['lat_ns']['max']}, plain min {t['read']['lat_ns']['min']}")
        ksft_check("fields", p, "unpolled=0")
        ksft_lt(p["read"]["lat_ns"]["max"], 2000000000, "polled read max latency")
        ksft_ge(t["read"]["lat_ns"]["min"], 2000000000, "plain read min latency")
    finally:
        nullb_load(**NULLB)


def tags_short() -> None:
    """More IOs in flight than the poll queue has tags: a polled bio does
    not wait for a tag (the worker waiting would be the one to poll for
    the IOs holding them); sent back, it goes again after a poll, and
    counts once."""
    ksft_true(nullb_load(**NULLB, hw_queue_depth=16), "null_blk of 16 tags")
    blk_counted(1, 5000, "--iodepth", "64", "--polled")


# --- what is refused, and nothing starts -------------------------------------


def logic_refused(pattern: str, *opts: str) -> None:
    logic_only()
    run_refused(pattern, *opts)


def split_refused() -> None:
    """The block layer would split IOs larger than the device's requests,
    and does not poll split ones."""
    max_kb = Path("/sys/block/nullb0/queue/max_sectors_kb")
    was = max_kb.read_text().strip()
    max_kb.write_text("64")
    try:
        run_refused("polled: bs is more than the device takes in one request",
                    "--target", "/dev/nullb0", "--polled", "--bs", "128k")
    finally:
        max_kb.write_text(was)


# --- a polled run stops, and goes with the module ----------------------------


def rmmod_prompt() -> None:
    runs_clear()
    run_start_hour("/dev/nullb0", "--polled")
    ksft_ok(run(["rmmod", "ssdk"], timeout=30))


def none_in_flight() -> None:
    ksft_eq(Path("/sys/block/nullb0/inflight").read_text().split(), ["0", "0"])


def cases() -> list[Callable[[], None]]:
    return [
        ksft_case("batch_8_at_iodepth_8_5000_reads_as_diskstats_counts", counted, "batched",
                  1, 5000, "--iodepth", "8", "--batch", "8"),
        ksft_case("batch_3_at_iodepth_8_1000_writes_as_diskstats_counts", blk_counted, 5, 1000,
                  "--iodepth", "8", "--batch", "3", "--rw", "randwrite", "--allow-write"),
        ksft_case("a_batched_runs_histogram_counts_its_ios",
                  lambda: ksft_check("hist_sums_to_ios", RUNS["batched"], "read")),
        ksft_case("a_batched_run_reports_its_batch", batched_fields),
        ksft_case("polled_at_iodepth_4_3000_reads_as_diskstats_counts", counted, "polled", 1,
                  3000, "--iodepth", "4", "--polled"),
        ksft_case("polled_batch_4_at_iodepth_8_2000_writes_as_diskstats_counts", blk_counted,
                  5, 2000, "--iodepth", "8", "--batch", "4", "--polled", "--rw", "randwrite",
                  "--allow-write"),
        ksft_case("a_polled_run_reports_it",
                  lambda: ksft_check("fields", RUNS["polled"], "config.polled=true")),
        ksft_case("a_polled_runs_cost_cpu_within_its_time_measurement_above_a_clock_read",
                  lambda: ksft_check("run_cost", RUNS["polled"], TICK_NS)),
        ksft_case("a_run_that_sleeps_for_its_ios_the_same",
                  lambda: ksft_check("run_cost", RUNS["batched"], TICK_NS)),
        ksft_case("a_polled_run_no_io_taken_off_polling",
                  lambda: ksft_check("fields", RUNS["polled"], "unpolled=0")),
        ksft_case("behind_a_2s_interrupt_path_every_polled_io_under_2s_every_plain_one_over",
                  only_polled),
        ksft_case("polled_at_iodepth_64_on_a_queue_of_16_tags_5000_reads_as_diskstats_counts",
                  tags_short),
        ksft_case("polled_on_a_device_without_poll_queues_brd_is_refused", run_refused,
                  "polled: the device has no poll queue", "--target", "/dev/ram0", "--polled"),
        ksft_case("polled_with_engine_kfile_is_refused", logic_refused,
                  "polled: only for engine bio", "--target", "/dev/nullb0", "--polled",
                  "--engine", "kfile"),
        ksft_case("polled_128k_ios_on_a_device_of_64k_requests_are_refused", split_refused),
        ksft_case("a_batch_larger_than_iodepth_is_refused", logic_refused,
                  "batch: more than iodepth", "--target", "/dev/nullb0", "--iodepth", "4",
                  "--batch", "8"),
        ksft_case("a_batch_with_a_rate_is_refused", logic_refused, "batch: not with rate-iops",
                  "--target", "/dev/nullb0", "--iodepth", "4", "--batch", "2",
                  "--rate-iops", "100"),
        # Stopped, a polled run's IOs in flight are still polled for: all
        # complete, and the block layer counts what the run counts.
        ksft_case("stop_a_polled_run_stopped_its_ios_all_completed_and_counted_by_diskstats",
                  stopped_counted, "--polled"),
        ksft_case("rmmod_with_a_polled_run_running_returns_promptly", rmmod_prompt),
        ksft_case("and_leaves_no_io_in_flight_on_the_device", none_in_flight),
    ]


def main() -> None:
    ssdk_setup(**NULLB)
    if not brd_load(1, 8):
        ksft_skip_all("no brd")
    try:
        ksft_run(cases())
    finally:
        module_load()
        runs_clear()
        run(["rmmod", "null_blk", "brd"])
    ksft_exit()


if __name__ == "__main__":
    main()
