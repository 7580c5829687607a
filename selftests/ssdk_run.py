#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
# ssdk-selftest: vm=main kernels=all time=15
"""The bio engine against ground truth it cannot influence: the block
layer's own counters (/sys/block/*/stat) count its IOs, a disk stamped
sector by sector shows where it wrote, and its JSON agrees with itself."""

import json
import re
from collections.abc import Callable
from typing import Any

from lib import pattern
from lib.py import (
    KsftSkipEx,
    blk_stat,
    brd_load,
    cli,
    cli_json,
    ksft_case,
    ksft_check,
    ksft_eq,
    ksft_ok,
    ksft_pr,
    ksft_refused,
    ksft_run_cleaned,
    ksft_skip_all,
    ksft_true,
    nvme_disk,
    run_count,
    ssdk_setup,
    temp_dir,
)

# The runs later cases look at.
RUNS: dict[str, Any] = {}


def hist_sum(j: Any, op: str) -> int:
    return sum(row[2] for row in j[op]["histogram"])


# --- counts: the block layer counts what ssdk says it did ---------------------


def counts_match(rw: str, field: int) -> None:
    before = blk_stat("nullb0", field)
    j = cli_json("ctl", "run", "-q", "--target", "/dev/nullb0", "--rw", rw, "--iodepth", "8",
                 "--ios", "5000", "--allow-write")
    RUNS[rw] = j
    after = blk_stat("nullb0", field)
    ksft_pr(f"stat {field}: {before} -> {after}; ssdk: {j['completed']}")
    ksft_eq((j["completed"], after - before), (5000, 5000), "completed, counted")


def measured_all() -> None:
    j = RUNS["randread"]
    ksft_eq((j["read"]["ios"], j["write"]["ios"]), (j["completed"], 0))


def bytes_ios_bs() -> None:
    j = RUNS["randread"]
    ksft_eq(j["read"]["bytes"], j["read"]["ios"] * 4096)


def named_check(name: str) -> Callable[[], None]:
    def case() -> None:
        ksft_check(name, RUNS["randread"], "read")
    return case


# --- objects: start, status, wait, results, list, delete ----------------------


def lifecycle() -> None:
    run_id = str(cli_json("ctl", "start", "--target", "/dev/nullb0", "--ios", "3000",
                          "--iodepth", "2")["id"])
    ksft_ok(cli("ctl", "wait", "--timeout", "120s", run_id))
    j = cli_json("ctl", "status", run_id)
    ksft_eq((j["state"], j["completed"]), ("done", 3000))
    listed = cli("ctl", "list").stdout
    ksft_true(re.search(rf"^ *{run_id} +done", listed, re.MULTILINE) is not None, f"list: {listed}")
    ksft_ok(cli("ctl", "delete", run_id))
    ksft_true(cli("ctl", "status", run_id).returncode != 0, "status after delete")


def options_anywhere() -> None:
    """Options anywhere on the line, as GNU tools take them: after the
    operands (ids) as before them, the same answer."""
    p = cli("ctl", "start", "--ios", "500", "--target", "/dev/nullb0", "-j")
    ksft_ok(p)
    run_id = str(json.loads(p.stdout)["id"])
    ksft_ok(cli("ctl", "wait", run_id, "--timeout", "60s"))
    a = cli("-j", "ctl", "results", run_id)
    b = cli("ctl", "results", run_id, "-j")
    ksft_ok(a)
    ksft_eq(a.stdout, b.stdout, "results -j ID against results ID -j")
    ksft_check("fields", json.loads(b.stdout), f"id={run_id}", "state=done")
    s = cli("ctl", "status", run_id, "--json")
    ksft_ok(s)
    ksft_check("fields", json.loads(s.stdout), f"id={run_id}")
    ksft_ok(cli("ctl", "delete", run_id))


def same_json() -> None:
    p = cli("-j", "ctl", "run", "-q", "--target", "/dev/nullb0", "--ios", "2000", "--iodepth",
            "4", "--seed", "7")
    ksft_ok(p)
    RUNS["seeded"] = json.loads(p.stdout)
    q = cli("ctl", "results", "-j", str(RUNS["seeded"]["id"]))
    ksft_eq(q.stdout, p.stdout, "ctl results -j against ctl run -j")


def text_table() -> None:
    p = cli("ctl", "results", str(RUNS["seeded"]["id"]))
    ksft_ok(p)
    for w in ("IOPS", "MB/s", "MiB/s", "min", "mean", "stddev", "max", "p1", "p5", "p10",
              "p25", "p50", "p75", "p90", "p95", "p99", "p99.9", "p99.99", "p99.999",
              "p99.9999"):
        ksft_true(re.search(rf"(^| ){re.escape(w)}( |$)", p.stdout, re.MULTILINE) is not None,
                  f"no {w} in:\n{p.stdout}")


def seed_kept() -> None:
    ksft_eq(RUNS["seeded"]["config"]["seed"], 7)


def ramp() -> None:
    j = cli_json("ctl", "run", "-q", "--target", "/dev/nullb0", "--runtime", "300ms",
                 "--ramp", "200ms")
    ksft_true(j["read"]["ios"] < j["completed"], "measured IOs fewer than completed")
    ksft_true(j["measured_ns"] < j["elapsed_ns"], "measured time shorter than elapsed")
    ksft_eq(hist_sum(j, "read"), j["read"]["ios"], "the histogram's IOs")
    ksft_eq(j["state"], "done")


# --- placement: on a stamped disk, bytes change only where they may -----------


def placement() -> None:
    pattern.fill("/dev/ram0")
    ksft_ok(cli("-j", "ctl", "run", "-q", "--target", "/dev/ram0", "--rw", "randwrite", "--bs",
                "4k", "--offset", "2m", "--span", "4m", "--ios", "500", "--iodepth", "4",
                "--allow-write"))
    ch = pattern.changed("/dev/ram0", 4096)
    ksft_pr(f"changed: {ch}")
    ksft_check("changed_within", ch, 2 << 20, 6 << 20, 500)


def seq_cover() -> None:
    pattern.fill("/dev/ram0")
    # 4 MiB of 64 KiB blocks: 64 IOs cover the span exactly once.
    ksft_ok(cli("-j", "ctl", "run", "-q", "--target", "/dev/ram0", "--rw", "write", "--bs",
                "64k", "--offset", "1m", "--span", "4m", "--ios", "64", "--iodepth", "8",
                "--allow-write"))
    ch = pattern.changed("/dev/ram0", 65536)
    ksft_pr(f"changed: {ch}")
    ksft_eq(ch, {"blocks": 64, "first": 1 << 20, "end": 5 << 20, "partial": 0})


def seq_read_counts() -> None:
    # Sequential IOs may merge into fewer requests: completed + merged
    # counts the bios.
    before = blk_stat("nullb0", 1) + blk_stat("nullb0", 2)
    ksft_ok(cli("ctl", "run", "-q", "--target", "/dev/nullb0", "--rw", "read", "--bs", "4k",
                "--iodepth", "4", "--ios", "1000"))
    after = blk_stat("nullb0", 1) + blk_stat("nullb0", 2)
    ksft_pr(f"reads completed + merged: {before} -> {after}")
    ksft_eq(after - before, 1000)


def dry_run() -> None:
    """--dry-run checks as for real and does nothing: no run kept, no IO
    counted, no file left; it says how long the runs would take (a
    sweep's points in turn, each its ramp and runtime), and how many have
    no runtime (kfile buffered: the test's directory may be a tmpfs,
    without O_DIRECT before 6.6); what the module refuses, refused the
    same."""
    f = temp_dir() / "dry.dat"
    r0, w0, n0 = blk_stat("ram0", 1), blk_stat("ram0", 5), run_count()
    p = cli("ctl", "run", "--dry-run", "--target", "/dev/ram0", "--rw", "randwrite", "--ios",
            "100", "--allow-write")
    ksft_eq(p.stdout.splitlines(),
            ["dry run: 1 run checked, none started, nothing written; 1 without a runtime"])
    ksft_eq(cli_json("ctl", "sweep", "--dry-run", "--target", "/dev/ram0", "--iodepth", "1,4",
                     "--ios", "10"),
            {"dry_run": True, "runs": 2, "seconds": 0, "untimed": 2})
    ksft_eq(cli_json("ctl", "sweep", "--dry-run", "--target", "/dev/ram0", "--iodepth", "1,4",
                     "--runtime", "3s", "--ramp", "1s"),
            {"dry_run": True, "runs": 2, "seconds": 8, "untimed": 0})
    ksft_ok(cli("ctl", "run", "--dry-run", "--engine", "kfile", "--buffered", "--target",
                str(f), "--file-size", "1m", "--ios", "10"))
    ksft_true(not f.exists(), "the kfile run's file was made")
    ksft_ok(cli("ctl", "precondition", "--dry-run", "--target", "/dev/ram0", "--span", "1m",
                "--allow-write"))
    ksft_refused(cli("ctl", "run", "--dry-run", "--target", "/dev/ram0", "--rw", "randwrite",
                     "--ios", "100"), 1, "it needs allow-write")
    ksft_eq((blk_stat("ram0", 1) - r0, blk_stat("ram0", 5) - w0), (0, 0), "reads, writes")
    ksft_eq(run_count(), n0, "runs kept")


def repeated() -> None:
    """--repeat 3: three runs, each kept and each read by the block layer;
    the spread their figures': each figure's mean, least and greatest as
    the runs have them, the 95% interval of the mean around it (Student's t
    at 2 degrees of freedom, 4.3027), and the text's table of it. At its
    limit in a dry run: 1000 repetitions are 1000 runs checked."""
    r0 = blk_stat("nullb0", 1)
    j = cli_json("ctl", "run", "-q", "--target", "/dev/nullb0", "--ios", "3000", "--iodepth",
                 "4", "--repeat", "3")
    ksft_eq(blk_stat("nullb0", 1) - r0, 9000, "reads the block layer counted: 3 x 3000")
    runs = j["repeats"]
    ksft_eq([(r["state"], r["read"]["ios"]) for r in runs], [("done", 3000)] * 3, "the runs")
    ksft_eq(len({r["id"] for r in runs}), 3, "three runs of their own")
    iops = [r["read"]["iops"] for r in runs]
    s = j["spread"]["iops"]
    mean = sum(iops) / 3
    sd = (sum((v - mean) ** 2 for v in iops) / 2) ** 0.5
    ksft_eq((s["n"], s["min"], s["max"]), (3, min(iops), max(iops)), "n, min, max")
    ksft_true(abs(s["mean"] - mean) <= 1e-9 * mean and abs(s["stddev"] - sd) <= 1e-6 * mean,
              f"mean, stddev: {s} against {mean}, {sd}")
    half = 4.3027 * sd / 3 ** 0.5
    ksft_true(all(abs(a - b) <= 1e-6 * mean for a, b in zip(
        s["ci95"], (mean - half, mean + half), strict=True)), f"ci95 {s['ci95']}")
    ksft_eq(j["spread"]["lat_max_ns"]["max"], max(r["read"]["lat_ns"]["max"] for r in runs),
            "the greatest max latency")
    p = cli("ctl", "run", "-q", "--target", "/dev/nullb0", "--ios", "500", "--repeat", "2")
    ksft_ok(p)
    ksft_true("over 2 repetitions" in p.stdout and "95% interval of the mean" in p.stdout,
              p.stdout)
    ksft_eq(cli_json("ctl", "run", "--dry-run", "--target", "/dev/ram0", "--runtime", "1s",
                     "--repeat", "1000"),
            {"dry_run": True, "runs": 1000, "seconds": 1000, "untimed": 0})


# --- the done-when of the engine issue: 8 GiB span on an emulated NVMe disk ---


def nvme_8g() -> None:
    nvme = nvme_disk()
    if nvme is None:
        raise KsftSkipEx("no 16 GiB NVMe disk (vm-run --disk nvme:16G)")
    j = cli_json("ctl", "run", "--target", nvme, "--rw", "randwrite", "--bs", "4k",
                 "--iodepth", "3", "--span", "8G", "--runtime", "2s", "--allow-write")
    ksft_true(j["write"]["ios"] > 0, "writes measured")
    ksft_eq(hist_sum(j, "write"), j["write"]["ios"], "the histogram's IOs")
    ksft_eq((j["config"]["span"], j["state"]), (8 << 30, "done"))


def cases() -> list[Callable[[], None]]:
    return [
        ksft_case("randread_sys_block_stat_reads_grow_by_the_ios_ssdk_reports", counts_match,
              "randread", 1),
        ksft_case("randwrite_sys_block_stat_writes_grow_by_the_ios_ssdk_reports", counts_match,
              "randwrite", 5),
        ksft_case("measured_ios_without_a_ramp_are_all_the_ios", measured_all),
        ksft_case("bytes_are_ios_x_bs", bytes_ios_bs),
        ksft_case("histogram_counts_sum_to_the_ios", named_check("hist_sums_to_ios")),
        ksft_case("min_le_percentiles_ascending_le_max", named_check("percentiles_ordered")),
        ksft_case("min_le_mean_le_max_and_a_stddev", named_check("moments_coherent")),
        ksft_case("iops_is_ios_over_the_measured_time", named_check("iops_is_rate")),
        ksft_case("start_wait_status_list_delete", lifecycle),
        ksft_case("options_after_the_operands_results_id_j_wait_id_timeout_start_j",
              options_anywhere),
        ksft_case("ctl_results_j_prints_exactly_what_ctl_run_j_printed", same_json),
        ksft_case("the_text_summary_shows_throughput_moments_and_13_percentiles", text_table),
        ksft_case("the_seed_is_kept", seed_kept),
        ksft_case("a_ramps_ios_are_completed_but_not_measured", ramp),
        ksft_case("randwrite_changes_whole_4k_blocks_only_inside_offset_span", placement),
        ksft_case("a_sequential_write_of_span_bs_ios_covers_the_span_exactly", seq_cover),
        ksft_case("sequential_reads_completed_merged_grow_by_the_ios", seq_read_counts),
        ksft_case("dry_run_run_sweep_a_kfile_run_precondition_checked_nothing_run_or_written",
              dry_run),
        ksft_case("repeat_3_three_runs_kept_their_spread_a_1000_checked", repeated),
        ksft_case("randwrite_qd3_over_an_8_gib_span_of_the_nvme_disk_valid_json", nvme_8g),
    ]


def main() -> None:
    ssdk_setup(nr_devices=1, irqmode=0, gb=16)
    if not brd_load(1, 8):
        ksft_skip_all("no brd")
    ksft_run_cleaned(cases(), unload=("null_blk", "brd"))


if __name__ == "__main__":
    main()
