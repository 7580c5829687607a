#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Write the RST of ssdk's man pages from the CLI's own tables.

    ssdk_man.py --ssdk userspace/ssdk --tree . --out build/man/rst

Everything a page says of a command comes from `ssdk -j help` (the
CLI's table of commands and options, with the spec's docs, limits,
defaults and enum values) and `ssdk -j ctl profiles`; its examples are
the README's and Documentation's own command lines that run it, taken
from there at build time; the suite format's page includes
Documentation/suites.rst. Nothing is typed here but the pages' frame.
rst2man turns each page.rst into page.SECTION (userspace/Makefile).
Prints the pages written, one a line: NAME.SECTION.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from man_rst import (
    Page,
    esc,
    indent,
    literal,
    paragraphs,
    ref,
    section,
    start_safe,
    write_pages,
)

Json = dict[str, Any]

MAX_EXAMPLES = 8


def page_name(cmd: Json) -> str:
    return "-".join(["ssdk", *([cmd["group"]] if cmd["group"] else []), cmd["name"]])


def command_words(cmd: Json) -> str:
    return " ".join(["ssdk", *([cmd["group"]] if cmd["group"] else []), cmd["name"]])


def option_term(o: Json) -> str:
    arg = f" *{esc(o['arg'])}*" if o["arg"] else ""
    forms = [f"**--{esc(o['name'])}**{arg}"]
    if o["letter"]:
        forms.append(f"**-{esc(o['letter'])}**{arg}")
    return ", ".join(forms)


def option_entry(o: Json) -> str:
    """An option in more depth than --help: its help as --help prints it,
    then its values' docs and its run attribute's doc, limits, default."""
    parts = [start_safe(esc(o["help"]))]
    values = [v for v in o["values"] if v["doc"]]
    if values:
        parts.append("\n\n".join(f"``{v['name']}``\n" + indent(esc(v["doc"])) for v in values))
    attr = o["attr"]
    if attr:
        said = [f"Sets the run attribute ``{attr['name']}``"]
        limits = [f"{k} {attr[k]}" for k in ("min", "max", "default") if attr[k]]
        if limits:
            said.append(" (" + esc(", ".join(limits)) + ")")
        parts.append("".join(said) + (": " + esc(attr["doc"]) if attr["doc"] else "."))
    return option_term(o) + "\n" + indent("\n\n".join(parts))


def exit_status(dump: Json) -> str:
    return section("EXIT STATUS", "\n\n".join(
        f"**{e['status']}**\n" + indent(esc(f"{e['brief'].capitalize()}. {e['doc']}"))
        for e in dump["exit_status"]))


# --- examples: the sources' own command lines ------------------------------------


def code_blocks(path: Path) -> Iterator[list[str]]:
    """The shell blocks of a README (```sh) or an RST file (:: or
    code-block), each as its lines, continuation lines joined."""
    lines = path.read_text(encoding="utf-8").split("\n")
    i = 0
    while i < len(lines):
        line = lines[i]
        block: list[str] = []
        if line.strip() in ("```sh", "```"):
            i += 1
            while i < len(lines) and not lines[i].startswith("```"):
                block.append(lines[i])
                i += 1
        elif path.suffix == ".rst" and (line.rstrip().endswith("::") and
                                        not line.lstrip().startswith(".. ")
                                        or re.match(r"\.\. code-block:: (sh|console|shell)", line)):
            i += 1
            while i < len(lines) and (not lines[i].strip() or lines[i].startswith((" ", "\t"))):
                block.append(lines[i].strip())
                i += 1
        i += 1
        if block:
            yield join_continuations(block)


def join_continuations(block: list[str]) -> list[str]:
    out: list[str] = []
    for line in block:
        if out and out[-1].endswith("\\"):
            out[-1] = out[-1][:-1].rstrip() + " " + line.strip()
        else:
            out.append(line.strip())
    return out


def examples(cmd: Json, sources: list[Path], tree: Path) -> list[tuple[str, list[str]]]:
    """Command lines of @sources that run @cmd, each with the comment
    lines just above it; by source file."""
    words = re.escape(command_words(cmd)).replace("ssdk", r"ssdk(?: -j)?")
    run = re.compile(r"(?:^|[\s/])" + words + r"(?:\s|$)")
    found: list[tuple[str, list[str]]] = []
    seen: set[str] = set()
    for path in sources:
        for block in code_blocks(path):
            for i, line in enumerate(block):
                if line.startswith("#") or not run.search(line) or line in seen:
                    continue
                seen.add(line)
                comments: list[str] = []
                k = i - 1
                while k >= 0 and block[k].startswith("#"):
                    comments.insert(0, block[k])
                    k -= 1
                found.append((str(path.relative_to(tree)), [*comments, line]))
    return found[:MAX_EXAMPLES]


def mentions(cmd: Json, docs: list[Path], tree: Path) -> list[str]:
    """The Documentation files that speak of @cmd."""
    words = re.compile(re.escape(command_words(cmd)) + r"\b")
    return [str(p.relative_to(tree)) for p in docs if words.search(p.read_text(encoding="utf-8"))]


# --- the pages ------------------------------------------------------------------------


def command_page(dump: Json, cmd: Json, tree: Path, docs: list[Path]) -> Page:
    name = page_name(cmd)
    own = [o for o in cmd["options"] if not o["common"]]
    common = [o for o in cmd["options"] if o["common"]]
    body = [section("SYNOPSIS", "\n".join("| " + esc(u) for u in cmd["usage"])),
            section("DESCRIPTION", *paragraphs(cmd["about"]))]
    if own:
        body.append(section("OPTIONS", *(option_entry(o) for o in own)))
    body.append(section("COMMON OPTIONS", *(option_entry(o) for o in common)))
    body.append(exit_status(dump))
    found = examples(cmd, [tree / "README.md", *docs], tree)
    if found:
        by_source: dict[str, list[str]] = {}
        for src, lines in found:
            by_source.setdefault(src, []).extend([*([""] if src in by_source else []), *lines])
        body.append(section("EXAMPLES", *(f"From {esc(src)}:\n\n" + literal(lines)
                                          for src, lines in by_source.items())))
    see = [ref("ssdk", 1)]
    if any(o["value"] == "profile" for o in own):
        see.append(ref("ssdk-profiles", 7))
    if cmd["operand"] == "suite":
        see.append(ref("ssdk-suites", 5))
    see += [ref(page_name(c), 1) for c in dump["commands"]
            if c["group"] == cmd["group"] and c is not cmd and cmd["group"]]
    parts = [", ".join(see)]
    where = mentions(cmd, docs, tree)
    if where:
        parts.append("In ssdk's source tree: " + ", ".join(esc(w) for w in where) + ".")
    body.append(section("SEE ALSO", *parts))
    return Page(name, 1, cmd["summary"], body)


def programs(tree: Path) -> list[str]:
    """The Python package's programs (pyproject.toml's [project.scripts]):
    ssdk runs ssdk-NAME for `ssdk NAME` (cli/cmd/external.h); their pages are
    python_man.py's."""
    with (tree / "userspace" / "python" / "pyproject.toml").open("rb") as f:
        return sorted(tomllib.load(f)["project"]["scripts"])


def main_page(dump: Json, tree: Path) -> Page:
    listing = "\n\n".join(f"{ref(page_name(c), 1)}\n" + indent(esc(c["summary"]))
                          for c in dump["commands"])
    others = ("Any other NAME runs the program ssdk-NAME with the arguments after"
              " it, found beside ssdk, in its libexec directory or in PATH, as git runs"
              " git-NAME: " + ", ".join(ref(p, 1) for p in programs(tree)) + ".")
    body = [section("SYNOPSIS", "\n".join("| " + esc(u) for u in dump["usage"])),
            section("DESCRIPTION", *paragraphs(dump["about"])),
            section("COMMANDS", listing, others),
            section("OPTIONS", *(option_entry(o) for o in dump["options"])),
            exit_status(dump),
            section("SEE ALSO", ", ".join([ref("ssdk-profiles", 7), ref("ssdk-suites", 5)]),
                    "README.md and Documentation/ in ssdk's source tree.")]
    return Page("ssdk", 1, esc(dump["about"].split("\n\n")[0].split(",")[0].strip()), body)


def find_cmd(dump: Json, group: str | None, name: str) -> Json:
    return next(c for c in dump["commands"] if c["group"] == group and c["name"] == name)


def profile_entry(p: Json) -> str:
    line = f"ssdk ctl {p['command']} --profile {p['name']}   # {p['args']}"
    return f"**{esc(p['name'])}**\n" + indent(esc(p["source"]) + "\n\n" + literal([line]))


def profiles_page(dump: Json, profiles: list[Json]) -> Page:
    cmd = find_cmd(dump, "ctl", "profiles")
    users = [ref(page_name(c), 1) for c in dump["commands"]
             if any(o["value"] == "profile" for o in c["options"])]
    body = [section("DESCRIPTION", *paragraphs(cmd["about"])),
            section("PROFILES", *(profile_entry(p) for p in profiles)),
            section("SEE ALSO", ", ".join([ref("ssdk-ctl-profiles", 1), *users]))]
    return Page("ssdk-profiles", 7, cmd["summary"], body)


def suites_page(dump: Json, tree: Path) -> Page:
    doc = tree / "Documentation" / "suites.rst"
    # its title, the line over the second row of ='s
    title = doc.read_text().split("\n")[3].strip()
    usage = next(u for u in dump["usage"] if " review " in u)
    suites = sorted(p.stem for p in (tree / "suites").glob("*.ini"))
    body = [section("SYNOPSIS", "| " + esc(usage)),
            section("DESCRIPTION",
                    # Documentation/suites.rst is Sphinx's: its :doc: links
                    # become plain text here.
                    ".. role:: doc",
                    f".. include:: {doc.resolve()}"),
            section("FILES", "The suites that ship, in suites/ of the source tree: " +
                    ", ".join(f"``{s}``" for s in suites) + "."),
            section("SEE ALSO", ", ".join([ref("ssdk-review", 1), ref("ssdk", 1)]))]
    return Page("ssdk-suites", 5, esc(title), body)


def ssdk_json(ssdk: str, *args: str) -> Any:
    return json.loads(subprocess.run([ssdk, "-j", *args], check=True, text=True,
                                     capture_output=True).stdout)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--ssdk", required=True, help="the ssdk program")
    ap.add_argument("--tree", required=True, type=Path, help="the source tree")
    ap.add_argument("--out", required=True, type=Path, help="where the .rst go")
    a = ap.parse_args()
    dump: Json = ssdk_json(a.ssdk, "help")
    profiles: list[Json] = ssdk_json(a.ssdk, "ctl", "profiles")
    docs = sorted((a.tree / "Documentation").glob("**/*.rst"))
    docs = [d for d in docs if "netlink" not in d.parts and d.parent.name != "dev"]
    pages = [main_page(dump, a.tree), *(command_page(dump, c, a.tree, docs) for c in dump["commands"]),
             profiles_page(dump, profiles), suites_page(dump, a.tree)]
    write_pages(a.out, pages)
    return 0


if __name__ == "__main__":
    sys.exit(main())
