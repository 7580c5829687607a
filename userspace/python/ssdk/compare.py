# SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause
"""compare(): the same reads through several engines, and the layers between.

The userspace engines (io_uring, libaio, psync) live in the ssdk command,
not in libssdk, and so does the arithmetic of the layers
(userspace/cli/exec/compare.c): compare() runs ``ssdk -j compare`` with the
job's options and reads its JSON, rather than copying either here. The
command is found beside the library the package uses, then on PATH.
"""

from __future__ import annotations

import errno
import os
import shutil
import subprocess
from collections.abc import Sequence
from pathlib import Path

from . import _lib
from .errors import SsdkError
from .job import Job
from .results import Comparison


def cli_path() -> str:
    """The ssdk command: beside libssdk (a source tree), else on PATH."""
    for lib in _lib._candidates():
        beside = Path(os.path.realpath(lib)).parent / "ssdk"
        if beside.is_file() and os.access(beside, os.X_OK):
            return str(beside)
    found = shutil.which("ssdk")
    if not found:
        raise SsdkError(errno.ENOENT, "compare needs the ssdk command: build it (make -C "
                        "userspace) or put it on PATH")
    return found


def compare(job: Job, engines: Sequence[str], file: str | None = None,
            file_size: str | int | None = None) -> Comparison:
    """Run *job*'s reads through each engine of *engines* (``ssdk compare``).

    ``bio`` and the ``-raw`` engines read ``job.target`` (a block
    device), ``kfile``, ``uring``, ``libaio`` and ``psync`` *file*, a file
    of a filesystem on it (laid out first to *file_size*). Every engine is
    checked before the first runs; a refusal raises SsdkError with the
    command's message.
    """
    args = [cli_path(), "-j", "compare", *job.cli_args(), "--engines", ",".join(engines)]
    if file is not None:
        args += ["--file", file]
    if file_size is not None:
        args += ["--file-size", str(file_size)]
    p = subprocess.run(args, capture_output=True, text=True, check=False)
    if p.returncode != 0:
        lines = [x for x in p.stderr.splitlines() if x.strip()]
        msg = lines[-1] if lines else f"ssdk compare exited {p.returncode}"
        raise SsdkError(errno.EINVAL, msg.removeprefix("ssdk: "))
    return Comparison.from_json(p.stdout)
