#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
# ssdk-selftest: vm=main kernels=all time=15
"""`ssdk ctl info` reports what the module says about itself, and each
value agrees with what the kernel says elsewhere."""

import functools
import json
import os
from pathlib import Path
from typing import Any

from lib.py import (
    cli,
    ksft_eq,
    ksft_exit,
    ksft_in,
    ksft_ok,
    ksft_run,
    ksft_true,
    output,
    ssdk_setup,
)


@functools.cache
def info_json() -> tuple[str, Any]:
    """ssdk ctl info -j: its text, and its document (None when it is not JSON)."""
    p = cli("ctl", "info", "-j")
    try:
        return p.stdout, json.loads(p.stdout)
    except json.JSONDecodeError:
        return output(p), None


def exits_0() -> None:
    ksft_ok(cli("ctl", "info"))


def text_shows_the_kernel_release() -> None:
    ksft_in(os.uname().release, cli("ctl", "info").stdout)


def json_parses() -> None:
    text, j = info_json()
    ksft_true(isinstance(j, dict), f"not a JSON object: {text}")


def field(name: str) -> Any:
    return info_json()[1][name]


def kernel_release_is_uname_r() -> None:
    ksft_eq(field("kernel_release"), os.uname().release)


def cpus_is_the_online_cpu_count() -> None:
    # nproc(1): the CPUs this process may run on.
    ksft_eq(field("cpus"), len(os.sched_getaffinity(0)))


def version_is_the_modules() -> None:
    ksft_eq(field("version"), Path("/sys/module/ssdk/version").read_text().strip())


def family_version_is_1() -> None:
    ksft_eq(field("family_version"), 1)


def caps_agree_with_clock_resolution() -> None:
    """High resolution timers and a 1 ns clock resolution go together."""
    j = info_json()[1]
    ksft_eq("highres-timers" in j["caps"], j["clock_res_ns"] == 1, f"caps {j['caps']}, "
            f"clock resolution {j['clock_res_ns']} ns")


def j_before_the_command_gives_the_same() -> None:
    ksft_eq(cli("-j", "ctl", "info").stdout, info_json()[0])


def main() -> None:
    ssdk_setup()
    ksft_run([exits_0, text_shows_the_kernel_release, json_parses, kernel_release_is_uname_r,
              cpus_is_the_online_cpu_count, version_is_the_modules, family_version_is_1,
              caps_agree_with_clock_resolution, j_before_the_command_gives_the_same])
    ksft_exit()


if __name__ == "__main__":
    main()
