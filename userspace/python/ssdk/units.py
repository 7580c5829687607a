# SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause
"""Sizes and times as the CLI reads and writes them: "8G", "4k", "3m", "250ms".

libssdk reads them (ssdk_parse_size(), ssdk_parse_duration_ns(): the
one reader, the CLI's too): sizes are powers of two (4k = 4096), a bare
number is bytes; times take ns, us, ms, s, m (minutes), h, a bare number
is seconds, and an int or float passed as a number is seconds too. MB/s
in results is 10^6 bytes per second, as drive reviews count.

fmt_size() and fmt_ns() are copies of libssdk's ssdk_fmt_size() and
ssdk_fmt_ns(), kept here because reports and plots of result files run
where libssdk may not be installed; tests/test_rules.py checks them
against libssdk's on many values, 0 and 2^64 - 1 among them.
"""

from __future__ import annotations

import ctypes
import errno
import math
from decimal import Decimal
from typing import Any

from . import _lib

U64_MAX = (1 << 64) - 1

Size = int | str
Duration = int | float | str


def _read(fn: Any, text: str) -> tuple[int, int]:
    """libssdk's parser *fn* on *text*: (its return, the value read)."""
    out = ctypes.c_uint64()
    try:
        raw = _lib.text(text)
    except ValueError:
        return -errno.EINVAL, 0
    return fn(raw, ctypes.byref(out)), out.value


def parse_size(value: Size) -> int:
    """Bytes of *value*: an int, or a string such as "8G", "128k", "512"."""
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise TypeError(f"a size, not {value!r}")
    if isinstance(value, int):
        if not 0 <= value <= U64_MAX:
            raise ValueError(f"size {value} out of range")
        return value
    err, out = _read(_lib.lib().ssdk_parse_size, value)
    if err == -errno.ERANGE:
        raise ValueError(f"size {value!r} out of range")
    if err:
        raise ValueError(f"bad size {value!r} (a number with k, m, g or t: 4k, 8G)")
    return out


def parse_duration_ns(value: Duration) -> int:
    """Nanoseconds of *value*: seconds as a number, or "3m", "250ms", "1.5s"."""
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        raise TypeError(f"a duration, not {value!r}")
    if isinstance(value, str):
        text = value
    else:
        if not value >= 0 or (isinstance(value, float) and not math.isfinite(value)):
            raise ValueError(f"duration {value} out of range")
        # Its exact decimal: libssdk reads the number as it reads a bare text.
        text = format(abs(Decimal(value)), "f")
    err, out = _read(_lib.lib().ssdk_parse_duration_ns, text)
    if err == -errno.ERANGE:
        raise ValueError(f"duration {value!r} out of range")
    if err:
        raise ValueError(
            f"bad duration {value!r} (a number with ns, us, ms, s, m or h: 3m, 250ms)")
    return out


# A copy of libssdk's ssdk_fmt_size(): see the module's docstring.
def fmt_size(n: int) -> str:
    """*n* bytes as parse_size() reads it back exactly: 4k, 1m, 1536k, 512."""
    units = "kmgt"
    u = 0
    while n and n % 1024 == 0 and u < len(units):
        n //= 1024
        u += 1
    return f"{n}{units[u - 1]}" if u else str(n)


# A copy of libssdk's ssdk_fmt_ns(): see the module's docstring.
def fmt_ns(ns: float) -> str:
    """A latency for people: 850 ns, 12.35 us, 1.235 ms, 2.500 s."""
    if ns < 1e3:
        return f"{ns:.0f} ns"
    if ns < 1e6:
        return f"{ns / 1e3:.2f} us"
    if ns < 1e9:
        return f"{ns / 1e6:.3f} ms"
    return f"{ns / 1e9:.3f} s"
