/*
 * cairn_csv_in - the CSV puzzle file reader (doc/formats.md).
 *
 * The first record decides the shape.  When every field of it is an
 * integer, or some are and none names a column, the file is headerless:
 * each record is the piles of one puzzle.  Otherwise the first record is
 * a header naming columns, and each later record is a puzzle, or with a
 * `problem_set` column an answer of a submission (cairn_csv_head.c; the
 * steps of a record both shapes take are cairn_csv_row.c's).  The
 * headerless path is the fast one: fields are parsed in place into one
 * piles array per record, with no other allocation than the puzzle's
 * default id.  Problems with one record are errors of that puzzle (or,
 * in expect_* cells, of its expectation) and the other records are still
 * read; malformed CSV and bad headers are file errors.  Every message
 * starts with "line L, field F:" or, for a whole record, "line L:".
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "cairn_csv_head.h"
#include "cairn_csv_in.h"
#include "cairn_csv_in_int.h"
#include "cairn_csv_row.h"
#include "cairn_mem.h"

#define PUZZLE_ERR CAIRN_VALUE_PUZZLE

static void headerless_row(struct cairn_csv_in *c)
{
	const struct cairn_csv_rec *r = &c->rec;
	size_t idx = c->in->npuzzles, i, max = c->limits->max_piles;
	struct cairn_puzzle *p = cairn_puzzle_input_add(c->in);

	p->line = r->start;
	if (r->nf > max) {
		cairn_csv_row_report_at(c, PUZZLE_ERR, p, max, NULL,
					"more than %zu piles (max_piles)", max);
	} else {
		p->piles = cairn_xmalloc(r->nf * sizeof *p->piles);
		p->n = r->nf;
		for (i = 0; i < r->nf; i++)
			if (cairn_csv_row_pile(c, PUZZLE_ERR, p, i, NULL,
					       r->f[i].s, r->f[i].len,
					       &p->piles[i]) < 0)
				break;
	}
	cairn_csv_row_finish(c, idx, -1);
}

/* fast_row - a headerless record read by cairn_csv_rec_ints() */
static void fast_row(struct cairn_csv_in *c, size_t n)
{
	size_t idx = c->in->npuzzles;
	struct cairn_puzzle *p = cairn_puzzle_input_add(c->in);

	p->line = c->rec.start;
	p->piles = cairn_xmalloc(n * sizeof *p->piles);
	memcpy(p->piles, c->ints, n * sizeof *p->piles);
	p->n = n;
	cairn_csv_row_finish(c, idx, -1);
}

/*
 * long_row - a headerless record of more than max_piles fields (the fast
 * path saw them), refused while its fields are read but not kept: a huge
 * record costs no more memory than a short one
 */
static int long_row(struct cairn_csv_in *c)
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
	p = cairn_puzzle_input_add(c->in);
	p->line = c->rec.start;
	cairn_csv_row_report(c, PUZZLE_ERR, p, c->rec.start, max + 1,
			     "more than %zu piles (max_piles)", max);
	cairn_csv_row_finish(c, idx, -1);
	return 1;
}

/*
 * records - every record after the first (and the first too, for a
 * headerless file whose first row the fast path did not take); 0, or -1
 * after a file error
 */
static int records(struct cairn_csv_in *c, int headerless, int first_taken)
{
	size_t n;
	int rc;

	if (!headerless)
		return cairn_csv_head_records(c);
	if (!first_taken)
		headerless_row(c);
	for (;;) {
		if (cairn_csv_row_stopped(c))
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

void cairn_csv_in_read(struct cairn_input *in, const char *data, size_t len,
		       const struct cairn_limits *limits)
{
	struct cairn_csv_in c;
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
	c.rec.keep = limits->max_piles < CAIRN_CSV_IN_NCOLS ?
		     CAIRN_CSV_IN_NCOLS + 1 : limits->max_piles + 1;
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
		int headerless = !cairn_csv_head_is(&c.rec);

		if (headerless)
			in->shape = CAIRN_SHAPE_PUZZLES;
		rc = records(&c, headerless, 0);
	}
	if (rc < 0 && c.rec.error != NULL) {
		cairn_puzzle_input_fail(in, c.rec.error_line, c.rec.error);
		c.rec.error = NULL;
	}
	if (in->error == NULL)
		cairn_csv_head_end(&c);
	cairn_csv_rec_free(&c.rec);
	cairn_value_ids_free(&c.ids);
	free(c.col);
	free(c.ints);
	cairn_value_end(in);
}
