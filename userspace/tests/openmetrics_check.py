#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""The metrics backends' output through the real parsers.

Usage: openmetrics_check.py OPENMETRICS PROMETHEUS TRUTH [NODE_EXPORTER [PROMETHEUS]]

output_formats.py runs it, under the venv's Python, on the files
openmetrics_test --emit DIR writes (tests/openmetrics_test.c).

OPENMETRICS is what --format openmetrics printed, parsed by
prometheus_client's OpenMetrics parser (strict: # EOF, types, units,
histogram rules); PROMETHEUS what --format prometheus printed for the same
runs, parsed by its Prometheus text parser. TRUTH holds the latencies the
runs were made of ({run: {"op kind": [ns, ...]}}). Each histogram bucket
must count exactly the latencies <= its le (compared as exact decimals),
_count all of them, _sum their sum; and both dialects must give the same
samples. With NODE_EXPORTER (Debian's prometheus-node-exporter), the
PROMETHEUS file is served by its textfile collector from a directory of
its own, and what it exports must be the same samples, without a scrape
error. With PROMETHEUS too (Debian's prometheus server), a Prometheus
server scrapes that node_exporter, and what it stores (read back through
its HTTP API) must be the same samples, and histogram_quantile() must
read the latency histograms. Exit 0 when all hold, else 1 with what
failed.
"""

import json
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from fractions import Fraction
from pathlib import Path

from prometheus_client.metrics_core import Metric
from prometheus_client.openmetrics.parser import (
    text_string_to_metric_families as om_parse,
)
from prometheus_client.parser import text_string_to_metric_families as prom_parse

Sample = tuple[str, tuple[tuple[str, str], ...], float]

# The families and their OpenMetrics types and units.
WANT_TYPES = {
    "ssdk_run": ("info", ""),
    "ssdk_run_state": ("stateset", ""),
    "ssdk_run_elapsed_seconds": ("gauge", "seconds"),
    "ssdk_run_measured_seconds": ("gauge", "seconds"),
    "ssdk_run_current_iops": ("gauge", ""),
    "ssdk_ios": ("counter", ""),
    "ssdk_io_bytes": ("counter", "bytes"),
    "ssdk_io_errors": ("counter", ""),
    "ssdk_iops": ("gauge", ""),
    "ssdk_throughput_bytes_per_second": ("gauge", "bytes_per_second"),
    "ssdk_latency_seconds": ("histogram", "seconds"),
}


def samples(families: list[Metric]) -> list[Sample]:
    """Every sample as (name, sorted labels, value), as Prometheus stores it.

    An le is the float it reads as (Go prints 1.001e-06), and an empty label
    is no label (node_exporter gives every sample of a family every label
    of the family's, empty where the file had none).
    """
    return sorted(
        (s.name,
         tuple(sorted((k, repr(float(v)) if k == "le" else v) for k, v in s.labels.items() if v)),
         float(s.value))
        for m in families
        for s in m.samples
    )


def check_histograms(families: list[Metric], truth: dict[str, dict[str, list[int]]]) -> list[str]:
    """Each bucket, _count and _sum against the latencies; what is wrong."""
    errors: list[str] = []
    seen = 0
    hist = next(m for m in families if m.name == "ssdk_latency_seconds")
    for s in hist.samples:
        lat = truth[s.labels["run"]][s.labels["op"] + " " + s.labels["kind"]]
        if s.name.endswith("_bucket"):
            le = s.labels["le"]
            want = len(lat) if le == "+Inf" else sum(1 for v in lat if Fraction(v, 10**9) <= Fraction(le))
            seen += 1
        elif s.name.endswith("_count"):
            want = len(lat)
        else:
            want_sum = float(Fraction(sum(lat), 10**9))
            if s.value != want_sum:
                errors.append(f"{s.name}{s.labels}: {s.value} != {want_sum}")
            continue
        if s.value != want:
            errors.append(f"{s.name}{s.labels}: {s.value} != {want}")
    if not seen:
        errors.append("no histogram bucket")
    return errors


def free_port() -> int:
    """A TCP port of the loopback that nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def fetch(url: str, tries: int = 100) -> str:
    """What a server just started answers at @url, once it listens ("" if never)."""
    for _ in range(tries):
        try:
            with urllib.request.urlopen(url, timeout=2) as r:
                text: str = r.read().decode()
                return text
        except OSError:
            time.sleep(0.05)
    return ""


@contextmanager
def node_exporter(binary: str, prom_path: str) -> Iterator[str]:
    """node_exporter's textfile collector serving the file; yields its address."""
    with tempfile.TemporaryDirectory() as d:
        shutil.copy(prom_path, Path(d) / "ssdk.prom")
        addr = f"127.0.0.1:{free_port()}"
        args = [binary, f"--web.listen-address={addr}", "--collector.disable-defaults",
                "--collector.textfile", f"--collector.textfile.directory={d}"]
        with subprocess.Popen(args, stderr=subprocess.DEVNULL) as proc:
            try:
                yield addr
            finally:
                proc.terminate()


def query(addr: str, promql: str) -> list[dict[str, object]]:
    """An instant query's result vector ([] when the server has nothing yet)."""
    text = fetch(f"http://{addr}/api/v1/query?" + urllib.parse.urlencode({"query": promql}))
    if not text:
        return []
    result: list[dict[str, object]] = json.loads(text)["data"]["result"]
    return result


def scraped(binary: str, target: str) -> tuple[list[Sample], list[float]]:
    """What a Prometheus server stores of @target's ssdk_ samples after its
    first scrape, as samples(), and histogram_quantile(0.5) of each latency
    histogram that has IOs."""
    with tempfile.TemporaryDirectory() as d:
        config = Path(d) / "prometheus.yml"
        config.write_text("global:\n  scrape_interval: 1s\nscrape_configs:\n"
                          f"  - job_name: node\n    static_configs:\n"
                          f"      - targets: ['{target}']\n", encoding="utf-8")
        addr = f"127.0.0.1:{free_port()}"
        args = [binary, f"--config.file={config}", f"--storage.tsdb.path={d}/data",
                f"--web.listen-address={addr}"]
        with subprocess.Popen(args, stderr=subprocess.DEVNULL) as proc:
            try:
                got: list[dict[str, object]] = []
                for _ in range(300):   # 30 s: the first scrape, within a second or two
                    got = query(addr, '{__name__=~"ssdk_.+"}')
                    if got:
                        break
                    time.sleep(0.1)
                # an empty histogram's is NaN, which no comparison keeps
                quantiles = query(addr, "histogram_quantile(0.5, ssdk_latency_seconds_bucket) > 0")
            finally:
                proc.terminate()
    stored = sorted(
        (str(m["__name__"]),
         tuple(sorted((k, repr(float(v)) if k == "le" else v) for k, v in m.items()
                      if k not in ("__name__", "job", "instance") and v)),
         float(str(v[1])))
        for r in got
        for m, v in [(r["metric"], r["value"])]
        if isinstance(m, dict) and isinstance(v, list)
    )
    return stored, [float(str(v[1])) for r in quantiles
                    for v in [r["value"]] if isinstance(v, list)]


def main() -> int:
    """Parse, compare, say."""
    om_text, prom_text = (Path(p).read_text(encoding="utf-8") for p in sys.argv[1:3])
    truth = json.loads(Path(sys.argv[3]).read_text(encoding="utf-8"))
    # prometheus_client's parsers carry no annotations
    om = list(om_parse(om_text))  # type: ignore[no-untyped-call]
    prom = list(prom_parse(prom_text))
    errors = [
        f"{m.name}: {m.type} {m.unit!r}, not {WANT_TYPES.get(m.name)}"
        for m in om
        if WANT_TYPES.get(m.name) != (m.type, m.unit)
    ]
    if sorted(m.name for m in om) != sorted(WANT_TYPES):
        errors.append(f"families {sorted(m.name for m in om)}")
    errors += check_histograms(om, truth)
    if samples(om) != samples(prom):
        errors.append("the two dialects' samples differ")
    if len(sys.argv) > 4:
        with node_exporter(sys.argv[4], sys.argv[2]) as addr:
            served = list(prom_parse(fetch(f"http://{addr}/metrics")))
            if ("node_textfile_scrape_error", (), 0.0) not in samples(served):
                errors.append("node_exporter: a scrape error, or nothing served")
            if [s for s in samples(served) if s[0].startswith("ssdk_")] != samples(prom):
                errors.append("node_exporter serves other samples than the file's")
            if len(sys.argv) > 5:
                stored, quantiles = scraped(sys.argv[5], addr)
                if stored != samples(prom):
                    errors.append("Prometheus stored other samples than the file's "
                                  f"({len(stored)} of {len(samples(prom))})")
                hists = sum(1 for s in samples(prom) if s[0] == "ssdk_latency_seconds_count" and s[2])
                if len(quantiles) != hists or not all(0 < q < float("inf") for q in quantiles):
                    errors.append(f"histogram_quantile(0.5): {quantiles}, for {hists} histograms")
    for e in errors:
        print("not ok:", e)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
