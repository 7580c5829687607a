# SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause
"""The tests import the package of this tree, and find its fixtures."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
FIXTURES = ROOT / "tests" / "fixtures"


@pytest.fixture
def fixtures() -> Path:
    return FIXTURES
