# SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause
"""fio job files, read as fio 3.33's ``__parse_jobs_ini()`` reads them.

A line is stripped of blanks at both ends and cut at its first ``;`` or
``#`` (a comment, also after an option or a section): what is left blank
is nothing. ``[NAME]``
starts a section; a section whose name begins with ``global`` sets the
defaults of the jobs below it (in that file and the files after it), a
later one adding to an earlier one. Every other line is an option,
``key`` or ``key=value`` (blanks around ``=`` dropped), or ``include
FILE``: FILE's lines go into the section there (a relative FILE is
looked for from the working directory, then beside the file that
includes it, as fio does), and it may hold no section. ``${VAR}`` in a
value is the environment's VAR ("" when unset), and ``$pagesize``,
``$mb_memory`` and ``$ncpus`` are the machine's, their arithmetic
computed (``values.expr``). The first job of each file after the first
waits for the jobs before it (fio's stonewall between job files).

Where fio would loop or crash (an include of itself, directly or not;
nested deeper than ``MAX_INCLUDE_DEPTH``) or cut (a line of
``OPT_LEN_MAX`` bytes or more), the reader refuses, naming the file and
line, in fio's way: ``JobFileError``.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from . import values

OPT_LEN_MAX = 8192  # fio's longest line (os/os.h: 8192), its newline included
MAX_INCLUDE_DEPTH = 16  # fio has none: a loop is its stack's end
_SECTION = re.compile(r"\[([^\n]+)\]")  # fio: sscanf("[%255[^\n]]"): the last ']' is dropped
MAX_SECTION_NAME = 255
_BLANK_END = "".join(map(chr, range(33))) + "\x7f"  # isspace() or iscntrl()


class JobFileError(ValueError):
    """A job file fio would refuse (or misread): ``FILE:LINE: what``."""


@dataclass(frozen=True)
class Option:
    """One option line: its key, its value (None for a bare key), and where."""

    key: str
    value: str | None
    file: str
    line: int

    @property
    def where(self) -> str:
        return f"{self.file}:{self.line}"


@dataclass
class Job:
    """A job section: its name, the global options above it then its own (a
    later one of a key replaces an earlier one when fio reads them), where
    it starts, and whether it waits for the jobs before it (a later job
    file's first job: fio's stonewall between files; its own ``stonewall``
    or ``new_group`` options are among its options)."""

    name: str
    file: str
    line: int
    options: list[Option] = field(default_factory=list)
    file_stonewall: bool = False
    n_global: int = 0  # how many of options are the globals', first

    @property
    def own(self) -> list[Option]:
        """The job section's own options (its include's among them)."""
        return self.options[self.n_global:]

    def get(self, key: str) -> Option | None:
        """The option that decides *key*: the last of it."""
        for o in reversed(self.options):
            if o.key == key:
                return o
        return None


@dataclass
class Section:
    """A section as the file gives it: a global one or a job's, its own
    options in order (an include's where the include is)."""

    name: str
    file: str
    line: int
    options: list[Option] = field(default_factory=list)

    @property
    def is_global(self) -> bool:
        return self.name.startswith("global")


@dataclass
class Parsed:
    """The job files read: their jobs, and every section (globals too) as given."""

    jobs: list[Job]
    sections: list[Section]


def _strip(line: str) -> str:
    """fio's strip_blank_front() and strip_blank_end(): blanks off both ends,
    and everything from the first ';' or '#' on (a comment after an
    option, or after a section's ']')."""
    line = line.lstrip()
    cut = min((i for i in (line.find(";"), line.find("#")) if i >= 0), default=len(line))
    return line[:cut].rstrip(_BLANK_END)


def _split(text: str, file: str, line: int) -> Option:
    """``key`` or ``key=value``: fio's get_opt_postfix(): blanks around '='."""
    key, eq, value = text.partition("=")
    return Option(key.strip(), value.strip() if eq else None, file, line)


def _sub(value: str, env: Mapping[str, str], kw: Mapping[str, str]) -> str:
    """fio_option_dup_subs(): each ``${VAR}`` the environment's (none: "");
    then fio_keyword_replace(): the reserved keywords, and arithmetic when
    one was replaced."""
    out = re.sub(r"\$\{([^}]+)\}", lambda m: env.get(m.group(1), ""), value)
    replaced = False
    for word, repl in kw.items():
        if word in out:
            out = out.replace(word, repl)
            replaced = True
    return values.calc(out) if replaced else out


def keywords() -> dict[str, str]:
    """$pagesize, $mb_memory and $ncpus of this machine, as fio reads them."""
    pages = os.sysconf("SC_PHYS_PAGES") if hasattr(os, "sysconf") else 0
    page = os.sysconf("SC_PAGESIZE")
    return {"$pagesize": str(page), "$mb_memory": str(pages * page // (1024 * 1024)),
            "$ncpus": str(os.sysconf("SC_NPROCESSORS_ONLN"))}


@dataclass
class _Reader:
    env: Mapping[str, str]
    kw: Mapping[str, str]
    jobs: list[Job] = field(default_factory=list)
    globals_: list[Option] = field(default_factory=list)
    sections: list[Section] = field(default_factory=list)

    def lines(self, path: str, stack: Sequence[str]) -> list[tuple[int, str]]:
        where = f"{stack[-1]}" if stack else path
        try:
            data = Path(path).read_bytes()
        except OSError as e:
            raise JobFileError(f"{where}: unable to open '{path}' job file"
                               f" ({e.strerror or e})") from None
        out = []
        for n, raw in enumerate(data.split(b"\n"), 1):
            if len(raw) + 1 >= OPT_LEN_MAX:
                raise JobFileError(f"{path}:{n}: a line of {len(raw)} bytes: fio reads"
                                   f" {OPT_LEN_MAX - 2} at most")
            out.append((n, _strip(raw.decode(errors="replace"))))
        return out

    def include(self, arg: str, path: str, n: int, stack: list[str],
                into: list[Option]) -> None:
        """An include line's file, its options into *into*."""
        name = arg.strip()
        if not name:
            raise JobFileError(f"{path}:{n}: include: no file named")
        full = name
        if not os.path.exists(name) and "/" in path:
            full = path[: path.rfind("/") + 1] + name
        real = os.path.realpath(full)
        if real in stack:
            raise JobFileError(f"{path}:{n}: include {name}: a loop ({' -> '.join(stack)}"
                               f" -> {real})")
        if len(stack) > MAX_INCLUDE_DEPTH:
            raise JobFileError(f"{path}:{n}: include {name}: nested deeper than"
                               f" {MAX_INCLUDE_DEPTH}")
        for m, line in self.lines(full, [f"{path}:{n}"]):
            if not line or line[0] in ";#":
                continue
            if line.startswith("["):
                raise JobFileError(f"{full}:{m}: No new sections in included files")
            if line.startswith("include"):
                self.include(line[len("include") + 1:], full, m, [*stack, real], into)
                continue
            into.append(self.option(line, full, m))

    def option(self, line: str, path: str, n: int) -> Option:
        o = _split(line, path, n)
        if o.value is not None:
            o = Option(o.key, _sub(o.value, self.env, self.kw), path, n)
        return o

    def file(self, path: str, first: bool) -> None:
        real = os.path.realpath(path)
        sect: Section | None = None
        stonewall = not first
        for n, line in self.lines(path, []):
            if not line or line[0] in ";#":
                continue
            if line.startswith("["):
                self.close(sect, stonewall)
                stonewall = stonewall and (sect is None or sect.is_global)
                m = _SECTION.fullmatch(line)
                if m is None:
                    raise JobFileError(f"{path}:{n}: an unbalanced section: {line}")
                if len(m.group(1)) > MAX_SECTION_NAME:
                    raise JobFileError(f"{path}:{n}: a section name of {len(m.group(1))}"
                                       f" characters: fio reads {MAX_SECTION_NAME} at most")
                sect = Section(m.group(1), path, n)
                self.sections.append(sect)
                continue
            if sect is None:
                raise JobFileError(f"{path}:{n}: option <{line}> outside of [] job section")
            if line.startswith("include"):
                self.include(line[len("include") + 1:], path, n, [real], sect.options)
                continue
            sect.options.append(self.option(line, path, n))
        self.close(sect, stonewall)

    def close(self, sect: Section | None, stonewall: bool) -> None:
        """A section read whole: a global's options join the defaults; a job
        is the defaults then its own (fio parses a job's options when its
        section ends, with the globals above it)."""
        if sect is None:
            return
        if sect.is_global:
            self.globals_ += sect.options
            return
        self.jobs.append(Job(sect.name, sect.file, sect.line,
                             [*self.globals_, *sect.options], file_stonewall=stonewall,
                             n_global=len(self.globals_)))


def parse(paths: Sequence[str], env: Mapping[str, str] | None = None,
          kw: Mapping[str, str] | None = None) -> Parsed:
    """Job files *paths*, in order: their jobs and sections; JobFileError with
    the file and line of the first thing fio would refuse. *env* (default
    os.environ) expands ``${VAR}``; *kw* (default keywords()) the reserved
    keywords."""
    rd = _Reader(os.environ if env is None else env, keywords() if kw is None else kw)
    for i, p in enumerate(paths):
        rd.file(p, i == 0)
    return Parsed(rd.jobs, rd.sections)


def read(paths: Sequence[str], env: Mapping[str, str] | None = None,
         kw: Mapping[str, str] | None = None) -> list[Job]:
    """The jobs of job files *paths* (parse()'s)."""
    return parse(paths, env, kw).jobs
