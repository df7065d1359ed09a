/*
 * cairn_size - parse and print byte counts with units.
 *
 * Parsing is strict: only unsigned decimal digits, then optional blanks and
 * one unit from a fixed, case-sensitive table, so "64XB" or "1.5GiB" are
 * refused rather than guessed at.  Multiplication is checked, so a value
 * that does not fit in 64 bits is reported as too large and never wraps.
 * Formatting picks the largest unit that divides the value exactly, which
 * makes format-then-parse the identity.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "cairn_size.h"

struct size_unit {
	const char *name;
	uint64_t factor;
};

#define KI 1024ULL
#define KD 1000ULL

/* Largest factor first: cairn_size_format() takes the first exact fit. */
static const struct size_unit units[] = {
	{ "TiB", KI * KI * KI * KI },
	{ "TB", KD * KD * KD * KD },
	{ "GiB", KI * KI * KI },
	{ "GB", KD * KD * KD },
	{ "MiB", KI * KI },
	{ "MB", KD * KD },
	{ "KiB", KI },
	{ "kB", KD },
	{ "k", KD },
	{ "B", 1 },
	{ "", 1 },
};

#define NUNITS (sizeof(units) / sizeof(units[0]))

/* factor_of - the multiplier for unit name u, or 0 when there is none. */
static uint64_t factor_of(const char *u)
{
	size_t i;

	for (i = 0; i < NUNITS; i++)
		if (strcmp(units[i].name, u) == 0)
			return units[i].factor;
	return 0;
}

int cairn_size_parse(const char *s, uint64_t *out)
{
	uint64_t v = 0, factor;
	int overflow = 0;
	const char *p = s;

	if (*p < '0' || *p > '9')
		return -EINVAL;
	for (; *p >= '0' && *p <= '9'; p++) {
		unsigned d = (unsigned)(*p - '0');

		if (v > (UINT64_MAX - d) / 10)
			overflow = 1;
		else
			v = v * 10 + d;
	}
	while (*p == ' ' || *p == '\t')
		p++;
	factor = factor_of(p);
	if (factor == 0)
		return -EINVAL;
	if (overflow || (v != 0 && v > UINT64_MAX / factor))
		return -ERANGE;
	*out = v * factor;
	return 0;
}

const char *cairn_size_format(uint64_t v, char buf[CAIRN_SIZE_BUFLEN])
{
	size_t i;

	for (i = 0; v != 0 && i < NUNITS; i++) {
		if (units[i].factor > 1 && v % units[i].factor == 0) {
			snprintf(buf, CAIRN_SIZE_BUFLEN, "%llu%s",
				 (unsigned long long)(v / units[i].factor),
				 units[i].name);
			return buf;
		}
	}
	snprintf(buf, CAIRN_SIZE_BUFLEN, "%llu", (unsigned long long)v);
	return buf;
}
