# SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause
"""libssdk.so.0 through ctypes: where it is, its structs and its functions.

The structs mirror <libssdk.h> field for field; the array sizes that the
netlink spec fixes come from spec.py, the others are libssdk's ABI
(tests/test_abi.py compares every size and offset with the C compiler's).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import shutil
from pathlib import Path
from typing import Any

from . import spec
from .errors import LibraryNotFoundError

SONAME = "libssdk.so.0"

# libssdk.h's array sizes.
VERSION_LEN = 64
RELEASE_LEN = 65
TARGET_LEN = spec.MAX_TARGET_LEN + 1
REASON_LEN = 256
CONFIG_SET_WORDS = 2
NR_OPS = len(spec.Op)
NR_SETS = NR_OPS * len(spec.LatKind)
NR_STAGES = len(spec.LatKind) - spec.LatKind.BLOCK  # anatomy's stages, block on
ANY_CPU = -1
TRACE_NR_OPS = NR_OPS + 2  # the spec's ops, then discard and flush
TRACE_SIZES = 8
TRACE_QDS = 64
# Room of the text buffers the rules' functions write and read.
FMT_LEN = 32
STALL_TEXT_LEN = 1024
SHARES_LEN = 512
DEVICE_LEN = 128
DEVICE_ID_LEN = 64
# libssdk.h's facts of the machine (system.c).
FACT_KEY_LEN = 32
FACT_VALUE_LEN = 96
FACT_WHY_LEN = 112
SYSTEM_MAX_FACTS = 96
MAX_CPUS = 8192
IRQ_NAME_LEN = 32
IRQ_LIST_LEN = 64
# What ssdk_parse_shares() reads as values.
VALUE_SIZE = 0
VALUE_DURATION = 1
# The percentiles reported: how many, and the index of the three a comparison shows.
REPORT_NR_PCTS = 13
REPORT_P50 = 4
REPORT_P99 = 8
REPORT_P999 = 9

u32 = ctypes.c_uint32
u64 = ctypes.c_uint64


class Spread(ctypes.Structure):
    _fields_ = [("n", u32), ("reserved", u32), ("mean", ctypes.c_double),
                ("min", ctypes.c_double), ("max", ctypes.c_double),
                ("stddev", ctypes.c_double), ("ci_lo", ctypes.c_double),
                ("ci_hi", ctypes.c_double)]


class DeviceId(ctypes.Structure):
    _fields_ = [("model", ctypes.c_char * DEVICE_ID_LEN),
                ("firmware", ctypes.c_char * DEVICE_ID_LEN),
                ("serial", ctypes.c_char * DEVICE_ID_LEN)]


class Fact(ctypes.Structure):
    _fields_ = [("key", ctypes.c_char * FACT_KEY_LEN),
                ("value", ctypes.c_char * FACT_VALUE_LEN),
                ("verdict", ctypes.c_uint32),
                ("jitter_ns", ctypes.c_uint64),
                ("why", ctypes.c_char * FACT_WHY_LEN)]


class System(ctypes.Structure):
    _fields_ = [("nr_facts", ctypes.c_uint32),
                ("expected_ns", ctypes.c_uint64),
                ("fact", Fact * SYSTEM_MAX_FACTS)]


class Irq(ctypes.Structure):
    _fields_ = [("irq", ctypes.c_uint32),
                ("managed", ctypes.c_int32),
                ("name", ctypes.c_char * IRQ_NAME_LEN),
                ("affinity", ctypes.c_char * IRQ_LIST_LEN),
                ("effective", ctypes.c_char * IRQ_LIST_LEN)]


class Info(ctypes.Structure):
    """struct ssdk_info."""

    _fields_ = [
        ("version", ctypes.c_char * VERSION_LEN),
        ("kernel_release", ctypes.c_char * RELEASE_LEN),
        ("caps", u64),
        ("cpus", u32),
        ("clock_res_ns", u32),
        ("family_version", u32),
        ("max_runs", u32),
        ("hist_sub_bits", u32),
        ("hist_buckets", u32),
        ("mem_budget", u64),
        ("mem_used", u64),
    ]


class BsShare(ctypes.Structure):
    """struct ssdk_bs_share."""

    _fields_ = [("bs", u32), ("pct", u32)]


class RunConfig(ctypes.Structure):
    """struct ssdk_run_config."""

    _fields_ = [
        ("set", u64 * CONFIG_SET_WORDS),
        ("target", ctypes.c_char * TARGET_LEN),
        ("nr_bs", u32),
        ("bs_split", BsShare * spec.MAX_BS_SPLIT),
        ("rw", u32),
        ("bs", u32),
        ("iodepth", u32),
        ("cpu", ctypes.c_int32),
        ("offset", u64),
        ("span", u64),
        ("runtime_ns", u64),
        ("ios", u64),
        ("ramp_ns", u64),
        ("seed", u64),
        ("allow_write", u32),
        ("rwmixread", u32),
        ("align", u32),
        ("align_offset", u32),
        ("stride", u64),
        ("pattern", u32),
        ("pattern_byte", u32),
        ("compress_pct", u32),
        ("rate_iops", u32),
        ("arrivals", u32),
        ("engine", u32),
        ("buffered", u32),
        ("slowest_n", u32),
        ("ts_interval_ns", u64),
        ("capture_over_ns", u64),
        ("max_errors", u64),
        ("owned", u32),
        ("rounds", u32),
        ("round_ns", u64),
        ("steady_track", u32),
        ("steady_range_pct", u32),
        ("steady_slope_pct", u32),
        ("purge", u32),
        ("batch", u32),
        ("polled", u32),
        ("workers", u32),
        ("nr_cpus", u32),
        ("cpus", u32 * spec.MAX_WORKERS),
        ("trace", u32),
        ("replay_timing", u32),
        ("replay_scale", u32),
        ("replay_remap", u32),
        ("anatomy", u32),
    ]


class Counts(ctypes.Structure):
    """struct ssdk_counts."""

    _fields_ = [
        ("ios", u64),
        ("bytes", u64),
        ("errors", u64),
        ("lat_min_ns", u64),
        ("lat_max_ns", u64),
        ("lat_sum_ns", u64),
        ("lat_sumsq_hi", u64),
        ("lat_sumsq_lo", u64),
    ]


class RunStatus(ctypes.Structure):
    """struct ssdk_run_status."""

    _fields_ = [
        ("config", RunConfig),
        ("id", u32),
        ("state", u32),
        ("logical_block_size", u32),
        ("ts_count", u32),
        ("target_size", u64),
        ("elapsed_ns", u64),
        ("measured_ns", u64),
        ("completed", u64),
        ("iops_now", u64),
        ("late", u64),
        ("ts_dropped", u64),
        ("captured_dropped", u64),
        ("io_errors", u64),
        ("cpu_ns", u64),
        ("measurement_overhead_ns", u64),
        ("clock_read_ns", u64),
        ("unpolled", u64),
        ("anatomy_unsplit", u64),
        ("captured_count", u32),
        ("rounds_done", u32),
        ("steady_round", u32),
        ("reserved", u32),
        ("reason", ctypes.c_char * REASON_LEN),
        ("stats", Counts * NR_SETS),
    ]


class IoRec(ctypes.Structure):
    """struct ssdk_io_rec."""

    _fields_ = [
        ("lat_ns", u64),
        ("offset", u64),
        ("t_ns", u64),
        ("len", u32),
        ("op", u32),
        ("cpu_submit", u32),
        ("cpu_complete", u32),
        ("inflight", u32),
        ("stages", u32),
        ("stage_ns", u64 * NR_STAGES),
    ]


class Stall(ctypes.Structure):
    """struct ssdk_stall."""

    _fields_ = [
        ("start_ns", u64),
        ("end_ns", u64),
        ("max_ns", u64),
        ("min_ns", u64),
        ("first_submit_ns", u64),
        ("last_submit_ns", u64),
        ("ios", u32),
        ("unsplit", u32),
        ("silent_intervals", u32),
        ("top_stage", ctypes.c_int32),
        ("records", u32),
        ("reserved", u32),
        ("silent_from_ns", u64),
        ("silent_to_ns", u64),
        ("share", ctypes.c_double * NR_STAGES),
        ("worst", IoRec),
    ]


class TsStage(ctypes.Structure):
    """struct ssdk_ts_stage."""

    _fields_ = [("ios", u64), ("lat_sum_ns", u64), ("lat_max_ns", u64)]


class TsOp(ctypes.Structure):
    """struct ssdk_ts_op."""

    _fields_ = [
        ("ios", u64),
        ("bytes", u64),
        ("lat_sum_ns", u64),
        ("lat_max_ns", u64),
        ("lat_p99_ns", u64),
        ("stages", TsStage * NR_STAGES),
    ]


class TsPoint(ctypes.Structure):
    """struct ssdk_ts_point."""

    _fields_ = [("index", u32), ("reserved", u32), ("op", TsOp * NR_OPS),
                ("heat", u32 * spec.HEAT_BUCKETS)]


class Round(ctypes.Structure):
    """struct ssdk_round."""

    _fields_ = [
        ("ios", u64),
        ("bytes", u64),
        ("lat_sum_ns", u64),
        ("lat_max_ns", u64),
        ("y", u64),
        ("window", u32),
        ("steady", u32),
        ("range_pct", ctypes.c_double),
        ("slope_pct", ctypes.c_double),
    ]


class TraceIo(ctypes.Structure):
    """struct ssdk_trace_io."""

    _fields_ = [
        ("t_ns", u64),
        ("offset", u64),
        ("len", u32),
        ("qd", ctypes.c_uint16),
        ("op", ctypes.c_uint8),
        ("pad", ctypes.c_uint8),
    ]


class TraceSize(ctypes.Structure):
    """struct ssdk_trace_size."""

    _fields_ = [("len", u32), ("pad", u32), ("ios", u64)]


class TraceSummary(ctypes.Structure):
    """struct ssdk_trace_summary."""

    _fields_ = [
        ("format", u32),
        ("flags", u32),
        ("ios", u64),
        ("bytes", u64),
        ("op_ios", u64 * TRACE_NR_OPS),
        ("op_bytes", u64 * TRACE_NR_OPS),
        ("sequential", u64),
        ("duration_ns", u64),
        ("footprint", u64),
        ("lowest", u64),
        ("highest", u64),
        ("nr_sizes", u32),
        ("pad", u32),
        ("sizes", TraceSize * TRACE_SIZES),
        ("other_sizes", u64),
        ("qd_ios", u64 * TRACE_QDS),
        ("gap_min_ns", u64),
        ("gap_p50_ns", u64),
        ("gap_p99_ns", u64),
        ("gap_max_ns", u64),
        ("gap_mean_ns", u64),
    ]


STRUCTS: dict[str, type[ctypes.Structure]] = {
    "ssdk_info": Info,
    "ssdk_bs_share": BsShare,
    "ssdk_run_config": RunConfig,
    "ssdk_counts": Counts,
    "ssdk_run_status": RunStatus,
    "ssdk_io_rec": IoRec,
    "ssdk_ts_op": TsOp,
    "ssdk_ts_point": TsPoint,
    "ssdk_round": Round,
    "ssdk_trace_io": TraceIo,
    "ssdk_trace_size": TraceSize,
    "ssdk_trace_summary": TraceSummary,
}

_P = ctypes.POINTER
_HANDLE = ctypes.c_void_p
_STR = ctypes.c_char_p  # a NUL-terminated text, read
_BUF = ctypes.c_char_p  # room for one, written: a ctypes.create_string_buffer()

# name: (restype, argtypes)
_PROTOTYPES: dict[str, tuple[object, list[object]]] = {
    "ssdk_open": (ctypes.c_int, [_P(_HANDLE)]),
    "ssdk_close": (None, [_HANDLE]),
    "ssdk_last_error": (ctypes.c_char_p, [_HANDLE]),
    "ssdk_last_error_attr": (ctypes.c_char_p, [_HANDLE]),
    "ssdk_info_get": (ctypes.c_int, [_HANDLE, _P(Info)]),
    "ssdk_config_init": (None, [_P(RunConfig)]),
    "ssdk_config_set": (ctypes.c_int, [_P(RunConfig), u32, u64]),
    "ssdk_config_get": (u64, [_P(RunConfig), u32]),
    "ssdk_config_is_set": (ctypes.c_int, [_P(RunConfig), u32]),
    "ssdk_config_set_target": (ctypes.c_int, [_P(RunConfig), ctypes.c_char_p]),
    "ssdk_config_add_bs": (ctypes.c_int, [_P(RunConfig), u32, u32]),
    "ssdk_config_add_cpu": (ctypes.c_int, [_P(RunConfig), u32]),
    "ssdk_run_start": (ctypes.c_int, [_HANDLE, _P(RunConfig), _P(u32)]),
    "ssdk_run_check": (ctypes.c_int, [_HANDLE, _P(RunConfig)]),
    "ssdk_run_get": (ctypes.c_int, [_HANDLE, u32, _P(RunStatus)]),
    "ssdk_run_list": (ctypes.c_int, [_HANDLE, _P(RunStatus), u32]),
    "ssdk_run_stop": (ctypes.c_int, [_HANDLE, u32]),
    "ssdk_run_delete": (ctypes.c_int, [_HANDLE, u32]),
    "ssdk_run_wait": (ctypes.c_int, [_HANDLE, u32, ctypes.c_int]),
    "ssdk_results_get": (ctypes.c_int, [_HANDLE, u32, _P(RunStatus), _P(u64)]),
    "ssdk_slowest_get": (ctypes.c_int, [_HANDLE, u32, _P(IoRec), u32]),
    "ssdk_captured_get": (ctypes.c_int, [_HANDLE, u32, u32, _P(IoRec), u32]),
    "ssdk_timeseries_get": (ctypes.c_int, [_HANDLE, u32, u32, _P(TsPoint), u32]),
    "ssdk_follow": (ctypes.c_int, [_HANDLE, u32, _P(u32), _P(RunStatus), _P(TsPoint), u32,
                                   ctypes.c_int]),
    "ssdk_hist_buckets": (u32, []),
    "ssdk_hist_bucket_lower": (u64, [u32]),
    "ssdk_hist_bucket_upper": (u64, [u32]),
    "ssdk_hist_percentile": (u64, [_P(u64), u64, ctypes.c_double, u64, u64]),
    "ssdk_counts_add": (None, [_P(Counts), _P(Counts)]),
    "ssdk_status_add": (None, [_P(RunStatus), _P(RunStatus)]),
    "ssdk_rounds": (ctypes.c_int, [_P(RunStatus), _P(TsPoint), u32, _P(Round), u32]),
    "ssdk_rounds_window": (u32, [_P(RunStatus), _P(Round), u32, _P(Round)]),
    "ssdk_trace_read": (ctypes.c_int, [ctypes.c_char_p, _P(_HANDLE), ctypes.c_char_p,
                                       ctypes.c_size_t]),
    "ssdk_trace_free": (None, [_HANDLE]),
    "ssdk_trace_nr": (u64, [_HANDLE]),
    "ssdk_trace_ios": (_P(TraceIo), [_HANDLE]),
    "ssdk_trace_summarize": (ctypes.c_int, [_HANDLE, _P(TraceSummary)]),
    "ssdk_trace_op_name": (ctypes.c_char_p, [u32]),
    "ssdk_trace_format_name": (ctypes.c_char_p, [u32]),
    "ssdk_trace_flags": (u32, [_HANDLE]),
    "ssdk_trace_load": (ctypes.c_int, [_HANDLE, _HANDLE, _P(u32)]),
    # The rules of values and figures: their one owner.
    "ssdk_report_pct": (ctypes.c_double, [u32]),
    "ssdk_pct_key": (_STR, [_BUF, ctypes.c_size_t, ctypes.c_double]),
    "ssdk_counts_stddev": (ctypes.c_double, [_P(Counts)]),
    "ssdk_heat_lower": (u64, [u32]),
    "ssdk_stage_io_attr": (u32, [u32]),
    "ssdk_stage_in_latency": (ctypes.c_int, [u32]),
    "ssdk_tail_stages": (ctypes.c_int, [_P(IoRec), u32, _P(ctypes.c_double)]),
    "ssdk_worst_stall": (ctypes.c_int, [_P(IoRec), u32, _P(TsPoint), u32, u64, _P(Stall)]),
    "ssdk_stall_text": (ctypes.c_int, [_P(Stall), u64, _BUF, ctypes.c_size_t]),
    "ssdk_change_pct": (ctypes.c_double, [ctypes.c_double, ctypes.c_double]),
    "ssdk_parse_u64": (ctypes.c_int, [_STR, _P(u64)]),
    "ssdk_parse_u32": (ctypes.c_int, [_STR, _P(u32)]),
    "ssdk_parse_size": (ctypes.c_int, [_STR, _P(u64)]),
    "ssdk_parse_duration_ns": (ctypes.c_int, [_STR, _P(u64)]),
    "ssdk_parse_shares": (ctypes.c_int, [_STR, u32, u64, _P(u64), _P(u32), u32, _P(u32)]),
    "ssdk_parse_bssplit": (ctypes.c_int, [_STR, _P(RunConfig)]),
    "ssdk_parse_pattern": (ctypes.c_int, [_STR, _P(RunConfig)]),
    "ssdk_parse_steady": (ctypes.c_int, [_STR, _P(RunConfig)]),
    "ssdk_pattern_syntax": (_STR, [_BUF, ctypes.c_size_t]),
    "ssdk_pattern_str": (_STR, [_BUF, ctypes.c_size_t, _P(RunConfig)]),
    "ssdk_fmt_ns": (_STR, [_BUF, ctypes.c_size_t, ctypes.c_double]),
    "ssdk_fmt_bytes": (_STR, [_BUF, ctypes.c_size_t, u64]),
    "ssdk_fmt_size": (_STR, [_BUF, ctypes.c_size_t, u64]),
    "ssdk_fmt_duration": (_STR, [_BUF, ctypes.c_size_t, u64]),
    "ssdk_fmt_elapsed": (_STR, [_BUF, ctypes.c_size_t, ctypes.c_double]),
    "ssdk_device_model": (ctypes.c_int, [_STR, _BUF, ctypes.c_size_t]),
    "ssdk_device_id": (ctypes.c_int, [_STR, _P(DeviceId)]),
    "ssdk_device_disk": (ctypes.c_int, [_STR, _BUF, ctypes.c_size_t]),
    "ssdk_spread": (ctypes.c_int, [_P(ctypes.c_double), u32, _P(Spread)]),
    "ssdk_spread_differ": (ctypes.c_int, [_P(Spread), _P(Spread)]),
    "ssdk_t975": (ctypes.c_double, [u32]),
    "ssdk_device_time_in_queue": (ctypes.c_int, [_STR, _P(u64)]),
    "ssdk_system_read": (ctypes.c_int, [_STR, _STR, _STR, _P(System), _BUF, ctypes.c_size_t]),
    "ssdk_system_over": (ctypes.c_uint, [_P(System), u64, _P(ctypes.c_uint), ctypes.c_uint]),
    "ssdk_system_disk": (ctypes.c_int, [_STR, _STR, _BUF, ctypes.c_size_t, _BUF,
                                        ctypes.c_size_t]),
    "ssdk_system_irqs": (ctypes.c_uint, [_STR, _STR, _P(Irq), ctypes.c_uint]),
    "ssdk_verdict_name": (_STR, [u32]),
    "ssdk_system_value": (ctypes.c_int, [_STR, _STR, _BUF, ctypes.c_size_t]),
    "ssdk_cpulist_parse": (ctypes.c_int, [_STR, _P(u64)]),
    "ssdk_cpulist_format": (ctypes.c_int, [_P(u64), _BUF, ctypes.c_size_t]),
}


def text(value: str) -> bytes:
    """*value* as libssdk reads a text, or ValueError: no NUL inside it (C would stop there)."""
    if "\0" in value:
        raise ValueError(f"{value!r} has a NUL character")
    return value.encode()


def written(fn: Any, *args: object, size: int = FMT_LEN) -> str:
    """What libssdk's *fn* writes in a buffer of *size* (``ssdk_fmt_ns(buf, size, ...)``)."""
    buf = ctypes.create_string_buffer(size)
    fn(buf, size, *args)
    return buf.value.decode(errors="replace")


def _candidates() -> list[str]:
    """Where the library may be, in the order looked at."""
    env = os.environ.get("SSDK_LIBRARY")
    if env:
        return [env]  # asked for: that one or none
    out = []
    # In a source tree: userspace/python/ssdk/ -> userspace/libssdk.so.0.
    here = Path(__file__).resolve().parent
    tree = here.parent.parent / SONAME
    if tree.exists():
        out.append(str(tree))
    # Beside the ssdk command on PATH: a built tree's CLI finds its
    # library there (rpath $ORIGIN), a pip-installed package too.
    cli = shutil.which("ssdk")
    if cli:
        beside = Path(os.path.realpath(cli)).parent / SONAME
        if beside.exists() and str(beside) not in out:
            out.append(str(beside))
    found = ctypes.util.find_library("ssdk")
    out.append(found or SONAME)
    return out


_lib: ctypes.CDLL | None = None


def lib() -> ctypes.CDLL:
    """libssdk, loaded once, its functions typed; LibraryNotFoundError if none."""
    global _lib
    if _lib is not None:
        return _lib
    tried = []
    for path in _candidates():
        try:
            cdll = ctypes.CDLL(path)
        except OSError as e:
            tried.append(f"{path}: {e}")
            continue
        for name, (restype, argtypes) in _PROTOTYPES.items():
            fn = getattr(cdll, name)
            fn.restype = restype
            fn.argtypes = argtypes
        _lib = cdll
        return cdll
    raise LibraryNotFoundError(
        f"cannot load {SONAME} ({'; '.join(tried)}): build it with `make -C userspace` "
        "in ssdk's source tree, install it, or set SSDK_LIBRARY to its path")
