#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
# ssdk-selftest: vm=main kernels=all time=60
"""Worst-case latency investigation on ground truth: the slowest-IO log of
a run (its top entry is the run's maximum, to the nanosecond; every
entry lies in the span), the time series (its intervals add up to the
run), the IOs that a device-mapper suspend held (the log finds exactly
them, the time series shows the stall where it was), the bounds on both,
and the tracepoints (one submit and one complete event per IO, agreeing
with the log)."""

import json
import re
import subprocess
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from lib.py import (
    CLI,
    KsftFailEx,
    cli,
    cli_json,
    dm_linear,
    dm_remove,
    dm_stalled_run,
    ksft_case,
    ksft_check,
    ksft_check_file,
    ksft_eq,
    ksft_ge,
    ksft_ok,
    ksft_pr,
    ksft_refused,
    ksft_run_cleaned,
    ksft_true,
    run,
    run_state,
    ssdk_setup,
    temp_dir,
    wait_completed,
    ynl,
    ynl_family,
)

PARAMS = Path("/sys/module/ssdk/parameters")
TRACING = Path("/sys/kernel/tracing")
TMP = Path()
RUNS: dict[str, Any] = {}


def run_json(*opts: str) -> Any:
    return cli_json("ctl", "run", "-q", "--target", "/dev/nullb0", *opts)


@contextmanager
def param(name: str, value: int) -> Iterator[None]:
    """Module parameter NAME at VALUE inside, restored after."""
    p = PARAMS / name
    old = p.read_text()
    p.write_text(f"{value}\n")
    try:
        yield
    finally:
        p.write_text(old)


def log_in_span() -> None:
    """4 KiB random reads over [1 MiB, 65 MiB), a bs-split too: lengths
    vary. QD 1: each went alone."""
    j = RUNS["slowest"] = run_json("--offset", "1m", "--span", "64m", "--bssplit",
                                   "4k/50:16k/50", "--ios", "5000")
    ksft_check("slowest_log", j, "read", 64)
    ksft_check("slowest_in_span", j, 1 << 20, 65 << 20, 1, 4096, 16384)


def text_view() -> None:
    """The text view: the table after the summary, a row per IO."""
    p = cli("ctl", "results", "--slowest", str(RUNS["slowest"]["id"]))
    ksft_ok(p)
    rows = [ln for ln in p.stdout.splitlines() if re.match(r"^ +[0-9]+ +[0-9.]+ [mun]?s +read ", ln)]
    ksft_true(any(ln.startswith("slowest 64 IOs") for ln in p.stdout.splitlines()), p.stdout)
    ksft_eq(len(rows), 64, "rows")


def slowest_kept(n: int, ios: int) -> None:
    ksft_eq(len(run_json("--ios", str(ios), "--slowest", str(n))["slowest"]), n)


def series() -> None:
    j = RUNS["ts"] = run_json("--ios", "16000", "--iodepth", "2", "--ts-interval", "100ms",
                              "--capture-over", "1ns")
    ksft_check("timeseries_adds_up", j, "read", 100000000)


def follow() -> None:
    """status --follow: a JSON line per interval while the run goes, then
    its end."""
    run_id = str(cli_json("ctl", "start", "--target", "/dev/nullb0", "--runtime", "1s",
                          "--rate-iops", "1000", "--ts-interval", "100ms")["id"])
    p = cli("-j", "ctl", "status", "--follow", run_id)
    ksft_ok(p)
    f = TMP / "follow.jsonl"
    f.write_text(p.stdout)
    lines = len(p.stdout.splitlines())
    ksft_pr(f"{lines} intervals followed")
    ksft_ge(lines, 10, "intervals followed")
    ksft_eq(cli_json("ctl", "status", run_id)["state"], "done")
    ksft_check_file("follow_in_order", f, 100000000)


def bounded() -> None:
    """The series is bounded by the module's ts_max_points: with 20, a run
    of 1 s at 10 ms intervals keeps 20 and counts the IOs after them."""
    with param("ts_max_points", 20):
        j = run_json("--runtime", "1s", "--rate-iops", "2000", "--ts-interval", "10ms")
    ksft_check("timeseries_bounded", j, "read", 20)


def capture_bounded() -> None:
    """The capture is bounded by capture_max: with 100, of 1000 IOs over 1
    ns, the first 100 are kept and 900 counted."""
    with param("capture_max", 100):
        j = run_json("--ios", "1000", "--capture-over", "1ns")
    ksft_check("captured", j, 100, 900)
    ksft_check("fields", j, "config.capture_over_ns=1")


def live_records(op: str, key: str, run_id: int) -> list[dict[str, Any]]:
    """The records of a slowest-get or captured-get dump (ynl), the run going."""
    p = ynl("--dump", op, "--json", json.dumps({"id": run_id}), "--output-json")
    ksft_eq(p.returncode, 0, p.stdout + p.stderr)
    return [r for msg in json.loads(p.stdout) for r in msg.get(key, [])]


def live() -> None:
    """While the run goes (an hour, paced at 2000 IOPS, 50 ms intervals):
    dm-linear over nullb0 suspended for 300 ms, then resumed; 200 ms
    later, the run still going, slowest-get (the workers' copies of their
    logs, published each interval) and captured-get (over 100 ms) both find
    the IOs the stall held, 300 ms or more, the slowest first."""
    dev = dm_linear("ssdk-live", "/dev/nullb0")
    run_id = 0
    try:
        run_id = int(cli_json("ctl", "start", "--target", dev, "--iodepth", "4", "--rate-iops",
                              "2000", "--runtime", "1h", "--ts-interval", "50ms",
                              "--capture-over", "100ms")["id"])
        wait_completed(run_id, 200)
        run(["dmsetup", "suspend", "ssdk-live"])
        time.sleep(0.3)
        run(["dmsetup", "resume", "ssdk-live"])
        time.sleep(0.2)
        slowest = live_records("slowest-get", "slowest", run_id)
        captured = live_records("captured-get", "captured", run_id)
        ksft_eq(run_state(run_id), "running", "the run still going when read")
    finally:
        if run_id:
            cli("ctl", "stop", str(run_id))
            cli("ctl", "delete", str(run_id))
        dm_remove("ssdk-live")
    lats = [r["lat-ns"] for r in slowest]
    ksft_pr(f"{len(slowest)} slowest, the first {lats[:5]}; {len(captured)} captured")
    ksft_eq(lats, sorted(lats, reverse=True), "slowest first")
    ksft_ge(lats[0] if lats else 0, 300_000_000, "the slowest read while the run goes, ns")
    ksft_ge(max((r["lat-ns"] for r in captured), default=0), 300_000_000,
            "the slowest captured while the run goes, ns")


def progress_pushed() -> None:
    """A listener of the progress group (ynl, subscribed) gets the run's
    progress as it goes, without asking: a 2 s run with 100 ms intervals
    sends notifications of its counters, never going back, and of its
    intervals, each once and in order, each as its results have it."""
    fam = ynl_family()
    fam.ntf_subscribe("progress")
    run_id = int(cli_json("ctl", "start", "--target", "/dev/nullb0", "--iodepth", "4",
                          "--runtime", "2s", "--ts-interval", "100ms")["id"])
    deadline = time.monotonic() + 60
    while run_state(run_id) in ("running", "stopping") and time.monotonic() < deadline:
        fam.check_ntf()
        time.sleep(0.05)
    fam.check_ntf()
    j = cli_json("ctl", "results", str(run_id))
    cli("ctl", "delete", str(run_id))
    ntfs = [m["msg"] for m in fam.async_msg_queue
            if m["name"] == "run-progress-ntf" and m["msg"]["id"] == run_id]
    ksft_pr(f"{len(ntfs)} notifications, completed "
            f"{[n.get('completed') for n in ntfs]}")
    ksft_ge(len(ntfs), 5, "notifications of a 2 s run, at most every 100 ms")
    done = [n["completed"] for n in ntfs]
    ksft_eq(done, sorted(done), "completed never goes back")
    told = [iv for n in ntfs for iv in n.get("interval", [])]
    ksft_eq([iv["index"] for iv in told], list(range(len(told))),
            "the intervals told: each once, in order")
    ksft_ge(len(told), 10, "intervals told while the run went")
    ksft_eq([sum(o["ios"] for o in iv.get("ops", [])) for iv in told],
            [p["read"]["ios"] + p["write"]["ios"] for p in j["timeseries"][:len(told)]],
            "each interval told as the results have it")


def late_listeners() -> None:
    """Two listeners join a run of 10 ms intervals (reads and writes, with
    anatomy) 1 s after its start. ynl, subscribed to the progress group
    then, is told the intervals from then on, each once and in order,
    without falling behind (the last told within 200 ms of the run's
    end). ``ctl status --follow`` prints every interval of the run, those
    before it joined read, each once and in order, as the results have
    them."""
    fam = ynl_family()  # its spec read before: seconds under TCG
    run_id = int(cli_json("ctl", "start", "--target", "/dev/nullb0", "--rw", "randrw",
                          "--allow-write", "--anatomy", "--iodepth", "4", "--rate-iops",
                          "20000", "--runtime", "4s", "--ts-interval", "10ms")["id"])
    time.sleep(1)
    fam.ntf_subscribe("progress")
    follower = subprocess.Popen([CLI, "-j", "ctl", "status", "--follow", str(run_id)],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    while run_state(run_id) in ("running", "stopping") and time.monotonic() < deadline:
        fam.check_ntf()
        time.sleep(0.05)
    fam.check_ntf()
    out, err = follower.communicate(timeout=60)
    j = cli_json("ctl", "results", str(run_id))
    cli("ctl", "delete", str(run_id))
    ksft_eq(follower.returncode, 0, err)
    ntfs = [m["msg"] for m in fam.async_msg_queue
            if m["name"] == "run-progress-ntf" and m["msg"]["id"] == run_id]
    told = [iv["index"] for n in ntfs for iv in n.get("interval", [])]
    n = len(j["timeseries"])
    ksft_pr(f"{len(ntfs)} notifications, intervals {told[:1]}..{told[-1:]} told of {n}")
    ksft_true(bool(told), "intervals told")
    ksft_eq(told, list(range(told[0], told[0] + len(told))), "told: each once, in order")
    ksft_ge(told[0], 50, "the first told: after the listener joined, 1 s in")
    ksft_ge(told[-1] + 1, n - 20, "the last told: within 200 ms of the run's end")
    f = TMP / "late-follow.jsonl"
    f.write_text(out)
    ksft_eq(len(out.splitlines()), n, "status --follow: every interval of the run")
    ksft_check_file("follow_in_order", f, 10_000_000)
    lines = [json.loads(x) for x in out.splitlines()]
    ksft_eq([(p["read"]["ios"], p["write"]["ios"]) for p in lines],
            [(p["read"]["ios"], p["write"]["ios"]) for p in j["timeseries"]],
            "each interval followed as the results have it")


def told_at_once() -> None:
    """An 8 s dm suspend under a run of 10 ms intervals: at the resume the
    worker closes some 800 intervals at once (12 bytes each when empty:
    more than a message holds, some 650 in the 8 KiB a notification
    gets), and tells them all then, in as many messages as they take.
    Each notification carries the intervals published when it was sent
    (ts-count, one worker): one that ends short of them is followed at
    once by one that goes on from it, with the same count. ``ctl status
    --follow``, which takes 256 intervals at a time, reads what a message
    holds past them: it prints every interval once, in order."""
    dev = dm_linear("ssdk-told", "/dev/nullb0")
    fam = ynl_family()
    fam.ntf_subscribe("progress")
    run_id = 0
    follower = None
    n = 0
    try:
        run_id = int(cli_json("ctl", "start", "--target", dev, "--iodepth", "4", "--rate-iops",
                              "2000", "--runtime", "1h", "--ts-interval", "10ms")["id"])
        follower = subprocess.Popen([CLI, "-j", "ctl", "status", "--follow", str(run_id)],
                                    stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        wait_completed(run_id, 500)
        run(["dmsetup", "suspend", "ssdk-told"])
        time.sleep(8)
        run(["dmsetup", "resume", "ssdk-told"])
        time.sleep(0.5)
    finally:
        if run_id:
            cli("ctl", "stop", str(run_id))
        out = follower.communicate(timeout=60)[0] if follower is not None else ""
        if run_id:
            n = len(cli_json("ctl", "results", str(run_id))["timeseries"])
            cli("ctl", "delete", str(run_id))
        dm_remove("ssdk-told")
    f = TMP / "told-follow.jsonl"
    f.write_text(out)
    ksft_eq(len(out.splitlines()), n, "status --follow: every interval of the run")
    ksft_check_file("follow_in_order", f, 10_000_000)
    fam.check_ntf()
    ntfs = [m["msg"] for m in fam.async_msg_queue
            if m["name"] == "run-progress-ntf" and m["msg"]["id"] == run_id]
    spans = [(n["interval"][0]["index"], n["interval"][-1]["index"] + 1, n["ts-count"])
             for n in ntfs if n.get("interval")]
    told = [iv["index"] for n in ntfs for iv in n.get("interval", [])]
    ksft_eq(told, list(range(len(told))), "told: each once, in order")
    short = [k for k, (_, end, count) in enumerate(spans) if end < count]
    ksft_pr(f"{len(ntfs)} notifications (first, end, ts-count): {spans}")
    ksft_ge(len(short), 1, "notifications short of the intervals published (the stall's)")
    ksft_eq([k for k in short if k + 1 < len(spans) and spans[k + 1][0] == spans[k][1]
             and spans[k + 1][2] == spans[k][2]], short,
            "each short one followed by the rest, at once (the same ts-count)")


def live_slowest_at_the_limit() -> None:
    """The slowest log at its limit, read while the run goes: two workers,
    --slowest 4096, 2 s in (tens of thousands of IOs). ``ctl results``
    of the running run gives 4096 records, the slowest first, each a
    measured IO of the span, none above the ended run's max (the running
    run's counters are read before its slowest log, which may then hold
    an IO completed between the two reads); after the end, 4096 again, the
    first the run's max exactly."""
    run_id = str(cli_json("ctl", "start", "--target", "/dev/nullb0", "--workers", "2",
                          "--iodepth", "4", "--slowest", "4096", "--runtime", "1h",
                          "--ts-interval", "50ms")["id"])
    try:
        wait_completed(int(run_id), 20000)
        time.sleep(0.2)
        live = cli_json("ctl", "results", run_id)
        ksft_eq(live["state"], "running", "read while the run goes")
    finally:
        cli("ctl", "stop", run_id)
    ended = cli_json("ctl", "results", run_id)
    cli("ctl", "delete", run_id)
    for what, j in (("going", live), ("ended", ended)):
        lats = [r["lat_ns"] for r in j["slowest"]]
        ksft_eq(len(lats), 4096, f"{what}: records")
        ksft_eq(lats, sorted(lats, reverse=True), f"{what}: the slowest first")
        ksft_ge(ended["read"]["lat_ns"]["max"], lats[0], f"{what}: the ended run's max, ns")
        ksft_true(all(0 <= r["offset"] < j["target_size"] for r in j["slowest"]),
                  f"{what}: every record in the target")
    ksft_eq(ended["slowest"][0]["lat_ns"], ended["read"]["lat_ns"]["max"],
            "ended: the first is the run's max")


def held() -> None:
    """QD4 reads through dm-linear over nullb0, suspended for 300 ms once
    the run is going: dm drains the 4 IOs in flight, then holds the next
    4 until it resumes. Those 4, and no other, take 300 ms or more. The
    run is paced (2000 IOPS) so that its worker leaves the guest's CPUs
    to dmsetup, and stopped once the stall is over."""
    j = RUNS["held"] = dm_stalled_run("ssdk-held", "/dev/nullb0", 200, 0.3, "--iodepth", "4",
                                      "--rate-iops", "2000", "--runtime", "60s",
                                      "--ts-interval", "50ms", "--capture-over", "100ms",
                                      stop_after=0.2)
    # The 4 slowest took 300 ms or more and were all in flight at once
    # (one stall held them; how far apart dm let them in depends on how
    # soon the worker refilled each drained slot, 16 ms once under load);
    # the fifth took less than 100 ms.
    ksft_check("slowest_held", j, 4, 300000000, 100000000)


def held_captured() -> None:
    """The capture over 100 ms holds the same 4 IOs, in completion order."""
    ksft_check("captured", RUNS["held"], 4, 0)
    ksft_check("captured_are_slowest", RUNS["held"])


def captured_table() -> None:
    p = cli("ctl", "results", "--captured", str(RUNS["held"]["id"]))
    ksft_true(any(ln.startswith("captured 4 IOs") for ln in p.stdout.splitlines()), p.stdout)


def text_stall() -> None:
    """The text view names the interval with the worst IO: the stall's."""
    p = cli("ctl", "results", "--text", str(RUNS["held"]["id"]))
    ksft_ok(p)
    f = TMP / "held.txt"
    f.write_text(p.stdout)
    ksft_check_file("worst_interval_at_least", f, 300)


def traced() -> None:
    if not (TRACING / "events/ssdk").is_dir():
        raise KsftFailEx(f"no ssdk events in {TRACING}/events")
    (TRACING / "tracing_on").write_text("0\n")
    (TRACING / "trace").write_text("\n")
    (TRACING / "buffer_size_kb").write_text("4096\n")
    (TRACING / "events/ssdk/enable").write_text("1\n")
    (TRACING / "tracing_on").write_text("1\n")
    try:
        j = RUNS["traced"] = run_json("--ios", "1000", "--iodepth", "4")
    finally:
        (TRACING / "tracing_on").write_text("0\n")
        (TRACING / "events/ssdk/enable").write_text("0\n")
    trace = (TMP / "trace.txt")
    trace.write_text((TRACING / "trace").read_text())
    text = trace.read_text()
    submit = len(re.findall(rf"ssdk_io_submit: run={j['id']} ", text))
    complete = len(re.findall(rf"ssdk_io_complete: run={j['id']} ", text))
    ksft_pr(f"submit {submit}, complete {complete}")
    ksft_eq((submit, complete), (1000, 1000), "submit, complete events")


def cases() -> list[Callable[[], None]]:
    def refused(pattern: str, *opts: str) -> None:
        ksft_refused(cli("ctl", "run", "-q", "--target", "/dev/nullb0", "--ios", "10", *opts),
                     1, pattern)

    def ynl_refused(pattern: str, attr: str, value: int) -> None:
        req = {"target": "/dev/nullb0", "ios": 10, attr: value}
        ksft_refused(ynl("--do", "run-start", "--json", json.dumps(req)), 1, pattern)

    return [
        ksft_case("slowest_64_slowest_first_the_first_is_the_runs_max_each_in_the_span",
              log_in_span),
        ksft_case("ctl_results_slowest_the_table_a_row_per_io", text_view),
        ksft_case("slowest_10_ten_entries", slowest_kept, 10, 500),
        ksft_case("slowest_0_none_kept", slowest_kept, 0, 500),
        ksft_case("slowest_4097_refused", refused, r"slowest-n: .*range.*0\.\.4096", "--slowest",
              "4097"),
        ksft_case("module_slowest_n_4097_policy_through_ynl", ynl_refused,
              "slowest-n|out of range|range", "slowest-n", 4097),
        ksft_case("time_series_100_ms_intervals_that_add_up_to_the_run_its_max_in_one_of_them",
              series),
        # Every IO captured (16000 IOs, under capture_max's 16384, and
        # none dropped: null_blk irqmode=0 completes them in order): the
        # ground truth of each interval's figures.
        ksft_case("time_series_each_intervals_ios_bytes_mean_max_and_p99_are_its_ios",
              lambda: ksft_check("timeseries_exact", RUNS["ts"], "read", 100000000)),
        ksft_case("ts_interval_5ms_refused", refused, "ts-interval-ns: below 10 ms",
              "--ts-interval", "5ms"),
        ksft_case("module_ts_interval_ns_below_10_ms", ynl_refused, "ts-interval-ns: below 10 ms",
              "ts-interval-ns", 5000000),
        ksft_case("status_follow_each_interval_once_in_order_to_the_runs_end", follow),
        ksft_case("ts_max_points_20_20_intervals_kept_the_ios_after_them_counted", bounded),
        ksft_case("capture_max_100_100_captured_900_counted_as_dropped", capture_bounded),
        ksft_case("capture_over_0_refused", refused, "capture-over-ns: .*range", "--capture-over",
              "0"),
        ksft_case("slowest_4096_the_most_4096_kept_of_5000", slowest_kept, 4096, 5000),
        ksft_case("while_the_run_goes_slowest_get_and_captured_get_find_a_300_ms_dm_stall", live),
        ksft_case("progress_group_a_2_s_run_its_counters_and_each_interval_once_in_order",
                  progress_pushed),
        ksft_case("progress_late_listeners_10_ms_intervals_ynl_told_without_lag_follow_gets_all",
                  late_listeners),
        ksft_case("progress_an_8_s_stall_at_10_ms_intervals_told_at_once_in_several_messages",
                  told_at_once),
        ksft_case("slowest_4096_two_workers_read_while_the_run_goes_4096_slowest_first",
                  live_slowest_at_the_limit),
        ksft_case("a_300_ms_dm_suspend_the_slowest_log_holds_exactly_the_4_ios_it_held", held),
        # Nothing completes for at least 250 ms (5 intervals of 50 ms)
        # while dm holds the IOs, then the interval in which the last held
        # IO completes has its latency as its max. Those 5 empty intervals
        # end right before that one or one earlier: dm resubmits the held
        # IOs one by one, and the first may complete, free its slot and
        # let new IOs complete in the interval before the last one's (14
        # IOs did once, on 7.x under make check's load).
        ksft_case("a_300_ms_dm_suspend_empty_intervals_then_one_whose_max_is_the_stall",
              lambda: ksft_check("stall_in_timeseries", RUNS["held"], 50000000, 5)),
        ksft_case("capture_over_100ms_exactly_the_4_held_ios_in_completion_order", held_captured),
        ksft_case("results_captured_the_table_of_the_4", captured_table),
        ksft_case("results_text_the_worst_interval_is_the_stalls", text_stall),
        ksft_case("tracepoints_one_submit_and_one_complete_event_per_io", traced),
        # The slowest IO of that run is in the trace: same offset, same
        # latency.
        ksft_case("tracepoints_the_slowest_ios_event_has_its_offset_and_latency",
              lambda: ksft_check("slowest_in_trace", RUNS["traced"], str(TMP / "trace.txt"),
                                 "read")),
    ]


def main() -> None:
    global TMP
    ssdk_setup(nr_devices=1, irqmode=0, gb=16)
    TMP = temp_dir()
    if not (TRACING / "events").is_dir():
        run(["mount", "-t", "tracefs", "nodev", str(TRACING)])
    ksft_run_cleaned(cases())


if __name__ == "__main__":
    main()
