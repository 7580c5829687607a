# SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause
"""ssdk-report: one self-contained, valid HTML page of the fixtures."""

from __future__ import annotations

import dataclasses
import json
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

import ssdk
from ssdk import report  # imports matplotlib only to draw
from ssdk.results import Results

from .conftest import FIXTURES, ROOT

pytest.importorskip("matplotlib")
html5lib = pytest.importorskip("html5lib")  # no type stubs: Any

FILES = sorted(FIXTURES.glob("*.json"))
ALLOWED_URLS = {"http://www.w3.org/2000/svg", "http://www.w3.org/1999/xlink"}


def docs() -> dict[str, object]:
    return {p.name: json.loads(p.read_text()) for p in FILES}


def single_runs() -> dict[str, dict[str, object]]:
    """The fixtures holding one run (a job of several workers is one run: its total)."""
    return {n: d for n, d in docs().items()
            if isinstance(d, dict) and "layers" not in d and "steps" not in d
            and "points" not in d}


def plan_docs() -> dict[str, dict[str, Any]]:
    """The fixtures of commands of several steps (a precondition, a study)."""
    return {n: d for n, d in docs().items() if isinstance(d, dict) and "steps" in d}


def expected_charts() -> set[str]:
    """The figures the page must have, worked out from the JSON, not from report.py."""
    d = docs()
    singles = len(single_runs())
    sweeps = [x for x in d.values() if isinstance(x, list)]
    curves = [x for x in d.values() if isinstance(x, dict) and "points" in x]
    compares = [x for x in d.values() if isinstance(x, dict) and "layers" in x]
    assert singles >= 2 and len(sweeps) == 1 and len(curves) == 1 and len(compares) == 1
    # A compare at several depths: its curve, and each depth's layers after the others'.
    depths = sum(len(c["points"]) for c in curves)
    ids = {"corners", "qd-1", "compare-qd-1"} | {f"layers-{i}" for i in range(1, 2 + depths)}
    groups = [f"runs-{i}" for i in range(1, -(-singles // report.MAX_LINES) + 1)]
    groups += ["sweep-1-1", "compare-1-1"]
    ids |= {f"{kind}-{g}" for g in groups for kind in ("spectrum", "histogram", "cdf")}
    runs = ([x for x in d.values() if isinstance(x, dict) and "points" not in x]
            + [r for s in sweeps for r in s]
            + [r for c in compares for r in c["results"].values()])
    with_ts = sum(1 for r in runs if "timeseries" in r)
    ids |= {f"timeseries-{i}" for i in range(1, min(with_ts, report.MAX_TIMESERIES) + 1)}
    with_rounds = sum(1 for r in d.values() if isinstance(r, dict) and r.get("rounds"))
    ids |= {f"steady-{i}" for i in range(1, with_rounds + 1)}
    studies = sum(1 for p in plan_docs().values() if "study" in p)
    ids |= {f"new-vs-used-{i}" for i in range(1, studies + 1)}
    return ids


@pytest.fixture(scope="module")
def page(tmp_path_factory: pytest.TempPathFactory) -> str:
    out = tmp_path_factory.mktemp("report") / "report.html"
    assert report.main([*map(str, FILES), "-o", str(out), "--title", "Fixtures & <co>"]) == 0
    assert [p.name for p in out.parent.iterdir()] == ["report.html"]  # no temporary left
    return out.read_text(encoding="utf-8")


def test_valid_html5(page: str) -> None:
    parser = html5lib.HTMLParser(strict=True)
    parser.parse(page)  # raises on any parse error
    assert not parser.errors
    assert page.startswith("<!DOCTYPE html>")
    assert '<meta charset="utf-8">' in page
    assert "<title>Fixtures &amp; &lt;co&gt;</title>" in page


def with_heat() -> int:
    """The runs whose time series has heat rows with IOs in them."""
    return sum(1 for d in docs().values() if isinstance(d, dict)
               and any(p.get("heat") for p in d.get("timeseries", ())))


def test_one_figure_per_chart(page: str) -> None:
    figures = re.findall(r'<figure class="chart" id="([^"]+)">(.*?)</figure>', page, re.S)
    ids = [i for i, _ in figures]
    assert len(ids) == len(set(ids))
    # A heatmap beside each time series whose intervals have heat rows.
    heat = {i for i in ids if i.startswith("heatmap-")}
    assert len(heat) == with_heat() >= 1
    assert {h.replace("heatmap-", "timeseries-") for h in heat} <= set(ids)
    assert set(ids) - heat == expected_charts()
    # The worst stall said under each heatmap.
    assert page.count('<p class="stall"><b>Worst stall.</b> The worst stall began') >= len(heat)
    assert page.count('<figure class="chart"') == len(ids)
    for fid, body in figures:
        assert body.count("<svg") == 1, fid
        caption = re.search(r"<figcaption>(.+?)</figcaption>", body, re.S)
        assert caption and len(caption.group(1)) > 40, fid
        ET.fromstring(body[body.index("<svg"):body.index("</svg>") + 6])


def test_self_contained(page: str) -> None:
    assert "<script" not in page.lower()
    assert "<img" not in page.lower() and "<link" not in page.lower()
    urls = set(re.findall(r"https?://[^\s\"'<>)]*", page))
    assert urls <= ALLOWED_URLS
    # Ids are unique across the page's SVGs too.
    ids = re.findall(r'\bid="([^"]+)"', page)
    assert len(ids) == len(set(ids))


def summary_rows(page: str) -> list[list[str]]:
    doc = html5lib.parse(page, treebuilder="etree", namespaceHTMLElements=False)
    table = doc.find(".//table[@class='summary']")
    assert table is not None
    return [["".join(td.itertext()) for td in tr] for tr in table.iter("tr")]


def test_summary_has_every_run(page: str) -> None:
    rows = summary_rows(page)
    head = rows[0]
    assert head[:4] == ["File", "Run", "Op", "State"] and "IOPS" in head and "Max µs" in head
    by_file_op: dict[tuple[str, str], list[str]] = {}
    for r in rows[1:]:  # a job's total comes before its workers
        by_file_op.setdefault((r[0], r[2]), r)
    for name, d in single_runs().items():
        run = d.get("total", d)
        for op in ("read", "write"):
            o = run[op]  # type: ignore[index]
            if not o["ios"]:
                continue
            row = by_file_op[(name, op)]
            assert row[head.index("IOPS")] == f"{o['iops']:,.0f}"
            assert row[head.index("MB/s")] == f"{o['bw_bytes'] / 1e6:,.1f}"
            assert row[head.index("Max µs")] == f"{o['lat_ns']['max'] / 1e3:,.1f}"
            assert row[head.index("p99 µs")] == \
                f"{o['lat_ns']['percentiles']['99.000000'] / 1e3:,.1f}"
            assert row[head.index("Errors")] == str(o["errors"])
    # A sweep gives a row per queue depth; a compare one per engine.
    assert sum(1 for r in rows if r[0] == "sweep-nullb.json") == 4
    assert [r[1] for r in rows if r[0] == "compare-nvme.json"] == ["bio", "kfile", "psync"]
    # The open-loop run's response times have their own row.
    assert ("openloop-nullb.json", "read, response time") in by_file_op


def test_conditions_not_recorded(page: str) -> None:
    doc = html5lib.parse(page, treebuilder="etree", namespaceHTMLElements=False)
    table = doc.find(".//table[@class='conditions']")
    assert table is not None
    text = "".join(table.itertext())
    assert "not recorded" in text and "/dev/nvme0n1" in text and "/mnt/fx/ssdk.dat" in text


def test_conditions_recorded_and_escaped() -> None:
    r = ssdk.load(FIXTURES / "randread-nullb.json")
    assert isinstance(r, Results)
    # The keys the CLI writes (kernel, ssdk, device) and the Python package adds.
    r = dataclasses.replace(r, conditions={
        "kernel": "6.12.95+deb12-amd64", "ssdk": "0.1.0", "date": "2025-11-25T10:27:00Z",
        "device": "Samsung <990> & co 4B2QJXD7", "host": "bench1", "scheduler": "none"})
    page = report.render([r], "one run")
    doc = html5lib.parse(page, treebuilder="etree", namespaceHTMLElements=False)
    table = doc.find(".//table[@class='conditions']")
    assert table is not None
    head, row = (["".join(c.itertext()) for c in tr] for tr in table.iter("tr"))
    cells = dict(zip(head, row, strict=True))
    assert cells["Kernel"] == "6.12.95+deb12-amd64" and cells["ssdk version"] == "0.1.0"
    assert cells["Date"] == "2025-11-25T10:27:00Z" and cells["Host"] == "bench1"
    assert cells["Device"] == "Samsung <990> & co 4B2QJXD7" and cells["Other"] == "scheduler: none"
    assert "Samsung &lt;990&gt; &amp; co" in page and "<990>" not in page
    parser = html5lib.HTMLParser(strict=True)
    parser.parse(page)
    # One run: no corners chart, but its latency and time series.
    ids = re.findall(r'<figure class="chart" id="([^"]+)"', page)
    assert ids == ["spectrum-runs-1", "histogram-runs-1", "cdf-runs-1", "timeseries-1"]


def test_conditions_empty_device() -> None:
    """A null_blk has no model in sysfs: recorded as "", shown as unknown."""
    r = ssdk.load(FIXTURES / "randread-nullb.json")
    assert isinstance(r, Results)
    r = dataclasses.replace(r, conditions={"kernel": "6.1.0", "ssdk": "0.1.0", "device": ""})
    page = report.render([r], "nullb")
    assert '<span class="nr">unknown</span>' in page


def test_two_sweeps_share_a_chart() -> None:
    s = ssdk.load(FIXTURES / "sweep-nullb.json")
    assert isinstance(s, list)
    page = report.render([s, s[:2]], "sweeps", ["a.json", "b.json"])
    ids = re.findall(r'<figure class="chart" id="([^"]+)"', page)
    assert {"qd-1", "qd-2", "qd-all"} <= set(ids) and "corners" not in ids


def one_stderr_line(capsys: pytest.CaptureFixture[str], path: Path) -> str:
    out, err = capsys.readouterr()
    assert out == ""
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"ssdk-report: {path}: "), err
    return lines[0]


def test_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "r.html"
    missing = tmp_path / "nope.json"
    assert report.main([str(FILES[0]), str(missing), "-o", str(out)]) == 1
    assert "No such file" in one_stderr_line(capsys, missing)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(("content", "why"), [
    ("not json at all\n", "not JSON"),
    (b"\xff\xfe{", "not JSON"),
    ('{"hello": "world"}', "not ssdk results"),
    ("[1, 2]", "not"),
    ("[]", "empty sweep"),
    ('{"results": [], "overhead_ns": {}, "layers": {}}', "not ssdk results"),
])
def test_not_ssdk_results(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                          content: str | bytes, why: str) -> None:
    bad = tmp_path / "bad.json"
    if isinstance(content, bytes):
        bad.write_bytes(content)
    else:
        bad.write_text(content)
    out = tmp_path / "r.html"
    assert report.main([str(bad), "-o", str(out)]) == 1
    assert why in one_stderr_line(capsys, bad)
    assert not out.exists()


def test_unwritable_output(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "no" / "such" / "dir" / "r.html"
    assert report.main([str(FILES[0]), "-o", str(out)]) == 1
    one_stderr_line(capsys, out)
    assert not out.parent.exists()


def test_without_matplotlib(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib: ImportError
    out = tmp_path / "r.html"
    assert report.main([str(FILES[0]), "-o", str(out)]) == 1
    _, err = capsys.readouterr()
    assert len(err.splitlines()) == 1 and "pip install matplotlib" in err
    assert not out.exists()


def table_rows(page: str, cls: str) -> list[list[list[str]]]:
    """The rows' cells' text of every table of class *cls*, in the page's order."""
    doc = html5lib.parse(page, treebuilder="etree", namespaceHTMLElements=False)
    return [[["".join(td.itertext()) for td in tr] for tr in t.iter("tr")]
            for t in doc.iterfind(f".//table[@class='{cls}']")]


def test_study_section_is_the_seeds_table(page: str) -> None:
    """Per workload MB/s, mean and max latency new, used and after TRIM, and the
    change from new: the JSON's figures (the latencies' changes worked out here)."""
    (study,) = [d for d in plan_docs().values() if "study" in d]
    (rows,) = table_rows(page, "study")
    assert rows[0] == ["Workload", "", "New", "Used", "After TRIM", "Used vs new",
                       "After TRIM vs new"]
    assert len(rows) == 1 + 3 * len(study["table"])
    for i, t in enumerate(study["table"]):
        mb, mean, mx = rows[1 + 3 * i:4 + 3 * i]
        assert [mb[0], mb[1], mean[0], mean[1], mx[1]] == [t["workload"], "MB/s", "", "mean µs",
                                                           "max µs"]
        ph = ("new", "used", "trim")
        assert mb[2:5] == [f"{t[p]['bw_bytes'] / 1e6:,.1f}" for p in ph]
        assert mean[2:5] == [f"{t[p]['lat_ns']['mean'] / 1e3:,.1f}" for p in ph]
        assert mx[2:5] == [f"{t[p]['lat_ns']['max'] / 1e3:,.1f}" for p in ph]
        assert mb[5:] == [f"{t['used_change_pct']:+.1f}%", f"{t['trim_change_pct']:+.1f}%"]
        new, used = t["new"]["lat_ns"]["max"], t["used"]["lat_ns"]["max"]
        assert mx[5] == f"{(used - new) * 100 / new:+.1f}%"
    assert "<h2>Study new-vs-used of " in page and 'id="new-vs-used-1"' in page


def test_plan_steps_tables(page: str) -> None:
    plans = plan_docs()
    tables = table_rows(page, "steps")
    assert len(tables) == len(plans)
    for rows, (name, d) in zip(tables, plans.items(), strict=True):
        assert rows[0] == ["Step", "State", "Bytes", "Time", "MB/s"]
        assert [r[0] for r in rows[1:]] == [s["what"] for s in d["steps"]], name
        for r, s in zip(rows[1:], d["steps"], strict=True):
            assert r[1] == s["state"]
            if "run" in s:
                o = s["run"]
                assert r[4] == f"{(o['read']['bw_bytes'] + o['write']['bw_bytes']) / 1e6:,.1f}"
            else:  # a purge by the drive: its bytes are the namespace's, not a rate
                assert r[4] == "\u2013" and r[2] == report.fmt_bytes(s["bytes"])
    pre = tables[0]
    assert [r[2] for r in pre[1:]] == ["64 MiB", "64 MiB"]
    assert "precondition wipc of /dev/nvme0n1, span 64 MiB from 0 B, 2 passes: done, 128 MiB" \
        " written" in page


def test_plan_runs_only_in_their_sections(page: str) -> None:
    """A plan's runs are in the conditions, under its title, not in the summary of runs."""
    files = {r[0] for r in summary_rows(page)[1:]}
    assert not files & set(plan_docs())
    doc = html5lib.parse(page, treebuilder="etree", namespaceHTMLElements=False)
    table = doc.find(".//table[@class='conditions']")
    assert table is not None
    text = "".join(table.itertext())
    assert "study new-vs-used (study-nvme.json)" in text
    assert "precondition wipc (precondition-nvme.json)" in text
    assert "QEMU NVMe Ctrl 7.2.22" in text


def test_a_study_alone() -> None:
    p = ssdk.load(FIXTURES / "study-nvme.json")
    assert isinstance(p, ssdk.Plan)
    page = report.render([p], "study", ["study.json"])
    html5lib.HTMLParser(strict=True).parse(page)
    assert "<h2>Summary</h2>" not in page and "15 runs from 1 inputs" in page
    assert re.findall(r'<figure class="chart" id="([^"]+)"', page) == ["new-vs-used-1"]


def test_a_wdpc_precondition_shows_its_rounds() -> None:
    """SNIA's WDPC is a run to steady state: its section has the steady-state chart."""
    r = ssdk.load(FIXTURES / "steady-nullb.json")
    assert isinstance(r, Results)
    what = "wdpc: randwrite 4k QD32 to steady state"
    p = ssdk.Plan("precondition", "wdpc", r.target, 0, r.target_size, 1, "done",
                  r.write.bytes, (ssdk.Step(what, "new", "done", results=r),))
    page = report.render([p], "wdpc")
    ids = re.findall(r'<figure class="chart" id="([^"]+)"', page)
    assert ids == ["plan-1-steady-1"] and "1 pass:" in page


def test_a_trace_summary(tmp_path: Path) -> None:
    """ssdk -j trace summary's JSON (the real CLI's, of the shipped trace): a section
    with the figures reviews quote and its chart."""
    repo = ROOT.parent.parent
    cli = repo / "userspace" / "ssdk"
    if not cli.exists():
        pytest.skip("the CLI is not built")
    out = tmp_path / "mix.json"
    out.write_text(subprocess.run([str(cli), "-j", "trace", "summary",
                                   str(repo / "traces" / "mix.iolog")],
                                  check=True, capture_output=True, text=True).stdout)
    t = report.read_input(str(out))
    assert isinstance(t, ssdk.trace.TraceSummary)
    assert t.ios == 2000 and t.format == "iolog3" and t.qd_ios == []
    assert t == ssdk.trace.summary(repo / "traces" / "mix.iolog")
    page = report.render([t], "trace", ["mix.json"])
    html5lib.HTMLParser(strict=True).parse(page)
    assert re.findall(r'<figure class="chart" id="([^"]+)"', page) == ["trace-1"]
    assert "<h2>Trace mix.iolog (mix.json)</h2>" in page and "2,000 IOs (iolog3)" in page


def review_step_dir(tmp_path: Path, temp_file: str = "temp-01.json") -> Path:
    """A review's directory as ssdk review leaves it, of one step sampled:
    its run (id 1) started 2 s into the step."""
    d = tmp_path / "review"
    d.mkdir()
    (d / "01-read.json").write_text((FIXTURES / "randread-nullb.json").read_text())
    (d / "review.json").write_text(json.dumps({"steps": [
        {"step": 1, "name": "read", "file": "01-read.json", "state": "done",
         "temperature": {"file": temp_file, "source": "/sys/x/temp1_input", "samples": 4,
                         "min_c": 50.0, "max_c": 58.0, "marks": ["throughput"]}}]}))
    (d / "temp-01.json").write_text(json.dumps({
        "source": "/sys/x/temp1_input", "period_s": 0.25, "warning_c": 69.85,
        "critical_c": 99.85, "samples": [[1.9, 50.0], [2.3, 53.0], [2.6, 58.0], [3.1, 57.5]],
        "runs": [{"id": 1, "start_s": 2.0, "marks": [[0.3, 0.6, "throughput"]]},
                 {"id": 2, "start_s": 9.0, "marks": []}]}))
    return d


def test_a_review_steps_temperature_under_its_time_series(tmp_path: Path) -> None:
    d = review_step_dir(tmp_path)
    temps = report.review_temperatures(d / "01-read.json")
    assert set(temps) == {1, 2}
    t = temps[1]
    assert t.samples == ((-0.1, 50.0), (0.3, 53.0), (0.6, 58.0), (1.1, 57.5))
    assert t.marks == ((0.3, 0.6, "throughput"),) and t.period_s == 0.25
    assert t.warning_c == 69.85 and t.range_text == "50-58 °C"
    out = tmp_path / "report.html"
    assert report.main(["-o", str(out), str(d / "01-read.json")]) == 0
    page = out.read_text()
    html5lib.HTMLParser(strict=True).parse(page)
    doc = html5lib.parse(page, treebuilder="etree", namespaceHTMLElements=False)
    fig = doc.find(".//figure[@id='timeseries-1']")
    assert fig is not None
    cap = "".join(fig.find("figcaption").itertext())
    assert "(middle)" in cap
    assert ("Bottom: the drive's temperature, 50-58 °C, sampled every 0.25 s from"
            " /sys/x/temp1_input. Shaded: throughput more than 20% below") in cap
    assert "(throttled?)" in cap
    # the chart a third taller, its third panel the temperature's
    body = page[page.index('id="timeseries-1"'):]
    height = re.search(r'<svg[^>]* height="([0-9.]+)pt"', body)
    assert height is not None and float(height.group(1)) == pytest.approx(5 * 1.35 * 72)


def test_no_temperature_without_a_review_or_its_samples(tmp_path: Path) -> None:
    assert report.review_temperatures(FIXTURES / "randread-nullb.json") == {}
    # a record naming a file outside its directory is not followed
    d = review_step_dir(tmp_path, "../temp-01.json")
    assert report.review_temperatures(d / "01-read.json") == {}
    # a run shorter than the samples' period either side: no temperature panel
    (d / "review.json").write_text((d / "review.json").read_text().replace(
        "../temp-01.json", "temp-01.json"))
    doc = json.loads((d / "temp-01.json").read_text())
    doc["samples"] = [[0.0, 50.0], [9.0, 51.0]]
    (d / "temp-01.json").write_text(json.dumps(doc))
    out = tmp_path / "report.html"
    assert report.main(["-o", str(out), str(d / "01-read.json")]) == 0
    assert "the drive's temperature" not in out.read_text()
