# SPDX-License-Identifier: GPL-2.0
"""ssdk.system: libssdk's facts of a machine through ctypes, over a tree
standing for /sys and /proc; their JSON in a run's conditions, and in the
report."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ssdk import report, system
from ssdk.results import Results

from .conftest import FIXTURES, ROOT

HAVE_LIB = (ROOT.parent / "libssdk.so.0").exists()
lib_only = pytest.mark.skipif(not HAVE_LIB, reason="libssdk not built")


def put(root: Path, rel: str, text: str) -> None:
    p = root / rel
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(text)


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    """Two CPUs, a C6 of 133 us on both, THP always, an NVMe disk with
    mq-deadline: the shapes of a desktop's sysfs."""
    cpu = "sys/devices/system/cpu"
    put(tmp_path, f"{cpu}/online", "0-1\n")
    put(tmp_path, f"{cpu}/cpuidle/current_driver", "intel_idle\n")
    for c in (0, 1):
        put(tmp_path, f"{cpu}/cpu{c}/cpufreq/scaling_governor", "powersave\n")
        put(tmp_path, f"{cpu}/cpu{c}/cpufreq/scaling_driver", "intel_pstate\n")
        for i, (name, lat) in enumerate((("POLL", 0), ("C1", 2), ("C6", 133))):
            put(tmp_path, f"{cpu}/cpu{c}/cpuidle/state{i}/name", f"{name}\n")
            put(tmp_path, f"{cpu}/cpu{c}/cpuidle/state{i}/latency", f"{lat}\n")
            put(tmp_path, f"{cpu}/cpu{c}/cpuidle/state{i}/disable", "0\n")
    put(tmp_path, "sys/kernel/mm/transparent_hugepage/enabled", "[always] madvise never\n")
    dev = "sys/devices/pci0000:00/0000:00:04.0"
    disk = f"{dev}/nvme/nvme0/nvme0n1"
    put(tmp_path, f"{disk}/queue/scheduler", "none [mq-deadline] kyber\n")
    put(tmp_path, f"{disk}/queue/rotational", "0\n")
    put(tmp_path, f"{disk}/mq/0/cpu_list", "0, 1\n")
    put(tmp_path, f"{dev}/numa_node", "-1\n")
    (tmp_path / "sys/class/block").mkdir(parents=True)
    (tmp_path / "sys/class/block/nvme0n1").symlink_to(
        "../../devices/pci0000:00/0000:00:04.0/nvme/nvme0/nvme0n1")
    return tmp_path


@lib_only
def test_facts_and_verdicts(tree: Path) -> None:
    c = system.read("/dev/nvme0n1", root=str(tree))
    c6, gov, thp = c.fact("cpuidle.C6"), c.fact("cpufreq.governor"), c.fact("thp")
    assert c6 is not None and c6.verdict == "jitter" and c6.jitter_ns == 133_000
    assert gov is not None and (gov.value, gov.verdict) == ("powersave", "jitter")
    assert thp is not None and thp.value.startswith("always") and thp.jitter_ns == 1_000_000
    sched = c.fact("queue.scheduler")
    assert sched is not None and sched.value == "mq-deadline"
    assert c.expected_ns == 20_000  # flash: rotational 0
    # over: jitter past a tenth of 20 us: C6 and THP; C1's 2 us is not past 2 us
    assert set(c.over) == {"cpuidle.C6", "thp"}
    assert system.Conditions.from_json(json.loads(json.dumps(c.to_json(why=True)))) == c


@lib_only
def test_bad_input_is_libssdks_message(tree: Path) -> None:
    with pytest.raises(ValueError, match="CPUs 2-3 are not online"):
        system.read(None, cpus="0-3", root=str(tree))
    with pytest.raises(ValueError, match="nvme9n1: sysfs has no disk of it"):
        system.read("nvme9n1", root=str(tree))
    with pytest.raises(ValueError, match="not a CPU list"):
        system.read(None, cpus="0-", root=str(tree))


@lib_only
def test_results_and_report_carry_the_facts(tree: Path, tmp_path: Path) -> None:
    doc = json.loads((FIXTURES / "randread-nullb.json").read_text())
    c = system.read("/dev/nvme0n1", root=str(tree))
    doc.setdefault("conditions", {})["system"] = c.to_json()
    r = Results.from_json(doc)
    assert r.system is not None and r.system.over == c.over
    assert "system" not in r.conditions
    assert r.to_json()["conditions"]["system"] == c.to_json()
    out = tmp_path / "r.json"
    out.write_text(json.dumps(doc))
    page = tmp_path / "r.html"
    assert report.main([str(out), "-o", str(page)]) == 0
    text = page.read_text()
    assert '<table class="system">' in text and "cpuidle.C6" in text
    assert "Past a tenth of the expected 20.0 µs: cpuidle.C6, thp." in text
