# SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause
"""Jobs of fio's files run through the module: each job's runs (numjobs of
them, side by side, each ``offset_increment`` further) as ``ssdk -j ctl
run`` commands, the jobs of a group side by side, a stonewall ending the
group. A job names its target (``filename``): a block device runs bios,
a regular file kfile (made first, as fio lays its file out, when it is
shorter than the job's span); a job without one uses fio's own name,
``JOB.N.0`` in the working directory. Every run is checked (its dry run)
before the first starts."""

from __future__ import annotations

import errno
import json
import os
import signal
import stat
import subprocess
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .keys import Translated

EXIT_USAGE = 2  # the CLI's, for what a job asks that cannot be


class RunError(RuntimeError):
    """A run ssdk refused or that failed: its job, the CLI's words and exit status."""

    def __init__(self, msg: str, status: int):
        super().__init__(msg)
        self.status = status


@dataclass
class Run:
    """One run of a job (one of its numjobs): its ctl run command line."""

    job: Translated
    index: int
    argv: list[str]
    result: dict[str, Any] | None = None
    status: int = 0
    stderr: str = ""

    @property
    def target(self) -> str:
        """What its command line targets: the device or file."""
        return self.argv[self.argv.index("--target") + 1]


@dataclass
class Group:
    """Jobs that run side by side: the runs of each, started together."""

    jobs: list[Translated] = field(default_factory=list)
    runs: list[Run] = field(default_factory=list)


def _is_block(path: str) -> bool:
    try:
        return stat.S_ISBLK(os.stat(path).st_mode)
    except OSError:
        return False


def _file_size(path: str) -> int:
    try:
        return os.stat(path).st_size
    except OSError:
        return -1


def _span_end(t: Translated) -> int:
    """The bytes the job's span needs of a file: offset + span (0: none said)."""
    for i, a in enumerate(t.argv[:-1]):
        if a == "--span":
            return t.offset + int(t.argv[i + 1])
    return 0


def _size_of(path: str) -> int:
    """A block device's or a file's size (0 when it cannot be opened)."""
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return 0
    try:
        return os.lseek(fd, 0, os.SEEK_END)
    finally:
        os.close(fd)


def _one_pass(t: Translated, target: str, k: int) -> int:
    """fio's end of a job that names no amount: one pass over its span (its
    size, else the target from its offset), at its block size: an IO count."""
    bs = int(t.argv[t.argv.index("--bs") + 1]) if "--bs" in t.argv else 4096
    end = _span_end(t)
    span = end - t.offset if end else _size_of(target) - t.offset - k * t.offset_increment
    return max(span // bs, 1)


# fio's engines ssdk has in userspace (ssdk compare's), for --keep-ioengine.
USER_ENGINES = {"libaio": "libaio", "io_uring": "uring", "psync": "psync", "sync": "psync",
                "pvsync": "psync"}


def _fs_device(path: str) -> str:
    """The block device (a partition: itself) of the filesystem *path* is on."""
    st = os.stat(os.path.dirname(os.path.abspath(path)) if not os.path.exists(path) else path)
    link = f"/sys/dev/block/{os.major(st.st_dev)}:{os.minor(st.st_dev)}"
    if not os.path.exists(link):
        raise OSError(errno.ENODEV, "its filesystem is on no block device")
    return f"/dev/{os.path.basename(os.path.realpath(link))}"


def _keep(t: Translated, target: str) -> list[str]:
    """ssdk compare's command line of the job through ssdk's userspace engine
    of fio's: the raw one on a device, the file's on a file (with its
    filesystem's device)."""
    eng = USER_ENGINES.get(t.engine)
    if eng is None:
        raise RunError(f"job {t.name}: --keep-ioengine: ssdk has no {t.engine} in userspace"
                       f" ({', '.join(USER_ENGINES)})", EXIT_USAGE)
    if _is_block(target):
        return ["compare", "-q", "--target", target, "--engines", f"{eng}-raw"]
    try:
        dev = _fs_device(target)
    except OSError as e:
        raise RunError(f"job {t.name}: {target}: {e.strerror}", EXIT_USAGE) from None
    return ["compare", "-q", "--target", dev, "--file", target, "--engines", eng]


def run_argv(t: Translated, k: int, allow_write: bool, keep: bool = False) -> list[str]:
    """Run *k* (of numjobs) of job *t*: ctl run's command line after ``-j``
    (*keep*: compare's, through ssdk's userspace engine of the job's)."""
    target = t.target if t.target is not None else \
        f"{t.directory.rstrip('/') + '/' if t.directory else ''}{t.name}.{k}.0"
    if keep and t.command == "run":
        argv = _keep(t, target)
    else:
        argv = ["ctl", t.command, "-q", "--target", target]
    if _is_block(target) and "--buffered" in t.argv:
        raise RunError(f"job {t.name}: direct=0 on the block device {target}: ssdk's IO to a"
                       " device is bios, without the page cache (direct=1, or a file)",
                       EXIT_USAGE)
    if not _is_block(target) and argv[0] == "ctl":
        argv += ["--engine", "kfile"]
        need = _span_end(t) + k * t.offset_increment
        if need and _file_size(target) < need:
            argv += ["--file-size", str(need)]
    argv += t.argv
    if t.offset_increment and k:
        off = t.offset + k * t.offset_increment
        if "--offset" in argv:
            argv[argv.index("--offset") + 1] = str(off)
        else:
            argv += ["--offset", str(off)]
    if t.command == "run" and t.to_end and "--ios" not in argv:
        argv += ["--ios", str(_one_pass(t, target, k))]
    if allow_write:
        argv.append("--allow-write")
    return argv


_WRITES = ("write", "randwrite", "readwrite", "randrw")


def _as_workers(t: Translated, argv: list[str]) -> list[str]:
    """numjobs clones alike (no offset_increment) as one run of that many
    workers: each its own iodepth and draws over the span, as fio's clones
    are; a count of IOs is each clone's, so the run's is that many times."""
    out = [*argv, "--workers", str(t.numjobs)]
    if "--ios" in out:
        i = out.index("--ios") + 1
        out[i] = str(int(out[i]) * t.numjobs)
    return out


def _writes(argv: Sequence[str]) -> bool:
    return "--rw" in argv and argv[list(argv).index("--rw") + 1] in _WRITES


def groups(jobs: Sequence[Translated], allow_write: bool, keep: bool = False) -> list[Group]:
    """The jobs in groups (a stonewall starts a new one), each job's runs:
    one of numjobs workers, or one a clone when each has its own offset or
    its own file.
    RunError when two runs of a group would write one target side by side
    (the module gives a writing run its target to itself)."""
    out: list[Group] = []
    for t in jobs:
        if not out or t.stonewall:
            out.append(Group())
        g = out[-1]
        g.jobs.append(t)
        # clones of one target (it named it) as one run's workers; clones of
        # fio's own file names each their own file, as fio's
        if t.numjobs > 1 and not t.offset_increment and t.target is not None and not keep:
            g.runs.append(Run(t, 0, _as_workers(t, run_argv(t, 0, allow_write))))
        else:
            g.runs += [Run(t, k, run_argv(t, k, allow_write, keep)) for k in range(t.numjobs)]
    for g in out:
        seen: dict[str, Run] = {}
        for r in g.runs:
            other = seen.setdefault(os.path.realpath(r.target), r)
            if other is not r and (_writes(r.argv) or _writes(other.argv)):
                a = other.job.name + (f" #{other.index}" if other.job.numjobs > 1 else "")
                b = r.job.name + (f" #{r.index}" if r.job.numjobs > 1 else "")
                raise RunError(f"jobs {a} and {b} write {r.target} side by side: ssdk's writes"
                               " need their target to themselves (a stonewall between them,"
                               " or numjobs without offset_increment: one run of that many"
                               " workers)", EXIT_USAGE)
    return out


def check(cli: str, gs: Sequence[Group]) -> None:
    """Every run's dry run, before the first starts: RunError with the first
    refusal, its job and the CLI's words."""
    for g in gs:
        for r in g.runs:
            p = subprocess.run([cli, "-j", *r.argv, "--dry-run"], capture_output=True,
                               text=True, errors="replace", stdin=subprocess.DEVNULL,
                               check=False)
            if p.returncode:
                said = (p.stderr.strip() or p.stdout.strip()).rpartition("\n")[2]
                raise RunError(f"job {r.job.name}: {said.removeprefix('ssdk: ')}",
                               p.returncode if p.returncode > 0 else 1)


def _result(r: Run, doc: dict[str, Any]) -> dict[str, Any]:
    """A run's JSON: ctl's, or its engine's of compare's."""
    if r.argv[0] == "compare":
        engine = r.argv[r.argv.index("--engines") + 1]
        out: dict[str, Any] = doc["results"][engine]
        return out
    return doc


def _start(cli: str, r: Run, delay_s: float) -> subprocess.Popen[str]:
    if delay_s > 0:
        time.sleep(delay_s)
    return subprocess.Popen([cli, "-j", *r.argv], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, errors="replace",
                            stdin=subprocess.DEVNULL)


def run_group(cli: str, g: Group) -> None:
    """The group's runs side by side (each job after its startdelay), until
    they end; Ctrl-C reaches each (it stops its run: results partial). A
    job's write_iolog is recorded around its run and written after it."""
    import tempfile
    with tempfile.TemporaryDirectory(prefix="ssdk-fio-") as tmp:
        recs = [Recorder(cli, r, tmp) for r in g.runs if r.job.write_iolog]
        try:
            _run_group(cli, g)
        finally:
            for rec in recs:
                rec.stop()
        for rec in recs:
            rec.write()


def _run_group(cli: str, g: Group) -> None:
    t0 = time.monotonic()
    procs: list[tuple[Run, subprocess.Popen[str]]] = []
    try:
        for r in sorted(g.runs, key=lambda r: r.job.startdelay_us):
            procs.append((r, _start(cli, r, r.job.startdelay_us / 1e6 - (time.monotonic()
                                                                          - t0))))
        _collect(procs)
    except KeyboardInterrupt:
        for _, p in procs:
            if p.poll() is None:
                p.send_signal(signal.SIGINT)
        _collect(procs)
        raise


def _collect(procs: Sequence[tuple[Run, subprocess.Popen[str]]]) -> None:
    """Each run's end: its exit status, its words and its JSON."""
    for r, p in procs:
        out, err = p.communicate()
        r.status, r.stderr = p.returncode, err
        if out.strip():
            r.result = _result(r, json.loads(out))


# /sys/block/DISK/stat's fields fio's disk_util reads (Documentation/block/stat.rst).
_STAT = {"read_ios": 0, "read_merges": 1, "read_ticks": 3, "write_ios": 4, "write_merges": 5,
         "write_ticks": 7, "io_ticks": 9, "in_queue": 10}


class Disks:
    """The block devices the runs target, their counters read at the start
    and, by util(), at the end: fio's disk_util."""

    def __init__(self, gs: Sequence[Group]):
        self.names = sorted({os.path.basename(os.path.realpath(r.target)) for g in gs
                             for r in g.runs if _is_block(r.target)})
        self.t0 = time.monotonic()
        self.before = {n: self._stat(n) for n in self.names}

    @staticmethod
    def _stat(name: str) -> list[int] | None:
        try:
            return [int(x) for x in Path(f"/sys/block/{name}/stat").read_text().split()]
        except (OSError, ValueError):
            return None

    def util(self) -> list[dict[str, Any]]:
        ms = max((time.monotonic() - self.t0) * 1000, 1.0)
        out = []
        for n in self.names:
            a, b = self.before[n], self._stat(n)
            if a is None or b is None or len(b) < 11:
                continue
            d = {k: b[i] - a[i] for k, i in _STAT.items()}
            out.append({"name": n, "read_ios": d["read_ios"], "write_ios": d["write_ios"],
                        "read_merges": d["read_merges"], "write_merges": d["write_merges"],
                        "read_ticks": d["read_ticks"], "write_ticks": d["write_ticks"],
                        "in_queue": d["in_queue"],
                        "util": min(100.0, 100.0 * d["io_ticks"] / ms)})
        return out


# --- write_iolog: the job's IOs, recorded ------------------------------------------

READY_S = 10.0  # how long the recorder may take to set its tracing up


def check_iologs(gs: Sequence[Group]) -> None:
    """A job that writes an iolog is on a block device, alone on it in its
    group (the recording is the device's): RunError otherwise."""
    for g in gs:
        for r in g.runs:
            if not r.job.write_iolog:
                continue
            if not _is_block(r.target):
                raise RunError(f"job {r.job.name}: write_iolog records a block device's IOs:"
                               f" {r.target} is none", EXIT_USAGE)
            others = [o for o in g.runs if o is not r and os.path.realpath(o.target) ==
                      os.path.realpath(r.target)]
            if others:
                raise RunError(f"job {r.job.name}: write_iolog records all of {r.target}'s IOs:"
                               " the job alone on it in its group", EXIT_USAGE)


class Recorder:
    """``ssdk trace record`` of a job's device while its runs go, then the
    IOs written as fio's iolog 3 (its timestamps in microseconds)."""

    def __init__(self, cli: str, r: Run, tmp: str):
        self.r = r
        self.target = r.target
        self.err = ""  # the recorder's words, once it has ended
        self.raw = os.path.join(tmp, f"{r.job.name}.{r.index}.blktrace")
        self.proc = subprocess.Popen([cli, "trace", "record", "--target", self.target,
                                      "--out", self.raw], stdout=subprocess.DEVNULL,
                                     stderr=subprocess.PIPE, text=True,
                                     stdin=subprocess.DEVNULL)
        enable = Path(f"/sys/block/{os.path.basename(os.path.realpath(self.target))}"
                      "/trace/enable")
        end = time.monotonic() + READY_S
        while time.monotonic() < end and self.proc.poll() is None:
            try:
                if enable.read_text().strip() == "1":
                    return
            except OSError:
                pass
            time.sleep(0.01)
        self.stop()
        raise RunError(f"job {self.r.job.name}: write_iolog: ssdk trace record of {self.target}"
                       f" did not start ({self.err.strip() or 'no tracing after 10 s'})", 1)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
        _, self.err = self.proc.communicate()

    def write(self) -> None:
        """The recorded IOs as fio's iolog 3 at the job's write_iolog."""
        from ..files import write_whole
        from ..trace import ios
        got = [io for io in ios(self.raw) if io.op in ("read", "write")]
        t0 = got[0].t_ns if got else 0
        name = self.target
        lines = ["fio version 3 iolog", f"0 {name} add", f"0 {name} open"]
        lines += [f"{(io.t_ns - t0) // 1000} {name} {io.op} {io.offset} {io.len}" for io in got]
        last = (got[-1].t_ns - t0) // 1000 if got else 0
        lines.append(f"{last} {name} close")
        write_whole(Path(self.r.job.write_iolog), "\n".join(lines) + "\n")
