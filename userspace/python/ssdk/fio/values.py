# SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause
"""fio's values, as fio 3.33's ``parse.c`` reads them (not as its HOWTO
says, where the two differ: ``1mi`` is 1 MiB under the default
``kb_base=1024``, as ``__get_mult_bytes()`` compares ``mib`` in full).

``size()``: a number (``0x`` anywhere: hexadecimal, and no unit), then a unit whose
first letters decide: ``kib``..``pib`` the other base's power (1000
under ``kb_base=1024``, 1024 under 1000), else ``k``, ``m``, ``g``, ``t``,
``p`` (with anything after) ``kb_base``'s, ``%`` a share; a separator
(``:-,/``) ends the unit. ``time()``: a number, then ``us``, ``ms``, ``s``,
``m``, ``h`` or ``d`` (none: seconds, or microseconds where fio says so).
An expression in parentheses is integer arithmetic (``+ - * / % ^``).
What fio would misread (``1.5m``: fio takes 1) is refused: ValueError.
"""

from __future__ import annotations

import ast
import operator
import re
from collections.abc import Callable
from dataclasses import dataclass

_NUM = re.compile(r"\s*([+-]?)(0[xX][0-9a-fA-F]+|[0-9a-fA-F]+|[0-9]+)")
_POW = {"k": 1, "m": 2, "g": 3, "t": 4, "p": 5}
_TIME_US = (("usec", 1), ("us", 1), ("msec", 1000), ("ms", 1000))
_TIME_WHOLE = {"s": 1_000_000, "m": 60_000_000, "h": 3_600_000_000, "d": 86_400_000_000}
_OPS: dict[type, Callable[[int, int], int]] = {
    ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul,
    ast.FloorDiv: operator.floordiv, ast.Mod: operator.mod, ast.Pow: operator.pow,
}
MAX_EXPR = 100  # bc_calc() calculates a value of 100 characters at most


@dataclass(frozen=True)
class Percent:
    """A size given as a share of the file or device (``50%``)."""

    pct: int


def expr(text: str) -> int:
    """Integer arithmetic: ``+ - * / % ^`` and parentheses; ValueError else."""
    if len(text) > MAX_EXPR:
        raise ValueError(f"'{text}': an expression longer than {MAX_EXPR} characters")
    src = text.replace("^", "**").replace("/", "//")
    try:
        tree = ast.parse(src, mode="eval")
    except SyntaxError:
        raise ValueError(f"'{text}': not an expression of integers") from None

    def ev(n: ast.AST) -> int:
        if isinstance(n, ast.Expression):
            return ev(n.body)
        if isinstance(n, ast.Constant) and type(n.value) is int:
            return n.value
        if isinstance(n, ast.UnaryOp) and isinstance(n.op, (ast.USub, ast.UAdd)):
            v = ev(n.operand)
            return -v if isinstance(n.op, ast.USub) else v
        if isinstance(n, ast.BinOp) and type(n.op) in _OPS:
            a, b = ev(n.left), ev(n.right)
            if isinstance(n.op, ast.Pow) and (b < 0 or b > 64):
                raise ValueError(f"'{text}': an exponent of {b}")
            if isinstance(n.op, (ast.FloorDiv, ast.Mod)) and b == 0:
                raise ValueError(f"'{text}': a division by zero")
            return _OPS[type(n.op)](a, b)
        raise ValueError(f"'{text}': not an expression of integers")

    return ev(tree)


def calc(value: str) -> str:
    """bc_calc(): a value with arithmetic (``8*$mb_memory`` once replaced)
    as the integer it makes; one without, or that is not arithmetic, as is."""
    if not any(c in value for c in "+-*/") or "'" in value:
        return value
    try:
        return str(expr(value))
    except ValueError:
        return value


def _number(s: str, what: str) -> tuple[int, str]:
    """strtoll()'s number at the start of *s* (base 16 when "0x" is anywhere in
    it, as fio decides), and what follows."""
    hexa = "0x" in s.lower()
    m = re.match(r"\s*([+-]?)(0[xX])?([0-9a-fA-F]+)" if hexa else r"\s*([+-]?)()([0-9]+)", s)
    if m is None:
        raise ValueError(f"'{s}' is not {what}")
    v = int(m.group(3), 16 if hexa else 10)
    rest = s[m.end():]
    if rest[:1] == "." and rest[1:2].isdigit():
        raise ValueError(f"'{s}': not a whole number (fio reads {v})")
    return (-v if m.group(1) == "-" else v), rest


def size(s: str, kb_base: int = 1024) -> int | Percent:
    """A quantity of data in bytes (or a share: Percent), as fio reads it."""
    s = s.strip()
    if not s:
        raise ValueError("an empty size")
    if s[0] == "(":
        return expr(s)  # fio applies no unit to an expression
    v, rest = _number(s, "a size")
    if "0x" in s.lower():
        return v  # get_mult_bytes() looks for the unit from the 'x': there is none
    unit = re.split(r"[:\-,/]", rest.lower(), maxsplit=1)[0]
    if unit[:1] == "%":
        return Percent(v)
    if unit and not unit[0].isalpha():
        raise ValueError(f"'{s}': '{rest}' after the number")
    pow_: int = 0
    mult: int = kb_base
    if unit[:3] in ("kib", "mib", "gib", "tib", "pib"):
        pow_, mult = _POW[unit[0]], 1000 if kb_base == 1024 else 1024
    elif unit[:1] in _POW:
        pow_ = _POW[unit[0]]
    elif unit and unit[0] != "b":
        raise ValueError(f"'{s}': no unit {rest!r} (k, m, g, t, p, KiB... or %)")
    return int(v * mult**pow_)


def time_us(s: str, seconds: bool = True) -> int:
    """A time in microseconds, as fio reads it: no unit is seconds (*seconds*)
    or microseconds; an expression's unit is microseconds."""
    s = s.strip()
    if not s:
        raise ValueError("an empty time")
    if s[0] == "(":
        return expr(s)
    v, rest = _number(s, "a time")
    unit = rest.lower()
    if not unit[:1].isalpha():
        if unit.strip():
            raise ValueError(f"'{s}': '{rest}' after the number")
        return v * (1_000_000 if seconds else 1)
    for name, mult in _TIME_US:
        if unit.startswith(name):
            return v * mult
    if unit in _TIME_WHOLE:
        return v * _TIME_WHOLE[unit]
    raise ValueError(f"'{s}': no unit {rest!r} (us, ms, s, m, h, d)")


def boolean(s: str | None) -> bool:
    """A bool option: bare, or 0/1 (fio's FIO_OPT_BOOL: an int 0 or 1)."""
    if s is None or s == "":
        return True
    v = int(s, 0) if re.fullmatch(r"\s*[+-]?(0[xX][0-9a-fA-F]+|[0-9]+)\s*", s) else None
    if v not in (0, 1):
        raise ValueError(f"'{s}' is not 0 or 1")
    return v == 1
