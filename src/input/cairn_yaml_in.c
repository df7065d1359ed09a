/*
 * cairn_yaml_in - the YAML puzzle file reader (doc/formats.md).
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
 * offending node) and, below the top level, the path to the node.  The
 * keys of a mapping are walked by cairn_yaml_walk.c, and a set's policy
 * is read by cairn_yaml_policy.c.
 */
#include "config.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cairn_int.h"
#include "cairn_mem.h"
#include "cairn_value.h"
#include "cairn_yaml_ev.h"
#include "cairn_yaml_in.h"
#include "cairn_yaml_policy.h"
#include "cairn_yaml_walk.h"

/* Keys of the top-level, puzzle and set mappings. */
enum key {
	K_PILES, K_ID, K_SOLVER, K_MOVES, K_EXPLAIN, K_EXPECT,
	K_PUZZLES, K_PROBLEM_SET, K_SUBMITTER, K_ANSWERS, K_POINTS, K_POLICY,
	K_NKEYS
};

static const char *const key_names[K_NKEYS] = {
	"piles", "id", "solver", "moves", "explain", "expect",
	"puzzles", "problem_set", "submitter", "answers", "points", "policy",
};

#define BIT(k) (1u << (k))
#define PUZZLE_KEYS (BIT(K_PILES) | BIT(K_ID) | BIT(K_SOLVER) | \
		     BIT(K_MOVES) | BIT(K_EXPLAIN) | BIT(K_EXPECT))
/* A puzzle of a set may weigh points, should the set be a problem set. */
#define SET_PUZZLE_KEYS (PUZZLE_KEYS | BIT(K_POINTS))
#define SET_KEYS (BIT(K_PUZZLES) | BIT(K_SOLVER) | BIT(K_MOVES) | \
		  BIT(K_EXPLAIN) | BIT(K_POLICY))
#define SUBMISSION_KEYS (BIT(K_PROBLEM_SET) | BIT(K_SUBMITTER) | \
			 BIT(K_ANSWERS))
#define SHAPE_KEYS (BIT(K_PILES) | BIT(K_PUZZLES) | BIT(K_PROBLEM_SET))

static const struct cairn_yaml_sink *const to_file = &cairn_yaml_ev_to_file;

/* What one mapping is read into. */
struct node {
	struct cairn_yaml_sink sink;
	struct cairn_puzzle *p;		/* the puzzle, or a set's defaults */
	yaml_mark_t id_mark;
};

static int string_value(struct cairn_yaml_ev *r, const struct node *n,
			yaml_event_t *e, const struct cairn_yaml_path *path,
			char **dst)
{
	union cairn_value v;
	int rc;

	if (e->type == YAML_SCALAR_EVENT && e->data.scalar.length > 0) {
		*dst = cairn_yaml_ev_take(e);
		return 0;
	}
	rc = cairn_yaml_walk_scalar(r, e, CAIRN_VALUE_STRING, &v, &n->sink,
				    path);
	if (rc == 1)
		*dst = v.s;
	return rc < 0 ? -1 : 0;
}

static int bool_value(struct cairn_yaml_ev *r, const struct node *n,
		      yaml_event_t *e, const struct cairn_yaml_path *path,
		      int *dst)
{
	union cairn_value v;
	int rc = cairn_yaml_walk_scalar(r, e, CAIRN_VALUE_BOOL, &v, &n->sink,
					path);

	if (rc == 1)
		*dst = v.b;
	return rc < 0 ? -1 : 0;
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
	return cairn_value_expect_key(name, len);
}

static int expect_entry(struct cairn_yaml_ev *r, void *ctx, int key,
			yaml_event_t *e, const struct cairn_yaml_path *path)
{
	struct cairn_puzzle *p = ctx;
	const struct cairn_yaml_sink s = { CAIRN_VALUE_EXPECT, p };
	enum cairn_value_type t = cairn_value_expect_types[key];
	yaml_mark_t m = e->start_mark;
	char *why;
	int rc;

	rc = cairn_yaml_walk_need_scalar(r, e, cairn_value_wants[t], &s, path);
	if (rc <= 0)
		return rc;
	why = cairn_value_expect(&p->expect, key, cairn_yaml_ev_text(e),
				 e->data.scalar.length);
	yaml_event_delete(e);
	return why == NULL ? 0 : cairn_yaml_ev_fail_why(r, &s, &m, path, why);
}

/* expect - an expect mapping or an answer, value e (consumed) */
static int expect(struct cairn_yaml_ev *r, struct cairn_puzzle *p,
		  yaml_event_t *e, const struct cairn_yaml_path *path)
{
	const struct cairn_yaml_sink s = { CAIRN_VALUE_EXPECT, p };
	const struct cairn_yaml_walk_keys mp = {
		expect_key, 0, expect_entry, p, &s
	};

	p->expect.present = 1;
	if (e->type != YAML_MAPPING_START_EVENT)
		return cairn_yaml_walk_reject(r, e, "a mapping", &s, path);
	yaml_event_delete(e);
	return cairn_yaml_walk_mapping(r, &mp, path);
}

/* add_pile - piles gather in the reader's buffer, then get an exact copy */
static void add_pile(struct cairn_yaml_ev *r, struct cairn_puzzle *p,
		     int64_t v)
{
	r->piles = cairn_xgrow(r->piles, &r->pcap, p->n + 1, sizeof *r->piles);
	r->piles[p->n++] = v;
}

/* pile - one element e (consumed) of a piles sequence */
static int pile(struct cairn_yaml_ev *r, const struct node *n,
		yaml_event_t *e, const struct cairn_yaml_path *path)
{
	struct cairn_puzzle *p = n->p;
	struct cairn_yaml_path ep = { path, NULL, 0, p->n };
	union cairn_value v;
	yaml_mark_t m = e->start_mark;
	int rc;

	if (p->error != NULL)
		return cairn_yaml_ev_skip(r, e);
	if (p->n == r->limits->max_piles) {
		if (cairn_yaml_ev_skip(r, e) < 0)
			return -1;
		return cairn_yaml_ev_fail(r, &n->sink, &m, path,
					  "more than %zu piles (max_piles)",
					  r->limits->max_piles);
	}
	/* The common case first: a well-formed integer. */
	if (e->type == YAML_SCALAR_EVENT &&
	    cairn_int_parse_i64(cairn_yaml_ev_text(e), e->data.scalar.length,
				&v.i) == 0) {
		yaml_event_delete(e);
		add_pile(r, p, v.i);
		return 0;
	}
	rc = cairn_yaml_walk_scalar(r, e, CAIRN_VALUE_INT, &v, &n->sink, &ep);
	if (rc == 1)
		add_pile(r, p, v.i);
	return rc < 0 ? -1 : 0;
}

static int piles(struct cairn_yaml_ev *r, const struct node *n,
		 yaml_event_t *e, const struct cairn_yaml_path *path)
{
	struct cairn_puzzle *p = n->p;
	yaml_mark_t m = e->start_mark;

	if (e->type != YAML_SEQUENCE_START_EVENT)
		return cairn_yaml_walk_reject(r, e, "a sequence of integers",
					      &n->sink, path);
	yaml_event_delete(e);
	for (;;) {
		yaml_event_t x;

		if (cairn_yaml_ev_pull(r, &x) < 0)
			return -1;
		if (x.type == YAML_SEQUENCE_END_EVENT) {
			yaml_event_delete(&x);
			break;
		}
		if (pile(r, n, &x, path) < 0)
			return -1;
	}
	if (p->n > 0 && p->error == NULL) {
		p->piles = cairn_xmalloc(p->n * sizeof *p->piles);
		memcpy(p->piles, r->piles, p->n * sizeof *p->piles);
	} else {
		p->n = 0;
	}
	if (p->n == 0)
		return cairn_yaml_ev_fail(r, &n->sink, &m, path,
					  "expected at least one pile");
	return 0;
}

/* points_value - a puzzle's weight: an integer, 0 to CAIRN_MAX_POINTS */
static int points_value(struct cairn_yaml_ev *r, const struct node *n,
			yaml_event_t *e, const struct cairn_yaml_path *path)
{
	union cairn_value v;
	yaml_mark_t m = e->start_mark;
	int rc = cairn_yaml_walk_scalar(r, e, CAIRN_VALUE_INT, &v, &n->sink,
					path);

	if (rc == 1 && (v.i < 0 || v.i > CAIRN_MAX_POINTS))
		return cairn_yaml_ev_fail(r, &n->sink, &m, path, "expected "
					  "points from 0 to %d, not %lld",
					  CAIRN_MAX_POINTS, (long long)v.i);
	if (rc == 1)
		n->p->points = v.i;
	return rc < 0 ? -1 : 0;
}

static int set_puzzles(struct cairn_yaml_ev *r, yaml_event_t *e,
		       const struct cairn_yaml_path *path);
static int answers(struct cairn_yaml_ev *r, yaml_event_t *e,
		   const struct cairn_yaml_path *path);

/* entry - the value of one key of a puzzle, set or submission mapping */
static int entry(struct cairn_yaml_ev *r, void *ctx, int key,
		 yaml_event_t *e, const struct cairn_yaml_path *path)
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
	case K_POINTS:
		return points_value(r, n, e, path);
	case K_POLICY:
		return cairn_yaml_policy_read(r, e, path);
	}
	return cairn_yaml_ev_skip(r, e);
}

/* finish - default id and duplicate check once puzzle idx is read */
static void finish(struct cairn_yaml_ev *r, size_t idx,
		   const yaml_mark_t *id_mark, const yaml_mark_t *m,
		   const struct cairn_yaml_path *path)
{
	struct cairn_puzzle *p = &r->in->puzzles[idx];
	const struct cairn_yaml_sink s = { CAIRN_VALUE_PUZZLE, p };
	const struct cairn_yaml_path ip = { path, "id", 2, 0 };
	int given = p->id != NULL;
	char *why;

	/* A default id has no node of its own: blame the puzzle. */
	why = cairn_value_id(&r->ids, r->in, idx);
	if (why != NULL)
		cairn_yaml_ev_fail_why(r, &s, given ? id_mark : m,
				       given ? &ip : path, why);
	if (p->error != NULL) {
		free(p->piles);
		p->piles = NULL;
		p->n = 0;
	}
}

/*
 * puzzle - one puzzle whose node started at m; `map` says whether it is a
 * mapping (start event consumed) or something else (already dropped);
 * `keys` the keys it may have.
 */
static int puzzle(struct cairn_yaml_ev *r, const yaml_mark_t *m, int map,
		  unsigned keys, const struct cairn_yaml_path *path)
{
	size_t idx = r->in->npuzzles;
	struct node n;
	struct cairn_yaml_walk_keys mp = {
		main_key, keys, entry, &n, &n.sink
	};

	n.p = cairn_puzzle_input_add(r->in);
	n.p->line = m->line + 1;
	n.sink.kind = CAIRN_VALUE_PUZZLE;
	n.sink.p = n.p;
	n.id_mark = *m;
	if (!map)
		cairn_yaml_ev_fail(r, &n.sink, m, path, "expected a mapping");
	else if (cairn_yaml_walk_mapping(r, &mp, path) < 0)
		return -1;
	else if (n.p->n == 0)
		cairn_yaml_ev_fail(r, &n.sink, m, path,
				   "missing key \"piles\"");
	finish(r, idx, &n.id_mark, m, path);
	return 0;
}

static int set_puzzles(struct cairn_yaml_ev *r, yaml_event_t *e,
		       const struct cairn_yaml_path *path)
{
	struct cairn_yaml_path ip = { path, NULL, 0, 0 };

	if (e->type != YAML_SEQUENCE_START_EVENT)
		return cairn_yaml_walk_reject(r, e, "a sequence of puzzles",
					      to_file, path);
	yaml_event_delete(e);
	for (;; ip.index++) {
		yaml_event_t x;
		yaml_mark_t m;
		int map;

		if (cairn_yaml_ev_pull(r, &x) < 0)
			return -1;
		if (x.type == YAML_SEQUENCE_END_EVENT) {
			yaml_event_delete(&x);
			return 0;
		}
		m = x.start_mark;
		map = x.type == YAML_MAPPING_START_EVENT;
		if (map)
			yaml_event_delete(&x);
		else if (cairn_yaml_ev_skip(r, &x) < 0)
			return -1;
		if (puzzle(r, &m, map, SET_PUZZLE_KEYS, &ip) < 0)
			return -1;
	}
}

/* answer - one answer of a submission: key k and value e (both consumed) */
static int answer(struct cairn_yaml_ev *r, yaml_event_t *k, yaml_event_t *e,
		  const struct cairn_yaml_path *path)
{
	struct cairn_puzzle *p = cairn_puzzle_input_add(r->in);
	struct cairn_yaml_path kp = { path, NULL, k->data.scalar.length, 0 };

	/* A key given twice is no error here: grading says which answer
	 * counts (cairn_problems_merge.c). */
	p->line = k->start_mark.line + 1;
	p->id = cairn_yaml_ev_take(k);
	kp.key = p->id;
	return expect(r, p, e, &kp) < 0 ? -1 : 0;
}

static int answers(struct cairn_yaml_ev *r, yaml_event_t *e,
		   const struct cairn_yaml_path *path)
{
	if (e->type != YAML_MAPPING_START_EVENT)
		return cairn_yaml_walk_reject(r, e, "a mapping", to_file, path);
	yaml_event_delete(e);
	for (;;) {
		yaml_event_t k, v;
		int rc;

		if (cairn_yaml_ev_pull(r, &k) < 0)
			return -1;
		if (k.type == YAML_MAPPING_END_EVENT) {
			yaml_event_delete(&k);
			return 0;
		}
		if (k.type != YAML_SCALAR_EVENT) {
			yaml_mark_t m = k.start_mark;

			yaml_event_delete(&k);
			return cairn_yaml_ev_fail(r, to_file, &m, path,
						  "a key must be a scalar");
		}
		rc = cairn_yaml_ev_pull(r, &v) < 0 ? -1 :
		     answer(r, &k, &v, path);
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

static int set(struct cairn_yaml_ev *r)
{
	struct cairn_puzzle d = { .moves = -1, .explain = -1 };
	struct node n = { { CAIRN_VALUE_FILE, NULL }, &d, { 0, 0, 0 } };
	const struct cairn_yaml_walk_keys mp = {
		main_key, SET_KEYS, entry, &n, &n.sink
	};
	size_t from = r->in->npuzzles;
	int rc;

	rc = cairn_yaml_walk_mapping(r, &mp, NULL);
	if (rc == 0)
		defaults(r->in, from, &d);
	free(d.solver);
	return rc;
}

static int submission(struct cairn_yaml_ev *r)
{
	struct node n = { { CAIRN_VALUE_FILE, NULL }, NULL, { 0, 0, 0 } };
	const struct cairn_yaml_walk_keys mp = {
		main_key, SUBMISSION_KEYS, entry, &n, &n.sink
	};

	return cairn_yaml_walk_mapping(r, &mp, NULL);
}

/* shape_key - the keys that decide a document's shape */
static int shape_key(const char *name, size_t len)
{
	return main_key(name, len, SHAPE_KEYS);
}

static int document(struct cairn_yaml_ev *r)
{
	struct cairn_input *in = r->in;
	enum cairn_shape kind;
	yaml_event_t e;
	yaml_mark_t m;
	int shape, rc;

	if (cairn_yaml_ev_pull(r, &e) < 0)
		return -1;
	m = e.start_mark;
	if (e.type != YAML_MAPPING_START_EVENT)
		return cairn_yaml_ev_refuse(r, &e, "a document must be a "
					    "mapping: a puzzle, a set or a "
					    "submission");
	yaml_event_delete(&e);
	if (cairn_yaml_ev_lookahead(r, shape_key, &shape) < 0)
		return -1;
	if (shape < 0)
		return cairn_yaml_ev_fail(r, to_file, &m, NULL,
					  "a document must have \"piles\" (a "
					  "puzzle), \"puzzles\" (a set) or "
					  "\"problem_set\" (a submission)");
	kind = shape == K_PROBLEM_SET ? CAIRN_SHAPE_SUBMISSION :
	       CAIRN_SHAPE_PUZZLES;
	if (in->shape != CAIRN_SHAPE_NONE &&
	    (in->shape == CAIRN_SHAPE_SUBMISSION ||
	     kind == CAIRN_SHAPE_SUBMISSION))
		return cairn_yaml_ev_fail(r, to_file, &m, NULL,
					  "a submission must be the only "
					  "document in its file");
	in->shape = kind;
	if (shape == K_PILES)
		rc = puzzle(r, &m, 1, PUZZLE_KEYS, NULL);
	else if (shape == K_PUZZLES)
		rc = set(r);
	else
		rc = submission(r);
	if (rc < 0 || cairn_yaml_ev_pull(r, &e) < 0)
		return -1;
	yaml_event_delete(&e);
	return 0;
}

int cairn_yaml_in_stream(struct cairn_yaml_ev *r)
{
	yaml_event_t e;

	if (cairn_yaml_ev_pull(r, &e) < 0)
		return -1;
	yaml_event_delete(&e);
	for (;;) {
		yaml_event_type_t type;

		if (cairn_yaml_ev_pull(r, &e) < 0)
			return -1;
		type = e.type;
		yaml_event_delete(&e);
		if (type == YAML_STREAM_END_EVENT)
			return 0;
		if (document(r) < 0)
			return -1;
	}
}

void cairn_yaml_in_read(struct cairn_input *in, const char *data, size_t len,
			const struct cairn_limits *limits)
{
	struct cairn_yaml_ev r;

	if (cairn_value_begin(in, &data, &len, limits) == 0 &&
	    cairn_yaml_ev_open(&r, in, data, len, limits) == 0) {
		cairn_yaml_in_stream(&r);
		cairn_yaml_ev_close(&r);
	}
	cairn_value_end(in);
}
