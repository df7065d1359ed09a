/*
 * cairn_yaml_ev - the YAML reader's event source and messages.
 *
 * Events come from a source: by default libyaml through cairn_yaml,
 * reading the file from memory as UTF-8, or one a reader sets (JSON).
 * This file does not know which.  Each event is held to cairn_yaml's
 * rules once, as it leaves its source: a refusal is a file error at the
 * event's place, and so is an error of libyaml's at its own, both in
 * the words of cairn_yaml_error_message().  Look-ahead events are moved
 * into a queue, never copied, and handed out again before the source is
 * asked for more.
 */
#include "config.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cairn_buf.h"
#include "cairn_mem.h"
#include "cairn_yaml_ev.h"

const struct cairn_yaml_sink cairn_yaml_ev_to_file = {
	CAIRN_VALUE_FILE, NULL
};

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

/* yaml_error - a file error in cairn_yaml's words, at e's place */
static int yaml_error(struct cairn_yaml_ev *r, const struct cairn_yaml_error *e)
{
	struct cairn_buf b = CAIRN_BUF_INIT;

	if (cairn_yaml_error_message(e, &b) == -ENOMEM)
		r->in->oom = 1;		/* transient: the daemon retries the file */
	return cairn_value_report(r->in, CAIRN_VALUE_FILE, NULL,
				  e->mark.line + 1, cairn_buf_steal(&b));
}

/* libyaml_next, libyaml_done - the source unless a reader sets another */
static int libyaml_next(struct cairn_yaml_ev *r, yaml_event_t *e)
{
	return cairn_yaml_parse(&r->yaml, e) < 0 ?
	       yaml_error(r, &r->yaml.error) : 0;
}

static size_t libyaml_done(const struct cairn_yaml_ev *r)
{
	return cairn_yaml_done(&r->yaml);
}

/* fetch - the next event from the source, held to cairn_yaml's rules */
static int fetch(struct cairn_yaml_ev *r, yaml_event_t *e)
{
	struct cairn_yaml_error refused = { 0 };

	if (r->src.next(r, e) < 0)
		return -1;
	if ((refused.what = cairn_yaml_check(&r->yaml.rules, e)) == 0)
		return 0;
	refused.mark = e->start_mark;
	yaml_event_delete(e);
	return yaml_error(r, &refused);
}

int cairn_yaml_ev_pull(struct cairn_yaml_ev *r, yaml_event_t *e)
{
	/* A limit of the whole file (max_puzzles, memory_budget) ends it. */
	if (r->in->stop != CAIRN_STOP_NONE &&
	    cairn_puzzle_input_stopped(r->in, r->src.done(r), r->len))
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
	int d = cairn_yaml_nesting(e) > 0;

	yaml_event_delete(e);
	while (d > 0) {
		yaml_event_t x;

		if (cairn_yaml_ev_pull(r, &x) < 0)
			return -1;
		d += cairn_yaml_nesting(&x);
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
		if (cairn_yaml_nesting(e) > 0) {
			d++;
			continue;
		}
		if (cairn_yaml_nesting(e) < 0) {
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
	r->src.next = libyaml_next;
	r->src.done = libyaml_done;
	if (cairn_yaml_open(&r->yaml, data, len, CAIRN_YAML_UTF8) < 0) {
		in->oom = 1;
		cairn_puzzle_input_fail(in, 0, cairn_xstrdup("out of memory"));
		return -1;
	}
	return 0;
}

void cairn_yaml_ev_close(struct cairn_yaml_ev *r)
{
	while (r->qhead < r->qlen)
		yaml_event_delete(&r->queue[r->qhead++]);
	free(r->queue);
	free(r->piles);
	cairn_yaml_close(&r->yaml);
	cairn_value_ids_free(&r->ids);
}
