#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
# ssdk-selftest: vm=beside kernels=all time=285
"""ssdk review on the emulated NVMe disk, end to end, at quick scale: a
suite of raw steps, then the same through ext4, xfs (and btrfs, NTFS and exFAT where
this kernel and host have it), each made, mounted and laid out by the
review. Every step's JSON is there and whole, the summary's rows are the
runs' own, and on the raw device the runs' IOs are the disk's own count.
A suite that cannot run is refused before anything touches the disk,
naming the step. Ctrl-C stops a review and keeps what is done; --resume
continues at the next step and ends as an uninterrupted review does."""

import csv
import hashlib
import json
import re
import shutil
import subprocess
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from lib.py import (
    CLI,
    cli_json,
    first_mib_sum,
    interrupt,
    ksft_case,
    ksft_check_file,
    ksft_eq,
    ksft_exit,
    ksft_ok,
    ksft_pr,
    ksft_refused,
    ksft_run,
    ksft_skip_all,
    ksft_true,
    logic_only,
    module_load,
    module_unload,
    nvme_disk,
    run,
    ssdk_setup,
    temp_dir,
    writes_kept,
)

# A review's time, at most (the shell's had the runner's timeout alone).
TIMEOUT = 1800

# The suite: reads at two depths and writes, raw, then on each filesystem.
SUITE = """\
; the review's selftest
[global]
span=32m
iodepth=1,4

[raw: 4k random read]
step=compare
engines=bio
rw=randread
bs=4k

[raw: 4k random write]
step=run
rw=randwrite
bs=4k
iodepth=4

[filesystem]
step=filesystem
file-size=32m

[formatted: 4k random read]
step=compare
engines=kfile
rw=randread
bs=4k

[formatted: 4k random write]
step=run
rw=randwrite
bs=4k
iodepth=4
"""

NVME = ""
FS = "ext4,xfs"
TMP = temp_dir()
D1 = TMP / "review"
D2 = TMP / "resumed"
TEXT = TMP / "review.txt"
REFUSED = TMP / "refused"


def nfs() -> int:
    return FS.count(",") + 1


def suite(name: str, edit: Callable[[str], str] = lambda s: s) -> Path:
    """The suite, with EDIT made to it (a step's keys overridden by a
    test), in TMP/NAME."""
    path = TMP / name
    path.write_text(edit(SUITE))
    return path


def review(*args: str) -> subprocess.CompletedProcess[str]:
    """Quick scale: a measuring step is 2 s a run; 1 s here, the
    mechanics, not the disk."""
    return run([CLI, "review", *args, "--target", NVME, "--runtime", "1s"], timeout=TIMEOUT)


def runs_on(dev: str) -> int:
    """How many of the module's runs are on DEV or on a file."""
    return len([r for r in cli_json("ctl", "list")
                if r["target"] in (dev, f"{D1}/.mnt/ssdk-review.dat")])


def whole() -> None:
    ksft_pr(f"filesystems: {FS}")
    kept = runs_on(NVME)
    p = review(str(TMP / "quick.ini"), "--fs", FS, "--scale", "quick", "--out", str(D1),
               "--allow-write", "-q")
    TEXT.write_text(p.stdout)
    ksft_ok(p)
    ksft_check_file("review_ended", D1 / "review.json", "done", 2 + 3 * nfs())
    # the steps' runs are in their files, not kept in the module
    ksft_eq(runs_on(NVME), kept, "the module's runs on the disk")


def directory() -> None:
    """The directory: the suite as run, the conditions, a file per
    measuring step, the summary as CSV that a real parser reads (a row
    per run and op)."""
    ksft_eq((D1 / "suite.ini").read_text().rstrip("\n"),
            (TMP / "quick.ini").read_text().rstrip("\n"), "suite.ini")
    names = [f["name"] for f in json.loads((D1 / "conditions.json").read_text())["filesystems"]]
    ksft_true(any("xfs" in n for n in names), f"xfs in conditions.json's filesystems: {names}")
    files = list(D1.glob("[0-9]*.json"))
    ksft_eq(len(files), 2 + 2 * nfs(), "steps' files")
    with open(D1 / "summary.csv", newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    rec = json.loads((D1 / "review.json").read_text())
    ksft_eq(len(rows), len(rec["rows"]), "summary.csv's rows, review.json's")
    ksft_true(all(r["state"] == "done" and int(r["ios"]) > 0 for r in rows), f"{rows}")
    # the drive's health before and after each step: smartctl's JSON of the
    # emulated NVMe disk (QEMU reports a temperature), summed up in the record
    h = rec["steps"][0]["health"]
    ksft_pr(f"step 1's health: {h}")
    smart = json.loads((D1 / h["file"]).read_text())
    ksft_true(isinstance(h["before"]["temperature_c"], int)
              and h["before"]["temperature_c"] == smart["before"]["temperature"]["current"],
              f"the temperature recorded, as smartctl said it: {h}")
    ksft_eq(h["after"]["data_units_written"], smart["after"]["nvme_smart_health_information_log"]
            ["data_units_written"], "data units written, after the step")
    ksft_true(all(s["health"] is not None for s in rec["steps"]), "every step's health")


# A step long enough to be sampled (ssdk.health's period is 5 s): one run of 6 s.
HOT = """\
; a step the review samples the drive's temperature over
[hot: 4k random read]
step=run
rw=randread
bs=4k
span=32m
"""
D3 = TMP / "sampled"


def temperature() -> None:
    """The drive's temperature sampled over a step: QEMU's NVMe controller
    reports one (its hwmon's temp1_input, composite, in m°C; smartctl
    says it in whole °C): every sample is it, from the first read (before
    the run) to the last (as the step ended), the run's start aligned on
    the step's clock, the table and the report say it."""
    (TMP / "hot.ini").write_text(HOT)
    p = run([CLI, "review", str(TMP / "hot.ini"), "--target", NVME, "--runtime", "6s",
             "--out", str(D3), "--allow-write", "-q"], timeout=TIMEOUT)
    ksft_ok(p)
    step = json.loads((D3 / "review.json").read_text())["steps"][0]
    t = step["temperature"]
    ksft_pr(f"step 1's temperature: {t}")
    doc = json.loads((D3 / t["file"]).read_text())
    ksft_pr(f"samples: {doc['samples']}; runs: {doc['runs']}")
    src = doc["source"]
    if src.startswith("/sys/"):
        want = int(Path(src).read_text()) / 1000
    else:
        want = float(json.loads(run(["smartctl", "-j", "-A", NVME]).stdout)
                     ["temperature"]["current"])
    smart = step["health"]["after"]["temperature_c"]
    ksft_true(abs(want - smart) < 1, f"the source's {want} °C is smartctl's {smart} °C")
    ksft_true(len(doc["samples"]) >= 3 and t["samples"] == len(doc["samples"]),
              f"3 samples at least over 6 s: {doc['samples']}")
    ksft_eq([c for _, c in doc["samples"]], [want] * len(doc["samples"]), "the samples")
    times = [x for x, _ in doc["samples"]]
    ksft_true(times == sorted(times) and times[0] < 1 and times[-1] >= 5
              and times[-1] < step["wall_s"] + 5, f"the samples' times: {times}")
    # the run, seen going at a sample: its start on the step's clock, its
    # 6 s inside the step's time
    run1 = json.loads((D3 / step["file"]).read_text())
    r = doc["runs"]
    ksft_true(len(r) == 1 and r[0]["id"] == run1["id"]
              and 0 < r[0]["start_s"] < step["wall_s"] - run1["elapsed_ns"] / 1e9 + 0.5,
              f"the run's start: {r}, of a step of {step['wall_s']} s")
    ksft_eq((r[0]["marks"], t["marks"]), ([], []), "no throttling marked")
    line = r"^ +1 +hot: 4k random read +done +\S+ +\d+ °C$"
    ksft_true(re.search(line, p.stdout, re.MULTILINE), f"the table's temperature: {p.stdout}")
    page = D3 / "report.html"
    if page.exists():
        ksft_true("the drive&#x27;s temperature" in page.read_text()
                  or "the drive's temperature" in page.read_text(),
                  "the report's time series with the temperature")


def compares() -> None:
    pattern = rf"^randread +4k +4( +[0-9.]+\*?){{{1 + nfs()}}}$"
    ksft_true(re.search(pattern, TEXT.read_text(), re.MULTILINE), f"/{pattern}/ not in the summary")


# Refused before anything is done: nothing written to the disk (the
# filesystems' tools read it in their dry runs), its first MiB
# unchanged, no directory made, the step named.
def refused(status: int, pattern: str, argv: list[str]) -> None:
    before = first_mib_sum(NVME)
    with writes_kept(NVME):
        p = run(argv, timeout=TIMEOUT)
        ksft_refused(p, status, pattern)
    ksft_eq(first_mib_sum(NVME), before, "the disk's first MiB")
    ksft_true(not REFUSED.exists(), f"{REFUSED} made")


def review_argv(*args: str) -> list[str]:
    return [CLI, "review", *args, "--target", NVME, "--runtime", "1s"]


def line_sub(start: str, repl: str, s: str) -> str:
    """sed's s/^START/REPL/ over S."""
    return re.sub(f"^{re.escape(start)}", repl, s, flags=re.MULTILINE)


def too_deep(s: str) -> str:
    """The last step's iodepth=4 made 100000."""
    head, step, tail = s.partition("[formatted: 4k random write]")
    return head + step + line_sub("iodepth=4", "iodepth=100000", tail)


def refusals() -> None:
    deep = suite("deep.ini", too_deep)
    past = suite("past.ini", lambda s: line_sub("span=32m", "span=32g", s))
    big = suite("big.ini", lambda s: line_sub("file-size=32m", "file-size=32g", s))
    # no span: at quick scale, 1 GiB, which the 16 MiB file cannot hold
    small = suite("small.ini", lambda s: line_sub(
        "file-size=32m", "file-size=16m", line_sub("span=32m\n", "", s)))
    out = ["--out", str(REFUSED), "--allow-write"]
    refused(1, r"step 5 \[formatted: 4k random write\] on ext4: .*iodepth",
            review_argv(str(deep), "--fs", FS, *out))
    refused(1, r"step 1 \[raw: 4k random read\]: .*span",
            review_argv(str(past), "--fs", "ext4", *out))
    refused(1, "file-size=32g is not below the size", review_argv(str(big), "--fs", "ext4", *out))
    refused(1, r"step 4 \[formatted: 4k random read\]: its span \(1073741824 bytes\) is past"
            r" the end of the ext4 test file \(16777216 bytes\)",
            review_argv(str(small), "--fs", "ext4", "--scale", "quick", *out))
    refused(2, "no mkfs.ext4 in PATH",
            ["env", "PATH=/usr/bin:/bin", CLI, "review", str(TMP / "quick.ini"), "--target",
             NVME, *out])


def room() -> None:
    """A module of one run: a compare at two depths keeps two until its
    step ends."""
    ksft_true(module_unload() and module_load("max_runs=1"), "ssdk.ko loaded with max_runs=1")
    try:
        refused(1, "keeps 0 runs of its 1, and a step needs 2",
                review_argv(str(TMP / "quick.ini"), "--fs", "ext4", "--out", str(REFUSED),
                            "--allow-write"))
    finally:
        again = module_unload() and module_load()
    ksft_true(again, "ssdk.ko loaded again")


def consent() -> None:
    raw = suite("raw.ini", lambda s: s.partition("[filesystem]\n")[0])
    refused(1, r"step 2 \[raw: 4k random write\]: .*allow-write",
            review_argv(str(raw), "--out", str(REFUSED)))
    refused(2, "makes ext4 on .*allow-write",
            review_argv(str(TMP / "quick.ini"), "--out", str(REFUSED)))


def dry_run() -> None:
    with writes_kept(NVME):
        p = review(str(TMP / "quick.ini"), "--fs", FS, "--dry-run", "--allow-write", "-q")
    pattern = (rf"^dry run: {3 + 3 * nfs()} runs checked, none started, nothing written;"
               r" [0-9]+ s of runs$")
    ksft_true(re.search(pattern, p.stdout, re.MULTILINE),
              f"/{pattern}/ not in: {p.stdout}{p.stderr}")


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def step_state(path: Path, step: int) -> Any:
    """The state of the review's STEP (from 0), or None while its record
    is not there or whole."""
    try:
        return json.loads(path.read_text())["steps"][step]["state"]
    except (OSError, ValueError, LookupError):
        return None


def stop_resume() -> None:
    """Stopped among the filesystem's steps (raw and ext4 only here), then
    resumed: the filesystem made again, the steps done kept as they
    were."""
    logic_only()
    rec = D2 / "review.json"
    err = TMP / "resumed.err"
    with open(err, "w", encoding="utf-8") as e:
        proc = subprocess.Popen([CLI, "review", str(TMP / "quick.ini"), "--target", NVME,
                                 "--runtime", "3s", "--fs", "ext4", "--scale", "quick",
                                 "--out", str(D2), "--allow-write", "-q"],
                                stdout=subprocess.DEVNULL, stderr=e)
    # Step 3 is the first filesystem: stop in the step after it, once its
    # run is going (the module's runs of steps 1 and 2 are deleted by
    # then). A fixed wait after step 3 let step 4's run of 1 s end first
    # under make check's load, once on 6.12.
    for _ in range(600):
        if step_state(rec, 2) == "done" and \
                sum(r["state"] == "running" for r in cli_json("ctl", "list")) == 1:
            break
        time.sleep(0.1)
    rc = interrupt(proc, 0)
    for line in err.read_text().splitlines():
        ksft_pr(line)
    ksft_pr(f"stopped: exit {rc}")
    ksft_eq(rc, 130, "exit status")
    ksft_check_file("review_ended", rec, "stopped", 3)
    ksft_true(f"{D2}/.mnt" not in Path("/proc/mounts").read_text(), "left mounted")
    # a step stopped keeps what it measured in its file
    stopped_file = D2 / "04-formatted-4k-random-read-ext4.json"
    ksft_true(step_state(rec, 3) != "stopped" or
              (stopped_file.exists() and stopped_file.stat().st_size > 0),
              "no stopped step's file")
    first = sha256(D2 / "01-raw-4k-random-read.json")
    p = run([CLI, "review", "--resume", str(D2), "--allow-write", "-q"], timeout=TIMEOUT)
    ksft_ok(p)
    ksft_check_file("review_ended", rec, "done", 5)
    ksft_check_file("review_rows_are_runs", rec)
    ksft_eq(sha256(D2 / "01-raw-4k-random-read.json"), first, "step 1's file")
    # the steps, files and rows of the whole review's raw and ext4 steps
    j2 = json.loads(rec.read_text())
    j1 = json.loads((D1 / "review.json").read_text())
    ksft_eq(([(s["name"], s["fs"], s["file"]) for s in j2["steps"]], len(j2["rows"])),
            ([(s["name"], s["fs"], s["file"]) for s in j1["steps"][:5]],
             len([r for r in j1["rows"] if r["step"] <= 5])))


def cases() -> list[Callable[[], None]]:
    return [
        ksft_case(f"a_review_of_raw_{FS.replace(',', '_')}_runs_end_to_end_every_step_done_and"
                  "_whole_no_run_left_in_the_module", whole),
        ksft_case("the_summarys_rows_are_the_runs_own",
                  ksft_check_file, "review_rows_are_runs", D1 / "review.json"),
        ksft_case("raw_steps_the_runs_ios_are_the_requests_the_disk_counted",
                  ksft_check_file, "review_diskstats", D1 / "review.json"),
        ksft_case("the_directory_suite_ini_conditions_json_a_file_per_step_summary_csv",
                  directory),
        ksft_case("the_summary_compares_raw_with_each_filesystem", compares),
        ksft_case("a_step_of_6_s_samples_the_drives_temperature_qemus_from_its_hwmon_the_run"
                  "_aligned_on_the_steps_clock", temperature),
        ksft_case("an_impossible_step_too_deep_past_the_disk_a_file_past_it_past_the_file_no_mkfs"
                  "_is_refused_first_named", refusals),
        ksft_case("a_review_the_module_has_no_room_for_is_refused_first", room),
        ksft_case("writes_without_consent_are_refused_first_named_filesystems_likewise", consent),
        ksft_case("dry_run_checks_every_step_and_writes_nothing", dry_run),
        ksft_case("ctrl_c_keeps_what_is_done_resume_continues_at_the_next_step_and_ends_as_a"
                  "_whole_review", stop_resume),
    ]


def main() -> None:
    global NVME, FS
    ssdk_setup()
    NVME = nvme_disk() or ""
    if not NVME:
        ksft_skip_all("no NVMe disk (scripts/vm-run --disk nvme:16G)")
    # btrfs, and Windows' NTFS (the kernel's ntfs3) and exFAT: where the
    # kernel and the tools have them (Debian's kernels all do).
    for fs, mkfs, drivers in (("btrfs", "mkfs.btrfs", ("btrfs",)),
                              ("ntfs", "mkfs.ntfs", ("ntfs3", "ntfs")),
                              ("exfat", "mkfs.exfat", ("exfat",))):
        if shutil.which(mkfs) and any(
                re.search(rf"\b{d}\b", Path("/proc/filesystems").read_text()) or
                run(["modprobe", d]).returncode == 0 for d in drivers):
            FS += f",{fs}"
    suite("quick.ini")
    try:
        ksft_run(cases())
    finally:
        module_load()
    ksft_exit()


if __name__ == "__main__":
    main()
