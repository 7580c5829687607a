#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
# ssdk-selftest: vm=main kernels=all time=15
"""Nothing is written where it must not be, proved on the bytes: two brd
disks filled with random data and checksummed before and after. Writes
are refused to a device with a filesystem mounted and to one held by a
device-mapper table, through the CLI and through the module directly
(ynl); read-only runs of every kind leave their disk as it was, and the
block layer counts no write to it. One run cannot hide the others: a
target path as long as the policy allows (4095 bytes) is listed and
read back with every run after it."""

import hashlib
import json
import mmap
import os
import time
from collections.abc import Callable
from pathlib import Path

from lib.py import (
    CLI,
    brd_load,
    brd_unload,
    cli,
    cli_json,
    ksft_bail,
    ksft_case,
    ksft_eq,
    ksft_exit,
    ksft_ok,
    ksft_refused,
    ksft_run,
    ksft_skip_all,
    ksft_true,
    output,
    require,
    run,
    runs_clear,
    ssdk_setup,
    temp_dir,
    ynl,
)

MIB = 1 << 20


def checksum(dev: str) -> str:
    """sha256 of DEV's bytes, read with O_DIRECT: the disk's, not a page
    cache filled before the runs."""
    h = hashlib.sha256()
    # O_DIRECT wants an aligned buffer: an anonymous mapping is.
    with mmap.mmap(-1, MIB) as buf, \
            open(os.open(dev, os.O_RDONLY | os.O_DIRECT), "rb", buffering=0) as f:
        while n := f.readinto(buf):
            h.update(buf[:n])
    return h.hexdigest()


def writes(dev: str) -> int:
    """Writes completed of DEV (/sys/block/*/stat, field 5)."""
    return int(Path(f"/sys/block/{os.path.basename(dev)}/stat").read_text().split()[4])


def fill_random(dev: str, mib: int) -> None:
    """DEV's first MIB MiB random."""
    with open(dev, "wb") as f:
        f.writelines(os.urandom(MIB) for _ in range(mib))
        f.flush()
        os.fsync(f.fileno())


class Disk:
    """A disk's checksum and write count, to be found unchanged."""

    def __init__(self, dev: str) -> None:
        self.dev = dev
        self.sum = checksum(dev)
        self.writes = writes(dev)

    def unchanged(self) -> None:
        """DEV still has its checksum and its count of writes."""
        ksft_eq(checksum(self.dev), self.sum, f"{self.dev}: sha256")
        ksft_eq(writes(self.dev), self.writes, f"{self.dev}: writes")


def write_refused_cli(dev: str) -> None:
    ksft_refused(cli("ctl", "run", "-q", "--target", dev, "--rw", "randwrite", "--ios", "1000",
                     "--allow-write"), 1, "target: in use")


def write_refused_ynl(dev: str) -> None:
    ksft_refused(ynl("--do", "run-start", "--json",
                     json.dumps({"target": dev, "rw": "write", "allow-write": True,
                                 "ios": 1000})), 1, "in use|EBUSY|-16")


def readers() -> None:
    """random QD8, sequential 128k, split open loop, two workers"""
    base = ["ctl", "run", "-q", "--target", "/dev/ram1"]
    for args in (["--rw", "randread", "--iodepth", "8", "--ios", "20000"],
                 ["--rw", "read", "--bs", "128k", "--ios", "2000"],
                 ["--bssplit", "4k/50:64k/50", "--ios", "5000", "--rate-iops", "5000",
                  "--arrivals", "poisson"],
                 ["--ios", "3000", "--workers", "2", "--iodepth", "4"]):
        ksft_ok(cli(*base, *args))


def early(disk: Disk) -> None:
    """Stopped mid-run too (the one path a user has to end a run early),
    its deletion refused before and done after."""
    rid = str(cli_json("ctl", "start", "--target", "/dev/ram1", "--runtime", "1h",
                       "--iodepth", "16")["id"])
    for _ in range(100):
        if cli_json("ctl", "status", rid)["completed"] >= 1000:
            break
        time.sleep(0.05)
    ksft_true(cli("ctl", "delete", rid).returncode != 0, "a running run deleted")
    ksft_ok(cli("ctl", "stop", rid))
    ksft_ok(cli("ctl", "delete", rid))
    disk.unchanged()


def long_path(tmp: Path) -> Path:
    """A symlink to ram1 whose path is 4095 bytes, at the end of nested
    directories of 250-byte names."""
    p = str(tmp / "long")
    seg = "0" * 250
    while 4095 - len(p) - 1 > 255:
        p = f"{p}/{seg}"
    os.makedirs(p)
    link = Path(p) / ("0" * (4095 - len(p) - 1))
    link.symlink_to("/dev/ram1")
    return link


def long_listed(tmp: Path) -> None:
    """A status is a few hundred bytes plus the target: with a path of
    4095 bytes it outgrows a dump's default skb (NLMSG_GOODSIZE), and the
    module sizes its dumps for it (ssdk_nl_run_dump_start())."""
    runs_clear()
    long = long_path(tmp)
    ksft_eq(len(str(long)), 4095, "the path's length")
    ids = []
    for t in (str(long), "/dev/ram1", "/dev/ram1"):
        ids.append(cli_json("ctl", "start", "--target", t, "--ios", "1000")["id"])
        ksft_ok(run([CLI, "ctl", "wait", str(ids[-1])], timeout=30))
    listed = cli_json("ctl", "list")
    ksft_eq([r["id"] for r in listed], ids, "listed")
    ksft_eq(len(listed[0]["target"]), 4095, "the first run's target")
    for rid in ids:
        r = cli_json("ctl", "results", str(rid))
        ksft_eq((r["id"], r["completed"]), (rid, 1000), f"results of run {rid}")
    runs_clear()


def main() -> None:
    ssdk_setup()
    if not brd_load(2, 16):
        ksft_skip_all("no brd")
    require("mkfs.ext4")
    if run(["modprobe", "dm-mod"]).returncode != 0:
        ksft_skip_all("no device mapper")
    tmp = temp_dir()
    mnt = tmp / "mnt"
    mnt.mkdir()
    try:
        # ext4 on ram0 over random data, mounted read-only so that the
        # filesystem itself writes nothing: every byte of the disk must
        # stay as it was.
        fill_random("/dev/ram0", 16)
        run(["mkfs.ext4", "-q", "/dev/ram0"])
        if run(["mount", "-o", "ro", "/dev/ram0", str(mnt)]).returncode != 0:
            ksft_bail("cannot mount ext4 on ram0")
        ram0 = Disk("/dev/ram0")
        fill_random("/dev/ram1", 16)
        ram1 = Disk("/dev/ram1")
        # A dm table over ram1, for the refusals it holds for.
        sz = run(["blockdev", "--getsz", "/dev/ram1"]).stdout.strip()
        run(["dmsetup", "remove", "ssdk-hold"])
        p = run(["dmsetup", "create", "ssdk-hold", "--table", f"0 {sz} linear /dev/ram1 0"])
        if p.returncode != 0:
            ksft_bail(f"cannot make a dm table over ram1: {output(p)}")

        def mounted_unchanged() -> None:
            ram0.unchanged()
            run(["umount", str(mnt)])

        def dm_unchanged() -> None:
            run(["dmsetup", "remove", "ssdk-hold"])
            ram1.unchanged()

        cases: list[Callable[[], None]] = [
            ksft_case("mounted_randwrite_refused_cli", write_refused_cli, "/dev/ram0"),
            ksft_case("mounted_write_refused_module_through_ynl", write_refused_ynl, "/dev/ram0"),
            ksft_case("mounted_not_a_byte_changed_no_write_counted", mounted_unchanged),
            ksft_case("held_by_dm_randwrite_refused_cli", write_refused_cli, "/dev/ram1"),
            ksft_case("held_by_dm_write_refused_module_through_ynl", write_refused_ynl,
                      "/dev/ram1"),
            ksft_case("held_by_dm_not_a_byte_changed_no_write_counted", dm_unchanged),
            ksft_case("read_runs_random_qd8_sequential_128k_split_open_loop_two_workers",
                      readers),
            ksft_case("read_runs_not_a_byte_changed_no_write_counted", ram1.unchanged),
            ksft_case("read_runs_stopped_mid_run_and_deleted_not_a_byte_changed", early, ram1),
            ksft_case("a_target_path_of_4095_bytes_every_run_listed_and_the_results_of_each_read",
                      long_listed, tmp),
        ]
        ksft_run(cases)
    finally:
        run(["dmsetup", "remove", "ssdk-hold"])
        run(["umount", str(mnt)])
        runs_clear()
        brd_unload()
    ksft_exit()


if __name__ == "__main__":
    main()
