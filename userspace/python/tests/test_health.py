# SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause
"""ssdk.health: smartctl's JSON read, summed up, and thermal throttling told.

smartctl is stood in for by a script on PATH printing what smartmontools
7.3 prints of an NVMe drive (its keys, as the real tool names them), with
the exit status's bits: those of a failed command or device give no
data, the others (the drive's state) still do.
"""

from __future__ import annotations

import json
import os
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from ssdk import health


def nvme_doc(temp: int = 38, warn_min: int = 0) -> dict[str, Any]:
    return {
        "json_format_version": [1, 0],
        "smartctl": {"version": [7, 3], "exit_status": 0},
        "device": {"name": "/dev/nvme0", "type": "nvme", "protocol": "NVMe"},
        "model_name": "QEMU NVMe Ctrl", "serial_number": "ssdk-nvme", "firmware_version": "8.2.1",
        "smart_status": {"passed": True, "nvme": {"value": 0}},
        "nvme_smart_health_information_log": {
            "critical_warning": 0, "temperature": temp, "available_spare": 0,
            "percentage_used": 3, "data_units_read": 1200, "data_units_written": 3400,
            "host_reads": 10, "host_writes": 20, "power_on_hours": 7, "unsafe_shutdowns": 1,
            "media_errors": 0, "warning_temp_time": warn_min, "critical_comp_time": 0},
        "temperature": {"current": temp},
        "power_on_time": {"hours": 7},
    }


def fake_smartctl(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, doc: object,
                  status: int) -> Path:
    bin_ = tmp_path / "bin"
    bin_.mkdir(exist_ok=True)
    out = tmp_path / "out.json"
    out.write_text(json.dumps(doc) if not isinstance(doc, str) else doc)
    script = bin_ / "smartctl"
    script.write_text(f"#!/bin/sh\necho \"$@\" >{tmp_path}/argv\ncat {out}\nexit {status}\n")
    script.chmod(0o755)
    monkeypatch.setenv("PATH", f"{bin_}:{os.environ.get('PATH', '')}")
    return tmp_path / "argv"


def test_read_and_summary(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    argv = fake_smartctl(tmp_path, monkeypatch, nvme_doc(), 0)
    doc = health.read("/dev/nvme0n1")
    assert argv.read_text().split() == ["-j", "-x", "/dev/nvme0n1"]
    s = health.summary(doc)
    assert s == {"model": "QEMU NVMe Ctrl", "firmware": "8.2.1", "temperature_c": 38,
                 "power_on_hours": 7, "smart_passed": True, "critical_warning": 0,
                 "percentage_used": 3, "data_units_written": 3400, "data_units_read": 1200,
                 "media_errors": 0, "warning_temp_time": 0, "critical_comp_time": 0,
                 "unsafe_shutdowns": 1}


@pytest.mark.parametrize(("status", "data"), [
    (0x1, False),   # the command line was refused
    (0x2, False),   # the device could not be opened
    (0x4, True),    # a command to the drive failed: what it said is there
    (0x40, True),   # errors in the drive's log
    (0xfc, True),   # every bit of the drive's state, none of a failure
])
def test_exit_bits(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, status: int,
                   data: bool) -> None:
    fake_smartctl(tmp_path, monkeypatch, nvme_doc(), status)
    assert (health.read("/dev/nvme0n1") is not None) == data


def test_no_tool_or_no_json(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fake_smartctl(tmp_path, monkeypatch, "not json", 0)
    assert health.read("/dev/nvme0n1") is None
    fake_smartctl(tmp_path, monkeypatch, [1, 2], 0)
    assert health.read("/dev/nvme0n1") is None
    monkeypatch.setenv("PATH", str(tmp_path / "nowhere"))
    monkeypatch.setattr("shutil.which", lambda *_a, **_k: None)
    assert health.read("/dev/nvme0n1") is None
    assert health.summary(None) is None


def test_an_ata_drive_has_no_nvme_log() -> None:
    doc = {"model_name": "INTEL SSDSC2CW120A3", "firmware_version": "400i",
           "temperature": {"current": 31}, "power_on_time": {"hours": 9000},
           "smart_status": {"passed": False}}
    assert health.summary(doc) == {"model": "INTEL SSDSC2CW120A3", "firmware": "400i",
                                   "temperature_c": 31, "power_on_hours": 9000,
                                   "smart_passed": False}


def test_throttled() -> None:
    cool, hot = health.summary(nvme_doc(40, 5)), health.summary(nvme_doc(78, 6))
    assert health.throttled(cool, hot) is True
    assert health.throttled(cool, cool) is False
    ata = health.summary({"temperature": {"current": 30}})
    assert health.throttled(ata, ata) is None  # the drive does not say
    assert health.throttled(None, hot) is None


def test_the_disk_of_a_target_is_libssdks() -> None:
    """review.disk_of() is libssdk's ssdk_device_disk() (its cases are
    device_test's): a path that is no device is itself; a file's disk is
    the one its filesystem is on, as sysfs names it, or none (tmpfs)."""
    import os

    from ssdk.controller import device_disk
    from ssdk.review import disk_of
    assert disk_of("/nonexistent") == "/nonexistent"
    assert disk_of("/dev/x\0y") == "/dev/x\0y"
    st = os.stat(__file__)
    sysdir = f"/sys/dev/block/{os.major(st.st_dev)}:{os.minor(st.st_dev)}"
    disk = device_disk(__file__)
    if not os.path.exists(sysdir):
        assert disk is None
    else:
        real = os.path.realpath(sysdir)
        if os.path.exists(f"{real}/partition"):
            real = os.path.dirname(real)
        assert disk == f"/dev/{os.path.basename(real)}"


# --- the temperature over a step ----------------------------------------------------------

def fake_hwmon(root: Path, milli: int = 49850) -> Path:
    """An NVMe drive's sysfs as the kernel lays it out: the disk's device is
    its controller, whose hwmon is a directory of its own (class device)."""
    ctrl = root / "devices" / "nvme" / "nvme0"
    hw = ctrl / "hwmon3"
    hw.mkdir(parents=True)
    (hw / "name").write_text("nvme\n")
    (hw / "temp1_input").write_text(f"{milli}\n")
    (hw / "temp1_max").write_text("69850\n")
    (hw / "temp1_crit").write_text("99850\n")
    (root / "block" / "nvme0n1").mkdir(parents=True)
    (root / "block" / "nvme0n1" / "device").symlink_to(ctrl)
    return hw / "temp1_input"


def test_hwmon_nvme(tmp_path: Path) -> None:
    f = fake_hwmon(tmp_path)
    src = health.temp_source("/dev/nvme0n1", str(tmp_path))
    assert src is not None
    assert src.name == str(f) and src.read() == 49.85
    assert (src.warning_c, src.critical_c) == (69.85, 99.85)
    f.write_text("51000\n")
    assert src.read() == 51.0


def test_hwmon_multipath_and_sata(tmp_path: Path) -> None:
    # a multipath head's device is its subsystem: the controllers' hwmon
    sub = tmp_path / "devices" / "nvme-subsys0"
    hw = sub / "nvme1" / "hwmon0"
    hw.mkdir(parents=True)
    (hw / "temp1_input").write_text("40000\n")
    (tmp_path / "block" / "nvme1n1").mkdir(parents=True)
    (tmp_path / "block" / "nvme1n1" / "device").symlink_to(sub)
    found = health.hwmon_input("/dev/nvme1n1", str(tmp_path))
    assert found is not None and found.resolve() == hw / "temp1_input"
    # drivetemp: under the SCSI device, in its hwmon/ directory
    sata = tmp_path / "block" / "sda" / "device" / "hwmon" / "hwmon5"
    sata.mkdir(parents=True)
    (sata / "temp1_input").write_text("33000\n")
    found = health.hwmon_input("/dev/sda", str(tmp_path))
    assert found is not None and found.resolve() == sata / "temp1_input"
    # no hwmon (drivetemp not loaded, a virtio disk): none
    (tmp_path / "block" / "vda" / "device").mkdir(parents=True)
    assert health.hwmon_input("/dev/vda", str(tmp_path)) is None


def test_smartctl_fallback(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    argv = fake_smartctl(tmp_path, monkeypatch, nvme_doc(temp=44), 0)
    (tmp_path / "sys" / "block" / "sdb" / "device").mkdir(parents=True)
    src = health.temp_source("/dev/sdb", str(tmp_path / "sys"))
    assert src is not None and src.name == "smartctl -j -A /dev/sdb"
    assert src.read() == 44.0 and src.warning_c is None
    assert argv.read_text().split() == ["-j", "-A", "/dev/sdb"]
    # a drive smartctl reads no temperature of: no source
    fake_smartctl(tmp_path, monkeypatch, {"smartctl": {}}, 0)
    assert health.temp_source("/dev/sdb", str(tmp_path / "sys")) is None


class Clock:
    """A clock the test moves: the sampler's reads take no time on it."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_sampler_reads_until_stopped(tmp_path: Path) -> None:
    f = fake_hwmon(tmp_path)
    src = health.temp_source("/dev/nvme0n1", str(tmp_path))
    assert src is not None
    with health.Sampler(src.read, period=0.01, t0=time.monotonic()) as s:
        time.sleep(0.2)
        f.write_text("52000\n")
        time.sleep(0.05)
    n = len(s.samples)
    assert n >= 5 and s._thread is None
    assert s.samples[0][1] == 49.85 and s.samples[-1][1] == 52.0
    assert [t for t, _ in s.samples] == sorted(t for t, _ in s.samples)
    time.sleep(0.05)
    assert len(s.samples) == n  # stopped: no read after


def test_sampler_stop_waits_one_read() -> None:
    # a read that takes 0.3 s: stop() during it waits for it, and no other
    started = threading.Event()
    reads: list[float] = []

    def slow() -> float:
        started.set()
        time.sleep(0.3)
        reads.append(time.monotonic())
        return 40.0

    s = health.Sampler(slow, period=60).start()
    started.wait()
    t = time.monotonic()
    s.stop()
    assert time.monotonic() - t < 0.5 and len(reads) == 1
    # stopped while waiting between reads: one last read, the end's temperature
    s = health.Sampler(lambda: 41.0, period=60).start()
    time.sleep(0.05)
    s.stop()
    assert [c for _, c in s.samples] == [41.0, 41.0]


def test_sampler_aligns_runs() -> None:
    # the runs' starts on the step's clock: the sample's time less the run's elapsed
    clock = Clock()
    going: dict[int, float] = {}
    s = health.Sampler(lambda: 45.0, t0=90.0, runs=lambda: dict(going), clock=clock)
    s._sample()  # t = 10 s into the step, no run yet
    going[7] = 2.5
    clock.now = 105.0
    s._sample()  # run 7 started 2.5 s before: at 12.5 s
    going[7] = 7.5
    going[8] = 0.25
    clock.now = 110.0
    s._sample()  # run 7's start is kept from when it was first seen
    assert s.samples == [(10.0, 45.0), (15.0, 45.0), (20.0, 45.0)]
    assert s.starts == {7: 12.5, 8: 19.75}


def test_sampler_survives_a_failing_source() -> None:
    def broken() -> float:
        raise OSError("gone")

    s = health.Sampler(broken, period=0.01, runs=lambda: {1: 1 / 0})
    with s:
        time.sleep(0.05)
    assert s.samples == [] and s.starts == {}


def flat(n: int, rate: float = 100.0) -> list[tuple[float, float, float]]:
    return [(float(i), float(i + 1), rate) for i in range(n)]


def test_throttle_rule_edges() -> None:
    # 40 s at 100 MB/s, then 10 s slower; the drive from 40 to 50 °C
    temps = [(0.0, 40.0), (10.0, 42.0), (20.0, 44.0), (30.0, 46.0), (40.0, 49.0), (50.0, 50.0)]
    for rate, marked in ((80.0, False), (79.0, True)):  # 20% down: not more than 20%
        iv = [*flat(40), *((float(i), float(i + 1), rate) for i in range(40, 50))]
        marks = health.throttle_marks(iv, temps)
        assert marks == ([(40.0, 50.0, health.FALL)] if marked else [])
    iv = [*flat(40), *((float(i), float(i + 1), 50.0) for i in range(40, 50))]
    # the window's temperature 2 °C from the peak is near it; 2.01 °C is not
    hot = [(0.0, 40.0), (10.0, 42.0), (20.0, 44.0), (30.0, 46.0), (40.0, 48.0), (50.0, 48.0),
           (60.0, 50.0)]
    iv60 = [*iv, *((float(i), float(i + 1), 100.0) for i in range(50, 60))]
    assert health.throttle_marks(iv60, hot) == [(40.0, 50.0, health.FALL)]
    hot[5] = (50.0, 47.99)
    hot[4] = (40.0, 47.99)
    assert health.throttle_marks(iv60, hot) == []
    # the temperature must have moved: 5 °C from the coolest sample to the peak
    for lo, marked in ((45.0, True), (45.01, False)):
        t = [(0.0, lo), (20.0, lo), (40.0, 47.0), (50.0, 50.0)]
        assert bool(health.throttle_marks(iv, t)) == marked


def test_throttle_rule_warning() -> None:
    # over the drive's own warning temperature: marked whatever the throughput
    temps = [(0.0, 60.0), (10.0, 69.85), (20.0, 69.84), (30.0, 69.84)]
    assert health.throttle_marks(flat(30), temps, warning_c=69.85) == [
        (0.0, 20.0, health.WARNING)]
    assert health.throttle_marks(flat(30), temps, warning_c=69.86) == []
    # samples outside the run are cut to it; no interval, no sample: no mark
    assert health.throttle_marks(flat(5), [(-5.0, 70.0), (15.0, 70.0)], 69.0) == [
        (0.0, 5.0, health.WARNING)]
    assert health.throttle_marks([], temps, 1.0) == []
    assert health.throttle_marks(flat(5), [(1.0, 99.0)], 1.0) == []
