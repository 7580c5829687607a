#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
# ssdk-selftest: vm=main kernels=default time=10
"""A SATA drive's health, as a review records it: smartctl's JSON of
QEMU's SATA disk (vm-run --disk ahci:SIZE) read by the Python package
(ssdk.health), against what QEMU's IDE emulation reports (its SMART
attribute 190, 31 °C; hw/ide/core.c) and what sysfs says of the disk; and
its temperature over a step, from smartctl (no hwmon: drivetemp has none
for a disk without SCT or attribute 194)."""

from __future__ import annotations

import subprocess
from pathlib import Path

from lib.py import (
    KsftSkipEx,
    ksft_eq,
    ksft_exit,
    ksft_pr,
    ksft_run,
    ksft_true,
    sata_disk,
    ssdk,
)

QEMU_TEMP_C = 31  # hw/ide/core.c's smart_attributes: 190 (airflow), 0x1f


def disk() -> str:
    d = sata_disk()
    if d is None:
        raise KsftSkipEx("no SATA disk: vm-run --disk ahci:SIZE")
    return d


def smart_json() -> None:
    """health.read() and summary() of the SATA disk: the model and firmware
    sysfs gives, QEMU's temperature, SMART passed, its hours."""
    from ssdk import health
    d = disk()
    doc = health.read(d)
    ksft_true(doc is not None, f"smartctl -j -x {d} read")
    assert doc is not None
    s = health.summary(doc)
    assert s is not None
    ksft_pr(f"{d}: {s}")
    sysfs = Path(f"/sys/block/{Path(d).name}/device")
    ksft_eq(s["model"], (sysfs / "model").read_text().strip(), "the model, sysfs's")
    ksft_eq(s["firmware"], (sysfs / "rev").read_text().strip(), "the firmware, sysfs's rev")
    ksft_eq(s["temperature_c"], QEMU_TEMP_C, "QEMU's temperature")
    ksft_eq(s["smart_passed"], True, "SMART's overall assessment")
    ksft_true(isinstance(s["power_on_hours"], int), f"power on hours: {s['power_on_hours']}")
    ksft_eq(s.get("percentage_used"), None, "no NVMe health log")


def temp_over_a_step() -> None:
    """The sampler's source for the SATA disk: drivetemp loaded, still no
    hwmon; smartctl -j -A, reading QEMU's temperature."""
    from ssdk import health
    d = disk()
    subprocess.run(["modprobe", "drivetemp"], capture_output=True, check=False)
    ksft_eq(health.hwmon_input(d), None, "no hwmon")
    src = health.temp_source(d)
    assert src is not None
    ksft_eq(src.name, f"smartctl -j -A {d}", "the source")
    ksft_eq(src.read(), float(QEMU_TEMP_C), "a reading")


def main() -> None:
    assert ssdk is not None
    ksft_run([smart_json, temp_over_a_step])
    ksft_exit()


if __name__ == "__main__":
    main()
