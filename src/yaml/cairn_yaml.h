/*
 * cairn_yaml - libyaml for every reader, checked and placed.
 *
 * The puzzle reader, the configuration and the result reader all read
 * YAML through here, and nothing else calls libyaml's parser.  An event
 * comes out of cairn_yaml_next() only once it is known to be safe: not an
 * alias, without an anchor (unless the reader keeps them), no NUL in a
 * scalar, no deeper than 64 levels; a libyaml error or a refusal instead
 * fills y->error with what happened and where (a 0-based libyaml mark,
 * counted from the byte offset for a reader error, which knows no other
 * place).  Events that do not come from libyaml (JSON text turned into
 * events) are checked by the same cairn_yaml_check().  How an error or
 * a refusal is told ("line L, column C: what", cairn_yaml_error_message()),
 * how a value is quoted in a message and which strings may be written
 * plain are decided here once; the rest of a message is the reader's.
 */
#ifndef CAIRN_YAML_H
#define CAIRN_YAML_H

#include <stddef.h>

#include <yaml.h>

#include "cairn_buf.h"

/* The deepest nesting any reader accepts. */
#define CAIRN_YAML_MAX_DEPTH 64

/* What went wrong, as bits: one event can break several rules at once. */
enum {
	CAIRN_YAML_ALIAS = 1 << 0,
	CAIRN_YAML_ANCHOR = 1 << 1,
	CAIRN_YAML_NUL = 1 << 2,	/* a "\0" escape in a scalar */
	CAIRN_YAML_DEEP = 1 << 3,	/* deeper than CAIRN_YAML_MAX_DEPTH */
	CAIRN_YAML_SYNTAX = 1 << 4,	/* libyaml's error: problem, context */
	CAIRN_YAML_NOMEM = 1 << 5	/* libyaml ran out of memory */
};

/* How a reader wants its text read (cairn_yaml_open()'s opts). */
enum {
	CAIRN_YAML_UTF8 = 1 << 0,	/* UTF-8, whatever a BOM says */
	CAIRN_YAML_ANCHORS_OK = 1 << 1,	/* refuse aliases only */
	CAIRN_YAML_LEAF_LEVEL = 1 << 2	/* a scalar is a level of its own */
};

struct cairn_yaml_error {
	unsigned what;			/* CAIRN_YAML_* bits, 0: none */
	yaml_mark_t mark;		/* where */
	const char *problem;		/* SYNTAX: libyaml's words */
	const char *context;		/* SYNTAX: or NULL */
	yaml_mark_t context_mark;
};

/* The rules an event is held to, and the nesting so far. */
struct cairn_yaml_rules {
	unsigned opts;
	int depth;			/* open sequences and mappings */
};

struct cairn_yaml {
	yaml_parser_t parser;
	const char *data;
	size_t len;
	struct cairn_yaml_rules rules;
	struct cairn_yaml_error error;
};

/* Start reading data[0..len); -1 when libyaml has no memory for it. */
int cairn_yaml_open(struct cairn_yaml *y, const char *data, size_t len,
		    unsigned opts);
void cairn_yaml_close(struct cairn_yaml *y);

/*
 * libyaml's next event, unchecked; 0, or -1 with y->error filled (SYNTAX
 * or NOMEM) and no event to delete.
 */
int cairn_yaml_parse(struct cairn_yaml *y, yaml_event_t *e);
/*
 * The next event, checked; 0, or -1 with y->error filled and no event to
 * delete (a refused one is deleted here).
 */
int cairn_yaml_next(struct cairn_yaml *y, yaml_event_t *e);
/* How many bytes of data libyaml has consumed. */
size_t cairn_yaml_done(const struct cairn_yaml *y);

/* What e does to the nesting: 1 opens a collection, -1 closes one, else 0. */
int cairn_yaml_nesting(const yaml_event_t *e);
/*
 * Hold event e, from any source, to the rules and count its nesting.
 * Returns the CAIRN_YAML_* bits it breaks, 0 when it is safe.
 */
unsigned cairn_yaml_check(struct cairn_yaml_rules *r, const yaml_event_t *e);
/*
 * What refusal `what` says: the NUL, then anchors and aliases, then the
 * depth ("nesting deeper than 64 levels").
 */
const char *cairn_yaml_refusal(unsigned what);

/*
 * Append what went wrong to b, as every reader words it: "line L, column
 * C: " and then libyaml's problem (and its context, "(while parsing a
 * flow sequence at line L, column C)"), cairn_yaml_refusal()'s words, or
 * "out of memory".  Returns -ENOMEM for the last, which says nothing of
 * the text (it may read well the next time), else -EINVAL.
 */
int cairn_yaml_error_message(const struct cairn_yaml_error *e,
			     struct cairn_buf *b);

/* Whether scalar event e is a plain ~, null or empty value. */
int cairn_yaml_is_null(const yaml_event_t *e);

/* Who reads a plain scalar back: what it must not be taken for. */
enum cairn_yaml_plain {
	CAIRN_YAML_PLAIN_NULL,		/* only null (the configuration) */
	CAIRN_YAML_PLAIN_TYPED		/* any YAML 1.1 reader: also booleans
					   and numbers (the result files) */
};

/* Whether s may be written as a plain scalar and read back as s. */
int cairn_yaml_plain_ok(const char *s, enum cairn_yaml_plain reader);

enum cairn_yaml_escape {
	CAIRN_YAML_ESCAPE_MESSAGE,	/* C0, DEL: \n \t \r \xHH; the rest raw */
	CAIRN_YAML_ESCAPE_SCALAR	/* reads back as itself: cairn_utf8_escape() */
};

/* How much of a value a message repeats. */
#define CAIRN_YAML_QUOTE_MAX 64

/*
 * Append s[0..len) in double quotes, escaped as `how` says, cut after at
 * most max bytes (never inside a UTF-8 sequence) and then "...".
 */
void cairn_yaml_quote(struct cairn_buf *b, const char *s, size_t len,
		      size_t max, enum cairn_yaml_escape how);

#endif
