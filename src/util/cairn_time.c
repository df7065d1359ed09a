/*
 * cairn_time - the text of an arrival time.
 *
 * gmtime_r(), not localtime: a result must be the same bytes whatever
 * the daemon's TZ.  Milliseconds are truncated so that a time's text
 * never names a later second than the time.  Reading back accepts only
 * the text this writes, so that the order of the texts is the times'.
 * Times with an offset (a policy's due date) are read by arithmetic on
 * the civil calendar rather than timegm(), so that neither TZ nor the
 * range of time_t's normalisation can change what a text means.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "cairn_time.h"

/* 1970-01-01T00:00:00Z and 9999-12-31T23:59:59Z in seconds since 1970. */
#define FIRST_S 0LL
#define LAST_S 253402300799LL

/* put - v in `width` decimal digits at p, then `after` */
static void put(char *p, long v, int width, char after)
{
	p[width] = after;
	while (width-- > 0) {
		p[width] = (char)('0' + v % 10);
		v /= 10;
	}
}

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
	/*
	 * Digits written here rather than by strftime(), which loads the
	 * local time zone (a file read) for nothing.  The year is within
	 * 1970-9999 here, so every field has its width.
	 */
	put(buf, tm.tm_year + 1900L, 4, '-');
	put(buf + 5, tm.tm_mon + 1L, 2, '-');
	put(buf + 8, tm.tm_mday, 2, 'T');
	put(buf + 11, tm.tm_hour, 2, ':');
	put(buf + 14, tm.tm_min, 2, ':');
	put(buf + 17, tm.tm_sec, 2, '.');
	put(buf + 20, ms, 3, 'Z');
	buf[24] = '\0';
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

/* days_from_civil - days since 1970-01-01 of a proleptic Gregorian date */
static int64_t days_from_civil(int64_t y, unsigned m, unsigned d)
{
	int64_t era;
	unsigned yoe, doy, doe;

	y -= m <= 2;
	era = (y >= 0 ? y : y - 399) / 400;
	yoe = (unsigned)(y - era * 400);
	doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
	doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	return era * 146097 + (int64_t)doe - 719468;
}

static unsigned days_in_month(long y, long m)
{
	static const unsigned char mdays[12] = {
		31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31,
	};
	int leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;

	return mdays[m - 1] + (m == 2 && leap);
}

/* offset_s - the zone of s[0..len) (Z, +HH:MM, -HH:MM) in seconds east */
static int offset_s(const char *s, size_t len, long *east)
{
	long h, m;

	if (len == 1 && (s[0] == 'Z' || s[0] == 'z')) {
		*east = 0;
		return 0;
	}
	if (len != 6 || (s[0] != '+' && s[0] != '-') || s[3] != ':' ||
	    (h = digits(s + 1, 2)) < 0 || (m = digits(s + 4, 2)) < 0 ||
	    h > 23 || m > 59)
		return -1;
	*east = (s[0] == '-' ? -1 : 1) * (h * 3600 + m * 60);
	return 0;
}

int cairn_time_parse_offset(const char *s, size_t len, struct timespec *t)
{
	static const char shape[] = "dddd-dd-ddTdd:dd:dd";
	long y, mo, d, h, mi, sec, east, ns = 0;
	size_t i, k = sizeof shape - 1;

	if (len < k + 1)
		return -1;
	for (i = 0; i < k; i++)
		if (shape[i] == 'd' ? digits(s + i, 1) < 0 :
		    shape[i] == 'T' ? s[i] != 'T' && s[i] != 't' : s[i] != shape[i])
			return -1;
	y = digits(s, 4);
	mo = digits(s + 5, 2);
	d = digits(s + 8, 2);
	h = digits(s + 11, 2);
	mi = digits(s + 14, 2);
	sec = digits(s + 17, 2);
	if (mo < 1 || mo > 12 || d < 1 || d > (long)days_in_month(y, mo) ||
	    h > 23 || mi > 59 || sec > 59)
		return -1;
	if (s[k] == '.') {
		for (i = ++k; k < len && k - i < 9 && digits(s + k, 1) >= 0; k++)
			ns = ns * 10 + (s[k] - '0');
		if (k == i || (k < len && digits(s + k, 1) >= 0))
			return -1;
		for (i = k - i; i < 9; i++)
			ns *= 10;
	}
	if (offset_s(s + k, len - k, &east) < 0)
		return -1;
	t->tv_sec = (time_t)(days_from_civil(y, (unsigned)mo, (unsigned)d) * 86400 +
			     h * 3600 + mi * 60 + sec - east);
	t->tv_nsec = ns;
	return 0;
}

int64_t cairn_time_ms(const struct timespec *t)
{
	return (int64_t)t->tv_sec * 1000 + t->tv_nsec / 1000000;
}
