#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""trace-new and trace-load as the kernel's ynl library speaks them.

    trace_loads.py YNL_CLI SPEC DEV   every refusal, then a replay's start

A trace is its uploader's socket's: every step here goes through one
YnlFamily (one socket), and a second one plays another process. Each
refusal must come with its extack message, and a refused chunk must load
nothing (the next good chunk is counted from where the trace was). Prints
what went otherwise and exits 1.
"""

import faulthandler
import os
import struct
import sys
from typing import Any

IO = struct.Struct("=QQII")  # struct ssdk_replay_io: at-ns, offset, len, op
READ, WRITE = 0, 1


def chunk(*ios: tuple[int, int, int, int]) -> bytes:
    return b"".join(IO.pack(*io) for io in ios)


def main(cli: str, spec: str, dev: str) -> int:
    # A request the module never answers fails the point, saying where.
    faulthandler.dump_traceback_later(120, exit=True)
    sys.path.insert(0, os.path.dirname(os.path.abspath(cli)))
    from lib import NlError, YnlFamily  # type: ignore[import-not-found]

    # Validated against the schema on the host (ynl-gen-c) and in ssdk_ynl.sh.
    ynl, other = YnlFamily(spec, schema=""), YnlFamily(spec, schema="")
    bad: list[str] = []

    def refused(what: str, op: str, attrs: dict[str, Any], want: str,
                fam: Any = ynl) -> None:
        try:
            fam.do(op, attrs)
        except NlError as e:
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
    rid = int(ynl.do("run-start", run)["id"])
    refused("a trace a run took", "run-start", run, "no trace with this id")
    print(f"# run {rid} replays trace {tid}")
    # Bounded: the module holds max-trace-ios IOs of traces at once, and
    # holds 5 here (the run's 4, the write's 1).
    refused("past max-trace-ios held", "trace-new", {"ios": 2097152},
            "the traces held would pass max-trace-ios", other)
    refused("more than max-trace-ios", "trace-new", {"ios": 2097153}, "")
    for b in bad:
        print(f"# {b}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:4]))
