# SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause
"""The results of a fleet: one run per host, merged exactly.

Each host ran the same job at a common wall-clock start (the Ansible role
in ansible/ starts them at a barrier) and wrote the CLI's JSON
(``ssdk -j ctl run ...``). Their merge is what one run over all of the
fleet's IOs would report:

- counts (IOs, bytes, errors) are summed, and so are the latency
  histograms, bucket by bucket; the percentiles are those of the summed
  histogram (never an average of the hosts' percentiles); min and max are
  the extremes, mean and the sample standard deviation are pooled from
  each host's count, mean and standard deviation;
- IOPS and bandwidth are the sum over hosts of each host's own rate (its
  IOs over its own measurement window). That is the fleet's rate while the
  windows overlap, which the common start makes them do: the merge reports
  how far apart the hosts really started and ended (the spread), so a
  reader sees how well they did;
- the merged run's measurement window is the longest of the hosts', as
  for a job of several runs (``ssdk ctl run --target A --target B``); its
  config is the first host's with the iodepths summed, its target
  ``HOST:DEVICE,...``.

The output is the CLI's object of a job of several runs,
``{"workers": [RUN, ...], "total": RUN}`` (each host's run, then the
merge), plus a ``"fleet"`` object (the hosts' names and clocks): every
reader of the CLI's JSON (``ssdk.load()``, ``ssdk-report``) reads it.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from .files import write_whole
from .histogram import SHORT_PERCENTILES, Histogram
from .results import OPS, Latency, OpStats, Results
from .units import fmt_ns

JsonObj = dict[str, Any]

# The percentiles of the text table, the three the CLI's comparisons show
# (all of the CLI's are in the JSON).
TABLE_PERCENTILES: tuple[float, ...] = SHORT_PERCENTILES


@dataclass(frozen=True)
class Clock:
    """When a host ran, in ns of its wall clock (CLOCK_REALTIME).

    ``barrier_ns`` is the common start the controller chose, ``start_ns``
    when the host started the run (after its wait), ``end_ns`` when the
    run's command returned.
    """

    barrier_ns: int
    start_ns: int
    end_ns: int

    @classmethod
    def from_json(cls, d: JsonObj) -> Clock:
        try:
            return cls(int(d["barrier_ns"]), int(d["start_ns"]), int(d["end_ns"]))
        except (KeyError, TypeError, ValueError) as e:
            raise ValueError(f"not a host's clock: missing or bad {e}") from None

    def to_json(self) -> JsonObj:
        return {"barrier_ns": self.barrier_ns, "start_ns": self.start_ns,
                "end_ns": self.end_ns}


@dataclass(frozen=True)
class HostRun:
    """One host's results, and when it ran (None when not recorded)."""

    host: str
    results: Results
    clock: Clock | None = None


@dataclass(frozen=True)
class Fleet:
    """The hosts' runs and their exact merge."""

    hosts: Sequence[HostRun]
    total: Results

    def spread(self) -> tuple[int, int] | None:
        """(latest - earliest start, latest - earliest end), ns; None without clocks."""
        clocks = [h.clock for h in self.hosts if h.clock is not None]
        if not clocks or len(clocks) != len(self.hosts):
            return None
        starts = [c.start_ns for c in clocks]
        ends = [c.end_ns for c in clocks]
        return max(starts) - min(starts), max(ends) - min(ends)

    def to_json(self) -> JsonObj:
        """The CLI's JSON of a job of several runs, plus the fleet's hosts and clocks."""
        fleet: JsonObj = {"hosts": [h.host for h in self.hosts]}
        if all(h.clock is not None for h in self.hosts):
            fleet["clocks"] = [h.clock.to_json() for h in self.hosts if h.clock is not None]
        spread = self.spread()
        if spread is not None:
            fleet["start_spread_ns"], fleet["end_spread_ns"] = spread
        workers = [_strip_workers(h.results).to_json() for h in self.hosts]
        return {"workers": workers, "total": self.total.to_json(), "fleet": fleet}


def _strip_workers(r: Results) -> Results:
    """A host's run as one run object (a host's own job of several: its total)."""
    return replace(r, workers=())


# --- merging ------------------------------------------------------------------


def merge_latency(lats: Sequence[Latency], counts: Sequence[int]) -> Latency:
    """The latencies of all of *lats* together; *counts* are their IOs.

    Mean and sample standard deviation are pooled from each part's count,
    mean and standard deviation: sum x = n * mean and
    sum x^2 = (n - 1) * s^2 + n * mean^2 per part.
    """
    parts = [(lat, n) for lat, n in zip(lats, counts, strict=True) if n > 0]
    hist: Histogram | None = None
    if all(lat.histogram is not None for lat in lats):
        hist = Histogram.empty()
        for lat in lats:
            assert lat.histogram is not None
            hist = hist.merged(lat.histogram)
    if not parts:
        return Latency(0, 0, 0.0, 0.0, hist)
    n = sum(c for _, c in parts)
    s1 = math.fsum(lat.mean * c for lat, c in parts)
    s2 = math.fsum((c - 1) * lat.stddev ** 2 + c * lat.mean ** 2 for lat, c in parts)
    mean = s1 / n
    var = (s2 - n * mean * mean) / (n - 1) if n > 1 else 0.0
    return Latency(min(lat.min for lat, _ in parts), max(lat.max for lat, _ in parts),
                   mean, math.sqrt(max(var, 0.0)), hist)


def merge_op(ops: Sequence[OpStats]) -> OpStats:
    """One op of every host: counts summed, rates summed, latencies merged."""
    counts = [o.ios for o in ops]

    def kind(name: str) -> Latency | None:
        lats = [getattr(o, name) for o in ops]
        if all(lat is None for lat in lats):
            return None
        if any(lat is None for lat in lats):
            raise ValueError(f"some hosts have {name} latencies and some not:"
                             " were they the same job?")
        return merge_latency(lats, counts)

    return OpStats(ops[0].op, sum(counts), sum(o.bytes for o in ops),
                   sum(o.errors for o in ops), math.fsum(o.iops for o in ops),
                   math.fsum(o.bw_bytes for o in ops),
                   merge_latency([o.lat for o in ops], counts),
                   kind("response"), kind("lateness"))


def _worst_state(states: Sequence[str]) -> str:
    """A failed host fails the fleet, a stopped one stops it: the CLI's order."""
    for s in ("failed", "stopped"):
        if s in states:
            return s
    return states[0]


def merge(hosts: Sequence[HostRun]) -> Fleet:
    """The fleet's total: see the module's documentation for the rules."""
    if not hosts:
        raise ValueError("no hosts to merge")
    names = [h.host for h in hosts]
    if len(set(names)) != len(names):
        raise ValueError("a host is named twice")
    runs = [h.results for h in hosts]
    first = runs[0]
    config = dict(first.config)
    config["iodepth"] = sum(r.iodepth for r in runs)
    states = [r.state for r in runs]
    total = Results(
        id=0, state=_worst_state(states),
        reason="; ".join(f"{h.host}: {h.results.reason}" for h in hosts if h.results.reason),
        target=",".join(f"{h.host}:{h.results.target}" for h in hosts),
        target_size=sum(r.target_size for r in runs),
        logical_block_size=max(r.logical_block_size for r in runs),
        config=config,
        elapsed_ns=max(r.elapsed_ns for r in runs),
        measured_ns=max(r.measured_ns for r in runs),
        completed=sum(r.completed for r in runs),
        io_errors=sum(r.io_errors for r in runs),
        read=merge_op([r.read for r in runs]),
        write=merge_op([r.write for r in runs]),
        conditions={"hosts": ",".join(names)})
    return Fleet(tuple(hosts), total)


# --- reading and printing --------------------------------------------------------


class UsageError(ValueError):
    """A malformed argument (exit 2), as opposed to a file that is not results (1)."""


def read_host(spec: str, clocks: dict[str, Path]) -> HostRun:
    """HOST=RUN.json, with the host's clock file if one was given."""
    host, sep, path = spec.partition("=")
    if not sep or not host or not path:
        raise UsageError(f"'{spec}': want HOST=RESULTS.json")
    try:
        results = Results.from_json(Path(path))
    except (OSError, ValueError) as e:
        raise ValueError(f"{path}: {e}") from None
    if results.workers:
        # A host that ran several targets: its total is the host's run.
        results = replace(results, workers=())
    clock = None
    if host in clocks:
        try:
            clock = Clock.from_json(json.loads(clocks[host].read_text(encoding="utf-8")))
        except (OSError, ValueError) as e:
            raise ValueError(f"{clocks[host]}: {e}") from None
    return HostRun(host, results, clock)


def _row(name: str, op: OpStats, start: str) -> str:
    pcts = op.lat.percentiles(TABLE_PERCENTILES) if op.ios else {}
    lat = "".join(f"{fmt_ns(pcts[p]) if pcts else '-':>10}" for p in TABLE_PERCENTILES)
    return (f"{name:<16}{op.op:<6}{start:>10}{op.iops:>12.0f}{op.mb_s:>10.1f}"
            f"{op.ios:>12}{op.errors:>7}{lat}{fmt_ns(op.lat.max) if op.ios else '-':>10}")


def format_text(fleet: Fleet) -> str:
    """The merged table, then each host's row; start is each host's offset from the barrier."""
    head = (f"{'host':<16}{'op':<6}{'start':>10}{'IOPS':>12}{'MB/s':>10}{'IOs':>12}"
            f"{'errors':>7}" + "".join(f"{'p' + format(p, 'g'):>10}" for p in TABLE_PERCENTILES)
            + f"{'max':>10}")
    lines = [head]
    ops = [op for op in OPS if fleet.total.op(op).ios or fleet.total.op(op).errors] or ["read"]
    for op in ops:
        lines.append(_row("fleet", fleet.total.op(op), ""))
    for h in fleet.hosts:
        start = ""
        if h.clock is not None:
            start = f"+{fmt_ns(h.clock.start_ns - h.clock.barrier_ns)}"
        for op in ops:
            lines.append(_row(h.host, h.results.op(op), start))
    spread = fleet.spread()
    if spread is not None:
        lines.append(f"hosts started within {fmt_ns(spread[0])} of each other and ended"
                     f" within {fmt_ns(spread[1])}")
    else:
        lines.append("start and end times not recorded: the rates are summed as if the"
                     " hosts ran at the same time")
    return "\n".join(lines) + "\n"


def parser() -> argparse.ArgumentParser:
    """The command line's parser: its --help, and its man page's one source
    (userspace/man/python_man.py builds the page from it)."""
    ap = argparse.ArgumentParser(
        prog="ssdk-fleet",
        description="Merge the results of one job run on several hosts: histograms and"
        " counts summed, rates summed over hosts.")
    sub = ap.add_subparsers(dest="command", required=True)
    m = sub.add_parser(
        "merge", help="merge the hosts' results (ssdk -j ctl run ...)",
        description="Merge the hosts' runs into what one run over all of the fleet's IOs"
        " would report: counts and latency histograms summed (the percentiles are the summed"
        " histogram's), rates summed over hosts. Prints the merge, then each host's row and"
        " how far apart the hosts started and ended.")
    m.add_argument("hosts", nargs="+", metavar="HOST=RESULTS.json",
                   help="a host's name and what ssdk -j ctl run wrote there, one per host")
    m.add_argument("--clock", action="append", default=[], metavar="HOST=CLOCK.json",
                   help="the host's barrier, start and end times"
                   ' ({"barrier_ns", "start_ns", "end_ns"}, wall clock)')
    m.add_argument("-j", "--json", action="store_true", help="print JSON, not text")
    m.add_argument("-o", "--output", metavar="FLEET.json",
                   help="also write the merged JSON to this file")
    return ap


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)

    try:
        clocks: dict[str, Path] = {}
        for c in args.clock:
            host, sep, path = c.partition("=")
            if not sep or not host or not path:
                raise UsageError(f"'{c}': want HOST=CLOCK.json")
            clocks[host] = Path(path)
        hosts = [read_host(s, clocks) for s in args.hosts]
        unknown = set(clocks) - {h.host for h in hosts}
        if unknown:
            raise ValueError(f"a clock for no host given: {', '.join(sorted(unknown))}")
        fleet = merge(hosts)
    except ValueError as e:
        print(f"ssdk-fleet: {' '.join(str(e).split())}", file=sys.stderr)
        return 2 if isinstance(e, UsageError) else 1
    doc = json.dumps(fleet.to_json(), indent=1) + "\n"
    if args.output:
        out = Path(args.output)
        try:
            write_whole(out, doc)
        except OSError as e:
            print(f"ssdk-fleet: {out}: {e.strerror or e}", file=sys.stderr)
            return 1
    sys.stdout.write(doc if args.json else format_text(fleet))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
