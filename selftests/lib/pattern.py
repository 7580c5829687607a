#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""Ground truth for placement: stamp every sector of a block device with
its own number, and later find which sectors a run changed.

    pattern.py fill DEV
    pattern.py changed DEV BS   -> JSON: changed byte ranges as BS blocks

Both use O_DIRECT so that the page cache neither hides a write made by
bios underneath it nor keeps the stamp from reaching the device.
"""

import json
import mmap
import os
import struct
import sys

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


def main(argv: list[str]) -> int:
    if len(argv) == 2 and argv[0] == "fill":
        fill(argv[1])
        return 0
    if len(argv) == 3 and argv[0] == "changed":
        print(json.dumps(changed(argv[1], int(argv[2]))))
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
