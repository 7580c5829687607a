#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""The benchmark's guest side: run every case on every device.

Runs inside a test VM (scripts/bench/run starts it). Each case runs one
engine at one queue depth on one device; with several repetitions the
cases go round in the same order once per repetition (A B C .. A B C) so
that drift hits them alike.
Every engine is measured the same way, from outside it: in a steady
window after a ramp, IOPS from the block layer's own counter
(/sys/block/DEV/stat: reads, or writes for the write row), CPU from
/proc/stat (all CPUs, all contexts) and from the engine's tasks'
schedstat; latency is what the engine reports (none for the bare loop).
One JSON object per line goes to --out.

Besides 4 KiB random reads on each device: the kfile row (4 KiB random
reads of a file on ext4 on a null_blk irqmode=0, ssdk's kfile engine
against fio and t/io_uring on the same file) and the write row (4 KiB
random writes on nullb-irq0).
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

SSDK = "ssdk"
# fio's peak-IOPS tool, built on the host by scripts/bench/t-io_uring.
T_IO_URING = f"{os.environ.get('SSDK_REPO', '.')}/build/t-io_uring/t-io_uring"
USER_HZ = os.sysconf("SC_CLK_TCK")
NULLB_GB = 16
# The kfile row: ext4 on a memory-backed null_blk (a filesystem must read
# back what it wrote), a file on it laid out by ssdk --file-size.
EXT4_MB = 512
EXT4_FILE_MB = 256
EXT4_MNT = "/run/bench-ext4"


@dataclass(frozen=True)
class Device:
    name: str  # nullb-irq0, nullb-timer, nvme, ext4-nullb
    path: str  # what the engines open: a block device, or a file (ext4-nullb)
    poll: bool  # offers poll queues (io_uring hipri)
    blockdev: str = ""  # a file's device, whose counters count its IOs

    @property
    def file(self) -> bool:
        return bool(self.blockdev)

    @property
    def disk(self) -> str:
        """The block device whose counters are read."""
        return self.blockdev or self.path


@dataclass(frozen=True)
class Case:
    engine: str
    device: Device
    qd: int
    workers: int
    rw: str = "randread"  # or randwrite


@dataclass
class Sample:
    t_ns: int
    busy_ns: int
    ios: int
    task_ns: int
    sqpoll_ns: int  # of those, io_uring's SQ poller threads
    queue_ms: int  # the device's weighted time in queue (stat's 11th field)


def sh(*args: str) -> str:
    return subprocess.run(args, check=True, capture_output=True, text=True).stdout


# --- devices -------------------------------------------------------------


def sysfs_block(dev: str) -> Path:
    """The device's directory in /sys/block."""
    return Path("/sys/block") / Path(dev).name


def queue_poll(dev: str) -> bool:
    f = sysfs_block(dev) / "queue/io_poll"
    return f.exists() and f.read_text().strip() == "1"


def nullb_create(dirname: str, name: str, attrs: dict[str, str]) -> Device:
    """A null_blk device made through configfs, its path found by name or index."""
    d = Path("/sys/kernel/config/nullb") / dirname
    d.mkdir()
    for k, v in attrs.items():
        f = d / k
        if f.exists():  # poll_queues is missing on older kernels
            f.write_text(v)
    (d / "power").write_text("1")
    path = Path("/dev") / dirname  # 6.12 on: the directory's name
    if not path.exists():
        path = Path("/dev/nullb" + (d / "index").read_text().strip())
    return Device(name, str(path), queue_poll(str(path)))


def ext4_file(dev: Device) -> Device:
    """ext4 on DEV, mounted with nothing of its own reading the device behind
    the runs' backs (as selftests/ssdk_kfile.py: no atime updates, no lazy
    init, no bitmap prefetch), and a file on it with every block written
    (ssdk's --file-size: incompressible bytes, synced), so that every read
    reaches the device."""
    subprocess.run(["mkfs.ext4", "-q", "-F", "-E",
                    "nodiscard,lazy_itable_init=1,lazy_journal_init=1", dev.path],
                   check=True, capture_output=True)
    subprocess.run(["modprobe", "ext4"], check=False, capture_output=True)
    Path(EXT4_MNT).mkdir(exist_ok=True)
    subprocess.run(["mount", "-t", "ext4", "-o",
                    "noatime,noinit_itable,no_prefetch_block_bitmaps", dev.path, EXT4_MNT],
                   check=True)
    f = f"{EXT4_MNT}/bench.dat"
    sh(SSDK, "ctl", "run", "-q", "--engine", "kfile", "--target", f,
       "--file-size", f"{EXT4_FILE_MB}m", "--ios", "1")
    # The layout's page cache is of no use to O_DIRECT: give its memory back.
    Path("/proc/sys/vm/drop_caches").write_text("3")
    return Device("ext4-nullb", f, False, dev.path)


def devices(timer_ns: int, wanted: list[str] | None, rows: bool) -> list[Device]:
    subprocess.run(["modprobe", "null_blk", "nr_devices=0"], check=True)
    ncpu = str(os.cpu_count() or 1)
    base = {"size": str(NULLB_GB << 10), "blocksize": "4096", "submit_queues": ncpu,
            "memory_backed": "0", "hw_queue_depth": "128"}
    out = [nullb_create("nullb0", "nullb-irq0", {**base, "irqmode": "0", "poll_queues": "1"}),
           # No poll queue: null_blk completes a polled IO at once, timer or not.
           nullb_create("nullb1", "nullb-timer", {**base, "irqmode": "2", "poll_queues": "0",
                                                  "completion_nsec": str(timer_ns)})]
    if rows and (wanted is None or "ext4-nullb" in wanted):
        # The same null_blk as nullb-irq0, memory-backed: a filesystem must
        # read back what it wrote. Its poll queue makes two hardware queues,
        # as nullb-irq0 has: with one, the kernel gives the device
        # mq-deadline, whose dispatch went through kblockd (10 us per IO).
        back = nullb_create("nullb2", "nullb-ext4",
                            {**base, "size": str(EXT4_MB), "memory_backed": "1",
                             "irqmode": "0", "poll_queues": "1"})
        sched = sysfs_block(back.path) / "queue/scheduler"
        if sched.exists():
            sched.write_text("none")
        out.append(ext4_file(back))
    # Under icount an emulated disk works in host time while the guest's
    # clock counts instructions (and leaps when the guest idles): its IOPS
    # and latencies would be artefacts. Only plain TCG measures it.
    disks = os.environ.get("SSDK_VM_DISKS", "").split()
    if disks and os.environ.get("SSDK_VM_ICOUNT") != "1":
        out.append(Device("nvme", disks[0], queue_poll(disks[0])))
    return out


# --- measurement from outside the engine -----------------------------------


def busy_ns() -> int:
    """CPU time of all CPUs outside idle and iowait, from /proc/stat."""
    f = Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]
    user, nice, system, _idle, _iowait, irq, softirq, steal = map(int, f[:8])
    return (user + nice + system + irq + softirq + steal) * 1_000_000_000 // USER_HZ


def time_in_queue_ms(dev: str) -> int:
    """The device's IOs' time in the block layer and the device, added up,
    ms (/sys/block/DEV/stat's 11th field): its growth over a window is the
    device's average queue, iostat's aqu-sz."""
    return int((sysfs_block(dev) / "stat").read_text().split()[10])


def ios_done(dev: str, rw: str = "randread") -> int:
    """Reads (or writes) the device completed: /sys/block/DEV/stat."""
    stat = (sysfs_block(dev) / "stat").read_text().split()
    return int(stat[4] if "write" in rw else stat[0])


SQPOLL_COMM = "iou-sqp-"  # io_uring's SQ poller: iou-sqp-PID of the ring's process


def task_ns(prefixes: tuple[str, ...]) -> tuple[int, int]:
    """On-CPU time of every task whose name starts with one of prefixes,
    and of those that are io_uring SQ pollers."""
    total = sqpoll = 0
    for comm in Path("/proc").glob("[0-9]*/task/[0-9]*/comm"):
        try:
            name = comm.read_text()
            if name.startswith(prefixes):
                ns = int((comm.parent / "schedstat").read_text().split()[0])
                total += ns
                sqpoll += ns if name.startswith(SQPOLL_COMM) else 0
        except (OSError, ValueError):
            pass  # the task ended meanwhile
    return total, sqpoll


def sample(dev: str, rw: str, prefixes: tuple[str, ...]) -> Sample:
    return Sample(time.monotonic_ns(), busy_ns(), ios_done(dev, rw), *task_ns(prefixes),
                  time_in_queue_ms(dev))


# --- engines ---------------------------------------------------------------


class Variant(NamedTuple):
    base: str  # ssdk, bare, fio-io_uring, t-io_uring...
    batch: bool
    poll: bool  # polled completions: --polled, hipri, t/io_uring -p 1
    sqpoll: bool  # fio's sqthread_poll: a kernel thread polls the SQ ring
    runs: bool  # ssdk's workers as runs of their own, not one run of several
    raw: bool  # on a file's device: the block device beneath, not the file
    anatomy: bool  # ssdk with --anatomy: every IO's stages timed


def variant(engine: str) -> Variant:
    """An engine's name without its variants, and whether it batches and polls:
    ssdk-batch, bare-poll, fio-io_uring-batch, fio-io_uring-sqpoll, ssdk-raw,
    ssdk-anatomy..."""
    batch = poll = sqpoll = runs = raw = anatomy = False
    while engine.endswith(("-batch", "-poll", "-sqpoll", "-runs", "-raw", "-anatomy")):
        engine, suffix = engine.rsplit("-", 1)
        batch |= suffix == "batch"
        poll |= suffix == "poll"
        sqpoll |= suffix == "sqpoll"
        runs |= suffix == "runs"
        raw |= suffix == "raw"
        anatomy |= suffix == "anatomy"
    return Variant(engine, batch, poll, sqpoll, runs, raw, anatomy)


def sqpoll_cpu() -> int:
    """Where fio's SQ poller runs: on a CPU of its own where the guest has
    one (tcg: CPU 1, the job on CPU 0), as SQPOLL is meant to be used; with
    fio spinning on the CQ ring and the poller on the SQ ring, on one CPU
    the two would take turns at the scheduler's slices. Under icount there
    is only CPU 0."""
    return 1 if (os.cpu_count() or 1) > 1 else 0


def in_module(engine: str) -> bool:
    """ssdk and its bare loop: the engines that are the module."""
    return variant(engine).base in ("ssdk", "bare")


def task_prefixes(engine: str) -> tuple[str, ...]:
    """The names (comm) of an engine's tasks. io_uring's own threads count
    for the engine that made the ring: its SQ poller (iou-sqp-PID) and its
    io-wq workers (iou-wrk-PID), which run what cannot be issued inline."""
    if in_module(engine):
        return ("ssdk/",)
    own = "t-io_uring" if engine.startswith("t-io_uring") else "fio"
    return (own, SQPOLL_COMM, "iou-wrk-")


def batch_of(qd: int) -> int:
    """The batch of a batched case: the whole depth, as much as a plug holds."""
    return min(qd, 32)


def fio_args(case: Case, ramp: float, runtime: float, out: str) -> list[str]:
    base, batch, poll, sqpoll, _, _, _ = variant(case.engine)
    engine = base.removeprefix("fio-")
    args = ["fio", "--name=bench", f"--filename={case.device.path}", "--direct=1",
            f"--rw={case.rw}", "--bs=4k", f"--ioengine={engine}", f"--iodepth={case.qd}",
            "--norandommap", "--randrepeat=0", "--time_based",
            f"--ramp_time={int(ramp * 1000)}ms", f"--runtime={int(runtime * 1000)}ms",
            "--lat_percentiles=1", "--percentile_list=50:99",
            "--output-format=json", f"--output={out}"]
    if engine == "io_uring":
        args += ["--fixedbufs=1", "--registerfiles=1", f"--hipri={int(poll)}"]
    if "write" in case.rw:
        # A buffer filled once, as ssdk's --pattern zeros: no per-IO
        # scrambling (fio's default), no fresh data.
        args += ["--zero_buffers=1"]
    if sqpoll:
        # No io_uring_enter() to submit: the poller submits; fio spins on
        # the CQ ring for completions (fio 3.33's getevents with sqthread_poll).
        args += ["--sqthread_poll=1", f"--sqthread_poll_cpu={sqpoll_cpu()}"]
    if batch:
        # Submit a batch at once, and wait for as many completions.
        args += [f"--iodepth_batch_submit={batch_of(case.qd)}",
                 f"--iodepth_batch_complete_min={batch_of(case.qd)}"]
    if case.workers > 1:
        args += [f"--numjobs={case.workers}", "--group_reporting",
                 f"--cpus_allowed=0-{case.workers - 1}", "--cpus_allowed_policy=split"]
    else:
        args += ["--cpus_allowed=0"]
    return args


def t_io_uring_args(case: Case) -> list[str]:
    """t/io_uring (fio 3.33's options, every one given): depth, submit and
    complete batches of min(QD, 32) as ssdk's --batch, polled or not, fixed
    buffers, registered files and ring, one thread, O_DIRECT, random 4 KiB
    reads over the whole device, no latency tracking (its peak setting;
    none reported), no runtime limit (stopped with SIGINT)."""
    b = str(batch_of(case.qd))
    poll = str(int(variant(case.engine).poll))
    return [T_IO_URING, "-d", str(case.qd), "-s", b, "-c", b, "-p", poll, "-B", "1", "-F", "1",
            "-X", "1", "-D", "0", "-n", "1", "-O", "1", "-R", "1", "-b", "4096", "-t", "0",
            "-a", "0", "-S", "0", "-N", "0", "-P", "0", "-u", "0", "-r", "0", "--",
            case.device.path]


def t_io_uring_iops(path: str) -> float | None:
    """The last of the IOPS t/io_uring prints once a second (IOPS=135.45K),
    none in a run shorter than a second."""
    last = None
    for line in Path(path).read_text().splitlines():
        if line.startswith("IOPS="):
            last = line.split(",", 1)[0].removeprefix("IOPS=")
    if last is None:
        return None
    scale = {"K": 1e3, "M": 1e6}.get(last[-1], 1.0)
    return float(last.rstrip("KM")) * scale


def op_key(rw: str) -> str:
    """The op whose figures fio and ssdk report: read or write."""
    return "write" if "write" in rw else "read"


def fio_latency(path: str, rw: str) -> dict[str, float | None]:
    text = Path(path).read_text()
    r = json.loads(text[text.index("{"):])["jobs"][0][op_key(rw)]  # after fio's own notes
    lat = r["lat_ns"]
    pct = lat.get("percentile", {})
    return {"mean": lat["mean"], "p50": pct.get("50.000000"), "p99": pct.get("99.000000"),
            "iops_reported": r["iops"]}


def ssdk_start(case: Case, ramp: float, runtime: float, cpus: list[int]) -> int:
    """A run of a worker per CPU of CPUS (one run of several workers): on a
    block device with the bio engine, on a file with kfile (its device
    beneath with bio for a -raw variant); writes write zeros (a buffer
    filled once, as fio's zero_buffers); -anatomy times every IO's stages."""
    _, batch, poll, _, _, raw, anatomy = variant(case.engine)
    extra = ((["--batch", str(batch_of(case.qd))] if batch else []) +
             (["--polled"] if poll else []) + (["--anatomy"] if anatomy else []))
    where = (["--cpu", str(cpus[0])] if len(cpus) == 1 else
             ["--workers", str(len(cpus)), "--cpus", ",".join(map(str, cpus))])
    dev = case.device
    target = (["--target", dev.blockdev] if raw else
              ["--target", dev.path, "--engine", "kfile"] if dev.file else ["--target", dev.path])
    if "write" in case.rw:
        extra += ["--allow-write", "--pattern", "zeros"]
    out = sh(SSDK, "-j", "ctl", "start", *target, "--rw", case.rw,
             "--bs", "4k", "--iodepth", str(case.qd), "--ramp", f"{int(ramp * 1e6)}us",
             "--runtime", f"{int(runtime * 1e6)}us", *where, *extra)
    return int(json.loads(out)["id"])


def ssdk_finish(ids: list[int], rw: str) -> dict[str, float | None]:
    """Wait for the runs; merge their latencies (mean weighted by IOs; p50/p99
    of run 1), and what measuring costs as the first run calibrated it."""
    ios = 0
    lat_sum = 0.0
    iops = 0.0
    first: dict[str, Any] = {}
    overhead = None
    for i in ids:
        sh(SSDK, "ctl", "wait", "--timeout", "600s", str(i))
        j = json.loads(sh(SSDK, "-j", "ctl", "results", str(i)))
        sh(SSDK, "ctl", "delete", str(i))
        if overhead is None:
            overhead = j.get("measurement_overhead_ns")
        r = j[op_key(rw)]
        ios += r["ios"]
        iops += r["iops"]
        if r["ios"]:
            lat_sum += r["lat_ns"]["mean"] * r["ios"]
            first = first or r["lat_ns"]
    if not ios:  # the bare module measures nothing
        return {"mean": None, "p50": None, "p99": None, "iops_reported": None,
                "measurement_overhead_ns": None}
    pct = first["percentiles"]
    return {"mean": lat_sum / ios, "p50": pct["50.000000"], "p99": pct["99.000000"],
            "iops_reported": iops, "measurement_overhead_ns": overhead}


def load_module(bare: bool) -> None:
    repo, kernel = os.environ["SSDK_REPO"], os.environ["SSDK_KERNEL"]
    ko = f"{repo}/build/{kernel}-bare/kmod/ssdk_bare.ko" if bare else \
        f"{repo}/build/{kernel}/kmod/ssdk.ko"
    for name in ("ssdk", "ssdk_bare"):
        subprocess.run(["rmmod", name], check=False, capture_output=True)
    subprocess.run(["insmod", ko], check=True)
    # libssdk refuses runs on the bare build unless told that this is its use.
    if bare:
        os.environ["SSDK_ALLOW_BARE"] = "1"
    else:
        os.environ.pop("SSDK_ALLOW_BARE", None)
    version = json.loads(sh(SSDK, "-j", "ctl", "info"))["version"]
    if version.endswith("-bare") != bare:
        sys.exit(f"bench: {ko} reports version {version}")


class EngineFailed(Exception):
    """An engine did not run its case."""


def wait_io(dev: str, rw: str, before: int, what: str,
            proc: subprocess.Popen[bytes] | None = None) -> None:
    """Wait for the engine's first IOs: its start-up is not part of the window."""
    deadline = time.monotonic() + 120
    while ios_done(dev, rw) == before:
        if time.monotonic() > deadline:
            raise EngineFailed(f"{what} did no IO on {dev} in 120 s")
        if proc is not None and proc.poll() is not None:
            raise EngineFailed(f"{what} ended (exit {proc.returncode}) before any IO on {dev}")
        time.sleep(0.005)


def run_case(case: Case, ramp: float, window: float) -> dict[str, Any]:
    """Start the engine, measure a window after its ramp, stop it, read its results."""
    runtime = 600.0  # stopped after the window
    fio = case.engine.startswith("fio-")
    tio = case.engine.startswith("t-io_uring")
    prefixes = task_prefixes(case.engine)
    out = "/run/bench-fio.json" if fio else "/run/bench-t-io_uring.out"
    disk = case.device.disk
    before = ios_done(disk, case.rw)
    if fio:
        proc = subprocess.Popen(fio_args(case, ramp, runtime, out),
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    elif tio:
        # One thread on CPU 0, like every one-worker engine (it pins nothing
        # itself); taskset execs it, so its tasks keep its name.
        with open(out, "w") as log:
            proc = subprocess.Popen(["taskset", "-c", "0", *t_io_uring_args(case)], stdout=log,
                                    stderr=subprocess.STDOUT)
    else:
        proc = None
        cpus = list(range(case.workers))
        ids = ([ssdk_start(case, ramp, runtime, [cpu]) for cpu in cpus]
               if variant(case.engine).runs else [ssdk_start(case, ramp, runtime, cpus)])
    try:
        wait_io(disk, case.rw, before, case.engine, proc)
    except EngineFailed as e:
        if proc is not None and proc.poll() is None:
            proc.kill()
            proc.wait()
        said = Path(out).read_text()[-2000:] if tio else ""
        raise EngineFailed(f"{e}\n{said}") from None
    time.sleep(ramp)
    a = sample(disk, case.rw, prefixes)
    time.sleep(window)
    b = sample(disk, case.rw, prefixes)
    if proc is not None:
        proc.send_signal(signal.SIGINT)  # both report what they did so far
        try:
            proc.wait(timeout=120)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
            raise EngineFailed(f"{case.engine} did not stop on SIGINT in 120 s") from None
        # fio exits with 128 after SIGINT, its report written; t/io_uring with 0.
        if tio and proc.returncode:
            raise EngineFailed(f"{case.engine} failed (exit {proc.returncode})\n"
                               + Path(out).read_text()[-2000:])
        lat = fio_latency(out, case.rw) if fio else {"mean": None, "p50": None, "p99": None,
                                                      "iops_reported": t_io_uring_iops(out)}
    else:
        for i in ids:
            sh(SSDK, "ctl", "stop", str(i))
        lat = ssdk_finish(ids, case.rw)
    overhead = lat.pop("measurement_overhead_ns", None)
    ios = b.ios - a.ios
    return {
        "engine": case.engine, "device": case.device.name, "rw": case.rw, "qd": case.qd,
        "workers": case.workers,
        "iops": ios * 1e9 / (b.t_ns - a.t_ns),
        # The queue the device had over the window, whatever the engine.
        "device_qd": (b.queue_ms - a.queue_ms) * 1e6 / (b.t_ns - a.t_ns),
        "cpu_ns_per_io": (b.busy_ns - a.busy_ns) / ios if ios else None,
        "task_ns_per_io": (b.task_ns - a.task_ns) / ios if ios else None,
        # Already in task_ns_per_io: the SQ poller's share, and where it ran.
        **({"sqpoll_ns_per_io": (b.sqpoll_ns - a.sqpoll_ns) / ios if ios else None,
            "sqpoll_cpu": sqpoll_cpu()} if variant(case.engine).sqpoll else {}),
        "iops_reported": lat.pop("iops_reported"),
        "lat_ns": lat,
        # ssdk's own figure of what its measurement costs per IO (calibrated
        # by the worker at start; none for the bare loop and the peers).
        **({"measurement_overhead_ns": overhead} if overhead is not None else {}),
    }


# --- the matrix ---------------------------------------------------------------


def add(out: list[Case], engines: list[str], dev: Device, qds: list[int],
        rw: str = "randread") -> None:
    """A case per engine and QD, one worker; a batch only above QD1."""
    for engine in engines:
        for qd in qds:
            if engine == "fio-psync" and qd > 1:
                continue  # a synchronous engine has one IO in flight
            if variant(engine).batch and qd == 1:
                continue  # a batch of one is no batch
            out.append(Case(engine, dev, qd, 1, rw))


def cases(devs: list[Device], multi_cpu: bool, quick: bool, rows: bool) -> list[Case]:
    """Every case on DEVS; ROWS: the kfile row (on a file's device) and the
    write row, which price software (icount only)."""
    out: list[Case] = []
    mains = ["ssdk", "bare", "fio-io_uring"]
    batched = [*mains, *(f"{e}-batch" for e in mains)]
    tio = Path(T_IO_URING).exists()
    for dev in devs:
        if dev.file:
            # The kfile row: ssdk's kfile engine on the file against fio and
            # t/io_uring on the same file; and ssdk on the device beneath
            # (ssdk-raw, the bio engine): kfile - raw is the filesystem.
            add(out, [*batched, *(["t-io_uring"] if tio else []), "ssdk-raw"], dev, [1, 32])
            continue
        qds = [1, 32] if quick or dev.name != "nullb-irq0" else [1, 8, 32]
        # Each with the same batching and polling: ssdk, its bare loop, fio.
        engines = list(batched)
        if dev.poll:
            engines += [f"{e}-poll" for e in mains]
        engines.append("fio-io_uring-sqpoll")
        # What --anatomy costs: ssdk with every IO's stages timed.
        engines.append("ssdk-anatomy")
        # fio's peak-IOPS tool, always batched (min(QD, 32)), polled where it can.
        if tio:
            engines += ["t-io_uring", *(["t-io_uring-poll"] if dev.poll else [])]
        if not quick:
            engines += ["fio-libaio", "fio-psync"]
        add(out, engines, dev, qds)
        if rows and dev.name == "nullb-irq0":
            # The write row: 4 KiB random writes (t/io_uring 3.33 only reads).
            add(out, batched, dev, [1, 32], "randwrite")
        if multi_cpu and dev.name == "nullb-irq0":
            for engine in ("ssdk", "bare", "fio-io_uring"):
                out += [Case(engine, dev, 8, 1), Case(engine, dev, 8, 2)]
            # Two workers as one run (the default) and as two runs.
            out += [Case(f"{e}-runs", dev, 8, 2) for e in ("ssdk", "bare")]
    # Each module's cases together: swapping modules once per repetition.
    order = {"ssdk": 0, "bare": 1}
    return sorted(dict.fromkeys(out), key=lambda c: order.get(variant(c.engine).base, 2))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--out", required=True)
    ap.add_argument("--mode", required=True, choices=["icount", "tcg"])
    ap.add_argument("--reps", type=int, help="repetitions (icount: 1, tcg: 3)")
    ap.add_argument("--ramp", type=float, default=0.2)
    ap.add_argument("--window", type=float, help="seconds measured (icount: 0.5, tcg: 1)")
    ap.add_argument("--timer-ns", type=int, default=20000)
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--devices",
                    help="comma-separated subset of nullb-irq0,nullb-timer,nvme,ext4-nullb")
    ap.add_argument("--rw", help="randread or randwrite: only that row's cases")
    ap.add_argument("--engines", help="comma-separated subset of the engines")
    ap.add_argument("--wbt-off", action="store_true",
                    help="turn writeback throttling off on every device (it accounts reads too)")
    a = ap.parse_args()
    # icount is deterministic: one short repetition says it all. Wall-clock
    # TCG is noisy: longer windows, repeated, interleaved.
    a.reps = a.reps or (1 if a.mode == "icount" else 3)
    a.window = a.window or (0.5 if a.mode == "icount" else 1.0)

    # ssdk itself lays the kfile row's file out.
    load_module(False)
    # The kfile and write rows price software: icount only.
    rows = a.mode == "icount"
    devs = devices(a.timer_ns, a.devices.split(",") if a.devices else None, rows)
    if a.wbt_off:
        for d in devs:
            wbt = sysfs_block(d.disk) / "queue/wbt_lat_usec"
            if wbt.exists():
                wbt.write_text("0")
    if not Path(T_IO_URING).exists():
        print(f"bench: {T_IO_URING} is missing (scripts/bench/t-io_uring builds it): "
              "no t-io_uring cases", file=sys.stderr)
    todo = cases(devs, (os.cpu_count() or 1) > 1, a.quick, rows)
    if a.devices:
        todo = [c for c in todo if c.device.name in a.devices.split(",")]
    if a.engines:
        todo = [c for c in todo if c.engine in a.engines.split(",")]
    if a.rw:
        todo = [c for c in todo if c.rw == a.rw]
    kernel = os.environ.get("SSDK_KERNEL_RELEASE", os.uname().release)
    with open(a.out, "w") as f:
        for rep in range(a.reps):
            loaded: bool | None = None
            for case in todo:
                base = variant(case.engine).base
                if in_module(case.engine) and loaded != (base == "bare"):
                    loaded = base == "bare"
                    load_module(loaded)
                try:
                    r = run_case(case, a.ramp, a.window)
                except EngineFailed as e:
                    # t/io_uring, built from source, may meet a kernel without
                    # what it uses: its case is left out, the others run.
                    if not case.engine.startswith("t-io_uring"):
                        sys.exit(f"bench: {e}")
                    print(f"bench: {case.engine} {case.device.name} qd{case.qd} left out: {e}",
                          file=sys.stderr)
                    continue
                r.update({"mode": a.mode, "kernel": kernel, "rep": rep, "window_s": a.window})
                f.write(json.dumps(r) + "\n")
                f.flush()
                print(f"bench: {case.engine:<18} {case.device.name:<11} {case.rw:<9} qd{case.qd:<2} "
                      f"w{case.workers} {r['iops']:9.0f} IOPS", file=sys.stderr)
    load_module(False)


if __name__ == "__main__":
    main()
