# SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause
"""``ssdk fio JOBFILE...``: fio's job files run through the module.

Each job becomes ``ssdk ctl run`` commands (``keys.translate()``; ``run``
groups and runs them); nothing starts until every job is translated and
every run has passed its dry run. The text shows each job's runs and
their figures, and what ssdk did with the options that do not change
what it measures; ``-j`` prints ssdk's own JSON of every run.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..compare import cli_path
from ..files import write_whole
from ..results import Results
from ..units import fmt_ns
from . import against, jobfile, json_out, keys, run

PROG = "ssdk-fio"
EXIT_RUNTIME, EXIT_USAGE = 1, 2


def parser() -> argparse.ArgumentParser:
    """The command line's parser: its --help, and its man page's one source."""
    ap = argparse.ArgumentParser(
        prog=PROG,
        description="Run fio job files through ssdk's kernel module: each job's IO from the"
        " kernel, as ssdk ctl run does it. The files are read as fio 3.33 reads them ([global],"
        " include, ${VAR}); a job using an option ssdk cannot honour is refused before"
        " anything runs, naming the option, its file and line, and why"
        " (Documentation/userspace/fio.rst lists every option and what ssdk does with it)."
        " Jobs run side by side, a stonewall starting the next group; numjobs runs a job that"
        " many times side by side. ssdk runs this program for `ssdk fio`.")
    ap.add_argument("jobfiles", nargs="+", metavar="JOBFILE", help="fio job files, in turn")
    ap.add_argument("--section", action="append", default=[], metavar="NAME",
                    help="run only the job NAME (repeatable), as fio's --section")
    ap.add_argument("--allow-write", action="store_true",
                    help="consent to the jobs' writes: they DESTROY the data on their targets")
    ap.add_argument("--dry-run", action="store_true",
                    help="read and check every job and run, then start nothing")
    ap.add_argument("-j", "--json", action="store_true",
                    help="print ssdk's JSON of every job's runs (its full record)")
    ap.add_argument("--output-format", choices=("normal", "json", "json+"), default="normal",
                    help="as fio's: normal (ssdk's text), or fio 3.33's JSON of the runs, a job"
                    " each, for the tools made for fio's (json+: with each latency bucket);"
                    " Documentation/userspace/fio.rst says what each field holds")
    ap.add_argument("--keep-ioengine", action="store_true",
                    help="run each job through ssdk's userspace engine of its ioengine"
                    " (libaio, io_uring, psync, sync, pvsync: ssdk compare's, raw on a device),"
                    " not the kernel's; numjobs as that many runs")
    ap.add_argument("--against", choices=("fio",),
                    help="fio: run the job files under Debian's fio first, then through ssdk,"
                    " and show each job's figures under both and what fio's syscall path"
                    " costs per IO (its mean latency over ssdk's); -j: both documents")
    ap.add_argument("--output", metavar="FILE",
                    help="write what is printed to FILE instead, whole or not at all")
    return ap


def _fail(code: int, msg: str) -> int:
    print(f"{PROG}: {msg}", file=sys.stderr)
    return code


def _row(name: str, r: Results) -> str:
    f = against.of_ssdk([r])  # both ops' figures, as --against adds them
    lat = [fmt_ns(v) if f.ios else "-" for v in (f.mean_ns, f.p99_ns, f.max_ns)]
    return (f"  {name:<24} {f.iops:>12.1f} {f.mb_s:>10.2f} "
            f"{lat[0]:>10} {lat[1]:>10} {lat[2]:>10}  {r.state}")


def _text(gs: Sequence[run.Group]) -> str:
    out = []
    said: dict[str, None] = {}
    for n, g in enumerate(gs, 1):
        out.append(f"group {n}:")
        out.append(f"  {'run':<24} {'IOPS':>12} {'MB/s':>10} {'mean':>10} {'p99':>10}"
                   f" {'max':>10}  state")
        for r in g.runs:
            name = r.job.name + ("" if r.job.numjobs == 1 else f" ({r.job.numjobs} workers)"
                                 if "--workers" in r.argv else f" #{r.index}")
            if r.result is None:
                why = r.stderr.strip().rpartition("\n")[2]
                out.append(f"  {name:<24} {'failed: ' + why if r.status else 'not run'}")
                continue
            out.append(_row(name, Results.from_json(r.result)))
        for t in g.jobs:
            said.update(dict.fromkeys(t.said))
    if said:
        out += ["", "options that do not change what ssdk measures:"]
        out += [f"  {s}" for s in said]
    return "\n".join(out) + "\n"


def _json(gs: Sequence[run.Group]) -> dict[str, Any]:
    return {"jobs": [{"name": t.name, "group": n, "numjobs": t.numjobs, "said": t.said,
                      "runs": [{"argv": r.argv, "status": r.status, "result": r.result}
                               for r in g.runs if r.job is t]}
                     for n, g in enumerate(gs, 1) for t in g.jobs]}


def complete(words: Sequence[str]) -> list[str]:
    """`ssdk __complete fio WORD... CURRENT`'s answer: the options that start
    with CURRENT; --section's jobs of the files given; else ":file"."""
    cur = words[-1] if words else ""
    prev = words[-2] if len(words) > 1 else ""
    if prev == "--section":
        files = [w for w in words[:-2] if not w.startswith("-")]
        try:
            return [j.name for j in jobfile.read(files) if j.name.startswith(cur)]
        except jobfile.JobFileError:
            return []
    if cur.startswith("-"):
        return [o for act in parser()._actions for o in act.option_strings
                if o.startswith("--") and o.startswith(cur)]
    return [":file"]


def _fio_json(gs: Sequence[run.Group], globals_: dict[str, str], plus: bool,
              util: list[dict[str, Any]]) -> dict[str, Any]:
    """fio's JSON of the runs: a job each, its group's id."""
    version = ""
    jobs = []
    groupid, seen = -1, False
    for g in gs:
        for t in g.jobs:  # fio's reporting groups: a stonewall or new_group starts one
            groupid += 1 if not seen or t.stonewall or t.new_group else 0
            seen = True
            for r in g.runs:
                if r.job is not t or r.result is None:
                    continue
                res = Results.from_json(r.result)
                version = version or str(res.conditions.get("ssdk", ""))
                jobs.append(json_out.job(res, t.name, groupid, t.options, plus))
    return json_out.document(version, globals_, jobs, util)


def _globals(files: Sequence[str]) -> dict[str, str]:
    """The options of the files' [global] sections, as fio's JSON has them."""
    out: dict[str, str] = {}
    for s in jobfile.parse(files).sections:
        if s.is_global:
            out |= {o.key: o.value or "" for o in s.options}
    return out


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] == ["__complete"]:
        print("\n".join(complete(args[1:])))
        return 0
    a = parser().parse_args(args)
    try:
        jobs = jobfile.read(a.jobfiles)
        if a.section:
            missing = [s for s in a.section if s not in {j.name for j in jobs}]
            if missing:
                return _fail(EXIT_USAGE, f"--section {missing[0]}: no such job")
            jobs = [j for j in jobs if j.name in a.section]
        if not jobs:
            return _fail(EXIT_USAGE, "no job in " + ", ".join(a.jobfiles))
        done = [keys.translate(j) for j in jobs]
    except (jobfile.JobFileError, keys.Unsupported) as e:
        return _fail(EXIT_USAGE, str(e))
    cli = cli_path()
    try:
        if a.keep_ioengine:
            for t in done:
                t.said = [s for s in t.said if not s.startswith("ioengine ")]
                t.said.insert(0, f"ioengine {t.engine}: ssdk's userspace {t.engine} engine"
                              " (--keep-ioengine, ssdk compare's)")
        gs = run.groups(done, a.allow_write, a.keep_ioengine)
        run.check_iologs(gs)
        run.check(cli, gs)
    except run.RunError as e:
        return _fail(e.status, str(e))
    if a.dry_run:
        n = sum(len(g.runs) for g in gs)
        print(json.dumps({"dry_run": True, "jobs": len(done), "runs": n}) if a.json else
              f"{len(done)} jobs, {n} runs checked; none started")
        return 0
    fio_doc: dict[str, Any] | None = None
    if a.against:
        try:
            fio_doc = against.run_fio(a.jobfiles, a.section)
        except against.FioError as e:
            return _fail(EXIT_RUNTIME, str(e))
    status = 0
    disks = run.Disks(gs)
    try:
        for g in gs:
            run.run_group(cli, g)
            if any(r.status for r in g.runs):
                status = EXIT_RUNTIME
                break
    except KeyboardInterrupt:
        status = 130
    except run.RunError as e:
        _fail(e.status, str(e))
        status = e.status
    if fio_doc is not None:
        out = (json.dumps(_json(gs) | {"fio": fio_doc}, indent=2) + "\n" if a.json else
               _text(gs) + "\n" + against.table(
                   [t.name for t in done], against.of_fio(fio_doc),
                   {t.name: against.of_ssdk(Results.from_json(r.result) for g in gs
                                            for r in g.runs if r.job is t and r.result)
                    for t in done}))
    elif a.json:
        out = json.dumps(_json(gs), indent=2) + "\n"
    elif a.output_format != "normal":
        out = json.dumps(_fio_json(gs, _globals(a.jobfiles), a.output_format == "json+",
                                   disks.util()), indent=2) + "\n"
    else:
        out = _text(gs)
    if a.output:
        try:
            write_whole(Path(a.output), out)
        except OSError as e:
            return _fail(EXIT_RUNTIME, f"--output {a.output}: {e.strerror or e}")
    else:
        sys.stdout.write(out)
    return status


if __name__ == "__main__":
    sys.exit(main())
