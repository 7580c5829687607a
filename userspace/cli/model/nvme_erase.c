// SPDX-License-Identifier: GPL-2.0
/*
 * What the purges by an NVMe drive need and send (nvme_erase.h), from the
 * NVM Express Base Specification's Identify Controller, Identify
 * Namespace, Format NVM, Sanitize and Sanitize Status log.
 */

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "nvme_erase.h"

/* Identify Controller: where its fields are, and their bits. */
#define ID_CTRL_CMIC		76	/* bit 1: the subsystem may have more controllers */
#define ID_CTRL_OACS		256	/* le16; bit 1: Format NVM */
#define ID_CTRL_SANICAP		328	/* le32; bit 0 crypto, bit 1 block erase */
#define ID_CTRL_FNA		524	/* bit 0, 1: format, erase all namespaces; bit 2: crypto */

/* Identify Namespace. */
#define ID_NS_FLBAS		26	/* bits 3:0 and 6:5 the LBA format, bit 4 MSET */
#define ID_NS_DPS		29	/* bits 2:0 PI type, bit 3 PI first */
#define ID_NS_FPI		32	/* bit 7 supported, bits 6:0 percent remaining */

/* Format NVM's Secure Erase Settings; Sanitize's actions. */
#define SES_USER_DATA		1
#define SES_CRYPTO		2
#define SANACT_BLOCK_ERASE	2
#define SANACT_CRYPTO_ERASE	4
#define SANITIZE_AUSE		(1u << 3)

const struct nvme_erase_desc nvme_erases[NVME_NR_ERASES] = {
	[NVME_ERASE_FORMAT] = { "nvme-format",
		"Format NVM with a user data erase, the namespace whole" },
	[NVME_ERASE_FORMAT_CRYPTO] = { "nvme-format-crypto",
		"Format NVM with a cryptographic erase, the namespace whole" },
	[NVME_ERASE_SANITIZE_BLOCK] = { "nvme-sanitize-block",
		"Sanitize by block erase, the whole drive" },
	[NVME_ERASE_SANITIZE_CRYPTO] = { "nvme-sanitize-crypto",
		"Sanitize by crypto erase, the whole drive" },
};

static uint32_t le16(const uint8_t *p)
{
	return p[0] | p[1] << 8;
}

static uint32_t le32(const uint8_t *p)
{
	return le16(p) | (uint32_t)le16(p + 2) << 16;
}

/**
 * nvme_erase_is_format() - Whether a method is a Format NVM (or a Sanitize).
 * @m: The method.
 *
 * Return: 1 for a format.
 */
int nvme_erase_is_format(enum nvme_erase m)
{
	return m == NVME_ERASE_FORMAT || m == NVME_ERASE_FORMAT_CRYPTO;
}

/**
 * nvme_active_namespaces() - How many namespaces an Identify list holds.
 * @list: Identify's Active Namespace ID list (NVME_IDENTIFY_LEN bytes).
 *
 * Return: The ids in it: its non-zero entries.
 */
unsigned int nvme_active_namespaces(const uint8_t *list)
{
	unsigned int i, n = 0;

	for (i = 0; i < NVME_IDENTIFY_LEN; i += 4)
		n += !!le32(list + i);
	return n;
}

/**
 * nvme_erase_find() - A method by its name.
 * @name: As --method gives it.
 *
 * Return: Its enum nvme_erase, or -1.
 */
int nvme_erase_find(const char *name)
{
	int i;

	for (i = 0; i < NVME_NR_ERASES; i++)
		if (!strcmp(nvme_erases[i].name, name))
			return i;
	return -1;
}

/**
 * nvme_erase_offered() - Whether a controller offers a method.
 * @m: The method.
 * @id_ctrl: Its Identify Controller data.
 * @active_ns: Its active namespaces.
 * @why: Where to say why not, the method's name first.
 * @len: Room in @why.
 *
 * Return: 0, or -EOPNOTSUPP (the controller lacks it) or -EBUSY (it would
 * erase another namespace too, or hold its IO), said in @why.
 */
int nvme_erase_offered(enum nvme_erase m, const uint8_t *id_ctrl, unsigned int active_ns,
		       char *why, size_t len)
{
	uint32_t sanicap = le32(id_ctrl + ID_CTRL_SANICAP), fna = id_ctrl[ID_CTRL_FNA];
	int format = nvme_erase_is_format(m), all = !format || (fna & 3);
	const char *name = nvme_erases[m].name;

	if (format && !(le16(id_ctrl + ID_CTRL_OACS) & 2)) {
		snprintf(why, len, "%s: no Format NVM: the controller's OACS bit 1 is 0", name);
		return -EOPNOTSUPP;
	}
	if (m == NVME_ERASE_FORMAT_CRYPTO && !(fna & 4)) {
		snprintf(why, len, "%s: no cryptographic erase: the controller's FNA bit 2 is 0", name);
		return -EOPNOTSUPP;
	}
	if (!format && !(sanicap & (m == NVME_ERASE_SANITIZE_BLOCK ? 2 : 1))) {
		snprintf(why, len, "%s: no sanitize %s erase: the controller's SANICAP is %#x", name,
			 m == NVME_ERASE_SANITIZE_BLOCK ? "block" : "crypto", sanicap);
		return -EOPNOTSUPP;
	}
	/*
	 * Another namespace would lose its data (a sanitize, a format that
	 * FNA applies to all), or its IO for the whole format: Linux
	 * freezes every namespace of the controller while a command that
	 * changes the command set's state runs (nvme_passthru_start()).
	 */
	if (active_ns > 1 && all) {
		snprintf(why, len, "%s: it erases all %u namespaces of the controller%s: not from ssdk",
			 name, active_ns, format ? " (FNA)" : "");
		return -EBUSY;
	}
	if (active_ns > 1) {
		snprintf(why, len,
			 "%s: the controller has %u namespaces, whose IO Linux holds while a format runs: not from ssdk",
			 name, active_ns);
		return -EBUSY;
	}
	/* What this controller cannot see: namespaces of others in the subsystem. */
	if (all && (id_ctrl[ID_CTRL_CMIC] & 2)) {
		snprintf(why, len,
			 "%s: it erases every namespace of the subsystem, which may have other controllers (CMIC bit 1): not from ssdk",
			 name);
		return -EBUSY;
	}
	return 0;
}

/**
 * nvme_format_cdw10() - Format NVM's command dword 10 for a method: the
 * namespace's own LBA format, metadata and protection settings, with the
 * method's secure erase, so that the format changes nothing but the data.
 * @id_ns: The namespace's Identify Namespace data.
 * @m: NVME_ERASE_FORMAT or NVME_ERASE_FORMAT_CRYPTO.
 *
 * Return: The dword.
 */
uint32_t nvme_format_cdw10(const uint8_t *id_ns, enum nvme_erase m)
{
	uint32_t flbas = id_ns[ID_NS_FLBAS], dps = id_ns[ID_NS_DPS];
	uint32_t lbaf = (flbas & 0xf) | ((flbas >> 5) & 3) << 4;
	uint32_t ses = m == NVME_ERASE_FORMAT ? SES_USER_DATA : SES_CRYPTO;

	return (lbaf & 0xf) | ((flbas >> 4) & 1) << 4 | (dps & 7) << 5 | ((dps >> 3) & 1) << 8 |
	       ses << 9 | (lbaf >> 4) << 12;
}

/**
 * nvme_sanitize_cdw10() - Sanitize's command dword 10 for a method.
 * @m: NVME_ERASE_SANITIZE_BLOCK or NVME_ERASE_SANITIZE_CRYPTO.
 *
 * Unrestricted completion (AUSE): a failed sanitize leaves the drive in
 * a failure mode that a later sanitize, or Exit Failure Mode, ends,
 * rather than one only a successful sanitize ends.
 *
 * Return: The dword.
 */
uint32_t nvme_sanitize_cdw10(enum nvme_erase m)
{
	return SANITIZE_AUSE |
	       (m == NVME_ERASE_SANITIZE_BLOCK ? SANACT_BLOCK_ERASE : SANACT_CRYPTO_ERASE);
}

/**
 * nvme_sanitize_parse() - Read the Sanitize Status log page.
 * @log: Its NVME_SANITIZE_LOG_LEN bytes.
 * @m: The method waited for: whose estimate to take.
 * @s: Filled in.
 */
void nvme_sanitize_parse(const uint8_t *log, enum nvme_erase m, struct nvme_sanitize_state *s)
{
	uint32_t est = le32(log + (m == NVME_ERASE_SANITIZE_BLOCK ? 12 : 16));

	s->progress = le16(log);
	s->status = le16(log + 2) & 7;
	s->cdw10 = le32(log + 4);
	s->estimate_s = est == UINT32_MAX ? 0 : est;
}

/**
 * nvme_format_progress() - How far a format is, where the namespace says.
 * @id_ns: Its Identify Namespace data, read during the format.
 *
 * Return: Percent done, or -1 when it has no Format Progress Indicator.
 */
int nvme_format_progress(const uint8_t *id_ns)
{
	uint8_t fpi = id_ns[ID_NS_FPI];

	return fpi & 0x80 ? 100 - (fpi & 0x7f) : -1;
}
