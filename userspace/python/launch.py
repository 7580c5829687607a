#!/usr/bin/python3
# SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause
"""The Python package's programs from a source tree, without installing it.

userspace/ssdk-review, ssdk-report, ssdk-fleet and ssdk-fio are links to this file,
beside the built userspace/ssdk, which runs ssdk-NAME for `ssdk NAME`
(cli/cmd/external.h): each runs the main() that pyproject.toml's
[project.scripts] names for it, with the package of this tree. An
installed package has its own scripts, on PATH.
"""

import os
import sys
import tomllib
from importlib import import_module
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
with (HERE / "pyproject.toml").open("rb") as f:
    SCRIPTS: dict[str, str] = tomllib.load(f)["project"]["scripts"]
name = os.path.basename(sys.argv[0])
if name not in SCRIPTS:
    sys.exit(f"ssdk: {name}: none of {', '.join(sorted(SCRIPTS))}")
module, _, func = SCRIPTS[name].partition(":")
try:
    main = getattr(import_module(module), func)
except ImportError as e:
    # numpy, most likely: one line, as the CLI says what it lacks
    sys.exit(f"ssdk: {name}: {e} (Debian: apt install python3-numpy)")
sys.exit(main())
