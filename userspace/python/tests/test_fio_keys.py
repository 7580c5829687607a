# SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause
"""fio jobs as ssdk ctl run's options (ssdk.fio.keys): the job a fio user
would write, fio's example job files (each runs, or is refused naming a
key at its line), every refusal's words, and the table's documentation."""

from __future__ import annotations

import os
import re
import shutil
import sys
from pathlib import Path

import pytest

from ssdk.fio import jobfile, keys, names

EXAMPLES = Path(os.environ.get("SSDK_CACHE", Path.home() / ".cache/ssdk"),
                "src/fio-3.33/examples")
DOC = Path(__file__).resolve().parents[3] / "Documentation/userspace/fio.rst"
KW = {"$pagesize": "4096", "$mb_memory": "1024", "$ncpus": "2"}

USER_JOB = """\
; two sections, one after the other, as a fio user writes them
[global]
filename=/dev/nvme0n1
ioengine=libaio
direct=1
time_based
runtime=30s
ramp_time=5s
size=8g
group_reporting

[mixed]
rw=randrw
rwmixread=70
bssplit=4k/50:16k/30:64k/20
iodepth=16
numjobs=2
offset_increment=4g

[seq]
stonewall
rw=read
bs=128k
iodepth=1
"""


def test_a_users_job_file(tmp_path: Path) -> None:
    f = tmp_path / "user.fio"
    f.write_text(USER_JOB)
    mixed, seq = (keys.translate(j) for j in jobfile.read([str(f)], env={}, kw=KW))
    assert mixed.argv == ["--rw", "randrw", "--bssplit", "4k/50:16k/30:64k/20", "--iodepth",
                          "16", "--rwmixread", "70", "--span", str(8 << 30), "--runtime",
                          "30000000us", "--ramp", "5000000us"]
    assert (mixed.target, mixed.numjobs, mixed.offset_increment, mixed.stonewall) == (
        "/dev/nvme0n1", 2, 4 << 30, False)
    assert seq.argv == ["--rw", "read", "--bs", str(128 << 10), "--iodepth", "1", "--span",
                        str(8 << 30), "--runtime", "30000000us", "--ramp", "5000000us"]
    assert (seq.numjobs, seq.stonewall) == (1, True)
    assert "ioengine libaio: ssdk's in-kernel engine" in seq.said
    assert any(s.startswith("group_reporting: ") for s in seq.said)


@pytest.mark.parametrize("text, argv", [
    ("rw=write:8k\nbs=4k\nnumber_ios=10", ["--rw", "write", "--stride", "12288", "--bs", "4096",
                                           "--ios", "10"]),
    ("rw=read\nbs=4k\nsize=1m", ["--rw", "read", "--bs", "4096", "--span", "1048576",
                                 "--ios", "256"]),
    ("rw=randwrite\nio_size=64k\nbs=16k\nsize=1m",
     ["--rw", "randwrite", "--bs", "16384", "--span", "1048576", "--ios", "4"]),
    ("readwrite=rw\nrwmixwrite=30\nblocksize=8k,8k\ntime_based\ntimeout=1m",
     ["--rw", "readwrite", "--bs", "8192", "--rwmixread", "70", "--runtime", "60000000us"]),
    ("kb_base=1000\nbs=4k\nrw=read\nnumber_ios=1", ["--rw", "read", "--bs", "4000", "--ios",
                                                   "1"]),
    ("ioengine=io_uring\nbuffer_compress_percentage=60\nrw=write\nnumber_ios=1\ndirect=0\nhipri\n"
     "cpus_allowed=0-1\nrandseed=7\nrate_iops=100\niodepth_batch=4\nba=8k",
     ["--rw", "write", "--align", "8192", "--ios", "1", "--rate-iops", "100", "--seed", "7",
      "--batch", "4", "--pattern", "compressible:60", "--buffered", "--polled", "--cpus",
      "0-1"]),
    ("zero_buffers=1\nrw=write\nnumber_ios=1", ["--rw", "write", "--ios", "1", "--pattern",
                                                "zeros"]),
])
def test_each_key_its_option(tmp_path: Path, text: str, argv: list[str]) -> None:
    f = tmp_path / "j.fio"
    f.write_text(f"[j]\n{text}\n")
    (job,) = jobfile.read([str(f)], env={}, kw=KW)
    assert keys.translate(job).argv == argv


@pytest.mark.parametrize("rng, split, said", [
    ("4k-16k", "4096/25:8192/25:12288/25:16384/25", False),
    ("4k-12k", "4096/34:8192/33:12288/33", True),
    ("1k-1k", "1024/100", False),
    ("4k-64k", ":".join(f"{k * 4096}/{7 if k <= 4 else 6}" for k in range(1, 17)), True),
])
def test_bsrange_is_a_split_of_its_sizes(tmp_path: Path, rng: str, split: str,
                                         said: bool) -> None:
    f = tmp_path / "j.fio"
    f.write_text(f"[j]\nrw=randread\nblocksize_range={rng}\nnumber_ios=1\n")
    (job,) = jobfile.read([str(f)], env={}, kw=KW)
    t = keys.translate(job)
    assert t.argv[t.argv.index("--bssplit") + 1] == split
    assert any(s.startswith("bsrange: ") for s in t.said) == said


@pytest.mark.skipif(shutil.which("fio") is None, reason="no fio")
def test_bsrange_draws_as_fio_does(tmp_path: Path) -> None:
    """fio's own draw of bsrange=4k-16k (null engine, its write_iolog of
    40000 reads), sequential and random without its random map: each
    multiple of 4k about a quarter, as the split says. (fio's random map
    cuts IOs short where they meet used blocks: keys.py says so.)"""
    import collections
    import subprocess
    for rw in (["--rw=read"], ["--rw=randread", "--norandommap"]):
        log = tmp_path / f"log{len(rw)}"
        subprocess.run(["fio", "--name=x", "--ioengine=null", *rw, "--bsrange=4k-16k",
                        "--size=1g", "--number_ios=40000", f"--write_iolog={log}",
                        "--output-format=json"], cwd=tmp_path, capture_output=True, check=True)
        # iolog 3: "TIME FILE read OFFSET LENGTH"
        sizes = collections.Counter(int(ln.split()[4]) for ln in log.read_text().splitlines()
                                    if len(ln.split()) == 5 and ln.split()[2] == "read")
        assert sorted(sizes) == [4096, 8192, 12288, 16384]
        assert all(abs(c / 40000 - 0.25) < 0.015 for c in sizes.values()), (rw, sizes)


def test_directory_and_fios_own_file_names(tmp_path: Path) -> None:
    """directory: a relative filename in it; no filename: fio's JOB.N.0 in it,
    each of numjobs its own file (a run each); poisson arrivals."""
    from ssdk.fio import run
    f = tmp_path / "j.fio"
    f.write_text("[global]\ndirectory=/mnt/x\nrw=randread\nnumber_ios=5\n"
                 "[a]\nfilename=f.dat\n[b]\nnumjobs=2\nrate_iops=50\nrate_process=poisson\n")
    a, b = (keys.translate(j) for j in jobfile.read([str(f)], env={}, kw=KW))
    assert (a.target, b.target, b.directory) == ("/mnt/x/f.dat", None, "/mnt/x")
    assert b.argv[b.argv.index("--arrivals") + 1] == "poisson"
    (g,) = run.groups([a, b], False)
    targets = [r.argv[r.argv.index("--target") + 1] for r in g.runs]
    assert targets == ["/mnt/x/f.dat", "/mnt/x/b.0.0", "/mnt/x/b.1.0"]
    assert all("--workers" not in r.argv for r in g.runs)


def test_read_iolog_is_a_replay(tmp_path: Path) -> None:
    f = tmp_path / "j.fio"
    f.write_text("[j]\nfilename=/dev/sda\nread_iolog=t.log\nreplay_no_stall=1\niodepth=4\n"
                 "rw=randwrite\nbs=8k\n")
    (job,) = jobfile.read([str(f)], env={}, kw=KW)
    t = keys.translate(job)
    assert (t.command, t.target) == ("replay", "/dev/sda")
    assert t.argv == ["--trace", "t.log", "--timing", "afap", "--iodepth", "4"]
    assert "rw, bs: the trace's IOs instead (read_iolog)" in t.said


@pytest.mark.parametrize("text, line, key, why", [
    ("rw=trim", 2, "rw", "rw=trim: ssdk does read, write"),
    ("rw=randread:4", 2, "rw", "a random job's :N"),
    ("rw=read:-8k", 2, "rw", "a skip of -8k: forward only"),
    ("ioengine=mmap", 2, "ioengine", "ioengine mmap: ssdk runs libaio"),
    ("bogus=1", 2, "bogus", "no option bogus in fio-3.33"),
    ("sqthread_poll=1", 2, "sqthread_poll", "nor of ioengine psync"),
    ("verify=md5", 2, "verify", "ssdk does not do it"),
    ("bs=4k,8k", 2, "bs", "one size for reads and writes"),
    ("bssplit=4k/50:8k/50,4k/100", 2, "bssplit", "one split for reads and writes"),
    ("filename=a:b", 2, "filename", "one file or device"),
    ("size=50%", 2, "size", "a share of the target"),
    ("bssplit=4k/50:8k/50\nsize=1g", 3, "size", "ends after so many bytes of several sizes"),
    ("time_based", 2, "time_based", "without a runtime"),
    ("iodepth=-1", 2, "iodepth", "not a number from 0"),
    ("numjobs=65537", 2, "numjobs", "not a number from 1 to 65536"),
    ("rwmixwrite=101", 2, "rwmixwrite", "not a number from 0 to 100"),
    ("runtime=1y", 2, "runtime", "no unit"),
    ("kb_base=1010", 2, "kb_base", "1000 or 1024"),
    ("rate_iops=10,20", 2, "rate_iops", "one rate"),
    ("bs=4q", 2, "bs", "'4q': no unit"),
    ("bs=1.5k", 2, "bs", "not a whole number"),
    ("rate_process=linear", 2, "rate_process", "without rate_iops"),
    ("rate_iops=5\nrate_process=burst", 3, "rate_process", "linear or poisson"),
    ("direct=0\niodepth=16", 2, "direct", "buffered IO at iodepth 16"),
    ("buffered=1\niodepth=2", 2, "buffered", "keeps one IO in flight"),
    ("bsrange=4k-68k", 2, "bsrange", "17 sizes from 4096 to 69632"),
    ("bsrange=4k-8k,8k-16k", 2, "bsrange", "one range for reads and writes"),
    ("bsrange=16k-4k", 2, "bsrange", "MIN-MAX"),
    ("bsrange=4k-8k\nbssplit=4k/100", 2, "bsrange", "one or the other"),
    ("read_iolog=t.log", 2, "read_iolog", "a replay needs filename="),
    ("filename=/dev/sda\nread_iolog=a:b", 3, "read_iolog", "one trace file"),
])
def test_a_key_ssdk_cannot_honour_is_refused_at_its_line(tmp_path: Path, text: str, line: int,
                                                         key: str, why: str) -> None:
    f = tmp_path / "j.fio"
    f.write_text(f"[j]\n{text}\n")
    (job,) = jobfile.read([str(f)], env={}, kw=KW)
    with pytest.raises(keys.Unsupported, match=re.escape(f"{f}:{line}: job j: {key}: ") + ".*"
                       + re.escape(why)):
        keys.translate(job)


RAN = ["aio-read.fio", "fio-seq-read.fio", "fixed-rate-submission.fio",
       "poisson-rate-submission.fio", "ssd-steadystate.fio", "ssd-test.fio"]


@pytest.mark.skipif(not EXAMPLES.is_dir(), reason="no fio source (scripts/setup)")
def test_fios_examples_run_or_are_refused_naming_a_key_at_its_line() -> None:
    """Each example job file: every job translated, or the first refused
    naming a key that its file has at the line the message gives."""
    ran = []
    for f in sorted(EXAMPLES.glob("*.fio")):
        jobs = jobfile.read([str(f)], env={}, kw=KW)
        try:
            for j in jobs:
                keys.translate(j)
        except keys.Unsupported as e:
            where, _, rest = str(e).partition(": job ")
            path, _, line = where.rpartition(":")
            text = Path(path).read_text().splitlines()[int(line) - 1]
            assert re.match(rf"\s*{re.escape(e.key)}\s*(=|$|;|#)", text), f"{e}: {text!r}"
            assert e.key in names.OPTIONS | names.PROFILE_OPTIONS or any(
                e.key in v for v in names.ENGINE_OPTIONS.values()) or "no option" in rest, str(e)
            continue
        ran.append(f.name)
    assert ran == RAN


def test_the_table_is_documented() -> None:
    """Documentation/userspace/fio.rst's table is keys.py's, as
    scripts/fio/keys-table writes it."""
    import subprocess
    gen = Path(__file__).resolve().parents[3] / "scripts/fio/keys-table"
    table = subprocess.run([sys.executable, str(gen)], capture_output=True, text=True,
                           check=True).stdout
    assert "\n" + table + "\n.. end of the table\n" in DOC.read_text()


def test_fio_names_are_the_installed_fios() -> None:
    """names.py is what scripts/fio/options-gen prints of the installed fio."""
    import shutil
    import subprocess
    if shutil.which("fio") is None:
        pytest.skip("no fio")
    gen = Path(__file__).resolve().parents[3] / "scripts/fio/options-gen"
    out = subprocess.run([str(gen)], capture_output=True, text=True, check=True).stdout
    assert out == (Path(names.__file__)).read_text()


def test_ssdk_fio_refuses_before_anything_runs(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    """ssdk-fio's refusals, one line each: a key at its line (2), a section
    that is not there (2), a file that is not there (2); two runs writing
    one target side by side (2); its completion."""
    from ssdk.fio import main as fio_main
    bad = tmp_path / "bad.fio"
    bad.write_text("[a]\nrw=read\n[b]\nverify=md5\n")
    both = tmp_path / "both.fio"
    both.write_text("[a]\nfilename=/dev/null\nrw=write\nnumber_ios=1\n[b]\n"
                    "filename=/dev/null\nrw=read\nnumber_ios=1\n")
    for args, code, words in (
            ([str(bad)], 2, f"{bad}:4: job b: verify: ssdk does not do it"),
            (["--section", "c", str(bad)], 2, "--section c: no such job"),
            ([str(tmp_path / "none.fio")], 2, "unable to open"),
            ([str(both)], 2, "jobs a and b write /dev/null side by side")):
        assert fio_main.main(args) == code
        err = capsys.readouterr().err
        assert words in err and len(err.splitlines()) == 1, err
    assert fio_main.complete(["--sec"]) == ["--section"]
    assert fio_main.complete([str(bad), "--section", "b"]) == ["b"]
    assert fio_main.complete(["x"]) == [":file"]


@pytest.mark.parametrize("key", sorted(keys.KEYS))
def test_any_value_of_a_key_translates_or_is_refused(tmp_path: Path, key: str) -> None:
    """Junk in any key ssdk takes: translated, or refused naming the key at
    its line; never another error."""
    for value in ("", "x", "-1", "0", "1.5", "4q", "0x", "%", "50%", "1-", "-", ":", ",",
                  "99999999999999999999999", "1k,2k", "4k/50", "(1/0)", "${X}"):
        f = tmp_path / "j.fio"
        f.write_text(f"[j]\nrw=randread\nrate_iops=1\n{key}={value}\n")
        (job,) = jobfile.read([str(f)], env={}, kw=KW)
        try:
            keys.translate(job)
        except keys.Unsupported as e:
            assert f"{f}:" in str(e) and ": job j: " in str(e), str(e)


def test_write_iolog_needs_its_device_to_itself(tmp_path: Path) -> None:
    from ssdk.fio import run
    f = tmp_path / "j.fio"
    f.write_text("[a]\nfilename=/dev/null\nrw=read\nnumber_ios=1\nwrite_iolog=a.log\n")
    (a,) = (keys.translate(j) for j in jobfile.read([str(f)], env={}, kw=KW))
    assert a.write_iolog == "a.log"
    with pytest.raises(run.RunError, match="write_iolog records a block device's IOs:"
                       " /dev/null is none"):
        run.check_iologs(run.groups([a], False))


def test_keep_ioengine_is_compares_engine(tmp_path: Path) -> None:
    """--keep-ioengine: a device's job through compare's raw engine of its
    ioengine, a file's through the file's engine on its filesystem's
    device; numjobs as that many runs; an engine ssdk lacks refused."""
    from ssdk.fio import run
    f = tmp_path / "j.fio"
    dat = Path(__file__).parent / "never-made.dat"  # beside the tests: on a disk
    f.write_text(f"[a]\nfilename={dat}\nioengine=io_uring\nrw=read\nnumber_ios=1\nnumjobs=2\n"
                 "[b]\nstonewall\nfilename=/dev/null\nioengine=posixaio\nrw=read\n"
                 "number_ios=1\n")
    a, b = (keys.translate(j) for j in jobfile.read([str(f)], env={}, kw=KW))
    with pytest.raises(run.RunError, match="--keep-ioengine: ssdk has no posixaio"):
        run.groups([b], False, keep=True)
    try:
        dev = run._fs_device(str(dat))
    except OSError:  # a tree on no block device (an overlay): refused, saying so
        with pytest.raises(run.RunError, match="on no block device"):
            run.groups([a], False, keep=True)
        return
    (g,) = run.groups([a], False, keep=True)
    assert [r.argv[:2] for r in g.runs] == [["compare", "-q"]] * 2
    argv = g.runs[0].argv
    assert argv[argv.index("--engines") + 1] == "uring"
    assert argv[argv.index("--file") + 1] == str(dat)
    assert argv[argv.index("--target") + 1] == dev
