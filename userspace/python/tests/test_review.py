# SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause
"""ssdk review's logic on the host (ssdk.suite, ssdk.review, ssdk.review_table).

Suites read against the real CLI's commands and their option tables
(``ssdk -j help`` of the built userspace/ssdk): every suite shipped in
suites/ reads, its steps become the command lines a user would type
([global] first, the step's own keys after, so that they win), the steps
after a filesystem step are marked to run once per filesystem, and every
malformed suite is refused with its file, its line and why. A suite
expanded into its steps and their command lines (per filesystem, at each
scale), the engines a filesystem's step is checked with on the device,
the rows read back from every command's JSON (the fixtures, which the
real commands printed), and a review printed in each format.
(Were userspace/tests/suite_test.c, review_test.c and output_test.c's
review_in_each_backend.)
"""

from __future__ import annotations

import csv
import io
import json
import os
import signal
import subprocess
import time
from pathlib import Path

import pytest

from ssdk import health
from ssdk import review as rv
from ssdk import suite as sm
from ssdk.compare import cli_path
from ssdk.results import Results, load
from ssdk.review_table import (
    IO_NAMES,
    Op,
    Record,
    Row,
    Summary,
    rows_read,
    temp_text,
    text,
    to_json,
)
from ssdk.review_table import csv as review_csv

SUITES = Path(__file__).resolve().parents[3] / "suites"


@pytest.fixture(scope="module")
def cmds() -> dict[str, sm.Command]:
    return sm.commands(cli_path())


def line_of(s: sm.Suite, i: int) -> str:
    return " ".join(s.argv(s.steps[i]))


# --- suites (were tests/suite_test.c) -----------------------------------------------------

def test_every_shipped_suite_reads(cmds: dict[str, sm.Command]) -> None:
    files = sorted(SUITES.glob("*.ini"))
    assert len(files) == 5
    for f in files:
        s = sm.parse(f.read_text(), str(f), cmds)
        assert s.title != str(f), f"{f}: no title"


def test_tomshardware_2012_is_raw_then_per_filesystem(cmds: dict[str, sm.Command]) -> None:
    s = sm.parse((SUITES / "tomshardware-2012.ini").read_text(), "tomshardware-2012.ini", cmds)
    assert s.title == "Tom's Hardware 2012: raw against formatted, QD 1-32, reads and writes"
    assert len(s.steps) == 9
    assert line_of(s, 0) == ("compare --span 16g --iodepth 1,2,4,8,16,32 --runtime 1m "
                             "--engines bio --rw randread --bs 4k")
    assert s.steps[4].kind == sm.Kind.FILESYSTEM
    assert s.steps[4].fs_key("file-size") == "16g"
    assert s.steps[4].fs_key("mkfs-options") is None
    for i, st in enumerate(s.steps):
        assert st.per_fs == (i > 4), f"step {i}"
        if i != 4:
            assert st.kind == sm.Kind.MEASURE
    assert line_of(s, 8) == ("compare --span 16g --iodepth 1,2,4,8,16,32 --runtime 1m "
                             "--engines kfile --rw write --bs 128k")


def test_a_steps_keys_replace_globals_and_state_steps_take_none_of_it(
        cmds: dict[str, sm.Command]) -> None:
    """[global]'s keys, then the step's; a key the step sets is not [global]'s
    (its value is never read: a list of depths under a run's one depth)."""
    text_ = ("# t\n[global]\nruntime=1m\nspan=8g\n\n"
             "[short]\nstep=run\nruntime=2s\nopen-loop\nrate-iops=100\n"
             "[fill]\nstep=precondition\nmode=used\n"
             "[study]\nstep=study\npasses=2\n")
    s = sm.parse(text_, "t.ini", cmds)
    assert s.title == "t"
    assert line_of(s, 0) == "run --span 8g --runtime 2s --open-loop --rate-iops 100"
    assert line_of(s, 1) == "precondition --mode used"
    assert s.steps[1].kind == sm.Kind.STATE
    assert line_of(s, 2) == "study new-vs-used --passes 2"
    assert s.steps[2].kind == sm.Kind.STUDY


def test_a_run_or_sweep_step_repeated(cmds: dict[str, sm.Command]) -> None:
    """repeat=N on a run or a sweep step is --repeat N (the commands' own
    option); a step of a command without it is refused with its line."""
    text_ = ("# t\n[r]\nstep=run\nrepeat=3\n[s]\nstep=sweep\niodepth=1,4\nrepeat=1000\n")
    s = sm.parse(text_, "t.ini", cmds)
    assert [line_of(s, i) for i in (0, 1)] == ["run --repeat 3",
                                               "sweep --iodepth 1,4 --repeat 1000"]
    with pytest.raises(ValueError, match=r"t.ini:4: \[p\]: no option repeat"):
        sm.parse("# t\n[p]\nstep=precondition\nrepeat=2\n", "t.ini", cmds)


def test_a_replay_is_a_measuring_step_with_its_trace(cmds: dict[str, sm.Command]) -> None:
    text_ = ("# t\n[global]\nspan=8g\nruntime=1m\niodepth=4\n\n"
             "[storage bench]\nstep=replay\ntrace=traces/mix.iolog\ntiming=scale:0.5\n"
             "remap=span\n")
    s = sm.parse(text_, "t.ini", cmds)
    assert s.steps[0].kind == sm.Kind.MEASURE
    assert line_of(s, 0) == ("replay --span 8g --runtime 1m --iodepth 4 --trace "
                             "traces/mix.iolog --timing scale:0.5 --remap span")


STEPS = "run, sweep, compare, replay, purge, precondition, study, filesystem"
BAD: list[tuple[str, str]] = [
    ("[a]\nstep=run\nbogus=1\n", "x.ini:3: [a]: no option bogus"),
    ("[a]\nstep=run\nopen-loop=1\n", "x.ini:3: open-loop is a flag: its name alone"),
    ("[a]\nstep=run\nruntime\n", "x.ini:3: runtime needs a value (runtime=TIME)"),
    ("[a]\nstep=run\ntarget=/dev/sda\n", "x.ini:3: target: the review gives it, not the suite"),
    ("[a]\nstep=run\nallow-write\n", "x.ini:3: allow-write: the review gives it, not the suite"),
    ("[a]\nstep=mkfs\n", f"x.ini:1: [a]: step=mkfs is none of {STEPS}"),
    ("[a]\nrw=read\n", f"x.ini:1: [a]: no step= ({STEPS})"),
    ("[a]\nstep=run\n[a]\nstep=run\n", "x.ini:3: [a] twice"),
    ("rw=read\n[a]\nstep=run\n", "x.ini:1: a key before the first [section]"),
    ("[f]\nstep=filesystem\nfile-size=1g\n[p]\nstep=purge\n",
     "x.ini:4: [p]: purge writes the device under the filesystem: before the filesystem step"),
    ("[f]\nstep=filesystem\nfile-size=1g\n[g]\nstep=filesystem\nfile-size=1g\n",
     "x.ini:4: [g]: a second filesystem step (the steps after the first run on each)"),
    ("[f]\nstep=filesystem\n", "x.ini:1: [f]: file-size= is needed"),
    ("[f]\nstep=filesystem\nfile-size=1g\nrw=read\n",
     "x.ini:4: [f]: a filesystem step takes mkfs-options, mount-options, file-size; not rw"),
    ("[global]\nstep=run\n", "x.ini:2: [global]: no option step"),
    ("[global]\nbogus=2\n[a]\nstep=run\n", "x.ini:2: [global]: no option bogus"),
    ("# only a comment\n", "x.ini:1: no step"),
    ("[a\nstep=run\n", "x.ini:1: a section is [name]: [a"),
    ("[a]\n=3\n", "x.ini:2: a value without a key"),
    ("[ ]\nstep=run\n", "x.ini:1: a section without a name"),
    ("[a]\nstep=run\nbs=\n", "x.ini:3: bs needs a value (bs=SIZE)"),
    # An option of the workload's table that is not the step's command's.
    ("[a]\nstep=purge\nmethod=discard\nrw=read\n", "x.ini:4: [a]: no option rw"),
    ("[a]\nstep=run\nengines=bio\n", "x.ini:3: [a]: no option engines"),
]


@pytest.mark.parametrize(("text_", "err"), BAD)
def test_a_malformed_suite_is_refused_with_its_line(cmds: dict[str, sm.Command], text_: str,
                                                    err: str) -> None:
    with pytest.raises(ValueError) as e:
        sm.parse(text_, "x.ini", cmds)
    assert str(e.value) == err


def test_a_suites_limits_at_them_and_one_past(cmds: dict[str, sm.Command]) -> None:
    """Steps, keys, a name's, a key's, a value's and a line's length: at the
    limit read, one past it refused with its line."""
    def steps(n: int) -> str:
        return "".join(f"[s{i}]\nstep=run\n" for i in range(n))
    assert len(sm.parse(steps(sm.MAX_STEPS), "x.ini", cmds).steps) == sm.MAX_STEPS
    with pytest.raises(ValueError, match=r"^x.ini:129: more than 64 steps$"):
        sm.parse(steps(sm.MAX_STEPS + 1), "x.ini", cmds)
    keys = "[a]\nstep=run\n" + "bs=4k\n" * (sm.MAX_KEYS - 1)
    assert len(sm.parse(keys, "x.ini", cmds).steps[0].kv) == sm.MAX_KEYS - 1
    with pytest.raises(ValueError, match=r"^x.ini:26: more than 24 keys$"):
        sm.parse(keys + "bs=4k\n", "x.ini", cmds)
    name = "n" * (sm.NAME_LEN - 1)
    assert sm.parse(f"[{name}]\nstep=run\n", "x.ini", cmds).steps[0].name == name
    with pytest.raises(ValueError, match=r"^x.ini:1: a step's name is at most 63 bytes$"):
        sm.parse(f"[{name}n]\nstep=run\n", "x.ini", cmds)
    value = "v" * (sm.VALUE_LEN - 1)
    assert sm.parse(f"[a]\nstep=run\nbs={value}\n", "x.ini", cmds).steps[0].kv[0].value \
        == value
    with pytest.raises(ValueError, match=r"^x.ini:3: bs: too long$"):
        sm.parse(f"[a]\nstep=run\nbs={value}v\n", "x.ini", cmds)
    key = "k" * sm.KEY_LEN
    with pytest.raises(ValueError, match=rf"^x.ini:3: {key}: too long$"):
        sm.parse(f"[a]\nstep=run\n{key}=1\n", "x.ini", cmds)
    pad = " " * (sm.LINE_LEN - 1 - len("step=run"))
    assert sm.parse(f"[a]\nstep=run{pad}\n", "x.ini", cmds).steps[0].cmd is not None
    with pytest.raises(ValueError, match=r"^x.ini:2: a line longer than 511 bytes$"):
        sm.parse(f"[a]\nstep=run{pad} \n", "x.ini", cmds)


def test_a_global_key_goes_to_the_commands_that_take_it(cmds: dict[str, sm.Command]) -> None:
    text_ = ("# t\n[global]\nruntime=1m\nengines=bio,kfile\nworkers=2\n\n"
             "[r]\nstep=run\n[c]\nstep=compare\n[p]\nstep=replay\ntrace=t.iolog\n")
    s = sm.parse(text_, "t.ini", cmds)
    assert line_of(s, 0) == "run --runtime 1m --workers 2"
    assert line_of(s, 1) == "compare --runtime 1m --engines bio,kfile"
    assert line_of(s, 2) == "replay --runtime 1m --trace t.iolog"
    assert s.key(s.steps[1], "engines") == "bio,kfile"
    assert s.key(s.steps[0], "engines") is None


# --- a review planned (was tests/review_test.c) --------------------------------------------

def thg2012(quick: bool) -> rv.Review:
    """Tom's Hardware 2012 on ext4 and xfs, planned (the filesystems named, not looked for)."""
    r = rv.Review(cli="/usr/bin/ssdk", target="/dev/nvme0n1", dir="/srv/review",
                  quick=quick, allow_write=True)
    r.suite_text = (SUITES / "tomshardware-2012.ini").read_text()
    r.suite = sm.parse(r.suite_text, "tomshardware-2012.ini", sm.commands(cli_path()))
    r.fs = [rv.Filesystem(rv.FS_KINDS[0]), rv.Filesystem(rv.FS_KINDS[1])]
    r.fs_list = "ext4,xfs"
    r.plan()
    return r


def argv_of(rs: rv.ReviewStep) -> str:
    assert rs.rec.argv is not None
    return " ".join(rs.rec.argv)


def test_the_steps_after_the_filesystem_step_run_once_per_filesystem() -> None:
    r = thg2012(False)
    assert len(r.steps) == 14
    assert r.steps[0].rec.name == "raw: 4k random read"
    assert r.steps[0].rec.fs == ""
    assert r.steps[0].rec.file == "01-raw-4k-random-read.json"
    assert r.steps[4].rec.kind == "filesystem"
    assert r.steps[4].rec.fs == "ext4"
    assert r.steps[4].rec.file == ""
    assert r.steps[4].rec.argv is None
    assert r.steps[5].rec.file == "06-formatted-4k-random-read-ext4.json"
    assert r.steps[9].rec.kind == "filesystem"
    assert r.steps[9].rec.fs == "xfs"
    assert r.steps[13].rec.file == "14-formatted-128k-sequential-write-xfs.json"
    assert argv_of(r.steps[0]) == (
        "-j compare --span 16g --iodepth 1,2,4,8,16,32 --runtime 1m --engines bio "
        "--rw randread --bs 4k --target /dev/nvme0n1 --allow-write")
    # on a filesystem: compare's --file, its test file
    assert argv_of(r.steps[11]) == (
        "-j compare --span 16g --iodepth 1,2,4,8,16,32 --runtime 1m --engines kfile "
        "--rw randwrite --bs 4k --target /dev/nvme0n1 --file "
        "/srv/review/.mnt/ssdk-review.dat --allow-write")
    # its dry run, on the device: kfile as bio
    assert " ".join(r.step_argv(r.steps[11], True)) == (
        "-j compare --span 16g --iodepth 1,2,4,8,16,32 --runtime 1m --engines bio "
        "--rw randwrite --bs 4k --target /dev/nvme0n1 --allow-write --dry-run")


def test_patterns_repeat_each_step_that_writes(cmds: dict[str, sm.Command]) -> None:
    """--patterns random,compressible:50: each measuring step that writes runs
    once per pattern, in turn, with --pattern and a file of its own; a read,
    a step whose suite sets its pattern, and a state step run once. The
    list at its limit (4) and one past it; a pattern twice; an empty one."""
    text_ = ("# p\n[w]\nstep=run\nrw=randwrite\n[r]\nstep=run\nrw=randread\n"
             "[s]\nstep=sweep\nrw=write\niodepth=1,2\n[z]\nstep=run\nrw=write\n"
             "pattern=zeros\n[fill]\nstep=precondition\nmode=used\n")
    r = rv.Review(cli="/usr/bin/ssdk", target="/dev/nvme0n1", dir="/srv/review",
                  allow_write=True, patterns=["random", "compressible:50"])
    r.suite = sm.parse(text_, "p.ini", cmds)
    r.plan()
    assert [(s.rec.name, s.rec.pattern, s.rec.file) for s in r.steps] == [
        ("w", "random", "01-w-random.json"), ("w", "compressible:50", "02-w-compressible-50.json"),
        ("r", "", "03-r.json"), ("s", "random", "04-s-random.json"),
        ("s", "compressible:50", "05-s-compressible-50.json"), ("z", "", "06-z.json"),
        ("fill", "", "07-fill.json")]
    assert argv_of(r.steps[1]) == ("-j ctl run --rw randwrite --target /dev/nvme0n1 "
                                   "--pattern compressible:50 --allow-write")
    assert "--pattern" not in argv_of(r.steps[2])
    assert argv_of(r.steps[5]).count("--pattern") == 1
    assert rv._patterns("random,zeros,repeat:1,compressible:9") == [
        "random", "zeros", "repeat:1", "compressible:9"]
    for bad, why in (("random,zeros,repeat:1,compressible:9,repeat:2", "at most 4 patterns"),
                     ("random,random", "random twice"), ("random,", "an empty pattern")):
        with pytest.raises(rv.Refused, match=f"--patterns: .*{why}"):
            rv._patterns(bad)
    # at the limit of the expanded steps, and one past it
    r.suite = sm.parse("# p\n" + "".join(f"[w{i}]\nstep=run\nrw=write\n" for i in range(32)),
                       "p.ini", cmds)
    r.patterns = ["random", "zeros", "repeat:1", "compressible:9"]
    r.plan()
    assert len(r.steps) == rv.MAX_STEPS == 128
    r.suite = sm.parse("# p\n" + "".join(f"[w{i}]\nstep=run\nrw=write\n" for i in range(33)),
                       "p.ini", cmds)
    with pytest.raises(rv.Refused, match="more than 128 steps with its filesystems and patterns"):
        r.plan()


def test_every_steps_command_line_is_one_its_command_takes(
        cmds: dict[str, sm.Command]) -> None:
    """Every step's command line, as the review writes it (the suite's keys,
    then its own: the target, --engine kfile on a filesystem, -q, the quick
    scale's --runtime and --span, --allow-write), has only options of its
    command, as ``ssdk -j help`` lists them: none of them another's."""
    text_ = ("# every command a step may run, raw and on a filesystem\n"
             "[global]\nruntime=1m\nspan=8g\niodepth=4\nengines=bio\n\n"
             "[purge]\nstep=purge\nmethod=discard\n[precondition]\nstep=precondition\n"
             "mode=wipc\n[study]\nstep=study\n[run]\nstep=run\nrw=randread\n[sweep]\n"
             "step=sweep\niodepth=1,2\n[compare]\nstep=compare\n[replay]\nstep=replay\n"
             "trace=t.iolog\nremap=span\n[fs]\nstep=filesystem\nfile-size=1g\n"
             "[run on fs]\nstep=run\n[compare on fs]\nstep=compare\nengines=kfile,psync\n"
             "[replay on fs]\nstep=replay\ntrace=t.iolog\nremap=span\n")
    r = rv.Review(cli="/usr/bin/ssdk", target="/dev/nvme0n1", dir="/srv/review",
                  quick=True, allow_write=True, quiet=True)
    r.suite_text = text_
    r.suite = sm.parse(text_, "t.ini", cmds)
    r.fs = [rv.Filesystem(rv.FS_KINDS[0])]
    r.fs_list = "ext4"
    r.plan()
    assert len(r.steps) == 11
    checked = 0
    for rs in r.steps:
        if rs.rec.argv is None:
            continue
        argv = list(rs.rec.argv)
        assert argv[0] == "-j"
        words = argv[1:]
        cmd = cmds[words[1]] if words[0] == "ctl" else cmds[words[0]]
        for w in words[2 if cmd.group else 1:]:
            if w == "-q":
                w = "--quiet"
            if w.startswith("--"):
                assert w[2:] in cmd.options, f"{' '.join(argv)}: {w} is not {cmd.name}'s"
        checked += 1
    assert checked == 10
    assert argv_of(r.steps[10]) == (
        "-j ctl replay --runtime 1m --span 8g --iodepth 4 --trace t.iolog --remap span "
        "--engine kfile --target /srv/review/.mnt/ssdk-review.dat --allow-write -q "
        "--runtime 2s --span 1073741824")
    assert argv_of(r.steps[0]) == (
        "-j ctl purge --method discard --target /dev/nvme0n1 --allow-write -q "
        "--span 1073741824")


def test_quick_scale_shortens_every_measuring_step_and_caps_its_span() -> None:
    r = thg2012(True)
    assert r.span_cap() == 1 << 30
    assert argv_of(r.steps[0]) == (
        "-j compare --span 16g --iodepth 1,2,4,8,16,32 --runtime 1m --engines bio "
        "--rw randread --bs 4k --target /dev/nvme0n1 --allow-write --runtime 2s "
        "--span 1073741824")
    # --runtime wins over the scale's; --span under 1 GiB over it
    r.runtime = "1s"
    r.span = "64m"
    assert r.span_cap() == 64 << 20
    r.plan()
    assert argv_of(r.steps[0]) == (
        "-j compare --span 16g --iodepth 1,2,4,8,16,32 --runtime 1m --engines bio "
        "--rw randread --bs 4k --target /dev/nvme0n1 --allow-write --runtime 1s "
        "--span 67108864")


def test_a_filesystems_engines_are_checked_as_their_raw_forms_each_once() -> None:
    assert rv.raw_engines("kfile") == "bio"
    assert rv.raw_engines("bio,kfile,uring,libaio-raw,libaio") == "bio,uring-raw,libaio-raw"
    assert rv.raw_engines("psync,psync-raw,kfile") == "psync-raw,bio"
    # a name within another is not it
    assert rv.raw_engines("uring-raw,libaio,kfile,bio") == "uring-raw,libaio-raw,bio"
    # too long for the room: given back as it was, for the engines' check to refuse
    long = "aa,bb,cc,dd,ee,ff,gg,hh,ii,jj,kk,ll,mm,nn,oo,pp,qq,rr,ss,tt"
    assert rv.raw_engines(long, 64) == long


def rows_of(fixtures: Path, name: str, room: int = 64) -> list[Row]:
    return rows_read(fixtures / f"{name}.json", 1, Record("s"), room)


def test_a_row_for_every_run_of_every_command(fixtures: Path) -> None:
    # compare at two depths, three engines each, labelled by engine
    rows = rows_of(fixtures, "compare-qd-nullb")
    assert len(rows) == 6
    assert rows[0].label == "bio"
    assert rows[0].iodepth == 1
    assert rows[5].label == "psync-raw"
    assert rows[5].iodepth == 4
    assert rows[5].achieved_qd > 0
    # compare's own flag of a depth not kept: its JSON's short_of_iodepth
    doc = json.loads((fixtures / "compare-qd-nullb.json").read_text())
    assert [r.short for r in rows] == [e in p["short_of_iodepth"] for p in doc["points"]
                                       for e in p["results"]]
    # a sweep: its points; several workers: their total
    rows = rows_of(fixtures, "sweep-nullb")
    assert len(rows) == 4
    assert rows[3].iodepth == 8
    rows = rows_of(fixtures, "workers-nullb")
    assert len(rows) == 1
    assert rows[0].label == "total"
    assert len(rows_of(fixtures, "randread-nullb")) == 1
    # a study: its runs, labelled by what each step did
    rows = rows_of(fixtures, "study-nvme")
    assert len(rows) == 15
    assert rows[0].label == "new: randwrite 4k QD3"
    assert rows[0].rw == "randwrite"
    assert int(rows[0].mb_s * 1e6 + 0.5) == 65729309
    assert rows[0].mean_ns > 0
    # no room: the runs past it are left out
    assert len(rows_of(fixtures, "study-nvme", 2)) == 2
    with pytest.raises(ValueError, match=r"none\.json"):
        rows_read(fixtures / "none.json", 1, Record("s"))


# --- a review printed (was output_test.c's review_in_each_backend) -------------------------

def make_review() -> Summary:
    """A review of a raw step and an ext4 step (a filesystem step between),
    the second stopped: rows of bio and kfile at QD1, and a uring row."""
    steps = [
        Record("raw: 4k random read", "", "compare", "01-raw-4k-random-read.json",
               ["-j", "compare", "--engines", "bio"], "done", 0, 60, 61.5,
               dict.fromkeys(IO_NAMES, 0) | {"reads": 2000}),
        Record("filesystem", "ext4", "filesystem", state="done"),
        Record("formatted: 4k random read", "ext4", "compare", state="stopped", status=130),
    ]
    rows = []
    for i, engine in enumerate(("bio", "kfile", "uring")):
        op = Op(1000, 4096000, 0, 1000, 4096000, 100000 + i, 50000, 90000, 200000, 300000,
                400000 + i)
        rows.append(Row(3 if i else 1, steps[2 if i else 0], engine, engine,
                        "/mnt/ssdk-review.dat" if i else "/dev/nvme0n1", "done", "randread",
                        4096, 1, -1, False, (op, Op()), 1000, 4.096 / (i + 1), 1000,
                        100000 + i, 400000 + i))
    return Summary("A review", "/dev/nvme0n1", "ext4", "quick", "", "", "stopped",
                   "2026-11-26T05:18:28Z", 75.2, steps, rows)


def test_review_in_each_backend() -> None:
    s = make_review()
    out = text(s)
    assert "/dev/nvme0n1 with ext4, scale quick: stopped, 2 of 3 steps, 1m15s\n" in out, out
    assert "  3  formatted: 4k random read on ext4            stopped" in out, out
    # raw (bio) against ext4 (kfile); the uring row is in the table only
    assert ("rw             bs   QD         raw        ext4\n"
            "randread       4k    1         4.1         2.0\n") in out, out
    assert "randread       4k    1   100.00 us   100.00 us\n" in out, out
    # a run that kept under 90% of its depth is marked, and the mark said
    s.rows[1].achieved_qd = 0.8
    s.rows[1].short = True
    out = text(s)
    assert "randread       4k    1         4.1        2.0*\n" in out, out
    assert "* under 90% of the depth asked kept in flight" in out, out
    assert "   1   0.8*       2.0" in out, out
    s.rows[1].achieved_qd = -1
    s.rows[1].short = False
    # a study's runs: new against used
    s.rows[0].label = "new: randread 4k QD1"
    s.rows[2].label = "used: randread 4k QD1"
    out = text(s)
    assert ("MB/s, the drive new, used and after TRIM, the same workload:\n"
            "rw             bs   QD         new        used\n"
            "randread       4k    1         4.1         1.4\n") in out, out
    s.rows[0].label = "bio"
    s.rows[2].label = "uring"
    d = json.loads(to_json(s))
    assert d["state"] == "stopped" and d["runtime"] is None and d["span"] is None
    assert [x["state"] for x in d["steps"]] == ["done", "done", "stopped"]
    assert d["steps"][0]["argv"] == ["-j", "compare", "--engines", "bio"]
    assert d["steps"][0]["diskstats"]["reads"] == 2000 and d["steps"][2]["diskstats"] is None
    assert d["steps"][1]["argv"] is None and d["steps"][1]["estimate_s"] is None
    assert d["steps"][1]["fs"] == "ext4" and d["steps"][0]["fs"] is None
    assert [(r["step"], r["label"]) for r in d["rows"]] == [(1, "bio"), (3, "kfile"),
                                                           (3, "uring")]
    assert d["rows"][1]["mb_s"] == 2.048 and d["rows"][1]["max_ns"] == 400001
    assert d["rows"][0]["achieved_iodepth"] is None
    out = review_csv(s)
    lines = out.splitlines()
    rs = list(csv.DictReader(io.StringIO(out)))
    assert len(rs) == 3 and sum(1 for line in lines if line.startswith("label,")) == 1
    assert rs[1]["label"] == "formatted: 4k random read on ext4: kfile"
    assert rs[0]["op"] == "read" and int(rs[0]["ios"]) == 1000
    assert float(rs[0]["mb_s"]) == 4.096 and int(rs[2]["lat_max_ns"]) == 400002


def test_csv_has_an_anatomy_runs_stages(fixtures: Path) -> None:
    """The stage columns of the CLI's CSV (out_csv.c), from a real --anatomy
    run's JSON: each stage's mean, p50, p99 and max as its JSON has them."""
    stages = ("block", "device", "end_io", "reap", "idle")
    cols = [f"{st}_{c}_ns" for st in stages for c in ("mean", "p50", "p99", "max")]
    rows = rows_read(fixtures / "anatomy-nullb.json", 1, Record("s", kind="run"))
    s = make_review()
    s.rows = rows
    rs = list(csv.DictReader(io.StringIO(review_csv(s))))
    assert list(rs[0])[20:] == cols
    run = json.loads((fixtures / "anatomy-nullb.json").read_text())
    for r in rs:
        o = run[r["op"]]
        for st in stages:
            lat = o[st.replace("_", "-")]["lat_ns"]
            assert float(r[f"{st}_mean_ns"]) == pytest.approx(lat["mean"], abs=0.05)
            assert int(r[f"{st}_p99_ns"]) == lat["percentiles"]["99.000000"]
            assert int(r[f"{st}_max_ns"]) == lat["max"]
    # a run without anatomy: the columns there, empty
    rs = list(csv.DictReader(io.StringIO(review_csv(make_review()))))
    assert {rs[0][c] for c in cols} == {""}


def test_the_record_reads_back_as_it_was_written(tmp_path: Path) -> None:
    """review.json, as --resume reads it: the options and the steps done."""
    r = thg2012(True)
    r.dir = str(tmp_path)
    r.started = "2026-11-26T05:18:28Z"
    r.steps[0].rec.state = "done"
    r.steps[0].rec.wall_s = 3.5
    r.steps[0].rec.io = dict.fromkeys(IO_NAMES, 7)
    (tmp_path / "review.json").write_text(to_json(r.summary("stopped")))
    again = rv.Review(cli=r.cli, dir=str(tmp_path), resume=True)
    again.read_record()
    assert (again.target, again.fs_list, again.quick, again.started) == \
        ("/dev/nvme0n1", "ext4,xfs", True, "2026-11-26T05:18:28Z")
    again.suite, again.fs = r.suite, r.fs
    again.plan()
    again.record_states()
    assert [s.rec.state for s in again.steps[:2]] == ["done", "pending"]
    assert again.steps[0].rec.io == dict.fromkeys(IO_NAMES, 7)
    assert again.steps[0].rec.wall_s == 3.5
    # a record of other steps is refused
    again.steps.pop()
    with pytest.raises(rv.Refused, match="its steps are not those of"):
        again.record_states()


def test_the_dry_runs_sum(tmp_path: Path) -> None:
    """--dry-run's line, as a command's: the steps' runs and their time."""
    r = thg2012(False)
    for i, rs in enumerate(r.steps):
        rs.runs = 6 if rs.st.cmd else 0
        rs.rec.estimate_s = 360.0 if i != 1 else -1.0
    assert r.dry_run() == ("dry run: 72 runs checked, none started, nothing written; "
                           "3960 s of runs, and 6 without a runtime\n")
    r.json = True
    assert json.loads(r.dry_run()) == {"dry_run": True, "runs": 72, "seconds": 3960,
                                       "untimed": 6}


# --- ssdk NAME runs ssdk-NAME (cli/cmd/external.c) ---------------------------------------------

def test_ssdk_runs_the_program_of_a_command_it_does_not_have(tmp_path: Path) -> None:
    """ssdk-NAME from PATH with NAME's arguments, -j passed on; beside ssdk
    (the tree's ssdk-review); an unknown command said in one line, exit 2."""
    ssdk = cli_path()
    hello = tmp_path / "ssdk-hello"
    hello.write_text('#!/bin/sh\necho "$0" "$@"\nexit 7\n')
    hello.chmod(0o755)
    env = dict(os.environ, PATH=f"{tmp_path}:{os.environ.get('PATH', '')}")
    p = subprocess.run([ssdk, "-j", "hello", "a", "--b"], capture_output=True, text=True,
                       env=env, check=False)
    assert (p.returncode, p.stdout) == (7, f"{hello} -j a --b\n")
    p = subprocess.run([ssdk, "help", "hello"], capture_output=True, text=True, env=env,
                       check=False)
    assert (p.returncode, p.stdout) == (7, f"{hello} --help\n")
    p = subprocess.run([ssdk, "__complete", "hel"], capture_output=True, text=True, env=env,
                       check=False)
    assert "hello" in p.stdout.split("\n")
    p = subprocess.run([ssdk, "__complete", "hello", "x"], capture_output=True, text=True,
                       env=env, check=False)
    assert p.stdout == f"{hello} __complete x\n"
    # not a command's name: a path, an option
    for name in ("nosuch", "../hello", "hello/x", "Hello"):
        p = subprocess.run([ssdk, name], capture_output=True, text=True, env=env, check=False)
        assert (p.returncode, p.stdout) == (2, ""), name
        assert p.stderr.startswith(f"ssdk: unknown command '{name}'"), p.stderr
        assert p.stderr.count("\n") == 1, p.stderr
    # the tree's ssdk-review, beside ssdk, with PATH of neither
    p = subprocess.run([ssdk, "review", "--help"], capture_output=True, text=True,
                       env=dict(os.environ, PATH="/usr/bin:/bin"), check=False)
    assert p.returncode == 0, p.stderr
    assert p.stdout.startswith("usage: ssdk review SUITE --target DEV --out DIR"), p.stdout
    p = subprocess.run([ssdk, "review", "--scale", "slow"], capture_output=True, text=True,
                       check=False)
    assert (p.returncode, p.stderr) == (2, "ssdk: --scale: 'slow' is neither quick nor full\n")


def test_the_test_file_is_laid_out_whole_of_its_seeds_bytes(tmp_path: Path) -> None:
    """Every byte written, no two chunks alike, the same seed the same bytes."""
    from ssdk.layout import lay_out
    a, b = tmp_path / "a", tmp_path / "b"
    lay_out(str(a), "3m", rv.LAYOUT_SEED)
    lay_out(str(b), 3 << 20, rv.LAYOUT_SEED)
    data = a.read_bytes()
    assert len(data) == 3 << 20 and data == b.read_bytes()
    chunks = {data[i:i + (1 << 20)] for i in range(0, len(data), 1 << 20)}
    assert len(chunks) == 3
    lay_out(str(b), "4m", 2)
    assert b.read_bytes()[:3 << 20] == data and len(b.read_bytes()) == 4 << 20


# --- a review run whole, stopped and resumed, with a stand-in for ssdk ---------------------

FAKE_SSDK = '''#!/bin/sh
# ssdk's stand-in: its tables from the real one; a dry run of one run of
# 2 s; a step's JSON, the fixture its command names; step "sweep" stops
# the review (SIGINT to it) and ends as a stopped command does.
case " $* " in
*" help "*) exec "$REAL" "$@" ;;
*" --dry-run "*) echo '{"dry_run": true, "runs": 1, "seconds": 2, "untimed": 0}'; exit 0 ;;
*" sweep "*) [ -e "$STOP" ] && { rm "$STOP"; kill -INT $PPID; sleep 1; exit 130; } ;;
esac
case " $* " in
*" compare "*) cat "$FIXTURES/compare-qd-nullb.json" ;;
*" sweep "*) cat "$FIXTURES/sweep-nullb.json" ;;
*) cat "$FIXTURES/randread-nullb.json" ;;
esac
'''

SUITE = """; a review on the host
[read]
step=run
rw=randread

[depths]
step=compare
engines=bio

[sweep]
step=sweep
iodepth=1,8
"""


def _review(tmp_path: Path, fixtures: Path, resume: bool, env: pytest.MonkeyPatch) -> rv.Review:
    fake = tmp_path / "ssdk"
    fake.write_text(FAKE_SSDK)
    fake.chmod(0o755)
    for k, v in (("REAL", cli_path()), ("FIXTURES", str(fixtures)),
                 ("STOP", str(tmp_path / "stop"))):
        env.setenv(k, v)
    r = rv.Review(cli=str(fake), target="/dev/nvme0n1", dir=str(tmp_path / "review"),
                  allow_write=True, quiet=True, resume=resume, t0=time.monotonic())
    if resume:
        r.read_record()
        rv.load_suite(r, f"{r.dir}/suite.ini")
    else:
        (tmp_path / "suite.ini").write_text(SUITE)
        rv.load_suite(r, str(tmp_path / "suite.ini"))
    r.plan()
    if resume:
        r.record_states()
    for i, rs in enumerate(r.steps):
        r._check_step(i, rs)
    return r


def test_a_review_stopped_keeps_what_is_done_and_resumed_ends_whole(
        tmp_path: Path, fixtures: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "stop").touch()
    r = _review(tmp_path, fixtures, False, monkeypatch)
    assert r.dry_run() == ("dry run: 3 runs checked, none started, nothing written; "
                           "6 s of runs\n")
    sig = rv._Signals()
    old = signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM)
    try:
        sig.install()
        rv.make_dir(r)
        assert rv.Runner(r, sig).run() == rv.EXIT_SIGINT
    finally:
        signal.signal(signal.SIGINT, old[0])
        signal.signal(signal.SIGTERM, old[1])
    r.record("stopped", ended=True)
    d = Path(r.dir)
    rec = json.loads((d / "review.json").read_text())
    assert rec["state"] == "stopped" and 0 < rec["wall_s"] < 60
    assert [s["state"] for s in rec["steps"]] == ["done", "done", "stopped"]
    assert [s["status"] for s in rec["steps"]] == [0, 0, 130]
    assert rec["steps"][0]["argv"] == ["-j", "ctl", "run", "--rw", "randread", "--target",
                                       "/dev/nvme0n1", "--allow-write", "-q"]
    assert rec["steps"][0]["estimate_s"] == 2
    assert len(rec["rows"]) == 1 + 6
    assert (d / "suite.ini").read_text() == SUITE
    # a stopped step keeps its file; the report is made of the steps done
    assert (d / "03-sweep.json").is_file() and not (d / "03-sweep.json.part").exists()
    assert (d / "report.html").is_file()
    assert "stopped, 2 of 3 steps" in (d / "summary.txt").read_text()
    assert len(list(csv.DictReader((d / "summary.csv").open()))) == 7
    out = capsys.readouterr()
    assert "ssdk review: stopped; what is done is kept: ssdk review --resume" in out.err
    assert "stopped, 2 of 3 steps" in out.out
    first = (d / "01-read.json").read_bytes()
    # resumed: the steps done kept as they were, the rest run
    r = _review(tmp_path, fixtures, True, monkeypatch)
    assert [s.rec.state for s in r.steps] == ["done", "done", "pending"]
    assert r.dry_run().startswith("dry run: 1 run checked")
    r.record("running")
    assert rv.Runner(r, rv._Signals()).run() == 0
    r.json = True
    r.record("done", ended=True)
    rec = json.loads(capsys.readouterr().out)
    assert rec == json.loads((d / "review.json").read_text())
    assert rec["state"] == "done"
    # the time of both parts of it
    assert 0 < rec["wall_s"] < 120
    assert [s["state"] for s in rec["steps"]] == ["done"] * 3
    assert len(rec["rows"]) == 1 + 6 + 4
    assert rec["rows"][-1]["step"] == 3 and rec["rows"][-1]["iodepth"] == 8
    assert (d / "01-read.json").read_bytes() == first
    # a new review in its directory is refused: --resume continues it
    with pytest.raises(rv.Refused, match="a review is there already"):
        rv.make_dir(r)


def test_run_intervals_and_marks_on_the_steps_clock(fixtures: Path) -> None:
    # randread-nullb.json: run 1, 1 s in 100 ms intervals, the last cut at its end
    r = load(fixtures / "randread-nullb.json")
    assert isinstance(r, Results) and r.timeseries is not None
    iv = rv.run_intervals(r)
    assert len(iv) == len(r.timeseries) and iv[0][0] == 0.0
    assert iv[-1][1] == r.elapsed_ns / 1e9
    b = r.timeseries.col(None, "bytes")
    assert iv[1][2] == pytest.approx(b[1] / 0.1)
    # the run started 2 s into the step: the samples move 2 s back onto its time;
    # over its warning temperature from 2.5 s into the step, 0.5 s into the run
    samples = [(1.0, 60.0), (2.5, 65.0), (3.0, 70.0), (4.0, 71.0)]
    runs = rv.run_marks(fixtures / "randread-nullb.json", samples, {1: 2.0, 9: 0.0}, 70.0)
    assert runs == [{"id": 1, "start_s": 2.0, "marks": [[0.5, 1.0, "warning"]]}]
    # a run the sampler never saw going has no start: not aligned, not marked
    assert rv.run_marks(fixtures / "randread-nullb.json", samples, {}, 70.0) == []
    assert rv.run_marks(fixtures / "nothing.json", samples, {1: 2.0}, 70.0) == []


def test_a_review_records_each_steps_temperature(
        tmp_path: Path, fixtures: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    reads = iter(range(40_000, 10**6, 250))
    src = health.TempSource("/sys/fake/hwmon0/temp1_input", lambda: next(reads) / 1000, 69.85,
                            99.85)
    monkeypatch.setattr(health, "temp_source", lambda disk: src)
    r = _review(tmp_path, fixtures, False, monkeypatch)
    rv.make_dir(r)
    runner = rv.Runner(r, rv._Signals())
    runner.period = 0.001
    runner._going = lambda: {1: 0.0}  # type: ignore[method-assign]
    assert runner.run() == 0
    r.record("done", ended=True)
    d = Path(r.dir)
    rec = json.loads((d / "review.json").read_text())
    t = [s["temperature"] for s in rec["steps"]]
    assert [x["file"] for x in t] == ["temp-01.json", "temp-02.json", "temp-03.json"]
    doc = json.loads((d / "temp-01.json").read_text())
    assert doc["source"] == src.name and doc["period_s"] == 0.001
    assert (doc["warning_c"], doc["critical_c"]) == (69.85, 99.85)
    assert len(doc["samples"]) == t[0]["samples"] >= 2
    assert all(len(p) == 2 for p in doc["samples"])
    times = [p[0] for p in doc["samples"]]
    # the last sample as the step ended: after its time was taken, one read at most
    assert times == sorted(times) and 0 <= times[0] <= times[-1] < rec["steps"][0]["wall_s"] + 1
    assert t[0]["min_c"] == doc["samples"][0][1] == 40.0
    assert t[0]["max_c"] == doc["samples"][-1][1]
    # run 1 (step 1's) seen going at the first sample: its start, then
    assert doc["runs"][0]["id"] == 1
    assert doc["runs"][0]["start_s"] == pytest.approx(times[0], abs=0.5)
    assert t[0]["marks"] == [] and t[0]["source"] == src.name
    assert "temperature" in rec["steps"][2]
    # the record reads back on --resume
    r2 = _review(tmp_path, fixtures, True, monkeypatch)
    assert r2.steps[0].rec.temperature == t[0]


def test_a_steps_temperature_in_the_table() -> None:
    s = make_review()
    a, b, c = s.steps
    a.temperature = {"file": "temp-01.json", "source": "hwmon", "samples": 13, "min_c": 41.2,
                     "max_c": 57.9, "marks": ["throughput"]}
    b.health = {"before": {"temperature_c": 40}, "after": {"temperature_c": 40},
                "throttled": False}
    c.health = {"before": {"temperature_c": 40}, "after": {"temperature_c": 43},
                "throttled": True}
    assert temp_text(a) == "41-58 °C throttled?"
    assert temp_text(b) == "40 °C"  # too short to sample: smartctl's before and after
    assert temp_text(c) == "40-43 °C throttled"  # the drive's health log says it
    a.temperature["marks"] = ["warning", "throughput"]
    assert temp_text(a) == "41-58 °C throttled"
    assert temp_text(Record("x")) == ""
    out = text(s).splitlines()
    assert out[3].endswith("time  temperature")
    assert out[4].endswith(" done        1m02s  41-58 °C throttled")
    assert out[5].endswith("40 °C") and out[6].endswith("40-43 °C throttled")
    doc = json.loads(to_json(s))
    assert doc["steps"][0]["temperature"]["marks"] == ["warning", "throughput"]
    assert doc["steps"][1]["temperature"] is None
