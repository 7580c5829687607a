# SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause
"""fio 3.33's option names: the other names some options have
(``options.c``'s ``.alias``), each read as its option."""

from __future__ import annotations

# alias: option (fio 3.33's options.c, every .alias of it)
ALIASES: dict[str, str] = {
    "readwrite": "rw", "iodepth_batch_submit": "iodepth_batch",
    "iodepth_batch_complete": "iodepth_batch_complete_min", "io_limit": "io_size",
    "fill_fs": "fill_device", "fileoffset": "offset", "blocksize": "bs", "blockalign": "ba",
    "blocksize_range": "bsrange", "blocksize_unaligned": "bs_unaligned", "nr_files": "nrfiles",
    "timeout": "runtime", "iomem": "mem", "mem_align": "iomem_align", "ratemin": "rate_min",
    "ratecycle": "rate_cycle", "wait_for_previous": "stonewall",
    "disable_bw": "disable_bw_measurement", "ss": "steadystate",
    "ss_dur": "steadystate_duration", "ss_ramp": "steadystate_ramp_time",
}


def canonical(key: str) -> str:
    """The option *key* names (an alias: its option)."""
    return ALIASES.get(key, key)
