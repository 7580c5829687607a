#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
# ssdk-selftest: vm=main kernels=all time=105
"""The family under fuzzing (lib/nlfuzz.py): requests built from the spec
as ynl reads it and broken in the ways the spec suggests, as root and as
nobody. Every reply is well formed, nobody is refused everything, no run
is left behind, and the module still runs IO and unloads afterwards.
(The VM runner fails the file on any kernel warning the fuzzing caused.)

    SSDK_FUZZ_SEED=N    replay a run: its seed is printed as "# seed: N"
    SSDK_FUZZ_COUNT=N   messages as root (default 3000); nobody sends a
                        fifth of them, 2000 at least
"""

import importlib.util
import os
import shutil
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from lib.py import (
    AS_NOBODY,
    LINUX_TOOLS,
    PYTHON,
    SELFTESTS,
    SPEC,
    cli,
    cli_json,
    ksft_case,
    ksft_eq,
    ksft_ok,
    ksft_pr,
    ksft_run_cleaned,
    ksft_skip_all,
    ksft_true,
    module_load,
    module_unload,
    output,
    require,
    run,
    run_count,
    runs_clear,
    ssdk_setup,
    temp_dir,
)

SEED = int(os.environ.get("SSDK_FUZZ_SEED") or int.from_bytes(os.urandom(4), "little"))
# 3000 requests in make check; check-debug sends 10000 (KASAN, KCSAN).
COUNT = int(os.environ.get("SSDK_FUZZ_COUNT") or 3000)
NOBODY_COUNT = max(COUNT // 5, 2000)
YNL_LIB = LINUX_TOOLS / "tools/net/ynl/lib"


def share() -> Path:
    """A world-readable copy of the fuzzer, the spec and ynl's reader of
    specs (nobody cannot read the test's directory or root's cache)."""
    d = temp_dir()
    for f in (SELFTESTS / "lib/nlfuzz.py", SPEC, YNL_LIB / "nlspec.py"):
        shutil.copy(f, d)
    for p in (d, *d.iterdir()):
        p.chmod(0o755 if p.is_dir() else 0o644)
    return d


SHARE = Path()
# A target for the kfile engine: a regular file of the test's own.
FILE = Path()


def nlfuzz(*args: str, who: Sequence[str] = ()) -> None:
    """The fuzzer with ARGS, run by WHO; its report (its seed first) is
    printed whatever the result."""
    start = time.monotonic()
    p = run([*who, PYTHON, str(SHARE / "nlfuzz.py"), "--spec", str(SHARE / "ssdk.yaml"),
             "--ynl-lib", str(SHARE), *args], timeout=3600)
    ksft_pr(output(p).rstrip())
    ksft_pr(f"took {time.monotonic() - start:.0f} s, exit status {p.returncode}")
    ksft_eq(p.returncode, 0, "the fuzzer's exit status")


def self_test() -> None:
    """The fuzzer's checks catch made-up bad replies."""
    nlfuzz("--self-test")


def as_root() -> None:
    """COUNT messages as root, every reply well formed."""
    ksft_pr(f"seed: {SEED} (SSDK_FUZZ_SEED={SEED} replays it)")
    nlfuzz("--target", "/dev/nullb0", "--seed", str(SEED), "--count", str(COUNT),
           "--file", str(FILE))


def as_nobody() -> None:
    """NOBODY_COUNT messages as nobody, every one refused (EPERM for the
    spec's ops)."""
    nlfuzz("--target", "/dev/nullb0", "--seed", str(SEED), "--count", str(NOBODY_COUNT),
           "--expect-denied", who=AS_NOBODY)


def no_runs_left() -> None:
    ksft_eq(run_count(), 0, "runs kept")


def io_after_fuzzing() -> None:
    j = cli_json("ctl", "run", "-q", "--target", "/dev/nullb0", "--ios", "1000")
    ksft_eq((j["completed"], j["read"]["ios"]), (1000, 1000), "completed, reads")


def unloads() -> None:
    runs_clear()
    ksft_true(module_unload(), "rmmod ssdk")


def reloads() -> None:
    ksft_true(module_load(), "insmod ssdk")
    ksft_ok(cli("ctl", "info"))


def cases() -> list[Callable[[], None]]:
    return [
        ksft_case("the_fuzzers_checks_catch_made_up_bad_replies_self_test", self_test),
        ksft_case(f"fuzz_{COUNT}_messages_as_root_every_reply_well_formed", as_root),
        ksft_case(f"fuzz_{NOBODY_COUNT}_messages_as_nobody_every_one_refused_eperm_for_the_specs_ops",
              as_nobody),
        ksft_case("no_run_is_left_after_fuzzing", no_runs_left),
        ksft_case("a_run_of_1000_ios_on_nullb0_completes_1000_after_fuzzing", io_after_fuzzing),
        ksft_case("rmmod_ssdk_after_fuzzing", unloads),
        ksft_case("insmod_ssdk_again_and_it_answers", reloads),
    ]


def main() -> None:
    global SHARE, FILE
    ssdk_setup(nr_devices=1, irqmode=0, gb=1)
    require("setpriv")
    if importlib.util.find_spec("yaml") is None:
        ksft_skip_all("no PyYAML for python3")
    SHARE = share()
    FILE = temp_dir() / "fuzz-file"
    with open(FILE, "wb") as f:
        f.truncate(4 << 20)
    ksft_run_cleaned(cases())


if __name__ == "__main__":
    main()
