# SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause
"""A run's latency histogram and its percentiles, as the CLI computes them.

The histogram is log-linear (common/hist.h): 2^hist_sub_bits buckets per
power of two, exact below 512 ns. Only its non-empty buckets travel, as
``[lower_ns, upper_ns, count]`` with inclusive bounds (the JSON's
"histogram"); here they are three NumPy arrays.

Percentile *p* of *n* latencies is the latency of rank ceil(p / 100 x n),
at least 1: the midpoint of the bucket holding that rank, rounded down,
clamped to [min, max]; a rank in the overflow bucket gives max
(Documentation/userspace/json.rst). This is the rule of the C function
hist_percentile() applied to the buckets' bounds, which the data carries,
so no copy of the bucket layout is needed.

The percentile maths and REPORT_PERCENTILES are copies of libssdk's
(ssdk_hist_percentile(), ssdk_report_pct()), kept here so that result
files are read, merged and plotted where libssdk is not installed:
tests/test_rules.py checks them against libssdk's on many histograms
(empty, one latency, latencies near 2^64, counts near 2^64) and
tests/test_results.py every percentile against the CLI's for the same
runs.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

U64_MAX = (1 << 64) - 1

# The percentiles the CLI reports (its JSON's "percentiles" keys): a copy
# of libssdk's ssdk_report_pct(), see above; and the three a comparison
# shows (libssdk.h's SSDK_REPORT_P50, _P99, _P999).
REPORT_PERCENTILES: tuple[float, ...] = (
    1, 5, 10, 25, 50, 75, 90, 95, 99, 99.9, 99.99, 99.999, 99.9999)
REPORT_P50, REPORT_P99, REPORT_P999 = 4, 8, 9
SHORT_PERCENTILES: tuple[float, ...] = tuple(
    REPORT_PERCENTILES[i] for i in (REPORT_P50, REPORT_P99, REPORT_P999))

U64Array = npt.NDArray[np.uint64]


def _rank(pct: float, total: int) -> int:
    """ceil(pct / 100 * total) with the C code's slack for decimal percentiles."""
    exact = pct * float(total) / 100
    exact -= exact / 1125899906842624.0  # 2^50
    rank = math.floor(exact)
    if rank < exact:
        rank += 1
    return max(rank, 1)


@dataclass(frozen=True)
class Histogram:
    """Non-empty buckets of a latency histogram, in increasing order.

    ``lower`` and ``upper`` are each bucket's inclusive bounds in ns (the
    overflow bucket's upper bound is 2^64 - 1), ``counts`` its latencies.
    """

    lower: U64Array
    upper: U64Array
    counts: U64Array

    @classmethod
    def empty(cls) -> Histogram:
        z = np.zeros(0, dtype=np.uint64)
        return cls(z, z, z)

    @classmethod
    def from_triples(cls, rows: Sequence[Sequence[int]]) -> Histogram:
        """From the JSON's ``[[lower, upper, count], ...]``."""
        if not rows:
            return cls.empty()
        a = np.array(rows, dtype=np.uint64)
        if a.ndim != 2 or a.shape[1] != 3:
            raise ValueError("a histogram is a list of [lower_ns, upper_ns, count]")
        return cls(a[:, 0].copy(), a[:, 1].copy(), a[:, 2].copy())

    @classmethod
    def from_dense(cls, counts: U64Array, lower: U64Array, upper: U64Array) -> Histogram:
        """From every bucket's count and bounds (libssdk's layout)."""
        nz = np.flatnonzero(counts)
        return cls(lower[nz].copy(), upper[nz].copy(), counts[nz].copy())

    def triples(self) -> list[list[int]]:
        """As the JSON writes it."""
        return [[int(lo), int(up), int(c)]
                for lo, up, c in zip(self.lower, self.upper, self.counts, strict=True)]

    @property
    def total(self) -> int:
        return int(self.counts.sum(dtype=np.uint64))

    @property
    def edges(self) -> tuple[U64Array, U64Array]:
        """The buckets' bounds: (lower, upper), inclusive, ns."""
        return self.lower, self.upper

    def percentile(self, pct: float, min_ns: int, max_ns: int) -> int:
        """Percentile *pct* (0..100), ns; 0 for no latencies."""
        return self.percentiles([pct], min_ns, max_ns)[0]

    def percentiles(self, pcts: Iterable[float], min_ns: int, max_ns: int) -> list[int]:
        """Several percentiles at once, ns."""
        pcts = list(pcts)
        total = self.total
        if not total:
            return [0 for _ in pcts]
        cum = np.cumsum(self.counts, dtype=np.uint64)
        out = []
        for pct in pcts:
            if pct >= 100:
                out.append(max_ns)
                continue
            rank = _rank(pct, total) if pct > 0 else 1
            i = int(np.searchsorted(cum, rank, side="left"))
            if i >= len(cum) or int(self.upper[i]) == U64_MAX:
                out.append(max_ns)
                continue
            lo, up = int(self.lower[i]), int(self.upper[i])
            out.append(min(max(lo + (up - lo) // 2, min_ns), max_ns))
        return out

    def cdf(self) -> tuple[U64Array, npt.NDArray[np.float64]]:
        """Each bucket's upper bound and the fraction of latencies at or below it."""
        total = self.total
        cum = np.cumsum(self.counts, dtype=np.float64)
        return self.upper, cum / total if total else cum

    def merged(self, other: Histogram) -> Histogram:
        """This histogram plus *other* (same layout)."""
        lower = np.concatenate([self.lower, other.lower])
        upper = np.concatenate([self.upper, other.upper])
        counts = np.concatenate([self.counts, other.counts])
        keys, inv = np.unique(lower, return_inverse=True)
        sums = np.zeros(len(keys), dtype=np.uint64)
        np.add.at(sums, inv, counts)
        ups = np.zeros(len(keys), dtype=np.uint64)
        ups[inv] = upper
        return Histogram(keys.astype(np.uint64), ups, sums)
