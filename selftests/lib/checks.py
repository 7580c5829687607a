#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""Named checks over ssdk's results, for the shell selftests.

    checks.py NAME FILE [ARG...]  exit 0 when check NAME holds over FILE
    checks.py --list              every check, its arguments and what it asserts
    checks.py --self-test         KTAP: each check on documents that must
                                  pass and documents that must fail

FILE is a JSON document (ssdk -j, pattern.py), JSON lines or text, as
the check says; - reads stdin. A check that does not hold prints what it
found against what it wanted, a line per condition, then what else helps
to see why, and exits 1; a usage error exits 2. From the shell:
check NAME FILE ARG... (lib/ssdk.sh).

Sizes and times are plain integers (bytes, ns), computed by the caller.
"""

from __future__ import annotations

import collections
import copy
import inspect
import itertools
import json
import math
import os
import re
import sys
import types
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, get_type_hints

# Percentile keys of ssdk's JSON, by the names compare gives its figures.
PCT_KEYS = {"p50": "50.000000", "p99": "99.000000", "p99.9": "99.900000"}


class Usage(Exception):
    """A check called with arguments it cannot take."""


def show(value: Any, limit: int = 300) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "..."


class Report:
    """What a check found wrong, and notes that help to see why.

    Notes are functions, called only to print a failure: a note that
    cannot be computed never fails a check.
    """

    def __init__(self) -> None:
        self.failures: list[str] = []
        self.notes: list[tuple[str, Callable[[], Any]]] = []

    def want(self, ok: bool, what: str, found: Any, wanted: str) -> bool:
        if not ok:
            self.failures.append(f"{what}: found {show(found)}, wanted {wanted}")
        return ok

    def eq(self, what: str, found: Any, wanted: Any) -> bool:
        return self.want(same(found, wanted), what, found, show(wanted))

    def note(self, what: str, value: Callable[[], Any]) -> None:
        self.notes.append((what, value))

    def lines(self) -> list[str]:
        out = list(self.failures)
        for what, value in self.notes:
            try:
                out.append(f"({what}: {show(value(), 2000)})")
            except Exception as e:  # noqa: BLE001 - a note only informs
                out.append(f"({what}: cannot tell: {e!r})")
        return out


def same(found: Any, wanted: Any) -> bool:
    """== of Python, except that true and false are not 1 and 0."""
    return bool(found == wanted) and isinstance(found, bool) == isinstance(wanted, bool)


# --- documents ---------------------------------------------------------------


def read_text(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    with open(path, encoding="utf-8") as f:
        return f.read()


def load_json(path: str) -> Any:
    return json.loads(read_text(path))


def load_json_lines(path: str) -> list[Any]:
    return [json.loads(line) for line in read_text(path).splitlines()]


def get(doc: Any, path: str) -> Any:
    """The field at PATH: keys joined by '.', a number indexes a list."""
    node = doc
    for key in path.split("."):
        node = node[int(key)] if isinstance(node, list) else node[key]
    return node


def value_of(text: str) -> Any:
    """A command line's VALUE: JSON when it parses, a string otherwise."""
    try:
        return json.loads(text)
    except ValueError:
        return text


def pairs_of(pairs: tuple[str, ...]) -> list[tuple[str, Any]]:
    if not pairs:
        raise Usage("no PATH=VALUE given")
    out = []
    for pair in pairs:
        path, sep, text = pair.partition("=")
        if not sep or not path:
            raise Usage(f"not PATH=VALUE: {pair!r}")
        out.append((path, value_of(text)))
    return out


def hist_total(op: dict[str, Any]) -> int:
    """The IOs in an op's histogram (or its response's)."""
    return sum(row[2] for row in op["histogram"])


def over(op: dict[str, Any], ns: int) -> int:
    """The IOs of an op's histogram in buckets from NS up."""
    return sum(row[2] for row in op["histogram"] if row[0] >= ns)


def pct(op: dict[str, Any], p: float) -> int:
    return int(op["lat_ns"]["percentiles"][f"{p:f}"])


# --- the registry ------------------------------------------------------------


@dataclass
class Check:
    fn: Callable[..., None]
    load: Callable[[str], Any]
    kind: str
    rest: str

    @property
    def name(self) -> str:
        return self.fn.__name__

    def params(self) -> list[inspect.Parameter]:
        return list(inspect.signature(self.fn).parameters.values())[2:]

    def usage(self) -> str:
        words = [self.name, "FILE"]
        for p in self.params():
            arg = p.name.upper()
            if p.kind is inspect.Parameter.VAR_POSITIONAL:
                words.append(self.rest or f"{arg}...")
            elif p.default is not inspect.Parameter.empty:
                words.append(f"[{arg}]")
            else:
                words.append(arg)
        return " ".join(words)

    def bind(self, args: list[str]) -> list[Any]:
        """ARGs converted to the types of the check's parameters."""
        hints = get_type_hints(self.fn)
        rest = list(args)
        out: list[Any] = []
        for p in self.params():
            if p.kind is inspect.Parameter.VAR_POSITIONAL:
                out += [convert(hints[p.name], a) for a in rest]
                rest = []
                break
            if not rest:
                if p.default is inspect.Parameter.empty:
                    raise Usage(f"{p.name.upper()} missing")
                break
            out.append(convert(hints[p.name], rest.pop(0)))
        if rest:
            raise Usage(f"too many arguments: {' '.join(rest)}")
        return out

    def run(self, doc: Any, args: list[str]) -> tuple[bool, list[str]]:
        """Whether the check holds over DOC, and what to print when not."""
        values = self.bind(args)
        report = Report()
        try:
            self.fn(report, doc, *values)
        except Usage:
            raise
        except Exception as e:  # noqa: BLE001 - a document without a field fails
            report.failures.append(f"cannot evaluate: {type(e).__name__}: {e}")
        return not report.failures, report.lines()


def convert(tp: Any, text: str) -> Any:
    if isinstance(tp, types.UnionType):
        tp = next(t for t in tp.__args__ if t is not type(None))
    try:
        return tp(text)
    except ValueError:
        raise Usage(f"not {tp.__name__}: {text!r}") from None


CHECKS: dict[str, Check] = {}


def check(load: Callable[[str], Any] = load_json, kind: str = "JSON",
          rest: str = "") -> Callable[[Callable[..., None]], Callable[..., None]]:
    """Register a check: fn(report, document, ARG...), ARGs typed; REST
    names its variable arguments in its usage."""
    def register(fn: Callable[..., None]) -> Callable[..., None]:
        CHECKS[fn.__name__] = Check(fn, load, kind, rest)
        return fn
    return register


# --- any document ------------------------------------------------------------


@check(rest="PATH=VALUE...")
def fields(r: Report, j: Any, *pairs: str) -> None:
    """Each PATH=VALUE: the field at PATH is VALUE.

    PATH joins keys with '.' (read.ios, config.engine, layers.kfile - bio);
    VALUE is read as JSON when it parses (10, true, null, "x") and as a
    string otherwise (done, /dev/nullb0); true is not 1.
    """
    for path, value in pairs_of(pairs):
        try:
            found = get(j, path)
        except (KeyError, IndexError, TypeError, ValueError):
            r.want(False, path, "no such field", show(value))
            continue
        r.eq(path, found, value)


# --- a run (ssdk ctl run -j, ctl results -j) ---------------------------------


@check(rest="[OP...]")
def hist_sums_to_ios(r: Report, j: Any, *ops: str) -> None:
    """Each OP's histogram (read when none is named) counts its IOs.

    In a compare document, every engine's.
    """
    runs = j["results"] if isinstance(j, dict) and "results" in j else {"": j}
    for engine, run in runs.items():
        for op in ops or ("read",):
            where = f"{engine}: {op}" if engine else op
            r.want(hist_total(run[op]) == run[op]["ios"], f"{where}: IOs in the histogram",
                   hist_total(run[op]), f"{op}.ios, {run[op]['ios']}")


@check()
def run_ended(r: Report, j: Any, state: str, reason: str | None = None) -> None:
    """The run ended in STATE with partial results kept and coherent.

    Some read IOs measured, the histogram counting them, and the reason
    matching the regular expression REASON (re.search) when given.
    """
    r.eq("state", j["state"], state)
    ios = j["read"]["ios"]
    r.want(ios > 0, "read.ios", ios, "> 0")
    r.want(hist_total(j["read"]) == ios, "read: IOs in the histogram", hist_total(j["read"]),
           f"read.ios, {ios}")
    if reason is not None:
        r.want(re.search(reason, j["reason"]) is not None, "reason", j["reason"],
               f"matching {reason!r}")


@check()
def percentiles_ordered(r: Report, j: Any, op: str) -> None:
    """OP's min, percentiles in order and max ascend (or stay equal)."""
    lat = j[op]["lat_ns"]
    seq = [lat["min"], *lat["percentiles"].values(), lat["max"]]
    r.want(seq == sorted(seq), f"{op}: min, percentiles, max", seq, "in ascending order")


@check()
def moments_coherent(r: Report, j: Any, op: str) -> None:
    """OP's min <= mean <= max, and its stddev is not negative."""
    lat = j[op]["lat_ns"]
    r.want(lat["min"] <= lat["mean"] <= lat["max"], f"{op}: min, mean, max",
           (lat["min"], lat["mean"], lat["max"]), "min <= mean <= max")
    r.want(lat["stddev"] >= 0, f"{op}.lat_ns.stddev", lat["stddev"], ">= 0")


@check()
def iops_is_rate(r: Report, j: Any, op: str) -> None:
    """OP's iops is its IOs per second of measured_ns (within 1 ppm)."""
    rate = j[op]["ios"] * 1e9 / j["measured_ns"]
    r.want(abs(j[op]["iops"] - rate) < 1e-6 * j[op]["iops"], f"{op}.iops", j[op]["iops"],
           f"{op}.ios / measured_ns = {rate}")


@check()
def run_cost(r: Report, j: Any, tick_ns: int) -> None:
    """The run says what it cost: its workers' CPU time, more than 0 and
    at most their elapsed time plus TICK_NS each (the scheduler accounts
    to a tick); what measuring one IO costs, more than the clock read
    inside it, itself more than 0."""
    cpu, elapsed, n = j["cpu_ns"], j["elapsed_ns"], j["config"].get("workers", 1)
    r.want(0 < cpu <= n * (elapsed + tick_ns), "cpu_ns", cpu,
           f"in (0, {n} x (elapsed_ns + {tick_ns})]")
    ov, clk = j["measurement_overhead_ns"], j["clock_read_ns"]
    r.want(ov > clk > 0, "measurement_overhead_ns, clock_read_ns", (ov, clk),
           "overhead > clock read > 0")
    r.note("elapsed_ns, completed", lambda: (elapsed, j["completed"]))


@check()
def latency_floor(r: Report, j: Any, op: str, t: int, slack: int) -> None:
    """No OP latency below T ns, and its p50 in [T, T x 1.02 + SLACK]."""
    lat = j[op]["lat_ns"]
    r.want(lat["min"] >= t, f"{op}.lat_ns.min", lat["min"], f">= {t}")
    p50 = pct(j[op], 50)
    r.want(t <= p50 <= t * 1.02 + slack, f"{op} p50", p50, f"in [{t}, {t * 1.02 + slack}]")
    r.note("min p50 p99 max", lambda: (lat["min"], p50, pct(j[op], 99), lat["max"]))


@check()
def open_loop_stall(r: Report, j: Any, over_ns: int, max_service: int, min_response: int,
                    min_late: int) -> None:
    """A stall of an open-loop read run, as each latency sees it.

    At most MAX_SERVICE service times of OVER_NS or more (the IOs that
    overlapped it), at least MIN_RESPONSE response times of OVER_NS or
    more (every IO that arrived during it), at least MIN_LATE IOs late.
    """
    service, response = over(j["read"], over_ns), over(j["read"]["response"], over_ns)
    r.want(service <= max_service, f"read service times >= {over_ns} ns", service,
           f"<= {max_service}")
    r.want(response >= min_response, f"read response times >= {over_ns} ns", response,
           f">= {min_response}")
    r.want(j["late"] >= min_late, "late", j["late"], f">= {min_late}")
    r.note("max service, response time",
           lambda: (j["read"]["lat_ns"]["max"], j["read"]["response"]["lat_ns"]["max"]))


@check()
def errors_add_up(r: Report, j: Any, ios: int, min_errors: int) -> None:
    """A run through IO errors: more than MIN_ERRORS of each op failed,
    IOS IOs done or failed in all, io_errors the sum of both ops' errors."""
    for op in ("read", "write"):
        r.want(j[op]["errors"] > min_errors, f"{op}.errors", j[op]["errors"], f"> {min_errors}")
    done = sum(j[op]["ios"] + j[op]["errors"] for op in ("read", "write"))
    r.want(done == ios, "IOs done and failed, both ops", done, str(ios))
    errors = j["read"]["errors"] + j["write"]["errors"]
    r.want(j["io_errors"] == errors, "io_errors", j["io_errors"],
           f"read.errors + write.errors, {errors}")


@check()
def good_ios_only(r: Report, j: Any, min_lat_ns: int, good_end: int) -> None:
    """No failed IO among the latencies: each op's min is MIN_LAT_NS or
    more (failed IOs are quicker), every slowest IO lies below GOOD_END
    (where the failing part of the target starts)."""
    for op in ("read", "write"):
        r.want(j[op]["lat_ns"]["min"] >= min_lat_ns, f"{op}.lat_ns.min",
               j[op]["lat_ns"]["min"], f">= {min_lat_ns}")
    beyond = [e["offset"] for e in j["slowest"] if not e["offset"] < good_end]
    r.want(not beyond, "offsets of slowest IOs", beyond, f"all below {good_end}")


@check()
def error_offset(r: Report, j: Any, op: str, errno: int, min_offset: int) -> None:
    """The reason is exactly 'OP error -ERRNO at offset N', N >= MIN_OFFSET."""
    m = re.fullmatch(rf"{re.escape(op)} error -{errno} at offset (\d+)", j["reason"])
    if r.want(m is not None, "reason", j["reason"], f"'{op} error -{errno} at offset N'"):
        assert m is not None
        r.want(int(m[1]) >= min_offset, "offset of the error", int(m[1]), f">= {min_offset}")


@check()
def steady_at(r: Report, j: Any, at: int, rounds: int) -> None:
    """Steady state reached at round AT (0: never) of a run of ROUNDS at most.

    The run is done and went AT rounds (ROUNDS when never steady), and says
    so (steady_round); its rounds, as its results show them, have windows
    that fail the test before AT and one that passes at AT; the
    measurement window is the AT - 4 .. AT rounds (the last 5 when never
    steady).
    """
    done = at or rounds
    r.eq("state", j["state"], "done")
    r.eq("rounds_done", j["rounds_done"], done)
    r.eq("steady_round", j["steady_round"], at or None)
    got = [x["round"] for x in j["rounds"]]
    r.want(got == list(range(1, done + 1)), "rounds", got, f"1 .. {done}")
    verdicts = [x.get("steady") for x in j["rounds"]]
    want = [None] * 4 + [False] * (done - 4)
    if at:
        want[at - 1] = True
    r.want(verdicts == want, "each round's window steady", verdicts, show(want))
    window = j["window"]
    r.want(window is not None and (window["first"], window["last"]) == (done - 4, done),
           "window", window, f"rounds {done - 4} .. {done}")
    r.note("each round's IOPS",
           lambda: " ".join(f"{x['round']}:{x['iops']:.0f}" for x in j["rounds"]))


@check()
def steady_reached(r: Report, j: Any, rounds: int) -> None:
    """Steady state reached at some round of a run of ROUNDS at most: the
    first whose window passes, where the run ended (steady_at that
    round)."""
    at = j["steady_round"]
    if r.want(isinstance(at, int) and 5 <= at <= rounds, "steady_round", at, f"5 .. {rounds}"):
        steady_at(r, j, at, rounds)


def window_passes(ios: list[int], range_pct: int, slope_pct: int) -> bool:
    """SNIA PTS's test of a window of rounds of equal length, worked out
    here apart from the module's C, exactly: max - min within RANGE_PCT of
    the average, and the least-squares line's excursion across the window,
    |slope| x (n - 1), within SLOPE_PCT of it."""
    n, total = len(ios), sum(ios)
    if not total:
        return False
    avg = Fraction(total, n)
    xbar = Fraction(n - 1, 2)
    sxx = sum(((x - xbar) ** 2 for x in range(n)), Fraction(0))
    slope = sum(((x - xbar) * y for x, y in enumerate(ios)), Fraction(0)) / sxx
    return (max(ios) - min(ios)) * 100 <= range_pct * avg and \
        abs(slope) * (n - 1) * 100 <= slope_pct * avg


@check()
def steady_by_rule(r: Report, j: Any, rounds: int, by: int) -> None:
    """Steady state where SNIA PTS's rule says on the rounds as measured:
    each round's verdict (from the fifth) is the rule's over its window of
    five, the run ended at the first that passes, at round BY at the
    latest, or went all ROUNDS when none did."""
    cfg = j["config"]
    ios = [x["ios"] for x in j["rounds"]]
    want = [None] * 4 + [window_passes(ios[k - 4:k + 1], cfg["steady_range_pct"],
                                       cfg["steady_slope_pct"]) for k in range(4, len(ios))]
    verdicts = [x.get("steady") for x in j["rounds"]]
    r.want(verdicts == want, "each round's window steady", verdicts, f"the rule's: {show(want)}")
    at = next((k + 1 for k, v in enumerate(want) if v), 0)
    r.eq("state", j["state"], "done")
    r.eq("steady_round", j["steady_round"], at or None)
    r.eq("rounds_done", j["rounds_done"], at or rounds)
    r.want(0 < at <= by, "the first steady round", at, f"1 .. {by}")
    r.note("each round's IOs", lambda: " ".join(f"{x['round']}:{x['ios']}" for x in j["rounds"]))


# --- the slowest log, the capture, the time series ---------------------------


@check()
def slowest_log(r: Report, j: Any, op: str, n: int) -> None:
    """N OP IOs in the slowest log, slowest first, the first at OP's max
    latency, each submitted before the run ended (t_ns < elapsed_ns)."""
    s = j["slowest"]
    r.eq("entries of slowest", len(s), n)
    if not s:
        return
    r.eq("slowest[0].lat_ns", s[0]["lat_ns"], j[op]["lat_ns"]["max"])
    r.want(all(a["lat_ns"] >= b["lat_ns"] for a, b in itertools.pairwise(s)),
           "latencies of slowest", [e["lat_ns"] for e in s], "in descending order")
    bad = [e for e in s if not (e["op"] == op and e["t_ns"] < j["elapsed_ns"])]
    r.want(not bad, f"entries not {op} or not submitted before elapsed_ns {j['elapsed_ns']}",
           bad, "none")


@check(rest="LEN...")
def slowest_in_span(r: Report, j: Any, start: int, end: int, inflight: int, *lens: int) -> None:
    """Every slowest IO lies in [START, END), is one of the LENs long, and
    went with INFLIGHT IOs in flight."""
    bad = [e for e in j["slowest"]
           if not (start <= e["offset"] and e["offset"] + e["len"] <= end and e["len"] in lens
                   and e["inflight"] == inflight)]
    r.want(not bad, "slowest IOs out of place, of another length or in flight count", bad, "none")


@check(rest="CPU=IOS...")
def ios_by_cpu(r: Report, j: Any, *cpu_ios: str) -> None:
    """The slowest log holds every IO of the run (slowest-n at least its
    IOs), and for each CPU=IOS, IOS of them were submitted on CPU (the
    module's own record of each IO: raw_smp_processor_id() at submission)."""
    s = j["slowest"]
    r.eq("entries of slowest (every IO)", len(s), j["completed"])
    by_cpu = collections.Counter(e["cpu_submit"] for e in s)
    want = {}
    for pair in cpu_ios:
        cpu, sep, ios = pair.partition("=")
        if not sep:
            raise Usage(f"not CPU=IOS: {pair!r}")
        want[convert(int, cpu)] = convert(int, ios)
    r.eq("IOs submitted per CPU", dict(sorted(by_cpu.items())), want)


@check()
def offsets_once(r: Report, j: Any, start: int, bs: int, n: int) -> None:
    """The slowest log holds N IOs of BS bytes, one at each of START,
    START + BS, ..., START + (N - 1) x BS: the span read once, nothing twice."""
    got = sorted((e["offset"], e["len"]) for e in j["slowest"])
    r.eq("(offset, len) of the IOs", got, [(start + k * bs, bs) for k in range(n)])


@check()
def slowest_held(r: Report, j: Any, held: int, held_ns: int, others_ns: int) -> None:
    """The HELD slowest IOs (those a stall held) took HELD_NS or more and
    were all in flight at once (the last submitted before the first
    completed: one stall held them all); the next took less than
    OTHERS_NS."""
    s = j["slowest"]
    first = [e["lat_ns"] for e in s[:held]]
    r.want(all(x >= held_ns for x in first), f"latencies of the {held} slowest", first,
           f"all >= {held_ns}")
    r.want(s[held]["lat_ns"] < others_ns, f"slowest[{held}].lat_ns", s[held]["lat_ns"],
           f"< {others_ns}")
    last_submitted = max(e["t_ns"] for e in s[:held])
    first_completed = min(e["t_ns"] + e["lat_ns"] for e in s[:held])
    r.want(last_submitted < first_completed, f"the last of the {held} slowest submitted at",
           last_submitted, f"before the first of them completed ({first_completed})")
    r.note("first slowest (lat_ns, t_ns, inflight)",
           lambda: [(e["lat_ns"], e["t_ns"], e["inflight"]) for e in s[:held + 2]])


@check()
def captured(r: Report, j: Any, kept: int, dropped: int) -> None:
    """KEPT IOs captured, DROPPED counted as found the capture full."""
    r.eq("entries of captured", len(j["captured"]), kept)
    r.eq("captured_dropped", j["captured_dropped"], dropped)


@check()
def captured_are_slowest(r: Report, j: Any) -> None:
    """The captured IOs are the slowest log's first ones (offset and
    latency), listed in the order they completed."""
    c = j["captured"]
    mine = sorted((e["offset"], e["lat_ns"]) for e in c)
    slow = sorted((e["offset"], e["lat_ns"]) for e in j["slowest"][:len(c)])
    r.want(mine == slow, "captured (offset, lat_ns)", mine, f"the slowest's: {show(slow)}")
    ends = [e["t_ns"] + e["lat_ns"] for e in c]
    r.want(ends == sorted(ends), "completion times of captured", ends, "in ascending order")


@check()
def timeseries_adds_up(r: Report, j: Any, op: str, interval_ns: int) -> None:
    """The time series: intervals of INTERVAL_NS from 0, whose OP IOs and
    bytes add up to the run's, whose greatest max is the run's max, each
    p99 at most its max; nothing dropped."""
    ts = j["timeseries"]
    if not r.want(len(ts) > 0, "intervals", 0, "some"):
        return
    r.eq("config.ts_interval_ns", j["config"]["ts_interval_ns"], interval_ns)
    starts = [p["t_ns"] for p in ts]
    r.want(starts == [k * interval_ns for k in range(len(ts))], "interval starts", starts,
           f"0, {interval_ns}, {2 * interval_ns}...")
    r.eq(f"{op}.ios of the intervals", sum(p[op]["ios"] for p in ts), j[op]["ios"])
    r.eq(f"{op}.bytes of the intervals", sum(p[op]["bytes"] for p in ts), j[op]["bytes"])
    r.eq(f"greatest {op}.max_ns", max(p[op]["max_ns"] for p in ts), j[op]["lat_ns"]["max"])
    bad = [(p["t_ns"], p[op]["p99_ns"], p[op]["max_ns"]) for p in ts
           if not p[op]["p99_ns"] <= p[op]["max_ns"]]
    r.want(not bad, "intervals (t_ns, p99_ns, max_ns) whose p99 is above their max", bad, "none")
    r.eq("ts_dropped", j["ts_dropped"], 0)


@check()
def timeseries_exact(r: Report, j: Any, op: str, interval_ns: int) -> None:
    """Every OP IO captured (capture over 1 ns): each interval's IOs, bytes,
    mean and max are those of the captured IOs that completed in it, and
    its p99 is at least their exact 99th percentile (rank ceil(0.99 n)) and
    at most 1/256 above it, the width of the run's histogram's buckets."""
    c = [e for e in j["captured"] if e["op"] == op]
    r.eq("captured_dropped", j["captured_dropped"], 0)
    r.eq(f"{op} IOs captured", len(c), j[op]["ios"])
    by: dict[int, list[Any]] = {}
    for e in c:
        by.setdefault((e["t_ns"] + e["lat_ns"]) // interval_ns, []).append(e)
    ts = j["timeseries"]
    for k, p in enumerate(ts):
        got, es = p[op], by.get(k, [])
        lats = sorted(e["lat_ns"] for e in es)
        r.eq(f"timeseries[{k}].{op}.ios", got["ios"], len(es))
        r.eq(f"timeseries[{k}].{op}.bytes", got["bytes"], sum(e["len"] for e in es))
        if not lats:
            continue
        r.eq(f"timeseries[{k}].{op}.max_ns", got["max_ns"], lats[-1])
        r.want(abs(got["mean_ns"] - sum(lats) / len(lats)) < 1, f"timeseries[{k}].{op}.mean_ns",
               got["mean_ns"], f"{sum(lats) / len(lats)}")
        true = lats[-(-99 * len(lats) // 100) - 1]
        r.want(true <= got["p99_ns"] <= true + true // 256, f"timeseries[{k}].{op}.p99_ns",
               got["p99_ns"], f"from {true} to {true + true // 256} (exact: {true})")
    r.want(len(ts) > max(by, default=-1), "intervals", len(ts), f"one per completion's: {len(by)}")


@check()
def timeseries_bounded(r: Report, j: Any, op: str, points: int) -> None:
    """POINTS intervals kept, some OP IOs dropped after them, the kept and
    the dropped adding up to the run's."""
    ts = j["timeseries"]
    r.eq("intervals", len(ts), points)
    r.want(j["ts_dropped"] > 0, "ts_dropped", j["ts_dropped"], "> 0")
    kept = sum(p[op]["ios"] for p in ts)
    r.want(kept + j["ts_dropped"] == j[op]["ios"], f"{op}.ios kept + ts_dropped",
           (kept, j["ts_dropped"]), f"adding up to {op}.ios, {j[op]['ios']}")


@check()
def stall_in_timeseries(r: Report, j: Any, interval_ns: int, empty: int) -> None:
    """The interval k in which the slowest IO completed has its latency as
    max, and EMPTY intervals with no read end right before k or k - 1,
    after some that had reads."""
    ts, s = j["timeseries"], j["slowest"]
    if not r.want(bool(ts) and bool(s), "intervals, slowest IOs", (len(ts), len(s)),
                  "some of each"):
        return
    k = (s[0]["t_ns"] + s[0]["lat_ns"]) // interval_ns
    if not r.want(k < len(ts), "interval of the slowest IO's completion", k,
                  f"one of the {len(ts)} kept"):
        return
    r.eq(f"timeseries[{k}].read.max_ns", ts[k]["read"]["max_ns"], s[0]["lat_ns"])
    ok = any(e >= empty + 1 and not any(p["read"]["ios"] for p in ts[e - empty:e])
             and sum(p["read"]["ios"] for p in ts[:e - empty]) > 0 for e in (k, k - 1))
    r.want(ok, f"intervals before {k}", "no such run",
           f"{empty} with no read ending at {k} or {k - 1}, after some with reads")
    r.note(f"read IOs of intervals {max(k - 10, 0)}..{k + 1}",
           lambda: [p["read"]["ios"] for p in ts[max(k - 10, 0):k + 2]])


@check(load_json_lines, "JSON lines")
def follow_in_order(r: Report, lines: list[Any], interval_ns: int) -> None:
    """status --follow's lines: interval k starts at k x INTERVAL_NS."""
    starts = [p["t_ns"] for p in lines]
    r.want(starts == [k * interval_ns for k in range(len(lines))], "interval starts", starts,
           f"0, {interval_ns}, {2 * interval_ns}...")


@check(read_text, "text")
def worst_interval_at_least(r: Report, text: str, ms: float) -> None:
    """results --text: its worst interval's max is MS ms or more."""
    m = re.search(r"^worst interval: .* max ([0-9.]+) (ms|s),", text, re.MULTILINE)
    line = next((x for x in text.splitlines() if x.startswith("worst interval")), None)
    r.want(bool(m and (m[2] == "s" or float(m[1]) >= ms)), "worst interval", line,
           f"a max of {ms} ms or more")


@check()
def slowest_in_trace(r: Report, j: Any, trace: str, op: str) -> None:
    """The run's slowest IO has its ssdk_io_complete event in the TRACE
    file (the tracefs trace): same run, OP, offset, length and latency."""
    e = j["slowest"][0]
    event = (f"ssdk_io_complete: run={int(j['id'])} op={op} offset={int(e['offset'])} "
             f"len={int(e['len'])} lat_ns={int(e['lat_ns'])} error=0")
    r.want(event in read_text(trace), f"events in {trace}", "none such", event)


# --- several runs: workers, sweeps, compare ----------------------------------


@check(rest="TARGET=READS...")
def workers_add_up(r: Report, j: Any, workers: int, ios: int, iodepth: int,
                   *target_reads: str) -> None:
    """WORKERS runs whose read IOs add up to the total's, IOS, as the
    total's histogram does; the total's iodepth is IODEPTH; for each
    TARGET=READS, the runs on TARGET read READS IOs (the block layer's
    count)."""
    ws, total = j["workers"], j["total"]
    r.eq("runs", len(ws), workers)
    runs = sum(w["read"]["ios"] for w in ws)
    r.want(runs == total["read"]["ios"] == ios, "read.ios of the runs, of the total",
           (runs, total["read"]["ios"]), f"{ios} both")
    for pair in target_reads:
        target, sep, reads = pair.rpartition("=")
        if not sep:
            raise Usage(f"not TARGET=READS: {pair!r}")
        r.eq(f"read.ios of the runs on {target}",
             sum(w["read"]["ios"] for w in ws if w["target"] == target), convert(int, reads))
    r.eq("total: IOs in the read histogram", hist_total(total["read"]), ios)
    r.eq("total.config.iodepth", total["config"]["iodepth"], iodepth)
    r.note("runs (target, seed, read.ios)",
           lambda: [(w["target"], w["config"]["seed"], w["read"]["ios"]) for w in ws])


@check(rest="IODEPTH...")
def sweep_points(r: Report, j: Any, ios: int, *iodepths: int) -> None:
    """A sweep: a point per IODEPTH, in order, each done with IOS read IOs
    and percentiles."""
    if not iodepths:
        raise Usage("no IODEPTH given")
    r.eq("iodepths", [p["config"]["iodepth"] for p in j], list(iodepths))
    for i, p in enumerate(j):
        if r.eq(f"point {i}: state", p["state"], "done") and \
                r.eq(f"point {i}: read.ios", p["read"]["ios"], ios):
            r.want(bool(p["read"]["lat_ns"]["percentiles"]), f"point {i}: percentiles",
                   p["read"]["lat_ns"]["percentiles"], "some")


@check()
def ios_per_engine(r: Report, j: Any, ios: int, engines: int,
                   diskstats: int | None = None) -> None:
    """A compare of ENGINES engines, each of which read IOS IOs; and
    DISKSTATS, the reads the block layer counted, is all of them."""
    got = {e: run["read"]["ios"] for e, run in j["results"].items()}
    r.want(list(got.values()) == [ios] * engines, "read.ios of each engine", got,
           f"{ios} from each of {engines}")
    if diskstats is not None:
        r.want(diskstats == ios * engines, "reads counted by the block layer", diskstats,
               str(ios * engines))
    r.note("mean latency of each engine, ns",
           lambda: {e: round(v["read"]["lat_ns"]["mean"]) for e, v in j["results"].items()})


@check(rest="PATH=VALUE...")
def each_engine(r: Report, j: Any, *pairs: str) -> None:
    """Each PATH=VALUE holds, as for fields, in every engine's run of a
    compare."""
    want = pairs_of(pairs)
    for engine, run in j["results"].items():
        for path, value in want:
            r.eq(f"{engine}: {path}", get(run, path), value)


@check()
def compare_overheads_match(r: Report, j: Any, count: int, base: str | None = None) -> None:
    """COUNT differences in overhead_ns, each that of the figures printed.

    "A - B": {"mean", "p50", ...} is A's figure minus B's (minus BASE's
    when given), read from results, to 1e-6 ns.
    """
    ov = j["overhead_ns"]
    r.eq("differences", len(ov), count)

    def fig(engine: str, k: str) -> Any:
        lat = j["results"][engine]["read"]["lat_ns"]
        return lat["mean"] if k == "mean" else lat["percentiles"][PCT_KEYS[k]]

    for name, d in ov.items():
        a = name.split(" - ")[0]
        b = base if base is not None else name.split(" - ")[1]
        for k in d:
            want = fig(a, k) - fig(b, k)
            r.want(abs(d[k] - want) < 1e-6, f"overhead_ns[{name!r}][{k!r}]", d[k],
                   f"{a}'s {k} - {b}'s = {want}")


def _points(j: Any) -> list[Any]:
    """A compare's points: one per iodepth."""
    return list(j["points"]) if "points" in j else [j]


@check(rest="IODEPTH...")
def compare_depths(r: Report, j: Any, *depths: str) -> None:
    """A compare at each IODEPTH in turn ({"points": [...]}, or one point
    for one depth), every engine's run at its point's iodepth."""
    pts = _points(j)
    r.eq("iodepths", [p["iodepth"] for p in pts], [int(d) for d in depths])
    for p in pts:
        for engine, run in p["results"].items():
            r.eq(f"iodepth {p['iodepth']}: {engine}: config.iodepth", run["config"]["iodepth"],
                 p["iodepth"])


def _little(run: Any) -> float:
    """IOs in flight on average by Little's law: IOPS x mean latency, reads
    and writes together."""
    ios = run["read"]["ios"] + run["write"]["ios"]
    if not ios:
        return 0.0
    mean = (run["read"]["ios"] * run["read"]["lat_ns"]["mean"] +
            run["write"]["ios"] * run["write"]["lat_ns"]["mean"]) / ios
    return float(ios / (run["measured_ns"] / 1e9) * mean / 1e9)


@check()
def achieved_iodepth(r: Report, j: Any, lo_pct: int, hi_pct: int) -> None:
    """Each engine's achieved_iodepth at each point is Little's law over
    its own run, within LO_PCT..HI_PCT percent of the point's iodepth, and
    short_of_iodepth names exactly the engines under 90% of it."""
    for p in _points(j):
        qd, got = p["iodepth"], p["achieved_iodepth"]
        for engine, run in p["results"].items():
            want = _little(run)
            r.want(math.isclose(got[engine], want, rel_tol=1e-6),
                   f"iodepth {qd}: {engine}: achieved_iodepth", got[engine],
                   f"IOPS x mean = {want}")
            r.want(lo_pct <= 100 * got[engine] / qd <= hi_pct,
                   f"iodepth {qd}: {engine}: achieved_iodepth", got[engine],
                   f"{lo_pct}-{hi_pct}% of {qd}")
        r.eq(f"iodepth {qd}: short_of_iodepth", p["short_of_iodepth"],
             [e for e in p["results"] if got[e] < 0.9 * qd])


# --- plans of several steps (ctl precondition, study) -------------------------


def _plan_writes(j: Any) -> int:
    """Bytes the runs of a plan wrote: its steps' writes, purges left out."""
    return sum(s["run"]["write"]["bytes"] for s in j["steps"]
               if "run" in s and s["run"]["config"].get("purge") is None)


@check()
def plan_ended(r: Report, j: Any, state: str, ran: int, written: int) -> None:
    """A plan ended in STATE after RAN steps (the others pending), having
    written WRITTEN bytes, which bytes_written says and its runs add up to."""
    r.eq("state", j["state"], state)
    states = [s["state"] for s in j["steps"]]
    r.want(states[ran:] == ["pending"] * (len(states) - ran) and "pending" not in states[:ran],
           "steps' states", states, f"{ran} ran, then pending")
    r.eq("bytes_written", j["bytes_written"], written)
    r.eq("the runs' write.bytes", _plan_writes(j), written)


def _cell(run: dict[str, Any]) -> dict[str, Any]:
    """A study table's cell, from the run it sums up: both ops."""
    ops = [run["read"], run["write"]]
    ios = sum(o["ios"] for o in ops)
    return {"iops": ios * 1e9 / run["measured_ns"],
            "bw_bytes": sum(o["bytes"] for o in ops) * 1e9 / run["measured_ns"],
            "mean": sum(o["lat_ns"]["mean"] * o["ios"] for o in ops) / ios,
            "max": max(o["lat_ns"]["max"] for o in ops if o["ios"])}


def _close(a: float, b: float) -> bool:
    return abs(a - b) <= 1e-6 * max(abs(a), abs(b), 1.0)


@check()
def study_table_is_its_runs(r: Report, j: Any, workloads: int) -> None:
    """A study's table has WORKLOADS rows, each cell the figures of the run
    that measured that workload (the step whose workload is the row's
    index) in that state (IOPS, bytes per second, mean and max latency of
    both ops), and the changes from new those of its bytes per second."""
    r.eq("table rows", len(j["table"]), workloads)
    runs = {(s["phase"], s["workload"]): s["run"] for s in j["steps"]
            if "run" in s and s["workload"] is not None}
    for i, row in enumerate(j["table"]):
        for phase in ("new", "used", "trim"):
            where = f"{row['workload']}, {phase}"
            run = runs.get((phase, i))
            if not r.want(run is not None, where, "no step", "the step that measured it"):
                continue
            assert run is not None
            want, got = _cell(run), row[phase]
            for k in ("iops", "bw_bytes"):
                r.want(_close(got[k], want[k]), f"{where}: {k}", got[k], f"{want[k]}")
            for k in ("mean", "max"):
                r.want(_close(got["lat_ns"][k], want[k]), f"{where}: lat {k}",
                       got["lat_ns"][k], f"{want[k]}")
        for phase in ("used", "trim"):
            want_pct = (row[phase]["bw_bytes"] / row["new"]["bw_bytes"] - 1) * 100
            got_pct = row[f"{phase}_change_pct"]
            r.want(_close(got_pct, want_pct), f"{row['workload']}: {phase}_change_pct",
                   got_pct, f"{want_pct}")


# --- a review (ssdk review: DIR/review.json and its steps' files) -------------


def load_review(path: str) -> Any:
    """A review's record, with its directory, for its steps' files."""
    return {"dir": os.path.dirname(path) or ".", "record": load_json(path)}


def review_runs(doc: Any) -> list[tuple[str, Any]]:
    """Every run of a step's document, labelled as ssdk review labels
    them: compare's by engine (with the depth it achieved, as
    "achieved_iodepth" in a copy of the run), a sweep's point is its
    total, a plan's step by what it did."""
    out: list[tuple[str, Any]] = []

    def walk(node: Any, label: str | None) -> None:
        if isinstance(node, list):
            for item in node:
                walk(item, label)
            return
        if not isinstance(node, dict):
            return
        if {"config", "read", "write"} <= node.keys():
            out.append((label or node["config"]["engine"], node))
            return
        label = node.get("what", label)
        if "total" in node and "workers" in node:
            walk(node["total"], label or "total")
            return
        for key, value in node.items():
            if key == "results" and isinstance(value, dict):
                got = node.get("achieved_iodepth", {})
                out.extend((engine, run | {"achieved_iodepth": got.get(engine)})
                           for engine, run in value.items())
            else:
                walk(value, label)

    walk(doc, None)
    return out


def _step_doc(j: Any, step: Any) -> Any:
    return load_json(os.path.join(j["dir"], step["file"]))


@check(load=load_review, kind="review.json")
def review_ended(r: Report, j: Any, state: str, done: int) -> None:
    """The review ended in STATE with DONE steps done, the others not;
    each done step's file holds its runs, each ended done, its histograms
    counting its IOs."""
    rec = j["record"]
    r.eq("state", rec["state"], state)
    r.eq("steps done", sum(s["state"] == "done" for s in rec["steps"]), done)
    for s in rec["steps"]:
        if s["state"] != "done" or not s["file"]:
            continue
        runs = review_runs(_step_doc(j, s))
        r.want(bool(runs), f"step {s['step']}: runs", 0, "some")
        for label, run in runs:
            where = f"step {s['step']} {label} QD{run['config']['iodepth']}"
            r.eq(f"{where}: state", run["state"], "done")
            for op in ("read", "write"):
                r.eq(f"{where}: {op}: IOs in the histogram", hist_total(run[op]),
                     run[op]["ios"])


def _mean(run: Any) -> float:
    ios = run["read"]["ios"] + run["write"]["ios"]
    return (run["read"]["ios"] * run["read"]["lat_ns"].get("mean", 0) +
            run["write"]["ios"] * run["write"]["lat_ns"].get("mean", 0)) / ios if ios else 0.0


@check(load=load_review, kind="review.json")
def review_rows_are_runs(r: Report, j: Any) -> None:
    """The review's rows are its done steps' runs, in order, each with
    the run's own figures: IOs, MB/s, IOPS, mean and max latency."""
    rec = j["record"]
    want = []
    for s in rec["steps"]:
        if s["state"] == "done" and s["file"]:
            want += [(s["step"], label, run) for label, run in review_runs(_step_doc(j, s))]
    r.eq("rows", len(rec["rows"]), len(want))
    for row, (step, label, run) in zip(rec["rows"], want):
        where = f"row of step {step} {label} QD{run['config']['iodepth']}"
        ops = (run["read"], run["write"])
        r.eq(f"{where}: step, label", (row["step"], row["label"]), (step, label))
        r.eq(f"{where}: rw, bs, iodepth", (row["rw"], row["bs"], row["iodepth"]),
             (run["config"]["rw"], run["config"]["bs"], run["config"]["iodepth"]))
        r.eq(f"{where}: ios", row["ios"], sum(o["ios"] for o in ops))
        r.eq(f"{where}: achieved_iodepth", row["achieved_iodepth"],
             run.get("achieved_iodepth"))
        r.eq(f"{where}: max_ns", row["max_ns"], max(o["lat_ns"].get("max", 0) for o in ops))
        for key, value in (("mb_s", sum(o["bw_bytes"] for o in ops) / 1e6),
                           ("iops", sum(o["iops"] for o in ops)), ("mean_ns", _mean(run))):
            r.want(math.isclose(row[key], value, rel_tol=1e-9, abs_tol=1e-9), f"{where}: {key}",
                   row[key], f"{value}")


@check(load=load_review, kind="review.json")
def review_diskstats(r: Report, j: Any) -> None:
    """Each done step on the raw device whose runs are the module's bios:
    the IOs its runs completed (ramp included) are the requests the disk
    counted over it, merges included."""
    seen = 0
    for s in j["record"]["steps"]:
        if s["state"] != "done" or s["fs"] or not s["file"]:
            continue
        runs = review_runs(_step_doc(j, s))
        if any(run["config"]["engine"] != "bio" for _, run in runs):
            continue
        seen += 1
        d = s["diskstats"]
        disk = d["reads"] + d["read_merges"] + d["writes"] + d["write_merges"]
        r.eq(f"step {s['step']} ({s['name']}): IOs the disk counted", disk,
             sum(run["completed"] for _, run in runs))
    r.want(seen > 0, "raw steps of bios", seen, "one at least")


# --- pattern.py's reports (lib/pattern.py) -----------------------------------


@check()
def changed_within(r: Report, j: Any, start: int, end: int, max_blocks: int) -> None:
    """pattern.py changed: whole blocks changed, between 1 and MAX_BLOCKS
    of them, all within [START, END)."""
    r.eq("partial", j["partial"], 0)
    r.want(j["first"] >= start, "first", j["first"], f">= {start}")
    r.want(j["end"] <= end, "end", j["end"], f"<= {end}")
    r.want(0 < j["blocks"] <= max_blocks, "blocks", j["blocks"], f"in [1, {max_blocks}]")


@check()
def changed_exactly(r: Report, j: Any, start: int, length: int) -> None:
    """pattern.py runs: one run of changed bytes, [START, START + LENGTH):
    every sector of it written, none outside."""
    r.eq("changed runs [start, length]", j, [[start, length]])


@check()
def runs_aligned(r: Report, j: Any, align_offset: int, bs: int, start: int, end: int,
                 min_runs: int) -> None:
    """pattern.py runs: more than MIN_RUNS changed runs of bytes, each
    starting at ALIGN_OFFSET past a multiple of BS, a whole number of BS
    long, inside [START, END)."""
    r.want(len(j) > min_runs, "changed runs", len(j), f"more than {min_runs}")
    bad = [[s, n] for s, n in j
           if not (s % bs == align_offset and n % bs == 0 and s >= start and s + n <= end)]
    r.want(not bad, "runs [start, length] misplaced", bad, "none")
    r.note("first runs", lambda: j[:4])


@check()
def random_data(r: Report, j: Any) -> None:
    """pattern.py data of random bytes: zlib does not shrink them (ratio
    above 0.999); no two 4 KiB blocks, no two sectors are alike."""
    r.want(j["zlib_ratio"] > 0.999, "zlib_ratio", j["zlib_ratio"], "> 0.999")
    r.eq("distinct_4k", j["distinct_4k"], j["blocks_4k"])
    r.eq("distinct_sectors", j["distinct_sectors"], j["sectors"])


# --- traces -------------------------------------------------------------------

# The IOs of fio's iolog actions, by ssdk's names.
IOLOG_OPS = {"read": "read", "write": "write", "trim": "discard"}


def iolog_ios(path: str) -> list[tuple[str, int, int]]:
    """The IOs of fio's iolog (version 2 or 3), in its order: (op, offset, length)."""
    lines = read_text(path).splitlines()
    v3 = lines[0] == "fio version 3 iolog"
    ios = []
    for line in lines[1:]:
        words = line.split()[1:] if v3 else line.split()
        if len(words) == 4 and words[1] in IOLOG_OPS:
            ios.append((IOLOG_OPS[words[1]], int(words[2]), int(words[3])))
    return ios


@check()
def ios_as_iolog(r: Report, j: Any, iolog: str, qd: int) -> None:
    """ssdk trace dump -j: its IOs are those of fio's IOLOG of the same
    run, in its order (op, offset, length), each found at depth QD."""
    want = iolog_ios(iolog)
    got = [(io["op"], io["offset"], io["len"]) for io in j["ios"]]
    r.eq("IOs", len(got), len(want))
    first = next((i for i, (a, b) in enumerate(zip(got, want, strict=False)) if a != b), None)
    if first is not None:
        r.want(False, f"IO {first}", got[first], f"{want[first]}, the iolog's")
    depths = sorted({io["qd"] for io in j["ios"]})
    r.want(depths in ([qd], []), "depths found", depths, f"[{qd}]")


# --- the command --------------------------------------------------------------


def run_check(name: str, path: str, args: list[str]) -> int:
    c = CHECKS.get(name)
    if c is None:
        raise Usage(f"no check {name!r} (checks.py --list)")
    try:
        doc = c.load(path)
    except (OSError, ValueError) as e:
        print(f"{name} {path}: cannot read {c.kind}: {e}", file=sys.stderr)
        return 1
    ok, lines = c.run(doc, args)
    if not ok:
        print(f"{name} {path} {' '.join(args)}".rstrip() + ":", file=sys.stderr)
        for line in lines:
            print(f"  {line}", file=sys.stderr)
    return 0 if ok else 1


def list_checks() -> None:
    for c in CHECKS.values():
        print(c.usage() + ("" if c.kind == "JSON" else f"   (FILE: {c.kind})"))
        for line in (inspect.getdoc(c.fn) or "").splitlines():
            print(f"    {line}".rstrip())
        print()


# --- self-test ----------------------------------------------------------------


def op(ios: int = 4, mins: int = 100, maxs: int = 400) -> dict[str, Any]:
    """An op object of a run: IOS reads between MINS and MAXS ns."""
    return {"ios": ios, "bytes": ios * 4096, "errors": 0, "iops": ios * 1.0,
            "lat_ns": {"min": mins, "max": maxs, "mean": (mins + maxs) / 2, "stddev": 1.0,
                       "percentiles": {"50.000000": mins, "99.000000": maxs,
                                       "99.900000": maxs}},
            "histogram": [[mins, mins, ios - 1], [maxs, maxs, 1]]}


def slowest(*entries: tuple[int, int, int]) -> list[dict[str, Any]]:
    """Slowest-log entries from (lat_ns, t_ns, offset)."""
    return [{"lat_ns": lat, "op": "read", "offset": off, "len": 4096, "t_ns": t,
             "inflight": 1} for lat, t, off in entries]


def a_run() -> dict[str, Any]:
    return {"id": 3, "state": "done", "reason": "", "target": "/dev/nullb0",
            "config": {"engine": "bio", "buffered": False, "iodepth": 1, "seed": 7,
                       "ts_interval_ns": 100, "capture_over_ns": 1},
            "elapsed_ns": 10_000, "measured_ns": 4_000_000_000, "completed": 4, "io_errors": 0,
            "late": 0, "read": op(), "write": op(0, 0, 0) | {"histogram": []},
            "slowest": slowest((400, 30, 8192), (100, 20, 4096), (100, 10, 0)),
            "captured": [], "captured_dropped": 0, "ts_dropped": 0,
            "timeseries": [{"t_ns": 0, "read": {"ios": 3, "bytes": 3 * 4096, "max_ns": 100,
                                                "p99_ns": 100}},
                           {"t_ns": 100, "read": {"ios": 1, "bytes": 4096, "max_ns": 400,
                                                  "p99_ns": 400}}]}


def a_rounds_run(iops: list[int], at: int | None) -> dict[str, Any]:
    """A run of 1 s rounds of these IOPS, steady at round AT."""
    rounds = [{"round": i + 1, "iops": v} for i, v in enumerate(iops)]
    for x in rounds[4:]:
        x["steady"] = x["round"] == at
    last = at or len(iops)
    return a_run() | {"rounds_done": len(iops), "steady_round": at, "rounds": rounds,
                      "window": {"first": last - 4, "last": last}}


def a_compare() -> dict[str, Any]:
    """bio, kfile and uring: means 250, 300, 400 ns; p50 100, 150, 250."""
    res = {}
    for engine, extra in (("bio", 0), ("kfile", 50), ("uring", 150)):
        run = a_run() | {"read": op(4, 100 + extra, 400 + extra)}
        run["config"] = run["config"] | {"engine": engine}
        res[engine] = run
    return {"results": res,
            "overhead_ns": {"kfile - bio": {"mean": 50.0, "p50": 50},
                            "uring - kfile": {"mean": 100.0, "p50": 100}},
            "layers": {"kfile - bio": "filesystem", "uring - kfile": "syscall, io_uring"}}


def a_compare_depths() -> dict[str, Any]:
    """bio and kfile at iodepths 1 and 4, 1 s each: at 4, kfile keeps 3.8
    in flight (400 ns x 9.5M IOPS), bio 4 (reads and writes together)."""
    points: list[dict[str, Any]] = []
    for qd in (1, 4):
        res: dict[str, Any] = {}
        for engine, rio, wio, mean in (("bio", qd * 1_250_000, qd * 1_250_000, 400),
                                       ("kfile", qd * 2_375_000, 0, 400)):
            run = a_run() | {"measured_ns": 1_000_000_000,
                             "read": op(rio, mean - 100, mean + 100),
                             "write": op(wio, mean - 100, mean + 100)}
            run["config"] = run["config"] | {"engine": engine, "iodepth": qd}
            res[engine] = run
        got = {e: _little(v) for e, v in res.items()}
        points.append({"iodepth": qd, "results": res, "achieved_iodepth": got,
                       "short_of_iodepth": [], "overhead_ns": {}, "layers": {}})
    return {"points": points}


def a_stall() -> dict[str, Any]:
    """A read run whose 2 slowest IOs were held 300 ns, intervals of 10 ns."""
    run = a_run()
    run["slowest"] = slowest((300, 20, 0), (300, 22, 4096), (50, 0, 8192))
    run["timeseries"] = [{"t_ns": 10 * k, "read": {"ios": n, "bytes": 0, "max_ns": m,
                                                   "p99_ns": m}}
                         for k, (n, m) in enumerate([(5, 50)] * 2 + [(0, 0)] * 30
                                                    + [(2, 300), (5, 50)])]
    run["captured"] = copy.deepcopy(run["slowest"][:2])
    return run


def a_plan() -> dict[str, Any]:
    """A precondition of two steps that wrote 12 bytes, 7 then 5."""
    def step(what: str, written: int) -> dict[str, Any]:
        return {"what": what, "phase": "new", "state": "done",
                "run": a_run() | {"write": op(1) | {"bytes": written}}}
    return {"precondition": "wipc", "state": "done", "bytes_written": 12,
            "steps": [step("pass 1", 7), step("pass 2", 5)]}


def a_study() -> dict[str, Any]:
    """A study of one workload whose run halves its speed when used."""
    def measure(phase: str, reads: int) -> dict[str, Any]:
        return {"what": f"{phase}: randread 4k QD1", "phase": phase, "workload": 0,
                "state": "done",
                "run": a_run() | {"measured_ns": 1000000000, "config": {},
                                  "read": op(reads) | {"bytes": 4096 * reads},
                                  "write": op(0) | {"bytes": 0}}}
    def cell(reads: int) -> dict[str, Any]:
        return {"iops": float(reads), "bw_bytes": 4096.0 * reads,
                "lat_ns": {"mean": op(reads)["lat_ns"]["mean"], "max": 400}}
    return {"study": "new-vs-used", "state": "done", "bytes_written": 0,
            "steps": [measure("new", 4), measure("used", 2), measure("trim", 4)],
            "table": [{"workload": "randread 4k QD1", "new": cell(4), "used": cell(2),
                       "trim": cell(4), "used_change_pct": -50.0, "trim_change_pct": 0.0}]}


def edit(doc: Any, **changes: Any) -> Any:
    """A copy of DOC with each PATH=VALUE set (paths with '__' for '.')."""
    doc = copy.deepcopy(doc)
    for path, value in changes.items():
        keys = path.split("__")
        node = get(doc, ".".join(keys[:-1])) if len(keys) > 1 else doc
        node[int(keys[-1]) if isinstance(node, list) else keys[-1]] = value
    return doc


# Each check, with documents that must pass (True) and must fail (False):
# (check, args, document, whether it holds, what the case shows).
Case = tuple[str, list[str], Any, bool, str]


def cases() -> list[Case]:
    run, cmp, stall = a_run(), a_compare(), a_stall()
    cmp_qd = a_compare_depths()
    cost = run | {"cpu_ns": 9_000, "measurement_overhead_ns": 200, "clock_read_ns": 100}
    spread = edit(run, completed=3, slowest__0__cpu_submit=1, slowest__1__cpu_submit=0,
                  slowest__2__cpu_submit=1)
    sweep = [a_run() | {"config": {"iodepth": qd}} for qd in (1, 4)]
    workers = {"workers": [a_run() | {"target": t} for t in ("/dev/a", "/dev/a", "/dev/b")],
               "total": a_run() | {"read": op(12), "config": {"iodepth": 3}}}
    changed = {"blocks": 3, "first": 4096, "end": 16384, "partial": 0}
    runs = [[512 + 4096 * i, 4096] for i in range(3)]
    worst = "worst interval: 1.2 s to 1.25 s, max {}, p99 9 ms, 4 IOs\n"
    # Every IO captured: 3 completing in [0, 100), one in [100, 200).
    every = a_run() | {
        "read": op(4, 80, 90),
        "captured": [{"op": "read", "offset": 0, "len": 4096, "t_ns": t, "lat_ns": lat}
                     for t, lat in ((0, 90), (5, 90), (9, 90), (100, 50))],
        "timeseries": [{"t_ns": 0, "read": {"ios": 3, "bytes": 3 * 4096, "mean_ns": 90,
                                            "max_ns": 90, "p99_ns": 90}},
                       {"t_ns": 100, "read": {"ios": 1, "bytes": 4096, "mean_ns": 50,
                                              "max_ns": 50, "p99_ns": 50}}]}
    # The stall at once: its interval k = 300 // 50 = 6 follows one with reads and 5 empty.
    early = edit(stall, slowest__0__t_ns=0, timeseries=stall["timeseries"][:1]
                 + stall["timeseries"][2:7] + stall["timeseries"][32:33])
    data = {"zlib_ratio": 1.0003, "distinct_4k": 2, "blocks_4k": 2, "distinct_sectors": 16,
            "sectors": 16}
    failed = run | {"state": "failed", "reason": "read error -5 at offset 8192", "io_errors": 1}
    errs = run | {"read": op() | {"errors": 3}, "write": op(2, 200, 300) | {"errors": 4},
                  "io_errors": 7}
    plan, study = a_plan(), a_study()
    steady = a_rounds_run([50, 75, 100, 100, 100, 100, 100], 7)
    never = a_rounds_run([50, 100, 50, 100, 50, 100], None)
    # As a stall of the guest left them on 7.x: IOs of round 1 late into 2.
    ruled = a_rounds_run([84, 108, 100, 100, 100, 100], 6)
    ruled["config"] |= {"steady_range_pct": 20, "steady_slope_pct": 10}
    for x in ruled["rounds"]:
        x["ios"] = x["iops"]
    return [
        ("plan_ended", ["done", "2", "12"], plan, True, "two steps, their writes"),
        ("plan_ended", ["done", "2", "11"], plan, False, "other bytes"),
        ("plan_ended", ["done", "1", "12"], plan, False, "another number of steps"),
        ("plan_ended", ["done", "2", "12"], edit(plan, bytes_written=13), False,
         "bytes_written not its runs' sum"),
        ("plan_ended", ["stopped", "1", "5"],
         edit(plan, state="stopped", bytes_written=5, steps__0__state="stopped",
              steps__0__run__write__bytes=5,
              steps__1__state="pending", steps__1__run__write__bytes=0),
         True, "stopped after its first step"),
        ("study_table_is_its_runs", ["1"], study, True, "the table is its runs'"),
        ("study_table_is_its_runs", ["2"], study, False, "another number of rows"),
        ("study_table_is_its_runs", ["1"], edit(study, table__0__used__bw_bytes=2500),
         False, "a cell that is not its run's"),
        ("study_table_is_its_runs", ["1"], edit(study, table__0__new__lat_ns__max=700),
         False, "another max"),
        ("study_table_is_its_runs", ["1"], edit(study, table__0__used_change_pct=-40.0),
         False, "a change that is not the cells'"),
        ("changed_exactly", ["4096", "8192"], [[4096, 8192]], True, "the span, exactly"),
        ("changed_exactly", ["4096", "8192"], [[4096, 4096]], False, "less than the span"),
        ("changed_exactly", ["4096", "8192"], [[0, 512], [4096, 8192]], False,
         "something outside it"),
        ("steady_at", ["7", "20"], steady, True, "steady at its round"),
        ("steady_at", ["6", "20"], steady, False, "another round"),
        ("steady_at", ["0", "6"], never, True, "never, all its rounds"),
        ("steady_at", ["0", "8"], never, False, "fewer rounds than its maximum"),
        ("steady_at", ["7", "20"], edit(steady, rounds__5__steady=True), False,
         "a window passing before"),
        ("steady_at", ["7", "20"], edit(steady, window={"first": 2, "last": 6}), False,
         "another window"),
        ("steady_at", ["7", "20"], edit(steady, state="stopped"), False, "stopped"),
        ("steady_by_rule", ["20", "6"], ruled, True, "steady at round 6, the rule's"),
        ("steady_by_rule", ["20", "5"], ruled, False, "later than BY"),
        ("steady_by_rule", ["20", "6"], edit(ruled, rounds__4__steady=True), False,
         "a verdict not the rule's"),
        ("steady_by_rule", ["20", "6"], edit(ruled, rounds__0__ios=100), False,
         "went on past the first window the rule passes"),
        ("steady_by_rule", ["20", "6"], edit(ruled, state="stopped"), False, "stopped"),
        ("steady_reached", ["20"], steady, True, "steady at round 7 of 20"),
        ("steady_reached", ["6"], steady, False, "past its rounds"),
        ("steady_reached", ["6"], never, False, "never"),
        ("steady_reached", ["20"], edit(steady, rounds__5__steady=True), False,
         "a window passing before"),
        ("fields", ["state=done", "read.ios=4", "config.buffered=false", "target=/dev/nullb0",
                    "slowest.0.lat_ns=400", "layers.kfile - bio=filesystem"],
         run | {"layers": cmp["layers"]}, True, "numbers, strings, booleans, paths"),
        ("fields", ["state=stopped"], run, False, "another string"),
        ("fields", ["read.ios=5"], run, False, "another number"),
        ("fields", ["config.buffered=0"], run, False, "false is not 0"),
        ("fields", ["config.nothing=1"], run, False, "a field that is not there"),
        ("hist_sums_to_ios", [], run, True, "a run's read"),
        ("hist_sums_to_ios", ["read", "write"], run, True, "both ops"),
        ("hist_sums_to_ios", [], edit(run, read__ios=5), False, "one IO more than counted"),
        ("hist_sums_to_ios", [], cmp, True, "every engine of a compare"),
        ("hist_sums_to_ios", [], edit(cmp, results__kfile__read__ios=3), False,
         "one engine off"),
        ("run_ended", ["stopped", "^its owner"],
         run | {"state": "stopped", "reason": "its owner closed its socket"}, True,
         "the state, the reason"),
        ("run_ended", ["stopped"], run, False, "another state"),
        ("run_ended", ["done"], edit(run, read__ios=0, read__histogram=[]), False, "no IO"),
        ("run_ended", ["done"], edit(run, read__ios=3), False, "histogram off"),
        ("run_ended", ["failed", "^read error -5 at offset [0-9]+$"], failed, True,
         "a failure"),
        ("run_ended", ["failed", "went away"], failed, False, "another reason"),
        ("percentiles_ordered", ["read"], run, True, "ascending"),
        ("percentiles_ordered", ["read"], edit(run, read__lat_ns__max=99), False,
         "max below a percentile"),
        ("moments_coherent", ["read"], run, True, "min <= mean <= max"),
        ("moments_coherent", ["read"], edit(run, read__lat_ns__mean=100,
                                            read__lat_ns__stddev=0), True, "mean at min, stddev 0"),
        ("moments_coherent", ["read"], edit(run, read__lat_ns__mean=400), True, "mean at max"),
        ("moments_coherent", ["read"], edit(run, read__lat_ns__mean=401), False,
         "mean above max"),
        ("moments_coherent", ["read"], edit(run, read__lat_ns__stddev=-1), False,
         "negative stddev"),
        ("run_cost", ["4000"], cost, True, "CPU within the elapsed time, overhead > clock"),
        ("run_cost", ["4000"], cost | {"cpu_ns": 0}, False, "no CPU time"),
        ("run_cost", ["4000"], cost | {"cpu_ns": 14_001}, False, "more CPU than time and tick"),
        ("run_cost", ["4000"], edit(cost, cpu_ns=28_000, config__workers=2), True,
         "two workers' CPU within twice the time"),
        ("run_cost", ["4000"], edit(cost, cpu_ns=28_001, config__workers=2), False,
         "more CPU than two workers had"),
        ("ios_by_cpu", ["0=1", "1=2"], spread, True, "one IO on CPU 0, two on CPU 1"),
        ("ios_by_cpu", ["0=2", "1=1"], spread, False, "the other way round"),
        ("ios_by_cpu", ["0=1", "1=2"], edit(spread, completed=4), False,
         "an IO missing from the log"),
        ("ios_by_cpu", ["0=3"], spread, False, "all on one CPU"),
        ("offsets_once", ["0", "4096", "3"], run, True, "0, 4096, 8192 once each"),
        ("offsets_once", ["0", "4096", "4"], run, False, "one block unread"),
        ("offsets_once", ["0", "4096", "3"], edit(run, slowest__1__offset=0), False,
         "a block read twice"),
        ("run_cost", ["4000"], cost | {"clock_read_ns": 0}, False, "no clock read"),
        ("run_cost", ["4000"], cost | {"measurement_overhead_ns": 90}, False,
         "overhead below a clock read"),
        ("iops_is_rate", ["read"], edit(run, read__iops=1.0), True, "4 IOs in 4 s"),
        ("iops_is_rate", ["read"], edit(run, read__iops=1.00001), False, "10 ppm off"),
        ("latency_floor", ["read", "100", "0"], run, True, "min and p50 at T"),
        ("latency_floor", ["read", "100", "0"], edit(run, read__lat_ns__min=99), False,
         "min below T"),
        ("latency_floor", ["read", "90", "0"], run, False, "p50 above T x 1.02"),
        ("latency_floor", ["read", "90", "9"], run, True, "p50 within the slack"),
        ("latency_floor", ["read", "100", "0"],
         edit(run, **{"read__lat_ns__percentiles__50.000000": 102}), True, "p50 at T x 1.02"),
        ("open_loop_stall", ["300", "1", "1", "0"], run | {"read": op() | {
            "response": op()}}, True, "one slow service time, one slow response"),
        ("open_loop_stall", ["300", "0", "1", "0"], run | {"read": op() | {
            "response": op()}}, False, "too many slow service times"),
        ("open_loop_stall", ["300", "1", "2", "0"], run | {"read": op() | {
            "response": op()}}, False, "too few slow responses"),
        ("open_loop_stall", ["300", "1", "1", "1"], run | {"read": op() | {
            "response": op()}}, False, "too few late"),
        ("errors_add_up", ["13", "2"], errs, True, "3 + 4 errors, 6 IOs"),
        ("errors_add_up", ["13", "3"], errs, False, "too few read errors"),
        ("errors_add_up", ["14", "2"], errs, False, "another total"),
        ("errors_add_up", ["13", "2"], errs | {"io_errors": 6}, False, "io_errors off"),
        ("good_ios_only", ["100", "8193"], errs, True, "latencies and offsets"),
        ("good_ios_only", ["101", "8193"], errs, False, "a quicker IO"),
        ("good_ios_only", ["100", "8192"], errs, False, "a slow IO past the end"),
        ("error_offset", ["read", "5", "8192"], failed, True, "the error and its offset"),
        ("error_offset", ["read", "5", "8193"], failed, False, "an offset too low"),
        ("error_offset", ["read", "4", "0"], failed, False, "another errno"),
        ("error_offset", ["read", "5", "0"], failed | {"reason": failed["reason"] + "."}, False,
         "not the whole reason"),
        ("slowest_log", ["read", "3"], run, True, "3 entries, in order"),
        ("slowest_log", ["read", "4"], run, False, "another count"),
        ("slowest_log", ["read", "3"], edit(run, read__lat_ns__max=401), False,
         "the first not at the max"),
        ("slowest_log", ["read", "3"], edit(run, slowest__1__lat_ns=99), False, "out of order"),
        ("slowest_log", ["read", "3"], edit(run, slowest__2__op="write"), False, "another op"),
        ("slowest_log", ["read", "3"], edit(run, slowest__2__t_ns=10_000), False,
         "submitted at the end"),
        ("slowest_in_span", ["0", "12288", "1", "4096"], run, True, "in the span"),
        ("slowest_in_span", ["4096", "12288", "1", "4096"], run, False, "one before START"),
        ("slowest_in_span", ["0", "12287", "1", "4096"], run, False, "one past END"),
        ("slowest_in_span", ["0", "12288", "1", "512"], run, False, "another length"),
        ("slowest_in_span", ["0", "12288", "2", "4096"], run, False, "another in flight"),
        ("slowest_held", ["2", "300", "51"], stall, True, "2 held"),
        ("slowest_held", ["2", "301", "51"], stall, False, "held shorter"),
        ("slowest_held", ["2", "300", "50"], stall, False, "the next too slow"),
        ("slowest_held", ["2", "300", "51"], edit(stall, slowest__1__t_ns=320), False,
         "one submitted as the other completed: two stalls"),
        ("captured", ["2", "0"], stall, True, "2 kept, none dropped"),
        ("captured", ["2", "1"], stall, False, "another drop count"),
        ("captured", ["3", "0"], stall, False, "another count"),
        ("captured_are_slowest", [], stall, True, "the 2 held, in completion order"),
        ("captured_are_slowest", [], edit(stall, captured__0__offset=1), False,
         "another IO"),
        ("captured_are_slowest", [], edit(stall, captured=stall["slowest"][1::-1]), False,
         "out of completion order"),
        ("timeseries_adds_up", ["read", "100"], run, True, "2 intervals"),
        ("timeseries_adds_up", ["read", "50"], run, False, "another interval"),
        ("timeseries_adds_up", ["read", "100"], edit(run, config__ts_interval_ns=50), False,
         "another interval configured"),
        ("timeseries_adds_up", ["read", "100"], edit(run, timeseries__1__t_ns=101), False,
         "an interval late"),
        ("timeseries_adds_up", ["read", "100"], edit(run, timeseries__1__read__ios=2), False,
         "one IO too many"),
        ("timeseries_adds_up", ["read", "100"], edit(run, timeseries__1__read__bytes=0), False,
         "bytes missing"),
        ("timeseries_adds_up", ["read", "100"], edit(run, timeseries__1__read__max_ns=300,
                                                     timeseries__1__read__p99_ns=300),
         False, "the max in none"),
        ("timeseries_adds_up", ["read", "100"], edit(run, timeseries__0__read__p99_ns=101),
         False, "a p99 above its max"),
        ("timeseries_adds_up", ["read", "100"], edit(run, ts_dropped=1), False, "a drop"),
        ("timeseries_adds_up", ["read", "100"], edit(run, timeseries=[]), False, "no interval"),
        ("timeseries_exact", ["read", "100"], every, True, "2 intervals, every IO captured"),
        ("timeseries_exact", ["read", "100"], edit(every, timeseries__0__read__p99_ns=89),
         False, "a p99 below the exact one"),
        ("timeseries_exact", ["read", "100"], edit(every, timeseries__0__read__p99_ns=91),
         False, "a p99 more than 1/256 above"),
        ("timeseries_exact", ["read", "100"], edit(every, timeseries__0__read__ios=2), False,
         "an IO missing"),
        ("timeseries_exact", ["read", "100"], edit(every, timeseries__1__read__mean_ns=60),
         False, "another mean"),
        ("timeseries_exact", ["read", "100"], edit(every, captured_dropped=1), False,
         "an IO not captured"),
        ("timeseries_exact", ["read", "100"], edit(every, timeseries=every["timeseries"][:1]),
         False, "an interval missing"),
        ("timeseries_bounded", ["read", "2"], edit(run, ts_dropped=1, read__ios=5), True,
         "2 kept, 1 dropped"),
        ("timeseries_bounded", ["read", "2"], run, False, "none dropped"),
        ("timeseries_bounded", ["read", "2"], edit(run, ts_dropped=2, read__ios=5), False,
         "not adding up"),
        ("timeseries_bounded", ["read", "3"], edit(run, ts_dropped=1, read__ios=5), False,
         "another count"),
        ("stall_in_timeseries", ["10", "5"], stall, True, "30 empty intervals before k"),
        ("stall_in_timeseries", ["10", "5"], edit(stall, timeseries__31__read__ios=1), True,
         "an IO right before k"),
        ("stall_in_timeseries", ["10", "5"], edit(stall, timeseries__31__read__ios=1,
                                                  timeseries__30__read__ios=1), False,
         "IOs in both intervals before k"),
        ("stall_in_timeseries", ["10", "31"], stall, False, "too few empty intervals"),
        ("stall_in_timeseries", ["50", "5"], early, True, "one interval with reads, then 5 empty"),
        ("stall_in_timeseries", ["50", "5"], edit(early, timeseries__0__read__ios=0), False,
         "no interval with reads before the empty ones"),
        ("stall_in_timeseries", ["10", "5"], edit(stall, timeseries__32__read__max_ns=299),
         False, "k's max not the stall"),
        ("stall_in_timeseries", ["1", "5"], stall, False, "k past the series"),
        ("ios_per_engine", ["4", "3", "12"], cmp, True, "3 engines of 4 IOs"),
        ("ios_per_engine", ["4", "3"], cmp, True, "without diskstats"),
        ("ios_per_engine", ["4", "3", "11"], cmp, False, "diskstats off"),
        ("ios_per_engine", ["4", "2", "8"], cmp, False, "another engine count"),
        ("ios_per_engine", ["4", "3", "12"], edit(cmp, results__bio__read__ios=5), False,
         "an engine off"),
        ("each_engine", ["config.iodepth=1", "read.ios=4"], cmp, True, "every engine"),
        ("each_engine", ["config.engine=bio"], cmp, False, "one engine differs"),
        ("compare_depths", ["1", "4"], cmp_qd, True, "two points, each engine at its depth"),
        ("compare_depths", ["1"], cmp_qd, False, "another list"),
        ("compare_depths", ["1", "4"], edit(cmp_qd, points__1__results__bio__config__iodepth=1),
         False, "an engine at another depth"),
        ("compare_depths", ["1"], cmp_qd["points"][0], True, "one point, no list"),
        ("achieved_iodepth", ["90", "110"], cmp_qd, True, "Little's law, within 10%"),
        ("achieved_iodepth", ["96", "110"], cmp_qd, False, "an engine short of 96%"),
        ("achieved_iodepth", ["90", "110"],
         edit(cmp_qd, points__0__achieved_iodepth__bio=1.01), False, "not the run's own law"),
        ("achieved_iodepth", ["0", "110"],
         edit(cmp_qd, points__1__achieved_iodepth__kfile=2.0,
              points__1__results__kfile__measured_ns=8_000_000_000), False,
         "short, and not said so"),
        ("compare_overheads_match", ["2"], cmp, True, "mean and p50 of each pair"),
        ("compare_overheads_match", ["3"], cmp, False, "another count"),
        ("compare_overheads_match", ["2"], edit(cmp, **{"overhead_ns__kfile - bio__mean": 50.1}),
         False, "a difference off"),
        ("compare_overheads_match", ["2", "bio"], cmp, False,
         "uring - kfile is not uring minus bio"),
        ("compare_overheads_match", ["1", "bio"],
         {"results": cmp["results"], "overhead_ns": {"uring - bio": {"mean": 150.0, "p50": 150,
                                                                     "p99.9": 150}}}, True,
         "minus BASE, p99.9"),
        ("compare_overheads_match", ["1"], {"results": cmp["results"], "overhead_ns": {
            "kfile - bio": {"p90": 0}}}, False, "a figure compare does not print"),
        ("workers_add_up", ["3", "12", "3", "/dev/a=8", "/dev/b=4"], workers, True,
         "3 runs on 2 targets"),
        ("workers_add_up", ["2", "12", "3"], workers, False, "another count of runs"),
        ("workers_add_up", ["3", "13", "3"], workers, False, "another total"),
        ("workers_add_up", ["3", "12", "3"], edit(workers, total__read__ios=11), False,
         "the runs not adding up to the total"),
        ("workers_add_up", ["3", "12", "4"], workers, False, "another iodepth"),
        ("workers_add_up", ["3", "12", "3", "/dev/a=7"], workers, False,
         "a target's reads off"),
        ("workers_add_up", ["3", "12", "3"], edit(workers, total__read__histogram=[[1, 1, 11]]),
         False, "the total's histogram off"),
        ("sweep_points", ["4", "1", "4"], sweep, True, "2 points"),
        ("sweep_points", ["4", "4", "1"], sweep, False, "another order"),
        ("sweep_points", ["3", "1", "4"], sweep, False, "another IO count"),
        ("sweep_points", ["4", "1", "4"], edit(sweep, **{"1__state": "failed"}), False,
         "a point failed"),
        ("sweep_points", ["4", "1", "4"], edit(sweep, **{"1__read__lat_ns__percentiles": {}}),
         False, "no percentiles"),
        ("changed_within", ["4096", "16384", "3"], changed, True, "3 blocks inside"),
        ("changed_within", ["8192", "16384", "3"], changed, False, "before START"),
        ("changed_within", ["4096", "12288", "3"], changed, False, "past END"),
        ("changed_within", ["4096", "16384", "2"], changed, False, "too many blocks"),
        ("changed_within", ["4096", "16384", "3"], changed | {"partial": 1}, False,
         "a partial block"),
        ("changed_within", ["4096", "16384", "3"], changed | {"blocks": 0}, False,
         "nothing changed"),
        ("runs_aligned", ["512", "4096", "512", str(512 + 3 * 4096), "2"], runs, True,
         "3 runs at 512 mod 4096"),
        ("runs_aligned", ["512", "4096", "512", str(512 + 3 * 4096), "3"], runs, False,
         "too few runs"),
        ("runs_aligned", ["0", "4096", "0", "1048576", "2"], runs, False, "not aligned"),
        ("runs_aligned", ["512", "4096", "513", "1048576", "2"], runs, False, "before START"),
        ("runs_aligned", ["512", "4096", "512", str(3 * 4096), "2"], runs, False, "past END"),
        ("runs_aligned", ["512", "4096", "0", "1048576", "2"], runs + [[512, 100]], False,
         "not whole blocks"),
        ("random_data", [], data, True, "incompressible, all distinct"),
        ("random_data", [], data | {"zlib_ratio": 0.999}, False, "compressed"),
        ("random_data", [], data | {"distinct_4k": 1}, False, "two blocks alike"),
        ("random_data", [], data | {"distinct_sectors": 15}, False, "two sectors alike"),
        ("follow_in_order", ["100"], run["timeseries"], True, "in order"),
        ("follow_in_order", ["100"], run["timeseries"][::-1], False, "out of order"),
        ("worst_interval_at_least", ["300"], "x\n" + worst.format("312.4 ms"), True, "312.4 ms"),
        ("worst_interval_at_least", ["300"], worst.format("1.2 s"), True, "seconds"),
        ("worst_interval_at_least", ["300"], worst.format("300 ms"), True, "300 ms"),
        ("worst_interval_at_least", ["300"], worst.format("299.9 ms"), False, "299.9 ms"),
        ("worst_interval_at_least", ["300"], worst.format("900 us"), False, "microseconds"),
        ("worst_interval_at_least", ["300"], "no such line\n", False, "no worst interval"),
    ]


def review_cases(tmp: str) -> list[Case]:
    """A review of a raw step (a compare of bio, its file in TMP) done and
    a filesystem step pending, as review.json has them."""
    run = a_run()
    run["config"] |= {"rw": "randread", "bs": 4096}
    for o in (run["read"], run["write"]):
        o["bw_bytes"] = o["bytes"] * 1.0
    with open(os.path.join(tmp, "01-raw.json"), "w", encoding="utf-8") as f:
        json.dump({"iodepth": 1, "results": {"bio": run}, "achieved_iodepth": {"bio": 0.9}}, f)
    row = {"step": 1, "label": "bio", "rw": "randread", "bs": 4096, "iodepth": 1, "ios": 4,
           "achieved_iodepth": 0.9, "mb_s": 4 * 4096 / 1e6, "iops": 4.0, "mean_ns": 250.0,
           "max_ns": 400}
    stats = {"reads": 4, "read_merges": 0, "writes": 0, "write_merges": 0}
    review = {"dir": tmp, "record": {
        "state": "done", "rows": [row],
        "steps": [{"step": 1, "name": "raw", "fs": None, "file": "01-raw.json",
                   "state": "done", "diskstats": stats},
                  {"step": 2, "name": "filesystem", "fs": "ext4", "file": None,
                   "state": "pending", "diskstats": None}]}}
    return [
        ("review_ended", ["done", "1"], review, True, "a step done, its runs whole"),
        ("review_ended", ["done", "2"], review, False, "another number of steps done"),
        ("review_ended", ["done", "1"], edit(review, record__state="stopped"), False,
         "another state"),
        ("review_rows_are_runs", [], review, True, "the row is the run's"),
        ("review_rows_are_runs", [], edit(review, record__rows__0__mb_s=0.017), False,
         "other MB/s"),
        ("review_rows_are_runs", [], edit(review, record__rows=[]), False, "a run without a row"),
        ("review_rows_are_runs", [], edit(review, record__rows__0__achieved_iodepth=1.0), False,
         "another achieved depth"),
        ("review_diskstats", [], review, True, "the disk counted the run's 4 IOs"),
        ("review_diskstats", [], edit(review, record__steps__0__diskstats__reads=5), False,
         "the disk counted one more"),
    ]


def self_test() -> int:
    """KTAP: every case, then every check has cases both ways, then the
    command line's exit statuses."""
    import os
    import subprocess
    import tempfile

    results: list[tuple[bool, str]] = []
    all_cases = cases()
    with tempfile.TemporaryDirectory() as tmp:
        trace = os.path.join(tmp, "trace")
        with open(trace, "w", encoding="utf-8") as f:
            f.write("  <idle>-0 [001] d.h2. 81.1: ssdk_io_complete: run=3 op=read offset=8192 "
                    "len=4096 lat_ns=400 error=0\n")
        all_cases += review_cases(tmp)
        iolog = os.path.join(tmp, "iolog")
        with open(iolog, "w", encoding="utf-8") as f:
            f.write("fio version 3 iolog\n1 /dev/nullb0 add\n2 /dev/nullb0 open\n"
                    "3 /dev/nullb0 write 8192 4096\n9 /dev/nullb0 read 0 512\n"
                    "12 /dev/nullb0 trim 4096 4096\n13 /dev/nullb0 close\n")
        ios: list[dict[str, Any]] = [
            {"t_ns": 0, "op": "write", "offset": 8192, "len": 4096, "qd": 1},
            {"t_ns": 6000, "op": "read", "offset": 0, "len": 512, "qd": 1},
            {"t_ns": 9000, "op": "discard", "offset": 4096, "len": 4096, "qd": 1}]
        dump = {"path": "t.bin", "ios": ios}
        all_cases += [
            ("ios_as_iolog", [iolog, "1"], dump, True, "the same IOs, in order"),
            ("ios_as_iolog", [iolog, "2"], dump, False, "another depth"),
            ("ios_as_iolog", [iolog, "1"], dump | {"ios": ios[1:2] + ios[:1] + ios[2:]}, False,
             "another order"),
            ("ios_as_iolog", [iolog, "1"], dump | {"ios": ios[:2]}, False, "an IO missing"),
            ("ios_as_iolog", [iolog, "1"], edit(dump, ios__1__offset=512), False,
             "another offset"),
            ("ios_as_iolog", [iolog, "1"], edit(dump, ios__1__op="write"), False, "another op"),
        ]
        all_cases += [
            ("slowest_in_trace", [trace, "read"], a_run(), True, "the event is there"),
            ("slowest_in_trace", [trace, "write"], a_run(), False, "another op"),
            ("slowest_in_trace", [trace, "read"], edit(a_run(), id=4), False, "another run"),
            ("slowest_in_trace", [trace, "read"], edit(a_run(), slowest__0__lat_ns=401),
             False, "another latency"),
        ]
        for name, args, doc, holds, what in all_cases:
            ok, lines = CHECKS[name].run(doc, args)
            if ok != holds:
                for line in lines:
                    print(f"# {line}")
            verdict = "holds" if holds else "fails"
            results.append((ok == holds, f"{name} {' '.join(args)}: {verdict}: {what}"))
        both = {(name, holds) for name, _, _, holds, _ in all_cases}
        for name in CHECKS:
            results.append(((name, True) in both and (name, False) in both,
                            f"{name} has cases that hold and cases that fail"))
        # The command: 0 when it holds, 1 with what it found, 2 on misuse.
        doc = os.path.join(tmp, "run.json")
        with open(doc, "w", encoding="utf-8") as f:
            json.dump(a_run(), f)
        me = os.path.abspath(__file__)
        for args, status, out, what in (
                (["fields", doc, "read.ios=4"], 0, "", "holds: exit 0, silent"),
                (["fields", doc, "read.ios=5"], 1, "read.ios: found 4, wanted 5",
                 "fails: exit 1, found against wanted"),
                (["fields", "-", "state=done"], 0, "", "- reads stdin"),
                (["nonesuch", doc], 2, "no check", "an unknown check: exit 2"),
                (["latency_floor", doc, "read"], 2, "T missing", "too few arguments: exit 2"),
                (["captured", doc, "1", "x"], 2, "not int", "not a number: exit 2"),
                (["fields", os.path.join(tmp, "none")], 1, "cannot read", "no file: exit 1")):
            p = subprocess.run([sys.executable, me, *args], input=json.dumps(a_run()),
                               capture_output=True, text=True, check=False)
            said = out in p.stderr if out else not p.stderr
            results.append((p.returncode == status and said,
                            f"checks.py {' '.join(args[:1] + args[2:])}: {what}"))
            if not results[-1][0]:
                print(f"# exit {p.returncode}: {p.stderr.strip()}")
    print("KTAP version 1")
    print(f"1..{len(results)}")
    for i, (ok, name) in enumerate(results, 1):
        print(f"{'ok' if ok else 'not ok'} {i} {name}")
    return 0 if all(ok for ok, _ in results) else 1


def main(argv: list[str]) -> int:
    if argv == ["--self-test"]:
        return self_test()
    if argv == ["--list"]:
        list_checks()
        return 0
    if len(argv) < 2 or argv[0].startswith("-"):
        print(__doc__, file=sys.stderr)
        return 2
    try:
        return run_check(argv[0], argv[1], argv[2:])
    except Usage as e:
        c = CHECKS.get(argv[0])
        print(f"checks.py: {e}" + (f"; usage: {c.usage()}" if c else ""), file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
