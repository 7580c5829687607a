# SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause
"""ssdk's runs of a job file as fio 3.33's JSON (``--output-format=json``
and ``json+``), for the tools made for fio's (fio-plot,
``fio_jsonplus_clat2csv``).

The schema is fio 3.33's (``stat.c``'s ``show_thread_status_json()``):
``fio version``, ``timestamp``, ``time``, ``global options``, and a job per
run, each with its ``job options`` and a ``read``, ``write`` and ``trim``
object. Where a field has no meaning for an in-kernel IO it is written as
fio writes a field it did not measure:

- ``slat_ns``: zeros with ``N`` 0 (an in-kernel IO has no submission
  syscall: fio's own ``disable_slat=1``); ``lat_ns`` is ``clat_ns``'s
  figures (submission to completion, ssdk's latency);
- ``usr_cpu``, ``sys_cpu``, ``ctx``, ``majf``, ``minf``: 0 (ssdk's
  workers are kernel threads; no process of the job's to count);
- ``iodepth_level``: 100% at the job's iodepth (ssdk keeps the asked IOs
  in flight), ``iodepth_submit`` and ``iodepth_complete`` 100% at the
  run's batch (1 to 4 by default: ssdk submits each IO as a slot frees).

``clat_ns``' percentiles are fio's default list, computed as ssdk computes
any (a bucket's midpoint, within the run's min and max); ``json+``'s
``bins`` are each of ssdk's buckets that holds latencies, keyed by that
same value in ns. ``latency_ns``, ``_us``, ``_ms`` share out the IOs by
their bucket's value. ``bw`` and ``iops`` min, max, mean, deviation and
samples are of the run's time series' intervals.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from ..histogram import U64_MAX
from ..results import OpStats, Results

# fio's default percentile list (options.c: def_percentile_list).
PERCENTILES = (1.0, 5.0, 10.0, 20.0, 30.0, 40.0, 50.0, 60.0, 70.0, 80.0, 90.0, 95.0, 99.0, 99.5,
               99.9, 99.95, 99.99)
# stat.c's latency shares: (key, upper bound in ns) of each, per unit.
_LAT_NS = ("2", "4", "10", "20", "50", "100", "250", "500", "750", "1000")
_LAT_MS = (*_LAT_NS, "2000", ">=2000")
_DEPTHS = ("1", "2", "4", "8", "16", "32", ">=64")
_SUBMITS = ("0", "4", "8", "16", "32", "64", ">=64")  # IOs a submission: 0, 1-4, 5-8...


def _bucket_values(op: OpStats) -> list[tuple[int, int]]:
    """(value ns, count) of each bucket that holds latencies: its midpoint
    within the op's min and max (the overflow bucket: max)."""
    h = op.lat.histogram
    if h is None or not op.ios:
        return []
    out = []
    for lo, up, c in zip(h.lower.tolist(), h.upper.tolist(), h.counts.tolist(), strict=True):
        v = op.lat.max if up == U64_MAX else min(max(lo + (up - lo) // 2, op.lat.min), op.lat.max)
        out.append((int(v), int(c)))
    return out


def _lat(op: OpStats, plus: bool, percentiles: bool) -> dict[str, Any]:
    out: dict[str, Any] = {"min": op.lat.min if op.ios else 0, "max": op.lat.max if op.ios else 0,
                           "mean": op.lat.mean if op.ios else 0.0,
                           "stddev": op.lat.stddev if op.ios else 0.0, "N": op.ios}
    if percentiles and op.ios and op.lat.histogram is not None:
        out["percentile"] = {f"{p:f}": v for p, v in op.lat.percentiles(PERCENTILES).items()}
        if plus:
            out["bins"] = {str(v): c for v, c in _bucket_values(op)}
    return out


def _interval_stats(r: Results, op: str, what: str) -> tuple[float, float, float, float, int]:
    """(min, max, mean, stddev, samples) of a column of the run's time series
    per second: bytes (KiB/s, as fio's bw) or ios."""
    ts = r.timeseries
    if ts is None or not len(ts):
        return 0.0, 0.0, 0.0, 0.0, 0
    v = ts.col(op, "bytes") / 1024 if what == "bw" else ts.col(op, "ios")
    v = v * 1e9 / ts.interval_ns
    return (float(v.min()), float(v.max()), float(v.mean()),
            float(v.std(ddof=1)) if len(v) > 1 else 0.0, len(v))


def _op(r: Results, name: str, plus: bool) -> dict[str, Any]:
    o = getattr(r, name)
    ms = r.measured_ns // 1_000_000
    bw = _interval_stats(r, name, "bw")
    iops = _interval_stats(r, name, "ios")
    zero = {"min": 0, "max": 0, "mean": 0.0, "stddev": 0.0, "N": 0}
    return {
        "io_bytes": o.bytes, "io_kbytes": o.bytes // 1024, "bw_bytes": int(o.bw_bytes),
        "bw": int(o.bw_bytes // 1024), "iops": o.iops, "runtime": ms if o.ios else 0,
        "total_ios": o.ios, "short_ios": 0, "drop_ios": 0,
        "slat_ns": zero, "clat_ns": _lat(o, plus, True), "lat_ns": _lat(o, plus, False),
        "bw_min": int(bw[0]), "bw_max": int(bw[1]), "bw_agg": 100.0 if o.ios else 0.0,
        "bw_mean": bw[2], "bw_dev": bw[3], "bw_samples": bw[4],
        "iops_min": int(iops[0]), "iops_max": int(iops[1]), "iops_mean": iops[2],
        "iops_stddev": iops[3], "iops_samples": iops[4],
    }


def _trim() -> dict[str, Any]:
    zero = {"min": 0, "max": 0, "mean": 0.0, "stddev": 0.0, "N": 0}
    return {"io_bytes": 0, "io_kbytes": 0, "bw_bytes": 0, "bw": 0, "iops": 0.0, "runtime": 0,
            "total_ios": 0, "short_ios": 0, "drop_ios": 0, "slat_ns": zero, "clat_ns": zero,
            "lat_ns": zero, "bw_min": 0, "bw_max": 0, "bw_agg": 0.0, "bw_mean": 0.0,
            "bw_dev": 0.0, "bw_samples": 0, "iops_min": 0, "iops_max": 0, "iops_mean": 0.0,
            "iops_stddev": 0.0, "iops_samples": 0}


def _shares(r: Results) -> dict[str, dict[str, float]]:
    """latency_ns, _us, _ms: the share (%) of the IOs in each of fio's ranges."""
    counts = {"ns": [0] * len(_LAT_NS), "us": [0] * len(_LAT_NS), "ms": [0] * len(_LAT_MS)}
    total = 0
    for o in (r.read, r.write):
        for v, c in _bucket_values(o):
            total += c
            unit, scaled = ("ns", v) if v < 1000 else ("us", v / 1e3) if v < 1_000_000 else \
                ("ms", v / 1e6)
            keys = _LAT_MS if unit == "ms" else _LAT_NS
            i = next((k for k, key in enumerate(keys[:10]) if scaled <= int(key)),
                     len(keys) - 1)
            if unit == "ms" and i == 9 and scaled > 1000:
                i = 10 if scaled <= 2000 else 11
            counts[unit][i] += c
    return {f"latency_{u}": {k: (100.0 * c / total if total else 0.0)
                             for k, c in zip(_LAT_MS if u == "ms" else _LAT_NS, cs, strict=True)}
            for u, cs in counts.items()}


def _depth(qd: int) -> dict[str, float]:
    i = min(int(np.log2(max(qd, 1))), len(_DEPTHS) - 1)
    return {k: (100.0 if n == i else 0.0) for n, k in enumerate(_DEPTHS)}


def _submits(r: Results) -> dict[str, float]:
    """IOs a submission (and a completion): ssdk's batch (--batch, 1 by default)."""
    batch = int(r.config.get("batch", 1) or 1)
    i = next((k for k, key in enumerate(_SUBMITS[1:-1], 1) if batch <= int(key)),
             len(_SUBMITS) - 1)
    return {k: (100.0 if n == i else 0.0) for n, k in enumerate(_SUBMITS)}


def job(r: Results, name: str, groupid: int, options: Mapping[str, str],
        plus: bool) -> dict[str, Any]:
    """One run as a job of fio's JSON."""
    ms = r.elapsed_ns // 1_000_000
    out: dict[str, Any] = {
        "jobname": name, "groupid": groupid, "error": 0, "eta": 0, "elapsed": ms // 1000,
        "job options": dict(options),
        "read": _op(r, "read", plus), "write": _op(r, "write", plus), "trim": _trim(),
        "sync": {"total_ios": 0, "lat_ns": {"min": 0, "max": 0, "mean": 0.0, "stddev": 0.0,
                                            "N": 0}},
        "job_runtime": ms, "usr_cpu": 0.0, "sys_cpu": 0.0, "ctx": 0, "majf": 0, "minf": 0,
        "iodepth_level": _depth(r.iodepth), "iodepth_submit": _submits(r),
        "iodepth_complete": _submits(r),
    }
    out |= _shares(r)
    out |= {"latency_depth": r.iodepth, "latency_target": 0, "latency_percentile": 100.0,
            "latency_window": 0}
    return out


def document(version: str, global_options: Mapping[str, str],
             jobs: Sequence[dict[str, Any]], disk_util: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """fio's JSON document of *jobs* (job()'s)."""
    now = time.time()
    doc: dict[str, Any] = {"fio version": f"ssdk-{version}", "timestamp": int(now),
                           "timestamp_ms": int(now * 1000),
                           "time": time.strftime("%a %b %d %H:%M:%S %Y", time.localtime(now))}
    if global_options:
        doc["global options"] = dict(global_options)
    doc["jobs"] = list(jobs)
    if disk_util:
        doc["disk_util"] = list(disk_util)
    return doc
