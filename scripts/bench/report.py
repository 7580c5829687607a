#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""Fold the benchmark's per-run lines into cases, ratios and a table.

Reads the JSON lines that scripts/bench/guest.py wrote (one per case and
repetition, of one or several kernels), averages the repetitions of each
case, computes the ratios that issues 4 and 21 set targets for, per kernel,
prints a table per kernel and writes the results (schema in
Documentation/bench.rst).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path
from typing import Any

KEY = ("kernel", "mode", "engine", "device", "rw", "qd", "workers")
# The rows besides random reads on nullb-irq0 (the targets' row), each
# with its ratios under its own name: (device, rw).
ROWS = {"kfile": ("ext4-nullb", "randread"), "randwrite": ("nullb-irq0", "randwrite")}
# The userspace peers: every fio engine and variant, and fio's t/io_uring.
PEERS = ("fio-", "t-io_uring")


def mean_or_none(values: list[float | None]) -> float | None:
    vals = [v for v in values if v is not None]
    return statistics.fmean(vals) if vals else None


def fold(lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One case per (kernel, mode, engine, device, rw, qd, workers): the mean
    of its repetitions. Lines from before the write row are reads."""
    groups: dict[tuple[Any, ...], list[dict[str, Any]]] = {}
    for r in lines:
        r = {"rw": "randread", **r}
        groups.setdefault(tuple(r[k] for k in KEY), []).append(r)
    cases = []
    for runs in groups.values():
        c = {k: runs[0][k] for k in KEY}
        for k in ("iops", "cpu_ns_per_io", "task_ns_per_io", "iops_reported"):
            c[k] = mean_or_none([r[k] for r in runs])
        # The device's average queue (results from before it lack it).
        c["device_qd"] = mean_or_none([r.get("device_qd") for r in runs])
        if "measurement_overhead_ns" in runs[0]:  # ssdk's own figure
            c["measurement_overhead_ns"] = mean_or_none(
                [r.get("measurement_overhead_ns") for r in runs])
        if "sqpoll_cpu" in runs[0]:  # fio's SQ poller: its share of task_ns_per_io
            c["sqpoll_ns_per_io"] = mean_or_none([r["sqpoll_ns_per_io"] for r in runs])
            c["sqpoll_cpu"] = runs[0]["sqpoll_cpu"]
        c["lat_ns"] = {k: mean_or_none([r["lat_ns"][k] for r in runs])
                       for k in ("mean", "p50", "p99")}
        c["iops_reps"] = [r["iops"] for r in runs]
        cases.append(c)
    return cases


def find(cases: list[dict[str, Any]], **want: Any) -> dict[str, Any] | None:
    for c in cases:
        if all(c[k] == v for k, v in want.items()):
            return c
    return None


def ratio(a: dict[str, Any] | None, b: dict[str, Any] | None) -> float | None:
    if not a or not b or not b["iops"]:
        return None
    return round(float(a["iops"]) / float(b["iops"]), 3)


def best(cases: list[dict[str, Any]], prefix: str | tuple[str, ...],
         **want: Any) -> dict[str, Any] | None:
    """The fastest of the engines named PREFIX (any batching, polled or not),
    on the row's own target (not a -raw case, on the device beneath a file),
    measuring what every engine measures (not an -anatomy case)."""
    found = [c for c in cases if c["engine"].startswith(prefix)
             and not c["engine"].endswith(("-raw", "-anatomy"))
             and all(c[k] == v for k, v in want.items())]
    return max(found, key=lambda c: c["iops"]) if found else None


# ssdk and its bare loop, the same batching and polling in both.
PAIRS = ("", "-batch", "-poll")


def row_ratios(cases: list[dict[str, Any]], **row: Any) -> dict[str, Any]:
    """A row's ratios per QD: ssdk against the best userspace peer, the best
    ssdk against it, ssdk against its bare loop with the same batching and
    polling; with ssdk-raw cases (a file's device beneath), ssdk on the file
    against ssdk on the device; with ssdk-anatomy cases, what --anatomy
    costs: its IOPS against ssdk's, and the time it adds per IO (ns, the
    difference of their times per IO: the cost where the CPU is the limit,
    as on nullb-irq0 under icount)."""
    out: dict[str, Any] = {"ssdk/best-peer": {}, "best-ssdk/best-peer": {}, "best-peer": {},
                           **{f"ssdk{v}/bare{v}": {} for v in PAIRS}}
    for qd in (1, 8, 32):
        pt = {**row, "qd": qd, "workers": 1}
        ssdk = find(cases, engine="ssdk", **pt)
        peer = best(cases, PEERS, **pt)
        if ssdk and peer:
            out["ssdk/best-peer"][f"qd{qd}"] = ratio(ssdk, peer)
            out["best-ssdk/best-peer"][f"qd{qd}"] = ratio(best(cases, "ssdk", **pt), peer)
            out["best-peer"][f"qd{qd}"] = peer["engine"]
        for v in PAIRS:
            r = ratio(find(cases, engine=f"ssdk{v}", **pt), find(cases, engine=f"bare{v}", **pt))
            if r is not None:
                out[f"ssdk{v}/bare{v}"][f"qd{qd}"] = r
        if (r := ratio(ssdk, find(cases, engine="ssdk-raw", **pt))) is not None:
            out.setdefault("ssdk/ssdk-raw", {})[f"qd{qd}"] = r
        anatomy = find(cases, engine="ssdk-anatomy", **pt)
        if (r := ratio(anatomy, ssdk)) is not None and anatomy and ssdk:
            out.setdefault("ssdk-anatomy/ssdk", {})[f"qd{qd}"] = r
            out.setdefault("anatomy-ns/io", {})[f"qd{qd}"] = round(
                1e9 / anatomy["iops"] - 1e9 / ssdk["iops"], 1)
    return out


def ratios(cases: list[dict[str, Any]], mode: str, kernel: str | None = None) -> dict[str, Any]:
    """Every ratio of one mode on one kernel (any, for lines of one kernel):
    the targets' on random reads of nullb-irq0, and each other row's
    under its name (ROWS)."""
    if kernel is not None:
        cases = [c for c in cases if c["kernel"] == kernel]
    reads = {"mode": mode, "device": "nullb-irq0", "rw": "randread"}
    out = row_ratios(cases, **reads)
    qd1 = find(cases, engine="ssdk", qd=1, workers=1, **reads)
    qd32 = best(cases, "ssdk", qd=32, workers=1, **reads)
    if (r := ratio(qd32, qd1)) is not None:
        out["ssdk-qd32/qd1"] = r
    for name, (device, rw) in ROWS.items():
        rr = row_ratios(cases, mode=mode, device=device, rw=rw)
        if any(rr.values()):
            out[name] = {k: v for k, v in rr.items() if v}
    for engine in ("ssdk", "bare", "fio-io_uring"):
        pt = {**reads, "engine": engine, "qd": 8}
        r = ratio(find(cases, workers=2, **pt), find(cases, workers=1, **pt))
        if r is not None:
            out.setdefault("2w/1w", {})[engine] = r
        # Two workers as two runs of one, against one worker.
        one = find(cases, workers=1, **pt)
        pt["engine"] = f"{engine}-runs"
        if (r := ratio(find(cases, workers=2, **pt), one)) is not None:
            out.setdefault("2w/1w", {})[f"{engine}-runs"] = r
    return out


def fmt(v: float | None, width: int) -> str:
    return f"{v:>{width},.0f}" if v is not None else f"{'-':>{width}}"


def qd_fmt(v: float | None) -> str:
    """A device's average queue, one decimal, in its column."""
    return f"{v:>6.1f}" if v is not None else f"{'-':>6}"


def table(cases: list[dict[str, Any]]) -> str:
    """A table per kernel: a line per case, its IOPS against the best peer of
    its kernel, mode, device, rw, QD and workers."""
    head = (f"{'mode':<6} {'device':<11} {'rw':<5} {'engine':<19} {'qd':>3} {'w':>2} "
            f"{'IOPS':>10} {'vs peer':>8} {'dev QD':>6} {'cpu ns/IO':>9} {'task ns/IO':>10} "
            f"{'(sqpoll)':>8} {'mean ns':>9} {'p50 ns':>8} {'p99 ns':>8}")
    rows: list[str] = []
    order = {e: i for i, e in enumerate(
        ("ssdk", "ssdk-batch", "ssdk-poll", "ssdk-anatomy", "bare", "bare-batch", "bare-poll", "ssdk-raw",
         "t-io_uring", "t-io_uring-poll", "fio-io_uring", "fio-io_uring-batch",
         "fio-io_uring-poll", "fio-io_uring-sqpoll", "fio-libaio", "fio-psync"))}
    kernel = None
    for c in sorted(cases, key=lambda c: (c["kernel"], c["mode"], c["rw"], c["device"],
                                          c["workers"], c["qd"], order.get(c["engine"], 99))):
        if c["kernel"] != kernel:
            kernel = c["kernel"]
            rows += [*([""] if rows else []), f"kernel {kernel}", head, "-" * len(head)]
        pt = {k: c[k] for k in ("kernel", "mode", "device", "rw", "qd", "workers")}
        r = ratio(c, best(cases, PEERS, **pt))
        rows.append(f"{c['mode']:<6} {c['device']:<11} {c['rw'].removeprefix('rand'):<5} "
                    f"{c['engine']:<19} {c['qd']:>3} "
                    f"{c['workers']:>2} {fmt(c['iops'], 10)} "
                    f"{(f'{r:.2f}x' if r else '-'):>8} {qd_fmt(c.get('device_qd'))} "
                    f"{fmt(c['cpu_ns_per_io'], 9)} "
                    f"{fmt(c['task_ns_per_io'], 10)} {fmt(c.get('sqpoll_ns_per_io'), 8)} "
                    f"{fmt(c['lat_ns']['mean'], 9)} "
                    f"{fmt(c['lat_ns']['p50'], 8)} {fmt(c['lat_ns']['p99'], 8)}")
    return "\n".join(rows)


def self_test() -> int:
    """KTAP: fold and ratios on made-up lines whose answers are known."""
    def line(engine: str, iops: float, qd: int = 1, workers: int = 1,
             mode: str = "icount", kernel: str = "k", device: str = "nullb-irq0",
             rw: str | None = None) -> dict[str, Any]:
        lat = None if engine == "bare" else 1000.0
        return {"mode": mode, "engine": engine, "device": device, "qd": qd,
                "workers": workers, "kernel": kernel, "iops": iops, "cpu_ns_per_io": 10.0,
                "task_ns_per_io": 9.0, "iops_reported": None,
                "lat_ns": {"mean": lat, "p50": lat, "p99": lat},
                **({"rw": rw} if rw else {})}  # lines without rw are reads

    def kfile(engine: str, iops: float, qd: int = 1) -> dict[str, Any]:
        return line(engine, iops, qd, device="ext4-nullb", rw="randread")

    def write(engine: str, iops: float, qd: int = 1) -> dict[str, Any]:
        return line(engine, iops, qd, rw="randwrite")
    cases = fold([line("ssdk", 300), line("ssdk", 310), line("bare", 330),
                  line("fio-io_uring", 100), line("fio-io_uring-poll", 124),
                  line("ssdk-poll", 320), line("bare-poll", 400),
                  line("ssdk-anatomy", 250), line("ssdk-anatomy", 200, 32),
                  line("ssdk", 300, 32), line("ssdk-batch", 450, 32), line("bare-batch", 500, 32),
                  line("fio-io_uring-batch", 200, 32),
                  line("t-io_uring", 120), line("t-io_uring", 260, 32),
                  {**line("fio-io_uring-sqpoll", 110), "sqpoll_ns_per_io": 4.0, "sqpoll_cpu": 0},
                  line("ssdk", 100, 8, 1, "tcg"), line("ssdk", 180, 8, 2, "tcg"),
                  # The kfile row, with ssdk on the device beneath (-raw).
                  kfile("ssdk", 200), kfile("bare", 250), kfile("fio-io_uring", 80),
                  kfile("t-io_uring", 100), kfile("ssdk-raw", 300),
                  kfile("ssdk", 210, 32), kfile("ssdk-batch", 240, 32),
                  kfile("bare-batch", 300, 32), kfile("t-io_uring", 150, 32),
                  kfile("ssdk-raw", 330, 32),
                  # The write row.
                  write("ssdk", 280), write("bare", 350), write("fio-io_uring", 70),
                  write("ssdk", 290, 32), write("fio-io_uring-batch", 145, 32),
                  # Another kernel, with a line of the same case otherwise.
                  line("ssdk", 500, kernel="k2"), line("bare", 520, kernel="k2"),
                  line("fio-io_uring", 250, kernel="k2")])
    ssdk = find(cases, kernel="k", mode="icount", engine="ssdk", device="nullb-irq0", rw="randread")
    bare = find(cases, kernel="k", engine="bare", device="nullb-irq0", rw="randread")
    sqpoll = find(cases, engine="fio-io_uring-sqpoll")
    r, t = ratios(cases, "icount", "k"), ratios(cases, "tcg", "k")
    r2 = ratios(cases, "icount", "k2")
    k2 = find(cases, kernel="k2", engine="ssdk")
    checks = [
        ("repetitions are averaged", ssdk is not None and ssdk["iops"] == 305),
        ("repetitions are kept", ssdk is not None and ssdk["iops_reps"] == [300, 310]),
        ("a bare case has no latency", bare is not None and bare["lat_ns"]["mean"] is None),
        ("ssdk/best-peer takes the fastest fio or t/io_uring",
         r["ssdk/best-peer"] == {"qd1": round(305 / 124, 3), "qd32": round(300 / 260, 3)}),
        ("best-ssdk/best-peer takes the fastest of each",
         r["best-ssdk/best-peer"] == {"qd1": round(320 / 124, 3), "qd32": round(450 / 260, 3)}),
        ("the best peer is named", r["best-peer"] == {"qd1": "fio-io_uring-poll",
                                                      "qd32": "t-io_uring"}),
        ("the SQ poller's share is kept, only where there is one",
         sqpoll is not None and sqpoll["sqpoll_ns_per_io"] == 4.0 and sqpoll["sqpoll_cpu"] == 0
         and ssdk is not None and "sqpoll_ns_per_io" not in ssdk),
        ("ssdk/bare, the same batching and polling in both",
         r["ssdk/bare"] == {"qd1": round(305 / 330, 3)}
         and r["ssdk-batch/bare-batch"] == {"qd32": round(450 / 500, 3)}
         and r["ssdk-poll/bare-poll"] == {"qd1": round(320 / 400, 3)}),
        ("QD32 against QD1: the best ssdk at 32, plain ssdk at 1",
         r["ssdk-qd32/qd1"] == round(450 / 305, 3)),
        ("2w/1w per mode", t.get("2w/1w") == {"ssdk": 1.8} and "2w/1w" not in r),
        ("a line without rw is a read", ssdk is not None and ssdk["rw"] == "randread"),
        ("kernels are kept apart", ssdk is not None and ssdk["iops"] == 305
         and k2 is not None and k2["iops"] == 500),
        ("ratios per kernel", r2["ssdk/best-peer"] == {"qd1": 2.0}
         and r2["ssdk/bare"] == {"qd1": round(500 / 520, 3)} and "kfile" not in r2),
        ("kfile: ssdk/best-peer and the best peer, on the file only",
         r["kfile"]["ssdk/best-peer"] == {"qd1": 2.0, "qd32": 1.4}
         and r["kfile"]["best-peer"] == {"qd1": "t-io_uring", "qd32": "t-io_uring"}
         and r["kfile"]["best-ssdk/best-peer"] == {"qd1": 2.0, "qd32": 1.6}),
        ("kfile: ssdk/bare, the same batching in both",
         r["kfile"]["ssdk/bare"] == {"qd1": 0.8}
         and r["kfile"]["ssdk-batch/bare-batch"] == {"qd32": 0.8}),
        ("kfile: ssdk on the file against ssdk on the device beneath",
         r["kfile"]["ssdk/ssdk-raw"] == {"qd1": round(200 / 300, 3), "qd32": round(210 / 330, 3)}),
        ("the write row apart from the reads",
         r["randwrite"]["ssdk/best-peer"] == {"qd1": 4.0, "qd32": 2.0}
         and r["randwrite"]["ssdk/bare"] == {"qd1": 0.8}
         and r["ssdk/bare"] == {"qd1": round(305 / 330, 3)}),
    ]
    checks.append(("anatomy: its IOPS against ssdk's and the ns it adds per IO, per QD",
                   r["ssdk-anatomy/ssdk"] == {"qd1": round(250 / 305, 3),
                                              "qd32": round(200 / 300, 3)}
                   and r["anatomy-ns/io"] == {"qd1": round(1e9 / 250 - 1e9 / 305, 1),
                                              "qd32": round(1e9 / 200 - 1e9 / 300, 1)}))
    qd = fold([{**line("ssdk", 300, 8, mode="tcg", device="nvme"), "device_qd": 7.0},
               {**line("ssdk", 300, 8, mode="tcg", device="nvme"), "device_qd": 8.0},
               line("fio-io_uring", 200, 8, mode="tcg", device="nvme")])
    checks.append(("the device's queue: the mean of the repetitions, none from lines without",
                   [c["device_qd"] for c in qd] == [7.5, None] and " 7.5 " in table(qd)))
    print("KTAP version 1")
    print(f"1..{len(checks)}")
    for i, (name, ok) in enumerate(checks, 1):
        print(f"{'ok' if ok else 'not ok'} {i} {name}")
    return 0 if all(ok for _, ok in checks) else 1


def targets(by_mode: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """The targets' ratios of one kernel: software cost in icount (and the
    kfile and write rows'), scaling in tcg."""
    flat: dict[str, Any] = {}
    if "icount" in by_mode:
        for k in ("ssdk/best-peer", "best-ssdk/best-peer", "best-peer", "ssdk/bare",
                  "ssdk-batch/bare-batch",
                  "ssdk-poll/bare-poll", "ssdk-qd32/qd1", "ssdk-anatomy/ssdk", "anatomy-ns/io",
                  *ROWS):
            if by_mode["icount"].get(k):
                flat[k] = by_mode["icount"][k]
    if "2w/1w" in by_mode.get("tcg", {}):
        flat["2w/1w"] = by_mode["tcg"]["2w/1w"].get("ssdk")
    return flat


def main() -> None:
    if sys.argv[1:] == ["--self-test"]:
        sys.exit(self_test())
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("lines", nargs="+", help="JSON lines from scripts/bench/guest.py")
    ap.add_argument("--conditions", help="JSON file: how, where and when the runs were made")
    ap.add_argument("--json", help="write the results here")
    a = ap.parse_args()

    lines = [json.loads(x) for p in a.lines for x in Path(p).read_text().splitlines() if x]
    if not lines:
        sys.exit("bench: no results")
    cases = fold(lines)
    conditions = json.loads(Path(a.conditions).read_text()) if a.conditions else {}
    kernels = sorted({c["kernel"] for c in cases})
    by_kernel = {k: {m: ratios(cases, m, k) for m in sorted({c["mode"] for c in cases
                                                             if c["kernel"] == k})}
                 for k in kernels}
    # The main kernel's (the full pass's): the one the conditions name, or
    # the one with the most modes.
    main_kernel = conditions.get("kernel")
    if main_kernel not in by_kernel:
        main_kernel = max(kernels, key=lambda k: len(by_kernel[k]))
    by_mode = by_kernel[main_kernel]
    flat = targets(by_mode)
    # What the guest did, from its own lines rather than restated here.
    conditions["passes"] = {
        k: {m: {"repetitions": 1 + max(r["rep"] for r in lines
                                       if r["mode"] == m and r["kernel"] == k),
                "window_s": next(r.get("window_s") for r in lines
                                 if r["mode"] == m and r["kernel"] == k)}
            for m in by_kernel[k]}
        for k in kernels}
    conditions["modes"] = conditions["passes"][main_kernel]
    result = {
        "conditions": conditions,
        "cases": cases,
        "ratios": flat,
        "ratios_by_mode": by_mode,
        "ratios_by_kernel": {k: targets(v) for k, v in by_kernel.items()},
        "ratios_by_kernel_mode": by_kernel,
    }
    print(table(cases))
    for k in kernels:
        print()
        print(f"ratios, {k}{' (main)' if k == main_kernel and len(kernels) > 1 else ''}:")
        for name, v in result["ratios_by_kernel"][k].items():
            print(f"  {name}: {json.dumps(v)}")
    if a.json:
        Path(a.json).write_text(json.dumps(result, indent=1) + "\n")


if __name__ == "__main__":
    main()
