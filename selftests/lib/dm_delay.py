#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""Swap the delay of a dm-delay device on a run's clock.

    dm_delay.py NAME DEV [T:MS...] -- START...

Runs START (ssdk -j ctl start ...: a run's id in JSON), prints the run's
id, then at each T seconds of the run (its elapsed time, read once from
ssdk -j ctl status) makes the table of /dev/mapper/NAME a dm-delay of MS
milliseconds over all of DEV, and says when on stderr. The tables are
loaded and resumed through the device-mapper ioctls
(include/uapi/linux/dm-ioctl.h) themselves, in a millisecond or so:
dmsetup takes most of a second per call in an emulated guest, and
starting Python as much, which would put the changes late by as much.
"""

from __future__ import annotations

import fcntl
import json
import os
import struct
import subprocess
import sys
import time

# struct dm_ioctl: version[3], data_size, data_start, target_count,
# open_count, flags, event_nr, padding, dev, name[128], uuid[129], data[7].
DM_IOCTL_FMT = "=3IIIIiIIIQ128s129s7s"
DM_IOCTL_SIZE = struct.calcsize(DM_IOCTL_FMT)  # 312
# struct dm_target_spec: sector_start, length, status, next, target_type[16].
DM_SPEC_FMT = "=QQiI16s"


def _iowr(nr: int) -> int:
    return (3 << 30) | (DM_IOCTL_SIZE << 16) | (0xFD << 8) | nr


DM_DEV_SUSPEND = _iowr(6)
DM_TABLE_LOAD = _iowr(9)


def dm_ioctl(ctl: int, cmd: int, name: str, data: bytes = b"", targets: int = 0) -> None:
    head = struct.pack(DM_IOCTL_FMT, 4, 0, 0, DM_IOCTL_SIZE + len(data), DM_IOCTL_SIZE,
                       targets, 0, 0, 0, 0, 0, name.encode(), b"", b"")
    buf = bytearray(head + data)
    fcntl.ioctl(ctl, cmd, buf)


def set_delay(ctl: int, name: str, dev: str, sectors: int, ms: int) -> None:
    """Load a dm-delay table of MS ms over DEV, then resume to swap it in."""
    params = f"{dev} 0 {ms}".encode() + b"\0"
    spec_len = struct.calcsize(DM_SPEC_FMT) + len(params)
    spec_len += -spec_len % 8
    spec = struct.pack(DM_SPEC_FMT, 0, sectors, 0, spec_len, b"delay") + params
    dm_ioctl(ctl, DM_TABLE_LOAD, name, spec.ljust(spec_len, b"\0"), targets=1)
    dm_ioctl(ctl, DM_DEV_SUSPEND, name)  # no DM_SUSPEND_FLAG: resume


def main(argv: list[str]) -> int:
    if "--" not in argv or argv.index("--") < 2 or argv.index("--") == len(argv) - 1:
        print(__doc__, file=sys.stderr)
        return 2
    sep = argv.index("--")
    name, dev = argv[:2]
    steps = [(float(t), int(ms)) for t, ms in (s.split(":") for s in argv[2:sep])]
    with open(f"/sys/class/block/{os.path.basename(os.path.realpath(dev))}/size",
              encoding="ascii") as f:
        sectors = int(f.read())
    ctl = os.open("/dev/mapper/control", os.O_RDWR)
    try:
        run = json.loads(subprocess.run(argv[sep + 1:], capture_output=True, text=True,
                                        check=True).stdout)["id"]
        print(run, flush=True)
        status = subprocess.run([os.environ.get("SSDK_CLI", "ssdk"), "-j", "ctl", "status",
                                 str(run)], capture_output=True, text=True, check=True)
        started = time.monotonic() - json.loads(status.stdout)["elapsed_ns"] / 1e9
        for t, ms in steps:
            time.sleep(max(0.0, started + t - time.monotonic()))
            set_delay(ctl, name, dev, sectors, ms)
            print(f"{time.monotonic() - started:.3f} s: {ms} ms", file=sys.stderr)
    finally:
        os.close(ctl)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
