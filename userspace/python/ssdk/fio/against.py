# SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause
"""``ssdk fio --against fio``: the same job file under Debian's fio and
through ssdk's module, one after the other (fio first), and each job's
figures side by side with their difference: what the syscall path costs
(fio's mean latency minus ssdk's, per IO, as ``ssdk compare`` reports a
layer's cost).

A job's figures are its runs' together: IOs per second and MB/s summed,
the mean latency weighted by IOs, the p99 and maximum the largest; fio's
clones of one job (numjobs, without group_reporting) are added the same
way. fio's latency is its ``lat_ns`` (submission to completion, as
ssdk's), its percentiles too: fio runs with ``--lat_percentiles=1`` (its
``clat_ns`` leaves out the submission, which on a device completing
inline is nearly all of an IO's time)."""

from __future__ import annotations

import json
import shutil
import subprocess
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ..results import Results
from ..units import fmt_ns

FIO = "fio"


class FioError(RuntimeError):
    """fio could not be run, or said it failed: its words."""


@dataclass
class Figures:
    """A job's figures: both ops together."""

    ios: int = 0
    iops: float = 0.0
    mb_s: float = 0.0
    mean_ns: float = 0.0
    p99_ns: float = 0.0
    max_ns: float = 0.0

    def add(self, ios: int, iops: float, mb_s: float, mean_ns: float, p99_ns: float,
            max_ns: float) -> None:
        total = self.ios + ios
        if total:
            self.mean_ns = (self.mean_ns * self.ios + mean_ns * ios) / total
        self.ios = total
        self.iops += iops
        self.mb_s += mb_s
        self.p99_ns = max(self.p99_ns, p99_ns)
        self.max_ns = max(self.max_ns, max_ns)


def of_ssdk(results: Iterable[Results]) -> Figures:
    f = Figures()
    for r in results:
        for o in (r.read, r.write):
            if o.ios:
                p99 = o.lat.percentile(99) if o.lat.histogram is not None else 0
                f.add(o.ios, o.iops, o.mb_s, o.lat.mean, p99, o.lat.max)
    return f


def of_fio(doc: dict[str, Any]) -> dict[str, Figures]:
    """Each job of fio's JSON by name, its clones added."""
    out: dict[str, Figures] = {}
    for j in doc.get("jobs", []):
        f = out.setdefault(str(j.get("jobname", "")), Figures())
        for op in ("read", "write"):
            o = j.get(op, {})
            ios = int(o.get("total_ios", 0))
            if not ios:
                continue
            lat = o.get("lat_ns", {})
            pct = lat.get("percentile", {})
            f.add(ios, float(o.get("iops", 0)), float(o.get("bw_bytes", 0)) / 1e6,
                  float(lat.get("mean", 0)), float(pct.get("99.000000", 0)),
                  float(lat.get("max", 0)))
    return out


def run_fio(files: Sequence[str], sections: Sequence[str]) -> dict[str, Any]:
    """fio's JSON of *files* (its own run of them, as a user runs fio)."""
    tool = shutil.which(FIO)
    if tool is None:
        raise FioError("no fio on PATH (Debian: apt install fio)")
    argv = [tool, "--output-format=json", "--lat_percentiles=1",
            *(f"--section={s}" for s in sections), *files]
    p = subprocess.run(argv, capture_output=True, text=True, errors="replace", check=False,
                       stdin=subprocess.DEVNULL)
    if p.returncode:
        said = (p.stderr.strip() or p.stdout.strip()).rpartition("\n")[2]
        raise FioError(f"fio failed ({p.returncode}): {said}")
    try:
        doc: dict[str, Any] = json.loads(p.stdout[p.stdout.find("{"):])
    except ValueError as e:
        raise FioError(f"fio's JSON: {e}") from None
    return doc


def table(names: Sequence[str], fio: dict[str, Figures], ssdk: dict[str, Figures]) -> str:
    """Each job's figures under fio and ssdk, and fio's mean latency over ssdk's."""
    rows = [f"{'job':<20} {'':<5} {'IOPS':>12} {'MB/s':>10} {'mean':>10} {'p99':>10}"
            f" {'max':>10}"]
    for n in names:
        for who, f in (("fio", fio.get(n)), ("ssdk", ssdk.get(n))):
            if f is None:
                rows.append(f"{n:<20} {who:<5} {'-':>12}")
                continue
            rows.append(f"{n:<20} {who:<5} {f.iops:>12.1f} {f.mb_s:>10.2f} "
                        f"{fmt_ns(f.mean_ns):>10} {fmt_ns(f.p99_ns):>10} {fmt_ns(f.max_ns):>10}")
        a, b = fio.get(n), ssdk.get(n)
        if a is not None and b is not None and a.ios and b.ios:
            d = a.mean_ns - b.mean_ns
            rows.append(f"{n:<20} {'':<5} fio's path costs {fmt_ns(abs(d))} per IO"
                        f" {'more' if d >= 0 else 'less'} than ssdk's (mean latency); IOPS"
                        f" {b.iops / a.iops if a.iops else 0:.2f}x fio's")
    return "\n".join(rows) + "\n"
