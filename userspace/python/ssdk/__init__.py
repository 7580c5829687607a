# SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause
"""ssdk from Python: drive the in-kernel storage benchmark, read its results, plot them.

    import ssdk

    job = ssdk.Job(target="/dev/nvme0n1", rw="randread", bs="4k", span="8G", runtime="30s")
    points = ssdk.sweep(job, [1, 2, 4, 8, 16, 32], progress=True)
    ssdk.plots.save(ssdk.plots.qd_curve({"nvme0n1": points}), "qd.png")

Results travel as the CLI's JSON (``ssdk.load("run.json")``), so analysis
and plots work on a machine without the module. Importing ssdk loads
neither libssdk (until a Controller is made) nor matplotlib (until a plot
is drawn).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import spec, trace
from .compare import compare
from .controller import Controller, Info, Run, run, sweep
from .errors import (
    LibraryNotFoundError,
    ModuleNotLoadedError,
    RunNotFoundError,
    SsdkError,
    SsdkPermissionError,
)
from .histogram import Histogram
from .job import Job, JobError
from .plan import NvmePurge, Plan, Step, StudyCell, StudyRow
from .repeats import RepeatedSweep, Repeats, Spread
from .results import (
    CompareCurves,
    Comparison,
    IoRecord,
    Latency,
    OpStats,
    Results,
    Stage,
    Stall,
    TimeSeries,
    load,
)
from .units import parse_duration_ns, parse_size

if TYPE_CHECKING:
    import ssdk.plots as plots
    import ssdk.report as report

__all__ = [
    "CompareCurves",
    "Comparison",
    "Controller",
    "Histogram",
    "Info",
    "IoRecord",
    "Job",
    "JobError",
    "Latency",
    "LibraryNotFoundError",
    "ModuleNotLoadedError",
    "NvmePurge",
    "OpStats",
    "Plan",
    "RepeatedSweep",
    "Repeats",
    "Results",
    "Run",
    "RunNotFoundError",
    "Spread",
    "SsdkError",
    "SsdkPermissionError",
    "Stage",
    "Stall",
    "Step",
    "StudyCell",
    "StudyRow",
    "TimeSeries",
    "compare",
    "load",
    "parse_duration_ns",
    "parse_size",
    "plots",
    "report",
    "run",
    "spec",
    "sweep",
    "trace",
]

__version__ = "0.1.0"


def __getattr__(name: str) -> Any:
    # plots and report need matplotlib: imported when first asked for.
    if name in ("plots", "report"):
        import importlib
        return importlib.import_module(f".{name}", __name__)
    raise AttributeError(f"module 'ssdk' has no attribute {name!r}")
