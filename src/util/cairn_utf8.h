/*
 * cairn_utf8 - UTF-8 text: validity, NUL, places, and what must be escaped.
 *
 * Every reader checks its text with cairn_utf8_bad() (doc/formats.md:
 * invalid UTF-8 and NUL are errors at their place) and turns the offset
 * into a line and column with cairn_utf8_place(); every result writer asks
 * cairn_utf8_unsafe() which characters it must escape so that a reader
 * gets back the same text (doc/formats.md); every text meant for a
 * person (a terminal line, a log line, a gradebook cell) shows those
 * characters in the visible form of cairn_utf8_visible().
 */
#ifndef CAIRN_UTF8_H
#define CAIRN_UTF8_H

#include <stddef.h>
#include <stdint.h>

/*
 * The length (1 to 4) of the well-formed UTF-8 sequence at s[0..n), with
 * its code point in *cp; 0 when it is not one (a stray continuation byte,
 * an overlong form, a surrogate, beyond U+10FFFF, or cut short).
 */
size_t cairn_utf8_next(const char *s, size_t n, uint32_t *cp);

/*
 * The offset of the first NUL byte or ill-formed sequence in s[0..n), or
 * n when there is none; *nul says which it was.
 */
size_t cairn_utf8_bad(const char *s, size_t n, int *nul);

/* What is wrong at s[off]: "a NUL character" or "invalid UTF-8". */
const char *cairn_utf8_why(int nul);

/*
 * The 1-based line and column of byte `off` of data: lines end at LF,
 * columns count characters (not continuation bytes).
 */
void cairn_utf8_place(const char *data, size_t off, unsigned long *line,
		      unsigned long *column);

/*
 * Whether code point cp is never written raw: C0 controls, DEL, C1
 * controls (U+0085 among them), U+2028, U+2029, U+FEFF, U+FFFE, U+FFFF
 * (a YAML reader refuses them or reads a break), and the bidi controls
 * U+061C, U+200E, U+200F, U+202A-U+202E and U+2066-U+2069 (a terminal or
 * a browser reorders the text around them).
 */
int cairn_utf8_unsafe(uint32_t cp);

/* The longest visible form of one character, NUL included. */
#define CAIRN_UTF8_VISIBLE_MAX 8

/*
 * The visible form of the character at s[0..n) (n > 0), in out with its
 * length returned, when it has one: \n, \r and \t; \xHH for another
 * C0 control, DEL or a byte that is not UTF-8; \uHHHH for another unsafe
 * character (C1, bidi).  Returns 0 for a character shown as itself.
 * Either way *used is how many bytes of s it stands for.
 */
size_t cairn_utf8_visible_one(const char *s, size_t n,
			      char out[CAIRN_UTF8_VISIBLE_MAX], size_t *used);

struct cairn_buf;

/*
 * Append s[0..n) with every unsafe character and ill-formed byte in its
 * visible form, everything else (the backslash too) as it is: one line of
 * text that cannot move the cursor, recolour a terminal or reorder what is
 * shown.  It is for display and is not undone: a gradebook cell, a
 * terminal line, a warning.  The log uses the same forms.
 */
void cairn_utf8_visible(struct cairn_buf *out, const char *s, size_t n);

/*
 * Append s[0..n) as the inside of a YAML double-quoted scalar that reads
 * back as exactly s: '"' and '\\' escaped, LF and tab as \n and \t, every
 * other unsafe character as \xHH or \uHHHH; an ill-formed byte (which no
 * reader gives, but a file name may hold) as \xHH, so the file stays
 * readable.  The result writer and the configuration printer use it.
 */
void cairn_utf8_escape(struct cairn_buf *out, const char *s, size_t n);

/*
 * The same for the inside of a JSON string (RFC 8259): CR as \r too, the
 * other unsafe characters as \uHHHH, an ill-formed byte as \ufffd.
 */
void cairn_utf8_escape_json(struct cairn_buf *out, const char *s, size_t n);

#endif
