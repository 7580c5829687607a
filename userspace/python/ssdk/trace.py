# SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause
"""Traces of real use: a file blktrace or fio recorded, summed up by libssdk.

    s = ssdk.trace.summary("desktop.blktrace")
    print(s.sizes[0], s.share_of_size(4096), s.sequential_share)
    for io in ssdk.trace.ios("desktop.blktrace"): ...

The reading and the figures are libssdk's (``ssdk_trace_read()``,
``ssdk_trace_summarize()``), the same as ``ssdk trace summary``'s; see
Documentation/trace.rst. Reading a trace needs no module.
"""

from __future__ import annotations

import ctypes
import os
from dataclasses import dataclass
from typing import Any, NamedTuple

from . import _lib
from .errors import error_from

ERROR_LEN = 512  # libssdk.h's SSDK_ERROR_LEN
HAS_TIME = 1
HAS_QD = 2


@dataclass(frozen=True)
class TraceSummary:
    """What a trace holds (struct ssdk_trace_summary), its names spelled out.

    ``ops`` maps each op ("read", "write", "discard", "flush") to (IOs,
    bytes); ``sizes`` is the most common request sizes of reads and writes
    as (bytes, IOs), most first; ``qd_ios[q - 1]`` counts the reads and
    writes issued with q IOs in flight (the last entry: 64 and more), empty
    when the format did not record it; the gaps are between arrivals, None
    when the format has no times.
    """

    path: str
    format: str
    ios: int
    bytes: int
    ops: dict[str, tuple[int, int]]
    sizes: list[tuple[int, int]]
    other_sizes: int
    sequential: int
    qd_ios: list[int]
    duration_ns: int | None
    gap_ns: dict[str, int] | None
    footprint: int
    lowest: int
    highest: int

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> TraceSummary:
        """What ``ssdk -j trace summary FILE`` printed."""
        timed, gaps = bool(doc["has_time"]), doc.get("gap_ns")
        return cls(
            path=str(doc["path"]), format=str(doc["format"]), ios=int(doc["ios"]),
            bytes=int(doc["bytes"]),
            ops={k: (int(v["ios"]), int(v["bytes"])) for k, v in doc["ops"].items()},
            sizes=[(int(x["len"]), int(x["ios"])) for x in doc["sizes"]],
            other_sizes=int(doc["other_sizes"]), sequential=int(doc["sequential"]),
            qd_ios=[int(x) for x in doc["qd_ios"]] if doc["has_qd"] else [],
            duration_ns=int(doc["duration_ns"]) if timed else None,
            gap_ns={k: int(v) for k, v in gaps.items()} if timed and gaps else None,
            footprint=int(doc["footprint"]), lowest=int(doc["lowest"]),
            highest=int(doc["highest"]))

    @staticmethod
    def is_json(doc: object) -> bool:
        """Whether *doc* is what ``ssdk -j trace summary`` prints."""
        return isinstance(doc, dict) and {"format", "qd_ios", "sizes", "footprint"} <= set(doc)

    @property
    def data_ios(self) -> int:
        """Reads and writes: the IOs the shares are of."""
        return self.ops["read"][0] + self.ops["write"][0]

    def share_of_size(self, length: int) -> float:
        """The share of reads and writes of *length* bytes, 0 to 1."""
        n = dict(self.sizes).get(length, 0)
        return n / self.data_ios if self.data_ios else 0.0

    @property
    def sequential_share(self) -> float:
        """The share of reads and writes that start where the one before ended."""
        return self.sequential / self.data_ios if self.data_ios else 0.0

    @property
    def read_share(self) -> float:
        """Reads among reads and writes, by IOs."""
        return self.ops["read"][0] / self.data_ios if self.data_ios else 0.0


class TraceIo(NamedTuple):
    """One IO of a trace (struct ssdk_trace_io): its arrival (ns from the
    trace's start, 0 when the format has no times), op name, offset and
    length in bytes, and the IOs in flight as it arrived (0 when not
    recorded)."""

    t_ns: int
    op: str
    offset: int
    len: int
    qd: int


def _read(path: str | os.PathLike[str]) -> tuple[str, ctypes.c_void_p]:
    """The trace at *path*, read by libssdk: its name and handle, to free."""
    lib = _lib.lib()
    handle = ctypes.c_void_p()
    err = ctypes.create_string_buffer(ERROR_LEN)
    name = os.fspath(path)
    ret = lib.ssdk_trace_read(name.encode(), ctypes.byref(handle), err, ERROR_LEN)
    if ret < 0:
        raise error_from(ret, err.value.decode(errors="replace"))
    return name, handle


def ios(path: str | os.PathLike[str]) -> list[TraceIo]:
    """The IOs of the trace file at *path*, in arrival order (as a replay
    issues them); SsdkError as summary()."""
    lib = _lib.lib()
    _, handle = _read(path)
    try:
        p = lib.ssdk_trace_ios(handle)
        names = [lib.ssdk_trace_op_name(i).decode() for i in range(_lib.TRACE_NR_OPS)]
        return [TraceIo(p[i].t_ns, names[p[i].op], p[i].offset, p[i].len, p[i].qd)
                for i in range(lib.ssdk_trace_nr(handle))]
    finally:
        lib.ssdk_trace_free(handle)


def summary(path: str | os.PathLike[str]) -> TraceSummary:
    """The summary of the trace file at *path*; SsdkError with the
    library's one line (the byte offset where the file went wrong) if it
    cannot be read."""
    lib = _lib.lib()
    name, handle = _read(path)
    s = _lib.TraceSummary()
    try:
        ret = lib.ssdk_trace_summarize(handle, ctypes.byref(s))
    finally:
        lib.ssdk_trace_free(handle)
    if ret < 0:
        raise error_from(ret, f"{name}: out of memory")
    timed = bool(s.flags & HAS_TIME)
    return TraceSummary(
        path=name,
        format=lib.ssdk_trace_format_name(s.format).decode(),
        ios=s.ios,
        bytes=s.bytes,
        ops={lib.ssdk_trace_op_name(i).decode(): (s.op_ios[i], s.op_bytes[i])
             for i in range(_lib.TRACE_NR_OPS)},
        sizes=[(s.sizes[i].len, s.sizes[i].ios) for i in range(s.nr_sizes)],
        other_sizes=s.other_sizes,
        sequential=s.sequential,
        qd_ios=list(s.qd_ios) if s.flags & HAS_QD else [],
        duration_ns=s.duration_ns if timed else None,
        gap_ns={"min": s.gap_min_ns, "mean": s.gap_mean_ns, "p50": s.gap_p50_ns,
                "p99": s.gap_p99_ns, "max": s.gap_max_ns} if timed and s.ios > 1 else None,
        footprint=s.footprint,
        lowest=s.lowest,
        highest=s.highest,
    )
