// SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause
/*
 * Run-to-run spread: a figure measured N times (--repeat N) as its mean,
 * its least and greatest, its sample standard deviation and the 95%
 * confidence interval of its mean (Student's t, N - 1 degrees of
 * freedom); and the rule that says two drives differ only when their
 * intervals do not overlap. The CLI's text and JSON and the Python
 * package's round-up all use these.
 */

#include <math.h>

#include "internal.h"

/* Student's t at 97.5% (a two-sided 95% interval), 1 to 30 degrees of freedom. */
static const double t975[] = {
	12.7062, 4.3027, 3.1824, 2.7764, 2.5706, 2.4469, 2.3646, 2.3060, 2.2622, 2.2281,
	2.2010, 2.1788, 2.1604, 2.1448, 2.1314, 2.1199, 2.1098, 2.1009, 2.0930, 2.0860,
	2.0796, 2.0739, 2.0687, 2.0639, 2.0595, 2.0555, 2.0518, 2.0484, 2.0452, 2.0423,
};

SSDK_EXPORT double ssdk_t975(uint32_t df)
{
	/* Beyond the table: the normal quantile and Cornish-Fisher's two terms. */
	const double z = 1.959964;

	if (!df)
		return NAN;
	if (df <= ARRAY_SIZE(t975))
		return t975[df - 1];
	return z + (z * z * z + z) / (4.0 * df) +
	       (5 * pow(z, 5) + 16 * z * z * z + 3 * z) / (96.0 * df * df);
}

SSDK_EXPORT int ssdk_spread(const double *v, uint32_t n, struct ssdk_spread *out)
{
	double sum = 0, sq = 0, half;
	uint32_t i;

	*out = (struct ssdk_spread){ 0 };
	if (!n || !v)
		return -EINVAL;
	out->n = n;
	out->min = out->max = v[0];
	for (i = 0; i < n; i++) {
		if (!isfinite(v[i]))
			return -EINVAL;
		sum += v[i];
		out->min = fmin(out->min, v[i]);
		out->max = fmax(out->max, v[i]);
	}
	out->mean = sum / n;
	for (i = 0; i < n; i++)
		sq += (v[i] - out->mean) * (v[i] - out->mean);
	out->stddev = n > 1 ? sqrt(sq / (n - 1)) : 0;
	half = n > 1 ? ssdk_t975(n - 1) * out->stddev / sqrt(n) : 0;
	out->ci_lo = out->mean - half;
	out->ci_hi = out->mean + half;
	return 0;
}

SSDK_EXPORT int ssdk_spread_differ(const struct ssdk_spread *a, const struct ssdk_spread *b)
{
	if (a->n < 2 || b->n < 2)
		return 0;
	return a->ci_hi < b->ci_lo || b->ci_hi < a->ci_lo;
}
