# SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause
"""A run's results as typed records, from libssdk or from the CLI's JSON.

The JSON is the schema of Documentation/userspace/json.rst (``ssdk -j
ctl run``, ``ctl results``, ``ctl sweep``, ``compare``); results travel
as that JSON, so everything here works on a machine without the module.
``Results.to_json()`` writes the same schema back. The commands of
several steps (precondition, study) are read by plan.py, ``load()``
telling them apart.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np
import numpy.typing as npt

from . import spec
from .histogram import REPORT_PERCENTILES, Histogram
from .system import Conditions

if TYPE_CHECKING:
    from .plan import Plan
    from .repeats import RepeatedSweep, Repeats

OPS: tuple[str, ...] = tuple(op.name.lower() for op in spec.Op)
# The stages of anatomy (the spec's lat-kind from block on), by name.
STAGES: tuple[str, ...] = tuple(k.name.lower().replace("_", "-") for k in spec.LatKind
                                if k >= spec.LatKind.BLOCK)


# The columns of a stage in each interval of a time series.
STAGE_FIELDS = ("ios", "mean_ns", "max_ns")


def stage_key(stage: str) -> str:
    """A stage's key in an IO record: "end-io" -> "end_io_ns"."""
    return stage.replace("-", "_") + "_ns"

JsonObj = dict[str, Any]


def pct_key(pct: float) -> str:
    """The JSON's key of a percentile: "99.900000".

    A copy of libssdk's ssdk_pct_key(), kept so that result files are
    read and written without libssdk; tests/test_rules.py checks it.
    """
    return f"{pct:f}"


@dataclass(frozen=True)
class Latency:
    """Latencies of one op, ns: exact min, max, mean, stddev, and the histogram."""

    min: int
    max: int
    mean: float
    stddev: float
    histogram: Histogram | None = None

    def percentile(self, pct: float) -> int:
        """Percentile *pct* (0 to 100) in ns, as the CLI computes it."""
        if self.histogram is None:
            raise ValueError("a status has no histogram: fetch the run's results")
        return self.histogram.percentile(pct, self.min, self.max)

    def percentiles(self, pcts: Sequence[float] = REPORT_PERCENTILES) -> dict[float, int]:
        """{percentile: ns}; the CLI's set by default."""
        if self.histogram is None:
            return {}
        return dict(zip(pcts, self.histogram.percentiles(pcts, self.min, self.max), strict=True))

    @classmethod
    def from_json(cls, lat: JsonObj, hist: Sequence[Sequence[int]] | None) -> Latency:
        return cls(int(lat["min"]), int(lat["max"]), float(lat["mean"]), float(lat["stddev"]),
                   Histogram.from_triples(hist) if hist is not None else None)

    def to_json(self, ios: int) -> tuple[JsonObj, list[list[int]] | None]:
        lat: JsonObj = {"min": self.min, "max": self.max, "mean": self.mean,
                        "stddev": self.stddev}
        if self.histogram is None:
            return lat, None
        lat["percentiles"] = ({pct_key(p): v for p, v in self.percentiles().items()}
                              if ios else {})
        return lat, self.histogram.triples()


@dataclass(frozen=True)
class Stage:
    """One stage of anatomy of one op: the IOs timed in it, their latencies."""

    ios: int
    lat: Latency


@dataclass(frozen=True)
class OpStats:
    """The measured IOs of one op (read or write) of a run."""

    op: str
    ios: int
    bytes: int
    errors: int
    iops: float
    bw_bytes: float
    lat: Latency
    response: Latency | None = None
    lateness: Latency | None = None
    stages: Mapping[str, Stage] = field(default_factory=dict)

    @property
    def mb_s(self) -> float:
        """MB/s as drive reviews give it: 10^6 bytes per second."""
        return self.bw_bytes / 1e6

    @property
    def mib_s(self) -> float:
        """MiB/s: 2^20 bytes per second."""
        return self.bw_bytes / 2**20

    @classmethod
    def from_json(cls, op: str, o: JsonObj) -> OpStats:
        def kind(name: str) -> Latency | None:
            k = o.get(name)
            return Latency.from_json(k["lat_ns"], k.get("histogram")) if k else None

        stages = {s: Stage(int(o[s]["ios"]), lat) for s in STAGES
                  if (lat := kind(s)) is not None}
        return cls(op, int(o["ios"]), int(o["bytes"]), int(o["errors"]), float(o["iops"]),
                   float(o["bw_bytes"]), Latency.from_json(o["lat_ns"], o.get("histogram")),
                   kind("response"), kind("lateness"), stages)

    def to_json(self) -> JsonObj:
        out: JsonObj = {"ios": self.ios, "bytes": self.bytes, "errors": self.errors,
                        "iops": self.iops, "bw_bytes": self.bw_bytes}
        out["lat_ns"], hist = self.lat.to_json(self.ios)
        if hist is not None:
            out["histogram"] = hist
        kinds: list[tuple[str, Latency | None, int | None]] = [
            ("response", self.response, None), ("lateness", self.lateness, None),
            *((s, st.lat, st.ios) for s, st in self.stages.items())]
        for name, lat, ios in kinds:
            if lat is None:
                continue
            k: JsonObj = {} if ios is None else {"ios": ios}
            k["lat_ns"], khist = lat.to_json(self.ios if ios is None else ios)
            if khist is not None:
                k["histogram"] = khist
            out[name] = k
        return out


class Stall(NamedTuple):
    """A run's worst stall (libssdk's ssdk_worst_stall()): ``text`` is the
    paragraph to paste; when it began and how long it lasted (ns), the IOs
    it held, the intervals in it without a completion, and where their time
    went (None and {} without anatomy)."""

    text: str
    start_ns: int
    length_ns: int
    ios: int
    silent_intervals: int
    top_stage: str | None
    share: dict[str, float]


class IoRecord(NamedTuple):
    """One IO of the slowest log or the capture."""

    lat_ns: int
    op: str
    offset: int
    len: int
    t_ns: int
    cpu_submit: int
    cpu_complete: int
    inflight: int
    block_ns: int | None = None
    device_ns: int | None = None
    end_io_ns: int | None = None
    reap_ns: int | None = None
    idle_ns: int | None = None

    @property
    def stages(self) -> dict[str, int]:
        """A run with anatomy: the IO's stages by name (block, device...), those it has."""
        return {s: v for s in STAGES
                if (v := getattr(self, stage_key(s))) is not None}

    @classmethod
    def from_json(cls, d: JsonObj) -> IoRecord:
        stages = {stage_key(s): int(d[stage_key(s)]) for s in STAGES if stage_key(s) in d}
        return cls(int(d["lat_ns"]), str(d["op"]), int(d["offset"]), int(d["len"]),
                   int(d["t_ns"]), int(d["cpu_submit"]), int(d["cpu_complete"]),
                   int(d["inflight"]), **stages)

    def to_json(self) -> JsonObj:
        """The CLI's object of the IO: its stages only where it has them."""
        return {k: v for k, v in self._asdict().items() if v is not None}


class Round(NamedTuple):
    """One round of a run with rounds (SNIA PTS), all ops: its figures, and the
    steady-state test of the window that ends with it (None before there is
    a whole window)."""

    round: int
    ios: int
    bytes: int
    iops: float
    mb_s: float
    mean_ns: float
    max_ns: int
    range_pct: float | None = None
    slope_pct: float | None = None
    steady: bool | None = None

    @classmethod
    def from_json(cls, d: JsonObj) -> Round:
        window = "steady" in d
        return cls(int(d["round"]), int(d["ios"]), int(d["bytes"]), float(d["iops"]),
                   float(d["mb_s"]), float(d["mean_ns"]), int(d["max_ns"]),
                   float(d["range_pct"]) if window else None,
                   float(d["slope_pct"]) if window else None,
                   bool(d["steady"]) if window else None)

    def to_json(self) -> JsonObj:
        d: JsonObj = self._asdict()
        if self.steady is None:
            for k in ("range_pct", "slope_pct", "steady"):
                del d[k]
        return d


class Window(NamedTuple):
    """The measurement window: the rounds that reached steady state (or the
    last ones), summed."""

    first: int
    last: int
    ios: int
    bytes: int
    iops: float
    mb_s: float
    mean_ns: float
    max_ns: int

    @classmethod
    def from_json(cls, d: JsonObj) -> Window:
        return cls(int(d["first"]), int(d["last"]), int(d["ios"]), int(d["bytes"]),
                   float(d["iops"]), float(d["mb_s"]), float(d["mean_ns"]), int(d["max_ns"]))


F64Array = npt.NDArray[np.float64]
U64Array = npt.NDArray[np.uint64]

# The JSON's per-op keys of an interval, in the columns' order.
TS_FIELDS = ("ios", "bytes", "mean_ns", "max_ns", "p99_ns")


@dataclass(frozen=True)
class TimeSeries:
    """A run's time series: per interval, each op's measured IOs that completed in it.

    ``t_ns`` is each interval's start from the run's start; ``columns[op]``
    a (intervals x 5) float array of ios, bytes, mean_ns, max_ns, p99_ns
    (p99 at most 1/256 above the true value, never below). ``heat`` is an
    (intervals x heat buckets) array of the IOs' latencies counted per
    bucket, both ops (None for results written before it was kept):
    ``heatmap()`` gives it with the buckets' bounds. A run with anatomy
    has ``stages[op][stage]``, an (intervals x 3) float array of the
    stage's ios, mean_ns and max_ns in each interval (None without).
    """

    interval_ns: int
    t_ns: U64Array
    columns: Mapping[str, F64Array]
    heat: U64Array | None = None
    stages: Mapping[str, Mapping[str, F64Array]] | None = None

    def heatmap(self) -> tuple[U64Array, U64Array, U64Array] | None:
        """A latency heatmap: the intervals' starts (ns), each heat bucket's
        lower bound (ns; libssdk's ssdk_heat_lower()), and the counts
        (intervals x buckets); None without heat rows."""
        if self.heat is None:
            return None
        from ._lib import lib
        lower = np.array([lib().ssdk_heat_lower(k) for k in range(spec.HEAT_BUCKETS)],
                         dtype=np.uint64)
        return self.t_ns, lower, self.heat

    def __len__(self) -> int:
        return len(self.t_ns)

    def col(self, op: str | None, name: str) -> F64Array:
        """Column *name* of *op*, or of both ops (summed; the max of maxima) when None."""
        i = TS_FIELDS.index(name)
        if op is not None:
            return self.columns[op][:, i]
        cols = [self.columns[o][:, i] for o in OPS]
        out: F64Array
        if name in ("max_ns", "p99_ns"):
            out = np.maximum.reduce(cols)
            return out
        if name == "mean_ns":
            ios = self.col(None, "ios")
            sums = sum(self.columns[o][:, 0] * self.columns[o][:, 2] for o in OPS)
            return np.divide(sums, ios, out=np.zeros_like(ios), where=ios > 0)
        out = np.add.reduce(cols)
        return out

    def iops(self, op: str | None = None) -> F64Array:
        """IOs per second in each interval."""
        return self.col(op, "ios") * 1e9 / self.interval_ns

    def mb_s(self, op: str | None = None) -> F64Array:
        """MB/s (10^6 bytes per second) in each interval."""
        return self.col(op, "bytes") * 1e3 / self.interval_ns

    @classmethod
    def from_json(cls, interval_ns: int, rows: Sequence[JsonObj]) -> TimeSeries:
        t = np.array([r["t_ns"] for r in rows], dtype=np.uint64)
        cols = {op: np.array([[r[op][k] for k in TS_FIELDS] for r in rows],
                             dtype=np.float64).reshape(len(rows), len(TS_FIELDS))
                for op in OPS}
        heat = None
        if rows and all("heat" in r for r in rows):
            heat = np.zeros((len(rows), spec.HEAT_BUCKETS), dtype=np.uint64)
            for i, r in enumerate(rows):
                heat[i, :len(r["heat"])] = r["heat"][:spec.HEAT_BUCKETS]
        stages = None
        if rows and all("stages" in r[op] for r in rows for op in OPS):
            stages = {op: {s: np.array([[r[op]["stages"][s][k] for k in STAGE_FIELDS]
                                        for r in rows], dtype=np.float64)
                           for s in STAGES} for op in OPS}
        return cls(interval_ns, t, cols, heat, stages)

    def to_json(self) -> list[JsonObj]:
        out = []
        for i, t in enumerate(self.t_ns):
            row: JsonObj = {"t_ns": int(t)}
            for op in OPS:
                c = self.columns[op][i]
                row[op] = {"ios": int(c[0]), "bytes": int(c[1]), "mean_ns": float(c[2]),
                           "max_ns": int(c[3]), "p99_ns": int(c[4])}
                if self.stages is not None:
                    row[op]["stages"] = {
                        s: {"ios": int(v[i, 0]), "mean_ns": float(v[i, 1]),
                            "max_ns": int(v[i, 2])}
                        for s, v in self.stages[op].items()}
            if self.heat is not None:
                nz = np.flatnonzero(self.heat[i])
                row["heat"] = [int(x) for x in self.heat[i, :nz[-1] + 1]] if len(nz) else []
            out.append(row)
        return out


@dataclass(frozen=True)
class Results:
    """One run: what it was asked (``config``), how it ended, and its measurements.

    ``read`` and ``write`` hold each op's counts, rates and latencies;
    ``slowest``, ``captured`` and ``timeseries`` are there for the results
    of an ended run (empty, empty and None in a status). ``workers`` holds
    the runs of a job of several (then this is their total). ``conditions``
    says where it ran (kernel, ssdk version, date...), when known. A run
    with rounds has ``rounds_done`` and ``steady_round`` (None until steady
    state, if ever), and its results each round and the measurement
    ``window``. ``cpu_ns`` is the module worker's CPU time (once ended),
    ``measurement_overhead_ns`` what measuring one IO costs and
    ``clock_read_ns`` the clock read inside every latency (0 from the
    userspace engines; None in results written before they were);
    ``unpolled``, for a polled run, its IOs the block layer took off
    polling (they completed by interrupt). A run with anatomy has each
    op's ``stages`` and each record's, and ``anatomy_unsplit``: its IOs
    the block layer's tracepoints did not see (a bio-based device's);
    ``tail_stages()`` says where its slowest IOs' time went.
    """

    id: int
    state: str
    reason: str
    target: str
    target_size: int
    logical_block_size: int
    config: Mapping[str, Any]
    elapsed_ns: int
    measured_ns: int
    completed: int
    io_errors: int
    read: OpStats
    write: OpStats
    iops_now: int = 0
    cpu_ns: int | None = None
    measurement_overhead_ns: int | None = None
    clock_read_ns: int | None = None
    unpolled: int | None = None
    anatomy_unsplit: int | None = None
    late: int | None = None
    slowest: Sequence[IoRecord] = ()
    captured: Sequence[IoRecord] = ()
    timeseries: TimeSeries | None = None
    ts_dropped: int = 0
    captured_dropped: int = 0
    workers: Sequence[Results] = ()
    conditions: Mapping[str, str] = field(default_factory=dict)
    system: Conditions | None = None
    name: str = ""
    rounds_done: int | None = None
    steady_round: int | None = None
    rounds: Sequence[Round] = ()
    window: Window | None = None

    def worst_stall(self) -> Stall | None:
        """The worst stall of an ended run's results: when, how long, which
        IOs, which stage, and the paragraph that says it; None without
        records."""
        from .lib_results import worst_stall
        return worst_stall(self.slowest, self.timeseries)

    def tail_stages(self) -> tuple[str, dict[str, float]] | None:
        """Where the slowest IOs' time went: the stage with the largest part and
        each latency stage's part (0 to 1), libssdk's ssdk_tail_stages(); None
        for a run without anatomy."""
        from .lib_results import tail_stages
        return tail_stages(self.slowest)

    # --- what a report asks first ------------------------------------------------

    @property
    def rw(self) -> str:
        return str(self.config.get("rw", ""))

    @property
    def bs(self) -> int:
        return int(self.config.get("bs", 0))

    @property
    def iodepth(self) -> int:
        return int(self.config.get("iodepth", 0))

    @property
    def engine(self) -> str:
        return str(self.config.get("engine", ""))

    def op(self, name: str) -> OpStats:
        """The OpStats of "read" or "write"."""
        if name not in OPS:
            raise KeyError(f"no op {name!r} (read, write)")
        return self.read if name == "read" else self.write

    @property
    def main(self) -> OpStats:
        """The op that did the most IOs (a mix's reads on a tie)."""
        return self.write if self.write.ios > self.read.ios else self.read

    @property
    def total_iops(self) -> float:
        return self.read.iops + self.write.iops

    @property
    def total_mb_s(self) -> float:
        return self.read.mb_s + self.write.mb_s

    @property
    def label(self) -> str:
        """A short name: the name given, else "randread 4k QD3" ("4k/70:64k/30" for a split)."""
        if self.name:
            return self.name
        from .units import fmt_size
        split = self.config.get("bssplit")
        sizes = (":".join(f"{fmt_size(int(bs))}/{int(pct)}" for bs, pct in split) if split
                 else fmt_size(self.bs))
        return f"{self.rw} {sizes} QD{self.iodepth}"

    # --- JSON ---------------------------------------------------------------------

    @classmethod
    def from_json(cls, src: str | bytes | Path | JsonObj, name: str = "") -> Results:
        """One run from what ``ssdk -j ctl run`` or ``ctl results`` wrote.

        *src* is a path, a JSON text or its parsed object. A job of several
        runs (``{"workers": [...], "total": {...}}``) gives its total, with
        the runs in ``workers``.
        """
        doc = _load(src)
        if not isinstance(doc, dict):
            raise ValueError("not one run's results (a JSON object): use ssdk.load()")
        if "total" in doc and "workers" in doc:
            workers = tuple(cls.from_json(w, name) for w in doc["workers"])
            total = cls.from_json(doc["total"], name)
            return _replace(total, workers=workers, conditions=_conditions(doc),
                            system=_system(doc))
        try:
            return _results_from_json(doc, name)
        except (KeyError, TypeError) as e:
            raise ValueError(f"not ssdk results: missing or bad {e}") from None

    def to_json(self) -> JsonObj:
        """The CLI's JSON object of this run (Documentation/userspace/json.rst)."""
        d: JsonObj = {
            "id": self.id, "state": self.state, "reason": self.reason, "target": self.target,
            "target_size": self.target_size, "logical_block_size": self.logical_block_size,
            "config": dict(self.config), "elapsed_ns": self.elapsed_ns,
            "measured_ns": self.measured_ns, "completed": self.completed,
            "io_errors": self.io_errors, "iops_now": self.iops_now,
        }
        for key in ("cpu_ns", "measurement_overhead_ns", "clock_read_ns", "unpolled",
                    "anatomy_unsplit"):
            if getattr(self, key) is not None:
                d[key] = getattr(self, key)
        if self.late is not None:
            d["late"] = self.late
        if self.rounds_done is not None:
            d["rounds_done"] = self.rounds_done
            d["steady_round"] = self.steady_round
        d["read"] = self.read.to_json()
        d["write"] = self.write.to_json()
        if self.timeseries is not None:
            d["ts_dropped"] = self.ts_dropped
            d["captured_dropped"] = self.captured_dropped
            d["slowest"] = [r.to_json() for r in self.slowest]
            d["timeseries"] = self.timeseries.to_json()
            d["captured"] = [r.to_json() for r in self.captured]
            if self.rounds_done is not None:
                d["rounds"] = [r.to_json() for r in self.rounds]
                d["window"] = self.window._asdict() if self.window else None
        if self.conditions or self.system:
            c: dict[str, Any] = dict(self.conditions)
            if self.system:
                c["system"] = self.system.to_json()
            d["conditions"] = c
        if self.workers:
            return {"workers": [w.to_json() for w in self.workers], "total": d}
        return d

    def save(self, path: str | Path) -> None:
        """Write to_json() to *path*."""
        Path(path).write_text(json.dumps(self.to_json(), indent=1) + "\n", encoding="utf-8")


def _replace(r: Results, **kw: Any) -> Results:
    from dataclasses import replace
    return replace(r, **kw)


def _conditions(doc: JsonObj) -> dict[str, str]:
    """The conditions' words: the machine's facts ("system") are _system()'s."""
    c = doc.get("conditions")
    return ({str(k): str(v) for k, v in c.items() if not isinstance(v, dict)}
            if isinstance(c, dict) else {})


def _system(doc: JsonObj) -> Conditions | None:
    c = doc.get("conditions")
    s = c.get("system") if isinstance(c, dict) else None
    return Conditions.from_json(s) if isinstance(s, dict) else None


def _opt_int(d: JsonObj, key: str) -> int | None:
    """A number that results written before it was reported lack."""
    return int(d[key]) if key in d else None


def _results_from_json(d: JsonObj, name: str) -> Results:
    cfg = d["config"]
    ts = None
    if "timeseries" in d:
        ts = TimeSeries.from_json(int(cfg["ts_interval_ns"]), d["timeseries"])
    return Results(
        id=int(d["id"]), state=str(d["state"]), reason=str(d["reason"]),
        target=str(d["target"]), target_size=int(d["target_size"]),
        logical_block_size=int(d["logical_block_size"]), config=dict(cfg),
        elapsed_ns=int(d["elapsed_ns"]), measured_ns=int(d["measured_ns"]),
        completed=int(d["completed"]), io_errors=int(d["io_errors"]),
        read=OpStats.from_json("read", d["read"]), write=OpStats.from_json("write", d["write"]),
        iops_now=int(d.get("iops_now", 0)), cpu_ns=_opt_int(d, "cpu_ns"),
        measurement_overhead_ns=_opt_int(d, "measurement_overhead_ns"),
        clock_read_ns=_opt_int(d, "clock_read_ns"), unpolled=_opt_int(d, "unpolled"),
        anatomy_unsplit=_opt_int(d, "anatomy_unsplit"), late=_opt_int(d, "late"),
        slowest=tuple(IoRecord.from_json(x) for x in d.get("slowest", ())),
        captured=tuple(IoRecord.from_json(x) for x in d.get("captured", ())),
        timeseries=ts, ts_dropped=int(d.get("ts_dropped", 0)),
        captured_dropped=int(d.get("captured_dropped", 0)),
        conditions=_conditions(d), system=_system(d), name=name,
        rounds_done=_opt_int(d, "rounds_done"),
        steady_round=int(d["steady_round"]) if d.get("steady_round") is not None else None,
        rounds=tuple(Round.from_json(x) for x in d.get("rounds", ())),
        window=Window.from_json(d["window"]) if d.get("window") else None)


def _load(src: str | bytes | Path | JsonObj | list[Any]) -> Any:
    if isinstance(src, (dict, list)):
        return src
    if isinstance(src, Path) or (isinstance(src, str) and not src.lstrip().startswith(("{", "["))):
        with open(src, encoding="utf-8") as f:
            return json.load(f)
    return json.loads(src)


@dataclass(frozen=True)
class Comparison:
    """``ssdk compare`` at one iodepth: the same workload through several
    engines, the layers between, and the depth each engine sustained
    (Little's law: IOPS x mean latency; ``short_of_iodepth`` names those
    under 90% of ``iodepth``), and the queue the device had under each
    (``device_iodepth``: the block layer's time in queue over the run;
    None where sysfs did not say). Documents of before those fields load
    with ``iodepth`` 0 and no achieved depths, or without device depths."""

    results: Mapping[str, Results]
    overhead_ns: Mapping[str, Mapping[str, float]]
    layers: Mapping[str, str]
    iodepth: int = 0
    achieved_iodepth: Mapping[str, float] = field(default_factory=dict)
    short_of_iodepth: tuple[str, ...] = ()
    device_iodepth: Mapping[str, float | None] | None = None

    @classmethod
    def from_json(cls, src: str | bytes | Path | JsonObj) -> Comparison:
        d = _load(src)
        return cls({k: Results.from_json(v, k) for k, v in d["results"].items()},
                   {k: {m: float(x) for m, x in v.items()} for k, v in d["overhead_ns"].items()},
                   {k: str(v) for k, v in d["layers"].items()},
                   int(d.get("iodepth", 0)),
                   {k: float(v) for k, v in d.get("achieved_iodepth", {}).items()},
                   tuple(str(e) for e in d.get("short_of_iodepth", ())),
                   {k: None if v is None else float(v)
                    for k, v in d["device_iodepth"].items()} if "device_iodepth" in d else None)

    def to_json(self) -> JsonObj:
        out: JsonObj = {}
        if self.iodepth:
            out["iodepth"] = self.iodepth
        out |= {"results": {k: r.to_json() for k, r in self.results.items()}}
        if self.iodepth:
            out |= {"achieved_iodepth": dict(self.achieved_iodepth)}
            if self.device_iodepth is not None:
                out |= {"device_iodepth": dict(self.device_iodepth)}
            out |= {"short_of_iodepth": list(self.short_of_iodepth)}
        return out | {"overhead_ns": {k: dict(v) for k, v in self.overhead_ns.items()},
                      "layers": dict(self.layers)}


@dataclass(frozen=True)
class CompareCurves:
    """``ssdk compare --iodepth N,N,...``: a Comparison per iodepth, in order;
    each engine's runs across them are its curve (``curves()``)."""

    points: tuple[Comparison, ...]

    @classmethod
    def from_json(cls, src: str | bytes | Path | JsonObj) -> CompareCurves:
        d = _load(src)
        return cls(tuple(Comparison.from_json(p) for p in d["points"]))

    def to_json(self) -> JsonObj:
        return {"points": [p.to_json() for p in self.points]}

    def curves(self) -> dict[str, list[Results]]:
        """Each engine's runs, one per iodepth, in --engines' order."""
        out: dict[str, list[Results]] = {}
        for p in self.points:
            for engine, r in p.results.items():
                out.setdefault(engine, []).append(r)
        return out


Sweep = list[Results]


def load(src: str | bytes | Path | JsonObj | list[Any],
         name: str = "") -> (Results | Sweep | Comparison | CompareCurves | Plan | Repeats
                             | RepeatedSweep):
    """Whatever ``ssdk -j`` wrote: a run (Results), a sweep (a list), a compare
    (at several iodepths: CompareCurves), a command of several steps (a
    Plan: ``ctl precondition``, ``study new-vs-used``, ``ctl purge`` by the
    drive), a run repeated (Repeats: ``ctl run --repeat N``) or a sweep
    whose every point was (RepeatedSweep: ``ctl sweep --repeat N``)."""
    # plan.py and repeats.py build on this module: imported here, not at its top.
    from .plan import Plan, is_plan
    from .repeats import RepeatedSweep, Repeats, is_repeated_sweep, is_repeats

    doc = _load(src)
    if is_repeats(doc):
        return Repeats.from_json(doc)
    if is_repeated_sweep(doc):
        return RepeatedSweep.from_json(doc)
    if isinstance(doc, list):
        return [Results.from_json(x, name) for x in doc]
    if isinstance(doc, dict) and "results" in doc and "layers" in doc:
        return Comparison.from_json(doc)
    if isinstance(doc, dict) and list(doc) == ["points"]:
        return CompareCurves.from_json(doc)
    if is_plan(doc):
        return Plan.from_json(doc)
    return Results.from_json(doc, name)


def isclose(a: float, b: float) -> bool:
    """Equal to the JSON's printed precision."""
    return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-6)
