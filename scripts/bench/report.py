#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""Fold the benchmark's per-run lines into cases, ratios and a table.

Reads the JSON lines that scripts/bench/guest.py wrote (one per case and
repetition), averages the repetitions of each case, computes the ratios
that issues 4 and 21 set targets for, prints a table and writes the results
(schema in Documentation/bench.rst).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path
from typing import Any

KEY = ("mode", "engine", "device", "qd", "workers")
UNIFORM = (*KEY, "kernel")
# The userspace peers: every fio engine and variant, and fio's t/io_uring.
PEERS = ("fio-", "t-io_uring")


def mean_or_none(values: list[float | None]) -> float | None:
    vals = [v for v in values if v is not None]
    return statistics.fmean(vals) if vals else None


def fold(lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One case per (mode, engine, device, qd, workers): the mean of its repetitions."""
    groups: dict[tuple[Any, ...], list[dict[str, Any]]] = {}
    for r in lines:
        groups.setdefault(tuple(r[k] for k in KEY), []).append(r)
    cases = []
    for runs in groups.values():
        c = {k: runs[0][k] for k in UNIFORM}
        for k in ("iops", "cpu_ns_per_io", "task_ns_per_io", "iops_reported"):
            c[k] = mean_or_none([r[k] for r in runs])
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
    """The fastest of the engines named PREFIX (any batching, polled or not)."""
    found = [c for c in cases if c["engine"].startswith(prefix)
             and all(c[k] == v for k, v in want.items())]
    return max(found, key=lambda c: c["iops"]) if found else None


# ssdk and its bare loop, the same batching and polling in both.
PAIRS = ("", "-batch", "-poll")


def ratios(cases: list[dict[str, Any]], mode: str) -> dict[str, Any]:
    out: dict[str, Any] = {"ssdk/best-peer": {}, "best-ssdk/best-peer": {}, "best-peer": {},
                           **{f"ssdk{v}/bare{v}": {} for v in PAIRS}}
    for qd in (1, 8, 32):
        pt = {"mode": mode, "device": "nullb-irq0", "qd": qd, "workers": 1}
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
    qd1 = find(cases, engine="ssdk", mode=mode, device="nullb-irq0", qd=1, workers=1)
    qd32 = best(cases, "ssdk", mode=mode, device="nullb-irq0", qd=32, workers=1)
    if (r := ratio(qd32, qd1)) is not None:
        out["ssdk-qd32/qd1"] = r
    for engine in ("ssdk", "bare", "fio-io_uring"):
        pt = {"mode": mode, "engine": engine, "device": "nullb-irq0", "qd": 8}
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


def table(cases: list[dict[str, Any]]) -> str:
    head = (f"{'mode':<6} {'device':<11} {'engine':<19} {'qd':>3} {'w':>2} {'IOPS':>10} "
            f"{'vs peer':>8} {'cpu ns/IO':>9} {'task ns/IO':>10} {'(sqpoll)':>8} {'mean ns':>9} "
            f"{'p50 ns':>8} {'p99 ns':>8}")
    rows = [head, "-" * len(head)]
    order = {e: i for i, e in enumerate(
        ("ssdk", "ssdk-batch", "ssdk-poll", "bare", "bare-batch", "bare-poll", "t-io_uring",
         "t-io_uring-poll", "fio-io_uring", "fio-io_uring-batch", "fio-io_uring-poll",
         "fio-io_uring-sqpoll", "fio-libaio", "fio-psync"))}
    for c in sorted(cases, key=lambda c: (c["mode"], c["device"], c["workers"], c["qd"],
                                          order.get(c["engine"], 9))):
        pt = {k: c[k] for k in ("mode", "device", "qd", "workers")}
        r = ratio(c, best(cases, PEERS, **pt))
        rows.append(f"{c['mode']:<6} {c['device']:<11} {c['engine']:<19} {c['qd']:>3} "
                    f"{c['workers']:>2} {fmt(c['iops'], 10)} "
                    f"{(f'{r:.2f}x' if r else '-'):>8} {fmt(c['cpu_ns_per_io'], 9)} "
                    f"{fmt(c['task_ns_per_io'], 10)} {fmt(c.get('sqpoll_ns_per_io'), 8)} "
                    f"{fmt(c['lat_ns']['mean'], 9)} "
                    f"{fmt(c['lat_ns']['p50'], 8)} {fmt(c['lat_ns']['p99'], 8)}")
    return "\n".join(rows)


def self_test() -> int:
    """KTAP: fold and ratios on made-up lines whose answers are known."""
    def line(engine: str, iops: float, qd: int = 1, workers: int = 1,
             mode: str = "icount") -> dict[str, Any]:
        lat = None if engine == "bare" else 1000.0
        return {"mode": mode, "engine": engine, "device": "nullb-irq0", "qd": qd,
                "workers": workers, "kernel": "k", "iops": iops, "cpu_ns_per_io": 10.0,
                "task_ns_per_io": 9.0, "iops_reported": None,
                "lat_ns": {"mean": lat, "p50": lat, "p99": lat}}
    cases = fold([line("ssdk", 300), line("ssdk", 310), line("bare", 330),
                  line("fio-io_uring", 100), line("fio-io_uring-poll", 124),
                  line("ssdk-poll", 320), line("bare-poll", 400),
                  line("ssdk", 300, 32), line("ssdk-batch", 450, 32), line("bare-batch", 500, 32),
                  line("fio-io_uring-batch", 200, 32),
                  line("t-io_uring", 120), line("t-io_uring", 260, 32),
                  {**line("fio-io_uring-sqpoll", 110), "sqpoll_ns_per_io": 4.0, "sqpoll_cpu": 0},
                  line("ssdk", 100, 8, 1, "tcg"), line("ssdk", 180, 8, 2, "tcg")])
    ssdk = find(cases, mode="icount", engine="ssdk")
    bare = find(cases, engine="bare")
    sqpoll = find(cases, engine="fio-io_uring-sqpoll")
    r, t = ratios(cases, "icount"), ratios(cases, "tcg")
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
    ]
    print("KTAP version 1")
    print(f"1..{len(checks)}")
    for i, (name, ok) in enumerate(checks, 1):
        print(f"{'ok' if ok else 'not ok'} {i} {name}")
    return 0 if all(ok for _, ok in checks) else 1


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
    modes = sorted({c["mode"] for c in cases})
    by_mode = {m: ratios(cases, m) for m in modes}
    # The targets' ratios: software cost in icount, scaling in tcg.
    flat: dict[str, Any] = {}
    if "icount" in by_mode:
        for k in ("ssdk/best-peer", "best-ssdk/best-peer", "ssdk/bare", "ssdk-batch/bare-batch",
                  "ssdk-poll/bare-poll", "ssdk-qd32/qd1"):
            if k in by_mode["icount"]:
                flat[k] = by_mode["icount"][k]
    if "2w/1w" in by_mode.get("tcg", {}):
        flat["2w/1w"] = by_mode["tcg"]["2w/1w"].get("ssdk")
    conditions = json.loads(Path(a.conditions).read_text()) if a.conditions else {}
    # What the guest did, from its own lines rather than restated here.
    conditions["modes"] = {m: {"repetitions": 1 + max(r["rep"] for r in lines if r["mode"] == m),
                               "window_s": next(r.get("window_s") for r in lines
                                                if r["mode"] == m)}
                           for m in modes}
    result = {
        "conditions": conditions,
        "cases": cases,
        "ratios": flat,
        "ratios_by_mode": by_mode,
    }
    print(table(cases))
    print()
    print("ratios:", json.dumps(flat))
    if a.json:
        Path(a.json).write_text(json.dumps(result, indent=1) + "\n")


if __name__ == "__main__":
    main()
