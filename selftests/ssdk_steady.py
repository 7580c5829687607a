#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
# ssdk-selftest: vm=beside kernels=all time=80
"""Rounds and steady state (SNIA PTS) on a device whose speed the test
sets: dm-delay over null_blk, its delay swapped on a schedule of the
run's own clock (lib/dm_delay.py), so that each round's IOPS is known
whatever the host's load. The run is paced at 100 IOPS with 16 IOs in
flight: at 50 ms of delay the device could do 320, so the rate is the
pace's, exactly, even when the emulated guest is starved of CPU (it
would still be up to some 100 ms of emulation per IO); at 400 ms the
device does at most 40. Steady state must be declared exactly at the
round the rule gives, never while the delay still changes, and the run
must end there; a device that never settles goes all its rounds and
ends not steady. What cannot make a run with rounds is refused and
starts nothing."""

import contextlib
import io
import os
import re
from collections.abc import Callable
from typing import Any

from lib import dm_delay as dm_schedule
from lib.py import (
    CLI,
    KsftFailEx,
    KsftSkipEx,
    blk_stat,
    cli,
    cli_json,
    dm_delay,
    dm_remove,
    ksft_case,
    ksft_check,
    ksft_eq,
    ksft_exit,
    ksft_lt,
    ksft_ok,
    ksft_pr,
    ksft_refused,
    ksft_run,
    ksft_skip_all,
    ksft_true,
    nullb_load,
    nullb_unload,
    run_count,
    runs_clear,
    ssdk_setup_fresh,
)

NAME = "ssdk-steady"
NULLB = "/dev/nullb0"
DEV = f"/dev/mapper/{NAME}"
FAST = 50  # ms: the pace's 100 IOPS
SLOW = 400  # ms: 40 IOPS at most

# The runs' results later cases look at; the counter the refusals keep.
RUNS: dict[str, Any] = {}
BEFORE: dict[str, int] = {}


def steady_run(key: str, rounds: int, round_time: str, start_ms: int, *steps: str) -> Any:
    """The results of a run of ROUNDS at most that tests steady IOPS, the
    delay START_MS at its start, then MS from its second T on (STEPS of
    T:MS; lib/dm_delay.py, which says when); kept as KEY. A ramp of 1 s
    keeps the start out of the rounds."""
    dm_delay(NAME, NULLB, start_ms)
    said = io.StringIO()
    with contextlib.redirect_stdout(said), contextlib.redirect_stderr(said):
        rc = dm_schedule.main([NAME, NULLB, *steps, "--", CLI, "-j", "ctl", "start",
                               "--target", DEV, "--iodepth", "16", "--rate-iops", "100",
                               "--ramp", "1s", "--rounds", str(rounds), "--round-time",
                               round_time, "--steady", "iops"])
    schedule = said.getvalue().split("\n")
    ksft_eq(rc, 0, f"dm_delay.py: {said.getvalue()}")
    run_id = schedule[0]
    ksft_ok(cli("ctl", "wait", run_id))
    RUNS[key] = cli_json("ctl", "results", run_id)
    # when the delay changed, as dm_delay.py said
    for line in schedule[1:]:
        if line:
            ksft_pr(line)
    return RUNS[key]


def constant() -> None:
    """A constant device: steady at the first window the rule passes on
    the rounds as measured, and the run of at most 20 rounds ends there.
    That is rounds 1-5 when the guest ran undisturbed; an emulated guest
    starved of CPU at a round's end (once on 7.x under make check: rounds
    of 84 and 108 IOPS) moves IOs into the next round, and the first
    clean window comes later: by round 10 for a stall in any of the first
    five."""
    ksft_check("steady_by_rule", steady_run("constant", 20, "1s", FAST), 20, 10)


def settles() -> None:
    """2 s rounds from 1 s on. The delay goes slow and fast again in the
    middle of rounds 2, 4, 6 and 8 (at 4, 8, 12 and 16 s), then holds:
    rounds of 100, 70, 40, 70, 100, 70, 40, 70, then 100. Every window up
    to rounds 8-12 holds a change (rounds 8-12: 70, then 100 four times:
    a range of 32% of the average); rounds 9-13 are the first without:
    steady at 13. (The last change may come 0.6 s early or 1 s late and
    still leave rounds 8-12 unsteady.)"""
    j = steady_run("settles", 20, "2s", FAST, f"4:{SLOW}", f"8:{FAST}", f"12:{SLOW}",
                   f"16:{FAST}")
    ksft_check("steady_at", j, 13, 20)
    ksft_lt(j["elapsed_ns"], 28e9, "elapsed_ns")


def never() -> None:
    """1 s rounds, the delay swapped between slow and fast every 2 s from
    2.5 s on: every window of 5 rounds holds rounds of 40 and of 100
    IOPS: never steady, all 8 rounds run."""
    j = steady_run("never", 8, "1s", FAST, f"2.5:{SLOW}", f"4.5:{FAST}", f"6.5:{SLOW}")
    ksft_check("steady_at", j, 0, 8)


def rounds_text() -> None:
    """The rounds' text: the table, each window's verdict, the
    measurement window."""
    p = cli("ctl", "results", str(RUNS["never"]["id"]))
    ksft_ok(p)
    text = p.stdout
    try:
        ksft_true(re.search(r"^rounds 8 of 8, 1.000 s each; steady iops \(range 20%, slope 10%"
                            r" over 5 rounds\): not reached$", text, re.MULTILINE),
                  "the rounds' line")
        ksft_eq(len(re.findall(r"^ +[0-9]+ +[0-9]+ ", text, re.MULTILINE)), 8, "rows of rounds")
        ksft_true(re.search(r"^window rounds 4-8: ", text, re.MULTILINE), "the window's line")
    except KsftFailEx:
        for line in text.splitlines():
            ksft_pr(line)
        raise


# --- refused: nothing starts, no IO -------------------------------------------


def refused(status: int, pattern: str, *args: str) -> None:
    ksft_refused(cli(*args), status, pattern)


def refused_first(status: int, pattern: str, *args: str) -> None:
    """The first refusal, once no run is kept: the counter the refusals
    keep, read before it."""
    runs_clear()
    BEFORE["reads"] = blk_stat("nullb0", 1)
    refused(status, pattern, *args)


def none_made() -> None:
    ksft_eq(run_count(), 0, "runs kept")
    ksft_eq(blk_stat("nullb0", 1), BEFORE["reads"], "reads of nullb0")


def cases() -> list[Callable[[], None]]:
    return [
        ksft_case("a_constant_device_steady_at_the_first_window_the_rule_passes_the_run_ends_there",
                  constant),
        ksft_case("speed_changed_every_2_rounds_then_held_steady_exactly_at_round_13_never_before",
                  settles),
        ksft_case("a_device_that_never_settles_all_8_rounds_not_steady", never),
        ksft_case("results_show_each_round_its_windows_test_and_the_measurement_window",
                  rounds_text),
        ksft_case("rounds_without_a_round_time", refused_first, 1, "rounds: needs round-ns",
                  "ctl", "run", "--target", NULLB, "--rounds", "5"),
        ksft_case("a_round_that_is_not_whole_intervals", refused, 1,
                  "round-ns: not a multiple of ts-interval-ns",
                  "ctl", "run", "--target", NULLB, "--rounds", "5", "--round-time", "1500ms"),
        ksft_case("a_steady_test_with_fewer_rounds_than_a_window", refused, 1,
                  r"steady-track: needs rounds, at least steady-window \(5\)",
                  "ctl", "run", "--target", NULLB, "--rounds", "4", "--round-time", "1s",
                  "--steady", "iops"),
        ksft_case("a_bound_out_of_range", refused, 1, r"steady-range-pct: .*range.*1\.\.100",
                  "ctl", "run", "--target", NULLB, "--rounds", "5", "--round-time", "1s",
                  "--steady", "iops:101"),
        ksft_case("more_rounds_than_the_time_series_holds", refused, 1, "rounds: more intervals",
                  "ctl", "run", "--target", NULLB, "--rounds", "1000", "--round-time", "1h"),
        ksft_case("rounds_through_a_userspace_engine_refused_before_the_modules_run", refused, 1,
                  "uring: no --rounds", "compare", "--target", NULLB, "--engines",
                  "bio,uring-raw", "--rounds", "5", "--round-time", "1s"),
        ksft_case("refused_runs_none_made_no_io", none_made),
    ]


def main() -> None:
    ssdk_setup_fresh()
    if not nullb_load(nr_devices=1, irqmode=0, gb=1):
        ksft_skip_all("no null_blk")
    try:
        dm_delay(NAME, NULLB, FAST)
    except (KsftSkipEx, KsftFailEx) as e:
        ksft_skip_all(f"no dm-delay: {e}")
    # dm_delay.py asks the CLI the run's clock
    os.environ.setdefault("SSDK_CLI", CLI)
    try:
        ksft_run(cases())
    finally:
        runs_clear()
        dm_remove(NAME)
        nullb_unload()
    ksft_exit()


if __name__ == "__main__":
    main()
