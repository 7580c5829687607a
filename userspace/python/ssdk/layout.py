# SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause
"""Laying a kfile target out: create or extend it and write every byte.

As ``--file-size``: a file read before it is written reads holes, which
no filesystem stores, so every block is written with data that does not
compress; the file is synced so that the run finds it on the device.
"""

from __future__ import annotations

import os

from .units import Size, parse_size

_CHUNK = 1 << 20


def lay_out(path: str, size: Size) -> None:
    """Make *path* at least *size* bytes, writing the bytes added, and sync it."""
    want = parse_size(size)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT, 0o644)
    try:
        buf = os.urandom(_CHUNK)
        off = os.fstat(fd).st_size  # what is there was laid out before
        while off < want:
            n = min(_CHUNK, want - off)
            os.pwrite(fd, buf[:n], off)
            off += n
        os.fsync(fd)
    finally:
        os.close(fd)
