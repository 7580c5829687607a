# SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause
"""What a review did and measured: each step's record and a row per run.

A step's record says how it went (its command line, state, time, the
target's disk counters over it); a row is one run of a step that is
done, read back from the JSON its command printed
(Documentation/userspace/json.rst). The documents differ by command (a
run, a sweep's points, compare's engines at each depth, a plan's steps)
but a run is the same object in all of them, so the reader walks the
document and takes every object that is a run, with the label its place
gives it. The numbers of a row are the run's own, copied, never
recomputed from percentiles. text(), to_json() and csv() print a review
as ``ssdk review`` does, in each format.
"""

from __future__ import annotations

import csv as csv_mod
import io
import json
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import _lib
from .histogram import REPORT_P50, REPORT_P99, REPORT_P999, REPORT_PERCENTILES
from .results import STAGES, pct_key
from .units import fmt_ns, fmt_size

STATES: tuple[str, ...] = ("pending", "done", "stopped", "failed")
# The counters of /sys/block/DISK/stat a step moves, by their fields' index.
IO_NAMES: tuple[str, ...] = ("reads", "read_merges", "read_sectors", "writes", "write_merges",
                             "write_sectors")
IO_FIELDS: tuple[int, ...] = (0, 1, 2, 4, 5, 6)
# The study's phases (steps.c's study_phases): the new-against-used table's columns.
PHASES: tuple[str, ...] = ("new", "used", "trim")
MAX_ROWS = 1024
MAX_COLUMNS = 6  # raw and each of the five filesystems
# The CLI's CSV of results (out_csv.c's header): a review's rows are in its form.
CSV_HEADER: tuple[str, ...] = (
    "label", "target", "engine", "rw", "bs", "iodepth", "achieved_iodepth", "op", "state",
    "ios", "bytes", "errors", "iops", "mb_s", "lat_mean_ns", "lat_min_ns", "lat_p50_ns",
    "lat_p99_ns", "lat_p99_9_ns", "lat_max_ns",
    # an --anatomy run's stages, empty for others: block_mean_ns...
    *(f"{s.replace('-', '_')}_{c}_ns" for s in STAGES for c in ("mean", "p50", "p99", "max")))
SHORT_NOTE_PCT = 90  # compare's: its JSON's short_of_iodepth says which


@dataclass
class Record:
    """A step of a review, as it went.

    ``argv`` is its command line after the program (``-j``, the command,
    its options), None for a filesystem step; ``estimate_s`` its runs'
    time from its dry run, negative when unknown (a fill's time is the
    drive's); ``io`` the target's disk counters' change over it, None
    when not read.
    """

    name: str
    fs: str = ""
    kind: str = ""
    file: str = ""
    argv: list[str] | None = None
    state: str = "pending"
    status: int = 0
    estimate_s: float = -1.0
    wall_s: float = 0.0
    io: dict[str, int] | None = None
    health: dict[str, Any] | None = None
    pattern: str = ""  # review --patterns: the data it wrote
    temperature: dict[str, Any] | None = None


@dataclass
class Op:
    """One op of a run, as its JSON gives it."""

    ios: int = 0
    bytes: int = 0
    errors: int = 0
    iops: float = 0.0
    bw_bytes: float = 0.0
    mean_ns: float = 0.0
    min_ns: int = 0
    p50_ns: int = 0
    p99_ns: int = 0
    p999_ns: int = 0
    max_ns: int = 0
    # Its stages' CSV fields (mean, p50, p99, max of each), as the CLI
    # prints them: empty without anatomy, percentiles empty without a histogram.
    stage_fields: tuple[str, ...] = ("",) * 4 * len(STAGES)


@dataclass
class Row:
    """One run of a step: what the summary shows of it. ``achieved_qd`` is
    compare's achieved depth, negative for none; ``short`` compare said it
    kept fewer IOs in flight than asked."""

    step: int
    rec: Record
    label: str = ""
    engine: str = ""
    target: str = ""
    state: str = ""
    rw: str = ""
    bs: int = 0
    iodepth: int = 0
    achieved_qd: float = -1.0
    short: bool = False
    ops: tuple[Op, Op] = field(default_factory=lambda: (Op(), Op()))
    ios: int = 0
    mb_s: float = 0.0
    iops: float = 0.0
    mean_ns: float = 0.0
    max_ns: int = 0


@dataclass
class Summary:
    """A review, for the printers: ``state`` is "done", "stopped" or
    "failed" ("running" in its directory while it runs)."""

    title: str
    target: str
    fs: str
    scale: str
    runtime: str
    span: str
    state: str
    started: str
    wall_s: float
    steps: Sequence[Record]
    rows: list[Row]
    suite: str = "suite.ini"
    patterns: str = ""


def _member(o: Any, key: str) -> Any:
    return o.get(key) if isinstance(o, dict) else None


def _u64(o: Any, key: str) -> int:
    v = _member(o, key)
    return int(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else 0


def _double(o: Any, key: str) -> float:
    v = _member(o, key)
    return float(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else 0.0


def _str(o: Any, key: str, size: int) -> str:
    v = _member(o, key)
    s = v if isinstance(v, str) else ""
    return s.encode()[:size - 1].decode(errors="ignore")


def _is_run(o: Any) -> bool:
    return all(_member(o, k) is not None for k in ("config", "read", "write"))


def _stage_fields(o: Any) -> tuple[str, ...]:
    """An op's stages as the CLI's CSV has them (out_csv.c's csv_stages())."""
    out: list[str] = []
    for name in STAGES:
        stage = _member(o, name)
        if not _u64(stage, "ios"):
            out += [""] * 4
            continue
        lat = _member(stage, "lat_ns")
        pct = _member(lat, "percentiles")
        # A stage without a histogram has no percentiles: empty, as the CLI's.
        p50, p99 = ("" if _member(pct, k) is None else str(_u64(pct, k))
                    for k in (pct_key(REPORT_PERCENTILES[i]) for i in (REPORT_P50, REPORT_P99)))
        out += [f"{_double(lat, 'mean'):.1f}", p50, p99, str(_u64(lat, "max"))]
    return tuple(out)


def _op(o: Any) -> Op:
    lat = _member(o, "lat_ns")
    pct = _member(lat, "percentiles")
    return Op(_u64(o, "ios"), _u64(o, "bytes"), _u64(o, "errors"), _double(o, "iops"),
              _double(o, "bw_bytes"), _double(lat, "mean"), _u64(lat, "min"),
              _u64(pct, pct_key(REPORT_PERCENTILES[REPORT_P50])),
              _u64(pct, pct_key(REPORT_PERCENTILES[REPORT_P99])),
              _u64(pct, pct_key(REPORT_PERCENTILES[REPORT_P999])), _u64(lat, "max"),
              _stage_fields(o))


class _Reader:
    def __init__(self, n: int, rec: Record, room: int):
        self.n = n
        self.rec = rec
        self.room = room
        self.rows: list[Row] = []

    def add(self, run: Any, label: str | None, qd: float, short: bool = False) -> None:
        if len(self.rows) == self.room:
            return
        cfg = _member(run, "config")
        row = Row(self.n, self.rec, engine=_str(cfg, "engine", 16))
        row.label = (label if label is not None else row.engine).encode()[:63].decode(
            errors="ignore")
        row.target = _str(run, "target", 128)
        row.state = _str(run, "state", 16)
        row.rw = _str(cfg, "rw", 16)
        row.bs = _u64(cfg, "bs")
        row.iodepth = _u64(cfg, "iodepth")
        row.achieved_qd = qd
        row.short = short
        row.ops = (_op(_member(run, "read")), _op(_member(run, "write")))
        lat_sum = 0.0
        for o in row.ops:
            row.ios += o.ios
            row.mb_s += o.bw_bytes / 1e6
            row.iops += o.iops
            lat_sum += o.mean_ns * o.ios
            row.max_ns = max(row.max_ns, o.max_ns)
        row.mean_ns = lat_sum / row.ios if row.ios else 0.0
        self.rows.append(row)

    def walk(self, o: Any, label: str | None) -> None:
        """Every run under *o*, in document order. A plan's step labels its
        run by what it did; compare's "results" by engine, with the depth it
        achieved; a sweep's point is its "total" (its workers are in it)."""
        if _is_run(o):
            self.add(o, label, -1.0)
            return
        if isinstance(o, list):
            for v in o:
                self.walk(v, label)
            return
        if not isinstance(o, dict):
            return
        if isinstance(o.get("what"), str):
            label = o["what"]
        if _member(o, "total") is not None and _member(o, "workers") is not None:
            self.walk(o["total"], label if label is not None else "total")
            return
        for key, val in o.items():
            if key != "results" or not isinstance(val, dict):
                self.walk(val, label)
                continue
            short = _member(o, "short_of_iodepth")
            for engine, run in val.items():
                qd = _member(_member(o, "achieved_iodepth"), engine)
                if _is_run(run):
                    self.add(run, engine, float(qd) if isinstance(qd, (int, float)) else -1.0,
                             isinstance(short, list) and engine in short)


def rows_read(path: Path, n: int, rec: Record, room: int = MAX_ROWS) -> list[Row]:
    """The rows of step *n* (*rec*), from its JSON at *path*: at most *room*,
    the runs past it left out. ValueError when the file is not JSON."""
    try:
        doc = json.loads(path.read_text())
    except (OSError, ValueError) as e:
        raise ValueError(f"{path}: {e}") from None
    rd = _Reader(n, rec, room)
    rd.walk(doc, None)
    return rd.rows


# --- JSON, as the CLI's writer lays it out (userspace/cli/model/json.c) -------------------------

def json_number(v: float) -> str:
    """A double with the fewest digits that read back exactly; an integral
    one under 10^15 as an integer; a non-finite one as null."""
    if not math.isfinite(v):
        return "null"
    if abs(v) < 1e15 and v == math.trunc(v):
        return str(int(v))
    for digits in range(1, 18):
        s = f"{v:.{digits}g}"
        if float(s) == v:
            return s
    return f"{v:.17g}"


class _Inline(dict[str, Any]):
    """An object printed on one line."""


class _InlineList(list[Any]):
    """An array printed on one line."""


def _dump(v: Any, depth: int, inline: bool) -> str:
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        return json_number(v)
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    inner = inline or isinstance(v, (_Inline, _InlineList))
    if isinstance(v, dict):
        items = [f"{json.dumps(k)}: {_dump(x, depth + 1, inner)}" for k, x in v.items()]
        o, c = "{", "}"
    else:
        items = [_dump(x, depth + 1, inner) for x in v]
        o, c = "[", "]"
    if not items:
        return o + c
    if inner:
        return o + ", ".join(items) + c
    pad = "\n" + "  " * (depth + 1)
    return o + pad + ("," + pad).join(items) + "\n" + "  " * depth + c


def _or_null(s: str) -> str | None:
    return s or None


def _step_json(n: int, r: Record) -> dict[str, Any]:
    return {
        "step": n, "name": r.name, "fs": _or_null(r.fs), "pattern": _or_null(r.pattern),
        "kind": r.kind, "file": _or_null(r.file),
        "argv": _InlineList(r.argv) if r.argv is not None else None,
        "state": r.state, "status": r.status,
        "estimate_s": float(r.estimate_s) if r.estimate_s >= 0 else None,
        "wall_s": float(r.wall_s),
        "diskstats": _Inline(r.io) if r.io is not None else None,
        "health": r.health,
        "temperature": r.temperature,
    }


def _row_json(row: Row) -> dict[str, Any]:
    return _Inline({
        "step": row.step, "name": row.rec.name, "fs": _or_null(row.rec.fs),
        "pattern": _or_null(row.rec.pattern), "label": row.label, "engine": row.engine,
        "rw": row.rw, "bs": row.bs, "iodepth": row.iodepth,
        "achieved_iodepth": float(row.achieved_qd) if row.achieved_qd >= 0 else None,
        "ios": row.ios, "mb_s": float(row.mb_s), "iops": float(row.iops),
        "mean_ns": float(row.mean_ns), "max_ns": row.max_ns,
    })


def to_json(s: Summary) -> str:
    """A review: {"title", "suite", "target", "filesystems", "scale",
    "runtime", "span", "state", "started", "wall_s", "steps": [STEP],
    "rows": [ROW]} (Documentation/userspace/json.rst); it is also the
    review's record, review.json. Ends with a newline."""
    doc = {
        "title": s.title, "suite": s.suite, "target": s.target, "filesystems": s.fs,
        "patterns": _or_null(s.patterns), "scale": s.scale, "runtime": _or_null(s.runtime),
        "span": _or_null(s.span),
        "state": s.state, "started": s.started, "wall_s": float(s.wall_s),
        "steps": [_step_json(i + 1, r) for i, r in enumerate(s.steps)],
        "rows": [_row_json(r) for r in s.rows],
    }
    return _dump(doc, 0, False) + "\n"


# --- text ----------------------------------------------------------------------------------

def fmt_elapsed(s: float) -> str:
    """A time for people, as the CLI says it (libssdk's ssdk_fmt_elapsed)."""
    return _lib.written(_lib.lib().ssdk_fmt_elapsed, float(s))


def _where(rec: Record) -> str:
    return (f"{rec.name}{' on ' if rec.fs else ''}{rec.fs}"
            f"{' writing ' if rec.pattern else ''}{rec.pattern}")


def _layer_column(row: Row) -> str | None:
    """The raw-against-formatted table's column: bio on the device, kfile on a filesystem."""
    if row.label != ("kfile" if row.rec.fs else "bio"):
        return None
    return row.rec.fs or "raw"


def _phase_column(row: Row) -> str | None:
    """The new-against-used table's column: a study's phase ("new: randwrite 4k QD3")."""
    for ph in PHASES:
        if row.label.startswith(ph + ": "):
            return ph
    return None


def _same(a: Row, b: Row) -> bool:
    return a.rw == b.rw and a.bs == b.bs and a.iodepth == b.iodepth


def _columns(s: Summary, column: Callable[[Row], str | None], what: str, mbs: bool,
             out: list[str]) -> None:
    """The same workload side by side: a line per workload that ran in two
    columns at least, a column per value of *column*, in MB/s or mean
    latency (*mbs*). A column's cell is its first row of the workload."""
    cols: list[str] = []
    for row in s.rows:
        c = column(row)
        if c is not None and c not in cols and len(cols) < MAX_COLUMNS:
            cols.append(c)
    shown = short_cells = 0
    for i, row in enumerate(s.rows):
        if len(cols) < 2:
            break
        if column(row) is None or any(column(s.rows[k]) is not None and _same(s.rows[k], row)
                                      for k in range(i)):
            continue
        cell: list[Row | None] = [None] * len(cols)
        for other in s.rows[i:]:
            c = column(other)
            if c is None or not _same(other, row) or c not in cols:
                continue
            if cell[cols.index(c)] is None:
                cell[cols.index(c)] = other
        if sum(x is not None for x in cell) < 2:
            continue
        if not shown:
            out.append(f"\n{'MB/s' if mbs else 'Mean latency'}, {what}, the same workload:")
            out.append(f"{'rw':<10} {'bs':>6} {'QD':>4}" + "".join(f" {c:>11}" for c in cols))
        shown += 1
        line = f"{row.rw:<10} {fmt_size(row.bs):>6} {row.iodepth:4d}"
        for x in cell:
            if x is None:
                line += f" {'-':>11}"
                continue
            v = f"{x.mb_s:.1f}" if mbs else fmt_ns(x.mean_ns)
            if x.short:
                v += "*"
                short_cells += 1
            line += f" {v:>11}"
        out.append(line)
    if short_cells:
        out.append(f"* under {SHORT_NOTE_PCT}% of the depth asked kept in flight "
                   "(IOPS x mean latency):\n  a shallower queue than the line says")


def temp_text(r: Record) -> str:
    """A step's temperature, as the tables say it: "41-58 °C" over its
    samples (of a step too short to be sampled, before and after it, from
    smartctl), then "throttled" where the drive said so (its health log's
    minutes above its warning or critical temperature grew, or it went over
    its warning temperature), "throttled?" where only its throughput fell
    as it heated (health.throttle_marks()); "" when nothing was read."""
    t, h = r.temperature or {}, r.health or {}
    lo, hi = t.get("min_c"), t.get("max_c")
    if not isinstance(lo, (int, float)) or not isinstance(hi, (int, float)):
        temps = [x.get("temperature_c") for x in (h.get("before"), h.get("after"))
                 if isinstance(x, dict)]
        nums = [float(x) for x in temps if isinstance(x, (int, float))]
        lo, hi = (min(nums), max(nums)) if nums else (None, None)
    marks = t.get("marks") or []
    out = "" if lo is None or hi is None else \
        f"{lo:.0f} °C" if round(lo) == round(hi) else f"{lo:.0f}-{hi:.0f} °C"
    if h.get("throttled") is True or "warning" in marks:
        out += " throttled"
    elif "throughput" in marks:
        out += " throttled?"
    return out.strip()


def text(s: Summary) -> str:
    """A review: where and how it went, each step, a line per run (MB/s,
    IOPS, mean and max latency), then raw against formatted, and new
    against used."""
    done = sum(r.state == "done" for r in s.steps)
    out = [s.title,
           f"{s.target}{' with ' if s.fs else ''}{s.fs}, scale {s.scale}"
           f"{', runtime ' if s.runtime else ''}{s.runtime}"
           f"{', span at most ' if s.span else ''}{s.span}: {s.state}, {done} of "
           f"{len(s.steps)} steps, {fmt_elapsed(s.wall_s)}",
           f"\n{'#':>3}  {'step':<44} {'state':<8} {'time':>8}  temperature"]
    for i, r in enumerate(s.steps):
        t = "-" if r.state == "pending" else fmt_elapsed(r.wall_s)
        out.append(f"{i + 1:3d}  {_where(r):<44} {r.state:<8} {t:>8}  {temp_text(r)}".rstrip())
    if s.rows:
        out.append(f"\n{'step':<44} {'run':<10} {'rw':<10} {'bs':>6} {'QD':>4} {'QD got':>6} "
                   f"{'MB/s':>9} {'IOPS':>10} {'mean':>10} {'max':>10}")
        for row in s.rows:
            qd = f"{row.achieved_qd:.1f}{'*' if row.short else ''}" \
                if row.achieved_qd >= 0 else "-"
            out.append(f"{_where(row.rec):<44} {row.label[:10]:<10} {row.rw:<10} "
                       f"{fmt_size(row.bs):>6} {row.iodepth:4d} {qd:>6} {row.mb_s:9.1f} "
                       f"{row.iops:10.0f} {fmt_ns(row.mean_ns):>10} {fmt_ns(row.max_ns):>10}")
        layers = "raw (bio) against formatted (kfile)"
        phases = "the drive new, used and after TRIM"
        _columns(s, _layer_column, layers, True, out)
        _columns(s, _layer_column, layers, False, out)
        _columns(s, _phase_column, phases, True, out)
        _columns(s, _phase_column, phases, False, out)
    return "\n".join(out) + "\n"


# --- CSV -----------------------------------------------------------------------------------

def csv(s: Summary) -> str:
    """A review's runs' rows, as the runs' own commands print them, each
    labelled with its step (and filesystem) and what it is in it."""
    buf = io.StringIO()
    w = csv_mod.writer(buf, lineterminator="\n")
    w.writerow(CSV_HEADER)
    for row in s.rows:
        label = f"{_where(row.rec)}: {row.label}"
        other = row.ops[1]
        for k, (name, o) in enumerate(zip(("read", "write"), row.ops, strict=True)):
            if not o.ios and not o.errors and (k or other.ios or other.errors):
                continue
            qd = f"{row.achieved_qd:.3f}" if row.achieved_qd >= 0 else ""
            lat: list[str] = [f"{o.mean_ns:.1f}", *(str(x) for x in (
                o.min_ns, o.p50_ns, o.p99_ns, o.p999_ns, o.max_ns))] if o.ios else [""] * 6
            w.writerow([label, row.target, row.engine, row.rw, row.bs, row.iodepth, qd, name,
                        row.state, o.ios, o.bytes, o.errors, f"{o.iops:.1f}",
                        f"{o.bw_bytes / 1e6:.3f}", *lat, *o.stage_fields])
    return buf.getvalue()
