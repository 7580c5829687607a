# SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause
# Do not edit directly, auto-generated from:
#     Documentation/netlink/specs/ssdk.yaml
# by scripts/ynl-gen-ssdk.py
"""The ssdk netlink family's spec: its enums, constants, and the
attributes of each set with their types, limits and defaults."""

from __future__ import annotations

import enum
from typing import NamedTuple

FAMILY_NAME = "ssdk"


class Cap(enum.IntFlag):
    """The spec's cap flags."""

    HIGHRES_TIMERS = 1
    BIO = 2
    KFILE = 4
    BARE = 8


class Engine(enum.IntEnum):
    """The spec's engine enum."""

    BIO = 0
    KFILE = 1


class Rw(enum.IntEnum):
    """The spec's rw enum."""

    READ = 0
    WRITE = 1
    RANDREAD = 2
    RANDWRITE = 3
    RANDRW = 4
    READWRITE = 5


class State(enum.IntEnum):
    """The spec's state enum."""

    RUNNING = 0
    STOPPING = 1
    DONE = 2
    STOPPED = 3
    FAILED = 4


class Op(enum.IntEnum):
    """The spec's op enum."""

    READ = 0
    WRITE = 1


class LatKind(enum.IntEnum):
    """The spec's lat-kind enum."""

    SERVICE = 0
    RESPONSE = 1
    LATENESS = 2
    BLOCK = 3
    DEVICE = 4
    END_IO = 5
    REAP = 6
    IDLE = 7


class Pattern(enum.IntEnum):
    """The spec's pattern enum."""

    RANDOM = 0
    ZEROS = 1
    REPEAT = 2
    COMPRESSIBLE = 3


class Arrivals(enum.IntEnum):
    """The spec's arrivals enum."""

    PACED = 0
    UNIFORM = 1
    POISSON = 2


class PurgeMethod(enum.IntEnum):
    """The spec's purge-method enum."""

    DISCARD = 0
    SECURE_DISCARD = 1
    WRITE_ZEROES = 2


class SteadyTrack(enum.IntEnum):
    """The spec's steady-track enum."""

    IOPS = 0
    BW = 1
    LAT_MEAN = 2


class ReplayTiming(enum.IntEnum):
    """The spec's replay-timing enum."""

    ORIGINAL = 0
    AFAP = 1


class ReplayRemap(enum.IntEnum):
    """The spec's replay-remap enum."""

    NONE = 0
    OFFSET = 1
    SPAN = 2


# The spec's constants.
MAX_BS_SPLIT = 16
HEAT_BUCKETS = 54
MAX_IODEPTH = 1024
MIN_BS = 512
MAX_BS = 1048576
MAX_SLOWEST = 4096
MAX_TARGET_LEN = 4095
MAX_BATCH = 32
MAX_WORKERS = 64
MAX_INFLIGHT_BYTES = 268435456
MIN_TS_INTERVAL_NS = 10000000
MAX_DURATION_NS = 31536000000000000
PURGE_CHUNK = 1073741824
MAX_ROUNDS = 1000
STEADY_WINDOW = 5
MAX_TRACE_IOS = 2097152
MAX_REPLAY_SCALE = 1000000
DEFAULT_RW = 2
DEFAULT_BS = 4096
DEFAULT_IODEPTH = 1
DEFAULT_RWMIXREAD = 50
DEFAULT_PATTERN = 0
DEFAULT_ARRIVALS = 0
DEFAULT_ENGINE = 0
DEFAULT_SLOWEST_N = 64
DEFAULT_TS_INTERVAL_NS = 1000000000
DEFAULT_STEADY_RANGE_PCT = 20
DEFAULT_STEADY_SLOPE_PCT = 10
DEFAULT_REPLAY_TIMING = 0
DEFAULT_REPLAY_SCALE = 1000
DEFAULT_REPLAY_REMAP = 0


class Attr(NamedTuple):
    """One attribute of a set: its type number, type, enum, nest, limits, default."""

    value: int
    type: str
    enum: str | None
    nested: str | None
    multi: bool
    min: int | None
    max: int | None
    default: int | None


# Every attribute set: {attribute name: Attr}.
ATTRS: dict[str, dict[str, Attr]] = {
    "info": {
        "version": Attr(1, "string", None, None, False, None, None, None),
        "kernel-release": Attr(2, "string", None, None, False, None, None, None),
        "caps": Attr(3, "u64", 'cap', None, False, None, None, None),
        "cpus": Attr(4, "u32", None, None, False, None, None, None),
        "clock-res-ns": Attr(5, "u32", None, None, False, None, None, None),
        "max-runs": Attr(6, "u32", None, None, False, None, None, None),
        "hist-sub-bits": Attr(7, "u32", None, None, False, None, None, None),
        "hist-buckets": Attr(8, "u32", None, None, False, None, None, None),
        "pad": Attr(9, "pad", None, None, False, None, None, None),
        "mem-budget": Attr(10, "u64", None, None, False, None, None, None),
        "mem-used": Attr(11, "u64", None, None, False, None, None, None),
    },
    "run": {
        "id": Attr(1, "u32", None, None, False, 1, None, None),
        "state": Attr(2, "u32", 'state', None, False, 0, 4, None),
        "target": Attr(3, "string", None, None, False, None, 4095, None),
        "rw": Attr(4, "u32", 'rw', None, False, 0, 5, 2),
        "bs": Attr(5, "u32", None, None, False, 512, 1048576, 4096),
        "iodepth": Attr(6, "u32", None, None, False, 1, 1024, 1),
        "offset": Attr(7, "u64", None, None, False, None, None, None),
        "span": Attr(8, "u64", None, None, False, 1, None, None),
        "runtime-ns": Attr(9, "u64", None, None, False, None, 31536000000000000, None),
        "ios": Attr(10, "u64", None, None, False, None, None, None),
        "ramp-ns": Attr(11, "u64", None, None, False, None, 31536000000000000, None),
        "seed": Attr(12, "u64", None, None, False, None, None, None),
        "cpu": Attr(13, "u32", None, None, False, None, None, None),
        "allow-write": Attr(14, "flag", None, None, False, None, None, None),
        "reason": Attr(15, "string", None, None, False, None, None, None),
        "target-size": Attr(16, "u64", None, None, False, None, None, None),
        "logical-block-size": Attr(17, "u32", None, None, False, None, None, None),
        "elapsed-ns": Attr(18, "u64", None, None, False, None, None, None),
        "measured-ns": Attr(19, "u64", None, None, False, None, None, None),
        "completed": Attr(20, "u64", None, None, False, None, None, None),
        "iops-now": Attr(21, "u64", None, None, False, None, None, None),
        "stats": Attr(22, "nest", None, 'stats', True, None, None, None),
        "pad": Attr(23, "pad", None, None, False, None, None, None),
        "rwmixread": Attr(24, "u32", None, None, False, None, 100, 50),
        "bs-split": Attr(25, "nest", None, 'bs-split', True, None, 16, None),
        "align": Attr(26, "u32", None, None, False, 512, None, None),
        "align-offset": Attr(27, "u32", None, None, False, None, None, None),
        "stride": Attr(28, "u64", None, None, False, 1, None, None),
        "pattern": Attr(29, "u32", 'pattern', None, False, 0, 3, 0),
        "pattern-byte": Attr(30, "u32", None, None, False, None, 255, None),
        "compress-pct": Attr(31, "u32", None, None, False, None, 99, None),
        "rate-iops": Attr(32, "u32", None, None, False, 1, None, None),
        "arrivals": Attr(33, "u32", 'arrivals', None, False, 0, 2, 0),
        "late": Attr(34, "u64", None, None, False, None, None, None),
        "engine": Attr(35, "u32", 'engine', None, False, 0, 1, 0),
        "buffered": Attr(36, "flag", None, None, False, None, None, None),
        "slowest-n": Attr(37, "u32", None, None, False, None, 4096, 64),
        "slowest": Attr(38, "nest", None, 'io', True, None, 4096, None),
        "ts-interval-ns": Attr(39, "u64", None, None, False, 10000000, 31536000000000000, 1000000000),
        "ts-count": Attr(40, "u32", None, None, False, None, None, None),
        "ts-dropped": Attr(41, "u64", None, None, False, None, None, None),
        "from": Attr(42, "u32", None, None, False, None, None, None),
        "interval": Attr(43, "nest", None, 'interval', True, None, None, None),
        "capture-over-ns": Attr(44, "u64", None, None, False, 1, 31536000000000000, None),
        "captured-count": Attr(45, "u32", None, None, False, None, None, None),
        "captured-dropped": Attr(46, "u64", None, None, False, None, None, None),
        "captured": Attr(47, "nest", None, 'io', True, None, None, None),
        "max-errors": Attr(48, "u64", None, None, False, None, None, None),
        "owned": Attr(49, "flag", None, None, False, None, None, None),
        "io-errors": Attr(50, "u64", None, None, False, None, None, None),
        "dry-run": Attr(51, "flag", None, None, False, None, None, None),
        "purge": Attr(52, "u32", 'purge-method', None, False, 0, 2, None),
        "rounds": Attr(53, "u32", None, None, False, 1, 1000, None),
        "round-ns": Attr(54, "u64", None, None, False, 1, 31536000000000000, None),
        "steady-track": Attr(55, "u32", 'steady-track', None, False, 0, 2, None),
        "steady-range-pct": Attr(56, "u32", None, None, False, 1, 100, 20),
        "steady-slope-pct": Attr(57, "u32", None, None, False, 1, 100, 10),
        "rounds-done": Attr(58, "u32", None, None, False, None, None, None),
        "steady-round": Attr(59, "u32", None, None, False, None, None, None),
        "batch": Attr(60, "u32", None, None, False, 1, 32, None),
        "polled": Attr(61, "flag", None, None, False, None, None, None),
        "cpu-ns": Attr(62, "u64", None, None, False, None, None, None),
        "measurement-overhead-ns": Attr(63, "u64", None, None, False, None, None, None),
        "clock-read-ns": Attr(64, "u64", None, None, False, None, None, None),
        "unpolled": Attr(65, "u64", None, None, False, None, None, None),
        "workers": Attr(66, "u32", None, None, False, 1, 64, None),
        "cpus": Attr(67, "u32", None, None, True, None, None, None),
        "trace": Attr(68, "u32", None, None, False, 1, None, None),
        "replay-timing": Attr(69, "u32", 'replay-timing', None, False, 0, 1, 0),
        "replay-scale": Attr(70, "u32", None, None, False, 1, 1000000, 1000),
        "replay-remap": Attr(71, "u32", 'replay-remap', None, False, 0, 2, 0),
        "anatomy": Attr(72, "flag", None, None, False, None, None, None),
        "anatomy-unsplit": Attr(73, "u64", None, None, False, None, None, None),
    },
    "stats": {
        "op": Attr(1, "u32", 'op', None, False, 0, 1, None),
        "ios": Attr(2, "u64", None, None, False, None, None, None),
        "bytes": Attr(3, "u64", None, None, False, None, None, None),
        "errors": Attr(4, "u64", None, None, False, None, None, None),
        "lat-min-ns": Attr(5, "u64", None, None, False, None, None, None),
        "lat-max-ns": Attr(6, "u64", None, None, False, None, None, None),
        "lat-sum-ns": Attr(7, "u64", None, None, False, None, None, None),
        "lat-sumsq-hi": Attr(8, "u64", None, None, False, None, None, None),
        "lat-sumsq-lo": Attr(9, "u64", None, None, False, None, None, None),
        "bucket": Attr(10, "nest", None, 'bucket', True, None, None, None),
        "pad": Attr(11, "pad", None, None, False, None, None, None),
        "kind": Attr(12, "u32", 'lat-kind', None, False, 0, 7, None),
    },
    "io": {
        "lat-ns": Attr(1, "u64", None, None, False, None, None, None),
        "op": Attr(2, "u32", 'op', None, False, 0, 1, None),
        "offset": Attr(3, "u64", None, None, False, None, None, None),
        "len": Attr(4, "u32", None, None, False, None, None, None),
        "t-ns": Attr(5, "u64", None, None, False, None, None, None),
        "cpu-submit": Attr(6, "u32", None, None, False, None, None, None),
        "cpu-complete": Attr(7, "u32", None, None, False, None, None, None),
        "inflight": Attr(8, "u32", None, None, False, None, None, None),
        "pad": Attr(9, "pad", None, None, False, None, None, None),
        "block-ns": Attr(10, "u64", None, None, False, None, None, None),
        "device-ns": Attr(11, "u64", None, None, False, None, None, None),
        "end-io-ns": Attr(12, "u64", None, None, False, None, None, None),
        "reap-ns": Attr(13, "u64", None, None, False, None, None, None),
        "idle-ns": Attr(14, "u64", None, None, False, None, None, None),
    },
    "interval": {
        "index": Attr(1, "u32", None, None, False, None, None, None),
        "ops": Attr(2, "nest", None, 'interval-op', True, None, None, None),
        "heat": Attr(3, "binary", None, None, False, None, None, None),
    },
    "interval-op": {
        "op": Attr(1, "u32", 'op', None, False, 0, 1, None),
        "ios": Attr(2, "u64", None, None, False, None, None, None),
        "bytes": Attr(3, "u64", None, None, False, None, None, None),
        "lat-sum-ns": Attr(4, "u64", None, None, False, None, None, None),
        "lat-max-ns": Attr(5, "u64", None, None, False, None, None, None),
        "lat-p99-ns": Attr(6, "u64", None, None, False, None, None, None),
        "pad": Attr(7, "pad", None, None, False, None, None, None),
        "stage": Attr(8, "nest", None, 'interval-stage', True, None, None, None),
    },
    "interval-stage": {
        "kind": Attr(1, "u32", 'lat-kind', None, False, 0, 7, None),
        "ios": Attr(2, "u64", None, None, False, None, None, None),
        "lat-sum-ns": Attr(3, "u64", None, None, False, None, None, None),
        "lat-max-ns": Attr(4, "u64", None, None, False, None, None, None),
        "pad": Attr(5, "pad", None, None, False, None, None, None),
    },
    "bs-split": {
        "bs": Attr(1, "u32", None, None, False, 512, None, None),
        "pct": Attr(2, "u32", None, None, False, 1, 100, None),
    },
    "bucket": {
        "index": Attr(1, "u32", None, None, False, None, None, None),
        "count": Attr(2, "u64", None, None, False, None, None, None),
        "pad": Attr(3, "pad", None, None, False, None, None, None),
    },
    "trace": {
        "id": Attr(1, "u32", None, None, False, 1, None, None),
        "ios": Attr(2, "u32", None, None, False, 1, 2097152, None),
        "chunk": Attr(3, "binary", None, None, False, None, None, None),
    },
}

# Every operation: (command number, attribute set, {part: attribute names}).
OPS: dict[str, tuple[int, str, dict[str, tuple[str, ...]]]] = {
    "info-get": (1, "info", {"do_request": ('pad',), "do_reply": ('version', 'kernel-release', 'caps', 'cpus', 'clock-res-ns', 'max-runs', 'hist-sub-bits', 'hist-buckets', 'mem-budget', 'mem-used',)}),
    "run-start": (2, "run", {"do_request": ('target', 'rw', 'bs', 'iodepth', 'offset', 'span', 'runtime-ns', 'ios', 'ramp-ns', 'seed', 'cpu', 'allow-write', 'rwmixread', 'bs-split', 'align', 'align-offset', 'stride', 'pattern', 'pattern-byte', 'compress-pct', 'rate-iops', 'arrivals', 'engine', 'buffered', 'slowest-n', 'ts-interval-ns', 'capture-over-ns', 'max-errors', 'owned', 'dry-run', 'rounds', 'round-ns', 'steady-track', 'steady-range-pct', 'steady-slope-pct', 'purge', 'batch', 'polled', 'anatomy', 'workers', 'cpus', 'trace', 'replay-timing', 'replay-scale', 'replay-remap',), "do_reply": ('id',)}),
    "run-get": (3, "run", {"do_request": ('id',), "do_reply": ('id', 'state', 'target', 'rw', 'bs', 'iodepth', 'offset', 'span', 'runtime-ns', 'ios', 'ramp-ns', 'seed', 'cpu', 'reason', 'target-size', 'logical-block-size', 'elapsed-ns', 'measured-ns', 'completed', 'iops-now', 'stats', 'rwmixread', 'bs-split', 'align', 'align-offset', 'stride', 'pattern', 'pattern-byte', 'compress-pct', 'rate-iops', 'arrivals', 'late', 'engine', 'buffered', 'slowest-n', 'ts-interval-ns', 'ts-count', 'ts-dropped', 'capture-over-ns', 'captured-count', 'captured-dropped', 'max-errors', 'owned', 'io-errors', 'rounds', 'round-ns', 'steady-track', 'steady-range-pct', 'steady-slope-pct', 'rounds-done', 'steady-round', 'purge', 'batch', 'polled', 'cpu-ns', 'measurement-overhead-ns', 'clock-read-ns', 'unpolled', 'workers', 'cpus', 'replay-timing', 'replay-scale', 'replay-remap', 'anatomy', 'anatomy-unsplit',), "dump_reply": ('id', 'state', 'target', 'rw', 'bs', 'iodepth', 'offset', 'span', 'runtime-ns', 'ios', 'ramp-ns', 'seed', 'cpu', 'reason', 'target-size', 'logical-block-size', 'elapsed-ns', 'measured-ns', 'completed', 'iops-now', 'stats', 'rwmixread', 'bs-split', 'align', 'align-offset', 'stride', 'pattern', 'pattern-byte', 'compress-pct', 'rate-iops', 'arrivals', 'late', 'engine', 'buffered', 'slowest-n', 'ts-interval-ns', 'ts-count', 'ts-dropped', 'capture-over-ns', 'captured-count', 'captured-dropped', 'max-errors', 'owned', 'io-errors', 'rounds', 'round-ns', 'steady-track', 'steady-range-pct', 'steady-slope-pct', 'rounds-done', 'steady-round', 'purge', 'batch', 'polled', 'cpu-ns', 'measurement-overhead-ns', 'clock-read-ns', 'unpolled', 'workers', 'cpus', 'replay-timing', 'replay-scale', 'replay-remap', 'anatomy', 'anatomy-unsplit',)}),
    "run-stop": (4, "run", {"do_request": ('id',), "do_reply": ('id', 'state',)}),
    "run-del": (5, "run", {"do_request": ('id', 'dry-run',)}),
    "results-get": (6, "run", {"do_request": ('id',), "do_reply": ('id', 'state', 'target', 'rw', 'bs', 'iodepth', 'offset', 'span', 'runtime-ns', 'ios', 'ramp-ns', 'seed', 'cpu', 'reason', 'target-size', 'logical-block-size', 'elapsed-ns', 'measured-ns', 'completed', 'iops-now', 'stats', 'rwmixread', 'bs-split', 'align', 'align-offset', 'stride', 'pattern', 'pattern-byte', 'compress-pct', 'rate-iops', 'arrivals', 'late', 'engine', 'buffered', 'slowest-n', 'ts-interval-ns', 'ts-count', 'ts-dropped', 'capture-over-ns', 'captured-count', 'captured-dropped', 'max-errors', 'owned', 'io-errors', 'rounds', 'round-ns', 'steady-track', 'steady-range-pct', 'steady-slope-pct', 'rounds-done', 'steady-round', 'purge', 'batch', 'polled', 'cpu-ns', 'measurement-overhead-ns', 'clock-read-ns', 'unpolled', 'workers', 'cpus', 'replay-timing', 'replay-scale', 'replay-remap', 'anatomy', 'anatomy-unsplit',), "dump_reply": ('id', 'state', 'target', 'rw', 'bs', 'iodepth', 'offset', 'span', 'runtime-ns', 'ios', 'ramp-ns', 'seed', 'cpu', 'reason', 'target-size', 'logical-block-size', 'elapsed-ns', 'measured-ns', 'completed', 'iops-now', 'stats', 'rwmixread', 'bs-split', 'align', 'align-offset', 'stride', 'pattern', 'pattern-byte', 'compress-pct', 'rate-iops', 'arrivals', 'late', 'engine', 'buffered', 'slowest-n', 'ts-interval-ns', 'ts-count', 'ts-dropped', 'capture-over-ns', 'captured-count', 'captured-dropped', 'max-errors', 'owned', 'io-errors', 'rounds', 'round-ns', 'steady-track', 'steady-range-pct', 'steady-slope-pct', 'rounds-done', 'steady-round', 'purge', 'batch', 'polled', 'cpu-ns', 'measurement-overhead-ns', 'clock-read-ns', 'unpolled', 'workers', 'cpus', 'replay-timing', 'replay-scale', 'replay-remap', 'anatomy', 'anatomy-unsplit',)}),
    "run-end-ntf": (7, "run", {"do_reply": ('id', 'state', 'target', 'rw', 'bs', 'iodepth', 'offset', 'span', 'runtime-ns', 'ios', 'ramp-ns', 'seed', 'cpu', 'reason', 'target-size', 'logical-block-size', 'elapsed-ns', 'measured-ns', 'completed', 'iops-now', 'stats', 'rwmixread', 'bs-split', 'align', 'align-offset', 'stride', 'pattern', 'pattern-byte', 'compress-pct', 'rate-iops', 'arrivals', 'late', 'engine', 'buffered', 'slowest-n', 'ts-interval-ns', 'ts-count', 'ts-dropped', 'capture-over-ns', 'captured-count', 'captured-dropped', 'max-errors', 'owned', 'io-errors', 'rounds', 'round-ns', 'steady-track', 'steady-range-pct', 'steady-slope-pct', 'rounds-done', 'steady-round', 'purge', 'batch', 'polled', 'cpu-ns', 'measurement-overhead-ns', 'clock-read-ns', 'unpolled', 'workers', 'cpus', 'replay-timing', 'replay-scale', 'replay-remap', 'anatomy', 'anatomy-unsplit',)}),
    "slowest-get": (8, "run", {"do_request": ('id',), "do_reply": ('id',), "dump_reply": ('id', 'slowest',)}),
    "timeseries-get": (9, "run", {"do_request": ('id', 'from',), "do_reply": ('id',), "dump_reply": ('id', 'interval',)}),
    "captured-get": (10, "run", {"do_request": ('id', 'from',), "do_reply": ('id',), "dump_reply": ('id', 'captured',)}),
    "trace-new": (11, "trace", {"do_request": ('ios',), "do_reply": ('id',)}),
    "trace-load": (12, "trace", {"do_request": ('id', 'chunk',), "do_reply": ('id', 'ios',)}),
    "run-progress-ntf": (13, "run", {}),
}
