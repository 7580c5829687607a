#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
# ssdk-selftest: vm=main kernels=default time=95
"""Access specifications on ground truth: the bytes a run wrote (zeros,
a repeated byte, compressible and incompressible data, read back and
compressed with zlib), where it wrote them (a disk stamped sector by
sector), the block layer's counters for mixes and sizes, the clock for
rates, and a device-mapper stall for open-loop response times."""

from collections.abc import Callable
from typing import Any

from lib import pattern
from lib.py import (
    blk_stat,
    blk_stats,
    brd_load,
    cli,
    cli_json,
    dm_stalled_run,
    ksft_case,
    ksft_check,
    ksft_eq,
    ksft_ok,
    ksft_pr,
    ksft_refused,
    ksft_run_cleaned,
    ksft_skip_all,
    ksft_true,
    nullb_make,
    nullb_remove,
    run_count,
    ssdk_setup,
)

RAM = "/dev/ram0"

# --- data patterns --------------------------------------------------------------


def write_span(pat: str, *opts: str) -> dict[str, Any]:
    """A sequential write of 4 MiB of ram0, covered once, then what it
    holds."""
    pattern.fill(RAM)
    ksft_ok(cli("ctl", "run", "-q", "--target", RAM, "--rw", "write", "--bs", "4k", "--span",
                "4m", "--ios", "1024", "--iodepth", "4", "--pattern", pat, "--allow-write",
                *opts))
    d = pattern.data(RAM, 4 << 20)
    ksft_pr({k: v for k, v in d.items() if k != "sha256"})
    return d


def reads_back(pat: str, byte: int) -> None:
    ksft_eq(write_span(pat)["bytes"], [byte])


def compresses(pat: str, lo: float, hi: float) -> None:
    ratio = write_span(pat)["zlib_ratio"]
    ksft_true(lo <= ratio <= hi, f"zlib ratio {ratio}, wanted in [{lo}, {hi}]")


def random_data() -> None:
    ksft_check("random_data", write_span("random"))


def seeded() -> None:
    a = write_span("random", "--seed", "5")["sha256"]
    b = write_span("random", "--seed", "5")["sha256"]
    c = write_span("random", "--seed", "6")["sha256"]
    ksft_pr(f"seed 5: {a}, again: {b}; seed 6: {c}")
    ksft_eq(a, b, "the same seed again")
    ksft_true(a != c, "another seed, other bytes")


# --- placement ------------------------------------------------------------------


def aligned(align_offset: int) -> None:
    """4k random writes at ALIGN_OFFSET past 4k boundaries of a 4 MiB span
    at 1 MiB: every changed run of bytes starts there, is whole blocks
    long, and stays inside the span."""
    pattern.fill(RAM)
    ksft_ok(cli("ctl", "run", "-q", "--target", RAM, "--rw", "randwrite", "--bs", "4k",
                "--offset", "1m", "--span", "4m", "--align-offset", str(align_offset),
                "--ios", "300", "--allow-write"))
    ksft_check("runs_aligned", pattern.runs(RAM), align_offset, 4096, 1 << 20, 5 << 20, 100)


def stride() -> None:
    pattern.fill(RAM)
    ksft_ok(cli("ctl", "run", "-q", "--target", RAM, "--rw", "write", "--bs", "4k", "--stride",
                "12k", "--span", "3m", "--ios", "256", "--allow-write"))
    ksft_eq(pattern.runs(RAM), [[i * 12288, 4096] for i in range(256)])


def stride_edge() -> None:
    """A stride near 2^64 once wrapped the sequential cursor below the
    span's start, down to LBA 0 (the partition table). On a
    memory-backed null_blk stamped sector by sector: 2^64 - 512 is
    refused by the module, blaming stride, and changes nothing; the
    largest stride accepted (the span, 8 MiB at 1 MiB) writes the span's
    first block only, and one 1 MiB short of it its first and last;
    every changed byte is in [1 MiB, 9 MiB)."""
    dev = nullb_make("ssdk-stride", 16, memory_backed=1)
    try:
        pattern.fill(dev)
        span = ["--target", dev, "--rw", "write", "--offset", "1m", "--bs", "1m", "--span",
                "8m", "--ios", "40", "--allow-write"]
        ksft_refused(cli("ctl", "run", "-q", *span, "--stride", str(2**64 - 512)), 1,
                     "stride: more than the span")
        ksft_eq(pattern.runs(dev), [], "after the refusal")
        ksft_ok(cli("ctl", "run", "-q", *span, "--stride", "8m"))
        ksft_eq(pattern.runs(dev), [[1 << 20, 1 << 20]], "stride 8m")
        ksft_refused(cli("ctl", "run", "-q", *span, "--stride", str((8 << 20) + 512)), 1,
                     "stride: more than the span")
        ksft_ok(cli("ctl", "run", "-q", *span, "--stride", "7m"))
        ksft_eq(pattern.runs(dev), [[1 << 20, 1 << 20], [8 << 20, 1 << 20]], "then stride 7m")
    finally:
        nullb_remove("ssdk-stride")


# --- mixes ----------------------------------------------------------------------


def mixed(*opts: str) -> Any:
    """20000 IOs on nullb0: its counts those of the block layer (reads,
    writes, bytes read)."""
    r0, s0, w0 = blk_stat("nullb0", 1), blk_stat("nullb0", 3), blk_stat("nullb0", 5)
    j = cli_json("ctl", "run", "-q", "--target", "/dev/nullb0", "--ios", "20000", "--iodepth",
                 "8", "--allow-write", *opts)
    ksft_check("fields", j, f"read.ios={blk_stat('nullb0', 1) - r0}",
               f"write.ios={blk_stat('nullb0', 5) - w0}",
               f"read.bytes={(blk_stat('nullb0', 3) - s0) * 512}")
    return j


def rwmix() -> None:
    # 20000 draws of p = 0.7: standard deviation 0.0032, the tolerance 6 of them.
    j = mixed("--rw", "randrw", "--rwmixread", "70")
    share = j["read"]["ios"] / 20000
    ksft_true(abs(share - 0.7) < 0.02, f"reads {share:.4f} of the IOs")


def bssplit() -> None:
    # 64k IOs make up (bytes / ios - 4k) / 60k of them: 30% (+-2%).
    j = mixed("--rw", "randread", "--bssplit", "4k/70:64k/30")
    share = (j["read"]["bytes"] / 20000 - 4096) / 61440
    ksft_true(abs(share - 0.3) < 0.02, f"64k IOs {share:.4f} of them")


# --- pacing ---------------------------------------------------------------------


def rate(lo: int, hi: int, *opts: str) -> None:
    j = cli_json("ctl", "run", "-q", "--target", "/dev/nullb0", "--rate-iops", "1000",
                 "--runtime", "2s", "--iodepth", "4", *opts)
    ksft_pr((j["read"]["ios"], j["read"]["iops"], j["measured_ns"]))
    ksft_true(lo <= j["read"]["iops"] <= hi, f"{j['read']['iops']} IOPS, wanted [{lo}, {hi}]")


def stall() -> None:
    """A dm-linear device over nullb0, suspended for 300 ms in the middle
    of an open-loop run at 1000 IOPS and iodepth 4: about 300 IOs arrive
    during the stall. Service time sees it only in the IOs that overlap
    the suspension, at most 2 x 4: those dm drained as it suspended
    (quick, unless the kernel is slow: once 5 on the debug kernel) and
    those it held; response time, from each IO's arrival, in every IO
    that waited for a slot. The stall starts once the run has done 300
    IOs; the run ends after its 6000th arrival (6 s), so that the stall
    falls inside it however slowly a loaded guest starts processes."""
    j = dm_stalled_run("ssdk-stall", "/dev/nullb0", 300, 0.3, "--rate-iops", "1000",
                       "--open-loop", "--ios", "6000", "--iodepth", "4")
    # Of 100 ms or more: at most 2 x 4 service times, 100 response times;
    # 150 IOs late.
    ksft_check("open_loop_stall", j, 100000000, 2 * 4, 100, 150)


# --- workers, targets, sweeps, profiles -----------------------------------------


def workers() -> None:
    """Two targets, two workers each: two runs whose counts add up to the
    total, and to each device's own counter."""
    r0, r1 = blk_stat("nullb0", 1), blk_stat("nullb1", 1)
    j = cli_json("ctl", "run", "-q", "--target", "/dev/nullb0", "--target", "/dev/nullb1",
                 "--workers", "2", "--ios", "3000", "--iodepth", "4")
    r0, r1 = blk_stat("nullb0", 1) - r0, blk_stat("nullb1", 1) - r1
    # 2 runs, 6000 reads, QD 4 x 2.
    ksft_check("workers_add_up", j, 2, 6000, 8, f"/dev/nullb0={r0}", f"/dev/nullb1={r1}")


def sweep() -> None:
    j = cli_json("ctl", "sweep", "-q", "--target", "/dev/nullb0", "--iodepth", "1,4,16",
                 "--ios", "2000")
    ksft_check("sweep_points", j, 2000, 1, 4, 16)
    p = cli("ctl", "sweep", "-q", "--target", "/dev/nullb0", "--iodepth", "1,2", "--ios", "500")
    ksft_ok(p)
    ksft_pr(p.stdout.rstrip())
    rows = p.stdout.splitlines()
    ksft_eq(rows[0].split()[:1], ["iodepth"], "the header")
    ksft_eq(sum(1 for r in rows[1:] if r.split()[-1:] == ["done"]), 2, "rows of points done")


def sweep_bs_grid() -> None:
    """--bs 4k,64k,1m with --iodepth 1,4: six points, each size at each
    depth (depth varying fastest), each run's bs and iodepth as asked,
    its bytes its IOs times its size, and the device's own counters the
    sum of them all."""
    sectors = blk_stats("nullb0")[2]
    j = cli_json("ctl", "sweep", "-q", "--target", "/dev/nullb0", "--bs", "4k,64k,1m",
                 "--iodepth", "1,4", "--ios", "500")
    sectors = blk_stats("nullb0")[2] - sectors
    ksft_eq([(p["config"]["bs"], p["config"]["iodepth"]) for p in j],
            [(bs, qd) for bs in (4096, 65536, 1 << 20) for qd in (1, 4)], "points: bs, iodepth")
    ksft_eq([p["read"]["bytes"] for p in j],
            [p["read"]["ios"] * p["config"]["bs"] for p in j], "bytes: IOs x bs")
    ksft_eq(sectors * 512, sum(p["completed"] * p["config"]["bs"] for p in j),
            "the device's sectors read: every point's IOs x its size")
    p = cli("ctl", "sweep", "-q", "--target", "/dev/nullb0", "--bs", "4k,1m", "--ios", "200")
    ksft_ok(p)
    rows = [r.split() for r in p.stdout.splitlines()]
    ksft_eq([r[:2] for r in rows], [["iodepth", "bs"], ["1", "4k"], ["1", "1m"]],
            "text: a row per size, its depth and size")


def sweep_repeated() -> None:
    """--repeat 2 on a grid of 2 sizes x 2 depths: each point's two runs
    in turn, as asked, and their spread (n 2, the least and greatest of
    the two); the device read every run's IOs; CSV a row per run under
    one header; text each point's rows and spread. In a dry run at the
    limit: 1000 repetitions of 4 points are 4000 runs checked."""
    ios0 = blk_stats("nullb0")[0]
    j = cli_json("ctl", "sweep", "-q", "--target", "/dev/nullb0", "--bs", "4k,8k",
                 "--iodepth", "1,2", "--ios", "300", "--repeat", "2")
    ksft_eq(blk_stats("nullb0")[0] - ios0, 8 * 300, "reads the block layer counted: 8 x 300")
    ksft_eq([[(r["config"]["bs"], r["config"]["iodepth"], r["state"]) for r in p["repeats"]]
             for p in j],
            [[(bs, qd, "done")] * 2 for bs in (4096, 8192) for qd in (1, 2)],
            "points: each bs at each depth, two runs each")
    for p in j:
        iops = [r["read"]["iops"] for r in p["repeats"]]
        s = p["spread"]["iops"]
        ksft_eq((s["n"], s["min"], s["max"]), (2, min(iops), max(iops)), "a point's spread")
    p = cli("ctl", "sweep", "--format", "csv", "-q", "--target", "/dev/nullb0", "--bs", "4k,8k",
            "--ios", "100", "--repeat", "2")
    ksft_ok(p)
    rows = [r.split(",") for r in p.stdout.splitlines()]
    ksft_eq([r[0] for r in rows], ["label"] + ["repeat 1", "repeat 2"] * 2, "CSV: one header")
    ksft_eq([r[4] for r in rows[1:]], ["4096", "4096", "8192", "8192"], "CSV: each run's bs")
    p = cli("ctl", "sweep", "-q", "--target", "/dev/nullb0", "--iodepth", "1,2", "--ios",
            "100", "--repeat", "2")
    ksft_ok(p)
    ksft_eq(p.stdout.count("over 2 repetitions"), 2, "text: a spread per point")
    ksft_eq(cli_json("ctl", "sweep", "--dry-run", "--target", "/dev/nullb0", "--iodepth",
                     "1,2", "--bs", "4k,8k", "--runtime", "1s", "--repeat", "1000"),
            {"dry_run": True, "runs": 4000, "seconds": 4000, "untimed": 0})


def job_whole() -> None:
    """A job whose second target cannot be opened runs nothing: the run
    started on the first is deleted."""
    before = run_count()
    ksft_refused(cli("ctl", "run", "-q", "--target", "/dev/nullb0", "--target",
                     "/dev/nonexistent", "--ios", "100000"), 1, "target: no such file")
    ksft_eq(run_count(), before, "runs kept")


def profile() -> None:
    j = cli_json("ctl", "run", "-q", "--profile", "anandtech-2009-randread", "--target",
                 "/dev/nullb0", "--runtime", "200ms")
    ksft_check("fields", j, "config.rw=randread", "config.bs=4096", "config.iodepth=3",
               "config.runtime_ns=200000000")


def cases() -> list[Callable[[], None]]:
    return [
        ksft_case("pattern_zeros_the_span_reads_back_as_zeros", reads_back, "zeros", 0),
        ksft_case("pattern_repeat_165_the_span_reads_back_as_0xa5", reads_back, "repeat:165", 165),
        # Compressible data is (100 - N)% random bytes at the start of
        # each 512-byte chunk, in whole words, then zeros. zlib stores the
        # random bytes as they are (+0.03%) and each run of zeros as one
        # match of a few bytes (< 1% of the chunk): the ratio lies within
        # [(100 - N)% - 1.6% (rounding to words), (100 - N)% + 2%].
        ksft_case("pattern_compressible_50_zlib_shrinks_it_to_50_pct", compresses,
              "compressible:50", 0.484, 0.52),
        ksft_case("pattern_compressible_90_zlib_shrinks_it_to_10_pct", compresses,
              "compressible:90", 0.084, 0.12),
        ksft_case("pattern_random_does_not_compress_no_two_4k_blocks_or_sectors_alike",
              random_data),
        ksft_case("pattern_random_with_a_seed_the_same_bytes_again_others_with_another_seed",
              seeded),
        ksft_case("align_offset_512_4k_writes_start_only_at_512_mod_4096_inside_the_span",
              aligned, 512),
        ksft_case("align_offset_0_4k_writes_start_only_at_4k_boundaries", aligned, 0),
        ksft_case("stride_12k_4k_writes_every_12k_3_mib_covered_once", stride),
        ksft_case("stride_2_64_minus_512_refused_the_largest_accepted_writes_only_in_the_span",
              stride_edge),
        ksft_case("randrw_rwmixread_70_70_pct_reads_counts_equal_to_diskstats", rwmix),
        ksft_case("bssplit_4k_70_64k_30_sizes_in_that_proportion_bytes_equal_to_diskstats",
              bssplit),
        ksft_case("rate_iops_1000_for_2_s_1000_iops_3_pct", rate, 970, 1030),
        # Poisson: 2000 arrivals expected, standard deviation 45: +-7% is 3 of them.
        ksft_case("rate_iops_1000_poisson_for_2_s_1000_iops_7_pct", rate, 930, 1070,
              "--arrivals", "poisson"),
        ksft_case("open_loop_through_a_300_ms_stall_response_time_shows_it_service_time_not",
              stall),
        ksft_case("2_targets_2_workers_each_per_run_counts_add_up_to_the_total_and_to_diskstats",
              workers),
        ksft_case("sweep_bs_4k_64k_1m_at_iodepth_1_4_six_points_bytes_on_the_device",
                  sweep_bs_grid),
        ksft_case("sweep_repeat_2_on_a_2_by_2_grid_each_points_runs_and_spread_1000_checked",
                  sweep_repeated),
        ksft_case("sweep_over_iodepth_1_4_16_one_result_per_point_json_one_row_per_point_text",
              sweep),
        ksft_case("a_job_with_a_missing_second_target_refused_and_the_first_targets_run_deleted",
              job_whole),
        ksft_case("a_profile_sets_the_protocol_the_command_line_overrides_its_runtime", profile),
    ]


def main() -> None:
    ssdk_setup(nr_devices=2, irqmode=0, gb=16)
    if not brd_load(1, 8):
        ksft_skip_all("no brd")
    ksft_run_cleaned(cases(), unload=("null_blk", "brd"))


if __name__ == "__main__":
    main()
