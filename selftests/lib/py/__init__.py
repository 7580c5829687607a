# SPDX-License-Identifier: GPL-2.0
"""The library of ssdk's Python selftests (selftests/ssdk_*.py).

A test imports it as the kernel's own Python selftests import theirs:

    from lib.py import ksft_run, ksft_exit, ksft_eq, ssdk_setup, cli

ksft.py: the kernel's ksft (KTAP, ksft_run, ksft_eq...), vendored by
scripts/setup; env.py: the CLI, the ssdk package, ynl, the module's
setup and its runs; blk.py: the block devices a test makes (null_blk,
device-mapper, the VM's NVMe disk) and the block layer's counters and
traces. Each module's __all__ says what it lends.
"""

from . import blk, env, ksft
from .blk import *
from .env import *
from .ksft import *

__all__ = blk.__all__ + env.__all__ + ksft.__all__
