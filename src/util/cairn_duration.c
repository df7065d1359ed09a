/*
 * cairn_duration - durations with units (cairn_duration.h).  Digits are
 * counted before anything is multiplied, so no text overflows.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "cairn_duration.h"

static const struct {
	char unit;
	uint64_t seconds;
} units[] = { { 'd', 86400 }, { 'h', 3600 }, { 'm', 60 }, { 's', 1 } };

#define NUNITS (sizeof(units) / sizeof(units[0]))

int cairn_duration_parse(const char *s, uint64_t *seconds)
{
	uint64_t v = 0;
	size_t n = strspn(s, "0123456789");

	if (n == 0 || n > 12 || s[n] == '\0' || s[n + 1] != '\0')
		return -EINVAL;
	for (size_t i = 0; i < n; i++)
		v = v * 10 + (uint64_t)(s[i] - '0');
	for (size_t i = 0; i < NUNITS; i++) {
		if (s[n] != units[i].unit)
			continue;
		if (v == 0 || v > CAIRN_DURATION_MAX / units[i].seconds)
			return -EINVAL;
		*seconds = v * units[i].seconds;
		return 0;
	}
	return -EINVAL;
}

const char *cairn_duration_format(uint64_t seconds, char buf[CAIRN_DURATION_BUFLEN])
{
	size_t i = 0;

	while (i + 1 < NUNITS && seconds % units[i].seconds != 0)
		i++;
	snprintf(buf, CAIRN_DURATION_BUFLEN, "%llu%c",
		 (unsigned long long)(seconds / units[i].seconds), units[i].unit);
	return buf;
}
