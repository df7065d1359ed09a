/*
 * cairn_yaml_ev - the YAML reader's event source and messages.
 *
 * One libyaml parser per file, reading from memory as UTF-8.  Each event
 * is checked once, as it leaves libyaml: an alias, an anchor, or a 65th
 * level of nesting is a file error at the event's place, and so is any
 * error of libyaml's, with its problem, context and marks (converted to
 * 1-based lines and columns; a reader error knows only a byte offset, from
 * which the place is counted).  Look-ahead events are moved into a queue,
 * never copied, and handed out again before libyaml is asked for more.
 */
#include "config.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cairn_buf.h"
#include "cairn_mem.h"
#include "cairn_utf8.h"
#include "cairn_yaml_ev.h"

#define MAX_DEPTH 64

const struct cairn_yaml_sink cairn_yaml_ev_to_file = {
	CAIRN_VALUE_FILE, NULL
};

/* lib - libyaml's 1 for success as 0 or -1: the one place it is converted */
static int lib(int rc)
{
	return rc == 1 ? 0 : -1;
}

static void add_path(struct cairn_buf *b, const struct cairn_yaml_path *p)
{
	if (p->up != NULL)
		add_path(b, p->up);
	if (p->key == NULL) {
		cairn_buf_addf(b, "[%zu]", p->index);
		return;
	}
	if (p->up != NULL)
		cairn_buf_addc(b, '.');
	cairn_buf_add(b, p->key, p->len);
}

int cairn_yaml_ev_fail(struct cairn_yaml_ev *r, const struct cairn_yaml_sink *s,
		       const yaml_mark_t *m, const struct cairn_yaml_path *path,
		       const char *fmt, ...)
{
	struct cairn_buf b = CAIRN_BUF_INIT;
	va_list ap;

	cairn_buf_addf(&b, "line %zu, column %zu: ", m->line + 1,
		       m->column + 1);
	if (path != NULL) {
		add_path(&b, path);
		cairn_buf_adds(&b, ": ");
	}
	va_start(ap, fmt);
	cairn_buf_vaddf(&b, fmt, ap);
	va_end(ap);
	return cairn_value_report(r->in, s->kind, s->p, m->line + 1,
				  cairn_buf_steal(&b));
}

int cairn_yaml_ev_fail_why(struct cairn_yaml_ev *r,
			   const struct cairn_yaml_sink *s,
			   const yaml_mark_t *m,
			   const struct cairn_yaml_path *path, char *why)
{
	int rc = cairn_yaml_ev_fail(r, s, m, path, "%s", why);

	free(why);
	return rc;
}

int cairn_yaml_ev_refuse(struct cairn_yaml_ev *r, yaml_event_t *e,
			 const char *msg)
{
	yaml_mark_t m = e->start_mark;

	yaml_event_delete(e);
	return cairn_yaml_ev_fail(r, &cairn_yaml_ev_to_file, &m, NULL, "%s",
				  msg);
}

/* place_of - line and column of a byte offset, for libyaml's reader errors */
static void place_of(const struct cairn_yaml_ev *r, size_t off,
		     yaml_mark_t *m)
{
	unsigned long line, column;

	memset(m, 0, sizeof *m);
	cairn_utf8_place(r->data, off > r->len ? r->len : off, &line, &column);
	m->line = line - 1;
	m->column = column - 1;
}

/* syntax_error - a file error from libyaml's problem, context and marks */
static int syntax_error(struct cairn_yaml_ev *r)
{
	const struct cairn_yaml_sink *s = &cairn_yaml_ev_to_file;
	const yaml_parser_t *ps = &r->parser;
	yaml_mark_t m = ps->problem_mark;

	if (ps->error == YAML_READER_ERROR)
		place_of(r, ps->problem_offset, &m);
	if (ps->problem == NULL) {
		r->in->oom = 1;		/* transient: the daemon retries the file */
		return cairn_yaml_ev_fail(r, s, &m, NULL, "out of memory");
	}
	if (ps->context == NULL)
		return cairn_yaml_ev_fail(r, s, &m, NULL, "%s", ps->problem);
	return cairn_yaml_ev_fail(r, s, &m, NULL,
				  "%s (%s at line %zu, column %zu)",
				  ps->problem, ps->context,
				  ps->context_mark.line + 1,
				  ps->context_mark.column + 1);
}

static int is_start(const yaml_event_t *e)
{
	return e->type == YAML_SEQUENCE_START_EVENT ||
	       e->type == YAML_MAPPING_START_EVENT;
}

static int is_end(const yaml_event_t *e)
{
	return e->type == YAML_SEQUENCE_END_EVENT ||
	       e->type == YAML_MAPPING_END_EVENT;
}

/* fetch - the next event from libyaml, refusing aliases and deep nesting */
static int fetch(struct cairn_yaml_ev *r, yaml_event_t *e)
{
	const yaml_char_t *anchor = NULL;

	if (r->json != NULL) {
		if (cairn_json_ev_parse(r, e) < 0)
			return -1;
	} else if (lib(yaml_parser_parse(&r->parser, e)) < 0) {
		return syntax_error(r);
	}
	switch (e->type) {
	case YAML_ALIAS_EVENT:
		return cairn_yaml_ev_refuse(r, e, "anchors and aliases are "
					    "not allowed");
	case YAML_SCALAR_EVENT:
		/* A "\0" escape would cut the text short (SPEC section 2). */
		if (memchr(e->data.scalar.value, 0, e->data.scalar.length))
			return cairn_yaml_ev_refuse(r, e, cairn_utf8_why(1));
		anchor = e->data.scalar.anchor;
		break;
	case YAML_SEQUENCE_START_EVENT:
		anchor = e->data.sequence_start.anchor;
		r->depth++;
		break;
	case YAML_MAPPING_START_EVENT:
		anchor = e->data.mapping_start.anchor;
		r->depth++;
		break;
	case YAML_SEQUENCE_END_EVENT:
	case YAML_MAPPING_END_EVENT:
		r->depth--;
		break;
	default:
		break;
	}
	if (anchor != NULL)
		return cairn_yaml_ev_refuse(r, e, "anchors and aliases are "
					    "not allowed");
	if (r->depth > MAX_DEPTH)
		return cairn_yaml_ev_refuse(r, e, "nesting deeper than 64 "
					    "levels");
	return 0;
}

int cairn_yaml_ev_pull(struct cairn_yaml_ev *r, yaml_event_t *e)
{
	/* A limit of the whole file (max_puzzles, memory_budget) ends it. */
	if (r->in->stop != CAIRN_STOP_NONE &&
	    cairn_input_stopped(r->in, r->json != NULL ?
				cairn_json_ev_done(r) : r->parser.mark.index,
				r->len))
		return -1;
	if (r->qhead == r->qlen)
		return fetch(r, e);
	*e = r->queue[r->qhead++];
	if (r->qhead == r->qlen)
		r->qhead = r->qlen = 0;
	return 0;
}

char *cairn_yaml_ev_take(yaml_event_t *e)
{
	char *s = (char *)e->data.scalar.value;

	/* libyaml allocates with malloc(), so free() releases it. */
	e->data.scalar.value = NULL;
	yaml_event_delete(e);
	return s;
}

int cairn_yaml_ev_skip(struct cairn_yaml_ev *r, yaml_event_t *e)
{
	int d = is_start(e);

	yaml_event_delete(e);
	while (d > 0) {
		yaml_event_t x;

		if (cairn_yaml_ev_pull(r, &x) < 0)
			return -1;
		d += is_start(&x) - is_end(&x);
		yaml_event_delete(&x);
	}
	return 0;
}

/*
 * Only called at a document's top-level mapping, when the queue is empty:
 * everything queued before belongs to an earlier document and was pulled.
 */
int cairn_yaml_ev_lookahead(struct cairn_yaml_ev *r,
			    int (*is_key)(const char *name, size_t len),
			    int *key)
{
	size_t d = 0;
	int want_key = 1;

	*key = -1;
	for (;;) {
		yaml_event_t *e;

		r->queue = cairn_xgrow(r->queue, &r->qcap, r->qlen + 1,
				       sizeof *r->queue);
		e = &r->queue[r->qlen];
		if (fetch(r, e) < 0)
			return -1;
		r->qlen++;
		if (is_start(e)) {
			d++;
			continue;
		}
		if (is_end(e)) {
			if (d == 0)
				return 0;	/* the end of the mapping */
			if (--d > 0)
				continue;
		} else if (d > 0) {
			continue;
		} else if (want_key && e->type == YAML_SCALAR_EVENT) {
			*key = is_key(cairn_yaml_ev_text(e),
				      e->data.scalar.length);
			if (*key >= 0)
				return 0;
		}
		/* A whole node at the top level: a key, or its value. */
		want_key = !want_key;
	}
}

int cairn_yaml_ev_open(struct cairn_yaml_ev *r, struct cairn_input *in,
		       const char *data, size_t len,
		       const struct cairn_limits *limits)
{
	memset(r, 0, sizeof *r);
	r->in = in;
	r->limits = limits;
	r->data = data;
	r->len = len;
	if (lib(yaml_parser_initialize(&r->parser)) < 0) {
		in->oom = 1;
		cairn_input_fail(in, 0, cairn_xstrdup("out of memory"));
		return -1;
	}
	yaml_parser_set_input_string(&r->parser, (const unsigned char *)data,
				     len);
	yaml_parser_set_encoding(&r->parser, YAML_UTF8_ENCODING);
	return 0;
}

void cairn_yaml_ev_close(struct cairn_yaml_ev *r)
{
	while (r->qhead < r->qlen)
		yaml_event_delete(&r->queue[r->qhead++]);
	free(r->queue);
	free(r->piles);
	yaml_parser_delete(&r->parser);
	cairn_value_ids_free(&r->ids);
}
