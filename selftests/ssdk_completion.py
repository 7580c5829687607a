#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
# ssdk-selftest: vm=main kernels=default time=45
"""The bash completion (userspace/completion/ssdk) completes run ids live
from the module: the commands that take one (status, stop, wait,
results, delete) are offered exactly the runs `ssdk -j ctl list` shows,
by prefix, as they come and go; with the module unloaded, nothing, and
nothing said. Its completion of commands, options and their values is
tested on the host (userspace/tests/completion.sh)."""

from collections.abc import Callable

from lib.py import (
    CLI,
    REPO,
    cli,
    cli_json,
    ksft_bail,
    ksft_case,
    ksft_eq,
    ksft_exit,
    ksft_run,
    ksft_true,
    module_load,
    module_loaded,
    module_unload,
    nullb_load,
    run,
    run_start_hour,
    runs_clear,
    ssdk_setup_fresh,
)

COMPLETION = REPO / "userspace/completion/ssdk"
RUN_ID_COMMANDS = ("status", "stop", "wait", "results", "delete")

# bash with the completion sourced, the line "ssdk WORDS" typed, the
# cursor at its end: what _ssdk offers, a line each.
BASH = """. "$1"
COMP_LINE=$2; COMP_POINT=${#2}
read -ra COMP_WORDS <<<"$2"
[[ $2 == *" " ]] && COMP_WORDS+=("")
COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
_ssdk; printf "%s\\n" "${COMPREPLY[@]}"
"""


def complete(words: str) -> list[str]:
    """What bash completion offers after "ssdk WORDS", in numeric order;
    what the script or the CLI says on stderr is kept too."""
    p = run(["bash", "-c", BASH, "_", str(COMPLETION), f"{CLI} {words}"])
    lines = [ln for ln in (p.stdout + p.stderr).splitlines() if ln]
    return sorted(lines, key=lambda ln: (not ln.isdigit(), int(ln) if ln.isdigit() else 0, ln))


def listed() -> list[str]:
    return [str(r["id"]) for r in sorted(cli_json("ctl", "list"), key=lambda r: int(r["id"]))]


def every_command_offers(want: list[str]) -> None:
    for c in RUN_ID_COMMANDS:
        ksft_eq(complete(f"ctl {c} "), want, f"ctl {c}")


IDS: list[str] = []


def three_runs() -> None:
    ksft_eq(len(IDS), 3, "runs listed")
    every_command_offers(IDS)


def prefix() -> None:
    p = IDS[0][:1]
    ksft_eq(complete(f"ctl status {p}"), [i for i in IDS if i.startswith(p)])


def wait_takes_one() -> None:
    ksft_eq(complete(f"ctl wait {IDS[0]} "), [])


def deleted() -> None:
    runs_clear()
    every_command_offers([])


def unloaded() -> None:
    ksft_true(module_unload() and not module_loaded(), "the module unloaded")
    every_command_offers([])


def cases() -> list[Callable[[], None]]:
    return [
        ksft_case("three_runs_each_run_id_command_offers_their_ids_as_ctl_list_has_them",
              three_runs),
        ksft_case("a_prefix_the_ids_that_start_with_it", prefix),
        ksft_case("ctl_wait_takes_one_id_none_offered_after_it", wait_takes_one),
        ksft_case("the_runs_deleted_no_id_offered", deleted),
        ksft_case("the_module_unloaded_no_id_offered_nothing_said", unloaded),
    ]


def main() -> None:
    ssdk_setup_fresh()
    if not nullb_load(nr_devices=1, gb=1):
        ksft_bail("no null_blk")
    runs_clear()
    try:
        # A run that goes on, two that ended.
        run_start_hour("/dev/nullb0")
        for _ in range(2):
            if cli("ctl", "run", "-q", "--target", "/dev/nullb0", "--ios", "100").returncode:
                ksft_bail("a run of 100 IOs failed")
        IDS.extend(listed())
        ksft_run(cases())
    finally:
        module_load()
        runs_clear()
        run(["rmmod", "null_blk"])
    ksft_exit()


if __name__ == "__main__":
    main()
