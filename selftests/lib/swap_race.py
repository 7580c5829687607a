#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""A kfile run's target swapped between a regular file and a FIFO.

    swap_race.py DIR TRIES

Makes DIR/file (a regular file of 1 MiB), DIR/fifo and DIR/target, a
symlink that a child swaps between the two as fast as it can, and asks
the module TRIES times to check a kfile run on DIR/target (run-start
buffered, with dry-run, which opens the target as a run would). Every answer must
come within 5 s: a module that checked the kind of the target before
opening it by path again could open the FIFO swapped in meanwhile, and
wait there for a writer. Prints how many checks were accepted (the file)
and refused, and exits 1 if one did not answer, or if none was accepted
or none refused as a FIFO (the swap did not race).
"""

from __future__ import annotations

import errno
import os
import signal
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nl_opener

ENGINE_KFILE = 1


def swapper(d: str) -> None:
    tmp = os.path.join(d, "tmp")
    target = os.path.join(d, "target")
    while True:
        for dest in ("file", "fifo"):
            os.symlink(dest, tmp)
            os.rename(tmp, target)


def main(argv: list[str]) -> int:
    d, tries = argv[1], int(argv[2])
    with open(os.path.join(d, "file"), "wb") as f:
        f.truncate(1 << 20)
    os.mkfifo(os.path.join(d, "fifo"))
    os.symlink("file", os.path.join(d, "target"))
    pid = os.fork()
    if pid == 0:
        swapper(d)
    attrs = nl_opener.SPEC.ATTRS["run"]
    payload = (nl_opener.nla(attrs["target"].value, os.path.join(d, "target").encode() + b"\0") +
               nl_opener.nla(attrs["engine"].value, struct.pack("=I", ENGINE_KFILE)) +
               nl_opener.nla(attrs["ios"].value, struct.pack("=Q", 10)) +
               nl_opener.nla(attrs["buffered"].value, b"") +
               nl_opener.nla(attrs["dry-run"].value, b""))
    sock = nl_opener.open_socket()
    family = nl_opener.family_id(sock)
    counts: dict[str, int] = {}

    def blocked(signum: int, frame: object) -> None:
        raise TimeoutError

    signal.signal(signal.SIGALRM, blocked)
    try:
        for _ in range(tries):
            signal.alarm(5)
            err, text, _ = nl_opener.request(sock, family, nl_opener.SPEC.OPS["run-start"][0],
                                             payload)
            signal.alarm(0)
            what = "ok" if not err else f"{errno.errorcode.get(err, err)}: {text}"
            counts[what] = counts.get(what, 0) + 1
    except TimeoutError:
        print(f"a check did not answer within 5 s, after {counts}")
        return 1
    finally:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
    print(counts)
    fifo = sum(n for what, n in counts.items() if "FIFO" in what)
    return 0 if counts.get("ok") and fifo else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
