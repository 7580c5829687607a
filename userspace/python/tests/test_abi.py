# SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause
"""The ctypes structs are libssdk.h's, and the library is the one the package finds."""

from __future__ import annotations

import ctypes
import re
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


def c_numbers(tmp: Path, name: str, prints: list[str]) -> dict[str, int]:
    """What a C program on libssdk.h prints, "NAME NUMBER" a line: the compiler's say."""
    lines = ["#include <stddef.h>", "#include <stdio.h>", '#include "libssdk.h"',
             "int main(void) {", *prints, "return 0;", "}"]
    src = tmp / f"{name}.c"
    src.write_text("\n".join(lines) + "\n")
    exe = tmp / name
    subprocess.run(["cc", "-o", str(exe), str(src), f"-I{TREE}/userspace/lib",
                    f"-I{TREE}/common", f"-I{TREE}/include/uapi"], check=True)
    out = subprocess.run([str(exe)], check=True, capture_output=True, text=True).stdout
    return {k: int(v) for k, v in (line.split() for line in out.splitlines())}


def c_layout(tmp: Path) -> dict[str, int]:
    """sizeof and offsetof of every field the ctypes structs name, by the C compiler."""
    prints = []
    for cname, st in _lib.STRUCTS.items():
        prints.append(f'printf("{cname} %zu\\n", sizeof(struct {cname}));')
        for f in st._fields_:
            prints.append(f'printf("{cname}.{f[0]} %zu\\n", offsetof(struct {cname}, {f[0]}));')
    return c_numbers(tmp, "layout", prints)


@pytest.mark.skipif(not HAVE_CC, reason="no C compiler")
def test_structs_are_libssdks(tmp_path: Path) -> None:
    want = c_layout(tmp_path)
    got: dict[str, int] = {}
    for cname, st in _lib.STRUCTS.items():
        got[cname] = ctypes.sizeof(st)
        for f in st._fields_:
            got[f"{cname}.{f[0]}"] = getattr(st, f[0]).offset
    assert got == want


# libssdk.h's constants that _lib.py copies, and their names there.
CONSTANTS = {
    "SSDK_VERSION_LEN": "VERSION_LEN", "SSDK_RELEASE_LEN": "RELEASE_LEN",
    "SSDK_TARGET_LEN": "TARGET_LEN", "SSDK_REASON_LEN": "REASON_LEN",
    "SSDK_CONFIG_SET_WORDS": "CONFIG_SET_WORDS", "SSDK_NR_OPS": "NR_OPS",
    "SSDK_NR_SETS": "NR_SETS", "SSDK_ANY_CPU": "ANY_CPU", "SSDK_TRACE_NR_OPS": "TRACE_NR_OPS",
    "SSDK_TRACE_SIZES": "TRACE_SIZES", "SSDK_TRACE_QDS": "TRACE_QDS",
    "SSDK_FMT_LEN": "FMT_LEN", "SSDK_SHARES_LEN": "SHARES_LEN",
    "SSDK_DEVICE_LEN": "DEVICE_LEN", "SSDK_VALUE_SIZE": "VALUE_SIZE",
    "SSDK_VALUE_DURATION": "VALUE_DURATION", "SSDK_REPORT_NR_PCTS": "REPORT_NR_PCTS",
    "SSDK_REPORT_P50": "REPORT_P50", "SSDK_REPORT_P99": "REPORT_P99",
    "SSDK_REPORT_P999": "REPORT_P999",
}

# Functions of libssdk.h that the package does not call, and why.
C_ONLY = {
    "ssdk_config_unset": "a Job leaves out what it does not set",
    "ssdk_run_delete_check": "the CLI's check before a delete of several",
    "ssdk_hist_merge": "NumPy adds histograms",
    "ssdk_spec_attr": "spec.py is the spec's table, generated",
    "ssdk_spec_attr_type": "likewise",
    "ssdk_spec_name": "likewise",
    "ssdk_spec_value": "likewise",
    "ssdk_spec_enum": "likewise",
}


@pytest.mark.skipif(not HAVE_CC, reason="no C compiler")
def test_constants_are_libssdks(tmp_path: Path) -> None:
    want = c_numbers(tmp_path, "constants",
                     [f'printf("{c} %lld\\n", (long long)({c}));' for c in CONSTANTS])
    assert {c: getattr(_lib, py) for c, py in CONSTANTS.items()} == want


def header_functions() -> dict[str, int]:
    """Every function libssdk.h declares, and how many parameters it takes."""
    text = (TREE / "userspace/lib/libssdk.h").read_text()
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.DOTALL)
    out = {}
    for name, params in re.findall(r"\b(ssdk_\w+)\(([^()]*)\);", text):
        params = params.strip()
        out[name] = 0 if params in ("", "void") else params.count(",") + 1
    return out


@pytest.mark.skipif(not HAVE_LIB, reason="libssdk not built")
def test_functions_are_libssdks() -> None:
    """Each function of libssdk.h is exported; the package types each it calls with as
    many parameters as the header gives; one it does not call is named, with why."""
    funcs = header_functions()
    assert "ssdk_parse_bssplit" in funcs and funcs["ssdk_parse_shares"] == 7
    lib = ctypes.CDLL(str(ROOT.parent / _lib.SONAME))
    for name in funcs:
        assert hasattr(lib, name), f"{name} is declared, not exported"
    typed = {name: len(args) for name, (_, args) in _lib._PROTOTYPES.items()}
    assert {n: funcs.get(n) for n in typed} == typed
    assert set(funcs) - set(typed) == set(C_ONLY)


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
