# SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause
"""Commands of several steps (made by the CLI in a VM: tests/make-fixtures) -> Plan.

The study's table is the CLI's arithmetic on its runs: checked here
against the runs of the same document, so a table that drifts from its
steps fails.
"""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import ssdk
from ssdk.plan import PHASES, change_pct

from .conftest import FIXTURES, ROOT

WORKLOADS = ["randwrite 4k QD3", "randread 4k QD3", "write 128k QD1", "read 128k QD1"]


def doc(name: str) -> dict[str, Any]:
    d: dict[str, Any] = json.loads((FIXTURES / f"{name}.json").read_text())
    return d


def plan(src: str | dict[str, Any]) -> ssdk.Plan:
    p = ssdk.load(FIXTURES / f"{src}.json" if isinstance(src, str) else src)
    assert isinstance(p, ssdk.Plan)
    return p


def test_precondition() -> None:
    p = plan("precondition-nvme")
    assert (p.kind, p.name, p.title) == ("precondition", "wipc", "precondition wipc")
    assert (p.target, p.offset, p.span, p.passes) == ("/dev/nvme0n1", 0, 64 << 20, 2)
    assert (p.state, p.bytes_written) == ("done", 128 << 20)
    assert [s.what for s in p.steps] == [f"wipc: 128k sequential writes, pass {i} of 2"
                                         for i in (1, 2)]
    assert {(s.kind, s.phase, s.state, s.workload) for s in p.steps} == {
        ("run", "new", "done", None)}
    assert p.table == () and p.workloads == []
    # Each pass writes the span once; the plan's bytes are its runs' writes.
    assert [s.bytes for s in p.steps] == [64 << 20, 64 << 20]
    assert p.bytes_written == sum(r.write.bytes for r in p.runs)
    r = p.runs[0]
    assert (r.rw, r.bs, r.iodepth, r.label) == ("write", 128 << 10, 32, p.steps[0].what)
    assert p.steps[0].mb_s == pytest.approx(r.write.bw_bytes / 1e6)


def test_study_steps() -> None:
    p = plan("study-nvme")
    assert (p.kind, p.name, p.state, p.passes, p.span) == ("study", "new-vs-used", "done", 1,
                                                           64 << 20)
    assert len(p.steps) == 16 and all(s.state == "done" for s in p.steps)
    assert [s.phase for s in p.steps] == ["new"] * 5 + ["used"] * 6 + ["trim"] * 5
    purge = p.steps[0]
    assert purge.kind == "nvme" and purge.results is None and purge.nvme is not None
    assert (purge.nvme.method, purge.nvme.target) == ("nvme-format", "/dev/nvme0n1")
    raw = doc("study-nvme")["steps"][0]
    assert purge.bytes == 16 << 30 and purge.elapsed_ns == raw["elapsed_ns"] > 0
    assert purge.mb_s is None
    assert len(p.runs) == 15
    assert p.workloads == WORKLOADS
    # The steps that make the drive's states measure no workload.
    assert [s.what for s in p.steps if s.workload is None] == [
        "new: nvme-format of the namespace", "used: fill: 128k sequential writes",
        "used: 4k random writes, 1 x the span", "trim: discard of the span"]
    for phase in PHASES:
        assert [s.workload for s in p.steps if s.phase == phase and s.workload] == WORKLOADS
    # The discard is a purge run: it writes no data, and bytes_written leaves it out.
    discard = p.steps[11].results
    assert discard is not None and discard.config["purge"] == "discard"
    assert p.bytes_written == sum(r.write.bytes for r in p.runs if not r.config["purge"])


def test_study_target_is_its_runs() -> None:
    p = plan("study-nvme")
    assert {p.target} == {r.target for r in p.runs}


@pytest.mark.parametrize("workload", WORKLOADS)
def test_study_table_is_its_runs(workload: str) -> None:
    """Each cell is both ops of the step's run: bytes and IOs over the measured time,
    the mean weighted by IOs, the larger max; the change is of MB/s from new."""
    p = plan("study-nvme")
    row = next(r for r in p.table if r.workload == workload)
    for phase in PHASES:
        step = p.measurement(workload, phase)
        assert step is not None and step.what == f"{phase}: {workload}"
        r, cell = step.results, row.cell(phase)
        assert r is not None and cell is not None
        ops = (r.read, r.write)
        ios = sum(o.ios for o in ops)
        assert cell.bw_bytes == pytest.approx(sum(o.bytes for o in ops) / r.measured_ns * 1e9,
                                              rel=1e-12)
        assert cell.iops == pytest.approx(ios / r.measured_ns * 1e9, rel=1e-12)
        assert cell.max_ns == max(o.lat.max for o in ops)
        assert cell.mean_ns == pytest.approx(sum(o.lat.mean * o.ios for o in ops) / ios,
                                             rel=1e-12)
        assert cell.mb_s == pytest.approx(r.total_mb_s) == step.mb_s
    assert row.new is not None and row.used is not None and row.trim is not None
    assert row.used_change_pct == pytest.approx(change_pct(row.new.bw_bytes, row.used.bw_bytes))
    assert row.change_pct("trim") == row.trim_change_pct == pytest.approx(
        (row.trim.bw_bytes / row.new.bw_bytes - 1) * 100)
    assert row.change_pct("used", "max_ns") == pytest.approx(
        (row.used.max_ns / row.new.max_ns - 1) * 100)
    assert row.change_pct("new") == 0


def test_study_table_values() -> None:
    """The table's numbers, as the JSON has them, to the last digit."""
    row, raw = plan("study-nvme").table[2], doc("study-nvme")["table"][2]
    assert row.workload == raw["workload"] == "write 128k QD1" and row.new is not None
    assert row.new.bw_bytes == raw["new"]["bw_bytes"] > 0
    assert row.new.max_ns == raw["new"]["lat_ns"]["max"] > 0
    assert row.used_change_pct == raw["used_change_pct"]


def test_a_step_not_run() -> None:
    """A study stopped in its used phase: pending steps have no results, null cells."""
    d = doc("study-nvme")
    d["state"] = "stopped"
    assert d["steps"][8]["what"] == "used: randread 4k QD3"
    d["steps"][8]["state"] = "stopped"
    for s in d["steps"][9:]:
        s["state"] = "pending"
        del s["run"]
    for row in d["table"]:  # a stopped step's IOs still count, as the CLI's table has it
        if row["workload"] not in ("randwrite 4k QD3", "randread 4k QD3"):
            row["used"], row["used_change_pct"] = None, None
        row["trim"], row["trim_change_pct"] = None, None
    p = plan(d)
    assert p.state == "stopped" and len(p.runs) == 8
    assert p.steps[9].results is None and p.steps[9].bytes is None
    assert p.steps[9].mb_s is None and p.steps[9].elapsed_ns is None
    assert p.measurement("randread 4k QD3", "trim") is None
    assert p.measurement("randread 4k QD3", "used") is p.steps[8]  # stopped: it ran
    row = p.table[2]
    assert row.used is None and row.change_pct("used") is None
    assert row.change_pct("trim", "mean_ns") is None
    assert p.to_json() == plan(p.to_json()).to_json()


def test_a_purge_by_the_drive() -> None:
    """``ctl purge --method nvme-format``: the same document, no passes, one step."""
    d = doc("study-nvme")
    step = copy.deepcopy(d["steps"][0])
    step["what"] = "nvme-format of the namespace"
    p = plan({"purge": "nvme-format", "target": "/dev/nvme0n1", "offset": 0,
              "span": 16 << 30, "state": "done", "bytes_written": 0, "steps": [step]})
    assert (p.kind, p.name, p.passes, p.runs, p.table) == ("purge", "nvme-format", None, [], ())
    assert p.steps[0].kind == "nvme" and "passes" not in p.to_json()
    assert plan(p.to_json()) == p


def test_a_failed_step_says_why() -> None:
    d = doc("study-nvme")
    d["steps"][0].update(state="failed", reason="Format NVM: Invalid Namespace or Format")
    del d["steps"][0]["bytes"], d["steps"][0]["elapsed_ns"]
    p = plan(d)
    s = p.steps[0]
    assert s.state == "failed" and s.reason.startswith("Format NVM")
    assert s.nvme is not None and s.nvme.bytes is None and s.bytes is None
    assert p.to_json()["steps"][0] == d["steps"][0]


@pytest.mark.parametrize("bad", [
    {"study": "new-vs-used", "steps": []},
    {"study": "new-vs-used", "precondition": "wipc", "target": "x", "steps": []},
    {"precondition": "wipc", "target": "x", "offset": 0, "span": 1, "passes": 1,
     "state": "done", "bytes_written": 0, "steps": [{"what": "x"}]},
])
def test_not_a_plan_is_a_clear_error(bad: dict[str, Any]) -> None:
    with pytest.raises(ValueError, match=r"^not "):
        ssdk.load(bad)


def test_load_tells_plans_from_runs() -> None:
    with pytest.raises(ValueError, match="not a command"):
        ssdk.Plan.from_json(FIXTURES / "randread-nullb.json")
    assert isinstance(ssdk.load(FIXTURES / "randread-nullb.json"), ssdk.Results)


def test_save_reads_back(tmp_path: Path) -> None:
    p = plan("study-nvme")
    p.save(tmp_path / "s.json")
    again = ssdk.load(tmp_path / "s.json")
    assert isinstance(again, ssdk.Plan) and again.to_json() == p.to_json()


def test_without_matplotlib() -> None:
    """A study loads where matplotlib is not installed."""
    code = ("import sys; sys.modules['matplotlib'] = None; import ssdk; "
            f"p = ssdk.load({str(FIXTURES / 'study-nvme.json')!r}); "
            "sys.exit(len(p.table) != 4)")
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True)
