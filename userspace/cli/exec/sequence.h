/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Running a plan (steps.h): every step checked before the first starts
 * (the module's dry run of each run, the drive's Identify for a purge by
 * the drive), then each in turn with its progress, until one fails or
 * Ctrl-C stops the current one; the steps after it do not start.
 */
#ifndef _SSDK_SEQUENCE_H
#define _SSDK_SEQUENCE_H

#include "cli.h"
#include "ata.h"
#include "nvme.h"
#include "steps.h"

int plan_target_size(struct cli *cli, const char *target, uint64_t *size);
int plan_check(struct cli *cli, struct ssdk *h, const struct plan *p);
void plan_dry_run(struct cli *cli, const struct plan *p);
int plan_run(struct cli *cli, struct ssdk *h, struct plan *p, int progress, int quiet);
int plan_execute(struct cli *cli, struct ssdk *h, struct plan *p, int progress, int quiet);
void plan_free(struct plan *p);

#endif /* _SSDK_SEQUENCE_H */
