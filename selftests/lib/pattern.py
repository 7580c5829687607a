#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""Ground truth for placement: stamp every sector of a block device with
its own number, and later find which sectors a run changed.

    pattern.py fill DEV
    pattern.py changed DEV BS   -> JSON: changed byte ranges as BS blocks
    pattern.py runs DEV         -> JSON: [[start, length], ...] of changed bytes
    pattern.py data DEV LEN     -> JSON: what the first LEN bytes hold

Both use O_DIRECT so that the page cache neither hides a write made by
bios underneath it nor keeps the stamp from reaching the device.
"""

import hashlib
import json
import mmap
import os
import struct
import sys
import zlib

SECTOR = 512
CHUNK = 1 << 20


def stamp(first_sector: int, count: int) -> bytes:
    return b"".join(
        struct.pack("<Q", s) * (SECTOR // 8)
        for s in range(first_sector, first_sector + count)
    )


def device_size(fd: int) -> int:
    return os.lseek(fd, 0, os.SEEK_END)


def fill(dev: str) -> None:
    fd = os.open(dev, os.O_WRONLY | os.O_DIRECT)
    buf = mmap.mmap(-1, CHUNK)
    try:
        size = device_size(fd)
        for off in range(0, size, CHUNK):
            n = min(CHUNK, size - off)
            buf[:n] = stamp(off // SECTOR, n // SECTOR)
            os.pwritev(fd, [memoryview(buf)[:n]], off)
        os.fsync(fd)
    finally:
        os.close(fd)


def changed(dev: str, bs: int) -> dict[str, object]:
    """Sectors that lost their stamp, grouped by the BS block they fall in."""
    fd = os.open(dev, os.O_RDONLY | os.O_DIRECT)
    buf = mmap.mmap(-1, CHUNK)
    blocks: dict[int, int] = {}
    try:
        size = device_size(fd)
        for off in range(0, size, CHUNK):
            n = min(CHUNK, size - off)
            os.preadv(fd, [memoryview(buf)[:n]], off)
            want = stamp(off // SECTOR, n // SECTOR)
            if buf[:n] == want:
                continue
            for s in range(0, n, SECTOR):
                if buf[s : s + SECTOR] != want[s : s + SECTOR]:
                    block = (off + s) // bs
                    blocks[block] = blocks.get(block, 0) + 1
    finally:
        os.close(fd)
    per_block = bs // SECTOR
    return {
        "blocks": len(blocks),
        "first": min(blocks) * bs if blocks else None,
        "end": (max(blocks) + 1) * bs if blocks else None,
        "partial": sum(1 for c in blocks.values() if c != per_block),
    }


def changed_sectors(dev: str) -> list[int]:
    """Numbers of the sectors that lost their stamp, in order."""
    fd = os.open(dev, os.O_RDONLY | os.O_DIRECT)
    buf = mmap.mmap(-1, CHUNK)
    sectors: list[int] = []
    try:
        size = device_size(fd)
        for off in range(0, size, CHUNK):
            n = min(CHUNK, size - off)
            os.preadv(fd, [memoryview(buf)[:n]], off)
            want = stamp(off // SECTOR, n // SECTOR)
            if buf[:n] == want:
                continue
            sectors += [
                (off + s) // SECTOR
                for s in range(0, n, SECTOR)
                if buf[s : s + SECTOR] != want[s : s + SECTOR]
            ]
    finally:
        os.close(fd)
    return sectors


def runs(dev: str) -> list[list[int]]:
    """Maximal runs of changed sectors, as [start, length] in bytes."""
    out: list[list[int]] = []
    for s in changed_sectors(dev):
        if out and out[-1][0] + out[-1][1] == s * SECTOR:
            out[-1][1] += SECTOR
        else:
            out.append([s * SECTOR, SECTOR])
    return out


def data(dev: str, length: int) -> dict[str, object]:
    """The first LENGTH bytes: what they are made of and how they compress."""
    fd = os.open(dev, os.O_RDONLY | os.O_DIRECT)
    buf = mmap.mmap(-1, length)
    try:
        os.preadv(fd, [buf], 0)
    finally:
        os.close(fd)
    raw = bytes(buf)
    return {
        "bytes": sorted(set(raw)) if len(set(raw)) <= 4 else None,
        "zlib_ratio": len(zlib.compress(raw, 6)) / length,
        "blocks_4k": length // 4096,
        "distinct_4k": len({raw[i : i + 4096] for i in range(0, length, 4096)}),
        "sectors": length // SECTOR,
        "distinct_sectors": len(
            {raw[i : i + SECTOR] for i in range(0, length, SECTOR)}
        ),
        "sha256": hashlib.sha256(raw).hexdigest(),
    }


def main(argv: list[str]) -> int:
    if len(argv) == 2 and argv[0] == "fill":
        fill(argv[1])
        return 0
    if len(argv) == 3 and argv[0] == "changed":
        print(json.dumps(changed(argv[1], int(argv[2]))))
        return 0
    if len(argv) == 2 and argv[0] == "runs":
        print(json.dumps(runs(argv[1])))
        return 0
    if len(argv) == 3 and argv[0] == "data":
        print(json.dumps(data(argv[1], int(argv[2]))))
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
