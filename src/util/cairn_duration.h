/*
 * cairn_duration - lengths of time in whole units ("180d", "12h", "30m",
 * "45s"), as the configuration's `retain` writes them.  A duration is
 * kept in seconds; its text is a whole number and one unit, and the text
 * written reads back to the same number.
 */
#ifndef CAIRN_DURATION_H
#define CAIRN_DURATION_H

#include <stdint.h>

/* The longest duration: 36500 days, a hundred years. */
#define CAIRN_DURATION_MAX (36500ULL * 86400)

/* Longest output of cairn_duration_format(), with the NUL. */
#define CAIRN_DURATION_BUFLEN 24

/*
 * Parse s (digits, then d, h, m or s, nothing else) into *seconds.
 * Returns 0, or -EINVAL when s is not a duration from 1 s to
 * CAIRN_DURATION_MAX.
 */
int cairn_duration_parse(const char *s, uint64_t *seconds);

/* Write seconds (> 0) with the largest unit that divides it exactly. */
const char *cairn_duration_format(uint64_t seconds, char buf[CAIRN_DURATION_BUFLEN]);

#endif
