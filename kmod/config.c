// SPDX-License-Identifier: GPL-2.0
/*
 * run-start's attributes into a run's configuration. The policy (genl.c,
 * from the spec) has checked each attribute on its own: types, ranges.
 * These checks relate them, and say which one is wrong through extack.
 * What depends on the target's geometry is checked once it is open
 * (access.c).
 */

#include <linux/cpumask.h>
#include <net/genetlink.h>

#include "genl.h"
#include "ssdk.h"

static u64 ssdk_get_u64(struct genl_info *info, int type, u64 dflt)
{
	return info->attrs[type] ? nla_get_u64(info->attrs[type]) : dflt;
}

static u32 ssdk_get_u32(struct genl_info *info, int type, u32 dflt)
{
	return info->attrs[type] ? nla_get_u32(info->attrs[type]) : dflt;
}

/* Refuse attribute @type of @info with message @msg, a literal: -EINVAL. */
#define ssdk_config_refuse(info, type, msg) ({				\
	struct genl_info *__info = (info);				\
	NL_SET_ERR_MSG_ATTR(__info->extack, __info->attrs[type], msg);	\
	-EINVAL;							\
})

static int ssdk_config_check_bs(struct genl_info *info, int type, u32 bs)
{
	if (bs > SSDK_MAX_BS)
		return ssdk_config_refuse(info, type, "bs: more than 1 MiB");
	if (bs % SECTOR_SIZE)
		return ssdk_config_refuse(info, type, "bs: not a multiple of 512");
	return 0;
}

/* One entry of bs-split: both members, a valid size. */
static int ssdk_config_bs_share(struct genl_info *info, struct nlattr *nest,
				struct ssdk_bs_share *share)
{
	struct nlattr *tb[SSDK_A_BS_SPLIT_MAX + 1];
	int ret;

	ret = nla_parse_nested(tb, SSDK_A_BS_SPLIT_MAX, nest, ssdk_bs_split_nl_policy,
			       info->extack);
	if (ret)
		return ret;
	if (!tb[SSDK_A_BS_SPLIT_BS] || !tb[SSDK_A_BS_SPLIT_PCT]) {
		NL_SET_ERR_MSG_ATTR(info->extack, nest, "bs-split: each entry needs bs and pct");
		return -EINVAL;
	}
	share->bs = nla_get_u32(tb[SSDK_A_BS_SPLIT_BS]);
	share->pct = nla_get_u32(tb[SSDK_A_BS_SPLIT_PCT]);
	if (share->bs > SSDK_MAX_BS || share->bs % SECTOR_SIZE) {
		NL_SET_ERR_MSG_ATTR(info->extack, nest,
				    "bs-split: a size above 1 MiB or not a multiple of 512");
		return -EINVAL;
	}
	return 0;
}

/* Block sizes: bs alone, or the entries of bs-split (a multi-attr). */
static int ssdk_config_sizes(struct genl_info *info, struct ssdk_run_config *cfg)
{
	struct nlattr *attr;
	u32 total = 0, i;
	int rem, ret;

	if (!info->attrs[SSDK_A_RUN_BS_SPLIT]) {
		cfg->bs = ssdk_get_u32(info, SSDK_A_RUN_BS, 4096);
		cfg->nr_bs = 1;
		cfg->bs_split[0] = (struct ssdk_bs_share){ .bs = cfg->bs, .pct = 100 };
		cfg->align = ssdk_get_u32(info, SSDK_A_RUN_ALIGN, cfg->bs);
		return ssdk_config_check_bs(info, SSDK_A_RUN_BS, cfg->bs);
	}
	if (info->attrs[SSDK_A_RUN_BS])
		return ssdk_config_refuse(info, SSDK_A_RUN_BS, "bs: not with bs-split");
	nlmsg_for_each_attr(attr, info->nlhdr, GENL_HDRLEN, rem) {
		if (nla_type(attr) != SSDK_A_RUN_BS_SPLIT)
			continue;
		if (cfg->nr_bs == SSDK_MAX_BS_SPLIT) {
			NL_SET_ERR_MSG_ATTR(info->extack, attr, "bs-split: more than 16 entries");
			return -E2BIG;
		}
		ret = ssdk_config_bs_share(info, attr, &cfg->bs_split[cfg->nr_bs]);
		if (ret)
			return ret;
		total += cfg->bs_split[cfg->nr_bs++].pct;
	}
	if (total != 100)
		return ssdk_config_refuse(info, SSDK_A_RUN_BS_SPLIT,
					  "bs-split: the percentages do not add up to 100");
	cfg->split_given = true;
	cfg->bs = 0;
	cfg->align = U32_MAX;
	for (i = 0; i < cfg->nr_bs; i++) {
		cfg->bs = max(cfg->bs, cfg->bs_split[i].bs);
		cfg->align = min(cfg->align, cfg->bs_split[i].bs);
	}
	cfg->align = ssdk_get_u32(info, SSDK_A_RUN_ALIGN, cfg->align);
	return 0;
}

/* Where the IOs go: offsets, alignment, stride. */
static int ssdk_config_placement(struct genl_info *info, struct ssdk_run_config *cfg)
{
	cfg->offset = ssdk_get_u64(info, SSDK_A_RUN_OFFSET, 0);
	cfg->span = ssdk_get_u64(info, SSDK_A_RUN_SPAN, 0);
	cfg->align_offset = ssdk_get_u32(info, SSDK_A_RUN_ALIGN_OFFSET, 0);
	cfg->stride = ssdk_get_u64(info, SSDK_A_RUN_STRIDE, 0);

	if (cfg->offset % SECTOR_SIZE)
		return ssdk_config_refuse(info, SSDK_A_RUN_OFFSET, "offset: not a multiple of 512");
	if (cfg->align % SECTOR_SIZE)
		return ssdk_config_refuse(info, SSDK_A_RUN_ALIGN, "align: not a multiple of 512");
	if (cfg->align_offset % SECTOR_SIZE)
		return ssdk_config_refuse(info, SSDK_A_RUN_ALIGN_OFFSET,
					  "align-offset: not a multiple of 512");
	if (cfg->align_offset >= cfg->align)
		return ssdk_config_refuse(info, SSDK_A_RUN_ALIGN_OFFSET,
					  "align-offset: not below align");
	if (cfg->stride && !ssdk_rw_sequential(cfg->rw))
		return ssdk_config_refuse(info, SSDK_A_RUN_STRIDE,
					  "stride: only for sequential runs (read, write, readwrite)");
	if (cfg->stride % SECTOR_SIZE)
		return ssdk_config_refuse(info, SSDK_A_RUN_STRIDE, "stride: not a multiple of 512");
	return 0;
}

/* Reads, writes, or a mix of both; consent to write. */
static int ssdk_config_ops(struct genl_info *info, struct ssdk_run_config *cfg)
{
	cfg->allow_write = nla_get_flag(info->attrs[SSDK_A_RUN_ALLOW_WRITE]);
	cfg->rwmixread = ssdk_get_u32(info, SSDK_A_RUN_RWMIXREAD, 50);
	if (info->attrs[SSDK_A_RUN_RWMIXREAD] && !ssdk_rw_mixed(cfg->rw))
		return ssdk_config_refuse(info, SSDK_A_RUN_RWMIXREAD,
					  "rwmixread: only for randrw and readwrite");
	if (ssdk_cfg_writes(cfg) && !cfg->allow_write) {
		NL_SET_ERR_MSG_ATTR(info->extack, info->attrs[SSDK_A_RUN_RW],
				    "writing destroys the target's data: it needs allow-write");
		return -EPERM;
	}
	return 0;
}

/* What writes write; each pattern's argument only with it. */
static int ssdk_config_pattern(struct genl_info *info, struct ssdk_run_config *cfg)
{
	struct nlattr **attrs = info->attrs;
	bool repeat, compressible;

	cfg->pattern = ssdk_get_u32(info, SSDK_A_RUN_PATTERN, SSDK_PATTERN_RANDOM);
	cfg->pattern_byte = ssdk_get_u32(info, SSDK_A_RUN_PATTERN_BYTE, 0);
	cfg->compress_pct = ssdk_get_u32(info, SSDK_A_RUN_COMPRESS_PCT, 0);
	if (attrs[SSDK_A_RUN_PATTERN] && !ssdk_cfg_writes(cfg))
		return ssdk_config_refuse(info, SSDK_A_RUN_PATTERN,
					  "pattern: the run does not write");
	repeat = cfg->pattern == SSDK_PATTERN_REPEAT;
	compressible = cfg->pattern == SSDK_PATTERN_COMPRESSIBLE;
	if (!!attrs[SSDK_A_RUN_PATTERN_BYTE] != repeat)
		return ssdk_config_refuse(info, attrs[SSDK_A_RUN_PATTERN_BYTE] ?
					  SSDK_A_RUN_PATTERN_BYTE : SSDK_A_RUN_PATTERN,
					  "pattern-byte: goes with the repeat pattern, and only with it");
	if (!!attrs[SSDK_A_RUN_COMPRESS_PCT] != compressible)
		return ssdk_config_refuse(info, attrs[SSDK_A_RUN_COMPRESS_PCT] ?
					  SSDK_A_RUN_COMPRESS_PCT : SSDK_A_RUN_PATTERN,
					  "compress-pct: goes with the compressible pattern, and only with it");
	return 0;
}

/* When the IOs go: as fast as slots free, or on a schedule. */
static int ssdk_config_pace(struct genl_info *info, struct ssdk_run_config *cfg)
{
	cfg->rate_iops = ssdk_get_u32(info, SSDK_A_RUN_RATE_IOPS, 0);
	cfg->arrivals = ssdk_get_u32(info, SSDK_A_RUN_ARRIVALS, SSDK_ARRIVALS_PACED);
	if (info->attrs[SSDK_A_RUN_ARRIVALS] && !cfg->rate_iops)
		return ssdk_config_refuse(info, SSDK_A_RUN_ARRIVALS,
					  "arrivals: only with rate-iops");
	return 0;
}

/* How the IOs reach the target; buffered file IO has one in flight. */
static int ssdk_config_engine(struct genl_info *info, struct ssdk_run_config *cfg)
{
	cfg->engine = ssdk_get_u32(info, SSDK_A_RUN_ENGINE, SSDK_ENGINE_BIO);
	cfg->slowest_n = ssdk_get_u32(info, SSDK_A_RUN_SLOWEST_N, 64);
	cfg->ts_interval_ns = ssdk_get_u64(info, SSDK_A_RUN_TS_INTERVAL_NS, NSEC_PER_SEC);
	cfg->capture_over_ns = ssdk_get_u64(info, SSDK_A_RUN_CAPTURE_OVER_NS, 0);
	if (cfg->ts_interval_ns < 10 * NSEC_PER_MSEC)
		return ssdk_config_refuse(info, SSDK_A_RUN_TS_INTERVAL_NS,
					  "ts-interval-ns: below 10 ms (10000000)");
	cfg->buffered = nla_get_flag(info->attrs[SSDK_A_RUN_BUFFERED]);
	if (!cfg->buffered)
		return 0;
	if (cfg->engine != SSDK_ENGINE_KFILE)
		return ssdk_config_refuse(info, SSDK_A_RUN_BUFFERED,
					  "buffered: only for engine kfile (bios bypass the page cache)");
	if (cfg->iodepth > 1)
		return ssdk_config_refuse(info, SSDK_A_RUN_IODEPTH,
					  "iodepth: buffered file IO completes in its submitter; it needs iodepth 1");
	return 0;
}

static int ssdk_config_cpu(struct genl_info *info, struct ssdk_run_config *cfg)
{
	u32 cpu;

	cfg->cpu = -1;
	if (!info->attrs[SSDK_A_RUN_CPU])
		return 0;
	cpu = nla_get_u32(info->attrs[SSDK_A_RUN_CPU]);
	if (cpu >= nr_cpu_ids || !cpu_online(cpu))
		return ssdk_config_refuse(info, SSDK_A_RUN_CPU, "cpu: not an online CPU");
	cfg->cpu = cpu;
	return 0;
}

/**
 * ssdk_config_parse() - Read and check the attributes of run-start.
 * @info: The request.
 * @cfg: Filled in, defaults included; @cfg->target is left to the caller.
 *
 * Context: Process context.
 * Return: 0 or a negative errno, explained in @info->extack.
 */
int ssdk_config_parse(struct genl_info *info, struct ssdk_run_config *cfg)
{
	struct nlattr **attrs = info->attrs;
	int ret;

	if (GENL_REQ_ATTR_CHECK(info, SSDK_A_RUN_TARGET))
		return -EINVAL;
	/* NLA_NUL_STRING: the policy made sure of a NUL. */
	if (!*(const char *)nla_data(attrs[SSDK_A_RUN_TARGET]))
		return ssdk_config_refuse(info, SSDK_A_RUN_TARGET, "target: empty path");
	cfg->rw = ssdk_get_u32(info, SSDK_A_RUN_RW, SSDK_RW_RANDREAD);
	cfg->iodepth = ssdk_get_u32(info, SSDK_A_RUN_IODEPTH, 1);
	cfg->runtime_ns = ssdk_get_u64(info, SSDK_A_RUN_RUNTIME_NS, 0);
	cfg->ios = ssdk_get_u64(info, SSDK_A_RUN_IOS, 0);
	cfg->ramp_ns = ssdk_get_u64(info, SSDK_A_RUN_RAMP_NS, 0);
	cfg->seed = ssdk_get_u64(info, SSDK_A_RUN_SEED, 0);
	cfg->max_errors = ssdk_get_u64(info, SSDK_A_RUN_MAX_ERRORS, 0);
	cfg->owned = nla_get_flag(attrs[SSDK_A_RUN_OWNED]);
	if (cfg->owned) {
		cfg->owner_portid = info->snd_portid;
		cfg->owner_net = genl_info_net(info);
	}

	ret = ssdk_config_cpu(info, cfg);
	if (!ret)
		ret = ssdk_config_ops(info, cfg);
	if (!ret)
		ret = ssdk_config_sizes(info, cfg);
	if (!ret)
		ret = ssdk_config_placement(info, cfg);
	if (!ret)
		ret = ssdk_config_pattern(info, cfg);
	if (!ret)
		ret = ssdk_config_pace(info, cfg);
	if (!ret)
		ret = ssdk_config_engine(info, cfg);
	if (ret)
		return ret;
	if ((u64)cfg->iodepth * cfg->bs > SSDK_MAX_INFLIGHT_BYTES)
		return ssdk_config_refuse(info, SSDK_A_RUN_IODEPTH,
					  "iodepth x bs: more than 256 MiB of buffers");
	return 0;
}
