#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
# ssdk-selftest: vm=main kernels=all time=20
"""ssdk ctl replay: a trace loaded into the module and replayed from the
kernel. Ground truth: the kernel's own blktrace of the replay, which
must hold the trace's reads and writes in its order; the block layer's
counts; and the module's refusals, each with its extack, spoken to by
the kernel's ynl library. The timing of a replay is ssdk_latency.py's
(under icount)."""

import faulthandler
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from lib import trace_loads
from lib.py import (
    REPO,
    blktrace,
    cli,
    cli_json,
    ksft_case,
    ksft_eq,
    ksft_ok,
    ksft_pr,
    ksft_refused,
    ksft_run_cleaned,
    ksft_true,
    nullb_load,
    require,
    run,
    runs_clear,
    ssdk,
    ssdk_setup,
    stat_kept,
    temp_dir,
    trace_same_order,
    writes_kept,
    ynl_family,
    ynl_lib,
)

DEV = "/dev/nullb0"
MIX = REPO / "traces/mix.iolog"
T = Path()


def replay_recorded(name: str, *opts: str) -> Any:
    """ssdk ctl replay OPTS -j while blktrace records the device
    (NAME.bin): the replay's JSON."""
    with blktrace(DEV, T / f"{name}.bin"):
        p = cli("-j", "ctl", "replay", "-q", "--target", DEV, *opts)
    ksft_ok(p)
    return json.loads(p.stdout)


def trace_loads_check() -> None:
    # A request the module never answers fails the program, saying where.
    faulthandler.dump_traceback_later(120, exit=True)
    try:
        bad = trace_loads.check(ynl_family(), ynl_family(), ynl_lib().NlError, DEV)
    finally:
        faulthandler.cancel_dump_traceback_later()
    ksft_eq(bad, [], "what went otherwise")
    runs_clear()


def write_refused() -> None:
    with writes_kept(DEV):
        ksft_refused(cli("ctl", "replay", "-q", "--target", DEV, "--trace", str(MIX)), 1,
                     "it writes, which destroys the target's data: it needs allow-write")


def timeless() -> None:
    f = T / "timeless.log"
    f.write_text("fio version 2 iolog\n/dev/x add\n/dev/x open\n/dev/x read 0 4096\n"
                 "/dev/x close\n")
    ksft_refused(cli("ctl", "replay", "-q", "--target", DEV, "--trace", str(f)), 2,
                 "no times to keep: --timing afap")


def afap_same_ios() -> None:
    """afap at iodepth 8: the kernel saw the trace's reads and writes, in
    its order, and the results count them as the trace's summary does."""
    j = replay_recorded("afap", "--trace", str(MIX), "--timing", "afap", "--iodepth", "8",
                        "--allow-write")
    trace_same_order(MIX, T / "afap.bin")
    s = cli_json("trace", "summary", str(MIX))
    ksft_eq((j["state"], j["completed"]), ("done", 2000))
    ksft_eq((j["read"]["ios"], j["write"]["ios"]),
            (s["ops"]["read"]["ios"], s["ops"]["write"]["ios"]), "reads, writes")
    ksft_eq(j["read"]["bytes"] + j["write"]["bytes"], s["bytes"], "bytes")
    ksft_true("lateness" not in j["read"], "no lateness in afap")


def chunks(*sizes: int) -> None:
    """Traces of N IOs each (ssdk trace make), replayed afap: each loads
    whole, in as many trace-load requests as its size needs, and the
    kernel's blktrace holds its reads and writes in its order."""
    for n in sizes:
        f = T / f"c{n}.iolog"
        ksft_ok(cli("trace", "make", "--out", str(f), "--ios", str(n), "--span", "1g",
                    "--rwmixread", "70", "--bs-split", "4k/80:64k/20", "--seed", str(n)))
        j = replay_recorded(f"c{n}", "--trace", str(f), "--timing", "afap", "--iodepth", "8",
                            "--allow-write")
        ksft_eq(j["completed"], n, f"a trace of {n} IOs")
        trace_same_order(f, T / f"c{n}.bin")


def chunks_small_sndbuf() -> None:
    """The same with the socket's send buffer capped by net.core.wmem_max
    at 8 KiB (16 KiB once the kernel doubles it): libssdk reads the room
    back and sends chunks that fit it."""
    wmem = Path("/proc/sys/net/core/wmem_max")
    was = wmem.read_text()
    wmem.write_text("8192\n")
    try:
        chunks(6000)
    finally:
        wmem.write_text(was)


def original_reports_lateness() -> None:
    """Original timing: an open loop, its lateness and response time
    reported."""
    j = cli_json("ctl", "replay", "-q", "--target", DEV, "--trace", str(MIX), "--iodepth", "8",
                 "--allow-write")
    ksft_eq((j["completed"], j["config"]["replay_timing"]), (2000, "original"))
    ksft_true(j["read"]["lateness"]["lat_ns"]["min"] >= 0, "lateness's min")
    ksft_true(j["read"]["response"]["lat_ns"]["min"] >= j["read"]["lat_ns"]["min"],
              "response time's min against service time's")
    runs_clear()


def remap_span() -> None:
    """A trace that reaches past a 1 GiB device: refused, naming its first
    IO that does; folded into the span instead, it replays whole, within
    it."""
    ksft_true(nullb_load(nr_devices=1, gb=1, irqmode=0, queue_mode=2), "null_blk of 1 GiB")
    with stat_kept(DEV):
        ksft_refused(cli("ctl", "replay", "-q", "--target", DEV, "--trace", str(MIX), "--timing",
                         "afap", "--allow-write"), 1,
                     r"trace IO [0-9]+ ends at [0-9]+, past the target \(1073741824 bytes\)")
    replay_recorded("folded", "--trace", str(MIX), "--timing", "afap", "--remap", "span",
                    "--offset", "64m", "--span", "512m", "--allow-write")
    ios = [io for io in ssdk.trace.ios(str(T / "folded.bin")) if io.op in ("read", "write")]
    within = [io for io in ios if 64 << 20 <= io.offset and io.offset + io.len <= 576 << 20]
    ksft_pr(f"{len(within)} of {len(ios)} IOs within the span")
    ksft_eq((len(ios), len(within)), (2000, 2000), "IOs, IOs within the span")
    runs_clear()


def mounted_refused() -> None:
    """A writing trace on a device with a filesystem mounted: refused as
    any writing run is (the device opened exclusively), nothing written."""
    ksft_true(nullb_load(nr_devices=1, gb=1, irqmode=0, queue_mode=2, memory_backed=1),
              "a memory-backed null_blk")
    ksft_ok(run(["mkfs.ext4", "-q", DEV]))
    mnt = T / "mnt"
    mnt.mkdir()
    ksft_ok(run(["mount", "-o", "ro", DEV, str(mnt)]))
    try:
        with writes_kept(DEV):
            ksft_refused(cli("ctl", "replay", "-q", "--target", DEV, "--trace", str(MIX),
                             "--timing", "afap", "--remap", "span", "--allow-write"), 1,
                         "target: in use")
    finally:
        run(["umount", str(mnt)])


def cases() -> list[Callable[[], None]]:
    return [
        ksft_case("trace_new_trace_load_over_one_socket_ynl_each_refusal_with_its_reason",
              trace_loads_check),
        ksft_case("a_trace_that_writes_without_allow_write_refused_nothing_written", write_refused),
        ksft_case("a_trace_without_times_refused_for_original_timing_afap_suggested", timeless),
        ksft_case("afap_at_iodepth_8_the_kernels_blktrace_holds_mix_iolog_in_its_order",
              afap_same_ios),
        ksft_case("traces_of_one_trace_load_chunk_and_past_it_2730_2731_6000_ios_replay_in_order",
              chunks, 2730, 2731, 6000),
        ksft_case("with_net_core_wmem_max_at_8_kib_a_6000_io_trace_loads_in_chunks_and_replays",
              chunks_small_sndbuf),
        ksft_case("original_timing_an_open_loop_its_lateness_and_response_time_reported",
              original_reports_lateness),
        ksft_case("past_a_1_gib_device_refused_naming_the_io_remap_span_every_io_within_the_span",
              remap_span),
        ksft_case("a_writing_trace_on_a_device_with_a_filesystem_mounted_refused_nothing_written",
              mounted_refused),
    ]


def main() -> None:
    global T
    ssdk_setup()
    require("blktrace")
    require("mkfs.ext4")
    ynl_lib()
    T = temp_dir()
    nullb_load(nr_devices=1, gb=16, irqmode=0, queue_mode=2)
    ksft_run_cleaned(cases())


if __name__ == "__main__":
    main()
