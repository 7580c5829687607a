# SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause
"""fio's language: its job files read as fio 3.33 reads them.

``jobfile`` reads the files (sections, ``[global]``, ``include``,
``${VAR}`` and the reserved keywords), ``values`` reads fio's values
(sizes with fio's units and ``kb_base``, times, ranges, splits,
expressions in parentheses). fio's own parser (``init.c``'s
``__parse_jobs_ini()``, ``options.c``, ``parse.c``) is the reference;
where ssdk says more than fio (an include loop, a line past fio's
length), it says so in fio's words, with the file and line.
"""
