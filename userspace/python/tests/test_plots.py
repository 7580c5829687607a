# SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause
"""Every chart of ssdk.plots from the fixtures: it renders, and it draws the data."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

pytest.importorskip("matplotlib")

from matplotlib.axes import Axes
from matplotlib.lines import Line2D
from matplotlib.patches import Rectangle

import ssdk
from ssdk import plots
from ssdk.results import Comparison, Results

from .conftest import FIXTURES, ROOT

F64 = npt.NDArray[np.float64]


def xdata(ln: Line2D) -> F64:
    return np.asarray(ln.get_xdata(), dtype=np.float64)


def ydata(ln: Line2D) -> F64:
    return np.asarray(ln.get_ydata(), dtype=np.float64)


def bars(ax: Axes) -> list[Rectangle]:
    return [p for p in ax.patches if isinstance(p, Rectangle)]


def legend_texts(ax: Axes) -> list[str]:
    leg = ax.get_legend()
    assert leg is not None
    return [t.get_text() for t in leg.get_texts()]


CORNERS = ("randread-4k", "randwrite-4k", "read-128k", "write-128k")


def run(name: str) -> Results:
    r = ssdk.load(FIXTURES / f"{name}.json")
    assert isinstance(r, Results)
    return r


def sweep() -> list[Results]:
    s = ssdk.load(FIXTURES / "sweep-nullb.json")
    assert isinstance(s, list)
    return s


def compare() -> Comparison:
    c = ssdk.load(FIXTURES / "compare-nvme.json")
    assert isinstance(c, Comparison)
    return c


def study() -> ssdk.Plan:
    p = ssdk.load(FIXTURES / "study-nvme.json")
    assert isinstance(p, ssdk.Plan)
    return p


def corners() -> list[Results]:
    return [run(f"corner-{c}") for c in CORNERS]


def lat_runs() -> dict[str, Results]:
    """Closed-loop runs, a mix, and an open-loop run (which has response times)."""
    return {"randread": run("randread-nullb"), "randrw": run("randrw-nullb"),
            "open loop": run("openloop-nullb"), "nvme": run("randwrite-nvme")}


def trace() -> ssdk.trace.TraceSummary:
    """A blktrace's summary (with depths), as libssdk gives it."""
    return ssdk.trace.TraceSummary(
        path="/tmp/desktop.blktrace", format="blktrace", ios=1000, bytes=9_000_000,
        ops={"read": (600, 5_000_000), "write": (380, 4_000_000), "discard": (0, 0),
             "flush": (20, 0)},
        sizes=[(4096, 686), (131072, 147), (8192, 98)], other_sizes=49, sequential=245,
        qd_ios=[500, 200, 120, 80, 50, 30] + [0] * 58, duration_ns=60_000_000_000,
        gap_ns={"min": 0, "mean": 60_000_000, "p50": 1_000_000, "p99": 900_000_000,
                "max": 2_000_000_000},
        footprint=4_000_000, lowest=0, highest=8 << 30)


CHARTS: dict[str, Callable[[], Any]] = {
    "trace_summary": lambda: plots.trace_summary(trace()),
    "trace_summary_no_depth": lambda: plots.trace_summary(
        dataclasses.replace(trace(), qd_ios=[], duration_ns=None)),
    "qd_curve": lambda: plots.qd_curve({"nullb0": sweep()}),
    "qd_curve_iops": lambda: plots.qd_curve({"a": sweep(), "b": sweep()[:2]}, "iops"),
    "corners": lambda: plots.corners(corners()),
    "percentile_spectrum": lambda: plots.percentile_spectrum(lat_runs()),
    "histogram": lambda: plots.histogram(lat_runs()),
    "cdf": lambda: plots.cdf(lat_runs()),
    "timeseries": lambda: plots.timeseries(run("randrw-nullb")),
    "heatmap": lambda: plots.heatmap(run("anatomy-nullb")),
    "compare_layers": lambda: plots.compare_layers(compare()),
    "new_vs_used": lambda: plots.new_vs_used(study()),
}


@pytest.mark.parametrize("name", CHARTS)
def test_renders_png_and_svg(name: str, tmp_path: Path) -> None:
    fig = CHARTS[name]()
    plots.save(fig, tmp_path / "c.png")
    plots.save(fig, tmp_path / "c.svg")
    png = (tmp_path / "c.png").read_bytes()
    assert png.startswith(b"\x89PNG\r\n\x1a\n") and len(png) > 10_000
    root = ET.parse(tmp_path / "c.svg").getroot()
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    # A title and axis labels, not an empty frame.
    assert fig.get_suptitle()
    assert any(ax.get_xlabel() for ax in fig.axes) or fig.get_supxlabel()
    # The corners' y is the runs, named by its ticks.
    assert any(ax.get_ylabel() for ax in fig.axes) or name == "corners"


@pytest.mark.parametrize("name", CHARTS)
def test_inline_svg(name: str) -> None:
    text = plots.svg(CHARTS[name](), id_prefix="x7-")
    assert text.startswith("<svg") and "<?xml" not in text and "<!DOCTYPE" not in text
    root = ET.fromstring(text)
    ids = [e.get("id") for e in root.iter() if e.get("id")]
    assert ids and all(i is not None and i.startswith("x7-") for i in ids)
    assert len(ids) == len(set(ids))
    # Every reference points at an id of this SVG.
    refs = [v[1:] for e in root.iter() for k, v in e.attrib.items()
            if k.endswith("href") and v.startswith("#")]
    assert set(refs) <= set(ids)
    # No URL but the namespaces: matplotlib's metadata names its site.
    for url in ("https://", "http://purl", "http://creativecommons", "matplotlib.org"):
        assert url not in text
    # Text stays text, for the page's search and screen readers.
    assert "<text" in text


def test_inline_svg_same_chart_twice_differs_only_by_prefix() -> None:
    a = plots.svg(plots.cdf(lat_runs()), id_prefix="a-")
    b = plots.svg(plots.cdf(lat_runs()), id_prefix="b-")
    assert a != b and a.replace('"a-', '"b-').replace("#a-", "#b-") == b


def test_qd_curve_draws_the_sweep() -> None:
    s = sweep()
    fig = plots.qd_curve({"nullb0": s, "again": s})
    top, bottom = fig.axes
    assert len(top.get_lines()) == 2 and len(bottom.get_lines()) == 4
    doc = json.loads((FIXTURES / "sweep-nullb.json").read_text())
    line = top.get_lines()[0]
    assert list(xdata(line)) == [d["config"]["iodepth"] for d in doc] == [1, 2, 4, 8]
    mb_s = [(d["read"]["bw_bytes"] + d["write"]["bw_bytes"]) / 1e6 for d in doc]
    np.testing.assert_allclose(ydata(line), mb_s)
    mean, p99 = bottom.get_lines()[:2]
    np.testing.assert_allclose(ydata(mean),
                               [d["read"]["lat_ns"]["mean"] / 1e3 for d in doc])
    np.testing.assert_allclose(ydata(p99),
                               [d["read"]["lat_ns"]["percentiles"]["99.000000"] / 1e3
                                for d in doc])
    assert mean.get_linestyle() == "-" and p99.get_linestyle() == "--"
    assert mean.get_color() == p99.get_color() == line.get_color()
    assert top.get_xscale() == "log"
    assert [t.get_text() for t in bottom.get_xticklabels()] == ["1", "2", "4", "8"]
    assert legend_texts(top) == ["nullb0", "again"]


def test_qd_curve_iops() -> None:
    s = sweep()
    fig = plots.qd_curve({"nullb0": s}, metric="iops")
    np.testing.assert_allclose(ydata(fig.axes[0].get_lines()[0]),
                               [r.read.iops for r in s])
    assert "IOPS" in fig.axes[0].get_ylabel()
    with pytest.raises(ValueError):
        plots.qd_curve({"nullb0": s}, metric="latency")  # type: ignore[arg-type]


def test_corners_bars_are_the_runs() -> None:
    rs = corners()
    fig = plots.corners(rs)
    left, right = fig.axes[:2]
    widths = [p.get_width() for p in bars(left)]
    docs = [json.loads((FIXTURES / f"corner-{c}.json").read_text()) for c in CORNERS]
    np.testing.assert_allclose(widths, [(d["read"]["bw_bytes"] + d["write"]["bw_bytes"]) / 1e6
                                        for d in docs])
    assert [t.get_text() for t in left.get_yticklabels()] == [
        "randread 4k QD3", "randwrite 4k QD3", "read 128k QD1", "write 128k QD1"]
    # Mean and max latency of each run beside it, in µs.
    lat = sorted(p.get_width() for p in bars(right))
    want = sorted([d[op]["lat_ns"][k] / 1e3 for d in docs for k in ("mean", "max")
                   for op in ("read", "write") if d[op]["ios"]])
    np.testing.assert_allclose(lat, want)
    assert right.get_xscale() == "log"


def test_percentile_spectrum() -> None:
    runs = lat_runs()
    fig = plots.percentile_spectrum(runs)
    ax = fig.axes[0]
    lines = ax.get_lines()
    # One line per run, and one more for the open-loop run's response times.
    assert len(lines) == len(runs) + 1
    assert [ln.get_linestyle() for ln in lines].count("--") == 1
    assert [t.get_text() for t in ax.get_xticklabels()][:4] == ["0%", "90%", "99%", "99.9%"]
    assert ax.get_xticklabels()[-1].get_text() == "max"
    assert ax.get_xscale() == ax.get_yscale() == "log"
    r = runs["randread"]
    line = lines[0]
    x = xdata(line)
    y = ydata(line)
    i = int(np.argmin(abs(x - 100)))  # 1 / (1 - 0.99)
    assert x[i] == pytest.approx(100)
    assert y[i] == r.read.lat.percentile(99) / 1e3
    # The curve stops where the run's IOs do: no percentile beyond 1 - 1/n.
    assert x[-1] <= r.read.ios
    assert np.all(np.diff(y) >= 0)
    # The max column: each run's slowest IO.
    maxima = sorted(float(np.asarray(c.get_offsets())[0, 1]) for c in ax.collections)
    want = [o.lat.max / 1e3 for o in (r_.main for r_ in runs.values())]
    want.append(runs["open loop"].read.response.max / 1e3)  # type: ignore[union-attr]
    np.testing.assert_allclose(maxima, sorted(want))


def test_histogram_shares_add_up() -> None:
    runs = lat_runs()
    fig = plots.histogram(runs)
    lines = fig.axes[0].get_lines()
    assert len(lines) == len(runs) + 1
    for ln in lines:
        y = ydata(ln)[:-1]  # the last point closes the last step
        assert y.sum() == pytest.approx(100)
    assert fig.axes[0].get_xscale() == "log"


def test_histogram_of_a_write_op() -> None:
    r = run("randrw-nullb")
    fig = plots.histogram({"randrw": r}, op="write")
    assert len(fig.axes[0].get_lines()) == 1
    assert "write" in fig.get_suptitle()


def test_cdf_goes_from_0_to_100() -> None:
    runs = lat_runs()
    fig = plots.cdf(runs)
    lines = fig.axes[0].get_lines()
    assert len(lines) == len(runs) + 1
    for ln, r in zip(lines, [runs["randread"], runs["randrw"], runs["open loop"]],
                     strict=False):
        x = xdata(ln)
        y = ydata(ln)
        assert y[0] == 0 and y[-1] == pytest.approx(100)
        assert x[0] == r.main.lat.min / 1e3 and x[-1] == r.main.lat.max / 1e3


def test_no_latencies() -> None:
    """A run with no IO of the op asked for still gives a chart, saying so."""
    r = run("randread-nullb")
    for f in (plots.percentile_spectrum, plots.histogram, plots.cdf):
        fig = f({"reads only": r}, op="write")
        assert not fig.axes[0].get_lines()
        assert "no latencies" in fig.axes[0].texts[0].get_text()
        plots.svg(fig)


def test_timeseries() -> None:
    r = run("randrw-nullb")
    ts = r.timeseries
    assert ts is not None
    fig = plots.timeseries(r)
    top, bottom = fig.axes
    assert len(top.get_lines()) == 1 and len(bottom.get_lines()) == 3
    assert bottom.get_yscale() == "log"
    iops = ydata(top.get_lines()[0])
    # The last interval is a few µs of the run's end: merged into the one before.
    n = len(ts) - 1
    assert len(iops) == n + 1
    np.testing.assert_allclose(iops[:n - 1], ts.iops("read")[:n - 1])
    mx = ydata(bottom.get_lines()[0])
    np.testing.assert_allclose(mx[:n - 1], ts.col("read", "max_ns")[:n - 1] / 1e3)
    assert mx[n - 1] == max(ts.col("read", "max_ns")[-2:]) / 1e3
    assert "read" in top.get_ylabel()
    assert "write" in plots.timeseries(r, op="write").axes[0].get_ylabel()


def test_timeseries_shows_a_stall() -> None:
    r = run("randwrite-nvme")
    ts = r.timeseries
    assert ts is not None
    cols = {k: v.copy() for k, v in ts.columns.items()}
    cols["write"][3, :] = 0
    stalled = dataclasses.replace(r, timeseries=dataclasses.replace(ts, columns=cols))
    fig = plots.timeseries(stalled)
    top, bottom = fig.axes
    assert ydata(top.get_lines()[0])[3] == 0
    # No latency in an empty interval (0 has no place on a log axis), and it is shaded.
    assert np.isnan(ydata(bottom.get_lines()[0])[3])
    assert len(top.patches) == len(bottom.patches) == 1
    assert "no IO completed" in [t.get_text() for t in fig.legends[0].get_texts()]


def test_steady_state() -> None:
    r = run("steady-nullb")
    fig = plots.steady_state(r)
    (ax,) = fig.axes
    rounds = ax.get_lines()[0]
    np.testing.assert_allclose(ydata(rounds), [x.iops for x in r.rounds])
    np.testing.assert_allclose(xdata(rounds), [1, 2, 3, 4, 5])
    assert r.window is not None
    (span,) = bars(ax)  # the measurement window, shaded
    assert (span.get_x(), span.get_x() + span.get_width()) == (r.window.first - 0.5,
                                                              r.window.last + 0.5)
    fit = ax.get_lines()[1]
    slope = np.polyfit(xdata(rounds), ydata(rounds), 1)[0]
    np.testing.assert_allclose(np.diff(ydata(fit)), slope, atol=1e-9 * r.window.iops)
    assert "steady at round 5" in fig.texts[0].get_text()
    with pytest.raises(ValueError, match="no rounds"):
        plots.steady_state(run("randread-nullb"))


def test_timeseries_needs_one() -> None:
    total = ssdk.load(FIXTURES / "workers-nullb.json")
    assert isinstance(total, Results) and total.timeseries is None
    with pytest.raises(ValueError, match="no time series"):
        plots.timeseries(total)


def test_compare_layers_stacks_the_differences() -> None:
    c = compare()
    fig = plots.compare_layers(c)
    mean_ax, p99_ax = fig.axes[:2]
    assert [t.get_text() for t in mean_ax.get_xticklabels()] == ["bio", "kfile", "psync"]
    # Per engine, the stack's top is the engine's own latency: bases plus differences.
    def mean(r: Results) -> float:
        return r.read.lat.mean

    def p99(r: Results) -> float:
        return r.read.lat.percentile(99)

    for ax, lat in ((mean_ax, mean), (p99_ax, p99)):
        tops: dict[float, float] = {}
        for p in bars(ax):
            tops[p.get_x()] = max(tops.get(p.get_x(), 0.0), p.get_y() + p.get_height())
        np.testing.assert_allclose([tops[x] for x in sorted(tops)],
                                   [lat(c.results[e]) / 1e3 for e in ("bio", "kfile", "psync")],
                                   rtol=1e-6)
    labels = legend_texts(fig.axes[1])
    assert "filesystem (kfile - bio)" in labels and "syscall, psync (psync - kfile)" in labels
    assert not fig.get_supxlabel()


def test_compare_layers_negative_difference() -> None:
    c = compare()
    over = {k: dict(v) for k, v in c.overhead_ns.items()}
    over["kfile - bio"]["p99"] = -5000.0
    fig = plots.compare_layers(dataclasses.replace(c, overhead_ns=over))
    assert all(p.get_height() >= 0 for ax in fig.axes for p in bars(ax))
    assert "kfile - bio p99 is -5.0 µs, drawn as 0" in fig.get_supxlabel()


def test_new_vs_used_bars_are_the_table() -> None:
    """A column per workload: MB/s new, used, after TRIM on top, mean µs below."""
    p = study()
    fig = plots.new_vs_used(p)
    n = len(p.table)
    assert n == 4 and len(fig.axes) == 2 * n
    for j, row in enumerate(p.table):
        top, bottom = fig.axes[j], fig.axes[n + j]
        assert top.get_title() == row.workload
        cells = [row.cell(ph) for ph in ("new", "used", "trim")]
        assert [b.get_height() for b in bars(top)] == pytest.approx(
            [c.mb_s for c in cells if c is not None])
        assert [b.get_height() for b in bars(bottom)] == pytest.approx(
            [c.mean_ns / 1e3 for c in cells if c is not None])
        assert [t.get_text() for t in bottom.get_xticklabels()] == ["new", "used", "after TRIM"]
        # The used and after-TRIM bars say their change from new.
        labels = [t.get_text() for t in top.texts]
        assert row.used_change_pct is not None and row.trim_change_pct is not None
        assert labels[1].endswith(f"{row.used_change_pct:+.1f}%")
        assert labels[2].endswith(f"{row.trim_change_pct:+.1f}%")
        assert "%" not in labels[0]
    assert "QEMU NVMe" in fig.get_suptitle()


def test_new_vs_used_a_state_not_run() -> None:
    p = study()
    row = dataclasses.replace(p.table[0], trim=None, trim_change_pct=None)
    fig = plots.new_vs_used(dataclasses.replace(p, table=(row,)))
    top, bottom = fig.axes
    assert len(bars(top)) == len(bars(bottom)) == 2
    assert "not run" in [t.get_text() for t in top.texts]


def test_new_vs_used_needs_a_study() -> None:
    p = ssdk.load(FIXTURES / "precondition-nvme.json")
    assert isinstance(p, ssdk.Plan)
    with pytest.raises(ValueError, match="no table"):
        plots.new_vs_used(p)


def test_save_refuses_other_formats(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match=r"\.png or \.svg"):
        plots.save(plots.cdf(lat_runs()), tmp_path / "c.jpg")
    assert not (tmp_path / "c.jpg").exists()


def test_runs_as_a_sequence() -> None:
    """A list of runs is labelled by the runs' labels, two of one label kept apart."""
    r = run("randread-nullb")
    fig = plots.cdf([r, r])
    labels = [t.get_text() for t in fig.legends[0].get_texts()]
    assert labels == [r.label, f"{r.label} (2)"]


def test_names_are_not_tex() -> None:
    """A $ in a name is a $, not the start of TeX math."""
    r = run("randread-nullb")
    fig = plots.cdf({"$HOME disk $x^2$": r})
    assert "$HOME disk $x^2$" in plots.svg(fig)


def test_import_ssdk_does_not_import_matplotlib() -> None:
    code = ("import sys, ssdk, ssdk.plots, ssdk.report; "
            "sys.exit('matplotlib' in sys.modules)")
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True)


def test_heatmap_draws_the_rows() -> None:
    """The heatmap's mesh holds the intervals' heat rows, empty buckets blank."""
    from matplotlib.collections import QuadMesh

    r = run("anatomy-nullb")
    assert r.timeseries is not None and r.timeseries.heat is not None
    fig = plots.heatmap(r)
    mesh = next(c for c in fig.axes[0].collections if isinstance(c, QuadMesh))
    arr = mesh.get_array()
    assert arr is not None
    z = np.ma.filled(arr, 0.0)
    assert float(np.nansum(z)) == float(r.timeseries.heat.sum())


def test_timeseries_with_the_drives_temperature() -> None:
    """A review's temperature over the run: a third panel, its samples, the
    drive's warning temperature when near, each mark shaded on every panel."""
    from ssdk.health import FALL, WARNING, RunTemperature
    r = run("randread-nullb")  # 1 s
    t = RunTemperature("/sys/x/hwmon0/temp1_input",
                       ((-0.2, 60.0), (0.3, 62.0), (0.6, 66.0), (1.1, 70.5)),
                       ((0.3, 0.6, FALL), (0.6, 1.0, WARNING)), 69.85, 99.85, 0.25)
    fig = plots.timeseries(r, temp=t)
    top, middle, bottom = fig.axes
    assert bottom.get_ylabel() == "Drive (°C)" and bottom.get_xlabel() == "Time since start (s)"
    lines = bottom.get_lines()
    assert list(ydata(lines[0])) == [60.0, 62.0, 66.0, 70.5]
    assert list(ydata(lines[1])) == [69.85, 69.85]  # the warning temperature, dashed
    for ax in (top, middle, bottom):
        spans = [p for p in ax.patches if isinstance(p, Rectangle)]
        assert len(spans) == 2
    labels = [t.get_text() for t in fig.legends[0].get_texts()]
    assert "throughput fell as the drive heated (throttled?)" in labels
    assert "over the drive's warning temperature" in labels
    assert "drive temperature" in labels
    # without a temperature: the two panels as before
    assert len(plots.timeseries(r).axes) == 2
