#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
# ssdk-selftest: vm=beside kernels=all time=40
"""ssdk ctl precondition, against ground truth: a memory-backed null_blk
whose every sector is stamped with its own number, so that reading it
back says exactly which sectors the precondition wrote, and the block
layer's own counters (/sys/block/*/stat) say how much. SNIA's WIPC
writes the span twice, every sector of it, none outside (its tail
included: the span is no whole number of 128 KiB); the used state fills
it and rewrites a span's worth at random; WDPC runs the workload in
rounds to steady state. What a mode refuses, a target refused, and a
later step the module would refuse, are refused before anything is
written. Stopped mid-way, it stops, says how far it got (what the
counters say), starts no later step, and the module unloads."""

import json
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

from lib import pattern
from lib.py import (
    CLI,
    blk_stat,
    brd_load,
    brd_unload,
    cli,
    dm_delay,
    dm_remove,
    interrupt,
    ksft_bail,
    ksft_case,
    ksft_check,
    ksft_eq,
    ksft_exit,
    ksft_pr,
    ksft_refused,
    ksft_run,
    ksft_skip_all,
    ksft_true,
    module_load,
    module_unload,
    nullb_load,
    nullb_make,
    nullb_remove,
    run,
    run_count,
    runs_clear,
    ssdk_setup,
    stat_kept,
    temp_dir,
)

# 8 MiB and 12 KiB from 2 MiB: 64 IOs of 128 KiB and a tail of 12 KiB per pass.
OFF = 2 << 20
SPAN = (8 << 20) + 12288
NB: dict[str, str] = {}


def stamped_precondition(*opts: str) -> tuple[Any, int]:
    """The device stamped, then preconditioned with OPTS over the span:
    its JSON, and the sectors the block layer counted written."""
    nb = NB["dev"]
    pattern.fill(nb)
    w0 = blk_stat(nb, 7)
    p = cli("-j", "ctl", "precondition", "--target", nb, "--offset", str(OFF), "--span",
            str(SPAN), "--allow-write", "-q", *opts)
    ksft_eq(p.returncode, 0, f"ssdk ctl precondition: {p.stderr}")
    sectors = blk_stat(nb, 7) - w0
    ksft_pr(f"sectors written: {sectors}")
    return json.loads(p.stdout), sectors


def wipc() -> None:
    j, sectors = stamped_precondition()
    ksft_check("plan_ended", j, "done", 4, 2 * SPAN)
    ksft_check("fields", j, "precondition=wipc", "passes=2", f"offset={OFF}", f"span={SPAN}",
               "steps.0.run.config.bs=131072", "steps.1.run.config.bs=12288",
               "steps.0.run.write.ios=64", "steps.1.run.write.ios=1",
               "steps.2.run.write.ios=64", "steps.3.run.write.ios=1")
    ksft_eq(sectors, 2 * SPAN // 512, "sectors written")
    ksft_check("changed_exactly", pattern.runs(NB["dev"]), OFF, SPAN)


def used() -> None:
    try:
        j, sectors = stamped_precondition("--mode", "used")
    finally:
        runs_clear()
    ksft_check("plan_ended", j, "done", 3, 2 * SPAN)
    ksft_check("fields", j, "precondition=used", "passes=1", "steps.2.run.config.rw=randwrite",
               "steps.2.run.config.bs=4096", f"steps.2.run.write.ios={SPAN // 4096}")
    ksft_eq(sectors, 2 * SPAN // 512, "sectors written")
    ksft_check("changed_exactly", pattern.runs(NB["dev"]), OFF, SPAN)


def wdpc() -> None:
    """WDPC, paced: a constant 100 IOs a round, steady at the fifth, or a
    few later when the host stalled the guest for a second (seen under
    make check's load: a round of 0 IOs, the next of 200, and no window
    steady until both have left it): ended at the first steady round,
    whichever. When exactly a constant device is steady, ssdk_steady.sh
    says."""
    p = cli("-j", "ctl", "precondition", "--target", NB["dev"], "--mode", "wdpc", "--rw",
            "randwrite", "--iodepth", "4", "--rate-iops", "200", "--rounds", "12",
            "--round-time", "500ms", "--ts-interval", "100ms", "--allow-write", "-q")
    runs_clear()
    ksft_eq(p.returncode, 0, f"ssdk ctl precondition: {p.stderr}")
    j = json.loads(p.stdout)
    ksft_check("fields", j, "precondition=wdpc", "state=done")
    ksft_check("steady_reached", j["steps"][0]["run"], 12)


def refused(status: int, pat: str, *opts: str) -> None:
    """ssdk ctl precondition on the null_blk with OPTS exits STATUS saying
    PAT, and the device's counters do not move."""
    with stat_kept(NB["dev"]):
        ksft_refused(cli("ctl", "precondition", "--target", NB["dev"], *opts), status, pat)


def mounted(tmp: Path) -> None:
    mnt = tmp / "mnt"
    mnt.mkdir(exist_ok=True)
    ksft_true(brd_load(1), "brd")
    ksft_eq(run(["mkfs.ext4", "-q", "/dev/ram0"]).returncode, 0, "mkfs.ext4")
    ksft_eq(run(["mount", "/dev/ram0", str(mnt)]).returncode, 0, "mount")
    try:
        ksft_refused(cli("ctl", "precondition", "--target", "/dev/ram0", "--allow-write"), 1,
                     "target: in use")
    finally:
        run(["umount", str(mnt)])


def stopped(tmp: Path) -> None:
    """Behind dm-delay of 200 ms an IO, a pass takes 13 s and ten of them
    two minutes: Ctrl-C after the first IOs (however late a loaded guest
    sends it) stops the step then running; the JSON says how far it got,
    which is what the counters say, and no later step started."""
    nb = NB["dev"]
    slow = dm_delay("ssdk-precond-slow", nb, 200)
    w0 = blk_stat(nb, 7)
    out, err = tmp / "precondition.json", tmp / "precondition.err"
    with open(out, "w", encoding="utf-8") as f, open(err, "w", encoding="utf-8") as e:
        proc = subprocess.Popen([CLI, "-j", "ctl", "precondition", "--target", slow,
                                 "--iodepth", "1", "--offset", str(OFF), "--span", str(SPAN),
                                 "--passes", "10", "--allow-write", "-q"], stdout=f, stderr=e)
    rc = interrupt(proc, 3)
    if err.read_text().strip():
        ksft_pr(err.read_text().strip())
    j = json.loads(out.read_text())
    ksft_pr((j["state"], j["bytes_written"], [s["state"] for s in j["steps"]]))
    # The step that ran when the signal came, or the last done when it came between two.
    ran = sum(s["state"] != "pending" for s in j["steps"])
    ksft_eq(rc, 130, "exit status")
    ksft_check("plan_ended", j, "stopped", ran, (blk_stat(nb, 7) - w0) * 512)
    ksft_true(0 < j["bytes_written"] < 10 * j["span"], "0 < bytes_written < 10 x span")


def reload() -> None:
    ksft_true(module_unload() and module_load(), "the module unloaded and loaded")


def cases(tmp: Path) -> list[Callable[[], None]]:
    def after_stopped() -> None:
        runs_clear()
        dm_remove("ssdk-precond-slow")
        reload()

    return [
        ksft_case("wipc_the_span_written_twice_the_counters_every_sector_of_it_and_none_outside",
                  wipc),
        ksft_case("used_a_fill_and_a_span_of_random_writes_the_counters_every_sector_written",
                  used),
        ksft_case("wdpc_the_workload_in_rounds_ended_at_steady_state", wdpc),
        ksft_case("an_option_of_io_with_wipc", refused, 2,
                  "rw: not with precondition wipc, which sets it itself", "--rw", "randwrite",
                  "--allow-write"),
        ksft_case("without_consent", refused, 1,
                  r"step 1 \(wipc: 128k sequential writes, pass 1 of 2\): rw: writing destroys "
                  "the target's data"),
        ksft_case("a_span_past_the_end", refused, 1, "span: goes beyond the end", "--span", "1g",
                  "--allow-write"),
        ksft_case("a_later_step_the_module_refuses_nothing_written_by_the_first", refused, 1,
                  r"step 2 \(used: 3000 random writes, 1 x the span\): bs: ", "--mode", "used",
                  "--bs", "3000", "--allow-write"),
        ksft_case("wdpc_of_a_workload_that_does_not_write", refused, 2,
                  "precondition wdpc runs a workload that writes", "--mode", "wdpc",
                  "--allow-write"),
        ksft_case("an_unknown_mode",
                  lambda: ksft_refused(cli("ctl", "precondition", "--target", NB["dev"],
                                           "--mode", "fill", "--allow-write"), 2,
                                       "--mode: 'fill' is none of wipc, used, wdpc")),
        ksft_case("a_mounted_device_is_refused", mounted, tmp),
        ksft_case("no_refused_precondition_made_a_run", lambda: ksft_eq(run_count(), 0, "runs")),
        ksft_case("stopped_mid_way_stopped_promptly_what_it_wrote_said_no_later_step", stopped,
                  tmp),
        ksft_case("the_module_unloads_after_a_stopped_precondition", after_stopped),
    ]


def main() -> None:
    ssdk_setup()
    if not nullb_load(nr_devices=0):
        ksft_skip_all("no null_blk")
    tmp = temp_dir()
    try:
        try:
            NB["dev"] = nullb_make("ssdk-precond", 16, memory_backed=1)
        except OSError as e:
            ksft_bail(f"no configfs null_blk: {e}")
        ksft_run(cases(tmp))
    finally:
        module_load()
        runs_clear()
        dm_remove("ssdk-precond-slow")
        nullb_remove("ssdk-precond")
        brd_unload()
        run(["rmmod", "null_blk"])
    ksft_exit()


if __name__ == "__main__":
    main()
