/*
 * cairn_time - the text of an arrival time.
 *
 * gmtime_r(), not localtime: a result must be the same bytes whatever
 * the daemon's TZ.  Milliseconds are truncated so that a time's text
 * never names a later second than the time.  Reading back accepts only
 * the text this writes, so that the order of the texts is the times'.
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

/* digits - the decimal value of s[0..n), or -1 unless all are digits */
static long digits(const char *s, int n)
{
	long v = 0;
	int i;

	for (i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		v = v * 10 + (s[i] - '0');
	}
	return v;
}

int cairn_time_parse(const char *s, struct timespec *t)
{
	static const char shape[] = "dddd-dd-ddTdd:dd:dd.dddZ";
	char back[CAIRN_TIME_LEN];
	struct tm tm;
	time_t tt;
	size_t i;

	if (strlen(s) != sizeof shape - 1)
		return -1;
	for (i = 0; shape[i]; i++)
		if (shape[i] == 'd' ? digits(s + i, 1) < 0 : s[i] != shape[i])
			return -1;
	memset(&tm, 0, sizeof(tm));
	tm.tm_year = (int)digits(s, 4) - 1900;
	tm.tm_mon = (int)digits(s + 5, 2) - 1;
	tm.tm_mday = (int)digits(s + 8, 2);
	tm.tm_hour = (int)digits(s + 11, 2);
	tm.tm_min = (int)digits(s + 14, 2);
	tm.tm_sec = (int)digits(s + 17, 2);
	if ((tt = timegm(&tm)) == (time_t)-1)
		return -1;
	t->tv_sec = tt;
	t->tv_nsec = digits(s + 20, 3) * 1000000;
	/* timegm() normalizes 02-30 into 03-02: only a real date reads back. */
	return strcmp(cairn_time_format(t, back), s) == 0 ? 0 : -1;
}
