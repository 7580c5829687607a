// SPDX-License-Identifier: GPL-2.0
/*
 * run-start's attributes into a run's configuration. The policy (genl.c,
 * from the spec) has checked each attribute on its own: types, ranges.
 * These checks relate them, and say which one is wrong through extack.
 * What depends on the target's geometry is checked once it is open, by
 * the rules of ../common/access.c, which userspace's engines share.
 * Defaults are the spec's (SSDK_DEFAULT_*).
 */

#include <linux/cpumask.h>
#include <linux/math64.h>
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

/* One entry of bs-split, the @i-th: both members, a valid size. */
static int ssdk_config_bs_share(struct genl_info *info, struct nlattr *nest,
				struct ssdk_access_cfg *ac, u32 i)
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
	ac->bs[i] = nla_get_u32(tb[SSDK_A_BS_SPLIT_BS]);
	ac->pct[i] = nla_get_u32(tb[SSDK_A_BS_SPLIT_PCT]);
	if (ac->bs[i] > SSDK_MAX_BS || ac->bs[i] % SECTOR_SIZE) {
		NL_SET_ERR_MSG_ATTR(info->extack, nest,
				    "bs-split: a size above 1 MiB or not a multiple of 512");
		return -EINVAL;
	}
	return 0;
}

/* Block sizes: bs alone, or the entries of bs-split (a multi-attr). */
static int ssdk_config_sizes(struct genl_info *info, struct ssdk_run_config *cfg)
{
	struct ssdk_access_cfg *ac = &cfg->access;
	struct nlattr *attr;
	u32 total = 0;
	int rem, ret;

	if (cfg->trace)
		return 0;	/* its trace's (ssdk_replay_configure()) */
	if (!info->attrs[SSDK_A_RUN_BS_SPLIT]) {
		cfg->bs = ssdk_get_u32(info, SSDK_A_RUN_BS, SSDK_DEFAULT_BS);
		ac->nr_bs = 1;
		ac->bs[0] = cfg->bs;
		ac->pct[0] = 100;
		ac->align = ssdk_get_u32(info, SSDK_A_RUN_ALIGN, cfg->bs);
		return ssdk_config_check_bs(info, SSDK_A_RUN_BS, cfg->bs);
	}
	if (info->attrs[SSDK_A_RUN_BS])
		return ssdk_config_refuse(info, SSDK_A_RUN_BS, "bs: not with bs-split");
	nlmsg_for_each_attr(attr, info->nlhdr, GENL_HDRLEN, rem) {
		if (nla_type(attr) != SSDK_A_RUN_BS_SPLIT)
			continue;
		if (ac->nr_bs == SSDK_MAX_BS_SPLIT) {
			NL_SET_ERR_MSG_ATTR(info->extack, attr, "bs-split: more than 16 entries");
			return -E2BIG;
		}
		ret = ssdk_config_bs_share(info, attr, ac, ac->nr_bs);
		if (ret)
			return ret;
		total += ac->pct[ac->nr_bs++];
	}
	if (total != 100)
		return ssdk_config_refuse(info, SSDK_A_RUN_BS_SPLIT,
					  "bs-split: the percentages do not add up to 100");
	cfg->split_given = true;
	cfg->bs = ssdk_access_max_bs(ac);
	ac->align = ssdk_get_u32(info, SSDK_A_RUN_ALIGN, ssdk_access_min_bs(ac));
	return 0;
}

/* Where the IOs go: offsets, alignment, stride. */
static int ssdk_config_placement(struct genl_info *info, struct ssdk_run_config *cfg)
{
	struct ssdk_access_cfg *ac = &cfg->access;

	ac->offset = ssdk_get_u64(info, SSDK_A_RUN_OFFSET, 0);
	ac->span = ssdk_get_u64(info, SSDK_A_RUN_SPAN, 0);
	ac->align_offset = ssdk_get_u32(info, SSDK_A_RUN_ALIGN_OFFSET, 0);
	ac->stride = ssdk_get_u64(info, SSDK_A_RUN_STRIDE, 0);

	if (ac->offset % SECTOR_SIZE)
		return ssdk_config_refuse(info, SSDK_A_RUN_OFFSET, "offset: not a multiple of 512");
	if (ac->align % SECTOR_SIZE)
		return ssdk_config_refuse(info, SSDK_A_RUN_ALIGN, "align: not a multiple of 512");
	if (ac->align_offset % SECTOR_SIZE)
		return ssdk_config_refuse(info, SSDK_A_RUN_ALIGN_OFFSET,
					  "align-offset: not a multiple of 512");
	if (ac->align_offset >= ac->align)
		return ssdk_config_refuse(info, SSDK_A_RUN_ALIGN_OFFSET,
					  "align-offset: not below align");
	if (ac->stride && !ssdk_rw_sequential(ac->rw))
		return ssdk_config_refuse(info, SSDK_A_RUN_STRIDE,
					  "stride: only for sequential runs (read, write, readwrite)");
	if (ac->stride % SECTOR_SIZE)
		return ssdk_config_refuse(info, SSDK_A_RUN_STRIDE, "stride: not a multiple of 512");
	return 0;
}

/*
 * A purge: consent, and none of what describes IO (the policy has
 * checked the method). A purge covers its span once, in chunks.
 */
static int ssdk_config_purge(struct genl_info *info, struct ssdk_run_config *cfg)
{
	static const int io_attrs[] = {
		SSDK_A_RUN_RW, SSDK_A_RUN_BS, SSDK_A_RUN_BS_SPLIT, SSDK_A_RUN_IODEPTH,
		SSDK_A_RUN_RWMIXREAD, SSDK_A_RUN_ALIGN, SSDK_A_RUN_ALIGN_OFFSET, SSDK_A_RUN_STRIDE,
		SSDK_A_RUN_PATTERN, SSDK_A_RUN_RATE_IOPS, SSDK_A_RUN_RUNTIME_NS, SSDK_A_RUN_IOS,
		SSDK_A_RUN_RAMP_NS, SSDK_A_RUN_ROUNDS, SSDK_A_RUN_BUFFERED, SSDK_A_RUN_BATCH,
		SSDK_A_RUN_POLLED, SSDK_A_RUN_ANATOMY,
	};
	struct nlattr **attrs = info->attrs;
	unsigned int i;

	cfg->purge = !!attrs[SSDK_A_RUN_PURGE];
	if (!cfg->purge)
		return 0;
	cfg->purge_method = nla_get_u32(attrs[SSDK_A_RUN_PURGE]);
	for (i = 0; i < ARRAY_SIZE(io_attrs); i++)
		if (attrs[io_attrs[i]])
			return ssdk_config_refuse(info, io_attrs[i],
						  "not with purge: a purge covers its span once, in chunks");
	if (ssdk_get_u32(info, SSDK_A_RUN_ENGINE, SSDK_DEFAULT_ENGINE) != SSDK_ENGINE_BIO)
		return ssdk_config_refuse(info, SSDK_A_RUN_ENGINE,
					  "engine: a purge is of a block device (engine bio)");
	if (!nla_get_flag(attrs[SSDK_A_RUN_ALLOW_WRITE])) {
		NL_SET_ERR_MSG_ATTR(info->extack, attrs[SSDK_A_RUN_PURGE],
				    "purge: destroys the span's data: it needs allow-write");
		return -EPERM;
	}
	return 0;
}

/* A replay-only attribute given without a trace, or NULL. */
static int ssdk_config_replay_only(struct genl_info *info)
{
	static const int replay_attrs[] = {
		SSDK_A_RUN_REPLAY_TIMING, SSDK_A_RUN_REPLAY_SCALE, SSDK_A_RUN_REPLAY_REMAP,
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(replay_attrs); i++)
		if (info->attrs[replay_attrs[i]])
			return ssdk_config_refuse(info, replay_attrs[i],
						  "only with trace (a replay)");
	return 0;
}

/*
 * A replay's timing and remap, each with what goes with it: a scale
 * only for its times; an offset or a span only to remap into; batches
 * and polling only when the IOs need not go at their times.
 */
static int ssdk_config_replay_how(struct genl_info *info, struct ssdk_run_config *cfg)
{
	struct nlattr **attrs = info->attrs;
	bool timed;

	cfg->replay_timing = ssdk_get_u32(info, SSDK_A_RUN_REPLAY_TIMING,
					  SSDK_DEFAULT_REPLAY_TIMING);
	cfg->replay_scale = ssdk_get_u32(info, SSDK_A_RUN_REPLAY_SCALE, SSDK_DEFAULT_REPLAY_SCALE);
	cfg->replay_remap = ssdk_get_u32(info, SSDK_A_RUN_REPLAY_REMAP,
					 SSDK_DEFAULT_REPLAY_REMAP);
	timed = cfg->replay_timing == SSDK_REPLAY_TIMING_ORIGINAL;
	if (attrs[SSDK_A_RUN_REPLAY_SCALE] && !timed)
		return ssdk_config_refuse(info, SSDK_A_RUN_REPLAY_SCALE,
					  "replay-scale: only with replay-timing original");
	if (cfg->replay_remap == SSDK_REPLAY_REMAP_NONE) {
		if (attrs[SSDK_A_RUN_OFFSET])
			return ssdk_config_refuse(info, SSDK_A_RUN_OFFSET,
						  "offset: a replay goes where its trace says, unless replay-remap moves it");
		if (attrs[SSDK_A_RUN_SPAN])
			return ssdk_config_refuse(info, SSDK_A_RUN_SPAN,
						  "span: a replay goes where its trace says, unless replay-remap moves it");
	}
	if (timed && attrs[SSDK_A_RUN_BATCH])
		return ssdk_config_refuse(info, SSDK_A_RUN_BATCH,
					  "batch: not with replay-timing original (its IOs go when they are due)");
	if (timed && attrs[SSDK_A_RUN_POLLED])
		return ssdk_config_refuse(info, SSDK_A_RUN_POLLED,
					  "polled: not with replay-timing original (its worker sleeps between arrivals)");
	return 0;
}

/*
 * A replay: its IOs are its trace's, so nothing that draws IOs applies,
 * nor a rate (the trace's times are the schedule), nor more workers (one
 * trace, one order). The trace is looked up last, a reference taken,
 * which ssdk_config_parse() drops when a later check refuses the request;
 * the run claims it as it starts (run.c).
 */
static int ssdk_config_replay(struct genl_info *info, struct ssdk_run_config *cfg)
{
	static const int draw_attrs[] = {
		SSDK_A_RUN_RW, SSDK_A_RUN_BS, SSDK_A_RUN_BS_SPLIT, SSDK_A_RUN_RWMIXREAD,
		SSDK_A_RUN_ALIGN, SSDK_A_RUN_ALIGN_OFFSET, SSDK_A_RUN_STRIDE, SSDK_A_RUN_RATE_IOPS,
		SSDK_A_RUN_ARRIVALS, SSDK_A_RUN_ROUNDS, SSDK_A_RUN_ROUND_NS, SSDK_A_RUN_PURGE,
	};
	struct nlattr **attrs = info->attrs;
	struct ssdk_trace *t;
	unsigned int i;
	int ret;

	if (!attrs[SSDK_A_RUN_TRACE])
		return ssdk_config_replay_only(info);
	for (i = 0; i < ARRAY_SIZE(draw_attrs); i++)
		if (attrs[draw_attrs[i]])
			return ssdk_config_refuse(info, draw_attrs[i],
						  "not with trace: a replay's IOs are its trace's");
	if (cfg->workers > 1)
		return ssdk_config_refuse(info, SSDK_A_RUN_WORKERS,
					  "workers: not with trace (one trace, replayed in its order by one worker)");
	ret = ssdk_config_replay_how(info, cfg);
	if (ret)
		return ret;
	t = ssdk_trace_get(genl_info_net(info), info->snd_portid, attrs[SSDK_A_RUN_TRACE],
			   info->extack);
	if (IS_ERR(t))
		return PTR_ERR(t);
	cfg->trace = t;
	ssdk_replay_configure(cfg, cfg->ios);
	ret = ssdk_replay_check_times(cfg, attrs, info->extack);
	if (ret)
		return ret;
	cfg->allow_write = nla_get_flag(attrs[SSDK_A_RUN_ALLOW_WRITE]);
	if (ssdk_trace_writes(t) && !cfg->allow_write) {
		NL_SET_ERR_MSG_ATTR(info->extack, attrs[SSDK_A_RUN_TRACE],
				    "trace: it writes, which destroys the target's data: it needs allow-write");
		return -EPERM;
	}
	return 0;
}

/* Reads, writes, or a mix of both; consent to write. */
static int ssdk_config_ops(struct genl_info *info, struct ssdk_run_config *cfg)
{
	cfg->allow_write = nla_get_flag(info->attrs[SSDK_A_RUN_ALLOW_WRITE]);
	if (!cfg->trace)
		cfg->access.rwmixread = ssdk_get_u32(info, SSDK_A_RUN_RWMIXREAD,
						     SSDK_DEFAULT_RWMIXREAD);
	if (info->attrs[SSDK_A_RUN_RWMIXREAD] && !ssdk_rw_mixed(cfg->access.rw))
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

	cfg->pattern = ssdk_get_u32(info, SSDK_A_RUN_PATTERN, SSDK_DEFAULT_PATTERN);
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
	cfg->arrivals = ssdk_get_u32(info, SSDK_A_RUN_ARRIVALS, SSDK_DEFAULT_ARRIVALS);
	if (info->attrs[SSDK_A_RUN_ARRIVALS] && !cfg->rate_iops)
		return ssdk_config_refuse(info, SSDK_A_RUN_ARRIVALS,
					  "arrivals: only with rate-iops");
	cfg->scheduled = cfg->rate_iops ||
			 (cfg->trace && cfg->replay_timing == SSDK_REPLAY_TIMING_ORIGINAL);
	return 0;
}

/* How the IOs reach the target; buffered file IO has one in flight. */
static int ssdk_config_engine(struct genl_info *info, struct ssdk_run_config *cfg)
{
	cfg->engine = ssdk_get_u32(info, SSDK_A_RUN_ENGINE, SSDK_DEFAULT_ENGINE);
	cfg->slowest_n = ssdk_get_u32(info, SSDK_A_RUN_SLOWEST_N, SSDK_DEFAULT_SLOWEST_N);
	cfg->ts_interval_ns = ssdk_get_u64(info, SSDK_A_RUN_TS_INTERVAL_NS,
					   SSDK_DEFAULT_TS_INTERVAL_NS);
	cfg->capture_over_ns = ssdk_get_u64(info, SSDK_A_RUN_CAPTURE_OVER_NS, 0);
	if (cfg->ts_interval_ns < SSDK_MIN_TS_INTERVAL_NS)
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

/*
 * How the IOs are handed over: in batches of free slots, and polled for.
 * A paced run's IOs go when they are due, one at a time, and its worker
 * sleeps between arrivals: neither goes with a rate.
 */
static int ssdk_config_submission(struct genl_info *info, struct ssdk_run_config *cfg)
{
	struct nlattr **attrs = info->attrs;

	cfg->batch = ssdk_get_u32(info, SSDK_A_RUN_BATCH, 1);
	cfg->polled = nla_get_flag(attrs[SSDK_A_RUN_POLLED]);
	if (cfg->batch > cfg->iodepth)
		return ssdk_config_refuse(info, SSDK_A_RUN_BATCH,
					  "batch: more than iodepth (a batch is of the slots free at once)");
	if (attrs[SSDK_A_RUN_BATCH] && cfg->rate_iops)
		return ssdk_config_refuse(info, SSDK_A_RUN_BATCH,
					  "batch: not with rate-iops (a paced run's IOs go when they are due)");
	if (!cfg->polled)
		return 0;
	if (cfg->engine != SSDK_ENGINE_BIO)
		return ssdk_config_refuse(info, SSDK_A_RUN_POLLED,
					  "polled: only for engine bio");
	if (cfg->rate_iops)
		return ssdk_config_refuse(info, SSDK_A_RUN_POLLED,
					  "polled: not with rate-iops (a paced worker sleeps between arrivals)");
	return 0;
}

/*
 * Anatomy times the requests of a block device's bios (anatomy.c): a
 * file's IOs reach the block layer as the filesystem's bios, not the
 * engine's. The bare build measures nothing.
 */
static int ssdk_config_anatomy(struct genl_info *info, struct ssdk_run_config *cfg)
{
	cfg->anatomy = nla_get_flag(info->attrs[SSDK_A_RUN_ANATOMY]);
	if (!cfg->anatomy)
		return 0;
	if (!SSDK_MEASURE)
		return ssdk_config_refuse(info, SSDK_A_RUN_ANATOMY,
					  "anatomy: the bare build measures nothing");
	if (cfg->engine != SSDK_ENGINE_BIO)
		return ssdk_config_refuse(info, SSDK_A_RUN_ANATOMY,
					  "anatomy: only for engine bio (a file's IOs reach the block layer as its filesystem's)");
	return 0;
}

/* The steady-state test: bounds only with a tracking variable. */
static int ssdk_config_steady(struct genl_info *info, struct ssdk_run_config *cfg)
{
	struct nlattr **attrs = info->attrs;

	cfg->steady = !!attrs[SSDK_A_RUN_STEADY_TRACK];
	cfg->steady_track = ssdk_get_u32(info, SSDK_A_RUN_STEADY_TRACK, 0);
	cfg->steady_rule.range_pct = ssdk_get_u32(info, SSDK_A_RUN_STEADY_RANGE_PCT,
						  SSDK_DEFAULT_STEADY_RANGE_PCT);
	cfg->steady_rule.slope_pct = ssdk_get_u32(info, SSDK_A_RUN_STEADY_SLOPE_PCT,
						  SSDK_DEFAULT_STEADY_SLOPE_PCT);
	if (cfg->steady)
		return cfg->rounds >= SSDK_STEADY_WINDOW ? 0 :
			ssdk_config_refuse(info, SSDK_A_RUN_STEADY_TRACK,
					   "steady-track: needs rounds, at least steady-window (5) of them");
	if (attrs[SSDK_A_RUN_STEADY_RANGE_PCT])
		return ssdk_config_refuse(info, SSDK_A_RUN_STEADY_RANGE_PCT,
					  "steady-range-pct: needs steady-track");
	if (attrs[SSDK_A_RUN_STEADY_SLOPE_PCT])
		return ssdk_config_refuse(info, SSDK_A_RUN_STEADY_SLOPE_PCT,
					  "steady-slope-pct: needs steady-track");
	return 0;
}

/*
 * Rounds: whole intervals of the time series from the ramp's end, all of
 * them held by the series; rounds x round-ns is the runtime, which must
 * stay within max-duration-ns as a runtime-ns given would (the policy
 * bounds each factor, not their product, which could wrap 64 bits).
 */
static int ssdk_config_rounds(struct genl_info *info, struct ssdk_run_config *cfg)
{
	u64 interval = cfg->ts_interval_ns, intervals, rem;

	cfg->rounds = ssdk_get_u32(info, SSDK_A_RUN_ROUNDS, 0);
	cfg->round_ns = ssdk_get_u64(info, SSDK_A_RUN_ROUND_NS, 0);
	if (!cfg->rounds && cfg->round_ns)
		return ssdk_config_refuse(info, SSDK_A_RUN_ROUND_NS, "round-ns: needs rounds");
	if (!cfg->rounds)
		return ssdk_config_steady(info, cfg);
	if (!cfg->round_ns)
		return ssdk_config_refuse(info, SSDK_A_RUN_ROUNDS, "rounds: needs round-ns");
	if (cfg->round_ns > div_u64(SSDK_MAX_DURATION_NS, cfg->rounds))
		return ssdk_config_refuse(info, SSDK_A_RUN_ROUNDS,
					  "rounds: rounds x round-ns is more than max-duration-ns (365 days)");
	div64_u64_rem(cfg->round_ns, interval, &rem);
	if (rem)
		return ssdk_config_refuse(info, SSDK_A_RUN_ROUND_NS,
					  "round-ns: not a multiple of ts-interval-ns");
	div64_u64_rem(cfg->ramp_ns, interval, &rem);
	if (rem)
		return ssdk_config_refuse(info, SSDK_A_RUN_RAMP_NS,
					  "ramp-ns: with rounds, a multiple of ts-interval-ns");
	intervals = div64_u64(cfg->round_ns, interval);
	if (intervals > ssdk_ts_max_intervals() / cfg->rounds ||
	    intervals * cfg->rounds + div64_u64(cfg->ramp_ns, interval) > ssdk_ts_max_intervals())
		return ssdk_config_refuse(info, SSDK_A_RUN_ROUNDS,
					  "rounds: more intervals (rounds x round-ns) than the time series holds (module parameter ts_max_points)");
	if (cfg->runtime_ns && cfg->runtime_ns != cfg->rounds * cfg->round_ns)
		return ssdk_config_refuse(info, SSDK_A_RUN_RUNTIME_NS,
					  "runtime-ns: with rounds, rounds x round-ns or absent");
	cfg->runtime_ns = cfg->rounds * cfg->round_ns;
	return ssdk_config_steady(info, cfg);
}

/* One CPU of cpu or cpus: online. */
static bool ssdk_config_cpu_online(const struct nlattr *attr)
{
	u32 cpu = nla_get_u32(attr);

	return cpu < nr_cpu_ids && cpu_online(cpu);
}

/*
 * The run's workers and the CPUs they are bound to: cpu, all of them on
 * one, or cpus (a multi-attr), in turn.
 */
static int ssdk_config_workers(struct genl_info *info, struct ssdk_run_config *cfg)
{
	struct nlattr **attrs = info->attrs;
	struct nlattr *attr;
	int rem;

	cfg->workers = ssdk_get_u32(info, SSDK_A_RUN_WORKERS, 1);
	cfg->cpu = -1;
	if (attrs[SSDK_A_RUN_CPU]) {
		if (attrs[SSDK_A_RUN_CPUS])
			return ssdk_config_refuse(info, SSDK_A_RUN_CPUS, "cpus: not with cpu");
		if (!ssdk_config_cpu_online(attrs[SSDK_A_RUN_CPU]))
			return ssdk_config_refuse(info, SSDK_A_RUN_CPU, "cpu: not an online CPU");
		cfg->cpu = nla_get_u32(attrs[SSDK_A_RUN_CPU]);
		return 0;
	}
	nlmsg_for_each_attr(attr, info->nlhdr, GENL_HDRLEN, rem) {
		if (nla_type(attr) != SSDK_A_RUN_CPUS)
			continue;
		/* Each worker binds to one: more would bind nothing. */
		if (cfg->nr_cpus == cfg->workers) {
			NL_SET_ERR_MSG_ATTR(info->extack, attr, "cpus: more CPUs than workers");
			return -E2BIG;
		}
		if (!ssdk_config_cpu_online(attr)) {
			NL_SET_ERR_MSG_ATTR(info->extack, attr, "cpus: not an online CPU");
			return -EINVAL;
		}
		cfg->cpus[cfg->nr_cpus++] = nla_get_u32(attr);
	}
	return 0;
}

/*
 * What a run of several workers cannot do yet: one arrival schedule, one
 * series of rounds, one capture in completion order and one purge are
 * each one worker's.
 */
static int ssdk_config_shared(struct genl_info *info, struct ssdk_run_config *cfg)
{
	if (cfg->workers == 1)
		return 0;
	if (cfg->rate_iops)
		return ssdk_config_refuse(info, SSDK_A_RUN_WORKERS,
					  "workers: not with rate-iops (one arrival schedule, one worker)");
	if (cfg->rounds)
		return ssdk_config_refuse(info, SSDK_A_RUN_WORKERS,
					  "workers: not with rounds (one worker closes the rounds)");
	if (cfg->capture_over_ns)
		return ssdk_config_refuse(info, SSDK_A_RUN_WORKERS,
					  "workers: not with capture-over-ns (a capture is one worker's, in completion order)");
	if (cfg->purge)
		return ssdk_config_refuse(info, SSDK_A_RUN_WORKERS,
					  "workers: not with purge");
	if (cfg->ios && cfg->ios < cfg->workers)
		return ssdk_config_refuse(info, SSDK_A_RUN_IOS,
					  "ios: fewer than workers (each worker submits at least one)");
	return 0;
}

/**
 * ssdk_config_parse() - Read and check the attributes of run-start.
 * @info: The request.
 * @cfg: Filled in, defaults included; @cfg->target is left to the run
 *	(ssdk_run_start() copies it from the request). A replay's trace is
 *	held: ssdk_config_release() drops it once the run has started, or
 *	not; a refusal holds nothing.
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
	cfg->access.rw = ssdk_get_u32(info, SSDK_A_RUN_RW, SSDK_DEFAULT_RW);
	cfg->iodepth = ssdk_get_u32(info, SSDK_A_RUN_IODEPTH, SSDK_DEFAULT_IODEPTH);
	cfg->runtime_ns = ssdk_get_u64(info, SSDK_A_RUN_RUNTIME_NS, 0);
	cfg->ios = ssdk_get_u64(info, SSDK_A_RUN_IOS, 0);
	cfg->ramp_ns = ssdk_get_u64(info, SSDK_A_RUN_RAMP_NS, 0);
	cfg->access.seed = ssdk_get_u64(info, SSDK_A_RUN_SEED, 0);
	cfg->max_errors = ssdk_get_u64(info, SSDK_A_RUN_MAX_ERRORS, 0);
	cfg->dry_run = nla_get_flag(attrs[SSDK_A_RUN_DRY_RUN]);
	cfg->owned = nla_get_flag(attrs[SSDK_A_RUN_OWNED]);
	if (cfg->owned) {
		cfg->owner_portid = info->snd_portid;
		cfg->owner_net = genl_info_net(info);
	}

	ret = ssdk_config_workers(info, cfg);
	if (!ret)
		ret = ssdk_config_purge(info, cfg);
	if (!ret)
		ret = ssdk_config_replay(info, cfg);
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
	if (!ret)
		ret = ssdk_config_submission(info, cfg);
	if (!ret)
		ret = ssdk_config_anatomy(info, cfg);
	if (!ret)
		ret = ssdk_config_rounds(info, cfg);
	if (!ret)
		ret = ssdk_config_shared(info, cfg);
	if (!ret && (u64)cfg->workers * cfg->iodepth * cfg->bs > SSDK_MAX_INFLIGHT_BYTES)
		ret = ssdk_config_refuse(info, SSDK_A_RUN_IODEPTH,
					 "workers x iodepth x bs: more than 256 MiB of buffers");
	if (ret)
		ssdk_config_release(cfg);
	return ret;
}

/**
 * ssdk_config_release() - Drop what a parsed configuration holds.
 * @cfg: The configuration, from ssdk_config_parse(); a run that started
 *	from it holds references of its own.
 *
 * Context: Process context.
 */
void ssdk_config_release(struct ssdk_run_config *cfg)
{
	ssdk_trace_put(cfg->trace);
	cfg->trace = NULL;
}

/**
 * ssdk_config_check_target() - Check a run's access pattern against its target.
 * @run: The run, its target open and its geometry known.
 * @attrs: The attributes of run-start, which @extack points at.
 * @extack: For the reason of a failure.
 *
 * The rules are ssdk_access_check()'s (../common/access.c): sizes,
 * offsets and alignments multiples of the logical block size, the span
 * within the target and holding the largest block, a stride within the
 * span. An absent span is resolved to the rest of the target. A replay's
 * every IO must be whole logical blocks, and land in the target
 * (replay.c).
 *
 * Context: Process context.
 * Return: 0 or a negative errno, explained in @extack.
 */
int ssdk_config_check_target(struct ssdk_run *run, struct nlattr **attrs,
			     struct netlink_ext_ack *extack)
{
	const struct ssdk_access_problem_desc *p;
	struct ssdk_access_cfg share;
	const struct nlattr *attr;
	int problem;

	/* A replay's IOs first: its bs is its largest IO, one of them. */
	if (run->cfg.trace && ssdk_replay_check_blocks(run, attrs[SSDK_A_RUN_TRACE], extack))
		return -EINVAL;
	problem = ssdk_access_check(&run->cfg.access, run->target_size, run->lbs);
	p = &ssdk_access_problems[problem];
	if (problem == SSDK_ACCESS_OK) {
		if (run->cfg.workers > 1 &&
		    !ssdk_access_share(&run->cfg.access, 0, run->cfg.workers, &share)) {
			NL_SET_ERR_MSG_ATTR(extack, attrs[SSDK_A_RUN_WORKERS],
					    "workers: each sequential worker's part of the span (span / workers, down to a multiple of align) must hold the largest bs");
			return -EINVAL;
		}
		if (run->cfg.trace)
			return ssdk_replay_check_span(run, attrs, extack);
		return run->cfg.purge ? ssdk_purge_check(run, attrs, extack) : 0;
	}
	attr = attrs[p->attr == SSDK_A_RUN_BS && run->cfg.split_given ?
		     SSDK_A_RUN_BS_SPLIT : p->attr];
	/* NL_SET_ERR_MSG_ATTR() takes a literal: one case per message. */
	switch (problem) {
	case SSDK_ACCESS_BS_LBS:
		NL_SET_ERR_MSG_ATTR(extack, attr, SSDK_ACCESS_MSG_BS_LBS);
		break;
	case SSDK_ACCESS_OFFSET_LBS:
		NL_SET_ERR_MSG_ATTR(extack, attr, SSDK_ACCESS_MSG_OFFSET_LBS);
		break;
	case SSDK_ACCESS_ALIGN_LBS:
		NL_SET_ERR_MSG_ATTR(extack, attr, SSDK_ACCESS_MSG_ALIGN_LBS);
		break;
	case SSDK_ACCESS_ALIGN_OFFSET_LBS:
		NL_SET_ERR_MSG_ATTR(extack, attr, SSDK_ACCESS_MSG_ALIGN_OFFSET_LBS);
		break;
	case SSDK_ACCESS_STRIDE_LBS:
		NL_SET_ERR_MSG_ATTR(extack, attr, SSDK_ACCESS_MSG_STRIDE_LBS);
		break;
	case SSDK_ACCESS_OFFSET_END:
		NL_SET_ERR_MSG_ATTR(extack, attr, SSDK_ACCESS_MSG_OFFSET_END);
		break;
	case SSDK_ACCESS_SPAN_END:
		NL_SET_ERR_MSG_ATTR(extack, attr, SSDK_ACCESS_MSG_SPAN_END);
		break;
	case SSDK_ACCESS_SPAN_SMALL:
		NL_SET_ERR_MSG_ATTR(extack, attr, SSDK_ACCESS_MSG_SPAN_SMALL);
		break;
	case SSDK_ACCESS_STRIDE_SPAN:
		NL_SET_ERR_MSG_ATTR(extack, attr, SSDK_ACCESS_MSG_STRIDE_SPAN);
		break;
	}
	return -p->err;
}
