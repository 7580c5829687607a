# SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause
"""Results from libssdk's structs: what ``ssdk -j ctl results`` prints, typed.

The numbers are the CLI's (userspace/cli/model/summary.c): rates per second of
the measurement window, the mean from the exact sum, the sample standard
deviation from the exact 128-bit sum of squares (libssdk's
ssdk_counts_stddev(), the CLI's too).
"""

from __future__ import annotations

import ctypes
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from . import _lib, spec
from .histogram import Histogram
from .results import (
    OPS,
    STAGES,
    IoRecord,
    Latency,
    OpStats,
    Results,
    Round,
    Stage,
    Stall,
    TimeSeries,
    Window,
    stage_key,
)

_STATES = {int(s): s.name.lower() for s in spec.State}
_RWS = {int(s): s.name.lower() for s in spec.Rw}
_ENGINES = {int(s): s.name.lower() for s in spec.Engine}
_ARRIVALS = {int(s): s.name.lower() for s in spec.Arrivals}
_STEADY = {int(s): s.name.lower().replace("_", "-") for s in spec.SteadyTrack}
_PURGES = {int(s): s.name.lower().replace("_", "-") for s in spec.PurgeMethod}
_NO_RATE = None


class BucketBounds:
    """Every bucket's bounds, read from libssdk once."""

    _cache: tuple[np.ndarray, np.ndarray] | None = None

    @classmethod
    def get(cls) -> tuple[np.ndarray, np.ndarray]:
        if cls._cache is None:
            lib = _lib.lib()
            n = lib.ssdk_hist_buckets()
            lower = np.array([lib.ssdk_hist_bucket_lower(i) for i in range(n)], dtype=np.uint64)
            upper = np.array([lib.ssdk_hist_bucket_upper(i) for i in range(n)], dtype=np.uint64)
            cls._cache = (lower, upper)
        return cls._cache


def stddev(c: _lib.Counts) -> float:
    """Sample standard deviation from the exact sums: libssdk's ssdk_counts_stddev()."""
    return float(_lib.lib().ssdk_counts_stddev(ctypes.byref(c)))


def _io_recs(ios: Sequence[IoRecord]) -> ctypes.Array[_lib.IoRec]:
    """libssdk's records of IoRecords (at least one, for a pointer)."""
    arr = (_lib.IoRec * max(len(ios), 1))()
    for r, io in zip(arr, ios, strict=False):
        r.lat_ns, r.offset, r.t_ns, r.len = io.lat_ns, io.offset, io.t_ns, io.len
        r.op = OPS.index(io.op) if io.op in OPS else 0
        r.cpu_submit, r.cpu_complete, r.inflight = io.cpu_submit, io.cpu_complete, io.inflight
        for i, s in enumerate(STAGES):
            v = getattr(io, stage_key(s))
            if v is not None:
                r.stages |= 1 << i
                r.stage_ns[i] = v
    return arr


def tail_stages(ios: Sequence[IoRecord]) -> tuple[str, dict[str, float]] | None:
    """libssdk's ssdk_tail_stages() of IoRecords: the top stage and the shares."""
    arr = _io_recs(ios)
    share = (ctypes.c_double * _lib.NR_STAGES)()
    top = _lib.lib().ssdk_tail_stages(arr, len(ios), share)
    if top < 0:
        return None
    first = spec.LatKind.BLOCK
    return (STAGES[top - first],
            {s: share[i] for i, s in enumerate(STAGES)
             if _lib.lib().ssdk_stage_in_latency(first + i)})


def worst_stall(ios: Sequence[IoRecord], ts: TimeSeries | None) -> Stall | None:
    """libssdk's ssdk_worst_stall() and ssdk_stall_text() of a run's slowest
    IOs and time series; None without records."""
    arr = _io_recs(ios)
    n = len(ts) if ts is not None else 0
    pts = (_lib.TsPoint * max(n, 1))()
    interval = ts.interval_ns if ts is not None else 0
    if ts is not None:
        for i in range(n):
            pts[i].index = int(ts.t_ns[i]) // interval
            for k, op in enumerate(OPS):
                pts[i].op[k].ios = int(ts.columns[op][i, 0])
    st = _lib.Stall()
    if _lib.lib().ssdk_worst_stall(arr, len(ios), pts, n, interval, ctypes.byref(st)):
        return None
    buf = ctypes.create_string_buffer(_lib.STALL_TEXT_LEN)
    _lib.lib().ssdk_stall_text(ctypes.byref(st), interval, buf, len(buf))
    first = spec.LatKind.BLOCK
    return Stall(buf.value.decode(), int(st.start_ns), int(st.max_ns), int(st.ios),
                 int(st.silent_intervals),
                 STAGES[st.top_stage - first] if st.top_stage >= 0 else None,
                 {s: st.share[i] for i, s in enumerate(STAGES)
                  if _lib.lib().ssdk_stage_in_latency(first + i)} if st.top_stage >= 0 else {})


def _latency(c: _lib.Counts, hist: Histogram | None) -> Latency:
    if not c.ios:
        return Latency(0, 0, 0.0, 0.0, hist)
    return Latency(int(c.lat_min_ns), int(c.lat_max_ns), c.lat_sum_ns / c.ios, stddev(c), hist)


def _op(op: int, st: _lib.RunStatus, hists: list[Histogram | None], open_loop: bool,
        anatomy: bool) -> OpStats:
    c = st.stats[op]
    measured = st.measured_ns
    iops = c.ios * 1e9 / measured if measured else 0.0
    bw = c.bytes * 1e9 / measured if measured else 0.0
    # An open loop's response time and lateness: sets op + NR_OPS x kind.
    resp, late = (_latency(st.stats[op + k * _lib.NR_OPS], hists[op + k * _lib.NR_OPS])
                  if open_loop else None
                  for k in (spec.LatKind.RESPONSE, spec.LatKind.LATENESS))
    # A run with anatomy's stages, from block on.
    stages = {s: Stage(int(st.stats[op + k * _lib.NR_OPS].ios),
                       _latency(st.stats[op + k * _lib.NR_OPS], hists[op + k * _lib.NR_OPS]))
              for k, s in enumerate(STAGES, spec.LatKind.BLOCK)} if anatomy else {}
    return OpStats(OPS[op], int(c.ios), int(c.bytes), int(c.errors), iops, bw,
                   _latency(c, hists[op]), resp, late, stages)


def _pattern(c: _lib.RunConfig) -> str | None:
    if c.rw in (spec.Rw.READ, spec.Rw.RANDREAD) or (
            c.rw in (spec.Rw.RANDRW, spec.Rw.READWRITE) and c.rwmixread == 100):
        return None
    return _lib.written(_lib.lib().ssdk_pattern_str, ctypes.byref(c))


def _is_set(c: _lib.RunConfig, attr: str) -> bool:
    """Whether run attribute *attr* is set in *c* (reported, for a status)."""
    return bool(_lib.lib().ssdk_config_is_set(ctypes.byref(c), spec.ATTRS["run"][attr].value))


def _purge(c: _lib.RunConfig) -> str | None:
    """A purge run's method, the JSON's "purge"; None for IO."""
    if not _is_set(c, "purge"):
        return None
    return _PURGES.get(c.purge, str(c.purge))


def _steady(c: _lib.RunConfig) -> dict[str, object]:
    """The steady-state test's keys of the JSON's "config": null without one."""
    if not _is_set(c, "steady-track"):
        return {"steady_track": None, "steady_range_pct": None, "steady_slope_pct": None}
    return {"steady_track": _STEADY.get(c.steady_track, str(c.steady_track)),
            "steady_range_pct": c.steady_range_pct, "steady_slope_pct": c.steady_slope_pct}


def rounds(st: _lib.RunStatus, pts: ctypes.Array[_lib.TsPoint] | None,
           n: int) -> tuple[tuple[Round, ...], Window | None]:
    """A run's rounds and measurement window, by libssdk from its time series."""
    if not st.config.rounds or pts is None or not st.rounds_done:
        return (), None
    lib = _lib.lib()
    arr = (_lib.Round * st.rounds_done)()
    got = max(0, lib.ssdk_rounds(ctypes.byref(st), pts, n, arr, st.rounds_done))
    secs = st.config.round_ns / 1e9
    out = tuple(Round(i + 1, r.ios, r.bytes, r.ios / secs, r.bytes / secs / 1e6,
                      r.lat_sum_ns / r.ios if r.ios else 0.0, r.lat_max_ns,
                      *((r.range_pct, r.slope_pct, bool(r.steady)) if r.window else ()))
                for i, r in enumerate(arr[:got]))
    w = _lib.Round()
    first = lib.ssdk_rounds_window(ctypes.byref(st), arr, got, ctypes.byref(w))
    if not first:
        return out, None
    secs *= spec.STEADY_WINDOW
    return out, Window(first, first + spec.STEADY_WINDOW - 1, w.ios, w.bytes, w.ios / secs,
                       w.bytes / secs / 1e6, w.lat_sum_ns / w.ios if w.ios else 0.0,
                       w.lat_max_ns)


def config_dict(c: _lib.RunConfig, engine: str | None = None) -> dict[str, object]:
    """The JSON's "config" of a run's configuration."""
    d: dict[str, object] = {
        "engine": engine or _ENGINES.get(c.engine, str(c.engine)),
        "buffered": bool(c.buffered), "slowest_n": c.slowest_n,
        "ts_interval_ns": c.ts_interval_ns, "capture_over_ns": c.capture_over_ns,
        "max_errors": c.max_errors, "owned": bool(c.owned),
        "rw": _RWS.get(c.rw, str(c.rw)), "bs": c.bs, "iodepth": c.iodepth,
        "batch": c.batch if _is_set(c, "batch") else None, "polled": bool(c.polled),
        "anatomy": bool(c.anatomy),
        "offset": c.offset, "span": c.span, "runtime_ns": c.runtime_ns, "ios": c.ios,
        "ramp_ns": c.ramp_ns, "seed": c.seed, "purge": _purge(c),
        "rounds": c.rounds, "round_ns": c.round_ns,
        **_steady(c), "cpu": c.cpu if c.cpu >= 0 else None,
        "workers": c.workers or 1, "cpus": [c.cpus[i] for i in range(c.nr_cpus)],
    }
    if c.rw in (spec.Rw.RANDRW, spec.Rw.READWRITE):
        d["rwmixread"] = c.rwmixread
    if c.nr_bs:
        d["bssplit"] = [[c.bs_split[i].bs, c.bs_split[i].pct] for i in range(c.nr_bs)]
    d.update({"align": c.align, "align_offset": c.align_offset, "stride": c.stride,
              "pattern": _pattern(c),
              "rate_iops": c.rate_iops or _NO_RATE,
              "arrivals": _ARRIVALS.get(c.arrivals) if c.rate_iops else None})
    d.update(_replay(c))
    return d


def _replay(c: _lib.RunConfig) -> dict[str, object]:
    """A replay's timing, scale and remap; None for a run that draws its IOs."""
    if not _is_set(c, "replay-timing"):
        return {"replay_timing": None, "replay_scale": None, "replay_remap": None}
    timed = c.replay_timing == spec.ReplayTiming.ORIGINAL
    return {"replay_timing": spec.ReplayTiming(c.replay_timing).name.lower(),
            "replay_scale": c.replay_scale if timed else None,
            "replay_remap": spec.ReplayRemap(c.replay_remap).name.lower()}


def _open_loop(c: _lib.RunConfig) -> bool:
    """Whether a run measured response time and lateness too (common/rules.h's test)."""
    return (c.rate_iops != 0 and c.arrivals != spec.Arrivals.PACED) or (
        _is_set(c, "replay-timing") and c.replay_timing == spec.ReplayTiming.ORIGINAL)


def records(arr: ctypes.Array[_lib.IoRec] | None, n: int) -> tuple[IoRecord, ...]:
    """IoRecords of libssdk's first *n* records."""
    if arr is None:
        return ()
    return tuple(IoRecord(r.lat_ns, OPS[r.op] if r.op < len(OPS) else str(r.op), r.offset,
                          r.len, r.t_ns, r.cpu_submit, r.cpu_complete, r.inflight,
                          *(r.stage_ns[i] if r.stages >> i & 1 else None
                            for i in range(_lib.NR_STAGES)))
                 for r in arr[:n])


def timeseries(interval_ns: int, pts: ctypes.Array[_lib.TsPoint], n: int,
               anatomy: bool = False) -> TimeSeries:
    """A TimeSeries from libssdk's intervals, through NumPy (no per-row Python)."""
    raw = np.frombuffer(memoryview(pts).cast("B"), dtype=np.uint64,
                        count=n * ctypes.sizeof(_lib.TsPoint) // 8)
    rows = raw.reshape(n, ctypes.sizeof(_lib.TsPoint) // 8)
    index = (rows[:, 0] & np.uint64(0xFFFFFFFF)).astype(np.uint64)
    per = ctypes.sizeof(_lib.TsOp) // 8
    cols = {}
    for op in range(_lib.NR_OPS):
        f = rows[:, 1 + op * per: 1 + (op + 1) * per].astype(np.float64)
        ios, byt, lsum, lmax, p99 = (f[:, i] for i in range(5))
        mean = np.divide(lsum, ios, out=np.zeros_like(ios), where=ios > 0)
        cols[OPS[op]] = np.stack([ios, byt, mean, lmax, p99], axis=1)
    # A run with anatomy: each op's stages, three u64 each after its five.
    stages = None
    if anatomy:
        stages = {}
        for op in range(_lib.NR_OPS):
            base = 1 + op * per + 5
            st = {}
            for k, s in enumerate(STAGES):
                f = rows[:, base + 3 * k: base + 3 * k + 3].astype(np.float64)
                ios, ssum, smax = f[:, 0], f[:, 1], f[:, 2]
                smean = np.divide(ssum, ios, out=np.zeros_like(ios), where=ios > 0)
                st[s] = np.stack([ios, smean, smax], axis=1)
            stages[OPS[op]] = st
    # The heat rows: u32 counts after the ops' figures.
    first = (1 + _lib.NR_OPS * per) * 2
    heat = raw.view(np.uint32).reshape(n, ctypes.sizeof(_lib.TsPoint) // 4)[
        :, first:first + spec.HEAT_BUCKETS].astype(np.uint64)
    return TimeSeries(interval_ns, index * np.uint64(interval_ns), cols, heat, stages)


# A run's results, converted: status, histograms, slowest IOs, time
# series, captured IOs, rounds and window: results()'s arguments.
Rounds = tuple[tuple[Round, ...], "Window | None"]
Raw = tuple[_lib.RunStatus, "np.ndarray | None", tuple[IoRecord, ...], "TimeSeries | None",
            tuple[IoRecord, ...], Rounds]


@dataclass
class Structs:
    """A run's results as libssdk fills them in: records once it has ended."""

    st: _lib.RunStatus
    hists: np.ndarray
    slowest: ctypes.Array[_lib.IoRec] | None = None
    nr_slowest: int = 0
    ts: ctypes.Array[_lib.TsPoint] | None = None
    nr_ts: int = 0
    captured: ctypes.Array[_lib.IoRec] | None = None
    nr_captured: int = 0

    def convert(self) -> Raw:
        """To the typed records: NumPy for the time series, tuples for the IOs."""
        ts = None
        if self.ts is not None:
            ts = timeseries(self.st.config.ts_interval_ns, self.ts, self.nr_ts,
                            bool(self.st.config.anatomy))
        return (self.st, self.hists, records(self.slowest, self.nr_slowest), ts,
                records(self.captured, self.nr_captured), rounds(self.st, self.ts, self.nr_ts))

def total(raws: list[Raw]) -> tuple[_lib.RunStatus, np.ndarray | None]:
    """Several runs as one, as the CLI's total: libssdk's ssdk_status_add()
    (counts added, the extremes kept, the longest window, the iodepths and
    workers summed, the worst state, the CPU times added, the dearest
    measurement), the histograms added here."""
    lib = _lib.lib()
    t = _lib.RunStatus()
    ctypes.pointer(t)[0] = raws[0][0]
    hists = None if raws[0][1] is None else raws[0][1].copy()
    for st, h, *_ in raws[1:]:
        lib.ssdk_status_add(ctypes.byref(t), ctypes.byref(st))
        if hists is not None and h is not None:
            hists += h
    return t, hists


def results(st: _lib.RunStatus, hists: np.ndarray | None, slowest: tuple[IoRecord, ...] = (),
            ts: TimeSeries | None = None, captured: tuple[IoRecord, ...] = (),
            rounds_window: Rounds = ((), None), conditions: dict[str, str] | None = None,
            name: str = "") -> Results:
    """Results of a run's status and, for an ended run's results, its records."""
    c = st.config
    open_loop = _open_loop(c)
    h: list[Histogram | None] = [None] * _lib.NR_SETS
    if hists is not None:
        lower, upper = BucketBounds.get()
        nb = len(lower)
        h = [Histogram.from_dense(hists[i * nb:(i + 1) * nb], lower, upper)
             for i in range(_lib.NR_SETS)]
    return Results(
        id=st.id, state=_STATES.get(st.state, str(st.state)),
        reason=st.reason.decode(errors="replace"), target=c.target.decode(errors="replace"),
        target_size=st.target_size, logical_block_size=st.logical_block_size,
        config=config_dict(c), elapsed_ns=st.elapsed_ns, measured_ns=st.measured_ns,
        completed=st.completed, io_errors=st.io_errors,
        read=_op(0, st, h, open_loop, bool(c.anatomy)),
        write=_op(1, st, h, open_loop, bool(c.anatomy)),
        iops_now=st.iops_now, cpu_ns=st.cpu_ns,
        measurement_overhead_ns=st.measurement_overhead_ns, clock_read_ns=st.clock_read_ns,
        unpolled=st.unpolled if c.polled else None,
        anatomy_unsplit=st.anatomy_unsplit if c.anatomy else None,
        late=st.late if open_loop else None,
        slowest=slowest, captured=captured, timeseries=ts, ts_dropped=st.ts_dropped,
        captured_dropped=st.captured_dropped, conditions=conditions or {}, name=name,
        rounds_done=st.rounds_done if c.rounds else None,
        steady_round=(st.steady_round or None) if c.rounds else None,
        rounds=rounds_window[0], window=rounds_window[1])
