/*
 * cairn_json_in - the JSON puzzle file reader (doc/formats.md).
 *
 * A JSON file holds one document in the same three shapes as YAML, so
 * this file only turns RFC 8259 text into the events libyaml would give
 * for the same document and hands them to the YAML reader's grammar
 * (cairn_yaml_in.c) as the event source of a cairn_yaml_ev: keys, shapes,
 * types, duplicate keys, ids, limits, the depth of 64 and every message's
 * place and path are checked there, once, for both formats.  Strings become quoted
 * scalars and numbers, true, false and null plain ones, so that a JSON
 * value reads exactly as the same text would in YAML ("4.5" is not an
 * integer, integers are exact in int64).
 *
 * What is JSON's own is checked here, strictly, as file errors at their
 * place ("line L, column C:", columns counted in characters): the
 * grammar of RFC 8259 (no comments, no trailing commas, no single quotes,
 * no leading zeros or '+'), one value per file, string escapes including
 * surrogate pairs, raw control characters in strings, NUL (raw or
 * \u0000) and invalid UTF-8 wherever they are.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "cairn_buf.h"
#include "cairn_json_in.h"
#include "cairn_mem.h"
#include "cairn_value.h"
#include "cairn_utf8.h"
#include "cairn_yaml_ev.h"
#include "cairn_yaml_in.h"

/* One more than the grammar allows, so that it is the grammar that refuses. */
#define JSON_MAX_DEPTH 65

enum state {
	S_STREAM, S_DOCUMENT, S_VALUE, S_FIRST_KEY, S_KEY, S_COLON,
	S_FIRST_ITEM, S_AFTER, S_DOCUMENT_END, S_STREAM_END, S_DONE
};

struct cairn_json {
	const char *p, *end;
	yaml_mark_t at;			/* the place of p */
	enum state state;
	char stack[JSON_MAX_DEPTH];	/* '{' or '[' per open container */
	int depth;
	struct cairn_buf text;		/* the string or number being read */
};

/* utf8_len - length of the valid UTF-8 sequence at s (< end), or 0 */
static size_t utf8_len(const unsigned char *s, const unsigned char *end)
{
	uint32_t cp;

	return cairn_utf8_next((const char *)s, (size_t)(end - s), &cp);
}

/* advance - move p by n bytes of valid text, keeping the place */
static void advance(struct cairn_json *j, size_t n)
{
	for (; n > 0; n--, j->p++) {
		j->at.index++;
		if (*j->p == '\n') {
			j->at.line++;
			j->at.column = 0;
		} else if (((unsigned char)*j->p & 0xc0) != 0x80) {
			j->at.column++;
		}
	}
}

static int fail(struct cairn_yaml_ev *r, const yaml_mark_t *m, const char *msg)
{
	return cairn_yaml_ev_fail(r, &cairn_yaml_ev_to_file, m, NULL, "%s", msg);
}

/* unexpected - a file error naming what was found at p and what was wanted */
static int unexpected(struct cairn_yaml_ev *r, struct cairn_json *j,
		      const char *wanted)
{
	const unsigned char *c = (const unsigned char *)j->p;

	if (j->p == j->end)
		return cairn_yaml_ev_fail(r, &cairn_yaml_ev_to_file, &j->at, NULL,
					  "expected %s, found the end of the file",
					  wanted);
	if (*c == 0)
		return fail(r, &j->at, "a NUL character is not allowed");
	if (utf8_len(c, (const unsigned char *)j->end) == 0)
		return fail(r, &j->at, "invalid UTF-8");
	if (*c >= 0x21 && *c < 0x7f)
		return cairn_yaml_ev_fail(r, &cairn_yaml_ev_to_file, &j->at, NULL,
					  "expected %s, found '%c'", wanted, *c);
	return cairn_yaml_ev_fail(r, &cairn_yaml_ev_to_file, &j->at, NULL,
				  "expected %s, found U+%04X", wanted,
				  *c < 0x80 ? *c : 0xfffd);
}

static void skip_space(struct cairn_json *j)
{
	while (j->p < j->end && strchr(" \t\r\n", *j->p) != NULL && *j->p)
		advance(j, 1);
}

static int hex4(const char *s, const char *end, unsigned *v)
{
	*v = 0;
	if (end - s < 4)
		return -1;
	for (int i = 0; i < 4; i++) {
		char c = s[i];

		*v <<= 4;
		if (c >= '0' && c <= '9')
			*v |= (unsigned)(c - '0');
		else if (c >= 'a' && c <= 'f')
			*v |= (unsigned)(c - 'a' + 10);
		else if (c >= 'A' && c <= 'F')
			*v |= (unsigned)(c - 'A' + 10);
		else
			return -1;
	}
	return 0;
}

static void add_utf8(struct cairn_buf *b, unsigned c)
{
	if (c < 0x80) {
		cairn_buf_addc(b, (char)c);
	} else if (c < 0x800) {
		cairn_buf_addc(b, (char)(0xc0 | c >> 6));
		cairn_buf_addc(b, (char)(0x80 | (c & 0x3f)));
	} else if (c < 0x10000) {
		cairn_buf_addc(b, (char)(0xe0 | c >> 12));
		cairn_buf_addc(b, (char)(0x80 | (c >> 6 & 0x3f)));
		cairn_buf_addc(b, (char)(0x80 | (c & 0x3f)));
	} else {
		cairn_buf_addc(b, (char)(0xf0 | c >> 18));
		cairn_buf_addc(b, (char)(0x80 | (c >> 12 & 0x3f)));
		cairn_buf_addc(b, (char)(0x80 | (c >> 6 & 0x3f)));
		cairn_buf_addc(b, (char)(0x80 | (c & 0x3f)));
	}
}

/* unicode_escape - \uXXXX (and its low surrogate) at p, into text */
static int unicode_escape(struct cairn_yaml_ev *r, struct cairn_json *j)
{
	yaml_mark_t m = j->at;
	unsigned c, lo;

	if (hex4(j->p + 2, j->end, &c) < 0)
		return fail(r, &m, "\\u must be followed by four hex digits");
	if (c >= 0xdc00 && c <= 0xdfff)
		return fail(r, &m, "a low surrogate without a high one before it");
	if (c >= 0xd800 && c <= 0xdbff) {
		if (j->end - j->p < 12 || j->p[6] != '\\' || j->p[7] != 'u' ||
		    hex4(j->p + 8, j->end, &lo) < 0 || lo < 0xdc00 || lo > 0xdfff)
			return fail(r, &m, "a high surrogate must be followed by "
				    "a low surrogate (\\uDC00 to \\uDFFF)");
		c = 0x10000 + ((c - 0xd800) << 10) + (lo - 0xdc00);
		advance(j, 6);
	}
	if (c == 0)
		return fail(r, &m, "a NUL character (\\u0000) is not allowed");
	add_utf8(&j->text, c);
	advance(j, 6);
	return 0;
}

/* string - the string at p (after its '"') into text */
static int string(struct cairn_yaml_ev *r, struct cairn_json *j)
{
	static const char esc[] = "\"\"\\\\//b\bf\fn\nr\rt\t";
	const char *e;
	size_t n;

	cairn_buf_reset(&j->text);
	cairn_buf_reserve(&j->text, 0);
	advance(j, 1);
	for (;;) {
		if (j->p == j->end)
			return unexpected(r, j, "'\"' to end the string");
		if (*j->p == '"')
			break;
		if ((unsigned char)*j->p < 0x20)
			return *j->p == 0 ? unexpected(r, j, "a character") :
			       fail(r, &j->at, "a control character in a string "
				    "must be escaped");
		if (*j->p == '\\') {
			if (j->p + 1 < j->end && j->p[1] == 'u') {
				if (unicode_escape(r, j) < 0)
					return -1;
				continue;
			}
			for (e = esc; *e && (j->p + 1 == j->end || *e != j->p[1]); e += 2)
				;
			if (*e == '\0')
				return fail(r, &j->at, "unknown escape: a backslash "
					    "must be followed by one of \"\\/bfnrtu");
			cairn_buf_addc(&j->text, e[1]);
			advance(j, 2);
			continue;
		}
		n = utf8_len((const unsigned char *)j->p, (const unsigned char *)j->end);
		if (n == 0)
			return fail(r, &j->at, "invalid UTF-8");
		cairn_buf_add(&j->text, j->p, n);
		advance(j, n);
	}
	advance(j, 1);
	return 0;
}

static int digits(struct cairn_json *j)
{
	size_t n = 0;

	while (j->p + n < j->end && j->p[n] >= '0' && j->p[n] <= '9')
		n++;
	cairn_buf_add(&j->text, j->p, n);
	advance(j, n);
	return n > 0;
}

/* number - RFC 8259's number at p into text, as written */
static int number(struct cairn_yaml_ev *r, struct cairn_json *j)
{
	const char *want = "a digit";

	cairn_buf_reset(&j->text);
	cairn_buf_reserve(&j->text, 0);
	if (*j->p == '-') {
		cairn_buf_addc(&j->text, '-');
		advance(j, 1);
	}
	if (j->p < j->end && *j->p == '0') {
		cairn_buf_addc(&j->text, '0');
		advance(j, 1);
		if (j->p < j->end && *j->p >= '0' && *j->p <= '9')
			return fail(r, &j->at, "a number must not have a "
				    "leading zero");
	} else if (!digits(j)) {
		return unexpected(r, j, want);
	}
	if (j->p < j->end && *j->p == '.') {
		cairn_buf_addc(&j->text, '.');
		advance(j, 1);
		if (!digits(j))
			return unexpected(r, j, "a digit after '.'");
	}
	if (j->p < j->end && (*j->p == 'e' || *j->p == 'E')) {
		cairn_buf_addc(&j->text, *j->p);
		advance(j, 1);
		if (j->p < j->end && (*j->p == '+' || *j->p == '-')) {
			cairn_buf_addc(&j->text, *j->p);
			advance(j, 1);
		}
		if (!digits(j))
			return unexpected(r, j, "a digit in the exponent");
	}
	return 0;
}

/* scalar - the event for text t; 0, or -1 (a file error) out of memory */
static int scalar(struct cairn_yaml_ev *r, const struct cairn_json *j,
		  yaml_event_t *e, int quoted)
{
	const struct cairn_buf *t = &j->text;

	if (yaml_scalar_event_initialize(e, NULL, NULL,
				     (yaml_char_t *)(t->data ? t->data : ""),
				     (int)t->len, !quoted, quoted,
				     quoted ? YAML_DOUBLE_QUOTED_SCALAR_STYLE :
				     YAML_PLAIN_SCALAR_STYLE) == 1)
		return 0;
	return fail(r, &j->at, "out of memory");
}

/* literal - true, false or null at p */
static int literal(struct cairn_yaml_ev *r, struct cairn_json *j)
{
	static const char *const words[] = { "true", "false", "null" };

	for (size_t i = 0; i < 3; i++) {
		size_t n = strlen(words[i]);

		if ((size_t)(j->end - j->p) >= n && memcmp(j->p, words[i], n) == 0 &&
		    (j->p + n == j->end || strchr(",]} \t\r\n", j->p[n]))) {
			cairn_buf_reset(&j->text);
			cairn_buf_add(&j->text, words[i], n);
			advance(j, n);
			return 0;
		}
	}
	return unexpected(r, j, "a value (an object, array, string, number, "
			  "true, false or null)");
}

/* open - '{' or '[' at p */
static void open_container(struct cairn_json *j, yaml_event_t *e)
{
	char c = *j->p;

	if (c == '{')
		yaml_mapping_start_event_initialize(e, NULL, NULL, 1,
						    YAML_FLOW_MAPPING_STYLE);
	else
		yaml_sequence_start_event_initialize(e, NULL, NULL, 1,
						     YAML_FLOW_SEQUENCE_STYLE);
	j->stack[j->depth++] = c;
	j->state = c == '{' ? S_FIRST_KEY : S_FIRST_ITEM;
	advance(j, 1);
}

/* close - '}' or ']' at p, which matches the open container */
static void close_container(struct cairn_json *j, yaml_event_t *e)
{
	if (*j->p == '}')
		yaml_mapping_end_event_initialize(e);
	else
		yaml_sequence_end_event_initialize(e);
	j->depth--;
	j->state = S_AFTER;
	advance(j, 1);
}

/* value - the event for the value at p */
static int value(struct cairn_yaml_ev *r, struct cairn_json *j, yaml_event_t *e)
{
	char c = j->p < j->end ? *j->p : '\0';

	if ((c == '{' || c == '[') && j->depth == JSON_MAX_DEPTH)
		return fail(r, &j->at, "nesting deeper than 64 levels");
	if (c == '{' || c == '[') {
		open_container(j, e);
		return 0;
	}
	if (c == '"') {
		if (string(r, j) < 0 || scalar(r, j, e, 1) < 0)
			return -1;
	} else if (c == '-' || (c >= '0' && c <= '9')) {
		if (number(r, j) < 0 || scalar(r, j, e, 0) < 0)
			return -1;
	} else if (literal(r, j) < 0 || scalar(r, j, e, 0) < 0) {
		return -1;
	}
	j->state = S_AFTER;
	return 0;
}

/* key - a member's name at p */
static int key(struct cairn_yaml_ev *r, struct cairn_json *j, yaml_event_t *e)
{
	if (j->p == j->end || *j->p != '"')
		return unexpected(r, j, "'\"' to start a member name");
	if (string(r, j) < 0 || scalar(r, j, e, 1) < 0)
		return -1;
	j->state = S_COLON;
	return 0;
}

/* after - what follows a value: ',' or the end of its container */
static int after(struct cairn_yaml_ev *r, struct cairn_json *j, yaml_event_t *e,
		 int *done)
{
	char top = j->stack[j->depth - 1];
	char close = top == '{' ? '}' : ']';

	*done = 0;
	if (j->p < j->end && *j->p == ',') {
		advance(j, 1);
		j->state = top == '{' ? S_KEY : S_VALUE;
		return 0;
	}
	if (j->p < j->end && *j->p == close) {
		close_container(j, e);
		*done = 1;
		return 0;
	}
	return unexpected(r, j, top == '{' ? "',' or '}'" : "',' or ']'");
}

/* step - one event, or a state change without one (*done 0) */
static int step(struct cairn_yaml_ev *r, struct cairn_json *j, yaml_event_t *e,
		int *done)
{
	*done = 1;
	switch (j->state) {
	case S_STREAM:
		yaml_stream_start_event_initialize(e, YAML_UTF8_ENCODING);
		j->state = S_DOCUMENT;
		return 0;
	case S_DOCUMENT:
		skip_space(j);
		yaml_document_start_event_initialize(e, NULL, NULL, NULL, 1);
		j->state = S_VALUE;
		return 0;
	case S_VALUE:
		skip_space(j);
		return value(r, j, e);
	case S_FIRST_KEY:
	case S_FIRST_ITEM:
		skip_space(j);
		if (j->p < j->end && *j->p == (j->state == S_FIRST_KEY ? '}' : ']')) {
			close_container(j, e);
			return 0;
		}
		if (j->state == S_FIRST_ITEM)
			return value(r, j, e);
		/* fall through */
	case S_KEY:
		skip_space(j);
		return key(r, j, e);
	case S_COLON:
		skip_space(j);
		if (j->p == j->end || *j->p != ':')
			return unexpected(r, j, "':' after the member name");
		advance(j, 1);
		j->state = S_VALUE;
		*done = 0;
		return 0;
	case S_AFTER:
		skip_space(j);
		if (j->depth == 0) {
			j->state = S_DOCUMENT_END;
			*done = 0;
			return 0;
		}
		return after(r, j, e, done);
	case S_DOCUMENT_END:
		if (j->p != j->end)
			return unexpected(r, j, "the end of the file after the "
					  "document (one JSON value per file)");
		yaml_document_end_event_initialize(e, 1);
		j->state = S_STREAM_END;
		return 0;
	case S_STREAM_END:
		yaml_stream_end_event_initialize(e);
		j->state = S_DONE;
		return 0;
	case S_DONE:
		break;
	}
	return fail(r, &j->at, "read past the end of the document");
}

/* json_done - how much of the text the events so far have consumed */
static size_t json_done(const struct cairn_yaml_ev *r)
{
	const struct cairn_json *j = r->src.ctx;

	return (size_t)(j->p - r->data);
}

/* json_next - the next event, as libyaml would give it for the document */
static int json_next(struct cairn_yaml_ev *r, yaml_event_t *e)
{
	struct cairn_json *j = r->src.ctx;
	int done = 0;

	while (!done) {
		yaml_mark_t m;

		skip_space(j);
		m = j->at;
		if (step(r, j, e, &done) < 0)
			return -1;
		if (done) {
			e->start_mark = m;
			e->end_mark = j->at;
		}
	}
	return 0;
}

void cairn_json_in_read(struct cairn_input *in, const char *data, size_t len,
			const struct cairn_limits *limits)
{
	struct cairn_json j;
	struct cairn_yaml_ev r;

	if (cairn_value_begin(in, &data, &len, limits) == 0 &&
	    cairn_yaml_ev_open(&r, in, data, len, limits) == 0) {
		memset(&j, 0, sizeof j);
		j.p = data;
		j.end = data + len;
		r.src.next = json_next;
		r.src.done = json_done;
		r.src.ctx = &j;
		cairn_yaml_in_stream(&r);
		cairn_yaml_ev_close(&r);
		cairn_buf_free(&j.text);
	}
	cairn_value_end(in);
}
