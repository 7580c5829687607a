// SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause
/*
 * CPU lists as the kernel writes and reads them (Documentation/admin-guide/
 * cputopology.rst, lib/bitmap-str.c's bitmap_parselist()): "0-3,8,10-11",
 * a range with a stride as cpusets take it ("0-15:2"), "" for none; and
 * blk-mq's hardware queues' cpu_list, which separates with ", ".
 */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

#define WORDS	(SSDK_MAX_CPUS / 64)

static int cpu_number(const char **s, unsigned long *v)
{
	char *end;

	if (**s < '0' || **s > '9')
		return -EINVAL;
	errno = 0;
	*v = strtoul(*s, &end, 10);
	if (errno || *v >= SSDK_MAX_CPUS)
		return -EINVAL;
	*s = end;
	return 0;
}

SSDK_EXPORT int ssdk_cpulist_parse(const char *list, uint64_t *bits)
{
	unsigned long a, b, stride, c;
	const char *s = list;

	memset(bits, 0, WORDS * sizeof(*bits));
	if (!s)
		return -EINVAL;
	while (*s == ' ')
		s++;
	if (!*s || *s == '\n')
		return 0;
	for (;;) {
		if (cpu_number(&s, &a))
			return -EINVAL;
		b = a;
		stride = 1;
		if (*s == '-') {
			s++;
			if (cpu_number(&s, &b) || b < a)
				return -EINVAL;
			if (*s == ':') {
				s++;
				if (cpu_number(&s, &stride) || !stride)
					return -EINVAL;
			}
		}
		for (c = a; c <= b; c += stride)
			bits[c / 64] |= 1ULL << (c % 64);
		if (*s != ',')
			break;
		s++;
		while (*s == ' ')	/* blk-mq's cpu_list: "0, 1" */
			s++;
	}
	return !*s || (*s == '\n' && !s[1]) ? 0 : -EINVAL;
}

static int cpu_set(const uint64_t *bits, unsigned int c)
{
	return c < SSDK_MAX_CPUS && (bits[c / 64] >> (c % 64)) & 1;
}

SSDK_EXPORT int ssdk_cpulist_format(const uint64_t *bits, char *buf, size_t size)
{
	unsigned int c = 0, end;
	size_t len = 0;
	int n;

	if (!size)
		return -ENAMETOOLONG;
	buf[0] = '\0';
	while (c < SSDK_MAX_CPUS) {
		if (!cpu_set(bits, c)) {
			c++;
			continue;
		}
		for (end = c; cpu_set(bits, end + 1); end++)
			;
		if (end == c)
			n = snprintf(buf + len, size - len, "%s%u", len ? "," : "", c);
		else
			n = snprintf(buf + len, size - len, "%s%u-%u", len ? "," : "", c, end);
		if ((size_t)n >= size - len) {
			if (size > 4)
				strcpy(buf + size - 4, "...");
			return -ENAMETOOLONG;
		}
		len += n;
		c = end + 1;
	}
	return 0;
}

/**
 * cpulist_count() - CPUs in a bitmap.
 * @bits: SSDK_MAX_CPUS / 64 words.
 *
 * Return: How many are set.
 */
unsigned int cpulist_count(const uint64_t *bits)
{
	unsigned int i, n = 0;

	for (i = 0; i < WORDS; i++)
		n += __builtin_popcountll(bits[i]);
	return n;
}

/**
 * cpulist_has() - Whether a bitmap has a CPU.
 * @bits: SSDK_MAX_CPUS / 64 words.
 * @cpu: The CPU.
 *
 * Return: 1 or 0.
 */
int cpulist_has(const uint64_t *bits, unsigned int cpu)
{
	return cpu_set(bits, cpu);
}
