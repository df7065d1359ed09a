/*
 * cairn_int - decimal 64-bit integers as puzzle files spell them.
 *
 * cairn_int_parse_i64() accepts exactly an optional '+' or '-' followed by one
 * or more ASCII digits (leading zeros allowed), nothing before or after,
 * and detects overflow exactly: INT64_MIN parses, one beyond either end
 * does not.  It is a hand-written loop rather than strtoll() because the
 * CSV reader calls it once per pile and must not pay for locale handling,
 * errno or a NUL-terminated copy of the field.  cairn_int_scan() is the
 * same loop stopping at the first non-digit, so that the CSV fast path
 * reads each byte of a record once.
 */
#include "config.h"

#include <errno.h>
#include <stdint.h>

#include "cairn_int.h"

/* Up to this many digits the value cannot exceed 10^18 - 1 < INT64_MAX. */
#define SAFE_DIGITS 18

int cairn_int_scan(const char **sp, const char *end, int64_t *out)
{
	const char *s = *sp, *digits, *safe;
	uint64_t v = 0, lim = INT64_MAX;
	int neg = 0, range = 0;

	if (s < end && (*s == '+' || *s == '-')) {
		neg = *s == '-';
		lim += neg;
		s++;
	}
	digits = s;
	safe = end - s > SAFE_DIGITS ? s + SAFE_DIGITS : end;
	for (; s < safe; s++) {
		unsigned d = (unsigned)(unsigned char)*s - '0';

		if (d > 9)
			goto done;
		v = v * 10 + d;
	}
	/* Read every digit even after an overflow: stop at the same place. */
	for (; s < end; s++) {
		unsigned d = (unsigned)(unsigned char)*s - '0';

		if (d > 9)
			break;
		if (range || v > (lim - d) / 10)
			range = 1;
		else
			v = v * 10 + d;
	}
done:
	*sp = s;
	if (s == digits)
		return -EINVAL;
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

int cairn_int_parse_i64(const char *s, size_t len, int64_t *out)
{
	const char *end = s + len;
	int64_t v;
	int rc = cairn_int_scan(&s, end, &v);

	/* "1...9x" is not an integer at all, even when too long for one. */
	if (s != end)
		return -EINVAL;
	if (rc == 0)
		*out = v;
	return rc;
}
