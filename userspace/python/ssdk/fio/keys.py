# SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause
"""What ssdk does with each fio option: the one table (``KEYS``), and a job
turned into ``ssdk ctl run``'s options (``translate()``).

An option is ``RUN`` (it becomes an option of ``ssdk ctl run``: the
table says which), ``ORDER`` (when and how often the job runs: numjobs,
stonewall...), ``SAID`` (accepted, no effect on what ssdk measures, and
the output says so) or, by default, refused: a job using a fio option
the table does not name is refused before anything runs, naming the
option, its file and line, and why. A key that is no option of fio
3.33 (``names.py``) is refused as fio refuses it. Documentation/
userspace/fio.rst is this table.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from . import names, values
from .jobfile import Job, Option
from .options import canonical


class Use(enum.Enum):
    RUN = "run"  # an option of ssdk ctl run
    ORDER = "order"  # when and how often the job runs
    SAID = "said"  # accepted; no effect on what ssdk measures: said


@dataclass(frozen=True)
class Key:
    use: Use
    what: str  # what ssdk does with it


# The fio ioengines ssdk runs a job of, and how: their IO through the
# in-kernel engine (bios on a device, kfile on a file).
ENGINES = ("libaio", "io_uring", "psync", "sync", "pvsync", "pvsync2", "vsync", "posixaio")

KEYS: dict[str, Key] = {
    "name": Key(Use.SAID, "the job's name, as fio's"),
    "description": Key(Use.SAID, "shown with the job"),
    "filename": Key(Use.RUN, "--target: a block device (engine bio) or a regular file"
                    " (engine kfile); one name (fio's a:b, several files, refused)"),
    "ioengine": Key(Use.RUN, "libaio, io_uring, psync, sync, pvsync, pvsync2, vsync and"
                    " posixaio: ssdk's in-kernel engine, bio on a device, kfile on a file"
                    " (said in the output); any other refused"),
    "rw": Key(Use.RUN, "--rw: read, write, randread, randwrite, rw/readwrite, randrw;"
              " a sequential one's :N skip is --stride bs+N; trims refused"),
    "bs": Key(Use.RUN, "--bs: one size (fio's read,write pair only when both are equal)"),
    "bssplit": Key(Use.RUN, "--bssplit: one list for reads and writes, the same form"),
    "bsrange": Key(Use.RUN, "--bssplit of the multiples of its least size up to its greatest,"
                   " each as often (fio's draw, io_u.c), at most 16 sizes; shares of 100"
                   " that do not divide evenly differ by 1% (said). fio's random map"
                   " (random IO without norandommap) cuts IOs short where they meet used"
                   " blocks: its sizes lean small (4k-16k: 31%, 26%, 23%, 20%)"),
    "iodepth": Key(Use.RUN, "--iodepth"),
    "rwmixread": Key(Use.RUN, "--rwmixread"),
    "rwmixwrite": Key(Use.RUN, "--rwmixread 100-N"),
    "size": Key(Use.RUN, "--span (a size, or N% of the target); without time_based the"
                " job ends after that many bytes: --ios of them at one bs"),
    "io_size": Key(Use.RUN, "the bytes the job does: --ios of them at one bs"),
    "offset": Key(Use.RUN, "--offset (a size, or N% of the target)"),
    "offset_increment": Key(Use.RUN, "each clone of numjobs at --offset + k x increment"),
    "runtime": Key(Use.RUN, "--runtime"),
    "time_based": Key(Use.RUN, "the job runs for runtime, over its span again and again"),
    "ramp_time": Key(Use.RUN, "--ramp"),
    "number_ios": Key(Use.RUN, "--ios"),
    "rate_iops": Key(Use.RUN, "--rate-iops (one rate for reads and writes)"),
    "randseed": Key(Use.RUN, "--seed"),
    "randrepeat": Key(Use.SAID, "ssdk's random offsets repeat for a seed (--seed) always"),
    "norandommap": Key(Use.SAID, "ssdk draws random offsets with repeats, as fio's"
                       " norandommap=1; fio's default map (each block once a pass) is not"
                       " kept"),
    "random_generator": Key(Use.SAID, "ssdk's generator is its own (xoshiro), whatever fio's"),
    "buffer_compress_percentage": Key(Use.RUN, "--pattern compressible:N"),
    "zero_buffers": Key(Use.RUN, "--pattern zeros"),
    "refill_buffers": Key(Use.SAID, "ssdk's random data is fresh for every IO always"),
    "scramble_buffers": Key(Use.SAID, "ssdk's random data is fresh for every IO always"),
    "direct": Key(Use.RUN, "1: O_DIRECT (bio, kfile); 0: kfile --buffered (a file only, at"
                  " iodepth 1: buffered IO at a deeper iodepth refused)"),
    "buffered": Key(Use.RUN, "the opposite of direct"),
    "hipri": Key(Use.RUN, "--polled"),
    "cpus_allowed": Key(Use.RUN, "--cpus"),
    "numjobs": Key(Use.ORDER, "N runs of the job side by side, each its own (with"
                   " offset_increment, each its own offset)"),
    "stonewall": Key(Use.ORDER, "the job waits for the jobs before it to end"),
    "new_group": Key(Use.ORDER, "starts a new reporting group"),
    "group_reporting": Key(Use.SAID, "ssdk reports each run, and the group's total"),
    "thread": Key(Use.SAID, "ssdk's workers are kernel threads always"),
    "iodepth_batch": Key(Use.RUN, "--batch"),
    "iodepth_batch_complete_min": Key(Use.SAID, "ssdk reaps each completion as it comes"),
    "iodepth_batch_complete_max": Key(Use.SAID, "ssdk reaps each completion as it comes"),
    "invalidate": Key(Use.SAID, "bio and O_DIRECT kfile bypass the page cache"),
    "kb_base": Key(Use.RUN, "how the job file's sizes are read (1024 or 1000)"),
    "disable_lat": Key(Use.SAID, "ssdk measures every IO's latency always"),
    "disable_clat": Key(Use.SAID, "ssdk measures every IO's latency always"),
    "disable_slat": Key(Use.SAID, "an in-kernel IO has no submission syscall to time"),
    "clat_percentiles": Key(Use.SAID, "ssdk's histogram has every percentile"),
    "lat_percentiles": Key(Use.SAID, "ssdk's histogram has every percentile"),
    "percentile_list": Key(Use.SAID, "ssdk's histogram has every percentile"),
    "gtod_reduce": Key(Use.SAID, "ssdk times every IO with the kernel's clock always"),
    "ba": Key(Use.RUN, "--align"),
    "write_lat_log": Key(Use.SAID, "no log file: ssdk's JSON has the run's time series"),
    "write_bw_log": Key(Use.SAID, "no log file: ssdk's JSON has the run's time series"),
    "write_iops_log": Key(Use.SAID, "no log file: ssdk's JSON has the run's time series"),
    "log_avg_msec": Key(Use.SAID, "the time series' interval is ssdk's (--ts-interval)"),
    "cpus_allowed_policy": Key(Use.SAID, "ssdk binds a run's workers to --cpus in turn"),
    "startdelay": Key(Use.ORDER, "the job starts so long after its group"),
    "directory": Key(Use.RUN, "where the job's file is: its filename in it, or fio's own name"
                     " for it (JOB.N.0: each of numjobs its own file)"),
    "io_submit_mode": Key(Use.SAID, "offload: fio submits from a pool of threads; ssdk's"
                          " workers submit their own IOs, in the kernel"),
    "rate_process": Key(Use.RUN, "linear: --rate-iops paced (ssdk's default); poisson:"
                        " --arrivals poisson"),
    "read_iolog": Key(Use.RUN, "the job replays the trace: ssdk ctl replay --trace FILE"
                      " (fio iolog 2 or 3, blktrace) on its filename, at the trace's times;"
                      " its rw, bs and sizes are the trace's (one file: clones' own traces"
                      " refused)"),
    "replay_no_stall": Key(Use.RUN, "1: --timing afap, as fast as iodepth allows"),
    "write_iolog": Key(Use.RUN, "the job's IOs as its device saw them (ssdk trace record, the"
                       " block layer's tracing) written as fio's iolog 3 (microseconds, the"
                       " device, read or write, offset, length): a job on a block device,"
                       " alone on it in its group"),
}

_RW = {"read": "read", "write": "write", "randread": "randread", "randwrite": "randwrite",
       "rw": "readwrite", "readwrite": "readwrite", "randrw": "randrw"}


class Unsupported(ValueError):
    """A job ssdk will not run: ``FILE:LINE: job NAME: KEY: why``."""

    def __init__(self, job: Job, opt: Option, why: str):
        super().__init__(f"{opt.where}: job {job.name}: {opt.key}: {why}")
        self.key = opt.key
        self.option = opt


@dataclass
class Translated:
    """A job as ssdk runs it: ``argv`` of ``ssdk ctl run`` (its target apart:
    None when the job names none), how many side by side (``numjobs``,
    each ``offset_increment`` further), when it starts (after the jobs
    before it: ``stonewall``; ``startdelay_us`` later), and what the output
    says of its options (``said``)."""

    name: str
    argv: list[str] = field(default_factory=list)
    target: str | None = None
    numjobs: int = 1
    offset: int = 0
    offset_increment: int = 0
    stonewall: bool = False
    new_group: bool = False
    startdelay_us: int = 0
    directory: str = ""  # fio's directory: where a job without filename has its files
    write_iolog: str = ""  # where the job's IOs are written, as fio's iolog 3
    engine: str = "psync"  # fio's ioengine
    command: str = "run"  # ssdk ctl's: run, or replay (read_iolog)
    options: dict[str, str] = field(default_factory=dict)  # its own, as fio's JSON has them
    to_end: bool = False  # ends at the target's end: --ios of its size at the start
    said: list[str] = field(default_factory=list)


def _known(key: str, engine: str) -> bool:
    """Whether fio 3.33 has option *key* (its own, or the job's engine's)."""
    return key in names.OPTIONS or key in names.PROFILE_OPTIONS or \
        key in names.ENGINE_OPTIONS.get(engine, frozenset())


@dataclass
class _Job:
    """translate()'s state: the job, its options as decided (the last of
    each key, in the order first given), the sizes' base, the result."""

    job: Job
    final: dict[str, Option]
    t: Translated
    kb: int = 1024

    def fail(self, key: str, why: str) -> Unsupported:
        return Unsupported(self.job, self.final[key], why)

    def value(self, key: str) -> str:
        return self.final[key].value or ""

    def size(self, key: str) -> int | values.Percent:
        try:
            return values.size(self.value(key), self.kb)
        except ValueError as e:
            raise self.fail(key, str(e)) from None

    def whole(self, key: str, lo: int, hi: int) -> int:
        v = self.size(key)
        if isinstance(v, values.Percent) or not lo <= v <= hi:
            raise self.fail(key, f"'{self.value(key)}' is not a number from {lo} to {hi}")
        return v

    def flag(self, key: str) -> bool:
        if key not in self.final:
            return False
        try:
            return values.boolean(self.final[key].value)
        except ValueError as e:
            raise self.fail(key, str(e)) from None

    def us(self, key: str) -> int:
        try:
            return values.time_us(self.value(key))
        except ValueError as e:
            raise self.fail(key, str(e)) from None

    def opt(self, *args: str) -> None:
        self.t.argv.extend(args)


def _check_keys(j: _Job) -> str:
    """The job's engine (ssdk's way of it) and every key known and used."""
    eng = j.final.get("ioengine")
    engine = (eng.value or "") if eng is not None else "psync"
    if engine not in ENGINES:
        raise j.fail("ioengine", f"ioengine {engine}: ssdk runs {', '.join(ENGINES)} (each"
                     " as its in-kernel engine)")
    for key in j.final:
        if not _known(key, engine):
            raise j.fail(key, f"no option {j.final[key].key} in {names.VERSION}"
                         f" (nor of ioengine {engine})")
    for key in j.final:
        if key not in KEYS:
            raise j.fail(key, "ssdk does not do it (Documentation/userspace/fio.rst)")
    return engine


def _rw(j: _Job) -> None:
    if "rw" not in j.final:
        j.opt("--rw", "read")  # fio's default
        return
    mode, _, skip = j.value("rw").partition(":")
    if mode not in _RW:
        raise j.fail("rw", f"rw={mode}: ssdk does {', '.join(_RW)}")
    j.opt("--rw", _RW[mode])
    if not skip:
        return
    if mode.startswith("rand"):  # fio's :N of random IO: N IOs per offset drawn
        raise j.fail("rw", f"rw={j.value('rw')}: a random job's :N (N IOs at each random"
                     " offset) ssdk does not do")
    try:
        n = values.size(skip, j.kb)
    except ValueError as e:
        raise j.fail("rw", str(e)) from None
    if isinstance(n, values.Percent) or n < 0:
        raise j.fail("rw", f"rw={j.value('rw')}: a skip of {skip}: forward only")
    if "bssplit" in j.final:
        raise j.fail("rw", f"rw={j.value('rw')}: a skip between IOs of several sizes")
    bs = j.size("bs") if "bs" in j.final else 4096
    if not isinstance(bs, int):
        raise j.fail("bs", f"bs={j.value('bs')}: a size")
    j.opt("--stride", str(bs + n))


def _sizes(j: _Job) -> int | None:
    """bs, bssplit, ba: the one block size, or None for a split."""
    bs: int | None = 4096  # fio's default
    if "bs" in j.final:
        parts = {p for p in j.value("bs").split(",") if p}
        if len(parts) != 1:
            raise j.fail("bs", f"bs={j.value('bs')}: one size for reads and writes")
        try:
            v = values.size(parts.pop(), j.kb) if parts else 0
        except ValueError as e:
            raise j.fail("bs", str(e)) from None
        if isinstance(v, values.Percent) or v <= 0:
            raise j.fail("bs", f"bs={j.value('bs')}: a size")
        bs = v
        j.opt("--bs", str(bs))
    if "bsrange" in j.final:
        if "bssplit" in j.final:
            raise j.fail("bsrange", "bsrange and bssplit: one or the other")
        j.opt("--bssplit", _bsrange(j))
        bs = None
    if "bssplit" in j.final:
        if "," in j.value("bssplit"):
            raise j.fail("bssplit", "one split for reads and writes")
        j.opt("--bssplit", j.value("bssplit"))
        bs = None
    if "ba" in j.final:
        j.opt("--align", str(j.whole("ba", 1, 1 << 62)))
    return bs


MAX_SPLIT = 16  # ssdk's --bssplit sizes


def _bsrange(j: _Job) -> str:
    """bsrange=MIN-MAX as a bssplit: fio draws min + U * max, rounds it down
    to a multiple of min and caps it at max: each multiple as often."""
    ranges = {p for p in j.value("bsrange").split(",") if p}
    if len(ranges) != 1:
        raise j.fail("bsrange", f"bsrange={j.value('bsrange')}: one range for reads and writes")
    lo_s, sep, hi_s = ranges.pop().partition("-")
    try:
        lo, hi = values.size(lo_s, j.kb), values.size(hi_s, j.kb) if sep else None
    except ValueError as e:
        raise j.fail("bsrange", str(e)) from None
    if not isinstance(lo, int) or not isinstance(hi, int) or not 0 < lo <= hi:
        raise j.fail("bsrange", f"bsrange={j.value('bsrange')}: MIN-MAX, two sizes")
    sizes = list(range(lo, hi + 1, lo))
    if len(sizes) > MAX_SPLIT:
        raise j.fail("bsrange", f"{len(sizes)} sizes from {lo} to {hi}: ssdk's split holds"
                     f" {MAX_SPLIT}")
    share, extra = divmod(100, len(sizes))
    if extra:
        j.t.said.append(f"bsrange: {len(sizes)} sizes in whole percents ({share + 1}% and"
                        f" {share}%): fio draws each as often")
    return ":".join(f"{s}/{share + (1 if i < extra else 0)}" for i, s in enumerate(sizes))


def _counts(j: _Job) -> None:
    if "rate_process" in j.final:
        if j.value("rate_process") not in ("linear", "poisson"):
            raise j.fail("rate_process", f"{j.value('rate_process')}: linear or poisson")
        if "rate_iops" not in j.final:
            raise j.fail("rate_process", "a rate process without rate_iops")
        if j.value("rate_process") == "poisson":
            j.opt("--arrivals", "poisson")
    for key, flag in (("iodepth", "--iodepth"), ("rwmixread", "--rwmixread"),
                      ("number_ios", "--ios"), ("rate_iops", "--rate-iops"),
                      ("randseed", "--seed"), ("iodepth_batch", "--batch")):
        if key in j.final:
            if key == "rate_iops" and "," in j.value(key):
                raise j.fail(key, "one rate for reads and writes")
            j.opt(flag, str(j.whole(key, 0, (1 << 64) - 1)))
    if "rwmixwrite" in j.final and "rwmixread" not in j.final:
        j.opt("--rwmixread", str(100 - j.whole("rwmixwrite", 0, 100)))
    if "numjobs" in j.final:
        j.t.numjobs = j.whole("numjobs", 1, 1 << 16)


def _span(j: _Job, bs: int | None) -> None:
    """offset, size, offset_increment, and how the job ends: runtime, or
    after its bytes (size, io_size) at one block size, or number_ios."""
    for key in ("offset", "size", "offset_increment"):
        if key in j.final and isinstance(j.size(key), values.Percent):
            raise j.fail(key, f"{j.value(key)}: a share of the target (ssdk takes a size)")
    if "offset" in j.final:
        j.t.offset = j.whole("offset", 0, (1 << 64) - 1)
        j.opt("--offset", str(j.t.offset))
    if "size" in j.final:
        j.opt("--span", str(j.whole("size", 1, (1 << 64) - 1)))
    if "offset_increment" in j.final:
        j.t.offset_increment = j.whole("offset_increment", 0, (1 << 64) - 1)
    for key, flag in (("runtime", "--runtime"), ("ramp_time", "--ramp")):
        if key in j.final:
            j.opt(flag, f"{j.us(key)}us")
    if "startdelay" in j.final:
        j.t.startdelay_us = j.us("startdelay")
    if j.flag("time_based"):
        if "runtime" not in j.final:
            raise j.fail("time_based", "time_based without a runtime: it would never end")
        return
    if "number_ios" in j.final:
        return
    end = "io_size" if "io_size" in j.final else "size" if "size" in j.final else None
    if end is None:
        j.t.to_end = "runtime" not in j.final or bs is not None
        if bs is None and "runtime" not in j.final:
            raise j.fail("bssplit", "a job of several sizes to the target's end: ssdk ends"
                         " at an IO count (time_based, or number_ios)")
        return
    if bs is None:
        raise j.fail(end, "a job that ends after so many bytes of several sizes: ssdk ends"
                     " at an IO count (time_based, or number_ios)")
    j.opt("--ios", str(j.whole(end, 1, (1 << 64) - 1) // bs))


def _data(j: _Job) -> None:
    if "buffer_compress_percentage" in j.final:
        j.opt("--pattern", f"compressible:{j.whole('buffer_compress_percentage', 0, 100)}")
    if j.flag("zero_buffers"):
        j.opt("--pattern", "zeros")
    if ("direct" in j.final and not j.flag("direct")) or j.flag("buffered"):
        key = "direct" if "direct" in j.final else "buffered"
        if "iodepth" in j.final and j.whole("iodepth", 0, (1 << 64) - 1) > 1:
            raise j.fail(key, f"buffered IO at iodepth {j.value('iodepth')}: ssdk's buffered"
                         " IO (kfile --buffered, on a file) keeps one IO in flight")
        j.opt("--buffered")
    if j.flag("hipri"):
        j.opt("--polled")
    if "cpus_allowed" in j.final:
        j.opt("--cpus", j.value("cpus_allowed"))


def translate(job: Job) -> Translated:
    """*job* as ssdk ctl run's options; Unsupported naming the first option
    (in the order first given) ssdk cannot honour, or that fio does not have."""
    final: dict[str, Option] = {}
    for o in job.options:  # a later one of a key replaces an earlier one
        final[canonical(o.key)] = o
    j = _Job(job, final, Translated(job.name, stonewall=job.file_stonewall,
                                    options={o.key: o.value or "" for o in job.own}))
    engine = _check_keys(j)
    j.t.engine = engine
    if "kb_base" in final:
        j.kb = j.whole("kb_base", 1000, 1024)
        if j.kb not in (1000, 1024):
            raise j.fail("kb_base", "1000 or 1024")
    j.t.said.append(f"ioengine {engine}: ssdk's in-kernel engine")
    if "direct" not in final and "buffered" not in final:
        j.t.said.append("direct: not given (fio's default is buffered, direct=0): ssdk's IO is"
                        " direct, bios on a device or O_DIRECT on a file")
    if "filename" in final:
        if ":" in j.value("filename") or not j.value("filename"):
            raise j.fail("filename", "one file or device: ssdk runs one target a run")
        j.t.target = j.value("filename")
    if "directory" in final:
        d = j.value("directory")
        if ":" in d or not d:
            raise j.fail("directory", "one directory")
        j.t.directory = d
        if j.t.target is not None and not j.t.target.startswith("/"):
            j.t.target = f"{d.rstrip('/')}/{j.t.target}"
    if "write_iolog" in final:
        if not j.value("write_iolog") or ":" in j.value("write_iolog"):
            raise j.fail("write_iolog", "one file")
        j.t.write_iolog = j.value("write_iolog")
    if "read_iolog" in final:
        _replay(j)
    else:
        _workload(j)
    j.t.stonewall = j.t.stonewall or j.flag("stonewall") or "stonewall" in final
    j.t.new_group = "new_group" in final
    j.t.said += [f"{o.key}: {KEYS[k].what}" for k, o in final.items() if KEYS[k].use == Use.SAID]
    return j.t


# What a replay takes of a job: the trace decides its IOs (fio's read_iolog).
_REPLAY_TAKES = frozenset({"read_iolog", "replay_no_stall", "write_iolog", "filename",
                           "ioengine", "iodepth", "runtime", "number_ios", "direct",
                           "buffered", "hipri", "cpus_allowed", "numjobs", "stonewall",
                           "new_group", "startdelay", "kb_base", "name", "description"})


def _replay(j: _Job) -> None:
    """read_iolog: ctl replay of the trace on the job's filename."""
    j.t.command = "replay"
    log = j.value("read_iolog")
    if not log or ":" in log:
        raise j.fail("read_iolog", "one trace file (clones' own traces ssdk does not do)")
    if j.t.target is None:
        raise j.fail("read_iolog", "a replay needs filename= (the device or file it goes to)")
    if "numjobs" in j.final and j.whole("numjobs", 1, 1 << 16) > 1:
        raise j.fail("numjobs", "a replay once: numjobs=1")
    j.opt("--trace", log, "--timing", "afap" if j.flag("replay_no_stall") else "original")
    for key, flag in (("iodepth", "--iodepth"), ("number_ios", "--ios")):
        if key in j.final:
            j.opt(flag, str(j.whole(key, 1, (1 << 64) - 1)))
    if "runtime" in j.final:
        j.opt("--runtime", f"{j.us('runtime')}us")
    if "startdelay" in j.final:
        j.t.startdelay_us = j.us("startdelay")
    _data(j)
    ignored = [o.key for k, o in j.final.items() if k not in _REPLAY_TAKES and
               KEYS[k].use == Use.RUN]
    if ignored:
        j.t.said.append(f"{', '.join(ignored)}: the trace's IOs instead (read_iolog)")


def _workload(j: _Job) -> None:
    """A job's workload: ctl run's options."""
    _rw(j)
    bs = _sizes(j)
    _counts(j)
    _span(j, bs)
    _data(j)
