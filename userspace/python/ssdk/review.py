# SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause
"""ssdk review: a suite (ssdk.suite) run whole on one device.

Its steps are expanded (those after the filesystem step once per
filesystem), each made into the command line of an ssdk command, and
every one of them checked against the target (its command's own dry run,
the filesystem tools' dry runs) before the first writes anything. Then
each runs as ``ssdk -j COMMAND ...`` printing JSON into the review's
directory, where the review keeps its record (review.json) after every
step, so that a stopped review continues from its next step (--resume).
The review composes the CLI's commands; it runs no workload itself
(Documentation/suites.rst)::

    DIR/suite.ini        the suite as run
    DIR/conditions.json  kernel, ssdk, the device, the filesystems' tools
    DIR/review.json      every step: its command, how it went, its
                         time, the disk's counters over it; the table
    DIR/NN-step.json     each step's results, as its command prints them
    DIR/smart-NN.json    smartctl's JSON of the disk before and after step NN
    DIR/temp-NN.json     the disk's temperature over step NN, sampled
    DIR/summary.txt      the table, as the terminal shows it; .csv too
    DIR/report.html      ssdk.report's page, when matplotlib is there

Users type ``ssdk review``: the CLI runs ``ssdk-review`` for a command it
does not have (as git runs git-NAME).
"""

from __future__ import annotations

import argparse
import contextlib
import ctypes
import datetime
import errno
import io
import json
import os
import platform
import re
import signal
import stat
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import Any, NoReturn

from . import health
from . import suite as suite_mod
from .compare import cli_path
from .controller import device_disk
from .files import write_whole
from .results import Results, load
from .review_table import (
    IO_FIELDS,
    IO_NAMES,
    Record,
    Row,
    Summary,
    csv,
    fmt_elapsed,
    json_number,
    rows_read,
    text,
    to_json,
)
from .roundup import runs_of
from .suite import Kind, Step, Suite
from .units import parse_duration_ns, parse_size

PROG = "ssdk-review"
EXIT_RUNTIME, EXIT_USAGE, EXIT_SIGINT = 1, 2, 130

MAX_STEPS = suite_mod.MAX_STEPS * 2
MAX_FS = 5  # each kind once
MAX_PATTERNS = 4  # --patterns: the data a step that writes writes, a run of it each
# The rw of a step that writes (the spec's rw names): --patterns repeat it.
WRITES: frozenset[str] = frozenset({"write", "randwrite", "rw", "randrw"})
# Room for a step's command line's strings (its argv's bytes, NULs counted).
ARGS_ROOM = 4096
# Quick scale: every measuring step this long, over at most this span.
QUICK_RUNTIME = "2s"
QUICK_SPAN = 1 << 30
# What the progress says of the steps whose time is not known.
UNTIMED_NOTE = ", and steps that take the drive's time (filesystems, fills)"
# The seed of the test file's data (its bytes only: no run's offsets).
LAYOUT_SEED = 1
# The test file of a filesystem, at the root of its mount.
TEST_FILE = "ssdk-review.dat"


class Refused(Exception):
    """A refusal: its message (said as "ssdk: MESSAGE") and exit status."""

    def __init__(self, message: str, status: int = EXIT_RUNTIME):
        super().__init__(message)
        self.status = status


def usage(message: str) -> Refused:
    return Refused(message, EXIT_USAGE)


def say(message: str) -> None:
    print(f"ssdk: {message}", file=sys.stderr, flush=True)


# --- filesystems ----------------------------------------------------------------------------

@dataclass(frozen=True)
class FsKind:
    """What ssdk knows of a filesystem: its tool, the tool's options that make
    it whole without discarding (which would purge the drive) and without
    asking, its dry-run option (None: none), its version option, and the
    options of every mount (no atime updates; for ext4 no inode tables
    initialised and no bitmaps read behind the runs)."""

    name: str
    mkfs: str
    args: str
    dry: str | None
    version: str
    mount_options: str
    package: str
    # The kernel's drivers of it, the first the kernel has taken: NTFS is
    # ntfs3 up to 6.x, the read-write ntfs driver after it.
    drivers: tuple[str, ...] = ()


FS_KINDS: tuple[FsKind, ...] = (
    FsKind("ext4", "mkfs.ext4", "-q -F -E nodiscard,lazy_itable_init=1,lazy_journal_init=1",
           "-n", "-V", "noatime,noinit_itable,no_prefetch_block_bitmaps", "e2fsprogs"),
    FsKind("xfs", "mkfs.xfs", "-q -f -K", "-N", "-V", "noatime", "xfsprogs"),
    FsKind("btrfs", "mkfs.btrfs", "-q -f -K", None, "--version", "noatime", "btrfs-progs"),
    # Windows' NTFS through the kernel's driver (not ntfs-3g's FUSE one):
    # mkntfs quick (no zeroing of the device, no discard), its dry run -n.
    FsKind("ntfs", "mkfs.ntfs", "-q -Q -F", "-n", "-V", "noatime", "ntfs-3g", ("ntfs3", "ntfs")),
    # exFAT (SD cards, USB drives, macOS and Windows alike): quick by default.
    FsKind("exfat", "mkfs.exfat", "", None, "-V", "noatime", "exfatprogs"),
)
FS_NAMES = ", ".join(k.name for k in FS_KINDS)


@dataclass
class Filesystem:
    """A filesystem of a review: its kind, its tool as found in PATH, what
    the tool says its version is (first line)."""

    kind: FsKind
    mkfs: str = ""
    version: str = ""
    driver: str = ""  # the kernel's, mount's type

    @property
    def name(self) -> str:
        return self.kind.name


def tool_run(argv: Sequence[str]) -> tuple[int, str]:
    """Run a program and wait for it: its exit status (127 when it could not
    run, 128 + N when signal N ended it) and its stdout and stderr, trailing
    blanks cut."""
    try:
        p = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           stdin=subprocess.DEVNULL, check=False)
    except OSError as e:
        return 127, f"{argv[0]}: {e.strerror}"
    out = p.stdout.decode(errors="replace").rstrip("\n ")
    return (p.returncode if p.returncode >= 0 else 128 - p.returncode), out


def _kernel_has(name: str) -> bool:
    try:
        with open("/proc/filesystems") as f:
            return any(line.rstrip("\n").rpartition("\t")[2] == name for line in f)
    except OSError:
        return False


def fs_find(name: str) -> Filesystem:
    """A filesystem a review can make: its tool and the kernel's support
    (/proc/filesystems, after modprobe), or ValueError saying why not."""
    kind = next((k for k in FS_KINDS if k.name == name), None)
    if kind is None:
        raise ValueError(f"'{name}' is none of {FS_NAMES}")
    path = os.environ.get("PATH") or "/usr/sbin:/usr/bin:/sbin:/bin"
    mkfs = next((f"{d}/{kind.mkfs}" for d in path.split(":")
                 if d and os.access(f"{d}/{kind.mkfs}", os.X_OK)), None)
    if mkfs is None:
        raise ValueError(f"{name}: no {kind.mkfs} in PATH (Debian: apt install {kind.package})")
    drivers = kind.drivers or (name,)
    driver = next((d for d in drivers if _kernel_has(d)), None)
    for d in drivers if driver is None else ():
        tool_run(["modprobe", "-q", d])
        if _kernel_has(d):
            driver = d
            break
    if driver is None:
        what = " or ".join(drivers)
        raise ValueError(f"{name}: this kernel has no {what} (not in /proc/filesystems, "
                         f"and modprobe {what} did not add it)")
    _, out = tool_run([mkfs, kind.version])
    return Filesystem(kind, mkfs, out.split("\n")[0], driver)


def fs_mkfs(fs: Filesystem, dev: str, options: str | None, dry: bool) -> None:
    """Make a filesystem on *dev*, or with *dry* check that it would be made
    (the tool's dry run; a tool without one: its options are not checked).
    ValueError with the tool's words when it fails."""
    if dry and fs.kind.dry is None:
        return
    args = f"{fs.kind.dry if dry else ''} {fs.kind.args} {options or ''}".split()
    status, out = tool_run([fs.mkfs, *args, dev])
    if status:
        raise ValueError(f"{fs.mkfs}{chr(39) + 's dry run' if dry else ''} failed "
                         f"(exit {status}): {out.replace(chr(10), ' ') or 'no message'}")


_MS_NOATIME = 1024


def _libc() -> ctypes.CDLL:
    return ctypes.CDLL(None, use_errno=True)


def fs_mount(fs: Filesystem, dev: str, where: str, options: str | None) -> None:
    """Mount a filesystem made by fs_mkfs(), noatime, ssdk's options then the
    suite's; ValueError why not."""
    data = fs.kind.mount_options + ("," + options if options else "")
    # noatime is a flag of mount(2), not a filesystem's option
    if data == "noatime" or data.startswith("noatime,"):
        data = data[8:]
    libc = _libc()
    if libc.mount(dev.encode(), where.encode(), (fs.driver or fs.name).encode(),
                  ctypes.c_ulong(_MS_NOATIME), data.encode()):
        e = ctypes.get_errno()
        raise ValueError(f"mount -t {fs.driver or fs.name} -o noatime{',' if data else ''}"
                         f"{data} {dev} {where}: {os.strerror(e)} (dmesg says more)")


def fs_umount(where: str) -> None:
    """Unmount what fs_mount() mounted; ValueError why not."""
    if _libc().umount2(where.encode(), 0):
        raise ValueError(f"umount {where}: {os.strerror(ctypes.get_errno())}")


# --- the device ------------------------------------------------------------------------------

def _sysfs(dev: str, name: str) -> str | None:
    """A file of a block device's sysfs directory (/sys/dev/block/MAJ:MIN/NAME)."""
    try:
        st = os.stat(dev)
        if not stat.S_ISBLK(st.st_mode):
            return None
        with open(f"/sys/dev/block/{os.major(st.st_rdev)}:{os.minor(st.st_rdev)}/{name}") as f:
            return f.read()
    except OSError:
        return None


def disk_of(dev: str) -> str:
    """The disk a partition is on (/dev/nvme0n1 of /dev/nvme0n1p2), or *dev*
    (libssdk's ssdk_device_disk(), as the conditions' drive is found)."""
    return device_disk(dev) or dev


def device_size(dev: str) -> int | None:
    """The size of a block device in bytes, from sysfs; None when it is none."""
    s = _sysfs(dev, "size")
    try:
        return int(s.split()[0]) * 512 if s else None
    except (ValueError, IndexError):
        return None


def disk_counters(dev: str) -> dict[str, int] | None:
    """The counters of /sys/block/DISK/stat (of a partition, its own) a step moves."""
    s = _sysfs(dev, "stat")
    v = s.split() if s else []
    if len(v) < 7:
        return None
    return {n: int(v[i]) for n, i in zip(IO_NAMES, IO_FIELDS, strict=True)}


# --- the review ------------------------------------------------------------------------------

def slug(name: str) -> str:
    """A step's name as a file's: lower case, words joined by dashes."""
    return "-".join(w.lower() for w in re.findall(r"[A-Za-z0-9]+", name))[:62]


def raw_engines(engines: str, room: int = 256) -> str:
    """An engine list as a step on a filesystem is checked on the raw device:
    kfile as bio, a userspace engine on the file as its -raw form, each once.
    A list too long for *room* is given back as it was, for the engines'
    check to refuse."""
    out: list[str] = []
    for e in engines[:255].split(","):
        if not e:
            continue
        name = "bio" if e == "kfile" else e if e == "bio" or "-raw" in e else f"{e}-raw"
        if name not in out:
            out.append(name)
    joined = ",".join(out)
    return engines if len(joined) >= room else joined


@dataclass
class ReviewStep:
    """A step of the review, expanded: the suite's step, its filesystem's
    index (-1 on the raw device), its record, and the runs its dry run
    counted (the module's room it may need)."""

    st: Step
    fs: int
    rec: Record
    runs: int = 0
    pattern: str = ""  # --patterns: the data it writes, or the suite's


@dataclass
class Review:
    """A review: its suite, target, directory, filesystems and options."""

    cli: str
    suite_path: str = ""
    suite_text: str = ""
    suite: Suite = field(default_factory=lambda: Suite(""))
    target: str = ""
    dir: str = ""
    fs: list[Filesystem] = field(default_factory=list)
    fs_list: str = ""
    patterns: list[str] = field(default_factory=list)
    quick: bool = False
    runtime: str = ""
    span: str = ""
    allow_write: bool = False
    quiet: bool = False
    resume: bool = False
    json: bool = False
    csv: bool = False
    started: str = ""
    wall_before: float = 0.0
    t0: float = 0.0
    steps: list[ReviewStep] = field(default_factory=list)

    @property
    def mnt(self) -> str:
        return f"{self.dir}/.mnt"

    @property
    def disk(self) -> str:
        """The disk of the target (of a partition, its disk): what SMART speaks of."""
        return disk_of(self.target)

    @property
    def test_file(self) -> str:
        return f"{self.mnt}/{TEST_FILE}"

    def fs_step(self) -> Step | None:
        return next((s for s in self.suite.steps if s.kind == Kind.FILESYSTEM), None)

    def span_cap(self) -> int:
        """The largest span a step gets, and the largest test file: --span's,
        and at quick scale at most 1 GiB; 0 for no limit."""
        cap = parse_size(self.span) if self.span else 0
        if self.quick and (not cap or cap > QUICK_SPAN):
            cap = QUICK_SPAN
        return cap

    def file_size(self) -> int:
        """The test file's size: the filesystem step's, within the cap."""
        st = self.fs_step()
        size = 0
        if st is not None:
            with contextlib.suppress(ValueError):
                size = parse_size(st.fs_key("file-size") or "")
        cap = self.span_cap()
        return cap if cap and size > cap else size

    def step_span(self, st: Step) -> int:
        """The span a step on a filesystem gets, with its offset: the suite's
        (or none: the whole file, 0 here), the review's cap over it."""
        span, offset = self.suite.key(st, "span"), self.suite.key(st, "offset")
        v = 0
        if span is not None:
            try:
                v = parse_size(span)
            except ValueError:
                return 0  # its command says what is wrong
        cap = self.span_cap()
        if cap and (not v or v > cap):
            v = cap
        if v and offset is not None:
            with contextlib.suppress(ValueError):
                v += parse_size(offset)
        return v

    def step_argv(self, rs: ReviewStep, check: bool) -> list[str]:
        """A step's command line after the program: -j, the command, the
        suite's keys, then the review's: the target (on a filesystem, its
        test file), consent, the scale's limits. *check*: as its dry run,
        on the raw device."""
        st = rs.st
        assert st.cmd is not None
        on_fs = rs.fs >= 0
        sargv = self.suite.argv(st)
        out = ["-j", *([st.cmd.group] if st.cmd.group else [])]
        i = 0
        while i < len(sargv):
            a = sargv[i]
            i += 1
            if check and on_fs and a == "--buffered":
                continue
            out.append(a)
            if check and on_fs and i < len(sargv) and a == "--engines":
                out.append(raw_engines(sargv[i]))
                i += 1
            elif check and on_fs and i < len(sargv) and a == "--engine":
                out.append("bio" if sargv[i] == "kfile" else sargv[i])
                i += 1
        if on_fs and not check and st.cmd.name == "compare":
            out += ["--target", self.target, "--file", self.test_file]
        elif on_fs and not check:
            # a run on the file is kfile's; the suite may say so itself
            if self.suite.key(st, "engine") is None:
                out += ["--engine", "kfile"]
            out += ["--target", self.test_file]
        else:
            out += ["--target", self.target]
        if rs.pattern:
            out += ["--pattern", rs.pattern]
        if self.allow_write:
            out.append("--allow-write")
        if self.quiet and "quiet" in st.cmd.options:
            out.append("-q")
        if st.kind == Kind.MEASURE and self.runtime:
            out += ["--runtime", self.runtime]
        elif st.kind == Kind.MEASURE and self.quick:
            out += ["--runtime", QUICK_RUNTIME]
        span = self.suite.key(st, "span")
        cap = self.span_cap()
        if cap and "span" in st.cmd.options:
            v = None
            if span is not None:
                with contextlib.suppress(ValueError):
                    v = parse_size(span)
            if span is None or (v is not None and v > cap):
                out += ["--span", str(cap)]
        if check:
            out.append("--dry-run")
        if sum(len(x.encode()) + 1 for x in out) + len(self.cli.encode()) + 1 > ARGS_ROOM:
            raise usage(f"[{st.name}]: its command line is too long")
        return out

    def patterned(self, st: Step) -> list[str]:
        """The data a step writes, a run of it each (--patterns): a measuring
        step that writes and whose command takes --pattern, unless the suite
        says its pattern itself; [""] for the others (once, as the suite says)."""
        if (not self.patterns or st.kind != Kind.MEASURE or st.cmd is None
                or "pattern" not in st.cmd.options or self.suite.key(st, "pattern") is not None
                or self.suite.key(st, "rw") not in WRITES):
            return [""]
        return self.patterns

    def plan(self) -> None:
        """Expand the suite into its steps: those before the filesystem step
        once; it and those after it once per filesystem, in --fs's order;
        a step that writes once per pattern of --patterns, in its order."""
        first_fs = next((i for i, s in enumerate(self.suite.steps)
                         if s.kind == Kind.FILESYSTEM), len(self.suite.steps))
        self.steps = []
        for st in self.suite.steps[:first_fs]:
            for pat in self.patterned(st):
                self._add(st, -1, pat)
        if first_fs < len(self.suite.steps):
            for f in range(len(self.fs)):
                for st in self.suite.steps[first_fs:]:
                    for pat in self.patterned(st):
                        self._add(st, f, pat)

    def _add(self, st: Step, fs: int, pattern: str) -> None:
        if len(self.steps) == MAX_STEPS:
            raise usage(f"{self.suite_path}: more than {MAX_STEPS} steps with its filesystems"
                        " and patterns")
        rec = Record(st.name, self.fs[fs].name if fs >= 0 else "",
                     st.cmd.name if st.cmd else "filesystem", pattern=pattern)
        rs = ReviewStep(st, fs, rec, pattern=pattern)
        self.steps.append(rs)
        if st.kind == Kind.FILESYSTEM:
            return
        n = len(self.steps)
        rec.file = (f"{n:02d}-{slug(st.name)}{'-' + self.fs[fs].name if fs >= 0 else ''}"
                    f"{'-' + slug(pattern) if pattern else ''}.json")
        rec.argv = self.step_argv(rs, False)

    # --- checks --------------------------------------------------------------------------

    def _progress_off(self) -> None:
        """The line "checking step N of M" off the terminal, for a message."""
        if not self.quiet and sys.stderr.isatty():
            sys.stderr.write("\r\033[K")

    def _check_step(self, i: int, rs: ReviewStep) -> None:
        """A step's command, run as its dry run; Refused with its words."""
        on = (f" on {self.fs[rs.fs].name}" if rs.fs >= 0 else "") + (
            f" writing {rs.pattern}" if rs.pattern else "")
        if rs.fs >= 0 and self.step_span(rs.st) > self.file_size():
            self._progress_off()
            raise Refused(f"step {i + 1} [{rs.st.name}]: its span ({self.step_span(rs.st)} "
                          f"bytes) is past the end of the {self.fs[rs.fs].name} test file "
                          f"({self.file_size()} bytes)")
        p = subprocess.run([self.cli, *self.step_argv(rs, True)], capture_output=True,
                           stdin=subprocess.DEVNULL, text=True, errors="replace", check=False)
        status = p.returncode if p.returncode >= 0 else 128 - p.returncode
        if status:
            # its message: the last line, without its program's name
            said = (p.stderr.strip() or p.stdout.strip()).rpartition("\n")[2]
            line = said.removeprefix("ssdk: ")
            self._progress_off()
            raise Refused(f"step {i + 1} [{rs.st.name}]{on}: {line or 'failed'}",
                          EXIT_USAGE if status == EXIT_USAGE else EXIT_RUNTIME)
        rs.rec.estimate_s, rs.runs = dry_run_of(p.stdout)

    def _check_room(self) -> None:
        """Room in the module for the runs of the largest step: a step keeps
        its runs until it ends (the review deletes them then)."""
        need = max((s.runs for s in self.steps if s.rec.state != "done"), default=0)
        try:
            from .controller import Controller
            with Controller() as c:
                info, n = c.info(), len(c.list())
        except Exception:  # the steps' own checks said what they could
            return
        if n + need > info.max_runs:
            raise Refused(f"the module keeps {n} runs of its {info.max_runs}, and a step needs "
                          f"{need}: delete finished runs first (ssdk ctl list, ssdk ctl delete)")

    def check(self) -> None:
        """Check every step before the first runs: the target, consent to the
        filesystems, each filesystem's tool on the target (its dry run, with
        the suite's options), the test file against the device, every step
        not yet done as its command's dry run, the module's room. Nothing
        is written; Refused names the step."""
        fst = self.fs_step()
        dev_size = device_size(self.target)
        if dev_size is None:
            raise Refused(f"--target: {self.target} is not a block device")
        if self.resume:
            # a review killed outright (not stopped) may have left its filesystem mounted
            with contextlib.suppress(ValueError):
                fs_umount(self.mnt)
        if self.fs and not self.allow_write:
            raise usage(f"the review makes {self.fs_list} on {self.target}: that writes it, "
                        "and needs --allow-write")
        for fs in self.fs:
            if fst is None:
                break
            try:
                fs_mkfs(fs, self.target, fst.fs_key("mkfs-options"), True)
            except ValueError as e:
                raise Refused(f"[{fst.name}] {fs.name}: {e}") from None
        if fst is not None and self.fs and self.file_size() >= dev_size:
            raise Refused(f"[{fst.name}]: file-size={fst.fs_key('file-size')} is not below "
                          f"the size of {self.target} ({dev_size} bytes)")
        for i, rs in enumerate(self.steps):
            if rs.st.kind == Kind.FILESYSTEM or rs.rec.state == "done":
                continue
            if not self.quiet and sys.stderr.isatty():
                sys.stderr.write(f"\rssdk review: checking step {i + 1} of {len(self.steps)}")
                sys.stderr.flush()
            self._check_step(i, rs)
        self._check_room()
        if not self.quiet:
            cr = "\r" if sys.stderr.isatty() else ""
            print(f"{cr}ssdk review: {len(self.steps)} steps checked{'':20}", file=sys.stderr)

    def dry_run(self) -> str:
        """After check(), with --dry-run: what a command's dry run says: the
        steps' runs, the time of those a runtime ends, and the runs of the
        steps a size ends (fills), in the format asked."""
        runs = untimed = 0
        seconds = 0.0
        for rs in self.steps:
            if rs.rec.state == "done" or rs.st.kind == Kind.FILESYSTEM:
                continue
            runs += rs.runs
            if rs.rec.estimate_s < 0:
                untimed += rs.runs
            else:
                seconds += rs.rec.estimate_s
        if self.json:
            return (f'{{\n  "dry_run": true,\n  "runs": {runs},\n  "seconds": '
                    f'{json_number(seconds)},\n  "untimed": {untimed}\n}}\n')
        if self.csv:
            return ""
        out = f"dry run: {runs} {'run' if runs == 1 else 'runs'} checked, none started, " \
              "nothing written"
        if runs > untimed:
            out += f"; {seconds:.0f} s of runs"
        if untimed:
            out += f"{', and ' if runs > untimed else '; '}{untimed} without a runtime"
        return out + "\n"

    # --- the record ----------------------------------------------------------------------

    def elapsed(self) -> float:
        return self.wall_before + time.monotonic() - self.t0

    def summary(self, state: str) -> Summary:
        """The summary as it stands: the records, and the rows of the steps done."""
        rows: list[Row] = []
        for i, rs in enumerate(self.steps):
            if rs.rec.state != "done" or not rs.rec.file:
                continue
            try:
                rows += rows_read(Path(self.dir, rs.rec.file), i + 1, rs.rec,
                                  1024 - len(rows))
            except ValueError as e:
                say(f"step {i + 1}: {e}")
        return Summary(self.suite.title, self.target, self.fs_list,
                       "quick" if self.quick else "full", self.runtime, self.span, state,
                       self.started, self.elapsed(), [rs.rec for rs in self.steps], rows,
                       patterns=",".join(self.patterns))

    def _write(self, name: str, content: str) -> None:
        path = Path(self.dir, name)
        try:
            write_whole(path, content)
        except OSError as e:
            raise Refused(f"{path}: {e.strerror or e}") from None

    def record(self, state: str, ended: bool = False) -> None:
        """The summary into review.json; when it has *ended*, into summary.txt
        and summary.csv too, the report made, and printed as asked."""
        s = self.summary(state)
        self._write("review.json", to_json(s))
        if not ended:
            return
        self._write("summary.txt", text(s))
        self._write("summary.csv", csv(s))
        self.report()
        sys.stdout.write(to_json(s) if self.json else csv(s) if self.csv else text(s))
        sys.stdout.flush()

    def report(self) -> None:
        """ssdk.report's page of the measuring steps' JSON; its absence (no
        matplotlib) is said, not an error."""
        files = [str(Path(self.dir, rs.rec.file)) for rs in self.steps
                 if rs.rec.state == "done" and rs.st.kind == Kind.MEASURE]
        if not files:
            return
        from . import report
        err = io.StringIO()
        with contextlib.redirect_stderr(err):
            try:
                status = report.main(["-o", str(Path(self.dir, "report.html")), "--title",
                                      self.suite.title, *files])
            except Exception as e:  # the report is extra: say why not
                print(f"{report.PROG}: {e}", file=sys.stderr)
                status = 1
        if status and not self.quiet:
            last = err.getvalue().rstrip("\n").rpartition("\n")[2]
            print(f"ssdk review: no HTML report: {last}", file=sys.stderr)

    def conditions(self) -> str:
        """Where the review ran: conditions.json's text."""
        version = device = ""
        with contextlib.suppress(Exception):
            from .controller import Controller
            with Controller() as c:
                cond = c.conditions(self.target)
                version, device = cond["ssdk"], cond["device"]
        fst = self.fs_step()
        mkfs_o = fst.fs_key("mkfs-options") if fst else None
        mount_o = fst.fs_key("mount-options") if fst else None
        doc: dict[str, Any] = {
            "date": self.started, "host": platform.node(), "kernel": platform.release(),
            "ssdk": version, "target": self.target, "device": device,
            "filesystems": [{
                "name": fs.name, "driver": fs.driver, "mkfs": fs.mkfs, "version": fs.version,
                # ssdk's, then the suite's
                "mkfs_options": fs.kind.args + (" " + mkfs_o if mkfs_o is not None else ""),
                "mount_options": fs.kind.mount_options + (
                    "," + mount_o if mount_o is not None else ""),
            } for fs in self.fs],
            "patterns": self.patterns,
        }
        with contextlib.suppress(Exception):  # a file on tmpfs: no disk to say of
            from . import system
            doc["system"] = system.read(self.target).to_json()
        return json.dumps(doc, indent=2) + "\n"

    def read_record(self) -> None:
        """What a stopped review was: its options, from DIR/review.json."""
        path = Path(self.dir, "review.json")
        if not os.access(path, os.R_OK):
            try:
                path.stat()
                why = os.strerror(errno.EACCES)
            except OSError as e:
                why = e.strerror or str(e)
            raise Refused(f"--resume: {self.dir} holds no review ({path}: {why})")
        try:
            doc = json.loads(path.read_text())
        except (OSError, ValueError):
            raise Refused(f"--resume: {path} is not JSON") from None

        def get(key: str) -> str | None:
            v = doc.get(key) if isinstance(doc, dict) else None
            return v if isinstance(v, str) else None

        target = get("target")
        if target is None or any(get(k) is None for k in ("filesystems", "scale", "started")):
            raise Refused(f"--resume: {path} is not a review's record")
        if self.target and self.target != target:
            raise Refused(f"--resume: the review ran on {target}, not {self.target}")
        self.target = target
        self.fs_list = get("filesystems") or ""
        self.patterns = [p for p in (get("patterns") or "").split(",") if p]
        self.quick = get("scale") == "quick"
        self.runtime = get("runtime") or ""
        self.span = get("span") or ""
        self.started = get("started") or ""
        wall = doc.get("wall_s")
        if isinstance(wall, (int, float)):
            self.wall_before = float(wall)

    def record_states(self) -> None:
        """How the steps of a stopped review went, from its record; Refused
        when the record's steps are not the plan's."""
        path = Path(self.dir, "review.json")
        try:
            steps = json.loads(path.read_text())["steps"]
            if not isinstance(steps, list) or len(steps) != len(self.steps):
                raise ValueError
        except (OSError, ValueError, KeyError, TypeError):
            raise Refused(f"--resume: {path}: its steps are not those of "
                          f"{self.dir}/suite.ini") from None
        for i, (d, rs) in enumerate(zip(steps, self.steps, strict=True)):
            rec = rs.rec
            if not isinstance(d, dict) or d.get("name") != rec.name or \
                    (d.get("fs") or "") != rec.fs or (d.get("pattern") or "") != rec.pattern \
                    or not isinstance(d.get("state"), str):
                raise Refused(f"--resume: {path}: step {i + 1} is not [{rec.name}] of "
                              f"{self.dir}/suite.ini")
            if d["state"] != "done":
                continue
            rec.state = "done"
            if isinstance(d.get("wall_s"), (int, float)):
                rec.wall_s = float(d["wall_s"])
            if isinstance(d.get("estimate_s"), (int, float)):
                rec.estimate_s = float(d["estimate_s"])
            io_ = d.get("diskstats")
            if isinstance(io_, dict):
                rec.io = {k: int(io_.get(k, 0)) for k in IO_NAMES}
            if isinstance(d.get("health"), dict):
                rec.health = d["health"]
            if isinstance(d.get("temperature"), dict):
                rec.temperature = d["temperature"]


def dry_run_of(out: str) -> tuple[float, int]:
    """What a step's dry run says: its runs' time (-1 when some end at a
    size), and how many runs it makes."""
    try:
        doc = json.loads(out)
    except ValueError:
        return -1.0, 0
    if not isinstance(doc, dict):
        return -1.0, 0
    s = float(doc["seconds"]) if isinstance(doc.get("seconds"), (int, float)) else -1.0
    if doc.get("untimed"):
        s = -1.0
    runs = doc.get("runs")
    return s, int(runs) if isinstance(runs, int) else 0


# --- the temperature -----------------------------------------------------------------------

def run_intervals(r: Results) -> list[tuple[float, float, float]]:
    """A run's time series as (from s, to s, bytes/s of both ops), from its
    start; its last interval ends with the run."""
    ts = r.timeseries
    if ts is None or not len(ts):
        return []
    step = ts.interval_ns / 1e9
    end = r.elapsed_ns / 1e9
    out = []
    for t, b in zip(ts.t_ns.tolist(), ts.col(None, "bytes").tolist(), strict=True):
        a = t / 1e9
        e = min(a + step, end) if end > a else a + step
        out.append((a, e, b / (e - a)))
    return out


def run_marks(path: Path, samples: Sequence[health.Sample], starts: dict[int, float],
              warning_c: float | None) -> list[dict[str, Any]]:
    """Each run of a step's JSON at *path* whose start the sampler saw: its
    start (s from the step's) and its throttled stretches (s from its own)."""
    try:
        doc = load(path)
    except (OSError, ValueError, KeyError, TypeError, AttributeError, IndexError):
        return []
    out: list[dict[str, Any]] = []
    for r in runs_of(doc):
        if r.id not in starts:
            continue
        t0 = starts[r.id]
        marks = health.throttle_marks(run_intervals(r), [(t - t0, c) for t, c in samples],
                                      warning_c)
        out.append({"id": r.id, "start_s": t0,
                    "marks": [[round(a, 3), round(b, 3), why] for a, b, why in marks]})
    return out


# --- running -------------------------------------------------------------------------------

class _Signals:
    """SIGINT and SIGTERM remembered; the step's command running then gets
    SIGINT, once (Ctrl-C reaches it from the terminal itself)."""

    def __init__(self) -> None:
        self.got = 0
        self.child: subprocess.Popen[bytes] | None = None
        self.forwarded = False

    def install(self) -> None:
        signal.signal(signal.SIGINT, self._on)
        signal.signal(signal.SIGTERM, self._on)

    def _on(self, sig: int, frame: FrameType | None) -> None:
        self.got = sig
        self.forward()

    def forward(self) -> None:
        if self.got and self.child is not None and not self.forwarded:
            self.forwarded = True
            with contextlib.suppress(OSError):
                self.child.send_signal(signal.SIGINT)


def _stopped(status: int) -> bool:
    """Whether a step's exit status says a signal stopped it."""
    return status in (EXIT_SIGINT, 128 + signal.SIGINT, 128 + signal.SIGTERM)


class Runner:
    """A review's steps run in order, its record after each."""

    def __init__(self, r: Review, sig: _Signals):
        self.r = r
        self.sig = sig
        self.ctl: object | None = None
        self._temp_src: health.TempSource | None = None
        self._temp_looked = False
        self.period = health.PERIOD_S  # the temperature's sampling period, s

    def _module_runs(self, after: int, delete: bool) -> int:
        """The module's runs on the target or test file after id *after*;
        deleted when *delete* and ended. Returns the last id seen."""
        from .controller import Controller
        c = self.ctl
        if not isinstance(c, Controller):
            return after
        last = after
        try:
            for run in c.list():
                if run.id <= after:
                    continue
                last = run.id
                if delete and run.state not in ("running", "stopping") and \
                        run.target in (self.r.target, self.r.test_file):
                    with contextlib.suppress(Exception):
                        c.delete(run.id)
        except Exception:  # the runs stay: ssdk ctl delete removes them
            pass
        return last

    def run_filesystem(self, rs: ReviewStep) -> int:
        """Make the step's filesystem, mount it, lay its test file out."""
        r = self.r
        fs = r.fs[rs.fs]
        try:
            os.mkdir(r.mnt, 0o700)
        except FileExistsError:
            pass
        except OSError as e:
            say(f"{r.mnt}: {e.strerror}")
            return EXIT_RUNTIME
        try:
            fs_mkfs(fs, r.target, rs.st.fs_key("mkfs-options"), False)
            fs_mount(fs, r.target, r.mnt, rs.st.fs_key("mount-options"))
        except ValueError as e:
            say(f"[{rs.st.name}] {fs.name}: {e}")
            return EXIT_RUNTIME
        try:
            from .layout import lay_out
            lay_out(r.test_file, r.file_size(), LAYOUT_SEED)
        except OSError as e:
            say(f"[{rs.st.name}] {fs.name}: the test file: {r.test_file}: {e.strerror or e}")
            try:
                fs_umount(r.mnt)
            except ValueError as u:
                say(str(u))
            return EXIT_RUNTIME
        return 0

    def run_command(self, rs: ReviewStep) -> int:
        """Run a step's command, its JSON into its file: its exit status. A
        stopped step's file holds what it measured before it stopped."""
        if self.sig.got:
            return EXIT_SIGINT
        assert rs.rec.argv is not None
        path = Path(self.r.dir, rs.rec.file)
        tmp = Path(f"{path}.part")
        try:
            out = open(tmp, "wb")  # noqa: SIM115 - the child's stdout
        except OSError as e:
            say(f"{tmp}: {e.strerror}")
            return EXIT_RUNTIME
        with out:
            try:
                self.sig.child = subprocess.Popen([self.r.cli, *rs.rec.argv], stdout=out)
            except OSError as e:
                say(f"{self.r.cli}: {e.strerror}")
                return EXIT_RUNTIME
        # a signal that came before the command could take it: passed on now
        self.sig.forward()
        status = self.sig.child.wait()
        self.sig.child = None
        status = status if status >= 0 else 128 - status
        if not status or _stopped(status):
            try:
                tmp.rename(path)
            except OSError as e:
                say(f"{path}: {e.strerror}")
                return EXIT_RUNTIME
        return status

    def run_step(self, rs: ReviewStep) -> int:
        """Run step *rs*: its record says how it went. The module's runs it
        leaves (ctl run and compare keep theirs) are deleted: its results
        are in its file, and a review of more runs than the module keeps
        would find no room."""
        last = self._module_runs(0, False)
        smart = health.read(self.r.disk)
        src = self.temp_source()
        start = time.monotonic()
        sampler = health.Sampler(src.read, self.period, start, self._going).start() \
            if src is not None else None
        before = disk_counters(self.r.target)
        try:
            status = self.run_filesystem(rs) if rs.st.kind == Kind.FILESYSTEM else \
                self.run_command(rs)
        finally:
            rs.rec.wall_s = time.monotonic() - start
            if sampler is not None:
                sampler.stop()
        after = disk_counters(self.r.target) if before is not None else None
        rs.rec.io = {k: after[k] - before[k] for k in IO_NAMES} \
            if before is not None and after is not None else None
        self._module_runs(last, True)
        if smart is not None:
            self.record_health(rs, smart, health.read(self.r.disk))
        if sampler is not None and src is not None:
            self.record_temperature(rs, src, sampler)
        rs.rec.status = status
        rs.rec.state = "done" if not status else \
            "stopped" if _stopped(status) or self.sig.got else "failed"
        return status

    def record_health(self, rs: ReviewStep, before: dict[str, object],
                      after: dict[str, object] | None) -> None:
        """smartctl's JSON before and after step *rs* into DIR/smart-NN.json,
        and what a review quotes of it (health.summary()) into its record."""
        name = f"smart-{self.r.steps.index(rs) + 1:02d}.json"
        try:
            write_whole(Path(self.r.dir, name),
                        json.dumps({"before": before, "after": after}, indent=1) + "\n")
        except OSError as e:
            say(f"{name}: {e.strerror or e}: the drive's health not recorded")
            return
        b, a = health.summary(before), health.summary(after)
        rs.rec.health = {"file": name, "before": b, "after": a,
                         "throttled": health.throttled(b, a)}

    def temp_source(self) -> health.TempSource | None:
        """Where the disk's temperature is read (health.temp_source()), found
        at the first step and kept."""
        if not self._temp_looked:
            self._temp_looked = True
            self._temp_src = health.temp_source(self.r.disk)
        return self._temp_src

    def _going(self) -> dict[int, float]:
        """The runs going on on the target or test file: their seconds since
        their start (the sampler's alignment of their time series)."""
        from .controller import Controller
        c = self.ctl
        if not isinstance(c, Controller):
            return {}
        return {run.id: run.elapsed_ns / 1e9 for run in c.list()
                if run.state == "running" and run.target in (self.r.target, self.r.test_file)}

    def record_temperature(self, rs: ReviewStep, src: health.TempSource,
                           sampler: health.Sampler) -> None:
        """A step's temperature samples into DIR/temp-NN.json, with each of its
        runs' start on the same clock and their throttled stretches
        (health.throttle_marks()); what a review quotes of them into its
        record. A step shorter than a sampling period has none."""
        samples = sampler.samples
        if rs.rec.wall_s < sampler.period or len(samples) < 2:
            return
        name = f"temp-{self.r.steps.index(rs) + 1:02d}.json"
        runs = [] if rs.st.kind == Kind.FILESYSTEM else \
            run_marks(Path(self.r.dir, rs.rec.file), samples, sampler.starts, src.warning_c)
        doc = {"source": src.name, "period_s": sampler.period, "warning_c": src.warning_c,
               "critical_c": src.critical_c, "samples": [[t, c] for t, c in samples],
               "runs": runs}
        try:
            write_whole(Path(self.r.dir, name), json.dumps(doc, indent=1) + "\n")
        except OSError as e:
            say(f"{name}: {e.strerror or e}: the drive's temperature not recorded")
            return
        temps = [c for _, c in samples]
        rs.rec.temperature = {
            "file": name, "source": src.name, "samples": len(samples), "min_c": min(temps),
            "max_c": max(temps),
            "marks": sorted({m[2] for r in runs for m in r["marks"]}, reverse=True)}

    def progress(self, i: int) -> None:
        """"step N of M: NAME (on FS), about T left" on stderr."""
        r = self.r
        if r.quiet:
            return
        left = sum(s.rec.estimate_s for s in r.steps[i:]
                   if s.rec.state != "done" and s.rec.estimate_s >= 0)
        untimed = sum(1 for s in r.steps[i:] if s.rec.state != "done" and s.rec.estimate_s < 0)
        rs = r.steps[i]
        print(f"ssdk review: step {i + 1} of {len(r.steps)}: {rs.rec.name}"
              f"{' on ' if rs.fs >= 0 else ''}{rs.rec.fs}"
              f"{' writing ' if rs.pattern else ''}{rs.pattern}; {fmt_elapsed(left)} of runs left"
              f"{UNTIMED_NOTE if untimed else ''}",
              file=sys.stderr, flush=True)

    def run(self) -> int:
        """Run the steps not done, in order. A filesystem is unmounted when its
        steps end; a review resumed among a filesystem's steps makes it again
        first. A step that fails or is stopped ends the review there.
        Returns 0, EXIT_SIGINT when stopped, or EXIT_RUNTIME (said)."""
        r = self.r
        with contextlib.suppress(Exception):
            from .controller import Controller
            self.ctl = Controller()
        mounted, status = -1, 0
        rs = r.steps[0]
        try:
            for i, rs in enumerate(r.steps):
                if rs.rec.state == "done":
                    continue
                if self.sig.got:
                    status = EXIT_SIGINT
                    break
                if mounted >= 0 and mounted != rs.fs:
                    try:
                        fs_umount(r.mnt)
                    except ValueError as e:
                        say(str(e))
                        return EXIT_RUNTIME
                    mounted = -1
                # Resumed among a filesystem's steps: the filesystem first.
                fss = next(s for s in r.steps if s.fs == rs.fs and
                           s.st.kind == Kind.FILESYSTEM) if rs.fs >= 0 else None
                if fss is not None and mounted < 0 and fss is not rs:
                    if not r.quiet:
                        print(f"ssdk review: making {r.fs[rs.fs].name} again for the steps left "
                              "on it", file=sys.stderr, flush=True)
                    status = self.run_step(fss)
                    if status:
                        rs = fss
                        break
                if rs.fs >= 0:
                    mounted = rs.fs
                self.progress(i)
                status = self.run_step(rs)
                if rs.st.kind == Kind.FILESYSTEM and status:
                    mounted = -1
                with contextlib.suppress(Refused):
                    r.record("running")
                if status:
                    break
            if mounted >= 0:
                try:
                    fs_umount(r.mnt)
                except ValueError as e:
                    say(str(e))
            with contextlib.suppress(OSError):
                os.rmdir(r.mnt)
        finally:
            close = getattr(self.ctl, "close", None)
            if close is not None:
                close()
            self.ctl = None
        n = r.steps.index(rs) + 1
        if status and not _stopped(status) and not self.sig.got:
            say(f"step {n} [{rs.rec.name}]{' on ' if rs.fs >= 0 else ''}{rs.rec.fs}"
                f"{' writing ' if rs.pattern else ''}{rs.pattern} failed "
                f"(exit {status}); the steps before it are kept: ssdk review --resume {r.dir} "
                "--allow-write runs it again")
            return EXIT_RUNTIME
        if status:
            print(f"ssdk review: stopped; what is done is kept: ssdk review --resume {r.dir} "
                  "--allow-write continues", file=sys.stderr, flush=True)
            return EXIT_SIGINT
        return 0


# --- the command ----------------------------------------------------------------------------

def suites_dirs() -> list[Path]:
    """Where the shipped suites are: suites/ of the source tree this package
    is in, then the data directories an installed ssdk puts them in."""
    here = Path(__file__).resolve().parent
    out = [here.parents[2] / "suites"] if len(here.parents) > 2 else []
    return [*out, Path("/usr/local/share/ssdk/suites"), Path("/usr/share/ssdk/suites")]


def suites_dir() -> Path:
    """The first of suites_dirs() that is there (the last when none is)."""
    dirs = suites_dirs()
    return next((d for d in dirs if d.is_dir()), dirs[-1])


def shipped_suites() -> list[str]:
    """The shipped suites, by name."""
    return sorted(p.stem for p in suites_dir().glob("*.ini"))


def load_suite(r: Review, name: str) -> None:
    """The suite: a file, or the name of a shipped one (tomshardware-2012)."""
    r.suite_path = name
    if not os.path.exists(name) and "/" not in name:
        p = suites_dir() / (name if ".ini" in name else f"{name}.ini")
        r.suite_path = str(p.resolve()) if p.exists() else str(p)
    try:
        with open(r.suite_path, "rb") as f:
            raw = f.read(1 << 20)
            if f.read(1):
                raise OSError(errno.EFBIG, os.strerror(errno.EFBIG))
    except OSError as e:
        raise Refused(f"{name}: {e.strerror}") from None
    r.suite_text = raw.decode(errors="replace").split("\0")[0]
    try:
        cmds = suite_mod.commands(r.cli)
        r.suite = suite_mod.parse(r.suite_text, name, cmds)
    except ValueError as e:
        raise Refused(str(e)) from None


def find_filesystems(r: Review, given: str | None) -> None:
    """--fs, against the suite: each filesystem found, or why not."""
    has_fs = r.fs_step() is not None
    if given is not None and not has_fs:
        raise usage(f"--fs: {r.suite_path} has no filesystem step")
    if not has_fs:
        return
    r.fs_list = (given if given is not None else "ext4")[:63]
    for name in (n for n in r.fs_list.split(",") if n):
        if any(f.name == name for f in r.fs):
            raise usage(f"--fs: {name} twice")
        if len(r.fs) == MAX_FS:
            raise usage(f"--fs: at most {MAX_FS} filesystems")
        try:
            r.fs.append(fs_find(name))
        except ValueError as e:
            raise usage(f"--fs: {e}") from None
    if not r.fs:
        raise usage("--fs: an empty list")


def make_dir(r: Review) -> None:
    """A new review's directory: made, empty, holding the suite as run, its
    conditions and its record."""
    try:
        os.mkdir(r.dir, 0o755)
    except FileExistsError:
        pass
    except OSError as e:
        raise Refused(f"--out: {r.dir}: {e.strerror}") from None
    path = Path(r.dir, "suite.ini")
    try:
        with open(path, "x") as f:
            f.write(r.suite_text)
    except FileExistsError:
        raise Refused(f"--out: {path}: a review is there already (--resume continues it)") \
            from None
    except OSError as e:
        with contextlib.suppress(OSError):
            path.unlink()
        raise Refused(f"--out: {path}: {e.strerror}") from None
    r.started = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    try:
        r._write("conditions.json", r.conditions())
        r.record("running")
    except Refused:
        # a directory with no record is neither resumed nor reused: none
        path.unlink()
        raise


class _Parser(argparse.ArgumentParser):
    """Usage errors as the CLI says them: one line, exit 2."""

    def error(self, message: str) -> NoReturn:
        say(message)
        raise SystemExit(EXIT_USAGE)



def parser() -> argparse.ArgumentParser:
    """The command line's parser: its --help, and its man page's one source
    (userspace/man/python_man.py builds the page from it)."""
    ap = _Parser(
        prog=PROG,
        usage="ssdk review SUITE --target DEV --out DIR [--fs LIST] [--scale quick|full]\n"
        "                   [--runtime TIME] [--span SIZE] --allow-write\n"
        "       ssdk review --resume DIR --allow-write",
        description="Run a suite (Documentation/suites.rst: a file, or the name of one of"
        " suites/) on DEV: its steps in order, those after its filesystem step once per"
        " filesystem of --fs, on a test file laid out in it. Every step is checked on the"
        " target first (its command's dry run; the filesystems' tools and their dry runs): a"
        " step that cannot run is said, by its number and name, before anything is written."
        " Then each runs with its progress and the time left; its JSON goes to DIR, with the"
        " suite as run (suite.ini), the conditions (conditions.json), the record of every step"
        " (review.json), the summary (summary.txt, summary.csv, and printed) and the Python"
        " package's report (report.html) when matplotlib is installed. Ctrl-C stops the"
        " current step and keeps what is done; --resume DIR continues from there. -j prints"
        " review.json. ssdk runs this program for `ssdk review`.")
    ap.add_argument("suite", nargs="?", metavar="SUITE",
                    help="the suite: a file, or the name of one of suites/ ("
                    + ", ".join(shipped_suites()) + ")")
    ap.add_argument("-t", "--target", metavar="DEV", default="",
                    help="the block device reviewed: written, and made into each filesystem")
    ap.add_argument("--fs", metavar="LIST",
                    help="the filesystems of the suite's steps after its filesystem step, in"
                    f" turn: {FS_NAMES} (default ext4)")
    ap.add_argument("--patterns", metavar="LIST",
                    help="the data each measuring step that writes writes, a run of it each in"
                    " turn: values of ssdk ctl run --pattern (random, zeros, repeat:BYTE,"
                    " compressible:PCT), at most " + str(MAX_PATTERNS) + "; a step whose suite"
                    " sets its pattern runs once")
    ap.add_argument("--scale", metavar="SCALE",
                    help=f"full (default): the suite as written; quick: every measuring step "
                    f"{QUICK_RUNTIME} (or --runtime), every span and the test file at most 1 GiB,"
                    " to try a suite out")
    ap.add_argument("--runtime", metavar="TIME",
                    help="every measuring step's runtime instead of the suite's")
    ap.add_argument("--span", metavar="SIZE",
                    help="every step's span and the test file at most SIZE: a protocol's span on"
                    " a smaller drive")
    ap.add_argument("-o", "--out", metavar="DIR",
                    help="the review's directory, made: results, record, summary, report")
    ap.add_argument("--resume", metavar="DIR",
                    help="continue the review stopped in DIR at its next step, with its options")
    ap.add_argument("--allow-write", action="store_true",
                    help="consent to the steps' writes and to making filesystems on the target")
    ap.add_argument("--dry-run", action="store_true",
                    help="check every step on the target, then start nothing and write nothing")
    ap.add_argument("-q", "--quiet", action="store_true", help="no progress")
    ap.add_argument("-j", "--json", action="store_true", help="print JSON (review.json)")
    ap.add_argument("--format", metavar="FORMAT",
                    help="text (the default), json (-j) or csv: the summary printed")
    return ap


def _positive(parse: Callable[[str], int], option: str, value: str | None, what: str) -> str:
    """*value* of *option* as given ("" when not), when *parse* reads it above 0."""
    if value is None:
        return ""
    try:
        if parse(value) > 0:
            return value
    except ValueError:
        pass
    raise usage(f"{option}: '{value}' is not {what}")


def _options(a: argparse.Namespace, r: Review) -> None:
    if a.format is not None and a.format not in ("text", "json", "csv"):
        raise usage(f"--format: '{a.format}' is none of text, json, csv")
    r.json = a.json or a.format == "json"
    r.csv = a.format == "csv"
    if a.scale is not None and a.scale not in ("quick", "full"):
        raise usage(f"--scale: '{a.scale}' is neither quick nor full")
    r.quick = a.scale == "quick"
    r.runtime = _positive(parse_duration_ns, "--runtime", a.runtime, "a time")
    r.span = _positive(parse_size, "--span", a.span, "a size")
    if a.out is not None and a.resume is not None:
        raise usage("--out and --resume: one directory")
    r.dir = a.out if a.out is not None else a.resume or ""
    r.resume = a.resume is not None
    r.target = a.target
    r.allow_write = a.allow_write
    r.quiet = a.quiet
    if a.patterns is not None:
        r.patterns = _patterns(a.patterns)


def _patterns(given: str) -> list[str]:
    """--patterns' list: each once, at most MAX_PATTERNS (each value is the
    command's to judge: its step's dry run says what is wrong)."""
    out: list[str] = []
    for p in given.split(","):
        if not p:
            raise usage(f"--patterns: '{given}' has an empty pattern")
        if p in out:
            raise usage(f"--patterns: {p} twice")
        if len(out) == MAX_PATTERNS:
            raise usage(f"--patterns: at most {MAX_PATTERNS} patterns")
        out.append(p)
    return out


def setup(a: argparse.Namespace, r: Review) -> None:
    """The options and the suite of a review: new, or resumed from its directory."""
    fs = a.fs
    if r.resume:
        if a.suite or a.fs is not None or a.scale is not None or r.runtime or r.span or \
                a.patterns is not None:
            raise usage(f"--resume: the suite and its options are the review's, in {r.dir}")
        r.read_record()
        load_suite(r, f"{r.dir}/suite.ini")
        fs = r.fs_list or None
    else:
        if not a.suite:
            raise usage("a suite is needed (a file, or one of suites/)")
        if not r.target:
            raise usage("--target is needed")
        if not r.dir and not a.dry_run:
            raise usage("--out DIR is needed")
        load_suite(r, a.suite)
    find_filesystems(r, fs)
    r.plan()
    if r.resume:
        r.record_states()


def complete(words: Sequence[str]) -> Iterator[str]:
    """`ssdk __complete review WORD... CURRENT`'s answer (userspace/completion/ssdk):
    the candidates that start with CURRENT, then ":file" or ":dir"."""
    cur = words[-1] if words else ""
    prev = words[-2] if len(words) > 1 else ""
    ap = parser()
    takes = {s: act for act in ap._actions for s in act.option_strings}
    act = takes.get(prev)
    if act is not None and act.nargs != 0:
        if act.dest == "target":
            yield from (f"/dev/{d}" for d in sorted(os.listdir("/sys/class/block"))
                        if f"/dev/{d}".startswith(cur)) if os.path.isdir("/sys/class/block") \
                else ()
            yield ":file"
        elif act.dest in ("out", "resume"):
            yield ":dir"
        elif act.dest == "fs":
            head, _, last = cur.rpartition(",")
            yield from (f"{head}{',' if head else ''}{k.name}" for k in FS_KINDS
                        if k.name.startswith(last))
        elif act.dest == "scale":
            yield from (v for v in ("full", "quick") if v.startswith(cur))
        elif act.dest == "format":
            yield from (v for v in ("text", "json", "csv") if v.startswith(cur))
        return
    if cur.startswith("-"):
        yield from (f"--{a.dest.replace('_', '-')}" for a in ap._actions
                    if a.option_strings and f"--{a.dest.replace('_', '-')}".startswith(cur))
        return
    yield from (s for s in shipped_suites() if s.startswith(cur))
    yield ":file"


def main(argv: list[str] | None = None) -> int:
    # Ctrl-C ends the review at once, as it ends a command, until its steps run
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] == ["__complete"]:
        for c in complete(args[1:]):
            print(c)
        return 0
    a = parser().parse_args(args)
    try:
        r = Review(cli=cli_path())
    except OSError as e:
        say(str(e))
        return EXIT_RUNTIME
    sig = _Signals()
    try:
        _options(a, r)
        setup(a, r)
        r.check()
        if a.dry_run:
            sys.stdout.write(r.dry_run())
            return 0
        # from here a signal stops the review between its steps, or its step
        sig.install()
        r.t0 = time.monotonic()
        if r.resume:
            r.record("running")
        else:
            make_dir(r)
    except Refused as e:
        say(str(e))
        return e.status
    status = Runner(r, sig).run()
    state = "done" if not status else "stopped" if status == EXIT_SIGINT else "failed"
    try:
        r.record(state, ended=True)
    except Refused as e:
        say(str(e))
        return status or EXIT_RUNTIME
    return status


if __name__ == "__main__":
    raise SystemExit(main())
