#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""The kernel's ynl CLI, unchanged, with its YAML read by libyaml.

    ynl.py CLI ARG...   run tools/net/ynl/cli.py (the path CLI) with ARGs

lib/helper_server.py runs it too, ynl's modules imported beforehand
(preload()).

ynl reads the spec with yaml.safe_load(), PyYAML's pure-Python parser:
a second and more of an emulated guest's CPU for ssdk's spec, at every
call. The same parser in C (PyYAML's CSafeLoader, libyaml) builds the
same document in a tenth of it. Nothing else of ynl is touched: the
messages it builds and the replies it decodes are its own.
"""

import importlib
import os
import runpy
import sys
from typing import Any

import yaml


def c_safe_load(stream: Any) -> Any:
    return yaml.load(stream, Loader=yaml.CSafeLoader)


def use_cli(cli: str) -> None:
    """Read specs with libyaml; cli.py imports its lib/ from its directory."""
    yaml.safe_load = c_safe_load
    path = os.path.dirname(os.path.abspath(cli))
    if path not in sys.path:
        sys.path.insert(0, path)


def preload(cli: str) -> None:
    """Import the modules of ynl's CLI at CLI, if it is there."""
    if not os.path.isfile(cli):
        return
    use_cli(cli)
    try:
        importlib.import_module("lib")
    except ImportError:
        pass


def main(argv: list[str]) -> None:
    if not argv:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    use_cli(argv[0])
    sys.argv = argv
    runpy.run_path(argv[0], run_name="__main__")


if __name__ == "__main__":
    main(sys.argv[1:])
