# SPDX-License-Identifier: GPL-2.0
"""The machine's conditions: what of the host decides a latency besides
the drive (CPU frequency, idle states, SMT, the disk's queues and
interrupts, its scheduler and cache, THP, preemption, the clock,
mitigations, a hypervisor), as libssdk's ssdk_system_read() reads them,
each fact with a verdict.

The JSON is the CLI's (``ssdk -j system show``, and a run's
``conditions.system``): ``{"expected_ns", "facts": {KEY: {"value",
"verdict", "jitter_ns"?, "why"?}}, "over": [KEY...]}``; ``over`` names
the facts whose jitter is past a tenth of ``expected_ns``.
"""

from __future__ import annotations

import ctypes
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from . import _lib

VERDICTS = ("fine", "note", "jitter")


@dataclass(frozen=True)
class Fact:
    """One fact: its value as the kernel says it, and its verdict."""

    key: str
    value: str
    verdict: str
    jitter_ns: int = 0
    why: str = ""


@dataclass(frozen=True)
class Conditions:
    """The facts of the machine for a target and CPUs."""

    expected_ns: int
    facts: tuple[Fact, ...]
    over: tuple[str, ...]

    def fact(self, key: str) -> Fact | None:
        return next((f for f in self.facts if f.key == key), None)

    def to_json(self, why: bool = False) -> dict[str, Any]:
        """The CLI's object: with each verdict's reason when *why*."""
        facts: dict[str, dict[str, Any]] = {}
        for f in self.facts:
            d: dict[str, Any] = {"value": f.value, "verdict": f.verdict}
            if f.verdict == "jitter":
                d["jitter_ns"] = f.jitter_ns
            if why and f.why:
                d["why"] = f.why
            facts[f.key] = d
        return {"expected_ns": self.expected_ns, "facts": facts, "over": list(self.over)}

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Conditions:
        facts = d.get("facts", {})
        return cls(int(d.get("expected_ns", 0)),
                   tuple(Fact(str(k), str(v.get("value", "")), str(v.get("verdict", "")),
                              int(v.get("jitter_ns", 0)), str(v.get("why", "")))
                         for k, v in facts.items() if isinstance(v, Mapping)),
                   tuple(str(k) for k in d.get("over", ())))


def read(target: str | None = None, cpus: str | None = None,
         root: str | None = None) -> Conditions:
    """The conditions for runs on *target* (a block device, a partition, a
    file) on *cpus* (a CPU list; every online CPU by default), read under
    *root* (a copy of another machine's /sys and /proc) or on this
    machine. Raises ValueError with libssdk's message."""
    lib = _lib.lib()
    s = _lib.System()
    err = ctypes.create_string_buffer(512)
    enc = [x.encode() if x is not None else None for x in (root, target, cpus)]
    if lib.ssdk_system_read(enc[0], enc[1], enc[2], ctypes.byref(s), err, len(err)) < 0:
        raise ValueError(err.value.decode(errors="replace"))
    idx = (ctypes.c_uint * _lib.SYSTEM_MAX_FACTS)()
    n = lib.ssdk_system_over(ctypes.byref(s), 0, idx, _lib.SYSTEM_MAX_FACTS)
    facts = tuple(Fact(f.key.decode(), f.value.decode(errors="replace"),
                       lib.ssdk_verdict_name(f.verdict).decode(), int(f.jitter_ns),
                       f.why.decode(errors="replace"))
                  for f in s.fact[:s.nr_facts])
    return Conditions(int(s.expected_ns), facts,
                      tuple(facts[idx[i]].key for i in range(min(n, _lib.SYSTEM_MAX_FACTS))))
