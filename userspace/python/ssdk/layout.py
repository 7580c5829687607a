# SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause
"""Laying a kfile target out: create or extend it and write every byte.

As ``--file-size``: a file read before it is written reads holes, which
no filesystem stores, so every block is written with data that does not
compress, nor repeat (a drive that deduplicates finds no two chunks
alike); the file is synced so that the run finds it on the device.
"""

from __future__ import annotations

import os

import numpy as np

from .units import Size, parse_size

_CHUNK = 1 << 20


def lay_out(path: str, size: Size, seed: int | None = None) -> None:
    """Make *path* at least *size* bytes, writing the bytes added, and sync
    it; the data of *seed*'s generator (the same bytes for the same seed),
    or of a random one."""
    want = parse_size(size)
    rng = np.random.default_rng(seed)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT, 0o644)
    try:
        off = os.fstat(fd).st_size  # what is there was laid out before
        while off < want:
            n = min(_CHUNK, want - off)
            os.pwrite(fd, rng.bytes(n), off)
            off += n
        os.fsync(fd)
    finally:
        os.close(fd)
