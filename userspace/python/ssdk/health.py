# SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause
"""A drive's health and temperature, as smartmontools reports them.

``smartctl -j -x DEV`` (smartmontools 7's JSON, the ecosystem's tool: no
SMART parsing of ssdk's own) read before and after each step of a
review; ``summary()`` keeps the figures a review quotes of it: the
temperature, the hours powered on, the overall assessment, and of an
NVMe drive its health log's wear, data written, warnings, media errors
and the minutes spent above its warning and critical temperatures (which
tell thermal throttling: ``throttled()``).

Over a step the drive's temperature is sampled every few seconds
(``Sampler``) from the cheapest honest source (``temp_source()``): the
kernel's hwmon of the drive (NVMe's, CONFIG_NVME_HWMON; SATA's drivetemp
when loaded), else ``smartctl -j -A``. ``throttle_marks()`` is the rule
that marks a run's stretches as throttled: the drive over its own warning
temperature, or its throughput fallen while its temperature peaked.
"""


from __future__ import annotations

import itertools
import json
import math
import os
import shutil
import statistics
import subprocess
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

SMARTCTL = "smartctl"
# smartctl's exit status is a bit mask: bits 0 and 1 say the command line
# or the device failed (no data); the others describe the drive's state.
_FAILED_BITS = 0x3
# The NVMe health log's fields a review keeps, as smartctl names them.
NVME_FIELDS = ("critical_warning", "percentage_used", "data_units_written",
               "data_units_read", "media_errors", "warning_temp_time", "critical_comp_time",
               "unsafe_shutdowns")


def read(dev: str, timeout: float = 60, what: str = "-x") -> dict[str, Any] | None:
    """smartctl's JSON of *dev* (``-x``: all of it; ``-A``: the attributes
    and health log, the temperature among them); None without smartctl, or
    when it could not read the device (a null_blk, a virtio disk: no SMART)."""
    tool = shutil.which(SMARTCTL) or shutil.which(SMARTCTL, path="/usr/sbin:/sbin")
    if tool is None:
        return None
    try:
        p = subprocess.run([tool, "-j", what, dev], capture_output=True, timeout=timeout,
                           check=False)
        doc = json.loads(p.stdout)
    except (OSError, subprocess.TimeoutExpired, ValueError):
        return None
    if not isinstance(doc, dict) or p.returncode & _FAILED_BITS:
        return None
    return doc


def _get(doc: Any, *path: str) -> Any:
    for k in path:
        doc = doc.get(k) if isinstance(doc, dict) else None
    return doc


def summary(doc: dict[str, Any] | None) -> dict[str, Any] | None:
    """The figures a review quotes of smartctl's JSON; None for none."""
    if doc is None:
        return None
    out: dict[str, Any] = {
        "model": _get(doc, "model_name"),
        "firmware": _get(doc, "firmware_version"),
        "temperature_c": _get(doc, "temperature", "current"),
        "power_on_hours": _get(doc, "power_on_time", "hours"),
        "smart_passed": _get(doc, "smart_status", "passed"),
    }
    log = _get(doc, "nvme_smart_health_information_log")
    if isinstance(log, dict):
        out.update({k: log.get(k) for k in NVME_FIELDS})
    return out


def throttled(before: dict[str, Any] | None, after: dict[str, Any] | None) -> bool | None:
    """Whether the drive spent time above its warning or critical temperature
    between two summaries (the NVMe health log's minutes, which the drive
    counts while it throttles); None when they do not say."""
    if not before or not after:
        return None
    seen = False
    for k in ("warning_temp_time", "critical_comp_time"):
        a, b = before.get(k), after.get(k)
        if isinstance(a, int) and isinstance(b, int):
            seen = True
            if b > a:
                return True
    return False if seen else None


# --- the temperature over a step --------------------------------------------------------

# A sample every 5 s: a drive's temperature moves over tens of seconds (its
# case's thermal mass), throttling lasts as long, and an NVMe hwmon read is
# a Get Log Page admin command (drivetemp's, an SCT or SMART read): once
# every few seconds is nothing beside a run's IOs, and a step's end waits
# for one read at most.
PERIOD_S = 5.0
SMARTCTL_TIMEOUT_S = 10.0
# The rule of throttle_marks(): throughput fallen by more than DROP_PCT% from
# the run's cooler stretches while the temperature was within NEAR_C of its
# peak, and the peak at least RISE_C above the run's coolest sample.
DROP_PCT = 20.0
NEAR_C = 2.0
RISE_C = 5.0
# A mark's reason: the drive over its warning temperature (its own
# threshold, hwmon's temp1_max), or throughput fallen as the drive heated.
WARNING, FALL = "warning", "throughput"

Sample = tuple[float, float]  # (seconds, °C)
Mark = tuple[float, float, str]  # (from s, to s, WARNING or FALL)


def _milli_c(path: Path) -> float | None:
    """A hwmon temperature file's °C; None when unreadable or absurd."""
    try:
        v = int(path.read_text().strip()) / 1000
    except (OSError, ValueError):
        return None
    return v if -100 < v < 250 else None


def hwmon_input(disk: str, sysfs: str = "/sys") -> Path | None:
    """The temp1_input of *disk*'s hwmon: NVMe's on its controller
    (``/sys/block/nvme0n1/device`` is nvme0, whose ``hwmonN``; a multipath
    head's device is its subsystem, whose controllers are looked in), or
    drivetemp's on a SATA disk's SCSI device (``device/hwmon/hwmonN``)."""
    dev = Path(sysfs, "block", os.path.basename(os.path.realpath(disk)), "device")
    dirs = [dev]
    try:
        dirs += sorted(p for p in dev.iterdir()
                       if p.name.startswith("nvme") and p.name[4:].isdigit())
    except OSError:
        return None
    for d in dirs:
        for pattern in ("hwmon*/temp1_input", "hwmon/hwmon*/temp1_input"):
            for p in sorted(d.glob(pattern)):
                if _milli_c(p) is not None:
                    return p
    return None


def smartctl_temp(dev: str) -> float | None:
    """The drive's temperature as ``smartctl -j -A`` reports it."""
    v = _get(read(dev, SMARTCTL_TIMEOUT_S, "-A"), "temperature", "current")
    return float(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else None


@dataclass(frozen=True)
class TempSource:
    """Where a drive's temperature is read: ``name`` the hwmon file or the
    smartctl command; ``warning_c`` and ``critical_c`` the drive's own
    thresholds (hwmon's temp1_max and temp1_crit; None when not given)."""

    name: str
    read: Callable[[], float | None]
    warning_c: float | None = None
    critical_c: float | None = None


def temp_source(disk: str, sysfs: str = "/sys") -> TempSource | None:
    """The cheapest honest source of *disk*'s temperature: its hwmon, else
    smartctl when it reports one; None when neither does."""
    p = hwmon_input(disk, sysfs)
    if p is not None:
        real = Path(os.path.realpath(p))
        return TempSource(str(real), lambda: _milli_c(real), _milli_c(real.parent / "temp1_max"),
                          _milli_c(real.parent / "temp1_crit"))
    if smartctl_temp(disk) is None:
        return None
    return TempSource(f"{SMARTCTL} -j -A {disk}", lambda: smartctl_temp(disk))


@dataclass
class Sampler:
    """A thread reading *read* every *period* seconds while a step runs:
    ``samples`` are (seconds from *t0*, °C) on *clock* (the monotonic
    clock the step is timed by). *runs*, when given, says the runs going
    on and their time since they started (``elapsed_ns`` / 1e9): ``starts``
    keeps each run's start on the same clock, from when it was first seen.
    stop() ends the thread and joins it: it waits for one read at most (the
    read in flight, or the last one, the temperature as the step ended)."""

    read: Callable[[], float | None]
    period: float = PERIOD_S
    t0: float = 0.0
    runs: Callable[[], dict[int, float]] | None = None
    clock: Callable[[], float] = time.monotonic
    samples: list[Sample] = field(default_factory=list)
    starts: dict[int, float] = field(default_factory=dict)
    _stop: threading.Event = field(default_factory=threading.Event)
    _thread: threading.Thread | None = None

    def start(self) -> Sampler:
        self._thread = threading.Thread(target=self._loop, name="ssdk-temp", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
            self._thread = None

    def __enter__(self) -> Sampler:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def _sample(self) -> None:
        try:
            c = self.read()
        except Exception:  # a source that fails is a sample missed, not a step failed
            c = None
        if c is not None:
            self.samples.append((round(self.clock() - self.t0, 3), c))
        if self.runs is None:
            return
        try:
            going = self.runs()
        except Exception:
            return
        now = self.clock()
        for run_id, elapsed in going.items():
            self.starts.setdefault(run_id, round(now - elapsed - self.t0, 4))

    def _loop(self) -> None:
        while True:
            self._sample()
            if self._stop.is_set():  # asked during the read: it was the last
                return
            if self._stop.wait(self.period):
                self._sample()
                return


def _mean_over(intervals: Sequence[tuple[float, float, float]], a: float, b: float
               ) -> float | None:
    """The time-weighted mean rate of *intervals* ((from, to, rate)) over [a, b)."""
    num = den = 0.0
    for s, e, v in intervals:
        w = min(e, b) - max(s, a)
        if w > 0:
            num += v * w
            den += w
    return num / den if den > 0 else None


def throttle_marks(intervals: Sequence[tuple[float, float, float]], samples: Sequence[Sample],
                   warning_c: float | None = None, drop_pct: float = DROP_PCT,
                   near_c: float = NEAR_C, rise_c: float = RISE_C) -> list[Mark]:
    """A run's throttled stretches, from its time series' *intervals* ((from
    s, to s, throughput)) and the drive's temperature *samples* ((s, °C)),
    both in seconds from the run's start.

    Each stretch between two samples is a window, its temperature the
    higher of the two and its throughput the intervals' mean over it. A
    window is marked WARNING when its temperature is at or above the drive's
    own *warning_c*; FALL when its temperature is within *near_c* of the
    run's peak, the peak is at least *rise_c* above the run's coolest
    sample, and its throughput is more than *drop_pct*% below the median of
    the cooler windows' (those further below the peak). Adjacent windows of
    one reason are one mark; a WARNING window is not also a FALL."""
    if not intervals:
        return []
    end = max(e for _, e, _ in intervals)
    pts = sorted(samples)
    wins: list[tuple[float, float, float, float]] = []  # from, to, °C, throughput
    coolest = math.inf
    for (t1, c1), (t2, c2) in itertools.pairwise(pts):
        a, b = max(t1, 0.0), min(t2, end)
        thr = _mean_over(intervals, a, b) if b > a else None
        if thr is not None:
            wins.append((a, b, max(c1, c2), thr))
            coolest = min(coolest, c1, c2)
    if not wins:
        return []
    peak = max(c for _, _, c, _ in wins)
    cool = [thr for _, _, c, thr in wins if c < peak - near_c]
    base = statistics.median(cool) if cool and peak - coolest >= rise_c else None
    out: list[Mark] = []
    for a, b, c, thr in wins:
        why = WARNING if warning_c is not None and c >= warning_c else \
            FALL if base is not None and c >= peak - near_c and \
            thr < base * (1 - drop_pct / 100) else None
        if why is None:
            continue
        if out and out[-1][2] == why and out[-1][1] == a:
            out[-1] = (out[-1][0], b, why)
        else:
            out.append((a, b, why))
    return out


@dataclass(frozen=True)
class RunTemperature:
    """The drive's temperature over one run, as a review recorded it
    (DIR/temp-NN.json): ``samples`` and ``marks`` in seconds from the run's
    start; ``source`` where it was read; the drive's thresholds."""

    source: str
    samples: tuple[Sample, ...]
    marks: tuple[Mark, ...] = ()
    warning_c: float | None = None
    critical_c: float | None = None
    period_s: float = PERIOD_S

    def over(self, end_s: float) -> list[Sample]:
        """The samples over a run of *end_s* seconds, a period either side:
        the temperature as it began and as it ended."""
        return [(t, c) for t, c in self.samples
                if -self.period_s <= t <= end_s + self.period_s]

    @property
    def range_text(self) -> str:
        lo, hi = min(c for _, c in self.samples), max(c for _, c in self.samples)
        return f"{lo:.0f} °C" if round(lo) == round(hi) else f"{lo:.0f}-{hi:.0f} °C"


def _num(v: Any) -> float | None:
    return float(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else None


def run_temperatures(doc: Any) -> dict[int, RunTemperature]:
    """A temp-NN.json's runs by id, each with the step's samples moved onto
    its own time; {} for a document that is not one."""
    out: dict[int, RunTemperature] = {}
    if not isinstance(doc, dict) or not isinstance(doc.get("samples"), list):
        return out
    pts = [(float(p[0]), float(p[1])) for p in doc["samples"]
           if isinstance(p, list) and len(p) == 2 and all(_num(x) is not None for x in p)]
    for run in doc.get("runs") or ():
        t0 = _num(run.get("start_s")) if isinstance(run, dict) else None
        if t0 is None or not isinstance(run.get("id"), int):
            continue
        marks = tuple((float(m[0]), float(m[1]), str(m[2])) for m in run.get("marks") or ()
                      if isinstance(m, list) and len(m) == 3)
        out[run["id"]] = RunTemperature(str(doc.get("source", "")),
                                        tuple((round(t - t0, 3), c) for t, c in pts), marks,
                                        _num(doc.get("warning_c")), _num(doc.get("critical_c")),
                                        _num(doc.get("period_s")) or PERIOD_S)
    return out
