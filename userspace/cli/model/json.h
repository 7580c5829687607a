/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A small streaming JSON writer: objects and arrays nest, commas and
 * indentation are the writer's business, strings are escaped. Members
 * take a key inside objects and NULL inside arrays.
 *
 *	struct json j;
 *
 *	json_init(&j, stdout);
 *	json_object_begin(&j, NULL);
 *	json_u64(&j, "id", 3);
 *	json_array_begin(&j, "caps", JSON_INLINE);
 *	json_str(&j, NULL, "bio");
 *	json_array_end(&j);
 *	json_object_end(&j);
 *	json_finish(&j);		// newline; 0 or -EIO
 */
#ifndef _SSDK_JSON_H
#define _SSDK_JSON_H

#include <stdint.h>
#include <stdio.h>

#define JSON_MAX_DEPTH	16

/* An array or object whose members go on one line: [1, 2, 3]. */
#define JSON_INLINE	1

struct json {
	FILE *f;
	int depth;
	int bad;			/* nesting misused */
	unsigned int members[JSON_MAX_DEPTH];
	int inline_from;	/* depth from which all is inline; 0 none */
};

void json_init(struct json *j, FILE *f);
void json_object_begin(struct json *j, const char *key);
void json_object_begin_inline(struct json *j, const char *key);
void json_object_end(struct json *j);
void json_array_begin(struct json *j, const char *key, int flags);
void json_array_end(struct json *j);
void json_str(struct json *j, const char *key, const char *value);
void json_u64(struct json *j, const char *key, uint64_t value);
void json_i64(struct json *j, const char *key, int64_t value);
void json_double(struct json *j, const char *key, double value);
void json_boolean(struct json *j, const char *key, int value);
void json_null(struct json *j, const char *key);
int json_finish(struct json *j);

#endif /* _SSDK_JSON_H */
