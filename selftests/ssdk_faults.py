#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
# ssdk-selftest: vm=smp kernels=all time=30
"""Faults of the target: one that goes away mid-run (a null_blk powered
off, the NVMe controller removed from its PCI bus), and IO errors
injected by a device-mapper error target. The ground truth of the error
tests is the block layer's own counter of the device under dm: only the
IOs that did not fail reach it. Nothing may hang; vm-run fails the suite
on any warning in dmesg. (Faults of the control side, killed controllers
and rmmod, are in ssdk_control.py; races in ssdk_races.py.)"""

import json
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from lib.py import (
    KsftFailEx,
    KsftSkipEx,
    blk_stat,
    cli,
    cli_json,
    dm_create,
    dm_linear,
    dm_remove,
    ksft_bail,
    ksft_case,
    ksft_check,
    ksft_exit,
    ksft_ok,
    ksft_pr,
    ksft_run,
    ksft_true,
    module_load,
    nullb_load,
    nullb_make,
    nullb_remove,
    nvme_disk,
    run,
    run_start_hour,
    runs_clear,
    ssdk_setup_fresh,
    wait_completed,
)

DM_ERR = "/dev/mapper/ssdk-err"
HALF = 512 << 20
NVME: str | None = None


def ended_failed(run_id: int, pattern: str) -> None:
    """Run RUN_ID ends within 30 s, failed for a reason matching PATTERN,
    its partial results kept and coherent."""
    cli("ctl", "wait", str(run_id), timeout=30)
    j = cli_json("ctl", "results", str(run_id))
    ksft_pr((j["state"], j.get("reason"), j["read"]["ios"], j["io_errors"]))
    ksft_check("run_ended", j, "failed", pattern)
    ksft_true(j["io_errors"] > 0, "IO errors counted")


# --- the target goes away -------------------------------------------------------


def nullb_gone() -> None:
    """A configfs null_blk, powered off under a QD4 run: del_gendisk()
    drains the IOs in flight and fails the next ones. (Named after its
    directory from 6.x on, nullbN before.)"""
    dev = nullb_make("ssdk-gone", 1024, irqmode=2, completion_nsec=50000)
    try:
        run_id = run_start_hour(dev)
        wait_completed(run_id, 500)
        Path("/sys/kernel/config/nullb/ssdk-gone/power").write_text("0\n")
        ended_failed(run_id, r"^the target went away \(read error -[0-9]+ at offset [0-9]+\)$")
        ksft_ok(cli("ctl", "delete", str(run_id)))
    finally:
        nullb_remove("ssdk-gone")
        runs_clear()


def nvme_pci() -> str:
    if NVME is None:
        raise KsftSkipEx("no NVMe disk (scripts/vm-run --disk nvme:SIZE)")
    return os.path.realpath(f"/sys/block/{NVME.removeprefix('/dev/')}/device/device")


def nvme_gone() -> None:
    """The NVMe controller under the VM's disk, removed from the PCI bus
    as a hot-unplug would, then found again by a rescan. The driver fails
    the IOs it still holds before it deletes the disk: the reason is the
    target's going or the first of those errors."""
    pci = nvme_pci()
    ksft_true(os.access(f"{pci}/remove", os.W_OK), f"no {pci}/remove")
    assert NVME
    run_id = run_start_hour(NVME, "--span", "1g")
    wait_completed(run_id, 300)
    Path(f"{pci}/remove").write_text("1\n")
    ended_failed(run_id, r"^(the target went away|read error -[0-9]+ at offset [0-9]+$)")
    ksft_ok(cli("ctl", "delete", str(run_id)))


def nvme_back() -> None:
    nvme_pci()
    assert NVME
    Path("/sys/bus/pci/rescan").write_text("1\n")
    for _ in range(100):
        if Path(NVME).is_block_device():
            break
        time.sleep(0.1)
    ksft_ok(cli("ctl", "run", "-q", "--target", NVME, "--span", "1g", "--ios", "200"))


# --- injected IO errors -----------------------------------------------------------


def err_run(*opts: str) -> tuple[Any, int, int]:
    """A run on ssdk-err: its JSON, and nullb0's reads and writes during it."""
    r0, w0 = blk_stat("nullb0", 1), blk_stat("nullb0", 5)
    p = cli("-j", "ctl", "run", "-q", "--target", DM_ERR, *opts)
    j = json.loads(p.stdout)
    return j, blk_stat("nullb0", 1) - r0, blk_stat("nullb0", 5) - w0


def first_error() -> None:
    """Failed at the first error, past the good half; its good IOs are
    those nullb0 counted."""
    j, reads, _ = err_run("--ios", "100000")
    ksft_check("fields", j, "state=failed", "read.errors=1", "io_errors=1", f"read.ios={reads}")
    ksft_check("hist_sums_to_ios", j, "read")
    ksft_check("error_offset", j, "read", 5, HALF)


def budget() -> None:
    j, reads, _ = err_run("--ios", "100000", "--max-errors", "10")
    ksft_pr((j["state"], j["reason"], j["read"]["ios"], j["read"]["errors"]))
    ksft_check("fields", j, "state=failed", "read.errors=11", "config.max_errors=10",
               f"read.ios={reads}")
    ksft_true(j["reason"].endswith(", past max-errors"), j["reason"])


def going_on() -> None:
    """A mix at QD4 that goes on through every error: per op, the IOs
    counted as done are those nullb0 saw, those in error the rest; none of
    the failed IOs (which take microseconds) is in a histogram, the
    minimum or the slowest."""
    j, reads, writes = err_run("--ios", "4000", "--iodepth", "4", "--rw", "randrw",
                               "--allow-write", "--continue-on-error")
    # Good IOs: those nullb0 counted, all in the histograms; more than 500
    # errors of each op, 4000 IOs in all; none under 50 us nor past the
    # good half.
    ksft_check("fields", j, "state=done", f"read.ios={reads}", f"write.ios={writes}")
    ksft_check("hist_sums_to_ios", j, "read", "write")
    ksft_check("errors_add_up", j, 4000, 500)
    ksft_check("good_ios_only", j, 50000, HALF)


def swapped() -> None:
    """The table swapped for dm's error target under a running run, as
    `dmsetup remove --force` does to a device in use: failed, the error
    named."""
    dev = dm_linear("ssdk-swap", "/dev/nullb0")
    run_id = run_start_hour(dev)
    wait_completed(run_id, 300)
    run(["dmsetup", "remove", "--force", "ssdk-swap"])
    ended_failed(run_id, r"^read error -[0-9]+ at offset [0-9]+$")
    ksft_ok(cli("ctl", "delete", str(run_id)))
    # Forced, the removal may already have happened once the run let go.
    run(["dmsetup", "remove", "ssdk-swap"])


def unloads() -> None:
    dm_remove("ssdk-err")
    ksft_ok(run(["rmmod", "ssdk"], timeout=30))


def cases() -> list[Callable[[], None]]:
    def with_err(fn: Callable[[], None], first: bool) -> Callable[[], None]:
        """On ssdk-err: the first 512 MiB of nullb0, then 512 MiB of dm's
        error target. Good IOs take at least null_blk's 50 us; failed ones
        complete at once."""
        def case() -> None:
            if first:
                if not nullb_load(nr_devices=1, irqmode=2, completion_nsec=50000, gb=1):
                    ksft_bail("no null_blk")
                run(["modprobe", "dm-mod"])
                try:
                    dm_create("ssdk-err", "0 1048576 linear /dev/nullb0 0\n"
                                          "1048576 1048576 error\n")
                except KsftSkipEx:
                    ksft_bail("cannot make the dm-error device")
            if not Path(DM_ERR).is_block_device():
                raise KsftFailEx("no dm-error device")
            fn()
        return case

    return [
        ksft_case("null_blk_powered_off_mid_run_failed_the_target_went_away_results_kept",
              nullb_gone),
        ksft_case("nvme_controller_removed_mid_run_failed_the_reason_given_results_kept",
              nvme_gone),
        ksft_case("a_pci_rescan_brings_the_disk_back_and_it_runs", nvme_back),
        ksft_case("dm_error_target_default_the_first_error_fails_the_run_at_qd1_counted_once",
              with_err(first_error, True)),
        ksft_case("max_errors_10_the_11th_error_fails_the_run_at_qd1", with_err(budget, False)),
        ksft_case("continue_on_error_randrw_qd4_only_good_ios_in_the_latencies_nullb0s_counts",
              with_err(going_on, False)),
        ksft_case("dm_table_forced_to_error_under_a_run_failed_the_error_named", swapped),
        ksft_case("and_the_module_unloads", unloads),
    ]


def main() -> None:
    global NVME
    ssdk_setup_fresh()
    run(["modprobe", "configfs"])
    NVME = nvme_disk(0)
    if not nullb_load(nr_devices=0):
        ksft_bail("no null_blk")
    try:
        ksft_run(cases())
    finally:
        dm_remove("ssdk-err")
        module_load()
        runs_clear()
        run(["rmmod", "null_blk"])
    ksft_exit()


if __name__ == "__main__":
    main()
