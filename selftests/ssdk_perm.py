#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
# ssdk-selftest: vm=main kernels=all time=40
"""Every operation needs CAP_NET_ADMIN, and those that change anything
(start, stop, delete) CAP_SYS_ADMIN too: an unprivileged user, root
without either capability, and a non-root user granted CAP_NET_ADMIN
alone are refused with a clear message, and nothing changes. The check
is on the socket's opener too, not only on its user (netlink_capable(),
the lesson of CVE-2014-0181): a socket opened without CAP_SYS_ADMIN and
handed to a process that has it changes nothing, and neither does one
whose process dropped the capability after opening it. A raw device
is opened as its caller would open its node: root without
CAP_DAC_OVERRIDE is refused a node whose mode denies it, and may use
it once the mode allows, whether /dev/nullb0 or a node made with mknod.
"""

import json
import os
import shutil
import stat
from collections.abc import Callable
from pathlib import Path

from lib.py import (
    AS_NOBODY,
    PYTHON,
    SELFTESTS,
    SPEC,
    YNL_CLI,
    cli,
    ksft_bail,
    ksft_case,
    ksft_eq,
    ksft_exit,
    ksft_ok,
    ksft_refused,
    ksft_run,
    ksft_skip_all,
    ksft_true,
    nobody_with,
    nullb_unload,
    require,
    run,
    ssdk,
    ssdk_setup,
    temp_dir,
    without_caps,
)

EPERM = "Operation not permitted|EPERM|-1"
NO_SYS_ADMIN = "EPERM: .*needs CAP_SYS_ADMIN"
# Who is refused what: setpriv's prefixes.
WHO = {
    "as_nobody": AS_NOBODY,
    "nobody_net_admin": nobody_with("net_admin"),
    "without_sys_admin": without_caps("sys_admin"),
}
# Root without the capabilities that bypass file permissions, with
# CAP_SYS_ADMIN and CAP_NET_ADMIN kept: the node's mode decides.
WITHOUT_DAC = without_caps("dac_override", "dac_read_search")


class Perm:
    """The run the refusals leave alone, and a world-readable copy of ynl
    for nobody (who cannot read root's cache)."""

    def __init__(self) -> None:
        self.tmp = temp_dir()
        self.tmp.chmod(0o755)
        ynl = self.tmp / "ynl"
        shutil.copytree(YNL_CLI.parent, ynl / "ynl")
        shutil.copy(SPEC, ynl / "ssdk.yaml")
        for d, _, files in os.walk(ynl):
            os.chmod(d, 0o755)
            for f in files:
                os.chmod(os.path.join(d, f), 0o644)
        self.ynl = ynl
        # Not owned: it goes on once this controller is closed, as one
        # of ssdk ctl start does.
        with ssdk.Controller() as ctl:
            self.id = ctl.start(ssdk.Job(target="/dev/nullb0", runtime="1h", owned=False)).id

    def ynl_nobody(self, op: str, req: dict[str, object] | None = None) -> None:
        """nobody's ynl CLI, as shipped, is refused OP."""
        args = ["--do", op] + (["--json", json.dumps(req)] if req is not None else [])
        ksft_refused(run([*AS_NOBODY, PYTHON, str(self.ynl / "ynl/cli.py"),
                          "--spec", str(self.ynl / "ssdk.yaml"), "--no-schema", *args]), 1, EPERM)

    def opener(self, mode: str, op: str) -> None:
        """nl_opener.py's MODE sends OP on the run: refused."""
        ksft_refused(run([PYTHON, str(SELFTESTS / "lib/nl_opener.py"), mode, op, str(self.id)]),
                     1, NO_SYS_ADMIN)


def refused(who: str, argv: list[str]) -> None:
    """ssdk ARGV by WHO: refused, naming the capability WHO lacks."""
    want = "CAP_NET_ADMIN" if who == "as_nobody" else "CAP_SYS_ADMIN"
    ksft_refused(cli(*argv, who=WHO[who]), 1, want)


def cases(p: Perm) -> list[Callable[[], None]]:
    out: list[Callable[[], None]] = [
        ksft_case("root_may_call_info_get", lambda: ksft_ok(cli("ctl", "info"))),
        ksft_case("nobody_is_refused",
                  lambda: ksft_refused(cli("ctl", "info", who=AS_NOBODY), 1, "CAP_NET_ADMIN")),
        ksft_case("root_without_net_admin_is_refused",
                  lambda: ksft_refused(cli("ctl", "info", who=without_caps("net_admin")), 1,
                                       "CAP_NET_ADMIN")),
        ksft_case("nobody_is_refused_through_ynl_too", p.ynl_nobody, "info-get"),
    ]
    # What changes runs needs CAP_SYS_ADMIN.
    for who in WHO:
        out += [
            ksft_case(f"{who}_ctl_start_refused", refused, who,
                      ["ctl", "start", "--target", "/dev/nullb0", "--ios", "10"]),
            ksft_case(f"{who}_ctl_stop_refused", refused, who, ["ctl", "stop", str(p.id)]),
            ksft_case(f"{who}_ctl_delete_refused", refused, who, ["ctl", "delete", str(p.id)]),
        ]

    def reading_allowed() -> None:
        """without CAP_SYS_ADMIN, reading is allowed: info, list, status"""
        ksft_ok(cli("ctl", "info", who=WHO["without_sys_admin"]))
        ksft_ok(cli("ctl", "list", who=WHO["nobody_net_admin"]))
        ksft_ok(cli("ctl", "status", str(p.id), who=WHO["nobody_net_admin"]))

    def nothing_changed() -> None:
        """and nothing changed: one run, still running"""
        with ssdk.Controller() as ctl:
            ksft_eq(len(ctl.list()), 1, "runs")
            ksft_eq(ctl.status(p.id).state, "running")

    def root_stops_it() -> None:
        """the same request, opened and sent by root: the run stops"""
        ksft_ok(run([PYTHON, str(SELFTESTS / "lib/nl_opener.py"), "root", "run-stop",
                     str(p.id)]))
        with ssdk.Controller() as ctl:
            ksft_true(ctl.wait_ended(p.id, 30000), "not ended in 30 s")
            ksft_eq(ctl.status(p.id).state, "stopped")
            ctl.delete(p.id)

    out += [
        ksft_case("without_sys_admin_reading_is_allowed", reading_allowed),
        ksft_case("nobody_through_ynl_run_start_refused", p.ynl_nobody, "run-start",
                  {"target": "/dev/nullb0", "ios": 10}),
        ksft_case("nobody_through_ynl_run_stop_refused", p.ynl_nobody, "run-stop", {"id": p.id}),
        ksft_case("nobody_through_ynl_run_del_refused", p.ynl_nobody, "run-del", {"id": p.id}),
        ksft_case("opened_without_sys_admin_sent_by_root_run_stop_refused", p.opener, "opener",
                  "run-stop"),
        ksft_case("opened_without_sys_admin_sent_by_root_run_del_refused", p.opener, "opener",
                  "run-del"),
        ksft_case("opened_by_root_sys_admin_dropped_before_sending_run_stop_refused", p.opener,
                  "dropped", "run-stop"),
        ksft_case("nothing_changed_one_run_still_running", nothing_changed),
        ksft_case("opened_and_sent_by_root_the_run_stops", root_stops_it),
    ]
    # The device node's permissions: /dev/nullb0's own, then a node made
    # with mknod.
    nodes = p.tmp / "nodes"
    nodes.mkdir()
    major, minor = (int(n) for n in Path("/sys/block/nullb0/dev").read_text().split(":"))
    os.mknod(nodes / "nb", 0o600 | stat.S_IFBLK, os.makedev(major, minor))
    for name, node in (("dev_nullb0", "/dev/nullb0"), ("mknod_node", str(nodes / "nb"))):
        out += node_cases(name, node)

    def root_writes() -> None:
        """root with every capability: a write run on the node of mode 0604 goes"""
        ksft_ok(cli("ctl", "run", "-q", "--ios", "10", "--target", str(nodes / "nb"),
                    "--rw", "randwrite", "--allow-write"))

    out.append(ksft_case("root_with_every_capability_write_run_on_mode_0604_goes", root_writes))
    return out


def node_cases(name: str, node: str) -> list[Callable[[], None]]:
    read = ["ctl", "run", "-q", "--ios", "10", "--target", node]

    def mode_0600_refused() -> None:
        os.chown(node, 65534, 65534)
        os.chmod(node, 0o600)
        ksft_refused(cli(*read, who=WITHOUT_DAC), 1, "target: permission denied: .* for reading")

    def mode_0604_reads() -> None:
        os.chmod(node, 0o604)
        ksft_ok(cli(*read, who=WITHOUT_DAC))

    def mode_0604_no_writes() -> None:
        ksft_refused(cli(*read, "--rw", "randwrite", "--allow-write", who=WITHOUT_DAC), 1,
                     "target: permission denied: .* for writing")

    return [ksft_case(f"without_dac_override_{name}_of_mode_0600_read_run_refused",
                      mode_0600_refused),
            ksft_case(f"mode_0604_{name}_read_run_goes", mode_0604_reads),
            ksft_case(f"mode_0604_{name}_write_run_refused", mode_0604_no_writes)]


def main() -> None:
    ssdk_setup(nr_devices=1, irqmode=0, gb=1)
    require("setpriv")
    if not YNL_CLI.is_file():
        ksft_skip_all(f"no ynl CLI at {YNL_CLI} (run scripts/setup)")
    dev = os.stat("/dev/nullb0")
    try:
        p = Perm()
    except ssdk.SsdkError as e:
        ksft_bail(f"cannot start a run: {e}")
    try:
        try:
            all_cases = cases(p)
        except OSError as e:
            ksft_bail(f"cannot make the device node: {e}")
        ksft_run(all_cases)
    finally:
        os.chown("/dev/nullb0", dev.st_uid, dev.st_gid)
        os.chmod("/dev/nullb0", stat.S_IMODE(dev.st_mode))
        nullb_unload()
    ksft_exit()


if __name__ == "__main__":
    main()
