/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Named workloads that reproduce published test protocols: each is a
 * list of ssdk ctl options, applied before the command line's own, which
 * may override any of them.
 */
#ifndef _SSDK_PROFILES_H
#define _SSDK_PROFILES_H

/**
 * struct profile - A named workload.
 * @name: What --profile takes.
 * @args: Its options, as on the command line, blank-separated.
 * @sweep: It is a queue-depth sweep: for ssdk ctl sweep only.
 * @source: Where the protocol comes from, in one line.
 */
struct profile {
	const char *name;
	const char *args;
	int sweep;
	const char *source;
};

extern const struct profile profiles[];
extern const unsigned int nr_profiles;

const struct profile *profile_find(const char *name);

#endif /* _SSDK_PROFILES_H */
