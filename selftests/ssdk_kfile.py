#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
# ssdk-selftest: vm=main kernels=all time=45
"""The kfile engine and ssdk compare through a filesystem, on ground truth:
on ext4 and xfs over the emulated NVMe disk, every engine (the module's
bio and kfile, io_uring, libaio and psync on the file and on the raw
device) does the reads it was asked for and the block layer counts
exactly those; compare's differences are those of the figures it
reports; kfile keeps its iodepth in flight (null_blk's timer mode under
ext4, its in-flight counter sampled); kfile writes land in the file; and
what kfile cannot run on is refused with a reason."""

import json
import os
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

from lib import pattern
from lib.py import (
    KsftFailEx,
    KsftSkipEx,
    blk_stat,
    cli,
    cli_json,
    ksft_bail,
    ksft_case,
    ksft_check,
    ksft_eq,
    ksft_exit,
    ksft_in,
    ksft_ok,
    ksft_pr,
    ksft_refused,
    ksft_run,
    ksft_true,
    module_load,
    most_in_flight,
    nullb_load,
    nvme_disk,
    run,
    runs_clear,
    ssdk_setup,
    temp_dir,
    ynl,
)

MNT = Path()
NVME: str | None = None
RUNS: dict[str, Any] = {}
ENGINES = "bio,kfile,uring,libaio,psync,uring-raw"


def mkfs_mount(fs: str, dev: str) -> bool:
    """A fresh FS on DEV, mounted on MNT with nothing of its own reading
    the device behind the runs' backs: no atime updates, and none of
    ext4's background work after mount (its lazyinit thread reads one
    block bitmap per flex group: 8 reads on 16 GiB)."""
    opts = "noatime"
    if fs == "ext4":
        mkfs = ["mkfs.ext4", "-q", "-F", "-E", "nodiscard,lazy_itable_init=1,lazy_journal_init=1"]
        opts += ",noinit_itable,no_prefetch_block_bitmaps"
    else:
        mkfs = ["mkfs.xfs", "-q", "-f", "-K"]
    if run([*mkfs, dev], timeout=300).returncode:
        return False
    run(["modprobe", fs])
    return run(["mount", "-t", fs, "-o", opts, dev, str(MNT)]).returncode == 0


def compare_fs(fs: str) -> None:
    """compare's six engines through FS on the NVMe disk, 2000 4 KiB
    random reads each over a 64 MiB file (laid out by --file-size) and
    over the first 64 MiB of the raw device."""
    assert NVME
    ksft_ok(cli("-j", "compare", "-q", "--target", NVME, "--file", str(MNT / "ssdk.dat"),
                "--file-size", "64m", "--span", "64m", "--engines", ENGINES, "--ios", "1",
                timeout=600))
    before = blk_stat(NVME, 1)
    j = RUNS[fs] = cli_json("compare", "-q", "--target", NVME, "--file", str(MNT / "ssdk.dat"),
                            "--span", "64m", "--engines", ENGINES, "--ios", "2000", "--seed", "7")
    ksft_check("ios_per_engine", j, 2000, 6, blk_stat(NVME, 1) - before)


def overheads_fs(fs: str) -> None:
    """The differences printed are those of the figures printed, each
    named: six of them, "A - B" A's mean and percentiles minus B's."""
    j = RUNS[fs]
    ksft_check("fields", j, "layers.kfile - bio=filesystem",
               "layers.uring - kfile=syscall, io_uring",
               "layers.uring - uring-raw=filesystem, under io_uring",
               "layers.uring-raw - bio=syscall, io_uring")
    ksft_check("compare_overheads_match", j, 6)


def kfile_write() -> None:
    """A sequential write of the whole 4 MiB file with a byte pattern,
    read back through the file; the file's size does not change."""
    f = MNT / "w.dat"
    ksft_ok(cli("ctl", "run", "-q", "--engine", "kfile", "--target", str(f), "--file-size", "4m",
                "--rw", "write", "--bs", "64k", "--ios", "64", "--iodepth", "4", "--pattern",
                "repeat:90", "--allow-write"))
    ksft_eq(f.stat().st_size, 4 << 20, "the file's size")
    ksft_eq(pattern.data(str(f), 4 << 20)["bytes"], [90])


def unmounts() -> None:
    """The run let go of its file when it ended: nothing holds the mount."""
    ksft_ok(run(["umount", str(MNT)]))


def fs_cases(fs: str) -> list[tuple[str, Callable[[], None]]]:
    names = [("2000_reads_through_six_engines_as_diskstats_counts", lambda: compare_fs(fs)),
             ("overhead_ns_the_differences_of_the_reported_figures", lambda: overheads_fs(fs)),
             ("kfile_writes_land_in_the_file", kfile_write),
             ("the_file_system_unmounts_at_once", unmounts)]
    state: dict[str, str] = {}

    def guarded(fn: Callable[[], None], first: bool) -> Callable[[], None]:
        def case() -> None:
            if NVME is None:
                raise KsftSkipEx("no 16 GiB NVMe disk (vm-run --disk nvme:16G)")
            if first:
                state["mounted"] = "yes" if mkfs_mount(fs, NVME) else "no"
            if state.get("mounted") != "yes":
                raise KsftFailEx(f"{fs}: cannot make and mount the filesystem")
            fn()
        return case

    return [(f"{fs}_{n}", guarded(fn, i == 0)) for i, (n, fn) in enumerate(names)]


# --- iodepth in flight ------------------------------------------------------------


def inflight_qd8() -> None:
    """ext4 on a null_blk whose every IO takes 10 ms (timer mode): at QD 8
    the device's in-flight counter sees 8 reads at once, and no IO took
    less than the device's 10 ms. (The IOPS, 8 / 10 ms = 800 where one
    IO in flight would be 100, is printed, not asserted: a loaded host
    slows the emulated CPU.) 10 ms, not less, so that the device and not
    the worker's CPU is what holds the IOs: on the debug kernel a kfile
    IO costs the worker about 0.65 ms of emulated CPU, and at 2 ms the
    slots it had yet to refill kept the count at 6. The counter may show
    a 9th: blk-mq counts a request until it is retired, after its bio
    completed (blk_mq_end_request: blk_update_request, then the free),
    and the worker, woken by that completion on the other CPU, may send
    the slot's next read in between (seen once on 6.1 under make check's
    load)."""
    most, j = most_in_flight("/dev/nullb0", "ctl", "run", "-q", "--engine", "kfile", "--target",
                             str(MNT / "q.dat"), "--file-size", "16m", "--iodepth", "8",
                             "--runtime", "2s", "--ramp", "200ms")
    ksft_pr(f"most reads in flight: {most}; {round(j['read']['iops'])} IOPS")
    ksft_in(most, [8, 9], "most reads in flight")
    ksft_check("fields", j, "config.engine=kfile")
    ksft_true(j["read"]["lat_ns"]["min"] >= 10000000, "the fastest read took 10 ms")


def kfile_workers() -> None:
    """Two workers through the same file: each IO once through ext4 to
    the device, as diskstats counts."""
    before = blk_stat("nullb0", 1)
    j = cli_json("ctl", "run", "-q", "--engine", "kfile", "--target", str(MNT / "q.dat"),
                 "--iodepth", "4", "--workers", "2", "--ios", "200")
    ksft_pr(f"reads: {blk_stat('nullb0', 1) - before}")
    ksft_check("fields", j, "completed=200", "config.workers=2", "config.engine=kfile")
    ksft_eq(blk_stat("nullb0", 1) - before, 200, "reads counted")


def null_cases() -> list[tuple[str, Callable[[], None]]]:
    state: dict[str, bool] = {}

    def on_ext4(fn: Callable[[], None], first: bool, last: bool) -> Callable[[], None]:
        def case() -> None:
            try:
                if first:
                    if not nullb_load(nr_devices=1, gb=1, memory_backed=1, irqmode=2,
                                      completion_nsec=10000000):
                        ksft_bail("no null_blk")
                    state["ok"] = mkfs_mount("ext4", "/dev/nullb0")
                if not state.get("ok"):
                    raise KsftFailEx("cannot make ext4 on null_blk")
                fn()
            finally:
                if last and state.get("ok"):
                    run(["umount", str(MNT)])
        return case

    return [
        ("kfile_at_iodepth_8_on_ext4_over_a_10_ms_null_blk_8_reads_in_flight_none_under_10_ms",
         on_ext4(inflight_qd8, True, False)),
        ("kfile_with_2_workers_through_one_file_200_reads_as_diskstats_counts",
         on_ext4(kfile_workers, False, True)),
    ]


# --- what kfile refuses -------------------------------------------------------------


def kf(*opts: str) -> subprocess.CompletedProcess[str]:
    return cli("ctl", "run", "-q", "--engine", "kfile", "--ios", "10", *opts)


def refusal_cases() -> list[tuple[str, Callable[[], None]]]:
    r = str(MNT / "r.dat")

    def refused(status: int, pat: str, p: Callable[[], subprocess.CompletedProcess[str]]
                ) -> Callable[[], None]:
        return lambda: ksft_refused(p(), status, pat)

    def buffered_runs() -> None:
        p = kf("--target", r, "--buffered", "-j")
        ksft_ok(p)
        ksft_check("fields", json.loads(p.stdout), "read.ios=10", "config.buffered=true")

    return [
        ("missing_file", refused(1, "target: no such file",
                                 lambda: kf("--target", str(MNT / "none")))),
        ("a_directory", refused(1, "target: a directory", lambda: kf("--target", str(MNT / "dir")))),
        ("a_block_device_given_to_kfile",
         refused(1, "target: a block device; engine kfile needs a regular file",
                 lambda: kf("--target", "/dev/nullb0"))),
        ("ramfs_no_o_direct_said", refused(1, "does not do O_DIRECT", lambda: kf("--target", r))),
        ("ramfs_with_buffered_runs_through_the_page_cache", buffered_runs),
        ("buffered_at_iodepth_4_refused",
         refused(1, "iodepth: buffered file IO completes in its submitter; it needs iodepth 1",
                 lambda: kf("--target", r, "--buffered", "--iodepth", "4"))),
        ("buffered_with_the_bio_engine_refused",
         refused(1, "buffered: only for engine kfile",
                 lambda: cli("ctl", "run", "-q", "--target", "/dev/nullb0", "--buffered",
                             "--ios", "10"))),
        ("a_span_beyond_the_files_end",
         refused(1, "span", lambda: kf("--target", r, "--buffered", "--span", "2m"))),
        ("kfile_writes_without_allow_write",
         refused(1, "it needs allow-write",
                 lambda: kf("--target", r, "--buffered", "--rw", "randwrite"))),
        ("uring_on_a_ramfs_file_no_o_direct_said",
         refused(1, "does not do O_DIRECT",
                 lambda: cli("compare", "-q", "--target", "/dev/nullb0", "--file", r,
                             "--engines", "uring", "--ios", "10"))),
        ("compares_file_engines_without_file",
         refused(2, "runs on a file: give it --file",
                 lambda: cli("compare", "-q", "--target", "/dev/nullb0", "--engines",
                             "bio,kfile", "--ios", "10"))),
        ("file_size_on_a_directory",
         refused(1, "Is a directory",
                 lambda: kf("--target", str(MNT / "dir"), "--file-size", "1m"))),
        # The module refuses what the CLI would not send (through ynl).
        ("module_buffered_with_engine_bio",
         refused(1, "buffered: only for engine kfile",
                 lambda: ynl("--do", "run-start", "--json",
                             '{"target": "/dev/nullb0", "ios": 1, "buffered": true}'))),
    ]


def tmpfs() -> None:
    """tmpfs does O_DIRECT from Linux 6.6 on: kfile runs on it where the
    kernel itself accepts O_DIRECT there, and is refused by name where it
    does not."""
    t = MNT / "t.dat"
    t.write_bytes(bytes(1 << 20))
    try:
        os.close(os.open(t, os.O_RDONLY | os.O_DIRECT))
    except OSError:
        ksft_pr("no O_DIRECT on tmpfs on this kernel: refused, said")
        ksft_refused(kf("--target", str(t)), 1, "does not do O_DIRECT")
        return
    ksft_pr("O_DIRECT on tmpfs on this kernel: kfile runs")
    p = kf("--target", str(t), "-j")
    ksft_ok(p)
    ksft_eq(json.loads(p.stdout)["read"]["ios"], 10)


def cases() -> list[Callable[[], None]]:
    def on_ramfs(fn: Callable[[], None], first: bool, last: bool) -> Callable[[], None]:
        def case() -> None:
            if first:
                if run(["mount", "-t", "ramfs", "none", str(MNT)]).returncode:
                    ksft_bail("cannot mount ramfs")
                (MNT / "r.dat").write_bytes(bytes(1 << 20))
                (MNT / "dir").mkdir()
            try:
                fn()
            finally:
                if last:
                    run(["umount", str(MNT)])
        return case

    def on_tmpfs() -> None:
        if run(["mount", "-t", "tmpfs", "-o", "size=8m", "none", str(MNT)]).returncode:
            ksft_bail("cannot mount tmpfs")
        try:
            tmpfs()
        finally:
            run(["umount", str(MNT)])

    refusals = refusal_cases()
    return ([ksft_case(n, fn) for fs in ("ext4", "xfs") for n, fn in fs_cases(fs)]
            + [ksft_case(n, fn) for n, fn in null_cases()]
            + [ksft_case(n, on_ramfs(fn, i == 0, i == len(refusals) - 1))
               for i, (n, fn) in enumerate(refusals)]
            + [ksft_case("tmpfs_kfile_runs_where_the_kernel_does_o_direct_else_refused_said",
                     on_tmpfs)])


def main() -> None:
    global MNT, NVME
    ssdk_setup()
    NVME = nvme_disk()
    MNT = temp_dir() / "mnt"
    MNT.mkdir()
    try:
        ksft_run(cases())
    finally:
        run(["umount", str(MNT)])
        module_load()
        runs_clear()
        run(["rmmod", "null_blk"])
    ksft_exit()


if __name__ == "__main__":
    main()
