#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
# ssdk-selftest: vm=beside kernels=default time=20
"""ssdk study new-vs-used on the emulated NVMe disk, end to end and short:
nvme-format (or a discard), the workloads, the used state, the workloads,
a discard of the span, the workloads. The block layer's counters account
for what it wrote (the workloads' writes and the used state's) and
discarded (the span, once); the table is its runs' own figures. A study
the module would refuse at a later step is refused before the format
erases anything; one without consent likewise. Ctrl-C stops the current
step: the table keeps what was measured, no later step starts."""

import json
import mmap
import os
import re
import subprocess
from collections.abc import Callable

from lib.py import (
    CLI,
    blk_stat,
    first_mib_sum,
    interrupt,
    ksft_case,
    ksft_check,
    ksft_eq,
    ksft_exit,
    ksft_ok,
    ksft_pr,
    ksft_refused,
    ksft_run,
    ksft_skip_all,
    ksft_true,
    nvme_disk,
    run,
    runs_clear,
    ssdk_setup,
    temp_dir,
)

SPAN = 64 << 20
# The workloads paced (the line's --rate-iops overrides the profiles'):
# the study's mechanics, not the emulated disk's speed, at a fraction of
# the emulation's cost to the VMs beside.
PACE = ["--rate-iops", "2000"]
# The seed's random write, and its sequential read.
TWO = "anandtech-2009-randwrite,anandtech-seqread-128k"
# A study's time, at most (the shell's had the runner's timeout alone).
TIMEOUT = 1200

NVME = ""
TMP = temp_dir()
JSON = TMP / "study.json"


def study() -> None:
    w0 = blk_stat(NVME, 7)
    d0 = blk_stat(NVME, 14)
    p = run([CLI, "-j", "study", "new-vs-used", "--target", NVME, "--span", str(SPAN),
             "--runtime", "1s", *PACE, "--profile", TWO, "--method", "nvme-format",
             "--allow-write", "-q"], timeout=TIMEOUT)
    ksft_ok(p)
    j = json.loads(p.stdout)
    ksft_pr([(r["workload"], round(r["used_change_pct"], 1), round(r["trim_change_pct"], 1))
             for r in j["table"]])
    ksft_check("plan_ended", j, "done", 10, (blk_stat(NVME, 7) - w0) * 512)
    ksft_check("fields", j, "study=new-vs-used", f"target={NVME}", f"span={SPAN}",
               "steps.0.method=nvme-format", f"steps.4.run.write.ios={SPAN // 4096}",
               "steps.7.run.config.purge=discard", f"steps.7.run.write.bytes={SPAN}")
    ksft_check("study_table_is_its_runs", j, 2)
    ksft_eq(blk_stat(NVME, 14) - d0, SPAN // 512, "sectors discarded")


def table() -> None:
    """The seed's table, in text: a row per workload and figure; with the
    module's purge (a discard) and the data's pattern on the line, which
    the used state's writes take, and the purges do not."""
    runs_clear()
    p = run([CLI, "study", "new-vs-used", "--target", NVME, "--span", str(SPAN),
             "--runtime", "500ms", *PACE, "--profile", "anandtech-2009-randread",
             "--method", "discard", "--pattern", "compressible:50", "--allow-write", "-q"],
            timeout=TIMEOUT)
    ksft_ok(p)
    out = p.stdout
    for line in out.splitlines()[-5:]:
        ksft_pr(line)
    for pattern in (r"^done +new: discard of the span ",
                    r"^workload +new +used +after TRIM +used/new +TRIM/new$",
                    r"^randread 4k QD3 +MB/s( +[0-9.]+){3}( +[-+][0-9.]+%){2}$",
                    r"^ +max( +[0-9.]+ [mun]?s){3}"):
        ksft_true(re.search(pattern, out, re.MULTILINE), f"/{pattern}/ not in the table")


def stamp_first_mib() -> None:
    """The disk's first MiB random data, written past the page cache."""
    buf = mmap.mmap(-1, 1 << 20)
    buf.write(os.urandom(1 << 20))
    fd = os.open(NVME, os.O_WRONLY | os.O_DIRECT)
    try:
        ksft_eq(os.write(fd, buf), 1 << 20, "bytes stamped")
    finally:
        os.close(fd)


def kept_refused(status: int, pattern: str, *args: str) -> None:
    """ssdk ARGS exits STATUS saying PATTERN, and the disk's first MiB
    (random data, put there first) is unchanged."""
    stamp_first_mib()
    before = first_mib_sum(NVME)
    p = run([CLI, *args], timeout=TIMEOUT)
    ksft_eq(first_mib_sum(NVME), before, "the disk changed")
    ksft_refused(p, status, pattern)


def without_consent() -> None:
    runs_clear()
    kept_refused(2, r"the study writes the span \(and purges the drive\): it needs --allow-write",
                 "study", "new-vs-used", "--target", NVME, "--span", str(SPAN),
                 "--runtime", "1s")


def sweep() -> None:
    p = run([CLI, "study", "new-vs-used", "--target", NVME, "--profile",
             "tomshardware-qd-randread", "--allow-write"], timeout=TIMEOUT)
    ksft_refused(p, 2, "--profile tomshardware-qd-randread is a sweep")


def stopped() -> None:
    """Ctrl-C in the first workload: the study stops there, its table says
    what was measured (nothing used, nothing after TRIM), no step after."""
    err = TMP / "stopped.err"
    with open(JSON, "w", encoding="utf-8") as out, open(err, "w", encoding="utf-8") as e:
        proc = subprocess.Popen([CLI, "-j", "study", "new-vs-used", "--target", NVME,
                                 "--span", str(SPAN), "--runtime", "5m", *PACE, "--profile",
                                 TWO, "--method", "nvme-format", "--allow-write", "-q"],
                                stdout=out, stderr=e)
        rc = interrupt(proc, 100)
    for line in err.read_text().splitlines():
        ksft_pr(line)
    j = json.loads(JSON.read_text())
    ksft_pr([s["state"] for s in j["steps"]])
    ksft_eq(rc, 130, "exit status")
    ksft_check("plan_ended", j, "stopped", 2, j["steps"][1]["run"]["write"]["bytes"])
    ksft_check("fields", j, "table.0.used=null", "table.0.trim=null", "table.1.new=null")
    ksft_true(j["table"][0]["new"]["bw_bytes"] > 0, "table.0.new.bw_bytes > 0")


def cases() -> list[Callable[[], None]]:
    return [
        ksft_case("the_study_the_counters_account_for_what_it_wrote_and_discarded_the_table_is"
                  "_its_runs", study),
        ksft_case("a_study_with_a_discard_and_a_pattern_its_table_in_text_each_workloads_mb_s"
                  "_mean_and_max", table),
        ksft_case("a_study_without_consent", without_consent),
        ksft_case("a_step_the_module_would_refuse_refused_before_the_format", kept_refused, 1,
                  r"step 2 \(new: randwrite 3000 QD3\): bs: ", "study", "new-vs-used",
                  "--target", NVME, "--span", str(SPAN), "--runtime", "1s", "--profile",
                  "anandtech-2009-randwrite", "--bs", "3000", "--method", "nvme-format",
                  "--allow-write"),
        ksft_case("a_sweeps_profile", sweep),
        ksft_case("a_study_stopped_mid_way_what_it_measured_kept_no_later_step", stopped),
    ]


def main() -> None:
    global NVME
    ssdk_setup()
    NVME = nvme_disk() or ""
    if not NVME:
        ksft_skip_all("no NVMe disk (scripts/vm-run --disk nvme:16G)")
    try:
        ksft_run(cases())
    finally:
        runs_clear()
    ksft_exit()


if __name__ == "__main__":
    main()
