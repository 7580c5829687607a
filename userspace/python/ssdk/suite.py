# SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause
"""A review's suite: a file of steps in the form of fio's job files (INI).

::

    ; Tom's Hardware 2012: raw against formatted
    [global]                  keys for every measuring step below
    span=16g
    iodepth=1,2,4,8,16,32

    [raw 4k random read]      a step: its name
    step=compare              its command: run, sweep, compare, replay, purge,
    engines=bio               precondition, study, or filesystem
    rw=randread               the command's own options, long names, without
    bs=4k                     their dashes; a flag is its name alone

    [filesystem]              the steps after it run once per filesystem
    step=filesystem           of the review (--fs): made on the target,
    file-size=16g             mounted, its test file laid out

A key is an option of its step's command: the command's own table, the
one its ``--help`` prints, as ``ssdk -j help`` gives it (`commands()`), so
that nothing is listed twice; the review supplies --target, --file and
--allow-write, which a suite may not. Nothing here touches a device:
`parse()` reads text, `Suite.argv()` makes a step's command line.
Errors are ValueError("FILE:LINE: what").
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum

MAX_STEPS = 64
MAX_KEYS = 24
KEY_LEN = 32
VALUE_LEN = 160
NAME_LEN = 64
LINE_LEN = 512

# The commands a step may run, by step= value, in the order messages name them.
STEP_COMMANDS: tuple[str, ...] = ("run", "sweep", "compare", "replay", "purge",
                                  "precondition", "study")
_STEP_LIST = ", ".join((*STEP_COMMANDS, "filesystem"))

# The keys of a filesystem step (it is no command: they are listed here).
FS_KEYS: tuple[str, ...] = (
    "mkfs-options",   # extra options of mkfs.FS, recorded with the results
    "mount-options",  # options of the mount (-o)
    "file-size",      # the test file, laid out (every byte written)
)

# Options the review gives every step itself.
REVIEW_KEYS: tuple[str, ...] = ("target", "file", "allow-write", "json", "help", "format",
                                "dry-run", "quiet")


class Kind(Enum):
    """What a step does."""

    MEASURE = "measure"        # run, sweep, compare, replay: measures
    STATE = "state"            # purge, precondition: makes the drive's state
    STUDY = "study"            # study: a plan of both
    FILESYSTEM = "filesystem"  # makes a filesystem, mounts it, lays out the file


@dataclass(frozen=True)
class Command:
    """A command of the CLI: its group ("ctl" or None), its options by long
    name with their argument ("SIZE"), None for a flag."""

    name: str
    group: str | None
    options: Mapping[str, str | None]


def commands_from_help(dump: Mapping[str, object]) -> dict[str, Command]:
    """The step commands of ``ssdk -j help``'s document, by name."""
    out: dict[str, Command] = {}
    cmds = dump.get("commands")
    if not isinstance(cmds, list):
        raise ValueError("ssdk -j help: no commands")
    for c in cmds:
        if c["name"] not in STEP_COMMANDS:
            continue
        opts = {o["name"]: o["arg"] for o in c["options"] if not o["common"]}
        out[c["name"]] = Command(c["name"], c["group"], opts)
    missing = [n for n in STEP_COMMANDS if n not in out]
    if missing:
        raise ValueError(f"ssdk -j help: no command {', '.join(missing)}")
    return out


def commands(cli: str) -> dict[str, Command]:
    """The step commands of the ssdk command *cli*, from its own tables."""
    p = subprocess.run([cli, "-j", "help"], capture_output=True, text=True, check=False)
    if p.returncode != 0:
        raise ValueError(f"{cli} -j help: exit {p.returncode}: {p.stderr.strip()}")
    return commands_from_help(json.loads(p.stdout))


@dataclass
class KeyValue:
    """A key of a step, as the file has it: its value ("" for a flag), its line."""

    key: str
    value: str
    flag: bool
    line: int


@dataclass
class Step:
    """A step of a suite: its section's name, what it does, its command
    (None for a filesystem step), its keys ([global]'s are not among
    them), whether it runs once per filesystem, and its section's line."""

    name: str
    line: int
    kind: Kind = Kind.MEASURE
    cmd: Command | None = None
    kv: list[KeyValue] = field(default_factory=list)
    per_fs: bool = False

    def fs_key(self, key: str) -> str | None:
        """A key of a filesystem step, or None."""
        for kv in self.kv:
            if kv.key == key:
                return kv.value
        return None

    def sets(self, key: str) -> bool:
        return any(kv.key == key for kv in self.kv)


@dataclass
class Suite:
    """A suite, read: its title (its first line when a comment, or its
    file's name), [global]'s keys, its steps in order."""

    title: str
    globals: list[KeyValue] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)

    def key(self, st: Step, key: str) -> str | None:
        """The value a step's command gets for *key* ("" for a flag): the
        step's own last, else [global]'s (a measuring step's), as argv()
        orders them; None when neither gives it."""
        assert st.cmd is not None
        v = None
        if st.kind == Kind.MEASURE:
            for kv in self.globals:
                if kv.key == key and key in st.cmd.options:
                    v = kv.value
        for kv in st.kv:
            if kv.key == key:
                v = kv.value
        return v

    def argv(self, st: Step) -> list[str]:
        """A step's command line without what the review adds: the
        command's name (study: "study new-vs-used"), then [global]'s keys
        that the command has (a measuring step's only) and the step does
        not set, then the step's own."""
        assert st.cmd is not None
        out = [st.cmd.name]
        if st.kind == Kind.STUDY:
            out.append("new-vs-used")
        kvs = [kv for kv in self.globals if not st.sets(kv.key)] \
            if st.kind == Kind.MEASURE else []
        for kv in [*kvs, *st.kv]:
            if kv.key in st.cmd.options:
                out.append(f"--{kv.key}")
                if not kv.flag:
                    out.append(kv.value)
        return out


def _blen(s: str) -> int:
    return len(s.encode())


class _Reader:
    def __init__(self, file: str, cmds: Mapping[str, Command]):
        self.file = file
        self.cmds = cmds

    def fail(self, line: int, msg: str) -> ValueError:
        return ValueError(f"{self.file}:{line}: {msg}")

    def check_key(self, kv: KeyValue, st: Step | None) -> None:
        """A key of a step (or of [global], *st* None: any step command's)."""
        if kv.key in REVIEW_KEYS:
            raise self.fail(kv.line, f"{kv.key}: the review gives it, not the suite")
        if st is not None and st.kind == Kind.FILESYSTEM:
            if kv.key not in FS_KEYS:
                raise self.fail(kv.line, f"[{st.name}]: a filesystem step takes "
                                f"{', '.join(FS_KEYS)}; not {kv.key}")
            if kv.flag or not kv.value:
                raise self.fail(kv.line, f"{kv.key} needs a value")
            return
        found = False
        arg: str | None = None
        cmds: Sequence[Command] = [st.cmd] if st is not None and st.cmd else \
            [self.cmds[n] for n in STEP_COMMANDS]
        for c in cmds:
            if kv.key in c.options:
                found, arg = True, c.options[kv.key]
                break
        if not found:
            where = f"[{st.name}]" if st is not None else "[global]"
            raise self.fail(kv.line, f"{where}: no option {kv.key}")
        if arg and (kv.flag or not kv.value):
            raise self.fail(kv.line, f"{kv.key} needs a value ({kv.key}={arg})")
        if not arg and not kv.flag:
            raise self.fail(kv.line, f"{kv.key} is a flag: its name alone")

    def finish_step(self, st: Step, after_fs: bool) -> bool:
        """A section's step= set, the other keys checked against its command;
        returns whether the steps after it follow a filesystem step."""
        cmd = None
        for kv in st.kv:
            if kv.key == "step":
                cmd = kv.value
        if not cmd:
            raise self.fail(st.line, f"[{st.name}]: no step= ({_STEP_LIST})")
        if cmd == "filesystem":
            if after_fs:
                raise self.fail(st.line, f"[{st.name}]: a second filesystem step (the steps "
                                "after the first run on each)")
            st.kind = Kind.FILESYSTEM
            after_fs = True
        else:
            st.cmd = self.cmds.get(cmd) if cmd in STEP_COMMANDS else None
            if st.cmd is None:
                raise self.fail(st.line, f"[{st.name}]: step={cmd} is none of {_STEP_LIST}")
            st.kind = Kind.STATE if cmd in ("purge", "precondition") else \
                Kind.STUDY if cmd == "study" else Kind.MEASURE
            st.per_fs = after_fs
            if st.per_fs and st.kind != Kind.MEASURE:
                raise self.fail(st.line, f"[{st.name}]: {cmd} writes the device under the "
                                "filesystem: before the filesystem step")
        st.kv = [kv for kv in st.kv if kv.key != "step"]
        for kv in st.kv:
            self.check_key(kv, st)
        if st.kind == Kind.FILESYSTEM and st.fs_key("file-size") is None:
            raise self.fail(st.line, f"[{st.name}]: file-size= is needed")
        return after_fs

    def read_kv(self, line: str, n: int) -> KeyValue:
        key, eq, value = line.partition("=")
        key, value = key.strip(), value.strip()
        if not key:
            raise self.fail(n, "a value without a key")
        if _blen(key) >= KEY_LEN or _blen(value) >= VALUE_LEN:
            raise self.fail(n, f"{key}: too long")
        return KeyValue(key, value, not eq, n)


def parse(text: str, file: str, cmds: Mapping[str, Command]) -> Suite:
    """Read a suite: lines are "[name]", "key=value", "key" (a flag), blank,
    or comments ("#" or ";" first). A name may appear once; [global] is not
    a step. *cmds* are the commands a step may name (`commands()`)."""
    rd = _Reader(file, cmds)
    s = Suite(title=file)
    st: Step | None = None
    in_global = after_fs = False
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    n = 0
    for n, raw in enumerate(lines, 1):
        if _blen(raw) >= LINE_LEN:
            raise rd.fail(n, f"a line longer than {LINE_LEN - 1} bytes")
        line = raw.strip()
        if line.startswith(("#", ";")):
            if n == 1:
                s.title = line[1:].strip()
            continue
        if not line:
            continue
        if line[0] == "[":
            if line[-1] != "]" or len(line) < 3:
                raise rd.fail(n, f"a section is [name]: {line}")
            name = line[1:-1].strip()
            if not name:
                raise rd.fail(n, "a section without a name")
            if st is not None:
                after_fs = rd.finish_step(st, after_fs)
            st = None
            in_global = name == "global"
            if in_global:
                continue
            if any(x.name == name for x in s.steps):
                raise rd.fail(n, f"[{name}] twice")
            if len(s.steps) == MAX_STEPS:
                raise rd.fail(n, f"more than {MAX_STEPS} steps")
            if _blen(name) >= NAME_LEN:
                raise rd.fail(n, f"a step's name is at most {NAME_LEN - 1} bytes")
            st = Step(name, n)
            s.steps.append(st)
            continue
        if in_global:
            if len(s.globals) == MAX_KEYS:
                raise rd.fail(n, f"more than {MAX_KEYS} keys")
            kv = rd.read_kv(line, n)
            rd.check_key(kv, None)
            s.globals.append(kv)
            continue
        if st is None:
            raise rd.fail(n, "a key before the first [section]")
        if len(st.kv) == MAX_KEYS:
            raise rd.fail(n, f"more than {MAX_KEYS} keys")
        st.kv.append(rd.read_kv(line, n))
    if st is not None:
        rd.finish_step(st, after_fs)
    if not s.steps:
        raise rd.fail(n, "no step")
    return s
