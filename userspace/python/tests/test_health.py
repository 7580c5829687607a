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
