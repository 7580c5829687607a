#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
# ssdk-selftest: vm=main kernels=default time=180
"""ssdk fio: a fio user's job file run through the module on a null_blk.
Two groups (a stonewall), numjobs=2 with offset_increment, bssplit and
rwmixread=70: every run's IOs, bytes and reads against writes are what
the block device counted; the second group starts when the first has
ended; a job file with a key ssdk cannot honour, or a run the module
refuses, starts nothing and writes nothing."""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

from lib.py import (
    CLI,
    blk_stats,
    ksft_eq,
    ksft_exit,
    ksft_pr,
    ksft_run,
    ksft_true,
    module_load,
    run_count,
    runs_clear,
    ssdk_setup,
    temp_dir,
)

TMP = temp_dir()
DEV = "/dev/nullb0"
JOB = """\
; a fio user's file: a mixed group, then a sequential read after it
[global]
filename=/dev/nullb0
ioengine=libaio
direct=1
size=64m
group_reporting

[mixed]
rw=randrw
rwmixread=70
bssplit=4k/50:16k/30:64k/20
iodepth=8
numjobs=2
time_based
runtime=1s

[seq]
stonewall
rw=read
bs=64k
iodepth=2

[scan]
stonewall
rw=read
bs=64k
numjobs=2
offset_increment=256m
"""


@contextlib.contextmanager
def no_merges() -> Iterator[None]:
    """nullb0 merging no IOs: an IO is a request the device counts."""
    nomerges = Path("/sys/block/nullb0/queue/nomerges")
    was = nomerges.read_text()
    nomerges.write_text("2\n")
    try:
        yield
    finally:
        nomerges.write_text(was)


def counted_fio(*args: str) -> tuple[subprocess.CompletedProcess[str], list[int], list[int]]:
    """ssdk fio ARGS with nullb0 merging nothing, and its counters before and after."""
    with no_merges():
        s0 = blk_stats("nullb0")
        p = fio(*args)
        return p, s0, blk_stats("nullb0")


def fio(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([CLI, "fio", *args], capture_output=True, text=True, timeout=300,
                          check=False)


def counted() -> None:
    """The user's file: four runs in three groups; the device's counters
    (no merges; no IO past the device's largest) are every run's IOs, bytes,
    reads and writes."""
    f = TMP / "user.fio"
    f.write_text(JOB)
    p, s0, s1 = counted_fio("-j", "--allow-write", str(f))
    ksft_eq(p.returncode, 0, f"exit status: {p.stderr}")
    doc = json.loads(p.stdout)
    jobs = {j["name"]: j for j in doc["jobs"]}
    ksft_eq([(j["name"], j["group"], len(j["runs"])) for j in doc["jobs"]],
            [("mixed", 1, 1), ("seq", 2, 1), ("scan", 3, 2)], "jobs, groups, runs")
    runs = [r["result"] for j in doc["jobs"] for r in j["runs"]]
    ksft_eq([r["state"] for r in runs], ["done"] * 4, "states")
    ksft_eq(jobs["mixed"]["runs"][0]["result"]["config"]["workers"], 2,
            "numjobs=2: a run of 2 workers")
    offs = [r["result"]["config"]["offset"] for r in jobs["scan"]["runs"]]
    ksft_eq(offs, [0, 256 << 20], "numjobs with offset_increment: each its offset")
    ksft_eq([r["result"]["read"]["ios"] for r in jobs["scan"]["runs"]], [1024, 1024],
            "scan: each clone its size / bs")
    reads = sum(r["read"]["ios"] for r in runs)
    writes = sum(r["write"]["ios"] for r in runs)
    ksft_eq((s1[0] - s0[0], s1[4] - s0[4]), (reads, writes), "reads, writes: the device's")
    ksft_eq(((s1[2] - s0[2]) * 512, (s1[6] - s0[6]) * 512),
            (sum(r["read"]["bytes"] for r in runs), sum(r["write"]["bytes"] for r in runs)),
            "bytes read, written: the device's")
    mixed = [r["result"] for r in jobs["mixed"]["runs"]]
    share = sum(r["read"]["ios"] for r in mixed) / sum(r["read"]["ios"] + r["write"]["ios"]
                                                       for r in mixed)
    ksft_pr(f"mixed: {share:.3f} reads")
    ksft_true(0.67 <= share <= 0.73, f"rwmixread=70: {share:.3f} of the IOs reads")
    seq = jobs["seq"]["runs"][0]["result"]
    ksft_eq(seq["read"]["ios"], (64 << 20) // (64 << 10), "seq: size / bs reads")
    ksft_true(seq["id"] > max(r["id"] for r in mixed),
              "the second group's run started after the first's")


def fio_json() -> None:
    """--output-format=json+ --output FILE: fio's document, a job per run,
    its disk_util the device's counters over the runs; fio's own
    fio_jsonplus_clat2csv makes its CSV and validates it against the bins."""
    f = TMP / "user.fio"
    out = TMP / "fio.json"
    s0 = blk_stats("nullb0")
    p = fio("--output-format=json+", "--output", str(out), "--allow-write", str(f))
    s1 = blk_stats("nullb0")
    ksft_eq((p.returncode, p.stdout), (0, ""), f"exit status, nothing printed: {p.stderr}")
    doc = json.loads(out.read_text())
    ksft_eq([(j["jobname"], j["groupid"]) for j in doc["jobs"]],
            [("mixed", 0), ("seq", 1), ("scan", 2), ("scan", 2)], "jobs, groups")
    ksft_eq(doc["global options"].get("filename"), DEV, "global options")
    (du,) = doc["disk_util"]
    ksft_eq((du["name"], du["read_ios"], du["write_ios"]), ("nullb0", s1[0] - s0[0],
                                                          s1[4] - s0[4]), "disk_util")
    ksft_true(all("bins" in j["read"]["clat_ns"] for j in doc["jobs"]), "json+: bins")
    tool = Path(os.environ.get("SSDK_CACHE", "/root/.cache/ssdk"),
                "src/fio-3.33/tools/fio_jsonplus_clat2csv")
    for extra in ([], ["--validate"]):
        q = subprocess.run(["python3", str(tool), str(out), str(TMP / "clat.csv"), *extra],
                           capture_output=True, text=True, check=False)
        ksft_eq(q.returncode, 0, f"fio_jsonplus_clat2csv {extra}: {q.stderr}")
    ksft_eq(q.stdout.count("validated"), 4, "each job's CSV validated")
    # fio's own json+ of the same jobs on the same device: the tool's CSV has
    # the same columns of each
    theirs = TMP / "fio-own.json"
    with theirs.open("w") as out_f:
        r = subprocess.run(["fio", "--output-format=json+", str(f)], stdout=out_f,
                           stderr=subprocess.PIPE, text=True, timeout=300, check=False)
    ksft_eq(r.returncode, 0, f"fio's own run: {r.stderr}")
    q = subprocess.run(["python3", str(tool), str(theirs), str(TMP / "fio-clat.csv")],
                       capture_output=True, text=True, check=False)
    ksft_eq(q.returncode, 0, f"fio_jsonplus_clat2csv of fio's: {q.stderr}")
    heads = [(TMP / f"{stem}_job0.csv").read_text().splitlines()[0]
             for stem in ("clat", "fio-clat")]
    ksft_eq(heads[0], heads[1], "the CSV's columns: ssdk's JSON's, fio's")


AGAINST = """\
[global]
filename=/dev/nullb0
ioengine=libaio
direct=1
bs=4k
iodepth=4

[rand]
rw=randread
number_ios=20000

[seq]
stonewall
rw=read
size=32m
"""


def against_fio() -> None:
    """--against fio: Debian's fio runs the file, then ssdk; the device read
    what both did; each job's figures under both, and fio's cost per IO
    over ssdk's."""
    f = TMP / "against.fio"
    f.write_text(AGAINST)
    p, s0, s1 = counted_fio("-j", "--against", "fio", str(f))
    ksft_eq(p.returncode, 0, f"exit status: {p.stderr}")
    doc = json.loads(p.stdout)
    theirs = {j["jobname"]: j["read"]["total_ios"] for j in doc["fio"]["jobs"]}
    ours = {j["name"]: sum(r["result"]["read"]["ios"] for r in j["runs"]) for j in doc["jobs"]}
    ksft_eq((theirs, ours), ({"rand": 20000, "seq": 8192},) * 2, "IOs of each job, each tool")
    ksft_eq(s1[0] - s0[0], 2 * (20000 + 8192), "reads the device counted: both tools'")
    p = fio("--against", "fio", str(f))
    ksft_eq(p.returncode, 0, p.stderr)
    rows = [ln for ln in p.stdout.splitlines() if "fio's path costs" in ln]
    ksft_pr("\n".join(rows))
    ksft_eq(len(rows), 2, "a difference per job")


def replay() -> None:
    """read_iolog: ssdk replays fio's iolog (version 2) on the job's device,
    as fio does: each tool's reads the log's, the device's both."""
    log = TMP / "trace.log"
    offs = [(k * 7919 % 4096) * 4096 for k in range(300)]
    log.write_text("fio version 2 iolog\n/dev/nullb0 add\n/dev/nullb0 open\n"
                   + "".join(f"/dev/nullb0 read {o} 4096\n" for o in offs)
                   + "/dev/nullb0 close\n")
    f = TMP / "replay.fio"
    f.write_text(f"[replay]\nfilename=/dev/nullb0\nread_iolog={log}\nreplay_no_stall=1\n"
                 "iodepth=4\ndirect=1\nioengine=libaio\n")
    p, s0, s1 = counted_fio("-j", "--against", "fio", str(f))
    ksft_eq(p.returncode, 0, f"exit status: {p.stderr}")
    doc = json.loads(p.stdout)
    (run,) = doc["jobs"][0]["runs"]
    ksft_eq(run["argv"][:2], ["ctl", "replay"], "a replay")
    ksft_eq((run["result"]["read"]["ios"], doc["fio"]["jobs"][0]["read"]["total_ios"]),
            (300, 300), "reads: ssdk's, fio's")
    ksft_eq(s1[0] - s0[0], 600, "reads the device counted: both tools'")


def record() -> None:
    """write_iolog: the job's IOs as the device saw them, fio's iolog 3: as
    many writes as the run did (and the device counted), at 4 KiB each;
    fio replays the log (its own read_iolog): as many writes."""
    log = TMP / "w.log"
    f = TMP / "record.fio"
    f.write_text(f"[w]\nfilename=/dev/nullb0\nrw=randwrite\nbs=4k\nnumber_ios=500\n"
                 f"iodepth=4\ndirect=1\nwrite_iolog={log}\n")
    p, s0, s1 = counted_fio("-j", "--allow-write", str(f))
    ksft_eq(p.returncode, 0, f"exit status: {p.stderr}")
    lines = log.read_text().splitlines()
    ksft_eq(lines[0], "fio version 3 iolog", "the log's version line")
    writes = [ln.split() for ln in lines if ln.split()[2:3] == ["write"]]
    ksft_eq((len(writes), s1[4] - s0[4]), (500, 500), "writes: the log's, the device's")
    ksft_eq({w[4] for w in writes}, {"4096"}, "each 4 KiB")
    q = subprocess.run(["fio", "--name=r", f"--read_iolog={log}", "--ioengine=libaio",
                        "--direct=1", "--output-format=json"], capture_output=True, text=True,
                       timeout=120, check=False)
    ksft_eq(q.returncode, 0, f"fio replays it: {q.stderr}")
    done = json.loads(q.stdout[q.stdout.find("{"):])["jobs"][0]["write"]["total_ios"]
    ksft_eq(done, 500, "fio's replay: its writes")


def keep() -> None:
    """--keep-ioengine: each job through ssdk's userspace engine of its
    ioengine (compare's raw engines): io_uring and psync jobs each did their
    reads, and the device counted them."""
    f = TMP / "keep.fio"
    f.write_text("[global]\nfilename=/dev/nullb0\nrw=randread\nbs=4k\nnumber_ios=2000\n"
                 "direct=1\n[u]\nioengine=io_uring\niodepth=4\n[p]\nstonewall\n"
                 "ioengine=psync\n")
    p, s0, s1 = counted_fio("-j", "--keep-ioengine", str(f))
    ksft_eq(p.returncode, 0, f"exit status: {p.stderr}")
    doc = json.loads(p.stdout)
    ksft_eq([(j["runs"][0]["argv"][0], j["runs"][0]["argv"][j["runs"][0]["argv"].index(
        "--engines") + 1], j["runs"][0]["result"]["read"]["ios"]) for j in doc["jobs"]],
            [("compare", "uring-raw", 2000), ("compare", "psync-raw", 2000)],
            "each job: compare's engine, its reads")
    ksft_eq(s1[0] - s0[0], 4000, "reads the device counted")


# fio's example job files ssdk runs (test_fio_keys.py's RAN), from fio's
# source, each on the null_blk: its targets the device, its sizes and
# times cut to a few seconds' IO.
EXAMPLES = ("aio-read", "fio-seq-read", "fixed-rate-submission", "poisson-rate-submission",
            "ssd-steadystate", "ssd-test")


def shortened(text: str) -> str:
    """An example on /dev/nullb0: no directory, the device its filename, a
    size of 32m at most, runtime 1 s."""
    out = []
    for line in text.splitlines():
        key = line.split("=", 1)[0].strip()
        if key in ("directory", "filename", "runtime", "write_bw_log"):
            continue
        if key == "size":
            line = "size=32m"
        out.append(line)
        if line.strip() == "[global]" or (line.startswith("[") and "[global]" not in text):
            out += ["filename=/dev/nullb0", "runtime=1"]
    return "\n".join(out) + "\n"


def requests(run: dict[str, object]) -> int:
    """The device's requests of one IO of a run of one block size: split at
    the queue's limits (its largest request, its segments of a page)."""
    q = Path("/sys/block/nullb0/queue")
    limit = min(int((q / "max_sectors_kb").read_text()) * 1024,
                int((q / "max_segments").read_text()) * 4096)
    cfg = run["config"]
    assert isinstance(cfg, dict)
    return -(-int(cfg["bs"]) // limit)


def examples() -> None:
    """Each example ssdk runs, shortened: exit 0, and the device's counters
    (merges off) its runs' reads, writes (each IO split at the queue's
    limits) and bytes together."""
    src = Path(os.environ.get("SSDK_CACHE", "/root/.cache/ssdk"), "src/fio-3.33/examples")
    for name in EXAMPLES:
        f = TMP / f"{name}.fio"
        f.write_text(shortened((src / f"{name}.fio").read_text()))
        p, s0, s1 = counted_fio("-j", "--allow-write", str(f))
        ksft_eq(p.returncode, 0, f"{name}: exit status: {p.stderr}")
        runs = [r["result"] for j in json.loads(p.stdout)["jobs"] for r in j["runs"]]
        got = (s1[0] - s0[0], s1[4] - s0[4], (s1[2] - s0[2]) * 512, (s1[6] - s0[6]) * 512)
        want = (sum(r["read"]["ios"] * requests(r) for r in runs),
                sum(r["write"]["ios"] * requests(r) for r in runs),
                sum(r["read"]["bytes"] for r in runs), sum(r["write"]["bytes"] for r in runs))
        ksft_pr(f"{name}: {len(runs)} runs, reads {want[0]}, writes {want[1]}")
        ksft_eq(got, want, f"{name}: reads, writes, their bytes: the device's")


def refused() -> None:
    """Bad job files (an include loop, a bad size, an unknown key, a section
    without its ']') and a key ssdk cannot honour: the file and line, exit
    2; a run the module
    refuses (a write without --allow-write): exit 1, its words; two runs
    writing one device side by side (numjobs, each its offset): exit 2; a
    section asked that is not there: exit 2. None starts a run or moves a
    counter."""
    bad = TMP / "bad.fio"
    bad.write_text("[a]\nfilename=/dev/nullb0\nrw=read\n[b]\nfilename=/dev/nullb0\n"
                   "verify=md5\n")
    w = TMP / "w.fio"
    w.write_text("[a]\nfilename=/dev/nullb0\nrw=write\nnumber_ios=10\n")
    both = TMP / "both.fio"
    both.write_text("[a]\nfilename=/dev/nullb0\nrw=randwrite\nnumjobs=2\n"
                    "offset_increment=1m\nnumber_ios=10\n")
    loop = TMP / "loop.fio"
    loop.write_text("[a]\nfilename=/dev/nullb0\ninclude loop.fio\n")
    size = TMP / "size.fio"
    size.write_text("[a]\nfilename=/dev/nullb0\nrw=read\nbs=4q\n")
    unknown = TMP / "unknown.fio"
    unknown.write_text("[a]\nfilename=/dev/nullb0\nrw=read\nbogus=1\n")
    open_ = TMP / "open.fio"
    open_.write_text("[a\nfilename=/dev/nullb0\n")
    n0, s0 = run_count(), blk_stats("nullb0")
    for args, code, words in (
            ([str(loop)], 2, f"{loop}:3: include loop.fio: a loop"),
            ([str(size)], 2, f"{size}:4: job a: bs: '4q': no unit"),
            ([str(unknown)], 2, f"{unknown}:4: job a: bogus: no option bogus in fio-3.33"),
            ([str(open_)], 2, f"{open_}:1: an unbalanced section: [a"),
            ([str(bad)], 2, f"{bad}:6: job b: verify: ssdk does not do it"),
            ([str(w)], 1, "allow-write"),
            (["--allow-write", str(both)], 2,
             "jobs a #0 and a #1 write /dev/nullb0 side by side"),
            (["--section", "c", str(bad)], 2, "--section c: no such job")):
        p = fio(*args)
        ksft_eq(p.returncode, code, f"{args}: exit status")
        ksft_true(words in p.stderr and len(p.stderr.splitlines()) == 1, p.stderr)
    ksft_eq((run_count(), blk_stats("nullb0")), (n0, s0), "runs kept, the device's counters")


def main() -> None:
    # IOs up to 1 MiB the device's requests, whole (null_blk splits at 255 sectors)
    ssdk_setup(nr_devices=1, irqmode=0, gb=1, max_sectors=2048)
    try:
        ksft_run([counted, fio_json, against_fio, replay, record, keep, examples, refused])
    finally:
        module_load()
        runs_clear()
    ksft_exit()


if __name__ == "__main__":
    main()
