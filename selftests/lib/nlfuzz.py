#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""A seeded fuzzer of the ssdk generic netlink family, built from its spec.

    nlfuzz.py [--seed S] [--count N] [--target /dev/nullbN] [--file FILE]
              [--expect-denied] [--spec ssdk.yaml] [--ynl-lib DIR]
              [--timeout SECS] [-v]

It resolves the family through nlctrl, learns the operations, attribute
sets, types and checks from Documentation/netlink/specs/ssdk.yaml as the
kernel's ynl reads it (its SpecFamily, tools/net/ynl/lib/nlspec.py), and
sends N requests built from them: some valid, most broken on purpose
(values out of range, wrong lengths and types, missing, unknown and
repeated attributes, garbage in nests, truncated headers, bad message
lengths, unknown commands, odd versions and flags, several messages in
one buffer). Every reply must be an NLMSG_ERROR (an errno or 0) with
well-formed extended-ack TLVs, a well-formed message of the family that
agrees with the spec, or an NLMSG_DONE ending a dump; anything else, a
reply to nothing, or a reply that does not come within --timeout is a
failure, printed with the seed, the message's index and its bytes.

The first line printed is "seed: S": the same seed sends the same
messages (only the ids of the runs it starts may differ). Exit status:
0 when nothing failed, 1 on a failure, 2 on a usage or set-up error.

With --expect-denied (run it as a user without CAP_NET_ADMIN) every
request the family receives must be refused: with EPERM when it names an
operation of the spec, and never answered with data.

Safety: the only paths a run-start may name are --target (a null_blk
device), --file (a regular file) and paths that do not exist; every
outgoing buffer is read the way the kernel will read it and any target
attribute naming anything else is emptied before it is sent. Only the
ssdk family receives messages. Runs that a request starts are deleted at
once, except a couple of small valid runs kept for a few messages so that
the operations on a run meet real ones; every run left at the end that
was not there at the start is deleted. Runs that existed before are
never named on purpose (fuzzed bytes may still name them by chance: run
it where no other run matters).
"""

from __future__ import annotations

import argparse
import collections
import errno
import importlib.util
import os
import random
import re
import select
import socket
import stat
import struct
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

NETLINK_GENERIC = 16
SOL_NETLINK = 270
NETLINK_CAP_ACK = 10
NETLINK_EXT_ACK = 11

NLMSG_NOOP = 1
NLMSG_ERROR = 2
NLMSG_DONE = 3
NLMSG_OVERRUN = 4
NLMSG_MIN_TYPE = 0x10
NLMSG_HDRLEN = 16
GENL_HDRLEN = 4

NLM_F_REQUEST = 0x01
NLM_F_MULTI = 0x02
NLM_F_ACK = 0x04
NLM_F_ECHO = 0x08
NLM_F_DUMP_INTR = 0x10
NLM_F_DUMP_FILTERED = 0x20
NLM_F_ROOT = 0x100
NLM_F_MATCH = 0x200
NLM_F_ATOMIC = 0x400
NLM_F_DUMP = NLM_F_ROOT | NLM_F_MATCH
NLM_F_CAPPED = 0x100
NLM_F_ACK_TLVS = 0x200

NLA_F_NESTED = 0x8000
NLA_F_NET_BYTEORDER = 0x4000
NLA_TYPE_MASK = 0x3FFF

GENL_ID_CTRL = 0x10
CTRL_CMD_NEWFAMILY = 1
CTRL_CMD_GETFAMILY = 3
CTRL_ATTR_FAMILY_ID = 1
CTRL_ATTR_FAMILY_NAME = 2
CTRL_ATTR_VERSION = 3
CTRL_ATTR_OPS = 6
CTRL_ATTR_OP_ID = 1
CTRL_ATTR_OP_FLAGS = 2
GENL_ADMIN_PERM = 0x01
GENL_CMD_CAP_DO = 0x02
GENL_CMD_CAP_DUMP = 0x04

NLMSGERR_ATTR_MSG = 1
NLMSGERR_ATTR_OFFS = 2
NLMSGERR_ATTR_COOKIE = 3
NLMSGERR_ATTR_POLICY = 4
NLMSGERR_ATTR_MISS_TYPE = 5
NLMSGERR_ATTR_MISS_NEST = 6

# Messages the kernel may see in one buffer: past this many, the fuzzer
# makes the next header's length invalid so that the kernel stops there.
MAX_SUBS = 8
# The largest request: a 64 KiB attribute and change.
MAX_REQUEST = 70000

INT_TYPES: dict[str, tuple[int, bool]] = {
    "u8": (1, False), "u16": (2, False), "u32": (4, False), "u64": (8, False),
    "s8": (1, True), "s16": (2, True), "s32": (4, True), "s64": (8, True),
    "uint": (8, False), "sint": (8, True),
}


def align4(n: int) -> int:
    return (n + 3) & ~3


def pack_int(value: int, width: int) -> bytes:
    """@value in @width bytes of host order, wrapped (two's complement)."""
    return (value & ((1 << (8 * width)) - 1)).to_bytes(width, sys.byteorder)


def unpack_int(data: bytes, signed: bool = False) -> int:
    return int.from_bytes(data, sys.byteorder, signed=signed)


def nla(atype: int, payload: bytes = b"", length: int | None = None) -> bytes:
    """An attribute, padded to 4 bytes; @length overrides its nla_len."""
    n = 4 + len(payload) if length is None else length
    raw = struct.pack("=HH", n & 0xFFFF, atype & 0xFFFF) + payload
    return raw + bytes(-len(raw) % 4)


def nlmsg(mtype: int, flags: int, seq: int, payload: bytes, length: int | None = None) -> bytes:
    n = NLMSG_HDRLEN + len(payload) if length is None else length
    return struct.pack("=IHHII", n & 0xFFFFFFFF, mtype, flags, seq, 0) + payload


def genlhdr(cmd: int, version: int, reserved: int = 0) -> bytes:
    return struct.pack("=BBH", cmd & 0xFF, version & 0xFF, reserved & 0xFFFF)


def iter_attrs(data: bytes, off: int, end: int) -> Iterator[tuple[int, int, int]]:
    """(offset, type, nla_len) of the attributes in data[off:end], walked
    as the kernel's nla_for_each_attr() walks them."""
    while end - off >= 4:
        n, t = struct.unpack_from("=HH", data, off)
        if n < 4 or n > end - off:
            return
        yield off, t, n
        off += align4(n)


def attr_offsets(data: bytes, off: int, end: int, depth: int = 0) -> set[int]:
    """Where an attribute may start in data[off:end]: the top level and,
    optimistically, inside any attribute whose payload parses as some."""
    found: set[int] = set()
    for a, _t, n in iter_attrs(data, off, end):
        found.add(a)
        if n >= 8 and depth < 64:
            found |= attr_offsets(data, a + 4, a + n, depth + 1)
    return found


def hexdump(data: bytes, limit: int = 2048) -> str:
    shown = data[:limit].hex()
    lines = [shown[i:i + 64] for i in range(0, len(shown), 64)] or [""]
    if len(data) > limit:
        lines.append(f"... ({len(data)} bytes in all)")
    return "\n      ".join(lines)


def errname(err: int) -> str:
    if err == 0:
        return "0 (ACK)"
    if err > 0:
        return f"+{err}"
    if -err == errno.EOPNOTSUPP:
        return "EOPNOTSUPP"
    return errno.errorcode.get(-err, f"E{-err}")


# --- the spec --------------------------------------------------------------


@dataclass(eq=False)
class AttrSpec:
    name: str
    value: int
    type: str
    lo: int | None = None
    hi: int | None = None
    max_len: int | None = None
    min_len: int | None = None
    nested: str | None = None
    multi: bool = False
    enum: list[int] | None = None
    enum_flags: bool = False
    is_int: bool = field(init=False)
    width: int = field(init=False)
    signed: bool = field(init=False)

    def __post_init__(self) -> None:
        self.is_int = self.type in INT_TYPES
        self.width, self.signed = INT_TYPES.get(self.type, (0, False))

    def type_range(self) -> tuple[int, int]:
        bits = 8 * self.width
        if self.signed:
            return -(1 << (bits - 1)), (1 << (bits - 1)) - 1
        return 0, (1 << bits) - 1

    def valid_range(self) -> tuple[int, int]:
        lo, hi = self.type_range()
        return (lo if self.lo is None else self.lo), (hi if self.hi is None else self.hi)


@dataclass(eq=False)
class AttrSetSpec:
    name: str
    attrs: dict[str, AttrSpec] = field(default_factory=dict)
    by_id: dict[int, AttrSpec] = field(default_factory=dict)

    @property
    def max_id(self) -> int:
        return max(self.by_id, default=0)


@dataclass(eq=False)
class OpSpec:
    name: str
    value: int
    set_name: str
    admin: bool
    has_do: bool
    has_dump: bool
    do_request: list[str]
    dump_request: list[str]
    do_reply: list[str] | None
    dump_reply: list[str] | None

    @property
    def is_request(self) -> bool:
        return self.has_do or self.has_dump


def ynl_spec_family(path: str, ynl_lib: str) -> Any:
    """PATH read by ynl's SpecFamily (tools/net/ynl/lib/nlspec.py at
    YNL_LIB), the kernel's reader of netlink specs: the numbers it gives
    attributes, enum entries and operations are the ones ynl sends, with
    no second reading of the YAML here. nlspec.py is loaded by path: it
    needs only PyYAML, not the rest of ynl's package."""
    where = os.path.join(ynl_lib, "nlspec.py")
    mod_spec = importlib.util.spec_from_file_location("ynl_nlspec", where)
    if mod_spec is None or mod_spec.loader is None:
        raise OSError(f"no ynl nlspec.py at {where}")
    mod = importlib.util.module_from_spec(mod_spec)
    mod_spec.loader.exec_module(mod)
    return mod.SpecFamily(path, schema_path="")


class Spec:
    """What the fuzzer needs of a genetlink(-legacy) spec, from ynl's
    SpecFamily of it: each attribute's checks, enum values and nest, each
    operation's policy and permission."""

    def __init__(self, path: str, ynl_lib: str) -> None:
        fam = ynl_spec_family(path, ynl_lib)
        self.name: str = fam.name
        self.consts: dict[str, int] = {}
        self.enums: dict[str, tuple[list[int], bool]] = {}
        for name, d in fam.consts.items():
            if d["type"] == "const":
                self.consts[name] = int(d["value"])
            elif d["type"] in ("enum", "flags"):
                self.enums[name] = ([e.user_value() for e in d.entries.values()],
                                    d["type"] == "flags")
        self.sets: dict[str, AttrSetSpec] = {}
        for s in fam.attr_sets.values():
            aset = AttrSetSpec(s.name)
            for a in s.attrs.values():
                spec = AttrSpec(a.name, a.value, a.type, nested=a.get("nested-attributes"),
                                multi=bool(a.is_multi))
                checks = a.get("checks", {}) or {}
                spec.lo = self._num(checks.get("min"))
                spec.hi = self._num(checks.get("max"))
                spec.max_len = self._num(checks.get("max-len"))
                spec.min_len = self._num(checks.get("min-len"))
                if "exact-len" in checks:
                    spec.min_len = spec.max_len = self._num(checks["exact-len"])
                if "enum" in a:
                    values, flags = self.enums[a["enum"]]
                    spec.enum = values
                    spec.enum_flags = flags or bool(a.get("enum-as-flags", False))
                aset.attrs[spec.name] = spec
                aset.by_id[spec.value] = spec
            self.sets[aset.name] = aset
        self.ops: dict[str, OpSpec] = {}
        self.ops_by_cmd: dict[int, OpSpec] = {}
        for o in fam.msgs.values():
            do, dump = o.get("do"), o.get("dump")
            do_req = self._attr_list(do, "request")
            dump_req = self._attr_list(dump, "request")
            op = OpSpec(o.name, o.req_value, o.get("attribute-set", ""),
                        "admin-perm" in (o.get("flags") or []),
                        do is not None, dump is not None,
                        do_req or [],
                        # A dump is checked against the op's one policy,
                        # that of its do, unless it names a request.
                        dump_req if dump_req is not None else (do_req or []),
                        self._attr_list(do, "reply"), self._attr_list(dump, "reply"))
            self.ops[op.name] = op
            self.ops_by_cmd[op.value] = op
        self.requests = [op for op in self.ops.values() if op.is_request]
        self.max_cmd = max(self.ops_by_cmd, default=0)

    def _num(self, v: Any) -> int | None:
        if v is None:
            return None
        if isinstance(v, str):
            return self.consts[v]
        return int(v)

    @staticmethod
    def _attr_list(part: Any, key: str) -> list[str] | None:
        if not isinstance(part, dict) or key not in part:
            return None
        return list((part[key] or {}).get("attributes", []) or [])


# --- the socket ------------------------------------------------------------


@dataclass
class NlMsg:
    """One message of a reply: its header fields and its bytes."""
    type: int
    flags: int
    seq: int
    pid: int
    raw: bytes

    @property
    def payload(self) -> bytes:
        return self.raw[NLMSG_HDRLEN:]


def split_reply(buf: bytes) -> tuple[list[NlMsg], str | None]:
    """The messages of one received buffer, or why it is malformed."""
    msgs: list[NlMsg] = []
    off = 0
    while off < len(buf):
        if len(buf) - off < NLMSG_HDRLEN:
            return msgs, f"{len(buf) - off} stray bytes after the messages at {off}"
        n, t, f, seq, pid = struct.unpack_from("=IHHII", buf, off)
        if n < NLMSG_HDRLEN or n > len(buf) - off:
            return msgs, f"nlmsg_len {n} at {off} in a buffer of {len(buf)}"
        msgs.append(NlMsg(t, f, seq, pid, buf[off:off + n]))
        off += min(align4(n), len(buf) - off)
    if not msgs:
        return msgs, "an empty buffer"
    return msgs, None


class Netlink:
    def __init__(self, timeout: float) -> None:
        self.timeout = timeout
        self.sock = socket.socket(socket.AF_NETLINK, socket.SOCK_RAW, NETLINK_GENERIC)
        self.sock.setsockopt(SOL_NETLINK, NETLINK_EXT_ACK, 1)
        self.sock.setsockopt(SOL_NETLINK, NETLINK_CAP_ACK, 0)
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1 << 20)
        self.sock.bind((0, 0))
        self.portid: int = self.sock.getsockname()[0]
        self.poll = select.poll()
        self.poll.register(self.sock, select.POLLIN)
        self.buf = bytearray(1 << 20)

    def send(self, data: bytes) -> None:
        self.sock.sendto(data, (0, 0))

    def recv(self, block: bool) -> bytes | None:
        """One buffer; None when none is queued and @block is false.
        Raises TimeoutError when @block and nothing comes in time."""
        while True:
            if block and not self.poll.poll(int(self.timeout * 1000)):
                raise TimeoutError(f"no reply within {self.timeout:g} s")
            try:
                n, _anc, flags, _addr = self.sock.recvmsg_into([self.buf], 0, socket.MSG_DONTWAIT)
            except BlockingIOError:
                if not block:
                    return None
                continue
            if flags & socket.MSG_TRUNC:
                raise OSError(errno.EMSGSIZE, "a reply larger than the receive buffer")
            return bytes(self.buf[:n])


# --- what the kernel will read ----------------------------------------------


@dataclass
class Sub:
    """One message of a request buffer, as netlink_rcv_skb() cuts it."""
    off: int
    raw: bytes
    type: int
    flags: int
    seq: int

    @property
    def handled(self) -> bool:
        """Whether the family's handler sees it (else only an ACK, if asked)."""
        return bool(self.flags & NLM_F_REQUEST) and self.type >= NLMSG_MIN_TYPE

    @property
    def has_genl(self) -> bool:
        return len(self.raw) >= NLMSG_HDRLEN + GENL_HDRLEN

    @property
    def cmd(self) -> int:
        return self.raw[NLMSG_HDRLEN] if self.has_genl else -1

    @property
    def dump(self) -> bool:
        return self.flags & NLM_F_DUMP == NLM_F_DUMP


def kernel_view(buf: bytes | bytearray) -> list[Sub]:
    subs: list[Sub] = []
    off = 0
    while len(buf) - off >= NLMSG_HDRLEN:
        n, t, f, seq, _pid = struct.unpack_from("=IHHII", buf, off)
        if n < NLMSG_HDRLEN or n > len(buf) - off:
            break
        subs.append(Sub(off, bytes(buf[off:off + n]), t, f, seq))
        off += min(align4(n), len(buf) - off)
    return subs


# --- test cases --------------------------------------------------------------


@dataclass
class Case:
    data: bytes
    kind: str
    desc: str
    expect_ok: bool = False          # a valid request: it must not be refused
    allowed: frozenset[int] = frozenset()  # errnos a valid one may still get
    pool: bool = False               # a capped run-start whose run may be kept


@dataclass
class Attr:
    """An attribute of a request being built: its spec (None for an
    unknown one) and its encoding."""
    spec: AttrSpec | None
    raw: bytes


@dataclass
class Stats:
    sent: int = 0
    kinds: collections.Counter[str] = field(default_factory=collections.Counter)
    housekeeping: int = 0
    errors: collections.Counter[int] = field(default_factory=collections.Counter)
    dones: collections.Counter[int] = field(default_factory=collections.Counter)
    data_msgs: int = 0
    answered: int = 0
    silent: int = 0
    extack_msgs: collections.Counter[str] = field(default_factory=collections.Counter)
    extack_offs: int = 0
    extack_policy: int = 0
    extack_miss: int = 0
    started: int = 0
    pooled: int = 0
    sanitized: int = 0
    empty_refused: int = 0


class Failure(Exception):
    pass


class Fuzzer:
    def __init__(self, args: argparse.Namespace, spec: Spec) -> None:
        self.args = args
        self.spec = spec
        self.seed: int = args.seed
        self.denied: bool = args.expect_denied
        self.nl = Netlink(args.timeout)
        self.stats = Stats()
        self.failures = 0
        self.shown = 0
        self.exchanges = 0
        self.family = 0
        self.version = 1
        self.kfile = True
        self.pool: dict[int, int] = {}      # run id -> message index to delete it at
        self.seen_ids: set[int] = set()
        self.foreign_ids: set[int] = set()  # runs that were there before
        self.allowed_paths: set[bytes] = set()
        self.target: bytes | None = None
        self.file: bytes | None = None
        if args.target:
            self.target = os.fsencode(args.target)
            self.allowed_paths.add(os.fsencode(os.path.realpath(args.target)))
        if args.file:
            self.file = os.fsencode(os.path.abspath(args.file))
            self.allowed_paths.add(os.fsencode(os.path.realpath(args.file)))
        start = spec.ops["run-start"]
        self.start_cmd = start.value
        self.run_set = spec.sets[start.set_name]
        self.target_id = self.run_set.attrs["target"].value
        self.id_attr = self.run_set.attrs["id"]

    # --- reporting ---------------------------------------------------------

    def fail(self, index: int | str, why: str, case: Case | None = None,
             msgs: list[NlMsg] | None = None) -> None:
        self.failures += 1
        if self.shown >= self.args.show_failures:
            return
        self.shown += 1
        print(f"FAIL seed={self.seed} msg={index}: {why}")
        if case is not None:
            print(f"    case: {case.kind}: {case.desc}")
            print(f"    sent ({len(case.data)} bytes): {hexdump(case.data)}")
        for k, m in enumerate(msgs or []):
            print(f"    reply {k} ({len(m.raw)} bytes): {hexdump(m.raw, 512)}")
        sys.stdout.flush()

    # --- set-up --------------------------------------------------------------

    def resolve(self) -> None:
        """The family's id and version from nlctrl, and its ops against the spec."""
        req = nlmsg(GENL_ID_CTRL, NLM_F_REQUEST | NLM_F_ACK, 1,
                    genlhdr(CTRL_CMD_GETFAMILY, 1) +
                    nla(CTRL_ATTR_FAMILY_NAME, self.spec.name.encode() + b"\0"))
        self.nl.send(req)
        reply: NlMsg | None = None
        while True:
            buf = self.nl.recv(True)
            assert buf is not None
            msgs, bad = split_reply(buf)
            if bad:
                raise Failure(f"nlctrl: {bad}")
            for m in msgs:
                if m.type == NLMSG_ERROR:
                    err = struct.unpack_from("=i", m.payload)[0]
                    if err:
                        raise Failure(f"no family '{self.spec.name}' ({errname(err)}): is the module loaded?")
                    if reply is None:
                        raise Failure("nlctrl acknowledged without a reply")
                    self._read_family(reply)
                    return
                if m.type == GENL_ID_CTRL:
                    reply = m

    def _read_family(self, m: NlMsg) -> None:
        raw = m.raw
        kernel_ops: dict[int, int] = {}
        for off, t, n in iter_attrs(raw, NLMSG_HDRLEN + GENL_HDRLEN, len(raw)):
            t &= NLA_TYPE_MASK
            val = raw[off + 4:off + n]
            if t == CTRL_ATTR_FAMILY_ID:
                self.family = unpack_int(val[:2])
            elif t == CTRL_ATTR_VERSION:
                self.version = unpack_int(val[:4])
            elif t == CTRL_ATTR_OPS:
                for o_off, _t, o_n in iter_attrs(raw, off + 4, off + n):
                    fields = {t2 & NLA_TYPE_MASK: unpack_int(raw[a + 4:a + 8])
                              for a, t2, _n in iter_attrs(raw, o_off + 4, o_off + o_n)}
                    kernel_ops[fields.get(CTRL_ATTR_OP_ID, -1)] = fields.get(CTRL_ATTR_OP_FLAGS, 0)
        if not self.family:
            raise Failure("nlctrl's reply has no family id")
        for op in self.spec.requests:
            flags = kernel_ops.pop(op.value, None)
            if flags is None:
                self.fail("set-up", f"op {op.name} ({op.value}) of the spec is not in the kernel's table")
                continue
            for bit, want, what in ((GENL_ADMIN_PERM, op.admin, "admin-perm"),
                                    (GENL_CMD_CAP_DO, op.has_do, "do"),
                                    (GENL_CMD_CAP_DUMP, op.has_dump, "dump")):
                if bool(flags & bit) != want:
                    self.fail("set-up", f"op {op.name}: the spec says {what} is {want}, the kernel not")
        for cmd in kernel_ops:
            self.fail("set-up", f"the kernel has op {cmd}, which the spec does not")

    # --- valid values --------------------------------------------------------

    def pick_id(self, rng: random.Random) -> int:
        r = rng.random()
        if self.pool and r < 0.6:
            return rng.choice(sorted(self.pool))
        if self.seen_ids and r < 0.75:
            return rng.choice(sorted(self.seen_ids))
        top = max(self.seen_ids | self.foreign_ids | {0})
        v = rng.randint(1, top + 8)
        return v if v not in self.foreign_ids else 0x7FFFFFF0

    def target_value(self, rng: random.Random) -> bytes:
        """A string for a target attribute: only ours, or names of nothing."""
        choices: list[Callable[[], bytes]] = [
            lambda: b"/nonexistent-ssdk-fuzz/" + self.junk(rng, 1, 12, b"abcxyz019") + b"\0",
            lambda: b"/dev/ssdk-fuzz-" + self.junk(rng, 1, 8, b"abcdef0123") + b"\0",
            lambda: self.junk(rng, 1, 40) + b"\0",
            lambda: b"\0",
            lambda: b"",
            lambda: self.junk(rng, 1, 16, b"abcdefgh/."),
            lambda: b"x" * rng.choice([4094, 4095, 4096, 4097, 8192, 65000]) + b"\0",
            lambda: b"/" + b"a/" * rng.randint(100, 3000) + b"\0",
            lambda: rng.choice([b"", b"/", b"//", b".", b"..", b"/dev/", b"/proc/self/fd/0"]) + b"\0",
        ]
        if self.target:
            t = self.target
            choices += [lambda: t + b"\0"] * 4 + [
                lambda: t,
                lambda: t + b"/\0",
                lambda: t.replace(b"/dev/", b"/dev/./") + b"\0",
                lambda: t + b"\0" + self.junk(rng, 1, 8),
                lambda: t + b"9\0",
            ]
        if self.file:
            f = self.file
            choices += [lambda: f + b"\0"] * 3 + [lambda: f + b".missing\0"]
        return rng.choice(choices)()

    @staticmethod
    def junk(rng: random.Random, lo: int, hi: int, alphabet: bytes | None = None) -> bytes:
        n = rng.randint(lo, hi)
        if alphabet is None:
            return bytes(rng.getrandbits(8) for _ in range(n))
        return bytes(rng.choice(alphabet) for _ in range(n))

    def good_int(self, rng: random.Random, a: AttrSpec) -> int:
        if a is self.id_attr or a.name == "id":
            return self.pick_id(rng)
        if a.enum:
            if a.enum_flags:
                return sum(v for v in a.enum if rng.random() < 0.5)
            return rng.choice(a.enum)
        lo, hi = a.valid_range()
        r = rng.random()
        if r < 0.2:
            return rng.choice([lo, hi])
        if r < 0.6:
            return rng.randint(lo, min(hi, max(lo, 0) + 4096))
        return rng.randint(lo, hi)

    def good_attrs(self, rng: random.Random, a: AttrSpec, depth: int = 0) -> list[Attr]:
        """Attribute @a with a value its type and checks allow (several
        for a multi-attr nest)."""
        if a.is_int:
            return [Attr(a, nla(a.value, pack_int(self.good_int(rng, a), a.width)))]
        if a.type == "string":
            if a.name == "target":
                return [Attr(a, nla(a.value, self.target_value(rng)))]
            return [Attr(a, nla(a.value, self.junk(rng, 0, 16, b"abc-_09") + b"\0"))]
        if a.type == "flag":
            return [Attr(a, nla(a.value))]
        if a.type == "nest" and a.nested and depth < 4:
            inner = self.spec.sets[a.nested]
            out = []
            for _ in range(rng.randint(1, 3) if a.multi else 1):
                body = b"".join(x.raw for b in inner.attrs.values() if rng.random() < 0.8
                                for x in self.good_attrs(rng, b, depth + 1))
                out.append(Attr(a, nla(a.value | NLA_F_NESTED, body)))
            return out
        return [Attr(a, nla(a.value, self.junk(rng, 0, 16)))]

    def named(self, aset: AttrSetSpec, name: str, value: int | bytes | None = None) -> Attr:
        a = aset.attrs[name]
        if value is None:
            return Attr(a, nla(a.value))
        if isinstance(value, bytes):
            return Attr(a, nla(a.value, value))
        return Attr(a, nla(a.value, pack_int(value, a.width)))

    def valid_start(self, rng: random.Random, on_file: bool) -> list[Attr]:
        """A run-start that must succeed: small and short, reads (or
        writes with consent on the null_blk device)."""
        s = self.run_set
        n = self.named
        attrs = []
        if on_file and self.file:
            attrs += [n(s, "target", self.file + b"\0"), n(s, "engine", 1), n(s, "buffered"),
                      n(s, "rw", rng.choice([0, 2])), n(s, "bs", rng.choice([4096, 8192]))]
        else:
            assert self.target
            rw = rng.choice([0, 2, 2, 2, 1, 3, 4, 5])
            attrs += [n(s, "target", self.target + b"\0"), n(s, "rw", rw),
                      n(s, "iodepth", rng.randint(1, 16))]
            if rw in (1, 3, 4, 5):
                attrs.append(n(s, "allow-write"))
                pat = rng.choice([None, 0, 1, 2, 3])
                if pat is not None:
                    attrs.append(n(s, "pattern", pat))
                    if pat == 2:
                        attrs.append(n(s, "pattern-byte", rng.randint(0, 255)))
                    if pat == 3:
                        attrs.append(n(s, "compress-pct", rng.randint(0, 99)))
            if rw in (4, 5) and rng.random() < 0.5:
                # 100: the run does not write, and a pattern is refused.
                attrs.append(n(s, "rwmixread", rng.randint(0, 99)))
            if rng.random() < 0.3:
                pcts = [25, 25, 50] if rng.random() < 0.5 else [100]
                sizes = [4096, 8192, 65536]
                for k, pct in enumerate(pcts):
                    body = (nla(self.spec.sets["bs-split"].attrs["bs"].value, pack_int(sizes[k], 4)) +
                            nla(self.spec.sets["bs-split"].attrs["pct"].value, pack_int(pct, 4)))
                    attrs.append(Attr(s.attrs["bs-split"],
                                      nla(s.attrs["bs-split"].value | NLA_F_NESTED, body)))
            else:
                attrs.append(n(s, "bs", rng.choice([4096, 8192, 16384, 65536])))
            if rng.random() < 0.3:
                attrs += [n(s, "offset", 4096 * rng.randint(0, 16)),
                          n(s, "span", (1 << 20) * rng.randint(1, 16))]
            if rw in (0, 1, 5) and rng.random() < 0.2:
                attrs.append(n(s, "stride", 4096 * rng.randint(1, 4)))
            if rw in (2, 3, 4) and rng.random() < 0.2:
                attrs += [n(s, "align", 8192), n(s, "align-offset", rng.choice([0, 4096]))]
        attrs.append(n(s, "ios", rng.randint(1, 400)))
        if rng.random() < 0.3:
            attrs.append(n(s, "runtime-ns", rng.randint(1, 50) * 1000000))
        if rng.random() < 0.2:
            attrs.append(n(s, "ramp-ns", rng.randint(0, 5) * 1000000))
        if rng.random() < 0.5:
            attrs.append(n(s, "seed", rng.getrandbits(64)))
        if rng.random() < 0.2:
            attrs.append(n(s, "cpu", 0))
        if rng.random() < 0.2:
            attrs.append(n(s, "rate-iops", rng.randint(5000, 100000)))
            if rng.random() < 0.5:
                attrs.append(n(s, "arrivals", rng.randint(0, 2)))
        if rng.random() < 0.3:
            attrs.append(n(s, "slowest-n", rng.randint(0, 4096)))
        if rng.random() < 0.3:
            attrs.append(n(s, "ts-interval-ns", rng.randint(10, 100) * 1000000))
        if rng.random() < 0.3:
            # From the spec's least (1: 0 is refused as out of range).
            attrs.append(n(s, "capture-over-ns", rng.randint(s.attrs["capture-over-ns"].lo or 0,
                                                             100000)))
        rng.shuffle(attrs)
        return attrs

    # --- building requests ----------------------------------------------------

    def request(self, cmd: int, flags: int, attrs: bytes, version: int | None = None) -> bytes:
        return nlmsg(self.family, flags, 0, genlhdr(cmd, self.version if version is None else version) + attrs)

    def op_attrs(self, op: OpSpec, dump: bool) -> list[AttrSpec]:
        names = op.dump_request if dump else op.do_request
        aset = self.spec.sets[op.set_name]
        return [aset.attrs[x] for x in names if x in aset.attrs]

    def base_attrs(self, rng: random.Random, op: OpSpec, dump: bool) -> list[Attr]:
        if op.value == self.start_cmd and (self.target or self.file) and rng.random() < 0.6:
            return self.valid_start(rng, on_file=bool(self.file) and (not self.target or rng.random() < 0.3))
        out = []
        for a in self.op_attrs(op, dump):
            if a.name in ("id", "target") or rng.random() < 0.4:
                out += self.good_attrs(rng, a)
        return out

    def case_valid(self, rng: random.Random) -> Case:
        """A request that must be accepted (root) or refused with EPERM."""
        ops = self.spec.ops
        choices = ["info-get", "run-get-dump"]
        if self.target or self.file:
            choices += ["run-start"] * 3
        if self.pool:
            choices += ["run-get", "results-get", "results-get-dump", "slowest-get-dump",
                        "timeseries-get-dump", "captured-get-dump", "run-stop", "run-del"]
        what = rng.choice(choices)
        flags = NLM_F_REQUEST | (NLM_F_ACK if rng.random() < 0.5 else 0)
        pool = False
        allowed: set[int] = set()
        if what == "run-start":
            on_file = bool(self.file) and self.kfile and (not self.target or rng.random() < 0.3)
            attrs = b"".join(a.raw for a in self.valid_start(rng, on_file))
            op = ops["run-start"]
            pool = True
            # Two runs that write open the device exclusively.
            allowed = {errno.EBUSY}
        else:
            name = what.removesuffix("-dump")
            op = ops[name]
            if what.endswith("-dump"):
                flags |= NLM_F_DUMP
            parts = []
            if name not in ("info-get", "run-get") or what == "run-get":
                run_id = rng.choice(sorted(self.pool))
                parts.append(nla(self.id_attr.value, pack_int(run_id, 4)))
                if name in ("timeseries-get", "captured-get") and rng.random() < 0.5:
                    parts.append(nla(self.run_set.attrs["from"].value, pack_int(rng.randint(0, 3), 4)))
                # A fuzzed run-del may have taken it; slowest-get waits for its end.
                allowed = {errno.ENOENT, errno.EBUSY}
                if name == "run-del":
                    self.pool.pop(run_id, None)
            attrs = b"".join(parts)
        return Case(self.request(op.value, flags, attrs), "valid", f"{what} flags={flags:#x}",
                    expect_ok=True, allowed=frozenset(allowed), pool=pool)

    def bad_int(self, rng: random.Random, a: AttrSpec) -> tuple[int, str]:
        tlo, thi = a.type_range()
        lo, hi = a.valid_range()
        cands: list[tuple[int, str]] = [(0, "0"), (thi, "all-ones"), (tlo, "type-min"), (1, "1")]
        if a.lo is not None:
            cands.append((a.lo - 1, "min-1"))
        if a.hi is not None:
            cands.append((a.hi + 1, "max+1"))
        if a.enum and not a.enum_flags:
            cands.append((max(a.enum) + 1, "enum-max+1"))
        if a.enum and a.enum_flags:
            cands.append((sum(a.enum) << 1, "unknown-flag"))
        cands.append((rng.randint(tlo, thi), "random"))
        cands.append((rng.choice([lo, hi]), "edge"))
        return rng.choice(cands)

    def wrong_payload(self, rng: random.Random, a: AttrSpec | None) -> tuple[bytes, str]:
        """A payload of the wrong length or type for @a."""
        width = a.width if a is not None and a.is_int else 4
        r = rng.randrange(7)
        if r == 0:
            n = rng.choice([0, 1, 2, 3, width - 1, width + 1, width * 2, 16])
            return self.junk(rng, n, n), f"length {n}"
        if r == 1:
            return b"", "zero-length"
        if r == 2:
            return str(rng.randint(0, 99999)).encode() + b"\0", "a string"
        if r == 3:
            return nla(1, pack_int(rng.getrandbits(32), 4)), "a nest"
        if r == 4:
            return pack_int(rng.getrandbits(64), 8 if width != 8 else 4), "the other int width"
        if r == 5:
            return self.target_value(rng), "a path"
        return self.junk(rng, 1, 300), "junk"

    def garbage_nest(self, rng: random.Random, depth: int = 0) -> tuple[bytes, str]:
        r = rng.randrange(6)
        if r == 0:
            return self.junk(rng, 1, 64), "random bytes"
        if r == 1:
            d = rng.randint(2, 80)
            body = self.junk(rng, 0, 8)
            for _ in range(d):
                body = nla(rng.randint(0, 3) | (NLA_F_NESTED if rng.random() < 0.8 else 0), body)
            return body, f"{d} levels deep"
        if r == 2:
            good = nla(1, pack_int(4096, 4)) + nla(2, pack_int(50, 4))
            cut = rng.randint(1, len(good) - 1)
            return good[:cut], f"truncated at {cut}"
        if r == 3:
            return nla(1, b"abcd", length=rng.randint(9, 200)), "an inner length past the end"
        if r == 4:
            return (nla(rng.randint(0, NLA_TYPE_MASK), self.junk(rng, 0, 12)) +
                    nla(rng.randint(0, 8), self.junk(rng, 0, 12))), "unknown inner ids"
        inner = b"".join(nla(t, pack_int(rng.getrandbits(32), 4)) for t in range(rng.randint(0, 5)))
        return inner, "inner u32s 0..4"

    def mutate(self, rng: random.Random, op: OpSpec, attrs: list[Attr], dump: bool) -> str:
        """One mutation of @attrs, in place; what it did."""
        aset = self.spec.sets[op.set_name]
        mine = self.op_attrs(op, dump)
        ints = [a for a in mine if a.is_int] or [a for a in aset.attrs.values() if a.is_int]
        r = rng.randrange(14)
        if r == 0 and ints:
            a = rng.choice(ints)
            v, why = self.bad_int(rng, a)
            attrs[:] = [x for x in attrs if x.spec is not a]
            attrs.append(Attr(a, nla(a.value, pack_int(v, a.width))))
            return f"{a.name}={v} ({why})"
        if r == 1 and attrs:
            k = rng.randrange(len(attrs))
            sp = attrs[k].spec
            pay, why = self.wrong_payload(rng, sp)
            attrs[k] = Attr(sp, nla(sp.value if sp else 0, pay))
            return f"{sp.name if sp else '?'} as {why}"
        if r == 2 and attrs:
            if rng.random() < 0.3:
                attrs.clear()
                return "no attributes"
            k = rng.randrange(len(attrs))
            gone = attrs.pop(k)
            return f"without {gone.spec.name if gone.spec else '?'}"
        if r == 3:
            t = rng.choice([0, aset.max_id + 1, aset.max_id + rng.randint(2, 100), NLA_TYPE_MASK,
                            rng.randint(1, NLA_TYPE_MASK)])
            t |= rng.choice([0, 0, NLA_F_NESTED, NLA_F_NET_BYTEORDER])
            attrs.insert(rng.randint(0, len(attrs)), Attr(None, nla(t, self.junk(rng, 0, 12))))
            return f"unknown attribute {t:#x}"
        if r == 4:
            others = [a for a in aset.attrs.values() if a not in mine]
            if others:
                a = rng.choice(others)
                attrs += self.good_attrs(rng, a)
                return f"{a.name}, not of this request"
        if r == 5 and attrs:
            k = rng.randrange(len(attrs))
            sp = attrs[k].spec
            if sp is not None and rng.random() < 0.5:
                attrs += self.good_attrs(rng, sp)
                return f"{sp.name} twice, another value"
            attrs.insert(k, attrs[k])
            return f"{sp.name if sp else '?'} twice"
        if r == 6:
            nests = [a for a in mine if a.type == "nest"]
            sp = rng.choice(nests) if nests and rng.random() < 0.7 else (rng.choice(mine) if mine else None)
            body, why = self.garbage_nest(rng)
            flag = NLA_F_NESTED if rng.random() < 0.8 else 0
            attrs.append(Attr(sp, nla((sp.value if sp else 1) | flag, body)))
            return f"nest {sp.name if sp else '?'}: {why}{'' if flag else ', no NLA_F_NESTED'}"
        if r == 7:
            tail = rng.randrange(3)
            if tail == 0:
                attrs.append(Attr(None, self.junk(rng, 1, 3)))
                return "a truncated attribute header"
            if tail == 1:
                pay = self.junk(rng, 0, 8)
                attrs.append(Attr(None, nla(rng.randint(1, aset.max_id), pay, length=len(pay) + 4 + rng.randint(1, 64))))
                return "an attribute longer than the message"
            attrs.append(Attr(None, nla(rng.randint(0, aset.max_id), self.junk(rng, 0, 8), length=rng.randint(0, 3))))
            return "an attribute shorter than its header"
        if r == 8:
            strs = [a for a in mine if a.type == "string"]
            if strs:
                a = rng.choice(strs)
                attrs[:] = [x for x in attrs if x.spec is not a]
                attrs.append(Attr(a, nla(a.value, self.target_value(rng))))
                return f"{a.name} another string"
        if r == 9 and ints:
            a = rng.choice(ints)
            lo, hi = a.valid_range()
            v = rng.choice([lo, hi])
            attrs[:] = [x for x in attrs if x.spec is not a]
            attrs.append(Attr(a, nla(a.value, pack_int(v, a.width))))
            return f"{a.name}={v} (in range)"
        if r == 10:
            split = aset.attrs.get("bs-split")
            if split is not None and split in mine and split.nested:
                inner = self.spec.sets[split.nested]
                k = rng.choice([0, 1, 2, 15, 16, 17, 40])
                attrs[:] = [x for x in attrs if x.spec is not split and (x.spec is None or x.spec.name != "bs")]
                for _ in range(k):
                    body = (nla(inner.attrs["bs"].value, pack_int(rng.choice([512, 4096, 1 << 20, (1 << 20) + 512]), 4)) +
                            nla(inner.attrs["pct"].value, pack_int(rng.choice([1, 6, 50, 100, 0]), 4)))
                    attrs.append(Attr(split, nla(split.value | NLA_F_NESTED, body)))
                return f"{k} bs-split entries"
        if r == 11:
            flags = [a for a in aset.attrs.values() if a.type == "flag"]
            if flags:
                a = rng.choice(flags)
                attrs.append(Attr(a, nla(a.value, self.junk(rng, 1, 8))))
                return f"flag {a.name} with a payload"
        if r == 12 and attrs:
            k = rng.randrange(len(attrs))
            sp = attrs[k].spec
            if sp is not None and sp.type != "nest":
                n = unpack_int(attrs[k].raw[:2])
                attrs[k] = Attr(sp, nla(sp.value | NLA_F_NESTED, attrs[k].raw[4:n]))
                return f"{sp.name} with NLA_F_NESTED"
        if r == 13 and ints:
            a = rng.choice(ints)
            v = self.good_int(rng, a)
            attrs[:] = [x for x in attrs if x.spec is not a]
            attrs.append(Attr(a, nla(a.value, pack_int(v, a.width))))
            return f"{a.name}={v} (another value the policy takes)"
        v = rng.getrandbits(32)
        attrs.append(Attr(None, nla(rng.randint(0, aset.max_id + 2), pack_int(v, 4))))
        return "an extra u32"

    def pick_op(self, rng: random.Random) -> tuple[OpSpec, bool, int]:
        # The op with the most attributes, and checks between them, gets
        # a quarter of the messages.
        richest = max(self.spec.requests, key=lambda o: len(o.do_request))
        op = richest if rng.random() < 0.25 else rng.choice(self.spec.requests)
        dump = op.has_dump and rng.random() < 0.4
        flags = NLM_F_REQUEST | (NLM_F_ACK if rng.random() < 0.5 else 0)
        if dump:
            flags |= NLM_F_DUMP
        elif rng.random() < 0.08:
            flags |= NLM_F_DUMP  # a dump of a do-only op, or of any
        if rng.random() < 0.03:
            flags |= NLM_F_ECHO
        return op, dump, flags

    def case_attrs(self, rng: random.Random) -> Case:
        op, dump, flags = self.pick_op(rng)
        attrs = self.base_attrs(rng, op, dump)
        what = [self.mutate(rng, op, attrs, dump) for _ in range(rng.choice([1, 1, 1, 2, 3]))]
        if rng.random() < 0.3:
            rng.shuffle(attrs)
        data = self.request(op.value, flags, b"".join(a.raw for a in attrs))
        return Case(data, "attrs", f"{op.name} flags={flags:#x}: " + "; ".join(what))

    def case_header(self, rng: random.Random) -> Case:
        op, dump, flags = self.pick_op(rng)
        attrs = b"".join(a.raw for a in self.base_attrs(rng, op, dump))
        cmd, version, reserved = op.value, self.version, 0
        r = rng.randrange(8)
        what = ""
        if r == 0:
            cmd = rng.choice([0, self.spec.max_cmd + 1, 255, rng.randint(0, 255)] +
                             [o.value for o in self.spec.ops.values() if not o.is_request])
            what = f"cmd {cmd}"
        elif r == 1:
            version = rng.choice([0, 2, 255, rng.randint(0, 255)])
            reserved = rng.choice([0, rng.getrandbits(16)])
            what = f"version {version} reserved {reserved:#x}"
        elif r == 2:
            flags = rng.getrandbits(16)
            what = "random flags"
        elif r == 3:
            flags = rng.choice([0, NLM_F_ACK, NLM_F_DUMP, NLM_F_DUMP | NLM_F_ACK, NLM_F_MULTI | NLM_F_ACK,
                                NLM_F_REQUEST | NLM_F_ROOT, NLM_F_REQUEST | NLM_F_MATCH,
                                NLM_F_REQUEST | NLM_F_ATOMIC | NLM_F_ACK, NLM_F_REQUEST | NLM_F_MULTI])
            what = "odd flags"
        data = bytearray(nlmsg(self.family, 0, 0, genlhdr(cmd, version, reserved) + attrs))
        struct.pack_into("=H", data, 6, flags)
        if r == 4:
            real = len(data)
            n = rng.choice([0, 1, 15, 16, 17, 19, 20, real - 1, real - 4, real + 1, real + 4,
                            real + rng.randint(1, 1000), 0xFFFFFFFF, rng.getrandbits(32),
                            rng.randint(16, max(16, real))])
            struct.pack_into("=I", data, 0, n & 0xFFFFFFFF)
            what = f"nlmsg_len {n & 0xFFFFFFFF} of {real}"
        elif r == 5:
            cut = rng.randint(0, len(data) - 1)
            keep_len = rng.random() < 0.5
            data = data[:cut]
            if not keep_len and cut >= 4:
                struct.pack_into("=I", data, 0, cut)
            what = f"cut to {cut} bytes{', nlmsg_len kept' if keep_len else ''}"
        elif r == 6:
            data += self.junk(rng, 1, 40)
            what = "trailing bytes"
        elif r == 7:
            t = rng.choice([0, NLMSG_NOOP, NLMSG_ERROR, NLMSG_DONE, NLMSG_OVERRUN, rng.randint(5, 15)])
            struct.pack_into("=H", data, 4, t)
            what = f"type {t}"
        return Case(bytes(data), "header", f"{op.name} flags={flags:#x}: {what}")

    def case_garbage(self, rng: random.Random) -> Case:
        if rng.random() < 0.7:
            body = self.junk(rng, 0, 200)
            flags = NLM_F_REQUEST | rng.choice([0, NLM_F_ACK, NLM_F_DUMP])
            if rng.random() < 0.5:
                body = genlhdr(rng.choice([o.value for o in self.spec.requests]), self.version) + body
            return Case(nlmsg(self.family, flags, 0, body), "garbage", f"{len(body)} random bytes after the header")
        return Case(self.junk(rng, 0, 300), "garbage", "a random buffer")

    def case_multi(self, rng: random.Random) -> Case:
        parts = [rng.choice([self.case_attrs, self.case_garbage, self.case_header])(rng)
                 for _ in range(rng.randint(2, 3))]
        data = b"".join(p.data + bytes(-len(p.data) % 4) for p in parts)
        return Case(data, "multi", " + ".join(f"[{p.kind}: {p.desc}]" for p in parts))

    def case(self, i: int) -> Case:
        rng = random.Random(f"{self.seed}/{i}")
        r = rng.random()
        if r < 0.15:
            c = self.case_valid(rng)
        elif r < 0.65:
            c = self.case_attrs(rng)
        elif r < 0.85:
            c = self.case_header(rng)
        elif r < 0.93:
            c = self.case_garbage(rng)
        else:
            c = self.case_multi(rng)
        if len(c.data) > MAX_REQUEST:
            c.data = c.data[:MAX_REQUEST]
            c.desc += f" (cut to {MAX_REQUEST})"
        return c

    # --- safety ---------------------------------------------------------------

    def path_safe(self, raw: bytes) -> bool:
        """Whether a target string names only ours or nothing at all."""
        path = raw.split(b"\0", 1)[0]
        if not path:
            return True
        try:
            if not os.path.lexists(path):
                return True
            real = os.path.realpath(path)
            # A directory is no target of either engine: it may stay.
            return os.fsencode(real) in self.allowed_paths or os.path.isdir(real)
        except (OSError, ValueError):
            return False

    def sanitize(self, data: bytes, seq: int) -> tuple[bytes, list[str]]:
        """@data as it will be sent: each message the kernel will cut from
        it gets a sequence number of ours, goes to our family only, and
        names no target but ours; at most MAX_SUBS of them."""
        buf = bytearray(data)
        notes = []
        off = k = 0
        while len(buf) - off >= NLMSG_HDRLEN:
            n, t, f = struct.unpack_from("=IHH", buf, off)
            if n < NLMSG_HDRLEN or n > len(buf) - off:
                break
            if k == MAX_SUBS:
                struct.pack_into("=I", buf, off, 0xFFFFFFFF)
                notes.append(f"message {k} and on cut off")
                break
            struct.pack_into("=I", buf, off + 8, seq + k)
            if f & NLM_F_REQUEST and t >= NLMSG_MIN_TYPE and t != self.family:
                struct.pack_into("=H", buf, off + 4, self.family)
                notes.append(f"message {k}: type {t:#x} -> {self.family:#x}")
                t = self.family
            if t == self.family and n >= NLMSG_HDRLEN + GENL_HDRLEN and buf[off + NLMSG_HDRLEN] == self.start_cmd:
                start = off + NLMSG_HDRLEN + GENL_HDRLEN
                for a, at, an in iter_attrs(bytes(buf), start, off + n):
                    if at & NLA_TYPE_MASK == self.target_id and an > 4 and \
                            not self.path_safe(bytes(buf[a + 4:a + an])):
                        buf[a + 4] = 0
                        notes.append(f"message {k}: target at {a - off} emptied")
            k += 1
            off += min(align4(n), len(buf) - off)
        if notes:
            self.stats.sanitized += 1
        return bytes(buf), notes

    # --- an exchange ------------------------------------------------------------

    def exchange(self, data: bytes, subs: list[Sub]) -> list[NlMsg]:
        """Send @data; the replies to it, up to the ACK of a NOOP sent after
        it (and after the end of any dump it started)."""
        msgs: list[NlMsg] = []
        dumps = {s.seq for s in subs if self.starts_dump(s)}

        def take(buf: bytes) -> None:
            got, bad = split_reply(buf)
            if bad:
                raise Failure(f"a malformed reply buffer: {bad}: {buf.hex()}")
            for m in got:
                msgs.append(m)
                if m.type in (NLMSG_DONE, NLMSG_ERROR):
                    dumps.discard(m.seq)

        try:
            self.nl.send(data)
        except OSError as e:
            # Newer kernels refuse an empty message: ENODATA from sendto.
            if data or e.errno != errno.ENODATA:
                raise Failure(f"sendto: {e}") from e
            self.stats.empty_refused += 1
        while True:
            buf = self.recv(block=bool(dumps))
            if buf is None:
                break
            take(buf)
        sentinel = subs[0].seq | 0xFF if subs else (self.exchanges << 8) | 0xFF
        self.nl.send(nlmsg(NLMSG_NOOP, NLM_F_REQUEST | NLM_F_ACK, sentinel, b""))
        while True:
            buf = self.recv(block=True)
            assert buf is not None
            got, bad = split_reply(buf)
            if bad:
                raise Failure(f"a malformed reply buffer: {bad}: {buf.hex()}")
            for m in got:
                if m.type == NLMSG_ERROR and m.seq == sentinel:
                    if unpack_int(m.payload[:4], True) != 0:
                        raise Failure(f"the NOOP after the request was refused: {m.raw.hex()}")
                    return msgs
                msgs.append(m)

    def recv(self, block: bool) -> bytes | None:
        try:
            return self.nl.recv(block)
        except TimeoutError:
            raise
        except OSError as e:
            raise Failure(f"recvmsg: {e}") from e

    def resync(self) -> None:
        """After a failed exchange: drop what is queued, up to a NOOP's ACK."""
        self.exchanges += 1
        seq = (self.exchanges << 8) | 0xFF
        self.nl.send(nlmsg(NLMSG_NOOP, NLM_F_REQUEST | NLM_F_ACK, seq, b""))
        while True:
            try:
                buf = self.nl.recv(True)
            except TimeoutError:
                raise
            except OSError:
                continue
            got, _bad = split_reply(buf or b"")
            if any(m.type == NLMSG_ERROR and m.seq == seq for m in got):
                return

    def starts_dump(self, s: Sub) -> bool:
        if not (s.handled and s.type == self.family and s.dump and s.has_genl):
            return False
        op = self.spec.ops_by_cmd.get(s.cmd)
        return op is not None and op.has_dump and not self.denied

    # --- checking replies -------------------------------------------------------

    def check_extack(self, m: NlMsg, start: int, sub: Sub | None) -> list[str]:
        raw = m.raw
        bad = []
        tlvs = list(iter_attrs(raw, start, len(raw)))
        if not tlvs:
            bad.append("NLM_F_ACK_TLVS without TLVs")
        elif tlvs[-1][0] + align4(tlvs[-1][2]) != len(raw):
            bad.append(f"extack TLVs from {start} end at {tlvs[-1][0] + tlvs[-1][2]},"
                       f" the message at {len(raw)}")
        for off, t, n in tlvs:
            val = raw[off + 4:off + n]
            t &= NLA_TYPE_MASK
            if t == NLMSGERR_ATTR_MSG:
                if not val or val[-1] != 0 or b"\0" in val[:-1]:
                    bad.append(f"extack message not one NUL-terminated string: {val!r}")
                    continue
                try:
                    text = val[:-1].decode()
                except UnicodeDecodeError:
                    bad.append(f"extack message not UTF-8: {val!r}")
                    continue
                if not text.isprintable():
                    bad.append(f"extack message not printable: {text!r}")
                self.stats.extack_msgs[text] += 1
            elif t in (NLMSGERR_ATTR_OFFS, NLMSGERR_ATTR_MISS_NEST):
                if len(val) != 4:
                    bad.append(f"extack offset of {len(val)} bytes")
                    continue
                o = unpack_int(val)
                if t == NLMSGERR_ATTR_OFFS:
                    self.stats.extack_offs += 1
                else:
                    self.stats.extack_miss += 1
                if sub is not None:
                    if o >= len(sub.raw):
                        bad.append(f"extack offset {o} past the request ({len(sub.raw)} bytes)")
                    elif t == NLMSGERR_ATTR_OFFS and o not in attr_offsets(
                            sub.raw, NLMSG_HDRLEN + GENL_HDRLEN, len(sub.raw)):
                        bad.append(f"extack offset {o} is not where an attribute starts")
            elif t == NLMSGERR_ATTR_MISS_TYPE:
                self.stats.extack_miss += 1
                if len(val) != 4:
                    bad.append(f"extack missing type of {len(val)} bytes")
            elif t == NLMSGERR_ATTR_POLICY:
                self.stats.extack_policy += 1
                inner = list(iter_attrs(raw, off + 4, off + n))
                if (inner[-1][0] + align4(inner[-1][2]) if inner else off + 4) != align4(off + n):
                    bad.append("extack policy nest not made of whole attributes")
            elif t == NLMSGERR_ATTR_COOKIE:
                if len(val) > 20:
                    bad.append(f"extack cookie of {len(val)} bytes")
            else:
                bad.append(f"unknown extack TLV {t}")
        return bad

    def check_error(self, m: NlMsg, sub: Sub | None) -> list[str]:
        p = m.payload
        if len(p) < 4 + NLMSG_HDRLEN:
            return [f"NLMSG_ERROR of {len(p)} bytes"]
        err = unpack_int(p[:4], True)
        bad = []
        if err > 0 or err < -4095:
            bad.append(f"errno {err}")
        echo_len = unpack_int(p[4:8])
        start = NLMSG_HDRLEN + 4 + NLMSG_HDRLEN
        if m.flags & NLM_F_CAPPED:
            echo = p[4:4 + NLMSG_HDRLEN]
        else:
            if err == 0:
                bad.append("an ACK not capped")
            if echo_len < NLMSG_HDRLEN or 4 + echo_len > len(p):
                return bad + [f"echoed nlmsg_len {echo_len} in an error of {len(p)} bytes"]
            echo = p[4:4 + echo_len]
            start = NLMSG_HDRLEN + 4 + NLMSG_HDRLEN + align4(echo_len - NLMSG_HDRLEN)
        if sub is not None and echo != sub.raw[:len(echo)]:
            bad.append("the echoed request differs from the one sent")
        if sub is not None and not m.flags & NLM_F_CAPPED and len(echo) != len(sub.raw):
            bad.append(f"echoed {len(echo)} bytes of a {len(sub.raw)}-byte request")
        if m.flags & NLM_F_ACK_TLVS:
            bad += self.check_extack(m, start, sub)
        elif start != len(m.raw):
            bad.append(f"{len(m.raw) - start} bytes after the error without NLM_F_ACK_TLVS")
        self.stats.errors[err] += 1
        return bad

    def check_attrs(self, raw: bytes, off: int, end: int, aset: AttrSetSpec,
                    allowed: list[str] | None, where: str, depth: int = 0) -> list[str]:
        bad = []
        seen: set[int] = set()
        pos = off
        for a_off, t, n in iter_attrs(raw, off, end):
            pos = a_off + align4(n)
            t &= NLA_TYPE_MASK
            val = raw[a_off + 4:a_off + n]
            a = aset.by_id.get(t)
            if a is None:
                bad.append(f"{where}: attribute {t} unknown to set {aset.name}")
                continue
            if allowed is not None and a.name not in allowed and a.type != "pad":
                bad.append(f"{where}: {a.name} not in the spec's reply")
            if not a.multi and a.type != "pad":
                if t in seen:
                    bad.append(f"{where}: {a.name} repeated")
                seen.add(t)
            if a.is_int:
                if len(val) != a.width and not (a.type in ("uint", "sint") and len(val) in (4, 8)):
                    bad.append(f"{where}: {a.name} ({a.type}) of {len(val)} bytes")
                    continue
                v = unpack_int(val, a.signed)
                if a.enum and not a.enum_flags and v not in a.enum:
                    bad.append(f"{where}: {a.name}={v} not in its enum")
                if a.enum and a.enum_flags and v & ~sum(a.enum):
                    bad.append(f"{where}: {a.name}={v:#x} has unknown flags")
            elif a.type == "string":
                if not val or val[-1] != 0:
                    bad.append(f"{where}: {a.name} not NUL-terminated")
            elif a.type == "flag":
                if val:
                    bad.append(f"{where}: flag {a.name} with {len(val)} bytes")
            elif a.type == "nest" and a.nested:
                bad += self.check_attrs(raw, a_off + 4, a_off + n, self.spec.sets[a.nested], None,
                                        f"{where}.{a.name}", depth + 1)
        if pos != end:
            bad.append(f"{where}: attributes end at {pos}, the container at {end}")
        return bad

    def check_data(self, m: NlMsg, sub: Sub | None) -> list[str]:
        raw = m.raw
        if len(raw) < NLMSG_HDRLEN + GENL_HDRLEN:
            return [f"a family message of {len(raw)} bytes"]
        cmd, version, reserved = struct.unpack_from("=BBH", raw, NLMSG_HDRLEN)
        bad = []
        if version != self.version or reserved:
            bad.append(f"genl version {version} reserved {reserved}")
        op = self.spec.ops_by_cmd.get(cmd)
        if op is None:
            return bad + [f"reply cmd {cmd} not in the spec"]
        if sub is not None and sub.cmd != cmd:
            bad.append(f"reply cmd {cmd} to a request of cmd {sub.cmd}")
        multi = bool(m.flags & NLM_F_MULTI)
        reply = op.dump_reply if multi else op.do_reply
        if reply is None:
            bad.append(f"a {'dump' if multi else 'do'} reply of {op.name}, which has none in the spec")
        bad += self.check_attrs(raw, NLMSG_HDRLEN + GENL_HDRLEN, len(raw), self.spec.sets[op.set_name],
                                reply, op.name)
        return bad

    def run_ids(self, m: NlMsg) -> list[int]:
        if m.type != self.family or len(m.raw) < NLMSG_HDRLEN + GENL_HDRLEN:
            return []
        return [unpack_int(m.raw[a + 4:a + 8]) for a, t, n in
                iter_attrs(m.raw, NLMSG_HDRLEN + GENL_HDRLEN, len(m.raw))
                if t & NLA_TYPE_MASK == self.id_attr.value and n == 8]

    def check(self, index: int | str, case: Case, subs: list[Sub], msgs: list[NlMsg]) -> list[int]:
        """Check the replies to @case; the ids of the runs it started."""
        by_seq = {s.seq: s for s in subs}
        per: dict[int, list[NlMsg]] = collections.defaultdict(list)
        bad: list[str] = []
        started: list[int] = []
        for k, m in enumerate(msgs):
            sub = by_seq.get(m.seq)
            where = f"reply {k}"
            if sub is None:
                bad.append(f"{where}: seq {m.seq:#x} answers no message the kernel could read")
            else:
                per[sub.seq].append(m)
            if m.pid != self.nl.portid:
                bad.append(f"{where}: nlmsg_pid {m.pid}, ours is {self.nl.portid}")
            if m.type == NLMSG_ERROR:
                bad += [f"{where}: {b}" for b in self.check_error(m, sub)]
            elif m.type == NLMSG_DONE:
                p = m.payload
                if len(p) < 4:
                    bad.append(f"{where}: NLMSG_DONE of {len(p)} bytes")
                    continue
                err = unpack_int(p[:4], True)
                self.stats.dones[err] += 1
                if err > 0 or err < -4095:
                    bad.append(f"{where}: NLMSG_DONE with {err}")
                if not m.flags & NLM_F_MULTI:
                    bad.append(f"{where}: NLMSG_DONE without NLM_F_MULTI")
                if m.flags & NLM_F_ACK_TLVS:
                    bad += [f"{where}: {b}" for b in self.check_extack(m, NLMSG_HDRLEN + 4, None)]
                elif len(p) != 4:
                    bad.append(f"{where}: NLMSG_DONE of {len(p)} bytes without TLVs")
            elif m.type == self.family:
                self.stats.data_msgs += 1
                bad += [f"{where}: {b}" for b in self.check_data(m, sub)]
                if len(m.raw) > NLMSG_HDRLEN and m.raw[NLMSG_HDRLEN] == self.start_cmd:
                    started += self.run_ids(m)
            else:
                bad.append(f"{where}: message type {m.type:#x}")
        for k, s in enumerate(subs):
            bad += [f"message {k}: {b}" for b in self.check_sub(s, per.get(s.seq, []))]
        if case.expect_ok and subs and not self.denied:
            got = per.get(subs[0].seq, [])
            errs = [self.msg_errno(m) for m in got if m.type in (NLMSG_ERROR, NLMSG_DONE)]
            refused = [e for e in errs if e < 0 and -e not in case.allowed]
            if refused:
                bad.append(f"a valid request refused with {errname(refused[0])}")
            if not any(m.type == self.family for m in got) and not any(e < 0 for e in errs) and \
                    subs[0].cmd in (self.start_cmd, self.spec.ops["info-get"].value):
                bad.append("a valid request without its reply")
        if any(m.type == self.family for m in msgs):
            self.stats.answered += 1
        if not msgs:
            self.stats.silent += 1
        if bad:
            shown = self.shown
            self.fail(index, bad[0], case, msgs)
            for b in bad[1:10] if self.shown > shown else []:
                print(f"    also: {b}")
        return started

    @staticmethod
    def odd_header(s: Sub) -> bool:
        """Whether genetlink may refuse @s for its header alone: reserved
        bits set in the genl header, or nlmsg_flags other than those of a
        request (newer kernels check both before the op's permission)."""
        reserved = unpack_int(s.raw[NLMSG_HDRLEN + 2:NLMSG_HDRLEN + 4])
        dump = s.flags & NLM_F_DUMP
        extra = s.flags & ~(NLM_F_REQUEST | NLM_F_ACK | NLM_F_ECHO | NLM_F_DUMP)
        return bool(reserved or extra or dump not in (0, NLM_F_DUMP))

    @staticmethod
    def msg_errno(m: NlMsg) -> int:
        return unpack_int(m.payload[:4], True) if len(m.payload) >= 4 else 0

    def check_sub(self, s: Sub, got: list[NlMsg]) -> list[str]:
        """What the kernel must have answered one message of a request."""
        bad = []
        errs = [m for m in got if m.type == NLMSG_ERROR]
        data = [m for m in got if m.type == self.family]
        dones = [m for m in got if m.type == NLMSG_DONE]
        if len(errs) > 1:
            bad.append(f"{len(errs)} NLMSG_ERRORs")
        if not s.handled:
            want = 1 if s.flags & NLM_F_ACK else 0
            if len(got) != want or (errs and self.msg_errno(errs[0]) != 0):
                bad.append(f"{len(got)} replies to a message the kernel only acknowledges"
                           f" ({'with' if want else 'without'} NLM_F_ACK)")
            return bad
        refusal = [self.msg_errno(m) for m in errs if self.msg_errno(m) < 0]
        if self.denied:
            if data or dones:
                bad.append("answered with data as a user without CAP_NET_ADMIN")
            if not refusal:
                bad.append("not refused as a user without CAP_NET_ADMIN")
            elif s.has_genl and s.type == self.family:
                op = self.spec.ops_by_cmd.get(s.cmd)
                if op is not None and op.is_request:
                    ok = {-errno.EPERM}
                    if s.dump and not op.has_dump:
                        ok.add(-errno.EOPNOTSUPP)
                    if self.odd_header(s):
                        ok.add(-errno.EINVAL)  # checked before the op (7.x)
                    if refusal[0] not in ok:
                        bad.append(f"{op.name} refused with {errname(refusal[0])}, not EPERM,"
                                   " as a user without CAP_NET_ADMIN")
            return bad
        if self.starts_dump(s):
            if not dones and not errs:
                bad.append("a dump without NLMSG_DONE")
            if dones and got[-1] is not dones[-1]:
                bad.append("messages after NLMSG_DONE")
            if len(dones) > 1:
                bad.append(f"{len(dones)} NLMSG_DONEs")
            if any(not m.flags & NLM_F_MULTI for m in data):
                bad.append("a dump message without NLM_F_MULTI")
        else:
            if dones:
                bad.append("NLMSG_DONE answering a do")
            if len(data) > 1:
                bad.append(f"{len(data)} replies to a do")
            if any(m.flags & NLM_F_MULTI for m in data):
                bad.append("a do reply with NLM_F_MULTI")
            if data and refusal:
                bad.append(f"a reply and an error ({errname(refusal[0])}) to one do")
            if s.flags & NLM_F_ACK and not errs:
                bad.append("NLM_F_ACK without an ACK")
        return bad

    # --- runs --------------------------------------------------------------------

    def send_case(self, index: int | str, case: Case) -> list[int]:
        self.exchanges += 1
        data, notes = self.sanitize(case.data, self.exchanges << 8)
        if notes:
            case.desc += " [sanitized: " + "; ".join(notes) + "]"
        case.data = data
        subs = kernel_view(data)
        if self.args.verbose:
            print(f"{index}: {case.kind}: {case.desc} ({len(data)} bytes)")
        try:
            msgs = self.exchange(data, subs)
        except TimeoutError as e:
            self.fail(index, str(e), case)
            raise
        except Failure as e:
            self.fail(index, str(e), case)
            self.resync()
            return []
        if self.args.verbose:
            for m in msgs:
                detail = errname(self.msg_errno(m)) if m.type in (NLMSG_ERROR, NLMSG_DONE) else ""
                print(f"    <- type {m.type:#x} flags {m.flags:#x} len {len(m.raw)} {detail}")
        return self.check(index, case, subs, msgs)

    def housekeep(self, op: str, run_id: int, why: str, busy_s: float = 0) -> bool:
        """@op (run-stop, run-del) on run @run_id: it answers 0, or ENOENT
        for a run that is gone; EBUSY (a run still stopping) is asked
        again for up to @busy_s seconds. Return: whether it answered so."""
        deadline = time.monotonic() + busy_s
        while True:
            errs = self.housekeep_once(op, run_id, why)
            if errs != [-errno.EBUSY] or time.monotonic() >= deadline:
                break
            time.sleep(0.02)
        if errs == [-errno.EBUSY]:
            self.fail(f"{op}-{run_id}", f"{op} {run_id}: still EBUSY after {busy_s} s")
        return errs in ([0], [-errno.ENOENT])

    def housekeep_once(self, op: str, run_id: int, why: str) -> list[int] | None:
        """@op on run @run_id once. Return: the errnos it answered, or None
        after a failure (reported)."""
        self.stats.housekeeping += 1
        req = self.request(self.spec.ops[op].value, NLM_F_REQUEST | NLM_F_ACK,
                           nla(self.id_attr.value, pack_int(run_id, 4)))
        case = Case(req, "housekeeping", f"{op} {run_id} ({why})")
        self.exchanges += 1
        data, _ = self.sanitize(req, self.exchanges << 8)
        subs = kernel_view(data)
        try:
            msgs = self.exchange(data, subs)
        except Failure as e:
            self.fail(f"{op}-{run_id}", str(e), case)
            self.resync()
            return None
        errs = [self.msg_errno(m) for m in msgs if m.type == NLMSG_ERROR]
        if errs not in ([0], [-errno.ENOENT], [-errno.EBUSY]) or \
           (errs == [-errno.EBUSY] and op != "run-del"):
            self.fail(f"{op}-{run_id}", f"{op} {run_id} answered {[errname(e) for e in errs]}",
                      case, msgs)
            return None
        return errs

    def delete_run(self, run_id: int, why: str) -> None:
        # The module deletes ended runs only: stopped first. The stop
        # answers at once, the run stopping until its IOs in flight have
        # completed (null_blk's: quick); the deletion is refused (EBUSY)
        # until then, and asked again.
        if self.housekeep("run-stop", run_id, why):
            self.housekeep("run-del", run_id, why, busy_s=30)
        self.pool.pop(run_id, None)

    def list_runs(self) -> list[int]:
        req = self.request(self.spec.ops["run-get"].value, NLM_F_REQUEST | NLM_F_DUMP, b"")
        self.exchanges += 1
        data, _ = self.sanitize(req, self.exchanges << 8)
        msgs = self.exchange(data, kernel_view(data))
        return [i for m in msgs for i in self.run_ids(m)]

    def handle_started(self, index: int, case: Case, ids: list[int]) -> None:
        for k, run_id in enumerate(ids):
            self.stats.started += 1
            self.seen_ids.add(run_id)
            rng = random.Random(f"{self.seed}/{index}/pool")
            if case.pool and k == 0 and len(self.pool) < 2:
                self.pool[run_id] = index + rng.randint(5, 40)
                self.stats.pooled += 1
            else:
                self.delete_run(run_id, f"started by message {index}")

    def run(self) -> int:
        self.resolve()
        if not self.denied:
            self.foreign_ids = set(self.list_runs())
            info = self.request(self.spec.ops["info-get"].value, NLM_F_REQUEST, b"")
            self.exchanges += 1
            msgs = self.exchange(info, kernel_view(info))
            for m in msgs:
                if m.type == self.family:
                    caps = self.spec.sets["info"].attrs["caps"]
                    for a, t, n in iter_attrs(m.raw, NLMSG_HDRLEN + GENL_HDRLEN, len(m.raw)):
                        if t & NLA_TYPE_MASK == caps.value and n == 12:
                            kfile = self.spec.enums["cap"][0][2]
                            self.kfile = bool(unpack_int(m.raw[a + 4:a + 12]) & kfile)
        t0 = time.monotonic()
        left = 0
        try:
            for i in range(self.args.count):
                for run_id, due in sorted(self.pool.items()):
                    if due <= i:
                        self.delete_run(run_id, "its time in the pool is up")
                case = self.case(i)
                self.stats.sent += 1
                self.stats.kinds[case.kind] += 1
                started = self.send_case(i, case)
                if started:
                    self.handle_started(i, case, started)
            if not self.denied:
                for run_id in sorted(self.pool):
                    self.delete_run(run_id, "the end")
                for run_id in self.list_runs():
                    if run_id not in self.foreign_ids:
                        left += 1
                        self.delete_run(run_id, "left at the end")
        except TimeoutError as e:
            self.fail("-", f"stopping: {e}")
        self.summary(time.monotonic() - t0, left)
        return 1 if self.failures else 0

    def summary(self, secs: float, left: int) -> None:
        st = self.stats
        kinds = ", ".join(f"{k} {v}" for k, v in sorted(st.kinds.items()))
        print(f"sent: {st.sent} messages in {secs:.1f} s ({kinds}); {st.housekeeping} run deletions;"
              f" {st.sanitized} made safe; {st.empty_refused} empty ones refused by sendto")
        errs = ", ".join(f"{errname(e)} {n}" for e, n in st.errors.most_common())
        print(f"NLMSG_ERROR: {sum(st.errors.values())} ({errs})")
        dones = ", ".join(f"{errname(e) if e else '0'} {n}" for e, n in st.dones.most_common())
        print(f"NLMSG_DONE: {sum(st.dones.values())} ({dones})")
        print(f"family messages: {st.data_msgs}; messages answered with them: {st.answered};"
              f" messages without any reply: {st.silent}")
        print(f"extack: {sum(st.extack_msgs.values())} texts ({len(st.extack_msgs)} distinct),"
              f" {st.extack_offs} offsets, {st.extack_policy} policies, {st.extack_miss} missing")
        for text, n in st.extack_msgs.most_common(self.args.top):
            print(f"  {n:6d}  {text}")
        if not self.denied:
            print(f"runs: {st.started} started, {st.pooled} kept for a while, all deleted;"
                  f" {left} left at the end, deleted")
        print(f"failures: {self.failures}")


# --- the checker, checked ------------------------------------------------------


def self_test(spec_path: str, ynl_lib: str) -> int:
    """The checks against made-up replies, and the safety pass against
    paths that exist: no kernel needed. 0 when each verdict is right."""
    scratch = os.path.realpath(os.path.dirname(os.path.abspath(__file__)))
    args = argparse.Namespace(seed=0, count=0, target=None, file=__file__, expect_denied=False,
                              timeout=1.0, show_failures=0, top=0, verbose=False)
    fz = Fuzzer(args, Spec(spec_path, ynl_lib))
    fz.family, fz.version = 0x30, 1
    me = fz.nl.portid
    ops = fz.spec.ops
    info, run = fz.spec.sets["info"], fz.run_set
    bad = 0

    def req(cmd: int, flags: int, attrs: bytes, seq: int = 0x100) -> Sub:
        return kernel_view(fz.sanitize(fz.request(cmd, flags, attrs), seq)[0])[0]

    def reply(mtype: int, flags: int, seq: int, payload: bytes, pid: int = me) -> NlMsg:
        raw = struct.pack("=IHHII", NLMSG_HDRLEN + len(payload), mtype, flags, seq, pid) + payload
        return NlMsg(mtype, flags, seq, pid, raw)

    def error(sub: Sub, err: int, tlvs: bytes = b"", echo: bytes | None = None) -> NlMsg:
        body = sub.raw if echo is None else echo
        if err:
            pay = pack_int(err, 4) + body + bytes(-len(body) % 4)
            flags = 0
        else:
            pay = pack_int(0, 4) + body[:NLMSG_HDRLEN]
            flags = NLM_F_CAPPED
        return reply(NLMSG_ERROR, flags | (NLM_F_ACK_TLVS if tlvs else 0), sub.seq, pay + tlvs)

    def data(sub: Sub, attrs: bytes, flags: int = 0, cmd: int | None = None) -> NlMsg:
        return reply(fz.family, flags, sub.seq, genlhdr(sub.cmd if cmd is None else cmd, 1) + attrs)

    def done(sub: Sub, err: int = 0) -> NlMsg:
        return reply(NLMSG_DONE, NLM_F_MULTI, sub.seq, pack_int(err, 4))

    def verdict(name: str, want_fail: bool, sub: Sub, msgs: list[NlMsg], denied: bool = False) -> None:
        nonlocal bad
        fz.denied = denied
        before = fz.failures
        fz.check(name, Case(b"", "self-test", name), [sub], msgs)
        failed = fz.failures > before
        fz.denied = False
        if failed != want_fail:
            bad += 1
            print(f"self-test: {name}: {'failed' if failed else 'passed'}, wrongly")

    def u32(aset: AttrSetSpec, name: str, v: int) -> bytes:
        return nla(aset.attrs[name].value, pack_int(v, 4))

    ig = req(ops["info-get"].value, NLM_F_REQUEST | NLM_F_ACK, b"")
    good = (nla(info.attrs["version"].value, b"1.0\0") + u32(info, "cpus", 2) +
            nla(info.attrs["pad"].value) + nla(info.attrs["caps"].value, pack_int(3, 8)))
    verdict("info-get answered and acknowledged", False, ig, [data(ig, good), error(ig, 0)])
    verdict("NLM_F_ACK without an ACK", True, ig, [data(ig, good)])
    verdict("a u32 of 3 bytes", True, ig, [data(ig, good + nla(info.attrs["cpus"].value, b"abc")), error(ig, 0)])
    verdict("an attribute unknown to the set", True, ig, [data(ig, good + nla(99, b"")), error(ig, 0)])
    verdict("a string without its NUL", True, ig, [data(ig, nla(info.attrs["version"].value, b"1.0")), error(ig, 0)])
    verdict("a non-multi attribute twice", True, ig, [data(ig, good + u32(info, "cpus", 2)), error(ig, 0)])
    verdict("trailing bytes after the attributes", True, ig, [data(ig, good + b"\1\2"), error(ig, 0)])
    verdict("a reply of another command", True, ig, [data(ig, good, cmd=ops["run-get"].value), error(ig, 0)])
    verdict("a do reply with NLM_F_MULTI", True, ig, [data(ig, good, NLM_F_MULTI), error(ig, 0)])
    verdict("an ACK with NLM_F_ACK_TLVS and no TLVs", True, ig,
            [data(ig, good), reply(NLMSG_ERROR, NLM_F_CAPPED | NLM_F_ACK_TLVS, ig.seq,
                                   pack_int(0, 4) + ig.raw[:NLMSG_HDRLEN])])
    verdict("a reply to no message", True, ig, [data(ig, good), error(ig, 0),
                                                 reply(NLMSG_ERROR, NLM_F_CAPPED, ig.seq + 1, pack_int(0, 4) + ig.raw[:16])])
    verdict("a nlmsg_pid not ours", True, ig,
            [data(ig, good), reply(NLMSG_ERROR, NLM_F_CAPPED, ig.seq, pack_int(0, 4) + ig.raw[:16], me + 1)])
    rd = req(ops["run-del"].value, NLM_F_REQUEST, u32(run, "id", 7))
    verdict("run-del refused with an offset at its id", False, rd,
            [error(rd, -errno.ENOENT, nla(NLMSGERR_ATTR_MSG, b"no run with this id\0") +
                   nla(NLMSGERR_ATTR_OFFS, pack_int(20, 4)))])
    verdict("an offset inside an attribute", True, rd, [error(rd, -errno.ENOENT, nla(NLMSGERR_ATTR_OFFS, pack_int(21, 4)))])
    verdict("an offset past the request", True, rd, [error(rd, -errno.ENOENT, nla(NLMSGERR_ATTR_OFFS, pack_int(64, 4)))])
    verdict("an extack text without its NUL", True, rd, [error(rd, -errno.EINVAL, nla(NLMSGERR_ATTR_MSG, b"oops"))])
    verdict("an unknown extack TLV", True, rd, [error(rd, -errno.EINVAL, nla(42, b""))])
    verdict("an echo that differs", True, rd, [error(rd, -errno.EINVAL, echo=rd.raw[:-1] + b"\xff")])
    verdict("a positive errno", True, rd, [error(rd, 5)])
    verdict("run-del, which has no reply, answered with data", True, rd, [data(rd, u32(run, "id", 7))])
    verdict("a reply and an error to one do", True, rd, [data(rd, u32(run, "id", 7)), error(rd, -errno.EINVAL)])
    dump = req(ops["run-get"].value, NLM_F_REQUEST | NLM_F_DUMP, b"")
    status = u32(run, "id", 7) + u32(run, "state", 2)
    verdict("a dump ended by NLMSG_DONE", False, dump, [data(dump, status, NLM_F_MULTI), done(dump)])
    verdict("a dump without NLMSG_DONE", True, dump, [data(dump, status, NLM_F_MULTI)])
    verdict("a dump message without NLM_F_MULTI", True, dump, [data(dump, status), done(dump)])
    verdict("a state out of its enum", True, dump, [data(dump, u32(run, "state", 9), NLM_F_MULTI), done(dump)])
    verdict("messages after NLMSG_DONE", True, dump, [done(dump), data(dump, status, NLM_F_MULTI)])
    verdict("nobody refused with EPERM", False, ig, [error(ig, -errno.EPERM)], denied=True)
    verdict("nobody refused with EINVAL", True, ig, [error(ig, -errno.EINVAL)], denied=True)
    verdict("nobody answered", True, ig, [data(ig, good), error(ig, 0)], denied=True)
    verdict("nobody's dump started", True, dump, [data(dump, status, NLM_F_MULTI), done(dump)], denied=True)
    noreq = kernel_view(nlmsg(fz.family, NLM_F_ACK, 0x500, genlhdr(1, 1)))[0]
    verdict("a message that is no request, acknowledged", False, noreq, [error(noreq, 0)])
    verdict("a message that is no request, answered", True, noreq, [error(noreq, -errno.EINVAL)])

    # The safety pass: what exists is emptied unless it is ours.
    existing = [b"/dev/null", b"/etc/passwd", b"/proc/self/exe", b"/dev/./null"]
    for name in sorted(os.listdir("/sys/block")) if os.path.isdir("/sys/block") else []:
        if os.path.exists(f"/dev/{name}"):
            existing.append(os.fsencode(f"/dev/{name}"))
    start = ops["run-start"].value
    cases = [(p, True) for p in existing] + [
        (os.fsencode(__file__), False), (b"/nonexistent-ssdk-fuzz/x", False), (os.fsencode(scratch), False)]
    for path, emptied in cases:
        for payload in (path + b"\0", path, path + b"\0junk"):
            attrs = u32(run, "rw", 1) + nla(run.attrs["target"].value, payload) + nla(run.attrs["allow-write"].value)
            raw = fz.request(start, NLM_F_REQUEST, attrs)
            out = fz.sanitize(raw + nlmsg(GENL_ID_CTRL, NLM_F_REQUEST, 0, genlhdr(start, 1) + attrs), 0x100)[0]
            subs = kernel_view(out)
            for sub in subs:
                tgt = [sub.raw[a + 4:a + n] for a, t, n in iter_attrs(sub.raw, 20, len(sub.raw))
                       if t == run.attrs["target"].value]
                if sub.type != fz.family or (tgt[0][:1] == b"\0") != emptied:
                    bad += 1
                    print(f"self-test: sanitize {payload!r}: {'not ' if emptied else ''}emptied"
                          f" or type {sub.type:#x}")
    many = b"".join(nlmsg(fz.family, NLM_F_REQUEST, 0, genlhdr(1, 1)) for _ in range(MAX_SUBS + 3))
    if len(kernel_view(fz.sanitize(many, 0x100)[0])) != MAX_SUBS:
        bad += 1
        print(f"self-test: more than {MAX_SUBS} messages left in a buffer")
    print(f"self-test: {'all verdicts right' if not bad else f'{bad} wrong'}")
    return 1 if bad else 0


def main() -> int:
    here = os.path.dirname(os.path.abspath(__file__))
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seed", type=int, default=None, help="default: a random one")
    p.add_argument("--count", type=int, default=1000, help="messages to send (default 1000)")
    p.add_argument("--target", help="the test's null_blk device (/dev/nullbN)")
    p.add_argument("--file", help="a regular file of the test's own")
    p.add_argument("--spec", default=os.path.join(here, "../../Documentation/netlink/specs/ssdk.yaml"))
    p.add_argument("--ynl-lib", default=os.path.join(
        os.environ.get("SSDK_CACHE") or os.path.join(
            os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "ssdk"),
        "src/linux-6.12/tools/net/ynl/lib"),
        help="ynl's lib/ (its nlspec.py reads the spec; default: scripts/setup's)")
    p.add_argument("--expect-denied", action="store_true",
                   help="every request must be refused (a user without CAP_NET_ADMIN)")
    p.add_argument("--timeout", type=float, default=30.0, help="seconds to wait for a reply")
    p.add_argument("--show-failures", type=int, default=10, help="failures to print in full")
    p.add_argument("--top", type=int, default=12, help="commonest extack texts to list")
    p.add_argument("-v", "--verbose", action="store_true")
    p.add_argument("--self-test", action="store_true",
                   help="check the checks against made-up replies (no kernel needed)")
    args = p.parse_args()
    if args.self_test:
        return self_test(args.spec, args.ynl_lib)
    if args.seed is None:
        args.seed = int.from_bytes(os.urandom(4), "little")
    print(f"seed: {args.seed}", flush=True)
    if args.target:
        st = os.stat(args.target)
        if not stat.S_ISBLK(st.st_mode) or not re.fullmatch(r"nullb\d+", os.path.basename(
                os.path.realpath(args.target))):
            print(f"--target {args.target}: not a null_blk device; refusing", file=sys.stderr)
            return 2
    if args.file and (not os.path.isfile(args.file) or os.path.islink(args.file)):
        print(f"--file {args.file}: not a regular file; refusing", file=sys.stderr)
        return 2
    try:
        fuzzer = Fuzzer(args, Spec(args.spec, args.ynl_lib))
        return fuzzer.run()
    except Failure as e:
        print(f"FAIL seed={args.seed}: {e}")
        return 1
    except OSError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
