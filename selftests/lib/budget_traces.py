#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""Traces against the memory budget, as the kernel's ynl library speaks them.

    budget_traces.py YNL_CLI SPEC

Over one socket: a trace's reservation shows in info-get's mem-used; a
trace-new that fits the budget exactly is made, one that needs one byte
more is refused with the budget, the bytes in use and the bytes it needs
(MiB, as info reports them); a socket that loaded nothing closes without
taking the others' traces; the socket that loaded them closes and every
byte comes back. The budget is restored. Prints what went otherwise and
exits 1.
"""

import faulthandler
import os
import sys

PARAM = "/sys/module/ssdk/parameters/mem_budget"
REPLAY_IO = 24  # sizeof(struct ssdk_replay_io)


def mib(b: int) -> str:
    """Bytes as the module prints them: MiB, hundredths rounded down."""
    return f"{b >> 20}.{((b & 0xFFFFF) * 100) >> 20:02d}"


def main(cli: str, spec: str) -> int:
    faulthandler.dump_traceback_later(120, exit=True)
    sys.path.insert(0, os.path.dirname(os.path.abspath(cli)))
    from lib import NlError, YnlFamily  # type: ignore[import-not-found]

    ynl, other = YnlFamily(spec, schema=""), YnlFamily(spec, schema="")
    bad: list[str] = []
    with open(PARAM) as f:
        saved = f.read().strip()

    def used() -> int:
        return int(other.do("info-get", {})["mem-used"])

    def budget(b: int) -> None:
        with open(PARAM, "w") as f:
            f.write(f"{b}\n")

    def new(ios: int) -> int:
        return int(ynl.do("trace-new", {"ios": ios})["id"])

    def refused(what: str, ios: int, want: str) -> None:
        before = used()
        try:
            new(ios)
        except NlError as e:
            if want not in str(e):
                bad.append(f"{what}: {e}, not '{want}'")
            if used() != before:
                bad.append(f"{what}: in use went from {before} to {used()}")
            return
        bad.append(f"{what}: accepted")

    try:
        u0 = used()
        new(1)
        one = used() - u0
        print(f"# a 1-IO trace reserves {one} bytes")
        # Its struct and one IO, each in a kmalloc size class.
        if not REPLAY_IO < one <= 1024:
            bad.append(f"a 1-IO trace reserves {one} bytes")
        u1 = used()
        new(100000)
        big = used() - u1
        print(f"# a 100000-IO trace reserves {big} bytes")
        # 2.4 MB of IOs: kmalloc's 4 MiB at most (kvmalloc's upper bound).
        if not 100000 * REPLAY_IO <= big <= (4 << 20) + 1024:
            bad.append(f"a 100000-IO trace reserves {big} bytes")

        # One byte short of a 1-IO trace's room: refused, the numbers said.
        u = used()
        budget(u + one - 1)
        refused("a trace one byte past the budget", 1,
                f"the trace needs {mib(one)} MiB; mem_budget {mib(u + one - 1)} MiB, "
                f"{mib(u)} MiB in use")
        # Exactly its room: made, and the budget is full.
        budget(u + one)
        new(1)
        if used() != u + one:
            bad.append(f"at the limit: {used()} in use, not {u + one}")
        refused("a trace past a full budget", 1, "the trace needs")

        # A socket that loaded nothing closes: the others' traces stay.
        other.sock.close()
        other = YnlFamily(spec, schema="")
        if used() != u + one:
            bad.append(f"another socket's close: {used()} in use, not {u + one}")
        # The uploader's closes: everything comes back.
        ynl.sock.close()
        if used() != u0:
            bad.append(f"the uploader's socket closed: {used()} in use, not {u0}")
    except NlError as e:
        bad.append(f"unexpected refusal: {e}")
    finally:
        budget(int(saved))

    for b in bad:
        print(f"# {b}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:3]))
