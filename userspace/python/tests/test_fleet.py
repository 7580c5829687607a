# SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause
"""ssdk.fleet: the merge of several hosts' runs against the union the CLI made.

workers-nullb.json holds two real runs side by side (``ssdk ctl run
--target A --target B``) and their total, which the CLI computed from the
kernel's exact sums: merging the two runs as two hosts must give the same
counts, histogram, extremes and percentiles (the rates are summed here, as
a fleet's are, where the CLI's total divides by the longest window).
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import ssdk
from ssdk.fleet import Clock, HostRun, main, merge
from ssdk.histogram import REPORT_PERCENTILES
from ssdk.report import read_input
from ssdk.results import OPS, Results, pct_key

from .conftest import FIXTURES

JOB = FIXTURES / "workers-nullb.json"


def two_hosts() -> tuple[list[dict[str, Any]], dict[str, Any]]:
    doc = json.loads(JOB.read_text())
    return doc["workers"], doc["total"]


def test_merge_equals_the_clis_union() -> None:
    workers, union = two_hosts()
    hosts = [HostRun(f"h{i}", Results.from_json(w)) for i, w in enumerate(workers)]
    got = merge(hosts).total.to_json()
    assert got["completed"] == union["completed"]
    assert got["io_errors"] == union["io_errors"]
    assert got["measured_ns"] == union["measured_ns"]
    for op in OPS:
        g, u = got[op], union[op]
        for key in ("ios", "bytes", "errors"):
            assert g[key] == u[key] == sum(w[op][key] for w in workers), (op, key)
        assert g["histogram"] == u["histogram"], op
        assert sum(c for _, _, c in g["histogram"]) == g["ios"]
        assert g["lat_ns"]["min"] == u["lat_ns"]["min"]
        assert g["lat_ns"]["max"] == u["lat_ns"]["max"]
        assert g["lat_ns"]["percentiles"] == u["lat_ns"]["percentiles"], op
        # Pooled from each host's doubles: equal to the kernel's exact sums'
        # to rounding.
        for key in ("mean", "stddev"):
            assert math.isclose(g["lat_ns"][key], u["lat_ns"][key], rel_tol=1e-9), (op, key)
        # A fleet's rate is the sum of the hosts' own rates.
        assert g["iops"] == pytest.approx(sum(w[op]["iops"] for w in workers), rel=1e-12)
        assert g["bw_bytes"] == pytest.approx(sum(w[op]["bw_bytes"] for w in workers),
                                              rel=1e-12)
    assert got["read"]["ios"] > 1000  # the check above compared something


def test_percentiles_are_those_of_all_latencies() -> None:
    """Each percentile is the bucket of the rank-th latency of both hosts' together.

    The latencies are known to their bucket: list every one of both hosts
    (each bucket's lower bound, count times), sort, and take rank
    ceil(p/100 * n); the merged percentile must be that bucket's midpoint.
    """
    workers, _ = two_hosts()
    hosts = [HostRun(f"h{i}", Results.from_json(w)) for i, w in enumerate(workers)]
    total = merge(hosts).total.read
    rows = [r for w in workers for r in w["read"]["histogram"]]
    values = np.sort(np.concatenate([np.full(c, lo, dtype=np.uint64) for lo, _, c in rows]))
    upper = {lo: up for lo, up, _ in rows}
    assert len(values) == total.ios
    pcts = total.lat.percentiles(REPORT_PERCENTILES)
    for p in REPORT_PERCENTILES:
        rank = max(math.ceil(p / 100 * len(values) - 1e-9), 1)
        lo = int(values[rank - 1])
        want = min(max(lo + (upper[lo] - lo) // 2, total.lat.min), total.lat.max)
        assert pcts[p] == want, p
    # Not the average of the hosts' percentiles (they differ here).
    p99 = [w["read"]["lat_ns"]["percentiles"][pct_key(99)] for w in workers]
    assert p99[0] != p99[1]


def test_json_is_a_job_of_several_runs(tmp_path: Path) -> None:
    workers, _ = two_hosts()
    for i, w in enumerate(workers):
        (tmp_path / f"h{i}.json").write_text(json.dumps(w))
        (tmp_path / f"h{i}.clock").write_text(json.dumps(
            {"barrier_ns": 10**18, "start_ns": 10**18 + 1000 * (i + 1),
             "end_ns": 10**18 + 10**9 + 5000 * i}))
    out = tmp_path / "fleet.json"
    args = ["merge", "-o", str(out), *(f"h{i}={tmp_path}/h{i}.json" for i in range(2))]
    for i in range(2):
        args += ["--clock", f"h{i}={tmp_path}/h{i}.clock"]
    assert main(args) == 0
    doc = json.loads(out.read_text())
    assert doc["fleet"]["hosts"] == ["h0", "h1"]
    assert doc["fleet"]["start_spread_ns"] == 1000
    assert doc["fleet"]["end_spread_ns"] == 5000
    r = ssdk.load(doc)
    assert isinstance(r, Results)
    assert len(r.workers) == 2
    assert r.read.ios == sum(w["read"]["ios"] for w in workers)
    assert doc["total"]["read"]["lat_ns"]["percentiles"][pct_key(99)] > 0
    # ssdk-report reads it as it reads the CLI's.
    assert isinstance(read_input(str(out)), Results)


def test_text_table(capsys: pytest.CaptureFixture[str]) -> None:
    workers, _ = two_hosts()
    hosts = [HostRun(f"h{i}", Results.from_json(w), Clock(0, 2000 * i, 10**9))
             for i, w in enumerate(workers)]
    assert merge(hosts).spread() == (2000, 0)
    assert main(["merge", f"h0={JOB}"]) == 0  # a job of several runs: its total
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split()[:4] == ["host", "op", "start", "IOPS"]
    assert lines[1].split()[0] == "fleet"
    assert lines[2].split()[0] == "h0"
    assert "not recorded" in lines[-1]


@pytest.mark.parametrize("args", [["merge", "nofile"], ["merge", "h="],
                                  ["merge", f"a={JOB}", "--clock", "b"]])
def test_usage_errors(args: list[str], capsys: pytest.CaptureFixture[str],
                      tmp_path: Path) -> None:
    assert main([*args, "-o", str(tmp_path / "out.json")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("ssdk-fleet: ") and err.count("\n") == 1
    assert not list(tmp_path.iterdir())


def test_runtime_errors(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    assert main(["merge", f"a={tmp_path}/missing.json"]) == 1
    assert main(["merge", f"a={bad}"]) == 1
    assert main(["merge", f"a={JOB}", f"a={JOB}"]) == 1
    assert main(["merge", f"a={JOB}", "--clock", f"b={bad}"]) == 1
    errs = capsys.readouterr().err.splitlines()
    assert len(errs) == 4 and all(e.startswith("ssdk-fleet: ") for e in errs)
