#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
# ssdk-selftest: vm=icount kernels=all time=50
"""Latency ground truth. null_blk in timer mode (irqmode=2) completes
each IO completion_nsec after it was queued, so ssdk's latencies have a
known floor T; and at queue depth N, Little's law ties IOPS to N / T.

Only meaningful in deterministic guest time (scripts/vm-run --icount,
one virtual ns per instruction): under plain emulation the host's
scheduling adds tens of microseconds of timer jitter."""

import os
from collections.abc import Callable
from typing import Any

from lib.py import (
    KsftFailEx,
    cli,
    cli_json,
    khugepaged_off,
    ksft_case,
    ksft_check,
    ksft_eq,
    ksft_exit,
    ksft_pr,
    ksft_run,
    ksft_skip_all,
    ksft_true,
    module_load,
    nullb_load,
    run,
    runs_clear,
    ssdk_setup,
    temp_dir,
)

RUNS: dict[str, Any] = {}
# The irqmode=0 path's p50, and the slack allowed above T.
BASE = {"o": 0, "slack": 5000}
# The replay's lateness bound at the 99th percentile.
REPLAY_LATE_NS = 20000


def p50(j: Any) -> int:
    return int(j["read"]["lat_ns"]["percentiles"]["50.000000"])


def run_nullb(qd: int, ios: int, *opts: str, **nullb: int) -> Any:
    """A 4k randread run on a fresh null_blk, with the run's OPTS."""
    if not nullb_load(nr_devices=1, **nullb):
        raise KsftFailEx("null_blk")
    return cli_json("ctl", "run", "-q", "--target", "/dev/nullb0", "--iodepth", str(qd),
                    "--ios", str(ios), *opts)


def baseline() -> None:
    """The software path alone (irqmode=0 completes in the submitter's
    context): the overhead that timer mode adds its T to."""
    j = run_nullb(1, 5000, irqmode=0)
    o = p50(j)
    ksft_pr(f"irqmode=0: p50 {o} ns")
    # Allowed above T: 2% of T (the promise of the histogram is 0.2%),
    # plus the path's measured overhead three times over (timer mode also
    # runs an hrtimer and a softirq), at least 5 us.
    BASE.update(o=o, slack=max(3 * o, 5000))


def floor(t: int) -> None:
    j = RUNS[f"lat-{t}"] = run_nullb(1, min(400000000 // t, 3000), irqmode=2,
                                     completion_nsec=t)
    ksft_check("latency_floor", j, "read", t, BASE["slack"])


def qd_rate(qd: int) -> None:
    """Queue depth: with T = 1 ms, far above the per-IO cost, N IOs in
    flight complete N per T. The tolerance of 5% covers the per-IO path
    (~0.3% of T), the run's first and last T, and the timer's slack."""
    j = run_nullb(qd, 400 * qd, irqmode=2, completion_nsec=1000000)
    iops = j["read"]["iops"]
    ksft_pr(f"QD {qd}: {round(iops)} IOPS, N/T = {qd * 1000}")
    ksft_true(0.95 <= iops * 1e-3 / qd <= 1.0, f"IOPS / (N / T) = {iops * 1e-3 / qd:.4f}")


def batch_floor() -> None:
    """Batches: each IO is stamped as it enters the block layer, its wait
    in the plug while the batch is built included. At T = 1 ms that wait
    (a few IOs' submission) stays in the floor test's slack."""
    nullb_load(nr_devices=1, irqmode=2, completion_nsec=1000000)
    j = cli_json("ctl", "run", "-q", "--target", "/dev/nullb0", "--iodepth", "8", "--batch", "8",
                 "--ios", "3200")
    ksft_check("latency_floor", j, "read", 1000000, BASE["slack"])


def batch_rate() -> None:
    """A batch of 16 at depth 16 goes out once the previous one has all
    completed and been reaped: a cycle is T plus the handling of 16 IOs,
    at most 3 times the irqmode=0 path each (the floor's allowance: timer
    mode adds an hrtimer and a softirq). So IOPS is in [16 / (T + 16 x 3
    x the irqmode=0 p50), 16 / T]."""
    nullb_load(nr_devices=1, irqmode=2, completion_nsec=1000000)
    j = cli_json("ctl", "run", "-q", "--target", "/dev/nullb0", "--iodepth", "16", "--batch",
                 "16", "--ios", "6400")
    lo = 16 * 1000000000 // (1000000 + 16 * 3 * BASE["o"])
    iops = j["read"]["iops"]
    ksft_pr(f"{round(iops)} IOPS, wanted in [{lo}, 16000]")
    ksft_true(lo <= iops <= 16000, f"{iops} IOPS")


def compare_depths() -> None:
    """ssdk compare's achieved depth (Little's law: IOPS x mean latency) at
    T = 1 ms: the module's engine and the userspace ones, psync's 8
    threads included, keep 90-102% of the depth asked in flight."""
    nullb_load(nr_devices=1, irqmode=2, completion_nsec=1000000)
    j = cli_json("compare", "-q", "--target", "/dev/nullb0", "--engines",
                 "bio,uring-raw,psync-raw", "--iodepth", "1,8", "--ios", "400")
    ksft_pr({p["iodepth"]: p["achieved_iodepth"] for p in j["points"]})
    ksft_check("achieved_iodepth", j, 90, 102)


def device_p50(j: Any) -> int:
    return int(j["read"]["device"]["lat_ns"]["percentiles"]["50.000000"])


def anatomy_floor() -> None:
    """Anatomy's device stage (the request's issue to the driver's
    completion) at T = 20 us: what timer mode adds to T (the hrtimer,
    its softirq, the driver's completion) is the floor of the next two."""
    t = 20000
    j = run_nullb(1, 3000, "--anatomy", irqmode=2, completion_nsec=t)
    BASE["device"] = device_p50(j) - t
    ksft_pr(f"T {t} ns: device stage p50 {device_p50(j)} ns, floor {BASE['device']} ns")
    ksft_true(j["read"]["device"]["lat_ns"]["min"] >= t, "device stage min >= T")


def anatomy_device(t: int) -> None:
    """The device stage at T: never below T (null_blk's timer starts after
    the issue), and its p50 within 2% of T of T plus the floor."""
    if "device" not in BASE:
        raise KsftFailEx("no floor measured")
    j = run_nullb(1, min(400000000 // t, 3000), "--anatomy", irqmode=2, completion_nsec=t)
    want = t + BASE["device"]
    ksft_pr(f"T {t} ns: device stage p50 {device_p50(j)} ns, want {want} +- {t // 50}")
    ksft_true(j["read"]["device"]["lat_ns"]["min"] >= t, "device stage min >= T")
    ksft_true(abs(device_p50(j) - want) <= t // 50, "device p50 within 2% of T of T + floor")


def repeat() -> None:
    """The same run twice gives the same latencies: guest time is exact."""
    a = run_nullb(1, 1000, irqmode=2, completion_nsec=100000)
    b = RUNS["lat-100000"]
    ksft_true(b["read"]["lat_ns"]["min"] > 0, "the first run's min")
    ksft_pr(f"p50 {p50(a)} vs {p50(b)}")
    ksft_true(p50(b) - p50(b) // 100 <= p50(a) <= p50(b) + p50(b) // 100, "within 1%")


def replay_late() -> None:
    """A replay at its trace's times (ssdk trace make: gaps of 100 us,
    1 ms and bursts) on irqmode=0, where each IO completes within its
    submission: the worker issues each IO within REPLAY_LATE_NS of its
    time at the 99th percentile (a burst's IOs queue behind each other's
    few microseconds of submission)."""
    gaps = temp_dir() / "gaps.iolog"
    RUNS["gaps"] = gaps
    p = cli("trace", "make", "--out", str(gaps), "--ios", "2000", "--bs", "4k", "--rwmixread",
            "100", "--gaps", "100us/50:1ms/40:0/10", "--span", "1g", "--seed", "3")
    ksft_eq(p.returncode, 0, p.stderr)
    nullb_load(nr_devices=1, irqmode=0)
    j = RUNS["replay"] = cli_json("ctl", "replay", "-q", "--target", "/dev/nullb0", "--trace",
                                  str(gaps), "--iodepth", "8")
    lat = j["read"]["lateness"]["lat_ns"]
    ksft_pr({"p50": lat["percentiles"]["50.000000"], "p99": lat["percentiles"]["99.000000"],
             "max": lat["max"], "late": j["late"]})
    ksft_eq(j["completed"], 2000)
    ksft_true(lat["percentiles"]["99.000000"] <= REPLAY_LATE_NS, "p99 lateness")


def replay_scaled() -> None:
    """Stretched twice, the replay lasts twice as long within 1%."""
    one = RUNS["replay"]
    two = cli_json("ctl", "replay", "-q", "--target", "/dev/nullb0", "--trace",
                   str(RUNS["gaps"]), "--iodepth", "8", "--timing", "scale:2")
    ksft_pr(f"elapsed {one['elapsed_ns']} ns, scaled x2 {two['elapsed_ns']} ns")
    ksft_true(abs(two["elapsed_ns"] / one["elapsed_ns"] - 2) <= 0.02, "twice as long")


def cases() -> list[Callable[[], None]]:
    return [
        ksft_case("irqmode_0_baseline_5000_ios", baseline),
        *(ksft_case(f"timer_mode_t_{t // 1000}_us_min_ge_t_p50_in_t_t_plus_2_pct_plus_slack", floor,
                t) for t in (20000, 100000, 1000000)),
        *(ksft_case(f"qd_{qd}_at_t_1_ms_iops_{qd}_over_t_within_5_pct", qd_rate, qd)
          for qd in (1, 4, 16)),
        ksft_case("batch_8_at_qd_8_t_1_ms_min_ge_t_p50_in_t_t_plus_2_pct_plus_slack", batch_floor),
        ksft_case("batch_16_at_qd_16_t_1_ms_iops_in_16_over_t_plus_48_irqmode_0_p50_16_over_t",
              batch_rate),
        ksft_case("compare_at_t_1_ms_iodepth_1_and_8_bio_uring_raw_psync_raw_keep_90_102_pct",
              compare_depths),
        ksft_case("anatomy_device_stage_at_t_20_us_ge_t_its_floor", anatomy_floor),
        *(ksft_case(f"anatomy_device_stage_at_t_{t // 1000}_us_ge_t_p50_t_plus_floor_within_2_pct",
                    anatomy_device, t) for t in (100000, 1000000)),
        ksft_case("a_repeated_runs_p50_agrees_within_1_pct", repeat),
        ksft_case(f"replay_at_its_times_gaps_100_us_1_ms_bursts_p99_lateness_le_{REPLAY_LATE_NS}_ns",
              replay_late),
        ksft_case("replay_with_scale_2_lasts_twice_as_long_within_1_pct", replay_scaled),
    ]


def main() -> None:
    if os.environ.get("SSDK_VM_ICOUNT", "0") != "1":
        ksft_skip_all("timing ground truth needs scripts/vm-run --icount")
    ssdk_setup()
    if run(["modprobe", "-n", "null_blk"]).returncode:
        ksft_skip_all("no null_blk")
    try:
        with khugepaged_off():
            ksft_run(cases())
    finally:
        run(["rmmod", "null_blk"])
        module_load()
        runs_clear()
    ksft_exit()


if __name__ == "__main__":
    main()
