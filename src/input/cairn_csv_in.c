/*
 * cairn_csv_in - the CSV puzzle file reader (SPEC section 2).
 *
 * The first record decides the shape.  When every field of it is an
 * integer, or some are and none names a column, the file is headerless:
 * each record is the piles of one puzzle.  Otherwise the first record is
 * a header naming columns, and each later record is a puzzle, or with a
 * `problem_set` column an answer of a submission.  The headerless path is
 * the fast one: fields are parsed in place into one piles array per
 * record, with no other allocation than the puzzle's default id.
 * Problems with one record are errors of that puzzle (or, in expect_*
 * cells, of its expectation) and the other records are still read;
 * malformed CSV and bad headers are file errors.  Every message starts
 * with "line L, field F:" or, for a whole record, "line L:".
 */
#include "config.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cairn_buf.h"
#include "cairn_csv_in.h"
#include "cairn_csv_rec.h"
#include "cairn_int.h"
#include "cairn_mem.h"
#include "cairn_value.h"
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

struct csv {
	struct cairn_input *in;
	const struct cairn_limits *limits;
	struct cairn_csv_rec rec;
	struct cairn_value_ids ids;
	unsigned long header_line;
	size_t ncols;			/* fields in the header */
	int *col;			/* enum column of each header field */
	int where[C_NCOLS];		/* header field of each column, or -1 */
	int submission;
	int have_first;			/* a well-formed answer row was read */
	unsigned long first_line;	/* ... on this line */
	int64_t *ints;			/* the fast path's piles */
	size_t icap;
	size_t len;			/* bytes in the file */
};

#define FILE_ERR CAIRN_VALUE_FILE
#define PUZZLE_ERR CAIRN_VALUE_PUZZLE
#define EXPECT_ERR CAIRN_VALUE_EXPECT

/* report - "line L, field F: MESSAGE" (field 0: "line L: MESSAGE") */
__attribute__((format(printf, 6, 7)))
static int report(struct csv *c, enum cairn_value_sink sink,
		  struct cairn_puzzle *p, unsigned long line, size_t field,
		  const char *fmt, ...)
{
	struct cairn_buf b = CAIRN_BUF_INIT;
	va_list ap;

	cairn_buf_addf(&b, "line %lu", line);
	if (field > 0)
		cairn_buf_addf(&b, ", field %zu", field);
	cairn_buf_adds(&b, ": ");
	va_start(ap, fmt);
	cairn_buf_vaddf(&b, fmt, ap);
	va_end(ap);
	return cairn_value_report(c->in, sink, p, line,
				  cairn_buf_steal(&b));
}

/* report_at - a message about field i of the record, "NAME: " before it */
__attribute__((format(printf, 6, 7)))
static int report_at(struct csv *c, enum cairn_value_sink sink,
		     struct cairn_puzzle *p, size_t i, const char *name,
		     const char *fmt, ...)
{
	struct cairn_buf b = CAIRN_BUF_INIT;
	va_list ap;
	int rc;

	if (name != NULL)
		cairn_buf_addf(&b, "%s: ", name);
	va_start(ap, fmt);
	cairn_buf_vaddf(&b, fmt, ap);
	va_end(ap);
	rc = report(c, sink, p, c->rec.f[i].line, i + 1, "%s", b.data);
	cairn_buf_free(&b);
	return rc;
}

/* report_why - report_at() with a reason from cairn_value (freed) */
static int report_why(struct csv *c, enum cairn_value_sink sink,
		      struct cairn_puzzle *p, size_t i, const char *name,
		      char *why)
{
	int rc = report_at(c, sink, p, i, name, "%s", why);

	free(why);
	return rc;
}

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

/*
 * finish - default id and duplicate check; field idf holds the id, or -1.
 * A submission's answers to one id are no error here: grading says which
 * one counts (cairn_problems_merge.c).
 */
static void finish(struct csv *c, size_t idx, int idf)
{
	struct cairn_puzzle *p = &c->in->puzzles[idx];
	int given = p->id != NULL;
	char *why = NULL;

	if (c->submission)
		cairn_value_default_id(c->in, idx);
	else
		why = cairn_value_id(&c->ids, c->in, idx);

	if (why != NULL && given) {
		report_why(c, PUZZLE_ERR, p, (size_t)idf, "id", why);
	} else if (why != NULL) {
		/* A default id has no cell of its own: blame the record. */
		report(c, PUZZLE_ERR, p, p->line, 0, "%s", why);
		free(why);
	}
	if (p->error != NULL) {
		free(p->piles);
		p->piles = NULL;
		p->n = 0;
	}
}

/* pile - parse pile text s[0..len) of field i, or report why not */
static int pile(struct csv *c, enum cairn_value_sink sink,
		struct cairn_puzzle *p, size_t i, const char *name,
		const char *s, size_t len, int64_t *v)
{
	union cairn_value u;

	if (cairn_parse_i64(s, len, v) == 0)
		return 0;
	report_why(c, sink, p, i,
		   name, cairn_value_parse(CAIRN_VALUE_INT, s, len, &u));
	return -1;
}

static void headerless_row(struct csv *c)
{
	const struct cairn_csv_rec *r = &c->rec;
	size_t idx = c->in->npuzzles, i, max = c->limits->max_piles;
	struct cairn_puzzle *p = cairn_input_add(c->in);

	p->line = r->start;
	if (r->nf > max) {
		report_at(c, PUZZLE_ERR, p, max, NULL,
			  "more than %zu piles (max_piles)", max);
	} else {
		p->piles = cairn_xmalloc(r->nf * sizeof *p->piles);
		p->n = r->nf;
		for (i = 0; i < r->nf; i++)
			if (pile(c, PUZZLE_ERR, p, i, NULL, r->f[i].s,
				 r->f[i].len, &p->piles[i]) < 0)
				break;
	}
	finish(c, idx, -1);
}

/* fast_row - a headerless record read by cairn_csv_rec_ints() */
static void fast_row(struct csv *c, size_t n)
{
	size_t idx = c->in->npuzzles;
	struct cairn_puzzle *p = cairn_input_add(c->in);

	p->line = c->rec.start;
	p->piles = cairn_xmalloc(n * sizeof *p->piles);
	memcpy(p->piles, c->ints, n * sizeof *p->piles);
	p->n = n;
	finish(c, idx, -1);
}

/*
 * long_row - a headerless record of more than max_piles fields (the fast
 * path saw them), refused while its fields are read but not kept: a huge
 * record costs no more memory than a short one
 */
static int long_row(struct csv *c)
{
	size_t idx = c->in->npuzzles, max = c->limits->max_piles;
	size_t keep = c->rec.keep;
	struct cairn_puzzle *p;
	int rc;

	c->rec.keep = 1;
	rc = cairn_csv_rec_next(&c->rec);
	c->rec.keep = keep;
	if (rc <= 0)
		return rc;
	p = cairn_input_add(c->in);
	p->line = c->rec.start;
	report(c, PUZZLE_ERR, p, c->rec.start, max + 1,
	       "more than %zu piles (max_piles)", max);
	finish(c, idx, -1);
	return 1;
}

/* stopped - whether a limit of the whole file stops the reading here */
static int stopped(struct csv *c)
{
	size_t left = (size_t)(c->rec.end - c->rec.p);

	return cairn_input_stopped(c->in, c->len - left, c->len);
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
static int piles_cell(struct csv *c, enum cairn_value_sink sink,
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
			report_at(c, sink, p, i, "piles",
				  "more than %zu piles (max_piles)", max);
			return -1;
		}
		if (pile(c, sink, p, i, "piles", s, (size_t)(t - s), &v) < 0)
			return -1;
		p->piles = cairn_xgrow(p->piles, &cap, p->n + 1,
				       sizeof *p->piles);
		p->piles[p->n++] = v;
	}
	return 0;
}

/*
 * answer_piles - a submission may repeat its set's piles, which grading
 * compares (cairn_problems_merge.c); piles that cannot be read are no piles,
 * and the answer is invalid
 */
static void answer_piles(struct csv *c, struct cairn_puzzle *p, size_t i)
{
	if (piles_cell(c, EXPECT_ERR, p, i) == 0)
		return;
	free(p->piles);
	p->piles = NULL;
	p->n = 0;
}

/* cell - the value of field i of a row, when it is not empty */
static void cell(struct csv *c, struct cairn_puzzle *p, size_t i)
{
	const struct cairn_csv_field *f = &c->rec.f[i];
	int col = c->col[i];
	union cairn_value v;
	char *why;

	/* A cell is copied at most once: a huge one is refused unread. */
	if (!cairn_input_fits(c->in, f->len))
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
			report_why(c, PUZZLE_ERR, p, i, "moves", why);
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
		report_why(c, EXPECT_ERR, p, i, col_names[col], why);
}

/*
 * same - a submission's problem_set or submitter: the first answer row
 * gives it, later rows leave the cell empty or repeat it.
 */
static int same(struct csv *c, int col, char **dst)
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
			return report_at(c, FILE_ERR, NULL, (size_t)i,
					 col_names[col],
					 "expected a non-empty string");
		return 0;
	}
	if (f->len == 0 || (*dst != NULL && strlen(*dst) == f->len &&
			    memcmp(*dst, f->s, f->len) == 0))
		return 0;
	a = quote(f->s, f->len);
	b = quote(*dst ? *dst : "", *dst ? strlen(*dst) : 0);
	rc = report_at(c, FILE_ERR, NULL, (size_t)i, col_names[col],
		       "%s differs from %s on line %lu", a, b, c->first_line);
	free(a);
	free(b);
	return rc;
}

static int row(struct csv *c)
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
	p = cairn_input_add(c->in);
	p->line = r->start;
	p->expect.present = c->submission;
	if (r->nf != c->ncols) {
		report(c, PUZZLE_ERR, p, r->start, 0,
		       "%zu field%s, the header has %zu", r->nf,
		       r->nf == 1 ? "" : "s", c->ncols);
		/* Keep the id when there is one, to say which puzzle it is. */
		if (idf >= 0 && (size_t)idf < r->nf && r->f[idf].len > 0)
			cell(c, p, (size_t)idf);
		finish(c, idx, idf);
		return 0;
	}
	for (i = 0; i < r->nf; i++)
		if (r->f[i].len > 0)
			cell(c, p, i);
	if (!c->submission && p->n == 0)
		report_at(c, PUZZLE_ERR, p, (size_t)c->where[C_PILES], "piles",
			  "expected at least one pile");
	/* An answer is matched to its puzzle by id. */
	if (c->submission && p->id == NULL)
		report_at(c, PUZZLE_ERR, p, (size_t)idf, "id", "expected a "
			  "non-empty string");
	finish(c, idx, idf);
	return 0;
}

/* kept - how many of the record's fields r->f holds (see r->keep) */
static size_t kept(const struct cairn_csv_rec *r)
{
	return r->keep != 0 && r->nf > r->keep ? r->keep : r->nf;
}

/* is_header - whether the first record names columns (see the top) */
static int is_header(const struct cairn_csv_rec *r)
{
	size_t i, ints = 0, names = 0;
	int64_t v;

	/* Fields past r->keep are not kept; such a record is refused. */
	for (i = 0; i < kept(r); i++) {
		if (cairn_parse_i64(r->f[i].s, r->f[i].len, &v) != -EINVAL)
			ints++;
		else if (column(&r->f[i]) >= 0)
			names++;
	}
	return !(ints == r->nf || (ints > 0 && names == 0));
}

/* needs - the columns a header must or must not have for its shape */
static int needs(struct csv *c)
{
	static const int not_in_submission[] = { C_SOLVER, C_MOVES };
	size_t k;
	int i;

	if (!c->submission) {
		if (c->where[C_PILES] < 0)
			return report(c, FILE_ERR, NULL, c->header_line, 0,
				      "no \"piles\" column");
		i = c->where[C_SUBMITTER];
		return i < 0 ? 0 : report_at(c, FILE_ERR, NULL, (size_t)i,
					     NULL, "column \"submitter\" needs "
					     "a \"problem_set\" column");
	}
	if (c->where[C_ID] < 0)
		return report(c, FILE_ERR, NULL, c->header_line, 0,
			      "no \"id\" column");
	for (k = 0; k < sizeof not_in_submission / sizeof(int); k++) {
		i = c->where[not_in_submission[k]];
		if (i >= 0)
			return report_at(c, FILE_ERR, NULL, (size_t)i, NULL,
					 "column \"%s\" is not allowed in a "
					 "submission",
					 col_names[not_in_submission[k]]);
	}
	return 0;
}

static int header(struct csv *c)
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
		rc = report_at(c, FILE_ERR, NULL, i, NULL, "%s column %s",
			       what, q);
		free(q);
		return rc;
	}
	c->submission = c->where[C_PROBLEM_SET] >= 0;
	c->in->shape = c->submission ? CAIRN_SHAPE_SUBMISSION :
		       CAIRN_SHAPE_PUZZLES;
	return needs(c);
}

/*
 * records - every record after the first (and the first too, for a
 * headerless file whose first row the fast path did not take); 0, or -1
 * after a file error
 */
static int records(struct csv *c, int headerless, int first_taken)
{
	size_t n;
	int rc;

	if (!headerless) {
		if (header(c) < 0)
			return -1;
		while ((rc = cairn_csv_rec_next(&c->rec)) > 0)
			if (row(c) < 0 || stopped(c))
				return -1;
		return rc;
	}
	if (!first_taken)
		headerless_row(c);
	for (;;) {
		if (stopped(c))
			return -1;
		rc = cairn_csv_rec_ints(&c->rec, &c->ints, &n, &c->icap,
					c->limits->max_piles);
		if (rc == 1) {
			fast_row(c, n);
			continue;
		}
		if (rc == 2) {
			if ((rc = long_row(c)) <= 0)
				return rc;
			continue;
		}
		rc = cairn_csv_rec_next(&c->rec);
		if (rc <= 0)
			return rc;
		headerless_row(c);
	}
}

void cairn_csv_read(struct cairn_input *in, const char *data, size_t len,
		    const struct cairn_limits *limits)
{
	struct csv c;
	size_t n;
	int rc;

	memset(&c, 0, sizeof c);
	c.in = in;
	c.limits = limits;
	if (cairn_value_begin(in, &data, &len, limits) < 0) {
		cairn_value_end(in);
		return;
	}
	c.len = len;
	cairn_csv_rec_init(&c.rec, data, len, 0);
	/* Enough fields for a header or a record of max_piles and the one
	 * after, which is the one refused: the rest are only counted. */
	c.rec.keep = limits->max_piles < C_NCOLS ? C_NCOLS + 1 :
		     limits->max_piles + 1;
	/* A first record of plain integers is headerless: take it fast too,
	 * since a single huge row is the common shape of a large puzzle. */
	rc = cairn_csv_rec_ints(&c.rec, &c.ints, &n, &c.icap,
				limits->max_piles);
	if (rc > 0) {
		in->shape = CAIRN_SHAPE_PUZZLES;
		if (rc == 1)
			fast_row(&c, n);
		else
			rc = long_row(&c);
		if (rc > 0)
			rc = records(&c, 1, 1);
	} else if ((rc = cairn_csv_rec_next(&c.rec)) > 0) {
		int headerless = !is_header(&c.rec);

		if (headerless)
			in->shape = CAIRN_SHAPE_PUZZLES;
		rc = records(&c, headerless, 0);
	}
	if (rc < 0 && c.rec.error != NULL) {
		cairn_input_fail(in, c.rec.error_line, c.rec.error);
		c.rec.error = NULL;
	}
	if (in->error == NULL && c.submission && !c.have_first) {
		/* Without a well-formed answer there is no problem set. */
		if (in->npuzzles == 0)
			in->shape = CAIRN_SHAPE_NONE;
		else
			report(&c, FILE_ERR, NULL, c.header_line, 0,
			       "no row names the problem set");
	}
	cairn_csv_rec_free(&c.rec);
	cairn_value_ids_free(&c.ids);
	free(c.col);
	free(c.ints);
	cairn_value_end(in);
}
