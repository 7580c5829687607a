# SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause
"""ssdk's runs as fio's JSON (ssdk.fio.json_out), read by fio's own tools:
every key fio 3.33's json+ has (a real fio run's, null engine) is there;
fio's fio_jsonplus_clat2csv reads the bins and validates its CSV against
them; the figures are the runs' own."""

from __future__ import annotations

import csv
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from ssdk.fio import json_out
from ssdk.results import Results, load

from .conftest import FIXTURES

TOOLS = Path(os.environ.get("SSDK_CACHE", Path.home() / ".cache/ssdk"), "src/fio-3.33/tools")
RUNS = ("randrw-nullb.json", "randread-nullb.json", "corner-write-128k.json")


def paths(doc: Any, at: str = "") -> set[str]:
    """Every key path of a document, leaving out the keys that are values
    (a percentile's, a bin's, an option's, a latency share's, a depth's)."""
    out = set()
    if isinstance(doc, dict):
        for k, v in doc.items():
            if at.rsplit("/", 1)[-1] in ("percentile", "bins", "job options", "global options",
                                         "latency_ns", "latency_us", "latency_ms",
                                         "iodepth_level", "iodepth_submit", "iodepth_complete"):
                continue
            out.add(f"{at}/{k}")
            out |= paths(v, f"{at}/{k}")
    elif isinstance(doc, list) and doc:
        out |= paths(doc[0], f"{at}[]")
    return out


def ours(plus: bool = True) -> dict[str, Any]:
    jobs = []
    for i, name in enumerate(RUNS):
        r = load(FIXTURES / name)
        assert isinstance(r, Results)
        jobs.append(json_out.job(r, name, i, {"rw": r.rw}, plus))
    return json_out.document("0.1.0", {"ioengine": "libaio"}, jobs, [])


@pytest.mark.skipif(shutil.which("fio") is None, reason="no fio")
def test_every_key_fio_writes_is_there(tmp_path: Path) -> None:
    p = subprocess.run(["fio", "--name=x", "--ioengine=null", "--size=4m", "--bs=4k",
                        "--rw=randrw", "--output-format=json+"], cwd=tmp_path,
                       capture_output=True, text=True, check=True)
    fio = json.loads(p.stdout)
    missing = paths(fio) - paths(ours())
    assert not missing
    for key in ("latency_ns", "latency_us", "latency_ms", "iodepth_level", "iodepth_submit",
                "iodepth_complete"):
        assert list(ours()["jobs"][0][key]) == list(fio["jobs"][0][key]), key
    assert list(ours()["jobs"][0]["read"]["clat_ns"]["percentile"]) == list(
        fio["jobs"][0]["read"]["clat_ns"]["percentile"])


def test_the_figures_are_the_runs() -> None:
    doc = ours(False)
    for job, name in zip(doc["jobs"], RUNS, strict=True):
        r = load(FIXTURES / name)
        assert isinstance(r, Results)
        for op in ("read", "write"):
            o, f = getattr(r, op), job[op]
            assert (f["io_bytes"], f["total_ios"], f["iops"]) == (o.bytes, o.ios, o.iops)
            assert f["clat_ns"]["N"] == o.ios and f["slat_ns"]["N"] == 0
            if o.ios:
                assert (f["clat_ns"]["min"], f["clat_ns"]["max"]) == (o.lat.min, o.lat.max)
                assert f["clat_ns"]["percentile"]["99.000000"] == o.lat.percentile(99)
                assert "bins" not in f["clat_ns"]
        shares = sum(sum(job[k].values()) for k in ("latency_ns", "latency_us", "latency_ms"))
        assert shares == pytest.approx(100.0)
    assert doc["fio version"] == "ssdk-0.1.0" and doc["global options"] == {"ioengine": "libaio"}


@pytest.mark.skipif(not (TOOLS / "fio_jsonplus_clat2csv").is_file(),
                    reason="no fio source (scripts/setup)")
def test_fio_jsonplus_clat2csv_reads_and_validates_it(tmp_path: Path) -> None:
    src = tmp_path / "ssdk.json"
    doc = ours()
    src.write_text(json.dumps(doc))
    tool = [sys.executable, str(TOOLS / "fio_jsonplus_clat2csv"), str(src),
            str(tmp_path / "out.csv")]
    p = subprocess.run(tool, capture_output=True, text=True, check=False)
    assert p.returncode == 0, p.stderr
    p = subprocess.run([*tool, "--validate"], capture_output=True, text=True, check=False)
    assert p.returncode == 0, p.stderr
    assert p.stdout.count("validated") == len(RUNS), p.stdout
    # each CSV row: a latency and its IOs, as our bins have them
    with open(tmp_path / "out_job0.csv", newline="") as f:
        rows = [{k.strip(): v.strip() for k, v in r.items() if k}
                for r in csv.DictReader(f, skipinitialspace=True)]
    for op in ("read", "write"):
        bins = doc["jobs"][0][op]["clat_ns"]["bins"]
        got = {int(r["nsec"]): int(r[f"{op}_clat_ns_count"]) for r in rows
               if r[f"{op}_clat_ns_count"]}
        assert got == {int(k): v for k, v in bins.items()} and got, op


def _fio_plot_data(directory: Path, out: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    """fio-plot's chart data of the JSON files in *directory* (its 2D bar chart
    of IOPS and latency per queue depth), and that chart drawn into *out*."""
    import fio_plot  # type: ignore[import-untyped]
    from fio_plot.fiolib import getdata  # type: ignore[import-untyped]
    monkeypatch.setattr(sys, "argv", ["fio-plot", "-i", str(directory), "-T", "ssdk", "-l",
                                      "-r", "randread", "-d", "1", "2", "4", "8", "-n", "1",
                                      "-o", str(out)])
    _, settings = fio_plot.get_settings()
    routes = getdata.get_routing_dict()
    settings = getdata.configure_default_settings(settings, routes, settings["graphtype"])
    data = routes[settings["graphtype"]]["get_data"](settings)
    routes[settings["graphtype"]]["function"](settings, data)
    return data


@pytest.mark.skipif(shutil.which("fio") is None, reason="no fio")
def test_fio_plot_reads_it_as_fios(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """fio-plot (PyPI) reads ssdk's JSON of a QD sweep (a file a depth, as
    bench-fio writes them) into the same rows as fio's own JSON of the same
    jobs (null engine), the values ssdk's runs'; its chart is drawn."""
    pytest.importorskip("fio_plot")
    fio_dir, ssdk_dir = tmp_path / "fio", tmp_path / "ssdk"
    fio_dir.mkdir()
    ssdk_dir.mkdir()
    sweep = load(FIXTURES / "sweep-nullb.json")
    assert isinstance(sweep, list)
    for r in sweep:
        qd = r.iodepth
        opts = {"rw": "randread", "bs": "4k", "iodepth": str(qd), "numjobs": "1",
                "ioengine": "libaio"}
        p = subprocess.run(["fio", "--name=x", "--ioengine=null", "--size=16m",
                            *(f"--{k}={v}" for k, v in opts.items() if k != "ioengine"),
                            "--output-format=json"], cwd=tmp_path, capture_output=True,
                           text=True, check=True)
        (fio_dir / f"randread-iodepth-{qd}-numjobs-1.json").write_text(p.stdout)
        doc = json_out.document("0.1.0", {}, [json_out.job(r, "x", 0, opts, False)], [])
        (ssdk_dir / f"randread-iodepth-{qd}-numjobs-1.json").write_text(json.dumps(doc))
    theirs = _fio_plot_data(fio_dir, tmp_path / "fio.png", monkeypatch)
    ours = _fio_plot_data(ssdk_dir, tmp_path / "ssdk.png", monkeypatch)
    rows_f, rows_s = theirs[0]["data"], ours[0]["data"]
    assert [sorted(r) for r in rows_s] == [sorted(r) for r in rows_f]
    assert [int(r["iodepth"]) for r in rows_s] == [1, 2, 4, 8]
    assert [r["iops"] for r in rows_s] == [r.read.iops for r in sweep]
    assert [r["lat"] for r in rows_s] == [r.read.lat.mean for r in sweep]
    assert (tmp_path / "ssdk.png").stat().st_size > 10_000


def test_against_reads_fios_total_latency() -> None:
    """--against's figures of fio's JSON: lat_ns's mean and p99 (submission to
    completion, as ssdk's), not clat_ns's; clones added, the mean weighted."""
    from ssdk.fio import against

    def op(ios: int, mean: float, p99: int, clat_p99: int) -> dict[str, Any]:
        return {"total_ios": ios, "iops": ios / 10, "bw_bytes": ios * 4096 / 10,
                "lat_ns": {"mean": mean, "max": p99 * 2,
                           "percentile": {"99.000000": p99}},
                "clat_ns": {"percentile": {"99.000000": clat_p99}}}

    doc = {"jobs": [{"jobname": "a", "read": op(100, 7000.0, 9000, 1500), "write": {}},
                    {"jobname": "a", "read": op(300, 3000.0, 5000, 1000), "write": {}}]}
    f = against.of_fio(doc)["a"]
    assert (f.ios, f.iops, f.p99_ns, f.max_ns) == (400, 40.0, 9000, 18000)
    assert f.mean_ns == pytest.approx((100 * 7000 + 300 * 3000) / 400)
