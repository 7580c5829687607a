#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""The output backends' documents through real parsers: output_formats.py, KTAP on stdout.

The C tests make the documents and start no Python: Python runs them.
output_test --emit DIR writes the JSON and CSV backends' documents of runs
made up there (tests/output_test.c); each is parsed back here (Python's
json, strict: NaN and Infinity refused; its csv module, strict) and
checked, by the function of its name, against the runs it was made of.
openmetrics_test --emit DIR writes both metrics dialects of two runs and
the latencies they were made of (tests/openmetrics_test.c), which
openmetrics_check.py parses with prometheus_client, serves through
node_exporter and has a Prometheus server scrape, under the venv's Python
(VENV_PYTHON); promtool lints the Prometheus text. VENV_PYTHON and
PROM_TOOLS (where scripts/setup put promtool, node_exporter and
prometheus) come from the environment, which userspace/Makefile's check
sets. Exits 1 when a check fails.
"""

from __future__ import annotations

import csv
import itertools
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile
import traceback
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

from ktap import Ktap

TESTS = Path(__file__).resolve().parent

# The run's latencies, as output_test.c's make_run() made them.
LATS = list(range(1000, 1000001, 1000))
# The percentiles a run's results report, in order.
PCTS = (1, 5, 10, 25, 50, 75, 90, 95, 99, 99.9, 99.99, 99.999, 99.9999)


class Checks:
    """What failed among the checks of one document."""

    def __init__(self) -> None:
        self.problems: list[str] = []

    def ok(self, cond: bool, what: str, *shown: object) -> None:
        """@cond holds; else @what, with the values @shown."""
        if cond is not True:
            self.problems.append(what + "".join(f"\n  {v!r:.300}" for v in shown))

    def eq(self, got: object, want: object, what: str) -> None:
        """@got == @want; else @what, with both."""
        if got != want:
            self.problems.append(f"{what}: {got!r:.300}, not {want!r:.300}")


# --- JSON ---------------------------------------------------------------------


def strict(constant: str) -> Any:
    """NaN, Infinity and -Infinity are not JSON."""
    raise ValueError("not JSON: " + constant)


def json_documents(text: str) -> list[Any]:
    """The JSON documents of @text, one after the other, each strict JSON."""
    dec = json.JSONDecoder(parse_constant=strict)
    ds, pos = [], 0
    while text[pos:].strip():
        pos += len(text[pos:]) - len(text[pos:].lstrip())
        doc, pos = dec.raw_decode(text, pos)
        ds.append(doc)
    if not ds:
        raise ValueError("no JSON document")
    return ds


def order_statistic(lats: list[int], pct: str) -> int:
    """The exact @pct-th percentile of @lats, sorted: the ceil(pct% * n)-th."""
    return lats[math.ceil(Fraction(pct) * len(lats) / 100) - 1]


def dry_run_json(ds: list[Any], t: Checks) -> None:
    t.eq(ds[0], {"dry_run": True, "runs": 12, "seconds": 24, "untimed": 0}, "the dry run")


def results_json(ds: list[Any], t: Checks) -> None:
    d = ds[0]
    c = d["config"]
    w = d["write"]
    t.eq((d["id"], d["state"], d["reason"]), (7, "done", ""), "id, state, reason")
    t.eq((d["target"], d["target_size"]), ("/dev/nvme0n1", 16 << 30), "target, target_size")
    t.eq(d["logical_block_size"], 512, "logical_block_size")
    t.ok(d["elapsed_ns"] == d["measured_ns"] == 10**9 and d["completed"] == 1000,
         "elapsed_ns == measured_ns == 10**9, completed 1000",
         d["elapsed_ns"], d["measured_ns"], d["completed"])
    t.eq((d["io_errors"], d["iops_now"]), (0, 0), "io_errors, iops_now")
    # the configuration, resolved
    t.eq((c["rw"], c["bs"]), ("randwrite", 4096), "rw, bs")
    t.ok(c["iodepth"] == 3 and c["cpu"] is None, "iodepth 3, cpu None", c["iodepth"], c["cpu"])
    t.eq((c["span"], c["offset"]), (8 << 30, 0), "span, offset")
    t.eq((c["runtime_ns"], c["seed"]), (10**9, 42), "runtime_ns, seed")
    t.ok(c["engine"] == "bio" and c["buffered"] is False, "engine bio, buffered False",
         c["engine"], c["buffered"])
    t.eq(c["pattern"], "random", "pattern")
    t.ok(c["rate_iops"] is None and c["arrivals"] is None, "rate_iops and arrivals None",
         c["rate_iops"], c["arrivals"])
    t.ok("rwmixread" not in c and "bssplit" not in c, "no rwmixread, no bssplit", c)
    t.eq((c["slowest_n"], c["ts_interval_ns"]), (64, 10**9), "slowest_n, ts_interval_ns")
    # closed loop, no records fetched
    t.ok("late" not in d and "response" not in w, "no late, no response", list(d), list(w))
    t.ok(not {"slowest", "timeseries", "captured", "ts_dropped"} & set(d), "no records", list(d))
    # the writes: counts and rates over the one-second window
    t.eq((w["ios"], w["bytes"]), (1000, 4096000), "write ios, bytes")
    t.eq(w["errors"], 0, "write errors")
    t.eq((w["iops"], w["bw_bytes"]), (1000, 4096000), "write iops, bw_bytes")
    lat = w["lat_ns"]
    t.eq((lat["min"], lat["max"], lat["mean"]), (1000, 10**6, 500500), "write min, max, mean")
    t.ok(abs(lat["stddev"] - statistics.stdev(LATS)) < 1e-6, "write stddev",
         lat["stddev"], statistics.stdev(LATS))
    # the percentiles reported, each within 1/512 of the exact order statistic
    pcts = lat["percentiles"]
    t.eq(list(pcts), [f"{p:f}" for p in PCTS], "the percentiles' keys")
    for k, v in pcts.items():
        exact = order_statistic(LATS, k)
        t.ok(abs(v - exact) <= exact / 512, f"p{k} within 1/512 of {exact}", v)
    t.eq(pcts.get("99.999900"), 10**6, "p99.9999")
    # the histogram: rows in order, each with the count of its bucket
    hist = w["histogram"]
    t.ok(all(a[1] < b[0] for a, b in itertools.pairwise(hist)), "histogram rows in order")
    for r in hist:
        t.ok(len(r) == 3 and r[0] <= r[1] and r[2] == sum(1 for v in LATS if r[0] <= v <= r[1]),
             "a histogram row [lower, upper, count of its latencies]", r)
    t.eq(sum(r[2] for r in hist), 1000, "the histogram's IOs")
    t.ok(700 < len(hist) < 1000, "700 < histogram rows < 1000", len(hist))
    # reads: nothing, and empty percentiles and histogram
    rd = d["read"]
    t.eq((rd["ios"], rd["iops"]), (0, 0), "read ios, iops")
    t.eq(rd["lat_ns"], {"min": 0, "max": 0, "mean": 0, "stddev": 0, "percentiles": {}},
         "read lat_ns")
    t.eq(rd["histogram"], [], "read histogram")


def status_json(ds: list[Any], t: Checks) -> None:
    d = ds[0]
    t.eq((d["state"], d["iops_now"]), ("running", 1234), "state, iops_now")
    t.eq(set(d["write"]["lat_ns"]), {"min", "max", "mean", "stddev"}, "write lat_ns keys")
    t.ok("histogram" not in d["write"] and "histogram" not in d["read"], "no histogram",
         list(d["write"]), list(d["read"]))
    t.eq(d["write"]["lat_ns"]["mean"], 500500, "write mean")


def records_json(ds: list[Any], t: Checks) -> None:
    d = ds[0]
    t.eq(d["late"], 5, "late")
    t.eq((d["config"]["rate_iops"], d["config"]["arrivals"]), (1000, "uniform"),
         "rate_iops, arrivals")
    t.eq(d["config"]["capture_over_ns"], 999000, "capture_over_ns")
    # response times beside the service times
    resp = d["write"]["response"]
    t.eq((resp["lat_ns"]["min"], resp["lat_ns"]["max"], resp["lat_ns"]["mean"]),
         (1500, 1000500, 501000), "write response min, max, mean")
    t.eq(sum(r[2] for r in resp["histogram"]), 1000, "write response histogram's IOs")
    t.eq(d["read"]["response"]["histogram"], [], "read response histogram")
    t.eq(d["write"]["lat_ns"]["min"], 1000, "write min")
    # the records
    t.eq((d["ts_dropped"], d["captured_dropped"]), (6, 1), "ts_dropped, captured_dropped")
    t.eq(d["slowest"][0], {"lat_ns": 10**6, "op": "write", "offset": 8192, "len": 4096,
                           "t_ns": 999000000, "cpu_submit": 1, "cpu_complete": 2,
                           "inflight": 3}, "the slowest IO")
    t.eq([s["lat_ns"] for s in d["slowest"]], [10**6, 999000], "the slowest IOs' latencies")
    t.eq([p["t_ns"] for p in d["timeseries"]], [0, 10**9, 2 * 10**9], "the intervals' t_ns")
    t.eq(d["timeseries"][1]["write"], {"ios": 600, "bytes": 2457600, "mean_ns": 700500,
                                       "max_ns": 10**6, "p99_ns": 994000}, "interval 1's writes")
    t.eq(d["timeseries"][2]["read"]["mean_ns"], 0, "interval 2's read mean")
    t.eq(d["captured"], d["slowest"][:1], "captured")


def access_json(ds: list[Any], t: Checks) -> None:
    d = ds[0]
    c = d["config"]
    t.eq((c["rw"], c["rwmixread"]), ("randrw", 70), "rw, rwmixread")
    t.eq(c["bssplit"], [[4096, 70], [65536, 30]], "bssplit")
    t.eq((c["align"], c["align_offset"]), (4096, 512), "align, align_offset")
    t.eq((c["stride"], c["pattern"]), (8192, "repeat:165"), "stride, pattern")
    t.ok(c["engine"] == "kfile" and c["buffered"] is True, "engine kfile, buffered True",
         c["engine"], c["buffered"])
    t.eq((c["cpu"], d["late"]), (3, 3), "cpu, late")
    t.eq(c["arrivals"], "poisson", "arrivals")
    t.eq((d["read"]["ios"], d["read"]["errors"]), (1, 1), "read ios, errors")
    t.eq(d["read"]["response"]["lat_ns"]["max"], 0, "read response max")


def access_reads_json(ds: list[Any], t: Checks) -> None:
    # a run that only reads has no pattern
    t.ok(ds[0]["config"]["pattern"] is None, "pattern None", ds[0]["config"]["pattern"])


def job_sweep_json(ds: list[Any], t: Checks) -> None:
    d = ds[0]
    t.eq(len(ds), 4, "documents")
    # several runs: {"workers": [...], "total": ...}
    t.eq(([w["id"] for w in d["workers"]], len(d)), ([7, 8], 2), "workers' ids, keys")
    t.eq(d["workers"][1]["state"], "stopped", "worker 8's state")
    t.eq((d["total"]["state"], d["total"]["config"]["iodepth"]), ("stopped", 6),
         "total's state, iodepth")
    t.eq((d["total"]["write"]["ios"], d["total"]["write"]["iops"]), (2000, 2000),
         "total's write ios, iops")
    t.eq(sum(r[2] for r in d["total"]["write"]["histogram"]), 2000, "total's histogram's IOs")
    # one run: its object
    t.ok(ds[1]["id"] == 7 and "workers" not in ds[1], "one run: its object", list(ds[1]))
    # a sweep: an array of its points, each a job
    t.ok(len(ds[2]) == 2 and ds[2][0]["id"] == 7 and ds[2][0] == ds[1],
         "the sweep's first point is the one run's job", len(ds[2]))
    t.ok(ds[2][1]["total"]["config"]["iodepth"] == 6 and ds[2][1] == ds[0],
         "the sweep's second point is the two runs' job")
    # list: every run
    t.eq(([r["id"] for r in ds[3]], ds[3][1]["state"]), ([7, 8], "stopped"),
         "list: ids, run 8's state")


def small_documents_json(ds: list[Any], t: Checks) -> None:
    d = ds[0]
    t.eq(len(ds), 8, "documents")
    # info
    t.eq((d["version"], d["kernel_release"]), ("1.2.3", "6.12.0-test"),
         "version, kernel_release")
    t.eq((d["caps"], d["caps_mask"]), (["bio", "kfile"], 6), "caps, caps_mask")
    t.eq((d["cpus"], d["max_runs"], d["hist_buckets"]), (4, 64, 8869),
         "cpus, max_runs, hist_buckets")
    t.eq((d["family_version"], d["hist_sub_bits"], d["clock_res_ns"]), (1, 8, 1),
         "family_version, hist_sub_bits, clock_res_ns")
    t.eq((d["mem_budget"], d["mem_used"]), (536870912, 3670016), "mem_budget, mem_used")
    # started, stopped
    t.eq((ds[1], ds[2]), ({"ids": [7, 8]}, {"id": 7}), "started")
    t.eq(ds[3], {"id": 7, "state": "done"}, "stopped")
    # --follow's intervals
    t.eq((ds[4]["t_ns"], ds[4]["write"]["ios"]), (0, 400), "interval 0: t_ns, write ios")
    t.eq((ds[5]["t_ns"], ds[5]["write"]["p99_ns"]), (10**9, 994000),
         "interval 1: t_ns, write p99")
    # compare, of one depth
    c = ds[6]
    t.eq(list(c["results"]), ["bio", "kfile"], "compare's results")
    t.eq(c["results"]["kfile"]["write"]["ios"], 1000, "compare: kfile's write ios")
    t.eq(c["overhead_ns"], {"kfile - bio": {"mean": 1500, "p50": 1000, "p99": -250.5,
                                            "p99.9": 20000}}, "compare's overhead_ns")
    t.eq(c["layers"], {"kfile - bio": "filesystem"}, "compare's layers")
    t.eq(c["iodepth"], 4, "compare's iodepth")
    t.eq(c["achieved_iodepth"], {"bio": 3.5, "kfile": 3.75}, "compare's achieved_iodepth")
    t.eq(c["device_iodepth"], {"bio": 3.25, "kfile": None},
         "compare's device_iodepth: null where sysfs did not say")
    t.eq(c["short_of_iodepth"], ["bio"], "compare's short_of_iodepth")
    # compare, of two depths: its points
    t.ok(list(ds[7]) == ["points"] and len(ds[7]["points"]) == 2, "two points",
         list(ds[7]))
    t.eq(ds[7]["points"][0], ds[6], "the first point: the compare of one depth")
    t.eq(ds[7]["points"][1]["iodepth"], 8, "the second point's iodepth")


def trace_summary_json(ds: list[Any], t: Checks) -> None:
    d = ds[0]
    t.eq((d["path"], d["format"]), ("t.bin", "blktrace"), "path, format")
    t.ok(d["has_time"] is True and d["has_qd"] is True, "has_time, has_qd",
         d["has_time"], d["has_qd"])
    t.eq((d["ios"], d["ops"]["read"]), (1000, {"ios": 700, "bytes": 2867200}), "ios, reads")
    t.eq(list(d["ops"]), ["read", "write", "discard", "flush"], "ops")
    t.eq(d["sizes"], [{"len": 4096, "ios": 998}, {"len": 8192, "ios": 1}], "sizes")
    t.eq((len(d["qd_ios"]), d["qd_ios"][1], d["qd_ios"][63]), (64, 300, 99), "qd_ios")
    t.eq(d["gap_ns"], {"min": 1000, "mean": 2002002, "p50": 1500000, "p99": 9000000,
                       "max": 20000000}, "gap_ns")
    t.eq((d["footprint"], d["highest"]), (3 << 20, 1 << 30), "footprint, highest")


def trace_made_json(ds: list[Any], t: Checks) -> None:
    d = ds[0]
    t.eq((d["path"], d["ios"], d["bytes"]), ("mix.iolog", 10, 167936), "path, ios, bytes")
    t.eq(d["ops"], {"read": {"ios": 6, "bytes": 24576}, "write": {"ios": 4, "bytes": 143360}},
         "ops")
    t.eq(d["sizes"], [{"len": 4096, "ios": 9}, {"len": 131072, "ios": 1}], "sizes")
    t.eq(d["gaps"], [{"ns": 0, "ios": 1}, {"ns": 100000, "ios": 8}], "gaps")
    t.eq((d["sequential"], d["duration_ns"]), (2, 800000), "sequential, duration_ns")


# --- CSV ----------------------------------------------------------------------


class CsvDoc:
    """A CSV document read as RFC 4180: its lines, its header, its rows as dicts."""

    def __init__(self, text: str) -> None:
        self.lines = text.splitlines()
        reader = csv.DictReader(text.splitlines(keepends=True), strict=True)
        self.rows = list(reader)
        self.header = list(reader.fieldnames or [])

    def headers(self) -> int:
        """How many lines are the header."""
        return sum(1 for line in self.lines if line.startswith("label,"))


def run_csv(doc: CsvDoc, t: Checks) -> None:
    rs, r = doc.rows, doc.rows[0]
    t.eq((len(doc.lines), len(rs)), (2, 1), "lines, rows")
    t.eq(doc.header[:9], ["label", "target", "engine", "rw", "bs", "iodepth",
                          "achieved_iodepth", "op", "state"], "the header's first columns")
    t.eq(r["target"], '/mnt/a,"b".dat', "target")
    t.eq((r["label"], r["engine"]), ("7", "bio"), "label, engine")
    t.eq((r["rw"], r["op"]), ("randwrite", "write"), "rw, op")
    t.eq((r["bs"], r["iodepth"]), ("4096", "3"), "bs, iodepth")
    t.eq((r["achieved_iodepth"], r["state"]), ("", "done"), "achieved_iodepth, state")
    t.eq((int(r["ios"]), int(r["bytes"])), (1000, 4096000), "ios, bytes")
    t.eq((float(r["iops"]), float(r["mb_s"])), (1000.0, 4.096), "iops, mb_s")
    t.eq(float(r["lat_mean_ns"]), 500500.0, "lat_mean_ns")
    t.eq((int(r["lat_min_ns"]), int(r["lat_max_ns"])), (1000, 1000000), "lat_min_ns, lat_max_ns")
    t.ok(990000 <= int(r["lat_p99_ns"]) <= 1000000, "lat_p99_ns", r["lat_p99_ns"])
    run_stages_empty(doc, t)


STAGES = ("block", "device", "end_io", "reap", "idle")
STAGE_COLUMNS = [f"{s}_{c}_ns" for s in STAGES for c in ("mean", "p50", "p99", "max")]


def run_stages_empty(doc: CsvDoc, t: Checks) -> None:
    """A run without anatomy: every stage column there, and empty."""
    t.eq(doc.header[20:], STAGE_COLUMNS, "the stage columns, after the latency's")
    t.eq({doc.rows[0][c] for c in STAGE_COLUMNS}, {""}, "stage fields without --anatomy")


def anatomy_csv(doc: CsvDoc, t: Checks) -> None:
    r = doc.rows[0]
    t.eq(doc.header[20:], STAGE_COLUMNS, "the stage columns")
    t.eq((r["op"], int(r["ios"])), ("write", 1000), "op, ios")
    t.eq([r[f"block_{c}_ns"] for c in ("mean", "p50", "p99", "max")],
         ["100.0", "100", "100", "100"], "block: 100 ns each")
    t.eq((float(r["device_mean_ns"]), int(r["device_max_ns"])), (500400.0, 999900),
         "device: mean, max")
    t.ok(989900 <= int(r["device_p99_ns"]) <= 999900, "device_p99_ns", r["device_p99_ns"])
    t.ok(abs(int(r["device_p50_ns"]) - 500000) <= 4000, "device_p50_ns", r["device_p50_ns"])
    t.eq({r[f"{s}_{c}_ns"] for s in ("end_io", "reap") for c in ("mean", "p50", "p99", "max")},
         {""}, "stages that timed no IO: empty")
    t.eq([r[f"idle_{c}_ns"] for c in ("mean", "p50", "p99", "max")],
         ["2000.0", "", "", "3000"], "idle without a histogram: no percentiles")
    # The stages in the latency (not idle) add up to it, mean for mean.
    t.eq(float(r["block_mean_ns"]) + float(r["device_mean_ns"]), float(r["lat_mean_ns"]),
         "block + device = latency, mean")


def job_csv(doc: CsvDoc, t: Checks) -> None:
    rs = doc.rows
    t.eq([r["label"] for r in rs], ["7", "8", "total"], "labels")
    t.eq((int(rs[2]["ios"]), rs[2]["iodepth"]), (2000, "6"), "total's ios, iodepth")
    t.eq(doc.headers(), 1, "header lines")


def compare_csv(doc: CsvDoc, t: Checks) -> None:
    rs = doc.rows
    t.eq(len(rs), 4, "rows")
    t.eq([r["engine"] for r in rs], ["bio", "psync-raw"] * 2, "engines")
    t.eq([r["achieved_iodepth"] for r in rs[:2]], ["3.900", "2.500"], "achieved_iodepth")
    t.eq(doc.headers(), 1, "header lines")


JSON_CHECKS: dict[str, Callable[[list[Any], Checks], None]] = {
    "dry_run.json": dry_run_json,
    "results.json": results_json,
    "status.json": status_json,
    "records.json": records_json,
    "access.json": access_json,
    "access_reads.json": access_reads_json,
    "job_sweep.json": job_sweep_json,
    "small_documents.json": small_documents_json,
    "trace_summary.json": trace_summary_json,
    "trace_made.json": trace_made_json,
}
CSV_CHECKS: dict[str, Callable[[CsvDoc, Checks], None]] = {
    "run.csv": run_csv,
    "anatomy.csv": anatomy_csv,
    "job.csv": job_csv,
    "compare.csv": compare_csv,
}


def check_document(path: Path) -> list[str]:
    """What is wrong with the document at @path: unparsable, or a check that fails."""
    t = Checks()
    try:
        if path.name in JSON_CHECKS:
            JSON_CHECKS[path.name](json_documents(path.read_text(encoding="utf-8")), t)
        else:
            with open(path, encoding="utf-8", newline="") as f:
                CSV_CHECKS[path.name](CsvDoc(f.read()), t)
    # a document unparsable, or without what a check reads
    except (OSError, ValueError, LookupError, TypeError, AttributeError, csv.Error):
        t.problems.append(traceback.format_exc(limit=-1).rstrip())
    return t.problems


# --- programs run, and the metrics' tools -------------------------------------


def run(args: list[str], stdin: Path | None = None) -> list[str]:
    """Run @args; [] when it exits 0, else its output and status."""
    try:
        with open(stdin or os.devnull, "rb") as f:
            p = subprocess.run(args, stdin=f, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               timeout=300, check=False)
    except (OSError, subprocess.TimeoutExpired) as e:
        return [f"{args[0]}: {e}"]
    if p.returncode == 0:
        return []
    return p.stdout.decode(errors="replace").splitlines() + [f"{args[0]}: exit {p.returncode}"]


def metrics_tools() -> tuple[str, Path, list[str]]:
    """The venv's Python, PROM_TOOLS, and what is missing of what scripts/setup provides."""
    python, tools = os.environ.get("VENV_PYTHON", ""), Path(os.environ.get("PROM_TOOLS", ""))
    if not python or not os.environ.get("PROM_TOOLS"):
        return python, tools, ["VENV_PYTHON and PROM_TOOLS unset: run by make check"]
    missing = [f"{p}: run scripts/setup" for p in
               (Path(python), tools / "promtool", tools / "prometheus-node-exporter",
                tools / "prometheus") if not os.access(p, os.X_OK)]
    if not missing and run([python, "-c", "import prometheus_client"]):
        missing.append("no prometheus_client in the venv: run scripts/setup")
    return python, tools, missing


def main() -> int:
    ktap = Ktap(1 + len(JSON_CHECKS) + len(CSV_CHECKS) + 2)
    with tempfile.TemporaryDirectory(prefix="ssdk-output-formats-") as tmp:
        docs = Path(tmp) / "docs"
        docs.mkdir()
        made = run([str(TESTS / "output_test"), "--emit", str(docs)])
        names = sorted(p.name for p in docs.iterdir())
        checked = sorted([*JSON_CHECKS, *CSV_CHECKS])
        ktap.result("output_test --emit writes the documents checked here",
                    made + ([] if names == checked else [f"{names}, not {checked}"]))
        for name in [*JSON_CHECKS, *CSV_CHECKS]:
            path = docs / name
            ktap.result(name, check_document(path) if path.exists() else ["not written"])

        metrics = Path(tmp) / "metrics"
        metrics.mkdir()
        python, tools, missing = metrics_tools()
        made = missing or run([str(TESTS / "openmetrics_test"), "--emit", str(metrics)])
        om, prom, truth = (metrics / n for n in ("ssdk.om", "ssdk.prom", "truth.json"))
        # both parsers, node_exporter's textfile collector serving the
        # Prometheus text, and a Prometheus server scraping that
        ktap.result("openmetrics and prometheus: prometheus_client's parsers, node_exporter, "
                    "a Prometheus server (openmetrics_check.py)",
                    made or run([python, str(TESTS / "openmetrics_check.py"), str(om),
                                 str(prom), str(truth), str(tools / "prometheus-node-exporter"),
                                 str(tools / "prometheus")]))
        # promtool lints what node_exporter reads
        ktap.result("prometheus: promtool check metrics",
                    made or run([str(tools / "promtool"), "check", "metrics"], stdin=prom))
    return 1 if ktap.failed else 0


if __name__ == "__main__":
    sys.exit(main())
