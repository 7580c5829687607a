# SPDX-License-Identifier: GPL-2.0
"""The library of ssdk's Python selftests (selftests/ssdk_*.py).

A test imports it as the kernel's own Python selftests import theirs:

    from lib.py import ksft_run, ksft_exit, ksft_eq, ssdk_setup, cli

ksft.py: the kernel's ksft (KTAP, ksft_run, ksft_eq...), vendored by
scripts/setup; env.py: the CLI, the ssdk package, ynl, the module's setup.
"""

from .env import (
    AS_NOBODY,
    CLI,
    PYTHON,
    REPO,
    SELFTESTS,
    SPEC,
    YNL_CLI,
    YNL_SCHEMA,
    blk_counted,
    blk_stat,
    brd_load,
    brd_unload,
    cli,
    cli_json,
    ko_path,
    ksft_check,
    ksft_ok,
    ksft_refused,
    logic_only,
    module_load,
    module_loaded,
    nobody_with,
    nullb_load,
    nullb_unload,
    output,
    require,
    run,
    run_count,
    run_refused,
    run_start_hour,
    runs_clear,
    ssdk,
    ssdk_setup,
    stopped_counted,
    temp_dir,
    without_caps,
    ynl,
    ynl_cli,
    ynl_family,
    ynl_lib,
)
from .ksft import (
    KSFT_PY,
    LINUX_TOOLS,
    KsftFailEx,
    KsftSkipEx,
    KsftXfailEx,
    ksft_bail,
    ksft_case,
    ksft_eq,
    ksft_exit,
    ksft_ge,
    ksft_in,
    ksft_lt,
    ksft_ne,
    ksft_pr,
    ksft_run,
    ksft_skip_all,
    ksft_true,
)

__all__ = [
    "AS_NOBODY", "CLI", "KSFT_PY", "LINUX_TOOLS", "PYTHON", "REPO", "SELFTESTS", "SPEC",
    "YNL_CLI", "YNL_SCHEMA", "KsftFailEx", "KsftSkipEx", "KsftXfailEx", "blk_counted", "blk_stat",
    "brd_load", "brd_unload", "cli", "cli_json", "ko_path", "ksft_bail", "ksft_case",
    "ksft_check", "ksft_eq", "ksft_exit", "ksft_ge", "ksft_in", "ksft_lt", "ksft_ne", "ksft_ok",
    "ksft_pr", "ksft_refused", "ksft_run", "ksft_skip_all", "ksft_true", "logic_only",
    "module_load", "module_loaded", "nobody_with", "nullb_load", "nullb_unload", "output",
    "require", "run", "run_count", "run_refused", "run_start_hour", "runs_clear", "ssdk",
    "ssdk_setup", "stopped_counted", "temp_dir", "without_caps", "ynl", "ynl_cli", "ynl_family",
    "ynl_lib",
]
