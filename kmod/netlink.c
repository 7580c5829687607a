// SPDX-License-Identifier: GPL-2.0
/*
 * The ssdk generic netlink family: its registration and the handlers of
 * its operations. Policies and the op table are generated from
 * Documentation/netlink/specs/ssdk.yaml into genl.c; the policies check
 * types and ranges, the handlers check what depends on other attributes
 * or on the target, and say what is wrong through extack.
 */

#include <linux/capability.h>
#include <linux/cpumask.h>
#include <linux/hrtimer.h>
#include <linux/module.h>
#include <linux/timekeeping.h>
#include <linux/utsname.h>
#include <net/genetlink.h>

#include "genl.h"
#include "ssdk.h"

/*
 * Written here rather than generated: a genetlink-legacy family's struct
 * is handwritten, and the generator cannot express the capability that
 * listening needs (a run's notification names a device and its data).
 */
static const struct genl_multicast_group ssdk_nl_mcgrps[] = {
	[SSDK_NLGRP_RUNS] = { .name = SSDK_MCGRP_RUNS, .flags = GENL_MCAST_CAP_NET_ADMIN, },
	[SSDK_NLGRP_PROGRESS] = { .name = SSDK_MCGRP_PROGRESS,
				  .flags = GENL_MCAST_CAP_NET_ADMIN, },
};

/*
 * The generated op table with the dumps' start hooks that the spec names
 * (pre:): 6.12's ynl-gen-c declares them in genl.h but leaves them out
 * of a per-op table. Filled in by ssdk_netlink_init().
 */
static struct genl_ops ssdk_nl_ops_hooked[ARRAY_SIZE(ssdk_nl_ops)] __ro_after_init;

/*
 * Not netnsok: ssdk acts on the machine's block devices, which belong to
 * no network namespace, so the family lives in the initial one only.
 */
static struct genl_family ssdk_nl_family __ro_after_init = {
	.name		= SSDK_FAMILY_NAME,
	.version	= SSDK_FAMILY_VERSION,
	.module		= THIS_MODULE,
	.parallel_ops	= true,
	.ops		= ssdk_nl_ops_hooked,
	.n_ops		= ARRAY_SIZE(ssdk_nl_ops_hooked),
	.mcgrps		= ssdk_nl_mcgrps,
	.n_mcgrps	= ARRAY_SIZE(ssdk_nl_mcgrps),
};

#ifndef NL_SET_ERR_MSG_ATTR_FMT
#define SSDK_NL_ERR_MSGS	64
static char ssdk_nl_err_msgs[SSDK_NL_ERR_MSGS][128];
static atomic_t ssdk_nl_err_next = ATOMIC_INIT(0);

/**
 * ssdk_nl_err_fmt() - 6.1: a formatted refusal, for SSDK_NL_ERR_FMT().
 * @extack: The request's, or NULL.
 * @attr: The attribute it blames, or NULL.
 * @fmt: The message, printf-style.
 *
 * The text goes into a ring of static buffers, never freed while the
 * module is loaded: a buffer is written again only after
 * SSDK_NL_ERR_MSGS - 1 other refusals, so that a reader that slow shows
 * another refusal's words, never freed memory.
 */
void ssdk_nl_err_fmt(struct netlink_ext_ack *extack, const struct nlattr *attr,
		     const char *fmt, ...)
{
	char *msg;
	va_list args;

	if (!extack)
		return;
	msg = ssdk_nl_err_msgs[(unsigned int)atomic_inc_return(&ssdk_nl_err_next) %
			       SSDK_NL_ERR_MSGS];
	va_start(args, fmt);
	vsnprintf(msg, sizeof(ssdk_nl_err_msgs[0]), fmt, args);
	va_end(args);
	extack->_msg = msg;
	extack->bad_attr = attr;
}
#endif

/* --- info-get ------------------------------------------------------------ */

/* What this module can do on the running kernel: &enum ssdk_cap bits. */
static u64 ssdk_caps(void)
{
	u64 caps = SSDK_CAP_BIO | SSDK_CAP_KFILE;

	/* Timer-driven pacing needs hrtimers finer than a jiffy. */
	if (hrtimer_resolution == 1)
		caps |= SSDK_CAP_HIGHRES_TIMERS;
	if (!SSDK_MEASURE)
		caps |= SSDK_CAP_BARE;
	return caps;
}

static int ssdk_nl_info_fill(struct sk_buff *msg)
{
	if (nla_put_string(msg, SSDK_A_INFO_VERSION, SSDK_VERSION) ||
	    nla_put_string(msg, SSDK_A_INFO_KERNEL_RELEASE, init_utsname()->release) ||
	    nla_put_u64_64bit(msg, SSDK_A_INFO_CAPS, ssdk_caps(), SSDK_A_INFO_PAD) ||
	    nla_put_u32(msg, SSDK_A_INFO_CPUS, num_online_cpus()) ||
	    nla_put_u32(msg, SSDK_A_INFO_CLOCK_RES_NS, hrtimer_resolution) ||
	    nla_put_u32(msg, SSDK_A_INFO_MAX_RUNS, ssdk_max_runs) ||
	    nla_put_u32(msg, SSDK_A_INFO_HIST_SUB_BITS, SSDK_HIST_SUB_BITS) ||
	    nla_put_u32(msg, SSDK_A_INFO_HIST_BUCKETS, SSDK_HIST_NR_BUCKETS) ||
	    nla_put_u64_64bit(msg, SSDK_A_INFO_MEM_BUDGET, ssdk_budget_limit(), SSDK_A_INFO_PAD) ||
	    nla_put_u64_64bit(msg, SSDK_A_INFO_MEM_USED, ssdk_budget_used(), SSDK_A_INFO_PAD))
		return -EMSGSIZE;
	return 0;
}

int ssdk_nl_info_get_doit(struct sk_buff *skb, struct genl_info *info)
{
	struct sk_buff *msg;
	void *hdr;
	int ret;

	msg = genlmsg_new(GENLMSG_DEFAULT_SIZE, GFP_KERNEL);
	if (!msg)
		return -ENOMEM;

	hdr = genlmsg_put_reply(msg, info, &ssdk_nl_family, 0, SSDK_CMD_INFO_GET);
	if (!hdr) {
		ret = -EMSGSIZE;
		goto err_free_msg;
	}
	ret = ssdk_nl_info_fill(msg);
	if (ret)
		goto err_free_msg;

	genlmsg_end(msg, hdr);
	return genlmsg_reply(msg, info);

err_free_msg:
	nlmsg_free(msg);
	return ret;
}

/* --- a run's status -------------------------------------------------------- */

static int ssdk_nl_put_u64(struct sk_buff *msg, int type, u64 value)
{
	return nla_put_u64_64bit(msg, type, value, SSDK_A_RUN_PAD);
}

static int ssdk_nl_pattern_fill(struct sk_buff *msg, const struct ssdk_run_config *cfg)
{
	if (nla_put_u32(msg, SSDK_A_RUN_PATTERN, cfg->pattern) ||
	    (cfg->pattern == SSDK_PATTERN_REPEAT &&
	     nla_put_u32(msg, SSDK_A_RUN_PATTERN_BYTE, cfg->pattern_byte)) ||
	    (cfg->pattern == SSDK_PATTERN_COMPRESSIBLE &&
	     nla_put_u32(msg, SSDK_A_RUN_COMPRESS_PCT, cfg->compress_pct)))
		return -EMSGSIZE;
	return 0;
}

static int ssdk_nl_bs_split_fill(struct sk_buff *msg, const struct ssdk_access_cfg *ac)
{
	struct nlattr *nest;
	unsigned int i;

	for (i = 0; i < ac->nr_bs; i++) {
		nest = nla_nest_start(msg, SSDK_A_RUN_BS_SPLIT);
		if (!nest || nla_put_u32(msg, SSDK_A_BS_SPLIT_BS, ac->bs[i]) ||
		    nla_put_u32(msg, SSDK_A_BS_SPLIT_PCT, ac->pct[i]))
			return -EMSGSIZE;
		nla_nest_end(msg, nest);
	}
	return 0;
}

static int ssdk_nl_rounds_fill(struct sk_buff *msg, const struct ssdk_run_config *cfg)
{
	if (nla_put_u32(msg, SSDK_A_RUN_ROUNDS, cfg->rounds) ||
	    ssdk_nl_put_u64(msg, SSDK_A_RUN_ROUND_NS, cfg->round_ns))
		return -EMSGSIZE;
	if (cfg->steady &&
	    (nla_put_u32(msg, SSDK_A_RUN_STEADY_TRACK, cfg->steady_track) ||
	     nla_put_u32(msg, SSDK_A_RUN_STEADY_RANGE_PCT, cfg->steady_rule.range_pct) ||
	     nla_put_u32(msg, SSDK_A_RUN_STEADY_SLOPE_PCT, cfg->steady_rule.slope_pct)))
		return -EMSGSIZE;
	return 0;
}

static int ssdk_nl_cpus_fill(struct sk_buff *msg, const struct ssdk_run_config *cfg)
{
	u32 i;

	for (i = 0; i < cfg->nr_cpus; i++)
		if (nla_put_u32(msg, SSDK_A_RUN_CPUS, cfg->cpus[i]))
			return -EMSGSIZE;
	return 0;
}

static int ssdk_nl_replay_fill(struct sk_buff *msg, const struct ssdk_run_config *cfg)
{
	if (nla_put_u32(msg, SSDK_A_RUN_REPLAY_TIMING, cfg->replay_timing) ||
	    (cfg->replay_timing == SSDK_REPLAY_TIMING_ORIGINAL &&
	     nla_put_u32(msg, SSDK_A_RUN_REPLAY_SCALE, cfg->replay_scale)) ||
	    nla_put_u32(msg, SSDK_A_RUN_REPLAY_REMAP, cfg->replay_remap))
		return -EMSGSIZE;
	return 0;
}

static int ssdk_nl_config_fill(struct sk_buff *msg, const struct ssdk_run *run,
			       const struct ssdk_run_snapshot *snap)
{
	const struct ssdk_run_config *cfg = &run->cfg;
	const struct ssdk_access_cfg *ac = &cfg->access;

	if (nla_put_string(msg, SSDK_A_RUN_TARGET, cfg->target) ||
	    nla_put_u32(msg, SSDK_A_RUN_RW, ac->rw) ||
	    nla_put_u32(msg, SSDK_A_RUN_BS, cfg->bs) ||
	    nla_put_u32(msg, SSDK_A_RUN_IODEPTH, cfg->iodepth) ||
	    ssdk_nl_put_u64(msg, SSDK_A_RUN_OFFSET, ac->offset) ||
	    ssdk_nl_put_u64(msg, SSDK_A_RUN_SPAN, ac->span) ||
	    ssdk_nl_put_u64(msg, SSDK_A_RUN_RUNTIME_NS, cfg->runtime_ns) ||
	    ssdk_nl_put_u64(msg, SSDK_A_RUN_IOS, cfg->ios) ||
	    ssdk_nl_put_u64(msg, SSDK_A_RUN_RAMP_NS, cfg->ramp_ns) ||
	    ssdk_nl_put_u64(msg, SSDK_A_RUN_SEED, ac->seed) ||
	    (cfg->cpu >= 0 && nla_put_u32(msg, SSDK_A_RUN_CPU, cfg->cpu)) ||
	    nla_put_u32(msg, SSDK_A_RUN_WORKERS, cfg->workers) ||
	    ssdk_nl_cpus_fill(msg, cfg) ||
	    ssdk_nl_put_u64(msg, SSDK_A_RUN_TARGET_SIZE, run->target_size) ||
	    nla_put_u32(msg, SSDK_A_RUN_LOGICAL_BLOCK_SIZE, run->lbs) ||
	    nla_put_u32(msg, SSDK_A_RUN_ALIGN, ac->align) ||
	    nla_put_u32(msg, SSDK_A_RUN_ALIGN_OFFSET, ac->align_offset) ||
	    ssdk_nl_put_u64(msg, SSDK_A_RUN_STRIDE, ac->stride) ||
	    (ssdk_rw_mixed(ac->rw) &&
	     nla_put_u32(msg, SSDK_A_RUN_RWMIXREAD, ac->rwmixread)) ||
	    (ssdk_cfg_writes(cfg) && !cfg->purge && ssdk_nl_pattern_fill(msg, cfg)) ||
	    (cfg->purge && nla_put_u32(msg, SSDK_A_RUN_PURGE, cfg->purge_method)) ||
	    (cfg->rate_iops &&
	     (nla_put_u32(msg, SSDK_A_RUN_RATE_IOPS, cfg->rate_iops) ||
	      nla_put_u32(msg, SSDK_A_RUN_ARRIVALS, cfg->arrivals))) ||
	    (cfg->scheduled && ssdk_nl_put_u64(msg, SSDK_A_RUN_LATE, snap->late)) ||
	    (cfg->trace && ssdk_nl_replay_fill(msg, cfg)) ||
	    (cfg->split_given && ssdk_nl_bs_split_fill(msg, ac)) ||
	    nla_put_u32(msg, SSDK_A_RUN_ENGINE, cfg->engine) ||
	    nla_put_u32(msg, SSDK_A_RUN_SLOWEST_N, cfg->slowest_n) ||
	    ssdk_nl_put_u64(msg, SSDK_A_RUN_TS_INTERVAL_NS, cfg->ts_interval_ns) ||
	    (cfg->capture_over_ns &&
	     ssdk_nl_put_u64(msg, SSDK_A_RUN_CAPTURE_OVER_NS, cfg->capture_over_ns)) ||
	    (cfg->buffered && nla_put_flag(msg, SSDK_A_RUN_BUFFERED)) ||
	    nla_put_u32(msg, SSDK_A_RUN_BATCH, cfg->batch) ||
	    (cfg->polled && nla_put_flag(msg, SSDK_A_RUN_POLLED)) ||
	    (cfg->anatomy && nla_put_flag(msg, SSDK_A_RUN_ANATOMY)) ||
	    ssdk_nl_put_u64(msg, SSDK_A_RUN_MAX_ERRORS, cfg->max_errors) ||
	    (cfg->owned && nla_put_flag(msg, SSDK_A_RUN_OWNED)) ||
	    (cfg->rounds && ssdk_nl_rounds_fill(msg, cfg)))
		return -EMSGSIZE;
	return 0;
}

static int ssdk_nl_rounds_progress_fill(struct sk_buff *msg,
					const struct ssdk_run_snapshot *snap)
{
	if (nla_put_u32(msg, SSDK_A_RUN_ROUNDS_DONE, snap->rounds_done) ||
	    (snap->steady_round && nla_put_u32(msg, SSDK_A_RUN_STEADY_ROUND, snap->steady_round)))
		return -EMSGSIZE;
	return 0;
}

/* What measuring costs, which the workers calibrated before they started. */
static int ssdk_nl_overhead_fill(struct sk_buff *msg, const struct ssdk_run_snapshot *snap)
{
	if (ssdk_nl_put_u64(msg, SSDK_A_RUN_MEASUREMENT_OVERHEAD_NS, snap->overhead_ns) ||
	    ssdk_nl_put_u64(msg, SSDK_A_RUN_CLOCK_READ_NS, snap->clock_read_ns))
		return -EMSGSIZE;
	return 0;
}

static int ssdk_nl_progress_fill(struct sk_buff *msg, const struct ssdk_run *run,
				 const struct ssdk_run_snapshot *snap)
{
	/* The reason is written before the state leaves running. */
	if ((snap->state != SSDK_STATE_RUNNING && run->reason[0] &&
	     nla_put_string(msg, SSDK_A_RUN_REASON, run->reason)) ||
	    ssdk_nl_put_u64(msg, SSDK_A_RUN_ELAPSED_NS, snap->elapsed_ns) ||
	    ssdk_nl_put_u64(msg, SSDK_A_RUN_MEASURED_NS, snap->measured_ns) ||
	    ssdk_nl_put_u64(msg, SSDK_A_RUN_COMPLETED, snap->completed) ||
	    ssdk_nl_put_u64(msg, SSDK_A_RUN_IO_ERRORS, snap->io_errors) ||
	    ssdk_nl_put_u64(msg, SSDK_A_RUN_IOPS_NOW, snap->iops_now) ||
	    nla_put_u32(msg, SSDK_A_RUN_TS_COUNT, snap->ts_count) ||
	    ssdk_nl_put_u64(msg, SSDK_A_RUN_TS_DROPPED, snap->ts_dropped) ||
	    nla_put_u32(msg, SSDK_A_RUN_CAPTURED_COUNT, snap->captured_count) ||
	    ssdk_nl_put_u64(msg, SSDK_A_RUN_CAPTURED_DROPPED, snap->captured_dropped) ||
	    (run->cfg.rounds && ssdk_nl_rounds_progress_fill(msg, snap)) ||
	    (snap->started && ssdk_nl_overhead_fill(msg, snap)) ||
	    (run->cfg.polled && ssdk_nl_put_u64(msg, SSDK_A_RUN_UNPOLLED, snap->unpolled)) ||
	    (run->cfg.anatomy &&
	     ssdk_nl_put_u64(msg, SSDK_A_RUN_ANATOMY_UNSPLIT, snap->anatomy_unsplit)) ||
	    /* Set by the workers before the end state, read with acquire. */
	    (ssdk_state_ended(snap->state) &&
	     ssdk_nl_put_u64(msg, SSDK_A_RUN_CPU_NS, snap->cpu_ns)))
		return -EMSGSIZE;
	return 0;
}

/* Whether a run reports a set: a closed loop with anatomy has no response time. */
static bool ssdk_nl_set_kept(const struct ssdk_run *run, unsigned int set)
{
	return ssdk_lat_kind_kept(set / SSDK_NR_OPS, ssdk_cfg_open_loop(&run->cfg),
				  run->cfg.anatomy);
}

/* Which set a stats nest describes: its op, and its kind unless service. */
static int ssdk_nl_set_fill(struct sk_buff *msg, unsigned int set)
{
	unsigned int kind = set / SSDK_NR_OPS;

	if (nla_put_u32(msg, SSDK_A_STATS_OP, set % SSDK_NR_OPS) ||
	    (kind != SSDK_LAT_KIND_SERVICE && nla_put_u32(msg, SSDK_A_STATS_KIND, kind)))
		return -EMSGSIZE;
	return 0;
}

static int ssdk_nl_counts_fill(struct sk_buff *msg, unsigned int set,
			       const struct ssdk_counts *c)
{
	struct nlattr *nest;

	nest = nla_nest_start(msg, SSDK_A_RUN_STATS);
	if (!nest)
		return -EMSGSIZE;
	if (ssdk_nl_set_fill(msg, set) ||
	    nla_put_u64_64bit(msg, SSDK_A_STATS_IOS, c->ios, SSDK_A_STATS_PAD) ||
	    nla_put_u64_64bit(msg, SSDK_A_STATS_BYTES, c->bytes, SSDK_A_STATS_PAD) ||
	    nla_put_u64_64bit(msg, SSDK_A_STATS_ERRORS, c->errors, SSDK_A_STATS_PAD) ||
	    (c->ios &&
	     (nla_put_u64_64bit(msg, SSDK_A_STATS_LAT_MIN_NS, c->lat_min_ns, SSDK_A_STATS_PAD) ||
	      nla_put_u64_64bit(msg, SSDK_A_STATS_LAT_MAX_NS, c->lat_max_ns, SSDK_A_STATS_PAD))) ||
	    nla_put_u64_64bit(msg, SSDK_A_STATS_LAT_SUM_NS, c->lat_sum_ns, SSDK_A_STATS_PAD) ||
	    nla_put_u64_64bit(msg, SSDK_A_STATS_LAT_SUMSQ_HI, c->lat_sumsq_hi, SSDK_A_STATS_PAD) ||
	    nla_put_u64_64bit(msg, SSDK_A_STATS_LAT_SUMSQ_LO, c->lat_sumsq_lo, SSDK_A_STATS_PAD)) {
		nla_nest_cancel(msg, nest);
		return -EMSGSIZE;
	}
	nla_nest_end(msg, nest);
	return 0;
}

/* One message with a run's configuration, state, progress and counters. */
static int ssdk_nl_run_fill(struct sk_buff *msg, struct ssdk_run *run,
			    u32 portid, u32 seq, int flags, u8 cmd)
{
	struct ssdk_run_snapshot snap;
	struct ssdk_counts counts;
	unsigned int set;
	void *hdr;

	hdr = genlmsg_put(msg, portid, seq, &ssdk_nl_family, flags, cmd);
	if (!hdr)
		return -EMSGSIZE;
	ssdk_run_snapshot(run, &snap);
	if (nla_put_u32(msg, SSDK_A_RUN_ID, run->id) ||
	    nla_put_u32(msg, SSDK_A_RUN_STATE, snap.state) ||
	    ssdk_nl_config_fill(msg, run, &snap) || ssdk_nl_progress_fill(msg, run, &snap))
		goto err_cancel;
	/* Read after the state, as the snapshot's figures are. */
	for (set = 0; set < run->nr_sets; set++) {
		if (!ssdk_nl_set_kept(run, set))
			continue;
		ssdk_stats_counts(run, set, &counts);
		if (ssdk_nl_counts_fill(msg, set, &counts))
			goto err_cancel;
	}
	genlmsg_end(msg, hdr);
	return 0;

err_cancel:
	genlmsg_cancel(msg, hdr);
	return -EMSGSIZE;
}

/* A run's status is a few hundred bytes; a target path may add 4 KiB. */
#define SSDK_NL_RUN_SIZE	(NLMSG_GOODSIZE + PATH_MAX)

/**
 * ssdk_nl_run_dump_start() - Start a dump of runs' statuses (run-get, results-get).
 * @cb: The dump's callback state.
 *
 * A dump's skbs are NLMSG_GOODSIZE unless the dump asks for more, and a
 * status that does not fit in an empty one ends the dump with an error:
 * one run with a long target path would hide every run after it. Each
 * skb is made to hold the largest status, as a do's reply is; the size
 * is read by netlink_dump() for every skb, the first too, which this
 * hook precedes.
 *
 * Return: 0.
 */
int ssdk_nl_run_dump_start(struct netlink_callback *cb)
{
	cb->min_dump_alloc = nlmsg_total_size(genlmsg_total_size(SSDK_NL_RUN_SIZE));
	return 0;
}

static int ssdk_nl_run_reply(struct genl_info *info, struct ssdk_run *run, u8 cmd)
{
	struct sk_buff *msg;
	int ret;

	msg = genlmsg_new(SSDK_NL_RUN_SIZE, GFP_KERNEL);
	if (!msg)
		return -ENOMEM;
	ret = ssdk_nl_run_fill(msg, run, info->snd_portid, info->snd_seq, 0, cmd);
	if (ret) {
		nlmsg_free(msg);
		return ret;
	}
	return genlmsg_reply(msg, info);
}

/* The run an op's id attribute names, with a reference, or an error. */
static struct ssdk_run *ssdk_nl_run_lookup(struct genl_info *info)
{
	struct ssdk_run *run;

	if (GENL_REQ_ATTR_CHECK(info, SSDK_A_RUN_ID))
		return ERR_PTR(-EINVAL);
	run = ssdk_run_get(nla_get_u32(info->attrs[SSDK_A_RUN_ID]));
	if (!run) {
		NL_SET_ERR_MSG_ATTR(info->extack, info->attrs[SSDK_A_RUN_ID],
				    "no run with this id");
		return ERR_PTR(-ENOENT);
	}
	return run;
}

/* --- run-start --------------------------------------------------------------- */

/*
 * Every op needs CAP_NET_ADMIN (GENL_ADMIN_PERM); those that change
 * anything need CAP_SYS_ADMIN too: the module opens block devices and
 * writes to them for its caller, which is root's business. As
 * GENL_ADMIN_PERM, the check is netlink_capable(): both the process that
 * sends and the one that opened the socket must have it, so that a
 * socket opened by root and handed to (or kept by) a process without
 * the capability does not carry root's rights with it, and one opened
 * without it does not gain them from its user (CVE-2014-0181).
 */
static int ssdk_nl_need_sys_admin(const struct sk_buff *skb, struct genl_info *info)
{
	if (netlink_capable(skb, CAP_SYS_ADMIN))
		return 0;
	NL_SET_ERR_MSG(info->extack,
		       "starting, stopping or deleting a run, or loading a trace, needs CAP_SYS_ADMIN");
	return -EPERM;
}

int ssdk_nl_run_start_doit(struct sk_buff *skb, struct genl_info *info)
{
	struct ssdk_run_config cfg = {};
	struct sk_buff *msg;
	void *hdr;
	u32 id;
	int ret;

	ret = ssdk_nl_need_sys_admin(skb, info);
	if (ret)
		return ret;

	/* The reply first: once the run has started, nothing may fail. */
	msg = genlmsg_new(NLMSG_GOODSIZE, GFP_KERNEL);
	if (!msg)
		return -ENOMEM;
	hdr = genlmsg_put_reply(msg, info, &ssdk_nl_family, 0, SSDK_CMD_RUN_START);
	if (!hdr) {
		ret = -EMSGSIZE;
		goto err_free_msg;
	}
	ret = ssdk_config_parse(info, &cfg);
	if (ret)
		goto err_free_msg;

	ret = ssdk_run_start(&cfg, info->attrs, info->extack, &id);
	ssdk_config_release(&cfg);
	if (ret)
		goto err_free_msg;

	/* A dry run's reply has no id: there is no run. */
	if (id && nla_put_u32(msg, SSDK_A_RUN_ID, id)) {
		ret = -EMSGSIZE;
		goto err_free_msg;
	}
	genlmsg_end(msg, hdr);
	return genlmsg_reply(msg, info);

err_free_msg:
	nlmsg_free(msg);
	return ret;
}

/* --- run-get, run-stop, run-del -------------------------------------------------- */

/* run-get and results-get do: one message with the run's status. */
static int ssdk_nl_status_doit(struct genl_info *info, u8 cmd)
{
	struct ssdk_run *run = ssdk_nl_run_lookup(info);
	int ret;

	if (IS_ERR(run))
		return PTR_ERR(run);
	ret = ssdk_nl_run_reply(info, run, cmd);
	ssdk_run_put(run);
	return ret;
}

int ssdk_nl_run_get_doit(struct sk_buff *skb, struct genl_info *info)
{
	return ssdk_nl_status_doit(info, SSDK_CMD_RUN_GET);
}

int ssdk_nl_run_get_dumpit(struct sk_buff *skb, struct netlink_callback *cb)
{
	struct ssdk_run *run;
	u32 last = cb->args[0];
	int ret = 0;

	while ((run = ssdk_run_next(last))) {
		ret = ssdk_nl_run_fill(skb, run, NETLINK_CB(cb->skb).portid,
				       cb->nlh->nlmsg_seq, NLM_F_MULTI, SSDK_CMD_RUN_GET);
		if (!ret)
			last = run->id;
		ssdk_run_put(run);
		if (ret)
			break;
	}
	cb->args[0] = last;
	/* A full skb ends this part; the next call resumes after @last. */
	return ret && !skb->len ? ret : skb->len;
}

int ssdk_nl_run_stop_doit(struct sk_buff *skb, struct genl_info *info)
{
	struct ssdk_run *run;
	struct sk_buff *msg;
	void *hdr;
	int ret;

	ret = ssdk_nl_need_sys_admin(skb, info);
	if (ret)
		return ret;
	run = ssdk_nl_run_lookup(info);
	if (IS_ERR(run))
		return PTR_ERR(run);
	/* No wait for the end here: the reply says stopping, or an end state. */
	ssdk_run_stop(run, "stopped by request");

	ret = -ENOMEM;
	msg = genlmsg_new(NLMSG_GOODSIZE, GFP_KERNEL);
	if (!msg)
		goto out_put;
	hdr = genlmsg_put_reply(msg, info, &ssdk_nl_family, 0, SSDK_CMD_RUN_STOP);
	if (!hdr || nla_put_u32(msg, SSDK_A_RUN_ID, run->id) ||
	    nla_put_u32(msg, SSDK_A_RUN_STATE, ssdk_run_state(run))) {
		nlmsg_free(msg);
		ret = -EMSGSIZE;
		goto out_put;
	}
	genlmsg_end(msg, hdr);
	ret = genlmsg_reply(msg, info);
out_put:
	ssdk_run_put(run);
	return ret;
}

int ssdk_nl_run_del_doit(struct sk_buff *skb, struct genl_info *info)
{
	int ret;

	ret = ssdk_nl_need_sys_admin(skb, info);
	if (ret)
		return ret;
	if (GENL_REQ_ATTR_CHECK(info, SSDK_A_RUN_ID))
		return -EINVAL;
	return ssdk_run_delete(nla_get_u32(info->attrs[SSDK_A_RUN_ID]),
			       nla_get_flag(info->attrs[SSDK_A_RUN_DRY_RUN]),
			       info->attrs[SSDK_A_RUN_ID], info->extack);
}

/* --- slowest-get --------------------------------------------------------------- */

/*
 * The run a dump is of, with a reference: its id from the request on the
 * first call, kept in cb->args[@arg] for the next ones.
 */
static struct ssdk_run *ssdk_nl_dump_run(struct netlink_callback *cb, unsigned int arg)
{
	struct nlattr **attrs = ssdk_dump_attrs(cb);
	struct ssdk_run *run;

	if (!cb->args[arg]) {
		if (!attrs[SSDK_A_RUN_ID]) {
			NL_SET_ERR_MSG(cb->extack, "the dump needs the id of a run");
			return ERR_PTR(-EINVAL);
		}
		cb->args[arg] = nla_get_u32(attrs[SSDK_A_RUN_ID]);
	}
	run = ssdk_run_get(cb->args[arg]);
	if (!run) {
		NL_SET_ERR_MSG(cb->extack, "no run with this id");
		return ERR_PTR(-ENOENT);
	}
	return run;
}

/*
 * An IO's stages: the block and end-io stages only when the block layer
 * stamped it, its idle time but for a slot's first IO.
 */
static int ssdk_nl_stages_fill(struct sk_buff *msg, const struct ssdk_stages *st)
{
	if ((st->split &&
	     (nla_put_u64_64bit(msg, SSDK_A_IO_BLOCK_NS, st->block, SSDK_A_IO_PAD) ||
	      nla_put_u64_64bit(msg, SSDK_A_IO_END_IO_NS, st->end_io, SSDK_A_IO_PAD))) ||
	    nla_put_u64_64bit(msg, SSDK_A_IO_DEVICE_NS, st->device, SSDK_A_IO_PAD) ||
	    nla_put_u64_64bit(msg, SSDK_A_IO_REAP_NS, st->reap, SSDK_A_IO_PAD) ||
	    (st->has_idle &&
	     nla_put_u64_64bit(msg, SSDK_A_IO_IDLE_NS, st->idle, SSDK_A_IO_PAD)))
		return -EMSGSIZE;
	return 0;
}

/* One IO record as a nest of type @type: slowest or captured. */
static int ssdk_nl_io_fill(struct sk_buff *msg, int type, const struct ssdk_io_rec *r)
{
	struct nlattr *nest = nla_nest_start(msg, type);

	if (!nest)
		return -EMSGSIZE;
	if (nla_put_u64_64bit(msg, SSDK_A_IO_LAT_NS, r->lat_ns, SSDK_A_IO_PAD) ||
	    nla_put_u32(msg, SSDK_A_IO_OP, r->op) ||
	    nla_put_u64_64bit(msg, SSDK_A_IO_OFFSET, r->offset, SSDK_A_IO_PAD) ||
	    nla_put_u32(msg, SSDK_A_IO_LEN, r->len) ||
	    nla_put_u64_64bit(msg, SSDK_A_IO_T_NS, r->t_ns, SSDK_A_IO_PAD) ||
	    nla_put_u32(msg, SSDK_A_IO_CPU_SUBMIT, r->cpu_submit) ||
	    nla_put_u32(msg, SSDK_A_IO_CPU_COMPLETE, r->cpu_complete) ||
	    nla_put_u32(msg, SSDK_A_IO_INFLIGHT, r->inflight) ||
	    (r->anatomy && ssdk_nl_stages_fill(msg, &r->st))) {
		nla_nest_cancel(msg, nest);
		return -EMSGSIZE;
	}
	nla_nest_end(msg, nest);
	return 0;
}

/* Where a slowest-get dump resumes, in cb->args. */
enum {
	SSDK_SLOWEST_DUMP_ID,	/* the run */
	SSDK_SLOWEST_DUMP_NEXT,	/* next record */
	SSDK_SLOWEST_DUMP_SNAP,	/* the log read while the run goes, or 0 */
};

/*
 * Put record @idx of @run's slowest log, time series or capture into @msg;
 * @ctx: the log read while the run goes, for the slowest.
 */
typedef int (*ssdk_nl_record_fill_t)(struct sk_buff *msg, const struct ssdk_run *run,
				     const void *ctx, u32 idx);

/*
 * Dump messages of @cmd, each with the run's id and as many of its records
 * [@next, @nr) as fit, until the skb is full. Return: the next record left.
 */
static u32 ssdk_nl_records_fill(struct sk_buff *msg, struct netlink_callback *cb,
				const struct ssdk_run *run, u8 cmd, u32 next, u32 nr,
				ssdk_nl_record_fill_t fill, const void *ctx)
{
	u32 first;
	void *hdr;

	while (next < nr) {
		hdr = genlmsg_put(msg, NETLINK_CB(cb->skb).portid, cb->nlh->nlmsg_seq,
				  &ssdk_nl_family, NLM_F_MULTI, cmd);
		if (!hdr || nla_put_u32(msg, SSDK_A_RUN_ID, run->id)) {
			if (hdr)
				genlmsg_cancel(msg, hdr);
			break;
		}
		for (first = next; next < nr; next++)
			if (fill(msg, run, ctx, next))
				break;
		if (next == first) {
			genlmsg_cancel(msg, hdr);
			break;
		}
		genlmsg_end(msg, hdr);
	}
	return next;
}

static int ssdk_nl_slowest_fill(struct sk_buff *msg, const struct ssdk_run *run,
				const void *ctx, u32 idx)
{
	const struct ssdk_slowest *snap = ctx;

	return ssdk_nl_io_fill(msg, SSDK_A_RUN_SLOWEST,
			       snap ? &snap->heap[idx] : ssdk_run_slowest(run, idx));
}

/**
 * ssdk_nl_slowest_dump_done() - End a dump of slowest IOs: free the log it
 *	read while the run went, if it did.
 * @cb: The dump.
 *
 * Return: 0.
 */
static int ssdk_nl_slowest_dump_done(struct netlink_callback *cb)
{
	ssdk_slowest_snapshot_free((struct ssdk_slowest *)cb->args[SSDK_SLOWEST_DUMP_SNAP]);
	cb->args[SSDK_SLOWEST_DUMP_SNAP] = 0;
	return 0;
}

int ssdk_nl_slowest_get_doit(struct sk_buff *skb, struct genl_info *info)
{
	NL_SET_ERR_MSG(info->extack,
		       "slowest-get is a dump: up to 4096 records need many messages");
	return -EOPNOTSUPP;
}

/*
 * The log a dump reads: the run's own once it has ended (its end state is
 * published after the log is sorted, workers.c); while it goes, the
 * workers' published copies merged at the dump's first call, kept for the
 * rest of it (freed by ssdk_nl_slowest_dump_done()).
 */
static int ssdk_nl_slowest_source(struct netlink_callback *cb, const struct ssdk_run *run,
				  struct ssdk_slowest **snap)
{
	struct ssdk_slowest *s = (struct ssdk_slowest *)cb->args[SSDK_SLOWEST_DUMP_SNAP];
	int state = ssdk_run_state(run);

	*snap = s;
	if (s || ssdk_state_ended(state))
		return 0;
	s = ssdk_slowest_snapshot(run);
	if (IS_ERR(s)) {
		NL_SET_ERR_MSG(cb->extack,
			       "slowest: the workers' logs kept changing under the read; ask again");
		return PTR_ERR(s);
	}
	cb->args[SSDK_SLOWEST_DUMP_SNAP] = (long)s;
	*snap = s;
	return 0;
}

int ssdk_nl_slowest_get_dumpit(struct sk_buff *skb, struct netlink_callback *cb)
{
	struct ssdk_run *run = ssdk_nl_dump_run(cb, SSDK_SLOWEST_DUMP_ID);
	struct ssdk_slowest *snap;
	int ret;

	if (IS_ERR(run))
		return PTR_ERR(run);
	ret = ssdk_nl_slowest_source(cb, run, &snap);
	if (ret) {
		ssdk_run_put(run);
		return ret;
	}
	cb->args[SSDK_SLOWEST_DUMP_NEXT] =
		ssdk_nl_records_fill(skb, cb, run, SSDK_CMD_SLOWEST_GET,
				     cb->args[SSDK_SLOWEST_DUMP_NEXT],
				     snap ? snap->nr : ssdk_run_slowest_count(run),
				     ssdk_nl_slowest_fill, snap);
	ssdk_run_put(run);
	return skb->len;
}

/* --- timeseries-get ------------------------------------------------------------ */

/* An op's stages in an interval (anatomy), those its IOs had. */
static int ssdk_nl_ts_stages_fill(struct sk_buff *msg, const struct ssdk_ts_stage *st)
{
	struct nlattr *nest;
	unsigned int k;

	for (k = 0; k < SSDK_NR_STAGES; k++) {
		if (!st[k].ios)
			continue;
		nest = nla_nest_start(msg, SSDK_A_INTERVAL_OP_STAGE);
		if (!nest ||
		    nla_put_u32(msg, SSDK_A_INTERVAL_STAGE_KIND, SSDK_LAT_KIND_BLOCK + k) ||
		    nla_put_u64_64bit(msg, SSDK_A_INTERVAL_STAGE_IOS, st[k].ios,
				      SSDK_A_INTERVAL_STAGE_PAD) ||
		    nla_put_u64_64bit(msg, SSDK_A_INTERVAL_STAGE_LAT_SUM_NS, st[k].sum,
				      SSDK_A_INTERVAL_STAGE_PAD) ||
		    nla_put_u64_64bit(msg, SSDK_A_INTERVAL_STAGE_LAT_MAX_NS, st[k].max,
				      SSDK_A_INTERVAL_STAGE_PAD))
			return -EMSGSIZE;
		nla_nest_end(msg, nest);
	}
	return 0;
}

static int ssdk_nl_ts_op_fill(struct sk_buff *msg, unsigned int op, const struct ssdk_ts_op *o,
			      const struct ssdk_ts_stage *stages)
{
	struct nlattr *nest;

	if (!o->ios)
		return 0;
	nest = nla_nest_start(msg, SSDK_A_INTERVAL_OPS);
	if (!nest)
		return -EMSGSIZE;
	if (nla_put_u32(msg, SSDK_A_INTERVAL_OP_OP, op) ||
	    nla_put_u64_64bit(msg, SSDK_A_INTERVAL_OP_IOS, o->ios, SSDK_A_INTERVAL_OP_PAD) ||
	    nla_put_u64_64bit(msg, SSDK_A_INTERVAL_OP_BYTES, o->bytes, SSDK_A_INTERVAL_OP_PAD) ||
	    nla_put_u64_64bit(msg, SSDK_A_INTERVAL_OP_LAT_SUM_NS, o->lat_sum,
			      SSDK_A_INTERVAL_OP_PAD) ||
	    nla_put_u64_64bit(msg, SSDK_A_INTERVAL_OP_LAT_MAX_NS, o->lat_max,
			      SSDK_A_INTERVAL_OP_PAD) ||
	    nla_put_u64_64bit(msg, SSDK_A_INTERVAL_OP_LAT_P99_NS, o->lat_p99,
			      SSDK_A_INTERVAL_OP_PAD) ||
	    (stages && ssdk_nl_ts_stages_fill(msg, stages))) {
		nla_nest_cancel(msg, nest);
		return -EMSGSIZE;
	}
	nla_nest_end(msg, nest);
	return 0;
}

static int ssdk_nl_interval_fill(struct sk_buff *msg, const struct ssdk_run *run,
				 const void *ctx, u32 idx)
{
	struct nlattr *nest = nla_nest_start(msg, SSDK_A_RUN_INTERVAL);
	struct ssdk_ts_stages st;
	struct ssdk_ts_point p;
	unsigned int op, k;

	if (!nest)
		return -EMSGSIZE;
	ssdk_run_interval(run, idx, &p);
	if (run->cfg.anatomy)
		ssdk_workers_ts_stages(run, idx, &st);
	if (nla_put_u32(msg, SSDK_A_INTERVAL_INDEX, idx))
		goto err_cancel;
	for (op = 0; op < SSDK_NR_OPS; op++)
		if (ssdk_nl_ts_op_fill(msg, op, &p.op[op],
				       run->cfg.anatomy ? st.op[op] : NULL))
			goto err_cancel;
	/* The heat row up to its last bucket that is not empty. */
	for (k = SSDK_HEAT_BUCKETS; k && !p.heat[k - 1]; k--)
		;
	if (k && nla_put(msg, SSDK_A_INTERVAL_HEAT, k * sizeof(p.heat[0]), p.heat))
		goto err_cancel;
	nla_nest_end(msg, nest);
	return 0;

err_cancel:
	nla_nest_cancel(msg, nest);
	return -EMSGSIZE;
}

/* Where a timeseries-get or captured-get dump resumes, in cb->args. */
enum {
	SSDK_TS_DUMP_ID,	/* the run */
	SSDK_TS_DUMP_NEXT,	/* next record + 1 (0: not started) */
	SSDK_TS_DUMP_END,	/* records published at the first call, + 1 */
};

int ssdk_nl_timeseries_get_doit(struct sk_buff *skb, struct genl_info *info)
{
	NL_SET_ERR_MSG(info->extack,
		       "timeseries-get is a dump: a run's intervals need many messages");
	return -EOPNOTSUPP;
}

/*
 * A dump of records a run publishes while it goes (intervals, captured
 * IOs): from the request's "from" on its first call, up to those
 * @published then, resumed from cb->args on the next calls.
 */
static int ssdk_nl_live_records_dump(struct sk_buff *skb, struct netlink_callback *cb, u8 cmd,
				     u32 (*published)(const struct ssdk_run *run),
				     ssdk_nl_record_fill_t fill)
{
	struct ssdk_run *run = ssdk_nl_dump_run(cb, SSDK_TS_DUMP_ID);
	struct nlattr **attrs = ssdk_dump_attrs(cb);
	u32 next;

	if (IS_ERR(run))
		return PTR_ERR(run);
	if (!cb->args[SSDK_TS_DUMP_NEXT]) {
		cb->args[SSDK_TS_DUMP_NEXT] = 1 + (attrs[SSDK_A_RUN_FROM] ?
						   nla_get_u32(attrs[SSDK_A_RUN_FROM]) : 0);
		cb->args[SSDK_TS_DUMP_END] = 1 + published(run);
	}
	next = ssdk_nl_records_fill(skb, cb, run, cmd, cb->args[SSDK_TS_DUMP_NEXT] - 1,
				    cb->args[SSDK_TS_DUMP_END] - 1, fill, NULL);
	cb->args[SSDK_TS_DUMP_NEXT] = 1 + next;
	ssdk_run_put(run);
	return skb->len;
}

int ssdk_nl_timeseries_get_dumpit(struct sk_buff *skb, struct netlink_callback *cb)
{
	return ssdk_nl_live_records_dump(skb, cb, SSDK_CMD_TIMESERIES_GET, ssdk_run_intervals,
					 ssdk_nl_interval_fill);
}

/* --- captured-get ------------------------------------------------------------- */

static int ssdk_nl_captured_fill(struct sk_buff *msg, const struct ssdk_run *run,
				 const void *ctx, u32 idx)
{
	return ssdk_nl_io_fill(msg, SSDK_A_RUN_CAPTURED, ssdk_run_captured(run, idx));
}

int ssdk_nl_captured_get_doit(struct sk_buff *skb, struct genl_info *info)
{
	NL_SET_ERR_MSG(info->extack,
		       "captured-get is a dump: a run's captured IOs need many messages");
	return -EOPNOTSUPP;
}

int ssdk_nl_captured_get_dumpit(struct sk_buff *skb, struct netlink_callback *cb)
{
	return ssdk_nl_live_records_dump(skb, cb, SSDK_CMD_CAPTURED_GET, ssdk_run_captured_count,
					 ssdk_nl_captured_fill);
}

/* --- results-get --------------------------------------------------------------- */

int ssdk_nl_results_get_doit(struct sk_buff *skb, struct genl_info *info)
{
	return ssdk_nl_status_doit(info, SSDK_CMD_RESULTS_GET);
}

/* Where a results dump resumes, in cb->args. */
enum {
	SSDK_DUMP_ID,		/* the run */
	SSDK_DUMP_PART,		/* 0: status; 1 + set: that set's histogram */
	SSDK_DUMP_BUCKET,	/* next bucket of the histogram */
};

/*
 * One message of a set's non-empty buckets from cb->args[SSDK_DUMP_BUCKET]
 * on, as many as fit; none for a set without any. Return: 0 when the set
 * is done, 1 when the skb is full, or -EMSGSIZE when not even one bucket
 * fits in an empty skb.
 */
static int ssdk_nl_hist_fill(struct sk_buff *msg, struct netlink_callback *cb,
			     struct ssdk_run *run, unsigned int set)
{
	unsigned int idx = cb->args[SSDK_DUMP_BUCKET], added = 0;
	unsigned int start_len = msg->len;
	struct nlattr *stats, *bucket;
	int full = 0;
	void *hdr;
	u64 count;

	hdr = genlmsg_put(msg, NETLINK_CB(cb->skb).portid, cb->nlh->nlmsg_seq,
			  &ssdk_nl_family, NLM_F_MULTI, SSDK_CMD_RESULTS_GET);
	if (!hdr)
		return start_len ? 1 : -EMSGSIZE;
	if (nla_put_u32(msg, SSDK_A_RUN_ID, run->id))
		goto full;
	stats = nla_nest_start(msg, SSDK_A_RUN_STATS);
	if (!stats || ssdk_nl_set_fill(msg, set))
		goto full;

	for (; idx < SSDK_HIST_NR_BUCKETS; idx++) {
		count = ssdk_run_bucket(run, set, idx);
		if (!count)
			continue;
		bucket = nla_nest_start(msg, SSDK_A_STATS_BUCKET);
		if (!bucket || nla_put_u32(msg, SSDK_A_BUCKET_INDEX, idx) ||
		    nla_put_u64_64bit(msg, SSDK_A_BUCKET_COUNT, count, SSDK_A_BUCKET_PAD)) {
			if (bucket)
				nla_nest_cancel(msg, bucket);
			full = 1;
			break;
		}
		nla_nest_end(msg, bucket);
		added++;
	}
	cb->args[SSDK_DUMP_BUCKET] = idx;
	if (!added) {
		genlmsg_cancel(msg, hdr);
		if (!full)
			return 0;
		return start_len ? 1 : -EMSGSIZE;
	}
	nla_nest_end(msg, stats);
	genlmsg_end(msg, hdr);
	return full;

full:
	genlmsg_cancel(msg, hdr);
	return start_len ? 1 : -EMSGSIZE;
}

int ssdk_nl_results_get_dumpit(struct sk_buff *skb, struct netlink_callback *cb)
{
	struct ssdk_run *run = ssdk_nl_dump_run(cb, SSDK_DUMP_ID);
	int ret = 0;

	if (IS_ERR(run))
		return PTR_ERR(run);

	if (cb->args[SSDK_DUMP_PART] == 0) {
		ret = ssdk_nl_run_fill(skb, run, NETLINK_CB(cb->skb).portid,
				       cb->nlh->nlmsg_seq, NLM_F_MULTI, SSDK_CMD_RESULTS_GET);
		if (!ret)
			cb->args[SSDK_DUMP_PART] = 1;
	}
	while (!ret && cb->args[SSDK_DUMP_PART] <= run->nr_sets) {
		if (ssdk_nl_set_kept(run, cb->args[SSDK_DUMP_PART] - 1))
			ret = ssdk_nl_hist_fill(skb, cb, run, cb->args[SSDK_DUMP_PART] - 1);
		if (!ret) {
			cb->args[SSDK_DUMP_PART]++;
			cb->args[SSDK_DUMP_BUCKET] = 0;
		}
	}
	ssdk_run_put(run);
	if (ret < 0 && !skb->len)
		return ret;
	return skb->len;
}

/* --- trace-new, trace-load -------------------------------------------------------- */

/* A reply of trace-new or trace-load: the trace's id, and its IOs loaded. */
static int ssdk_nl_trace_reply(struct genl_info *info, u8 cmd, u32 id, const u32 *loaded)
{
	struct sk_buff *msg;
	void *hdr;

	msg = genlmsg_new(NLMSG_GOODSIZE, GFP_KERNEL);
	if (!msg)
		return -ENOMEM;
	hdr = genlmsg_put_reply(msg, info, &ssdk_nl_family, 0, cmd);
	if (!hdr || nla_put_u32(msg, SSDK_A_TRACE_ID, id) ||
	    (loaded && nla_put_u32(msg, SSDK_A_TRACE_IOS, *loaded))) {
		nlmsg_free(msg);
		return -EMSGSIZE;
	}
	genlmsg_end(msg, hdr);
	return genlmsg_reply(msg, info);
}

int ssdk_nl_trace_new_doit(struct sk_buff *skb, struct genl_info *info)
{
	u32 id;
	int ret;

	ret = ssdk_nl_need_sys_admin(skb, info);
	if (ret)
		return ret;
	if (GENL_REQ_ATTR_CHECK(info, SSDK_A_TRACE_IOS))
		return -EINVAL;
	ret = ssdk_trace_new(genl_info_net(info), info->snd_portid,
			     nla_get_u32(info->attrs[SSDK_A_TRACE_IOS]), info->extack, &id);
	/* Unreplied, the trace goes with the socket that could not learn its id. */
	return ret ?: ssdk_nl_trace_reply(info, SSDK_CMD_TRACE_NEW, id, NULL);
}

int ssdk_nl_trace_load_doit(struct sk_buff *skb, struct genl_info *info)
{
	struct nlattr **attrs = info->attrs;
	u32 id, loaded;
	int ret;

	ret = ssdk_nl_need_sys_admin(skb, info);
	if (ret)
		return ret;
	if (GENL_REQ_ATTR_CHECK(info, SSDK_A_TRACE_ID) ||
	    GENL_REQ_ATTR_CHECK(info, SSDK_A_TRACE_CHUNK))
		return -EINVAL;
	id = nla_get_u32(attrs[SSDK_A_TRACE_ID]);
	ret = ssdk_trace_load(genl_info_net(info), info->snd_portid, id, attrs[SSDK_A_TRACE_ID],
			      attrs[SSDK_A_TRACE_CHUNK], info->extack, &loaded);
	return ret ?: ssdk_nl_trace_reply(info, SSDK_CMD_TRACE_LOAD, id, &loaded);
}

/* --- notifications ------------------------------------------------------------- */

/**
 * ssdk_nl_notify_end() - Tell the runs group that a run ended.
 * @run: The run.
 *
 * Context: Process context.
 */
void ssdk_nl_notify_end(struct ssdk_run *run)
{
	struct sk_buff *msg;

	if (!genl_has_listeners(&ssdk_nl_family, &init_net, SSDK_NLGRP_RUNS))
		return;
	msg = genlmsg_new(SSDK_NL_RUN_SIZE, GFP_KERNEL);
	if (!msg)
		return;
	if (ssdk_nl_run_fill(msg, run, 0, 0, 0, SSDK_CMD_RUN_END_NTF)) {
		nlmsg_free(msg);
		return;
	}
	genlmsg_multicast(&ssdk_nl_family, msg, 0, SSDK_NLGRP_RUNS, GFP_KERNEL);
}

/**
 * ssdk_nl_progress_wanted() - Whether anybody listens to the progress group.
 *
 * Context: Any context.
 * Return: true when a socket has joined it.
 */
bool ssdk_nl_progress_wanted(void)
{
	return genl_has_listeners(&ssdk_nl_family, &init_net, SSDK_NLGRP_PROGRESS);
}

/**
 * ssdk_nl_notify_progress() - Tell the progress group how a run goes.
 * @run: The run, going.
 * @from: The first interval of its time series not told yet.
 * @to: Its intervals published (ssdk_workers_ts_published()).
 *
 * One run-progress-ntf: the run's state and progress, and as many of the
 * intervals [@from, @to) as fit a message.
 *
 * Context: Process context: the run's first worker.
 * Return: The first interval left untold.
 */
u32 ssdk_nl_notify_progress(struct ssdk_run *run, u32 from, u32 to)
{
	struct ssdk_run_snapshot snap;
	struct sk_buff *msg;
	u32 next = from;
	void *hdr;

	msg = genlmsg_new(NLMSG_GOODSIZE, GFP_KERNEL);
	if (!msg)
		return from;
	hdr = genlmsg_put(msg, 0, 0, &ssdk_nl_family, 0, SSDK_CMD_RUN_PROGRESS_NTF);
	if (!hdr)
		goto err_free;
	ssdk_run_snapshot(run, &snap);
	if (nla_put_u32(msg, SSDK_A_RUN_ID, run->id) ||
	    nla_put_u32(msg, SSDK_A_RUN_STATE, snap.state) ||
	    ssdk_nl_progress_fill(msg, run, &snap))
		goto err_free;
	while (next < to && !ssdk_nl_interval_fill(msg, run, NULL, next))
		next++;
	genlmsg_end(msg, hdr);
	genlmsg_multicast(&ssdk_nl_family, msg, 0, SSDK_NLGRP_PROGRESS, GFP_KERNEL);
	return next;

err_free:
	nlmsg_free(msg);
	return from;
}

/*
 * An owned run ends with the generic netlink socket that started it, and
 * the traces it loaded that no run took go with it.
 */
static int ssdk_nl_release(struct notifier_block *nb, unsigned long event, void *ptr)
{
	struct netlink_notify *n = ptr;

	if (event == NETLINK_URELEASE && n->protocol == NETLINK_GENERIC && n->portid) {
		ssdk_runs_owner_gone(n->net, n->portid);
		ssdk_traces_owner_gone(n->net, n->portid);
	}
	return NOTIFY_DONE;
}

static struct notifier_block ssdk_nl_notifier = {
	.notifier_call = ssdk_nl_release,
};

int __init ssdk_netlink_init(void)
{
	unsigned int i;
	int ret;

	for (i = 0; i < ARRAY_SIZE(ssdk_nl_ops); i++) {
		ssdk_nl_ops_hooked[i] = ssdk_nl_ops[i];
		if (ssdk_nl_ops[i].cmd == SSDK_CMD_RUN_GET ||
		    ssdk_nl_ops[i].cmd == SSDK_CMD_RESULTS_GET)
			ssdk_nl_ops_hooked[i].start = ssdk_nl_run_dump_start;
		if (ssdk_nl_ops[i].cmd == SSDK_CMD_SLOWEST_GET)
			ssdk_nl_ops_hooked[i].done = ssdk_nl_slowest_dump_done;
	}
	ret = netlink_register_notifier(&ssdk_nl_notifier);
	if (ret)
		return ret;
	ret = genl_register_family(&ssdk_nl_family);
	if (ret)
		netlink_unregister_notifier(&ssdk_nl_notifier);
	return ret;
}

void ssdk_netlink_exit(void)
{
	genl_unregister_family(&ssdk_nl_family);
	netlink_unregister_notifier(&ssdk_nl_notifier);
}

/*
 * Lets genetlink load the module when userspace resolves the family: ssdk's,
 * never the bare build's, which no one should get unasked.
 */
#ifndef SSDK_BARE
MODULE_ALIAS_GENL_FAMILY(SSDK_FAMILY_NAME);
#endif
