#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
# ssdk-selftest: vm=main kernels=all time=40
"""Bad input is refused with a message that says what is wrong, and
nothing happens: no run is created and no IO reaches any device (the
block layer's own counters stay put)."""

import json
import os
import re
import subprocess
from collections.abc import Callable
from pathlib import Path

from lib.py import (
    AS_NOBODY,
    CLI,
    PYTHON,
    SELFTESTS,
    brd_load,
    brd_unload,
    cli,
    ksft_case,
    ksft_eq,
    ksft_exit,
    ksft_ok,
    ksft_refused,
    ksft_run,
    ksft_skip_all,
    nullb_unload,
    require,
    run,
    ssdk,
    ssdk_setup,
    temp_dir,
    ynl,
)

NB = "/dev/nullb0"
# max-duration-ns: 365 days.
MAXD = 31536000000000000

Proc = subprocess.CompletedProcess[str]


def io_total() -> list[int]:
    """Reads and writes completed of nullb0 and ram0 (/sys/block/*/stat)."""
    out = []
    for d in ("nullb0", "ram0"):
        f = Path(f"/sys/block/{d}/stat").read_text().split()
        out.append(int(f[0]) + int(f[4]))
    return out


def sectors_written(dev: str) -> tuple[str, str]:
    """Sectors written and discarded of DEV (/sys/block/*/stat)."""
    f = Path(f"/sys/block/{os.path.basename(dev)}/stat").read_text().split()
    return f[6], f[13]


def ctl_run(*args: str) -> Proc:
    """ssdk ctl run -q --ios 10 ARGS."""
    return cli("ctl", "run", "-q", "--ios", "10", *args)


def run_start(req: dict[str, object]) -> Proc:
    """run-start of REQ through the kernel's ynl CLI."""
    return ynl("--do", "run-start", "--json", json.dumps(req))


def dry(**attrs: int) -> Proc:
    """run-start of a dry run on nullb0 with ATTRS (their names in
    Python: runtime_ns for runtime-ns), through ynl."""
    req: dict[str, object] = {"target": NB, "dry-run": True}
    req.update({k.replace("_", "-"): v for k, v in attrs.items()})
    return run_start(req)


def one_past(attr: str) -> Callable[[], Proc]:
    """run-start of a dry run with ATTR one past max-duration-ns."""
    return lambda: dry(**{attr.replace("-", "_"): MAXD + 1})


def slug(desc: str) -> str:
    """A case name of DESC (the shell test's point name)."""
    return re.sub(r"[^a-z0-9]+", "_", desc.lower()).strip("_")


def refused(desc: str, status: int, pattern: str,
            proc: Callable[[], Proc]) -> Callable[[], None]:
    """The case DESC: PROC exits STATUS, saying what PATTERN matches."""
    return ksft_case(slug(desc), lambda: ksft_refused(proc(), status, pattern))


def passes(desc: str, proc: Callable[[], Proc]) -> Callable[[], None]:
    """The case DESC: PROC exits 0."""
    return ksft_case(slug(desc), lambda: ksft_ok(proc()))


def cases(tmp: Path, before: list[int]) -> list[Callable[[], None]]:
    (tmp / "regular").touch()
    os.mkfifo(tmp / "fifo")
    (tmp / "swap").mkdir()

    def kfile(target: str) -> Proc:
        # The kind is checked on the path's inode before anything is
        # opened (O_PATH), and that inode is what is opened then: a FIFO
        # answers at once, never waits for a writer; a character device
        # is not opened.
        return run([CLI, "ctl", "run", "-q", "--ios", "10", "--engine", "kfile", "--buffered",
                    "--target", target], timeout=10)

    def read_only_write() -> None:
        # Set read-only, a device is opened by number after its node: the
        # block layer would only warn of each write (bio_check_ro()).
        run(["blockdev", "--setro", NB])
        was = sectors_written(NB)
        p = ctl_run("--target", NB, "--rw", "randwrite", "--allow-write")
        ksft_eq(sectors_written(NB), was, "it wrote: sectors written, discarded")
        ksft_refused(p, 1, "target: read-only device")

    def read_only_read() -> None:
        # Reads pass (a dry run: this file starts nothing).
        try:
            ksft_ok(ctl_run("--target", NB, "--dry-run"))
        finally:
            run(["blockdev", "--setrw", NB])

    def nothing_happened() -> None:
        with ssdk.Controller() as ctl:
            ksft_eq(len(ctl.list()), 0, "runs kept")
        ksft_eq(io_total(), before, "IOs completed of nullb0, ram0")

    out = [
        # --- the target ---
        refused("a missing device", 1, "target: no such file",
                lambda: ctl_run("--target", "/dev/nonexistent")),
        refused("a regular file", 1, "target: not a block device",
                lambda: ctl_run("--target", str(tmp / "regular"))),
        refused("a directory", 1, "target: not a block device",
                lambda: ctl_run("--target", "/tmp")),
        refused("a character device", 1, "target: not a block device",
                lambda: ctl_run("--target", "/dev/null")),
        refused("kfile: a FIFO, refused at once", 1, "target: a FIFO, not opened",
                lambda: kfile(str(tmp / "fifo"))),
        refused("kfile: a character device (/dev/null), refused", 1,
                "target: a character device, not opened", lambda: kfile("/dev/null")),
        # The target swapped between a file and a FIFO while the module
        # checks it, 300 times (lib/swap_race.py): each check answers
        # within 5 s.
        passes("kfile: a target swapped between a file and a FIFO: every check answers",
               lambda: run([PYTHON, str(SELFTESTS / "lib/swap_race.py"), str(tmp / "swap"),
                            "300"], timeout=600)),
        # --- sizes against the device ---
        refused("bs not a multiple of the logical block size (4096)", 1,
                "bs: not a multiple of the target's logical block size",
                lambda: ctl_run("--target", NB, "--bs", "512")),
        refused("bs not a multiple of 512", 1, "bs: not a multiple of 512",
                lambda: ctl_run("--target", NB, "--bs", "1000")),
        refused("bs above 1 MiB", 1, "bs: more than 1 MiB",
                lambda: ctl_run("--target", NB, "--bs", "2m")),
        refused("bs below 512", 1, "bs: .*range", lambda: ctl_run("--target", NB, "--bs", "256")),
        refused("span beyond the device", 1, "span: goes beyond the end",
                lambda: ctl_run("--target", NB, "--span", "2g")),
        refused("offset+span beyond the device", 1, "span: goes beyond the end",
                lambda: ctl_run("--target", NB, "--offset", "512m", "--span", "768m")),
        refused("offset beyond the device", 1, "offset: at or beyond the end",
                lambda: ctl_run("--target", NB, "--offset", "1g")),
        refused("QD 0", 1, r"iodepth: .*range.*1\.\.1024",
                lambda: ctl_run("--target", NB, "--iodepth", "0")),
        refused("QD 100000", 1, r"iodepth: .*range.*1\.\.1024",
                lambda: ctl_run("--target", NB, "--iodepth", "100000")),
        refused("a CPU that is not online", 1, "cpu: not an online CPU",
                lambda: ctl_run("--target", NB, "--cpu", "4095")),
        # --- writes ---
        refused("writes without --allow-write", 1,
                "rw: writing destroys the target's data: it needs allow-write",
                lambda: cli("ctl", "run", "--target", NB, "--rw", "randwrite", "--ios", "10")),
        refused("writes without allow-write (module, through ynl)", 1, "needs allow-write",
                lambda: run_start({"target": NB, "rw": "randwrite", "ios": 10})),
        refused("writes to a mounted filesystem's device", 1, "target: in use",
                lambda: ctl_run("--target", "/dev/ram0", "--rw", "randwrite", "--allow-write")),
        ksft_case(slug("writes to a device set read-only (blockdev --setro): refused, "
                       "nothing written"), read_only_write),
        ksft_case(slug("reads of a device set read-only pass the module's checks (a dry run)"),
                  read_only_read),
        # --- the CLI's own checks ---
        refused("no limit: neither --runtime, --rounds nor --ios", 2,
                "--runtime, --rounds or --ios", lambda: cli("ctl", "run", "--target", NB)),
        refused("an unknown --rw", 2, "--rw: 'rw' is none of",
                lambda: ctl_run("--target", NB, "--rw", "rw")),
        refused("a malformed size", 2, "--bs: '4q' is not a size",
                lambda: ctl_run("--target", NB, "--bs", "4q")),
        refused("a malformed duration", 2, "--runtime: '1x' is not a duration",
                lambda: cli("ctl", "run", "--target", NB, "--runtime", "1x")),
        refused("a run id that does not exist", 1, "no run with this id",
                lambda: cli("ctl", "status", "4242")),
        # --- access specifications: the module decides, the CLI says it
        # as it came ---
        refused("--rwmixread without a mix", 1, "rwmixread: only for randrw and readwrite",
                lambda: ctl_run("--target", NB, "--rwmixread", "70")),
        refused("--rwmixread 101", 1, r"rwmixread: .*range.*0\.\.100",
                lambda: ctl_run("--target", NB, "--rw", "randrw", "--rwmixread", "101",
                                "--allow-write")),
        refused("--bssplit not adding up to 100", 1,
                "bs-split: the percentages do not add up to 100",
                lambda: ctl_run("--target", NB, "--bssplit", "4k/50:8k/40")),
        refused("--bs with --bssplit", 1, "bs: not with bs-split",
                lambda: ctl_run("--target", NB, "--bs", "4k", "--bssplit", "4k/100")),
        refused("--pattern unknown", 2, "--pattern: 'ones' is none of",
                lambda: ctl_run("--target", NB, "--rw", "write", "--pattern", "ones",
                                "--allow-write")),
        refused("--pattern repeat:256", 1, r"pattern-byte: .*range.*0\.\.255",
                lambda: ctl_run("--target", NB, "--rw", "write", "--pattern", "repeat:256",
                                "--allow-write")),
        refused("--pattern on a run that only reads", 1, "pattern: the run does not write",
                lambda: ctl_run("--target", NB, "--pattern", "zeros")),
        refused("--open-loop without --rate-iops", 1, "arrivals: only with rate-iops",
                lambda: ctl_run("--target", NB, "--open-loop")),
        refused("--rate-iops 0", 1, "rate-iops: .*range",
                lambda: ctl_run("--target", NB, "--rate-iops", "0")),
        refused("--stride on random IO", 1, "stride: only for sequential runs",
                lambda: ctl_run("--target", NB, "--stride", "8k")),
        refused("--align 0", 1, r"align: .*range.*512\.\.",
                lambda: ctl_run("--target", NB, "--align", "0")),
        refused("--workers 0", 1, "workers: .*range",
                lambda: ctl_run("--target", NB, "--workers", "0")),
        refused("--cpus with a backward range", 2, "--cpus: '3-1' is not a list",
                lambda: ctl_run("--target", NB, "--cpus", "3-1")),
        refused("an unknown --profile", 2, "no profile 'nope'",
                lambda: ctl_run("--target", NB, "--profile", "nope")),
        refused("a sweep's profile for run", 2, "is for ssdk ctl sweep",
                lambda: ctl_run("--target", NB, "--profile", "tomshardware-qd-randread")),
        refused("sweep without a list of iodepths or sizes", 2,
                r"--iodepth N,N,\.\.\. or --bs SIZE,SIZE,\.\.\. is needed",
                lambda: cli("ctl", "sweep", "--target", NB, "--ios", "10")),
        refused("repeat 0", 2, r"--repeat: '0' is not a count \(1 \.\. 1000\)",
                lambda: ctl_run("--target", NB, "--repeat", "0")),
        refused("repeat 1001", 2, r"--repeat: '1001' is not a count",
                lambda: ctl_run("--target", NB, "--repeat", "1001")),
        refused("repeat 1001 for a sweep", 2, r"--repeat: '1001' is not a count \(1 \.\. 1000\)",
                lambda: cli("ctl", "sweep", "--target", NB, "--ios", "10", "--iodepth", "1",
                            "--repeat", "1001")),
        refused("repeat 0 for a sweep", 2, r"--repeat: '0' is not a count \(1 \.\. 1000\)",
                lambda: cli("ctl", "sweep", "--target", NB, "--ios", "10", "--bs", "4k,8k",
                            "--repeat", "0")),
        refused("repeat with openmetrics", 2, "--repeat: not with --format openmetrics",
                lambda: cli("ctl", "run", "--format", "openmetrics", "--target", NB, "--ios",
                            "10", "--repeat", "2")),
        refused("sweep with 33 sizes", 2, "--bs: 32 sizes at most",
                lambda: cli("ctl", "sweep", "--target", NB, "--ios", "10", "--bs",
                            ",".join(["4k"] * 33))),
        refused("sweep with a size that is none", 2, "--bs: '4q' is not a size",
                lambda: cli("ctl", "sweep", "--target", NB, "--ios", "10", "--bs", "4k,4q")),
        refused("sweep with an empty size", 2, "--bs: '4k,,8k' is not a list",
                lambda: cli("ctl", "sweep", "--target", NB, "--ios", "10", "--bs", "4k,,8k")),
        refused("sweep with an empty first size", 2, "--bs: ',4k' is not a list",
                lambda: cli("ctl", "sweep", "--target", NB, "--ios", "10", "--bs", ",4k")),
        refused("sweep with a size past 32 bits", 2, "--bs: '4g' is not a size",
                lambda: cli("ctl", "sweep", "--target", NB, "--ios", "10", "--bs", "4k,4g")),
        refused("sweep with sizes and a split", 2, "--bs SIZE,SIZE,... and --bssplit",
                lambda: cli("ctl", "sweep", "--target", NB, "--ios", "10", "--bs", "4k,8k",
                            "--bssplit", "4k/50:8k/50")),
        refused("sweep with a size the module refuses (its last): nothing runs", 1,
                "bs: not a multiple of 512",
                lambda: cli("ctl", "sweep", "--target", NB, "--ios", "10", "--bs",
                            "4k,8k,1000")),
        passes("sweep with 32 sizes at 32 depths, checked (1024 runs)",
               lambda: cli("ctl", "sweep", "--dry-run", "--target", NB, "--ios", "10",
                           "--bs", ",".join(f"{k}k" for k in range(4, 132, 4)),
                           "--iodepth", ",".join(str(q) for q in range(1, 33)))),
        refused("sweep with a malformed list", 2, "--iodepth: '1,,x' is not a list",
                lambda: cli("ctl", "sweep", "--target", NB, "--ios", "10", "--iodepth", "1,,x")),
        refused("align-offset not below align (module)", 1, "align-offset: not below align",
                lambda: ctl_run("--target", NB, "--align", "4k", "--align-offset", "4k")),
        refused("align not a multiple of the logical block size (module)", 1,
                "align: not a multiple of the target's logical block size",
                lambda: ctl_run("--target", NB, "--align", "6k")),
        refused("a bssplit size not a multiple of the logical block size (module)", 1,
                "bs: not a multiple of the target's logical block size",
                lambda: ctl_run("--target", NB, "--bssplit", "4k/50:6k/50")),
        refused("a span too small for align-offset plus bs (module)", 1,
                "span: smaller than align-offset plus the largest block",
                lambda: ctl_run("--target", NB, "--span", "8k", "--align", "8k",
                                "--align-offset", "4k", "--bs", "8k")),
        refused("rwmixread without a mix (module, through ynl)", 1, "rwmixread: only for randrw",
                lambda: run_start({"target": NB, "rwmixread": 70, "ios": 10})),
        refused("pattern-byte without the repeat pattern (module, through ynl)", 1,
                "pattern-byte: goes with the repeat pattern",
                lambda: run_start({"target": NB, "rw": "randwrite", "allow-write": True,
                                   "pattern-byte": 7, "ios": 10})),
        refused("compress-pct 100 (module policy, through ynl)", 1, "out of range.*compress-pct",
                lambda: run_start({"target": NB, "rw": "randwrite", "allow-write": True,
                                   "pattern": "compressible", "compress-pct": 100, "ios": 10})),
        refused("arrivals without rate-iops (module, through ynl)", 1,
                "arrivals: only with rate-iops",
                lambda: run_start({"target": NB, "arrivals": "poisson", "ios": 10})),
        refused("bs-split not adding up to 100 (module, through ynl)", 1, "do not add up to 100",
                lambda: run_start({"target": NB, "bs-split": [{"bs": 4096, "pct": 60}],
                                   "ios": 10})),
        # --- durations: max-duration-ns (365 days) at the limit and one
        # past ---
        passes("runtime-ns, ramp-ns, ts-interval-ns, capture-over-ns at max-duration-ns "
               "(dry run)",
               lambda: dry(runtime_ns=MAXD, ramp_ns=MAXD, ts_interval_ns=MAXD,
                           capture_over_ns=MAXD)),
    ]
    for a in ("runtime-ns", "ramp-ns", "ts-interval-ns", "capture-over-ns", "round-ns"):
        out.append(refused(f"{a} one past max-duration-ns (module policy, through ynl)", 1,
                           f"out of range.*{a}",
                           one_past(a)))
    out += [
        passes("rounds x round-ns = max-duration-ns (1000 x 8.76 h, dry run)",
               lambda: dry(rounds=1000, round_ns=MAXD // 1000, ts_interval_ns=MAXD // 1000)),
        refused("rounds x round-ns 1000 ns past max-duration-ns (module)", 1,
                "rounds: rounds x round-ns is more than max-duration-ns",
                lambda: dry(rounds=1000, round_ns=MAXD // 1000 + 1,
                            ts_interval_ns=MAXD // 1000 + 1)),
        refused("rounds x round-ns past 2^64 (module)", 1,
                "rounds: rounds x round-ns is more than max-duration-ns",
                lambda: dry(rounds=1000, round_ns=MAXD, ts_interval_ns=MAXD)),
        refused("--runtime 8760h (the limit): accepted by the CLI and the module (dry run)", 0,
                "1 run checked, none started",
                lambda: cli("ctl", "run", "--target", NB, "--runtime", "8760h", "--ramp",
                            "8760h", "--dry-run")),
        refused("--runtime 8761h: the CLI says the limit in hours", 2,
                "--runtime: '8761h' is more than 8760h, the longest it takes",
                lambda: ctl_run("--target", NB, "--runtime", "8761h")),
        refused("--ramp one ns past the limit: the CLI, exactly", 2,
                f"--ramp: '{MAXD + 1}ns' is more than 8760h",
                lambda: ctl_run("--target", NB, "--ramp", f"{MAXD + 1}ns")),
        # --- who may ---
        refused("nobody may not start a run", 1, "CAP_NET_ADMIN",
                lambda: cli("ctl", "run", "--target", NB, "--ios", "10",
                            who=AS_NOBODY)),
        ksft_case(slug("no run was created and no IO reached a device"), nothing_happened),
    ]
    return out


def main() -> None:
    # 4 KiB logical blocks, to refuse 512-byte IOs.
    ssdk_setup(nr_devices=1, irqmode=0, gb=1, bs=4096)
    if not brd_load(1, 8):
        ksft_skip_all("no brd")
    require("mkfs.ext4")
    # A filesystem on ram0, mounted read-only so that no journal IO
    # moves the counters.
    tmp = temp_dir()
    mnt = tmp / "mnt"
    mnt.mkdir()
    if (run(["mkfs.ext4", "-q", "/dev/ram0"]).returncode != 0 or
            run(["mount", "-o", "ro", "/dev/ram0", str(mnt)]).returncode != 0):
        ksft_skip_all("cannot mount ext4 on brd")
    try:
        ksft_run(cases(tmp, io_total()))
    finally:
        run(["blockdev", "--setrw", NB])
        run(["umount", str(mnt)])
        brd_unload()
        nullb_unload()
    ksft_exit()


if __name__ == "__main__":
    main()
