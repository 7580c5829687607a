/* SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause */
/*
 * What the code that the module and userspace share (this directory)
 * needs of the platform it is compiled on: the kernel's own types and
 * helpers, or the same names for userspace. The shared code uses these
 * names only, so that one file compiles on both sides, 32-bit kernels
 * included: no 128-bit integer, no compiler builtin, no floating point
 * outside what only userspace compiles (#ifndef __KERNEL__). And the
 * family's uapi header, which the kernel and userspace reach by two paths.
 */
#ifndef _SSDK_PLATFORM_H
#define _SSDK_PLATFORM_H

#ifdef __KERNEL__

#include <linux/bitops.h>
#include <linux/build_bug.h>
#include <linux/compiler.h>
#include <linux/errno.h>
#include <linux/math64.h>
#include <linux/string.h>
#include <linux/types.h>
#include <uapi/linux/ssdk.h>

#else /* userspace */

#include <assert.h>
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include <linux/ssdk.h>

/* The types of uint8_t... themselves: u64 and uint64_t pointers mix. */
typedef __UINT8_TYPE__ u8;
typedef __UINT16_TYPE__ u16;
typedef __UINT32_TYPE__ u32;
typedef __UINT64_TYPE__ u64;

#define BIT(nr)		(1UL << (nr))

#ifndef ARRAY_SIZE
#define ARRAY_SIZE(a)		(sizeof(a) / sizeof((a)[0]))
#endif

/* One thread at a time in userspace's uses: plain accesses. */
#define READ_ONCE(x)		(x)
#define WRITE_ONCE(x, val)	((x) = (val))

/* As the kernel's: 1 + the number of the highest bit set, 0 for 0. */
static inline unsigned int fls64(u64 x)
{
	return x ? 64 - __builtin_clzll(x) : 0;
}

static inline u64 div64_u64(u64 dividend, u64 divisor)
{
	return dividend / divisor;
}

static inline u64 div_u64_rem(u64 dividend, u32 divisor, u32 *remainder)
{
	*remainder = dividend % divisor;
	return dividend / divisor;
}

/* As the kernel's: the 128-bit product of @a and @b, shifted right. */
static inline u64 mul_u64_u64_shr(u64 a, u64 b, unsigned int shift)
{
	return (u64)(((__uint128_t)a * b) >> shift);
}

#endif /* __KERNEL__ */

#endif /* _SSDK_PLATFORM_H */
