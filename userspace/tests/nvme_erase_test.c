// SPDX-License-Identifier: GPL-2.0
/*
 * Host tests of the purges by an NVMe drive (cli/model/nvme_erase.c), on the
 * kselftest harness, against Identify data and Sanitize Status logs laid
 * out with libnvme's structures and constants (nvme/types.h, Debian's
 * libnvme-dev), a layout of the NVM Express Base Specification that is
 * not ours: which controller offers which method (and which would erase
 * or hold another namespace), the Format NVM dword that keeps the
 * namespace's LBA format, metadata and protection, Sanitize's actions,
 * and the log's progress, estimates and dword 10.
 */

#include <endian.h>
#include <errno.h>
#include <stdint.h>
#include <string.h>

#include <nvme/types.h>

#include "nvme_erase.h"
#include "kselftest_harness.h"

/* An Identify Controller with OACS, SANICAP, FNA and CMIC as given. */
static const uint8_t *id_ctrl(struct nvme_id_ctrl *id, uint16_t oacs, uint32_t sanicap,
			      uint8_t fna, uint8_t cmic)
{
	memset(id, 0, sizeof(*id));
	id->oacs = htole16(oacs);
	id->sanicap = htole32(sanicap);
	id->fna = fna;
	id->cmic = cmic;
	return (const uint8_t *)id;
}

#define FORMAT		NVME_CTRL_OACS_FORMAT
#define FNA_ALL		NVME_CTRL_FNA_FMT_ALL_NAMESPACES
#define FNA_SEC_ALL	NVME_CTRL_FNA_SEC_ALL_NAMESPACES
#define FNA_CRYPTO	NVME_CTRL_FNA_CRYPTO_ERASE

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

TEST(sizes)
{
	EXPECT_EQ(sizeof(struct nvme_id_ctrl), (size_t)NVME_IDENTIFY_LEN);
	EXPECT_EQ(sizeof(struct nvme_id_ns), (size_t)NVME_IDENTIFY_LEN);
	EXPECT_EQ(sizeof(struct nvme_sanitize_log_page), (size_t)NVME_SANITIZE_LOG_LEN);
}

TEST(format_needs_oacs_format)
{
	struct nvme_id_ctrl id;
	char why[256];

	EXPECT_EQ(-EOPNOTSUPP, nvme_erase_offered(NVME_ERASE_FORMAT,
						  id_ctrl(&id, NVME_CTRL_OACS_SECURITY |
							  NVME_CTRL_OACS_NS_MGMT, 0, 0, 0),
						  1, why, sizeof(why)));
	EXPECT_STREQ("nvme-format: no Format NVM: the controller's OACS bit 1 is 0", why);
	EXPECT_EQ(0, nvme_erase_offered(NVME_ERASE_FORMAT, id_ctrl(&id, FORMAT, 0, 0, 0), 1, why,
					sizeof(why)));
}

TEST(crypto_format_needs_fna_crypto)
{
	struct nvme_id_ctrl id;
	char why[256];

	EXPECT_EQ(-EOPNOTSUPP,
		  nvme_erase_offered(NVME_ERASE_FORMAT_CRYPTO,
				     id_ctrl(&id, FORMAT, 0, FNA_ALL | FNA_SEC_ALL, 0), 1, why,
				     sizeof(why)));
	EXPECT_STREQ("nvme-format-crypto: no cryptographic erase: the controller's FNA bit 2 is 0",
		     why);
	EXPECT_EQ(0, nvme_erase_offered(NVME_ERASE_FORMAT_CRYPTO,
					id_ctrl(&id, FORMAT, 0, FNA_CRYPTO, 0), 1, why,
					sizeof(why)));
	/* A crypto erase in Format NVM needs Format NVM first. */
	EXPECT_EQ(-EOPNOTSUPP, nvme_erase_offered(NVME_ERASE_FORMAT_CRYPTO,
						  id_ctrl(&id, 0, 0, FNA_CRYPTO, 0), 1, why,
						  sizeof(why)));
}

/*
 * Another namespace: erased by a format FNA applies to all, and held
 * (Linux freezes every namespace of the controller) by any format.
 */
TEST(format_with_other_namespaces)
{
	struct nvme_id_ctrl id;
	char why[256];

	EXPECT_EQ(0, nvme_erase_offered(NVME_ERASE_FORMAT, id_ctrl(&id, FORMAT, 0, FNA_ALL, 0), 1,
					why, sizeof(why)));
	EXPECT_EQ(-EBUSY, nvme_erase_offered(NVME_ERASE_FORMAT,
					     id_ctrl(&id, FORMAT, 0, FNA_ALL, 0), 2, why,
					     sizeof(why)));
	EXPECT_STREQ("nvme-format: it erases all 2 namespaces of the controller (FNA): not from ssdk",
		     why);
	EXPECT_EQ(-EBUSY, nvme_erase_offered(NVME_ERASE_FORMAT,
					     id_ctrl(&id, FORMAT, 0, FNA_SEC_ALL, 0), 3, why,
					     sizeof(why)));
	EXPECT_EQ(-EBUSY, nvme_erase_offered(NVME_ERASE_FORMAT,
					     id_ctrl(&id, FORMAT, 0, FNA_CRYPTO, 0), 8, why,
					     sizeof(why)));
	EXPECT_STREQ("nvme-format: the controller has 8 namespaces, whose IO Linux holds while a format runs: not from ssdk",
		     why);
}

/* What the controller cannot see: the subsystem's other controllers. */
TEST(subsystem_of_several_controllers)
{
	struct nvme_id_ctrl id;
	char why[256];

	EXPECT_EQ(-EBUSY, nvme_erase_offered(NVME_ERASE_FORMAT,
					     id_ctrl(&id, FORMAT, 0, FNA_ALL,
						     NVME_CTRL_CMIC_MULTI_CTRL),
					     1, why, sizeof(why)));
	EXPECT_STREQ("nvme-format: it erases every namespace of the subsystem, which may have other controllers (CMIC bit 1): not from ssdk",
		     why);
	/* A format of this namespace alone is this namespace's business. */
	EXPECT_EQ(0, nvme_erase_offered(NVME_ERASE_FORMAT,
					id_ctrl(&id, FORMAT, 0, 0, NVME_CTRL_CMIC_MULTI_CTRL), 1,
					why, sizeof(why)));
	EXPECT_EQ(-EBUSY, nvme_erase_offered(NVME_ERASE_SANITIZE_CRYPTO,
					     id_ctrl(&id, 0, NVME_CTRL_SANICAP_CES, 0,
						     NVME_CTRL_CMIC_MULTI_CTRL),
					     1, why, sizeof(why)));
}

TEST(sanitize_needs_sanicap)
{
	struct nvme_id_ctrl id;
	char why[256];

	EXPECT_EQ(-EOPNOTSUPP, nvme_erase_offered(NVME_ERASE_SANITIZE_BLOCK,
						  id_ctrl(&id, FORMAT, 0, 0, 0), 1, why,
						  sizeof(why)));
	EXPECT_STREQ("nvme-sanitize-block: no sanitize block erase: the controller's SANICAP is 0",
		     why);
	id_ctrl(&id, 0, NVME_CTRL_SANICAP_CES, 0, 0);
	EXPECT_EQ(0, nvme_erase_offered(NVME_ERASE_SANITIZE_CRYPTO, (const uint8_t *)&id, 1, why,
					sizeof(why)));
	EXPECT_EQ(-EOPNOTSUPP, nvme_erase_offered(NVME_ERASE_SANITIZE_BLOCK, (const uint8_t *)&id,
						  1, why, sizeof(why)));
	EXPECT_STREQ("nvme-sanitize-block: no sanitize block erase: the controller's SANICAP is 0x1",
		     why);
	/* Block erase, and the no-deallocate bits above it. */
	id_ctrl(&id, 0, NVME_CTRL_SANICAP_BES | NVME_CTRL_SANICAP_NDI |
		NVME_CTRL_SANICAP_NODMMAS, 0, 0);
	EXPECT_EQ(0, nvme_erase_offered(NVME_ERASE_SANITIZE_BLOCK, (const uint8_t *)&id, 1, why,
					sizeof(why)));
	EXPECT_EQ(-EOPNOTSUPP, nvme_erase_offered(NVME_ERASE_SANITIZE_CRYPTO, (const uint8_t *)&id,
						  1, why, sizeof(why)));
	/* A sanitize erases the whole subsystem: never with another namespace. */
	EXPECT_EQ(-EBUSY, nvme_erase_offered(NVME_ERASE_SANITIZE_BLOCK, (const uint8_t *)&id, 2,
					     why, sizeof(why)));
	EXPECT_STREQ("nvme-sanitize-block: it erases all 2 namespaces of the controller: not from ssdk",
		     why);
}

TEST(active_namespaces)
{
	__le32 list[NVME_IDENTIFY_LEN / 4] = { 0 };

	EXPECT_EQ(0U, nvme_active_namespaces((const uint8_t *)list));
	list[0] = htole32(1);
	EXPECT_EQ(1U, nvme_active_namespaces((const uint8_t *)list));
	list[1] = htole32(7);
	list[NVME_IDENTIFY_LEN / 4 - 1] = htole32(0xfffffffe);
	EXPECT_EQ(3U, nvme_active_namespaces((const uint8_t *)list));
}

/*
 * Format NVM's dword 10 (LBAF bits 3:0 and 13:12, MSET 4, PI 7:5, PIL 8,
 * SES 11:9) from Identify Namespace's FLBAS (format bits 3:0 and 6:5,
 * MSET bit 4) and DPS (PI type 2:0, first bit 3).
 */
TEST(format_keeps_the_namespace_format)
{
	struct nvme_id_ns ns = { 0 };
	const uint8_t *p = (const uint8_t *)&ns;

	EXPECT_EQ((uint32_t)NVME_FORMAT_SES_USER_DATA_ERASE << 9,
		  nvme_format_cdw10(p, NVME_ERASE_FORMAT));
	EXPECT_EQ((uint32_t)NVME_FORMAT_SES_CRYPTO_ERASE << 9,
		  nvme_format_cdw10(p, NVME_ERASE_FORMAT_CRYPTO));
	ns.flbas = 4;				/* LBA format 4 */
	EXPECT_EQ(0x204u, nvme_format_cdw10(p, NVME_ERASE_FORMAT));
	ns.flbas = 3 | NVME_NS_FLBAS_META_EXT;	/* metadata at the end of each LBA */
	ns.dps = NVME_NS_DPS_PI_TYPE1 | NVME_NS_DPS_PI_FIRST;
	EXPECT_EQ(0x3u | 1u << 4 | 1u << 5 | 1u << 8 | 1u << 9,
		  nvme_format_cdw10(p, NVME_ERASE_FORMAT));
	ns.flbas = 0x65;			/* format 0x35: 5 below, 3 in bits 6:5 */
	ns.dps = NVME_NS_DPS_PI_TYPE3;
	EXPECT_EQ(0x5u | 3u << 5 | 2u << 9 | 3u << 12,
		  nvme_format_cdw10(p, NVME_ERASE_FORMAT_CRYPTO));
}

TEST(sanitize_actions)
{
	/* SANACT block or crypto erase, AUSE (bit 3) set. */
	EXPECT_EQ((uint32_t)NVME_SANITIZE_SANACT_START_BLOCK_ERASE | 1u << 3,
		  nvme_sanitize_cdw10(NVME_ERASE_SANITIZE_BLOCK));
	EXPECT_EQ((uint32_t)NVME_SANITIZE_SANACT_START_CRYPTO_ERASE | 1u << 3,
		  nvme_sanitize_cdw10(NVME_ERASE_SANITIZE_CRYPTO));
}

TEST(sanitize_log)
{
	struct nvme_sanitize_log_page log = { 0 };
	const uint8_t *p = (const uint8_t *)&log;
	struct nvme_sanitize_state s;

	log.sprog = htole16(0x8000);		/* half done */
	log.sstat = htole16(NVME_SANITIZE_SSTAT_STATUS_IN_PROGESS |
			    1 << NVME_SANITIZE_SSTAT_GLOBAL_DATA_ERASED_SHIFT);
	log.scdw10 = htole32(0x0a);
	log.eto = htole32(100);
	log.etbe = htole32(30);
	log.etce = htole32(UINT32_MAX);		/* no estimate */
	nvme_sanitize_parse(p, NVME_ERASE_SANITIZE_BLOCK, &s);
	EXPECT_EQ(0x8000U, s.progress);
	EXPECT_EQ(NVME_SANITIZE_IN_PROGRESS, s.status);
	EXPECT_EQ(0x0aU, s.cdw10);
	EXPECT_EQ(30U, s.estimate_s);
	nvme_sanitize_parse(p, NVME_ERASE_SANITIZE_CRYPTO, &s);
	EXPECT_EQ(0U, s.estimate_s);
	log.sstat = htole16(NVME_SANITIZE_SSTAT_STATUS_COMPLETED_FAILED |
			    5 << NVME_SANITIZE_SSTAT_COMPLETED_PASSES_SHIFT);
	nvme_sanitize_parse(p, NVME_ERASE_SANITIZE_BLOCK, &s);
	EXPECT_EQ(NVME_SANITIZE_FAILED, s.status);
	log.sstat = htole16(NVME_SANITIZE_SSTAT_STATUS_ND_COMPLETE_SUCCESS);
	nvme_sanitize_parse(p, NVME_ERASE_SANITIZE_BLOCK, &s);
	EXPECT_EQ(NVME_SANITIZE_DONE_NO_DEALLOC, s.status);
	log.sstat = htole16(NVME_SANITIZE_SSTAT_STATUS_COMPLETE_SUCCESS);
	nvme_sanitize_parse(p, NVME_ERASE_SANITIZE_BLOCK, &s);
	EXPECT_EQ(NVME_SANITIZE_DONE, s.status);
}

TEST(format_progress_indicator)
{
	struct nvme_id_ns ns = { 0 };
	const uint8_t *p = (const uint8_t *)&ns;

	EXPECT_EQ(-1, nvme_format_progress(p));
	ns.fpi = NVME_NS_FPI_SUPPORTED | 100;	/* nothing done yet */
	EXPECT_EQ(0, nvme_format_progress(p));
	ns.fpi = NVME_NS_FPI_SUPPORTED | 25;	/* 25% remaining */
	EXPECT_EQ(75, nvme_format_progress(p));
	ns.fpi = NVME_NS_FPI_SUPPORTED;
	EXPECT_EQ(100, nvme_format_progress(p));
	ns.fpi = 25;				/* no indicator: the rest means nothing */
	EXPECT_EQ(-1, nvme_format_progress(p));
}

TEST_HARNESS_MAIN
