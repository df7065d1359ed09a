/*
 * cairn_result_read - read back what `cairn report` needs from results.
 *
 * YAML results are read through cairn_yaml into a small tree (at most 64
 * levels deep, a scalar counting as a level; aliases refused), then
 * checked: the top level must be a mapping with `format: cairn-result/1`, a `source`
 * and `status: ok|error`; each entry of `puzzles` must have an `id` and
 * may have `verdict`, `feedback` and `error`, and the optimal numbers
 * (alice, bob, diff, first_move, moves) and the stated answer (the
 * `expected` of each entry of `checks`) are kept for the HTML report; a
 * submission's `summary` has `points` (after a late penalty a decimal:
 * 2.7, kept exactly in 1/10000 of a point) and `max_points`; `owner`,
 * `uid` and `received` (SPEC 3) are kept when present, and `late`, a
 * mapping with a `by` text and a `penalty` (0.1).  A result whose error
 * starts with the words of a refusal (SPEC 4) is refused.  Keys this reader
 * does not use (n, total, the rest of `summary`, keys added by a later
 * version) are skipped, and numbers that do not parse are taken as
 * absent.  JSON results (NAME.result.json) take the same path: the
 * JSON writer's text is also YAML (flow collections, double-quoted
 * strings with only the escapes YAML shares with JSON, no raw character
 * YAML forbids), so libyaml reads it as it is.  CSV results are split by
 * the puzzle reader's cairn_csv_rec (RFC 4180; a leading BOM is skipped),
 * with every line a record, since rows start with default ids such as #1;
 * the header must name the columns id, line, verdict, feedback
 * and error, a record with an empty id is the file error, and the
 * apostrophe the writer puts before formula-like text is removed.  The
 * submitter and problem set come from the columns of those names (the
 * first record that has them; a result written before they existed names
 * neither), and so do the owner, received, late_by and late_penalty; a
 * submission's points are the sums of the points and max_points columns,
 * the earned ones less the penalty (which applies to their sum, not to
 * each record's), and the source is the result file's name without
 * ".result" (hw1.result.csv gives hw1.csv, and so does hw1.result.2.csv,
 * an earlier result kept in history/).
 */
#include "config.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cairn_buf.h"
#include "cairn_csv_rec.h"
#include "cairn_int.h"
#include "cairn_mem.h"
#include "cairn_result_csv.h"
#include "cairn_result_read.h"
#include "cairn_time.h"
#include "cairn_utf8.h"
#include "cairn_yaml.h"

const char *cairn_result_verdict_name(enum cairn_verdict v)
{
	return cairn_verdict_names[v];
}

/* verdict_of - -1 when the name is none of ours */
static int verdict_of(const char *name)
{
	int v;

	for (v = CAIRN_VERDICT_CORRECT; v <= CAIRN_VERDICT_MISSING; v++)
		if (strcmp(name, cairn_verdict_names[v]) == 0)
			return v;
	return name[0] == '\0' ? CAIRN_VERDICT_NONE : -1;
}

static int fail(char *err, size_t errlen, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int fail(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
	return -EINVAL;
}

static struct cairn_result_puzzle *add_puzzle(struct cairn_result_file *r)
{
	struct cairn_result_puzzle *p;

	r->puzzles = cairn_xgrow(r->puzzles, &r->cap, r->npuzzles + 1,
				 sizeof *r->puzzles);
	p = &r->puzzles[r->npuzzles++];
	memset(p, 0, sizeof *p);
	p->first_move = -1;
	return p;
}

/*
 * optimal - the numbers optimal play gives, as result files write them
 * (NULL or "" for absent); a puzzle is solved when alice, bob and diff
 * all parse
 */
static void optimal(struct cairn_result_puzzle *p, const char *alice,
		    const char *bob, const char *diff, const char *first_move,
		    const char *moves)
{
	p->solved = alice != NULL && bob != NULL && diff != NULL &&
		    cairn_parse_i64(alice, strlen(alice), &p->alice) == 0 &&
		    cairn_parse_i64(bob, strlen(bob), &p->bob) == 0 &&
		    cairn_parse_i64(diff, strlen(diff), &p->diff) == 0;
	if (first_move != NULL && strcmp(first_move, "left") == 0)
		p->first_move = CAIRN_MOVE_LEFT;
	else if (first_move != NULL && strcmp(first_move, "right") == 0)
		p->first_move = CAIRN_MOVE_RIGHT;
	if (moves != NULL && moves[0] != '\0')
		p->moves = cairn_xstrdup(moves);
}

/* ---- YAML: a tree of the document, then its fields ---- */

enum { N_SCALAR, N_SEQ, N_MAP };

struct node {
	int kind;
	char *text;			/* N_SCALAR */
	struct node **kids;		/* N_MAP: key, value, key, value, ... */
	size_t n, cap;
	unsigned long line;
};

static void node_free(struct node *nd)
{
	size_t i;

	if (nd == NULL)
		return;
	for (i = 0; i < nd->n; i++)
		node_free(nd->kids[i]);
	free(nd->kids);
	free(nd->text);
	free(nd);
}

struct tree {
	struct cairn_yaml y;
	char *err;
	size_t errlen;
};

/* refused - an event cairn_yaml refused, in the words of result files */
static int refused(struct tree *t, const struct cairn_yaml_error *e)
{
	if (e->what & CAIRN_YAML_DEEP)
		return fail(t->err, t->errlen, "line %zu: nested too deeply",
			    e->mark.line + 1);
	if (e->what & CAIRN_YAML_ALIAS)
		return fail(t->err, t->errlen, "line %zu: aliases are not used "
			    "in result files", e->mark.line + 1);
	return fail(t->err, t->errlen, "line %zu, column %zu: %s",
		    e->mark.line + 1, e->mark.column + 1,
		    cairn_yaml_refusal(e->what));
}

/* next - the next event, or -EINVAL with the reason and its place */
static int next(struct tree *t, yaml_event_t *ev)
{
	const struct cairn_yaml_error *e = &t->y.error;

	if (cairn_yaml_next(&t->y, ev) == 0)
		return 0;
	if (!(e->what & (CAIRN_YAML_SYNTAX | CAIRN_YAML_NOMEM)))
		return refused(t, e);
	return fail(t->err, t->errlen, "line %zu, column %zu: %s",
		    e->mark.line + 1, e->mark.column + 1,
		    e->problem ? e->problem : "invalid YAML");
}

static int build(struct tree *t, yaml_event_t *ev, struct node **out);

/* children - the items of a sequence or mapping up to its end event */
static int children(struct tree *t, struct node *nd, yaml_event_type_t end)
{
	yaml_event_t ev;
	struct node *kid;
	int rc;

	for (;;) {
		if ((rc = next(t, &ev)) < 0)
			return rc;
		if (ev.type == end) {
			yaml_event_delete(&ev);
			return 0;
		}
		rc = build(t, &ev, &kid);
		if (rc < 0)
			return rc;
		nd->kids = cairn_xgrow(nd->kids, &nd->cap, nd->n + 1,
				       sizeof *nd->kids);
		nd->kids[nd->n++] = kid;
	}
}

/* build - the node that starts with ev (which it deletes) */
static int build(struct tree *t, yaml_event_t *ev, struct node **out)
{
	struct node *nd;
	yaml_event_type_t type = ev->type;
	int rc = 0;

	*out = NULL;
	if (type != YAML_SCALAR_EVENT && type != YAML_SEQUENCE_START_EVENT &&
	    type != YAML_MAPPING_START_EVENT) {
		rc = fail(t->err, t->errlen, "line %zu: unexpected YAML event",
			  ev->start_mark.line + 1);
		yaml_event_delete(ev);
		return rc;
	}
	nd = cairn_xcalloc(1, sizeof *nd);
	nd->line = ev->start_mark.line + 1;
	if (type == YAML_SCALAR_EVENT) {
		nd->kind = N_SCALAR;
		nd->text = cairn_xstrndup((const char *)ev->data.scalar.value,
					  ev->data.scalar.length);
	}
	yaml_event_delete(ev);
	if (type == YAML_SEQUENCE_START_EVENT) {
		nd->kind = N_SEQ;
		rc = children(t, nd, YAML_SEQUENCE_END_EVENT);
	} else if (type == YAML_MAPPING_START_EVENT) {
		nd->kind = N_MAP;
		rc = children(t, nd, YAML_MAPPING_END_EVENT);
	}
	if (rc < 0)
		node_free(nd);
	else
		*out = nd;
	return rc;
}

/* expect_event - consume one event of the given type */
static int expect_event(struct tree *t, yaml_event_type_t type)
{
	yaml_event_t ev;
	int rc;

	if ((rc = next(t, &ev)) < 0)
		return rc;
	rc = ev.type == type ? 0 : fail(t->err, t->errlen,
		"line %zu: a result file is one YAML document",
		ev.start_mark.line + 1);
	yaml_event_delete(&ev);
	return rc;
}

/* parse_tree - the one document of data as a tree */
static int parse_tree(const char *data, size_t len, struct node **root,
		      char *err, size_t errlen)
{
	struct tree t = { .err = err, .errlen = errlen };
	yaml_event_t ev;
	int rc;

	*root = NULL;
	/* The writer never anchors; an anchor without an alias is harmless. */
	if (cairn_yaml_open(&t.y, data, len, CAIRN_YAML_ANCHORS_OK |
			    CAIRN_YAML_LEAF_LEVEL) < 0)
		return fail(err, errlen, "out of memory");
	if ((rc = expect_event(&t, YAML_STREAM_START_EVENT)) == 0 &&
	    (rc = expect_event(&t, YAML_DOCUMENT_START_EVENT)) == 0 &&
	    (rc = next(&t, &ev)) == 0 &&
	    (rc = build(&t, &ev, root)) == 0 &&
	    (rc = expect_event(&t, YAML_DOCUMENT_END_EVENT)) == 0)
		rc = expect_event(&t, YAML_STREAM_END_EVENT);
	cairn_yaml_close(&t.y);
	if (rc < 0) {
		node_free(*root);
		*root = NULL;
	}
	return rc;
}

/* get - the value of key in a mapping, or NULL */
static const struct node *get(const struct node *map, const char *key)
{
	size_t i;

	for (i = 0; map->kind == N_MAP && i + 1 < map->n; i += 2)
		if (map->kids[i]->kind == N_SCALAR &&
		    strcmp(map->kids[i]->text, key) == 0)
			return map->kids[i + 1];
	return NULL;
}

/* text - a copy of key's scalar value (NULL if absent); -1: not a scalar */
static int text(const struct node *map, const char *key, char **out)
{
	const struct node *v = get(map, key);

	*out = NULL;
	if (v == NULL)
		return 0;
	if (v->kind != N_SCALAR)
		return -1;
	*out = cairn_xstrdup(v->text);
	return 0;
}

/* scalar_of - the text of key's scalar value, or NULL */
static const char *scalar_of(const struct node *map, const char *key)
{
	const struct node *v = get(map, key);

	return v != NULL && v->kind == N_SCALAR ? v->text : NULL;
}

/* yaml_answer - "diff 5, moves LRL": the expected value of each check */
static char *yaml_answer(const struct node *checks)
{
	struct cairn_buf b = CAIRN_BUF_INIT;
	const char *v;
	size_t i;

	for (i = 0; checks != NULL && checks->kind == N_MAP &&
		    i + 1 < checks->n; i += 2) {
		if (checks->kids[i]->kind != N_SCALAR ||
		    (v = scalar_of(checks->kids[i + 1], "expected")) == NULL)
			continue;
		cairn_buf_addf(&b, "%s%s %s", b.len ? ", " : "",
			       checks->kids[i]->text, v);
	}
	if (b.len == 0) {
		cairn_buf_free(&b);
		return NULL;
	}
	return cairn_buf_steal(&b);
}

static int yaml_puzzle(struct cairn_result_file *r, const struct node *nd,
		       size_t k, char *err, size_t errlen)
{
	struct cairn_result_puzzle *p = add_puzzle(r);
	char *verdict;
	int v;

	if (nd->kind != N_MAP)
		return fail(err, errlen, "line %lu: puzzles[%zu] is not a "
			    "mapping", nd->line, k);
	if (text(nd, "id", &p->id) < 0 || p->id == NULL ||
	    text(nd, "feedback", &p->feedback) < 0 ||
	    text(nd, "error", &p->error) < 0 ||
	    text(nd, "verdict", &verdict) < 0)
		return fail(err, errlen, "line %lu: puzzles[%zu]: id, verdict, "
			    "feedback and error must be scalars, and id is "
			    "required", nd->line, k);
	v = verdict_of(verdict ? verdict : "");
	free(verdict);
	optimal(p, scalar_of(nd, "alice"), scalar_of(nd, "bob"),
		scalar_of(nd, "diff"), scalar_of(nd, "first_move"),
		scalar_of(nd, "moves"));
	p->answer = yaml_answer(get(nd, "checks"));
	if (v < 0)
		return fail(err, errlen, "line %lu: puzzles[%zu]: unknown "
			    "verdict", nd->line, k);
	p->verdict = (enum cairn_verdict)v;
	return 0;
}

/* count - a non-negative integer as result files write them */
static int count(const char *s, uint64_t *out)
{
	int64_t v;

	if (cairn_parse_i64(s, strlen(s), &v) != 0 || v < 0)
		return -1;
	*out = (uint64_t)v;
	return 0;
}

/* The largest max_points whose 1/10000 of a point fit in 64 bits. */
#define MAX_POINTS_E4 (UINT64_MAX / 10000)

/*
 * decimal_e4 - a non-negative decimal as result files write points and
 * penalties (2, 2.7, 0.0625: at most four decimals) in 1/10000
 */
static int decimal_e4(const char *s, uint64_t *out)
{
	uint64_t v = 0, scale = 10000;
	const char *p = s;

	for (; *p >= '0' && *p <= '9'; p++) {
		if (v > (MAX_POINTS_E4 - 9) / 10)
			return -1;
		v = v * 10 + (uint64_t)(*p - '0');
	}
	if (p == s)
		return -1;
	v *= 10000;
	if (*p == '.' && p[1] != '\0')
		for (p++; *p >= '0' && *p <= '9' && scale > 1; p++) {
			scale /= 10;
			v += (uint64_t)(*p - '0') * scale;
		}
	if (*p != '\0')
		return -1;
	*out = v;
	return 0;
}

/* penalty - the late penalty's text, 0 to 1, into r->penalty_bp */
static int penalty(struct cairn_result_file *r)
{
	uint64_t v;

	if (r->late_penalty == NULL) {
		r->penalty_bp = 0;
		return 0;
	}
	if (decimal_e4(r->late_penalty, &v) < 0 || v > 10000)
		return -1;
	r->penalty_bp = (uint32_t)v;
	return 0;
}

/* yaml_points - summary.points and max_points, when the summary has them */
static int yaml_points(struct cairn_result_file *r, const struct node *root,
		       char *err, size_t errlen)
{
	const struct node *sum = get(root, "summary"), *p, *m;

	p = sum != NULL ? get(sum, "points") : NULL;
	m = sum != NULL ? get(sum, "max_points") : NULL;
	if (p == NULL && m == NULL)
		return 0;
	if (p == NULL || m == NULL || p->kind != N_SCALAR ||
	    m->kind != N_SCALAR || decimal_e4(p->text, &r->points_e4) < 0 ||
	    count(m->text, &r->max_points) < 0 || r->max_points > MAX_POINTS_E4)
		return fail(err, errlen, "line %lu: summary: points must be a "
			    "non-negative number (at most 4 decimals) and "
			    "max_points a non-negative integer", sum->line);
	r->weighted = 1;
	return 0;
}

/*
 * received - r->received, when set, as a time: only the text the writer
 * gives one, so that texts compare as times
 */
static int received(struct cairn_result_file *r, const char *where,
		    char *err, size_t errlen)
{
	if (r->received == NULL ||
	    cairn_time_parse(r->received, &r->received_at) == 0)
		return 0;
	return fail(err, errlen, "%sreceived: \"%s\" is not a UTC time as "
		    "results write it (2026-12-09T21:14:03.512Z)", where,
		    r->received);
}

/* yaml_origin - owner, uid and received, and late: {by, penalty} */
static int yaml_origin(struct cairn_result_file *r, const struct node *root,
		       char *err, size_t errlen)
{
	const struct node *uid = get(root, "uid"), *late = get(root, "late");
	uint64_t v;

	if (text(root, "owner", &r->owner) < 0 || text(root, "received",
						       &r->received) < 0)
		return fail(err, errlen, "owner and received must be scalars");
	if (uid != NULL) {
		if (uid->kind != N_SCALAR || count(uid->text, &v) < 0 ||
		    v > UINT32_MAX)
			return fail(err, errlen, "line %lu: uid must be a "
				    "non-negative integer below 2^32", uid->line);
		r->uid = (uint32_t)v;
		r->has_uid = 1;
	}
	if (late != NULL &&
	    (late->kind != N_MAP || text(late, "by", &r->late_by) < 0 ||
	     r->late_by == NULL || text(late, "penalty", &r->late_penalty) < 0 ||
	     penalty(r) < 0))
		return fail(err, errlen, "line %lu: late must be a mapping with "
			    "a scalar by (and a penalty from 0 to 1)", late->line);
	return received(r, "", err, errlen);
}

static int yaml_result(struct cairn_result_file *r, const struct node *root,
		       char *err, size_t errlen)
{
	const struct node *format, *status, *puzzles;
	size_t i;
	int rc;

	format = root->kind == N_MAP ? get(root, "format") : NULL;
	if (format == NULL || format->kind != N_SCALAR ||
	    strcmp(format->text, "cairn-result/1") != 0)
		return fail(err, errlen, "not a cairn result file (no "
			    "\"format: cairn-result/1\")");
	status = get(root, "status");
	if (status == NULL || status->kind != N_SCALAR ||
	    (strcmp(status->text, "ok") != 0 &&
	     strcmp(status->text, "error") != 0))
		return fail(err, errlen, "status must be ok or error");
	if (text(root, "source", &r->source) < 0 || r->source == NULL ||
	    text(root, "error", &r->error) < 0 ||
	    text(root, "problem_set", &r->problem_set) < 0 ||
	    text(root, "submitter", &r->submitter) < 0)
		return fail(err, errlen, "source, error, problem_set and "
			    "submitter must be scalars, and source is required");
	if ((rc = yaml_origin(r, root, err, errlen)) < 0)
		return rc;
	if (strcmp(status->text, "error") == 0 && r->error == NULL)
		r->error = cairn_xstrdup("status: error");
	if (strcmp(status->text, "ok") == 0 && r->error != NULL)
		return fail(err, errlen, "status: ok with an error");
	puzzles = get(root, "puzzles");
	if (puzzles != NULL && puzzles->kind != N_SEQ)
		return fail(err, errlen, "puzzles is not a sequence");
	for (i = 0; puzzles != NULL && i < puzzles->n; i++)
		if ((rc = yaml_puzzle(r, puzzles->kids[i], i, err, errlen)) < 0)
			return rc;
	return yaml_points(r, root, err, errlen);
}

/* ---- CSV ---- */

/*
 * next_record - the next record into cr: 1, 0 at the end, or -EINVAL
 * with the reason in err.  A quote never closed keeps the words this
 * reader has always used, at the line where its record starts.
 */
static int next_record(struct cairn_csv_rec *cr, char *err, size_t errlen)
{
	int rc = cairn_csv_rec_next(cr);

	if (rc >= 0)
		return rc;
	if (cr->unclosed)
		return fail(err, errlen, "line %lu: a quoted field is not "
			    "closed", cr->start);
	return fail(err, errlen, "%s", cr->error);
}

/* unprotect - undo the writer's formula guard: "'=x" was "=x" */
static char *unprotect(const char *s)
{
	if (s[0] == '\'' && cairn_result_csv_guarded(s + 1))
		s++;
	return s[0] ? cairn_xstrdup(s) : NULL;
}

static int column(const struct cairn_csv_rec *hdr, const char *name)
{
	size_t i, len = strlen(name);

	for (i = 0; i < hdr->nf; i++)
		if (hdr->f[i].len == len && memcmp(hdr->f[i].s, name, len) == 0)
			return (int)i;
	return -1;
}

/* csv_source - hw1.result.csv, and hw1.result.2.csv kept in history/, give hw1.csv */
static char *csv_source(const char *name)
{
	const char *base = strrchr(name, '/') ? strrchr(name, '/') + 1 : name;
	const char *r = strstr(base, ".result."), *k;

	if (r == NULL)
		return cairn_xstrdup(base);
	for (k = r + 8; *k >= '0' && *k <= '9'; k++)
		;
	if (k > r + 8 && *k == '.')
		return cairn_xasprintf("%.*s%s", (int)(r - base), base, k);
	return cairn_xasprintf("%.*s%s", (int)(r - base), base, r + 7);
}

enum { C_ID, C_LINE, C_VERDICT, C_FEEDBACK, C_ERROR, C_SUBMITTER,
       C_PROBLEM_SET, C_POINTS, C_MAX_POINTS, C_ALICE, C_BOB, C_DIFF,
       C_FIRST_MOVE, C_MOVES, C_OWNER, C_RECEIVED, C_LATE_BY,
       C_LATE_PENALTY, C_N };
#define C_REQUIRED C_SUBMITTER		/* the columns before it */

/* csv_points - add one record's points (before the penalty) to the submission's */
static int csv_points(struct cairn_result_file *r, const char *points,
		      const char *max_points)
{
	uint64_t p, m;

	if (points[0] == '\0' && max_points[0] == '\0')
		return 0;
	if (count(points, &p) < 0 || count(max_points, &m) < 0 || p > m ||
	    r->max_points + m < m || r->max_points + m > MAX_POINTS_E4)
		return -1;
	r->weighted = 1;
	r->points_e4 += p;
	r->max_points += m;
	return 0;
}

/*
 * cells - the record's field in each column, "" when it has none, as C
 * strings in b: the fields cairn_csv_rec gives are not terminated
 */
static void cells(const struct cairn_csv_rec *cr, const int *col,
		  struct cairn_buf *b, const char *f[C_N])
{
	size_t off[C_N];
	int i;

	cairn_buf_reset(b);
	for (i = 0; i < C_N; i++) {
		off[i] = b->len;
		if (col[i] >= 0 && (size_t)col[i] < cr->nf)
			cairn_buf_add(b, cr->f[col[i]].s, cr->f[col[i]].len);
		cairn_buf_addc(b, '\0');
	}
	for (i = 0; i < C_N; i++)	/* now that b no longer moves */
		f[i] = b->data + off[i];
}

static int csv_row(struct cairn_result_file *r, const struct cairn_csv_rec *cr,
		   const int *col, struct cairn_buf *b, char *err,
		   size_t errlen)
{
	struct cairn_result_puzzle *p;
	const char *f[C_N];
	int v, rc;

	cells(cr, col, b, f);
	if (r->submitter == NULL)
		r->submitter = unprotect(f[C_SUBMITTER]);
	if (r->problem_set == NULL)
		r->problem_set = unprotect(f[C_PROBLEM_SET]);
	if (r->owner == NULL)
		r->owner = unprotect(f[C_OWNER]);
	if (r->late_by == NULL && (r->late_by = unprotect(f[C_LATE_BY])) != NULL &&
	    ((r->late_penalty = unprotect(f[C_LATE_PENALTY])) == NULL ||
	     penalty(r) < 0))
		return fail(err, errlen, "line %lu: late_penalty must be a "
			    "number from 0 to 1 where late_by is set", cr->start);
	if (r->received == NULL) {
		char where[32];

		r->received = unprotect(f[C_RECEIVED]);
		snprintf(where, sizeof where, "line %lu: ", cr->start);
		if ((rc = received(r, where, err, errlen)) < 0)
			return rc;
	}
	if (f[C_ID][0] == '\0') {
		if (r->error == NULL)
			r->error = unprotect(f[C_ERROR]);
		if (r->error == NULL)
			return fail(err, errlen, "line %lu: a record without "
				    "id or error", cr->start);
		return 0;
	}
	if ((v = verdict_of(f[C_VERDICT])) < 0)
		return fail(err, errlen, "line %lu: unknown verdict",
			    cr->start);
	if ((rc = csv_points(r, f[C_POINTS], f[C_MAX_POINTS])) < 0)
		return fail(err, errlen, "line %lu: points and max_points "
			    "must both be non-negative integers or both empty",
			    cr->start);
	p = add_puzzle(r);
	p->id = unprotect(f[C_ID]);
	p->verdict = (enum cairn_verdict)v;
	p->feedback = unprotect(f[C_FEEDBACK]);
	p->error = unprotect(f[C_ERROR]);
	optimal(p, f[C_ALICE], f[C_BOB], f[C_DIFF], f[C_FIRST_MOVE],
		f[C_MOVES]);
	return 0;
}

/* utf8_ok - 0, or -EINVAL: NUL and invalid UTF-8 are errors at their place */
static int utf8_ok(const char *p, size_t len, char *err, size_t errlen)
{
	unsigned long line = 1, col;
	size_t bad;
	int nul;

	if ((bad = cairn_utf8_bad(p, len, &nul)) == len)
		return 0;
	cairn_utf8_place(p, bad, &line, &col);
	return fail(err, errlen, "line %lu, column %lu: %s", line, col,
		    cairn_utf8_why(nul));
}

/* header - the column of each name in the header record (-1: absent) */
static int header(struct cairn_csv_rec *cr, int *col, char *err,
		  size_t errlen)
{
	static const char *const names[C_N] = {
		"id", "line", "verdict", "feedback", "error", "submitter",
		"problem_set", "points", "max_points", "alice", "bob", "diff",
		"first_move", "moves", "owner", "received", "late_by",
		"late_penalty",
	};
	int i, rc = next_record(cr, err, errlen);

	for (i = 0; rc > 0 && i < C_N; i++)
		if ((col[i] = column(cr, names[i])) < 0 && i < C_REQUIRED)
			rc = 0;
	if (rc <= 0)
		return fail(err, errlen, "not a cairn result file (the header "
			    "needs the columns id, line, verdict, feedback and "
			    "error)");
	return 0;
}

/*
 * csv_result - every line is a record (a row may start with a default id
 * such as #1, so no line is a comment); a blank line, or one of a single
 * empty field, holds nothing
 */
static int csv_result(struct cairn_result_file *r, const char *name,
		      const char *data, size_t len, char *err, size_t errlen)
{
	struct cairn_csv_rec cr;
	struct cairn_buf b = CAIRN_BUF_INIT;
	int col[C_N], rc;

	if (len >= 3 && memcmp(data, "\xef\xbb\xbf", 3) == 0) {
		data += 3;
		len -= 3;
	}
	if ((rc = utf8_ok(data, len, err, errlen)) < 0)
		return rc;
	cairn_csv_rec_init(&cr, data, len, CAIRN_CSV_REC_NO_COMMENTS |
			   CAIRN_CSV_REC_KEEP_BLANK);
	rc = header(&cr, col, err, errlen);
	r->source = csv_source(name);
	while (rc >= 0 && (rc = next_record(&cr, err, errlen)) > 0)
		if (!(cr.nf == 1 && cr.f[0].len == 0))
			rc = csv_row(r, &cr, col, &b, err, errlen);
	/* Summed before the penalty: now in 1/10000, less it. */
	r->points_e4 *= 10000u - r->penalty_bp;
	cairn_buf_free(&b);
	cairn_csv_rec_free(&cr);
	return rc < 0 ? rc : 0;
}

/* ---- both ---- */

static int is_csv(const char *name)
{
	size_t len = strlen(name);

	return len >= 4 && strcmp(name + len - 4, ".csv") == 0;
}

int cairn_result_read(struct cairn_result_file *r, const char *name,
		      const char *data, size_t len, char *err, size_t errlen)
{
	struct node *root;
	int rc;

	memset(r, 0, sizeof *r);
	err[0] = '\0';
	if (is_csv(name)) {
		rc = csv_result(r, name, data, len, err, errlen);
	} else if ((rc = parse_tree(data, len, &root, err, errlen)) == 0) {
		rc = yaml_result(r, root, err, errlen);
		node_free(root);
	}
	if (rc < 0) {
		cairn_result_file_free(r);
		memset(r, 0, sizeof *r);
	}
	r->refused = cairn_result_refusal(r->error);
	return rc;
}

int cairn_result_refusal(const char *error)
{
	if (error == NULL)
		return CAIRN_REFUSED_NONE;
	if (strncmp(error, CAIRN_REFUSED_CLOSED_TEXT, strlen(CAIRN_REFUSED_CLOSED_TEXT)) == 0)
		return CAIRN_REFUSED_CLOSED;
	if (strncmp(error, CAIRN_REFUSED_LIMIT_TEXT, strlen(CAIRN_REFUSED_LIMIT_TEXT)) == 0)
		return CAIRN_REFUSED_LIMIT;
	return CAIRN_REFUSED_NONE;
}

const char *cairn_result_refusal_name(int refused)
{
	return refused == CAIRN_REFUSED_CLOSED ? "closed" :
	       refused == CAIRN_REFUSED_LIMIT ? "limit" : NULL;
}

void cairn_result_file_free(struct cairn_result_file *r)
{
	size_t i;

	for (i = 0; i < r->npuzzles; i++) {
		free(r->puzzles[i].id);
		free(r->puzzles[i].feedback);
		free(r->puzzles[i].error);
		free(r->puzzles[i].moves);
		free(r->puzzles[i].answer);
	}
	free(r->puzzles);
	free(r->source);
	free(r->problem_set);
	free(r->submitter);
	free(r->error);
	free(r->owner);
	free(r->received);
	free(r->late_by);
	free(r->late_penalty);
	memset(r, 0, sizeof *r);
}

void cairn_result_tally(const struct cairn_result_file *r,
			struct cairn_stats *st)
{
	const struct cairn_result_puzzle *p;
	size_t i;

	memset(st, 0, sizeof *st);
	st->file_error = r->error != NULL;
	st->refused = r->refused;
	for (i = 0; i < r->npuzzles; i++) {
		p = &r->puzzles[i];
		cairn_stats_count(st, p->error != NULL, p->solved, p->verdict);
	}
}
