#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
# ssdk-selftest: vm=smp kernels=all time=25
"""The machine's conditions in a guest (ssdk system; Documentation/system.rst):
show names what the guest has, against its own sysfs and procfs (no
cpufreq, the NVMe disk's interrupts, THP, the scheduler); tune and reset of
what a guest can change (THP, the scheduler, the admin queue's interrupt)
leave every file they touched byte for byte as it was, also when what ran
after tune was killed with SIGKILL; bad input is refused with one line and
changes nothing; a run's JSON records the conditions and warns, or refuses
with --strict-conditions, when THP adds jitter past its expected latency
(the report's table of them: userspace/python/tests/test_system.py)."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import time
from pathlib import Path
from typing import Self

from lib.py import (
    AS_NOBODY,
    CLI,
    KsftSkipEx,
    cli,
    cli_json,
    ksft_eq,
    ksft_exit,
    ksft_pr,
    ksft_run,
    ksft_true,
    nvme_disk,
    ssdk,
    ssdk_setup,
    temp_dir,
)

STATE = Path("/run/ssdk/system-tune.state")
# The workers' CPU: the second of two (the IRQs that can move go to the
# first); with one CPU (a kernel but the default's, scripts/check), the
# only one, and nothing to move the IRQs to.
SMP = len(os.sched_getaffinity(0)) >= 2
WORKERS = "1" if SMP else "0"
THP = Path("/sys/kernel/mm/transparent_hugepage/enabled")
DEFRAG = Path("/sys/kernel/mm/transparent_hugepage/khugepaged/defrag")


def disk() -> str:
    d = nvme_disk(1 << 30)
    if d is None:
        raise KsftSkipEx("no NVMe disk: vm-run --disk nvme:SIZE")
    return d


def chosen(path: Path) -> str:
    """A selector file's chosen word ("none [mq-deadline]": mq-deadline)."""
    text = path.read_text()
    m = re.search(r"\[([^]]+)\]", text)
    return m.group(1) if m else text.strip()


def pci_irqs(dev: str) -> set[int]:
    """The MSI vectors of the disk's PCI device, from sysfs."""
    d = Path(os.path.realpath(f"/sys/class/block/{Path(dev).name}"))
    while d != d.parent and not (d / "msi_irqs").is_dir():
        d = d.parent
    return {int(p.name) for p in (d / "msi_irqs").iterdir()}


def controller(dev: str) -> str:
    """The NVMe controller of the disk (nvme0 of nvme0n1): its IRQs are
    named after it in /proc/interrupts (nvme0q0, the admin queue)."""
    return Path(os.path.realpath(f"/sys/class/block/{Path(dev).name}/device")).name


def irq_names() -> dict[int, str]:
    out = {}
    for line in Path("/proc/interrupts").read_text().splitlines():
        head, _, rest = line.partition(":")
        if head.strip().isdigit():
            out[int(head)] = rest.split()[-1]
    return out


def show_names_what_a_guest_has() -> None:
    """show -j of the NVMe disk: no cpufreq, its IRQs those of its PCI
    device (nvme0q*), THP and the scheduler as sysfs chooses them, a
    hypervisor; "over" the jitter facts past a tenth of expected_ns"""
    dev = disk()
    doc = cli_json("system", "show", "--target", dev)
    facts = doc["facts"]
    has_cpufreq = Path("/sys/devices/system/cpu/cpu0/cpufreq").exists()
    ksft_eq("cpufreq" in facts, not has_cpufreq, "a fact 'cpufreq' exactly without cpufreq")
    if not has_cpufreq:
        ksft_eq(facts["cpufreq"]["value"], "none", "cpufreq")
    irqs = {int(k.split(".")[1]) for k in facts if re.fullmatch(r"irq\.\d+", k)}
    ksft_eq(irqs, pci_irqs(dev), "the IRQs: the PCI device's msi_irqs")
    names = irq_names()
    ctrl = controller(dev)
    ksft_true(bool(irqs) and all(names.get(i, "").startswith(ctrl + "q") for i in irqs),
              f"named {ctrl}q*: {[names.get(i) for i in sorted(irqs)]}")
    ksft_eq({i: facts[f"irq.{i}"]["value"].split(",")[0] for i in irqs},
            {i: names.get(i) for i in irqs}, "each IRQ's value names it as /proc/interrupts")
    ksft_true(facts["thp"]["value"].startswith(chosen(THP) + " "), facts["thp"]["value"])
    sched = Path(f"/sys/block/{Path(dev).name}/queue/scheduler")
    ksft_eq(facts["queue.scheduler"]["value"], chosen(sched), "the scheduler")
    flags = next((ln.split(":", 1)[1].split() for ln in
                  Path("/proc/cpuinfo").read_text().splitlines() if ln.startswith("flags")), [])
    ksft_true("hypervisor" in flags, "the guest's cpuinfo has the hypervisor flag")
    ksft_eq(facts["hypervisor"]["verdict"], "jitter", "a guest")
    ksft_eq(facts["device"]["value"], Path(dev).name, "the disk")
    over = {k for k, f in facts.items()
            if f["verdict"] == "jitter" and f.get("jitter_ns", 0) > doc["expected_ns"] // 10}
    ksft_eq(set(doc["over"]), over, "over: jitter past a tenth of expected_ns")
    ksft_eq(len(doc["over"]), len(set(doc["over"])), "over: each key once")
    ksft_pr(cli("system", "show", "--target", dev).stdout.rstrip())


def snapshot(paths: list[Path]) -> dict[Path, bytes]:
    return {p: p.read_bytes() for p in paths}


def tuned_files(dev: str) -> list[Path]:
    """Every file tune may touch here: each its dry run's plan names (paths
    relative to /), and THP's two, the disk's scheduler and nr_requests,
    its IRQs' affinity lists whatever the plan says."""
    q = Path(f"/sys/block/{Path(dev).name}/queue")
    plan = cli_json("system", "tune", "--dry-run", "--cpus", WORKERS, "--target", dev)
    files = [THP, DEFRAG, q / "scheduler", q / "nr_requests",
             *(Path(f"/proc/irq/{i}/smp_affinity_list") for i in sorted(pci_irqs(dev))),
             *(Path("/") / c["path"] for c in plan["changes"])]
    real: dict[str, Path] = {}
    for f in files:  # one file through two links (/sys/block, /sys/class/block) once
        real.setdefault(os.path.realpath(f), f)
    return list(real.values())


def tune(dev: str) -> dict[str, object]:
    p = cli("-j", "system", "tune", "--cpus", WORKERS, "--target", dev)
    ksft_eq(p.returncode, 0, f"tune: {p.stderr}")
    doc: dict[str, object] = json.loads(p.stdout)
    return doc


def reset() -> None:
    p = cli("system", "reset")
    ksft_eq(p.returncode, 0, f"reset: {p.stderr}")


class Guest:
    """The guest's THP and scheduler set so that tune has each to change
    (THP always, mq-deadline, whose nr_requests is set off its default:
    reset must put back what tune recorded, not what a scheduler's change
    makes anew); at the end, reset if tuned and every file tune may touch
    put back as it was, so that later tests find the guest unchanged."""

    def __init__(self, dev: str):
        q = Path(f"/sys/block/{Path(dev).name}/queue")
        self.sched, self.nr = q / "scheduler", q / "nr_requests"
        self.was = (chosen(THP), chosen(self.sched))
        self.before = snapshot(tuned_files(dev))

    def __enter__(self) -> Self:
        if STATE.exists():
            cli("system", "reset")
        THP.write_text("always")
        self.sched.write_text("mq-deadline")
        self.nr.write_text(str(max(int(self.nr.read_text()) // 2, 4)))
        return self

    def __exit__(self, *exc: object) -> None:
        if STATE.exists():
            cli("system", "reset")
        THP.write_text(self.was[0])
        self.sched.write_text(self.was[1])
        for f, b in self.before.items():
            if f not in (THP, self.sched) and f.read_bytes() != b:
                try:
                    f.write_bytes(b)
                except OSError as e:
                    ksft_pr(f"{f}: not put back: {e}")


def tune_then_reset_restores_every_byte() -> None:
    """tune --cpus 1: THP never, scheduler none, the admin queue's IRQ
    (nvme0q0) moved to CPU 0, the managed ones left (one CPU: nowhere to
    move it to); reset: every file byte for byte as before, the state
    file gone"""
    dev = disk()
    with Guest(dev):
        files = tuned_files(dev)
        before = snapshot(files)
        plan = cli_json("system", "tune", "--dry-run", "--cpus", WORKERS, "--target", dev)
        ksft_eq(before, snapshot(files), "a dry run changes nothing")
        keys = {c["key"] for c in plan["changes"]}
        ksft_true({"thp", "queue.scheduler", "queue.nr_requests"} <= keys,
                  f"the plan: THP, the scheduler and its nr_requests: {sorted(keys)}")
        ksft_true(not STATE.exists(), "a dry run writes no state")
        doc = tune(dev)
        # the dry run cannot know the IRQs the kernel manages without its
        # debugfs (CONFIG_GENERIC_IRQ_DEBUGFS): tune finds them refused
        left = {x["key"]: x["why"] for x in doc["left"]}  # type: ignore[attr-defined]
        ksft_eq(doc["changes"], [c for c in plan["changes"] if c["key"] not in left
                                 or "refused" not in left[c["key"]]],
                "tune changed what its dry run said, but the managed IRQs")
        for c in doc["changes"]:  # type: ignore[attr-defined]
            if c["to"]:  # nr_requests: recorded only, restored by reset
                ksft_eq(chosen(Path("/") / c["path"]), c["to"], f"{c['key']} in effect")
        ksft_eq(chosen(THP), "never", "THP")
        ksft_eq(DEFRAG.read_text().strip(), "0", "khugepaged's defrag")
        ksft_eq(chosen(Path(f"/sys/block/{Path(dev).name}/queue/scheduler")), "none",
                "the scheduler")
        names = irq_names()
        admin = next(i for i in pci_irqs(dev) if names.get(i, "").endswith("q0"))
        if SMP:
            ksft_eq(Path(f"/proc/irq/{admin}/smp_affinity_list").read_text().strip(), "0",
                    "the admin queue's IRQ, off CPU 1")
            managed = {int(k[4:]) for k, w in left.items()
                       if k.startswith("irq.") and "managed" in w}
            ksft_true(bool(managed) and admin not in managed, f"managed IRQs left: {left}")
            ksft_true(all(names.get(i, "").startswith(controller(dev) + "q")
                          and not names.get(i, "").endswith("q0") for i in managed),
                      f"the managed IRQs left are IO queues': {left}")
            aff = {i: Path(f"/proc/irq/{i}/smp_affinity_list") for i in managed}
            ksft_eq({i: p.read_bytes() for i, p in aff.items()}, {i: before[p] for i, p in aff.items()},
                    "the managed IRQs stay where they were")
        else:
            ksft_true("no CPU outside" in left.get(f"irq.{admin}", ""),
                      f"one CPU: the admin IRQ left, {left}")
        ksft_true(STATE.exists(), "the state file")
        reset()
        ksft_eq(snapshot(files), before, "every file as before")
        ksft_true(not STATE.exists(), "the state file removed")


def reset_after_sigkill() -> None:
    """a run started after tune and killed with SIGKILL: a later reset
    restores every byte from the state file, which survived"""
    dev = disk()
    with Guest(dev):
        files = tuned_files(dev)
        before = snapshot(files)
        tune(dev)
        state = STATE.read_bytes()
        p = subprocess.Popen([CLI, "ctl", "run", "--target", dev, "--rw", "randread",
                              "--runtime", "30s", "--owned", "-q"],
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(1)
        ksft_eq(p.poll(), None, "the run still running when it is killed")
        p.send_signal(signal.SIGKILL)
        ksft_eq(p.wait(), -signal.SIGKILL, "killed by SIGKILL")
        ksft_eq(STATE.read_bytes() if STATE.exists() else None, state,
                "the state file survived as tune left it")
        reset()
        ksft_eq(snapshot(files), before, "every file as before")
        ksft_true(not STATE.exists(), "the state file removed")


def bad_input_changes_nothing() -> None:
    """CPUs not online, no such disk, a second tune, tune as nobody: one
    line, a non-zero exit, nothing changed"""
    dev = disk()
    with Guest(dev):
        files = tuned_files(dev)
        before = snapshot(files)
        for args, code, words in (
                (["system", "show", "--cpus", "7"], 2, "CPUs 7 are not online"),
                (["system", "show", "--cpus", "8191"], 2, "CPUs 8191 are not online"),
                (["system", "show", "--cpus", "8192"], 2, "not a CPU list"),
                (["system", "show", "--target", "/dev/nonexistent"], 1, "/dev/nonexistent"),
                (["system", "tune", "--cpus", "0-", "--target", dev], 2, "not a CPU list")):
            p = cli(*args)
            ksft_eq(p.returncode, code, f"{args}: exit status")
            ksft_true(words in p.stderr and len(p.stderr.splitlines()) == 1, p.stderr)
        p = cli("system", "tune", "--target", dev, who=AS_NOBODY)
        ksft_eq(p.returncode, 1, f"as nobody: {p.stderr}")
        ksft_true("needs root" in p.stderr and "would change thp" in p.stdout,
                  p.stdout + p.stderr)
        ksft_eq(snapshot(files), before, "nothing changed")
        ksft_true(not STATE.exists(), "no state file")
        tune(dev)
        tuned = snapshot([*files, STATE])
        p = cli("system", "tune", "--target", dev)
        ksft_eq(p.returncode, 1, "a second tune")
        ksft_true(str(STATE) in p.stderr and len(p.stderr.splitlines()) == 1, p.stderr)
        ksft_eq(snapshot([*files, STATE]), tuned, "a second tune changed nothing, its state neither")
        reset()
        ksft_eq(snapshot(files), before, "reset")


def a_runs_json_and_report_record_the_conditions() -> None:
    """THP always: a run on null_blk warns naming thp, its JSON's
    conditions.system says so; --strict-conditions refuses, starts nothing;
    the report prints the machine's table; THP never: no warning"""
    was = chosen(THP)
    try:
        THP.write_text("always")
        p = cli("-j", "ctl", "run", "--target", "/dev/nullb0", "--rw", "randread",
                "--ios", "2000")
        ksft_eq(p.returncode, 0, p.stderr)
        warn = [ln for ln in p.stderr.splitlines() if "warning" in ln]
        ksft_true(len(warn) == 1 and "thp always" in warn[0], p.stderr)
        doc = json.loads(p.stdout)
        sys_ = doc["conditions"]["system"]
        ksft_true("thp" in sys_["over"], f"over: {sys_['over']}")
        ksft_eq(sys_["facts"]["device"]["value"], "nullb0", "the device")
        ksft_eq(sys_["expected_ns"], 1000, "null_blk at once: 1 us")
        n = len(cli_json("ctl", "list"))
        p = cli("ctl", "run", "--target", "/dev/nullb0", "--ios", "2000",
                "--strict-conditions")
        ksft_eq(p.returncode, 1, "--strict-conditions")
        ksft_true("--strict-conditions" in p.stderr and len(p.stderr.splitlines()) == 1,
                  p.stderr)
        ksft_eq(len(cli_json("ctl", "list")), n, "no run started")
        # the report draws on the host (no matplotlib here): the package reads them
        res = temp_dir() / "run.json"
        res.write_text(json.dumps(doc))
        r = ssdk.Results.from_json(res)
        ksft_true(r.system is not None and "thp" in r.system.over, "Results.system")
        THP.write_text("never")
        p = cli("-j", "ctl", "run", "--target", "/dev/nullb0", "--rw", "randread",
                "--ios", "2000")
        ksft_eq(p.returncode, 0, p.stderr)
        ksft_true("thp" not in p.stderr, f"THP never: {p.stderr!r}")
        ksft_true("thp" not in json.loads(p.stdout)["conditions"]["system"]["over"], "over")
    finally:
        THP.write_text(was)


def main() -> None:
    assert ssdk is not None
    ssdk_setup(nr_devices=1, irqmode=0, gb=1)
    ksft_run([show_names_what_a_guest_has, tune_then_reset_restores_every_byte,
              reset_after_sigkill, bad_input_changes_nothing,
              a_runs_json_and_report_record_the_conditions])
    ksft_exit()


if __name__ == "__main__":
    main()
