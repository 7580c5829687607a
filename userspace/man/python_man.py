#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""Write the RST of the Python package's programs' man pages from their parsers.

    python_man.py --package userspace/python --out build/man/rst

The programs are the package's pyproject.toml's [project.scripts]
(ssdk-report = "ssdk.report:main"); each one's module has parser(),
which builds the argparse parser its main() parses with. A page says
what that parser holds: its usage, its description, each positional and
option with its help (as --help prints it), and each subcommand with its
own; nothing is typed here but the pages' frame. rst2man turns each
page.rst into page.SECTION (userspace/Makefile). Prints the pages
written, one a line: NAME.SECTION.

Debian's python3: importing the package needs numpy (python3-numpy, not
matplotlib), which another python3 first in PATH may lack.
"""

from __future__ import annotations

import argparse
import importlib
import re
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path

from man_rst import (
    Page,
    esc,
    indent,
    paragraphs,
    ref,
    section,
    start_safe,
    subsection,
    write_pages,
)


def programs(package: Path) -> list[argparse.ArgumentParser]:
    """The parser of each program of @package's pyproject.toml, by name."""
    with (package / "pyproject.toml").open("rb") as f:
        scripts: dict[str, str] = tomllib.load(f)["project"]["scripts"]
    sys.path.insert(0, str(package.resolve()))
    out: list[argparse.ArgumentParser] = []
    for name, target in sorted(scripts.items()):
        module = target.partition(":")[0]
        build = getattr(importlib.import_module(module), "parser", None)
        ap = build() if callable(build) else None
        if not isinstance(ap, argparse.ArgumentParser):
            raise SystemExit(f"python_man.py: {module}.parser() does not build {name}'s parser")
        if ap.prog != name:
            raise SystemExit(f"python_man.py: {module}.parser() is {ap.prog}'s, not {name}'s")
        out.append(ap)
    return out


def subcommands(ap: argparse.ArgumentParser) -> Iterator[tuple[argparse.ArgumentParser, str]]:
    """Each subcommand's parser, with the help its parent lists it with."""
    for a in ap._actions:
        if isinstance(a, argparse._SubParsersAction):
            helps = {c.dest: c.help or "" for c in a._choices_actions}
            for name, sub in a.choices.items():
                yield sub, helps.get(name, "")


def shown(ap: argparse.ArgumentParser) -> list[argparse.Action]:
    """The positionals and options --help shows, subcommands apart."""
    return [a for a in ap._actions if a.help != argparse.SUPPRESS
            and not isinstance(a, argparse._SubParsersAction)]


def usage(ap: argparse.ArgumentParser) -> str:
    """The usage line as --help prints it, unwrapped."""
    return " ".join(ap.format_usage().removeprefix("usage:").split())


def term(ap: argparse.ArgumentParser, a: argparse.Action) -> str:
    """How the parser's user writes @a: -o *FILE*, --output *FILE*."""
    fmt = ap._get_formatter()
    if not a.option_strings:
        return f"*{esc(fmt._format_args(a, a.dest))}*"
    arg = f" *{esc(fmt._format_args(a, a.dest.upper()))}*" if a.nargs != 0 else ""
    return ", ".join(f"**{esc(o)}**{arg}" for o in a.option_strings)


def entry(ap: argparse.ArgumentParser, a: argparse.Action) -> str:
    """An option or a positional: its term, then its help as --help says it."""
    said = ap._get_formatter()._expand_help(a) if a.help else ""
    if a.required and a.option_strings:
        said = f"{said} (required)" if said else "Required."
    return term(ap, a) + "\n" + indent(start_safe(esc(said)) if said else "\\")


def arguments(ap: argparse.ArgumentParser, sub: bool = False) -> list[str]:
    """The ARGUMENTS and OPTIONS sections of @ap, or a subcommand's own
    lists (@sub) in its subsection."""
    out: list[str] = []
    for title, of_kind in (("ARGUMENTS", False), ("OPTIONS", True)):
        entries = [entry(ap, a) for a in shown(ap) if bool(a.option_strings) == of_kind]
        if entries and sub:
            out.append(f"{title.capitalize()} of {esc(ap.prog)}:\n\n" + "\n\n".join(entries))
        elif entries:
            out.append(section(title, *entries))
    return out


def text(*texts: str | None) -> list[str]:
    """The paragraphs of @texts (a description, an epilog), those given."""
    return [p for t in texts if t for p in paragraphs(t)]


def summary(ap: argparse.ArgumentParser) -> str:
    """The page's one line: its description's first clause."""
    first = re.split(r"[.:;] ", " ".join((ap.description or ap.prog).split()), maxsplit=1)[0]
    return first.rstrip(".")


def program_page(ap: argparse.ArgumentParser, others: list[str]) -> Page:
    subs = list(subcommands(ap))
    synopsis = [usage(ap), *(usage(sub) for sub, _ in subs)]
    body = [section("SYNOPSIS", "\n".join("| " + esc(u) for u in synopsis)),
            section("DESCRIPTION", *text(ap.description, ap.epilog))]
    body += arguments(ap)
    if subs:
        body.append(section("COMMANDS", *(
            subsection(esc(sub.prog), *text(sub.description or help_, sub.epilog),
                       *arguments(sub, sub=True))
            for sub, help_ in subs)))
    see = [ref("ssdk", 1), *(ref(o, 1) for o in others)]
    body.append(section("SEE ALSO", ", ".join(see),
                        "README.md and Documentation/userspace/python.rst in ssdk's"
                        " source tree."))
    return Page(ap.prog, 1, summary(ap), body)


def main() -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    ap.add_argument("--package", required=True, type=Path,
                    help="the Python package's tree (its pyproject.toml)")
    ap.add_argument("--out", required=True, type=Path, help="where the .rst go")
    a = ap.parse_args()
    parsers = programs(a.package)
    names = [p.prog for p in parsers]
    write_pages(a.out, (program_page(p, [n for n in names if n != p.prog]) for p in parsers))
    return 0


if __name__ == "__main__":
    sys.exit(main())
