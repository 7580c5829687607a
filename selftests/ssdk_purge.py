#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
# ssdk-selftest: vm=beside kernels=all time=60
"""Purge runs (ssdk ctl purge), against ground truth: a span between two
flanks of random data is purged; the span then reads back as zeros where
the device guarantees it (null_blk memory-backed discard frees the
pages; write-zeroes zeroes), the flanks hold what they held (sha256),
and the block layer's own counters (/sys/block/*/stat) account for the
span exactly. A method the device lacks, a purge without consent, of a
mounted device, past the end or with IO options is refused and changes
nothing. A purge stopped mid-way stops after its chunk, says how far it
got, and the module unloads. ATA secure erase, which QEMU's SATA disk
lacks (no security feature set in its IDENTIFY), is refused there, on a
null_blk and on an NVMe disk, and nothing is written."""

import contextlib
import hashlib
import json
import mmap
import os
import subprocess
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from lib import pattern
from lib.py import (
    CLI,
    KsftFailEx,
    KsftSkipEx,
    blk_stat,
    brd_load,
    brd_unload,
    cli,
    cli_json,
    dev_sectors,
    dm_delay,
    dm_linear,
    dm_remove,
    ksft_bail,
    ksft_case,
    ksft_check,
    ksft_eq,
    ksft_exit,
    ksft_ok,
    ksft_pr,
    ksft_refused,
    ksft_run,
    ksft_skip_all,
    ksft_true,
    module_load,
    module_unload,
    nullb_load,
    nullb_make,
    nullb_remove,
    nvme_disk,
    output,
    run,
    run_count,
    runs_clear,
    sata_disk,
    ssdk,
    ssdk_setup_fresh,
    stat_kept,
    temp_dir,
    ynl,
)

MIB = 1 << 20
OFF = 8 << 20
LEN = 16 << 20
DEVS: dict[str, str] = {}


def nvme() -> str:
    """The VM's NVMe disk; a failure when there is none."""
    if not DEVS.get("nvme"):
        raise KsftFailEx("no NVMe disk")
    return DEVS["nvme"]


def sata() -> str:
    """The VM's SATA disk (vm-run --disk ahci:SIZE); the case skips without."""
    if not DEVS.get("sata"):
        raise KsftSkipEx("no SATA disk: vm-run --disk ahci:SIZE")
    return DEVS["sata"]


# --- the bytes ---------------------------------------------------------------


def read_direct(dev: str, off: int, length: int) -> bytes:
    """LENGTH bytes of DEV from OFF (whole MiBs), read with O_DIRECT."""
    out = bytearray()
    with mmap.mmap(-1, MIB) as buf:
        fd = os.open(dev, os.O_RDONLY | os.O_DIRECT)
        try:
            for at in range(off, off + length, MIB):
                n = os.preadv(fd, [buf], at)
                ksft_eq(n, MIB, f"read of {dev} at {at}")
                out += buf[:n]
        finally:
            os.close(fd)
    return bytes(out)


def random_at(dev: str, off: int, mib: int) -> None:
    """MIB MiB of random data on DEV from OFF (dd oflag=direct)."""
    ksft_ok(run(["dd", "if=/dev/urandom", f"of={dev}", "bs=1M", f"seek={off // MIB}",
                 f"count={mib}", "oflag=direct", "status=none"]))


def flank_sums(dev: str, off: int, length: int) -> str:
    """sha256 of the MiB before [OFF, OFF + LEN) on DEV and of the one after."""
    return hashlib.sha256(read_direct(dev, off - MIB, MIB) +
                          read_direct(dev, off + length, MIB)).hexdigest()


def flanks(dev: str, off: int, length: int) -> str:
    """Random data over [OFF - 1M, OFF + LEN + 1M); the flanks' sha256."""
    random_at(dev, off - MIB, length // MIB + 2)
    return flank_sums(dev, off, length)


def zeros(dev: str, off: int, length: int) -> bool:
    """[OFF, OFF + LEN) of DEV reads back as zeros."""
    return read_direct(dev, off, length) == bytes(length)


def purge_json(*opts: str) -> object:
    return cli_json("ctl", "purge", *opts, "--allow-write", "-q")


# --- purges of a span ---------------------------------------------------------


def purge_discard() -> None:
    """discard on a memory-backed null_blk: zeros, flanks kept, 32768
    sectors discarded."""
    nb = DEVS["nb"]
    sums = flanks(nb, OFF, LEN)
    d0 = blk_stat(nb, 14)
    j = purge_json("--target", nb, "--method", "discard", "--offset", str(OFF), "--span",
                   str(LEN))
    ksft_check("fields", j, "state=done", "config.purge=discard", "write.ios=1",
               f"write.bytes={LEN}")
    ksft_true(zeros(nb, OFF, LEN), "the span reads zeros")
    ksft_eq(flank_sums(nb, OFF, LEN), sums, "the flanks' sha256")
    ksft_eq(blk_stat(nb, 14) - d0, LEN // 512, "sectors discarded")


def purge_blocks() -> None:
    """A span of no whole logical blocks: a null_blk of 4 KiB blocks,
    stamped sector by sector. At the limit (16 MiB + 4 KiB) the span
    alone changes, whole, and the discard counter says so; one 512-byte
    sector more or one byte more is refused naming span, and nothing
    changes. (A last chunk of part of a block failed in the block layer;
    on 512-byte blocks, a tail below a sector was counted but not
    purged.)"""
    at = LEN + 4096
    dev = nullb_make("ssdk-purge4k", 64, memory_backed=1, discard=1, blocksize=4096)
    try:
        pattern.fill(dev)
        d0 = blk_stat(dev, 14)
        for target, span in ((dev, at + 512), (dev, at + 1), (DEVS["nb"], at + 1)):
            ksft_refused(cli("ctl", "purge", "--target", target, "--method", "discard",
                             "--offset", str(OFF), "--span", str(span), "--allow-write"), 1,
                         "span: a purge's, not a multiple" +
                         (" of the target's logical block size" if span == at + 512 else ""))
        r = pattern.runs(dev)
        ksft_pr(f"after the refusals: {r}")
        ksft_eq(r, [], "changed runs after the refusals")
        ksft_eq(blk_stat(dev, 14) - d0, 0, "sectors discarded by the refusals")
        j = purge_json("--target", dev, "--method", "discard", "--offset", str(OFF), "--span",
                       str(at))
        ksft_check("fields", j, "state=done", "write.ios=1", f"write.bytes={at}")
        r = pattern.runs(dev)
        ksft_pr(f"after a purge of {at} bytes: {r}")
        ksft_eq(r, [[OFF, at]], "changed runs after the purge")
        ksft_eq(blk_stat(dev, 14) - d0, at // 512, "sectors discarded")
    finally:
        runs_clear()
        nullb_remove("ssdk-purge4k")


# --- refused, nothing changed --------------------------------------------------


def refused_kept(status: int, pat: str, *args: str) -> None:
    """ssdk ARGS exits STATUS saying PAT; the null_blk's counters do not
    move."""
    with stat_kept(DEVS["nb"]):
        ksft_refused(cli(*args), status, pat)


def purge_refused(status: int, pat: str, *opts: str) -> None:
    """ssdk ctl purge of the null_blk with OPTS, refused, its counters kept."""
    refused_kept(status, pat, "ctl", "purge", "--target", DEVS["nb"], *opts)


def ynl_refused() -> None:
    """The CLI takes no option of IO for a purge; the module refuses its
    attributes."""
    with stat_kept(DEVS["nb"]):
        ksft_refused(ynl("--do", "run-start", "--json",
                         json.dumps({"target": DEVS["nb"], "purge": "discard",
                                     "rw": "randwrite", "allow-write": True})), 1,
                     "not with purge: a purge covers its span once, in chunks")


def mounted(tmp: Path) -> None:
    mnt = tmp / "mnt"
    mnt.mkdir(exist_ok=True)
    ksft_true(brd_load(1), "brd")
    ksft_eq(run(["mkfs.ext4", "-q", "/dev/ram0"]).returncode, 0, "mkfs.ext4")
    ksft_eq(run(["mount", "/dev/ram0", str(mnt)]).returncode, 0, "mount")
    try:
        ksft_refused(cli("ctl", "purge", "--target", "/dev/ram0", "--method", "discard",
                         "--allow-write"), 1, "target: in use")
    finally:
        run(["umount", str(mnt)])


# --- the NVMe disk ------------------------------------------------------------


def nvme_zeroes() -> None:
    """The emulated NVMe disk: write-zeroes zeroes the span and counts as
    writes of it."""
    dev = nvme()
    try:
        sums = flanks(dev, OFF, LEN)
        w0 = blk_stat(dev, 7)
        j = purge_json("--target", dev, "--method", "write-zeroes", "--offset", str(OFF),
                       "--span", str(LEN))
        ksft_check("fields", j, "state=done", "config.purge=write-zeroes", f"write.bytes={LEN}")
        ksft_true(zeros(dev, OFF, LEN), "the span reads zeros")
        ksft_eq(flank_sums(dev, OFF, LEN), sums, "the flanks' sha256")
        ksft_eq(blk_stat(dev, 7) - w0, LEN // 512, "sectors written")
    finally:
        runs_clear()


def nvme_discard() -> None:
    """Discard on the NVMe disk: the counter is exact; what the span then
    reads is the device's to say (QEMU's deallocate reads zeros: said,
    not asserted)."""
    dev = nvme()
    try:
        flanks(dev, OFF, LEN)
        d0 = blk_stat(dev, 14)
        ksft_ok(cli("ctl", "purge", "--target", dev, "--method", "discard", "--offset",
                    str(OFF), "--span", str(LEN), "--allow-write", "-q"))
        ksft_eq(blk_stat(dev, 14) - d0, LEN // 512, "sectors discarded")
    finally:
        runs_clear()
    does = "reads" if zeros(dev, OFF, LEN) else "does not read"
    ksft_pr(f"the NVMe disk {does} zeros after a discard")


# Purges by the drive. QEMU's NVMe controller has Format NVM (user data
# erase, per namespace), neither its cryptographic erase nor Sanitize.


def stamp_places(dev: str) -> list[int]:
    """Where a MiB of DEV is stamped: its start, middle, end."""
    size = dev_sectors(dev) * 512
    return [0, size // 2, size - MIB]


def stamps(dev: str) -> None:
    """Random data at DEV's stamp places."""
    for at in stamp_places(dev):
        random_at(dev, at, 1)


def stamp_sums(dev: str) -> str:
    return hashlib.sha256(b"".join(read_direct(dev, at, MIB)
                                   for at in stamp_places(dev))).hexdigest()


def nvme_format() -> None:
    """nvme-format: the whole namespace reads zeros where it held data."""
    dev = nvme()
    stamps(dev)
    lbs = run(["blockdev", "--getss", dev]).stdout.strip()
    j = cli_json("ctl", "purge", "--target", dev, "--method", "nvme-format", "--allow-write",
                 "-q")
    # The namespace's own format kept: its logical block size.
    ksft_eq(run(["blockdev", "--getss", dev]).stdout.strip(), lbs, "logical block size")
    ksft_pr(f"elapsed_ns: {j['steps'][0]['elapsed_ns']}")
    ksft_check("fields", j, "purge=nvme-format", "state=done", "steps.0.state=done",
               f"steps.0.bytes={dev_sectors(dev) * 512}")
    for at in stamp_places(dev):
        ksft_true(zeros(dev, at, MIB), f"zeros at {at}")


@contextlib.contextmanager
def nvme_unchanged() -> Iterator[None]:
    """The NVMe disk's stamped places do not change while the block runs."""
    dev = nvme()
    stamps(dev)
    before = stamp_sums(dev)
    yield
    ksft_eq(stamp_sums(dev), before, "the disk changed")


def nvme_refused(status: int, pat: str, *opts: str) -> None:
    """ssdk ctl purge of the NVMe disk with OPTS, refused, its stamps kept."""
    with nvme_unchanged():
        ksft_refused(cli("ctl", "purge", "--target", nvme(), *opts), status, pat)


def nvme_mounted(tmp: Path) -> None:
    dev = nvme()
    mnt = tmp / "mnt-nvme"
    mnt.mkdir(exist_ok=True)
    ksft_eq(run(["mkfs.ext4", "-q", "-F", dev]).returncode, 0, "mkfs.ext4")
    ksft_eq(run(["mount", dev, str(mnt)]).returncode, 0, "mount")
    try:
        ksft_refused(cli("ctl", "purge", "--target", dev, "--method", "nvme-format",
                         "--allow-write"), 1, rf"target: {dev}: in use \(mounted or held\)")
    finally:
        # Still the filesystem it was: the format never ran.
        ksft_eq(run(["umount", str(mnt)]).returncode, 0, "umount")
        p = run(["fsck.ext4", "-n", dev])
        ksft_eq(p.returncode, 0, f"the filesystem is gone: {output(p)}")


# --- ATA secure erase ----------------------------------------------------------
# QEMU's IDE and AHCI disk has no ATA Security feature set: its IDENTIFY
# sets neither word 82 bit 1 nor word 128 (hw/ide/core.c ide_identify()),
# and it aborts SECURITY SET PASSWORD, ERASE PREPARE and ERASE UNIT (no
# 0xf1-0xf4 in ide_cmd_table). What runs here is the refusal, after a
# real IDENTIFY through libata's SCSI-to-ATA translation; the commands'
# bytes are checked on the host (userspace/tests/ata_erase_test.c).


def sata_refused(status: int, pat: str, *opts: str) -> None:
    """ssdk ctl purge of the SATA disk with OPTS, refused: its block layer
    counters do not move (no read, no write) and its stamps read back."""
    dev = sata()
    stamps(dev)
    before = stamp_sums(dev)
    with stat_kept(dev):
        ksft_refused(cli("ctl", "purge", "--target", dev, *opts), status, pat)
    ksft_eq(stamp_sums(dev), before, "the disk changed")


def sata_no_security(method: str) -> None:
    """METHOD of QEMU's SATA disk: refused in one line, IDENTIFY's words named."""
    sata_refused(1, f"^ssdk: {method}: the drive has no ATA Security feature set "
                 r"\(IDENTIFY word 82 bit 1, word 128 bit 0\)$", "--method", method,
                 "--allow-write")


def sata_stacked() -> None:
    """ata-secure-erase of a dm-linear over the SATA disk: refused before
    any command (device-mapper passes SG_IO on to the disk under it), the
    disk's counters kept."""
    dev = sata()
    linear = dm_linear("ssdk-purge-ata", dev)
    try:
        with stat_kept(dev):
            ksft_refused(cli("ctl", "purge", "--target", linear, "--method", "ata-secure-erase",
                             "--allow-write"), 1,
                         f"ata-secure-erase: {linear} is no drive's own block device")
    finally:
        dm_remove("ssdk-purge-ata")


# --- stopped ------------------------------------------------------------------


def stopped(tmp: Path) -> None:
    """64 GiB (memory-backed, but nothing written: nothing allocated)
    behind dm-delay of 100 ms a bio: 64 chunks of 1 GiB, from some 100 ms
    to seconds each as kernels split a discard, stopped once the first is
    done: the run ends stopped, says how far it got in whole chunks, and
    the module unloads."""
    big = nullb_make("ssdk-purge-big", 65536, memory_backed=1, discard=1)
    slow = dm_delay("ssdk-purge-slow", big, 100)
    out, err = tmp / "stopped.json", tmp / "stopped.err"
    with open(out, "w", encoding="utf-8") as f, open(err, "w", encoding="utf-8") as e:
        proc = subprocess.Popen([CLI, "-j", "ctl", "purge", "--target", slow, "--method",
                                 "discard", "--allow-write", "-q"], stdout=f, stderr=e)
    try:
        ids: list[int] = []
        with ssdk.Controller() as ctl:
            for _ in range(300):
                time.sleep(0.1)
                ids = [r.id for r in ctl.list() if r.state == "running" and r.completed >= 1]
                if ids:
                    break
        p = run(["timeout", "60", CLI, "ctl", "stop", *(str(i) for i in ids[:1])], timeout=90)
        ksft_pr(f"ssdk ctl stop {ids}: exit {p.returncode}")
        proc.wait(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    if err.read_text().strip():
        ksft_pr(err.read_text().strip())
    j = json.loads(out.read_text())
    w = j["write"]
    ksft_pr((j["state"], w["ios"], w["bytes"], w["errors"], j["elapsed_ns"]))
    ksft_check("fields", j, "state=stopped", "write.errors=0")
    ksft_true(1 <= w["ios"] < 64 and w["bytes"] == w["ios"] << 30,
              "1 <= write.ios < 64, write.bytes whole GiBs of them")


def reload() -> None:
    runs_clear()
    dm_remove("ssdk-purge-slow")
    ksft_true(module_unload() and module_load(), "the module unloaded and loaded")


def cases(tmp: Path) -> list[Callable[[], None]]:
    nb = DEVS["nb"]
    return [
        ksft_case("discard_of_null_blk_the_span_reads_zeros_the_flanks_kept_the_discard_"
                  "counter_exact", purge_discard),
        ksft_case("4_kib_blocks_a_span_of_whole_blocks_purged_exactly_512_b_or_1_b_past_"
                  "refused_span", purge_blocks),
        ksft_case("write_zeroes_where_the_device_has_none", purge_refused, 1,
                  "purge: no write-zeroes: write_zeroes_max_bytes is 0", "--method",
                  "write-zeroes", "--allow-write"),
        ksft_case("secure_discard_where_the_device_has_none", purge_refused, 1,
                  "purge: no secure discard: max_secure_erase_sectors is 0", "--method",
                  "secure-discard", "--allow-write"),
        ksft_case("a_purge_without_consent", purge_refused, 1,
                  "purge: destroys the span's data: it needs allow-write", "--method",
                  "discard"),
        ksft_case("a_span_past_the_end", purge_refused, 1, "span: goes beyond the end",
                  "--method", "discard", "--span", "1g", "--allow-write"),
        ksft_case("io_options_with_a_purge_not_purges_the_cli", purge_refused, 2,
                  "ctl purge: --rw does not apply to purge", "--method", "discard", "--rw",
                  "randwrite", "--allow-write"),
        ksft_case("io_attributes_with_a_purge_refused_by_the_module_ynl", ynl_refused),
        ksft_case("an_unknown_method",
                  lambda: ksft_refused(cli("ctl", "purge", "--target", nb, "--method", "trim",
                                           "--allow-write"), 2,
                                       "--method: 'trim' is none of discard, secure-discard, "
                                       "write-zeroes")),
        ksft_case("method_is_ssdk_ctl_purges",
                  lambda: ksft_refused(cli("ctl", "run", "--target", nb, "--method", "discard",
                                           "--runtime", "1s"), 2,
                                       "ctl run: --method does not apply to run")),
        ksft_case("a_mounted_device_is_refused", mounted, tmp),
        ksft_case("no_refused_purge_made_a_run", lambda: ksft_eq(run_count(), 0, "runs")),
        ksft_case("write_zeroes_of_the_nvme_disk_zeros_the_flanks_kept_the_written_sectors_exact",
                  nvme_zeroes),
        ksft_case("discard_of_the_nvme_disk_the_discard_counter_exact", nvme_discard),
        ksft_case("nvme_format_of_the_nvme_disk_its_start_middle_and_end_read_zeros",
                  nvme_format),
        ksft_case("nvme_sanitize_block_where_the_controller_has_no_sanitize", nvme_refused, 1,
                  "nvme-sanitize-block: no sanitize block erase: the controller's SANICAP is 0",
                  "--method", "nvme-sanitize-block", "--allow-write"),
        ksft_case("nvme_format_crypto_where_format_nvm_has_no_cryptographic_erase",
                  nvme_refused, 1,
                  "nvme-format-crypto: no cryptographic erase: the controller's FNA bit 2 is 0",
                  "--method", "nvme-format-crypto", "--allow-write"),
        ksft_case("nvme_format_of_what_is_no_nvme_namespace", purge_refused, 1,
                  f"nvme-format: {nb} is not an NVMe namespace", "--method", "nvme-format",
                  "--allow-write"),
        ksft_case("nvme_format_of_a_span", nvme_refused, 2,
                  "span: not with nvme-format, which erases the whole namespace", "--method",
                  "nvme-format", "--span", "1g", "--allow-write"),
        ksft_case("nvme_format_without_consent", nvme_refused, 1,
                  "nvme-format: destroys the whole namespace's data: it needs --allow-write",
                  "--method", "nvme-format"),
        ksft_case("nvme_format_of_a_mounted_namespace_is_refused_its_filesystem_kept",
                  nvme_mounted, tmp),
        ksft_case("ata_secure_erase_of_the_sata_disk_which_has_no_security_feature_set",
                  sata_no_security, "ata-secure-erase"),
        ksft_case("ata_secure_erase_enhanced_of_the_sata_disk_which_has_no_security_feature_set",
                  sata_no_security, "ata-secure-erase-enhanced"),
        ksft_case("ata_secure_erase_without_consent", sata_refused, 1,
                  "ata-secure-erase: destroys the whole drive's data: it needs --allow-write",
                  "--method", "ata-secure-erase"),
        ksft_case("ata_secure_erase_of_a_span", sata_refused, 2,
                  "span: not with ata-secure-erase, which erases the whole drive", "--method",
                  "ata-secure-erase", "--span", "1m", "--allow-write"),
        ksft_case("ata_secure_erase_of_a_null_blk_no_drives_own_device", purge_refused, 1,
                  f"ata-secure-erase: {nb} is no drive's own block device", "--method",
                  "ata-secure-erase", "--allow-write"),
        ksft_case("ata_secure_erase_of_a_dm_linear_over_the_sata_disk", sata_stacked),
        ksft_case("ata_secure_erase_of_the_nvme_disk_no_ata_drive", nvme_refused, 1,
                  "ata-secure-erase-enhanced: /dev/nvme[0-9n]+ is not an ATA drive",
                  "--method", "ata-secure-erase-enhanced", "--allow-write"),
        ksft_case("a_purge_stopped_mid_way_stopped_after_its_chunk_whole_chunks_counted",
                  stopped, tmp),
        ksft_case("the_module_unloads_after_a_stopped_purge", reload),
    ]


def main() -> None:
    ssdk_setup_fresh()
    if not nullb_load(nr_devices=0):
        ksft_skip_all("no null_blk")
    tmp = temp_dir()
    try:
        try:
            DEVS["nb"] = nullb_make("ssdk-purge", 256, memory_backed=1, discard=1)
        except OSError as e:
            ksft_bail(f"no configfs null_blk: {e}")
        DEVS["nvme"] = nvme_disk() or ""
        DEVS["sata"] = sata_disk() or ""
        ksft_run(cases(tmp))
    finally:
        module_load()
        runs_clear()
        dm_remove("ssdk-purge-slow")
        dm_remove("ssdk-purge-ata")
        nullb_remove("ssdk-purge", "ssdk-purge-big", "ssdk-purge4k")
        brd_unload()
        run(["rmmod", "null_blk"])
    ksft_exit()


if __name__ == "__main__":
    main()
