# SPDX-License-Identifier: GPL-2.0
"""What a Python selftest drives the module with, and how it starts.

The CLI (where the CLI is what is tested), the ssdk Python package of
this tree (``from lib.py import ssdk``), the
kernel's ynl on the family's spec, the module loaded and null_blk as a
test wants them, and a temporary directory. What is missing skips the
whole program (ksft_skip_all), as lib/ssdk.sh's ssdk_setup does for the
shell tests.
"""

from __future__ import annotations

import argparse
import atexit
import importlib
import json
import os
import pprint
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NoReturn

from .ksft import (
    LINUX_TOOLS,
    KsftFailEx,
    KsftSkipEx,
    ksft_eq,
    ksft_exit,
    ksft_run,
    ksft_skip_all,
    ksft_true,
)

SELFTESTS = Path(__file__).resolve().parents[2]
REPO = Path(os.environ.get("SSDK_REPO") or SELFTESTS.parent)
SPEC = REPO / "Documentation/netlink/specs/ssdk.yaml"
YNL_CLI = LINUX_TOOLS / "tools/net/ynl/cli.py"
YNL_SCHEMA = LINUX_TOOLS / "Documentation/netlink/genetlink-legacy.yaml"
PYTHON = "/usr/bin/python3"

__all__ = [
    "AS_NOBODY", "CLI", "PYTHON", "REPO", "SELFTESTS", "SPEC", "YNL_CLI", "YNL_SCHEMA",
    "blk_counted", "blk_stat", "brd_load", "brd_unload", "cli", "cli_json", "interrupt",
    "ko_path", "ksft_check", "ksft_ok", "ksft_refused", "logic_only", "module_load",
    "module_loaded", "module_unload", "nobody_with", "nullb_load", "nullb_unload", "output",
    "require", "run", "run_count", "run_refused", "run_start_hour", "run_state", "runs_clear",
    "ssdk", "ssdk_setup", "ssdk_setup_fresh", "stopped_counted", "temp_dir", "wait_completed",
    "without_caps", "ynl", "ynl_cli", "ynl_family", "ynl_lib",
]

# The package of this tree, before any installed one; it finds the
# tree's libssdk.so.0 beside it (userspace/).
_PACKAGE = str(REPO / "userspace/python")
if _PACKAGE not in sys.path:
    sys.path.insert(0, _PACKAGE)
try:
    import ssdk
except ImportError as e:
    ksft_skip_all(f"cannot import the ssdk package: {e} (it needs numpy)")

# Each result line as it comes: run_tests.sh reads through a pipe.
if hasattr(sys.stdout, "reconfigure"):
    sys.stdout.reconfigure(line_buffering=True)

# --- the CLI ------------------------------------------------------------------


def cli_path() -> str:
    """$SSDK_CLI, else the tree's userspace/ssdk, else ssdk on PATH."""
    env = os.environ.get("SSDK_CLI")
    if env:
        return env
    tree = REPO / "userspace/ssdk"
    if os.access(tree, os.X_OK):
        return str(tree)
    return shutil.which("ssdk") or str(tree)


CLI = cli_path()

# Who runs a command: prefixes of setpriv(1).
AS_NOBODY = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]


def without_caps(*caps: str) -> list[str]:
    """Root without CAPS (setpriv's names: net_admin, sys_admin...),
    neither inheritable nor in the bounding set."""
    drop = ",".join(f"-{c}" for c in caps)
    return ["setpriv", f"--inh-caps={drop}", f"--bounding-set={drop}"]


def nobody_with(cap: str) -> list[str]:
    """nobody, with CAP kept through the change of user (ambient)."""
    return [*AS_NOBODY, f"--inh-caps=+{cap}", f"--ambient-caps=+{cap}"]


def run(argv: Sequence[str], timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """ARGV's exit status and output, its failure not raised."""
    return subprocess.run(list(argv), capture_output=True, text=True, check=False,
                          timeout=timeout)


def cli(*args: str, who: Sequence[str] = (),
        timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """ssdk ARGS, run by WHO (a setpriv prefix; root by default), for
    TIMEOUT seconds at most."""
    return run([*who, CLI, *args], timeout=timeout)


def cli_json(*args: str) -> Any:
    """The JSON of ssdk -j ARGS, which must succeed."""
    p = cli("-j", *args)
    if p.returncode != 0:
        raise RuntimeError(f"ssdk -j {' '.join(args)}: exit {p.returncode}: {p.stderr}")
    return json.loads(p.stdout)


def output(p: subprocess.CompletedProcess[str]) -> str:
    return p.stdout + p.stderr


def ksft_ok(p: subprocess.CompletedProcess[str]) -> None:
    """P exited 0 (its output shown when not)."""
    ksft_eq(p.returncode, 0, f"output: {output(p)}")


def ksft_refused(p: subprocess.CompletedProcess[str], status: int, pattern: str) -> None:
    """P exited STATUS, saying what the extended regex PATTERN matches
    (lib/ssdk.sh's expect_fail)."""
    ksft_eq(p.returncode, status, f"output: {output(p)}")
    ksft_true(re.search(pattern, output(p)) is not None, f"/{pattern}/ not in: {output(p)}")


# --- the module and its devices -----------------------------------------------


def ko_path() -> Path | None:
    """ssdk.ko for the running kernel: the VM runner's build, make's for
    the running kernel, or kmod/'s."""
    release = os.uname().release
    for ko in (REPO / f"build/{os.environ.get('SSDK_KERNEL', 'none')}/kmod/ssdk.ko",
               REPO / f"build/host-{release}/kmod/ssdk.ko", REPO / "kmod/ssdk.ko"):
        if os.access(ko, os.R_OK):
            return ko
    return None


def module_loaded() -> bool:
    return Path("/sys/module/ssdk").is_dir()


def module_load(*params: str) -> bool:
    """ssdk.ko loaded (with PARAMS) unless it is."""
    if module_loaded():
        return True
    ko = ko_path()
    return ko is not None and run(["insmod", str(ko), *params]).returncode == 0


def module_unload() -> bool:
    """ssdk.ko not loaded (unloaded if it was)."""
    return not module_loaded() or run(["rmmod", "ssdk"]).returncode == 0


def nullb_load(**params: int | str) -> bool:
    """null_blk with these parameters, and nothing else of it."""
    run(["rmmod", "null_blk"])
    return run(["modprobe", "null_blk", *(f"{k}={v}" for k, v in params.items())]).returncode == 0


def nullb_unload() -> None:
    run(["rmmod", "null_blk"])


def brd_load(nr: int, mib: int = 64) -> bool:
    """brd with NR RAM disks (/dev/ram0...) of MIB MiB each, anew
    (lib/ssdk.sh's brd_load)."""
    brd_unload()
    return run(["modprobe", "brd", f"rd_nr={nr}", f"rd_size={mib * 1024}"]).returncode == 0


def brd_unload() -> None:
    run(["rmmod", "brd"])


def runs_clear() -> None:
    """No run kept: those going on stopped, then every one deleted."""
    with ssdk.Controller() as ctl:
        for r in ctl.list():
            if r.state == "running":
                ctl.stop(r.id)
            ctl.delete(r.id)


def ssdk_setup(**nullb: int | str) -> None:
    """How a program starts, before ksft_run: as root, with ssdk.ko
    loaded, no run kept from an earlier program; given null_blk's
    parameters, a null_blk of its own with them. What is missing skips
    the program."""
    if os.geteuid() != 0:
        ksft_skip_all("needs root")
    if not module_load():
        ksft_skip_all("cannot load ssdk.ko")
    if nullb and not nullb_load(**nullb):
        ksft_skip_all("no null_blk")
    runs_clear()


def ssdk_setup_fresh(*params: str) -> None:
    """ssdk_setup's start with ssdk.ko loaded anew (with these module
    PARAMS): for a program that unloads the module or counts on what a
    fresh one holds."""
    if os.geteuid() != 0:
        ksft_skip_all("needs root")
    if not module_unload() or not module_load(*params):
        ksft_skip_all("cannot load ssdk.ko afresh")


def require(tool: str) -> None:
    """TOOL on PATH, or the program skips."""
    if shutil.which(tool) is None:
        ksft_skip_all(f"no {tool}")


def temp_dir() -> Path:
    """A directory of the program's own, removed when it exits."""
    d = Path(tempfile.mkdtemp(prefix="ssdk-selftest."))
    atexit.register(shutil.rmtree, d, ignore_errors=True)
    return d


# --- ynl ----------------------------------------------------------------------


def ynl_lib() -> Any:
    """The kernel's ynl library (tools/net/ynl/lib: YnlFamily, NlError),
    imported as the kernel's selftests do (net.ynl.lib), unchanged."""
    tools = LINUX_TOOLS / "tools"
    if not (tools / "net/ynl/lib/__init__.py").is_file():
        ksft_skip_all(f"no ynl at {tools}/net/ynl (run scripts/setup)")
    if str(tools) not in sys.path:
        sys.path.append(str(tools))
    return importlib.import_module("net.ynl.lib")


def ynl_family(spec: Path = SPEC) -> Any:
    """ynl's YnlFamily of SPEC (ssdk's by default), not validated against
    the schema at each load (ssdk_ynl.py does it once, and ynl-gen-c on
    the host)."""
    return ynl_lib().YnlFamily(str(spec), schema="")


def ynl_cli(*args: str, spec: Path = SPEC, schema: Path | None = None,
            who: Sequence[str] = (), timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """The kernel's ynl CLI as shipped, on SPEC, validated against SCHEMA
    when given, run by WHO, for TIMEOUT seconds at most."""
    check = ["--schema", str(schema)] if schema else ["--no-schema"]
    return run([*who, PYTHON, str(YNL_CLI), "--spec", str(spec), *check, *args], timeout=timeout)


# --- runs counted by the block layer; results' named checks (lib/ssdk.sh's) ----


def logic_only() -> None:
    """A case of logic that is the same whatever the kernel under it
    (ktap.sh's ktap_check_logic): it skips where make check says so
    (SSDK_CHECK_SCOPE=kernel), tested on the default kernel."""
    if os.environ.get("SSDK_CHECK_SCOPE", "all") == "kernel":
        raise KsftSkipEx("the same logic on every kernel: tested on the default one")


def ksft_check(name: str, doc: Any, *args: object) -> None:
    """The named check NAME of lib/checks.py holds over DOC, a parsed
    document (checks.py --list: each check, its arguments); when it does
    not, what it found against what it wanted."""
    from .. import checks  # selftests/lib/checks.py

    ok, lines = checks.CHECKS[name].run(doc, [str(a) for a in args])
    ksft_true(ok, f"check {name}: " + "; ".join(lines))


def blk_stat(dev: str, field: int) -> int:
    """FIELD of /sys/block/DEV/stat (1 reads completed, 5 writes completed)."""
    return int(Path(f"/sys/block/{dev.removeprefix('/dev/')}/stat").read_text().split()[field - 1])


def blk_counted(field: int, ios: int, *opts: str) -> Any:
    """A run of IOS IOs on nullb0 with OPTS ends done, and the block
    layer's counter FIELD grows by exactly IOS; the run's JSON."""
    before = blk_stat("nullb0", field)
    j = cli_json("ctl", "run", "-q", "--target", "/dev/nullb0", "--ios", str(ios), *opts)
    ksft_check("fields", j, f"completed={ios}", "state=done")
    ksft_eq(blk_stat("nullb0", field) - before, ios, f"growth of stat field {field}")
    return j


def run_count() -> int:
    """How many runs the module keeps."""
    with ssdk.Controller() as ctl:
        return len(ctl.list())


def run_refused(pattern: str, *opts: str) -> None:
    """ssdk ctl run of 10 IOs with OPTS exits 1 saying what the extended
    regex PATTERN matches, and no run is started."""
    n = run_count()
    ksft_refused(cli("ctl", "run", "-q", "--ios", "10", *opts), 1, pattern)
    ksft_eq(run_count(), n, "runs kept")


def run_start_hour(dev: str, *opts: str) -> int:
    """The id of a run of an hour at QD4 on DEV with OPTS, started."""
    return int(cli_json("ctl", "start", "--target", dev, "--runtime", "1h", "--iodepth", "4",
                        *opts)["id"])


def stopped_counted(*opts: str) -> None:
    """A run of an hour on nullb0 with OPTS, stopped once 1000 IOs (or
    5 s) went, ends stopped with as many IOs completed as the block
    layer counted reads: none left in flight."""
    before = blk_stat("nullb0", 1)
    run_id = run_start_hour("/dev/nullb0", *opts)
    with ssdk.Controller() as ctl:
        for _ in range(100):
            if ctl.status(run_id).completed >= 1000:
                break
            time.sleep(0.05)
    ksft_ok(run(["timeout", "30", CLI, "ctl", "stop", str(run_id)]))
    j = cli_json("ctl", "results", str(run_id))
    ksft_check("run_ended", j, "stopped")
    ksft_eq(j["completed"], blk_stat("nullb0", 1) - before, "completed, against reads counted")


# ssdk's YnlFamily, and the module load it was made for.
_YNL: dict[str, Any] = {}


def _ynl_ssdk() -> Any:
    """ssdk's YnlFamily for the module loaded now. ynl reads a spec in
    pure Python (a second of an emulated guest's CPU for ssdk's): once
    per program, and again only after the module was loaded anew, whose
    family then has another id (genetlink allocates ids cyclically; ynl
    keeps the ids it looked up in genl_family_name_to_id, forgotten
    then). /sys/module/ssdk is a new kernfs node, of a new inode, at each
    load."""
    load = Path("/sys/module/ssdk").stat().st_ino
    if _YNL.get("load") != load:
        ynl_lib()
        ynl_module: Any = importlib.import_module("net.ynl.lib.ynl")
        ynl_module.genl_family_name_to_id = None
        _YNL["family"] = ynl_family()
        _YNL["load"] = load
    return _YNL["family"]


def ynl(*args: str) -> subprocess.CompletedProcess[str]:
    """What ynl's CLI (tools/net/ynl/cli.py) does with ARGS (--do OP or
    --dump OP, --json ATTRS, --output-json) on ssdk's family, done by its
    library in this process: the reply printed as the CLI prints it, or
    the NlError (with the kernel's extack) and exit status 1 (what else
    the CLI would die of: its error, on stderr). For a test
    of the module's answers; ssdk_ynl.py tests the CLI itself."""
    parser = argparse.ArgumentParser(prog="ynl", exit_on_error=False)
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--do")
    mode.add_argument("--dump")
    parser.add_argument("--json", default="{}")
    parser.add_argument("--output-json", action="store_true")
    a = parser.parse_args(args)
    family = _ynl_ssdk()
    try:
        reply = family.do(a.do, json.loads(a.json)) if a.do else family.dump(a.dump,
                                                                           json.loads(a.json))
    except ynl_lib().NlError as e:
        return subprocess.CompletedProcess(["ynl", *args], 1, f"{e}\n", "")
    except Exception as e:  # noqa: BLE001 (what the CLI dies of, with its traceback)
        return subprocess.CompletedProcess(["ynl", *args], 1, "", f"{type(e).__name__}: {e}\n")
    if a.output_json:
        text = json.dumps(reply, default=lambda o: o.hex() if isinstance(o, bytes) else list(o))
    else:
        text = pprint.pformat(reply)
    return subprocess.CompletedProcess(["ynl", *args], 0, f"{text}\n", "")


def run_state(run_id: int) -> str:
    """The state of run RUN_ID."""
    with ssdk.Controller() as ctl:
        return str(ctl.status(run_id).state)


def wait_completed(run_id: int, n: int, timeout: float = 5.0) -> None:
    """Until run RUN_ID has completed N IOs, TIMEOUT seconds at most."""
    end = time.monotonic() + timeout
    with ssdk.Controller() as ctl:
        while ctl.status(run_id).completed < n and time.monotonic() < end:
            time.sleep(0.05)


def interrupt(proc: subprocess.Popen[Any], n: int, timeout: float = 30.0) -> int:
    """SIGINT (Ctrl-C) to PROC once the module's runs have completed N IOs
    (TIMEOUT seconds at most), then PROC's exit status once it has ended;
    a failure (and SIGKILL) when it still runs TIMEOUT seconds after."""
    end = time.monotonic() + timeout
    with ssdk.Controller() as ctl:
        while sum(r.completed for r in ctl.list()) < n and time.monotonic() < end:
            time.sleep(0.1)
    proc.send_signal(signal.SIGINT)
    try:
        return proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
        raise KsftFailEx(f"still running {timeout:.0f} s after SIGINT") from None


__all__ += ["ksft_check_file"]


def ksft_check_file(name: str, path: str | Path, *args: object) -> None:
    """ksft_check over the file PATH, read as the check reads its FILE
    (checks.py's loader of it: JSON, JSON lines, text, a review's
    record with its directory)."""
    from .. import checks  # selftests/lib/checks.py

    ksft_check(name, checks.CHECKS[name].load(str(path)), *args)


def genl_family_exists(name: str) -> bool:
    """Whether the kernel knows the generic netlink family NAME, asked of
    the kernel's nlctrl family through ynl (not through ssdk's tools)."""
    nlctrl = ynl_family(LINUX_TOOLS / "Documentation/netlink/specs/nlctrl.yaml")
    try:
        nlctrl.do("getfamily", {"family-name": name})
    except ynl_lib().NlError:
        return False
    finally:
        nlctrl.sock.close()
    return True


__all__ += ["genl_family_exists"]


def ksft_run_cleaned(cases: list[Callable[[], None]],
                     unload: Sequence[str] = ("null_blk",)) -> NoReturn:
    """ksft_run(CASES), then, however they ended, what a program leaves:
    ssdk.ko loaded, no run kept, the modules UNLOAD (a program's devices)
    unloaded; ksft_exit()."""
    try:
        ksft_run(cases)
    finally:
        module_load()
        runs_clear()
        for name in unload:
            run(["rmmod", name])
    ksft_exit()


__all__ += ["ksft_run_cleaned"]
