#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
# ssdk-selftest: vm=icount kernels=default time=100
"""A round-up of three drives of different speed, as a reviewer makes one:
three null_blk devices completing each IO in 50 us, 200 us and 1 ms
(timer mode; under icount, whose guest time makes those exact), each
reviewed at quick scale by the same suite, then ``ssdk report``
of the three directories. Every bar of the round-up (its CSV) is its
step's run's own figure, read back from the step's JSON here; the drives
are in the order their completion times make; each is labelled by its
directory (a null_blk names no model). The three directories are left
in build/check/roundup-vm/, where make check's last section (on the
host: a guest too slow to draw charts) makes their page and opens it in
headless Chromium (scripts/check, roundup_vm)."""

import csv
import json
import shutil
import time
from pathlib import Path
from typing import Any

from lib.py import (
    CLI,
    PYTHON,
    ksft_case,
    ksft_eq,
    ksft_ok,
    ksft_pr,
    ksft_run_cleaned,
    ksft_true,
    nullb_make,
    nullb_remove,
    run,
    ssdk_setup,
    temp_dir,
)

REPO = Path(__file__).resolve().parent.parent
KEPT = REPO / "build/check/roundup-vm"  # the reviews, for the host's browser
TMP = temp_dir()
DRIVES = {"fast": 50_000, "mid": 200_000, "slow": 1_000_000}  # completion_nsec
SUITE = """\
; the round-up's selftest: reads only
[global]
span=64m

[raw: 4k random read]
step=run
rw=randread
bs=4k
iodepth=1

[raw: 128k sequential read]
step=run
rw=read
bs=128k
iodepth=1

[raw: QD sweep]
step=sweep
rw=randread
bs=4k
iodepth=1,4
"""
STEPS = {"raw: 4k random read": "01", "raw: 128k sequential read": "02"}
DEVS: dict[str, str] = {}


def figure(doc: Any) -> tuple[str, float]:
    """A run's figure in the seed's unit, from its JSON."""
    ops = [doc[o] for o in ("read", "write") if doc[o]["ios"]]
    if doc["config"]["rw"].startswith("rand"):
        return "IOPS", sum(o["iops"] for o in ops)
    return "MB/s", sum(o["bw_bytes"] for o in ops) / 1e6


def reviews() -> None:
    suite = TMP / "roundup.ini"
    suite.write_text(SUITE)
    try:
        for name, nsec in DRIVES.items():
            DEVS[name] = nullb_make(f"ssdk-ru-{name}", 1024, irqmode=2, completion_nsec=nsec)
        for name, dev in DEVS.items():
            t0 = time.monotonic()
            p = run([CLI, "review", str(suite), "--target", dev, "--scale", "quick",
                     "--runtime", "1s", "--out", str(TMP / name), "-q"], timeout=600)
            ksft_ok(p)
            ksft_pr(f"{name}: reviewed in {time.monotonic() - t0:.1f} s of the guest's time")
            rec = json.loads((TMP / name / "review.json").read_text())
            ksft_eq([s["state"] for s in rec["steps"]], ["done"] * 3, f"{name}'s steps")
    finally:
        nullb_remove(*(f"ssdk-ru-{n}" for n in DRIVES))
    shutil.rmtree(KEPT, ignore_errors=True)
    for name in DRIVES:
        shutil.copytree(TMP / name, KEPT / name)


def report() -> None:
    """The round-up of the three directories (ssdk.roundup, as ssdk report
    reads them; under Debian's python3, which draws no chart: the page and
    its charts are checked on the host, scripts/tests/python-user.sh), its
    CSV a bar per drive and test, as the charts have them."""
    table = TMP / "roundup.csv"
    code = ("import sys; from pathlib import Path; from ssdk import roundup as ru\n"
            "dirs = [Path(p) for p in sys.argv[2:]]\n"
            "r = ru.roundup([(d.name, ru.read_review(d)) for d in dirs])\n"
            "Path(sys.argv[1]).write_text(ru.csv(r))\n")
    ksft_ok(run(["env", f"PYTHONPATH={REPO / 'userspace/python'}", PYTHON, "-c", code,
                 str(table), *(str(TMP / n) for n in DRIVES)]))
    rows = list(csv.DictReader(table.open(newline="", encoding="utf-8")))
    for test, num in STEPS.items():
        bars = [r for r in rows if r["test"] == test]
        ksft_pr(f"{test}: " + ", ".join(f"{r['drive']} {float(r['value']):.1f}" for r in bars))
        ksft_eq([r["drive"] for r in bars], list(DRIVES), f"{test}: the fastest first")
        for r in bars:
            doc = json.loads(next((TMP / r["drive"]).glob(f"{num}-*.json")).read_text())
            unit, value = figure(doc)
            ksft_eq(r["unit"], unit, f"{test}: {r['drive']}'s unit")
            ksft_true(abs(float(r["value"]) - value) <= 1e-3 * value,
                      f"{test}: {r['drive']}'s bar {r['value']}, its run {value}")
    sweeps = {r["test"] for r in rows if r["test"].startswith("raw: QD sweep")}
    ksft_eq(sweeps, {"raw: QD sweep, QD1", "raw: QD sweep, QD4"}, "the sweep's tests")


PATTERN_SUITE = """\
; review --patterns: a step that writes, once per pattern
[global]
span=4m

[64k write]
step=run
rw=write
bs=64k
iodepth=4

[read it]
step=run
rw=read
bs=64k
"""


def patterns() -> None:
    """review --patterns zeros,repeat:165 on a memory-backed null_blk: the
    write step twice, each its pattern's run (its config says it), the read
    once; the span holds 0xa5 alone after it (the last pattern's bytes)."""
    suite = TMP / "patterns.ini"
    suite.write_text(PATTERN_SUITE)
    try:
        dev = nullb_make("ssdk-ru-pat", 64, memory_backed=1)
        p = run([CLI, "review", str(suite), "--target", dev, "--patterns", "zeros,repeat:165",
                 "--scale", "quick", "--runtime", "300ms", "--allow-write",
                 "--out", str(TMP / "pat"), "-q"], timeout=600)
        ksft_ok(p)
        rec = json.loads((TMP / "pat" / "review.json").read_text())
        ksft_eq([(s["name"], s["pattern"], s["state"]) for s in rec["steps"]],
                [("64k write", "zeros", "done"), ("64k write", "repeat:165", "done"),
                 ("read it", None, "done")], "the steps")
        ksft_eq(rec["patterns"], "zeros,repeat:165", "the record's patterns")
        for s, want in zip(rec["steps"][:2], ("zeros", "repeat:165"), strict=True):
            doc = json.loads((TMP / "pat" / s["file"]).read_text())
            ksft_eq(doc["config"].get("pattern"), want, f"{s['file']}: its run's pattern")
        with open(dev, "rb") as f:
            data = f.read(4 << 20)
        ksft_eq(set(data), {0xA5}, "the span's bytes")
    finally:
        nullb_remove("ssdk-ru-pat")


def main() -> None:
    ssdk_setup(nr_devices=0)
    ksft_run_cleaned([
        ksft_case("three_drives_each_reviewed_at_quick_scale", reviews),
        ksft_case("the_roundup_bars_are_the_runs_own_the_fastest_first_labelled", report),
        ksft_case("review_patterns_a_write_step_per_pattern_its_bytes_on_the_device", patterns),
    ])


if __name__ == "__main__":
    main()
