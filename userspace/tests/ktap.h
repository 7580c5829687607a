/* SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause */
/*
 * A KTAP harness for the host unit tests: a table of cases, CHECK()
 * macros that count failures and print the first few as diagnostics,
 * and ktap_main() to run the table.
 *
 *	static void test_one(void) { CHECK(1 + 1 == 2); }
 *	static const struct test_case cases[] = { TEST(test_one) };
 *	int main(void) { return ktap_main(cases, ARRAY_SIZE(cases)); }
 */
#ifndef _SSDK_TESTS_KTAP_H
#define _SSDK_TESTS_KTAP_H

#include <stdarg.h>
#include <stdio.h>
#include <time.h>

#define MAX_DIAG	8	/* diagnostics of failed checks per test */

#ifndef ARRAY_SIZE
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#endif

struct test_case {
	const char *name;
	void (*fn)(void);
};

#define TEST(fn)	{ #fn + 5, fn }	/* the name without "test_" */

static unsigned int case_failures;

static inline void diag(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));

static inline void diag(const char *fmt, ...)
{
	va_list ap;

	printf("# ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
}

static inline int check_at(int ok, int line, const char *what)
{
	if (!ok && case_failures++ < MAX_DIAG)
		diag("line %d: failed: %s", line, what);
	return ok;
}

/* Failure diagnostics show the condition; CHECKV also the values at stake. */
#define CHECK(cond)	check_at(!!(cond), __LINE__, #cond)
#define CHECKV(cond, fmt, ...) do {					\
	if (!CHECK(cond) && case_failures <= MAX_DIAG)			\
		diag("  " fmt, __VA_ARGS__);				\
} while (0)

static inline double now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static inline int ktap_main(const struct test_case *cases, unsigned int nr)
{
	unsigned int i, failed = 0;
	double start = now_ms();

	setvbuf(stdout, NULL, _IOLBF, 0);
	printf("KTAP version 1\n1..%u\n", nr);
	for (i = 0; i < nr; i++) {
		double t = now_ms();

		case_failures = 0;
		cases[i].fn();
		if (now_ms() - t >= 10)
			diag("%s: %.0f ms", cases[i].name, now_ms() - t);
		if (case_failures) {
			diag("%u checks failed", case_failures);
			failed++;
		}
		printf("%sok %u %s\n", case_failures ? "not " : "", i + 1, cases[i].name);
	}
	diag("Totals: pass:%u fail:%u xfail:0 xpass:0 skip:0 error:0 (%.0f ms)",
	     nr - failed, failed, now_ms() - start);
	return failed ? 1 : 0;
}

#endif /* _SSDK_TESTS_KTAP_H */
