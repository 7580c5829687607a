#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
# ssdk-selftest: vm=smp kernels=all time=55
"""Faults of the control side: a controller killed under an owned run, a
run whose IOs hang (delete refused at once, killed commands leave
nothing in D state), rmmod while a run is stopping and with finished
runs. Every answer is a result or one clear line; nothing may hang;
vm-run fails the suite on any warning in dmesg. (Faults of the target
are in ssdk_faults.py; many runs and racing controllers in
ssdk_races.py.)"""

import json
import subprocess
import time
from collections.abc import Callable

from lib.py import (
    CLI,
    SPEC,
    KsftFailEx,
    cli,
    cli_json,
    dev_sectors,
    dm_create,
    dm_linear,
    dm_remove,
    genl_family_exists,
    ksft_bail,
    ksft_case,
    ksft_check,
    ksft_eq,
    ksft_exit,
    ksft_ok,
    ksft_pr,
    ksft_refused,
    ksft_run,
    ksft_true,
    module_load,
    module_loaded,
    nullb_load,
    run,
    run_count,
    run_start_hour,
    run_state,
    runs_clear,
    ssdk_setup_fresh,
    wait_completed,
    ynl_cli,
)


def wait_state(run_id: int, state: str, tries: int = 50) -> bool:
    for _ in range(tries):
        if run_state(run_id) == state:
            return True
        time.sleep(0.1)
    return False


def gone_within(procs: list[subprocess.Popen[bytes]], secs: float) -> bool:
    try:
        for p in procs:
            p.wait(timeout=secs)
    except subprocess.TimeoutExpired:
        return False
    return True


def background(*args: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen([CLI, *args], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


# --- the controller -------------------------------------------------------------


def owned_killed() -> None:
    """--owned: the controller killed (SIGKILL), its run stops, results
    kept."""
    p = background("ctl", "run", "-q", "--owned", "--target", "/dev/nullb0", "--runtime", "1h")
    run_id = None
    for _ in range(100):
        owned = [r["id"] for r in cli_json("ctl", "list") if r["config"]["owned"]]
        if owned:
            run_id = int(owned[0])
            break
        time.sleep(0.1)
    if run_id is None:
        p.kill()
        raise KsftFailEx("no owned run seen")
    wait_completed(run_id, 200)
    p.kill()
    p.wait()
    cli("ctl", "wait", str(run_id), timeout=30)
    j = cli_json("ctl", "results", str(run_id))
    ksft_check("run_ended", j, "stopped", "^its owner closed its socket")
    ksft_ok(cli("ctl", "delete", str(run_id)))


def start_owned_refused() -> None:
    ksft_refused(cli("ctl", "start", "--owned", "--target", "/dev/nullb0", "--ios", "10"), 2,
                 "ctl start: --owned does not apply to start")


# --- a run whose IOs hang ---------------------------------------------------------


def no_d_state() -> None:
    ps = run(["ps", "-eo", "stat=,comm="]).stdout.splitlines()
    dstate = [ln for ln in ps if ln.split()[1:] == ["ssdk"] and ln.split()[0].startswith("D")]
    ksft_eq(dstate, [], "ssdk commands in D state")


def hung() -> None:
    """A dm table suspended under a run holds its IOs in flight for as
    long as it stays suspended. Deleting the run is refused at once, with
    the reason, whether it runs or is stopping; stop and wait wait
    killably: killed (SIGKILL), they go, and no ssdk command is left in D
    state. Resumed, the run ends stopped and is deleted."""
    dev = dm_linear("ssdk-hung", "/dev/nullb0")
    run_id = run_start_hour(dev)
    wait_completed(run_id, 100)
    ksft_ok(run(["dmsetup", "suspend", "ssdk-hung"]))
    try:
        ksft_refused(cli("ctl", "delete", str(run_id), timeout=5), 1,
                     "the run is running: stop it first")
        stop = background("ctl", "stop", str(run_id))
        wait = background("ctl", "wait", str(run_id))
        wait_state(run_id, "stopping")
        ksft_refused(cli("ctl", "delete", str(run_id), timeout=5), 1,
                     "the run is stopping.*delete it once it has ended")
        stop.kill()
        wait.kill()
        ksft_true(gone_within([stop, wait], 5), "a killed command is still there")
        no_d_state()
    finally:
        run(["dmsetup", "resume", "ssdk-hung"])
    ksft_ok(cli("ctl", "wait", str(run_id), timeout=30))
    ksft_eq(run_state(run_id), "stopped")
    ksft_ok(cli("ctl", "delete", str(run_id)))
    dm_remove("ssdk-hung")


def stop_prompt() -> None:
    """run-stop does not wait for the device: the handler, which holds
    generic netlink's lock, answers at once with the run stopping while a
    suspended dm table holds its IOs. Meanwhile other requests are
    answered and a generic netlink family registers (nbd's, its module
    loaded: the registration takes the lock for writing, which a waiting
    handler would have kept it from). ssdk ctl stop waits for the end in
    userspace, on the runs group, and returns with the final state once
    the IOs go."""
    dev = dm_linear("ssdk-held", "/dev/nullb0")
    run_id = run_start_hour(dev)
    wait_completed(run_id, 100)
    ksft_ok(run(["dmsetup", "suspend", "ssdk-held"]))
    stopper = None
    try:
        # ynl's CLI in a process of its own, under a time limit: the table
        # holds the IOs until it is resumed below, and a handler that
        # waited would never answer before, nor say stopping. The limit
        # only bounds that wait: Python's start under emulation, on a
        # loaded host, took more than 5 s.
        try:
            reply = ynl_cli("--output-json", "--do", "run-stop", "--json",
                            json.dumps({"id": run_id}), spec=SPEC, timeout=60)
        except subprocess.TimeoutExpired:
            raise KsftFailEx("run-stop: no answer within 60 s") from None
        ksft_pr(f"run-stop answered: {reply.stdout.strip()}")
        ksft_eq(json.loads(reply.stdout)["state"], "stopping")
        stopper = subprocess.Popen([CLI, "-j", "ctl", "stop", str(run_id)],
                                   stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        ksft_ok(cli("ctl", "info", timeout=30))
        if run(["modinfo", "nbd"]).returncode == 0 and not genl_family_exists("nbd"):
            ksft_ok(run(["modprobe", "nbd"], timeout=20))
            ksft_true(genl_family_exists("nbd"), "nbd's family registered")
            run(["rmmod", "nbd"])
        else:
            ksft_pr("no nbd module to load: registration not tried")
        time.sleep(0.5)
        ksft_true(stopper.poll() is None, "ctl stop returned before the run ended")
        ksft_eq(run_state(run_id), "stopping")
    finally:
        run(["dmsetup", "resume", "ssdk-held"])
    assert stopper is not None
    try:
        out = stopper.communicate(timeout=30)[0]
    except subprocess.TimeoutExpired:
        stopper.kill()
        raise KsftFailEx("ctl stop: still waiting") from None
    ksft_pr(f"ctl stop: {out.strip()}")
    ksft_eq(stopper.returncode, 0, "ctl stop's exit status")
    ksft_eq(json.loads(out)["state"], "stopped")
    ksft_ok(cli("ctl", "delete", str(run_id)))
    dm_remove("ssdk-held")


# --- rmmod ------------------------------------------------------------------------


def rmmod_stopping() -> None:
    """dm-delay holding each IO for 10 s: a stopped run waits that long
    for its IOs in flight, and rmmod comes in the meantime. (Not null_blk
    with a 10 s timer: its partition scan alone would take two minutes.)"""
    ksft_ok(run(["modprobe", "dm-delay"]))
    dev = dm_create("ssdk-slow", f"0 {dev_sectors('/dev/nullb0')} delay /dev/nullb0 0 10000\n")
    run_id = run_start_hour(dev)
    stopper = background("ctl", "stop", str(run_id))
    seen = wait_state(run_id, "stopping")
    if not seen:
        ksft_pr("never seen stopping")
    rm = run(["rmmod", "ssdk"], timeout=60)
    if rm.returncode:
        ksft_pr(f"rmmod: exit {rm.returncode}")
    stopper.wait(timeout=60)
    rd = run(["dmsetup", "remove", "ssdk-slow"], timeout=30)
    if rd.returncode:
        ksft_pr(f"dmsetup remove: exit {rd.returncode}")
    ksft_true(seen, "the run seen stopping")
    ksft_true(not module_loaded(), "the module gone")


def rmmod_finished() -> None:
    ksft_true(module_load(), "insmod")
    ksft_true(nullb_load(nr_devices=1, irqmode=0, gb=1), "null_blk")
    ksft_ok(cli("ctl", "run", "-q", "--target", "/dev/nullb0", "--ios", "1000"))
    ksft_ok(cli("ctl", "run", "-q", "--target", "/dev/nullb0", "--ios", "1000", "--rw",
                "randwrite", "--allow-write"))
    ksft_eq(run_count(), 2, "runs kept")
    ksft_ok(run(["rmmod", "ssdk"], timeout=30))
    ksft_true(not module_loaded(), "the module gone")


def cases() -> list[Callable[[], None]]:
    return [
        ksft_case("owned_the_controller_killed_sigkill_its_run_stops_results_kept", owned_killed),
        ksft_case("ctl_start_owned_refused_the_run_would_end_with_start", start_owned_refused),
        ksft_case("ios_held_by_a_suspended_dm_table_delete_refused_at_once_no_d_state", hung),
        ksft_case("run_stop_answers_at_once_stopping_while_ios_are_held_genl_stays_free",
              stop_prompt),
        ksft_case("rmmod_while_a_run_is_stopping_ios_of_10_s_in_flight_returns_module_gone",
              rmmod_stopping),
        ksft_case("rmmod_with_finished_runs_kept", rmmod_finished),
    ]


def main() -> None:
    ssdk_setup_fresh()
    if not nullb_load(nr_devices=1, irqmode=2, completion_nsec=50000, gb=1):
        ksft_bail("no null_blk")
    try:
        ksft_run(cases())
    finally:
        if not module_load():
            ksft_bail("cannot load ssdk.ko again")
        runs_clear()
        run(["rmmod", "null_blk"])
    ksft_exit()


if __name__ == "__main__":
    main()
