# SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause
"""Each rule has one owner, libssdk: the copies Python keeps agree with it,
and what Python reads through it is read at its limits and one past them.

The copies (kept so that result files are read, merged, reported and
plotted without libssdk): histogram.py's percentiles and their list,
results.py's pct_key(), units.py's fmt_size() and fmt_ns(), plan.py's
change_pct(). Each is compared with libssdk's function on many inputs,
the edges among them.
"""

from __future__ import annotations

import ctypes
import math
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest

import ssdk
from ssdk import _lib, spec
from ssdk.histogram import (
    REPORT_P50,
    REPORT_P99,
    REPORT_P999,
    REPORT_PERCENTILES,
    SHORT_PERCENTILES,
    U64_MAX,
    Histogram,
)
from ssdk.job import JobError
from ssdk.lib_results import stddev
from ssdk.plan import change_pct
from ssdk.results import pct_key
from ssdk.units import fmt_ns, fmt_size, parse_duration_ns, parse_size

from .conftest import ROOT

pytestmark = pytest.mark.skipif(not (ROOT.parent / _lib.SONAME).exists(),
                                reason="libssdk not built")

# Room enough that libssdk cuts no text the copies write whole.
_BIG = 512


def c_text(fn: object, *args: object) -> str:
    return _lib.written(fn, *args, size=_BIG)


def u64s(n: int, seed: int) -> list[int]:
    """Fixed edges, then *n* values of every magnitude, multiples of 1024^k among them."""
    rng = np.random.default_rng(seed)
    out = [0, 1, 2, 511, 512, 1023, 1024, 1025, 4096, 1 << 20, 3 << 19, (1 << 40) - 1,
           1 << 40, 1 << 50, 1 << 53, (1 << 53) + 1, 1 << 63, U64_MAX - 1024, U64_MAX - 1023,
           U64_MAX - 1, U64_MAX]
    for _ in range(n):
        v = int(rng.integers(0, 1 << 63, dtype=np.uint64)) * 2 + int(rng.integers(0, 2))
        v >>= int(rng.integers(0, 64))
        v = (v >> (10 * int(rng.integers(0, 5)))) << (10 * int(rng.integers(0, 5)))
        out.append(v & U64_MAX)
    return out


def doubles(n: int, seed: int) -> list[float]:
    """Edges of the formats' thresholds and of double, then *n* of every magnitude."""
    rng = np.random.default_rng(seed)
    out = [0.0, -0.0, 0.4, 0.5, 0.6, 1.5, 2.5, 999.0, 999.4, 999.5, 999.6, 1e3,
           999999.99, 999999.995, 1e6, 999999999.9, 1e9, 12345.0, 1234567.0, 2.5e9,
           float(1 << 53), float(U64_MAX), 1e20, -1.0, -1e7, 5e-324, math.inf, -math.inf]
    out += [float(x) for x in rng.lognormal(10, 6, n)]
    out += [float(x) for x in rng.uniform(-1e4, 1e10, n)]
    return out


# --- the copies ---------------------------------------------------------------------

def test_report_percentiles_are_libssdks() -> None:
    lib = _lib.lib()
    got = []
    i = 0
    while (p := lib.ssdk_report_pct(i)) >= 0:
        got.append(p)
        i += 1
    assert tuple(got) == REPORT_PERCENTILES
    assert len(got) == _lib.REPORT_NR_PCTS
    assert lib.ssdk_report_pct(len(got)) == -1 and lib.ssdk_report_pct(2**32 - 1) == -1
    assert (REPORT_P50, REPORT_P99, REPORT_P999) == (
        _lib.REPORT_P50, _lib.REPORT_P99, _lib.REPORT_P999)
    assert SHORT_PERCENTILES == (50, 99, 99.9)


def test_pct_key_is_libssdks() -> None:
    lib = _lib.lib()
    rng = np.random.default_rng(3)
    pcts = [*REPORT_PERCENTILES, 0.0, 100.0, 1e-7, 5e-7, 99.9999995, 99.99999949, 12.3456785,
            -5.0, 1e15, math.inf, -math.inf, math.nan, *np.linspace(0, 100, 1001),
            *rng.uniform(0, 100, 2000)]
    for p in pcts:
        assert pct_key(float(p)) == c_text(lib.ssdk_pct_key, float(p)), p


def test_fmt_size_is_libssdks() -> None:
    lib = _lib.lib()
    for v in u64s(20000, 5):
        assert fmt_size(v) == c_text(lib.ssdk_fmt_size, v), v
        assert parse_size(fmt_size(v)) == v


def test_fmt_ns_is_libssdks() -> None:
    lib = _lib.lib()
    for v in doubles(10000, 7):
        assert fmt_ns(v) == c_text(lib.ssdk_fmt_ns, v), v
    # ints, as results hold them: C takes the double they round to
    for n in u64s(5000, 8):
        assert fmt_ns(n) == c_text(lib.ssdk_fmt_ns, float(n)), n
    assert fmt_ns(12345) == "12.35 us" and fmt_ns(850) == "850 ns"


def test_change_pct_is_libssdks() -> None:
    lib = _lib.lib()
    rng = np.random.default_rng(11)
    edges = [0.0, -0.0, 1.0, -1.0, 5e-324, 1e308, math.inf, -math.inf, math.nan, 100.0]
    pairs = [(a, b) for a in edges for b in edges]
    pairs += [(float(a), float(b)) for a, b in rng.lognormal(15, 5, (20000, 2))]
    pairs += [(float(a), float(b)) for a, b in rng.uniform(-1e6, 1e6, (5000, 2))]
    for a, b in pairs:
        want = lib.ssdk_change_pct(a, b)
        got = change_pct(a, b)
        assert got == want or (math.isnan(got) and math.isnan(want)), (a, b)


def _dense(n: int) -> npt.NDArray[np.uint64]:
    return np.zeros(n, dtype=np.uint64)


def _check_hist(counts: npt.NDArray[np.uint64], lo: int, hi: int) -> None:
    """Every percentile of interest of *counts* (min *lo*, max *hi*): the copy's and libssdk's."""
    lib = _lib.lib()
    lower, upper = ssdk.lib_results.BucketBounds.get()
    h = Histogram.from_dense(counts, lower, upper)
    total = int(counts.sum(dtype=np.uint64))
    cp = counts.ctypes.data_as(ctypes.POINTER(ctypes.c_uint64))
    pcts = [*REPORT_PERCENTILES, *np.linspace(0, 100, 101), 0.0, 1e-12, 99.99999999, 100.0,
            150.0, -1.0, math.nan]
    got = h.percentiles([float(p) for p in pcts], lo, hi)
    for p, g in zip(pcts, got, strict=True):
        assert g == lib.ssdk_hist_percentile(cp, total, float(p), lo, hi), (p, lo, hi)


def test_histogram_copy_at_the_edges() -> None:
    lib = _lib.lib()
    n = lib.ssdk_hist_buckets()
    lower, upper = ssdk.lib_results.BucketBounds.get()
    # empty: 0 whatever is asked
    _check_hist(_dense(n), 0, 0)
    assert Histogram.empty().percentile(50, 0, 0) == 0
    # one latency: 0 ns, 1 ns, 511 (the last exact), 512, near 2^64 (overflow)
    for lat in (0, 1, 511, 512, 1000, (1 << 41) - 1, 1 << 41, U64_MAX - 1, U64_MAX):
        c = _dense(n)
        c[int(np.searchsorted(lower, np.uint64(lat), side="right")) - 1] = 1
        _check_hist(c, lat, lat)
    # every latency in the overflow bucket, min and max near 2^64
    c = _dense(n)
    c[n - 1] = 7
    _check_hist(c, U64_MAX - 6, U64_MAX)
    # counts near 2^64 in all: two buckets, then every bucket
    c = _dense(n)
    c[3], c[600] = 1 << 63, (1 << 63) - 1
    _check_hist(c, 3, int(upper[600]))
    c = np.full(n, (U64_MAX // n), dtype=np.uint64)
    _check_hist(c, 0, U64_MAX)
    # latencies of every scale
    rng = np.random.default_rng(13)
    for k in range(20):
        c = _dense(n)
        idx = rng.integers(0, n, int(rng.integers(1, 50)))
        c[idx] = rng.integers(1, 1 << (3 * k + 1), len(idx), dtype=np.uint64)
        nz = np.flatnonzero(c)
        _check_hist(c, int(lower[nz[0]]), int(upper[nz[-1]]) if nz[-1] < n - 1 else U64_MAX)


# --- through libssdk: the parsers at their limits ------------------------------------

@pytest.mark.parametrize(("s", "n"), [
    ("18446744073709551615", U64_MAX), ("16777215t", 16777215 << 40),
    ("17179869183g", 17179869183 << 30), (U64_MAX, U64_MAX), (0, 0), ("0", 0)])
def test_sizes_at_their_limit(s: str | int, n: int) -> None:
    assert parse_size(s) == n


@pytest.mark.parametrize(("bad", "msg"), [
    ("18446744073709551616", "out of range"), ("16777216t", "out of range"),
    ("17179869184g", "out of range"), (U64_MAX + 1, "out of range"), (-1, "out of range"),
    (" 4k", "bad size"), ("4k ", "bad size"), ("4k\0", "bad size"), ("0x10", "bad size")])
def test_sizes_one_past(bad: str | int, msg: str) -> None:
    with pytest.raises(ValueError, match=msg):
        parse_size(bad)
    with pytest.raises(TypeError):
        parse_size(1.5)  # type: ignore[arg-type]


@pytest.mark.parametrize(("s", "ns"), [
    ("18446744073709551615ns", U64_MAX), ("18446744073s", 18446744073 * 10**9),
    ("18446744073.7095s", 18446744073709498368), (18446744073, 18446744073 * 10**9),
    (1e-9, 1), (0.5e-9, 1), (0.4e-9, 0), (1.5, 15 * 10**8), (0, 0), (-0.0, 0)])
def test_durations_at_their_limit(s: str | float, ns: int) -> None:
    """Numbers and texts alike, rounded as libssdk rounds (half away from zero)."""
    assert parse_duration_ns(s) == ns


@pytest.mark.parametrize("bad", ["18446744073709551616ns", "18446744074s", "18446744073.70956s",
                                 18446744074, 18446744073.70956, math.inf, math.nan, -1,
                                 -1e-9])
def test_durations_one_past(bad: str | float) -> None:
    with pytest.raises(ValueError, match="out of range"):
        parse_duration_ns(bad)


def _split(text: str) -> list[tuple[int, int]]:
    return ssdk.Job(bssplit=text).bs_split()


def test_bssplit_at_its_limits() -> None:
    # sums of 99, 100 and 101 alike: the module refuses all but 100
    assert _split("4k/50:8k/49") == [(4096, 50), (8192, 49)]
    assert _split("4k/50:8k/50") == [(4096, 50), (8192, 50)]
    assert _split("4k/50:8k/51") == [(4096, 50), (8192, 51)]
    # as many entries as a run takes, and one more
    many = ":".join(["1k/6"] * spec.MAX_BS_SPLIT)
    assert len(_split(many)) == spec.MAX_BS_SPLIT
    with pytest.raises(JobError, match=f"bssplit: at most {spec.MAX_BS_SPLIT} entries"):
        _split(many + ":1k/4")
    # the largest size and share a u32 holds, and one more
    assert _split("4294967295/4294967295") == [(2**32 - 1, 2**32 - 1)]
    for bad in ("4g/100", "4k/4294967296"):
        with pytest.raises(JobError, match="at most"):
            _split(bad)
    # a list reads as its text
    assert ssdk.Job(bssplit=[("4k", 50), (8192, 50)]).bs_split() == [(4096, 50), (8192, 50)]
    for entries in ([(True, 100)], [("4k", "50")], [("4k", -1)], [(-4096, 100)]):
        with pytest.raises(JobError, match="bssplit:"):
            ssdk.Job(bssplit=entries).bs_split()  # type: ignore[arg-type]
    for text in ("4k/100\0:8k/0", "4k/70:64k", "4k", ""):
        with pytest.raises(JobError, match="is not SIZE/PCT"):
            _split(text)


def _values(**kw: object) -> dict[str, int]:
    return ssdk.Job(target="/dev/x", owned=False, **kw).values()  # type: ignore[arg-type]


def test_pattern_at_its_limits() -> None:
    assert _values(pattern="repeat:4294967295") == {
        "pattern": int(spec.Pattern.REPEAT), "pattern-byte": 2**32 - 1}
    assert _values(pattern="repeat:0x7") == {"pattern": int(spec.Pattern.REPEAT),
                                              "pattern-byte": 7}
    assert _values(pattern="zeros") == {"pattern": int(spec.Pattern.ZEROS)}
    with pytest.raises(JobError, match="pattern: '4294967296' is not a number"):
        _values(pattern="repeat:4294967296")
    with pytest.raises(JobError, match="pattern: 'ones' is none of"):
        _values(pattern="ones")
    with pytest.raises(JobError, match=r"pattern: 'zeros:1' is not one of random, zeros, "
                                       r"repeat:BYTE, compressible:PCT"):
        _values(pattern="zeros:1")


def test_steady_at_its_limits() -> None:
    assert _values(steady="iops:4294967295%,slope:0") == {
        "steady-track": int(spec.SteadyTrack.IOPS), "steady-range-pct": 2**32 - 1,
        "steady-slope-pct": 0}
    with pytest.raises(JobError, match=r"steady: 'iops:4294967296' is not TRACK"):
        _values(steady="iops:4294967296")
    with pytest.raises(JobError, match="steady: 'mbps' is none of"):
        _values(steady="mbps")


# --- through libssdk: the figures and the device ---------------------------------------

def test_stddev_is_libssdks() -> None:
    c = _lib.Counts(ios=3, lat_sum_ns=600, lat_sumsq_lo=140000)
    assert stddev(c) == 100
    assert stddev(_lib.Counts(ios=1, lat_sum_ns=7, lat_sumsq_lo=49)) == 0
    assert stddev(_lib.Counts()) == 0
    # two latencies whose sum is near 2^64, their squares' near 2^127
    a, b = 9223372036854775000, 9223372036854775806
    sq = a * a + b * b
    c = _lib.Counts(ios=2, lat_sum_ns=a + b, lat_sumsq_hi=sq >> 64, lat_sumsq_lo=sq & U64_MAX)
    assert stddev(c) == pytest.approx(806 / math.sqrt(2), rel=1e-12)


def test_device_model_is_libssdks(tmp_path: Path) -> None:
    lib = _lib.lib()
    f = tmp_path / "target"
    f.write_text("x")
    for target in (str(f), "/", "/proc/self/exe"):
        buf = ctypes.create_string_buffer(_lib.DEVICE_LEN)
        lib.ssdk_device_model(target.encode(), buf, len(buf))
        assert ssdk.controller.device_model(target) == buf.value.decode(errors="replace")
    assert ssdk.controller.device_model(str(tmp_path / "missing")) == ""
    assert ssdk.controller.device_model(str(f) + "\0") == ""
