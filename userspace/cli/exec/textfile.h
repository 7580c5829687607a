/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ssdk ctl status --openmetrics-dir: every run's metrics, written for
 * node_exporter's textfile collector every interval, atomically.
 */
#ifndef _SSDK_TEXTFILE_H
#define _SSDK_TEXTFILE_H

#include "cli.h"

/* The file written in the directory; the collector reads *.prom. */
#define TEXTFILE_NAME	"ssdk.prom"

int textfile_export(struct cli *cli, const char *dir, uint64_t interval_ns);

#endif /* _SSDK_TEXTFILE_H */
