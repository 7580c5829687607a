# SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause
"""A progress bar for a run that goes on: IOPS now, elapsed of total.

From the run's status (``iops_now``, ``elapsed_ns``, ``completed``, and
a run with rounds its ``rounds_done`` and ``steady_round``), redrawn on
one line of stderr; no dependency.
"""

from __future__ import annotations

import sys
import time
from typing import TYPE_CHECKING, TextIO

from .units import fmt_ns

if TYPE_CHECKING:
    from .controller import Run
    from .results import Results

_WIDTH = 24
_EVERY_S = 0.5


def _si(x: float) -> str:
    for unit, scale in (("M", 1e6), ("K", 1e3)):
        if x >= scale:
            return f"{x / scale:.1f}{unit}"
    return f"{x:.0f}"


def _rounds(st: Results) -> str:
    """A run with rounds: how many have ended, and whether it is steady."""
    if st.rounds_done is None:
        return ""
    text = f"  round {st.rounds_done}/{int(st.config.get('rounds', 0))}"
    if st.steady_round:
        text += f", steady at {st.steady_round}"
    return text


class Progress:
    """Draws a run's progress; update() as often as liked, close() at the end."""

    def __init__(self, run: Run, out: TextIO | None = None) -> None:
        self.run = run
        self.out = out or sys.stderr
        self.last = 0.0
        self.drawn = False

    def line(self) -> str:
        sts = self.run.status()
        elapsed = max(s.elapsed_ns for s in sts)
        iops = sum(s.iops_now for s in sts)
        done = sum(s.completed for s in sts)
        cfg = sts[0].config
        total_ns = int(cfg.get("runtime_ns", 0)) + int(cfg.get("ramp_ns", 0))
        total_ios = int(cfg.get("ios", 0)) * len(sts)
        frac = None
        if total_ns:
            frac = min(elapsed / total_ns, 1.0)
        elif total_ios:
            frac = min(done / total_ios, 1.0)
        bar = ""
        if frac is not None:
            n = int(frac * _WIDTH)
            bar = f"[{'#' * n}{'-' * (_WIDTH - n)}] {frac * 100:3.0f}% "
        span = f"{fmt_ns(elapsed)}" + (f" / {fmt_ns(total_ns)}" if total_ns else "")
        ids = ",".join(str(i) for i in self.run.ids)
        return f"run {ids}: {bar}{span}  {_si(iops)} IOPS  {_si(done)} IOs{_rounds(sts[0])}"

    def update(self, force: bool = False) -> None:
        now = time.monotonic()
        if not force and now - self.last < _EVERY_S:
            return
        self.last = now
        try:
            text = self.line()
        except Exception:  # a status that fails ends nothing: the wait goes on
            return
        self.out.write("\r\033[K" + text if self.out.isatty() else text + "\n")
        self.out.flush()
        self.drawn = True

    def close(self) -> None:
        if self.drawn and self.out.isatty():
            self.out.write("\n")
            self.out.flush()
