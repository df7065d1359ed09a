/*
 * cairn_held - names of claimed files, with their arrival (cairn_held.h).
 *
 * The arrival is written in full (seconds and nanoseconds), so that a
 * file read back has the very arrival its claim read, not a rounding of
 * it.  Parsing is strict (digits, one '.', nine digits, then '~' or '+'
 * and digits and '~', then a name): a file an older version left
 * claimed under its own name, which may hold any of those characters,
 * is taken for its own name unless it has exactly that shape.
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cairn_failure.h"
#include "cairn_held.h"
#include "cairn_mem.h"
#include "cairn_spoolname.h"

char *cairn_held_name(const struct timespec *arrival, const char *name)
{
	size_t len = strlen(name);
	char *s, *shortname;

	if (len <= CAIRN_NAME_MAX)
		return cairn_xasprintf("%lld.%09ld~%s", (long long)arrival->tv_sec,
				       (long)arrival->tv_nsec, name);
	shortname = cairn_failure_short_name(name);
	s = cairn_xasprintf("%lld.%09ld+%zu~%s", (long long)arrival->tv_sec,
			    (long)arrival->tv_nsec, len, shortname);
	free(shortname);
	return s;
}

/* digits - the value of the decimal digits at *p (at most 18), moving past them. */
static int digits(const char **p, size_t min, size_t max, uint64_t *v)
{
	size_t n = 0;

	*v = 0;
	while (n < max && **p >= '0' && **p <= '9') {
		*v = *v * 10 + (uint64_t)(**p - '0');
		(*p)++;
		n++;
	}
	return n >= min && !(**p >= '0' && **p <= '9');
}

void cairn_held_parse(const char *held, struct cairn_held *h)
{
	const char *p = held;
	uint64_t sec, nsec, len = 0;
	int ok;

	memset(h, 0, sizeof(*h));
	ok = digits(&p, 1, 18, &sec) && *p++ == '.' && digits(&p, 9, 9, &nsec);
	if (ok && *p == '+') {
		p++;
		ok = digits(&p, 1, 4, &len) && len > CAIRN_NAME_MAX;
	}
	ok = ok && *p++ == '~' && *p != '\0';
	if (!ok) {
		h->name = cairn_xstrdup(held);
		return;
	}
	h->name = cairn_xstrdup(p);
	h->long_len = (size_t)len;
	h->known = 1;
	h->arrival.tv_sec = (time_t)sec;
	h->arrival.tv_nsec = (long)nsec;
}

void cairn_held_free(struct cairn_held *h)
{
	free(h->name);
	h->name = NULL;
}
