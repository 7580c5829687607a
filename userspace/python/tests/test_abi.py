# SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause
"""The ctypes structs are libssdk.h's, and the library is the one the package finds."""

from __future__ import annotations

import ctypes
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest

import ssdk
from ssdk import _lib, spec
from ssdk.results import OPS

from .conftest import ROOT

TREE = ROOT.parent.parent
HAVE_CC = shutil.which("cc") is not None
HAVE_LIB = (ROOT.parent / _lib.SONAME).exists()


def c_layout(tmp: Path) -> dict[str, int]:
    """sizeof and offsetof of every field the ctypes structs name, by the C compiler."""
    lines = ["#include <stddef.h>", "#include <stdio.h>", '#include "libssdk.h"',
             "int main(void) {"]
    for cname, st in _lib.STRUCTS.items():
        lines.append(f'printf("{cname} %zu\\n", sizeof(struct {cname}));')
        for f in st._fields_:
            lines.append(f'printf("{cname}.{f[0]} %zu\\n", offsetof(struct {cname}, {f[0]}));')
    lines += ["return 0;", "}"]
    src = tmp / "layout.c"
    src.write_text("\n".join(lines) + "\n")
    exe = tmp / "layout"
    subprocess.run(["cc", "-o", str(exe), str(src), f"-I{TREE}/userspace/lib",
                    f"-I{TREE}/common", f"-I{TREE}/include/uapi"], check=True)
    out = subprocess.run([str(exe)], check=True, capture_output=True, text=True).stdout
    return {k: int(v) for k, v in (line.split() for line in out.splitlines())}


@pytest.mark.skipif(not HAVE_CC, reason="no C compiler")
def test_structs_are_libssdks(tmp_path: Path) -> None:
    want = c_layout(tmp_path)
    got: dict[str, int] = {}
    for cname, st in _lib.STRUCTS.items():
        got[cname] = ctypes.sizeof(st)
        for f in st._fields_:
            got[f"{cname}.{f[0]}"] = getattr(st, f[0]).offset
    assert got == want


def test_array_sizes_come_from_the_spec() -> None:
    assert _lib.NR_OPS == len(OPS) == 2
    assert _lib.RunConfig.bs_split.size == spec.MAX_BS_SPLIT * 8
    assert _lib.TARGET_LEN == spec.MAX_TARGET_LEN + 1


@pytest.mark.skipif(not HAVE_LIB, reason="libssdk not built")
def test_python_percentiles_are_libssdks() -> None:
    """The JSON rule applied here equals the library's hist_percentile()."""
    lib = _lib.lib()
    n = lib.ssdk_hist_buckets()
    rng = np.random.default_rng(1)
    lats = np.concatenate([rng.integers(300, 900, 5000), rng.lognormal(11, 1.5, 5000)])
    lats = lats.astype(np.uint64)
    lower = np.array([lib.ssdk_hist_bucket_lower(i) for i in range(n)], dtype=np.uint64)
    counts = np.zeros(n, dtype=np.uint64)
    idx = np.searchsorted(lower, lats, side="right") - 1
    np.add.at(counts, idx, 1)
    upper = np.array([lib.ssdk_hist_bucket_upper(i) for i in range(n)], dtype=np.uint64)
    h = ssdk.Histogram.from_dense(counts, lower, upper)
    lo, hi = int(lats.min()), int(lats.max())
    cp = counts.ctypes.data_as(ctypes.POINTER(ctypes.c_uint64))
    for p in (*np.linspace(0, 100, 201), 99.9, 99.99, 99.999, 99.9999):
        assert h.percentile(float(p), lo, hi) == lib.ssdk_hist_percentile(
            cp, len(lats), float(p), lo, hi), p


def test_library_lookup_order(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """SSDK_LIBRARY first, and only it when set: a wrong path is a clear error."""
    monkeypatch.setattr(_lib, "_lib", None)
    monkeypatch.setenv("SSDK_LIBRARY", str(tmp_path / "nothere.so"))
    with pytest.raises(ssdk.LibraryNotFoundError, match="SSDK_LIBRARY"):
        ssdk.Controller()
    assert _lib._candidates() == [str(tmp_path / "nothere.so")]
    monkeypatch.delenv("SSDK_LIBRARY")
    cands = _lib._candidates()
    if HAVE_LIB:
        assert cands[0] == str(ROOT.parent / _lib.SONAME)


@pytest.mark.skipif(not HAVE_LIB, reason="libssdk not built")
def test_without_the_module_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    """This host has no ssdk family: ModuleNotLoadedError says how to load it."""
    if Path("/sys/module/ssdk").exists():
        pytest.skip("the module is loaded here")
    monkeypatch.setattr(_lib, "_lib", None)
    with pytest.raises(ssdk.ModuleNotLoadedError, match="modprobe ssdk") as e:
        ssdk.Controller()
    assert e.value.errno == 2
