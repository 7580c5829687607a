#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Check the CLI's layering: cli_layers.py [USERSPACE_DIR], KTAP on stdout.

The CLI's layers are the folders of cli/, top first, as the Makefile's
CLI_LAYERS lists them (the order it links their archives in), read with
`make -s print-cli-layers`, which prints the layers on one line and the
include options the CLI is compiled with on the next.

Every .c and .h under cli/ must be in a layer's folder. Every
#include "..." must resolve as the compiler resolves it (the including
file's folder, then the -I options in order), to a file of a layer or
below the CLI (the library, the engines, common/, the uapi header); it
must stay in its layer or go down, and no include may close a cycle.
Exits 1 when a check fails.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from ktap import Ktap

INCLUDE = re.compile(r'^\s*#\s*include\s+"(?P<name>[^"]+)"', re.MULTILINE)


def read_layers(userspace: Path) -> tuple[list[str], list[Path]]:
    """The layers, top first, and the -I folders in order, from the Makefile."""
    out = subprocess.run(["make", "-s", "--no-print-directory", "-C", str(userspace),
                          "print-cli-layers"], capture_output=True, text=True, check=True)
    lines = out.stdout.splitlines()
    layers = lines[0].split() if lines else []
    dirs = [(userspace / opt[2:]).resolve() for opt in
            (lines[1].split() if len(lines) > 1 else []) if opt.startswith("-I")]
    return layers, dirs


def resolve(path: Path, name: str, dirs: list[Path]) -> Path | None:
    """Where the compiler finds #include "name" of the file @path."""
    for d in (path.parent, *dirs):
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


def main() -> int:
    userspace = Path(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).parent.parent)
    userspace = userspace.resolve()
    cli = userspace / "cli"
    layers, dirs = read_layers(userspace)
    files = sorted([*cli.rglob("*.c"), *cli.rglob("*.h")])
    ktap = Ktap(6)

    def rel(path: Path) -> str:
        return str(path.relative_to(userspace.parent)) if userspace.parent in path.parents else str(path)

    def layer_of(path: Path) -> int | None:
        if path.parent.parent == cli and path.parent.name in layers:
            return layers.index(path.parent.name)
        return None

    for i, name in enumerate(layers):
        print(f"# layer {i}: cli/{name}/")
    missing = [f"cli/{name}/: no such folder" for name in layers if not (cli / name).is_dir()]
    ktap.result("the layers are read from the Makefile, each a folder of cli/",
                missing if len(layers) >= 2 else [f"{len(layers)} layers read"])

    unplaced = [f"{rel(f)}: in no layer's folder" for f in files if layer_of(f) is None]
    ktap.result("every file of cli/ is in a layer's folder", unplaced)

    below = [d for d in dirs if cli not in (d, *d.parents) and userspace.parent in d.parents]
    print("# below the CLI: " + ", ".join(rel(d) for d in below))
    graph: dict[Path, list[Path]] = {}
    unresolved: list[str] = []
    upward: list[str] = []
    for f in files:
        src = layer_of(f)
        for name in includes(f):
            target = resolve(f, name, dirs)
            if target is None:
                unresolved.append(f'{rel(f)}: #include "{name}" not found')
                continue
            dst = layer_of(target)
            if dst is None:
                if not any(d in target.parents for d in below):
                    unresolved.append(f'{rel(f)}: #include "{name}": {rel(target)} '
                                      "is in no layer and not below the CLI")
                continue
            graph.setdefault(f, []).append(target)
            if src is not None and dst < src:
                upward.append(f'{rel(f)} (cli/{layers[src]}/) includes "{name}" '
                              f"(cli/{layers[dst]}/): upward")
    ktap.result("every include resolves, to a layer or below the CLI", unresolved)
    ktap.result("no include goes up a layer", upward)

    cycle = find_cycle(graph)
    ktap.result("no include cycle", [" -> ".join(rel(p) for p in cycle)] if cycle else [])

    # the same name in two folders: which one a bare #include finds depends
    # on the -I order, not on the layers
    seen: dict[str, Path] = {}
    twice: list[str] = []
    for f in files:
        if f.suffix == ".h" and f.name in seen:
            twice.append(f"{rel(seen[f.name])} and {rel(f)}")
        seen.setdefault(f.name, f)
    ktap.result("no header name in two layers", twice)
    return 1 if ktap.failed else 0


if __name__ == "__main__":
    sys.exit(main())
