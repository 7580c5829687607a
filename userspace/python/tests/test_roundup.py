# SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause
"""ssdk-report over drives: review directories of three drives into one round-up.

The directories are made here from the fixtures (runs the real CLI
printed), each step's run given the conditions of a drive and figures of
its own: every bar must be its run's figure, in the seed's unit, sorted;
labels the drives' (or the ones given); serials hidden unless asked; the
CSV the same figures; drives measured differently apart; bad inputs
refused with one line.
"""

from __future__ import annotations

import copy
import csv
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest

from ssdk import report
from ssdk import roundup as ru

from .conftest import FIXTURES

pytest.importorskip("matplotlib")

DRIVES = {  # directory: (model, firmware, serial, capacity, speed)
    "intel": ("INTEL SSDSC2CW120A3", "400i", "CVCV2054034S120BGN", 120034123776, 1.0),
    "ocz": ("OCZ-VERTEX3", "2.15", "OCZ-5L2O4JBN1K2XA8D5", 120034123776, 0.7),
    "samsung": ("Samsung SSD 830 Series", "CXM03B1Q", "S0XYNEAC123456", 128035676160, 1.3),
}
STEPS = (  # step, name, fixture
    (1, "raw: 4k random read", "corner-randread-4k.json"),
    (2, "raw: 128k sequential read", "corner-read-128k.json"),
    (4, "raw: QD sweep", "sweep-nullb.json"),
)


def _drive_run(run: dict[str, Any], drive: tuple[str, str, str, int, float]) -> dict[str, Any]:
    """*run* as if measured on *drive*: its conditions, its rates times its speed."""
    model, fw, serial, cap, speed = drive
    r = copy.deepcopy(run)
    r["conditions"] = {"kernel": "6.12.0", "ssdk": "0.1.0", "device": f"{model} {fw}",
                       "model": model, "firmware": fw, "serial": serial}
    r["target_size"] = cap
    for op in ("read", "write"):
        r[op]["iops"] *= speed
        r[op]["bw_bytes"] *= speed
    return r


def make_review(d: Path, drive: tuple[str, str, str, int, float], title: str = "A round-up",
                scale: str = "quick") -> Path:
    d.mkdir(parents=True)
    steps: list[dict[str, Any]] = []
    for n, name, fixture in STEPS:
        doc = json.loads((FIXTURES / fixture).read_text())
        doc = ([_drive_run(r, drive) for r in doc] if isinstance(doc, list)
               else _drive_run(doc, drive))
        file = f"{n:02d}-{fixture}"
        (d / file).write_text(json.dumps(doc))
        steps.append({"step": n, "name": name, "fs": None, "kind": "run", "file": file,
                      "state": "done"})
    steps.insert(2, {"step": 3, "name": "filesystem", "fs": "ext4", "kind": "filesystem",
                     "file": None, "state": "done"})
    (d / "review.json").write_text(json.dumps({
        "title": title, "scale": scale, "target": "/dev/nvme0n1", "state": "done",
        "runtime": None, "span": None, "steps": steps, "rows": []}))
    return d


def make_reviews(where: Path) -> list[Path]:
    """The three drives' review directories in *where* (also for the browser's check)."""
    return [make_review(where / name, drive) for name, drive in DRIVES.items()]


@pytest.fixture()
def dirs(tmp_path: Path) -> list[Path]:
    return make_reviews(tmp_path)


def step_figure(d: Path, step: int) -> tuple[str, float, float, int]:
    """A step's run, read from its JSON here: its unit, figure, mean and max."""
    doc = json.loads(next(d.glob(f"{step:02d}-*.json")).read_text())
    rw = doc["config"]["rw"]
    ops = [doc[o] for o in ("read", "write") if doc[o]["ios"]]
    ios = sum(o["ios"] for o in ops)
    mean = sum(o["lat_ns"]["mean"] * o["ios"] for o in ops) / ios
    if rw.startswith("rand"):
        return "IOPS", sum(o["iops"] for o in ops), mean, max(o["lat_ns"]["max"] for o in ops)
    return "MB/s", sum(o["bw_bytes"] for o in ops) / 1e6, mean, max(
        o["lat_ns"]["max"] for o in ops)


def test_bars_are_the_runs_sorted(dirs: list[Path]) -> None:
    r = ru.roundup([(d.name, ru.read_review(d)) for d in dirs])
    assert [d.label for d in r.drives] == [m[0] for m in DRIVES.values()]
    assert r.groups == ["A round-up, scale quick"]
    for step, name, _ in STEPS[:2]:
        bars = r.bars(r.groups[0], name)
        want = sorted(((d.name, *step_figure(d, step)) for d in dirs), key=lambda x: -x[2])
        assert [DRIVES[w[0]][0] for w in want] == [b.drive.label for b in bars]
        for b, (_, unit, value, mean, worst) in zip(bars, want, strict=True):
            assert (b.unit, b.max_ns) == (unit, worst)
            assert b.value == pytest.approx(value) and b.mean_ns == pytest.approx(mean)
    # a sweep: a test per depth, and a curve per drive
    assert [t for t in r.tests(r.groups[0]) if t.startswith("raw: QD sweep")] == [
        f"raw: QD sweep, QD{q}" for q in (1, 2, 4, 8)]
    assert [(s[1], s[2].label, len(s[3])) for s in r.sweeps] == [
        ("raw: QD sweep", m[0], 4) for m in DRIVES.values()]


def test_page_labels_serials_and_csv(dirs: list[Path], tmp_path: Path) -> None:
    out, table = tmp_path / "roundup.html", tmp_path / "roundup.csv"
    assert report.main([*map(str, dirs), "-o", str(out), "--csv", str(table),
                        "--label", "ocz=Vertex 3"]) == 0
    page = out.read_text()
    assert "Round-up: 3 drives" in page
    assert page.count('<figure class="chart" id="roundup-1-') == 2 + 4 + 1  # 6 tests, a curve
    for label in ("INTEL SSDSC2CW120A3", "Vertex 3", "Samsung SSD 830 Series"):
        assert label in page
    assert "OCZ-VERTEX3" in page  # its model, in the table of drives
    for _, _, serial, _, _ in DRIVES.values():
        assert serial not in page
    assert "hidden (--serial shows it)" in page
    rows = list(csv.DictReader(io.StringIO(table.read_text())))
    assert len(rows) == 3 * (2 + 4)
    first = [x for x in rows if x["test"] == "raw: 4k random read"]
    assert [x["drive"] for x in first] == ["Samsung SSD 830 Series", "INTEL SSDSC2CW120A3",
                                           "Vertex 3"]
    unit, value, _, _ = step_figure(dirs[2], 1)
    assert first[0]["unit"] == unit and float(first[0]["value"]) == pytest.approx(value, 1e-6)
    assert {x["serial"] for x in rows} == {ru.NO_SERIAL}
    # asked: shown
    assert report.main([*map(str, dirs), "-o", str(out), "--serial", "--csv", str(table)]) == 0
    assert all(s in out.read_text() for _, _, s, _, _ in DRIVES.values())
    assert {x["serial"] for x in csv.DictReader(io.StringIO(table.read_text()))} == {
        s for _, _, s, _, _ in DRIVES.values()}


def test_measured_differently_apart(tmp_path: Path) -> None:
    a = make_review(tmp_path / "a", DRIVES["intel"])
    b = make_review(tmp_path / "b", DRIVES["ocz"], scale="full")
    r = ru.roundup([(d.name, ru.read_review(d)) for d in (a, b)])
    assert r.groups == ["A round-up, scale quick", "A round-up, scale full"]
    assert all(len(r.bars(g, t)) == 1 for g in r.groups for t in r.tests(g))
    page = report.render([ru.read_review(a), ru.read_review(b)], sources=["a", "b"])
    assert "The drives were not all measured alike" in page


def test_one_drive_twice_is_one_drive(tmp_path: Path) -> None:
    """Two directories of the same drive (same model, firmware, serial and
    capacity): one drive, two bars in each test, told apart by input."""
    a = make_review(tmp_path / "a", DRIVES["intel"])
    b = make_review(tmp_path / "b", DRIVES["intel"])
    r = ru.roundup([(d.name, ru.read_review(d)) for d in (a, b)])
    assert len(r.drives) == 1
    assert len(r.bars(r.groups[0], "raw: 4k random read")) == 2


def test_results_of_two_drives_make_a_roundup(tmp_path: Path) -> None:
    """Two result files whose conditions name two drives: a round-up, the seed's
    two runs of "Intel SSD 520" and "OCZ Vertex 3"; files of one unnamed drive: none."""
    run = json.loads((FIXTURES / "corner-randread-4k.json").read_text())
    files = []
    for name, drive in (("520", ("Intel SSD 520", "400i", "", 0, 1.0)),
                        ("v3", ("OCZ Vertex 3", "2.15", "", 0, 0.5))):
        f = tmp_path / f"{name}.json"
        f.write_text(json.dumps(_drive_run(run, drive)))
        files.append(f)
    out = tmp_path / "r.html"
    assert report.main([*map(str, files), "-o", str(out)]) == 0
    page = out.read_text()
    assert "Round-up: 2 drives" in page and "OCZ Vertex 3" in page
    plain = [str(FIXTURES / "corner-randread-4k.json"), str(FIXTURES / "corner-read-128k.json")]
    assert report.main([*plain, "-o", str(out)]) == 0
    assert "Round-up" not in out.read_text()


@pytest.mark.parametrize(("args", "said"), [
    (["--label", "nosuch=X"], r"--label 'nosuch=X': no input 'nosuch'"),
    (["--label", "intel"], r"--label 'intel': INPUT=NAME"),
    (["--label", "intel= "], r"--label 'intel= ': INPUT=NAME"),
])
def test_bad_labels(dirs: list[Path], tmp_path: Path, capsys: pytest.CaptureFixture[str],
                    args: list[str], said: str) -> None:
    out = tmp_path / "x.html"
    assert report.main([*map(str, dirs), "-o", str(out), *args]) == 2
    err = capsys.readouterr().err
    assert re.search(said, err) and err.count("\n") == 1, err
    assert not out.exists()


def test_bad_directories(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "x.html"
    empty = tmp_path / "empty"
    empty.mkdir()
    assert report.main([str(empty), "-o", str(out)]) == 1
    assert "a directory without review.json" in capsys.readouterr().err
    d = make_review(tmp_path / "d", DRIVES["intel"])
    (d / "01-corner-randread-4k.json").write_text("{")
    assert report.main([str(d), "-o", str(out)]) == 1
    assert "01-corner-randread-4k.json: not ssdk results" in capsys.readouterr().err
    rec = json.loads((d / "review.json").read_text())
    rec["steps"][0]["file"] = "../../etc/passwd"
    (d / "review.json").write_text(json.dumps(rec))
    assert report.main([str(d), "-o", str(out)]) == 1
    assert "is not a file of the directory" in capsys.readouterr().err
    (d / "review.json").write_text("[]")
    assert report.main([str(d), "-o", str(out)]) == 1
    assert "not a review's record" in capsys.readouterr().err
    assert not out.exists()


def test_csv_without_roundup(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out, table = tmp_path / "x.html", tmp_path / "x.csv"
    assert report.main([str(FIXTURES / "corner-randread-4k.json"), "-o", str(out),
                        "--csv", str(table)]) == 1
    assert "--csv: no round-up" in capsys.readouterr().err
    assert not out.exists() and not table.exists()


def bs_sweep(qds: tuple[int, ...] = (1,)) -> list[dict[str, Any]]:
    """A sweep of --bs 4k,16k,64k,256k (at each of *qds*), made of the fixture's points."""
    points = json.loads((FIXTURES / "sweep-nullb.json").read_text())
    out = []
    for q in qds:
        for p, bs in zip(points, (4096, 16384, 65536, 262144), strict=True):
            p = copy.deepcopy(p)
            p["config"]["bs"], p["config"]["iodepth"] = bs, q
            out.append(p)
    return out


def test_sweep_curves_by_depth_size_and_grid() -> None:
    from ssdk import plots
    from ssdk.results import load
    qd = load(json.loads((FIXTURES / "sweep-nullb.json").read_text()))
    bs = load(bs_sweep())
    grid = load(bs_sweep((1, 8)))
    assert isinstance(qd, list) and isinstance(bs, list) and isinstance(grid, list)
    assert [(p, a, [r.iodepth for r in c]) for p, a, c in plots.sweep_curves(qd)] == [
        ("", "iodepth", [1, 2, 4, 8])]
    assert [(p, a, [r.bs for r in c]) for p, a, c in plots.sweep_curves(bs)] == [
        ("", "bs", [4096, 16384, 65536, 262144])]
    assert [(p, a, len(c)) for p, a, c in plots.sweep_curves(grid)] == [
        (", QD1", "bs", 4), (", QD8", "bs", 4)]


def test_a_block_size_sweep(tmp_path: Path) -> None:
    """A sweep of sizes: its chart against block size (a line per depth of a
    grid); in a round-up, a test per size and a curve per drive."""
    f = tmp_path / "grid.json"
    f.write_text(json.dumps(bs_sweep((1, 8))))
    out = tmp_path / "r.html"
    assert report.main([str(f), "-o", str(out)]) == 0
    page = out.read_text()
    assert 'id="bs-1"' in page and "a line per queue depth" in page and 'id="qd-1"' not in page
    dirs = []
    for name in ("intel", "ocz"):
        d = make_review(tmp_path / name, DRIVES[name])
        (d / "04-sweep-nullb.json").write_text(json.dumps(
            [_drive_run(r, DRIVES[name]) for r in bs_sweep()]))
        dirs.append(d)
    r = ru.roundup([(d.name, ru.read_review(d)) for d in dirs])
    assert [t for t in r.tests(r.groups[0]) if t.startswith("raw: QD sweep")] == [
        f"raw: QD sweep, {s}" for s in ("4k", "16k", "64k", "256k")]
    assert report.main([*map(str, dirs), "-o", str(out)]) == 0
    page = out.read_text()
    assert "at each block size" in page
    assert page.count('<figure class="chart" id="roundup-1-curve-') == 1


def test_health_in_the_drives_table(tmp_path: Path) -> None:
    """Each step's record of the drive's health (smartctl's, summed up by
    ssdk.health): the table says SMART's verdict, the wear, the range of
    temperatures and the steps it throttled in."""
    d = make_review(tmp_path / "intel", DRIVES["intel"])
    rec = json.loads((d / "review.json").read_text())

    def h(t0: int, t1: int, w0: int, w1: int) -> dict[str, Any]:
        s = {"smart_passed": True, "percentage_used": 3, "warning_temp_time": w0}
        return {"file": "smart-01.json", "before": {**s, "temperature_c": t0},
                "after": {**s, "temperature_c": t1, "warning_temp_time": w1},
                "throttled": w1 > w0}
    rec["steps"][0]["health"] = h(38, 41, 0, 0)
    rec["steps"][1]["health"] = h(41, 45, 0, 2)
    (d / "review.json").write_text(json.dumps(rec))
    other = make_review(tmp_path / "ocz", DRIVES["ocz"])
    r = ru.roundup([(x.name, ru.read_review(x)) for x in (d, other)])
    assert r.health_text(r.drives[0]) == "SMART passed, 3% used, 38-45 °C, throttled in 1 step"
    assert r.health_text(r.drives[1]) == ""
    page = report.render([ru.read_review(d), ru.read_review(other)], sources=["intel", "ocz"])
    assert "38-45 °C, throttled in 1 step" in page


def repeated_file(tmp_path: Path, name: str, drive: tuple[str, str, str, int, float],
                  iops: tuple[float, ...]) -> Path:
    """A --repeat run's JSON on *drive*: the fixture's run once per value of
    *iops*, its read IOPS (and bytes per second) that value."""
    run = _drive_run(json.loads((FIXTURES / "corner-randread-4k.json").read_text()), drive)
    runs = []
    for v in iops:
        r = copy.deepcopy(run)
        r["read"]["bw_bytes"] *= v / r["read"]["iops"]
        r["read"]["iops"] = v
        runs.append(r)
    f = tmp_path / f"{name}.json"
    f.write_text(json.dumps({"repeats": runs}))
    return f


def test_repeats_spread_and_the_rule(tmp_path: Path) -> None:
    """Three drives, three runs each: 100, 104, 108 IOPS against 103, 105,
    107 (a difference of 1 in the mean, inside their spread: not marked)
    and 200, 201, 202 (apart: marked). Each bar is the mean, its whisker
    the 95% interval of the mean; the CSV has the spread."""
    from ssdk.repeats import Repeats, spread
    s = spread([10, 12, 14])
    assert (s.n, s.mean, s.min, s.max, s.stddev) == (3, 12, 10, 14, 2)
    assert s.ci_lo == pytest.approx(12 - 4.3027 * 2 / 3 ** 0.5)
    with pytest.raises(ValueError, match="no spread"):
        spread([])
    files = [repeated_file(tmp_path, "a", DRIVES["intel"], (100, 104, 108)),
             repeated_file(tmp_path, "b", DRIVES["ocz"], (103, 105, 107)),
             repeated_file(tmp_path, "c", DRIVES["samsung"], (200, 201, 202))]
    ins = [report.read_input(str(f)) for f in files]
    assert all(isinstance(x, Repeats) and len(x.runs) == 3 for x in ins)
    r = ru.roundup([(f.name, x) for f, x in zip(files, ins, strict=True)
                    if isinstance(x, Repeats)])
    test = r.tests(r.groups[0])[0]
    bars = r.bars(r.groups[0], test)
    assert [b.drive.label for b in bars] == ["Samsung SSD 830 Series", "OCZ-VERTEX3",
                                             "INTEL SSDSC2CW120A3"]
    assert [b.value for b in bars] == pytest.approx([201, 105, 104])
    assert [(a.drive.label, b.drive.label) for a, b in r.alike(r.groups[0], test)] == [
        ("OCZ-VERTEX3", "INTEL SSDSC2CW120A3")]
    out, table = tmp_path / "r.html", tmp_path / "r.csv"
    assert report.main([*map(str, files), "-o", str(out), "--csv", str(table)]) == 0
    page = out.read_text()
    assert "OCZ-VERTEX3 and INTEL SSDSC2CW120A3 do not differ beyond their run-to-run" in page
    assert "Samsung SSD 830 Series and OCZ-VERTEX3 do not differ" not in page
    rows = list(csv.DictReader(io.StringIO(table.read_text())))
    assert [(x["runs"], float(x["value_min"]), float(x["value_max"])) for x in rows] == [
        ("3", 200, 202), ("3", 103, 107), ("3", 100, 108)]
    assert float(rows[0]["ci95_lo"]) == pytest.approx(201 - 4.3027 / 3 ** 0.5, abs=1e-3)


def test_a_review_step_repeated(tmp_path: Path) -> None:
    """A suite's run step with repeat=3: its file is the repetitions; the
    review's rows are each run, the round-up's measure their mean and spread."""
    from ssdk.review_table import Record, rows_read
    d = make_review(tmp_path / "intel", DRIVES["intel"])
    src = repeated_file(tmp_path, "rep", DRIVES["intel"], (100, 110, 120))
    (d / "01-corner-randread-4k.json").write_text(src.read_text())
    assert len(rows_read(d / "01-corner-randread-4k.json", 1, Record("s"))) == 3
    r = ru.roundup([("intel", ru.read_review(d))])
    (m,) = r.bars(r.groups[0], "raw: 4k random read")
    assert m.spread is not None and m.spread.n == 3 and m.value == pytest.approx(110)


def _speed(run: dict[str, Any], k: float) -> dict[str, Any]:
    r = copy.deepcopy(run)
    for op in ("read", "write"):
        r[op]["iops"] *= k
        r[op]["bw_bytes"] *= k
    return r


def test_a_sweep_repeated(tmp_path: Path) -> None:
    """``ctl sweep --repeat 3`` of two drives: a test per point, its bar the
    mean of the point's three runs with their spread; the curve through
    each point's median run (a real run), and the page says so."""
    from ssdk.repeats import RepeatedSweep
    sweep = json.loads((FIXTURES / "sweep-nullb.json").read_text())
    files = []
    for name in ("intel", "samsung"):
        doc = [{"repeats": [_speed(_drive_run(p, DRIVES[name]), k) for k in (1.02, 0.98, 1.0)]}
               for p in sweep]
        files.append(tmp_path / f"{name}.json")
        files[-1].write_text(json.dumps(doc))
    ins = [report.read_input(str(f)) for f in files]
    assert all(isinstance(x, RepeatedSweep) and len(x.points) == 4 for x in ins)
    x = ins[0]
    assert isinstance(x, RepeatedSweep)
    assert [m.total_iops for m in x.medians()] == pytest.approx(
        [p["read"]["iops"] * DRIVES["intel"][4] for p in sweep])
    assert [m.to_json() for m in RepeatedSweep.from_json(x.to_json()).medians()] == [
        m.to_json() for m in x.medians()]
    r = ru.roundup([(f.name, y) for f, y in zip(files, ins, strict=True)
                    if isinstance(y, RepeatedSweep)])
    tests = r.tests(r.groups[0])
    assert len(tests) == 4 and all(", QD" in t for t in tests)
    for t, p in zip(tests, sorted(sweep, key=lambda p: p["config"]["iodepth"]), strict=True):
        for b in r.bars(r.groups[0], t):
            want = p["read"]["iops"] * DRIVES["samsung" if "Samsung" in b.drive.label
                                              else "intel"][4]
            assert b.spread is not None and b.spread.n == 3
            assert b.value == pytest.approx(want) and b.spread.min == pytest.approx(0.98 * want)
    assert [(s[2].label, len(s[3]), s[4]) for s in r.sweeps] == [
        (DRIVES["intel"][0], 4, True), (DRIVES["samsung"][0], 4, True)]
    out = tmp_path / "r.html"
    assert report.main([*map(str, files), "-o", str(out)]) == 0
    assert "A point of a sweep run with --repeat is its median repetition" in out.read_text()


def test_study_states_are_rows(tmp_path: Path) -> None:
    """A new-vs-used study of two drives: a chart per workload, a row per
    state of each drive (new, used, after TRIM) together, the drives in
    order of their new figure; the table a row per state; the CSV's phase."""
    study = json.loads((FIXTURES / "study-nvme.json").read_text())
    dirs = []
    for name in ("intel", "ocz"):
        doc = copy.deepcopy(study)
        for s in doc["steps"]:
            if "run" in s:
                s["run"] = _drive_run(s["run"], DRIVES[name])
        d = tmp_path / name
        d.mkdir()
        (d / "01-study.json").write_text(json.dumps(doc))
        (d / "review.json").write_text(json.dumps({
            "title": "A round-up", "scale": "quick", "target": "/dev/nvme0n1", "state": "done",
            "runtime": None, "span": None, "rows": [],
            "steps": [{"step": 1, "name": "new vs used", "fs": None, "kind": "study",
                       "file": "01-study.json", "state": "done"}]}))
        dirs.append(d)
    r = ru.roundup([(d.name, ru.read_review(d)) for d in dirs])
    tests = r.tests(r.groups[0])
    assert len(tests) == 4 and all(t.startswith("new vs used: ") for t in tests)
    for t in tests:
        bars = r.bars(r.groups[0], t)
        assert [m.name for m in bars] == [f"{DRIVES[k][0]} ({ph})" for k in ("intel", "ocz")
                                          for ph in ("new", "used", "after TRIM")]
        for m in bars:
            (s,) = [s for s in study["steps"] if "run" in s and s["phase"] ==
                    {"after TRIM": "trim"}.get(m.variant, m.variant)
                    and t.endswith(s["what"].split(": ", 1)[1])]
            speed = DRIVES["intel" if "INTEL" in m.drive.label else "ocz"][4]
            op = s["run"]["read"] if s["run"]["read"]["ios"] else s["run"]["write"]
            want = op["iops"] if m.unit == "IOPS" else op["bw_bytes"] / 1e6
            assert m.value == pytest.approx(want * speed)
    out, table = tmp_path / "r.html", tmp_path / "r.csv"
    assert report.main([*map(str, dirs), "-o", str(out), "--csv", str(table)]) == 0
    page = out.read_text()
    assert "a row per state of each drive (new, used, after TRIM)" in page
    assert re.search(r"<td>new vs used: [^<]*, after TRIM</td>", page)
    rows = list(csv.DictReader(io.StringIO(table.read_text())))
    assert [x["variant"] for x in rows[:6]] == ["new", "used", "after TRIM"] * 2


def test_data_patterns_are_rows(tmp_path: Path) -> None:
    """review --patterns random,compressible:50 of a SandForce-like drive
    (compressible data 2.5 times as fast) and another: one chart for the
    step, a row per pattern of each drive, the drives in order of their
    random figure, each row its run's own figure."""
    run = json.loads((FIXTURES / "corner-randwrite-4k.json").read_text())
    dirs = []
    for name, fast in (("ocz", 2.5), ("intel", 1.0)):
        d = tmp_path / name
        d.mkdir()
        steps = []
        for n, (pat, k) in enumerate((("random", 1.0), ("compressible:50", fast)), 1):
            file = f"{n:02d}-w.json"
            (d / file).write_text(json.dumps(_speed(_drive_run(run, DRIVES[name]), k)))
            steps.append({"step": n, "name": "4k random write", "fs": None, "pattern": pat,
                          "kind": "run", "file": file, "state": "done"})
        (d / "review.json").write_text(json.dumps({
            "title": "A round-up", "scale": "quick", "target": "/dev/sda", "state": "done",
            "runtime": None, "span": None, "rows": [], "steps": steps}))
        dirs.append(d)
    r = ru.roundup([(d.name, ru.read_review(d)) for d in dirs])
    assert r.tests(r.groups[0]) == ["4k random write"]
    bars = r.bars(r.groups[0], "4k random write")
    base = run["write"]["iops"]
    assert [(m.name, m.variant_of) for m in bars] == [
        (f"{DRIVES[k][0]} ({p})", "data pattern") for k in ("intel", "ocz")
        for p in ("random", "compressible:50")]
    assert [m.value for m in bars] == pytest.approx(
        [base * DRIVES["intel"][4], base * DRIVES["intel"][4],
         base * DRIVES["ocz"][4], base * DRIVES["ocz"][4] * 2.5])
    out = tmp_path / "r.html"
    assert report.main([*map(str, dirs), "-o", str(out)]) == 0
    assert "a row per data pattern of each drive (random, compressible:50)" in out.read_text()
