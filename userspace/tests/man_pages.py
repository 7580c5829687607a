#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Check the man pages against the CLI's own table, KTAP on stdout.

    man_pages.py [SSDK [MAN_DIR]]     (from userspace/: ./ssdk, ../build/man)

Every command of `SSDK -j help` has its page in MAN_DIR (ssdk-ctl-run.1),
and the page as groff renders it (tbl, the man macros, ASCII, no
hyphenation) holds every option of that command's table, by its long form
and by its letter, and its OPTIONS are those and no other (another
command's options are not its: ssdk-ctl-purge.1 has no --engine);
ssdk.1 names every command's page; ssdk-profiles.7 names every profile of
`SSDK -j ctl profiles`. The names come from the CLI, none is listed here
but purge's few that it must lack. Exits 1 when a check fails.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any


def render(page: Path) -> str:
    """The page as a reader sees it, in plain ASCII, lines unbroken."""
    out = subprocess.run(["groff", "-t", "-man", "-Tascii", "-P-cbou", "-rHY=0", "-rLL=250n",
                          str(page)], check=True, capture_output=True, text=True)
    return out.stdout


def page_name(cmd: dict[str, Any]) -> str:
    return "-".join(["ssdk", *([cmd["group"]] if cmd["group"] else []), cmd["name"]])


def has_word(text: str, word: str) -> bool:
    return re.search(r"(?<![\w-])" + re.escape(word) + r"(?![\w-])", text) is not None


def section_options(text: str, title: str) -> list[str]:
    """The long names of the options a section of a rendered page lists."""
    names: list[str] = []
    inside = False
    for line in text.splitlines():
        if line and not line[0].isspace():
            inside = line.strip() == title
        elif inside:
            m = re.match(r" {7}(?:-\w, )?--([\w-]+)", line)
            names += [m.group(1)] if m else []
    return names


def main() -> int:
    ssdk = sys.argv[1] if len(sys.argv) > 1 else "./ssdk"
    man_dir = Path(sys.argv[2] if len(sys.argv) > 2 else "../build/man")
    dump = json.loads(subprocess.run([ssdk, "-j", "help"], check=True, capture_output=True,
                                     text=True).stdout)
    profiles = json.loads(subprocess.run([ssdk, "-j", "ctl", "profiles"], check=True,
                                         capture_output=True, text=True).stdout)
    checks: list[tuple[str, list[str]]] = []
    main_text = render(man_dir / "ssdk.1")
    for cmd in dump["commands"]:
        name = page_name(cmd)
        page = man_dir / f"{name}.1"
        why: list[str] = []
        if not page.is_file():
            checks.append((f"{name}(1): the page", [f"{page} is missing"]))
            continue
        text = render(page)
        for o in cmd["options"]:
            if not has_word(text, "--" + o["name"]):
                why.append(f"--{o['name']} is not in it")
            if o["letter"] and not has_word(text, "-" + o["letter"]):
                why.append(f"-{o['letter']} (--{o['name']}) is not in it")
        if not has_word(main_text, f"{name}(1)"):
            why.append("ssdk(1) does not name it")
        own = sorted(o["name"] for o in cmd["options"] if not o["common"])
        listed = sorted(section_options(text, "OPTIONS"))
        if listed != own:
            why.append(f"its OPTIONS are {' '.join(listed)}, not {' '.join(own)}")
        checks.append((f"{name}(1): its {len(cmd['options'])} options", why))
    # What a purge does not take, named by no word of its page.
    page = man_dir / "ssdk-ctl-purge.1"
    text = render(page) if page.is_file() else ""
    checks.append(("ssdk-ctl-purge(1): no option a purge does not take",
                   [f"{w} is in it" for w in ["--engine", "--engines", "--profile", "--rw", "--file"]
                    if has_word(text, w)] + ([] if has_word(text, "--method") else
                                             ["--method is not in it"])))
    page = man_dir / "ssdk-profiles.7"
    text = render(page) if page.is_file() else ""
    checks.append(("ssdk-profiles(7): every profile",
                   [f"{p['name']} is not in it" for p in profiles if not has_word(text, p["name"])]))
    checks.append(("ssdk-suites(5): the page",
                   [] if (man_dir / "ssdk-suites.5").is_file() else ["it is missing"]))
    print("KTAP version 1")
    print(f"1..{len(checks)}")
    failed = 0
    for n, (name, why) in enumerate(checks, start=1):
        for w in why:
            print(f"# {w}")
        print(f"{'not ok' if why else 'ok'} {n} {name}")
        failed += bool(why)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
