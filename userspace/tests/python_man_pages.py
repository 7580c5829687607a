#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""Check the Python programs' man pages against their parsers, KTAP on stdout.

    python_man_pages.py [MAN_DIR]     (from userspace/: ../build/man)

Every program of python/pyproject.toml's [project.scripts] has its page
in MAN_DIR (ssdk-report.1), and the page as groff renders it holds, out
of its SYNOPSIS (the usage lines name them all, described or not), every
option string of the program's parser and of each subcommand's (-o and
--output), each positional by the name --help gives it, and each
subcommand. The parsers are the programs' own (man/python_man.py's
programs() builds them as the pages' generator does): nothing is listed
here. Debian's python3, for numpy, as python_man.py. Exits 1 when a
check fails.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from man_pages import has_word, render

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "man"))

import python_man


def missing(ap: argparse.ArgumentParser, text: str) -> list[str]:
    """What of @ap (and of its subcommands) @text does not hold."""
    why: list[str] = []
    for a in python_man.shown(ap):
        names = a.option_strings or [str(a.metavar or a.dest)]
        why += [f"{ap.prog}: {n} is not in it" for n in names if not has_word(text, n)]
    for sub, _ in python_man.subcommands(ap):
        if not has_word(text, sub.prog):
            why.append(f"the subcommand {sub.prog} is not in it")
        why += missing(sub, text)
    return why


def count(ap: argparse.ArgumentParser) -> int:
    return len(python_man.shown(ap)) + sum(count(s) for s, _ in python_man.subcommands(ap))


def main() -> int:
    man_dir = Path(sys.argv[1] if len(sys.argv) > 1 else "../build/man")
    parsers = python_man.programs(HERE.parent / "python")
    checks: list[tuple[str, list[str]]] = []
    for ap in parsers:
        page = man_dir / f"{ap.prog}.1"
        if not page.is_file():
            checks.append((f"{ap.prog}(1): the page", [f"{page} is missing"]))
            continue
        text = re.sub(r"^SYNOPSIS\n(?:[ \t]+.*\n|\n)*", "", render(page), flags=re.MULTILINE)
        why = missing(ap, text)
        why += [f"{o.prog}(1) is not in its SEE ALSO" for o in parsers
                if o is not ap and not has_word(text, f"{o.prog}(1)")]
        checks.append((f"{ap.prog}(1): its {count(ap)} options and positionals", why))
    print("KTAP version 1")
    print(f"1..{len(checks)}")
    for n, (name, why) in enumerate(checks, start=1):
        for w in why:
            print(f"# {w}")
        print(f"{'not ok' if why else 'ok'} {n} {name}")
    return 1 if any(why for _, why in checks) else 0


if __name__ == "__main__":
    sys.exit(main())
