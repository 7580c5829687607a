/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The purges of a whole SATA drive that only the drive's firmware can do
 * (ssdk ctl purge --method ata-secure-erase*): the ATA Security feature
 * set's SECURITY ERASE UNIT, normal or enhanced. What they are called,
 * what IDENTIFY DEVICE says of the drive's security state and erase time,
 * whether a method may go from that state, the ATA PASS-THROUGH (16) CDBs
 * (SAT-4) that carry the commands hdparm sends for its --security-erase,
 * their 512-byte data, the erase's timeout, and the ATA Return descriptor
 * of the sense data: pure, tested on the host. ata.c sends them.
 */
#ifndef _SSDK_ATA_ERASE_H
#define _SSDK_ATA_ERASE_H

#include <stddef.h>
#include <stdint.h>

/* Bytes of IDENTIFY DEVICE's data, and of the security commands' data. */
#define ATA_SECTOR_LEN		512
#define ATA_PT16_LEN		16
/* The password field: words 1-16 of the security commands' data. */
#define ATA_PASSWORD_LEN	32

/*
 * The user password ssdk sets for the erase (high security level), as
 * hdparm --security-set-pass ssdk would: the drive clears it when the
 * erase succeeds. Were the erase to fail, hdparm --security-disable ssdk
 * removes it.
 */
#define ATA_ERASE_PASSWORD	"ssdk"

/* The ATA commands (ACS-3), as the CDB's COMMAND field carries them. */
#define ATA_CMD_IDENTIFY		0xec
#define ATA_CMD_SECURITY_SET_PASSWORD	0xf1
#define ATA_CMD_SECURITY_ERASE_PREPARE	0xf3
#define ATA_CMD_SECURITY_ERASE_UNIT	0xf4

/* The SAT protocols a CDB asks for (its byte 1, bits 4:1). */
enum ata_protocol {
	ATA_PROTO_NON_DATA = 3,
	ATA_PROTO_PIO_IN = 4,
	ATA_PROTO_PIO_OUT = 5,
};

/* The methods, after the NVMe drive's on the command line. */
enum ata_erase {
	ATA_ERASE_NORMAL,	/* SECURITY ERASE UNIT, normal erase */
	ATA_ERASE_ENHANCED,	/* SECURITY ERASE UNIT, enhanced erase */
	ATA_NR_ERASES,
};

/**
 * struct ata_erase_desc - A method as the command line and reports name it.
 * @name: Its --method name.
 * @doc: What it does, for the help.
 */
struct ata_erase_desc {
	const char *name;
	const char *doc;
};

extern const struct ata_erase_desc ata_erases[ATA_NR_ERASES];

/**
 * struct ata_security - What IDENTIFY DEVICE says of the Security feature set.
 * @ata: Word 0 bit 15 is 0: an ATA device (not ATAPI).
 * @supported: Word 82 bit 1 (with words 82-84 valid) and word 128 bit 0.
 * @enabled: Word 128 bit 1: a user password is set.
 * @locked: Word 128 bit 2: the drive refuses media access until unlocked.
 * @frozen: Word 128 bit 3: security commands are refused until a reset.
 * @expired: Word 128 bit 4: the unlock attempts are spent until a reset.
 * @enhanced: Word 128 bit 5: the enhanced erase is supported.
 * @maximum: Word 128 bit 8: the security level is maximum (else high).
 * @erase_min: The normal erase's time (word 89), minutes; 0 when the
 *	drive gives none.
 * @enhanced_min: The enhanced erase's time (word 90), the same way.
 * @erase_more: @erase_min is a floor: the drive says "more than".
 * @enhanced_more: The same for @enhanced_min.
 * @model: Words 27-46, spaces at the end cut.
 * @serial: Words 10-19, the same way.
 */
struct ata_security {
	int ata;
	int supported;
	int enabled;
	int locked;
	int frozen;
	int expired;
	int enhanced;
	int maximum;
	uint32_t erase_min;
	uint32_t enhanced_min;
	int erase_more;
	int enhanced_more;
	char model[41];
	char serial[21];
};

/**
 * struct ata_return - The ATA registers a pass-through's sense data returns.
 * @status: The Status register (bit 0 ERR, bit 3 DRQ, bit 5 DF).
 * @error: The Error register (bit 2 ABRT).
 */
struct ata_return {
	uint8_t status;
	uint8_t error;
};

#define ATA_STATUS_ERR	0x01
#define ATA_STATUS_DRQ	0x08
#define ATA_STATUS_DF	0x20
#define ATA_ERROR_ABRT	0x04

int ata_erase_find(const char *name);
uint32_t ata_erase_minutes(uint16_t word, int *more);
void ata_identify_parse(const uint8_t *id, struct ata_security *s);
int ata_erase_offered(enum ata_erase m, const struct ata_security *s, char *why, size_t len);
void ata_pt16_cdb(uint8_t *cdb, uint8_t command, enum ata_protocol proto);
int ata_password_data(uint8_t *buf, const char *password);
int ata_erase_data(uint8_t *buf, const char *password, enum ata_erase m);
uint32_t ata_erase_timeout_s(const struct ata_security *s, enum ata_erase m, uint64_t bytes);
int ata_sense_return(const uint8_t *sb, size_t len, struct ata_return *r);

#endif /* _SSDK_ATA_ERASE_H */
