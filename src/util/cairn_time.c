/*
 * cairn_time - the text of an arrival time.
 *
 * gmtime_r(), not localtime: a result must be the same bytes whatever
 * the daemon's TZ.  Milliseconds are truncated so that a time's text
 * never names a later second than the time.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "cairn_time.h"

/* 1970-01-01T00:00:00Z and 9999-12-31T23:59:59Z in seconds since 1970. */
#define FIRST_S 0LL
#define LAST_S 253402300799LL

char *cairn_time_format(const struct timespec *t, char buf[CAIRN_TIME_LEN])
{
	long long s = (long long)t->tv_sec;
	long ms = t->tv_nsec / 1000000;
	struct tm tm;
	time_t tt;

	if (ms < 0 || ms > 999)
		ms = 0;
	if (s < FIRST_S) {
		s = FIRST_S;
		ms = 0;
	} else if (s > LAST_S) {
		s = LAST_S;
		ms = 999;
	}
	tt = (time_t)s;
	memset(&tm, 0, sizeof(tm));
	gmtime_r(&tt, &tm);
	/* strftime bounds each field; the year is within 1970-9999 here. */
	strftime(buf, CAIRN_TIME_LEN, "%Y-%m-%dT%H:%M:%S", &tm);
	snprintf(buf + 19, CAIRN_TIME_LEN - 19, ".%03ldZ", ms);
	return buf;
}
