#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
# ssdk-selftest: vm=main kernels=all time=60
"""Anatomy (--anatomy): each IO's latency split into the block layer's
part (submission to the request's issue to the driver), the device's
(issue to the driver's completion) and the completion's (to ssdk's
end_io), timed by probes on the block layer's tracepoints; and after it
the worker's reap and the slot's idle time before its next IO.

Against ground truth: the stages of every captured and slowest IO add up
to its latency exactly; the histograms count every measured IO once (the
idle time all but each slot's first); on the emulated NVMe disk, each
IO's device stage is blktrace's D2C of the same IO and its latency its
Q2C less its block and end-io stages, within the probes' skew; a dm-delay'ed device (bio-based: no
request of its own) has its delay in the device stage, said unsplit,
beside the same null_blk bare. The device stage's ground truth in time
(null_blk's timer mode) is ssdk_latency.py's, under icount."""

import json
import statistics
import subprocess
from collections.abc import Callable
from typing import Any

from lib.py import (
    KsftSkipEx,
    blktrace,
    cli,
    cli_json,
    dm_delay,
    dm_remove,
    dm_stalled_run,
    ksft_case,
    ksft_eq,
    ksft_ge,
    ksft_pr,
    ksft_refused,
    ksft_run_cleaned,
    ksft_skip_all,
    ksft_true,
    nullb_load,
    nvme_disk,
    require,
    ssdk_setup,
    temp_dir,
    ynl,
)

STAGES = ("block", "device", "end-io")
KEYS = {s: s.replace("-", "_") + "_ns" for s in ("block", "device", "end-io", "reap", "idle")}
# The NVMe run of the blktrace comparison, and its trace.
NVME: dict[str, Any] = {}


def stage_sum_exact(ios: list[dict[str, Any]], what: str) -> None:
    """Every record of IOS has its stages, and block + device + end-io is
    its latency to the nanosecond."""
    bad = [io for io in ios if sum(io[KEYS[s]] for s in STAGES) != io["lat_ns"]]
    ksft_eq(len(bad), 0, f"{what}: records whose stages do not add up: {bad[:3]}")
    ksft_true(all(KEYS["reap"] in io for io in ios), f"{what}: every record has its reap")


def counted(dev: str) -> None:
    """8000 reads at iodepth 8, all captured: the stages add up for each
    captured and slowest IO; each stage histogram counts every measured
    IO, the idle time all but each slot's first (8); in each interval of
    the time series, every IO is in each latency stage and the stages'
    means add up to the interval's mean."""
    j = cli_json("ctl", "run", "-q", "--target", dev, "--iodepth", "8", "--ios", "8000",
                 "--anatomy", "--capture-over", "1ns")
    r = j["read"]
    ksft_eq(r["ios"], 8000)
    for s in ("block", "device", "end-io", "reap"):
        ksft_eq(r[s]["ios"], 8000, f"IOs of stage {s}")
    ksft_eq(r["idle"]["ios"], 8000 - 8, "IOs with an idle time: all but each slot's first")
    ksft_eq(j["anatomy_unsplit"], 0)
    ksft_eq(len(j["captured"]), 8000)
    stage_sum_exact(j["captured"], "captured")
    stage_sum_exact(j["slowest"], "slowest")
    ksft_eq(sum(KEYS["idle"] not in io for io in j["captured"]), 8,
            "captured IOs without an idle time (each slot's first)")
    # Each interval of the time series: every IO in each latency stage, and
    # the stages' means adding up to the interval's mean latency.
    for p in j["timeseries"]:
        o = p["read"]
        ksft_eq([o["stages"][s]["ios"] for s in STAGES], [o["ios"]] * 3,
                f"interval at {p['t_ns']} ns: IOs of each latency stage")
        means = sum(o["stages"][s]["mean_ns"] for s in STAGES)
        ksft_true(abs(means - o["mean_ns"]) <= 1e-6 * o["mean_ns"] + 1e-6,
                  f"interval at {p['t_ns']} ns: stage means {means} add up to {o['mean_ns']}")
        ksft_true(max(o["stages"][s]["max_ns"] for s in STAGES) <= o["max_ns"],
                  "no stage's max above the latency's")


def nvme_vs_blktrace() -> None:
    """2000 reads at iodepth 1 on the emulated NVMe disk under blktrace:
    each IO's device stage against blktrace's D2C of its sector, and its
    latency against Q2C, both taken by probes on the same tracepoints."""
    dev = nvme_disk()
    if dev is None:
        raise KsftSkipEx("no NVMe disk")
    require("blkparse")
    out = temp_dir() / "nvme.blktrace"
    with blktrace(dev, out):
        j = cli_json("ctl", "run", "-q", "--target", dev, "--iodepth", "1", "--ios", "2000",
                     "--span", "16g", "--anatomy", "--capture-over", "1ns")
    NVME.update(j=j, trace=out)
    ev: dict[str, dict[int, int]] = {"Q": {}, "D": {}, "C": {}}
    p = subprocess.run(["blkparse", "-q", "-i", "-", "-f", "%a %S %T.%9t\n"],
                       stdin=out.open("rb"), capture_output=True, text=True, check=True)
    for line in p.stdout.splitlines():
        a, sector, t = line.split()
        if a in ev:
            s, ns = t.split(".")
            ev[a][int(sector)] = int(s) * 1_000_000_000 + int(ns)
    d2c, q2c, outside = [], [], []
    for io in j["captured"]:
        sector = io["offset"] // 512
        if not all(sector in ev[a] for a in "QDC"):
            continue
        d2c.append(io["device_ns"] - (ev["C"][sector] - ev["D"][sector]))
        q2c.append((io, io["lat_ns"] - (ev["C"][sector] - ev["Q"][sector])))
    ksft_ge(len(d2c), 1900, "IOs found in the blktrace by sector")
    # The device stage is D2C: the same two tracepoints, each probe with its
    # own clock read, an interrupt now and then between the two.
    # An interrupt between the two lands on a few IOs in a hundred (more on
    # a debug kernel, whose probes are slower: p99 252 us under KCSAN).
    ad = sorted(abs(x) for x in d2c)
    med, p90, p99 = statistics.median(ad), ad[len(ad) * 9 // 10], ad[len(ad) * 99 // 100]
    ksft_pr(f"device - D2C: median |diff| {med:.0f} ns, p90 {p90} ns, p99 {p99} ns, "
            f"range {min(d2c)} to {max(d2c)} ns")
    ksft_true(med <= 5_000, f"device - D2C: median |difference| {med} ns, at most 5 us")
    ksft_true(p90 <= 50_000, f"device - D2C: p90 |difference| {p90} ns, at most 50 us")
    # Q comes after ssdk's submission stamp and before the issue (D), C
    # with the driver's completion: the latency holds Q2C, and what it has
    # more is in its block and end-io stages, to the probes' measured skew.
    for io, extra in q2c:
        if not 0 <= extra <= io["block_ns"] + io["end_io_ns"] + p99:
            outside.append((extra, io["block_ns"], io["end_io_ns"]))
    ksft_pr(f"latency - Q2C: median {statistics.median(x for _, x in q2c):.0f} ns; outside "
            f"[0, block + end-io + {p99} ns]: {len(outside)} {outside[:3]}")
    ksft_true(len(outside) <= len(q2c) // 100,
              "latency - Q2C within [0, block + end-io + p99 skew] for 99% of IOs")


def tail_line_is_libssdks() -> None:
    """The text's tail line and the Python package's Results.tail_stages()
    say the same of the same run: libssdk's ssdk_tail_stages()."""
    if "j" not in NVME:
        raise KsftSkipEx("no NVMe run")
    import ssdk

    path = temp_dir() / "nvme.json"
    path.write_text(json.dumps(NVME["j"]))
    r = ssdk.load(str(path))
    assert isinstance(r, ssdk.Results)
    ts = r.tail_stages()
    ksft_true(ts is not None, "tail stages of a run with anatomy")
    assert ts is not None
    top, share = ts
    ksft_eq(sorted(share), sorted(STAGES))
    ksft_true(abs(sum(share.values()) - 1) <= 1e-9, f"the shares add up to 1: {share}")
    p = cli("ctl", "results", str(NVME["j"]["id"]))
    want = f"slowest {len(r.slowest)} IOs: {100 * share[top]:.1f}% {top}"
    ksft_true(want in p.stdout, f"'{want}' in the text results")


def dm_delayed(dev: str) -> None:
    """dm-delay of 20 ms over null_blk: dm takes the bio itself, so its
    IOs are unsplit (no block nor end-io stage) and the delay is in the
    device stage (less a jiffy at most); the same null_blk bare has every
    IO split and a device stage far below the delay."""
    bare = cli_json("ctl", "run", "-q", "--target", dev, "--iodepth", "1", "--ios", "200",
                    "--anatomy")
    ksft_eq(bare["anatomy_unsplit"], 0, "unsplit IOs on null_blk")
    p50 = bare["read"]["device"]["lat_ns"]["percentiles"]["50.000000"]
    ksft_true(p50 <= 1_000_000, f"null_blk's device stage p50 {p50} ns, at most 1 ms")
    dm = dm_delay("ssdk_anat", dev, 20)
    try:
        j = cli_json("ctl", "run", "-q", "--target", dm, "--iodepth", "1", "--ios", "20",
                     "--anatomy")
    finally:
        dm_remove("ssdk_anat")
    r = j["read"]
    ksft_eq(j["anatomy_unsplit"], 20, "unsplit IOs through dm")
    ksft_eq(r["block"]["ios"], 0, "IOs with a block stage through dm")
    ksft_eq(r["device"]["ios"], 20)
    # dm-delay counts its delay in jiffies: at HZ=250 (Debian's), up to 4 ms
    # short of it (an IO queued late in a tick is due at a tick's start).
    ksft_ge(r["device"]["lat_ns"]["min"], 15_000_000, "dm's device stage, ns")
    ksft_ge(r["device"]["lat_ns"]["percentiles"]["50.000000"], 17_000_000,
            "dm's device stage p50, ns")
    ksft_eq(r["device"]["lat_ns"]["max"], r["lat_ns"]["max"], "device stage = latency")
    ksft_true(all(KEYS["block"] not in io and io["device_ns"] == io["lat_ns"]
                  for io in j["slowest"]), "slowest IOs: unsplit, device = latency")


def heat_top(row: list[int]) -> int:
    """The highest heat bucket a heat row has IOs in, -1 for none."""
    return max((k for k, n in enumerate(row) if n), default=-1)


def heatmap_stall(dev: str) -> None:
    """A dm-linear device over null_blk suspended for 600 ms under a run
    at iodepth 4 with 100 ms intervals: the heatmap (each interval's heat
    row) has the stall plainly, empty intervals while it holds the IOs,
    then one whose IOs sit at 400 ms or more (or two beside each other, when
    the held IOs' completions straddle an interval's end), every other
    interval's below 50 ms; each row counts its interval's IOs; the stalled IOs are the
    slowest, unsplit (dm takes the bio), all device. libssdk's bucket
    bounds (Python's heatmap()) are the spec's. The worst stall's paragraph
    (libssdk's, through Python and ssdk ctl results --text) says when, how
    long, that the device went silent, and that the device stage held it."""
    import ssdk

    j = dm_stalled_run("ssdk_anat_stall", dev, 2000, 0.6, "--iodepth", "4", "--runtime", "3s",
                       "--ts-interval", "100ms", "--anatomy")
    rows = [p["heat"] for p in j["timeseries"]]
    ts = ssdk.Results.from_json(j).timeseries
    hm = ts.heatmap() if ts is not None else None
    assert hm is not None
    lower = [int(x) for x in hm[1]]
    ksft_eq((lower[0], lower[1], lower[2], lower[-1]), (0, 1024, 1536, 1 << 36),
            "the heat buckets' bounds (the spec's heat-buckets)")
    ksft_eq([int(x) for x in hm[2].sum(axis=1)], [sum(r) for r in rows],
            "Python's heatmap holds the JSON's rows")

    def bound(k: int) -> int:
        return lower[k] if k < len(lower) else 1 << 63

    ksft_eq([sum(r) for r in rows], [p["read"]["ios"] + p["write"]["ios"]
                                     for p in j["timeseries"]], "each row counts its IOs")
    tops = [heat_top(r) for r in rows]
    ksft_pr(f"highest heat bucket per interval: {tops}")
    hi = max(range(len(tops)), key=lambda i: tops[i])
    ksft_ge(bound(tops[hi] + 1), 400_000_000, "the stall's bucket reaches 400 ms")
    ksft_ge(sum(1 for t in tops[max(hi - 6, 0):hi] if t < 0), 4,
            "empty intervals before the stall's (600 ms held, 100 ms each)")
    # The held IOs complete together as dm resumes, in the stall's interval
    # or, when their completions straddle an interval's end, in it and the
    # one beside it: no other interval has an IO of 50 ms or more.
    slow = [i for i, t in enumerate(tops) if t >= 0 and bound(t) >= 50_000_000]
    ksft_true(hi in slow and len(slow) <= 2 and max(slow) - min(slow) <= 1,
              f"every other interval's IOs below 50 ms: at 50 ms or more {slow}")
    ksft_ge(j["slowest"][0]["device_ns"], 400_000_000, "the slowest IO's device stage")
    ksft_eq(j["anatomy_unsplit"], j["read"]["ios"], "dm: every IO unsplit")
    # The stall's interval: its device stage's largest is its latency's.
    o = j["timeseries"][hi]["read"]
    ksft_eq(o["stages"]["device"]["max_ns"], o["max_ns"], "the stall's interval: device max")
    ksft_eq(o["stages"]["block"]["ios"], 0, "dm: no block stage in the time series")
    # The paragraph a reviewer pastes: libssdk's, through Python and the CLI.
    stall = ssdk.Results.from_json(j).worst_stall()
    assert stall is not None
    ksft_pr(stall.text)
    ksft_ge(stall.length_ns, 400_000_000, "the worst stall's length")
    ksft_eq(stall.top_stage, "device", "the stage that held it")
    ksft_ge(stall.silent_intervals, 4, "intervals without a completion in it")
    ksft_true("the device went silent" in stall.text, "the paragraph says the device went silent")
    text = cli("ctl", "results", "--text", str(j["id"])).stdout
    ksft_true(stall.text in text, "ssdk ctl results --text prints the same paragraph")


def off_by_default(dev: str) -> None:
    """Without --anatomy: no stage in the results, none in the records."""
    j = cli_json("ctl", "run", "-q", "--target", dev, "--iodepth", "2", "--ios", "200")
    ksft_eq(j["config"]["anatomy"], False)
    ksft_true(not any(s in j["read"] for s in KEYS), "no stage sets")
    ksft_true("anatomy_unsplit" not in j, "no unsplit count")
    ksft_true(not any(k in io for io in j["slowest"] for k in KEYS.values()),
              "no stages in the records")


def refused(dev: str) -> None:
    """Anatomy times a block device's bios: a file's run (engine kfile),
    a purge, are refused before anything starts, with why."""
    f = temp_dir() / "file"
    f.write_bytes(b"\0" * (1 << 20))
    ksft_refused(cli("ctl", "run", "--target", str(f), "--engine", "kfile", "--ios", "1",
                     "--anatomy"), 1, "anatomy: only for engine bio")
    req = {"target": dev, "purge": "discard", "allow-write": True, "anatomy": True}
    ksft_refused(ynl("--do", "run-start", "--json", json.dumps(req)), 1,
                 "not with purge")


def cases(dev: str) -> list[Callable[[], None]]:
    return [
        ksft_case("iodepth_8_8000_ios_captured_stages_add_up_each_stage_counts_each_io",
                  counted, dev),
        ksft_case("nvme_qd1_device_stage_is_blktrace_d2c_latency_is_q2c_per_io",
                  nvme_vs_blktrace),
        ksft_case("text_tail_line_and_python_tail_stages_agree", tail_line_is_libssdks),
        ksft_case("dm_delay_20_ms_unsplit_delay_in_device_stage_bare_split", dm_delayed, dev),
        ksft_case("dm_suspended_600_ms_heatmap_empty_intervals_then_ios_at_400_ms_up",
                  heatmap_stall, dev),
        ksft_case("without_anatomy_no_stages", off_by_default, dev),
        ksft_case("kfile_and_purge_refused_with_why", refused, dev),
    ]


def main() -> None:
    ssdk_setup()
    if not nullb_load(nr_devices=1, gb=1, irqmode=1):
        ksft_skip_all("no null_blk")
    ksft_run_cleaned(cases("/dev/nullb0"))


if __name__ == "__main__":
    main()

