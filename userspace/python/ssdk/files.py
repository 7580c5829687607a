# SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause
"""Files the programs write, whole or not at all."""

from __future__ import annotations

import os
from contextlib import suppress
from pathlib import Path


def write_whole(path: Path, text: str) -> None:
    """Write @text to @path through a temporary file beside it, renamed over
    it: a reader sees the old file or the new one, never half of one. On an
    OSError the temporary file is removed and the error raised."""
    tmp = path.with_name(f".{path.name}.tmp")
    try:
        tmp.write_text(text, encoding="utf-8")
        os.replace(tmp, path)
    except OSError:
        with suppress(OSError):
            tmp.unlink(missing_ok=True)
        raise
