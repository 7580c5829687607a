#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""How long Run.results() takes for a run with the most records.

In the guest (scripts/bench/python-results boots it): a run of
163.84 s at 10 ms intervals (16384 intervals) that keeps its 4096
slowest IOs, then Controller.results() timed REPS times, split into the
netlink fetch (libssdk) and the conversion to Results (NumPy); with
--host-only, the conversion alone on this host from made-up structs of
the same sizes. Prints one JSON object.
"""

from __future__ import annotations

import argparse
import ctypes
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "userspace" / "python"))

import numpy as np
import ssdk
from ssdk import _lib, lib_results

SLOWEST = 4096
INTERVALS = 16384
INTERVAL = "10ms"


def timed(fn: object, reps: int) -> tuple[float, object]:
    times, out = [], None
    for _ in range(reps):
        t0 = time.perf_counter()
        out = fn()  # type: ignore[operator]
        times.append((time.perf_counter() - t0) * 1e3)
    return statistics.median(times), out


def made_up() -> tuple[_lib.RunStatus, np.ndarray, ctypes.Array[_lib.IoRec],
                      ctypes.Array[_lib.TsPoint]]:
    """libssdk's structs as a run of SLOWEST IOs and INTERVALS intervals fills them."""
    st = _lib.RunStatus()
    st.config.slowest_n, st.config.ts_interval_ns, st.state = SLOWEST, 10_000_000, 2
    st.measured_ns, st.ts_count = INTERVALS * 10_000_000, INTERVALS
    nb = _lib.lib().ssdk_hist_buckets()
    rng = np.random.default_rng(0)
    hists = rng.integers(0, 1000, _lib.NR_SETS * nb).astype(np.uint64)
    st.stats[0].ios = int(hists[:nb].sum())
    recs = (_lib.IoRec * SLOWEST)()
    pts = (_lib.TsPoint * INTERVALS)()
    for i in range(INTERVALS):
        pts[i].index = i
    return st, hists, recs, pts


def convert(st: _lib.RunStatus, hists: np.ndarray, recs: ctypes.Array[_lib.IoRec],
            pts: ctypes.Array[_lib.TsPoint]) -> ssdk.Results:
    """What Controller.results() does after the netlink fetch."""
    return lib_results.results(st, hists, lib_results.records(recs, SLOWEST),
                               lib_results.timeseries(10_000_000, pts, INTERVALS))


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--host-only", action="store_true")
    ap.add_argument("--target", default="/dev/nullb0")
    ap.add_argument("--reps", type=int, default=7)
    a = ap.parse_args()
    out: dict[str, object] = {"slowest": SLOWEST, "intervals": INTERVALS, "reps": a.reps}
    if a.host_only:
        arrays = made_up()
        out["convert_ms"], _ = timed(lambda: convert(*arrays), a.reps)
        print(json.dumps(out))
        return 0
    with ssdk.Controller() as ctl:
        r = ctl.start(ssdk.Job(target=a.target, runtime=INTERVALS * 0.01, slowest=SLOWEST,
                               ts_interval=INTERVAL, rate_iops=20000, owned=False))
        r.wait()
        out["results_ms"], res = timed(lambda: r.results(), a.reps)
        out["fetch_ms"], structs = timed(lambda: ctl.fetch_structs(r.id), a.reps)
        out["convert_ms"], _ = timed(
            lambda: lib_results.results(*structs.convert()), a.reps)  # type: ignore[attr-defined]
        # The same made-up conversion as --host-only: the emulation's factor.
        arrays = made_up()
        out["made_up_convert_ms"], _ = timed(lambda: convert(*arrays), a.reps)
        assert isinstance(res, ssdk.Results) and res.timeseries is not None
        out["got_slowest"], out["got_intervals"] = len(res.slowest), len(res.timeseries)
        r.delete()
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
