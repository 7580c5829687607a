# SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause
"""A workload run several times (``ssdk ctl run --repeat N``): each run
kept, and each figure's spread over them.

The spread is libssdk's (``ssdk_spread()``): mean, least, greatest,
sample standard deviation, and the 95% interval of the mean by Student's
t; so is the rule that two figures differ (``ssdk_spread_differ()``:
their intervals do not overlap; a figure of one run differs from none).
"""

from __future__ import annotations

import ctypes
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from . import _lib
from .results import Results

# The CLI's figures (its JSON's "spread"); figure() recomputes all but the
# p99, which is of both ops' histograms together.
FIGURES: tuple[str, ...] = ("iops", "mb_s", "lat_mean_ns", "lat_max_ns")


@dataclass(frozen=True)
class Spread:
    """A figure measured ``n`` times."""

    n: int
    mean: float
    min: float
    max: float
    stddev: float
    ci_lo: float
    ci_hi: float

    def _struct(self) -> _lib.Spread:
        return _lib.Spread(self.n, 0, self.mean, self.min, self.max, self.stddev, self.ci_lo,
                           self.ci_hi)

    def differs(self, other: Spread) -> bool:
        """Whether the two differ beyond their spread (libssdk's rule)."""
        a, b = self._struct(), other._struct()
        return bool(_lib.lib().ssdk_spread_differ(ctypes.byref(a), ctypes.byref(b)))


def spread(values: Sequence[float]) -> Spread:
    """The spread of *values* (one at least), as libssdk computes it."""
    arr = (ctypes.c_double * max(len(values), 1))(*values)
    s = _lib.Spread()
    err = _lib.lib().ssdk_spread(arr, len(values), ctypes.byref(s))
    if err:
        raise ValueError(f"no spread of {list(values)!r}: none, or not finite")
    return Spread(int(s.n), s.mean, s.min, s.max, s.stddev, s.ci_lo, s.ci_hi)


def figure(r: Results, name: str) -> float:
    """One of FIGURES of a run, both ops together, as the CLI's spread has it."""
    ops = [o for o in (r.read, r.write) if o.ios]
    ios = sum(o.ios for o in ops)
    if name == "iops":
        return r.total_iops
    if name == "mb_s":
        return r.total_mb_s
    if name == "lat_mean_ns":
        return sum(o.lat.mean * o.ios for o in ops) / ios if ios else 0.0
    if name == "lat_max_ns":
        return float(max((o.lat.max for o in ops), default=0))
    raise KeyError(f"no figure {name!r} ({', '.join(FIGURES)})")


@dataclass(frozen=True)
class Repeats:
    """The runs of ``--repeat N`` in order (fewer when stopped), and the
    spread the CLI printed of those that ended done."""

    runs: tuple[Results, ...]
    spreads: dict[str, Spread]

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> Repeats:
        runs = tuple(Results.from_json(x) for x in doc["repeats"])
        spreads = {k: Spread(int(v["n"]), float(v["mean"]), float(v["min"]), float(v["max"]),
                             float(v["stddev"]), float(v["ci95"][0]), float(v["ci95"][1]))
                   for k, v in doc.get("spread", {}).items()}
        return cls(runs, spreads)

    def to_json(self) -> dict[str, Any]:
        return {"repeats": [r.to_json() for r in self.runs],
                "spread": {k: {"n": s.n, "mean": s.mean, "min": s.min, "max": s.max,
                               "stddev": s.stddev, "ci95": [s.ci_lo, s.ci_hi]}
                           for k, s in self.spreads.items()}}

    def spread_of(self, name: str) -> Spread:
        """A figure's spread over the runs that ended done, recomputed."""
        done = [r for r in self.runs if r.state == "done"]
        return spread([figure(r, name) for r in done])


def is_repeats(doc: object) -> bool:
    return isinstance(doc, dict) and "repeats" in doc


@dataclass(frozen=True)
class RepeatedSweep:
    """``ssdk ctl sweep --repeat N``: each point's repetitions and their
    spread (a Repeats), the points in the order they ran."""

    points: tuple[Repeats, ...]

    @classmethod
    def from_json(cls, doc: list[Any]) -> RepeatedSweep:
        return cls(tuple(Repeats.from_json(x) for x in doc))

    def to_json(self) -> list[Any]:
        return [p.to_json() for p in self.points]

    def medians(self, name: str = "iops") -> list[Results]:
        """Each point's median repetition by figure *name* (of those that
        ended done; the lower of the middle two of an even count): a real
        run, its latencies its own, for a curve through the points. A point
        with none done has none."""
        out = []
        for p in self.points:
            done = sorted((r for r in p.runs if r.state == "done"), key=lambda r: figure(r, name))
            if done:
                out.append(done[(len(done) - 1) // 2])
        return out


def is_repeated_sweep(doc: object) -> bool:
    return isinstance(doc, list) and bool(doc) and all(is_repeats(x) for x in doc)
