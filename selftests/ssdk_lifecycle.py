#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
# ssdk-selftest: vm=smp kernels=all time=35
"""Runs as objects that outlive their controller: concurrent runs, stop,
Ctrl-C, a killed controller, delete, the bound on kept runs, and
unloading the module under running runs. Nothing may hang; vm-run fails
the suite on any warning in dmesg."""

import json
import signal
import subprocess
import time
from collections.abc import Callable

from lib.py import (
    CLI,
    KsftFailEx,
    cli,
    cli_json,
    ksft_bail,
    ksft_case,
    ksft_check,
    ksft_eq,
    ksft_ok,
    ksft_pr,
    ksft_refused,
    ksft_run_cleaned,
    ksft_skip_all,
    ksft_true,
    module_load,
    module_loaded,
    nullb_load,
    run,
    run_count,
    run_start_hour,
    run_state,
    runs_clear,
    ssdk_setup_fresh,
)

RUNS: dict[str, int] = {}


def timer_wakeups() -> None:
    """A timer completion can interrupt the worker just as it goes to
    sleep, having found no completed IO: that wake-up must not be lost.
    (A worker that took such an interrupt for an inline completion of its
    own hung within a few thousand IOs at T = 20 us, at QD1 and QD4
    alike.)"""
    for qd in ("1", "4"):
        run_id = str(cli_json("ctl", "start", "--target", "/dev/nullb0", "--ios", "30000",
                              "--iodepth", qd, "--cpu", "0")["id"])
        ksft_ok(cli("ctl", "wait", "--timeout", "120s", run_id, timeout=180))
        ksft_ok(cli("ctl", "delete", run_id))


def two_running() -> None:
    runs_clear()
    if not nullb_load(nr_devices=2, irqmode=2, completion_nsec=100000, gb=4):
        ksft_bail("null_blk reload failed")
    RUNS["a"] = run_start_hour("/dev/nullb0")
    RUNS["b"] = run_start_hour("/dev/nullb1", "--rw", "randwrite", "--allow-write")
    ksft_eq((run_state(RUNS["a"]), run_state(RUNS["b"])), ("running", "running"))


def progress() -> None:
    time.sleep(1)
    j = cli_json("ctl", "status", str(RUNS["a"]))
    ksft_true(j["completed"] > 0 and j["elapsed_ns"] > 0 and j["iops_now"] > 0, str(j))


def wait_timeout() -> None:
    p = cli("ctl", "wait", "--timeout", "200ms", str(RUNS["a"]))
    ksft_pr(p.stderr.strip())
    ksft_eq(p.returncode, 1, "exit status")


def stopped() -> None:
    ksft_ok(cli("ctl", "stop", str(RUNS["a"]), timeout=20))
    ksft_check("run_ended", cli_json("ctl", "results", str(RUNS["a"])), "stopped")


def other_goes_on() -> None:
    ksft_eq(run_state(RUNS["b"]), "running")


def wait_ended() -> None:
    ksft_ok(cli("ctl", "wait", str(RUNS["a"]), timeout=10))


def deleted() -> None:
    """A running run's deletion is refused at once, and says why; stopped,
    it goes, and frees its device."""
    b = str(RUNS["b"])
    ksft_refused(cli("ctl", "delete", b, timeout=5), 1, "the run is running: stop it first")
    ksft_eq(run_state(RUNS["b"]), "running")
    ksft_ok(cli("ctl", "stop", b, timeout=20))
    ksft_ok(cli("ctl", "delete", b, timeout=5))
    ksft_true(cli("ctl", "status", b).returncode != 0, "status after delete")
    # The device is free again: a writer may open it exclusively.
    ksft_ok(cli("ctl", "run", "-q", "--target", "/dev/nullb1", "--rw", "randwrite", "--ios",
                "100", "--allow-write"))


def running_ids() -> list[int]:
    return [int(r["id"]) for r in cli_json("ctl", "list") if r["state"] == "running"]


def started(before: list[int], p: subprocess.Popen[str] | subprocess.Popen[bytes]) -> None:
    """Until the run P starts is listed as running (30 s at most), then 1 s
    more of it: a loaded host may take longer than a second to start a
    process, and a signal before its run is not what is tested."""
    for _ in range(300):
        if set(running_ids()) - set(before) or p.poll() is not None:
            break
        time.sleep(0.1)
    time.sleep(1)


def sigint() -> None:
    before = running_ids()
    p = subprocess.Popen([CLI, "-j", "ctl", "run", "--target", "/dev/nullb0", "--runtime", "1h"],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    started(before, p)
    p.send_signal(signal.SIGINT)
    try:
        out, err = p.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        p.kill()
        raise KsftFailEx("still running 20 s after SIGINT") from None
    ksft_pr(err.strip())
    ksft_eq(p.returncode, 130, "exit status")
    ksft_true("stopped by signal" in err, "stopped by signal, said")
    ksft_check("run_ended", json.loads(out), "stopped")


def killed() -> None:
    before = running_ids()
    p = subprocess.Popen([CLI, "ctl", "run", "-q", "--target", "/dev/nullb0", "--runtime", "1h"],
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    started(before, p)
    p.kill()
    p.wait()
    running = running_ids()
    ksft_true(len(running) > 0, "a running run")
    ksft_eq(run_state(running[0]), "running")
    ksft_ok(cli("ctl", "stop", str(running[0]), timeout=20))


def bound() -> None:
    n = run_count()
    while n < 4:
        ksft_ok(cli("ctl", "run", "-q", "--target", "/dev/nullb1", "--ios", "10"))
        n += 1
    ksft_refused(cli("ctl", "run", "-q", "--target", "/dev/nullb1", "--ios", "10"), 1,
                 "too many runs kept")
    runs_clear()


def rmmod_running() -> None:
    run_start_hour("/dev/nullb0")
    run_start_hour("/dev/nullb1", "--rw", "randwrite", "--allow-write")
    ksft_ok(run(["rmmod", "ssdk"], timeout=30))


def gone() -> None:
    ksft_true(not module_loaded(), "the module is gone")


def devices_free() -> None:
    ksft_true(module_load(), "insmod")
    ksft_ok(cli("ctl", "run", "-q", "--target", "/dev/nullb1", "--rw", "write", "--ios", "100",
                "--allow-write"))


def cases() -> list[Callable[[], None]]:
    return [
        ksft_case("completions_from_a_timer_interrupt_never_miss_the_workers_wake_up",
              timer_wakeups),
        ksft_case("two_runs_on_two_devices_run_at_once", two_running),
        ksft_case("a_running_runs_status_shows_progress", progress),
        ksft_case("wait_timeout_on_a_running_run_fails_after_the_timeout", wait_timeout),
        ksft_case("stop_prompt_partial_results_kept_and_consistent", stopped),
        ksft_case("the_other_run_goes_on", other_goes_on),
        ksft_case("wait_on_an_ended_run_returns_at_once", wait_ended),
        ksft_case("delete_a_running_run_refused_at_once_stopped_it_goes_and_frees_its_device",
              deleted),
        ksft_case("ctrl_c_stops_the_run_and_prints_its_partial_results_exit_130", sigint),
        ksft_case("a_killed_controllers_run_goes_on_and_can_be_stopped_later", killed),
        ksft_case("more_runs_than_max_runs_4_are_refused", bound),
        ksft_case("rmmod_with_two_runs_running_returns_promptly", rmmod_running),
        ksft_case("the_module_is_gone", gone),
        ksft_case("and_the_devices_are_free", devices_free),
    ]


def main() -> None:
    ssdk_setup_fresh("max_runs=4")
    if not nullb_load(nr_devices=1, irqmode=2, completion_nsec=20000, gb=4):
        ksft_skip_all("no null_blk")
    ksft_run_cleaned(cases())


if __name__ == "__main__":
    main()
