/*
 * cairn_time - the one text of an arrival time (doc/formats.md, `received`):
 * RFC 3339 in UTC with milliseconds, always 24 characters, so that the
 * texts of two times sort as the times do.
 */
#ifndef CAIRN_TIME_H
#define CAIRN_TIME_H

#include <stddef.h>
#include <stdint.h>
#include <time.h>

/* "2026-12-09T21:14:03.512Z" and its terminating NUL. */
#define CAIRN_TIME_LEN 25

/*
 * Write t as YYYY-MM-DDTHH:MM:SS.mmmZ (milliseconds truncated, never
 * rounded up into the next second) into buf; returns buf.  A time outside
 * years 1970-9999 is clamped to those bounds, so that the text keeps its
 * width.
 */
char *cairn_time_format(const struct timespec *t, char buf[CAIRN_TIME_LEN]);

/*
 * Read back what cairn_time_format() writes, and only that (so that two
 * times read compare as their texts do): 0, or -1 when s is not exactly
 * such a text of a real date.
 */
int cairn_time_parse(const char *s, struct timespec *t);

/*
 * Read any RFC 3339 time with an offset from s[0..len), as a problem
 * set's policy or `cairn solve --received` writes it: YYYY-MM-DDTHH:MM:SS,
 * optionally '.' and 1 to 9 digits, then Z or +HH:MM / -HH:MM ('t' and
 * 'z' in either case).  0 with *t the moment (UTC), or -1 when s is not
 * such a text of a real date and time (a leap second 60 is not one).
 */
int cairn_time_parse_offset(const char *s, size_t len, struct timespec *t);

/* t in milliseconds since the epoch, truncated towards the past. */
int64_t cairn_time_ms(const struct timespec *t);

#endif
