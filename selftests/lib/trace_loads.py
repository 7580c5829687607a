# SPDX-License-Identifier: GPL-2.0
"""trace-new and trace-load as the kernel's ynl library speaks them
(ssdk_replay.py): every refusal, then a replay's start.

A trace is its uploader's socket's: every step here goes through one
YnlFamily (one socket), and a second one plays another process. Each
refusal must come with its extack message, and a refused chunk must load
nothing (the next good chunk is counted from where the trace was).
check() returns what went otherwise.
"""

import struct
from typing import Any

IO = struct.Struct("=QQII")  # struct ssdk_replay_io: at-ns, offset, len, op
READ, WRITE = 0, 1


def chunk(*ios: tuple[int, int, int, int]) -> bytes:
    return b"".join(IO.pack(*io) for io in ios)


MAX_DURATION_NS = 31536000000000000  # the spec's max-duration-ns, 365 days


def times(ynl: Any, refused: Any, load: Any, chunk: Any, dev: str, bad: list[str]) -> None:
    """A trace's times at max-duration-ns from its first IO, and one past,
    as loaded and as replay-scale stretches them (dry runs)."""
    tid = int(ynl.do("trace-new", {"ios": 3})["id"])
    first = 1 << 62         # any origin: the times count from the first IO's
    if load(tid, chunk((first, 0, 4096, READ), (first + MAX_DURATION_NS, 4096, 4096, READ))) != 2:
        bad.append("a trace spanning max-duration-ns was not loaded")
    refused("an IO one ns past max-duration-ns after the first", "trace-load",
            {"id": tid, "chunk": chunk((first + MAX_DURATION_NS + 1, 0, 4096, READ))},
            f"trace IO 2: {MAX_DURATION_NS + 1} ns after IO 0, past max-duration-ns")
    refused("an IO at 2^64 - 1 ns", "trace-load",
            {"id": tid, "chunk": chunk(((1 << 64) - 1, 0, 4096, READ))},
            "ns after IO 0, past max-duration-ns")
    if load(tid, chunk((first + MAX_DURATION_NS, 8192, 4096, READ))) != 3:
        bad.append("the trace spanning max-duration-ns did not fill")
    run = {"target": dev, "trace": tid, "dry-run": True}
    ynl.do("run-start", run)
    ynl.do("run-start", {**run, "replay-scale": 1000})
    ynl.do("run-start", {**run, "replay-timing": 1})  # afap: its times do not count
    refused("that trace stretched by replay-scale 1001", "run-start",
            {**run, "replay-scale": 1001},
            "trace IO 1: scaled by replay-scale 1001, due past max-duration-ns")
    # 1000 x its span past 2^64, which mul_u64_u32_div() would have truncated
    refused("that trace stretched by replay-scale 1000000", "run-start",
            {**run, "replay-scale": 1000000},
            "trace IO 1: scaled by replay-scale 1000000, due past max-duration-ns")
    # only the IOs replayed count: ios 1 replays the first alone
    ynl.do("run-start", {**run, "replay-scale": 1000000, "ios": 1})

    # Stretched 1000 times, a span of max-duration-ns / 1000 is due at the
    # limit exactly; 1 ns more is due 1000 ns past it.
    sid = int(ynl.do("trace-new", {"ios": 2})["id"])
    load(sid, chunk((0, 0, 4096, READ), (MAX_DURATION_NS // 1000, 4096, 4096, READ)))
    ynl.do("run-start", {"target": dev, "trace": sid, "dry-run": True, "replay-scale": 1000000})
    tid = int(ynl.do("trace-new", {"ios": 2})["id"])
    load(tid, chunk((0, 0, 4096, READ), (MAX_DURATION_NS // 1000 + 1, 4096, 4096, READ)))
    refused("a span of max-duration-ns / 1000 + 1 stretched 1000 times", "run-start",
            {"target": dev, "trace": tid, "dry-run": True, "replay-scale": 1000000},
            "trace IO 1: scaled by replay-scale 1000000, due past max-duration-ns")


def check(ynl: Any, other: Any, nl_error: type[Exception], dev: str) -> list[str]:
    """The refusals and the start over YNL, a YnlFamily of ssdk (OTHER,
    another's socket; NL_ERROR, ynl's NlError) on DEV: what went
    otherwise than it should."""
    bad: list[str] = []

    def refused(what: str, op: str, attrs: dict[str, Any], want: str,
                fam: Any = ynl) -> None:
        try:
            fam.do(op, attrs)
        except nl_error as e:
            if want not in str(e):
                bad.append(f"{what}: {e}, not '{want}'")
            return
        bad.append(f"{what}: accepted")

    def load(tid: int, data: bytes) -> int:
        return int(ynl.do("trace-load", {"id": tid, "chunk": data})["ios"])

    tid = int(ynl.do("trace-new", {"ios": 4})["id"])
    refused("a chunk of no whole IO", "trace-load", {"id": tid, "chunk": b"x" * 23},
            "not whole IOs")
    refused("past the IOs given", "trace-load",
            {"id": tid, "chunk": chunk(*[(i, 0, 4096, READ) for i in range(5)])},
            "past the 4 the trace was made for")
    refused("an op of neither read nor write", "trace-load",
            {"id": tid, "chunk": chunk((0, 0, 4096, 7))}, "neither read nor write")
    refused("a length of no 512-byte step", "trace-load",
            {"id": tid, "chunk": chunk((0, 0, 1000, READ))}, "512 B steps")
    refused("times going back", "trace-load",
            {"id": tid, "chunk": chunk((100, 0, 4096, READ), (50, 4096, 4096, READ))},
            "before the IO before it")
    if load(tid, chunk((1000, 0, 4096, READ), (2000, 4096, 4096, READ))) != 2:
        bad.append("the refused chunks loaded something")
    run = {"target": dev, "trace": tid, "replay-timing": 1}
    refused("a run of a trace half loaded", "run-start", run, "2 of its 4 IOs loaded")
    refused("another socket's trace", "run-start", run,
            "no trace with this id loaded by this socket", other)
    refused("another socket's load", "trace-load",
            {"id": tid, "chunk": chunk((3000, 0, 4096, READ))},
            "no trace with this id loaded by this socket", other)
    refused("times going back across chunks", "trace-load",
            {"id": tid, "chunk": chunk((1500, 0, 4096, READ))}, "before the IO before it")
    if load(tid, chunk((3000, 8192, 4096, READ), (3000, 0, 4096, READ))) != 4:
        bad.append("the trace did not fill")
    wid = int(ynl.do("trace-new", {"ios": 1})["id"])
    load(wid, chunk((0, 0, 4096, WRITE)))
    refused("a trace's write without consent", "run-start", {"target": dev, "trace": wid},
            "it writes, which destroys the target's data: it needs allow-write")
    refused("rw with a trace", "run-start", {**run, "rw": 0}, "not with trace")
    refused("a scale with afap", "run-start", {**run, "replay-scale": 2000},
            "only with replay-timing original")
    refused("replay-timing without a trace", "run-start", {"target": dev, "replay-timing": 1},
            "only with trace")
    ynl.do("run-start", {**run, "dry-run": True})
    times(ynl, refused, load, chunk, dev, bad)
    rid = int(ynl.do("run-start", run)["id"])
    refused("a trace a run took", "run-start", run, "no trace with this id")
    print(f"# run {rid} replays trace {tid}")
    # Bounded: the module holds max-trace-ios IOs of traces at once, and
    # holds 12 here (the run's 4, the write's 1, times()'s 7).
    refused("past max-trace-ios held", "trace-new", {"ios": 2097152},
            "the traces held would pass max-trace-ios", other)
    refused("more than max-trace-ios", "trace-new", {"ios": 2097153}, "")
    return bad
