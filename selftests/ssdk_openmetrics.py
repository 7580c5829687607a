#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
# ssdk-selftest: vm=main kernels=default time=25
"""Metrics (Documentation/userspace/openmetrics.rst) of real runs on
null_blk, read by prometheus_client's parsers (lib/om_check.py, run by
the venv scripts/setup makes, which the guest sees as the host's
userland): a finished run's OpenMetrics agree exactly with its JSON (IOs,
bytes, every bucket, closed and open loop), and status
--openmetrics-dir keeps a file that a reader polling it in a loop always
finds whole, rewritten every interval, with no temporary file left once
it is interrupted."""

import os
import re
import signal
import subprocess
from collections.abc import Callable
from pathlib import Path

from lib.py import (
    CLI,
    SELFTESTS,
    KsftFailEx,
    cli,
    cli_json,
    ksft_case,
    ksft_eq,
    ksft_ok,
    ksft_pr,
    ksft_refused,
    ksft_run_cleaned,
    ksft_skip_all,
    logic_only,
    run,
    runs_clear,
    ssdk_setup,
    temp_dir,
)
from lib.py.ksft import CACHE

PY = CACHE / "venv/bin/python3"
TMP = Path()


def om_check(*args: str) -> None:
    """lib/om_check.py ARGS holds (prometheus_client's parsers)."""
    p = om_run(*args)
    ksft_eq(p.returncode, 0, "om_check.py")


def om_run(*args: str) -> subprocess.CompletedProcess[str]:
    """lib/om_check.py ARGS, what it said printed."""
    p = run([str(PY), str(SELFTESTS / "lib/om_check.py"), *args], timeout=300)
    if (p.stdout + p.stderr).strip():
        ksft_pr((p.stdout + p.stderr).rstrip())
    return p


def agree(name: str, *opts: str) -> None:
    """A finished run's OpenMetrics against its JSON."""
    logic_only()
    run_id = str(cli_json("ctl", "start", "--target", "/dev/nullb0", *opts)["id"])
    ksft_ok(cli("ctl", "wait", "--timeout", "120s", run_id))
    js, om = TMP / f"{name}.json", TMP / f"{name}.om"
    p = cli("-j", "ctl", "results", run_id)
    ksft_ok(p)
    js.write_text(p.stdout)
    p = cli("ctl", "results", "--format", "openmetrics", run_id)
    ksft_ok(p)
    om.write_text(p.stdout)
    ksft_pr(p.stdout.splitlines()[-1] if p.stdout else "(nothing)")
    om_check("agree", str(om), str(js))


def run_agrees() -> None:
    """ctl run prints the same metrics as ctl results of its run, its id
    the run label."""
    logic_only()
    p = cli("ctl", "run", "--format", "openmetrics", "--target", "/dev/nullb0", "--rw",
            "randread", "--ios", "5000")
    ksft_ok(p)
    om = TMP / "run.om"
    om.write_text(p.stdout)
    m = re.search(r'^ssdk_run_info\{run="([0-9]*)"', p.stdout, re.MULTILINE)
    if m is None:
        raise KsftFailEx("no ssdk_run_info")
    run_id = m.group(1)
    ksft_pr(f"run {run_id}")
    js = TMP / "run.json"
    q = cli("-j", "ctl", "results", run_id)
    ksft_ok(q)
    js.write_text(q.stdout)
    om_check("agree", str(om), str(js))
    ksft_eq(cli("ctl", "results", "--format", "openmetrics", run_id).stdout, p.stdout,
            "ctl results --format openmetrics against ctl run's")


def textfile() -> None:
    """The textfile mode beside a run of 3 s: a reader polling the file
    finds it whole every time, and new versions of it come every
    interval."""
    logic_only()
    d = TMP / "textfile"
    d.mkdir()
    run_id = str(cli_json("ctl", "start", "--target", "/dev/nullb0", "--runtime", "3s",
                          "--iodepth", "2")["id"])
    collector = subprocess.Popen([CLI, "ctl", "status", "--openmetrics-dir", str(d),
                                  "--interval", "200ms"])
    try:
        p = om_run("poll", str(d / "ssdk.prom"), "2.5")
        cli("ctl", "wait", "--timeout", "60s", run_id)
    finally:
        collector.send_signal(signal.SIGTERM)
        rc = collector.wait(timeout=60)
    ksft_eq(rc, 0, "the collector's exit status")
    ksft_eq(sorted(os.listdir(d)), ["ssdk.prom"], "files left")
    state = re.compile(rf'^ssdk_run_state\{{run="{run_id}",.*ssdk_run_state="done"\}} 1$', re.MULTILINE)
    ksft_eq(bool(state.search((d / "ssdk.prom").read_text())), True,
            "the file shows the run done")
    ksft_eq(p.returncode, 0, "om_check.py poll")


def mode_644() -> None:
    logic_only()
    ksft_eq(oct((TMP / "textfile/ssdk.prom").stat().st_mode & 0o777), oct(0o644))


def bad_input() -> None:
    """One line, the right status, nothing written."""
    logic_only()
    d = TMP / "bad"
    d.mkdir()
    ksft_refused(cli("ctl", "info", "--format", "openmetrics"), 2, "prints no run's metrics")
    ksft_refused(cli("ctl", "status", "--interval", "1s"), 2, "needs --openmetrics-dir")
    ksft_refused(cli("ctl", "status", "--openmetrics-dir", str(d), "1"), 2, "no run id")
    ksft_refused(cli("ctl", "status", "--openmetrics-dir", str(d / "none")), 1, "No such file")
    (d / "file").write_text("")
    ksft_refused(cli("ctl", "status", "--openmetrics-dir", str(d / "file")), 1,
                 "not a directory")
    ksft_eq(os.listdir(d), ["file"], "files in the directory")


def empty() -> None:
    logic_only()
    runs_clear()
    p = cli("ctl", "status", "--format", "openmetrics")
    ksft_ok(p)
    ksft_eq(p.stdout.splitlines()[-1:], ["# EOF"], "the last line")


def cases() -> list[Callable[[], None]]:
    return [
        ksft_case("closed_loop_results_as_openmetrics_agree_exactly_with_the_json", agree,
              "closed", "--rw", "randrw", "--iodepth", "4", "--ios", "20000", "--allow-write"),
        ksft_case("open_loop_service_response_and_lateness_histograms_agree_too", agree, "open",
              "--rw", "randread", "--iodepth", "2", "--rate-iops", "20000", "--open-loop",
              "--ios", "10000"),
        ksft_case("ctl_run_format_openmetrics_its_runs_as_ctl_results_prints_them", run_agrees),
        ksft_case("openmetrics_dir_rewritten_every_interval_always_whole_no_temporary_file_left",
              textfile),
        ksft_case("openmetrics_dir_a_file_of_mode_0644_for_node_exporters_own_user", mode_644),
        ksft_case("bad_input_a_usage_error_2_no_directory_1_nothing_written", bad_input),
        ksft_case("status_of_every_run_as_openmetrics_no_run_a_well_formed_empty_exposition",
              empty),
    ]


def main() -> None:
    global TMP
    ssdk_setup(nr_devices=1, irqmode=0, gb=1)
    if not PY.exists() or run([str(PY), "-c", "import prometheus_client"]).returncode:
        ksft_skip_all(f"no prometheus_client in {PY.parent.parent} (scripts/setup)")
    TMP = temp_dir()
    ksft_run_cleaned(cases())


if __name__ == "__main__":
    main()
