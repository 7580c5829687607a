# SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause
"""Commands of several steps as typed records: a precondition, a study, a purge by the drive.

``ssdk -j ctl precondition``, ``ssdk -j study new-vs-used`` and ``ssdk -j
ctl purge --method nvme-format`` (or another purge by the drive) each
print one document: what the command was, how it went, and every step,
a step being one run of the module (its results whole, as ``ctl run``
prints them) or one purge by the drive. A study adds its table: each
workload's MB/s, mean and max latency new, used and after TRIM.

    study = ssdk.load("study.json")        # a Plan
    for row in study.table:
        print(row.workload, row.new.mb_s if row.new else None, row.used_change_pct)
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .results import JsonObj, Results, _load

# The key naming the command, whose value is its name: the mode, the
# study, the purge method. The CLI writes it first; any order is read.
KINDS: tuple[str, ...] = ("precondition", "study", "purge")
# The drive's states a study measures, in its order (the table's columns).
PHASES: tuple[str, ...] = ("new", "used", "trim")
STATES: tuple[str, ...] = ("pending", "done", "stopped", "failed")
# What a table cell can be compared on: the JSON gives the change of
# bw_bytes; the CLI's text table also shows those of the latencies.
FIGURES: tuple[str, ...] = ("mb_s", "mean_ns", "max_ns")


def is_plan(doc: Any) -> bool:
    """Whether *doc* (parsed JSON) is a command of several steps, not a run."""
    return isinstance(doc, dict) and "steps" in doc and any(k in doc for k in KINDS)


def change_pct(frm: float, to: float) -> float:
    """Percent of *frm* that *to* changed by: 0 from 0 (or less).

    A copy of libssdk's ssdk_change_pct(), the CLI's, kept so that a
    study's file is read without libssdk; tests/test_rules.py checks it.
    """
    return (to - frm) * 100 / frm if frm > 0 else 0.0


@dataclass(frozen=True)
class NvmePurge:
    """A purge by the drive (Format NVM, Sanitize): ``bytes`` and
    ``elapsed_ns`` are None until it ran."""

    method: str
    target: str
    bytes: int | None = None
    elapsed_ns: int | None = None


@dataclass(frozen=True)
class Step:
    """One step: a run of the module (``results``) or a purge by the drive (``nvme``).

    ``results`` is None until the run ran (a step not reached is
    "pending"); it is named by ``what``, so charts label it as the CLI
    does. ``index`` is the study's workload the step measures (its row
    in the table), None for a step that makes the drive's state (a fill,
    a discard); ``workload`` is that row's label (two workloads may share
    one: the index tells them apart).
    """

    what: str
    phase: str
    state: str
    reason: str = ""
    results: Results | None = None
    nvme: NvmePurge | None = None
    workload: str | None = None
    index: int | None = None

    @property
    def kind(self) -> str:
        """"run" or "nvme", as the CLI's step kinds."""
        return "nvme" if self.nvme is not None else "run"

    @property
    def bytes(self) -> int | None:
        """Bytes it did (both ops of a run; what the drive purged), None before it ran."""
        if self.nvme is not None:
            return self.nvme.bytes
        if self.results is None:
            return None
        return self.results.read.bytes + self.results.write.bytes

    @property
    def elapsed_ns(self) -> int | None:
        if self.nvme is not None:
            return self.nvme.elapsed_ns
        return self.results.elapsed_ns if self.results is not None else None

    @property
    def mb_s(self) -> float | None:
        """MB/s of a run's measured IOs (both ops); None for a purge by the drive, whose
        bytes are the namespace's, not IO done, and for a step that measured nothing."""
        r = self.results
        if r is None or not r.measured_ns or not (r.read.ios or r.write.ios):
            return None
        return r.total_mb_s

    @classmethod
    def from_json(cls, d: JsonObj, labels: Sequence[str] = ()) -> Step:
        """A step; *labels* are the study's workloads, the table's rows in order."""
        what = str(d["what"])
        index = d.get("workload")
        if index is not None and not 0 <= int(index) < len(labels):
            raise ValueError(f"step {what!r}: workload {index} is no row of the table")
        nvme = None
        if "method" in d:
            nvme = NvmePurge(str(d["method"]), str(d["target"]),
                             int(d["bytes"]) if "bytes" in d else None,
                             int(d["elapsed_ns"]) if "elapsed_ns" in d else None)
        results = Results.from_json(d["run"], what) if "run" in d else None
        return cls(what, str(d["phase"]), str(d["state"]), str(d.get("reason", "")),
                   results, nvme, labels[int(index)] if index is not None else None,
                   int(index) if index is not None else None)

    def to_json(self) -> JsonObj:
        d: JsonObj = {"what": self.what, "phase": self.phase, "workload": self.index,
                      "state": self.state}
        if self.reason:
            d["reason"] = self.reason
        if self.nvme is not None:
            d["method"], d["target"] = self.nvme.method, self.nvme.target
            if self.nvme.bytes is not None:
                d["bytes"] = self.nvme.bytes
            if self.nvme.elapsed_ns is not None:
                d["elapsed_ns"] = self.nvme.elapsed_ns
        elif self.results is not None:
            d["run"] = self.results.to_json()
        return d


@dataclass(frozen=True)
class StudyCell:
    """One workload in one state of the drive: both ops of its run together."""

    iops: float
    bw_bytes: float
    mean_ns: float
    max_ns: int

    @property
    def mb_s(self) -> float:
        """MB/s as drive reviews give it: 10^6 bytes per second."""
        return self.bw_bytes / 1e6

    @classmethod
    def from_json(cls, d: JsonObj | None) -> StudyCell | None:
        if d is None:  # the step did not run, or measured nothing
            return None
        return cls(float(d["iops"]), float(d["bw_bytes"]), float(d["lat_ns"]["mean"]),
                   int(d["lat_ns"]["max"]))

    def to_json(self) -> JsonObj:
        return {"iops": self.iops, "bw_bytes": self.bw_bytes,
                "lat_ns": {"mean": self.mean_ns, "max": self.max_ns}}


@dataclass(frozen=True)
class StudyRow:
    """A row of the study's table: a workload new, used and after TRIM.

    A cell is None when its step did not run or measured nothing; a
    change is None when either cell is.
    """

    workload: str
    new: StudyCell | None
    used: StudyCell | None
    trim: StudyCell | None
    used_change_pct: float | None
    trim_change_pct: float | None

    def cell(self, phase: str) -> StudyCell | None:
        """The cell of "new", "used" or "trim"."""
        if phase not in PHASES:
            raise KeyError(f"no phase {phase!r} (new, used, trim)")
        c: StudyCell | None = getattr(self, phase)
        return c

    def change_pct(self, phase: str, figure: str = "mb_s") -> float | None:
        """How much *figure* ("mb_s", "mean_ns", "max_ns") changed from new to *phase*.

        MB/s's is the CLI's (the JSON's); the latencies' are computed as the
        CLI's text table computes them, the JSON not carrying them.
        """
        if figure not in FIGURES:
            raise KeyError(f"no figure {figure!r} ({', '.join(FIGURES)})")
        new, other = self.new, self.cell(phase)
        if new is None or other is None:
            return None
        if figure == "mb_s" and phase != "new":
            return self.used_change_pct if phase == "used" else self.trim_change_pct
        return change_pct(float(getattr(new, figure)), float(getattr(other, figure)))

    @classmethod
    def from_json(cls, d: JsonObj) -> StudyRow:
        def pct(k: str) -> float | None:
            return float(d[k]) if d.get(k) is not None else None

        return cls(str(d["workload"]), StudyCell.from_json(d["new"]),
                   StudyCell.from_json(d["used"]), StudyCell.from_json(d["trim"]),
                   pct("used_change_pct"), pct("trim_change_pct"))

    def to_json(self) -> JsonObj:
        d: JsonObj = {"workload": self.workload}
        for ph in PHASES:
            c = self.cell(ph)
            d[ph] = c.to_json() if c is not None else None
        d["used_change_pct"] = self.used_change_pct
        d["trim_change_pct"] = self.trim_change_pct
        return d


@dataclass(frozen=True)
class Plan:
    """A command of several steps: ``kind`` ("precondition", "study", "purge") and its
    ``name`` (the mode "wipc", "used" or "wdpc"; "new-vs-used"; the purge method).

    ``state`` is "done" when every step is, else the state of the step
    that ended it ("stopped", "failed"), "pending" before the first.
    ``bytes_written`` counts the writes of the runs (not purges).
    ``passes`` is None for a purge. ``table`` is a study's, else empty.
    """

    kind: str
    name: str
    target: str
    offset: int
    span: int
    passes: int | None
    state: str
    bytes_written: int
    steps: Sequence[Step]
    table: Sequence[StudyRow] = ()

    @property
    def title(self) -> str:
        """"study new-vs-used", "precondition wipc", "purge nvme-format"."""
        return f"{self.kind} {self.name}"

    @property
    def runs(self) -> list[Results]:
        """The results of every step that ran, in order."""
        return [s.results for s in self.steps if s.results is not None]

    @property
    def workloads(self) -> list[str]:
        """A study's workloads, by label, in the table's order."""
        return [row.workload for row in self.table]

    def measurement(self, workload: str | int, phase: str) -> Step | None:
        """The step that measured *workload* (its label: the first row of it; or
        its row) with the drive in *phase*, as the CLI's table takes it: the
        first of them that ran (None when none did)."""
        index = workload if isinstance(workload, int) else next(
            (i for i, row in enumerate(self.table) if row.workload == workload), None)
        return next((s for s in self.steps if index is not None and s.index == index
                     and s.phase == phase and s.state != "pending"), None)

    @classmethod
    def from_json(cls, src: str | bytes | Path | JsonObj) -> Plan:
        """A plan from what ``ssdk -j ctl precondition``, ``study`` or ``ctl purge``
        (by the drive) wrote: a path, a JSON text or its parsed object."""
        doc = _load(src)
        if not is_plan(doc):
            raise ValueError("not a command of several steps (precondition, study, purge)")
        kinds = [k for k in KINDS if k in doc]
        if len(kinds) != 1:
            raise ValueError(f"not one command of several steps: {', '.join(kinds)}")
        try:
            table = tuple(StudyRow.from_json(r) for r in doc.get("table", ()))
            labels = [row.workload for row in table]
            return cls(kinds[0], str(doc[kinds[0]]), str(doc["target"]), int(doc["offset"]),
                       int(doc["span"]), int(doc["passes"]) if "passes" in doc else None,
                       str(doc["state"]), int(doc["bytes_written"]),
                       tuple(Step.from_json(s, labels) for s in doc["steps"]), table)
        except (KeyError, TypeError) as e:
            raise ValueError(f"not an ssdk {kinds[0]}: missing or bad {e}") from None

    def to_json(self) -> JsonObj:
        """The CLI's JSON object of this plan."""
        d: JsonObj = {self.kind: self.name, "target": self.target, "offset": self.offset,
                      "span": self.span}
        if self.passes is not None:
            d["passes"] = self.passes
        d["state"] = self.state
        d["bytes_written"] = self.bytes_written
        d["steps"] = [s.to_json() for s in self.steps]
        if self.kind == "study":
            d["table"] = [r.to_json() for r in self.table]
        return d

    def save(self, path: str | Path) -> None:
        """Write to_json() to *path*."""
        Path(path).write_text(json.dumps(self.to_json(), indent=1) + "\n", encoding="utf-8")
