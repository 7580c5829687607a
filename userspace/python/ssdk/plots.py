# SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause
"""Charts of results as drive reviews draw them, each a matplotlib Figure.

    fig = ssdk.plots.qd_curve({"nvme0n1": ssdk.load("sweep.json")})
    ssdk.plots.save(fig, "qd.png")

Every function builds a ``matplotlib.figure.Figure`` itself, never
through pyplot, so nothing here picks a GUI backend or keeps global
state, and the figures can be drawn in a thread or a server. matplotlib
is imported inside the functions: ``import ssdk`` works without it.

Latencies are shown in µs, rates in MB/s (10^6 bytes per second, as
reviews count) or IOPS. Unless an ``op`` is given, each run shows its
``main`` op (the one that did the most IOs). A run measured with an
open-loop rate also has response times (from each IO's scheduled
arrival): the latency charts draw them dashed, in the run's colour.
"""

from __future__ import annotations

import hashlib
import io
import re
import textwrap
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Literal, NamedTuple

import numpy as np

from .histogram import U64_MAX
from .units import fmt_ns, fmt_size

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.axis import Axis
    from matplotlib.figure import Figure

    from .health import RunTemperature
    from .plan import Plan
    from .results import Comparison, Latency, OpStats, Results
    from .trace import TraceSummary

# Okabe & Ito's palette, which the common colour-vision deficiencies tell
# apart; yellow, the weakest on white, is left out.
PALETTE: tuple[str, ...] = (
    "#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#56B4E9", "#000000", "#999999")

FIGSIZE = (8.0, 5.0)
Metric = Literal["mb_s", "iops"]
Runs = Mapping[str, "Results"] | Sequence["Results"]

# The percentile spectrum's x is 1 / (1 - p): each extra nine takes the
# same width, as in HdrHistogram's plots.
_NINES = 6
_SPECTRUM_TICKS = ("0%", "90%", "99%", "99.9%", "99.99%", "99.999%", "99.9999%")

_HIST_BINS_PER_DECADE = 20


# --- helpers ---------------------------------------------------------------------


def _colour(i: int) -> str:
    return PALETTE[i % len(PALETTE)]


def _figure(w: float = FIGSIZE[0], h: float = FIGSIZE[1]) -> Figure:
    from matplotlib.figure import Figure
    return Figure(figsize=(w, h), layout="constrained")


def _style(ax: Axes) -> None:
    ax.grid(True, which="major", color="#d9d9d9", linewidth=0.8)
    ax.set_axisbelow(True)
    ax.spines["top"].set_visible(False)
    ax.spines["right"].set_visible(False)


def _fmt_tick(v: float, _pos: int | None = None) -> str:
    if v >= 1000:
        return f"{v:,.0f}"
    return f"{v:.0f}" if v >= 1 else f"{v:g}"


def _log_axis(axis: Axis, lo: float, hi: float) -> None:
    """Log ticks labelled as plain numbers (1,000 µs, not 10^3), denser on short spans."""
    from matplotlib import ticker
    decades = float(np.log10(hi / lo)) if 0 < lo < hi else 0.0
    subs: tuple[float, ...] = (1.0,)
    if decades < 1:
        subs = tuple(float(s) for s in range(1, 10))
    elif decades < 3:
        subs = (1.0, 2.0, 5.0)
    axis.set_major_locator(ticker.LogLocator(base=10, subs=subs))
    axis.set_major_formatter(ticker.FuncFormatter(_fmt_tick))
    axis.set_minor_formatter(ticker.NullFormatter())


def _thousands(axis: Axis) -> None:
    from matplotlib import ticker
    axis.set_major_formatter(ticker.FuncFormatter(lambda v, _p: f"{v:,.0f}"))


def _us(ns: float) -> str:
    """A latency for a label, with the µs sign."""
    return fmt_ns(ns).replace(" us", " µs")


def _plain(s: str) -> str:
    """*s* drawn as it is: matplotlib reads text between two $ as TeX math."""
    return s.replace("$", r"\$")


def _named(runs: Runs) -> dict[str, Results]:
    if isinstance(runs, Mapping):
        return dict(runs)
    out: dict[str, Results] = {}
    for r in runs:
        name, n = r.label, 2
        while name in out:  # two runs of one workload: keep both
            name, n = f"{r.label} ({n})", n + 1
        out[name] = r
    return out


def _op(r: Results, op: str | None) -> OpStats:
    return r.op(op) if op else r.main


def _has_hist(lat: Latency | None) -> bool:
    return lat is not None and lat.histogram is not None and lat.histogram.total > 0


def _pct_us(lat: Latency, pct: float) -> float:
    return lat.percentile(pct) / 1e3 if _has_hist(lat) else float("nan")


def _workload(runs: Sequence[Results]) -> str:
    """ "randread 4k" when every run has it, else ""."""
    kinds = {(r.rw, r.bs) for r in runs}
    if len(kinds) != 1:
        return ""
    rw, bs = kinds.pop()
    return f"{rw} {fmt_size(bs)}" if bs else rw


class _Line(NamedTuple):
    label: str
    lat: Latency
    colour: str
    style: str


def _lat_lines(runs: Runs, op: str | None) -> list[_Line]:
    """Each run's latencies with a histogram, then its response times if it has them."""
    out = []
    for i, (name, r) in enumerate(_named(runs).items()):
        o = _op(r, op)
        if _has_hist(o.lat):
            out.append(_Line(_plain(name), o.lat, _colour(i), "-"))
        if o.response is not None and _has_hist(o.response):
            out.append(_Line(f"{_plain(name)}, response time", o.response, _colour(i), "--"))
    return out


def _op_title(runs: Runs, op: str | None) -> str:
    ops = {_op(r, op).op for r in _named(runs).values()}
    return ops.pop() + "s" if len(ops) == 1 else "main op"


def _no_data(ax: Axes, what: str) -> None:
    ax.text(0.5, 0.5, what, transform=ax.transAxes, ha="center", va="center", color="#666666")


def _legend_below(fig: Figure, ax: Axes) -> None:
    """The legend under the chart: the curves fill the axes, and labels are long."""
    n = len(ax.get_legend_handles_labels()[1])
    fig.legend(loc="outside lower center", ncols=2 if n > 3 else n, frameon=False, fontsize=8)


def _lat_range(lines: Sequence[_Line]) -> tuple[float, float]:
    return (max(1.0, min(ln.lat.min for ln in lines)),
            max(2.0, max(ln.lat.max for ln in lines)))


# --- throughput -----------------------------------------------------------------------


SweepAxis = Literal["iodepth", "bs"]


def sweep_curves(runs: Sequence[Results]) -> list[tuple[str, SweepAxis, list[Results]]]:
    """A sweep's curves: (what tells it apart, its x, its runs in order).

    Over depths (one size): one curve against queue depth; over sizes (one
    depth): one against block size; a grid of both: a curve against block
    size per depth, told apart by ", QDn".
    """
    qds = sorted({r.iodepth for r in runs})
    if len({r.bs for r in runs}) <= 1:
        return [("", "iodepth", sorted(runs, key=lambda r: r.iodepth))]
    return [(f", QD{q}" if len(qds) > 1 else "", "bs",
             sorted((r for r in runs if r.iodepth == q), key=lambda r: r.bs)) for q in qds]


def curve(series: Mapping[str, Sequence[Results]], metric: Metric, by: SweepAxis) -> Figure:
    """qd_curve() or bs_curve(), by *by*."""
    return _curve(series, metric, by)


def qd_curve(series: Mapping[str, Sequence[Results]], metric: Metric = "mb_s") -> Figure:
    """Throughput against queue depth, one line per series, latency below.

    *series* maps a name (a device, an engine) to its runs, one per
    queue depth (a sweep). The top panel is MB/s or IOPS (*metric*) of
    all ops together; the bottom one the main op's mean (solid) and p99
    (dashed) latency in µs, in the series' colour. x is log2 with a tick
    at each queue depth run.
    """
    return _curve(series, metric, "iodepth")


def bs_curve(series: Mapping[str, Sequence[Results]], metric: Metric = "mb_s") -> Figure:
    """Throughput against block size, one line per series, latency below.

    As qd_curve(), the runs of each series one per block size (a sweep
    of ``--bs``): x is the size, log2, with a tick at each size run.
    """
    return _curve(series, metric, "bs")


def _curve(series: Mapping[str, Sequence[Results]], metric: Metric, by: SweepAxis) -> Figure:
    if metric not in ("mb_s", "iops"):
        raise ValueError(f"metric is 'mb_s' or 'iops', not {metric!r}")
    from matplotlib.lines import Line2D
    from matplotlib.ticker import NullLocator

    def x_of(r: Results) -> int:
        return r.iodepth if by == "iodepth" else r.bs

    fig = _figure(8, 6)
    top, bottom = fig.subplots(2, 1, sharex=True, height_ratios=(3, 2))
    xs: set[int] = set()
    everything: list[Results] = []
    for i, (name, runs) in enumerate(series.items()):
        runs = sorted(runs, key=x_of)
        everything += runs
        x = [x_of(r) for r in runs]
        xs.update(x)
        y = [r.total_mb_s if metric == "mb_s" else r.total_iops for r in runs]
        top.plot(x, y, color=_colour(i), marker="o", linewidth=2, label=_plain(name))
        bottom.plot(x, [r.main.lat.mean / 1e3 for r in runs], color=_colour(i),
                    marker="o", markersize=4, label=f"{_plain(name)} mean")
        bottom.plot(x, [_pct_us(r.main.lat, 99) for r in runs], color=_colour(i),
                    marker="o", markersize=4, linestyle="--", label=f"{_plain(name)} p99")
    name = "MB/s" if metric == "mb_s" else "IOPS"
    rws = {r.rw for r in everything}
    work = _workload(everything) if by == "iodepth" else (rws.pop() if len(rws) == 1 else "")
    fig.suptitle(f"{name} by {'queue depth' if by == 'iodepth' else 'block size'}"
                 + (f": {work}" if work else ""), fontweight="bold")
    for ax in (top, bottom):
        _style(ax)
        ax.set_xscale("log", base=2)
        ax.set_ylim(bottom=0)
    if xs:
        ticks = sorted(xs)
        bottom.set_xticks(ticks, [str(q) if by == "iodepth" else fmt_size(q) for q in ticks])
        bottom.xaxis.set_minor_locator(NullLocator())
        bottom.set_xlim(ticks[0] / 1.3, ticks[-1] * 1.3)
    _thousands(top.yaxis)
    top.set_ylabel(name if metric == "iops" else "MB/s (10⁶ bytes/s)")
    top.legend(loc="best", frameon=False)
    bottom.set_ylabel("Latency (µs)")
    bottom.set_xlabel("Queue depth (IOs in flight)" if by == "iodepth" else
                      "Block size (bytes per IO)")
    # The colours are the series above: here only say which line is which.
    bottom.legend(handles=[Line2D([], [], color="#333333", marker="o", markersize=4),
                           Line2D([], [], color="#333333", marker="o", markersize=4,
                                  linestyle="--")],
                  labels=["mean", "p99"], loc="upper left", frameon=False, ncols=2)
    return fig


def _latency_panel(fig: Figure, left: Axes, right: Axes, mean: Sequence[float],
                   worst: Sequence[float]) -> None:
    """The right panel of bars of runs: each one's mean and maximum latency
    (µs, log scale) beside its throughput on *left*; both panels styled."""
    y = np.arange(len(mean))
    h = 0.36
    b1 = right.barh(y - h / 2, [m / 1e3 for m in mean], height=h, color=PALETTE[2],
                    label="mean")
    b2 = right.barh(y + h / 2, [m / 1e3 for m in worst], height=h, color=PALETTE[3],
                    label="max")
    right.bar_label(b1, labels=[_us(m) for m in mean], padding=2, fontsize=7)
    right.bar_label(b2, labels=[_us(m) for m in worst], padding=2, fontsize=7)
    right.set_xscale("log")
    pos = [v for v in [*mean, *worst] if v > 0] or [1e3]
    lo, hi = min(pos) / 1e3, max(pos) / 1e3
    right.set_xlim(lo / 2, hi * 8)  # room for the labels right of the bars
    _log_axis(right.xaxis, lo / 2, hi * 8)
    right.set_xlabel("Latency (µs, log scale)")
    right.set_title("Latency", fontsize=10)
    fig.legend(handles=[b1, b2], loc="outside lower right", ncols=2, frameon=False, fontsize=8)
    for ax in (left, right):
        _style(ax)
        ax.grid(False, axis="y")


def corners(runs: Runs) -> Figure:
    """The four corners summary: MB/s per run as bars, its latencies beside them.

    Left: each run's MB/s (all ops), labelled with MB/s and IOPS. Right:
    the main op's mean and maximum latency (µs, log scale), so a run
    that is fast on average but stalls shows it.
    """
    named = _named(runs)
    n = len(named)
    fig = _figure(8, max(3.5, 1.4 + 0.55 * n))
    left, right = fig.subplots(1, 2, sharey=True, width_ratios=(3, 2))
    y = np.arange(n)
    rs = list(named.values())
    mb = [r.total_mb_s for r in rs]
    bars = left.barh(y, mb, height=0.6, color=PALETTE[0], label="MB/s")
    left.bar_label(bars, labels=[f"{m:,.1f} MB/s · {r.total_iops:,.0f} IOPS"
                                 for m, r in zip(mb, rs, strict=True)], padding=3, fontsize=8)
    left.set_yticks(y, [textwrap.fill(_plain(name), 24) for name in named])
    left.invert_yaxis()  # first run on top, as the table reads
    left.set_xlim(0, max([*mb, 1.0]) * 1.6)
    left.set_xlabel("MB/s (10⁶ bytes/s)")
    _thousands(left.xaxis)
    left.set_title("Throughput", fontsize=10)

    _latency_panel(fig, left, right, [r.main.lat.mean for r in rs],
                   [float(r.main.lat.max) for r in rs])
    fig.suptitle("Throughput and latency of each run", fontweight="bold")
    return fig


class Bar(NamedTuple):
    """One drive's bar of a round-up chart: its figure and the run's latencies."""

    label: str
    value: float
    mean_ns: float
    max_ns: float
    lo: float | None = None  # the value's interval over repetitions, drawn as a whisker
    hi: float | None = None
    kind: int = 0  # its colour: a study's state of the drive (new, used, after TRIM)


def roundup(bars: Sequence[Bar], unit: str, title: str) -> Figure:
    """One test of a round-up, as the reviews chart it: a bar per drive.

    Left: each drive's figure in *unit* (IOPS or MB/s), in the order given
    (the fastest first), labelled with its value, coloured by its kind (a
    study's state of the drive). Right: the run's mean
    and maximum latency (µs, log scale), so a drive fast on average that
    stalls shows it.
    """
    n = len(bars)
    fig = _figure(8, max(3.0, 1.4 + 0.5 * n))
    left, right = fig.subplots(1, 2, sharey=True, width_ratios=(3, 2))
    y = np.arange(n)
    vals = [b.value for b in bars]
    err = None
    if any(b.lo is not None for b in bars):
        err = np.array([[b.value - b.lo if b.lo is not None else 0 for b in bars],
                        [b.hi - b.value if b.hi is not None else 0 for b in bars]]).clip(0)
    bb = left.barh(y, vals, height=0.6, color=[_colour(b.kind) for b in bars], xerr=err,
                   error_kw={"ecolor": "#333333", "capsize": 3, "elinewidth": 1})
    fmt = "{:,.0f}" if unit == "IOPS" else "{:,.1f}"
    left.bar_label(bb, labels=[f"{fmt.format(v)} {unit}" for v in vals], padding=3, fontsize=8)
    left.set_yticks(y, [textwrap.fill(_plain(b.label), 26) for b in bars])
    left.invert_yaxis()  # the fastest on top
    left.set_xlim(0, max([*vals, *(b.hi or 0 for b in bars), 1.0]) * 1.45)
    left.set_xlabel("IOPS" if unit == "IOPS" else "MB/s (10⁶ bytes/s)")
    _thousands(left.xaxis)
    from matplotlib import ticker
    left.xaxis.set_major_locator(ticker.MaxNLocator(4))  # wide numbers: few of them
    left.set_title(unit, fontsize=10)
    _latency_panel(fig, left, right, [b.mean_ns for b in bars], [b.max_ns for b in bars])
    fig.suptitle(textwrap.fill(_plain(title), 70), fontweight="bold")
    return fig


# --- a trace of real use ---------------------------------------------------------------


def trace_summary(t: TraceSummary) -> Figure:
    """What a trace holds, as reviews justify a workload from it.

    Left: the share of each request size among reads and writes (the
    most common ones, then the others). Middle: reads and writes (and
    discards and flushes, when the trace has them) by share of IOs and of
    bytes. Right: the queue depth each IO found as it arrived, when the
    format recorded it (blktrace), else the sequential share.
    """
    fig = _figure(11, 4.2)
    sizes, ops, depth = fig.subplots(1, 3, width_ratios=(3, 2, 3))
    n = t.data_ios or 1
    labels = [fmt_size(length) for length, _ in t.sizes] + (["other"] if t.other_sizes else [])
    shares = [100 * ios / n for _, ios in t.sizes] + (
        [100 * t.other_sizes / n] if t.other_sizes else [])
    bars = sizes.bar(range(len(shares)), shares, color=PALETTE[0])
    sizes.bar_label(bars, labels=[f"{v:.1f}%" for v in shares], padding=2, fontsize=7)
    sizes.set_xticks(range(len(labels)), labels, fontsize=8)
    sizes.set_xlabel("Request size")
    sizes.set_ylabel("Share of reads and writes (%)")
    sizes.set_title("Request sizes", fontsize=10)

    names = [name for name, (ios, _) in t.ops.items() if ios]
    x = np.arange(len(names))
    h = 0.38
    by_ios = [100 * t.ops[name][0] / (t.ios or 1) for name in names]
    by_bytes = [100 * t.ops[name][1] / (t.bytes or 1) for name in names]
    ops.bar(x - h / 2, by_ios, width=h, color=PALETTE[1], label="IOs")
    ops.bar(x + h / 2, by_bytes, width=h, color=PALETTE[2], label="bytes")
    ops.set_xticks(x, names, fontsize=8)
    ops.set_xlabel("Op")
    ops.set_ylabel("Share (%)")
    ops.set_title("Reads and writes", fontsize=10)
    ops.legend(frameon=False, fontsize=8)

    if t.qd_ios:
        last = max((i for i, v in enumerate(t.qd_ios) if v), default=0) + 1
        qd = [100 * v / n for v in t.qd_ios[:last]]
        depth.bar(range(1, last + 1), qd, color=PALETTE[4])
        depth.set_xlabel("IOs in flight at arrival, itself included")
        depth.set_ylabel("Share of reads and writes (%)")
        depth.set_title("Queue depth seen", fontsize=10)
    else:
        seq = 100 * t.sequential_share
        depth.bar([0, 1], [seq, 100 - seq], color=[PALETTE[5], PALETTE[7]])
        depth.set_xticks([0, 1], ["sequential", "random"], fontsize=8)
        depth.set_xlabel("Start where the IO before ended")
        depth.set_ylabel("Share of reads and writes (%)")
        depth.set_title("Sequential share (no depth recorded)", fontsize=10)
    for ax in (sizes, ops, depth):
        _style(ax)
        ax.grid(False, axis="x")
    span = f", over {fmt_ns(t.duration_ns)}" if t.duration_ns is not None else ""
    fig.suptitle(f"Trace {_plain(Path(t.path).name)} ({t.format}): {t.ios:,} IOs{span}",
                 fontweight="bold")
    return fig


# --- latency distributions ------------------------------------------------------------


def percentile_spectrum(runs: Runs, op: str | None = None) -> Figure:
    """Latency by percentile, HdrHistogram style: every nine of the tail gets the same width.

    x is 1 / (1 - p) on a log scale, labelled 0%, 90%, 99% ... up to
    99.9999%; y the latency in µs (log). A run's curve stops where its IOs
    run out (past 1 - 1/IOs every percentile is its slowest IO, so the
    axis ends at the nine the largest run reaches), and a dot in the
    "max" column marks its slowest IO.
    """
    fig = _figure()
    ax = fig.subplots()
    _style(ax)
    lines = _lat_lines(runs, op)
    total = max((ln.lat.histogram.total for ln in lines if ln.lat.histogram), default=1)
    nines = min(_NINES, max(2, int(np.ceil(np.log10(total) - 1e-9))))
    max_x = 10 ** (nines + 0.6)  # the "max" column, past the last nine
    k = np.linspace(0, _NINES, 40 * _NINES + 1)
    for ln in lines:
        assert ln.lat.histogram is not None
        kk = k[k <= np.log10(ln.lat.histogram.total) + 1e-9]
        pcts = 100 * (1 - 10.0 ** -kk)
        ns = ln.lat.histogram.percentiles(pcts, ln.lat.min, ln.lat.max)
        ax.plot(10.0 ** kk, np.array(ns) / 1e3, color=ln.colour, linestyle=ln.style,
                linewidth=2 if ln.style == "-" else 1.5,
                label=f"{ln.label} (max {_us(ln.lat.max)})")
        ax.scatter([max_x], [ln.lat.max / 1e3], color=ln.colour, zorder=3,
                   marker="o" if ln.style == "-" else "D", s=30)
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xticks([10.0**i for i in range(nines + 1)] + [max_x],
                  [*_SPECTRUM_TICKS[:nines + 1], "max"])
    ax.minorticks_off()
    ax.set_xlim(1, max_x * 1.6)
    if lines:
        lo, hi = _lat_range(lines)
        ax.set_ylim(lo / 1e3 / 1.3, hi / 1e3 * 1.3)
        _log_axis(ax.yaxis, lo / 1e3 / 1.3, hi / 1e3 * 1.3)
        _legend_below(fig, ax)
    else:
        _no_data(ax, "no latencies recorded")
    ax.set_xlabel("Percentile (log scale of 1 / (1 - p): each nine the same width)")
    ax.set_ylabel("Latency (µs, log scale)")
    fig.suptitle(f"Latency by percentile, {_op_title(runs, op)}", fontweight="bold")
    return fig


def _bins(lo_ns: float, hi_ns: float) -> np.typing.NDArray[np.float64]:
    """Bin edges, ns: a fixed number per decade, covering [lo, hi]."""
    d = _HIST_BINS_PER_DECADE
    e0 = np.floor(np.log10(lo_ns) * d) / d
    e1 = np.ceil(np.log10(hi_ns + 1) * d) / d
    return np.asarray(10.0 ** np.arange(e0, e1 + 0.5 / d, 1 / d), dtype=np.float64)


def histogram(runs: Runs, op: str | None = None) -> Figure:
    """Latency histogram: the share of each run's IOs per bin, bins even on a log µs axis.

    The module's buckets (256 per power of two) are too fine to read, so
    each bucket's count goes to one of 20 bins per decade, the same bins
    for every run: a bin's height is then proportional to the density
    per log-unit of latency, and runs compare directly.
    """
    fig = _figure()
    ax = fig.subplots()
    _style(ax)
    lines = _lat_lines(runs, op)
    if lines:
        lo, hi = _lat_range(lines)
        edges = _bins(lo, hi)
        for ln in lines:
            h = ln.lat.histogram
            assert h is not None
            # The overflow bucket ends at 2^64 - 1: its IOs end at the max.
            upper = np.where(h.upper == U64_MAX, ln.lat.max, h.upper).astype(np.float64)
            mid = (h.lower.astype(np.float64) + upper) / 2
            counts, _ = np.histogram(mid, bins=edges, weights=h.counts.astype(np.float64))
            share = counts / h.total * 100
            ax.plot(edges / 1e3, np.append(share, share[-1]), drawstyle="steps-post",
                    color=ln.colour, linestyle=ln.style, linewidth=1.6, label=ln.label)
        ax.set_xscale("log")
        ax.set_xlim(edges[0] / 1e3, edges[-1] / 1e3)
        _log_axis(ax.xaxis, edges[0] / 1e3, edges[-1] / 1e3)
        _legend_below(fig, ax)
    else:
        _no_data(ax, "no latencies recorded")
    ax.set_ylim(bottom=0)
    ax.set_xlabel(f"Latency (µs, log scale; {_HIST_BINS_PER_DECADE} bins per decade)")
    ax.set_ylabel("Share of the run's IOs per bin (%)")
    fig.suptitle(f"Latency histogram, {_op_title(runs, op)}", fontweight="bold")
    return fig


def cdf(runs: Runs, op: str | None = None) -> Figure:
    """Cumulative distribution: the share of IOs at or below each latency (log µs)."""
    fig = _figure()
    ax = fig.subplots()
    _style(ax)
    lines = _lat_lines(runs, op)
    for ln in lines:
        h = ln.lat.histogram
        assert h is not None
        upper, frac = h.cdf()
        x = np.concatenate([[float(ln.lat.min)],
                            np.minimum(upper.astype(np.float64), ln.lat.max)])
        y = np.concatenate([[0.0], frac * 100])
        ax.plot(x / 1e3, y, drawstyle="steps-post", color=ln.colour, linestyle=ln.style,
                linewidth=1.8, label=ln.label)
    if lines:
        lo, hi = _lat_range(lines)
        ax.set_xscale("log")
        ax.set_xlim(lo / 1e3 / 1.2, hi / 1e3 * 1.2)
        _log_axis(ax.xaxis, lo / 1e3 / 1.2, hi / 1e3 * 1.2)
        _legend_below(fig, ax)
    else:
        _no_data(ax, "no latencies recorded")
    ax.set_ylim(0, 101)
    ax.set_yticks(range(0, 101, 10))
    ax.set_xlabel("Latency (µs, log scale)")
    ax.set_ylabel("IOs at or below (%)")
    fig.suptitle(f"Latency CDF, {_op_title(runs, op)}", fontweight="bold")
    return fig


# --- over time ------------------------------------------------------------------------


class _Intervals(NamedTuple):
    start: np.typing.NDArray[np.float64]  # s
    end: np.typing.NDArray[np.float64]
    ios: np.typing.NDArray[np.float64]
    mean_ns: np.typing.NDArray[np.float64]
    max_ns: np.typing.NDArray[np.float64]
    p99_ns: np.typing.NDArray[np.float64]


def _intervals(r: Results, op: str) -> _Intervals:
    """The time series of *op*, its last interval ending with the run.

    A run ends a fraction of an interval into its last one: a few IOs over
    a few µs would draw as a false spike of IOPS, so a last interval
    shorter than half an interval is merged into the one before (IOs
    summed, mean weighted, max and p99 the larger).
    """
    ts = r.timeseries
    assert ts is not None
    start = ts.t_ns.astype(np.float64) / 1e9
    end = start + ts.interval_ns / 1e9
    end[-1] = min(end[-1], max(r.elapsed_ns / 1e9, start[-1] + 1e-9))
    cols = [ts.col(op, c).copy() for c in ("ios", "mean_ns", "max_ns", "p99_ns")]
    if len(start) > 1 and end[-1] - start[-1] < ts.interval_ns / 2e9:
        ios, mean, mx, p99 = cols
        both = ios[-2] + ios[-1]
        if both:
            mean[-2] = (mean[-2] * ios[-2] + mean[-1] * ios[-1]) / both
        ios[-2] = both
        mx[-2], p99[-2] = max(mx[-2], mx[-1]), max(p99[-2], p99[-1])
        end[-2] = end[-1]
        start, end = start[:-1], end[:-1]
        cols = [c[:-1] for c in cols]
    return _Intervals(start, end, *cols)


# A run's throttled stretches (ssdk.health's marks), shaded on every panel.
_MARKS = {"warning": ("#CC79A7", "over the drive's warning temperature"),
          "throughput": (PALETTE[1], "throughput fell as the drive heated (throttled?)")}


def _temperature(ax: Axes, temp: RunTemperature, x0: float, x1: float) -> None:
    """The drive's temperature over the run: its samples, its warning
    temperature dashed when the samples come within 10 °C of it."""
    t = np.array([p[0] for p in temp.samples])
    c = np.array([p[1] for p in temp.samples])
    ax.plot(t, c, color=PALETTE[6], marker="o", markersize=3, linewidth=1.4,
            label="drive temperature")
    seen = c[(t >= x0 - 1e-9) & (t <= x1 + 1e-9)]
    lo, hi = float(np.min(seen if len(seen) else c)), float(np.max(seen if len(seen) else c))
    w = temp.warning_c
    if w is not None and hi >= w - 10:
        ax.axhline(w, color="#CC79A7", linestyle="--", linewidth=1.2,
                   label="drive's warning temperature")
        hi = max(hi, w)
    ax.set_ylim(lo - 2, hi + 2)
    ax.set_ylabel("Drive (°C)")


def timeseries(r: Results, op: str | None = None,
               temp: RunTemperature | None = None) -> Figure:
    """IOPS per interval on top; max, p99 and mean latency per interval below (log µs).

    A stall shows as a dip in IOPS and a spike of the max; an interval in
    which no IO completed is shaded. With *temp* (a review's record of the
    drive's temperature over the run, ssdk.health), a third panel draws it,
    and its throttled stretches are shaded on all three.
    """
    if r.timeseries is None or len(r.timeseries) == 0:
        raise ValueError(f"{r.label}: no time series (run with --ts-interval)")
    name = op or r.main.op
    iv = _intervals(r, name)
    if temp is None or not temp.samples:
        fig = _figure()
        top, bottom = fig.subplots(2, 1, sharex=True)
        panels = [top, bottom]
    else:
        fig = _figure(FIGSIZE[0], FIGSIZE[1] * 1.35)
        top, bottom, third = fig.subplots(3, 1, sharex=True,
                                          gridspec_kw={"height_ratios": [3, 3, 2]})
        panels = [top, bottom, third]
    x = np.append(iv.start, iv.end[-1])  # steps: each value holds over its interval

    def step(v: np.typing.NDArray[np.float64]) -> np.typing.NDArray[np.float64]:
        return np.append(v, v[-1])

    top.plot(x, step(iv.ios / (iv.end - iv.start)), drawstyle="steps-post", color=PALETTE[0],
             linewidth=1.8, label="IOPS")
    idle = iv.ios == 0
    lats = {}
    for col, label, colour, style in (("max_ns", "max latency", PALETTE[3], "-"),
                                      ("p99_ns", "p99", PALETTE[1], "-"),
                                      ("mean_ns", "mean", PALETTE[2], "--")):
        # No IO in an interval: no latency to draw (0 has no place on a log axis).
        lats[col] = np.where(idle, np.nan, getattr(iv, col) / 1e3)
        bottom.plot(x, step(lats[col]), drawstyle="steps-post", color=colour,
                    linestyle=style, linewidth=1.6, label=label)
    for n, i in enumerate(np.flatnonzero(idle)):
        for ax in (top, bottom):
            ax.axvspan(x[i], x[i + 1], color=PALETTE[3], alpha=0.12, linewidth=0,
                       label="no IO completed" if n == 0 and ax is top else None)
    if temp is not None and temp.samples:
        _temperature(panels[2], temp, float(x[0]), float(x[-1]))
        shown: set[str] = set()
        for a, b, why in temp.marks:
            colour, label = _MARKS.get(why, (PALETTE[7], why))
            for ax in panels:
                ax.axvspan(a, b, color=colour, alpha=0.2, linewidth=0,
                           label=label if ax is top and why not in shown else None)
            shown.add(why)
    for ax in panels:
        _style(ax)
    top.set_ylim(bottom=0)
    _thousands(top.yaxis)
    top.set_ylabel(f"{name} IOPS")
    bottom.set_yscale("log")
    if np.isfinite(lats["max_ns"]).any():
        lo = float(np.nanmin(lats["mean_ns"])) / 1.5
        hi = float(np.nanmax(lats["max_ns"])) * 1.5
        bottom.set_ylim(lo, hi)
        _log_axis(bottom.yaxis, lo, hi)
    bottom.set_ylabel("Latency (µs, log)")
    panels[-1].set_xlabel("Time since start (s)")
    bottom.set_xlim(x[0], x[-1])
    # One legend under the panels, off the lines.
    handles, labels = [], []
    for ax in panels:
        h, lab = ax.get_legend_handles_labels()
        handles += h
        labels += lab
    fig.legend(handles, labels, loc="outside lower center",
               ncols=len(labels) if len(panels) == 2 else min(len(labels), 3),
               frameon=False, fontsize=8)
    fig.suptitle(f"{_plain(r.label)}: {name}s per {_us(r.timeseries.interval_ns)} interval",
                 fontweight="bold")
    return fig


def heatmap(r: Results) -> Figure:
    """Brendan Gregg's latency heatmap: time on x, latency on y (log, two
    buckets per power of two), the count of IOs (reads and writes) that
    completed in each interval with a latency in each bucket as colour (log).

    A stall is a column of empty intervals followed by one whose IOs sit
    high up: the IOs the stall held.
    """
    ts = r.timeseries
    hm = ts.heatmap() if ts is not None and len(ts) else None
    if hm is None:
        raise ValueError(f"{r.label}: no heat rows in its time series")
    assert ts is not None
    t_ns, lower, counts = hm
    rows = np.flatnonzero(counts.sum(axis=0))
    fig = _figure()
    ax = fig.subplots()
    if not len(rows):
        _no_data(ax, "no IO completed")
        return fig
    lo_k, hi_k = int(rows[0]), int(rows[-1]) + 1
    # Bucket edges in µs: bucket 0 from 2^9 ns on a log axis, the last up to
    # twice its bound.
    bounds = lower.astype(np.float64)
    bounds[0] = bounds[1] / 2
    edges = np.append(bounds, bounds[-1] * 2)[lo_k:hi_k + 1] / 1e3
    x = np.append(t_ns.astype(np.float64), float(t_ns[-1]) + ts.interval_ns) / 1e9
    z = counts[:, lo_k:hi_k].T.astype(np.float64)
    z[z == 0] = np.nan
    from matplotlib.colors import LogNorm
    mesh = ax.pcolormesh(x, edges, z, cmap="inferno_r",
                         norm=LogNorm(vmin=1, vmax=max(float(np.nanmax(z)), 1.0)),
                         shading="flat")
    ax.set_yscale("log")
    _log_axis(ax.yaxis, float(edges[0]), float(edges[-1]))
    ax.set_ylabel("Latency (µs, log)")
    ax.set_xlabel("Time since start (s)")
    fig.colorbar(mesh, ax=ax, label="IOs")
    fig.suptitle(f"{_plain(r.label)}: latency heatmap, {_us(ts.interval_ns)} intervals",
                 fontweight="bold")
    return fig


# --- rounds and steady state (SNIA PTS) ----------------------------------------------

# The tracking variable of a run's steady-state test: Round field, label, scale.
_TRACKS = {"iops": ("iops", "IOPS", 1.0), "bw": ("mb_s", "MB/s", 1.0),
           "lat-mean": ("mean_ns", "Mean latency (µs)", 1e-3)}


def steady_state(r: Results) -> Figure:
    """Each round's tracking variable, as SNIA PTS draws its steady-state plot.

    The measurement window is shaded, with its average, the bounds of the
    range test around it (average ± half the range allowed) and its
    least-squares line; the title says at which round the module found
    steady state, or that it did not. The line is drawn here, for showing:
    the verdict is the module's.
    """
    if not r.rounds:
        raise ValueError(f"{r.label}: no rounds (run with --rounds)")
    track = str(r.config.get("steady_track") or "iops")
    field, ylabel, scale = _TRACKS.get(track, _TRACKS["iops"])
    x = np.array([x.round for x in r.rounds], dtype=np.float64)
    y = np.array([getattr(x, field) for x in r.rounds], dtype=np.float64) * scale
    fig = _figure()
    ax = fig.subplots()
    ax.plot(x, y, marker="o", color=PALETTE[0], linewidth=1.8, label=f"{ylabel} per round")
    w = r.window
    if w is not None:
        inw = (x >= w.first) & (x <= w.last)
        avg = float(y[inw].mean())
        rng = r.config.get("steady_range_pct")
        ax.axvspan(w.first - 0.5, w.last + 0.5, color=PALETTE[2], alpha=0.12, linewidth=0,
                   label="measurement window")
        ax.hlines(avg, w.first - 0.5, w.last + 0.5, color=PALETTE[2], linewidth=1.4,
                  label=f"window average {avg:,.4g}")
        if rng:
            ax.hlines([avg * (1 + rng / 200), avg * (1 - rng / 200)], w.first - 0.5,
                      w.last + 0.5, color=PALETTE[2], linestyle=":", linewidth=1.2,
                      label=f"range allowed, {rng}% of the average")
        slope, icept = np.polyfit(x[inw], y[inw], 1)
        ax.plot(x[inw], slope * x[inw] + icept, color=PALETTE[3], linestyle="--",
                linewidth=1.4, label="least-squares line")
    _style(ax)
    ax.set_xticks(x)
    ax.set_xlabel("Round")
    ax.set_ylabel(ylabel)
    ax.set_ylim(bottom=0)
    _thousands(ax.yaxis)
    _legend_below(fig, ax)
    verdict = (f"steady at round {r.steady_round}" if r.steady_round
               else f"not steady after {len(r.rounds)} rounds")
    fig.suptitle(f"{_plain(r.label)}: {verdict} (SNIA PTS)", fontweight="bold")
    return fig


# --- a drive's states (ssdk study new-vs-used) --------------------------------------------

# The drive's states, the study's phases: name on the axis, colour. Used in
# the warning colour, after TRIM in the colour of a recovery.
_STATES = (("new", "new", PALETTE[0]), ("used", "used", PALETTE[3]),
           ("trim", "after TRIM", PALETTE[2]))


def new_vs_used(study: Plan) -> Figure:
    """The new-vs-used study as the seed review (AnandTech 2009) drew it: each
    workload new, used and after TRIM.

    A column per workload, each on its own scale (4k random and 128k
    sequential differ tenfold, and the point is each one's change): MB/s
    of both ops on top, the mean latency in µs below, a bar per state of
    the drive. A used or after-TRIM bar is labelled with its change from
    new; a state whose step did not run or measured nothing has no bar.
    """
    if not study.table:
        raise ValueError(f"{study.title}: no table (a study has one)")
    rows = study.table
    n = len(rows)
    fig = _figure(max(FIGSIZE[0], 2.1 * n), 6)
    axes = fig.subplots(2, n, squeeze=False, sharex=True)
    x = np.arange(len(_STATES))
    for j, row in enumerate(rows):
        top, bottom = axes[0][j], axes[1][j]
        for ax, figure, scale in ((top, "mb_s", 1.0), (bottom, "mean_ns", 1e-3)):
            _style(ax)
            ax.grid(False, axis="x")
            for i, (phase, _, colour) in enumerate(_STATES):
                cell = row.cell(phase)
                if cell is None:
                    ax.text(x[i], 0, "not run", ha="center", va="bottom", fontsize=7,
                            color="#666666", rotation=90)
                    continue
                v = float(getattr(cell, figure)) * scale
                bar = ax.bar([x[i]], [v], width=0.7, color=colour)
                pct = row.change_pct(phase, figure)
                label = f"{v:,.0f}" if v >= 100 else f"{v:,.1f}"
                if phase != "new" and pct is not None:
                    label += f"\n{pct:+.1f}%"
                ax.bar_label(bar, labels=[label], padding=2, fontsize=7)
            ax.set_ylim(0, (ax.get_ylim()[1] or 1) * 1.3)  # room for the labels
            _thousands(ax.yaxis)
        top.set_title(textwrap.fill(_plain(row.workload), 22), fontsize=10)
        bottom.set_xticks(x, [name for _, name, _ in _STATES], fontsize=8)
    axes[0][0].set_ylabel("MB/s (10⁶ bytes/s)")
    axes[1][0].set_ylabel("Mean latency (µs)")
    fig.supxlabel("State of the drive: new (purged), used (filled, then random writes),"
                  " after TRIM (the span discarded); the label is the change from new",
                  fontsize=8)
    model = next((r.conditions["device"] for r in study.runs if r.conditions.get("device")),
                 "")
    fig.suptitle(f"New vs used: {_plain(study.target)}" + (f" ({_plain(model)})" if model
                                                             else ""), fontweight="bold")
    return fig


# --- layers (ssdk compare) --------------------------------------------------------------

_LAYER_METRICS = ("mean", "p99")


def _layer_paths(c: Comparison) -> dict[str, list[str]]:
    """Each engine's chain of differences from its base: {"psync": ["kfile - bio", ...]}.

    A difference "A - B" makes B the engine under A; the first one naming
    A wins (the compare lists them from the device up).
    """
    under: dict[str, str] = {}
    for key in c.overhead_ns:
        a, sep, b = key.partition(" - ")
        if sep and a in c.results and b in c.results and a != b and a not in under:
            under[a] = key
    paths: dict[str, list[str]] = {}
    for top in c.results:
        chain: list[str] = []
        e, seen = top, {top}
        while e in under:
            chain.append(under[e])
            e = under[e].partition(" - ")[2]
            if e in seen:  # a loop of differences: stop at the first repeat
                break
            seen.add(e)
        paths[top] = chain[::-1]
    return paths


def _metric_ns(r: Results, m: str) -> float:
    if m == "mean":
        return r.main.lat.mean
    return float(r.main.lat.percentile(float(m[1:]))) if _has_hist(r.main.lat) else 0.0


def compare_layers(c: Comparison) -> Figure:
    """Where the time goes: each engine's latency stacked by layer, mean and p99 panels.

    An engine's bar starts with its base engine's latency (bio: block
    layer, driver and device), and stacks each difference on the way up
    to it ("kfile - bio": the filesystem; "psync - kfile": the syscall),
    coloured and named by layer. The number above a bar is the engine's
    own latency. A negative difference (a percentile can be lower one
    layer up: differences of percentiles are not percentiles of
    differences) is drawn as 0, and a note under the chart says so.
    """
    paths = _layer_paths(c)
    engines = [e for e in c.results if e in paths]
    layer_ids: list[str] = []
    for e in engines:
        base = e if not paths[e] else paths[e][0].partition(" - ")[2]
        for lid in [f"base:{base}", *paths[e]]:
            if lid not in layer_ids:
                layer_ids.append(lid)

    def layer_name(lid: str) -> str:
        if lid.startswith("base:"):
            b = lid[5:]
            return "device + block layer (bio)" if b == "bio" else f"{b} (base)"
        return f"{c.layers.get(lid, lid)} ({lid})"

    fig = _figure()
    axes = fig.subplots(1, len(_LAYER_METRICS), sharey=True)
    notes: list[str] = []
    x = np.arange(len(engines))
    top = 0.0
    for ax, m in zip(axes, _LAYER_METRICS, strict=True):
        _style(ax)
        ax.grid(False, axis="x")
        bottom = np.zeros(len(engines))
        for li, lid in enumerate(layer_ids):
            h = np.zeros(len(engines))
            for j, e in enumerate(engines):
                p = paths[e]
                base = e if not p else p[0].partition(" - ")[2]
                if lid == f"base:{base}":
                    h[j] = _metric_ns(c.results[base], m)
                elif lid in p:
                    a, _, b = lid.partition(" - ")
                    v = c.overhead_ns[lid].get(m)
                    if v is None:
                        v = _metric_ns(c.results[a], m) - _metric_ns(c.results[b], m)
                    if v < 0:
                        note = f"{lid} {m} is {v / 1e3:.1f} µs, drawn as 0"
                        if note not in notes:
                            notes.append(note)
                    h[j] = max(v, 0.0)
            bars = ax.bar(x, h / 1e3, bottom=bottom / 1e3, width=0.6, color=_colour(li),
                          label=_plain(layer_name(lid)), edgecolor="white", linewidth=0.8)
            ax.bar_label(bars, labels=[f"{v / 1e3:.1f}" if v > 0 else "" for v in h],
                         label_type="center", fontsize=7,
                         color="white" if _colour(li) in ("#0072B2", "#000000", "#D55E00")
                         else "black")
            bottom += h
        for j, e in enumerate(engines):
            own = _metric_ns(c.results[e], m)
            ax.annotate(f"{own / 1e3:.1f}", (x[j], max(own, bottom[j]) / 1e3),
                        xytext=(0, 3), textcoords="offset points", ha="center",
                        fontsize=8, fontweight="bold")
        top = max(top, float(bottom.max(initial=0.0)),
                  max((_metric_ns(c.results[e], m) for e in engines), default=0.0))
        ax.set_xticks(x, [_plain(e) for e in engines])
        ax.set_title(m, fontsize=10)
        ax.set_xlabel("Engine")
    axes[0].set_ylabel("Latency (µs)")
    axes[0].set_ylim(0, top / 1e3 * 1.25 or 1)
    handles, labels = axes[0].get_legend_handles_labels()
    axes[-1].legend(handles[::-1], labels[::-1], loc="upper left", frameon=False, fontsize=8)
    work = _workload(list(c.results.values()))
    fig.suptitle("Where the time goes: latency by layer" + (f", {work}" if work else ""),
                 fontweight="bold")
    if notes:
        fig.supxlabel("Note: " + "; ".join(notes), fontsize=8, style="italic")
    return fig


# --- output -----------------------------------------------------------------------------

# No metadata: matplotlib's names URLs and today's date, which a
# self-contained, reproducible report must not carry.
_SVG_METADATA: dict[str, str | None] = {
    "Creator": None, "Date": None, "Format": None, "Type": None}
_ID_RE = re.compile(r'\bid="([^"]+)"')
_REF_RE = re.compile(r'(href="#|url\(#)([^")]+)')


def save(fig: Figure, path: str | Path) -> None:
    """Write *fig* to *path*: PNG or SVG by its suffix."""
    fmt = Path(path).suffix.lower().lstrip(".")
    if fmt == "png":
        fig.savefig(path, format="png", dpi=150)
    elif fmt == "svg":
        fig.savefig(path, format="svg", metadata=_SVG_METADATA)
    else:
        raise ValueError(f"{path}: a chart is saved as .png or .svg")


def svg(fig: Figure, id_prefix: str | None = None) -> str:
    """The SVG of *fig* as text to put inside HTML: no XML prolog or doctype.

    Text stays text (selectable, and a fraction of the size of glyph
    paths). Every id is renamed to *id_prefix* plus a number, so several
    charts in one page never share an id; without a prefix, one is made
    from the chart's content.
    """
    import matplotlib

    buf = io.BytesIO()
    # rc_context restores the setting: the figure's own state is untouched.
    with matplotlib.rc_context({"svg.fonttype": "none"}):
        fig.savefig(buf, format="svg", metadata=_SVG_METADATA)
    text = buf.getvalue().decode("utf-8")
    text = text[text.index("<svg"):]
    if id_prefix is None:
        id_prefix = "s" + hashlib.sha1(text.encode()).hexdigest()[:8] + "-"
    ids = {old: f"{id_prefix}{i}" for i, old in enumerate(dict.fromkeys(_ID_RE.findall(text)))}
    text = _ID_RE.sub(lambda m: f'id="{ids[m[1]]}"', text)
    return _REF_RE.sub(lambda m: m[1] + ids.get(m[2], m[2]), text)
