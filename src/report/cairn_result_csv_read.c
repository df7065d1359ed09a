/*
 * cairn_result_csv_read - the CSV result schema, read back.
 *
 * The file is split by the puzzle reader's cairn_csv_rec (RFC 4180; a
 * leading BOM is skipped), with every line a record, since rows start
 * with default ids such as #1; NUL and invalid UTF-8 are refused at
 * their place first.  The header must name the columns id, line,
 * verdict, feedback and error, a record with an empty id is the file
 * error, and the apostrophe the writer puts before formula-like text is
 * removed.  The submitter and problem set come from the columns of those
 * names (the first record that has them; a result written before they
 * existed names neither), and so do the owner, received, late_by and
 * late_penalty; a submission's points are the sums of the points and
 * max_points columns, the earned ones less the penalty (which applies to
 * their sum, not to each record's), and the source is the result file's
 * name without ".result" (hw1.result.csv gives hw1.csv, and so does
 * hw1.result.2.csv, an earlier result kept in history/).  The columns
 * are those of doc/formats.md, "The CSV result".
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "cairn_buf.h"
#include "cairn_csv_rec.h"
#include "cairn_mem.h"
#include "cairn_result_csv.h"
#include "cairn_result_csv_read.h"
#include "cairn_utf8.h"

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
		return cairn_result_file_fail(err, errlen, "line %lu: a quoted "
					      "field is not closed", cr->start);
	return cairn_result_file_fail(err, errlen, "%s", cr->error);
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
	if (cairn_result_file_count(points, &p) < 0 ||
	    cairn_result_file_count(max_points, &m) < 0 || p > m ||
	    r->max_points + m < m ||
	    r->max_points + m > CAIRN_RESULT_FILE_MAX_POINTS_E4)
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
	     cairn_result_file_penalty(r) < 0))
		return cairn_result_file_fail(err, errlen, "line %lu: "
					      "late_penalty must be a number "
					      "from 0 to 1 where late_by is set",
					      cr->start);
	if (r->received == NULL) {
		char where[32];

		r->received = unprotect(f[C_RECEIVED]);
		snprintf(where, sizeof where, "line %lu: ", cr->start);
		if ((rc = cairn_result_file_received(r, where, err, errlen)) < 0)
			return rc;
	}
	if (f[C_ID][0] == '\0') {
		if (r->error == NULL)
			r->error = unprotect(f[C_ERROR]);
		if (r->error == NULL)
			return cairn_result_file_fail(err, errlen, "line %lu: a "
						      "record without id or "
						      "error", cr->start);
		return 0;
	}
	if ((v = cairn_result_file_verdict(f[C_VERDICT])) < 0)
		return cairn_result_file_fail(err, errlen, "line %lu: unknown "
					      "verdict", cr->start);
	if ((rc = csv_points(r, f[C_POINTS], f[C_MAX_POINTS])) < 0)
		return cairn_result_file_fail(err, errlen, "line %lu: points and "
					      "max_points must both be "
					      "non-negative integers or both "
					      "empty", cr->start);
	p = cairn_result_file_puzzle(r);
	p->id = unprotect(f[C_ID]);
	p->verdict = (enum cairn_verdict)v;
	p->feedback = unprotect(f[C_FEEDBACK]);
	p->error = unprotect(f[C_ERROR]);
	cairn_result_file_optimal(p, f[C_ALICE], f[C_BOB], f[C_DIFF],
				  f[C_FIRST_MOVE], f[C_MOVES]);
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
	return cairn_result_file_fail(err, errlen, "line %lu, column %lu: %s",
				      line, col, cairn_utf8_why(nul));
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
		return cairn_result_file_fail(err, errlen, "not a cairn result "
					      "file (the header needs the "
					      "columns id, line, verdict, "
					      "feedback and error)");
	return 0;
}

/*
 * Every line is a record (a row may start with a default id such as #1,
 * so no line is a comment); a blank line, or one of a single empty field,
 * holds nothing.
 */
int cairn_result_csv_read(struct cairn_result_file *r, const char *name,
			  const char *data, size_t len, char *err,
			  size_t errlen)
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
