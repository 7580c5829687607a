#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
# ssdk-selftest: vm=main kernels=all time=55
"""The memory budget (kmod/budget.c): what runs and traces pin, reserved
before it is allocated against the module parameter mem_budget, and
reported by info-get. A run that fits the budget exactly starts, one
byte more is refused with the budget, the bytes in use and the bytes it
needs; every byte comes back when the runs are deleted and the traces
freed. Ground truth: the caller's memory cgroup is charged what the
budget reserved, within its rounding. The module parameters that size a
run's records refuse values past their bounds."""

import json
import os
import subprocess
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from lib.py import (
    CLI,
    REPO,
    KsftSkipEx,
    cli,
    cli_json,
    ko_path,
    ksft_case,
    ksft_eq,
    ksft_exit,
    ksft_ge,
    ksft_ok,
    ksft_pr,
    ksft_refused,
    ksft_run,
    ksft_skip_all,
    ksft_true,
    module_load,
    module_unload,
    nullb_load,
    run,
    run_count,
    runs_clear,
    ssdk_setup_fresh,
    ynl_family,
    ynl_lib,
)

P = Path("/sys/module/ssdk/parameters")
DEV = "/dev/nullb0"
RAM = 0
BUDGET = ""
# The run the limit is tested on: 32 slots of 64 KiB, an hour at 10 IOPS.
C = ["--runtime", "1h", "--rate-iops", "10", "--iodepth", "32", "--bs", "64k"]
REPLAY_IO = 24  # sizeof(struct ssdk_replay_io)
CG = Path("/sys/fs/cgroup/ssdk-budget")
CGROUP = False


def info(key: str) -> Any:
    return cli_json("ctl", "info")[key]


def used() -> int:
    return int(info("mem_used"))


def mib(b: int) -> str:
    """Bytes as the module prints them: MiB, hundredths rounded down."""
    return f"{b >> 20}.{((b & 0xFFFFF) * 100) >> 20:02d}"


def start(*opts: str) -> str:
    return str(cli_json("ctl", "start", "--target", DEV, *opts)["id"])


def stop_delete(run_id: str) -> None:
    ksft_ok(cli("ctl", "stop", run_id))
    ksft_ok(cli("ctl", "delete", run_id))


def set_budget(b: int | str) -> None:
    (P / "mem_budget").write_text(f"{b}\n")


def defaults() -> None:
    """The default: a quarter of RAM, at least 64 MiB; none in use."""
    want = max(RAM // 4, 64 << 20)
    ksft_pr(f"budget {info('mem_budget')}, parameter {BUDGET}, want {want}; used {used()}")
    ksft_eq(info("mem_budget"), want, "info's mem_budget")
    ksft_eq(int((P / "mem_budget").read_text()), want, "the parameter")
    ksft_eq(used(), 0, "in use")
    text = cli("ctl", "info").stdout
    line = f"memory     0.00 MiB of {want / 1048576:.2f} MiB in use"
    ksft_true(any(ln.startswith(line) for ln in text.splitlines()), f"no '{line}' in:\n{text}")


def run_reserves() -> None:
    """A run reserves at start; its IO part comes back when it ends, the
    rest when it is deleted."""
    run_id = start(*C)
    a = used()
    ksft_ok(cli("ctl", "stop", run_id))
    b = used()
    ksft_ok(cli("ctl", "delete", run_id))
    c = used()
    ksft_pr(f"running {a}, ended {b}, deleted {c}")
    ksft_true(a > 0 and b > 0, "in use while running and once ended")
    # 32 slots of 16 pages at least went at its end.
    ksft_ge(a - b, 32 * 65536, "given back at the end")
    ksft_eq(c, 0, "in use once deleted")


def at_the_limit() -> None:
    """At the limit and one byte past it, with a run A already kept: C,
    whose need is learned from a first start, starts when the budget is
    exactly A's and C's; one byte less refuses it and its dry run, saying
    the numbers, and starts nothing."""
    try:
        start("--runtime", "1h", "--rate-iops", "10")
        ua = used()
        run_id = start(*C)
        need = used() - ua
        stop_delete(run_id)
        ksft_pr(f"A reserves {ua}, C {need}; after C's deletion {used()}")
        ksft_eq(used(), ua, "in use after C's deletion")

        set_budget(ua + need - 1)
        n = run_count()
        ksft_refused(cli("ctl", "start", "--target", DEV, *C), 1,
                     f"the run needs {mib(need)} MiB; mem_budget {mib(ua + need - 1)} MiB, "
                     f"{mib(ua)} MiB in use")
        ksft_refused(cli("ctl", "start", "--dry-run", "--target", DEV, *C), 1,
                     f"the run needs {mib(need)} MiB")
        ksft_eq((run_count(), used()), (n, ua), "runs kept and in use after the refusals")

        set_budget(ua + need)
        ksft_ok(cli("ctl", "start", "--dry-run", "--target", DEV, *C))
        ksft_eq(used(), ua, "in use after a dry run")
        start(*C)
        ksft_pr(f"at the limit: {used()} in use of {info('mem_budget')}")
        ksft_eq(used(), info("mem_budget"), "in use at the limit")
        # Full: the smallest run is refused.
        ksft_refused(cli("ctl", "start", "--target", DEV, "--ios", "1", "--slowest", "0"), 1,
                     "mem_budget")
    finally:
        set_budget(BUDGET)
        runs_clear()
    ksft_eq(used(), 0, "in use after deletion")


def traces() -> None:
    """Traces against the budget, as the kernel's ynl library speaks
    them, over one socket: a trace's reservation shows in info-get's
    mem-used; a trace-new that fits the budget exactly is made, one that
    needs one byte more is refused with the budget, the bytes in use and
    the bytes it needs; a socket that loaded nothing closes without
    taking the others' traces; the socket that loaded them closes and
    every byte comes back."""
    nl_error = ynl_lib().NlError
    ynl, other = ynl_family(), ynl_family()

    def in_use() -> int:
        return int(other.do("info-get", {})["mem-used"])

    def new(ios: int) -> int:
        return int(ynl.do("trace-new", {"ios": ios})["id"])

    def refused(ios: int, want: str) -> None:
        before = in_use()
        try:
            new(ios)
        except nl_error as e:
            ksft_true(want in str(e), f"{e}, not '{want}'")
        else:
            ksft_true(False, "accepted")
        ksft_eq(in_use(), before, "in use after the refusal")

    try:
        u0 = in_use()
        new(1)
        one = in_use() - u0
        ksft_pr(f"a 1-IO trace reserves {one} bytes")
        # Its struct and one IO, each in a kmalloc size class.
        ksft_true(REPLAY_IO < one <= 1024, f"a 1-IO trace reserves {one} bytes")
        u1 = in_use()
        new(100000)
        big = in_use() - u1
        ksft_pr(f"a 100000-IO trace reserves {big} bytes")
        # 2.4 MB of IOs: kmalloc's 4 MiB at most (kvmalloc's upper bound).
        ksft_true(100000 * REPLAY_IO <= big <= (4 << 20) + 1024,
                  f"a 100000-IO trace reserves {big} bytes")
        # One byte short of a 1-IO trace's room: refused, the numbers said.
        u = in_use()
        set_budget(u + one - 1)
        refused(1, f"the trace needs {mib(one)} MiB; mem_budget {mib(u + one - 1)} MiB, "
                   f"{mib(u)} MiB in use")
        # Exactly its room: made, and the budget is full.
        set_budget(u + one)
        new(1)
        ksft_eq(in_use(), u + one, "in use at the limit")
        refused(1, "the trace needs")
        # A socket that loaded nothing closes: the others' traces stay.
        other.sock.close()
        other = ynl_family()
        ksft_eq(in_use(), u + one, "in use after another socket's close")
        # The uploader's closes: everything comes back.
        ynl.sock.close()
        ksft_eq(in_use(), u0, "in use once the uploader's socket closed")
    finally:
        set_budget(BUDGET)


def replay_returns() -> None:
    """A replay's trace is reserved at trace-new and comes back with the
    run that took it."""
    ksft_ok(cli("ctl", "replay", "-q", "--target", DEV, "--trace",
                str(REPO / "traces/mix.iolog"), "--timing", "afap", "--remap", "span",
                "--iodepth", "16", "--allow-write"))
    ksft_pr(f"the replay ended: {used()} in use")
    ksft_true(used() > 0, "in use once the replay ended")
    runs_clear()
    ksft_eq(used(), 0, "in use once deleted")


def cgroup_setup() -> bool:
    if not os.path.ismount("/sys/fs/cgroup"):
        run(["mount", "-t", "cgroup2", "none", "/sys/fs/cgroup"])
    controllers = Path("/sys/fs/cgroup/cgroup.controllers")
    if not controllers.exists() or "memory" not in controllers.read_text().split():
        return False
    try:
        Path("/sys/fs/cgroup/cgroup.subtree_control").write_text("+memory\n")
    except OSError:
        pass
    CG.mkdir(exist_ok=True)
    stat = CG / "memory.stat"
    return stat.exists() and any(ln.startswith("kernel ") for ln in stat.read_text().splitlines())


def kernel_charged() -> int:
    for ln in (CG / "memory.stat").read_text().splitlines():
        if ln.startswith("kernel "):
            return int(ln.split()[1])
    return 0


def charged(*opts: str) -> None:
    """Ground truth: started from a memory cgroup, a run's allocations are
    charged to it (memory.stat's kernel), and the budget reserved as much
    at least (an upper bound: kmalloc's classes, kvmalloc's fallback, the
    workers' threads and calibration scratch, which the cgroup is not
    charged), and at most 15% more."""
    if not CGROUP:
        raise KsftSkipEx("no cgroup2 memory controller")
    u0, k0 = used(), kernel_charged()
    p = subprocess.run(["sh", "-c", f'echo $$ >{CG}/cgroup.procs && exec "$0" "$@"', CLI, "-j",
                        "ctl", "start", "--target", DEV, *opts],
                       capture_output=True, text=True, check=False)
    ksft_ok(p)
    run_id = str(json.loads(p.stdout)["id"])
    time.sleep(1)
    u1, k1 = used(), kernel_charged()
    # Said whatever the outcome: the estimate's error is worth seeing.
    line = (f"{' '.join(opts)}: reserved {u1 - u0}, charged {k1 - k0} "
            f"({(k1 - k0) * 1000 // (u1 - u0)} per mille)")
    ksft_pr(line)
    try:
        ksft_true(k1 - k0 <= u1 - u0, "charged no more than reserved")
        ksft_true((k1 - k0) * 115 >= (u1 - u0) * 100, "reserved at most 15% more than charged")
    finally:
        stop_delete(run_id)


def param_bounds(name: str, low: int, high: int) -> None:
    """NAME takes LOW and HIGH, refuses LOW - 1 and HIGH + 1 (keeping its
    value); restored."""
    p = P / name
    was = p.read_text().strip()

    def write(v: int) -> bool:
        try:
            p.write_text(f"{v}\n")
        except OSError:
            return False
        return True

    try:
        ksft_true(write(low) and p.read_text().strip() == str(low), f"{name}: {low} refused")
        ksft_true(write(high) and p.read_text().strip() == str(high), f"{name}: {high} refused")
        ksft_true(not write(low - 1), f"{name}: {low - 1} taken")
        ksft_true(not write(high + 1), f"{name}: {high + 1} taken")
        ksft_eq(p.read_text().strip(), str(high), f"{name} after the refusals")
    finally:
        p.write_text(f"{was}\n")


def max_runs_bound() -> None:
    """max_runs is read-only: its bound holds at load."""
    ko = str(ko_path())
    ksft_true(module_unload(), "rmmod")
    ksft_true(run(["insmod", ko, "max_runs=1025"]).returncode != 0, "max_runs=1025 loaded")
    ksft_ok(run(["insmod", ko, "max_runs=1024"]))
    ksft_eq(info("max_runs"), 1024)
    ksft_true(module_unload() and module_load(), "reloaded")


def cases() -> list[Callable[[], None]]:
    return [
        ksft_case("the_default_budget_a_quarter_of_ram_at_least_64_mib_in_info_and_the_parameter",
              defaults),
        ksft_case("a_run_reserves_at_its_start_gives_its_slots_back_at_its_end_the_rest_deleted",
              run_reserves),
        ksft_case("a_run_that_fits_the_budget_exactly_starts_one_byte_past_it_is_refused",
              at_the_limit),
        ksft_case("trace_new_at_the_budgets_limit_and_one_byte_past_it_sockets_closed", traces),
        ksft_case("a_replays_trace_is_given_back_with_the_run_that_took_it", replay_returns),
        ksft_case("charged_to_the_starters_memory_cgroup_one_worker_32_slots_of_64_kib", charged,
              "--runtime", "1h", "--rate-iops", "10", "--iodepth", "32", "--bs", "64k"),
        ksft_case("charged_to_the_starters_memory_cgroup_4_workers_slowest_4096", charged,
              "--runtime", "1h", "--workers", "4", "--iodepth", "2", "--slowest", "4096"),
        ksft_case("charged_to_the_starters_memory_cgroup_an_open_loops_records_capture", charged,
              "--runtime", "1h", "--rate-iops", "10", "--open-loop", "--capture-over", "10ms"),
        ksft_case("mem_budget_takes_1_mib_to_ram_refuses_a_byte_less_or_more", param_bounds,
              "mem_budget", 1 << 20, RAM),
        ksft_case("ts_max_points_takes_1_to_1048576_refuses_0_and_1048577", param_bounds,
              "ts_max_points", 1, 1048576),
        ksft_case("capture_max_takes_1_to_1048576_refuses_0_and_1048577", param_bounds,
              "capture_max", 1, 1048576),
        ksft_case("max_runs_loads_at_1024_not_at_1025", max_runs_bound),
    ]


def main() -> None:
    global RAM, BUDGET, CGROUP
    ssdk_setup_fresh()
    # Timer completions 10 ms late: the runs here idle.
    if not nullb_load(nr_devices=1, irqmode=2, completion_nsec=10000000, gb=1):
        ksft_skip_all("no null_blk")
    ynl_lib()
    meminfo = Path("/proc/meminfo").read_text().splitlines()
    RAM = next(int(ln.split()[1]) for ln in meminfo if ln.startswith("MemTotal:")) * 1024
    BUDGET = (P / "mem_budget").read_text().strip()
    CGROUP = cgroup_setup()
    try:
        ksft_run(cases())
    finally:
        module_load()
        runs_clear()
        if CG.is_dir():
            CG.rmdir()
        run(["rmmod", "null_blk"])
    ksft_exit()


if __name__ == "__main__":
    main()
