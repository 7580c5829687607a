#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""Evaluate a Python expression over a JSON document, for shell tests.

    jget.py FILE EXPR     print EXPR, with the document bound to j
    jget.py -t FILE EXPR  exit 0 when EXPR is true, 1 otherwise

The helpers hist_sum(op) and pct(op, p) read an op object's histogram
and percentiles; over(obj, ns) counts the IOs of a histogram-holding
object (an op, or its "response") in buckets from ns up; json.dumps() prints
a part of the document as JSON. FILE may be - for stdin.
"""

import json
import sys
from typing import Any


def load(path: str) -> Any:
    if path == "-":
        return json.load(sys.stdin)
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def main(argv: list[str]) -> int:
    test = argv[:1] == ["-t"]
    if test:
        argv = argv[1:]
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    j = load(argv[0])

    def hist_sum(op: str) -> int:
        return sum(row[2] for row in j[op]["histogram"])

    def pct(op: str, p: float) -> int:
        return int(j[op]["lat_ns"]["percentiles"][f"{p:f}"])

    def over(obj: dict[str, Any], ns: int) -> int:
        return sum(row[2] for row in obj["histogram"] if row[0] >= ns)

    names = {"j": j, "hist_sum": hist_sum, "pct": pct, "over": over, "json": json}
    value = eval(argv[1], names)  # expressions come from our own test scripts
    if test:
        if not value:
            print(f"false: {argv[1]}", file=sys.stderr)
        return 0 if value else 1
    print(value)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
