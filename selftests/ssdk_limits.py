#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
# ssdk-selftest: vm=main kernels=default time=50
"""Every limit at its limit and one past it: the spec's (iodepth, workers,
bs, buffers in flight, slowest IOs, rounds, a target's path, the span at
the device's end, max-trace-ios) and the module's parameters (max_runs).
At the limit the run works, and what it cost is printed: its time, and
the memory it pins until it is deleted (the kernel's unreclaimable slab
and vmalloc, before its start and after its end: noisy by a MiB or so,
shown, never asserted). One past, it is refused with a message naming
the attribute, and nothing is started (no run kept) nor written (the
kernel's counters). The table is printed at the end, and
Documentation/dev/testing.rst ("The limits") keeps a copy.

SSDK_LIMITS=long (make check-limits) adds what takes minutes under
emulation: a trace of max-trace-ios IOs replayed, one more refused; a
200,000-IO fio workload recorded by ssdk trace record and replayed afap
onto a second device, whose blktrace must show the recording's IOs, op,
offset and length, in order; 64 workers at iodepth 1024."""

import json
import os
import re
import signal
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

from lib.py import (
    CLI,
    KsftFailEx,
    blktrace,
    cli,
    dev_sectors,
    ksft_case,
    ksft_eq,
    ksft_exit,
    ksft_pr,
    ksft_run,
    ksft_true,
    module_load,
    nullb_load,
    output,
    run,
    run_count,
    runs_clear,
    ssdk,
    ssdk_setup,
    temp_dir,
    trace_same_order,
    writes_kept,
    ynl,
)

DEV = "/dev/nullb0"
LONG = os.environ.get("SSDK_LIMITS", "short") == "long"
MAX_RUNS = Path("/sys/module/ssdk/parameters/max_runs")
T = Path()
TABLE: list[str] = []

Proc = subprocess.CompletedProcess[str]


def kmem_mib() -> int:
    """The kernel's memory that nothing reclaims, slab and vmalloc: where
    a run's records are (its IO buffers go with its end)."""
    kb = {ln.split(":")[0]: int(ln.split()[1]) for ln in
          Path("/proc/meminfo").read_text().splitlines()}
    return (kb["SUnreclaim"] + kb["VmallocUsed"]) // 1024


def row(limit: str, text: str) -> None:
    TABLE.append(f"{limit:<22} | {text}")


def ctl_run(*opts: str) -> Callable[[], Proc]:
    return lambda: cli("ctl", "run", "-q", "--target", DEV, *opts, timeout=1800)


def at_limit(limit: str, cmd: Callable[[], Proc]) -> None:
    """CMD works; its time and the memory pinned by what it left (its
    runs, until runs_clear) go to the table."""
    runs_clear()
    m0, t0 = kmem_mib(), time.monotonic()
    p = cmd()
    rc = p.returncode
    row(limit, f"at it: {'works' if rc == 0 else f'FAILS ({rc})'}, "
               f"{(time.monotonic() - t0) * 1000:.0f} ms, "
               f"{kmem_mib() - m0} MiB pinned until deleted")
    ksft_eq(rc, 0, "\n".join(output(p).splitlines()[-5:]))
    runs_clear()


def past_limit(limit: str, pattern: str, cmd: Callable[[], Proc], status: int = 1) -> None:
    """CMD fails (exit 1, or STATUS: 2 for the CLI's own refusals) saying
    PATTERN, starts no run and writes nothing to DEV; what it says goes to
    the table, on a line."""
    runs_clear()
    with writes_kept(DEV):
        p = cmd()
    out = re.sub(r"[\n\t]+", " ", output(p).removeprefix("ssdk: "))
    ksft_pr(f"exit {p.returncode}: {out}")
    row(limit, f"one past: exit {p.returncode}: {out[:200]}")
    ksft_eq(p.returncode, status, "exit status")
    ksft_true(re.search(pattern, out) is not None, f"/{pattern}/ not in: {out}")
    ksft_eq(run_count(), 0, "runs kept")


def path_of_len(n: int, target: str) -> str:
    """A path of exactly N bytes, a symlink to TARGET at the end of
    directories of 200-byte names under T."""
    d = str(T / "p")
    while len(d) + 1 + 200 + 1 + 1 <= n:
        d += "/" + "d" * 200
    os.makedirs(d, exist_ok=True)
    link = f"{d}/{'l' * (n - len(d) - 1)}"
    if os.path.islink(link):
        os.unlink(link)
    os.symlink(target, link)
    return link


def max_runs() -> Proc:
    """Runs up to max_runs, each of one IO: all kept."""
    n = int(MAX_RUNS.read_text())
    for i in range(n):
        p = cli("ctl", "run", "-q", "--target", DEV, "--ios", "1")
        if p.returncode:
            return subprocess.CompletedProcess([], 1, "", f"run {i + 1} of {n} refused")
    return subprocess.CompletedProcess([], 0 if run_count() == n else 1, "",
                                       f"{run_count()} runs kept of {n}")


def runs_past_max() -> None:
    """One more run than max_runs: refused, the runs kept."""
    n = int(MAX_RUNS.read_text())
    ksft_eq(max_runs().returncode, 0, "max_runs runs")
    with writes_kept(DEV):
        p = cli("ctl", "run", "-q", "--target", DEV, "--ios", "1")
    row("", f"one past: exit {p.returncode}: {output(p).strip().removeprefix('ssdk: ')}")
    ksft_pr(f"exit {p.returncode}: {output(p).strip()}")
    ksft_eq(p.returncode, 1, "exit status")
    ksft_true("too many runs kept" in output(p), output(p))
    ksft_eq(run_count(), n, "runs kept")


# --- the long forms -------------------------------------------------------------


def trace_max() -> None:
    """A trace of max-trace-ios IOs (ssdk trace make) replayed afap: every
    IO done; one more, refused by libssdk before anything is loaded."""
    n = ssdk.spec.MAX_TRACE_IOS
    for name, ios in (("max", n), ("past", n + 1)):
        p = cli("trace", "make", "--out", str(T / f"{name}.iolog"), "--ios", str(ios), "--span",
                "1g", timeout=1800)
        ksft_eq(p.returncode, 0, output(p))
    at_limit(f"max-trace-ios ({n})", lambda: cli(
        "ctl", "replay", "-q", "--target", DEV, "--trace", str(T / "max.iolog"), "--timing",
        "afap", "--iodepth", "32", "--allow-write", timeout=3600))
    past_limit("", rf"the module replays {n} at most \(max-trace-ios\)", lambda: cli(
        "ctl", "replay", "-q", "--target", DEV, "--trace", str(T / "past.iolog"), "--timing",
        "afap", "--allow-write", timeout=3600))


def record_replay_200k() -> None:
    """fio's 200,000 IOs recorded by ssdk trace record on DEV, replayed
    afap onto nullb1 under Debian's blktrace: the same IOs in the same
    order."""
    rec_out, rec_json, rec_err = (T / f"big.rec{s}" for s in ("", ".json", ".err"))
    # The kernel's buffer holds a whole recording's events (about 50 MB):
    # on a loaded host the recorder may read them late, never drop one.
    with open(rec_json, "wb") as o, open(rec_err, "wb") as e:
        rec = subprocess.Popen([CLI, "-j", "trace", "record", "--target", DEV, "--out",
                                str(rec_out), "--buffer", "64m"], stdout=o, stderr=e)
    for _ in range(300):
        if "recording" in rec_err.read_text():
            break
        time.sleep(0.1)
    else:
        rec.kill()
        raise KsftFailEx(f"ssdk trace record did not start: {rec_err.read_text()}")
    p = run(["fio", "--name=t", f"--filename={DEV}", "--direct=1", "--randseed=7",
             "--rw=randrw", "--bs=4k", "--ioengine=psync", "--number_ios=200000", "--size=4g",
             "--norandommap", "--output=/dev/null"], timeout=3600)
    rec.send_signal(signal.SIGINT)
    ksft_eq((p.returncode, rec.wait(timeout=600)), (0, 0), f"fio, the recording: "
            f"{p.stderr} {rec_err.read_text()}")
    j = json.loads(rec_json.read_text())
    ksft_eq((j["ios"], j["dropped"]), (200000, 0), "IOs recorded, dropped")
    with blktrace("/dev/nullb1", T / "big.bin"):
        q = cli("ctl", "replay", "-q", "--target", "/dev/nullb1", "--trace", str(rec_out),
                "--timing", "afap", "--iodepth", "8", "--allow-write", timeout=3600)
    ksft_eq(q.returncode, 0, output(q))
    trace_same_order(rec_out, T / "big.bin")


def cases(size: int) -> list[Callable[[], None]]:
    # A path of 4096 bytes cannot be made (the kernel's PATH_MAX holds the
    # NUL): the 4095-byte one and a byte more, refused before any lookup.
    p4095 = path_of_len(4095, DEV)
    p4096 = p4095 + "x"
    n_runs = MAX_RUNS.read_text().strip()
    points = [
        ksft_case("iodepth_1024_a_run_keeps_1024_ios_in_flight", at_limit, "iodepth (1024)",
              ctl_run("--iodepth", "1024", "--ios", "4096")),
        ksft_case("iodepth_1025_refused_naming_iodepth", past_limit, "", r"iodepth: .*1\.\.1024",
              ctl_run("--iodepth", "1025", "--ios", "10")),
        ksft_case("workers_64_a_run_of_64_kernel_threads", at_limit, "workers (64)",
              ctl_run("--workers", "64", "--ios", "640")),
        ksft_case("workers_65_refused_naming_workers", past_limit, "", r"workers: .*1\.\.64",
              ctl_run("--workers", "65", "--ios", "10")),
        ksft_case("bs_1_mib_reads_of_1_mib", at_limit, "bs (1 MiB)",
              ctl_run("--rw", "read", "--bs", "1m", "--ios", "64")),
        ksft_case("bs_1_mib_plus_512_refused_naming_bs", past_limit, "", "bs: more than 1 MiB",
              ctl_run("--rw", "read", "--bs", str(1024 * 1024 + 512), "--ios", "10")),
        ksft_case("buffers_in_flight_256_mib_iodepth_256_x_bs_1_mib_a_run", at_limit,
              "inflight (256 MiB)",
              ctl_run("--rw", "read", "--bs", "1m", "--iodepth", "256", "--ios", "512")),
        ksft_case("buffers_in_flight_256_mib_plus_1_mib_iodepth_257_refused_naming_them",
              past_limit, "", "workers x iodepth x bs: more than 256 MiB",
              ctl_run("--rw", "read", "--bs", "1m", "--iodepth", "257", "--ios", "10")),
        ksft_case("slowest_4096_a_run_keeps_4096_slowest_ios", at_limit, "slowest (4096)",
              ctl_run("--slowest", "4096", "--ios", "8192")),
        ksft_case("slowest_4097_refused_naming_slowest_n", past_limit, "", r"slowest-n: .*0\.\.4096",
              ctl_run("--slowest", "4097", "--ios", "10")),
        ksft_case("rounds_1000_of_10_ms_a_run_of_1000_rounds", at_limit, "rounds (1000)",
              ctl_run("--rounds", "1000", "--round-time", "10ms", "--ts-interval", "10ms")),
        ksft_case("rounds_1001_refused_naming_rounds", past_limit, "", r"rounds: .*1\.\.1000",
              ctl_run("--rounds", "1001", "--round-time", "10ms", "--ts-interval", "10ms")),
        ksft_case("a_targets_path_of_4095_bytes_max_target_len_a_run", at_limit,
              "target path (4095 B)",
              lambda: cli("ctl", "run", "-q", "--target", p4095, "--ios", "10")),
        ksft_case("a_targets_path_of_4096_bytes_refused_by_the_cli_naming_target", past_limit, "",
              "--target: path too long",
              lambda: cli("ctl", "run", "-q", "--target", p4096, "--ios", "10"), status=2),
        ksft_case("a_target_attribute_of_4096_bytes_ynl_refused_by_the_modules_policy", past_limit,
              "", r"'max-length': 4095.*'bad-attr': '\.target'",
              lambda: ynl("--do", "run-start", "--json",
                          json.dumps({"target": p4096, "ios": 10}))),
        ksft_case("the_spans_last_block_offset_size_minus_4_kib_span_4_kib", at_limit,
              "offset (size - bs)",
              ctl_run("--offset", str(size - 4096), "--span", "4096", "--ios", "10")),
        ksft_case("offset_size_refused_naming_offset", past_limit, "", "offset: at or beyond the end",
              ctl_run("--offset", str(size), "--ios", "10")),
        ksft_case("span_512_b_past_the_devices_end_refused_naming_span", past_limit, "",
              "span: goes beyond the end",
              ctl_run("--offset", str(size - 4096), "--span", "4608", "--ios", "10")),
        ksft_case("rate_iops_2_32_minus_1_a_run_unpaced_in_effect", at_limit,
              "rate-iops (2^32 - 1)", ctl_run("--rate-iops", "4294967295", "--ios", "100")),
        ksft_case("rate_iops_2_32_refused_by_the_cli_naming_it", past_limit, "",
              "--rate-iops: '4294967296' is too large",
              ctl_run("--rate-iops", "4294967296", "--ios", "10"), status=2),
        ksft_case("max_trace_ios_plus_1_in_trace_new_ynl_refused_by_the_policy_naming_ios",
              past_limit, "max-trace-ios (2097152)", r"max-value': 2097152.*'bad-attr': '\.ios'",
              lambda: ynl("--do", "trace-new", "--json", '{"ios": 2097153}')),
        ksft_case(f"max_runs_{n_runs}_that_many_runs_kept", at_limit, f"max_runs ({n_runs})",
              max_runs),
        ksft_case("max_runs_plus_1_refused_the_runs_kept", runs_past_max),
    ]
    if LONG:
        points += [
            ksft_case("max_trace_ios_a_trace_of_2097152_ios_replayed_afap_one_more_refused",
                  trace_max),
            ksft_case("64_workers_at_iodepth_1024_256_mib_of_4_kib_buffers_a_run", at_limit,
                  "workers x iodepth (64 x 1024)",
                  ctl_run("--workers", "64", "--iodepth", "1024", "--ios", "262144")),
            ksft_case("64_workers_at_iodepth_1024_of_4_kib_plus_512_refused", past_limit, "",
                  "workers x iodepth x bs: more than 256 MiB",
                  ctl_run("--workers", "64", "--iodepth", "1024", "--bs", "4608", "--ios",
                          "640")),
            ksft_case("ssdk_trace_record_of_fios_200000_ios_replayed_afap_blktrace_in_order",
                  record_replay_200k),
        ]
    return points


def main() -> None:
    global T
    ssdk_setup()
    T = temp_dir()
    nullb_load(nr_devices=2, gb=16, irqmode=0, queue_mode=2)
    try:
        ksft_run(cases(dev_sectors(DEV) * 512))
        runs_clear()
        ksft_pr("the limits: limit | at the limit, its cost | one past, what is said")
        for line in TABLE:
            ksft_pr(line)
    finally:
        module_load()
        runs_clear()
        run(["rmmod", "null_blk"])
    ksft_exit()


if __name__ == "__main__":
    main()
