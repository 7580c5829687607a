# SPDX-License-Identifier: GPL-2.0
"""The kernel's ksft.py, typed: KTAP, ksft_run and its checks.

scripts/setup extracts tools/testing/selftests/net/lib/py of Debian's
linux-source-6.12 into the cache, beside ynl (as it does
kselftest_harness.h for the host unit tests). Only ksft.py and what it
imports (consts.py, utils.py: the standard library) are loaded, by path,
as a package of their own name: the directory's __init__.py would import
netns.py, nsim.py and ynl wrappers for ethtool and rtnetlink as well,
none of which ssdk needs. Nothing of it is changed.

ksft's names are re-exported with their types; ksft_skip_all(),
ksft_bail() and ksft_case() are ssdk's, and so is ksft_pr(), which prefixes
every line as later kernels' does.
"""

from __future__ import annotations

import importlib
import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any, NoReturn, Protocol

__all__ = [
    "KSFT_PY", "LINUX_TOOLS", "KsftFailEx", "KsftSkipEx", "KsftXfailEx", "ksft_bail",
    "ksft_case", "ksft_eq", "ksft_exit", "ksft_ge", "ksft_in", "ksft_lt", "ksft_ne", "ksft_pr",
    "ksft_run", "ksft_skip_all", "ksft_true",
]

KSFT_SKIP = 4

CACHE = Path(os.environ.get("SSDK_CACHE") or
             Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "ssdk")
LINUX_TOOLS = CACHE / "src/linux-6.12"
KSFT_PY = LINUX_TOOLS / "tools/testing/selftests/net/lib/py"


def ksft_skip_all(why: str) -> NoReturn:
    """The whole program skips (a prerequisite is missing): KTAP's plan of
    none, and kselftest's exit status 4. Before ksft_run only."""
    print("KTAP version 1")
    print(f"1..0 # SKIP {why}", flush=True)
    sys.exit(KSFT_SKIP)


def ksft_bail(why: str) -> NoReturn:
    """The program cannot go on (what it tests failed before its cases):
    KTAP's Bail out!, and a failure."""
    print(f"Bail out! {why}", flush=True)
    sys.exit(1)


def _load() -> ModuleType:
    if not (KSFT_PY / "ksft.py").is_file():
        ksft_skip_all(f"no ksft.py at {KSFT_PY} (run scripts/setup)")
    name = "kernel_net_lib_py"
    if name not in sys.modules:
        spec = importlib.machinery.ModuleSpec(name, None, is_package=True)
        spec.submodule_search_locations = [str(KSFT_PY)]
        pkg = importlib.util.module_from_spec(spec)
        sys.modules[name] = pkg
    return importlib.import_module(f"{name}.ksft")


class _Check1(Protocol):
    def __call__(self, a: Any, comment: str = "") -> None: ...


class _Check2(Protocol):
    def __call__(self, a: Any, b: Any, comment: str = "") -> None: ...


class _Run(Protocol):
    def __call__(self, cases: list[Callable[[], None]] | None = None,
                 globs: dict[str, Any] | None = None, case_pfx: set[str] | None = None,
                 args: tuple[Any, ...] = ()) -> None: ...


class _Exit(Protocol):
    def __call__(self) -> NoReturn: ...


_ksft = _load()

KsftSkipEx: type[Exception] = _ksft.KsftSkipEx
KsftXfailEx: type[Exception] = _ksft.KsftXfailEx
KsftFailEx: type[Exception] = _ksft.KsftFailEx
ksft_true: _Check1 = _ksft.ksft_true
ksft_eq: _Check2 = _ksft.ksft_eq
ksft_ne: _Check2 = _ksft.ksft_ne
ksft_in: _Check2 = _ksft.ksft_in
ksft_ge: _Check2 = _ksft.ksft_ge
ksft_lt: _Check2 = _ksft.ksft_lt
ksft_run: _Run = _ksft.ksft_run
ksft_exit: _Exit = _ksft.ksft_exit


def ksft_pr(*objs: object) -> None:
    """ksft_pr, a "# " before each line of what it prints (6.12's puts it
    before the first only, so that a multi-line text would break the
    KTAP; later kernels' ksft_pr prefix every line, as this one)."""
    for line in " ".join(str(o) for o in objs).split("\n"):
        print(f"# {line}", flush=True)


def ksft_case(name: str, fn: Callable[..., None], *args: Any,
              **kwargs: Any) -> Callable[[], None]:
    """A case of ksft_run named NAME (its KTAP line says PROGRAM.NAME)
    that calls FN(*ARGS, **KWARGS): one test point, of a family of them
    or named after its sentence."""
    def case() -> None:
        fn(*args, **kwargs)
    case.__name__ = name
    return case
