#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
# ssdk-selftest: vm=main kernels=all time=25
"""ssdk trace summary on traces that the real tools recorded of the same
runs: fio's own iolog (write_iolog) and the kernel's blktrace, captured
by Debian's blktrace while fio ran on null_blk. Ground truth: fio's own
counts, the block layer's counts (diskstats), and each recording against
the other. Then ssdk trace record: the same run recorded holds fio's
iolog's IOs, in order; one trace a device; teardown after signals;
refusals; dropped events."""

import fcntl
import grp
import json
import os
import re
import shutil
import signal
import subprocess
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from lib.py import (
    AS_NOBODY,
    CLI,
    REPO,
    KsftFailEx,
    blk_stat,
    blktrace,
    cli,
    cli_json,
    ksft_case,
    ksft_check,
    ksft_eq,
    ksft_ok,
    ksft_pr,
    ksft_refused,
    ksft_run_cleaned,
    ksft_true,
    nullb_load,
    require,
    run,
    ssdk_setup,
    temp_dir,
    trace_same_order,
)

DEV = "/dev/nullb0"
T = Path()
FIO = ["fio", "--name=t", f"--filename={DEV}", "--direct=1"]


def settle() -> None:
    """udev's events done, where there is udev (not in the VM's guest)."""
    if shutil.which("udevadm"):
        run(["udevadm", "settle"])


def record(name: str, *fio_args: str) -> None:
    """fio on DEV with its iolog (NAME.log), while blktrace records the
    device (NAME.bin); fio's JSON in NAME.json, and the device's reads
    and writes completed meanwhile in NAME.stat."""
    settle()
    r0, w0 = blk_stat(DEV, 1), blk_stat(DEV, 5)
    with blktrace(DEV, T / f"{name}.bin"):
        p = run([*FIO, "--randseed=7", "--output-format=json", f"--output={T}/{name}.json",
                 f"--write_iolog={T}/{name}.log", *fio_args], timeout=600)
    ksft_eq(p.returncode, 0, f"fio: {p.stderr}")
    (T / f"{name}.stat").write_text(json.dumps([blk_stat(DEV, 1) - r0, blk_stat(DEV, 5) - w0]))
    ksft_true((T / f"{name}.bin").stat().st_size > 0,
              (T / f"{name}.bin.err").read_text())


def summary_of(path: Path) -> Any:
    return cli_json("trace", "summary", str(path))


def iolog_counts(name: str) -> None:
    """The summary of NAME.log (fio's iolog): fio's counts of reads and
    writes, 4 KiB each, and the block layer's."""
    s = summary_of(T / f"{name}.log")
    job = json.loads((T / f"{name}.json").read_text())["jobs"][0]
    fio_r, fio_w = job["read"]["total_ios"], job["write"]["total_ios"]
    stat = json.loads((T / f"{name}.stat").read_text())
    ksft_pr(f"fio: {fio_r} reads, {fio_w} writes; diskstats: {stat}")
    ksft_eq(s["format"], "iolog3")
    ksft_eq((s["ops"]["read"]["ios"], s["ops"]["write"]["ios"], s["ios"]),
            (fio_r, fio_w, fio_r + fio_w), "the summary's reads, writes, IOs against fio's")
    ksft_eq([fio_r, fio_w], stat, "fio's reads, writes against diskstats'")
    ksft_eq(s["sizes"], [{"len": 4096, "ios": fio_r + fio_w}])


def same_ios(name: str) -> None:
    """The blktrace of the same run has the same IOs: ops, bytes, sizes,
    sequential ones, footprint and extent as fio's iolog."""
    a, b = summary_of(T / f"{name}.log"), summary_of(T / f"{name}.bin")
    ksft_eq((b["format"], b["has_qd"]), ("blktrace", True))
    keys = ("ops", "sizes", "sequential", "footprint", "lowest", "highest", "ios", "bytes")
    ksft_eq({k: b[k] for k in keys}, {k: a[k] for k in keys}, "blktrace against the iolog")


def depth_seen() -> None:
    """The depth each IO found as it arrived, itself included: psync has
    one IO in flight, so every IO finds 1; fio at iodepth 8 never has
    more than 8 in flight, and on a device of 500 us per IO it gets
    there."""
    psync, qd8 = summary_of(T / "psync.bin"), summary_of(T / "qd8.bin")
    ksft_pr(qd8["qd_ios"][:9])
    ksft_eq(psync["qd_ios"][0], psync["ios"], "psync's IOs at depth 1")
    ksft_true(not any(psync["qd_ios"][1:]), "psync's IOs deeper")
    ksft_true(not any(qd8["qd_ios"][8:]), "iodepth 8's IOs deeper than 8")
    ksft_true(qd8["qd_ios"][7] > 0, "iodepth 8's IOs at depth 8")
    ksft_eq(sum(qd8["qd_ios"]), qd8["ios"])


def cut_short() -> None:
    """Cut inside the last record: a relay sub-buffer's unfilled tail of
    zeros, which readers take for the end, may follow it."""
    data = (T / "qd8.bin").read_bytes().rstrip(b"\0")
    (T / "cut.bin").write_bytes(data[:-10])
    ksft_refused(cli("trace", "summary", str(T / "cut.bin")), 1,
                 "cut.bin: blktrace: byte [0-9]+: a record.* cut short")


def fio_replays_mix() -> None:
    """fio replays the shipped synthetic trace (traces/mix.iolog) onto the
    device: the block layer counts the bytes read and written that the
    trace's summary counts (its IOs may be split: null_blk's requests are
    at most 127.5 KiB by default)."""
    mix = REPO / "traces/mix.iolog"
    s = summary_of(mix)
    settle()
    r0, w0 = blk_stat(DEV, 3), blk_stat(DEV, 7)
    p = run(["fio", "--name=mix", f"--read_iolog={mix}", f"--replay_redirect={DEV}",
             "--replay_no_stall=1", "--direct=1", "--ioengine=psync", "--output-format=json",
             f"--output={T}/mix.json"], timeout=600)
    ksft_eq(p.returncode, 0, f"fio: {p.stderr}")
    ksft_eq((s["ops"]["read"]["bytes"], s["ops"]["write"]["bytes"]),
            (512 * (blk_stat(DEV, 3) - r0), 512 * (blk_stat(DEV, 7) - w0)),
            "bytes read, written against diskstats' sectors")


# --- ssdk trace record ----------------------------------------------------------


class Recording:
    """ssdk trace record of DEV into NAME.rec in the background, its JSON
    in NAME.rec.json and its stderr in NAME.rec.err; made once it says
    that it records."""

    def __init__(self, name: str, *opts: str) -> None:
        self.out, self.json, self.err = (T / f"{name}.rec{s}" for s in ("", ".json", ".err"))
        with open(self.json, "wb") as o, open(self.err, "wb") as e:
            self.proc = subprocess.Popen([CLI, "-j", "trace", "record", "--target", DEV,
                                          "--out", str(self.out), *opts], stdout=o, stderr=e)
        for _ in range(100):
            if "recording" in self.err.read_text().split("\n", 1)[0]:
                return
            if self.proc.poll() is not None:
                break
            time.sleep(0.1)
        raise KsftFailEx(f"ssdk trace record did not start: {self.err.read_text()}")

    def stop(self, sig: int) -> int:
        """Stopped by SIG: its exit status."""
        self.proc.send_signal(sig)
        return self.proc.wait(timeout=60)

    def result(self) -> Any:
        return json.loads(self.json.read_text())


def no_trace_left() -> None:
    """The device has no trace set up: the kernel says so, and its
    debugfs directory has no relay file."""
    name = DEV.removeprefix("/dev/")
    d = Path(f"/sys/kernel/debug/block/{name}")
    enable = Path(f"/sys/block/{name}/trace/enable").read_text().strip()
    ksft_true(enable == "0" and not (d / "trace0").exists(),
              f"a trace is left set up on {DEV}: {os.listdir(d) if d.is_dir() else ''}")


def record_psync() -> None:
    """fio's psync run of record() again, the same seed, while ssdk
    records the device; Ctrl-C ends the recording. Its IOs are fio's own
    iolog's, in its order, each found alone in flight; its counts are the
    block layer's; nothing dropped."""
    settle()
    r0, w0 = blk_stat(DEV, 1), blk_stat(DEV, 5)
    rec = Recording("rec")
    p = run([*FIO, "--randseed=7", "--output-format=json", f"--output={T}/rec.json",
             f"--write_iolog={T}/rec.log", "--rw=randrw", "--bs=4k", "--ioengine=psync",
             "--number_ios=1000", "--size=4g", "--norandommap"], timeout=600)
    ksft_eq(p.returncode, 0, f"fio: {p.stderr}")
    ksft_eq(rec.stop(signal.SIGINT), 0, rec.err.read_text())
    j = rec.result()
    ksft_pr(json.dumps(j))
    dump = cli_json("trace", "dump", str(rec.out))
    ksft_check("ios_as_iolog", dump, str(T / "rec.log"), 1)
    ksft_eq((j["ended"], j["dropped"], j["torn_bytes"], j["ios"]), ("signal", 0, 0, 1000))
    ksft_eq((j["ops"]["read"]["ios"], j["ops"]["write"]["ios"]),
            (blk_stat(DEV, 1) - r0, blk_stat(DEV, 5) - w0), "reads, writes against diskstats")
    ksft_true(j["events"] > 3 * j["ios"], "events, more than 3 an IO")
    ksft_eq(j["cpus"], len(os.sched_getaffinity(0)), "CPUs")
    no_trace_left()


def replay_recording() -> None:
    """The round trip's second half: the recording of the psync run
    replayed as fast as it goes onto a second device, which the kernel's
    blktrace must see receive the same IOs in the same order."""
    with blktrace("/dev/nullb1", T / "replayed.bin"):
        p = cli("ctl", "replay", "-q", "--target", "/dev/nullb1", "--trace", str(T / "rec.rec"),
                "--timing", "afap", "--iodepth", "8", "--allow-write")
    ksft_ok(p)
    trace_same_order(T / "rec.rec", T / "replayed.bin")


def record_busy() -> None:
    """One trace at a time on a device: ssdk trace record refuses while
    Debian's blktrace records, and while another ssdk trace record does;
    the refused one leaves no file, and the one recording goes on unharmed
    (SIGTERM ends it). (Debian's blktrace, refused, hangs, and when it is
    killed tears the trace it was refused down.) A trace torn down by
    another process while recording is said, and no file is left. One
    that SIGKILL left set up is refused with the way to remove it, which
    does."""
    busy = f"^ssdk: --target {DEV}: a trace is set up on it already: another blktrace"
    second = ["trace", "record", "--target", DEV, "--out", str(T / "second.rec")]
    with blktrace(DEV, None):
        ksft_refused(cli(*second), 1, busy)
    rec = Recording("busy")
    ksft_refused(cli(*second), 1, busy)
    ksft_eq(run([*FIO, "--rw=read", "--bs=4k", "--ioengine=psync", "--number_ios=100",
                 "--size=1m", "--output=/dev/null"]).returncode, 0, "fio")
    ksft_eq(rec.stop(signal.SIGTERM), 0, "exit status after SIGTERM")
    j = rec.result()
    ksft_eq((j["ended"], j["ops"]["read"]["ios"]), ("signal", 100))
    no_trace_left()
    gone = Recording("gone")
    # BLKTRACETEARDOWN, _IO(0x12, 118), from another process.
    fd = os.open(DEV, os.O_RDONLY)
    try:
        fcntl.ioctl(fd, 0x1276)
    finally:
        os.close(fd)
    rc = gone.stop(signal.SIGINT)
    err = gone.err.read_text()
    ksft_pr(err.rstrip())
    ksft_eq(rc, 1, "exit status of the torn-down recording")
    ksft_true(f"ssdk: --target {DEV}: its trace was torn down by another process while "
              "recording" in err.splitlines(), "torn down, said")
    left = [f for f in os.listdir(T) if re.match(r"^(second|gone)\.rec($|\.tmp)", f)]
    ksft_eq(left, [], "files left")
    no_trace_left()
    # SIGKILL leaves the trace set up: refused, until the remedy said.
    killed = Recording("killed")
    killed.stop(signal.SIGKILL)
    ksft_refused(cli(*second), 1, r"died before tearing it down \(echo 0 >(/sys/dev/block/"
                 r"[0-9:]+/trace/enable) does\)$")
    st = os.stat(DEV)
    Path(f"/sys/dev/block/{os.major(st.st_rdev)}:{os.minor(st.st_rdev)}/trace/enable"
         ).write_text("0\n")
    no_trace_left()


def record_duration() -> None:
    """--duration ends a recording by itself; the trace torn down after
    each recording above, ssdk's and Debian's blktrace record again."""
    p = cli("-j", "trace", "record", "--target", DEV, "--out", str(T / "dur.rec"), "--duration",
            "1s")
    ksft_ok(p)
    j = json.loads(p.stdout)
    ksft_eq((j["ended"], j["ios"]), ("duration", 0))
    ksft_true(1e9 <= j["duration_ns"] < 3e9, f"duration {j['duration_ns']} ns")
    no_trace_left()
    bt = subprocess.run(["blktrace", "-d", DEV, "-w", "1", "-o", "-"], stdout=subprocess.DEVNULL,
                        stderr=subprocess.DEVNULL, timeout=60, check=False)
    ksft_eq(bt.returncode, 0, "blktrace -w 1")
    no_trace_left()


def record_refusals() -> None:
    """What cannot be recorded is refused in one line, before any trace is
    set up, and no file is left: a file or a character device for a
    target, a bad --duration or --buffer, no such directory for --out,
    nobody (who may not open the device), a member of the disk group (who
    may, but may not read debugfs)."""
    disk_gid = grp.getgrnam("disk").gr_gid
    disk = ["setpriv", "--reuid=65534", "--regid=65534", f"--groups={disk_gid}"]
    out = str(T / "refused.rec")
    (T / "plain").write_text("")
    os.chown(DEV, -1, disk_gid)
    os.chmod(DEV, os.stat(DEV).st_mode | 0o040)

    def rec(*args: str, who: list[str] | None = None, out: str = out) -> Any:
        return cli("trace", "record", *args, "--out", out, who=who or [])

    ksft_refused(rec("--target", "/dev/null"), 1, "^ssdk: --target /dev/null: not a block device$")
    ksft_refused(rec("--target", str(T / "plain")), 1,
                 f"^ssdk: --target {T}/plain: not a block device$")
    ksft_refused(rec("--target", "/dev/nonesuch"), 1,
                 "^ssdk: --target /dev/nonesuch: No such file or directory$")
    ksft_refused(rec("--target", DEV, "--duration", "0"), 2,
                 "^ssdk: --duration: '0' is not a duration")
    ksft_refused(rec("--target", DEV, "--duration", "5x"), 2,
                 "^ssdk: --duration: '5x' is not a duration")
    ksft_refused(rec("--target", DEV, "--buffer", "1k"), 2,
                 "^ssdk: --buffer: '1k' is not a size from 64k to 1g")
    ksft_refused(rec("--target", DEV, out=str(T / "none/t.rec")), 1,
                 f"^ssdk: --out {T}/none/t.rec: No such file or directory$")
    ksft_refused(rec("--target", DEV, who=AS_NOBODY, out="/tmp/nobody.rec"), 1,
                 rf"^ssdk: --target {DEV}: Permission denied \(recording needs root\)$")
    ksft_refused(rec("--target", DEV, who=disk, out="/tmp/disk.rec"), 1,
                 r"^ssdk: /sys/kernel/debug/block: Permission denied \(recording needs root\)$")
    left = [f for d in (T, Path("/tmp")) for f in os.listdir(d)
            if re.match(r"^(refused|nobody|disk)\.rec", f)]
    ksft_eq(left, [], "files left")
    no_trace_left()


def record_drops() -> None:
    """The recorder stopped (SIGSTOP) while fio runs: the kernel's
    buffers, 64 KiB a CPU, fill and it drops events. The recording says
    so on stderr and counts them, and keeps the file, which reads."""
    rec = Recording("drop", "--buffer", "64k")
    rec.proc.send_signal(signal.SIGSTOP)
    run([*FIO, "--rw=randread", "--bs=4k", "--ioengine=psync", "--number_ios=2000",
         "--size=1g", "--output=/dev/null"], timeout=600)
    rec.proc.send_signal(signal.SIGCONT)
    ksft_eq(rec.stop(signal.SIGINT), 0, "exit status")
    err = rec.err.read_text()
    ksft_pr(err.rstrip())
    ksft_true("events dropped (the kernel's buffers were full)" in err, "drops said")
    j = rec.result()
    ksft_true(j["dropped"] > 0 and 0 < j["ios"] < 2000,
              f"dropped {j['dropped']}, {j['ios']} IOs")
    summary_of(rec.out)
    no_trace_left()


def cases() -> list[Callable[[], None]]:
    def psync() -> None:
        record("psync", "--rw=randrw", "--bs=4k", "--ioengine=psync", "--number_ios=1000",
               "--size=4g", "--norandommap")
        iolog_counts("psync")

    def qd8() -> None:
        record("qd8", "--rw=randread", "--bs=4k", "--ioengine=libaio", "--iodepth=8",
               "--number_ios=1000", "--size=4g", "--norandommap")
        depth_seen()

    return [
        ksft_case("fios_iolog_of_1000_psync_ios_its_reads_and_writes_as_fio_and_diskstats_count",
              psync),
        ksft_case("blktrace_of_the_same_run_the_same_ios_as_fios_iolog", same_ios, "psync"),
        ksft_case("the_depths_seen_in_the_blktraces_1_for_every_psync_io_at_iodepth_8_up_to_8",
              qd8),
        ksft_case("fios_iolog_of_it_its_reads_as_fio_and_diskstats_count_them", iolog_counts,
              "qd8"),
        ksft_case("a_blktrace_cut_short_refused_with_the_byte_where_it_went_wrong_exit_1",
              cut_short),
        ksft_case("fio_replays_traces_mix_iolog_diskstats_count_its_bytes_read_and_written",
              fio_replays_mix),
        ksft_case("ssdk_trace_record_of_the_psync_run_ctrl_c_fios_iolog_ios_in_order_at_depth_1",
              record_psync),
        ksft_case("that_recording_replayed_afap_onto_a_second_device_the_same_ios_in_order",
              replay_recording),
        ksft_case("one_trace_a_device_refused_while_another_records_or_after_sigkill_torn_down",
              record_busy),
        ksft_case("duration_ends_a_recording_after_signals_ssdk_and_blktrace_record_again",
              record_duration),
        ksft_case("refusals_no_block_device_bad_values_nobody_the_disk_group_no_file_no_trace",
              record_refusals),
        ksft_case("events_dropped_the_recorder_stopped_said_and_counted_the_file_kept_and_read",
              record_drops),
    ]


def main() -> None:
    global T
    ssdk_setup()
    require("blktrace")
    require("fio")
    T = temp_dir()
    T.chmod(0o755)
    if not os.path.ismount("/sys/kernel/debug"):
        run(["mount", "-t", "debugfs", "none", "/sys/kernel/debug"])
    nullb_load(nr_devices=2, gb=8, irqmode=2, completion_nsec=500000, queue_mode=2,
               hw_queue_depth=64)
    ksft_run_cleaned(cases())


if __name__ == "__main__":
    main()
