#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""One Python for a test script's helpers (checks, jget, pattern, ynl).

    helper_server.py PID   listen on 127.0.0.1, print the port, serve
                           calls until process PID (the script) is gone

A Python started afresh costs a second of an emulated guest's CPU, most
of it importing, and a test script calls its helpers a hundred times.
This process imports them once and forks a child for each call, which
runs as the helper run on its own would: in the caller's directory, on
the caller's files for stdin, stdout and stderr, its exit status sent
back. lib/ssdk.sh's py_lib is the client.

A call is NUL-terminated fields over one TCP connection: the number of
fields after it, the caller's directory, the prefix of its files
(PREFIX.in, read as stdin when the next field is "1"; PREFIX.out and
PREFIX.err, written), the stdin flag, the helper, its arguments. The
reply is the exit status, NUL-terminated.
"""

import os
import socketserver
import sys
import traceback
from collections.abc import Callable

import checks
import jget
import pattern
import ynl


def run_ynl(argv: list[str]) -> int:
    ynl.main(argv)
    return 0


HELPERS: dict[str, Callable[[list[str]], int]] = {
    "checks": checks.main,
    "jget": jget.main,
    "pattern": pattern.main,
    "ynl": run_ynl,
}


class Call(socketserver.StreamRequestHandler):
    """One call, in a child of the server (ForkingMixIn)."""

    def next_field(self) -> str:
        data = bytearray()
        while (c := self.rfile.read(1)) not in (b"\0", b""):
            data += c
        return data.decode()

    def handle(self) -> None:
        try:
            n = int(self.next_field())
            cwd, prefix, stdin, name, *argv = [self.next_field() for _ in range(n)]
        except ValueError:
            return
        os.chdir(cwd)
        redirect(0, prefix + ".in" if stdin == "1" else os.devnull, os.O_RDONLY)
        redirect(1, prefix + ".out", os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
        redirect(2, prefix + ".err", os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
        try:
            rc = HELPERS[name](argv)
        except SystemExit as e:
            rc = e.code if isinstance(e.code, int) else 1
        except Exception:  # noqa: BLE001 (reported as Python reports an uncaught one)
            traceback.print_exc()
            rc = 1
        sys.stdout.flush()
        sys.stderr.flush()
        self.wfile.write(f"{rc or 0}\0".encode())


def redirect(fd: int, path: str, flags: int) -> None:
    new = os.open(path, flags, 0o600)
    os.dup2(new, fd)
    os.close(new)


class Server(socketserver.ForkingMixIn, socketserver.TCPServer):
    allow_reuse_address = True
    timeout = 1.0


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def main(argv: list[str]) -> int:
    if len(argv) != 1 or not argv[0].isdigit():
        print(__doc__, file=sys.stderr)
        return 2
    script = int(argv[0])
    # ynl's own modules too: two of the three seconds of a ynl call.
    ynl.preload(os.environ.get("SSDK_YNL_CLI", ""))
    with Server(("127.0.0.1", 0), Call) as server:
        print(server.server_address[1], flush=True)
        # The port said: the caller's pipe is let go.
        redirect(1, os.devnull, os.O_WRONLY)
        while alive(script):
            server.handle_request()
            server.collect_children()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
