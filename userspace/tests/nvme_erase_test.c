// SPDX-License-Identifier: GPL-2.0
/*
 * Host tests of the purges by an NVMe drive (cli/nvme_erase.c), on the
 * kselftest harness, against Identify data and Sanitize Status logs laid
 * out by hand from the NVM Express Base Specification: which controller
 * offers which method (and which would erase another namespace), the
 * Format NVM dword that keeps the namespace's LBA format, metadata and
 * protection, Sanitize's actions, and the log's progress and estimates.
 */

#include <errno.h>
#include <stdint.h>
#include <string.h>

#include "nvme_erase.h"
#include "kselftest_harness.h"

static void put16(uint8_t *p, uint32_t v)
{
	p[0] = v;
	p[1] = v >> 8;
}

static void put32(uint8_t *p, uint32_t v)
{
	put16(p, v);
	put16(p + 2, v >> 16);
}

/* An Identify Controller with OACS, SANICAP and FNA as given. */
static void id_ctrl(uint8_t *id, uint32_t oacs, uint32_t sanicap, uint8_t fna)
{
	memset(id, 0, NVME_IDENTIFY_LEN);
	put16(id + 256, oacs);
	put32(id + 328, sanicap);
	id[524] = fna;
}

TEST(names)
{
	int m;

	for (m = 0; m < NVME_NR_ERASES; m++)
		EXPECT_EQ(m, nvme_erase_find(nvme_erases[m].name));
	EXPECT_EQ(NVME_ERASE_FORMAT, nvme_erase_find("nvme-format"));
	EXPECT_EQ(-1, nvme_erase_find("discard"));
	EXPECT_EQ(-1, nvme_erase_find("nvme-format "));
	EXPECT_TRUE(nvme_erase_is_format(NVME_ERASE_FORMAT_CRYPTO));
	EXPECT_FALSE(nvme_erase_is_format(NVME_ERASE_SANITIZE_BLOCK));
}

TEST(format_needs_oacs_bit_1)
{
	uint8_t id[NVME_IDENTIFY_LEN];
	char why[256];

	id_ctrl(id, 0x0d, 0, 0);	/* security, ns management, no format */
	EXPECT_EQ(-EOPNOTSUPP, nvme_erase_offered(NVME_ERASE_FORMAT, id, 1, why, sizeof(why)));
	EXPECT_STREQ("nvme-format: no Format NVM: the controller's OACS bit 1 is 0", why);
	id_ctrl(id, 0x02, 0, 0);
	EXPECT_EQ(0, nvme_erase_offered(NVME_ERASE_FORMAT, id, 1, why, sizeof(why)));
}

TEST(crypto_format_needs_fna_bit_2)
{
	uint8_t id[NVME_IDENTIFY_LEN];
	char why[256];

	id_ctrl(id, 0x02, 0, 0x03);
	EXPECT_EQ(-EOPNOTSUPP,
		  nvme_erase_offered(NVME_ERASE_FORMAT_CRYPTO, id, 1, why, sizeof(why)));
	EXPECT_STREQ("nvme-format-crypto: no cryptographic erase: the controller's FNA bit 2 is 0",
		     why);
	id_ctrl(id, 0x02, 0, 0x04);
	EXPECT_EQ(0, nvme_erase_offered(NVME_ERASE_FORMAT_CRYPTO, id, 1, why, sizeof(why)));
}

/* A format that applies to every namespace is refused where there are others. */
TEST(format_of_all_namespaces)
{
	uint8_t id[NVME_IDENTIFY_LEN];
	char why[256];

	id_ctrl(id, 0x02, 0, 0x01);
	EXPECT_EQ(0, nvme_erase_offered(NVME_ERASE_FORMAT, id, 1, why, sizeof(why)));
	EXPECT_EQ(-EBUSY, nvme_erase_offered(NVME_ERASE_FORMAT, id, 2, why, sizeof(why)));
	EXPECT_STREQ("nvme-format: the controller formats all its 2 namespaces at once (FNA 0x1): not from ssdk",
		     why);
	id_ctrl(id, 0x02, 0, 0x02);	/* the secure erase applies to all */
	EXPECT_EQ(-EBUSY, nvme_erase_offered(NVME_ERASE_FORMAT, id, 3, why, sizeof(why)));
	id_ctrl(id, 0x02, 0, 0x04);	/* per namespace */
	EXPECT_EQ(0, nvme_erase_offered(NVME_ERASE_FORMAT, id, 8, why, sizeof(why)));
}

TEST(sanitize_needs_sanicap)
{
	uint8_t id[NVME_IDENTIFY_LEN];
	char why[256];

	id_ctrl(id, 0x02, 0, 0);
	EXPECT_EQ(-EOPNOTSUPP,
		  nvme_erase_offered(NVME_ERASE_SANITIZE_BLOCK, id, 1, why, sizeof(why)));
	EXPECT_STREQ("nvme-sanitize-block: no sanitize block erase: the controller's SANICAP is 0",
		     why);
	id_ctrl(id, 0, 0x1, 0);		/* crypto erase only */
	EXPECT_EQ(0, nvme_erase_offered(NVME_ERASE_SANITIZE_CRYPTO, id, 1, why, sizeof(why)));
	EXPECT_EQ(-EOPNOTSUPP,
		  nvme_erase_offered(NVME_ERASE_SANITIZE_BLOCK, id, 1, why, sizeof(why)));
	EXPECT_STREQ("nvme-sanitize-block: no sanitize block erase: the controller's SANICAP is 0x1",
		     why);
	id_ctrl(id, 0, 0x60000002, 0);	/* block erase; NODMMAS bits above */
	EXPECT_EQ(0, nvme_erase_offered(NVME_ERASE_SANITIZE_BLOCK, id, 1, why, sizeof(why)));
	EXPECT_EQ(-EOPNOTSUPP,
		  nvme_erase_offered(NVME_ERASE_SANITIZE_CRYPTO, id, 1, why, sizeof(why)));
	/* A sanitize erases the whole subsystem: never with another namespace. */
	EXPECT_EQ(-EBUSY, nvme_erase_offered(NVME_ERASE_SANITIZE_BLOCK, id, 2, why, sizeof(why)));
	EXPECT_STREQ("nvme-sanitize-block: a sanitize erases all 2 namespaces of the controller: not from ssdk",
		     why);
}

TEST(active_namespaces)
{
	uint8_t list[NVME_IDENTIFY_LEN] = { 0 };

	EXPECT_EQ(0U, nvme_active_namespaces(list));
	put32(list, 1);
	EXPECT_EQ(1U, nvme_active_namespaces(list));
	put32(list + 4, 7);
	put32(list + NVME_IDENTIFY_LEN - 4, 0xfffffffe);
	EXPECT_EQ(3U, nvme_active_namespaces(list));
}

/*
 * Format NVM's dword 10 (LBAF bits 3:0 and 13:12, MSET 4, PI 7:5, PIL 8,
 * SES 11:9) from Identify Namespace's FLBAS (format bits 3:0 and 6:5,
 * MSET bit 4) and DPS (PI type 2:0, first bit 3).
 */
TEST(format_keeps_the_namespace_format)
{
	uint8_t ns[NVME_IDENTIFY_LEN] = { 0 };

	EXPECT_EQ(1u << 9, nvme_format_cdw10(ns, NVME_ERASE_FORMAT));
	EXPECT_EQ(2u << 9, nvme_format_cdw10(ns, NVME_ERASE_FORMAT_CRYPTO));
	ns[26] = 0x04;		/* LBA format 4 */
	EXPECT_EQ(0x204u, nvme_format_cdw10(ns, NVME_ERASE_FORMAT));
	ns[26] = 0x13;		/* format 3, metadata at the end of each LBA */
	ns[29] = 0x09;		/* PI type 1, in the first bytes */
	EXPECT_EQ(0x3u | 1u << 4 | 1u << 5 | 1u << 8 | 1u << 9,
		  nvme_format_cdw10(ns, NVME_ERASE_FORMAT));
	ns[26] = 0x65;		/* format 0x35: 5 below, 3 in bits 6:5 */
	ns[29] = 0x03;		/* PI type 3 */
	EXPECT_EQ(0x5u | 3u << 5 | 2u << 9 | 3u << 12,
		  nvme_format_cdw10(ns, NVME_ERASE_FORMAT_CRYPTO));
}

TEST(sanitize_actions)
{
	/* SANACT 2 block erase, 4 crypto erase; AUSE (bit 3) set. */
	EXPECT_EQ(0x0au, nvme_sanitize_cdw10(NVME_ERASE_SANITIZE_BLOCK));
	EXPECT_EQ(0x0cu, nvme_sanitize_cdw10(NVME_ERASE_SANITIZE_CRYPTO));
}

TEST(sanitize_log)
{
	uint8_t log[NVME_SANITIZE_LOG_LEN] = { 0 };
	struct nvme_sanitize_state s;

	put16(log, 0x8000);		/* half done */
	put16(log + 2, 0x0102);		/* in progress; global data erased (bit 8) */
	put32(log + 8, 100);		/* overwrite's estimate */
	put32(log + 12, 30);		/* block erase's */
	put32(log + 16, UINT32_MAX);	/* crypto erase's: none given */
	nvme_sanitize_parse(log, NVME_ERASE_SANITIZE_BLOCK, &s);
	EXPECT_EQ(0x8000U, s.progress);
	EXPECT_EQ(NVME_SANITIZE_IN_PROGRESS, s.status);
	EXPECT_EQ(30U, s.estimate_s);
	nvme_sanitize_parse(log, NVME_ERASE_SANITIZE_CRYPTO, &s);
	EXPECT_EQ(0U, s.estimate_s);
	put16(log + 2, 0x0003 | 5 << 3);	/* failed, after 5 overwrite passes */
	nvme_sanitize_parse(log, NVME_ERASE_SANITIZE_BLOCK, &s);
	EXPECT_EQ(NVME_SANITIZE_FAILED, s.status);
	put16(log + 2, 0x0004);
	nvme_sanitize_parse(log, NVME_ERASE_SANITIZE_BLOCK, &s);
	EXPECT_EQ(NVME_SANITIZE_DONE_NO_DEALLOC, s.status);
}

TEST(format_progress_indicator)
{
	uint8_t ns[NVME_IDENTIFY_LEN] = { 0 };

	EXPECT_EQ(-1, nvme_format_progress(ns));
	ns[32] = 0x80 | 100;		/* supported, nothing done yet */
	EXPECT_EQ(0, nvme_format_progress(ns));
	ns[32] = 0x80 | 25;		/* 25% remaining */
	EXPECT_EQ(75, nvme_format_progress(ns));
	ns[32] = 0x80;
	EXPECT_EQ(100, nvme_format_progress(ns));
	ns[32] = 25;			/* no indicator: the remainder means nothing */
	EXPECT_EQ(-1, nvme_format_progress(ns));
}

TEST_HARNESS_MAIN
