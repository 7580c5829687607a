/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _SSDK_LAYOUT_H
#define _SSDK_LAYOUT_H

#include <stddef.h>
#include <stdint.h>

int layout_file(const char *path, uint64_t size, uint64_t seed, char *err, size_t errlen);

#endif /* _SSDK_LAYOUT_H */
