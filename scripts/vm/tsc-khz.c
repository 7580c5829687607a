// SPDX-License-Identifier: GPL-2.0
/*
 * Print the host's TSC frequency in kHz.
 *
 * Under TCG without icount a guest's RDTSC reads the host's TSC, and the
 * guest calibrates it at boot against the emulated PIT/HPET in a window
 * of a few milliseconds. On a busy host the vCPU thread can be descheduled
 * inside that window: the early frequency comes out wrong, the refinement
 * a second later is discarded when it differs by more than 1%, and with
 * tsc=reliable nothing corrects it, so guest time runs at a multiple of
 * the host's. scripts/vm-run passes this value as tsc_early_khz instead.
 *
 * Three 50 ms windows against CLOCK_MONOTONIC_RAW; the median is printed.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <x86intrin.h>

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + ts.tv_nsec;
}

static uint64_t window_khz(void)
{
	const struct timespec pause = { .tv_nsec = 50 * 1000 * 1000 };
	uint64_t t0, t1, c0, c1;

	t0 = now_ns();
	c0 = __rdtsc();
	nanosleep(&pause, NULL);
	t1 = now_ns();
	c1 = __rdtsc();
	return (c1 - c0) * 1000000ull / (t1 - t0);
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

int main(void)
{
	uint64_t khz[3];
	int i;

	for (i = 0; i < 3; i++)
		khz[i] = window_khz();
	qsort(khz, 3, sizeof(khz[0]), cmp_u64);
	printf("%llu\n", (unsigned long long)khz[1]);
	return 0;
}
