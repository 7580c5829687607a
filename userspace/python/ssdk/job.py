# SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause
"""What a run does: Job, every option of ``ssdk ctl run``, as a dataclass.

A field left ``None`` is not sent: the module applies the spec's default
and decides how the attributes go together, as it does for the CLI (it
says what it refuses, and SsdkError carries it). Sizes take ``"8G"``,
``"4k"`` or a number of bytes; times ``"3m"``, ``"250ms"`` or a number
of seconds. Enum values are the spec's names (``rw="randwrite"``).
libssdk reads the values, as it does the CLI's options: sizes and times
(units.py), bssplit, pattern and steady (ssdk_parse_bssplit(),
ssdk_parse_pattern(), ssdk_parse_steady()).
"""

from __future__ import annotations

import ctypes
import enum
import errno
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, fields, replace
from typing import Any

from . import _lib, spec
from .units import U64_MAX, Duration, Size, parse_duration_ns, parse_size

# Job field -> (spec attribute of run-start, how its value is read).
# Enum-valued attributes read their names through the spec's enums.
_SIZE, _TIME, _INT, _FLAG, _ENUM = "size", "time", "int", "flag", "enum"
FIELD_ATTRS: dict[str, tuple[str, str]] = {
    "engine": ("engine", _ENUM),
    "buffered": ("buffered", _FLAG),
    "rw": ("rw", _ENUM),
    "rwmixread": ("rwmixread", _INT),
    "bs": ("bs", _SIZE),
    "iodepth": ("iodepth", _INT),
    "batch": ("batch", _INT),
    "polled": ("polled", _FLAG),
    "anatomy": ("anatomy", _FLAG),
    "offset": ("offset", _SIZE),
    "span": ("span", _SIZE),
    "align": ("align", _SIZE),
    "align_offset": ("align-offset", _SIZE),
    "stride": ("stride", _SIZE),
    "rate_iops": ("rate-iops", _INT),
    "arrivals": ("arrivals", _ENUM),
    "runtime": ("runtime-ns", _TIME),
    "ios": ("ios", _INT),
    "ramp": ("ramp-ns", _TIME),
    "purge": ("purge", _ENUM),
    "rounds": ("rounds", _INT),
    "round_time": ("round-ns", _TIME),
    "cpu": ("cpu", _INT),
    "seed": ("seed", _INT),
    "slowest": ("slowest-n", _INT),
    "ts_interval": ("ts-interval-ns", _TIME),
    "capture_over": ("capture-over-ns", _TIME),
    "max_errors": ("max-errors", _INT),
    "owned": ("owned", _FLAG),
    "allow_write": ("allow-write", _FLAG),
}
# Attributes of run-start that a Job sets otherwise: target (per run),
# bs-split, pattern and steady (parsed), dry-run (Controller.check()).
# Set otherwise than by a field; a replay's (trace, replay-*) are ssdk ctl
# replay's, which a Job does not make.
OTHER_ATTRS = ("target", "bs-split", "pattern", "pattern-byte", "compress-pct", "dry-run",
               "steady-track", "steady-range-pct", "steady-slope-pct", "workers", "cpus",
               "trace", "replay-timing", "replay-scale", "replay-remap")

_ENUMS: dict[str, type[enum.IntEnum]] = {
    "engine": spec.Engine, "rw": spec.Rw, "arrivals": spec.Arrivals, "pattern": spec.Pattern,
    "steady": spec.SteadyTrack, "purge": spec.PurgeMethod,
}


class JobError(ValueError):
    """A Job's field cannot be read (the module checks the rest)."""


def enum_value(attr: str, name: str | int) -> int:
    """The value of *name* in the spec's enum of attribute *attr*."""
    e = _ENUMS[attr]
    if isinstance(name, int):
        return int(name)
    try:
        return int(e[name.upper().replace("-", "_")])
    except KeyError:
        names = ", ".join(m.name.lower().replace("_", "-") for m in e)
        raise JobError(f"{attr}: {name!r} is none of {names}") from None


@dataclass
class Job:
    """A workload, as ``ssdk ctl run`` takes it; ``None``: the module's default.

    ``target`` is a block device (engine "bio") or a regular file (engine
    "kfile"), or a list of them, each with its own run (seeds seed,
    seed+1...); ``workers`` kernel threads per run, bound in turn to
    ``cpus``, their statistics merged by the module.
    ``file_size`` lays a kfile target out first. ``open_loop`` is
    ``arrivals="uniform"``; ``continue_on_error`` lets no IO error end the
    run. ``owned`` (the default here) stops the runs when the controller
    closes or its process dies.
    """

    target: str | Sequence[str] = ""
    engine: str | None = None
    buffered: bool = False
    file_size: Size | None = None
    workers: int = 1
    cpus: Sequence[int] | None = None
    rw: str | None = None
    rwmixread: int | None = None
    bs: Size | None = None
    bssplit: str | Sequence[tuple[Size, int]] | None = None
    iodepth: int | None = None
    batch: int | None = None
    polled: bool = False
    anatomy: bool = False
    offset: Size | None = None
    span: Size | None = None
    align: Size | None = None
    align_offset: Size | None = None
    stride: Size | None = None
    pattern: str | None = None
    rate_iops: int | None = None
    arrivals: str | None = None
    open_loop: bool = False
    runtime: Duration | None = None
    ios: int | None = None
    ramp: Duration | None = None
    purge: str | None = None
    rounds: int | None = None
    round_time: Duration | None = None
    steady: str | None = None
    cpu: int | None = None
    seed: int | None = None
    slowest: int | None = None
    ts_interval: Duration | None = None
    capture_over: Duration | None = None
    max_errors: int | None = None
    continue_on_error: bool = False
    owned: bool = True
    allow_write: bool = False
    name: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    def with_(self, **changes: Any) -> Job:
        """A copy with *changes*: ``job.with_(iodepth=8)``."""
        return replace(self, **changes)

    @property
    def targets(self) -> list[str]:
        if isinstance(self.target, str):
            return [self.target] if self.target else []
        return list(self.target)

    def values(self) -> dict[str, int]:
        """Every attribute this job sets: {spec name: value}, for one run.

        Raises JobError for a value that cannot be read.
        """
        out: dict[str, int] = {}
        for name, (attr, kind) in FIELD_ATTRS.items():
            v = getattr(self, name)
            if v is None or v is False:
                continue
            try:
                if kind == _SIZE:
                    out[attr] = parse_size(v)
                elif kind == _TIME:
                    out[attr] = parse_duration_ns(v)
                elif kind == _ENUM:
                    out[attr] = enum_value(name, v)
                elif kind == _FLAG:
                    out[attr] = 1
                else:
                    out[attr] = _int(v)
            except (ValueError, TypeError) as e:
                raise JobError(f"{name}: {e}") from None
        if self.open_loop:
            out.setdefault("arrivals", int(spec.Arrivals.UNIFORM))
        if self.continue_on_error:
            out["max-errors"] = U64_MAX
        if self.pattern is not None:
            out.update(_pattern(self.pattern))
        if self.steady is not None:
            out.update(_steady(self.steady))
        return out

    def cli_args(self) -> list[str]:
        """The options of ``ssdk ctl run`` that make the same runs.

        Every option is a field's name with dashes; sizes go as bytes,
        times as nanoseconds ("1500000ns"), so nothing is rounded.
        """
        if self.purge is not None:
            raise JobError("purge: ssdk ctl purge makes it, not ssdk ctl run")
        out: list[str] = []
        for t in self.targets:
            out += ["--target", t]
        for name in job_fields():
            v = getattr(self, name)
            if name in ("target", "name", "extra") or v is None or v is False:
                continue
            opt = "--" + name.replace("_", "-")
            if v is True:
                out.append(opt)
            elif name in FIELD_ATTRS and FIELD_ATTRS[name][1] == _TIME:
                out += [opt, f"{parse_duration_ns(v)}ns"]
            elif (name in FIELD_ATTRS and FIELD_ATTRS[name][1] == _SIZE) or name == "file_size":
                out += [opt, str(parse_size(v))]
            elif name == "bssplit":
                out += [opt, ":".join(f"{bs}/{pct}" for bs, pct in self.bs_split())]
            elif name == "cpus":
                out += [opt, ",".join(str(c) for c in v)]
            elif name == "workers" and v == 1:
                continue
            else:
                out += [opt, str(v)]
        return out

    def bs_split(self) -> list[tuple[int, int]]:
        """The entries of bssplit as (bytes, pct), as libssdk reads them.

        A list of (size, pct) is read as the text SIZE/PCT:SIZE/PCT... it
        makes; the module checks the sizes and that the shares add up to 100.
        """
        if self.bssplit is None:
            return []
        if isinstance(self.bssplit, str):
            text = self.bssplit
        else:
            try:
                text = ":".join(f"{_size_text(bs)}/{_int(pct)}" for bs, pct in self.bssplit)
            except (ValueError, TypeError) as e:
                raise JobError(f"bssplit: {e}") from None
        c = _config()
        err = _lib.lib().ssdk_parse_bssplit(_text_or_empty(text), ctypes.byref(c))
        if err == -errno.ERANGE:
            raise JobError(f"bssplit: at most {spec.MAX_BS_SPLIT} entries, of sizes and shares"
                           f" below 2^32: {text!r}")
        if err:
            raise JobError(f"bssplit: {text!r} is not SIZE/PCT:SIZE/PCT...")
        return [(int(c.bs_split[i].bs), int(c.bs_split[i].pct)) for i in range(c.nr_bs)]

    def runs(self) -> Iterator[tuple[str, dict[str, int]]]:
        """Each run of the job: (target, attributes), one per target."""
        if not self.targets:
            raise JobError("target: a Job needs a target (a block device or, engine kfile, a file)")
        if not 1 <= self.workers <= spec.MAX_WORKERS:
            raise JobError(f"workers: {self.workers} is not a count (1 .. {spec.MAX_WORKERS})")
        if self.cpus is not None and not 1 <= len(self.cpus) <= spec.MAX_WORKERS:
            raise JobError(f"cpus: {len(self.cpus)} CPUs (1 .. {spec.MAX_WORKERS})")
        base = self.values()
        if self.workers > 1:
            base["workers"] = self.workers
        for n, target in enumerate(self.targets):
            v = dict(base)
            if len(self.targets) > 1:
                v["seed"] = base.get("seed", 0) + n
            yield target, v

    def config(self, target: str, values: dict[str, int]) -> _lib.RunConfig:
        """The libssdk configuration of one run."""
        lib = _lib.lib()
        c = _lib.RunConfig()
        lib.ssdk_config_init(ctypes.byref(c))
        if lib.ssdk_config_set_target(ctypes.byref(c), target.encode()) < 0:
            raise JobError(f"target: longer than {spec.MAX_TARGET_LEN} bytes")
        for attr, v in values.items():
            if lib.ssdk_config_set(ctypes.byref(c), spec.ATTRS["run"][attr].value, v) < 0:
                raise JobError(f"{attr}: {v} out of range")
        for bs, pct in self.bs_split():
            if lib.ssdk_config_add_bs(ctypes.byref(c), bs, pct) < 0:
                raise JobError(f"bssplit: at most {spec.MAX_BS_SPLIT} entries")
        for cpu in self.cpus or ():
            if lib.ssdk_config_add_cpu(ctypes.byref(c), _int(cpu)) < 0:
                raise JobError(f"cpus: at most {spec.MAX_WORKERS}")
        return c


def _int(v: Any) -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        raise TypeError(f"{v!r} is not an integer")
    if not 0 <= v <= U64_MAX:
        raise ValueError(f"{v} out of range")
    return v


def _config() -> _lib.RunConfig:
    c = _lib.RunConfig()
    _lib.lib().ssdk_config_init(ctypes.byref(c))
    return c


def _text_or_empty(s: str) -> bytes:
    """*s* for libssdk; a text with a NUL in it, as "" (which no parser takes)."""
    try:
        return _lib.text(s)
    except ValueError:
        return b""


def _size_text(bs: Any) -> str:
    """A size of a bssplit list as its text: "4k" as it is, 4096 as "4096"."""
    if isinstance(bs, bool) or not isinstance(bs, int | str):
        raise TypeError(f"a size, not {bs!r}")
    return str(bs)


def _parsed(parse: Any, s: str, attrs: Sequence[str]) -> dict[str, int] | None:
    """What libssdk's *parse* sets of *attrs* in a configuration from *s*; None if refused."""
    lib = _lib.lib()
    c = _config()
    if parse(_text_or_empty(s), ctypes.byref(c)) < 0:
        return None
    types = {a: spec.ATTRS["run"][a].value for a in attrs}
    return {a: int(lib.ssdk_config_get(ctypes.byref(c), t)) for a, t in types.items()
            if lib.ssdk_config_is_set(ctypes.byref(c), t)}


def _pattern(p: str) -> dict[str, int]:
    """pattern: random, zeros, repeat:BYTE, compressible:PCT (ssdk_parse_pattern())."""
    lib = _lib.lib()
    out = _parsed(lib.ssdk_parse_pattern, p, ("pattern", "pattern-byte", "compress-pct"))
    if out is not None:
        return out
    name, _, arg = p.partition(":")
    enum_value("pattern", name)  # the spec's patterns, or "is none of"
    if arg and _parsed(lib.ssdk_parse_pattern, f"{name}:0", ("pattern",)) is not None:
        raise JobError(f"pattern: {arg!r} is not a number")
    syntax = _lib.written(lib.ssdk_pattern_syntax, size=256)
    raise JobError(f"pattern: {p!r} is not one of {syntax}")


def _steady(s: str) -> dict[str, int]:
    """steady: TRACK[:PCT][,range:PCT][,slope:PCT], a PCT ending in % or not
    (ssdk_parse_steady())."""
    out = _parsed(_lib.lib().ssdk_parse_steady, s,
                  ("steady-track", "steady-range-pct", "steady-slope-pct"))
    if out is not None:
        return out
    enum_value("steady", s.split(",")[0].partition(":")[0])  # or "is none of"
    raise JobError(f"steady: {s!r} is not TRACK[:PCT][,slope:PCT]")


def job_fields() -> list[str]:
    """The names of Job's fields."""
    return [f.name for f in fields(Job)]
