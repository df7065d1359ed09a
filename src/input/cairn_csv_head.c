/*
 * cairn_csv_head - CSV files whose first record names columns.
 *
 * Each record after the header is a puzzle, or, with a `problem_set`
 * column, an answer of a submission (doc/formats.md, "A header with
 * columns" and "A submission in CSV").  A cell is copied at most once,
 * and not at all when it would not fit in what memory_budget leaves (the
 * reading stops there).  A record with another number of fields than
 * the header is an error of its puzzle, which keeps its id when it has
 * one, to say which puzzle it is; the problem set and the submitter are
 * named by the first well-formed answer row and may only be repeated
 * after it.  An unknown or duplicate column, a column the shape does not
 * allow and a missing one are file errors, as is a submission no row
 * names the set of.
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cairn_buf.h"
#include "cairn_csv_head.h"
#include "cairn_csv_row.h"
#include "cairn_int.h"
#include "cairn_mem.h"
#include "cairn_yaml.h"

enum column {
	C_ID, C_PILES, C_SOLVER, C_MOVES, C_PROBLEM_SET, C_SUBMITTER,
	C_EXPECT,			/* + enum cairn_expect_key */
	C_NCOLS = C_EXPECT + CAIRN_EXPECT_NKEYS
};

static const char *const col_names[C_NCOLS] = {
	[C_ID] = "id",
	[C_PILES] = "piles",
	[C_SOLVER] = "solver",
	[C_MOVES] = "moves",
	[C_PROBLEM_SET] = "problem_set",
	[C_SUBMITTER] = "submitter",
	[C_EXPECT + CAIRN_EXPECT_ALICE_WINS] = "expect_alice_wins",
	[C_EXPECT + CAIRN_EXPECT_WINNER] = "expect_winner",
	[C_EXPECT + CAIRN_EXPECT_ALICE] = "expect_alice",
	[C_EXPECT + CAIRN_EXPECT_BOB] = "expect_bob",
	[C_EXPECT + CAIRN_EXPECT_DIFF] = "expect_diff",
	[C_EXPECT + CAIRN_EXPECT_FIRST_MOVE] = "expect_first_move",
	[C_EXPECT + CAIRN_EXPECT_MOVES] = "expect_moves",
};

_Static_assert(C_NCOLS == CAIRN_CSV_IN_NCOLS, "the columns of a header");

#define FILE_ERR CAIRN_VALUE_FILE
#define PUZZLE_ERR CAIRN_VALUE_PUZZLE
#define EXPECT_ERR CAIRN_VALUE_EXPECT

static char *quote(const char *s, size_t len)
{
	struct cairn_buf b = CAIRN_BUF_INIT;

	cairn_yaml_quote(&b, s, len, CAIRN_YAML_QUOTE_MAX,
			 CAIRN_YAML_ESCAPE_MESSAGE);
	return cairn_buf_steal(&b);
}

static int column(const struct cairn_csv_field *f)
{
	int k;

	for (k = 0; k < C_NCOLS; k++)
		if (strlen(col_names[k]) == f->len &&
		    memcmp(col_names[k], f->s, f->len) == 0)
			return k;
	return -1;
}

static int is_sep(char ch)
{
	return ch == ' ' || ch == ';' || ch == '\t' || ch == '\n' || ch == '\r';
}

/*
 * piles_cell - a `piles` cell: integers separated by spaces or ';' (or
 * any white space, as a quoted cell may span lines); 0, or -1 after
 * reporting to `sink` why not
 */
static int piles_cell(struct cairn_csv_in *c, enum cairn_value_sink sink,
		      struct cairn_puzzle *p, size_t i)
{
	const struct cairn_csv_field *f = &c->rec.f[i];
	const char *s = f->s, *end = s + f->len, *t;
	size_t cap = 0, max = c->limits->max_piles;
	int64_t v;

	for (; s < end; s = t) {
		if (is_sep(*s)) {
			t = s + 1;
			continue;
		}
		for (t = s; t < end && !is_sep(*t); t++)
			;
		if (p->n == max) {
			cairn_csv_row_report_at(c, sink, p, i, "piles",
						"more than %zu piles "
						"(max_piles)", max);
			return -1;
		}
		if (cairn_csv_row_pile(c, sink, p, i, "piles", s,
				       (size_t)(t - s), &v) < 0)
			return -1;
		p->piles = cairn_xgrow(p->piles, &cap, p->n + 1,
				       sizeof *p->piles);
		p->piles[p->n++] = v;
	}
	return 0;
}

/*
 * answer_piles - a submission may repeat its set's piles, which grading
 * compares (cairn_problems_merge.c); piles that cannot be read are no
 * piles, and the answer is invalid
 */
static void answer_piles(struct cairn_csv_in *c, struct cairn_puzzle *p,
			 size_t i)
{
	if (piles_cell(c, EXPECT_ERR, p, i) == 0)
		return;
	free(p->piles);
	p->piles = NULL;
	p->n = 0;
}

/* cell - the value of field i of a row, when it is not empty */
static void cell(struct cairn_csv_in *c, struct cairn_puzzle *p, size_t i)
{
	const struct cairn_csv_field *f = &c->rec.f[i];
	int col = c->col[i];
	union cairn_value v;
	char *why;

	/* A cell is copied at most once: a huge one is refused unread. */
	if (!cairn_puzzle_input_fits(c->in, f->len))
		return;
	switch (col) {
	case C_ID:
		p->id = cairn_xstrndup(f->s, f->len);
		return;
	case C_PILES:
		if (!c->submission)
			piles_cell(c, PUZZLE_ERR, p, i);
		else
			answer_piles(c, p, i);
		return;
	case C_SOLVER:
		p->solver = cairn_xstrndup(f->s, f->len);
		return;
	case C_MOVES:
		why = cairn_value_parse(CAIRN_VALUE_BOOL, f->s, f->len,
					&v);
		if (why != NULL)
			cairn_csv_row_report_why(c, PUZZLE_ERR, p, i, "moves",
						 why);
		else
			p->moves = v.b;
		return;
	case C_PROBLEM_SET:
	case C_SUBMITTER:
		return;
	}
	p->expect.present = 1;
	why = cairn_value_expect(&p->expect, col - C_EXPECT, f->s, f->len);
	if (why != NULL)
		cairn_csv_row_report_why(c, EXPECT_ERR, p, i, col_names[col],
					 why);
}

/*
 * same - a submission's problem_set or submitter: the first answer row
 * gives it, later rows leave the cell empty or repeat it.
 */
static int same(struct cairn_csv_in *c, int col, char **dst)
{
	const struct cairn_csv_field *f;
	char *a, *b;
	int i = c->where[col], rc;

	if (i < 0)
		return 0;
	f = &c->rec.f[i];
	if (!c->have_first) {
		if (f->len > 0)
			*dst = cairn_xstrndup(f->s, f->len);
		else if (col == C_PROBLEM_SET)
			return cairn_csv_row_report_at(c, FILE_ERR, NULL,
						       (size_t)i,
						       col_names[col],
						       "expected a non-empty "
						       "string");
		return 0;
	}
	if (f->len == 0 || (*dst != NULL && strlen(*dst) == f->len &&
			    memcmp(*dst, f->s, f->len) == 0))
		return 0;
	a = quote(f->s, f->len);
	b = quote(*dst ? *dst : "", *dst ? strlen(*dst) : 0);
	rc = cairn_csv_row_report_at(c, FILE_ERR, NULL, (size_t)i,
				     col_names[col], "%s differs from %s on "
				     "line %lu", a, b, c->first_line);
	free(a);
	free(b);
	return rc;
}

static int row(struct cairn_csv_in *c)
{
	const struct cairn_csv_rec *r = &c->rec;
	size_t idx = c->in->npuzzles, i;
	int idf = c->where[C_ID];
	struct cairn_puzzle *p;

	if (r->nf == c->ncols && c->submission) {
		if (same(c, C_PROBLEM_SET, &c->in->problem_set) < 0 ||
		    same(c, C_SUBMITTER, &c->in->submitter) < 0)
			return -1;
		if (!c->have_first)
			c->first_line = r->start;
		c->have_first = 1;
	}
	p = cairn_puzzle_input_add(c->in);
	p->line = r->start;
	p->expect.present = c->submission;
	if (r->nf != c->ncols) {
		cairn_csv_row_report(c, PUZZLE_ERR, p, r->start, 0,
				     "%zu field%s, the header has %zu", r->nf,
				     r->nf == 1 ? "" : "s", c->ncols);
		/* Keep the id when there is one, to say which puzzle it is. */
		if (idf >= 0 && (size_t)idf < r->nf && r->f[idf].len > 0)
			cell(c, p, (size_t)idf);
		cairn_csv_row_finish(c, idx, idf);
		return 0;
	}
	for (i = 0; i < r->nf; i++)
		if (r->f[i].len > 0)
			cell(c, p, i);
	if (!c->submission && p->n == 0)
		cairn_csv_row_report_at(c, PUZZLE_ERR, p,
					(size_t)c->where[C_PILES], "piles",
					"expected at least one pile");
	/* An answer is matched to its puzzle by id. */
	if (c->submission && p->id == NULL)
		cairn_csv_row_report_at(c, PUZZLE_ERR, p, (size_t)idf, "id",
					"expected a non-empty string");
	cairn_csv_row_finish(c, idx, idf);
	return 0;
}

/* kept - how many of the record's fields r->f holds (see r->keep) */
static size_t kept(const struct cairn_csv_rec *r)
{
	return r->keep != 0 && r->nf > r->keep ? r->keep : r->nf;
}

int cairn_csv_head_is(const struct cairn_csv_rec *r)
{
	size_t i, ints = 0, names = 0;
	int64_t v;

	/* Fields past r->keep are not kept; such a record is refused. */
	for (i = 0; i < kept(r); i++) {
		if (cairn_int_parse_i64(r->f[i].s, r->f[i].len, &v) != -EINVAL)
			ints++;
		else if (column(&r->f[i]) >= 0)
			names++;
	}
	return !(ints == r->nf || (ints > 0 && names == 0));
}

/* needs - the columns a header must or must not have for its shape */
static int needs(struct cairn_csv_in *c)
{
	static const int not_in_submission[] = { C_SOLVER, C_MOVES };
	size_t k;
	int i;

	if (!c->submission) {
		if (c->where[C_PILES] < 0)
			return cairn_csv_row_report(c, FILE_ERR, NULL,
						    c->header_line, 0,
						    "no \"piles\" column");
		i = c->where[C_SUBMITTER];
		if (i < 0)
			return 0;
		return cairn_csv_row_report_at(c, FILE_ERR, NULL, (size_t)i,
					       NULL, "column \"submitter\" "
					       "needs a \"problem_set\" "
					       "column");
	}
	if (c->where[C_ID] < 0)
		return cairn_csv_row_report(c, FILE_ERR, NULL, c->header_line,
					    0, "no \"id\" column");
	for (k = 0; k < sizeof not_in_submission / sizeof(int); k++) {
		i = c->where[not_in_submission[k]];
		if (i < 0)
			continue;
		return cairn_csv_row_report_at(c, FILE_ERR, NULL, (size_t)i,
					       NULL, "column \"%s\" is not "
					       "allowed in a submission",
					       col_names[not_in_submission[k]]);
	}
	return 0;
}

static int header(struct cairn_csv_in *c)
{
	const struct cairn_csv_rec *r = &c->rec;
	const char *what;
	char *q;
	size_t i;
	int col, rc;

	c->header_line = r->start;
	c->ncols = r->nf;
	/* More than C_NCOLS fields hold an unknown or duplicate one among
	 * the first C_NCOLS + 1, all kept (see r->keep). */
	c->col = cairn_xcalloc(kept(r), sizeof *c->col);
	for (col = 0; col < C_NCOLS; col++)
		c->where[col] = -1;
	for (i = 0; i < r->nf; i++) {
		col = column(&r->f[i]);
		if (col >= 0 && c->where[col] < 0) {
			c->where[col] = (int)i;
			c->col[i] = col;
			continue;
		}
		what = col < 0 ? "unknown" : "duplicate";
		q = quote(r->f[i].s, r->f[i].len);
		rc = cairn_csv_row_report_at(c, FILE_ERR, NULL, i, NULL,
					     "%s column %s", what, q);
		free(q);
		return rc;
	}
	c->submission = c->where[C_PROBLEM_SET] >= 0;
	c->in->shape = c->submission ? CAIRN_SHAPE_SUBMISSION :
		       CAIRN_SHAPE_PUZZLES;
	return needs(c);
}

int cairn_csv_head_records(struct cairn_csv_in *c)
{
	int rc;

	if (header(c) < 0)
		return -1;
	while ((rc = cairn_csv_rec_next(&c->rec)) > 0)
		if (row(c) < 0 || cairn_csv_row_stopped(c))
			return -1;
	return rc;
}

void cairn_csv_head_end(struct cairn_csv_in *c)
{
	if (!c->submission || c->have_first)
		return;
	/* Without a well-formed answer there is no problem set. */
	if (c->in->npuzzles == 0)
		c->in->shape = CAIRN_SHAPE_NONE;
	else
		cairn_csv_row_report(c, FILE_ERR, NULL, c->header_line, 0,
				     "no row names the problem set");
}
