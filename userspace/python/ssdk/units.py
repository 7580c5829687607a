# SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause
"""Sizes and times as the CLI reads them: "8G", "4k", "3m", "250ms".

Sizes are powers of two (4k = 4096); a bare number is bytes. Times take
ns, us, ms, s, m (minutes), h; a bare number is seconds, and a float or
int passed as a number is seconds too. MB/s in results is 10^6 bytes per
second, as drive reviews count.
"""

from __future__ import annotations

import re

SIZE_UNITS: dict[str, int] = {
    "": 1, "b": 1,
    "k": 1 << 10, "kb": 1 << 10, "kib": 1 << 10,
    "m": 1 << 20, "mb": 1 << 20, "mib": 1 << 20,
    "g": 1 << 30, "gb": 1 << 30, "gib": 1 << 30,
    "t": 1 << 40, "tb": 1 << 40, "tib": 1 << 40,
}

TIME_UNITS_NS: dict[str, int] = {
    "": 10**9, "s": 10**9, "sec": 10**9,
    "ns": 1, "us": 10**3, "ms": 10**6,
    "m": 60 * 10**9, "min": 60 * 10**9,
    "h": 3600 * 10**9,
}

U64_MAX = (1 << 64) - 1

_SIZE_RE = re.compile(r"([0-9]+)([a-zA-Z]*)")
_TIME_RE = re.compile(r"([0-9]*\.?[0-9]*)([a-zA-Z]*)")

Size = int | str
Duration = int | float | str


def parse_size(value: Size) -> int:
    """Bytes of *value*: an int, or a string such as "8G", "128k", "512"."""
    if isinstance(value, bool):
        raise TypeError(f"a size, not {value!r}")
    if isinstance(value, int):
        if not 0 <= value <= U64_MAX:
            raise ValueError(f"size {value} out of range")
        return value
    m = _SIZE_RE.fullmatch(value.strip())
    mult = SIZE_UNITS.get(m.group(2).lower()) if m else None
    if m is None or mult is None:
        raise ValueError(f"bad size {value!r} (a number with k, m, g or t: 4k, 8G)")
    out = int(m.group(1)) * mult
    if out > U64_MAX:
        raise ValueError(f"size {value!r} out of range")
    return out


def parse_duration_ns(value: Duration) -> int:
    """Nanoseconds of *value*: seconds as a number, or "3m", "250ms", "1.5s"."""
    if isinstance(value, bool):
        raise TypeError(f"a duration, not {value!r}")
    if isinstance(value, (int, float)):
        if not value >= 0:
            raise ValueError(f"duration {value} out of range")
        ns = round(value * 10**9)
    else:
        m = _TIME_RE.fullmatch(value.strip())
        mult = TIME_UNITS_NS.get(m.group(2).lower()) if m else None
        if m is None or mult is None or m.group(1) in ("", "."):
            raise ValueError(
                f"bad duration {value!r} (a number with ns, us, ms, s, m or h: 3m, 250ms)")
        ns = round(float(m.group(1)) * mult)
    if ns > U64_MAX:
        raise ValueError(f"duration {value!r} out of range")
    return ns


def fmt_size(n: int) -> str:
    """*n* bytes as parse_size() reads it back exactly: 4k, 1m, 512."""
    units = "kmgt"
    u = 0
    while n and n % 1024 == 0 and u < len(units):
        n //= 1024
        u += 1
    return f"{n}{units[u - 1]}" if u else str(n)


def fmt_ns(ns: float) -> str:
    """A latency for people: 812 ns, 95.3 us, 12.1 ms, 3.20 s."""
    for unit, scale in (("s", 1e9), ("ms", 1e6), ("us", 1e3)):
        if ns >= scale:
            v = ns / scale
            return f"{v:.3g} {unit}" if v < 100 else f"{v:.0f} {unit}"
    return f"{ns:.0f} ns"
