# SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause
"""A round-up: many drives side by side, as the reviews publish them.

The inputs are review directories (``ssdk review``'s DIR: its
``review.json`` and a JSON file per step) and result files, each of one
drive. A drive is who the recorded conditions say it is (model,
firmware, serial, capacity: ``ssdk_device_id()`` of libssdk), named by
its model unless relabelled; a drive whose conditions name none (null_blk,
brd) is named by its input. Each figure is a ``Measure``: one drive, one
test (a review's step, with its filesystem and what the step ran: a
compare's engine, a sweep's depth, a study's workload (its states of the drive
rows of it, as the data patterns of a review --patterns); a
result file's workload), the seed's unit (IOPS for random IO, MB/s for
sequential), and the run's mean and maximum latency beside it, copied
from the run, never recomputed. Measures are grouped by how they were
measured (a review's suite and scale; result files apart): a chart holds
one group's test, so drives measured differently are never one chart
without the page saying so.
"""

from __future__ import annotations

import csv as csv_mod
import dataclasses
import io
import itertools
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .plan import Plan
from .repeats import RepeatedSweep, Repeats, Spread, figure
from .results import CompareCurves, Comparison, Results, load
from .units import fmt_size

# A study's states of the drive, as its rows are named, in order.
PHASE_NAMES = {"new": "new", "used": "used", "trim": "after TRIM"}

RunsInput = Results | list[Results] | Comparison | CompareCurves | Plan | Repeats | RepeatedSweep

REVIEW_JSON = "review.json"
NO_SERIAL = "hidden"  # what a serial shows unless asked


@dataclass(frozen=True)
class Drive:
    """A drive as its conditions name it; ``label`` is what the page calls it."""

    label: str
    model: str
    firmware: str
    serial: str
    capacity: int
    source: str


@dataclass(frozen=True)
class Measure:
    """One drive's figure in one test, with the run's latencies beside it."""

    drive: Drive
    group: str
    test: str
    rw: str
    bs: int
    iodepth: int
    iops: float
    mb_s: float
    mean_ns: float
    max_ns: int
    kernel: str
    version: str
    runs: tuple[Results, ...] = ()
    spread: Spread | None = None  # the value's, over repetitions (--repeat)
    # A row of the drive's in the test's chart: a study's state of the drive
    # ("new", "used", "after TRIM": variant_of "state"), or the data a
    # review's step wrote (review --patterns: variant_of "data pattern").
    variant: str = ""
    variant_of: str = ""

    @property
    def name(self) -> str:
        """The drive, and its variant: the state it was in, the data it wrote."""
        return f"{self.drive.label} ({self.variant})" if self.variant else self.drive.label

    @property
    def unit(self) -> str:
        """The seed's unit: IOPS for random IO, MB/s for sequential."""
        return "IOPS" if self.rw.startswith("rand") else "MB/s"

    @property
    def value(self) -> float:
        return self.iops if self.unit == "IOPS" else self.mb_s


@dataclass(frozen=True)
class ReviewStep:
    """A step of a review that measured: its name, filesystem and results."""

    name: str
    fs: str | None
    kind: str
    results: RunsInput
    pattern: str = ""  # review --patterns: the data it wrote


@dataclass(frozen=True)
class Review:
    """A review directory as ``ssdk review`` left it."""

    path: str
    title: str
    scale: str
    runtime: str | None
    span: str | None
    state: str
    target: str
    steps: tuple[ReviewStep, ...]
    health: tuple[dict[str, Any], ...] = ()  # each step's record of the drive's health

    @property
    def group(self) -> str:
        """How it measured: its suite and scale (and runtime and span when given)."""
        extra = "".join(f", {k} {v}" for k, v in (("runtime", self.runtime),
                                                  ("span", self.span)) if v)
        return f"{self.title}, scale {self.scale}{extra}"


def is_review(path: Path) -> bool:
    return path.is_dir() and (path / REVIEW_JSON).is_file()


def read_review(path: Path) -> Review:
    """The review in directory *path*: ValueError with one line saying why not."""
    try:
        doc = json.loads((path / REVIEW_JSON).read_text(encoding="utf-8"))
    except OSError as e:
        raise ValueError(f"{REVIEW_JSON}: {e.strerror or e}") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        raise ValueError(f"{REVIEW_JSON}: not JSON ({e})") from None
    if not isinstance(doc, dict) or not isinstance(doc.get("steps"), list):
        raise ValueError(f"{REVIEW_JSON}: not a review's record (no steps)")
    steps = []
    for s in doc["steps"]:
        file = s.get("file") if isinstance(s, dict) else None
        if not file or s.get("state") not in ("done", "stopped"):
            continue  # a filesystem step, or one that did not run
        if "/" in file or file.startswith("."):
            raise ValueError(f"{REVIEW_JSON}: step {s.get('step')}'s file {file!r} is not"
                             " a file of the directory")
        try:
            x = load(json.loads((path / file).read_text(encoding="utf-8")))
        except OSError as e:
            raise ValueError(f"{file}: {e.strerror or e}") from None
        except (ValueError, KeyError, TypeError, AttributeError, IndexError) as e:
            raise ValueError(f"{file}: not ssdk results ({e})") from None
        if isinstance(x, (Results, list, Comparison, CompareCurves, Plan, Repeats,
                          RepeatedSweep)):
            steps.append(ReviewStep(str(s.get("name", file)), s.get("fs"), str(s.get("kind")),
                                    x, str(s.get("pattern") or "")))
    health = tuple(s["health"] for s in doc["steps"]
                   if isinstance(s, dict) and isinstance(s.get("health"), dict))
    return Review(str(path), str(doc.get("title", path.name)), str(doc.get("scale", "")),
                  doc.get("runtime"), doc.get("span"), str(doc.get("state", "")),
                  str(doc.get("target", "")), tuple(steps), health)


# --- drives -----------------------------------------------------------------------------

def runs_of(x: RunsInput) -> list[Results]:
    """Every run of an input: a sweep's points, a compare's engines, a plan's steps."""
    if isinstance(x, Results):
        return [x]
    if isinstance(x, list):
        return list(x)
    if isinstance(x, Comparison):
        return list(x.results.values())
    if isinstance(x, CompareCurves):
        return [r for p in x.points for r in p.results.values()]
    if isinstance(x, RepeatedSweep):
        return [r for p in x.points for r in p.runs]
    return list(x.runs)


def _identity(runs: Sequence[Results], target: str | None) -> tuple[str, str, str, int]:
    """Model, firmware, serial and capacity from the runs' conditions: those of
    a run on the drive itself (its *target*, or a block device's engine)
    first, a file's size being no drive's capacity."""
    on_drive = [r for r in runs if (r.target == target if target else r.engine != "kfile")]
    for r in [*on_drive, *runs]:
        c = r.conditions
        if c.get("model") or c.get("serial") or c.get("device"):
            model = c.get("model") or c.get("device", "")
            cap = next((x.target_size for x in on_drive), r.target_size)
            return model, c.get("firmware", ""), c.get("serial", ""), cap
    return "", "", "", next((x.target_size for x in on_drive), 0)


Ident = tuple[str, str, str, int]  # model, firmware, serial, capacity


def _drives(idents: Sequence[tuple[str, Ident]], labels: Mapping[str, str]) -> list[Drive]:
    """A drive per source: sources whose conditions name the same drive (a
    model or a serial, and the rest alike) are one drive. Its label is the
    one given to any of its sources, else its model, told apart from the
    others' by firmware, then capacity, then its first source; a drive
    that names none is its source."""
    first: dict[Ident, str] = {}
    for src, ident in idents:
        if ident[0] or ident[2]:
            first.setdefault(ident, src)
    key = [first.get(ident, src) for src, ident in idents]  # a drive's first source
    names: dict[str, str] = {}
    for (src, _), k in zip(idents, key, strict=True):
        given = labels.get(src) or labels.get(Path(src).name)
        if given and k not in names:
            names[k] = given
    uniq = {k: ident for (_, ident), k in zip(idents, key, strict=True)}

    def base(k: str, ident: Ident) -> str:
        model, fw, _, cap = ident
        if not model:
            return Path(k).name or k
        same = [i for i in uniq.values() if i[0] == model]
        name = model
        if len({i[1] for i in same}) > 1 and fw:
            name += f" {fw}"
        if len({i[3] for i in same}) > 1:
            name += f" {fmt_size(cap)}"
        return name

    label = {k: names.get(k) or base(k, ident) for k, ident in uniq.items()}
    taken = list(label.values())
    drive = {k: Drive(f"{n} ({Path(k).name or k})" if taken.count(n) > 1 else n,
                      *uniq[k], k) for k, n in label.items()}
    return [drive[k] for k in key]


# --- measures ---------------------------------------------------------------------------

def _measure(d: Drive, group: str, test: str, r: Results) -> Measure:
    return Measure(d, group, test, r.rw, r.bs, r.iodepth, figure(r, "iops"), figure(r, "mb_s"),
                   figure(r, "lat_mean_ns"), int(figure(r, "lat_max_ns")),
                   r.conditions.get("kernel", ""), r.conditions.get("ssdk", ""), (r,))


def _repeated(d: Drive, group: str, name: str, x: Repeats) -> list[Measure]:
    """A run repeated: one measure, its figures the means over the runs that
    ended done, the value's spread kept (libssdk's)."""
    done = [r for r in x.runs if r.state == "done"]
    if not done:
        return []
    first = _measure(d, group, name, done[0])
    unit = "iops" if first.unit == "IOPS" else "mb_s"
    s = x.spread_of(unit)
    return [dataclasses.replace(
        first, iops=x.spread_of("iops").mean, mb_s=x.spread_of("mb_s").mean,
        mean_ns=x.spread_of("lat_mean_ns").mean,
        max_ns=int(max(figure(r, "lat_max_ns") for r in done)), runs=tuple(done), spread=s)]


def _measures_of(d: Drive, group: str, name: str, x: RunsInput) -> list[Measure]:
    """What one step (or file) measured: a test per run, named by what it ran."""
    if isinstance(x, Results):
        return [_measure(d, group, name, x)]
    if isinstance(x, Repeats):
        return _repeated(d, group, name, x)
    if isinstance(x, list):
        return [_measure(d, group, _point(name, x, r), r)
                for r in sorted(x, key=lambda r: (r.bs, r.iodepth))]
    if isinstance(x, RepeatedSweep):
        firsts = [p.runs[0] for p in x.points if p.runs]
        return [m for p in sorted((p for p in x.points if p.runs),
                                  key=lambda p: (p.runs[0].bs, p.runs[0].iodepth))
                for m in _repeated(d, group, _point(name, firsts, p.runs[0]), p)]
    if isinstance(x, Comparison):
        many = len(x.results) > 1
        return [_measure(d, group, f"{name}: {e}" if many else name, r)
                for e, r in x.results.items()]
    if isinstance(x, CompareCurves):
        many = len({e for p in x.points for e in p.results}) > 1
        return [_measure(d, group, f"{name}{': ' + e if many else ''}, QD{p.iodepth}", r)
                for p in x.points for e, r in p.results.items()]
    # A plan: a study's workloads in each state of the drive, a test each
    # whose states are its rows; a precondition's runs.
    return [dataclasses.replace(_measure(d, group, f"{name}: {s.workload}", s.results),
                                variant=PHASE_NAMES.get(s.phase, s.phase), variant_of="state")
            for s in x.steps if s.workload is not None and s.results is not None]


def _point(name: str, sweep: Sequence[Results], r: Results) -> str:
    """A sweep's point as a test: its size where sizes vary, its depth where
    depths do (or, of one point, its depth)."""
    bss, qds = len({x.bs for x in sweep}) > 1, len({x.iodepth for x in sweep}) > 1
    return (name + (f", {fmt_size(r.bs)}" if bss else "")
            + (f" QD{r.iodepth}" if qds and bss else f", QD{r.iodepth}" if qds or not bss else ""))


@dataclass(frozen=True)
class RoundUp:
    """The drives and what each measured, in the order of the inputs."""

    drives: tuple[Drive, ...]  # one per drive, in the order of the inputs
    measures: tuple[Measure, ...]
    health: Mapping[Drive, tuple[dict[str, Any], ...]]  # its reviews' steps' records
    # group, test, drive, runs; repeated: each run a point's median repetition
    sweeps: tuple[tuple[str, str, Drive, tuple[Results, ...], bool], ...]

    def health_text(self, d: Drive) -> str:
        """What its reviews recorded of the drive's health (smartctl's, each
        step's before and after): "SMART passed, 3% used, 38-45 °C, throttled
        in 1 step"; "" when nothing was recorded."""
        recs = self.health.get(d, ())
        sums = [s for h in recs for s in (h.get("before"), h.get("after")) if isinstance(s, dict)]
        if not sums:
            return ""
        out = []
        passed = [s.get("smart_passed") for s in sums if s.get("smart_passed") is not None]
        if passed:
            out.append("SMART passed" if all(passed) else "SMART failed")
        used = [s["percentage_used"] for s in sums if isinstance(s.get("percentage_used"), int)]
        if used:
            out.append(f"{used[-1]}% used")
        temps = [s["temperature_c"] for s in sums if isinstance(s.get("temperature_c"), int)]
        if temps:
            lo, hi = min(temps), max(temps)
            out.append(f"{lo} °C" if lo == hi else f"{lo}-{hi} °C")
        hot = sum(1 for h in recs if h.get("throttled"))
        if hot:
            out.append(f"throttled in {hot} step{'s' if hot > 1 else ''}")
        return ", ".join(out)

    @property
    def groups(self) -> list[str]:
        return list(dict.fromkeys(m.group for m in self.measures))

    def tests(self, group: str) -> list[str]:
        return list(dict.fromkeys(m.test for m in self.measures if m.group == group))

    def alike(self, group: str, test: str) -> list[tuple[Measure, Measure]]:
        """The neighbours of a test's chart (the fastest first) that do not
        differ beyond their run-to-run spread (libssdk's rule: their 95%
        intervals overlap): both repeated, their difference not a finding."""
        out = []
        for v in dict.fromkeys(m.variant for m in self.bars(group, test)):
            bars = sorted((m for m in self.bars(group, test) if m.variant == v),
                          key=lambda m: -m.value)
            out += [(a, b) for a, b in itertools.pairwise(bars)
                    if a.spread is not None and b.spread is not None and a.spread.n > 1
                    and b.spread.n > 1 and not a.spread.differs(b.spread)]
        return out

    def bars(self, group: str, test: str) -> list[Measure]:
        """One test's measures, a drive's each (two of one drive: its inputs
        measured it twice), the fastest first. A test of variants (a study's
        states of the drive, a review's data patterns) has a row per variant
        of each drive: the drives in order of their first variant's figure,
        each drive's rows together in the order measured (new, used, after
        TRIM; --patterns' order)."""
        ms = [m for m in self.measures if m.group == group and m.test == test]
        if not any(m.variant for m in ms):
            return sorted(ms, key=lambda m: -m.value)
        order = list(dict.fromkeys(m.variant for m in ms))

        def rank(m: Measure) -> int:
            return order.index(m.variant)

        lead: dict[Drive, float] = {}
        for m in sorted(ms, key=rank):
            lead.setdefault(m.drive, m.value)
        return sorted(ms, key=lambda m: (-lead[m.drive], m.drive.label, rank(m)))


def roundup(inputs: Sequence[tuple[str, Review | RunsInput]],
            labels: Mapping[str, str] | None = None) -> RoundUp:
    """The round-up of (source, input) pairs: a drive per source."""
    idents = []
    for src, x in inputs:
        if isinstance(x, Review):
            runs = [r for s in x.steps for r in runs_of(s.results)]
            idents.append((src, _identity(runs, x.target)))
        else:
            idents.append((src, _identity(runs_of(x), None)))
    drives = _drives(idents, labels or {})
    measures: list[Measure] = []
    sweeps = []
    for d, (src, x) in zip(drives, inputs, strict=True):
        if isinstance(x, Review):
            for s in x.steps:
                name = s.name + (f" on {s.fs}" if s.fs else "")
                ms = _measures_of(d, x.group, name, s.results)
                measures += [dataclasses.replace(m, variant=s.pattern, variant_of="data pattern")
                             for m in ms] if s.pattern else ms
                if isinstance(s.results, list):
                    sweeps.append((x.group, name, d, tuple(s.results), False))
                elif isinstance(s.results, RepeatedSweep):
                    sweeps.append((x.group, name, d, tuple(s.results.medians()), True))
        elif isinstance(x, list) and x:
            name = _workload(x[0], depth=False)
            measures += _measures_of(d, "result files", name, x)
            sweeps.append(("result files", name, d, tuple(x), False))
        elif isinstance(x, RepeatedSweep) and runs_of(x):
            name = _workload(runs_of(x)[0], depth=False)
            measures += _measures_of(d, "result files", name, x)
            sweeps.append(("result files", name, d, tuple(x.medians()), True))
        elif isinstance(x, Results):
            measures += _measures_of(d, "result files", _workload(x), x)
        elif isinstance(x, Repeats):
            measures += _measures_of(d, "result files", _workload(x.runs[0])
                                     if x.runs else src, x)
        elif not isinstance(x, list):
            measures += _measures_of(d, "result files", _workload(runs_of(x)[0])
                                     if runs_of(x) else src, x)
    health: dict[Drive, tuple[dict[str, Any], ...]] = {}
    for d, (_, x) in zip(drives, inputs, strict=True):
        if isinstance(x, Review):
            health[d] = health.get(d, ()) + x.health
    return RoundUp(tuple(dict.fromkeys(drives)), tuple(measures), health, tuple(sweeps))


def _workload(r: Results, depth: bool = True) -> str:
    """A result file's test: its workload, as the CLI names it."""
    sizes = fmt_size(r.bs) if r.bs else "split"
    return f"{r.rw} {sizes}" + (f" QD{r.iodepth}" if depth else "")


# --- CSV --------------------------------------------------------------------------------

CSV_HEADER = ("drive", "model", "firmware", "serial", "capacity_bytes", "group", "test", "variant",
              "rw", "bs", "iodepth", "unit", "value", "runs", "value_min", "value_max", "ci95_lo",
              "ci95_hi", "iops", "mb_s", "lat_mean_ns", "lat_max_ns", "kernel", "ssdk",
              "source")


def _spread_cells(m: Measure) -> list[str]:
    """runs, value_min, value_max, ci95_lo, ci95_hi: one run's, the value itself."""
    s = m.spread
    if s is None:
        return ["1", *[f"{m.value:.3f}"] * 4]
    return [str(s.n), *(f"{v:.3f}" for v in (s.min, s.max, s.ci_lo, s.ci_hi))]


def csv(ru: RoundUp, serial: bool = False) -> str:
    """Every measure, a row each, as the charts have them (serials hidden unless asked)."""
    buf = io.StringIO()
    w = csv_mod.writer(buf, lineterminator="\n")
    w.writerow(CSV_HEADER)
    for g in ru.groups:
        for t in ru.tests(g):
            for m in ru.bars(g, t):
                d = m.drive
                w.writerow([d.label, d.model, d.firmware,
                            d.serial if serial else (NO_SERIAL if d.serial else ""),
                            d.capacity, g, t, m.variant, m.rw, m.bs, m.iodepth, m.unit,
                            f"{m.value:.3f}", *_spread_cells(m), f"{m.iops:.3f}",
                            f"{m.mb_s:.3f}",
                            f"{m.mean_ns:.1f}", m.max_ns, m.kernel, m.version, d.source])
    return buf.getvalue()
