# SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause
"""``ssdk-report RESULT.json... -o report.html``: one self-contained HTML page.

The page holds where the runs ran, a table of every run, and the charts
of ssdk.plots that apply to the inputs, as inline SVG: no script, no
network, no file beside it, so it can be mailed or attached to a review
as it is. Inputs are whatever ``ssdk -j`` wrote: runs, sweeps (a QD curve
each), compares (a chart of the layers each), and commands of several
steps: a study new-vs-used (the seed's table and chart) or a precondition
(its steps and what they wrote).

The runs of a command of several steps are its own: they appear in its
section (and in the conditions), not in the summary of runs or the
charts of runs, which they would swamp (a study measures each workload
three times, besides the runs that make the drive's states, a discard
among them) and mislabel (runs of one workload told apart only by their
step).
"""

from __future__ import annotations

import argparse
import dataclasses
import datetime
import html
import json
import sys
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from . import (
    health,
    plots,  # imports matplotlib only when a chart is drawn
)
from . import roundup as ru
from .files import write_whole
from .plan import Plan, Step
from .repeats import RepeatedSweep, Repeats
from .results import CompareCurves, Comparison, OpStats, Results, load
from .system import Conditions
from .trace import TraceSummary
from .units import fmt_ns, fmt_size

if TYPE_CHECKING:
    from matplotlib.figure import Figure

Input = (Results | list[Results] | Comparison | CompareCurves | Plan | TraceSummary | ru.Review
         | Repeats | RepeatedSweep)
Tagged = tuple[str, Results]  # (the input's name, a run of it)

MAX_TIMESERIES = 8  # time series charts: beyond that a report is a scroll, not a read
MAX_LINES = 8  # runs per latency chart: one colour each in the palette

# Which condition keys fill which column (the JSON's "conditions": the CLI
# writes kernel, ssdk and device, the Python package adds date and host;
# the other names are for results written otherwise); the rest go to "Other".
CONDITION_COLUMNS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Kernel", ("kernel", "kernel_release")),
    ("Device", ("device", "model")),
    ("ssdk version", ("ssdk", "ssdk_version", "version")),
    ("Date", ("date", "datetime")),
    ("Host", ("host", "hostname")),
)
NOT_RECORDED = "not recorded"

CSS = """
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif;
 margin:2em auto;max-width:80em;padding:0 1em;color:#222;line-height:1.4}
h1{font-size:1.6em;margin-bottom:.2em}
h2{font-size:1.25em;margin-top:2em;border-bottom:1px solid #ccc;padding-bottom:.2em}
table{border-collapse:collapse;font-size:.88em;margin:.5em 0;width:100%}
th,td{padding:.25em .5em;border-bottom:1px solid #e3e3e3;text-align:left;vertical-align:top}
th{background:#f3f3f3}
td.num,th.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
.nr{color:#888;font-style:italic}
.v-jitter{color:#b00;font-weight:600}.v-note{color:#a60}
div.wide{overflow-x:auto}
figure.chart{margin:1.5em 0;page-break-inside:avoid}
figure.chart svg{max-width:100%;height:auto;display:block}
figcaption{font-size:.9em;color:#444;margin-top:.3em;max-width:60em}
p.note{font-size:.9em;color:#444}
"""


# --- what the inputs hold ---------------------------------------------------------


def _sources(inputs: Sequence[Input], sources: Sequence[str] | None) -> list[str]:
    if sources is not None and len(sources) != len(inputs):
        raise ValueError("one source name per input")
    return list(sources) if sources is not None else [f"input {i + 1}"
                                                      for i in range(len(inputs))]


def _all_runs(inputs: Sequence[Input], srcs: Sequence[str]) -> Iterator[tuple[str, Results]]:
    """(source, run) of every run: single runs, sweeps' points, compares' engines;
    not the steps of a plan (see the module's doc)."""
    for x, src in zip(inputs, srcs, strict=True):
        if isinstance(x, Comparison):
            yield from ((src, r) for r in x.results.values())
        elif isinstance(x, CompareCurves):
            yield from ((src, r) for p in x.points for r in p.results.values())
        elif isinstance(x, list):
            yield from ((src, r) for r in x)
        elif isinstance(x, Repeats):
            yield from ((src, r) for r in x.runs)
        elif isinstance(x, RepeatedSweep):
            yield from ((src, r) for p in x.points for r in p.runs)
        elif isinstance(x, Results):
            yield src, x


def _plans(inputs: Sequence[Input], srcs: Sequence[str]) -> list[tuple[str, Plan]]:
    return [(src, x) for x, src in zip(inputs, srcs, strict=True) if isinstance(x, Plan)]


def _sweep_name(runs: Sequence[Results]) -> str:
    r = runs[0]
    kind = f"{r.rw} {fmt_size(r.bs)}" if r.bs else r.rw
    engine = f" ({r.engine})" if r.engine and r.engine != "bio" else ""
    return f"{r.target}: {kind}{engine}"


def _chunks(items: list[Tagged], size: int) -> list[list[Tagged]]:
    """*items* in groups of at most *size*, as even as can be."""
    n = max(1, -(-len(items) // size))
    per = -(-len(items) // n)
    return [items[i:i + per] for i in range(0, len(items), per)]


def _label(r: Results) -> str:
    """The run's label, and its rate when it had one (an open-loop run is not a QD run)."""
    rate = r.config.get("rate_iops")
    return f"{r.label} at {int(rate):,} IOPS" if rate else r.label


def _labelled(runs: Sequence[tuple[str, Results]]) -> dict[str, Results]:
    """{label: run}, made unique with the file when two runs share a label."""
    counts: dict[str, int] = {}
    for _, r in runs:
        counts[_label(r)] = counts.get(_label(r), 0) + 1
    out: dict[str, Results] = {}
    for src, r in runs:
        name = _label(r) if counts[_label(r)] == 1 else f"{_label(r)} ({src})"
        base, n = name, 2
        while name in out:
            name, n = f"{base} #{n}", n + 1
        out[name] = r
    return out


# --- HTML pieces ------------------------------------------------------------------------


def _e(s: object) -> str:
    return html.escape(str(s), quote=True)


def _row(cells: Sequence[str], num_from: int = 99, tag: str = "td") -> str:
    """A table row of already escaped cells; those from *num_from* on are numbers."""
    return "<tr>" + "".join(
        f'<{tag} class="num">{c}</{tag}>' if i >= num_from else f"<{tag}>{c}</{tag}>"
        for i, c in enumerate(cells)) + "</tr>"


def _conditions(runs: list[tuple[str, Results]],
                plans: Sequence[tuple[str, Plan]] = ()) -> str:
    """One row per target and conditions: the runs that share them listed together,
    a plan's under its title (once, not each of its runs)."""
    groups: dict[tuple[str, tuple[tuple[str, str], ...]], list[str]] = {}
    labelled = [(f"{_label(r)} ({src})", r) for src, r in runs]
    labelled += [(f"{p.title} ({src})", r) for src, p in plans for r in p.runs]
    for label, r in labelled:
        key = (r.target, tuple(sorted(r.conditions.items())))
        labels = groups.setdefault(key, [])
        if label not in labels:
            labels.append(label)
    known = {k for _, keys in CONDITION_COLUMNS for k in keys}
    head = ["Target", "Runs", *(c for c, _ in CONDITION_COLUMNS), "Other"]
    rows = [_row([_e(h) for h in head], tag="th")]
    for (target, items), labels in groups.items():
        cond = dict(items)
        cells = [_e(target), _e(", ".join(labels))]
        for _, keys in CONDITION_COLUMNS:
            v = next((cond[k] for k in keys if k in cond), None)
            if v is None:
                cells.append(f'<span class="nr">{NOT_RECORDED}</span>')
            else:  # "": recorded, but the system had none (a null_blk has no model)
                cells.append(_e(v) if v else '<span class="nr">unknown</span>')
        other = [f"{_e(k)}: {_e(v)}" for k, v in items if k not in known]
        cells.append("<br>".join(other) if other else
                     ('<span class="nr">' + NOT_RECORDED + "</span>" if not cond else ""))
        rows.append(_row(cells))
    return '<table class="conditions">\n' + "\n".join(rows) + "\n</table>"


def _systems(runs: list[tuple[str, Results]],
             plans: Sequence[tuple[str, Plan]] = ()) -> str:
    """A table per machine's conditions the runs recorded (ssdk system show's
    facts, each with its verdict), the runs that share them named above it,
    and the facts whose jitter is past a tenth of the expected latency."""
    groups: dict[str, tuple[Conditions, list[str]]] = {}
    labelled = [(f"{_label(r)} ({src})", r) for src, r in runs]
    labelled += [(f"{p.title} ({src})", r) for src, p in plans for r in p.runs]
    for label, r in labelled:
        if r.system is None:
            continue
        key = json.dumps(r.system.to_json(), sort_keys=True)
        labels = groups.setdefault(key, (r.system, []))[1]
        if label not in labels:
            labels.append(label)
    out = []
    for cond, labels in groups.values():
        rows = [_row(["Fact", "Value", "Verdict"], tag="th")]
        for f in cond.facts:
            verdict = f.verdict + (f" ({fmt_us(f.jitter_ns)} µs)" if f.jitter_ns else "")
            rows.append(_row([_e(f.key), _e(f.value),
                              f'<span class="v-{_e(f.verdict)}">{_e(verdict)}</span>']))
        over = (f"Past a tenth of the expected {fmt_us(cond.expected_ns)} µs: "
                + ", ".join(cond.over) + "." if cond.over else
                f"Nothing adds jitter past a tenth of the expected "
                f"{fmt_us(cond.expected_ns)} µs.")
        out += [f'<p class="note">{_e(", ".join(labels))}: {_e(over)}</p>',
                '<table class="system">\n' + "\n".join(rows) + "\n</table>"]
    return "\n".join(out)


def fmt_iops(iops: float) -> str:
    return f"{iops:,.0f}"


def fmt_rate(v: float) -> str:
    return f"{v:,.1f}"


def fmt_us(ns: float) -> str:
    return f"{ns / 1e3:,.1f}"


def fmt_bytes(n: int) -> str:
    """Bytes as the CLI prints them: 64 MiB, 1.50 GiB."""
    units = ("B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB")
    v, u = float(n), 0
    while v >= 1024 and u < len(units) - 1:
        v, u = v / 1024, u + 1
    return f"{v:.0f} {units[u]}" if v.is_integer() else f"{v:.2f} {units[u]}"


def fmt_pct(pct: float) -> str:
    return f"{pct:+.1f}%"


DASH = "\u2013"  # a cell with nothing to show: a step not run, a purge's rate


_SUMMARY_HEAD = ["File", "Run", "Op", "State", "IOPS", "MB/s", "MiB/s", "Mean µs", "p50 µs",
                 "p99 µs", "p99.9 µs", "Max µs", "Errors"]
_NUM_FROM = 4


def _op_cells(o: OpStats, lat_of: str = "lat") -> list[str]:
    lat = o.response if lat_of == "response" and o.response is not None else o.lat
    pcts: list[str] = ["\u2013"] * 3
    if lat.histogram is not None and lat.histogram.total:
        pcts = [fmt_us(lat.percentile(p)) for p in (50, 99, 99.9)]
    if lat_of == "response":  # the same IOs: only the latencies differ
        rates = ["", "", ""]
    else:
        rates = [fmt_iops(o.iops), fmt_rate(o.mb_s), fmt_rate(o.mib_s)]
    return [*rates, fmt_us(lat.mean), *pcts, fmt_us(lat.max),
            "" if lat_of == "response" else str(o.errors)]


def _summary(runs: list[tuple[str, Results]]) -> str:
    rows = [_row([_e(h) for h in _SUMMARY_HEAD], _NUM_FROM, tag="th")]

    def add(src: str, label: str, r: Results) -> None:
        state = r.state + (f" ({r.reason})" if r.reason else "")
        ops = [o for o in (r.read, r.write) if o.ios] or [r.main]
        for o in ops:
            rows.append(_row([_e(src), _e(label), _e(o.op), _e(state),
                              *_op_cells(o)], _NUM_FROM))
            if o.response is not None:
                rows.append(_row([_e(src), _e(label), _e(f"{o.op}, response time"), _e(state),
                                  *_op_cells(o, "response")], _NUM_FROM))

    for src, r in runs:
        add(src, _label(r), r)
        for i, w in enumerate(r.workers):
            add(src, f"{_label(r)}, worker {i} ({w.target})", w)
    # The table scrolls on its own in a narrow window, not the page.
    return ('<div class="wide"><table class="summary">\n' + "\n".join(rows)
            + "\n</table></div>")


class _Charts:
    """The page's figures, each an inline SVG with an id and a caption."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.ids: set[str] = set()

    def add(self, fig_id: str, fig: Figure, caption: str) -> None:
        assert fig_id not in self.ids
        self.ids.add(fig_id)
        body = plots.svg(fig, id_prefix=f"{fig_id}-")
        self.parts.append(f'<figure class="chart" id="{_e(fig_id)}">\n{body}\n'
                          f"<figcaption>{_e(caption)}</figcaption>\n</figure>")

    def heading(self, text: str) -> None:
        self.parts.append(f"<h2>{_e(text)}</h2>")


def _latency_charts(ch: _Charts, gid: str, what: str, named: dict[str, Results]) -> None:
    open_loop = any(r.main.response is not None for r in named.values())
    resp = (" Dashed lines are open-loop response times, measured from each IO's"
            " scheduled arrival, so waiting behind a slow IO counts.") if open_loop else ""
    ch.add(f"spectrum-{gid}", plots.percentile_spectrum(named),
           f"Latency at each percentile of {what}, from the fastest IO (0%) to the slowest"
           " (the dot in the max column), in µs on a log scale; each extra nine of the tail"
           f" (90%, 99%, 99.9%...) takes the same width.{resp}")
    ch.add(f"histogram-{gid}", plots.histogram(named),
           f"Latency histogram of {what}: the share of each run's IOs in each latency bin,"
           f" 20 bins per decade on a log µs axis.{resp}")
    ch.add(f"cdf-{gid}", plots.cdf(named),
           f"Cumulative distribution of the latency of {what}: the share of IOs that"
           f" completed at or below each latency (log µs).{resp}")


def _qd_metric(runs: Sequence[Results]) -> plots.Metric:
    # Random IO is counted in IOPS, sequential in MB/s, as reviews do.
    return "iops" if all(r.rw.startswith("rand") for r in runs) else "mb_s"


def _unit(m: plots.Metric) -> str:
    return "IOPS" if m == "iops" else "MB/s"


def _throughput(ch: _Charts, singles: list[Tagged], sweeps: list[list[Results]],
                curves: list[tuple[str, CompareCurves]]) -> None:
    if len(singles) >= 2 or sweeps or curves:
        ch.heading("Throughput")
    if len(singles) >= 2:
        named = _labelled(singles)
        ch.add("corners", plots.corners(named),
               f"Throughput of each run ({', '.join(named)}) in MB/s, with its IOPS; beside"
               " it the run's mean and maximum latency in µs on a log scale, so a run fast on"
               " average that stalls shows it.")
    for i, sw in enumerate(sweeps, 1):
        m = _qd_metric(sw)
        parts = plots.sweep_curves(sw)
        if parts[0][1] == "iodepth":
            qds = ", ".join(str(r.iodepth) for r in sw)
            ch.add(f"qd-{i}", plots.qd_curve({_sweep_name(sw): sw}, m),
                   f"{_unit(m)} of {_sweep_name(sw)} at queue depths {qds} (top), and the mean"
                   " (solid) and 99th percentile (dashed) latency in µs at each (bottom).")
            continue
        sizes = ", ".join(fmt_size(b) for b in sorted({r.bs for r in sw}))
        name = f"{sw[0].target}: {sw[0].rw}"
        ch.add(f"bs-{i}", plots.bs_curve({f"QD{c[0].iodepth}": c for _, _, c in parts}, m),
               f"{_unit(m)} of {name} at block sizes {sizes} (top), a line per queue depth,"
               " and the mean (solid) and 99th percentile (dashed) latency in µs at each"
               " (bottom).")
    for i, (src, cc) in enumerate(curves, 1):
        series = cc.curves()
        m = _qd_metric([r for runs in series.values() for r in runs])
        short = sorted({e for p in cc.points for e in p.short_of_iodepth})
        note = (f" {', '.join(short)} kept fewer than 90% of some depth in flight (IOPS x"
                " mean latency): there its latency is a shallower queue's." if short else "")
        ch.add(f"compare-qd-{i}", plots.qd_curve(series, m),
               f"{_unit(m)} of each engine of {src} at queue depths"
               f" {', '.join(str(p.iodepth) for p in cc.points)} (top), and the mean (solid)"
               f" and 99th percentile (dashed) latency in µs at each (bottom).{note}")
    sweeps = [sw for sw in sweeps if plots.sweep_curves(sw)[0][1] == "iodepth"]
    if len(sweeps) >= 2:
        m = _qd_metric([r for sw in sweeps for r in sw])
        series = {f"{_sweep_name(sw)} ({j})": sw for j, sw in enumerate(sweeps, 1)}
        ch.add("qd-all", plots.qd_curve(series, m),
               f"The {len(sweeps)} queue-depth sweeps together: {_unit(m)} against queue"
               " depth (top), and mean (solid) and p99 (dashed) latency in µs (bottom), one"
               " colour per sweep.")


def _latency(ch: _Charts, singles: list[Tagged], sweeps: list[tuple[str, list[Results]]],
             compares: list[tuple[str, Comparison]]) -> None:
    groups: list[tuple[str, str, list[Tagged]]] = []
    for i, c in enumerate(_chunks(singles, MAX_LINES) if singles else [], 1):
        groups.append((f"runs-{i}", "the runs", c))
    for i, (src, sw) in enumerate(sweeps, 1):
        for j, c in enumerate(_chunks([(src, r) for r in sw], MAX_LINES), 1):
            groups.append((f"sweep-{i}-{j}", f"the sweep of {_sweep_name(sw)}", c))
    for i, (src, cmp) in enumerate(compares, 1):
        engines = [(src, r) for r in cmp.results.values()]
        for j, c in enumerate(_chunks(engines, MAX_LINES), 1):
            groups.append((f"compare-{i}-{j}", f"the engines of {src}", c))
    if groups:
        ch.heading("Latency")
    for gid, what, runs in groups:
        named = _labelled(runs)
        _latency_charts(ch, gid, f"{what} ({', '.join(named)})", named)


Temps = Mapping[str, Mapping[int, health.RunTemperature]]  # by source, by run id


def _temp_of(temps: Temps, src: str, r: Results) -> health.RunTemperature | None:
    """The drive's temperature over run *r*, when a review sampled it at
    least twice over the run (a period either side of it counted)."""
    t = temps.get(src, {}).get(r.id)
    if t is None or len(t.over(r.elapsed_ns / 1e9)) < 2:
        return None
    return t


def _temp_caption(t: health.RunTemperature) -> str:
    said = {health.WARNING: "over the drive's warning temperature"
            + (f" ({t.warning_c:g} °C)" if t.warning_c is not None else ""),
            health.FALL: f"throughput more than {health.DROP_PCT:g}% below the run's cooler"
            f" stretches' while the temperature was within {health.NEAR_C:g} °C of its peak"
            " (throttled?)"}
    kinds = sorted({m[2] for m in t.marks}, reverse=True)
    shaded = (" Shaded: " + "; ".join(said.get(k, k) for k in kinds) + ".") if kinds else \
        " No throttling marked."
    return (f" Bottom: the drive's temperature, {t.range_text}, sampled every"
            f" {t.period_s:g} s from {t.source}.{shaded}")


def _over_time(ch: _Charts, runs: list[Tagged], temps: Temps | None = None) -> None:
    temps = temps or {}
    with_ts = [(src, r) for src, r in runs if r.timeseries is not None and len(r.timeseries)]
    if with_ts:
        ch.heading("Over time")
    if len(with_ts) > MAX_TIMESERIES:
        ch.parts.append(f'<p class="note">The first {MAX_TIMESERIES} of the'
                        f" {len(with_ts)} runs with a time series.</p>")
    for i, (src, r) in enumerate(with_ts[:MAX_TIMESERIES], 1):
        assert r.timeseries is not None
        temp = _temp_of(temps, src, r)
        ch.add(f"timeseries-{i}", plots.timeseries(r, temp=temp),
               f"{_label(r)} on {r.target} ({src}) over time: {r.main.op} IOPS in each"
               f" {r.timeseries.interval_ns / 1e6:g} ms interval (top), and the maximum, 99th"
               " percentile and mean latency of the IOs that completed in it, in µs on a log"
               f" scale ({'middle' if temp else 'bottom'}); a stall shows as a dip in IOPS and"
               " a spike of the maximum." + (_temp_caption(temp) if temp else ""))
        if r.timeseries.heat is not None and r.timeseries.heat.any():
            ch.add(f"heatmap-{i}", plots.heatmap(r),
                   f"{_label(r)} on {r.target} ({src}): latency heatmap. Each column is an"
                   f" interval of {r.timeseries.interval_ns / 1e6:g} ms, each row a latency"
                   " bucket (two per power of two, µs on a log scale), the colour the number"
                   " of IOs (reads and writes) that completed in it with such a latency; a"
                   " stall is an empty column, then IOs high up in the next.")
        stall = r.worst_stall()
        if stall is not None:
            ch.parts.append(f'<p class="stall"><b>Worst stall.</b> {_e(stall.text)}</p>')


def _steady(ch: _Charts, runs: list[Tagged]) -> None:
    with_rounds = [(src, r) for src, r in runs if r.rounds]
    if with_rounds:
        ch.heading("Steady state")
    for i, (src, r) in enumerate(with_rounds, 1):
        rule = (f"the last 5 rounds' {r.config.get('steady_track')} within"
                f" {r.config.get('steady_range_pct')}% of their average and their"
                f" least-squares line within {r.config.get('steady_slope_pct')}%"
                if r.config.get("steady_track") else "no steady-state test")
        ch.add(f"steady-{i}", plots.steady_state(r),
               f"{_label(r)} on {r.target} ({src}) in rounds of"
               f" {int(r.config.get('round_ns', 0)) / 1e9:g} s: each round's figure, the"
               f" measurement window shaded with its average, the range allowed around it"
               f" and its least-squares line ({rule}, as SNIA PTS has it).")


def _layers(ch: _Charts, compares: list[tuple[str, Comparison]]) -> None:
    if compares:
        ch.heading("Where the time goes")
    for i, (src, cmp) in enumerate(compares, 1):
        diffs = "; ".join(f"{k} is the {v}" for k, v in cmp.layers.items())
        ch.add(f"layers-{i}", plots.compare_layers(cmp),
               f"The same IOs through each engine of {src}, its mean (left) and p99 (right)"
               " latency in µs split into layers: the base engine's latency, then each"
               f" difference stacked on it ({diffs}). The number on a bar is the engine's own"
               " latency. Differences of percentiles compare distributions, not the same IOs.")


# --- commands of several steps -------------------------------------------------------

_STEPS_HEAD = ["Step", "State", "Bytes", "Time", "MB/s"]
# The study's table, as the CLI's text prints it and the seed's had it.
_STUDY_HEAD = ["Workload", "", "New", "Used", "After TRIM", "Used vs new", "After TRIM vs new"]
_STUDY_FIGURES = (("mb_s", "MB/s", fmt_rate), ("mean_ns", "mean µs", fmt_us),
                  ("max_ns", "max µs", fmt_us))


def _plan_line(p: Plan) -> str:
    """What the plan wrote where, and how it went, as the CLI's text ends."""
    passes = ("" if p.passes is None else
              f", {p.passes} pass" + ("" if p.passes == 1 else "es"))
    return (f"{p.title} of {p.target}, span {fmt_bytes(p.span)} from"
            f" {fmt_bytes(p.offset)}{passes}: {p.state}, {fmt_bytes(p.bytes_written)}"
            " written by its runs (purges not counted).")


def _step_cells(s: Step) -> list[str]:
    # A run's reason is in its results; a purge by the drive's in the step.
    reason = s.reason or (s.results.reason if s.results is not None else "")
    size, ns, mb = s.bytes, s.elapsed_ns, s.mb_s
    return [_e(s.what), _e(s.state + (f" ({reason})" if reason else "")),
            _e(fmt_bytes(size)) if size is not None else DASH,
            _e(fmt_ns(ns).replace(" us", " µs")) if ns is not None else DASH,
            fmt_rate(mb) if mb is not None else DASH]


def _steps_table(p: Plan) -> str:
    rows = [_row([_e(h) for h in _STEPS_HEAD], 2, tag="th")]
    rows += [_row(_step_cells(s), 2) for s in p.steps]
    return '<div class="wide"><table class="steps">\n' + "\n".join(rows) + "\n</table></div>"


def _study_table(p: Plan) -> str:
    rows = [_row([_e(h) for h in _STUDY_HEAD], 2, tag="th")]
    for row in p.table:
        for i, (figure, name, fmt) in enumerate(_STUDY_FIGURES):
            cells = [_e(row.workload) if i == 0 else "", _e(name)]
            for phase in ("new", "used", "trim"):
                c = row.cell(phase)
                cells.append(fmt(float(getattr(c, figure))) if c is not None else DASH)
            for phase in ("used", "trim"):
                pct = row.change_pct(phase, figure)
                cells.append(fmt_pct(pct) if pct is not None else DASH)
            rows.append(_row(cells, 2))
    return ('<div class="wide"><table class="study">\n' + "\n".join(rows)
            + "\n</table></div>")


def _plan_sections(ch: _Charts, plans: list[tuple[str, Plan]]) -> None:
    """A section per plan: its line, a study's table and chart, its steps."""
    studies = 0
    for i, (src, p) in enumerate(plans, 1):
        ch.heading(f"{p.title[0].upper()}{p.title[1:]} of {p.target} ({src})")
        ch.parts.append(f'<p class="note">{_e(_plan_line(p))}</p>')
        if p.table:
            studies += 1
            ch.parts.append(_study_table(p))
            ch.parts.append('<p class="note">MB/s and latencies of both ops of each'
                            " workload's run in each state of the drive; the changes are"
                            " from new, in percent.</p>")
            ch.add(f"new-vs-used-{studies}", plots.new_vs_used(p),
                   f"The study of {p.target} ({src}) as the seed review drew it: each"
                   f" workload ({', '.join(p.workloads)}) new (purged), used (filled, then"
                   " random writes) and after TRIM (the span discarded); MB/s on top, mean"
                   " latency in µs below, each workload on its own scale, the used and"
                   " after-TRIM bars labelled with their change from new.")
        ch.parts.append(_steps_table(p))
        # SNIA's WDPC runs its workload to steady state: the test is the point.
        for j, s in enumerate((s for s in p.steps if s.results and s.results.rounds), 1):
            assert s.results is not None
            ch.add(f"plan-{i}-steady-{j}", plots.steady_state(s.results),
                   f"{s.what} ({src}): each round's figure, the measurement window shaded"
                   " with its average, the range allowed around it and its least-squares"
                   " line, as SNIA PTS has it.")


def _trace_sections(ch: _Charts, traces: list[tuple[str, TraceSummary]]) -> None:
    """A section per trace summary: the figures reviews quote, and its chart."""
    for i, (src, t) in enumerate(traces, 1):
        ch.heading(f"Trace {Path(t.path).name} ({src})")
        common = t.sizes[0] if t.sizes else (0, 0)
        cells = [f"{t.ios:,} IOs ({t.format})", fmt_bytes(t.bytes),
                 f"{100 * t.read_share:.1f}% reads",
                 f"{100 * t.share_of_size(common[0]):.1f}% of {fmt_size(common[0])}"
                 if common[1] else "-",
                 f"{100 * t.sequential_share:.1f}% sequential",
                 fmt_ns(t.duration_ns) if t.duration_ns is not None else NOT_RECORDED,
                 fmt_bytes(t.footprint)]
        ch.parts.append('<table class="trace">\n' + _row(
            ["IOs", "bytes", "mix (by IOs)", "most common size", "sequential", "duration",
             "footprint"], tag="th") + "\n" + _row([_e(c) for c in cells], 0) + "\n</table>")
        ch.add(f"trace-{i}", plots.trace_summary(t),
               f"What {Path(t.path).name} ({src}) holds: the share of each request size among"
               " its reads and writes, its reads and writes by IOs and by bytes, and the"
               " queue depth each IO found (blktrace) or its sequential share.")


# --- a round-up: many drives side by side ------------------------------------------------

_DRIVES_HEAD = ["Drive", "Model", "Firmware", "Capacity", "Serial", "Health", "Inputs"]


def _drives_table(r: ru.RoundUp, serial: bool) -> str:
    rows = [_row([_e(h) for h in _DRIVES_HEAD], tag="th")]
    for d in r.drives:
        srcs = sorted({m.drive.source for m in r.measures if m.drive == d} | {d.source})
        nr = '<span class="nr">' + NOT_RECORDED + "</span>"
        sn = (_e(d.serial) if serial else '<span class="nr">hidden (--serial shows it)</span>'
              ) if d.serial else nr
        rows.append(_row([_e(d.label), _e(d.model) if d.model else nr,
                          _e(d.firmware) if d.firmware else nr,
                          _e(fmt_bytes(d.capacity)) if d.capacity else nr, sn,
                          _e(r.health_text(d)) or nr,
                          _e(", ".join(Path(x).name or x for x in srcs))]))
    return '<table class="drives">\n' + "\n".join(rows) + "\n</table>"


def _differ(bars: Sequence[ru.Measure]) -> str:
    """What a chart's drives were measured under that differs: said in its caption."""
    out = []
    for what, key in (("kernel", "kernel"), ("ssdk", "version")):
        seen = {getattr(m, key) for m in bars if getattr(m, key)}
        if len(seen) > 1:
            out.append(f" The drives ran under different {what} versions: " + ", ".join(
                f"{m.drive.label} {getattr(m, key)}" for m in bars) + ".")
    return "".join(out)


def _bar_label(m: ru.Measure, bars: Sequence[ru.Measure]) -> str:
    """A drive's bar: its label (and a study's state of the drive), with its
    input when the drive has two bars of one state."""
    twice = sum(1 for b in bars if b.drive == m.drive and b.variant == m.variant) > 1
    src = m.runs[0].target if m.runs else ""
    return f"{m.name} ({src})" if twice and src else m.name


def _roundup_table(r: ru.RoundUp, group: str) -> str:
    """The group's tests as rows, a drive's figure in each column."""
    drives = list(dict.fromkeys(m.drive for m in r.measures if m.group == group))
    head = ["Test", "Unit", *(d.label for d in drives)]
    rows = [_row([_e(h) for h in head], 2, tag="th")]
    for t in r.tests(group):
        bars = r.bars(group, t)
        for v in dict.fromkeys(m.variant for m in bars):  # a study's states...: a row each
            cells = [_e(f"{t}, {v}" if v else t), _e(bars[0].unit)]
            for d in drives:
                vs = [m.value for m in bars if m.drive == d and m.variant == v]
                cells.append(", ".join(fmt_iops(v) if bars[0].unit == "IOPS" else fmt_rate(v)
                                       for v in vs) if vs else DASH)
            rows.append(_row(cells, 2))
    return ('<div class="wide"><table class="roundup">\n' + "\n".join(rows)
            + "\n</table></div>")


def _roundup_sections(ch: _Charts, r: ru.RoundUp, serial: bool) -> None:
    """The drives, then per way of measuring: a chart per test, a bar per
    drive; a QD curve per sweep, a line per drive; the table of them all."""
    ch.heading(f"Round-up: {len(r.drives)} drive{'s' if len(r.drives) != 1 else ''}")
    ch.parts.append(_drives_table(r, serial))
    groups = r.groups
    if len(groups) > 1:
        ch.parts.append('<p class="note">The drives were not all measured alike: '
                        + _e("; ".join(groups)) + ". Each chart and table holds the"
                        " drives measured alike, under its own heading.</p>")
    for gi, g in enumerate(groups, 1):
        ch.heading(f"Round-up: {g}")
        ch.parts.append(_roundup_table(r, g))
        for ti, t in enumerate(r.tests(g), 1):
            bars = r.bars(g, t)
            unit = bars[0].unit
            spread = any(m.spread is not None and m.spread.n > 1 for m in bars)
            alike = r.alike(g, t)
            note = (" Each bar is the mean of its repetitions, the whisker the 95% interval"
                    " of that mean (Student's t); two drives differ only where their"
                    " intervals do not overlap." if spread else "")
            note += "".join(f" {a.name} and {b.name} do not differ beyond"
                            " their run-to-run spread." for a, b in alike)
            variants = list(dict.fromkeys(m.variant for m in bars))
            order = (f" a row per {bars[0].variant_of} of each drive (" + ", ".join(variants)
                     + f"), the drives in order of their {variants[0]} figure" if variants[0]
                     else " the fastest on top")
            ch.add(f"roundup-{gi}-{ti}", plots.roundup(
                [plots.Bar(_bar_label(m, bars), m.value, m.mean_ns, m.max_ns,
                           m.spread.ci_lo if m.spread else None,
                           m.spread.ci_hi if m.spread else None, variants.index(m.variant))
                 for m in bars], unit, t),
                f"{t} ({g}): {unit} of each drive,{order}; beside it the run's"
                f" mean and maximum latency in µs on a log scale.{note}{_differ(bars)}")
        lines: dict[tuple[str, plots.SweepAxis], dict[str, list[Results]]] = {}
        medians: set[tuple[str, plots.SweepAxis]] = set()
        for grp, test, d, runs, repeated in r.sweeps:
            for part, axis, c in plots.sweep_curves(runs) if grp == g else ():
                lines.setdefault((test + part, axis), {})[d.label] = c
                if repeated:
                    medians.add((test + part, axis))
        for si, ((test, by), series) in enumerate(lines.items(), 1):
            m = _qd_metric([x for runs in series.values() for x in runs])
            what = "queue depth" if by == "iodepth" else "block size"
            ch.add(f"roundup-{gi}-curve-{si}", plots.curve(series, m, by),
                   f"{test} ({g}): {_unit(m)} of each drive at each {what} (top), and the"
                   " mean (solid) and 99th percentile (dashed) latency in µs (bottom), a line"
                   " per drive." + (" A point of a sweep run with --repeat is its median"
                                    " repetition (its bars above give the mean and"
                                    " interval)." if (test, by) in medians else ""))


def _charts(inputs: Sequence[Input], srcs: Sequence[str], temps: Temps | None = None) -> str:
    """Every chart that applies: the order of a review, throughput first; the
    commands of several steps last, each a section of its own."""
    ch = _Charts()
    tagged = list(zip(srcs, inputs, strict=True))
    singles = [(s, x) for s, x in tagged if isinstance(x, Results)]
    # A sweep repeated: a point is its median repetition (repeats.py).
    sweeps = [(s, sorted(x if isinstance(x, list) else x.medians(), key=lambda r: r.iodepth))
              for s, x in tagged if isinstance(x, (list, RepeatedSweep)) and x]
    curves = [(s, x) for s, x in tagged if isinstance(x, CompareCurves)]
    compares = [(s, x) for s, x in tagged if isinstance(x, Comparison)]
    _throughput(ch, singles, [sw for _, sw in sweeps], curves)
    _latency(ch, singles, sweeps, compares)
    _over_time(ch, [*singles, *((s, r) for s, sw in sweeps for r in sw),
                    *((s, r) for s, c in compares for r in c.results.values())], temps)
    _steady(ch, singles)
    # Each depth of a compare's curves has its layers; its distributions
    # would be a dozen charts a curve: its curve chart shows the latencies.
    _layers(ch, [*compares, *((f"{s} at iodepth {p.iodepth}", p) for s, x in curves
                              for p in x.points)])
    _plan_sections(ch, _plans(inputs, srcs))
    _trace_sections(ch, [(s, x) for s, x in tagged if isinstance(x, TraceSummary)])
    return "\n".join(ch.parts)


def _roundup_of(inputs: Sequence[Input], srcs: Sequence[str],
                labels: dict[str, str] | None) -> ru.RoundUp | None:
    """The round-up of the inputs: with a review among them, or results of two
    drives their conditions name (results that name none, a null_blk's or
    results written before conditions, are no second drive of their own)."""
    of = [(s, x) for s, x in zip(srcs, inputs, strict=True) if not isinstance(x, TraceSummary)]
    if not of:
        return None
    r = ru.roundup(of, labels)
    named = [d for d in r.drives if d.model or d.serial]
    if any(isinstance(x, ru.Review) for _, x in of) or len(named) > 1:
        return r
    return None


def render(inputs: Sequence[Input], title: str = "ssdk report",
           sources: Sequence[str] | None = None, labels: dict[str, str] | None = None,
           serial: bool = False, temps: Temps | None = None) -> str:
    """The HTML page of *inputs* (runs, sweeps, compares, plans, trace summaries,
    reviews); *sources* names each. With a review among them, or two drives,
    a round-up comes first: the drives side by side (*labels* renames them
    by source, their serials shown only with *serial*). A review's runs are
    in the round-up only: the other sections are the other inputs'.
    *temps* gives by source the drive's temperature over its runs (a
    review's step files: review_temperatures()), drawn under their time
    series."""
    all_srcs = _sources(inputs, sources)
    r = _roundup_of(inputs, all_srcs, labels)
    head = _Charts()
    if r is not None:
        _roundup_sections(head, r, serial)
    reviews = [x for x in inputs if isinstance(x, ru.Review)]
    others = [(s, x) for s, x in zip(all_srcs, inputs, strict=True)
              if not isinstance(x, ru.Review)]
    rest, srcs = [x for _, x in others], [s for s, _ in others]
    runs = list(_all_runs(rest, srcs))
    plans = _plans(rest, srcs)
    total = (len(runs) + sum(len(p.runs) for _, p in plans)
             + sum(len(ru.runs_of(s.results)) for v in reviews for s in v.steps))
    # Plans alone have no run of their own: no empty summary of runs; reviews
    # alone, no conditions (the round-up's drives are theirs).
    summary = ["<h2>Summary</h2>", _summary(runs)] if runs else []
    conditions = ["<h2>Conditions</h2>", _conditions(runs, plans)] if rest else []
    machine = _systems(runs, plans) if rest else ""
    if machine:
        conditions += ["<h3>The machine (ssdk system show)</h3>", machine]
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{_e(title)}</title>",
        f"<style>{CSS}</style>",
        "</head>",
        "<body>",
        f"<h1>{_e(title)}</h1>",
        f'<p class="note">{total} runs from {len(inputs)} inputs: '
        f"{_e(', '.join(all_srcs))}. MB/s is 10<sup>6</sup> bytes per second, MiB/s"
        " 2<sup>20</sup>; latencies in µs.</p>",
        *head.parts,
        *conditions,
        *summary,
        _charts(rest, srcs, temps),
        "</body>",
        "</html>",
    ]
    return "\n".join(parts) + "\n"


# --- command line -----------------------------------------------------------------------


class InputError(Exception):
    """An input that is not ssdk results; its message is one line."""


def read_input(path: str) -> Input:
    """What ``ssdk -j`` wrote in *path* (a review's directory: the review),
    or InputError saying why not."""
    p = Path(path)
    if p.is_dir():
        if not ru.is_review(p):
            raise InputError(f"a directory without {ru.REVIEW_JSON}: not a review's")
        try:
            return ru.read_review(p)
        except ValueError as e:
            raise InputError(str(e)) from None
    try:
        doc = json.loads(Path(path).read_text(encoding="utf-8"))
        if TraceSummary.is_json(doc):
            return TraceSummary.from_json(doc)
        x = load(doc)
    except OSError as e:
        raise InputError(e.strerror or str(e)) from None
    except UnicodeDecodeError:
        raise InputError("not JSON (not UTF-8 text)") from None
    except json.JSONDecodeError as e:
        raise InputError(f"not JSON ({e.msg} at line {e.lineno} column {e.colno})") from None
    except (ValueError, KeyError, TypeError, AttributeError, IndexError) as e:
        msg = str(e)
        raise InputError(msg if msg.startswith("not ") else f"not ssdk results ({msg})") from None
    if isinstance(x, list) and not x:
        raise InputError("an empty sweep")
    return _dated(x, Path(path))


def _dated(x: Input, path: Path) -> Input:
    """Runs without a date (the CLI writes none: results of an ended run
    print the same whenever asked) dated by when their file was written."""
    try:
        when = datetime.datetime.fromtimestamp(path.stat().st_mtime, datetime.UTC)
    except OSError:
        return x
    date = when.strftime("%Y-%m-%d %H:%M UTC (file written)")
    if isinstance(x, (TraceSummary, ru.Review)):
        return x  # a trace's summary has no conditions; a review's runs have theirs

    def one(r: Results) -> Results:
        if "date" in r.conditions or not r.conditions:
            return r
        return dataclasses.replace(r, conditions={**r.conditions, "date": date})

    if isinstance(x, Comparison):
        return dataclasses.replace(x, results={k: one(r) for k, r in x.results.items()})
    if isinstance(x, CompareCurves):
        return CompareCurves(tuple(dataclasses.replace(p, results={
            k: one(r) for k, r in p.results.items()}) for p in x.points))
    if isinstance(x, Plan):
        return dataclasses.replace(x, steps=tuple(
            dataclasses.replace(s, results=one(s.results)) if s.results else s
            for s in x.steps))
    if isinstance(x, list):
        return [one(r) for r in x]
    if isinstance(x, Repeats):
        return dataclasses.replace(x, runs=tuple(one(r) for r in x.runs))
    if isinstance(x, RepeatedSweep):
        return RepeatedSweep(tuple(dataclasses.replace(p, runs=tuple(one(r) for r in p.runs))
                                   for p in x.points))
    return one(x)


def review_temperatures(path: Path) -> dict[int, health.RunTemperature]:
    """The drive's temperature over the runs of *path*, a review's step file:
    the review's record beside it (review.json) names the step's
    temperature file (temp-NN.json); {} for a file of no review, or a step
    not sampled."""
    try:
        doc = json.loads((path.parent / ru.REVIEW_JSON).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return {}
    steps = doc.get("steps") if isinstance(doc, dict) else None
    for s in steps if isinstance(steps, list) else ():
        t = s.get("temperature") if isinstance(s, dict) else None
        if s.get("file") != path.name or not isinstance(t, dict):
            continue
        f = t.get("file")
        if not isinstance(f, str) or "/" in f or f.startswith("."):
            return {}
        try:
            return health.run_temperatures(json.loads((path.parent / f).read_text("utf-8")))
        except (OSError, UnicodeDecodeError, ValueError):
            return {}
    return {}


PROG = "ssdk-report"


def parser() -> argparse.ArgumentParser:
    """The command line's parser: its --help, and its man page's one source
    (userspace/man/python_man.py builds the page from it)."""
    ap = argparse.ArgumentParser(
        prog=PROG,
        description="Write one self-contained HTML page (tables and charts) of ssdk results:"
        " where the runs ran, a table of every run, and the charts that apply to the"
        " inputs, as inline SVG (no script, no network, no file beside it). The charts"
        " need matplotlib.")
    ap.add_argument("results", nargs="+", metavar="RESULT.json|DIR",
                    help="what ssdk -j ctl run, ctl results, ctl sweep, compare, ctl"
                    " precondition, study, ctl purge (by the drive) or trace summary wrote;"
                    " or a review's directory (ssdk review's DIR). With a review, or"
                    " results of two drives, the page begins with a round-up: a chart per"
                    " test with a bar per drive")
    ap.add_argument("--label", action="append", default=[], metavar="INPUT=NAME",
                    help="call the drive of INPUT (a directory or file as given, or its"
                    " name) NAME in the round-up, rather than its model; repeatable")
    ap.add_argument("--serial", action="store_true",
                    help="show the drives' serial numbers (hidden by default)")
    ap.add_argument("--csv", metavar="ROUNDUP.csv",
                    help="also write the round-up's figures, a row per drive and test")
    ap.add_argument("-o", "--output", required=True, metavar="REPORT.html",
                    help="the page to write, whole or not at all")
    ap.add_argument("--title", default="ssdk report",
                    help="the page's title (default: %(default)s)")
    return ap


def _labels(given: Sequence[str], paths: Sequence[str]) -> dict[str, str]:
    """--label INPUT=NAME, each naming an input: ValueError saying which does not."""
    out: dict[str, str] = {}
    names = {*paths, *(Path(p).name for p in paths)}
    for g in given:
        src, eq, name = g.partition("=")
        if not eq or not src or not name.strip():
            raise ValueError(f"--label {g!r}: INPUT=NAME")
        if src not in names and src.rstrip("/") not in names:
            raise ValueError(f"--label {g!r}: no input {src!r}")
        out[src.rstrip("/")] = name.strip()
    return out


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        labels = _labels(args.label, [p.rstrip("/") for p in args.results])
    except ValueError as e:
        print(f"{PROG}: {e}", file=sys.stderr)
        return 2

    inputs: list[Input] = []
    for path in args.results:
        try:
            inputs.append(read_input(path))
        except InputError as e:
            print(f"{PROG}: {path}: {' '.join(str(e).split())}", file=sys.stderr)
            return 1
    try:
        import matplotlib  # noqa: F401  (the charts need it; say so before anything)
    except ImportError:
        print(f"{PROG}: the charts need matplotlib: pip install matplotlib", file=sys.stderr)
        return 1
    srcs = [p.rstrip("/") for p in args.results]
    names = [Path(p).name for p in srcs]
    temps = {n: t for n, p in zip(names, srcs, strict=True)
             if not Path(p).is_dir() and (t := review_temperatures(Path(p)))}
    page = render(inputs, args.title, names,
                  {Path(k).name: v for k, v in labels.items()}, args.serial, temps)
    writes = [(Path(args.output), page)]
    if args.csv:
        r = _roundup_of(inputs, names, {Path(k).name: v for k, v in labels.items()})
        if r is None:
            print(f"{PROG}: --csv: no round-up (a review, or results of two drives)",
                  file=sys.stderr)
            return 1
        writes.append((Path(args.csv), ru.csv(r, args.serial)))
    for out, text in writes:
        try:
            write_whole(out, text)
        except OSError as e:
            print(f"{PROG}: {out}: {e.strerror or e}", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
