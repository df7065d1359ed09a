/*
 * cairn_utf8 - UTF-8 text: validity, NUL, places, and what must be escaped.
 *
 * Well-formed means RFC 3629: the shortest form only, no surrogates
 * (U+D800-U+DFFF), nothing above U+10FFFF.  The checks are a forward
 * scan with an ASCII fast path, so that a reader can afford to look at
 * every byte of its input once.  The set of unsafe characters is the one
 * doc/formats.md names for results: those a YAML parser either refuses
 * as raw text (C0 but tab and LF, DEL, C1, U+FFFE, U+FFFF), reads as a
 * line break (NEL, LS, PS) or drops as a byte order mark (U+FEFF),
 * and the bidi controls, which read back fine but reorder what a
 * terminal or a browser shows around them (a file "x<U+202E>gpj.exe"
 * shows as "xexe.jpg").  The visible form is the one the log uses, so
 * that a name looks the same in a log line, a terminal and a gradebook.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "cairn_buf.h"
#include "cairn_utf8.h"

size_t cairn_utf8_next(const char *s, size_t n, uint32_t *cp)
{
	const unsigned char *u = (const unsigned char *)s;
	uint32_t c, min;
	size_t len, i;

	if (n == 0)
		return 0;
	c = u[0];
	if (c < 0x80) {
		*cp = c;
		return 1;
	}
	if (c >= 0xc2 && c <= 0xdf) {
		len = 2, c &= 0x1f, min = 0x80;
	} else if (c >= 0xe0 && c <= 0xef) {
		len = 3, c &= 0x0f, min = 0x800;
	} else if (c >= 0xf0 && c <= 0xf4) {
		len = 4, c &= 0x07, min = 0x10000;
	} else {
		return 0;
	}
	if (n < len)
		return 0;
	for (i = 1; i < len; i++) {
		if ((u[i] & 0xc0) != 0x80)
			return 0;
		c = c << 6 | (u[i] & 0x3f);
	}
	if (c < min || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
		return 0;
	*cp = c;
	return len;
}

size_t cairn_utf8_bad(const char *s, size_t n, int *nul)
{
	size_t i = 0, len;
	uint32_t cp;

	*nul = 0;
	while (i < n) {
		if ((unsigned char)s[i] < 0x80) {
			if (s[i] == '\0') {
				*nul = 1;
				return i;
			}
			i++;
			continue;
		}
		if ((len = cairn_utf8_next(s + i, n - i, &cp)) == 0)
			return i;
		i += len;
	}
	return n;
}

const char *cairn_utf8_why(int nul)
{
	return nul ? "a NUL character is not allowed" : "invalid UTF-8";
}

void cairn_utf8_place(const char *data, size_t off, unsigned long *line,
		      unsigned long *column)
{
	size_t i;

	*line = 1;
	*column = 1;
	for (i = 0; i < off; i++) {
		if (data[i] == '\n') {
			++*line;
			*column = 1;
		} else if (((unsigned char)data[i] & 0xc0) != 0x80) {
			++*column;
		}
	}
}

int cairn_utf8_unsafe(uint32_t cp)
{
	return cp < 0x20 || (cp >= 0x7f && cp <= 0x9f) || cp == 0x2028 ||
	       cp == 0x2029 || cp == 0xfeff || cp == 0xfffe || cp == 0xffff ||
	       cp == 0x061c || cp == 0x200e || cp == 0x200f ||
	       (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069);
}

size_t cairn_utf8_visible_one(const char *s, size_t n,
			      char out[CAIRN_UTF8_VISIBLE_MAX], size_t *used)
{
	uint32_t cp = 0;

	*used = cairn_utf8_next(s, n, &cp);
	if (*used == 0) {
		*used = 1;
		return (size_t)snprintf(out, CAIRN_UTF8_VISIBLE_MAX, "\\x%02x",
					(unsigned char)*s);
	}
	if (!cairn_utf8_unsafe(cp))
		return 0;
	switch (cp) {
	case '\n': memcpy(out, "\\n", 3); return 2;
	case '\r': memcpy(out, "\\r", 3); return 2;
	case '\t': memcpy(out, "\\t", 3); return 2;
	default: break;
	}
	return (size_t)snprintf(out, CAIRN_UTF8_VISIBLE_MAX,
				cp < 0x80 ? "\\x%02x" : "\\u%04x", (unsigned)cp);
}

void cairn_utf8_visible(struct cairn_buf *out, const char *s, size_t n)
{
	char v[CAIRN_UTF8_VISIBLE_MAX];
	size_t used, len;

	cairn_buf_reserve(out, n);
	for (; n > 0; s += used, n -= used) {
		if ((len = cairn_utf8_visible_one(s, n, v, &used)) > 0)
			cairn_buf_add(out, v, len);
		else
			cairn_buf_add(out, s, used);
	}
}

/*
 * escape - the one walk behind both: YAML and JSON share the short escapes
 * and the unsafe set, and differ in CR, in the form of the others and in
 * what stands for an ill-formed byte.
 */
static void escape(struct cairn_buf *out, const char *s, size_t n, int json)
{
	uint32_t cp = 0;
	size_t len;

	for (; n > 0; s += len, n -= len) {
		len = cairn_utf8_next(s, n, &cp);
		if (len == 0) {
			if (json)
				cairn_buf_adds(out, "\\ufffd");
			else
				cairn_buf_addf(out, "\\x%02x", (unsigned char)*s);
			len = 1;
		} else if (cp == '"' || cp == '\\') {
			cairn_buf_addc(out, '\\');
			cairn_buf_addc(out, (char)cp);
		} else if (cp == '\n') {
			cairn_buf_adds(out, "\\n");
		} else if (cp == '\t') {
			cairn_buf_adds(out, "\\t");
		} else if (cp == '\r' && json) {
			cairn_buf_adds(out, "\\r");
		} else if (cairn_utf8_unsafe(cp)) {
			/* Raw, libyaml refuses these or reads them as breaks. */
			cairn_buf_addf(out, cp < 0x100 && !json ? "\\x%02x" : "\\u%04x",
				       (unsigned)cp);
		} else {
			cairn_buf_add(out, s, len);
		}
	}
}

void cairn_utf8_escape(struct cairn_buf *out, const char *s, size_t n)
{
	escape(out, s, n, 0);
}

void cairn_utf8_escape_json(struct cairn_buf *out, const char *s, size_t n)
{
	escape(out, s, n, 1);
}
