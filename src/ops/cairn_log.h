/*
 * cairn_log - one key=value line per event on stderr (cairnd(8)).
 *
 * A line reads "level=info msg=processed file=hw1.yaml puzzles=3 ...".
 * Without journald it starts with "ts=<UTC ISO 8601 with milliseconds> ";
 * when JOURNAL_STREAM is set it starts with the syslog priority "<N>" and
 * carries no timestamp.  Each line is written with one write(2), so lines
 * from several threads never interleave.
 */
#ifndef CAIRN_LOG_H
#define CAIRN_LOG_H

#include <stddef.h>

/* The levels, most severe first; the configuration's log_level is one. */
enum cairn_log_level {
	CAIRN_LOG_ERROR, CAIRN_LOG_WARNING, CAIRN_LOG_INFO, CAIRN_LOG_DEBUG
};

/* Read JOURNAL_STREAM and set the threshold; call once at start. */
void cairn_log_open(enum cairn_log_level level);
void cairn_log_set_level(enum cairn_log_level level);
int cairn_log_enabled(enum cairn_log_level level);

/*
 * Log "level=L msg=MSG" followed by " " and the formatted `kvfmt` (if not
 * NULL or empty).  String values in kvfmt must come from cairn_log_value().
 */
void cairn_log(enum cairn_log_level level, const char *msg,
	       const char *kvfmt, ...) __attribute__((format(printf, 3, 4)));

/*
 * Render s as one logfmt value into buf: bare when it is non-empty and
 * holds only printable characters other than space, '=', '"' and '\';
 * else double-quoted, with '"' and '\' backslashed, C0 and DEL as \n,
 * \r, \t or \xNN, bytes that are not UTF-8 as \xNN, and C1 code
 * points, U+2028/9 and bidi controls as \uNNNN.  Returns buf (cut
 * with "..." inside the quotes when too long).
 */
const char *cairn_log_value(char *buf, size_t len, const char *s);

/* The name of a level ("error", "warning", "info", "debug"). */
const char *cairn_log_level_name(enum cairn_log_level level);

#endif
