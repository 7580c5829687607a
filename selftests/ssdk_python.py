#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
# ssdk-selftest: vm=smp kernels=default time=25
"""The Python package (userspace/python) drives the module end to end,
under Debian's python3 and numpy (what a user of the distribution has),
with the package of this tree and its libssdk, on /dev/nullb0
(irqmode=0)."""

from __future__ import annotations

import errno
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from lib.py import (
    CLI,
    ksft_exit,
    ksft_run,
    module_load,
    run,
    runs_clear,
    ssdk,
    ssdk_setup,
    temp_dir,
)

DEV = "/dev/nullb0"
TESTS: list[Callable[[], None]] = []


def test(fn: Callable[[], None]) -> Callable[[], None]:
    TESTS.append(fn)
    return fn


def reads_completed(dev: str) -> int:
    """Reads completed, from the kernel's own counters of the device."""
    return int(Path(f"/sys/block/{Path(dev).name}/stat").read_text().split()[0])


def fail(why: str) -> None:
    raise AssertionError(why)


@test
def start_progress_wait_results_delete() -> None:
    """start, wait with progress, results, delete: counts equal /sys/block/*/stat"""
    before = reads_completed(DEV)
    with ssdk.Controller() as ctl:
        r = ctl.start(ssdk.Job(target=DEV, rw="randread", iodepth=4, ios=20000, slowest=16,
                               ts_interval="10ms"))
        r.wait(progress=True)
        res = r.results()
        after = reads_completed(DEV)
        if res.state != "done":
            fail(f"state {res.state}")
        if res.read.ios != 20000 or res.completed != 20000:
            fail(f"{res.read.ios} reads measured, {res.completed} completed, not 20000")
        if after - before != res.completed:
            fail(f"/sys/block stat counted {after - before} reads, the run {res.completed}")
        if len(res.slowest) != 16 or res.slowest[0].lat_ns != res.read.lat.max:
            fail("the slowest log's first IO is not the run's max")
        ts = res.timeseries
        if ts is None or int(ts.col("read", "ios").sum()) + res.ts_dropped != res.read.ios:
            fail("the time series' intervals do not add up to the run")
        r.delete()
        if any(s.id == r.id for s in ctl.list()):
            fail("deleted, still listed")


@test
def follow_pushed_each_interval_once() -> None:
    """run.follow() of a 1.5 s run of 50 ms intervals, joined 0.5 s in: every
    interval of the run, those before read, each once and in order, as the
    results have them; the results read mid-run have slowest IOs"""
    with ssdk.Controller() as ctl:
        r = ctl.start(ssdk.Job(target=DEV, rw="randread", iodepth=4, runtime="1500ms",
                               rate_iops=20000, ts_interval="50ms"))
        time.sleep(0.5)
        mid = r.results()
        if mid.state != "running" or not mid.slowest:
            fail(f"mid-run: state {mid.state}, {len(mid.slowest)} slowest")
        chunks = list(r.follow())
        res = r.results()
        r.delete()
    starts = [int(t) for c in chunks for t in c.t_ns]
    ios = [int(x) for c in chunks for x in c.col("read", "ios")]
    ts = res.timeseries
    if ts is None:
        fail("no time series in the results")
        return
    if starts != [k * 50_000_000 for k in range(len(ts.t_ns))]:
        fail(f"followed {starts}, the results' {len(ts.t_ns)}")
    if ios != [int(x) for x in ts.col("read", "ios")]:
        fail(f"followed IOs {ios}, the results' {ts.col('read', 'ios')}")
    if len(chunks) < 3:
        fail(f"{len(chunks)} pushes: the intervals came at once, not as they closed")


@test
def results_equal_the_clis() -> None:
    """Results.to_json() is what ssdk -j ctl results prints for the same run"""
    with ssdk.Controller() as ctl:
        r = ctl.start(ssdk.Job(target=DEV, rw="randrw", bssplit="4k/50:8k/50", iodepth=2,
                               ios=5000, allow_write=True, owned=False, rate_iops=20000,
                               arrivals="poisson"))
        r.wait()
        mine = r.results().to_json()
        cli = json.loads(subprocess.run([CLI, "-j", "ctl", "results", str(r.id)], check=True,
                                        capture_output=True, text=True).stdout)
        # The CLI's conditions, and the date and host it does not know.
        cond, cli_cond = mine.pop("conditions"), cli.pop("conditions")
        if {k: cond.get(k) for k in cli_cond} != cli_cond or not cond["date"]:
            fail(f"conditions {cond}, the CLI's {cli_cond}")
        if not same(mine, cli):
            fail(f"differ:\n{json.dumps(mine)[:2000]}\n{json.dumps(cli)[:2000]}")
        r.delete()


def same(a: object, b: object) -> bool:
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return abs(a - b) <= 1e-9 * max(abs(a), abs(b), 1)
    return a == b


@test
def workers_merged() -> None:
    """two workers: one run of the IOs asked, its histogram theirs, bound as asked"""
    res = ssdk.run(ssdk.Job(target=DEV, workers=2, cpus=[0, 1], ios=3001, seed=5, slowest=4096))
    hist = res.read.lat.histogram
    if res.workers or res.read.ios != 3001 or hist is None or int(hist.counts.sum()) != 3001:
        fail(f"{len(res.workers)} runs, {res.read.ios} reads")
    if (res.config["workers"], res.config["cpus"]) != (2, [0, 1]):
        fail(f"config {res.config['workers']} workers on {res.config['cpus']}")
    if sorted({io.cpu_submit for io in res.slowest}) != [0, 1]:
        fail("the IOs not submitted on both CPUs")


@test
def refused_job_raises_the_kernels_message() -> None:
    """a refused job raises SsdkError with errno, the kernel's message and its attribute"""
    with ssdk.Controller() as ctl:
        n = len(ctl.list())
        try:
            ctl.start(ssdk.Job(target=DEV, bs=1000, ios=10))
        except ssdk.SsdkError as e:
            cli = subprocess.run([CLI, "ctl", "run", "--target", DEV, "--bs", "1000",
                                  "--ios", "10"], check=False, capture_output=True,
                                 text=True).stderr
            if e.errno != errno.EINVAL or e.attribute != "bs" or e.message not in cli:
                fail(f"errno {e.errno}, attribute {e.attribute!r}, message {e.message!r}; "
                     f"the CLI said {cli!r}")
        else:
            fail("started")
        if len(ctl.list()) != n:
            fail("a run was made")


@test
def write_without_consent_is_refused_before_any_run() -> None:
    """a job whose second run is refused starts none (every run checked first)"""
    before = Path(f"/sys/block/{Path(DEV).name}/stat").read_text().split()[4]
    with ssdk.Controller() as ctl:
        n = len(ctl.list())
        try:
            ctl.start(ssdk.Job(target=[DEV, "/dev/nonexistent"], rw="randwrite", ios=10,
                               allow_write=True))
        except ssdk.SsdkError as e:
            if e.attribute != "target":
                fail(f"attribute {e.attribute!r}: {e.message}")
        else:
            fail("started")
        if len(ctl.list()) != n:
            fail("a run was made")
    if Path(f"/sys/block/{Path(DEV).name}/stat").read_text().split()[4] != before:
        fail("something was written")


@test
def stop_keeps_partial_results() -> None:
    """stop() ends a run of an hour; its partial results stay until delete"""
    with ssdk.Controller() as ctl:
        r = ctl.start(ssdk.Job(target=DEV, runtime="1h"))
        time.sleep(0.5)
        if r.wait(timeout=0.1):
            fail("ended by itself")
        r.stop()
        res = r.results()
        if res.state != "stopped" or res.read.ios == 0:
            fail(f"state {res.state}, {res.read.ios} reads")
        r.delete()
        try:
            ctl.status(r.id)
        except ssdk.RunNotFoundError:
            pass
        else:
            fail("still there")


@test
def compare_runs_the_engines() -> None:
    """compare(): the same reads through bio and psync-raw, the syscall's layer between"""
    c = ssdk.compare(ssdk.Job(target=DEV, ios=2000, iodepth=1), ["bio", "psync-raw"])
    if list(c.results) != ["bio", "psync-raw"] or any(r.read.ios != 2000
                                                      for r in c.results.values()):
        fail(f"{ {k: r.read.ios for k, r in c.results.items()} }")
    if "psync-raw - bio" not in c.layers:
        fail(f"layers {c.layers}")
    try:
        ssdk.compare(ssdk.Job(target=DEV, ios=10), ["bio", "warp"])
    except ssdk.SsdkError as e:
        if "warp" not in e.message:
            fail(f"message {e.message!r}")
    else:
        fail("an unknown engine was taken")


CTRL_C = """
import json, sys, ssdk
res = ssdk.run(ssdk.Job(target=sys.argv[1], runtime="1h"), progress=True)
print(json.dumps({"state": res.state, "ios": res.read.ios}))
"""


@test
def ctrl_c_keeps_results() -> None:
    """Ctrl-C (SIGINT) during run(progress=True) stops the run and returns its results"""
    p = subprocess.Popen([sys.executable, "-c", CTRL_C, DEV], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True,
                         env={**os.environ, "PYTHONPATH": str(Path(ssdk.__file__).parents[1])})
    assert p.stderr is not None
    # Interrupt once the run goes: its progress line is out (a line per
    # half second when stderr is not a terminal).
    seen = ""
    for line in p.stderr:
        seen += line
        if "IOPS" in line:
            break
    p.send_signal(signal.SIGINT)
    out, err = p.communicate(timeout=60)
    err = seen + err
    if p.returncode != 0:
        fail(f"exit {p.returncode}: {err}")
    got = json.loads(out)
    if got["state"] != "stopped" or got["ios"] <= 0:
        fail(f"{got}")
    if "IOPS" not in err:
        fail(f"no progress shown: {err!r}")
    with ssdk.Controller() as ctl:
        if any(s.state == "running" for s in ctl.list()):
            fail("a run goes on")


NOBODY = """
import ssdk
try:
    ssdk.Controller().info()
except ssdk.SsdkPermissionError as e:
    print("refused:", e.errno, e)
"""


@test
def nobody_is_refused() -> None:
    """as nobody: SsdkPermissionError (a PermissionError) naming the capability"""
    # nobody must read the package and the library: a world-readable copy.
    pkg = temp_dir()
    shutil.copytree(Path(ssdk.__file__).parent, pkg / "ssdk")
    lib = pkg / "libssdk.so.0"
    shutil.copy(Path(ssdk.__file__).parents[2] / "libssdk.so.0", lib)
    for d, _, files in os.walk(pkg):
        os.chmod(d, 0o755)
        for f in files:
            os.chmod(os.path.join(d, f), 0o644)
    p = subprocess.run(["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups",
                        sys.executable, "-c", NOBODY], check=False, capture_output=True, text=True,
                       env={**os.environ, "PYTHONPATH": str(pkg), "SSDK_LIBRARY": str(lib)})
    if p.returncode != 0 or "refused: 1 " not in p.stdout or "CAP_NET_ADMIN" not in p.stdout:
        fail(f"exit {p.returncode}: {p.stdout} {p.stderr}")


def main() -> None:
    ssdk_setup(nr_devices=1, irqmode=0, gb=1)
    try:
        ksft_run(TESTS)
    finally:
        module_load()
        runs_clear()
        run(["rmmod", "null_blk"])
    ksft_exit()


if __name__ == "__main__":
    main()
