# SPDX-License-Identifier: GPL-2.0
"""The block devices a selftest makes and the block layer's ground truth.

configfs null_blks, the VM's own NVMe and SATA disks, device-mapper targets over a
device, the counters of /sys/block/*/stat kept or grown, blktrace around
a workload, and transparent huge pages off while a test measures time.
Each device made here is made afresh (a leftover of an earlier program
is removed first); the test removes what it made.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import mmap
import os
import signal
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from .env import CLI, cli, cli_json, ksft_ok, run, ssdk, wait_completed
from .ksft import KsftFailEx, KsftSkipEx, ksft_eq, ksft_true

__all__ = [
    "blk_stats", "blktrace", "dev_sectors", "dm_create", "dm_delay", "dm_linear", "dm_remove",
    "dm_stalled_run",
    "khugepaged_off", "nullb_make", "nullb_remove", "nvme_disk", "sata_disk", "stat_kept",
    "trace_same_order", "writes_kept",
]

NULLB_CFS = Path("/sys/kernel/config/nullb")
THP_ENABLED = Path("/sys/kernel/mm/transparent_hugepage/enabled")
DEBUGFS = Path("/sys/kernel/debug")


def _name(dev: str) -> str:
    return dev.removeprefix("/dev/")


# --- counters -----------------------------------------------------------------


def blk_stats(dev: str) -> list[int]:
    """Every field of /sys/block/DEV/stat, in order (index 0 reads
    completed, 4 writes completed, 6 sectors written, 13 sectors
    discarded)."""
    return [int(f) for f in Path(f"/sys/block/{_name(dev)}/stat").read_text().split()]


@contextlib.contextmanager
def stat_kept(dev: str) -> Iterator[None]:
    """What runs inside neither reads, writes nor discards on DEV: its
    block layer counters do not move (checked when the block ends
    without an exception)."""
    before = blk_stats(dev)
    yield
    ksft_eq(blk_stats(dev), before, f"the counters of {dev} moved")


@contextlib.contextmanager
def writes_kept(dev: str) -> Iterator[None]:
    """What runs inside writes and discards no sector of DEV. Reads (a
    tool's probing) and empty flushes (its fsync, counted as writes of
    no sector) may happen."""
    before = blk_stats(dev)
    yield
    after = blk_stats(dev)
    ksft_eq((after[6], after[13]), (before[6], before[13]),
            f"sectors written, discarded on {dev}")


# --- devices ------------------------------------------------------------------


def nullb_make(name: str, size_mb: int, **attrs: int | str) -> str:
    """A configfs null_blk NAME of SIZE_MB MiB with these attributes,
    powered on; its device. (Load null_blk with nr_devices=0 first for it
    alone.)"""
    run(["modprobe", "configfs"])
    d = NULLB_CFS / name
    d.mkdir()
    (d / "size").write_text(f"{size_mb}\n")
    for k, v in attrs.items():
        (d / k).write_text(f"{v}\n")
    (d / "power").write_text("1\n")
    if Path(f"/dev/{name}").is_block_device():
        return f"/dev/{name}"
    return f"/dev/nullb{(d / 'index').read_text().strip()}"


def nullb_remove(*names: str) -> None:
    """The configfs null_blks NAMES, gone."""
    for name in names:
        d = NULLB_CFS / name
        if d.is_dir():
            (d / "power").write_text("0\n")
            d.rmdir()


def dev_sectors(dev: str) -> int:
    """DEV's size in 512-byte sectors."""
    return int(Path(f"/sys/class/block/{_name(os.path.realpath(dev))}/size").read_text())


def nvme_disk(min_bytes: int = 16 << 30) -> str | None:
    """The NVMe disk that vm-run attached ($SSDK_VM_DISKS) of MIN_BYTES
    at least, or None. Never a disk of the host's own."""
    found = None
    for d in os.environ.get("SSDK_VM_DISKS", "").split():
        if d.startswith("/dev/nvme") and dev_sectors(d) * 512 >= min_bytes:
            found = d
    return found


def sata_disk() -> str | None:
    """The SATA disk that vm-run attached ($SSDK_VM_DISKS, --disk ahci:SIZE),
    libata's (its SCSI vendor is "ATA"), or None. Never a disk of the host's
    own."""
    for d in os.environ.get("SSDK_VM_DISKS", "").split():
        vendor = Path(f"/sys/block/{_name(d)}/device/vendor")
        if d.startswith("/dev/sd") and vendor.is_file() and vendor.read_text().strip() == "ATA":
            return d
    return None


def dm_remove(name: str) -> None:
    """/dev/mapper/NAME, gone if it was there."""
    run(["dmsetup", "remove", name])


def dm_create(name: str, table: str) -> str:
    """/dev/mapper/NAME, made afresh from TABLE."""
    dm_remove(name)
    p = subprocess.run(["dmsetup", "create", name], input=table, capture_output=True,
                       text=True, check=False)
    if p.returncode != 0:
        raise KsftSkipEx(f"dmsetup create {name}: {p.stderr.strip()}")
    # Without udev, dmsetup makes the node itself when asked.
    run(["dmsetup", "mknodes", name])
    return f"/dev/mapper/{name}"


def dm_linear(name: str, dev: str) -> str:
    """/dev/mapper/NAME, dm-linear over all of DEV (made afresh), to be
    suspended and resumed under a run."""
    if run(["modprobe", "dm-mod"]).returncode != 0:
        raise KsftSkipEx("no dm-mod")
    return dm_create(name, f"0 {dev_sectors(dev)} linear {dev} 0\n")


def dm_stalled_run(name: str, dev: str, after: int, secs: float, *opts: str,
                   stop_after: float | None = None) -> Any:
    """The results of a run (ssdk ctl start OPTS) on dm-linear NAME over
    DEV, suspended for SECS once the run has completed AFTER IOs, then
    resumed; the run waited for, or stopped STOP_AFTER seconds after the
    resume. The dm device is removed however it ends."""
    dm = dm_linear(name, dev)
    try:
        run_id = int(cli_json("ctl", "start", "--target", dm, *opts)["id"])
        wait_completed(run_id, after)
        run(["dmsetup", "suspend", name])
        time.sleep(secs)
        run(["dmsetup", "resume", name])
        if stop_after is None:
            ksft_ok(cli("ctl", "wait", str(run_id)))
        else:
            time.sleep(stop_after)
            ksft_ok(cli("ctl", "stop", str(run_id)))
        return cli_json("ctl", "results", str(run_id))
    finally:
        dm_remove(name)


def dm_delay(name: str, dev: str, ms: int) -> str:
    """/dev/mapper/NAME, dm-delay over all of DEV delaying every IO by
    MS ms: made when there is none, its table swapped live when there is
    (the IOs it holds go out at once)."""
    table = f"0 {dev_sectors(dev)} delay {dev} 0 {ms}\n"
    path = f"/dev/mapper/{name}"
    # Asked of device-mapper, not of /dev: a node may outlive its device.
    if run(["dmsetup", "status", name]).returncode == 0:
        p = subprocess.run(["dmsetup", "reload", name], input=table, capture_output=True,
                           text=True, check=False)
        ksft_eq(p.returncode, 0, f"dmsetup reload {name}: {p.stderr}")
        ksft_eq(run(["dmsetup", "resume", name]).returncode, 0, f"dmsetup resume {name}")
        return path
    if run(["modprobe", "dm-delay"]).returncode != 0:
        raise KsftSkipEx("no dm-delay")
    return dm_create(name, table)


# --- tracing and timing -------------------------------------------------------


@contextlib.contextmanager
def blktrace(dev: str, out: Path | None) -> Iterator[None]:
    """Debian's blktrace records DEV into OUT (its CPUs' records in one
    file; None: into nothing, the relay files set up are enough) while
    the block runs; ended with SIGINT, as a user ends it. Its errors go
    to OUT.err."""
    if not os.path.ismount(DEBUGFS):
        run(["mount", "-t", "debugfs", "none", str(DEBUGFS)])
    if out:
        err = out.with_suffix(out.suffix + ".err")
    else:
        with tempfile.NamedTemporaryFile(suffix=".blktrace.err", delete=False) as t:
            err = Path(t.name)
    with open(out or os.devnull, "wb") as o, open(err, "wb") as e:
        proc = subprocess.Popen(["blktrace", "-d", dev, "-o", "-"], stdout=o, stderr=e)
    try:
        # The relay files come with the trace's setup, but tracing begins
        # later (BLKTRACESTART, once blktrace's threads run), which
        # nothing shows: under load a short workload ran in between,
        # untraced. A note written to the trace (debugfs msg, recorded
        # only while it runs: a notify event, which trace readers skip)
        # that blktrace has written out says that it has begun.
        msg = DEBUGFS / f"block/{_name(dev)}/msg"
        for i in range(300):
            if msg.exists():
                if out is None:
                    break
                msg.write_text(f"ssdk: tracing {i}\n")
                if b"ssdk: tracing" in out.read_bytes():
                    break
            if proc.poll() is not None:
                raise KsftFailEx(f"blktrace ended: {err.read_text().strip()}")
            time.sleep(0.1)
        else:
            raise KsftFailEx(f"blktrace did not begin in 30 s: {err.read_text().strip()}")
        yield
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        if out is None:
            err.unlink(missing_ok=True)


def trace_same_order(a: Path, b: Path) -> None:
    """The reads and writes of trace files A and B, in order, are the
    same: op, offset, length (libssdk reads both: ssdk.trace.ios())."""
    x, y = ([(io.op, io.offset, io.len) for io in ssdk.trace.ios(str(p))
             if io.op in ("read", "write")] for p in (a, b))
    first = next((i for i, (u, v) in enumerate(zip(x, y)) if u != v), min(len(x), len(y)))
    ksft_true(x == y, f"{len(x)} IOs against {len(y)}; first difference at IO {first}: "
              f"{x[first:first + 2]} against {y[first:first + 2]}")


@contextlib.contextmanager
def khugepaged_off() -> Iterator[None]:
    """No transparent huge pages while the block runs (a test that
    measures time). Every 10 s khugepaged collapses pages into a huge
    page, a copy that holds the CPU for up to a millisecond without a
    preemption point on Debian's voluntary-preemption kernels: an IO due
    then is that much late. Turning THP off stops the thread."""
    if not os.access(THP_ENABLED, os.W_OK):
        yield
        return
    text = THP_ENABLED.read_text()
    was = text[text.index("[") + 1:text.index("]")]
    THP_ENABLED.write_text("never\n")
    try:
        yield
    finally:
        THP_ENABLED.write_text(f"{was}\n")


__all__ += ["first_mib_sum"]


def first_mib_sum(dev: str) -> str:
    """The sha256 of DEV's first MiB, read past the page cache (O_DIRECT):
    what a format or a write there changes."""
    buf = mmap.mmap(-1, 1 << 20)
    fd = os.open(dev, os.O_RDONLY | os.O_DIRECT)
    try:
        ksft_eq(os.readv(fd, [buf]), 1 << 20, f"bytes read of {dev}")
    finally:
        os.close(fd)
    return hashlib.sha256(buf).hexdigest()


def most_in_flight(dev: str, *args: str) -> tuple[int, Any]:
    """ssdk -j ARGS (a run), DEV's reads in flight sampled every 50 ms
    while it goes (/sys/block/DEV/inflight, the block layer's count): the
    most it saw, and the run's JSON, its exit status 0."""
    inflight = Path(f"/sys/block/{_name(dev)}/inflight")
    p = subprocess.Popen([CLI, "-j", *args], stdout=subprocess.PIPE, text=True)
    most = 0
    while p.poll() is None:
        most = max(most, int(inflight.read_text().split()[0]))
        time.sleep(0.05)
    out = p.communicate()[0]
    ksft_eq(p.returncode, 0, "the run's exit status")
    return most, json.loads(out)


__all__ += ["most_in_flight"]
