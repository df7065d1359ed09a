/*
 * cairn_yaml - the one libyaml parser loop, its checks, places and words.
 *
 * One libyaml parser per text, reading from memory.  libyaml's 1 for
 * success is turned into 0 or -1 here and nowhere else; its errors keep
 * their problem, context and marks, except that a reader error (bad
 * UTF-8, a control character) has only a byte offset, from which the
 * place is counted.  Each event is held to the rules once, as it leaves
 * libyaml or the JSON reader: an alias (it would let a small file expand
 * without bound), an anchor, a NUL in a scalar (it would cut the text
 * short: doc/formats.md), or nesting deeper than 64 levels (the grammars
 * recurse) is refused at the event's start.  Errors and refusals are
 * worded here, once for every reader.  The quoting and the plainness
 * rules live beside them because they are the two halves of writing a
 * string that a reader of this file gets back unchanged.
 */
#include "config.h"

#include <errno.h>
#include <string.h>
#include <strings.h>

#include "cairn_yaml.h"
#include "cairn_utf8.h"

int cairn_yaml_open(struct cairn_yaml *y, const char *data, size_t len,
		    unsigned opts)
{
	memset(y, 0, sizeof *y);
	y->data = data;
	y->len = len;
	y->rules.opts = opts;
	if (yaml_parser_initialize(&y->parser) != 1) {
		y->error.what = CAIRN_YAML_NOMEM;
		return -1;
	}
	yaml_parser_set_input_string(&y->parser, (const unsigned char *)data,
				     len);
	/* Otherwise libyaml picks UTF-16 when the text starts with its BOM. */
	if (opts & CAIRN_YAML_UTF8)
		yaml_parser_set_encoding(&y->parser, YAML_UTF8_ENCODING);
	return 0;
}

void cairn_yaml_close(struct cairn_yaml *y)
{
	yaml_parser_delete(&y->parser);
}

/* place_of - the mark of a byte offset, for libyaml's reader errors */
static void place_of(const struct cairn_yaml *y, size_t off, yaml_mark_t *m)
{
	unsigned long line, column;

	memset(m, 0, sizeof *m);
	cairn_utf8_place(y->data, off > y->len ? y->len : off, &line, &column);
	m->index = off;
	m->line = line - 1;
	m->column = column - 1;
}

int cairn_yaml_parse(struct cairn_yaml *y, yaml_event_t *e)
{
	const yaml_parser_t *ps = &y->parser;
	struct cairn_yaml_error *err = &y->error;

	if (yaml_parser_parse(&y->parser, e) == 1)
		return 0;
	memset(err, 0, sizeof *err);
	/* libyaml leaves the problem NULL only when it ran out of memory. */
	err->what = ps->problem == NULL ? CAIRN_YAML_NOMEM : CAIRN_YAML_SYNTAX;
	err->mark = ps->problem_mark;
	if (ps->error == YAML_READER_ERROR)
		place_of(y, ps->problem_offset, &err->mark);
	err->problem = ps->problem;
	err->context = ps->context;
	err->context_mark = ps->context_mark;
	return -1;
}

int cairn_yaml_next(struct cairn_yaml *y, yaml_event_t *e)
{
	unsigned what;

	if (cairn_yaml_parse(y, e) < 0)
		return -1;
	if ((what = cairn_yaml_check(&y->rules, e)) == 0)
		return 0;
	memset(&y->error, 0, sizeof y->error);
	y->error.what = what;
	y->error.mark = e->start_mark;
	yaml_event_delete(e);
	return -1;
}

size_t cairn_yaml_done(const struct cairn_yaml *y)
{
	return y->parser.mark.index;
}

static const yaml_char_t *anchor_of(const yaml_event_t *e)
{
	switch (e->type) {
	case YAML_SCALAR_EVENT:
		return e->data.scalar.anchor;
	case YAML_SEQUENCE_START_EVENT:
		return e->data.sequence_start.anchor;
	case YAML_MAPPING_START_EVENT:
		return e->data.mapping_start.anchor;
	default:
		return NULL;
	}
}

int cairn_yaml_nesting(const yaml_event_t *e)
{
	switch (e->type) {
	case YAML_SEQUENCE_START_EVENT:
	case YAML_MAPPING_START_EVENT:
		return 1;
	case YAML_SEQUENCE_END_EVENT:
	case YAML_MAPPING_END_EVENT:
		return -1;
	default:
		return 0;
	}
}

/* level - how deep e lies: a scalar or alias counts only as asked */
static int level(const struct cairn_yaml_rules *r, const yaml_event_t *e)
{
	int leaf = e->type == YAML_SCALAR_EVENT || e->type == YAML_ALIAS_EVENT;

	return r->depth + (leaf && (r->opts & CAIRN_YAML_LEAF_LEVEL));
}

unsigned cairn_yaml_check(struct cairn_yaml_rules *r, const yaml_event_t *e)
{
	unsigned what = 0;

	r->depth += cairn_yaml_nesting(e);
	if (e->type == YAML_ALIAS_EVENT)
		what |= CAIRN_YAML_ALIAS;
	if (anchor_of(e) != NULL && !(r->opts & CAIRN_YAML_ANCHORS_OK))
		what |= CAIRN_YAML_ANCHOR;
	if (e->type == YAML_SCALAR_EVENT &&
	    memchr(e->data.scalar.value, 0, e->data.scalar.length) != NULL)
		what |= CAIRN_YAML_NUL;
	if (level(r, e) > CAIRN_YAML_MAX_DEPTH)
		what |= CAIRN_YAML_DEEP;
	return what;
}

const char *cairn_yaml_refusal(unsigned what)
{
	if (what & CAIRN_YAML_NUL)
		return cairn_utf8_why(1);
	if (what & (CAIRN_YAML_ALIAS | CAIRN_YAML_ANCHOR))
		return "anchors and aliases are not allowed";
	return "nesting deeper than 64 levels";
}

int cairn_yaml_error_message(const struct cairn_yaml_error *e,
			     struct cairn_buf *b)
{
	cairn_buf_addf(b, "line %zu, column %zu: ", e->mark.line + 1,
		       e->mark.column + 1);
	if (e->what & CAIRN_YAML_NOMEM) {
		cairn_buf_adds(b, "out of memory");
		return -ENOMEM;
	}
	if (!(e->what & CAIRN_YAML_SYNTAX)) {
		cairn_buf_adds(b, cairn_yaml_refusal(e->what));
		return -EINVAL;
	}
	cairn_buf_adds(b, e->problem);
	if (e->context != NULL)
		cairn_buf_addf(b, " (%s at line %zu, column %zu)", e->context,
			       e->context_mark.line + 1,
			       e->context_mark.column + 1);
	return -EINVAL;
}

int cairn_yaml_is_null(const yaml_event_t *e)
{
	const char *v = (const char *)e->data.scalar.value;

	if (e->data.scalar.style != YAML_PLAIN_SCALAR_STYLE)
		return 0;
	return *v == '\0' || strcmp(v, "~") == 0 || strcmp(v, "null") == 0 ||
	       strcmp(v, "Null") == 0 || strcmp(v, "NULL") == 0;
}

static int is_alpha(char c)
{
	return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}

static int is_alnum(char c)
{
	return is_alpha(c) || (c >= '0' && c <= '9');
}

/* word_in - s is one of the NULL-terminated words, in any case */
static int word_in(const char *s, const char *const *words)
{
	for (; *words != NULL; words++)
		if (strcasecmp(s, *words) == 0)
			return 1;
	return 0;
}

int cairn_yaml_plain_ok(const char *s, enum cairn_yaml_plain reader)
{
	static const char *const nulls[] = { "~", "null", NULL };
	/* YAML 1.1's booleans and null; a leading letter rules out numbers. */
	static const char *const typed[] = {
		"y", "n", "yes", "no", "on", "off", "true", "false", "null", NULL,
	};
	int t = reader == CAIRN_YAML_PLAIN_TYPED;
	const char *c;

	/* A leading '-' could start a sequence entry. */
	if (*s == '\0' || *s == '-' || (t && !is_alpha(*s) && *s != '_'))
		return 0;
	for (c = s; *c; c++)
		if (!is_alnum(*c) && strchr(t ? "/._-" : "/._-+", *c) == NULL)
			return 0;
	return !word_in(s, t ? typed : nulls);
}

/* escape_message - what a message shows of s: controls visible, text raw */
static void escape_message(struct cairn_buf *b, const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c == '"' || c == '\\')
			cairn_buf_addf(b, "\\%c", c);
		else if (c == '\n')
			cairn_buf_adds(b, "\\n");
		else if (c == '\t')
			cairn_buf_adds(b, "\\t");
		else if (c == '\r')
			cairn_buf_adds(b, "\\r");
		else if (c < 0x20 || c == 0x7f)
			cairn_buf_addf(b, "\\x%02x", c);
		else
			cairn_buf_addc(b, (char)c);
	}
}

void cairn_yaml_quote(struct cairn_buf *b, const char *s, size_t len,
		      size_t max, enum cairn_yaml_escape how)
{
	size_t n = len;

	if (n > max) {
		n = max;
		/* Do not cut a UTF-8 sequence in two. */
		while (n > 0 && ((unsigned char)s[n] & 0xc0) == 0x80)
			n--;
	}
	cairn_buf_addc(b, '"');
	if (how == CAIRN_YAML_ESCAPE_SCALAR)
		cairn_utf8_escape(b, s, n);
	else
		escape_message(b, s, n);
	if (n < len)
		cairn_buf_adds(b, "...");
	cairn_buf_addc(b, '"');
}
