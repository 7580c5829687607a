#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
# ssdk-selftest: vm=smp kernels=default time=25
"""Many runs and racing controllers: 16 runs started at once on 16
devices, and two processes racing start, stop, results and delete.
Every answer is a result or one clear line; nothing may hang, no run is
left, the module unloads; vm-run fails the suite on any warning in
dmesg. The module's own logic under concurrency (its list of runs, the
runs' lifetimes): on the default kernel, in make check's VM of two
vCPUs; make check-kernels runs it on every kernel."""

import json
import random
import re
import subprocess
import threading
import time
from collections import Counter
from collections.abc import Callable

from lib.py import (
    CLI,
    blk_stat,
    ksft_bail,
    ksft_case,
    ksft_eq,
    ksft_ok,
    ksft_pr,
    ksft_run_cleaned,
    ksft_true,
    nullb_load,
    run,
    run_count,
    runs_clear,
    ssdk_setup_fresh,
)


def sixteen() -> None:
    """16 runs started at once by 16 processes, one per device: each ends
    done with its 1000 IOs, each device's counter says 1000."""
    ksft_true(nullb_load(nr_devices=16, irqmode=2, completion_nsec=20000, gb=1), "null_blk")
    before = [blk_stat(f"nullb{i}", 1) for i in range(16)]
    try:
        sixteen_counted(before)
    finally:
        runs_clear()


def sixteen_counted(before: list[int]) -> None:
    procs = [subprocess.Popen([CLI, "ctl", "run", "-q", "-j", "--target", f"/dev/nullb{i}",
                               "--ios", "1000", "--iodepth", "2"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for i in range(16)]
    outs = []
    for p in procs:
        try:
            out, err = p.communicate(timeout=300)
        except subprocess.TimeoutExpired:
            for q in procs:
                q.kill()
            raise AssertionError("still running after 300 s") from None
        ksft_eq(p.returncode, 0, f"a run failed: {err}")
        outs.append(json.loads(out))
    for i, j in enumerate(outs):
        ksft_eq((j["state"], j["read"]["ios"], j["target"]), ("done", 1000, f"/dev/nullb{i}"))
        ksft_eq(blk_stat(f"nullb{i}", 1) - before[i], 1000, f"nullb{i}: reads counted")
    ksft_eq(run_count(), 16, "runs kept")


class Racers:
    """Two processes' worth of commands: one starts, stops, reads and
    deletes runs in a loop; the other lists, reads, stops and deletes
    whatever runs it sees. Every command either succeeds or fails with
    one line (exit 1); nothing hangs."""

    def __init__(self) -> None:
        self.err: list[str] = []
        self.bad: list[str] = []
        self.done = threading.Event()
        self.lock = threading.Lock()

    def ctl(self, *args: str) -> str | None:
        """One command of a racer: its output when it succeeds; its
        errors kept. Any status but 0 and 1 (a hang of 60 s) is noted."""
        try:
            p = subprocess.run([CLI, "ctl", *args], capture_output=True, text=True,
                               timeout=60, check=False)
        except subprocess.TimeoutExpired:
            with self.lock:
                self.bad.append(f"hung 60 s: {args}")
            return None
        with self.lock:
            self.err.extend(p.stderr.splitlines())
            if p.returncode not in (0, 1):
                self.bad.append(f"exit {p.returncode}: {args}")
        return p.stdout if p.returncode == 0 else None

    def racer_a(self) -> None:
        try:
            for _ in range(15):
                out = self.ctl("start", "-j", "--target", f"/dev/nullb{random.randrange(4)}",
                               "--ios", "3000", "--iodepth", "2")
                if out is None:
                    continue
                run_id = str(json.loads(out)["id"])
                self.ctl("stop", run_id)
                self.ctl("results", "-j", run_id)
                self.ctl("delete", run_id)
        finally:
            self.done.set()

    def racer_b(self) -> None:
        while not self.done.is_set():
            listed = self.ctl("list") or ""
            for line in listed.splitlines()[1:]:
                run_id = line.split()[0]
                what = random.randrange(4)
                if what == 0:
                    self.ctl("status", run_id)
                elif what == 1:
                    self.ctl("results", "-j", run_id)
                elif what == 2:
                    self.ctl("stop", run_id)
                else:
                    self.ctl("delete", run_id)
            # Not a spin: on one CPU a spinning racer starves the other.
            time.sleep(0.05)


def races() -> None:
    """start/stop/results/delete raced from two processes: clean answers,
    no run left."""
    r = Racers()
    threads = [threading.Thread(target=r.racer_a), threading.Thread(target=r.racer_b)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=300)
    ksft_true(not any(t.is_alive() for t in threads), "racers still running after 300 s")
    counts = Counter(re.sub(r"[0-9]+", "N", line) for line in r.err)
    for line, n in counts.most_common(8):
        ksft_pr(f"{n:6d} {line}")
    runs_clear()
    # Every command succeeded or failed with exit 1 within 60 s ...
    ksft_eq(r.bad, [], "commands that hung or failed otherwise")
    # ... and each failure is one line that says which run and why.
    ksft_eq([line for line in r.err if not line.startswith("ssdk: ")], [], "unexpected output")
    ksft_eq(run_count(), 0, "runs kept")


def unloads() -> None:
    """And the module unloads."""
    ksft_ok(run(["rmmod", "ssdk"], timeout=30))


def cases() -> list[Callable[[], None]]:
    def four() -> None:
        if not nullb_load(nr_devices=4, irqmode=2, completion_nsec=20000, gb=1):
            ksft_bail("no null_blk")
        races()

    return [
        ksft_case("16_runs_started_at_once_on_16_devices_each_done_each_device_counted_1000_reads",
              sixteen),
        ksft_case("start_stop_results_delete_raced_from_two_processes_clean_answers_no_run_left",
              four),
        ksft_case("and_the_module_unloads", unloads),
    ]


def main() -> None:
    ssdk_setup_fresh()
    ksft_run_cleaned(cases())


if __name__ == "__main__":
    main()
