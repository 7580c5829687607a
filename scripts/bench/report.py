#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""Fold the benchmark's per-run lines into cases, ratios and a table.

Reads the JSON lines that scripts/bench/guest.py wrote (one per case and
repetition), averages the repetitions of each case, computes the ratios
that issue 4 sets targets for, prints a table and writes the results
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


def mean_or_none(values: list[float | None]) -> float | None:
    vals = [v for v in values if v is not None]
    return statistics.fmean(vals) if vals else None


def fold(lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One case per (mode, engine, device, qd, workers): the mean of its repetitions."""
    groups: dict[tuple, list[dict[str, Any]]] = {}
    for r in lines:
        groups.setdefault(tuple(r[k] for k in KEY), []).append(r)
    cases = []
    for runs in groups.values():
        c = {k: runs[0][k] for k in UNIFORM}
        for k in ("iops", "cpu_ns_per_io", "task_ns_per_io", "iops_reported"):
            c[k] = mean_or_none([r[k] for r in runs])
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
    return round(a["iops"] / b["iops"], 3)


def best_uring(cases: list[dict[str, Any]], **want: Any) -> dict[str, Any] | None:
    """fio io_uring at its best: the faster of the interrupt and polled variants."""
    found = [c for e in ("fio-io_uring", "fio-io_uring-poll")
             if (c := find(cases, engine=e, **want))]
    return max(found, key=lambda c: c["iops"]) if found else None


def ratios(cases: list[dict[str, Any]], mode: str) -> dict[str, Any]:
    out: dict[str, Any] = {"ssdk/fio-io_uring": {}, "ssdk/bare": {}, "ssdk/fio-io_uring-engine": {}}
    for qd in (1, 8, 32):
        pt = {"mode": mode, "device": "nullb-irq0", "qd": qd, "workers": 1}
        ssdk = find(cases, engine="ssdk", **pt)
        uring = best_uring(cases, **pt)
        if ssdk and uring:
            out["ssdk/fio-io_uring"][f"qd{qd}"] = ratio(ssdk, uring)
            out["ssdk/fio-io_uring-engine"][f"qd{qd}"] = uring["engine"]
        if ssdk and (bare := find(cases, engine="bare", **pt)):
            out["ssdk/bare"][f"qd{qd}"] = ratio(ssdk, bare)
    for engine in ("ssdk", "bare", "fio-io_uring"):
        pt = {"mode": mode, "engine": engine, "device": "nullb-irq0", "qd": 8}
        r = ratio(find(cases, workers=2, **pt), find(cases, workers=1, **pt))
        if r is not None:
            out.setdefault("2w/1w", {})[engine] = r
    return out


def fmt(v: float | None, width: int) -> str:
    return f"{v:>{width},.0f}" if v is not None else f"{'-':>{width}}"


def table(cases: list[dict[str, Any]]) -> str:
    head = (f"{'mode':<6} {'device':<11} {'engine':<17} {'qd':>3} {'w':>2} {'IOPS':>10} "
            f"{'vs uring':>8} {'cpu ns/IO':>9} {'task ns/IO':>10} {'mean ns':>9} "
            f"{'p50 ns':>8} {'p99 ns':>8}")
    rows = [head, "-" * len(head)]
    order = {"ssdk": 0, "bare": 1, "fio-io_uring": 2, "fio-io_uring-poll": 3,
             "fio-libaio": 4, "fio-psync": 5}
    for c in sorted(cases, key=lambda c: (c["mode"], c["device"], c["workers"], c["qd"],
                                          order.get(c["engine"], 9))):
        pt = {k: c[k] for k in ("mode", "device", "qd", "workers")}
        r = ratio(c, find(cases, engine="fio-io_uring", **pt))
        rows.append(f"{c['mode']:<6} {c['device']:<11} {c['engine']:<17} {c['qd']:>3} "
                    f"{c['workers']:>2} {fmt(c['iops'], 10)} "
                    f"{(f'{r:.2f}x' if r else '-'):>8} {fmt(c['cpu_ns_per_io'], 9)} "
                    f"{fmt(c['task_ns_per_io'], 10)} {fmt(c['lat_ns']['mean'], 9)} "
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
                  line("ssdk", 100, 8, 1, "tcg"), line("ssdk", 180, 8, 2, "tcg")])
    ssdk = find(cases, mode="icount", engine="ssdk")
    r, t = ratios(cases, "icount"), ratios(cases, "tcg")
    checks = [
        ("repetitions are averaged", ssdk is not None and ssdk["iops"] == 305),
        ("repetitions are kept", ssdk is not None and ssdk["iops_reps"] == [300, 310]),
        ("a bare case has no latency", find(cases, engine="bare")["lat_ns"]["mean"] is None),
        ("ssdk/fio-io_uring takes the better io_uring",
         r["ssdk/fio-io_uring"] == {"qd1": round(305 / 124, 3)}),
        ("ssdk/bare", r["ssdk/bare"] == {"qd1": round(305 / 330, 3)}),
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
        flat["ssdk/fio-io_uring"] = by_mode["icount"]["ssdk/fio-io_uring"]
        flat["ssdk/bare"] = by_mode["icount"]["ssdk/bare"]
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
