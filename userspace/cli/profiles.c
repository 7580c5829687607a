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

#include "json.h"
#include "profiles.h"

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

static const struct profile profiles[] = {
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

/**
 * profile_find() - A profile by name.
 * @name: Its name.
 *
 * Return: The profile, or NULL.
 */
const struct profile *profile_find(const char *name)
{
	size_t i;

	for (i = 0; name && i < ARRAY_SIZE(profiles); i++)
		if (!strcmp(profiles[i].name, name))
			return &profiles[i];
	return NULL;
}

/**
 * profiles_print() - Every profile, one line each, or a JSON array.
 * @f: Where they go.
 * @json: Non-zero for JSON: [{"name", "command", "args", "source"}].
 */
void profiles_print(FILE *f, int json)
{
	struct json j;
	size_t i;

	if (!json) {
		for (i = 0; i < ARRAY_SIZE(profiles); i++)
			fprintf(f, "%-31s %s\n", profiles[i].name, profiles[i].source);
		return;
	}
	json_init(&j, f);
	json_array_begin(&j, NULL, 0);
	for (i = 0; i < ARRAY_SIZE(profiles); i++) {
		json_object_begin(&j, NULL);
		json_str(&j, "name", profiles[i].name);
		json_str(&j, "command", profiles[i].sweep ? "sweep" : "run");
		json_str(&j, "args", profiles[i].args);
		json_str(&j, "source", profiles[i].source);
		json_object_end(&j);
	}
	json_array_end(&j);
	json_finish(&j);
}
