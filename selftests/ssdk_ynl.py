#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
# ssdk-selftest: vm=main kernels=all time=15
"""The kernel's own ynl drives the module from our YAML spec: the spec
and the module agree, and the module's policies reject what the spec
does not allow."""

import functools
import json
from typing import Any

from lib.py import (
    YNL_CLI,
    YNL_SCHEMA,
    cli_json,
    ksft_eq,
    ksft_exit,
    ksft_in,
    ksft_ok,
    ksft_run,
    ksft_skip_all,
    ksft_true,
    ssdk_setup,
    ynl_cli,
    ynl_family,
    ynl_lib,
)


@functools.cache
def family() -> Any:
    return ynl_family()


@functools.cache
def info() -> Any:
    """info-get through ynl's library, as its CLI prints it (--output-json:
    sets as lists)."""
    got = family().do("info-get", {})
    return json.loads(json.dumps(got, default=list))


def caps_sorted(d: dict[str, Any]) -> dict[str, Any]:
    """D with its caps sorted: a flag set's order is its hash's."""
    caps = d.get("caps", [])
    return {**d, "caps": sorted(caps if isinstance(caps, list) else [caps])}


def spec_lists_info_get() -> None:
    ksft_in("info-get", family().ops)


def ynl_does_info_get() -> None:
    ksft_true(info(), "an empty answer")


def ynl_as_shipped_answers_the_same() -> None:
    """ynl's CLI as the kernel ships it, the spec validated against the
    kernel's genetlink-legacy schema and read by PyYAML's pure-Python
    parser, answers as the library does here."""
    p = ynl_cli("--output-json", "--do", "info-get", schema=YNL_SCHEMA)
    ksft_ok(p)
    if p.returncode == 0:
        ksft_eq(caps_sorted(json.loads(p.stdout)), caps_sorted(info()))


def ynl_and_ssdk_ctl_info_agree() -> None:
    ynl, ssdk = info(), cli_json("ctl", "info")
    for a, b in (("version", "version"), ("kernel-release", "kernel_release"), ("cpus", "cpus"),
                 ("clock-res-ns", "clock_res_ns")):
        ksft_eq(ynl.get(a), ssdk.get(b), f"{a}: ynl against ssdk's {b}")
    # ynl decodes the caps mask into flag names.
    ksft_eq(caps_sorted(ynl)["caps"], sorted(ssdk.get("caps", [])), "caps")


def an_attribute_info_get_does_not_take_is_refused() -> None:
    """info-get takes no attributes: the per-op policy refuses one."""
    try:
        family().do("info-get", {"version": "1.0"})
    except ynl_lib().NlError as e:
        ksft_in("Unsupported attribute", str(e))
    else:
        ksft_true(False, "info-get took a version")


def main() -> None:
    if not YNL_CLI.is_file():
        ksft_skip_all(f"no ynl CLI at {YNL_CLI} (run scripts/setup)")
    ssdk_setup()
    ksft_run([spec_lists_info_get, ynl_does_info_get, ynl_as_shipped_answers_the_same,
              ynl_and_ssdk_ctl_info_agree, an_attribute_info_get_does_not_take_is_refused])
    ksft_exit()


if __name__ == "__main__":
    main()
