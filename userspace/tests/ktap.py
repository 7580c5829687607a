# SPDX-License-Identifier: GPL-2.0
"""KTAP for the host tests written in Python (cli_layers.py, output_formats.py)."""

from __future__ import annotations


class Ktap:
    """A KTAP document of a known plan."""

    def __init__(self, plan: int) -> None:
        self.n = 0
        self.failed = False
        print("KTAP version 1")
        print(f"1..{plan}")

    def result(self, name: str, problems: list[str]) -> None:
        """A test point: ok when nothing is wrong; else each problem as a comment."""
        self.n += 1
        self.failed |= bool(problems)
        for p in problems:
            for line in p.splitlines():
                print(f"# {line}")
        print(f"{'not ok' if problems else 'ok'} {self.n} {name}")
