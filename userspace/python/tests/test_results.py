# SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause
"""JSON of real runs (made by the CLI in a VM: tests/make-fixtures) -> dataclasses."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest

import ssdk
from ssdk.results import OPS, pct_key

from .conftest import FIXTURES

RUN_FILES = sorted(p for p in FIXTURES.glob("*.json")
                   if not p.name.startswith(("sweep", "compare")))


def run_docs(path: Path) -> list[tuple[str, dict[str, Any]]]:
    """Every run object of a fixture, with a name: workers and totals included,
    the runs of a precondition's or a study's steps, and of a compare's depths."""
    doc = json.loads(path.read_text())
    if isinstance(doc, dict) and "steps" in doc:
        return [(f"{path.name}:steps[{i}]", s["run"]) for i, s in enumerate(doc["steps"])
                if "run" in s]
    if isinstance(doc, list):
        out = []
        for i, d in enumerate(doc):
            out += [(f"{path.name}[{i}]{n}", x) for n, x in _runs_of(d)]
        return out
    if "layers" in doc:
        return [(f"{path.name}:{k}", v) for k, v in doc["results"].items()]
    if "points" in doc:
        return [(f"{path.name}:qd{p['iodepth']}:{k}", v) for p in doc["points"]
                for k, v in p["results"].items()]
    return [(f"{path.name}{n}", x) for n, x in _runs_of(doc)]


def _runs_of(d: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    if "workers" in d:
        workers = [(f".workers[{i}]", w) for i, w in enumerate(d["workers"])]
        return [*workers, (".total", d["total"])]
    return [("", d)]


ALL_RUNS = [x for p in sorted(FIXTURES.glob("*.json")) for x in run_docs(p)]


def test_fixtures_are_there() -> None:
    assert len(ALL_RUNS) >= 12


@pytest.mark.parametrize(("name", "doc"), ALL_RUNS, ids=[n for n, _ in ALL_RUNS])
def test_percentiles_equal_the_clis(name: str, doc: dict[str, Any]) -> None:
    r = ssdk.Results.from_json(doc)
    checked = 0
    for op in OPS:
        o = r.op(op)
        for lat, jl in ((o.lat, doc[op]), (o.response, doc[op].get("response"))):
            if lat is None or jl is None:
                continue
            want = jl["lat_ns"]["percentiles"]
            got = lat.percentiles()
            assert {pct_key(p): v for p, v in got.items()} == want or (not want and o.ios == 0)
            checked += len(want)
    assert checked or (r.read.ios == 0 and r.write.ios == 0)


@pytest.mark.parametrize(("name", "doc"), ALL_RUNS, ids=[n for n, _ in ALL_RUNS])
def test_fields_are_the_jsons(name: str, doc: dict[str, Any]) -> None:
    r = ssdk.Results.from_json(doc)
    assert r.id == doc["id"] and r.state == doc["state"] and r.target == doc["target"]
    assert r.iodepth == doc["config"]["iodepth"] and r.rw == doc["config"]["rw"]
    for op in OPS:
        o, j = r.op(op), doc[op]
        assert (o.ios, o.bytes, o.errors) == (j["ios"], j["bytes"], j["errors"])
        assert o.iops == j["iops"]
        assert o.mb_s == pytest.approx(j["bw_bytes"] / 1e6)
        assert o.mib_s == pytest.approx(j["bw_bytes"] / 2**20)
        assert (o.lat.min, o.lat.max) == (j["lat_ns"]["min"], j["lat_ns"]["max"])
        assert o.lat.histogram is not None
        assert o.lat.histogram.total == o.ios
        assert o.lat.histogram.triples() == j["histogram"]
    if "slowest" in doc:
        assert [s.to_json() for s in r.slowest] == doc["slowest"]
        assert r.timeseries is not None and len(r.timeseries) == len(doc["timeseries"])
        if doc["slowest"]:
            assert r.slowest[0].lat_ns == max(doc["read"]["lat_ns"]["max"],
                                              doc["write"]["lat_ns"]["max"])


@pytest.mark.parametrize("path", sorted(FIXTURES.glob("*.json")), ids=lambda p: p.name)
def test_to_json_round_trips(path: Path) -> None:
    """What Python writes reads back as the same results, and is the CLI's document."""
    x = ssdk.load(path)
    items: list[ssdk.Results] = (x if isinstance(x, list) else
                                 list(x.results.values()) if isinstance(x, ssdk.Comparison)
                                 else [r for p in x.points for r in p.results.values()]
                                 if isinstance(x, ssdk.CompareCurves)
                                 else list(x.runs) if isinstance(x, (ssdk.Plan, ssdk.Repeats))
                                 else [r for p in x.points for r in p.runs]
                                 if isinstance(x, ssdk.RepeatedSweep) else [x])
    for r in items:
        again = ssdk.Results.from_json(json.loads(json.dumps(r.to_json())))
        assert again.to_json() == r.to_json()
    if isinstance(x, (ssdk.Results, ssdk.Plan)) and not (isinstance(x, ssdk.Results)
                                                         and x.workers):
        assert _close(x.to_json(), json.loads(path.read_text()))


def _close(a: Any, b: Any) -> bool:
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_close(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_close(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, float) or isinstance(b, float):
        return math.isclose(a, b, rel_tol=1e-12)
    return bool(a == b)


def test_compare_curves_are_each_engines_runs_by_depth() -> None:
    """compare --iodepth 1,4: a Comparison per depth, each engine's curve its
    runs in depth order, the achieved depths Little's law over each run, and
    the document written back as the CLI wrote it."""
    path = FIXTURES / "compare-qd-nullb.json"
    cc = ssdk.load(path)
    assert isinstance(cc, ssdk.CompareCurves)
    assert [p.iodepth for p in cc.points] == [1, 4]
    curves = cc.curves()
    assert list(curves) == ["bio", "uring-raw", "psync-raw"]
    for engine, runs in curves.items():
        assert [r.iodepth for r in runs] == [1, 4]
        for p, r in zip(cc.points, runs, strict=True):
            little = r.read.iops * r.read.lat.mean / 1e9
            assert math.isclose(p.achieved_iodepth[engine], little, rel_tol=1e-9)
            assert (engine in p.short_of_iodepth) == (little < 0.9 * p.iodepth)
    assert _close(cc.to_json(), json.loads(path.read_text()))


def test_open_loop_has_response_times_and_late() -> None:
    r = ssdk.Results.from_json(FIXTURES / "openloop-nullb.json")
    assert r.late is not None
    assert r.read.response is not None
    # Response time includes the wait for a slot: never below service time.
    assert r.read.response.max >= r.read.lat.max
    assert r.read.response.percentile(50) >= r.read.lat.percentile(50) * 0.99


def test_a_job_of_workers_is_their_total() -> None:
    r = ssdk.Results.from_json(FIXTURES / "workers-nullb.json")
    assert len(r.workers) == 2
    assert r.read.ios == sum(w.read.ios for w in r.workers)
    assert r.iodepth == sum(w.iodepth for w in r.workers)
    assert r.read.lat.max == max(w.read.lat.max for w in r.workers)


def test_histogram_merge_is_the_totals() -> None:
    r = ssdk.Results.from_json(FIXTURES / "workers-nullb.json")
    h0, h1 = (w.read.lat.histogram for w in r.workers)
    assert h0 is not None and h1 is not None and r.read.lat.histogram is not None
    assert h0.merged(h1).triples() == r.read.lat.histogram.triples()


def test_a_sweep_is_a_list_by_iodepth() -> None:
    s = ssdk.load(FIXTURES / "sweep-nullb.json")
    assert isinstance(s, list)
    assert [r.iodepth for r in s] == [1, 2, 4, 8]


def test_a_compare_has_layers() -> None:
    c = ssdk.load(FIXTURES / "compare-nvme.json")
    assert isinstance(c, ssdk.Comparison)
    assert list(c.results) == ["bio", "kfile", "psync"]
    assert c.layers["kfile - bio"] == "filesystem"
    assert c.results["kfile"].engine == "kfile"


def test_percentile_rule() -> None:
    """Rank ceil(p/100 n): 99.9 of 1000 is rank 999; midpoints clamp to [min, max]."""
    h = ssdk.Histogram.from_triples([[100, 100, 998], [200, 201, 1], [300, 303, 1]])
    assert h.percentile(99.9, 100, 302) == 200
    assert h.percentile(100, 100, 302) == 302
    assert h.percentile(0, 100, 302) == 100
    assert h.percentile(99.95, 100, 302) == 301  # midpoint of 300..303
    assert h.percentile(99.99, 100, 300) == 300  # clamped to max
    over = ssdk.Histogram.from_triples([[1, 1, 1], [5, (1 << 64) - 1, 1]])
    assert over.percentile(99, 1, 7_000_000_000_000) == 7_000_000_000_000
    assert ssdk.Histogram.empty().percentile(50, 0, 0) == 0


def test_timeseries_sums_ops() -> None:
    r = ssdk.Results.from_json(FIXTURES / "randrw-nullb.json")
    ts = r.timeseries
    assert ts is not None
    both = ts.iops()
    assert (both == ts.iops("read") + ts.iops("write")).all()
    assert (ts.col(None, "max_ns") >= ts.col("read", "max_ns")).all()
    assert ts.interval_ns == 100_000_000


@pytest.mark.parametrize("bad", ['{"id": 1}', "[1, 2]", '{"results": {}}'])
def test_not_results_is_a_clear_error(bad: str) -> None:
    with pytest.raises((ValueError, KeyError, TypeError)):
        ssdk.load(bad)


def test_missing_file() -> None:
    with pytest.raises(FileNotFoundError):
        ssdk.load("/nonexistent/run.json")


def test_rounds_to_steady_state() -> None:
    """A run of rounds (made by the CLI): each round, its window's test, the window."""
    from ssdk.progress import _rounds
    r = ssdk.Results.from_json(FIXTURES / "steady-nullb.json")
    assert (r.rounds_done, r.steady_round) == (5, 5)
    assert [x.round for x in r.rounds] == [1, 2, 3, 4, 5]
    assert [x.steady for x in r.rounds] == [None, None, None, None, True]
    assert r.window is not None and (r.window.first, r.window.last) == (1, 5)
    assert r.window.ios == sum(x.ios for x in r.rounds)
    assert r.window.max_ns == max(x.max_ns for x in r.rounds)
    assert _rounds(r) == "  round 5/8, steady at 5"
    assert _rounds(ssdk.Results.from_json(FIXTURES / "randread-nullb.json")) == ""


def test_anatomy_fixture() -> None:
    """A run with anatomy: its stages per op (block, device and end-io
    counting every IO, their means adding up to the latency's), each
    record's adding up to its latency, the time series' stages and heat
    rows, where the tail went and the worst stall (libssdk's rules)."""
    r = ssdk.load(FIXTURES / "anatomy-nullb.json")
    assert isinstance(r, ssdk.Results)
    st = r.read.stages
    assert [st[s].ios for s in ("block", "device", "end-io", "reap")] == [r.read.ios] * 4
    assert st["idle"].ios == r.read.ios - r.iodepth
    assert sum(st[s].lat.mean for s in ("block", "device", "end-io")) == pytest.approx(
        r.read.lat.mean, rel=1e-9)
    for io in r.slowest:
        assert io.block_ns is not None and io.device_ns is not None
        assert io.block_ns + io.device_ns + (io.end_io_ns or 0) == io.lat_ns
    assert r.anatomy_unsplit == 0
    ts = r.timeseries
    assert ts is not None and ts.heat is not None and ts.stages is not None
    assert int(ts.heat.sum()) == int(ts.col(None, "ios").sum())
    assert list(ts.stages["read"]["device"][:, 0]) == list(ts.col("read", "ios"))
    tail = r.tail_stages()
    assert tail is not None and abs(sum(tail[1].values()) - 1) < 1e-9
    stall = r.worst_stall()
    assert stall is not None and stall.length_ns == r.slowest[0].lat_ns
    assert stall.text.startswith("The worst stall began") and stall.top_stage in tail[1]
