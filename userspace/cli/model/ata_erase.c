// SPDX-License-Identifier: GPL-2.0
/*
 * What the purges by an ATA drive need and send (ata_erase.h), from ACS-3's
 * IDENTIFY DEVICE data and Security feature set, SAT-4's ATA PASS-THROUGH
 * (16) command and ATA Return descriptor, and what hdparm sends for its
 * --security-set-pass and --security-erase(-enhanced): a drive erased
 * here takes hdparm's --security-disable with the same password.
 */

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "ata_erase.h"

/* IDENTIFY DEVICE: its words, and their bits. */
#define ID_CONFIG		0	/* bit 15: ATAPI */
#define ID_SERIAL		10	/* words 10-19, two characters a word */
#define ID_MODEL		27	/* words 27-46 */
#define ID_COMMAND_SET_1	82	/* bit 1: the Security feature set */
#define ID_COMMAND_SET_2	83	/* bits 15:14 01b: words 82-84 valid */
#define ID_ERASE_TIME		89
#define ID_ENHANCED_ERASE_TIME	90
#define ID_SECURITY		128	/* the security status */

#define SEC_SUPPORTED		(1u << 0)
#define SEC_ENABLED		(1u << 1)
#define SEC_LOCKED		(1u << 2)
#define SEC_FROZEN		(1u << 3)
#define SEC_EXPIRED		(1u << 4)
#define SEC_ENHANCED		(1u << 5)
#define SEC_MAXIMUM		(1u << 8)

/* Words 89 and 90: bit 15 says which format the time has. */
#define TIME_EXTENDED		(1u << 15)
#define TIME_MASK		0xff
#define TIME_MASK_EXTENDED	0x7fff

/* ATA PASS-THROUGH (16): its operation code, and the bits of byte 2. */
#define ATA_16			0x85
#define T_LENGTH_COUNT		2		/* the length is in COUNT */
#define BYTE_BLOCK		(1u << 2)	/* ... in blocks (512 bytes) */
#define T_DIR_FROM_DEVICE	(1u << 3)
#define CK_COND			(1u << 5)	/* return the registers in sense */
/* The DEVICE field: bit 6, LBA, as every ATA command since ATA-6 wants it. */
#define DEVICE_LBA		0x40

/* The security commands' data: word 0's bits. */
#define DATA_MASTER		(1u << 0)	/* the master password, else the user's */
#define DATA_ENHANCED		(1u << 1)	/* SECURITY ERASE UNIT: enhanced */

/*
 * The erase's timeout: the drive's time (or, where it gives none, hdparm's
 * guess of 30 MiB/s over the drive), half as much again, and half an hour
 * more, at least an hour and at most a week. The erase cannot be stopped
 * once sent, and what stops the wait is a timeout, on which libata resets
 * the link in the middle of the erase: so the timeout is generous, and the
 * cap is only there to bound a drive that claims more than 45 days.
 */
#define GUESS_BYTES_PER_S	(30ull << 20)
#define SLACK_S			(30u * 60)
#define TIMEOUT_MIN_S		(60u * 60)
#define TIMEOUT_MAX_S		(7u * 24 * 60 * 60)

const struct ata_erase_desc ata_erases[ATA_NR_ERASES] = {
	[ATA_ERASE_NORMAL] = { "ata-secure-erase",
		"ATA SECURITY ERASE UNIT, normal erase, the whole SATA drive" },
	[ATA_ERASE_ENHANCED] = { "ata-secure-erase-enhanced",
		"ATA SECURITY ERASE UNIT, enhanced erase, the whole SATA drive" },
};

static uint16_t word(const uint8_t *id, unsigned int w)
{
	return id[2 * w] | id[2 * w + 1] << 8;
}

/* An IDENTIFY string: two characters a word, the first in the high byte. */
static void id_string(const uint8_t *id, unsigned int w, unsigned int words, char *out)
{
	unsigned int i, n = 0;

	for (i = 0; i < words; i++) {
		out[n++] = word(id, w + i) >> 8;
		out[n++] = word(id, w + i) & 0xff;
	}
	while (n && (out[n - 1] == ' ' || !out[n - 1]))
		n--;
	out[n] = '\0';
}

/**
 * ata_erase_find() - A method by its name.
 * @name: As --method gives it.
 *
 * Return: Its enum ata_erase, or -1.
 */
int ata_erase_find(const char *name)
{
	int i;

	for (i = 0; i < ATA_NR_ERASES; i++)
		if (!strcmp(ata_erases[i].name, name))
			return i;
	return -1;
}

/**
 * ata_erase_minutes() - An erase time of IDENTIFY (word 89 or 90), read.
 * @word: The word.
 * @more: Set to 1 when the time is the most the format can say, which
 *	means "more than", else to 0.
 *
 * ACS-3: with bit 15 clear, bits 7:0 are the time in 2-minute units, 255
 * meaning more than 508 minutes; with it set (the extended format), bits
 * 14:0 are, 32767 meaning more than 65532 minutes. 0 is "not reported"
 * in both.
 *
 * Return: The minutes, or 0 when the drive gives none.
 */
uint32_t ata_erase_minutes(uint16_t word, int *more)
{
	int extended = !!(word & TIME_EXTENDED);
	uint32_t max = extended ? TIME_MASK_EXTENDED : TIME_MASK;
	uint32_t v = word & max;

	*more = v == max;
	return (*more ? max - 1 : v) * 2;
}

/**
 * ata_identify_parse() - Read IDENTIFY DEVICE's security words.
 * @id: Its ATA_SECTOR_LEN bytes, as the drive sent them.
 * @s: Filled in.
 */
void ata_identify_parse(const uint8_t *id, struct ata_security *s)
{
	uint16_t w82 = word(id, ID_COMMAND_SET_1), w83 = word(id, ID_COMMAND_SET_2);
	uint16_t sec = word(id, ID_SECURITY);
	int valid = (w83 >> 14) == 1;

	memset(s, 0, sizeof(*s));
	s->ata = !(word(id, ID_CONFIG) & 0x8000);
	s->supported = s->ata && valid && (w82 & 2) && (sec & SEC_SUPPORTED);
	s->enabled = !!(sec & SEC_ENABLED);
	s->locked = !!(sec & SEC_LOCKED);
	s->frozen = !!(sec & SEC_FROZEN);
	s->expired = !!(sec & SEC_EXPIRED);
	s->enhanced = !!(sec & SEC_ENHANCED);
	s->maximum = !!(sec & SEC_MAXIMUM);
	s->erase_min = ata_erase_minutes(word(id, ID_ERASE_TIME), &s->erase_more);
	s->enhanced_min = ata_erase_minutes(word(id, ID_ENHANCED_ERASE_TIME), &s->enhanced_more);
	id_string(id, ID_MODEL, 20, s->model);
	id_string(id, ID_SERIAL, 10, s->serial);
}

/**
 * ata_erase_offered() - Whether a drive in a security state may be erased
 * by a method, ssdk setting its own password first.
 * @m: The method.
 * @s: The drive's IDENTIFY, read.
 * @why: Where to say why not, the method's name first, and what to do.
 * @len: Room in @why.
 *
 * Return: 0; -EOPNOTSUPP (not an ATA drive, no Security feature set, no
 * enhanced erase), -EACCES (locked, or a password is set that ssdk did
 * not set) or -EBUSY (frozen, or the unlock attempts expired, both until
 * a reset), said in @why.
 */
int ata_erase_offered(enum ata_erase m, const struct ata_security *s, char *why, size_t len)
{
	const char *name = ata_erases[m].name;

	if (!s->ata) {
		snprintf(why, len, "%s: not an ATA disk (IDENTIFY says ATAPI)", name);
		return -EOPNOTSUPP;
	}
	if (!s->supported) {
		snprintf(why, len,
			 "%s: the drive has no ATA Security feature set (IDENTIFY word 82 bit 1, word 128 bit 0)",
			 name);
		return -EOPNOTSUPP;
	}
	if (s->locked) {
		snprintf(why, len,
			 "%s: the drive is locked by a password: unlock it with its password first (hdparm --security-unlock PASSWORD); ssdk does not guess passwords",
			 name);
		return -EACCES;
	}
	if (s->frozen) {
		snprintf(why, len,
			 "%s: the drive's security is frozen (by the firmware at boot): suspend to RAM and resume (rtcwake -m mem -s 10), or unplug and replug the drive's power or SATA cable, then try again",
			 name);
		return -EBUSY;
	}
	if (s->expired) {
		snprintf(why, len,
			 "%s: the drive's password attempt count has expired: power-cycle it, then try again",
			 name);
		return -EBUSY;
	}
	if (s->enabled) {
		snprintf(why, len,
			 "%s: the drive has a user password that ssdk did not set: remove it first (hdparm --security-disable PASSWORD); ssdk does not erase with another's password",
			 name);
		return -EACCES;
	}
	if (m == ATA_ERASE_ENHANCED && !s->enhanced) {
		snprintf(why, len,
			 "%s: the drive has no enhanced erase (IDENTIFY word 128 bit 5): ata-secure-erase instead",
			 name);
		return -EOPNOTSUPP;
	}
	return 0;
}

/**
 * ata_pt16_cdb() - The ATA PASS-THROUGH (16) CDB of a 28-bit command, as
 * hdparm's sg16() makes it (its ATA_16 path).
 * @cdb: Its ATA_PT16_LEN bytes.
 * @command: The ATA command.
 * @proto: Its protocol. A PIO command moves one 512-byte block (COUNT 1,
 *	the length in COUNT, in blocks); a non-data command asks for the
 *	registers back in the sense data (CK_COND), as hdparm does.
 *
 * FEATURES, the LBA and the extend bit stay 0: the security commands and
 * IDENTIFY use none of them.
 */
void ata_pt16_cdb(uint8_t *cdb, uint8_t command, enum ata_protocol proto)
{
	memset(cdb, 0, ATA_PT16_LEN);
	cdb[0] = ATA_16;
	cdb[1] = proto << 1;
	if (proto == ATA_PROTO_NON_DATA) {
		cdb[2] = CK_COND;
	} else {
		cdb[2] = T_LENGTH_COUNT | BYTE_BLOCK;
		if (proto == ATA_PROTO_PIO_IN)
			cdb[2] |= T_DIR_FROM_DEVICE;
		cdb[6] = 1;
	}
	cdb[13] = DEVICE_LBA;
	cdb[14] = command;
}

/* Words 1-16: the password's bytes as given, zero-padded, as hdparm's. */
static int put_password(uint8_t *buf, const char *password)
{
	size_t n = strlen(password);

	if (n > ATA_PASSWORD_LEN)
		return -EINVAL;
	memcpy(buf + 2, password, n);
	return 0;
}

/**
 * ata_password_data() - SECURITY SET PASSWORD's data: a user password at
 * the high security level, whose loss the master password makes good.
 * @buf: Its ATA_SECTOR_LEN bytes.
 * @password: At most ATA_PASSWORD_LEN bytes.
 *
 * Return: 0, or -EINVAL for a longer password.
 */
int ata_password_data(uint8_t *buf, const char *password)
{
	memset(buf, 0, ATA_SECTOR_LEN);
	/* Word 0: bit 0 clear, the user's; bit 8 clear, high security. */
	return put_password(buf, password);
}

/**
 * ata_erase_data() - SECURITY ERASE UNIT's data: the user password and the
 * method.
 * @buf: Its ATA_SECTOR_LEN bytes.
 * @password: At most ATA_PASSWORD_LEN bytes.
 * @m: Normal or enhanced.
 *
 * Return: 0, or -EINVAL for a longer password.
 */
int ata_erase_data(uint8_t *buf, const char *password, enum ata_erase m)
{
	memset(buf, 0, ATA_SECTOR_LEN);
	if (m == ATA_ERASE_ENHANCED)
		buf[0] |= DATA_ENHANCED;
	return put_password(buf, password);
}

/**
 * ata_erase_timeout_s() - How long to give SECURITY ERASE UNIT.
 * @s: The drive's IDENTIFY, read.
 * @m: The method: which of its times.
 * @bytes: The drive's size, for the guess where it gives no time.
 *
 * Return: Seconds, between an hour and a week.
 */
uint32_t ata_erase_timeout_s(const struct ata_security *s, enum ata_erase m, uint64_t bytes)
{
	uint64_t drive = 60ull * (m == ATA_ERASE_ENHANCED ? s->enhanced_min : s->erase_min);
	uint64_t t = drive ? drive : bytes / GUESS_BYTES_PER_S;

	t += t / 2 + SLACK_S;
	return t < TIMEOUT_MIN_S ? TIMEOUT_MIN_S : t > TIMEOUT_MAX_S ? TIMEOUT_MAX_S : t;
}

/**
 * ata_sense_return() - The ATA registers in a pass-through's sense data.
 * @sb: The sense data.
 * @len: Its bytes.
 * @r: Filled in when they are there.
 *
 * In descriptor format (response code 72h or 73h), the ATA Return
 * descriptor (code 09h); in fixed format (70h or 71h, with VALID set, as
 * libata sets it), the INFORMATION field's ERROR and STATUS.
 *
 * Return: 0, or -1 when the sense data holds no ATA registers.
 */
int ata_sense_return(const uint8_t *sb, size_t len, struct ata_return *r)
{
	uint8_t code = len ? sb[0] & 0x7f : 0;
	size_t i, end;

	if ((code == 0x72 || code == 0x73) && len >= 8) {
		end = 8 + (size_t)sb[7];
		if (end > len)
			end = len;
		for (i = 8; i + 2 <= end; i += 2 + sb[i + 1]) {
			if (sb[i] != 0x09 || sb[i + 1] < 12 || i + 14 > end)
				continue;
			r->error = sb[i + 3];
			r->status = sb[i + 13];
			return 0;
		}
		return -1;
	}
	if ((code == 0x70 || code == 0x71) && (sb[0] & 0x80) && len >= 5) {
		r->error = sb[3];
		r->status = sb[4];
		return 0;
	}
	return -1;
}
