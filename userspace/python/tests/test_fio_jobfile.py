# SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause
"""fio's job files and values, read as fio 3.33 reads them.

Ground truth is Debian's fio itself: every example job file of its source
(``scripts/setup`` fetches it) that fio parses is read here into the same
sections with the same options and values as ``fio --debug=parse
--parse-only`` shows; sizes are what fio's null engine transfers. The
files fio would misread or loop on are refused with their file and line.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from ssdk.fio import jobfile, options, values

FIO = shutil.which("fio")
EXAMPLES = Path(os.environ.get("SSDK_CACHE", Path.home() / ".cache/ssdk"),
                "src/fio-3.33/examples")
KW = {"$pagesize": "4096", "$mb_memory": "1024", "$ncpus": "2"}


def fio_sections(path: Path) -> list[tuple[str, list[tuple[str, str | None]]]] | None:
    """fio's own reading of *path*: each section, the options it handled (in
    the order of their priority); None when fio refuses the file (an engine
    it lacks...)."""
    assert FIO is not None
    p = subprocess.run([FIO, "--debug=parse", "--parse-only", path.name], cwd=path.parent,
                       capture_output=True, text=True, errors="replace", timeout=60,
                       env={"PATH": os.environ["PATH"]}, check=False)
    if p.returncode:
        return None
    out: list[tuple[str, list[tuple[str, str | None]]]] = []
    # a line of the file without its newline runs into fio's next: searched
    # for anywhere, in order
    for m in re.finditer(r"parse\s+\d+\s+(?:Parsing section \[(.*)\]|"
                         r"handle_option=([^,\n]*), ptr=(.*))\n", p.stdout):
        if m.group(1) is not None:
            out.append((m.group(1), []))
        elif out:
            v = m.group(3)
            out[-1][1].append((m.group(2), None if v == "(null)" else v.strip()))
    return out


@pytest.mark.skipif(FIO is None or not EXAMPLES.is_dir(), reason="no fio, or no fio source")
def test_every_example_reads_as_fio_reads_it() -> None:
    files = sorted(EXAMPLES.glob("*.fio"))
    assert len(files) == 86
    compared = 0
    for f in files:
        old = os.getcwd()
        os.chdir(f.parent)
        try:
            parsed = jobfile.parse([f.name], env={})
        finally:
            os.chdir(old)
        theirs = fio_sections(f)
        if theirs is None:
            continue  # fio refuses it: an engine this fio lacks, ${VAR} unset
        # fio handles a section's options by their priority (parse.c's
        # sort_options()), not in the file's order: compared as sets. An
        # ioengine's own options fio handles again, with the engine's
        # defaults (cpuio's cpuchunks...): under an ioengine, each option
        # read is one fio handled.
        assert [s.name for s in parsed.sections] == [n for n, _ in theirs], f.name
        engine = False
        for sect, (_, opts) in zip(parsed.sections, theirs, strict=True):
            ours = {(options.canonical(o.key), o.value or "") for o in sect.options}
            fios = {(k, v or "") for k, v in opts}
            engine = engine or any(k == "ioengine" for k, _ in ours)
            assert ours <= fios if engine else ours == fios, f"{f.name} [{sect.name}]"
        compared += 1
    assert compared == 67


@pytest.mark.skipif(FIO is None, reason="no fio")
@pytest.mark.parametrize("text", ["4k", "4K", "4kb", "4KiB", "4ki", "1mi", "1mib", "1m", "0x10",
                                  "0x1k", "4096b", "3kB", "1g", "1G", "2gib", "17", "1t"])
@pytest.mark.parametrize("kb_base", [1024, 1000])
def test_a_size_is_what_fio_transfers(text: str, kb_base: int, tmp_path: Path) -> None:
    """fio's null engine with bs=1 transfers size bytes: the size fio read."""
    want = values.size(text, kb_base)
    assert isinstance(want, int)
    if want > 1 << 24:
        pytest.skip("too many IOs of 1 byte")
    assert FIO is not None
    p = subprocess.run([FIO, "--name=x", "--ioengine=null", f"--kb_base={kb_base}",
                        f"--size={text}", "--bs=1", "--rw=read", "--output-format=json"],
                       cwd=tmp_path, capture_output=True, text=True, timeout=60, check=True)
    assert json.loads(p.stdout)["jobs"][0]["read"]["io_bytes"] == want


def test_sizes_and_times_at_their_edges() -> None:
    assert values.size("4k") == 4096 and values.size("4k", 1000) == 4000
    assert values.size("1KiB") == 1000 and values.size("1KiB", 1000) == 1024
    assert values.size("16p") == 16 << 50
    assert values.size("50%") == values.Percent(50)
    assert values.size("4k-16k") == 4096  # a range's first: its separator ends the unit
    assert values.size("(2*4096)") == 8192
    for bad, why in (("1.5m", "not a whole number"), ("", "empty"), ("k", "not a size"),
                     ("4q", "no unit"), ("4 k", "after the number"), ("(1/0)", "division"),
                     ("(2^65)", "exponent"), ("(" + "1+" * 60 + "1)", "longer than 100")):
        with pytest.raises(ValueError, match=why):
            values.size(bad)
    assert values.time_us("10") == 10_000_000 and values.time_us("10", seconds=False) == 10
    assert values.time_us("250ms") == 250_000 and values.time_us("2msec") == 2000
    assert values.time_us("3us") == 3 and values.time_us("1m") == 60_000_000
    assert values.time_us("1h") == 3_600_000_000 and values.time_us("1d") == 86_400_000_000
    with pytest.raises(ValueError, match="no unit"):
        values.time_us("1y")
    assert values.boolean(None) and values.boolean("1") and not values.boolean("0")
    with pytest.raises(ValueError, match="not 0 or 1"):
        values.boolean("2")
    assert values.calc("8*1024") == "8192" and values.calc("randread") == "randread"
    assert values.calc("4k-16k") == "4k-16k"


def write(d: Path, name: str, text: str) -> Path:
    p = d / name
    p.write_text(text)
    return p


def test_globals_includes_env_and_keywords(tmp_path: Path) -> None:
    """Globals above a job are its defaults (a later [global] adds to them
    for the jobs below it); an include's options go where it is, found
    beside the including file; ${VAR} and the keywords expand, their
    arithmetic computed; a second file's first job waits for the first's."""
    write(tmp_path, "inc.fio", "; included\nnumjobs = 2\ninclude inc2.fio\n")
    write(tmp_path, "inc2.fio", "iodepth=${QD}\n")
    a = write(tmp_path, "a.fio", "[global]\nrw=randread\nsize=8*$mb_memory\n[a]\nbs=4k\n"
              "include inc.fio\n[globalx]\nruntime=10\n[b]\n")
    b = write(tmp_path, "b.fio", "[c]\ntime_based\n[d]\n")
    p = jobfile.parse([str(a), str(b)], env={"QD": "8"}, kw=KW)
    assert [s.name for s in p.sections] == ["global", "a", "globalx", "b", "c", "d"]
    jobs = {j.name: j for j in p.jobs}
    assert [(o.key, o.value) for o in jobs["a"].options] == [
        ("rw", "randread"), ("size", "8192"), ("bs", "4k"), ("numjobs", "2"), ("iodepth", "8")]
    assert jobs["a"].options[-1].where == f"{tmp_path}/inc2.fio:1"
    assert [o.key for o in jobs["b"].options] == ["rw", "size", "runtime"]
    assert jobs["c"].get("time_based") == jobfile.Option("time_based", None, str(b), 2)
    assert [(j.name, j.file_stonewall) for j in p.jobs] == [
        ("a", False), ("b", False), ("c", True), ("d", False)]
    assert jobfile.parse([str(a)], env={}, kw=KW).jobs[0].get("iodepth") == jobfile.Option(
        "iodepth", "", f"{tmp_path}/inc2.fio", 1)


@pytest.mark.parametrize("files, why", [
    ({"a.fio": "rw=read\n[a]\n"}, r"a.fio:1: option <rw=read> outside of \[\] job section"),
    ({"a.fio": "[a\nrw=read\n"}, r"a.fio:1: an unbalanced section: \[a"),
    ({"a.fio": "[a]\n[b\n"}, r"a.fio:2: an unbalanced section"),
    ({"a.fio": "[a]\ninclude a.fio\n"}, r"a.fio:2: include a.fio: a loop"),
    ({"a.fio": "[a]\ninclude b.fio\n", "b.fio": "include c.fio\n", "c.fio": "include b.fio\n"},
     r"c.fio:1: include b.fio: a loop"),
    ({"a.fio": "[a]\ninclude b.fio\n", "b.fio": "[b]\n"},
     r"b.fio:1: No new sections in included files"),
    ({"a.fio": "[a]\ninclude none.fio\n"}, r"a.fio:2: unable to open '.*none.fio' job file"),
    ({"a.fio": "[a]\ninclude\n"}, r"a.fio:2: include: no file named"),
    ({"a.fio": "[" + "x" * 256 + "]\n"}, r"a.fio:1: a section name of 256 characters"),
    ({"a.fio": "[a]\nbs=" + "1" * (jobfile.OPT_LEN_MAX - 4) + "\n"},
     r"a.fio:2: a line of 8191 bytes: fio reads 8190 at most"),
])
def test_a_bad_job_file_is_refused_with_its_line(tmp_path: Path, files: dict[str, str],
                                                 why: str) -> None:
    for name, text in files.items():
        write(tmp_path, name, text)
    with pytest.raises(jobfile.JobFileError, match=why):
        jobfile.parse([str(tmp_path / "a.fio")], env={}, kw=KW)


def test_limits_at_them(tmp_path: Path) -> None:
    """A section name of 255 characters, a line of 8190 bytes, includes
    nested 16 deep: read; 17 deep: refused."""
    a = write(tmp_path, "a.fio", "[" + "x" * 255 + "]\nbs=" + "1" * (jobfile.OPT_LEN_MAX - 5)
              + "\ninclude i1.fio\n")
    for i in range(1, 17):
        write(tmp_path, f"i{i}.fio", f"include i{i + 1}.fio\n" if i < 16 else "numjobs=1\n")
    (job,) = jobfile.read([str(a)], env={}, kw=KW)
    assert len(job.name) == 255 and job.get("numjobs") is not None
    write(tmp_path, "i16.fio", "include i17.fio\n")
    write(tmp_path, "i17.fio", "numjobs=1\n")
    with pytest.raises(jobfile.JobFileError, match="nested deeper than 16"):
        jobfile.read([str(a)], env={}, kw=KW)
