/* SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause */
/*
 * libssdk's private header: the handle, the netlink plumbing that nl.c
 * provides to the operations (info.c, run.c, ios.c, timeseries.c), and
 * what config.c provides to run.c.
 */
#ifndef _LIBSSDK_INTERNAL_H
#define _LIBSSDK_INTERNAL_H

#include <errno.h>
#include <netlink/genl/ctrl.h>
#include <netlink/genl/genl.h>

#include "libssdk.h"
#include "platform.h"

#define SSDK_EXPORT	__attribute__((visibility("default")))

/**
 * struct ssdk - A connection to the module.
 * @sk: Requests and their replies.
 * @ntf: The module's notifications (notify.c); opened by the first wait
 *	or progress listener.
 * @ntf_groups: The groups @ntf joined: SSDK_NTF_RUNS, SSDK_NTF_PROGRESS.
 * @family: The family's id.
 * @hist_checked: The module's histogram layout was found to be ours.
 * @bare: 0 not asked yet; 1 the module measures; 2 it is the bare build.
 * @max_request: Bytes of the largest request @sk sends: its send buffer
 *	less what the kernel keeps of it (netlink_sendmsg()).
 * @error: What the last failure said.
 * @error_attr: The spec's name of the attribute it named, or "".
 */
struct ssdk {
	struct nl_sock *sk;
	struct nl_sock *ntf;
	unsigned int ntf_groups;
	int family;
	int hist_checked;
	int bare;
	size_t max_request;
	char error[SSDK_ERROR_LEN];
	char error_attr[SSDK_ERROR_ATTR_LEN];
};

/* Called for each message of a reply; returns 0 or -errno. */
typedef int (*ssdk_reply_fn)(struct ssdk *h, struct nlmsghdr *nlh, void *arg);

struct nl_msg *ssdk_msg_new(struct ssdk *h, uint8_t cmd, int dump);
struct nl_msg *ssdk_msg_new_size(struct ssdk *h, uint8_t cmd, int dump, size_t payload);
int ssdk_request(struct ssdk *h, struct nl_msg *msg, ssdk_reply_fn reply, void *arg);
size_t ssdk_max_request(const struct ssdk *h);
const char *ssdk_nl_error_text(int nlerr, int sys_errno);
struct nl_msg *ssdk_run_msg(struct ssdk *h, uint8_t cmd, int dump, uint32_t id,
			    const uint32_t *from);
int ssdk_fail(struct ssdk *h, int err, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void ssdk_copy_string(char *dst, size_t size, const struct nlattr *attr);

/* config.c */
int ssdk_config_put(struct nl_msg *msg, const struct ssdk_run_config *config);
void ssdk_status_parse(struct ssdk_run_status *st, struct nlmsghdr *nlh);
int ssdk_stats_set(struct nlattr *nest, struct nlattr **tb);

/* notify.c: the module's multicast groups, on the handle's notification socket. */
#define SSDK_NTF_RUNS		(1U << 0)	/* run-end-ntf */
#define SSDK_NTF_PROGRESS	(1U << 1)	/* run-progress-ntf */
int ssdk_ntf_join(struct ssdk *h, unsigned int groups);
const void *ssdk_ntf_recv(struct ssdk *h, int *len);
int ssdk_ntf_of(struct ssdk *h, const struct nlmsghdr *nlh, uint32_t id);
int ssdk_ntf_wait(struct ssdk *h, int64_t deadline_ms);
int64_t ssdk_now_ms(void);

/* timeseries.c: the intervals of a message (a timeseries-get reply, a progress). */
int ssdk_ts_parse(struct ssdk *h, const struct nlmsghdr *nlh, struct ssdk_ts_point *pts,
		  uint32_t max, uint32_t *count);

/* device.c: ssdk_device_model() under another sysfs (its tests'). */
int ssdk_device_disk_in(const char *sys, const char *target, char *buf, size_t size);
int ssdk_device_model_in(const char *sys, const char *target, char *buf, size_t size);
int ssdk_device_id_in(const char *sys, const char *target, struct ssdk_device_id *id);
int ssdk_device_time_in_queue_in(const char *sys, const char *target, uint64_t *ms);

/* cpulist.c, system.c */
unsigned int cpulist_count(const uint64_t *bits);
int cpulist_has(const uint64_t *bits, unsigned int cpu);

/* An attribute's value, or 0 when the message left it out. */
static inline uint32_t ssdk_attr_u32(struct nlattr **tb, int type)
{
	return tb[type] ? nla_get_u32(tb[type]) : 0;
}

static inline uint64_t ssdk_attr_u64(struct nlattr **tb, int type)
{
	return tb[type] ? nla_get_u64(tb[type]) : 0;
}

#endif /* _LIBSSDK_INTERNAL_H */
