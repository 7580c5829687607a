// SPDX-License-Identifier: GPL-2.0
/*
 * The presets of --profile. Each reproduces the protocol of a published
 * SSD review on whatever target it is given: the transfer size, queue
 * depth, LBA span and duration the reviewers used. Spans are from the
 * start of the target; a profile without one covers the whole target.
 * Writes still need --allow-write on the command line: a profile never
 * consents for its user.
 */

#include <string.h>

#include "profiles.h"
#include "values.h"

const struct profile profiles[] = {
	{ "anandtech-2009-randwrite",
	  "--rw randwrite --bs 4k --span 8g --iodepth 3 --runtime 3m --pattern random", 0,
	  "AnandTech 2009 (X25-M G2, Vertex): 4 KB random writes over an 8 GB LBA span, QD3, 3 minutes" },
	{ "anandtech-2009-randread",
	  "--rw randread --bs 4k --iodepth 3 --runtime 3m", 0,
	  "AnandTech 2009: 4 KB random reads over the whole drive, QD3, 3 minutes" },
	{ "anandtech-2011-randwrite-qd32",
	  "--rw randwrite --bs 4k --span 8g --iodepth 32 --runtime 3m --pattern random", 0,
	  "AnandTech 2011: the 4 KB random write test at QD32, 8 GB span, 3 minutes" },
	{ "anandtech-2011-randread-qd32",
	  "--rw randread --bs 4k --iodepth 32 --runtime 3m", 0,
	  "AnandTech 2011: 4 KB random reads at QD32 over the whole drive, 3 minutes" },
	{ "anandtech-2011-randwrite-512b",
	  "--rw randwrite --bs 4k --align-offset 512 --span 8g --iodepth 3 --runtime 3m --pattern random", 0,
	  "AnandTech 2011 (Intel 510): 4 KB random writes 512 B past 4 KB boundaries, 8 GB, QD3, 3 min" },
	{ "anandtech-seqread-128k",
	  "--rw read --bs 128k --iodepth 1 --runtime 1m", 0,
	  "AnandTech 2009-2011: 128 KB sequential reads, QD1, 1 minute" },
	{ "anandtech-seqwrite-128k",
	  "--rw write --bs 128k --iodepth 1 --runtime 1m --pattern random", 0,
	  "AnandTech 2009-2011: 128 KB sequential writes, QD1, 1 minute" },
	{ "tomshardware-qd-randread",
	  "--rw randread --bs 4k --span 16g --iodepth 1,2,4,8,16,32 --runtime 1m", 1,
	  "Tom's Hardware: 4 KB random reads over 16 GB at QD 1, 2, 4, 8, 16, 32 (a sweep)" },
	{ "tomshardware-qd-randwrite",
	  "--rw randwrite --bs 4k --span 16g --iodepth 1,2,4,8,16,32 --runtime 1m --pattern random", 1,
	  "Tom's Hardware: 4 KB random writes over 16 GB at QD 1, 2, 4, 8, 16, 32 (a sweep)" },
};

const unsigned int nr_profiles = ARRAY_SIZE(profiles);

/**
 * profile_find() - A profile by name.
 * @name: Its name.
 *
 * Return: The profile, or NULL.
 */
const struct profile *profile_find(const char *name)
{
	unsigned int i;

	for (i = 0; name && i < nr_profiles; i++)
		if (!strcmp(profiles[i].name, name))
			return &profiles[i];
	return NULL;
}
