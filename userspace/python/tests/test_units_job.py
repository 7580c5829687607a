# SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause
"""Sizes, times and Jobs as the CLI reads them."""

from __future__ import annotations

import re
import subprocess

import pytest

import ssdk
from ssdk import job as jobmod
from ssdk import spec
from ssdk.units import U64_MAX, fmt_size, parse_duration_ns, parse_size

from .conftest import ROOT


@pytest.mark.parametrize(("s", "n"), [
    ("8G", 8 << 30), ("4k", 4096), ("512", 512), ("1m", 1 << 20), ("16GiB", 16 << 30),
    ("2t", 2 << 40), (4096, 4096)])
def test_sizes(s: str | int, n: int) -> None:
    assert parse_size(s) == n


@pytest.mark.parametrize("bad", ["", "k", "4x", "-1", "1.5g", "4 k k", "99999999999999999999t"])
def test_bad_sizes(bad: str) -> None:
    with pytest.raises(ValueError):
        parse_size(bad)


@pytest.mark.parametrize(("s", "ns"), [
    ("3m", 180 * 10**9), ("250ms", 250 * 10**6), ("1.5s", 15 * 10**8), ("10", 10**10),
    (30, 30 * 10**9), (0.5, 5 * 10**8), ("2h", 7200 * 10**9), ("100us", 100_000), ("7ns", 7)])
def test_durations(s: str | float, ns: int) -> None:
    assert parse_duration_ns(s) == ns


@pytest.mark.parametrize("bad", ["", "s", "3 parsecs", "1e3s", "0x10", "-1s", "."])
def test_bad_durations(bad: str) -> None:
    with pytest.raises(ValueError):
        parse_duration_ns(bad)


@pytest.mark.parametrize("n", [0, 512, 4096, 3 << 20, 8 << 30, 1000])
def test_fmt_size_reads_back(n: int) -> None:
    assert parse_size(fmt_size(n)) == n


def test_every_run_start_attribute_has_a_job_field() -> None:
    """A new attribute of the spec fails here until Job learns it."""
    request = set(spec.OPS["run-start"][2]["do_request"])
    covered = {a for a, _ in jobmod.FIELD_ATTRS.values()} | set(jobmod.OTHER_ATTRS)
    assert request == covered
    fields = set(jobmod.job_fields())
    assert set(jobmod.FIELD_ATTRS) <= fields


def test_job_values() -> None:
    j = ssdk.Job(target="/dev/x", rw="randwrite", bs="4k", iodepth=3, span="8G", runtime="3m",
                 ramp=1, pattern="compressible:50", allow_write=True, open_loop=True,
                 rate_iops=1000, continue_on_error=True)
    v = j.values()
    assert v == {"rw": int(spec.Rw.RANDWRITE), "bs": 4096, "iodepth": 3, "span": 8 << 30,
                 "runtime-ns": 180 * 10**9, "ramp-ns": 10**9,
                 "pattern": int(spec.Pattern.COMPRESSIBLE),
                 "compress-pct": 50, "allow-write": 1, "owned": 1, "rate-iops": 1000,
                 "arrivals": int(spec.Arrivals.UNIFORM), "max-errors": U64_MAX}


def test_unset_fields_are_not_sent() -> None:
    assert ssdk.Job(target="/dev/x", owned=False).values() == {}


def test_workers_and_cpus() -> None:
    j = ssdk.Job(target=["/dev/a", "/dev/b"], workers=2, cpus=[0, 1, 2], seed=10)
    runs = list(j.runs())
    assert [t for t, _ in runs] == ["/dev/a", "/dev/b"]
    assert [v["seed"] for _, v in runs] == [10, 11]
    assert [v["workers"] for _, v in runs] == [2, 2]
    c = j.config(*runs[0])
    assert (c.workers, c.nr_cpus, list(c.cpus[:3])) == (2, 3, [0, 1, 2])
    with pytest.raises(ssdk.JobError, match="workers: 65"):
        list(ssdk.Job(target="/dev/a", workers=65).runs())


def test_bssplit() -> None:
    assert ssdk.Job(bssplit="4k/70:64k/30").bs_split() == [(4096, 70), (65536, 30)]
    assert ssdk.Job(bssplit=[("4k", 50), (8192, 50)]).bs_split() == [(4096, 50), (8192, 50)]


@pytest.mark.parametrize(("kw", "msg"), [
    ({"rw": "sideways"}, "rw: 'sideways' is none of read, write"),
    ({"bs": "4q"}, "bs: bad size"),
    ({"runtime": "soon"}, "runtime: bad duration"),
    ({"iodepth": "3"}, "iodepth:"),
    ({"pattern": "repeat"}, "pattern:"),
    ({"pattern": "zeros:1"}, "pattern:"),
    ({"bssplit": "4k"}, "bssplit:"),
])
def test_bad_jobs_say_which_field(kw: dict[str, object], msg: str) -> None:
    with pytest.raises(ssdk.JobError, match=msg):
        j = ssdk.Job(target="/dev/x", **kw)  # type: ignore[arg-type]
        j.values()
        j.bs_split()


def test_a_job_needs_a_target() -> None:
    with pytest.raises(ssdk.JobError, match="target"):
        list(ssdk.Job().runs())


def test_cli_args_are_the_clis_options() -> None:
    """Every option cli_args() writes is one ssdk ctl run takes (its --help)."""
    j = ssdk.Job(target=["/dev/a", "/dev/b"], engine="kfile", buffered=True, file_size="1G",
                 workers=2, cpus=[0, 2], rw="randrw", rwmixread=70, bs="4k",
                 bssplit="4k/50:8k/50", iodepth=4, offset="1m", span="8G", align="4k",
                 align_offset=512, stride="8k", pattern="repeat:7", rate_iops=100,
                 arrivals="poisson", open_loop=True, runtime="1.5s", ios=10, ramp=1, cpu=1,
                 seed=3, slowest=8, ts_interval="10ms", capture_over="1ms", max_errors=2,
                 continue_on_error=True, owned=True, allow_write=True)
    args = j.cli_args()
    assert args[:4] == ["--target", "/dev/a", "--target", "/dev/b"]
    assert args[args.index("--runtime") + 1] == "1500000000ns"
    assert args[args.index("--span") + 1] == str(8 << 30)
    assert args[args.index("--bssplit") + 1] == "4096/50:8192/50"
    assert args[args.index("--cpus") + 1] == "0,2"
    opts = {a for a in args if a.startswith("--")}
    cli = ROOT.parent / "ssdk"
    if not cli.exists():
        pytest.skip("the CLI is not built")
    helptext = subprocess.run([str(cli), "ctl", "run", "--help"], capture_output=True,
                              text=True, check=False).stdout
    known = set(re.findall(r"^\s+(--[a-z-]+)", helptext, re.MULTILINE))
    assert opts <= known, opts - known
    # Every field but the name, its extras and the target is an option; purge
    # is ssdk ctl purge's --method (cli_args() refuses a purge job).
    fields = {"--" + f.replace("_", "-") for f in jobmod.job_fields()} - {"--name", "--extra"}
    assert fields <= known | {"--target", "--purge"}, fields - known
    purge_help = subprocess.run([str(cli), "ctl", "purge", "--help"], capture_output=True,
                                text=True, check=False).stdout
    assert "--method" in set(re.findall(r"^\s+(--[a-z-]+)", purge_help, re.MULTILINE))
    assert "--method" not in known
    with pytest.raises(jobmod.JobError, match="ssdk ctl purge"):
        ssdk.Job(target="/dev/a", purge="discard").cli_args()


@pytest.mark.parametrize(("s", "want"), [
    ("iops:20%,slope:10%", {"steady-track": 0, "steady-range-pct": 20, "steady-slope-pct": 10}),
    ("bw", {"steady-track": 1}),
    ("lat-mean,slope:5,range:15%",
     {"steady-track": 2, "steady-range-pct": 15, "steady-slope-pct": 5})])
def test_steady_reads_as_the_cli(s: str, want: dict[str, int]) -> None:
    """--steady's syntax; the values the module checks (values_test.c has the CLI's)."""
    got = ssdk.Job(target="/dev/x", steady=s).values()
    assert {k: v for k, v in got.items() if k.startswith("steady")} == want


@pytest.mark.parametrize("bad", ["mbps", "", "iops:", "iops:x", "iops,tilt:3", "iops:20,range:3",
                                 "iops,slope:1,slope:2", "slope:10"])
def test_bad_steady(bad: str) -> None:
    with pytest.raises(jobmod.JobError, match="steady"):
        ssdk.Job(target="/dev/x", steady=bad).values()


def test_rounds_are_options_of_the_cli() -> None:
    job = ssdk.Job(target="/dev/x", rounds=25, round_time="1m", steady="iops:20%")
    assert job.values()["round-ns"] == 60 * 10**9
    assert job.cli_args() == ["--target", "/dev/x", "--rounds", "25", "--round-time",
                              "60000000000ns", "--steady", "iops:20%", "--owned"]
