// SPDX-License-Identifier: GPL-2.0
/*
 * Host tests of the purges by an ATA drive (cli/model/ata_erase.c), on the
 * kselftest harness: IDENTIFY DEVICE data laid out with the kernel's
 * struct hd_driveid (linux/hdreg.h, a layout that is not ours) for every
 * security state, and QEMU's IDE disk's words as it sends them; the erase
 * times of words 89 and 90 in both formats; every byte of the ATA
 * PASS-THROUGH (16) CDBs, against SAT-4's fields, what libata's
 * ata_scsi_pass_thru() accepts, and what hdparm 9.58's sg16() sends for
 * the same commands; the 512-byte data of SECURITY SET PASSWORD and
 * SECURITY ERASE UNIT; the erase's timeout; the sense data's ATA registers.
 */

#include <endian.h>
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <linux/hdreg.h>

#include "ata_erase.h"
#include "kselftest_harness.h"

_Static_assert(sizeof(struct hd_driveid) == ATA_SECTOR_LEN, "IDENTIFY is 512 bytes");
_Static_assert(offsetof(struct hd_driveid, command_set_1) == 2 * 82, "word 82");
_Static_assert(offsetof(struct hd_driveid, trseuc) == 2 * 89, "word 89");
_Static_assert(offsetof(struct hd_driveid, trsEuc) == 2 * 90, "word 90");
_Static_assert(offsetof(struct hd_driveid, dlf) == 2 * 128, "word 128");

/* Word 128's bits, as hd_driveid's comment on dlf says them. */
#define CAPABLE		0x0001
#define ENABLED		0x0002
#define LOCKED		0x0004
#define FROZEN		0x0008
#define EXPIRE		0x0010
#define ENHANCED	0x0020
#define LEVEL_MAX	0x0100

/* Words 82 (bit 1 security), 83 (bit 14 set: 82-84 valid). */
#define SECURITY_SET	((1 << 14) | (1 << 1))
#define WORDS_VALID	(1 << 14)

/* An IDENTIFY string: two characters a word, the first in the high byte. */
static void ata_string(unsigned char *dst, const char *s, size_t n)
{
	size_t i;

	memset(dst, ' ', n);
	memcpy(dst, s, strlen(s));
	for (i = 0; i < n; i += 2) {
		unsigned char c = dst[i];

		dst[i] = dst[i + 1];
		dst[i + 1] = c;
	}
}

/* IDENTIFY with words 82, 83, 128, 89 and 90 as given, little-endian. */
static const uint8_t *identify(struct hd_driveid *id, uint16_t w82, uint16_t w83, uint16_t dlf,
			       uint16_t w89, uint16_t w90)
{
	memset(id, 0, sizeof(*id));
	id->config = htole16(0x0040);
	ata_string(id->serial_no, "QM00001", sizeof(id->serial_no));
	ata_string(id->model, "QEMU HARDDISK", sizeof(id->model));
	id->command_set_1 = htole16(w82);
	id->command_set_2 = htole16(w83);
	id->dlf = htole16(dlf);
	id->trseuc = htole16(w89);
	id->trsEuc = htole16(w90);
	return (const uint8_t *)id;
}

static int offered(enum ata_erase m, uint16_t dlf, char *why, size_t len)
{
	struct hd_driveid id;
	struct ata_security s;

	ata_identify_parse(identify(&id, SECURITY_SET, WORDS_VALID, dlf, 0, 0), &s);
	return ata_erase_offered(m, &s, why, len);
}

TEST(names)
{
	int m;

	for (m = 0; m < ATA_NR_ERASES; m++)
		EXPECT_EQ(m, ata_erase_find(ata_erases[m].name));
	EXPECT_EQ(ATA_ERASE_NORMAL, ata_erase_find("ata-secure-erase"));
	EXPECT_EQ(ATA_ERASE_ENHANCED, ata_erase_find("ata-secure-erase-enhanced"));
	EXPECT_EQ(-1, ata_erase_find("nvme-format"));
	EXPECT_EQ(-1, ata_erase_find("ata-secure-erase "));
	EXPECT_STREQ("ssdk", ATA_ERASE_PASSWORD);
}

TEST(commands_are_the_kernels)
{
	EXPECT_EQ(WIN_IDENTIFY, ATA_CMD_IDENTIFY);
	EXPECT_EQ(WIN_SECURITY_SET_PASS, ATA_CMD_SECURITY_SET_PASSWORD);
	EXPECT_EQ(WIN_SECURITY_ERASE_PREPARE, ATA_CMD_SECURITY_ERASE_PREPARE);
	EXPECT_EQ(WIN_SECURITY_ERASE_UNIT, ATA_CMD_SECURITY_ERASE_UNIT);
}

/*
 * What hdparm 9.58 sends (sg16(), ATA_16 as it prefers, tf_init()'s
 * DEVICE 40h): IDENTIFY by do_drive_cmd() with one block in, SECURITY SET
 * PASSWORD and SECURITY ERASE UNIT by do_taskfile_cmd() with one block
 * out, SECURITY ERASE PREPARE by do_drive_cmd() with no data and CK_COND.
 */
static const uint8_t hdparm_identify[ATA_PT16_LEN] = {
	0x85, 0x08, 0x0e, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0x40, 0xec, 0 };
static const uint8_t hdparm_set_password[ATA_PT16_LEN] = {
	0x85, 0x0a, 0x06, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0x40, 0xf1, 0 };
static const uint8_t hdparm_erase_prepare[ATA_PT16_LEN] = {
	0x85, 0x06, 0x20, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x40, 0xf3, 0 };
static const uint8_t hdparm_erase_unit[ATA_PT16_LEN] = {
	0x85, 0x0a, 0x06, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0x40, 0xf4, 0 };

TEST(cdbs_are_hdparms)
{
	uint8_t cdb[ATA_PT16_LEN];

	ata_pt16_cdb(cdb, ATA_CMD_IDENTIFY, ATA_PROTO_PIO_IN);
	EXPECT_EQ(0, memcmp(cdb, hdparm_identify, sizeof(cdb)));
	ata_pt16_cdb(cdb, ATA_CMD_SECURITY_SET_PASSWORD, ATA_PROTO_PIO_OUT);
	EXPECT_EQ(0, memcmp(cdb, hdparm_set_password, sizeof(cdb)));
	ata_pt16_cdb(cdb, ATA_CMD_SECURITY_ERASE_PREPARE, ATA_PROTO_NON_DATA);
	EXPECT_EQ(0, memcmp(cdb, hdparm_erase_prepare, sizeof(cdb)));
	ata_pt16_cdb(cdb, ATA_CMD_SECURITY_ERASE_UNIT, ATA_PROTO_PIO_OUT);
	EXPECT_EQ(0, memcmp(cdb, hdparm_erase_unit, sizeof(cdb)));
}

/* SAT-4's fields of ATA PASS-THROUGH (16), read from a CDB. */
struct sat16 {
	unsigned int opcode, multiple, protocol, extend;
	unsigned int off_line, ck_cond, t_type, t_dir, byt_blok, t_length;
	unsigned int features, count, lba, device, command, control;
};

static void sat16(const uint8_t *c, struct sat16 *f)
{
	f->opcode = c[0];
	f->multiple = c[1] >> 5;
	f->protocol = (c[1] >> 1) & 0xf;
	f->extend = c[1] & 1;
	f->off_line = c[2] >> 6;
	f->ck_cond = (c[2] >> 5) & 1;
	f->t_type = (c[2] >> 4) & 1;
	f->t_dir = (c[2] >> 3) & 1;
	f->byt_blok = (c[2] >> 2) & 1;
	f->t_length = c[2] & 3;
	f->features = c[3] << 8 | c[4];
	f->count = c[5] << 8 | c[6];
	f->lba = c[7] | c[8] | c[9] | c[10] | c[11] | c[12];
	f->device = c[13];
	f->command = c[14];
	f->control = c[15];
}

TEST(cdbs_are_sat4s)
{
	static const struct {
		uint8_t command;
		enum ata_protocol proto;
		unsigned int dir, count;
	} cmds[] = {
		{ ATA_CMD_IDENTIFY, ATA_PROTO_PIO_IN, 1, 1 },
		{ ATA_CMD_SECURITY_SET_PASSWORD, ATA_PROTO_PIO_OUT, 0, 1 },
		{ ATA_CMD_SECURITY_ERASE_PREPARE, ATA_PROTO_NON_DATA, 0, 0 },
		{ ATA_CMD_SECURITY_ERASE_UNIT, ATA_PROTO_PIO_OUT, 0, 1 },
	};
	uint8_t cdb[ATA_PT16_LEN];
	struct sat16 f;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(cmds); i++) {
		ata_pt16_cdb(cdb, cmds[i].command, cmds[i].proto);
		sat16(cdb, &f);
		EXPECT_EQ(0x85u, f.opcode);
		/* libata refuses a MULTIPLE_COUNT on a command not of READ/WRITE MULTIPLE. */
		EXPECT_EQ(0u, f.multiple);
		EXPECT_EQ((unsigned int)cmds[i].proto, f.protocol);
		/* 28-bit commands: no extend, so no upper bytes. */
		EXPECT_EQ(0u, f.extend);
		EXPECT_EQ(0u, f.off_line);
		EXPECT_EQ(0u, f.t_type);
		EXPECT_EQ(0u, f.features);
		EXPECT_EQ(cmds[i].count, f.count);
		EXPECT_EQ(0u, f.lba);
		/* DEVICE: LBA set, DEV (bit 4) clear: libata sets it for the device. */
		EXPECT_EQ(0x40u, f.device);
		EXPECT_EQ((unsigned int)cmds[i].command, f.command);
		EXPECT_EQ(0u, f.control);
		if (cmds[i].proto == ATA_PROTO_NON_DATA) {
			/* T_LENGTH 0: libata wants no data direction then. */
			EXPECT_EQ(0u, f.t_length);
			EXPECT_EQ(1u, f.ck_cond);
		} else {
			/* One 512-byte block, counted in COUNT. */
			EXPECT_EQ(2u, f.t_length);
			EXPECT_EQ(1u, f.byt_blok);
			EXPECT_EQ(cmds[i].dir, f.t_dir);
			EXPECT_EQ(0u, f.ck_cond);
		}
	}
}

TEST(password_data)
{
	uint8_t buf[ATA_SECTOR_LEN], zero[ATA_SECTOR_LEN] = { 0 };

	memset(buf, 0xa5, sizeof(buf));
	ASSERT_EQ(0, ata_password_data(buf, ATA_ERASE_PASSWORD));
	/* Word 0: the user password (bit 0 clear), high security (bit 8 clear). */
	EXPECT_EQ(0, buf[0]);
	EXPECT_EQ(0, buf[1]);
	/* Words 1-16: the bytes as hdparm copies them, zero-padded. */
	EXPECT_EQ(0, memcmp(buf + 2, "ssdk", 4));
	EXPECT_EQ(0, memcmp(buf + 6, zero, sizeof(buf) - 6));
}

TEST(erase_data)
{
	uint8_t buf[ATA_SECTOR_LEN], zero[ATA_SECTOR_LEN] = { 0 };

	memset(buf, 0xa5, sizeof(buf));
	ASSERT_EQ(0, ata_erase_data(buf, ATA_ERASE_PASSWORD, ATA_ERASE_NORMAL));
	/* Word 0: bit 0 clear, the user password; bit 1 clear, normal erase. */
	EXPECT_EQ(0, buf[0]);
	EXPECT_EQ(0, buf[1]);
	EXPECT_EQ(0, memcmp(buf + 2, "ssdk", 4));
	EXPECT_EQ(0, memcmp(buf + 6, zero, sizeof(buf) - 6));

	memset(buf, 0xa5, sizeof(buf));
	ASSERT_EQ(0, ata_erase_data(buf, ATA_ERASE_PASSWORD, ATA_ERASE_ENHANCED));
	EXPECT_EQ(0x02, buf[0]);
	EXPECT_EQ(0, buf[1]);
	EXPECT_EQ(0, memcmp(buf + 2, "ssdk", 4));
	EXPECT_EQ(0, memcmp(buf + 6, zero, sizeof(buf) - 6));
}

TEST(password_at_its_limit)
{
	char pw[ATA_PASSWORD_LEN + 2];
	uint8_t buf[ATA_SECTOR_LEN];

	memset(pw, 'x', ATA_PASSWORD_LEN);
	pw[ATA_PASSWORD_LEN] = '\0';
	ASSERT_EQ(0, ata_password_data(buf, pw));
	EXPECT_EQ(0, memcmp(buf + 2, pw, ATA_PASSWORD_LEN));
	/* Word 17 (the master password identifier) untouched. */
	EXPECT_EQ(0, buf[2 + ATA_PASSWORD_LEN]);
	ASSERT_EQ(0, ata_erase_data(buf, pw, ATA_ERASE_ENHANCED));
	EXPECT_EQ(0, memcmp(buf + 2, pw, ATA_PASSWORD_LEN));
	EXPECT_EQ(0, buf[2 + ATA_PASSWORD_LEN]);

	pw[ATA_PASSWORD_LEN] = 'x';
	pw[ATA_PASSWORD_LEN + 1] = '\0';
	EXPECT_EQ(-EINVAL, ata_password_data(buf, pw));
	EXPECT_EQ(-EINVAL, ata_erase_data(buf, pw, ATA_ERASE_NORMAL));
}

/* QEMU's IDE and AHCI disk: hw/ide/core.c ide_identify()'s words 82, 83, no 128. */
TEST(qemu_disk_has_no_security)
{
	struct hd_driveid id;
	struct ata_security s;
	char why[512];

	ata_identify_parse(identify(&id, (1 << 14) | (1 << 5) | 1,
				    (1 << 14) | (1 << 13) | (1 << 12) | (1 << 10), 0, 0, 0), &s);
	EXPECT_TRUE(s.ata);
	EXPECT_FALSE(s.supported);
	EXPECT_STREQ("QEMU HARDDISK", s.model);
	EXPECT_STREQ("QM00001", s.serial);
	EXPECT_EQ(-EOPNOTSUPP, ata_erase_offered(ATA_ERASE_NORMAL, &s, why, sizeof(why)));
	EXPECT_NE(NULL, strstr(why, "ata-secure-erase: the drive has no ATA Security feature set"));
}

TEST(not_supported)
{
	struct hd_driveid id;
	struct ata_security s;
	char why[512];

	/* Word 82 bit 1 clear, word 128 saying supported: not. */
	ata_identify_parse(identify(&id, 1 << 14, WORDS_VALID, CAPABLE, 0, 0), &s);
	EXPECT_FALSE(s.supported);
	/* Word 82 bit 1 set, word 128 bit 0 clear: not. */
	ata_identify_parse(identify(&id, SECURITY_SET, WORDS_VALID, 0, 0, 0), &s);
	EXPECT_FALSE(s.supported);
	/* Words 82-84 not valid (word 83 bits 15:14 not 01b): not. */
	ata_identify_parse(identify(&id, SECURITY_SET, 0, CAPABLE, 0, 0), &s);
	EXPECT_FALSE(s.supported);
	ata_identify_parse(identify(&id, 0xffff, 0xffff, CAPABLE, 0, 0), &s);
	EXPECT_FALSE(s.supported);
	/* An ATAPI device. */
	identify(&id, SECURITY_SET, WORDS_VALID, CAPABLE, 0, 0);
	id.config = htole16(0x8580);
	ata_identify_parse((const uint8_t *)&id, &s);
	EXPECT_FALSE(s.ata);
	EXPECT_EQ(-EOPNOTSUPP, ata_erase_offered(ATA_ERASE_NORMAL, &s, why, sizeof(why)));
	EXPECT_NE(NULL, strstr(why, "not an ATA disk"));
}

TEST(supported_and_not_enabled)
{
	struct hd_driveid id;
	struct ata_security s;
	char why[512] = "";

	ata_identify_parse(identify(&id, SECURITY_SET, WORDS_VALID, CAPABLE, 0, 0), &s);
	EXPECT_TRUE(s.supported);
	EXPECT_FALSE(s.enabled || s.locked || s.frozen || s.expired || s.enhanced || s.maximum);
	EXPECT_EQ(0, ata_erase_offered(ATA_ERASE_NORMAL, &s, why, sizeof(why)));
	EXPECT_EQ(-EOPNOTSUPP, ata_erase_offered(ATA_ERASE_ENHANCED, &s, why, sizeof(why)));
	EXPECT_NE(NULL, strstr(why, "ata-secure-erase-enhanced: the drive has no enhanced erase"));
	EXPECT_EQ(0, offered(ATA_ERASE_ENHANCED, CAPABLE | ENHANCED, why, sizeof(why)));
	EXPECT_EQ(0, offered(ATA_ERASE_NORMAL, CAPABLE | ENHANCED, why, sizeof(why)));
	/* The level is the master password's, which ssdk does not use. */
	EXPECT_EQ(0, offered(ATA_ERASE_NORMAL, CAPABLE | LEVEL_MAX, why, sizeof(why)));
	ata_identify_parse(identify(&id, SECURITY_SET, WORDS_VALID, CAPABLE | LEVEL_MAX, 0, 0), &s);
	EXPECT_TRUE(s.maximum);
}

TEST(frozen)
{
	char why[512];

	EXPECT_EQ(-EBUSY, offered(ATA_ERASE_NORMAL, CAPABLE | FROZEN, why, sizeof(why)));
	EXPECT_NE(NULL, strstr(why, "ata-secure-erase: the drive's security is frozen"));
	EXPECT_NE(NULL, strstr(why, "suspend to RAM and resume"));
	EXPECT_NE(NULL, strstr(why, "replug"));
	EXPECT_EQ(-EBUSY, offered(ATA_ERASE_ENHANCED, CAPABLE | FROZEN | ENHANCED, why,
				  sizeof(why)));
}

TEST(locked)
{
	char why[512];

	/* Locked is enabled too; locked and frozen is still said as locked. */
	EXPECT_EQ(-EACCES, offered(ATA_ERASE_NORMAL, CAPABLE | ENABLED | LOCKED, why, sizeof(why)));
	EXPECT_NE(NULL, strstr(why, "locked by a password"));
	EXPECT_NE(NULL, strstr(why, "does not guess"));
	EXPECT_EQ(-EACCES, offered(ATA_ERASE_NORMAL, CAPABLE | ENABLED | LOCKED | FROZEN, why,
				   sizeof(why)));
	EXPECT_NE(NULL, strstr(why, "locked by a password"));
}

TEST(enabled_by_another)
{
	char why[512];

	EXPECT_EQ(-EACCES, offered(ATA_ERASE_NORMAL, CAPABLE | ENABLED, why, sizeof(why)));
	EXPECT_NE(NULL, strstr(why, "a user password that ssdk did not set"));
	EXPECT_NE(NULL, strstr(why, "hdparm --security-disable"));
	/* Frozen as well: the freeze is said first, what to do first. */
	EXPECT_EQ(-EBUSY, offered(ATA_ERASE_NORMAL, CAPABLE | ENABLED | FROZEN, why, sizeof(why)));
}

TEST(count_expired)
{
	char why[512];

	EXPECT_EQ(-EBUSY, offered(ATA_ERASE_NORMAL, CAPABLE | EXPIRE, why, sizeof(why)));
	EXPECT_NE(NULL, strstr(why, "attempt count has expired"));
}

TEST(erase_minutes)
{
	int more = -1;

	/* Bit 15 clear: bits 7:0, 2-minute units; 255 is "more than 508". */
	EXPECT_EQ(0u, ata_erase_minutes(0, &more));
	EXPECT_EQ(0, more);
	EXPECT_EQ(2u, ata_erase_minutes(1, &more));
	EXPECT_EQ(0, more);
	EXPECT_EQ(508u, ata_erase_minutes(254, &more));
	EXPECT_EQ(0, more);
	EXPECT_EQ(508u, ata_erase_minutes(255, &more));
	EXPECT_EQ(1, more);
	/* Bits 14:8 are reserved in that format. */
	EXPECT_EQ(2u, ata_erase_minutes(0x7f01, &more));
	EXPECT_EQ(0, more);
	/* Bit 15 set: the extended format, bits 14:0; 32767 is "more than 65532". */
	EXPECT_EQ(0u, ata_erase_minutes(0x8000, &more));
	EXPECT_EQ(0, more);
	EXPECT_EQ(2u, ata_erase_minutes(0x8001, &more));
	EXPECT_EQ(510u, ata_erase_minutes(0x80ff, &more));
	EXPECT_EQ(0, more);
	EXPECT_EQ(65532u, ata_erase_minutes(0xfffe, &more));
	EXPECT_EQ(0, more);
	EXPECT_EQ(65532u, ata_erase_minutes(0xffff, &more));
	EXPECT_EQ(1, more);
}

TEST(identify_times)
{
	struct hd_driveid id;
	struct ata_security s;

	ata_identify_parse(identify(&id, SECURITY_SET, WORDS_VALID, CAPABLE | ENHANCED, 60, 0x80ff),
			   &s);
	EXPECT_EQ(120u, s.erase_min);
	EXPECT_EQ(0, s.erase_more);
	EXPECT_EQ(510u, s.enhanced_min);
	EXPECT_EQ(0, s.enhanced_more);
	ata_identify_parse(identify(&id, SECURITY_SET, WORDS_VALID, CAPABLE, 255, 0), &s);
	EXPECT_EQ(508u, s.erase_min);
	EXPECT_EQ(1, s.erase_more);
	EXPECT_EQ(0u, s.enhanced_min);
}

TEST(erase_timeout)
{
	struct ata_security s = { .erase_min = 120, .enhanced_min = 2 };

	/* Two hours, half again and half an hour more. */
	EXPECT_EQ(120u * 60 * 3 / 2 + 1800, ata_erase_timeout_s(&s, ATA_ERASE_NORMAL, 0));
	/* Two minutes: the floor of an hour. */
	EXPECT_EQ(3600u, ata_erase_timeout_s(&s, ATA_ERASE_ENHANCED, 1ull << 40));
	/* No time given: 30 MiB/s over the drive. */
	s.erase_min = 0;
	EXPECT_EQ(3600u, ata_erase_timeout_s(&s, ATA_ERASE_NORMAL, 0));
	EXPECT_EQ((uint32_t)((1ull << 40) / (30 << 20) * 3 / 2 + 1800),
		  ata_erase_timeout_s(&s, ATA_ERASE_NORMAL, 1ull << 40));
	/* More than 65532 minutes: the cap of a week. */
	s.erase_min = 65532;
	EXPECT_EQ(7u * 24 * 3600, ata_erase_timeout_s(&s, ATA_ERASE_NORMAL, 0));
}

TEST(sense_descriptor)
{
	/* libata's: RECOVERED ERROR, ATA PASS-THROUGH INFORMATION AVAILABLE. */
	uint8_t sb[32] = { 0x72, 0x01, 0x00, 0x1d, 0, 0, 0, 14,
			   0x09, 0x0c, 0x00, 0x04, 0, 0x01, 0, 0, 0, 0, 0, 0, 0x40, 0x51 };
	struct ata_return r = { 0 };

	ASSERT_EQ(0, ata_sense_return(sb, sizeof(sb), &r));
	EXPECT_EQ(ATA_ERROR_ABRT, r.error);
	EXPECT_EQ(0x51, r.status);
	EXPECT_TRUE(r.status & ATA_STATUS_ERR);
	/* No ATA Return descriptor; one cut short by the sense's length. */
	sb[8] = 0x00;
	EXPECT_EQ(-1, ata_sense_return(sb, sizeof(sb), &r));
	sb[8] = 0x09;
	sb[7] = 10;
	EXPECT_EQ(-1, ata_sense_return(sb, sizeof(sb), &r));
	EXPECT_EQ(-1, ata_sense_return(sb, 12, &r));
	EXPECT_EQ(-1, ata_sense_return(sb, 0, &r));
}

/* Another descriptor first (information, 00h), then the ATA Return. */
TEST(sense_second_descriptor)
{
	uint8_t sb[40] = { 0x72, 0x0b, 0x00, 0x00, 0, 0, 0, 26,
			   0x00, 0x0a, 0x80, 0, 0, 0, 0, 0, 0, 0, 0, 0,
			   0x09, 0x0c, 0x00, 0x00, 0, 0, 0, 0, 0, 0, 0, 0, 0x40, 0x50 };
	struct ata_return r = { 0xff, 0xff };

	ASSERT_EQ(0, ata_sense_return(sb, sizeof(sb), &r));
	EXPECT_EQ(0, r.error);
	EXPECT_EQ(0x50, r.status);
}

TEST(sense_fixed)
{
	/* libata's fixed format: VALID, ERROR in byte 3, STATUS in byte 4. */
	uint8_t sb[18] = { 0xf0, 0, 0x0b, 0x04, 0x51, 0x40, 0x00, 10 };
	struct ata_return r = { 0 };

	ASSERT_EQ(0, ata_sense_return(sb, sizeof(sb), &r));
	EXPECT_EQ(0x04, r.error);
	EXPECT_EQ(0x51, r.status);
	sb[0] = 0x70;
	EXPECT_EQ(-1, ata_sense_return(sb, sizeof(sb), &r));
}

TEST_HARNESS_MAIN
