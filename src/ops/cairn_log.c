/*
 * cairn_log - key=value log lines on stderr, for people and for journald.
 *
 * Every line is assembled in a buffer on the caller's stack and handed to
 * the kernel with one write(2), so lines from several threads never
 * interleave and no lock is needed; the threshold and the journald flag
 * are atomics.  Under journald (JOURNAL_STREAM set when cairn_log_open()
 * runs) a line starts with its syslog priority "<N>" and carries no
 * timestamp, since the journal adds its own; otherwise it starts with
 * "ts=" and the UTC time to the millisecond.  A line too long for the
 * buffer is cut and ends in "...", never split.  Values are escaped by
 * cairn_log_value(), one function for every field of every line, so a
 * file name cannot forge a line or a key nor reach a terminal raw: C0,
 * DEL and bytes that are not UTF-8 become \xNN (\n, \r, \t), C1 code
 * points and bidi controls \uNNNN (cairn_utf8_visible_one(), the forms
 * of every text for a person), and a value holding anything but
 * printable characters other than space, '=', '"' and '\' is quoted
 * ('"' and '\' then escaped, so that the value reads back).
 */
#include "config.h"

#include <errno.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cairn_log.h"
#include "cairn_utf8.h"

#define LOG_LINE_MAX 4096

static atomic_int log_threshold = CAIRN_LOG_INFO;
static atomic_int log_journal;

static const char *const level_names[] = {
	[CAIRN_LOG_ERROR] = "error",
	[CAIRN_LOG_WARNING] = "warning",
	[CAIRN_LOG_INFO] = "info",
	[CAIRN_LOG_DEBUG] = "debug",
};

/* syslog(3) priorities: LOG_ERR, LOG_WARNING, LOG_INFO, LOG_DEBUG. */
static const int level_prio[] = {
	[CAIRN_LOG_ERROR] = 3,
	[CAIRN_LOG_WARNING] = 4,
	[CAIRN_LOG_INFO] = 6,
	[CAIRN_LOG_DEBUG] = 7,
};

static int valid_level(enum cairn_log_level level)
{
	return (int)level >= CAIRN_LOG_ERROR && (int)level <= CAIRN_LOG_DEBUG;
}

const char *cairn_log_level_name(enum cairn_log_level level)
{
	return valid_level(level) ? level_names[level] : "unknown";
}

void cairn_log_open(enum cairn_log_level level)
{
	const char *js = getenv("JOURNAL_STREAM");

	atomic_store(&log_journal, js != NULL && *js != '\0');
	cairn_log_set_level(level);
}

void cairn_log_set_level(enum cairn_log_level level)
{
	atomic_store(&log_threshold, (int)level);
}

int cairn_log_enabled(enum cairn_log_level level)
{
	return (int)level <= atomic_load(&log_threshold);
}

/*
 * unit - the text that stands for the character at p inside a quoted
 * value, in out; *used is how many bytes of p it stands for.  Returns its
 * length; *plain is 1 when it is the bytes themselves and needs no quotes.
 * A control, a bidi control or a byte that is not UTF-8 has the visible
 * form every text for a person has (cairn_utf8_visible_one()).
 */
static size_t unit(const unsigned char *p, char out[CAIRN_UTF8_VISIBLE_MAX],
		   size_t *used, int *plain)
{
	const char *c = (const char *)p;
	size_t n;

	*used = 1;
	*plain = 0;
	if (*p == '\\' || *p == '"') {
		out[0] = '\\';
		out[1] = (char)*p;
		return 2;
	}
	if ((n = cairn_utf8_visible_one(c, strnlen(c, 4), out, used)) > 0)
		return n;
	memcpy(out, p, *used);
	*plain = *used > 1 || (*p != ' ' && *p != '=');
	return *used;
}

/* rendered_len - the length of s rendered in full, quotes included; *quoted. */
static size_t rendered_len(const char *s, int *quoted)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t n = 0, used;
	int plain;
	char u[CAIRN_UTF8_VISIBLE_MAX];

	*quoted = *p == '\0';
	while (*p) {
		n += unit(p, u, &used, &plain);
		*quoted |= !plain;
		p += used;
	}
	return n + (*quoted ? 2 : 0);
}

const char *cairn_log_value(char *buf, size_t len, const char *s)
{
	const unsigned char *p;
	size_t n = 0, e, limit, used;
	int quoted, cut, plain;
	char u[CAIRN_UTF8_VISIBLE_MAX];

	if (!s)
		s = "";
	cut = rendered_len(s, &quoted) >= len;
	/* Too small even for "..." (and its quotes): an empty string. */
	if (cut && len < 4 + (size_t)(quoted ? 2 : 0)) {
		if (len > 0)
			buf[0] = '\0';
		return buf;
	}
	/* Room for the text itself: minus NUL, closing quote and "...". */
	limit = len - 1 - (quoted ? 1 : 0) - (cut ? 3 : 0);
	if (quoted)
		buf[n++] = '"';
	for (p = (const unsigned char *)s; *p; p += used) {
		e = unit(p, u, &used, &plain);
		if (n + e > limit)
			break;
		memcpy(buf + n, u, e);
		n += e;
	}
	if (cut) {
		memcpy(buf + n, "...", 3);
		n += 3;
	}
	if (quoted)
		buf[n++] = '"';
	buf[n] = '\0';
	return buf;
}

/* put_time - "ts=2026-11-29T21:05:03.123Z " at buf; returns its length. */
static int put_time(char *buf, size_t len)
{
	struct timespec ts;
	struct tm tm;

	clock_gettime(CLOCK_REALTIME, &ts);
	gmtime_r(&ts.tv_sec, &tm);
	return snprintf(buf, len, "ts=%04d-%02d-%02dT%02d:%02d:%02d.%03ldZ ",
			tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday,
			tm.tm_hour, tm.tm_min, tm.tm_sec, ts.tv_nsec / 1000000);
}

/* emit - write the whole line, retrying only on interruption. */
static void emit(const char *line, size_t len)
{
	ssize_t w;

	while (len > 0) {
		w = write(STDERR_FILENO, line, len);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return;
		line += w;
		len -= (size_t)w;
	}
}

void cairn_log(enum cairn_log_level level, const char *msg,
	       const char *kvfmt, ...)
{
	char line[LOG_LINE_MAX], value[256];
	size_t n, room = sizeof(line) - 1;	/* the last byte holds '\n' */
	va_list ap;
	int w;

	if (!valid_level(level) || !cairn_log_enabled(level))
		return;
	if (atomic_load(&log_journal))
		w = snprintf(line, room, "<%d>", level_prio[level]);
	else
		w = put_time(line, room);
	n = w > 0 ? (size_t)w : 0;
	w = snprintf(line + n, room - n, "level=%s msg=%s", level_names[level],
		     cairn_log_value(value, sizeof(value), msg));
	n += w > 0 ? (size_t)w : 0;
	if (kvfmt && *kvfmt && n + 1 < room) {
		line[n++] = ' ';
		va_start(ap, kvfmt);
		w = vsnprintf(line + n, room - n, kvfmt, ap);
		va_end(ap);
		/* A format that produced nothing leaves no trailing blank. */
		n = w > 0 ? n + (size_t)w : n - 1;
	}
	if (n >= room) {
		n = room - 1;
		memcpy(line + n - 3, "...", 3);
	}
	line[n++] = '\n';
	emit(line, n);
}
