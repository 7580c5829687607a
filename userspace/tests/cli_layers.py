#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Check the CLI's layering: cli_layers.py [CLI_DIR], KTAP on stdout.

The order of the layers is the one written at the top of cli/cli.h, read
from there: a layer per line, its files before the blanks that start its
description, top first; a header mentioned in a description, as
"(output.h)", is in that layer. A header x.h is in the layer of x.c. The
last line names what is below the CLI: the library (libssdk) and
directories, relative to cli/.

Every #include "..." of cli/*.c and cli/*.h must resolve (as the Makefile's
-I options find it), stay in its layer or go down, and no include may
close a cycle. Exits 1 when a check fails.
"""

from __future__ import annotations

import fnmatch
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

# The -I options of userspace/Makefile, relative to cli/, after cli/ itself.
INCLUDE_DIRS = ("../lib", "../../common", "../../include/uapi")
# What the layer comment calls the library.
NAMED_DIRS = {"libssdk": "../lib"}

LAYER_LINE = re.compile(r"^ \*   (?P<files>\S.*?)(?: {2,}(?P<doc>.*))?$")
INCLUDE = re.compile(r'^\s*#\s*include\s+"(?P<name>[^"]+)"', re.MULTILINE)
MENTIONED = re.compile(r"\((?P<name>[\w.-]+\.h)\)")


@dataclass
class Layer:
    index: int
    patterns: list[str] = field(default_factory=list)
    dirs: list[Path] = field(default_factory=list)
    text: str = ""


def parse_layers(cli_h: Path) -> list[Layer]:
    """The layers of the comment of cli.h, top first."""
    layers: list[Layer] = []
    started = False
    for line in cli_h.read_text().splitlines():
        if not started:
            started = "The layers" in line
            continue
        if line.startswith(" */"):
            break
        m = LAYER_LINE.match(line)
        if not m:
            if layers:
                break
            continue
        layer = Layer(len(layers), text=line[3:].strip())
        for entry in (e.strip() for e in m["files"].split(",")):
            if entry.endswith((".c", ".h")):
                layer.patterns.append(entry)
            else:
                layer.dirs.append((cli_h.parent / NAMED_DIRS.get(entry, entry)).resolve())
        layer.patterns += MENTIONED.findall(m["doc"] or "")
        layers.append(layer)
    return layers


def layer_of_cli_file(path: Path, layers: list[Layer]) -> Layer | None:
    """A file of cli/: matched by name, or a header by its .c."""
    names = [path.name]
    if path.suffix == ".h":
        names.append(path.stem + ".c")
    for name in names:
        for layer in layers:
            if any(fnmatch.fnmatchcase(name, p) for p in layer.patterns):
                return layer
    return None


def layer_of(cli: Path, path: Path, layers: list[Layer]) -> Layer | None:
    if path.parent == cli:
        return layer_of_cli_file(path, layers)
    for layer in layers:
        if any(d == path.parent or d in path.parents for d in layer.dirs):
            return layer
    return None


def resolve(cli: Path, name: str) -> Path | None:
    """Where the compiler finds #include "name" of a file of cli/."""
    for d in (cli, *(cli / i for i in INCLUDE_DIRS)):
        candidate = (d / name).resolve()
        if candidate.is_file():
            return candidate
    return None


def includes(path: Path) -> list[str]:
    return INCLUDE.findall(path.read_text())


def find_cycle(graph: dict[Path, list[Path]]) -> list[Path] | None:
    """A cycle of the include graph, as the files along it, or None."""
    state: dict[Path, int] = {}  # 1 on the path being walked, 2 done
    stack: list[Path] = []

    def walk(node: Path) -> list[Path] | None:
        state[node] = 1
        stack.append(node)
        for nxt in graph.get(node, []):
            if state.get(nxt) == 1:
                return stack[stack.index(nxt):] + [nxt]
            if nxt not in state:
                found = walk(nxt)
                if found:
                    return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            found = walk(node)
            if found:
                return found
    return None


class Ktap:
    def __init__(self, plan: int) -> None:
        self.n = 0
        self.failed = False
        print("KTAP version 1")
        print(f"1..{plan}")

    def result(self, name: str, problems: list[str]) -> None:
        self.n += 1
        for p in problems:
            print(f"# {p}")
        print(f"{'not ok' if problems else 'ok'} {self.n} {name}")
        self.failed |= bool(problems)


def main() -> int:
    cli = Path(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).parent.parent / "cli")
    cli = cli.resolve()
    files = sorted([*cli.glob("*.c"), *cli.glob("*.h")])
    layers = parse_layers(cli / "cli.h")
    ktap = Ktap(5)

    def rel(path: Path) -> str:
        return str(path.relative_to(cli.parent)) if cli.parent in path.parents else str(path)

    for layer in layers:
        print(f"# layer {layer.index}: {layer.text}")
    ktap.result("the layers are read from cli.h",
                [] if len(layers) >= 2 and layers[-1].dirs else
                [f"{len(layers)} layers read from {rel(cli / 'cli.h')}"])

    unplaced = [f"{rel(f)}: in no layer of cli.h" for f in files
                if layer_of(cli, f, layers) is None]
    ktap.result("every file of cli/ is in a layer", unplaced)

    graph: dict[Path, list[Path]] = {}
    unresolved: list[str] = []
    upward: list[str] = []
    for f in files:
        src = layer_of(cli, f, layers)
        for name in includes(f):
            target = resolve(cli, name)
            if target is None:
                unresolved.append(f'{rel(f)}: #include "{name}" not found')
                continue
            if target.parent == cli:
                graph.setdefault(f, []).append(target)
            dst = layer_of(cli, target, layers)
            if dst is None:
                if target.parent != cli:
                    unresolved.append(f'{rel(f)}: #include "{name}": {rel(target)} '
                                      "is in no layer")
                continue
            if src is not None and dst.index < src.index:
                upward.append(f'{rel(f)} (layer {src.index}) includes "{name}" '
                              f"(layer {dst.index}): upward")
    ktap.result("every include resolves, to a file of a layer", unresolved)
    ktap.result("no include goes up a layer", upward)

    cycle = find_cycle(graph)
    ktap.result("no include cycle", [" -> ".join(rel(p) for p in cycle)] if cycle else [])
    return 1 if ktap.failed else 0


if __name__ == "__main__":
    sys.exit(main())
