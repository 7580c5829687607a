/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The purges of a whole NVMe namespace that only the drive's firmware
 * can do (ssdk ctl purge --method nvme-*): Format NVM with a secure erase
 * and Sanitize. What they are called, what a controller must offer for
 * each (from its Identify data), the commands' dwords, and the sanitize
 * log read: pure, tested on the host. nvme.c sends them.
 */
#ifndef _SSDK_NVME_ERASE_H
#define _SSDK_NVME_ERASE_H

#include <stddef.h>
#include <stdint.h>

/* Bytes of an Identify data structure and of the Sanitize Status log. */
#define NVME_IDENTIFY_LEN	4096
#define NVME_SANITIZE_LOG_LEN	512

/* The methods, after the module's purge methods on the command line. */
enum nvme_erase {
	NVME_ERASE_FORMAT,		/* Format NVM, user data erase */
	NVME_ERASE_FORMAT_CRYPTO,	/* Format NVM, cryptographic erase */
	NVME_ERASE_SANITIZE_BLOCK,	/* Sanitize, block erase */
	NVME_ERASE_SANITIZE_CRYPTO,	/* Sanitize, crypto erase */
	NVME_NR_ERASES,
};

/**
 * struct nvme_erase_desc - A method as the command line and reports name it.
 * @name: Its --method name.
 * @doc: What it does, for the help.
 */
struct nvme_erase_desc {
	const char *name;
	const char *doc;
};

extern const struct nvme_erase_desc nvme_erases[NVME_NR_ERASES];

/**
 * struct nvme_sanitize_state - The Sanitize Status log page, read.
 * @progress: Fraction of the sanitize done, of 65536 (SPROG).
 * @status: SSTAT's state: NVME_SANITIZE_* below.
 * @cdw10: The dword 10 of the sanitize it is about (SCDW10).
 * @estimate_s: The controller's estimate of the method's time, seconds;
 *	0 when it gives none.
 */
struct nvme_sanitize_state {
	uint32_t progress;
	uint32_t status;
	uint32_t cdw10;
	uint32_t estimate_s;
};

#define NVME_SANITIZE_NEVER		0u
#define NVME_SANITIZE_DONE		1u
#define NVME_SANITIZE_IN_PROGRESS	2u
#define NVME_SANITIZE_FAILED		3u
#define NVME_SANITIZE_DONE_NO_DEALLOC	4u

int nvme_erase_find(const char *name);
int nvme_erase_is_format(enum nvme_erase m);
unsigned int nvme_active_namespaces(const uint8_t *list);
int nvme_erase_offered(enum nvme_erase m, const uint8_t *id_ctrl, unsigned int active_ns,
		       char *why, size_t len);
uint32_t nvme_format_cdw10(const uint8_t *id_ns, enum nvme_erase m);
uint32_t nvme_sanitize_cdw10(enum nvme_erase m);
void nvme_sanitize_parse(const uint8_t *log, enum nvme_erase m, struct nvme_sanitize_state *s);
int nvme_format_progress(const uint8_t *id_ns);

#endif /* _SSDK_NVME_ERASE_H */
