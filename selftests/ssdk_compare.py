#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
# ssdk-selftest: vm=beside kernels=all time=60
"""ssdk compare: the same workload through the bio engine and through the
userspace engines (io_uring, libaio, psync) on the raw device. Every
engine does the IOs it was asked for, the block layer counts them all,
the differences printed are those of the figures printed, and the
userspace engines read and write the same blocks as the module, writes
with the same bytes (same seed, same generator, same placement, same
data). At several iodepths, each engine's achieved depth is Little's
law over its run, and a depth not sustained is said; the device's own
queue (diskstats) is said beside it."""

from collections.abc import Callable
from typing import Any

from lib import pattern
from lib.py import (
    KsftSkipEx,
    blk_stat,
    cli,
    cli_json,
    ksft_case,
    ksft_check,
    ksft_eq,
    ksft_exit,
    ksft_ok,
    ksft_pr,
    ksft_refused,
    ksft_run,
    ksft_true,
    logic_only,
    nullb_make,
    nullb_remove,
    nvme_disk,
    run,
    runs_clear,
    ssdk_setup,
)

NULLB: dict[str, int | str] = {"nr_devices": 1, "irqmode": 0, "gb": 16}
ENGINES = ["bio", "uring-raw", "libaio-raw", "psync-raw"]
MIB = 1 << 20

# The comparison of the four engines later cases look at.
RUNS: dict[str, Any] = {}
DEVS: dict[str, str] = {}


def compare(*opts: str) -> Any:
    """The JSON of ssdk -j compare -q OPTS, which must succeed."""
    return cli_json("compare", "-q", *opts)


def all_engines() -> None:
    before = blk_stat("nullb0", 1)
    RUNS["cmp"] = compare("--target", "/dev/nullb0", "--engines", ",".join(ENGINES),
                          "--ios", "2000", "--seed", "3")
    ksft_check("ios_per_engine", RUNS["cmp"], 2000, 4, blk_stat("nullb0", 1) - before)


def qd8() -> None:
    j = compare("--target", "/dev/nullb0", "--engines", "bio,uring-raw,libaio-raw",
                "--iodepth", "8", "--ios", "4000")
    ksft_check("each_engine", j, "config.iodepth=8", "read.ios=4000")


def depths() -> None:
    """A device that takes 1 ms for every IO: an engine cannot keep more
    in flight than asked. (That it keeps as many is timing:
    ssdk_latency.sh, in deterministic guest time.)"""
    j = compare("--target", DEVS["slow"], "--engines", "bio,uring-raw,psync-raw",
                "--iodepth", "1,8", "--ios", "400")
    ksft_check("compare_depths", j, 1, 8)
    ksft_check("achieved_iodepth", j, 0, 102)


def device_queue() -> None:
    """The queue the emulated NVMe disk itself had (the block layer's time
    in queue over each run: iostat's aqu-sz), said for every engine: never
    more than asked, and through the bio engine within 5% of the depth
    asked or of what io_uring gave it in the same comparison, run to run
    noise (the slots a reap frees go out under one plug, as io_uring's
    SQEs do)."""
    dev = nvme_disk()
    if dev is None:
        raise KsftSkipEx("no NVMe disk")
    j = compare("--target", dev, "--engines", "uring-raw,bio", "--iodepth", "8,32",
                "--runtime", "2s", "--span", "8g")
    for p in j["points"]:
        qd, dq = p["iodepth"], p["device_iodepth"]
        ksft_pr(f"iodepth {qd}: device queue {dq}, Little's law {p['achieved_iodepth']}")
        ksft_eq(sorted(dq), ["bio", "uring-raw"], "a device queue for every engine")
        for engine, q in dq.items():
            ksft_true(q is not None and 0 < q <= qd * 1.02,
                      f"{engine} at {qd}: device queue {q}, at most the depth asked")
        # Two engines' runs back to back differ by a few percent under TCG.
        ksft_true(dq["bio"] >= 0.95 * qd or dq["bio"] >= 0.95 * dq["uring-raw"],
                  f"bio at {qd}: device queue {dq['bio']}, within 5% of {qd} or of "
                  f"io_uring's {dq['uring-raw']}")


def unsustained() -> None:
    """null_blk without a timer completes each bio as the plug it waits in
    is flushed: the IOs freed together wait for each other there, not in
    the device, and the depth is said not sustained (under 90%)."""
    logic_only()
    j = compare("--target", "/dev/nullb0", "--engines", "bio", "--iodepth", "32",
                "--ios", "2000")
    ksft_check("achieved_iodepth", j, 0, 89)
    ksft_eq(j["short_of_iodepth"], ["bio"], "said short of its depth")


def same_writes() -> None:
    """Writes: each engine alone on a freshly stamped device, the same
    seed: the same bytes at the same places, the module's and
    userspace's."""
    mem = DEVS["mem"]
    sums: dict[str, str] = {}
    for e in ENGINES:
        pattern.fill(mem)
        before = blk_stat(mem, 5)
        compare("--target", mem, "--engines", e, "--rw", "randwrite", "--bs", "4k",
                "--iodepth", "1", "--ios", "150", "--seed", "9", "--pattern",
                "compressible:50", "--allow-write")
        ksft_eq(blk_stat(mem, 5) - before, 150, f"{e}: writes")
        sums[e] = str(pattern.data(mem, 4 * MIB)["sha256"])
    ksft_eq(sums, {e: sums["bio"] for e in ENGINES}, "the device differs from bio's")
    ksft_check("fields", pattern.changed(mem, 4096), "partial=0")


def compressible() -> None:
    """compressible:50 through every engine, psync at depth 4 in threads:
    zlib takes half of what they wrote away."""
    logic_only()
    for e in ENGINES:
        ksft_ok(cli("compare", "-q", "--target", DEVS["mem"], "--engines", e, "--rw", "write",
                    "--bs", "128k", "--iodepth", "4", "--ios", "32", "--pattern",
                    "compressible:50", "--allow-write"))
        ratio = pattern.data(DEVS["mem"], 4 * MIB)["zlib_ratio"]
        ksft_pr(f"{e}: zlib_ratio {ratio}")
        ksft_true(isinstance(ratio, float) and 0.45 <= ratio <= 0.55, f"{e}: zlib_ratio {ratio}")


def refused_whole() -> None:
    """Nothing runs unless every engine at every depth would: writes
    without consent, or a depth past the module's limit."""
    logic_only()
    r0, w0 = blk_stat("nullb0", 1), blk_stat("nullb0", 5)
    ksft_refused(cli("compare", "-q", "--target", "/dev/nullb0", "--engines", "bio,uring-raw",
                     "--rw", "randwrite", "--ios", "10"), 1, "it needs allow-write")
    ksft_refused(cli("compare", "-q", "--target", "/dev/nullb0", "--engines", "bio,psync-raw",
                     "--iodepth", "1,100000", "--ios", "10"), 1, "at iodepth 100000")
    ksft_eq((blk_stat("nullb0", 1) - r0, blk_stat("nullb0", 5) - w0), (0, 0),
            "reads, writes counted")


def cases() -> list[Callable[[], None]]:
    return [
        ksft_case("bio_uring_raw_libaio_raw_psync_raw_2000_reads_each_8000_in_diskstats",
                  all_engines),
        # Three differences, each an engine's mean and percentiles minus bio's.
        ksft_case("overhead_ns_each_engines_figures_minus_bios",
                  lambda: ksft_check("compare_overheads_match", RUNS["cmp"], 3, "bio")),
        ksft_case("every_engines_histogram_sums_to_its_ios",
                  lambda: ksft_check("hist_sums_to_ios", RUNS["cmp"])),
        ksft_case("iodepth_8_through_bio_uring_raw_libaio_raw", qd8),
        ksft_case("iodepth_1_8_on_a_1_ms_device_each_engine_at_each_depth_its_achieved_depth_"
                  "littles_law_none_above", depths),
        ksft_case("nvme_iodepth_8_32_device_queue_said_for_every_engine_bio_within_5pct_or_"
                  "at_least_io_urings", device_queue),
        ksft_case("iodepth_32_on_a_device_that_completes_at_once_achieved_under_90pct_said_short",
                  unsustained),
        ksft_case("randwrite_qd1_through_bio_uring_raw_libaio_raw_psync_raw_150_writes_each_"
                  "the_same_bytes", same_writes),
        ksft_case("compressible_50_sequential_at_qd4_every_engine_zlib_keeps_45_55pct",
                  compressible),
        ksft_case("a_comparison_one_engine_or_depth_of_which_cannot_run_refused_whole_no_io",
                  refused_whole),
    ]


def main() -> None:
    ssdk_setup(**NULLB)
    try:
        DEVS["slow"] = nullb_make("cmpslow", 64, irqmode=2, completion_nsec=1000000)
        DEVS["mem"] = nullb_make("cmpmem", 4, memory_backed=1)
        ksft_run(cases())
    finally:
        nullb_remove("cmpslow", "cmpmem")
        runs_clear()
        run(["rmmod", "null_blk"])
    ksft_exit()


if __name__ == "__main__":
    main()
