/*
 * cairn_yaml_in - the YAML puzzle file reader (SPEC section 2).
 *
 * It reads libyaml's event stream once, front to back, and never builds a
 * document tree: each value is checked and stored as its event arrives, so
 * the cost per event stays close to libyaml's own.  A document's shape
 * (puzzle, set or submission) depends on which of `piles`, `puzzles` and
 * `problem_set` it has, and that key may come after others; the reader
 * looks ahead within the top-level mapping only until it meets one,
 * keeping the events it passed (moved, never copied) to replay them.
 * Errors inside a puzzle go to that puzzle, malformed expectations to the
 * puzzle's expect.invalid, everything else is a file error that stops the
 * reading.  Every message starts with "line L, column C:" (1-based, at the
 * offending node) and, below the top level, the path to the node.
 */
#include "config.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <yaml.h>

#include "cairn_buf.h"
#include "cairn_input.h"
#include "cairn_mem.h"
#include "cairn_yaml_csv.h"

#define MAX_DEPTH 64

/* Keys of the top-level, puzzle and set mappings. */
enum key {
	K_PILES, K_ID, K_SOLVER, K_MOVES, K_EXPLAIN, K_EXPECT,
	K_PUZZLES, K_PROBLEM_SET, K_SUBMITTER, K_ANSWERS, K_NKEYS
};

static const char *const key_names[K_NKEYS] = {
	"piles", "id", "solver", "moves", "explain", "expect",
	"puzzles", "problem_set", "submitter", "answers",
};

#define BIT(k) (1u << (k))
#define PUZZLE_KEYS (BIT(K_PILES) | BIT(K_ID) | BIT(K_SOLVER) | \
		     BIT(K_MOVES) | BIT(K_EXPLAIN) | BIT(K_EXPECT))
#define SET_KEYS (BIT(K_PUZZLES) | BIT(K_SOLVER) | BIT(K_MOVES) | \
		  BIT(K_EXPLAIN))
#define SUBMISSION_KEYS (BIT(K_PROBLEM_SET) | BIT(K_SUBMITTER) | \
			 BIT(K_ANSWERS))
#define SHAPE_KEYS (BIT(K_PILES) | BIT(K_PUZZLES) | BIT(K_PROBLEM_SET))

/* Where a path to a node is, e.g. puzzles[1].piles[2]; NULL is the top. */
struct path {
	const struct path *up;
	const char *key;		/* NULL: an index */
	size_t len;
	size_t index;
};

/* Where an error goes. */
#define TO_FILE CAIRN_YAML_CSV_FILE
#define TO_PUZZLE CAIRN_YAML_CSV_PUZZLE
#define TO_EXPECT CAIRN_YAML_CSV_EXPECT

struct sink {
	enum cairn_yaml_csv_sink kind;
	struct cairn_puzzle *p;		/* TO_PUZZLE, TO_EXPECT */
};

struct reader {
	yaml_parser_t parser;
	struct cairn_input *in;
	const struct cairn_limits *limits;
	const char *data;
	size_t len;
	int depth;
	yaml_event_t *queue;		/* events read ahead, replayed first */
	size_t qhead, qlen, qcap;
	struct cairn_yaml_csv_ids ids;
};

/* What one mapping is read into. */
struct node {
	struct sink sink;
	struct cairn_puzzle *p;		/* the puzzle, or a set's defaults */
	yaml_mark_t id_mark;
};

/* The keys a mapping accepts and what to do with each value. */
struct mapping {
	int (*lookup)(const char *name, size_t len, unsigned allowed);
	unsigned allowed;
	int (*entry)(struct reader *r, void *ctx, int key, yaml_event_t *v,
		     const struct path *path);
	void *ctx;
	const struct sink *sink;
};

/* lib - libyaml's 1 for success as 0 or -1: the one place it is converted */
static int lib(int rc)
{
	return rc == 1 ? 0 : -1;
}

static void add_path(struct cairn_buf *b, const struct path *p)
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

/* fail - report "line L, column C: PATH: MESSAGE"; -1 when it stops the file */
__attribute__((format(printf, 5, 6)))
static int fail(struct reader *r, const struct sink *s, const yaml_mark_t *m,
		const struct path *path, const char *fmt, ...)
{
	struct cairn_buf b = CAIRN_BUF_INIT;
	va_list ap;
	char *msg;

	cairn_buf_addf(&b, "line %zu, column %zu: ", m->line + 1,
		       m->column + 1);
	if (path != NULL) {
		add_path(&b, path);
		cairn_buf_adds(&b, ": ");
	}
	va_start(ap, fmt);
	cairn_buf_vaddf(&b, fmt, ap);
	va_end(ap);
	msg = cairn_buf_steal(&b);
	return cairn_yaml_csv_report(r->in, s->kind, s->p, m->line + 1, msg);
}

/* fail_why - fail() with a reason made by cairn_yaml_csv (freed here) */
static int fail_why(struct reader *r, const struct sink *s,
		    const yaml_mark_t *m, const struct path *path, char *why)
{
	int rc = fail(r, s, m, path, "%s", why);

	free(why);
	return rc;
}

static const struct sink to_file = { TO_FILE, NULL };

/* place_of - line and column of a byte offset, for libyaml's reader errors */
static void place_of(const struct reader *r, size_t off, yaml_mark_t *m)
{
	size_t i;

	memset(m, 0, sizeof *m);
	if (off > r->len)
		off = r->len;
	for (i = 0; i < off; i++) {
		if (r->data[i] == '\n') {
			m->line++;
			m->column = 0;
		} else if (((unsigned char)r->data[i] & 0xc0) != 0x80) {
			m->column++;
		}
	}
}

/* syntax_error - a file error from libyaml's problem, context and marks */
static int syntax_error(struct reader *r)
{
	const yaml_parser_t *ps = &r->parser;
	yaml_mark_t m = ps->problem_mark;

	if (ps->error == YAML_READER_ERROR)
		place_of(r, ps->problem_offset, &m);
	if (ps->problem == NULL)
		return fail(r, &to_file, &m, NULL, "out of memory");
	if (ps->context == NULL)
		return fail(r, &to_file, &m, NULL, "%s", ps->problem);
	return fail(r, &to_file, &m, NULL, "%s (%s at line %zu, column %zu)",
		    ps->problem, ps->context, ps->context_mark.line + 1,
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

/* refuse - a file error at an event, which is dropped */
static int refuse(struct reader *r, yaml_event_t *e, const char *msg)
{
	yaml_mark_t m = e->start_mark;

	yaml_event_delete(e);
	return fail(r, &to_file, &m, NULL, "%s", msg);
}

/* fetch - the next event from libyaml, refusing aliases and deep nesting */
static int fetch(struct reader *r, yaml_event_t *e)
{
	const yaml_char_t *anchor = NULL;

	if (lib(yaml_parser_parse(&r->parser, e)) < 0)
		return syntax_error(r);
	switch (e->type) {
	case YAML_ALIAS_EVENT:
		return refuse(r, e, "anchors and aliases are not allowed");
	case YAML_SCALAR_EVENT:
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
		return refuse(r, e, "anchors and aliases are not allowed");
	if (r->depth > MAX_DEPTH)
		return refuse(r, e, "nesting deeper than 64 levels");
	return 0;
}

/* pull - the next event: replayed from the look-ahead, else fetched */
static int pull(struct reader *r, yaml_event_t *e)
{
	if (r->qhead == r->qlen)
		return fetch(r, e);
	*e = r->queue[r->qhead++];
	if (r->qhead == r->qlen)
		r->qhead = r->qlen = 0;
	return 0;
}

/* skip - drop the node that starts with event e, and all inside it */
static int skip(struct reader *r, yaml_event_t *e)
{
	int d = is_start(e);

	yaml_event_delete(e);
	while (d > 0) {
		yaml_event_t x;

		if (pull(r, &x) < 0)
			return -1;
		d += is_start(&x) - is_end(&x);
		yaml_event_delete(&x);
	}
	return 0;
}

static const char *text(const yaml_event_t *e)
{
	return (const char *)e->data.scalar.value;
}

/* reject - drop value e, which is not what was wanted, and report it */
static int reject(struct reader *r, yaml_event_t *e, const char *wants,
		  const struct sink *s, const struct path *path)
{
	yaml_mark_t m = e->start_mark;

	if (skip(r, e) < 0)
		return -1;
	return fail(r, s, &m, path, "expected %s", wants);
}

/* need_scalar - 1 when value e is a scalar; else drop it and report 0 */
static int need_scalar(struct reader *r, yaml_event_t *e, const char *wants,
		       const struct sink *s, const struct path *path)
{
	if (e->type == YAML_SCALAR_EVENT)
		return 1;
	return reject(r, e, wants, s, path);
}

/* scalar - value e (consumed) as type t: 1 stored in *v, 0 reported, -1 stop */
static int scalar(struct reader *r, yaml_event_t *e,
		  enum cairn_yaml_csv_type t, union cairn_yaml_csv_value *v,
		  const struct sink *s, const struct path *path)
{
	yaml_mark_t m = e->start_mark;
	char *why;
	int rc;

	rc = need_scalar(r, e, cairn_yaml_csv_wants[t], s, path);
	if (rc <= 0)
		return rc;
	why = cairn_yaml_csv_parse(t, text(e), e->data.scalar.length, v);
	yaml_event_delete(e);
	if (why == NULL)
		return 1;
	return fail_why(r, s, &m, path, why);
}

static int string_value(struct reader *r, const struct node *n,
			yaml_event_t *e, const struct path *path, char **dst)
{
	union cairn_yaml_csv_value v;
	int rc = scalar(r, e, CAIRN_YAML_CSV_STRING, &v, &n->sink, path);

	if (rc == 1)
		*dst = v.s;
	return rc < 0 ? -1 : 0;
}

static int bool_value(struct reader *r, const struct node *n,
		      yaml_event_t *e, const struct path *path, int *dst)
{
	union cairn_yaml_csv_value v;
	int rc = scalar(r, e, CAIRN_YAML_CSV_BOOL, &v, &n->sink, path);

	if (rc == 1)
		*dst = v.b;
	return rc < 0 ? -1 : 0;
}

/* mapping_pair - one key (event k, left to the caller) and its value */
static int mapping_pair(struct reader *r, const struct mapping *mp,
			yaml_event_t *k, const struct path *path,
			unsigned *seen)
{
	yaml_mark_t m = k->start_mark;
	struct cairn_buf q = CAIRN_BUF_INIT;
	struct path kp;
	yaml_event_t v;
	int key = -1, rc = 0;

	if (k->type != YAML_SCALAR_EVENT) {
		if (skip(r, k) < 0)
			return -1;
		rc = fail(r, mp->sink, &m, path, "a key must be a scalar");
	} else {
		key = mp->lookup(text(k), k->data.scalar.length, mp->allowed);
		if (key < 0 || (*seen & BIT(key))) {
			cairn_yaml_csv_quote(&q, text(k),
					     k->data.scalar.length);
			rc = fail(r, mp->sink, &m, path, "%s key %s",
				  key < 0 ? "unknown" : "duplicate", q.data);
			cairn_buf_free(&q);
			key = -1;
		} else {
			*seen |= BIT(key);
		}
	}
	if (rc < 0 || pull(r, &v) < 0)
		return -1;
	if (key < 0)
		return skip(r, &v);
	kp.up = path;
	kp.key = text(k);
	kp.len = k->data.scalar.length;
	kp.index = 0;
	return mp->entry(r, mp->ctx, key, &v, &kp);
}

/* mapping - the entries of a mapping whose start event was consumed */
static int mapping(struct reader *r, const struct mapping *mp,
		   const struct path *path)
{
	unsigned seen = 0;

	for (;;) {
		yaml_event_t k;
		int rc;

		if (pull(r, &k) < 0)
			return -1;
		if (k.type == YAML_MAPPING_END_EVENT) {
			yaml_event_delete(&k);
			return 0;
		}
		rc = mapping_pair(r, mp, &k, path, &seen);
		yaml_event_delete(&k);
		if (rc < 0)
			return -1;
	}
}

static int main_key(const char *name, size_t len, unsigned allowed)
{
	int k;

	for (k = 0; k < K_NKEYS; k++)
		if ((allowed & BIT(k)) && strlen(key_names[k]) == len &&
		    memcmp(key_names[k], name, len) == 0)
			return k;
	return -1;
}

static int expect_key(const char *name, size_t len, unsigned allowed)
{
	return cairn_yaml_csv_expect_key(name, len);
}

static int expect_entry(struct reader *r, void *ctx, int key,
			yaml_event_t *e, const struct path *path)
{
	struct cairn_puzzle *p = ctx;
	const struct sink s = { TO_EXPECT, p };
	enum cairn_yaml_csv_type t = cairn_yaml_csv_expect_types[key];
	yaml_mark_t m = e->start_mark;
	char *why;
	int rc;

	rc = need_scalar(r, e, cairn_yaml_csv_wants[t], &s, path);
	if (rc <= 0)
		return rc;
	why = cairn_yaml_csv_expect(&p->expect, key, text(e),
				    e->data.scalar.length);
	yaml_event_delete(e);
	return why == NULL ? 0 : fail_why(r, &s, &m, path, why);
}

/* expect - an expect mapping or an answer, value e (consumed) */
static int expect(struct reader *r, struct cairn_puzzle *p, yaml_event_t *e,
		  const struct path *path)
{
	const struct sink s = { TO_EXPECT, p };
	const struct mapping mp = { expect_key, 0, expect_entry, p, &s };

	p->expect.present = 1;
	if (e->type != YAML_MAPPING_START_EVENT)
		return reject(r, e, "a mapping", &s, path);
	yaml_event_delete(e);
	return mapping(r, &mp, path);
}

static void add_pile(struct cairn_puzzle *p, size_t *cap, int64_t v)
{
	p->piles = cairn_xgrow(p->piles, cap, p->n + 1, sizeof *p->piles);
	p->piles[p->n++] = v;
}

/* pile - one element e (consumed) of a piles sequence */
static int pile(struct reader *r, const struct node *n, yaml_event_t *e,
		size_t *cap, const struct path *path)
{
	struct cairn_puzzle *p = n->p;
	struct path ep = { path, NULL, 0, p->n };
	union cairn_yaml_csv_value v;
	yaml_mark_t m = e->start_mark;
	int rc;

	if (p->error != NULL)
		return skip(r, e);
	if (p->n == r->limits->max_piles) {
		if (skip(r, e) < 0)
			return -1;
		return fail(r, &n->sink, &m, path, "more than %zu piles (max_piles)",
			    r->limits->max_piles);
	}
	/* The common case first: a well-formed integer. */
	if (e->type == YAML_SCALAR_EVENT &&
	    cairn_parse_i64(text(e), e->data.scalar.length, &v.i) == 0) {
		yaml_event_delete(e);
		add_pile(p, cap, v.i);
		return 0;
	}
	rc = scalar(r, e, CAIRN_YAML_CSV_INT, &v, &n->sink, &ep);
	return rc < 0 ? -1 : 0;
}

static int piles(struct reader *r, const struct node *n, yaml_event_t *e,
		 const struct path *path)
{
	yaml_mark_t m = e->start_mark;
	size_t cap = 0;

	if (e->type != YAML_SEQUENCE_START_EVENT)
		return reject(r, e, "a sequence of integers", &n->sink, path);
	yaml_event_delete(e);
	for (;;) {
		yaml_event_t x;

		if (pull(r, &x) < 0)
			return -1;
		if (x.type == YAML_SEQUENCE_END_EVENT) {
			yaml_event_delete(&x);
			break;
		}
		if (pile(r, n, &x, &cap, path) < 0)
			return -1;
	}
	if (n->p->n == 0)
		return fail(r, &n->sink, &m, path, "expected at least one pile");
	return 0;
}

static int set_puzzles(struct reader *r, yaml_event_t *e,
		       const struct path *path);
static int answers(struct reader *r, yaml_event_t *e,
		   const struct path *path);

/* entry - the value of one key of a puzzle, set or submission mapping */
static int entry(struct reader *r, void *ctx, int key, yaml_event_t *e,
		 const struct path *path)
{
	struct node *n = ctx;

	switch (key) {
	case K_PILES:
		return piles(r, n, e, path);
	case K_ID:
		n->id_mark = e->start_mark;
		return string_value(r, n, e, path, &n->p->id);
	case K_SOLVER:
		return string_value(r, n, e, path, &n->p->solver);
	case K_MOVES:
		return bool_value(r, n, e, path, &n->p->moves);
	case K_EXPLAIN:
		return bool_value(r, n, e, path, &n->p->explain);
	case K_EXPECT:
		return expect(r, n->p, e, path);
	case K_PUZZLES:
		return set_puzzles(r, e, path);
	case K_PROBLEM_SET:
		return string_value(r, n, e, path, &r->in->problem_set);
	case K_SUBMITTER:
		return string_value(r, n, e, path, &r->in->submitter);
	case K_ANSWERS:
		return answers(r, e, path);
	}
	return skip(r, e);
}

/* finish - default id and duplicate check once puzzle idx is read */
static void finish(struct reader *r, size_t idx, const yaml_mark_t *id_mark,
		   const yaml_mark_t *m, const struct path *path)
{
	struct cairn_puzzle *p = &r->in->puzzles[idx];
	const struct sink s = { TO_PUZZLE, p };
	const struct path ip = { path, "id", 2, 0 };
	int given = p->id != NULL;
	char *why;

	/* A default id has no node of its own: blame the puzzle. */
	why = cairn_yaml_csv_id(&r->ids, r->in, idx);
	if (why != NULL)
		fail_why(r, &s, given ? id_mark : m, given ? &ip : path, why);
	if (p->error != NULL) {
		free(p->piles);
		p->piles = NULL;
		p->n = 0;
	}
}

/*
 * puzzle - one puzzle whose node started at m; `map` says whether it is a
 * mapping (start event consumed) or something else (already dropped).
 */
static int puzzle(struct reader *r, const yaml_mark_t *m, int map,
		  const struct path *path)
{
	size_t idx = r->in->npuzzles;
	struct node n;
	struct mapping mp = { main_key, PUZZLE_KEYS, entry, &n, &n.sink };

	n.p = cairn_input_add(r->in);
	n.p->line = m->line + 1;
	n.sink.kind = TO_PUZZLE;
	n.sink.p = n.p;
	n.id_mark = *m;
	if (!map)
		fail(r, &n.sink, m, path, "expected a mapping");
	else if (mapping(r, &mp, path) < 0)
		return -1;
	else if (n.p->n == 0)
		fail(r, &n.sink, m, path, "missing key \"piles\"");
	finish(r, idx, &n.id_mark, m, path);
	return 0;
}

static int set_puzzles(struct reader *r, yaml_event_t *e,
		       const struct path *path)
{
	struct path ip = { path, NULL, 0, 0 };

	if (e->type != YAML_SEQUENCE_START_EVENT)
		return reject(r, e, "a sequence of puzzles", &to_file, path);
	yaml_event_delete(e);
	for (;; ip.index++) {
		yaml_event_t x;
		yaml_mark_t m;
		int map;

		if (pull(r, &x) < 0)
			return -1;
		if (x.type == YAML_SEQUENCE_END_EVENT) {
			yaml_event_delete(&x);
			return 0;
		}
		m = x.start_mark;
		map = x.type == YAML_MAPPING_START_EVENT;
		if (map)
			yaml_event_delete(&x);
		else if (skip(r, &x) < 0)
			return -1;
		if (puzzle(r, &m, map, &ip) < 0)
			return -1;
	}
}

/* answer - one answer of a submission: key event k, value e (consumed) */
static int answer(struct reader *r, const yaml_event_t *k, yaml_event_t *e,
		  const struct path *path)
{
	size_t idx = r->in->npuzzles;
	struct cairn_puzzle *p = cairn_input_add(r->in);
	const struct sink s = { TO_PUZZLE, p };
	const struct path kp = { path, text(k), k->data.scalar.length, 0 };
	char *why;

	p->id = cairn_xstrndup(text(k), k->data.scalar.length);
	p->line = k->start_mark.line + 1;
	if (expect(r, p, e, &kp) < 0)
		return -1;
	why = cairn_yaml_csv_id(&r->ids, r->in, idx);
	if (why != NULL)
		fail_why(r, &s, &k->start_mark, &kp, why);
	return 0;
}

static int answers(struct reader *r, yaml_event_t *e, const struct path *path)
{
	if (e->type != YAML_MAPPING_START_EVENT)
		return reject(r, e, "a mapping", &to_file, path);
	yaml_event_delete(e);
	for (;;) {
		yaml_event_t k, v;
		int rc;

		if (pull(r, &k) < 0)
			return -1;
		if (k.type == YAML_MAPPING_END_EVENT) {
			yaml_event_delete(&k);
			return 0;
		}
		if (k.type != YAML_SCALAR_EVENT) {
			yaml_mark_t m = k.start_mark;

			yaml_event_delete(&k);
			return fail(r, &to_file, &m, path,
				    "a key must be a scalar");
		}
		rc = pull(r, &v) < 0 ? -1 : answer(r, &k, &v, path);
		yaml_event_delete(&k);
		if (rc < 0)
			return -1;
	}
}

/* defaults - a set's solver, moves and explain for puzzles from `from` on */
static void defaults(struct cairn_input *in, size_t from,
		     const struct cairn_puzzle *d)
{
	size_t i;

	for (i = from; i < in->npuzzles; i++) {
		struct cairn_puzzle *p = &in->puzzles[i];

		if (p->solver == NULL && d->solver != NULL)
			p->solver = cairn_xstrdup(d->solver);
		if (p->moves < 0)
			p->moves = d->moves;
		if (p->explain < 0)
			p->explain = d->explain;
	}
}

static int set(struct reader *r)
{
	struct cairn_puzzle d = { .moves = -1, .explain = -1 };
	struct node n = { { TO_FILE, NULL }, &d, { 0, 0, 0 } };
	const struct mapping mp = { main_key, SET_KEYS, entry, &n, &n.sink };
	size_t from = r->in->npuzzles;
	int rc;

	rc = mapping(r, &mp, NULL);
	if (rc == 0)
		defaults(r->in, from, &d);
	free(d.solver);
	return rc;
}

static int submission(struct reader *r)
{
	struct node n = { { TO_FILE, NULL }, NULL, { 0, 0, 0 } };
	const struct mapping mp = { main_key, SUBMISSION_KEYS, entry, &n,
				    &n.sink };

	return mapping(r, &mp, NULL);
}

/*
 * lookahead - read the top-level mapping up to its first shape key, keeping
 * the events; *shape is that key, or -1 when the mapping has none.
 */
static int lookahead(struct reader *r, int *shape)
{
	size_t d = 0;
	int want_key = 1;

	*shape = -1;
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
			*shape = main_key(text(e), e->data.scalar.length,
					  SHAPE_KEYS);
			if (*shape >= 0)
				return 0;
		}
		want_key = !want_key;
	}
}

static int document(struct reader *r)
{
	struct cairn_input *in = r->in;
	enum cairn_shape kind;
	yaml_event_t e;
	yaml_mark_t m;
	int shape, rc;

	if (pull(r, &e) < 0)
		return -1;
	m = e.start_mark;
	if (e.type != YAML_MAPPING_START_EVENT)
		return refuse(r, &e, "a document must be a mapping: a puzzle, "
			      "a set or a submission");
	yaml_event_delete(&e);
	if (lookahead(r, &shape) < 0)
		return -1;
	if (shape < 0)
		return fail(r, &to_file, &m, NULL, "a document must have "
			    "\"piles\" (a puzzle), \"puzzles\" (a set) or "
			    "\"problem_set\" (a submission)");
	kind = shape == K_PROBLEM_SET ? CAIRN_SHAPE_SUBMISSION :
	       CAIRN_SHAPE_PUZZLES;
	if (in->shape != CAIRN_SHAPE_NONE &&
	    (in->shape == CAIRN_SHAPE_SUBMISSION || kind == CAIRN_SHAPE_SUBMISSION))
		return fail(r, &to_file, &m, NULL, "a submission must be the "
			    "only document in its file");
	in->shape = kind;
	if (shape == K_PILES)
		rc = puzzle(r, &m, 1, NULL);
	else if (shape == K_PUZZLES)
		rc = set(r);
	else
		rc = submission(r);
	if (rc < 0 || pull(r, &e) < 0)
		return -1;
	yaml_event_delete(&e);
	return 0;
}

static int stream(struct reader *r)
{
	yaml_event_t e;

	if (pull(r, &e) < 0)
		return -1;
	yaml_event_delete(&e);
	for (;;) {
		yaml_event_type_t type;

		if (pull(r, &e) < 0)
			return -1;
		type = e.type;
		yaml_event_delete(&e);
		if (type == YAML_STREAM_END_EVENT)
			return 0;
		if (document(r) < 0)
			return -1;
	}
}

void cairn_yaml_read(struct cairn_input *in, const char *data, size_t len,
		     const struct cairn_limits *limits)
{
	struct reader r;

	if (cairn_yaml_csv_begin(in, &data, &len, limits) < 0) {
		cairn_yaml_csv_end(in);
		return;
	}
	memset(&r, 0, sizeof r);
	r.in = in;
	r.limits = limits;
	r.data = data;
	r.len = len;
	if (lib(yaml_parser_initialize(&r.parser)) < 0) {
		cairn_input_fail(in, 0, cairn_xstrdup("out of memory"));
		cairn_yaml_csv_end(in);
		return;
	}
	yaml_parser_set_input_string(&r.parser, (const unsigned char *)data,
				     len);
	yaml_parser_set_encoding(&r.parser, YAML_UTF8_ENCODING);
	stream(&r);
	while (r.qhead < r.qlen)
		yaml_event_delete(&r.queue[r.qhead++]);
	free(r.queue);
	yaml_parser_delete(&r.parser);
	cairn_yaml_csv_ids_free(&r.ids);
	cairn_yaml_csv_end(in);
}
