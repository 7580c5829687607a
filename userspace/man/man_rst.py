# SPDX-License-Identifier: GPL-2.0
"""The RST of a man page, as rst2man reads it: the frame every page of
ssdk's has (ssdk_man.py's, from the CLI's tables; python_man.py's, from
the Python programs' parsers) and text escaped into it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

# Characters that mean markup inside an RST paragraph.
INLINE = re.compile(r"([\\`*_|\[\]<>])")


def esc(text: str) -> str:
    """Text as RST inline text: markup characters escaped."""
    return INLINE.sub(r"\\\1", text)


def start_safe(text: str) -> str:
    """A paragraph that RST would not read as a list or a field."""
    if re.match(r"[-+*:]|\d+[.)] |#\. ", text):
        return "\\" + text
    return text


def paragraphs(text: str) -> list[str]:
    """Text of ssdk's help (lines, blank lines between paragraphs) as RST:
    a paragraph of indented lines (a table) stays as it is, literal."""
    out: list[str] = []
    for block in re.split(r"\n\s*\n", text.strip("\n")):
        lines = block.split("\n")
        if any(line.startswith(" ") for line in lines):
            out.append("::\n\n" + "\n".join("   " + line for line in lines))
        else:
            out.append(start_safe(esc(" ".join(line.strip() for line in lines))))
    return out


def title(adorn: str, text: str, over: bool = False) -> str:
    line = adorn * len(text)
    return f"{line}\n{text}\n{line}\n" if over else f"{text}\n{line}\n"


def ref(name: str, section: int) -> str:
    return f"**{name}**\\ ({section})"


@dataclass
class Page:
    name: str
    section: int
    summary: str
    body: list[str]

    def rst(self) -> str:
        head = title("#", self.name, over=True) + "\n" + title("*", esc(self.summary), over=True)
        fields = f":Manual section: {self.section}\n:Manual group: ssdk\n"
        return "\n".join([head, fields, *self.body]) + "\n"


def section(name: str, *parts: str) -> str:
    """A section of a page (its level is below the page's title)."""
    return title("~", name) + "\n" + "\n\n".join(parts) + "\n"


def subsection(name: str, *parts: str) -> str:
    """A section within a section (a program's subcommand)."""
    return title("-", name) + "\n" + "\n\n".join(parts) + "\n"


def indent(text: str, by: str = "   ") -> str:
    return "\n".join(by + line if line else line for line in text.split("\n"))


def literal(lines: list[str]) -> str:
    return "::\n\n" + "\n".join("   " + line for line in lines)


def write_pages(out: Path, pages: Iterable[Page]) -> None:
    """Each page's RST into @out as NAME.SECTION.rst, rewritten only when it
    changed (make renders what is newer), and its name printed."""
    out.mkdir(parents=True, exist_ok=True)
    for p in pages:
        path = out / f"{p.name}.{p.section}.rst"
        text = p.rst()
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
        print(f"{p.name}.{p.section}")
