#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Checks of ssdk's metrics with prometheus_client's parsers (ssdk_openmetrics.py).

om_check.py agree OPENMETRICS JSON
    A run's `ctl results --format openmetrics` against its `-j ctl results`:
    IOs, bytes, errors per op equal; every `le` is the upper edge of a
    bucket of the JSON's histogram (no bucket straddles it), and its count
    is the sum of the JSON's buckets up to it; _count the IOs; _sum the
    mean times the IOs, to the mean's own precision.
om_check.py poll FILE SECONDS
    Read FILE over and over for SECONDS, as node_exporter would, parsing
    each read with the Prometheus text parser: every read whole (every
    run's last histogram closes it), IOs never going back, the file
    replaced (a new inode) at least three times.

Exit 0 when all hold; else 1, with what failed.
"""

import json
import os
import sys
import time
from fractions import Fraction
from pathlib import Path
from typing import Any

from prometheus_client.metrics_core import Metric
from prometheus_client.openmetrics.parser import (
    text_string_to_metric_families as om_parse,
)
from prometheus_client.parser import text_string_to_metric_families as prom_parse


def family(families: list[Metric], name: str) -> Metric:
    """The family called @name."""
    return next(m for m in families if m.name == name)


def value(m: Metric, suffix: str, **labels: str) -> float:
    """The one sample of @m named with @suffix that has @labels."""
    found = [s.value for s in m.samples if s.name == m.name + suffix
             and all(s.labels.get(k) == v for k, v in labels.items())]
    if len(found) != 1:
        raise ValueError(f"{m.name}{suffix}{labels}: {len(found)} samples")
    return float(found[0])


def agree_op(om: list[Metric], op: str, o: dict[str, Any], kinds: list[str]) -> list[str]:
    """One op of the JSON against the metrics: what differs."""
    errors = []
    for name, key in (("ssdk_ios", "ios"), ("ssdk_io_bytes", "bytes"), ("ssdk_io_errors", "errors")):
        if value(family(om, name), "_total", op=op) != o[key]:
            errors.append(f"{name} {op}: {value(family(om, name), '_total', op=op)} != {o[key]}")
    hist = family(om, "ssdk_latency_seconds")
    for kind in kinds:
        k = o if kind == "service" else o[kind]
        triples = k["histogram"]
        for s in hist.samples:
            if s.labels.get("op") != op or s.labels.get("kind") != kind:
                continue
            if s.name.endswith("_bucket") and s.labels["le"] != "+Inf":
                le = Fraction(s.labels["le"]) * 10**9
                if le.denominator != 1 or any(lo <= le < hi for lo, hi, _ in triples):
                    errors.append(f"{op} {kind}: le {s.labels['le']} is no bucket's upper edge")
                want = sum(c for _, hi, c in triples if hi <= le)
            elif s.name.endswith("_sum"):
                if abs(s.value * 1e9 - k["lat_ns"]["mean"] * o["ios"]) > 1e-9 * s.value * 1e9 + 1:
                    errors.append(f"{op} {kind}: _sum {s.value} is not mean x ios")
                continue
            else:
                want = o["ios"]
            if s.value != want:
                errors.append(f"{op} {kind}: {s.name}{s.labels} {s.value} != {want}")
    return errors


def agree(om_path: str, json_path: str) -> list[str]:
    """A run's metrics against its JSON."""
    # prometheus_client's parsers carry no annotations
    om = list(om_parse(Path(om_path).read_text(encoding="utf-8")))  # type: ignore[no-untyped-call]
    j = json.loads(Path(json_path).read_text(encoding="utf-8"))
    kinds = ["service"] + [k for k in ("response", "lateness") if k in j["read"]]
    errors = []
    for op in ("read", "write"):
        errors += agree_op(om, op, j[op], kinds)
    if not any(s.value for s in family(om, "ssdk_latency_seconds").samples):
        errors.append("an empty histogram")
    return errors


def poll(path: str, seconds: float) -> list[str]:
    """Read @path as a collector would, for @seconds."""
    errors: list[str] = []
    inodes: set[int] = set()
    last: dict[tuple[str, str], float] = {}
    reads = 0
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            with open(path, encoding="utf-8") as f:
                inodes.add(os.fstat(f.fileno()).st_ino)
                text = f.read()
        except FileNotFoundError:
            continue
        reads += 1
        try:
            fams = list(prom_parse(text))
            ios = family(fams, "ssdk_ios")
            runs = {s.labels["run"] for s in ios.samples}
            # whole: every run's histograms, the last family, end with their _sum
            last_line = text.rstrip("\n").rsplit("\n", 1)[-1]
            summed = {(x.labels["run"], x.labels["op"])
                      for x in family(fams, "ssdk_latency_seconds").samples
                      if x.name.endswith("_sum")}
            if (not last_line.startswith("ssdk_latency_seconds_sum{") or not runs
                    or summed != {(r, op) for r in runs for op in ("read", "write")}):
                raise ValueError(f"cut short: {last_line!r}")
            for s in ios.samples:
                key = (s.labels["run"], s.labels["op"])
                if s.value < last.get(key, 0):
                    raise ValueError(f"IOs went back: {key}")
                last[key] = s.value
        except (ValueError, StopIteration) as e:
            errors.append(f"read {reads}: {e}")
            break
    print(f"# {reads} reads, {len(inodes)} versions of the file")
    if len(inodes) < 3:
        errors.append(f"the file was replaced {len(inodes)} times, not 3")
    return errors


def main() -> int:
    """Run the check asked."""
    if sys.argv[1] == "agree":
        errors = agree(sys.argv[2], sys.argv[3])
    else:
        errors = poll(sys.argv[2], float(sys.argv[3]))
    for e in errors[:20]:
        print("not ok:", e)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
