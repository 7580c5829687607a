#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""The kernel's ynl CLI, unchanged, with its YAML read by libyaml.

    ynl.py CLI ARG...   run tools/net/ynl/cli.py (the path CLI) with ARGs

ynl reads the spec with yaml.safe_load(), PyYAML's pure-Python parser:
a second and more of an emulated guest's CPU for ssdk's spec, at every
call. The same parser in C (PyYAML's CSafeLoader, libyaml) builds the
same document in a tenth of it. Nothing else of ynl is touched: the
messages it builds and the replies it decodes are its own.
"""

import os
import runpy
import sys
from typing import Any

import yaml


def c_safe_load(stream: Any) -> Any:
    return yaml.load(stream, Loader=yaml.CSafeLoader)


def main(argv: list[str]) -> None:
    if not argv:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    cli = argv[0]
    yaml.safe_load = c_safe_load
    # cli.py imports its lib/ from the directory it is run from.
    sys.path.insert(0, os.path.dirname(os.path.abspath(cli)))
    sys.argv = argv
    runpy.run_path(cli, run_name="__main__")


if __name__ == "__main__":
    main(sys.argv[1:])
