#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""Send one ssdk request on a socket opened with other capabilities.

    nl_opener.py MODE OP ID

OP is run-stop or run-del (with dry-run); ID the run. MODE says who
opens the generic netlink socket and who sends on it:

  root          this process, with all its capabilities, does both
  dropped       this process opens it, then drops CAP_SYS_ADMIN (effective
                and permitted) and sends: the sender lacks it
  opener        a child without CAP_SYS_ADMIN opens it and hands it over
                (SCM_RIGHTS); this process, with it, sends: the opener
                lacks it

Prints the answer, "ok" or the errno's name with the extack message, and
exits 0 for ok, 1 for an error. CAP_NET_ADMIN is kept throughout.
"""

from __future__ import annotations

import ctypes
import errno
import importlib.util
import os
import socket
import struct
import sys

NETLINK_GENERIC = 16
NETLINK_EXT_ACK = 11
SOL_NETLINK = 270
NLM_F_REQUEST, NLM_F_ACK = 1, 4
NLMSG_ERROR = 2
GENL_ID_CTRL, CTRL_CMD_GETFAMILY = 0x10, 3
CTRL_ATTR_FAMILY_ID, CTRL_ATTR_FAMILY_NAME = 1, 2
NLMSGERR_ATTR_MSG = 1
CAP_SYS_ADMIN = 21


def load_spec():
    """The family's numbers: userspace/python/ssdk/spec.py, generated from its spec."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                        "userspace", "python", "ssdk", "spec.py")
    mod_spec = importlib.util.spec_from_file_location("ssdk_spec", path)
    mod = importlib.util.module_from_spec(mod_spec)
    mod_spec.loader.exec_module(mod)
    return mod


SPEC = load_spec()
OPS = {op: SPEC.OPS[op][0] for op in ("run-stop", "run-del")}
A_RUN_ID = SPEC.ATTRS["run"]["id"].value
A_RUN_DRY_RUN = SPEC.ATTRS["run"]["dry-run"].value


def nla(kind: int, data: bytes) -> bytes:
    return struct.pack("=HH", 4 + len(data), kind) + data + b"\0" * (-len(data) % 4)


def attrs(data: bytes) -> dict[int, bytes]:
    out = {}
    while len(data) >= 4:
        length, kind = struct.unpack_from("=HH", data)
        if length < 4:
            break
        out[kind & 0x3FFF] = data[4:length]
        data = data[(length + 3) & ~3:]
    return out


def request(sock: socket.socket, family: int, cmd: int, payload: bytes) -> tuple[int, str, bytes]:
    """Send and return (errno, extack message, first reply's attributes)."""
    body = struct.pack("=BBH", cmd, 1, 0) + payload
    sock.send(struct.pack("=IHHII", 16 + len(body), family, NLM_F_REQUEST | NLM_F_ACK, 1, 0) + body)
    reply = b""
    while True:
        data = sock.recv(65536)
        while len(data) >= 16:
            length, kind, flags, _, _ = struct.unpack_from("=IHHII", data)
            msg, data = data[:length], data[(length + 3) & ~3:]
            if kind != NLMSG_ERROR:
                reply = msg[20:]
                continue
            err = -struct.unpack_from("=i", msg, 16)[0]
            # The request follows the errno, whole unless NLM_F_CAPPED;
            # then the extack's attributes when NLM_F_ACK_TLVS.
            skip = 16 if flags & 0x100 else struct.unpack_from("=I", msg, 20)[0]
            ext = attrs(msg[20 + ((skip + 3) & ~3):]) if flags & 0x200 else {}
            text = ext.get(NLMSGERR_ATTR_MSG, b"").rstrip(b"\0").decode()
            return err, text, reply


def family_id(sock: socket.socket) -> int:
    err, text, reply = request(sock, GENL_ID_CTRL, CTRL_CMD_GETFAMILY,
                               nla(CTRL_ATTR_FAMILY_NAME, b"ssdk\0"))
    if err:
        sys.exit(f"resolving the ssdk family: {errno.errorcode.get(err, err)} {text}")
    return struct.unpack("=H", attrs(reply)[CTRL_ATTR_FAMILY_ID][:2])[0]


def open_socket() -> socket.socket:
    sock = socket.socket(socket.AF_NETLINK, socket.SOCK_RAW, NETLINK_GENERIC)
    sock.setsockopt(SOL_NETLINK, NETLINK_EXT_ACK, 1)
    return sock


def drop_sys_admin() -> None:
    """Clear CAP_SYS_ADMIN from this thread's effective and permitted sets."""
    libc = ctypes.CDLL(None, use_errno=True)
    header = (ctypes.c_uint32 * 2)(0x20080522, 0)  # _LINUX_CAPABILITY_VERSION_3
    data = (ctypes.c_uint32 * 6)()  # 2 x {effective, permitted, inheritable}
    if libc.capget(header, data):
        sys.exit(f"capget: {os.strerror(ctypes.get_errno())}")
    for i in (0, 1, 2):
        data[i] &= ~(1 << CAP_SYS_ADMIN)
    if libc.capset(header, data):
        sys.exit(f"capset: {os.strerror(ctypes.get_errno())}")


def opened_without_sys_admin() -> socket.socket:
    """A socket a child without CAP_SYS_ADMIN opened, received from it."""
    parent, child = socket.socketpair(socket.AF_UNIX, socket.SOCK_DGRAM)
    pid = os.fork()
    if pid == 0:
        drop_sys_admin()
        sock = open_socket()
        socket.send_fds(child, [b"x"], [sock.fileno()])
        os._exit(0)
    _, fds, _, _ = socket.recv_fds(parent, 1, 1)
    os.waitpid(pid, 0)
    return socket.socket(fileno=fds[0])


def main(argv: list[str]) -> int:
    if len(argv) != 4 or argv[1] not in ("root", "dropped", "opener") or argv[2] not in OPS:
        sys.exit(__doc__)
    mode, op, run = argv[1], argv[2], int(argv[3])
    sock = opened_without_sys_admin() if mode == "opener" else open_socket()
    family = family_id(sock)
    if mode == "dropped":
        drop_sys_admin()
    payload = nla(A_RUN_ID, struct.pack("=I", run))
    if op == "run-del":
        payload += nla(A_RUN_DRY_RUN, b"")  # dry-run: only the check
    err, text, _ = request(sock, family, OPS[op], payload)
    print("ok" if not err else f"{errno.errorcode.get(err, err)}: {text}")
    return 1 if err else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
