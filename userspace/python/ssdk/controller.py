# SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause
"""Driving the module: Controller (a netlink handle), Run, run(), sweep().

    with ssdk.Controller() as ctl:
        r = ctl.start(ssdk.Job(target="/dev/nvme0n1", rw="randread", iodepth=4,
                               span="8G", runtime="1m"))
        r.wait(progress=True)          # Ctrl-C stops the run, keeps its results
        print(r.results().read.iops)
        r.delete()
"""

from __future__ import annotations

import contextlib
import ctypes
import dataclasses
import datetime
import platform
import time
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from . import _lib, lib_results, spec, system
from .errors import ModuleNotLoadedError, RunNotFoundError, SsdkError, error_from
from .job import Job
from .results import Results, TimeSeries

# How often a wait returns to Python, so that Ctrl-C is seen at once.
_WAIT_SLICE_MS = 200
_ERRNO_ENOENT = 2


@dataclass(frozen=True)
class Info:
    """What the module says about itself (``ssdk ctl info``)."""

    version: str
    kernel_release: str
    caps: spec.Cap
    cpus: int
    clock_res_ns: int
    family_version: int
    max_runs: int
    hist_sub_bits: int
    hist_buckets: int
    mem_budget: int
    mem_used: int


def device_model(target: str) -> str:
    """Model and firmware of the disk that holds *target*, as the CLI's conditions
    (libssdk's ssdk_device_model()); "" when sysfs has neither."""
    try:
        raw = _lib.text(target)
    except ValueError:
        return ""
    buf = ctypes.create_string_buffer(_lib.DEVICE_LEN)
    _lib.lib().ssdk_device_model(raw, buf, len(buf))
    return buf.value.decode(errors="replace")


def device_id(target: str) -> dict[str, str]:
    """Model, firmware and serial of the disk that holds *target*, each on its
    own, as the CLI's conditions (libssdk's ssdk_device_id()); "" where sysfs
    has none."""
    did = _lib.DeviceId()
    with contextlib.suppress(ValueError):  # a path with a NUL: no such disk
        _lib.lib().ssdk_device_id(_lib.text(target), ctypes.byref(did))
    return {k: getattr(did, k).decode(errors="replace") for k in ("model", "firmware", "serial")}


def device_disk(target: str) -> str | None:
    """The disk that holds *target* as /dev/NAME (a partition's: its disk's;
    a file's: its filesystem's), as libssdk's ssdk_device_disk() finds it in
    sysfs; None where sysfs has none (no such file, a file on tmpfs)."""
    buf = ctypes.create_string_buffer(4096)
    try:
        rc = _lib.lib().ssdk_device_disk(_lib.text(target), buf, len(buf))
    except ValueError:  # a path with a NUL: no such disk
        return None
    return None if rc else buf.value.decode(errors="replace")


class Controller:
    """A connection to the module; a context manager that closes it.

    Raises LibraryNotFoundError without libssdk, ModuleNotLoadedError
    without the module, SsdkPermissionError without CAP_NET_ADMIN.
    """

    _h: ctypes.c_void_p | None = None

    def __init__(self) -> None:
        self._lib = _lib.lib()
        h = ctypes.c_void_p()
        err = self._lib.ssdk_open(ctypes.byref(h))
        if err < 0:
            msg = (self._lib.ssdk_last_error(None) or b"").decode(errors="replace")
            if -err == _ERRNO_ENOENT:
                raise ModuleNotLoadedError(
                    -err, f"{msg}: load it with `sudo modprobe ssdk` (or, in a source "
                    "tree, `sudo insmod kmod/ssdk.ko`)")
            raise error_from(err, msg)
        self._h = h
        self._info: Info | None = None

    # --- the handle ------------------------------------------------------------------

    def close(self) -> None:
        """Close the handle: owned runs stop."""
        if self._h is not None:
            self._lib.ssdk_close(self._h)
            self._h = None

    def __enter__(self) -> Controller:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:
        self.close()

    @property
    def handle(self) -> ctypes.c_void_p:
        if self._h is None:
            raise ValueError("the controller is closed")
        return self._h

    def check(self, err: int) -> int:
        """Raise the SsdkError of libssdk's negative *err*; else return it."""
        if err >= 0:
            return err
        msg = (self._lib.ssdk_last_error(self.handle) or b"").decode(errors="replace")
        attr = (self._lib.ssdk_last_error_attr(self.handle) or b"").decode(errors="replace")
        if -err == _ERRNO_ENOENT and "no run with this id" in msg:
            raise RunNotFoundError(-err, msg, attr)
        raise error_from(err, msg, attr)

    # --- the module ---------------------------------------------------------------------

    def info(self) -> Info:
        """What the module reports about itself."""
        i = _lib.Info()
        self.check(self._lib.ssdk_info_get(self.handle, ctypes.byref(i)))
        return Info(i.version.decode(), i.kernel_release.decode(), spec.Cap(i.caps), i.cpus,
                    i.clock_res_ns, i.family_version, i.max_runs, i.hist_sub_bits,
                    i.hist_buckets, i.mem_budget, i.mem_used)

    def conditions(self, target: str) -> dict[str, str]:
        """Where a run on *target* runs: the CLI's conditions, and the date and host."""
        if self._info is None:
            self._info = self.info()
        return {
            "kernel": self._info.kernel_release, "ssdk": self._info.version,
            "device": device_model(target), **device_id(target),
            "date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M:%S UTC"),
            "host": platform.node(),
        }

    # --- runs ------------------------------------------------------------------------------

    def check_job(self, job: Job) -> None:
        """Have the module check every run of *job* (run-start's dry-run); starts nothing."""
        for target, values in job.runs():
            c = job.config(target, values)
            self.check(self._lib.ssdk_run_check(self.handle, ctypes.byref(c)))

    def start(self, job: Job) -> Run:
        """Start every run of *job*, each checked first, and return them as one Run."""
        runs = list(job.runs())
        configs = [job.config(t, v) for t, v in runs]
        for c in configs:
            self.check(self._lib.ssdk_run_check(self.handle, ctypes.byref(c)))
        if job.file_size is not None:
            from .layout import lay_out
            for t in job.targets:
                lay_out(t, job.file_size)
        ids: list[int] = []
        try:
            for c in configs:
                new = ctypes.c_uint32()
                self.check(self._lib.ssdk_run_start(self.handle, ctypes.byref(c),
                                                    ctypes.byref(new)))
                ids.append(new.value)
        except BaseException:
            for rid in ids:
                self._lib.ssdk_run_stop(self.handle, rid)
            raise
        return Run(self, ids, job)

    def run(self, job: Job, progress: bool = False) -> Results:
        """Start *job*, wait for its end (Ctrl-C stops it) and return its results."""
        r = self.start(job)
        r.wait(progress=progress)
        return r.results()

    def sweep(self, job: Job, iodepths: Iterable[int], progress: bool = False) -> list[Results]:
        """*job* at each iodepth in turn, every point checked before the first runs.

        Ctrl-C stops the point that runs and ends the sweep: the points done
        so far, and that one's partial results, are returned.
        """
        jobs = [job.with_(iodepth=qd) for qd in iodepths]
        for j in jobs:
            self.check_job(j)
        out = []
        for j in jobs:
            r = self.start(j)
            r.wait(progress=progress)
            out.append(r.results())
            if r.interrupted:
                break
        return out

    def status(self, run_id: int) -> Results:
        """A run's status (counts so far; no histogram)."""
        st = _lib.RunStatus()
        self.check(self._lib.ssdk_run_get(self.handle, run_id, ctypes.byref(st)))
        return lib_results.results(st, None)

    def list(self) -> list[Results]:
        """Every run the module keeps, as statuses."""
        n = self.check(self._lib.ssdk_run_list(self.handle, None, 0))
        arr = (_lib.RunStatus * max(n, 1))()
        n = min(self.check(self._lib.ssdk_run_list(self.handle, arr, n)), n)
        return [lib_results.results(arr[i], None) for i in range(n)]

    def results(self, run_id: int, conditions: dict[str, str] | None = None,
                name: str = "") -> Results:
        """A run's results: histograms, slowest IOs, time series, capture (a
        running run's so far)."""
        return lib_results.results(*self.fetch(run_id), conditions=conditions, name=name)

    def fetch(self, run_id: int) -> lib_results.Raw:
        """A run's results as libssdk gives them, converted: status, histograms, records."""
        return self.fetch_structs(run_id).convert()

    def fetch_structs(self, run_id: int) -> lib_results.Structs:
        """libssdk's structs of a run's results, unconverted (a running run's
        records as far as it has come: its slowest as of its last interval)."""
        st = _lib.RunStatus()
        nb = self._lib.ssdk_hist_buckets()
        hists = np.zeros(_lib.NR_SETS * nb, dtype=np.uint64)
        hp = hists.ctypes.data_as(ctypes.POINTER(ctypes.c_uint64))
        self.check(self._lib.ssdk_results_get(self.handle, run_id, ctypes.byref(st), hp))
        out = lib_results.Structs(st, hists)
        out.slowest, out.nr_slowest = self._records(self._lib.ssdk_slowest_get, run_id,
                                                    st.config.slowest_n)
        out.captured, out.nr_captured = self._records(
            lambda h, i, a, m: self._lib.ssdk_captured_get(h, i, 0, a, m), run_id,
            st.captured_count)
        n = st.ts_count
        out.ts = (_lib.TsPoint * max(n, 1))()
        out.nr_ts = min(self.check(self._lib.ssdk_timeseries_get(self.handle, run_id, 0,
                                                                   out.ts, n)), n)
        return out

    def _records(self, fn: Any, run_id: int, room: int) -> tuple[Any, int]:
        arr = (_lib.IoRec * max(room, 1))()
        return arr, min(self.check(fn(self.handle, run_id, arr, room)), room)

    def stop(self, run_id: int) -> None:
        """Stop a run; returns once its IOs have completed."""
        self.check(self._lib.ssdk_run_stop(self.handle, run_id))

    def delete(self, run_id: int) -> None:
        """Delete an ended run and its results."""
        self.check(self._lib.ssdk_run_delete(self.handle, run_id))

    def follow(self, run_id: int, room: int = 256) -> Iterator[TimeSeries]:
        """A run's time series as the module pushes it (libssdk's
        ssdk_follow()): a TimeSeries of the intervals that closed, each
        time some do, in order and each once (the ones before the call
        first), until the run has ended and its last are given. Leaving
        the loop (or Ctrl-C) leaves the run going."""
        st = _lib.RunStatus()
        nxt = ctypes.c_uint32(0)
        pts = (_lib.TsPoint * room)()
        while True:
            # In slices, so that Ctrl-C is seen between them.
            n = self._lib.ssdk_follow(self.handle, run_id, ctypes.byref(nxt), ctypes.byref(st),
                                      pts, room, _WAIT_SLICE_MS)
            if n in (-110, -4):  # ETIMEDOUT, EINTR
                continue
            if not self.check(n):
                return
            yield lib_results.timeseries(st.config.ts_interval_ns, pts, n,
                                         anatomy=bool(st.config.anatomy))

    def wait_ended(self, run_id: int, timeout_ms: int) -> bool:
        """Wait up to *timeout_ms* for a run's end: whether it has ended."""
        err = self._lib.ssdk_run_wait(self.handle, run_id, timeout_ms)
        if err in (-110, -4):  # ETIMEDOUT, EINTR
            return False
        self.check(err)
        return True


def _system_of(job: Job) -> system.Conditions | None:
    """The machine's conditions for the job's first target and CPUs, as the
    CLI records them (None where they cannot be read)."""
    if not job.targets:
        return None
    cpus = (str(job.cpu) if job.cpu is not None else
            ",".join(map(str, job.cpus)) if job.cpus else None)
    for target in (job.targets[0], None):  # a file with no disk: the host's
        try:
            return system.read(target, cpus)
        except ValueError:
            continue
    return None


class Run:
    """The runs of one Job, started: one per target and worker (usually one)."""

    def __init__(self, ctl: Controller, ids: Sequence[int], job: Job) -> None:
        self.ctl = ctl
        self.ids = list(ids)
        self.job = job
        self.interrupted = False
        self._conditions = ctl.conditions(job.targets[0]) if job.targets else {}
        self._system = _system_of(job)

    @property
    def id(self) -> int:
        return self.ids[0]

    def status(self) -> list[Results]:
        return [self.ctl.status(i) for i in self.ids]

    def done(self) -> bool:
        return all(s.state not in ("running", "stopping") for s in self.status())

    def wait(self, timeout: float | None = None, progress: bool = False) -> bool:
        """Wait for the end (at most *timeout* s): whether every run has ended.

        With *progress*, a progress bar on stderr (IOPS, elapsed/total).
        Ctrl-C stops the runs, waits for their IOs, and returns: their
        partial results stay (``interrupted`` is then True).
        """
        from .progress import Progress
        deadline = None if timeout is None else time.monotonic() + timeout
        bar = Progress(self) if progress else None
        try:
            for rid in self.ids:
                while not self.ctl.wait_ended(rid, _WAIT_SLICE_MS):
                    if bar is not None:
                        bar.update()
                    if deadline is not None and time.monotonic() >= deadline:
                        return False
        except KeyboardInterrupt:
            self.interrupted = True
            self.stop()
        finally:
            if bar is not None:
                bar.close()
        return True

    def follow(self) -> Iterator[TimeSeries]:
        """The first run's time series as it closes (Controller.follow())."""
        return self.ctl.follow(self.id)

    def stop(self) -> None:
        """Stop every run; returns once their IOs have completed."""
        for rid in self.ids:
            self.ctl.stop(rid)

    def results(self) -> Results:
        """The results: of the one run, or the total of several with each in ``workers``."""
        name = self.job.name
        raws = [self.ctl.fetch(i) for i in self.ids]
        each = [dataclasses.replace(
            lib_results.results(*raw, conditions=self._conditions, name=name),
            system=self._system) for raw in raws]
        if len(each) == 1:
            return each[0]
        st, hists = lib_results.total(raws)
        t = lib_results.results(st, hists, conditions=self._conditions, name=name)
        return dataclasses.replace(t, workers=tuple(each), system=self._system)

    def delete(self) -> None:
        """Delete the ended runs."""
        for rid in self.ids:
            self.ctl.delete(rid)



def run(job: Job, progress: bool = False, delete: bool = True) -> Results:
    """Run *job* on a controller of its own; its results (the runs deleted unless asked)."""
    with Controller() as ctl:
        r = ctl.start(job)
        r.wait(progress=progress)
        res = r.results()
        if delete:
            r.delete()
        return res


def sweep(job: Job, iodepths: Iterable[int], progress: bool = False) -> list[Results]:
    """Controller.sweep() on a controller of its own; the runs are deleted."""
    with Controller() as ctl:
        out = ctl.sweep(job, iodepths, progress)
        for r in out:
            for w in r.workers or (r,):
                with contextlib.suppress(SsdkError):
                    ctl.delete(w.id)
        return out
