/*
 * cairn_int - decimal 64-bit integers as puzzle files spell them.
 *
 * cairn_parse_i64() accepts exactly an optional '+' or '-' followed by one
 * or more ASCII digits (leading zeros allowed), nothing before or after,
 * and detects overflow exactly: INT64_MIN parses, one beyond either end
 * does not.  It is a hand-written loop rather than strtoll() because the
 * CSV reader calls it once per pile and must not pay for locale handling,
 * errno or a NUL-terminated copy of the field.
 */
#include "config.h"

#include <errno.h>
#include <stdint.h>

#include "cairn_input.h"

/* Up to this many digits the value cannot exceed 10^18 - 1 < INT64_MAX. */
#define SAFE_DIGITS 18

int cairn_parse_i64(const char *s, size_t len, int64_t *out)
{
	const char *end = s + len;
	const char *safe;
	uint64_t v = 0, lim = INT64_MAX;
	int neg = 0, range = 0;

	if (s < end && (*s == '+' || *s == '-')) {
		neg = *s == '-';
		lim += neg;
		s++;
	}
	if (s == end)
		return -EINVAL;
	safe = end - s > SAFE_DIGITS ? s + SAFE_DIGITS : end;
	for (; s < safe; s++) {
		unsigned d = (unsigned)(unsigned char)*s - '0';

		if (d > 9)
			return -EINVAL;
		v = v * 10 + d;
	}
	/* Keep scanning after an overflow: "1...9x" is not an integer at all. */
	for (; s < end; s++) {
		unsigned d = (unsigned)(unsigned char)*s - '0';

		if (d > 9)
			return -EINVAL;
		if (range || v > (lim - d) / 10)
			range = 1;
		else
			v = v * 10 + d;
	}
	if (range)
		return -ERANGE;
	if (!neg)
		*out = (int64_t)v;
	else if (v > (uint64_t)INT64_MAX)
		*out = INT64_MIN;
	else
		*out = -(int64_t)v;
	return 0;
}
