# SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause
"""ssdk.trace: libssdk's summary of a trace file, through ctypes."""

from __future__ import annotations

import errno
from pathlib import Path

import pytest

import ssdk
from ssdk import _lib

HAVE_LIB = (Path(__file__).resolve().parent.parent.parent / _lib.SONAME).exists()
pytestmark = pytest.mark.skipif(not HAVE_LIB, reason="libssdk not built")

LOG = """fio version 3 iolog
1 /dev/nullb0 add
2 /dev/nullb0 open
10 /dev/nullb0 read 0 4096
20 /dev/nullb0 read 4096 4096
120 /dev/nullb0 write 1048576 131072
130 /dev/nullb0 read 65536 4096
130 /dev/nullb0 sync 0 0
200 /dev/nullb0 close
"""


def test_summary(tmp_path: Path) -> None:
    p = tmp_path / "t.log"
    p.write_text(LOG)
    s = ssdk.trace.summary(p)
    assert s.format == "iolog3"
    assert s.ios == 5 and s.bytes == 3 * 4096 + 131072
    assert s.ops == {"read": (3, 3 * 4096), "write": (1, 131072), "discard": (0, 0),
                     "flush": (1, 0)}
    assert s.sizes == [(4096, 3), (131072, 1)]
    assert s.share_of_size(4096) == 0.75 and s.read_share == 0.75
    assert s.sequential == 1 and s.sequential_share == 0.25
    assert s.qd_ios == []
    assert s.duration_ns == 120_000
    assert s.gap_ns is not None and s.gap_ns["min"] == 0 and s.gap_ns["max"] == 100_000
    assert s.footprint == 3 * 4096 + 131072 and s.lowest == 0
    assert s.highest == 1048576 + 131072


def test_ios_in_arrival_order(tmp_path: Path) -> None:
    p = tmp_path / "t.log"
    p.write_text(LOG)
    got = ssdk.trace.ios(p)
    assert [(io.t_ns, io.op, io.offset, io.len) for io in got] == [
        (0, "read", 0, 4096), (10_000, "read", 4096, 4096),
        (110_000, "write", 1048576, 131072), (120_000, "read", 65536, 4096),
        (120_000, "flush", 0, 0)]
    assert all(io.qd == 0 for io in got)


def test_bad_file_raises_the_library_message(tmp_path: Path) -> None:
    p = tmp_path / "bad.log"
    p.write_text("fio version 2 iolog\n/dev/a read zero 4096\n")
    with pytest.raises(ssdk.SsdkError) as e:
        ssdk.trace.summary(p)
    assert e.value.errno == errno.EBADMSG
    assert str(e.value) == f"{p}: iolog2: byte 20 (line 2): not an offset in bytes: 'zero'"
    with pytest.raises(ssdk.SsdkError) as e:
        ssdk.trace.summary(tmp_path / "none")
    assert e.value.errno == errno.ENOENT
