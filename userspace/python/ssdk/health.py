# SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause
"""A drive's health and temperature, as smartmontools reports them.

``smartctl -j -x DEV`` (smartmontools 7's JSON, the ecosystem's tool: no
SMART parsing of ssdk's own) read before and after each step of a
review; ``summary()`` keeps the figures a review quotes of it: the
temperature, the hours powered on, the overall assessment, and of an
NVMe drive its health log's wear, data written, warnings, media errors
and the minutes spent above its warning and critical temperatures (which
tell thermal throttling: ``throttled()``).
"""

from __future__ import annotations

import json
import shutil
import subprocess
from typing import Any

SMARTCTL = "smartctl"
# smartctl's exit status is a bit mask: bits 0 and 1 say the command line
# or the device failed (no data); the others describe the drive's state.
_FAILED_BITS = 0x3
# The NVMe health log's fields a review keeps, as smartctl names them.
NVME_FIELDS = ("critical_warning", "percentage_used", "data_units_written",
               "data_units_read", "media_errors", "warning_temp_time", "critical_comp_time",
               "unsafe_shutdowns")


def read(dev: str, timeout: float = 60) -> dict[str, Any] | None:
    """smartctl's JSON of *dev*; None without smartctl, or when it could not
    read the device (a null_blk, a virtio disk: no SMART)."""
    tool = shutil.which(SMARTCTL) or shutil.which(SMARTCTL, path="/usr/sbin:/sbin")
    if tool is None:
        return None
    try:
        p = subprocess.run([tool, "-j", "-x", dev], capture_output=True, timeout=timeout,
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
